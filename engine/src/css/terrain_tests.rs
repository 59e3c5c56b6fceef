//! Small hand-made boards for the CSS tests ([`Board`], [`Marks`]) and the tests of the
//! terrain chart's queries (table S7.3-T cover, bridges, movement adjacency).

extern crate std;

use super::*;
use crate::core::hex::{Edge, Geometry, HexFormat, ShiftedColumns};
use std::vec::Vec;

/// Hexes of a test board.
pub(crate) const BH: usize = 400;
/// Places of a test board.
pub(crate) const BP: usize = 4;

pub(crate) fn h(col: u8, row: u8) -> HexId {
    HexId::new(col, row)
}

/// A 20 x 20 board, every hex Clear at level 0, with the stand-in chart.
pub(crate) struct Board {
    pub map: MapData<BH, BP>,
    pub relief: Relief<BH>,
    pub chart: TerrainChart,
}

impl Board {
    pub fn new() -> Board {
        let g = Geometry {
            columns: 20,
            rows: 20,
            shifted: ShiftedColumns::Even,
            format: HexFormat::CcDotRr,
            first_column_at: Edge::West,
            first_row_at: Edge::North,
        };
        let mut map = MapData::blank(g);
        for t in map.terrain.iter_mut() {
            *t = dots::CLEAR;
        }
        Board {
            relief: Relief::flat(g.hex_count()),
            map,
            chart: TerrainChart::stand_in(),
        }
    }

    pub fn ground(&self) -> Ground<'_, BH, BP> {
        Ground::new(&self.map, &self.relief, &self.chart)
    }

    pub fn g(&self) -> Geometry {
        self.map.geometry
    }

    fn i(&self, at: HexId) -> usize {
        self.map.idx(at).expect("on the board")
    }

    pub fn dot(&mut self, at: HexId, dot: TerrainId) -> &mut Self {
        let i = self.i(at);
        self.map.terrain[i] = dot;
        self
    }

    /// Adds `f` to the hexside between the adjacent `a` and `b`.
    pub fn side(&mut self, a: HexId, b: HexId, f: u16) -> &mut Self {
        let s = self.g().side_between(a, b).expect("adjacent hexes");
        self.map.side_mut(s).expect("on the board").insert(f);
        self
    }

    /// A route (or any hexside feature) along a chain of adjacent hexes.
    pub fn route(&mut self, hexes: &[HexId], f: u16) -> &mut Self {
        for w in hexes.windows(2) {
            self.side(w[0], w[1], f);
        }
        self
    }

    pub fn level(&mut self, at: HexId, level: u8) -> &mut Self {
        let i = self.i(at);
        self.relief.hexes[i].level = level;
        self
    }

    pub fn parts(&mut self, at: HexId, parts: Parts) -> &mut Self {
        let i = self.i(at);
        self.relief.hexes[i].parts = parts;
        self
    }

    pub fn detail(&mut self, at: HexId) -> &mut HexDetail {
        let i = self.i(at);
        &mut self.relief.hexes[i]
    }

    pub fn feature(&mut self, at: HexId, f: u32) -> &mut Self {
        let i = self.i(at);
        self.map.features[i].insert(f);
        self
    }

    /// The direction from `a` to its neighbour `b`.
    pub fn dir(&self, a: HexId, b: HexId) -> Dir {
        self.g().direction_to(a, b).expect("adjacent hexes")
    }

    /// The side mask of the directions from `at` toward `toward`.
    pub fn mask(&self, at: HexId, toward: &[HexId]) -> u8 {
        toward
            .iter()
            .fold(0, |m, &n| m | 1 << self.dir(at, n).index())
    }
}

/// Markers of a test position.
#[derive(Default)]
pub(crate) struct Marks {
    pub bridges_out: Vec<Crossing>,
    pub temporary: Vec<Hexside>,
    pub breached: Vec<Hexside>,
    pub customs_destroyed: Vec<HexId>,
    pub owned: Vec<(HexId, Side, Part)>,
    pub rubble: Vec<HexId>,
    pub forts: Vec<(HexId, Fortification)>,
    pub smoke: Vec<(HexId, Smoke)>,
    pub lit: Vec<HexId>,
}

impl Conditions for Marks {
    fn bridge_out(&self, at: Crossing) -> bool {
        self.bridges_out.contains(&at)
    }
    fn temporary_bridge(&self, s: Hexside) -> bool {
        self.temporary.contains(&s)
    }
    fn breached(&self, s: Hexside) -> bool {
        self.breached.contains(&s)
    }
    fn customs_destroyed(&self, at: HexId) -> bool {
        self.customs_destroyed.contains(&at)
    }
    fn hex_owned(&self, at: HexId) -> Option<(Side, Part)> {
        self.owned
            .iter()
            .find(|o| o.0 == at)
            .map(|&(_, s, p)| (s, p))
    }
    fn rubble(&self, at: HexId) -> bool {
        self.rubble.contains(&at)
    }
    fn fortification(&self, at: HexId) -> Fortification {
        self.forts
            .iter()
            .find(|f| f.0 == at)
            .map_or(Fortification::None, |f| f.1)
    }
    fn smoke(&self, at: HexId) -> Smoke {
        self.smoke
            .iter()
            .find(|s| s.0 == at)
            .map_or(Smoke::None, |s| s.1)
    }
    fn lit(&self, at: HexId) -> bool {
        self.lit.contains(&at)
    }
}

