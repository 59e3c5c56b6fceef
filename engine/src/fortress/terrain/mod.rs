//! The movement columns of the Terrain Effects Chart (7.1, 7.3) and what a step of a force
//! costs on it: terrain per the chart, the road and railroad rates in Maneuver Mode only
//! (7.3.2), rivers and canals crossed only at bridges (7.3.3), lakes closed, ruins 4 MP and
//! combat mode only (9.0.2), +1 MP across a perimeter barrier (10.1.1).
//!
//! The rulebook does not print the chart (rules README). The figures it does state are
//! binding and cited where they are used: clear 1 MP (7.3.1), ruins 4 MP (9.0.2), a barrier
//! +1 MP (10.1.1). Everything else in [`standin`] is the project's stand-in, and the types are
//! serde so the data crate can load a club's own chart.
//!
//! A perimeter barrier is the core's `SideFeatures::BORDER` on Fortress Berlin's map (the
//! "border/Wall" bit); a fortification is a hex feature and costs nothing to enter (7.3.1:
//! fortifications are not terrain).
//!
//! [`ForceMoves`] answers the core search (`core::movement`) for one force, so the UI and the
//! game list the hexes a force may reach with what it has left (3.1.4, 3.2.4, 7.2.1).

use super::board::{terrain, Forces, MapData, State};
use super::counters::MANEUVER;
use super::force::force_remaining;
use super::zoc::EnemyMap;
use crate::core::capacity::fortress_berlin::{self, MP};
use crate::core::hex::HexId;
use crate::core::map::SideFeatures;
use crate::core::movement::{search, Link, MoveRules, SearchError, Step};
use crate::core::protocol::{refuse, RuleViolation};
use crate::core::side::Side;
use crate::core::units::UnitId;
use serde::{Deserialize, Serialize};

#[cfg(test)]
mod tests;

/// Terrain ids the chart prices (`board::terrain`, 0…5).
pub const TERRAIN_IDS: usize = 6;

/// The movement columns of the TEC, in MP sub-points (`capacity::fortress_berlin::MP`,
/// halves). `None`: the hex may not be entered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MovementChart {
    /// To enter a hex, by terrain id (`board::terrain`).
    pub enter: [Option<u16>; TERRAIN_IDS],
    /// Maneuver Mode along a road: the hexside crossed carries the road (7.3.2).
    pub road: u16,
    /// Maneuver Mode along a railroad (7.3.2; the U-Bahn is not one).
    pub rail: u16,
    /// Into a ruins hex, combat mode only (9.0.2 states 4 MP).
    pub ruins: u16,
    /// Added for crossing a perimeter barrier (10.1.1 states +1 MP).
    pub barrier: u16,
}

impl MovementChart {
    /// Checks the figures the rules state (7.3.1, 9.0.2, 10.1.1) and that lakes stay closed,
    /// as a club's chart must before play.
    pub fn validate(&self) -> Result<(), RuleViolation> {
        if self.enter[terrain::CLEAR as usize] != Some(MP.mp(1)) {
            return refuse("7.3.1", "a clear hex costs 1 MP");
        }
        if self.ruins != MP.mp(4) {
            return refuse("9.0.2", "a ruins hex costs 4 MP");
        }
        if self.barrier != MP.mp(1) {
            return refuse("10.1.1", "a perimeter barrier adds 1 MP");
        }
        if self.enter[terrain::LAKE as usize].is_some() {
            return refuse("2.1.1", "lakes are not entered");
        }
        if self.enter.iter().flatten().any(|&c| c == 0) || self.road == 0 || self.rail == 0 {
            return refuse("7.1", "every step costs some MP");
        }
        Ok(())
    }
}

/// The project's **stand-in** movement chart. Clear 1 MP (7.3.1), ruins 4 MP (9.0.2) and the
/// barrier's +1 MP (10.1.1) are the rulebook's; the rest is authored: park 2, built-up 2,
/// major building 3, airfield 1, lakes closed; road ½ MP and railroad 1 MP in Maneuver Mode.
pub fn standin() -> MovementChart {
    MovementChart {
        // Clear, Park, Built-up, Major Building, Airfield, Lake (board::terrain order).
        enter: [
            Some(MP.mp(1)),
            Some(MP.mp(2)),
            Some(MP.mp(2)),
            Some(MP.mp(3)),
            Some(MP.mp(1)),
            None,
        ],
        road: 1,
        rail: MP.mp(1),
        ruins: MP.mp(4),
        barrier: MP.mp(1),
    }
}

