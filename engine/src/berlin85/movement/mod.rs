//! The Movement Phase [5.0]: movement costs [5.2], zones of control [6.1], roads and the
//! Autobahn [5.22], [5.23], the U-Bahn [15.0], night movement [16.2], the unit "in hand"
//! [5.15], exits off the map ([21.35] 3). Reinforcements arrive in `reinforce.rs` and
//! `paradrop.rs`; bridge demolition interrupts moves from `bridges.rs`.
//!
//! Costs are in half Movement Points. The search is the core's Dijkstra over (hex, mode):
//! mode 0 is above ground, mode 1 is underground on the U-Bahn [15.0].
//!
//! Three parts, one file each:
//! * `costs` — Berlin '85's [`MoveRules`](crate::core::movement::MoveRules): what a step
//!   costs and what forbids it ([5.2], [6.0], [6.1], [15.0], [16.2], [8.83], [10.5]), where a
//!   move may end ([5.31], [5.26], [5.18], [18.42]), and the same prices for retreats and
//!   advances ([7.6], [7.98]).
//! * `targets` — the queries: may a unit move ([5.11]–[5.18], [6.0], [13.25], [16.22],
//!   [18.41], [21.15]), its allowance ([5.16], [13.22], [14.31]), every legal destination.
//! * `commands` — the phase: its start ([5.16], [16.22]), `Move`, `MovePath` and `Exit`
//!   commands ([5.13], [5.15], [21.35] 3), the unit in hand, interrupted moves ([12.0]).
//!
//! Public API for the UI and the playout agent:
//! * [`Game::may_move`] — may this unit move now (or why not, with its case)?
//! * [`Game::move_targets`] — every hex the unit may end a move in now, with its cheapest cost.
//! * [`Game::movement_allowance_half`], [`Game::spent_half`] — allowance after halvings, spent.

mod commands;
mod costs;
mod targets;
#[cfg(test)]
pub(crate) mod tests;

pub(crate) use costs::{MoveScratch, Rules85, StepPrices};

use crate::core::hex::HexId;
use crate::core::map::MAX_PLACES;
use crate::core::units::UnitId;
use serde::{Deserialize, Serialize};

/// Paradrops one Movement Phase may plot [18.0].
pub const MAX_DROPS: usize = 32;
/// Mode 1 of the core search: underground on the U-Bahn [15.0].
pub const UNDERGROUND: u8 = 1;
/// Berlin '85 counts Movement Points in halves: the Autobahn costs 1/2 MP [5.23].
pub use crate::core::capacity::berlin85::MP;
/// Half-MP a NATO unit pays to leave the map ([21.35] 3: 2 MP).
pub const EXIT_COST_HALF: u16 = MP.mp(2);
/// Half-MP a night disengagement adds ([16.22]: 2 MP).
pub const DISENGAGE_COST_HALF: u16 = MP.mp(2);
/// Half-MP per U-Bahn hexside ([5.24]: 2 MP).
pub const UBAHN_COST_HALF: u16 = MP.mp(2);
/// Half-MP to enter a hex along the Autobahn ([5.23]: 1/2 MP).
pub const AUTOBAHN_COST_HALF: u16 = match MP.fraction(1, 2) {
    Some(c) => c,
    None => panic!("half-MP"),
};
/// Half-MP to enter a hex along a road ([5.22]: 1 MP).
pub const ROAD_COST_HALF: u16 = MP.mp(1);

/// A paradrop plotted this Movement Phase [18.0].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlottedDrop {
    pub unit: UnitId,
    pub hex: HexId,
}

/// Where the end-of-movement paradrop procedure stands [18.0].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum DropStage {
    /// Movement goes on (or there were no drops).
    #[default]
    Idle,
    /// Waiting for the 2d6 Survival roll of drop `n` [18.5].
    Survival(u8),
    /// Waiting for the 1d6 Scatter roll of drop `n` [18.1].
    Scatter(u8),
    /// Every drop is resolved; the phase ends once no interrupt is pending.
    Done,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveState {
    /// The unit that may still move on in a later command: the last unit moved. Touching
    /// another unit puts it down for good [5.15].
    pub in_hand: Option<UnitId>,
    /// The unit in hand is underground (an interrupt stopped it on the U-Bahn) [15.0].
    pub in_hand_underground: bool,
    /// An interrupt cut the last move of the unit in hand short [12.0]: where it stands
    /// was never checked as a place to end a move.
    pub in_hand_cut_short: bool,
    /// Where the unit in hand goes back to if a cut-short move leaves it where it may not stop
    /// and it cannot go on: the last hex of that move where it could end ([5.31], [5.26]).
    pub in_hand_fallback: Option<HexId>,
    /// Units airlanded this Player-Turn per airfield (index into `MapData::places`) [13.22].
    pub airlanded: [u8; MAX_PLACES],
    /// Paradrops plotted this Movement Phase [18.0].
    pub drops: heapless::Vec<PlottedDrop, MAX_DROPS>,
    pub drop_stage: DropStage,
    /// The Game-Turn of the game's one paradrop (0: none yet) [18.0], [18.43].
    pub paradrop_turn: u8,
}

/// One hex a unit may end a move in (see [`Game::move_targets`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveTarget {
    pub hex: HexId,
    /// Cheapest cost from where the unit stands, in half Movement Points.
    pub cost_half: u16,
    /// The cheapest way there uses the U-Bahn [15.0]: pass it as `Command::Move::underground`
    /// (moving with `underground: false` costs more or cannot get there).
    pub underground: bool,
}
