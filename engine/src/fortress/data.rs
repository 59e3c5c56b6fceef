//! Everything static a Fortress Berlin game is played on: the map, the counters, the combat
//! charts (8.1.2, 8.1.5), the Terrain Effects Chart's movement columns (7.1, 7.3) and the
//! scenarios with their German set-up (13.0). The data crate compiles the text files into this;
//! `testkit` builds a tiny one by hand.

use super::board::{Forces, MapData};
use super::combat::FortressCombatTables;
use super::terrain::MovementChart;
use crate::core::faces::Face;
use crate::core::hex::{Dir, HexId};
use crate::core::units::UnitId;
use serde::{Deserialize, Serialize};

/// Scenarios one data set may hold.
pub const MAX_SCENARIOS: usize = 8;
/// Units one scenario may set up before play (every counter, at most).
pub const MAX_PLACEMENTS: usize = crate::core::capacity::fortress_berlin::UNITS;

/// One unit set up before play (13.0: the German picks the mode; 3.4 facing in maneuver mode).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placement {
    pub unit: UnitId,
    pub hex: HexId,
    pub face: Face,
    pub facing: Dir,
}

/// A scenario: its name, the case that defines it, its length (4.0: 15 turns) and set-up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scenario {
    pub id: heapless::String<24>,
    pub name: heapless::String<48>,
    pub case: heapless::String<8>,
    pub last_turn: u8,
    pub setup: heapless::Vec<Placement, MAX_PLACEMENTS>,
}

/// A Fortress Berlin data set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameData {
    pub map: MapData,
    pub forces: Forces,
    pub combat: FortressCombatTables,
    pub movement: MovementChart,
    pub scenarios: heapless::Vec<Scenario, MAX_SCENARIOS>,
}

impl GameData {
    pub fn scenario(&self, id: &str) -> Option<&Scenario> {
        self.scenarios.iter().find(|s| s.id == id)
    }
}

/// A `heapless::String` from text, cut at its capacity.
pub fn text<const N: usize>(s: &str) -> heapless::String<N> {
    let mut out = heapless::String::new();
    for c in s.chars() {
        if out.push(c).is_err() {
            break;
        }
    }
    out
}
