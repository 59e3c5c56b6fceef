//! After the die: applying a combat result [7.6] — eliminations, exchanges, retreats [7.7],
//! "They Shall Not Pass" [7.76], displacement [7.8], advance after combat [7.9] and the
//! collateral damage check [10.x] that closes each combat.
//!
//! The combat module ([`super::combat`]) runs each attack up to its die roll and hands the
//! outcome over with [`Game::aftermath_begin`]; while [`Game::aftermath_pending`] is `Some`,
//! the combat phase waits for the choices and rolls asked here.
//!
//! # How it runs
//! The aftermath is a small state machine kept in [`Aftermath`] (plain data, so snapshots and
//! replays work). Its stages follow the order the rules give: retreats (defender first after
//! Br) → exchange losses (Ex, Ax) → advances [7.96] → the collateral check [10.11]. The
//! question it asks next is always *derived* from that state ([`Game::aftermath_pending`]),
//! never stored, so an interrupt raised by a unit entering a hex (bridge demolition [12.0],
//! answered by the table before anything else) can change the board and the options simply
//! follow. A choice with a single legal option is applied at once with an event citing its
//! case; advances are never forced, so they are always asked.
//!
//! Submodules: `retreat` (retreats, TSNP, displacement; the path search itself is
//! [`crate::core::retreat`]), `advance`, `collateral`.

mod advance;
mod collateral;
mod retreat;
#[cfg(test)]
mod tests;

use super::command::{Choice, MAX_ATTACKERS, MAX_DEFENDERS};
use super::data::CombatResult;
use super::event::Event;
use super::game::{Game, Input85, Pending85};
use crate::core::hex::HexId;
use crate::core::protocol::{
    emit, refuse, Case, DiceSpec, Events, Input, Pending, RuleViolation, MAX_OPTIONS,
};
use crate::core::side::Side;
use crate::core::units::UnitId;
use crate::event;
use serde::{Deserialize, Serialize};

/// The longest retreat a result asks for (D4).
pub const MAX_RETREAT_HEXES: usize = 4;
/// Retreat paths (and vacated hexes) one combat can leave: one per eliminated attacker after
/// Ae, one per defender otherwise.
pub const MAX_PATHS: usize = MAX_ATTACKERS;
/// Hexes fired into by one combat (each defender hex, or the empty hex barraged [8.16]).
pub const MAX_FIRE_HEXES: usize = MAX_DEFENDERS + 2;
/// Units being displaced at once (a displacement chain [7.82]).
pub const MAX_DISPLACING: usize = crate::core::retreat::MAX_CHAIN;
/// Automatic steps one input may trigger before the aftermath must ask again.
const MAX_AUTO_STEPS: usize = 512;

/// What the combat module hands over once the die has decided an attack.
#[derive(Clone, Debug)]
pub struct AttackOutcome<'a> {
    /// Index of the attack in the Combat Phase.
    pub attack: u8,
    pub result: CombatResult,
    /// Attacking units adjacent to the defenders (they suffer results [8.33] and may advance).
    pub adjacent_attackers: &'a [UnitId],
    /// Barraging (non-adjacent) artillery: never affected by results [8.14], [7.6] Ex.
    pub barrage_attackers: &'a [UnitId],
    pub defenders: &'a [UnitId],
    /// Fire strength of both sides into each defender hex, for collateral damage [10.0]
    /// (barrage + FPF + ground support; POL tripling [10.71] already applied).
    pub fire_into: &'a [(HexId, u16)],
}

/// Where the aftermath of the current combat is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// No combat result is being applied.
    #[default]
    Idle,
    /// Units retreat one by one [7.7] (with displacement [7.8] and TSNP [7.76]).
    Retreat,
    /// The attacker removes units for an exchange [7.6] Ex, Ax.
    Loss,
    /// The victor may advance [7.9].
    Advance,
    /// The collateral damage check [10.1].
    Collateral,
}

