//! The printer: the notation of every input and choice option, one line each. Units are written
//! by roster id when the game data is at hand and the id reads back as that unit, by index
//! otherwise; hexes as printed on the map.

use super::{Line, Notation};
use crate::berlin85::command::{Choice, Command};
use crate::berlin85::game::Input85;
use crate::core::hex::{HexFormat, HexId};
use crate::core::protocol::Input;
use crate::core::units::UnitId;
use core::fmt::Write;

impl<'d> Notation<'d> {
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
