//! *Fortress Berlin* from the command line (issue 11): `berlin-table --game fortress-berlin
//! play --script FILE` plays a text-notation script on the built-in data and prints every event
//! with its case; `replay` and `resume` read the game it saved; a refusal names its rule.
//!
//! The script is written by the test from the engine (the German set-up by the thirty draws of
//! 13.6 and the engine's auto-place, then the first German unit of the set-up that can change
//! mode and step to a neighbouring hex), so it stays legal when a club's data or the stand-in
//! map changes.

mod common;
use common::x11::berlin_table;
use common::Scratch;
use engine::core::contract::Ruleset;
use engine::core::hex::Dir;
use engine::core::protocol::{DiceRoll, Input, Pending};
use engine::fortress::board::SegmentKind;
use engine::fortress::game::{Command, Force};
use session::fortress::{builtin_data, Fortress};
use std::path::Path;
use std::process::Output;

/// The notation of `input` on the built-in data.
fn line(input: &Input<Command>) -> String {
    let mut s = String::new();
    Fortress::write_input(builtin_data().expect("data"), input, &mut s).expect("notation");
    s
}

/// Answers what the game waits for that is not a command (the airpower roll of 5.6, the
/// Volkssturm and naval checks, a choice): fixed dice, the first option. Returns the lines.
fn settle(game: &mut Fortress, lines: &mut Vec<String>) {
    for _ in 0..50 {
        let input = match Ruleset::pending(game) {
            Pending::Roll { dice, .. } => {
                let faces: Vec<u8> = (0..dice.count).map(|i| 3 + i % 2).collect();
                Input::Rolled(DiceRoll::of(&faces))
            }
            Pending::Choose { .. } => Input::Chose(0),
            Pending::DrawChit { .. } => Input::Drew(0),
            Pending::Command { .. } | Pending::GameOver => return,
        };
        Ruleset::apply(game, &input).expect("the answer is accepted");
        lines.push(line(&input));
    }
}

/// Ends the segment, then answers what follows.
fn end_segment(game: &mut Fortress, lines: &mut Vec<String>) {
    let end = Input::Command(Command::EndSegment);
    Ruleset::apply(game, &end).expect("end segment");
    lines.push(line(&end));
    settle(game, lines);
}

/// The German set-up (13.0): auto-place's placements, then "set-up done", then what follows.
fn set_up(game: &mut Fortress, lines: &mut Vec<String>) {
    let placements = game.auto_place();
    for p in placements {
        let input = Input::Command(Command::Place(p));
        Ruleset::apply(game, &input).expect("an auto-placement is legal");
        lines.push(line(&input));
    }
    let done = Input::Command(Command::SetUpDone);
    Ruleset::apply(game, &done).expect("the set-up is complete");
    lines.push(line(&done));
    settle(game, lines);
}

/// A script of the full game: the German set-up (13.0–13.6), through the German reinforcement segment (its airpower roll,
/// 5.6) and recovery segment to his movement segment (4.1), a unit turned to Maneuver Mode
/// (3.3.3) and stepped into a neighbouring hex (7.1), then the rest of turn 1 to the start of
/// turn 2. Returns the script and the unit's printed name.
fn script() -> (String, String) {
    let data = builtin_data().expect("the built-in Fortress Berlin data");
    let mut game = Fortress::new(data, "full-game", Default::default()).expect("full game");
    let mut lines = vec!["scenario full-game".to_string()];
    settle(&mut game, &mut lines);
    set_up(&mut game, &mut lines);
    while game.state.board.segment.kind != SegmentKind::Movement {
        end_segment(&mut game, &mut lines);
    }
    let g = data.map.geometry;
    let mut found = None;
    'units: for (i, counter) in data.forces.counters.iter().enumerate() {
        let unit = engine::core::units::UnitId(i as u16);
        let Some(at) = game.state.board.hex_of(unit) else {
            continue;
        };
        if counter.side != engine::fortress::counters::GERMAN {
            continue;
        }
        for (_, to) in g.neighbours(at) {
            let mut probe = game.clone();
            let mode = Input::Command(Command::ChangeMode {
                unit,
                facing: Dir::Up,
            });
            let units: Force = [unit].into_iter().collect();
            let step = Input::Command(Command::Move { units, to });
            if Ruleset::apply(&mut probe, &mode).is_ok()
                && Ruleset::apply(&mut probe, &step).is_ok()
            {
                found = Some((mode, step, counter.name.to_string()));
                break 'units;
            }
        }
    }
    let (mode, step, name) = found.expect("a German unit of the set-up can move");
    for input in [mode, step] {
        Ruleset::apply(&mut game, &input).expect("the move found above");
        lines.push(line(&input));
    }
    // German combat, the Soviet player-turn, turn 2 (4.2, 4.3).
    while game.state.board.turn < 2 {
        end_segment(&mut game, &mut lines);
    }
    (lines.join("\n") + "\n", name)
}

fn fortress(args: &[&std::ffi::OsStr]) -> Output {
    common::headless("fortress-berlin", args)
}

use common::output_text as text;

