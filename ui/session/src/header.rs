//! What, together with the journal, recreates a game: the game and scenario, its options, the
//! seed of the table's dice, where random answers come from and how the players sit.

use crate::ruleset::{self, Options};
use engine::core::side::Side;
use serde::{Deserialize, Serialize};

/// Version of the [`Header`] layout; bump when it changes.
pub const HEADER_FORMAT: u16 = 1;

/// Where random answers come from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Randomness {
    /// The table rolls / draws with its seeded generator.
    #[default]
    Digital,
    /// Real dice are typed on the keypad; real chits are picked on the screen.
    Physical,
}

/// How the players sit around the screen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Seats {
    /// Opposite sides: the screen turns 180° to face whoever must act.
    #[default]
    Opposite,
    /// Side by side: the screen never turns.
    Same,
    /// Seat turning disabled (e.g. the software renderer, which cannot rotate).
    Off,
}

impl Seats {
    /// Should the screen be turned 180° to face `player`, the player who must act now (none
    /// when nobody must)? Only with opposite seats, for the side sitting across the table.
    pub fn turned_for(self, player: Option<Side>) -> bool {
        self == Seats::Opposite && player == Some(ruleset::SIDE_ACROSS)
    }
}

/// Everything that, together with the journal, recreates a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    pub format: u16,
    /// Game id (`"berlin85"`).
    pub game: String,
    pub scenario: String,
    pub options: Options,
    /// Seed of the table's dice; recorded so a resumed game rolls on as it would have.
    pub seed: u64,
    pub dice: Randomness,
    pub chits: Randomness,
    pub seats: Seats,
}

impl Header {
    pub fn new(scenario: &str, options: Options, seed: u64) -> Self {
        Header {
            format: HEADER_FORMAT,
            game: ruleset::GAME_ID.into(),
            scenario: scenario.into(),
            options,
            seed,
            dice: Randomness::Digital,
            chits: Randomness::Digital,
            seats: Seats::Opposite,
        }
    }
}
