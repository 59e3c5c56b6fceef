//! Airpower [9.0]: air points in combined attacks, for non-police units, never at night.

use super::*;

// ---- [9.x] airpower ---------------------------------------------------------------------------

#[test]
fn combat_9_0_air_points_join_combined_attacks_with_unlimited_range() {
    let (mut g, d, a) = duel((1, 1), (3, 3));
    g.state.turn_state.air_points = [2, 6];
    ok(&mut g, declare(&[a], &[d]));
    refused(&mut g, air_points(7), "9.1");
    ok(&mut g, air_points(4));
    assert_eq!(g.air_points_available(WARSAW_PACT), 2);
    ok(&mut g, end_alloc());
    ok(&mut g, air_points(2));
    let card = g.combat_card(0).unwrap();
    assert_eq!((card.air, card.fpf_air), (4, 2));
    assert_eq!(card.differential, Some(3 + 4 - 1 - 2));
}

#[test]
fn combat_8_74_air_points_support_non_police_units_only() {
    let mut b = board();
    let d = mech(&mut b, NATO, 1, 1);
    let p = b.unit(WARSAW_PACT, UnitKind::Police, 1, 1, 6);
    let mut g = combat(b, WARSAW_PACT, &[(d, hex("0505")), (p, hex("0506"))]);
    g.state.turn_state.air_points = [0, 6];
    ok(&mut g, declare(&[p], &[d]));
    refused(&mut g, air_points(1), "8.74");
}

#[test]
fn combat_16_11_no_air_points_at_night() {
    let mut b = board();
    let d = mech(&mut b, NATO, 1, 1);
    let a = mech(&mut b, WARSAW_PACT, 3, 3);
    let mut g = at_turn(b, WARSAW_PACT, 3, &[(d, hex("0505")), (a, hex("0506"))]);
    assert!(g.is_night());
    g.state.turn_state.air_points = [0, 6];
    ok(&mut g, declare(&[a], &[d]));
    refused(&mut g, air_points(1), "16.11");
}
