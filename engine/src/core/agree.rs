//! Protocol pieces for decisions after a roll and for inputs both sides must accept, built on
//! the existing [`Pending`] variants (no new variant: Berlin '85's UI and firmware match on
//! `Pending` exhaustively).
//!
//! * **Reroll window** (Gates 3.8 Booze): one marker lets its holder have any roll made again;
//!   using it hands it to the opponent. After every roll the ruleset asks the holder
//!   [`RerollWindow::pending`] — a `Pending::Choose` with the options "keep" and "reroll" —
//!   and on "reroll" stops in a fresh `Pending::Roll`. The marker lives in the game state.
//! * **Agreement** (inputs both sides must accept: a house-rule change mid-game, a take-back
//!   past a fact, a draw offer): one side proposes, the other answers through a
//!   `Pending::Choose` of "accept" / "refuse"; [`Agreement`] tracks who still must answer.
//!
//! Gates uses the reroll window; any game may use agreements. Berlin '85 uses neither.

use super::protocol::{Case, Pending, RuleViolation, MAX_OPTIONS};
use super::side::Side;
use serde::{Deserialize, Serialize};

/// The answer a [`RerollWindow`] or an [`Agreement`] asks for, as the two options of a
/// `Pending::Choose` (index 0 and 1 of `Input::Chose`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Answer {
    /// Keep the roll / accept the proposal (option 0).
    Yes,
    /// Reroll / refuse (option 1).
    No,
}

impl Answer {
    pub const fn from_chose(i: u8) -> Option<Answer> {
        match i {
            0 => Some(Answer::Yes),
            1 => Some(Answer::No),
            _ => None,
        }
    }
}

/// A once-only reroll marker that passes to the opponent when used (Gates 3.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RerollWindow {
    /// Who holds the marker now; `None` if it is out of the game.
    pub holder: Option<Side>,
}

const NOT_HELD: RuleViolation =
    RuleViolation::new("3.8", "only the holder of the marker may reroll");

impl RerollWindow {
    pub const fn held_by(side: Side) -> Self {
        RerollWindow { holder: Some(side) }
    }

    /// Whether a roll just made should be followed by an offer to `holder`.
    pub const fn open(&self) -> bool {
        self.holder.is_some()
    }

    /// The pending choice to offer after a roll, `keep` and `reroll` being the ruleset's own
    /// labels for options 0 and 1. `None` when nobody holds the marker: play goes on.
    pub fn pending<O>(
        &self,
        purpose: &'static str,
        case: Case,
        keep: O,
        reroll: O,
    ) -> Option<Pending<O>> {
        let player = self.holder?;
        let mut options: heapless::Vec<O, MAX_OPTIONS> = heapless::Vec::new();
        let _ = options.push(keep);
        let _ = options.push(reroll);
        Some(Pending::Choose {
            player,
            purpose,
            case,
            options,
        })
    }

    /// Uses the marker: `side` must hold it; it passes to the other side.
    pub fn use_by(&mut self, side: Side) -> Result<(), RuleViolation> {
        if self.holder != Some(side) {
            return Err(NOT_HELD);
        }
        self.holder = Some(side.other());
        Ok(())
    }

    /// Applies the holder's answer: `true` if the roll must be made again.
    pub fn answer(&mut self, side: Side, a: Answer) -> Result<bool, RuleViolation> {
        match a {
            Answer::Yes if self.holder == Some(side) => Ok(false),
            Answer::Yes => Err(NOT_HELD),
            Answer::No => self.use_by(side).map(|_| true),
        }
    }
}

/// A proposal both sides must accept before it takes effect.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Agreement<T> {
    pub proposal: T,
    pub proposer: Side,
    /// Per side (by [`Side::index`]): has it accepted? The proposer has.
    pub accepted: [bool; 2],
}

/// Where an agreement stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Agreed {
    /// Still waiting for this side.
    Waiting(Side),
    Accepted,
    Refused,
}

