//! A random agent for *The Enemy is at the Gates* (issue 14's playouts, the CLI script test and
//! the benchmark): it answers what the game waits for — d10 faces 0–9, chit draws, the
//! opportunity-fire and interrupt choices, a legal unit command during an activation, a chit
//! bought now and then, the placement of arriving and returning units (S18.1, S11.10) — and
//! ends each step with the contract's step-ending command. The engine never rolls: every face
//! and every draw (the Cup's chits, the backs of the political figures the Stasi turn over,
//! 4.3) comes from the agent's seeded generator. Half of its moves head for what the
//! exclusive rules reward: the Stasi for the face-down political figures (4.3, 5.2), other
//! Warsaw Pact units for the objectives not yet destroyed (10.2).

use engine::core::contract::Ruleset;
use engine::core::protocol::{DiceRoll, Input, Pending};
use engine::css::command::turn::{Command, Step};
use engine::css::command::Chit;
use engine::css::game::{GameCommand, Stage, UnitCommand};
use engine::gates::game::{Command as GatesCommand, Game, GatesData};
use engine::gates::WARSAW_PACT;
use rand::rngs::StdRng;
use rand::Rng;

/// The built-in Gates data, loaded once for the test binary.
pub fn data() -> &'static GatesData {
    use std::sync::OnceLock;
    static DATA: OnceLock<&'static GatesData> = OnceLock::new();
    DATA.get_or_init(|| {
        let d = data::gates::load_game_builtin().unwrap_or_else(|errs| {
            let text: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
            panic!("built-in Gates data does not load:\n{}", text.join("\n"))
        });
        Box::leak(d)
    })
}

/// Step 1C: the first unit arriving or returning for the player enters in or next to its
/// entry hex or an HQ that serves it if the engine takes it there, else it waits on the track
/// or stays in the Routed box.
fn series(c: GameCommand) -> Input<GatesCommand> {
    Input::Command(GatesCommand::Series(c))
}

fn placement(game: &Game<'_>) -> Option<Input<GatesCommand>> {
    let t = &game.state.series.turn;
    let data = game.series_data();
    let (unit, near, wait) = match t.step {
        Step::Arrivals(side) => {
            let a = t.arriving.iter().find(|a| a.side == side)?;
            let near = match a.to {
                engine::css::track::Arrival::Enter { entry } => vec![entry],
                _ => Vec::new(),
            };
            (a.unit, near, Command::HoldArrival(a.unit))
        }
        Step::Returns(side) => {
            let r = t.returning.iter().find(|r| r.side == side)?;
            let c = data.counter(r.unit).ok()?;
            let near = game
                .state
                .series
                .units
                .iter()
                .filter(|u| data.counter(u.id).is_ok_and(|h| h.supplies(c)))
                .filter_map(|u| u.hex)
                .collect();
            (r.unit, near, Command::StayRouted(r.unit))
        }
        _ => return None,
    };
    let g = &data.ground.map.geometry;
    for at in near {
        for hex in std::iter::once(at).chain(g.neighbours(at).map(|(_, n)| n)) {
            let c = series(GameCommand::Place { unit, hex });
            let mut copy = game.clone();
            if Ruleset::apply(&mut copy, &c).is_ok() {
                return Some(c);
            }
        }
    }
    Some(series(GameCommand::Turn(wait)))
}

/// 4.3, 5.2, 10.2: of the legal moves, the step that brings a Stasi party nearest a face-down
/// political figure, or a Warsaw Pact party nearest an objective not yet destroyed, if it gets
/// nearer than it is.
fn toward_a_goal(game: &Game<'_>, legal: &[UnitCommand]) -> Option<usize> {
    let s = game.scenario();
    let data = game.series_data();
    let g = &data.ground.map.geometry;
    let f = &game.state.figures;
    let markers: Vec<_> = f
        .markers
        .iter()
        .filter(|m| m.turned.is_none())
        .map(|m| m.hex)
        .collect();
    let objectives: Vec<_> = s
        .objectives
        .hexes
        .iter()
        .copied()
        .filter(|h| !game.state.objectives.is_destroyed(&s.objectives, *h))
        .collect();
    let mut best: Option<(u16, usize)> = None;
    for (i, c) in legal.iter().enumerate() {
        let UnitCommand::Move { units, to } = c else {
            continue;
        };
        let Some(from) = units
            .first()
            .and_then(|u| game.state.series.units.get(u.0 as usize))
            .and_then(|u| u.hex)
        else {
            continue;
        };
        let counters: Vec<_> = units.iter().filter_map(|u| data.counter(*u).ok()).collect();
        let goals: &[_] = if counters.iter().any(|c| s.political.is_stasi(c)) && !markers.is_empty()
        {
            &markers
        } else if counters.iter().all(|c| c.side == WARSAW_PACT) {
            &objectives
        } else {
            continue;
        };
        let near = |h| goals.iter().map(|x| g.distance(h, *x)).min();
        let (Some(now), Some(then)) = (near(from), near(*to)) else {
            continue;
        };
        if then < now && best.is_none_or(|(d, _)| then < d) {
            best = Some((then, i));
        }
    }
    best.map(|(_, i)| i)
}

