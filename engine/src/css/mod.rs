//! The Company Scale System: the series rules the project designed for *The Enemy is at the
//! Gates: Berlin 1985* (`docs/rules/css-series.md`, cases `S1.0`–`S21.4`), on the core. Each
//! module is one concept of the series book; the *Gates* ruleset builds on them.

pub mod destinations;
pub mod move_action;
pub mod movement;
pub mod sight;
pub mod stacking;
pub mod terrain;
