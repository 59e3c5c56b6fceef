//! Movement on small hand-made boards (series S7.0–S7.10, S5.3, S6.5, S1.5).

extern crate std;

use super::*;
use crate::core::hex::Dir;
use crate::css::destinations::{destinations, path, Destination, MoveScratch};
use crate::css::move_action::{Move, Trigger};
use crate::css::terrain::tests::{h, Board, Marks, BH, BP};
use crate::css::terrain::{dots, Crossing, Divider, MoveClass, Parts};
use std::string::ToString;
use std::vec::Vec;

/// A unit of `class` with these Column and Deployed MAs (the exclusive layers' tests use
/// these companies too).
pub(crate) fn unit(class: MoveClass, column: u8, deployed: u8) -> Mover {
    Mover {
        class,
        ma: TwoFaced {
            front: column,
            back: deployed,
        },
        status: Status::default(),
    }
}

/// A T-72 company: tracked, Column MA 10 (stand-in), Deployed MA 4.
pub(crate) fn tank() -> Mover {
    unit(MoveClass::Tracked, 10, 4)
}
/// A rifle company: leg, Column MA 4, Deployed MA 3.
pub(crate) fn rifles() -> Mover {
    unit(MoveClass::Leg, 4, 3)
}
/// A truck-borne company: wheeled, Column MA 12, Deployed MA 4.
pub(crate) fn trucks() -> Mover {
    unit(MoveClass::Wheeled, 12, 4)
}

fn party(at: HexId, face: Face, units: &[Mover]) -> Party {
    Party::new(Side::A, at, Part::First, face, units, false).expect("may move")
}

/// A position: markers and enemy units.
struct Pos {
    marks: Marks,
    enemies: Enemies<BH>,
}

impl Pos {
    fn new(b: &Board, enemies: &[HexId]) -> Pos {
        let mut e = Enemies::new();
        e.set(&b.g(), enemies.iter().copied(), true);
        Pos {
            marks: Marks::default(),
            enemies: e,
        }
    }
    fn ctx<'a>(&'a self, b: &'a Board, p: &'a Party) -> Ctx<'a, BH, BP, Marks> {
        Ctx {
            ground: b.ground(),
            cond: &self.marks,
            enemies: &self.enemies,
            party: p,
        }
    }
}

fn dests(b: &Board, pos: &Pos, p: &Party) -> Vec<Destination> {
    let mut scratch = MoveScratch::<BH>::new();
    let mut v = Vec::new();
    destinations(pos.ctx(b, p), &mut scratch, |d| v.push(d)).expect("search");
    v
}

/// The cheapest legal end in `hex` on `face`, any part.
fn cost_to(ds: &[Destination], hex: HexId, face: Face) -> Option<u16> {
    ds.iter()
        .filter(|d| d.hex == hex && d.face == face)
        .map(|d| d.cost)
        .min()
}

/// Walks `path` with the checked move; the MP spent after each hex entered.
fn walk(
    b: &Board,
    pos: &Pos,
    p: &Party,
    change_at_start: bool,
    path: &[HexId],
) -> Result<(Move, Vec<u16>), RuleViolation> {
    let ctx = pos.ctx(b, p);
    let (mut m, _) = Move::begin(&ctx, change_at_start)?;
    let mut spent = Vec::new();
    for &to in path {
        m.step(&ctx, to)?;
        spent.push(m.spent);
    }
    Ok((m, spent))
}

fn column(col: u8, rows: core::ops::RangeInclusive<u8>) -> Vec<HexId> {
    rows.map(|r| h(col, r)).collect()
}

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

