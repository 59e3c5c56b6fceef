//! Advance after combat [7.9]: victorious adjacent non-police units may follow the path of
//! retreat [7.91]-[7.95], enter the hex of a unit eliminated in combat [7.99], or go two
//! hexes after a failed "They Shall Not Pass" [7.98]. Never forced [7.96]; enemy zones of
//! control are ignored [7.93]; an advanced unit may neither attack nor be attacked for the
//! rest of the phase ([`flags::ADVANCED`], checked by the combat module) [7.96].
//!
//! Like a retreat [7.6], an advance enters only hexes the advancing unit could enter in its
//! own Movement Phase ([7.98] says "traverseable"; the path was found for the retreating
//! unit, not for it), priced by the movement rules ([`StepPrices::could_enter`]). Ruling
//! (docs/rules/berlin85.md, Rulings): an advance never stops in a lake [5.26] — a lake of the
//! path is offered only when the advance can go on along the path to a hex where it may stop,
//! and no Stop is offered in it.

use super::{overflow, push_option, Advancing, Ask, PathKind, Question};
use crate::berlin85::command::Choice;
use crate::berlin85::event::Event;
use crate::berlin85::flags;
use crate::berlin85::game::Game;
use crate::berlin85::movement::{MoveScratch, StepPrices};
use crate::core::hex::HexId;
use crate::core::map::Markers;
use crate::core::protocol::{emit, refuse, Events, RuleViolation, MAX_OPTIONS};
use crate::core::units::UnitId;
use crate::event;

impl<'d> Game<'d> {
    /// Hexes `adv` may advance into next (vacant ones only: stacking is prohibited [5.31]).
    fn advance_next(
        &self,
        prices: &StepPrices<'_, 'd>,
        adv: &Advancing,
        out: &mut heapless::Vec<HexId, MAX_OPTIONS>,
    ) {
        out.clear();
        let a = &self.state.aftermath;
        let Some(at) = self.hex_of(adv.unit) else {
            return;
        };
        let g = &self.data.map.geometry;
        let u = adv.unit;
        let vacant = |h: HexId| self.unit_at(h).is_none() && !self.markers(h).has(Markers::FIRE);
        let Some(pi) = adv.path else {
            // First hex: the combat position a defeated unit vacated, next to the advancer
            // [7.94], [7.99].
            for p in &a.paths {
                let first = p.hexes[0];
                if g.adjacent(at, first)
                    && vacant(first)
                    && prices.could_enter(u, &[at], first)
                    && !out.contains(&first)
                {
                    let _ = out.push(first);
                }
            }
            return;
        };
        let Some(p) = a.paths.get(pi as usize) else {
            return;
        };
        match p.kind {
            // Along the path, never straying from it [7.95], and never stopping in a lake.
            PathKind::Retreated => {
                let n = adv.steps as usize;
                if n >= 1 && self.may_advance_on(prices, u, &p.hexes, n) {
                    let _ = out.push(p.hexes[n]);
                }
            }
            // Into the vacated hex only [7.99].
            PathKind::Eliminated => {}
            // A second hex: any adjacent hex the unit could enter [7.98].
            PathKind::FailedStand if adv.steps == 1 => {
                for (_, n) in g.neighbours(at) {
                    if self.data.map.idx(n).is_some()
                        && vacant(n)
                        && !self.no_stopping(n)
                        && prices.could_enter(u, &[at], n)
                    {
                        let _ = out.push(n);
                    }
                }
            }
            PathKind::FailedStand => {}
        }
    }

    /// May the unit that has advanced along `path[..n]` (the first hex is the vacated combat
    /// position, where it may stop) enter `path[n]`? Vacant, a hex it could enter [7.6], and
    /// not a lake unless the advance can go on through it to a hex where it may stop [5.26].
    fn may_advance_on(
        &self,
        prices: &StepPrices<'_, 'd>,
        u: UnitId,
        path: &[HexId],
        n: usize,
    ) -> bool {
        let Some(&h) = path.get(n) else {
            return false;
        };
        self.unit_at(h).is_none()
            && !self.markers(h).has(Markers::FIRE)
            && prices.could_enter(u, &path[..n], h)
            && (!self.no_stopping(h) || self.may_advance_on(prices, u, path, n + 1))
    }

    /// No unit may stop in `h` (a lake [5.26]).
    fn no_stopping(&self, h: HexId) -> bool {
        self.terrain(h).is_some_and(|t| t.no_stopping)
    }

