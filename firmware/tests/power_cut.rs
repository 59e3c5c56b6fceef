//! Power cuts, end to end: the real `berlin-table` program plays a scripted game on real save
//! files and is SIGKILLed at random moments; a restart (`berlin-table resume`, the table's own
//! Resume path) must bring back exactly the game the player was told was saved.
//!
//! The acceptance rule. `play --script FILE --save-dir DIR` prints `ack N` only after input N
//! has been appended to the journal and fsync'd (and after the snapshot the table writes every
//! 64 inputs). If `A` is the last `ack` printed before the kill, the restart recovers `R`
//! inputs with
//!
//! ```text
//!     A <= R <= A + 1
//! ```
//!
//! `R < A` would lose an input the table had acknowledged. `R = A + 1` happens when the kill
//! lands after input A+1 was written but before its `ack` was printed — typically while its
//! fsync was running (a killed process's writes stay in the kernel, so the record survives; a
//! real power cut might lose it, which is allowed because it was never acknowledged). Nothing
//! later can be on disk, because input A+2 is not written before `ack A+1`. The resumed state must equal,
//! byte for byte (postcard of `State`), the state reached by applying the first `R` inputs of
//! the script to a fresh game in this process.
//!
//! The script is generated with the workspace's random legal agent (`tests::RandomAgent`) and
//! written in the engine's text notation, so it stays valid as the engine grows: today it is
//! set-up placements, ends of phases, Honors of War and reinforcement rolls.
//!
//! `BERLIN_TABLE_POWER_CUTS` sets the number of kills (default 200, what CI runs);
//! `BERLIN_TABLE_POWER_CUT_SEED` the seed of the kill delays (default 85);
//! `BERLIN_TABLE_KEEP_SCRIPT=FILE` keeps a copy of the generated script.
//!
//! SIGKILL ends the process at an arbitrary instruction but the kernel keeps what was
//! written; a torn or lost write is what the truncated, bit-flipped and empty journal tests
//! below (and the byte-level tests in `src/saves/tests.rs`, and every fault and crash state of a simulated card in `src/saves/fault_tests.rs`) cover.

mod common;
use common::Scratch;
use engine::berlin85::{notation, Game, GameData, Input85};
use engine::core::protocol::Pending;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Inputs in the scripted game: all of Operation Unity's set-up and the first game turns.
const SCRIPT_INPUTS: usize = 400;
const SCENARIO: &str = "unity";

fn berlin_table() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_berlin-table"));
    // No config file from the machine running the tests, and no log noise.
    c.env("XDG_CONFIG_HOME", "/nonexistent")
        .env("HOME", "/nonexistent")
        .env_remove("BERLIN_TABLE_LOG")
        .args(["--log-level", "off"]);
    c
}

