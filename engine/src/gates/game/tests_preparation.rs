//! The Gates' Preparation steps in the game (14.0 1A, 1C-a): the first day's weather from the
//! scenario or the die (3.1), and NATO's word on the city's electricity (3.7) before the rest
//! of the Reinforcement Phase.

extern crate std;

use super::tests::{data, roll, special};
use super::*;
use crate::core::contract::Ruleset;
use crate::core::protocol::Cited;
use crate::css::command::turn::Command as TurnCommand;
use crate::css::terrain::dots;
use crate::gates::NATO;

fn series(c: TurnCommand) -> Input<Command> {
    Input::Command(Command::Series(GameCommand::Turn(c)))
}

/// Answers rolls with `face` and ends every step until the Reinforcement Phase asks.
fn to_reinforcements(game: &mut Game<'_>, face: u8) {
    for _ in 0..50 {
        if game.state.series.turn.step == Step::Reinforcement {
            return;
        }
        let input = match Ruleset::pending(game) {
            Pending::Roll { .. } => roll(face),
            _ => Input::Command(Ruleset::step_end(game).unwrap().command),
        };
        Ruleset::apply(game, &input).unwrap();
    }
    panic!("no Reinforcement Phase: {:?}", game.state.series.turn.step);
}

// 3.1, 14.0 1A: a scenario that states day 1's weather plays no roll for it; one that does
// not rolls it at step 1A on the Gates table (0–6 clear, 7–9 rain: rain sees three hexes).
#[test]
fn gates_3_1_the_first_days_weather_is_the_scenarios_or_the_dice() {
    let mut d = data();
    d.scenarios[0].scenario.special.clear();
    let game = Game::new(&d, "test", Options).unwrap();
    let sky = &game.state.series.turn.light.sky;
    if sky.weather_due() {
        assert!(matches!(
            Ruleset::pending(&game),
            Pending::Roll { case: "S3.2.1", .. }
        ));
        let mut wet = game.clone();
        Ruleset::apply(&mut wet, &roll(7)).unwrap();
        assert_eq!(wet.state.series.turn.light.sky.weather.sight, Some(3));
        let mut dry = game.clone();
        Ruleset::apply(&mut dry, &roll(6)).unwrap();
        assert_eq!(dry.state.series.turn.light.sky.weather.sight, None);
    }
    special(&mut d, preparation::WEATHER, 1);
    let game = Game::new(&d, "test", Options).unwrap();
    let sky = &game.state.series.turn.light.sky;
    assert!(!sky.weather_due(), "the scenario states day 1's weather");
    assert_eq!(sky.weather.sight, Some(3), "rain");
    assert!(sky.weather.worsens_fire && sky.weather.grounded);
    d.scenarios[0].scenario.special.clear();
    special(&mut d, preparation::WEATHER, 2);
    assert!(matches!(
        Game::new(&d, "test", Options),
        Err(NewGameError::Scenario(v)) if v.case == "3.1"
    ));
}

// 14.0 1C-a, 3.7: the Reinforcement Phase opens with NATO's word on the power; nothing else is
// taken first; with the power on City hexes are lit at night.
#[test]
fn gates_14_0_1c_a_nato_switches_the_electricity_first() {
    let mut d = data();
    d.scenarios[0].scenario.special.clear();
    special(&mut d, preparation::ELECTRICITY, 0);
    let mut game = Game::new(&d, "test", Options).unwrap();
    assert!(!game.state.power.on);
    assert_eq!(game.state.series.turn.light.lit_dot, None);
    // Outside 1C-a the power is not switched.
    if !game.asks_electricity() {
        let r = Ruleset::apply(
            &mut game.clone(),
            &Input::Command(Command::Electricity { on: true }),
        );
        assert_eq!(r.unwrap_err().case, "14.0");
    }
    to_reinforcements(&mut game, 0);
    assert!(game.asks_electricity());
    assert_eq!(Ruleset::pending(&game), Pending::Command { player: NATO });
    let end = Ruleset::step_end(&game).unwrap();
    assert_eq!(end.command, Command::Electricity { on: false });
    assert_eq!(end.case, "3.7");
    // The Warsaw Pact's steps wait.
    let r = Ruleset::apply(&mut game, &series(TurnCommand::EndReinforcements));
    assert_eq!(r.unwrap_err().case, "14.0");
    let events = Ruleset::apply(
        &mut game,
        &Input::Command(Command::Electricity { on: true }),
    )
    .unwrap();
    assert!(events
        .iter()
        .any(|e| e.case() == "3.7" && *e == Event::Electricity { on: true }));
    assert!(game.state.power.on);
    assert_eq!(game.state.series.turn.light.lit_dot, Some(dots::CITY));
    // Once a turn: the series' Reinforcement Phase goes on for the initiative player.
    assert!(!game.asks_electricity());
    let r = Ruleset::apply(
        &mut game,
        &Input::Command(Command::Electricity { on: false }),
    );
    assert_eq!(r.unwrap_err().case, "14.0");
    assert_eq!(
        Ruleset::pending(&game),
        Pending::Command {
            player: game.scenario().command.initiative
        }
    );
    Ruleset::apply(&mut game, &series(TurnCommand::EndReinforcements)).unwrap();
    assert!(matches!(game.state.series.turn.step, Step::Spend(_)));
}
