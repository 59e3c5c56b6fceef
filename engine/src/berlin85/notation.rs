//! A readable text notation for every Berlin '85 input and choice, for tests, journals, bug
//! reports and the headless CLI. One input per line; `#` starts a comment.
//!
//! ```text
//! place 4 3409                 withhold 5           unplace 4          end setup
//! move 12 to 3510              move 12 to 3510 ubahn
//! path 12 3509 3510 3611       path us-m-1 3509 ubahn
//! airland 70 3217              paradrop 71 2519     exit 9             end movement
//! declare 3,7 on 15            undeclare 1          barrage 40 on 2 gas
//! barrage-hex 40 at 2519       air 2 points 4       interdict 33       end allocation
//! fpf 33 on 2                  resolve 2            end combat
//! roll 3 4                     draw 2               choose 1
//! ```
//!
//! Units are written by roster id (`us-m-1`) or by their index in the unit table (`12`); the
//! printer uses roster ids when it has the game data. Hexes are written as printed on the map
//! (`3510`, or `30.35`). An empty unit list is `-`. Choice options (what a `choose N` picks)
//! have their own words: `yes`, `no`, `hex 3510`, `stop`, `they-shall-not-pass`, `unit 12`,
//! `strength 5-4`.

use super::command::{Choice, Command, MAX_ATTACKERS, MAX_DEFENDERS, MAX_PATH};
use super::data::GameData;
use super::game::Input85;
use crate::core::hex::{parse_hex, HexFormat, HexId};
use crate::core::protocol::{DiceRoll, Input, MAX_DICE};
use crate::core::units::UnitId;
use core::fmt::{self, Write};

/// Longest line the printer writes.
pub const LINE: usize = 640;
/// Longest offending text quoted in an error.
pub const FOUND: usize = 32;

pub type Line = heapless::String<LINE>;

/// A line that does not read: where (1-based character column) and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    pub column: usize,
    pub expected: &'static str,
    /// The text found there (empty at the end of the line).
    pub found: heapless::String<FOUND>,
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.found.is_empty() {
            write!(
                f,
                "column {}: expected {}, found the end of the line",
                self.column, self.expected
            )
        } else {
            write!(
                f,
                "column {}: expected {}, found '{}'",
                self.column, self.expected, self.found
            )
        }
    }
}

/// Reads and writes the notation, with or without the game data (without it, units are
/// written by index and roster ids cannot be read).
#[derive(Clone, Copy)]
pub struct Notation<'d> {
    pub data: Option<&'d GameData>,
}

/// Prints an input with roster ids (the CLI's journal listing).
pub fn format_input(data: &GameData, input: &Input85) -> Line {
    Notation { data: Some(data) }.format_input(input)
}

/// Reads one line; `Ok(None)` for a blank or comment line.
pub fn parse_input(data: &GameData, line: &str) -> Result<Option<Input85>, NotationError> {
    Notation { data: Some(data) }.parse_input(line)
}

/// Reads a script line by line, skipping blank and comment lines: `(line number, input)`.
/// Units must be given by index (no game data to look roster ids up).
pub fn parse_script(text: &str) -> Script<'_, '_> {
    Script {
        notation: Notation { data: None },
        lines: text.lines().enumerate(),
    }
}

/// Like [`parse_script`], reading roster ids with the game data.
pub fn parse_script_with<'d, 't>(data: &'d GameData, text: &'t str) -> Script<'d, 't> {
    Script {
        notation: Notation { data: Some(data) },
        lines: text.lines().enumerate(),
    }
}

pub struct Script<'d, 't> {
    notation: Notation<'d>,
    lines: core::iter::Enumerate<core::str::Lines<'t>>,
}

impl Iterator for Script<'_, '_> {
    type Item = (usize, Result<Input85, NotationError>);
    fn next(&mut self) -> Option<Self::Item> {
        for (i, line) in self.lines.by_ref() {
            match self.notation.parse_input(line) {
                Ok(None) => continue,
                Ok(Some(input)) => return Some((i + 1, Ok(input))),
                Err(e) => return Some((i + 1, Err(e))),
            }
        }
        None
    }
}

// ---- printing ---------------------------------------------------------------------------------

impl<'d> Notation<'d> {
    pub const fn plain() -> Self {
        Notation { data: None }
    }

