//! The map: static per-hex terrain and features, per-hexside features, named places;
//! plus the mutable per-hex state (markers, who holds the hex) that lives in game state.

use super::hex::{Dir, Geometry, HexId, Hexside};
use super::side::Side;
use serde::{Deserialize, Serialize};

/// Berlin '85's hex capacity under its old name (`ui/`, `data/` and Berlin '85's modules use
/// it). Per-hex arrays are sized per game: see `core::capacity`.
pub const MAX_HEXES: usize = super::capacity::berlin85::HEXES;
/// Berlin '85's place capacity under its old name (see `core::capacity`).
pub const MAX_PLACES: usize = super::capacity::berlin85::PLACES;
/// Hexes in one named place or area.
pub const MAX_PLACE_HEXES: usize = 64;

/// Index into the ruleset's terrain table (the legend of `map.txt`).
pub type TerrainId = u8;

/// Features of one hexside, shared vocabulary of all three games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideFeatures(pub u16);

impl SideFeatures {
    pub const WATER: u16 = 1 << 0;
    pub const FERRY: u16 = 1 << 1;
    pub const BRIDGE: u16 = 1 << 2;
    pub const BORDER: u16 = 1 << 3;
    pub const ROAD: u16 = 1 << 4;
    pub const AUTOBAHN: u16 = 1 << 5;
    pub const UBAHN: u16 = 1 << 6;
    pub const RAIL: u16 = 1 << 7;
    /// Side of a lake hex (Berlin '85 [5.26]: 4 MP in and 4 MP out).
    pub const LAKE_SHORE: u16 = 1 << 8;
    pub const CANAL: u16 = 1 << 9;
    /// The crest of a rise (CSS slope hexside, Gates 2.2.1: blocks sight, no MP).
    pub const SLOPE: u16 = 1 << 10;
    /// A stream: water that can be forded at a price (Gates 2.2.2), unlike `WATER`, a river no
    /// unit crosses without a bridge (2.2.3).
    pub const STREAM: u16 = 1 << 11;
    /// A `BORDER` (Wall) hexside that is only barbed wire and may be crossed at a price
    /// (Gates 2.2.6).
    pub const WALL_WIRE: u16 = 1 << 12;
    /// A crossing point through a `BORDER` (Wall) hexside, crossed at no cost (Gates 2.2.6:
    /// Checkpoint Charlie).
    pub const WALL_GAP: u16 = 1 << 13;
    /// A highway: the CSS name of the limited-access road Berlin '85 calls the Autobahn
    /// (Gates 2.1.7); the same bit.
    pub const HIGHWAY: u16 = Self::AUTOBAHN;

    pub const fn has(self, f: u16) -> bool {
        self.0 & f != 0
    }
    pub fn insert(&mut self, f: u16) {
        self.0 |= f;
    }
}

/// Symbols printed in a hex.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HexFeatures(pub u32);

impl HexFeatures {
    pub const SUPPLY: u32 = 1 << 0;
    pub const BARRACKS: u32 = 1 << 1;
    pub const OBJECTIVE: u32 = 1 << 2;
    pub const POL: u32 = 1 << 3;
    pub const AIRFIELD: u32 = 1 << 4;
    pub const CONTROL_TOWER: u32 = 1 << 5;
    pub const RAIL_LINE: u32 = 1 << 6;
    pub const TOWN: u32 = 1 << 7;
    /// Fortress Berlin fortifications (10.1.2–10.1.4): no enemy zone of control enters them
    /// (3.2.3). Not terrain (7.3.1), so they are features, not terrain ids.
    pub const BUNKER: u32 = 1 << 8;
    pub const STRONGPOINT: u32 = 1 << 9;
    pub const FLAK_TOWER: u32 = 1 << 10;
    /// A U-Bahn station, where units go underground (Fortress Berlin 17.1.1).
    pub const STATION: u32 = 1 << 11;
    // Bits 8-11 are Fortress Berlin's, 12-14 the CSS series'; each game's map uses its own.
    /// A gray building graphic with a roof that spotters see from (Gates 3.6).
    pub const ROOF: u32 = 1 << 12;
    /// A Customs Police headquarters (Gates 2.2.6).
    pub const CUSTOMS_POST: u32 = 1 << 13;
    /// A reinforcement hex: stacking is unlimited (Gates 3.5).
    pub const REINFORCEMENT: u32 = 1 << 14;

    pub const fn has(self, f: u32) -> bool {
        self.0 & f != 0
    }
    pub fn insert(&mut self, f: u32) {
        self.0 |= f;
    }
}

/// A named multi-hex place: an airfield, Potsdam, the rail line …
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Place {
    pub name: heapless::String<32>,
    pub kind: PlaceKind,
    pub hexes: heapless::Vec<HexId, MAX_PLACE_HEXES>,
    /// Control towers belonging to an airfield.
    pub towers: heapless::Vec<HexId, 4>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlaceKind {
    /// Large airfield with control tower(s): nine units may airland (Berlin '85 [13.22]).
    Flughafen,
    /// Small airfield: three units may airland [13.22].
    Flugplatz,
    /// A named area rules refer to (Potsdam [21.11], the rail line [20.22]).
    Area,
}

/// Everything about the map that never changes during a game: up to `H` hexes and `P` named
/// places. Each game names its own capacities (`core::capacity`); the serialised form does not
/// depend on them (postcard writes lengths, not capacities).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MapData<const H: usize, const P: usize> {
    pub geometry: Geometry,
    pub terrain: heapless::Vec<TerrainId, H>,
    /// Region id per hex (game-defined: Berlin '85 uses `berlin85::data::Region`).
    pub region: heapless::Vec<u8, H>,
    /// Occupation zone / nationality id per hex (0 = none).
    pub zone: heapless::Vec<u8, H>,
    pub features: heapless::Vec<HexFeatures, H>,
    /// Features of the three canonical sides (directions 0..3) of each hex.
    pub sides: heapless::Vec<[SideFeatures; 3], H>,
    pub places: heapless::Vec<Place, P>,
}

