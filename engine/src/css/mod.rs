//! The Company Scale System: the project's series rules (`docs/rules/css-series.md`, cases
//! `S1.0`–`S21.4`) that *The Enemy is at the Gates: Berlin 1985* builds on, on the core. Each
//! module is one concept of the series and cites its S-cases (and the exclusive cases of Gates
//! where they decide); values the series book marks *stand-in* live in serde types the data
//! crate fills, with the marked stand-in sets in [`standin`] and [`terrain`].

pub mod actions;
pub mod assault;
pub mod command;
pub mod control;
pub mod counter;
pub mod destinations;
pub mod display;
pub mod fire;
pub mod game;
pub mod leaders;
pub mod markers;
pub mod morale;
pub mod move_action;
pub mod movement;
pub mod night;
pub mod reinforce;
pub mod scenario;
pub mod sight;
pub mod stacking;
pub mod standin;
pub mod supply;
pub mod terrain;
pub mod track;
pub mod transport;
pub mod weapons;
