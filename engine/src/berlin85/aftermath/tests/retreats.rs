//! Retreats [7.7] and "They Shall Not Pass" [7.76].

use super::*;

// ---- retreats [7.7] ---------------------------------------------------------------------------

#[test]
fn aftermath_7_71_no_retreat_into_an_enemy_zone_of_control_even_beside_friends() {
    let Corridor { mut b, def, att } = corridor();
    let wp = b.unit(WARSAW_PACT, UnitKind::Infantry, 2, 2, 4);
    let friend = b.unit(NATO, UnitKind::Infantry, 2, 2, 4);
    // The Warsaw Pact unit in 0507 controls 0506; a NATO unit next to 0506 does not help.
    let mut g = Corridor { b, def, att }.game(&[(wp, hex("0507")), (friend, hex("0606"))]);
    let ev = begin(&mut g, &outcome(CombatResult::D1, &[att], &[def], &[]));
    assert_eq!(at(&g, def), Location::Eliminated);
    assert!(cites(&ev, "7.7"), "{ev:?}");
    // The unit was eliminated in place: the attacker may enter its hex [7.99].
    assert_eq!(g.aftermath_paths()[0].kind, PathKind::Eliminated);
}

#[test]
fn aftermath_7_72_no_retreat_across_a_bridge() {
    let mut b = Board::new(10, 10);
    wall(&mut b, hex("0505"), &[hex("0504"), hex("0506")]);
    b.side(hex("0505"), hex("0506"), SF::WATER | SF::BRIDGE);
    let def = b.unit(NATO, UnitKind::Mechanized, 4, 4, 6);
    let att = b.unit(WARSAW_PACT, UnitKind::Tank, 6, 5, 6);
    let mut g = combat(b, WARSAW_PACT, &[(def, hex("0505")), (att, hex("0504"))]);
    begin(&mut g, &outcome(CombatResult::D1, &[att], &[def], &[]));
    assert_eq!(at(&g, def), Location::Eliminated);
}

#[test]
fn aftermath_7_74_a_partial_retreat_is_eliminated_in_the_last_hex() {
    let Corridor { mut b, def, att } = corridor();
    // Close the corridor beyond 0507.
    b.side(hex("0507"), hex("0508"), SF::WATER);
    let mut g = Corridor { b, def, att }.game(&[]);
    let ev = begin(&mut g, &outcome(CombatResult::D3, &[att], &[def], &[]));
    assert_eq!(at(&g, def), Location::Eliminated);
    let e = ev.iter().find(|e| e.case == "7.74").expect("7.74 event");
    assert_eq!(e.hex, Some(hex("0507")));
    // The path ends in the hex of elimination [7.74]: the advance may reach it.
    let p = &g.aftermath_paths()[0];
    assert_eq!(p.hexes.as_slice(), &[hex("0505"), hex("0506"), hex("0507")]);
}

#[test]
fn aftermath_7_75_a_retreat_may_end_early_in_an_urban_hex() {
    let Corridor { mut b, def, att } = corridor();
    b.terrain(hex("0506"), URBAN);
    let mut g = Corridor { b, def, att }.game(&[]);
    begin(&mut g, &outcome(CombatResult::D3, &[att], &[def], &[]));
    // Forced into 0506; there the owner may stop or go on.
    assert_eq!(at(&g, def), Location::OnMap(hex("0506")));
    assert_eq!(
        options(&g),
        std::vec![Choice::Hex(hex("0507")), Choice::Stop]
    );
    match g.pending() {
        Pending::Choose {
            purpose, player, ..
        } => {
            assert_eq!(purpose, "retreat: 2nd hex of 3");
            assert_eq!(player, NATO);
        }
        p => panic!("{p:?}"),
    }
    let ev = pick(&mut g, Choice::Stop);
    assert!(cites(&ev, "7.75"));
    assert_eq!(at(&g, def), Location::OnMap(hex("0506")));
}

#[test]
fn aftermath_7_75_an_urban_hex_saves_a_retreat_that_cannot_be_completed() {
    let Corridor { mut b, def, att } = corridor();
    b.terrain(hex("0506"), URBAN);
    b.side(hex("0506"), hex("0507"), SF::WATER);
    let mut g = Corridor { b, def, att }.game(&[]);
    begin(&mut g, &outcome(CombatResult::D3, &[att], &[def], &[]));
    // The only way on is blocked: the unit stops in the urban hex instead of dying.
    assert_eq!(at(&g, def), Location::OnMap(hex("0506")));
}

