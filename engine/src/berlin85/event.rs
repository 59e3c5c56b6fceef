//! What happened, in words a player reads in the event log, always citing its rule case.

use crate::core::hex::HexId;
use crate::core::protocol::{Case, Cited};
use crate::core::units::UnitId;
use core::fmt::{self, Write};

pub const EVENT_TEXT: usize = 112;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    pub case: Case,
    pub text: heapless::String<EVENT_TEXT>,
    pub unit: Option<UnitId>,
    pub hex: Option<HexId>,
}

impl Event {
    /// Builds an event from format arguments; text longer than the buffer is cut, not lost.
    pub fn new(case: Case, args: fmt::Arguments<'_>) -> Self {
        let mut text = heapless::String::new();
        let mut w = Truncating(&mut text);
        let _ = w.write_fmt(args);
        Event {
            case,
            text,
            unit: None,
            hex: None,
        }
    }
    pub fn unit(mut self, u: UnitId) -> Self {
        self.unit = Some(u);
        self
    }
    pub fn at(mut self, h: HexId) -> Self {
        self.hex = Some(h);
        self
    }
}

impl Cited for Event {
    fn case(&self) -> Case {
        self.case
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}] {}", self.case, self.text)
    }
}

struct Truncating<'a>(&'a mut heapless::String<EVENT_TEXT>);

impl fmt::Write for Truncating<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for c in s.chars() {
            if self.0.push(c).is_err() {
                break;
            }
        }
        Ok(())
    }
}

/// `event!(case, "fmt", args…)`
#[macro_export]
macro_rules! event {
    ($case:expr, $($arg:tt)*) => {
        $crate::berlin85::event::Event::new($case, format_args!($($arg)*))
    };
}
