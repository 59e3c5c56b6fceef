//! Step 1C, the Reinforcement Phase (S3.2.3), in the turn machine, and the start of a
//! scenario (S21.3 item 4).
//!
//! Step 1C runs in the series' order, each part an explicit pending:
//!
//! | part | what | pending | answered by |
//! |---|---|---|---|
//! | 1 | units due this turn come off the Turn Record Track (S18.3); those going to a box of their Division Display go there at once | — | — |
//! | 2 | each player, initiative first (S3.8), places his arriving reinforcements (S18.1) | `Step::Arrivals(side)`, `Pending::Command` | [`TurnState::enter_unit`] per unit, `Command::HoldArrival` (waits a turn), `Command::EndArrivals` |
//! | 3 | each unit in a Routed box takes its return check, the initiative player's divisions first (S11.10) | `Step::ReturnCheck`, `Pending::Roll` (d10) for its owner | `Input::Rolled` |
//! | 4 | each player places the units that passed, and the units a rule returns as if routed (S11.10, exclusive 14.0 1C-d) | `Step::Returns(side)`, `Pending::Command` | [`TurnState::place_returned`], `Command::StayRouted`, `Command::EndReturns` |
//! | 5 | SWs are assigned and the game's own steps run (S13.2; *Gates* 14.0 1C a–k) | `Step::Reinforcement`, `Pending::Command` for the initiative player | `Command::EndReinforcements` |
//!
//! A part with nothing to do is not asked. A return check is asked only while the division's
//! HQ is on the map (`DivisionTrack::hq_on_map`): with none, the units stay (S11.10).

use super::sky::Light;
use super::turn::{ev, Command, Event, Step, TurnState, What};
use super::{CommandData, DivisionId, DivisionTrack, MAX_DIVISIONS};
use crate::core::hex::{Geometry, HexId};
use crate::core::protocol::{emit, refuse, DiceSpec, Events, Input, Pending, RuleViolation};
use crate::core::side::Side;
use crate::core::units::UnitId;
use crate::css::display::{OffMapUnit, Routed};
use crate::css::morale::{effective_tq, return_from_routed, CheckKind, Return, TqSituation};
use crate::css::reinforce::{may_enter, may_return, Face, Placing};
use crate::css::scenario::{Scenario, Start};
use crate::css::stacking::{Piece, StackingChart};
use crate::css::track::{Arrival, Held};
use serde::{Deserialize, Serialize};

/// Units arriving or returning in one Reinforcement Phase.
pub const MAX_ARRIVING: usize = 32;

/// A unit to be placed as returned from the Routed box (S11.10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Returning {
    pub unit: UnitId,
    pub side: Side,
    pub division: DivisionId,
    /// Its record in the Routed box, if it passed a check there (`None`: a unit a rule
    /// returns as if routed, without a check).
    pub from_box: Option<Routed>,
}

impl Returning {
    pub fn is_hq(&self) -> bool {
        self.from_box.is_some_and(|r| r.is_hq)
    }
}

impl TurnState {
    /// Builds the state of a turn without beginning it.
    pub(super) fn unstarted(
        data: &CommandData,
        turn: u8,
        tracks: heapless::Vec<DivisionTrack, MAX_DIVISIONS>,
        carried: Option<super::Chit>,
        light: Light,
    ) -> Result<Self, RuleViolation> {
        if tracks.len() != data.divisions.len() {
            return refuse("engine", "one Division Display per division");
        }
        Ok(TurnState {
            turn,
            step: Step::Reinforcement,
            tracks,
            cup: super::Cup::default(),
            bought: heapless::Vec::new(),
            carried,
            bought_in_preparation: Default::default(),
            picked_payers: heapless::Vec::new(),
            bought_in_action: Default::default(),
            interrupted: [false; 2],
            answered: [false; 2],
            bought_at_last_chit: false,
            commanded: heapless::Vec::new(),
            trackless_dc: 0,
            displays: crate::css::display::Displays::new(data),
            turn_track: Default::default(),
            arriving: heapless::Vec::new(),
            returning: heapless::Vec::new(),
            leaders_moved: heapless::Vec::new(),
            victory_turns: heapless::Vec::new(),
            verdict: None,
            light,
        })
    }