/// Hex (10, 10) with a stream through it: the sides toward rows above are one bank.
fn stream_hex(b: &mut Board) -> HexId {
    let x = h(10, 10);
    let g = b.g();
    let north: Vec<HexId> = [Dir::Up, Dir::UpHigherCol, Dir::UpLowerCol]
        .iter()
        .map(|&d| g.neighbour(x, d).unwrap())
        .collect();
    let first = b.mask(x, &north);
    b.parts(
        x,
        Parts {
            divider: Divider::Stream,
            first,
            ..Parts::default()
        },
    );
    x
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

// S7.7: a change of side at the start of a move is paid from the MA of the side it starts on,
// one at the end from what is left (stand-in 1 MP leg, 2 MP vehicles); the Change Side action
// costs nothing; never to Deployed where the class may not deploy, never when Suppressed.
#[test]
fn css_s7_7_changing_side_at_the_start_and_end_of_a_move() {
    let mut b = Board::new();
    b.route(&column(5, 5..=12), SideFeatures::ROAD)
        .dot(h(5, 7), dots::TOWN);
    let pos = Pos::new(&b, &[]);
    // A Deployed tank (MA 4 = 24 sixths) mounts up for 12 and drives the road at 3 a hex.
    let p = party(h(5, 5), DEPLOYED, &[tank()]);
    let ctx = pos.ctx(&b, &p);
    let (mut m, trigger) = Move::begin(&ctx, true).unwrap();
    assert_eq!(
        trigger,
        Some(Trigger::ChangedSide {
            hex: h(5, 5),
            face: COLUMN
        })
    );
    assert_eq!((m.face, m.spent), (COLUMN, 12));
    for to in column(5, 6..=9) {
        m.step(&ctx, to).unwrap();
    }
    assert_eq!(m.spent, 24);
    assert_eq!(m.finish(&ctx, true).unwrap_err().case, "S7.7", "no MP left");
    let ds = dests(&b, &pos, &p);
    let far = ds
        .iter()
        .find(|d| d.hex == h(5, 9) && d.face == COLUMN)
        .unwrap();
    assert_eq!(
        (far.cost, far.moving, far.change_at_end),
        (24, COLUMN, false)
    );
    // Mount, drive one road hex, dismount: 12 + 3 + 12 = 27 > 24; in a Town: never.
    assert_eq!(
        cost_to(&ds, h(5, 6), DEPLOYED),
        Some(12),
        "Deployed, off the road"
    );
    assert_eq!(
        cost_to(&ds, h(5, 7), DEPLOYED),
        None,
        "vehicles never deploy in Town"
    );
    assert_eq!(cost_to(&ds, h(5, 7), COLUMN), Some(18));
    // A Column tank with MA 10: two road hexes and dismount: 6 + 12 = 18.
    let c = party(h(5, 8), COLUMN, &[tank()]);
    let ctx = pos.ctx(&b, &c);
    let (mut m, _) = Move::begin(&ctx, false).unwrap();
    m.step(&ctx, h(5, 9)).unwrap();
    m.step(&ctx, h(5, 10)).unwrap();
    let done = m.finish(&ctx, true).unwrap();
    assert_eq!((done.face, done.spent), (DEPLOYED, 18));
    assert_eq!(
        done.trigger,
        Some(Trigger::ChangedSide {
            hex: h(5, 10),
            face: DEPLOYED
        })
    );
    let d = dests(&b, &pos, &c);
    let end = d
        .iter()
        .find(|d| d.hex == h(5, 10) && d.face == DEPLOYED)
        .unwrap();
    assert_eq!((end.cost, end.change_at_end), (18, true));
    // The Change Side action: free, but not in Town for a vehicle, nor when Suppressed.
    let in_town = party(h(5, 7), COLUMN, &[tank()]);
    assert_eq!(
        change_side_action(&b.ground(), &in_town).unwrap_err().case,
        "S7.7"
    );
    let mut shaken = tank();
    shaken.status.suppressed = true;
    let s = party(h(5, 5), COLUMN, &[shaken]);
    assert_eq!(
        change_side_action(&b.ground(), &s).unwrap_err().case,
        "S11.6"
    );
}

// S7.8: prohibited: a hex without a dot, a hex a game forbids to the side (Gates 1.2, 3.5), an
// enemy hex, terrain or a hexside the class may not cross; the Wall except where open.
#[test]
fn css_s7_8_prohibited_moves() {
    let mut b = Board::new();
    b.dot(h(5, 6), dots::NONE)
        .side(h(7, 5), h(7, 6), SideFeatures::BORDER)
        .side(
            h(9, 5),
            h(9, 6),
            SideFeatures::BORDER | SideFeatures::WALL_GAP,
        )
        .side(
            h(11, 5),
            h(11, 6),
            SideFeatures::BORDER | SideFeatures::WALL_WIRE,
        )
        .side(h(13, 5), h(13, 6), SideFeatures::WATER);
    b.detail(h(15, 6)).barred = 1; // barred to side A
    let enemy = h(17, 6);
    let mut pos = Pos::new(&b, &[enemy]);
    let one = |pos: &Pos, from: HexId, to: HexId, mover: Mover| {
        let p = party(from, COLUMN, &[mover]);
        walk(&b, pos, &p, false, &[to]).map(|(m, _)| m.spent)
    };
    let case = |r: Result<u16, RuleViolation>| r.unwrap_err().case;
    assert_eq!(case(one(&pos, h(5, 5), h(5, 6), rifles())), "S7.8");
    assert_eq!(case(one(&pos, h(7, 5), h(7, 6), rifles())), "S7.8");
    assert_eq!(
        one(&pos, h(9, 5), h(9, 6), trucks()),
        Ok(18),
        "access point"
    );
    assert_eq!(
        one(&pos, h(11, 5), h(11, 6), rifles()),
        Ok(18),
        "barbed wire +2"
    );
    assert_eq!(case(one(&pos, h(11, 5), h(11, 6), trucks())), "S7.8");
    assert_eq!(case(one(&pos, h(13, 5), h(13, 6), tank())), "S7.8");
    assert_eq!(case(one(&pos, h(15, 5), h(15, 6), rifles())), "S7.8");
    let other = Party::new(Side::B, h(15, 5), Part::First, COLUMN, &[rifles()], false).unwrap();
    assert_eq!(
        walk(&b, &pos, &other, false, &[h(15, 6)]).unwrap().0.spent,
        6
    );
    assert_eq!(case(one(&pos, h(17, 5), enemy, rifles())), "S6.5");
    // A breach opens the Wall (exclusive 2.2.6, 3.10).
    let wall = b.g().side_between(h(7, 5), h(7, 6)).unwrap();
    pos.marks.breached.push(wall);
    assert_eq!(one(&pos, h(7, 5), h(7, 6), trucks()), Ok(18));
    // Nothing on the search's list that a step would refuse.
    let p = party(h(5, 5), COLUMN, &[rifles()]);
    let ds = dests(&b, &pos, &p);
    assert!(ds.iter().all(|d| d.hex != h(5, 6) && d.hex != enemy));
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
    let g = b.g();
    let north: Vec<HexId> = [Dir::Up, Dir::UpHigherCol, Dir::UpLowerCol]
        .iter()
        .map(|&d| g.neighbour(x, d).unwrap())
        .collect();
    let first = b.mask(x, &north);
    b.parts(
        x,
        Parts {
            divider,
            first,
            bridge,
            ..Parts::default()
        },
    );
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
