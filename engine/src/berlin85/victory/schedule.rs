//! Operation Medicine Wheel's Victory Points [21.36], read from the scenario's
//! `victory_points` schedule: VP for enemy units destroyed, for units leaving the map across a
//! scoring edge ([21.35] 3) and for hexes held at the end; the running totals, their recount
//! from scratch, each schedule line's count and label on the victory screen.
//!
//! Decisions documented here:
//! - Medicine Wheel [21.36] scores from the scenario's `victory_points` schedule (data, see
//!   docs/data.md): its NATO half is printed, its Warsaw Pact half is a stand-in (see
//!   [`MEDICINE_WHEEL_WP_STANDIN`]). A hex in the zones of several `held_at_end` lines of one
//!   side scores once, at the highest value, as in [19.44].

use crate::berlin85::data::{VpEntry, VpEvent};
use crate::berlin85::event::Event;
use crate::berlin85::game::Game;
use crate::core::hex::{Edge, HexId};
use crate::core::protocol::{emit, Events, RuleViolation};
use crate::core::side::Side;
use crate::core::units::{Location, UnitId, UnitKind};
use crate::event;

/// The Warsaw Pact half of the Medicine Wheel schedule is cut off in the rulebook [21.36].
pub const MEDICINE_WHEEL_WP_STANDIN: &str = "STAND-IN (the rulebook's Warsaw Pact schedule for \
[21.36] is missing): the Warsaw Pact scores 1 VP for each West Berlin police unit destroyed, \
2 VP for each other NATO unit destroyed (mirroring the printed NATO half and [19.43]), and at \
the end of the game 1 VP for each West Berlin objective or airfield hex and 2 VP for each West \
Berlin barracks or control tower hex it holds (the terrain the schedule's introduction promises, \
valued as in [19.44]). The side with more VP wins; equal totals are a draw.";

/// The Medicine Wheel schedule of `data/berlin85/scenarios/medicine_wheel.toml`, for unit
/// tests on small boards (the real data is read by the `data` crate).
#[cfg(test)]
pub(crate) fn medicine_wheel_test_schedule(
) -> heapless::Vec<VpEntry, { crate::berlin85::data::MAX_VP_ENTRIES }> {
    use crate::berlin85::data::{Region, VpUnits, Zone85};
    use crate::berlin85::state::{NATO, WARSAW_PACT};
    use crate::core::map::HexFeatures;
    let entry = |side, points, event, stand_in| VpEntry {
        side,
        points,
        event,
        case: heapless::String::try_from("21.36").unwrap_or_default(),
        stand_in,
    };
    let held = |features| VpEvent::HeldAtEnd {
        zone: Zone85::PlaceKinds {
            features,
            region: Region::WestBerlin,
        },
    };
    let mut edges = heapless::Vec::new();
    let _ = edges.push(Edge::North);
    let _ = edges.push(Edge::West);
    let destroyed = |units| VpEvent::EnemyDestroyed { units };
    let mut out = heapless::Vec::new();
    for e in [
        entry(NATO, 1, destroyed(VpUnits::Police), false),
        entry(NATO, 2, destroyed(VpUnits::NonPolice), false),
        entry(
            NATO,
            2,
            VpEvent::Exited {
                units: VpUnits::Any,
                edges,
            },
            false,
        ),
        entry(WARSAW_PACT, 1, destroyed(VpUnits::Police), true),
        entry(WARSAW_PACT, 2, destroyed(VpUnits::NonPolice), true),
        entry(
            WARSAW_PACT,
            1,
            held(HexFeatures::OBJECTIVE | HexFeatures::AIRFIELD),
            true,
        ),
        entry(
            WARSAW_PACT,
            2,
            held(HexFeatures::BARRACKS | HexFeatures::CONTROL_TOWER),
            true,
        ),
    ] {
        let _ = out.push(e);
    }
    out
}

