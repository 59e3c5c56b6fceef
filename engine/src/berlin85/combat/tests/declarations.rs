//! The procedure and the example [7.0]; who attacks [7.1], [7.2], [7.3]; the end of the phase
//! and units that advanced [7.96].

use super::*;

// ---- [7.0] the procedure and the example ------------------------------------------------------

#[test]
fn combat_7_0_park_example_13_against_4_reads_the_plus_6_to_8_column() {
    let mut b = board();
    let d_hex = hex("0505");
    b.terrain(d_hex, PARK);
    let n = around(&b, d_hex);
    let d = mech(&mut b, NATO, 2, 4);
    let a1 = mech(&mut b, WARSAW_PACT, 7, 5);
    let a2 = mech(&mut b, WARSAW_PACT, 6, 5);
    let mut g = combat(b, WARSAW_PACT, &[(d, d_hex), (a1, n[0]), (a2, n[1])]);
    let card = g.preview_attack(&[a1, a2], &[d]).unwrap();
    assert_eq!(card.differential, Some(9));
    assert_eq!(card.net_shift, -1);
    assert_eq!(card.shifts[0].case, "7.42");
    assert_eq!(card.column_label.as_deref(), Some("+6..+8"));

    ok(&mut g, declare(&[a1, a2], &[d]));
    assert_eq!(g.combat_step(), CombatStep::Declare);
    ok(&mut g, end_alloc());
    assert_eq!(g.combat_step(), CombatStep::Fpf);
    assert_eq!(g.pending(), Pending::Command { player: NATO });
    ok(&mut g, end_alloc());
    assert_eq!(g.combat_step(), CombatStep::Resolve);
    ok(&mut g, cmd(Command::Resolve { attack: 0 }));
    assert!(matches!(g.pending(), Pending::Roll { case: "7.6", .. }));
    let ev = g.apply(&roll(1)).unwrap();
    // The log shows the totals, each shift with its case, and the column read.
    assert!(ev
        .iter()
        .any(|e| e.case == "7.0" && e.text.contains("13 against 4")));
    assert!(ev.iter().any(|e| e.case == "7.42"));
    assert!(ev
        .iter()
        .any(|e| e.case == "7.6" && e.text.contains("+6..+8")));
    settle(&mut g);
    let (_, a) = g.attacks().next().unwrap();
    assert!(a.resolved);
    // Column +6..+8, die 1 on the stand-in table.
    assert_eq!(a.result, Some(CombatResult::D4));
    assert_eq!(g.combat_step(), CombatStep::Done);
    // [8.41] the defender remembers the adverse result for the next phase.
    assert!(g.state.units[d.0 as usize].has(flags::ADVERSE_RESULT));
    ok(&mut g, cmd(Command::EndCombat));
    assert_ne!(g.state.phasing, WARSAW_PACT);
}

#[test]
fn combat_7_0_all_attacks_are_announced_before_any_is_resolved() {
    let (mut g, d, a) = duel((2, 2), (4, 4));
    ok(&mut g, declare(&[a], &[d]));
    refused(&mut g, cmd(Command::Resolve { attack: 0 }), "7.0");
}

#[test]
fn combat_7_0_sequential_option_resolves_each_attack_as_announced() {
    let (mut g, [d1, a1], [d2, a2]) = two_pairs();
    g.state.options.sequential_combat = true;
    ok(&mut g, declare(&[a1], &[d1]));
    refused(&mut g, declare(&[a2], &[d2]), "7.0");
    ok(&mut g, end_alloc());
    ok(&mut g, end_alloc());
    ok(&mut g, cmd(Command::Resolve { attack: 0 }));
    ok(&mut g, roll(3));
    settle(&mut g);
    assert_eq!(g.combat_step(), CombatStep::Declare);
    // The second pair is still in contact: the phase may not end yet [7.11].
    refused(&mut g, cmd(Command::EndCombat), "7.11");
    ok(&mut g, declare(&[a2], &[d2]));
    ok(&mut g, end_alloc());
    ok(&mut g, end_alloc());
    ok(&mut g, cmd(Command::Resolve { attack: 1 }));
    ok(&mut g, roll(3));
    settle(&mut g);
    ok(&mut g, cmd(Command::EndCombat));
}

