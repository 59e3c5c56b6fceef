//! What a move spends: the dot costs by class, the MA, the minimum move, stacks at the pace
//! of the slowest, fire stopping a move (S7.1–S7.3, Example S7.5-A).

use super::*;

// Example S7.5-A: a Column move in sixths along a highway, a road and into woods.
#[test]
fn example_s7_5_a_column_move_in_sixths() {
    let mut b = Board::new();
    b.route(&column(5, 1..=5), SideFeatures::HIGHWAY)
        .route(&column(5, 5..=8), SideFeatures::ROAD)
        .dot(h(5, 9), dots::WOODS)
        .dot(h(5, 10), dots::WOODS);
    let pos = Pos::new(&b, &[]);
    let t72 = party(h(5, 1), COLUMN, &[tank()]);
    assert_eq!(t72.allowance, 60, "Column MA 10 = 60 sixths");
    let (mut m, spent) = walk(&b, &pos, &t72, false, &column(5, 2..=9)).unwrap();
    // 4 highway hexes × 2, 3 road hexes × 3, then the Woods 36.
    assert_eq!(spent, [2, 4, 6, 8, 11, 14, 17, 53]);
    assert_eq!(SIXTHS.display(m.spent).to_string(), "8⅚");
    let ctx = pos.ctx(&b, &t72);
    let another_woods = m.step(&ctx, h(5, 10)).unwrap_err();
    assert_eq!(another_woods.case, "S7.2");
    let clear = b.g().neighbour(h(5, 9), Dir::UpHigherCol).unwrap();
    assert_eq!(b.ground().dot(clear).unwrap().name.as_str(), "Clear");
    assert_eq!(
        m.step(&ctx, clear).unwrap_err().case,
        "S7.2",
        "53 + 12 > 60"
    );
    assert_eq!(m.spent, 53, "a refused step spends nothing");
    assert_eq!(
        cost_to(&dests(&b, &pos, &t72), h(5, 9), COLUMN),
        Some(53),
        "the search finds the same price"
    );
    // A leg company in Column (MA 4 = 24 sixths) on the same path stops before the Woods.
    let leg = party(h(5, 1), COLUMN, &[rifles()]);
    let (mut m, spent) = walk(&b, &pos, &leg, false, &column(5, 2..=8)).unwrap();
    assert_eq!(spent, [2, 4, 6, 8, 11, 14, 17]);
    let ctx = pos.ctx(&b, &leg);
    assert_eq!(
        m.step(&ctx, h(5, 9)).unwrap_err().case,
        "S7.2",
        "17 + 12 > 24"
    );
    assert_eq!(m.allowance - m.spent, 7, "7 sixths unused");
    assert_eq!(cost_to(&dests(&b, &pos, &leg), h(5, 9), COLUMN), None);
}

// S7.3, exclusive 2.1.1–2.1.6: each hex costs its dot's MP for the unit's class; Marsh is
// closed to vehicles.
#[test]
fn css_s7_3_each_class_pays_the_dot_cost_of_exclusive_2_1() {
    // (dot, leg, wheeled, tracked) in MP as 2.1 prints them; None: may not enter.
    let table = [
        (dots::CLEAR, Some(1), Some(3), Some(2)),
        (dots::WOODS, Some(2), Some(8), Some(6)),
        (dots::VILLAGE, Some(1), Some(3), Some(2)),
        (dots::TOWN, Some(1), Some(4), Some(3)),
        (dots::CITY, Some(1), Some(4), Some(3)),
        (dots::MARSH, Some(4), None, None),
    ];
    for (dot, leg, wheeled, tracked) in table {
        let mut b = Board::new();
        b.dot(h(5, 6), dot);
        let pos = Pos::new(&b, &[]);
        for (class, mp) in [
            (MoveClass::Leg, leg),
            (MoveClass::Wheeled, wheeled),
            (MoveClass::Tracked, tracked),
        ] {
            let p = party(h(5, 5), COLUMN, &[unit(class, 10, 4)]);
            let got = walk(&b, &pos, &p, false, &[h(5, 6)]).map(|(m, _)| m.spent);
            match mp {
                Some(mp) => assert_eq!(got, Ok(mp * 6), "{dot} {class:?}"),
                None => assert_eq!(got.unwrap_err().case, "S7.3", "{dot} {class:?}"),
            }
        }
    }
}

