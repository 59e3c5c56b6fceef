//! The Combat Phase [7.0]: announced attacks, artillery [8.0], airpower [9.0], resolution,
//! retreats [7.7], displacement [7.8], advance [7.9], collateral damage [10.0].

use super::command::Command;
use super::event::Event;
use super::game::{Game, Input85, Pending85};
use crate::core::protocol::{refuse, Events, Input, Pending, RuleViolation};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CombatState {}

impl<'d> Game<'d> {
    pub(crate) fn combat_begin(
        &mut self,
        _events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        Ok(())
    }

    pub(crate) fn combat_pending(&self) -> Pending85 {
        Pending::Command {
            player: self.state.phasing,
        }
    }

    pub(crate) fn combat_apply(
        &mut self,
        input: &Input85,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        match input {
            Input::Command(Command::EndCombat) => self.end_combat_phase(events),
            _ => refuse("7.0", "that is not a combat command"),
        }
    }
}
