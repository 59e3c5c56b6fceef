//! Troop quality, status markers and what becomes of a unit that is hit (S11, with the
//! escalation and step-loss rules of S9.7 that decide it).
//!
//! * **Status** (S11.4–S11.6): a unit carries at most one of Pin, DG, Suppressed
//!   ([`Status`]); a new status result escalates by table S9.7.1 ([`escalate`]): DG on DG
//!   suppresses, a suppression on a Suppressed unit **captures** (S11.7, exclusive 3.4.1).
//! * **Hits** (S9.7.2, S11.12): [`Condition::take_hit`] takes the steps, eliminates a unit
//!   with none left, and applies the status part to a survivor.
//! * **Troop-quality checks** (S11.1–S11.3): [`effective_tq`] lists every term with its case
//!   (the division's shortfall, leader, hero, status, lost steps, the Rally lines, the rule's
//!   own modifier), capped at 8 (exclusive 9.2); [`check`] reads a d10: pass on a roll equal to
//!   or below the effective TQ, an **unmodified 9 always fails** (exclusive 3.11, B13), a TQ
//!   below 0 always fails. The roll itself is a `Pending::Roll` ([`tqc_roll`]): the engine
//!   never rolls.
//! * **Rally** (S11.11) and **return from the Routed box** (S11.10).
//! * **Rout** (S11.8): the rout path and capture without one ([`rout`]).
//!
//! The stand-in TQ modifiers of table S11.3-T are a [`TqModifiers`] the data crate fills;
//! `css::standin::tq_modifiers` is the marked stand-in set.

pub mod rout;
#[cfg(test)]
mod tests;

use crate::core::protocol::{Case, DiceSpec, Pending};
use crate::core::side::Side;
use serde::{Deserialize, Serialize};

/// The one status marker a unit may carry, least to most severe (S9.7.1).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub enum Status {
    #[default]
    None,
    /// Gone to ground: no Move, Assault or Charge; fires at −1 (S11.4).
    Pinned,
    /// Disrupted: half MA, fire −2, no assault, charge, opportunity fire or second action,
    /// TQ −1 (S11.5).
    Dg,
    /// Only Rally, Hold or move away; no fire; TQ −2 (S11.6).
    Suppressed,
}

impl Status {
    /// May the unit take a Fire action or fire in a combined group (S9.3.1, table S5.3-T)?
    pub const fn may_fire(self) -> bool {
        !matches!(self, Status::Suppressed)
    }
    /// May the unit opportunity fire (S9.11.1, S11.5, S11.6)? A Pinned unit may, at −1.
    pub const fn may_opportunity_fire(self) -> bool {
        matches!(self, Status::None | Status::Pinned)
    }
    /// May the unit Assault or Charge (table S5.3-T)?
    pub const fn may_assault(self) -> bool {
        matches!(self, Status::None)
    }
    /// May the unit take a second action (S5.1.2)?
    pub const fn may_take_second_action(self) -> bool {
        matches!(self, Status::None)
    }
}

/// The status part of a fire (or other) result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StatusHit {
    Pin,
    Dg,
    Suppress,
}

/// What a status result does to a unit (table S9.7.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Escalation {
    Becomes(Status),
    /// A second suppression: the unit is captured (S11.7, exclusive 3.4.1).
    Captured,
}

/// Table S9.7.1: a Pin never makes anything worse than Pinned; a DG on a DG unit suppresses;
/// a suppression on a Suppressed unit captures it.
pub const fn escalate(current: Status, hit: StatusHit) -> Escalation {
    use Escalation::*;
    match (hit, current) {
        (StatusHit::Pin, Status::None) => Becomes(Status::Pinned),
        (StatusHit::Pin, s) => Becomes(s),
        (StatusHit::Dg, Status::None | Status::Pinned) => Becomes(Status::Dg),
        (StatusHit::Dg, Status::Dg | Status::Suppressed) => Becomes(Status::Suppressed),
        (StatusHit::Suppress, Status::Suppressed) => Captured,
        (StatusHit::Suppress, _) => Becomes(Status::Suppressed),
    }
}

