//! The contract every game implements ([`Ruleset`]), so that everything above the engine —
//! the session (journal, undo, replay, randomness), the saves, the CLI, the start screen —
//! is written once against it and never forks per game (DESIGN.md §2 principles 6 and 7).
//!
//! What the contract fixes, and why:
//! * **Inputs and pendings are the core's** ([`Input`], [`Pending`]): the engine never rolls
//!   or draws (principle 1), so a session that answers `Pending::Roll` and `Pending::DrawChit`
//!   from the table's RNG or a physical die works for every game.
//! * **State is plain data** (`Serialize + DeserializeOwned + Clone + Eq`): a snapshot is its
//!   postcard bytes and a replay is checked by comparing states (principle 2).
//! * **`apply` leaves nothing half-done**: on a refusal the state is as before; `apply_in_place`
//!   is the fast path for replaying inputs already accepted once.
//! * **Every event cites its rule and says who may see it** ([`GameEvent`]): the log filters by
//!   viewer without knowing any rule (principle 5); a secret roll's result ([17.0] in
//!   Berlin '85) is marked by the game, not guessed by the UI.
//! * **Undo stops at facts** ([`Ruleset::reveals`], [`Ruleset::undo_len`]): rolls, draws and
//!   revealed secrets are never taken back (principle 2, `core::journal`).
//! * **Scenarios, options and the sequence of play are data** ([`ScenarioInfo`],
//!   [`OptionInfo`], [`StepInfo`]): the start screen and the CLI list them with their rule cases
//!   and need no game-specific code.
//!
//! # Plugging in a fourth game
//!
//! 1. Add a variant to [`GameId`] (slug, title, credit, `rules_status`).
//! 2. Write `engine/src/<game>/` on the core: its data, state, command, choice and event types,
//!    a `Game<'d> { data: &'d Data, state: State }` with `new`, `apply`, `pending`, `view`.
//! 3. Add `engine/src/<game>/contract.rs` with `impl<'d> Ruleset<'d> for Game<'d>`: mostly
//!    delegation, plus its `OPTIONS`, `SEQUENCE` and `reveals`. If its events do not carry
//!    their visibility, wrap them in [`Logged`] as Berlin '85 does.
//! 4. Give it data under `data/<slug>/` and run the generic contract tests on it (the
//!    `tests/tests/contract.rs` functions are written against `R: Ruleset`).
//!
//! Code above the engine names no game. A resume, for any game:
//!
//! ```
//! use engine::core::contract::Ruleset;
//! use engine::core::protocol::{Events, Input, RuleViolation};
//!
//! fn replay<'d, R: Ruleset<'d>>(
//!     data: &'d R::Data,
//!     scenario: &str,
//!     journal: &[Input<R::Command>],
//! ) -> Result<R, RuleViolation> {
//!     let mut game = R::new(data, scenario, R::default_options())
//!         .map_err(|_| RuleViolation::new("engine", "no such scenario"))?;
//!     let mut events = Events::new();
//!     for input in journal {
//!         events.clear();
//!         game.apply_in_place(input, &mut events)?;
//!     }
//!     Ok(game)
//! }
//! # let _ = replay::<engine::berlin85::Game<'static>>;
//! ```

use super::game_id::GameId;
use super::options::{find, OptionError, OptionInfo, OptionValue};
use super::protocol::{Case, Cited, Events, Input, Pending, RuleViolation};
use super::side::{Side, Viewer};
use core::fmt;
use serde::de::DeserializeOwned;
use serde::Serialize;

// ---- who may see an event ---------------------------------------------------------------------

/// Who may see an event in the log.
///
/// Two sides are enough for all three games: Fortress Berlin's three to six players (17.2,
/// 17.3) are seats on the German and Soviet sides, and its fog of war (3.6) hides a stack from
/// the other side, not from a partner; the Gates' unknown political figures (4.3) are hidden
/// from both players, so nothing about them is told until a marker is turned over, and then
/// to both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventVisibility {
    /// Everyone at the table, onlookers included.
    Public,
    /// Only this side's players (Berlin '85's secret reinforcement roll [17.0]).
    Only(Side),
}

