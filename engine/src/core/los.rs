//! Line of sight: the hexes a straight line between two hex centres crosses.
//!
//! Berlin '85 has no line-of-sight rule (artillery fires "regardless of intervening terrain"
//! [8.61]); Fortress Berlin's direct gun fire and the CSS fire table need one, so the walk
//! lives in the core and each ruleset says which hexes block. Integer arithmetic only: the
//! line is sampled in cube coordinates scaled so every sample and every hexside boundary is an
//! integer, and a tiny nudge either way tells when the line runs exactly along a hexside.

//!
//! [`sight`] walks the same line and reports what it crossed — the hexsides crossed and
//! run along, the highest elevation between, how many hexes and hexsides block, and the
//! range — for Fortress Berlin's direct gun fire (8.3) and the CSS fire table (Gates 2.1),
//! whose rules read more than "blocked or not". [`line_of_sight`] is unchanged.

use super::hex::{Geometry, HexId, Hexside};

/// Hexsides recorded in one [`Sight`]; a longer line sets [`Sight::truncated`].
pub const MAX_SIGHT_SIDES: usize = 64;

/// One step of a line between two hexes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineHex {
    /// The line passes through this hex.
    One(HexId),
    /// The line runs along the hexside between these two hexes (a "spine").
    Spine(HexId, HexId),
}

/// How a ruleset reads a line that runs along a hexside.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpineRule {
    /// Blocked only when the hexes on both sides block.
    BothBlock,
    /// Blocked when either side blocks.
    EitherBlocks,
}

/// Calls `f` for every hex strictly between `a` and `b`, in order from `a`. Hexes off the map
/// are skipped (a line between two on-map hexes of a convex map never leaves it).
pub fn hex_line(g: &Geometry, a: HexId, b: HexId, mut f: impl FnMut(LineHex)) {
    let n = g.distance(a, b) as i64;
    if n < 2 {
        return;
    }
    let (aq, ar) = g.axial(a);
    let (bq, br) = g.axial(b);
    let cube = |q: i32, r: i32| [q as i64, r as i64, -(q as i64) - (r as i64)];
    let (ca, cb) = (cube(aq, ar), cube(bq, br));
    // Scale 12·n: samples are multiples of 12, hexside boundaries multiples of 6, so a nudge
    // of at most 3 units never crosses a boundary unless the sample lies on it.
    let d = 12 * n;
    for i in 1..n {
        let p: [i64; 3] = core::array::from_fn(|k| 12 * (ca[k] * (n - i) + cb[k] * i));
        let plus = round_cube([p[0] + 1, p[1] + 2, p[2] - 3], d);
        let minus = round_cube([p[0] - 1, p[1] - 2, p[2] + 3], d);
        let hex = |c: [i64; 3]| g.hex_at_axial(c[0] as i32, c[1] as i32);
        match (hex(plus), hex(minus)) {
            (Some(x), Some(y)) if x != y => f(LineHex::Spine(x, y)),
            (Some(x), _) | (None, Some(x)) => f(LineHex::One(x)),
            (None, None) => {}
        }
    }
}

/// Is there a line of sight from `a` to `b`? Only the hexes between them can block.
pub fn line_of_sight(
    g: &Geometry,
    a: HexId,
    b: HexId,
    spine: SpineRule,
    blocks: impl Fn(HexId) -> bool,
) -> bool {
    let mut clear = true;
    hex_line(g, a, b, |step| {
        let blocked = match step {
            LineHex::One(h) => blocks(h),
            LineHex::Spine(x, y) => match spine {
                SpineRule::BothBlock => blocks(x) && blocks(y),
                SpineRule::EitherBlocks => blocks(x) || blocks(y),
            },
        };
        clear &= !blocked;
    });
    clear
}

/// A ruleset's terrain as seen along a line.
pub trait SightRules {
    /// Does this hex block a line passing through it?
    fn blocks(&self, h: HexId) -> bool;
    /// The hex's elevation (0 where a game has none).
    fn elevation(&self, _h: HexId) -> i16 {
        0
    }
    /// Does this hexside block a line crossing it or running along it (a wall, a hedge)?
    fn side_blocks(&self, _s: Hexside) -> bool {
        false
    }
}

/// A hexside the line meets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SideCrossing {
    /// Crossed from one hex into the next.
    Across(Hexside),
    /// Run along (a spine).
    Along(Hexside),
}

/// What a line between two hexes crossed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sight {
    /// Hex distance from the first hex to the second.
    pub range: u16,
    /// Hexes and spines between that block (spines read by the [`SpineRule`]), plus blocking
    /// hexsides.
    pub blocking: u8,
    /// Highest elevation of a hex between (`None` for adjacent hexes).
    pub highest_between: Option<i16>,
    /// Hexsides met, in order from the first hex.
    pub sides: heapless::Vec<SideCrossing, MAX_SIGHT_SIDES>,
    /// More hexsides were met than recorded.
    pub truncated: bool,
}

