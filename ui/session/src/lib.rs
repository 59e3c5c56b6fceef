//! The game-keeping layer under the touch UI: everything that keeps a game at the table and
//! knows no Slint, so the touch UI, the headless CLI and the tests share it.
//!
//! * [`Session`] — one game being played: the engine's game, the journal of every accepted
//!   input (each handed to a [`Persist`] and durable before the screen moves on), the event
//!   log, undo (never past a roll, a draw or a revealed secret), resume and loading the
//!   previous game, in-memory checkpoints every [`SNAPSHOT_EVERY`] inputs, and the table's
//!   seeded dice and chit cup ([`Randomness`]: digital or physical).
//! * [`Header`] — what, with the journal, recreates a game: game, scenario, options, the
//!   seed of the table's dice, where random answers come from, how the players sit
//!   ([`Seats`]).
//! * [`Persist`] — where the journal goes: the firmware's power-safe save files implement it
//!   (`firmware/src/persist.rs`); [`MemoryPersist`] and [`NullPersist`] serve tests.
//! * [`replay()`] — **the** replay of a journal (state is a pure function of data, header and
//!   journal): resume, undo and the CLI's `replay` / `play --script` all go through it.
//!
//! The engine never rolls (DESIGN.md §2 principle 1). When it waits on a roll or a chit
//! draw, the answer comes from physical dice typed on the keypad, or — in digital mode —
//! from [`Session::roll_digital`], which draws from a seeded generator. The seed is recorded
//! in the [`Header`], and the generator for the answer at journal position `n` is derived
//! from `(seed, n)`, so a resumed game rolls exactly as the uninterrupted one would have.
//!
//! # Any game
//!
//! [`Session`], [`replay()`] and [`Resume`] take the game as a type parameter `G:
//! [TableGame](ruleset::TableGame)` (the engine's `Ruleset` plus what a table needs); the
//! [`Header`] records the game's slug and its options as text pairs, the same for every game.
//! Left without a parameter they are Berlin '85's. [`ruleset`] (Berlin '85) and [`fortress`]
//! (Fortress Berlin) are the modules that name a game.

pub mod fortress;
pub mod gates;
pub mod header;
pub mod persist;
pub mod present;
pub mod replay;
pub mod ruleset;
pub mod seating;
mod session;

pub use header::{Header, Randomness, Seats, HEADER_FORMAT};
pub use persist::{MemoryPersist, NullPersist, Persist, SavedGame};
pub use replay::{replay, Mode, ReplayReport, SNAPSHOT_EVERY};
pub use ruleset::{builtin_data, GameOptions, TableGame};
pub use session::{LoggedEvent, Resume, ResumeReport, Session, SessionError};

use engine::core::protocol::Input;
use serde::de::DeserializeOwned;
use serde::Serialize;

/// SplitMix64 of (seed, n): independent streams per journal position.
pub(crate) fn mix(seed: u64, n: u64) -> u64 {
    let mut z = seed.wrapping_add(n.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Postcard bytes of an input, as [`Persist::append`] receives them.
pub fn encode_input<C: Serialize>(input: &Input<C>) -> Result<Vec<u8>, String> {
    postcard::to_allocvec(input).map_err(|e| e.to_string())
}

/// Reads back what [`encode_input`] wrote; `None` for damaged bytes.
pub fn decode_input<C: DeserializeOwned>(bytes: &[u8]) -> Option<Input<C>> {
    postcard::from_bytes(bytes).ok()
}

/// Reads back a snapshot's state; `None` for damaged bytes.
pub fn decode_state<S: DeserializeOwned>(bytes: &[u8]) -> Option<S> {
    postcard::from_bytes(bytes).ok()
}

/// A seed from the clock, for a new game when the firmware does not choose one.
pub fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    mix(nanos, std::process::id() as u64)
}
