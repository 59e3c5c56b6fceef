//! Movement-cost search shared by all rulesets: every hex a unit can reach, its cost and path.
//!
//! The search runs over (hex, mode) nodes so that rules with a second way of moving (Berlin
//! '85's underground U-Bahn [15.0], Fortress Berlin's maneuver and combat modes 3.3, the CSS
//! column and deployed modes) need no special case here. A step either crosses a hexside
//! ([`MoveRules::steps`]) or stays in its hex and changes mode ([`MoveRules::in_place`],
//! Fortress Berlin 3.3.3: a mode change costs MP in the middle of a move).
//!
//! Costs are whole numbers of a game's MP sub-points ([`MpScale`]): halves for Berlin '85's
//! 1/2 MP Autobahn [5.23], sixths for the CSS, whose roads cost 1/2 MP and highways 1/3 MP
//! (Gates 2.1.7, 2.1.9; series S1.5). The ruleset supplies the step costs through
//! [`MoveRules`]; this module only searches.
//!
//! Capacities are const parameters: a [`Reachable<H, M>`] holds `H` hexes in `M` modes, and
//! the search's open list holds `H` entries, so each game sizes its searches to its own map
//! (`core::capacity`).

use super::hex::{Dir, Geometry, HexId};

mod queue;
use queue::{Buckets, Heap, Open};

const NONE: u16 = u16::MAX;

/// Sub-points per Movement Point. A game's costs, allowances and spent MP are counted in
/// sub-points so a fractional cost is exact (DESIGN.md: integers only in the rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MpScale(pub u8);

impl MpScale {
    /// Whole MP only.
    pub const WHOLE: MpScale = MpScale(1);
    /// Half-MP: Berlin '85's Autobahn costs 1/2 MP [5.23].
    pub const HALVES: MpScale = MpScale(2);
    /// Third-MP.
    pub const THIRDS: MpScale = MpScale(3);
    /// Sixth-MP: a CSS road costs 1/2 MP and a highway 1/3 MP to a unit in Column (Gates
    /// 2.1.7, 2.1.9; series S1.5), so both are exact only in sixths.
    pub const SIXTHS: MpScale = MpScale(6);

    /// Sub-points in one MP.
    pub const fn per_mp(self) -> u16 {
        self.0 as u16
    }

    /// `mp` whole Movement Points in sub-points (saturating).
    pub const fn mp(self, mp: u16) -> u16 {
        mp.saturating_mul(self.0 as u16)
    }

    /// `num / den` MP in sub-points, if this scale can say it exactly (1/3 MP in halves
    /// cannot).
    pub const fn fraction(self, num: u16, den: u16) -> Option<u16> {
        let scaled = num as u32 * self.0 as u32;
        if den == 0 || !scaled.is_multiple_of(den as u32) || scaled / den as u32 > u16::MAX as u32 {
            None
        } else {
            Some((scaled / den as u32) as u16)
        }
    }

    /// Whole MP in `sub` sub-points, rounded down, and the sub-points left over.
    pub const fn split(self, sub: u16) -> (u16, u16) {
        let per = if self.0 == 0 { 1 } else { self.0 as u16 };
        (sub / per, sub % per)
    }

    /// `sub` sub-points of this scale in `to`'s sub-points, if exact.
    pub const fn convert(self, sub: u16, to: MpScale) -> Option<u16> {
        to.fraction(sub, self.0 as u16)
    }

    /// `sub` sub-points as a person reads them: "4", "4½", "⅓", "2⅔", "8⅚", "1 1/5" (the
    /// fraction in lowest terms: 3 sixths read "½").
    pub const fn display(self, sub: u16) -> MpText {
        MpText { scale: self, sub }
    }
}

/// A number of MP sub-points formatted for people (see [`MpScale::display`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MpText {
    scale: MpScale,
    sub: u16,
}

impl core::fmt::Display for MpText {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let (whole, rest) = self.scale.split(self.sub);
        // The fraction in lowest terms (3/6 is ½, 4/6 is ⅔).
        let (mut a, mut b) = (rest, self.scale.per_mp());
        while b != 0 {
            (a, b) = (b, a % b);
        }
        let common = a.max(1);
        let (rest, per) = (rest / common, self.scale.per_mp() / common);
        let glyph = match (rest, per) {
            (0, _) => None,
            (1, 2) => Some("½"),
            (1, 3) => Some("⅓"),
            (2, 3) => Some("⅔"),
            (1, 4) => Some("¼"),
            (3, 4) => Some("¾"),
            (1, 6) => Some("⅙"),
            (5, 6) => Some("⅚"),
            _ => Some(""),
        };
        match glyph {
            None => write!(f, "{whole}"),
            Some("") if whole == 0 => write!(f, "{rest}/{per}"),
            Some("") => write!(f, "{whole} {rest}/{per}"),
            Some(g) if whole == 0 => f.write_str(g),
            Some(g) => write!(f, "{whole}{g}"),
        }
    }
}

