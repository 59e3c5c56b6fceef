//! 3.1 stacking: the limits per side, one force per side, a force's pace, over-stacking at
//! the end of a segment and the owner's losses one choice at a time, moves that must end within
//! the limit (8.7.1), and friends and enemies in the way (7.2.1).

use super::*;
use crate::fortress::{force, stacking, zoc};

#[test]
fn fb_stacking_3_1_2_german_three_units_or_four_of_one_division() {
    let mut k = Kit::new();
    let higher = k.formation(GERMAN, FormationKind::HigherCommand, None);
    let div = k.formation(GERMAN, FormationKind::Division, Some(higher));
    let korps = k.formation(GERMAN, FormationKind::HigherCommand, None);
    let d: Vec<UnitId> = (0..4).map(|_| k.infantry(GERMAN, Some(div))).collect();
    let other = k.infantry(GERMAN, None);
    let corps_troops = k.infantry(GERMAN, Some(korps));
    let f = &k.forces;
    assert!(stacking::check(f, GERMAN, &d[..3]).is_ok());
    assert!(
        stacking::check(f, GERMAN, &d).is_ok(),
        "four of one division"
    );
    let mixed = [d[0], d[1], d[2], other];
    assert_eq!(
        stacking::check(f, GERMAN, &mixed).unwrap_err().case,
        "3.1.2"
    );
    let with_corps = [d[0], d[1], d[2], corps_troops];
    assert!(
        stacking::check(f, GERMAN, &with_corps).is_err(),
        "corps troops are no division"
    );
}

#[test]
fn fb_stacking_3_1_3_soviet_two_units_or_three_of_one_corps() {
    let mut k = Kit::new();
    let army = k.formation(SOVIET, FormationKind::Army, None);
    let tank = k.formation(SOVIET, FormationKind::MobileCorps, Some(army));
    let rifle = k.formation(SOVIET, FormationKind::RifleCorps, Some(army));
    let t: Vec<UnitId> = (0..4).map(|_| k.infantry(SOVIET, Some(tank))).collect();
    let r: Vec<UnitId> = (0..3).map(|_| k.infantry(SOVIET, Some(rifle))).collect();
    let a: Vec<UnitId> = (0..3).map(|_| k.infantry(SOVIET, Some(army))).collect();
    let f = &k.forces;
    assert!(stacking::check(f, SOVIET, &r[..2]).is_ok());
    assert!(
        stacking::check(f, SOVIET, &t[..3]).is_ok(),
        "three of one tank corps"
    );
    assert_eq!(stacking::check(f, SOVIET, &t).unwrap_err().case, "3.1.3");
    assert!(
        stacking::check(f, SOVIET, &r).is_err(),
        "a rifle corps gets no bonus"
    );
    assert!(
        stacking::check(f, SOVIET, &a).is_err(),
        "army troops get no bonus"
    );
    assert!(stacking::check(f, SOVIET, &[t[0], t[1], r[0]]).is_err());
}

#[test]
fn fb_stacking_3_1_1_one_force_per_side_a_leader_does_not_count() {
    let mut k = Kit::new();
    let a = k.infantry(GERMAN, None);
    let b = k.infantry(GERMAN, None);
    let c = k.infantry(GERMAN, None);
    let hitler = k.unit(GERMAN, UnitType::Leader, None, p(0, 0, 0, 0), p(0, 0, 0, 0));
    let mut s = k.state();
    let x = h(5, 5);
    put(&k, &mut s, a, x, COMBAT, Dir::Up);
    put(&k, &mut s, hitler, x, COMBAT, Dir::Up);
    put(&k, &mut s, b, n(x, Dir::Up), COMBAT, Dir::Up);
    put(&k, &mut s, c, x, COMBAT, Dir::Up);
    move_seg(&k, &mut s, GERMAN);
    k.step(&mut s, &[b], x, MP.mp(1)).unwrap();
    // One force in the hex, the arrivals on top.
    let st = s.stacks.at(x, GERMAN).unwrap();
    assert_eq!(st.len(), 4);
    assert_eq!(st.top(), Some(b));
    assert_eq!(s.stacks.stacks.iter().filter(|t| t.hex == x).count(), 1);
    // Three units and Hitler: within the limit.
    assert!(stacking::over_stacked::<4>(&k.forces, &s).is_empty());
    // Hitler is no combat unit: he neither moves (11.1.2) nor controls hexes (3.2.1).
    let e = k.step(&mut s, &[hitler], n(x, Dir::Down), 0);
    assert_eq!(e.unwrap_err().case, "11.1.2");
    assert!(!zoc::projects_into(
        &k.map,
        &k.forces,
        &s,
        hitler,
        n(x, Dir::Down)
    ));
    assert!(zoc::projects_into(
        &k.map,
        &k.forces,
        &s,
        a,
        n(x, Dir::Down)
    ));
}

