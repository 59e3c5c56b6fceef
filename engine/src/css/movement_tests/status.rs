//! Moves by status (Table S5.3-T) and the checked step-by-step move against the search (S7.2).

use super::*;

// Table S5.3-T, S11.4–S11.6: a Pinned unit may not move; a DG unit moves at half MA (rounded
// down) and never next to an enemy; a Suppressed unit only farther from the nearest enemy,
// and never changes side.
#[test]
fn css_s5_3_pinned_dg_and_suppressed_units_move_as_their_status_allows() {
    let b = Board::new();
    let enemy = h(10, 10);
    let pos = Pos::new(&b, &[enemy]);
    let mut pinned = rifles();
    pinned.status.pinned = true;
    let refused = Party::new(Side::A, h(5, 5), Part::First, COLUMN, &[pinned], false);
    assert_eq!(refused.unwrap_err().case, "S5.3");
    let mut dg = unit(MoveClass::Leg, 5, 3);
    dg.status.dg = true;
    let p = party(h(10, 5), COLUMN, &[dg]);
    assert_eq!(p.allowance, 12, "MA 5 halved and rounded down: 2 MP");
    let ds = dests(&b, &pos, &p);
    assert_eq!(cost_to(&ds, h(10, 7), COLUMN), Some(12));
    let q = party(h(10, 7), COLUMN, &[dg]);
    assert!(b.g().adjacent(h(10, 9), enemy));
    assert_eq!(
        walk(&b, &pos, &q, false, &[h(10, 8), h(10, 9)])
            .unwrap_err()
            .case,
        "S11.5"
    );
    let mut shaken = rifles();
    shaken.status.suppressed = true;
    let s = party(h(10, 8), COLUMN, &[shaken]);
    assert_eq!(
        walk(&b, &pos, &s, false, &[h(10, 7), h(10, 6)]).unwrap().1,
        [6, 12]
    );
    assert_eq!(
        walk(&b, &pos, &s, false, &[h(10, 9)]).unwrap_err().case,
        "S11.6"
    );
    let g = b.g();
    let ds = dests(&b, &pos, &s);
    assert!(ds
        .iter()
        .all(|d| g.distance(d.hex, enemy) > g.distance(h(10, 8), enemy)));
    assert!(ds.iter().all(|d| d.face == COLUMN), "no change of side");
    assert_eq!(
        walk(&b, &pos, &s, true, &[h(10, 7)]).unwrap_err().case,
        "S11.6"
    );
    // Without the distances to the enemy the question cannot be answered: an error, not a
    // free move.
    let mut unmeasured = Pos::new(&b, &[]);
    unmeasured.enemies.set(&b.g(), [enemy], false);
    let mut scratch = MoveScratch::<BH>::new();
    let r = destinations(unmeasured.ctx(&b, &s), &mut scratch, |_| {});
    assert_eq!(r.unwrap_err().case, "engine");
    let refused = walk(&b, &unmeasured, &s, false, &[h(10, 7)]).unwrap_err();
    assert_eq!(refused.case, "engine");
}

/// A board with a bit of everything: woods, towns, a marsh, roads, a highway, a railroad, a
/// river with a bridge and a ferry, a stream, an in-hex stream, a divided hex with a bridge,
/// a slope, the Wall with a gap.
fn busy_board() -> Board {
    let mut b = Board::new();
    for (c, r, d) in [
        (6, 6, dots::WOODS),
        (6, 7, dots::WOODS),
        (7, 9, dots::TOWN),
        (9, 4, dots::CITY),
        (4, 9, dots::MARSH),
        (11, 11, dots::VILLAGE),
        (3, 3, dots::NONE),
    ] {
        b.dot(h(c, r), d);
    }
    b.route(&column(8, 1..=14), SideFeatures::ROAD)
        .route(&column(4, 2..=12), SideFeatures::HIGHWAY)
        .route(&column(12, 3..=12), SideFeatures::RAIL);
    // A river between rows 10 and 11 of columns 1..=14, bridged by the routes, one ferry.
    let g = b.g();
    for c in 1..=14u8 {
        let (a, z) = (h(c, 10), h(c, 11));
        b.side(a, z, SideFeatures::WATER);
        if c == 6 {
            b.side(a, z, SideFeatures::FERRY);
        }
    }
    b.side(h(10, 5), h(10, 6), SideFeatures::STREAM)
        .side(h(5, 5), h(5, 6), SideFeatures::SLOPE)
        .side(h(13, 6), h(14, 6), SideFeatures::BORDER)
        .side(
            h(13, 7),
            h(14, 7),
            SideFeatures::BORDER | SideFeatures::WALL_GAP,
        );
    stream_hex(&mut b);
    let (x, north, south) = (h(8, 8), h(8, 9), h(8, 7));
    let first = b.mask(x, &[north, g.neighbour(x, Dir::UpHigherCol).unwrap()]);
    b.parts(
        x,
        Parts {
            divider: Divider::River,
            first,
            bridge: true,
            ..Parts::default()
        },
    );
    let _ = south;
    b
}