fn env_number(key: &str, default: u64) -> u64 {
    std::env::var(key)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The scripted game: its inputs, its text, and the state (postcard) after each prefix.
struct Scripted {
    text: String,
    /// `states[k]` = the state after the first `k` inputs.
    states: Vec<Vec<u8>>,
}

fn state_bytes(g: &Game<'_>) -> Vec<u8> {
    postcard::to_allocvec(&g.state).expect("state encodes")
}

fn scripted_game(data: &'static GameData, inputs_wanted: usize) -> Scripted {
    let mut g = Game::new(data, SCENARIO, Default::default()).expect("scenario");
    let mut agent = tests::RandomAgent::new(1985);
    let mut inputs: Vec<Input85> = Vec::new();
    let mut states = vec![state_bytes(&g)];
    while inputs.len() < inputs_wanted && !matches!(g.pending(), Pending::GameOver) {
        let accepted = agent
            .candidates(&g)
            .into_iter()
            .find(|i| g.apply(i).is_ok())
            .unwrap_or_else(|| panic!("the agent is stuck at {:?}", g.pending()));
        inputs.push(accepted);
        states.push(state_bytes(&g));
    }
    let mut text = format!("scenario {SCENARIO}\n");
    for input in &inputs {
        let line = notation::format_input(data, input);
        // The child parses this line back: it must mean the same input.
        assert_eq!(
            notation::parse_input(data, &line).expect("notation parses"),
            Some(input.clone()),
            "notation does not round-trip: {line}"
        );
        text.push_str(&line);
        text.push('\n');
    }
    Scripted { text, states }
}

/// What a restart found: the inputs it recovered and the resumed state.
struct Restart {
    inputs: usize,
    state: Vec<u8>,
    stdout: String,
}

/// `berlin-table --save-dir DIR resume STATE_FILE`; `Err(message)` when it refuses.
fn restart(dir: &Path) -> Result<Restart, String> {
    let state_file = dir.with_extension("state");
    let out = berlin_table()
        .arg("--save-dir")
        .arg(dir)
        .arg("resume")
        .arg(&state_file)
        .output()
        .expect("run berlin-table resume");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    if !out.status.success() {
        return Err(format!("{stdout}{}", String::from_utf8_lossy(&out.stderr)));
    }
    let inputs = stdout
        .lines()
        .find_map(|l| l.strip_prefix("resumed ")?.split(' ').next()?.parse().ok())
        .unwrap_or_else(|| panic!("no 'resumed N inputs' line in:\n{stdout}"));
    let state = std::fs::read(&state_file).expect("state file written");
    let _ = std::fs::remove_file(&state_file);
    Ok(Restart {
        inputs,
        state,
        stdout,
    })
}

/// Starts `play --script` on `dir`; the returned counter follows the `ack N` lines.
fn start_play(
    script: &Path,
    dir: &Path,
) -> (
    std::process::Child,
    std::thread::JoinHandle<()>,
    Arc<AtomicUsize>,
) {
    let mut child = berlin_table()
        .arg("--save-dir")
        .arg(dir)
        .arg("play")
        .arg("--script")
        .arg(script)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start berlin-table play");
    let acked = Arc::new(AtomicUsize::new(0));
    let stdout = child.stdout.take().expect("stdout");
    let counter = Arc::clone(&acked);
    let reader = std::thread::spawn(move || {
        // Reads to EOF: after the kill, the pipe still holds every line written before it.
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if let Some(n) = line.strip_prefix("ack ").and_then(|n| n.parse().ok()) {
                counter.store(n, Ordering::SeqCst);
            }
        }
    });
    (child, reader, acked)
}

