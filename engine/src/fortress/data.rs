//! Everything static a Fortress Berlin game is played on, in one type, [`GameData`]: the map
//! (terrain, hexside and hex features, places), the counters of every order of appearance, the
//! combat charts (8.1.2, 8.1.5), the Terrain Effects Chart's movement columns (7.1, 7.3), the
//! scenarios with their German set-up (13.0), and what the rules say about where and when units
//! come into play: entry areas A–X (5.0), the strongpoint perimeter (13.3), perimeter barriers
//! (10.1.1), the set-up and order-of-appearance listings (13.0–16.x), the reinforcement checks
//! (14.0). The data crate compiles `data/fortress-berlin/` into this; `testkit` builds a tiny one
//! by hand.
//!
//! The rulebook prints neither the mapsheet, the counters nor the charts (shared/rules/README.md):
//! the map, the charts and every value not printed in 13.x–16.x are stand-ins, named in
//! [`GameData::stand_ins`].

use super::board::{Forces, MapData};
use super::combat::FortressCombatTables;
use super::terrain::MovementChart;
use crate::core::faces::Face;
use crate::core::hex::{Dir, HexId, Hexside};
use crate::core::side::Side;
use crate::core::units::UnitId;
use serde::{Deserialize, Serialize};

/// Scenarios one data set may hold.
pub const MAX_SCENARIOS: usize = 8;
/// Units one scenario may set up before play (every counter, at most).
pub const MAX_PLACEMENTS: usize = crate::core::capacity::fortress_berlin::UNITS;

/// Lettered entry areas A–X (5.0).
pub const ENTRY_AREAS: usize = 24;
/// Hexes of the Berlin strongpoint perimeter ring (13.3).
pub const PERIMETER_HEXES: usize = 128;
/// Hexes on or within the perimeter.
pub const WITHIN_HEXES: usize = 1024;
/// Perimeter barrier hexsides (10.1.1).
pub const BARRIERS: usize = 256;
/// Listings of the set-up and the orders of appearance.
pub const GROUPS: usize = 160;
/// Counters in one listing (the Volkssturm pool is the largest).
pub const GROUP_UNITS: usize = 80;

/// One lettered entry area (5.0): the letters run around the map edge, each next to the
/// letter before it, X next to A (5.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EntryArea {
    /// `b'A'` … `b'X'`.
    pub letter: u8,
    pub hex: HexId,
}

/// Where a set-up listing may be placed (13.1–13.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SetupZone {
    /// In one of the listed hexes (the fixed deployments of 13.1, 13.2).
    Hexes,
    /// In one of the listed hexes or next to it ("near the Botanical Gardens", 13.2).
    Near,
    /// In a hex of the listed airfield (13.2: the hex "and surrounding airfield hexes").
    Airfield,
    /// Three or more hexes from every map edge (13.2 free deployment).
    AwayFromEdge,
    /// Within the Berlin strongpoint perimeter (13.3 artillery).
    WithinPerimeter,
    /// On or within the perimeter (13.3 anti-tank, 13.5, 13.6).
    OnOrWithinPerimeter,
    /// On or inside the perimeter, or no more than three hexes from the south map edge (13.6).
    PerimeterOrSouthEdge,
    /// A major building or a U-Bahn station (13.3 engineers).
    MajorBuildingOrStation,
    /// A U-Bahn station (13.3 police).
    Station,
    /// A strongpoint hex (13.3 FAH).
    Strongpoint,
    /// A major building or a bank hex of the Teltow Canal (13.4).
    MajorBuildingOrTeltowBank,
    /// One unit on each Havel bridge hex, the others on or within the perimeter (13.5).
    HavelBridgesThenPerimeter,
}

/// What a listing does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GroupKind {
    /// Placed before play (13.0), `zone` says where.
    SetUp,
    /// Enters in the reinforcement segment of `turn` at the entry areas `entry` (5.0) or the
    /// listed edge hexes.
    Arrival,
    /// Leaves the game on `turn` (5.1, 5.2).
    Withdrawal,
    /// A pile drawn from at random: the Volkssturm (11.2.3, 13.6), the naval infantry (13.7).
    Pool,
    /// The leaders of the Character Game (17.4.1), six of them drawn from a cup before play
    /// and set up in their hexes (17.4.9).
    Leaders,
}

