//! *The Enemy is at the Gates: Berlin 1985* (Compass Games): the exclusive rules (cases
//! 1.0–14.0, `docs/rules/gates.md`) on top of the project's CSS series module
//! ([`crate::css`], `docs/rules/css-series.md`). Each submodule is one concept of the
//! exclusive rules and uses the series types; nothing of the series is copied here.
//!
//! | module | exclusive cases |
//! |---|---|
//! | [`terrain`] | 2.1.1–2.2.6: the Gates terrain chart the series ground reads |
//! | [`fires`] | 2.1.6 Rubble, 2.3 fires and their spread, 3.7's effect on them |
//! | [`game`] | the game: the series game state on the Gates data, 10.1's track, the contract |
//! | [`places`] | 2.4 Teufelsberg, 2.5 map symbols, 3.5 reinforcement hexes, 8.3, 10.2 |
//! | [`weather`] | 3.1 weather, 3.7 electricity and light |
//! | [`command`] | 3.2 initiative, 3.3 fatigue, 4.1.1 police, 5.1 DC-only divisions, 9.1, 9.2 |
//! | [`engineering`] | 3.10 engineering actions: who may try what, and the check's outcome |
//! | [`political`] | 4.3 political figure markers, 5.2 only the Stasi turns them |
//! | [`prisoners`] | 3.4.1 prisons and the points for freeing Spandau |
//! | [`abilities`] | 3.14 the abilities printed on counters |
//! | [`assault`] | 2.2.1 slopes, 2.2.4 divided hexes, 3.14 abilities in the series assault (S10) |
//! | [`boats`] | 4.2 boat units on river hexsides |
//! | [`booze`] | 3.8 the Booze marker's reroll |
//! //! | [`events`] | 7.0 random events |
//! | [`refugees`] | 4.4 refugees and armed mobs |
//! | [`reinforcement`] | 4.1.2 police entry and refugees, 6.0 transport rolls, 8.1, 8.2 |
//! | [`sabotage`] | 3.11 sabotage missions: who may go, each step's modifier and outcome |
//! | [`transport`] | 6.0 riding cars and buses, 3.14 company and battalion carriers, 8.2 helicopter lifts |
//! | [`sniper`] | 5.2 the Stasi sniper |
//! | [`victory`] | 10.1 the capped Victory Point track, 10.2 |
//!
//! The engine never rolls: every die arrives as an input (a raw d10 face 0–9, S1.3), and the
//! functions here read it. Refusals and events cite the exclusive case.

pub mod abilities;
pub mod assault;
pub mod boats;
pub mod booze;
pub mod command;
pub mod engineering;
pub mod events;
pub mod fires;
pub mod game;
pub mod places;
pub mod political;
pub mod prisoners;
pub mod refugees;
pub mod reinforcement;
pub mod sabotage;
pub mod sniper;
pub mod terrain;
pub mod transport;
pub mod victory;
pub mod weather;

use crate::core::side::Side;

/// The NATO player (the side the series tests call A).
pub const NATO: Side = Side::A;
/// The Warsaw Pact player.
pub const WARSAW_PACT: Side = Side::B;
