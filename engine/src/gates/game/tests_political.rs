//! 4.3 political figures, 5.2 the Stasi and 10.2 victory hexes in play, on the hand-made data
//! of `tests.rs` (the Warsaw Pact's division 0 in columns 10–11, NATO three hexes east): what a
//! player notices when a unit enters a marker's or an objective's hex, and the check's verdict.

extern crate std;

use super::figures::{FigureAt, FigureSetup};
use super::objectives::{Destroyed, Group, Judge, Lead, Objectives, Otherwise, Test};
use super::*;
use crate::core::contract::Ruleset;
use crate::core::protocol::{Cited, DiceRoll};
use crate::core::units::UnitId;
use crate::css::command::turn::Command;
use crate::css::command::{Chit, DivisionId, FormationId};
use crate::css::game::{Stage, UnitCommand};
use crate::css::scenario::Victory;
use crate::gates::political::Back;
use crate::gates::{NATO, WARSAW_PACT};
use std::boxed::Box;
use std::vec::Vec;

fn series(c: GameCommand) -> Input<super::Command> {
    Input::Command(super::Command::Series(c))
}

fn h(c: u8, r: u8) -> HexId {
    HexId::new(c, r)
}

/// The marker's hex and the objective's: next to unit 0 at 10.10.
const TARGET: (u8, u8) = (10, 9);

/// The test data with one political figure at 10.09 (the Stasi: division `stasi`) and the
/// objectives 10.09 and 20.20, one of which wins a check for the Warsaw Pact.
fn data(stasi: u8) -> Box<GatesData> {
    let mut d = super::tests::data();
    let s = &mut d.scenarios[0];
    s.political = FigureSetup {
        hexes: heapless::Vec::from_slice(&[h(TARGET.0, TARGET.1)]).unwrap(),
        stasi: Some(DivisionId(stasi)),
    };
    s.objectives = Objectives {
        hexes: heapless::Vec::from_slice(&[h(TARGET.0, TARGET.1), h(20, 20)]).unwrap(),
        groups: heapless::Vec::from_slice(&[Group {
            mask: 0b11,
            at_least: 1,
        }])
        .unwrap(),
        test: Test::Destroyed,
        lead: Lead::None,
        otherwise: Otherwise::Nato,
    };
    d
}

/// Answers what the game waits for, plainly (a 5 on every die, the first chit, the first
/// option, the step's end) until unit 0 can step to 10.09; returns the move's events.
fn step_unit_0_to_target(game: &mut Game<'_>) -> Events<Event> {
    let mv = series(GameCommand::Unit(UnitCommand::Move {
        units: heapless::Vec::from_slice(&[UnitId(0)]).unwrap(),
        to: h(TARGET.0, TARGET.1),
    }));
    for _ in 0..5_000 {
        let input = match Ruleset::pending(game) {
            Pending::GameOver => panic!("the game ended before unit 0 could move"),
            Pending::Roll { dice, .. } => {
                let v: Vec<u8> = (0..dice.count).map(|_| 5).collect();
                Input::Rolled(DiceRoll::of(&v))
            }
            Pending::DrawChit { .. } => Input::Drew(0),
            Pending::Choose { .. } => Input::Chose(0),
            Pending::Command { .. } => {
                if matches!(game.state.series.turn.step, Step::Playing(_)) {
                    let mut copy = game.clone();
                    if let Ok(e) = Ruleset::apply(&mut copy, &mv) {
                        *game = copy;
                        return e;
                    }
                }
                if matches!(game.state.series.turn.step, Step::Spend(s) if s == WARSAW_PACT) {
                    let buy = series(GameCommand::Turn(Command::Buy(Chit::Formation(
                        FormationId(0),
                    ))));
                    let mut copy = game.clone();
                    if Ruleset::apply(&mut copy, &buy).is_ok() {
                        *game = copy;
                        continue;
                    }
                }
                let t = &game.state.series.turn;
                if let (Step::Arrivals(_), Some(a)) = (t.step, t.arriving.first()) {
                    series(GameCommand::Turn(Command::HoldArrival(a.unit)))
                } else if let (Step::Returns(_), Some(r)) = (t.step, t.returning.first()) {
                    series(GameCommand::Turn(Command::StayRouted(r.unit)))
                } else {
                    Input::Command(Ruleset::step_end(game).expect("a step end").command)
                }
            }
        };
        Ruleset::apply(game, &input).unwrap_or_else(|v| panic!("{input:?}: {v:?}"));
    }
    panic!("unit 0 never got to move");
}

