//! The Movement Phase as it is played: its start (supply at the start [5.16], [14.31], who
//! began in an enemy zone [16.22]), the `Move`, `MovePath` and `Exit` commands ([5.0],
//! [5.13], [6.0], [21.35] 3), the unit "in hand" [5.15], and moves cut short by an interrupt
//! [12.0] with their fallback hex ([5.31], [5.26]).

use super::{DropStage, MoveScratch, Rules85, EXIT_COST_HALF, UNDERGROUND};
use crate::berlin85::board::Occupancy;
use crate::berlin85::command::{Command, MAX_PATH};
use crate::berlin85::event::Event;
use crate::berlin85::flags;
use crate::berlin85::game::{Game, Input85, Pending85};
use crate::berlin85::state::NATO;
use crate::core::capacity::berlin85::Reachable;
use crate::core::hex::HexId;
use crate::core::map::{MAX_HEXES, MAX_PLACES};
use crate::core::movement::{search_until, Link, MoveRules, Step};
use crate::core::protocol::{emit, refuse, Events, Input, Pending, RuleViolation};
use crate::core::units::{Location, UnitId};
use crate::event;

fn boxed_occupancy() -> Occupancy {
    Occupancy {
        unit: [0; MAX_HEXES],
        zoc: [0; MAX_HEXES],
    }
}

impl<'d> Game<'d> {
    // ---- the phase ------------------------------------------------------------------------

    pub(crate) fn movement_begin(
        &mut self,
        _events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let side = self.state.phasing;
        let mut occ = boxed_occupancy();
        // Only the enemy's zones matter here: for supply [14.21] and for [16.22].
        self.occupancy_zoc_of(side.other(), &mut occ);
        let supplied = self.supply_snapshot(side, &occ);
        let ids: heapless::Vec<UnitId, { crate::core::units::MAX_UNITS }> = self
            .data
            .roster
            .ids()
            .filter(|&u| self.side_of(u) == side)
            .collect();
        for u in ids {
            let at = self.hex_of(u);
            let in_zoc = at.is_some_and(|h| {
                self.data
                    .map
                    .idx(h)
                    .is_some_and(|i| occ.zoc_of(i, side.other()))
            });
            let in_supply = at.is_none_or(|h| supplied.supplied(self, u, h));
            let s = &mut self.state.units[u.0 as usize];
            s.clear(flags::MOVEMENT_BITS);
            s.spent_mp = 0;
            if at.is_some() && !in_supply {
                s.set(flags::UNSUPPLIED_AT_START);
            }
            if in_zoc {
                s.set(flags::STARTED_IN_ZOC);
            }
        }
        let ms = &mut self.state.movement;
        ms.in_hand = None;
        ms.in_hand_underground = false;
        ms.in_hand_cut_short = false;
        ms.in_hand_fallback = None;
        ms.airlanded = [0; MAX_PLACES];
        ms.drops.clear();
        ms.drop_stage = DropStage::Idle;
        Ok(())
    }

    pub(crate) fn movement_pending(&self) -> Pending85 {
        match self.paradrop_pending() {
            Some(p) => p,
            None => Pending::Command {
                player: self.state.phasing,
            },
        }
    }

    pub(crate) fn movement_apply(
        &mut self,
        input: &Input85,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        if self.state.movement.drop_stage != DropStage::Idle {
            return self.paradrop_apply(input, events);
        }
        let Input::Command(c) = input else {
            return refuse("5.0", "a movement command is expected");
        };
        match c {
            Command::Move {
                unit,
                to,
                underground,
            } => self.cmd_move(*unit, *to, *underground, events),
            Command::MovePath {
                unit,
                path,
                underground,
            } => self.cmd_move_path(*unit, path, *underground, events),
            Command::Airland { unit, hex } => self.cmd_airland(*unit, *hex, events),
            Command::Paradrop { unit, hex } => self.cmd_paradrop(*unit, *hex, events),
            Command::Exit { unit } => self.cmd_exit(*unit, events),
            Command::EndMovement => {
                self.movement_command_allowed(self.state.phasing)?;
                self.emergency_reinforcements_placed()?;
                self.put_down_in_hand(events)?;
                self.paradrops_begin(events)
            }
            _ => refuse("5.11", "that is not a movement command"),
        }
    }

