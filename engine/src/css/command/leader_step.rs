//! Step 2D-b in the turn machine (S3.3.4 b, S12.3.3): after the units of a Division or
//! Formation chit have acted, the turn stops at `Step::LeaderMoves` (a `Pending::Command` for
//! the chit's owner) whenever the chit made a formation active. The owner moves each active
//! leader at most once ([`TurnState::move_leader`], on the game's board through
//! `css::leaders::step_2d_b`) and closes the step with `Command::EndLeaderMoves`; then 2D-c
//! and 2D-d follow. Direct Command, Wind and Random Event chits activate no formation, so no
//! leader (S4.6.3): the turn goes on without stopping.

use super::turn::{ev, Event, Play, Step, TurnState, What};
use super::{Chit, CommandData};
use crate::core::hex::HexId;
use crate::core::protocol::{emit, refuse, Events, RuleViolation};
use crate::core::units::UnitId;
use crate::css::destinations::MoveScratch;
use crate::css::leaders::{active_under, movers_at_2d_b, step_2d_b, Leader, LeaderCharts, Leg2dB};
use crate::css::terrain::Conditions;

/// Leaders that may move at one step 2D-b (a division's leaders).
pub const MAX_LEADERS_2D_B: usize = 16;

impl TurnState {
    /// Step 2D-a has ended: stop for 2D-b if the chit made any formation active.
    pub(super) fn after_2d_a(
        &mut self,
        data: &CommandData,
        p: Play,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let activates = matches!(p.chit, Chit::Division(_) | Chit::Formation(_))
            && !active_under(data, p.chit).is_empty();
        if activates {
            self.leaders_moved.clear();
            self.step = Step::LeaderMoves(p);
            return Ok(());
        }
        self.end_play(data, p, events)
    }

    /// Step 2D-b: the leaders of `leaders` that may still move now (S12.1, S12.3.3).
    pub fn leaders_at_2d_b(
        &self,
        data: &CommandData,
        leaders: &[Leader],
    ) -> heapless::Vec<UnitId, MAX_LEADERS_2D_B> {
        let Step::LeaderMoves(p) = self.step else {
            return heapless::Vec::new();
        };
        movers_at_2d_b(leaders, &active_under(data, p.chit))
            .into_iter()
            .filter(|id| !self.leaders_moved.contains(id))
            .take(MAX_LEADERS_2D_B)
            .collect()
    }

    /// Step 2D-b (S12.3.3): the active leader `id` of `leaders` moves on its own to `to` on
    /// the game's `board` — once per step, only if the chit just played made it active.
    /// Returns the cost in sixths of an MP.
    #[allow(clippy::too_many_arguments)]
    pub fn move_leader<const H: usize, const P: usize, C: Conditions, F: Fn(HexId) -> bool>(
        &mut self,
        data: &CommandData,
        board: &Leg2dB<'_, H, P, C, F>,
        leaders: &mut [Leader],
        id: UnitId,
        to: HexId,
        charts: &LeaderCharts,
        scratch: &mut MoveScratch<H>,
        events: &mut Events<Event>,
    ) -> Result<u16, RuleViolation> {
        let Step::LeaderMoves(p) = self.step else {
            return refuse("S3.3.4", "leaders move on their own only at step 2D-b");
        };
        let active = active_under(data, p.chit);
        if !movers_at_2d_b(leaders, &active).contains(&id) {
            return refuse(
                "S12.3.3",
                "only a leader the chit just played made active moves at step 2D-b",
            );
        }
        if self.leaders_moved.contains(&id) {
            return refuse("S12.3.3", "an active leader moves once at step 2D-b");
        }
        let leader = leaders
            .iter_mut()
            .find(|l| l.id == id)
            .ok_or(RuleViolation::new("engine", "no such leader"))?;
        let cost = step_2d_b(board, leader, &active, charts, to, scratch)?;
        self.leaders_moved
            .push(id)
            .map_err(|_| RuleViolation::new("engine", "too many leaders at step 2D-b"))?;
        let w = What::LeaderMoved {
            leader: id,
            to,
            cost,
        };
        emit(events, ev("S12.3.3", w))?;
        Ok(cost)
    }
}
