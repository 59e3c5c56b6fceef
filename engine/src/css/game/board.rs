//! Step 2D-c on the series board (S3.3.4 c, S6.3, S6.4, S11.4, S9.11.3): the game's units as
//! `css::command::stacking_step::Board2dC` reads and marks them.

use super::{SeriesData, SeriesGame, UnitState, MAX_SPARED};
use crate::core::hex::HexId;
use crate::core::protocol::{Events, RuleViolation};
use crate::core::units::UnitId;
use crate::css::actions::Activation;
use crate::css::command::stacking_step::{run_2d_c, Board2dC, Stack2dC, MAX_2D_C_HEXES};
use crate::css::command::turn::Event;
use crate::css::command::Chit;
use crate::css::fire::FireMarkers;
use crate::css::morale::Condition;
use crate::css::stacking::{count, step_2d_c, Undecided};

/// The board as step 2D-c of one chit sees it.
pub(super) struct Board<'a, 'd, const H: usize, const P: usize, const U: usize> {
    pub data: &'a SeriesData<'d, H, P>,
    pub units: &'a mut heapless::Vec<UnitState, U>,
    pub activation: Option<&'a Activation>,
    pub spared: &'a heapless::Vec<(HexId, u16), MAX_SPARED>,
}

/// Was `u` active under `chit` (S3.3.4 c)? Every unit of a formation the chit activates, and
/// every unit that acted under it (a Direct Command's units, S4.6.4).
pub(super) fn was_active<const H: usize, const P: usize>(
    data: &SeriesData<'_, H, P>,
    activation: Option<&Activation>,
    chit: Chit,
    u: UnitId,
) -> bool {
    if activation.is_some_and(|a| a.acted(u)) {
        return true;
    }
    let dc = matches!(
        chit,
        Chit::DirectCommand(_) | Chit::DivisionDirectCommand(_)
    );
    !dc && data
        .counter(u)
        .ok()
        .and_then(|c| c.formation)
        .is_some_and(|f| data.command.activates(chit, f))
}

impl<const H: usize, const P: usize, const U: usize> Board2dC for Board<'_, '_, H, P, U> {
    fn stacks_ended_in(
        &self,
        chit: Chit,
    ) -> Result<heapless::Vec<Stack2dC, MAX_2D_C_HEXES>, RuleViolation> {
        let mut out: heapless::Vec<Stack2dC, MAX_2D_C_HEXES> = heapless::Vec::new();
        let full = || RuleViolation::new("engine", "too many hexes at one step 2D-c");
        for u in self.units.iter() {
            let Some(hex) = u.hex else { continue };
            if !was_active(self.data, self.activation, chit, u.id)
                || out.iter().any(|s| s.hex == hex)
            {
                continue;
            }
            let mut pieces = heapless::Vec::new();
            for v in self.units.iter().filter(|v| v.hex == Some(hex)) {
                pieces
                    .push(self.data.counter(v.id)?.piece(v.id))
                    .map_err(|_| full())?;
            }
            let spared = self.spared.iter().find(|s| s.0 == hex).map(|s| s.1);
            out.push(Stack2dC {
                hex,
                unlimited: false,
                pieces,
                spared,
            })
            .map_err(|_| full())?;
        }
        Ok(out)
    }

    fn each_unit(
        &mut self,
        chit: Chit,
        f: &mut dyn FnMut(UnitId, bool, &mut Condition, &mut FireMarkers),
    ) {
        let (data, activation) = (self.data, self.activation);
        for u in self.units.iter_mut().filter(|u| u.hex.is_some()) {
            let active = was_active(data, activation, chit, u.id);
            f(u.id, active, &mut u.cond, &mut u.fire);
        }
    }
}

/// What step 2D-c would cost the units of one hex if it came now (S6.3, S6.4), for the table
/// to show before it applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StackingNow {
    /// Units that count toward the limit (S6.2) and the limit (S6.1).
    pub counted: usize,
    pub limit: u8,
    /// More units than the limit: a DG each (S6.3).
    pub over_stacked: bool,
    /// Units of more than one formation and no leader of theirs: a DG for those outside the
    /// spared formation (S6.4).
    pub mixed: bool,
    /// The DGs it would give; `None` while the owner's pick of the spared formation is owed
    /// (formations tied).
    pub dgs: Option<usize>,
}

impl<const U: usize> SeriesGame<U> {
    /// S6.3, S6.4: the stacking penalties the units in `hex` would take at step 2D-c if their
    /// chit ended now (the owner's S6.4 pick, if made, counted); `None` without units there.
    pub fn stacking_now<const H: usize, const P: usize>(
        &self,
        data: &SeriesData<'_, H, P>,
        hex: HexId,
    ) -> Option<StackingNow> {
        let pieces = self.pieces_in(data, hex).ok()?;
        if !pieces.iter().any(|p| p.is_unit()) {
            return None;
        }
        let spared = self.spared.iter().find(|s| s.0 == hex).map(|s| s.1);
        let chart = &data.stacking;
        let counted = count(&pieces);
        let over_stacked = counted > chart.limit as usize;
        let (mixed, dgs) = match step_2d_c(chart, false, &pieces, spared) {
            Ok(p) => (p.spared.is_some(), Some(p.dg.len())),
            Err(Undecided::Tie(_)) => (true, None),
            Err(Undecided::Overflow(_)) => return None,
        };
        Some(StackingNow {
            counted,
            limit: chart.limit,
            over_stacked,
            mixed,
            dgs,
        })
    }

    /// The chit's play ended: step 2D-c on the board, then the chit's bookkeeping closes.
    pub(super) fn end_chit<const H: usize, const P: usize>(
        &mut self,
        data: &SeriesData<'_, H, P>,
        chit: Chit,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let mut board = Board {
            data,
            units: &mut self.units,
            activation: self.activation.as_ref(),
            spared: &self.spared,
        };
        run_2d_c(&data.stacking, &mut board, chit, events)?;
        self.activation = None;
        self.spared.clear();
        Ok(())
    }
}
