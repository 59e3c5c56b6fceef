//! Hexside costs, route rates, Deployed moves and Customs Police posts (S7.4–S7.6,
//! Table S7.4-T).

use super::*;

// S7.4, exclusive 2.2.1, 2.2.2: a stream adds 2 MP for leg and 4 for tracked units and stops
// wheeled ones; a slope adds nothing.
#[test]
fn css_s7_4_hexside_costs_add_to_the_hex_entered() {
    let mut b = Board::new();
    b.side(h(5, 5), h(5, 6), SideFeatures::STREAM)
        .side(h(7, 5), h(7, 6), SideFeatures::SLOPE);
    let pos = Pos::new(&b, &[]);
    for (mover, stream, slope) in [
        (rifles(), Ok(6 + 12), 6),
        (tank(), Ok(12 + 24), 12),
        (trucks(), Err("S7.4"), 18),
    ] {
        let p = party(h(5, 5), COLUMN, &[mover]);
        let got = walk(&b, &pos, &p, false, &[h(5, 6)]).map(|(m, _)| m.spent);
        assert_eq!(got.map_err(|e| e.case), stream, "{:?}", mover.class);
        let q = party(h(7, 5), COLUMN, &[mover]);
        assert_eq!(
            walk(&b, &pos, &q, false, &[h(7, 6)]).unwrap().0.spent,
            slope
        );
    }
}

// S7.4, exclusive 2.2.2: a stream through the middle of a hex costs its price only when the
// move crosses it inside the hex; a unit that starts there leaves by either bank (B31).
#[test]
fn css_s7_4_an_in_hex_stream_costs_only_when_the_move_crosses_it() {
    let mut b = Board::new();
    let x = stream_hex(&mut b);
    let pos = Pos::new(&b, &[]);
    let g = b.g();
    let (n, ne, s) = (
        g.neighbour(x, Dir::Up).unwrap(),
        g.neighbour(x, Dir::UpHigherCol).unwrap(),
        g.neighbour(x, Dir::Down).unwrap(),
    );
    let p = party(n, COLUMN, &[rifles()]);
    // In from the north bank and out on it: 1 + 1 MP.
    assert_eq!(walk(&b, &pos, &p, false, &[x, ne]).unwrap().1, [6, 12]);
    // Across to the south bank: + 2 MP.
    assert_eq!(walk(&b, &pos, &p, false, &[x, s]).unwrap().1, [6, 24]);
    assert_eq!(
        cost_to(&dests(&b, &pos, &p), s, COLUMN),
        Some(18),
        "around it"
    );
    let trucks_there = party(n, COLUMN, &[trucks()]);
    let refused = walk(&b, &pos, &trucks_there, false, &[x, s]).unwrap_err();
    assert_eq!(refused.case, "S7.4");
    let ds = dests(&b, &pos, &p);
    assert_eq!(
        ds.iter().filter(|d| d.hex == x && d.face == COLUMN).count(),
        1,
        "one entry for the hex, not one per bank"
    );
    let starts = party(x, COLUMN, &[trucks()]);
    assert_eq!(walk(&b, &pos, &starts, false, &[s]).unwrap().1, [18]);
    assert_eq!(walk(&b, &pos, &starts, false, &[n]).unwrap().1, [18]);
}

// S7.5, exclusive 2.1.7–2.1.9: in Column along a route a unit pays the route's rate (the
// cheapest it follows); off the route, or Deployed, the dot's; a route negates the terrain.
#[test]
fn css_s7_5_column_units_along_a_route_pay_its_rate() {
    let mut b = Board::new();
    b.route(&column(5, 5..=7), SideFeatures::ROAD)
        .route(&column(7, 5..=7), SideFeatures::RAIL)
        .route(&column(9, 5..=7), SideFeatures::HIGHWAY)
        .side(h(11, 5), h(11, 6), SideFeatures::ROAD | SideFeatures::RAIL)
        .dot(h(5, 6), dots::WOODS)
        .dot(h(5, 7), dots::MARSH);
    let pos = Pos::new(&b, &[]);
    // (mover, road, railroad, highway) per hex.
    for (mover, road, rail, highway) in
        [(rifles(), 3, 6, 2), (trucks(), 6, 6, 2), (tank(), 3, 6, 2)]
    {
        for (col, rate) in [(5, road), (7, rail), (9, highway)] {
            let p = party(h(col, 5), COLUMN, &[mover]);
            let (_, spent) = walk(&b, &pos, &p, false, &[h(col, 6), h(col, 7)]).unwrap();
            assert_eq!(spent, [rate, 2 * rate], "{:?} column {col}", mover.class);
        }
        // Two routes on one hexside: the cheaper one.
        let p = party(h(11, 5), COLUMN, &[mover]);
        assert_eq!(
            walk(&b, &pos, &p, false, &[h(11, 6)]).unwrap().0.spent,
            road
        );
    }
    // Into the road's Woods hex from the side: the dot's 6 MP.
    let p = party(h(4, 6), COLUMN, &[tank()]);
    assert!(b.g().adjacent(h(4, 6), h(5, 6)));
    assert_eq!(walk(&b, &pos, &p, false, &[h(5, 6)]).unwrap().0.spent, 36);
    // Deployed on the road: the dot's cost, and a truck may not enter the Marsh at all.
    let d = party(h(5, 5), DEPLOYED, &[unit(MoveClass::Tracked, 10, 10)]);
    assert_eq!(walk(&b, &pos, &d, false, &[h(5, 6)]).unwrap().0.spent, 36);
    let t = party(h(5, 6), DEPLOYED, &[unit(MoveClass::Wheeled, 10, 10)]);
    assert_eq!(
        walk(&b, &pos, &t, false, &[h(5, 7)]).unwrap_err().case,
        "S7.3"
    );
}

