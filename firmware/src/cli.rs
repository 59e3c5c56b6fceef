//! Headless subcommands: `replay`, `play --script`, `check-data`. They print what happened with
//! the rule case of every event, for rules disputes, bug reports and tests.

use crate::persist::DiskPersist;
use crate::saves::{self, SaveDir};
use engine::berlin85::notation;
use engine::berlin85::{Game, GameData, Options};
use engine::core::protocol::Pending;
use std::fmt::Write as _;
use std::path::Path;
use ui::session::{decode_input, Header};

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

/// `berlin-table replay FILE`: FILE is a save directory or its journal file.
pub fn replay(data: &'static GameData, file: &Path) -> Result<(), String> {
    let dir = if file.is_dir() {
        file.to_path_buf()
    } else {
        file.parent().unwrap_or(Path::new(".")).to_path_buf()
    };
    let loaded = saves::load(&dir).map_err(|e| format!("{}: {e}", file.display()))?;
    for w in &loaded.warnings {
        println!("warning: {w}");
    }
    let header: Header = postcard::from_bytes(&loaded.header)
        .map_err(|e| format!("{}: the game header cannot be read: {e}", dir.display()))?;
    let mut g = Game::new(data, &header.scenario, header.options)
        .map_err(|e| format!("scenario '{}': {e:?}", header.scenario))?;
    println!("scenario {} (seed {})", header.scenario, header.seed);
    for (i, r) in loaded.records.iter().enumerate() {
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
/// With `--save-dir DIR` on the command line each accepted input is also saved there and
/// acknowledged on stdout (`ack N`) once it is durable — the power-cut test relies on that.
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
    let mut g =
        Game::new(data, &scenario, options).map_err(|e| format!("scenario '{scenario}': {e:?}"))?;
    let mut persist = match save_to {
        Some(dir) => {
            let sd = SaveDir::open(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            let mut p = DiskPersist::new(sd);
            ui::Persist::begin(&mut p, &Header::new(&scenario, options, 0))
                .map_err(|e| e.to_string())?;
            Some(p)
        }
        None => None,
    };
    let mut accepted = 0usize;
    for (line_no, line) in body {
        let parsed = notation::parse_input(data, line);
        let input = match parsed {
            Ok(Some(i)) => i,
            Ok(None) => continue,
            Err(e) => return Err(format!("{}:{line_no}: {e}", script.display())),
        };
        match g.apply(&input) {
            Ok(events) => {
                accepted += 1;
                if let Some(p) = persist.as_mut() {
                    let bytes = ui::session::encode_input(&input)?;
                    ui::Persist::append(p, &bytes).map_err(|e| e.to_string())?;
                    println!("ack {accepted}");
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
    println!("{}", describe_state(&g));
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