#[test]
fn fb_stacking_3_1_4_force_moves_at_its_slowest_units_pace() {
    let mut k = Kit::new();
    let fast = k.unit(GERMAN, UnitType::Armor, None, p(1, 2, 3, 8), p(1, 6, 5, 4));
    let slow = k.infantry(GERMAN, None); // maneuver MA 6
    let mut s = k.state();
    let x = h(3, 3);
    put(&k, &mut s, fast, x, MANEUVER, Dir::Up);
    put(&k, &mut s, slow, x, MANEUVER, Dir::Up);
    move_seg(&k, &mut s, GERMAN);
    assert_eq!(force::force_remaining(&s, &[fast, slow]), MP.mp(6));
    let mut at = x;
    for _ in 0..3 {
        let next = n(at, Dir::Up);
        k.step(&mut s, &[fast, slow], next, MP.mp(2)).unwrap();
        at = next;
    }
    let e = k.step(&mut s, &[fast, slow], n(at, Dir::Up), MP.mp(1));
    assert_eq!(e.unwrap_err().case, "3.1.4");
    // Leaving the force is free: the tank goes on alone with its own 2 MP left.
    k.step(&mut s, &[fast], n(at, Dir::Up), MP.mp(2)).unwrap();
    assert_eq!(s.hex_of(slow), Some(at));
}

#[test]
fn fb_stacking_3_1_4_over_stacked_at_segment_end_owner_picks_losses() {
    let mut k = Kit::new();
    let higher = k.formation(GERMAN, FormationKind::HigherCommand, None);
    let div = k.formation(GERMAN, FormationKind::Division, Some(higher));
    let d: Vec<UnitId> = (0..4).map(|_| k.infantry(GERMAN, Some(div))).collect();
    let vs = k.unit(
        GERMAN,
        UnitType::Volkssturm,
        None,
        p(1, 1, 1, 4),
        p(1, 1, 2, 2),
    );
    let mut s = k.state();
    let x = h(6, 6);
    for &u in &d[..3] {
        put(&k, &mut s, u, x, COMBAT, Dir::Up);
    }
    put(&k, &mut s, vs, x, COMBAT, Dir::Up);
    put(&k, &mut s, d[3], n(x, Dir::Down), COMBAT, Dir::Up);
    move_seg(&k, &mut s, GERMAN);
    // During the segment a fifth unit may join (7.2.1); the limit waits for its end.
    k.step(&mut s, &[d[3]], x, MP.mp(1)).unwrap();
    let pending = stacking::over_stacked::<4>(&k.forces, &s);
    assert_eq!(pending.len(), 1);
    let loss = &pending[0];
    assert_eq!((loss.player, loss.hex, loss.case), (GERMAN, x, "3.1.4"));
    // Losing the Volkssturm leaves four of one division: one loss is enough, and the table
    // offers only that unit.
    assert_eq!(loss.remove, 1);
    assert_eq!(&loss.from[..], &[vs]);
    match loss.pending() {
        crate::core::protocol::Pending::Choose {
            player,
            case,
            options,
            ..
        } => assert_eq!((player, case, &options[..]), (GERMAN, "3.1.4", &[vs][..])),
        other => panic!("expected a choice, got {other:?}"),
    }
    let refused = stacking::eliminate_over_stacked(&k.forces, &mut s, x, GERMAN, &[d[0]]);
    assert_eq!(
        refused.unwrap_err().case,
        "3.1.2",
        "three of the division and a VS is too many"
    );
    let two = stacking::eliminate_over_stacked(&k.forces, &mut s, x, GERMAN, &[d[0], d[1]]);
    assert_eq!(two.unwrap_err().case, "3.1.4", "no more than needed");
    stacking::eliminate_over_stacked(&k.forces, &mut s, x, GERMAN, &[vs]).unwrap();
    assert_eq!(s.unit(vs).unwrap().state.location, Location::Eliminated);
    assert!(stacking::over_stacked::<4>(&k.forces, &s).is_empty());
}

