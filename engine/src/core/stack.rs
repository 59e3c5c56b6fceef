//! Stacks: several friendly units in one hex, in an order their owner sets (top unit first).
//!
//! Used by Fortress Berlin (a "force", 3.1, with per-side limits 3.1.2–3.1.3, joint movement
//! at the slowest allowance 3.1.4, and only the top counter visible to the enemy 3.1.5, 3.6)
//! and by Gates (CSS stacking). Berlin '85 allows one unit per hex [5.31] and does not use it.
//!
//! A unit's hex stays in its `UnitState::location`; a [`Stack`] adds the order, and a
//! [`Stacks`] table holds the stacks of a game's state. Whether units may stack is the
//! ruleset's ([`StackingRules`]); [`StackLimit`] is the common "n units, m if all from one
//! formation" shape. Capacities are fixed; overflow is a [`RuleViolation`], never a panic.

use super::hex::HexId;
use super::protocol::{Case, RuleViolation};
use super::side::{Side, Viewer};
use super::units::UnitId;
use serde::{Deserialize, Serialize};

/// Units in one stack (Fortress Berlin allows at most 4, 3.1.2; markers are not units).
pub const MAX_STACK: usize = 8;

const FULL: RuleViolation = RuleViolation::new("engine", "stack capacity exceeded");
const ABSENT: RuleViolation = RuleViolation::new("engine", "unit is not in this stack");
const PRESENT: RuleViolation = RuleViolation::new("engine", "unit is already in this stack");

/// The ruleset's answer to "may these units form one stack?" (all of them, top first).
pub trait StackingRules {
    fn may_stack(&self, units: &[UnitId]) -> Result<(), RuleViolation>;
}

impl<F: Fn(&[UnitId]) -> Result<(), RuleViolation>> StackingRules for F {
    fn may_stack(&self, units: &[UnitId]) -> Result<(), RuleViolation> {
        self(units)
    }
}

/// Up to `normal` units, or `one_formation` when every unit belongs to the same formation
/// (Fortress Berlin German 3 / 4 for one division, 3.1.2; Soviet 2 / 3 for one tank or
/// mechanized corps, 3.1.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StackLimit {
    pub normal: u8,
    pub one_formation: u8,
    pub case: Case,
}

impl StackLimit {
    /// Checks `units` against the limit; `formation` names the formation that counts for the
    /// larger limit (`None`: the unit belongs to none, e.g. a Soviet army unit under 3.1.3).
    pub fn check(
        &self,
        units: &[UnitId],
        formation: impl Fn(UnitId) -> Option<u16>,
    ) -> Result<(), RuleViolation> {
        let n = units.len();
        if n <= self.normal as usize {
            return Ok(());
        }
        let first = units.first().and_then(|&u| formation(u));
        let one = first.is_some() && units.iter().all(|&u| formation(u) == first);
        if one && n <= self.one_formation as usize {
            Ok(())
        } else {
            Err(RuleViolation::new(self.case, "too many units in one hex"))
        }
    }
}

/// The units of one side in one hex, top unit first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stack {
    pub hex: HexId,
    pub owner: Side,
    /// Top first.
    pub units: heapless::Vec<UnitId, MAX_STACK>,
}

/// What a viewer may see of a stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeenStack<'a> {
    /// Every unit, top first.
    All(&'a [UnitId]),
    /// Only the top unit (3.1.5, 3.6).
    Top(UnitId),
    Empty,
}

impl Stack {
    pub const fn new(hex: HexId, owner: Side) -> Self {
        Stack {
            hex,
            owner,
            units: heapless::Vec::new(),
        }
    }

    pub fn top(&self) -> Option<UnitId> {
        self.units.first().copied()
    }
    pub fn len(&self) -> usize {
        self.units.len()
    }
    pub fn is_empty(&self) -> bool {
        self.units.is_empty()
    }
    pub fn contains(&self, u: UnitId) -> bool {
        self.units.contains(&u)
    }
    pub fn position(&self, u: UnitId) -> Option<usize> {
        self.units.iter().position(|&x| x == u)
    }

    /// Puts `u` at `index` (0 = top) if the rules allow the resulting stack; on a refusal the
    /// stack is unchanged.
    pub fn insert(
        &mut self,
        index: usize,
        u: UnitId,
        rules: &impl StackingRules,
    ) -> Result<(), RuleViolation> {
        if self.contains(u) {
            return Err(PRESENT);
        }
        let mut next = self.units.clone();
        next.insert(index.min(next.len()), u).map_err(|_| FULL)?;
        rules.may_stack(&next)?;
        self.units = next;
        Ok(())
    }

