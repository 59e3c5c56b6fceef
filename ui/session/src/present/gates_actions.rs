//! What a selection offers in *The Enemy is at the Gates*: the city's power in step 1C-a
//! (3.7), arrivals and returns placed in step 1C (S18.1, S11.10), chits bought in step 1D
//! (S4.3, 4.1.1), Direct Commands (S4.6) and every unit action the series game allows now
//! (moves hex by hex, S7.2; change of side, S7.7; fire, S9.3; rally, S11.11; the second
//! action's TQC, S5.1.2; hold, S5.2; assault, S10.1; charge, S10.7; advance, S10.6; the S6.4
//! pick).
//!
//! Unit actions come from the engine's own list of legal commands
//! (`SeriesGame::legal_unit_commands_of`), the one the playouts draw from; the turn's commands
//! are offered when the engine accepts them on a copy. So every button works.

use super::actions::{picks, push, send, Action, Offer, Pick, Selection, Then};
use crate::gates::Gates;
use crate::ruleset::TableGame;
use engine::core::contract::Ruleset;
use engine::core::hex::HexId;
use engine::core::protocol::{Input, Pending};
use engine::core::side::Side;
use engine::core::units::UnitId;
use engine::css::command::turn::{Command as Turn, Step};
use engine::css::command::{Chit, DivisionId, FormationId};
use engine::css::game::{GameCommand, Stage, UnitCommand};
use engine::gates::game::describe::{name, Named};
use engine::gates::game::Command;

fn series(c: GameCommand) -> Command {
    Command::Series(c)
}

fn unit_command(c: UnitCommand) -> Command {
    series(GameCommand::Unit(c))
}

fn turn(c: Turn) -> Command {
    series(GameCommand::Turn(c))
}

fn named(g: &Gates, n: Named) -> String {
    name(g.data, n).to_string()
}

/// The divisions of `side` in the scenario, by id.
fn divisions(g: &Gates, side: Side) -> Vec<DivisionId> {
    g.series_data()
        .command
        .divisions
        .iter()
        .enumerate()
        .filter(|(_, d)| d.side == side)
        .map(|(i, _)| DivisionId(i as u8))
        .collect()
}

/// 14.0 1C-a, 3.7: NATO switches the city's power (keeping it is the step's button).
fn electricity_actions(g: &Gates, sel: &Selection, out: &mut Vec<Action<Command>>) {
    if sel.hex.is_some() || !sel.units.is_empty() {
        return;
    }
    let on = !g.state.power.on;
    let label = if on {
        "Switch the power on"
    } else {
        "Switch the power off"
    };
    send(out, g, label, "3.7", Command::Electricity { on });
}

/// Step 1C: a unit arriving (S18.1) or back from its Routed box (S11.10) is placed on a hex
/// the engine accepts, held back, or left routed.
fn placement_actions(g: &Gates, sel: &Selection, out: &mut Vec<Action<Command>>) {
    let [unit] = sel.units[..] else {
        return;
    };
    if !TableGame::units_to_place(g).contains(&unit) {
        return;
    }
    let hexes: Vec<Pick<HexId, Command>> = TableGame::placements(g, unit)
        .into_iter()
        .filter_map(|c| match c {
            Command::Series(GameCommand::Place { hex, .. }) => Some(Pick {
                target: hex,
                command: c,
                detail: named(g, Named::Hex(hex)),
            }),
            _ => None,
        })
        .collect();
    let returning = matches!(g.state.series.turn.step, Step::Returns(_));
    let (label, case) = if returning {
        ("Return to the map", "S11.10")
    } else {
        ("Enter the map", "S18.1")
    };
    push(out, label, case, Then::Hex(hexes));
    if returning {
        send(
            out,
            g,
            "Stay routed",
            "S11.10",
            turn(Turn::StayRouted(unit)),
        );
    } else {
        send(out, g, "Hold back", "S18.1", turn(Turn::HoldArrival(unit)));
    }
}

