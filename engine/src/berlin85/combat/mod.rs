//! The Combat Phase [4.0] 2, [7.0] up to the die roll. The aftermath (results, retreats,
//! advance, collateral damage) is [`super::aftermath`].
//!
//! # Procedure
//! All attacks are announced before any is resolved (unless `Options::sequential_combat`,
//! the [7.0] note, where each attack is announced and resolved in turn):
//!
//! 1. [`CombatStep::Declare`] — the phasing player announces attacks (`Declare`, `Undeclare`),
//!    adds barrages from non-adjacent artillery [8.1], [8.2] (`Barrage`, `BarrageHex` on an
//!    empty hex [8.16]), ground support [9.0] (`AirPoints`) and NATO rail interdiction [20.22]
//!    (`Interdict`); `EndAllocation` closes the step once every mandatory attack [7.11],
//!    [7.21], [8.31] is announced.
//! 2. [`CombatStep::Fpf`] — the non-phasing player adds final protective fire [8.4]
//!    (`Fpf`, `AirPoints`) and closes with `EndAllocation`.
//! 3. [`CombatStep::Reveal`] — untried units in announced attacks draw their strengths [11.0]
//!    (`Pending::DrawChit`).
//! 4. [`CombatStep::Resolve`] — the attacker picks an attack (`Resolve`), the die is rolled
//!    (`Pending::Roll`, case 7.6), the Combat Results Table is read and the outcome handed to
//!    the aftermath ([`CombatStep::Aftermath`]). When all are resolved: [`CombatStep::Done`],
//!    then `EndCombat`.
//!
//! # API for the UI and agents
//! [`Game::combat_step`], [`Game::attacks`], [`Game::must_attack`],
//! [`Game::must_be_attacked`], [`Game::combat_card`], [`Game::preview_attack`],
//! [`Game::barrage_candidates`], [`Game::fpf_candidates`]. Cards never show the strength of
//! an untried unit (see `view.rs`): they count such units instead.

mod declare;
mod odds;
mod resolve;
mod reveal;
mod support;
#[cfg(test)]
mod tests;

pub use odds::{ColumnShift, CombatCard, MAX_SHIFTS};

use super::board::HexIndex;
use super::command::{Command, MAX_ATTACKERS, MAX_DEFENDERS};
use super::event::Event;
use super::flags;
use super::game::{Game, Input85, Pending85};
use crate::core::hex::HexId;
use crate::core::protocol::{refuse, Events, Input, Pending, RuleViolation};
use crate::core::units::UnitId;
use serde::{Deserialize, Serialize};

/// Attacks announced in one Combat Phase (barrages on empty hexes included).
pub const MAX_ATTACKS: usize = 40;
/// Barrage or FPF missions added to one attack.
pub const MAX_SUPPORT: usize = 16;
/// NATO artillery units interdicting the rail line in one phase [20.22].
pub const MAX_INTERDICTING: usize = 16;

/// Where the Combat Phase is (see the module documentation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum CombatStep {
    #[default]
    Declare,
    Fpf,
    Reveal,
    Resolve,
    /// A result is being applied (retreats, advances, collateral damage).
    Aftermath,
    /// Every announced attack is resolved: the phasing player ends the phase.
    Done,
}

/// One artillery mission: barrage into an attack, or FPF for its defenders.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fire {
    pub unit: UnitId,
    /// The hex fired into (the defender in range [8.12], [8.22], [8.42]).
    pub hex: HexId,
    /// Fired poison gas [8.8].
    pub gas: bool,
}

/// An announced attack.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeclaredAttack {
    /// Attacking units adjacent to every defender [7.23] (adjacent artillery included [8.31]).
    pub attackers: heapless::Vec<UnitId, MAX_ATTACKERS>,
    pub defenders: heapless::Vec<UnitId, MAX_DEFENDERS>,
    /// Barrages from non-adjacent artillery [8.1], [8.2].
    pub barrage: heapless::Vec<Fire, MAX_SUPPORT>,
    /// Ground-support points of the attacker [9.0].
    pub air: u8,
    /// Final protective fire for the defenders [8.4].
    pub fpf: heapless::Vec<Fire, MAX_SUPPORT>,
    /// Ground-support points of the defender used as FPF [9.0].
    pub fpf_air: u8,
    /// A barrage on an unoccupied hex [8.16]: no defenders, no die on the CRT.
    pub empty_hex: Option<HexId>,
    /// The [8.87] gas-FPF roll succeeded (Some(true)) or failed (Some(false)).
    pub gas_fpf_held: Option<bool>,
    /// Both players' allocations are closed: the attack is committed [11.0].
    pub closed: bool,
    pub resolved: bool,
    /// The die and the result read, once resolved.
    pub die: Option<u8>,
    pub result: Option<super::data::CombatResult>,
}

impl DeclaredAttack {
    /// Does `u` take part as an attacker (adjacent or barraging)?
    pub fn attacking(&self, u: UnitId) -> bool {
        self.attackers.contains(&u) || self.barrage.iter().any(|f| f.unit == u)
    }
    pub fn defending(&self, u: UnitId) -> bool {
        self.defenders.contains(&u)
    }
    pub fn fires_fpf(&self, u: UnitId) -> bool {
        self.fpf.iter().any(|f| f.unit == u)
    }
}