// 5.2, 4.3: a Stasi unit entering a face-down marker's hex: the Warsaw Pact must draw the
// back (from the eighteen), before the move goes on; every other input waits for the draw.
#[test]
fn gates_5_2_a_stasi_unit_entering_a_marker_owes_the_draw_of_its_back() {
    let data = data(0);
    let mut game = Game::new(&data, "test", Options).unwrap();
    assert_eq!(game.state.figures.markers.len(), 1);
    let events = step_unit_0_to_target(&mut game);
    assert!(events.iter().any(|e| e.case() == "5.2"
        && *e
            == Event::FigureFound {
                unit: UnitId(0),
                marker: 0,
                hex: h(TARGET.0, TARGET.1)
            }));
    let Pending::DrawChit {
        player,
        case,
        chits,
        ..
    } = Ruleset::pending(&game)
    else {
        panic!("the draw of the back is pending")
    };
    assert_eq!((player, case, chits.len()), (WARSAW_PACT, "4.3", 18));
    // Anything else waits for the draw (4.3), and is refused without a change.
    let before = game.state.clone();
    for other in [
        series(GameCommand::Unit(UnitCommand::FinishMove {
            change_side: false,
        })),
        Input::Chose(0),
        Input::Rolled(DiceRoll::of(&[3])),
    ] {
        assert_eq!(Ruleset::apply(&mut game, &other).unwrap_err().case, "4.3");
        assert_eq!(game.state, before);
    }
    // A draw past the backs still hidden is refused too.
    assert_eq!(
        Ruleset::apply(&mut game, &Input::Drew(18))
            .unwrap_err()
            .case,
        "4.3"
    );
}

// 4.3: Herr Schmidt on the back: 1 VP to the Warsaw Pact on the 10.1 track and the marker
// leaves play; then the series game goes on where it was (the move, or the opportunity-fire
// window the entry opened, S9.11.2).
#[test]
fn gates_4_3_herr_schmidt_gives_the_warsaw_pact_a_victory_point() {
    let data = data(0);
    let mut game = Game::new(&data, "test", Options).unwrap();
    step_unit_0_to_target(&mut game);
    // The entry opened NATO's opportunity-fire window on the hex (S9.11.2); it waits behind
    // the draw.
    assert!(game.state.series.op.is_some());
    let series_waits = game.state.series.pending(&game.series_data());
    assert!(matches!(
        series_waits,
        Pending::Choose { player, .. } if player == NATO
    ));
    let vp = game.state.vp.of(WARSAW_PACT);
    // The chits list four blanks, then Herr Schmidt (`Hidden::backs`).
    let events = Ruleset::apply(&mut game, &Input::Drew(4)).unwrap();
    assert!(events.iter().any(|e| e.case() == "4.3"
        && matches!(
            e,
            Event::FigureTurned {
                back: Back::HerrSchmidt,
                ..
            }
        )));
    assert!(events.iter().any(|e| e.case() == "10.1"
        && matches!(e, Event::Points { side, gained: 1, .. } if *side == WARSAW_PACT)));
    assert_eq!(game.state.vp.of(WARSAW_PACT), vp + 1);
    assert_eq!(game.state.figures.markers[0].at(), FigureAt::Removed);
    assert_eq!(game.state.figures.hidden.schmidt, 0);
    // The series game is where the entry left it: its own pending comes back.
    assert_eq!(Ruleset::pending(&game), series_waits);
    assert!(matches!(game.state.series.stage, Stage::Moving { .. }));
}

// 4.3: a blank leaves the game; another leader goes to the Stasi Prison (3.4.1).
#[test]
fn gates_4_3_a_blank_goes_and_a_leader_goes_to_the_stasi_prison() {
    let data = data(0);
    let mut blank = Game::new(&data, "test", Options).unwrap();
    step_unit_0_to_target(&mut blank);
    let mut leader = blank.clone();
    let vp = blank.state.vp;
    Ruleset::apply(&mut blank, &Input::Drew(0)).unwrap();
    assert_eq!(blank.state.figures.markers[0].turned, Some(Back::Blank));
    assert_eq!(blank.state.figures.markers[0].at(), FigureAt::Removed);
    assert_eq!(blank.state.vp, vp);
    Ruleset::apply(&mut leader, &Input::Drew(17)).unwrap();
    assert_eq!(leader.state.figures.markers[0].at(), FigureAt::StasiPrison);
    assert_eq!(super::figures::in_stasi_prison(&leader.state.figures), 1);
    assert_eq!(leader.state.figures.hidden.count(), 17);
    assert_eq!(leader.state.vp, vp);
}

// 4.3: the draw is a fact (undo never passes it); no command reveals a back.
#[test]
fn gates_4_3_the_draw_that_turns_a_marker_is_a_fact() {
    let inputs: [Input<super::Command>; 1] = [Input::Drew(3)];
    assert_eq!(
        crate::core::journal::undo_len(&inputs, <Game<'_> as Ruleset<'_>>::reveals),
        None
    );
    let data = data(0);
    let mut game = Game::new(&data, "test", Options).unwrap();
    step_unit_0_to_target(&mut game);
    // The view of either seat tells where the marker lies and how many backs of each kind
    // are not yet drawn, never what is on this one (the engine does not know it yet).
    for viewer in [
        crate::core::side::Viewer::Side(NATO),
        crate::core::side::Viewer::Side(WARSAW_PACT),
    ] {
        let v = Ruleset::view(&game, viewer);
        assert_eq!(v.state.figures.markers[0].turned, None);
        assert_eq!(
            v.state.figures.hidden,
            crate::gates::political::Hidden::START
        );
    }
}

