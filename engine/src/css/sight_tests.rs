//! Line of sight and spotting on small hand-made boards (series S8.0–S8.7, S9.9.2, S14.1).

extern crate std;

use super::*;
use crate::core::map::TerrainId;
use crate::css::terrain::tests::{h, Board, Marks};
use crate::css::terrain::{dots, Fortification};

const CHART: SightChart = SightChart::stand_in();

fn line(b: &Board, m: &Marks, from: HexId, to: HexId) -> Line {
    trace(&b.ground(), m, from, to)
}

/// Two hexes two apart whose line runs along the spine between their common neighbours.
fn spine_pair(b: &Board) -> (HexId, HexId, HexId, HexId) {
    let g = b.g();
    let a = h(8, 8);
    let up = g.neighbour(a, Dir::Up).unwrap();
    let z = g.neighbour(up, Dir::UpHigherCol).unwrap();
    let ne = g.neighbour(a, Dir::UpHigherCol).unwrap();
    assert_eq!(g.distance(a, z), 2);
    (a, z, up, ne)
}

// Example S8.3-A: looking down from a hill over a town and a screening wood.
#[test]
fn example_s8_3_a_looking_down_from_a_hill() {
    let mut b = Board::new();
    let (observer, target) = (h(5, 1), h(5, 6));
    b.level(observer, 3)
        .dot(h(5, 3), dots::TOWN)
        .dot(h(5, 5), dots::WOODS);
    let m = Marks::default();
    let l = line(&b, &m, observer, target);
    assert_eq!(l.range, 5);
    // The Town (top 1 < 3, not next to the target) does not block; the Woods (top 1 ≥ 0,
    // next to the lower end) does.
    assert_eq!(l.obstacles, 1);
    assert!(!l.clear());
    let mut no_woods = Board::new();
    no_woods.level(observer, 3).dot(h(5, 3), dots::TOWN);
    assert!(
        line(&no_woods, &m, observer, target).clear(),
        "the Town alone"
    );
    let spotted = spots(
        &b.ground(),
        &m,
        &CHART,
        Visibility::DAY,
        observer,
        target,
        false,
    );
    assert_eq!(spotted.unwrap_err().case, "S8.1");
    // One hex farther back, a Clear hex between it and the Woods: clear.
    let farther = h(5, 7);
    assert!(line(&b, &m, observer, farther).clear());
    assert!(spots(
        &b.ground(),
        &m,
        &CHART,
        Visibility::DAY,
        observer,
        farther,
        false
    )
    .is_ok());
}

// S8.1: LOS runs dot to dot; only what lies between can block, never the end hexes; LOS is
// reciprocal.
#[test]
fn css_s8_1_end_hexes_never_block_and_sight_is_reciprocal() {
    let mut b = Board::new();
    b.dot(h(3, 3), dots::CITY).dot(h(3, 7), dots::WOODS);
    let m = Marks::default();
    assert!(line(&b, &m, h(3, 3), h(3, 7)).clear());
    b.dot(h(3, 5), dots::VILLAGE);
    assert!(!line(&b, &m, h(3, 3), h(3, 7)).clear());
    // A busy board: every line equals its reverse.
    let mut busy = Board::new();
    for (c, r, d) in [(6, 6, dots::WOODS), (9, 4, dots::CITY), (7, 9, dots::TOWN)] {
        busy.dot(h(c, r), d);
    }
    busy.level(h(8, 5), 2).level(h(10, 8), 1);
    let (_, _, up, ne) = spine_pair(&busy);
    busy.dot(up, dots::WOODS)
        .dot(ne, dots::WOODS)
        .side(h(11, 11), h(11, 12), SideFeatures::SLOPE);
    let mut blocked = 0;
    for from in [h(4, 4), h(8, 2), h(12, 12), h(5, 10)] {
        for c in 2..=14u8 {
            for r in 2..=14u8 {
                let to = h(c, r);
                let (x, y) = (line(&busy, &m, from, to), line(&busy, &m, to, from));
                assert_eq!(x, y, "{from:?} {to:?}");
                blocked += usize::from(!x.clear());
            }
        }
    }
    assert!(blocked > 20);
}