    /// Puts the unit in hand down for good [5.15] (before another unit is touched or the
    /// phase ends). It must stand where it may end its move; if an interrupt cut its move short
    /// where it may not stop and no legal hex is left to go on to, it goes back to the last hex
    /// of that move where it could stop, so the game can always go on.
    pub(crate) fn put_down_in_hand(
        &mut self,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let Some(v) = self.state.movement.in_hand else {
            return Ok(());
        };
        if self.state.movement.in_hand_cut_short {
            if let Some(h) = self.hex_of(v) {
                if let Some(why) = self.end_refusal_here(v, h) {
                    let mut can_go_on = false;
                    let _ = self.move_targets(v, |_| can_go_on = true);
                    if can_go_on {
                        return Err(why);
                    }
                    self.move_back_to_fallback(v, h, why, events)?;
                }
            }
        }
        let ms = &mut self.state.movement;
        ms.in_hand = None;
        ms.in_hand_underground = false;
        ms.in_hand_cut_short = false;
        ms.in_hand_fallback = None;
        Ok(())
    }

    /// Why `u` may not end its move in `h` (where it stands), if it may not.
    pub(super) fn end_refusal_here(&self, u: UnitId, h: HexId) -> Option<RuleViolation> {
        if self.units_on_map().any(|(o, oh)| o != u && oh == h) {
            return Some(RuleViolation::new(
                "5.31",
                "the unit in hand may not stay stacked: move it on",
            ));
        }
        let mut scratch = MoveScratch::new();
        self.rules_for(u, &mut scratch, true)
            .and_then(|r| r.end_refusal(h))
    }

    /// The cut-short unit `u` in `h` cannot stop there nor go on: back to its fallback hex.
    pub(super) fn move_back_to_fallback(
        &mut self,
        u: UnitId,
        h: HexId,
        why: RuleViolation,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let Some(back) = self.state.movement.in_hand_fallback else {
            return Err(why);
        };
        self.state.units[u.0 as usize].location = Location::OnMap(back);
        let g = &self.data.map.geometry;
        let name = self.def(u).name.clone();
        emit(
            events,
            event!(
                why.case,
                "{} cannot stop in {} nor go on: back to {}, the last hex of its move where it may stop",
                name,
                g.format(h),
                g.format(back)
            )
            .unit(u)
            .at(back),
        )
    }

    /// Picks `u` up: the unit in hand before it is put down [5.15].
    pub(crate) fn take_in_hand(
        &mut self,
        u: UnitId,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        if self.state.movement.in_hand != Some(u) {
            self.put_down_in_hand(events)?;
            self.state.movement.in_hand = Some(u);
            self.state.movement.in_hand_underground = false;
        }
        Ok(())
    }

    pub(super) fn cmd_move(
        &mut self,
        u: UnitId,
        to: HexId,
        underground: bool,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        self.may_move(u)?;
        let mut path: heapless::Vec<(HexId, u8, u16), MAX_PATH> = heapless::Vec::new();
        {
            let mut scratch = MoveScratch::new();
            let rules = self
                .rules_for(u, &mut scratch, underground)
                .ok_or(RuleViolation::new("5.0", "the unit is not on the map"))?;
            if to == rules.origin {
                return refuse("5.0", "the unit is already there");
            }
            if let Some(r) = rules.prohibition(to, false, to) {
                if r.case != "5.14" {
                    return Err(r);
                }
            }
            if let Some(r) = rules.end_refusal(to) {
                return Err(r);
            }
            let g = &self.data.map.geometry;
            let mut reach = Reachable::new();
            let start_mode = if rules.origin_underground {
                UNDERGROUND
            } else {
                0
            };
            search_until(
                g,
                &rules,
                rules.origin,
                start_mode,
                self.remaining_half(u),
                Some(to),
                &mut reach,
            )
            .map_err(|_| RuleViolation::new("engine", "movement search overflow"))?;
            let mode = match (reach.cost_in(g, to, 0), reach.cost_in(g, to, UNDERGROUND)) {
                (Some(a), Some(b)) if b < a => UNDERGROUND,
                (Some(_), _) => 0,
                (None, Some(_)) => UNDERGROUND,
                (None, None) => {
                    return refuse(
                        "5.13",
                        "no legal path there within the Movement Points left",
                    )
                }
            };
            let mut hexes: heapless::Vec<(HexId, u8), 128> = heapless::Vec::new();
            if !reach.path_to(g, to, mode, &mut hexes) {
                return refuse("engine", "movement path too long");
            }
            for &(h, m) in hexes.iter().skip(1) {
                let c = reach.cost_in(g, h, m).unwrap_or(0);
                path.push((h, m, c))
                    .map_err(|_| RuleViolation::new("engine", "movement path too long"))?;
            }
        }
        self.execute_path(u, &path, events)
    }