impl EventVisibility {
    /// May `viewer` read the event? An onlooker ([`Viewer::Public`]) reads public events only.
    pub fn shows_to(self, viewer: Viewer) -> bool {
        match self {
            EventVisibility::Public => true,
            EventVisibility::Only(s) => viewer == Viewer::Side(s),
        }
    }

    pub fn is_public(self) -> bool {
        self == EventVisibility::Public
    }
}

/// The events `viewer` may read, in order: what the log of one seat (or of an onlooker)
/// shows.
pub fn for_viewer<E: GameEvent>(events: &[E], viewer: Viewer) -> impl Iterator<Item = &E> {
    events
        .iter()
        .filter(move |e| e.visibility().shows_to(viewer))
}

/// An event as the log needs it: the rule that caused it ([`Cited`], principle 3) and who may
/// read it.
pub trait GameEvent: Cited + fmt::Display {
    fn visibility(&self) -> EventVisibility;
}

/// A game's own event with the visibility its ruleset worked out when the event happened, for
/// games whose events do not carry it themselves (Berlin '85: whether an event is secret
/// depends on the roll that caused it, not on the event).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Logged<E> {
    pub event: E,
    pub visibility: EventVisibility,
}

impl<E: Cited> Cited for Logged<E> {
    fn case(&self) -> Case {
        self.event.case()
    }
}

impl<E: fmt::Display> fmt::Display for Logged<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.event.fmt(f)
    }
}

impl<E: Cited + fmt::Display> GameEvent for Logged<E> {
    fn visibility(&self) -> EventVisibility {
        self.visibility
    }
}

// ---- what the start screen lists ---------------------------------------------------------------

/// One scenario as the start screen lists it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScenarioInfo<'d> {
    /// Stable id: CLI, save header (`unity`).
    pub id: &'d str,
    /// Display name ("Operation Unity").
    pub name: &'d str,
    /// The rule case that defines it ("21.1").
    pub case: &'d str,
}

/// One step of a game's sequence of play, as printed in its rulebook.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepInfo {
    pub name: &'static str,
    pub case: Case,
}

/// Where the game stands in its sequence of play: what the turn track and the phase strip
/// show. Chit-pull games (the Gates' Action Phase, 14.0 2) have no phasing side: `side` is the
/// side whose chit was drawn, or `None`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SequenceStep {
    /// Index into [`Ruleset::SEQUENCE`].
    pub index: usize,
    pub step: StepInfo,
    /// Game-Turn (Berlin '85, Fortress Berlin) or game turn (Gates); during set-up, the turn
    /// the scenario starts on.
    pub turn: u16,
    pub last_turn: Option<u16>,
    /// The side whose turn or activation it is.
    pub side: Option<Side>,
}

/// The command that ends the current step of the sequence of play for the player who must
/// act, as the panel's main button shows it: the engine, not the UI, knows that Berlin '85's
/// combat phase first closes its declarations [7.0], then the defender's FPF [8.4], then the
/// phase, and which command does each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepEnd<C> {
    pub command: C,
    /// The button's text ("End movement", "Declarations done").
    pub label: &'static str,
    /// The rule that ends the step.
    pub case: Case,
}

// ---- the contract ------------------------------------------------------------------------------