// S8.1.1: a line along a hexside counts the two hexes beside it together: blocked only if
// both block.
#[test]
fn css_s8_1_1_a_line_along_a_spine_is_blocked_only_if_both_sides_block() {
    let mut b = Board::new();
    let (a, z, up, ne) = spine_pair(&b);
    let m = Marks::default();
    b.dot(up, dots::WOODS);
    assert!(line(&b, &m, a, z).clear(), "one side only");
    b.dot(ne, dots::TOWN);
    let l = line(&b, &m, a, z);
    assert_eq!(l.obstacles, 1, "the spine counts once");
}

// S8.2, S9.9.2: Woods, Village, Town and City dots block, Clear and Marsh do not; a road does
// not change the dot; a hex without a dot blocks nothing; Smoke blocks through its hex, not
// into or out of it, and Thin Smoke not at all.
#[test]
fn css_s8_2_the_dot_decides_what_blocks_and_smoke_blocks_only_between() {
    let m = Marks::default();
    for (dot, blocks) in [
        (dots::CLEAR, false),
        (dots::MARSH, false),
        (dots::NONE, false),
        (dots::WOODS, true),
        (dots::VILLAGE, true),
        (dots::TOWN, true),
        (dots::CITY, true),
    ] {
        let mut b = Board::new();
        b.dot(h(6, 6), dot)
            .route(&[h(6, 5), h(6, 6), h(6, 7)], SideFeatures::HIGHWAY);
        assert_eq!(!line(&b, &m, h(6, 4), h(6, 8)).clear(), blocks, "{dot}");
    }
    let b = Board::new();
    let mut m = Marks::default();
    m.smoke.push((h(6, 6), Smoke::Thin));
    let l = line(&b, &m, h(6, 4), h(6, 8));
    assert!(l.clear());
    assert_eq!(l.worst_smoke, Smoke::Thin);
    m.smoke.push((h(6, 7), Smoke::Smoke));
    let l = line(&b, &m, h(6, 4), h(6, 8));
    assert!(l.smoke_between && !l.clear());
    assert_eq!(l.worst_smoke, Smoke::Smoke);
    let into = line(&b, &m, h(6, 4), h(6, 7));
    assert!(into.clear(), "into the smoke hex");
    assert_eq!(
        into.worst_smoke,
        Smoke::Smoke,
        "its fire modifier still applies"
    );
    let err = spots(
        &b.ground(),
        &m,
        &CHART,
        Visibility::DAY,
        h(6, 4),
        h(6, 8),
        false,
    );
    assert_eq!(err.unwrap_err().case, "S9.9.2");
}

// S8.3: an obstacle blocks if its top reaches the higher end, or reaches the lower end and
// stands next to it; bare ground blocks only if it is higher than both ends.
#[test]
fn css_s8_3_elevation_obstacles_and_higher_ground() {
    let m = Marks::default();
    let (from, to) = (h(5, 1), h(5, 5));
    let ends = |levels: (u8, u8), between: (HexId, u8, TerrainId)| {
        let mut b = Board::new();
        b.level(from, levels.0)
            .level(to, levels.1)
            .level(between.0, between.1)
            .dot(between.0, between.2);
        line(&b, &m, from, to).clear()
    };
    assert!(
        !ends((0, 0), (h(5, 3), 0, dots::WOODS)),
        "same level: any obstacle"
    );
    assert!(
        ends((2, 2), (h(5, 3), 0, dots::WOODS)),
        "a wood below both ends"
    );
    assert!(!ends((1, 1), (h(5, 3), 2, dots::CLEAR)), "a rise between");
    assert!(
        ends((1, 1), (h(5, 3), 1, dots::CLEAR)),
        "bare ground at their level"
    );
    assert!(
        !ends((0, 2), (h(5, 3), 0, dots::CITY)),
        "a City's top 2 reaches 2"
    );
    assert!(
        ends((0, 2), (h(5, 3), 0, dots::TOWN)),
        "a Town's top 1 does not"
    );
    assert!(
        !ends((0, 2), (h(5, 2), 0, dots::TOWN)),
        "next to the lower end"
    );
    assert!(
        ends((2, 0), (h(5, 2), 0, dots::TOWN)),
        "next to the higher end"
    );
}

