//! Movement by tracing a path [5.1]: hold the selected unit, drag the finger hex by hex,
//! lift; the unit moves along exactly that path (not the cheapest one), and the map does not
//! pan while the finger traces. Backing up over the last hex takes that step back.

mod common;

use common::*;
use engine::berlin85::{Command, Input85, Phase};
use engine::core::hex::HexId;
use engine::core::protocol::Input;
use engine::core::units::UnitId;
use slint::platform::{PointerEventButton, WindowEvent};
use slint::{ComponentHandle, LogicalPosition};
use std::time::Duration;
use ui::{AppWindow, Table, View};

/// A unit of the phasing side and a two-hex path the engine would let it take.
fn two_step_path(t: &Table) -> Option<(UnitId, HexId, HexId)> {
    t.with_session(|s| {
        let g = s?.game();
        let geo = &g.data.map.geometry;
        g.units_on_map()
            .filter(|&(u, _)| g.side_of(u) == g.state.phasing)
            .find_map(|(u, at)| {
                geo.neighbours(at).find_map(|(_, a)| {
                    geo.neighbours(a)
                        .filter(|&(_, b)| b != at && !geo.neighbours(at).any(|(_, n)| n == b))
                        .find_map(|(_, b)| {
                            let input: Input85 = Input::Command(Command::MovePath {
                                unit: u,
                                path: heapless::Vec::from_slice(&[a, b]).ok()?,
                                underground: false,
                            });
                            g.clone().apply(&input).ok().map(|_| (u, a, b))
                        })
                })
            })
    })
}

/// Window point of a hex, given the window point of another one on screen.
fn window_point(
    t: &Table,
    w: &AppWindow,
    from: (f32, f32),
    from_hex: HexId,
    h: HexId,
) -> (f32, f32) {
    let zoom = w.global::<View>().get_zoom();
    let (ax, ay) = t.hex_center(from_hex);
    let (bx, by) = t.hex_center(h);
    (from.0 + (bx - ax) * zoom, from.1 + (by - ay) * zoom)
}

fn finger(w: &AppWindow, event: WindowEvent) {
    w.window().dispatch_event(event);
    i_slint_backend_testing::mock_elapsed_time(Duration::from_millis(30));
}

#[test]
fn move_5_1_a_path_traced_with_a_finger() {
    let (t, _persist) = unity(1280.0, 800.0);
    let w = t.window();
    auto_set_up(w);
    assert_eq!(phase(&t).1, Phase::Movement);
    let (u, a, b) = two_step_path(&t).expect("a unit with a two-hex path");
    let start = hex_of(&t, u).expect("on the map");
    tap_hex(&t, w, start);
    assert!(
        w.global::<View>().get_trace_armed(),
        "the selected unit can be traced from"
    );

    // Where the unit is on screen: its counter on the map (the side panel shows it too), with
    // the trace handle over it.
    let map = find(w, "map").expect("the map");
    let map_right = map.absolute_position().x + map.size().width;
    let counter = find_all(w, "unit ")
        .into_iter()
        .find(|e| {
            e.absolute_position().x < map_right
                && e.accessible_label()
                    .is_some_and(|l| l.ends_with(&format!(" {}", name_of(&t, start))))
        })
        .expect("the unit's counter on the map");
    let (p, sz) = (counter.absolute_position(), counter.size());
    let at = (p.x + sz.width / 2.0, p.y + sz.height / 2.0);
    let handle = find(w, "trace a path from the selected unit").expect("the trace handle");
    let (hp, hs) = (handle.absolute_position(), handle.size());
    let centre = (hp.x + hs.width / 2.0, hp.y + hs.height / 2.0);
    assert!(
        (centre.0 - at.0).abs() < 2.0 && (centre.1 - at.1).abs() < 2.0,
        "the handle lies over the unit: {centre:?} vs {at:?}"
    );
    let view_before = (
        w.global::<View>().get_zoom(),
        find(w, "map").map(|m| m.absolute_position().x),
    );

    // Hold, then drag over a, b, a wrong turn back to a, and b again; lift.
    let pos = |x: (f32, f32)| LogicalPosition::new(x.0, x.1);
    let button = PointerEventButton::Left;
    finger(w, WindowEvent::PointerMoved { position: pos(at) });
    finger(
        w,
        WindowEvent::PointerPressed {
            position: pos(at),
            button,
        },
    );
    let pa = window_point(&t, w, at, start, a);
    let pb = window_point(&t, w, at, start, b);
    let mut from = at;
    for target in [pa, pb, pa, pb] {
        // A few points on the way, as a finger reports them.
        for k in 1..=4 {
            let f = k as f32 / 4.0;
            let p = (
                from.0 + (target.0 - from.0) * f,
                from.1 + (target.1 - from.1) * f,
            );
            finger(w, WindowEvent::PointerMoved { position: pos(p) });
        }
        from = target;
    }
    let drawn: Vec<String> = find_all(w, "path hex")
        .iter()
        .filter_map(|e| e.accessible_label().map(|l| l.to_string()))
        .collect();
    assert_eq!(
        drawn,
        vec![
            format!("path hex {}", name_of(&t, a)),
            format!("path hex {}", name_of(&t, b))
        ],
        "the traced path is drawn hex by hex"
    );
    finger(
        w,
        WindowEvent::PointerReleased {
            position: pos(pb),
            button,
        },
    );
    settle();

    assert_eq!(
        hex_of(&t, u),
        Some(b),
        "the unit went along the traced path"
    );
    let last = t.with_session(|s| s.unwrap().inputs().last().cloned());
    match last {
        Some(Input::Command(Command::MovePath { unit, path, .. })) => {
            assert_eq!(unit, u);
            assert_eq!(
                &path[..],
                &[a, b],
                "exactly the hexes traced, the wrong turn undone"
            );
        }
        other => panic!("the move was not a traced path: {other:?}"),
    }
    assert_eq!(
        view_before,
        (
            w.global::<View>().get_zoom(),
            find(w, "map").map(|m| m.absolute_position().x)
        ),
        "the map did not zoom while tracing"
    );
    assert!(
        find_all(w, "path hex").is_empty(),
        "the path marks are gone"
    );
}
