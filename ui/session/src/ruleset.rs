//! What the session needs of a game ([`TableGame`]) — and **the one place where the session
//! names a game**: Berlin '85's implementation of it, and the type aliases that keep callers
//! written before the session was generic (`Session` without a parameter is Berlin '85's).
//!
//! [`TableGame`] is the engine's game-neutral [`Ruleset`] plus what only a table needs: the
//! game's built-in data and its digest, the side sitting across the screen, the table's own
//! refusals (nothing to roll, an empty cup), who rolled a secret roll and who may read the
//! events it produced, and random placement for a quick set-up. `Session<G>`,
//! [`replay`](crate::replay()) and [`Header::game_options`](crate::Header::game_options) are
//! written against it; a second game implements it next to its `Ruleset` and the session,
//! saves, undo and resume work for it unchanged.

use crate::seating::TablePlayer;
use crate::Session;
use engine::core::contract::{EventVisibility, Ruleset};
use engine::core::hex::HexId;
use engine::core::protocol::{Cited, Input as EngineInput, RuleViolation};
use engine::core::seats::{Seats, TableEdge};
use engine::core::side::Side;
use engine::core::units::UnitId;
use rand::Rng;
use serde::Serialize;
use std::fmt;
use std::sync::OnceLock;

/// A game as the table keeps it: the engine's [`Ruleset`] on `'static` data, plus what the
/// session needs beyond the rules.
pub trait TableGame: Ruleset<'static> + 'static {
    /// One line of the log: the game's own event (the visibility is kept beside it).
    type LogEvent: Clone + fmt::Debug + PartialEq + Eq + fmt::Display + Cited;
    /// The side sitting away from the screen's usual reading direction: with seats that turn
    /// ([`Seats::edge_for`](crate::Seats::edge_for)) the screen faces it when it must act.
    const SIDE_ACROSS: Side;
    /// The table refuses to roll or draw when the game waits for neither (the sequence of
    /// play, cited by the game's own case).
    const NOTHING_TO_ROLL: RuleViolation;
    /// The table refuses to draw from an empty cup.
    const EMPTY_CUP: RuleViolation;

    /// The game's built-in data, decoded once and kept for the life of the program.
    fn builtin_data() -> Result<&'static Self::Data, String>;
    /// A digest of the game data, recorded in every new game's header so a resume on other
    /// data (a club's changed charts) is noticed. Never 0 (0 means "not recorded").
    fn data_version(data: &'static Self::Data) -> u64;
    /// Does `state` (a snapshot, a checkpoint) belong to a game like this one (same
    /// scenario)? Only then may the session put it in place of the game's state.
    fn fits(&self, state: &Self::State) -> bool;
    /// The side whose secret roll `input` answers, if it answers one (asked before the input
    /// is applied). None by default: only Berlin '85 rolls in secret.
    fn secret_roller(&self, input: &EngineInput<Self::Command>) -> Option<Side> {
        let _ = input;
        None
    }
    /// Applies `input` (checked: a refusal leaves the game unchanged; in place: an input
    /// accepted once before) and appends its events to `out`, each with who may read it.
    fn apply_logged(
        &mut self,
        input: &EngineInput<Self::Command>,
        checked: bool,
        out: &mut Vec<(Self::LogEvent, EventVisibility)>,
    ) -> Result<(), RuleViolation>;
    /// Is this set-up error an unknown scenario (rather than data too large for the engine)?
    fn is_unknown_scenario(error: &Self::NewGameError) -> bool;
    /// Where the game stands, in a line for the CLI and the log (turn, step, phasing side):
    /// by default from the sequence of play ([`Ruleset::step`]).
    fn summary(&self) -> String {
        let step = self.step();
        let side = step.side.map_or("no side", Self::side_name);
        format!(
            "turn {} {} [{}], {side} phasing",
            step.turn, step.step.name, step.step.case
        )
    }
    /// The units the current set-up step still waits to place.
    fn units_to_place(&self) -> Vec<UnitId>;
    /// Where `unit` may be placed now, as a placement command per hex.
    fn placements(&self, unit: UnitId) -> Vec<Self::Command>;
    /// Every unit of the data, in index order (the index the notation writes a unit by): its
    /// side, name and printed values, one line each, for `berlin-table units`.
    fn roster(data: &'static Self::Data) -> Vec<String>;
    /// The players at a table of this game with `options`, in seat order (the order of
    /// [`Header::places`](crate::Header::places)), each with the edge he sits at unless the
    /// players choose another. By default one player per side
    /// ([`seating::two_sided`](crate::seating::two_sided)).
    fn table_players(_options: &Self::Options) -> Vec<TablePlayer> {
        crate::seating::two_sided::<Self>()
    }
    /// The seats now, for players at `places` (seat order): the role each holds now (a game
    /// may hand roles around during play, FB 17.3.1). By default the players of
    /// [`TableGame::table_players`] for the game's options.
    fn seats_now(&self, places: &[TableEdge]) -> Seats {
        crate::seating::seats_at(&Self::table_players(&self.options()), places)
    }
    /// The role ([`TablePlayer::role`]) that must answer what is pending, when the game
    /// knows it; `None`: the acting side's first seat answers.
    fn answering_role(&self) -> Option<&'static str> {
        None
    }
}

/// The problems that keep a game's built-in data from loading, as one message (the first five).
pub fn data_error_message<E: fmt::Display>(what: &str, errors: &[E]) -> String {
    let mut msg = format!("the built-in {what} data cannot be used:");
    for e in errors.iter().take(5) {
        msg.push_str(&format!("\n{e}"));
    }
    msg
}

/// One line of the log of a game whose events say who may see them and are told in words by
/// the game's `describe` (Fortress Berlin, the Gates): the event and its text, written after
/// the case it happened under (`[8.7] …`), as Berlin '85's log lines are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DescribedEvent<E> {
    pub event: E,
    pub text: String,
}