    pub(super) fn cmd_move_path(
        &mut self,
        u: UnitId,
        hexes: &[HexId],
        underground: bool,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        self.may_move(u)?;
        if hexes.is_empty() {
            return refuse("5.0", "the path is empty");
        }
        let mut path: heapless::Vec<(HexId, u8, u16), MAX_PATH> = heapless::Vec::new();
        {
            let mut scratch = MoveScratch::new();
            let rules = self
                .rules_for(u, &mut scratch, underground)
                .ok_or(RuleViolation::new("5.0", "the unit is not on the map"))?;
            let g = &self.data.map.geometry;
            let allowance = self.remaining_half(u);
            let mut at = rules.origin;
            let mut mode = if rules.origin_underground {
                UNDERGROUND
            } else {
                0
            };
            let mut cost = 0u16;
            let mut stopped = false;
            let mut steps = heapless::Vec::<Step, 4>::new();
            for &next in hexes {
                if stopped {
                    return refuse(
                        "6.0",
                        "a unit must stop on entering an enemy zone of control",
                    );
                }
                let Some(d) = g.direction_to(at, next) else {
                    return refuse("5.0", "each hex of the path must be adjacent to the last");
                };
                let Some(link) = Link::new(g, at, d) else {
                    return refuse("5.0", "each hex of the path must be on the map");
                };
                steps.clear();
                rules.steps(link, mode, &mut steps);
                let pick = steps
                    .iter()
                    .find(|s| (s.mode == UNDERGROUND) == underground)
                    .or_else(|| steps.iter().find(|s| s.mode == 0))
                    .copied();
                let Some(st) = pick else {
                    return Err(self.step_refusal(&rules, at, mode, next));
                };
                cost = cost.saturating_add(st.cost);
                if cost > allowance {
                    return refuse(
                        "5.13",
                        "a unit may not spend more Movement Points than it has",
                    );
                }
                stopped = st.stop;
                mode = st.mode;
                at = next;
                path.push((next, mode, cost))
                    .map_err(|_| RuleViolation::new("engine", "movement path too long"))?;
            }
            if let Some(r) = rules.end_refusal(at) {
                return Err(r);
            }
        }
        self.execute_path(u, &path, events)
    }

    /// The rule that forbids a step `rules.steps` offered no way to take.
    pub(super) fn step_refusal(
        &self,
        rules: &Rules85<'_, 'd>,
        from: HexId,
        mode: u8,
        to: HexId,
    ) -> RuleViolation {
        if let Some(r) = rules.prohibition(from, mode == UNDERGROUND, to) {
            return r;
        }
        let to_zoc = rules.enemy_zoc(to);
        if from == rules.origin && rules.origin_in_zoc && to_zoc {
            return RuleViolation::new(
                "16.22",
                "a disengaging unit may not move straight into another enemy zone of control",
            );
        }
        if rules.zoc_banned && to_zoc {
            return RuleViolation::new("5.18", "police may not enter an enemy zone of control");
        }
        if mode == UNDERGROUND && rules.enemy_zoc(from) {
            return RuleViolation::new(
                "5.14",
                "surfacing in an enemy zone of control ends the move",
            );
        }
        RuleViolation::new("15.0", "that step is not possible")
    }

