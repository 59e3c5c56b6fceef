//! 3.8 the Booze marker in the game: whoever holds it may have any roll made again. A d10 the
//! table rolls for the series game is held in hand (`State::in_hand`) while the holder is
//! asked keep or reroll (`Choice::KeepRoll`, `Choice::Reroll`); kept, the series game takes
//! the face; rerolled, the marker flips to the opponent and the fresh face counts (S1.3.2,
//! ruling 3.8: the same roll is not rerolled twice). The procedure is
//! [`crate::gates::booze::RollInHand`]; this module keeps it between inputs.

use super::{Event, Game};
use crate::core::agree::Answer;
use crate::core::protocol::RuleViolation;
use crate::core::protocol::{emit, refuse, DiceRoll, DiceSpec, Events, Input, Pending};
use crate::core::side::Side;
use crate::css::command::turn::Choice;
use crate::css::scenario::Scenario;
use crate::gates::booze::{Booze, RollInHand, Stage};
use crate::gates::{NATO, WARSAW_PACT};
use serde::{Deserialize, Serialize};

/// The special rule naming the marker's holder at the start (S21.3 item 8): 0 NATO (Whiskey),
/// 1 the Warsaw Pact (Cognac); absent: no marker in play.
pub const BOOZE: &str = "booze";

/// 3.8: the holder the scenario starts with.
pub fn booze(scenario: &Scenario) -> Booze {
    Booze::new(match scenario.special(BOOZE) {
        Some(0) => Some(NATO),
        Some(1) => Some(WARSAW_PACT),
        _ => None,
    })
}

/// A roll between the face rolled and the face that counts (saved with the game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InHand {
    pub raw: u8,
    pub stage: Stage,
}

/// The d10 face a Gates procedure of its own (7.0, 2.3) takes: the one the Booze window has
/// just let through (`face`), else the roll given; anything else is refused citing `case`
/// (`first`: why the die comes first).
pub(super) fn own_d10<C>(
    face: Option<u8>,
    input: &Input<C>,
    case: &'static str,
    first: &'static str,
) -> Result<u8, RuleViolation> {
    match (face, input) {
        (Some(f), _) => Ok(f),
        (None, Input::Rolled(r)) => match r.values.as_slice() {
            [raw] if *raw <= 9 => Ok(*raw),
            [_] => refuse("S1.3", "a d10 reads 0 to 9"),
            _ => refuse(case, "this die is one d10"),
        },
        _ => refuse(case, first),
    }
}

impl Game<'_> {
    /// The d10 the game waits for: 7.0's own while the Random Event chit's procedure runs
    /// (ruling: "any roll", 3.8), else the series game's: who rolls, for what, by which case.
    fn series_roll(&self) -> Option<(Side, &'static str, &'static str)> {
        if self.state.random_event.is_some() {
            return self.random_event_roll();
        }
        if let Some(r) = self.fire_roll() {
            return Some(r); // 2.3's own dice
        }
        match self.state.series.pending(&self.series_data()) {
            Pending::Roll {
                player,
                dice,
                purpose,
                case,
                ..
            } if dice == DiceSpec::D10 => Some((player, purpose, case)),
            _ => None,
        }
    }

    fn hand(&self, h: InHand) -> Option<RollInHand> {
        let (roller, purpose, case) = self.series_roll()?;
        Some(RollInHand {
            roller,
            raw: h.raw,
            stage: h.stage,
            purpose,
            case,
            rerolled: false,
        })
    }

    /// 3.8: the holder's keep-or-reroll question, or the fresh roll.
    pub(super) fn reroll_pending(&self) -> Option<Pending<Choice>> {
        let h = self.state.in_hand?;
        self.hand(h)?
            .pending(&self.state.booze, Choice::KeepRoll, Choice::Reroll)
    }

    /// Takes the inputs of the reroll window. Returns the d10 face the series game is to take
    /// now, or `None` when the input was the window's alone (or not the window's: `taken`
    /// false).
    pub(super) fn reroll_apply(
        &mut self,
        input: &Input<super::Command>,
        events: &mut Events<Event>,
    ) -> Result<(bool, Option<u8>), RuleViolation> {
        let Some(h) = self.state.in_hand else {
            // A d10 for the series game while somebody holds the marker: hold it (3.8).
            if let (Input::Rolled(r), Some(holder)) = (input, self.state.booze.holder()) {
                if let (Some(_), [raw]) = (self.series_roll(), r.values.as_slice()) {
                    if *raw > 9 {
                        return refuse("S1.3", "a d10 reads 0 to 9");
                    }
                    self.state.in_hand = Some(InHand {
                        raw: *raw,
                        stage: Stage::Offered,
                    });
                    emit(events, Event::RollOffered { raw: *raw, holder })?;
                    return Ok((true, None));
                }
            }
            return Ok((false, None));
        };
        let mut hand = self.hand(h).ok_or(RuleViolation::new(
            "engine",
            "a roll in hand without its roll",
        ))?;
        match (h.stage, input) {
            (Stage::Offered, Input::Chose(i)) => {
                let answer = Answer::from_chose(*i)
                    .ok_or(RuleViolation::new("3.8", "keep (0) or reroll (1)"))?;
                let holder = self
                    .state
                    .booze
                    .holder()
                    .ok_or(RuleViolation::new("3.8", "nobody holds the Booze marker"))?;
                hand.answer(&mut self.state.booze, holder, answer)?;
                if hand.stage == Stage::AwaitingReroll {
                    self.state.in_hand = Some(InHand {
                        raw: h.raw,
                        stage: Stage::AwaitingReroll,
                    });
                    emit(events, Event::BoozeUsed { by: holder })?;
                    return Ok((true, None));
                }
                self.state.in_hand = None;
                Ok((true, Some(h.raw)))
            }
            (Stage::AwaitingReroll, Input::Rolled(r)) => {
                let [raw] = r.values.as_slice() else {
                    return refuse("S1.3.2", "the roll is made again with one d10");
                };
                let face = hand.reroll(*raw)?;
                self.state.in_hand = None;
                Ok((true, Some(face)))
            }
            (Stage::Offered, _) => refuse(
                "3.8",
                "the Booze marker's holder first keeps the roll or has it made again",
            ),
            _ => refuse("S1.3.2", "the roll is made again first"),
        }
    }
}

/// The series game's input for a face that counts.
pub(super) fn rolled(face: u8) -> Input<crate::css::game::GameCommand> {
    Input::Rolled(DiceRoll::of(&[face]))
}