/// What became of a unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Fate {
    /// Still in play (perhaps with a new status or fewer steps).
    Stays,
    /// Lost its last step (S2.3, S11.12).
    Eliminated,
    /// Captured by a second suppression (S11.7) or for want of a rout path (S11.8.4).
    Captured,
}

/// The outcome of one hit on one unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HitOutcome {
    pub fate: Fate,
    /// Steps actually lost by this hit.
    pub steps_lost: u8,
    /// A step was lost: leaders in the hex check for casualty (S9.7.2, S12.5).
    pub leader_check: bool,
}

/// A unit's steps and status: the part of its state that fire, assault and morale change.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Condition {
    pub status: Status,
    /// Printed steps (1 when none is printed, S2.3).
    pub steps: u8,
    /// Steps lost so far (the Step Loss marker).
    pub lost: u8,
}

impl Condition {
    pub const fn fresh(steps: u8) -> Self {
        Condition {
            status: Status::None,
            steps: if steps == 0 { 1 } else { steps },
            lost: 0,
        }
    }

    pub const fn remaining(&self) -> u8 {
        self.steps.saturating_sub(self.lost)
    }

    /// Table S9.7.1 applied to this unit (a capture leaves the status as it was).
    pub fn hit_status(&mut self, hit: StatusHit) -> Fate {
        match escalate(self.status, hit) {
            Escalation::Becomes(s) => {
                self.status = s;
                Fate::Stays
            }
            Escalation::Captured => Fate::Captured,
        }
    }

    /// S9.7.2: lose `steps` (eliminated with none left, S11.12), then a survivor takes the
    /// status part by S9.7.1 (a second suppression captures it, S11.7).
    pub fn take_hit(&mut self, steps: u8, status: Option<StatusHit>) -> HitOutcome {
        let steps_lost = steps.min(self.remaining());
        self.lost += steps_lost;
        let leader_check = steps_lost > 0;
        if self.remaining() == 0 {
            return HitOutcome {
                fate: Fate::Eliminated,
                steps_lost,
                leader_check,
            };
        }
        let fate = status.map_or(Fate::Stays, |h| self.hit_status(h));
        HitOutcome {
            fate,
            steps_lost,
            leader_check,
        }
    }

    /// Step 2D-c (S11.4): a unit that was active loses its Pin marker.
    pub fn end_of_activation(&mut self, was_active: bool) {
        if was_active && self.status == Status::Pinned {
            self.status = Status::None;
        }
    }
}

/// The stand-in TQ modifiers of table S11.3-T (the division term, the leader's bonus and the
/// rule's own modifier are not table values: they come with the check).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TqModifiers {
    pub hero: i8,
    pub pinned: i8,
    pub dg: i8,
    pub suppressed: i8,
    /// The unit has lost any step (S2.3).
    pub step_lost: i8,
    /// Rally only: the unit is adjacent to an enemy unit.
    pub rally_adjacent_enemy: i8,
    /// Rally only: the unit is in a City hex or a fortification.
    pub rally_city_or_fortification: i8,
    /// The highest effective TQ (exclusive 9.2: 8).
    pub cap: i8,
}

/// What kind of check is made, for the lines of table S11.3-T that depend on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CheckKind {
    Ordinary,
    Rally {
        adjacent_enemy: bool,
        city_or_fortification: bool,
    },
    /// Return from the Routed box: only the division term applies (S11.10).
    ReturnFromRouted,
}

