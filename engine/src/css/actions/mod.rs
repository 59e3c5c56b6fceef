//! Actions (series S5.0–S5.2, with the Direct Command cases S4.6.4 and S4.10): who is active
//! under the chit being played, how many actions each unit has taken, and which module carries
//! out each action.
//!
//! * **Who is active** ([`Activation::under`], S3.4, S4.4, S4.5, S4.6.4, S4.10): under a
//!   Division or Formation chit, every unit of a formation the chit activates
//!   (`CommandData::activates`); under a Direct Command chit, the units a DC was spent on
//!   (`TurnState::commanded`) and the units of their formation in their hex that acted with
//!   them. A Direct Command makes a unit active for every rule that asks ([`Activation::is_active`]:
//!   assault, SW hand-over, the Pin removal of step 2D-c), except where a rule names the chits
//!   (*Gates* 2.3: the burning-hex rout follows Division and Formation chits only). A unit of no
//!   formation with a chit ([`Actor::formation`] `None`) acts only through Direct Commands of its
//!   division (S4.10).
//! * **How often** ([`Activation::begin`], S5.1): a first action under a Division or Formation
//!   chit; exactly one under a Direct Command (S5.1.1); a second action free under a Formation
//!   chit and after a passed TQC under a Division chit ([`Activation::second_action_check`],
//!   S5.1.2), never for a Pinned, DG or Suppressed unit or one whose marker forbids it, and never
//!   a second fire-type action. A unit finishes its actions before the next unit starts (S3.4):
//!   once another unit acts, the earlier one is done.
//! * **Stacks** (S5.1.3): the units of one hex, one side, may begin the same action together;
//!   each uses it as its own first or second action.
//! * **The actions** ([`Action`], S5.2): the bookkeeping here says whether the action may be
//!   taken; the rule modules carry it out: Move [`crate::css::move_action::Move`] on a
//!   [`crate::css::movement::Party`]; Change Side [`crate::css::movement::change_side_action`];
//!   Fire [`crate::css::fire::check_group`] with [`Activation::member`] (and an SW through
//!   [`crate::css::weapons::Armoury::fire_member`]); Assault [`crate::css::assault::declare::declare()`]
//!   with [`Activation::assaulter`]; Rally [`rally`] (S11.11); Resupply
//!   [`crate::css::supply::resupply`] (S15.3). Charge, Engineering and Load/Unload belong to
//!   their game's modules (*Gates* `engine::gates`); Hold ends the unit's activation.
//!
//! Rolls are inputs: the second-action TQC is a `Pending::Roll` ([`Activation::second_action_roll`]) the
//! table answers.

#[cfg(test)]
pub(crate) mod tests;

use super::assault::declare::Assaulter;
use super::command::turn::TurnState;
use super::command::SecondAction;
use super::command::{Chit, CommandData, DivisionDef, DivisionId, DivisionTrack, FormationId};
use super::fire::opportunity::Trigger;
use super::fire::Member;
use super::morale::{check, may_rally, tqc_roll, Status, TqSituation, Tqc};
use super::terrain::MoveClass;
use super::weapons::{Armoury, Holder, SwId};
use crate::core::hex::HexId;
use crate::core::protocol::{refuse, Case, Pending, RuleViolation};
use crate::core::side::Side;
use crate::core::units::UnitId;
use serde::{Deserialize, Serialize};

/// Units that may act in one activation (a whole division under its chit).
pub const MAX_ACTORS: usize = 192;
/// Units acting together as one stack (S5.1.3; more than the limit of 3 in unlimited hexes).
pub const MAX_STACK: usize = crate::css::fire::MAX_TARGETS;

/// A unit as the action bookkeeping reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Actor {
    pub unit: UnitId,
    pub side: Side,
    /// Its formation with a chit; `None` for a unit outside the chain of command (S4.10).
    pub formation: Option<FormationId>,
    /// The division whose display lists it: it pays the unit's Direct Commands (S4.6.2, S4.10).
    pub division: DivisionId,
    pub hex: HexId,
    pub status: Status,
    /// It carries a supply chit or game marker that forbids a second action (S5.1.2; *Gates*
    /// 7.0 Fuel Rationing).
    pub no_second_action: bool,
}

/// The actions of table S5.2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    Move,
    ChangeSide,
    Fire,
    Assault,
    Charge,
    Rally,
    Engineering,
    LoadUnload,
    Resupply,
    Hold,
}

