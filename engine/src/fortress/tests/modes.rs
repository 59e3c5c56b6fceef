//! 3.3 modes: the cost of a change and when it is refused, the movement budget (7.2.2),
//! disruption (8.8), and ruins (3.3.2, 9.0.2).

use super::*;
use crate::fortress::modes;

#[test]
fn fb_modes_3_3_3_a_change_costs_two_mp_in_the_middle_of_a_move() {
    let mut k = Kit::new();
    let u = k.infantry(GERMAN, None); // maneuver MA 6
    let mut s = k.state();
    let x = h(2, 2);
    put(&k, &mut s, u, x, MANEUVER, Dir::Up);
    move_seg(&k, &mut s, GERMAN);
    k.step(&mut s, &[u], n(x, Dir::Up), MP.mp(1)).unwrap();
    modes::change_mode(&k.forces, &mut s, u, Dir::Up).unwrap();
    assert_eq!(s.face(u), COMBAT);
    assert_eq!(s.remaining(u), MP.mp(6) - MP.mp(1) - MODE_CHANGE);
    // It moves on after the change, still on its maneuver-face budget (7.2.2).
    k.step(&mut s, &[u], n(n(x, Dir::Up), Dir::Up), MP.mp(3))
        .unwrap();
    assert_eq!(s.remaining(u), 0);
    let e = modes::change_mode(&k.forces, &mut s, u, Dir::Up);
    assert_eq!(e.unwrap_err().case, "3.3.3", "no 2 MP left");
}

#[test]
fn fb_modes_7_2_2_the_budget_is_the_ma_of_the_face_at_the_segment_start() {
    let mut k = Kit::new();
    let u = k.infantry(GERMAN, None); // combat MA 4, maneuver MA 6
    let mut s = k.state();
    put(&k, &mut s, u, h(2, 2), COMBAT, Dir::Up);
    move_seg(&k, &mut s, GERMAN);
    modes::change_mode(&k.forces, &mut s, u, Dir::Up).unwrap();
    assert_eq!(s.face(u), MANEUVER);
    assert_eq!(
        s.remaining(u),
        MP.mp(4) - MODE_CHANGE,
        "not the maneuver face's 6"
    );
    // The next segment uses the face then up.
    move_seg(&k, &mut s, GERMAN);
    assert_eq!(s.remaining(u), MP.mp(6));
}

#[test]
fn fb_modes_3_3_3_short_of_two_mp_only_as_the_sole_action() {
    let mut k = Kit::new();
    let army = k.formation(SOVIET, FormationKind::Army, None);
    let hq = k.hq(SOVIET, army, Radius::Hexes(4), 0);
    let slow = k.unit(
        SOVIET,
        UnitType::Artillery,
        None,
        p(2, 2, 1, 1),
        p(4, 6, 2, 1),
    );
    let mut s = k.state();
    put(&k, &mut s, hq, h(3, 3), COMBAT, Dir::Up);
    put(&k, &mut s, slow, h(8, 3), MANEUVER, Dir::Up);
    move_seg(&k, &mut s, SOVIET);
    // A 0-MA HQ may still flip to maneuver mode, and then it is done (7.2.2).
    modes::change_mode(&k.forces, &mut s, hq, Dir::Down).unwrap();
    assert_eq!(s.face(hq), MANEUVER);
    assert_eq!(s.unit(hq).unwrap().counter.facing, Some(Facing(Dir::Down)));
    let e = k.step(&mut s, &[hq], h(3, 4), 0);
    assert_eq!(e.unwrap_err().case, "3.3.3");
    // A 1-MA unit that has moved may not change at all.
    k.step(&mut s, &[slow], h(8, 4), MP.mp(1)).unwrap();
    assert_eq!(
        modes::change_mode(&k.forces, &mut s, slow, Dir::Up)
            .unwrap_err()
            .case,
        "3.3.3"
    );
}

#[test]
fn fb_modes_3_3_3_disrupted_underground_ppb_and_the_enemys_segment_refused() {
    let mut k = Kit::new();
    let a = k.infantry(GERMAN, None);
    let b = k.infantry(GERMAN, None);
    let c = k.infantry(GERMAN, None);
    let ppb = k.forces.add(Counter::combat_only(
        "PPB",
        GERMAN,
        UnitType::PlantProtection,
        UnitSize::Battalion,
        WeaponType::SmallArms,
        p(1, 1, 1, 0),
        1,
    ));
    let ppb = ppb.unwrap();
    let mut s = k.state();
    put(&k, &mut s, a, h(2, 2), COMBAT, Dir::Up);
    put(&k, &mut s, b, h(4, 2), COMBAT, Dir::Up);
    put(&k, &mut s, c, h(6, 2), MANEUVER, Dir::Up);
    assert_eq!(
        s.place(&k.forces, ppb, h(8, 2), MANEUVER, Dir::Up)
            .unwrap_err()
            .case,
        "11.2.1"
    );
    put(&k, &mut s, ppb, h(8, 2), COMBAT, Dir::Up);
    move_seg(&k, &mut s, SOVIET);
    assert_eq!(
        modes::change_mode(&k.forces, &mut s, a, Dir::Up)
            .unwrap_err()
            .case,
        "3.3.3"
    );
    move_seg(&k, &mut s, GERMAN);
    s.units[a.0 as usize].counter.game.disrupted = Some(SOVIET);
    s.units[c.0 as usize].counter.game.underground = true;
    assert_eq!(
        modes::change_mode(&k.forces, &mut s, a, Dir::Up)
            .unwrap_err()
            .case,
        "3.3.3"
    );
    assert_eq!(
        modes::change_mode(&k.forces, &mut s, c, Dir::Up)
            .unwrap_err()
            .case,
        "17.1.1"
    );
    assert_eq!(
        modes::change_mode(&k.forces, &mut s, ppb, Dir::Up)
            .unwrap_err()
            .case,
        "11.2.1"
    );
    modes::change_mode(&k.forces, &mut s, b, Dir::Up).unwrap();
}

