//! The legal destinations of a Move action: the core search ([`crate::core::movement`]) over
//! the prices of [`Ctx::enter`], from the start hex in the party's mode (side of the counter,
//! part of a divided hex), with the changes the rules allow before the first hex as in-place
//! steps of the start hex (S7.7 a change of side; B31 either bank of a stream or a ferry), and
//! a change of side at the end priced after the search (S7.7). Every destination the search
//! lists is priced exactly as [`super::move_action::Move`] prices it step by step.

use super::movement::{mode, unmode, Ctx, COLUMN, DEPLOYED, MODES, UNMEASURED};
use super::terrain::{Conditions, Part};
use crate::core::faces::Face;
use crate::core::hex::{Geometry, HexId};
use crate::core::movement::{search, Link, MoveRules, Reachable, SearchError, Step};
use crate::core::protocol::RuleViolation;

/// The core search's rules for one Move action of a party.
struct Steps<'a, const H: usize, const P: usize, C: Conditions> {
    ctx: Ctx<'a, H, P, C>,
    /// Modes of the start hex the party is in before it has entered a hex, one bit each.
    start_modes: u8,
    /// Of those, the ones with no MP spent: a step from them is a minimum move (S7.2).
    fresh_modes: u8,
    change: u16,
}

impl<'a, const H: usize, const P: usize, C: Conditions> Steps<'a, H, P, C> {
    fn new(ctx: Ctx<'a, H, P, C>) -> Self {
        let party = ctx.party;
        let change = ctx.change_cost();
        let bits = |face: Face, parts: [bool; 2]| {
            let mut b = 0u8;
            for (i, ok) in parts.into_iter().enumerate() {
                if ok {
                    b |= 1 << mode(face, Part::from_index(i as u8));
                }
            }
            b
        };
        let first = ctx.start_parts(party.face);
        let fresh = bits(party.face, first);
        let mut start = fresh;
        let other = party.face.flipped();
        if ctx.may_change_to(party.hex, other).is_ok() && change <= party.allowance {
            // After a change at the start: the parts it could leave from before, and those
            // the new side may leave from (a ferry needs Column).
            let second = ctx.start_parts(other);
            start |= bits(other, [first[0] || second[0], first[1] || second[1]]);
        }
        Steps {
            ctx,
            start_modes: start,
            fresh_modes: fresh,
            change,
        }
    }
}

impl<const H: usize, const P: usize, C: Conditions> MoveRules for Steps<'_, H, P, C> {
    const IN_PLACE: bool = true;

    #[inline]
    fn steps(&self, link: Link, m: u8, out: &mut heapless::Vec<Step, 4>) {
        let (face, part) = unmode(m);
        if let Ok(e) = self.ctx.enter(link, face, part) {
            let fresh = link.from == self.ctx.party.hex && self.fresh_modes & (1 << m) != 0;
            let cost = if fresh {
                // S7.2: the minimum move of one hex, whatever it costs.
                e.cost.min(self.ctx.party.allowance)
            } else {
                e.cost
            };
            let _ = out.push(Step {
                cost,
                mode: mode(face, e.part),
                stop: e.stop,
            });
        }
    }

    fn in_place(&self, hex: HexId, _i: usize, m: u8, out: &mut heapless::Vec<Step, 4>) {
        if hex != self.ctx.party.hex || self.start_modes & (1 << m) == 0 {
            return;
        }
        let (face, part) = unmode(m);
        // The other part of the start hex, where the party may leave from either (no MP).
        let switched = mode(face, part.other());
        if self.start_modes & (1 << switched) != 0 {
            let _ = out.push(Step {
                cost: 0,
                mode: switched,
                stop: false,
            });
        }
        // A change of side at the start of the move (S7.7).
        let flipped = mode(face.flipped(), part);
        if self.fresh_modes & (1 << m) != 0 && self.start_modes & (1 << flipped) != 0 {
            let _ = out.push(Step {
                cost: self.change,
                mode: flipped,
                stop: false,
            });
        }
    }

    #[inline]
    fn may_end(&self, hex: HexId, _m: u8) -> bool {
        hex != self.ctx.party.hex
    }
}

