//! The game this session keeps — **the one place where the session names a game**.
//!
//! Everything else in the crate works on the names below (`Game`, `Input`, `State`, `Event`,
//! `Pending`, `Options`, `GameData`) and on the few functions in this module. Today they are
//! Berlin '85's. When the engine's game-neutral `Ruleset` trait lands, the aliases become its
//! associated types (`R::Game`, `R::Input`, …), these functions become calls on `R`, and
//! `Session`, `replay` and `Header` take a type parameter `R: Ruleset` (or a boxed
//! game picked by `Header::game`): a change local to this module and to the signatures that
//! mention it.

use crate::{Session, SessionError};
use engine::berlin85::game::NewGameError;
use engine::core::contract::EventVisibility;
use engine::core::hex::HexId;
use engine::core::protocol::{Input as EngineInput, RuleViolation};
use engine::core::side::Side;
use engine::core::units::UnitId;
use rand::Rng;
use std::sync::OnceLock;

pub use engine::berlin85::{Event, GameData, Options, State};

/// The engine's game (its data and state).
pub type Game = engine::berlin85::Game<'static>;
/// One input: a command, a roll, a drawn chit or a choice.
pub type Input = engine::berlin85::Input85;
/// What the game waits for.
pub type Pending = engine::berlin85::Pending85;

/// The game id written in a [`Header`](crate::Header) (`Header::game`).
pub const GAME_ID: &str = "berlin85";

/// The side sitting away from the screen's usual reading direction: with seats that turn
/// ([`Seats::edge_for`](crate::Seats::edge_for)) the screen faces it when it must act.
pub const SIDE_ACROSS: Side = engine::berlin85::NATO;

/// The table refuses to roll or draw when the game waits for neither (the sequence of play).
pub const NOTHING_TO_ROLL: RuleViolation =
    RuleViolation::new("4.0", "no roll or draw is wanted now");
/// The table refuses to draw from an empty cup (untried strengths).
pub const EMPTY_CUP: RuleViolation = RuleViolation::new("11.0", "the cup is empty");

/// A digest of the game data (FNV-1a over its compiled postcard form), recorded in every new
/// game's header: a resume on other data is noticed. Computed once per data set.
pub fn data_version(data: &GameData) -> u64 {
    static CACHE: std::sync::Mutex<Option<(usize, u64)>> = std::sync::Mutex::new(None);
    let key = data as *const GameData as usize;
    let mut cache = CACHE.lock().unwrap_or_else(|p| p.into_inner());
    if let Some((k, v)) = *cache {
        if k == key {
            return v;
        }
    }
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in postcard::to_allocvec(data).unwrap_or_default() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    // 0 means "not recorded".
    let v = h.max(1);
    *cache = Some((key, v));
    v
}

/// Does `state` (a snapshot, a checkpoint) belong to a game like `game` (same scenario)?
/// The session reads and replaces the game's state as `game.state` otherwise.
pub fn fits(game: &Game, state: &State) -> bool {
    state.scenario == game.state.scenario
}

/// A new game of `scenario` with `options`, waiting for its first set-up step.
pub fn new_game(
    data: &'static GameData,
    scenario: &str,
    options: Options,
) -> Result<Game, SessionError> {
    Game::new(data, scenario, options).map_err(|e| match e {
        NewGameError::UnknownScenario => SessionError::UnknownScenario(scenario.to_string()),
        NewGameError::DataTooLarge => SessionError::DataTooLarge,
    })
}

/// The inputs that may never be taken back (rolls, draws, revealed secrets): how far an
/// undo may go ([`engine::core::journal::undo_len`]).
pub fn undo_len(inputs: &[Input]) -> Option<usize> {
    engine::core::journal::undo_len(inputs, |c| c.reveals())
}

/// The side whose secret roll `input` answers, if it answers one [17.0] (the engine decides;
/// asked before the input is applied).
pub fn secret_roller(game: &Game, input: &Input) -> Option<Side> {
    game.secret_roller(input)
}

/// Who may read `event`, produced by an input that answered `roller`'s secret roll (if any):
/// the engine's answer, so the UI never decides it from case numbers.
pub fn visibility(event: &Event, roller: Option<Side>) -> EventVisibility {
    event.visibility(roller)
}

/// Places every unit of the current set-up step still in the pool on a random legal hex,
/// through the session (so every placement is journalled). Units with no legal hex left are
/// skipped. Returns how many were placed.
pub(crate) fn auto_place(s: &mut Session, rng: &mut impl Rng) -> Result<usize, RuleViolation> {
    let units: Vec<UnitId> = s.game().units_to_place().collect();
    let mut placed = 0;
    let mut hexes = Box::new(heapless::Vec::<HexId, { engine::core::map::MAX_HEXES }>::new());
    for u in units {
        s.game().legal_setup_hexes(u, &mut hexes);
        if hexes.is_empty() {
            continue;
        }
        let hex = hexes[rng.gen_range(0..hexes.len())];
        s.apply(EngineInput::Command(engine::berlin85::Command::Place {
            unit: u,
            hex,
        }))?;
        placed += 1;
    }
    Ok(placed)
}

/// The built-in Berlin '85 data, decoded once and kept for the life of the program.
pub fn builtin_data() -> Result<&'static GameData, String> {
    static DATA: OnceLock<Result<&'static GameData, String>> = OnceLock::new();
    DATA.get_or_init(|| {
        let boxed = match data::decode_blob(data::builtin_blob()) {
            Ok(d) => d,
            Err(blob_err) => data::load_builtin(data::BERLIN85).map_err(|errs| {
                let mut msg = format!("the built-in game data cannot be used ({blob_err}):");
                for e in errs.iter().take(5) {
                    msg.push_str(&format!("\n{e}"));
                }
                msg
            })?,
        };
        Ok(&*Box::leak(boxed))
    })
    .clone()
}
