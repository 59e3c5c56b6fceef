//! Interrupts that happen "no matter what the Phase" when a unit enters a hex: bridge
//! demolition [12.0] (and the Medicine Wheel / Werewolf variants [21.35] 5, [21.25] 2).
//! `Game::pending` and `Game::apply` look here first, so an interrupt raised in the middle
//! of a move, a retreat or an advance is answered before the phase goes on.

use super::event::Event;
use super::game::{Game, Input85, Pending85};
use crate::core::hex::HexId;
use crate::core::protocol::{Events, RuleViolation};
use crate::core::units::UnitId;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct InterruptState {}

impl<'d> Game<'d> {
    /// Every entry of a unit into a hex goes through here — movement, retreat, displacement,
    /// advance, airlanding: the hex becomes held by the unit's side [19.44] and any interrupt
    /// the entry triggers is queued.
    pub(crate) fn unit_entered(
        &mut self,
        u: UnitId,
        hex: HexId,
        _events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let side = self.side_of(u);
        self.mark_held(hex, side);
        Ok(())
    }

    /// The interrupt the table must answer before anything else, if any.
    pub(crate) fn interrupt_pending(&self) -> Option<Pending85> {
        None
    }

    /// Answers the pending interrupt (only called when `interrupt_pending` is `Some`).
    pub(crate) fn interrupt_apply(
        &mut self,
        _input: &Input85,
        _events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        Err(RuleViolation::new("12.0", "no interrupt is pending"))
    }
}
