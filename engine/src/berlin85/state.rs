//! Berlin '85 game state: everything that changes. It is plain data (serde) so a snapshot is a
//! postcard blob, and it is a pure function of (data, scenario, options, journal).

use super::aftermath::Aftermath;
use super::bridges::InterruptState;
use super::combat::CombatState;
use super::movement::MoveState;
use super::setup::SetupState;
use super::turn::TurnState;
use crate::core::hex::Hexside;
use crate::core::map::HexState;
use crate::core::side::Side;
use crate::core::units::{UnitState, MAX_UNITS};
use serde::{Deserialize, Serialize};

/// Hexes of the Berlin '85 map the state tracks: the map is 39 x 50 = 1,950 hexes, so the
/// state (copied on every input by `Game::apply`) need not reserve room for the largest map
/// of the core (`MAX_HEXES`). A bigger map is refused by `Game::new` (`DataTooLarge`).
pub const MAX_MAP_HEXES: usize = 2048;

/// Blown bridges and bridges whose demolition was tried (each may be tried once [12.0]).
pub const MAX_BRIDGES: usize = 96;

/// Side A is NATO, side B the Warsaw Pact.
pub const NATO: Side = Side::A;
pub const WARSAW_PACT: Side = Side::B;

pub fn side_name(s: Side) -> &'static str {
    match s {
        NATO => "NATO",
        _ => "Warsaw Pact",
    }
}

/// Options chosen before the game starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    /// [8.8] Poison gas (optional rule).
    pub poison_gas: bool,
    /// [7.0] note: resolve each attack as it is announced (both players agreed).
    pub sequential_combat: bool,
}

/// Where in the sequence of play [4.0] the game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    Setup,
    /// Start of a Game-Turn: Honors of War [19.0], emergency reinforcements [17.0], air points.
    TurnStart,
    /// Start of a Player-Turn: fire spread [10.74].
    PlayerTurnStart,
    Movement,
    Combat,
    GameOver,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub scenario: u8,
    pub options: Options,
    pub turn: u8,
    pub phasing: Side,
    pub phase: Phase,
    pub units: heapless::Vec<UnitState, MAX_UNITS>,
    pub hexes: heapless::Vec<HexState, MAX_MAP_HEXES>,
    pub blown_bridges: heapless::Vec<Hexside, MAX_BRIDGES>,
    pub demolition_tried: heapless::Vec<Hexside, MAX_BRIDGES>,
    /// Chits left in the untried-strength mix, parallel to `Tables::untried`.
    pub untried_left: heapless::Vec<u8, { super::data::MAX_UNTRIED_CHITS }>,
    pub setup: SetupState,
    pub turn_state: TurnState,
    pub movement: MoveState,
    pub combat: CombatState,
    /// Bridge / POL demolition waiting to be answered [12.0].
    pub interrupt: InterruptState,
    /// The combat result being applied [7.6]-[7.9], [10.x].
    pub aftermath: Aftermath,
}
