//! *Fortress Berlin*'s [`TableGame`]: what the session, the saves, `replay` and the CLI need of
//! the second game beyond its engine contract (`engine::fortress::contract`).
//!
//! Fortress Berlin has no secret rolls (every die is rolled in the open: 8.1, 8.4.2) and no
//! chit cup; what a side may not see is the inside of an enemy force, which the engine's
//! events already mark (a move or a stack order is its owner's business, 3.1.5, 3.6).

use crate::ruleset::{digest_of, GameOptions, TableGame};
use engine::core::contract::{EventVisibility, GameEvent, Ruleset};
use engine::core::protocol::{Case, Cited, Input, RuleViolation};
use engine::core::side::Side;
use engine::core::units::UnitId;
use engine::fortress::describe::describe;
use std::fmt;
use std::sync::OnceLock;

pub use engine::fortress::board::Options;
pub use engine::fortress::game::{Command, Event};
pub use engine::fortress::GameData;

/// Fortress Berlin's game, as the table keeps it.
pub type Fortress = engine::fortress::game::Game<'static>;

/// One line of the log: the engine's event and its words (counter names, hex numbers:
/// `fortress::describe`), written after the case it happened under (`[8.7] …`), as Berlin
/// '85's log lines are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogLine {
    pub event: Event,
    pub text: String,
}

impl Cited for LogLine {
    fn case(&self) -> Case {
        self.event.case()
    }
}

impl fmt::Display for LogLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}] {}", self.event.case(), self.text)
    }
}

impl GameOptions for Options {
    type Game = Fortress;
}

impl TableGame for Fortress {
    type LogEvent = LogLine;
    // The Soviet player sits across the board from the German, who sets up first (13.0).
    const SIDE_ACROSS: Side = engine::fortress::counters::SOVIET;
    const NOTHING_TO_ROLL: RuleViolation = RuleViolation::new(
        "4.0",
        "no roll is wanted now: the phasing player gives commands",
    );
    // Fortress Berlin draws nothing from a cup in the rules the engine plays (the Volkssturm
    // cup of 11.2.3 arrives with the reinforcement segment).
    const EMPTY_CUP: RuleViolation = RuleViolation::new("11.2.3", "there is no cup to draw from");

    fn builtin_data() -> Result<&'static GameData, String> {
        builtin_data()
    }

    fn data_version(data: &'static GameData) -> u64 {
        digest_of(data)
    }

    // The state records no scenario id: the scenario's length is what a snapshot of another
    // scenario would differ in first.
    fn fits(&self, state: &Self::State) -> bool {
        state.last_turn == self.state.last_turn
    }

    fn secret_roller(&self, _input: &Input<Command>) -> Option<Side> {
        None
    }

    fn apply_logged(
        &mut self,
        input: &Input<Command>,
        checked: bool,
        out: &mut Vec<(LogLine, EventVisibility)>,
    ) -> Result<(), RuleViolation> {
        let events = if checked {
            Ruleset::apply(self, input)?
        } else {
            let mut events = engine::core::protocol::Events::new();
            Ruleset::apply_in_place(self, input, &mut events)?;
            events
        };
        let data = self.data;
        out.extend(events.into_iter().map(|event| {
            let visibility = event.visibility();
            let text = describe(data, &event).to_string();
            (LogLine { event, text }, visibility)
        }));
        Ok(())
    }

    fn is_unknown_scenario(error: &Self::NewGameError) -> bool {
        matches!(error, engine::fortress::game::NewGameError::NoSuchScenario)
    }

    // 13.0: the fixed German deployments are placed by the scenario; the German's own
    // placement of the zone listings is not yet a set-up step (coverage table, 13.0), so there
    // is nothing to place by hand.
    fn units_to_place(&self) -> Vec<UnitId> {
        Vec::new()
    }

    fn placements(&self, _unit: UnitId) -> Vec<Command> {
        Vec::new()
    }
}

/// The built-in Fortress Berlin data set (data/fortress-berlin), read and checked once and
/// kept for the life of the program.
pub fn builtin_data() -> Result<&'static GameData, String> {
    static DATA: OnceLock<Result<&'static GameData, String>> = OnceLock::new();
    DATA.get_or_init(|| {
        let boxed = data::fortress::load_builtin().map_err(|errs| {
            let mut msg = String::from("the built-in Fortress Berlin data cannot be used:");
            for e in errs.iter().take(5) {
                msg.push_str(&format!("\n{e}"));
            }
            msg
        })?;
        Ok(&*Box::leak(boxed))
    })
    .clone()
}
