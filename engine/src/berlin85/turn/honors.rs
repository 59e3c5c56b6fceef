//! The Honors of War [19.0]: when the Warsaw Pact may offer them [19.21], [19.45], [21.35] 1,
//! the column for the Surrender Points, the 2d6 roll on the table and the second die of a "B",
//! "C", "S" or modifier result — bonus shift [19.11], cease fire or surrender [19.12], surrender
//! [19.13], [19.14] — and the 20 VP an offer without a surrender costs [19.21].
//!
//! Decisions documented here (the rulebook leaves them open):
//! - A Honors of War cell that is only a die modifier ("+1", "-2" [19.14]) is read as a
//!   surrender check [19.13] whose second roll is modified by that number: NATO surrenders on a
//!   modified 4 or more. (The modifier is the only instruction such a cell gives; applying it to
//!   the surrender roll keeps the offer's whole effect inside its own Game-Turn.)
//! - A Game-Turn lost to a cease fire [19.12] still passes: gas and fire markers age and expire,
//!   Jägerbrigade units that could not be airlanded are lost and the end-of-game check is made,
//!   but nothing is played, so no rail-line VP [20.22], [20.23] are scored for it.

use super::{Game, Stage, TurnStep};
use crate::berlin85::data::HonorsResult;
use crate::berlin85::event::Event;
use crate::berlin85::state::{side_name, NATO, WARSAW_PACT};
use crate::core::protocol::{emit, Events, RuleViolation};
use crate::event;
use serde::{Deserialize, Serialize};

/// Surrender Points needed before the Honors of War may be offered [19.45].
pub const HONORS_MIN_SP: i16 = 6;
/// Warsaw Pact VP lost for each offer that did not end in a surrender [19.21].
pub const HONORS_PENALTY_VP: i16 = 20;

/// What the second Honors of War die decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HonorsSecond {
    /// [19.11]: 1-3 NATO, 4-6 the Warsaw Pact gets the bonus shift.
    Bonus,
    /// [19.12]: 1-3 cease fire, 4-6 NATO surrenders.
    CeaseFireOrSurrender,
    /// [19.13] (and modifier-only cells, see the module notes): 4-6 NATO surrenders.
    Surrender,
}

impl<'d> Game<'d> {
    /// May the Warsaw Pact offer the Honors of War at the start of this Game-Turn [19.21],
    /// [19.45], [21.35] 1?
    pub(super) fn honors_allowed(&self) -> bool {
        let rules = &self.scenario().rules;
        !rules.no_honors_no_surrender
            && self.state.turn > 1
            && self.surrender_points() >= HONORS_MIN_SP
    }

    /// The Honors of War column for `sp`: the highest threshold not above it [19.0].
    pub fn honors_column(&self, sp: i16) -> Option<usize> {
        self.data
            .tables
            .honors_columns
            .iter()
            .rposition(|&c| c <= sp)
    }