impl<E: Cited> Cited for DescribedEvent<E> {
    fn case(&self) -> engine::core::protocol::Case {
        self.event.case()
    }
}

impl<E: Cited> fmt::Display for DescribedEvent<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}] {}", self.event.case(), self.text)
    }
}

/// [`TableGame::apply_logged`] for such a game: applies `input` (checked, or in place for an
/// input accepted before) and appends each event with its words and its visibility.
pub fn apply_described<G>(
    game: &mut G,
    input: &EngineInput<G::Command>,
    checked: bool,
    out: &mut Vec<(DescribedEvent<G::Event>, EventVisibility)>,
    describe: impl Fn(&'static G::Data, &G::Event) -> String,
) -> Result<(), RuleViolation>
where
    G: Ruleset<'static>,
{
    use engine::core::contract::GameEvent;
    let events = if checked {
        Ruleset::apply(game, input)?
    } else {
        let mut events = engine::core::protocol::Events::new();
        Ruleset::apply_in_place(game, input, &mut events)?;
        events
    };
    let data = game.data();
    out.extend(events.into_iter().map(|event| {
        let visibility = event.visibility();
        let text = describe(data, &event);
        (DescribedEvent { event, text }, visibility)
    }));
    Ok(())
}

/// An options type that names its game: lets a [`Header`](crate::Header) be written from a
/// game's options alone.
pub trait GameOptions: Copy {
    type Game: TableGame<Options = Self>;
}

/// FNV-1a over the postcard form of `data`, never 0: the digest [`TableGame::data_version`]
/// returns for data that serialises. Computed once per data set (the address is the key: the
/// data is `'static` and never changes).
pub fn digest_of<D: Serialize>(data: &'static D) -> u64 {
    static CACHE: std::sync::Mutex<Vec<(usize, u64)>> = std::sync::Mutex::new(Vec::new());
    let key = data as *const D as usize;
    let mut cache = CACHE.lock().unwrap_or_else(|p| p.into_inner());
    if let Some((_, v)) = cache.iter().find(|(k, _)| *k == key) {
        return *v;
    }
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in postcard::to_allocvec(data).unwrap_or_default() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    let v = h.max(1);
    cache.push((key, v));
    v
}

/// The game id a header records for game `G` (its slug: `"berlin85"`).
pub fn game_id<G: TableGame>() -> &'static str {
    G::GAME.slug()
}

