//! 4.3 Political undesirables and 5.2 the Stasi: eighteen political figure markers lie face up
//! where the scenario puts them, their backs unknown to both players, and never move. Only a
//! Stasi unit entering a marker's hex turns it over; every other unit ignores them. What is on
//! the back is a draw from the backs still hidden (`Pending::DrawChit`, ARCHITECTURE.md: the
//! engine never decides chance itself).
//!
//! The backs (ruling 4.3 in `docs/rules/gates.md`): four blanks (decoys), one Herr Schmidt
//! (the communist leader: the Warsaw Pact scores 1 VP and the marker goes), thirteen other
//! leaders (the objectives: they go to the Stasi Prison, 3.4.1).

use super::WARSAW_PACT;
use crate::core::protocol::{refuse, Pending, RuleViolation, MAX_OPTIONS};
use serde::{Deserialize, Serialize};

/// The back of a political figure marker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Back {
    /// A decoy: the marker leaves the game.
    Blank,
    /// The communist leader: 1 VP to the Warsaw Pact, the marker leaves play.
    HerrSchmidt,
    /// Any other leader: the marker goes to the Stasi Prison.
    Leader,
}

/// What becomes of a turned marker (4.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Turned {
    Removed,
    /// Removed, and the Warsaw Pact gains this many VP.
    RemovedScoring(u8),
    /// Placed in the Stasi Prison (66.32), where a sabotage mission may free it (3.11.1).
    ToStasiPrison,
}

impl Back {
    pub const fn turned(self) -> Turned {
        match self {
            Back::Blank => Turned::Removed,
            Back::HerrSchmidt => Turned::RemovedScoring(1),
            Back::Leader => Turned::ToStasiPrison,
        }
    }
}

/// The backs still face down, by kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hidden {
    pub blank: u8,
    pub schmidt: u8,
    pub leaders: u8,
}

impl Hidden {
    /// 4.3: eighteen markers: four decoys, one communist leader, thirteen objectives.
    pub const START: Hidden = Hidden {
        blank: 4,
        schmidt: 1,
        leaders: 13,
    };

    pub const fn count(&self) -> u8 {
        self.blank + self.schmidt + self.leaders
    }

    /// The backs still hidden, one entry per marker, in a fixed order: the draw's chits.
    pub fn backs(&self) -> heapless::Vec<Back, MAX_OPTIONS> {
        let mut v = heapless::Vec::new();
        for (n, b) in [
            (self.blank, Back::Blank),
            (self.schmidt, Back::HerrSchmidt),
            (self.leaders, Back::Leader),
        ] {
            for _ in 0..n {
                let _ = v.push(b);
            }
        }
        v
    }

    /// The draw that turns a marker over: the Warsaw Pact's Stasi turned it.
    pub fn draw(&self) -> Pending<Back> {
        Pending::DrawChit {
            player: WARSAW_PACT,
            cup: "political figures",
            case: "4.3",
            chits: self.backs(),
        }
    }

    /// Takes the `i`th back listed by the draw.
    pub fn take(&mut self, i: usize) -> Result<Back, RuleViolation> {
        let b = *self
            .backs()
            .get(i)
            .ok_or(RuleViolation::new("4.3", "no such marker is face down"))?;
        match b {
            Back::Blank => self.blank -= 1,
            Back::HerrSchmidt => self.schmidt -= 1,
            Back::Leader => self.leaders -= 1,
        }
        Ok(b)
    }
}

/// 4.3, 5.2: only a Stasi unit turns a marker over, by entering its hex; a marker already
/// turned is gone.
pub fn may_turn(stasi: bool, face_down_marker_in_hex: bool) -> Result<(), RuleViolation> {
    if !stasi {
        return refuse("5.2", "only Stasi units capture political figures");
    }
    if !face_down_marker_in_hex {
        return refuse("4.3", "no face-down political figure in the hex");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    // 4.3 political undesirables: a Stasi unit entering the hex draws the back from those
    // still hidden: a blank goes, Herr Schmidt scores 1 VP, a leader goes to the Stasi Prison.
    #[test]
    fn gates_4_3_a_stasi_unit_turns_a_political_figure() {
        let mut h = Hidden::START;
        assert_eq!(h.count(), 18);
        let Pending::DrawChit {
            player,
            case,
            chits,
            ..
        } = h.draw()
        else {
            panic!("a draw")
        };
        assert_eq!((player, case, chits.len()), (WARSAW_PACT, "4.3", 18));
        assert_eq!(h.take(4), Ok(Back::HerrSchmidt));
        assert_eq!(Back::HerrSchmidt.turned(), Turned::RemovedScoring(1));
        assert_eq!(h.schmidt, 0);
        assert_eq!(h.take(0), Ok(Back::Blank));
        assert_eq!(Back::Blank.turned(), Turned::Removed);
        assert_eq!(h.take(5), Ok(Back::Leader));
        assert_eq!(Back::Leader.turned(), Turned::ToStasiPrison);
        assert_eq!(h.count(), 15);
        assert_eq!(h.take(15).unwrap_err().case, "4.3");
    }

    // 5.2 Stasi: no other unit turns the markers over.
    #[test]
    fn gates_5_2_only_stasi_units_capture_political_figures() {
        assert!(may_turn(true, true).is_ok());
        assert_eq!(may_turn(false, true).unwrap_err().case, "5.2");
        assert_eq!(may_turn(true, false).unwrap_err().case, "4.3");
    }
}
