//! Opportunity fire (S9.11): the triggers (S9.11.2, S5.4), who may fire (S9.11.1) and the
//! pause in play while the non-active player answers (S9.11.3), as an explicit pending.
//!
//! The movement, assault and engineering modules call [`Window::open`] when an enemy unit
//! does something that triggers (each hex entered, a change of side, a fire …) with the
//! non-active units that have the trigger in their Fire Zone, spotted (the sight module
//! decides that). The window asks the non-active player, through a `Pending::Choose`, which
//! unit fires next (or to pass); each fire is an ordinary direct fire ([`super::resolve`]) at
//! the trigger hex, and the firer is marked Op Fire. Units of one hex may combine (S9.4)
//! through [`Window::declare`].

use super::{check_group, FireKind, FireSetup, Member};
use crate::core::protocol::{refuse, Pending, RuleViolation, MAX_OPTIONS};
use crate::core::side::Side;
use crate::core::units::UnitId;
use serde::{Deserialize, Serialize};

/// Candidates one trigger may offer.
pub const MAX_CANDIDATES: usize = 32;

/// What an enemy unit did (S9.11.2, S5.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Trigger {
    EnteredHex,
    ChangedSide,
    DirectFire,
    /// Indirect fire: a trigger only if the firing unit is spotted (S9.8.3).
    IndirectFire {
        firer_spotted: bool,
    },
    DeclaredAssault,
    LoadOrUnload,
    Engineering,
    DeclaredCharge,
    Rally,
    Resupply,
    Hold,
}

impl Trigger {
    /// S9.11.2: does this action allow opportunity fire at all?
    pub const fn triggers(self) -> bool {
        match self {
            Trigger::EnteredHex
            | Trigger::ChangedSide
            | Trigger::DirectFire
            | Trigger::DeclaredAssault
            | Trigger::LoadOrUnload
            | Trigger::Engineering => true,
            Trigger::IndirectFire { firer_spotted } => firer_spotted,
            Trigger::DeclaredCharge | Trigger::Rally | Trigger::Resupply | Trigger::Hold => false,
        }
    }

    /// S9.11.4: a fire trigger is resolved first; the fire back comes after it.
    pub const fn is_fire(self) -> bool {
        matches!(self, Trigger::DirectFire | Trigger::IndirectFire { .. })
    }
}

/// A non-active unit that has the trigger in its Fire Zone (the sight module's answer), with
/// what it is now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub unit: UnitId,
    pub member: Member,
    /// The trigger hex is within its Range, in its LOS and spotted (S9.11.1, S9.2).
    pub in_fire_zone: bool,
}

/// One option of the window's choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum OpChoice {
    /// No (more) opportunity fire at this trigger: play resumes.
    Pass,
    /// This unit fires alone at the trigger hex.
    Fire(UnitId),
}

/// S9.11.1: may this candidate opportunity fire at this trigger? Refusals cite the case.
pub fn eligible(c: &Candidate, setup: &FireSetup) -> Result<(), RuleViolation> {
    if !c.in_fire_zone {
        return refuse("S9.11.1", "the trigger is not in its Fire Zone, spotted");
    }
    check_group(&[c.member], setup)
}

/// The pause at one trigger (S9.11.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Window {
    pub trigger: Trigger,
    /// The player who may fire: the side whose units are not active.
    pub player: Side,
    /// What each fire at the trigger hex sees (kind [`FireKind::Opportunity`]).
    pub setup: FireSetup,
    /// The eligible candidates that have not fired yet.
    pub waiting: heapless::Vec<Candidate, MAX_CANDIDATES>,
    /// Units that fired at this trigger (each now marked Op Fire).
    pub fired: heapless::Vec<UnitId, MAX_CANDIDATES>,
    /// S9.11.5: the active side's answer to a missile fired out of turn; it is no action
    /// for the units that fire, so a fire-type action already taken does not bar them.
    pub answer: bool,
}

impl Window {
    /// Opens the window for a trigger; `None` if the action is no trigger (S9.11.2) or nobody
    /// may fire (then play simply goes on: nothing to ask).
    pub fn open(
        trigger: Trigger,
        player: Side,
        setup: FireSetup,
        candidates: &[Candidate],
    ) -> Option<Window> {
        if !trigger.triggers() {
            return None;
        }
        let setup = FireSetup {
            kind: FireKind::Opportunity,
            ..setup
        };
        let mut waiting = heapless::Vec::new();
        for c in candidates {
            if eligible(c, &setup).is_ok() {
                // A trigger offers at most MAX_CANDIDATES units; the rest are nearer none.
                let _ = waiting.push(*c);
            }
        }
        (!waiting.is_empty()).then_some(Window {
            trigger,
            player,
            setup,
            waiting,
            fired: heapless::Vec::new(),
            answer: false,
        })
    }

