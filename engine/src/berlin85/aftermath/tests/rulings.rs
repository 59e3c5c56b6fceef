//! Rulings (docs/rules/berlin85.md, "Rulings").

use super::*;

// ---- rulings (docs/rules/berlin85.md, "Rulings") ----------------------------------------------

#[test]
fn aftermath_6_14_ruling_no_zone_of_control_across_a_lake_shore() {
    // A Warsaw Pact unit on the lake's shore in 0605: it controls 0606 across a land hexside,
    // but not the lake across its shore, so the retreat crosses the lake beside it.
    let LakeBehind { mut b, def, att } = lake_behind(UnitKind::Mechanized, 12);
    let shore = b.unit(WARSAW_PACT, UnitKind::Infantry, 2, 2, 4);
    let mut g = LakeBehind { b, def, att }.game(1, &[(shore, hex("0605"))]);
    assert!(!g.enemy_zoc(hex("0506"), NATO));
    assert!(g.enemy_zoc(hex("0606"), NATO));
    begin(&mut g, &outcome(CombatResult::D2, &[att], &[def], &[]));
    assert_eq!(at(&g, def), Location::OnMap(hex("0506")));
    assert_eq!(
        options(&g),
        std::vec![Choice::Hex(hex("0507")), Choice::Hex(hex("0406"))]
    );
}

#[test]
fn aftermath_7_92_5_26_ruling_an_advance_never_stops_in_a_lake() {
    // D3 across the lake: the path is 0505, the lake, 0507. The advance may go through the
    // lake but is not offered Stop in it.
    let LakeBehind { b, def, att } = lake_behind(UnitKind::Mechanized, 12);
    let mut g = LakeBehind { b, def, att }.game(1, &[]);
    begin(&mut g, &outcome(CombatResult::D3, &[att], &[def], &[]));
    pick(&mut g, Choice::Hex(hex("0507")));
    pick(&mut g, Choice::Hex(hex("0508")));
    assert_eq!(at(&g, def), Location::OnMap(hex("0508")));
    pick(&mut g, Choice::Unit(att));
    pick(&mut g, Choice::Hex(hex("0505")));
    assert_eq!(
        options(&g),
        std::vec![Choice::Hex(hex("0506")), Choice::Stop]
    );
    pick(&mut g, Choice::Hex(hex("0506")));
    assert_eq!(options(&g), std::vec![Choice::Hex(hex("0507"))]);
    pick(&mut g, Choice::Hex(hex("0507")));
    assert!(done(&g), "{:?}", g.pending());
    assert_eq!(at(&g, att), Location::OnMap(hex("0507")));

    // D2: the path ends in the lake (the defender stands in 0507 beyond it). The advance
    // could not go on from the lake, so it is never offered the lake.
    let LakeBehind { b, def, att } = lake_behind(UnitKind::Mechanized, 12);
    let mut g = LakeBehind { b, def, att }.game(1, &[]);
    begin(&mut g, &outcome(CombatResult::D2, &[att], &[def], &[]));
    pick(&mut g, Choice::Hex(hex("0507")));
    assert_eq!(
        g.aftermath_paths()[0].hexes.as_slice(),
        &[hex("0505"), hex("0506")]
    );
    pick(&mut g, Choice::Unit(att));
    pick(&mut g, Choice::Hex(hex("0505")));
    assert!(done(&g), "{:?}", g.pending());
    assert_eq!(at(&g, att), Location::OnMap(hex("0505")));
}

#[test]
fn aftermath_8_41_ruling_displaced_and_standing_units_suffered_an_adverse_result() {
    // NATO attacks the Warsaw Pact unit in 0506 and gets A1. The artillery `stander` (adjacent,
    // so it suffers the result [8.33]) holds through They Shall Not Pass; `n1` can only retreat
    // into 0504 and displaces the artillery `pushed` there.
    let mut b = Board::new(10, 10);
    supplied(&mut b);
    wall(&mut b, hex("0505"), &[hex("0504"), hex("0506")]);
    let wp = b.unit(WARSAW_PACT, UnitKind::Tank, 6, 6, 6);
    let n1 = b.unit(NATO, UnitKind::Mechanized, 4, 4, 6);
    let stander = b.artillery(NATO, 4, 2, 4, 2, 6);
    let pushed = b.artillery(NATO, 4, 2, 4, 2, 6);
    let mut g = combat(
        b,
        NATO,
        &[
            (wp, hex("0506")),
            (n1, hex("0505")),
            (stander, hex("0606")),
            (pushed, hex("0504")),
        ],
    );
    assert!(g.in_supply(stander));
    begin(
        &mut g,
        &outcome(CombatResult::A1, &[n1, stander], &[wp], &[]),
    );
    pick(&mut g, Choice::Unit(stander));
    pick(&mut g, Choice::TheyShallNotPass);
    roll(&mut g, 6);
    assert_eq!(at(&g, stander), Location::OnMap(hex("0606")));
    pick(&mut g, Choice::Hex(hex("0504")));
    pick(&mut g, Choice::Hex(hex("0503")));
    assert_eq!(at(&g, pushed), Location::OnMap(hex("0503")));
    assert_eq!(at(&g, n1), Location::OnMap(hex("0504")));
    assert!(done(&g), "{:?}", g.pending());
    for u in [stander, pushed] {
        assert!(g.state.units[u.0 as usize].has(flags::ADVERSE_RESULT));
    }
    // The next Combat Phase remembers it: no FPF there [8.41] (refused by
    // `combat_8_41_fpf_by_an_ineligible_battery_is_refused`).
    g.state.phasing = WARSAW_PACT;
    let mut ev = Events::new();
    g.combat_begin(&mut ev).unwrap();
    for u in [stander, pushed] {
        assert!(g.state.units[u.0 as usize].has(flags::ADVERSE_LAST_PHASE));
    }
}

#[test]
fn aftermath_19_12_20_22_ruling_no_rail_line_vp_in_a_turn_lost_to_a_cease_fire() {
    use crate::berlin85::turn::tests::{
        begin as begin_turn, berlin_board, end_turn, roll as dice, take_barracks, yes,
    };
    let mut b = berlin_board();
    b.feature(hex("0505"), HF::RAIL_LINE);
    let n = b.unit(NATO, UnitKind::Mechanized, 6, 6, 12);
    let mut g = b.game(Phase::TurnStart, WARSAW_PACT, 1, &[(n, hex("0505"))]);
    take_barracks(&mut g, 3);
    begin_turn(&mut g, 2);
    g.apply(&yes()).unwrap(); // the Warsaw Pact offers the Honors of War
    g.apply(&dice(&[6, 5])).unwrap(); // 11: C
    let ev: Vec<Event> = g.apply(&dice(&[1])).unwrap().into_iter().collect();
    assert!(cites(&ev, "19.12"), "a cease fire: {ev:?}");
    assert_eq!(g.state.turn, 3, "Game-Turn 2 was skipped");
    // A NATO unit stood on the rail line all through Game-Turn 2: no VP for that turn.
    assert!(!cites(&ev, "20.22") && !cites(&ev, "20.23"), "{ev:?}");
    assert_eq!(g.state.turn_state.rail_vp, 0);
    // Game-Turn 3 is played: the same unit on the line scores.
    end_turn(&mut g);
    assert_eq!(g.state.turn_state.rail_vp, 8);
}
