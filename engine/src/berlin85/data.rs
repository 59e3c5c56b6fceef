//! Berlin '85 game data as the engine consumes it: compiled by the `data` crate from the text
//! files in `data/berlin85/` (docs/data.md) and embedded in the kiosk as a postcard blob.
//! Values the rules state are used as stated; the rest are stand-ins a club can replace.

use crate::core::capacity::berlin85::{MapData, Roster};
use crate::core::crt::Columns;
use crate::core::hex::{Edge, HexId};
use crate::core::side::Side;
use crate::core::units::UnitId;
use serde::{Deserialize, Serialize};

pub const MAX_TERRAIN: usize = 16;
pub const MAX_TURNS: usize = 20;
pub const MAX_SCENARIOS: usize = 4;
pub const MAX_SETUP_GROUPS: usize = 24;
pub const MAX_REINFORCEMENT_GROUPS: usize = 8;
pub const MAX_GROUP_UNITS: usize = 48;
pub const MAX_UNTRIED_CHITS: usize = 24;
pub const MAX_HOW_COLUMNS: usize = 12;
/// Lines of a scenario's own Victory Point schedule ([21.36]); each becomes one line of the
/// victory screen, so it is at most `victory::MAX_VP_LINES`.
pub const MAX_VP_ENTRIES: usize = 10;

/// Regions of the Berlin '85 map ([19.44], [14.x], [5.17]): the core's [`Region`], shared
/// with *The Enemy is at the Gates* (1.2).
pub use crate::core::region::Region;

/// Occupation zones of West Berlin ([21.11] set-up by zone); stored in `MapData::zone`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[repr(u8)]
pub enum Zone {
    None = 0,
    Us = 1,
    British = 2,
    French = 3,
}

/// One row of the Terrain Effects Chart ([5.27], [7.42], [18.66], [10.2], [6.14]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TerrainEffects {
    pub key: heapless::String<16>,
    pub name: heapless::String<24>,
    /// Half-MP to enter.
    pub mp_half: u16,
    /// Columns left when the defender is in this terrain.
    pub combat_shift: i8,
    /// Paradrop survival modifier [18.61]-[18.64].
    pub survival: i8,
    /// Can suffer collateral damage [10.2]; index into the collateral rows.
    pub collateral_row: Option<u8>,
    /// Zones of control do not extend into it (urban [6.14]).
    pub zoc_blocked: bool,
    /// Units may pass but not stop (lake [5.26]).
    pub no_stopping: bool,
    /// Counts as open terrain for [18.61].
    pub open: bool,
}

/// Hexside costs and shifts ([5.25], [7.43]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HexsideEffects {
    pub mp_half: u16,
    pub combat_shift: i8,
}

/// Combat results ([7.6]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CombatResult {
    NoEffect,
    A1,
    A2,
    A3,
    Ae,
    Br,
    D1,
    D2,
    D3,
    D4,
    De,
    Ex,
    Ax,
}

/// Reinforcement Table results ([17.1]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ReinforcementResult {
    NoReinforcements,
    NoEffect,
    AirSupport,
    AirSupportAndJagerbrigade,
}

/// Survival Table results ([18.0] procedure, [18.5]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SurvivalResult {
    Destroyed,
    Scatter,
    Lands,
}

/// Honors of War Table results ([19.1]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HonorsResult {
    NoEffect,
    Bonus,
    CeaseFireOrSurrender,
    Surrender,
    /// Modifies the second die roll ([19.14]).
    Modifier(i8),
}

/// One box of the Turn Record Track.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnBox {
    pub night: bool,
    pub wp_air_points: u8,
    /// VP multiple times two (so 1/2 is exact) [20.21].
    pub vp_multiple_halves: u8,
}

/// A hidden strength in the untried-counter mix (stand-in).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UntriedChit {
    pub kind: crate::core::units::UnitKind,
    pub attack: u8,
    pub defense: u8,
    pub count: u8,
}

