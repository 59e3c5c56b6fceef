//! Guided missiles (S9.13, exclusive 3.12): one named target within the missile's minimum and
//! maximum range and the firer's LOS, never combined; the enemy's response (each responding
//! unit passes a TQC first, a targeted Tank may first lay a smoke canister, S9.9.4); any result
//! of the response suppresses the missile marker and the missile misses (S11.6); otherwise the
//! attack reads table S9.6-T with only the target's Defense and −2 for the canister (B8).
//!
//! The response fires themselves are opportunity fires at the missile firer's hex
//! ([`super::opportunity`], [`super::resolve`]); this module keeps the missile's side of it.

use super::{check_group, may_fire_at, result_of, FireCard, FireCharts, FireKind, FireResult};
use super::{FireSetup, Line, Member, TargetUnit, Weapon};
use crate::core::protocol::{refuse, RuleViolation};
use crate::css::morale::{check, Condition, HitOutcome, Tqc};
use serde::{Deserialize, Serialize};

/// The missile types of exclusive 3.12.1 (their values are the exclusive ones, not stand-ins).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MissileType {
    Dragon,
    Tow,
    Milan,
    Spigot,
    Sagger,
    Konkurs,
}

/// A missile's white firepower and its minimum and maximum range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Missile {
    pub firepower: u8,
    pub min_range: u8,
    pub max_range: u8,
}

impl MissileType {
    /// Exclusive 3.12: D 5 (1–2), T 7 (2–6), M 6 (2–4), Sp 6 (1–5), Sg 4 (2–5), K 5 (1–8).
    pub const fn missile(self) -> Missile {
        let (firepower, min_range, max_range) = match self {
            MissileType::Dragon => (5, 1, 2),
            MissileType::Tow => (7, 2, 6),
            MissileType::Milan => (6, 2, 4),
            MissileType::Spigot => (6, 1, 5),
            MissileType::Sagger => (4, 2, 5),
            MissileType::Konkurs => (5, 1, 8),
        };
        Missile {
            firepower,
            min_range,
            max_range,
        }
    }
}

impl Missile {
    /// As a weapon: white (S9.13.1), its maximum range.
    pub const fn weapon(self) -> Weapon {
        Weapon {
            firepower: self.firepower,
            colour: super::Colour::White,
            range: self.max_range,
            indirect: false,
            sustained_ability: false,
            spared_ammo_low: false,
        }
    }
}

/// One missile attack, from its declaration to its roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MissileAttack {
    pub missile: Missile,
    pub target: TargetUnit,
    /// The targeted Tank laid a smoke canister (S9.9.4): −2 to this attack.
    pub canister: bool,
    /// Response units that have checked so far.
    pub responses: u8,
    /// A response fire got a result: the marker is on its Suppressed side and the missile
    /// misses (3.12, S11.6).
    pub suppressed: bool,
}

impl MissileAttack {
    /// S9.13.2: a Fire action (or opportunity fire, `kind`) by one unit or SW at one named
    /// unit within the missile's minimum and maximum range and the firer's LOS, spotted; the
    /// Tank minimum of S9.1.1 applies.
    pub fn declare(
        missile: Missile,
        firer: &Member,
        kind: FireKind,
        distance: u8,
        in_los: bool,
        target: TargetUnit,
        charts: &FireCharts,
    ) -> Result<MissileAttack, RuleViolation> {
        if distance < missile.min_range || distance > missile.max_range {
            return refuse(
                "S9.13.2",
                "the target is outside the missile's minimum and maximum range",
            );
        }
        let setup = FireSetup {
            kind,
            spotted: in_los,
            ..FireSetup::direct(distance)
        };
        // The missile's own range replaces the unit's (S9.2).
        check_group(
            &[Member {
                weapon: missile.weapon(),
                ..*firer
            }],
            &setup,
        )?;
        if !may_fire_at(&missile.weapon(), &target, charts.tank_minimum) {
            return refuse("S9.1.1", "this missile may not fire at that target");
        }
        Ok(MissileAttack {
            missile,
            target,
            canister: false,
            responses: 0,
            suppressed: false,
        })
    }

    /// S9.9.4, exclusive 3.12: a targeted Tank may lay a smoke canister in an adjacent hex, as
    /// the first response only. The caller places the Smoke marker (barrage smoke afterwards).
    pub fn lay_canister(&mut self) -> Result<(), RuleViolation> {
        if !self.target.tank {
            return refuse("S9.9.4", "only a targeted Tank lays a smoke canister");
        }
        if self.canister || self.responses > 0 {
            return refuse("S9.9.4", "the canister must be the first response");
        }
        self.canister = true;
        Ok(())
    }

    /// Exclusive 3.12: each unit that wants to respond takes a TQC first and fires only on a
    /// pass (S11.2: the 9 always fails).
    pub fn response_check(&mut self, effective_tq: i8, raw: u8) -> Tqc {
        self.responses = self.responses.saturating_add(1);
        check(effective_tq, raw, 0)
    }

    /// Exclusive 3.12: a response fire with a result of any type suppresses the missile.
    pub fn response_result(&mut self, r: FireResult) {
        if r != FireResult::NoEffect {
            self.suppressed = true;
        }
    }

    /// The missile's column: its firepower, the target's Defense and the canister, nothing
    /// else (3.12).
    pub fn card(&self) -> FireCard {
        let mut lines = heapless::Vec::new();
        if self.target.defense > 0 {
            let _ = lines.push(Line {
                case: "3.12",
                what: "Defense",
                value: -(self.target.defense as i8),
            });
        }
        if self.canister {
            let _ = lines.push(Line {
                case: "S9.9.4",
                what: "smoke canister",
                value: -2,
            });
        }
        let fp = self.missile.firepower as i16;
        let total = fp + lines.iter().map(|l: &Line| l.value as i16).sum::<i16>();
        FireCard {
            affects: true,
            leader: 0,
            firepower: fp,
            lines,
            column: total.clamp(super::table::FIRST_COLUMN, super::table::LAST_COLUMN),
        }
    }

    /// The missile's roll: `None` if it was suppressed (no roll is made); otherwise the result
    /// applied to the target (S9.7).
    pub fn resolve(
        &self,
        raw: u8,
        target: &mut Condition,
        charts: &FireCharts,
    ) -> Result<Option<(FireResult, HitOutcome)>, RuleViolation> {
        if self.suppressed {
            return Ok(None);
        }
        if raw > 9 {
            return refuse("S1.3", "a d10 is read 0 to 9");
        }
        let r = result_of(&charts.table, self.card().column, raw);
        Ok(Some((r, target.take_hit(r.steps(), r.status()))))
    }
}
