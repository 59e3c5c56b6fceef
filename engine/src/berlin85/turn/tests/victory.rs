//! [20.0] the end of the game: the last Game-Turn, the city falling [20.11], none in Medicine
//! Wheel [21.36]; and [4.0] no input taken when nothing is asked.

use super::*;

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
