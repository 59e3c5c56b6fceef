//! Movement-cost search shared by all rulesets: every hex a unit can reach, its cost and path.
//!
//! The search runs over (hex, mode) nodes so that rules with a second way of moving (Berlin
//! '85's underground U-Bahn [15.0], a facing or deployment mode elsewhere) need no special
//! case here. Costs are in half movement points so Berlin '85's 1/2 MP Autobahn [5.23] is exact.
//! The ruleset supplies the step costs through [`MoveRules`]; this module only searches.

use super::hex::{Dir, Geometry, HexId};
use super::map::MAX_HEXES;
use heapless::binary_heap::{BinaryHeap, Min};

/// Movement modes per hex (e.g. above ground / underground).
pub const MAX_MODES: usize = 2;
const NODES: usize = MAX_HEXES * MAX_MODES;
/// Open-list capacity of the search; exceeding it is reported, never a panic.
pub const SEARCH_QUEUE: usize = 4096;
const NONE: u16 = u16::MAX;

/// One way to take one step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// Half-MP to enter `to` (hex plus hexside).
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
    /// Every way to step across `link` starting in `mode`. Push nothing when the step is
    /// prohibited.
    fn steps(&self, link: Link, mode: u8, out: &mut heapless::Vec<Step, 4>);
    /// May the unit end its move in this hex in this mode?
    fn may_end(&self, hex: HexId, mode: u8) -> bool;
}

/// Why a search could not complete.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchError {
    QueueFull,
    OffMap,
}

/// Result of a movement search: cost and predecessor for every (hex, mode) reached.
pub struct Reachable {
    cost: [u16; NODES],
    prev: [u16; NODES],
    rows: u8,
    hex_count: usize,
    pub start: HexId,
    /// Every node is unreached (fresh from `new`): a search need not reset the arrays.
    clear: bool,
}

impl Reachable {
    pub const fn new() -> Self {
        Reachable {
            cost: [NONE; NODES],
            prev: [NONE; NODES],
            rows: 0,
            hex_count: 0,
            start: HexId::new(0, 0),
            clear: true,
        }
    }

    fn node(&self, g: &Geometry, h: HexId, mode: u8) -> Option<usize> {
        let i = g.index(h)?;
        Some(i * MAX_MODES + mode as usize)
    }

    /// Cheapest cost (half-MP) to be in `h` in any mode, if reached.
    pub fn cost(&self, g: &Geometry, h: HexId) -> Option<u16> {
        (0..MAX_MODES as u8)
            .filter_map(|m| self.cost_in(g, h, m))
            .min()
    }

    pub fn cost_in(&self, g: &Geometry, h: HexId, mode: u8) -> Option<u16> {
        let n = self.node(g, h, mode)?;
        (self.cost[n] != NONE).then_some(self.cost[n])
    }

    /// Every reached hex with its cheapest cost.
    pub fn iter<'a>(&'a self, g: &'a Geometry) -> impl Iterator<Item = (HexId, u16)> + 'a {
        (0..self.hex_count).filter_map(move |i| {
            let h = g.hex_at(i)?;
            self.cost(g, h).map(|c| (h, c))
        })
    }

    /// The cheapest path from the start to `h` in `mode` (start first), into `out`.
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
        if self.cost[n] == NONE {
            return false;
        }
        loop {
            let hex = match g.hex_at(n / MAX_MODES) {
                Some(x) => x,
                None => return false,
            };
            if out.push((hex, (n % MAX_MODES) as u8)).is_err() {
                return false;
            }
            if self.prev[n] == NONE {
                break;
            }
            n = self.prev[n] as usize;
        }
        out.reverse();
        let _ = self.rows;
        true
    }
}

impl Default for Reachable {
    fn default() -> Self {
        Self::new()
    }
}

/// Open-list entries are `cost << 15 | node << 1 | stop` in one `u32`: ordered exactly as the
/// tuple (cost, node, stop), and a heap of plain integers is set up without clearing its
/// buffer (one of tuples with a `bool` was zero-filled, 24 KiB per search).
const NODE_LIMIT: usize = 1 << 14;
const _: () = assert!(NODES <= NODE_LIMIT);

fn open_entry(cost: u16, node: usize, stop: bool) -> u32 {
    (cost as u32) << 15 | (node as u32 & (NODE_LIMIT as u32 - 1)) << 1 | stop as u32
}

