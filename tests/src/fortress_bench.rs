//! Fortress Berlin's benchmark figures (issue 11): legal destinations on the full map, one
//! random full-game playout, the replay of a 5,000-input journal. `bench` prints them with
//! their budgets.

use crate::fortress_agent::{fortress_berlin, playout_with, FortressAgent};
use engine::core::capacity::fortress_berlin::Reachable;
use engine::core::contract::Ruleset;
use engine::core::protocol::{Events, Input};
use engine::core::units::UnitId;
use engine::fortress::board::SegmentKind;
use engine::fortress::game::{Command, Game};
use engine::fortress::terrain::destinations;
use std::time::{Duration, Instant};

/// Sorted samples: (median, worst, count).
pub fn spread(mut samples: Vec<Duration>) -> (Duration, Duration, usize) {
    samples.sort();
    let n = samples.len();
    (samples[n / 2], samples[n - 1], n)
}

/// Replays `games` random full games (seeds 0, 1 …) and hands `at` the game at the start of
/// every segment of one of `kinds`.
pub fn at_segment_starts(games: u64, kinds: &[SegmentKind], mut at: impl FnMut(&Game<'static>)) {
    let data = fortress_berlin();
    for seed in 0..games {
        let p = playout_with(data, "full-game", FortressAgent::new(seed), 20_000, false)
            .expect("playout");
        let mut g = Game::new(data, "full-game", Default::default()).expect("scenario");
        let mut events = Events::new();
        for input in &p.journal {
            events.clear();
            Ruleset::apply_in_place(&mut g, input, &mut events).expect("replays");
            let starts = events.iter().any(|e| {
                matches!(e, engine::fortress::Event::SegmentBegins { kind, .. } if kinds.contains(kind))
            });
            if starts {
                at(&g);
            }
        }
    }
}

/// Legal destinations (7.1, 3.1.4) of every unit of the phasing side on the map, at the start
/// of each movement segment of random full games: (median, worst, samples).
pub fn destinations_on_the_full_map(games: u64) -> (Duration, Duration, usize) {
    let data = fortress_berlin();
    let mut reach = Box::new(Reachable::new());
    let mut samples = Vec::new();
    at_segment_starts(games, &[SegmentKind::Movement], |g| {
        let b = &g.state.board;
        for i in 0..b.units.len() as u16 {
            let u = UnitId(i);
            let mine = data
                .forces
                .counter(u)
                .is_some_and(|c| c.side == b.segment.side);
            if !mine || b.hex_of(u).is_none() {
                continue;
            }
            // Best of 3, as the other searches are timed (the first touch of the result
            // arrays is not the search's cost).
            let mut best = Duration::MAX;
            for _ in 0..3 {
                let t = Instant::now();
                let _ = destinations(&data.movement, &data.map, &data.forces, b, &[u], &mut reach);
                best = best.min(t.elapsed());
            }
            samples.push(best);
        }
    });
    spread(samples)
}

/// One random full-game playout, rules only (no invariant checks): (median, worst, games).
pub fn full_game_playouts(games: u64) -> (Duration, Duration, usize) {
    let data = fortress_berlin();
    let samples = (0..games)
        .map(|seed| {
            let t = Instant::now();
            playout_with(data, "full-game", FortressAgent::new(seed), 20_000, false)
                .expect("playout");
            t.elapsed()
        })
        .collect();
    spread(samples)
}

/// The replay in place of the first 5,000 inputs of busy random full games (an agent trying
/// many commands a segment): (best of 5, inputs replayed).
pub fn replay_5000() -> (Duration, usize) {
    let data = fortress_berlin();
    let mut journal: Vec<Input<Command>> = Vec::new();
    let mut seed = 0;
    // The longest journal of a few busy games (a game ends after turn 15).
    while journal.len() < 5_000 && seed < 20 {
        let p = playout_with(
            data,
            "full-game",
            FortressAgent::new(seed).with_actions(400),
            5_000,
            false,
        )
        .expect("playout");
        if p.journal.len() > journal.len() {
            journal = p.journal;
        }
        seed += 1;
    }
    let mut best = Duration::MAX;
    for _ in 0..5 {
        let t = Instant::now();
        let mut g = Game::new(data, "full-game", Default::default()).expect("scenario");
        let mut events = Events::new();
        for input in &journal {
            events.clear();
            Ruleset::apply_in_place(&mut g, input, &mut events).expect("replays");
        }
        best = best.min(t.elapsed());
    }
    (best, journal.len())
}
