//! Stacking (3.1): one force per side in a hex (3.1.1), three German units or four of one
//! division (3.1.2), two Soviet units or three of one tank or mechanized corps (3.1.3), and at
//! the end of every segment the owner eliminates the units over the limit, his choice (3.1.4).
//!
//! Limits are `core::stack::StackLimit`s. During a segment a force may pass through or stop in
//! a full hex (7.2.1); only the end of the segment counts, so moves use [`LOOSE`] and
//! [`over_stacked`] reports the stacks the owner must thin out as pending choices.

use super::board::{Forces, State};
use super::counters::{FormationKind, GERMAN};
use crate::core::hex::HexId;
use crate::core::protocol::{refuse, Case, Pending, RuleViolation};
use crate::core::side::Side;
use crate::core::stack::{StackLimit, StackingRules, MAX_STACK};
use crate::core::units::UnitId;

/// German: 3, or 4 of one division (3.1.2).
pub const GERMAN_LIMIT: StackLimit = StackLimit {
    normal: 3,
    one_formation: 4,
    case: "3.1.2",
};
/// Soviet: 2, or 3 of one tank or mechanized corps (3.1.3).
pub const SOVIET_LIMIT: StackLimit = StackLimit {
    normal: 2,
    one_formation: 3,
    case: "3.1.3",
};

/// During a segment: any force up to the stack's capacity (the limit holds at its end, 3.1.4).
pub const LOOSE: fn(&[UnitId]) -> Result<(), RuleViolation> = |_| Ok(());

/// The limits themselves as `core::stack::StackingRules`, for moves that must end within them
/// at once: a retreat may not end over the limit (8.7.1).
#[derive(Clone, Copy)]
pub struct Strict<'f> {
    pub forces: &'f Forces,
    pub side: Side,
}

impl StackingRules for Strict<'_> {
    fn may_stack(&self, units: &[UnitId]) -> Result<(), RuleViolation> {
        check(self.forces, self.side, units)
    }
}

pub const fn limit(side: Side) -> StackLimit {
    if matches!(side, GERMAN) {
        GERMAN_LIMIT
    } else {
        SOVIET_LIMIT
    }
}

/// The formation through which a unit counts toward the larger limit: a German division, a
/// Soviet tank or mechanized corps; none for anything else (see the stacking ruling).
pub fn bonus_formation(forces: &Forces, u: UnitId) -> Option<u16> {
    let c = forces.counter(u)?;
    let f = c.formation?;
    match (forces.formation(f)?.kind, c.side == GERMAN) {
        (FormationKind::Division, true) | (FormationKind::MobileCorps, false) => Some(f.0 as u16),
        _ => None,
    }
}

/// The units of a force that count: leaders and markers never do (3.1.1, 11.1.5).
/// More than `MAX_STACK` units are over every limit anyway; the surplus is not kept (no panic).
fn counted(forces: &Forces, units: &[UnitId]) -> heapless::Vec<UnitId, MAX_STACK> {
    let mut out = heapless::Vec::new();
    for &u in units {
        if forces.counter(u).is_some_and(|c| c.kind.is_combat_unit()) {
            let _ = out.push(u);
        }
    }
    out
}

/// May these units of `side` end a segment together in one hex (3.1.2, 3.1.3)?
pub fn check(forces: &Forces, side: Side, units: &[UnitId]) -> Result<(), RuleViolation> {
    limit(side).check(&counted(forces, units), |u| bonus_formation(forces, u))
}

/// The fewest units the owner must eliminate to bring the force within its limit.
pub fn fewest_losses(forces: &Forces, side: Side, units: &[UnitId]) -> u8 {
    let units = counted(forces, units);
    let lim = limit(side);
    let n = units.len();
    let mut keep = (lim.normal as usize).min(n);
    for &u in &units {
        if let Some(f) = bonus_formation(forces, u) {
            let same = units
                .iter()
                .filter(|&&v| bonus_formation(forces, v) == Some(f))
                .count();
            keep = keep.max(same.min(lim.one_formation as usize));
        }
    }
    (n - keep) as u8
}