/// A game's rules on the core. Implemented by each game's `Game<'d>` (the data it is played on
/// and its state), with `'d` the lifetime of the static data.
///
/// No heap and no `std`: the event buffer is the caller's ([`Events`]), notation is written to
/// a [`fmt::Write`], lists are `'static` slices or indexed.
pub trait Ruleset<'d>: Sized + Clone {
    /// Which game this is: the save header's `game`, the start screen's row.
    const GAME: GameId;

    /// Everything static: map, counters, charts, scenarios (compiled by `data/`).
    type Data: 'd;
    /// Optional rules and variants chosen before play (described by [`Self::OPTIONS`]).
    type Options: Copy + fmt::Debug + Eq + Serialize + DeserializeOwned;
    /// Everything that changes. A pure function of (data, scenario, options, journal).
    type State: Clone + fmt::Debug + Eq + Serialize + DeserializeOwned;
    /// What a player does (the `C` of [`Input<C>`]); journalled, so serde.
    type Command: Clone + fmt::Debug + Eq + Serialize + DeserializeOwned;
    /// One option of a [`Pending::Choose`] or one chit of a [`Pending::DrawChit`].
    type Choice: Clone + fmt::Debug + Eq;
    /// What happened, citing its rule and saying who may see it.
    type Event: GameEvent + Clone + fmt::Debug;
    /// Everything one seat may see (hidden information filtered, principle 5).
    type View;
    /// Why a game could not be set up.
    type NewGameError: fmt::Debug + fmt::Display;
    /// Why a line of notation does not read.
    type NotationError: fmt::Debug + fmt::Display;

    /// Optional rules and variants, for the start screen and the CLI. `default_options` must
    /// agree with their defaults, `option` and `set_option` must know every key.
    const OPTIONS: &'static [OptionInfo];
    /// The steps of the sequence of play, in order; [`Ruleset::step`] says which is current.
    const SEQUENCE: &'static [StepInfo];

    // -- starting and resuming

    /// A new game of `scenario` (a [`ScenarioInfo::id`]) with `options`, waiting for its first
    /// input.
    fn new(
        data: &'d Self::Data,
        scenario: &str,
        options: Self::Options,
    ) -> Result<Self, Self::NewGameError>;
    /// The static data the game is played on (the view, the notation and the UI read it).
    fn data(&self) -> &'d Self::Data;
    /// The state, for snapshots (its postcard bytes) and replay checks (compared with `Eq`).
    fn state(&self) -> &Self::State;
    /// Puts back a state this game's data produced (a checkpoint, or a snapshot whose header
    /// names the same game, scenario and data). Not a validation: a state from other data is
    /// the caller's mistake.
    fn set_state(&mut self, state: Self::State);
    /// The options this game was started with (the save header records them).
    fn options(&self) -> Self::Options;
    /// The options a new game starts with: every [`OptionInfo`]'s default.
    fn default_options() -> Self::Options;

    // -- playing

    /// Applies one input. On a refusal the state is unchanged and the refusal cites its rule.
    fn apply(&mut self, input: &Input<Self::Command>)
        -> Result<Events<Self::Event>, RuleViolation>;
    /// Applies an input already accepted once (replay, resume, undo), without the copy that
    /// makes `apply` safe: after an error the state may be half-applied.
    fn apply_in_place(
        &mut self,
        input: &Input<Self::Command>,
        events: &mut Events<Self::Event>,
    ) -> Result<(), RuleViolation>;
    /// What the table is waiting for, and from whom.
    fn pending(&self) -> Pending<Self::Choice>;
    /// The game as `viewer` may see it.
    fn view(&self, viewer: Viewer) -> Self::View;
    /// Where the game is in its sequence of play.
    fn step(&self) -> SequenceStep;
    /// The side's name in this game ("NATO", "Soviet").
    fn side_name(side: Side) -> &'static str;
    /// The command that ends the current step for the player who must act, if a command can
    /// end it now (none while a roll, a draw or a choice is wanted). Whether the engine
    /// accepts it yet (every unit placed, every owed attack declared) is `apply`'s to say.
    fn step_end(&self) -> Option<StepEnd<Self::Command>>;

    // -- undo: facts are never taken back

    /// Does this command reveal hidden information (an untried strength, a stack's contents
    /// in Fortress Berlin's close assault 3.6)? It may then not be undone. A command's answer
    /// must not depend on the state, so the journal alone says how far undo may go.
    fn reveals(command: &Self::Command) -> bool;

    /// Is this input a fact at the table (a roll, a draw, a revealing command)?
    fn is_fact(input: &Input<Self::Command>) -> bool {
        super::journal::is_irreversible(input, Self::reveals)
    }

    /// The journal length after undoing one step, or `None` when the last input is a fact
    /// (or there is none): [`super::journal::undo_len`] with this game's [`Ruleset::reveals`].
    fn undo_len(inputs: &[Input<Self::Command>]) -> Option<usize> {
        super::journal::undo_len(inputs, Self::reveals)
    }

    // -- notation: one input per line, for scripts, journals and bug reports

    /// Writes one input in the game's notation (no newline).
    fn write_input(
        data: &Self::Data,
        input: &Input<Self::Command>,
        out: &mut dyn fmt::Write,
    ) -> fmt::Result;
    /// Reads one line; `Ok(None)` for a blank or comment line.
    fn read_input(
        data: &Self::Data,
        line: &str,
    ) -> Result<Option<Input<Self::Command>>, Self::NotationError>;

    // -- what the start screen and the CLI list

    fn scenario_count(data: &Self::Data) -> usize;
    /// Scenario `i` (0-based, in the data's order), `None` past the end.
    fn scenario(data: &Self::Data, i: usize) -> Option<ScenarioInfo<'_>>;
    /// The current value of option `key` (`None` for a key not in [`Self::OPTIONS`]).
    fn option(options: &Self::Options, key: &str) -> Option<OptionValue>;
    /// Sets option `key`; a key not in [`Self::OPTIONS`] or a value of the wrong kind is an
    /// error and leaves `options` unchanged.
    fn set_option(
        options: &mut Self::Options,
        key: &str,
        value: OptionValue,
    ) -> Result<(), OptionError>;

    /// Options from `key=value` text pairs (the CLI, a config file), on top of the defaults.
    fn options_from_pairs<'a>(
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Self::Options, OptionError> {
        let mut options = Self::default_options();
        for (key, value) in pairs {
            let info = find(Self::OPTIONS, key)?;
            Self::set_option(&mut options, info.key, info.parse(value)?)?;
        }
        Ok(options)
    }
}

