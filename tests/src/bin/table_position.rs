//! Prints a script in the command line's notation (`berlin-table --game GAME play --script
//! FILE`) that plays a random game by the workspace's test agents up to a position a
//! screenshot needs, so `scripts/xvfb-screens.sh` can put the real program there:
//!
//! - `table-position fortress-berlin combat|movement|soviet-movement`
//!   (`tests::fortress_agent::position_script`);
//! - `table-position gates fire|activation|burning|assault` (`tests::gates_agent::position_script`).
//!
//! The first seed (from 0) whose game reaches the position is used; the script names it.

/// Inputs a game may take before the seed is given up.
const MAX_INPUTS: usize = 20_000;
const SEEDS: u64 = 200;

fn main() {
    let mut args = std::env::args().skip(1);
    let game = args.next().unwrap_or_else(|| "fortress-berlin".into());
    let want = args.next().unwrap_or_else(|| "combat".into());
    let position_script = match game.as_str() {
        "fortress-berlin" => tests::fortress_agent::position_script,
        "gates" => tests::gates_agent::position_script,
        other => {
            eprintln!("unknown game '{other}' (known: fortress-berlin, gates)");
            std::process::exit(2);
        }
    };
    for seed in 0..SEEDS {
        if let Some(script) = position_script(&want, seed, MAX_INPUTS) {
            print!("{script}");
            return;
        }
    }
    eprintln!("no {game} game of seeds 0..{SEEDS} reached '{want}'");
    std::process::exit(1);
}
