//! Hex coordinates that speak the games' own hex numbers.
//!
//! All three maps use flat-topped hexes in vertical columns, numbered column-then-row
//! ("0108", "5015", "30.35"). Which columns are shifted half a hex, and in which direction
//! the numbers run on the drawn map, is a property of each map ([`Geometry`]); the engine
//! works purely in numbering space and leaves drawing to the UI.

use serde::{Deserialize, Serialize};

/// One hex, by its printed column and row numbers (both start at 1 on every map we know).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct HexId {
    pub col: u8,
    pub row: u8,
}

impl HexId {
    pub const fn new(col: u8, row: u8) -> Self {
        Self { col, row }
    }
}

/// Which printed columns sit half a hex further toward higher row numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ShiftedColumns {
    Even,
    Odd,
}

/// How hex numbers are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HexFormat {
    /// "0108": two digits column, two digits row (SPI, LPS).
    Ccrr,
    /// "30.35": column, dot, row (Compass CSS).
    CcDotRr,
}

/// Where numbering starts on the drawn map (for the UI's renderer only).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Edge {
    North,
    South,
    East,
    West,
}

/// The shape of one map's hex grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Geometry {
    pub columns: u8,
    pub rows: u8,
    pub shifted: ShiftedColumns,
    pub format: HexFormat,
    /// Edge of the drawn map where column 1 lies (East or West).
    pub first_column_at: Edge,
    /// Edge of the drawn map where row 1 lies (North or South).
    pub first_row_at: Edge,
}

/// The six directions, in numbering space. `Up` is toward higher row numbers.
/// Directions 0..3 are "canonical" hexside owners (see [`Geometry::canonical_side`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[repr(u8)]
pub enum Dir {
    Up = 0,
    UpHigherCol = 1,
    DownHigherCol = 2,
    Down = 3,
    DownLowerCol = 4,
    UpLowerCol = 5,
}

impl Dir {
    pub const ALL: [Dir; 6] = [
        Dir::Up,
        Dir::UpHigherCol,
        Dir::DownHigherCol,
        Dir::Down,
        Dir::DownLowerCol,
        Dir::UpLowerCol,
    ];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(i: usize) -> Dir {
        Dir::ALL[i % 6]
    }

    pub const fn opposite(self) -> Dir {
        Dir::from_index(self as usize + 3)
    }
}

/// A hexside, stored canonically as (hex, direction 0..3) so each side has exactly one key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Hexside {
    pub hex: HexId,
    pub dir: u8,
}

impl Geometry {
    pub const fn hex_count(&self) -> usize {
        self.columns as usize * self.rows as usize
    }

    #[inline]
    pub fn contains(&self, h: HexId) -> bool {
        h.col >= 1 && h.row >= 1 && h.col <= self.columns && h.row <= self.rows
    }

    /// Dense index of a hex (column-major), for per-hex arrays.
    #[inline]
    pub fn index(&self, h: HexId) -> Option<usize> {
        if self.contains(h) {
            Some((h.col as usize - 1) * self.rows as usize + (h.row as usize - 1))
        } else {
            None
        }
    }

    pub fn hex_at(&self, index: usize) -> Option<HexId> {
        if index >= self.hex_count() {
            return None;
        }
        let rows = self.rows as usize;
        Some(HexId::new(
            (index / rows + 1) as u8,
            (index % rows + 1) as u8,
        ))
    }

    #[inline]
    fn is_shifted(&self, col: u8) -> bool {
        match self.shifted {
            ShiftedColumns::Even => col & 1 == 0,
            ShiftedColumns::Odd => col & 1 == 1,
        }
    }

    /// The neighbour in direction `d`, if it is on the map.
    #[inline]
    pub fn neighbour(&self, h: HexId, d: Dir) -> Option<HexId> {
        let (c, r) = (h.col as i16, h.row as i16);
        // A shifted column's side neighbours are at rows r and r+1; an unshifted one's at r-1 and r.
        let up_row = if self.is_shifted(h.col) { r + 1 } else { r };
        let (nc, nr) = match d {
            Dir::Up => (c, r + 1),
            Dir::Down => (c, r - 1),
            Dir::UpHigherCol => (c + 1, up_row),
            Dir::DownHigherCol => (c + 1, up_row - 1),
            Dir::DownLowerCol => (c - 1, up_row - 1),
            Dir::UpLowerCol => (c - 1, up_row),
        };
        if nc < 1 || nr < 1 || nc > self.columns as i16 || nr > self.rows as i16 {
            return None;
        }
        Some(HexId::new(nc as u8, nr as u8))
    }