/// The unit retreating now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Retreating {
    pub unit: UnitId,
    /// Its combat position.
    pub start: HexId,
    /// Hexes the result asks for.
    pub total: u8,
    /// Hexes entered so far.
    pub path: heapless::Vec<HexId, MAX_RETREAT_HEXES>,
    /// Declared "They Shall Not Pass": the die is awaited [7.76].
    pub standing: bool,
    /// The hex it enters once the friendly unit there has been displaced [7.81].
    pub entering: Option<HexId>,
}

impl Retreating {
    pub fn at(&self) -> HexId {
        self.path.last().copied().unwrap_or(self.start)
    }
    pub fn done(&self) -> u8 {
        self.path.len() as u8
    }
}

/// A friendly unit being pushed out of the way of a retreat [7.81].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Displacing {
    pub unit: UnitId,
    pub from: HexId,
    /// Chosen hex, itself occupied: its occupant is displaced first (a chain [7.82]).
    pub to: Option<HexId>,
}

/// How a vacated hex may be advanced into.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PathKind {
    /// Along the path of retreat, stopping anywhere [7.91], [7.92].
    Retreated,
    /// Into the hex of a unit eliminated in combat, and stop [7.99].
    Eliminated,
    /// The hex of a unit destroyed by a failed "They Shall Not Pass", then one adjacent hex
    /// [7.98].
    FailedStand,
}

/// The hexes a defeated unit left behind, in advance order (its combat position first).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RetreatPath {
    pub unit: UnitId,
    pub hexes: heapless::Vec<HexId, { MAX_RETREAT_HEXES + 1 }>,
    pub kind: PathKind,
}

/// The unit advancing now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Advancing {
    pub unit: UnitId,
    /// The path it follows, once it has entered its first hex.
    pub path: Option<u8>,
    pub steps: u8,
}

/// The combat result being applied (state of [`Game::aftermath_begin`] …).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Aftermath {
    pub active: bool,
    pub attack: u8,
    pub result: Option<CombatResult>,
    pub stage: Stage,
    pub attackers: heapless::Vec<UnitId, MAX_ATTACKERS>,
    pub defenders: heapless::Vec<UnitId, MAX_DEFENDERS>,
    pub fire_into: heapless::Vec<(HexId, u16), MAX_FIRE_HEXES>,
    /// Units still to retreat in this wave, and how far.
    pub queue: heapless::Vec<UnitId, MAX_ATTACKERS>,
    pub hexes: u8,
    /// After Br the attackers retreat one hex once the defenders are done [7.6].
    pub attackers_retreat_next: bool,
    pub retreating: Option<Retreating>,
    pub displacing: heapless::Vec<Displacing, MAX_DISPLACING>,
    /// Attack strength still to be lost in an exchange [7.6] Ex, Ax.
    pub loss_left: u16,
    /// The side that may advance, if any.
    pub victor: Option<Side>,
    pub paths: heapless::Vec<RetreatPath, MAX_PATHS>,
    /// Used "They Shall Not Pass": may not advance [7.94].
    pub stood: heapless::Vec<UnitId, MAX_ATTACKERS>,
    pub advancing: Option<Advancing>,
    pub advanced: heapless::Vec<UnitId, MAX_ATTACKERS>,
    /// The victor declined further advances.
    pub advance_closed: bool,
    /// Units that retreated out of a POL hex: destroyed if it burns in this combat [10.71].
    pub left_pol: heapless::Vec<(UnitId, HexId), MAX_DEFENDERS>,
    pub collateral_done: bool,
}

/// What the aftermath asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ask {
    /// Which unit retreats next [7.76].
    Order,
    Retreat,
    Displace,
    Loss,
    Advancer,
    AdvanceStep,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RollFor {
    Stand,
    Collateral,
}

// A short-lived value (computed, answered, dropped); the engine has no heap to box the options in.
#[allow(clippy::large_enum_variant)]
pub(crate) enum Question {
    Choose {
        ask: Ask,
        player: Side,
        purpose: &'static str,
        case: Case,
        options: heapless::Vec<Choice, MAX_OPTIONS>,
    },
    Roll {
        roll: RollFor,
        player: Side,
        purpose: &'static str,
        case: Case,
    },
}