/// One listing of the set-up or an order of appearance.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Group {
    pub kind: GroupKind,
    pub side: Side,
    /// 0 for the set-up, else the game turn (one day, 1.0.1).
    pub turn: u8,
    /// The rule case that lists it ("13.1", "15.0", "16.4").
    pub case: heapless::String<8>,
    /// The variant that adds it (16.x), if any.
    pub variant: Option<heapless::String<8>>,
    /// First and last entry letter of an arrival (`b'A'`, `b'C'` for "A-C").
    pub entry: Option<(u8, u8)>,
    pub zone: Option<SetupZone>,
    /// The hexes of `Hexes`, `Near`, `Airfield` zones, or an arrival's edge hexes.
    pub hexes: heapless::Vec<HexId, 64>,
    /// How many a set-up draws from a pool (13.6: thirty Volkssturm).
    pub draw: u8,
    pub units: heapless::Vec<UnitId, GROUP_UNITS>,
}

impl Group {
    /// Is this listing part of a game with `options`: a listing of the base game, or of a
    /// variant the players agreed to (16.0)?
    pub fn in_play(&self, options: &crate::fortress::board::Options) -> bool {
        self.variant.as_ref().is_none_or(|v| options.variant_on(v))
    }
}

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
    pub entry_areas: heapless::Vec<EntryArea, ENTRY_AREAS>,
    /// The ring of the Berlin strongpoint perimeter, in order (13.3).
    pub perimeter: heapless::Vec<HexId, PERIMETER_HEXES>,
    /// Every hex on or within the perimeter.
    pub within_perimeter: heapless::Vec<HexId, WITHIN_HEXES>,
    /// Hexsides with a perimeter barrier (10.1.1).
    pub barriers: heapless::Vec<Hexside, BARRIERS>,
    pub groups: heapless::Vec<Group, GROUPS>,
    /// Turns with a "Volkssturm Reinforcement Check" (14.0, 5.5).
    pub volkssturm_checks: heapless::Vec<u8, 16>,
    /// Turns with a "Naval Inf. Reinforcement Check" (14.0, 13.7).
    pub naval_checks: heapless::Vec<u8, 16>,
    /// The Air Strike Table (11.4, 5.6): with none, no airpower roll is made.
    pub air: Option<super::air::AirStrikeTable>,
    /// Files (or tables) whose values are stand-ins, for the About screen.
    pub stand_ins: heapless::Vec<heapless::String<24>, 8>,
}

impl GameData {
    pub fn scenario(&self, id: &str) -> Option<&Scenario> {
        self.scenarios.iter().find(|s| s.id == id)
    }
}

impl GameData {
    /// The entry area of a letter.
    pub fn entry(&self, letter: u8) -> Option<&EntryArea> {
        self.entry_areas.iter().find(|e| e.letter == letter)
    }
    /// Is a hex on or within the Berlin strongpoint perimeter?
    pub fn on_or_within_perimeter(&self, h: HexId) -> bool {
        self.within_perimeter.contains(&h)
    }
}

impl GameData {
    /// May a unit of a set-up listing be placed in `h` (13.1–13.6)? Stacking (3.1) is the
    /// board's to check.
    pub fn can_set_up(&self, g: &Group, h: HexId) -> bool {
        use crate::core::map::HexFeatures;
        let geo = self.map.geometry;
        if !geo.contains(h) {
            return false;
        }
        let f = self.map.features(h);
        let major = self.map.terrain(h) == super::board::terrain::MAJOR_BUILDING;
        let in_place = |name: &str| self.map.place(name).is_some_and(|p| p.hexes.contains(&h));
        match g.zone {
            None => false,
            Some(SetupZone::Hexes | SetupZone::Airfield) => g.hexes.contains(&h),
            Some(SetupZone::Near) => g.hexes.iter().any(|&x| geo.distance(x, h) <= 1),
            Some(SetupZone::AwayFromEdge) => {
                let (c, r) = (h.col, h.row);
                c > 3 && r > 3 && c + 3 <= geo.columns && r + 3 <= geo.rows
            }
            Some(SetupZone::WithinPerimeter) => {
                self.on_or_within_perimeter(h) && !self.perimeter.contains(&h)
            }
            Some(SetupZone::OnOrWithinPerimeter) => self.on_or_within_perimeter(h),
            Some(SetupZone::PerimeterOrSouthEdge) => {
                self.on_or_within_perimeter(h) || h.row + 3 > geo.rows
            }
            Some(SetupZone::MajorBuildingOrStation) => major || f.has(HexFeatures::STATION),
            Some(SetupZone::Station) => f.has(HexFeatures::STATION),
            Some(SetupZone::Strongpoint) => f.has(HexFeatures::STRONGPOINT),
            Some(SetupZone::MajorBuildingOrTeltowBank) => major || in_place("Teltow Canal banks"),
            Some(SetupZone::HavelBridgesThenPerimeter) => {
                in_place("Havel bridges") || self.on_or_within_perimeter(h)
            }
        }
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
