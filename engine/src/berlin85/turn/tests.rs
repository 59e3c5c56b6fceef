//! The Game-Turn and Player-Turn steps on small hand-made boards; the helpers here (`begin`,
//! `end_turn`, `berlin_board`, …) are shared with other modules' tests.

extern crate std;
use super::*;
use crate::berlin85::data::{Arrival, Region, ReinforcementGroup};
use crate::berlin85::event::Event;
use crate::berlin85::state::{Phase, NATO, WARSAW_PACT};
use crate::berlin85::testkit::{hex, Board, HF, SF};
use crate::core::map::Markers;
use crate::core::protocol::{DiceRoll, Events, Pending};
use crate::core::side::Viewer;
use crate::core::units::{Location, UnitId, UnitKind};
use std::format;
use std::vec::Vec;

pub fn roll(v: &[u8]) -> Input85 {
    Input::Rolled(DiceRoll::of(v))
}
pub fn yes() -> Input85 {
    Input::Chose(0)
}
pub fn no() -> Input85 {
    Input::Chose(1)
}

/// West Berlin on a 10x10 board: column 01 rows 01-08 are barracks (2 SP each when the
/// Warsaw Pact holds them [19.44]); 0110 is an objective NATO keeps, so the city never
/// falls unless a test takes it.
pub fn berlin_board() -> Board {
    let mut b = Board::new(10, 10);
    for r in 1..=10u8 {
        let h = crate::core::hex::HexId::new(1, r);
        b.region(h, Region::WestBerlin);
        if r <= 8 {
            b.feature(h, HF::BARRACKS);
        }
    }
    b.feature(hex("0110"), HF::OBJECTIVE);
    b
}

/// Gives the Warsaw Pact `n` barracks hexes: 2n Surrender Points.
pub fn take_barracks(g: &mut Game<'_>, n: u8) {
    for r in 1..=n {
        g.mark_held(crate::core::hex::HexId::new(1, r), WARSAW_PACT);
    }
}

/// Starts Game-Turn `turn`.
pub fn begin(g: &mut Game<'_>, turn: u8) -> Events<Event> {
    g.state.turn = turn;
    g.state.phase = Phase::TurnStart;
    let mut ev = Events::new();
    g.begin_game_turn(&mut ev).expect("turn start");
    ev
}

/// Ends the current Game-Turn (and starts the next one unless the game is over).
pub fn end_turn(g: &mut Game<'_>) -> Events<Event> {
    let mut ev = Events::new();
    g.end_game_turn(&mut ev).expect("turn end");
    ev
}

pub fn cites(ev: &Events<Event>, case: &str) -> bool {
    ev.iter().any(|e| e.case == case)
}

fn game(b: Board) -> Game<'static> {
    b.game(Phase::TurnStart, WARSAW_PACT, 1, &[])
}

/// Game-Turn `turn` on the `berlin_board`: the reinforcement roll is taken (`yes`) and the
/// dice read `dice`; the game and what the roll did.
fn rolled_for_reinforcements(turn: u8, dice: &[u8]) -> (Game<'static>, Events<Event>) {
    let mut g = game(berlin_board());
    begin(&mut g, turn);
    g.apply(&yes()).unwrap();
    let ev = g.apply(&roll(dice)).unwrap();
    (g, ev)
}

fn is_choice(g: &Game<'_>, who: Side, case: &str) -> bool {
    matches!(g.pending(), Pending::Choose { player, case: c, .. } if player == who && c == case)
}

fn is_roll(g: &Game<'_>, who: Side, case: &str) -> bool {
    matches!(g.pending(), Pending::Roll { player, case: c, .. } if player == who && c == case)
}

fn in_wp_movement(g: &Game<'_>) -> bool {
    g.state.phase == Phase::Movement && g.state.phasing == WARSAW_PACT
}

