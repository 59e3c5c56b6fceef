//! The parser: the grammar of each input line (commands by their verb, `roll`, `draw`,
//! `choose`) and of choice options, reading units by index or roster id and hexes checked
//! against the map when the game data is at hand.

use super::cursor::{Cursor, Tok};
use super::{Notation, NotationError};
use crate::berlin85::command::{Choice, Command, MAX_ATTACKERS, MAX_DEFENDERS, MAX_PATH};
use crate::berlin85::game::Input85;
use crate::core::hex::{parse_hex, HexId};
use crate::core::protocol::{DiceRoll, Input, MAX_DICE};
use crate::core::units::UnitId;

impl<'d> Notation<'d> {
    fn read_unit(&self, c: &Cursor<'_>, tok: Tok<'_>) -> Result<UnitId, NotationError> {
        let t = tok.text.trim();
        if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
            let n: u16 = t.parse().map_err(|_| c.err(Some(tok), "a unit number"))?;
            if let Some(d) = self.data {
                if n as usize >= d.roster.units.len() {
                    return Err(c.err(Some(tok), "a unit number of this game"));
                }
            }
            return Ok(UnitId(n));
        }
        match self.data {
            Some(d) => d
                .roster
                .find(t)
                .ok_or_else(|| c.err(Some(tok), "a unit id of this game (like us-m-1)")),
            None => Err(c.err(Some(tok), "a unit number (ids need the game data)")),
        }
    }

    fn unit(&self, c: &mut Cursor<'_>) -> Result<UnitId, NotationError> {
        match c.next() {
            Some(t) => self.read_unit(c, t),
            None => Err(c.err(None, "a unit (number or id)")),
        }
    }

    fn unit_list<const N: usize>(
        &self,
        c: &mut Cursor<'_>,
    ) -> Result<heapless::Vec<UnitId, N>, NotationError> {
        let Some(list) = c.next_list() else {
            return Err(c.err(None, "a list of units like 3,7 (or - for none)"));
        };
        let mut out = heapless::Vec::new();
        if list.text == "-" {
            return Ok(out);
        }
        let mut at = list.at;
        for part in list.text.split(',') {
            let lead = part.len() - part.trim_start().len();
            let tok = Tok {
                at: at + lead,
                text: part.trim(),
            };
            let u = self.read_unit(c, tok)?;
            out.push(u)
                .map_err(|_| c.err(Some(tok), "fewer units in the list"))?;
            at += part.len() + 1;
        }
        Ok(out)
    }

    fn read_hex(&self, c: &Cursor<'_>, tok: Tok<'_>) -> Result<HexId, NotationError> {
        let h = parse_hex(tok.text).ok_or_else(|| c.err(Some(tok), "a hex number like 3510"))?;
        if let Some(d) = self.data {
            if !d.map.geometry.contains(h) {
                return Err(c.err(Some(tok), "a hex on the map"));
            }
        }
        Ok(h)
    }

    fn hex(&self, c: &mut Cursor<'_>) -> Result<HexId, NotationError> {
        match c.next() {
            Some(t) => self.read_hex(c, t),
            None => Err(c.err(None, "a hex number like 3510")),
        }
    }

    /// Reads one line; `Ok(None)` for a blank or comment line.
    pub fn parse_input(&self, line: &str) -> Result<Option<Input85>, NotationError> {
        let mut c = Cursor::new(line);
        let Some(verb) = c.next() else {
            return Ok(None);
        };
        let v = verb.text;
        let is = |w: &str| v.eq_ignore_ascii_case(w);
        let cmd = |x: Command| Input::Command(x);
        let input = if is("place") {
            let unit = self.unit(&mut c)?;
            cmd(Command::Place {
                unit,
                hex: self.hex(&mut c)?,
            })
        } else if is("unplace") {
            cmd(Command::Unplace {
                unit: self.unit(&mut c)?,
            })
        } else if is("withhold") {
            cmd(Command::Withhold {
                unit: self.unit(&mut c)?,
            })
        } else if is("end") {
            let t = c.next();
            match t.map(|t| t.text) {
                Some(w) if w.eq_ignore_ascii_case("setup") => cmd(Command::EndSetup),
                Some(w) if w.eq_ignore_ascii_case("movement") => cmd(Command::EndMovement),
                Some(w) if w.eq_ignore_ascii_case("allocation") => cmd(Command::EndAllocation),
                Some(w) if w.eq_ignore_ascii_case("combat") => cmd(Command::EndCombat),
                _ => return Err(c.err(t, "setup, movement, allocation or combat")),
            }
        } else if is("move") {
            let unit = self.unit(&mut c)?;
            c.expect_word("to", "'to'")?;
            let to = self.hex(&mut c)?;
            cmd(Command::Move {
                unit,
                to,
                underground: c.flag("ubahn"),
            })
        } else if is("path") {
            let unit = self.unit(&mut c)?;
            let mut path = heapless::Vec::<HexId, MAX_PATH>::new();
            let mut underground = false;
            while let Some(t) = c.peek() {
                if t.text.eq_ignore_ascii_case("ubahn") {
                    c.next();
                    underground = true;
                    break;
                }
                c.next();
                let h = self.read_hex(&c, t)?;
                path.push(h)
                    .map_err(|_| c.err(Some(t), "at most 40 hexes in a path"))?;
            }
            cmd(Command::MovePath {
                unit,
                path,
                underground,
            })
        } else if is("airland") {
            let unit = self.unit(&mut c)?;
            cmd(Command::Airland {
                unit,
                hex: self.hex(&mut c)?,
            })
        } else if is("paradrop") {
            let unit = self.unit(&mut c)?;
            cmd(Command::Paradrop {
                unit,
                hex: self.hex(&mut c)?,
            })
        } else if is("exit") {
            cmd(Command::Exit {
                unit: self.unit(&mut c)?,
            })
        } else if is("declare") {
            let attackers = self.unit_list::<MAX_ATTACKERS>(&mut c)?;
            c.expect_word("on", "'on' and the defending units")?;
            let defenders = self.unit_list::<MAX_DEFENDERS>(&mut c)?;
            cmd(Command::Declare {
                attackers,
                defenders,
            })
        } else if is("undeclare") {
            cmd(Command::Undeclare {
                attack: c.number("an attack number")?,
            })
        } else if is("barrage") {
            let artillery = self.unit(&mut c)?;
            c.expect_word("on", "'on' and an attack number")?;
            let attack = c.number("an attack number")?;
            cmd(Command::Barrage {
                artillery,
                attack,
                gas: c.flag("gas"),
            })
        } else if is("barrage-hex") {
            let artillery = self.unit(&mut c)?;
            c.expect_word("at", "'at' and a hex")?;
            let hex = self.hex(&mut c)?;
            cmd(Command::BarrageHex {
                artillery,
                hex,
                gas: c.flag("gas"),
            })
        } else if is("air") {
            let attack = c.number("an attack number")?;
            c.expect_word("points", "'points'")?;
            cmd(Command::AirPoints {
                attack,
                points: c.number("a number of air points")?,
            })
        } else if is("interdict") {
            cmd(Command::Interdict {
                artillery: self.unit(&mut c)?,
            })
        } else if is("fpf") {
            let artillery = self.unit(&mut c)?;
            c.expect_word("on", "'on' and an attack number")?;
            let attack = c.number("an attack number")?;
            cmd(Command::Fpf {
                artillery,
                attack,
                gas: c.flag("gas"),
            })
        } else if is("resolve") {
            cmd(Command::Resolve {
                attack: c.number("an attack number")?,
            })
        } else if is("roll") {
            let mut values = heapless::Vec::<u8, MAX_DICE>::new();
            while c.peek().is_some() {
                let t = c.peek();
                let v: u8 = c.number("a die face")?;
                values.push(v).map_err(|_| c.err(t, "at most 4 dice"))?;
            }
            Input::Rolled(DiceRoll { values })
        } else if is("draw") {
            Input::Drew(c.number("the number of a chit")?)
        } else if is("choose") {
            Input::Chose(c.number("the number of an option")?)
        } else {
            return Err(c.err(
                Some(verb),
                "a command (place, move, path, declare, roll, choose …)",
            ));
        };
        c.end()?;
        Ok(Some(input))
    }

    /// Reads a choice option (`yes`, `hex 3510`, `unit us-m-1`, `strength 5-4` …).
    pub fn parse_choice(&self, text: &str) -> Result<Choice, NotationError> {
        let mut c = Cursor::new(text);
        let t = c.next();
        let Some(tok) = t else {
            return Err(c.err(None, "a choice (yes, no, hex, stop, unit, strength …)"));
        };
        let is = |w: &str| tok.text.eq_ignore_ascii_case(w);
        let choice = if is("yes") {
            Choice::Yes
        } else if is("no") {
            Choice::No
        } else if is("stop") {
            Choice::Stop
        } else if is("they-shall-not-pass") {
            Choice::TheyShallNotPass
        } else if is("hex") {
            Choice::Hex(self.hex(&mut c)?)
        } else if is("unit") {
            Choice::Unit(self.unit(&mut c)?)
        } else if is("strength") {
            let s = c.next();
            let parsed = s.and_then(|s| {
                let (a, d) = s.text.split_once('-')?;
                let num = |x: &str| {
                    x.bytes()
                        .all(|b| b.is_ascii_digit())
                        .then(|| x.parse::<u8>().ok())
                        .flatten()
                };
                Some((num(a)?, num(d)?))
            });
            match parsed {
                Some((attack, defense)) => Choice::Strength { attack, defense },
                None => return Err(c.err(s, "a strength like 5-4")),
            }
        } else {
            return Err(c.err(t, "a choice (yes, no, hex, stop, unit, strength …)"));
        };
        c.end()?;
        Ok(choice)
    }
}