// S7.6: a Deployed unit moves with its Deployed MA and the dot's costs; with no Deployed MA
// it cannot move; a Deployed vehicle may not be in Town or City; no bridges for it.
#[test]
fn css_s7_6_deployed_units_use_their_deployed_ma_and_the_dot() {
    let mut b = Board::new();
    b.route(&column(5, 5..=9), SideFeatures::ROAD)
        .dot(h(7, 6), dots::TOWN)
        .side(h(9, 5), h(9, 6), SideFeatures::WATER | SideFeatures::ROAD)
        .side(
            h(11, 5),
            h(11, 6),
            SideFeatures::STREAM | SideFeatures::ROAD,
        );
    let pos = Pos::new(&b, &[]);
    let p = party(h(5, 5), DEPLOYED, &[tank()]);
    assert_eq!(p.allowance, 24, "Deployed MA 4");
    let ds = dests(&b, &pos, &p);
    assert_eq!(
        cost_to(&ds, h(5, 7), DEPLOYED),
        Some(24),
        "2 MP a hex, road or not"
    );
    assert_eq!(cost_to(&ds, h(5, 8), DEPLOYED), None);
    let gun = unit(MoveClass::Leg, 2, 0);
    let refused = Party::new(Side::A, h(5, 5), Part::First, DEPLOYED, &[gun], false);
    assert_eq!(refused.unwrap_err().case, "S7.6");
    let into_town = party(h(7, 5), DEPLOYED, &[tank()]);
    let refused = walk(&b, &pos, &into_town, false, &[h(7, 6)]).unwrap_err();
    assert_eq!(refused.case, "S7.6");
    let leg = party(h(7, 5), DEPLOYED, &[rifles()]);
    assert_eq!(walk(&b, &pos, &leg, false, &[h(7, 6)]).unwrap().0.spent, 6);
    // A bridge over a river: not for Deployed units.
    let at_river = party(h(9, 5), DEPLOYED, &[rifles()]);
    let refused = walk(&b, &pos, &at_river, false, &[h(9, 6)]).unwrap_err();
    assert_eq!(refused.case, "S7.6");
    // A bridged stream is forded at the stream's price.
    let at_stream = party(h(11, 5), DEPLOYED, &[rifles()]);
    assert_eq!(
        walk(&b, &pos, &at_stream, false, &[h(11, 6)])
            .unwrap()
            .0
            .spent,
        18
    );
}

// Table S7.4-T, exclusive 2.2.6: a Customs Police post costs +1 to enter it and the West
// Berlin hexes around it while it stands (stand-in).
#[test]
fn css_s7_4_customs_posts_cost_one_more_until_destroyed() {
    let mut b = Board::new();
    let post = h(6, 6);
    b.feature(post, HexFeatures::CUSTOMS_POST);
    b.detail(post).customs = true;
    b.detail(h(6, 7)).customs = true;
    let mut pos = Pos::new(&b, &[]);
    let p = party(h(6, 8), COLUMN, &[rifles()]);
    assert_eq!(
        walk(&b, &pos, &p, false, &[h(6, 7), post]).unwrap().1,
        [12, 24]
    );
    pos.marks.customs_destroyed.push(post);
    assert_eq!(
        walk(&b, &pos, &p, false, &[h(6, 7), post]).unwrap().1,
        [6, 12]
    );
}