/// One way to take one step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// Sub-points ([`MpScale`]) to enter `to` (hex plus hexside), or to change mode in place.
    pub cost: u16,
    /// Mode after the step.
    pub mode: u8,
    /// The unit must stop on entering (e.g. an enemy zone of control).
    pub stop: bool,
}

/// One hexside crossed by a step: from a hex to its neighbour in direction `d`, with both
/// hexes' dense indices ([`Geometry::index`]) so the rules read their per-hex arrays without
/// working the indices out again (the search asks this thousands of times per query).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Link {
    pub from: HexId,
    pub from_i: usize,
    pub d: Dir,
    pub to: HexId,
    pub to_i: usize,
}

impl Link {
    /// The link from `from` to its neighbour in direction `d`, if both are on the map.
    pub fn new(g: &Geometry, from: HexId, d: Dir) -> Option<Link> {
        let to = g.neighbour(from, d)?;
        Some(Link {
            from,
            from_i: g.index(from)?,
            d,
            to,
            to_i: g.index(to)?,
        })
    }
}

/// The ruleset's answer to "what does this step cost".
pub trait MoveRules {
    /// The ruleset has steps that stay in the hex ([`MoveRules::in_place`]); when false (the
    /// default) the search never asks, at no cost.
    const IN_PLACE: bool = false;
    /// Every way to step across `link` starting in `mode`. Push nothing when the step is
    /// prohibited.
    fn steps(&self, link: Link, mode: u8, out: &mut heapless::Vec<Step, 4>);
    /// Every step across a hexside out of `from` (index `from_i`) in `mode`, into each
    /// neighbour whose index is below `limit`: `visit(to_i, step)` for each, the neighbours in
    /// [`Dir::ALL`] order and each one's steps in [`MoveRules::steps`]' order, which is what
    /// this default does link by link. The search asks this for every node it settles; a
    /// ruleset may answer all six neighbours at once (one call, its hex's data read once),
    /// but must give the same steps in the same order.
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
        let mut steps = heapless::Vec::<Step, 4>::new();
        for (k, (d, (to, to_i))) in Dir::ALL.into_iter().zip(links).enumerate() {
            if there & 1 << k == 0 {
                continue;
            }
            let link = Link {
                from,
                from_i,
                d,
                to,
                to_i,
            };
            steps.clear();
            self.steps(link, mode, &mut steps);
            for &st in &steps {
                visit(to_i, st);
            }
        }
    }
    /// Every way to change mode without leaving `hex` (index `i`), starting in `mode`: a step
    /// whose `mode` differs and whose `cost` is the change's price (Fortress Berlin 3.3.3: 2 MP
    /// between maneuver and combat mode in the middle of a move). Asked only when
    /// [`MoveRules::IN_PLACE`]; a step to the mode it starts in is ignored.
    fn in_place(&self, hex: HexId, i: usize, mode: u8, out: &mut heapless::Vec<Step, 4>) {
        let _ = (hex, i, mode, out);
    }
    /// May the unit end its move in this hex in this mode?
    fn may_end(&self, hex: HexId, mode: u8) -> bool;
}

/// Why a search could not complete.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchError {
    QueueFull,
    OffMap,
}

/// Result of a movement search over a map of up to `H` hexes in `M` movement modes: cost and
/// predecessor for every (hex, mode) reached. Node `i * M + mode` is hex `i` in `mode`.
pub struct Reachable<const H: usize, const M: usize> {
    cost: [[u16; M]; H],
    prev: [[u16; M]; H],
    rows: u8,
    hex_count: usize,
    pub start: HexId,
    /// Every node is unreached (fresh from `new`): a search need not reset the arrays.
    clear: bool,
}

impl<const H: usize, const M: usize> Reachable<H, M> {
    /// Bits of a node number in an open-list entry (`H * M` nodes).
    const NODE_BITS: u32 = usize::BITS - (H * M).saturating_sub(1).leading_zeros();
    /// Heap entries are `cost << COST_SHIFT | node << 1 | stop` in one `u32`: ordered exactly
    /// as the tuple (cost, node, stop), and a heap of plain integers is set up without clearing
    /// its buffer (one of tuples with a `bool` was zero-filled, 24 KiB per search).
    const COST_SHIFT: u32 = Self::NODE_BITS + 1;
    /// A node number and a `u16` cost fit one entry, and node numbers fit `prev` (`u16`, with
    /// `u16::MAX` for none): at most 32,768 nodes (e.g. 16,384 hexes in two modes).
    const FITS: () = assert!(
        Self::COST_SHIFT + 16 <= 32 && M > 0 && M <= 256,
        "Reachable<H, M>: H * M nodes must fit 15 bits (at most 32,768), and 1..=256 modes"
    );

