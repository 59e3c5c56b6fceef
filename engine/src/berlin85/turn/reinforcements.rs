//! NATO's emergency reinforcements [17.0]: the offer and the secret 2d6 roll on the
//! Reinforcement Table, "no reinforcements" [17.1], air support with 6 air points and air
//! superiority [17.1], the 10th Jägerbrigade after a 12 [17.23] (its arrival roll [17.1], its
//! one Game-Turn to airland [13.11] and its loss when it cannot [17.21]), and the scenario
//! switches: a 12 read as 11 [21.22], no rolls in Medicine Wheel [21.32].
//!
//! Decisions documented here (the rulebook leaves them open):
//! - NATO may keep "rolling" after a 2-5 ended its emergency reinforcements [17.1]: the roll
//!   has no effect, and the Warsaw Pact view cannot tell it from a real one. After a 12 the rolls
//!   are over in the open [17.23] and NATO is no longer asked.

use super::{Game, Stage, TurnStep};
use crate::berlin85::data::{Arrival, ReinforcementResult};
use crate::berlin85::event::Event;
use crate::berlin85::state::NATO;
use crate::core::protocol::{emit, Events, RuleViolation};
use crate::core::units::{Location, UnitId};
use crate::event;
use serde::{Deserialize, Serialize};

/// Air points an emergency air reinforcement brings [17.1].
pub const EMERGENCY_AIR_POINTS: u8 = 6;

/// NATO's last emergency reinforcement roll [17.0]. The total is secret to NATO unless the
/// roll produced reinforcements (`public`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReinforcementRoll {
    pub turn: u8,
    pub total: u8,
    pub public: bool,
}

impl<'d> Game<'d> {
    /// May the Jägerbrigade airland now (its one Game-Turn of arrival [17.1], [13.11])?
    pub fn emergency_land_reinforcements_available(&self) -> bool {
        self.state.turn_state.jager_turn != 0 && self.state.turn_state.jager_turn == self.state.turn
    }

    /// Is `u` a NATO emergency reinforcement (the Jägerbrigade [21.12])?
    pub fn is_emergency_reinforcement(&self, u: UnitId) -> bool {
        self.scenario()
            .reinforcements
            .iter()
            .any(|g| g.arrival == Arrival::Emergency && g.units.contains(&u))
    }

    /// May NATO be asked whether to roll for emergency reinforcements this turn [17.0]?
    /// (After a secret 2-5 NATO is still asked: it may fake rolls [17.1].)
    pub(super) fn reinforcement_offer_allowed(&self) -> bool {
        let rules = &self.scenario().rules;
        !rules.no_reinforcements
            && !rules.no_honors_no_surrender
            && self.state.turn >= 2
            && !self.state.turn_state.cease_fire
            && !self.state.turn_state.twelve_rolled
    }

