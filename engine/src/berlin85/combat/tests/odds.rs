//! The odds: terrain and the table's ends [7.4], [7.5], untried units [11.0], supply [14.32]
//! and bonus shifts.

use super::*;

// ---- [7.4], [7.5] terrain and the table's ends ----------------------------------------------

#[test]
fn combat_7_44_the_most_favourable_defender_terrain_counts() {
    let mut b = board();
    let c = hex("0505");
    let n = around(&b, c);
    b.terrain(n[0], SUBURBAN);
    b.terrain(n[1], FOREST);
    b.terrain(n[1], URBAN);
    let a = mech(&mut b, WARSAW_PACT, 9, 9);
    let d1 = mech(&mut b, NATO, 1, 1);
    let d2 = mech(&mut b, NATO, 1, 1);
    let g = combat(b, WARSAW_PACT, &[(a, c), (d1, n[0]), (d2, n[1])]);
    let card = g.preview_attack(&[a], &[d1, d2]).unwrap();
    assert_eq!(card.net_shift, -2);
    assert_eq!(card.shifts[0].case, "7.44");
}

#[test]
fn combat_10_55_a_ruin_adds_its_shift_to_the_terrain() {
    let mut b = board();
    b.terrain(hex("0505"), SUBURBAN);
    let d = mech(&mut b, NATO, 1, 1);
    let a = mech(&mut b, WARSAW_PACT, 9, 9);
    let mut g = combat(b, WARSAW_PACT, &[(d, hex("0505")), (a, hex("0506"))]);
    ruin(&mut g, "0505");
    let card = g.preview_attack(&[a], &[d]).unwrap();
    assert_eq!(card.net_shift, -2);
    assert!(card.shifts.iter().any(|s| s.case == "10.55"));
}

#[test]
fn combat_7_43_hexside_shift_only_when_every_attacker_crosses_it() {
    let mut b = board();
    let c = hex("0505");
    let n = around(&b, c);
    b.side(c, n[0], SF::WATER);
    let d = mech(&mut b, NATO, 1, 1);
    let a1 = mech(&mut b, WARSAW_PACT, 5, 5);
    let a2 = mech(&mut b, WARSAW_PACT, 5, 5);
    let g = combat(b, WARSAW_PACT, &[(d, c), (a1, n[0]), (a2, n[1])]);
    let across = g.preview_attack(&[a1], &[d]).unwrap();
    assert_eq!(across.net_shift, -1);
    assert_eq!(across.shifts[0].case, "7.43");
    let mixed = g.preview_attack(&[a1, a2], &[d]).unwrap();
    assert_eq!(mixed.net_shift, 0);
}

#[test]
fn combat_8_62_no_hexside_benefit_against_artillery_alone() {
    let mut b = board();
    let c = hex("0505");
    let n = around(&b, c);
    b.side(c, n[0], SF::WATER);
    let d = mech(&mut b, NATO, 1, 1);
    let art = b.artillery(WARSAW_PACT, 6, 3, 4, 1, 6);
    let g = combat(b, WARSAW_PACT, &[(d, c), (art, n[0])]);
    let card = g.preview_attack(&[art], &[d]).unwrap();
    assert!(card.artillery_only);
    assert_eq!(card.net_shift, 0);
}

#[test]
fn combat_7_51_differentials_beyond_the_table_read_on_its_ends() {
    let mut b = board();
    let d = mech(&mut b, NATO, 1, 1);
    let a = mech(&mut b, WARSAW_PACT, 40, 9);
    let weak = mech(&mut b, WARSAW_PACT, 0, 1);
    let big = mech(&mut b, NATO, 1, 30);
    let g = combat(
        b,
        WARSAW_PACT,
        &[
            (d, hex("0505")),
            (a, hex("0506")),
            (weak, hex("0802")),
            (big, hex("0803")),
        ],
    );
    let cols = g.data.tables.crt_columns.len();
    assert_eq!(g.preview_attack(&[a], &[d]).unwrap().column, Some(cols - 1));
    assert_eq!(g.preview_attack(&[weak], &[big]).unwrap().column, Some(0));
}

