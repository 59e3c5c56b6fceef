//! HQ Support Fire in a close assault (3.5.2, 3.5.4, 8.4.2 step 1). When an assault is
//! announced, the attacker and then the defender may name HQs to add their printed FS to their
//! side: an undisrupted HQ (8.8) whose command radius takes in the combat hex (2.2.8), once a
//! turn whether in attack or defence, and not in a turn it is itself close assaulted. Under the
//! own-division option of 3.5.3 a division HQ supports only a combat with units of its own
//! division on its side. Each is asked as a `Pending::Choose` of HQs and "none".
//!
//! Also here: 17.5's count of Soviet armies in one combat.

use super::assault::{Announced, AssaultStep};
use super::combatants::{combatant, defenders_at};
use super::{Assaulters, Choice, Event, Game};
use crate::core::hex::HexId;
use crate::core::protocol::{emit, refuse, Events, Pending, RuleViolation};
use crate::core::side::Side;
use crate::core::units::UnitId;
use crate::fortress::combat::Support;
use crate::fortress::command;
use crate::fortress::counters::{FormationId, FormationKind, SOVIET};

/// HQs that may support one close assault, both sides together (a stand-in capacity).
pub const MAX_SUPPORT: usize = 4;

type Supports = heapless::Vec<Support, MAX_SUPPORT>;

impl Game<'_> {
    /// The HQs of `side` that may still add their Support Fire to the assault `a` (3.5.2,
    /// `command::may_support`).
    fn support_options(&self, side: Side, a: &Announced) -> heapless::Vec<UnitId, 16> {
        let mut out = heapless::Vec::new();
        if a.support.is_full() {
            return out;
        }
        let (map, forces, b) = (&self.data.map, &self.data.forces, &self.state.board);
        let own: Assaulters = if side == self.phasing() {
            a.attackers.clone()
        } else {
            defenders_at(self, a.target, side).into_iter().collect()
        };
        for (i, c) in forces.counters.iter().enumerate() {
            let u = UnitId(i as u16);
            if c.side != side || !c.is_hq() || a.support.contains(&u) {
                continue;
            }
            let ok = command::may_support(map, forces, b, u, a.target, &[a.target], &own);
            if ok.is_ok() && out.push(u).is_err() {
                break;
            }
        }
        out
    }

    /// May `side` name Support Fire for `a`?
    pub(super) fn may_support(&self, side: Side, a: &Announced) -> bool {
        !self.support_options(side, a).is_empty()
    }

    /// The choice of an HQ to support the announced assault, or none (`Stop`).
    pub(super) fn support_pending(&self, side: Side) -> Pending<Choice> {
        let hqs = self
            .state
            .suspended
            .as_ref()
            .map(|a| self.support_options(side, a))
            .unwrap_or_default();
        super::choose(
            side,
            "an HQ adds its Support Fire to the close assault, or none",
            "3.5.2",
            hqs.into_iter().map(Choice::Unit).chain([Choice::Stop]),
        )
    }

    /// The answer: an HQ joins (and the same side may name another), or `side` is done.
    pub(super) fn support_chose(
        &mut self,
        side: Side,
        i: u8,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let Some(mut a) = self.state.suspended.clone() else {
            return refuse("engine", "no close assault is announced");
        };
        let options = self.support_options(side, &a);
        let done = if side == self.phasing() {
            AssaultStep::AttackerSupported
        } else {
            AssaultStep::DefenderSupported
        };
        match options.get(i as usize) {
            Some(&hq) => {
                a.support
                    .push(hq)
                    .map_err(|_| RuleViolation::new("engine", "support capacity exceeded"))?;
                command::use_support(&mut self.state.board, hq)?;
                let target = a.target;
                let more = self.may_support(side, &a);
                self.state.suspended = Some(a);
                emit(events, Event::Supported { hq, target })?;
                if more {
                    return Ok(());
                }
                self.assault_step(done, events)
            }
            None if i as usize == options.len() => self.assault_step(done, events),
            None => refuse("3.5.2", "not one of the options offered"),
        }
    }

    /// HQs in a hex being close assaulted give no Support Fire this turn (3.5.2): their
    /// support is spent as if given.
    pub(super) fn mark_assaulted_hqs(&mut self, target: HexId) -> Result<(), RuleViolation> {
        let defender = self.phasing().other();
        for u in defenders_at(self, target, defender) {
            if self.data.forces.counter(u).is_some_and(|c| c.is_hq()) {
                command::use_support(&mut self.state.board, u)?;
            }
        }
        Ok(())
    }

    /// The Support Fire of the HQs in `support`, split by side: the attacker's and the
    /// defender's (3.5.2). They were eligible when named; an HQ that has since left the map or
    /// been disrupted adds nothing.
    pub(super) fn supports(
        &self,
        support: &[UnitId],
        attacker: Side,
        _target: HexId,
    ) -> (Supports, Supports) {
        let (mut att, mut def) = (Supports::new(), Supports::new());
        let b = &self.state.board;
        for &hq in support {
            if b.hex_of(hq).is_none() || b.disrupted(hq) {
                continue;
            }
            let Some(k) = combatant(self, hq) else {
                continue;
            };
            let s = Support {
                hq: k,
                in_radius: true,
                used_this_turn: false,
                assaulted: false,
            };
            let side = self.data.forces.counter(hq).map(|c| c.side);
            let _ = if side == Some(attacker) {
                att.push(s)
            } else {
                def.push(s)
            };
        }
        (att, def)
    }

    /// 17.5 (optional): the distinct Soviet armies among `units` of `side`; 0 when the option
    /// is off or the side is German.
    pub(super) fn soviet_armies(&self, side: Side, units: &[UnitId]) -> u8 {
        if side != SOVIET || !self.state.board.options.army_coordination {
            return 0;
        }
        let mut armies: heapless::Vec<FormationId, 16> = heapless::Vec::new();
        for &u in units {
            if let Some(f) = self.army_of(u) {
                if !armies.contains(&f) {
                    let _ = armies.push(f);
                }
            }
        }
        armies.len() as u8
    }

    /// The army a Soviet unit belongs to: its formation, or the formation above it, up to the
    /// first of kind `Army`.
    pub(crate) fn army_of(&self, u: UnitId) -> Option<FormationId> {
        let forces = &self.data.forces;
        let mut f = forces.counter(u)?.formation?;
        for _ in 0..4 {
            let formation = forces.formation(f)?;
            if formation.kind == FormationKind::Army {
                return Some(f);
            }
            f = formation.higher?;
        }
        None
    }
}
