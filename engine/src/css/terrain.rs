//! The ground of the Company Scale System: terrain dots and what they cost each movement class,
//! hexside features, route rates, elevation, hexes a river or stream divides, and the markers
//! that change the ground during play (series S2.1, S2.1.1, S7.1, S7.3, S7.4, S7.5, S7.9,
//! S7.10, S8.2, S8.3).
//!
//! The terrain costs the *Gates* exclusive rules state are binding (2.1.1–2.1.9, 2.2.1–2.2.2);
//! everything else in [`TerrainChart::stand_in`] is the project's stand-in (table S7.3-T,
//! S7.4-T), and the data crate fills a [`TerrainChart`] from `data/gates/tables.toml` later.
//! Costs are in sixths of an MP (S1.5, [`SIXTHS`]).
//!
//! The map itself is the core's [`MapData`]: the terrain dot of each hex is its `TerrainId`
//! (an index into [`TerrainChart::dots`]); roads, railroads, highways, rivers, streams, slopes,
//! bridges, ferries and the Wall are the core's [`SideFeatures`]; roofs, Customs Police posts
//! and reinforcement hexes its [`HexFeatures`]. What the core map has no room for — ground
//! level, divided hexes, hexes barred to a side — is the [`Relief`] beside it.

use crate::core::capacity::gates;
use crate::core::hex::{Dir, HexId, Hexside};
use crate::core::map::{HexFeatures, MapData, SideFeatures, TerrainId};
use crate::core::movement::MpScale;
use crate::core::side::Side;
use serde::{Deserialize, Serialize};

/// The CSS counts MP in sixths, so a road's ½ MP and a highway's ⅓ MP are exact (S1.5).
pub const SIXTHS: MpScale = gates::MP;

/// Terrain dots a chart may hold.
pub const MAX_DOTS: usize = 16;

/// The movement class of a unit, shown by the colour of its MA (S7.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MoveClass {
    /// Black MA: foot infantry, police on foot, manhandled weapons.
    Leg,
    /// Red MA: trucks, cars, wheeled armoured cars and carriers.
    Wheeled,
    /// Yellow MA: tanks, tracked carriers, self-propelled guns.
    Tracked,
    /// Blue MA: river units moving along river hexsides (exclusive 4.2; S7.11).
    Boat,
}

/// One cost (sixths of an MP) per land movement class; `None` is prohibited ("—").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClassCosts {
    pub leg: Option<u16>,
    pub wheeled: Option<u16>,
    pub tracked: Option<u16>,
}

impl ClassCosts {
    /// Whole MP for each class (`None`: prohibited), in sixths.
    pub const fn mp(leg: Option<u16>, wheeled: Option<u16>, tracked: Option<u16>) -> ClassCosts {
        const fn six(x: Option<u16>) -> Option<u16> {
            match x {
                Some(v) => Some(v * 6),
                None => None,
            }
        }
        ClassCosts {
            leg: six(leg),
            wheeled: six(wheeled),
            tracked: six(tracked),
        }
    }

    /// The same number of sixths for every class.
    pub const fn all(sixths: u16) -> ClassCosts {
        ClassCosts {
            leg: Some(sixths),
            wheeled: Some(sixths),
            tracked: Some(sixths),
        }
    }

    /// The cost for `class`; boats never move through hexes (S7.11).
    #[inline]
    pub const fn get(&self, class: MoveClass) -> Option<u16> {
        match class {
            MoveClass::Leg => self.leg,
            MoveClass::Wheeled => self.wheeled,
            MoveClass::Tracked => self.tracked,
            MoveClass::Boat => None,
        }
    }
}

/// One yes/no per land movement class.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClassFlags {
    pub leg: bool,
    pub wheeled: bool,
    pub tracked: bool,
}

impl ClassFlags {
    pub const ALL: ClassFlags = ClassFlags {
        leg: true,
        wheeled: true,
        tracked: true,
    };
    pub const LEG_ONLY: ClassFlags = ClassFlags {
        leg: true,
        wheeled: false,
        tracked: false,
    };

