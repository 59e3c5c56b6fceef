//! Headless subcommands: `replay`, `play --script`, `check-data`. They print what happened with
//! the rule case of every event, for rules disputes, bug reports and tests.

use crate::persist::DiskPersist;
use crate::saves::{self, SaveDir};
use engine::berlin85::notation;
use engine::berlin85::{Game, GameData, Input85, Options};
use engine::core::protocol::Pending;
use session::{decode_input, replay as replay_journal, Header, Mode, Session};
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::Path;

/// A one-line summary of where a game stands.
pub fn describe_state(g: &Game<'_>) -> String {
    let mut s = String::new();
    let _ = write!(
        s,
        "turn {} {:?}, {} phasing; surrender points {}; waiting for: {}",
        g.state.turn,
        g.state.phase,
        engine::berlin85::state::side_name(g.state.phasing),
        g.surrender_points(),
        describe_pending(&g.pending())
    );
    s
}

pub fn describe_pending(p: &engine::berlin85::Pending85) -> String {
    match p {
        Pending::Command { player } => {
            format!("{} to act", engine::berlin85::state::side_name(*player))
        }
        Pending::Roll {
            player,
            dice,
            purpose,
            case,
            ..
        } => {
            format!(
                "{} to roll {dice} for {purpose} [{case}]",
                engine::berlin85::state::side_name(*player)
            )
        }
        Pending::DrawChit {
            cup, case, chits, ..
        } => format!("a chit from {cup} ({} left) [{case}]", chits.len()),
        Pending::Choose {
            player,
            purpose,
            case,
            options,
        } => format!(
            "{} to choose: {purpose} [{case}] ({} options)",
            engine::berlin85::state::side_name(*player),
            options.len()
        ),
        Pending::GameOver => "nothing: the game is over".into(),
    }
}

/// `berlin-table replay FILE`: FILE is a journal under any name (`journal.bin`, a bug report's
/// `game-2026-11-20.bin`), or a save directory, whose game is loaded as the table loads it.
pub fn replay(data: &'static GameData, file: &Path) -> Result<(), String> {
    let (header, records, warnings) = if file.is_dir() {
        let loaded = saves::load(file).map_err(|e| e.to_string())?;
        (loaded.header, loaded.records, loaded.warnings)
    } else {
        // The journal alone: the events are replayed from the start, no snapshot is needed.
        let journal = saves::read_journal(file).map_err(|e| e.to_string())?;
        (journal.header, journal.records, journal.warnings)
    };
    for w in &warnings {
        println!("warning: {w}");
    }
    let header: Header = Header::decode(&header)
        .map_err(|e| format!("{}: the game header cannot be read: {e}", file.display()))?;
    // The header names the game: a save of a game this table cannot play is refused by name.
    if header.game != session::ruleset::GAME_ID {
        let named = engine::core::game_id::GameId::from_slug(&header.game)
            .map(|g| format!("{} ({})", g.title(), g.rules_status().label()))
            .unwrap_or_else(|| format!("'{}', a game this table does not know", header.game));
        return Err(format!("{}: a game of {named}", file.display()));
    }
    // The journal up to its first unreadable record, replayed checked (it may come from
    // anywhere): the game stops at the first refusal.
    let unreadable = records.iter().position(|r| decode_input(r).is_none());
    let inputs: Vec<Input85> = records.iter().map_while(|r| decode_input(r)).collect();
    let (g, run) = replay_journal(data, &header, &inputs, None, Mode::Checked)
        .map_err(|e| format!("scenario '{}': {e}", header.scenario))?;
    println!("scenario {} (seed {})", header.scenario, header.seed);
    // Every input replayed and the refused one, if any, with their events.
    let shown = run.good + usize::from(run.refusal.is_some());
    for (i, input) in inputs.iter().enumerate().take(shown) {
        println!("{:>5}  {}", i + 1, notation::format_input(data, input));
        match &run.refusal {
            Some(v) if i == run.good => println!("         refused: {v}"),
            _ => run.events_of(i).for_each(|e| println!("         {e}")),
        }
    }
    if let (Some(i), None) = (unreadable, &run.refusal) {
        println!("input {}: unreadable; the game stops here", i + 1);
    }
    println!("{}", describe_state(&g));
    Ok(())
}