    pub(super) fn honors_result(
        &mut self,
        total: u8,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let sp = self.surrender_points();
        let result = self
            .honors_column(sp)
            .and_then(|c| {
                self.data
                    .tables
                    .honors
                    .get(total as usize - 2)
                    .and_then(|row| row.get(c))
            })
            .copied()
            .unwrap_or(HonorsResult::NoEffect);
        let second = |kind, modifier| TurnStep::HonorsSecond { kind, modifier };
        match result {
            HonorsResult::NoEffect => {
                emit(
                    events,
                    event!("19.0", "Honors of War: {} on {} SP, no effect", total, sp),
                )?;
                self.honors_refused(events)?;
                self.turn_start_from(Stage::Reinforcement, events)
            }
            HonorsResult::Bonus => {
                emit(
                    events,
                    event!(
                        "19.11",
                        "Honors of War: {} on {} SP, B: roll for the bonus shift",
                        total,
                        sp
                    ),
                )?;
                self.state.turn_state.step = second(HonorsSecond::Bonus, 0);
                Ok(())
            }
            HonorsResult::CeaseFireOrSurrender => {
                emit(
                    events,
                    event!(
                        "19.12",
                        "Honors of War: {} on {} SP, C: cease fire or surrender",
                        total,
                        sp
                    ),
                )?;
                self.state.turn_state.step = second(HonorsSecond::CeaseFireOrSurrender, 0);
                Ok(())
            }
            HonorsResult::Surrender => {
                emit(
                    events,
                    event!(
                        "19.13",
                        "Honors of War: {} on {} SP, S: NATO may surrender",
                        total,
                        sp
                    ),
                )?;
                self.state.turn_state.step = second(HonorsSecond::Surrender, 0);
                Ok(())
            }
            HonorsResult::Modifier(m) => {
                emit(
                    events,
                    event!(
                        "19.14",
                        "Honors of War: {} on {} SP, {:+}: surrender check, die {:+}",
                        total,
                        sp,
                        m,
                        m
                    ),
                )?;
                self.state.turn_state.step = second(HonorsSecond::Surrender, m);
                Ok(())
            }
        }
    }

    pub(super) fn honors_second(
        &mut self,
        kind: HonorsSecond,
        modifier: i8,
        die: u8,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let roll = die as i8 + modifier;
        match kind {
            HonorsSecond::Bonus => {
                let side = if roll <= 3 { NATO } else { WARSAW_PACT };
                self.state.turn_state.bonus_side = Some(side);
                emit(
                    events,
                    event!(
                        "19.11",
                        "{} gets a one-column bonus shift this Game-Turn",
                        side_name(side)
                    ),
                )?;
            }
            HonorsSecond::CeaseFireOrSurrender => {
                if roll <= 3 {
                    self.state.turn_state.cease_fire = true;
                    emit(
                        events,
                        event!("19.12", "cease fire: this Game-Turn is skipped"),
                    )?;
                    self.honors_refused(events)?;
                    self.state.turn_state.step = TurnStep::Idle;
                    return self.end_game_turn(events);
                }
                return self.nato_surrenders("19.12", events);
            }
            HonorsSecond::Surrender => {
                if roll >= 4 {
                    return self
                        .nato_surrenders(if modifier != 0 { "19.14" } else { "19.13" }, events);
                }
                emit(
                    events,
                    event!(
                        "19.13",
                        "NATO does not surrender (roll {}): no effect",
                        roll
                    ),
                )?;
            }
        }
        self.honors_refused(events)?;
        self.turn_start_from(Stage::Reinforcement, events)
    }

    /// An offer that did not end in a surrender costs the Warsaw Pact 20 VP [19.21].
    fn honors_refused(&mut self, events: &mut Events<Event>) -> Result<(), RuleViolation> {
        let ts = &mut self.state.turn_state;
        ts.honors_failed_offers =
            ts.honors_failed_offers
                .checked_add(1)
                .ok_or(RuleViolation::new(
                    "engine",
                    "too many Honors of War offers to count",
                ))?;
        emit(
            events,
            event!(
                "19.21",
                "no surrender: the Warsaw Pact loses {} VP for the offer",
                HONORS_PENALTY_VP
            ),
        )
    }

    fn nato_surrenders(
        &mut self,
        case: &'static str,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        self.state.turn_state.surrendered = true;
        self.state.turn_state.city_fell_turn = self.state.turn;
        self.state.turn_state.step = TurnStep::Idle;
        emit(
            events,
            event!(case, "NATO surrenders: the game ends and the city falls"),
        )?;
        self.announce_outcome(events)?;
        self.game_over();
        Ok(())
    }
}

pub(super) fn honors_case(kind: HonorsSecond) -> &'static str {
    match kind {
        HonorsSecond::Bonus => "19.11",
        HonorsSecond::CeaseFireOrSurrender => "19.12",
        HonorsSecond::Surrender => "19.13",
    }
}