    /// S9.11.5: the window of the `active` player's units against a guided missile the enemy
    /// fired out of turn, as opportunity fire (`missile_kind`), where the game allows it
    /// (`allowed`: `FireCharts::active_side_answers_missiles`). The fires are opportunity fire
    /// at the missile firer's hex (S9.11) for that one attack; they use no action, so units
    /// that already took their fire-type action may fire (S5.1.2 does not bar them).
    pub fn answer_missile(
        allowed: bool,
        missile_kind: FireKind,
        active: Side,
        setup: FireSetup,
        candidates: &[Candidate],
    ) -> Result<Option<Window>, RuleViolation> {
        if !allowed {
            return refuse(
                "S9.11.5",
                "this game gives the active side no answer to a missile fired out of turn",
            );
        }
        if missile_kind != FireKind::Opportunity {
            return refuse(
                "S9.11.5",
                "only a missile fired out of turn, as opportunity fire, is answered so",
            );
        }
        let mut free: heapless::Vec<Candidate, MAX_CANDIDATES> = heapless::Vec::new();
        for c in candidates.iter().take(MAX_CANDIDATES) {
            let _ = free.push(Candidate {
                member: not_an_action(c.member),
                ..*c
            });
        }
        Ok(Window::open(Trigger::DirectFire, active, setup, &free)
            .map(|w| Window { answer: true, ..w }))
    }

    /// The question to the non-active player (S9.11.3): pass, or which unit fires.
    pub fn pending(&self) -> Pending<OpChoice> {
        let mut options = heapless::Vec::<OpChoice, MAX_OPTIONS>::new();
        let _ = options.push(OpChoice::Pass);
        for c in self.waiting.iter().take(MAX_OPTIONS - 1) {
            let _ = options.push(OpChoice::Fire(c.unit));
        }
        Pending::Choose {
            player: self.player,
            purpose: "opportunity fire",
            case: "S9.11.3",
            options,
        }
    }

    /// Declares a fire by `units` (one, or several of one hex combining, S9.4): returns the
    /// group to resolve against the trigger hex; each is marked as having fired (Op Fire).
    pub fn declare(
        &mut self,
        units: &[UnitId],
    ) -> Result<heapless::Vec<Member, { super::MAX_GROUP }>, RuleViolation> {
        let mut group = heapless::Vec::new();
        for u in units {
            let Some(c) = self.waiting.iter().find(|c| c.unit == *u) else {
                return refuse(
                    "S9.11.3",
                    "that unit may not opportunity fire at this trigger",
                );
            };
            group
                .push(c.member)
                .map_err(|_| RuleViolation::new("S9.4", "more units than one fire group holds"))?;
        }
        check_group(&group, &self.setup)?;
        for u in units {
            self.waiting.retain(|c| c.unit != *u);
            let _ = self.fired.push(*u);
        }
        Ok(group)
    }

    /// Answers the pending choice: `Ok(None)` on a pass (the window closes), or the group of
    /// the chosen unit.
    pub fn choose(
        &mut self,
        option: u8,
    ) -> Result<Option<heapless::Vec<Member, { super::MAX_GROUP }>>, RuleViolation> {
        let Pending::Choose { options, .. } = self.pending() else {
            return refuse("engine", "no choice pending");
        };
        match options.get(option as usize) {
            Some(OpChoice::Pass) => {
                self.waiting.clear();
                Ok(None)
            }
            Some(OpChoice::Fire(u)) => self.declare(&[*u]).map(Some),
            None => refuse("S9.11.3", "no such option in the offered list"),
        }
    }

    /// After a fire has been resolved: candidates that became ineligible drop out (a target
    /// that fired back and was suppressed, …), given their new state. The window is over when
    /// nobody is waiting.
    pub fn refresh(&mut self, now: impl Fn(UnitId) -> Option<Member>) {
        let setup = self.setup;
        let answer = self.answer;
        self.waiting.retain_mut(|c| match now(c.unit) {
            Some(m) => {
                let m = if answer { not_an_action(m) } else { m };
                c.member = m;
                check_group(&[m], &setup).is_ok()
            }
            None => false,
        });
    }

    pub fn is_over(&self) -> bool {
        self.waiting.is_empty()
    }
}

/// S9.11.5: an answer is no action, so the S5.1.2 fire-type action already taken is not read.
fn not_an_action(m: Member) -> Member {
    Member { fired: false, ..m }
}
