//! Reinforcements and returns on the series board (S18.1, S11.10) and the Routed box
//! (S11.8.3): the turn machine keeps the track, the arrivals, the checks and the division
//! displays (`css::command::arrivals`, `css::display`); the game moves the counters.
//!
//! * A unit that routs, or an HQ eliminated (S11.12.1), goes into its division's Routed box
//!   in the turn's displays, so the Reinforcement Phase checks it (S11.10).
//! * [`GameCommand::Place`](super::GameCommand::Place) puts an arriving unit on the map in step
//!   1C (`TurnState::enter_unit`, S18.1) or a unit that passed its return check
//!   (`TurnState::place_returned`, S11.10: with a DG unless an HQ).
//! * A return check that eliminates the unit (an unmodified 9 on its last step) removes it.
//! * Whether a division's HQ is on the map (S4.6.1, S11.10) follows the board — for divisions
//!   whose countermix has a Division HQ at all.

use super::{GameEvent, SeriesData, SeriesGame, UnitWhat};
use crate::core::hex::HexId;
use crate::core::protocol::{refuse, Events, RuleViolation};
use crate::core::units::UnitId;
use crate::css::command::turn::{Event, Step, What};
use crate::css::command::FormationId;
use crate::css::counter::{own_hq_hexes, Hq};
use crate::css::morale::{Fate, Return};
use crate::css::movement::{COLUMN, DEPLOYED};
use crate::css::reinforce::{Face as Shown, Placing};
use crate::css::stacking::{Piece, MAX_HEX_PIECES};
use crate::css::terrain::Part;

/// The board as a placement reads it (S6.1, S6.5).
struct Board<'a, 'd, const H: usize, const P: usize, const U: usize> {
    game: &'a SeriesGame<U>,
    data: &'a SeriesData<'d, H, P>,
}

impl<const H: usize, const P: usize, const U: usize> Placing for Board<'_, '_, H, P, U> {
    fn pieces(&self, h: HexId) -> heapless::Vec<Piece, MAX_HEX_PIECES> {
        self.game.pieces_in(self.data, h).unwrap_or_default()
    }
}

impl<const U: usize> SeriesGame<U> {
    /// S11.8.3 (S11.12.1 for an HQ): `u`, off the map now, goes into its division's Routed
    /// box with its steps and losses, its status removed.
    pub(super) fn send_to_routed_box<const H: usize, const P: usize>(
        &mut self,
        data: &SeriesData<'_, H, P>,
        u: UnitId,
    ) -> Result<(), RuleViolation> {
        let c = data.counter(u)?;
        let s = &mut self.units[u.0 as usize];
        s.hex = None;
        s.routed = true;
        // S11.12.1 (ruling): an HQ that lost its last step is put in the box with one step, the
        // step it may come back with (S11.10); a unit with no step could never return.
        if s.cond.remaining() == 0 {
            s.cond.lost = s.cond.steps.saturating_sub(1);
        }
        let cond = s.cond;
        // A unit outside the chain of command has no formation (S4.10): it is booked under none.
        let formation = c.formation.unwrap_or(FormationId(u8::MAX));
        self.turn
            .displays
            .of_mut(c.division)?
            .rout(u, formation, c.tq, cond, c.is_hq())
    }

    /// Step 1C: `unit` enters the map at `hex` — an arriving reinforcement (S18.1) or a unit
    /// that passed its return check (S11.10).
    pub(super) fn place<const H: usize, const P: usize>(
        &mut self,
        data: &SeriesData<'_, H, P>,
        unit: UnitId,
        hex: HexId,
        events: &mut Events<GameEvent>,
    ) -> Result<(), RuleViolation> {
        let c = data.counter(unit)?;
        let piece = c.piece(unit);
        let g = &data.ground.map.geometry;
        let mut tev: Events<Event> = Events::new();
        let board = Board { game: self, data };
        let mut turn = self.turn.clone();
        let (shown, returned) = match self.turn.step {
            Step::Arrivals(_) => {
                let f = turn.enter_unit(g, &board, &data.stacking, &piece, hex, &mut tev)?;
                (f, None)
            }
            Step::Returns(_) => {
                let from = self
                    .turn
                    .returning
                    .iter()
                    .find(|r| r.unit == unit)
                    .and_then(|r| r.from_box);
                let on_map = self
                    .units
                    .iter()
                    .filter_map(|v| Some((data.counter(v.id).ok()?, v.hex?)));
                let hqs = own_hq_hexes(on_map, c);
                let may_deploy = data.ground.may_deploy(hex, c.class);
                let f = turn.place_returned(
                    g,
                    &board,
                    &data.stacking,
                    &hqs,
                    &piece,
                    hex,
                    may_deploy,
                    &mut tev,
                )?;
                (f, Some(from))
            }
            _ => {
                return refuse(
                    "S18.1",
                    "units enter the map in the Reinforcement Phase (step 1C)",
                )
            }
        };
        self.turn = turn;
        let s = &mut self.units[unit.0 as usize];
        s.hex = Some(hex);
        s.part = Part::First;
        s.face = match shown {
            Shown::Column => COLUMN,
            Shown::Deployed => DEPLOYED,
        };
        if let Some(from) = returned {
            // S11.10: it comes back with its losses and a DG (an HQ without one).
            if let Some(r) = from {
                s.cond = r.condition;
            }
            s.routed = false;
        }
        for e in &tev {
            crate::core::protocol::emit(events, GameEvent::Turn(*e))?;
        }
        let case = tev.first().map_or("S18.1", |e| e.case);
        Self::emit_unit(events, case, unit, UnitWhat::Entered(hex))
    }

    /// After an input of the turn machine: a return check that eliminated a unit removes it
    /// (S11.10); a division's HQ on the map is what the board says (S4.6.1, S11.10).
    pub(super) fn follow_turn<const H: usize, const P: usize>(
        &mut self,
        data: &SeriesData<'_, H, P>,
        tev: &[Event],
    ) {
        for e in tev {
            if let What::ReturnCheck {
                unit,
                result: Return::Eliminated,
                ..
            } = e.what
            {
                if let Some(s) = self.units.get_mut(unit.0 as usize) {
                    s.routed = false;
                    s.removed = Some(Fate::Eliminated);
                }
            }
        }
        self.follow_hqs(data);
    }

    /// S4.6.1, S11.10: is each division's HQ on the map? Only for divisions whose countermix
    /// has one (a board without HQ counters keeps the display's default).
    pub(super) fn follow_hqs<const H: usize, const P: usize>(
        &mut self,
        data: &SeriesData<'_, H, P>,
    ) {
        for (d, track) in self.turn.tracks.iter_mut().enumerate() {
            let hq = |c: &crate::css::counter::Counter| {
                c.division.0 as usize == d && c.hq == Hq::Division
            };
            if !data.counters.iter().any(hq) {
                continue;
            }
            track.hq_on_map = self
                .units
                .iter()
                .any(|u| u.hex.is_some() && data.counter(u.id).is_ok_and(hq));
        }
    }
}