impl Sight {
    pub const fn clear(&self) -> bool {
        self.blocking == 0
    }
}

/// Walks the line from `a` to `b` and reports what it crossed.
pub fn sight(g: &Geometry, a: HexId, b: HexId, spine: SpineRule, rules: &impl SightRules) -> Sight {
    let mut s = Sight {
        range: g.distance(a, b),
        blocking: 0,
        highest_between: None,
        sides: heapless::Vec::new(),
        truncated: false,
    };
    let record = |s: &mut Sight, c: SideCrossing| {
        let side = match c {
            SideCrossing::Across(x) | SideCrossing::Along(x) => x,
        };
        if rules.side_blocks(side) {
            s.blocking = s.blocking.saturating_add(1);
        }
        if s.sides.push(c).is_err() {
            s.truncated = true;
        }
    };
    let higher = |s: &mut Sight, h: HexId| {
        let e = rules.elevation(h);
        s.highest_between = Some(s.highest_between.map_or(e, |m| m.max(e)));
    };
    // The previous hex the line was fully in (`None` right after a spine: the line leaves a
    // spine through a corner, crossing no side).
    let mut prev = Some(a);
    if a == b {
        return s;
    }
    hex_line(g, a, b, |step| match step {
        LineHex::One(h) => {
            if let Some(side) = prev.and_then(|p| g.side_between(p, h)) {
                record(&mut s, SideCrossing::Across(side));
            }
            higher(&mut s, h);
            if rules.blocks(h) {
                s.blocking = s.blocking.saturating_add(1);
            }
            prev = Some(h);
        }
        LineHex::Spine(x, y) => {
            if let Some(side) = g.side_between(x, y) {
                record(&mut s, SideCrossing::Along(side));
            }
            higher(&mut s, x);
            higher(&mut s, y);
            let blocked = match spine {
                SpineRule::BothBlock => rules.blocks(x) && rules.blocks(y),
                SpineRule::EitherBlocks => rules.blocks(x) || rules.blocks(y),
            };
            if blocked {
                s.blocking = s.blocking.saturating_add(1);
            }
            prev = None;
        }
    });
    if let Some(side) = prev.and_then(|p| g.side_between(p, b)) {
        record(&mut s, SideCrossing::Across(side));
    }
    s
}