    #[inline]
    pub const fn get(&self, class: MoveClass) -> bool {
        match class {
            MoveClass::Leg => self.leg,
            MoveClass::Wheeled => self.wheeled,
            MoveClass::Tracked => self.tracked,
            MoveClass::Boat => false,
        }
    }
}

/// A terrain dot: one row of table S7.3-T.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dot {
    pub name: heapless::String<16>,
    /// A hex without a dot is not playable: no unit enters it and it blocks nothing (S2.1).
    pub playable: bool,
    /// MP to enter, per class (S7.3).
    pub cost: ClassCosts,
    /// Blocking terrain (S8.2).
    pub blocks_los: bool,
    /// Levels the obstacle adds to the ground level when it blocks (S8.3, stand-in).
    pub obstacle: u8,
    /// Cover against direct fire and assault, Deployed targets only (S9.5), ≤ 0.
    pub cover_direct: i8,
    /// Cover against indirect fire (S9.8.3), ≤ 0.
    pub cover_indirect: i8,
    /// Classes that may be Deployed here (exclusive 2.1.4, 2.1.6; S2.2.1).
    pub deploy: ClassFlags,
}

/// The Column rates of the three routes (S7.5, exclusive 2.1.7–2.1.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Routes {
    pub highway: ClassCosts,
    pub railroad: ClassCosts,
    pub road: ClassCosts,
}

impl Routes {
    /// The cheapest route a unit of `class` follows across a hexside with features `sf`, if
    /// any route crosses it ("the cheaper one the unit actually follows", S7.5).
    #[inline]
    pub fn rate(&self, sf: SideFeatures, class: MoveClass) -> Option<u16> {
        let mut best: Option<u16> = None;
        for (bit, costs) in [
            (SideFeatures::HIGHWAY, &self.highway),
            (SideFeatures::RAIL, &self.railroad),
            (SideFeatures::ROAD, &self.road),
        ] {
            if sf.has(bit) {
                if let Some(c) = costs.get(class) {
                    best = Some(best.map_or(c, |b| b.min(c)));
                }
            }
        }
        best
    }
}

/// Any route bit: road, railroad or highway.
pub const ROUTES: u16 = SideFeatures::ROAD | SideFeatures::RAIL | SideFeatures::HIGHWAY;

/// Terrain effects: table S7.3-T (dots, routes, fortifications) and S7.4-T (hexsides), and
/// the side-change cost of S7.7. The data crate reads it from `data/gates/tables.toml`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TerrainChart {
    /// Indexed by the map's `TerrainId`.
    pub dots: heapless::Vec<Dot, MAX_DOTS>,
    pub routes: Routes,
    /// Added to the hex entered across a slope hexside (2.2.1: nothing).
    pub slope: ClassCosts,
    /// Added to the hex entered across a stream, or paid to cross a stream inside a hex
    /// (2.2.2); `None`: the class cannot cross.
    pub stream: ClassCosts,
    /// Added for a barbed-wire stretch of the Wall (2.2.6; the value is a stand-in).
    pub wall_wire: ClassCosts,
    /// Added to enter a Customs Police post or a hex next to one that pays for it (2.2.6;
    /// stand-in).
    pub customs: ClassCosts,
    /// MP to change side at the start or end of a Move action (S7.7; stand-in).
    pub side_change: ClassCosts,
    /// Cover a Rubble marker adds in a City hex (2.1.6).
    pub rubble_cover: i8,
    /// Cover a Prepared Position adds (S19.2; stand-in).
    pub prepared_cover: i8,
    /// Cover an Entrenchment adds (S19.2; stand-in).
    pub entrenched_cover: i8,
}

/// The terrain ids of [`TerrainChart::stand_in`] (the legend the data crate's map uses).
pub mod dots {
    use crate::core::map::TerrainId;
    pub const NONE: TerrainId = 0;
    pub const CLEAR: TerrainId = 1;
    pub const WOODS: TerrainId = 2;
    pub const VILLAGE: TerrainId = 3;
    pub const TOWN: TerrainId = 4;
    pub const CITY: TerrainId = 5;
    pub const MARSH: TerrainId = 6;
}