// 5.2: a unit not of the Stasi ignores the markers: nothing is drawn, the marker stays face
// down.
#[test]
fn gates_5_2_a_unit_not_of_the_stasi_ignores_the_markers() {
    let data = data(7); // no unit of division 7 in the game
    let mut game = Game::new(&data, "test", Options).unwrap();
    let events = step_unit_0_to_target(&mut game);
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::FigureFound { .. } | Event::FigureTurned { .. })));
    assert!(!matches!(
        Ruleset::pending(&game),
        Pending::DrawChit { case: "4.3", .. }
    ));
    assert_eq!(
        game.state.figures.markers[0].at(),
        FigureAt::FaceDown(h(TARGET.0, TARGET.1))
    );
}

// 10.2: a Warsaw Pact unit entering an objective destroys it, and it stays destroyed; a NATO
// unit entering one changes nothing.
#[test]
fn gates_10_2_a_warsaw_pact_unit_entering_an_objective_destroys_it() {
    let data = data(7);
    let mut game = Game::new(&data, "test", Options).unwrap();
    assert_eq!(game.state.objectives.count(), 0);
    let events = step_unit_0_to_target(&mut game);
    assert!(events.iter().any(|e| e.case() == "10.2"
        && *e
            == Event::Destroyed {
                hex: h(TARGET.0, TARGET.1),
                unit: UnitId(0)
            }));
    let rules = &data.scenarios[0].objectives;
    assert!(game
        .state
        .objectives
        .is_destroyed(rules, h(TARGET.0, TARGET.1)));
    assert!(!game.state.objectives.is_destroyed(rules, h(20, 20)));
    // Entering it again (or another WP unit entering) adds no second marker.
    let mut d = game.state.objectives;
    let mut ev = Events::new();
    let wp = &data.counters[0];
    d.entered(rules, UnitId(1), wp, h(TARGET.0, TARGET.1), &mut ev)
        .unwrap();
    assert!(ev.is_empty());
    // A NATO unit in an objective is no Warsaw Pact occupation.
    let nato = &data.counters[6];
    assert_eq!(nato.side, NATO);
    let mut fresh = Destroyed::default();
    fresh
        .entered(rules, UnitId(6), nato, h(20, 20), &mut ev)
        .unwrap();
    assert_eq!((fresh.count(), ev.len()), (0, 0));
}

// 10.2, 14.0 3A (stand-in tests as the scenario files state them): at a check the Warsaw Pact
// wins when its objective test holds (or, where the scenario says so, it leads on VP); before
// the last turn play goes on otherwise; the last turn goes to NATO or to the VP leader.
#[test]
fn gates_10_2_the_check_turn_verdict_reads_the_destroyed_objectives() {
    let data = data(7);
    let game = Game::new(&data, "test", Options).unwrap();
    let last = data.scenarios[0].command.last_turn;
    // Every scenario is judged on its last turn (S3.7.2, stand-in).
    assert!(game.state.series.turn.victory_turns.contains(&last));
    let mut rules = data.scenarios[0].objectives.clone();
    let judge = |state: &State, rules: &Objectives, turn| {
        Judge::new(state, rules, &data.counters, last).check(turn)
    };
    let mut state = game.state.clone();
    assert_eq!(judge(&state, &rules, 8), None, "nothing destroyed: play on");
    assert_eq!(judge(&state, &rules, last), Some(Verdict::Win(NATO)));
    state.objectives.bits = 0b10;
    assert_eq!(judge(&state, &rules, 8), Some(Verdict::Win(WARSAW_PACT)));
    // Two of two needed: one is not enough.
    rules.groups[0].at_least = 2;
    assert_eq!(judge(&state, &rules, 8), None);
    // The VP lead wins where the scenario says so.
    state.vp.vp = [0, 1];
    assert_eq!(judge(&state, &rules, 8), None);
    rules.lead = Lead::Vp;
    assert_eq!(judge(&state, &rules, 8), Some(Verdict::Win(WARSAW_PACT)));
    // "held": a Warsaw Pact unit in the hex at the check, destroyed or not.
    rules.lead = Lead::None;
    rules.test = Test::Held;
    rules.groups[0] = Group {
        mask: 0b01,
        at_least: 1,
    };
    state.objectives.bits = 0;
    assert_eq!(judge(&state, &rules, 8), None);
    state.series.units[0].hex = Some(h(TARGET.0, TARGET.1));
    assert_eq!(judge(&state, &rules, 8), Some(Verdict::Win(WARSAW_PACT)));
    // The stand-in kept from before: the last turn to the side ahead on VP, equal a draw.
    let plain = Objectives::default();
    state.vp.vp = [0, 0];
    assert_eq!(judge(&state, &plain, 8), None);
    assert_eq!(judge(&state, &plain, last), Some(Verdict::Draw));
    state.vp.vp = [2, 1];
    assert_eq!(judge(&state, &plain, last), Some(Verdict::Win(NATO)));
    // 10.1 first: 29 against 0.
    state.vp.vp = [0, 29];
    assert_eq!(judge(&state, &plain, 3), Some(Verdict::Win(WARSAW_PACT)));
}
