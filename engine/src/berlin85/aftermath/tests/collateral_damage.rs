//! Collateral damage [10.0], firestorms [10.7] included.

use super::*;

// ---- collateral damage [10.0] -----------------------------------------------------------------

#[test]
fn aftermath_10_12_one_roll_for_two_hexes_read_on_their_own_rows() {
    let mut b = Board::new(10, 10);
    b.terrain(hex("0505"), URBAN);
    b.terrain(hex("0605"), crate::berlin85::testkit::PARK);
    let d1 = b.unit(NATO, UnitKind::Infantry, 2, 2, 4);
    let d2 = b.unit(NATO, UnitKind::Infantry, 2, 2, 4);
    let mut g = combat(b, WARSAW_PACT, &[(d1, hex("0505")), (d2, hex("0605"))]);
    // Stand-in table: urban thresholds 6, 10 …; park 12, 16 …; damage when die + column ≥ 5.
    let fire = [(hex("0505"), 10), (hex("0605"), 12)];
    begin(
        &mut g,
        &outcome(CombatResult::NoEffect, &[], &[d1, d2], &fire),
    );
    assert!(matches!(g.pending(), Pending::Roll { case: "10.0", .. }));
    roll(&mut g, 4);
    assert!(done(&g), "a single roll for both hexes");
    assert!(g.markers(hex("0505")).has(Markers::RUIN));
    assert!(!g.markers(hex("0605")).has(Markers::RUIN));
}

#[test]
fn aftermath_10_2_only_listed_terrain_and_enough_fire_are_checked() {
    let mut b = Board::new(10, 10);
    b.terrain(hex("0605"), URBAN);
    let d1 = b.unit(NATO, UnitKind::Infantry, 2, 2, 4);
    let mut g = combat(b, WARSAW_PACT, &[(d1, hex("0505"))]);
    // Clear terrain, any strength; urban below its first threshold: no roll.
    let fire = [(hex("0505"), 40), (hex("0605"), 5)];
    begin(&mut g, &outcome(CombatResult::NoEffect, &[], &[d1], &fire));
    assert!(done(&g));
}

#[test]
fn aftermath_10_4_a_ruined_hex_is_never_checked_again() {
    let mut b = Board::new(10, 10);
    b.terrain(hex("0505"), URBAN);
    let d1 = b.unit(NATO, UnitKind::Infantry, 2, 2, 4);
    let mut g = combat(b, WARSAW_PACT, &[(d1, hex("0505"))]);
    ruin(&mut g, "0505");
    let fire = [(hex("0505"), 40)];
    begin(&mut g, &outcome(CombatResult::NoEffect, &[], &[d1], &fire));
    assert!(done(&g));
}

#[test]
fn aftermath_8_16_a_barrage_on_an_empty_hex_only_checks_collateral() {
    let mut b = Board::new(10, 10);
    b.terrain(hex("0505"), URBAN);
    let mut g = combat(b, WARSAW_PACT, &[]);
    let fire = [(hex("0505"), 30)];
    begin(&mut g, &outcome(CombatResult::NoEffect, &[], &[], &fire));
    roll(&mut g, 6);
    assert!(g.markers(hex("0505")).has(Markers::RUIN));
}

#[test]
fn aftermath_10_71_a_pol_firestorm_destroys_occupants_and_the_unit_that_retreated_out() {
    let Corridor { mut b, def, att } = corridor();
    b.terrain(hex("0505"), URBAN);
    b.feature(hex("0505"), HF::POL);
    let mut g = Corridor { b, def, att }.game(&[]);
    let fire = [(hex("0505"), 30)];
    begin(&mut g, &outcome(CombatResult::D1, &[att], &[def], &fire));
    assert_eq!(at(&g, def), Location::OnMap(hex("0506")));
    pick(&mut g, Choice::Stop); // no advance
    let ev = roll(&mut g, 6);
    assert!(g.markers(hex("0505")).has(Markers::FIRE));
    assert!(!g.markers(hex("0505")).has(Markers::RUIN));
    assert_eq!(at(&g, def), Location::Eliminated);
    assert!(cites(&ev, "10.71"));
    assert!(done(&g));
}

#[test]
fn aftermath_10_71_units_in_a_burning_pol_hex_are_eliminated() {
    let mut b = Board::new(10, 10);
    b.terrain(hex("0505"), URBAN);
    b.feature(hex("0505"), HF::POL);
    let d1 = b.unit(NATO, UnitKind::Infantry, 2, 2, 4);
    let mut g = combat(b, WARSAW_PACT, &[(d1, hex("0505"))]);
    let fire = [(hex("0505"), 30)];
    begin(&mut g, &outcome(CombatResult::NoEffect, &[], &[d1], &fire));
    roll(&mut g, 6);
    assert_eq!(at(&g, d1), Location::Eliminated);
}

#[test]
fn aftermath_10_72_no_retreat_into_a_burning_hex() {
    let Corridor { b, def, att } = corridor();
    let mut g = Corridor { b, def, att }.game(&[]);
    mark(&mut g, "0506", Markers::FIRE);
    begin(&mut g, &outcome(CombatResult::D1, &[att], &[def], &[]));
    assert_eq!(at(&g, def), Location::Eliminated);
}