// ---- [11.0] untried units ---------------------------------------------------------------------

#[test]
fn combat_11_0_untried_strengths_are_hidden_then_drawn_from_the_mix() {
    let mut b = board();
    let d = mech(&mut b, NATO, 2, 2);
    b.def_mut(d).untried = true;
    let a = mech(&mut b, WARSAW_PACT, 5, 5);
    let mut g = combat(b, WARSAW_PACT, &[(d, hex("0505")), (a, hex("0506"))]);
    let card = g.preview_attack(&[a], &[d]).unwrap();
    assert_eq!((card.defense_known, card.defense_untried), (0, 1));
    assert_eq!(card.differential, None);
    assert!(card.results.is_none());
    ok(&mut g, declare(&[a], &[d]));
    ok(&mut g, end_alloc());
    ok(&mut g, end_alloc());
    assert_eq!(g.combat_step(), CombatStep::Reveal);
    let Pending::DrawChit {
        cup, chits, case, ..
    } = g.pending()
    else {
        panic!("a draw is due");
    };
    assert_eq!((cup, case), ("mechanized", "11.0"));
    // The stand-in mechanized cup holds 60 + 40 chits: listed in proportion (29 + 19).
    let first = chits
        .iter()
        .filter(|c| {
            **c == Choice::Strength {
                attack: 5,
                defense: 4,
            }
        })
        .count();
    let second = chits
        .iter()
        .filter(|c| {
            **c == Choice::Strength {
                attack: 6,
                defense: 6,
            }
        })
        .count();
    assert!(first > second && second > 0);
    let left = g.state.untried_left.clone();
    let k = chits
        .iter()
        .position(|c| {
            *c == Choice::Strength {
                attack: 6,
                defense: 6,
            }
        })
        .unwrap();
    ok(&mut g, Input::Drew(k as u16));
    assert_eq!(g.state.units[d.0 as usize].revealed, Some((6, 6)));
    assert_eq!(g.state.untried_left[1], left[1] - 1);
    assert_eq!(g.state.untried_left[0], left[0]);
    assert_eq!(g.combat_card(0).unwrap().differential, Some(5 - 6));
    assert_eq!(g.combat_step(), CombatStep::Resolve);
}

#[test]
fn combat_11_0_an_emptied_cup_is_refilled() {
    let mut b = board();
    let d = b.unit(NATO, UnitKind::Paratroop, 0, 0, 6);
    b.def_mut(d).untried = true;
    let a = mech(&mut b, WARSAW_PACT, 5, 5);
    let mut g = combat(b, WARSAW_PACT, &[(d, hex("0505")), (a, hex("0506"))]);
    g.state.untried_left[4] = 0;
    ok(&mut g, declare(&[a], &[d]));
    ok(&mut g, end_alloc());
    ok(&mut g, end_alloc());
    let Pending::DrawChit { chits, .. } = g.pending() else {
        panic!()
    };
    assert_eq!(chits.len(), 12);
    ok(&mut g, Input::Drew(0));
    assert_eq!(g.state.untried_left[4], 11);
}

// ---- [14.32] supply ---------------------------------------------------------------------------

#[test]
fn combat_14_32_an_unsupplied_side_suffers_two_columns() {
    let mut b = board();
    // [21.35] 4: no Warsaw Pact supply before the priority roll.
    b.scenario_mut().rules.wp_supply_priority = true;
    let d = mech(&mut b, NATO, 1, 1);
    let a = mech(&mut b, WARSAW_PACT, 3, 3);
    let wd = mech(&mut b, WARSAW_PACT, 1, 1);
    let na = mech(&mut b, NATO, 3, 3);
    let g = combat(
        b,
        WARSAW_PACT,
        &[
            (d, hex("0505")),
            (a, hex("0506")),
            (wd, hex("0202")),
            (na, hex("0203")),
        ],
    );
    let card = g.preview_attack(&[a], &[d]).unwrap();
    assert_eq!(card.net_shift, -2);
    assert_eq!(card.shifts[0].case, "14.32");
    let mut g2 = g.clone();
    g2.state.phasing = NATO;
    let card = g2.preview_attack(&[na], &[wd]).unwrap();
    assert_eq!(card.net_shift, 2);
}

