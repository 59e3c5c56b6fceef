//! Fire and gas markers over time: the POL hexes next to a fire that are rolled for at the start
//! of each Player-Turn and the spread on 1-3 [10.74]; setting a hex on fire, which eliminates
//! the unit in it [10.71], and a burnt hex never burning again [10.73]; and at the end of the
//! Game-Turn gas dispersing [8.82] and fires burning out into ruins [10.71].
//!
//! Decisions documented here (the rulebook leaves them open):
//! - Fire spread [10.74] is decided for the POL hexes next to a fire at the start of the
//!   Player-Turn; a fire that spreads during these rolls spreads further only next Player-Turn.

use super::{Game, TurnStep};
use crate::berlin85::event::Event;
use crate::core::hex::HexId;
use crate::core::map::{HexFeatures, Markers, SideFeatures};
use crate::core::protocol::{emit, Events, RuleViolation};
use crate::event;

/// POL hexes checked for fire spread at one Player-Turn start [10.74].
pub const MAX_FIRE_CHECKS: usize = 48;

impl<'d> Game<'d> {
    /// The POL hex the phasing player is rolling for now [10.74].
    pub fn fire_spread_hex(&self) -> Option<HexId> {
        match self.state.turn_state.step {
            TurnStep::FireSpread => self.state.turn_state.fire_checks.first().copied(),
            _ => None,
        }
    }

    /// Lists the POL hexes next to a fire the phasing player rolls for [10.74].
    pub(super) fn collect_fire_checks(&mut self) -> Result<(), RuleViolation> {
        self.state.turn_state.fire_checks.clear();
        let map = &self.data.map;
        let g = &map.geometry;
        for (i, f) in map.features.iter().enumerate() {
            // Only POL hexes can catch fire (a cheap test before `fire_can_spread_to`).
            if !f.has(HexFeatures::POL) {
                continue;
            }
            let Some(h) = g.hex_at(i).filter(|_| i < map.terrain.len()) else {
                continue;
            };
            if !self.fire_can_spread_to(h) {
                continue;
            }
            let burning_neighbour = g.neighbours(h).any(|(_, n)| {
                self.markers(n).has(Markers::FIRE)
                    && g.side_between(h, n).is_some_and(|s| {
                        let f = map.side(s);
                        !f.has(SideFeatures::WATER | SideFeatures::LAKE_SHORE | SideFeatures::CANAL)
                    })
            });
            if burning_neighbour {
                self.state.turn_state.fire_checks.push(h).map_err(|_| {
                    RuleViolation::new("engine", "too many POL hexes next to fires")
                })?;
            }
        }
        Ok(())
    }

    /// Takes one fire-spread roll [10.74]; the Player-Turn goes on after the last one.
    pub(super) fn fire_spread_rolled(
        &mut self,
        die: u8,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let ts = &mut self.state.turn_state;
        if ts.fire_checks.is_empty() {
            ts.step = TurnStep::Idle;
            return self.player_turn_start_done(events);
        }
        let h = ts.fire_checks.remove(0);
        if die <= 3 {
            self.set_fire(h, "10.74", events)?;
        } else {
            let label = self.data.map.geometry.format(h);
            emit(
                events,
                event!("10.74", "the fire does not spread to {}", label).at(h),
            )?;
        }
        if self.state.turn_state.fire_checks.is_empty() {
            self.state.turn_state.step = TurnStep::Idle;
            return self.player_turn_start_done(events);
        }
        Ok(())
    }

    /// Gas [8.82] and fire [10.71] markers placed before `turn` expire.
    pub(super) fn expire_markers(
        &mut self,
        turn: u8,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        for i in 0..self.state.hexes.len() {
            let Some(h) = self.data.map.geometry.hex_at(i) else {
                continue;
            };
            let hs = self.state.hexes[i];
            if hs.markers.has(Markers::GAS) && hs.marker_turn < turn {
                self.state.hexes[i].markers.remove(Markers::GAS);
                let label = self.data.map.geometry.format(h);
                emit(
                    events,
                    event!("8.82", "the gas in {} disperses", label).at(h),
                )?;
            }
            if hs.markers.has(Markers::FIRE) && hs.marker_turn < turn {
                let m = &mut self.state.hexes[i].markers;
                m.remove(Markers::FIRE);
                m.insert(Markers::RUIN | Markers::BURNED);
                let label = self.data.map.geometry.format(h);
                emit(
                    events,
                    event!("10.71", "the fire in {} burns out and leaves a ruin", label).at(h),
                )?;
            }
        }
        Ok(())
    }

    /// May fire spread into `h` [10.73], [10.74]: a POL hex not burning and never burnt.
    fn fire_can_spread_to(&self, h: HexId) -> bool {
        let m = self.markers(h);
        self.features(h).has(HexFeatures::POL)
            && !m.has(Markers::FIRE)
            && !m.has(Markers::BURNED)
            && !m.has(Markers::POL_DESTROYED)
    }

    /// Sets a POL hex on fire as a collateral damage result would [10.71]: the unit in it is
    /// eliminated and the hex can never burn again [10.73].
    pub(crate) fn set_fire(
        &mut self,
        h: HexId,
        case: &'static str,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let turn = self.state.turn;
        if let Some(s) = self.hex_state_mut(h) {
            s.markers.insert(Markers::FIRE | Markers::BURNED);
            s.marker_turn = turn;
        }
        let label = self.data.map.geometry.format(h);
        emit(events, event!(case, "fire in {}", label).at(h))?;
        while let Some(u) = self.unit_at(h) {
            self.eliminate(u, "10.71", events)?;
        }
        Ok(())
    }
}