#[test]
fn fb_stacking_7_2_1_friends_do_not_hinder_enemies_may_not_be_entered() {
    let mut k = Kit::new();
    let a = k.infantry(GERMAN, None);
    let b = k.infantry(GERMAN, None);
    let enemy = k.infantry(SOVIET, None);
    let mut s = k.state();
    let x = h(4, 4);
    put(&k, &mut s, a, x, COMBAT, Dir::Up);
    put(&k, &mut s, b, n(x, Dir::Up), COMBAT, Dir::Up);
    // The Soviet unit sits two hexes off, facing away: no zone reaches a's path.
    put(&k, &mut s, enemy, n(x, Dir::DownHigherCol), COMBAT, Dir::Up);
    s.units[enemy.0 as usize].counter.game.disrupted = Some(SOVIET);
    move_seg(&k, &mut s, GERMAN);
    k.step(&mut s, &[a], n(x, Dir::Up), MP.mp(1)).unwrap();
    k.step(&mut s, &[a], n(n(x, Dir::Up), Dir::Up), MP.mp(1))
        .unwrap();
    let back = k.step(&mut s, &[a], n(x, Dir::Up), 0);
    assert!(back.is_ok());
    let e = k
        .step(&mut s, &[b], x, MP.mp(1))
        .and_then(|_| k.step(&mut s, &[b], n(x, Dir::DownHigherCol), MP.mp(1)));
    assert_eq!(e.unwrap_err().case, "7.2.1");
}

#[test]
fn fb_stacking_3_1_4_the_owner_eliminates_over_stacked_units_one_choice_at_a_time() {
    let mut k = Kit::new();
    let army = k.formation(SOVIET, FormationKind::Army, None);
    let rifle = k.formation(SOVIET, FormationKind::RifleCorps, Some(army));
    let r: Vec<UnitId> = (0..4).map(|_| k.infantry(SOVIET, Some(rifle))).collect();
    let mut s = k.state();
    let x = h(4, 4);
    for &u in &r {
        put(&k, &mut s, u, x, COMBAT, Dir::Up);
    }
    let loss = &stacking::over_stacked::<4>(&k.forces, &s)[0];
    assert_eq!(
        (loss.player, loss.remove),
        (SOVIET, 2),
        "a rifle corps stacks two"
    );
    assert_eq!(loss.from.len(), 4, "any of them");
    stacking::eliminate_one(&k.forces, &mut s, x, SOVIET, r[0]).unwrap();
    let e = stacking::eliminate_one(&k.forces, &mut s, x, SOVIET, r[0]);
    assert_eq!(e.unwrap_err().case, "3.1.4", "already gone");
    stacking::eliminate_one(&k.forces, &mut s, x, SOVIET, r[3]).unwrap();
    assert!(stacking::over_stacked::<4>(&k.forces, &s).is_empty());
    let e = stacking::eliminate_one(&k.forces, &mut s, x, SOVIET, r[1]);
    assert_eq!(e.unwrap_err().case, "3.1.4", "no more than the limit needs");
    assert_eq!(s.stacks.at(x, SOVIET).unwrap().len(), 2);
}

#[test]
fn fb_stacking_8_7_1_a_move_that_must_end_within_the_limit_is_refused_beyond_it() {
    let mut k = Kit::new();
    let a: Vec<UnitId> = (0..3).map(|_| k.infantry(SOVIET, None)).collect();
    let strict = stacking::Strict {
        forces: &k.forces,
        side: SOVIET,
    };
    let mut st = crate::core::stack::Stack::new(h(2, 2), SOVIET);
    st.push_top(a[0], &strict).unwrap();
    st.push_top(a[1], &strict).unwrap();
    assert_eq!(st.push_top(a[2], &strict).unwrap_err().case, "3.1.3");
    assert_eq!(st.len(), 2, "unchanged by the refusal");
}
