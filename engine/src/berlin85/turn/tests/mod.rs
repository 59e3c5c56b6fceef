//! The Game-Turn and Player-Turn steps on small hand-made boards; the helpers here (`begin`,
//! `end_turn`, `berlin_board`, …) are shared with other modules' tests.
//!
//! Shared fixtures here; the tests by subject in `honors`, `reinforcements`, `air`, `rail`,
//! `fire`, `victory`.

extern crate std;
use super::*;
use crate::berlin85::data::{Arrival, Region, ReinforcementGroup};
use crate::berlin85::event::Event;
use crate::berlin85::state::{Phase, NATO, WARSAW_PACT};
use crate::berlin85::testkit::{hex, Board, HF, SF};
use crate::core::map::Markers;
use crate::core::protocol::{DiceRoll, Events, Pending};
use crate::core::side::Viewer;
use crate::core::units::{Location, UnitId, UnitKind};
use std::format;
use std::vec::Vec;

pub fn roll(v: &[u8]) -> Input85 {
    Input::Rolled(DiceRoll::of(v))
}
pub fn yes() -> Input85 {
    Input::Chose(0)
}
pub fn no() -> Input85 {
    Input::Chose(1)
}

/// West Berlin on a 10x10 board: column 01 rows 01-08 are barracks (2 SP each when the
/// Warsaw Pact holds them [19.44]); 0110 is an objective NATO keeps, so the city never
/// falls unless a test takes it.
pub fn berlin_board() -> Board {
    let mut b = Board::new(10, 10);
    for r in 1..=10u8 {
        let h = crate::core::hex::HexId::new(1, r);
        b.region(h, Region::WestBerlin);
        if r <= 8 {
            b.feature(h, HF::BARRACKS);
        }
    }
    b.feature(hex("0110"), HF::OBJECTIVE);
    b
}

/// Gives the Warsaw Pact `n` barracks hexes: 2n Surrender Points.
pub fn take_barracks(g: &mut Game<'_>, n: u8) {
    for r in 1..=n {
        g.mark_held(crate::core::hex::HexId::new(1, r), WARSAW_PACT);
    }
}

/// Starts Game-Turn `turn`.
pub fn begin(g: &mut Game<'_>, turn: u8) -> Events<Event> {
    g.state.turn = turn;
    g.state.phase = Phase::TurnStart;
    let mut ev = Events::new();
    g.begin_game_turn(&mut ev).expect("turn start");
    ev
}

/// Ends the current Game-Turn (and starts the next one unless the game is over).
pub fn end_turn(g: &mut Game<'_>) -> Events<Event> {
    let mut ev = Events::new();
    g.end_game_turn(&mut ev).expect("turn end");
    ev
}

pub fn cites(ev: &Events<Event>, case: &str) -> bool {
    ev.iter().any(|e| e.case == case)
}

fn game(b: Board) -> Game<'static> {
    b.game(Phase::TurnStart, WARSAW_PACT, 1, &[])
}

/// Game-Turn `turn` on the `berlin_board`: the reinforcement roll is taken (`yes`) and the
/// dice read `dice`; the game and what the roll did.
fn rolled_for_reinforcements(turn: u8, dice: &[u8]) -> (Game<'static>, Events<Event>) {
    let mut g = game(berlin_board());
    begin(&mut g, turn);
    g.apply(&yes()).unwrap();
    let ev = g.apply(&roll(dice)).unwrap();
    (g, ev)
}

fn is_choice(g: &Game<'_>, who: Side, case: &str) -> bool {
    matches!(g.pending(), Pending::Choose { player, case: c, .. } if player == who && c == case)
}

fn is_roll(g: &Game<'_>, who: Side, case: &str) -> bool {
    matches!(g.pending(), Pending::Roll { player, case: c, .. } if player == who && c == case)
}

fn in_wp_movement(g: &Game<'_>) -> bool {
    g.state.phase == Phase::Movement && g.state.phasing == WARSAW_PACT
}

/// The Jägerbrigade as NATO's emergency reinforcement group [21.12].
fn with_jager(b: &mut Board, n: usize) -> Vec<UnitId> {
    let units: Vec<UnitId> = (0..n)
        .map(|_| b.unit(NATO, UnitKind::Mechanized, 0, 0, 12))
        .collect();
    let mut g = ReinforcementGroup {
        side: NATO,
        units: heapless::Vec::new(),
        from_turn: 2,
        arrival: Arrival::Emergency,
    };
    for &u in &units {
        g.units.push(u).unwrap();
    }
    b.scenario_mut().reinforcements.push(g).unwrap();
    units
}

fn begin_player_turn(g: &mut Game<'_>, side: Side) -> Events<Event> {
    let mut ev = Events::new();
    g.begin_player_turn(side, &mut ev).unwrap();
    ev
}

mod air;
mod fire;
mod honors;
mod rail;
mod reinforcements;
mod victory;