    /// The six neighbours of `h` in [`Dir::ALL`] order, `None` off the map: all six in one
    /// go, without a branch per direction (the searches and floods spend most of their time
    /// here). Agrees with [`Geometry::neighbour`].
    #[inline]
    pub fn neighbour_array(&self, h: HexId) -> [Option<HexId>; 6] {
        let (c, r) = (h.col as i16, h.row as i16);
        let up_row = if self.is_shifted(h.col) { r + 1 } else { r };
        let (cols, rows) = (self.columns as i16, self.rows as i16);
        let at = |nc: i16, nr: i16| {
            (nc >= 1 && nr >= 1 && nc <= cols && nr <= rows).then(|| HexId::new(nc as u8, nr as u8))
        };
        [
            at(c, r + 1),
            at(c + 1, up_row),
            at(c + 1, up_row - 1),
            at(c, r - 1),
            at(c - 1, up_row - 1),
            at(c - 1, up_row),
        ]
    }

    /// [`Geometry::neighbour_array`] with each neighbour's dense index, worked out from the
    /// index `i` of `h` (on the map) by offsets instead of from scratch.
    #[inline]
    pub fn neighbour_links(&self, h: HexId, i: usize) -> [Option<(HexId, usize)>; 6] {
        let rows = self.rows as usize;
        let s = usize::from(self.is_shifted(h.col));
        let n = self.neighbour_array(h);
        // Up, UpHigherCol, DownHigherCol, Down, DownLowerCol, UpLowerCol (see `neighbour`):
        // the next column starts `rows` further on, and the side rows sit `s` higher.
        let at = |k: usize, f: fn(usize, usize, usize) -> usize| n[k].map(|x| (x, f(i, rows, s)));
        [
            at(0, |i, _, _| i + 1),
            at(1, |i, rows, s| i + rows + s),
            at(2, |i, rows, s| i + rows + s - 1),
            at(3, |i, _, _| i - 1),
            at(4, |i, rows, s| i + s - rows - 1),
            at(5, |i, rows, s| i + s - rows),
        ]
    }

    /// [`Geometry::neighbour_links`] of the hex with index `i` (on the map) whose neighbours'
    /// indices are below `limit`, as a mask (bit `k`: direction `Dir::ALL[k]` is there) and the
    /// links (unused where the mask is clear). A hex away from the map's edges has all six at
    /// fixed offsets: no bounds checks and no `Option`s (the movement search asks for every hex
    /// it settles).
    #[inline(always)]
    pub fn neighbour_links_within(
        &self,
        h: HexId,
        i: usize,
        limit: usize,
    ) -> (u8, [(HexId, usize); 6]) {
        let rows = self.rows as usize;
        let (c, r) = (h.col, h.row);
        if c > 1 && c < self.columns && r > 1 && r < self.rows && i + rows + 1 < limit {
            let s = u8::from(self.is_shifted(c));
            let si = s as usize;
            return (
                0b11_1111,
                [
                    (HexId::new(c, r + 1), i + 1),
                    (HexId::new(c + 1, r + s), i + rows + si),
                    (HexId::new(c + 1, r + s - 1), i + rows + si - 1),
                    (HexId::new(c, r - 1), i - 1),
                    (HexId::new(c - 1, r + s - 1), i + si - rows - 1),
                    (HexId::new(c - 1, r + s), i + si - rows),
                ],
            );
        }
        let mut mask = 0;
        let mut out = [(h, i); 6];
        for (k, nb) in self.neighbour_links(h, i).into_iter().enumerate() {
            if let Some((to, to_i)) = nb.filter(|&(_, x)| x < limit) {
                mask |= 1 << k;
                out[k] = (to, to_i);
            }
        }
        (mask, out)
    }