impl Action {
    /// S5.1.2: Fire, Assault and Charge are fire-type actions, one per activation.
    pub const fn fire_type(self) -> bool {
        matches!(self, Action::Fire | Action::Assault | Action::Charge)
    }

    /// S5.4: the opportunity-fire trigger the action is (whether it allows opportunity fire is
    /// `Trigger::triggers`; a direct fire is assumed, an indirect fire's trigger depends on
    /// whether the firer is spotted, S9.8.3).
    pub const fn trigger(self) -> Trigger {
        match self {
            Action::Move => Trigger::EnteredHex,
            Action::ChangeSide => Trigger::ChangedSide,
            Action::Fire => Trigger::DirectFire,
            Action::Assault => Trigger::DeclaredAssault,
            Action::Charge => Trigger::DeclaredCharge,
            Action::Rally => Trigger::Rally,
            Action::Engineering => Trigger::Engineering,
            Action::LoadUnload => Trigger::LoadOrUnload,
            Action::Resupply => Trigger::Resupply,
            Action::Hold => Trigger::Hold,
        }
    }

    /// The case that carries the action out (table S5.2).
    pub const fn case(self) -> Case {
        match self {
            Action::Move => "S7.2",
            Action::ChangeSide => "S7.7",
            Action::Fire => "S9.3",
            Action::Assault => "S10.1",
            Action::Charge => "S10.7",
            Action::Rally => "S11.11",
            Action::Engineering => "S19.1",
            Action::LoadUnload => "S20.0",
            Action::Resupply => "S15.3",
            Action::Hold => "S5.2",
        }
    }

    /// Table S5.3-T: may a unit with this status begin the action? (A DG unit's half MA and a
    /// Suppressed unit's move away are the movement module's, S7.2; a Rally without a marker
    /// needs a leader, [`rally`].)
    pub fn allowed_with(self, status: Status) -> Result<(), RuleViolation> {
        match (self, status) {
            (Action::Move, Status::Pinned) => refuse("S5.3", "a Pinned unit may not move"),
            (Action::ChangeSide, Status::Suppressed) => {
                refuse("S5.3", "a Suppressed unit may not change side")
            }
            (Action::Fire, Status::Suppressed) => refuse("S5.3", "a Suppressed unit may not fire"),
            (Action::Assault | Action::Charge, s) if s != Status::None => refuse(
                "S5.3",
                "a Pinned, DG or Suppressed unit may not assault or charge",
            ),
            _ => Ok(()),
        }
    }
}

/// How a unit is active (S5.1.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Under {
    /// Under a Division or Formation chit, with that chit's second action (S5.1.2).
    Chit(SecondAction),
    /// Under a Direct Command: exactly one action (S5.1.1, S4.6.2).
    DirectCommand,
}

/// One unit's actions in this activation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    pub unit: UnitId,
    /// Actions begun (first, second).
    pub actions: u8,
    /// It made a fire-type action (S5.1.2).
    pub fired: bool,
    /// It may take no more actions in this activation.
    pub done: bool,
    /// Its second-action TQC under a Division chit (S5.1.2).
    pub tqc: Option<Tqc>,
    /// It acted on a Direct Command (the commanded unit or a stack-mate of its formation).
    pub commanded: bool,
}

/// What [`Activation::begin`] allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Begun {
    pub action: Action,
    /// The action's opportunity-fire trigger (S5.4).
    pub trigger: Trigger,
    /// The rule module's case that carries it out.
    pub case: Case,
    /// Some unit of the stack takes it as its second action.
    pub second: bool,
}

/// The action bookkeeping of the chit being played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Activation {
    pub chit: Chit,
    pub records: heapless::Vec<Record, MAX_ACTORS>,
    /// The unit or stack acting now (S3.4).
    pub current: heapless::Vec<UnitId, MAX_STACK>,
}

const fn is_direct_command(c: Chit) -> bool {
    matches!(c, Chit::DirectCommand(_) | Chit::DivisionDirectCommand(_))
}

impl Activation {
    /// The bookkeeping of the chit the turn is playing now (its roll made, S3.4).
    pub fn start(turn: &TurnState) -> Result<Activation, RuleViolation> {
        let Some(chit) = turn.active_chit() else {
            return refuse("S3.4", "no chit is being played");
        };
        Ok(Activation {
            chit,
            records: heapless::Vec::new(),
            current: heapless::Vec::new(),
        })
    }

    pub fn record(&self, u: UnitId) -> Option<&Record> {
        self.records.iter().find(|r| r.unit == u)
    }

