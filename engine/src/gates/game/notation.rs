//! *Gates*' notation: one input per line, for scripts, journals and bug reports, on the shared
//! pieces of `core::notation`. Units are written by their index in the countermix, hexes as the
//! rules write them (`30.35`), divisions and formations by index, sides `nato` / `wp`.
//!
//! ```text
//! power on / power off       1C-a: NATO sets the city's electricity (3.7)
//! end-reinforcements         1C: the reinforcement steps are done (S3.3.1)
//! buy division 2             1D: buy a chit (S4.3): division 2, formation 7, dc nato,
//! buy formation 7                dc-division 4, wind, event
//! buy formation 9 paid-by 2  1D: a police Formation chit paid by NATO division 2 (4.1.1)
//! done-buying                1D: this player has bought all he wants
//! dc 3 41                    spend a Direct Command of division 3 on unit 41 (S4.6.2)
//! end-activation             the chit's units have finished their actions (2D-a)
//! end-leader-moves           2D-b: the leaders have moved (S12.3.3)
//! hold-arrival 41            1C: unit 41 waits a turn on the track (S18.1)
//! end-arrivals / end-returns 1C: this player's arrivals / returns are placed
//! stay-routed 41             1C: unit 41 stays in the Routed box (S11.10)
//! place 41 30.35             1C: unit 41 arrives (S18.1) or returns (S11.10) at the hex
//! move 3,4 30.35             the units enter the adjacent hex (S7.2)
//! finish / finish change     the Move action ends, with a change of side (S7.7)
//! change-side 3,4            the Change Side action (S7.7)
//! fire 3,4 30.35             direct fire at the hex (S9.3)
//! rally 3                    the Rally action (S11.11)
//! second-action 3            the TQC for a second action (S5.1.2)
//! hold 3,4                   the Hold action (S5.2)
//! spare 30.35 7              formation 7 is spared in the tied hex (S6.4)
//! assault 3,4 30.35          an assault on the hex (S10.1)
//! charge 3,4 30.35 3         the hex's units charge; unit 3 takes the check (S10.7)
//! advance 3,4 / advance      the attackers advance into the emptied hex, or stay (S10.6)
//! roll 7 / choose 1 / draw 0 the table's inputs
//! draw 4                     also 4.3: the back of a political figure the Stasi found, the
//!                            5th of the backs still face down (4 blanks, Herr Schmidt, leaders)
//! ```

use super::{Command as GatesCommand, GatesData};
use crate::core::hex::HexId;
use crate::core::notation::{
    bad, hex, number, read_table_input, unit, units, words, write_table_input, write_units,
    NotationError,
};
use crate::core::protocol::Input;
use crate::core::side::Side;
use crate::core::units::UnitId;
use crate::css::command::turn::Command;
use crate::css::command::{Chit, DivisionId, FormationId};
use crate::css::game::{GameCommand, Group, UnitCommand};
use crate::gates::{NATO, WARSAW_PACT};
use core::fmt;

fn side_word(s: Side) -> &'static str {
    if s == NATO {
        "nato"
    } else {
        "wp"
    }
}

fn write_chit(out: &mut dyn fmt::Write, c: Chit) -> fmt::Result {
    match c {
        Chit::Division(d) => write!(out, "division {}", d.0),
        Chit::Formation(f) => write!(out, "formation {}", f.0),
        Chit::DirectCommand(s) => write!(out, "dc {}", side_word(s)),
        Chit::DivisionDirectCommand(d) => write!(out, "dc-division {}", d.0),
        Chit::Wind => out.write_str("wind"),
        Chit::RandomEvent => out.write_str("event"),
    }
}

