//! Synthetic maps and states at the capacities of the games not written yet (Fortress Berlin,
//! The Enemy is at the Gates), so the core's searches and the state sizes those capacities
//! allow are measured before the rulesets exist (issue 10). Nothing here is a rule of either
//! game: the map is invented and the costs only follow the CSS terrain costs the Gates
//! exclusive rules print (2.1.x, 2.2.2; a unit in column enters a highway hex for 1/3 MP, a
//! deployed unit pays the hex's terrain, 2.1.7).

use engine::berlin85::state::MAX_MAP_HEXES;
use engine::core::capacity::gates;
use engine::core::hex::{Dir, Edge, Geometry, HexFormat, HexId, ShiftedColumns};
use engine::core::map::{HexState, SideFeatures};
use engine::core::movement::{Link, MoveRules, MpScale, Step};
use engine::core::units::{UnitState, MAX_UNITS};
use engine::css::terrain::{dots, Divider, Ground, Parts, Relief, TerrainChart};

/// 78 x 78 = 6,084 hexes: the four Gates sheets' 5,000–6,000 hexes and a little more.
pub const COLUMNS: u8 = 78;
pub const ROWS: u8 = 78;

pub const CLEAR: u8 = 0;
pub const WOODS: u8 = 1;
pub const TOWN: u8 = 2;
pub const LAKE: u8 = 3;

/// Mode 0: in column (uses highways); mode 1: deployed (Gates 2.1.7).
pub const COLUMN: u8 = 0;
pub const DEPLOYED: u8 = 1;

pub fn geometry() -> Geometry {
    Geometry {
        columns: COLUMNS,
        rows: ROWS,
        shifted: ShiftedColumns::Even,
        format: HexFormat::CcDotRr,
        first_column_at: Edge::West,
        first_row_at: Edge::North,
    }
}

/// Open country with a grid of highways: a north–south highway every 6th column, an east–west
/// one every 9th row, woods and towns scattered, a few lakes, and a river between columns 40
/// and 41 crossed by bridges where the highways meet it.
pub fn gates_map() -> Box<gates::MapData> {
    let g = geometry();
    let mut m = Box::new(gates::MapData::blank(g));
    for i in 0..g.hex_count() {
        let h = g.hex_at(i).expect("on the map");
        let (c, r) = (h.col as usize, h.row as usize);
        m.terrain[i] = match (c * 7 + r * 13) % 23 {
            0 | 11 => WOODS,
            5 => TOWN,
            17 if c % 10 == 0 => LAKE,
            _ => CLEAR,
        };
    }
    let mark = |m: &mut gates::MapData, h: HexId, d: Dir, f: u16| {
        if let Some(s) = g.canonical_side(h, d) {
            if let Some(sf) = m.side_mut(s) {
                sf.insert(f);
            }
        }
    };
    for col in (3..=COLUMNS).step_by(6) {
        for row in 1..ROWS {
            mark(&mut m, HexId::new(col, row), Dir::Up, SideFeatures::ROAD);
        }
    }
    for row in (5..=ROWS).step_by(9) {
        for col in 1..COLUMNS {
            let h = HexId::new(col, row);
            // The neighbour in the next column on the same row.
            let d = [Dir::UpHigherCol, Dir::DownHigherCol]
                .into_iter()
                .find(|&d| g.neighbour(h, d).is_some_and(|n| n.row == row));
            if let Some(d) = d {
                mark(&mut m, h, d, SideFeatures::ROAD);
            }
        }
    }
    for row in 1..=ROWS {
        for d in [Dir::UpHigherCol, Dir::DownHigherCol] {
            let h = HexId::new(40, row);
            let road = g
                .canonical_side(h, d)
                .is_some_and(|s| m.side(s).has(SideFeatures::ROAD));
            mark(&mut m, h, d, SideFeatures::WATER);
            if road {
                mark(&mut m, h, d, SideFeatures::BRIDGE);
            }
        }
    }
    m
}

