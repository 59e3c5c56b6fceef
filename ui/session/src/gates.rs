//! *The Enemy is at the Gates*' [`TableGame`]: what the session, the saves, `replay` and the
//! CLI need of the third game beyond its engine contract (`engine::gates::game::contract`).
//!
//! The Gates have no secret rolls; what no player may see (the unknown political figures of
//! 4.3) is hidden from both, so every event is public. Units are placed during play, in step
//! 1C: the units arriving or returning now are the ones "to place" (S18.1, S11.10).

use crate::ruleset::{digest_of, GameOptions, TableGame};
use engine::core::contract::{EventVisibility, Ruleset};
use engine::core::protocol::{Input, RuleViolation};
use engine::core::side::Side;
use engine::core::units::UnitId;
use engine::css::command::turn::Step;
use engine::gates::game::describe::describe;
use std::sync::OnceLock;

use engine::css::game::GameCommand;
pub use engine::gates::game::{Command, Event, GatesData, Options};

/// The Gates game, as the table keeps it.
pub type Gates = engine::gates::game::Game<'static>;

/// One line of the log: the engine's event and its words (the game's `describe`).
pub type LogLine = crate::ruleset::DescribedEvent<Event>;

impl GameOptions for Options {
    type Game = Gates;
}

impl TableGame for Gates {
    type LogEvent = LogLine;
    // The Warsaw Pact holds the initiative (3.2) and sits across from NATO.
    const SIDE_ACROSS: Side = engine::gates::WARSAW_PACT;
    const NOTHING_TO_ROLL: RuleViolation = RuleViolation::new(
        "S3.0",
        "no roll is wanted now: the sequence of play asks for a command",
    );
    const EMPTY_CUP: RuleViolation = RuleViolation::new("S3.3.4", "the Cup is empty");

    fn builtin_data() -> Result<&'static GatesData, String> {
        builtin_data()
    }

    fn data_version(data: &'static GatesData) -> u64 {
        digest_of(data)
    }

    fn fits(&self, state: &Self::State) -> bool {
        state.scenario == self.state.scenario
    }

    fn apply_logged(
        &mut self,
        input: &Input<Command>,
        checked: bool,
        out: &mut Vec<(LogLine, EventVisibility)>,
    ) -> Result<(), RuleViolation> {
        crate::ruleset::apply_described(self, input, checked, out, |data, event| {
            describe(data, event).to_string()
        })
    }

    fn is_unknown_scenario(error: &Self::NewGameError) -> bool {
        matches!(error, engine::gates::game::NewGameError::NoSuchScenario)
    }

    // S18.1, S11.10: the units arriving or returning for the player placing now.
    fn units_to_place(&self) -> Vec<UnitId> {
        let t = &self.state.series.turn;
        match t.step {
            Step::Arrivals(side) => t
                .arriving
                .iter()
                .filter(|a| a.side == side)
                .map(|a| a.unit)
                .collect(),
            Step::Returns(side) => t
                .returning
                .iter()
                .filter(|r| r.side == side)
                .map(|r| r.unit)
                .collect(),
            _ => Vec::new(),
        }
    }

    // Every hex the engine accepts the unit at now (tried on a copy).
    fn placements(&self, unit: UnitId) -> Vec<Command> {
        self.data
            .map
            .hexes()
            .map(|hex| Command::Series(GameCommand::Place { unit, hex }))
            .filter(|c| {
                let mut copy = self.clone();
                Ruleset::apply(&mut copy, &Input::Command(c.clone())).is_ok()
            })
            .collect()
    }

    fn roster(data: &'static GatesData) -> Vec<String> {
        data.counters
            .iter()
            .map(|c| {
                format!(
                    "{:<11} {:<24} {:?} {:?}, firepower {} {:?} range {}, defense {}, MA {}/{}, TQ {}, {} step(s)",
                    Self::side_name(c.side),
                    c.designation.as_str(),
                    c.kind,
                    c.size,
                    c.firepower,
                    c.colour,
                    c.range,
                    c.defense,
                    c.ma.front,
                    c.ma.back,
                    c.tq,
                    c.steps
                )
            })
            .collect()
    }
}

/// The built-in Gates data set (data/gates), read and checked once and kept for the life of
/// the program.
pub fn builtin_data() -> Result<&'static GatesData, String> {
    static DATA: OnceLock<Result<&'static GatesData, String>> = OnceLock::new();
    DATA.get_or_init(|| {
        let boxed = data::gates::load_game_builtin()
            .map_err(|errs| crate::ruleset::data_error_message("Gates", &errs))?;
        Ok(&*Box::leak(boxed))
    })
    .clone()
}
