//! Retreat-path search shared by the rulesets: which hex a retreating unit may enter next.
//!
//! A retreat of N hexes is a path of N steps, each one hex farther from the hex the unit
//! retreated from, so it always ends exactly N hexes away. Rulesets differ in what may be
//! entered (zones of control, water, fire …), whether a retreat may end early (Berlin '85's
//! urban hexes [7.75]) and whether friendly units in the way are pushed aside ("displaced",
//! Berlin '85 [7.8]); they answer those questions through [`RetreatRules`], this module only
//! searches. Vacant routes are always preferred: displacement is offered only when no route
//! through vacant hexes reaches a legal end.
//!
//! Retreats are short (a handful of hexes, each step with at most three hexes farther away),
//! so a plain depth-first search is cheap and needs no scratch arrays. The search keeps the
//! trail it has walked (where the unit stood, then each hex entered) and shows it to the
//! ruleset with every step, so a rule may judge a step by the way there (Berlin '85 pays a
//! lake's crossing from one Movement Allowance [7.6], [5.26]).
//!
//! How a path may run is the ruleset's [`RetreatPolicy`]. The default is Berlin '85's (each
//! step one hex farther from the start, never off the map) and [`retreat_steps`] always uses
//! it. Fortress Berlin calls [`retreat_steps_with`] with [`RetreatPolicy::FORTRESS`]: a path
//! need only never re-enter a hex nor the starting hex, and may leave the map (8.7.1 4, 5).
//! A whole stack retreats as one by making [`RetreatRules::Unit`] the force (a
//! [`crate::core::stack::Stack`] key) and answering for all its units (8.7, 3.1).

use super::hex::{Geometry, HexId};

/// Longest displacement chain followed (a displaced unit displacing another …); a longer
/// chain is treated as impossible rather than overflowing.
pub const MAX_CHAIN: usize = 8;
/// Next-hex options of one step (a hex has six neighbours).
pub const MAX_STEPS: usize = 6;
/// Longest trail searched: where the unit stood plus the hexes it enters. A longer retreat is
/// treated as impossible rather than overflowing.
pub const MAX_TRAIL: usize = 16;

/// The ruleset's answers about one retreating (or displaced) unit.
pub trait RetreatRules {
    type Unit: Copy + PartialEq;
    /// The friendly unit in `h` that would have to be displaced, if any. Enemy-occupied hexes
    /// must be refused by [`RetreatRules::may_enter`].
    fn friendly_occupant(&self, h: HexId) -> Option<Self::Unit>;
    /// May `u` step into `to` while retreating? `trail` is the way it came: where it stood,
    /// then every hex it has entered since, so its last hex is where the unit is now and `to`
    /// is adjacent to it (a displaced unit's trail is its own hex alone).
    fn may_enter(&self, u: Self::Unit, trail: &[HexId], to: HexId) -> bool;
    /// May `u` end a retreat (or a displacement) in `h`?
    fn may_end(&self, u: Self::Unit, h: HexId) -> bool;
    /// May `u` end its retreat in `h` before the full distance (having retreated at least
    /// one hex)?
    fn may_stop_short(&self, u: Self::Unit, h: HexId) -> bool;
    /// May `u` be displaced at all right now?
    fn may_be_displaced(&self, u: Self::Unit) -> bool;
    /// May `u`, standing in `at` on the map's edge, retreat off the map (which ends its
    /// retreat)? Asked only when the policy allows it; what becomes of the unit is the
    /// ruleset's (Fortress Berlin 8.7.1 5: Soviet units return later, German ones are lost).
    fn may_leave_map(&self, _u: Self::Unit, _at: HexId) -> bool {
        false
    }
}

/// Which hexes count as a next step of a retreat path.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StepRule {
    /// Every step one hex farther from the start (Berlin '85 [7.7]).
    #[default]
    Farther,
    /// Any adjacent hex not yet in the path and not the starting hex (Fortress Berlin 8.7.1 4).
    NoReentry,
}