    pub const fn new() -> Self {
        Reachable {
            cost: [[NONE; M]; H],
            prev: [[NONE; M]; H],
            rows: 0,
            hex_count: 0,
            start: HexId::new(0, 0),
            clear: true,
        }
    }

    fn node(&self, g: &Geometry, h: HexId, mode: u8) -> Option<usize> {
        let i = g.index(h).filter(|&i| i < H)?;
        ((mode as usize) < M).then_some(i * M + mode as usize)
    }

    /// Cheapest cost (sub-points) to be in `h` in any mode, if reached.
    #[inline]
    pub fn cost(&self, g: &Geometry, h: HexId) -> Option<u16> {
        let i = g.index(h).filter(|&i| i < H)?;
        Self::cheapest(&self.cost[i])
    }

    /// The cheapest of one hex's costs in its modes (`NONE`, unreached, is the largest).
    #[inline]
    fn cheapest(modes: &[u16; M]) -> Option<u16> {
        let c = modes.iter().copied().min()?;
        (c != NONE).then_some(c)
    }

    pub fn cost_in(&self, g: &Geometry, h: HexId, mode: u8) -> Option<u16> {
        let n = self.node(g, h, mode)?;
        let c = self.cost.as_flattened()[n];
        (c != NONE).then_some(c)
    }

    /// Every reached hex with its cheapest cost.
    pub fn iter<'a>(&'a self, g: &'a Geometry) -> impl Iterator<Item = (HexId, u16)> + 'a {
        // Column by column (indices are column-major, as `Geometry::hex_at`): a hex's column and
        // row are counted, not divided out of its index (a whole-map walk after each search).
        let n = self.hex_count.min(g.hex_count());
        let rows = (g.rows as usize).max(1);
        self.cost[..n]
            .chunks(rows)
            .enumerate()
            .flat_map(move |(c, column)| {
                column.iter().enumerate().filter_map(move |(r, modes)| {
                    let h = HexId::new(c as u8 + 1, r as u8 + 1);
                    Some((h, Self::cheapest(modes)?))
                })
            })
    }

    /// The cheapest path from the start to `h` in `mode` (start first), into `out`. A mode
    /// change in place ([`MoveRules::in_place`]) shows as the same hex twice, in each mode.
    pub fn path_to<const N: usize>(
        &self,
        g: &Geometry,
        h: HexId,
        mode: u8,
        out: &mut heapless::Vec<(HexId, u8), N>,
    ) -> bool {
        out.clear();
        let Some(mut n) = self.node(g, h, mode) else {
            return false;
        };
        let (cost, prev) = (self.cost.as_flattened(), self.prev.as_flattened());
        if cost[n] == NONE {
            return false;
        }
        loop {
            let hex = match g.hex_at(n / M) {
                Some(x) => x,
                None => return false,
            };
            if out.push((hex, (n % M) as u8)).is_err() {
                return false;
            }
            if prev[n] == NONE {
                break;
            }
            n = prev[n] as usize;
        }
        out.reverse();
        let _ = self.rows;
        true
    }
}

impl<const H: usize, const M: usize> Default for Reachable<H, M> {
    fn default() -> Self {
        Self::new()
    }
}

/// Finds everything reachable from `start` (in `start_mode`) with `allowance` sub-points.
/// The open list holds `H` entries; overflowing it is [`SearchError::QueueFull`].
pub fn search<R: MoveRules, const H: usize, const M: usize>(
    g: &Geometry,
    rules: &R,
    start: HexId,
    start_mode: u8,
    allowance: u16,
    out: &mut Reachable<H, M>,
) -> Result<(), SearchError> {
    search_until(g, rules, start, start_mode, allowance, None, out)
}

/// Like [`search`], but stops as soon as the cheapest way into `target` (in any mode) is
/// known: a single move needs no more. Costs of other hexes are then partial.
pub fn search_until<R: MoveRules, const H: usize, const M: usize>(
    g: &Geometry,
    rules: &R,
    start: HexId,
    start_mode: u8,
    allowance: u16,
    target: Option<HexId>,
    out: &mut Reachable<H, M>,
) -> Result<(), SearchError> {
    let () = Reachable::<H, M>::FITS;
    let hex_count = g.hex_count().min(H);
    if !out.clear {
        out.cost[..hex_count].fill([NONE; M]);
        out.prev[..hex_count].fill([NONE; M]);
    }
    out.clear = false;
    out.rows = g.rows;
    out.hex_count = hex_count;
    out.start = start;
    let s = out.node(g, start, start_mode).ok_or(SearchError::OffMap)?;
    let (cost, prev) = (out.cost.as_flattened_mut(), out.prev.as_flattened_mut());
    cost[s] = 0;
    let walk = Walk {
        g,
        rules,
        allowance,
        target,
        hex_count,
    };
    // A search for one target is short: a small heap's set-up wins (its buffer is cleared
    // when it is made), and should it fill, the search starts again with room for the whole
    // map. A whole search with a small allowance: the buckets' cheaper pops win (`queue`). (All
    // give the same costs and paths.)
    let shift = Reachable::<H, M>::COST_SHIFT;
    if target.is_some() {
        let short = walk.run::<_, M>(s, cost, prev, &mut Heap::<SHORT_QUEUE>::new(shift));
        if short != Err(SearchError::QueueFull) || H <= SHORT_QUEUE {
            return short;
        }
        cost[..hex_count * M].fill(NONE);
        prev[..hex_count * M].fill(NONE);
        cost[s] = 0;
        walk.run::<_, M>(s, cost, prev, &mut Heap::<H>::new(shift))
    } else if (allowance as usize) < BUCKETS {
        // Keys are `node << 1 | stop` for the nodes of this map.
        let keys = 2 * hex_count * M;
        walk.run::<_, M>(s, cost, prev, &mut Buckets::<H>::new(allowance, keys))
    } else {
        walk.run::<_, M>(s, cost, prev, &mut Heap::<H>::new(shift))
    }
}

