//! After a close assault (8.9, 8.10): when the defenders have left the hex (eliminated or
//! retreated) and no garrison holds it, the attacker may move undisrupted assaulting units into
//! it one by one, then — after a `1`, `2` or `E` — go on with them one or two hexes more,
//! stopping on entering an enemy zone of control (8.10). A unit that advanced may close assault
//! again this segment (8.9 note). After a bombardment that eliminated the defenders, adjacent
//! units that could close assault the hex may occupy it (8.9); never after gun fire.

use super::assault::{Aftermath, Stage};
use super::combatants::{combatant, defended_hex, defenders_at};
use super::{Choice, Event, Force, Game};
use crate::core::hex::HexId;
use crate::core::protocol::{emit, refuse, Events, RuleViolation};
use crate::core::units::UnitId;
use crate::fortress::combat::{AdvanceRight, CombatKind};
use crate::fortress::terrain::{modes_of, step_cost};
use crate::fortress::zoc::enemy_zone;

impl Game<'_> {
    /// The advance the result allows once the retreat is over, if any (8.9).
    pub(super) fn advance_stage(&self, a: &Aftermath) -> Option<Stage> {
        // 17.2: nobody occupies a hex after fire on the other Soviet front's units.
        if a.defender == self.phasing() && a.announced.unit.is_none() {
            return None;
        }
        let exploitation = match a.obligations.advance {
            AdvanceRight::IfVacated { exploitation } => exploitation,
            AdvanceRight::OccupyIfEliminated => 0,
            AdvanceRight::None => return None,
        };
        let target = a.announced.target;
        let held = !defenders_at(self, target, a.defender).is_empty()
            || (defended_hex(self, target).garrison().is_some()
                && !a.obligations.garrison_eliminated);
        (!held).then(|| Stage::Advance {
            exploitation,
            advanced: Force::new(),
        })
    }

    /// What comes after the advance: exploitation with the advanced units (8.10), or nothing.
    pub(super) fn after_advance(&self, a: &Aftermath) -> Option<Stage> {
        match &a.stage {
            Stage::Advance {
                exploitation,
                advanced,
            } if *exploitation > 0 && !advanced.is_empty() => Some(Stage::Exploit {
                left: *exploitation,
                units: advanced.clone(),
            }),
            _ => None,
        }
    }

    /// The units that may still advance, or the hexes the exploiting force may enter, and Stop.
    pub(super) fn advance_options(&self, a: &Aftermath) -> heapless::Vec<Choice, 16> {
        let mut out = heapless::Vec::new();
        let b = &self.state.board;
        let target = a.announced.target;
        match &a.stage {
            Stage::Advance { .. } if a.announced.kind == CombatKind::CloseAssault => {
                for &u in &a.announced.attackers {
                    let there = b.hex_of(u);
                    if there.is_some_and(|h| h != target)
                        && !b.disrupted(u)
                        && self.check_fronts_apart(&[u], target).is_ok()
                    {
                        let _ = out.push(Choice::Unit(u));
                    }
                }
            }
            Stage::Advance { .. } => {
                // 8.9: after a bombardment, adjacent units that could close assault the hex.
                let side = a.defender.other();
                for (d, n) in self.data.map.geometry.neighbours(target) {
                    let Some(s) = b.stacks.at(n, side) else {
                        continue;
                    };
                    for &u in &s.units {
                        let able = combatant(self, u).is_some_and(|k| {
                            !k.disrupted
                                && k.faces(d.opposite())
                                && self
                                    .data
                                    .combat
                                    .heading
                                    .may(k.weapon, CombatKind::CloseAssault)
                        });
                        let apart = self.check_fronts_apart(&[u], target).is_ok();
                        if able && apart && out.len() < out.capacity() - 1 {
                            let _ = out.push(Choice::Unit(u));
                        }
                    }
                }
            }
            Stage::Exploit { left, units } if *left > 0 => {
                let Some(at) = units.first().and_then(|&u| b.hex_of(u)) else {
                    return out;
                };
                let (all, any) = modes_of(b, units);
                let side = a.defender.other();
                for (_, n) in self.data.map.geometry.neighbours(at) {
                    if b.occupied_by(n, a.defender) {
                        continue;
                    }
                    if step_cost(&self.data.movement, &self.data.map, b, at, n, all, any).is_ok()
                        && self.check_fronts_apart(units, n).is_ok()
                        && !(enemy_zone(&self.data.map, &self.data.forces, b, side, at)
                            && enemy_zone(&self.data.map, &self.data.forces, b, side, n))
                    {
                        let _ = out.push(Choice::Hex(n));
                    }
                }
            }
            _ => {}
        }
        if !out.is_empty() {
            let _ = out.push(Choice::Stop);
        }
        out
    }

    fn shift(&mut self, units: &[UnitId], to: HexId) -> Result<(), RuleViolation> {
        self.check_fronts_apart(units, to)?;
        self.state.board.shift(units, to)
    }

    /// The attacker's answer during the advance or the exploitation.
    pub(super) fn advance_chose(
        &mut self,
        a: &mut Aftermath,
        choice: Choice,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let target = a.announced.target;
        let side = a.defender.other();
        match (&mut a.stage, choice) {
            (Stage::Advance { advanced, .. }, Choice::Unit(u)) => {
                self.shift(&[u], target)?;
                let _ = advanced.push(u);
                // 8.9 note: a unit that advanced may close assault again.
                self.state.fought.retain(|&f| f != u);
                emit(
                    events,
                    Event::Advanced {
                        units: [u].into_iter().collect(),
                        to: target,
                    },
                )
            }
            (Stage::Advance { .. }, Choice::Stop) => {
                a.stage = self.after_advance(a).unwrap_or(Stage::Exploit {
                    left: 0,
                    units: Force::new(),
                });
                Ok(())
            }
            (Stage::Exploit { left, units }, Choice::Hex(to)) => {
                let units = units.clone();
                self.shift(&units, to)?;
                let stop = enemy_zone(
                    &self.data.map,
                    &self.data.forces,
                    &self.state.board,
                    side,
                    to,
                );
                *left = if stop { 0 } else { *left - 1 };
                emit(events, Event::Exploited { units, to })
            }
            (Stage::Exploit { left, .. }, Choice::Stop) => {
                *left = 0;
                Ok(())
            }
            _ => refuse("8.9", "not one of the options offered"),
        }
    }
}
