//! The Company Scale System: the project's series rules (`docs/rules/css-series.md`, S-cases)
//! that *The Enemy is at the Gates: Berlin 1985* builds on. Each module is one concept of the
//! series and cites its S-cases (and the exclusive cases of Gates where they decide); values the
//! series book marks *stand-in* live in serde types the data crate fills, with the marked
//! stand-in set in [`standin`].

pub mod command;
pub mod fire;
pub mod morale;
pub mod standin;