#[test]
fn fortress_berlin_plays_a_script_and_prints_every_event_with_its_case() {
    let scratch = Scratch::new("fortress-play");
    let (text_of_script, name) = script();
    let file = scratch.0.join("game.txt");
    std::fs::write(&file, &text_of_script).expect("script");
    let out = fortress(&["play".as_ref(), "--script".as_ref(), file.as_os_str()]);
    assert!(out.status.success(), "{}", text(&out));
    let stdout = String::from_utf8_lossy(&out.stdout);
    common::assert_events_cite_cases(
        &stdout,
        &[
            "[13.6] ",
            "[13.1] German set-up: ",
            "[13.0] the German set-up is done",
            "[4.1.3] German Movement segment",
            "[3.3.3] ",
            &format!("[7.1] German: {name} moves to "),
            "[4.1.4] German Combat segment",
            "[4.2] Soviet Movement segment",
            "[4.3] turn 2 begins",
        ],
        false,
    );
    // The last line says where the game stands, in the rulebook's sequence of play.
    let last = stdout.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("turn 2 German reinforcement [4.1.1]"),
        "{last}"
    );
}

#[test]
fn fortress_berlin_saves_replays_and_resumes_a_scripted_game() {
    let scratch = Scratch::new("fortress-save");
    let (text_of_script, _) = script();
    let listed = text_of_script.lines().count();
    let resumed = common::assert_plays_saves_replays_and_resumes(
        "fortress-berlin",
        &scratch,
        &text_of_script,
        listed,
    );
    assert!(
        resumed.contains("turn 2 German reinforcement [4.1.1]"),
        "{resumed}"
    );
}

#[test]
fn fortress_berlin_refuses_an_illegal_input_by_its_rule_and_a_save_of_another_game() {
    let scratch = Scratch::new("fortress-refuse");
    // 7.1: units move in the movement segment; the game starts in the reinforcement segment.
    let (text_of_script, _) = script();
    let lines: Vec<&str> = text_of_script.lines().collect();
    let mode_at = lines
        .iter()
        .position(|l| l.starts_with("mode "))
        .expect("a mode line");
    // The opening rolls, then the mode change while the reinforcement segment is still on.
    let first_end = lines.iter().position(|&l| l == "end").expect("an end line");
    let mut early: Vec<&str> = lines[..first_end].to_vec();
    early.push(lines[mode_at]);
    let file = scratch.0.join("early.txt");
    std::fs::write(&file, early.join("\n")).expect("script");
    let out = fortress(&["play".as_ref(), "--script".as_ref(), file.as_os_str()]);
    assert!(!out.status.success(), "{}", text(&out));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!(
            "early.txt:{}: refused by the rules: [3.3.3]",
            early.len()
        )) && err.contains("segment"),
        "the refusal names the line and the rule: {err}"
    );

    // A Berlin '85 game saved by the table, replayed as Fortress Berlin: refused by name.
    let b85 = scratch.0.join("b85.txt");
    std::fs::write(&b85, "scenario unity\n").expect("script");
    let saves = scratch.0.join("b85-saves");
    let saved = berlin_table()
        .args(["--log-level", "off", "--save-dir"])
        .arg(&saves)
        .args(["play", "--script"])
        .arg(&b85)
        .output()
        .expect("run berlin-table");
    assert!(saved.status.success(), "{}", text(&saved));
    let out = fortress(&["replay".as_ref(), Path::new(&saves).as_os_str()]);
    assert!(!out.status.success());
    assert!(
        text(&out).contains("a game of Berlin '85")
            && text(&out).contains("not of Fortress Berlin"),
        "{}",
        text(&out)
    );
}

#[test]
fn fortress_berlin_lists_its_units_by_the_index_a_script_names_them_by() {
    let out = berlin_table()
        .args(["--game", "fortress-berlin", "units"])
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    let data = builtin_data().expect("data");
    assert_eq!(
        lines.len(),
        data.forces.counters.len(),
        "one line a counter"
    );
    // The index printed is the one the engine (and so the notation) knows the unit by.
    let scenario = Fortress::scenario(data, 0).expect("a scenario").id;
    let game = <Fortress as Ruleset>::new(data, scenario, Default::default()).expect("game");
    let hitler = game.hitler().expect("Hitler is in the counter mix (11.1)");
    let line = lines[usize::from(hitler.0)];
    assert!(
        line.trim_start()
            .starts_with(&format!("{}  German", hitler.0))
            && line.contains("Hitler"),
        "{line}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("15 SS Latvian") && l.contains("combat 2-2-4")),
        "the 16.2 battalion with its printed combat face"
    );
}

#[test]
fn fortress_berlin_script_sets_up_by_auto_place_as_the_table_does() {
    // 13.6: the thirty Volkssturm draws, then the table's Auto-place, then the set-up is done.
    let scratch = Scratch::new("fortress-auto-place");
    let script = scratch.0.join("auto.txt");
    let mut text = "draw 0\n".repeat(30);
    text.push_str("auto-place\nsetup-done\n");
    std::fs::write(&script, text).expect("script written");
    let run = || {
        berlin_table()
            .args(["--game", "fortress-berlin", "play", "--script"])
            .arg(&script)
            .output()
            .expect("runs")
    };
    let out = run();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let placed = text
        .lines()
        .filter(|l| l.starts_with("   31  [13.") && l.contains("German set-up:"))
        .count();
    let data = builtin_data().expect("data");
    let scenario = Fortress::scenario(data, 0).expect("a scenario").id;
    let mut game = <Fortress as Ruleset>::new(data, scenario, Default::default()).expect("game");
    for _ in 0..30 {
        Ruleset::apply(&mut game, &Input::Drew(0)).expect("drawn");
    }
    assert_eq!(
        placed,
        game.units_to_place().count(),
        "one placement line for every unit the set-up waits for"
    );
    assert!(
        text.contains("   32  [13.0] the German set-up is done"),
        "{text}"
    );
    assert!(text.contains("turn 1 German reinforcement"), "{text}");
    // The same seed, the same placements: a script is a repeatable bug report.
    assert_eq!(run().stdout, out.stdout);
}