/// `berlin-table play --script FILE`: applies a text-notation script. A first line
/// `scenario NAME` picks the scenario (default unity); `option gas` turns on poison gas [8.8].
///
/// With `--save-dir DIR` on the command line the script is played through the table's own
/// [`Session`] on the table's own save files, so it journals, fsyncs and snapshots exactly as
/// the table does, and every accepted input is acknowledged on stdout as `ack N` only once
/// it is durable. The power-cut test (`tests/power_cut.rs`) relies on that.
pub fn play(data: &'static GameData, script: &Path, save_to: Option<&Path>) -> Result<(), String> {
    let text = std::fs::read_to_string(script).map_err(|e| format!("{}: {e}", script.display()))?;
    let mut scenario = "unity".to_string();
    let mut options = Options::default();
    let mut body = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let t = line.split('#').next().unwrap_or("").trim();
        if let Some(s) = t.strip_prefix("scenario ") {
            scenario = s.trim().to_string();
        } else if t == "option gas" {
            options.poison_gas = true;
        } else {
            body.push((n + 1, line));
        }
    }
    // The script's inputs up to its first line that is not notation (parsing needs no game).
    let mut inputs = Vec::new();
    let mut line_nos = Vec::new();
    let mut bad_line = None;
    for (line_no, line) in body {
        match notation::parse_input(data, line) {
            Ok(Some(i)) => {
                inputs.push(i);
                line_nos.push(line_no);
            }
            Ok(None) => {}
            Err(e) => {
                bad_line = Some(format!("{}:{line_no}: {e}", script.display()));
                break;
            }
        }
    }
    let header = Header::new(&scenario, options, 0);
    let refused = |line_no: usize, v: &dyn std::fmt::Display| {
        println!("{line_no:>5}  refused: {v}");
        Err(format!(
            "{}:{line_no}: refused by the rules: {v}",
            script.display()
        ))
    };
    let Some(dir) = save_to else {
        // Without saves the script is a journal like any other: replayed, checked.
        let (g, run) = replay_journal(data, &header, &inputs, None, Mode::Checked)
            .map_err(|e| format!("scenario '{scenario}': {e}"))?;
        for (i, line_no) in line_nos.iter().enumerate().take(run.good) {
            run.events_of(i).for_each(|e| println!("{line_no:>5}  {e}"));
        }
        if let Some(v) = &run.refusal {
            return refused(line_nos[run.good], v);
        }
        if let Some(e) = bad_line {
            return Err(e);
        }
        println!("{}", describe_state(&g));
        return Ok(());
    };
    let sd = SaveDir::open(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut session = Session::new(data, header, Box::new(DiskPersist::new(sd)))
        .map_err(|e| format!("scenario '{scenario}': {e}"))?;
    if let Some(e) = session.save_error() {
        return Err(format!("{}: the game cannot be saved: {e}", dir.display()));
    }
    let stdout = std::io::stdout();
    for (n, (input, line_no)) in inputs.into_iter().zip(line_nos).enumerate() {
        let events = match session.apply(input) {
            Ok(events) => events,
            Err(v) => return refused(line_no, &v),
        };
        let accepted = n + 1;
        // `Session::apply` has fsync'd the record when it returns; a save error means it is
        // not durable, so no acknowledgement.
        if let Some(e) = session.save_error() {
            return Err(format!("input {accepted} was not saved: {e}"));
        }
        let mut out = stdout.lock();
        let _ = writeln!(out, "ack {accepted}");
        let _ = out.flush();
        drop(out);
        for e in &events {
            println!("{line_no:>5}  {e}");
        }
    }
    if let Some(e) = bad_line {
        return Err(e);
    }
    println!("{}", describe_state(session.game()));
    Ok(())
}

/// `berlin-table resume [STATE_FILE]`: loads the game in the save directory exactly as the
/// table's Resume button does (journal, snapshot, recovery of a damaged tail), prints what was
/// recovered and where the game stands, and writes the postcard bytes of the resumed state to
/// STATE_FILE if one is named (the power-cut test compares them byte for byte).
pub fn resume(
    data: &'static GameData,
    save_dir: &Path,
    state_out: Option<&Path>,
) -> Result<(), String> {
    let dir = SaveDir::open(save_dir).map_err(|e| format!("{}: {e}", save_dir.display()))?;
    let loaded = dir.load().map_err(|e| format!("nothing to resume: {e}"))?;
    for w in &loaded.warnings {
        println!("warning: {w}");
    }
    let Some(saved) = crate::persist::saved_game(&dir) else {
        return Err(format!(
            "{}: the saved game cannot be resumed (see the log)",
            save_dir.display()
        ));
    };
    let (session, report) = Session::resume(
        data,
        saved.header,
        saved.inputs,
        saved.snapshot,
        Box::new(DiskPersist::new(dir)),
    )
    .map_err(|e| format!("{}: {e}", save_dir.display()))?;
    println!(
        "resumed {} inputs ({} from the snapshot, {} replayed, {} dropped)",
        session.inputs().len(),
        report.from_snapshot.unwrap_or(0),
        report.replayed,
        report.dropped
    );
    if let Some(v) = &report.first_refusal {
        println!("the first dropped input was refused: {v}");
    }
    println!("{}", describe_state(session.game()));
    if let Some(path) = state_out {
        let bytes = postcard::to_allocvec(&session.game().state)
            .map_err(|e| format!("the state cannot be encoded: {e}"))?;
        std::fs::write(path, bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}

/// `berlin-table check-data DIR`: validates a club's override directory.
pub fn check_data(dir: &Path) -> Result<(), String> {
    let errors = data::check_dir(dir);
    if errors.is_empty() {
        println!("{}: all files are valid", dir.display());
        Ok(())
    } else {
        for e in &errors {
            println!("{e}");
        }
        Err(format!("{} problem(s) in {}", errors.len(), dir.display()))
    }
}