// Table S7.3-T, cover column (exclusive 2.1.1–2.1.6, B5, B10; S19.2): a Deployed unit gets its
// dot's cover, more with Rubble in a City and with a fortification; a unit in Column none.
#[test]
fn css_s7_3_cover_is_for_deployed_units_only_with_rubble_and_fortifications() {
    let mut b = Board::new();
    b.dot(h(2, 2), dots::WOODS)
        .dot(h(3, 3), dots::CITY)
        .dot(h(4, 4), dots::VILLAGE);
    let g = b.ground();
    let mut m = Marks::default();
    assert_eq!(g.cover(h(2, 2), true, FireKind::Direct, &m), -2);
    assert_eq!(
        g.cover(h(2, 2), true, FireKind::Indirect, &m),
        0,
        "2.1.2: tree bursts"
    );
    assert_eq!(g.cover(h(2, 2), false, FireKind::Direct, &m), 0, "Column");
    assert_eq!(g.cover(h(3, 3), true, FireKind::Direct, &m), -3);
    assert_eq!(g.cover(h(1, 1), true, FireKind::Direct, &m), 0, "Clear");
    m.rubble.push(h(3, 3));
    assert_eq!(
        g.cover(h(3, 3), true, FireKind::Direct, &m),
        -4,
        "2.1.6 Rubble"
    );
    assert_eq!(g.cover(h(3, 3), true, FireKind::Indirect, &m), -4);
    m.forts.push((h(4, 4), Fortification::Prepared));
    m.forts.push((h(2, 2), Fortification::Entrenched));
    assert_eq!(g.cover(h(4, 4), true, FireKind::Direct, &m), -2);
    assert_eq!(g.cover(h(2, 2), true, FireKind::Indirect, &m), -2);
    assert_eq!(g.cover(h(4, 4), false, FireKind::Direct, &m), 0);
}

// S2.1, S8.2: the dot decides the terrain; a hex without a dot is not playable and blocks
// nothing; Woods, Village, Town and City block, Clear and Marsh do not.
#[test]
fn css_s2_1_the_dot_is_the_terrain_and_dotless_hexes_are_unplayable() {
    let mut b = Board::new();
    b.dot(h(1, 1), dots::NONE).dot(h(1, 2), dots::MARSH);
    for (d, blocks) in [
        (dots::WOODS, true),
        (dots::VILLAGE, true),
        (dots::TOWN, true),
        (dots::CITY, true),
    ] {
        b.dot(h(2, 2), d);
        assert_eq!(b.ground().blocks_los(h(2, 2)), blocks);
    }
    let g = b.ground();
    assert!(!g.playable(h(1, 1)) && !g.blocks_los(h(1, 1)));
    assert!(g.playable(h(1, 2)) && !g.blocks_los(h(1, 2)));
    assert!(g.playable(h(3, 3)) && !g.blocks_los(h(3, 3)));
}

// S7.9, exclusive 2.2.4: a unit in Column in a hex with a standing bridge is on it (+2 to fire
// against it); a blown bridge is no bridge; an engineer's crossing is one (S19.3).
#[test]
fn css_s7_9_a_hex_with_a_standing_bridge_puts_column_units_on_it() {
    let mut b = Board::new();
    b.side(h(5, 5), h(5, 6), SideFeatures::WATER | SideFeatures::ROAD)
        .side(h(8, 8), h(8, 9), SideFeatures::STREAM);
    let mut m = Marks::default();
    let g = b.ground();
    assert!(g.has_bridge(h(5, 5), &m) && g.has_bridge(h(5, 6), &m));
    assert!(
        !g.has_bridge(h(8, 8), &m),
        "a stream without a route has no bridge"
    );
    let s = b.g().side_between(h(5, 5), h(5, 6)).unwrap();
    m.bridges_out.push(Crossing::Side(s));
    assert!(!g.has_bridge(h(5, 5), &m));
    m.temporary
        .push(b.g().side_between(h(8, 8), h(8, 9)).unwrap());
    assert!(g.has_bridge(h(8, 9), &m));
}

// S7.10, S16.3, exclusive 2.2.3: a divided hex is next to the hexes of the part its units are
// in for movement; a gray part's neighbours are not next to it for movement at all.
#[test]
fn css_s7_10_divided_hexes_are_adjacent_for_movement_only_from_the_occupied_part() {
    let mut b = Board::new();
    let x = h(6, 6);
    let north = [h(6, 7)];
    let first = b.mask(x, &north);
    b.parts(
        x,
        Parts {
            divider: Divider::River,
            first,
            ..Parts::default()
        },
    );
    let gray_hex = h(10, 10);
    let gray = b.mask(gray_hex, &[h(10, 11)]);
    b.parts(
        gray_hex,
        Parts {
            gray,
            ..Parts::default()
        },
    );
    let g = b.ground();
    assert!(g.adjacent_for_movement(x, Part::First, h(6, 7)));
    assert!(!g.adjacent_for_movement(x, Part::Second, h(6, 7)));
    assert!(g.adjacent_for_movement(x, Part::Second, h(6, 5)));
    assert!(!g.adjacent_for_movement(x, Part::First, h(6, 5)));
    assert!(!g.adjacent_for_movement(gray_hex, Part::First, h(10, 11)));
    assert!(!g.adjacent_for_movement(h(10, 11), Part::First, gray_hex));
    assert!(g.adjacent_for_movement(gray_hex, Part::First, h(10, 9)));
    assert!(
        b.g().adjacent(gray_hex, h(10, 11)),
        "still adjacent for fire"
    );
}
