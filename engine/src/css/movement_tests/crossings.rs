//! Bridges, divided hexes, gray parts, ferries and enemy hexes (S7.9, S7.10, S6.5).

use super::*;

// S7.9, exclusive 2.2.4, 2.2.5: only units in Column cross at a bridge, paying the route's
// rate and no hexside cost; a destroyed bridge is a river again; an engineer's crossing
// bridges it (S19.3); a ferry hexside ends the move on the far bank.
#[test]
fn css_s7_9_bridges_are_for_column_units_at_the_route_rate() {
    let mut b = Board::new();
    b.route(&column(5, 4..=7), SideFeatures::ROAD)
        .side(h(5, 5), h(5, 6), SideFeatures::WATER)
        .side(h(8, 5), h(8, 6), SideFeatures::STREAM | SideFeatures::RAIL)
        .side(h(10, 5), h(10, 6), SideFeatures::WATER)
        .side(
            h(12, 5),
            h(12, 6),
            SideFeatures::WATER | SideFeatures::FERRY,
        );
    let mut pos = Pos::new(&b, &[]);
    let p = party(h(5, 5), COLUMN, &[trucks()]);
    assert_eq!(
        walk(&b, &pos, &p, false, &column(5, 6..=7)).unwrap().1,
        [6, 12]
    );
    let rail = party(h(8, 5), COLUMN, &[trucks()]);
    assert_eq!(walk(&b, &pos, &rail, false, &[h(8, 6)]).unwrap().0.spent, 6);
    let blown = b.g().side_between(h(5, 5), h(5, 6)).unwrap();
    pos.marks.bridges_out.push(Crossing::Side(blown));
    assert_eq!(
        walk(&b, &pos, &p, false, &[h(5, 6)]).unwrap_err().case,
        "S7.8"
    );
    let river = b.g().side_between(h(10, 5), h(10, 6)).unwrap();
    pos.marks.temporary.push(river);
    let engineered = party(h(10, 5), COLUMN, &[trucks()]);
    assert_eq!(
        walk(&b, &pos, &engineered, false, &[h(10, 6)])
            .unwrap()
            .0
            .spent,
        18
    );
    let deployed = party(h(10, 5), DEPLOYED, &[rifles()]);
    assert_eq!(
        walk(&b, &pos, &deployed, false, &[h(10, 6)])
            .unwrap_err()
            .case,
        "S7.6"
    );
    // The ferry: across, and the move ends there.
    let f = party(h(12, 5), COLUMN, &[rifles()]);
    let (mut m, spent) = walk(&b, &pos, &f, false, &[h(12, 6)]).unwrap();
    assert_eq!(spent, [6]);
    assert!(m.ended);
    assert_eq!(m.step(&pos.ctx(&b, &f), h(12, 7)).unwrap_err().case, "S7.2");
    let ds = dests(&b, &pos, &f);
    assert_eq!(cost_to(&ds, h(12, 6), COLUMN), Some(6));
    assert_eq!(
        cost_to(&ds, h(12, 7), COLUMN),
        Some(18),
        "around, not by the ferry"
    );
    // A road down to a ferry is not a bridge: the ferry still ends the move.
    let mut r = Board::new();
    r.route(&column(12, 4..=7), SideFeatures::ROAD).side(
        h(12, 5),
        h(12, 6),
        SideFeatures::WATER | SideFeatures::FERRY,
    );
    let rpos = Pos::new(&r, &[]);
    let (m, spent) = walk(&r, &rpos, &f, false, &[h(12, 6)]).unwrap();
    assert_eq!((spent.as_slice(), m.ended), (&[3][..], true));
    assert!(!r.ground().has_bridge(h(12, 6), &rpos.marks));
    let fd = party(h(12, 5), DEPLOYED, &[rifles()]);
    assert_eq!(
        walk(&b, &pos, &fd, false, &[h(12, 6)]).unwrap_err().case,
        "S7.6"
    );
}

/// Hex (8, 8) divided by a river: the first part holds the sides toward rows above.
fn divided(b: &mut Board, divider: Divider, bridge: bool) -> (HexId, HexId, HexId) {
    let x = h(8, 8);
    cut_north(b, x, divider, bridge);
    (x, h(8, 9), h(8, 7))
}