    /// Puts `u` on top.
    pub fn push_top(&mut self, u: UnitId, rules: &impl StackingRules) -> Result<(), RuleViolation> {
        self.insert(0, u, rules)
    }

    /// Puts `u` at the bottom.
    pub fn push_bottom(
        &mut self,
        u: UnitId,
        rules: &impl StackingRules,
    ) -> Result<(), RuleViolation> {
        self.insert(self.units.len(), u, rules)
    }

    /// Takes `u` out, keeping the order of the rest (leaving a stack is free, 3.1.4).
    pub fn remove(&mut self, u: UnitId) -> Result<(), RuleViolation> {
        let i = self.position(u).ok_or(ABSENT)?;
        self.units.remove(i);
        Ok(())
    }

    /// Sets a new order: `order` must hold exactly the stack's units, top first.
    pub fn reorder(&mut self, order: &[UnitId]) -> Result<(), RuleViolation> {
        if order.len() != self.units.len()
            || !order.iter().all(|u| self.contains(*u))
            || order
                .iter()
                .enumerate()
                .any(|(i, u)| order[..i].contains(u))
        {
            return Err(RuleViolation::new(
                "engine",
                "a new order must list the stack's units once each",
            ));
        }
        self.units.clear();
        self.units.extend_from_slice(order).map_err(|_| FULL)?;
        Ok(())
    }

    /// Moves `u` to the top, the others keeping their order.
    pub fn raise(&mut self, u: UnitId) -> Result<(), RuleViolation> {
        let i = self.position(u).ok_or(ABSENT)?;
        let x = self.units.remove(i);
        self.units.insert(0, x).map_err(|_| FULL)
    }

    /// Splits off `moving` (in this stack's order) as a force of its own in `to`; the rest stay.
    pub fn split(&mut self, moving: &[UnitId], to: HexId) -> Result<Stack, RuleViolation> {
        if !moving.iter().all(|&u| self.contains(u)) {
            return Err(ABSENT);
        }
        let mut force = Stack::new(to, self.owner);
        for &u in self.units.iter().filter(|u| moving.contains(u)) {
            force.units.push(u).map_err(|_| FULL)?;
        }
        self.units.retain(|u| !moving.contains(u));
        Ok(force)
    }

    /// Puts a moving force on top of this stack, keeping its order, if the rules allow the
    /// combined stack (3.1.4: joining a stack is free; limits hold at the end of the segment,
    /// so a ruleset may pass a looser check here). On a refusal nothing changes.
    pub fn join(&mut self, force: &Stack, rules: &impl StackingRules) -> Result<(), RuleViolation> {
        if force.units.iter().any(|&u| self.contains(u)) {
            return Err(PRESENT);
        }
        let mut next: heapless::Vec<UnitId, MAX_STACK> = heapless::Vec::new();
        next.extend_from_slice(&force.units).map_err(|_| FULL)?;
        next.extend_from_slice(&self.units).map_err(|_| FULL)?;
        rules.may_stack(&next)?;
        self.units = next;
        Ok(())
    }

    /// What `viewer` may see: the owner sees every unit; the enemy and onlookers see only the
    /// top unit unless `revealed` (the forces of a combat being resolved, 3.1.5, 3.6).
    pub fn seen_by(&self, viewer: Viewer, revealed: bool) -> SeenStack<'_> {
        match self.top() {
            None => SeenStack::Empty,
            Some(_) if revealed || viewer == Viewer::Side(self.owner) => {
                SeenStack::All(&self.units)
            }
            Some(top) => SeenStack::Top(top),
        }
    }
}

/// The movement allowance of a force moving as one: its slowest unit's (3.1.4). `None` for an
/// empty force.
pub fn force_allowance(units: &[UnitId], allowance: impl Fn(UnitId) -> u16) -> Option<u16> {
    units.iter().map(|&u| allowance(u)).min()
}

/// All stacks of a game, one per (hex, side).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stacks<const N: usize> {
    pub stacks: heapless::Vec<Stack, N>,
}

impl<const N: usize> Default for Stacks<N> {
    fn default() -> Self {
        Stacks {
            stacks: heapless::Vec::new(),
        }
    }
}

impl<const N: usize> Stacks<N> {
    pub fn at(&self, hex: HexId, owner: Side) -> Option<&Stack> {
        self.stacks
            .iter()
            .find(|s| s.hex == hex && s.owner == owner)
    }
    /// The stack holding `u`.
    pub fn of(&self, u: UnitId) -> Option<&Stack> {
        self.stacks.iter().find(|s| s.contains(u))
    }
    fn index(&self, hex: HexId, owner: Side) -> Option<usize> {
        self.stacks
            .iter()
            .position(|s| s.hex == hex && s.owner == owner)
    }

