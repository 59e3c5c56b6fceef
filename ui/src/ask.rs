//! The questions the UI asks the engine, in one place: what a unit can reach and at what cost,
//! which attacks are announced and what their combat card says, and the public game status.
//! The UI shows the answers; it never works them out.

use engine::berlin85::view::View;
use engine::berlin85::{Game, Input85};
use engine::core::hex::HexId;
use engine::core::protocol::RuleViolation;
use engine::core::side::{Side, Viewer};
use engine::core::units::UnitId;

/// A hex a unit can move to, with its cheapest cost in half movement points; `underground`
/// when that cheapest way ends on the U-Bahn [15.0].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reach {
    pub hex: HexId,
    pub half_points: u16,
    pub underground: bool,
}

/// Every hex `unit` may end its move in now ([`Game::move_targets`]), or why it may not move.
pub fn reachable(game: &Game<'_>, unit: UnitId) -> Result<Vec<Reach>, RuleViolation> {
    let mut out = Vec::new();
    game.move_targets(unit, |t| {
        out.push(Reach {
            hex: t.hex,
            half_points: t.cost_half,
            underground: t.underground,
        })
    })?;
    Ok(out)
}

/// The reinforcements `side` may bring onto the map now [13.0], with the hexes each may
/// airland on [13.2] and be plotted to drop on [18.0].
pub fn reinforcements(game: &Game<'_>, side: Side) -> Vec<UnitId> {
    let mut out = Vec::new();
    game.reinforcements_available(side, |u| out.push(u));
    out
}

/// Artillery that may barrage into announced attack `attack` now [8.1].
pub fn barrage_candidates(game: &Game<'_>, attack: u8) -> Vec<UnitId> {
    let mut out = Vec::new();
    game.barrage_candidates(attack, |u| out.push(u));
    out
}

/// Artillery that may fire final protective fire for attack `attack`'s defenders [8.4].
pub fn fpf_candidates(game: &Game<'_>, attack: u8) -> Vec<UnitId> {
    let mut out = Vec::new();
    game.fpf_candidates(attack, |u| out.push(u));
    out
}

/// Units that still must attack [7.11] and that still must be attacked.
pub fn mandatory(game: &Game<'_>) -> (Vec<UnitId>, Vec<UnitId>) {
    let (mut attack, mut defend) = (Vec::new(), Vec::new());
    game.must_attack(|u| attack.push(u));
    game.must_be_attacked(|u| defend.push(u));
    (attack, defend)
}

/// Hexes `unit` may airland on now [13.2].
pub fn airland_hexes(game: &Game<'_>, unit: UnitId) -> Vec<HexId> {
    let mut out = Vec::new();
    game.airland_hexes(unit, |h| out.push(h));
    out
}

/// Hexes `unit` may be plotted to paradrop on now [18.0].
pub fn paradrop_hexes(game: &Game<'_>, unit: UnitId) -> Vec<HexId> {
    let mut out = Vec::new();
    game.paradrop_hexes(unit, |h| out.push(h));
    out
}

/// What everyone at the table may see: the engine's public view [11.0], [17.0].
pub fn public_view<'d>(game: &Game<'d>) -> View<'d> {
    game.view(Viewer::Public)
}

/// What one side may see (its secret roll, for hold-to-reveal).
pub fn side_view<'d>(game: &Game<'d>, side: Side) -> View<'d> {
    game.view(Viewer::Side(side))
}

/// Would the engine take this input now? Asked on a copy of the game, so nothing changes:
/// the UI offers a button (interdiction [20.22], withholding [20.21]) only when the engine
/// says it would accept it, and never works the rule out itself.
pub fn accepts(game: &Game<'_>, input: &Input85) -> Result<(), RuleViolation> {
    game.clone().apply(input).map(|_| ())
}

/// Formats half movement points: 3 → "1½".
pub fn half_points_text(half_points: u16) -> String {
    match (half_points / 2, half_points % 2) {
        (0, 1) => "½".to_string(),
        (n, 0) => n.to_string(),
        (n, _) => format!("{n}½"),
    }
}