    pub const fn with(data: &'d GameData) -> Self {
        Notation { data: Some(data) }
    }

    fn put_unit(&self, w: &mut Line, u: UnitId) {
        if let Some(d) = self.data {
            if let Some(def) = d.roster.get(u) {
                let id = def.id.as_str();
                if id_is_writable(id) && d.roster.find(id) == Some(u) {
                    let _ = w.push_str(id);
                    return;
                }
            }
        }
        let _ = write!(w, "{}", u.0);
    }

    fn put_units(&self, w: &mut Line, us: &[UnitId]) {
        if us.is_empty() {
            let _ = w.push('-');
        }
        for (i, &u) in us.iter().enumerate() {
            if i > 0 {
                let _ = w.push(',');
            }
            self.put_unit(w, u);
        }
    }

    fn put_hex(&self, w: &mut Line, h: HexId) {
        let dotted = self
            .data
            .is_some_and(|d| d.map.geometry.format == HexFormat::CcDotRr);
        if dotted || h.col > 99 || h.row > 99 {
            let _ = write!(w, "{:02}.{:02}", h.col, h.row);
        } else {
            let _ = write!(w, "{:02}{:02}", h.col, h.row);
        }
    }

    /// The notation of one input.
    pub fn format_input(&self, input: &Input85) -> Line {
        let mut w = Line::new();
        match input {
            Input::Command(c) => self.command(&mut w, c),
            Input::Rolled(r) => {
                let _ = w.push_str("roll");
                for v in &r.values {
                    let _ = write!(w, " {}", v);
                }
            }
            Input::Drew(i) => {
                let _ = write!(w, "draw {}", i);
            }
            Input::Chose(i) => {
                let _ = write!(w, "choose {}", i);
            }
        }
        w
    }

    fn command(&self, w: &mut Line, c: &Command) {
        let gas = |w: &mut Line, g: bool| {
            if g {
                let _ = w.push_str(" gas");
            }
        };
        let ubahn = |w: &mut Line, g: bool| {
            if g {
                let _ = w.push_str(" ubahn");
            }
        };
        match c {
            Command::Place { unit, hex } => {
                let _ = w.push_str("place ");
                self.put_unit(w, *unit);
                let _ = w.push(' ');
                self.put_hex(w, *hex);
            }
            Command::Unplace { unit } => {
                let _ = w.push_str("unplace ");
                self.put_unit(w, *unit);
            }
            Command::Withhold { unit } => {
                let _ = w.push_str("withhold ");
                self.put_unit(w, *unit);
            }
            Command::EndSetup => {
                let _ = w.push_str("end setup");
            }
            Command::Move {
                unit,
                to,
                underground,
            } => {
                let _ = w.push_str("move ");
                self.put_unit(w, *unit);
                let _ = w.push_str(" to ");
                self.put_hex(w, *to);
                ubahn(w, *underground);
            }
            Command::MovePath {
                unit,
                path,
                underground,
            } => {
                let _ = w.push_str("path ");
                self.put_unit(w, *unit);
                for &h in path {
                    let _ = w.push(' ');
                    self.put_hex(w, h);
                }
                ubahn(w, *underground);
            }
            Command::Airland { unit, hex } => {
                let _ = w.push_str("airland ");
                self.put_unit(w, *unit);
                let _ = w.push(' ');
                self.put_hex(w, *hex);
            }
            Command::Paradrop { unit, hex } => {
                let _ = w.push_str("paradrop ");
                self.put_unit(w, *unit);
                let _ = w.push(' ');
                self.put_hex(w, *hex);
            }
            Command::Exit { unit } => {
                let _ = w.push_str("exit ");
                self.put_unit(w, *unit);
            }
            Command::EndMovement => {
                let _ = w.push_str("end movement");
            }
            Command::Declare {
                attackers,
                defenders,
            } => {
                let _ = w.push_str("declare ");
                self.put_units(w, attackers);
                let _ = w.push_str(" on ");
                self.put_units(w, defenders);
            }
            Command::Undeclare { attack } => {
                let _ = write!(w, "undeclare {}", attack);
            }
            Command::Barrage {
                artillery,
                attack,
                gas: g,
            } => {
                let _ = w.push_str("barrage ");
                self.put_unit(w, *artillery);
                let _ = write!(w, " on {}", attack);
                gas(w, *g);
            }
            Command::BarrageHex {
                artillery,
                hex,
                gas: g,
            } => {
                let _ = w.push_str("barrage-hex ");
                self.put_unit(w, *artillery);
                let _ = w.push_str(" at ");
                self.put_hex(w, *hex);
                gas(w, *g);
            }
            Command::AirPoints { attack, points } => {
                let _ = write!(w, "air {} points {}", attack, points);
            }
            Command::Interdict { artillery } => {
                let _ = w.push_str("interdict ");
                self.put_unit(w, *artillery);
            }
            Command::EndAllocation => {
                let _ = w.push_str("end allocation");
            }
            Command::Fpf {
                artillery,
                attack,
                gas: g,
            } => {
                let _ = w.push_str("fpf ");
                self.put_unit(w, *artillery);
                let _ = write!(w, " on {}", attack);
                gas(w, *g);
            }
            Command::Resolve { attack } => {
                let _ = write!(w, "resolve {}", attack);
            }
            Command::EndCombat => {
                let _ = w.push_str("end combat");
            }
        }
    }

