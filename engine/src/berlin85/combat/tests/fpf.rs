//! Final protective fire [8.4], by nationality and never by police [8.72], [8.73].

use super::*;

// ---- [8.4] final protective fire ----------------------------------------------------------------

#[test]
fn combat_8_72_nato_fpf_only_for_its_own_nationality() {
    let mut b = board();
    let d = mech(&mut b, NATO, 1, 1);
    b.def_mut(d).nationality = Nationality::French;
    let a = mech(&mut b, WARSAW_PACT, 3, 3);
    let art = b.artillery(NATO, 6, 2, 9, 1, 6);
    let mut g = combat(
        b,
        WARSAW_PACT,
        &[(d, hex("0505")), (a, hex("0506")), (art, hex("0509"))],
    );
    ok(&mut g, declare(&[a], &[d]));
    ok(&mut g, end_alloc());
    refused(&mut g, fpf(art, 0, false), "8.72");
}

#[test]
fn combat_8_73_no_fpf_for_police_and_no_barrage_with_police_alone() {
    let mut b = board();
    let p = b.unit(NATO, UnitKind::Police, 1, 1, 6);
    let a = mech(&mut b, WARSAW_PACT, 3, 3);
    let art = b.artillery(NATO, 6, 2, 9, 1, 6);
    let mut g = combat(
        b,
        WARSAW_PACT,
        &[(p, hex("0505")), (a, hex("0506")), (art, hex("0509"))],
    );
    ok(&mut g, declare(&[a], &[p]));
    ok(&mut g, end_alloc());
    refused(&mut g, fpf(art, 0, false), "8.73");

    let mut b = board();
    let d = mech(&mut b, NATO, 1, 1);
    let p = b.unit(WARSAW_PACT, UnitKind::Police, 1, 1, 6);
    let art = b.artillery(WARSAW_PACT, 6, 2, 9, 1, 6);
    let mut g = combat(
        b,
        WARSAW_PACT,
        &[(d, hex("0505")), (p, hex("0506")), (art, hex("0509"))],
    );
    refused(&mut g, declare(&[p, art], &[d]), "8.73");
}

#[test]
fn combat_8_41_fpf_by_an_ineligible_battery_is_refused() {
    let mut b = board();
    let d = mech(&mut b, NATO, 1, 1);
    let a = mech(&mut b, WARSAW_PACT, 3, 3);
    let hurt = b.artillery(NATO, 6, 2, 9, 1, 6);
    let engaged = b.artillery(NATO, 6, 2, 9, 1, 6);
    let enemy = mech(&mut b, WARSAW_PACT, 1, 1);
    let good = b.artillery(NATO, 6, 2, 9, 1, 6);
    let mut g = combat(
        b,
        WARSAW_PACT,
        &[
            (d, hex("0505")),
            (a, hex("0506")),
            (hurt, hex("0509")),
            (engaged, hex("0202")),
            (enemy, hex("0203")),
            (good, hex("0809")),
        ],
    );
    // Adverse result in its previous Combat Phase: combat_begin rolls the mark over.
    g.state.units[hurt.0 as usize].set(flags::ADVERSE_RESULT);
    let mut ev = heapless::Vec::new();
    g.combat_begin(&mut ev).unwrap();
    ok(&mut g, declare(&[a], &[d]));
    ok(&mut g, declare(&[enemy], &[engaged]));
    ok(&mut g, end_alloc());
    refused(&mut g, fpf(hurt, 0, false), "8.41");
    // Attacked this phase (and in an enemy zone of control).
    refused(&mut g, fpf(engaged, 0, false), "8.41");
    let mut cands = Vec::new();
    g.fpf_candidates(0, |u| cands.push(u));
    assert_eq!(cands, std::vec![good]);
    ok(&mut g, fpf(good, 0, false));
    assert_eq!(g.combat_card(0).unwrap().fpf, 2);
    refused(&mut g, fpf(good, 1, false), "7.3");
}