// S7.1: leg, wheeled and tracked units each pay their own class's costs; a Boat unit does not
// move through hexes (S7.11).
#[test]
fn css_s7_1_each_class_moves_by_its_own_costs() {
    let b = Board::new();
    let pos = Pos::new(&b, &[]);
    let far = h(5, 8);
    for (mover, per_hex) in [(rifles(), 6), (trucks(), 18), (tank(), 12)] {
        let p = party(h(5, 5), COLUMN, &[mover]);
        assert_eq!(
            cost_to(&dests(&b, &pos, &p), far, COLUMN),
            Some(3 * per_hex)
        );
    }
    let boat = unit(MoveClass::Boat, 6, 6);
    let refused = Party::new(Side::A, h(5, 5), Part::First, COLUMN, &[boat], false);
    assert_eq!(refused.unwrap_err().case, "S7.11");
}

// S7.2: a move spends MP up to the MA of the side it is on, and no more.
#[test]
fn css_s7_2_a_move_spends_up_to_the_ma_and_no_more() {
    let b = Board::new();
    let pos = Pos::new(&b, &[]);
    let p = party(h(10, 5), COLUMN, &[rifles()]);
    let ds = dests(&b, &pos, &p);
    assert!(ds.iter().all(|d| d.cost <= 24));
    assert_eq!(cost_to(&ds, h(10, 9), COLUMN), Some(24), "4 clear hexes");
    assert_eq!(
        cost_to(&ds, h(10, 10), COLUMN),
        None,
        "a fifth is beyond MA 4"
    );
    let within = ds
        .iter()
        .filter(|d| d.face == COLUMN && !d.change_at_end)
        .count();
    // Every hex within 4 of the start on an open board, less the start.
    let g = b.g();
    let ring = (1..=20u8)
        .flat_map(|c| (1..=20u8).map(move |r| h(c, r)))
        .filter(|&x| x != h(10, 5) && g.distance(h(10, 5), x) <= 4)
        .count();
    assert_eq!(within, ring);
    assert!(
        cost_to(&ds, h(10, 5), COLUMN).is_none(),
        "not the start hex"
    );
}

// S7.2: a unit may always move one hex, whatever the cost, if it has spent no MP; never a
// second, and never into a hex it may not enter at all.
#[test]
fn css_s7_2_the_minimum_move_is_one_hex_whatever_its_cost() {
    let mut b = Board::new();
    b.dot(h(5, 6), dots::WOODS)
        .dot(h(5, 7), dots::WOODS)
        .dot(h(6, 5), dots::MARSH);
    let pos = Pos::new(&b, &[]);
    // Deployed tank: MA 4 = 24 sixths; Woods costs 36.
    let p = party(h(5, 5), DEPLOYED, &[tank()]);
    let (mut m, spent) = walk(&b, &pos, &p, false, &[h(5, 6)]).unwrap();
    assert_eq!(spent, [24], "all its MP");
    assert_eq!(m.step(&pos.ctx(&b, &p), h(5, 7)).unwrap_err().case, "S7.2");
    let ds = dests(&b, &pos, &p);
    assert_eq!(cost_to(&ds, h(5, 6), DEPLOYED), Some(24));
    assert_eq!(cost_to(&ds, h(5, 7), DEPLOYED), None);
    assert_eq!(
        cost_to(&ds, h(6, 5), DEPLOYED),
        None,
        "Marsh is closed to it"
    );
    assert_eq!(
        walk(&b, &pos, &p, false, &[h(6, 5)]).unwrap_err().case,
        "S7.3"
    );
    // After a change of side at the start it has spent MP: no minimum move.
    let c = party(h(5, 5), COLUMN, &[unit(MoveClass::Tracked, 4, 4)]);
    let refused = walk(&b, &pos, &c, true, &[h(5, 6)]).unwrap_err();
    assert_eq!(refused.case, "S7.2");
}

// S7.2: a Move action enters a hex; changing side alone is the Change Side action.
#[test]
fn css_s7_2_a_move_action_enters_at_least_one_hex() {
    let b = Board::new();
    let pos = Pos::new(&b, &[]);
    let p = party(h(5, 5), COLUMN, &[rifles()]);
    let ctx = pos.ctx(&b, &p);
    let (m, _) = Move::begin(&ctx, true).unwrap();
    assert_eq!(m.finish(&ctx, false).unwrap_err().case, "S7.2");
    assert_eq!(change_side_action(&b.ground(), &p), Ok(DEPLOYED));
}

