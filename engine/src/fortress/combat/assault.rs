//! Close Assault (8.4, 8.4.1, 8.4.2) with its advantages (8.5.1–8.5.4), HQ Support Fire
//! (3.5.2, 3.5.4) and the intrinsic garrisons of strongpoints and flak towers (10.1.3, 10.1.4),
//! up to the combat card.

use super::card::{
    push, CombatCard, Modifier, Part, Shift, Source, Strength, TargetFacts, MAX_MODIFIERS,
    MAX_PARTS, MAX_SHIFTS,
};
use super::combatant::{Combatant, Crossing, DefendedHex, Fortification, Water};
use super::fire::{hex_modifier, present};
use super::tables::{AssaultDefence, CombatKind, FortressCombatTables};
use super::{check_attacker, coordination_shift};
use crate::core::hex::Dir;
use crate::core::protocol::{refuse, RuleViolation};

/// One unit close assaulting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Assailant {
    pub unit: Combatant,
    /// The direction from the unit's hex to the defender's; `None` when not adjacent.
    pub toward: Option<Dir>,
    /// The hexside it attacks across.
    pub crossing: Crossing,
}

impl Assailant {
    pub const fn new(unit: Combatant, toward: Dir) -> Self {
        Assailant {
            unit,
            toward: Some(toward),
            crossing: Crossing::OPEN,
        }
    }

    pub const fn across(mut self, crossing: Crossing) -> Self {
        self.crossing = crossing;
        self
    }
}

/// An HQ lending its Support Fire to a close assault (3.5.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Support {
    pub hq: Combatant,
    /// The combat hex is within its command radius.
    pub in_radius: bool,
    /// It has already supported a close assault this turn.
    pub used_this_turn: bool,
    /// It is itself being close assaulted this turn.
    pub assaulted: bool,
}

/// One hex around the defender, seen from the defender (8.5.4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Neighbour {
    pub enemy_unit: bool,
    pub enemy_zoc: bool,
    pub friendly_unit: bool,
}

/// Is the defender surrounded? Every hex around it holds an enemy unit or an enemy ZOC, a
/// ZOC counting only where no friendly unit stands (8.5.4).
pub fn surrounded(around: &[Neighbour; 6]) -> bool {
    around
        .iter()
        .all(|n| n.enemy_unit || (n.enemy_zoc && !n.friendly_unit))
}

/// A close assault on one hex.
#[derive(Clone, Copy, Debug)]
pub struct Assault<'a> {
    pub attackers: &'a [Assailant],
    /// Every enemy unit in the hex (3.1.1: they defend as one).
    pub defenders: &'a [Combatant],
    pub hex: &'a DefendedHex,
    pub attacker_support: &'a [Support],
    pub defender_support: &'a [Support],
    /// See [`surrounded`].
    pub surrounded: bool,
    /// Distinct Soviet armies among the attackers when 17.5 is played; 0 otherwise.
    pub soviet_armies: u8,
}

fn check_support(s: &Support) -> Result<(), RuleViolation> {
    if s.hq.disrupted {
        return refuse("8.8", "a disrupted HQ gives no Support Fire");
    }
    if !s.in_radius {
        return refuse("3.5.2", "the combat hex is outside the HQ's command radius");
    }
    if s.used_this_turn {
        return refuse("3.5.2", "an HQ supports one close assault per turn");
    }
    if s.assaulted {
        return refuse(
            "3.5.2",
            "an HQ being close assaulted gives no Support Fire that turn",
        );
    }
    Ok(())
}

/// The combat card of a close assault (8.4.2 steps 3 and 4, 8.5).
pub fn close_assault(
    tables: &FortressCombatTables,
    a: &Assault<'_>,
) -> Result<CombatCard, RuleViolation> {
    let defenders = present(a.defenders);
    let units = defenders.clone().count();
    let garrison = a.hex.garrison();
    if units == 0 && garrison.is_none() {
        return refuse(
            "8.4.1",
            "only enemy units or an intrinsic garrison can be close assaulted",
        );
    }
    if a.attackers.is_empty() {
        return refuse("8.4.2", "no unit assaults");
    }
    // Step 3: attacker FS in half points, halved across a bridge, rounded down at the end.
    let mut parts = heapless::Vec::<Part, MAX_PARTS>::new();
    let line = |attack, source, strength, halves, case| Part {
        attack,
        source,
        strength,
        halves,
        case,
    };
    let mut attack_halves = 0u16;
    for s in a.attackers {
        let u = &s.unit;
        check_attacker(tables, u, CombatKind::CloseAssault)?;
        let Some(toward) = s.toward else {
            return refuse("8.4.1", "assaulting units must be adjacent to the defender");
        };
        if !u.faces(toward) {
            return refuse(
                "8.4.1",
                "the defender must be in the facing of every assaulting unit",
            );
        }
        let (halves, case) = match s.crossing.water {
            Water::Unbridged => {
                return refuse(
                    "7.3.3",
                    "close assault across a river or canal only at bridges",
                )
            }
            Water::Bridged => (u.fs as u16, "8.4.2"),
            Water::None => (u.fs as u16 * 2, "8.4.2"),
        };
        attack_halves += halves;
        let p = line(true, Source::Unit(u.id), Strength::Firepower, halves, case);
        push(&mut parts, p)?;
    }
    for s in a.attacker_support {
        check_support(s)?;
        attack_halves += s.hq.fs as u16 * 2;
        let p = line(
            true,
            Source::Support(s.hq.id),
            Strength::Firepower,
            s.hq.fs as u16 * 2,
            "3.5.2",
        );
        push(&mut parts, p)?;
    }
    let mut defence_halves = 0u16;
    for u in defenders.clone() {
        // 8.4.2 step 3: a unit defends with its FS, or the heading table's PF for weapons
        // units (8.1.1); disrupted units with half (8.8).
        let (halves, strength) = match tables.heading.row(u.weapon).assault_defence {
            AssaultDefence::Firepower => (u.defence_fs_halves(), Strength::Firepower),
            AssaultDefence::Protection => (u.protection() as u16 * 2, Strength::Protection),
        };
        let case = if u.disrupted { "8.8" } else { "8.4.2" };
        defence_halves += halves;
        push(
            &mut parts,
            line(false, Source::Unit(u.id), strength, halves, case),
        )?;
    }
    if let Some(g) = garrison {
        defence_halves += g.fs as u16 * 2;
        let case = a.hex.fortification.map_or("10.1", Fortification::case);
        let p = line(
            false,
            Source::Garrison,
            Strength::Firepower,
            g.fs as u16 * 2,
            case,
        );
        push(&mut parts, p)?;
    }
    for s in a.defender_support {
        check_support(s)?;
        defence_halves += s.hq.fs as u16 * 2;
        let p = line(
            false,
            Source::Support(s.hq.id),
            Strength::Firepower,
            s.hq.fs as u16 * 2,
            "3.5.2",
        );
        push(&mut parts, p)?;
    }
    // Step 4: the adjusted PF is the highest defending unit's plus the hex's.
    let pf_mod = a.hex.pf_modifier(&tables.terrain) as i16;
    let highest = defenders.clone().map(|u| u.protection() as i16).max();
    let shifts = advantages(a)?;
    let mut modifiers = heapless::Vec::<_, MAX_MODIFIERS>::new();
    hex_modifier(&mut modifiers, a.hex, tables)?;
    hexside_modifiers(&mut modifiers, a, tables)?;
    let mut card = CombatCard::build(
        tables,
        CombatKind::CloseAssault,
        (attack_halves / 2) as i16,
        (defence_halves / 2) as i16,
        highest.unwrap_or(0) + pf_mod,
        shifts,
        modifiers,
        TargetFacts::of(a.hex, units),
    );
    card.parts = parts;
    Ok(card)
}