    /// The notation of one choice option.
    pub fn format_choice(&self, c: &Choice) -> Line {
        let mut w = Line::new();
        match c {
            Choice::Yes => {
                let _ = w.push_str("yes");
            }
            Choice::No => {
                let _ = w.push_str("no");
            }
            Choice::Hex(h) => {
                let _ = w.push_str("hex ");
                self.put_hex(&mut w, *h);
            }
            Choice::Stop => {
                let _ = w.push_str("stop");
            }
            Choice::TheyShallNotPass => {
                let _ = w.push_str("they-shall-not-pass");
            }
            Choice::Unit(u) => {
                let _ = w.push_str("unit ");
                self.put_unit(&mut w, *u);
            }
            Choice::Strength { attack, defense } => {
                let _ = write!(w, "strength {}-{}", attack, defense);
            }
        }
        w
    }
}

/// A roster id the parser reads back as an id: not a number, no spaces, commas or `#`.
fn id_is_writable(id: &str) -> bool {
    !id.is_empty()
        && id != "-"
        && !id.bytes().all(|b| b.is_ascii_digit())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
}

// ---- parsing ----------------------------------------------------------------------------------

/// A token: its byte offset in the line and its text.
#[derive(Clone, Copy)]
struct Tok<'a> {
    at: usize,
    text: &'a str,
}

struct Cursor<'a> {
    line: &'a str,
    pos: usize,
}

impl<'a> Cursor<'a> {
    fn new(line: &'a str) -> Self {
        let end = line.find('#').unwrap_or(line.len());
        Cursor {
            line: &line[..end],
            pos: 0,
        }
    }

    fn column(&self, byte: usize) -> usize {
        self.line[..byte.min(self.line.len())].chars().count() + 1
    }

    fn skip_space(&mut self) {
        let rest = &self.line[self.pos..];
        self.pos += rest.len() - rest.trim_start().len();
    }

