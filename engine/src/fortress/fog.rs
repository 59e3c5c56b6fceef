//! Limited intelligence and the fog of war (3.1.5, 3.6): a player sees every unit of his own
//! forces, but of an enemy force only the top unit, which its owner chooses; the forces in a
//! close assault, direct gun fire or mixed bombardment are revealed while it is resolved, those
//! hit by bombardment alone, air strikes or non-adjacent artillery are not.

use super::board::{Forces, State};
use crate::core::hex::HexId;
use crate::core::protocol::{refuse, RuleViolation};
use crate::core::side::{Side, Viewer};
use crate::core::stack::SeenStack;
use crate::core::units::UnitId;

/// The kinds of attack, as far as the fog of war goes (3.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttackKind {
    CloseAssault,
    DirectGunFire,
    MixedBombardment,
    Bombardment,
    AirStrike,
}

/// Does an attack of this kind show both sides' forces involved (3.6, 3.1.5)?
pub const fn reveals(kind: AttackKind) -> bool {
    matches!(
        kind,
        AttackKind::CloseAssault | AttackKind::DirectGunFire | AttackKind::MixedBombardment
    )
}

/// What `viewer` sees of `side`'s force in `hex`; `revealed` while a revealing combat
/// involving it is resolved.
pub fn seen(
    state: &State,
    viewer: Viewer,
    hex: HexId,
    side: Side,
    revealed: bool,
) -> SeenStack<'_> {
    state
        .stacks
        .at(hex, side)
        .map_or(SeenStack::Empty, |s| s.seen_by(viewer, revealed))
}

/// The owner puts `u` on top of its force: the unit the enemy sees (3.1.5).
pub fn set_top(
    forces: &Forces,
    state: &mut State,
    owner: Side,
    u: UnitId,
) -> Result<(), RuleViolation> {
    if forces.counter(u).map(|c| c.side) != Some(owner) {
        return refuse("3.1.5", "only the owner orders his force");
    }
    let Some(i) = state.stacks.stacks.iter().position(|s| s.contains(u)) else {
        return refuse("3.1.5", "the unit is not in a force on the map");
    };
    state.stacks.stacks[i].raise(u)
}