    /// S21.3: the turn machine at the scenario's start — its division values (item 6), its
    /// reinforcements on the Turn Record Track (item 7), its check turns (item 9), at the
    /// Preparation Phase or at step 2A with its chits (item 4). `data` is the scenario's
    /// command data ([`Scenario::command_data`]); `light` the game's sky and weather table,
    /// whose Day/Night boxes the scenario's track replaces. A scenario that starts at step 2A
    /// plays no step 1A: its day's weather, if not clear, is one of its special rules.
    pub fn from_scenario(
        data: &CommandData,
        scenario: &Scenario,
        mut light: Light,
        events: &mut Events<Event>,
    ) -> Result<Self, RuleViolation> {
        scenario.validate(data)?;
        let mut tracks = heapless::Vec::new();
        for d in &data.divisions {
            tracks
                .push(DivisionTrack::new(d))
                .map_err(|_| RuleViolation::new("engine", "too many divisions"))?;
        }
        for v in &scenario.divisions {
            let def = *data.division(v.division)?;
            let t = &mut tracks[v.division.0 as usize];
            t.dp = v.dp.min(data.costs.max_dp);
            t.dc = v.dc.min(data.costs.max_dc);
            t.fatigue = v.fatigue;
            t.tq = v.tq.unwrap_or(def.max_tq).min(def.max_tq);
        }
        let track = scenario.track()?;
        if !track.boxes.is_empty() {
            light.track = track.lights();
        }
        let mut s = Self::unstarted(data, scenario.first_turn - 1, tracks, None, light)?;
        s.turn_track = track;
        s.victory_turns = scenario.victory.check_turns.clone();
        match &scenario.start {
            Start::Preparation => s.begin_turn(data, events)?,
            Start::ActionPhase { cup } => {
                s.turn = scenario.first_turn;
                emit(events, ev("S21.3", What::TurnBegins(s.turn)))?;
                s.dawn();
                for c in cup {
                    super::turn::push_chit(&mut s.bought, *c)?;
                }
                s.fill_cup(data, events)?;
            }
        }
        Ok(s)
    }

    /// Step 1C begins (S3.2.3): part 1, then the first part with something to do.
    pub(super) fn step_1c(
        &mut self,
        data: &CommandData,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let mut due: heapless::Vec<Held, MAX_ARRIVING> = heapless::Vec::new();
        self.turn_track.take_due(self.turn, &mut due)?;
        let full = || RuleViolation::new("engine", "too many units arriving");
        for h in due {
            emit(events, ev("S18.3", What::Arriving(h.unit)))?;
            match h.to {
                Arrival::Enter { .. } => self.arriving.push(h).map_err(|_| full())?,
                Arrival::AsReturned => self
                    .returning
                    .push(Returning {
                        unit: h.unit,
                        side: h.side,
                        division: h.division,
                        from_box: None,
                    })
                    .map_err(|_| full())?,
                Arrival::ToBox(kind) => {
                    self.displays.of_mut(h.division)?.put(OffMapUnit {
                        unit: h.unit,
                        kind,
                        formation: None,
                    })?;
                    let w = What::IntoBox {
                        unit: h.unit,
                        division: h.division,
                    };
                    emit(events, ev("S18.3", w))?;
                }
            }
        }
        self.next_1c(data);
        Ok(())
    }

    /// The next part of step 1C with something to do.
    fn next_1c(&mut self, data: &CommandData) {
        let init = data.initiative;
        let sides = [init, init.other()];
        if let Some(side) = sides
            .into_iter()
            .find(|s| self.arriving.iter().any(|h| h.side == *s))
        {
            self.step = Step::Arrivals(side);
        } else if self.next_return_check(data).is_some() {
            self.step = Step::ReturnCheck;
        } else if let Some(side) = sides
            .into_iter()
            .find(|s| self.returning.iter().any(|r| r.side == *s))
        {
            self.step = Step::Returns(side);
        } else {
            self.step = Step::Reinforcement;
        }
    }

