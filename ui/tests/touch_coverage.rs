//! The "Every player action by touch" table of `docs/rules/berlin85.md` stays complete: every
//! engine `Command`, `Choice` and `Pending` kind has a row, and every test a row names exists
//! in `ui/tests` (issue 5: every engine Pending has a screen). Fortress Berlin's "Every player
//! action at the table" likewise, each row naming at least one tap test of `ui/tests` (issue
//! 12).

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The variant names of `pub enum <name>` in a Rust source file.
fn variants(src: &str, name: &str) -> Vec<String> {
    let start = format!("pub enum {name}");
    let Some(at) = src.find(&start) else {
        return Vec::new();
    };
    let body = &src[at..];
    let body = &body[body.find('{').map_or(0, |i| i + 1)..];
    let mut depth = 0;
    let mut out = Vec::new();
    for line in body.lines() {
        let t = line.trim();
        if depth == 0 && t.starts_with('}') {
            break;
        }
        if depth == 0 && t.chars().next().is_some_and(|c| c.is_ascii_uppercase()) {
            let v: String = t
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric())
                .collect();
            out.push(v);
        }
        depth += t.matches('{').count() as i32 - t.matches('}').count() as i32;
        depth = depth.max(0);
    }
    out
}

/// The `#[test]` functions of every file under `dir` (a test binary may be a folder, e.g.
/// `pending_screens/`).
fn test_names(dir: &Path) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for e in fs::read_dir(dir).into_iter().flatten().flatten() {
        if e.path().is_dir() {
            out.extend(test_names(&e.path()));
            continue;
        }
        let text = fs::read_to_string(e.path()).unwrap_or_default();
        let mut after = false;
        for l in text.lines().map(str::trim) {
            if l.starts_with("#[test]") {
                after = true;
            } else if let Some(rest) = l.strip_prefix("fn ") {
                if after {
                    out.insert(
                        rest.chars()
                            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                            .collect(),
                    );
                }
                after = false;
            }
        }
    }
    out
}

/// One game's table of player actions: the rows of `section` in `doc`, each `(action, tests,
/// the row's text)`.
fn rows(doc: &str, section: &str) -> Vec<(String, Vec<String>, String)> {
    let doc = std::fs::read_to_string(root().join(doc)).expect("coverage doc");
    let section = doc
        .split(&format!("## {section}"))
        .nth(1)
        .unwrap_or_else(|| panic!("the '{section}' section"));
    let section = section.split("\n## ").next().unwrap_or(section);
    section
        .lines()
        .filter(|l| {
            l.starts_with('|')
                && !l.starts_with("|---")
                && !l.starts_with("| action")
                && !l.starts_with("| what")
        })
        .map(|l| {
            let cells: Vec<&str> = l.trim_matches('|').split('|').map(str::trim).collect();
            let tests = cells
                .get(3)
                .map(|t| {
                    t.split([',', ' '])
                        .map(|s| s.trim_matches('`'))
                        .filter(|s| !s.is_empty())
                        .map(String::from)
                        .collect()
                })
                .unwrap_or_default();
            (cells[0].to_string(), tests, l.to_string())
        })
        .collect()
}

/// The tests the rows name that exist under none of `tests_dirs`, as "action: `test`".
fn unknown_tests(rows: &[(String, Vec<String>, String)], tests_dirs: &[&str]) -> Vec<String> {
    let known: BTreeSet<String> = tests_dirs
        .iter()
        .flat_map(|d| test_names(&root().join(d)))
        .collect();
    rows.iter()
        .flat_map(|(a, ts, _)| ts.iter().map(move |t| (a, t)))
        .filter(|(_, t)| !known.contains(*t))
        .map(|(a, t)| format!("{a}: `{t}`"))
        .collect()
}

/// Every `Command`, `Choice` and `Pending` kind of a game (its `Command` and `Choice` in
/// `source`) has a row, and every test a row names exists under one of `tests_dirs`.
fn check(rows: &[(String, Vec<String>, String)], source: &str, tests_dirs: &[&str]) {
    let actions: Vec<&str> = rows.iter().map(|(a, _, _)| a.as_str()).collect();
    let command = fs::read_to_string(root().join(source)).expect("src");
    let protocol = fs::read_to_string(root().join("engine/src/core/protocol.rs")).expect("src");
    let mut missing = Vec::new();
    for v in variants(&command, "Command") {
        if !actions
            .iter()
            .any(|a| a.split(' ').next() == Some(v.as_str()))
        {
            missing.push(format!("Command::{v}"));
        }
    }
    for v in variants(&command, "Choice") {
        if !actions
            .iter()
            .any(|a| a.starts_with("Choose ") && a.contains(v.as_str()))
        {
            missing.push(format!("Choice::{v}"));
        }
    }
    for v in variants(&protocol, "Pending") {
        if v != "Command" && v != "Choose" && !actions.iter().any(|a| a.starts_with(v.as_str())) {
            missing.push(format!("Pending::{v}"));
        }
    }
    assert!(
        variants(&command, "Command").len() > 15,
        "the enum parser found the commands of {source}"
    );
    assert!(missing.is_empty(), "no row in the table for: {missing:?}");

    let unknown = unknown_tests(rows, tests_dirs);
    assert!(
        unknown.is_empty(),
        "tests named in the table that do not exist: {unknown:?}"
    );
}

