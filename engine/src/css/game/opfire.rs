//! Opportunity fire in the series game (S9.11): the pause at a trigger, the other player's
//! picks and the fires, on `css::fire::opportunity`'s rules (triggers S9.11.2, eligibility
//! S9.11.1) and `css::fire::resolve` (each fire is a direct fire at the trigger hex, S9.11.3).
//!
//! The window is an explicit pending: `Pending::Choose` ([`Choice::Pass`] or
//! [`Choice::OpFire`] of one waiting unit), then the chosen unit's d10. A unit that fired is
//! marked Op Fire (it may not fire again this activation, S9.11.3); units that the fire made
//! ineligible drop out; when nobody waits, the next trigger hex of the same action (an assault
//! from several hexes, S10.2) is asked, and then play resumes.

use super::{GameEvent, SeriesData, SeriesGame, Stage};
use crate::core::hex::HexId;
use crate::core::protocol::{refuse, Events, Input, Pending, RuleViolation, MAX_OPTIONS};
use crate::core::side::Side;
use crate::core::units::UnitId;
use crate::css::assault::MAX_HEXES;
use crate::css::command::turn::Choice;
use crate::css::fire::opportunity::{Trigger, MAX_CANDIDATES};
use crate::css::fire::{fire_roll, FireKind};
use crate::css::morale::Status;
use serde::{Deserialize, Serialize};

/// An opportunity-fire pause (S9.11.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpFire {
    pub trigger: Trigger,
    /// The trigger hex: every fire is aimed at it.
    pub hex: HexId,
    /// The player whose units are not active: he picks who fires.
    pub player: Side,
    /// Eligible units that have not fired at this trigger yet.
    pub offered: heapless::Vec<UnitId, MAX_CANDIDATES>,
    /// The unit whose d10 is awaited.
    pub firing: Option<UnitId>,
    /// The other trigger hexes of the same action, asked in turn (S10.2).
    pub queue: heapless::Vec<HexId, MAX_HEXES>,
}

impl OpFire {
    /// The question to the non-active player, or the chosen unit's d10.
    pub fn pending(&self) -> Pending<Choice> {
        if self.firing.is_some() {
            return fire_roll(self.player, FireKind::Opportunity);
        }
        let mut options = heapless::Vec::<Choice, MAX_OPTIONS>::new();
        let _ = options.push(Choice::Pass);
        for u in self.offered.iter().take(MAX_OPTIONS - 1) {
            let _ = options.push(Choice::OpFire(*u));
        }
        Pending::Choose {
            player: self.player,
            purpose: "opportunity fire",
            case: "S9.11.3",
            options,
        }
    }
}

impl<const U: usize> SeriesGame<U> {
    /// S9.11.2: an action of `player.other()`'s units triggered at `hexes` (asked in order):
    /// the window opens at the first where a unit of `player` may fire; if nobody may, play
    /// simply goes on.
    pub(super) fn open_op_fire<const H: usize, const P: usize>(
        &mut self,
        data: &SeriesData<'_, H, P>,
        trigger: Trigger,
        player: Side,
        hexes: &[HexId],
    ) {
        self.op = None;
        if !trigger.triggers() || self.probing {
            return;
        }
        for (i, hex) in hexes.iter().enumerate() {
            let offered = self.op_candidates(data, player, *hex);
            if !offered.is_empty() {
                let mut queue = heapless::Vec::new();
                for h in hexes[i + 1..].iter().take(MAX_HEXES) {
                    let _ = queue.push(*h);
                }
                self.op = Some(OpFire {
                    trigger,
                    hex: *hex,
                    player,
                    offered,
                    firing: None,
                    queue,
                });
                return;
            }
        }
    }

    /// S9.11.1: the units of `player` that may opportunity fire at `hex` now (in range, LOS,
    /// spotted, Deployed, not DG or Suppressed, no Op Fire marker).
    fn op_candidates<const H: usize, const P: usize>(
        &self,
        data: &SeriesData<'_, H, P>,
        player: Side,
        hex: HexId,
    ) -> heapless::Vec<UnitId, MAX_CANDIDATES> {
        let g = &data.ground.map.geometry;
        let mut out = heapless::Vec::new();
        for u in self.units.iter() {
            let Some(at) = u.hex else { continue };
            let Ok(c) = data.counter(u.id) else { continue };
            // Cheap tests first: the LOS is traced only for units in range.
            if c.side != player || g.distance(at, hex) > c.range as u16 {
                continue;
            }
            let ok = self
                .fire_setup(data, &[u.id], hex, true, FireKind::Opportunity)
                .is_ok();
            if ok && out.push(u.id).is_err() {
                break; // MAX_CANDIDATES units answer one trigger
            }
        }
        out
    }

