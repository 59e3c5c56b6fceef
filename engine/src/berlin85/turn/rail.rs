//! The rail line between 0108 and 2302: NATO's Victory Points for a Game-Turn with a NATO unit
//! on it [20.23] or an artillery interdiction of it [20.22], and the Medicine Wheel
//! supply-priority roll [21.35] 4 that a NATO unit on the line ever makes harder.
//!
//! Decisions documented here (the rulebook leaves them open):
//! - Rail-line occupation [20.23] is checked at the start of each Player-Turn and at the end of
//!   the Game-Turn (the moments no unit is moving).
//! - [21.35] 4 is applied as printed: when NATO has ever occupied the rail line, 1 is
//!   subtracted from the supply-priority die, and 1-4 succeeds.

use super::Game;
use crate::berlin85::data::SpecialRules;
use crate::berlin85::event::Event;
use crate::berlin85::state::NATO;
use crate::core::map::HexFeatures;
use crate::core::protocol::{emit, Events, RuleViolation};
use crate::event;

/// NATO VP for a Game-Turn with a unit on the rail line [20.23] or an interdiction [20.22].
pub const RAIL_OCCUPATION_VP: u16 = 8;
pub const RAIL_INTERDICTION_VP: u16 = 5;
/// First Game-Turn of the Medicine Wheel supply-priority roll [21.35] 4.
pub const SUPPLY_PRIORITY_FIRST_TURN: u8 = 8;

impl<'d> Game<'d> {
    /// May Warsaw Pact units be in supply under [21.35] 4? Always true outside the scenarios
    /// with the supply-priority rule; there, true from the Game-Turn after a successful roll.
    pub fn wp_supply_priority_active(&self) -> bool {
        if !self.scenario().rules.wp_supply_priority {
            return true;
        }
        let from = self.state.turn_state.supply_priority_from;
        from != 0 && self.state.turn >= from
    }

    /// Takes the Medicine Wheel supply-priority roll [21.35] 4.
    pub(super) fn supply_priority_rolled(
        &mut self,
        die: u8,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let minus = self.state.turn_state.nato_on_rail_ever as u8;
        let modified = die.saturating_sub(minus);
        if modified <= 4 {
            self.state.turn_state.supply_priority_from = self.state.turn + 1;
            emit(
                events,
                event!(
                    "21.35",
                    "supply priority won (roll {}): Pact units may be supplied from next turn",
                    modified
                ),
            )?;
        } else {
            emit(
                events,
                event!(
                    "21.35",
                    "no new supply priority (roll {}): Pact units stay unsupplied",
                    modified
                ),
            )?;
        }
        Ok(())
    }

    /// Is a NATO unit on a hex of the rail line between 0108 and 2302 [20.23]?
    pub fn nato_on_rail_line(&self) -> bool {
        self.units_on_map()
            .any(|(u, h)| self.side_of(u) == NATO && self.features(h).has(HexFeatures::RAIL_LINE))
    }

    /// NATO's rail-line VP for the Game-Turn ending [20.22], [20.23].
    pub(super) fn score_rail_line(
        &mut self,
        rules: SpecialRules,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        self.check_rail_occupation();
        if !self.state.turn_state.cease_fire
            && !rules.medicine_wheel_vp
            && !rules.no_honors_no_surrender
        {
            if self.state.turn_state.rail_occupied_this_turn {
                self.add_rail_vp(RAIL_OCCUPATION_VP)?;
                emit(
                    events,
                    event!(
                        "20.23",
                        "a NATO unit is on the rail line: NATO scores {} VP",
                        RAIL_OCCUPATION_VP
                    ),
                )?;
            } else if self.interdiction_happened() {
                self.add_rail_vp(RAIL_INTERDICTION_VP)?;
                emit(
                    events,
                    event!(
                        "20.22",
                        "NATO artillery interdicted the rail line: NATO scores {} VP",
                        RAIL_INTERDICTION_VP
                    ),
                )?;
            }
        }
        Ok(())
    }

    pub(super) fn check_rail_occupation(&mut self) {
        if self.nato_on_rail_line() {
            self.state.turn_state.rail_occupied_this_turn = true;
            self.state.turn_state.nato_on_rail_ever = true;
        }
    }

    /// Did NATO artillery interdict the rail line this Game-Turn [20.22]?
    fn interdiction_happened(&self) -> bool {
        self.state.turn_state.interdicted
    }

    /// Records a NATO interdiction mission this Game-Turn [20.22] (called by combat).
    pub fn record_interdiction(&mut self) {
        self.state.turn_state.interdicted = true;
    }

    fn add_rail_vp(&mut self, vp: u16) -> Result<(), RuleViolation> {
        let ts = &mut self.state.turn_state;
        ts.rail_vp = ts
            .rail_vp
            .checked_add(vp)
            .ok_or(RuleViolation::new("engine", "rail-line VP overflow"))?;
        Ok(())
    }
}