    fn record_mut(&mut self, u: UnitId) -> Result<&mut Record, RuleViolation> {
        if let Some(i) = self.records.iter().position(|r| r.unit == u) {
            return Ok(&mut self.records[i]);
        }
        self.records
            .push(Record {
                unit: u,
                actions: 0,
                fired: false,
                done: false,
                tqc: None,
                commanded: false,
            })
            .map_err(|_| RuleViolation::new("engine", "too many units acting"))?;
        let last = self.records.len() - 1;
        Ok(&mut self.records[last])
    }

    /// Actions `u` has begun in this activation.
    pub fn actions(&self, u: UnitId) -> u8 {
        self.record(u).map_or(0, |r| r.actions)
    }

    /// How `a` is active under the chit (S3.4, S4.4, S4.5, S4.6.2, S4.10), if it is.
    pub fn under(&self, data: &CommandData, turn: &TurnState, a: &Actor) -> Option<Under> {
        if turn.active_chit() != Some(self.chit) {
            return None;
        }
        if is_direct_command(self.chit) {
            let acted = self.record(a.unit).is_some_and(|r| r.commanded);
            return (acted || turn.commanded(a.unit)).then_some(Under::DirectCommand);
        }
        // S4.10: a unit outside the chain of command is never activated by a chit.
        let f = a.formation?;
        data.activates(self.chit, f)
            .then_some(Under::Chit(self.chit.second_action()))
    }

    /// S4.6.4: is `a` active for the rules that ask (a Direct Command counts)?
    pub fn is_active(&self, data: &CommandData, turn: &TurnState, a: &Actor) -> bool {
        self.under(data, turn, a).is_some()
    }

    /// Has `u` begun an action in this activation? (For the Pin removal of step 2D-c ask
    /// [`Activation::is_active`] before the chit ends: every unit the chit activated counts,
    /// S3.3.4 c, S11.4.)
    pub fn acted(&self, u: UnitId) -> bool {
        self.actions(u) > 0
    }

    /// S4.6.2, S4.10: before a DC is spent on `lead`: it is paid by the division whose
    /// display lists the unit, and a unit that already acted under this chit is not commanded
    /// again.
    pub fn may_command(&self, division: DivisionId, lead: &Actor) -> Result<(), RuleViolation> {
        if !is_direct_command(self.chit) {
            return refuse(
                "S4.6.2",
                "Direct Commands are spent under a Direct Command chit",
            );
        }
        if lead.division != division {
            return refuse(
                "S4.6.2",
                "the DC is paid by the division of the commanded unit (S4.10: the one whose display lists it)",
            );
        }
        if self.acted(lead.unit) {
            return refuse(
                "S4.6.2",
                "a unit is commanded at most once per Direct Command chit",
            );
        }
        Ok(())
    }

    /// S5.1, S5.1.3, S5.3, S3.4: `stack` (one unit, or units of one hex acting together)
    /// begins `action`. Each unit uses it as its first or second action; on a refusal nothing
    /// changes.
    pub fn begin(
        &mut self,
        data: &CommandData,
        turn: &TurnState,
        stack: &[Actor],
        action: Action,
    ) -> Result<Begun, RuleViolation> {
        let second = self.may_begin(data, turn, stack, action)?;
        let dc = is_direct_command(self.chit);
        // S3.4: a unit finishes its actions before the next starts.
        for u in self.current.clone() {
            if !stack.iter().any(|a| a.unit == u) {
                self.record_mut(u)?.done = true;
            }
        }
        self.current.clear();
        for a in stack {
            let r = self.record_mut(a.unit)?;
            r.actions += 1;
            r.fired |= action.fire_type();
            r.commanded |= dc;
            // S5.1.1: one action under a DC; S5.2: Hold ends the activation; two at most.
            r.done |= dc || action == Action::Hold || r.actions >= 2;
            // MAX_STACK bounds the stack: it fits.
            let _ = self.current.push(a.unit);
        }
        Ok(Begun {
            action,
            trigger: action.trigger(),
            case: action.case(),
            second,
        })
    }

