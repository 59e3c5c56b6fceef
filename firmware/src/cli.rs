//! Headless subcommands: `replay`, `play --script`, `resume`, `check-data`. They print what
//! happened with the rule case of every event, for rules disputes, bug reports and tests.
//!
//! Written once for every game ([`TableGame`]): the game's notation reads and writes the
//! inputs, its sequence of play and side names describe where it stands.

use crate::persist::DiskPersist;
use crate::saves::{self, SaveDir};
use engine::core::options::OptionInfo;
use engine::core::protocol::Pending;
use session::{
    decode_input, replay as replay_journal, Header, Mode, NullPersist, Persist, Session, TableGame,
};
use std::io::Write as _;
use std::path::Path;

/// A one-line summary of where a game stands.
pub fn describe_state<G: TableGame>(g: &G) -> String {
    format!(
        "{}; waiting for: {}",
        g.summary(),
        describe_pending::<G>(&g.pending())
    )
}

/// What the game waits for, in a line.
pub fn describe_pending<G: TableGame>(p: &Pending<G::Choice>) -> String {
    match p {
        Pending::Command { player } => format!("{} to act", G::side_name(*player)),
        Pending::Roll {
            player,
            dice,
            purpose,
            case,
            ..
        } => format!(
            "{} to roll {dice} for {purpose} [{case}]",
            G::side_name(*player)
        ),
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
            G::side_name(*player),
            options.len()
        ),
        Pending::GameOver => "nothing: the game is over".into(),
    }
}

/// One input in the game's notation.
fn notation_of<G: TableGame>(
    data: &G::Data,
    input: &engine::core::protocol::Input<G::Command>,
) -> String {
    let mut line = String::new();
    match G::write_input(data, input, &mut line) {
        Ok(()) => line,
        Err(_) => format!("{input:?}"),
    }
}