pub(crate) fn push_option(
    options: &mut heapless::Vec<Choice, MAX_OPTIONS>,
    c: Choice,
) -> Option<()> {
    if options.contains(&c) {
        return Some(());
    }
    options.push(c).ok()
}

fn overflow() -> RuleViolation {
    RuleViolation::new("engine", "combat aftermath capacity exceeded")
}

fn copy_units<const N: usize>(
    from: &[UnitId],
    to: &mut heapless::Vec<UnitId, N>,
) -> Result<(), RuleViolation> {
    to.clear();
    for &u in from {
        to.push(u).map_err(|_| overflow())?;
    }
    Ok(())
}

impl<'d> Game<'d> {
    /// Starts applying `o.result`.
    pub(crate) fn aftermath_begin(
        &mut self,
        o: &AttackOutcome<'_>,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        use CombatResult::*;
        // The combat module has already read an artillery-only attack as [8.15] says.
        let result = o.result;
        let mut a = Aftermath {
            active: true,
            attack: o.attack,
            result: Some(result),
            ..Aftermath::default()
        };
        copy_units(o.adjacent_attackers, &mut a.attackers)?;
        copy_units(o.defenders, &mut a.defenders)?;
        for &f in o.fire_into {
            a.fire_into.push(f).map_err(|_| overflow())?;
        }
        self.state.aftermath = a;
        let attacker = self.state.phasing;
        let defender = attacker.other();
        match result {
            NoEffect => self.state.aftermath.stage = Stage::Collateral,
            D1 | D2 | D3 | D4 => {
                let n = match result {
                    D1 => 1,
                    D2 => 2,
                    D3 => 3,
                    _ => 4,
                };
                self.state.aftermath.victor = Some(attacker);
                self.start_retreats(false, n)?;
            }
            A1 | A2 | A3 => {
                let n = match result {
                    A1 => 1,
                    A2 => 2,
                    _ => 3,
                };
                self.start_retreats(true, n)?;
            }
            Br => {
                self.state.aftermath.attackers_retreat_next = true;
                self.start_retreats(false, 1)?;
            }
            Ae => {
                self.state.aftermath.victor = Some(defender);
                let attackers = self.state.aftermath.attackers.clone();
                self.eliminate_all(&attackers, "7.6", events)?;
                self.state.aftermath.stage = Stage::Advance;
            }
            De => {
                self.state.aftermath.victor = Some(attacker);
                let defenders = self.state.aftermath.defenders.clone();
                self.eliminate_all(&defenders, "7.6", events)?;
                self.state.aftermath.stage = Stage::Advance;
            }
            Ex => {
                self.state.aftermath.victor = Some(attacker);
                self.state.aftermath.loss_left = self.exchange_loss();
                let defenders = self.state.aftermath.defenders.clone();
                self.eliminate_all(&defenders, "7.6", events)?;
                self.state.aftermath.stage = Stage::Loss;
            }
            Ax => {
                self.state.aftermath.victor = Some(attacker);
                self.state.aftermath.loss_left = self.exchange_loss();
                self.start_retreats(false, 1)?;
            }
        }
        self.aftermath_drive(events)
    }

    /// The choice or roll the aftermath waits for; `None` when the attack is fully resolved.
    pub(crate) fn aftermath_pending(&self) -> Option<Pending85> {
        Some(match self.aftermath_question()? {
            Question::Choose {
                player,
                purpose,
                case,
                options,
                ..
            } => Pending::Choose {
                player,
                purpose,
                case,
                options,
            },
            Question::Roll {
                player,
                purpose,
                case,
                ..
            } => Pending::Roll {
                player,
                dice: DiceSpec::D6,
                purpose,
                case,
                secret: false,
            },
        })
    }

