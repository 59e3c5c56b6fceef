//! Prints a script in the command line's notation (`berlin-table --game GAME play --script
//! FILE`) that plays a random game by the workspace's test agents up to a position a
//! screenshot needs, so `scripts/xvfb-screens.sh` can put the real program there:
//!
//! `table-position fortress-berlin POSITION`
//! - `combat`: the dice of a close assault or a bombardment are wanted (8.2.4, 8.4.2), its
//!   combat card on the table;
//! - `movement`: the German's first movement segment (4.1.3), his forces set up (13.0);
//! - `soviet-movement`: the Soviet's first movement segment (4.2), his forces on the map.
//!
//! `table-position gates POSITION` (the introductory scenario)
//! - `fire`: a direct fire's d10 is wanted (S9.3.2), its fire card on the table;
//! - `activation`: a chit has been drawn and its units may act (S5.0), the Warsaw Pact's.
//!
//! The first seed (from 0) whose game reaches the position is used; the script names it.

use engine::core::contract::Ruleset;
use engine::core::protocol::{Input, Pending};
use engine::fortress::board::SegmentKind;
use engine::fortress::counters::{GERMAN, SOVIET};
use engine::fortress::game::{Game as Fortress, Waiting};
use engine::gates::game::{Game as Gates, Options as GatesOptions};
use rand::SeedableRng;
use tests::fortress_agent::{fortress_berlin, FortressAgent};

/// Inputs a game may take before the seed is given up.
const MAX_INPUTS: usize = 20_000;
const SEEDS: u64 = 200;

/// Plays `game` by `next` until `reached`; the script of the inputs that led there, or `None`
/// if the game ended or stalled first. Only inputs the engine accepts are written.
fn script_until<'d, R: Ruleset<'d>>(
    mut game: R,
    header: String,
    mut next: impl FnMut(&R) -> Option<Input<R::Command>>,
    reached: impl Fn(&R) -> bool,
) -> Option<String> {
    let mut script = header;
    for _ in 0..MAX_INPUTS {
        if reached(&game) {
            return Some(script);
        }
        if matches!(game.pending(), Pending::GameOver) {
            return None;
        }
        let input = next(&game)?;
        if game.apply(&input).is_err() {
            continue;
        }
        R::write_input(game.data(), &input, &mut script).expect("notation");
        script.push('\n');
    }
    None
}

fn fortress_position(want: &str, seed: u64) -> Option<String> {
    let reached = |g: &Fortress<'_>| match want {
        "combat" => matches!(g.state.waiting, Waiting::AssaultRoll(_)),
        "movement" | "soviet-movement" => {
            let side = if want == "movement" { GERMAN } else { SOVIET };
            matches!(Ruleset::pending(g), Pending::Command { player } if player == side)
                && g.state.board.segment.kind == SegmentKind::Movement
                && !g.setting_up()
        }
        other => panic!("unknown position '{other}' (known: combat, movement, soviet-movement)"),
    };
    let data = fortress_berlin();
    let game = Fortress::new(data, "full-game", Default::default()).expect("the full game");
    let mut agent = FortressAgent::new(seed);
    let header = format!(
        "# Fortress Berlin up to '{want}': the test agent's game of seed {seed}\n\
         scenario full-game\n"
    );
    let next = |g: &Fortress<'_>| {
        agent
            .candidates(g)
            .into_iter()
            .find(|i| Ruleset::apply(&mut g.clone(), i).is_ok())
    };
    script_until(game, header, next, reached)
}

fn gates_position(want: &str, seed: u64) -> Option<String> {
    let reached = |g: &Gates<'_>| match want {
        "fire" => g.state.series.pending_fire(&g.series_data()).is_some(),
        "activation" => {
            g.state.series.activation.is_some()
                && matches!(Ruleset::pending(g), Pending::Command { player }
                    if player == engine::gates::WARSAW_PACT)
        }
        other => panic!("unknown position '{other}' (known: fire, activation)"),
    };
    let data = tests::gates_agent::data();
    let game = Gates::new(data, "intro", GatesOptions).expect("the introductory scenario");
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let header = format!(
        "# The Enemy is at the Gates up to '{want}': the test agent's game of seed {seed}\n\
         scenario intro\n"
    );
    let next = |g: &Gates<'_>| tests::gates_agent::answer(&mut rng, g);
    script_until(game, header, next, reached)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let game = args.next().unwrap_or_else(|| "fortress-berlin".into());
    let want = args.next().unwrap_or_else(|| "combat".into());
    for seed in 0..SEEDS {
        let script = match game.as_str() {
            "fortress-berlin" => fortress_position(&want, seed),
            "gates" => gates_position(&want, seed),
            other => panic!("unknown game '{other}' (known: fortress-berlin, gates)"),
        };
        if let Some(script) = script {
            print!("{script}");
            return;
        }
    }
    eprintln!("no {game} game of seeds 0..{SEEDS} reached '{want}'");
    std::process::exit(1);
}