/// A force over its limit at the end of a segment: `player` must eliminate `remove` units
/// (3.1.4). `from` lists the units he may pick next: those whose loss still leaves a legal
/// force within the fewest losses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StackLoss {
    pub player: Side,
    pub hex: HexId,
    pub remove: u8,
    pub from: heapless::Vec<UnitId, MAX_STACK>,
    pub case: Case,
}

impl StackLoss {
    /// The table's question: one unit at a time, answered with [`eliminate_one`].
    pub fn pending(&self) -> Pending<UnitId> {
        let mut options = heapless::Vec::new();
        for &u in &self.from {
            let _ = options.push(u);
        }
        Pending::Choose {
            player: self.player,
            purpose: "eliminate an over-stacked unit",
            case: self.case,
            options,
        }
    }
}

/// The units of an over-stacked force whose loss keeps the fewest-loss way to a legal force.
fn next_losses(forces: &Forces, side: Side, units: &[UnitId]) -> heapless::Vec<UnitId, MAX_STACK> {
    let units = counted(forces, units);
    let need = fewest_losses(forces, side, &units);
    let mut out = heapless::Vec::new();
    for &u in &units {
        let rest: heapless::Vec<UnitId, MAX_STACK> =
            units.iter().copied().filter(|&v| v != u).collect();
        if need > 0 && fewest_losses(forces, side, &rest) + 1 == need {
            let _ = out.push(u);
        }
    }
    out
}

/// The owner eliminates one unit of an over-stacked force (3.1.4); it must be one the
/// [`StackLoss`] offers. On a refusal nothing changes.
pub fn eliminate_one(
    forces: &Forces,
    state: &mut State,
    hex: HexId,
    side: Side,
    u: UnitId,
) -> Result<(), RuleViolation> {
    let Some(stack) = state.stacks.at(hex, side) else {
        return refuse("3.1.4", "no force of that side in the hex");
    };
    if !next_losses(forces, side, &stack.units).contains(&u) {
        return refuse(
            "3.1.4",
            "only units whose loss brings the force within its limit at the fewest losses",
        );
    }
    state.eliminate(u)
}

/// Stacks a segment may not end with, at most `N` reported.
pub fn over_stacked<const N: usize>(forces: &Forces, state: &State) -> heapless::Vec<StackLoss, N> {
    let mut out = heapless::Vec::new();
    for s in &state.stacks.stacks {
        if check(forces, s.owner, &s.units).is_err() {
            let _ = out.push(StackLoss {
                player: s.owner,
                hex: s.hex,
                remove: fewest_losses(forces, s.owner, &s.units),
                from: next_losses(forces, s.owner, &s.units),
                case: "3.1.4",
            });
        }
    }
    out
}

/// The owner's answer to a [`StackLoss`]: eliminates `chosen`, which must be exactly the
/// fewest units whose loss leaves a legal force (3.1.4). On a refusal nothing changes.
pub fn eliminate_over_stacked(
    forces: &Forces,
    state: &mut State,
    hex: HexId,
    side: Side,
    chosen: &[UnitId],
) -> Result<(), RuleViolation> {
    let Some(stack) = state.stacks.at(hex, side) else {
        return refuse("3.1.4", "no force of that side in the hex");
    };
    if check(forces, side, &stack.units).is_ok() {
        return refuse("3.1.4", "the force is within its stacking limit");
    }
    let need = fewest_losses(forces, side, &stack.units) as usize;
    let valid = chosen.iter().enumerate().all(|(i, &u)| {
        stack.contains(u)
            && !chosen[..i].contains(&u)
            && forces.counter(u).is_some_and(|c| c.kind.is_combat_unit())
    });
    if !valid || chosen.len() != need {
        return refuse(
            "3.1.4",
            "eliminate exactly the fewest units of the force that bring it within its limit",
        );
    }
    let rest: heapless::Vec<UnitId, MAX_STACK> = stack
        .units
        .iter()
        .copied()
        .filter(|u| !chosen.contains(u))
        .collect();
    check(forces, side, &rest)?;
    for &u in chosen {
        state.eliminate(u)?;
    }
    Ok(())
}
