//! Berlin '85's regression record (issue 10): 36 games (the three scenarios × 12 seeds of the
//! random agent, with the seed's options) replayed input by input, compared with the digests in
//! `tests/golden/berlin85-36-games.txt`. Each line holds a game's input count and three
//! FNV-1a digests: of its inputs (postcard, as journalled), of every event (case, text, unit,
//! hex) and of the state (postcard, as saved) after every input.
//!
//! A refactor of the core or the UI must leave every line unchanged. A deliberate rules change
//! that alters games is re-recorded with `BLESS=1 cargo test -p tests --test golden_games`, and
//! the commit says why. `GOLDEN_DUMP_DIR=dir` also writes each game's full dump (one line per
//! input: the input, its events, the state digest) for diffing two trees.

use engine::berlin85::{Game, Input85};
use std::fmt::Write as _;
use std::path::PathBuf;
use tests::{berlin85, options_for, playout_to_end};

const SCENARIOS: [&str; 3] = ["unity", "werewolf", "medicine_wheel"];
const SEEDS: u64 = 12;

/// 64-bit FNV-1a, chained: enough to tell two byte streams apart, no dependency.
#[derive(Clone, Copy)]
struct Fnv(u64);

impl Fnv {
    fn new() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    fn eat(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= b as u64;
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
        // A separator, so ["ab", "c"] and ["a", "bc"] differ.
        self.0 ^= 0xff;
        self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
    }
}

struct Record {
    line: String,
    dump: String,
}

fn record(scenario: &str, seed: u64) -> Record {
    let data = berlin85();
    let (journal, end) =
        playout_to_end(data, scenario, seed, 100_000, false).unwrap_or_else(|e| panic!("{e}"));
    let mut g = Game::new(data, scenario, options_for(seed)).expect("scenario");
    let (mut inputs, mut events, mut states) = (Fnv::new(), Fnv::new(), Fnv::new());
    let mut dump = String::new();
    for (n, input) in journal.iter().enumerate() {
        inputs.eat(&postcard::to_allocvec::<Input85>(input).expect("input encodes"));
        let evs = g
            .apply(input)
            .unwrap_or_else(|e| panic!("input {n} refused on replay: {e}"));
        let _ = writeln!(dump, "{n} {input:?}");
        for e in &evs {
            let line = format!("[{}] {} {:?} {:?}", e.case, e.text, e.unit, e.hex);
            events.eat(line.as_bytes());
            let _ = writeln!(dump, "    {line}");
        }
        states.eat(&postcard::to_allocvec(&g.state).expect("state encodes"));
        let _ = writeln!(dump, "    state {:016x}", states.0);
    }
    assert!(
        tests::same_state(&g.state, &end),
        "replay reached another state"
    );
    Record {
        line: format!(
            "{scenario} seed {seed}: {} inputs, inputs {:016x}, events {:016x}, states {:016x}",
            journal.len(),
            inputs.0,
            events.0,
            states.0
        ),
        dump,
    }
}

fn golden_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("golden/berlin85-36-games.txt")
}

#[test]
fn berlin85_36_games_are_unchanged_input_by_input() {
    let jobs: Vec<(&str, u64)> = SCENARIOS
        .iter()
        .flat_map(|&s| (0..SEEDS).map(move |seed| (s, seed)))
        .collect();
    // Two threads: the machines have two cores.
    let (a, b) = jobs.split_at(jobs.len() / 2);
    let records: Vec<Record> = std::thread::scope(|s| {
        let spawn = |part: &[(&'static str, u64)]| {
            let part = part.to_vec();
            std::thread::Builder::new()
                .stack_size(16 << 20)
                .spawn_scoped(s, move || {
                    part.iter()
                        .map(|&(sc, seed)| record(sc, seed))
                        .collect::<Vec<_>>()
                })
                .expect("thread")
        };
        let (ha, hb) = (spawn(a), spawn(b));
        let mut out = ha.join().expect("games");
        out.extend(hb.join().expect("games"));
        out
    });
    if let Ok(dir) = std::env::var("GOLDEN_DUMP_DIR") {
        std::fs::create_dir_all(&dir).expect("dump dir");
        for (r, (sc, seed)) in records.iter().zip(&jobs) {
            std::fs::write(
                PathBuf::from(&dir).join(format!("{sc}-{seed}.txt")),
                &r.dump,
            )
            .expect("dump written");
        }
    }
    let mut now = String::from(
        "# Berlin '85: 36 random-agent games, digests of inputs, events and states (tests/tests/golden_games.rs)\n",
    );
    for r in &records {
        now.push_str(&r.line);
        now.push('\n');
    }
    let path = golden_path();
    if std::env::var("BLESS").is_ok_and(|v| v == "1") {
        std::fs::write(&path, &now).expect("golden written");
        println!("re-recorded {}", path.display());
        return;
    }
    let golden = std::fs::read_to_string(&path).expect("tests/golden/berlin85-36-games.txt");
    let changed: Vec<String> = golden
        .lines()
        .zip(now.lines())
        .filter(|(a, b)| a != b)
        .map(|(a, b)| format!("was: {a}\nnow: {b}"))
        .collect();
    assert!(
        changed.is_empty() && golden.lines().count() == now.lines().count(),
        "{} of 36 Berlin '85 games changed (BLESS=1 re-records after a deliberate rules change):\n{}",
        changed.len(),
        changed.join("\n")
    );
    println!(
        "36 Berlin '85 games identical input by input to {}",
        path.display()
    );
}