    /// Would [`Activation::begin`] accept `stack` beginning `action` now (S5.1, S5.1.3, S5.3)?
    /// Read-only: `begin` is this check, then the bookkeeping. Returns whether some unit of
    /// the stack takes it as its second action.
    pub fn may_begin(
        &self,
        data: &CommandData,
        turn: &TurnState,
        stack: &[Actor],
        action: Action,
    ) -> Result<bool, RuleViolation> {
        let Some(first) = stack.first() else {
            return refuse("S5.1.3", "an action names at least one unit");
        };
        if stack.len() > MAX_STACK {
            return refuse("S5.1.3", "more units than one stack acting together");
        }
        for (i, a) in stack.iter().enumerate() {
            // S10.1: units of several hexes may join one assault.
            let apart = a.hex != first.hex && action != Action::Assault;
            if apart || a.side != first.side {
                return refuse("S5.1.3", "units act together only as a stack in one hex");
            }
            if stack[..i].iter().any(|b| b.unit == a.unit) {
                return refuse("S5.1.3", "each unit of the stack is named once");
            }
        }
        let dc = is_direct_command(self.chit);
        if dc {
            self.check_commanded_stack(turn, stack)?;
        }
        let mut second = false;
        for a in stack {
            let under = if dc {
                Under::DirectCommand
            } else {
                self.under(data, turn, a).ok_or(match a.formation {
                    None => RuleViolation::new(
                        "S4.10",
                        "a unit outside the chain of command acts only through Direct Commands",
                    ),
                    Some(_) => RuleViolation::new("S5.1", "the unit is not active under this chit"),
                })?
            };
            second |= self.may_take(a, under, action)?;
        }
        // Room for the records `begin` adds: the stack's and the current units' it lacks.
        let others = self
            .current
            .iter()
            .filter(|u| !stack.iter().any(|a| a.unit == **u));
        let new = (stack.iter().map(|a| &a.unit).chain(others))
            .filter(|u| self.record(**u).is_none())
            .count();
        if self.records.len() + new > MAX_ACTORS {
            return refuse("engine", "too many units acting");
        }
        Ok(second)
    }

    /// S4.6.2, S5.1.1: under a Direct Command the stack holds a commanded unit and units of
    /// its formation, none of which has acted under this chit.
    fn check_commanded_stack(
        &self,
        turn: &TurnState,
        stack: &[Actor],
    ) -> Result<(), RuleViolation> {
        for a in stack {
            if self.acted(a.unit) {
                return refuse(
                    "S5.1.1",
                    "a unit active under a Direct Command takes exactly one action",
                );
            }
        }
        let Some(lead) = stack.iter().find(|a| turn.commanded(a.unit)) else {
            let outside = stack.iter().any(|a| a.formation.is_none());
            return if outside {
                refuse(
                    "S4.10",
                    "a unit outside the chain of command acts only through Direct Commands",
                )
            } else {
                refuse("S4.6.2", "no Direct Command was spent on these units")
            };
        };
        for a in stack {
            let same = lead.formation.is_some() && a.formation == lead.formation;
            if a.unit != lead.unit && !same {
                return refuse(
                    "S4.6.2",
                    "one Direct Command moves one hex's units of one formation",
                );
            }
        }
        Ok(())
    }

    /// S5.1.2, table S5.3-T: may `a` take `action` now? Returns whether it is a second action.
    fn may_take(&self, a: &Actor, under: Under, action: Action) -> Result<bool, RuleViolation> {
        action.allowed_with(a.status)?;
        let r = self.record(a.unit).copied();
        let actions = r.map_or(0, |r| r.actions);
        if r.is_some_and(|r| r.done) {
            return refuse(
                "S5.1",
                "the unit has finished its actions in this activation",
            );
        }
        if actions == 0 {
            return Ok(false);
        }
        let r = r.unwrap_or_else(|| unreachable!());
        if action.fire_type() && r.fired {
            return refuse("S5.1.2", "one fire-type action per activation");
        }
        may_second(a)?;
        match under {
            Under::Chit(SecondAction::Free) => {}
            Under::Chit(SecondAction::AfterTqc) if r.tqc == Some(Tqc::Pass) => {}
            Under::Chit(SecondAction::AfterTqc) => {
                return refuse(
                    "S5.1.2",
                    "under a Division chit a second action needs a passed TQC first",
                )
            }
            Under::Chit(SecondAction::Never) | Under::DirectCommand => {
                return refuse(
                    "S5.1.1",
                    "a unit active under a Direct Command takes exactly one action",
                )
            }
        }
        Ok(true)
    }

    /// S5.1.2: the second-action TQC of `a` under a Division chit, after its first action;
    /// `s` is its situation (from [`division_situation`] and `css::morale::effective_tq`), `raw` the die. A failure ends the
    /// unit's activation with no other effect.
    pub fn second_action_check(
        &mut self,
        data: &CommandData,
        turn: &TurnState,
        a: &Actor,
        effective: i8,
        raw: u8,
    ) -> Result<Tqc, RuleViolation> {
        self.may_check(data, turn, a)?;
        let result = check(effective, raw, 0);
        let r = self.record_mut(a.unit)?;
        r.tqc = Some(result);
        r.done |= !result.passed();
        Ok(result)
    }