/// Rounds a scaled cube point (`value / d`) to the nearest hex, keeping x + y + z = 0.
fn round_cube(p: [i64; 3], d: i64) -> [i64; 3] {
    let mut r = p.map(|v| (2 * v + d).div_euclid(2 * d));
    let diff: [i64; 3] = core::array::from_fn(|k| (r[k] * d - p[k]).abs());
    if diff[0] > diff[1] && diff[0] > diff[2] {
        r[0] = -r[1] - r[2];
    } else if diff[1] > diff[2] {
        r[1] = -r[0] - r[2];
    } else {
        r[2] = -r[0] - r[1];
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::hex::{Edge, HexFormat, ShiftedColumns};
    extern crate std;
    use std::vec::Vec;

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

    fn line(a: HexId, b: HexId) -> Vec<LineHex> {
        let mut v = Vec::new();
        hex_line(&geo(), a, b, |s| v.push(s));
        v
    }

    #[test]
    fn adjacent_hexes_have_nothing_between() {
        assert!(line(HexId::new(5, 5), HexId::new(5, 6)).is_empty());
        assert!(line(HexId::new(5, 5), HexId::new(5, 5)).is_empty());
    }

    #[test]
    fn a_line_along_a_column_crosses_each_hex_between() {
        let v = line(HexId::new(5, 5), HexId::new(5, 9));
        let want: Vec<LineHex> = (6..9).map(|r| LineHex::One(HexId::new(5, r))).collect();
        assert_eq!(v, want);
    }

    #[test]
    fn every_step_is_adjacent_to_the_last_and_the_walk_has_distance_minus_one_steps() {
        let g = geo();
        let a = HexId::new(3, 4);
        for b in [HexId::new(12, 9), HexId::new(17, 2), HexId::new(4, 16)] {
            let v = line(a, b);
            assert_eq!(v.len() as u16, g.distance(a, b) - 1, "{:?}", b);
            let mut prev = a;
            for s in &v {
                let h = match *s {
                    LineHex::One(h) | LineHex::Spine(h, _) => h,
                };
                assert_eq!(g.distance(prev, h), 1, "{:?} then {:?}", prev, h);
                prev = h;
            }
        }
    }

    #[test]
    fn a_line_between_two_neighbours_runs_along_their_common_side() {
        let g = geo();
        // Two hexes apart, exactly between two common neighbours: a spine.
        let a = HexId::new(5, 5);
        let up = g.neighbour(a, crate::core::hex::Dir::Up).unwrap();
        let b = g.neighbour(up, crate::core::hex::Dir::UpHigherCol).unwrap();
        assert_eq!(g.distance(a, b), 2);
        let v = line(a, b);
        assert_eq!(v.len(), 1);
        let LineHex::Spine(x, y) = v[0] else {
            panic!("expected a spine, got {:?}", v)
        };
        assert!(g.adjacent(x, y) && g.adjacent(a, x) && g.adjacent(a, y));
        // Both-block reading: one blocking side does not block the line.
        assert!(line_of_sight(&g, a, b, SpineRule::BothBlock, |h| h == x));
        assert!(!line_of_sight(&g, a, b, SpineRule::EitherBlocks, |h| h == x));
        assert!(!line_of_sight(&g, a, b, SpineRule::BothBlock, |h| h == x || h == y));
    }

    #[test]
    fn a_blocking_hex_on_the_line_blocks_and_one_beside_it_does_not() {
        let g = geo();
        let (a, b) = (HexId::new(5, 5), HexId::new(5, 9));
        assert!(!line_of_sight(&g, a, b, SpineRule::BothBlock, |h| h == HexId::new(5, 7)));
        assert!(line_of_sight(&g, a, b, SpineRule::BothBlock, |h| h == HexId::new(6, 7)));
        // The end hexes never block.
        assert!(line_of_sight(&g, a, b, SpineRule::EitherBlocks, |h| h == a || h == b));
    }

    struct Terrain<'a> {
        block: &'a [HexId],
        high: &'a [(HexId, i16)],
        walls: heapless::Vec<Hexside, 4>,
    }

    impl SightRules for Terrain<'_> {
        fn blocks(&self, h: HexId) -> bool {
            self.block.contains(&h)
        }
        fn elevation(&self, h: HexId) -> i16 {
            self.high.iter().find(|x| x.0 == h).map_or(0, |x| x.1)
        }
        fn side_blocks(&self, s: Hexside) -> bool {
            self.walls.contains(&s)
        }
    }

    // Fortress Berlin 8.3 direct gun fire: a line reports its range, what it crossed and what
    // blocks it
    #[test]
    fn sight_reports_range_sides_elevation_and_blocking() {
        let g = geo();
        let (a, b) = (HexId::new(5, 5), HexId::new(5, 9));
        let open = Terrain {
            block: &[],
            high: &[(HexId::new(5, 7), 3), (HexId::new(5, 8), 1)],
            walls: heapless::Vec::new(),
        };
        let s = sight(&g, a, b, SpineRule::BothBlock, &open);
        assert_eq!(s.range, 4);
        assert!(s.clear());
        assert_eq!(s.highest_between, Some(3));
        // Four hexsides crossed: a|6, 6|7, 7|8, 8|b.
        let want: Vec<SideCrossing> = (5..9)
            .map(|r| {
                SideCrossing::Across(
                    g.side_between(HexId::new(5, r), HexId::new(5, r + 1))
                        .unwrap(),
                )
            })
            .collect();
        assert_eq!(s.sides.as_slice(), want.as_slice());
        // A blocking hex and a blocking hexside each count once; the old API agrees.
        let mut walls = heapless::Vec::new();
        walls
            .push(g.side_between(HexId::new(5, 8), b).unwrap())
            .unwrap();
        let t = Terrain {
            block: &[HexId::new(5, 6)],
            high: &[],
            walls,
        };
        let s = sight(&g, a, b, SpineRule::BothBlock, &t);
        assert_eq!(s.blocking, 2);
        assert!(!s.clear());
        assert!(!line_of_sight(&g, a, b, SpineRule::BothBlock, |h| t.blocks(h)));
        // Adjacent hexes: one side crossed, nothing between.
        let s = sight(&g, a, HexId::new(5, 6), SpineRule::BothBlock, &open);
        assert_eq!((s.range, s.highest_between, s.sides.len()), (1, None, 1));
    }

    #[test]
    fn sight_along_a_spine_reports_the_side_run_along() {
        let g = geo();
        let a = HexId::new(5, 5);
        let up = g.neighbour(a, crate::core::hex::Dir::Up).unwrap();
        let b = g.neighbour(up, crate::core::hex::Dir::UpHigherCol).unwrap();
        let open = Terrain {
            block: &[],
            high: &[],
            walls: heapless::Vec::new(),
        };
        let s = sight(&g, a, b, SpineRule::EitherBlocks, &open);
        let LineHex::Spine(x, y) = line(a, b)[0] else {
            panic!("expected a spine")
        };
        assert_eq!(
            s.sides.as_slice(),
            &[SideCrossing::Along(g.side_between(x, y).unwrap())]
        );
        let one = Terrain {
            block: &[],
            high: &[],
            walls: heapless::Vec::new(),
        };
        assert!(sight(&g, a, b, SpineRule::EitherBlocks, &one).clear());
        let t = Terrain {
            block: &[x],
            high: &[],
            walls: heapless::Vec::new(),
        };
        assert_eq!(sight(&g, a, b, SpineRule::EitherBlocks, &t).blocking, 1);
        assert_eq!(sight(&g, a, b, SpineRule::BothBlock, &t).blocking, 0);
    }
}