fn name(s: &str) -> heapless::String<16> {
    let mut n = heapless::String::new();
    for c in s.chars() {
        if n.push(c).is_err() {
            break;
        }
    }
    n
}

impl TerrainChart {
    /// Tables S7.3-T and S7.4-T as the series book prints them. Binding (the exclusive rules
    /// state them): every dot's cost per class (2.1.1–2.1.6), cover (2.1.1–2.1.6, B5), who may
    /// deploy (2.1.4, 2.1.6), blocking terrain (2.1.x), the route rates (2.1.7–2.1.9), slope
    /// and stream costs (2.2.1, 2.2.2), Rubble's extra −1 (2.1.6). **Stand-ins**: obstacle
    /// heights (S8.3), the barbed-wire and Customs Police costs (S7.4-T), the side-change cost
    /// (S7.7), fortification cover (S19.2).
    pub fn stand_in() -> TerrainChart {
        let dot = |n: &str, cost, blocks, obstacle, direct, indirect, deploy| Dot {
            name: name(n),
            playable: true,
            cost,
            blocks_los: blocks,
            obstacle,
            cover_direct: direct,
            cover_indirect: indirect,
            deploy,
        };
        let mut dots = heapless::Vec::new();
        let all = ClassFlags::ALL;
        let leg = ClassFlags::LEG_ONLY;
        for d in [
            Dot {
                name: name("no dot"),
                playable: false,
                cost: ClassCosts::default(),
                blocks_los: false,
                obstacle: 0,
                cover_direct: 0,
                cover_indirect: 0,
                deploy: ClassFlags::default(),
            },
            // 2.1.1: 1 / 3 / 2, no cover, not blocking.
            dot("Clear", cm(1, 3, 2), false, 0, 0, 0, all),
            // 2.1.2: 2 / 8 / 6, blocking, −2 direct, nothing against indirect fire.
            dot("Woods", cm(2, 8, 6), true, 1, -2, 0, all),
            // 2.1.3: 1 / 3 / 2, blocking, −1.
            dot("Village", cm(1, 3, 2), true, 1, -1, -1, all),
            // 2.1.4: 1 / 4 / 3, blocking, −2, vehicles may not deploy.
            dot("Town", cm(1, 4, 3), true, 1, -2, -2, leg),
            // 2.1.6: 1 / 4 / 3, blocking, −3, vehicles may not deploy; obstacle 2 (stand-in).
            dot("City", cm(1, 4, 3), true, 2, -3, -3, leg),
            // 2.1.5: 4 / — / —, not blocking, no cover.
            dot(
                "Marsh",
                ClassCosts::mp(Some(4), None, None),
                false,
                0,
                0,
                0,
                all,
            ),
        ] {
            let _ = dots.push(d);
        }
        TerrainChart {
            dots,
            routes: Routes {
                // 2.1.7: ⅓ MP for every class.
                highway: ClassCosts::all(2),
                // 2.1.8: 1 MP.
                railroad: ClassCosts::all(6),
                // 2.1.9: ½ MP leg and tracked, 1 MP wheeled.
                road: ClassCosts {
                    leg: Some(3),
                    wheeled: Some(6),
                    tracked: Some(3),
                },
            },
            slope: ClassCosts::all(0),
            // 2.2.2: +2 leg, wheeled may not, +4 tracked.
            stream: ClassCosts::mp(Some(2), None, Some(4)),
            // Stand-in: +2 leg, wheeled may not, +2 tracked.
            wall_wire: ClassCosts::mp(Some(2), None, Some(2)),
            // Stand-in: +1.
            customs: ClassCosts::mp(Some(1), Some(1), Some(1)),
            // Stand-in: 1 MP leg, 2 MP wheeled and tracked.
            side_change: ClassCosts::mp(Some(1), Some(2), Some(2)),
            rubble_cover: -1,
            prepared_cover: -1,
            entrenched_cover: -2,
        }
    }

    #[inline]
    pub fn dot(&self, t: TerrainId) -> Option<&Dot> {
        self.dots.get(t as usize)
    }
}

