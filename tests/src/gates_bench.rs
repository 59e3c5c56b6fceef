//! The Gates benchmark figures (issue 14: "the same figures as for the other games, on the
//! largest sheet set"), on the built-in data (the four-sheet 80 × 80 map, the countermix) and
//! each built-in scenario, from seeded random games of `gates_agent`: a whole game's time, a
//! replay in place scaled to 5,000 inputs, one chit draw to the next, one unit's legal
//! commands, and the state's size.

use crate::gates_agent::{answer, data};
use engine::core::protocol::{Events, Input};
use engine::css::command::turn::Step;
use engine::gates::game::Command;
use engine::gates::game::{Game, Options, State};
use rand::SeedableRng;
use std::time::{Duration, Instant};

/// The figures, each a (median, worst) or a single value.
pub struct GatesFigures {
    pub games: usize,
    pub playout: (Duration, Duration),
    /// Per scenario: its id, turns, and its games' median and worst.
    pub by_scenario: Vec<(String, u8, Duration, Duration)>,
    /// The worst game's time per game turn.
    pub worst_per_turn: Duration,
    /// The longest game's inputs and its replay in place (best of 5).
    pub replay: (usize, Duration),
    pub chit_to_chit: (Duration, Duration),
    pub legal: (usize, Duration),
    pub state_bytes: usize,
}

fn game_of(scenario: &str, seed: u64) -> (Game<'static>, Vec<Input<Command>>, Duration) {
    let data = data();
    let mut g = Game::new(data, scenario, Options).expect("scenario");
    let start = g.clone();
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut journal = Vec::new();
    let mut events = Events::new();
    let t = Instant::now();
    while let Some(i) = answer(&mut rng, &g) {
        events.clear();
        if g.apply(&i, &mut events).is_ok() {
            journal.push(i);
        }
    }
    (start, journal, t.elapsed())
}

/// `games` seeded games of every built-in scenario.
pub fn figures(games: u64) -> GatesFigures {
    let data = data();
    let mut playouts = Vec::new();
    let mut longest: Option<(Game<'static>, Vec<Input<Command>>)> = None;
    let mut chits = Vec::new();
    let mut legal = Duration::ZERO;
    let mut most = 0usize;
    let mut by_scenario = Vec::new();
    let mut worst_per_turn = Duration::ZERO;
    for s in &data.scenarios {
        let turns = s.scenario.last_turn - s.scenario.first_turn + 1;
        let mut mine = Vec::new();
        for seed in 0..games {
            let (start, journal, took) = game_of(s.id.as_str(), seed);
            playouts.push(took);
            mine.push(took);
            worst_per_turn = worst_per_turn.max(took / turns as u32);
            // One chit draw to the next, and each unit's legal commands at the start of each
            // activation, along the game.
            let mut g = start.clone();
            let mut events = Events::new();
            let mut since: Option<Instant> = None;
            for i in &journal {
                if g.state.series.turn.step == Step::Draw {
                    if let Some(t) = since.take() {
                        chits.push(t.elapsed());
                    }
                    since = Some(Instant::now());
                }
                if g.state.series.activation.is_some()
                    && g.state.series.stage == engine::css::game::Stage::Idle
                {
                    let sd = g.series_data();
                    for u in g
                        .state
                        .series
                        .units
                        .iter()
                        .filter(|u| u.hex.is_some())
                        .take(40)
                    {
                        // Best of 3, as the other games' per-query figures.
                        let mut e = Duration::MAX;
                        let mut n = 0;
                        for _ in 0..3 {
                            n = 0;
                            let t = Instant::now();
                            g.state.series.legal_unit_commands_of(&sd, u.id, |_| n += 1);
                            e = e.min(t.elapsed());
                        }
                        if n > 0 {
                            legal = legal.max(e);
                            most = most.max(n);
                        }
                    }
                    // The timing above is not part of the stretch.
                    since = since.map(|_| Instant::now());
                }
                events.clear();
                let _ = g.apply(i, &mut events);
            }
            if longest.as_ref().is_none_or(|l| l.1.len() < journal.len()) {
                longest = Some((start, journal));
            }
        }
        mine.sort();
        by_scenario.push((
            s.id.to_string(),
            turns,
            mine[mine.len() / 2],
            mine[mine.len() - 1],
        ));
    }
    let (start, journal) = longest.expect("a game");
    let mut best = Duration::MAX;
    for _ in 0..5 {
        let mut g = start.clone();
        let mut events = Events::new();
        let t = Instant::now();
        for i in &journal {
            events.clear();
            let _ = engine::core::contract::Ruleset::apply_in_place(&mut g, i, &mut events);
        }
        std::hint::black_box(&g);
        best = best.min(t.elapsed());
    }
    let mid = |v: &mut Vec<Duration>| {
        v.sort();
        (v[v.len() / 2], v[v.len() - 1])
    };
    GatesFigures {
        games: playouts.len(),
        playout: mid(&mut playouts),
        by_scenario,
        worst_per_turn,
        replay: (journal.len(), best),
        chit_to_chit: if chits.is_empty() {
            (Duration::ZERO, Duration::ZERO)
        } else {
            mid(&mut chits)
        },
        legal: (most, legal),
        state_bytes: std::mem::size_of::<State>(),
    }
}
