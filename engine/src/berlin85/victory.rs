//! Surrender Points [19.4], city control [20.1], Victory Points and the level of victory
//! [20.2], and Operation Medicine Wheel's Victory Point schedule [21.36].
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
//! - [20.21]: Warsaw Pact reinforcement divisions that arrive by air (the 103rd Guards
//!   Parachute Division) count as withheld — 5 VP a unit — as long as none of their units has
//!   entered the game; once one has, none of them does.
//! - VP are kept in halves (the VP multiple may be ½). A level's lower bound is "at least":
//!   199½ VP is a Substantive, not a Decisive, victory [20.24].
//! - Medicine Wheel [21.36] scores from the scenario's `victory_points` schedule (data, see
//!   docs/data.md): its NATO half is printed, its Warsaw Pact half is a stand-in (see
//!   [`MEDICINE_WHEEL_WP_STANDIN`]). A hex in the zones of several `held_at_end` lines of one
//!   side scores once, at the highest value, as in [19.44].

use super::data::{Arrival, Region, VpEntry, VpEvent};
use super::event::Event;
use super::game::Game;
use super::state::{Phase, NATO, WARSAW_PACT};
use super::turn::HONORS_PENALTY_VP;
use crate::core::hex::{Edge, HexId};
use crate::core::map::HexFeatures;
use crate::core::protocol::{emit, Case, Events, RuleViolation};
use crate::core::side::Side;
use crate::core::units::{Location, UnitId, UnitKind};
use crate::event;

/// Lines of a victory breakdown.
pub const MAX_VP_LINES: usize = 12;

/// The Warsaw Pact half of the Medicine Wheel schedule is cut off in the rulebook [21.36].
pub const MEDICINE_WHEEL_WP_STANDIN: &str = "STAND-IN (the rulebook's Warsaw Pact schedule for \
[21.36] is missing): the Warsaw Pact scores 1 VP for each West Berlin police unit destroyed, \
2 VP for each other NATO unit destroyed (mirroring the printed NATO half and [19.43]), and at \
the end of the game 1 VP for each West Berlin objective or airfield hex and 2 VP for each West \
Berlin barracks or control tower hex it holds (the terrain the schedule's introduction promises, \
valued as in [19.44]). The side with more VP wins; equal totals are a draw.";

// Each line of a schedule is one line of the victory screen.
const _: () = assert!(super::data::MAX_VP_ENTRIES <= MAX_VP_LINES);

/// The Medicine Wheel schedule of `data/berlin85/scenarios/medicine_wheel.toml`, for unit
/// tests on small boards (the real data is read by the `data` crate).
#[cfg(test)]
pub(crate) fn medicine_wheel_test_schedule(
) -> heapless::Vec<VpEntry, { super::data::MAX_VP_ENTRIES }> {
    use super::data::{VpUnits, Zone85};
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

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The Warsaw Pact controlled the city at the end of Game-Turn `turn` [20.11].
    CityControlled { turn: u8 },
    /// NATO surrendered in Game-Turn `turn` [19.12], [19.13].
    Surrender { turn: u8 },
    /// The last Game-Turn was played [20.0], [21.34].
    LastTurn { turn: u8 },
}

/// One line of the victory screen: `count` × `each_halves`/2 VP for `side`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VpLine {
    pub case: Case,
    pub label: &'static str,
    pub side: Side,
    pub count: i32,
    pub each_halves: i32,
    pub total_halves: i32,
}

/// The result of a finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub ending: Ending,
    /// Warsaw Pact VP net of NATO's (standard scenarios), or the Warsaw Pact's own total
    /// (Medicine Wheel), in halves.
    pub wp_vp_halves: i32,
    /// NATO VP in halves (Medicine Wheel and the rail line).
    pub nato_vp_halves: i32,
    pub winner: Option<Side>,
    pub level: &'static str,
    pub lines: heapless::Vec<VpLine, MAX_VP_LINES>,
    /// A stand-in schedule decided the game (Medicine Wheel).
    pub stand_in: bool,
    /// The victory conditions that decided it: [20.0], or Medicine Wheel's own [21.36].
    pub case: Case,
}

/// Victory Points so far (the status bar).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct VpSoFar {
    /// Warsaw Pact VP if the city fell now, net of penalties and NATO's VP; or, in Medicine
    /// Wheel, the Warsaw Pact's running VP. In halves.
    pub wp_halves: i32,
    pub nato_halves: i32,
}

