//! The Volkssturm check of the German order of appearance (5.5, 11.2.3, 14.0): on the listed
//! turns the German reinforcement segment opens with one die. On 1–5 that many Volkssturm units
//! are drawn blind from the cup (the table's draw, `Pending::DrawChit`: the engine never picks
//! at random) and the German places each of them, in his reinforcement segment, on or within
//! the Berlin strongpoint perimeter, neither in a Soviet-held hex nor in a Soviet zone of
//! control. On a 6 he picks one Volkssturm unit on the map, which runs away (no VP, 12.0.2).
//! Units dead or fled never go back into the cup (11.2.3).
//!
//! From turn 2, once a German reinforcement segment, an immobile flak unit may be disbanded
//! (no VP, 13.6.1): a Volkssturm unit is drawn from the cup for it and placed on or next to
//! the Air Ministry.

use super::{Choice, Event, Force, Game, Waiting};
use crate::core::hex::HexId;
use crate::core::protocol::{emit, refuse, Events, Pending, RuleViolation, MAX_OPTIONS};
use crate::core::units::{Location, UnitId};
use crate::fortress::board::{Segment, SegmentKind};
use crate::fortress::counters::{UnitType, GERMAN, SOVIET};
use crate::fortress::data::GroupKind;
use crate::fortress::zoc::enemy_zone;

/// Most units one check brings (5.5: a die of 1–5), and one for a disbanded flak unit.
pub const MAX_DRAWN: usize = 6;
/// The place a disbanded flak unit's Volkssturm goes to (13.6.1).
pub const AIR_MINISTRY: &str = "Air Ministry";
/// Flak units may be disbanded from this turn (13.6.1).
pub const DISBAND_FROM: u8 = 2;