/// An answer to what `game` waits for; `None` once it is over.
pub fn answer(rng: &mut StdRng, game: &Game<'_>) -> Option<Input<GatesCommand>> {
    Some(match Ruleset::pending(game) {
        Pending::GameOver => return None,
        Pending::Roll { dice, .. } => {
            let faces: Vec<u8> = (0..dice.count)
                .map(|_| {
                    if dice.zero_based {
                        rng.gen_range(0..dice.sides)
                    } else {
                        rng.gen_range(1..=dice.sides)
                    }
                })
                .collect();
            Input::Rolled(DiceRoll::of(&faces))
        }
        Pending::DrawChit { chits, .. } => Input::Drew(rng.gen_range(0..chits.len()) as u16),
        Pending::Choose { options, .. } => Input::Chose(rng.gen_range(0..options.len()) as u8),
        // 14.0 1C-a, 3.7: NATO switches the power now and then.
        Pending::Command { .. } if game.asks_electricity() => {
            let on = game.state.power.on != rng.gen_bool(0.2);
            Input::Command(GatesCommand::Electricity { on })
        }
        Pending::Command { .. } => {
            if let Some(p) = placement(game) {
                return Some(p);
            }
            let data = game.series_data();
            let mut legal: Vec<UnitCommand> = Vec::new();
            if game.state.series.activation.is_some() {
                game.state
                    .series
                    .legal_unit_commands(&data, |c| legal.push(c.clone()));
            }
            let must = !matches!(game.state.series.stage, Stage::Idle);
            if !legal.is_empty() && (must || rng.gen_bool(0.85)) {
                // Close combat and fire when they can, now and then: the playouts must see them.
                let close = legal.iter().position(|c| {
                    matches!(
                        c,
                        UnitCommand::Assault { .. }
                            | UnitCommand::Charge { .. }
                            | UnitCommand::Fire { .. }
                    )
                });
                let goal = if rng.gen_bool(0.5) {
                    toward_a_goal(game, &legal)
                } else {
                    None
                };
                let i = match (close, goal) {
                    (Some(i), _) if rng.gen_bool(0.4) => i,
                    (_, Some(i)) => i,
                    _ => rng.gen_range(0..legal.len()),
                };
                return Some(series(GameCommand::Unit(legal.swap_remove(i))));
            }
            if let Step::Spend(side) = game.state.series.turn.step {
                // 1D: a chit of one of the player's formations or divisions, now and then.
                let cmd = &game.scenario().command;
                if rng.gen_bool(0.6) {
                    let f = rng.gen_range(0..cmd.formations.len());
                    let fid = engine::css::command::FormationId(f as u8);
                    let chit = if rng.gen_bool(0.7) {
                        Chit::Formation(fid)
                    } else {
                        Chit::Division(cmd.formations[f].division)
                    };
                    if cmd.owner(chit) == Some(side) {
                        // 4.1.1: a police Formation chit names the NATO division that pays.
                        let payers: Vec<_> = cmd.formations[f].payers().collect();
                        let buy = match chit {
                            Chit::Formation(_) if cmd.formations[f].payer_picked() => {
                                Command::BuyPaidBy {
                                    chit,
                                    payer: payers[rng.gen_range(0..payers.len())],
                                }
                            }
                            _ => Command::Buy(chit),
                        };
                        return Some(series(GameCommand::Turn(buy)));
                    }
                }
            }
            let end = Input::Command(Ruleset::step_end(game)?.command);
            let mut copy = game.clone();
            match Ruleset::apply(&mut copy, &end) {
                Err(v) if v.case == "S6.4" => spare(game).unwrap_or(end),
                _ => end,
            }
        }
    })
}

/// S6.4: the step cannot end while formations tie in a hex: the first pick the legal
/// commands offer.
fn spare(game: &Game<'_>) -> Option<Input<GatesCommand>> {
    let data = game.series_data();
    let mut pick = None;
    game.state.series.legal_unit_commands(&data, |c| {
        if pick.is_none() && matches!(c, UnitCommand::Spare { .. }) {
            pick = Some(c.clone());
        }
    });
    pick.map(|c| series(GameCommand::Unit(c)))
}

/// The script of the test agent's introductory game of `seed` up to a position a screenshot
/// needs (`table-position gates POSITION`): `fire`, a direct fire's d10 wanted (S9.3.2), its
/// fire card on the table; `activation`, the Warsaw Pact's units acting on a drawn chit
/// (S5.0); `burning`, a fire on the map (2.3); `assault`, an assault's first d10 wanted, its
/// card on the table (S10.4). `None` if this seed's game does not get there.
pub fn position_script(want: &str, seed: u64, max_inputs: usize) -> Option<String> {
    use rand::SeedableRng;
    let reached = |g: &Game<'static>| match want {
        // The fire's d10 awaited (its card is up), not the Booze question after it (3.8).
        "fire" => {
            matches!(Ruleset::pending(g), Pending::Roll { .. })
                && g.state.series.pending_fire(&g.series_data()).is_some()
        }
        "activation" => {
            g.state.series.activation.is_some()
                && matches!(Ruleset::pending(g), Pending::Command { player } if player == WARSAW_PACT)
        }
        // 2.3: a fire burning on the map while a player gives commands.
        "burning" => {
            g.state.series.activation.is_some()
                && matches!(Ruleset::pending(g), Pending::Command { .. })
                && g.state
                    .fires
                    .hexes
                    .iter()
                    .any(|(_, b)| *b == engine::gates::game::burning::Burning::OnFire)
        }
        // S10.4: an assault's first d10 awaited (its card is up).
        "assault" => {
            matches!(Ruleset::pending(g), Pending::Roll { .. })
                && g.state
                    .series
                    .pending_assault(&g.series_data())
                    .is_some_and(|a| a.attacker_roll.is_none())
        }
        other => {
            panic!("unknown position '{other}' (known: fire, activation, burning, assault)")
        }
    };
    let game = Game::new(data(), "intro", engine::gates::game::Options).expect("the scenario");
    let mut rng = StdRng::seed_from_u64(seed);
    let header = format!(
        "# The Enemy is at the Gates up to '{want}': the test agent's game of seed {seed}\n\
         scenario intro\n"
    );
    let next = |g: &Game<'static>| answer(&mut rng, g);
    crate::generic::script_until(game, header, max_inputs, next, reached)
}