    /// S11.10: the next routed unit to check this turn — the initiative player's divisions
    /// first (S3.8), only divisions with their HQ on the map.
    pub fn next_return_check(&self, data: &CommandData) -> Option<(DivisionId, usize)> {
        (0..data.divisions.len() as u8)
            .filter_map(|n| self.roll_order(data, n))
            .filter(|d| self.track(*d).hq_on_map)
            .find_map(|d| {
                let boxes = self.displays.of(d).ok()?;
                let i = boxes.routed.iter().position(|r| r.checked != self.turn)?;
                Some((d, i))
            })
    }

    /// The pendings of the frame's steps (1C parts 2–4, 2D-b, the victory check).
    pub(super) fn frame_pending<O>(&self, data: &CommandData) -> Pending<O> {
        let init = data.initiative;
        match self.step {
            Step::Arrivals(side) | Step::Returns(side) => Pending::Command { player: side },
            Step::ReturnCheck => {
                let player = self
                    .next_return_check(data)
                    .and_then(|(d, _)| data.division(d).ok())
                    .map_or(init, |x| x.side);
                Pending::Roll {
                    player,
                    dice: DiceSpec::D10,
                    purpose: "return from the Routed box (at or under the TQ returns)",
                    case: "S11.10",
                    secret: false,
                }
            }
            Step::LeaderMoves(p) => Pending::Command {
                player: data.owner(p.chit).unwrap_or(init),
            },
            _ => Pending::Command { player: init },
        }
    }

    /// The inputs of step 1C's parts 2–4.
    pub(super) fn apply_1c(
        &mut self,
        data: &CommandData,
        input: &Input<Command>,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        match (self.step, input) {
            (Step::Arrivals(side), Input::Command(Command::HoldArrival(u))) => {
                let Some(i) = self
                    .arriving
                    .iter()
                    .position(|h| h.unit == *u && h.side == side)
                else {
                    return refuse("S18.1", "that unit is not arriving for this player");
                };
                let mut h = self.arriving[i];
                h.turn = self.turn.saturating_add(1);
                self.turn_track.schedule(h)?;
                self.arriving.remove(i);
                let w = What::HeldOver {
                    unit: h.unit,
                    turn: h.turn,
                };
                emit(events, ev("S18.1", w))
            }
            (Step::Arrivals(side), Input::Command(Command::EndArrivals)) => {
                if self.arriving.iter().any(|h| h.side == side) {
                    return refuse(
                        "S18.1",
                        "place each arriving unit or hold it on the track for a turn",
                    );
                }
                self.next_1c(data);
                Ok(())
            }
            (Step::ReturnCheck, Input::Rolled(r)) => {
                if !DiceSpec::D10.accepts(r) {
                    return refuse("S1.3", "one d10 read 0 to 9");
                }
                self.return_check(data, r.values[0], events)?;
                self.next_1c(data);
                Ok(())
            }
            (Step::Returns(side), Input::Command(Command::StayRouted(u))) => {
                let Some(i) = self
                    .returning
                    .iter()
                    .position(|r| r.unit == *u && r.side == side)
                else {
                    return refuse("S11.10", "that unit is not returning for this player");
                };
                let r = self.returning[i];
                let Some(mut routed) = r.from_box else {
                    return refuse("S11.10", "only a unit from the Routed box stays there");
                };
                routed.checked = self.turn;
                let b = self.displays.of_mut(r.division)?;
                b.routed
                    .push(routed)
                    .map_err(|_| RuleViolation::new("engine", "the Routed box is full"))?;
                self.returning.remove(i);
                emit(events, ev("S11.10", What::StaysRouted(r.unit)))
            }
            (Step::Returns(side), Input::Command(Command::EndReturns)) => {
                if self.returning.iter().any(|r| r.side == side) {
                    return refuse(
                        "S11.10",
                        "place each returning unit or keep it in the Routed box",
                    );
                }
                self.next_1c(data);
                Ok(())
            }
            _ => refuse(
                "S3.2.3",
                "not now: the Reinforcement Phase asks for something else",
            ),
        }
    }

