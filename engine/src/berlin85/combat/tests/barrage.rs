//! Artillery barrages [8.1], [8.2], [8.3], attacked artillery [8.5], support by division and
//! nationality [8.7], displaced artillery [7.82] and interdiction [20.22].

use super::*;

// ---- [8.x] artillery ----------------------------------------------------------------------------

#[test]
fn combat_8_12_barrage_range_counts_the_target_hex_not_the_firing_hex() {
    let mut b = board();
    let c = hex("0505");
    let d = mech(&mut b, NATO, 1, 1);
    let near = b.artillery(WARSAW_PACT, 4, 2, 3, 1, 6);
    let far = b.artillery(WARSAW_PACT, 4, 2, 3, 1, 6);
    let h3 = at_distance(&b, c, 3);
    let h4 = (1..=10u8)
        .flat_map(|x| (1..=10u8).map(move |y| HexId::new(x, y)))
        .find(|&h| dist(&b, c, h) == 4 && dist(&b, h, h3) > 1)
        .unwrap();
    let mut g = combat(b, WARSAW_PACT, &[(d, c), (near, h3), (far, h4)]);
    // [8.11] a barrage is never owed.
    let mut owing = 0;
    g.must_attack(|_| owing += 1);
    assert_eq!(owing, 0);
    refused(&mut g, declare(&[far], &[d]), "8.12");
    ok(&mut g, declare(&[near], &[d]));
    let card = g.combat_card(0).unwrap();
    assert_eq!(card.barrage, 4);
    assert!(card.artillery_only);
}

#[test]
fn combat_8_15_artillery_alone_reads_only_d2_d3_d4_de() {
    let mut b = board();
    let c = hex("0505");
    let d = mech(&mut b, NATO, 1, 1);
    let art = b.artillery(WARSAW_PACT, 5, 2, 4, 1, 6);
    let h = at_distance(&b, c, 3);
    let mut g = combat(b, WARSAW_PACT, &[(d, c), (art, h)]);
    ok(&mut g, declare(&[art], &[d]));
    // +4: row 1 reads D2 on the stand-in table, row 5 would be Ex.
    let card = g.combat_card(0).unwrap();
    let res = card.results.unwrap();
    assert!(res.iter().all(|r| matches!(
        r,
        CombatResult::NoEffect
            | CombatResult::D2
            | CombatResult::D3
            | CombatResult::D4
            | CombatResult::De
    )));
    ok(&mut g, end_alloc());
    ok(&mut g, end_alloc());
    ok(&mut g, cmd(Command::Resolve { attack: 0 }));
    ok(&mut g, roll(6));
    settle(&mut g);
    assert_eq!(
        g.attacks().next().unwrap().1.result,
        Some(CombatResult::NoEffect)
    );
}

#[test]
fn combat_8_32_artillery_adjacent_to_an_enemy_may_not_barrage() {
    let mut b = board();
    let c = hex("0505");
    let d = mech(&mut b, NATO, 1, 1);
    let d2 = mech(&mut b, NATO, 1, 1);
    let art = b.artillery(WARSAW_PACT, 4, 2, 6, 1, 6);
    let g_hex = at_distance(&b, c, 3);
    let n = around(&b, g_hex);
    let mut g = combat(b, WARSAW_PACT, &[(d, c), (art, g_hex), (d2, n[0])]);
    refused(&mut g, declare(&[art], &[d]), "8.32");
    // It attacks its neighbour with its barrage strength instead [8.31].
    ok(&mut g, declare(&[art], &[d2]));
    assert_eq!(g.combat_card(0).unwrap().attack_known, 4);
}

#[test]
fn combat_8_22_combined_barrage_needs_range_to_one_defender_only() {
    let mut b = board();
    let c = hex("0505");
    let n = around(&b, c);
    let a = mech(&mut b, WARSAW_PACT, 3, 3);
    let d1 = mech(&mut b, NATO, 1, 1);
    let d2 = mech(&mut b, NATO, 1, 1);
    let art = b.artillery(WARSAW_PACT, 4, 2, 2, 1, 6);
    let spot = (1..=10u8)
        .flat_map(|x| (1..=10u8).map(move |y| HexId::new(x, y)))
        .find(|&h| dist(&b, h, n[0]) == 2 && dist(&b, h, n[3]) > 2 && dist(&b, h, c) > 1)
        .unwrap();
    let mut g = combat(
        b,
        WARSAW_PACT,
        &[(a, c), (d1, n[0]), (d2, n[3]), (art, spot)],
    );
    ok(&mut g, declare(&[a], &[d1, d2]));
    let mut cands = Vec::new();
    g.barrage_candidates(0, |u| cands.push(u));
    assert_eq!(cands, std::vec![art]);
    ok(&mut g, barrage(art, 0, false));
    assert_eq!(g.combat_card(0).unwrap().barrage, 4);
    let (_, at) = g.attacks().next().unwrap();
    assert_eq!(at.barrage[0].hex, n[0]);
}