const fn cm(leg: u16, wheeled: u16, tracked: u16) -> ClassCosts {
    ClassCosts::mp(Some(leg), Some(wheeled), Some(tracked))
}

/// One of the two parts of a hex a river or stream runs through (S2.1.1, S16.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Part {
    #[default]
    First,
    Second,
}

impl Part {
    pub const fn index(self) -> u8 {
        match self {
            Part::First => 0,
            Part::Second => 1,
        }
    }
    pub const fn from_index(i: u8) -> Part {
        if i & 1 == 0 {
            Part::First
        } else {
            Part::Second
        }
    }
    pub const fn other(self) -> Part {
        match self {
            Part::First => Part::Second,
            Part::Second => Part::First,
        }
    }
}

/// What runs through the middle of a hex and splits its six sides into two parts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Divider {
    #[default]
    None,
    /// A river: a divided hex (exclusive 2.2.3, S16.3); the parts are joined only by a bridge
    /// ([`Parts::bridge`]).
    River,
    /// A ferry crossing the river in the hex (exclusive 2.2.5, S7.9): a divided hex whose
    /// parts a unit in Column crosses only at the start of a later Move action.
    Ferry,
    /// An in-hex stream (exclusive 2.2.2, S7.4): not a divided hex, but crossing it inside the
    /// hex costs the stream's price.
    Stream,
}

/// How a river, stream, ferry or gray part cuts a hex (S2.1.1, S7.4, S7.9, S7.10).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Parts {
    pub divider: Divider,
    /// Bit `d` set: the hexside in direction `d` belongs to the first part; the others to the
    /// second.
    pub first: u8,
    /// Bit `d` set: the hexside in direction `d` is next to a grayed-out part; no unit moves
    /// across it (exclusive 2.2.3, S7.10).
    pub gray: u8,
    /// The routes of the hex cross the divider on a bridge (exclusive 2.2.4: hex 26.25).
    pub bridge: bool,
}

impl Parts {
    /// The part the hexside in direction `d` belongs to.
    #[inline]
    pub const fn part_of(&self, d: Dir) -> Part {
        if matches!(self.divider, Divider::None) || self.first & (1 << d.index()) != 0 {
            Part::First
        } else {
            Part::Second
        }
    }

    /// A divided hex: only one side may be in it and its units are in one part (S16.3).
    pub const fn divided(&self) -> bool {
        matches!(self.divider, Divider::River | Divider::Ferry)
    }

    /// Is the side in direction `d` next to a grayed-out part?
    #[inline]
    pub const fn gray_toward(&self, d: Dir) -> bool {
        self.gray & (1 << d.index()) != 0
    }
}

/// What the core map has no room for, per hex.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HexDetail {
    /// Ground level, 0 for the lowest ground (S8.3).
    pub level: u8,
    pub parts: Parts,
    /// Bit per side that may never enter the hex (bit 0 side A, bit 1 side B): *Gates* 1.2
    /// (NATO never enters East Germany) and 3.5 (NATO stays out of the shaded no-go areas),
    /// S7.8.
    pub barred: u8,
    /// Entering this hex pays the Customs Police surcharge while a post in it or next to it
    /// stands (a post's hex and the West Berlin hexes around it, 2.2.6).
    pub customs: bool,
}

impl HexDetail {
    pub const fn barred_to(&self, side: Side) -> bool {
        self.barred & side_bit(side) != 0
    }
}

const fn side_bit(side: Side) -> u8 {
    match side {
        Side::A => 1,
        Side::B => 2,
    }
}

/// Ground levels, divided hexes and barred hexes of a map of up to `H` hexes, indexed like the
/// core map (`Geometry::index`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Relief<const H: usize> {
    pub hexes: heapless::Vec<HexDetail, H>,
}

impl<const H: usize> Relief<H> {
    /// Level 0, undivided, barred to nobody, for `n` hexes.
    pub fn flat(n: usize) -> Self {
        let mut hexes = heapless::Vec::new();
        for _ in 0..n.min(H) {
            let _ = hexes.push(HexDetail::default());
        }
        Relief { hexes }
    }
}

