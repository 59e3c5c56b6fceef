//! 10.1 the Victory Point track: each side's points run from 0 to 29; a side at 29 gains no
//! more — each further point it earns comes off the opponent's total instead — and 29 against
//! 0 ends the game at once. What earns points is spread over the rules (3.4.1, 3.11, 3.14,
//! 4.3, 10.1, 10.2; series S21.2); this module keeps the track.

use crate::core::side::Side;
use crate::css::morale::{elimination, Elimination};
use serde::{Deserialize, Serialize};

/// 10.1: the top of the track.
pub const TRACK_TOP: u8 = 29;

/// The Victory Point track (10.1), by `Side::index`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct VictoryTrack {
    pub vp: [u8; 2],
}

/// What one award did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Award {
    /// Points added to the earning side.
    pub gained: u8,
    /// Points taken off the opponent instead (10.1).
    pub taken: u8,
    /// Points that had nowhere to go (29 against 0: the game is already over).
    pub lost: u8,
}

impl VictoryTrack {
    pub const fn of(&self, side: Side) -> u8 {
        self.vp[side.index()]
    }

    /// 10.1: `side` earns `points`: up to 29 on its own total, the rest off the opponent's.
    pub fn award(&mut self, side: Side, points: u8) -> Award {
        let (me, them) = (side.index(), side.other().index());
        let mut a = Award::default();
        for _ in 0..points {
            if self.vp[me] < TRACK_TOP {
                self.vp[me] += 1;
                a.gained += 1;
            } else if self.vp[them] > 0 {
                self.vp[them] -= 1;
                a.taken += 1;
            } else {
                a.lost += 1;
            }
        }
        a
    }

    /// 10.1: the side at 29 while the other is at 0 has won; the game ends.
    pub fn decided(&self) -> Option<Side> {
        [Side::A, Side::B]
            .into_iter()
            .find(|s| self.of(*s) == TRACK_TOP && self.of(s.other()) == 0)
    }
}

/// 10.1 (S11.12.1, B18): does a unit that lost its last step count as eliminated for Victory
/// Points? An HQ put in the Routed box does, like any unit removed.
pub const fn counts_as_eliminated(is_hq: bool) -> bool {
    matches!(
        elimination(is_hq),
        Elimination::Removed | Elimination::RoutedBox
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gates::{NATO, WARSAW_PACT};

    // 10.1 victory track: capped at 29, the excess comes off the opponent, 29 to 0 ends the
    // game.
    #[test]
    fn gates_10_1_victory_track_capped_at_29_excess_subtracted() {
        let mut t = VictoryTrack::default();
        assert_eq!(
            t.award(WARSAW_PACT, 27),
            Award {
                gained: 27,
                ..Award::default()
            }
        );
        t.award(NATO, 3);
        assert_eq!(
            t.award(WARSAW_PACT, 4),
            Award {
                gained: 2,
                taken: 2,
                lost: 0
            }
        );
        assert_eq!((t.of(WARSAW_PACT), t.of(NATO)), (29, 1));
        assert_eq!(t.decided(), None);
        // NATO's own points still count while the Warsaw Pact is capped.
        t.award(NATO, 1);
        assert_eq!(t.of(NATO), 2);
        assert_eq!(
            t.award(WARSAW_PACT, 3),
            Award {
                gained: 0,
                taken: 2,
                lost: 1
            }
        );
        assert_eq!(t.decided(), Some(WARSAW_PACT));
    }

    // 10.1: an HQ sent to the Routed box counts as an eliminated unit for Victory Points.
    #[test]
    fn gates_10_1_an_hq_in_the_routed_box_counts_as_eliminated() {
        assert!(counts_as_eliminated(true));
        assert!(counts_as_eliminated(false));
        assert_eq!(elimination(true), Elimination::RoutedBox);
    }
}