/// The Combat Phase in progress.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CombatState {
    pub step: CombatStep,
    pub attacks: heapless::Vec<DeclaredAttack, MAX_ATTACKS>,
    /// NATO artillery flying the rail-line interdiction mission this phase [20.22].
    pub interdicting: heapless::Vec<UnitId, MAX_INTERDICTING>,
    /// The attack whose combat die is awaited [7.6].
    pub rolling: Option<u8>,
    /// The attack whose gas-FPF die is awaited [8.87].
    pub gas_roll: Option<u8>,
}

impl<'d> Game<'d> {
    // ---- queries --------------------------------------------------------------------------

    /// Where the Combat Phase is.
    pub fn combat_step(&self) -> CombatStep {
        if self.aftermath_pending().is_some() {
            return CombatStep::Aftermath;
        }
        self.state.combat.step
    }

    /// The attacks announced this phase, by index.
    pub fn attacks(&self) -> impl Iterator<Item = (u8, &DeclaredAttack)> {
        self.state
            .combat
            .attacks
            .iter()
            .enumerate()
            .map(|(i, a)| (i as u8, a))
    }

    pub(crate) fn attack(&self, attack: u8) -> Result<&DeclaredAttack, RuleViolation> {
        match self.state.combat.attacks.get(attack as usize) {
            Some(a) => Ok(a),
            None => refuse("7.0", "there is no such attack"),
        }
    }

    /// Is `u` an attacker (adjacent or barraging) or a defender of an attack announced and not
    /// yet resolved? Such units may not be displaced [7.83].
    #[allow(dead_code)] // used by the aftermath [7.83]
    pub(crate) fn in_unresolved_attack(&self, u: UnitId) -> bool {
        self.state
            .combat
            .attacks
            .iter()
            .any(|a| !a.resolved && (a.attacking(u) || a.defending(u)))
    }

    /// Does `u` attack (adjacent or barrage) in any attack of this phase [7.13]?
    pub fn has_attacked(&self, u: UnitId) -> bool {
        self.state.combat.attacks.iter().any(|a| a.attacking(u))
            || self.state.combat.interdicting.contains(&u)
    }

    /// Is `u` the defender of any attack of this phase [7.13]?
    pub fn is_attacked(&self, u: UnitId) -> bool {
        self.state.combat.attacks.iter().any(|a| a.defending(u))
    }

    /// Phasing units that still have to attack before declarations close [7.11], [7.21],
    /// [8.31].
    pub fn must_attack(&self, mut f: impl FnMut(UnitId)) {
        let mut idx = HexIndex::new();
        idx.fill(self);
        for (u, _) in self.units_on_map() {
            if self.owes_attack(u, &idx) {
                f(u);
            }
        }
    }

    /// Non-phasing units that still have to be attacked [7.11].
    pub fn must_be_attacked(&self, mut f: impl FnMut(UnitId)) {
        let mut idx = HexIndex::new();
        idx.fill(self);
        for (u, _) in self.units_on_map() {
            if self.owes_defence(u, &idx) {
                f(u);
            }
        }
    }

    // ---- the phase ------------------------------------------------------------------------

    pub(crate) fn combat_begin(&mut self, events: &mut Events<Event>) -> Result<(), RuleViolation> {
        self.state.combat = CombatState::default();
        // [8.41]: an adverse result of the phase that just ended becomes "its previous Combat
        // Phase"; this phase's marks start clean.
        for s in self.state.units.iter_mut() {
            let adverse = s.has(flags::ADVERSE_RESULT);
            s.clear(
                flags::COMBAT_PHASE_BITS
                    | flags::AFTERMATH_BITS
                    | flags::ADVERSE_RESULT
                    | flags::ADVERSE_LAST_PHASE,
            );
            if adverse {
                s.set(flags::ADVERSE_LAST_PHASE);
            }
        }
        // [18.2] paratroops stacked or in a lake / fire / gas hex are destroyed now.
        self.paratroop_checks_at_combat_start(events)
    }

    pub(crate) fn combat_pending(&self) -> Pending85 {
        if let Some(p) = self.aftermath_pending() {
            return p;
        }
        let phasing = self.state.phasing;
        if self.state.combat.gas_roll.is_some() {
            return Pending::Roll {
                player: phasing.other(),
                dice: crate::core::protocol::DiceSpec::D6,
                purpose: "gas fired as final protective fire",
                case: "8.87",
                secret: false,
            };
        }
        if self.state.combat.rolling.is_some() {
            return Pending::Roll {
                player: phasing,
                dice: crate::core::protocol::DiceSpec::D6,
                purpose: "combat",
                case: "7.6",
                secret: false,
            };
        }
        match self.state.combat.step {
            CombatStep::Fpf => Pending::Command {
                player: phasing.other(),
            },
            CombatStep::Reveal => self
                .reveal_pending()
                .unwrap_or(Pending::Command { player: phasing }),
            _ => Pending::Command { player: phasing },
        }
    }

