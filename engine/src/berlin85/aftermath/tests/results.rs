//! Combat results [7.6], the advance after a failed stand [7.98], the hand-over from the
//! Combat Phase and attacked artillery [8.33].

use super::*;

// ---- results [7.6] ----------------------------------------------------------------------------

#[test]
fn aftermath_7_6_d2_defender_retreats_two_hexes_along_the_only_route() {
    let Corridor { b, def, att } = corridor();
    let mut g = Corridor { b, def, att }.game(&[]);
    let ev = begin(&mut g, &outcome(CombatResult::D2, &[att], &[def], &[]));
    assert_eq!(at(&g, def), Location::OnMap(hex("0507")));
    assert!(cites(&ev, "7.7"), "{ev:?}");
    // [7.91] the path: the combat position and the hex passed through.
    let p = &g.aftermath_paths()[0];
    assert_eq!(p.hexes.as_slice(), &[hex("0505"), hex("0506")]);
    // The victor is asked about an advance [7.96]: never forced.
    assert_eq!(options(&g), std::vec![Choice::Unit(att), Choice::Stop]);
}

#[test]
fn aftermath_7_92_7_96_advance_along_the_path_stopping_anywhere_and_flagged() {
    let Corridor { b, def, att } = corridor();
    let mut g = Corridor { b, def, att }.game(&[]);
    begin(&mut g, &outcome(CombatResult::D3, &[att], &[def], &[]));
    assert_eq!(at(&g, def), Location::OnMap(hex("0508")));
    pick(&mut g, Choice::Unit(att));
    assert_eq!(
        options(&g),
        std::vec![Choice::Hex(hex("0505")), Choice::Stop]
    );
    pick(&mut g, Choice::Hex(hex("0505")));
    // [7.95] only along the path; [7.92] may stop in any hex of it.
    assert_eq!(
        options(&g),
        std::vec![Choice::Hex(hex("0506")), Choice::Stop]
    );
    pick(&mut g, Choice::Hex(hex("0506")));
    pick(&mut g, Choice::Stop);
    assert_eq!(at(&g, att), Location::OnMap(hex("0506")));
    assert!(done(&g));
    // [7.96] the advanced unit may neither attack nor be attacked for the rest of the phase.
    assert!(g.state.units[att.0 as usize].has(flags::ADVANCED));
}

#[test]
fn aftermath_7_93_advance_ignores_enemy_zones_of_control() {
    let Corridor { b, def, att } = corridor();
    let mut g = Corridor { b, def, att }.game(&[]);
    begin(&mut g, &outcome(CombatResult::D2, &[att], &[def], &[]));
    // The retreated unit in 0507 controls 0506; the advancer enters it all the same.
    assert!(g.enemy_zoc(hex("0506"), WARSAW_PACT));
    pick(&mut g, Choice::Unit(att));
    pick(&mut g, Choice::Hex(hex("0505")));
    pick(&mut g, Choice::Hex(hex("0506")));
    assert_eq!(at(&g, att), Location::OnMap(hex("0506")));
}

#[test]
fn aftermath_7_6_de_7_99_attacker_may_enter_the_vacated_hex_and_must_stop() {
    let Corridor { b, def, att } = corridor();
    let mut g = Corridor { b, def, att }.game(&[]);
    let ev = begin(&mut g, &outcome(CombatResult::De, &[att], &[def], &[]));
    assert_eq!(at(&g, def), Location::Eliminated);
    assert!(cites(&ev, "7.6"));
    pick(&mut g, Choice::Unit(att));
    pick(&mut g, Choice::Hex(hex("0505")));
    // [7.99] no second hex.
    assert!(done(&g), "{:?}", g.pending());
    assert_eq!(at(&g, att), Location::OnMap(hex("0505")));
}

#[test]
fn aftermath_7_6_ae_attackers_eliminated_and_the_defender_may_advance() {
    let Corridor { b, def, att } = corridor();
    let mut g = Corridor { b, def, att }.game(&[]);
    begin(&mut g, &outcome(CombatResult::Ae, &[att], &[def], &[]));
    assert_eq!(at(&g, att), Location::Eliminated);
    // The defender's player is asked.
    match g.pending() {
        Pending::Choose { player, .. } => assert_eq!(player, NATO),
        p => panic!("{p:?}"),
    }
    pick(&mut g, Choice::Unit(def));
    pick(&mut g, Choice::Hex(hex("0504")));
    assert!(done(&g));
    assert_eq!(at(&g, def), Location::OnMap(hex("0504")));
}

