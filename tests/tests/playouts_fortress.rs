//! Fortress Berlin's random playouts (issue 11): games played to their end by a random player
//! on the built-in data (the full game, from the German set-up of 13.0–13.6: the thirty
//! Volkssturm drawn, random placements, modes, facings and take-backs, auto-place for the rest)
//! and on the engine's test board (both sides in contact
//! from the first turn, so close assaults, bombardments, retreats and advances happen), with
//! the invariants of `tests::fortress_agent::check_invariants` after every input, every
//! refusal leaving the state byte for byte as it was, and replay determinism (the journal
//! replayed in place gives the same state).
//!
//! The full game is also played under each major variant (16.4, 16.5) with the minor ones,
//! and under the Character Game (17.4).
//!
//! `BERLIN_TABLE_FORTRESS_PLAYOUTS=n` plays n seeds per scenario and option set. The default is
//! 1,000 in a release build (`scripts/long-suites.sh`, which CI runs with 500) and 100 in a
//! debug build (`cargo test --workspace`: 200 took 58 s of the CI's hour, 1,000 three minutes);
//! `BERLIN_TABLE_FIRST_SEED=s` starts at s.

use engine::core::contract::Ruleset;
use engine::core::protocol::Events;
use engine::fortress::board::Options;
use engine::fortress::Game;
use std::sync::atomic::{AtomicUsize, Ordering};
use tests::fortress_agent::{
    fortress_berlin, playout_with_options, state_bytes, test_board, FortressAgent,
};

