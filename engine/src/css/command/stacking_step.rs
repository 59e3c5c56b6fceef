//! Step 2D-c in the turn machine (S3.3.4 c): when a chit's play ends, the stacking of every
//! hex where an activated unit ended is checked by `css::stacking::step_2d_c` and its DGs are
//! given (S6.3, S6.4; a DG on a DG unit suppresses it, S11.5), then the Op Fire markers go
//! (S9.11.3) and the Pin markers of the units that were active (S11.4).
//!
//! The turn machine holds no units: the game's board is a [`Board2dC`].
//! [`TurnState::apply_on_board`] applies one input and, when that input ended a chit's play
//! (its `What::ActivationEnds` event), runs 2D-c on the board within the same input, before
//! the turn goes on at 2D-d (which touches no unit, so the order is kept).

use super::turn::{ev, Command, Event, TurnState, What};
use super::{Chit, CommandData};
use crate::core::hex::HexId;
use crate::core::protocol::{emit, Events, Input, RuleViolation};
use crate::core::units::UnitId;
use crate::css::fire::FireMarkers;
use crate::css::morale::{Condition, StatusHit};
use crate::css::stacking::{step_2d_c, Piece, StackingChart, Undecided, MAX_HEX_PIECES};

/// Hexes one step 2D-c may check.
pub const MAX_2D_C_HEXES: usize = 64;

/// One side's pieces in one hex, as the board reports them for 2D-c.
pub struct Stack2dC {
    pub hex: HexId,
    /// A hex the game declares unlimited (*Gates* 3.5): no over-stacking there.
    pub unlimited: bool,
    pub pieces: heapless::Vec<Piece, MAX_HEX_PIECES>,
    /// The owner's pick of the formation spared when formations tie for the most units
    /// (S6.4), asked beforehand by the game (`css::stacking::Tie`).
    pub spared: Option<u16>,
}

/// The game's board as step 2D-c reads and marks it.
pub trait Board2dC {
    /// Each hex where a unit active under `chit` ended the activation (S3.3.4 c), with one
    /// side's pieces in it.
    fn stacks_ended_in(
        &self,
        chit: Chit,
    ) -> Result<heapless::Vec<Stack2dC, MAX_2D_C_HEXES>, RuleViolation>;
    /// Calls `f` on every unit's condition and fire markers, with whether it was active
    /// under `chit`.
    fn each_unit(
        &mut self,
        chit: Chit,
        f: &mut dyn FnMut(UnitId, bool, &mut Condition, &mut FireMarkers),
    );
}

/// A game with no units on a board (the turn machine's own tests): nothing to check.
pub struct NoBoard;

impl Board2dC for NoBoard {
    fn stacks_ended_in(
        &self,
        _: Chit,
    ) -> Result<heapless::Vec<Stack2dC, MAX_2D_C_HEXES>, RuleViolation> {
        Ok(heapless::Vec::new())
    }
    fn each_unit(
        &mut self,
        _: Chit,
        _: &mut dyn FnMut(UnitId, bool, &mut Condition, &mut FireMarkers),
    ) {
    }
}

impl TurnState {
    /// [`TurnState::apply`], then step 2D-c on the game's `board` if the input ended a chit's
    /// play (S3.3.4 c). Returns the units given a DG.
    pub fn apply_on_board(
        &mut self,
        data: &CommandData,
        chart: &StackingChart,
        board: &mut impl Board2dC,
        input: &Input<Command>,
        events: &mut Events<Event>,
    ) -> Result<heapless::Vec<UnitId, MAX_2D_C_HEXES>, RuleViolation> {
        let before = events.len();
        self.apply(data, input, events)?;
        // Only this input's events: a caller may keep earlier ones in the same list.
        let ended = events[before..].iter().find_map(|e| match e.what {
            What::ActivationEnds(chit) => Some(chit),
            _ => None,
        });
        match ended {
            Some(chit) => run_2d_c(chart, board, chit, events),
            None => Ok(heapless::Vec::new()),
        }
    }
}

/// Step 2D-c for `chit` on `board`: the stacking DGs of every hex an active unit ended in,
/// then the Op Fire markers and the active units' Pins go.
pub fn run_2d_c(
    chart: &StackingChart,
    board: &mut impl Board2dC,
    chit: Chit,
    events: &mut Events<Event>,
) -> Result<heapless::Vec<UnitId, MAX_2D_C_HEXES>, RuleViolation> {
    let full = || RuleViolation::new("engine", "too many units disrupted at one step 2D-c");
    let mut dg: heapless::Vec<UnitId, MAX_2D_C_HEXES> = heapless::Vec::new();
    for s in board.stacks_ended_in(chit)? {
        let p = match step_2d_c(chart, s.unlimited, &s.pieces, s.spared) {
            Ok(p) => p,
            Err(Undecided::Overflow(e)) => return Err(e),
            Err(Undecided::Tie(_)) => {
                return Err(RuleViolation::new(
                    "S6.4",
                    "formations tie in a hex: the owner picks the one spared before 2D-c",
                ))
            }
        };
        for u in p.dg {
            if !dg.contains(&u) {
                dg.push(u).map_err(|_| full())?;
            }
        }
    }
    board.each_unit(chit, &mut |id, was_active, c, m| {
        if dg.contains(&id) {
            // S6.3, S6.4 through table S9.7.1: a DG, or Suppressed on a DG unit (S11.5); a DG
            // never captures.
            let _ = c.hit_status(StatusHit::Dg);
        }
        // S11.4: a unit that was active loses its Pin.
        c.end_of_activation(was_active);
        // S9.11.3: Op Fire markers go at every 2D-c.
        m.end_of_activation();
    });
    for u in &dg {
        emit(events, ev("S6.3", What::StackingDg(*u)))?;
    }
    Ok(dg)
}