#[test]
fn aftermath_7_6_ex_attacker_picks_losses_until_the_defence_is_matched() {
    let mut b = Board::new(10, 10);
    let def = b.unit(NATO, UnitKind::Mechanized, 4, 4, 6);
    let a1 = b.unit(WARSAW_PACT, UnitKind::Tank, 3, 3, 6);
    let a2 = b.unit(WARSAW_PACT, UnitKind::Tank, 2, 2, 6);
    let a3 = b.unit(WARSAW_PACT, UnitKind::Tank, 5, 5, 6);
    let arty = b.artillery(WARSAW_PACT, 8, 4, 6, 2, 4);
    let mut g = combat(
        b,
        WARSAW_PACT,
        &[
            (def, hex("0505")),
            (a1, hex("0504")),
            (a2, hex("0404")),
            (a3, hex("0604")),
            (arty, hex("0501")),
        ],
    );
    let (att, defs, arts) = ([a1, a2, a3], [def], [arty]);
    let mut o = outcome(CombatResult::Ex, &att, &defs, &[]);
    o.barrage_attackers = &arts;
    begin(&mut g, &o);
    assert_eq!(at(&g, def), Location::Eliminated);
    assert_eq!(
        options(&g),
        std::vec![Choice::Unit(a1), Choice::Unit(a2), Choice::Unit(a3)]
    );
    pick(&mut g, Choice::Unit(a2));
    // 2 of 4 lost: another unit must go.
    assert_eq!(options(&g), std::vec![Choice::Unit(a1), Choice::Unit(a3)]);
    pick(&mut g, Choice::Unit(a1));
    // 5 ≥ 4: the loss is complete; the survivor may advance into the vacated hex [7.99].
    assert_eq!(options(&g), std::vec![Choice::Unit(a3), Choice::Stop]);
    pick(&mut g, Choice::Stop);
    assert!(done(&g));
    assert_eq!(at(&g, a3), Location::OnMap(hex("0604")));
    // [7.6] Ex, [8.14] barraging artillery is never affected.
    assert_eq!(at(&g, arty), Location::OnMap(hex("0501")));
}

#[test]
fn aftermath_11_0_a_strength_of_zero_counts_one_in_an_exchange() {
    let mut b = Board::new(10, 10);
    let def = b.unit(NATO, UnitKind::Police, 0, 0, 8);
    let a1 = b.unit(WARSAW_PACT, UnitKind::Infantry, 0, 1, 6);
    let a2 = b.unit(WARSAW_PACT, UnitKind::Tank, 6, 5, 6);
    let mut g = combat(
        b,
        WARSAW_PACT,
        &[(def, hex("0505")), (a1, hex("0504")), (a2, hex("0404"))],
    );
    begin(&mut g, &outcome(CombatResult::Ex, &[a1, a2], &[def], &[]));
    pick(&mut g, Choice::Unit(a1));
    // The 0-strength unit paid the defence of 0 (counted as 1): no further loss.
    assert!(matches!(options(&g)[..], [Choice::Unit(u), Choice::Stop] if u == a2));
}

#[test]
fn aftermath_7_6_ax_defender_retreats_one_hex_then_the_attacker_loses() {
    let Corridor { mut b, def, att } = corridor();
    let a2 = b.unit(WARSAW_PACT, UnitKind::Tank, 2, 2, 6);
    // a2 sits south of the corridor, outside the walls.
    let mut g = Corridor { b, def, att }.game(&[(a2, hex("0503"))]);
    begin(&mut g, &outcome(CombatResult::Ax, &[att, a2], &[def], &[]));
    assert_eq!(at(&g, def), Location::OnMap(hex("0506")));
    // Defence 4 to lose: a2 (2) alone is not enough; the attacker chooses.
    assert_eq!(options(&g), std::vec![Choice::Unit(att), Choice::Unit(a2)]);
    pick(&mut g, Choice::Unit(att));
    assert_eq!(at(&g, att), Location::Eliminated);
    // 6 ≥ 4: done; a2 was not adjacent to the defender's hex, so no advance is offered.
    assert!(done(&g), "{:?}", g.pending());
}

#[test]
fn aftermath_7_6_br_the_defender_retreats_first_then_the_attacker() {
    let Corridor { mut b, def, att } = corridor();
    // A corridor south for the attacker too.
    wall(&mut b, hex("0504"), &[hex("0505"), hex("0503")]);
    let mut g = Corridor { b, def, att }.game(&[]);
    let ev = begin(&mut g, &outcome(CombatResult::Br, &[att], &[def], &[]));
    assert_eq!(at(&g, def), Location::OnMap(hex("0506")));
    assert_eq!(at(&g, att), Location::OnMap(hex("0503")));
    let order: Vec<_> = ev.iter().filter_map(|e| e.unit).collect();
    let d = order.iter().position(|&u| u == def).unwrap();
    let a = order.iter().position(|&u| u == att).unwrap();
    assert!(d < a, "defender first: {ev:?}");
    // Nobody won: no advance.
    assert!(done(&g));
}