/// VP a destroyed unit of `side` gives, by side index, under a schedule [21.36].
pub(super) fn schedule_loss_value(schedule: &[VpEntry], side: Side, kind: UnitKind) -> [i16; 2] {
    let mut out = [0i16; 2];
    for e in schedule {
        if let VpEvent::EnemyDestroyed { units } = e.event {
            if e.side == side.other() && units.counts(kind) {
                let acc = &mut out[e.side.index()];
                *acc = acc.saturating_add(i16::from(e.points));
            }
        }
    }
    out
}

/// VP a unit of `side` scores for its own side by leaving the map, under a schedule [21.36].
/// With `edges_of` the edges the unit left across are checked; without, every `exited` line
/// that counts the unit applies (the loader allows at most one per side and unit, so a unit
/// marked as having scored can be recounted without knowing its edge).
fn schedule_exit_value(
    schedule: &[VpEntry],
    side: Side,
    kind: UnitKind,
    left_across: Option<&dyn Fn(Edge) -> bool>,
) -> i16 {
    schedule
        .iter()
        .filter_map(|e| match &e.event {
            VpEvent::Exited { units, edges }
                if e.side == side
                    && units.counts(kind)
                    && left_across.is_none_or(|f| edges.iter().any(|&x| f(x))) =>
            {
                Some(i16::from(e.points))
            }
            _ => None,
        })
        .fold(0i16, i16::saturating_add)
}

impl<'d> Game<'d> {
    /// Records a unit leaving the map from `from` ([21.35] 3): the scenario's `exited` lines
    /// say what it is worth (Medicine Wheel: 2 VP across the north or west edge [21.36]).
    /// Call after the unit's location is `Exited`.
    pub fn score_exit(
        &mut self,
        u: UnitId,
        from: HexId,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        if !self.scenario().rules.medicine_wheel_vp {
            return Ok(());
        }
        let g = &self.data.map.geometry;
        let d = self.def(u);
        let across = |e: Edge| g.within_of_edge(from, 1, e);
        let v = schedule_exit_value(
            &self.scenario().victory_points,
            d.side,
            d.kind,
            Some(&across),
        );
        if v == 0 {
            return Ok(());
        }
        let side = d.side;
        let i = u.0 as usize;
        let ts = &mut self.state.turn_state;
        let word = ts
            .exited_scoring
            .get_mut(i / 32)
            .ok_or(RuleViolation::new("engine", "unit id out of range"))?;
        if *word & (1 << (i % 32)) != 0 {
            return Ok(());
        }
        *word |= 1 << (i % 32);
        let acc = &mut ts.mw_vp[side.index()];
        *acc = acc
            .checked_add(v)
            .ok_or(RuleViolation::new("engine", "VP overflow"))?;
        emit(
            events,
            event!(
                "21.36",
                "{} leaves the map: {} scores {} VP",
                self.def(u).name,
                crate::berlin85::state::side_name(side),
                v
            )
            .unit(u),
        )
    }

    fn exited_scores(&self, u: UnitId) -> bool {
        let i = u.0 as usize;
        self.state
            .turn_state
            .exited_scoring
            .get(i / 32)
            .is_some_and(|w| w & (1 << (i % 32)) != 0)
    }

    /// Medicine Wheel running VP recounted from the unit table (an invariant check).
    pub fn medicine_wheel_vp_from_scratch(&self) -> [i16; 2] {
        let schedule = &self.scenario().victory_points;
        let mut out = [0i16; 2];
        for (i, s) in self.state.units.iter().enumerate() {
            let u = UnitId(i as u16);
            let d = self.def(u);
            if s.location == Location::Eliminated {
                let v = schedule_loss_value(schedule, d.side, d.kind);
                out[0] = out[0].saturating_add(v[0]);
                out[1] = out[1].saturating_add(v[1]);
            } else if s.location == Location::Exited && self.exited_scores(u) {
                let acc = &mut out[d.side.index()];
                *acc = acc.saturating_add(schedule_exit_value(schedule, d.side, d.kind, None));
            }
        }
        out
    }