#[test]
fn power_cut_at_200_random_moments_never_loses_an_acknowledged_input() {
    let data = tests::berlin85();
    let game = scripted_game(data, SCRIPT_INPUTS);
    let total = game.states.len() - 1;
    let scratch = Scratch::new("power-cut");
    let script = scratch.0.join("game.txt");
    std::fs::write(&script, &game.text).expect("write script");
    if let Some(copy) = std::env::var_os("BERLIN_TABLE_KEEP_SCRIPT") {
        // A real game's notation, e.g. as a fuzzing seed (firmware/fuzz/seeds/notation/).
        std::fs::write(copy, &game.text).expect("keep the script");
    }

    // Calibrate: one uninterrupted run gives the start-up time (to the first ack) and the
    // time per input, so the kills can be spread over the whole game on any machine.
    let dir = scratch.0.join("calibrate");
    let started = Instant::now();
    let (mut child, reader, acked) = start_play(&script, &dir);
    let mut first_ack = None;
    while first_ack.is_none() && child.try_wait().expect("try_wait").is_none() {
        if acked.load(Ordering::SeqCst) > 0 {
            first_ack = Some(started.elapsed());
        }
        std::thread::sleep(Duration::from_micros(200));
    }
    let status = child.wait().expect("wait");
    reader.join().expect("reader");
    let span = started.elapsed();
    assert!(status.success(), "the script did not play through");
    assert_eq!(acked.load(Ordering::SeqCst), total);
    let r = restart(&dir).expect("resume after a clean run");
    assert_eq!(r.inputs, total);
    assert!(
        r.state == game.states[total],
        "a clean run resumes differently"
    );
    let startup_us = first_ack.unwrap_or(span).as_micros() as u64;
    let per_input_us = (span.as_micros() as u64).saturating_sub(startup_us) / total as u64 + 1;

    let kills = env_number("BERLIN_TABLE_POWER_CUTS", 200) as usize;
    let mut rng = StdRng::seed_from_u64(env_number("BERLIN_TABLE_POWER_CUT_SEED", 85));
    let (mut one_more, mut finished, mut nothing_saved, mut torn) = (0, 0, 0, 0);
    let mut recovered_counts = Vec::with_capacity(kills);
    for k in 0..kills {
        let dir = scratch.0.join(format!("run{k}"));
        // The moment of the cut: during start-up, or at a random point inside the time of a
        // random input of the game (waiting for the ack before it, then a random fraction of
        // an input's time), so every part of the game and of an input's saving is hit.
        let after_ack = if rng.gen_ratio(1, 20) {
            0
        } else {
            rng.gen_range(1..=total)
        };
        let delay = Duration::from_micros(if after_ack == 0 {
            rng.gen_range(0..=startup_us + per_input_us)
        } else {
            rng.gen_range(0..=per_input_us)
        });
        let (mut child, reader, acked) = start_play(&script, &dir);
        while acked.load(Ordering::SeqCst) < after_ack
            && child.try_wait().expect("try_wait").is_none()
        {
            std::thread::sleep(Duration::from_micros(100));
        }
        std::thread::sleep(delay);
        // `Child::kill` is SIGKILL on Unix: no destructor, no flush, no chance to tidy up.
        let _ = child.kill();
        let status = child.wait().expect("wait");
        reader.join().expect("reader");
        let acked = acked.load(Ordering::SeqCst);
        if status.success() {
            finished += 1;
        }
        let context =
            || format!("kill {k}, {delay:?} after ack {after_ack}: {acked} inputs acknowledged");
        let r = match restart(&dir) {
            Ok(r) => r,
            Err(message) => {
                // Only possible before the game's header was durable, so before any ack.
                assert_eq!(acked, 0, "{}: the restart failed: {message}", context());
                assert!(
                    message.contains("no saved game") || message.contains("cannot be resumed"),
                    "{}: unclear message: {message}",
                    context()
                );
                nothing_saved += 1;
                recovered_counts.push(0);
                continue;
            }
        };
        assert!(
            r.inputs >= acked,
            "{}: only {} recovered — an acknowledged input was lost",
            context(),
            r.inputs
        );
        assert!(
            r.inputs <= acked + 1,
            "{}: {} recovered — more than one unacknowledged input on disk",
            context(),
            r.inputs
        );
        assert!(
            r.state == game.states[r.inputs],
            "{}: the resumed state differs from replaying {} inputs\n{}",
            context(),
            r.inputs,
            r.stdout
        );
        if r.inputs == acked + 1 {
            one_more += 1;
        }
        if r.stdout.contains("warning:") {
            torn += 1;
        }
        recovered_counts.push(r.inputs);
        let _ = std::fs::remove_dir_all(&dir);
    }
    recovered_counts.sort_unstable();
    let median = recovered_counts.get(kills / 2).copied().unwrap_or(0);
    println!(
        "{kills} power cuts over a {span:?} run of {total} inputs: median {median} inputs \
         recovered; {one_more} with one written input not yet acknowledged, {torn} with a \
         torn record cut off, {nothing_saved} before the game was saved, {finished} after the \
         script ended"
    );
    // The kills must really be spread over the game, not all at start-up or after the end.
    let mid = recovered_counts
        .iter()
        .filter(|&&n| n > 0 && n < total)
        .count();
    assert!(
        mid * 2 >= kills,
        "only {mid} of {kills} kills landed mid-game"
    );
}

/// Plays `inputs` inputs of the script to completion in `dir` and returns the journal path.
fn saved_game(data: &'static GameData, dir: &Path, inputs: usize) -> (Scripted, PathBuf) {
    let game = scripted_game(data, inputs);
    let script = dir.with_extension("txt");
    std::fs::write(&script, &game.text).expect("write script");
    let out = berlin_table()
        .arg("--save-dir")
        .arg(dir)
        .arg("play")
        .arg("--script")
        .arg(&script)
        .output()
        .expect("run play");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    (game, dir.join("journal.bin"))
}

