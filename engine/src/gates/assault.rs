//! The exclusive rules an assault (series S10) reads in *Gates*: the slope condition of 2.2.1,
//! the divided hex of 2.2.4 (hex 26.25) and the assault abilities printed on counters (3.14).
//!
//! [`declare`] is the Gates declaration: the 2.2.4 check first (its refusal cites 2.2.4), then
//! the series' own (S10.1). [`assault`] builds the series [`Assault`] for Gates units: the
//! side's backing gets the 3.14 flame-thrower and +2 assault ability from the units' abilities
//! ([`backing`]), and the 2.2.1 slope condition comes from the declaration.

use crate::core::hex::HexId;
use crate::core::protocol::{refuse, RuleViolation};
use crate::core::side::Side;
use crate::css::assault::{
    declare as series_declare, Approach, Assault, Backing, Declaration, Defended, Fighter,
};
use crate::css::terrain::{Conditions, Crossing, Ground, ROUTES};
use crate::gates::abilities::Abilities;

/// 2.2.4 divided hex: a hex split in two by a bridge (26.25) whose defenders hold one part is
/// assaulted by the enemy only from hexes next to that part, or from the hex the bridge's route
/// comes from while the bridge stands.
pub fn divided_hex<const H: usize, const P: usize>(
    ground: &Ground<'_, H, P>,
    cond: &impl Conditions,
    side: Side,
    from: HexId,
    into: HexId,
) -> Result<(), RuleViolation> {
    let parts = ground.detail(into).parts;
    if !parts.divided() {
        return Ok(());
    }
    let Some(d) = ground.map.geometry.direction_to(from, into) else {
        return Ok(());
    };
    let Some((owner, held)) = cond.hex_owned(into) else {
        return Ok(());
    };
    if owner == side || parts.part_of(d.opposite()) == held {
        return Ok(());
    }
    // 2.2.4: the only way into the far part is the bridge, so only from the bridge's hex.
    let over_bridge = parts.bridge
        && !cond.bridge_out(Crossing::InHex(into))
        && ground.side_toward(from, d).has(ROUTES);
    if over_bridge {
        Ok(())
    } else {
        refuse(
            "2.2.4",
            "the far part of a hex divided by a bridge is assaulted only from the bridge's hex",
        )
    }
}

/// A Gates assault declaration: 2.2.4 for every assaulting hex, then the series' S10.1.
pub fn declare<const H: usize, const P: usize>(
    ground: &Ground<'_, H, P>,
    cond: &impl Conditions,
    side: Side,
    target: HexId,
    enemy_in_target: bool,
    approaches: &[Approach<'_>],
) -> Result<Declaration, RuleViolation> {
    for a in approaches.iter().filter(|a| !a.units.is_empty()) {
        divided_hex(ground, cond, side, a.hex, target)?;
    }
    series_declare(ground, cond, side, target, enemy_in_target, approaches)
}

/// 3.14: a side's backing (S10.4) with the abilities of its units in the assault: a
/// flame-thrower (+3) and the +2 assault ability, each once however many units have it.
pub fn backing(units: &[Abilities], base: Backing) -> Backing {
    Backing {
        flame_thrower: base.flame_thrower || units.iter().any(|a| a.flame_thrower),
        assault_ability: base.assault_ability || units.iter().any(|a| a.assault_bonus),
        ..base
    }
}

/// A side of a Gates assault: its fighters, their printed abilities (3.14) and the leader and
/// hero backing (S10.4).
pub struct Party<'a, 'b> {
    pub fighters: &'a mut [Fighter],
    pub abilities: &'b [Abilities],
    pub backing: Backing,
}

/// The series assault (S10.3–S10.5) for Gates units after the defensive fire: 3.14's abilities
/// on each side's backing, and 2.2.1's slope (the defender benefits only if every attacker
/// still in the assault attacks across a slope hexside, [`Declaration::across_slope`]).
pub fn assault<'a>(
    declaration: &Declaration,
    attack: Party<'a, '_>,
    defence: Party<'a, '_>,
    hex: Defended,
) -> Assault<'a> {
    Assault {
        attack: backing(attack.abilities, attack.backing),
        defence: backing(defence.abilities, defence.backing),
        attackers: attack.fighters,
        defenders: defence.fighters,
        hex,
        // 2.2.1 slopes: all attackers across, or no benefit.
        across_slope: declaration.across_slope(),
    }
}

#[cfg(test)]
#[path = "assault_tests.rs"]
mod tests;
