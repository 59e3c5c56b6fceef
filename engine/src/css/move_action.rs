//! The Move action under way, one hex at a time (S7.2): the checked move a player makes hex by
//! hex, priced by [`Ctx::enter`] like the search. Each hex entered and each change of side is
//! an opportunity-fire trigger (S5.4, S9.11.2) the calls report, so a later layer can resolve
//! opportunity fire after any of them and stop the move where it hit ([`Move::halt`], S7.2.2).

use super::movement::Ctx;
use super::terrain::{Conditions, Part};
use crate::core::faces::Face;
use crate::core::hex::HexId;
use crate::core::movement::Link;
use crate::core::protocol::RuleViolation;
use serde::{Deserialize, Serialize};

/// An opportunity-fire trigger of a move (S5.4, S9.11.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trigger {
    /// The party entered this hex (the part of a divided hex it is in).
    Entered { hex: HexId, part: Part },
    /// The party changed side in this hex.
    ChangedSide { hex: HexId, face: Face },
}

/// A Move action under way, one hex at a time (S7.2): kept in the game state between the
/// steps so a later layer can resolve opportunity fire after each trigger and stop the move
/// ([`Move::halt`], S7.2.2). Each call takes the [`Ctx`] of the units still moving: a unit
/// that drops off where the stack passes (S7.2.1) is left out of the next call's party, and
/// the others go on at the stack's pace (the allowance fixed at [`Move::begin`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Move {
    pub start: HexId,
    pub at: HexId,
    pub part: Part,
    pub face: Face,
    /// Sixths of an MP spent so far.
    pub spent: u16,
    pub allowance: u16,
    /// Hexes entered so far.
    pub entered: u8,
    /// The party changed side at the start: it has used MP, no minimum move (S7.2).
    pub changed_at_start: bool,
    /// The move may not go on: a ferry crossed (S7.9) or fire stopped it (S7.2.2).
    pub ended: bool,
    /// Fire stopped it: no change of side at the end either (S7.2.2).
    pub halted: bool,
}

/// The end of a Move action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Finished {
    pub hex: HexId,
    pub part: Part,
    pub face: Face,
    pub spent: u16,
    /// A change of side at the end, an opportunity-fire trigger.
    pub trigger: Option<Trigger>,
}

impl Move {
    /// Starts a Move action of `ctx.party`, with a change of side first if asked (S7.7: paid
    /// from the MA of the side it starts on).
    pub fn begin<const H: usize, const P: usize, C: Conditions>(
        ctx: &Ctx<'_, H, P, C>,
        change_side: bool,
    ) -> Result<(Move, Option<Trigger>), RuleViolation> {
        let party = ctx.party;
        let mut m = Move {
            start: party.hex,
            at: party.hex,
            part: party.part,
            face: party.face,
            spent: 0,
            allowance: party.allowance,
            entered: 0,
            changed_at_start: false,
            ended: false,
            halted: false,
        };
        if !change_side {
            return Ok((m, None));
        }
        let face = party.face.flipped();
        ctx.may_change_to(party.hex, face)?;
        let cost = ctx.change_cost();
        if cost > party.allowance {
            return Err(RuleViolation::new(
                "S7.7",
                "not enough MP to change side at the start of the move",
            ));
        }
        m.face = face;
        m.spent = cost;
        m.changed_at_start = true;
        Ok((
            m,
            Some(Trigger::ChangedSide {
                hex: party.hex,
                face,
            }),
        ))
    }

    /// Enters the adjacent hex `to`, paying its price (S7.2–S7.10); the hex entered is an
    /// opportunity-fire trigger (S9.11.2). On a refusal the move is unchanged.
    pub fn step<const H: usize, const P: usize, C: Conditions>(
        &mut self,
        ctx: &Ctx<'_, H, P, C>,
        to: HexId,
    ) -> Result<Trigger, RuleViolation> {
        if self.ended {
            return Err(RuleViolation::new("S7.2", "this move has ended"));
        }
        let g = &ctx.ground.map.geometry;
        let link = g
            .direction_to(self.at, to)
            .and_then(|d| Link::new(g, self.at, d))
            .ok_or(RuleViolation::new(
                "S7.2",
                "a unit moves from hex to adjacent hex",
            ))?;
        // Before it has entered a hex, the party may leave an in-hex stream's or a ferry's
        // hex from either part (ruling B31, exclusive 2.2.5).
        let mut part = self.part;
        let exit = ctx.ground.detail_at(link.from_i).parts.part_of(link.d);
        let i = exit.index() as usize;
        if self.entered == 0
            && exit != part
            && (ctx.start_parts(ctx.party.face)[i] || ctx.start_parts(self.face)[i])
        {
            part = exit;
        }
        let e = ctx.enter(link, self.face, part)?;
        let left = self.allowance - self.spent.min(self.allowance);
        let cost = if self.entered == 0 && !self.changed_at_start {
            e.cost.min(left) // S7.2 minimum move
        } else {
            e.cost
        };
        if cost > left {
            return Err(RuleViolation::new(
                "S7.2",
                "not enough MP left to enter this hex",
            ));
        }
        self.spent += cost;
        self.at = to;
        self.part = e.part;
        self.entered = self.entered.saturating_add(1);
        self.ended = e.stop;
        Ok(Trigger::Entered {
            hex: to,
            part: e.part,
        })
    }

    /// Fire pinned, disrupted or suppressed the party: it stops at once where it is (S7.2.2).
    pub fn halt(&mut self) {
        self.ended = true;
        self.halted = true;
    }

    /// Ends the move, with a change of side if asked (S7.7: paid from what is left).
    pub fn finish<const H: usize, const P: usize, C: Conditions>(
        self,
        ctx: &Ctx<'_, H, P, C>,
        change_side: bool,
    ) -> Result<Finished, RuleViolation> {
        if self.entered == 0 && !self.halted {
            return Err(RuleViolation::new(
                "S7.2",
                "a Move action enters at least one hex (a Change Side action costs no MP)",
            ));
        }
        let mut done = Finished {
            hex: self.at,
            part: self.part,
            face: self.face,
            spent: self.spent,
            trigger: None,
        };
        if !change_side {
            return Ok(done);
        }
        if self.halted {
            return Err(RuleViolation::new(
                "S7.2.2",
                "a unit stopped by fire ends its move at once",
            ));
        }
        let face = self.face.flipped();
        ctx.may_change_to(self.at, face)?;
        let cost = ctx.change_cost();
        if self.spent.saturating_add(cost) > self.allowance {
            return Err(RuleViolation::new(
                "S7.7",
                "not enough MP left to change side at the end of the move",
            ));
        }
        done.face = face;
        done.spent += cost;
        done.trigger = Some(Trigger::ChangedSide { hex: self.at, face });
        Ok(done)
    }
}