fn seeds() -> u64 {
    std::env::var("BERLIN_TABLE_FORTRESS_PLAYOUTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if cfg!(debug_assertions) { 100 } else { 1000 })
}

fn first_seed() -> u64 {
    std::env::var("BERLIN_TABLE_FIRST_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

/// Plays `seeds()` games of `scenario` on two threads; returns (games ended, inputs, refusals,
/// combats resolved).
fn run(
    data: &'static engine::fortress::GameData,
    scenario: &'static str,
) -> (usize, usize, usize, usize) {
    run_with(data, scenario, Options::default())
}

/// [`run`] under `options` (the variants of 16.0).
fn run_with(
    data: &'static engine::fortress::GameData,
    scenario: &'static str,
    options: Options,
) -> (usize, usize, usize, usize) {
    let n = seeds();
    let first = first_seed();
    let ended = AtomicUsize::new(0);
    let inputs = AtomicUsize::new(0);
    let refusals = AtomicUsize::new(0);
    let combats = AtomicUsize::new(0);
    let failure = std::sync::Mutex::new(None::<String>);
    let threads = std::thread::available_parallelism()
        .map_or(2, |p| p.get())
        .min(4) as u64;
    std::thread::scope(|scope| {
        for t in 0..threads {
            let (ended, inputs, refusals, combats, failure) =
                (&ended, &inputs, &refusals, &combats, &failure);
            scope.spawn(move || {
                for seed in (first + t..first + n).step_by(threads as usize) {
                    let agent = FortressAgent::new(seed);
                    match playout_with_options(data, scenario, options, agent, 20_000, true) {
                        Ok(p) => {
                            // Replay determinism: the journal in place, one event buffer.
                            let mut g = Game::new(data, scenario, options).expect("scenario");
                            let mut events = Events::new();
                            for (i, input) in p.journal.iter().enumerate() {
                                events.clear();
                                if let Err(v) = Ruleset::apply_in_place(&mut g, input, &mut events)
                                {
                                    *failure.lock().expect("lock") = Some(format!(
                                        "{scenario} seed {seed}: input {i} refused on replay: {v}"
                                    ));
                                    return;
                                }
                            }
                            if state_bytes(&g) != state_bytes(&p.game) {
                                *failure.lock().expect("lock") = Some(format!(
                                    "{scenario} seed {seed}: the replay ends in another state"
                                ));
                                return;
                            }
                            if matches!(
                                Ruleset::pending(&p.game),
                                engine::core::protocol::Pending::GameOver
                            ) {
                                ended.fetch_add(1, Ordering::Relaxed);
                            }
                            inputs.fetch_add(p.journal.len(), Ordering::Relaxed);
                            refusals.fetch_add(p.refusals, Ordering::Relaxed);
                            combats.fetch_add(p.combats, Ordering::Relaxed);
                        }
                        Err(e) => {
                            *failure.lock().expect("lock") =
                                Some(format!("{scenario} seed {seed}: {e}"));
                            return;
                        }
                    }
                }
            });
        }
    });
    if let Some(f) = failure.into_inner().expect("lock") {
        panic!("{f}");
    }
    let (ended, inputs, refusals, combats) = (
        ended.into_inner(),
        inputs.into_inner(),
        refusals.into_inner(),
        combats.into_inner(),
    );
    println!(
        "{scenario}: {n} playouts, {ended} to the end, {inputs} inputs, {refusals} refusals, {combats} combats resolved"
    );
    (ended, inputs, refusals, combats)
}

#[test]
fn fortress_playouts_of_the_full_game_keep_every_invariant_and_replay_identically() {
    let (ended, _, _, _) = run(fortress_berlin(), "full-game");
    assert_eq!(
        ended as u64,
        seeds(),
        "every full game reaches the end of turn 15 (4.0)"
    );
}

#[test]
fn fortress_playouts_on_the_test_board_fight_and_keep_every_invariant() {
    let (ended, inputs, refusals, combats) = run(test_board(), "skirmish");
    assert!(combats > 0, "close assaults are resolved (8.4.2, 8.6)");
    assert_eq!(
        ended as u64,
        seeds(),
        "every skirmish reaches its end (4.0)"
    );
    assert!(
        inputs > 0 && refusals > 0,
        "the agent plays and is refused at times"
    );
}

/// The full game under each major variant (16.4, 16.5), each with the three minor ones (16.1-
/// 16.3): their set-up, arrivals, returns and objective played to the end, every invariant kept.
#[test]
fn fortress_playouts_of_each_major_variant_keep_every_invariant_and_replay_identically() {
    for major in ["variant-steiner", "variant-wenck"] {
        let options = Game::options_from_pairs([
            (major, "on"),
            ("variant-reichstag-flak-tower", "on"),
            ("variant-latvians", "on"),
            ("variant-lvi-panzer-korps", "on"),
        ])
        .expect("offered");
        let (ended, _, _, _) = run_with(fortress_berlin(), "full-game", options);
        assert_eq!(
            ended as u64,
            seeds(),
            "{major}: every game reaches its end (4.0)"
        );
    }
}

/// The full game with the optional rules the engine enforces: U-Bahn movement (17.1) and
/// Soviet army coordination (17.5), with the own-division command rule (3.5.3).
#[test]
fn fortress_playouts_with_the_optional_rules_keep_every_invariant_and_replay_identically() {
    let options = Game::options_from_pairs([
        ("ubahn", "on"),
        ("army-coordination", "on"),
        ("own-division-command", "on"),
    ])
    .expect("offered");
    let (ended, _, _, _) = run_with(fortress_berlin(), "full-game", options);
    assert_eq!(ended as u64, seeds(), "every game reaches its end (4.0)");
}

/// The three- and six-player games (17.2, 17.3): the fronts never stack or fight together, the
/// Hitler player reshuffles the German roles, and every game reaches its end with winners.
#[test]
fn fortress_playouts_of_the_three_and_six_player_games_keep_every_invariant() {
    for players in ["3", "6"] {
        let options = Game::options_from_pairs([("players", players)]).expect("offered");
        let (ended, _, _, _) = run_with(fortress_berlin(), "full-game", options);
        assert_eq!(
            ended as u64,
            seeds(),
            "{players} players: every game reaches its end (4.0)"
        );
    }
}

/// The full game under the Character Game (17.4): the birthday draw, flights, leaders'
/// suicides, defections, the defectors' moves and attempts on Hitler, captures, played to the
/// end with every invariant kept and every game replaying identically.
#[test]
fn fortress_playouts_of_the_character_game_keep_every_invariant_and_replay_identically() {
    let options = Game::options_from_pairs([("character-game", "on")]).expect("offered");
    let (ended, _, _, _) = run_with(fortress_berlin(), "full-game", options);
    assert_eq!(
        ended as u64,
        seeds(),
        "character game: every game reaches its end (4.0)"
    );
    // The rule is played, not only offered: across a few games leaders are drawn, some leave
    // the game and some defect (17.4.2-17.4.4, 17.4.9).
    let (mut drawn, mut left, mut defected, mut moved) = (0, 0, 0, 0);
    for seed in first_seed()..first_seed() + seeds().min(40) {
        let p = playout_with_options(
            fortress_berlin(),
            "full-game",
            options,
            FortressAgent::new(seed),
            20_000,
            false,
        )
        .expect("a playout");
        let s = &p.game.state;
        drawn += s.leaders.drawn.len();
        left += s
            .leaders
            .drawn
            .iter()
            .filter(|l| s.board.hex_of(l.unit).is_none())
            .count();
        defected += s
            .leaders
            .drawn
            .iter()
            .filter(|l| l.defected.is_some())
            .count();
        moved += s.leaders.drawn.iter().filter(|l| l.moved_on > 0).count();
    }
    println!(
        "character game: {drawn} leaders drawn, {left} left the game, {defected} defected, {moved} defectors moved"
    );
    assert_eq!(drawn as u64, 6 * seeds().min(40), "17.4.9: six a game");
    assert!(left > 0, "some leaders flee, die or are captured");
    if seeds() >= 40 {
        assert!(defected > 0, "some leaders defect (17.4.3)");
        assert!(moved > 0, "some defectors move (17.4.3)");
    }
}
