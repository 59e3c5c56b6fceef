//! The two sides of a game. Each ruleset names them (Berlin '85: A = NATO, B = Warsaw Pact).

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Side {
    A,
    B,
}

impl Side {
    pub const fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// Who is looking at the table: one side, or an observer who sees only public information.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Viewer {
    Side(Side),
    Public,
}
