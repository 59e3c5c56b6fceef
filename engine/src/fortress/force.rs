//! Forces on the move (3.1.4, 3.2.4, 7.1, 7.2): the budget of each unit for a movement segment
//! is the MA of the face up when the segment began (7.2.2), halved for a German division out of
//! command (3.5.3); a force moves hex by hex at the pace of its slowest unit (3.1.4), never
//! into an enemy hex (7.2.1), stops on entering an enemy zone and never steps from one enemy
//! zone straight into another (3.2.4); disrupted units do not move (8.8). Joining and leaving
//! forces is free (3.1.4): a force that ends in a friendly hex goes on top of the force there.
//!
//! Ruins are closed to maneuver mode (3.3.1, 9.0.2); a Soviet HQ, 0 MA in combat mode, may
//! still enter one adjacent ruins hex instead of any other action (3.3.2, 7.2.2).
//!
//! The price of a step is the Terrain Effects Chart's, which is not in the rulebook; until the
//! stand-in chart lands the caller gives it, in MP sub-points (`capacity::fortress_berlin::MP`).

use super::board::{force_facing, Done, Forces, MapData, SegmentKind, State};
use super::command::movement_halved;
use super::stacking::LOOSE;
use super::zoc::enemy_zone;
use crate::core::capacity::fortress_berlin::MP;
use crate::core::hex::HexId;
use crate::core::protocol::{refuse, RuleViolation};
use crate::core::side::Side;
use crate::core::stack::force_allowance;
use crate::core::units::UnitId;

/// Starts `side`'s movement segment: every unit gets its budget (7.2, 7.2.2, 3.5.3).
pub fn begin_movement(map: &MapData, forces: &Forces, state: &mut State, side: Side) {
    state.segment = super::board::Segment {
        side,
        kind: SegmentKind::Movement,
    };
    for i in 0..state.units.len() {
        let u = UnitId(i as u16);
        let Some(c) = forces.counter(u) else { continue };
        if c.side != side {
            continue;
        }
        let ma = MP.mp(state.printed(forces, u).map_or(0, |p| p.ma as u16));
        let budget = if movement_halved(map, forces, state, u) {
            ma / 2
        } else {
            ma
        };
        let x = &mut state.units[i];
        x.state.spent_mp = 0;
        x.counter.game.budget = budget;
        x.counter.game.acted = false;
        x.counter.game.done = None;
    }
}

/// The MP sub-points a force may still spend together: its slowest unit's (3.1.4).
pub fn force_remaining(state: &State, units: &[UnitId]) -> u16 {
    force_allowance(units, |u| state.remaining(u)).unwrap_or(0)
}

/// Moves `units`, all of one force, into the adjacent hex `to` for `cost` MP sub-points each.
/// On a refusal nothing changes.
pub fn step(
    map: &MapData,
    forces: &Forces,
    state: &mut State,
    units: &[UnitId],
    to: HexId,
    cost: u16,
) -> Result<(), RuleViolation> {
    let Some(&first) = units.first() else {
        return refuse("engine", "no unit to move");
    };
    let Some(stack) = state.stacks.of(first) else {
        return refuse("7.1", "the unit is not on the map");
    };
    let (from, side) = (stack.hex, stack.owner);
    if units.iter().any(|&u| !stack.contains(u)) {
        return refuse("3.1.4", "a force moves from one hex together");
    }
    if !state.moving(side) {
        return refuse("7.2", "units move only in their own movement segment");
    }
    for &u in units {
        let x = state
            .unit(u)
            .ok_or(RuleViolation::new("engine", "no such unit"))?;
        if x.counter.game.disrupted.is_some() {
            return refuse("8.8", "a disrupted unit may not move");
        }
        match x.counter.game.done {
            Some(Done::ZocStop) => {
                return refuse("3.2.4", "a unit stopped by an enemy zone moves no more")
            }
            Some(Done::Released) => return refuse("7.1.1", "the unit has finished its movement"),
            Some(Done::SoleAction) => {
                return refuse("3.3.3", "its mode change was its only action this segment")
            }
            None => {}
        }
        if let Some(c) = forces.counter(u).filter(|c| !c.kind.is_combat_unit()) {
            // Hitler (11.1.2), a leader of the Character Game (17.4.2, his stars on him).
            let case = if c.stars > 0 { "17.4.2" } else { "11.1.2" };
            return refuse(case, "a leader under German control does not move");
        }
    }
    if !map.geometry.adjacent(from, to) {
        return refuse("7.1", "units move from hex to adjacent hex");
    }
    // A leader alone holds nothing: Soviet units may enter Hitler's hex (11.1.4, 11.1.5).
    if state.held_by(forces, to, side.other()) {
        return refuse("7.2.1", "units may not enter a hex holding enemy units");
    }
    // Ruins: never in maneuver mode (3.3.1, 9.0.2); a Soviet HQ with 0 MA in combat mode may
    // enter one adjacent ruins hex as its only action (3.3.2, 7.2.2, 9.0.2).
    let into_ruins = state.ruined(to);
    if into_ruins && units.iter().any(|&u| state.in_maneuver(u)) {
        return refuse("9.0.2", "units in maneuver mode may not enter ruins");
    }
    let hq_into_ruins = into_ruins
        && units.len() == 1
        && forces
            .counter(first)
            .is_some_and(|c| c.side != super::counters::GERMAN && c.is_hq())
        && state
            .unit(first)
            .is_some_and(|x| x.counter.game.budget == 0 && !x.counter.game.acted);
    if !hq_into_ruins && cost > force_remaining(state, units) {
        return if units.len() == 1 {
            refuse("7.1", "the unit lacks the MP to enter the hex")
        } else {
            refuse(
                "3.1.4",
                "the force lacks the MP: it moves at its slowest unit's allowance",
            )
        };
    }
    let into_zone = enemy_zone(map, forces, state, side, to);
    if into_zone && enemy_zone(map, forces, state, side, from) {
        return refuse(
            "3.2.4",
            "a unit may not move straight from one enemy-controlled hex into another",
        );
    }
    let joined = state
        .stacks
        .at(to, side)
        .and_then(|s| force_facing(state, s));
    state.stacks.move_force(units, to, &LOOSE)?;
    for &u in units {
        let x = state.unit_mut(u)?;
        x.state.location = crate::core::units::Location::OnMap(to);
        x.state.spent_mp += cost;
        x.counter.game.acted = true;
        if into_zone {
            x.counter.game.done = Some(Done::ZocStop);
        }
        if hq_into_ruins {
            x.state.spent_mp = x.counter.game.budget;
            x.counter.game.done = Some(Done::SoleAction);
        }
        // 3.4.2: maneuver-mode units joining a force take its facing.
        if let (Some(f), Some(_)) = (joined, x.counter.facing) {
            x.counter.facing = Some(f);
        }
    }
    Ok(())
}

/// The player lets go of a force: it is done for the segment (7.1.1).
pub fn release(state: &mut State, units: &[UnitId]) -> Result<(), RuleViolation> {
    for &u in units {
        let x = state.unit_mut(u)?;
        x.counter.game.done.get_or_insert(Done::Released);
    }
    Ok(())
}