    /// Answers the aftermath's pending request.
    pub(crate) fn aftermath_apply(
        &mut self,
        input: &Input85,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let Some(q) = self.aftermath_question() else {
            return refuse("7.6", "no combat result is being applied");
        };
        match q {
            Question::Roll { roll, case, .. } => {
                let die = match input {
                    Input::Rolled(r) if DiceSpec::D6.accepts(r) => r.total() as u8,
                    Input::Rolled(_) => return refuse(case, "one six-sided die is rolled"),
                    _ => return refuse(case, "the die must be rolled now"),
                };
                match roll {
                    RollFor::Stand => self.stand_rolled(die, events)?,
                    RollFor::Collateral => self.collateral_rolled(die, events)?,
                }
            }
            Question::Choose {
                ask, case, options, ..
            } => {
                let choice = match input {
                    Input::Chose(i) => match options.get(*i as usize) {
                        Some(c) => *c,
                        None => return refuse(case, "there is no such option"),
                    },
                    _ => return refuse(case, "a choice must be made now"),
                };
                self.aftermath_answer(ask, choice, events)?;
            }
        }
        self.aftermath_drive(events)
    }

    /// The unit the current aftermath question is about (for the UI to highlight).
    pub fn aftermath_subject(&self) -> Option<UnitId> {
        let a = &self.state.aftermath;
        if !a.active {
            return None;
        }
        if let Some(d) = a.displacing.last() {
            return Some(d.unit);
        }
        if let Some(r) = &a.retreating {
            return Some(r.unit);
        }
        a.advancing.map(|x| x.unit)
    }

    /// The retreat paths left by this combat's defeated units [7.91] (for the UI and tests).
    pub fn aftermath_paths(&self) -> &[RetreatPath] {
        &self.state.aftermath.paths
    }

    // ---- the machine ------------------------------------------------------------------------

    /// What the aftermath asks now; `None` when it must move on by itself (or is idle).
    pub(crate) fn aftermath_question(&self) -> Option<Question> {
        let a = &self.state.aftermath;
        if !a.active {
            return None;
        }
        match a.stage {
            Stage::Idle => None,
            Stage::Retreat => self.retreat_question(),
            Stage::Loss => self.loss_question(),
            Stage::Advance => self.advance_question(),
            Stage::Collateral => self.collateral_question(),
        }
    }

    /// Applies forced steps until a real decision (or the end) is reached.
    fn aftermath_drive(&mut self, events: &mut Events<Event>) -> Result<(), RuleViolation> {
        for _ in 0..MAX_AUTO_STEPS {
            if !self.state.aftermath.active {
                return Ok(());
            }
            match self.aftermath_question() {
                Some(Question::Choose {
                    ask,
                    purpose,
                    case,
                    options,
                    ..
                }) if options.len() == 1 && !matches!(ask, Ask::Advancer | Ask::AdvanceStep) => {
                    // Picking the next unit or an exchange loss needs no word; a forced hex does.
                    if matches!(ask, Ask::Retreat | Ask::Displace) {
                        self.emit_forced(case, purpose, options[0], events)?;
                    }
                    self.aftermath_answer(ask, options[0], events)?;
                }
                Some(_) => return Ok(()),
                None => self.aftermath_progress(events)?,
            }
        }
        Err(RuleViolation::new(
            "engine",
            "combat aftermath did not settle",
        ))
    }

    /// "retreat: 1st hex of 2: 0506, the only legal hex" — a forced step, applied at once.
    fn emit_forced(
        &self,
        case: Case,
        purpose: &'static str,
        choice: Choice,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let mut e = match choice {
            Choice::Hex(h) => {
                let label = self.hex_name(h);
                event!(case, "{}: {}, the only legal hex", purpose, label).at(h)
            }
            Choice::Stop => event!(case, "{}: the retreat ends here", purpose),
            _ => event!(case, "{}: the only legal option", purpose),
        };
        if let Some(u) = self.aftermath_subject() {
            e = e.unit(u);
        }
        emit(events, e)
    }

