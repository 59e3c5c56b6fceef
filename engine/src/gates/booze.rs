//! 3.8 Booze: one two-faced marker (Whiskey for NATO, Cognac for the Warsaw Pact) lets its
//! holder have any roll made again; using it flips it over to the opponent, who may then use it
//! the same way. The series says what a reroll is (S1.3.2: the new roll replaces the old one
//! and is final for that purpose), and the core holds the once-only marker
//! ([`RerollWindow`]); this module is the roll in hand between the face rolled and the face
//! that counts.
//!
//! After every roll the holder is asked keep / reroll (a `Pending::Choose` of two options).
//! Keeping makes the face final. Rerolling hands the marker over and waits for a fresh roll,
//! whose face is final: ruled in `docs/rules/gates.md` (Rulings, 3.8), the same roll is never
//! rerolled twice, even though the opponent now holds the marker.

use super::NATO;
use crate::core::agree::{Answer, RerollWindow};
use crate::core::protocol::{refuse, Case, DiceSpec, Pending, RuleViolation};
use crate::core::side::Side;
use serde::{Deserialize, Serialize};

/// The face the Booze marker shows: the holder's drink (3.8; 7.0 events 2 and 3 name them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Drink {
    /// NATO's side of the marker.
    Whiskey,
    /// The Warsaw Pact's side.
    Cognac,
}

/// The Booze marker (3.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Booze {
    pub window: RerollWindow,
}

impl Booze {
    /// 3.8: the scenario says who starts with the marker (`None`: nobody has it).
    pub const fn new(holder: Option<Side>) -> Booze {
        Booze {
            window: RerollWindow { holder },
        }
    }

    pub const fn holder(&self) -> Option<Side> {
        self.window.holder
    }

    /// The face up: the holder's drink.
    pub fn face(&self) -> Option<Drink> {
        match self.window.holder? {
            s if s == NATO => Some(Drink::Whiskey),
            _ => Some(Drink::Cognac),
        }
    }

    /// 7.0 events 2 and 3: an NCO brings the marker back to `side` if the other side holds it.
    /// Returns whether it moved.
    pub fn return_to(&mut self, side: Side) -> bool {
        if self.window.holder == Some(side.other()) {
            self.window.holder = Some(side);
            true
        } else {
            false
        }
    }
}

/// Where a roll in hand stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// The holder may still have it rerolled (3.8).
    Offered,
    /// The marker was used: a fresh roll is awaited (S1.3.2).
    AwaitingReroll,
    /// The face counts.
    Final,
}

/// One roll between the face rolled and the face that counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RollInHand {
    /// Who rolls (and rolls again).
    pub roller: Side,
    pub raw: u8,
    pub stage: Stage,
    pub purpose: &'static str,
    /// The case of the rule the roll is for.
    pub case: Case,
    /// The roll is a reroll (S1.3.2).
    pub rerolled: bool,
}

/// Options of the keep / reroll choice, by index (`Input::Chose`).
pub const KEEP: u8 = 0;
pub const REROLL: u8 = 1;

impl RollInHand {
    /// A d10 was rolled for `purpose`: offered to the holder if anybody holds the marker (3.8),
    /// final otherwise.
    pub fn rolled(
        booze: &Booze,
        roller: Side,
        raw: u8,
        purpose: &'static str,
        case: Case,
    ) -> RollInHand {
        let stage = if booze.window.open() {
            Stage::Offered
        } else {
            Stage::Final
        };
        RollInHand {
            roller,
            raw,
            stage,
            purpose,
            case,
            rerolled: false,
        }
    }

    /// The face that counts, once it does.
    pub const fn face(&self) -> Option<u8> {
        match self.stage {
            Stage::Final => Some(self.raw),
            _ => None,
        }
    }

    /// What the roll waits for: the holder's keep / reroll choice, or the fresh roll.
    pub fn pending<O>(&self, booze: &Booze, keep: O, reroll: O) -> Option<Pending<O>> {
        match self.stage {
            Stage::Offered => booze.window.pending(
                "keep the roll or use the Booze marker?",
                "3.8",
                keep,
                reroll,
            ),
            Stage::AwaitingReroll => Some(Pending::Roll {
                player: self.roller,
                dice: DiceSpec::D10,
                purpose: self.purpose,
                case: self.case,
                secret: false,
            }),
            Stage::Final => None,
        }
    }

    /// The holder answers the offer: keep (the face counts) or reroll (the marker flips to the
    /// opponent, 3.8).
    pub fn answer(
        &mut self,
        booze: &mut Booze,
        side: Side,
        a: Answer,
    ) -> Result<(), RuleViolation> {
        if self.stage != Stage::Offered {
            return refuse("3.8", "no roll is waiting for the Booze marker");
        }
        if booze.window.answer(side, a)? {
            self.stage = Stage::AwaitingReroll;
        } else {
            self.stage = Stage::Final;
        }
        Ok(())
    }

