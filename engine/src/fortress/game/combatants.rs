//! The board read as combat needs it: a unit as a `Combatant` (its face's values, morale,
//! facing, disruption, command, 2.2, 3.5, 8.8), the defended hex (terrain 8.1.5, ruins 9.0.3,
//! fortifications 10.1), the hexside an assault crosses (7.3.3, 10.1.1) and the defending
//! force (3.1.1).

use super::{Force, Game};
use crate::core::hex::{Dir, HexId};
use crate::core::map::{HexFeatures, SideFeatures};
use crate::core::protocol::{refuse, Case, RuleViolation};
use crate::core::side::Side;
use crate::core::units::UnitId;
use crate::fortress::board::terrain;
use crate::fortress::combat::{
    Combatant, Crossing, DefendedHex, Fortification, TerrainKind, Water,
};
use crate::fortress::command;
use crate::fortress::counters::UnitType;

/// What a unit is for combat, from its counter and state.
pub fn combatant(g: &Game<'_>, u: UnitId) -> Option<Combatant> {
    let (data, b) = (g.data, &g.state.board);
    let c = data.forces.counter(u)?;
    let x = b.unit(u)?;
    // Leaders are not combat units (11.1.5, 17.4.5).
    if c.kind == UnitType::Leader {
        return None;
    }
    let face = x.counter.face;
    let p = c.on(face);
    let mut k = Combatant::new(u, c.kind, c.weapon, p.fs, p.pf);
    k.mr = c.morale;
    k.range = p.range;
    k.face = face;
    k.facing = x.counter.facing;
    k.disrupted = x.counter.game.disrupted.is_some();
    k.underground = x.counter.game.underground;
    k.in_command = command::command_of(&data.map, &data.forces, b, u).in_command();
    Some(k)
}

/// Unit `i` of `units`, named by `side` for a combat, checked as every combat checks it: named
/// once and on the map (`case`), its owner's (8.0), no leader (11.1.5). Its hex and what it is
/// for combat.
pub(super) fn fighter(
    g: &Game<'_>,
    units: &[UnitId],
    i: usize,
    side: Side,
    case: Case,
) -> Result<(HexId, Combatant), RuleViolation> {
    let u = units[i];
    if units[..i].contains(&u) {
        return refuse(case, "a unit is named twice");
    }
    if g.data.forces.counter(u).map(|c| c.side) != Some(side) {
        return refuse("8.0", "a player fights with his own units");
    }
    let Some(from) = g.state.board.hex_of(u) else {
        return refuse(case, "the unit is not on the map");
    };
    let k = combatant(g, u).ok_or(RuleViolation::new("11.1.5", "a leader never fights"))?;
    Ok((from, k))
}

/// The defended hex as combat reads it: terrain (8.1.5), ruins (9.0.3), fortification (10.1).
pub fn defended_hex(g: &Game<'_>, hex: HexId) -> DefendedHex {
    let kind = match g.data.map.terrain(hex) {
        terrain::PARK => TerrainKind::Park,
        terrain::BUILT_UP => TerrainKind::BuiltUp,
        terrain::MAJOR_BUILDING => TerrainKind::MajorBuilding,
        terrain::AIRFIELD => TerrainKind::Airfield,
        _ => TerrainKind::Clear,
    };
    let mut d = DefendedHex::of(kind);
    let f = crate::fortress::board::features(&g.data.map, &g.state.board.options, hex);
    // 10.2: a captured strongpoint or flak tower helps neither side (a bunker stays one).
    let captured = g.state.board.captured(hex);
    d.fortification = if f.has(HexFeatures::FLAK_TOWER) && !captured {
        Some(Fortification::FlakTower)
    } else if f.has(HexFeatures::STRONGPOINT) && !captured {
        Some(Fortification::Strongpoint)
    } else if f.has(HexFeatures::BUNKER) {
        Some(Fortification::Bunker)
    } else {
        None
    };
    d.ruins = g.state.board.ruined(hex);
    d
}

pub(super) fn crossing(g: &Game<'_>, from: HexId, d: Dir) -> Crossing {
    let s = g.data.map.side_toward(from, d);
    let water = if !(s.has(SideFeatures::WATER) || s.has(SideFeatures::CANAL)) {
        Water::None
    } else if s.has(SideFeatures::BRIDGE) {
        Water::Bridged
    } else {
        Water::Unbridged
    };
    Crossing {
        water,
        perimeter_barrier: s.has(SideFeatures::BORDER),
    }
}

/// The defending force's units in `hex` (3.1.1), combat units only.
pub(super) fn defenders_at(g: &Game<'_>, hex: HexId, side: Side) -> Force {
    g.state
        .board
        .stacks
        .at(hex, side)
        .map(|s| {
            s.units
                .iter()
                .copied()
                .filter(|&u| {
                    g.data
                        .forces
                        .counter(u)
                        .is_some_and(|c| c.kind.is_combat_unit())
                })
                .collect()
        })
        .unwrap_or_default()
}