    fn peek(&mut self) -> Option<Tok<'a>> {
        self.skip_space();
        let rest = &self.line[self.pos..];
        if rest.is_empty() {
            return None;
        }
        let len = rest.find(char::is_whitespace).unwrap_or(rest.len());
        Some(Tok {
            at: self.pos,
            text: &rest[..len],
        })
    }

    fn next(&mut self) -> Option<Tok<'a>> {
        let t = self.peek()?;
        self.pos = t.at + t.text.len();
        Some(t)
    }

    /// A comma-separated list, allowing spaces after the commas ("3, 7").
    fn next_list(&mut self) -> Option<Tok<'a>> {
        let first = self.next()?;
        let mut end = first.at + first.text.len();
        while self.line[..end].ends_with(',') {
            match self.next() {
                Some(t) => end = t.at + t.text.len(),
                None => break,
            }
        }
        Some(Tok {
            at: first.at,
            text: &self.line[first.at..end],
        })
    }

    fn err(&self, tok: Option<Tok<'_>>, expected: &'static str) -> NotationError {
        let mut found = heapless::String::new();
        let at = match tok {
            Some(t) => {
                for c in t.text.chars() {
                    if found.push(c).is_err() {
                        break;
                    }
                }
                t.at
            }
            None => self.line.trim_end().len(),
        };
        NotationError {
            column: self.column(at),
            expected,
            found,
        }
    }

    fn expect_word(&mut self, word: &str, expected: &'static str) -> Result<(), NotationError> {
        match self.next() {
            Some(t) if t.text.eq_ignore_ascii_case(word) => Ok(()),
            t => Err(self.err(t, expected)),
        }
    }

    /// An optional trailing flag word (`ubahn`, `gas`).
    fn flag(&mut self, word: &str) -> bool {
        match self.peek() {
            Some(t) if t.text.eq_ignore_ascii_case(word) => {
                self.next();
                true
            }
            _ => false,
        }
    }

    fn end(&mut self) -> Result<(), NotationError> {
        match self.next() {
            None => Ok(()),
            t => Err(self.err(t, "the end of the line")),
        }
    }

    fn number<T: core::str::FromStr>(
        &mut self,
        expected: &'static str,
    ) -> Result<T, NotationError> {
        let t = self.next();
        match t {
            Some(tok) if tok.text.bytes().all(|b| b.is_ascii_digit()) => {
                tok.text.parse().map_err(|_| self.err(t, expected))
            }
            _ => Err(self.err(t, expected)),
        }
    }
}

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

