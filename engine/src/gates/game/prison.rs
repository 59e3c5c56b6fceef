//! 3.4.1 in play: Spandau Prison (26.26) holds the captured Warsaw Pact units (the series'
//! capture, S11.7, S11.8.4, takes them off the map). The first Warsaw Pact unit to enter it
//! frees them: they leave play, the Warsaw Pact scores the scenario's points for each (S21.2,
//! stand-in one a unit, `prisoners::liberation_points`), and the prison is destroyed — the
//! Warsaw Pact units captured after it are simply out of play. NATO's prisoners in the Stasi
//! Prison are freed only by a sabotage mission (3.11.1), never by entering it.

use super::{Event, Game};
use crate::core::hex::HexId;
use crate::core::protocol::{emit, Events, RuleViolation};
use crate::core::units::UnitId;
use crate::css::morale::Fate;
use crate::gates::places::hexes::SPANDAU_PRISON;
use crate::gates::prisoners::{freed_by_entry, liberation_points};
use crate::gates::WARSAW_PACT;

impl Game<'_> {
    /// Warsaw Pact units in Spandau now: captured and not yet freed (none once it is
    /// destroyed).
    pub fn spandau_prisoners(&self) -> u8 {
        if self.state.spandau_destroyed {
            return 0;
        }
        let data = self.series_data();
        let n = self
            .state
            .series
            .units
            .iter()
            .filter(|u| u.removed == Some(Fate::Captured))
            .filter(|u| data.counter(u.id).is_ok_and(|c| c.side == WARSAW_PACT))
            .count();
        n.min(u8::MAX as usize) as u8
    }

    /// 3.4.1: `unit` entered `hex`; a Warsaw Pact unit entering Spandau before it is destroyed
    /// frees the prisoners there and scores them.
    pub(super) fn read_prison_entry(
        &mut self,
        unit: UnitId,
        hex: HexId,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let side = self.series_data().counter(unit)?.side;
        if hex != SPANDAU_PRISON || side != WARSAW_PACT || self.state.spandau_destroyed {
            return Ok(());
        }
        debug_assert!(freed_by_entry(side));
        let prisoners = self.spandau_prisoners();
        self.state.spandau_destroyed = true;
        emit(events, Event::SpandauLiberated { unit, prisoners })?;
        // S21.2: the scenario's points per unit, as the Warsaw Pact scores a NATO loss.
        let rules = &self.scenario().scenario.victory;
        let (_, per_unit) = rules.award_for_losses(WARSAW_PACT.other(), 1);
        self.award(WARSAW_PACT, liberation_points(prisoners, per_unit), events)
    }
}