// ---- [7.1], [7.2], [7.3] who attacks --------------------------------------------------------

#[test]
fn combat_7_13_a_unit_attacks_and_is_attacked_once_per_phase() {
    let mut b = board();
    let d1 = mech(&mut b, NATO, 2, 2);
    let d2 = mech(&mut b, NATO, 2, 2);
    let a = mech(&mut b, WARSAW_PACT, 4, 4);
    let a2 = mech(&mut b, WARSAW_PACT, 4, 4);
    let c = hex("0505");
    let n = around(&b, c);
    let mut g = combat(
        b,
        WARSAW_PACT,
        &[(a, c), (d1, n[0]), (d2, n[1]), (a2, n[3])],
    );
    ok(&mut g, declare(&[a], &[d1]));
    refused(&mut g, declare(&[a], &[d2]), "7.13");
    // d1 is already attacked.
    refused(&mut g, declare(&[a2], &[d1]), "7.13");
}

#[test]
fn combat_7_14_non_adjacent_units_may_not_attack() {
    let mut b = board();
    let d = mech(&mut b, NATO, 2, 2);
    let a = mech(&mut b, WARSAW_PACT, 4, 4);
    let mut g = combat(b, WARSAW_PACT, &[(d, hex("0505")), (a, hex("0508"))]);
    refused(&mut g, declare(&[a], &[d]), "7.14");
}

#[test]
fn combat_7_23_every_attacker_adjacent_to_every_defender() {
    let mut b = board();
    let c = hex("0505");
    let n = around(&b, c);
    // Two defenders around c, one attacker adjacent to only one of them.
    let d1 = mech(&mut b, NATO, 2, 2);
    let d2 = mech(&mut b, NATO, 2, 2);
    let a = mech(&mut b, WARSAW_PACT, 4, 4);
    let far = *around(&b, n[0])
        .iter()
        .find(|&&h| h != c && !around(&b, n[3]).contains(&h) && h != n[3] && dist(&b, h, n[3]) > 1)
        .unwrap();
    let mut g = combat(b, WARSAW_PACT, &[(d1, n[0]), (d2, n[3]), (a, far)]);
    refused(&mut g, declare(&[a], &[d1, d2]), "7.23");
}

#[test]
fn combat_7_12_at_most_six_adjacent_attackers() {
    let mut b = board();
    let c = hex("0505");
    let n = around(&b, c);
    let d = mech(&mut b, NATO, 2, 2);
    let mut placed = std::vec![(d, c)];
    let mut att = Vec::new();
    for (i, &h) in n.iter().enumerate() {
        let a = mech(&mut b, WARSAW_PACT, 1, 1);
        placed.push((a, h));
        att.push(a);
        if i == 0 {
            // A paradrop may briefly stack two units in one hex.
            let extra = mech(&mut b, WARSAW_PACT, 1, 1);
            placed.push((extra, h));
            att.push(extra);
        }
    }
    let mut g = combat(b, WARSAW_PACT, &placed);
    refused(&mut g, declare(&att, &[d]), "7.12");
    ok(&mut g, declare(&att[..6], &[d]));
}

#[test]
fn combat_7_3_strength_is_not_counted_twice() {
    let (mut g, d, a) = duel((2, 2), (4, 4));
    refused(&mut g, declare(&[a, a], &[d]), "7.3");
}

#[test]
fn combat_7_11_closing_declarations_with_a_mandatory_attack_missing_is_refused() {
    let (mut g, [d1, a1], [d2, a2]) = two_pairs();
    let mut owing = Vec::new();
    g.must_attack(|u| owing.push(u));
    assert_eq!(owing, std::vec![a1, a2]);
    let mut targets = Vec::new();
    g.must_be_attacked(|u| targets.push(u));
    assert_eq!(targets, std::vec![d1, d2]);
    ok(&mut g, declare(&[a1], &[d1]));
    refused(&mut g, end_alloc(), "7.11");
    ok(&mut g, declare(&[a2], &[d2]));
    ok(&mut g, end_alloc());
}