/// All charts of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tables {
    pub terrain: heapless::Vec<TerrainEffects, MAX_TERRAIN>,
    pub water: HexsideEffects,
    pub ferry: HexsideEffects,
    pub bridge: HexsideEffects,
    pub border: HexsideEffects,
    pub lake_shore: HexsideEffects,
    /// Ruin marker: extra half-MP and extra shift on top of the hex's terrain [10.55].
    pub ruin: HexsideEffects,
    pub crt_columns: Columns,
    /// `crt[die - 1][column]`.
    pub crt: [heapless::Vec<CombatResult, 24>; 6],
    /// Collateral damage: per terrain row, the fire-strength threshold of each column [10.3].
    pub collateral_thresholds: heapless::Vec<heapless::Vec<u8, 8>, 8>,
    /// `collateral[die - 1][column]` = damage?
    pub collateral: [heapless::Vec<bool, 8>; 6],
    /// Index 0 = total 2 … index 10 = total 12.
    pub reinforcement: [ReinforcementResult; 11],
    /// Index 0 = modified total 1 … index 11 = 12 [18.65].
    pub survival: [SurvivalResult; 12],
    /// Die face 1..6 → direction index (core::hex::Dir) [18.1].
    pub scatter: [u8; 6],
    /// Surrender Point thresholds of the Honors of War columns [19.3].
    pub honors_columns: heapless::Vec<i16, MAX_HOW_COLUMNS>,
    /// `honors[total - 2][column]`.
    pub honors: [heapless::Vec<HonorsResult, MAX_HOW_COLUMNS>; 11],
    pub turns: heapless::Vec<TurnBox, MAX_TURNS>,
    pub untried: heapless::Vec<UntriedChit, MAX_UNTRIED_CHITS>,
}

/// Where a set-up group may be placed ([21.11], [21.21], [21.31]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Zone85 {
    /// Hexes with any of these symbols (HexFeatures bits) in a region.
    PlaceKinds { features: u32, region: Region },
    /// Within `distance` hexes of a barracks hex of a zone.
    NearBarracks { zone: Zone, distance: u8 },
    /// The hexes of a named place or area (Potsdam).
    Area { name: heapless::String<32> },
    /// Within `distance` hexes of one or more map edges, in the given regions (bitmask 1<<Region).
    NearEdge {
        edges: heapless::Vec<Edge, 4>,
        distance: u8,
        regions: u8,
    },
    /// Columns `col_lo..=col_hi`, rows `row_min..` (19th Mech: 37xx-39xx north of xx15).
    Columns {
        col_lo: u8,
        col_hi: u8,
        row_min: u8,
        regions: u8,
    },
    /// Terrain keys (e.g. urban) within regions.
    Terrain { terrain: u16, regions: u8 },
    /// Anywhere in the regions.
    Regions { regions: u8 },
}

/// One set-up group: these units go one per hex in this zone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetupGroup {
    pub side: Side,
    /// Set-up order step (lower first) [3.0], [21.31].
    pub step: u8,
    pub units: heapless::Vec<UnitId, MAX_GROUP_UNITS>,
    pub zone: Zone85,
    /// Not in an enemy ZOC [21.21].
    pub not_in_enemy_zoc: bool,
    /// All units of the group within this many hexes of each other [21.11] 34th Art, [21.21].
    pub group_radius: Option<u8>,
    /// The owner may withhold this group ([20.21]).
    pub may_withhold: bool,
    pub case: heapless::String<8>,
}

/// How reinforcements arrive ([13.0]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Arrival {
    /// Any turn from `turn`, airlanding or paradrop (the 103rd Guards [21.12]).
    AirlandingOrParadrop,
    /// Only as NATO emergency reinforcements ([17.0], the Jägerbrigade).
    Emergency,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReinforcementGroup {
    pub side: Side,
    pub units: heapless::Vec<UnitId, MAX_GROUP_UNITS>,
    pub from_turn: u8,
    pub arrival: Arrival,
}