#[test]
fn a_truncated_journal_resumes_at_the_last_whole_input_with_a_warning() {
    let data = tests::berlin85();
    let scratch = Scratch::new("truncated");
    let dir = scratch.0.join("saves");
    // 40 inputs: no snapshot yet (the table writes one every 64), so the journal is replayed.
    let (game, journal) = saved_game(data, &dir, 40);
    let bytes = std::fs::read(&journal).expect("read");
    std::fs::write(&journal, &bytes[..bytes.len() - 3]).expect("truncate");
    let r = restart(&dir).expect("a torn last record still resumes");
    assert!(
        r.stdout.contains("record 40") && r.stdout.contains("truncated"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains("resuming from the 39 good inputs"),
        "{}",
        r.stdout
    );
    assert_eq!(r.inputs, 39);
    assert!(r.state == game.states[39]);
}

#[test]
fn a_bit_flipped_journal_resumes_before_the_damaged_input_with_a_warning() {
    let data = tests::berlin85();
    let scratch = Scratch::new("bitflip");
    let dir = scratch.0.join("saves");
    let (game, journal) = saved_game(data, &dir, 40);
    let mut bytes = std::fs::read(&journal).expect("read");
    // A bit in the payload of the record that spans the middle of the file: a record in the
    // middle of the game is damaged (frames: "BTABLEJ1", then length u32 LE, CRC u32, payload).
    let mut frame = 8;
    let at = loop {
        let len = u32::from_le_bytes(bytes[frame..frame + 4].try_into().expect("length")) as usize;
        let end = frame + 8 + len;
        if end >= bytes.len() / 2 {
            break frame + 8 + len / 2;
        }
        frame = end;
    };
    bytes[at] ^= 0x04;
    std::fs::write(&journal, &bytes).expect("write");
    let r = restart(&dir).expect("damage after the header still resumes");
    assert!(r.stdout.contains("is damaged"), "{}", r.stdout);
    assert!(r.inputs < 40 && r.inputs > 0, "{} inputs", r.inputs);
    assert!(
        r.stdout
            .contains(&format!("resuming from the {} good input", r.inputs)),
        "{}",
        r.stdout
    );
    assert!(r.state == game.states[r.inputs]);
    // The damaged bytes are kept for a bug report.
    assert!(dir.join("damaged.journal.bin").exists());
}

#[test]
fn an_empty_journal_is_reported_and_a_new_game_can_start() {
    let data = tests::berlin85();
    let scratch = Scratch::new("empty");
    let dir = scratch.0.join("saves");
    std::fs::create_dir_all(&dir).expect("dir");
    std::fs::write(dir.join("journal.bin"), b"").expect("write");
    let message = restart(&dir).err().expect("nothing to resume");
    assert!(message.contains("empty"), "{message}");
    assert!(message.contains("no game can be resumed"), "{message}");
    // The table still works: a new game replaces the empty file and resumes.
    let (game, _) = saved_game(data, &dir, 5);
    let r = restart(&dir).expect("resume the new game");
    assert_eq!(r.inputs, 5);
    assert!(r.state == game.states[5]);
}

#[test]
fn an_empty_snapshot_falls_back_to_the_journal() {
    let data = tests::berlin85();
    let scratch = Scratch::new("empty-snapshot");
    let dir = scratch.0.join("saves");
    // 70 inputs: the table wrote a snapshot after input 64.
    let (game, _) = saved_game(data, &dir, 70);
    let snapshot = dir.join("snapshot.bin");
    let r = restart(&dir).expect("resume");
    assert!(r.stdout.contains("(64 from the snapshot"), "{}", r.stdout);
    std::fs::write(&snapshot, b"").expect("empty the snapshot");
    let r = restart(&dir).expect("resume without the snapshot");
    assert!(
        r.stdout
            .contains("snapshot.bin: damaged (the file is empty"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains("(0 from the snapshot, 70 replayed"),
        "{}",
        r.stdout
    );
    assert!(r.state == game.states[70]);
}
