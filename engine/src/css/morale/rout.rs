//! The rout path (S11.8.2) and capture for want of one (S11.8.4), on the core's breadth-first
//! trace (`core::movement::trace`). The game answers what the trace asks about the map through
//! [`RoutMap`]: where the enemy is, where friendly units that are not routing stand, what the
//! routing unit's movement class may cross, and where its havens are (its own HQs, friendly map
//! edges and entry hexes). MP are not counted: the path may be of any length.

use crate::core::hex::{Geometry, HexId};
use crate::core::movement::trace;

/// The map as a routing unit's owner sees it.
pub trait RoutMap {
    /// An enemy unit is in the hex, or in the part of a divided hex the enemy holds (S16.3).
    fn enemy_in(&self, h: HexId) -> bool;
    /// A friendly unit that is not itself routing is in the hex.
    fn friend_in(&self, h: HexId) -> bool;
    /// The routing unit's movement class may enter `to` from `from` (bridges may be used).
    fn passable(&self, from: HexId, to: HexId) -> bool;
    /// A Formation HQ or the Division HQ of the unit's own division is in the hex.
    fn own_hq_in(&self, h: HexId) -> bool;
    /// A friendly map edge or entry hex the scenario names.
    fn exit(&self, h: HexId) -> bool;
}

fn enemy_adjacent(g: &Geometry, map: &impl RoutMap, h: HexId) -> bool {
    g.neighbours(h).any(|(_, n)| map.enemy_in(n))
}

/// S11.8.2: may the path step from `from` into `to`? Never into an enemy hex; never into a hex
/// next to an enemy unit unless a friendly unit (not routing) is there; only where the unit's
/// class could go.
pub fn may_rout_into(g: &Geometry, map: &impl RoutMap, from: HexId, to: HexId) -> bool {
    map.passable(from, to)
        && !map.enemy_in(to)
        && (map.friend_in(to) || !enemy_adjacent(g, map, to))
}

/// S11.8.2: the path ends in a hex containing, or adjacent to, an own HQ, or at a friendly
/// map edge or entry hex.
pub fn is_haven(g: &Geometry, map: &impl RoutMap, h: HexId) -> bool {
    map.exit(h) || map.own_hq_in(h) || g.neighbours(h).any(|(_, n)| map.own_hq_in(n))
}

/// S11.8.2–S11.8.4: can the unit in `start` trace a rout path? If not, it is captured. `seen`
/// is scratch for a map of up to `H` hexes (`core::capacity`).
pub fn rout_path_exists<const H: usize>(
    g: &Geometry,
    map: &impl RoutMap,
    start: HexId,
    seen: &mut [bool; H],
) -> bool {
    trace(
        g,
        start,
        |from, to| may_rout_into(g, map, from, to),
        |h| is_haven(g, map, h),
        seen,
    )
}

/// S11.8.4: another forced journey a game imposes (*Gates* 7.0: a Fuel Out unit to a friendly
/// Barracks hex) is decided by the same trace, with the game's destination (`arrives`) in place
/// of the havens: false means no way, and the unit is captured as a routing unit would be.
pub fn forced_journey_exists<const H: usize>(
    g: &Geometry,
    map: &impl RoutMap,
    start: HexId,
    arrives: impl Fn(HexId) -> bool,
    seen: &mut [bool; H],
) -> bool {
    trace(
        g,
        start,
        |from, to| may_rout_into(g, map, from, to),
        arrives,
        seen,
    )
}
