//! What flows in and out of a game: inputs, pending requests, refusals and events.
//!
//! The engine never rolls dice or draws chits: when the rules need chance it stops in a
//! [`Pending::Roll`] or [`Pending::DrawChit`] and waits for an [`Input::Rolled`] /
//! [`Input::Drew`] that came from the table's RNG, a physical die typed in, or a real chit.

use super::side::Side;
use core::fmt;
use serde::{Deserialize, Serialize};

/// Options in one [`Pending::Choose`] or chits listed in one [`Pending::DrawChit`] (the largest
/// untried cup of Berlin '85, the 50 mechanized chits, fits, so a uniform pick is an exact draw).
pub const MAX_OPTIONS: usize = 64;
/// Events one input may produce.
pub const MAX_EVENTS: usize = 64;
/// Dice in one roll.
pub const MAX_DICE: usize = 4;

/// A rule case number as printed in a rulebook ("7.76", "3.1.5", "8.2").
pub type Case = &'static str;

/// A refused input: which rule forbids it and a one-line paraphrase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleViolation {
    pub case: Case,
    pub reason: &'static str,
}

impl RuleViolation {
    pub const fn new(case: Case, reason: &'static str) -> Self {
        RuleViolation { case, reason }
    }
}

impl fmt::Display for RuleViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}] {}", self.case, self.reason)
    }
}

/// Shorthand for a refusal.
pub fn refuse<T>(case: Case, reason: &'static str) -> Result<T, RuleViolation> {
    Err(RuleViolation::new(case, reason))
}

/// Dice needed: `count` dice of `sides` faces (d10 faces read 0-9 in the CSS; see `zero_based`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceSpec {
    pub count: u8,
    pub sides: u8,
    pub zero_based: bool,
}

impl DiceSpec {
    pub const D6: DiceSpec = DiceSpec {
        count: 1,
        sides: 6,
        zero_based: false,
    };
    pub const TWO_D6: DiceSpec = DiceSpec {
        count: 2,
        sides: 6,
        zero_based: false,
    };
    pub const D10: DiceSpec = DiceSpec {
        count: 1,
        sides: 10,
        zero_based: true,
    };

    pub fn accepts(&self, roll: &DiceRoll) -> bool {
        let (lo, hi) = if self.zero_based {
            (0, self.sides - 1)
        } else {
            (1, self.sides)
        };
        roll.values.len() == self.count as usize && roll.values.iter().all(|&v| v >= lo && v <= hi)
    }
}

impl fmt::Display for DiceSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}d{}", self.count, self.sides)
    }
}

/// The faces that came up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceRoll {
    pub values: heapless::Vec<u8, MAX_DICE>,
}

impl DiceRoll {
    pub fn of(values: &[u8]) -> Self {
        let mut v = heapless::Vec::new();
        for &x in values.iter().take(MAX_DICE) {
            let _ = v.push(x);
        }
        DiceRoll { values: v }
    }
    pub fn total(&self) -> u16 {
        self.values.iter().map(|&v| v as u16).sum()
    }
}

/// One input to a game. `C` is the ruleset's command type.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Input<C> {
    Command(C),
    Rolled(DiceRoll),
    /// Index of the chit drawn among the options of the pending draw.
    Drew(u16),
    /// Index of the option chosen in a pending choice.
    Chose(u8),
}

/// Whom the table is waiting for, and for what. `O` describes one option of a choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pending<O> {
    /// The player may issue commands (move, attack, end phase …).
    Command {
        player: Side,
    },
    /// Dice must be rolled. `secret`: only `player` may see the result ([17.0]).
    Roll {
        player: Side,
        dice: DiceSpec,
        purpose: &'static str,
        case: Case,
        secret: bool,
    },
    /// A chit must be drawn from a cup; `chits` are the labels still in it.
    DrawChit {
        player: Side,
        cup: &'static str,
        case: Case,
        chits: heapless::Vec<O, MAX_OPTIONS>,
    },
    /// A player must decide.
    Choose {
        player: Side,
        purpose: &'static str,
        case: Case,
        options: heapless::Vec<O, MAX_OPTIONS>,
    },
    GameOver,
}

impl<O> Pending<O> {
    /// The player who must act now (for seat rotation and the LEDs).
    pub fn player(&self) -> Option<Side> {
        match self {
            Pending::Command { player }
            | Pending::Roll { player, .. }
            | Pending::DrawChit { player, .. }
            | Pending::Choose { player, .. } => Some(*player),
            Pending::GameOver => None,
        }
    }
}

/// Events produced by one input, in order.
pub type Events<E> = heapless::Vec<E, MAX_EVENTS>;

/// Something that happened, citing the rule that made it happen.
pub trait Cited {
    fn case(&self) -> Case;
}

/// Pushes an event; a full buffer is reported as an error value, never a panic.
pub fn emit<E>(events: &mut Events<E>, e: E) -> Result<(), RuleViolation> {
    events
        .push(e)
        .map_err(|_| RuleViolation::new("engine", "too many events for one input"))
}
