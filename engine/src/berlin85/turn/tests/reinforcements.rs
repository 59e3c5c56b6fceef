//! [17.0] NATO emergency reinforcements: the secret roll, air support, the Jägerbrigade's
//! airlanding [17.1]–[17.23], and the scenarios' variants [21.22], [21.32], [13.11].

use super::*;

#[test]
fn reinforcements_17_0_from_game_turn_2() {
    let mut g = game(berlin_board());
    begin(&mut g, 1);
    assert!(in_wp_movement(&g));
    let mut g = game(berlin_board());
    begin(&mut g, 2);
    assert!(is_choice(&g, NATO, "17.0"));
    g.apply(&no()).unwrap();
    assert!(in_wp_movement(&g), "never forced to roll");
}

#[test]
fn reinforcements_17_0_the_roll_is_secret() {
    let mut g = game(berlin_board());
    begin(&mut g, 2);
    g.apply(&yes()).unwrap();
    assert!(matches!(
        g.pending(),
        Pending::Roll {
            player: NATO,
            secret: true,
            case: "17.0",
            ..
        }
    ));
    let ev = g.apply(&roll(&[3, 4])).unwrap();
    for e in &ev {
        assert!(
            !e.text.contains('7'),
            "the event log does not give the total: {e}"
        );
    }
    assert!(in_wp_movement(&g));
    assert_eq!(g.view(Viewer::Side(WARSAW_PACT)).reinforcement_roll, None);
    assert_eq!(
        g.view(Viewer::Side(NATO))
            .reinforcement_roll
            .map(|r| r.total),
        Some(7)
    );
}