impl<T> Agreement<T> {
    pub fn propose(proposer: Side, proposal: T) -> Self {
        let mut accepted = [false; 2];
        accepted[proposer.index()] = true;
        Agreement {
            proposal,
            proposer,
            accepted,
        }
    }

    /// The side that must still answer, if any.
    pub fn waiting_for(&self) -> Option<Side> {
        [Side::A, Side::B]
            .into_iter()
            .find(|s| !self.accepted[s.index()])
    }

    /// `side` answers. Refusing ends the agreement; answering out of turn is refused.
    pub fn answer(&mut self, side: Side, a: Answer) -> Result<Agreed, RuleViolation> {
        if self.waiting_for() != Some(side) {
            return Err(RuleViolation::new(
                "engine",
                "this side has no answer to give",
            ));
        }
        Ok(match a {
            Answer::No => Agreed::Refused,
            Answer::Yes => {
                self.accepted[side.index()] = true;
                self.waiting_for().map_or(Agreed::Accepted, Agreed::Waiting)
            }
        })
    }

    /// The pending choice for the side still to answer (`None` once everyone accepted).
    pub fn pending<O>(
        &self,
        purpose: &'static str,
        case: Case,
        accept: O,
        refuse: O,
    ) -> Option<Pending<O>> {
        let player = self.waiting_for()?;
        let mut options: heapless::Vec<O, MAX_OPTIONS> = heapless::Vec::new();
        let _ = options.push(accept);
        let _ = options.push(refuse);
        Some(Pending::Choose {
            player,
            purpose,
            case,
            options,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Gates 3.8 booze: one reroll, then the marker is the opponent's
    #[test]
    fn the_reroll_marker_passes_to_the_opponent_when_used() {
        let mut w = RerollWindow::held_by(Side::A);
        let p = w.pending("reroll?", "3.8", "keep", "reroll").unwrap();
        assert_eq!(p.player(), Some(Side::A));
        let Pending::Choose { options, case, .. } = &p else {
            panic!("a choice")
        };
        assert_eq!(
            (options.as_slice(), *case),
            (&["keep", "reroll"][..], "3.8")
        );
        // Keeping the roll leaves the marker where it is.
        assert_eq!(w.answer(Side::A, Answer::Yes), Ok(false));
        assert_eq!(w.holder, Some(Side::A));
        // Rerolling hands it over; the old holder cannot use it again.
        assert_eq!(w.answer(Side::A, Answer::from_chose(1).unwrap()), Ok(true));
        assert_eq!(w.holder, Some(Side::B));
        assert_eq!(w.use_by(Side::A), Err(NOT_HELD));
        assert_eq!(
            w.pending("reroll?", "3.8", 0u8, 1u8).unwrap().player(),
            Some(Side::B)
        );
        // And back again.
        w.use_by(Side::B).unwrap();
        assert_eq!(w.holder, Some(Side::A));
        let none = RerollWindow { holder: None };
        assert!(!none.open());
        assert!(none.pending("reroll?", "3.8", 0u8, 1u8).is_none());
        assert_eq!(Answer::from_chose(2), None);
    }

    #[test]
    fn an_agreement_waits_for_the_other_side_and_either_may_refuse() {
        let mut a = Agreement::propose(Side::B, "night rules off");
        assert_eq!(a.waiting_for(), Some(Side::A));
        assert_eq!(
            a.pending("agree?", "engine", 0u8, 1u8).unwrap().player(),
            Some(Side::A)
        );
        assert!(a.answer(Side::B, Answer::Yes).is_err());
        assert_eq!(a.answer(Side::A, Answer::Yes), Ok(Agreed::Accepted));
        assert_eq!(a.waiting_for(), None);
        assert!(a.pending("agree?", "engine", 0u8, 1u8).is_none());
        let mut r = Agreement::propose(Side::A, 3u8);
        assert_eq!(r.answer(Side::B, Answer::No), Ok(Agreed::Refused));
    }
}