/// Places every unit of the current set-up step still in the pool on a random legal hex,
/// through the session (so every placement is journalled), adding what each placement logged
/// to `log`. Units with no legal hex left are skipped. Returns how many were placed.
pub(crate) fn auto_place<G: TableGame>(
    s: &mut Session<G>,
    rng: &mut impl Rng,
    log: &mut Vec<G::LogEvent>,
) -> Result<usize, RuleViolation> {
    let mut placed = 0;
    for unit in s.game().units_to_place() {
        let choices = s.game().placements(unit);
        if choices.is_empty() {
            continue;
        }
        let command = choices[rng.gen_range(0..choices.len())].clone();
        log.extend(s.apply(EngineInput::Command(command))?);
        placed += 1;
    }
    Ok(placed)
}

// ---- Berlin '85 -------------------------------------------------------------------------------

/// Berlin '85's game, as the table keeps it.
pub type Berlin85 = engine::berlin85::Game<'static>;

pub use engine::berlin85::{Command, Event, GameData, Options, Phase, State, NATO, WARSAW_PACT};

/// The engine's game (its data and state) — Berlin '85's, for callers that name no game.
pub type Game = Berlin85;
/// One input: a command, a roll, a drawn chit or a choice.
pub type Input = engine::berlin85::Input85;
/// What the game waits for.
pub type Pending = engine::berlin85::Pending85;

/// The game id written in a Berlin '85 [`Header`](crate::Header) (`Header::game`).
pub const GAME_ID: &str = "berlin85";

impl GameOptions for Options {
    type Game = Berlin85;
}

impl TableGame for Berlin85 {
    type LogEvent = Event;
    const SIDE_ACROSS: Side = engine::berlin85::NATO;
    const NOTHING_TO_ROLL: RuleViolation =
        RuleViolation::new("4.0", "no roll or draw is wanted now");
    // Untried strengths are drawn from a cup [11.0].
    const EMPTY_CUP: RuleViolation = RuleViolation::new("11.0", "the cup is empty");

    fn builtin_data() -> Result<&'static GameData, String> {
        builtin_data()
    }

    fn data_version(data: &'static GameData) -> u64 {
        digest_of(data)
    }

    fn fits(&self, state: &State) -> bool {
        state.scenario == self.state.scenario
    }

    fn secret_roller(&self, input: &Input) -> Option<Side> {
        engine::berlin85::Game::secret_roller(self, input)
    }

    fn apply_logged(
        &mut self,
        input: &Input,
        checked: bool,
        out: &mut Vec<(Event, EventVisibility)>,
    ) -> Result<(), RuleViolation> {
        // [17.0] NATO's reinforcement roll is secret: the engine says which lines it hides.
        let roller = engine::berlin85::Game::secret_roller(self, input);
        let events = if checked {
            engine::berlin85::Game::apply(self, input)?
        } else {
            let mut events = engine::core::protocol::Events::new();
            engine::berlin85::Game::apply_in_place(self, input, &mut events)?;
            events
        };
        out.extend(events.into_iter().map(|e| {
            let visibility = e.visibility(roller);
            (e, visibility)
        }));
        Ok(())
    }

    fn is_unknown_scenario(error: &engine::berlin85::game::NewGameError) -> bool {
        matches!(error, engine::berlin85::game::NewGameError::UnknownScenario)
    }

    // The line the CLI has always printed for Berlin '85, with the surrender points.
    fn summary(&self) -> String {
        format!(
            "turn {} {:?}, {} phasing; surrender points {}",
            self.state.turn,
            self.state.phase,
            engine::berlin85::state::side_name(self.state.phasing),
            self.surrender_points()
        )
    }

    fn roster(data: &'static GameData) -> Vec<String> {
        data.roster
            .units
            .iter()
            .map(|u| {
                format!(
                    "{:<11} {:<14} {:<16} {}-{}-{} {:?}",
                    Self::side_name(u.side),
                    u.id.as_str(),
                    u.name.as_str(),
                    u.attack,
                    u.defense,
                    u.movement,
                    u.kind
                )
            })
            .collect()
    }

    fn units_to_place(&self) -> Vec<UnitId> {
        engine::berlin85::Game::units_to_place(self).collect()
    }

    fn placements(&self, unit: UnitId) -> Vec<engine::berlin85::Command> {
        let mut hexes = Box::new(heapless::Vec::<HexId, { engine::core::map::MAX_HEXES }>::new());
        self.legal_setup_hexes(unit, &mut hexes);
        hexes
            .iter()
            .map(|&hex| engine::berlin85::Command::Place { unit, hex })
            .collect()
    }
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