    /// Places `u` on top of its side's stack in `hex`, creating the stack if need be.
    pub fn place(
        &mut self,
        u: UnitId,
        hex: HexId,
        owner: Side,
        rules: &impl StackingRules,
    ) -> Result<(), RuleViolation> {
        if self.of(u).is_some() {
            return Err(PRESENT);
        }
        let mut force = Stack::new(hex, owner);
        force.units.push(u).map_err(|_| FULL)?;
        self.arrive(force, rules)
    }

    /// Takes `u` out of its stack; an emptied stack goes.
    pub fn take(&mut self, u: UnitId) -> Result<(), RuleViolation> {
        let i = self
            .stacks
            .iter()
            .position(|s| s.contains(u))
            .ok_or(ABSENT)?;
        self.stacks[i].remove(u)?;
        if self.stacks[i].is_empty() {
            self.stacks.swap_remove(i);
        }
        Ok(())
    }

    /// Moves `moving` (all in one stack) to `to` as one force, on top of any friendly stack
    /// there. On a refusal nothing changes.
    pub fn move_force(
        &mut self,
        moving: &[UnitId],
        to: HexId,
        rules: &impl StackingRules,
    ) -> Result<(), RuleViolation> {
        let first = moving.first().ok_or(ABSENT)?;
        let i = self
            .stacks
            .iter()
            .position(|s| s.contains(*first))
            .ok_or(ABSENT)?;
        let mut from = self.stacks[i].clone();
        let force = from.split(moving, to)?;
        let before = self.stacks.clone();
        self.stacks[i] = from;
        let emptied = self.stacks[i].is_empty();
        if emptied {
            self.stacks.swap_remove(i);
        }
        let r = self.arrive(force, rules);
        if r.is_err() {
            self.stacks = before;
        }
        r
    }