// S7.2: the checked step-by-step move prices every legal destination the search lists exactly
// as the search does, side changes included, and ends where the search says.
#[test]
fn css_s7_2_the_checked_move_agrees_with_the_search() {
    let b = busy_board();
    let pos = Pos::new(&b, &[h(9, 12), h(2, 7)]);
    let g = b.g();
    let (mut checked, mut flipped_first, mut flipped_last, mut second_parts) = (0, 0, 0, 0);
    for (start, face, mover) in [
        (h(8, 2), COLUMN, tank()),
        (h(8, 2), DEPLOYED, tank()),
        (h(4, 3), COLUMN, trucks()),
        (h(10, 10), COLUMN, rifles()),
        (h(8, 8), COLUMN, rifles()),
        (h(5, 8), DEPLOYED, rifles()),
        (h(12, 4), DEPLOYED, unit(MoveClass::Wheeled, 16, 6)),
    ] {
        let p = party(start, face, &[mover]);
        let mut scratch = MoveScratch::<BH>::new();
        let mut ds = Vec::new();
        destinations(pos.ctx(&b, &p), &mut scratch, |d| ds.push(d)).unwrap();
        assert!(ds.len() > 5, "{start:?}");
        for d in &ds {
            let mut route = heapless::Vec::<(HexId, Face, Part), 64>::new();
            assert!(path(&g, &scratch, d, &mut route));
            assert_eq!(route[0].0, start);
            let change_at_start = route.iter().any(|s| s.1 != face);
            let ctx = pos.ctx(&b, &p);
            let (mut m, _) = Move::begin(&ctx, change_at_start).unwrap();
            for s in route.iter().skip(1) {
                if s.0 == m.at {
                    continue;
                }
                m.step(&ctx, s.0)
                    .unwrap_or_else(|e| panic!("{start:?} to {d:?}: {e}"));
                assert_eq!((m.at, m.part), (s.0, s.2));
            }
            let done = m.finish(&ctx, d.change_at_end).unwrap();
            assert_eq!(
                (done.hex, done.part, done.face, done.spent),
                (d.hex, d.part, d.face, d.cost),
                "{start:?} {face:?} {:?}",
                mover.class
            );
            checked += 1;
            flipped_first += usize::from(change_at_start);
            flipped_last += usize::from(d.change_at_end);
            second_parts += usize::from(d.part == Part::Second);
        }
    }
    assert!(checked > 300, "{checked}");
    assert!(flipped_first > 20 && flipped_last > 20 && second_parts > 0);
}

// S11.6: the distances a step-by-step move asks for (`Enemies::set_for_steps`) are those the
// whole-map measure gives.
#[test]
fn css_s11_6_distances_measured_when_asked_equal_the_whole_map_measure() {
    let b = crate::css::terrain::tests::Board::new();
    let g = b.g();
    let enemies = [h(5, 5), h(12, 3), h(18, 17)];
    let mut all: crate::css::movement::Enemies<{ crate::css::terrain::tests::BH }> =
        crate::css::movement::Enemies::new();
    all.set(&g, enemies, true);
    let mut steps: crate::css::movement::Enemies<{ crate::css::terrain::tests::BH }> =
        crate::css::movement::Enemies::new();
    steps.set_for_steps(&g, enemies);
    for i in 0..g.hex_count() {
        assert_eq!(all.distance(i), steps.distance(i), "hex {:?}", g.hex_at(i));
    }
}