/// The Jägerbrigade as NATO's emergency reinforcement group [21.12].
fn with_jager(b: &mut Board, n: usize) -> Vec<UnitId> {
    let units: Vec<UnitId> = (0..n)
        .map(|_| b.unit(NATO, UnitKind::Mechanized, 0, 0, 12))
        .collect();
    let mut g = ReinforcementGroup {
        side: NATO,
        units: heapless::Vec::new(),
        from_turn: 2,
        arrival: Arrival::Emergency,
    };
    for &u in &units {
        g.units.push(u).unwrap();
    }
    b.scenario_mut().reinforcements.push(g).unwrap();
    units
}

// ---- [19.0] Honors of War -------------------------------------------------------------

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

// ---- [17.0] NATO emergency reinforcements ---------------------------------------------

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

// ---- [9.0] air points and air superiority --------------------------------------------

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

// ---- [21.35] 4 supply priority ------------------------------------------------------------

fn medicine_wheel_supply() -> Board {
    let mut b = berlin_board();
    let r = &mut b.scenario_mut().rules;
    r.wp_supply_priority = true;
    r.no_reinforcements = true;
    r.no_honors_no_surrender = true;
    b
}

#[test]
fn supply_21_35_4_rolled_from_turn_8_effective_next_turn() {
    let mut g = game(medicine_wheel_supply());
    begin(&mut g, 7);
    assert!(in_wp_movement(&g), "no roll on turn 7");
    assert!(!g.wp_supply_priority_active(), "out of supply at the start");
    begin(&mut g, 8);
    assert!(is_roll(&g, WARSAW_PACT, "21.35"));
    g.apply(&roll(&[4])).unwrap();
    assert!(!g.wp_supply_priority_active(), "not this turn");
    end_turn(&mut g);
    assert_eq!(g.state.turn, 9);
    assert!(g.wp_supply_priority_active(), "from the next turn");
    assert!(!is_roll(&g, WARSAW_PACT, "21.35"), "won once, kept");
}

#[test]
fn supply_21_35_4_five_or_six_fails_and_is_tried_again() {
    let mut g = game(medicine_wheel_supply());
    begin(&mut g, 8);
    g.apply(&roll(&[5])).unwrap();
    end_turn(&mut g);
    assert!(!g.wp_supply_priority_active());
    assert!(is_roll(&g, WARSAW_PACT, "21.35"));
}

#[test]
fn supply_21_35_4_rail_line_occupied_subtracts_one() {
    let mut b = medicine_wheel_supply();
    b.feature(hex("0505"), HF::RAIL_LINE);
    let n = b.unit(NATO, UnitKind::Mechanized, 6, 6, 12);
    let mut g = game(b);
    g.put(n, hex("0505"));
    begin(&mut g, 8);
    g.apply(&roll(&[5])).unwrap();
    assert!(g.state.turn_state.nato_on_rail_ever);
    assert_eq!(
        g.state.turn_state.supply_priority_from, 9,
        "5 - 1 = 4 succeeds"
    );
}

#[test]
fn supply_21_35_4_not_used_elsewhere() {
    let g = game(berlin_board());
    assert!(g.wp_supply_priority_active());
}

// ---- [10.74] fire spread, [10.71] fire to ruin, [8.82] gas -------------------------------

fn fire_board() -> (Board, UnitId) {
    let mut b = Board::new(10, 10);
    b.feature(hex("0505"), HF::POL);
    b.feature(hex("0506"), HF::POL);
    let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 6, 6, 12);
    (b, u)
}

fn burning(g: &mut Game<'_>, h: HexId, turn: u8) {
    let s = g.hex_state_mut(h).unwrap();
    s.markers.insert(Markers::FIRE | Markers::BURNED);
    s.marker_turn = turn;
}

fn begin_player_turn(g: &mut Game<'_>, side: Side) -> Events<Event> {
    let mut ev = Events::new();
    g.begin_player_turn(side, &mut ev).unwrap();
    ev
}