/// `berlin-table replay FILE`: FILE is a journal under any name (`journal.bin`, a bug report's
/// `game-2026-11-20.bin`), or a save directory, whose game is loaded as the table loads it.
pub fn replay<G: TableGame>(data: &'static G::Data, file: &Path) -> Result<(), String> {
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
    // The header names the game: a save of another game is refused by name.
    if header.game != G::GAME.slug() {
        let named = engine::core::game_id::GameId::from_slug(&header.game)
            .map(|g| format!("{} ({})", g.title(), g.rules_status().label()))
            .unwrap_or_else(|| format!("'{}', a game this table does not know", header.game));
        return Err(format!(
            "{}: a game of {named}, not of {} (try --game {})",
            file.display(),
            G::GAME.title(),
            header.game
        ));
    }
    // The journal up to its first unreadable record, replayed checked (it may come from
    // anywhere): the game stops at the first refusal.
    let unreadable = records
        .iter()
        .position(|r| decode_input::<G::Command>(r).is_none());
    let inputs: Vec<_> = records
        .iter()
        .map_while(|r| decode_input::<G::Command>(r))
        .collect();
    let (g, run) = replay_journal::<G>(data, &header, &inputs, None, Mode::Checked)
        .map_err(|e| format!("scenario '{}': {e}", header.scenario))?;
    println!("scenario {} (seed {})", header.scenario, header.seed);
    // Every input replayed and the refused one, if any, with their events.
    let shown = run.good + usize::from(run.refusal.is_some());
    for (i, input) in inputs.iter().enumerate().take(shown) {
        println!("{:>5}  {}", i + 1, notation_of::<G>(data, input));
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

/// The option a script's `option NAME[=VALUE]` line means: its key, or the last word of its
/// key when that names one option only (`option gas` for Berlin '85's `poison-gas` [8.8]).
fn script_option<'a>(options: &'static [OptionInfo], name: &'a str) -> &'a str {
    if options.iter().any(|o| o.key == name) {
        return name;
    }
    let mut by_last_word = options
        .iter()
        .filter(|o| o.key.rsplit('-').next() == Some(name));
    match (by_last_word.next(), by_last_word.next()) {
        (Some(o), None) => o.key,
        _ => name,
    }
}

/// One line of a script that does something: an input in the game's notation, or the
/// `auto-place` directive (the table's Auto-place button: every unit of the current set-up
/// step on a legal hex, drawn from the game's seed).
enum ScriptLine<I> {
    Input(I),
    AutoPlace,
}

/// `berlin-table play --script FILE`: applies a text-notation script. Lines before the moves
/// may say `scenario ID` (default: the game's first scenario) and `option NAME[=VALUE]` (a
/// flag without a value is turned on); a line `auto-place` places what the set-up step waits
/// for as the table's Auto-place button does.
///
/// The script is played through the table's own [`Session`], checked input by input. With
/// `--save-dir DIR` on the command line it is played on the table's own save files, so it
/// journals, fsyncs and snapshots exactly as the table does, and every accepted input is
/// acknowledged on stdout as `ack N` only once it is durable. The power-cut test
/// (`tests/power_cut.rs`) relies on that.
pub fn play<G: TableGame>(
    data: &'static G::Data,
    script: &Path,
    save_to: Option<&Path>,
    seats: session::Seats,
) -> Result<(), String> {
    let text = std::fs::read_to_string(script).map_err(|e| format!("{}: {e}", script.display()))?;
    let mut scenario = G::scenario(data, 0)
        .map(|s| s.id.to_string())
        .unwrap_or_default();
    let mut option_pairs: Vec<(String, String)> = Vec::new();
    let mut body = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let t = line.split('#').next().unwrap_or("").trim();
        if let Some(s) = t.strip_prefix("scenario ") {
            scenario = s.trim().to_string();
        } else if let Some(o) = t.strip_prefix("option ") {
            let (name, value) = o.split_once('=').unwrap_or((o, ""));
            let key = script_option(G::OPTIONS, name.trim());
            option_pairs.push((key.to_string(), value.trim().to_string()));
        } else {
            body.push((n + 1, line));
        }
    }
    let options = G::options_from_pairs(option_pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        .map_err(|e| format!("{}: {e}", script.display()))?;
    // The script's lines up to its first line that is not notation (parsing needs no game).
    let mut lines = Vec::new();
    let mut bad_line = None;
    for (line_no, line) in body {
        if line.split('#').next().unwrap_or("").trim() == "auto-place" {
            lines.push((line_no, ScriptLine::AutoPlace));
            continue;
        }
        match G::read_input(data, line) {
            Ok(Some(i)) => lines.push((line_no, ScriptLine::Input(i))),
            Ok(None) => {}
            Err(e) => {
                bad_line = Some(format!("{}:{line_no}: {e}", script.display()));
                break;
            }
        }
    }
    let mut header = Header::for_game::<G>(&scenario, &options, 0);
    // `--seats`: how the players of a saved game sit when the table resumes it.
    header.seat_two_sided::<G>(seats);
    let refused = |line_no: usize, v: &dyn std::fmt::Display| {
        println!("{line_no:>5}  refused: {v}");
        Err(format!(
            "{}:{line_no}: refused by the rules: {v}",
            script.display()
        ))
    };
    // Without a save directory the session keeps nothing: the script is only checked.
    let persist: Box<dyn Persist> = match save_to {
        Some(dir) => Box::new(DiskPersist::new(
            SaveDir::open(dir).map_err(|e| format!("{}: {e}", dir.display()))?,
        )),
        None => Box::new(NullPersist),
    };
    let mut session = Session::<G>::new(data, header, persist)
        .map_err(|e| format!("scenario '{scenario}': {e}"))?;
    if let (Some(dir), Some(e)) = (save_to, session.save_error()) {
        return Err(format!("{}: the game cannot be saved: {e}", dir.display()));
    }
    let stdout = std::io::stdout();
    for (line_no, line) in lines {
        let events = match line {
            ScriptLine::Input(input) => session.apply(input),
            ScriptLine::AutoPlace => {
                let mut log = Vec::new();
                session.auto_place_logged(&mut log).map(|_| log)
            }
        };
        let events = match events {
            Ok(events) => events,
            Err(v) => return refused(line_no, &v),
        };
        // `Session::apply` has fsync'd the record when it returns; a save error means it is
        // not durable, so no acknowledgement.
        if save_to.is_some() {
            let accepted = session.inputs().len();
            if let Some(e) = session.save_error() {
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
    if let Some(e) = bad_line {
        return Err(e);
    }
    println!("{}", describe_state(session.game()));
    Ok(())
}

/// `berlin-table units`: every unit of the game's data with the index a script writes it by
/// (`move 12 to 3510`, `place 40 5117 c`), its side, name and printed values.
pub fn units<G: TableGame>(data: &'static G::Data) {
    for (index, line) in G::roster(data).iter().enumerate() {
        println!("{index:>4}  {line}");
    }
}

/// `berlin-table resume [STATE_FILE]`: loads the game in the save directory exactly as the
/// table's Resume button does (journal, snapshot, recovery of a damaged tail), prints what was
/// recovered and where the game stands, and writes the postcard bytes of the resumed state to
/// STATE_FILE if one is named (the power-cut test compares them byte for byte).
pub fn resume<G: TableGame>(
    data: &'static G::Data,
    save_dir: &Path,
    state_out: Option<&Path>,
) -> Result<(), String> {
    let dir = SaveDir::open(save_dir).map_err(|e| format!("{}: {e}", save_dir.display()))?;
    let loaded = dir.load().map_err(|e| format!("nothing to resume: {e}"))?;
    for w in &loaded.warnings {
        println!("warning: {w}");
    }
    let Some(saved) = crate::persist::saved_game::<G, _>(&dir) else {
        return Err(format!(
            "{}: the saved game cannot be resumed (see the log)",
            save_dir.display()
        ));
    };
    let (session, report) = Session::<G>::resume(
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
        let bytes = postcard::to_allocvec(session.game().state())
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

#[cfg(test)]
mod tests {
    use super::*;
    use session::ruleset::{Berlin85, Options};

    #[test]
    fn a_script_names_an_option_by_its_key_or_the_last_word_of_its_key() {
        let options = <Berlin85 as engine::core::contract::Ruleset>::OPTIONS;
        assert_eq!(script_option(options, "poison-gas"), "poison-gas");
        // The shorthand older scripts use for [8.8] poison gas.
        assert_eq!(script_option(options, "gas"), "poison-gas");
        assert_eq!(script_option(options, "combat"), "sequential-combat");
        // Anything else is passed on, so the option list refuses it by name.
        assert_eq!(script_option(options, "nukes"), "nukes");
    }

    #[test]
    fn play_reads_scenario_and_options_and_refuses_an_unknown_option_by_name() {
        let data = session::builtin_data().expect("built-in data");
        let dir = std::env::temp_dir().join(format!("bt-cli-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let script = dir.join("options.txt");
        std::fs::write(&script, "scenario werewolf\noption nukes\n").expect("script");
        let err = play::<Berlin85>(data, &script, None, session::Seats::Opposite)
            .expect_err("no such option");
        assert!(err.contains("nukes"), "{err}");
        // A save made from a script records the options it asked for.
        std::fs::write(&script, "scenario werewolf\noption gas\n").expect("script");
        let saves = dir.join("saves");
        play::<Berlin85>(data, &script, Some(&saves), session::Seats::Opposite).expect("plays");
        let saved = crate::persist::saved_game::<Berlin85, _>(&SaveDir::open(&saves).expect("dir"))
            .expect("a saved game");
        assert_eq!(saved.header.scenario, "werewolf");
        let options: Options = saved.header.game_options::<Berlin85>().expect("options");
        assert!(options.poison_gas);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
