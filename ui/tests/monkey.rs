//! The UI monkey on the real table (issue 19, "A long convention day"): random taps, drags,
//! long presses, keys and GPIO buttons, weighted so that games progress, playing Operation
//! Unity, Werewolf and Medicine Wheel back to back on one `Table`, with the engine's
//! invariants checked after every gesture and the journal replayed at the end of each game
//! (see `common/monkey/`).
//!
//! ```sh
//! cargo test -p ui --test monkey -- --nocapture                      # the short default
//! MONKEY_ACTIONS=10000 cargo test --release -p ui --test monkey      # the CI soak
//! MONKEY_SEED=1234 MONKEY_ACTIONS=300 cargo test -p ui --test monkey # replay a failure
//! ```
//!
//! MONKEY_ACTIONS is the number of gestures per game: the monkey makes that many for each
//! scenario, playing games back to back (Unity, Werewolf, Medicine Wheel, Unity, …); a game
//! that reaches the victory screen sooner hands over to the next scenario. MONKEY_SEED
//! (default 85; `random` takes one from the clock) decides everything the monkey does; it
//! is printed first, so a failure can be replayed.

mod common;
#[path = "common/monkey/mod.rs"]
mod monkey;

use std::time::{Duration, Instant};

/// Time passes by the testing backend's mocked clock.
struct MockTime;

impl monkey::Clock for MockTime {
    fn wait(&self, ms: u64) {
        i_slint_backend_testing::mock_elapsed_time(Duration::from_millis(ms));
    }
}

/// Gestures per game when MONKEY_ACTIONS is not set: a short run for the debug
/// `cargo test --workspace` (measured in the report of issue 19).
const DEFAULT_ACTIONS: u64 = 150;
/// The seed without MONKEY_SEED (MONKEY_SEED=random takes one from the clock).
const DEFAULT_SEED: u64 = 85;

#[test]
fn monkey_plays_every_scenario_back_to_back_on_one_table() {
    let seed = monkey::seed_from_env(DEFAULT_SEED);
    let per_game = monkey::env_number("MONKEY_ACTIONS", DEFAULT_ACTIONS) as usize;
    println!(
        "monkey: MONKEY_SEED={seed} MONKEY_ACTIONS={per_game} (gestures per game, {} games' worth)",
        monkey::SCENARIOS.len()
    );
    let (t, _persist) = common::table(
        1280.0,
        800.0,
        ui::UiConfig {
            seed: Some(seed),
            ..ui::UiConfig::default()
        },
    );
    let clock = MockTime;
    let mut m = monkey::Monkey::new(seed, &clock);
    let started = Instant::now();
    let reports = monkey::play_back_to_back(&mut m, &t, per_game, |r| {
        println!("  {r}  [{:.1} s]", started.elapsed().as_secs_f64());
    })
    .unwrap_or_else(|e| panic!("{e}"));
    println!(
        "monkey: {} gestures in {} games in {:.1} s; by kind: {:?}",
        m.total,
        reports.len(),
        started.elapsed().as_secs_f64(),
        m.kinds
    );
    let played: Vec<&str> = reports.iter().map(|r| r.scenario.as_str()).collect();
    for s in monkey::SCENARIOS {
        assert!(played.contains(&s), "{s} was played: {played:?}");
    }
    assert!(
        reports.iter().map(|r| r.accepted).sum::<usize>() > 0,
        "the monkey got inputs accepted"
    );
}