/// The chits `side` might buy: every Division, Formation and Direct Command chit of its
/// divisions, and a police formation's chit once per division that may pay for it (4.1.1).
fn chit_candidates(g: &Gates, side: Side) -> Vec<Turn> {
    let data = g.series_data();
    let mine = divisions(g, side);
    let mut out = Vec::new();
    for &d in &mine {
        out.push(Turn::Buy(Chit::Division(d)));
        out.push(Turn::Buy(Chit::DivisionDirectCommand(d)));
    }
    for (i, f) in data.command.formations.iter().enumerate() {
        let chit = Chit::Formation(FormationId(i as u8));
        if f.payer_picked() {
            out.extend(
                f.payers()
                    .filter(|p| mine.contains(p))
                    .map(|payer| Turn::BuyPaidBy { chit, payer }),
            );
        } else if mine.contains(&f.division) {
            out.push(Turn::Buy(chit));
        }
    }
    out
}

/// The Dispatch Points all divisions hold.
fn dispatch_points(g: &Gates) -> u32 {
    g.state
        .series
        .turn
        .tracks
        .iter()
        .map(|t| u32::from(t.dp))
        .sum()
}

/// Step 1D: each chit the engine lets `side` buy now, with what it costs (S4.3, 4.1.1).
fn buy_actions(g: &Gates, side: Side, out: &mut Vec<Action<Command>>) {
    let before = dispatch_points(g);
    let mut list = Vec::new();
    for c in chit_candidates(g, side) {
        let mut copy = g.clone();
        let command = turn(c);
        if Ruleset::apply(&mut copy, &Input::Command(command.clone())).is_err() {
            continue;
        }
        let cost = before.saturating_sub(dispatch_points(&copy));
        let (chit, payer) = match c {
            Turn::Buy(chit) => (chit, None),
            Turn::BuyPaidBy { chit, payer } => (chit, Some(payer)),
            _ => continue,
        };
        let mut label = named(g, Named::Chit(chit));
        if let Some(p) = payer {
            label = format!("{label}, paid by {}", named(g, Named::Division(p)));
        }
        list.push(Pick {
            target: label,
            command,
            detail: format!("{cost} DP; {}", fatigue_change(g, &copy)),
        });
    }
    push(out, "Buy a chit", "S4.3", Then::List(list));
}

/// 3.3.1, S17.1: what buying changes in the fatigue step 1E will give (a division's first
/// Division or Formation chit adds to it; its Division chit spares it the rest), worded for
/// the chit's row: "fatigue 2 → 3 at step 1E (3.3.1)".
fn fatigue_change(before: &Gates, after: &Gates) -> String {
    let data = before.series_data();
    let changes: Vec<String> = data
        .command
        .division_ids()
        .filter_map(|d| {
            let at_1e = |g: &Gates| g.state.series.turn.fatigue_at_1e(data.command, d).ok();
            let (was, now) = (at_1e(before)?, at_1e(after)?);
            (was != now).then(|| {
                let who = named(before, Named::Division(d));
                format!("{who}'s fatigue {was} → {now} at step 1E (3.3.1)")
            })
        })
        .collect();
    if changes.is_empty() {
        "no change to fatigue (3.3.1)".to_string()
    } else {
        changes.join("; ")
    }
}

/// The legal commands the selection gives: of each kind, those of the largest party of
/// selected units (a hex's units of the chit act together, S5.1.3; a unit alone is taken by
/// tapping its row in the panel).
fn party_commands(legal: &[UnitCommand], mine: &[UnitId]) -> Vec<UnitCommand> {
    let within = |c: &UnitCommand| {
        let units = c.units();
        !units.is_empty() && units.iter().all(|u| mine.contains(u))
    };
    let kind = core::mem::discriminant::<UnitCommand>;
    legal
        .iter()
        .filter(|c| within(c))
        .filter(|c| {
            let most = legal
                .iter()
                .filter(|o| kind(o) == kind(c) && within(o))
                .map(|o| o.units().len())
                .max();
            Some(c.units().len()) == most
        })
        .cloned()
        .collect()
}

fn same_units(a: &[UnitId], b: &[UnitId]) -> bool {
    let (mut a, mut b) = (a.to_vec(), b.to_vec());
    a.sort();
    b.sort();
    a == b
}

