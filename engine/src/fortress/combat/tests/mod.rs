//! Tests of module 8.0, named by case. Each builds a combat as a player would describe it at
//! the table and checks what the player would notice: the card, the letter, the result's
//! obligations, or the refusal and its case.

mod assault;
mod elements;
mod fire;
mod results;

use super::*;
use crate::core::faces::{Face, Facing};
use crate::core::hex::Dir;
use crate::core::protocol::{DiceRoll, RuleViolation};
use crate::core::units::UnitId;
use crate::fortress::counters::UnitType;

pub(super) fn tables() -> FortressCombatTables {
    standin::tables()
}

pub(super) fn roll(a: u8, b: u8) -> DiceRoll {
    DiceRoll::of(&[a, b])
}

pub(super) fn unit(id: u16, class: UnitType, weapon: WeaponType, fs: u8, pf: u8) -> Combatant {
    let mut u = Combatant::new(UnitId(id), class, weapon, fs, pf);
    u.mr = 2;
    u
}

pub(super) fn infantry(id: u16, fs: u8, pf: u8) -> Combatant {
    unit(id, UnitType::Infantry, WeaponType::SmallArms, fs, pf)
}

pub(super) fn tank(id: u16, fs: u8, pf: u8) -> Combatant {
    unit(id, UnitType::Armor, WeaponType::DualPurpose, fs, pf)
}

pub(super) fn anti_tank(id: u16, fs: u8, pf: u8) -> Combatant {
    let mut u = unit(id, UnitType::AntiTank, WeaponType::AntiTank, fs, pf);
    u.range = 2;
    u
}

pub(super) fn artillery(id: u16, fs: u8, range: u8) -> Combatant {
    let mut u = unit(id, UnitType::Artillery, WeaponType::Artillery, fs, 1);
    u.range = range;
    u
}

pub(super) fn with_mr(mut u: Combatant, mr: u8) -> Combatant {
    u.mr = mr;
    u
}

pub(super) fn disrupted(mut u: Combatant) -> Combatant {
    u.disrupted = true;
    u.face = Face::Front;
    u
}

/// A unit in maneuver mode pointing at `d`.
pub(super) fn maneuver(mut u: Combatant, d: Dir) -> Combatant {
    u.face = Face::Front;
    u.facing = Some(Facing(d));
    u
}

pub(super) fn refused<T: core::fmt::Debug>(r: Result<T, RuleViolation>, case: &str) {
    match r {
        Err(v) => assert_eq!(v.case, case, "refused for the wrong case: {v}"),
        Ok(x) => panic!("expected a refusal citing {case}, got {x:?}"),
    }
}

pub(super) fn clear() -> DefendedHex {
    DefendedHex::of(TerrainKind::Clear)
}

pub(super) fn built_up() -> DefendedHex {
    DefendedHex::of(TerrainKind::BuiltUp)
}

/// The letter index of a name.
pub(super) fn letter(name: char) -> u8 {
    crate::core::crt::Letters::A_TO_I.index_of(name).unwrap()
}

pub(super) fn assault<'a>(
    attackers: &'a [Assailant],
    defenders: &'a [Combatant],
    hex: &'a DefendedHex,
) -> Assault<'a> {
    Assault {
        attackers,
        defenders,
        hex,
        attacker_support: &[],
        defender_support: &[],
        surrounded: false,
        soviet_armies: 0,
    }
}

pub(super) fn gun<'a>(
    firers: &'a [Firer],
    target: &'a Combatant,
    hex: &'a DefendedHex,
) -> GunFire<'a> {
    GunFire {
        firers,
        target,
        hex,
        crossing: Crossing::OPEN,
        soviet_armies: 0,
    }
}
