//! The End Phase (S3.7): step A, the victory check on the turns the scenario names (S3.7.1,
//! S21.1), with the game's own test ([`Victory`]); step B, the game's end after the last turn
//! or on a verdict (S3.7.2), else the next turn.
//!
//! The turn machine cannot know what wins: on a check turn it stops at `Step::VictoryCheck`
//! and the game supplies its test — [`TurnState::apply_with`] runs it within the same input,
//! or the game calls [`TurnState::victory_check`] itself. Plain `apply` refuses every input at
//! that step (S3.7.1), so a check is never skipped.

use super::turn::{ev, Command, Event, Step, TurnState, What};
use super::CommandData;
use crate::core::protocol::{emit, refuse, Events, Input, RuleViolation};
use crate::css::scenario::Victory;

impl TurnState {
    /// The End Phase (S3.7): on a check turn, stop for the victory test; else step B.
    pub(super) fn end_phase(
        &mut self,
        data: &CommandData,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        emit(events, ev("S3.7", What::EndPhase(self.turn)))?;
        if self.victory_turns.contains(&self.turn) {
            self.step = Step::VictoryCheck;
            return Ok(());
        }
        self.game_end_or_next_turn(data, events)
    }

    /// S3.7.2: the game ends after the last turn; otherwise the next turn begins.
    fn game_end_or_next_turn(
        &mut self,
        data: &CommandData,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        if self.turn >= data.last_turn {
            self.step = Step::GameOver;
            return emit(events, ev("S3.7.2", What::GameOver));
        }
        self.begin_turn(data, events)
    }

    /// S3.7.1 (S21.1): the game's victory test on a check turn; a verdict ends the game at
    /// once (S3.7.2), none lets play go on.
    pub fn victory_check(
        &mut self,
        data: &CommandData,
        victory: &impl Victory,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        if self.step != Step::VictoryCheck {
            return refuse(
                "S3.7.1",
                "victory is checked in the End Phase of a check turn",
            );
        }
        if let Some(v) = victory.check(self.turn) {
            self.verdict = Some(v);
            self.step = Step::GameOver;
            emit(events, ev("S3.7.1", What::Victory(v)))?;
            return emit(events, ev("S3.7.2", What::GameOver));
        }
        self.game_end_or_next_turn(data, events)
    }

    /// A rule of the game ends it at once with `verdict` (*Gates* 10.1: 29 Victory Points
    /// against 0), whatever step the turn is at (S3.7.2).
    pub fn sudden_end(
        &mut self,
        verdict: crate::css::scenario::Verdict,
        case: crate::core::protocol::Case,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        if self.step == Step::GameOver {
            return refuse("S3.7.2", "the game is already over");
        }
        self.verdict = Some(verdict);
        self.step = Step::GameOver;
        emit(events, ev(case, What::Victory(verdict)))?;
        emit(events, ev("S3.7.2", What::GameOver))
    }

    /// [`TurnState::apply`], then the game's victory test if the input led to a check turn's
    /// End Phase (S3.7.1).
    pub fn apply_with(
        &mut self,
        data: &CommandData,
        victory: &impl Victory,
        input: &Input<Command>,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        self.apply(data, input, events)?;
        if self.step == Step::VictoryCheck {
            self.victory_check(data, victory, events)?;
        }
        Ok(())
    }
}