#[test]
fn fire_10_74_spreads_on_1_to_3_and_destroys_the_unit_there() {
    let (b, u) = fire_board();
    let mut g = b.game(Phase::Combat, NATO, 2, &[]);
    g.put(u, hex("0506"));
    burning(&mut g, hex("0505"), 2);
    begin_player_turn(&mut g, NATO);
    assert!(is_roll(&g, NATO, "10.74"), "the phasing player rolls");
    assert_eq!(g.fire_spread_hex(), Some(hex("0506")));
    let ev = g.apply(&roll(&[3])).unwrap();
    assert!(g.markers(hex("0506")).has(Markers::FIRE));
    assert_eq!(g.state.units[u.0 as usize].location, Location::Eliminated);
    assert!(cites(&ev, "10.71"));
    assert_eq!(g.state.phase, Phase::Movement);
}

#[test]
fn fire_10_74_does_not_spread_on_4_to_6() {
    let (b, _) = fire_board();
    let mut g = b.game(Phase::Combat, NATO, 2, &[]);
    burning(&mut g, hex("0505"), 2);
    begin_player_turn(&mut g, WARSAW_PACT);
    g.apply(&roll(&[4])).unwrap();
    assert!(!g.markers(hex("0506")).has(Markers::FIRE));
    assert_eq!(g.state.phase, Phase::Movement);
}

#[test]
fn fire_10_74_not_across_a_water_hexside() {
    let (mut b, _) = fire_board();
    b.side(hex("0505"), hex("0506"), SF::WATER);
    let mut g = b.game(Phase::Combat, NATO, 2, &[]);
    burning(&mut g, hex("0505"), 2);
    begin_player_turn(&mut g, WARSAW_PACT);
    assert_eq!(g.state.phase, Phase::Movement, "no roll across water");
}

#[test]
fn fire_10_73_a_burnt_hex_never_burns_again() {
    let (b, _) = fire_board();
    let mut g = b.game(Phase::Combat, NATO, 2, &[]);
    burning(&mut g, hex("0505"), 2);
    g.hex_state_mut(hex("0506"))
        .unwrap()
        .markers
        .insert(Markers::RUIN | Markers::BURNED);
    begin_player_turn(&mut g, WARSAW_PACT);
    assert_eq!(g.state.phase, Phase::Movement);
}

#[test]
fn fire_10_71_becomes_a_ruin_at_the_end_of_the_next_turn() {
    let (b, _) = fire_board();
    let mut g = b.game(Phase::Combat, NATO, 2, &[]);
    burning(&mut g, hex("0505"), 2);
    let ev = end_turn(&mut g);
    assert!(
        g.markers(hex("0505")).has(Markers::FIRE),
        "still burning at the end of turn 2"
    );
    assert!(!cites(&ev, "10.71"));
    g.state.phase = Phase::Combat;
    g.state.turn = 3;
    let ev = end_turn(&mut g);
    let m = g.markers(hex("0505"));
    assert!(
        !m.has(Markers::FIRE) && m.has(Markers::RUIN),
        "a ruin after turn 3"
    );
    assert!(cites(&ev, "10.71"));
}

#[test]
fn gas_8_82_removed_at_the_end_of_the_following_turn() {
    let (b, _) = fire_board();
    let mut g = b.game(Phase::Combat, NATO, 2, &[]);
    let s = g.hex_state_mut(hex("0303")).unwrap();
    s.markers.insert(Markers::GAS);
    s.marker_turn = 2;
    end_turn(&mut g);
    assert!(
        g.markers(hex("0303")).has(Markers::GAS),
        "placed in turn 2: still there"
    );
    g.state.turn = 3;
    let ev = end_turn(&mut g);
    assert!(
        !g.markers(hex("0303")).has(Markers::GAS),
        "removed at the end of turn 3"
    );
    assert!(cites(&ev, "8.82"));
}

// ---- [20.22], [20.23] the rail line --------------------------------------------------------

fn rail_board() -> (Board, UnitId) {
    let mut b = berlin_board();
    b.feature(hex("0505"), HF::RAIL_LINE);
    let n = b.unit(NATO, UnitKind::Mechanized, 6, 6, 12);
    (b, n)
}

