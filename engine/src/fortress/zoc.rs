//! Zones of control (3.2): a combat-mode unit controls its six neighbours, a maneuver-mode unit
//! only the three hexes it faces (3.2.1, 3.4.1); never into lakes, built-up hexes, bunkers,
//! strongpoints or flak towers, nor across a river or canal even where bridged (3.2.3, 10.1.2,
//! 10.1.3); none while disrupted (3.2.6). Friendly units never cancel an enemy zone (3.2.2),
//! except that a retreat may pass an enemy-controlled hex a friendly unit holds (3.2.5).

use super::board::{features, terrain, Forces, MapData, Options, State};
use crate::core::capacity::fortress_berlin::HEXES;
use crate::core::hex::HexId;
use crate::core::map::{HexFeatures, SideFeatures};
use crate::core::side::Side;
use crate::core::units::UnitId;

/// May any zone of control enter `hex` (3.2.3, 10.1.2, 10.1.3), the variants of `options`
/// in play (16.1's Reichstag flak tower)?
pub fn zone_may_enter(map: &MapData, options: &Options, hex: HexId) -> bool {
    let t = map.terrain(hex);
    let f = features(map, options, hex);
    !(t == terrain::LAKE
        || t == terrain::BUILT_UP
        || f.has(HexFeatures::BUNKER | HexFeatures::STRONGPOINT | HexFeatures::FLAK_TOWER))
}

/// May a zone of control enter `hex` as the game stands: a captured strongpoint or flak tower
/// no longer keeps zones out (10.2), a bunker still does.
pub fn zone_may_enter_now(map: &MapData, state: &State, hex: HexId) -> bool {
    if zone_may_enter(map, &state.options, hex) {
        return true;
    }
    let t = map.terrain(hex);
    let f = features(map, &state.options, hex);
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

/// 64-bit words of one bit per hex.
const WORDS: usize = HEXES.div_ceil(64);

/// The enemy's units and zones of control over the whole map, worked out once for a movement
/// search (which asks about every hexside it crosses) from one pass over the enemy's forces:
/// bit `i` of `occupied` / `controlled` is hex `i` ([`Geometry::index`]) holding enemy units /
/// lying in an enemy zone (3.2.2, 3.2.4, 7.2.1). Answers exactly as [`enemy_zone`] and
/// [`State::occupied_by`] do.
///
/// [`Geometry::index`]: crate::core::hex::Geometry::index
pub struct EnemyMap {
    occupied: [u64; WORDS],
    controlled: [u64; WORDS],
}

fn set(bits: &mut [u64; WORDS], i: usize) {
    if let Some(w) = bits.get_mut(i / 64) {
        *w |= 1 << (i % 64);
    }
}

fn get(bits: &[u64; WORDS], i: usize) -> bool {
    bits.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0)
}

impl EnemyMap {
    /// The units and zones of the enemies of `side`.
    pub fn of(map: &MapData, forces: &Forces, state: &State, side: Side) -> Self {
        let mut m = EnemyMap {
            occupied: [0; WORDS],
            controlled: [0; WORDS],
        };
        let g = &map.geometry;
        for stack in state.stacks.stacks.iter() {
            if stack.owner == side || stack.is_empty() {
                continue;
            }
            if let Some(i) = g.index(stack.hex) {
                set(&mut m.occupied, i);
            }
            for (_, n) in g.neighbours(stack.hex) {
                let Some(i) = g.index(n) else { continue };
                if !get(&m.controlled, i)
                    && stack
                        .units
                        .iter()
                        .any(|&u| projects_into(map, forces, state, u, n))
                {
                    set(&mut m.controlled, i);
                }
            }
        }
        m
    }

    /// Enemy units in hex `i`.
    #[inline]
    pub fn occupied(&self, i: usize) -> bool {
        get(&self.occupied, i)
    }

    /// Hex `i` in an enemy zone of control.
    #[inline]
    pub fn controlled(&self, i: usize) -> bool {
        get(&self.controlled, i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::side::Side;
    use crate::fortress::testkit;

    /// The one-pass map answers as the per-hex rule does, for both sides, on the test board's
    /// set-up (combat and maneuver faces, facings, water, built-up hexes).
    #[test]
    fn fb_zoc_3_2_the_enemy_map_agrees_with_the_zone_rule_on_every_hex() {
        let data = testkit::data();
        let game =
            crate::fortress::Game::new(&data, "skirmish", Default::default()).expect("skirmish");
        let state = &game.state.board;
        let g = &data.map.geometry;
        let mut zones = 0;
        for side in [Side::A, Side::B] {
            let m = EnemyMap::of(&data.map, &data.forces, state, side);
            for i in 0..g.hex_count() {
                let hex = g.hex_at(i).expect("hex");
                assert_eq!(
                    m.controlled(i),
                    enemy_zone(&data.map, &data.forces, state, side, hex),
                    "zone of {hex:?} for {side:?}"
                );
                assert_eq!(m.occupied(i), state.occupied_by(hex, side.other()));
                zones += usize::from(m.controlled(i));
            }
        }
        assert!(zones > 0, "the set-up projects zones");
    }
}