impl Game<'_> {
    /// The Volkssturm counters still in the cup (11.2.3): those of the pile not yet drawn.
    pub fn volkssturm_cup(&self) -> heapless::Vec<UnitId, MAX_OPTIONS> {
        let mut out = heapless::Vec::new();
        for g in self
            .data
            .groups
            .iter()
            .filter(|g| g.kind == GroupKind::Pool && g.side == GERMAN)
        {
            for &u in &g.units {
                let vs = self
                    .data
                    .forces
                    .counter(u)
                    .is_some_and(|c| c.kind == UnitType::Volkssturm);
                let in_cup = self
                    .state
                    .board
                    .unit(u)
                    .is_some_and(|x| x.state.location == Location::Pool);
                let drawn = self.state.vs_drawn.contains(&u) || self.state.setup_drawn.contains(&u);
                if vs && in_cup && !drawn && !out.contains(&u) {
                    let _ = out.push(u);
                }
            }
        }
        out
    }

    /// The die of the check (5.5).
    pub(super) fn volkssturm_rolled(&mut self, die: u8) {
        self.state.waiting = if die == 6 {
            if self.volkssturm_on_map().is_empty() {
                Waiting::Commands
            } else {
                Waiting::VolkssturmFlees
            }
        } else {
            let left = (die as usize).min(self.volkssturm_cup().len()) as u8;
            if left == 0 {
                Waiting::Commands
            } else {
                Waiting::Draw {
                    left,
                    ministry: false,
                }
            }
        };
        if self.state.waiting == Waiting::Commands {
            self.opening_checks();
        }
    }

    fn volkssturm_on_map(&self) -> heapless::Vec<UnitId, MAX_OPTIONS> {
        let mut out = heapless::Vec::new();
        for (i, c) in self.data.forces.counters.iter().enumerate() {
            let u = UnitId(i as u16);
            if c.side == GERMAN
                && c.kind == UnitType::Volkssturm
                && self.state.board.hex_of(u).is_some()
            {
                let _ = out.push(u);
            }
        }
        out
    }

    /// What the check waits for: a draw from the cup or the unit that runs away.
    pub(super) fn volkssturm_pending(&self) -> Pending<Choice> {
        match self.state.waiting {
            Waiting::VolkssturmFlees => super::choose(
                GERMAN,
                "a Volkssturm unit runs away",
                "5.5",
                self.volkssturm_on_map().into_iter().map(Choice::Unit),
            ),
            _ => Pending::DrawChit {
                player: GERMAN,
                cup: "Volkssturm",
                case: "11.2.3",
                chits: self
                    .volkssturm_cup()
                    .into_iter()
                    .map(Choice::Unit)
                    .collect(),
            },
        }
    }

    /// The table drew chit `i` from the cup (11.2.3).
    pub(super) fn volkssturm_drew(
        &mut self,
        i: u16,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let Waiting::Draw { left, ministry } = self.state.waiting else {
            return refuse("11.2.3", "no draw is pending");
        };
        let Some(&u) = self.volkssturm_cup().get(i as usize) else {
            return refuse("11.2.3", "not a unit in the cup");
        };
        self.state
            .vs_drawn
            .push(u)
            .map_err(|_| RuleViolation::new("engine", "too many units drawn"))?;
        if ministry {
            self.state.vs_at_ministry = Some(u);
        }
        self.state.waiting = if left > 1 {
            Waiting::Draw {
                left: left - 1,
                ministry,
            }
        } else {
            Waiting::Commands
        };
        if self.state.waiting == Waiting::Commands {
            self.opening_checks();
        }
        emit(
            events,
            Event::Drawn {
                unit: u,
                case: "11.2.3",
            },
        )
    }

    /// The German picks the Volkssturm unit that runs away on a 6 (5.5).
    pub(super) fn volkssturm_flees(
        &mut self,
        i: u8,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let Some(&u) = self.volkssturm_on_map().get(i as usize) else {
            return refuse("5.5", "not one of the units offered");
        };
        self.opening_checks();
        self.desert(u, "5.5", events)
    }

    /// May a drawn Volkssturm unit be placed in `h` (5.5)? For a disbanded flak unit's, on or
    /// next to the Air Ministry, in a hex the Soviets do not hold (13.6.1).
    pub fn volkssturm_may_stand(&self, u: UnitId, h: HexId) -> bool {
        let (data, b) = (self.data, &self.state.board);
        let zone = if self.state.vs_at_ministry == Some(u) {
            data.map.place(AIR_MINISTRY).is_some_and(|p| {
                p.hexes
                    .iter()
                    .any(|&m| data.map.geometry.distance(m, h) <= 1)
            })
        } else {
            data.on_or_within_perimeter(h) && !enemy_zone(&data.map, &data.forces, b, GERMAN, h)
        };
        zone && data.map.geometry.contains(h)
            && !b.held_by(&data.forces, h, SOVIET)
            && data
                .movement
                .enter
                .get(data.map.terrain(h) as usize)
                .copied()
                .flatten()
                .is_some()
    }

    /// Places a drawn Volkssturm unit (5.5) in the German reinforcement segment, in maneuver
    /// mode like every arrival (3.3.3).
    pub(super) fn place_volkssturm(
        &mut self,
        units: &Force,
        to: HexId,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let u = self.drawn_unit(
            units,
            "5.5",
            "drawn Volkssturm units are placed in the reinforcement segment",
            "drawn Volkssturm units are placed one at a time",
        )?;
        if !self.volkssturm_may_stand(u, to) {
            return if self.state.vs_at_ministry == Some(u) {
                refuse(
                    "13.6.1",
                    "on or next to the Air Ministry, in a hex free of Soviets",
                )
            } else {
                refuse(
                    "5.5",
                    "within the perimeter, neither in a Soviet hex nor in a Soviet zone of control",
                )
            };
        }
        self.state.vs_drawn.retain(|&x| x != u);
        if self.state.vs_at_ministry == Some(u) {
            self.state.vs_at_ministry = None;
        }
        self.enter_drawn(u, to, events)
    }

    /// Drawn units must be placed before the segment ends, if any hex will take them; on a
    /// board where none will, they go back into the cup.
    pub(super) fn volkssturm_unplaced(&mut self) -> Result<(), RuleViolation> {
        if self.state.vs_drawn.is_empty() {
            return Ok(());
        }
        let (data, ministry) = (self.data, self.state.vs_at_ministry);
        let any = self.state.vs_drawn.iter().any(|&u| {
            if ministry == Some(u) {
                data.map.hexes().any(|h| self.volkssturm_may_stand(u, h))
            } else {
                data.within_perimeter
                    .iter()
                    .any(|&h| self.volkssturm_may_stand(u, h))
            }
        });
        if any {
            return if ministry.is_some() {
                refuse(
                    "13.6.1",
                    "the Volkssturm unit is placed by the Air Ministry first",
                )
            } else {
                refuse("5.5", "the drawn Volkssturm units are placed first")
            };
        }
        self.state.vs_drawn.clear();
        self.state.vs_at_ministry = None;
        Ok(())
    }

    /// The German disbands an immobile flak unit (13.6.1): from turn 2, in his reinforcement
    /// segment, one a turn; it leaves without VP to the Soviet, and a Volkssturm unit drawn
    /// from the cup takes its place by the Air Ministry.
    pub(super) fn disband(
        &mut self,
        u: UnitId,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let b = &self.state.board;
        let turn = b.turn;
        if b.segment
            != (Segment {
                side: GERMAN,
                kind: SegmentKind::Reinforcement,
            })
        {
            return refuse(
                "13.6.1",
                "flak is disbanded in the German reinforcement segment",
            );
        }
        if turn < DISBAND_FROM {
            return refuse("13.6.1", "not before turn 2");
        }
        if self.state.disbanded == Some(turn) {
            return refuse("13.6.1", "one flak unit a turn");
        }
        let immobile = self.data.forces.counter(u).is_some_and(|c| {
            c.side == GERMAN && c.kind == UnitType::Flak && c.faces.faces.back.ma == 0
        });
        if !immobile || b.hex_of(u).is_none() {
            return refuse(
                "13.6.1",
                "only an immobile flak unit on the map is disbanded",
            );
        }
        if self.volkssturm_cup().is_empty() {
            return refuse("13.6.1", "the Volkssturm cup is empty");
        }
        let b = &mut self.state.board;
        b.stacks.take(u)?;
        let x = b.unit_mut(u)?;
        x.state.location = Location::Withheld;
        x.counter.facing = None;
        self.state.disbanded = Some(turn);
        self.state.waiting = Waiting::Draw {
            left: 1,
            ministry: true,
        };
        emit(
            events,
            Event::Withdrawn {
                units: [u].into_iter().collect(),
                case: "13.6.1",
            },
        )
    }
}