/// The index of `choice` among the options of a pending choice (for `choose N`).
pub fn choice_index(options: &[Choice], choice: &Choice) -> Option<u8> {
    options.iter().position(|o| o == choice).map(|i| i as u8)
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use crate::berlin85::state::{NATO, WARSAW_PACT};
    use crate::berlin85::testkit::{hex, Board};
    use crate::core::units::UnitKind;
    use std::string::ToString;
    use std::vec::Vec;

    /// A small deterministic generator (xorshift).
    struct Gen(u64);
    impl Gen {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn below(&mut self, n: u64) -> u64 {
            self.next() % n.max(1)
        }
        fn flag(&mut self) -> bool {
            self.next() & 1 == 1
        }
    }

    fn gen_unit(g: &mut Gen, units: u16) -> UnitId {
        UnitId(g.below(units as u64) as u16)
    }
    fn gen_hex(g: &mut Gen, cols: u8, rows: u8) -> HexId {
        HexId::new(
            1 + g.below(cols as u64) as u8,
            1 + g.below(rows as u64) as u8,
        )
    }
    fn gen_list<const N: usize>(g: &mut Gen, units: u16) -> heapless::Vec<UnitId, N> {
        let n = g.below(N as u64 + 1);
        (0..n).map(|_| gen_unit(g, units)).collect()
    }

    /// Every variant of `Input<Command>`, with random fields within the game's ranges.
    fn gen_input(g: &mut Gen, units: u16, cols: u8, rows: u8) -> Input85 {
        let c = |x| Input::Command(x);
        match g.below(26) {
            0 => c(Command::Place {
                unit: gen_unit(g, units),
                hex: gen_hex(g, cols, rows),
            }),
            1 => c(Command::Unplace {
                unit: gen_unit(g, units),
            }),
            2 => c(Command::Withhold {
                unit: gen_unit(g, units),
            }),
            3 => c(Command::EndSetup),
            4 => c(Command::Move {
                unit: gen_unit(g, units),
                to: gen_hex(g, cols, rows),
                underground: g.flag(),
            }),
            5 => {
                let n = g.below(MAX_PATH as u64 + 1);
                let path = (0..n).map(|_| gen_hex(g, cols, rows)).collect();
                c(Command::MovePath {
                    unit: gen_unit(g, units),
                    path,
                    underground: g.flag(),
                })
            }
            6 => c(Command::Airland {
                unit: gen_unit(g, units),
                hex: gen_hex(g, cols, rows),
            }),
            7 => c(Command::Paradrop {
                unit: gen_unit(g, units),
                hex: gen_hex(g, cols, rows),
            }),
            8 => c(Command::Exit {
                unit: gen_unit(g, units),
            }),
            9 => c(Command::EndMovement),
            10 => c(Command::Declare {
                attackers: gen_list(g, units),
                defenders: gen_list(g, units),
            }),
            11 => c(Command::Undeclare {
                attack: g.next() as u8,
            }),
            12 => c(Command::Barrage {
                artillery: gen_unit(g, units),
                attack: g.next() as u8,
                gas: g.flag(),
            }),
            13 => c(Command::BarrageHex {
                artillery: gen_unit(g, units),
                hex: gen_hex(g, cols, rows),
                gas: g.flag(),
            }),
            14 => c(Command::AirPoints {
                attack: g.next() as u8,
                points: g.next() as u8,
            }),
            15 => c(Command::Interdict {
                artillery: gen_unit(g, units),
            }),
            16 => c(Command::EndAllocation),
            17 => c(Command::Fpf {
                artillery: gen_unit(g, units),
                attack: g.next() as u8,
                gas: g.flag(),
            }),
            18 => c(Command::Resolve {
                attack: g.next() as u8,
            }),
            19 => c(Command::EndCombat),
            20 | 21 => {
                let n = g.below(MAX_DICE as u64 + 1) as usize;
                let v: Vec<u8> = (0..n).map(|_| g.next() as u8).collect();
                Input::Rolled(DiceRoll::of(&v))
            }
            22 | 23 => Input::Drew(g.next() as u16),
            _ => Input::Chose(g.next() as u8),
        }
    }

    fn gen_choice(g: &mut Gen, units: u16, cols: u8, rows: u8) -> Choice {
        match g.below(7) {
            0 => Choice::Yes,
            1 => Choice::No,
            2 => Choice::Hex(gen_hex(g, cols, rows)),
            3 => Choice::Stop,
            4 => Choice::TheyShallNotPass,
            5 => Choice::Unit(gen_unit(g, units)),
            _ => Choice::Strength {
                attack: g.next() as u8,
                defense: g.next() as u8,
            },
        }
    }

    fn board_with_ids() -> &'static GameData {
        let mut b = Board::new(39, 50);
        for i in 0..40u16 {
            let u = b.unit(
                if i % 2 == 0 { NATO } else { WARSAW_PACT },
                UnitKind::Mechanized,
                1,
                1,
                12,
            );
            let id = &mut b.def_mut(u).id;
            id.clear();
            let _ = core::fmt::write(
                id,
                format_args!("{}-m-{}", if i % 2 == 0 { "us" } else { "sov" }, i),
            );
        }
        std::boxed::Box::leak(b.data)
    }

    #[test]
    fn notation_round_trips_every_input_and_choice() {
        let data = board_with_ids();
        let with = Notation::with(data);
        let plain = Notation::plain();
        let mut g = Gen(0x9E37_79B9_7F4A_7C15);
        let mut kinds: Vec<std::string::String> = Vec::new();
        for _ in 0..20_000 {
            // With the data: roster ids and on-map hexes.
            let input = gen_input(&mut g, 40, 39, 50);
            let text = with.format_input(&input);
            assert_eq!(with.parse_input(&text), Ok(Some(input.clone())), "{text}");
            // Without: indices and any hex numbers.
            let input = gen_input(&mut g, u16::MAX, 255, 255);
            let text = plain.format_input(&input);
            assert_eq!(plain.parse_input(&text), Ok(Some(input.clone())), "{text}");
            let choice = gen_choice(&mut g, 40, 39, 50);
            let text = with.format_choice(&choice);
            assert_eq!(with.parse_choice(&text), Ok(choice), "{text}");
            let choice = gen_choice(&mut g, u16::MAX, 255, 255);
            let text = plain.format_choice(&choice);
            assert_eq!(plain.parse_choice(&text), Ok(choice), "{text}");
            let kind = std::format!("{:?}", input);
            let words = if kind.starts_with("Command") { 2 } else { 1 };
            let kind = kind
                .split(|c: char| !c.is_alphanumeric())
                .take(words)
                .collect::<Vec<_>>()
                .join(" ");
            if !kinds.contains(&kind) {
                kinds.push(kind);
            }
        }
        assert_eq!(
            kinds.len(),
            20 + 3,
            "every command and every other input kind: {kinds:?}"
        );
    }

    #[test]
    fn notation_reads_the_documented_examples() {
        let p = Notation::plain();
        let cmd = |t: &str| match p.parse_input(t) {
            Ok(Some(Input::Command(c))) => c,
            other => panic!("{t}: {other:?}"),
        };
        assert_eq!(
            cmd("move 12 to 3510"),
            Command::Move {
                unit: UnitId(12),
                to: hex("3510"),
                underground: false
            }
        );
        assert_eq!(
            cmd("move 12 to 3510 ubahn"),
            Command::Move {
                unit: UnitId(12),
                to: hex("3510"),
                underground: true
            }
        );
        assert_eq!(
            cmd("path 12 3509 3510 3611"),
            Command::MovePath {
                unit: UnitId(12),
                path: [hex("3509"), hex("3510"), hex("3611")]
                    .into_iter()
                    .collect(),
                underground: false
            }
        );
        assert_eq!(
            cmd("place 4 3409"),
            Command::Place {
                unit: UnitId(4),
                hex: hex("3409")
            }
        );
        assert_eq!(
            cmd("declare 3,7 on 15"),
            Command::Declare {
                attackers: [UnitId(3), UnitId(7)].into_iter().collect(),
                defenders: [UnitId(15)].into_iter().collect()
            }
        );
        assert_eq!(
            cmd("declare 3, 7 on 15"),
            cmd("declare 3,7 on 15"),
            "spaces after commas"
        );
        assert_eq!(
            cmd("barrage 40 on 2 gas"),
            Command::Barrage {
                artillery: UnitId(40),
                attack: 2,
                gas: true
            }
        );
        assert_eq!(
            cmd("air 2 points 4"),
            Command::AirPoints {
                attack: 2,
                points: 4
            }
        );
        assert_eq!(
            cmd("fpf 33 on 2"),
            Command::Fpf {
                artillery: UnitId(33),
                attack: 2,
                gas: false
            }
        );
        assert_eq!(cmd("resolve 2"), Command::Resolve { attack: 2 });
        assert_eq!(cmd("end movement"), Command::EndMovement);
        assert_eq!(cmd("end combat"), Command::EndCombat);
        assert_eq!(cmd("end setup"), Command::EndSetup);
        assert_eq!(cmd("end allocation"), Command::EndAllocation);
        assert_eq!(cmd("withhold 5"), Command::Withhold { unit: UnitId(5) });
        assert_eq!(
            cmd("airland 70 3217"),
            Command::Airland {
                unit: UnitId(70),
                hex: hex("3217")
            }
        );
        assert_eq!(
            cmd("paradrop 71 2519"),
            Command::Paradrop {
                unit: UnitId(71),
                hex: hex("2519")
            }
        );
        assert_eq!(cmd("exit 9"), Command::Exit { unit: UnitId(9) });
        assert_eq!(
            cmd("interdict 33"),
            Command::Interdict {
                artillery: UnitId(33)
            }
        );
        assert_eq!(cmd("unplace 4"), Command::Unplace { unit: UnitId(4) });
        assert_eq!(cmd("undeclare 1"), Command::Undeclare { attack: 1 });
        assert_eq!(
            cmd("barrage-hex 40 at 2519"),
            Command::BarrageHex {
                artillery: UnitId(40),
                hex: hex("2519"),
                gas: false
            }
        );
        assert_eq!(
            p.parse_input("roll 3 4"),
            Ok(Some(Input::Rolled(DiceRoll::of(&[3, 4]))))
        );
        assert_eq!(p.parse_input("draw 2"), Ok(Some(Input::Drew(2))));
        assert_eq!(p.parse_input("choose 1"), Ok(Some(Input::Chose(1))));
        assert_eq!(
            p.parse_input("  MOVE 12 TO 3510  # a comment"),
            p.parse_input("move 12 to 3510")
        );
        assert_eq!(p.parse_input("   # only a comment"), Ok(None));
        assert_eq!(p.parse_input(""), Ok(None));
    }

    #[test]
    fn notation_roster_ids_in_and_out() {
        let data = board_with_ids();
        let input = parse_input(data, "declare us-m-0, us-m-2 on sov-m-1")
            .unwrap()
            .unwrap();
        assert_eq!(
            input,
            Input::Command(Command::Declare {
                attackers: [UnitId(0), UnitId(2)].into_iter().collect(),
                defenders: [UnitId(1)].into_iter().collect()
            })
        );
        assert_eq!(
            format_input(data, &input).as_str(),
            "declare us-m-0,us-m-2 on sov-m-1"
        );
        assert_eq!(
            parse_input(data, "move 3 to 0108").unwrap(),
            parse_input(data, "move sov-m-3 to 0108").unwrap()
        );
        assert_eq!(
            Notation::plain().format_input(&input).as_str(),
            "declare 0,2 on 1"
        );
    }

    #[test]
    fn notation_errors_name_the_column_and_what_was_expected() {
        let p = Notation::plain();
        let e = p.parse_input("move 12 to 35x0").unwrap_err();
        assert_eq!(
            (e.column, e.expected, e.found.as_str()),
            (12, "a hex number like 3510", "35x0")
        );
        assert_eq!(
            e.to_string(),
            "column 12: expected a hex number like 3510, found '35x0'"
        );
        let e = p.parse_input("move 12 3510").unwrap_err();
        assert_eq!((e.column, e.expected), (9, "'to'"));
        let e = p.parse_input("move 12 to").unwrap_err();
        assert_eq!(e.column, 11);
        assert!(e.to_string().ends_with("found the end of the line"), "{e}");
        let e = p.parse_input("jump 12").unwrap_err();
        assert_eq!(e.column, 1);
        let e = p.parse_input("resolve 2 now").unwrap_err();
        assert_eq!((e.column, e.expected), (11, "the end of the line"));
        let e = p.parse_input("declare 3,x on 15").unwrap_err();
        assert_eq!(e.column, 11, "points into the list");
        let e = p.parse_input("roll 1 2 3 4 5").unwrap_err();
        assert_eq!((e.column, e.expected), (14, "at most 4 dice"));
        let e = p.parse_input("move us-m-1 to 3510").unwrap_err();
        assert_eq!(e.expected, "a unit number (ids need the game data)");
        let data = board_with_ids();
        let e = parse_input(data, "move nobody to 3510").unwrap_err();
        assert_eq!(
            (e.column, e.expected),
            (6, "a unit id of this game (like us-m-1)")
        );
        let e = parse_input(data, "move 400 to 3510").unwrap_err();
        assert_eq!(e.expected, "a unit number of this game");
        let e = parse_input(data, "move 1 to 4051").unwrap_err();
        assert_eq!(e.expected, "a hex on the map");
        let e = p.parse_choice("strength 5").unwrap_err();
        assert_eq!(e.expected, "a strength like 5-4");
    }

    #[test]
    fn notation_scripts_number_their_lines() {
        let text = "# Operation Unity, opening\nplace 4 3409\n\n  end setup # done\nmove 12 to 35x0\nroll 6\n";
        let got: Vec<_> = parse_script(text).collect();
        assert_eq!(got.len(), 4);
        assert_eq!(
            got[0],
            (
                2,
                Ok(Input::Command(Command::Place {
                    unit: UnitId(4),
                    hex: hex("3409")
                }))
            )
        );
        assert_eq!(got[1], (4, Ok(Input::Command(Command::EndSetup))));
        assert_eq!(got[2].0, 5);
        assert_eq!(got[2].1.as_ref().unwrap_err().column, 12);
        assert_eq!(got[3], (6, Ok(Input::Rolled(DiceRoll::of(&[6])))));
        let data = board_with_ids();
        let got: Vec<_> = parse_script_with(data, "move us-m-0 to 0101").collect();
        assert_eq!(got[0].0, 1);
        assert!(got[0].1.is_ok());
    }

    #[test]
    fn notation_choices_and_their_index() {
        let p = Notation::plain();
        let opts = [Choice::Yes, Choice::No, Choice::Hex(hex("3510"))];
        assert_eq!(
            choice_index(&opts, &p.parse_choice("hex 3510").unwrap()),
            Some(2)
        );
        assert_eq!(choice_index(&opts, &p.parse_choice("no").unwrap()), Some(1));
        assert_eq!(
            p.parse_choice("they-shall-not-pass"),
            Ok(Choice::TheyShallNotPass)
        );
        assert_eq!(
            p.parse_choice("strength 5-4"),
            Ok(Choice::Strength {
                attack: 5,
                defense: 4
            })
        );
        assert_eq!(p.format_choice(&Choice::Unit(UnitId(7))).as_str(), "unit 7");
    }
}
