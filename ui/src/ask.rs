//! The questions the UI asks the engine, in one place: what a unit can reach and at what cost,
//! which attacks are announced and what their combat card says, and the public game status.
//! The UI shows the answers; it never works them out.

use engine::berlin85::view::View;
use engine::berlin85::Game;
use engine::core::hex::HexId;
use engine::core::side::{Side, Viewer};
use engine::core::units::UnitId;

/// A hex a unit can move to, with its cost in half movement points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reach {
    pub hex: HexId,
    pub half_points: u16,
}

/// Every hex `unit` may end its move in, above ground or (with `underground`) by U-Bahn.
pub fn reachable(_game: &Game<'_>, _unit: UnitId, _underground: bool) -> Vec<Reach> {
    Vec::new()
}

/// What everyone at the table may see: the engine's public view [11.0], [17.0].
pub fn public_view<'d>(game: &Game<'d>) -> View<'d> {
    game.view(Viewer::Public)
}

/// What one side may see (its secret roll, for hold-to-reveal).
pub fn side_view<'d>(game: &Game<'d>, side: Side) -> View<'d> {
    game.view(Viewer::Side(side))
}

/// Formats half movement points: 3 → "1½".
pub fn half_points_text(half_points: u16) -> String {
    match (half_points / 2, half_points % 2) {
        (0, 1) => "½".to_string(),
        (n, 0) => n.to_string(),
        (n, _) => format!("{n}½"),
    }
}