    /// The last hex among `from` and the hexes of `walked` (in order) where `u` could end a
    /// move now: the fallback of a move an interrupt cuts short.
    pub(super) fn fallback_hex(
        &self,
        u: UnitId,
        from: Option<HexId>,
        walked: &[(HexId, u8, u16)],
    ) -> Option<HexId> {
        let mut scratch = MoveScratch::new();
        let rules = self.rules_for(u, &mut scratch, true)?;
        walked
            .iter()
            .rev()
            .filter(|&&(_, mode, _)| mode != UNDERGROUND)
            .map(|&(h, _, _)| h)
            .chain(from)
            .find(|&h| rules.end_refusal(h).is_none())
    }

    /// Walks the unit along a checked path (`(hex, mode, cumulative cost)`), entering each
    /// hex through `unit_entered`; an interrupt stops the walk where it was raised [12.0].
    pub(super) fn execute_path(
        &mut self,
        u: UnitId,
        path: &[(HexId, u8, u16)],
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        self.take_in_hand(u, events)?;
        let spent0 = self.spent_half(u);
        let side = self.side_of(u);
        let from = self.hex_of(u);
        let mut last = None;
        self.state.movement.in_hand_cut_short = false;
        for (k, &(h, mode, cost)) in path.iter().enumerate() {
            {
                let s = &mut self.state.units[u.0 as usize];
                s.location = Location::OnMap(h);
                s.spent_mp = spent0 + cost;
                s.set(flags::MOVED);
            }
            self.state.movement.in_hand_underground = mode == UNDERGROUND;
            last = Some((h, mode, cost));
            self.unit_entered(u, h, events)?;
            if self.interrupt_pending().is_some() {
                self.state.movement.in_hand_cut_short = k + 1 < path.len();
                if self.state.movement.in_hand_cut_short {
                    self.state.movement.in_hand_fallback = self.fallback_hex(u, from, &path[..k]);
                }
                break;
            }
        }
        if let Some((h, mode, cost)) = last {
            if mode != UNDERGROUND && self.enemy_zoc(h, side) {
                self.state.units[u.0 as usize].set(flags::STOPPED_IN_ZOC);
            }
            let g = &self.data.map.geometry;
            let name = self.def(u).name.clone();
            let (a, b) = (from.map(|f| g.format(f)), g.format(h));
            let via = if mode == UNDERGROUND {
                " on the U-Bahn"
            } else {
                ""
            };
            emit(
                events,
                event!(
                    "5.0",
                    "{} moves {} to {}{} ({}/{} half-MP)",
                    name,
                    a.as_deref().unwrap_or("?"),
                    b,
                    via,
                    spent0 + cost,
                    self.movement_allowance_half(u)
                )
                .unit(u)
                .at(h),
            )?;
        }
        Ok(())
    }

    /// [21.35] 3: a NATO unit leaves the map by the north, south or west edge for 2 MP.
    pub(super) fn cmd_exit(
        &mut self,
        u: UnitId,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        if !self.scenario().rules.nato_may_exit || self.side_of(u) != NATO {
            return refuse(
                "21.35",
                "only NATO units in Operation Medicine Wheel may exit the map",
            );
        }
        self.may_move(u)?;
        let Some(h) = self.hex_of(u) else {
            return refuse("5.0", "the unit is not on the map");
        };
        if !self.is_exit_edge_hex(h) {
            return refuse(
                "21.35",
                "units exit only from a north, south or west edge hex",
            );
        }
        if self.state.movement.in_hand == Some(u) && self.state.movement.in_hand_underground {
            return refuse("15.0", "a unit on the U-Bahn must surface before it exits");
        }
        if self.remaining_half(u) < EXIT_COST_HALF {
            return refuse("21.35", "exiting the map costs 2 Movement Points");
        }
        self.take_in_hand(u, events)?;
        let s = &mut self.state.units[u.0 as usize];
        s.spent_mp += EXIT_COST_HALF;
        s.set(flags::MOVED);
        s.location = Location::Exited;
        self.state.movement.in_hand = None;
        let label = self.data.map.geometry.format(h);
        let name = self.def(u).name.clone();
        emit(
            events,
            event!("21.35", "{} leaves the map from {}", name, label)
                .unit(u)
                .at(h),
        )?;
        self.score_exit(u, h, events)
    }
}