    pub(super) fn reinforcement_result(
        &mut self,
        total: u8,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let rules = self.scenario().rules;
        let turn = self.state.turn;
        let ts = &self.state.turn_state;
        let read = if total == 12 && rules.twelve_reads_as_eleven {
            11
        } else {
            total
        };
        let result = if ts.reinforcements_over {
            // [17.1]: after "no reinforcements" every further roll is without effect.
            ReinforcementResult::NoEffect
        } else {
            self.data.tables.reinforcement[read as usize - 2]
        };
        let public = matches!(
            result,
            ReinforcementResult::AirSupport | ReinforcementResult::AirSupportAndJagerbrigade
        );
        self.state.turn_state.reinforcement_roll = Some(ReinforcementRoll {
            turn,
            total,
            public,
        });
        match result {
            ReinforcementResult::NoReinforcements | ReinforcementResult::NoEffect => {
                if result == ReinforcementResult::NoReinforcements {
                    self.state.turn_state.reinforcements_over = true;
                }
                // The same words whatever the secret total was [17.0].
                emit(
                    events,
                    event!(
                        "17.0",
                        "NATO's secret roll brings no reinforcements this Game-Turn"
                    ),
                )?;
                self.turn_start_from(Stage::Finish, events)
            }
            ReinforcementResult::AirSupport => {
                self.emergency_air(total, events)?;
                if read != total {
                    emit(
                        events,
                        event!(
                            "21.22",
                            "a 12 reads as 11 in this scenario: NATO may roll again"
                        ),
                    )?;
                }
                self.turn_start_from(Stage::Finish, events)
            }
            ReinforcementResult::AirSupportAndJagerbrigade => {
                self.emergency_air(total, events)?;
                self.state.turn_state.twelve_rolled = true;
                emit(
                    events,
                    event!(
                        "17.23",
                        "the 10th Jägerbrigade is dispatched; NATO may not roll again"
                    ),
                )?;
                let has_brigade = self
                    .scenario()
                    .reinforcements
                    .iter()
                    .any(|g| g.arrival == Arrival::Emergency);
                if has_brigade {
                    self.state.turn_state.step = TurnStep::JagerRoll;
                    Ok(())
                } else {
                    self.turn_start_from(Stage::Finish, events)
                }
            }
        }
    }

    /// [17.1] air support: 6 air points (none at night) and NATO air superiority this turn.
    fn emergency_air(
        &mut self,
        total: u8,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let ts = &mut self.state.turn_state;
        ts.nato_air_superiority = true;
        let points = if self.is_night() {
            0
        } else {
            EMERGENCY_AIR_POINTS
        };
        self.state.turn_state.air_points[NATO.index()] = points;
        emit(
            events,
            event!(
                "17.1",
                "NATO rolled {}: air support, {} air points and air superiority",
                total,
                points
            ),
        )
    }

    pub(super) fn jager_result(
        &mut self,
        die: u8,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let mut units: heapless::Vec<UnitId, { crate::berlin85::data::MAX_GROUP_UNITS }> =
            heapless::Vec::new();
        for g in self
            .scenario()
            .reinforcements
            .iter()
            .filter(|g| g.arrival == Arrival::Emergency)
        {
            for &u in &g.units {
                if self.state.units[u.0 as usize].location == Location::Pool {
                    units
                        .push(u)
                        .map_err(|_| RuleViolation::new("engine", "too many emergency units"))?;
                }
            }
        }
        match die {
            1 | 2 => {
                self.state.turn_state.jager_turn = self.state.turn;
                emit(
                    events,
                    event!(
                        "17.1",
                        "the Jägerbrigade arrives: airland it this Game-Turn or lose it"
                    ),
                )
            }
            3 => {
                for &u in &units {
                    self.state.units[u.0 as usize].location = Location::Unused;
                }
                emit(
                    events,
                    event!("17.1", "the Jägerbrigade aborts its flight and is lost"),
                )
            }
            _ => {
                emit(
                    events,
                    event!("17.1", "the Jägerbrigade is destroyed in the air"),
                )?;
                for &u in &units {
                    self.eliminate(u, "17.1", events)?;
                }
                Ok(())
            }
        }
    }

    /// Jägerbrigade units not airlanded in their Game-Turn are lost [17.21], [13.11].
    pub(super) fn lose_unlanded_jager(
        &mut self,
        turn: u8,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        if self.state.turn_state.jager_turn == turn {
            let mut lost = 0u8;
            for gi in 0..self.scenario().reinforcements.len() {
                let g = &self.scenario().reinforcements[gi];
                if g.arrival != Arrival::Emergency {
                    continue;
                }
                for &u in &g.units {
                    if self.state.units[u.0 as usize].location == Location::Pool {
                        self.state.units[u.0 as usize].location = Location::Unused;
                        lost += 1;
                    }
                }
            }
            if lost > 0 {
                emit(
                    events,
                    event!(
                        "17.21",
                        "{} Jägerbrigade units could not be airlanded and are lost",
                        lost
                    ),
                )?;
            }
        }
        Ok(())
    }
}