/// Everything an effective TQ depends on (S11.1.1, table S11.3-T).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TqSituation {
    pub printed: u8,
    /// The division's maximum TQ minus its current TQ (S17.3); 0 for formations immune to
    /// fatigue (B29).
    pub division_shortfall: u8,
    /// The best TQ bonus of a leader in the hex (0 if none).
    pub leader_bonus: u8,
    pub hero: bool,
    pub status: Status,
    pub lost_any: bool,
    pub kind: CheckKind,
    /// The calling rule's own "TQC ±n" (engineering 3.10, sabotage 3.11, …), added to the TQ.
    pub rule_modifier: i8,
}

impl TqSituation {
    /// A unit with nothing but its printed TQ.
    pub const fn printed(tq: u8) -> Self {
        TqSituation {
            printed: tq,
            division_shortfall: 0,
            leader_bonus: 0,
            hero: false,
            status: Status::None,
            lost_any: false,
            kind: CheckKind::Ordinary,
            rule_modifier: 0,
        }
    }
}

/// One line of an effective-TQ computation, for the dice dialog.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TqTerm {
    pub case: Case,
    pub what: &'static str,
    pub value: i8,
}

pub const MAX_TQ_TERMS: usize = 12;

/// An effective TQ with the terms that made it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EffectiveTq {
    pub value: i8,
    pub terms: heapless::Vec<TqTerm, MAX_TQ_TERMS>,
    /// The cap of exclusive 9.2 cut the value.
    pub capped: bool,
}

/// S11.1.1 and table S11.3-T: printed TQ, minus the division's shortfall, plus every modifier
/// that applies, capped (exclusive 9.2; B13: after all modifiers).
pub fn effective_tq(s: &TqSituation, m: &TqModifiers) -> EffectiveTq {
    let mut terms: heapless::Vec<TqTerm, MAX_TQ_TERMS> = heapless::Vec::new();
    let mut add = |case: Case, what: &'static str, value: i8| {
        if value != 0 {
            // MAX_TQ_TERMS exceeds the number of lines below.
            let _ = terms.push(TqTerm { case, what, value });
        }
    };
    add("S11.1", "printed TQ", s.printed as i8);
    add(
        "S11.1.1",
        "division below its maximum TQ",
        -(s.division_shortfall as i8),
    );
    let only_division = matches!(s.kind, CheckKind::ReturnFromRouted);
    if !only_division {
        add("S11.3", "leader in the hex", s.leader_bonus as i8);
        if s.hero {
            add("S12.6", "hero in the hex", m.hero);
        }
        match s.status {
            Status::None => {}
            Status::Pinned => add("S11.4", "Pinned", m.pinned),
            Status::Dg => add("S11.5", "DG", m.dg),
            Status::Suppressed => add("S11.6", "Suppressed", m.suppressed),
        }
        if s.lost_any {
            add("S2.3", "step lost", m.step_lost);
        }
        if let CheckKind::Rally {
            adjacent_enemy,
            city_or_fortification,
        } = s.kind
        {
            if adjacent_enemy {
                add(
                    "S11.11",
                    "adjacent to an enemy unit",
                    m.rally_adjacent_enemy,
                );
            }
            if city_or_fortification {
                add(
                    "S11.11",
                    "in a City hex or fortification",
                    m.rally_city_or_fortification,
                );
            }
        }
        add("S11.2", "the rule's own modifier", s.rule_modifier);
    }
    let raw: i16 = terms.iter().map(|t| t.value as i16).sum();
    let capped = raw > m.cap as i16;
    EffectiveTq {
        value: raw.clamp(-9, m.cap as i16) as i8,
        terms,
        capped,
    }
}

/// The result of a troop-quality check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Tqc {
    Pass,
    Fail,
}

impl Tqc {
    pub const fn passed(self) -> bool {
        matches!(self, Tqc::Pass)
    }
}

/// S11.2: pass on a roll equal to or less than the effective TQ. `die_modifier` is a rule's
/// modifier to "the roll" (exclusive 3.11.2, B24), added to the die. An unmodified 9 always
/// fails (exclusive 3.11); an effective TQ below 0 always fails.
pub const fn check(effective: i8, raw: u8, die_modifier: i8) -> Tqc {
    if raw >= 9 || effective < 0 {
        return Tqc::Fail;
    }
    if raw as i16 + die_modifier as i16 <= effective as i16 {
        Tqc::Pass
    } else {
        Tqc::Fail
    }
}

