//! The map's gestures by touch: a double tap zooms in about the finger, the zoom buttons
//! step, "whole map" fits the map to the view, and a single tap is never mistaken for a
//! double tap when the taps are apart.

mod common;

use common::*;
use slint::platform::{PointerEventButton, WindowEvent};
use slint::{ComponentHandle, LogicalPosition};
use std::time::Duration;
use ui::View;

#[test]
fn map_double_tap_zoom_buttons_and_whole_map() {
    let (t, _persist) = unity(1280.0, 800.0);
    let w = t.window();
    tap(w, "Set up");
    let zoom = || w.global::<View>().get_zoom();
    let z0 = zoom();

    // A double tap in the middle of the map doubles the zoom.
    let m = find(w, "map").expect("the map");
    let (p, s) = (m.absolute_position(), m.size());
    let position = LogicalPosition::new(p.x + s.width / 2.0, p.y + s.height / 2.0);
    let button = PointerEventButton::Left;
    i_slint_backend_testing::mock_elapsed_time(Duration::from_millis(800));
    w.window()
        .dispatch_event(WindowEvent::PointerMoved { position });
    for _ in 0..2 {
        w.window()
            .dispatch_event(WindowEvent::PointerPressed { position, button });
        i_slint_backend_testing::mock_elapsed_time(Duration::from_millis(40));
        w.window()
            .dispatch_event(WindowEvent::PointerReleased { position, button });
        i_slint_backend_testing::mock_elapsed_time(Duration::from_millis(60));
    }
    settle();
    let z1 = zoom();
    assert!(
        (z1 - (z0 * 2.0).min(4.0)).abs() < 0.01,
        "a double tap zooms in: {z0} -> {z1}"
    );

    // The buttons: out by 1.5, in by 1.5, and the whole map.
    tap(w, "zoom out");
    assert!((zoom() - z1 / 1.5).abs() < 0.01, "zoom out: {}", zoom());
    tap(w, "zoom in");
    assert!((zoom() - z1).abs() < 0.01, "zoom in: {}", zoom());
    tap(w, "whole map");
    let fit = zoom();
    assert!(
        fit < z0,
        "the whole map is smaller than the opening zoom: {fit}"
    );
    // Fitting means the whole map is in view: zooming out further does nothing.
    tap(w, "zoom out");
    assert!(
        (zoom() - fit).abs() < 0.001,
        "no further than the whole map"
    );
}
