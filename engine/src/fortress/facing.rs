//! Facing (3.4): a maneuver-mode unit points at a hexside of its hex; that side and its two
//! neighbours face, the other three are flank (3.4.1, `core::faces::Facing`); combat-mode units
//! face all round. The phasing player sets facings freely in his movement segment, all the
//! maneuver-mode units of a hex alike (3.4.2); disrupted units keep theirs (8.8).

use super::board::{MapData, State};
use crate::core::faces::Facing;
use crate::core::hex::{Dir, HexId};
use crate::core::protocol::{refuse, RuleViolation};
use crate::core::side::Side;
use crate::core::units::UnitId;

/// Turns the maneuver-mode units of `side`'s force in `hex` toward `dir`, free of MP (3.4.2).
pub fn set_facing(
    state: &mut State,
    hex: HexId,
    side: Side,
    dir: Dir,
) -> Result<(), RuleViolation> {
    if !state.moving(side) {
        return refuse(
            "3.4.2",
            "facing changes only in the phasing player's movement segment",
        );
    }
    let Some(stack) = state.stacks.at(hex, side) else {
        return refuse("3.4.2", "no force of that side in the hex");
    };
    let units: heapless::Vec<UnitId, { crate::core::stack::MAX_STACK }> = stack
        .units
        .iter()
        .copied()
        .filter(|&u| state.unit(u).is_some_and(|x| x.counter.facing.is_some()))
        .collect();
    if units.is_empty() {
        return refuse("3.4", "units in combat mode face all round");
    }
    if units.iter().any(|&u| state.disrupted(u)) {
        return refuse("8.8", "a disrupted unit may not change facing");
    }
    for u in units {
        state.unit_mut(u)?.counter.facing = Some(Facing(dir));
    }
    Ok(())
}

/// Does `u` face the adjacent hex `target` (3.4.1, 8.1.6)? Combat mode faces all round.
/// `None` when `target` is not adjacent (facing is a matter of the six hexsides).
pub fn faces_hex(map: &MapData, state: &State, u: UnitId, target: HexId) -> Option<bool> {
    let from = state.hex_of(u)?;
    let dir = map.geometry.direction_to(from, target)?;
    Some(state.unit(u)?.counter.faces(dir))
}

/// Is a close assault from `from` into `target` against the flank of every maneuver-mode unit
/// there, with none facing it (3.4.1; the outflanking shift is 8.5.3's)?
pub fn on_the_flank(map: &MapData, state: &State, side: Side, target: HexId, from: HexId) -> bool {
    let Some(dir) = map.geometry.direction_to(target, from) else {
        return false;
    };
    let Some(stack) = state.stacks.at(target, side) else {
        return false;
    };
    let mut faced = stack
        .units
        .iter()
        .filter_map(|&u| state.unit(u).map(|x| x.counter.facing));
    let mut any_maneuver = false;
    let all_flank = faced.all(|f| match f {
        None => false,
        Some(f) => {
            any_maneuver = true;
            f.flank(dir)
        }
    });
    any_maneuver && all_flank
}
