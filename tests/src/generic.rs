//! The contract's generic checks, written against `engine::core::contract::Ruleset` only (no
//! game is named here): a journal played through the checked `apply`, a resume through
//! `apply_in_place`, the notation read back as written, refusals that leave the state as it
//! was. `tests/tests/contract.rs` runs them on Berlin '85, `contract_fortress.rs` on Fortress
//! Berlin's test board.

use engine::core::protocol::{Events, Input};
use engine::core::Ruleset;

/// What a journal does through the contract's checked `apply`.
pub struct Played<R, E> {
    pub game: R,
    /// postcard bytes of the state after each input.
    pub states: Vec<Vec<u8>>,
    /// Each input's events.
    pub events: Vec<Vec<E>>,
}

pub fn play<'d, R: Ruleset<'d>>(
    data: &'d R::Data,
    scenario: &str,
    options: R::Options,
    journal: &[Input<R::Command>],
) -> Played<R, R::Event> {
    let mut game = R::new(data, scenario, options).expect("scenario");
    let (mut states, mut events) = (Vec::new(), Vec::new());
    for (n, input) in journal.iter().enumerate() {
        let evs = game
            .apply(input)
            .unwrap_or_else(|e| panic!("input {n} refused through the contract: {e}"));
        events.push(evs.into_iter().collect());
        states.push(postcard::to_allocvec(game.state()).expect("state encodes"));
    }
    Played {
        game,
        states,
        events,
    }
}

/// A resume: the journal replayed in place, one reused event buffer.
pub fn replay<'d, R: Ruleset<'d>>(
    data: &'d R::Data,
    scenario: &str,
    options: R::Options,
    journal: &[Input<R::Command>],
) -> R {
    let mut game = R::new(data, scenario, options).expect("scenario");
    let mut events = Events::new();
    for (n, input) in journal.iter().enumerate() {
        events.clear();
        game.apply_in_place(input, &mut events)
            .unwrap_or_else(|e| panic!("input {n} refused on replay: {e}"));
    }
    game
}

/// Every input printed and read back through the contract's notation. Returns the lines.
pub fn notation_round_trip<'d, R: Ruleset<'d>>(
    data: &'d R::Data,
    journal: &[Input<R::Command>],
) -> Vec<String> {
    let mut lines = Vec::new();
    for (n, input) in journal.iter().enumerate() {
        let mut line = String::new();
        R::write_input(data, input, &mut line).expect("writes");
        let back = R::read_input(data, &line)
            .unwrap_or_else(|e| panic!("input {n} '{line}' does not read back: {e}"));
        assert_eq!(back.as_ref(), Some(input), "input {n} '{line}'");
        lines.push(line);
    }
    assert_eq!(R::read_input(data, "   # a comment").ok(), Some(None));
    assert!(R::read_input(data, "fly 3 to the moon").is_err());
    lines
}

/// Each input must be refused with a case, and leave the state byte for byte as it was.
pub fn refusals_keep_the_state<'d, R: Ruleset<'d>>(game: &mut R, inputs: &[Input<R::Command>]) {
    let before = postcard::to_allocvec(game.state()).expect("state encodes");
    for input in inputs {
        let e = game.apply(input).expect_err("refused");
        assert!(!e.case.is_empty(), "{input:?}");
        assert_eq!(
            postcard::to_allocvec(game.state()).expect("state encodes"),
            before,
            "{input:?} refused under {} changed the state",
            e.case
        );
    }
}

/// Plays `game` by `next` until `reached` and returns the script of the inputs that led there
/// in the game's notation after `header` (for `berlin-table play --script`, the screenshots'
/// positions), or `None` if the game ended or stalled first, or took more than `max_inputs`.
/// Only inputs the engine accepts are written.
pub fn script_until<'d, R: Ruleset<'d>>(
    mut game: R,
    header: String,
    max_inputs: usize,
    mut next: impl FnMut(&R) -> Option<Input<R::Command>>,
    reached: impl Fn(&R) -> bool,
) -> Option<String> {
    let mut script = header;
    for _ in 0..max_inputs {
        if reached(&game) {
            return Some(script);
        }
        if matches!(game.pending(), engine::core::protocol::Pending::GameOver) {
            return None;
        }
        let input = next(&game)?;
        if game.apply(&input).is_err() {
            continue;
        }
        R::write_input(game.data(), &input, &mut script).expect("notation");
        script.push('\n');
    }
    None
}