#[test]
fn combat_8_42_fpf_range_is_counted_to_the_defended_unit() {
    let mut b = board();
    let c = hex("0505");
    let d = mech(&mut b, NATO, 1, 1);
    let a = mech(&mut b, WARSAW_PACT, 3, 3);
    let art = b.artillery(NATO, 6, 2, 3, 1, 6);
    let n = around(&b, c);
    // The attacker is within 3 of the battery, the defender is not.
    let spot = (1..=10u8)
        .flat_map(|x| (1..=10u8).map(move |y| HexId::new(x, y)))
        .find(|&h| dist(&b, h, n[0]) <= 3 && dist(&b, h, c) == 4)
        .unwrap();
    let mut g = combat(b, WARSAW_PACT, &[(d, c), (a, n[0]), (art, spot)]);
    ok(&mut g, declare(&[a], &[d]));
    ok(&mut g, end_alloc());
    refused(&mut g, fpf(art, 0, false), "8.42");
}

#[test]
fn combat_8_45_no_fpf_against_artillery_alone() {
    let mut b = board();
    let d = mech(&mut b, NATO, 1, 1);
    let wp_art = b.artillery(WARSAW_PACT, 6, 2, 9, 1, 6);
    let art = b.artillery(NATO, 6, 2, 9, 1, 6);
    let mut g = combat(
        b,
        WARSAW_PACT,
        &[(d, hex("0505")), (wp_art, hex("0509")), (art, hex("0801"))],
    );
    g.state.turn_state.air_points = [4, 4];
    ok(&mut g, declare(&[wp_art], &[d]));
    ok(&mut g, end_alloc());
    refused(&mut g, fpf(art, 0, false), "8.45");
    refused(&mut g, air_points(1), "8.45");
}

#[test]
fn combat_8_41_an_adverse_result_marks_the_unit_for_the_next_phase_only() {
    let mut b = board();
    let art = b.artillery(NATO, 6, 2, 9, 1, 6);
    let mut g = combat(b, WARSAW_PACT, &[(art, hex("0505"))]);
    g.state.units[art.0 as usize].set(flags::ADVERSE_RESULT | flags::ATTACKED);
    let mut ev = heapless::Vec::new();
    g.combat_begin(&mut ev).unwrap();
    let s = g.state.units[art.0 as usize];
    assert!(s.has(flags::ADVERSE_LAST_PHASE) && !s.has(flags::ADVERSE_RESULT | flags::ATTACKED));
    g.combat_begin(&mut ev).unwrap();
    assert!(!g.state.units[art.0 as usize].has(flags::ADVERSE_LAST_PHASE));
}

#[test]
fn combat_8_44_a_battery_giving_fpf_is_not_touched_by_the_result() {
    let mut b = board();
    let c = hex("0505");
    let d = mech(&mut b, NATO, 1, 1);
    let a = mech(&mut b, WARSAW_PACT, 12, 12);
    let art = b.artillery(NATO, 6, 2, 3, 1, 6);
    let n = around(&b, c);
    // Two hexes from the defender, out of every enemy zone of control [8.41].
    let spot = (1..=10u8)
        .flat_map(|x| (1..=10u8).map(move |y| HexId::new(x, y)))
        .find(|&h| dist(&b, h, c) == 2 && dist(&b, h, n[0]) >= 2)
        .unwrap();
    let mut g = combat(b, WARSAW_PACT, &[(d, c), (a, n[0]), (art, spot)]);
    ok(&mut g, declare(&[a], &[d]));
    ok(&mut g, end_alloc());
    ok(&mut g, fpf(art, 0, false));
    ok(&mut g, end_alloc());
    ok(&mut g, cmd(Command::Resolve { attack: 0 }));
    // 12 against 1 + 2 FPF is +9: the die decides the defender's fate, never the battery's.
    ok(&mut g, roll(1));
    settle(&mut g);
    assert_ne!(g.hex_of(d), Some(c), "the defender suffered the result");
    assert_eq!(g.hex_of(art), Some(spot), "the battery that gave FPF stays");
}
