//! Helpers shared by the firmware's integration tests.

#![allow(dead_code)]

pub mod x11;

use std::path::PathBuf;

/// A scratch directory, removed when dropped.
pub struct Scratch(pub PathBuf);

impl Scratch {
    /// A fresh directory in the system's temp dir, unique to this process and thread.
    pub fn new(name: &str) -> Self {
        let p = std::env::temp_dir().join(format!(
            "berlin-table-{name}-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).expect("scratch dir");
        Scratch(p)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `berlin-table --log-level off --game GAME ARGS…`, run to the end.
pub fn headless(game: &str, args: &[&std::ffi::OsStr]) -> std::process::Output {
    x11::berlin_table()
        .args(["--log-level", "off", "--game", game])
        .args(args)
        .output()
        .expect("run berlin-table")
}

/// What a run printed, standard output then standard error.
pub fn output_text(out: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// Does this printed case read as a rule case: digits and dots (`7.1`), after an `S` for a
/// series case when `series` (`S9.3.2`, the Gates)?
fn is_case(case: &str, series: bool) -> bool {
    let c = if series {
        case.strip_prefix('S').unwrap_or(case)
    } else {
        case
    };
    !c.is_empty() && c.chars().all(|c| c.is_ascii_digit() || c == '.')
}

/// Every event line (`   12  [7.1] …`) of a `play` run cites a case, and the lines asked for
/// are there. Returns the event lines.
pub fn assert_events_cite_cases<'a>(
    stdout: &'a str,
    expected: &[&str],
    series: bool,
) -> Vec<&'a str> {
    let events: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with(' ') && !l.trim_start().starts_with("ack"))
        .collect();
    assert!(!events.is_empty(), "no events printed:\n{stdout}");
    for e in &events {
        let cited = e
            .trim_start()
            .split_once("  [")
            .and_then(|(n, rest)| n.parse::<usize>().ok().and(rest.split_once("] ")))
            .is_some_and(|(case, _)| is_case(case, series));
        assert!(cited, "an event without its case: '{e}'\n{stdout}");
    }
    for want in expected {
        assert!(
            events.iter().any(|e| e.contains(want)),
            "no event '{want}' in:\n{stdout}"
        );
    }
    events
}

/// Plays `script` (its first line `scenario NAME`) with saves in `scratch`, then checks that
/// every input was acknowledged, that `replay` lists the first `listed` inputs numbered under
/// the scenario line, and that `resume` brings every input back. Returns `resume`'s output.
pub fn assert_plays_saves_replays_and_resumes(
    game: &str,
    scratch: &Scratch,
    script: &str,
    listed: usize,
) -> String {
    let file = scratch.0.join("game.txt");
    std::fs::write(&file, script).expect("script");
    let saves = scratch.0.join("saves");
    let out = headless(
        game,
        &[
            "--save-dir".as_ref(),
            saves.as_os_str(),
            "play".as_ref(),
            "--script".as_ref(),
            file.as_os_str(),
        ],
    );
    assert!(out.status.success(), "{}", output_text(&out));
    let mut lines = script.lines();
    let scenario = lines.next().expect("a scenario line");
    let inputs: Vec<&str> = lines.collect();
    // Every input acknowledged once durable.
    let played = String::from_utf8_lossy(&out.stdout);
    assert!(
        played.contains(&format!("ack {}", inputs.len())),
        "{played}"
    );

    let replayed = headless(game, &["replay".as_ref(), saves.as_os_str()]);
    assert!(replayed.status.success(), "{}", output_text(&replayed));
    let replayed = String::from_utf8_lossy(&replayed.stdout);
    assert!(replayed.starts_with(scenario), "{replayed}");
    for (i, input) in inputs.iter().enumerate().take(listed) {
        let numbered = format!("{:>5}  {input}", i + 1);
        assert!(
            replayed.lines().any(|l| l == numbered),
            "no line '{numbered}' in the replay:\n{replayed}"
        );
    }

    let resumed = headless(
        game,
        &["--save-dir".as_ref(), saves.as_os_str(), "resume".as_ref()],
    );
    assert!(resumed.status.success(), "{}", output_text(&resumed));
    let resumed = String::from_utf8_lossy(&resumed.stdout).into_owned();
    assert!(
        resumed.contains(&format!("resumed {} inputs", inputs.len())),
        "{resumed}"
    );
    resumed
}
