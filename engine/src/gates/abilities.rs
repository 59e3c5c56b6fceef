//! 3.14 Special attributes: the abilities printed on *Gates* counters (their names were lost in
//! the rulebook file; ruling 3.14 in `docs/rules/gates.md` reads each paragraph) and what each
//! does, as values the series procedures take: the assault roll modifiers (S10.4), the
//! flame-thrower's fire chance, one-use weapons (S13.5), German speakers (6.0, 4.4), the
//! capture point, and the sustained fire of the Berlin garrisons (S9.12). Missiles are 3.12,
//! river units 4.2, engineers 3.10, transport 6.0.

use serde::{Deserialize, Serialize};

/// The nation a unit fights for (13.0), as far as the rules care.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Nation {
    WestGerman,
    EastGerman,
    Soviet,
    Us,
    British,
    French,
}

/// The Berlin garrisons whose every unit may use sustained fire (3.14).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Garrison {
    /// The US Berlin Brigade.
    BerlinBrigade,
    /// The French Berlin Garrison.
    FrenchBerlinGarrison,
    /// The British infantry brigade.
    BritishInfantryBrigade,
}

/// A counter's printed abilities (3.14), one flag each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Abilities {
    /// The German-speaker mark (NATO units that are not West German).
    pub german_mark: bool,
    /// The enemy scores 1 VP for capturing it.
    pub capture_vp: bool,
    pub flame_thrower: bool,
    /// +2 to the owner's assault roll when it assaults or is assaulted.
    pub assault_bonus: bool,
    /// A weapon removed after one use in combat.
    pub one_use: bool,
    /// Moves a little faster in Column (the printed MA already says so; no other effect).
    pub fast_leg: bool,
    pub engineer: bool,
    /// The sustained-fire ability printed on the counter.
    pub sustained_fire: bool,
}

/// 3.14: every German unit of either side speaks German; NATO units of other nations only with
/// the mark; no Soviet unit does.
pub const fn speaks_german(nation: Nation, a: Abilities) -> bool {
    match nation {
        Nation::WestGerman | Nation::EastGerman => true,
        Nation::Soviet => false,
        Nation::Us | Nation::British | Nation::French => a.german_mark,
    }
}

/// 3.14: VP the enemy scores for capturing a unit (S11.9).
pub const fn capture_points(a: Abilities) -> u8 {
    if a.capture_vp {
        1
    } else {
        0
    }
}

/// 3.14: the owner's assault roll modifiers from the abilities in the assault: +3 for a
/// flame-thrower used, +2 for a unit with the assault ability (once each, S10.4).
pub fn assault_roll_bonus(units: &[Abilities]) -> i8 {
    let flame = units.iter().any(|a| a.flame_thrower);
    let bonus = units.iter().any(|a| a.assault_bonus);
    (if flame { 3 } else { 0 }) + (if bonus { 2 } else { 0 })
}

/// 3.14 (ruling B9): after an assault with a flame-thrower a separate die of 0–3 sets the
/// assaulted hex on fire.
pub const fn flame_sets_fire(raw: u8) -> bool {
    raw <= 3
}

/// 3.14: a one-use weapon is removed after it is used in combat.
pub const fn removed_after_use(a: Abilities, used: bool) -> bool {
    a.one_use && used
}

/// 3.14, S9.12: may the unit use sustained fire, and does a 9 cost it only the marker (the
/// Berlin garrisons) rather than the marker and an Ammo Low chit? Gives the two flags of the
/// series' `css::fire::Weapon` (`sustained_ability`, `spared_ammo_low`).
pub const fn sustained_fire(garrison: Option<Garrison>, a: Abilities) -> (bool, bool) {
    match garrison {
        Some(_) => (true, true),
        None => (a.sustained_fire, false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gates::refugees::{fires_at, Listener};
    use crate::gates::reinforcement::{acquire, Transport, GERMAN_BONUS};
    use crate::gates::NATO;

    // 3.14 special attributes: German speakers, capture points, flame-throwers, the assault
    // ability, one-use weapons and the Berlin garrisons' sustained fire.
    #[test]
    fn gates_3_14_special_attributes() {
        let none = Abilities::default();
        let marked = Abilities {
            german_mark: true,
            ..none
        };
        assert!(speaks_german(Nation::EastGerman, none));
        assert!(speaks_german(Nation::WestGerman, none));
        assert!(!speaks_german(Nation::Soviet, marked));
        assert!(!speaks_german(Nation::Us, none));
        assert!(speaks_german(Nation::British, marked));
        // German speakers: a better transport roll (6.0) and no fire from crowds (4.4).
        let speaker = speaks_german(Nation::British, marked);
        assert_eq!(acquire(2, speaker, GERMAN_BONUS), Transport::Bus);
        assert!(!fires_at(Listener {
            side: NATO,
            german_speaker: speaker
        }));
        let vip = Abilities {
            capture_vp: true,
            ..none
        };
        assert_eq!((capture_points(vip), capture_points(none)), (1, 0));
        let flame = Abilities {
            flame_thrower: true,
            ..none
        };
        let pioneers = Abilities {
            assault_bonus: true,
            ..none
        };
        assert_eq!(assault_roll_bonus(&[flame, none]), 3);
        assert_eq!(assault_roll_bonus(&[flame, pioneers]), 5);
        assert_eq!(assault_roll_bonus(&[none]), 0);
        assert!(flame_sets_fire(3) && !flame_sets_fire(4));
        let rpg = Abilities {
            one_use: true,
            ..none
        };
        assert!(removed_after_use(rpg, true) && !removed_after_use(rpg, false));
        assert!(!removed_after_use(none, true));
        assert_eq!(
            sustained_fire(Some(Garrison::BerlinBrigade), none),
            (true, true)
        );
        let sf = Abilities {
            sustained_fire: true,
            ..none
        };
        assert_eq!(sustained_fire(None, sf), (true, false));
        assert_eq!(sustained_fire(None, none), (false, false));
    }
}
