//! Control of hexes and hex parts (series S16.0–S16.2, with the divided hexes of S16.3).
//!
//! * **Control** (S16.1): a side controls a hex it is in, or that it was the last side to be
//!   in. The scenario sets the control at the start ([`Control::set_initial`]; *Gates* 2.4:
//!   Teufelsberg is NATO's).
//! * **Occupation** (S16.2): any unit that enters a hex in any way — a move, even one that
//!   only passes through, an advance after assault, a placement — occupies it
//!   ([`Control::occupy`] with an [`Entry`]); the caller reports every hex a Move action's
//!   steps enter (`css::move_action::Trigger::Entered`, [`Control::entered`]). A rout path
//!   ([`Entry::RoutPath`]) occupies nothing and changes no control: the unit leaves the map.
//! * **Hex parts** (S16.3): a divided hex is controlled part by part. Entering a part takes
//!   that part and the hex; the other part keeps the side that last held it. The hex as a
//!   whole belongs to the last side in any of its parts (only one side is ever in it, S16.3).
//!   An undivided hex has one part: both are set together.
//!
//! What control is for is each rule's: occupation ends places (*Gates* 2.4, 2.5, 8.3, 10.2,
//! 4.3, `gates::places::SiteState::occupy` on the same entries), control decides where a
//! game's effects hold (*Gates* 2.4: NATO picks chits while it holds Teufelsberg).

#[cfg(test)]
#[path = "control_tests.rs"]
mod tests;

use super::move_action::Trigger;
use super::terrain::{Ground, Part};
use crate::core::hex::HexId;
use crate::core::protocol::{refuse, RuleViolation};
use crate::core::side::Side;
use serde::{Deserialize, Serialize};

/// How a unit came into a hex (S16.1, S16.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Entry {
    /// Entered during a Move action, to stop or to pass through (S7.2).
    Move,
    /// Advanced into it after an assault (S10.6) or a charge.
    Advance,
    /// Placed there: reinforcements, returns, set-up after the start (S18.1, S11.10).
    Placement,
    /// Only traced a rout path through it (S11.8.2): no occupation.
    RoutPath,
}

impl Entry {
    /// S16.2: every entry occupies, except a rout path traced through the hex (S16.1).
    pub const fn occupies(self) -> bool {
        !matches!(self, Entry::RoutPath)
    }
}

/// What an occupation changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Occupied {
    pub hex: HexId,
    pub side: Side,
    /// The hex (as a whole) changed hands.
    pub changed: bool,
}

const NONE: u8 = 0;

const fn code(s: Option<Side>) -> u8 {
    match s {
        None => NONE,
        Some(Side::A) => 1,
        Some(Side::B) => 2,
    }
}

const fn side_of(c: u8) -> Option<Side> {
    match c & 3 {
        1 => Some(Side::A),
        2 => Some(Side::B),
        _ => None,
    }
}

/// Who controls each hex and each part of a divided hex, for a map of up to `H` hexes indexed
/// like the core map (S16.1). Per hex: two bits for the hex, two for each part.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Control<const H: usize> {
    cells: heapless::Vec<u8, H>,
}

impl<const H: usize> Control<H> {
    /// Nobody controls anything, for a map of `n` hexes.
    pub fn new(n: usize) -> Self {
        let mut cells = heapless::Vec::new();
        for _ in 0..n.min(H) {
            let _ = cells.push(NONE);
        }
        Control { cells }
    }

    fn cell<const P: usize>(&self, ground: &Ground<'_, H, P>, h: HexId) -> Option<(usize, u8)> {
        let i = ground.map.idx(h)?;
        self.cells.get(i).map(|c| (i, *c))
    }

    /// S16.1: the side that controls the hex, if any.
    pub fn controller<const P: usize>(&self, ground: &Ground<'_, H, P>, h: HexId) -> Option<Side> {
        self.cell(ground, h).and_then(|(_, c)| side_of(c))
    }

    /// S16.1, S16.3: the side that controls one part of the hex (the hex's controller for an
    /// undivided hex).
    pub fn part_controller<const P: usize>(
        &self,
        ground: &Ground<'_, H, P>,
        h: HexId,
        part: Part,
    ) -> Option<Side> {
        self.cell(ground, h)
            .and_then(|(_, c)| side_of(c >> (2 + 2 * part.index())))
    }

    /// S16.1: does `side` control the hex?
    pub fn controls<const P: usize>(
        &self,
        ground: &Ground<'_, H, P>,
        h: HexId,
        side: Side,
    ) -> bool {
        self.controller(ground, h) == Some(side)
    }

    fn write<const P: usize>(
        &mut self,
        ground: &Ground<'_, H, P>,
        h: HexId,
        part: Part,
        side: Side,
    ) -> Result<bool, RuleViolation> {
        let Some((i, c)) = self.cell(ground, h) else {
            return refuse("S16.1", "the hex is not on the map");
        };
        let s = code(Some(side));
        let mut next = (c & !3) | s;
        if ground.detail(h).parts.divided() {
            let shift = 2 + 2 * part.index();
            next = (next & !(3 << shift)) | (s << shift);
        } else {
            next = s | (s << 2) | (s << 4);
        }
        self.cells[i] = next;
        Ok(side_of(c) != Some(side))
    }

    /// S16.1: the scenario gives `side` the hex (in a divided hex, the part `part`) at the
    /// start of play.
    pub fn set_initial<const P: usize>(
        &mut self,
        ground: &Ground<'_, H, P>,
        h: HexId,
        part: Part,
        side: Side,
    ) -> Result<(), RuleViolation> {
        self.write(ground, h, part, side).map(|_| ())
    }

    /// S16.2: a unit of `side` came into the hex (the part `part` of a divided hex, the one
    /// the Hex Owned arrow points at) by `how`. It takes the hex and the part, unless it only
    /// traced a rout path through it (S16.1); returns what changed (`None` for a rout path).
    pub fn occupy<const P: usize>(
        &mut self,
        ground: &Ground<'_, H, P>,
        h: HexId,
        part: Part,
        side: Side,
        how: Entry,
    ) -> Result<Option<Occupied>, RuleViolation> {
        if !how.occupies() {
            if ground.map.idx(h).is_none() {
                return refuse("S16.1", "the hex is not on the map");
            }
            return Ok(None);
        }
        let changed = self.write(ground, h, part, side)?;
        Ok(Some(Occupied {
            hex: h,
            side,
            changed,
        }))
    }

    /// S16.2: a Move action's step entered a hex (even passing through): the units of `side`
    /// occupy it. A change of side occupies nothing new.
    pub fn entered<const P: usize>(
        &mut self,
        ground: &Ground<'_, H, P>,
        side: Side,
        t: &Trigger,
    ) -> Result<Option<Occupied>, RuleViolation> {
        match *t {
            Trigger::Entered { hex, part } => self.occupy(ground, hex, part, side, Entry::Move),
            Trigger::ChangedSide { .. } => Ok(None),
        }
    }
}
