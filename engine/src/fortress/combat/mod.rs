//! Fortress Berlin's combat, module 8.0, as pure functions over a described combat.
//!
//! The game state describes a combat (who fires or assaults, at whom, across what, from where)
//! with [`Combatant`], [`DefendedHex`], [`Firer`], [`Assailant`]; this module checks it against
//! the rules, computes the [`CombatCard`] (totals, differential, Upper Matrix column and
//! letter, shifts, die-roll modifiers, what is revealed), reads the 2d6 the table rolled on the
//! Lower Matrix and returns the [`Obligations`] of the result. The engine never rolls.
//!
//! | case | where |
//! |---|---|
//! | 8.1.1–8.1.4 heading table, differential, Upper/Lower Matrix | [`tables`], [`card`] |
//! | 8.1.5 terrain, 9.0.3 ruins, 10.1 fortifications | [`combatant`] |
//! | 8.1.6 facing, 8.2 bombardment, 8.2.1–8.2.4, 11.3, 11.4 | [`fire`] |
//! | 8.3 Direct Gun Fire, 8.3.1–8.3.6 | [`fire`] |
//! | 8.3.3, 8.3.4 one combat per unit per segment | [`usage`] |
//! | 8.4 Close Assault, 8.5 advantages, 3.5.2 Support Fire | [`assault`] |
//! | 8.6 results, 8.7/8.9/8.10 what they oblige, 8.8 disruption, 3.6 reveals | [`results`] |
//! | the project's stand-in charts | [`standin`] |
//!
//! # Rulings where the rulebook is silent (the project's, replaceable)
//! * Heavy weapons close assault and join mixed bombardments (their range of two, 2.2.3);
//!   8.2.1 lists only anti-tank, flak and armour, but no other ranged combat fits them.
//! * Terrain, ruins and fortification PF and die-roll modifiers of a hex do not add up: the
//!   single most favourable applies (8.1.5, 8.2.4 "not cumulative"). A hexside's modifier
//!   adds to the hex's (8.1.5 exception; 10.1.2 needs to say a barrier adds nothing to a
//!   bunker).
//! * Halving across a bridge is a close assault rule (8.4.2 step 3); fire is ranged.
//! * Armour superiority: armour crossing a bridge does not count, other armour still does.
//! * Outflanking: some assaulting hex must be on the flank of every defending unit.
//! * A garrison alone survives `—` (no effect) and a bare `*`.
//! * The bunker/strongpoint/flak tower exemption covers the R result only; survivors of a
//!   number result still retreat.
//! * Direct Gun Fire results fall on the target only (a `2` or `E` eliminates it).
//! * Ruins need `*` on the final letter D or higher (9.0.1 calls it the column of
//!   resolution), against a hex with built-up terrain.
//! * An exchange no attacking unit can match is paid by the strongest attacking unit.
//! * Morale counts the units in the combat and garrisons, not supporting HQs.
//! * 8.1.4 says a close assault uses the PF once (the Upper Matrix), while 8.1.1 and 8.1.3 let
//!   weapons units defend with their PF: the heading table decides what enters the defence
//!   total, and the highest PF is still read on the Upper Matrix.
//! * Being in command (8.3.3) is required of Direct Gun Fire, not of the direct-fire units of a
//!   mixed bombardment; their range, sight and facing are checked as in 8.3.
//! * 3.6's exception (aircraft, non-adjacent artillery) changes nothing beyond what 3.6 already
//!   says of bombardment alone: such attacks show the PFs the defender must total, no more.
//! * 17.5's text lowers a letter "for each army"; its example lowers one per army beyond the
//!   first, which the engine follows. (17.4.3's "I" among results reads as "1".)

pub mod assault;
pub mod card;
pub mod combatant;
pub mod fire;
pub mod results;
pub mod standin;
pub mod tables;
#[cfg(test)]
mod tests;
pub mod usage;

pub use assault::{close_assault, surrounded, Assailant, Assault, Neighbour, Support};
pub use card::{CombatCard, Modifier, Outcome, Part, Shift, Source, Strength, TargetFacts};
pub use combatant::{Combatant, Crossing, DefendedHex, Fortification, Water};
pub use fire::{
    bombard, gun_fire, Bombardment, FireSource, Firer, GunFire, AIR_STRIKE_FS, OFF_BOARD_FS,
};
pub use results::{
    disrupt, eliminated_instead_of_retreating, exchange_candidates, exchange_floor,
    retreat_off_map, AdvanceRight, Disclosure, Disrupted, DisruptionMarker, Losses, Obligations,
    OffMap, RetreatDue, Reveal,
};
pub use tables::{
    AssaultDefence, CombatKind, CombatResult, CrtCell, FortressCombatTables, HeadingTable,
    LowerMatrix, TerrainCombat, TerrainKind, TerrainTable, WeaponRow, WeaponType,
};
pub use usage::{check_hex_bombardment, SegmentUse};

use crate::core::protocol::{refuse, RuleViolation};

/// What every attacking unit must be: armed for the kind (CRT Heading Table, 8.1.2), not
/// disrupted (8.8), not underground (17.1.3).
pub(crate) fn check_attacker(
    tables: &FortressCombatTables,
    u: &Combatant,
    kind: CombatKind,
) -> Result<(), RuleViolation> {
    if u.underground {
        return refuse("17.1.3", "no combat from the U-Bahn");
    }
    if u.disrupted {
        return refuse("8.8", "a disrupted unit cannot attack");
    }
    if !tables.heading.may(u.weapon, kind) {
        return refuse(
            kind.case(),
            "the CRT Heading Table does not allow this weapon type",
        );
    }
    Ok(())
}

/// 17.5 (optional): one letter lower per Soviet army beyond the first in the same Direct Gun
/// Fire or Close Assault (its example: two armies F → E, three F → D).
pub(crate) fn coordination_shift(armies: u8) -> Option<Shift> {
    (armies > 1).then(|| Shift {
        case: "17.5",
        amount: -((armies - 1).min(8) as i8),
    })
}