/// CSS-like step costs on [`gates_map`], in sixths of an MP (series S1.5), for a tracked
/// unit: clear 2 MP, woods 6, town 3 (Gates 2.1.1, 2.1.2, 2.1.4), a stream or river crossed
/// without a bridge +4 (2.2.2), a highway hex entered along the highway 1/3 MP in column
/// (2.1.7); changing between column and deployed in place costs 1 MP (a stand-in, to exercise
/// in-place steps).
pub struct GatesRules<'a> {
    pub map: &'a gates::MapData,
    pub mp: MpScale,
    /// The costs [`GatesRules::neighbours`] asks for at every node: clear, woods and town (by
    /// terrain number), a highway in column, a river forded (worked out once from `mp`).
    costs: [u16; 5],
}

impl<'a> GatesRules<'a> {
    #[inline]
    pub fn new(map: &'a gates::MapData) -> Self {
        let mp = gates::MP;
        let road = mp.fraction(1, 3).unwrap_or(1);
        let costs = [mp.mp(2), mp.mp(6), mp.mp(3), road, mp.mp(4)];
        GatesRules { map, mp, costs }
    }
}

impl MoveRules for GatesRules<'_> {
    const IN_PLACE: bool = true;

    #[inline]
    fn steps(&self, link: Link, mode: u8, out: &mut heapless::Vec<Step, 4>) {
        let terrain = self.map.terrain[link.to_i];
        let base = match terrain {
            CLEAR => self.mp.mp(2),
            TOWN => self.mp.mp(3),
            WOODS => self.mp.mp(6),
            _ => return,
        };
        let sf = self.map.side_of_link(&link);
        let mut cost = if mode == COLUMN && sf.has(SideFeatures::ROAD) {
            self.mp.fraction(1, 3).unwrap_or(1)
        } else {
            base
        };
        if sf.has(SideFeatures::WATER) && !sf.has(SideFeatures::BRIDGE) {
            cost += self.mp.mp(4);
        }
        let _ = out.push(Step {
            cost,
            mode,
            stop: false,
        });
    }

    /// [`GatesRules::steps`] for all six neighbours at once (the search asks this for every
    /// node it settles): the costs worked out once, not once a link, and the hex's own sides
    /// read once. The same steps in the same order (checked by `neighbours_agree_with_steps`).
    #[inline]
    fn neighbours<V: FnMut(usize, Step)>(
        &self,
        g: &Geometry,
        from: HexId,
        from_i: usize,
        limit: usize,
        mode: u8,
        mut visit: V,
    ) {
        let (there, links) = g.neighbour_links_within(from, from_i, limit);
        let (terrain, sides) = (self.map.terrain.as_slice(), self.map.sides.as_slice());
        // As `MapData::side_of_link`: a side of a hex off the map has no features.
        let side = |owner: usize, k: usize| {
            (owner < terrain.len())
                .then(|| sides.get(owner).map(|a| a[k]))
                .flatten()
                .unwrap_or_default()
        };
        // Indexed by terrain: CLEAR, WOODS, TOWN (anything else is prohibited).
        let [clear, woods, town, road, ford] = self.costs;
        let base = [clear, woods, town];
        let road = (mode == COLUMN).then_some(road);
        let own = [side(from_i, 0), side(from_i, 1), side(from_i, 2)];
        for (k, &(_, to_i)) in links.iter().enumerate() {
            if there & 1 << k == 0 {
                continue;
            }
            let Some(&base) = base.get(terrain[to_i] as usize) else {
                continue;
            };
            let sf = if k < 3 { own[k] } else { side(to_i, k - 3) };
            let mut cost = match road {
                Some(r) if sf.has(SideFeatures::ROAD) => r,
                _ => base,
            };
            if sf.has(SideFeatures::WATER) && !sf.has(SideFeatures::BRIDGE) {
                cost += ford;
            }
            visit(
                to_i,
                Step {
                    cost,
                    mode,
                    stop: false,
                },
            );
        }
    }

    #[inline]
    fn in_place(&self, _hex: HexId, _i: usize, mode: u8, out: &mut heapless::Vec<Step, 4>) {
        // Changing between column and deployed in the middle of a move (stand-in: 1 MP).
        let _ = out.push(Step {
            cost: self.mp.mp(1),
            mode: if mode == COLUMN { DEPLOYED } else { COLUMN },
            stop: false,
        });
    }

    #[inline]
    fn may_end(&self, hex: HexId, _mode: u8) -> bool {
        self.map
            .idx(hex)
            .is_some_and(|i| self.map.terrain[i] != LAKE)
    }
}