    /// S11.10: one routed unit's check with the division term only.
    fn return_check(
        &mut self,
        data: &CommandData,
        raw: u8,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let (d, i) = self
            .next_return_check(data)
            .ok_or(RuleViolation::new("engine", "no routed unit to check"))?;
        let def = *data.division(d)?;
        let t = *self.track(d);
        let turn = self.turn;
        let routed = self.displays.of(d)?.routed[i];
        let shortfall = if def.fatigue_immune {
            0
        } else {
            def.max_tq.saturating_sub(t.tq)
        };
        let situation = TqSituation {
            division_shortfall: shortfall,
            kind: CheckKind::ReturnFromRouted,
            ..TqSituation::printed(routed.printed_tq)
        };
        let effective = effective_tq(&situation, &crate::css::standin::tq_modifiers()).value;
        let mut cond = routed.condition;
        let result = return_from_routed(&mut cond, routed.is_hq, t.hq_on_map, effective, raw);
        let b = self.displays.of_mut(d)?;
        match result {
            Return::Placed => {
                let mut from = b.routed.remove(i);
                from.condition = cond;
                self.returning
                    .push(Returning {
                        unit: from.unit,
                        side: def.side,
                        division: d,
                        from_box: Some(from),
                    })
                    .map_err(|_| RuleViolation::new("engine", "too many units returning"))?;
            }
            Return::Eliminated => {
                b.routed.remove(i);
            }
            Return::Stays | Return::StaysLosingAStep | Return::NoHq => {
                b.routed[i].condition = cond;
                b.routed[i].checked = turn;
            }
        }
        let w = What::ReturnCheck {
            unit: routed.unit,
            effective,
            raw,
            result,
        };
        emit(events, ev("S11.10", w))
    }

    /// Step 1C part 2 (S18.1): `unit` (the arriving unit's stacking piece) enters at `hex`,
    /// in or next to its entry hex, on its Column side, within stacking, never in an enemy
    /// hex. Refused unless its owner is placing arrivals now. Returns the side it shows.
    pub fn enter_unit(
        &mut self,
        g: &Geometry,
        board: &impl Placing,
        chart: &StackingChart,
        unit: &Piece,
        hex: HexId,
        events: &mut Events<Event>,
    ) -> Result<Face, RuleViolation> {
        let Step::Arrivals(side) = self.step else {
            return refuse("S18.1", "reinforcements enter in the Reinforcement Phase");
        };
        let Some(i) = self
            .arriving
            .iter()
            .position(|h| h.unit == unit.id && h.side == side)
        else {
            return refuse("S18.1", "that unit is not arriving for this player now");
        };
        let Arrival::Enter { entry } = self.arriving[i].to else {
            return refuse("engine", "not a reinforcement");
        };
        let face = may_enter(g, board, chart, entry, hex, unit)?;
        self.arriving.remove(i);
        emit(events, ev("S18.1", What::Entered { unit: unit.id, hex }))?;
        Ok(face)
    }

    /// Step 1C part 4 (S11.10): a returning `unit` is placed at `hex`, in or next to one of
    /// `hq_hexes` (an HQ of its formation, else its Division HQ; an HQ goes to a hex with a unit
    /// of its formation), within stacking and not next to the enemy. Returns the side it shows;
    /// the caller gives it a DG unless it is an HQ ([`Returning::is_hq`]).
    #[allow(clippy::too_many_arguments)]
    pub fn place_returned(
        &mut self,
        g: &Geometry,
        board: &impl Placing,
        chart: &StackingChart,
        hq_hexes: &[HexId],
        unit: &Piece,
        hex: HexId,
        may_deploy: bool,
        events: &mut Events<Event>,
    ) -> Result<Face, RuleViolation> {
        let Step::Returns(side) = self.step else {
            return refuse("S11.10", "routed units return in the Reinforcement Phase");
        };
        let Some(i) = self
            .returning
            .iter()
            .position(|r| r.unit == unit.id && r.side == side)
        else {
            return refuse("S11.10", "that unit is not returning for this player now");
        };
        let is_hq = self.returning[i].is_hq();
        let face = may_return(g, board, chart, hq_hexes, hex, unit, is_hq, may_deploy)?;
        self.returning.remove(i);
        emit(events, ev("S11.10", What::Returned { unit: unit.id, hex }))?;
        Ok(face)
    }
}
