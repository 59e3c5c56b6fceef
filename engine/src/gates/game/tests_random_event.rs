//! 7.0 the Random Event chit in the game: once the series game has played the chit (S4.9),
//! the first die (0–2: an event), the second die, and the events the game applies: the NCOs
//! bring back the Booze marker (3.8), bad news from the front costs a chosen enemy division a
//! Division TQC (9.2, S11.2.1). Nothing else is taken while 7.0 runs.

extern crate std;

use super::tests::{data, game_with_booze, roll};
use super::*;
use crate::core::contract::Ruleset;
use crate::core::protocol::{Cited, DiceRoll, DiceSpec};
use crate::css::command::{Chit, DivisionId};
use crate::gates::events::RandomEvent;
use crate::gates::{NATO, WARSAW_PACT};
use std::vec::Vec;

/// Rolls `v`, keeping it if the Booze marker's holder is asked (3.8).
fn roll_kept(game: &mut Game<'_>, v: u8) -> Vec<Event> {
    let mut all: Vec<Event> = Ruleset::apply(game, &roll(v)).unwrap().to_vec();
    if let Pending::Choose { options, .. } = Ruleset::pending(game) {
        if options.first() == Some(&Choice::KeepRoll) {
            all.extend(Ruleset::apply(game, &Input::Chose(0)).unwrap());
        }
    }
    all
}

/// Plays on (rolling 5s, keeping every roll, taking first options, ending steps) until the
/// Random Event chit is drawn and played.
fn to_the_chit(game: &mut Game<'_>) {
    for _ in 0..400 {
        if game.state.random_event.is_some() {
            return;
        }
        let input = match Ruleset::pending(game) {
            Pending::DrawChit { chits, .. } => {
                let i = chits
                    .iter()
                    .position(|c| *c == Choice::Chit(Chit::RandomEvent));
                Input::Drew(i.unwrap_or(0) as u16)
            }
            Pending::Roll { .. } => roll(5),
            Pending::Choose { .. } => Input::Chose(0),
            Pending::Command { .. } => {
                Input::Command(Ruleset::step_end(game).expect("a step to end").command)
            }
            Pending::GameOver => panic!("the game ended before the Random Event chit"),
        };
        Ruleset::apply(game, &input).unwrap();
    }
    panic!("the Random Event chit never came up");
}

/// The Random Event chit played, the first die a 1 (an event), the second die `which`.
fn to_event(game: &mut Game<'_>, which: u8) -> Vec<Event> {
    to_the_chit(game);
    let mut all = roll_kept(game, 1);
    all.extend(roll_kept(game, which));
    all
}

// 7.0: once the series game has played the Random Event chit, the first die is pending: the
// initiative player's d10 (3.2), cited 7.0.
#[test]
fn gates_7_0_the_event_roll_is_pending_after_the_chit() {
    let mut d = data();
    let mut game = game_with_booze(&mut d, -1);
    to_the_chit(&mut game);
    assert_eq!(game.state.random_event, Some(random_event::Stage::Occurs));
    let Pending::Roll {
        player, dice, case, ..
    } = Ruleset::pending(&game)
    else {
        panic!("the 7.0 die is pending")
    };
    assert_eq!(player, game.scenario().command.initiative);
    assert_eq!((dice, case), (DiceSpec::D10, "7.0"));
}

// 7.0: a 3 to 9 on the first die: no event this turn, and play goes on with the series game.
#[test]
fn gates_7_0_three_to_nine_on_the_first_die_means_no_event() {
    let mut d = data();
    let mut game = game_with_booze(&mut d, -1);
    to_the_chit(&mut game);
    for raw in 3..=9 {
        let mut g = game.clone();
        let events = Ruleset::apply(&mut g, &roll(raw)).unwrap();
        assert_eq!(
            events.as_slice(),
            &[Event::RandomEventRoll {
                raw,
                happens: false
            }]
        );
        assert_eq!(events[0].case(), "7.0");
        assert_eq!(g.state.random_event, None);
        assert_eq!(
            g.state.series, game.state.series,
            "the series game is untouched"
        );
        assert_eq!(
            Ruleset::pending(&g),
            g.state.series.pending(&g.series_data())
        );
    }
    for raw in 0..=2 {
        let mut g = game.clone();
        Ruleset::apply(&mut g, &roll(raw)).unwrap();
        assert_eq!(g.state.random_event, Some(random_event::Stage::Which));
    }
}

// 7.0 event 2: a NATO NCO brings the Whiskey side of the Booze marker back to NATO; both dice
// went through the holder's keep-or-reroll window first (3.8, "any roll").
#[test]
fn gates_7_0_event_2_returns_the_booze_marker_to_nato() {
    let mut d = data();
    let mut game = game_with_booze(&mut d, 1);
    assert_eq!(game.state.booze.holder(), Some(WARSAW_PACT));
    to_the_chit(&mut game);
    // The first die is held for the Cognac holder's word (3.8).
    Ruleset::apply(&mut game, &roll(1)).unwrap();
    let Pending::Choose {
        player, options, ..
    } = Ruleset::pending(&game)
    else {
        panic!("the holder is asked")
    };
    assert_eq!(player, WARSAW_PACT);
    assert_eq!(options.as_slice(), &[Choice::KeepRoll, Choice::Reroll]);
    Ruleset::apply(&mut game, &Input::Chose(0)).unwrap();
    assert_eq!(game.state.random_event, Some(random_event::Stage::Which));
    let events = roll_kept(&mut game, 2);
    assert!(events.contains(&Event::RandomEventDrawn {
        event: RandomEvent::NatoNco,
        applied: true
    }));
    assert!(events.contains(&Event::BoozeReturned {
        to: NATO,
        moved: true
    }));
    assert_eq!(game.state.booze.holder(), Some(NATO));
    assert_eq!(game.state.random_event, None);
    // Event 3 with the Warsaw Pact holding the marker already: it stays.
    let mut d = data();
    let mut game = game_with_booze(&mut d, 1);
    let events = to_event(&mut game, 3);
    assert!(events.contains(&Event::BoozeReturned {
        to: WARSAW_PACT,
        moved: false
    }));
    assert_eq!(game.state.booze.holder(), Some(WARSAW_PACT));
}

