//! The unit table: static counter values (from data) and each unit's changing state.

use super::hex::HexId;
use super::side::Side;
use serde::{Deserialize, Serialize};

/// Berlin '85's unit capacity under its old name (Berlin '85's modules use it). Unit tables
/// are sized per game: see `core::capacity`.
pub const MAX_UNITS: usize = super::capacity::berlin85::UNITS;
/// Berlin '85's formation capacity under its old name (see `core::capacity`).
pub const MAX_FORMATIONS: usize = super::capacity::berlin85::FORMATIONS;

/// Index of a unit in the game's unit table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct UnitId(pub u16);

/// NATO-symbol type of a counter; shared by the three games for drawing and for rules that
/// single out a type (police, artillery, paratroops …).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum UnitKind {
    Infantry,
    Mechanized,
    Tank,
    Recon,
    Paratroop,
    Police,
    MilitaryPolice,
    SpecialForces,
    Engineer,
    Headquarters,
    Artillery,
    SelfPropelledArtillery,
    RocketArtillery,
    AntiTank,
}

impl UnitKind {
    pub const fn is_artillery(self) -> bool {
        matches!(
            self,
            UnitKind::Artillery
                | UnitKind::SelfPropelledArtillery
                | UnitKind::RocketArtillery
                | UnitKind::AntiTank
        )
    }
}

/// Nationality, for counter colours and nationality rules (Berlin '85 [8.72]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Nationality {
    Us,
    British,
    French,
    WestGerman,
    WestBerlinPolice,
    Soviet,
    EastGerman,
    EastBerlinPolice,
    German,
}

/// A formation (division, brigade) for unit-integrity rules (Berlin '85 [8.71]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Formation {
    pub id: heapless::String<24>,
    pub name: heapless::String<40>,
    pub side: Side,
    pub nationality: Nationality,
}

/// One counter as printed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitDef {
    pub id: heapless::String<24>,
    pub name: heapless::String<24>,
    pub side: Side,
    pub nationality: Nationality,
    pub formation: u8,
    pub kind: UnitKind,
    /// "I", "II", "III", "BG" …
    pub size: heapless::String<4>,
    pub movement: u8,
    /// Printed attack and defense (for untried units: 0 until revealed; see [`UnitState`]).
    pub attack: u8,
    pub defense: u8,
    pub barrage: u8,
    pub fpf: u8,
    pub range: u8,
    /// Starts with its untried side up (Berlin '85 [11.0]).
    pub untried: bool,
}

/// Where a unit is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Location {
    /// Not in this scenario.
    Unused,
    /// Waiting to be set up or to arrive as a reinforcement.
    Pool,
    OnMap(HexId),
    Eliminated,
    /// Left the map on purpose (Berlin '85 [21.35] 3).
    Exited,
    /// Kept out of the game (Berlin '85 [20.21] withheld divisions).
    Withheld,
    // Appended for Fortress Berlin and Gates (core::faces); Berlin '85's encoding is unchanged.
    /// In a display box of the ruleset's numbering (dead pile, reinforcement box …).
    DisplayBox(u8),
    /// On the turn track, arriving on that turn.
    TurnTrack(u8),
    /// Carried by a transport unit.
    Carried(UnitId),
    /// On a hexside (boats, bridges).
    OnHexside(super::hex::Hexside),
    /// Attached to another unit (a leader, a marker-like unit).
    Attached(UnitId),
}

/// A unit's changing state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitState {
    pub location: Location,
    /// Revealed (tried) attack and defense; `None` while untried.
    pub revealed: Option<(u8, u8)>,
    /// Movement spent this phase, in the game's MP sub-points (`core::movement::MpScale`;
    /// Berlin '85 counts half-MP).
    pub spent_mp: u16,
    /// Ruleset-defined per-turn flags (moved, attacked, …).
    pub flags: u16,
}

impl UnitState {
    pub const fn new() -> Self {
        UnitState {
            location: Location::Unused,
            revealed: None,
            spent_mp: 0,
            flags: 0,
        }
    }

    pub fn hex(&self) -> Option<HexId> {
        match self.location {
            Location::OnMap(h) => Some(h),
            _ => None,
        }
    }

    pub const fn has(&self, f: u16) -> bool {
        self.flags & f != 0
    }
    pub fn set(&mut self, f: u16) {
        self.flags |= f;
    }
    pub fn clear(&mut self, f: u16) {
        self.flags &= !f;
    }
}

impl Default for UnitState {
    fn default() -> Self {
        Self::new()
    }
}

/// All counters of a game (static): up to `U` units in `F` formations, capacities each game
/// names (`core::capacity`). Unit ids are `u16`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roster<const U: usize, const F: usize> {
    pub formations: heapless::Vec<Formation, F>,
    pub units: heapless::Vec<UnitDef, U>,
}

impl<const U: usize, const F: usize> Roster<U, F> {
    pub fn get(&self, id: UnitId) -> Option<&UnitDef> {
        self.units.get(id.0 as usize)
    }
    pub fn find(&self, id: &str) -> Option<UnitId> {
        self.units
            .iter()
            .position(|u| u.id.as_str() == id)
            .map(|i| UnitId(i as u16))
    }
    pub fn ids(&self) -> impl Iterator<Item = UnitId> {
        (0..self.units.len() as u16).map(UnitId)
    }
}