// ---- a game's catalogue, object-safe -------------------------------------------------------------

/// What the start screen lists of one game, object-safe so it can hold one `&dyn` per game
/// whatever its types. A game with no data yet (rules not implemented) has no catalogue and is
/// listed from its [`GameId`] alone.
pub trait GameCatalogue {
    fn game(&self) -> GameId;
    fn scenario_count(&self) -> usize;
    fn scenario(&self, i: usize) -> Option<ScenarioInfo<'_>>;
    fn options(&self) -> &'static [OptionInfo];
    fn sequence(&self) -> &'static [StepInfo];
    fn side_name(&self, side: Side) -> &'static str;
}

/// The catalogue of ruleset `R` over its data.
pub struct Catalogue<'d, R: Ruleset<'d>> {
    pub data: &'d R::Data,
}

impl<'d, R: Ruleset<'d>> Catalogue<'d, R> {
    pub fn new(data: &'d R::Data) -> Self {
        Catalogue { data }
    }
}

impl<'d, R: Ruleset<'d>> GameCatalogue for Catalogue<'d, R> {
    fn game(&self) -> GameId {
        R::GAME
    }
    fn scenario_count(&self) -> usize {
        R::scenario_count(self.data)
    }
    fn scenario(&self, i: usize) -> Option<ScenarioInfo<'_>> {
        R::scenario(self.data, i)
    }
    fn options(&self) -> &'static [OptionInfo] {
        R::OPTIONS
    }
    fn sequence(&self) -> &'static [StepInfo] {
        R::SEQUENCE
    }
    fn side_name(&self, side: Side) -> &'static str {
        R::side_name(side)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn onlookers_read_public_events_only() {
        let vis = [
            EventVisibility::Public,
            EventVisibility::Only(Side::A),
            EventVisibility::Only(Side::B),
        ];
        let viewers = [Viewer::Public, Viewer::Side(Side::A), Viewer::Side(Side::B)];
        let expect = [
            [true, true, true],
            [false, true, false],
            [false, false, true],
        ];
        for (v, row) in vis.iter().zip(expect) {
            for (w, e) in viewers.iter().zip(row) {
                assert_eq!(v.shows_to(*w), e, "{v:?} to {w:?}");
            }
        }
    }
}
