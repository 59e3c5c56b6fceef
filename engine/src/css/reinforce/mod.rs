//! Where arriving units may be placed in the Reinforcement Phase (S3.2.3): reinforcements at
//! their entry hex (S18.1) and units coming back from the Routed box next to an HQ (S11.10).
//! The turn machine asks for the placements and records them (`css::command::arrivals`);
//! these functions decide whether one placement is legal on the game's board.

#[cfg(test)]
pub(crate) mod tests;

use crate::core::hex::{Geometry, HexId};
use crate::core::protocol::{refuse, RuleViolation};
use crate::css::stacking::{may_place, Piece, StackingChart, MAX_HEX_PIECES};
use serde::{Deserialize, Serialize};

/// What a placement reads of the game's board.
pub trait Placing {
    /// Every piece in `h` (units, leaders, heroes, SWs), for stacking (S6.1, S6.5).
    fn pieces(&self, h: HexId) -> heapless::Vec<Piece, MAX_HEX_PIECES>;
    /// A hex where stacking is unlimited (*Gates* 3.5: the reinforcement hexes).
    fn unlimited(&self, _h: HexId) -> bool {
        false
    }
}

/// The side a placed unit shows (S2.2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Face {
    Column,
    Deployed,
}

fn enemy_next_to(g: &Geometry, board: &impl Placing, h: HexId, unit: &Piece) -> bool {
    g.neighbours(h).any(|(_, n)| {
        board
            .pieces(n)
            .iter()
            .any(|p| p.is_unit() && p.side != unit.side)
    })
}

fn fits(
    g: &Geometry,
    board: &impl Placing,
    chart: &StackingChart,
    hex: HexId,
    unit: &Piece,
) -> Result<(), RuleViolation> {
    if !g.contains(hex) {
        return refuse("S18.1", "units are placed on the map");
    }
    may_place(chart, board.unlimited(hex), &board.pieces(hex), &[*unit])
}

/// The map edges a hex lies on: west, east, north, south (columns and rows as numbered).
fn edges(g: &Geometry, h: HexId) -> [bool; 4] {
    [h.col == 1, h.col == g.columns, h.row == 1, h.row == g.rows]
}

/// S18.1: a reinforcement enters in or next to its `entry` hex, on its Column side, within
/// stacking (unless the hex is unlimited) and never in an enemy-occupied hex (S6.5). When the
/// entry hex and every hex next to it are blocked, it enters at the nearest hex of the entry
/// hex's own map edge that takes it.
pub fn may_enter(
    g: &Geometry,
    board: &impl Placing,
    chart: &StackingChart,
    entry: HexId,
    hex: HexId,
    unit: &Piece,
) -> Result<Face, RuleViolation> {
    let enemy = |e: RuleViolation| match e.case {
        "S6.5" => RuleViolation::new("S18.1", "a reinforcement never enters an enemy hex"),
        _ => e,
    };
    let free = |h: HexId| g.contains(h) && fits(g, board, chart, h, unit).is_ok();
    if hex == entry || g.distance(entry, hex) == 1 {
        fits(g, board, chart, hex, unit).map_err(enemy)?;
        return Ok(Face::Column);
    }
    let blocked = !free(entry) && !g.neighbours(entry).any(|(_, n)| free(n));
    if !blocked {
        return refuse(
            "S18.1",
            "a reinforcement enters in or next to its entry hex",
        );
    }
    let own = edges(g, entry);
    let on_edge = |h: HexId| edges(g, h).iter().zip(own).any(|(a, b)| *a && b);
    if !on_edge(hex) {
        return refuse("S18.1", "a blocked entry hex shifts along its own map edge");
    }
    fits(g, board, chart, hex, unit).map_err(enemy)?;
    let d = g.distance(entry, hex);
    let nearer = (0..g.hex_count())
        .filter_map(|i| g.hex_at(i))
        .any(|h| on_edge(h) && g.distance(entry, h) < d && free(h));
    if nearer {
        return refuse(
            "S18.1",
            "a blocked entry hex shifts to the nearest free hex of its edge",
        );
    }
    Ok(Face::Column)
}

/// S11.10: a unit that passed its return check is placed in or next to a hex of `hq_hexes`
/// (an HQ of its formation, else its Division HQ), within stacking, not next to an enemy
/// unit, Deployed (Column where it `may_deploy` not). An HQ (`is_hq`) goes instead to a hex
/// holding a unit of its formation. Units a rule returns "as if routed" are placed the same way.
#[allow(clippy::too_many_arguments)]
pub fn may_return(
    g: &Geometry,
    board: &impl Placing,
    chart: &StackingChart,
    hq_hexes: &[HexId],
    hex: HexId,
    unit: &Piece,
    is_hq: bool,
    may_deploy: bool,
) -> Result<Face, RuleViolation> {
    if is_hq {
        let own = board.pieces(hex).iter().any(|p| {
            p.is_unit()
                && p.side == unit.side
                && p.formation_for_stacking() == unit.formation_for_stacking()
        });
        if !own {
            return refuse(
                "S11.10",
                "an HQ returns to a hex holding a unit of its formation",
            );
        }
    } else if !hq_hexes
        .iter()
        .any(|q| *q == hex || g.distance(*q, hex) == 1)
    {
        return refuse(
            "S11.10",
            "a returning unit is placed in or next to an HQ hex",
        );
    }
    if enemy_next_to(g, board, hex, unit) {
        return refuse(
            "S11.10",
            "a returning unit is never placed next to an enemy unit",
        );
    }
    fits(g, board, chart, hex, unit)?;
    Ok(if may_deploy {
        Face::Deployed
    } else {
        Face::Column
    })
}
