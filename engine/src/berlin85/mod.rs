//! Berlin '85 (SPI 1980): the first ruleset on the core. Case numbers in comments, refusals
//! and events are the rulebook's (`../shared/rules/000_9b518941f2a24dd8.txt`).

pub mod aftermath;
pub mod airsup;
pub mod board;
pub mod bridges;
pub mod combat;
pub mod command;
pub mod contract;
pub mod data;
pub mod event;
pub mod flags;
pub mod game;
pub mod movement;
pub mod notation;
pub mod paradrop;
pub mod reinforce;
pub mod setup;
pub mod state;
pub mod step_end;
pub mod supply;
#[cfg(test)]
pub mod testkit;
pub mod turn;
pub mod victory;
pub mod view;

pub use command::{Choice, Command};
pub use data::GameData;
pub use event::Event;
pub use game::{Game, Input85, Pending85};
pub use movement::MoveTarget;
pub use state::{Options, Phase, State, NATO, WARSAW_PACT};
