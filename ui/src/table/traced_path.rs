//! A path traced with a finger from a selected unit or force, hex by hex (Berlin '85 5.1,
//! Fortress Berlin 7.1): both games' tables grow and shrink it the same way.

use engine::core::hex::{Geometry, HexId};

/// The finger passed over `hex`: the path from `start` grows by a neighbouring hex entered (up
/// to `max` hexes), and going back over the hex before takes the last step back. Returns
/// whether the path changed. Where the path may go is the engine's business when the finger
/// lifts.
pub(super) fn follow(
    path: &mut Vec<HexId>,
    geometry: &Geometry,
    start: HexId,
    hex: HexId,
    max: usize,
) -> bool {
    let last = path.last().copied().unwrap_or(start);
    let before = match path.len() {
        0 => None,
        1 => Some(start),
        n => Some(path[n - 2]),
    };
    if hex == last {
        false
    } else if Some(hex) == before {
        path.pop();
        true
    } else if path.len() < max && geometry.neighbours(last).any(|(_, n)| n == hex) {
        path.push(hex);
        true
    } else {
        false
    }
}