/// Berlin '85's state less its per-unit and per-hex vectors: phase, turn, combat, aftermath,
/// movement, set-up, interrupts … — a stand-in for what another ruleset keeps besides them.
pub const RULESET_REST: usize = std::mem::size_of::<engine::berlin85::State>()
    - std::mem::size_of::<heapless::Vec<UnitState, MAX_UNITS>>()
    - std::mem::size_of::<heapless::Vec<HexState, MAX_MAP_HEXES>>();

/// The largest state a capacity profile allows: the core's per-unit and per-hex state at the
/// profile's capacities, a stack link, facing and mode per unit (Fortress Berlin 3.1, 3.3,
/// 3.4), a claimed side per hex (Gates 2.2.3, 2.2.4: hexes a river divides), and [`RULESET_REST`].
pub struct SyntheticState<const H: usize, const U: usize> {
    pub units: heapless::Vec<UnitState, U>,
    pub hexes: heapless::Vec<HexState, H>,
    pub stack_next: [u16; U],
    pub facing_mode: [u8; U],
    pub hex_claim: [u8; H],
    pub rest: [u8; RULESET_REST],
}

/// [`GatesRules`] without the in-place mode change: a mode is kept for the whole move, so a
/// search visits each hex in one mode (how the Gates exclusive rules read; 2.1.7).
pub struct GatesOneMode<'a>(pub GatesRules<'a>);

impl MoveRules for GatesOneMode<'_> {
    #[inline]
    fn steps(&self, link: Link, mode: u8, out: &mut heapless::Vec<Step, 4>) {
        self.0.steps(link, mode, out)
    }

    #[inline]
    fn neighbours<V: FnMut(usize, Step)>(
        &self,
        g: &Geometry,
        from: HexId,
        from_i: usize,
        limit: usize,
        mode: u8,
        visit: V,
    ) {
        self.0.neighbours(g, from, from_i, limit, mode, visit)
    }

    #[inline]
    fn may_end(&self, hex: HexId, mode: u8) -> bool {
        self.0.may_end(hex, mode)
    }
}

/// Hexes and places of the synthetic CSS ground (the Gates capacities).
pub const CSS_HEXES: usize = gates::HEXES;
pub const CSS_PLACES: usize = gates::PLACES;

/// The CSS ground of [`gates_map`] for the series' own movement rules (`engine::css`): the
/// stand-in terrain chart of table S7.3-T, the map's terrain renumbered to its dots (a lake is
/// Marsh: leg units only), every north–south road a highway (⅓ MP in Column), streams across
/// the east–west roads between the highways (forded at +2 / +4 MP, bridged where a road
/// crosses), a hill of level 1–3 around every 20th hex with slopes on its crest, and a hex a
/// river divides, with a bridge, on every 9th row of the river. Nothing here is the *Gates*
/// map; it is sized like it (6,084 hexes) to measure the searches.
pub struct CssGround {
    pub map: Box<gates::MapData>,
    pub relief: Box<Relief<{ gates::HEXES }>>,
    pub chart: TerrainChart,
}

impl CssGround {
    pub fn ground(&self) -> Ground<'_, { gates::HEXES }, { gates::PLACES }> {
        Ground::new(&self.map, &self.relief, &self.chart)
    }
}