/// Smoke in a hex (S9.9).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Smoke {
    #[default]
    None,
    /// Thin Smoke blocks no LOS (S9.9.2).
    Thin,
    Smoke,
}

/// A fortification marker (S19.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Fortification {
    #[default]
    None,
    Prepared,
    Entrenched,
}

/// Where a bridge is: on a hexside, or across the divider inside a hex (2.2.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Crossing {
    Side(Hexside),
    InHex(HexId),
}

/// Direct or indirect fire, for cover (S9.5, S9.8.3); an assault reads the direct column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FireKind {
    Direct,
    Indirect,
}

/// The markers that change the ground during play (S2.6), as the game state holds them.
/// Every answer defaults to "no marker".
pub trait Conditions {
    /// A bridge damaged or destroyed (S7.9, S19.0): no longer a bridge.
    fn bridge_out(&self, _at: Crossing) -> bool {
        false
    }
    /// An engineer's crossing stands on this hexside (S19.3): a bridge for units in Column.
    fn temporary_bridge(&self, _s: Hexside) -> bool {
        false
    }
    /// The Wall is breached on this hexside (exclusive 2.2.6, 3.10).
    fn breached(&self, _s: Hexside) -> bool {
        false
    }
    /// The Customs Police post in this hex is destroyed (2.2.6).
    fn customs_destroyed(&self, _h: HexId) -> bool {
        false
    }
    /// The Hex Owned marker of a divided hex: whose units are there and in which part (S16.3).
    fn hex_owned(&self, _h: HexId) -> Option<(Side, Part)> {
        None
    }
    fn rubble(&self, _h: HexId) -> bool {
        false
    }
    fn fortification(&self, _h: HexId) -> Fortification {
        Fortification::None
    }
    fn smoke(&self, _h: HexId) -> Smoke {
        Smoke::None
    }
    /// The hex is seen as by day at night: Illumination (S14.3), an On Fire marker (S14.4),
    /// or a game's rule (*Gates* 3.7: City hexes while the power is on).
    fn lit(&self, _h: HexId) -> bool {
        false
    }
    /// An On Fire marker (exclusive 2.3): it lights its own hex at night and blocks no LOS
    /// (S14.4, `css::night`).
    fn on_fire(&self, _h: HexId) -> bool {
        false
    }
}

/// No markers anywhere (the start of a scenario without any; tests).
#[derive(Clone, Copy, Debug, Default)]
pub struct NoMarkers;

impl Conditions for NoMarkers {}

/// The static ground of one game: the core map, its [`Relief`] and the [`TerrainChart`].
pub struct Ground<'a, const H: usize, const P: usize> {
    pub map: &'a MapData<H, P>,
    pub relief: &'a Relief<H>,
    pub chart: &'a TerrainChart,
}

impl<const H: usize, const P: usize> Clone for Ground<'_, H, P> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<const H: usize, const P: usize> Copy for Ground<'_, H, P> {}

impl<'a, const H: usize, const P: usize> Ground<'a, H, P> {
    pub fn new(map: &'a MapData<H, P>, relief: &'a Relief<H>, chart: &'a TerrainChart) -> Self {
        Ground { map, relief, chart }
    }

