//! Fortress Berlin (LPS / Against the Odds 2004), the second ruleset on the core, built module
//! by module; each cites the rule cases it implements. Coverage: `docs/rules/fortress-berlin.md`.
//!
//! * the unit and force model — counters (2.2), the board state, stacking (3.1), zones of
//!   control (3.2), deployment modes (3.3), facing (3.4), command (3.5) and the fog of war
//!   (3.1.5, 3.6);
//! * `combat` — module 8.0, the combat segment's resolution over a described combat;
//! * `terrain` — the Terrain Effects Chart's movement columns (7.x) and force destinations;
//! * `game` — `Game { data, state }` and the sequence of play (4.0–4.3): movement, recovery,
//!   bombardment and close assault in the combat segment; `view`, `notation`, `contract`
//!   (`impl Ruleset`), `data` (`GameData`) and `testkit` (a tiny board to play on).

pub mod air;
pub mod board;
pub mod combat;
pub mod command;
pub mod contract;
pub mod counters;
pub mod data;
pub mod describe;
pub mod facing;
pub mod fog;
pub mod force;
pub mod game;
pub mod modes;
pub mod notation;
pub mod players;
pub mod stacking;
pub mod terrain;
pub mod testkit;
pub mod view;
pub mod zoc;

pub use data::GameData;
pub use game::{Choice, Command, Event, Game, State};

#[cfg(test)]
mod tests;
