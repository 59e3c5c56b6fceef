//! Prints a *Fortress Berlin* script in the command line's notation (`berlin-table --game
//! fortress-berlin play --script FILE`) that plays a random game by the test agent up to a
//! position a screenshot needs, so `scripts/xvfb-screens.sh` can put the real program there:
//!
//! - `combat`: the dice of a close assault or a bombardment are wanted (8.2.4, 8.4.2), its
//!   combat card on the table;
//! - `movement`: the German's first movement segment (4.1.3), his forces set up (13.0);
//! - `soviet-movement`: the Soviet's first movement segment (4.2), his forces on the map.
//!
//! The first seed (from 0) whose game reaches the position is used; the script names it.

use engine::core::contract::Ruleset;
use engine::core::protocol::Pending;
use engine::fortress::board::SegmentKind;
use engine::fortress::counters::{GERMAN, SOVIET};
use engine::fortress::game::{Game, Waiting};
use tests::fortress_agent::{fortress_berlin, FortressAgent};

/// Inputs a game may take before the seed is given up.
const MAX_INPUTS: usize = 20_000;
const SEEDS: u64 = 200;

fn reached(g: &Game<'_>, want: &str) -> bool {
    match want {
        "combat" => matches!(g.state.waiting, Waiting::AssaultRoll(_)),
        "movement" | "soviet-movement" => {
            let side = if want == "movement" { GERMAN } else { SOVIET };
            matches!(Ruleset::pending(g), Pending::Command { player } if player == side)
                && g.state.board.segment.kind == SegmentKind::Movement
                && !g.setting_up()
        }
        other => panic!("unknown position '{other}' (known: combat, movement, soviet-movement)"),
    }
}

fn main() {
    let want = std::env::args().nth(1).unwrap_or_else(|| "combat".into());
    let data = fortress_berlin();
    for seed in 0..SEEDS {
        let mut g = Game::new(data, "full-game", Default::default()).expect("the full game");
        let mut agent = FortressAgent::new(seed);
        let mut script = format!(
            "# Fortress Berlin up to '{want}': the test agent's game of seed {seed}\n\
             scenario full-game\n"
        );
        let mut inputs = 0;
        while inputs < MAX_INPUTS && !matches!(Ruleset::pending(&g), Pending::GameOver) {
            if reached(&g, &want) {
                print!("{script}");
                return;
            }
            let Some(input) = agent
                .candidates(&g)
                .into_iter()
                .find(|i| Ruleset::apply(&mut g.clone(), i).is_ok())
            else {
                break;
            };
            Ruleset::apply(&mut g, &input).expect("accepted on a copy");
            Game::write_input(data, &input, &mut script).expect("notation");
            script.push('\n');
            inputs += 1;
        }
    }
    eprintln!("no game of seeds 0..{SEEDS} reached '{want}'");
    std::process::exit(1);
}
