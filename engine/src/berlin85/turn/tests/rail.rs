//! [21.35] 4 supply priority and [20.22], [20.23] the rail line: interdiction and occupation.

use super::*;

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