    /// Nothing to ask: finish what is finished and move to the next stage.
    fn aftermath_progress(&mut self, events: &mut Events<Event>) -> Result<(), RuleViolation> {
        match self.state.aftermath.stage {
            Stage::Retreat => {
                if self.retreat_progress(events)? {
                    self.next_stage();
                }
            }
            Stage::Advance => {
                if self.state.aftermath.advancing.take().is_none() {
                    self.next_stage();
                }
            }
            _ => self.next_stage(),
        }
        Ok(())
    }

    fn next_stage(&mut self) {
        let a = &mut self.state.aftermath;
        a.stage = match a.stage {
            Stage::Retreat if a.loss_left > 0 => Stage::Loss,
            Stage::Retreat | Stage::Loss if a.victor.is_some() => Stage::Advance,
            Stage::Retreat | Stage::Loss | Stage::Advance => Stage::Collateral,
            Stage::Collateral | Stage::Idle => {
                a.active = false;
                Stage::Idle
            }
        };
    }

    fn aftermath_answer(
        &mut self,
        ask: Ask,
        choice: Choice,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        match ask {
            Ask::Order | Ask::Retreat | Ask::Displace => self.retreat_answer(ask, choice, events),
            Ask::Loss => self.loss_answer(choice, events),
            Ask::Advancer | Ask::AdvanceStep => self.advance_answer(ask, choice, events),
        }
    }

    // ---- eliminations and exchanges ---------------------------------------------------------

    /// Eliminates every unit of `units` still on the map; their hexes become vacated hexes
    /// the victor may advance into [7.99].
    fn eliminate_all(
        &mut self,
        units: &[UnitId],
        case: Case,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        for &u in units {
            let Some(h) = self.hex_of(u) else { continue };
            self.eliminate(u, case, events)?;
            self.record_path(u, &[h], PathKind::Eliminated)?;
        }
        Ok(())
    }

    pub(crate) fn record_path(
        &mut self,
        unit: UnitId,
        hexes: &[HexId],
        kind: PathKind,
    ) -> Result<(), RuleViolation> {
        let mut p = RetreatPath {
            unit,
            hexes: heapless::Vec::new(),
            kind,
        };
        for &h in hexes {
            p.hexes.push(h).map_err(|_| overflow())?;
        }
        self.state.aftermath.paths.push(p).map_err(|_| overflow())
    }

    /// The printed defence of the defenders, which the attacker must at least lose in an
    /// exchange (a strength of 0 counts 1 [11.0] note) [7.6] Ex, Ax.
    fn exchange_loss(&self) -> u16 {
        self.state
            .aftermath
            .defenders
            .iter()
            .map(|&u| self.defense_strength(u).max(1) as u16)
            .sum()
    }

    fn loss_question(&self) -> Option<Question> {
        let a = &self.state.aftermath;
        if a.loss_left == 0 {
            return None;
        }
        let mut options = heapless::Vec::new();
        for &u in &a.attackers {
            if self.hex_of(u).is_some() {
                push_option(&mut options, Choice::Unit(u))?;
            }
        }
        if options.is_empty() {
            return None;
        }
        Some(Question::Choose {
            ask: Ask::Loss,
            player: self.state.phasing,
            purpose: "exchange: remove an attacking unit",
            case: "7.6",
            options,
        })
    }

    fn loss_answer(
        &mut self,
        choice: Choice,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let Choice::Unit(u) = choice else {
            return refuse("7.6", "pick an attacking unit to lose");
        };
        let strength = self.attack_strength(u).max(1) as u16;
        self.eliminate(u, "7.6", events)?;
        let a = &mut self.state.aftermath;
        a.loss_left = a.loss_left.saturating_sub(strength);
        Ok(())
    }

    pub(crate) fn hex_name(&self, h: HexId) -> crate::core::hex::HexLabel {
        self.data.map.geometry.format(h)
    }
}