    /// All on-map neighbours with their direction.
    #[inline]
    pub fn neighbours(&self, h: HexId) -> impl Iterator<Item = (Dir, HexId)> + '_ {
        Dir::ALL
            .into_iter()
            .zip(self.neighbour_array(h))
            .filter_map(|(d, n)| n.map(|n| (d, n)))
    }

    /// Direction from `a` to adjacent `b`.
    pub fn direction_to(&self, a: HexId, b: HexId) -> Option<Dir> {
        Dir::ALL
            .into_iter()
            .find(|&d| self.neighbour(a, d) == Some(b))
    }

    /// Are `a` and `b` neighbours on the map? (Axial distance: no neighbour walk.)
    pub fn adjacent(&self, a: HexId, b: HexId) -> bool {
        self.contains(a) && self.contains(b) && self.distance(a, b) == 1
    }

    /// Distance in hexes (0 for the same hex).
    #[inline]
    pub fn distance(&self, a: HexId, b: HexId) -> u16 {
        let (aq, ar) = self.axial(a);
        let (bq, br) = self.axial(b);
        let (dq, dr) = (aq - bq, ar - br);
        ((dq.abs() + dr.abs() + (dq + dr).abs()) / 2) as u16
    }

    /// Axial coordinates with Up = (0,+1), UpHigherCol = (+1,0), DownHigherCol = (+1,-1).
    /// Stepping to a higher column climbs one row only when leaving a shifted column, so the
    /// row offset of column c is the number of shifted columns before it.
    #[inline]
    pub(crate) fn axial(&self, h: HexId) -> (i32, i32) {
        let c = h.col as i32;
        (c, h.row as i32 - self.shifted_before(c))
    }

    /// The inverse of [`Geometry::axial`]; `None` off the map.
    pub(crate) fn hex_at_axial(&self, q: i32, r: i32) -> Option<HexId> {
        let row = r + self.shifted_before(q);
        if !(1..=self.columns as i32).contains(&q) || !(1..=self.rows as i32).contains(&row) {
            return None;
        }
        Some(HexId::new(q as u8, row as u8))
    }

    /// Shifted columns before column `c` (the row offset of its axial coordinate).
    #[inline]
    fn shifted_before(&self, c: i32) -> i32 {
        match self.shifted {
            ShiftedColumns::Even => (c - 1).div_euclid(2),
            ShiftedColumns::Odd => c.div_euclid(2),
        }
    }

    /// Canonical key of the side between `h` and its neighbour in direction `d`.
    pub fn canonical_side(&self, h: HexId, d: Dir) -> Option<Hexside> {
        if d.index() < 3 {
            self.contains(h).then_some(Hexside {
                hex: h,
                dir: d as u8,
            })
        } else {
            let n = self.neighbour(h, d)?;
            Some(Hexside {
                hex: n,
                dir: d.opposite() as u8,
            })
        }
    }

    /// The side between two adjacent hexes.
    pub fn side_between(&self, a: HexId, b: HexId) -> Option<Hexside> {
        let d = self.direction_to(a, b)?;
        self.canonical_side(a, d)
    }

    /// Is the hex within `n` hexes of any map edge (edge hexes are at distance 1)?
    pub fn within_of_edge(&self, h: HexId, n: u8, edge: Edge) -> bool {
        let (pos, len) = match edge {
            Edge::North | Edge::South => (h.row, self.rows),
            Edge::East | Edge::West => (h.col, self.columns),
        };
        let first_edge = match edge {
            Edge::North | Edge::South => self.first_row_at,
            Edge::East | Edge::West => self.first_column_at,
        };
        let from_edge = if first_edge == edge {
            pos
        } else {
            len + 1 - pos
        };
        from_edge <= n
    }

    /// Formats a hex the way its map prints it.
    pub fn format(&self, h: HexId) -> HexLabel {
        let mut s = HexLabel::new();
        let push2 = |s: &mut HexLabel, v: u8| {
            let _ = s.push((b'0' + v / 10 % 10) as char);
            let _ = s.push((b'0' + v % 10) as char);
        };
        push2(&mut s, h.col);
        if self.format == HexFormat::CcDotRr {
            let _ = s.push('.');
        }
        push2(&mut s, h.row);
        s
    }

    /// Parses "0108" or "30.35" (either form is accepted on any map).
    pub fn parse(&self, text: &str) -> Option<HexId> {
        let h = parse_hex(text)?;
        self.contains(h).then_some(h)
    }
}

/// A printed hex number.
pub type HexLabel = heapless::String<8>;