#[test]
fn every_engine_action_and_question_has_a_screen_and_a_tap_test() {
    let rows = rows("docs/rules/berlin85.md", "Every player action by touch");
    check(&rows, "engine/src/berlin85/command.rs", &["ui/tests"]);
    assert!(
        rows.iter().all(|(_, ts, _)| !ts.is_empty()),
        "every row names a test"
    );
}

/// Fortress Berlin: every action is offered by the presentation model and drawn by the framed
/// play screen, and every row names a tap test of `ui/tests` that takes it on the screen (the
/// engine's and the offer's own tests may be named besides).
#[test]
fn fortress_berlin_every_action_and_question_is_offered() {
    let rows = rows(
        "docs/rules/fortress-berlin.md",
        "Every player action at the table",
    );
    check(
        &rows,
        "engine/src/fortress/game/mod.rs",
        &["ui/session/src/present/tests", "tests/tests", "ui/tests"],
    );
    let taps = test_names(&root().join("ui/tests"));
    let untapped: Vec<&str> = rows
        .iter()
        .filter(|(_, ts, _)| !ts.iter().any(|t| taps.contains(t)))
        .map(|(a, _, _)| a.as_str())
        .collect();
    assert!(
        untapped.is_empty(),
        "rows that name no tap test of ui/tests: {untapped:?}"
    );
}

/// Fortress Berlin's "what the table shows" table (stacks, a held stack, the stack order,
/// command radii, facing): every row names a tap test of `ui/tests` or a test of the model that
/// draws it, and every test it names exists.
#[test]
fn fortress_berlin_what_the_table_shows_names_existing_tests() {
    let rows = rows(
        "docs/rules/fortress-berlin.md",
        "What the table shows without an action",
    );
    assert!(rows.len() >= 5, "the table's rows: {rows:?}");
    let mut known = BTreeSet::new();
    for dir in [
        "ui/tests",
        "ui/session/src/present/tests",
        "engine/src/fortress/tests",
    ] {
        known.extend(test_names(&root().join(dir)));
    }
    for (what, tests, _) in &rows {
        assert!(!tests.is_empty(), "{what}: names no test");
        for t in tests {
            assert!(known.contains(t), "{what}: no test named {t}");
        }
    }
}

/// The Gates: every command of the game (its own steps and the series game's turn and unit
/// commands, which it wraps), every choice and every pending kind has a row in
/// `docs/rules/gates.md`'s "Every player action at the table", and every test a row names
/// exists (issue 15).
#[test]
fn gates_every_action_and_question_has_a_row_and_a_test() {
    let rows = rows("docs/rules/gates.md", "Every player action at the table");
    let actions: Vec<&str> = rows.iter().map(|(a, _, _)| a.as_str()).collect();
    let read = |p: &str| fs::read_to_string(root().join(p)).expect("src");
    let gates = read("engine/src/gates/game/mod.rs");
    let turn = read("engine/src/css/command/turn.rs");
    let game = read("engine/src/css/game/mod.rs");
    let protocol = read("engine/src/core/protocol.rs");
    let mut commands = variants(&gates, "Command");
    commands.extend(variants(&turn, "Command"));
    commands.extend(variants(&game, "UnitCommand"));
    commands.extend(variants(&game, "GameCommand"));
    // The wrappers of the series commands are not actions of their own.
    commands.retain(|v| !["Series", "Turn", "Unit"].contains(&v.as_str()));
    assert!(
        commands.len() > 20,
        "the enum parser found the commands: {commands:?}"
    );
    let mut missing: Vec<String> = commands
        .iter()
        .filter(|v| {
            !actions
                .iter()
                .any(|a| a.split(' ').next() == Some(v.as_str()))
        })
        .map(|v| format!("Command::{v}"))
        .collect();
    for v in variants(&turn, "Choice") {
        let named =
            |a: &&str| a.starts_with("Choose ") && a.split([' ', ',']).any(|w| w == v.as_str());
        if !actions.iter().any(named) {
            missing.push(format!("Choice::{v}"));
        }
    }
    for v in variants(&protocol, "Pending") {
        if v != "Command" && v != "Choose" && !actions.iter().any(|a| a.starts_with(v.as_str())) {
            missing.push(format!("Pending::{v}"));
        }
    }
    assert!(missing.is_empty(), "no row in the table for: {missing:?}");
    let unknown = unknown_tests(
        &rows,
        &[
            "ui/tests",
            "ui/session/src/present/tests",
            "engine/src/gates",
        ],
    );
    assert!(
        unknown.is_empty(),
        "tests named that do not exist: {unknown:?}"
    );
    assert!(
        rows.iter().all(|(_, ts, _)| !ts.is_empty()),
        "every row names a test"
    );
}