#[test]
fn rail_20_23_a_nato_unit_on_the_line_scores_8() {
    let (b, n) = rail_board();
    let mut g = game(b);
    g.put(n, hex("0505"));
    g.state.turn = 2;
    let ev = end_turn(&mut g);
    assert!(cites(&ev, "20.23"));
    assert_eq!(g.state.turn_state.rail_vp, 8);
}

#[test]
fn rail_20_22_interdiction_scores_5() {
    let (b, _) = rail_board();
    let mut g = game(b);
    g.state.turn = 2;
    g.record_interdiction();
    let ev = end_turn(&mut g);
    assert!(cites(&ev, "20.22"));
    assert_eq!(g.state.turn_state.rail_vp, 5);
    assert!(!g.state.turn_state.interdicted, "counted per Game-Turn");
}

#[test]
fn rail_20_23_occupation_replaces_interdiction() {
    let (b, n) = rail_board();
    let mut g = game(b);
    g.put(n, hex("0505"));
    g.state.turn = 2;
    g.record_interdiction();
    end_turn(&mut g);
    assert_eq!(g.state.turn_state.rail_vp, 8, "8, not 13");
}

#[test]
fn rail_20_23_counts_a_unit_seen_at_a_player_turn_start() {
    let (b, n) = rail_board();
    let mut g = game(b);
    g.put(n, hex("0505"));
    begin_player_turn(&mut g, WARSAW_PACT);
    g.state.units[n.0 as usize].location = Location::OnMap(hex("0606"));
    end_turn(&mut g);
    assert_eq!(g.state.turn_state.rail_vp, 8);
}

// ---- [20.0] end of the game -------------------------------------------------------------

#[test]
fn victory_20_0_ends_after_the_last_game_turn() {
    let mut g = game(berlin_board());
    g.state.turn = 15;
    end_turn(&mut g);
    assert_eq!(g.state.turn, 16);
    assert!(g.outcome().is_none());
    g.state.phase = Phase::Combat;
    let ev = end_turn(&mut g);
    assert!(cites(&ev, "20.0") && cites(&ev, "20.24"));
    assert_eq!(g.pending(), Pending::GameOver);
    let o = g.outcome().unwrap();
    assert_eq!(
        o.ending,
        crate::berlin85::victory::Ending::LastTurn { turn: 16 }
    );
    assert_eq!(
        o.level, "NATO Decisive Victory",
        "no VP if the city does not fall"
    );
}

#[test]
fn victory_20_11_the_city_falls_at_the_end_of_a_turn_held_entirely() {
    let mut g = game(berlin_board());
    take_barracks(&mut g, 8);
    g.state.turn = 4;
    end_turn(&mut g);
    assert_eq!(g.state.turn, 5, "the objective 0110 is still NATO's");
    g.mark_held(hex("0110"), WARSAW_PACT);
    g.state.phase = Phase::Combat;
    let ev = end_turn(&mut g);
    assert!(cites(&ev, "20.11"));
    assert_eq!(
        g.outcome().unwrap().ending,
        crate::berlin85::victory::Ending::CityControlled { turn: 5 }
    );
}

#[test]
fn victory_21_36_no_city_control_in_medicine_wheel() {
    let mut b = berlin_board();
    b.scenario_mut().rules.medicine_wheel_vp = true;
    b.scenario_mut().rules.no_honors_no_surrender = true;
    let mut g = game(b);
    take_barracks(&mut g, 8);
    g.mark_held(hex("0110"), WARSAW_PACT);
    g.state.turn = 9;
    end_turn(&mut g);
    assert_eq!(g.state.turn, 10);
}

#[test]
fn turn_4_0_refuses_inputs_when_nothing_is_asked() {
    let mut g = game(berlin_board());
    g.state.phase = Phase::TurnStart;
    assert_eq!(g.apply(&roll(&[1])).unwrap_err().case, "4.0");
    let _ = format!("{:?}", g.state.turn_state);
}