    /// An input while the window is open: the pick, then its d10; anything else waits.
    pub(super) fn op_input<const H: usize, const P: usize>(
        &mut self,
        data: &SeriesData<'_, H, P>,
        input: &Input<super::GameCommand>,
        events: &mut Events<GameEvent>,
    ) -> Result<(), RuleViolation> {
        let Some(op) = self.op.clone() else {
            return refuse("S9.11.3", "no opportunity fire is being asked");
        };
        match (op.firing, input) {
            (None, Input::Chose(i)) => {
                let Pending::Choose { options, .. } = op.pending() else {
                    unreachable!("a window with no unit firing asks a choice")
                };
                match options.get(*i as usize) {
                    Some(Choice::OpFire(u)) => {
                        if let Some(o) = self.op.as_mut() {
                            o.firing = Some(*u);
                        }
                    }
                    Some(_) => self.next_op_window(data, &op),
                    None => return refuse("S9.11.3", "no such option in the offered list"),
                }
            }
            (Some(u), Input::Rolled(r)) => {
                let raw = super::actions::d10(r)?;
                let movers = self.moving_statuses();
                self.fire(data, &[u], op.hex, raw, FireKind::Opportunity, events)?;
                self.stop_marked_movers(&movers);
                let mut left = op.clone();
                left.firing = None;
                left.offered.retain(|v| *v != u);
                let enemy_left = self.units.iter().any(|v| {
                    v.hex == Some(op.hex) && data.counter(v.id).is_ok_and(|c| c.side != op.player)
                });
                let mut still = heapless::Vec::<UnitId, MAX_CANDIDATES>::new();
                if enemy_left {
                    for v in &left.offered {
                        let ok = self
                            .fire_setup(data, &[*v], op.hex, true, FireKind::Opportunity)
                            .is_ok();
                        if ok {
                            let _ = still.push(*v);
                        }
                    }
                }
                left.offered = still;
                if left.offered.is_empty() {
                    self.next_op_window(data, &left);
                } else {
                    self.op = Some(left);
                }
            }
            _ => {
                let case = match op.pending() {
                    Pending::Roll { case, .. } | Pending::Choose { case, .. } => case,
                    _ => "S9.11.3",
                };
                return refuse(
                    case,
                    "the opportunity fire at the trigger is answered first",
                );
            }
        }
        if self.op.is_none() {
            self.after_op_fire(data, events)?;
        }
        Ok(())
    }

    /// The window at `op.hex` is over: the next trigger hex of the same action, if anyone there
    /// may fire; otherwise play resumes.
    fn next_op_window<const H: usize, const P: usize>(
        &mut self,
        data: &SeriesData<'_, H, P>,
        op: &OpFire,
    ) {
        self.open_op_fire(data, op.trigger, op.player, &op.queue.clone());
    }

    /// The moving units and their status before a fire.
    fn moving_statuses(&self) -> heapless::Vec<(UnitId, Status), { super::MAX_GROUP }> {
        let mut out = heapless::Vec::new();
        if let Stage::Moving { units, .. } = &self.stage {
            for u in units {
                let _ = out.push((*u, self.units[u.0 as usize].cond.status));
            }
        }
        out
    }

    /// S7.2.2: a mover that the fire Pinned, disrupted or suppressed stops at once where it is;
    /// a removed one is gone. The others of the stack may go on (S7.2.1: any may drop off).
    fn stop_marked_movers(&mut self, before: &[(UnitId, Status)]) {
        let units = &self.units;
        if let Stage::Moving { units: moving, .. } = &mut self.stage {
            moving.retain(|u| {
                let s = &units[u.0 as usize];
                let was = before.iter().find(|b| b.0 == *u).map(|b| b.1);
                s.hex.is_some() && was == Some(s.cond.status)
            });
            if moving.is_empty() {
                self.stage = Stage::Idle;
            }
        }
    }

    /// Play resumes after the window: an assault goes on with the attackers still in it
    /// (S10.2).
    fn after_op_fire<const H: usize, const P: usize>(
        &mut self,
        data: &SeriesData<'_, H, P>,
        events: &mut Events<GameEvent>,
    ) -> Result<(), RuleViolation> {
        if let Stage::Assault {
            attacker_roll: None,
            ..
        } = self.stage
        {
            self.assault_after_defensive_fire(data, events)?;
        }
        Ok(())
    }
}
