//! Fire combat: Bombardment and Mixed Bombardment against a hex (8.2, 8.2.1–8.2.4, 11.3,
//! 11.4) and Direct Gun Fire against one unit (8.3, 8.3.1–8.3.6), up to the combat card.

use super::card::{
    push, CombatCard, Modifier, Source, Strength, TargetFacts, MAX_MODIFIERS, MAX_PARTS, MAX_SHIFTS,
};
use super::combatant::{Combatant, Crossing, DefendedHex, Water};
use super::tables::{CombatKind, FortressCombatTables, WeaponType};
use super::{check_attacker, coordination_shift};
use crate::core::protocol::{refuse, RuleViolation};

/// Each Soviet off-board artillery strike fires with 18 (11.3).
pub const OFF_BOARD_FS: u8 = 18;
/// Each air strike fires with 20 (11.4).
pub const AIR_STRIKE_FS: u8 = 20;
/// Direct Gun Fire reaches two hexes (8.3.1)…
pub const GUN_RANGE: u8 = 2;
/// …four for flak in a flak tower (8.3.1 exception).
pub const FLAK_TOWER_GUN_RANGE: u8 = 4;

/// An on-map unit firing, with what the map says about its shot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Firer {
    pub unit: Combatant,
    /// Hexes to the target.
    pub distance: u8,
    /// A friendly undisrupted unit within two hexes of the target sees it (8.2.3, 11.3).
    pub spotted: bool,
    /// The firer's own line of sight to the target (8.3.2).
    pub line_of_sight: bool,
    /// The target lies in the firer's facing (8.1.6); always true in combat mode.
    pub in_front: bool,
    /// The firer stands in a flak tower (8.3.1 exception).
    pub in_flak_tower: bool,
}

impl Firer {
    /// A firer at `distance`, spotted, in sight and in front.
    pub const fn at(unit: Combatant, distance: u8) -> Self {
        Firer {
            unit,
            distance,
            spotted: true,
            line_of_sight: true,
            in_front: true,
            in_flak_tower: false,
        }
    }
}

/// One contribution to a bombardment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FireSource {
    Unit(Firer),
    /// A Soviet Army's off-board artillery strike (11.3): the target must be within the HQ's
    /// command radius and spotted.
    OffBoard {
        in_radius: bool,
        spotted: bool,
    },
    /// An air strike (11.4): any hex, no spotter, alone.
    AirStrike,
}

/// A Bombardment or Mixed Bombardment of one hex.
#[derive(Clone, Copy, Debug)]
pub struct Bombardment<'a> {
    pub kind: CombatKind,
    pub fire: &'a [FireSource],
    /// Every enemy unit in the target hex (8.2: their PFs combine).
    pub defenders: &'a [Combatant],
    pub hex: &'a DefendedHex,
}

/// Direct Gun Fire at one unit.
#[derive(Clone, Copy, Debug)]
pub struct GunFire<'a> {
    pub firers: &'a [Firer],
    pub target: &'a Combatant,
    pub hex: &'a DefendedHex,
    /// The target hex's hexside the fire comes across (8.3.6: hexside terrain helps).
    pub crossing: Crossing,
    /// Distinct Soviet armies among the firers when 17.5 is played; 0 otherwise.
    pub soviet_armies: u8,
}

fn is_artillery(u: &Combatant) -> bool {
    u.weapon == WeaponType::Artillery
}

/// One firer's contribution to a bombardment, after the checks of 8.2–8.2.3 and 8.3.1–8.3.2.
fn bombarding_fs(
    tables: &FortressCombatTables,
    kind: CombatKind,
    f: &Firer,
) -> Result<i16, RuleViolation> {
    let u = &f.unit;
    if kind == CombatKind::MixedBombardment && !is_artillery(u) {
        // The direct-fire units of a mixed bombardment fire as in 8.3.
        check_attacker(tables, u, CombatKind::MixedBombardment)?;
        check_gun_reach(f)?;
        return Ok(u.fs as i16);
    }
    if !is_artillery(u) {
        return refuse("8.2", "only artillery bombards (CRT Heading Table)");
    }
    check_attacker(tables, u, kind)?;
    if u.in_maneuver_mode() {
        return refuse("3.3.1", "artillery in maneuver mode cannot bombard");
    }
    if f.distance > u.range {
        return refuse("2.2.3", "the target is beyond the artillery's range");
    }
    // 8.2.2: beyond half range only half the FS, fractions dropped.
    let far = f.distance as u16 * 2 > u.range as u16;
    if far && kind == CombatKind::Bombardment && !f.spotted {
        return refuse(
            "8.2.3",
            "artillery firing beyond half range needs a spotter",
        );
    }
    Ok(if far { u.fs as i16 / 2 } else { u.fs as i16 })
}