/// Scenario special-rule switches, each from its case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct SpecialRules {
    /// [21.15] 1: Warsaw Pact police may not move or attack before this turn.
    pub wp_police_frozen_until: u8,
    /// [21.15] 2: WP two-column bonus in both combat phases of turn 1 (adjacent attacks).
    pub wp_first_turn_bonus_shifts: u8,
    /// [21.22]: a 12 on the Reinforcement Table reads as 11.
    pub twelve_reads_as_eleven: bool,
    /// [21.25] 1: NATO police one column shift in their favour.
    pub nato_police_bonus: bool,
    /// [21.25] 2: NATO may demolish POL hexes like bridges.
    pub nato_pol_demolition: bool,
    /// [21.31]: no Warsaw Pact Player-Turn on the first Game-Turn.
    pub skip_first_wp_turn: bool,
    /// [21.32]: no reinforcements of any kind.
    pub no_reinforcements: bool,
    /// [21.33]: WP air points are 1d6 each turn, NATO none.
    pub random_wp_air: bool,
    /// [21.35] 1: Honors of War, Reinforcement, Survival tables, SP track unused.
    pub no_honors_no_surrender: bool,
    /// [21.35] 2: West Berlin police may leave West Berlin, enter enemy ZOC, one border side.
    pub police_unrestricted: bool,
    /// [21.35] 3: NATO may exit north, south, west edges for +2 MP.
    pub nato_may_exit: bool,
    /// [21.35] 4: WP out of supply until a supply-priority roll succeeds.
    pub wp_supply_priority: bool,
    /// [21.35] 5: WP may demolish bridges in East Germany / East Berlin.
    pub wp_bridge_demolition: bool,
    /// [21.36]: Medicine Wheel victory points instead of [20.0].
    pub medicine_wheel_vp: bool,
}

/// Which units a Victory Point line counts ([21.36]). Military police are not police [19.43].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum VpUnits {
    Police,
    NonPolice,
    Any,
}

impl VpUnits {
    pub fn counts(self, kind: crate::core::units::UnitKind) -> bool {
        let police = kind == crate::core::units::UnitKind::Police;
        match self {
            VpUnits::Police => police,
            VpUnits::NonPolice => !police,
            VpUnits::Any => true,
        }
    }
}

/// What a Victory Point line pays for ([21.36]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum VpEvent {
    /// Each enemy unit of these units destroyed.
    EnemyDestroyed { units: VpUnits },
    /// Each own unit of these units that leaves the map across one of `edges` ([21.35] 3).
    Exited {
        units: VpUnits,
        edges: heapless::Vec<Edge, 4>,
    },
    /// Each hex of `zone` the side holds at the end ([19.44] "held").
    HeldAtEnd { zone: Zone85 },
}

/// One line of a scenario's Victory Point schedule: `side` scores `points` VP per `event`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VpEntry {
    pub side: Side,
    pub points: u8,
    pub event: VpEvent,
    pub case: heapless::String<8>,
    /// Project-authored, not printed in the rulebook.
    pub stand_in: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scenario {
    pub id: heapless::String<16>,
    pub name: heapless::String<32>,
    pub case: heapless::String<8>,
    pub start_turn: u8,
    pub end_turn: u8,
    pub setup: heapless::Vec<SetupGroup, MAX_SETUP_GROUPS>,
    pub reinforcements: heapless::Vec<ReinforcementGroup, MAX_REINFORCEMENT_GROUPS>,
    pub rules: SpecialRules,
    /// The scenario's own Victory Point schedule, used when `rules.medicine_wheel_vp` ([21.36]).
    pub victory_points: heapless::Vec<VpEntry, MAX_VP_ENTRIES>,
}

/// Everything static about Berlin '85.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameData {
    pub map: MapData,
    pub roster: Roster,
    pub tables: Tables,
    pub scenarios: heapless::Vec<Scenario, MAX_SCENARIOS>,
    /// Names of the files/tables that are stand-ins (for the About screen).
    pub stand_ins: heapless::Vec<heapless::String<24>, 16>,
}

impl GameData {
    pub fn scenario(&self, id: &str) -> Option<&Scenario> {
        self.scenarios.iter().find(|s| s.id.as_str() == id)
    }
    pub fn terrain(&self, h: HexId) -> Option<&TerrainEffects> {
        self.tables.terrain.get(self.map.terrain(h) as usize)
    }
    pub fn terrain_key(&self, key: &str) -> Option<u8> {
        self.tables
            .terrain
            .iter()
            .position(|t| t.key.as_str() == key)
            .map(|i| i as u8)
    }
}