/// The price of stepping from `from` into the adjacent `to`, for a force all in Maneuver Mode
/// (`maneuver`, the road and rail rates) or not. Refuses what the chart closes: unbridged
/// water (7.3.3), lakes (2.1.1), ruins in maneuver mode (3.3.1, 9.0.2).
pub fn step_cost(
    chart: &MovementChart,
    map: &MapData,
    state: &State,
    from: HexId,
    to: HexId,
    maneuver: bool,
    any_maneuver: bool,
) -> Result<u16, RuleViolation> {
    let Some(d) = map.geometry.direction_to(from, to) else {
        return refuse("7.1", "units move from hex to adjacent hex");
    };
    let side = map.side_toward(from, d);
    let water = side.has(SideFeatures::WATER) || side.has(SideFeatures::CANAL);
    if water && !side.has(SideFeatures::BRIDGE) {
        return refuse("7.3.3", "rivers and canals are crossed only at bridges");
    }
    let barrier = if side.has(SideFeatures::BORDER) {
        chart.barrier
    } else {
        0
    };
    if state.ruined(to) {
        if any_maneuver {
            return refuse("9.0.2", "units in maneuver mode may not enter ruins");
        }
        return Ok(chart.ruins + barrier);
    }
    let Some(hex) = chart.enter.get(map.terrain(to) as usize).copied().flatten() else {
        return refuse("2.1.1", "the hex may not be entered");
    };
    // 7.3.2: the road and rail rates only in Maneuver Mode along the road or railroad.
    let mut cost = hex;
    if maneuver && side.has(SideFeatures::ROAD) {
        cost = cost.min(chart.road);
    }
    if maneuver && side.has(SideFeatures::RAIL) {
        cost = cost.min(chart.rail);
    }
    Ok(cost + barrier)
}

/// Are all of `units` in Maneuver Mode, and is any?
pub fn modes_of(state: &State, units: &[UnitId]) -> (bool, bool) {
    let all = !units.is_empty() && units.iter().all(|&u| state.face(u) == MANEUVER);
    let any = units.iter().any(|&u| state.face(u) == MANEUVER);
    (all, any)
}

/// The core search's question for one force of `side` (mode 0 only: mode changes are
/// commands, 3.3.3): the chart's prices, no enemy hexes (7.2.1), a stop on entering an enemy
/// zone and never zone to zone (3.2.4).
pub struct ForceMoves<'a> {
    pub chart: &'a MovementChart,
    /// The enemy's units and zones, worked out once for the search.
    pub enemy: &'a EnemyMap,
    pub map: &'a MapData,
    pub forces: &'a Forces,
    pub state: &'a State,
    pub side: Side,
    pub maneuver: bool,
    pub any_maneuver: bool,
}

impl MoveRules for ForceMoves<'_> {
    fn steps(&self, link: Link, mode: u8, out: &mut heapless::Vec<Step, 4>) {
        if self.enemy.occupied(link.to_i) {
            return;
        }
        let Ok(cost) = step_cost(
            self.chart,
            self.map,
            self.state,
            link.from,
            link.to,
            self.maneuver,
            self.any_maneuver,
        ) else {
            return;
        };
        let into = self.enemy.controlled(link.to_i);
        if into && self.enemy.controlled(link.from_i) {
            return;
        }
        let _ = out.push(Step {
            cost,
            mode,
            stop: into,
        });
    }

    fn may_end(&self, _hex: HexId, _mode: u8) -> bool {
        // Stacking is checked when the segment ends (3.1.4).
        true
    }
}

/// Every hex the force `units` may reach with the MP it has left (3.1.4), into `out`.
pub fn destinations(
    chart: &MovementChart,
    map: &MapData,
    forces: &Forces,
    state: &State,
    units: &[UnitId],
    out: &mut fortress_berlin::Reachable,
) -> Result<(), RuleViolation> {
    let Some(&first) = units.first() else {
        return refuse("engine", "no unit to move");
    };
    let Some(stack) = state.stacks.of(first) else {
        return refuse("7.1", "the unit is not on the map");
    };
    let (maneuver, any_maneuver) = modes_of(state, units);
    let enemy = EnemyMap::of(map, forces, state, stack.owner);
    let rules = ForceMoves {
        chart,
        enemy: &enemy,
        map,
        forces,
        state,
        side: stack.owner,
        maneuver,
        any_maneuver,
    };
    search(
        &map.geometry,
        &rules,
        stack.hex,
        0,
        force_remaining(state, units),
        out,
    )
    .map_err(|e| match e {
        SearchError::QueueFull => RuleViolation::new("engine", "movement search overflow"),
        _ => RuleViolation::new("7.1", "the force's hex is off the map"),
    })
}