/// Range, sight and facing of a direct-fire unit (8.1.6, 8.3.1, 8.3.2).
fn check_gun_reach(f: &Firer) -> Result<(), RuleViolation> {
    let reach = if f.in_flak_tower && f.unit.class == crate::fortress::counters::UnitType::Flak {
        FLAK_TOWER_GUN_RANGE
    } else {
        GUN_RANGE
    };
    if f.distance == 0 || f.distance > reach {
        return refuse(
            "8.3.1",
            "direct fire reaches two hexes (four from a flak tower)",
        );
    }
    if f.distance > 1 && !f.line_of_sight {
        return refuse("8.3.2", "no line of sight to the target");
    }
    if !f.in_front {
        return refuse("8.1.6", "a unit fires only into the hexes it faces");
    }
    Ok(())
}

/// The combat card of a Bombardment or Mixed Bombardment (8.2.4 steps 1–4).
pub fn bombard(
    tables: &FortressCombatTables,
    b: &Bombardment<'_>,
) -> Result<CombatCard, RuleViolation> {
    if !b.kind.is_bombardment() {
        return refuse("8.2", "not a bombardment");
    }
    let defenders = present(b.defenders);
    if defenders.clone().next().is_none() && b.hex.garrison().is_none() {
        return refuse("8.2", "only enemy-occupied hexes are bombarded");
    }
    if b.fire.is_empty() {
        return refuse("8.2.4", "no unit bombards");
    }
    let air = b
        .fire
        .iter()
        .filter(|s| matches!(s, FireSource::AirStrike))
        .count();
    if air > 0 && (b.fire.len() > 1 || b.kind != CombatKind::Bombardment) {
        return refuse("11.4", "an air strike combines with no other bombardment");
    }
    let mut attack = 0i16;
    let (mut artillery, mut direct) = (false, false);
    let mut lines = heapless::Vec::<(Source, i16, &'static str), MAX_PARTS>::new();
    for s in b.fire {
        let (source, value, case) = match s {
            FireSource::Unit(f) => {
                if is_artillery(&f.unit) {
                    artillery = true;
                } else {
                    direct = true;
                }
                let fs = bombarding_fs(tables, b.kind, f)?;
                // 8.2.2: artillery beyond half its range fires with half its FS.
                let case = if is_artillery(&f.unit) && fs < f.unit.fs as i16 {
                    "8.2.2"
                } else if is_artillery(&f.unit) {
                    "8.2"
                } else {
                    "8.2.1"
                };
                (Source::Unit(f.unit.id), fs, case)
            }
            FireSource::OffBoard { in_radius, spotted } => {
                if !in_radius {
                    return refuse("11.3", "the target is outside the Army HQ's command radius");
                }
                if !spotted {
                    return refuse("11.3", "off-board artillery needs a spotter");
                }
                artillery = true;
                (Source::OffBoard, OFF_BOARD_FS as i16, "11.3")
            }
            FireSource::AirStrike => (Source::AirStrike, AIR_STRIKE_FS as i16, "11.4"),
        };
        attack += value;
        push(&mut lines, (source, value, case))?;
    }
    if b.kind == CombatKind::MixedBombardment && !(artillery && direct) {
        return refuse(
            "8.2.1",
            "a mixed bombardment combines artillery with direct-fire units",
        );
    }
    // Step 1: the total PF of every unit in the hex plus the hex's single highest modifier.
    let pf_mod = b.hex.pf_modifier(&tables.terrain) as i16;
    let total_pf: i16 = defenders.clone().map(|u| u.protection() as i16).sum();
    // Step 4: the single highest PF, plus the hex (not hexside) modifier.
    let highest = defenders.clone().map(|u| u.protection() as i16).max();
    let mut modifiers = heapless::Vec::new();
    hex_modifier(&mut modifiers, b.hex, tables)?;
    let mut card = CombatCard::build(
        tables,
        b.kind,
        attack,
        total_pf + pf_mod,
        highest.unwrap_or(0) + pf_mod,
        heapless::Vec::new(),
        modifiers,
        TargetFacts::of(b.hex, defenders.clone().count()),
    );
    for (source, value, case) in lines {
        card.part(true, source, Strength::Firepower, value as u16 * 2, case)?;
    }
    for u in defenders {
        let case = if u.protection() < u.pf {
            "8.8"
        } else {
            "8.2.4"
        };
        let pf = u.protection() as u16 * 2;
        card.part(false, Source::Unit(u.id), Strength::Protection, pf, case)?;
    }
    if pf_mod > 0 {
        let halves = pf_mod as u16 * 2;
        card.part(false, Source::Hex, Strength::Protection, halves, "8.2.4")?;
    }
    Ok(card)
}

/// The combat card of Direct Gun Fire (8.3.6: as 8.2.4, on its own heading line, against one
/// unit's PF; the target keeps its hex and hexside terrain).
pub fn gun_fire(
    tables: &FortressCombatTables,
    g: &GunFire<'_>,
) -> Result<CombatCard, RuleViolation> {
    let t = g.target;
    if t.underground {
        return refuse("17.1.3", "units in the U-Bahn are immune to gun fire");
    }
    if !t.class.is_gun_target() {
        return refuse(
            "8.3",
            "only armoured, mechanized or assault gun units are gun fire targets",
        );
    }
    if g.firers.is_empty() {
        return refuse("8.3.3", "no unit fires");
    }
    let mut attack = 0i16;
    for f in g.firers {
        check_attacker(tables, &f.unit, CombatKind::DirectGunFire)?;
        if !f.unit.in_command {
            return refuse("8.3.3", "a unit must be in command to fire Direct Gun Fire");
        }
        check_gun_reach(f)?;
        attack += f.unit.fs as i16;
    }
    let hex_pf = g.hex.pf_modifier(&tables.terrain) as i16;
    let pf = t.protection() as i16 + hex_pf;
    let mut modifiers = heapless::Vec::new();
    hex_modifier(&mut modifiers, g.hex, tables)?;
    if g.crossing.water == Water::Bridged {
        let drm = tables.terrain.bridged_water_drm;
        if drm != 0 {
            push(
                &mut modifiers,
                Modifier {
                    case: "8.1.5",
                    amount: drm,
                },
            )?;
        }
    }
    let mut shifts = heapless::Vec::<_, MAX_SHIFTS>::new();
    if let Some(s) = coordination_shift(g.soviet_armies) {
        push(&mut shifts, s)?;
    }
    let mut card = CombatCard::build(
        tables,
        CombatKind::DirectGunFire,
        attack,
        pf,
        pf,
        shifts,
        modifiers,
        TargetFacts::of(g.hex, 1),
    );
    for f in g.firers {
        let fs = f.unit.fs as u16 * 2;
        card.part(
            true,
            Source::Unit(f.unit.id),
            Strength::Firepower,
            fs,
            "8.3",
        )?;
    }
    // 8.3.6: against the target's own PF, with its hex's modifier.
    let case = if t.protection() < t.pf {
        "8.8"
    } else {
        "8.3.6"
    };
    let own = t.protection() as u16 * 2;
    card.part(false, Source::Unit(t.id), Strength::Protection, own, case)?;
    if hex_pf > 0 {
        let halves = hex_pf as u16 * 2;
        card.part(false, Source::Hex, Strength::Protection, halves, "8.3.6")?;
    }
    Ok(card)
}

/// The defenders that take part: units underground do not (17.1.3).
pub(crate) fn present(units: &[Combatant]) -> impl Iterator<Item = &Combatant> + Clone {
    units.iter().filter(|u| !u.underground)
}

/// The hex's single most favourable die-roll modifier, with its case (8.1.5, 9.0.3, 10.1).
pub(crate) fn hex_modifier(
    modifiers: &mut heapless::Vec<Modifier, MAX_MODIFIERS>,
    hex: &DefendedHex,
    tables: &FortressCombatTables,
) -> Result<(), RuleViolation> {
    let drm = hex.drm(&tables.terrain);
    if drm == 0 {
        return Ok(());
    }
    let case = if hex.ruins && drm == super::combatant::RUINS.1 {
        "9.0.3"
    } else {
        match hex.fortification {
            Some(f) if f.drm() == drm => f.case(),
            _ => "8.1.5",
        }
    };
    push(modifiers, Modifier { case, amount: drm })
}
