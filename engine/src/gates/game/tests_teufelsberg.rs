//! 2.4 Teufelsberg in the game: while NATO holds the station it is asked before each draw
//! from the Cup whether it names the chit; a Warsaw Pact unit on 30.35 ends that for good.

extern crate std;

use super::tests::{data, roll, special};
use super::teufelsberg::TEUFELSBERG;
use super::*;
use crate::core::contract::Ruleset;
use crate::core::protocol::Cited;
use crate::css::command::turn::Event as TurnEvent;
use crate::css::command::Chit;
use crate::gates::places::hexes;
use crate::gates::{NATO, WARSAW_PACT};
use std::vec::Vec;

/// Plays the test scenario (interrupts passed, every die a 5, steps ended) until the Cup is to
/// be drawn from; returns the pending then (NATO's question or the blind draw).
fn to_a_draw(game: &mut Game<'_>) -> Pending<Choice> {
    for _ in 0..400 {
        let p = Ruleset::pending(game);
        match &p {
            Pending::DrawChit { .. } => return p,
            Pending::Choose { case: "2.4", .. } => return p,
            Pending::Choose { .. } => Ruleset::apply(game, &Input::Chose(0)).unwrap(),
            Pending::Roll { .. } => Ruleset::apply(game, &roll(5)).unwrap(),
            Pending::Command { player } => {
                // S4.3: each side buys its first formation's chit in step 1D, so the Cup
                // holds Formation chits of both sides.
                let buy = match game.state.series.turn.step {
                    Step::Spend(s) if s == *player => {
                        let f = if s == NATO { 2 } else { 0 };
                        let chit = Chit::Formation(crate::css::command::FormationId(f));
                        let c = GameCommand::Turn(crate::css::command::turn::Command::Buy(chit));
                        Some(Input::Command(Command::Series(c)))
                    }
                    _ => None,
                };
                let bought = buy.is_some_and(|b| Ruleset::apply(game, &b).is_ok());
                if !bought {
                    let end = Ruleset::step_end(game).expect("a step to end").command;
                    Ruleset::apply(game, &Input::Command(end)).unwrap();
                }
                Events::new()
            }
            Pending::GameOver => panic!("the game ended before a draw"),
        };
    }
    panic!("no draw reached");
}

fn held_game(d: &mut GatesData) -> Game<'_> {
    special(d, TEUFELSBERG, 1);
    Game::new(d, "test", Options).unwrap()
}

/// The chits the series game reports played by the events.
fn played(events: &[Event]) -> Vec<Chit> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Series(GameEvent::Turn(TurnEvent {
                what: What::Played(c, _),
                ..
            })) => Some(*c),
            _ => None,
        })
        .collect()
}

// 2.4 (B20): NATO, holding the station, names a Division or Formation chit of either side in
// the Cup; that chit is the one played, and the Cup loses it.
#[test]
fn gates_2_4_nato_holding_teufelsberg_names_the_next_chit() {
    let mut d = data();
    let mut game = held_game(&mut d);
    assert!(game.teufelsberg_held());
    let Pending::Choose {
        player,
        options,
        case,
        ..
    } = to_a_draw(&mut game)
    else {
        panic!("NATO is asked before the draw")
    };
    assert_eq!((player, case), (NATO, "2.4"));
    assert_eq!(
        options[0],
        Choice::Pass,
        "a random draw is always NATO's to choose"
    );
    assert!(
        options.len() > 1,
        "a Division or Formation chit is in the Cup"
    );
    for o in &options[1..] {
        assert!(
            matches!(o, Choice::Chit(Chit::Division(_) | Chit::Formation(_))),
            "only Division and Formation chits are named: {o:?}"
        );
    }
    let Choice::Chit(named) = options[options.len() - 1] else {
        unreachable!()
    };
    let count = |g: &Game<'_>| {
        g.state
            .series
            .turn
            .cup
            .chits
            .iter()
            .filter(|c| **c == named)
            .count()
    };
    let before = count(&game);
    // Nothing else is taken while NATO is asked.
    assert_eq!(Ruleset::apply(&mut game, &roll(3)).unwrap_err().case, "2.4");
    let events = Ruleset::apply(&mut game, &Input::Chose((options.len() - 1) as u8)).unwrap();
    assert!(events
        .iter()
        .any(|e| *e == Event::TeufelsbergPick { chit: Some(named) } && e.case() == "2.4"));
    assert_eq!(played(&events), [named], "the named chit is played");
    assert_eq!(count(&game), before - 1, "the Cup gives up the named chit");
}

// 2.4: NATO may let the draw be random; the Cup is then drawn blind, and NATO is asked again
// before the next draw.
#[test]
fn gates_2_4_a_pass_lets_the_cup_be_drawn_blind_and_the_next_draw_asks_again() {
    let mut d = data();
    let mut game = held_game(&mut d);
    assert!(matches!(
        to_a_draw(&mut game),
        Pending::Choose { case: "2.4", .. }
    ));
    let events = Ruleset::apply(&mut game, &Input::Chose(0)).unwrap();
    assert_eq!(events.as_slice(), &[Event::TeufelsbergPick { chit: None }]);
    let Pending::DrawChit { player, .. } = Ruleset::pending(&game) else {
        panic!("the blind draw comes next")
    };
    let _ = player;
    let events = Ruleset::apply(&mut game, &Input::Drew(0)).unwrap();
    assert_eq!(played(&events).len(), 1, "a chit is drawn blind");
    assert!(
        !game.state.teufelsberg_passed,
        "the pass was for that draw alone"
    );
}

// 2.4: the first Warsaw Pact unit on 30.35 destroys the station for good: the Cup is drawn
// blind from then on. A NATO unit there changes nothing.
#[test]
fn gates_2_4_a_warsaw_pact_unit_on_30_35_ends_nato_s_pick_for_good() {
    let mut d = data();
    let mut game = held_game(&mut d);
    let nato = d_counter(&game, NATO);
    game.state.read_teufelsberg_entry(&nato, hexes::TEUFELSBERG);
    assert!(game.teufelsberg_held(), "NATO's own units keep it");
    let wp = d_counter(&game, WARSAW_PACT);
    game.state.read_teufelsberg_entry(&wp, HexId::new(30, 34));
    assert!(game.teufelsberg_held(), "only 30.35 itself");
    game.state.read_teufelsberg_entry(&wp, hexes::TEUFELSBERG);
    assert!(!game.teufelsberg_held());
    assert!(
        matches!(to_a_draw(&mut game), Pending::DrawChit { .. }),
        "no question once the station is destroyed"
    );
}

// 2.4: a scenario that does not give NATO the station asks nothing.
#[test]
fn gates_2_4_without_the_station_the_cup_is_drawn_blind() {
    let mut d = data();
    special(&mut d, TEUFELSBERG, 0);
    let mut game = Game::new(&d, "test", Options).unwrap();
    assert!(!game.teufelsberg_held());
    assert!(matches!(to_a_draw(&mut game), Pending::DrawChit { .. }));
}

fn d_counter(game: &Game<'_>, side: Side) -> Counter {
    game.data
        .counters
        .iter()
        .find(|c| c.side == side)
        .cloned()
        .expect("a counter of the side")
}
