//! The pieces every game's notation shares (one input per line, for scripts, journals and bug
//! reports): the error, numbers, unit lists `3,4,5`, hexes as the map prints them, and the
//! table's own inputs — `roll 3 4`, `choose 1`, `draw 0` — which mean the same in every game.
//! Each game's notation module reads and writes its commands on these.

use super::hex::{Geometry, HexId};
use super::protocol::{DiceRoll, Input, MAX_DICE};
use super::units::UnitId;
use core::fmt;

/// Why a line does not read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotationError {
    pub reason: &'static str,
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.reason)
    }
}

pub fn bad<T>(reason: &'static str) -> Result<T, NotationError> {
    Err(NotationError { reason })
}

/// A number word.
pub fn number<T: core::str::FromStr>(t: Option<&str>) -> Result<T, NotationError> {
    t.and_then(|t| t.parse().ok()).ok_or(NotationError {
        reason: "a number expected",
    })
}

/// A list of units `3,4,5`, each one that `exists`.
pub fn units<const N: usize>(
    t: Option<&str>,
    exists: impl Fn(UnitId) -> bool,
) -> Result<heapless::Vec<UnitId, N>, NotationError> {
    let Some(t) = t else {
        return bad("units expected");
    };
    let mut v = heapless::Vec::new();
    for part in t.split(',') {
        let n: u16 = part.parse().map_err(|_| NotationError {
            reason: "a unit is a number",
        })?;
        if !exists(UnitId(n)) {
            return bad("no such unit");
        }
        v.push(UnitId(n)).map_err(|_| NotationError {
            reason: "too many units",
        })?;
    }
    Ok(v)
}

/// One unit that `exists`.
pub fn unit(t: Option<&str>, exists: impl Fn(UnitId) -> bool) -> Result<UnitId, NotationError> {
    let v: heapless::Vec<UnitId, 1> = units(t, exists)?;
    Ok(v[0])
}

/// A hex as the map prints it, on the map.
pub fn hex(g: &Geometry, t: Option<&str>) -> Result<HexId, NotationError> {
    t.and_then(|t| g.parse(t)).ok_or(NotationError {
        reason: "a hex on the map expected",
    })
}

/// Writes `3,4,5`.
pub fn write_units(out: &mut dyn fmt::Write, units: &[UnitId]) -> fmt::Result {
    for (i, u) in units.iter().enumerate() {
        if i > 0 {
            out.write_char(',')?;
        }
        write!(out, "{}", u.0)?;
    }
    Ok(())
}

/// Writes the table's own inputs (`roll`, `choose`, `draw`); `None` for a command, which is
/// the game's to write.
pub fn write_table_input<C>(input: &Input<C>, out: &mut dyn fmt::Write) -> Option<fmt::Result> {
    Some(match input {
        Input::Rolled(r) => {
            let mut w = || {
                out.write_str("roll")?;
                for v in &r.values {
                    write!(out, " {v}")?;
                }
                Ok(())
            };
            w()
        }
        Input::Chose(i) => write!(out, "choose {i}"),
        Input::Drew(i) => write!(out, "draw {i}"),
        Input::Command(_) => return None,
    })
}

/// Reads the table's own inputs (`roll 3 4`, `choose 1`, `draw 0`) from the line's first
/// `word` and the rest `w`; `None` for any other word (the game's commands).
pub fn read_table_input<'a, C>(
    word: &str,
    w: &mut impl Iterator<Item = &'a str>,
) -> Option<Result<Input<C>, NotationError>> {
    let read = |w: &mut dyn Iterator<Item = &'a str>| -> Result<Input<C>, NotationError> {
        let mut w = w;
        Ok(match word {
            "roll" => {
                let mut values: heapless::Vec<u8, MAX_DICE> = heapless::Vec::new();
                for t in &mut w {
                    values.push(number(Some(t))?).map_err(|_| NotationError {
                        reason: "too many dice",
                    })?;
                }
                if values.is_empty() {
                    return bad("dice expected");
                }
                Input::Rolled(DiceRoll::of(&values))
            }
            "choose" => Input::Chose(number(w.next())?),
            _ => Input::Drew(number(w.next())?),
        })
    };
    let read = |w: &mut dyn Iterator<Item = &'a str>| {
        let input = read(w)?;
        if w.next().is_some() {
            return bad("unexpected words at the end of the line");
        }
        Ok(input)
    };
    matches!(word, "roll" | "choose" | "draw").then(|| read(w))
}

/// A line's words; `None` for a blank or comment (`#`) line.
pub fn words(line: &str) -> Option<core::str::SplitWhitespace<'_>> {
    let line = line.trim();
    (!line.is_empty() && !line.starts_with('#')).then(|| line.split_whitespace())
}