/// Writes one input (no newline).
pub fn write(
    data: &GatesData,
    input: &Input<GatesCommand>,
    out: &mut dyn fmt::Write,
) -> fmt::Result {
    if let Some(r) = write_table_input(input, out) {
        return r;
    }
    let c = match input {
        Input::Command(GatesCommand::Series(c)) => c,
        Input::Command(GatesCommand::Electricity { on }) => {
            return out.write_str(if *on { "power on" } else { "power off" })
        }
        _ => return Ok(()),
    };
    let hex = |h: HexId| data.map.geometry.format(h);
    match c {
        GameCommand::Place { unit, hex: h } => write!(out, "place {} {}", unit.0, hex(*h)),
        GameCommand::Turn(t) => match t {
            Command::EndReinforcements => out.write_str("end-reinforcements"),
            Command::Buy(chit) => {
                out.write_str("buy ")?;
                write_chit(out, *chit)
            }
            Command::BuyPaidBy { chit, payer } => {
                out.write_str("buy ")?;
                write_chit(out, *chit)?;
                write!(out, " paid-by {}", payer.0)
            }
            Command::DoneBuying => out.write_str("done-buying"),
            Command::SpendDirectCommand { division, unit } => {
                write!(out, "dc {} {}", division.0, unit.0)
            }
            Command::EndActivation => out.write_str("end-activation"),
            Command::EndLeaderMoves => out.write_str("end-leader-moves"),
            Command::HoldArrival(u) => write!(out, "hold-arrival {}", u.0),
            Command::EndArrivals => out.write_str("end-arrivals"),
            Command::StayRouted(u) => write!(out, "stay-routed {}", u.0),
            Command::EndReturns => out.write_str("end-returns"),
        },
        GameCommand::Unit(u) => {
            let list = |out: &mut dyn fmt::Write, word: &str, g: &[UnitId]| {
                out.write_str(word)?;
                if !g.is_empty() {
                    out.write_char(' ')?;
                    write_units(out, g)?;
                }
                Ok(())
            };
            match u {
                UnitCommand::Move { units, to } => {
                    list(out, "move", units)?;
                    write!(out, " {}", hex(*to))
                }
                UnitCommand::FinishMove { change_side } => out.write_str(if *change_side {
                    "finish change"
                } else {
                    "finish"
                }),
                UnitCommand::ChangeSide { units } => list(out, "change-side", units),
                UnitCommand::Fire { units, target } => {
                    list(out, "fire", units)?;
                    write!(out, " {}", hex(*target))
                }
                UnitCommand::Rally { unit } => write!(out, "rally {}", unit.0),
                UnitCommand::SecondActionCheck { unit } => {
                    write!(out, "second-action {}", unit.0)
                }
                UnitCommand::Hold { units } => list(out, "hold", units),
                UnitCommand::Spare { hex: h, formation } => {
                    write!(out, "spare {} {}", hex(*h), formation)
                }
                UnitCommand::Assault { units, target } => {
                    list(out, "assault", units)?;
                    write!(out, " {}", hex(*target))
                }
                UnitCommand::Charge {
                    units,
                    target,
                    checker,
                } => {
                    list(out, "charge", units)?;
                    write!(out, " {} {}", hex(*target), checker.0)
                }
                UnitCommand::Advance { units } => list(out, "advance", units),
            }
        }
    }
}

fn read_chit<'a>(w: &mut impl Iterator<Item = &'a str>) -> Result<Chit, NotationError> {
    Ok(match w.next() {
        Some("division") => Chit::Division(DivisionId(number(w.next())?)),
        Some("formation") => Chit::Formation(FormationId(number(w.next())?)),
        Some("dc") => Chit::DirectCommand(match w.next() {
            Some("nato") => NATO,
            Some("wp") => WARSAW_PACT,
            _ => return bad("a side, nato or wp, expected"),
        }),
        Some("dc-division") => Chit::DivisionDirectCommand(DivisionId(number(w.next())?)),
        Some("wind") => Chit::Wind,
        Some("event") => Chit::RandomEvent,
        _ => return bad("a chit expected: division, formation, dc, dc-division, wind or event"),
    })
}

