//! Resolving one announced attack: the attacker picks it [7.0], the die is rolled and read on
//! the Combat Results Table [7.6] (artillery alone [8.15]), and the outcome goes to the
//! aftermath.

use super::odds::artillery_only_result;
use super::CombatStep;
use crate::berlin85::aftermath::AttackOutcome;
use crate::berlin85::command::{MAX_ATTACKERS, MAX_DEFENDERS};
use crate::berlin85::data::CombatResult;
use crate::berlin85::event::Event;
use crate::berlin85::flags;
use crate::berlin85::game::Game;
use crate::core::hex::HexId;
use crate::core::protocol::{emit, refuse, Events, RuleViolation};
use crate::core::units::UnitId;
use crate::event;

fn defender_adverse(r: CombatResult) -> bool {
    use CombatResult::*;
    matches!(r, D1 | D2 | D3 | D4 | De | Br | Ex | Ax)
}

fn attacker_adverse(r: CombatResult) -> bool {
    use CombatResult::*;
    matches!(r, A1 | A2 | A3 | Ae | Br | Ex | Ax)
}

impl<'d> Game<'d> {
    /// The attacker picks the next attack to resolve.
    pub(crate) fn resolve(
        &mut self,
        attack: u8,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let a = self.attack(attack)?;
        if !a.closed {
            return refuse("7.0", "that attack is not committed yet");
        }
        if a.resolved {
            return refuse("7.13", "that attack has been resolved");
        }
        if a.empty_hex.is_some() {
            // [8.16]: no combat, only the collateral damage check and the gas.
            return self.hand_over(attack, CombatResult::NoEffect, None, events);
        }
        let alive_def = a.defenders.iter().any(|&u| self.hex_of(u).is_some());
        let alive_att = a.attackers.iter().any(|&u| self.hex_of(u).is_some())
            || a.barrage.iter().any(|f| self.fire_counts(f.unit));
        if !alive_def || !alive_att {
            let a = &mut self.state.combat.attacks[attack as usize];
            a.resolved = true;
            emit(
                events,
                event!(
                    "7.0",
                    "attack {} lapses: one side has no unit left in it",
                    attack
                ),
            )?;
            return self.after_attack(events);
        }
        self.state.combat.rolling = Some(attack);
        emit(events, event!("7.0", "resolving attack {}", attack))
    }

    /// The combat die came up `die`.
    pub(crate) fn resolve_with_die(
        &mut self,
        attack: u8,
        die: u8,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        self.state.combat.rolling = None;
        let a = self.attack(attack)?.clone();
        let card = self.card_for(&a);
        let Some(col) = card.column else {
            return Err(RuleViolation::new(
                "engine",
                "an untried strength was not revealed",
            ));
        };
        let raw = self.data.tables.crt[(die - 1) as usize]
            .get(col)
            .copied()
            .unwrap_or(CombatResult::NoEffect);
        let result = if card.artillery_only {
            artillery_only_result(raw)
        } else {
            raw
        };
        let label = card.column_label.clone().unwrap_or_default();
        let att = card.attack_known + card.barrage + card.air as u16;
        let def = card.defense_known + card.fpf + card.fpf_air as u16;
        emit(
            events,
            event!(
                "7.0",
                "attack {}: {} against {}, differential {:+}",
                attack,
                att,
                def,
                card.differential.unwrap_or(0)
            ),
        )?;
        for sh in &card.shifts {
            emit(
                events,
                event!(sh.case, "{}: {:+} column(s)", sh.why, sh.columns),
            )?;
        }
        emit(
            events,
            event!(
                "7.6",
                "attack {}: column {}, die {}: {:?}",
                attack,
                label,
                die,
                result
            ),
        )?;
        if card.artillery_only && raw != result {
            emit(
                events,
                event!("8.15", "artillery alone: {:?} reads as no effect", raw),
            )?;
        }
        self.hand_over(attack, result, Some(die), events)
    }

    /// Records the result and hands the attack to the aftermath.
    fn hand_over(
        &mut self,
        attack: u8,
        result: CombatResult,
        die: Option<u8>,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let a = self.attack(attack)?.clone();
        {
            let s = &mut self.state.combat.attacks[attack as usize];
            s.resolved = true;
            s.die = die;
            s.result = Some(result);
        }
        // [8.41]: the side a result hurts remembers it for its next FPF.
        for &u in &a.defenders {
            if defender_adverse(result) {
                self.state.units[u.0 as usize].set(flags::ADVERSE_RESULT);
            }
        }
        for &u in &a.attackers {
            if attacker_adverse(result) {
                self.state.units[u.0 as usize].set(flags::ADVERSE_RESULT);
            }
        }
        let mut adjacent: heapless::Vec<UnitId, MAX_ATTACKERS> = heapless::Vec::new();
        for &u in a.attackers.iter().filter(|&&u| self.hex_of(u).is_some()) {
            let _ = adjacent.push(u);
        }
        let mut barrage: heapless::Vec<UnitId, { super::MAX_SUPPORT }> = heapless::Vec::new();
        for f in a.barrage.iter().filter(|f| self.fire_counts(f.unit)) {
            let _ = barrage.push(f.unit);
        }
        let mut defenders: heapless::Vec<UnitId, MAX_DEFENDERS> = heapless::Vec::new();
        for &u in a.defenders.iter().filter(|&&u| self.hex_of(u).is_some()) {
            let _ = defenders.push(u);
        }
        let mut fire: heapless::Vec<(HexId, u16), MAX_DEFENDERS> = heapless::Vec::new();
        self.fire_into(&a, &mut fire);
        let outcome = AttackOutcome {
            attack,
            result,
            adjacent_attackers: &adjacent,
            barrage_attackers: &barrage,
            defenders: &defenders,
            fire_into: &fire,
        };
        self.aftermath_begin(&outcome, events)?;
        self.after_attack(events)
    }

    /// Moves on once the aftermath of an attack is complete: the next attack to pick, or the
    /// end of the phase (the next announcement when combat is sequential).
    pub(crate) fn after_attack(&mut self, events: &mut Events<Event>) -> Result<(), RuleViolation> {
        self.sync_combat_flags();
        if self.aftermath_pending().is_some()
            || self.state.combat.rolling.is_some()
            || self.state.combat.gas_roll.is_some()
        {
            return Ok(());
        }
        let c = &self.state.combat;
        if c.step != CombatStep::Resolve {
            return Ok(());
        }
        if c.attacks.iter().any(|a| a.closed && !a.resolved) {
            return Ok(());
        }
        if self.state.options.sequential_combat {
            self.state.combat.step = CombatStep::Declare;
        } else {
            self.state.combat.step = CombatStep::Done;
            emit(events, event!("7.0", "every announced attack is resolved"))?;
        }
        Ok(())
    }
}