pub fn css_ground() -> CssGround {
    let mut map = gates_map();
    let g = map.geometry;
    for t in map.terrain.iter_mut() {
        *t = match *t {
            CLEAR => dots::CLEAR,
            WOODS => dots::WOODS,
            TOWN => dots::TOWN,
            _ => dots::MARSH,
        };
    }
    let mut relief = Box::new(Relief::flat(g.hex_count()));
    for i in 0..g.hex_count() {
        let h = g.hex_at(i).expect("on the map");
        let mut sides = map.sides[i];
        for (k, sf) in sides.iter_mut().enumerate() {
            let d = Dir::ALL[k];
            if sf.has(SideFeatures::ROAD) && d == Dir::Up {
                sf.insert(SideFeatures::HIGHWAY);
            }
            if h.col.is_multiple_of(6) && d != Dir::Up && !sf.has(SideFeatures::WATER) {
                sf.insert(SideFeatures::STREAM);
            }
        }
        map.sides[i] = sides;
        // Hills: level 3 at the top, 2 and 1 around it.
        let top = HexId::new(10 + (h.col / 20) * 20, 10 + (h.row / 20) * 20);
        let level = 3u16.saturating_sub(g.distance(h, top));
        relief.hexes[i].level = level as u8;
    }
    for i in 0..g.hex_count() {
        let h = g.hex_at(i).expect("on the map");
        for d in [Dir::Up, Dir::UpHigherCol, Dir::DownHigherCol] {
            let Some(n) = g.neighbour(h, d) else { continue };
            let ni = g.index(n).expect("on the map");
            if relief.hexes[i].level != relief.hexes[ni].level {
                map.sides[i][d.index()].insert(SideFeatures::SLOPE);
            }
        }
    }
    for row in (4..=ROWS).step_by(9) {
        let h = HexId::new(40, row);
        let i = g.index(h).expect("on the map");
        let first = [Dir::Up, Dir::DownHigherCol, Dir::UpHigherCol]
            .iter()
            .fold(0u8, |m, d| m | 1 << d.index());
        relief.hexes[i].parts = Parts {
            divider: Divider::River,
            first,
            gray: 0,
            bridge: true,
        };
    }
    CssGround {
        map,
        relief,
        chart: TerrainChart::stand_in(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::core::movement::search;

    /// [`GatesRules`] asked link by link: the trait's own `neighbours`.
    struct PerLink<'a>(GatesRules<'a>);

    impl MoveRules for PerLink<'_> {
        fn steps(&self, link: Link, mode: u8, out: &mut heapless::Vec<Step, 4>) {
            self.0.steps(link, mode, out)
        }
        fn may_end(&self, hex: HexId, mode: u8) -> bool {
            self.0.may_end(hex, mode)
        }
    }

    #[test]
    fn neighbours_agree_with_steps() {
        let map = gates_map();
        let g = map.geometry;
        let (rules, per_link) = (GatesRules::new(&map), PerLink(GatesRules::new(&map)));
        for i in 0..g.hex_count() {
            let h = g.hex_at(i).expect("on the map");
            for mode in [COLUMN, DEPLOYED] {
                // The whole map, and a limit that cuts some neighbours off.
                for limit in [g.hex_count(), g.hex_count() / 2] {
                    let (mut a, mut b) = (Vec::new(), Vec::new());
                    rules.neighbours(&g, h, i, limit, mode, |to, st| a.push((to, st)));
                    per_link.neighbours(&g, h, i, limit, mode, |to, st| b.push((to, st)));
                    assert_eq!(a, b, "{h:?} in mode {mode}, limit {limit}");
                }
            }
        }
    }

    /// The benchmark's 49 searches (`bench synthetic`) give what they gave before the search
    /// and these rules were made faster: every hex reached, its cost in every mode and its path
    /// in column, hashed (the figure the searches gave then).
    #[test]
    fn the_benchmarks_searches_are_unchanged() {
        let map = gates_map();
        let g = map.geometry;
        let rules = GatesRules::new(&map);
        let mut reach = Box::new(gates::Reachable::new());
        let (mut sum, mut reached) = (0u64, 0usize);
        for c in 0..7u8 {
            for r in 0..7u8 {
                let start = HexId::new(3 + c * 12, 5 + r * 12);
                let start = if rules.may_end(start, COLUMN) {
                    start
                } else {
                    HexId::new(start.col, start.row + 1)
                };
                search(&g, &rules, start, COLUMN, gates::MP.mp(20), &mut reach).unwrap();
                for (h, cost) in reach.iter(&g) {
                    reached += 1;
                    let x = h.col as u64 * 1000 + h.row as u64 + cost as u64 * 7919;
                    sum = sum.wrapping_mul(31).wrapping_add(x);
                    for m in 0..4 {
                        if let Some(x) = reach.cost_in(&g, h, m) {
                            sum = sum.wrapping_mul(17).wrapping_add(x as u64 + m as u64);
                        }
                    }
                    let mut path = heapless::Vec::<(HexId, u8), 256>::new();
                    if reach.path_to(&g, h, COLUMN, &mut path) {
                        for (p, m) in &path {
                            let x = p.col as u64 * 100 + p.row as u64 + *m as u64;
                            sum = sum.wrapping_mul(13).wrapping_add(x);
                        }
                    }
                }
            }
        }
        assert_eq!(sum, 0x75be_696f_8673_2a70);
        assert!(reached > 49 * 1000, "{reached}");
    }
}