// 7.0 event 6, 9.2, S11.2.1: NATO picks a Warsaw Pact division; its Division TQC fails on a
// roll over its current TQ and the current TQ drops by 1; a roll at or under it passes.
#[test]
fn gates_7_0_event_6_nato_picks_a_division_whose_failed_tqc_lowers_its_tq() {
    let mut d = data();
    let mut game = game_with_booze(&mut d, -1);
    let events = to_event(&mut game, 6);
    assert!(events.contains(&Event::RandomEventDrawn {
        event: RandomEvent::BadNewsWarsawPact,
        applied: true
    }));
    let Pending::Choose {
        player,
        options,
        case,
        ..
    } = Ruleset::pending(&game)
    else {
        panic!("NATO picks the division")
    };
    assert_eq!((player, case), (NATO, "7.0"));
    assert_eq!(options.as_slice(), &[Choice::Division(DivisionId(0))]);
    assert_eq!(
        Ruleset::apply(&mut game, &Input::Chose(1))
            .unwrap_err()
            .case,
        "7.0"
    );
    Ruleset::apply(&mut game, &Input::Chose(0)).unwrap();
    let Pending::Roll { player, case, .. } = Ruleset::pending(&game) else {
        panic!("the TQC roll")
    };
    assert_eq!((player, case), (WARSAW_PACT, "9.2"));
    let tq = game.state.series.turn.tracks[0].tq;
    assert!(tq < 9, "a roll can fail");
    let mut passed = game.clone();
    let events = Ruleset::apply(&mut game, &roll(tq + 1)).unwrap();
    assert_eq!(
        events.as_slice(),
        &[Event::DivisionCheck {
            division: DivisionId(0),
            raw: tq + 1,
            tq,
            passed: false
        }]
    );
    assert_eq!(events[0].case(), "9.2");
    assert_eq!(game.state.series.turn.tracks[0].tq, tq - 1);
    assert_eq!(game.state.random_event, None);
    Ruleset::apply(&mut passed, &roll(tq)).unwrap();
    assert_eq!(passed.state.series.turn.tracks[0].tq, tq);
}

// 7.0: the events whose pieces are not in the game yet are announced and marked as not
// applied; nothing else changes.
#[test]
fn gates_7_0_events_without_their_pieces_are_announced_not_applied() {
    for (which, e) in [
        (0, RandomEvent::NatoHero),
        (1, RandomEvent::WarsawPactHero),
        (4, RandomEvent::AmmoRationing),
        (5, RandomEvent::MissileStrike),
        (7, RandomEvent::FuelRationing),
        (8, RandomEvent::Refugees),
    ] {
        let mut d = data();
        let mut game = game_with_booze(&mut d, -1);
        to_the_chit(&mut game);
        Ruleset::apply(&mut game, &roll(0)).unwrap();
        let before = game.state.series.clone();
        let events = Ruleset::apply(&mut game, &roll(which)).unwrap();
        assert_eq!(
            events.as_slice(),
            &[Event::RandomEventDrawn {
                event: e,
                applied: false
            }]
        );
        assert_eq!(game.state.series, before);
        assert_eq!(game.state.random_event, None);
    }
}

// 7.0: while the procedure runs, no other input is taken: a command, a draw, a choice instead
// of the die, a bad die: all refused citing 7.0 (or S1.3 for the die's faces), nothing changes.
#[test]
fn gates_7_0_inputs_out_of_turn_are_refused() {
    let mut d = data();
    let mut game = game_with_booze(&mut d, -1);
    to_the_chit(&mut game);
    let before = game.state.clone();
    let end = crate::css::command::turn::Command::DoneBuying;
    for (input, case) in [
        (
            Input::Command(Command::Series(GameCommand::Turn(end))),
            "7.0",
        ),
        (Input::Command(Command::Electricity { on: true }), "7.0"),
        (Input::Drew(0), "7.0"),
        (Input::Chose(0), "7.0"),
        (Input::Rolled(DiceRoll::of(&[1, 2])), "7.0"),
        (roll(10), "S1.3"),
    ] {
        assert_eq!(
            Ruleset::apply(&mut game, &input).unwrap_err().case,
            case,
            "{input:?}"
        );
        assert_eq!(game.state, before);
    }
    // At the choice of event 9, a die is refused too.
    let mut d = data();
    let mut game = game_with_booze(&mut d, -1);
    to_event(&mut game, 9);
    let Pending::Choose {
        player, options, ..
    } = Ruleset::pending(&game)
    else {
        panic!("the Warsaw Pact picks a NATO division")
    };
    assert_eq!(player, WARSAW_PACT);
    assert_eq!(options.as_slice(), &[Choice::Division(DivisionId(1))]);
    assert_eq!(Ruleset::apply(&mut game, &roll(3)).unwrap_err().case, "7.0");
}