#[test]
fn combat_7_21_every_adjacent_enemy_must_be_attacked() {
    let mut b = board();
    let c = hex("0505");
    let n = around(&b, c);
    let a = mech(&mut b, WARSAW_PACT, 4, 4);
    let d1 = mech(&mut b, NATO, 2, 2);
    let d2 = mech(&mut b, NATO, 2, 2);
    let mut g = combat(b, WARSAW_PACT, &[(a, c), (d1, n[0]), (d2, n[3])]);
    ok(&mut g, declare(&[a], &[d1]));
    refused(&mut g, end_alloc(), "7.11");
    ok(&mut g, cmd(Command::Undeclare { attack: 0 }));
    ok(&mut g, declare(&[a], &[d1, d2]));
    ok(&mut g, end_alloc());
}

#[test]
fn combat_7_11_zones_of_control_do_not_reach_into_urban_hexes() {
    let mut b = board();
    b.terrain(hex("0505"), URBAN);
    b.terrain(hex("0506"), URBAN);
    let d = mech(&mut b, NATO, 2, 2);
    let a = mech(&mut b, WARSAW_PACT, 4, 4);
    let mut g = combat(b, WARSAW_PACT, &[(d, hex("0505")), (a, hex("0506"))]);
    // Adjacent but in no zone of control [6.14]: combat is voluntary.
    ok(&mut g, end_alloc());
}

#[test]
fn combat_21_15_warsaw_pact_police_frozen_until_turn_3() {
    let mut b = board();
    b.scenario_mut().rules.wp_police_frozen_until = 3;
    let d = mech(&mut b, NATO, 2, 2);
    let p = b.unit(WARSAW_PACT, UnitKind::Police, 2, 2, 6);
    let mut g = combat(b, WARSAW_PACT, &[(d, hex("0505")), (p, hex("0506"))]);
    refused(&mut g, declare(&[p], &[d]), "21.15");
    // Frozen police owe no attack.
    ok(&mut g, end_alloc());
}

#[test]
fn combat_7_83_units_of_unresolved_attacks_are_known_to_the_aftermath() {
    let mut b = board();
    let d = mech(&mut b, NATO, 2, 2);
    let a = mech(&mut b, WARSAW_PACT, 4, 4);
    let other = mech(&mut b, WARSAW_PACT, 4, 4);
    let mut g = combat(
        b,
        WARSAW_PACT,
        &[(d, hex("0505")), (a, hex("0506")), (other, hex("0909"))],
    );
    ok(&mut g, declare(&[a], &[d]));
    assert!(g.in_unresolved_attack(a) && g.in_unresolved_attack(d));
    assert!(!g.in_unresolved_attack(other));
    ok(&mut g, end_alloc());
    ok(&mut g, end_alloc());
    ok(&mut g, cmd(Command::Resolve { attack: 0 }));
    ok(&mut g, roll(3));
    settle(&mut g);
    assert!(!g.in_unresolved_attack(a));
}

#[test]
fn combat_7_11_the_phase_ends_at_once_when_no_attack_is_owed() {
    let mut b = board();
    let d = mech(&mut b, NATO, 2, 2);
    let a = mech(&mut b, WARSAW_PACT, 4, 4);
    let mut g = combat(b, WARSAW_PACT, &[(d, hex("0303")), (a, hex("0304"))]);
    refused(&mut g, cmd(Command::EndCombat), "7.11");
    g.state.units[a.0 as usize].location = crate::core::units::Location::OnMap(hex("0808"));
    ok(&mut g, cmd(Command::EndCombat));
    assert_eq!(g.state.phasing, NATO);
}

#[test]
fn combat_7_96_units_that_advanced_neither_attack_nor_are_attacked() {
    let (mut g, d, a) = duel((2, 2), (4, 4));
    g.state.units[a.0 as usize].set(flags::ADVANCED);
    refused(&mut g, declare(&[a], &[d]), "7.96");
    // Nor is an attack owed by or against it.
    ok(&mut g, cmd(Command::EndCombat));

    let (mut g, d, a) = duel((2, 2), (4, 4));
    g.state.units[d.0 as usize].set(flags::ADVANCED);
    refused(&mut g, declare(&[a], &[d]), "7.96");
}