/// How a ruleset's retreat paths run. `Default` is Berlin '85's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RetreatPolicy {
    pub step: StepRule,
    /// A retreat may leave the map from an edge hex ([`RetreatRules::may_leave_map`]).
    pub off_map: bool,
}

impl RetreatPolicy {
    /// Berlin '85: farther each step, never off the map.
    pub const BERLIN85: RetreatPolicy = RetreatPolicy {
        step: StepRule::Farther,
        off_map: false,
    };
    /// Fortress Berlin 8.7.1: no hex twice, never back into the start, off the map allowed.
    pub const FORTRESS: RetreatPolicy = RetreatPolicy {
        step: StepRule::NoReentry,
        off_map: true,
    };
}

/// The next steps of a retreat under a policy, and whether leaving the map from the current
/// hex is also open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PolicyOutlook {
    pub outlook: Outlook,
    /// The unit may end its retreat now by leaving the map.
    pub off_map: bool,
}

/// How a step enters its hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    Vacant,
    /// A friendly unit there must be displaced first.
    Displace,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RetreatStep {
    pub to: HexId,
    pub entry: Entry,
}

pub type Steps = heapless::Vec<RetreatStep, MAX_STEPS>;
pub type Busy = heapless::Vec<HexId, MAX_CHAIN>;
/// Where a retreating unit stood, then the hexes it has entered.
pub type Trail = heapless::Vec<HexId, MAX_TRAIL>;

/// What the offered steps lead to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outlook {
    /// A legal end is reachable through vacant hexes; only such steps are offered.
    ThroughVacant,
    /// A legal end is reachable only by displacing friendly units.
    Displacing,
    /// No legal end is reachable: the steps offered go as far as possible (possibly none).
    FallsShort,
}

/// The next steps of `u`, retreating `total` hexes from `start`, having entered the hexes of
/// `path` so far (the last is where it is now). Steps are written to `out` in neighbour order.
pub fn retreat_steps<R: RetreatRules>(
    g: &Geometry,
    r: &R,
    u: R::Unit,
    start: HexId,
    path: &[HexId],
    total: u8,
    out: &mut Steps,
) -> Outlook {
    retreat_steps_with(g, r, RetreatPolicy::BERLIN85, u, start, path, total, out).outlook
}

/// [`retreat_steps`] under a ruleset's [`RetreatPolicy`]. With `off_map`, a retreat that can
/// leave the map has a legal end; `off_map` in the answer says whether it can leave right
/// from where it is now.
#[allow(clippy::too_many_arguments)]
pub fn retreat_steps_with<R: RetreatRules>(
    g: &Geometry,
    r: &R,
    policy: RetreatPolicy,
    u: R::Unit,
    start: HexId,
    path: &[HexId],
    total: u8,
    out: &mut Steps,
) -> PolicyOutlook {
    out.clear();
    let mut trail = Trail::new();
    if trail.push(start).is_err() || trail.extend_from_slice(path).is_err() {
        return PolicyOutlook {
            outlook: Outlook::FallsShort,
            off_map: false,
        };
    }
    let w = Walk {
        g,
        r,
        u,
        start,
        total,
        policy,
    };
    let at = trail[trail.len() - 1];
    let done = path.len() as u8;
    let off_map = done < total && w.may_leave(at);
    let outlook = w.steps(&mut trail, at, done, out);
    PolicyOutlook { outlook, off_map }
}

