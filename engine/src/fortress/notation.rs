//! Fortress Berlin's notation: one input per line, for scripts, journals and bug reports.
//! Units are written by their index in the counter list, hexes as the map prints them,
//! directions as `d0`…`d5` (`core::hex::Dir` order).
//!
//! ```text
//! end                      the phasing player ends the segment (4.1)
//! move 3,4 0506            a force steps into an adjacent hex (3.1.4, 7.1)
//! release 3,4              the force is done for the segment (7.1.1)
//! mode 3 d2                unit 3 changes mode, facing d2 if alone in maneuver mode (3.3.3)
//! face 0506 d1             the force in 0506 faces d1 (3.4.2)
//! top 3                    unit 3 goes on top of its force (3.1.5)
//! assault 0,1 0405         a close assault on 0405 (8.4)
//! bombard 7 0404           a bombardment of 0404 (8.2)
//! mixed 7,5 0404           a mixed bombardment of 0404 (8.2.1)
//! exit 12,13               a withdrawing force leaves the map (5.2)
//! suicide                  Hitler's suicide attempt (11.1.2)
//! disband 40               an immobile flak unit disbanded for a Volkssturm (13.6.1)
//! air 0404                 an air strike on 0404 (11.4)
//! place 40 5117 c          set-up: unit 40 in 5117 in Combat Mode (13.0, 3.3.3)
//! place 40 5117 m d2       set-up: in Maneuver Mode facing d2 (3.4)
//! takeback 40              set-up: unit 40 back off the map (13.0)
//! setup-done               the German set-up is complete (13.0)
//! ubahn-down 40 5117       unit 40 goes down into the U-Bahn at the station 5117 (17.1.1)
//! ubahn 40 5515            unit 40, underground, rides to the station 5515 (17.1.2)
//! ubahn-up 40              unit 40 comes up at its station (17.1.2)
//! flee 380                 leader 380 tries to flee Berlin (17.4.2)
//! leader-suicide 380       leader 380's suicide attempt (17.4.2)
//! leader-move 380 5016     the defector 380 moves one hex (17.4.3)
//! roll 3 4                 the table's dice
//! choose 1                 option 1 of the pending choice
//! draw 0                   chit 0 of the pending draw
//! ```
//! Blank lines and lines starting with `#` read as nothing.

use super::counters::{Front, COMBAT, MANEUVER};
use super::data::{GameData, Placement};
use super::game::{Command, Force};
use crate::core::hex::{Dir, HexId};
pub use crate::core::notation::NotationError;
use crate::core::notation::{self, bad, write_units};
use crate::core::protocol::Input;
use crate::core::units::UnitId;
use core::fmt;

/// Writes one input (no newline).
pub fn write(data: &GameData, input: &Input<Command>, out: &mut dyn fmt::Write) -> fmt::Result {
    let hex = |h: HexId| data.map.geometry.format(h);
    if let Some(r) = notation::write_table_input(input, out) {
        return r;
    }
    match input {
        Input::Rolled(_) | Input::Chose(_) | Input::Drew(_) => Ok(()),
        Input::Command(c) => match c {
            Command::EndSegment => out.write_str("end"),
            Command::Move { units, to } => {
                out.write_str("move ")?;
                write_units(out, units)?;
                write!(out, " {}", hex(*to))
            }
            Command::Release { units } => {
                out.write_str("release ")?;
                write_units(out, units)
            }
            Command::ChangeMode { unit, facing } => {
                write!(out, "mode {} d{}", unit.0, facing.index())
            }
            Command::Face { hex: h, dir } => write!(out, "face {} d{}", hex(*h), dir.index()),
            Command::Top { unit } => write!(out, "top {}", unit.0),
            Command::Assault { attackers, target } => {
                out.write_str("assault ")?;
                write_units(out, attackers)?;
                write!(out, " {}", hex(*target))
            }
            Command::Bombard {
                firers,
                target,
                mixed,
            } => {
                out.write_str(if *mixed { "mixed " } else { "bombard " })?;
                write_units(out, firers)?;
                write!(out, " {}", hex(*target))
            }
            Command::GunFire { firers, target } => {
                out.write_str("gunfire ")?;
                write_units(out, firers)?;
                write!(out, " {}", target.0)
            }
            Command::Shuffle { holder } => write!(
                out,
                "shuffle {} {} {} {}",
                holder[0], holder[1], holder[2], holder[3]
            ),
            Command::Exit { units } => {
                out.write_str("exit ")?;
                write_units(out, units)
            }
            Command::Suicide => out.write_str("suicide"),
            Command::Disband { unit } => write!(out, "disband {}", unit.0),
            Command::AirStrike { target, by } => {
                write!(out, "air {}", hex(*target))?;
                match by {
                    Some(Front::Zhukov) => out.write_str(" zhukov"),
                    Some(Front::Koniev) => out.write_str(" koniev"),
                    None => Ok(()),
                }
            }
            Command::Place(p) => {
                write!(out, "place {} {}", p.unit.0, hex(p.hex))?;
                if p.face == MANEUVER {
                    write!(out, " m d{}", p.facing.index())
                } else {
                    out.write_str(" c")
                }
            }
            Command::TakeBack { unit } => write!(out, "takeback {}", unit.0),
            Command::SetUpDone => out.write_str("setup-done"),
            Command::UbahnDown { unit, at } => write!(out, "ubahn-down {} {}", unit.0, hex(*at)),
            Command::UbahnRide { unit, to } => write!(out, "ubahn {} {}", unit.0, hex(*to)),
            Command::UbahnUp { unit } => write!(out, "ubahn-up {}", unit.0),
            Command::Flee { leader } => write!(out, "flee {}", leader.0),
            Command::LeaderSuicide { leader } => write!(out, "leader-suicide {}", leader.0),
            Command::LeaderMove { leader, to } => {
                write!(out, "leader-move {} {}", leader.0, hex(*to))
            }
        },
    }
}