    /// The `held_at_end` line (index into the schedule) a hex held by `side` scores under:
    /// the one worth most, the first of equals, so a hex scores once [19.44].
    fn schedule_line_for_hex(&self, side: Side, h: HexId) -> Option<usize> {
        let mut best: Option<(usize, u8)> = None;
        for (i, e) in self.scenario().victory_points.iter().enumerate() {
            if let VpEvent::HeldAtEnd { zone } = &e.event {
                let better = best.is_none_or(|(_, p)| e.points > p);
                if e.side == side && better && self.in_setup_zone(zone, h) {
                    best = Some((i, e.points));
                }
            }
        }
        best.map(|(i, _)| i)
    }

    /// Terrain VP `side` would score for the hexes it holds now, by its schedule [21.36].
    pub(super) fn schedule_held_vp(&self, side: Side) -> i32 {
        let schedule = &self.scenario().victory_points;
        let any = schedule
            .iter()
            .any(|e| e.side == side && matches!(e.event, VpEvent::HeldAtEnd { .. }));
        if !any {
            return 0;
        }
        self.data
            .map
            .hexes()
            .filter(|&h| self.held_by(h) == side)
            .filter_map(|h| self.schedule_line_for_hex(side, h))
            .filter_map(|i| schedule.get(i))
            .map(|e| i32::from(e.points))
            .sum()
    }

    /// How many times line `i` of the schedule has scored (units, or hexes held now).
    pub(super) fn schedule_count(&self, i: usize, e: &VpEntry) -> i32 {
        match &e.event {
            VpEvent::EnemyDestroyed { units } => self
                .state
                .units
                .iter()
                .enumerate()
                .filter(|(j, s)| {
                    let d = self.def(UnitId(*j as u16));
                    s.location == Location::Eliminated
                        && d.side == e.side.other()
                        && units.counts(d.kind)
                })
                .count() as i32,
            VpEvent::Exited { units, .. } => self
                .state
                .units
                .iter()
                .enumerate()
                .filter(|(j, s)| {
                    let u = UnitId(*j as u16);
                    let d = self.def(u);
                    s.location == Location::Exited
                        && d.side == e.side
                        && units.counts(d.kind)
                        && self.exited_scores(u)
                })
                .count() as i32,
            VpEvent::HeldAtEnd { .. } => self
                .data
                .map
                .hexes()
                .filter(|&h| {
                    self.held_by(h) == e.side && self.schedule_line_for_hex(e.side, h) == Some(i)
                })
                .count() as i32,
        }
    }
}

/// The victory-screen label of a schedule line (the screen adds the side and the case).
pub(super) fn vp_label(e: &VpEntry) -> &'static str {
    use crate::berlin85::data::VpUnits;
    macro_rules! marked {
        ($t:literal) => {
            if e.stand_in {
                concat!($t, " (stand-in)")
            } else {
                $t
            }
        };
    }
    match &e.event {
        VpEvent::EnemyDestroyed {
            units: VpUnits::Police,
        } => marked!("enemy police units destroyed"),
        VpEvent::EnemyDestroyed {
            units: VpUnits::NonPolice,
        } => marked!("enemy non-police units destroyed"),
        VpEvent::EnemyDestroyed {
            units: VpUnits::Any,
        } => marked!("enemy units destroyed"),
        VpEvent::Exited { .. } => marked!("units exited across a scoring map edge"),
        VpEvent::HeldAtEnd { zone } => {
            // Name the kinds of hex the line scores, so two lines of one schedule read apart.
            use crate::core::map::HexFeatures as F;
            let kinds = match zone {
                crate::berlin85::data::Zone85::PlaceKinds { features, .. } => *features,
                _ => 0,
            };
            let (goals, bases) = (F::OBJECTIVE | F::AIRFIELD, F::BARRACKS | F::CONTROL_TOWER);
            if kinds & goals != 0 && kinds & bases == 0 {
                marked!("objective and airfield hexes held at the end")
            } else if kinds & bases != 0 && kinds & goals == 0 {
                marked!("barracks and control-tower hexes held at the end")
            } else {
                marked!("hexes held at the end of the game")
            }
        }
    }
}