impl<R: RetreatRules> Walk<'_, R> {
    /// The next steps from `at`, `done` hexes into the retreat along `trail`, written to `out`.
    fn steps(&self, trail: &mut Trail, at: HexId, done: u8, out: &mut Steps) -> Outlook {
        let (g, w) = (self.g, self);
        for displace in [false, true] {
            for (_, to) in g.neighbours(at) {
                if !w.is_step(trail, to, done) {
                    continue;
                }
                let Some(entry) = w.entry(trail, to, displace) else {
                    continue;
                };
                if w.reaches_end_via(trail, to, displace) {
                    let _ = out.push(RetreatStep { to, entry });
                }
            }
            if !out.is_empty() {
                return if displace {
                    Outlook::Displacing
                } else {
                    Outlook::ThroughVacant
                };
            }
        }
        // Nowhere to end legally: offer the steps that get farthest (vacant first).
        for displace in [false, true] {
            let mut best = 0u8;
            for (_, to) in g.neighbours(at) {
                if !w.is_step(trail, to, done) {
                    continue;
                }
                if let Some(entry) = w.entry(trail, to, displace) {
                    let d = 1 + w.depth_via(trail, to, displace);
                    if d > best {
                        best = d;
                        out.clear();
                    }
                    if d == best {
                        let _ = out.push(RetreatStep { to, entry });
                    }
                }
            }
            if !out.is_empty() {
                break;
            }
        }
        Outlook::FallsShort
    }
}

/// Where a displaced unit `u` in `from` may go: one hex, vacant hexes first, else hexes whose
/// own occupants can be displaced in turn. `busy` are hexes it may not use (the displacing
/// unit's hex and the chain so far).
pub fn displace_steps<R: RetreatRules>(
    g: &Geometry,
    r: &R,
    u: R::Unit,
    from: HexId,
    busy: &[HexId],
    out: &mut Steps,
) {
    out.clear();
    for (_, to) in g.neighbours(from) {
        if !busy.contains(&to)
            && r.may_enter(u, &[from], to)
            && r.may_end(u, to)
            && r.friendly_occupant(to).is_none()
        {
            let _ = out.push(RetreatStep {
                to,
                entry: Entry::Vacant,
            });
        }
    }
    if !out.is_empty() {
        return;
    }
    let mut chain = Busy::new();
    for &b in busy.iter().take(MAX_CHAIN - 1) {
        let _ = chain.push(b);
    }
    if chain.push(from).is_err() {
        return;
    }
    for (_, to) in g.neighbours(from) {
        if busy.contains(&to) || !r.may_enter(u, &[from], to) || !r.may_end(u, to) {
            continue;
        }
        if let Some(o) = r.friendly_occupant(to) {
            if r.may_be_displaced(o) && can_displace(g, r, o, to, &mut chain) {
                let _ = out.push(RetreatStep {
                    to,
                    entry: Entry::Displace,
                });
            }
        }
    }
}

/// Can `u` in `from` be moved one hex as if retreating, displacing others in turn if need be,
/// without using the hexes in `busy`?
pub fn can_displace<R: RetreatRules>(
    g: &Geometry,
    r: &R,
    u: R::Unit,
    from: HexId,
    busy: &mut Busy,
) -> bool {
    if busy.push(from).is_err() {
        return false;
    }
    let mut ok = false;
    for (_, to) in g.neighbours(from) {
        if busy.contains(&to) || !r.may_enter(u, &[from], to) || !r.may_end(u, to) {
            continue;
        }
        ok = match r.friendly_occupant(to) {
            None => true,
            Some(o) => r.may_be_displaced(o) && can_displace(g, r, o, to, busy),
        };
        if ok {
            break;
        }
    }
    busy.pop();
    ok
}

/// One retreat being searched.
struct Walk<'a, R: RetreatRules> {
    g: &'a Geometry,
    r: &'a R,
    u: R::Unit,
    start: HexId,
    total: u8,
    policy: RetreatPolicy,
}

