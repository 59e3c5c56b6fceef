//! 2.4 Teufelsberg in the game: while NATO holds the listening station on 30.35 (every
//! scenario says so at its start, special rule `teufelsberg`), each time a chit is to be drawn
//! from the Cup NATO is asked first whether it names the next chit itself — any Division or
//! Formation chit of either side still in the Cup (ruling B20) — or lets the draw be random.
//! The first Warsaw Pact unit to enter 30.35 destroys the station for good; from then on the
//! Cup is drawn blind. The rule's tests of a pick are `gates::places::nato_picks`.

use super::{Event, Game, State};
use crate::core::hex::HexId;
use crate::core::protocol::{emit, refuse, Events, Input, Pending, RuleViolation};
use crate::css::command::turn::Choice;
use crate::css::command::Chit;
use crate::css::counter::Counter;
use crate::gates::places::{hexes, nato_may_pick, nato_picks};
use crate::gates::{NATO, WARSAW_PACT};

/// The special rule saying NATO holds the station at the start (S21.3 item 8): 1 held.
pub const TEUFELSBERG: &str = "teufelsberg";

/// What NATO's answer leaves the game to do.
pub(super) enum Answer {
    /// NATO was not asked: the input is the series game's.
    NotAsked,
    /// NATO let the draw be random: nothing more now.
    Passed,
    /// The series game takes chit `i` of its Cup's list as drawn.
    Draw(u16),
}

impl State {
    /// 2.4: a Warsaw Pact unit entering 30.35 destroys the station for good.
    pub(super) fn read_teufelsberg_entry(&mut self, c: &Counter, hex: HexId) {
        if c.side == WARSAW_PACT && hex == hexes::TEUFELSBERG {
            self.teufelsberg_lost = true;
        }
    }
}

impl Game<'_> {
    /// 2.4: NATO holds the station (the scenario gives it NATO and no Warsaw Pact unit has
    /// entered it since).
    pub fn teufelsberg_held(&self) -> bool {
        self.scenario().scenario.special(TEUFELSBERG) == Some(1) && !self.state.teufelsberg_lost
    }

    /// 2.4: NATO's question now, if the series game waits for a draw.
    pub(super) fn teufelsberg_pending(&self) -> Option<Pending<Choice>> {
        if !self.asks_teufelsberg() {
            return None;
        }
        self.teufelsberg_question(&self.state.series.pending(&self.series_data()))
    }

    /// 2.4: NATO holds the station and has not yet let the coming draw be random.
    fn asks_teufelsberg(&self) -> bool {
        !self.state.teufelsberg_passed && self.teufelsberg_held()
    }

    /// 2.4: NATO's question before the draw `series` waits for: Pass (a random draw), or one
    /// of the Division and Formation chits in the Cup. The series game's pending is the
    /// caller's, so that `Game::pending` works it out once.
    pub(super) fn teufelsberg_question(&self, series: &Pending<Choice>) -> Option<Pending<Choice>> {
        if !self.asks_teufelsberg() {
            return None;
        }
        let Pending::DrawChit { chits, .. } = series else {
            return None;
        };
        let cup = &self.state.series.turn.cup;
        if !nato_may_pick(true, cup) {
            return None;
        }
        let mut options = heapless::Vec::new();
        let _ = options.push(Choice::Pass);
        for &c in chits {
            let pickable = matches!(c, Choice::Chit(Chit::Division(_) | Chit::Formation(_)));
            if pickable && !options.contains(&c) && options.push(c).is_err() {
                break;
            }
        }
        Some(Pending::Choose {
            player: NATO,
            purpose: "Teufelsberg: NATO may name the next chit instead of drawing it",
            case: "2.4",
            options,
        })
    }

    /// Takes NATO's answer while the question is open; any other input then is refused.
    pub(super) fn teufelsberg_apply<C>(
        &mut self,
        input: &Input<C>,
        events: &mut Events<Event>,
    ) -> Result<Answer, RuleViolation> {
        let Some(Pending::Choose { options, .. }) = self.teufelsberg_pending() else {
            return Ok(Answer::NotAsked);
        };
        let Input::Chose(i) = input else {
            return refuse(
                "2.4",
                "NATO holds Teufelsberg: it first says whether it names the next chit",
            );
        };
        match options.get(usize::from(*i)) {
            Some(Choice::Pass) => {
                self.state.teufelsberg_passed = true;
                emit(events, Event::TeufelsbergPick { chit: None })?;
                Ok(Answer::Passed)
            }
            Some(Choice::Chit(c)) => {
                nato_picks(true, &self.state.series.turn.cup, *c)?;
                let Pending::DrawChit { chits, .. } =
                    self.state.series.pending(&self.series_data())
                else {
                    return refuse("2.4", "a chit is named only when one is to be drawn");
                };
                let at = chits.iter().position(|o| *o == Choice::Chit(*c));
                let Some(at) = at else {
                    return refuse("2.4", "the chit picked must be in the Cup");
                };
                emit(events, Event::TeufelsbergPick { chit: Some(*c) })?;
                Ok(Answer::Draw(at as u16))
            }
            _ => refuse("2.4", "no such answer to the Teufelsberg question"),
        }
    }
}
