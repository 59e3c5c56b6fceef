//! [19.0] Honors of War: the offer, the Surrender Point column, bonus shifts, the cease-fire
//! [19.12], surrender [19.12]–[19.14], and none in Medicine Wheel [21.35] 1.

use super::*;

#[test]
fn honors_19_21_not_offered_on_game_turn_1() {
    let mut g = game(berlin_board());
    take_barracks(&mut g, 5);
    begin(&mut g, 1);
    assert!(
        in_wp_movement(&g),
        "turn 1: straight to the Warsaw Pact movement phase"
    );
}

#[test]
fn honors_19_45_needs_six_surrender_points() {
    let mut g = game(berlin_board());
    take_barracks(&mut g, 2);
    assert_eq!(g.surrender_points(), 4);
    begin(&mut g, 2);
    assert!(!is_choice(&g, WARSAW_PACT, "19.0"), "4 SP: no offer");
    let mut g = game(berlin_board());
    take_barracks(&mut g, 3);
    begin(&mut g, 2);
    assert!(
        is_choice(&g, WARSAW_PACT, "19.0"),
        "6 SP: the Warsaw Pact may offer"
    );
}

#[test]
fn honors_19_0_declining_costs_nothing_and_reinforcements_follow() {
    let mut g = game(berlin_board());
    take_barracks(&mut g, 3);
    begin(&mut g, 2);
    g.apply(&no()).unwrap();
    assert!(
        is_choice(&g, NATO, "17.0"),
        "then NATO may roll for reinforcements [17.0]"
    );
    assert_eq!(g.state.turn_state.honors_failed_offers, 0);
}

#[test]
fn honors_19_0_column_is_the_highest_not_above_the_points() {
    let g = game(berlin_board());
    assert_eq!(g.honors_column(5), None);
    assert_eq!(g.honors_column(6), Some(0));
    assert_eq!(g.honors_column(9), Some(0));
    assert_eq!(g.honors_column(10), Some(1));
    assert_eq!(g.honors_column(99), Some(4));
}

#[test]
fn honors_19_11_bonus_shift_second_die_1_to_3_nato() {
    let mut g = game(berlin_board());
    take_barracks(&mut g, 3);
    begin(&mut g, 2);
    g.apply(&yes()).unwrap();
    assert!(is_roll(&g, WARSAW_PACT, "19.0"));
    let ev = g.apply(&roll(&[3, 3])).unwrap(); // 6 on the 6-9 column: B
    assert!(cites(&ev, "19.11"));
    assert!(is_roll(&g, WARSAW_PACT, "19.11"));
    let ev = g.apply(&roll(&[2])).unwrap();
    assert_eq!(g.honors_bonus_side(), Some(NATO));
    assert!(cites(&ev, "19.21"), "no surrender: the offer costs 20 VP");
    assert_eq!(g.state.turn_state.honors_failed_offers, 1);
}

#[test]
fn honors_19_11_bonus_shift_second_die_4_to_6_warsaw_pact_for_the_turn_only() {
    let mut g = game(berlin_board());
    take_barracks(&mut g, 3);
    begin(&mut g, 2);
    g.apply(&yes()).unwrap();
    g.apply(&roll(&[4, 3])).unwrap();
    g.apply(&roll(&[6])).unwrap();
    assert_eq!(g.honors_bonus_side(), Some(WARSAW_PACT));
    g.apply(&no()).unwrap(); // NATO does not roll
    end_turn(&mut g);
    assert_eq!(g.honors_bonus_side(), None, "the bonus lasts one Game-Turn");
}

#[test]
fn honors_19_12_cease_fire_skips_the_whole_turn() {
    let mut g = game(berlin_board());
    take_barracks(&mut g, 3);
    begin(&mut g, 2);
    g.apply(&yes()).unwrap();
    g.apply(&roll(&[6, 5])).unwrap(); // 11: C
    assert!(is_roll(&g, WARSAW_PACT, "19.12"));
    let ev = g.apply(&roll(&[1])).unwrap();
    assert!(cites(&ev, "19.12"));
    assert_eq!(g.state.turn, 3, "the turn marker moved on");
    assert!(
        !cites(&ev, "17.0"),
        "no reinforcement roll during a cease fire"
    );
    assert_eq!(g.state.turn_state.honors_failed_offers, 1);
    assert!(!g.state.turn_state.cease_fire, "turn 3 is played normally");
}

