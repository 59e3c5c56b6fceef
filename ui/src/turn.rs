//! Turning the table to a seat: how far the picture turns for the edge of the table a seat is
//! at, and where a point on the screen lies in the turned window (and back). The seat → edge
//! decision is the session's (`Seats::edge_for`); this is only the geometry, shared by the
//! software renderer's turning windows (`turning`: on a desktop and on the framebuffer), the
//! `.slint` turn FemtoVG uses and the test probe.
//!
//! Edges go round counter-clockwise (South, East, North, West, as `TableEdge::degrees` counts
//! them); Slint turns clockwise, so a seat at the East edge (the screen's right-hand side) is a
//! three-quarter clockwise turn: the picture's bottom then lies along the right-hand edge.

use engine::core::seats::TableEdge;
use slint::platform::software_renderer::RenderingRotation;

/// Clockwise quarter turns of the picture for a seat at `edge`.
pub fn clockwise_quarters(edge: TableEdge) -> u8 {
    match edge {
        TableEdge::South => 0,
        TableEdge::East => 3,
        TableEdge::North => 2,
        TableEdge::West => 1,
    }
}

/// The same in degrees, as `transform-rotation` takes it.
pub fn clockwise_degrees(edge: TableEdge) -> i32 {
    i32::from(clockwise_quarters(edge)) * 90
}

/// The edge a clockwise turn of `degrees` faces (the inverse of [`clockwise_degrees`]).
pub fn edge_of_clockwise_degrees(degrees: i32) -> TableEdge {
    match degrees.rem_euclid(360) / 90 {
        0 => TableEdge::South,
        1 => TableEdge::West,
        2 => TableEdge::North,
        _ => TableEdge::East,
    }
}

/// Does the turn swap the window's width and height (a landscape screen read as portrait)?
pub fn is_quarter(edge: TableEdge) -> bool {
    clockwise_quarters(edge) % 2 == 1
}

/// The software renderer's rotation for a seat at `edge`.
pub fn rendering_rotation(edge: TableEdge) -> RenderingRotation {
    match clockwise_quarters(edge) {
        0 => RenderingRotation::NoRotation,
        1 => RenderingRotation::Rotate90,
        2 => RenderingRotation::Rotate180,
        _ => RenderingRotation::Rotate270,
    }
}

/// The window's size for a screen of `screen` (width, height) turned to `edge`.
pub fn window_size(edge: TableEdge, screen: (f32, f32)) -> (f32, f32) {
    if is_quarter(edge) {
        (screen.1, screen.0)
    } else {
        screen
    }
}

/// Where a point of the screen (a tap, the mouse) lies in the window turned to `edge`;
/// `screen` is the screen's (width, height) in the same units as the point.
pub fn screen_to_window(edge: TableEdge, p: (f32, f32), screen: (f32, f32)) -> (f32, f32) {
    let ((x, y), (sw, sh)) = (p, screen);
    match clockwise_quarters(edge) {
        0 => (x, y),
        // The window's top-left corner is at the screen's top-right corner.
        1 => (y, sw - x),
        2 => (sw - x, sh - y),
        // The window's top-left corner is at the screen's bottom-left corner.
        _ => (sh - y, x),
    }
}

/// Where a point of the window turned to `edge` is on the screen; `window` is the window's
/// (width, height). The inverse of [`screen_to_window`].
pub fn window_to_screen(edge: TableEdge, p: (f32, f32), window: (f32, f32)) -> (f32, f32) {
    let ((x, y), (ww, wh)) = (p, window);
    match clockwise_quarters(edge) {
        0 => (x, y),
        1 => (wh - y, x),
        2 => (ww - x, wh - y),
        _ => (y, ww - x),
    }
}

/// A rectangle of the window (x, y, width, height) as the screen shows it.
pub fn window_rect_to_screen(
    edge: TableEdge,
    r: (f32, f32, f32, f32),
    window: (f32, f32),
) -> (f32, f32, f32, f32) {
    let a = window_to_screen(edge, (r.0, r.1), window);
    let b = window_to_screen(edge, (r.0 + r.2, r.1 + r.3), window);
    (
        a.0.min(b.0),
        a.1.min(b.1),
        (a.0 - b.0).abs(),
        (a.1 - b.1).abs(),
    )
}

/// The screen rectangle (x, y, width, height) of an element inside the `.slint` turn: Slint
/// reports its top-left corner already turned (`absolute_position` follows
/// `transform-rotation`) and its size unturned, so the rectangle spans from that corner along
/// its sides turned by `edge`.
pub fn slint_turned_rect(
    edge: TableEdge,
    corner: (f32, f32),
    size: (f32, f32),
) -> (f32, f32, f32, f32) {
    let (w, h) = size;
    // The diagonal (w, h) turned clockwise (y points down).
    let (dx, dy) = match clockwise_quarters(edge) {
        0 => (w, h),
        1 => (-h, w),
        2 => (-w, -h),
        _ => (h, -w),
    };
    let (x0, y0) = corner;
    (x0.min(x0 + dx), y0.min(y0 + dy), dx.abs(), dy.abs())
}

