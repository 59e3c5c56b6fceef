//! 7.0 the Random Event chit in the game. The series game plays the chit (S4.9) and goes on to
//! its next step; the Gates game then runs 7.0 as its own sub-step, asked before anything else
//! (`State::random_event`):
//!
//! 1. the initiative player (3.2) rolls a d10: 0, 1 or 2 means an event this turn;
//! 2. a second d10 picks the event ([`crate::gates::events::event`]);
//! 3. the event is applied when its pieces are in the game: the NCOs (2, 3) bring the Booze
//!    marker back (3.8); bad news from the front (6, 9) lets the chooser pick an enemy division
//!    (`Choice::Division`) that rolls a Division TQC (9.2), a failure lowering its current TQ
//!    by 1 (S11.2.1, the series' reading of a check whose failure 7.0 does not spell out).
//!    The heroes (0, 1), the rationing markers (4, 7), the missile strike (5) and the refugees
//!    (8) are announced with their case and marked as not applied: their pieces are not in the
//!    game yet.
//!
//! Ruling (3.8 "any roll"): the dice of 7.0 and of the TQC go through the Booze window like the
//! series game's d10 (`reroll`): the holder keeps or rerolls each before it counts. The
//! sabotage missions that 7.0 puts before the first die (3.11) are not in the game yet.

use super::{Command, Event, Game};
use crate::core::protocol::{emit, refuse, DiceSpec, Events, Input, Pending, RuleViolation};
use crate::core::side::Side;
use crate::css::command::turn::Choice;
use crate::css::command::DivisionId;
use crate::gates::events::{event, occurs, RandomEvent};
use serde::{Deserialize, Serialize};

/// Where 7.0 stands (saved with the game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// The first die: is there an event?
    Occurs,
    /// The second die: which event?
    Which,
    /// Events 6 and 9: the chooser picks the enemy division.
    Choose(RandomEvent),
    /// Events 6 and 9: the division's TQC roll.
    Check(RandomEvent, DivisionId),
}

/// Is the event's effect applied by the game (its pieces are in play)?
pub const fn applied(e: RandomEvent) -> bool {
    matches!(
        e,
        RandomEvent::NatoNco
            | RandomEvent::WarsawPactNco
            | RandomEvent::BadNewsWarsawPact
            | RandomEvent::BadNewsNato
    )
}

impl Game<'_> {
    /// The d10 7.0 waits for: who rolls, for what, by which case (`None` when 7.0 does not
    /// run or waits for a choice).
    pub(super) fn random_event_roll(&self) -> Option<(Side, &'static str, &'static str)> {
        let initiative = self.scenario().command.initiative;
        match self.state.random_event? {
            Stage::Occurs => Some((initiative, "random event: is there one (0-2)?", "7.0")),
            Stage::Which => Some((initiative, "random event: which one?", "7.0")),
            Stage::Check(_, d) => {
                let side = self.scenario().command.division(d).ok()?.side;
                Some((side, "bad news from the front: the Division TQC", "9.2"))
            }
            Stage::Choose(_) => None,
        }
    }

    /// The enemy divisions event `e` may strike.
    fn divisions_to_check(&self, e: RandomEvent) -> heapless::Vec<Choice, 64> {
        let mut v = heapless::Vec::new();
        let Some(side) = e.checking_side() else {
            return v;
        };
        for (i, d) in self.scenario().command.divisions.iter().enumerate() {
            if d.side == side && i < self.state.series.turn.tracks.len() {
                let _ = v.push(Choice::Division(DivisionId(i as u8))); // at most MAX_DIVISIONS
            }
        }
        v
    }

    /// 7.0's question now, if it runs.
    pub(super) fn random_event_pending(&self) -> Option<Pending<Choice>> {
        match self.state.random_event? {
            Stage::Choose(e) => Some(Pending::Choose {
                player: e.chooser()?,
                purpose: "bad news from the front: the enemy division to take a TQ check",
                case: "7.0",
                options: self.divisions_to_check(e),
            }),
            _ => {
                let (player, purpose, case) = self.random_event_roll()?;
                Some(Pending::Roll {
                    player,
                    dice: DiceSpec::D10,
                    purpose,
                    case,
                    secret: false,
                })
            }
        }
    }

    /// Takes the input while 7.0 runs; `face` is the d10 that counts when the Booze window
    /// (3.8) has just let it through. Everything else is refused citing 7.0.
    pub(super) fn random_event_apply(
        &mut self,
        input: &Input<Command>,
        face: Option<u8>,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let Some(stage) = self.state.random_event else {
            return Err(RuleViolation::new("engine", "no random event runs"));
        };
        if let Stage::Choose(e) = stage {
            let Input::Chose(i) = input else {
                return refuse(
                    "7.0",
                    "the random event goes first: the division to take the TQ check is picked",
                );
            };
            let Some(Choice::Division(d)) = self.divisions_to_check(e).get(*i as usize).copied()
            else {
                return refuse("7.0", "pick one of the enemy divisions offered");
            };
            self.state.random_event = Some(Stage::Check(e, d));
            return Ok(());
        }
        let raw = super::reroll::own_d10(
            face,
            input,
            "7.0",
            "the Random Event chit's die is rolled before anything else",
        )?;
        match stage {
            Stage::Occurs => {
                let happens = occurs(raw);
                emit(events, Event::RandomEventRoll { raw, happens })?;
                self.state.random_event = happens.then_some(Stage::Which);
            }
            Stage::Which => {
                let e = event(raw);
                emit(
                    events,
                    Event::RandomEventDrawn {
                        event: e,
                        applied: applied(e),
                    },
                )?;
                self.state.random_event = None;
                match e {
                    RandomEvent::NatoNco | RandomEvent::WarsawPactNco => {
                        let to = if e == RandomEvent::NatoNco {
                            crate::gates::NATO
                        } else {
                            crate::gates::WARSAW_PACT
                        };
                        let moved = self.state.booze.return_to(to);
                        emit(events, Event::BoozeReturned { to, moved })?;
                    }
                    RandomEvent::BadNewsWarsawPact | RandomEvent::BadNewsNato
                        if !self.divisions_to_check(e).is_empty() =>
                    {
                        self.state.random_event = Some(Stage::Choose(e));
                    }
                    _ => {}
                }
            }
            Stage::Check(_, d) => {
                let track = self
                    .state
                    .series
                    .turn
                    .tracks
                    .get_mut(d.0 as usize)
                    .ok_or(RuleViolation::new("engine", "no such division"))?;
                let tq = track.tq;
                let passed = crate::css::morale::division_check(tq, raw).passed(); // 9.2
                if !passed {
                    track.fail_division_check(); // S11.2.1: −1 current TQ
                }
                emit(
                    events,
                    Event::DivisionCheck {
                        division: d,
                        raw,
                        tq,
                        passed,
                    },
                )?;
                self.state.random_event = None;
            }
            Stage::Choose(_) => unreachable!("answered above"),
        }
        Ok(())
    }
}