    fn may_check(
        &self,
        data: &CommandData,
        turn: &TurnState,
        a: &Actor,
    ) -> Result<(), RuleViolation> {
        if self.under(data, turn, a) != Some(Under::Chit(SecondAction::AfterTqc)) {
            return refuse(
                "S5.1.2",
                "a second-action TQC is taken under a Division chit only",
            );
        }
        let Some(r) = self.record(a.unit).filter(|r| r.actions == 1) else {
            return refuse("S5.1.2", "the TQC comes after the unit's first action");
        };
        if r.done || r.tqc.is_some() || !self.current.contains(&a.unit) {
            return refuse(
                "S5.1",
                "the unit has finished its actions in this activation",
            );
        }
        may_second(a)
    }

    /// The roll of the second-action TQC (S5.1.2, S11.2), once the check may be taken.
    pub fn second_action_roll<O>(
        &self,
        data: &CommandData,
        turn: &TurnState,
        a: &Actor,
    ) -> Result<Pending<O>, RuleViolation> {
        self.may_check(data, turn, a)?;
        Ok(tqc_roll(a.side, "TQC for a second action", "S5.1.2"))
    }

    /// S5.1.2 via S9.3.1: `m` as a member of a fire group of `u`: a unit that has made a
    /// fire-type action this activation may not fire again (`check_group` refuses it).
    pub fn member(&self, u: UnitId, m: Member) -> Member {
        Member {
            fired: m.fired || self.record(u).is_some_and(|r| r.fired),
            ..m
        }
    }

    /// S10.1, S4.6.4: `a` as `css::assault::declare` reads it: active under this chit (a
    /// Direct Command counts) and whether it has made a fire-type action.
    pub fn assaulter(
        &self,
        data: &CommandData,
        turn: &TurnState,
        a: &Actor,
        class: MoveClass,
        deployed: bool,
    ) -> Assaulter {
        Assaulter {
            unit: a.unit,
            class,
            active: self.is_active(data, turn, a),
            deployed,
            status: a.status,
            fired: self.record(a.unit).is_some_and(|r| r.fired),
        }
    }

    /// S13.2, S4.6.4: `giver` hands SW `id` to `taker` in its hex while either is active.
    pub fn hand_over(
        &self,
        data: &CommandData,
        turn: &TurnState,
        armoury: &mut Armoury,
        id: SwId,
        giver: &Actor,
        taker: &Actor,
    ) -> Result<(), RuleViolation> {
        let either = self.is_active(data, turn, giver) || self.is_active(data, turn, taker);
        let to = Holder {
            unit: taker.unit,
            division: taker.division,
            hex: taker.hex,
        };
        armoury.hand_over(id, giver.hex, to, either)
    }
}

/// S5.1.2, table S5.3-T: what forbids any second action.
fn may_second(a: &Actor) -> Result<(), RuleViolation> {
    if !a.status.may_take_second_action() {
        return refuse(
            "S5.1.2",
            "a Pinned, DG or Suppressed unit takes no second action",
        );
    }
    if a.no_second_action {
        return refuse("S5.1.2", "its marker forbids a second action");
    }
    Ok(())
}

/// S11.1.1: a unit's TQ situation for a check, with its division's shortfall (none for a
/// division immune to fatigue, B29).
pub fn division_situation(printed: u8, def: &DivisionDef, track: &DivisionTrack) -> TqSituation {
    let mut s = TqSituation::printed(printed);
    if !def.fatigue_immune {
        s.division_shortfall = def.max_tq.saturating_sub(track.tq);
    }
    s
}

/// The Rally action (S5.2, S11.11): a unit with a status marker, or any unit with an active
/// leader in its hex, checks TQ (`effective` with the Rally lines of table S11.3-T); returns
/// its status after the check.
pub fn rally(
    status: Status,
    active_leader: bool,
    effective: i8,
    raw: u8,
) -> Result<Status, RuleViolation> {
    if !may_rally(status, active_leader) {
        return refuse(
            "S11.11",
            "only a marked unit, or one with an active leader in its hex, rallies",
        );
    }
    Ok(super::morale::rally(
        status,
        check(effective, raw, 0),
        active_leader,
    ))
}