/// S11.2.1: a Division TQC uses the division's current TQ with no unit modifiers (exclusive
/// 9.2); the unmodified 9 still fails (S11.2).
pub const fn division_check(current_tq: u8, raw: u8) -> Tqc {
    check(current_tq as i8, raw, 0)
}

/// The roll a TQC asks for: one d10 read 0–9 (S1.3), low is good (S1.3.1).
pub fn tqc_roll<O>(player: Side, purpose: &'static str, case: Case) -> Pending<O> {
    Pending::Roll {
        player,
        dice: DiceSpec::D10,
        purpose,
        case,
        secret: false,
    }
}

/// S11.11: a Rally action's effect on the unit's status. A pass turns Suppressed into DG and
/// removes DG or Pin; with an active leader in the hex a pass removes every status marker. A
/// failure changes nothing.
pub const fn rally(status: Status, result: Tqc, active_leader: bool) -> Status {
    match (result, status) {
        (Tqc::Fail, s) => s,
        (Tqc::Pass, _) if active_leader => Status::None,
        (Tqc::Pass, Status::Suppressed) => Status::Dg,
        (Tqc::Pass, _) => Status::None,
    }
}

/// May a unit take a Rally action (S11.11)? Any active unit that carries a status marker, or
/// any unit in a hex with an active leader.
pub const fn may_rally(status: Status, active_leader_in_hex: bool) -> bool {
    active_leader_in_hex || !matches!(status, Status::None)
}

/// What the Reinforcement Phase check of a routed unit decides (S11.10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Return {
    /// Placed next to an HQ of its formation (or its Division HQ), Deployed, with a DG (an HQ
    /// returns without one).
    Placed,
    /// Failed: stays in the Routed box.
    Stays,
    /// Failed on an unmodified 9 and lost a step; still in the Routed box.
    StaysLosingAStep,
    /// Failed on an unmodified 9 with its last step: eliminated.
    Eliminated,
    /// No HQ of its division is on the map: no check, it stays.
    NoHq,
}

/// S11.10: a routed unit's return check. `effective` carries only the division term
/// ([`CheckKind::ReturnFromRouted`]). On a pass the unit's status becomes DG (not for an HQ);
/// on an unmodified 9 it loses a step.
pub fn return_from_routed(
    unit: &mut Condition,
    is_hq: bool,
    division_hq_on_map: bool,
    effective: i8,
    raw: u8,
) -> Return {
    if !division_hq_on_map {
        return Return::NoHq;
    }
    match check(effective, raw, 0) {
        Tqc::Pass => {
            unit.status = if is_hq { Status::None } else { Status::Dg };
            Return::Placed
        }
        Tqc::Fail if raw == 9 => {
            if unit.take_hit(1, None).fate == Fate::Eliminated {
                Return::Eliminated
            } else {
                Return::StaysLosingAStep
            }
        }
        Tqc::Fail => Return::Stays,
    }
}

/// Where a unit that lost its last step goes (S11.12, S11.12.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Elimination {
    /// Removed from play with its SWs (S11.12).
    Removed,
    /// An HQ goes to its division's Routed box and may return (S11.10); it counts as
    /// eliminated for victory points when it is put there (exclusive 10.1, B18).
    RoutedBox,
}

/// S11.12, S11.12.1: an eliminated HQ is not removed.
pub const fn elimination(is_hq: bool) -> Elimination {
    if is_hq {
        Elimination::RoutedBox
    } else {
        Elimination::Removed
    }
}

/// S11.8.3: a routing unit that traced a rout path goes to the Routed box with its step
/// losses; its status marker is removed.
pub fn rout_to_box(unit: &mut Condition) {
    unit.status = Status::None;
}