/// The hexsides attacking units cross (8.4.2 step 4): the most favourable water modifier
/// (8.1.5 exception) and a perimeter barrier's -1 (10.1.1), which a bunker hex does not add
/// (10.1.2).
fn hexside_modifiers(
    modifiers: &mut heapless::Vec<Modifier, MAX_MODIFIERS>,
    a: &Assault<'_>,
    tables: &FortressCombatTables,
) -> Result<(), RuleViolation> {
    let bridged = a
        .attackers
        .iter()
        .any(|s| s.crossing.water == Water::Bridged);
    let drm = tables.terrain.bridged_water_drm;
    if bridged && drm != 0 {
        push(
            modifiers,
            Modifier {
                case: "8.1.5",
                amount: drm,
            },
        )?;
    }
    let barrier = a.attackers.iter().any(|s| s.crossing.perimeter_barrier);
    if barrier && a.hex.fortification != Some(Fortification::Bunker) {
        push(
            modifiers,
            Modifier {
                case: "10.1.1",
                amount: -1,
            },
        )?;
    }
    Ok(())
}

/// The Close Assault advantages (8.5): each one column, cumulative.
fn advantages(a: &Assault<'_>) -> Result<heapless::Vec<Shift, MAX_SHIFTS>, RuleViolation> {
    let mut shifts = heapless::Vec::new();
    let defenders = present(a.defenders);
    // 8.5.1: the higher single MR wins a column; garrisons have their own MR (10.1.3, 10.1.4).
    let att_mr = a
        .attackers
        .iter()
        .map(|s| s.unit.morale())
        .max()
        .unwrap_or(0);
    let def_mr = defenders
        .clone()
        .map(Combatant::morale)
        .chain(a.hex.garrison().map(|g| g.mr))
        .max()
        .unwrap_or(0);
    if att_mr != def_mr {
        let amount = if att_mr > def_mr { 1 } else { -1 };
        push(
            &mut shifts,
            Shift {
                case: "8.5.1",
                amount,
            },
        )?;
    }
    // 8.5.2: armour against clear or park, unopposed, not across a bridge, not into
    // fortifications (10.1.2–10.1.4) or a major building.
    let armor = a
        .attackers
        .iter()
        .any(|s| s.unit.class.is_armor() && s.crossing.water == Water::None);
    let opposed = defenders
        .clone()
        .any(|u| u.class.negates_armor_superiority());
    if armor && !opposed && a.hex.open_ground() && !a.hex.fortified() {
        push(
            &mut shifts,
            Shift {
                case: "8.5.2",
                amount: 1,
            },
        )?;
    }
    if !a.hex.fortified() {
        // 8.5.3: some assaulting hex lies on the flank of every defending unit (combat-mode
        // units face all round; all maneuver-mode units in a hex face alike, 3.4.2).
        let flanked = a.attackers.iter().filter_map(|s| s.toward).any(|toward| {
            let from = toward.opposite();
            defenders.clone().next().is_some() && defenders.clone().all(|u| !u.faces(from))
        });
        if flanked {
            push(
                &mut shifts,
                Shift {
                    case: "8.5.3",
                    amount: 1,
                },
            )?;
        }
        // 8.5.4 (and its exception for fortifications).
        if a.surrounded {
            push(
                &mut shifts,
                Shift {
                    case: "8.5.4",
                    amount: 1,
                },
            )?;
        }
    }
    if let Some(s) = coordination_shift(a.soviet_armies) {
        push(&mut shifts, s)?;
    }
    Ok(shifts)
}