#[test]
fn combat_14_33_unsupplied_artillery_may_not_barrage() {
    let mut b = board();
    b.scenario_mut().rules.wp_supply_priority = true;
    let d = mech(&mut b, NATO, 1, 1);
    let art = b.artillery(WARSAW_PACT, 6, 2, 9, 1, 6);
    let mut g = combat(b, WARSAW_PACT, &[(d, hex("0505")), (art, hex("0509"))]);
    refused(&mut g, declare(&[art], &[d]), "14.33");
}

// ---- bonus shifts ------------------------------------------------------------------------------

#[test]
fn combat_19_11_honors_of_war_bonus_for_adjacent_combat_only() {
    let mut b = board();
    let d = mech(&mut b, NATO, 1, 1);
    let a = mech(&mut b, WARSAW_PACT, 3, 3);
    let art = b.artillery(WARSAW_PACT, 6, 2, 9, 1, 6);
    let mut g = combat(
        b,
        WARSAW_PACT,
        &[(d, hex("0505")), (a, hex("0506")), (art, hex("0509"))],
    );
    g.state.turn_state.bonus_side = Some(NATO);
    let card = g.preview_attack(&[a], &[d]).unwrap();
    assert_eq!(card.net_shift, -1);
    assert_eq!(card.shifts[0].case, "19.11");
    assert_eq!(g.preview_attack(&[art], &[d]).unwrap().net_shift, 0);
    g.state.turn_state.bonus_side = Some(WARSAW_PACT);
    assert_eq!(g.preview_attack(&[a], &[d]).unwrap().net_shift, 1);
}

#[test]
fn combat_21_15_warsaw_pact_first_turn_bonus_in_both_combat_phases() {
    let mut b = board();
    b.scenario_mut().rules.wp_first_turn_bonus_shifts = 2;
    let d = mech(&mut b, NATO, 1, 1);
    let a = mech(&mut b, WARSAW_PACT, 3, 3);
    let mut g = at_turn(b, WARSAW_PACT, 1, &[(d, hex("0505")), (a, hex("0506"))]);
    let card = g.preview_attack(&[a], &[d]).unwrap();
    assert_eq!((card.net_shift, card.shifts[0].case), (2, "21.15"));
    g.state.phasing = NATO;
    assert_eq!(g.preview_attack(&[d], &[a]).unwrap().net_shift, -2);
    g.state.turn = 2;
    assert_eq!(g.preview_attack(&[d], &[a]).unwrap().net_shift, 0);
}

#[test]
fn combat_21_25_nato_police_shift_in_their_favour() {
    let mut b = board();
    b.scenario_mut().rules.nato_police_bonus = true;
    let p = b.unit(NATO, UnitKind::Police, 1, 1, 6);
    let m = mech(&mut b, NATO, 3, 3);
    let a = mech(&mut b, WARSAW_PACT, 3, 3);
    let c = hex("0505");
    let n = around(&b, c);
    let mut g = combat(b, WARSAW_PACT, &[(a, c), (p, n[0]), (m, n[1])]);
    assert_eq!(g.preview_attack(&[a], &[p]).unwrap().net_shift, -1);
    assert_eq!(g.preview_attack(&[a], &[m]).unwrap().net_shift, 0);
    g.state.phasing = NATO;
    let card = g.preview_attack(&[p, m], &[a]).unwrap();
    assert_eq!((card.net_shift, card.shifts[0].case), (1, "21.25"));
}