impl<const H: usize, const P: usize> MapData<H, P> {
    /// An all-clear map of the given shape (terrain 0), for tests and as a loader base. A map
    /// with more than `H` hexes is cut to its first `H` (loaders refuse such maps first).
    pub fn blank(geometry: Geometry) -> Self {
        let n = geometry.hex_count().min(H);
        let mut m = MapData {
            geometry,
            terrain: heapless::Vec::new(),
            region: heapless::Vec::new(),
            zone: heapless::Vec::new(),
            features: heapless::Vec::new(),
            sides: heapless::Vec::new(),
            places: heapless::Vec::new(),
        };
        for _ in 0..n {
            let _ = m.terrain.push(0);
            let _ = m.region.push(0);
            let _ = m.zone.push(0);
            let _ = m.features.push(HexFeatures::default());
            let _ = m.sides.push([SideFeatures::default(); 3]);
        }
        m
    }

    #[inline]
    pub fn idx(&self, h: HexId) -> Option<usize> {
        self.geometry.index(h).filter(|&i| i < self.terrain.len())
    }

    pub fn terrain(&self, h: HexId) -> TerrainId {
        self.idx(h).map_or(0, |i| self.terrain[i])
    }

    pub fn region(&self, h: HexId) -> u8 {
        self.idx(h).map_or(0, |i| self.region[i])
    }

    pub fn zone(&self, h: HexId) -> u8 {
        self.idx(h).map_or(0, |i| self.zone[i])
    }

    pub fn features(&self, h: HexId) -> HexFeatures {
        self.idx(h)
            .map_or(HexFeatures::default(), |i| self.features[i])
    }

    pub fn side(&self, s: Hexside) -> SideFeatures {
        self.idx(s.hex).map_or(SideFeatures::default(), |i| {
            self.sides[i][s.dir as usize % 3]
        })
    }

    pub fn side_mut(&mut self, s: Hexside) -> Option<&mut SideFeatures> {
        let i = self.idx(s.hex)?;
        self.sides.get_mut(i).map(|a| &mut a[s.dir as usize % 3])
    }

    /// Features of the side between `h` and its neighbour in direction `d`.
    /// (Hot in every search: the canonical owner is found without building a `Hexside`.)
    #[inline]
    pub fn side_toward(&self, h: HexId, d: Dir) -> SideFeatures {
        let di = d.index();
        let (owner, k) = if di < 3 {
            (Some(h), di)
        } else {
            (self.geometry.neighbour(h, d), di - 3)
        };
        owner
            .and_then(|o| self.idx(o))
            .and_then(|i| self.sides.get(i))
            .map_or(SideFeatures::default(), |a| a[k])
    }

    /// Features of the side a search step crosses: [`MapData::side_toward`] from the indices
    /// the step already knows (the canonical owner is `from` for directions 0..3, else `to`).
    #[inline]
    pub fn side_of_link(&self, link: &super::movement::Link) -> SideFeatures {
        let di = link.d.index();
        let (owner, k) = if di < 3 {
            (link.from_i, di)
        } else {
            (link.to_i, di - 3)
        };
        if owner < self.terrain.len() {
            self.sides
                .get(owner)
                .map_or(SideFeatures::default(), |a| a[k])
        } else {
            SideFeatures::default()
        }
    }

    /// Does any side of `h` carry feature `f` (e.g. "is this a road hex")?
    pub fn hex_has_side_feature(&self, h: HexId, f: u16) -> bool {
        Dir::ALL.iter().any(|&d| self.side_toward(h, d).has(f))
    }

    pub fn place(&self, name: &str) -> Option<&Place> {
        self.places.iter().find(|p| p.name.as_str() == name)
    }

    /// The airfield (if any) a hex belongs to, as a tower or a field hex.
    pub fn airfield_of(&self, h: HexId) -> Option<(usize, &Place)> {
        self.places.iter().enumerate().find(|(_, p)| {
            matches!(p.kind, PlaceKind::Flughafen | PlaceKind::Flugplatz)
                && (p.hexes.contains(&h) || p.towers.contains(&h))
        })
    }

    pub fn hexes(&self) -> impl Iterator<Item = HexId> + '_ {
        (0..self.terrain.len()).filter_map(|i| self.geometry.hex_at(i))
    }
}

/// Markers that change during play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Markers(pub u8);

impl Markers {
    pub const RUIN: u8 = 1 << 0;
    pub const FIRE: u8 = 1 << 1;
    pub const GAS: u8 = 1 << 2;
    /// The hex has burned once and can never burn again (Berlin '85 [10.73]).
    pub const BURNED: u8 = 1 << 3;
    /// A POL hex demolished by its owner (Berlin '85 [21.25] 2).
    pub const POL_DESTROYED: u8 = 1 << 4;

    pub const fn has(self, f: u8) -> bool {
        self.0 & f != 0
    }
    pub fn insert(&mut self, f: u8) {
        self.0 |= f;
    }
    pub fn remove(&mut self, f: u8) {
        self.0 &= !f;
    }
}

/// Mutable state of one hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HexState {
    pub markers: Markers,
    /// The side that last moved through the hex or held it at the start (Berlin '85 [19.44]).
    pub held_by: Side,
    /// Game-Turn a fire or gas marker was placed (for removal timing).
    pub marker_turn: u8,
}

impl Default for HexState {
    fn default() -> Self {
        HexState {
            markers: Markers::default(),
            held_by: Side::A,
            marker_turn: 0,
        }
    }
}