    /// The terrain dot of the hex with index `i` (`None` off the map or with an id the chart
    /// does not hold).
    #[inline]
    pub fn dot_at(&self, i: usize) -> Option<&'a Dot> {
        let t = *self.map.terrain.get(i)?;
        self.chart.dot(t)
    }

    #[inline]
    pub fn dot(&self, h: HexId) -> Option<&'a Dot> {
        self.dot_at(self.map.idx(h)?)
    }

    /// A playable hex: on the map with a dot (S2.1).
    pub fn playable(&self, h: HexId) -> bool {
        self.dot(h).is_some_and(|d| d.playable)
    }

    #[inline]
    pub fn detail_at(&self, i: usize) -> HexDetail {
        self.relief.hexes.get(i).copied().unwrap_or_default()
    }

    pub fn detail(&self, h: HexId) -> HexDetail {
        self.map
            .idx(h)
            .map_or(HexDetail::default(), |i| self.detail_at(i))
    }

    /// Ground level (S8.3).
    pub fn level(&self, h: HexId) -> u8 {
        self.detail(h).level
    }

    /// Blocking terrain (S8.2); a hex without a dot blocks nothing.
    pub fn blocks_los(&self, h: HexId) -> bool {
        self.dot(h).is_some_and(|d| d.playable && d.blocks_los)
    }

    /// The top of a hex for sight: its level plus the obstacle height of blocking terrain
    /// (S8.3); `None` for bare ground.
    pub fn obstacle_top(&self, h: HexId) -> Option<u8> {
        let d = self.dot(h)?;
        (d.playable && d.blocks_los).then(|| self.level(h).saturating_add(d.obstacle))
    }

    pub fn features(&self, h: HexId) -> HexFeatures {
        self.map.features(h)
    }

    /// Hexside features between `h` and its neighbour toward `d`.
    #[inline]
    pub fn side_toward(&self, h: HexId, d: Dir) -> SideFeatures {
        self.map.side_toward(h, d)
    }

    /// May a unit of `class` be Deployed in `h` (exclusive 2.1.4, 2.1.6; S2.2.1, S7.7)?
    pub fn may_deploy(&self, h: HexId, class: MoveClass) -> bool {
        self.dot(h)
            .is_some_and(|d| d.playable && d.deploy.get(class))
    }

    /// Is there a bridge in `h` or on one of its sides, standing? Units in Column in such a
    /// hex are on the bridge: +2 to fire against them (exclusive 2.2.4, S7.9, table S9.5-T).
    pub fn has_bridge(&self, h: HexId, cond: &impl Conditions) -> bool {
        let g = &self.map.geometry;
        let parts = self.detail(h).parts;
        if parts.bridge && !cond.bridge_out(Crossing::InHex(h)) {
            return true;
        }
        Dir::ALL.into_iter().any(|d| {
            let sf = self.side_toward(h, d);
            let Some(s) = g.canonical_side(h, d) else {
                return false;
            };
            let water = sf.has(SideFeatures::WATER | SideFeatures::STREAM);
            let bridge = sf.has(SideFeatures::BRIDGE)
                || (water && sf.has(ROUTES) && !sf.has(SideFeatures::FERRY));
            (bridge && !cond.bridge_out(Crossing::Side(s))) || cond.temporary_bridge(s)
        })
    }

    /// Terrain cover of a unit in `h` against fire of `kind` (table S7.3-T, S9.5, S9.8.3):
    /// the dot's cover, Rubble's extra −1 in a City (2.1.6) and a fortification (S19.2) — only
    /// for a Deployed target; a unit in Column never has cover (S2.2.1).
    pub fn cover(&self, h: HexId, deployed: bool, kind: FireKind, cond: &impl Conditions) -> i8 {
        if !deployed {
            return 0;
        }
        let Some(d) = self.dot(h) else { return 0 };
        let mut c = match kind {
            FireKind::Direct => d.cover_direct,
            FireKind::Indirect => d.cover_indirect,
        };
        if cond.rubble(h) {
            c += self.chart.rubble_cover;
        }
        c += match cond.fortification(h) {
            Fortification::None => 0,
            Fortification::Prepared => self.chart.prepared_cover,
            Fortification::Entrenched => self.chart.entrenched_cover,
        };
        c
    }

    /// Is `to` next to `from` for movement and assault, `from`'s units being in `part`
    /// (S7.10, S16.3)? Fire, spotting and range use plain adjacency.
    pub fn adjacent_for_movement(&self, from: HexId, part: Part, to: HexId) -> bool {
        let g = &self.map.geometry;
        let Some(d) = g.direction_to(from, to) else {
            return false;
        };
        let (a, b) = (self.detail(from).parts, self.detail(to).parts);
        !a.gray_toward(d) && !b.gray_toward(d.opposite()) && (!a.divided() || a.part_of(d) == part)
    }
}

#[cfg(test)]
#[path = "terrain_tests.rs"]
pub(crate) mod tests;
