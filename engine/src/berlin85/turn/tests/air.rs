//! [9.0] air points and air superiority, none at night [16.11], and Medicine Wheel's rolled
//! points [21.33].

use super::*;

#[test]
fn air_9_0_warsaw_pact_points_from_the_turn_record_track() {
    let mut g = game(berlin_board());
    let ev = begin(&mut g, 1);
    assert!(cites(&ev, "9.0"));
    assert_eq!(g.air_points_available(WARSAW_PACT), 6);
    assert_eq!(
        g.air_points_available(NATO),
        0,
        "NATO only through emergency reinforcements"
    );
    assert_eq!(
        g.air_superiority(),
        WARSAW_PACT,
        "[9.22] the Pact by default"
    );
}

#[test]
fn air_9_15_no_points_at_night_superiority_still_counts() {
    let mut g = game(berlin_board());
    begin(&mut g, 3);
    assert!(g.is_night());
    let ev = g.apply(&no()).unwrap();
    assert!(cites(&ev, "9.15"));
    assert_eq!(g.air_points_available(WARSAW_PACT), 0);
    assert_eq!(g.air_superiority(), WARSAW_PACT);
}

#[test]
fn air_9_1_points_are_spent_and_not_kept() {
    let mut g = game(berlin_board());
    begin(&mut g, 1);
    g.use_air_points(WARSAW_PACT, 4).unwrap();
    assert_eq!(g.air_points_available(WARSAW_PACT), 2);
    assert_eq!(g.use_air_points(WARSAW_PACT, 3).unwrap_err().case, "9.1");
    end_turn(&mut g);
    g.apply(&no()).unwrap();
    assert_eq!(
        g.air_points_available(WARSAW_PACT),
        6,
        "[9.14] a fresh allocation, none carried over"
    );
}

#[test]
fn air_9_21_nato_superiority_means_no_pact_air_points() {
    let (g, ev) = rolled_for_reinforcements(4, &[5, 6]);
    assert!(cites(&ev, "9.21"));
    assert_eq!(g.air_points_available(WARSAW_PACT), 0);
    assert_eq!(
        g.air_superiority(),
        NATO,
        "[13.24] only NATO may airland this turn"
    );
}

#[test]
fn air_9_22_the_pact_has_superiority_unless_nato_rolled_11_or_12() {
    let (g, _) = rolled_for_reinforcements(2, &[4, 6]);
    assert_eq!(g.air_superiority(), WARSAW_PACT, "a 10 gives nothing");
    assert_eq!(g.honors_bonus_side(), None);
}

#[test]
fn air_16_11_no_air_points_at_night() {
    let mut g = game(berlin_board());
    begin(&mut g, 6);
    g.apply(&no()).unwrap();
    assert!(g.is_night());
    assert_eq!(g.air_points_available(WARSAW_PACT), 0);
    let mut b = berlin_board();
    b.scenario_mut().rules.random_wp_air = true;
    b.scenario_mut().rules.no_reinforcements = true;
    let mut g = game(b);
    begin(&mut g, 9);
    assert!(
        in_wp_movement(&g),
        "no air roll at night in Medicine Wheel either"
    );
    assert_eq!(g.air_points_available(WARSAW_PACT), 0);
}

#[test]
fn air_21_33_medicine_wheel_points_are_a_die_roll() {
    let mut b = berlin_board();
    b.scenario_mut().rules.random_wp_air = true;
    b.scenario_mut().rules.no_reinforcements = true;
    b.scenario_mut().rules.no_honors_no_surrender = true;
    let mut g = game(b);
    begin(&mut g, 7);
    assert!(is_roll(&g, WARSAW_PACT, "21.33"));
    g.apply(&roll(&[4])).unwrap();
    assert_eq!(g.air_points_available(WARSAW_PACT), 4);
    assert_eq!(g.air_points_available(NATO), 0);
    assert!(in_wp_movement(&g));
}