#[test]
fn fb_modes_8_8_disruption_flips_to_maneuver_a_second_eliminates_6_0_markers_by_colour() {
    let mut k = Kit::new();
    let a = k.infantry(GERMAN, None);
    let b = k.infantry(GERMAN, None);
    let m = k.infantry(GERMAN, None);
    let ppb = k
        .forces
        .add(Counter::combat_only(
            "PPB",
            GERMAN,
            UnitType::PlantProtection,
            UnitSize::Battalion,
            WeaponType::SmallArms,
            p(1, 1, 1, 0),
            1,
        ))
        .unwrap();
    let mut s = k.state();
    let x = h(5, 5);
    put(&k, &mut s, m, x, MANEUVER, Dir::DownHigherCol);
    put(&k, &mut s, a, x, COMBAT, Dir::Up);
    put(&k, &mut s, b, h(7, 7), COMBAT, Dir::Up);
    put(&k, &mut s, ppb, h(9, 9), COMBAT, Dir::Up);
    s.segment.side = SOVIET; // disrupted in the Soviet player-turn: a red marker
    assert_eq!(
        modes::disrupt(&k.forces, &mut s, a, Dir::Up).unwrap(),
        Disruption::Disrupted
    );
    assert_eq!(s.face(a), MANEUVER);
    // It takes its force's facing (3.4.2).
    assert_eq!(
        s.unit(a).unwrap().counter.facing,
        Some(Facing(Dir::DownHigherCol))
    );
    assert_eq!(
        modes::disrupt(&k.forces, &mut s, ppb, Dir::Up).unwrap(),
        Disruption::Eliminated
    );
    assert_eq!(
        modes::disrupt(&k.forces, &mut s, b, Dir::Up).unwrap(),
        Disruption::Disrupted
    );
    // The German recovery removes white markers only: the red ones stay.
    modes::recover(&k.forces, &mut s, GERMAN);
    assert!(s.disrupted(a) && s.disrupted(b));
    assert_eq!(
        modes::disrupt(&k.forces, &mut s, b, Dir::Up).unwrap(),
        Disruption::Eliminated
    );
    assert_eq!(s.unit(b).unwrap().state.location, Location::Eliminated);
    modes::recover(&k.forces, &mut s, SOVIET);
    assert!(!s.disrupted(a));
    assert_eq!(s.segment.kind, SegmentKind::Recovery);
}

#[test]
fn fb_modes_3_3_2_a_soviet_hq_with_no_ma_may_enter_one_adjacent_ruins_hex_not_also_flip() {
    let mut k = Kit::new();
    let army = k.formation(SOVIET, FormationKind::Army, None);
    let hq = k.hq(SOVIET, army, Radius::Hexes(4), 0);
    let hq2 = k.hq(SOVIET, army, Radius::Hexes(4), 0);
    let mut s = k.state();
    let (x, y) = (h(3, 3), h(8, 3));
    put(&k, &mut s, hq, x, COMBAT, Dir::Up);
    put(&k, &mut s, hq2, y, COMBAT, Dir::Up);
    s.add_ruins(n(x, Dir::Up)).unwrap();
    move_seg(&k, &mut s, SOVIET);
    assert_eq!(s.remaining(hq), 0);
    let e = k.step(&mut s, &[hq2], n(y, Dir::Up), MP.mp(1));
    assert_eq!(e.unwrap_err().case, "7.1", "no MP for open ground");
    k.step(&mut s, &[hq], n(x, Dir::Up), MP.mp(4)).unwrap();
    assert_eq!(s.hex_of(hq), Some(n(x, Dir::Up)));
    // Not both: no mode change after it, and no second ruins hex.
    assert_eq!(
        modes::change_mode(&k.forces, &mut s, hq, Dir::Up)
            .unwrap_err()
            .case,
        "3.3.3"
    );
    s.add_ruins(n(n(x, Dir::Up), Dir::Up)).unwrap();
    let e = k.step(&mut s, &[hq], n(n(x, Dir::Up), Dir::Up), MP.mp(4));
    assert_eq!(e.unwrap_err().case, "3.3.3");
}

#[test]
fn fb_modes_9_0_2_maneuver_mode_never_enters_ruins_and_recovers_into_combat_mode_there() {
    let mut k = Kit::new();
    let a = k.infantry(GERMAN, None);
    let b = k.infantry(GERMAN, None);
    let mut s = k.state();
    let x = h(5, 5);
    let ruin = n(x, Dir::Up);
    s.add_ruins(ruin).unwrap();
    put(&k, &mut s, a, x, MANEUVER, Dir::Up);
    put(&k, &mut s, b, x, COMBAT, Dir::Up);
    move_seg(&k, &mut s, GERMAN);
    let e = k.step(&mut s, &[a, b], ruin, MP.mp(4));
    assert_eq!(e.unwrap_err().case, "9.0.2");
    k.step(&mut s, &[b], ruin, MP.mp(4)).unwrap();
    // Disrupted in the ruins it flips to maneuver, and back to combat when it recovers.
    assert_eq!(
        modes::disrupt(&k.forces, &mut s, b, Dir::Up).unwrap(),
        Disruption::Disrupted
    );
    assert_eq!(s.face(b), MANEUVER);
    modes::recover(&k.forces, &mut s, GERMAN);
    assert_eq!((s.face(b), s.disrupted(b)), (COMBAT, false));
}