#[test]
fn aftermath_7_6_a2_the_attacker_retreats_two_hexes() {
    let Corridor { mut b, def, att } = corridor();
    wall(&mut b, hex("0504"), &[hex("0505"), hex("0503")]);
    wall(&mut b, hex("0503"), &[hex("0504"), hex("0502")]);
    let mut g = Corridor { b, def, att }.game(&[]);
    begin(&mut g, &outcome(CombatResult::A2, &[att], &[def], &[]));
    assert_eq!(at(&g, att), Location::OnMap(hex("0502")));
    assert_eq!(at(&g, def), Location::OnMap(hex("0505")));
    assert!(done(&g));
}

// ---- advance after a failed stand [7.98] ------------------------------------------------------

#[test]
fn aftermath_7_98_a_failed_stand_lets_the_attacker_advance_two_hexes() {
    let Corridor { mut b, def, att } = corridor();
    supplied(&mut b);
    let mut g = Corridor { b, def, att }.game(&[]);
    begin(&mut g, &outcome(CombatResult::D2, &[att], &[def], &[]));
    pick(&mut g, Choice::TheyShallNotPass);
    roll(&mut g, 1);
    assert_eq!(at(&g, def), Location::Eliminated);
    pick(&mut g, Choice::Unit(att));
    pick(&mut g, Choice::Hex(hex("0505")));
    // Then any adjacent hex the unit could enter, not only the way the unit would have
    // retreated (water hexsides can be crossed by normal movement).
    let o = options(&g);
    assert!(o.contains(&Choice::Hex(hex("0506"))) && o.contains(&Choice::Hex(hex("0605"))));
    assert!(o.contains(&Choice::Stop));
    pick(&mut g, Choice::Hex(hex("0506")));
    assert!(done(&g));
    assert_eq!(at(&g, att), Location::OnMap(hex("0506")));
}

#[test]
fn aftermath_7_94_police_and_units_that_stood_do_not_advance() {
    let Corridor { mut b, def, att } = corridor();
    b.def_mut(att).kind = UnitKind::Police;
    let mut g = Corridor { b, def, att }.game(&[]);
    begin(&mut g, &outcome(CombatResult::De, &[att], &[def], &[]));
    assert!(done(&g));
}

#[test]
fn aftermath_7_6_every_choice_offers_real_hexes_and_refuses_bad_input() {
    let Corridor { mut b, def, att } = corridor();
    b.terrain(hex("0506"), URBAN);
    let mut g = Corridor { b, def, att }.game(&[]);
    begin(&mut g, &outcome(CombatResult::D3, &[att], &[def], &[]));
    for c in options(&g) {
        if let Choice::Hex(h) = c {
            assert!(g.data.map.idx(h).is_some());
        }
    }
    let before = g.state.clone();
    assert!(g.apply(&Input::Chose(9)).is_err());
    assert!(g.apply(&Input::Rolled(DiceRoll::of(&[3]))).is_err());
    assert_eq!(g.state, before);
    assert_eq!(g.aftermath_subject(), Some(def));
}

#[test]
fn aftermath_7_6_handed_over_by_the_combat_phase_after_the_die() {
    use crate::berlin85::command::Command;
    let Corridor { b, def, att } = corridor();
    let mut g = Corridor { b, def, att }.game(&[]);
    let cmd = |c: Command| Input::Command(c);
    g.apply(&cmd(Command::Declare {
        attackers: heapless::Vec::from_slice(&[att]).unwrap(),
        defenders: heapless::Vec::from_slice(&[def]).unwrap(),
    }))
    .unwrap();
    g.apply(&cmd(Command::EndAllocation)).unwrap();
    g.apply(&cmd(Command::EndAllocation)).unwrap();
    g.apply(&cmd(Command::Resolve { attack: 0 })).unwrap();
    // 6 against 4 in the clear is +2: a 1 reads D2 on the stand-in table.
    roll(&mut g, 1);
    assert_eq!(g.state.aftermath.result, Some(CombatResult::D2));
    assert_eq!(at(&g, def), Location::OnMap(hex("0507")));
    assert!(matches!(
        g.combat_step(),
        crate::berlin85::combat::CombatStep::Aftermath
    ));
    pick(&mut g, Choice::Unit(att));
    pick(&mut g, Choice::Hex(hex("0505")));
    pick(&mut g, Choice::Stop);
    assert!(done(&g));
    assert!(matches!(g.pending(), Pending::Command { .. }));
}

#[test]
fn aftermath_8_33_adjacent_artillery_suffers_the_result() {
    let Corridor { mut b, def, att } = corridor();
    wall(&mut b, hex("0504"), &[hex("0505"), hex("0503")]);
    b.def_mut(att).kind = UnitKind::Artillery;
    let mut g = Corridor { b, def, att }.game(&[]);
    begin(&mut g, &outcome(CombatResult::A1, &[att], &[def], &[]));
    assert_eq!(at(&g, att), Location::OnMap(hex("0503")));
}