#[test]
fn combat_8_13_a_barrage_alone_fires_on_a_single_hex() {
    let mut b = board();
    let d1 = mech(&mut b, NATO, 1, 1);
    let d2 = mech(&mut b, NATO, 1, 1);
    let art = b.artillery(WARSAW_PACT, 4, 2, 9, 1, 6);
    let mut g = combat(
        b,
        WARSAW_PACT,
        &[(d1, hex("0505")), (d2, hex("0506")), (art, hex("0509"))],
    );
    refused(&mut g, declare(&[art], &[d1, d2]), "8.13");
}

#[test]
fn combat_8_16_barrage_on_an_empty_hex_goes_to_collateral_only() {
    let mut b = board();
    let art = b.artillery(WARSAW_PACT, 4, 2, 9, 1, 6);
    let friend = mech(&mut b, WARSAW_PACT, 1, 1);
    let mut g = combat(b, WARSAW_PACT, &[(art, hex("0509")), (friend, hex("0202"))]);
    refused(
        &mut g,
        cmd(Command::BarrageHex {
            artillery: art,
            hex: hex("0202"),
            gas: false,
        }),
        "8.16",
    );
    ok(
        &mut g,
        cmd(Command::BarrageHex {
            artillery: art,
            hex: hex("0505"),
            gas: false,
        }),
    );
    // [9.0] air points attack only as part of a combined attack.
    g.state.turn_state.air_points = [0, 6];
    refused(&mut g, air_points(2), "9.0");
    ok(&mut g, end_alloc());
    ok(&mut g, end_alloc());
    ok(&mut g, cmd(Command::Resolve { attack: 0 }));
    settle(&mut g);
    // No combat die: the attack goes straight to the aftermath.
    let (_, a) = g.attacks().next().unwrap();
    assert!(a.resolved && a.die.is_none());
}

#[test]
fn combat_8_71_rocket_artillery_supports_only_its_own_division() {
    let mut b = board();
    let c = hex("0505");
    let d = mech(&mut b, NATO, 1, 1);
    let a = mech(&mut b, WARSAW_PACT, 3, 3);
    let rocket = b.artillery(WARSAW_PACT, 6, 0, 9, 1, 6);
    b.def_mut(rocket).kind = UnitKind::RocketArtillery;
    b.def_mut(rocket).formation = 0; // another division than the attacker's
    let mut g = combat(
        b,
        WARSAW_PACT,
        &[(d, c), (a, hex("0506")), (rocket, hex("0509"))],
    );
    refused(&mut g, declare(&[a, rocket], &[d]), "8.71");
    // Alone, the rocket battery may still bombard.
    ok(&mut g, declare(&[rocket], &[d]));
}

#[test]
fn combat_8_72_nato_artillery_supports_its_own_nationality_only() {
    let mut b = board();
    let c = hex("0505");
    let d = mech(&mut b, WARSAW_PACT, 1, 1);
    let a = mech(&mut b, NATO, 3, 3);
    b.def_mut(a).nationality = Nationality::British;
    let art = b.artillery(NATO, 6, 2, 9, 1, 6);
    let mut g = combat(b, NATO, &[(d, c), (a, hex("0506")), (art, hex("0509"))]);
    refused(&mut g, declare(&[a, art], &[d]), "8.72");
    ok(&mut g, declare(&[a], &[d]));
}

#[test]
fn combat_8_5_attacked_artillery_defends_with_its_defense_strength() {
    let mut b = board();
    let art = b.artillery(NATO, 6, 4, 9, 2, 6);
    let a = mech(&mut b, WARSAW_PACT, 5, 5);
    let g = combat(b, WARSAW_PACT, &[(art, hex("0505")), (a, hex("0506"))]);
    let card = g.preview_attack(&[a], &[art]).unwrap();
    assert_eq!((card.defense_known, card.fpf), (2, 0));
    assert_eq!(card.differential, Some(3));
}

#[test]
fn combat_7_82_displaced_artillery_that_had_not_fired_may_not_fire() {
    let mut b = board();
    let d = mech(&mut b, NATO, 1, 1);
    let a = mech(&mut b, WARSAW_PACT, 3, 3);
    let art = b.artillery(WARSAW_PACT, 6, 2, 9, 1, 6);
    let mut g = combat(
        b,
        WARSAW_PACT,
        &[(d, hex("0505")), (a, hex("0506")), (art, hex("0509"))],
    );
    g.state.units[art.0 as usize].set(flags::DISPLACED);
    ok(&mut g, declare(&[a], &[d]));
    refused(&mut g, barrage(art, 0, false), "7.82");
}

// ---- [20.22] interdiction ----------------------------------------------------------------------

#[test]
fn combat_20_22_nato_artillery_interdicts_the_rail_line_instead_of_firing() {
    let mut b = board();
    b.feature(hex("0101"), HF::RAIL_LINE);
    let art = b.artillery(NATO, 6, 2, 3, 1, 6);
    let far = b.artillery(NATO, 6, 2, 3, 1, 6);
    let d = mech(&mut b, WARSAW_PACT, 1, 1);
    let mut g = combat(
        b,
        NATO,
        &[(art, hex("0202")), (far, hex("0909")), (d, hex("0404"))],
    );
    refused(&mut g, cmd(Command::Interdict { artillery: far }), "20.22");
    ok(&mut g, cmd(Command::Interdict { artillery: art }));
    assert!(g.state.turn_state.interdicted);
    refused(&mut g, declare(&[art], &[d]), "7.13");
}