    fn arrive(&mut self, force: Stack, rules: &impl StackingRules) -> Result<(), RuleViolation> {
        match self.index(force.hex, force.owner) {
            Some(j) => self.stacks[j].join(&force, rules),
            None => {
                rules.may_stack(&force.units)?;
                self.stacks.push(force).map_err(|_| FULL)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const H: HexId = HexId::new(50, 15);
    const H2: HexId = HexId::new(50, 16);

    fn u(i: u16) -> UnitId {
        UnitId(i)
    }

    /// Units 0–9 belong to division 1, 10–19 to division 2, 20+ to none.
    fn division(x: UnitId) -> Option<u16> {
        match x.0 {
            0..=9 => Some(1),
            10..=19 => Some(2),
            _ => None,
        }
    }

    const GERMAN: StackLimit = StackLimit {
        normal: 3,
        one_formation: 4,
        case: "3.1.2",
    };
    const SOVIET: StackLimit = StackLimit {
        normal: 2,
        one_formation: 3,
        case: "3.1.3",
    };

    fn german(units: &[UnitId]) -> Result<(), RuleViolation> {
        GERMAN.check(units, division)
    }

    // 3.1.2 German stacking limit
    #[test]
    fn german_three_or_four_of_one_division() {
        assert!(GERMAN.check(&[u(0), u(10), u(20)], division).is_ok());
        assert!(GERMAN.check(&[u(0), u(1), u(2), u(3)], division).is_ok());
        let e = GERMAN
            .check(&[u(0), u(1), u(2), u(10)], division)
            .unwrap_err();
        assert_eq!(e.case, "3.1.2");
        assert!(GERMAN
            .check(&[u(0), u(1), u(2), u(3), u(4)], division)
            .is_err());
    }

    // 3.1.3 Soviet stacking limit: corps units only count for three; army units never do
    #[test]
    fn soviet_two_or_three_of_one_corps() {
        assert!(SOVIET.check(&[u(0), u(20)], division).is_ok());
        assert!(SOVIET.check(&[u(0), u(1), u(2)], division).is_ok());
        assert!(SOVIET.check(&[u(20), u(21), u(22)], division).is_err());
        assert!(SOVIET.check(&[u(0), u(1), u(20)], division).is_err());
    }

    // 3.1 a force's order is the owner's; a refused addition leaves it unchanged
    #[test]
    fn adding_reordering_and_removing_keep_an_owner_set_order() {
        let mut s = Stack::new(H, Side::A);
        s.push_top(u(0), &german).unwrap();
        s.push_top(u(10), &german).unwrap();
        s.push_bottom(u(20), &german).unwrap();
        assert_eq!(s.units.as_slice(), &[u(10), u(0), u(20)]);
        assert_eq!(s.top(), Some(u(10)));
        assert_eq!(s.push_top(u(1), &german).unwrap_err().case, "3.1.2");
        assert_eq!(s.units.as_slice(), &[u(10), u(0), u(20)]);
        assert_eq!(s.push_top(u(0), &german), Err(PRESENT));
        s.reorder(&[u(20), u(10), u(0)]).unwrap();
        assert_eq!(s.top(), Some(u(20)));
        assert!(s.reorder(&[u(20), u(20), u(0)]).is_err());
        assert!(s.reorder(&[u(20), u(10)]).is_err());
        s.raise(u(0)).unwrap();
        assert_eq!(s.units.as_slice(), &[u(0), u(20), u(10)]);
        s.remove(u(20)).unwrap();
        assert_eq!(s.units.as_slice(), &[u(0), u(10)]);
        assert_eq!(s.remove(u(20)), Err(ABSENT));
    }

    #[test]
    fn capacity_overflow_is_an_error_not_a_panic() {
        let mut s = Stack::new(H, Side::A);
        let any = |_: &[UnitId]| Ok(());
        for i in 0..MAX_STACK as u16 {
            s.push_bottom(u(i), &any).unwrap();
        }
        assert_eq!(s.push_bottom(u(99), &any), Err(FULL));
        assert_eq!(s.len(), MAX_STACK);
    }

    // 3.1.4 joint movement: the slowest unit governs
    #[test]
    fn a_force_moves_at_its_slowest_allowance() {
        let mp = |x: UnitId| [8, 4, 6][x.0 as usize];
        assert_eq!(force_allowance(&[u(0), u(2)], mp), Some(6));
        assert_eq!(force_allowance(&[u(0), u(1), u(2)], mp), Some(4));
        assert_eq!(force_allowance(&[], mp), None);
    }

    // 3.1.4 units combine into and leave forces freely; the moved force lands on top
    #[test]
    fn moving_part_of_a_stack_splits_it_and_joins_the_stack_there() {
        let mut t: Stacks<8> = Stacks::default();
        for i in [0, 1, 2] {
            t.place(u(i), H, Side::A, &german).unwrap();
        }
        t.place(u(3), H2, Side::A, &german).unwrap();
        // Order in H is 2, 1, 0 (each placed on top).
        t.move_force(&[u(0), u(2)], H2, &german).unwrap();
        assert_eq!(t.at(H, Side::A).unwrap().units.as_slice(), &[u(1)]);
        assert_eq!(
            t.at(H2, Side::A).unwrap().units.as_slice(),
            &[u(2), u(0), u(3)]
        );
        // A fifth unit is refused and nothing moves.
        t.place(u(4), H, Side::A, &german).unwrap();
        t.move_force(&[u(1), u(4)], H2, &german).unwrap_err();
        assert_eq!(t.at(H, Side::A).unwrap().len(), 2);
        assert_eq!(t.at(H2, Side::A).unwrap().len(), 3);
        // Moving the whole stack empties the hex.
        t.move_force(&[u(1), u(4)], HexId::new(1, 1), &german)
            .unwrap();
        assert!(t.at(H, Side::A).is_none());
        t.take(u(1)).unwrap();
        assert_eq!(t.of(u(4)).unwrap().units.as_slice(), &[u(4)]);
        assert_eq!(t.take(u(1)), Err(ABSENT));
    }

    // 3.1.5 limited intelligence, 3.6 fog of war
    #[test]
    fn the_enemy_sees_only_the_top_unit_unless_combat_reveals_the_force() {
        let mut s = Stack::new(H, Side::B);
        s.push_top(u(0), &german).unwrap();
        s.push_top(u(1), &german).unwrap();
        assert_eq!(
            s.seen_by(Viewer::Side(Side::B), false),
            SeenStack::All(&[u(1), u(0)])
        );
        assert_eq!(
            s.seen_by(Viewer::Side(Side::A), false),
            SeenStack::Top(u(1))
        );
        assert_eq!(s.seen_by(Viewer::Public, false), SeenStack::Top(u(1)));
        assert_eq!(
            s.seen_by(Viewer::Side(Side::A), true),
            SeenStack::All(&[u(1), u(0)])
        );
        assert_eq!(
            Stack::new(H, Side::A).seen_by(Viewer::Public, false),
            SeenStack::Empty
        );
    }
}
