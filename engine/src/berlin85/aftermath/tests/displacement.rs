//! Displacement [7.8] and West Berlin police forced out of West Berlin [5.17].

use super::*;

// ---- displacement [7.8] -----------------------------------------------------------------------

#[test]
fn aftermath_7_73_7_81_a_chain_of_displacements_only_when_no_vacant_route() {
    let Corridor { mut b, def, att } = corridor();
    let f1 = b.unit(NATO, UnitKind::Infantry, 2, 2, 4);
    let f2 = b.unit(NATO, UnitKind::Infantry, 2, 2, 4);
    let mut g = Corridor { b, def, att }.game(&[(f1, hex("0506")), (f2, hex("0507"))]);
    let ev = begin(&mut g, &outcome(CombatResult::D1, &[att], &[def], &[]));
    // f2 makes room for f1, f1 for the retreating unit.
    assert_eq!(at(&g, f2), Location::OnMap(hex("0508")));
    assert_eq!(at(&g, f1), Location::OnMap(hex("0507")));
    assert_eq!(at(&g, def), Location::OnMap(hex("0506")));
    assert!(cites(&ev, "7.81"));
    // [7.82] displaced units are marked (displaced artillery may not fire this phase).
    assert!(g.state.units[f1.0 as usize].has(flags::DISPLACED));
    assert!(g.state.units[f2.0 as usize].has(flags::DISPLACED));
    assert!(!g.state.units[def.0 as usize].has(flags::DISPLACED));
}

#[test]
fn aftermath_7_73_a_vacant_route_is_taken_before_displacing() {
    let Corridor { mut b, def, att } = corridor();
    // A second, vacant exit from 0505.
    let f1 = b.unit(NATO, UnitKind::Infantry, 2, 2, 4);
    let g0 = {
        let mut b = b;
        let d = b
            .data
            .map
            .geometry
            .side_between(hex("0505"), hex("0605"))
            .unwrap();
        b.data.map.side_mut(d).unwrap().0 = 0;
        Corridor { b, def, att }
    };
    let mut g = g0.game(&[(f1, hex("0506"))]);
    begin(&mut g, &outcome(CombatResult::D1, &[att], &[def], &[]));
    assert_eq!(at(&g, def), Location::OnMap(hex("0605")));
    assert_eq!(at(&g, f1), Location::OnMap(hex("0506")));
}

#[test]
fn aftermath_7_82_a_displacement_that_would_eliminate_kills_the_retreating_unit() {
    let Corridor { mut b, def, att } = corridor();
    // f1 in 0506 can go nowhere: the corridor is shut behind it.
    b.side(hex("0506"), hex("0507"), SF::WATER);
    let f1 = b.unit(NATO, UnitKind::Infantry, 2, 2, 4);
    let mut g = Corridor { b, def, att }.game(&[(f1, hex("0506"))]);
    begin(&mut g, &outcome(CombatResult::D1, &[att], &[def], &[]));
    assert_eq!(at(&g, def), Location::Eliminated);
    assert_eq!(at(&g, f1), Location::OnMap(hex("0506")));
}

#[test]
fn aftermath_7_83_a_unit_in_an_unresolved_attack_is_not_displaced() {
    let Corridor { mut b, def, att } = corridor();
    let f1 = b.unit(NATO, UnitKind::Infantry, 2, 2, 4);
    let other = b.unit(WARSAW_PACT, UnitKind::Infantry, 2, 2, 4);
    let mut g = Corridor { b, def, att }.game(&[(f1, hex("0506")), (other, hex("0606"))]);
    // f1 is the defender of another announced attack, not yet resolved.
    let mut pending = crate::berlin85::combat::DeclaredAttack::default();
    pending.attackers.push(other).unwrap();
    pending.defenders.push(f1).unwrap();
    g.state.combat.attacks.push(pending).unwrap();
    assert!(g.in_unresolved_attack(f1));
    begin(&mut g, &outcome(CombatResult::D1, &[att], &[def], &[]));
    assert_eq!(at(&g, def), Location::Eliminated);
    assert_eq!(at(&g, f1), Location::OnMap(hex("0506")));
}

#[test]
fn aftermath_7_81_the_owner_moves_the_displaced_unit() {
    let Corridor { mut b, def, att } = corridor();
    let f1 = b.unit(NATO, UnitKind::Infantry, 2, 2, 4);
    // f1 in 0506 may leave by 0507 or by 0606.
    let d = b
        .data
        .map
        .geometry
        .side_between(hex("0506"), hex("0606"))
        .unwrap();
    b.data.map.side_mut(d).unwrap().0 = 0;
    let mut g = Corridor { b, def, att }.game(&[(f1, hex("0506"))]);
    begin(&mut g, &outcome(CombatResult::D1, &[att], &[def], &[]));
    match g.pending() {
        Pending::Choose {
            player,
            case,
            options,
            ..
        } => {
            assert_eq!((player, case), (NATO, "7.81"));
            assert!(options.contains(&Choice::Hex(hex("0606"))));
            assert!(options.contains(&Choice::Hex(hex("0507"))));
        }
        p => panic!("{p:?}"),
    }
    assert_eq!(g.aftermath_subject(), Some(f1));
    pick(&mut g, Choice::Hex(hex("0606")));
    assert_eq!(at(&g, f1), Location::OnMap(hex("0606")));
    assert_eq!(at(&g, def), Location::OnMap(hex("0506")));
}

#[test]
fn aftermath_5_17_west_berlin_police_forced_out_of_west_berlin_are_eliminated() {
    let Corridor { mut b, def: _, att } = corridor();
    let police = b.unit(NATO, UnitKind::Police, 1, 2, 8);
    b.region(hex("0505"), Region::WestBerlin);
    // 0506 is outside West Berlin (East Germany by default).
    let mut g = combat(b, WARSAW_PACT, &[(police, hex("0505")), (att, hex("0504"))]);
    let ev = begin(&mut g, &outcome(CombatResult::D1, &[att], &[police], &[]));
    assert_eq!(at(&g, police), Location::Eliminated);
    assert!(cites(&ev, "5.17"), "{ev:?}");
}