#[test]
fn honors_19_12_surrender_on_4_to_6_ends_the_game_and_the_city_falls() {
    let mut b = berlin_board();
    let wp: Vec<UnitId> = (0..4)
        .map(|_| b.unit(WARSAW_PACT, UnitKind::Mechanized, 6, 6, 12))
        .collect();
    let mut g = game(b);
    for (i, &u) in wp.iter().enumerate() {
        g.put(u, crate::core::hex::HexId::new(5, 1 + i as u8));
    }
    take_barracks(&mut g, 3);
    begin(&mut g, 2);
    g.apply(&yes()).unwrap();
    g.apply(&roll(&[6, 6])).unwrap();
    let ev = g.apply(&roll(&[4])).unwrap();
    assert!(cites(&ev, "19.12"));
    assert_eq!(g.pending(), Pending::GameOver);
    let o = g.outcome().expect("game over");
    assert_eq!(
        o.ending,
        crate::berlin85::victory::Ending::Surrender { turn: 2 }
    );
    // 4 units x multiple 5 (turn 2) = 20 VP; a surrender costs no Honors penalty [19.21].
    assert_eq!(o.wp_vp_halves, 40);
    assert_eq!(g.state.turn_state.honors_failed_offers, 0);
}

#[test]
fn honors_19_13_surrender_check_4_to_6() {
    for (die, surrenders) in [(3u8, false), (4, true)] {
        let mut g = game(berlin_board());
        take_barracks(&mut g, 8); // 16 SP: the 15 column, where 11 reads S
        begin(&mut g, 2);
        g.apply(&yes()).unwrap();
        g.apply(&roll(&[5, 6])).unwrap();
        assert!(is_roll(&g, WARSAW_PACT, "19.13"));
        g.apply(&roll(&[die])).unwrap();
        assert_eq!(g.state.phase == Phase::GameOver, surrenders, "die {die}");
        if !surrenders {
            assert_eq!(g.state.turn_state.honors_failed_offers, 1);
        }
    }
}

#[test]
fn honors_19_14_modifier_result_modifies_the_surrender_die() {
    // 9 on the 6 column reads "+1": a surrender check whose die gets +1.
    for (die, surrenders) in [(2u8, false), (3, true)] {
        let mut g = game(berlin_board());
        take_barracks(&mut g, 3);
        begin(&mut g, 2);
        g.apply(&yes()).unwrap();
        let ev = g.apply(&roll(&[4, 5])).unwrap();
        assert!(cites(&ev, "19.14"));
        g.apply(&roll(&[die])).unwrap();
        assert_eq!(
            g.state.phase == Phase::GameOver,
            surrenders,
            "die {die} + 1"
        );
    }
}

#[test]
fn honors_19_0_no_effect_result_costs_20_vp() {
    let mut g = game(berlin_board());
    take_barracks(&mut g, 3);
    begin(&mut g, 2);
    g.apply(&yes()).unwrap();
    let ev = g.apply(&roll(&[1, 1])).unwrap();
    assert!(cites(&ev, "19.21"));
    assert!(is_choice(&g, NATO, "17.0"));
    assert_eq!(g.victory_points().wp_halves, -40);
}

#[test]
fn honors_19_21_once_per_turn_on_any_number_of_turns() {
    let mut g = game(berlin_board());
    take_barracks(&mut g, 3);
    begin(&mut g, 2);
    g.apply(&yes()).unwrap();
    g.apply(&roll(&[1, 1])).unwrap();
    assert!(!is_choice(&g, WARSAW_PACT, "19.0"), "one offer a turn");
    g.apply(&no()).unwrap();
    end_turn(&mut g);
    assert!(
        is_choice(&g, WARSAW_PACT, "19.0"),
        "offered again next turn"
    );
    g.apply(&yes()).unwrap();
    g.apply(&roll(&[1, 2])).unwrap();
    assert_eq!(g.state.turn_state.honors_failed_offers, 2);
}

#[test]
fn honors_21_35_1_never_offered_in_medicine_wheel() {
    let mut b = berlin_board();
    b.scenario_mut().rules.no_honors_no_surrender = true;
    let mut g = game(b);
    take_barracks(&mut g, 8);
    begin(&mut g, 9);
    assert!(!is_choice(&g, WARSAW_PACT, "19.0"));
    assert_eq!(
        g.surrender_points(),
        0,
        "no Surrender Point track [21.35] 1"
    );
}

#[test]
fn honors_refuses_other_inputs_with_its_case() {
    let mut g = game(berlin_board());
    take_barracks(&mut g, 3);
    begin(&mut g, 2);
    let before = g.state.clone();
    assert_eq!(g.apply(&roll(&[3])).unwrap_err().case, "19.0");
    assert_eq!(g.apply(&Input::Chose(2)).unwrap_err().case, "19.0");
    g.apply(&yes()).unwrap();
    assert_eq!(
        g.apply(&roll(&[3])).unwrap_err().case,
        "19.0",
        "2d6 are needed"
    );
    assert_eq!(
        g.apply(&roll(&[3, 7])).unwrap_err().case,
        "19.0",
        "a d6 has no 7"
    );
    let _ = before;
}