/// Reads one line; `Ok(None)` for a blank or comment line.
pub fn read(data: &GatesData, line: &str) -> Result<Option<Input<GatesCommand>>, NotationError> {
    let Some(mut w) = words(line) else {
        return Ok(None);
    };
    let word = w.next().unwrap_or("");
    if let Some(r) = read_table_input(word, &mut w) {
        return r.map(Some);
    }
    let exists = |u: UnitId| (u.0 as usize) < data.counters.len();
    let g = &data.map.geometry;
    let group = |t: Option<&str>| units::<{ crate::css::game::MAX_GROUP }>(t, exists);
    let turn = |c: Command| Input::Command(GatesCommand::Series(GameCommand::Turn(c)));
    let act = |c: UnitCommand| Input::Command(GatesCommand::Series(GameCommand::Unit(c)));
    let input = match word {
        "power" => Input::Command(GatesCommand::Electricity {
            on: match w.next() {
                Some("on") => true,
                Some("off") => false,
                _ => return bad("power on, or power off"),
            },
        }),
        "end-reinforcements" => turn(Command::EndReinforcements),
        "buy" => {
            let chit = read_chit(&mut w)?;
            match w.next() {
                None => turn(Command::Buy(chit)),
                Some("paid-by") => turn(Command::BuyPaidBy {
                    chit,
                    payer: DivisionId(number(w.next())?),
                }),
                Some(_) => return bad("buy CHIT, or buy CHIT paid-by DIVISION (4.1.1)"),
            }
        }
        "done-buying" => turn(Command::DoneBuying),
        "dc" => turn(Command::SpendDirectCommand {
            division: DivisionId(number(w.next())?),
            unit: unit(w.next(), exists)?,
        }),
        "end-activation" => turn(Command::EndActivation),
        "end-leader-moves" => turn(Command::EndLeaderMoves),
        "hold-arrival" => turn(Command::HoldArrival(unit(w.next(), exists)?)),
        "end-arrivals" => turn(Command::EndArrivals),
        "stay-routed" => turn(Command::StayRouted(unit(w.next(), exists)?)),
        "end-returns" => turn(Command::EndReturns),
        "place" => Input::Command(GatesCommand::Series(GameCommand::Place {
            unit: unit(w.next(), exists)?,
            hex: hex(g, w.next())?,
        })),
        "move" => act(UnitCommand::Move {
            units: group(w.next())?,
            to: hex(g, w.next())?,
        }),
        "finish" => act(UnitCommand::FinishMove {
            change_side: match w.next() {
                None => false,
                Some("change") => true,
                Some(_) => return bad("finish, or finish change"),
            },
        }),
        "change-side" => act(UnitCommand::ChangeSide {
            units: group(w.next())?,
        }),
        "fire" => act(UnitCommand::Fire {
            units: group(w.next())?,
            target: hex(g, w.next())?,
        }),
        "rally" => act(UnitCommand::Rally {
            unit: unit(w.next(), exists)?,
        }),
        "second-action" => act(UnitCommand::SecondActionCheck {
            unit: unit(w.next(), exists)?,
        }),
        "hold" => act(UnitCommand::Hold {
            units: group(w.next())?,
        }),
        "spare" => act(UnitCommand::Spare {
            hex: hex(g, w.next())?,
            formation: number(w.next())?,
        }),
        "assault" => act(UnitCommand::Assault {
            units: group(w.next())?,
            target: hex(g, w.next())?,
        }),
        "charge" => act(UnitCommand::Charge {
            units: group(w.next())?,
            target: hex(g, w.next())?,
            checker: unit(w.next(), exists)?,
        }),
        "advance" => act(UnitCommand::Advance {
            units: match w.next() {
                None => Group::new(),
                t => group(t)?,
            },
        }),
        _ => return bad("unknown command"),
    };
    if w.next().is_some() {
        return bad("unexpected words at the end of the line");
    }
    Ok(Some(input))
}