    /// Units that may still advance: victorious, adjacent participants, not police, not
    /// barraging artillery, not having stood fast [7.94], not advanced yet.
    fn advancers(&self, prices: &StepPrices<'_, 'd>, out: &mut heapless::Vec<UnitId, MAX_OPTIONS>) {
        out.clear();
        let a = &self.state.aftermath;
        let Some(victor) = a.victor else { return };
        let units = if victor == self.state.phasing {
            &a.attackers[..]
        } else {
            &a.defenders[..]
        };
        let mut hexes = heapless::Vec::new();
        for &u in units {
            if self.hex_of(u).is_none()
                || self.is_police(u)
                || a.stood.contains(&u)
                || a.advanced.contains(&u)
            {
                continue;
            }
            let adv = Advancing {
                unit: u,
                path: None,
                steps: 0,
            };
            self.advance_next(prices, &adv, &mut hexes);
            if !hexes.is_empty() {
                let _ = out.push(u);
            }
        }
    }

    pub(super) fn advance_question(&self) -> Option<Question> {
        let a = &self.state.aftermath;
        let player = a.victor?;
        let mut options = heapless::Vec::new();
        let mut scratch = MoveScratch::new();
        let prices = self.step_prices(player, &mut scratch);
        if let Some(adv) = &a.advancing {
            let mut hexes = heapless::Vec::new();
            self.advance_next(&prices, adv, &mut hexes);
            if hexes.is_empty() {
                return None;
            }
            for h in hexes {
                push_option(&mut options, Choice::Hex(h))?;
            }
            // [7.92] it may cease advancing in any hex of the path, but not in a lake [5.26].
            if !self.hex_of(adv.unit).is_some_and(|h| self.no_stopping(h)) {
                push_option(&mut options, Choice::Stop)?;
            }
            let purpose = if adv.steps == 0 {
                "advance: hex to enter (Stop: stay)"
            } else {
                "advance: next hex, or Stop here"
            };
            return Some(Question::Choose {
                ask: Ask::AdvanceStep,
                player,
                purpose,
                case: "7.92",
                options,
            });
        }
        if a.advance_closed {
            return None;
        }
        let mut units = heapless::Vec::new();
        self.advancers(&prices, &mut units);
        if units.is_empty() {
            return None;
        }
        for u in units {
            push_option(&mut options, Choice::Unit(u))?;
        }
        push_option(&mut options, Choice::Stop)?;
        Some(Question::Choose {
            ask: Ask::Advancer,
            player,
            purpose: "advance after combat: which unit (Stop: no more advances)",
            case: "7.91",
            options,
        })
    }

    pub(super) fn advance_answer(
        &mut self,
        ask: Ask,
        choice: Choice,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        match (ask, choice) {
            (Ask::Advancer, Choice::Unit(u)) => {
                self.state.aftermath.advancing = Some(Advancing {
                    unit: u,
                    path: None,
                    steps: 0,
                });
                Ok(())
            }
            (Ask::Advancer, Choice::Stop) => {
                self.state.aftermath.advance_closed = true;
                Ok(())
            }
            (Ask::AdvanceStep, Choice::Stop) => {
                self.state.aftermath.advancing = None;
                Ok(())
            }
            (Ask::AdvanceStep, Choice::Hex(h)) => {
                let Some(mut adv) = self.state.aftermath.advancing else {
                    return refuse("7.9", "no unit is advancing");
                };
                if adv.path.is_none() {
                    adv.path = self
                        .state
                        .aftermath
                        .paths
                        .iter()
                        .position(|p| p.hexes[0] == h)
                        .map(|i| i as u8);
                    self.state
                        .aftermath
                        .advanced
                        .push(adv.unit)
                        .map_err(|_| overflow())?;
                    self.state.units[adv.unit.0 as usize].set(flags::ADVANCED);
                }
                adv.steps += 1;
                self.state.aftermath.advancing = Some(adv);
                let name = self.def(adv.unit).name.clone();
                let label = self.hex_name(h);
                emit(
                    events,
                    event!("7.9", "{} advances to {}", name, label)
                        .unit(adv.unit)
                        .at(h),
                )?;
                self.aftermath_move(adv.unit, h, events)
            }
            _ => refuse("7.9", "that is not an option of this advance"),
        }
    }
}