impl<R: RetreatRules> Walk<'_, R> {
    /// Is `to` (adjacent to the end of `trail`, `done` hexes into the retreat) a next step?
    fn is_step(&self, trail: &[HexId], to: HexId, done: u8) -> bool {
        match self.policy.step {
            StepRule::Farther => self.g.distance(self.start, to) == done as u16 + 1,
            StepRule::NoReentry => !trail.contains(&to),
        }
    }

    /// May the unit leave the map from `at`?
    fn may_leave(&self, at: HexId) -> bool {
        self.policy.off_map && self.g.neighbours(at).count() < 6 && self.r.may_leave_map(self.u, at)
    }

    /// How the retreating unit, having come along `trail`, would enter `to`, if it may.
    fn entry(&self, trail: &[HexId], to: HexId, displace: bool) -> Option<Entry> {
        if !self.r.may_enter(self.u, trail, to) {
            return None;
        }
        let at = *trail.last()?;
        match self.r.friendly_occupant(to) {
            None => Some(Entry::Vacant),
            Some(o) if displace && o != self.u && self.r.may_be_displaced(o) => {
                let mut busy = Busy::new();
                let _ = busy.push(at);
                can_displace(self.g, self.r, o, to, &mut busy).then_some(Entry::Displace)
            }
            Some(_) => None,
        }
    }

    /// [`Walk::reaches_end`] with `to` entered at the end of `trail` (and left again).
    fn reaches_end_via(&self, trail: &mut Trail, to: HexId, displace: bool) -> bool {
        if trail.push(to).is_err() {
            return false;
        }
        let ok = self.reaches_end(trail, displace);
        trail.pop();
        ok
    }

    /// Can the retreat, having come along `trail`, end legally?
    fn reaches_end(&self, trail: &mut Trail, displace: bool) -> bool {
        let at = trail[trail.len() - 1];
        let done = (trail.len() - 1) as u8;
        if done >= self.total {
            return self.r.may_end(self.u, at);
        }
        if done >= 1 && self.r.may_stop_short(self.u, at) && self.r.may_end(self.u, at) {
            return true;
        }
        if self.may_leave(at) {
            return true;
        }
        for (_, to) in self.g.neighbours(at) {
            if self.is_step(trail, to, done)
                && self.entry(trail, to, displace).is_some()
                && self.reaches_end_via(trail, to, displace)
            {
                return true;
            }
        }
        false
    }

    /// [`Walk::depth`] with `to` entered at the end of `trail` (and left again).
    fn depth_via(&self, trail: &mut Trail, to: HexId, displace: bool) -> u8 {
        if trail.push(to).is_err() {
            return 0;
        }
        let d = self.depth(trail, displace);
        trail.pop();
        d
    }

    /// How many more hexes the retreat, having come along `trail`, can go (ignoring where it
    /// may end).
    fn depth(&self, trail: &mut Trail, displace: bool) -> u8 {
        let at = trail[trail.len() - 1];
        let done = (trail.len() - 1) as u8;
        if done >= self.total {
            return 0;
        }
        let mut best = 0;
        for (_, to) in self.g.neighbours(at) {
            if self.is_step(trail, to, done) && self.entry(trail, to, displace).is_some() {
                best = best.max(1 + self.depth_via(trail, to, displace));
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::hex::{Edge, HexFormat, ShiftedColumns};

    fn geo() -> Geometry {
        Geometry {
            columns: 12,
            rows: 12,
            shifted: ShiftedColumns::Even,
            format: HexFormat::Ccrr,
            first_column_at: Edge::East,
            first_row_at: Edge::South,
        }
    }

    /// A hand-made board: blocked hexes (enemy control, water …), friendly units by hex,
    /// hexes where a retreat may stop short, units that may not be displaced, hexes that may
    /// not be ended in, and steps refused by the way there.
    #[derive(Default)]
    struct Toy {
        blocked: heapless::Vec<HexId, 32>,
        units: heapless::Vec<(u8, HexId), 16>,
        stop_short: heapless::Vec<HexId, 8>,
        pinned: heapless::Vec<u8, 8>,
        no_end: heapless::Vec<HexId, 8>,
        /// Steps refused by the way there: never on into `c` after entering `b` from `a`.
        no_pass: heapless::Vec<(HexId, HexId, HexId), 8>,
        /// The rules let a unit leave the map (Fortress Berlin 8.7.1 5).
        leave_map: bool,
    }

    impl RetreatRules for Toy {
        type Unit = u8;
        fn friendly_occupant(&self, h: HexId) -> Option<u8> {
            self.units.iter().find(|(_, x)| *x == h).map(|(u, _)| *u)
        }
        fn may_enter(&self, _u: u8, trail: &[HexId], to: HexId) -> bool {
            !self.blocked.contains(&to)
                && !self
                    .no_pass
                    .iter()
                    .any(|&(a, b, c)| c == to && trail.ends_with(&[a, b]))
        }
        fn may_end(&self, _u: u8, h: HexId) -> bool {
            !self.no_end.contains(&h)
        }
        fn may_stop_short(&self, _u: u8, h: HexId) -> bool {
            self.stop_short.contains(&h)
        }
        fn may_be_displaced(&self, u: u8) -> bool {
            !self.pinned.contains(&u)
        }
        fn may_leave_map(&self, _u: u8, _at: HexId) -> bool {
            self.leave_map
        }
    }

    const START: HexId = HexId::new(6, 6);

    /// Blocks every neighbour of START except `open`.
    fn ring_except(t: &mut Toy, open: &[HexId]) {
        let g = geo();
        for (_, n) in g.neighbours(START) {
            if !open.contains(&n) {
                let _ = t.blocked.push(n);
            }
        }
    }

    #[test]
    fn every_step_moves_one_hex_farther_from_the_start() {
        let g = geo();
        let t = Toy::default();
        let mut out = Steps::new();
        assert_eq!(
            retreat_steps(&g, &t, 0, START, &[], 3, &mut out),
            Outlook::ThroughVacant
        );
        assert_eq!(out.len(), 6);
        let first = out[0].to;
        retreat_steps(&g, &t, 0, START, &[first], 3, &mut out);
        assert!(!out.is_empty() && out.len() <= 3);
        assert!(out.iter().all(|s| g.distance(START, s.to) == 2));
    }

    #[test]
    fn vacant_routes_are_preferred_over_displacement() {
        let g = geo();
        let mut t = Toy::default();
        let ns: heapless::Vec<HexId, 6> = g.neighbours(START).map(|(_, n)| n).collect();
        // One neighbour is vacant, one holds a friendly unit, the rest are blocked.
        ring_except(&mut t, &[ns[0], ns[1]]);
        let _ = t.units.push((1, ns[1]));
        let mut out = Steps::new();
        let o = retreat_steps(&g, &t, 0, START, &[], 1, &mut out);
        assert_eq!(o, Outlook::ThroughVacant);
        assert_eq!(
            out.as_slice(),
            &[RetreatStep {
                to: ns[0],
                entry: Entry::Vacant
            }]
        );
        // With the vacant hex blocked too, the friendly unit is displaced.
        let _ = t.blocked.push(ns[0]);
        let o = retreat_steps(&g, &t, 0, START, &[], 1, &mut out);
        assert_eq!(o, Outlook::Displacing);
        assert_eq!(
            out.as_slice(),
            &[RetreatStep {
                to: ns[1],
                entry: Entry::Displace
            }]
        );
    }

    #[test]
    fn displaced_units_move_one_hex_vacant_first_then_in_a_chain() {
        let g = geo();
        let mut t = Toy::default();
        let a = HexId::new(6, 7);
        let _ = t.units.push((1, a));
        // Unit 1 is surrounded: START (the displacer), four blocked hexes and unit 2.
        let ns: heapless::Vec<HexId, 6> = g.neighbours(a).map(|(_, n)| n).collect();
        let b = *ns.iter().find(|&&n| n != START).unwrap();
        for &n in ns.iter() {
            if n != START && n != b {
                let _ = t.blocked.push(n);
            }
        }
        let _ = t.units.push((2, b));
        let mut out = Steps::new();
        displace_steps(&g, &t, 1, a, &[START], &mut out);
        assert_eq!(
            out.as_slice(),
            &[RetreatStep {
                to: b,
                entry: Entry::Displace
            }]
        );
        let mut busy = Busy::new();
        let _ = busy.push(START);
        assert!(can_displace(&g, &t, 1, a, &mut busy));
        // Unit 2 may not be displaced: the chain breaks and unit 1 cannot make room.
        let _ = t.pinned.push(2);
        assert!(!can_displace(&g, &t, 1, a, &mut busy));
        displace_steps(&g, &t, 1, a, &[START], &mut out);
        assert!(out.is_empty());
    }

    #[test]
    fn a_displacement_that_cannot_be_made_is_no_route() {
        let g = geo();
        let mut t = Toy::default();
        let a = HexId::new(6, 7);
        ring_except(&mut t, &[a]);
        let _ = t.units.push((1, a));
        for (_, n) in g.neighbours(a) {
            if n != START {
                let _ = t.blocked.push(n);
            }
        }
        let mut out = Steps::new();
        assert_eq!(
            retreat_steps(&g, &t, 0, START, &[], 1, &mut out),
            Outlook::FallsShort
        );
        assert!(out.is_empty());
    }

    #[test]
    fn a_blocked_retreat_goes_as_far_as_it_can() {
        let g = geo();
        let mut t = Toy::default();
        let a = HexId::new(6, 7);
        ring_except(&mut t, &[a]);
        // Everything two hexes away is blocked: the retreat of 3 stops after one hex.
        for i in 0..g.hex_count() {
            let h = g.hex_at(i).unwrap();
            if g.distance(START, h) == 2 {
                let _ = t.blocked.push(h);
            }
        }
        let mut out = Steps::new();
        assert_eq!(
            retreat_steps(&g, &t, 0, START, &[], 3, &mut out),
            Outlook::FallsShort
        );
        assert_eq!(
            out.as_slice(),
            &[RetreatStep {
                to: a,
                entry: Entry::Vacant
            }]
        );
        // A hex where the retreat may stop short is a legal end.
        let _ = t.stop_short.push(a);
        assert_eq!(
            retreat_steps(&g, &t, 0, START, &[], 3, &mut out),
            Outlook::ThroughVacant
        );
    }

    #[test]
    fn a_retreat_may_not_end_where_it_may_not_stop() {
        let g = geo();
        let mut t = Toy::default();
        let ns: heapless::Vec<HexId, 6> = g.neighbours(START).map(|(_, n)| n).collect();
        ring_except(&mut t, &[ns[2]]);
        let _ = t.no_end.push(ns[2]);
        let mut out = Steps::new();
        // One hex: it would end in the no-stopping hex.
        assert_eq!(
            retreat_steps(&g, &t, 0, START, &[], 1, &mut out),
            Outlook::FallsShort
        );
        // Two hexes: it passes through.
        assert_eq!(
            retreat_steps(&g, &t, 0, START, &[], 2, &mut out),
            Outlook::ThroughVacant
        );
    }
    #[test]
    fn a_step_may_be_judged_by_the_way_there() {
        let g = geo();
        let mut t = Toy::default();
        let ns: heapless::Vec<HexId, 6> = g.neighbours(START).map(|(_, n)| n).collect();
        // One way out, through `a`; from `a` a retreat of 2 may go on to any hex two away.
        let a = ns[0];
        ring_except(&mut t, &[a]);
        let mut out = Steps::new();
        retreat_steps(&g, &t, 0, START, &[a], 2, &mut out);
        let onward: heapless::Vec<HexId, 6> = out.iter().map(|s| s.to).collect();
        assert!(!onward.is_empty());
        // The rules refuse going on into every one of them after entering `a` from START.
        for &c in &onward {
            let _ = t.no_pass.push((START, a, c));
        }
        assert_eq!(
            retreat_steps(&g, &t, 0, START, &[a], 2, &mut out),
            Outlook::FallsShort
        );
        assert!(out.is_empty());
        // Seen from START, `a` leads nowhere: the step that gets farthest is all there is.
        assert_eq!(
            retreat_steps(&g, &t, 0, START, &[], 2, &mut out),
            Outlook::FallsShort
        );
        assert_eq!(out.len(), 1);
        // A unit displaced out of `a` came from nowhere: the same hexes are open to it.
        let _ = t.units.push((1, a));
        displace_steps(&g, &t, 1, a, &[START], &mut out);
        assert!(onward.iter().all(|c| out.iter().any(|s| s.to == *c)));
    }

    // 8.7.1 4: a Fortress Berlin path need not move away each step; Berlin '85's must.
    #[test]
    fn fortress_paths_may_run_sideways_but_never_back_into_the_start() {
        let g = geo();
        let mut t = Toy::default();
        let ns: heapless::Vec<HexId, 6> = g.neighbours(START).map(|(_, n)| n).collect();
        let a = ns[0];
        ring_except(&mut t, &[a]);
        // Everything two hexes from START is blocked: only hexes one away remain.
        for i in 0..g.hex_count() {
            let h = g.hex_at(i).unwrap();
            if g.distance(START, h) == 2 {
                let _ = t.blocked.push(h);
            }
        }
        let mut out = Steps::new();
        // Berlin '85: a retreat of 2 cannot go on from `a`.
        assert_eq!(
            retreat_steps(&g, &t, 0, START, &[a], 2, &mut out),
            Outlook::FallsShort
        );
        assert!(out.is_empty());
        // Fortress Berlin: `a` may go on to a neighbour of START that is also next to `a`,
        // but never back into START; the ring around START is blocked except `a`, so unblock
        // one hex beside `a`.
        let side = *ns.iter().find(|&&n| n != a && g.adjacent(n, a)).unwrap();
        t.blocked.retain(|h| *h != side);
        let p = retreat_steps_with(&g, &t, RetreatPolicy::FORTRESS, 0, START, &[a], 2, &mut out);
        assert_eq!(p.outlook, Outlook::ThroughVacant);
        assert_eq!(
            out.iter()
                .map(|s| s.to)
                .collect::<heapless::Vec<HexId, 6>>(),
            [side]
        );
        assert!(!out.iter().any(|s| s.to == START));
        // The default policy still refuses the sideways step.
        retreat_steps(&g, &t, 0, START, &[a], 2, &mut out);
        assert!(out.is_empty());
        // No hex twice: from `side`, `a` is not offered again.
        retreat_steps_with(
            &g,
            &t,
            RetreatPolicy::FORTRESS,
            0,
            START,
            &[a, side],
            3,
            &mut out,
        );
        assert!(!out.iter().any(|s| s.to == a || s.to == START));
    }

    // 8.7.1 5: retreating off the map is a legal end under Fortress Berlin's policy only.
    #[test]
    fn an_edge_hex_may_retreat_off_the_map_when_the_policy_and_rules_allow() {
        let g = geo();
        let mut t = Toy::default();
        let edge = HexId::new(1, 6);
        // Box the edge hex in: every on-map neighbour is blocked.
        for (_, n) in g.neighbours(edge) {
            let _ = t.blocked.push(n);
        }
        let mut out = Steps::new();
        let p = retreat_steps_with(&g, &t, RetreatPolicy::FORTRESS, 0, edge, &[], 2, &mut out);
        assert_eq!((p.outlook, p.off_map), (Outlook::FallsShort, false));
        t.leave_map = true;
        let p = retreat_steps_with(&g, &t, RetreatPolicy::FORTRESS, 0, edge, &[], 2, &mut out);
        assert!(p.off_map);
        // Berlin '85 never leaves the map, whatever the rules answer.
        let p = retreat_steps_with(&g, &t, RetreatPolicy::BERLIN85, 0, edge, &[], 2, &mut out);
        assert!(!p.off_map);
        // An inland route that reaches the edge is a legal end through it.
        let mut t = Toy {
            leave_map: true,
            ..Toy::default()
        };
        let inner = HexId::new(2, 6);
        let edge = g
            .neighbours(inner)
            .map(|(_, n)| n)
            .find(|n| n.col == 1)
            .unwrap();
        for (_, n) in g.neighbours(inner) {
            if n != edge {
                let _ = t.blocked.push(n);
            }
        }
        for (_, n) in g.neighbours(edge) {
            if n != inner {
                let _ = t.blocked.push(n);
            }
        }
        let p = retreat_steps_with(&g, &t, RetreatPolicy::FORTRESS, 0, inner, &[], 3, &mut out);
        assert_eq!(p.outlook, Outlook::ThroughVacant);
        assert_eq!(
            out.iter()
                .map(|s| s.to)
                .collect::<heapless::Vec<HexId, 6>>(),
            [edge]
        );
        assert!(!p.off_map);
    }

    // 8.7 a whole stack retreats as one; 8.7.1 2 it may pass through, but not end in, a hex
    // where it would break the stacking limit (3.1.3)
    #[test]
    fn a_whole_stack_retreats_as_one_force_and_respects_stacking_where_it_ends() {
        use crate::core::stack::{Stack, StackLimit};
        use crate::core::units::UnitId;
        use crate::core::Side;
        const SOVIET: StackLimit = StackLimit {
            normal: 2,
            one_formation: 3,
            case: "3.1.3",
        };
        struct Force<'a> {
            // Friendly stacks already on the map.
            stacks: &'a [Stack],
            blocked: &'a [HexId],
        }
        impl RetreatRules for Force<'_> {
            // The retreating force, by its units.
            type Unit = &'static [UnitId];
            fn friendly_occupant(&self, _h: HexId) -> Option<Self::Unit> {
                None // retreats stack with friends instead of displacing them (8.7.2)
            }
            fn may_enter(&self, _u: Self::Unit, _trail: &[HexId], to: HexId) -> bool {
                !self.blocked.contains(&to)
            }
            fn may_end(&self, u: Self::Unit, h: HexId) -> bool {
                let mut all: heapless::Vec<UnitId, 8> = heapless::Vec::new();
                let _ = all.extend_from_slice(u);
                if let Some(s) = self.stacks.iter().find(|s| s.hex == h) {
                    let _ = all.extend_from_slice(&s.units);
                }
                SOVIET.check(&all, |x| (x.0 < 10).then_some(1)).is_ok()
            }
            fn may_stop_short(&self, _u: Self::Unit, _h: HexId) -> bool {
                false
            }
            fn may_be_displaced(&self, _u: Self::Unit) -> bool {
                false
            }
        }
        let g = geo();
        let ns: heapless::Vec<HexId, 6> = g.neighbours(START).map(|(_, n)| n).collect();
        let a = ns[0];
        let mut blocked: heapless::Vec<HexId, 6> = ns.iter().copied().filter(|&n| n != a).collect();
        let _ = blocked.push(START);
        // A friendly army unit (not of the corps) holds `a`.
        let mut there = Stack::new(a, Side::B);
        there.units.push(UnitId(20)).unwrap();
        let stacks = [there];
        let t = Force {
            stacks: &stacks,
            blocked: &blocked,
        };
        const TWO: &[UnitId] = &[UnitId(1), UnitId(2)];
        const ONE: &[UnitId] = &[UnitId(1)];
        let mut out = Steps::new();
        // The outlook of a retreat of `units` from START for `hexes` hexes.
        let outlook = |units, hexes, out: &mut Steps| {
            let p = retreat_steps_with(
                &g,
                &t,
                RetreatPolicy::FORTRESS,
                units,
                START,
                &[],
                hexes,
                out,
            );
            p.outlook
        };
        // One hex: the pair would make three in `a` with a non-corps unit; a single unit fits.
        assert_eq!(outlook(TWO, 1, &mut out), Outlook::FallsShort);
        assert_eq!(outlook(ONE, 1, &mut out), Outlook::ThroughVacant);
        // Two hexes: the pair passes through `a` and ends beyond it.
        assert_eq!(outlook(TWO, 2, &mut out), Outlook::ThroughVacant);
        assert_eq!(
            out.iter()
                .map(|s| s.to)
                .collect::<heapless::Vec<HexId, 6>>(),
            [a]
        );
    }
}