/// Parses "CCRR" or "CC.RR" without reference to a map.
pub fn parse_hex(text: &str) -> Option<HexId> {
    let t = text.trim();
    let (c, r) = if let Some((c, r)) = t.split_once('.') {
        (c, r)
    } else if t.len() == 4 && t.bytes().all(|b| b.is_ascii_digit()) {
        t.split_at(2)
    } else {
        return None;
    };
    let col: u8 = c.parse().ok()?;
    let row: u8 = r.parse().ok()?;
    Some(HexId::new(col, row))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbour_array_agrees_with_neighbour() {
        for shifted in [ShiftedColumns::Even, ShiftedColumns::Odd] {
            let g = Geometry {
                columns: 7,
                rows: 6,
                shifted,
                format: HexFormat::Ccrr,
                first_column_at: Edge::West,
                first_row_at: Edge::North,
            };
            for col in 0..=8 {
                for row in 0..=7 {
                    let h = HexId::new(col, row);
                    let all = g.neighbour_array(h);
                    for d in Dir::ALL {
                        if g.contains(h) {
                            assert_eq!(all[d.index()], g.neighbour(h, d), "{h:?} {d:?}");
                            let links = g.neighbour_links(h, g.index(h).unwrap());
                            let want = g.neighbour(h, d).map(|n| (n, g.index(n).unwrap()));
                            assert_eq!(links[d.index()], want, "{h:?} {d:?}");
                            // Within a limit: the same links, those at or past it left out.
                            let i = g.index(h).unwrap();
                            for limit in [g.hex_count(), 20, i + 1] {
                                let (mask, within) = g.neighbour_links_within(h, i, limit);
                                let there = mask & 1 << d.index() != 0;
                                let want = want.filter(|&(_, x)| x < limit);
                                assert_eq!(there.then_some(within[d.index()]), want);
                            }
                        }
                    }
                }
            }
        }
    }

    fn berlin() -> Geometry {
        Geometry {
            columns: 39,
            rows: 50,
            shifted: ShiftedColumns::Even,
            format: HexFormat::Ccrr,
            first_column_at: Edge::East,
            first_row_at: Edge::South,
        }
    }

    #[test]
    fn neighbours_are_symmetric_and_distance_one() {
        let g = berlin();
        for i in 0..g.hex_count() {
            let h = g.hex_at(i).unwrap();
            for (d, n) in g.neighbours(h) {
                assert_eq!(g.neighbour(n, d.opposite()), Some(h), "{h:?} {d:?}");
                assert_eq!(g.distance(h, n), 1, "{h:?}->{n:?}");
            }
        }
    }

    #[test]
    fn distance_matches_breadth_first_search() {
        let g = berlin();
        let start = HexId::new(20, 25);
        let mut dist = [u16::MAX; 39 * 50];
        let mut queue = heapless::Deque::<HexId, 2048>::new();
        dist[g.index(start).unwrap()] = 0;
        queue.push_back(start).unwrap();
        while let Some(h) = queue.pop_front() {
            let dh = dist[g.index(h).unwrap()];
            for (_, n) in g.neighbours(h) {
                let i = g.index(n).unwrap();
                if dist[i] == u16::MAX {
                    dist[i] = dh + 1;
                    queue.push_back(n).unwrap();
                }
            }
        }
        for (i, &d) in dist.iter().enumerate().take(g.hex_count()) {
            let h = g.hex_at(i).unwrap();
            assert_eq!(g.distance(start, h), d, "{h:?}");
        }
    }

    #[test]
    fn hex_numbers_round_trip() {
        let g = berlin();
        let h = g.parse("0108").unwrap();
        assert_eq!(h, HexId::new(1, 8));
        assert_eq!(g.format(h).as_str(), "0108");
        assert_eq!(parse_hex("30.35"), Some(HexId::new(30, 35)));
        assert_eq!(g.parse("4001"), None, "column 40 is off a 39-column map");
    }

    #[test]
    fn sides_have_one_key_from_either_hex() {
        let g = berlin();
        let a = HexId::new(10, 10);
        for (d, n) in g.neighbours(a) {
            assert_eq!(g.canonical_side(a, d), g.side_between(n, a));
        }
    }

    #[test]
    fn edges_follow_the_numbering_orientation() {
        let g = berlin();
        // [21.11] the 14th Guards set up within three hexes of the southern edge: row 01 is south.
        assert!(g.within_of_edge(HexId::new(10, 3), 3, Edge::South));
        assert!(!g.within_of_edge(HexId::new(10, 4), 3, Edge::South));
        assert!(g.within_of_edge(HexId::new(10, 48), 3, Edge::North));
        assert!(g.within_of_edge(HexId::new(1, 20), 1, Edge::East));
        assert!(g.within_of_edge(HexId::new(39, 20), 1, Edge::West));
    }
}
