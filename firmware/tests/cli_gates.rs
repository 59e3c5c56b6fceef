//! *The Enemy is at the Gates* from the command line (issue 14): `berlin-table --game gates
//! play --script FILE` plays a text-notation script of the introductory scenario on the
//! built-in data and prints every event with its case; `replay` and `resume` read the game it
//! saved; a refusal names its rule.
//!
//! The script is written by the test from the engine: the seeded random agent of
//! `tests::gates_agent` plays the scenario to its end, so the script stays legal when a club's
//! data or the stand-in map changes.

mod common;
use common::x11::berlin_table;
use common::Scratch;
use engine::core::contract::Ruleset;
use engine::core::protocol::Input;
use engine::css::game::{GameCommand, UnitCommand};
use engine::gates::game::{Command, Event, Game, Options};
use rand::SeedableRng;
use std::process::Output;
use tests::gates_agent::{answer, data};

/// A whole game of the introductory scenario, one line per accepted input, and whether it saw
/// a direct fire.
fn script(seed: u64) -> (String, bool) {
    script_of("intro", seed, |i, _| {
        matches!(
            i,
            Input::Command(Command::Series(GameCommand::Unit(UnitCommand::Fire { .. })))
        )
    })
}

/// A whole game of `scenario`, one line per accepted input, and whether `saw` said yes to one
/// of its inputs (with its events).
fn script_of(
    scenario: &str,
    seed: u64,
    saw: impl Fn(&Input<Command>, &[Event]) -> bool,
) -> (String, bool) {
    let data = data();
    let mut game = Game::new(data, scenario, Options).expect("the scenario");
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut lines = vec![format!("scenario {scenario}")];
    let mut fought = false;
    while let Some(input) = answer(&mut rng, &game) {
        // The agent buys chits it may not afford now and then: only accepted inputs are
        // written.
        let Ok(events) = Ruleset::apply(&mut game, &input) else {
            continue;
        };
        fought |= saw(&input, &events);
        let mut line = String::new();
        Game::write_input(data, &input, &mut line).expect("notation");
        lines.push(line);
    }
    (lines.join("\n") + "\n", fought)
}

fn gates(args: &[&std::ffi::OsStr]) -> Output {
    common::headless("gates", args)
}

use common::output_text as text;

/// A seed whose game has a fire in it (the agent fires when it can, but not always).
fn fighting_script() -> String {
    (0..20)
        .map(script)
        .find(|(_, fought)| *fought)
        .expect("a game with a fire among twenty seeds")
        .0
}

#[test]
fn gates_plays_a_script_to_the_end_and_prints_every_event_with_its_case() {
    let scratch = Scratch::new("gates-play");
    let file = scratch.0.join("game.txt");
    std::fs::write(&file, fighting_script()).expect("script");
    let out = gates(&["play".as_ref(), "--script".as_ref(), file.as_os_str()]);
    assert!(out.status.success(), "{}", text(&out));
    let stdout = String::from_utf8_lossy(&out.stdout);
    // `   12  [S9.3.2] …` or `[10.1] …`: a series S-case or an exclusive case.
    let events = common::assert_events_cite_cases(
        &stdout,
        &["is played", "[S9.3.2] ", " fires at ", "the game is over"],
        true,
    );
    assert!(events.len() > 20, "events printed:\n{stdout}");
    let last = stdout.lines().last().unwrap_or_default();
    assert!(last.contains("Game over [S3.7.2]"), "{last}");
}

// 4.3, 5.2, 10.2: a game of "The War is Coming" in which the Stasi turn a political figure
// over prints the find, the draw's outcome and the objectives destroyed with their cases.
#[test]
fn gates_prints_the_political_figures_the_stasi_turn_over_with_their_cases() {
    let (script, _) = (0..40)
        .map(|seed| {
            script_of("war_is_coming", seed, |_, events| {
                events
                    .iter()
                    .any(|e| matches!(e, Event::FigureTurned { .. }))
            })
        })
        .find(|(_, turned)| *turned)
        .expect("a game where the Stasi turn a marker among forty seeds");
    let scratch = Scratch::new("gates-political");
    let file = scratch.0.join("game.txt");
    std::fs::write(&file, script).expect("script");
    let out = gates(&["play".as_ref(), "--script".as_ref(), file.as_os_str()]);
    assert!(out.status.success(), "{}", text(&out));
    let stdout = String::from_utf8_lossy(&out.stdout);
    common::assert_events_cite_cases(
        &stdout,
        &[
            "[5.2] the Stasi's ",
            ": the political figure there is turned over",
            "[4.3] the political figure in ",
        ],
        true,
    );
}

#[test]
fn gates_saves_replays_and_resumes_and_refuses_by_rule() {
    let scratch = Scratch::new("gates-save");
    let (text_of_script, _) = script(1);
    common::assert_plays_saves_replays_and_resumes("gates", &scratch, &text_of_script, 50);

    // S3.0: the game starts by buying chits or drawing, not with a unit's move.
    let early = scratch.0.join("early.txt");
    std::fs::write(&early, "scenario intro\nfinish\n").expect("script");
    let out = gates(&["play".as_ref(), "--script".as_ref(), early.as_os_str()]);
    assert!(!out.status.success(), "{}", text(&out));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("early.txt:2: refused by the rules: [S"),
        "the refusal names the line and the rule: {err}"
    );
}

#[test]
fn gates_lists_its_units_by_the_index_a_script_names_them_by() {
    let out = berlin_table()
        .args(["--game", "gates", "units"])
        .output()
        .expect("run berlin-table");
    assert!(out.status.success(), "{}", text(&out));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.lines().count() >= data().counters.len(), "{stdout}");
    assert!(
        stdout.contains("NATO") && stdout.contains("Warsaw Pact"),
        "{stdout}"
    );
}
