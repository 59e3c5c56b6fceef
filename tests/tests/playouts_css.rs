//! Random playouts of the series turn sequence (issue 13; `engine::css::command::turn`, S3,
//! S4, S17): a seeded random commander (`tests::css_turns`) buys chits, rolls d10 faces 0–9,
//! draws from the Cup, answers the interrupt and last-chit offers and ends steps, through the
//! whole eight-turn set-up, with now and then an input the rules forbid. After every input:
//! - a refusal names a series case (an `S` case; a pick past the offered options, the
//!   protocol's) and leaves the turn and its events exactly as they were;
//! - each Division Display keeps its TQ at or under the division's maximum (S17.3) and its
//!   Direct Commands at or under 19 (S4.6.1);
//! - at a draw, the chit set aside for the next turn is not in the Cup (S3.6);
//! - the turn never runs past the scenario's last (S3.7.2).
//!
//! Each playout is then replayed from its inputs to the same state and the same events.
//!
//! `BERLIN_TABLE_CSS_PLAYOUTS=n` plays n seeds (default 2,000 in a debug build, 10,000 in release).

use engine::core::protocol::{Input, Pending};
use engine::css::command::turn::{Command, Step};
use tests::css_turns::{RandomCommander, Turns};

fn seeds() -> u64 {
    std::env::var("BERLIN_TABLE_CSS_PLAYOUTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if cfg!(debug_assertions) { 2000 } else { 10_000 })
}

/// The invariants of a turn state after an accepted input.
fn check(t: &Turns, seed: u64, n: usize) {
    let s = &t.state;
    let at = || format!("seed {seed}, input {n}, turn {} at {:?}", s.turn, s.step);
    for (i, track) in s.tracks.iter().enumerate() {
        let def = &t.data.divisions[i];
        assert!(
            track.tq <= def.max_tq,
            "S17.3 TQ above its maximum: {}",
            at()
        );
        assert!(track.dc <= 19, "S4.6.1 Direct Commands above 19: {}", at());
    }
    if let Some(c) = s.carried {
        assert!(
            !s.cup.chits.contains(&c) || s.step != Step::Draw,
            "S3.6 the carried chit is also in the Cup: {}",
            at()
        );
    }
    assert!(
        s.turn <= t.data.last_turn,
        "S3.7.2 past the last turn: {}",
        at()
    );
}

/// One playout: the inputs taken, and how many were refused on the way.
fn playout(seed: u64) -> (Vec<Input<Command>>, usize) {
    let mut t = Turns::new();
    let mut commander = RandomCommander::new(seed, &t.data);
    let mut inputs = Vec::new();
    let mut refused = 0;
    while !matches!(t.pending(), Pending::GameOver) {
        assert!(inputs.len() < 20_000, "seed {seed}: the game does not end");
        let pending = t.pending();
        let mut taken = false;
        for input in commander.candidates(&pending) {
            let before = t.state.clone();
            let events = t.events.len();
            match t.apply(&input) {
                Ok(()) => {
                    inputs.push(input);
                    taken = true;
                    break;
                }
                Err(e) => {
                    refused += 1;
                    // A pick past the offered options is no rule question: the protocol's.
                    let beyond = match (&input, &pending) {
                        (Input::Drew(i), Pending::DrawChit { chits, .. }) => {
                            usize::from(*i) >= chits.len()
                        }
                        (Input::Chose(i), Pending::Choose { options, .. }) => {
                            usize::from(*i) >= options.len()
                        }
                        _ => false,
                    };
                    assert!(
                        e.case.starts_with('S') || (beyond && e.case == "engine"),
                        "seed {seed}: {input:?} at {pending:?} refused under [{}] {}, not a series case",
                        e.case,
                        e.reason
                    );
                    assert!(
                        t.state == before && t.events.len() == events,
                        "seed {seed}: the refused {input:?} at {:?} changed the turn",
                        before.step
                    );
                }
            }
        }
        assert!(
            taken,
            "seed {seed}: nothing the commander tried at {pending:?} was taken"
        );
        check(&t, seed, inputs.len());
    }
    // Replay: the same inputs from the start give the same state and the same events (S1.3:
    // the engine rolls nothing itself).
    let mut again = Turns::new();
    for i in &inputs {
        again.apply(i).expect("a replayed input");
    }
    assert!(
        again.state == t.state,
        "seed {seed}: the replay ends elsewhere"
    );
    assert_eq!(
        format!("{:?}", again.events),
        format!("{:?}", t.events),
        "seed {seed}: the replay tells another story"
    );
    (inputs, refused)
}

#[test]
fn css_s3_0_random_turns_keep_the_invariants_refuse_cleanly_and_replay_identically() {
    let n = seeds();
    let (mut inputs, mut refused, mut draws) = (0, 0, 0);
    for seed in 0..n {
        let (taken, r) = playout(seed);
        draws += taken.iter().filter(|i| matches!(i, Input::Drew(_))).count();
        inputs += taken.len();
        refused += r;
    }
    println!("css playouts: {n} seeds, {inputs} inputs, {draws} chit draws, {refused} refusals");
    assert!(draws as u64 >= n, "the Cup was drawn from (S3.3.4)");
    assert!(refused > 0, "wrong inputs were tried and refused");
}