// S8.4, exclusive 2.2.1: a slope hexside crossed by the line blocks unless it is a side of the
// spotting or the target hex; one the line runs along always blocks; the fire code learns
// whether any slope was crossed (−1).
#[test]
fn css_s8_4_slopes_block_unless_a_side_of_an_end_hex() {
    let m = Marks::default();
    let mut b = Board::new();
    b.side(h(5, 3), h(5, 4), SideFeatures::SLOPE);
    let l = line(&b, &m, h(5, 1), h(5, 6));
    assert!(!l.clear() && l.crosses_slope);
    let own = line(&b, &m, h(5, 1), h(5, 4));
    assert!(own.clear() && own.crosses_slope, "a side of the target hex");
    let own = line(&b, &m, h(5, 3), h(5, 7));
    assert!(
        own.clear() && own.crosses_slope,
        "a side of the spotting hex"
    );
    assert!(!line(&b, &m, h(5, 5), h(5, 8)).crosses_slope);
    let mut s = Board::new();
    let (a, z, up, ne) = spine_pair(&s);
    s.side(up, ne, SideFeatures::SLOPE);
    assert_eq!(line(&s, &m, a, z).obstacles, 1, "along the slope's spine");
}

// S8.5, exclusive 3.6: a spotter on a roof sees past up to two blocking hexes or hexsides for
// indirect fire only; never through Smoke (S9.9.2).
#[test]
fn css_s8_5_a_roof_sees_past_two_obstacles_for_indirect_fire_only() {
    let mut b = Board::new();
    let (roof, target) = (h(5, 1), h(5, 6));
    b.feature(roof, HexFeatures::ROOF)
        .dot(roof, dots::CITY)
        .dot(h(5, 2), dots::CITY)
        .dot(h(5, 4), dots::WOODS);
    let mut m = Marks::default();
    let spotter = Spotter {
        hex: roof,
        side: Side::A,
        nationality: Nationality::Us,
        kind: SpotterKind::Unit,
        suppressed: false,
    };
    let us = (Side::A, Nationality::Us);
    let g = b.ground();
    let vis = Visibility::DAY;
    assert_eq!(line(&b, &m, roof, target).obstacles, 2);
    assert!(spots_for_indirect(&g, &m, &CHART, vis, &spotter, us, target, false).is_ok());
    let direct = spots(&g, &m, &CHART, vis, roof, target, false);
    assert_eq!(direct.unwrap_err().case, "S8.1", "no direct fire past them");
    let mut third = Board::new();
    third
        .feature(roof, HexFeatures::ROOF)
        .dot(h(5, 2), dots::CITY)
        .dot(h(5, 3), dots::TOWN)
        .dot(h(5, 4), dots::WOODS);
    let t = third.ground();
    let refused = spots_for_indirect(&t, &m, &CHART, vis, &spotter, us, target, false);
    assert_eq!(refused.unwrap_err().case, "S8.5");
    let mut no_roof = Board::new();
    no_roof.dot(h(5, 4), dots::WOODS);
    let n = no_roof.ground();
    let refused = spots_for_indirect(&n, &m, &CHART, vis, &spotter, us, target, false);
    assert_eq!(refused.unwrap_err().case, "S8.1");
    let mut on_woods = Marks::default();
    on_woods.smoke.push((h(5, 4), Smoke::Smoke));
    let refused = spots_for_indirect(&g, &on_woods, &CHART, vis, &spotter, us, target, false);
    assert_eq!(
        refused.unwrap_err().case,
        "S9.9.2",
        "smoke over an obstacle it sees past"
    );
    m.smoke.push((h(5, 3), Smoke::Smoke));
    let refused = spots_for_indirect(&g, &m, &CHART, vis, &spotter, us, target, false);
    assert_eq!(refused.unwrap_err().case, "S9.9.2");
}