fn units<const N: usize>(
    data: &GameData,
    t: Option<&str>,
) -> Result<heapless::Vec<UnitId, N>, NotationError> {
    notation::units(t, |u| data.forces.counter(u).is_some())
}

fn unit(data: &GameData, t: Option<&str>) -> Result<UnitId, NotationError> {
    notation::unit(t, |u| data.forces.counter(u).is_some())
}

fn hex(data: &GameData, t: Option<&str>) -> Result<HexId, NotationError> {
    notation::hex(&data.map.geometry, t)
}

fn dir(t: Option<&str>) -> Result<Dir, NotationError> {
    match t
        .and_then(|t| t.strip_prefix('d'))
        .and_then(|n| n.parse::<usize>().ok())
    {
        Some(i) if i < 6 => Ok(Dir::from_index(i)),
        _ => bad("a direction d0…d5 expected"),
    }
}

/// Reads one line; `Ok(None)` for a blank or comment line.
pub fn read(data: &GameData, line: &str) -> Result<Option<Input<Command>>, NotationError> {
    let Some(mut w) = notation::words(line) else {
        return Ok(None);
    };
    let word = w.next().unwrap_or("");
    if let Some(r) = notation::read_table_input(word, &mut w) {
        return r.map(Some);
    }
    let input = match word {
        "end" => Input::Command(Command::EndSegment),
        "move" => {
            let units: Force = units(data, w.next())?;
            Input::Command(Command::Move {
                units,
                to: hex(data, w.next())?,
            })
        }
        "release" => Input::Command(Command::Release {
            units: units(data, w.next())?,
        }),
        "mode" => Input::Command(Command::ChangeMode {
            unit: unit(data, w.next())?,
            facing: dir(w.next())?,
        }),
        "face" => Input::Command(Command::Face {
            hex: hex(data, w.next())?,
            dir: dir(w.next())?,
        }),
        "top" => Input::Command(Command::Top {
            unit: unit(data, w.next())?,
        }),
        "assault" => {
            let attackers = units(data, w.next())?;
            Input::Command(Command::Assault {
                attackers,
                target: hex(data, w.next())?,
            })
        }
        "bombard" | "mixed" => {
            let firers = units(data, w.next())?;
            Input::Command(Command::Bombard {
                firers,
                target: hex(data, w.next())?,
                mixed: word == "mixed",
            })
        }
        "gunfire" => {
            let firers = units(data, w.next())?;
            Input::Command(Command::GunFire {
                firers,
                target: unit(data, w.next())?,
            })
        }
        "shuffle" => {
            let mut holder = [0u8; 4];
            for h in holder.iter_mut() {
                *h = match w.next().map(str::parse::<u8>) {
                    Some(Ok(v)) if v < 4 => v,
                    _ => return bad("shuffle: four German player numbers 0-3 expected"),
                };
            }
            Input::Command(Command::Shuffle { holder })
        }
        "exit" => Input::Command(Command::Exit {
            units: units(data, w.next())?,
        }),
        "suicide" => Input::Command(Command::Suicide),
        "air" => {
            let target = hex(data, w.next())?;
            let by = match w.next() {
                None => None,
                Some("zhukov") => Some(Front::Zhukov),
                Some("koniev") => Some(Front::Koniev),
                Some(_) => return bad("air: the front that calls it is zhukov or koniev"),
            };
            Input::Command(Command::AirStrike { target, by })
        }
        "disband" => Input::Command(Command::Disband {
            unit: unit(data, w.next())?,
        }),
        "place" => {
            let unit = unit(data, w.next())?;
            let at = hex(data, w.next())?;
            let (face, facing) = match w.next() {
                Some("c") => (COMBAT, Dir::Up),
                Some("m") => (MANEUVER, dir(w.next())?),
                _ => return bad("a mode c (combat) or m dN (maneuver, facing) expected"),
            };
            Input::Command(Command::Place(Placement {
                unit,
                hex: at,
                face,
                facing,
            }))
        }
        "takeback" => Input::Command(Command::TakeBack {
            unit: unit(data, w.next())?,
        }),
        "setup-done" => Input::Command(Command::SetUpDone),
        "ubahn-down" => Input::Command(Command::UbahnDown {
            unit: unit(data, w.next())?,
            at: hex(data, w.next())?,
        }),
        "ubahn" => Input::Command(Command::UbahnRide {
            unit: unit(data, w.next())?,
            to: hex(data, w.next())?,
        }),
        "ubahn-up" => Input::Command(Command::UbahnUp {
            unit: unit(data, w.next())?,
        }),
        "flee" => Input::Command(Command::Flee {
            leader: unit(data, w.next())?,
        }),
        "leader-suicide" => Input::Command(Command::LeaderSuicide {
            leader: unit(data, w.next())?,
        }),
        "leader-move" => {
            let leader = unit(data, w.next())?;
            Input::Command(Command::LeaderMove {
                leader,
                to: hex(data, w.next())?,
            })
        }
        _ => return bad("unknown command"),
    };
    if w.next().is_some() {
        return bad("unexpected words at the end of the line");
    }
    Ok(Some(input))
}
