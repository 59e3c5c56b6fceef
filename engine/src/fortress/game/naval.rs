//! The naval infantry airlift (13.7, 13.7.1, 14.0): on the listed turns the German
//! reinforcement segment rolls one die after the Volkssturm check. On 1–2 one naval battalion
//! is drawn blind from its pile, if there is anywhere for it to come: an airfield the German
//! still holds (an immobile flak unit in one of its hexes) with a hex free of Soviet units and
//! zones, or, at the German's option, a hex of the Tiergarten's east-west axis road the Soviets
//! neither hold nor control. The German places it in his reinforcement segment; on the road it
//! then rolls again: 1–2 it lands, 3–6 it is lost, and the Soviet scores 1 VP (12.0.2).

use super::{Choice, DieFor, Event, Force, Game, Waiting};
use crate::core::hex::HexId;
use crate::core::protocol::{emit, refuse, Events, Pending, RuleViolation, MAX_OPTIONS};
use crate::core::units::{Location, UnitId};
use crate::fortress::board::terrain;
use crate::fortress::counters::{UnitType, GERMAN, SOVIET};
use crate::fortress::data::GroupKind;
use crate::fortress::zoc::enemy_zone;

/// The road of 13.7.1.
pub const TIERGARTEN_ROAD: &str = "Tiergarten axis road";
/// The case that lists the naval infantry pile (13.7).
pub const NAVAL_POOL: &str = "13.7";

impl Game<'_> {
    /// The naval battalions still in their pile (13.7).
    pub fn naval_cup(&self) -> heapless::Vec<UnitId, MAX_OPTIONS> {
        let mut out = heapless::Vec::new();
        for g in self.data.groups.iter().filter(|g| {
            g.kind == GroupKind::Pool && g.side == GERMAN && g.case.as_str() == NAVAL_POOL
        }) {
            for &u in &g.units {
                let in_cup = self
                    .state
                    .board
                    .unit(u)
                    .is_some_and(|x| x.state.location == Location::Pool);
                if in_cup && self.state.naval_drawn != Some(u) && !out.contains(&u) {
                    let _ = out.push(u);
                }
            }
        }
        out
    }

    /// Is `h` free of Soviet units and zones (13.7: not contested)?
    fn free_of_soviets(&self, h: HexId) -> bool {
        let (data, b) = (self.data, &self.state.board);
        data.map.geometry.contains(h)
            && !b.held_by(&data.forces, h, SOVIET)
            && !enemy_zone(&data.map, &data.forces, b, GERMAN, h)
    }

    /// An airfield hex a naval battalion may land in (13.7): of an airfield with an immobile
    /// German flak unit in one of its hexes, and free of Soviets.
    pub fn airfield_open(&self, h: HexId) -> bool {
        let (data, b) = (self.data, &self.state.board);
        let held = |hexes: &[HexId]| {
            hexes.iter().any(|&x| {
                b.stacks.at(x, GERMAN).is_some_and(|s| {
                    s.units.iter().any(|&u| {
                        data.forces
                            .counter(u)
                            .is_some_and(|c| c.kind == UnitType::Flak && c.faces.faces.back.ma == 0)
                    })
                })
            })
        };
        data.map.terrain(h) == terrain::AIRFIELD
            && self.free_of_soviets(h)
            && data
                .map
                .places
                .iter()
                .any(|p| p.hexes.contains(&h) && held(&p.hexes))
    }

    /// A hex of the Tiergarten road the German may try instead (13.7.1).
    pub fn road_open(&self, h: HexId) -> bool {
        self.data
            .map
            .place(TIERGARTEN_ROAD)
            .is_some_and(|p| p.hexes.contains(&h))
            && self.free_of_soviets(h)
    }

    /// Anywhere a naval battalion may come (13.7, 13.7.1)?
    fn naval_anywhere(&self) -> bool {
        self.data
            .map
            .hexes()
            .any(|h| self.airfield_open(h) || self.road_open(h))
    }

    /// The die of the naval check (13.7): 1–2 brings one battalion, if it can come anywhere.
    pub(super) fn naval_rolled(&mut self, die: u8) {
        if die <= 2 && !self.naval_cup().is_empty() && self.naval_anywhere() {
            self.state.waiting = Waiting::DrawNaval;
        } else {
            self.opening_checks();
        }
    }

    pub(super) fn naval_pending(&self) -> Pending<Choice> {
        Pending::DrawChit {
            player: GERMAN,
            cup: "naval infantry",
            case: "13.7",
            chits: self.naval_cup().into_iter().map(Choice::Unit).collect(),
        }
    }

    /// The table drew chit `i` from the naval pile.
    pub(super) fn naval_drew(
        &mut self,
        i: u16,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let Some(&u) = self.naval_cup().get(i as usize) else {
            return refuse("13.7", "not a unit in the pile");
        };
        self.state.naval_drawn = Some(u);
        self.opening_checks();
        emit(
            events,
            Event::Drawn {
                unit: u,
                case: "13.7",
            },
        )
    }

    /// Places the drawn naval battalion (13.7): at an open airfield hex it is in; on the
    /// Tiergarten road a die decides (13.7.1).
    pub(super) fn place_naval(
        &mut self,
        units: &Force,
        to: HexId,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let u = self.drawn_unit(
            units,
            "13.7",
            "the naval battalion comes in the reinforcement segment",
            "one naval battalion is placed",
        )?;
        let road = self.road_open(to);
        if !self.airfield_open(to) && !road {
            return refuse(
                "13.7",
                "at an airfield the German holds, or on the Tiergarten road, free of Soviets",
            );
        }
        self.state.naval_drawn = None;
        self.enter_drawn(u, to, events)?;
        if road && !self.airfield_open(to) {
            self.state.waiting = Waiting::Die(DieFor::NavalLanding(u));
        }
        Ok(())
    }

    /// The landing die on the Tiergarten road (13.7.1): 3–6 loses the battalion, 1 VP to the
    /// Soviet (an elimination the watch scores).
    pub(super) fn naval_landed(
        &mut self,
        u: UnitId,
        die: u8,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        self.state.waiting = Waiting::Commands;
        if die >= 3 {
            self.eliminate_unit(u, "13.7.1", events)?;
        }
        Ok(())
    }

    /// The drawn battalion must be placed before the segment ends, if it can come anywhere;
    /// otherwise it goes back to its pile.
    pub(super) fn naval_unplaced(&mut self) -> Result<(), RuleViolation> {
        if self.state.naval_drawn.is_none() {
            return Ok(());
        }
        if self.naval_anywhere() {
            return refuse("13.7", "the naval battalion is placed first");
        }
        self.state.naval_drawn = None;
        Ok(())
    }
}
