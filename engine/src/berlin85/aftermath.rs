//! After the die: applying a combat result [7.6] — eliminations, exchanges, retreats [7.7],
//! "They Shall Not Pass" [7.76], displacement [7.8], advance after combat [7.9] and the
//! collateral damage check [10.x] that closes each combat.
//!
//! The combat module ([`super::combat`]) runs each attack up to its die roll and hands the
//! outcome over with [`Game::aftermath_begin`]; while [`Game::aftermath_pending`] is `Some`,
//! the combat phase waits for the choices and rolls asked here.

use super::data::CombatResult;
use super::event::Event;
use super::game::{Game, Input85, Pending85};
use crate::core::hex::HexId;
use crate::core::protocol::{Events, RuleViolation};
use crate::core::units::UnitId;
use serde::{Deserialize, Serialize};

/// What the combat module hands over once the die has decided an attack.
#[derive(Clone, Debug)]
pub struct AttackOutcome<'a> {
    /// Index of the attack in the Combat Phase.
    pub attack: u8,
    pub result: CombatResult,
    /// Attacking units adjacent to the defenders (they suffer results [8.33] and may advance).
    pub adjacent_attackers: &'a [UnitId],
    /// Barraging (non-adjacent) artillery: never affected by results [8.14], [7.6] Ex.
    pub barrage_attackers: &'a [UnitId],
    pub defenders: &'a [UnitId],
    /// Fire strength of both sides into each defender hex, for collateral damage [10.0]
    /// (barrage + FPF + ground support; POL tripling [10.71] already applied).
    pub fire_into: &'a [(HexId, u16)],
    /// The attack was made by artillery alone [8.15] (only D2-D4/De count).
    pub artillery_only: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Aftermath {}

impl<'d> Game<'d> {
    /// Starts applying `o.result`.
    pub(crate) fn aftermath_begin(
        &mut self,
        _o: &AttackOutcome<'_>,
        _events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        Ok(())
    }

    /// The choice or roll the aftermath waits for; `None` when the attack is fully resolved.
    pub(crate) fn aftermath_pending(&self) -> Option<Pending85> {
        None
    }

    /// Answers the aftermath's pending request.
    pub(crate) fn aftermath_apply(
        &mut self,
        _input: &Input85,
        _events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        Err(RuleViolation::new("7.6", "no combat result is being applied"))
    }
}