#[cfg(test)]
mod tests {
    use super::*;

    const SCREEN: (f32, f32) = (1280.0, 800.0);

    /// A tap on the screen lands where the player at that seat sees it: near the corner of
    /// the picture that is at his left hand, on his side of the table.
    #[test]
    fn a_tap_lands_on_the_point_the_seated_player_sees() {
        // A tap 10 px in from the screen's corners, and where it must land for each seat.
        let bottom_right = (1270.0, 790.0);
        let top_left = (10.0, 10.0);
        let top_right = (1270.0, 10.0);
        // South: the screen as drawn.
        assert_eq!(
            screen_to_window(TableEdge::South, bottom_right, SCREEN),
            (1270.0, 790.0)
        );
        // North (across the table): the screen's top-left corner is the player's bottom-right.
        assert_eq!(
            screen_to_window(TableEdge::North, top_left, SCREEN),
            (1270.0, 790.0)
        );
        // East (the right-hand edge): the window is 800x1280; the screen's top-right corner
        // is that player's bottom-right corner.
        assert_eq!(window_size(TableEdge::East, SCREEN), (800.0, 1280.0));
        assert_eq!(
            screen_to_window(TableEdge::East, top_right, SCREEN),
            (790.0, 1270.0)
        );
        // West (the left-hand edge): the screen's bottom-left corner is his bottom-right.
        assert_eq!(
            screen_to_window(TableEdge::West, (10.0, 790.0), SCREEN),
            (790.0, 1270.0)
        );
        // And his top-left corner is the screen's top-right.
        assert_eq!(
            screen_to_window(TableEdge::West, top_right, SCREEN),
            (10.0, 10.0)
        );
    }

    #[test]
    fn an_element_in_the_slint_turn_spans_from_its_turned_corner() {
        // A 170x56 title whose top-left corner Slint puts at (70, 258) on a screen turned to
        // the East seat: it stands upright along the left of that corner's column, upwards.
        assert_eq!(
            slint_turned_rect(TableEdge::East, (70.0, 258.0), (170.0, 56.0)),
            (70.0, 88.0, 56.0, 170.0)
        );
        // Turned half round, it lies to the left of and above its corner.
        assert_eq!(
            slint_turned_rect(TableEdge::North, (300.0, 200.0), (170.0, 56.0)),
            (130.0, 144.0, 170.0, 56.0)
        );
        assert_eq!(
            slint_turned_rect(TableEdge::South, (1.0, 2.0), (3.0, 4.0)),
            (1.0, 2.0, 3.0, 4.0)
        );
    }

    #[test]
    fn the_slint_turn_names_the_seat_it_faces() {
        for edge in TableEdge::ALL {
            assert_eq!(edge_of_clockwise_degrees(clockwise_degrees(edge)), edge);
        }
        // The seat on the right-hand edge is a quarter turn counter-clockwise.
        assert_eq!(clockwise_degrees(TableEdge::East), 270);
    }

    #[test]
    fn the_screen_point_of_a_window_point_is_where_a_tap_lands_on_it() {
        for edge in TableEdge::ALL {
            let window = window_size(edge, SCREEN);
            for p in [(0.0, 0.0), (100.0, 30.0), (799.0, 479.0), (5.0, 700.0)] {
                let on_screen = window_to_screen(edge, p, window);
                assert!(
                    on_screen.0 >= 0.0
                        && on_screen.0 <= SCREEN.0
                        && on_screen.1 >= 0.0
                        && on_screen.1 <= SCREEN.1,
                    "{edge:?} {p:?} -> {on_screen:?} is off the screen"
                );
                assert_eq!(screen_to_window(edge, on_screen, SCREEN), p, "{edge:?}");
            }
        }
    }

    #[test]
    fn a_button_rectangle_is_shown_turned_with_its_sides_swapped_on_a_quarter_turn() {
        // A 200x50 button at the window's top-left corner.
        let r = (0.0, 0.0, 200.0, 50.0);
        let east = window_size(TableEdge::East, SCREEN);
        // East: the window's top-left is the screen's bottom-left, the button upright for
        // the player on the right, so 50 wide and 200 tall on the screen.
        assert_eq!(
            window_rect_to_screen(TableEdge::East, r, east),
            (0.0, 600.0, 50.0, 200.0)
        );
        assert_eq!(
            window_rect_to_screen(TableEdge::North, r, SCREEN),
            (1080.0, 750.0, 200.0, 50.0)
        );
    }
}
