//! Zones of control (3.2): a combat-mode unit controls its six neighbours, a maneuver-mode unit
//! only the three hexes it faces (3.2.1, 3.4.1); never into lakes, built-up hexes, bunkers,
//! strongpoints or flak towers, nor across a river or canal even where bridged (3.2.3, 10.1.2,
//! 10.1.3); none while disrupted (3.2.6). Friendly units never cancel an enemy zone (3.2.2),
//! except that a retreat may pass an enemy-controlled hex a friendly unit holds (3.2.5).

use super::board::{terrain, Forces, MapData, State};
use crate::core::hex::HexId;
use crate::core::map::{HexFeatures, SideFeatures};
use crate::core::side::Side;
use crate::core::units::UnitId;

/// May any zone of control enter `hex` (3.2.3, 10.1.2, 10.1.3)?
pub fn zone_may_enter(map: &MapData, hex: HexId) -> bool {
    let t = map.terrain(hex);
    let f = map.features(hex);
    !(t == terrain::LAKE
        || t == terrain::BUILT_UP
        || f.has(HexFeatures::BUNKER | HexFeatures::STRONGPOINT | HexFeatures::FLAK_TOWER))
}

/// May a zone of control enter `hex` as the game stands: a captured strongpoint or flak tower
/// no longer keeps zones out (10.2), a bunker still does.
pub fn zone_may_enter_now(map: &MapData, state: &State, hex: HexId) -> bool {
    if zone_may_enter(map, hex) {
        return true;
    }
    let t = map.terrain(hex);
    let f = map.features(hex);
    state.captured(hex)
        && !(t == terrain::LAKE || t == terrain::BUILT_UP || f.has(HexFeatures::BUNKER))
}

/// Does unit `u` project its zone of control into `hex`?
pub fn projects_into(map: &MapData, forces: &Forces, state: &State, u: UnitId, hex: HexId) -> bool {
    let (Some(c), Some(x)) = (forces.counter(u), state.unit(u)) else {
        return false;
    };
    let Some(from) = x.state.hex() else {
        return false;
    };
    // Markers and leaders are not units (3.2.1); disrupted units lose their zone (3.2.6);
    // underground units are out of the battle (17.1.3).
    if !c.kind.is_combat_unit() || x.counter.game.disrupted.is_some() || x.counter.game.underground
    {
        return false;
    }
    let Some(dir) = map.geometry.direction_to(from, hex) else {
        return false;
    };
    // Maneuver mode: the three facing hexsides only (3.2.1, 3.4.1).
    if !x.counter.faces(dir) {
        return false;
    }
    let side = map.side_toward(from, dir);
    if side.has(SideFeatures::WATER) || side.has(SideFeatures::CANAL) {
        return false;
    }
    zone_may_enter_now(map, state, hex)
}

/// Does `side` control `hex` (3.2.2: one zone is as good as several)?
pub fn controls(map: &MapData, forces: &Forces, state: &State, side: Side, hex: HexId) -> bool {
    map.geometry.neighbours(hex).any(|(_, n)| {
        state.stacks.at(n, side).is_some_and(|s| {
            s.units
                .iter()
                .any(|&u| projects_into(map, forces, state, u, hex))
        })
    })
}

/// Is `hex` in an enemy zone for units of `side`? Friendly units there change nothing
/// (3.2.2, 3.2.4).
pub fn enemy_zone(map: &MapData, forces: &Forces, state: &State, side: Side, hex: HexId) -> bool {
    controls(map, forces, state, side.other(), hex)
}

/// May units of `side` retreat through `hex` as far as zones of control go? Not into enemy
/// units, and not into an enemy-controlled hex unless a friendly unit holds it (3.2.5, 8.7.1).
pub fn retreat_open(map: &MapData, forces: &Forces, state: &State, side: Side, hex: HexId) -> bool {
    !state.occupied_by(hex, side.other())
        && (!enemy_zone(map, forces, state, side, hex) || state.occupied_by(hex, side))
}