#[test]
fn reinforcements_17_1_two_to_five_ends_them_but_nato_may_fake_rolls() {
    let mut g = game(berlin_board());
    begin(&mut g, 2);
    g.apply(&yes()).unwrap();
    let ev_low = g.apply(&roll(&[1, 3])).unwrap();
    assert!(g.state.turn_state.reinforcements_over);
    end_turn(&mut g);
    assert!(
        is_choice(&g, NATO, "17.0"),
        "still asked, so the Warsaw Pact cannot tell"
    );
    g.apply(&yes()).unwrap();
    let ev_fake = g.apply(&roll(&[5, 6])).unwrap();
    assert_eq!(
        g.air_superiority(),
        WARSAW_PACT,
        "an 11 after a 2-5 has no effect"
    );
    assert_eq!(g.air_points_available(NATO), 0);
    let texts = |ev: &Events<Event>| {
        ev.iter()
            .filter(|e| e.case.starts_with("17"))
            .map(|e| e.text.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(
        texts(&ev_low),
        texts(&ev_fake),
        "a real and a faked roll read the same"
    );
    let v = g.view(Viewer::Side(WARSAW_PACT));
    assert_eq!(v.reinforcement_roll, None);
    assert_eq!(v.reinforcements_over, None);
    assert_eq!(g.view(Viewer::Side(NATO)).reinforcements_over, Some(true));
}

#[test]
fn reinforcements_17_1_no_effect_rolls_may_continue() {
    let (mut g, _) = rolled_for_reinforcements(2, &[3, 5]);
    assert!(!g.state.turn_state.reinforcements_over);
    end_turn(&mut g);
    g.apply(&yes()).unwrap();
    g.apply(&roll(&[5, 6])).unwrap();
    assert_eq!(g.air_superiority(), NATO);
}

#[test]
fn reinforcements_17_1_eleven_air_support_and_air_superiority() {
    let (mut g, ev) = rolled_for_reinforcements(2, &[5, 6]);
    assert!(cites(&ev, "17.1"));
    assert_eq!(g.air_superiority(), NATO);
    assert_eq!(g.air_points_available(NATO), EMERGENCY_AIR_POINTS);
    assert_eq!(
        g.air_points_available(WARSAW_PACT),
        0,
        "[9.21] no Pact air points"
    );
    assert!(cites(&ev, "9.21"));
    let v = g.view(Viewer::Side(WARSAW_PACT));
    assert_eq!(
        v.reinforcement_roll.map(|r| r.total),
        Some(11),
        "reinforcements are announced"
    );
    end_turn(&mut g);
    g.apply(&no()).unwrap();
    assert_eq!(
        g.air_superiority(),
        WARSAW_PACT,
        "for one Game-Turn only [9.22]"
    );
}

#[test]
fn reinforcements_17_1_air_support_at_night_superiority_without_points() {
    let (g, _) = rolled_for_reinforcements(3, &[6, 5]);
    assert_eq!(g.air_superiority(), NATO);
    assert_eq!(g.air_points_available(NATO), 0);
}

#[test]
fn reinforcements_17_1_jagerbrigade_airlands_on_1_or_2_this_turn_only() {
    let mut b = berlin_board();
    let jg = with_jager(&mut b, 7);
    let mut g = game(b);
    begin(&mut g, 2);
    g.apply(&yes()).unwrap();
    let ev = g.apply(&roll(&[6, 6])).unwrap();
    assert!(cites(&ev, "17.23"));
    assert!(is_roll(&g, NATO, "17.1"));
    g.apply(&roll(&[2])).unwrap();
    assert!(g.emergency_land_reinforcements_available());
    assert!(g.is_emergency_reinforcement(jg[0]));
    assert_eq!(g.air_superiority(), NATO);
    // Two are airlanded; the rest cannot be and are lost at the end of the turn [17.21].
    g.put(jg[0], hex("0501"));
    g.put(jg[1], hex("0502"));
    let ev = end_turn(&mut g);
    assert!(cites(&ev, "17.21"));
    assert_eq!(g.state.units[jg[2].0 as usize].location, Location::Unused);
    assert_eq!(
        g.state.units[jg[0].0 as usize].location,
        Location::OnMap(hex("0501"))
    );
    assert!(!g.emergency_land_reinforcements_available());
}

#[test]
fn reinforcements_17_1_jagerbrigade_aborts_on_3() {
    let mut b = berlin_board();
    let jg = with_jager(&mut b, 7);
    let mut g = game(b);
    begin(&mut g, 2);
    g.apply(&yes()).unwrap();
    g.apply(&roll(&[6, 6])).unwrap();
    g.apply(&roll(&[3])).unwrap();
    assert!(jg
        .iter()
        .all(|u| g.state.units[u.0 as usize].location == Location::Unused));
    assert_eq!(g.surrender_points(), 0, "an abort is no loss");
    assert_eq!(
        g.air_points_available(NATO),
        EMERGENCY_AIR_POINTS,
        "[17.22] air support stands"
    );
}

#[test]
fn reinforcements_17_1_jagerbrigade_destroyed_in_the_air_counts_as_losses() {
    let mut b = berlin_board();
    let jg = with_jager(&mut b, 7);
    let mut g = game(b);
    begin(&mut g, 2);
    g.apply(&yes()).unwrap();
    g.apply(&roll(&[6, 6])).unwrap();
    let ev = g.apply(&roll(&[5])).unwrap();
    assert!(jg
        .iter()
        .all(|u| g.state.units[u.0 as usize].location == Location::Eliminated));
    assert_eq!(g.surrender_points(), 14, "7 units x 2 SP [19.43]");
    assert_eq!(g.surrender_points(), g.surrender_points_from_scratch());
    assert!(cites(&ev, "19.43"));
    assert_eq!(g.air_superiority(), NATO, "[17.22]");
}

#[test]
fn reinforcements_17_23_no_rolls_after_a_twelve() {
    let mut b = berlin_board();
    with_jager(&mut b, 7);
    let mut g = game(b);
    begin(&mut g, 2);
    g.apply(&yes()).unwrap();
    g.apply(&roll(&[6, 6])).unwrap();
    g.apply(&roll(&[4])).unwrap();
    end_turn(&mut g);
    assert!(
        is_choice(&g, WARSAW_PACT, "19.0"),
        "14 SP: the Pact may offer Honors"
    );
    g.apply(&no()).unwrap();
    assert!(in_wp_movement(&g), "NATO is not asked again");
}

#[test]
fn reinforcements_21_22_werewolf_twelve_reads_as_eleven() {
    let mut b = berlin_board();
    b.scenario_mut().rules.twelve_reads_as_eleven = true;
    let mut g = game(b);
    begin(&mut g, 2);
    g.apply(&yes()).unwrap();
    let ev = g.apply(&roll(&[6, 6])).unwrap();
    assert!(cites(&ev, "21.22"));
    assert_eq!(g.air_superiority(), NATO);
    assert!(in_wp_movement(&g), "no Jägerbrigade roll");
    end_turn(&mut g);
    assert!(is_choice(&g, NATO, "17.0"), "NATO may roll again");
}

#[test]
fn reinforcements_21_32_never_rolled_in_medicine_wheel() {
    let mut b = berlin_board();
    b.scenario_mut().rules.no_reinforcements = true;
    let mut g = game(b);
    begin(&mut g, 8);
    assert!(in_wp_movement(&g));
}

#[test]
fn reinforcements_17_21_brigade_units_that_cannot_airland_are_lost() {
    let mut b = berlin_board();
    let jg = with_jager(&mut b, 3);
    let mut g = game(b);
    begin(&mut g, 2);
    g.apply(&yes()).unwrap();
    g.apply(&roll(&[6, 6])).unwrap();
    g.apply(&roll(&[1])).unwrap();
    let ev = end_turn(&mut g);
    assert!(cites(&ev, "17.21"));
    assert!(jg
        .iter()
        .all(|u| g.state.units[u.0 as usize].location == Location::Unused));
    assert_eq!(
        g.surrender_points(),
        0,
        "lost, not destroyed: no Surrender Points"
    );
}

#[test]
fn reinforcements_17_22_a_failed_brigade_leaves_air_support_in_place() {
    for die in [3u8, 4, 6] {
        let mut b = berlin_board();
        with_jager(&mut b, 7);
        let mut g = game(b);
        begin(&mut g, 2);
        g.apply(&yes()).unwrap();
        g.apply(&roll(&[6, 6])).unwrap();
        g.apply(&roll(&[die])).unwrap();
        assert_eq!(g.air_superiority(), NATO, "die {die}");
        assert_eq!(
            g.air_points_available(NATO),
            EMERGENCY_AIR_POINTS,
            "die {die}"
        );
    }
}

#[test]
fn reinforcements_13_11_emergency_units_only_in_their_turn() {
    let mut b = berlin_board();
    let jg = with_jager(&mut b, 2);
    let mut g = game(b);
    begin(&mut g, 2);
    assert!(
        !g.emergency_land_reinforcements_available(),
        "not before they are dispatched"
    );
    g.apply(&yes()).unwrap();
    g.apply(&roll(&[6, 6])).unwrap();
    g.apply(&roll(&[2])).unwrap();
    assert!(g.emergency_land_reinforcements_available());
    assert!(g.is_emergency_reinforcement(jg[1]));
    end_turn(&mut g);
    assert!(
        !g.emergency_land_reinforcements_available(),
        "they may not be withheld"
    );
}