    pub(crate) fn combat_apply(
        &mut self,
        input: &Input85,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        if self.aftermath_pending().is_some() {
            self.aftermath_apply(input, events)?;
            return self.after_attack(events);
        }
        if let Some(a) = self.state.combat.gas_roll {
            let die = expect_d6(input, "8.87")?;
            self.gas_fpf_rolled(a, die, events)?;
            return Ok(());
        }
        if let Some(a) = self.state.combat.rolling {
            let die = expect_d6(input, "7.6")?;
            return self.resolve_with_die(a, die, events);
        }
        let step = self.state.combat.step;
        if step == CombatStep::Reveal {
            return self.reveal_apply(input, events);
        }
        let Input::Command(cmd) = input else {
            return refuse("7.0", "a command is expected now");
        };
        let r = match (step, cmd) {
            (
                CombatStep::Declare,
                Command::Declare {
                    attackers,
                    defenders,
                },
            ) => self.declare(attackers, defenders, events),
            (CombatStep::Declare, Command::Undeclare { attack }) => self.undeclare(*attack, events),
            (
                CombatStep::Declare,
                Command::Barrage {
                    artillery,
                    attack,
                    gas,
                },
            ) => self.barrage(*artillery, *attack, *gas, events),
            (
                CombatStep::Declare,
                Command::BarrageHex {
                    artillery,
                    hex,
                    gas,
                },
            ) => self.barrage_hex(*artillery, *hex, *gas, events),
            (CombatStep::Declare, Command::AirPoints { attack, points }) => {
                self.air_support(*attack, *points, events)
            }
            (CombatStep::Declare, Command::Interdict { artillery }) => {
                self.interdict(*artillery, events)
            }
            (CombatStep::Declare, Command::EndAllocation) => self.close_declarations(events),
            (CombatStep::Declare, Command::EndCombat) => self.end_without_more_attacks(events),
            (
                CombatStep::Fpf,
                Command::Fpf {
                    artillery,
                    attack,
                    gas,
                },
            ) => self.fpf(*artillery, *attack, *gas, events),
            (CombatStep::Fpf, Command::AirPoints { attack, points }) => {
                self.air_fpf(*attack, *points, events)
            }
            (CombatStep::Fpf, Command::EndAllocation) => self.close_fpf(events),
            (CombatStep::Resolve, Command::Resolve { attack }) => self.resolve(*attack, events),
            (CombatStep::Done, Command::EndCombat) => self.end_combat(events),
            (CombatStep::Declare, _) => refuse(
                "7.0",
                "announce attacks, allocate barrages and air, or end the allocation",
            ),
            (CombatStep::Fpf, _) => refuse(
                "8.4",
                "the defender allocates final protective fire or ends the allocation",
            ),
            (CombatStep::Resolve, _) => refuse(
                "7.0",
                "the attacker picks the next announced attack to resolve",
            ),
            _ => refuse("7.0", "every attack is resolved: end the Combat Phase"),
        };
        r?;
        self.sync_combat_flags();
        Ok(())
    }

    /// The Combat Phase is over.
    fn end_combat(&mut self, events: &mut Events<Event>) -> Result<(), RuleViolation> {
        for s in self.state.units.iter_mut() {
            s.clear(flags::COMBAT_PHASE_BITS);
        }
        // Nothing of this phase's attacks outlives it (the [8.41] marks live in the flags).
        self.state.combat = CombatState::default();
        self.end_combat_phase(events)
    }

    /// Recomputes the per-unit combat flags (bits 7-9) from the attack list.
    pub(crate) fn sync_combat_flags(&mut self) {
        for i in 0..self.state.units.len() {
            let u = UnitId(i as u16);
            let mut f = 0u16;
            if self.has_attacked(u) {
                f |= flags::ATTACKING;
            }
            if self.is_attacked(u) {
                f |= flags::ATTACKED;
            }
            if self.has_fired_fpf(u) {
                f |= flags::FIRED_FPF;
            }
            let s = &mut self.state.units[i];
            s.clear(flags::COMBAT_PHASE_BITS);
            s.set(f);
        }
    }

    pub fn has_fired_fpf(&self, u: UnitId) -> bool {
        self.state.combat.attacks.iter().any(|a| a.fires_fpf(u))
    }
}

/// The face of a single die the table asked for, or a refusal citing `case`.
fn expect_d6(input: &Input85, case: &'static str) -> Result<u8, RuleViolation> {
    match input {
        Input::Rolled(r) if crate::core::protocol::DiceSpec::D6.accepts(r) => Ok(r.total() as u8),
        Input::Rolled(_) => refuse(case, "one six-sided die is needed"),
        _ => refuse(case, "the die must be rolled now"),
    }
}

/// Pushes into a heapless vector; overflow is an engine error, never a panic.
pub(crate) fn push<T, const N: usize>(
    v: &mut heapless::Vec<T, N>,
    x: T,
) -> Result<(), RuleViolation> {
    v.push(x)
        .map_err(|_| RuleViolation::new("engine", "combat capacity exceeded"))
}