/// Open-list entries a search for one target starts with ([`search_until`]); one that needs
/// more starts again with room for the whole map.
pub const SHORT_QUEUE: usize = 1024;

/// Whole searches ([`search`]) with an allowance below this many sub-points use one bucket per
/// cost ([`Buckets`]); searches for one target ([`SHORT_QUEUE`]) and larger allowances a
/// binary heap. Both pop
/// the open list in the same order, so the costs and the paths found are the same either way.
pub const BUCKETS: usize = 1024;

/// One search's fixed inputs.
struct Walk<'a, R> {
    g: &'a Geometry,
    rules: &'a R,
    allowance: u16,
    target: Option<HexId>,
    hex_count: usize,
}

impl<R: MoveRules> Walk<'_, R> {
    /// Dijkstra from node `s` (cost 0 already set) over `M` modes per hex.
    #[inline]
    fn run<O: Open, const M: usize>(
        &self,
        s: usize,
        cost: &mut [u16],
        prev: &mut [u16],
        open: &mut O,
    ) -> Result<(), SearchError> {
        let (g, rules, allowance, hex_count) = (self.g, self.rules, self.allowance, self.hex_count);
        // The search's nodes only: one comparison bounds a step's node in both.
        let cost = &mut cost[..hex_count * M];
        let prev = &mut prev[..cost.len()];
        // A hex's column and row from its index by a multiplication, not a division (one per
        // node settled): `recip` is 2^32 / rows rounded up, off by less than 1, so `i * recip`
        // is off by less than 1 / rows of 2^32 while `i * rows < 2^32`: node indices are below
        // 2^15 (`Reachable::FITS`) and rows below 2^8.
        let rows = g.rows as u64;
        let recip = (u32::MAX as u64).checked_div(rows).map_or(0, |q| q + 1);
        let split = |i: usize| {
            let col = (i as u64 * recip) >> 32;
            (col as u8, (i as u64 - col * rows) as u8)
        };
        open.push(0, (s as u32) << 1)?;
        let mut steps = heapless::Vec::<Step, 4>::new();
        while let Some((c, key)) = open.pop() {
            let (n, stop) = ((key >> 1) as usize, key & 1 != 0);
            if c > cost[n] {
                continue;
            }
            let from_i = n / M;
            if from_i >= hex_count {
                continue;
            }
            let (col, row) = split(from_i);
            let h = HexId::new(col + 1, row + 1);
            if Some(h) == self.target {
                break;
            }
            if stop {
                continue;
            }
            let mode = (n % M) as u8;
            if R::IN_PLACE {
                steps.clear();
                rules.in_place(h, from_i, mode, &mut steps);
                for st in &steps {
                    let nc = c.saturating_add(st.cost);
                    if nc > allowance || st.mode == mode || st.mode as usize >= M {
                        continue;
                    }
                    let m = from_i * M + st.mode as usize;
                    if nc < cost[m] {
                        cost[m] = nc;
                        prev[m] = n as u16;
                        open.push(nc, (m as u32) << 1 | st.stop as u32)?;
                    }
                }
            }
            // A full open list fails the search once this node's steps are taken (the costs it
            // leaves are not used). The sum is exact in `u32`: one beyond `u16` is beyond the
            // allowance too. A step into a hex beyond the search's is ignored.
            let mut full = false;
            rules.neighbours(g, h, from_i, hex_count, mode, |to_i, st| {
                let nc = c as u32 + st.cost as u32;
                let m = to_i * M + st.mode as usize;
                if st.mode as usize >= M || nc > allowance as u32 || m >= cost.len() {
                    return;
                }
                if nc < cost[m] as u32 {
                    cost[m] = nc as u16;
                    prev[m] = n as u16;
                    full |= open
                        .push(nc as u16, (m as u32) << 1 | st.stop as u32)
                        .is_err();
                }
            });
            if full {
                return Err(SearchError::QueueFull);
            }
        }
        Ok(())
    }
}