// S7.2.1, ruling B30: a stack moves at the pace of the slowest: each hex costs the most any
// of its units pays, against the lowest MA; a hexside one class may not cross stops them all.
#[test]
fn css_s7_2_1_a_stack_moves_at_the_pace_of_the_slowest() {
    let mut b = Board::new();
    b.route(&column(5, 5..=9), SideFeatures::ROAD)
        .side(h(8, 5), h(8, 6), SideFeatures::STREAM);
    let pos = Pos::new(&b, &[]);
    let p = party(h(5, 5), COLUMN, &[tank(), rifles()]);
    assert_eq!(p.allowance, 24, "the rifles' MA 4");
    let ds = dests(&b, &pos, &p);
    // Off the road a clear hex costs the tank's 2 MP: two hexes.
    assert_eq!(cost_to(&ds, h(3, 5), COLUMN), Some(24));
    assert_eq!(cost_to(&ds, h(2, 5), COLUMN), None);
    // On the road both pay ½ MP: eight hexes would fit, the road has four.
    assert_eq!(cost_to(&ds, h(5, 9), COLUMN), Some(12));
    let mixed = party(h(8, 5), COLUMN, &[trucks(), rifles()]);
    let refused = walk(&b, &pos, &mixed, false, &[h(8, 6)]).unwrap_err();
    assert_eq!(refused.case, "S7.4", "the trucks cannot cross the stream");
    let alone = party(h(8, 5), COLUMN, &[rifles()]);
    assert_eq!(
        walk(&b, &pos, &alone, false, &[h(8, 6)]).unwrap().0.spent,
        18
    );
}

// S7.2.1: a unit may drop off where the stack passes; the others go on at the stack's pace
// (its MA), paying their own costs from there.
#[test]
fn css_s7_2_1_a_unit_may_drop_off_where_the_stack_passes() {
    let b = Board::new();
    let pos = Pos::new(&b, &[]);
    let stack = party(h(5, 5), COLUMN, &[tank(), rifles()]);
    let ctx = pos.ctx(&b, &stack);
    let (mut m, _) = Move::begin(&ctx, false).unwrap();
    m.step(&ctx, h(5, 6)).unwrap();
    assert_eq!(m.spent, 12, "the tank's 2 MP");
    // The rifles stay in (5, 6); the tank goes on alone, within the stack's 24.
    let tank_alone = party(h(5, 6), COLUMN, &[tank()]);
    let ctx = pos.ctx(&b, &tank_alone);
    m.step(&ctx, h(5, 7)).unwrap();
    assert_eq!(m.spent, 24);
    assert_eq!(m.step(&ctx, h(5, 8)).unwrap_err().case, "S7.2");
    assert_eq!(m.finish(&ctx, false).unwrap().hex, h(5, 7));
}

// S7.2.2: there are no zones of control; a unit hit by fire while moving stops at once, and
// makes no change of side at the end.
#[test]
fn css_s7_2_2_no_zones_of_control_and_fire_stops_the_move_at_once() {
    let b = Board::new();
    let enemy = h(6, 7);
    let pos = Pos::new(&b, &[enemy]);
    let p = party(h(5, 5), COLUMN, &[rifles()]);
    // Past the enemy's hex and away, at the plain cost.
    let (mut m, spent) = walk(&b, &pos, &p, false, &column(5, 6..=9)).unwrap();
    assert_eq!(spent, [6, 12, 18, 24]);
    assert!(b.g().adjacent(h(5, 7), enemy));
    let ctx = pos.ctx(&b, &p);
    let (mut n, _) = Move::begin(&ctx, false).unwrap();
    assert_eq!(
        n.step(&ctx, h(5, 6)),
        Ok(Trigger::Entered {
            hex: h(5, 6),
            part: Part::First
        })
    );
    n.halt();
    assert_eq!(n.step(&ctx, h(5, 7)).unwrap_err().case, "S7.2");
    assert_eq!(n.finish(&ctx, true).unwrap_err().case, "S7.2.2");
    let done = n.finish(&ctx, false).unwrap();
    assert_eq!((done.hex, done.spent), (h(5, 6), 6));
    m.halt();
    assert_eq!(m.finish(&ctx, false).unwrap().hex, h(5, 9));
}