/// Finds everything reachable from `start` (in `start_mode`) with `allowance` half-MP.
/// `stop_at_start`: the unit may not leave at all (it is pinned, e.g. by a zone of control).
pub fn search<R: MoveRules>(
    g: &Geometry,
    rules: &R,
    start: HexId,
    start_mode: u8,
    allowance: u16,
    out: &mut Reachable,
) -> Result<(), SearchError> {
    search_until(g, rules, start, start_mode, allowance, None, out)
}

/// Like [`search`], but stops as soon as the cheapest way into `target` (in any mode) is
/// known: a single move needs no more. Costs of other hexes are then partial.
pub fn search_until<R: MoveRules>(
    g: &Geometry,
    rules: &R,
    start: HexId,
    start_mode: u8,
    allowance: u16,
    target: Option<HexId>,
    out: &mut Reachable,
) -> Result<(), SearchError> {
    let hex_count = g.hex_count().min(MAX_HEXES);
    if !out.clear {
        out.cost[..hex_count * MAX_MODES].fill(NONE);
        out.prev[..hex_count * MAX_MODES].fill(NONE);
    }
    out.clear = false;
    out.rows = g.rows;
    out.hex_count = hex_count;
    out.start = start;
    let s = out.node(g, start, start_mode).ok_or(SearchError::OffMap)?;
    out.cost[s] = 0;
    // (cost, node, stop-flag) ordered by cost.
    let mut open: BinaryHeap<u32, Min, SEARCH_QUEUE> = BinaryHeap::new();
    open.push(open_entry(0, s, false))
        .map_err(|_| SearchError::QueueFull)?;
    let mut steps = heapless::Vec::<Step, 4>::new();
    while let Some(entry) = open.pop() {
        let (c, n, stop) = (
            (entry >> 15) as u16,
            (entry >> 1) as usize & (NODE_LIMIT - 1),
            entry & 1 != 0,
        );
        if c > out.cost[n] {
            continue;
        }
        let from_i = n / MAX_MODES;
        let Some(h) = g.hex_at(from_i) else {
            continue;
        };
        if Some(h) == target {
            break;
        }
        if stop {
            continue;
        }
        let mode = (n % MAX_MODES) as u8;
        for (d, nb) in Dir::ALL.into_iter().zip(g.neighbour_links(h, from_i)) {
            let Some((to, to_i)) = nb.filter(|&(_, i)| i < hex_count) else {
                continue;
            };
            let link = Link {
                from: h,
                from_i,
                d,
                to,
                to_i,
            };
            steps.clear();
            rules.steps(link, mode, &mut steps);
            for st in &steps {
                let nc = c.saturating_add(st.cost);
                if nc > allowance || st.mode as usize >= MAX_MODES {
                    continue;
                }
                let m = to_i * MAX_MODES + st.mode as usize;
                if nc < out.cost[m] {
                    out.cost[m] = nc;
                    out.prev[m] = n as u16;
                    open.push(open_entry(nc, m, st.stop))
                        .map_err(|_| SearchError::QueueFull)?;
                }
            }
        }
    }
    Ok(())
}

/// Breadth-first reach over hexes with a pass predicate: used for supply lines (any length)
/// and set-up zones. `pass(from, to)` says whether the trace may step from `from` into `to`.
/// Returns true if any hex satisfying `goal` is reached. `seen` is caller-provided scratch.
pub fn trace<P, G>(g: &Geometry, start: HexId, mut pass: P, mut goal: G, seen: &mut [bool]) -> bool
where
    P: FnMut(HexId, HexId) -> bool,
    G: FnMut(HexId) -> bool,
{
    let n = g.hex_count().min(seen.len());
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
    let mut queue = heapless::Deque::<u16, MAX_HEXES>::new();
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
        let mut r = Reachable::new();
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
        let (mut full, mut part) = (Reachable::new(), Reachable::new());
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
        let mut r = Reachable::new();
        search(&g, &Wall, HexId::new(5, 10), 0, 4, &mut r).unwrap();
        assert!(r.iter(&g).all(|(_, c)| c <= 4));
        assert_eq!(r.cost(&g, HexId::new(8, 10)), None);
    }

    #[test]
    fn trace_finds_and_misses() {
        let g = geo();
        let mut seen = [false; MAX_HEXES];
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
}