// S8.6, S14.1, S14.5: a hex is spotted with LOS, within visibility (rain 3 hexes; at night
// adjacent hexes and lit ones), and within 4 hexes if its units are concealed — Deployed in
// blocking terrain or a fortification, and not marked Fired.
#[test]
fn css_s8_6_spotting_needs_los_visibility_and_range_for_concealed_units() {
    let mut b = Board::new();
    b.dot(h(5, 6), dots::WOODS);
    let mut m = Marks::default();
    let g = b.ground();
    let day = Visibility::DAY;
    let rain = Visibility {
        night: false,
        weather: Some(3),
    };
    let night = Visibility {
        night: true,
        weather: None,
    };
    let from = h(5, 1);
    assert!(
        spots(&g, &m, &CHART, day, from, h(5, 10), false).is_err(),
        "woods"
    );
    assert!(spots(&g, &m, &CHART, day, from, h(5, 5), false).is_ok());
    assert_eq!(
        spots(&g, &m, &CHART, rain, from, h(5, 5), false)
            .unwrap_err()
            .case,
        "S8.6"
    );
    assert!(spots(&g, &m, &CHART, rain, from, h(5, 4), false).is_ok());
    assert_eq!(
        spots(&g, &m, &CHART, night, from, h(5, 3), false)
            .unwrap_err()
            .case,
        "S14.1"
    );
    assert!(spots(&g, &m, &CHART, night, from, h(5, 2), false).is_ok());
    m.lit.push(h(5, 5));
    assert!(
        spots(&g, &m, &CHART, night, from, h(5, 5), false).is_ok(),
        "lit"
    );
    // Concealment: Deployed and unfired in Woods, or behind a fortification.
    let woods = h(5, 6);
    let deployed = Look {
        deployed: true,
        fired: false,
    };
    let fired = Look {
        deployed: true,
        fired: true,
    };
    let column = Look {
        deployed: false,
        fired: false,
    };
    assert!(concealed(&g, &m, woods, [deployed, deployed]));
    assert!(!concealed(&g, &m, woods, [deployed, fired]));
    assert!(!concealed(&g, &m, woods, [deployed, column]));
    assert!(!concealed(&g, &m, woods, []));
    assert!(!concealed(&g, &m, h(5, 5), [deployed]), "Clear");
    m.forts.push((h(5, 5), Fortification::Prepared));
    assert!(concealed(&g, &m, h(5, 5), [deployed]));
    let spotter = h(5, 11);
    assert!(
        spots(&g, &m, &CHART, day, spotter, woods, true).is_err(),
        "5 hexes"
    );
    assert!(
        spots(&g, &m, &CHART, day, h(5, 10), woods, true).is_ok(),
        "4 hexes"
    );
    let far = spots(&g, &m, &CHART, day, spotter, woods, true).unwrap_err();
    assert_eq!(far.case, "S8.6");
    assert!(
        spots(&g, &m, &CHART, day, spotter, woods, false).is_ok(),
        "fired"
    );
}

// S8.7: a spotter for indirect fire is a friendly unit or leader of the artillery's
// nationality, not Suppressed; only a mortar spots for itself; a spotting aircraft spots any
// hex within 10 with no LOS (exclusive 8.3); nobody spots into Smoke (S9.9.2).
#[test]
fn css_s8_7_spotters_for_indirect_fire() {
    let mut b = Board::new();
    b.dot(h(5, 3), dots::WOODS);
    let mut m = Marks::default();
    let g = b.ground();
    let day = Visibility::DAY;
    let target = h(5, 5);
    let base = Spotter {
        hex: h(5, 4),
        side: Side::B,
        nationality: Nationality::Soviet,
        kind: SpotterKind::Leader,
        suppressed: false,
    };
    let soviet = (Side::B, Nationality::Soviet);
    let ask = |s: Spotter, m: &Marks| {
        spots_for_indirect(&g, m, &CHART, day, &s, soviet, target, false).map_err(|e| e.case)
    };
    assert_eq!(ask(base, &m), Ok(()));
    let east_german = Spotter {
        nationality: Nationality::EastGerman,
        ..base
    };
    assert_eq!(ask(east_german, &m), Err("S8.7"));
    let shaken = Spotter {
        suppressed: true,
        ..base
    };
    assert_eq!(ask(shaken, &m), Err("S8.7"));
    let howitzer = Spotter {
        kind: SpotterKind::Firer { mortar: false },
        ..base
    };
    assert_eq!(ask(howitzer, &m), Err("S8.7"));
    let mortar = Spotter {
        kind: SpotterKind::Firer { mortar: true },
        ..base
    };
    assert_eq!(ask(mortar, &m), Ok(()));
    let behind_woods = Spotter {
        hex: h(5, 1),
        ..base
    };
    assert_eq!(ask(behind_woods, &m), Err("S8.1"));
    let aircraft = Spotter {
        kind: SpotterKind::Aircraft,
        ..behind_woods
    };
    assert_eq!(ask(aircraft, &m), Ok(()), "no LOS needed");
    let far = Spotter {
        hex: h(5, 16),
        ..aircraft
    };
    assert_eq!(ask(far, &m), Err("S8.7"), "11 hexes");
    let near = Spotter {
        hex: h(5, 15),
        ..aircraft
    };
    assert_eq!(ask(near, &m), Ok(()), "10 hexes");
    m.smoke.push((target, Smoke::Smoke));
    assert_eq!(ask(base, &m), Err("S9.9.2"));
}