/// One legal end of a Move action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Destination {
    pub hex: HexId,
    pub part: Part,
    /// The side of the counter at the end.
    pub face: Face,
    /// Sixths of an MP, side changes included.
    pub cost: u16,
    /// The side the party moves on (it differs from the start's after a change at the start).
    pub moving: Face,
    /// The move ends with a change of side (S7.7).
    pub change_at_end: bool,
}

/// The search scratch of a Move query on a map of up to `H` hexes.
pub struct MoveScratch<const H: usize> {
    pub reach: Reachable<H, MODES>,
}

impl<const H: usize> MoveScratch<H> {
    pub const fn new() -> Self {
        MoveScratch {
            reach: Reachable::new(),
        }
    }
}

impl<const H: usize> Default for MoveScratch<H> {
    fn default() -> Self {
        Self::new()
    }
}

/// Every legal end of a Move action of `ctx.party` (S7.2–S7.10), the cheapest way for each
/// hex, part and final side of the counter, into `f`. The start hex is not a destination.
/// `scratch.reach` keeps the search for [`path`].
pub fn destinations<const H: usize, const P: usize, C: Conditions>(
    ctx: Ctx<'_, H, P, C>,
    scratch: &mut MoveScratch<H>,
    mut f: impl FnMut(Destination),
) -> Result<(), RuleViolation> {
    let g = ctx.ground.map.geometry;
    let party = *ctx.party;
    if party.suppressed && !ctx.enemies.measured() {
        return Err(UNMEASURED);
    }
    let rules = Steps::new(ctx);
    let start_mode = mode(party.face, party.part);
    search(
        &g,
        &rules,
        party.hex,
        start_mode,
        party.allowance,
        &mut scratch.reach,
    )
    .map_err(|e| match e {
        SearchError::QueueFull => RuleViolation::new("engine", "movement search overflow"),
        SearchError::OffMap => RuleViolation::new("S7.2", "the unit is not on the map"),
    })?;
    let change = rules.change;
    let reach = &scratch.reach;
    // The cheapest way to end in `h`, `part`, on `face`: moving on it, or on the other side
    // and changing at the end (S7.7).
    let end = |h: HexId, part: Part, face: Face| {
        let here = reach.cost_in(&g, h, mode(face, part));
        let flip = reach
            .cost_in(&g, h, mode(face.flipped(), part))
            .filter(|c| {
                c.saturating_add(change) <= party.allowance
                    && rules.ctx.may_change_to(h, face).is_ok()
            })
            .map(|c| c + change);
        match (here, flip) {
            (Some(a), Some(b)) if b < a => Some((b, true, part)),
            (Some(a), _) => Some((a, false, part)),
            (None, Some(b)) => Some((b, true, part)),
            (None, None) => None,
        }
    };
    for (h, _) in reach.iter(&g) {
        if h == party.hex {
            continue;
        }
        // The part matters only in a divided hex (S16.3); on either bank of an in-hex stream
        // a unit is where it needs to be for its next move (B31): the cheaper bank.
        let divided = rules.ctx.ground.detail(h).parts.divided();
        for face in [COLUMN, DEPLOYED] {
            let (first, second) = (end(h, Part::First, face), end(h, Part::Second, face));
            let ends = if divided {
                [first, second]
            } else {
                let best = match (first, second) {
                    (Some(a), Some(b)) if b.0 < a.0 => Some(b),
                    (None, b) => b,
                    (a, _) => a,
                };
                [best, None]
            };
            for (cost, change_at_end, part) in ends.into_iter().flatten() {
                f(Destination {
                    hex: h,
                    part,
                    face,
                    cost,
                    moving: if change_at_end { face.flipped() } else { face },
                    change_at_end,
                });
            }
        }
    }
    Ok(())
}

/// The hexes of the cheapest way to `dest` found by the last [`destinations`] (start first;
/// a change of side or of part at the start shows as the start hex again), into `out`.
pub fn path<const H: usize, const N: usize>(
    g: &Geometry,
    scratch: &MoveScratch<H>,
    dest: &Destination,
    out: &mut heapless::Vec<(HexId, Face, Part), N>,
) -> bool {
    let mut raw = heapless::Vec::<(HexId, u8), N>::new();
    out.clear();
    if !scratch
        .reach
        .path_to(g, dest.hex, mode(dest.moving, dest.part), &mut raw)
    {
        return false;
    }
    raw.iter().all(|&(h, m)| {
        let (face, part) = unmode(m);
        out.push((h, face, part)).is_ok()
    })
}
