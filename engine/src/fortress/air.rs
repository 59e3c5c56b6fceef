//! The Air Strike Table (11.4): two dice in each player's reinforcement segment (5.6) give the
//! air strikes he may make that player-turn.
//!
//! The rulebook names the table but does not print it (rules README). [`standin`] is the
//! project's **stand-in**, consistent with what the rules say: three air strike counters exist,
//! so never more than three strikes a player-turn; the Soviets had three air armies, the
//! Germans only a slight chance of air support. A club replaces it with its own copy's values.

use super::counters::GERMAN;
use crate::core::side::Side;
use serde::{Deserialize, Serialize};

/// The air strike counters in the box (11.4): no table may give more.
pub const AIR_STRIKE_COUNTERS: u8 = 3;

/// Air strikes by the 2d6 total, 2 to 12, for each side (11.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AirStrikeTable {
    pub german: [u8; 11],
    pub soviet: [u8; 11],
}

impl AirStrikeTable {
    /// The strikes `side` gets for a 2d6 `total`.
    pub fn strikes(&self, side: Side, total: u16) -> u8 {
        let row = if side == GERMAN {
            &self.german
        } else {
            &self.soviet
        };
        let i = (total.clamp(2, 12) - 2) as usize;
        row[i].min(AIR_STRIKE_COUNTERS)
    }
}

/// The project's **stand-in** Air Strike Table: the Soviet gets none on 2–4, one on 5–7, two
/// on 8–10, three on 11–12; the German one on 12 only.
pub fn standin() -> AirStrikeTable {
    AirStrikeTable {
        //       2  3  4  5  6  7  8  9 10 11 12
        german: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
        soviet: [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3],
    }
}