#[test]
fn aftermath_7_76_they_shall_not_pass_holds_on_a_roll_above_the_retreat() {
    let Corridor { mut b, def, att } = corridor();
    supplied(&mut b);
    let mut g = Corridor { b, def, att }.game(&[]);
    assert!(g.in_supply(def));
    begin(&mut g, &outcome(CombatResult::D2, &[att], &[def], &[]));
    assert_eq!(
        options(&g),
        std::vec![Choice::Hex(hex("0506")), Choice::TheyShallNotPass]
    );
    pick(&mut g, Choice::TheyShallNotPass);
    assert!(matches!(g.pending(), Pending::Roll { case: "7.76", .. }));
    let ev = roll(&mut g, 3);
    assert!(cites(&ev, "7.76"));
    assert_eq!(at(&g, def), Location::OnMap(hex("0505")));
    // Nothing was vacated: no advance.
    assert!(done(&g));
}

#[test]
fn aftermath_7_76_they_shall_not_pass_destroys_on_a_roll_up_to_the_retreat() {
    let Corridor { mut b, def, att } = corridor();
    supplied(&mut b);
    let mut g = Corridor { b, def, att }.game(&[]);
    begin(&mut g, &outcome(CombatResult::D2, &[att], &[def], &[]));
    pick(&mut g, Choice::TheyShallNotPass);
    roll(&mut g, 2);
    assert_eq!(at(&g, def), Location::Eliminated);
}

#[test]
fn aftermath_7_76_an_unsupplied_unit_may_not_stand() {
    let Corridor { b, def, att } = corridor();
    let mut b = b;
    // A second route so the retreat is a real choice.
    b.side(hex("0505"), hex("0605"), 0);
    let g0 = Corridor { b, def, att };
    let mut g = g0.game(&[]);
    assert!(!g.in_supply(def));
    begin(&mut g, &outcome(CombatResult::D2, &[att], &[def], &[]));
    // Forced along the corridor, TSNP never offered.
    assert_eq!(at(&g, def), Location::OnMap(hex("0507")));
}

#[test]
fn aftermath_7_76_example_one_unit_stands_and_the_other_retreats() {
    // Two NATO attackers must retreat (A1); each decides in turn.
    let mut b = Board::new(10, 10);
    supplied(&mut b);
    let wp = b.unit(WARSAW_PACT, UnitKind::Tank, 6, 6, 6);
    let n1 = b.unit(NATO, UnitKind::Mechanized, 4, 4, 6);
    let n2 = b.unit(NATO, UnitKind::Mechanized, 4, 4, 6);
    let mut g = combat(
        b,
        NATO,
        &[(wp, hex("0506")), (n1, hex("0505")), (n2, hex("0405"))],
    );
    assert!(g.in_supply(n1) && g.in_supply(n2));
    begin(&mut g, &outcome(CombatResult::A1, &[n1, n2], &[wp], &[]));
    assert_eq!(options(&g), std::vec![Choice::Unit(n1), Choice::Unit(n2)]);
    pick(&mut g, Choice::Unit(n1));
    assert!(options(&g).contains(&Choice::TheyShallNotPass));
    pick(&mut g, Choice::TheyShallNotPass);
    // The first unit's stand is settled before the second unit's retreat is asked.
    assert!(matches!(g.pending(), Pending::Roll { .. }));
    roll(&mut g, 6);
    assert_eq!(at(&g, n1), Location::OnMap(hex("0505")));
    let o = options(&g);
    let Some(Choice::Hex(h)) = o.iter().find(|c| matches!(c, Choice::Hex(_))).copied() else {
        panic!("{o:?}");
    };
    pick(&mut g, Choice::Hex(h));
    assert_eq!(at(&g, n2), Location::OnMap(h));
    assert!(done(&g));
}

#[test]
fn aftermath_7_76_a_cornered_unit_in_supply_may_stand_or_accept_elimination() {
    let Corridor { mut b, def, att } = corridor();
    supplied(&mut b);
    b.side(hex("0505"), hex("0506"), SF::WATER);
    let mut g = Corridor { b, def, att }.game(&[]);
    begin(&mut g, &outcome(CombatResult::D1, &[att], &[def], &[]));
    assert_eq!(
        options(&g),
        std::vec![Choice::TheyShallNotPass, Choice::Stop]
    );
    let ev = pick(&mut g, Choice::Stop);
    assert_eq!(at(&g, def), Location::Eliminated);
    assert!(cites(&ev, "7.7"));
}