    /// The fresh roll after the marker was used: it replaces the old face and is final
    /// (S1.3.2; the same roll is not rerolled twice, ruling 3.8).
    pub fn reroll(&mut self, raw: u8) -> Result<u8, RuleViolation> {
        if self.stage != Stage::AwaitingReroll {
            return refuse(
                "3.8",
                "only a roll the Booze marker was used on is rolled again",
            );
        }
        if raw > 9 {
            return refuse("S1.3", "a d10 reads 0 to 9");
        }
        self.raw = raw;
        self.rerolled = true;
        self.stage = Stage::Final;
        Ok(raw)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gates::WARSAW_PACT;

    // 3.8 booze rerolls: the holder may have a roll made again; the marker flips to the other
    // player, who may use it on a later roll and hand it back.
    #[test]
    fn gates_3_8_booze_reroll_passes_the_marker_to_the_opponent() {
        let mut booze = Booze::new(Some(NATO));
        assert_eq!(booze.face(), Some(Drink::Whiskey));
        // A Warsaw Pact fire roll of 8: NATO may have it rerolled.
        let mut r = RollInHand::rolled(&booze, WARSAW_PACT, 8, "fire", "S9.6");
        let p = r.pending(&booze, KEEP, REROLL).expect("offered");
        assert_eq!(p.player(), Some(NATO));
        let Pending::Choose { case, options, .. } = &p else {
            panic!("a choice")
        };
        assert_eq!((*case, options.as_slice()), ("3.8", &[KEEP, REROLL][..]));
        // Only the holder answers.
        assert_eq!(
            r.answer(&mut booze, WARSAW_PACT, Answer::No)
                .unwrap_err()
                .case,
            "3.8"
        );
        r.answer(&mut booze, NATO, Answer::No).unwrap();
        assert_eq!(booze.holder(), Some(WARSAW_PACT));
        assert_eq!(booze.face(), Some(Drink::Cognac));
        // The roller rolls again; the new face counts (S1.3.2).
        let Some(Pending::Roll { player, case, .. }) = r.pending(&booze, KEEP, REROLL) else {
            panic!("a fresh roll")
        };
        assert_eq!((player, case), (WARSAW_PACT, "S9.6"));
        assert_eq!(r.reroll(2), Ok(2));
        assert_eq!(r.face(), Some(2));
        assert!(r.rerolled);
        assert!(r.pending(&booze, KEEP, REROLL).is_none());
        // A second reroll of the same roll is refused.
        assert_eq!(r.reroll(5).unwrap_err().case, "3.8");
        // The next roll is offered to the Warsaw Pact, who may hand the marker back.
        let mut next = RollInHand::rolled(&booze, NATO, 0, "TQC", "S11.2");
        assert_eq!(
            next.pending(&booze, KEEP, REROLL).unwrap().player(),
            Some(WARSAW_PACT)
        );
        next.answer(&mut booze, WARSAW_PACT, Answer::No).unwrap();
        assert_eq!(booze.holder(), Some(NATO));
    }

    // 3.8: keeping the roll keeps the marker; with nobody holding it every roll is final.
    #[test]
    fn gates_3_8_booze_keeping_the_roll_keeps_the_marker() {
        let mut booze = Booze::new(Some(WARSAW_PACT));
        let mut r = RollInHand::rolled(&booze, NATO, 4, "TQC", "S11.2");
        assert_eq!(r.face(), None);
        r.answer(&mut booze, WARSAW_PACT, Answer::Yes).unwrap();
        assert_eq!(r.face(), Some(4));
        assert_eq!(booze.holder(), Some(WARSAW_PACT));
        assert_eq!(
            r.answer(&mut booze, WARSAW_PACT, Answer::No)
                .unwrap_err()
                .case,
            "3.8"
        );
        let none = Booze::new(None);
        let r = RollInHand::rolled(&none, NATO, 7, "TQC", "S11.2");
        assert_eq!(r.face(), Some(7));
        assert!(r.pending(&none, KEEP, REROLL).is_none());
    }

    // 7.0 events 2 and 3: an NCO returns the marker to his side if the opponent holds it.
    #[test]
    fn gates_7_0_an_nco_returns_the_booze_marker() {
        let mut booze = Booze::new(Some(WARSAW_PACT));
        assert!(booze.return_to(NATO));
        assert_eq!(booze.face(), Some(Drink::Whiskey));
        assert!(!booze.return_to(NATO), "already with NATO");
        assert!(booze.return_to(WARSAW_PACT));
        assert_eq!(booze.face(), Some(Drink::Cognac));
    }
}
