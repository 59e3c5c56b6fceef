//! Headless subcommands: `replay`, `play --script`, `check-data`. They print what happened with
//! the rule case of every event, for rules disputes, bug reports and tests.

use crate::persist::DiskPersist;
use crate::saves::{self, SaveDir};
use engine::berlin85::notation;
use engine::berlin85::{Game, GameData, Options};
use engine::core::protocol::Pending;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::Path;
use ui::session::{decode_input, Header, Session};

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
    let header: Header = postcard::from_bytes(&header)
        .map_err(|e| format!("{}: the game header cannot be read: {e}", file.display()))?;
    let mut g = Game::new(data, &header.scenario, header.options)
        .map_err(|e| format!("scenario '{}': {e:?}", header.scenario))?;
    println!("scenario {} (seed {})", header.scenario, header.seed);
    for (i, r) in records.iter().enumerate() {
        let Some(input) = decode_input(r) else {
            println!("input {}: unreadable; the game stops here", i + 1);
            break;
        };
        println!("{:>5}  {}", i + 1, notation::format_input(data, &input));
        match g.apply(&input) {
            Ok(events) => {
                for e in &events {
                    println!("         {e}");
                }
            }
            Err(v) => {
                println!("         refused: {v}");
                break;
            }
        }
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
    let mut table = match save_to {
        Some(dir) => {
            let sd = SaveDir::open(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            let session = Session::new(
                data,
                Header::new(&scenario, options, 0),
                Box::new(DiskPersist::new(sd)),
            )
            .map_err(|e| format!("scenario '{scenario}': {e}"))?;
            if let Some(e) = session.save_error() {
                return Err(format!("{}: the game cannot be saved: {e}", dir.display()));
            }
            Played::Saved(Box::new(session))
        }
        None => Played::Unsaved(Box::new(
            Game::new(data, &scenario, options)
                .map_err(|e| format!("scenario '{scenario}': {e:?}"))?,
        )),
    };
    let mut accepted = 0usize;
    let stdout = std::io::stdout();
    for (line_no, line) in body {
        let parsed = notation::parse_input(data, line);
        let input = match parsed {
            Ok(Some(i)) => i,
            Ok(None) => continue,
            Err(e) => return Err(format!("{}:{line_no}: {e}", script.display())),
        };
        let applied = match &mut table {
            Played::Unsaved(g) => g.apply(&input).map(|ev| ev.into_iter().collect::<Vec<_>>()),
            Played::Saved(s) => s.apply(input),
        };
        match applied {
            Ok(events) => {
                accepted += 1;
                if let Played::Saved(s) = &table {
                    // `Session::apply` has fsync'd the record when it returns; a save error
                    // means it is not durable, so no acknowledgement.
                    if let Some(e) = s.save_error() {
                        return Err(format!("input {accepted} was not saved: {e}"));
                    }
                    let mut out = stdout.lock();
                    let _ = writeln!(out, "ack {accepted}");
                    let _ = out.flush();
                }
                for e in &events {
                    println!("{line_no:>5}  {e}");
                }
            }
            Err(v) => {
                println!("{line_no:>5}  refused: {v}");
                return Err(format!(
                    "{}:{line_no}: refused by the rules: {v}",
                    script.display()
                ));
            }
        }
    }
    let g = match &table {
        Played::Unsaved(g) => g,
        Played::Saved(s) => s.game(),
    };
    println!("{}", describe_state(g));
    Ok(())
}

/// A scripted game, played bare or through the table's saving session.
enum Played {
    Unsaved(Box<Game<'static>>),
    Saved(Box<Session>),
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
