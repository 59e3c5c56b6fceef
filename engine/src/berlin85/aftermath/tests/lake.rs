//! Retreats only through hexes the unit could enter in its Movement Phase [7.6]: the lake
//! [5.26], supply [5.16] and night [16.21].

use super::*;

// ---- only through hexes the unit could enter in its Movement Phase [7.6] ----------------------

fn eliminated_citing(ev: &[Event], u: UnitId, case: &str) -> bool {
    ev.iter().any(|e| e.unit == Some(u) && e.case == case)
}

#[test]
fn aftermath_7_6_police_never_retreat_through_a_lake_5_26() {
    // West Berlin police (8 MP) could pay the 5 MP into the lake but never the 5 MP out.
    let LakeBehind { b, def, att } = lake_behind(UnitKind::Police, 8);
    let mut g = LakeBehind { b, def, att }.game(1, &[]);
    let ev = begin(&mut g, &outcome(CombatResult::D2, &[att], &[def], &[]));
    assert_eq!(at(&g, def), Location::Eliminated);
    assert!(eliminated_citing(&ev, def, "7.6"), "{ev:?}");
    // Eliminated where it stood: the lake was never entered.
    assert_eq!(g.aftermath_paths()[0].kind, PathKind::Eliminated);
    assert_eq!(g.aftermath_paths()[0].hexes.as_slice(), &[hex("0505")]);
}

#[test]
fn aftermath_7_6_a_unit_that_can_pay_for_the_lake_still_retreats_across_it() {
    // 0606 beyond the lake is forest (2 MP): out of the lake into it costs 6 MP.
    for (movement, beyond) in [
        (12, std::vec![hex("0507"), hex("0606"), hex("0406")]),
        // 10 MP: 5 in and 5 out into the clear, but 11 into the forest.
        (10, std::vec![hex("0507"), hex("0406")]),
    ] {
        let LakeBehind { mut b, def, att } = lake_behind(UnitKind::Mechanized, movement);
        b.terrain(hex("0606"), FOREST);
        let mut g = LakeBehind { b, def, att }.game(1, &[]);
        begin(&mut g, &outcome(CombatResult::D2, &[att], &[def], &[]));
        // Into the lake (the only way), then the owner picks a hex beyond it.
        assert_eq!(at(&g, def), Location::OnMap(hex("0506")), "{movement} MP");
        let hexes: Vec<Choice> = beyond.iter().map(|&h| Choice::Hex(h)).collect();
        assert_eq!(options(&g), hexes, "{movement} MP");
        pick(&mut g, Choice::Hex(hex("0507")));
        assert_eq!(at(&g, def), Location::OnMap(hex("0507")));
        let p = &g.aftermath_paths()[0];
        assert_eq!(p.hexes.as_slice(), &[hex("0505"), hex("0506")]);
    }
}

#[test]
fn aftermath_7_6_5_16_16_21_unsupplied_or_at_night_no_retreat_across_a_lake_it_cannot_pay_for() {
    // 12 MP pay for the lake (10 MP); halved out of supply (6 MP) or at night (costs doubled:
    // 20 MP) they do not, and the unit is eliminated rather than led through it.
    for (unsupplied, turn) in [(true, 1), (false, 3)] {
        let LakeBehind { b, def, att } = lake_behind(UnitKind::Mechanized, 12);
        let mut g = LakeBehind { b, def, att }.game(turn, &[]);
        if unsupplied {
            g.state.units[def.0 as usize].set(flags::UNSUPPLIED_AT_START);
        }
        assert_eq!(g.is_night(), turn == 3);
        let ev = begin(&mut g, &outcome(CombatResult::D2, &[att], &[def], &[]));
        assert_eq!(
            at(&g, def),
            Location::Eliminated,
            "unsupplied {unsupplied}, turn {turn}"
        );
        assert!(eliminated_citing(&ev, def, "7.6"), "{ev:?}");
    }
}

#[test]
fn aftermath_7_6_5_16_16_21_no_retreat_into_a_hex_the_unit_cannot_pay_for() {
    // Two ways out of 0505: the forest in 0506 (2 MP) and the clear 0605 (1 MP). At night every
    // cost doubles; the defender (6 MP) began its Movement Phase out of supply: 3 MP.
    let Corridor { mut b, def, att } = corridor();
    b.terrain(hex("0506"), FOREST);
    let d = b
        .data
        .map
        .geometry
        .side_between(hex("0505"), hex("0605"))
        .unwrap();
    b.data.map.side_mut(d).unwrap().0 = 0;
    let placed = [(def, hex("0505")), (att, hex("0504"))];
    let mut g = b.game(Phase::Combat, WARSAW_PACT, 3, &placed);
    g.state.units[def.0 as usize].set(flags::UNSUPPLIED_AT_START);
    assert!(g.is_night());
    let ev = begin(&mut g, &outcome(CombatResult::D1, &[att], &[def], &[]));
    // The forest (4 MP tonight) is no way out; the clear hex (2 MP) is the only one.
    assert_eq!(at(&g, def), Location::OnMap(hex("0605")), "{ev:?}");
}

#[test]
fn aftermath_7_74_5_26_a_retreat_may_not_end_in_a_lake() {
    // One hex to go and the lake the only way: the unit may enter it but not stop there.
    let LakeBehind { b, def, att } = lake_behind(UnitKind::Mechanized, 12);
    let mut g = LakeBehind { b, def, att }.game(1, &[]);
    let ev = begin(&mut g, &outcome(CombatResult::D1, &[att], &[def], &[]));
    assert_eq!(at(&g, def), Location::Eliminated);
    assert!(eliminated_citing(&ev, def, "5.26"), "{ev:?}");
}