/// Every legal unit command the selection's units take part in (the engine's list).
fn legal_for(g: &Gates, units: &[UnitId]) -> Vec<UnitCommand> {
    let data = g.series_data();
    let mut out: Vec<UnitCommand> = Vec::new();
    for &u in units {
        g.state.series.legal_unit_commands_of(&data, u, |c| {
            if !out.contains(c) {
                out.push(c.clone());
            }
        });
    }
    out
}

/// The Action Phase: the selected units' actions, a Direct Command for one unit, the S6.4
/// pick in the selected hex, and what may be done to a selected enemy hex.
fn activation_actions(g: &Gates, player: Side, sel: &Selection, out: &mut Vec<Action<Command>>) {
    let Some(hex) = sel.hex else {
        return;
    };
    let mine: Vec<UnitId> = sel
        .units
        .iter()
        .copied()
        .filter(|&u| g.data.counters.get(usize::from(u.0)).map(|c| c.side) == Some(player))
        .collect();
    if mine.is_empty() {
        target_hex_actions(g, hex, out);
        return;
    }
    let legal = legal_for(g, &mine);
    let party = party_commands(&legal, &mine);
    let ours = |c: &UnitCommand| party.contains(c);
    let hex_of = |target: HexId| named(g, Named::Hex(target));
    let mut moves = Vec::new();
    let mut fires = Vec::new();
    let mut assaults = Vec::new();
    let mut charges = Vec::new();
    let mut advances = Vec::new();
    for c in &legal {
        match c {
            UnitCommand::Move { to, .. } if ours(c) => moves.push(Pick {
                target: *to,
                command: unit_command(c.clone()),
                detail: hex_of(*to),
            }),
            UnitCommand::Fire { target, .. } if ours(c) => fires.push(Pick {
                target: *target,
                command: unit_command(c.clone()),
                detail: hex_of(*target),
            }),
            UnitCommand::Assault { target, .. } if ours(c) => assaults.push(Pick {
                target: *target,
                command: unit_command(c.clone()),
                detail: hex_of(*target),
            }),
            UnitCommand::Charge {
                target, checker, ..
            } if ours(c) => charges.push(Pick {
                target: format!(
                    "{}, {} takes the TQC",
                    hex_of(*target),
                    named(g, Named::Unit(*checker))
                ),
                command: unit_command(c.clone()),
                detail: "S10.7.2".to_string(),
            }),
            UnitCommand::Advance { units } if !units.is_empty() => advances.push(Pick {
                target: units
                    .iter()
                    .map(|&u| named(g, Named::Unit(u)))
                    .collect::<Vec<_>>()
                    .join(", "),
                command: unit_command(c.clone()),
                detail: "S10.6".to_string(),
            }),
            _ => {}
        }
    }
    push(out, "Move a hex", "S7.2", Then::Hex(moves));
    for c in &legal {
        let (label, case) = match c {
            UnitCommand::FinishMove { change_side: false } => ("End the move", "S7.2"),
            UnitCommand::FinishMove { change_side: true } => {
                ("End the move and change side", "S7.7")
            }
            UnitCommand::ChangeSide { .. } if ours(c) => ("Change side", "S7.7"),
            UnitCommand::Rally { unit } | UnitCommand::SecondActionCheck { unit }
                if ours(c) && mine.len() > 1 =>
            {
                // Several units selected: the button names the one it is for.
                let what = if matches!(c, UnitCommand::Rally { .. }) {
                    ("Rally", "S11.11")
                } else {
                    ("TQC for a second action", "S5.1.2")
                };
                let label = format!("{} {}", what.0, named(g, Named::Unit(*unit)));
                push(out, &label, what.1, Then::Send(unit_command(c.clone())));
                continue;
            }
            UnitCommand::Rally { .. } if ours(c) => ("Rally", "S11.11"),
            UnitCommand::SecondActionCheck { .. } if ours(c) => {
                ("TQC for a second action", "S5.1.2")
            }
            UnitCommand::Hold { .. } if ours(c) => ("Hold", "S5.2"),
            _ => continue,
        };
        push(out, label, case, Then::Send(unit_command(c.clone())));
    }
    push(out, "Fire", "S9.3", Then::Hex(fires));
    push(out, "Assault", "S10.1", Then::Hex(assaults));
    push(out, "Charge", "S10.7", Then::List(charges));
    push(out, "Advance", "S10.6", Then::List(advances));
    spare_actions(g, hex, &legal, out);
    if let [unit] = mine[..] {
        let dc = divisions(g, player).into_iter().map(|division| {
            (
                named(g, Named::Division(division)),
                turn(Turn::SpendDirectCommand { division, unit }),
                "a Direct Command".to_string(),
            )
        });
        push(out, "Direct Command", "S4.6", Then::List(picks(g, dc)));
    }
}