/// Level of victory for the Warsaw Pact's net VP [20.24].
pub fn level_of(vp_halves: i32) -> (&'static str, Side) {
    match vp_halves {
        v if v >= 400 => ("Warsaw Pact Decisive Victory", WARSAW_PACT),
        v if v >= 320 => ("Warsaw Pact Substantive Victory", WARSAW_PACT),
        v if v >= 240 => ("Warsaw Pact Marginal Victory", WARSAW_PACT),
        v if v >= 160 => ("NATO Marginal Victory", NATO),
        v if v >= 80 => ("NATO Substantive Victory", NATO),
        _ => ("NATO Decisive Victory", NATO),
    }
}

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

/// VP a destroyed unit of `side` gives, by side index, under a schedule [21.36].
fn schedule_loss_value(schedule: &[VpEntry], side: Side, kind: UnitKind) -> [i16; 2] {
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
                    super::state::side_name(to),
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
                super::state::side_name(side),
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

    /// The hexes the Warsaw Pact must hold to control the city [20.11]: every hex of the West
    /// Berlin airfields (with the control towers), every objective and every barracks hex.
    pub fn city_control_hex(&self, h: HexId) -> bool {
        self.region(h) == Region::WestBerlin
            && (self.features(h).has(
                HexFeatures::AIRFIELD
                    | HexFeatures::CONTROL_TOWER
                    | HexFeatures::OBJECTIVE
                    | HexFeatures::BARRACKS,
            ) || self.data.map.airfield_of(h).is_some())
    }

    /// Does the Warsaw Pact control West Berlin [20.11]? (False on a map without such hexes.)
    pub fn wp_controls_city(&self) -> bool {
        let mut any = false;
        for h in self.data.map.hexes().filter(|&h| self.city_control_hex(h)) {
            if self.held_by(h) != WARSAW_PACT {
                return false;
            }
            any = true;
        }
        any
    }

    /// Units of withheld divisions, worth 5 VP each when the city falls [20.21].
    pub fn withheld_units(&self) -> i32 {
        let mut n = self
            .state
            .units
            .iter()
            .filter(|s| s.location == Location::Withheld)
            .count() as i32;
        for g in self.scenario().reinforcements.iter() {
            if g.side != WARSAW_PACT || g.arrival != Arrival::AirlandingOrParadrop {
                continue;
            }
            let untouched = g
                .units
                .iter()
                .all(|&u| self.state.units[u.0 as usize].location == Location::Pool);
            if untouched {
                n += g.units.len() as i32;
            }
        }
        n
    }

    /// Warsaw Pact non-police units on the map [20.21].
    pub fn wp_units_on_map(&self) -> i32 {
        self.units_on_map()
            .filter(|&(u, _)| self.side_of(u) == WARSAW_PACT && !self.is_police(u))
            .count() as i32
    }

    /// Victory Points so far: what the Warsaw Pact would score if the city fell now.
    pub fn victory_points(&self) -> VpSoFar {
        if self.scenario().rules.medicine_wheel_vp {
            let v = self.state.turn_state.mw_vp;
            let total = |s: Side| 2 * (i32::from(v[s.index()]) + self.schedule_held_vp(s));
            return VpSoFar {
                wp_halves: total(WARSAW_PACT),
                nato_halves: total(NATO),
            };
        }
        let turn = if self.state.turn_state.city_fell_turn != 0 {
            self.state.turn_state.city_fell_turn
        } else {
            self.state.turn
        };
        let ts = &self.state.turn_state;
        let nato = 2 * ts.rail_vp as i32;
        let wp = self.wp_units_on_map() * self.vp_multiple_halves(turn) as i32
            + self.withheld_units() * 10
            - ts.honors_failed_offers as i32 * 2 * HONORS_PENALTY_VP as i32
            - nato;
        VpSoFar {
            wp_halves: wp,
            nato_halves: nato,
        }
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
    fn schedule_held_vp(&self, side: Side) -> i32 {
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
    fn schedule_count(&self, i: usize, e: &VpEntry) -> i32 {
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

    fn ending(&self) -> Option<Ending> {
        if self.state.phase != Phase::GameOver {
            return None;
        }
        let ts = &self.state.turn_state;
        Some(if ts.surrendered {
            Ending::Surrender {
                turn: ts.city_fell_turn,
            }
        } else if ts.city_fell_turn != 0 {
            Ending::CityControlled {
                turn: ts.city_fell_turn,
            }
        } else {
            Ending::LastTurn {
                turn: self.state.turn,
            }
        })
    }

    /// The victory screen, once the game is over [20.2], [21.36].
    pub fn outcome(&self) -> Option<Outcome> {
        let ending = self.ending()?;
        Some(self.evaluate(ending))
    }

    fn evaluate(&self, ending: Ending) -> Outcome {
        let mut lines: heapless::Vec<VpLine, MAX_VP_LINES> = heapless::Vec::new();
        let mut line = |case, label, side, count: i32, each_halves: i32| {
            let _ = lines.push(VpLine {
                case,
                label,
                side,
                count,
                each_halves,
                total_halves: count * each_halves,
            });
        };
        if self.scenario().rules.medicine_wheel_vp {
            // One line per line of the schedule [21.36].
            for (i, e) in self.scenario().victory_points.iter().enumerate() {
                line(
                    "21.36",
                    vp_label(e),
                    e.side,
                    self.schedule_count(i, e),
                    2 * i32::from(e.points),
                );
            }
            let sum = |side: Side| {
                lines
                    .iter()
                    .filter(|l| l.side == side)
                    .map(|l| l.total_halves)
                    .sum::<i32>()
            };
            let (wp, nato) = (sum(WARSAW_PACT), sum(NATO));
            let (winner, level) = match wp.cmp(&nato) {
                core::cmp::Ordering::Greater => {
                    (Some(WARSAW_PACT), "Warsaw Pact Victory (stand-in schedule)")
                }
                core::cmp::Ordering::Less => (Some(NATO), "NATO Victory (stand-in schedule)"),
                core::cmp::Ordering::Equal => (None, "Draw (stand-in schedule)"),
            };
            return Outcome {
                ending,
                wp_vp_halves: wp,
                nato_vp_halves: nato,
                winner,
                level,
                lines,
                stand_in: true,
                case: "21.36",
            };
        }
        let ts = &self.state.turn_state;
        match ending {
            Ending::CityControlled { turn } | Ending::Surrender { turn } => {
                line(
                    "20.21",
                    "Warsaw Pact non-police units on the map x VP multiple",
                    WARSAW_PACT,
                    self.wp_units_on_map(),
                    self.vp_multiple_halves(turn) as i32,
                );
                line(
                    "20.21",
                    "units of withheld divisions x 5",
                    WARSAW_PACT,
                    self.withheld_units(),
                    10,
                );
            }
            Ending::LastTurn { .. } => {
                line(
                    "20.21",
                    "the city did not fall: no VP for it",
                    WARSAW_PACT,
                    0,
                    0,
                );
            }
        }
        line(
            "19.21",
            "Honors of War offered without a surrender x -20",
            WARSAW_PACT,
            ts.honors_failed_offers as i32,
            -2 * HONORS_PENALTY_VP as i32,
        );
        line(
            "20.22",
            "NATO VP for the rail line (subtracted)",
            NATO,
            ts.rail_vp as i32,
            -2,
        );
        let net: i32 = lines.iter().map(|l| l.total_halves).sum();
        let (level, winner) = level_of(net);
        Outcome {
            ending,
            wp_vp_halves: net,
            nato_vp_halves: 2 * ts.rail_vp as i32,
            winner: Some(winner),
            level,
            lines,
            stand_in: false,
            case: "20.0",
        }
    }

    /// Emits the end-of-game summary [20.2].
    pub(crate) fn announce_outcome(&self, events: &mut Events<Event>) -> Result<(), RuleViolation> {
        let ending = match self.state.turn_state.city_fell_turn {
            0 => Ending::LastTurn {
                turn: self.state.turn,
            },
            t if self.state.turn_state.surrendered => Ending::Surrender { turn: t },
            t => Ending::CityControlled { turn: t },
        };
        let o = self.evaluate(ending);
        let case = if o.stand_in { "21.36" } else { "20.24" };
        emit(
            events,
            event!(
                case,
                "{} (Warsaw Pact {} VP, NATO {} VP)",
                o.level,
                Halves(o.wp_vp_halves),
                Halves(o.nato_vp_halves)
            ),
        )
    }
}

/// The victory-screen label of a schedule line (the screen adds the side and the case).
fn vp_label(e: &VpEntry) -> &'static str {
    use super::data::VpUnits;
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
                super::data::Zone85::PlaceKinds { features, .. } => *features,
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

/// Displays a number of half VP: 7 → "3½", -3 → "-1½".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Halves(pub i32);

impl core::fmt::Display for Halves {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let v = self.0;
        let sign = if v < 0 { "-" } else { "" };
        let a = v.unsigned_abs();
        if a.is_multiple_of(2) {
            write!(f, "{}{}", sign, a / 2)
        } else if a == 1 {
            write!(f, "{}½", sign)
        } else {
            write!(f, "{}{}½", sign, a / 2)
        }
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use crate::berlin85::data::ReinforcementGroup;
    use crate::berlin85::testkit::{hex, Board, HF};
    use crate::berlin85::turn::tests::{berlin_board, cites, end_turn, take_barracks};
    use crate::core::protocol::Events;
    use std::format;
    use std::vec::Vec;

    fn game(b: Board) -> Game<'static> {
        b.game(Phase::Combat, NATO, 2, &[])
    }

    fn kill(g: &mut Game<'_>, u: UnitId) -> Events<Event> {
        let mut ev = Events::new();
        g.eliminate(u, "7.6", &mut ev).unwrap();
        ev
    }

    #[test]
    fn sp_19_42_nato_scores_for_warsaw_pact_losses() {
        let mut b = berlin_board();
        let police = b.unit(WARSAW_PACT, UnitKind::Police, 0, 0, 8);
        let mech = b.unit(WARSAW_PACT, UnitKind::Mechanized, 0, 0, 12);
        let art = b.artillery(WARSAW_PACT, 4, 0, 20, 1, 10);
        let para = b.unit(WARSAW_PACT, UnitKind::Paratroop, 0, 0, 6);
        let tank = b.unit(WARSAW_PACT, UnitKind::Tank, 0, 0, 12);
        let mut g = game(b);
        let ev = kill(&mut g, police);
        assert!(cites(&ev, "19.42"));
        assert_eq!(
            g.surrender_points(),
            -1,
            "an East Berlin police unit: 1 for NATO"
        );
        kill(&mut g, mech);
        assert_eq!(g.surrender_points(), -3, "a mechanized unit: 2");
        kill(&mut g, art);
        assert_eq!(g.surrender_points(), -5, "an artillery unit: 2");
        kill(&mut g, para);
        assert_eq!(g.surrender_points(), -8, "a paratroop unit: 3");
        kill(&mut g, tank);
        assert_eq!(
            g.surrender_points(),
            -10,
            "any other military unit: 2 (documented)"
        );
        assert!(
            g.surrender_points() < 0,
            "a NATO lead shows as negative points [19.41]"
        );
        assert_eq!(g.surrender_points(), g.surrender_points_from_scratch());
    }

    #[test]
    fn sp_19_43_warsaw_pact_scores_for_nato_losses_mp_is_military() {
        let mut b = berlin_board();
        let police = b.unit(NATO, UnitKind::Police, 0, 0, 8);
        let mp = b.unit(NATO, UnitKind::MilitaryPolice, 0, 0, 12);
        let inf = b.unit(NATO, UnitKind::Infantry, 0, 0, 8);
        let mut g = game(b);
        let ev = kill(&mut g, police);
        assert!(cites(&ev, "19.43"));
        assert_eq!(g.surrender_points(), 1);
        kill(&mut g, mp);
        assert_eq!(g.surrender_points(), 3);
        kill(&mut g, inf);
        assert_eq!(g.surrender_points(), 5);
        assert_eq!(g.surrender_points(), g.surrender_points_from_scratch());
    }

    #[test]
    fn sp_19_44_terrain_held_in_west_berlin() {
        let mut b = berlin_board();
        b.region(hex("0201"), crate::berlin85::data::Region::WestBerlin);
        b.feature(hex("0201"), HF::AIRFIELD);
        b.region(hex("0202"), crate::berlin85::data::Region::WestBerlin);
        b.feature(hex("0202"), HF::CONTROL_TOWER);
        b.feature(hex("0505"), HF::OBJECTIVE); // East Germany: never counts
        let mut g = game(b);
        assert_eq!(
            g.surrender_points(),
            0,
            "West Berlin starts NATO's, the rest the Pact's"
        );
        g.mark_held(hex("0110"), WARSAW_PACT);
        assert_eq!(g.surrender_points(), 1, "objective: 1");
        g.mark_held(hex("0201"), WARSAW_PACT);
        assert_eq!(g.surrender_points(), 2, "airfield: 1");
        g.mark_held(hex("0202"), WARSAW_PACT);
        assert_eq!(g.surrender_points(), 4, "control tower: 2");
        take_barracks(&mut g, 1);
        assert_eq!(g.surrender_points(), 6, "barracks: 2");
        g.mark_held(hex("0101"), NATO);
        assert_eq!(g.surrender_points(), 4, "recaptured: the points come off");
        assert_eq!(g.surrender_points(), g.surrender_points_from_scratch());
    }

    #[test]
    fn sp_19_44_a_hex_scores_once_at_its_higher_value() {
        let mut b = berlin_board();
        b.feature(hex("0101"), HF::OBJECTIVE); // also a barracks
        let g = game(b);
        assert_eq!(g.terrain_sp_value(hex("0101")), 2);
    }

    #[test]
    fn sp_19_41_running_total_equals_recount_from_scratch() {
        let mut b = berlin_board();
        let units: Vec<UnitId> = (0..6)
            .map(|i| {
                let side = if i % 2 == 0 { NATO } else { WARSAW_PACT };
                b.unit(
                    side,
                    [UnitKind::Police, UnitKind::Mechanized, UnitKind::Paratroop][i % 3],
                    0,
                    0,
                    8,
                )
            })
            .collect();
        let mut g = game(b);
        for (i, &u) in units.iter().enumerate() {
            kill(&mut g, u);
            if i % 2 == 0 {
                take_barracks(&mut g, i as u8);
            }
            assert_eq!(
                g.surrender_points(),
                g.surrender_points_from_scratch(),
                "after {i}"
            );
        }
    }

    #[test]
    fn victory_20_24_levels() {
        assert_eq!(level_of(400).0, "Warsaw Pact Decisive Victory");
        assert_eq!(
            level_of(399).0,
            "Warsaw Pact Substantive Victory",
            "199½ is not 200"
        );
        assert_eq!(level_of(320).0, "Warsaw Pact Substantive Victory");
        assert_eq!(level_of(318).0, "Warsaw Pact Marginal Victory");
        assert_eq!(level_of(240).0, "Warsaw Pact Marginal Victory");
        assert_eq!(level_of(238).0, "NATO Marginal Victory");
        assert_eq!(level_of(160).0, "NATO Marginal Victory");
        assert_eq!(level_of(158).0, "NATO Substantive Victory");
        assert_eq!(level_of(80).0, "NATO Substantive Victory");
        assert_eq!(level_of(78).0, "NATO Decisive Victory");
        assert_eq!(level_of(-100).0, "NATO Decisive Victory");
    }

    /// A city that falls at the end of `turn` with `units` Pact non-police units on the map.
    fn city_falls(b: Board, turn: u8, wp: &[UnitId]) -> Game<'static> {
        let mut g = game(b);
        for (i, &u) in wp.iter().enumerate() {
            g.put(
                u,
                crate::core::hex::HexId::new(4 + (i / 10) as u8, 1 + (i % 10) as u8),
            );
        }
        take_barracks(&mut g, 8);
        g.mark_held(hex("0110"), WARSAW_PACT);
        g.state.turn = turn;
        end_turn(&mut g);
        g
    }

    #[test]
    fn victory_20_21_units_on_the_map_times_the_turn_multiple() {
        let mut b = berlin_board();
        let wp: Vec<UnitId> = (0..30)
            .map(|_| b.unit(WARSAW_PACT, UnitKind::Mechanized, 6, 6, 12))
            .collect();
        let police = b.unit(WARSAW_PACT, UnitKind::Police, 1, 1, 8);
        let mut all = wp.clone();
        all.push(police);
        let g = city_falls(b, 5, &all);
        let o = g.outcome().unwrap();
        // Turn 5 multiple x4 (8 halves): 30 x 4 = 120 VP; police do not count [20.21].
        assert_eq!(o.lines[0].count, 30);
        assert_eq!(o.wp_vp_halves, 240);
        assert_eq!(o.level, "Warsaw Pact Marginal Victory");
        assert_eq!(format!("{}", Halves(o.wp_vp_halves)), "120");
    }

    #[test]
    fn victory_20_21_withheld_divisions_five_each() {
        let mut b = berlin_board();
        let wp: Vec<UnitId> = (0..3)
            .map(|_| b.unit(WARSAW_PACT, UnitKind::Mechanized, 6, 6, 12))
            .collect();
        let withheld: Vec<UnitId> = (0..10)
            .map(|_| b.unit(WARSAW_PACT, UnitKind::Mechanized, 6, 6, 12))
            .collect();
        let mut g = game(b);
        for &u in &withheld {
            g.state.units[u.0 as usize].location = Location::Withheld;
        }
        for (i, &u) in wp.iter().enumerate() {
            g.put(u, crate::core::hex::HexId::new(5, 1 + i as u8));
        }
        take_barracks(&mut g, 8);
        g.mark_held(hex("0110"), WARSAW_PACT);
        g.state.turn = 15;
        end_turn(&mut g);
        let o = g.outcome().unwrap();
        assert_eq!(o.lines[1].count, 10);
        assert_eq!(o.lines[1].total_halves, 100, "10 x 5 VP whatever the turn");
    }

    #[test]
    fn victory_20_21_parachute_division_counts_withheld_until_it_enters() {
        let mut b = berlin_board();
        let para: Vec<UnitId> = (0..9)
            .map(|_| b.unit(WARSAW_PACT, UnitKind::Paratroop, 0, 0, 6))
            .collect();
        let mut grp = ReinforcementGroup {
            side: WARSAW_PACT,
            units: heapless::Vec::new(),
            from_turn: 1,
            arrival: Arrival::AirlandingOrParadrop,
        };
        for &u in &para {
            grp.units.push(u).unwrap();
        }
        b.scenario_mut().reinforcements.push(grp).unwrap();
        let mut g = game(b);
        assert_eq!(g.withheld_units(), 9);
        g.put(para[0], hex("0505"));
        assert_eq!(
            g.withheld_units(),
            0,
            "once it enters, none of it counts as withheld"
        );
    }

    #[test]
    fn victory_19_21_and_20_22_penalties_come_off_the_pact_total() {
        let mut b = berlin_board();
        let wp: Vec<UnitId> = (0..20)
            .map(|_| b.unit(WARSAW_PACT, UnitKind::Mechanized, 6, 6, 12))
            .collect();
        let mut g = game(b);
        for (i, &u) in wp.iter().enumerate() {
            g.put(
                u,
                crate::core::hex::HexId::new(4 + (i / 10) as u8, 1 + (i % 10) as u8),
            );
        }
        g.state.turn_state.honors_failed_offers = 2;
        g.state.turn_state.rail_vp = 13;
        take_barracks(&mut g, 8);
        g.mark_held(hex("0110"), WARSAW_PACT);
        g.state.turn = 1;
        end_turn(&mut g);
        let o = g.outcome().unwrap();
        // 20 x 5 = 100, - 40 for two offers, - 13 rail VP = 47.
        assert_eq!(o.wp_vp_halves, 94);
        assert_eq!(o.nato_vp_halves, 26);
        assert_eq!(o.level, "NATO Substantive Victory");
        assert_eq!(
            g.victory_points().wp_halves,
            94,
            "the running figure agrees"
        );
    }

    fn medicine_wheel() -> Board {
        let mut b = berlin_board();
        let r = &mut b.scenario_mut().rules;
        r.medicine_wheel_vp = true;
        r.no_honors_no_surrender = true;
        r.nato_may_exit = true;
        b
    }

    #[test]
    fn victory_21_36_medicine_wheel_nato_schedule() {
        let mut b = medicine_wheel();
        let eb = b.unit(WARSAW_PACT, UnitKind::Police, 0, 0, 8);
        let mech = b.unit(WARSAW_PACT, UnitKind::Mechanized, 0, 0, 12);
        let north = b.unit(NATO, UnitKind::Mechanized, 0, 0, 12);
        let south = b.unit(NATO, UnitKind::Mechanized, 0, 0, 12);
        let mut g = game(b);
        let ev = kill(&mut g, eb);
        assert!(cites(&ev, "21.36"));
        kill(&mut g, mech);
        assert_eq!(g.state.turn_state.mw_vp[NATO.index()], 3, "1 + 2");
        assert_eq!(
            g.surrender_points(),
            0,
            "no Surrender Points in this scenario"
        );
        let mut ev = Events::new();
        g.state.units[north.0 as usize].location = Location::Exited;
        g.score_exit(north, hex("0510"), &mut ev).unwrap(); // row 10: the north edge
        g.state.units[south.0 as usize].location = Location::Exited;
        g.score_exit(south, hex("0501"), &mut ev).unwrap(); // row 01: the south edge scores nothing
        assert_eq!(g.state.turn_state.mw_vp[NATO.index()], 5);
        assert_eq!(g.state.turn_state.mw_vp, g.medicine_wheel_vp_from_scratch());
    }

    #[test]
    fn victory_21_36_medicine_wheel_warsaw_pact_stand_in() {
        let mut b = medicine_wheel();
        let wb = b.unit(NATO, UnitKind::Police, 0, 0, 8);
        let us = b.unit(NATO, UnitKind::Mechanized, 0, 0, 12);
        let mut g = game(b);
        kill(&mut g, wb);
        kill(&mut g, us);
        assert_eq!(g.state.turn_state.mw_vp[WARSAW_PACT.index()], 3);
        take_barracks(&mut g, 1);
        assert_eq!(
            g.victory_points().wp_halves,
            10,
            "3 + 2 for a barracks hex held"
        );
        g.state.turn = 16;
        end_turn(&mut g);
        let o = g.outcome().unwrap();
        assert!(o.stand_in);
        assert_eq!(o.winner, Some(WARSAW_PACT));
        assert_eq!(o.wp_vp_halves, 10);
        assert_eq!(o.nato_vp_halves, 0);
        assert!(MEDICINE_WHEEL_WP_STANDIN.starts_with("STAND-IN"));
    }

    #[test]
    fn victory_21_36_schedule_comes_from_the_scenario_data() {
        use crate::berlin85::data::{VpEntry, VpEvent, VpUnits};
        let mut b = medicine_wheel();
        // A club's schedule: 5 VP to NATO for each police unit, nothing else.
        let vp = &mut b.scenario_mut().victory_points;
        vp.clear();
        let _ = vp.push(VpEntry {
            side: NATO,
            points: 5,
            event: VpEvent::EnemyDestroyed {
                units: VpUnits::Police,
            },
            case: heapless::String::try_from("21.36").unwrap_or_default(),
            stand_in: false,
        });
        let eb = b.unit(WARSAW_PACT, UnitKind::Police, 0, 0, 8);
        let mech = b.unit(WARSAW_PACT, UnitKind::Mechanized, 0, 0, 12);
        let us = b.unit(NATO, UnitKind::Mechanized, 0, 0, 12);
        let mut g = game(b);
        kill(&mut g, eb);
        kill(&mut g, mech);
        let ev = kill(&mut g, us);
        assert_eq!(
            g.state.turn_state.mw_vp,
            [5, 0],
            "only the schedule's line scores"
        );
        assert!(
            !cites(&ev, "21.36"),
            "a loss the schedule does not pay for is not announced"
        );
        assert_eq!(g.state.turn_state.mw_vp, g.medicine_wheel_vp_from_scratch());
        g.state.turn = 16;
        end_turn(&mut g);
        let o = g.outcome().unwrap();
        assert_eq!(
            o.lines.len(),
            1,
            "one victory-screen line per schedule line"
        );
        assert_eq!(o.lines[0].label, "enemy police units destroyed");
        assert_eq!((o.nato_vp_halves, o.winner), (10, Some(NATO)));
    }

    #[test]
    fn victory_21_36_a_hex_in_two_held_zones_scores_once_at_the_higher_value() {
        let mut b = medicine_wheel();
        b.feature(hex("0101"), HF::OBJECTIVE); // also a barracks: 1 VP and 2 VP lines
        let mut g = game(b);
        take_barracks(&mut g, 1);
        assert_eq!(g.victory_points().wp_halves, 4, "2 VP, not 1 + 2");
        g.state.turn = 16;
        end_turn(&mut g);
        let o = g.outcome().unwrap();
        let held: Vec<(i32, &str)> = o
            .lines
            .iter()
            .filter(|l| l.label.contains("held at the end"))
            .map(|l| (l.count, l.label))
            .collect();
        assert_eq!(
            held,
            [
                (0, "objective and airfield hexes held at the end (stand-in)"),
                (
                    1,
                    "barracks and control-tower hexes held at the end (stand-in)"
                )
            ]
        );
        assert_eq!(o.wp_vp_halves, 4);
    }

    #[test]
    fn victory_halves_display() {
        assert_eq!(format!("{}", Halves(7)), "3½");
        assert_eq!(format!("{}", Halves(1)), "½");
        assert_eq!(format!("{}", Halves(-3)), "-1½");
        assert_eq!(format!("{}", Halves(-4)), "-2");
    }
}