// S7.10, S16.3, exclusive 2.2.3, 2.2.4: a unit enters a divided hex into the part next to the
// hex it comes from and leaves only next to its part; a bridge in the hex joins the parts for
// units in Column on the route; friendly units hold one part only.
#[test]
fn css_s7_10_divided_hexes_move_from_the_part_a_unit_is_in() {
    let mut b = Board::new();
    let (x, north, south) = divided(&mut b, Divider::River, false);
    let mut pos = Pos::new(&b, &[]);
    let p = party(north, COLUMN, &[rifles()]);
    let ctx = pos.ctx(&b, &p);
    let (mut m, _) = Move::begin(&ctx, false).unwrap();
    assert_eq!(
        m.step(&ctx, x),
        Ok(Trigger::Entered {
            hex: x,
            part: Part::First
        })
    );
    assert_eq!(m.step(&ctx, south).unwrap_err().case, "S7.10");
    let ne = b.g().neighbour(x, Dir::UpHigherCol).unwrap();
    assert!(m.step(&ctx, ne).is_ok());
    let in_second = Party::new(Side::A, x, Part::Second, COLUMN, &[rifles()], false).unwrap();
    assert!(walk(&b, &pos, &in_second, false, &[south]).is_ok());
    let refused = walk(&b, &pos, &in_second, false, &[north]).unwrap_err();
    assert_eq!(refused.case, "S7.10");
    // The search never crosses the river inside the hex.
    let ds = dests(&b, &pos, &in_second);
    assert!(ds.iter().all(|d| d.hex != x || d.part == Part::Second));
    // Friends already in the other part.
    pos.marks.owned.push((x, Side::A, Part::Second));
    let refused = walk(&b, &pos, &p, false, &[x]).unwrap_err();
    assert_eq!(refused.case, "S16.3");
    // A road bridge across the hex (like 26.25).
    let mut b = Board::new();
    let (x, north, south) = divided(&mut b, Divider::River, true);
    b.route(&[north, x, south], SideFeatures::ROAD);
    let pos = Pos::new(&b, &[]);
    let across = party(north, COLUMN, &[tank()]);
    assert_eq!(
        walk(&b, &pos, &across, false, &[x, south]).unwrap().1,
        [3, 6]
    );
    let deployed = party(north, DEPLOYED, &[rifles()]);
    let refused = walk(&b, &pos, &deployed, false, &[x, south]).unwrap_err();
    assert_eq!(refused.case, "S7.6");
}

// S7.10, exclusive 2.2.3: no movement across the side of a grayed-out part.
#[test]
fn css_s7_10_gray_parts_are_never_crossed() {
    let mut b = Board::new();
    let x = h(8, 8);
    let gray = b.mask(x, &[h(8, 9)]);
    b.parts(
        x,
        Parts {
            gray,
            ..Parts::default()
        },
    );
    let pos = Pos::new(&b, &[]);
    let p = party(h(8, 9), COLUMN, &[rifles()]);
    assert_eq!(walk(&b, &pos, &p, false, &[x]).unwrap_err().case, "S7.10");
    let q = party(x, COLUMN, &[rifles()]);
    assert_eq!(
        walk(&b, &pos, &q, false, &[h(8, 9)]).unwrap_err().case,
        "S7.10"
    );
    assert_eq!(cost_to(&dests(&b, &pos, &q), h(8, 9), COLUMN), Some(12));
}

// S7.9, exclusive 2.2.5: a unit in Column that enters a ferry hex ends its move there to use
// the ferry; in a later activation it leaves in Column from either bank; Deployed, never.
#[test]
fn css_s7_9_a_ferry_is_crossed_at_the_start_of_a_later_move() {
    let mut b = Board::new();
    let (x, north, south) = divided(&mut b, Divider::Ferry, false);
    let pos = Pos::new(&b, &[]);
    let p = party(north, COLUMN, &[rifles()]);
    let refused = walk(&b, &pos, &p, false, &[x, south]).unwrap_err();
    assert_eq!(refused.case, "S7.9");
    let now = Party::new(Side::A, x, Part::First, COLUMN, &[rifles()], false).unwrap();
    assert_eq!(
        walk(&b, &pos, &now, false, &[south]).unwrap_err().case,
        "S7.9"
    );
    let later = Party::new(Side::A, x, Part::First, COLUMN, &[rifles()], true).unwrap();
    assert_eq!(walk(&b, &pos, &later, false, &[south]).unwrap().0.spent, 6);
    assert_eq!(cost_to(&dests(&b, &pos, &later), south, COLUMN), Some(6));
    let dep = Party::new(Side::A, x, Part::First, DEPLOYED, &[rifles()], true).unwrap();
    assert_eq!(
        walk(&b, &pos, &dep, false, &[south]).unwrap_err().case,
        "S7.9"
    );
    // Mounting up first (S7.7) lets it cross.
    assert_eq!(walk(&b, &pos, &dep, true, &[south]).unwrap().0.spent, 6 + 6);
}

// S6.5: a unit may not enter a hex holding an enemy unit, in either part of a divided hex.
#[test]
fn css_s6_5_no_unit_enters_a_hex_holding_an_enemy_unit() {
    let mut b = Board::new();
    let (x, north, _) = divided(&mut b, Divider::River, false);
    let pos = Pos::new(&b, &[x, h(3, 4)]);
    let p = party(north, COLUMN, &[rifles()]);
    assert_eq!(walk(&b, &pos, &p, false, &[x]).unwrap_err().case, "S6.5");
    let q = party(h(3, 3), COLUMN, &[rifles()]);
    assert_eq!(
        walk(&b, &pos, &q, false, &[h(3, 4)]).unwrap_err().case,
        "S6.5"
    );
    assert!(dests(&b, &pos, &q).iter().all(|d| d.hex != h(3, 4)));
}
