//! Changing side and prohibited moves (S7.7, S7.8).

use super::*;

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
