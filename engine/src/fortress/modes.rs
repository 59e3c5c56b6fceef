//! Deployment modes (3.3) and disruption's effect on them (8.8, 6.0).
//!
//! A unit changes mode in its own movement segment for 2 MP, before, during or after its move,
//! from the budget of the face it began the segment with (3.3.3, 7.2.2); a unit whose whole
//! budget is under 2 MP may change only as its sole action (a 0-MA combat face may still flip to
//! maneuver). Disrupted units (3.3.3), units underground (17.1.1) and PPBs, which print one
//! face (11.2.1), never change mode. A disruption flips a combat-mode unit to maneuver at once
//! (3.3.3, 8.8); a second one before recovery, or any one on a PPB, eliminates it (6.0, 11.2.1).

use super::board::{force_facing, Done, Forces, State};
use super::counters::MANEUVER;
use crate::core::capacity::fortress_berlin::MP;
use crate::core::faces::Facing;
use crate::core::hex::Dir;
use crate::core::protocol::{refuse, RuleViolation};
use crate::core::side::Side;
use crate::core::units::UnitId;

/// What a mode change costs (3.3.3), in MP sub-points.
pub const MODE_CHANGE: u16 = MP.mp(2);

/// Turns `u` to its other face. A unit entering maneuver mode takes the facing of the
/// maneuver-mode units of its force (3.4.2), else `facing`.
pub fn change_mode(
    forces: &Forces,
    state: &mut State,
    u: UnitId,
    facing: Dir,
) -> Result<(), RuleViolation> {
    let c = forces
        .counter(u)
        .ok_or(RuleViolation::new("engine", "no such unit"))?;
    let Some(hex) = state.hex_of(u) else {
        return refuse("3.3.3", "only units on the map change mode");
    };
    if !state.moving(c.side) {
        return refuse("3.3.3", "modes change only in the owner's movement segment");
    }
    if c.combat_only || !c.kind.is_combat_unit() {
        return refuse("11.2.1", "this counter has a single face");
    }
    let x = *state
        .unit(u)
        .ok_or(RuleViolation::new("engine", "no such unit"))?;
    let g = x.counter.game;
    if g.disrupted.is_some() {
        return refuse("3.3.3", "a disrupted unit may not change mode");
    }
    if g.underground {
        return refuse("17.1.1", "units underground may not change mode");
    }
    match g.done {
        Some(Done::Released) => return refuse("7.1.1", "the unit has finished its movement"),
        Some(Done::SoleAction) => {
            return refuse("3.3.3", "its mode change was its only action this segment")
        }
        Some(Done::ZocStop) | None => {}
    }
    let remaining = g.budget.saturating_sub(x.state.spent_mp);
    let sole = if remaining >= MODE_CHANGE {
        false
    } else if g.budget < MODE_CHANGE && !g.acted {
        true
    } else {
        return refuse("3.3.3", "a mode change needs 2 MP left");
    };
    let joined = state
        .stacks
        .at(hex, c.side)
        .and_then(|s| force_facing(state, s))
        .filter(|_| x.counter.face != MANEUVER);
    let x = state.unit_mut(u)?;
    x.counter.flip(&c.faces, facing);
    if let (Some(f), Some(_)) = (joined, x.counter.facing) {
        x.counter.facing = Some(f);
    }
    x.counter.game.acted = true;
    if sole {
        x.state.spent_mp = x.counter.game.budget;
        x.counter.game.done = Some(Done::SoleAction);
    } else {
        x.state.spent_mp += MODE_CHANGE;
    }
    Ok(())
}

/// What a disruption did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Disruption {
    Disrupted,
    Eliminated,
}

/// Disrupts `u` in the current player-turn (its marker takes that side's colour, 6.0). A
/// combat-mode unit flips to maneuver mode at once, facing as its force's maneuver-mode units
/// or `facing` (3.3.3, 8.8); a disrupted unit, or a PPB forced out of its only mode, is
/// eliminated (6.0, 8.8, 11.2.1).
pub fn disrupt(
    forces: &Forces,
    state: &mut State,
    u: UnitId,
    facing: Dir,
) -> Result<Disruption, RuleViolation> {
    let c = forces
        .counter(u)
        .ok_or(RuleViolation::new("engine", "no such unit"))?;
    let Some(hex) = state.hex_of(u) else {
        return refuse("8.8", "only units on the map are disrupted");
    };
    let x = *state
        .unit(u)
        .ok_or(RuleViolation::new("engine", "no such unit"))?;
    if x.counter.game.disrupted.is_some() || c.combat_only {
        state.eliminate(u)?;
        return Ok(Disruption::Eliminated);
    }
    let joined = state
        .stacks
        .at(hex, c.side)
        .and_then(|s| force_facing(state, s));
    let colour = state.segment.side;
    let x = state.unit_mut(u)?;
    x.counter.game.disrupted = Some(colour);
    if x.counter.face != MANEUVER {
        x.counter.flip(&c.faces, facing);
        x.counter.facing = Some(joined.unwrap_or(Facing(facing)));
    }
    Ok(Disruption::Disrupted)
}

/// `side`'s recovery segment: the markers of its own player-turn come off (4.1.2, 6.0, 8.8.1);
/// a unit recovering amid ruins turns to its combat face at once (8.8, 9.0.2).
pub fn recover(forces: &Forces, state: &mut State, side: Side) {
    state.segment = super::board::Segment {
        side,
        kind: super::board::SegmentKind::Recovery,
    };
    for i in 0..state.units.len() {
        let x = state.units[i];
        if x.counter.game.disrupted != Some(side) {
            continue;
        }
        let in_ruins = x.state.hex().is_some_and(|h| state.ruined(h));
        let y = &mut state.units[i];
        y.counter.game.disrupted = None;
        if let (true, true, Some(c)) = (
            in_ruins,
            x.counter.face == MANEUVER,
            forces.counter(UnitId(i as u16)),
        ) {
            y.counter.flip(&c.faces, Dir::Up);
        }
    }
}
