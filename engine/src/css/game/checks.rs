//! The checks of the unit commands that read the game only (Change Side, S7.7; Fire,
//! S9.3.1; Rally, S11.11; the second-action TQC, S5.1.2; Hold, S5.2): `unit_command` makes
//! them before it acts, and the legal commands (`legal`) ask them instead of trying each
//! candidate on a copy of the game.

use super::{SeriesData, SeriesGame, UnitCommand, MAX_LEGAL};
use crate::core::faces::Face;
use crate::core::hex::HexId;
use crate::core::protocol::{refuse, RuleViolation};
use crate::core::side::Side;
use crate::core::units::UnitId;
use crate::css::actions::Action;
use crate::css::fire::{FireKind, FireSetup};
use crate::css::movement::{change_side_action, Party};

/// A fire's target hex part by (hex fired from, firing side, target hex, kind).
type FireKey = (HexId, Side, HexId, FireKind);

/// The target hexes' part of the fires checked in one query (S9.3.1 the enemies there, S8.1
/// the line of sight, S8.6 concealment): a unit and its stack firing at one hex trace it once.
pub(super) struct FireMemo(heapless::Vec<(FireKey, Result<FireSetup, RuleViolation>), MAX_LEGAL>);

impl FireMemo {
    pub(super) fn new() -> FireMemo {
        FireMemo(heapless::Vec::new())
    }

    /// The part for `key`, made by `make` the first time (kept while there is room).
    pub(super) fn setup(
        &mut self,
        key: FireKey,
        make: impl FnOnce() -> Result<FireSetup, RuleViolation>,
    ) -> Result<FireSetup, RuleViolation> {
        if let Some((_, known)) = self.0.iter().find(|(k, _)| *k == key) {
            return *known;
        }
        let made = make();
        let _ = self.0.push((key, made)); // full: made again when asked again
        made
    }
}

impl<const U: usize> SeriesGame<U> {
    /// The verdict on `c` read from the game alone, for the commands whose check changes
    /// nothing (Change Side, Fire, Rally, the second-action TQC, Hold): `unit_command` makes
    /// the same checks before it acts. `None` for the others (a Move, an assault…), which are
    /// tried on a copy.
    pub(super) fn check_unit_command<const H: usize, const P: usize>(
        &self,
        data: &SeriesData<'_, H, P>,
        c: &UnitCommand,
        memo: &mut FireMemo,
    ) -> Option<Result<(), RuleViolation>> {
        use UnitCommand::*;
        if !matches!(
            c,
            ChangeSide { .. } | Fire { .. } | Rally { .. } | SecondActionCheck { .. } | Hold { .. }
        ) {
            return None;
        }
        // In `unit_command`'s order: the action's own check and `begin`'s (S5.1, S5.1.3).
        Some(self.may_command(c).and_then(|()| match c {
            ChangeSide { units } => {
                self.may_begin(data, units, Action::ChangeSide)?;
                self.change_side(data, units).map(|_| ())
            }
            Fire { units, target } => {
                self.check_fire(data, units, *target, Some(memo))?;
                self.may_begin(data, units, Action::Fire)
            }
            Rally { unit } => {
                self.check_rally(*unit)?;
                self.may_begin(data, &[*unit], Action::Rally)
            }
            SecondActionCheck { unit } => self.check_second_action(data, *unit),
            Hold { units } => self.may_begin(data, units, Action::Hold),
            _ => unreachable!("matched above"),
        }))
    }

    /// S7.7: the party of `units` and its side after a Change Side action in place.
    pub(super) fn change_side<const H: usize, const P: usize>(
        &self,
        data: &SeriesData<'_, H, P>,
        units: &[UnitId],
    ) -> Result<(Party, Face), RuleViolation> {
        let party = self.party(data, units, true, false)?;
        let face = change_side_action(&data.ground, &party)?;
        Ok((party, face))
    }

    /// S9.3.1: may `units` fire at `target`? Checked with the units as they are before the
    /// action (a hex holding enemies, in range and sight; no Fired marker or fire-type action
    /// yet, S5.1.2, S9.3.5).
    pub(super) fn check_fire<const H: usize, const P: usize>(
        &self,
        data: &SeriesData<'_, H, P>,
        units: &[UnitId],
        target: HexId,
        memo: Option<&mut FireMemo>,
    ) -> Result<(), RuleViolation> {
        let declare = (true, FireKind::Direct);
        self.fire_setup_in(data, units, target, declare, memo)
            .map(|_| ())
    }

    /// S11.11: only a marked unit (or one with an active leader in its hex) rallies.
    pub(super) fn check_rally(&self, unit: UnitId) -> Result<(), RuleViolation> {
        let s = self.unit(unit)?.cond.status;
        if !crate::css::morale::may_rally(s, false) {
            return refuse(
                "S11.11",
                "only a marked unit, or one with an active leader in its hex, rallies",
            );
        }
        Ok(())
    }

    /// S5.1.2: may `unit` take the TQC for a second action now?
    pub(super) fn check_second_action<const H: usize, const P: usize>(
        &self,
        data: &SeriesData<'_, H, P>,
        unit: UnitId,
    ) -> Result<(), RuleViolation> {
        let a = self.actor(data, unit)?;
        let act = self
            .activation
            .as_ref()
            .ok_or(RuleViolation::new("S3.4", "no chit is being played"))?;
        act.second_action_roll::<()>(data.command, &self.turn, &a)
            .map(|_| ())
    }
}
