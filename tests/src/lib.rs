//! Workspace test support: a random legal-input agent and the invariants every state must
//! satisfy. Used by the playout tests, the replay tests and the benchmark binary.

use engine::berlin85::{Command, Game, Input85, Pending85, Phase, NATO};
use engine::core::hex::HexId;
use engine::core::protocol::{DiceRoll, Pending};
use engine::core::units::{Location, UnitId};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Loads the built-in Berlin '85 data once for the whole test binary.
pub fn berlin85() -> &'static engine::berlin85::GameData {
    use std::sync::OnceLock;
    static DATA: OnceLock<&'static engine::berlin85::GameData> = OnceLock::new();
    DATA.get_or_init(|| {
        let d = data::load_builtin("berlin85").unwrap_or_else(|errs| {
            let text: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
            panic!(
                "built-in Berlin '85 data does not load:\n{}",
                text.join("\n")
            )
        });
        Box::leak(Box::new(d))
    })
}

/// A player who makes random legal decisions (it asks the engine what is legal, and tries
/// commands the engine may refuse; refusals are part of what the playouts exercise).
pub struct RandomAgent {
    pub rng: StdRng,
}

impl RandomAgent {
    pub fn new(seed: u64) -> Self {
        RandomAgent {
            rng: StdRng::seed_from_u64(seed),
        }
    }

    /// Answers chance the way the table's digital dice and cup do.
    pub fn answer_chance(&mut self, p: &Pending85) -> Option<Input85> {
        match p {
            Pending::Roll { dice, .. } => {
                let lo = if dice.zero_based { 0 } else { 1 };
                let hi = if dice.zero_based {
                    dice.sides - 1
                } else {
                    dice.sides
                };
                let faces: Vec<u8> = (0..dice.count)
                    .map(|_| self.rng.gen_range(lo..=hi))
                    .collect();
                Some(engine::core::protocol::Input::Rolled(DiceRoll::of(&faces)))
            }
            Pending::DrawChit { chits, .. } => Some(engine::core::protocol::Input::Drew(
                self.rng.gen_range(0..chits.len().max(1)) as u16,
            )),
            Pending::Choose { options, .. } => Some(engine::core::protocol::Input::Chose(
                self.rng.gen_range(0..options.len().max(1)) as u8,
            )),
            _ => None,
        }
    }

    /// Candidate inputs for the current state, most useful first. The caller applies them
    /// in order until one is accepted.
    pub fn candidates(&mut self, g: &Game<'_>) -> Vec<Input85> {
        let p = g.pending();
        if let Some(i) = self.answer_chance(&p) {
            return vec![i];
        }
        let Pending::Command { .. } = p else {
            return vec![];
        };
        let cmd = |c: Command| engine::core::protocol::Input::Command(c);
        let mut out = Vec::new();
        match g.state.phase {
            Phase::Setup => {
                if let Some(u) = g.units_to_place().next() {
                    let mut hexes = heapless::Vec::<HexId, 4800>::new();
                    g.legal_setup_hexes(u, &mut hexes);
                    if hexes.is_empty() {
                        out.push(cmd(Command::Withhold { unit: u }));
                    } else {
                        let h = hexes[self.rng.gen_range(0..hexes.len())];
                        out.push(cmd(Command::Place { unit: u, hex: h }));
                    }
                }
                out.push(cmd(Command::EndSetup));
            }
            // Movement [5.0] and combat [7.0] are not implemented in the engine yet: the agent
            // ends those phases, which still drives the whole sequence of play [4.0] (turn
            // start, Honors of War, emergency reinforcements, night turns, victory).
            Phase::Movement => out.push(cmd(Command::EndMovement)),
            Phase::Combat => out.push(cmd(Command::EndCombat)),
            _ => {}
        }
        out
    }
}

/// The invariants every reachable state must satisfy (issue 2, point 3).
pub fn check_invariants(g: &Game<'_>) -> Result<(), String> {
    let geo = &g.data.map.geometry;
    // One unit per hex [5.31] (paratroops may stack only until the destruction check [18.2]).
    let mut seen = std::collections::HashMap::<HexId, UnitId>::new();
    for (u, h) in g.units_on_map() {
        if !geo.contains(h) {
            return Err(format!("unit {} is off the map at {:?}", u.0, h));
        }
        if let Some(o) = seen.insert(h, u) {
            if g.state.phase != Phase::Movement {
                return Err(format!(
                    "units {} and {} stacked in {}",
                    o.0,
                    u.0,
                    geo.format(h)
                ));
            }
        }
    }
    // Movement points never negative: nothing spent beyond the allowance.
    for (i, s) in g.state.units.iter().enumerate() {
        let d = &g.data.roster.units[i];
        if s.spent_half_mp > 2 * d.movement as u16 + 4 {
            return Err(format!(
                "unit {} spent {} half-MP of {} MP",
                d.id, s.spent_half_mp, d.movement
            ));
        }
        if let Location::OnMap(_) = s.location {
        } else if s.revealed.is_some() && !d.untried {
            return Err(format!(
                "unit {} has a revealed strength but is not untried",
                d.id
            ));
        }
    }
    // Surrender Points recomputed from scratch equal the running total.
    let running = g.surrender_points();
    let fresh = g.surrender_points_from_scratch();
    if running != fresh {
        return Err(format!(
            "surrender points {running} but {fresh} from scratch"
        ));
    }
    let _ = NATO;
    Ok(())
}

/// Plays one game to its end with the random agent, checking invariants after every input.
/// Returns the accepted inputs.
pub fn playout(
    data: &'static engine::berlin85::GameData,
    scenario: &str,
    seed: u64,
    max_inputs: usize,
) -> Result<Vec<Input85>, String> {
    let mut g = Game::new(data, scenario, Default::default()).map_err(|e| format!("{e:?}"))?;
    let mut agent = RandomAgent::new(seed);
    let mut journal = Vec::new();
    while journal.len() < max_inputs {
        if matches!(g.pending(), Pending::GameOver) {
            return Ok(journal);
        }
        let mut accepted = false;
        for input in agent.candidates(&g) {
            let before = g.state.clone();
            match g.apply(&input) {
                Ok(_) => {
                    journal.push(input);
                    accepted = true;
                    break;
                }
                Err(_) => {
                    if g.state != before {
                        return Err(format!("a refused input changed the state: {input:?}"));
                    }
                }
            }
        }
        if !accepted {
            return Err(format!(
                "seed {seed}: stuck at turn {} {:?} waiting for {:?}",
                g.state.turn,
                g.state.phase,
                g.pending()
            ));
        }
        check_invariants(&g).map_err(|e| format!("seed {seed}, input {}: {e}", journal.len()))?;
    }
    Err(format!(
        "seed {seed}: no game over after {max_inputs} inputs"
    ))
}
