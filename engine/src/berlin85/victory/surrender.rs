//! Surrender Points [19.4]: what a destroyed unit is worth [19.42], [19.43], what the West
//! Berlin terrain the Warsaw Pact holds is worth [19.44], and the total [19.41] the Honors of
//! War are rolled on; none in scenarios without the track [21.35] 1. Eliminated units are
//! scored here, by the Surrender Point track or, in Medicine Wheel, by its schedule [21.36].
//!
//! Surrender Points come in two parts: losses, kept as a running total as units are eliminated
//! ([`Game::score_loss`]), and terrain, counted afresh from the hexes held whenever asked
//! ([19.44]: a recaptured hex simply stops counting). `surrender_points_from_scratch` recounts
//! the losses from the unit table too; the two must always agree.
//!
//! Decisions documented here:
//! - [19.42] names police, mechanized, artillery and paratroop units. Any other Warsaw Pact
//!   military unit (tank, recon, engineer …) is scored like a mechanized unit: 2 points.
//! - A West Berlin hex that is both an objective/airfield and a barracks/control tower hex
//!   scores once, at its higher value (2).

use super::schedule::schedule_loss_value;
use crate::berlin85::data::Region;
use crate::berlin85::event::Event;
use crate::berlin85::game::Game;
use crate::berlin85::state::{NATO, WARSAW_PACT};
use crate::core::hex::HexId;
use crate::core::map::HexFeatures;
use crate::core::protocol::{emit, Events, RuleViolation};
use crate::core::side::Side;
use crate::core::units::{Location, UnitId, UnitKind};
use crate::event;

/// Surrender Points a destroyed unit is worth, Warsaw Pact positive [19.42], [19.43].
pub fn loss_value(side: Side, kind: UnitKind) -> i16 {
    if side == NATO {
        // [19.43]: the MP unit is military, not police.
        if kind == UnitKind::Police {
            1
        } else {
            2
        }
    } else {
        match kind {
            UnitKind::Police => -1,
            UnitKind::Paratroop => -3,
            _ => -2,
        }
    }
}

impl<'d> Game<'d> {
    fn surrender_track_used(&self) -> bool {
        !self.scenario().rules.no_honors_no_surrender
    }

    /// Scores an eliminated unit ([19.42], [19.43]; in Medicine Wheel [21.36]).
    pub(crate) fn score_loss(
        &mut self,
        u: UnitId,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let d = self.def(u);
        if self.scenario().rules.medicine_wheel_vp {
            let v = schedule_loss_value(&self.scenario().victory_points, d.side, d.kind);
            let ts = &mut self.state.turn_state;
            for (acc, add) in ts.mw_vp.iter_mut().zip(v) {
                *acc = acc
                    .checked_add(add)
                    .ok_or(RuleViolation::new("engine", "VP overflow"))?;
            }
            let to = d.side.other();
            if v[to.index()] == 0 {
                return Ok(());
            }
            return emit(
                events,
                event!(
                    "21.36",
                    "{} scores {} VP for {}",
                    crate::berlin85::state::side_name(to),
                    v[to.index()],
                    d.name
                )
                .unit(u),
            );
        }
        if !self.surrender_track_used() {
            return Ok(());
        }
        let v = loss_value(d.side, d.kind);
        let ts = &mut self.state.turn_state;
        ts.surrender_points = ts
            .surrender_points
            .checked_add(v)
            .ok_or(RuleViolation::new("engine", "Surrender Point overflow"))?;
        let case = if d.side == NATO { "19.43" } else { "19.42" };
        emit(
            events,
            event!(case, "{} lost: {:+} Surrender Points", d.name, v).unit(u),
        )
    }

    /// Surrender Points a West Berlin hex is worth to its holder, 0 if none [19.44].
    pub fn terrain_sp_value(&self, h: HexId) -> i16 {
        if self.region(h) != Region::WestBerlin {
            return 0;
        }
        let f = self.features(h);
        if f.has(HexFeatures::BARRACKS | HexFeatures::CONTROL_TOWER) {
            2
        } else if f.has(HexFeatures::OBJECTIVE | HexFeatures::AIRFIELD)
            || self.data.map.airfield_of(h).is_some()
        {
            1
        } else {
            0
        }
    }

    /// Surrender Points for the West Berlin terrain the Warsaw Pact holds now [19.44].
    pub fn terrain_surrender_points(&self) -> i16 {
        self.data
            .map
            .hexes()
            .filter(|&h| self.held_by(h) == WARSAW_PACT)
            .map(|h| self.terrain_sp_value(h))
            .sum()
    }

    /// The Surrender Point total (Warsaw Pact positive) [19.41]: running losses plus terrain.
    /// Zero in scenarios without the track ([21.35] 1).
    pub fn surrender_points(&self) -> i16 {
        if !self.surrender_track_used() {
            return 0;
        }
        self.state
            .turn_state
            .surrender_points
            .saturating_add(self.terrain_surrender_points())
    }

    /// The same total recounted from the unit table and the hexes (an invariant check).
    pub fn surrender_points_from_scratch(&self) -> i16 {
        if !self.surrender_track_used() {
            return 0;
        }
        let losses: i16 = self
            .state
            .units
            .iter()
            .enumerate()
            .filter(|(_, s)| s.location == Location::Eliminated)
            .map(|(i, _)| {
                let d = self.def(UnitId(i as u16));
                loss_value(d.side, d.kind)
            })
            .sum();
        losses.saturating_add(self.terrain_surrender_points())
    }
}