/// S6.4: in a hex where formations tie for the most units, the owner spares one.
fn spare_actions(g: &Gates, hex: HexId, legal: &[UnitCommand], out: &mut Vec<Action<Command>>) {
    let spares: Vec<Pick<String, Command>> = legal
        .iter()
        .filter_map(|c| match c {
            UnitCommand::Spare { hex: h, formation } if *h == hex => Some(Pick {
                target: g
                    .data
                    .formation_names
                    .get(usize::from(*formation))
                    .map_or_else(|| format!("formation {formation}"), |n| n.to_string()),
                command: unit_command(c.clone()),
                detail: "S6.4".to_string(),
            }),
            _ => None,
        })
        .collect();
    push(out, "Spare a formation", "S6.4", Then::List(spares));
}

/// An enemy hex selected: the fire, assaults and charges on it the active units may make.
fn target_hex_actions(g: &Gates, hex: HexId, out: &mut Vec<Action<Command>>) {
    let data = g.series_data();
    let mut legal: Vec<UnitCommand> = Vec::new();
    g.state
        .series
        .legal_unit_commands(&data, |c| legal.push(c.clone()));
    let by = |c: &UnitCommand| {
        c.units()
            .iter()
            .map(|&u| named(g, Named::Unit(u)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut list = |label: &str, case: &'static str, keep: &dyn Fn(&UnitCommand) -> bool| {
        let picks: Vec<Pick<String, Command>> = legal
            .iter()
            .filter(|c| keep(c))
            .map(|c| Pick {
                target: by(c),
                command: unit_command(c.clone()),
                detail: case.to_string(),
            })
            .collect();
        push(out, label, case, Then::List(picks));
    };
    list(
        "Fire at this hex",
        "S9.3",
        &|c: &UnitCommand| matches!(c, UnitCommand::Fire { target, .. } if *target == hex),
    );
    list(
        "Assault this hex",
        "S10.1",
        &|c: &UnitCommand| matches!(c, UnitCommand::Assault { target, .. } if *target == hex),
    );
    list(
        "Charge this hex",
        "S10.7",
        &|c: &UnitCommand| matches!(c, UnitCommand::Charge { target, .. } if *target == hex),
    );
    spare_actions(g, hex, &legal, out);
}

impl Offer for Gates {
    fn actions(&self, sel: &Selection) -> Vec<Action<Command>> {
        let mut out = Vec::new();
        let Pending::Command { player } = Ruleset::pending(self) else {
            return out;
        };
        if self.asks_electricity() {
            electricity_actions(self, sel, &mut out);
            return out;
        }
        match self.state.series.turn.step {
            Step::Arrivals(_) | Step::Returns(_) => placement_actions(self, sel, &mut out),
            Step::Spend(side) if sel.hex.is_none() && sel.units.is_empty() => {
                buy_actions(self, side, &mut out)
            }
            // The chit's actions, and the S6.4 picks of step 2D-b after them.
            _ if self.state.series.activation.is_some() => {
                activation_actions(self, player, sel, &mut out)
            }
            _ => {}
        }
        out
    }

    /// A finger traced into the next hex: one step of the selection's move (S7.2), when the
    /// engine lists it.
    fn trace_step(&self, sel: &Selection, to: HexId) -> Option<Command> {
        if self.state.series.activation.is_none() || sel.units.is_empty() {
            return None;
        }
        let moving = matches!(self.state.series.stage, Stage::Moving { .. } | Stage::Idle);
        if !moving {
            return None;
        }
        legal_for(self, &sel.units)
            .into_iter()
            .find_map(|c| match &c {
                UnitCommand::Move { units, to: t } if *t == to && same_units(units, &sel.units) => {
                    Some(unit_command(c))
                }
                _ => None,
            })
    }
}
