//! The Movement Phase [5.0]: movement costs, zones of control [6.1], roads and the Autobahn
//! [5.22], [5.23], the U-Bahn [15.0], night movement [16.2], reinforcements [13.0].

use super::command::Command;
use super::event::Event;
use super::game::{Game, Input85, Pending85};
use crate::core::protocol::{refuse, Events, Input, Pending, RuleViolation};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveState {}

impl<'d> Game<'d> {
    pub(crate) fn movement_begin(
        &mut self,
        _events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        Ok(())
    }

    pub(crate) fn movement_pending(&self) -> Pending85 {
        Pending::Command {
            player: self.state.phasing,
        }
    }

    pub(crate) fn movement_apply(
        &mut self,
        input: &Input85,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        match input {
            Input::Command(Command::EndMovement) => self.end_movement_phase(events),
            _ => refuse("5.11", "that is not a movement command"),
        }
    }
}