/// Breadth-first reach over hexes with a pass predicate: used for supply lines (any length)
/// and set-up zones. `pass(from, to)` says whether the trace may step from `from` into `to`.
/// Returns true if any hex satisfying `goal` is reached. `seen` is caller-provided scratch for
/// a map of up to `H` hexes; the queue holds each of them once.
pub fn trace<const H: usize, P, G>(
    g: &Geometry,
    start: HexId,
    mut pass: P,
    mut goal: G,
    seen: &mut [bool; H],
) -> bool
where
    P: FnMut(HexId, HexId) -> bool,
    G: FnMut(HexId) -> bool,
{
    const { assert!(H <= u16::MAX as usize + 1, "trace: hex indices are u16") };
    let n = g.hex_count().min(H);
    seen[..n].fill(false);
    let Some(si) = g.index(start) else {
        return false;
    };
    if si >= n {
        return false;
    }
    if goal(start) {
        return true;
    }
    let mut queue = heapless::Deque::<u16, H>::new();
    seen[si] = true;
    if queue.push_back(si as u16).is_err() {
        return false;
    }
    while let Some(i) = queue.pop_front() {
        let Some(h) = g.hex_at(i as usize) else {
            continue;
        };
        for (_, to) in g.neighbours(h) {
            let Some(ti) = g.index(to) else { continue };
            if ti >= n || seen[ti] || !pass(h, to) {
                continue;
            }
            if goal(to) {
                return true;
            }
            seen[ti] = true;
            if queue.push_back(ti as u16).is_err() {
                return false;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::hex::{Edge, HexFormat, ShiftedColumns};
    extern crate std;
    use std::string::ToString;

    /// The 20 x 20 test map in two modes.
    type Reach = Reachable<400, 2>;

    fn geo() -> Geometry {
        Geometry {
            columns: 20,
            rows: 20,
            shifted: ShiftedColumns::Even,
            format: HexFormat::Ccrr,
            first_column_at: Edge::East,
            first_row_at: Edge::South,
        }
    }

    /// Clear terrain everywhere (2 half-MP), a wall of prohibited hexes in column 10 except row 5.
    struct Wall;
    impl MoveRules for Wall {
        fn steps(&self, link: Link, _m: u8, out: &mut heapless::Vec<Step, 4>) {
            let to = link.to;
            if to.col == 10 && to.row != 5 {
                return;
            }
            let _ = out.push(Step {
                cost: 2,
                mode: 0,
                stop: false,
            });
        }
        fn may_end(&self, _h: HexId, _m: u8) -> bool {
            true
        }
    }

    #[test]
    fn costs_equal_distance_on_open_ground_and_detour_round_walls() {
        let g = geo();
        let mut r = Reach::new();
        search(&g, &Wall, HexId::new(5, 10), 0, 200, &mut r).unwrap();
        assert_eq!(r.cost(&g, HexId::new(8, 10)), Some(6));
        // Through the gap at row 5: longer than the straight distance.
        let target = HexId::new(12, 10);
        assert!(r.cost(&g, target).unwrap() > 2 * g.distance(HexId::new(5, 10), target));
        let mut path = heapless::Vec::<(HexId, u8), 64>::new();
        assert!(r.path_to(&g, target, 0, &mut path));
        assert!(path.iter().any(|(h, _)| *h == HexId::new(10, 5)));
        for w in path.windows(2) {
            assert!(g.adjacent(w[0].0, w[1].0));
        }
    }

    #[test]
    fn search_until_stops_with_the_same_cost_for_its_target() {
        let g = geo();
        let (mut full, mut part) = (Reach::new(), Reach::new());
        let target = HexId::new(12, 10);
        search(&g, &Wall, HexId::new(5, 10), 0, 200, &mut full).unwrap();
        search_until(
            &g,
            &Wall,
            HexId::new(5, 10),
            0,
            200,
            Some(target),
            &mut part,
        )
        .unwrap();
        assert_eq!(part.cost(&g, target), full.cost(&g, target));
        assert!(part.iter(&g).count() < full.iter(&g).count());
    }

    #[test]
    fn allowance_limits_the_search() {
        let g = geo();
        let mut r = Reach::new();
        search(&g, &Wall, HexId::new(5, 10), 0, 4, &mut r).unwrap();
        assert!(r.iter(&g).all(|(_, c)| c <= 4));
        assert_eq!(r.cost(&g, HexId::new(8, 10)), None);
    }

    #[test]
    fn trace_finds_and_misses() {
        let g = geo();
        let mut seen = [false; 400];
        let ok = trace(
            &g,
            HexId::new(1, 1),
            |_, t| t.col != 10 || t.row == 5,
            |h| h.col == 20,
            &mut seen,
        );
        assert!(ok);
        let blocked = trace(
            &g,
            HexId::new(1, 1),
            |_, t| t.col != 10,
            |h| h.col == 20,
            &mut seen,
        );
        assert!(!blocked);
    }

    /// Two modes: mode 0 moves at 2 a hex, mode 1 at 1 a hex; changing mode in place costs 3
    /// (a Fortress Berlin 3.3.3-like mode change in the middle of a move).
    struct Modes;
    impl MoveRules for Modes {
        const IN_PLACE: bool = true;
        fn steps(&self, _link: Link, m: u8, out: &mut heapless::Vec<Step, 4>) {
            let _ = out.push(Step {
                cost: if m == 0 { 2 } else { 1 },
                mode: m,
                stop: false,
            });
        }
        fn in_place(&self, _h: HexId, _i: usize, m: u8, out: &mut heapless::Vec<Step, 4>) {
            let _ = out.push(Step {
                cost: 3,
                mode: 1 - m,
                stop: false,
            });
        }
        fn may_end(&self, _h: HexId, _m: u8) -> bool {
            true
        }
    }

    #[test]
    fn in_place_steps_change_mode_and_cost_mp() {
        let g = geo();
        let start = HexId::new(5, 5);
        let mut r = Reach::new();
        search(&g, &Modes, start, 0, 40, &mut r).unwrap();
        // Changing mode at the start pays 3 and then 1 a hex: cheaper from 4 hexes on.
        assert_eq!(r.cost_in(&g, start, 1), Some(3));
        let far = HexId::new(5, 15);
        assert_eq!(r.cost(&g, far), Some(3 + 10));
        assert_eq!(r.cost_in(&g, HexId::new(5, 7), 0), Some(4));
        let mut path = heapless::Vec::<(HexId, u8), 32>::new();
        assert!(r.path_to(&g, far, 1, &mut path));
        assert_eq!(
            &path[..2],
            &[(start, 0), (start, 1)],
            "the change shows in place"
        );
        assert_eq!(path.len(), 12);
        // Without in-place steps (Wall) nothing changes mode.
        let mut w = Reach::new();
        search(&g, &Wall, start, 0, 40, &mut w).unwrap();
        assert!(w.iter(&g).all(|(h, _)| w.cost_in(&g, h, 1).is_none()));
    }

    #[test]
    fn a_search_sized_for_a_larger_map_agrees() {
        let g = geo();
        let (mut small, mut large) = (Reach::new(), Reachable::<6400, 3>::new());
        search(&g, &Wall, HexId::new(5, 10), 0, 60, &mut small).unwrap();
        search(&g, &Wall, HexId::new(5, 10), 0, 60, &mut large).unwrap();
        assert!(small.iter(&g).eq(large.iter(&g)));
    }

    #[test]
    fn the_open_list_packs_nodes_by_map_size() {
        assert_eq!(
            Reachable::<4800, 2>::COST_SHIFT,
            15,
            "Berlin '85: as before"
        );
        assert_eq!(
            Reachable::<6400, 3>::COST_SHIFT,
            16,
            "19,200 nodes: 15 bits"
        );
        let mut h = Heap::<8>::new(Reachable::<6400, 3>::COST_SHIFT);
        h.push(u16::MAX, 19_199 << 1 | 1).unwrap();
        assert_eq!(h.pop(), Some((u16::MAX, 19_199 << 1 | 1)));
    }

    /// Uneven costs with many ties, free steps and stops: what the search must do the same
    /// whichever open list it uses.
    struct Ties;
    impl MoveRules for Ties {
        const IN_PLACE: bool = true;
        fn steps(&self, link: Link, m: u8, out: &mut heapless::Vec<Step, 4>) {
            let k = (link.to_i * 7 + link.d.index() * 3 + m as usize) % 5;
            if k == 4 && link.to.col == 9 {
                return;
            }
            let _ = out.push(Step {
                cost: [2, 2, 1, 3, 0][k],
                mode: m,
                stop: link.to_i.is_multiple_of(17),
            });
        }
        fn in_place(&self, _h: HexId, i: usize, m: u8, out: &mut heapless::Vec<Step, 4>) {
            let _ = out.push(Step {
                cost: (i % 3) as u16,
                mode: 1 - m,
                stop: false,
            });
        }
        fn may_end(&self, _h: HexId, _m: u8) -> bool {
            true
        }
    }

    #[test]
    fn buckets_and_heap_find_the_same_costs_and_paths() {
        let g = geo();
        for (start, allowance) in [((5, 10), 9), ((1, 1), 30), ((12, 7), 200)] {
            let start = HexId::new(start.0, start.1);
            let walk = Walk {
                g: &g,
                rules: &Ties,
                allowance,
                target: None,
                hex_count: g.hex_count(),
            };
            let run = |heap: bool| {
                let mut r = Reach::new();
                r.hex_count = g.hex_count();
                let s = r.node(&g, start, 0).unwrap();
                let (cost, prev) = (r.cost.as_flattened_mut(), r.prev.as_flattened_mut());
                cost[s] = 0;
                if heap {
                    let shift = Reach::COST_SHIFT;
                    walk.run::<_, 2>(s, cost, prev, &mut Heap::<400>::new(shift))
                } else {
                    walk.run::<_, 2>(s, cost, prev, &mut Buckets::<400>::new(allowance, 1600))
                }
                .unwrap();
                r
            };
            let (b, h) = (run(false), run(true));
            assert!(b.cost == h.cost && b.prev == h.prev, "from {start:?}");
            assert!(b.iter(&g).count() > 10);
        }
    }

    /// [`Ties`] answering for all six neighbours at once ([`MoveRules::neighbours`]), its costs
    /// worked out here rather than through `steps`.
    struct TiesAtOnce;
    impl MoveRules for TiesAtOnce {
        const IN_PLACE: bool = true;
        fn steps(&self, link: Link, m: u8, out: &mut heapless::Vec<Step, 4>) {
            Ties.steps(link, m, out)
        }
        fn neighbours<V: FnMut(usize, Step)>(
            &self,
            g: &Geometry,
            from: HexId,
            _from_i: usize,
            limit: usize,
            m: u8,
            mut visit: V,
        ) {
            for d in Dir::ALL {
                let Some(link) = Link::new(g, from, d).filter(|l| l.to_i < limit) else {
                    continue;
                };
                let k = (link.to_i * 7 + d.index() * 3 + m as usize) % 5;
                if k == 4 && link.to.col == 9 {
                    continue;
                }
                let cost = [2, 2, 1, 3, 0][k];
                let stop = link.to_i.is_multiple_of(17);
                visit(
                    link.to_i,
                    Step {
                        cost,
                        mode: m,
                        stop,
                    },
                );
            }
        }
        fn in_place(&self, h: HexId, i: usize, m: u8, out: &mut heapless::Vec<Step, 4>) {
            Ties.in_place(h, i, m, out)
        }
        fn may_end(&self, _h: HexId, _m: u8) -> bool {
            true
        }
    }

    #[test]
    fn neighbours_at_once_and_link_by_link_find_the_same() {
        let g = geo();
        // Buckets, the heap (an allowance of 1,024 or more) and a search for one target.
        for (start, allowance, target) in [
            ((5, 10), 9, None),
            ((1, 1), 30, None),
            ((12, 7), 200, None),
            ((20, 20), 2000, None),
            ((3, 4), 200, Some(HexId::new(15, 16))),
        ] {
            let start = HexId::new(start.0, start.1);
            // Room for every node waiting at once (a whole search with the heap has them all).
            let (mut a, mut b) = (Reachable::<1600, 2>::new(), Reachable::<1600, 2>::new());
            search_until(&g, &Ties, start, 0, allowance, target, &mut a).unwrap();
            search_until(&g, &TiesAtOnce, start, 0, allowance, target, &mut b).unwrap();
            assert!(a.cost == b.cost && a.prev == b.prev, "from {start:?}");
            assert!(a.iter(&g).count() > 10);
        }
    }

    #[test]
    fn iter_names_every_reached_hex_as_hex_at_does() {
        let g = geo();
        let mut r = Reach::new();
        search(&g, &Ties, HexId::new(7, 3), 0, 200, &mut r).unwrap();
        let by_index: std::vec::Vec<_> = (0..g.hex_count())
            .filter_map(|i| Some((g.hex_at(i)?, r.cost(&g, g.hex_at(i)?)?)))
            .collect();
        assert_eq!(r.iter(&g).collect::<std::vec::Vec<_>>(), by_index);
        assert_eq!(by_index.len(), g.hex_count());
    }

    #[test]
    fn a_full_open_list_is_an_error() {
        let g = geo();
        let mut r = Reachable::<400, 2>::new();
        assert_eq!(search(&g, &Wall, HexId::new(5, 10), 0, 200, &mut r), Ok(()));
        let mut tiny = Reachable::<400, 2>::new();
        let walk = Walk {
            g: &g,
            rules: &Wall,
            allowance: 200,
            target: None,
            hex_count: g.hex_count(),
        };
        let s = tiny.node(&g, HexId::new(5, 10), 0).unwrap();
        let (cost, prev) = (tiny.cost.as_flattened_mut(), tiny.prev.as_flattened_mut());
        cost[s] = 0;
        let r = walk.run::<_, 2>(s, cost, prev, &mut Buckets::<4>::new(200, 1600));
        assert_eq!(r, Err(SearchError::QueueFull));
    }

    #[test]
    fn mp_scales_convert_and_display() {
        let half = MpScale::HALVES;
        let third = MpScale::THIRDS;
        assert_eq!(half.mp(4), 8);
        assert_eq!(half.fraction(1, 2), Some(1), "Autobahn [5.23]");
        assert_eq!(third.fraction(1, 3), Some(1), "CSS highway, Gates 2.1.7");
        assert_eq!(half.fraction(1, 3), None);
        assert_eq!(third.split(7), (2, 1));
        assert_eq!(half.convert(3, MpScale::THIRDS), None);
        assert_eq!(half.convert(4, MpScale::THIRDS), Some(6));
        assert_eq!(half.display(9).to_string(), "4½");
        assert_eq!(half.display(8).to_string(), "4");
        assert_eq!(third.display(1).to_string(), "⅓");
        assert_eq!(third.display(8).to_string(), "2⅔");
        assert_eq!(MpScale(5).display(6).to_string(), "1 1/5");
        assert_eq!(MpScale(5).display(2).to_string(), "2/5");
        assert_eq!(MpScale::WHOLE.display(3).to_string(), "3");
    }

    // CSS series S1.5: MP in sixths, so a road's 1/2 MP (Gates 2.1.9) and a highway's 1/3 MP
    // (2.1.7) are both exact.
    #[test]
    fn css_s1_5_sixths_hold_road_and_highway_costs_exactly() {
        let sixth = MpScale::SIXTHS;
        assert_eq!(sixth.fraction(1, 2), Some(3), "road");
        assert_eq!(sixth.fraction(1, 3), Some(2), "highway");
        assert_eq!(sixth.mp(2), 12, "a clear hex for a tracked unit");
        assert_eq!(
            MpScale::THIRDS.fraction(1, 2),
            None,
            "thirds cannot say a road"
        );
        assert_eq!(sixth.split(53), (8, 5));
        assert_eq!(sixth.display(53).to_string(), "8⅚");
        assert_eq!(sixth.display(1).to_string(), "⅙");
        assert_eq!(sixth.display(3).to_string(), "½");
        assert_eq!(sixth.display(4).to_string(), "⅔");
        assert_eq!(sixth.display(17).to_string(), "2⅚");
        assert_eq!(sixth.display(24).to_string(), "4");
        assert_eq!(MpScale::HALVES.convert(3, sixth), Some(9));
        assert_eq!(sixth.convert(9, MpScale::HALVES), Some(3));
        assert_eq!(sixth.convert(2, MpScale::HALVES), None);
    }

    #[test]
    fn a_search_for_one_target_that_outgrows_the_short_queue_starts_again() {
        // 180 x 180 hexes: a flood to the far corner keeps more than SHORT_QUEUE entries
        // waiting; the answer must be the whole search's.
        let g = Geometry {
            columns: 180,
            rows: 180,
            ..geo()
        };
        struct Uneven;
        impl MoveRules for Uneven {
            fn steps(&self, link: Link, _m: u8, out: &mut heapless::Vec<Step, 4>) {
                let _ = out.push(Step {
                    cost: 1 + ((link.to_i * 7919 + link.d.index() * 104_729) % 97) as u16,
                    mode: 0,
                    stop: false,
                });
            }
            fn may_end(&self, _h: HexId, _m: u8) -> bool {
                true
            }
        }
        let (start, far) = (HexId::new(1, 1), HexId::new(180, 180));
        let mut full = std::boxed::Box::new(Reachable::<32_400, 1>::new());
        let mut part = std::boxed::Box::new(Reachable::<32_400, 1>::new());
        search(&g, &Uneven, start, 0, 60_000, &mut full).unwrap();
        search_until(&g, &Uneven, start, 0, 60_000, Some(far), &mut part).unwrap();
        assert!(full.cost(&g, far).is_some());
        assert_eq!(part.cost(&g, far), full.cost(&g, far));
        let (mut a, mut b) = (
            heapless::Vec::<(HexId, u8), 512>::new(),
            heapless::Vec::<(HexId, u8), 512>::new(),
        );
        assert!(full.path_to(&g, far, 0, &mut a) && part.path_to(&g, far, 0, &mut b));
        assert_eq!(a, b);
        // The short queue alone does overflow on this search.
        let mut r = std::boxed::Box::new(Reachable::<32_400, 1>::new());
        r.hex_count = g.hex_count();
        let walk = Walk {
            g: &g,
            rules: &Uneven,
            allowance: 60_000,
            target: Some(far),
            hex_count: g.hex_count(),
        };
        let (cost, prev) = (r.cost.as_flattened_mut(), r.prev.as_flattened_mut());
        cost[0] = 0;
        let shift = Reachable::<32_400, 1>::COST_SHIFT;
        let short = walk.run::<_, 1>(0, cost, prev, &mut Heap::<SHORT_QUEUE>::new(shift));
        assert_eq!(short, Err(SearchError::QueueFull));
    }
}
