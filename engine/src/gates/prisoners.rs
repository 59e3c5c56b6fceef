//! 3.4.1 Prisoners: a Suppressed unit that takes another suppression is captured (the series'
//! escalation, S9.7.1, S11.7) and goes to the enemy's prison — NATO units to the Stasi Prison
//! (66.32), Warsaw Pact units to Spandau Prison (26.26). Once the Warsaw Pact has entered
//! Spandau (which frees and removes its prisoners, [`super::places`]), captured Warsaw Pact
//! units are simply removed. Units that cannot trace a rout path are captured the same way
//! (S11.8.4, B12).

use super::places::hexes::{SPANDAU_PRISON, STASI_PRISON};
use crate::core::hex::HexId;
use crate::core::side::Side;
use serde::{Deserialize, Serialize};

/// Where a captured unit goes (3.4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Captivity {
    /// Into the enemy's prison hex, where a sabotage mission may free it (3.11.1).
    Prison(HexId),
    /// Out of play: Spandau is no longer used.
    Removed,
}

/// 3.4.1: where a captured unit of `side` goes, Spandau being destroyed or not.
pub const fn captured(side: Side, spandau_destroyed: bool) -> Captivity {
    match side {
        Side::A => Captivity::Prison(STASI_PRISON),
        Side::B if spandau_destroyed => Captivity::Removed,
        Side::B => Captivity::Prison(SPANDAU_PRISON),
    }
}

/// 3.4.1: Warsaw Pact prisoners are freed when the Warsaw Pact enters Spandau; NATO
/// prisoners only by a sabotage mission (3.11.1), never by entering the prison.
pub const fn freed_by_entry(prisoner_side: Side) -> bool {
    matches!(prisoner_side, Side::B)
}

/// 3.4.1: Victory Points the Warsaw Pact scores for freeing the units held in Spandau. The
/// rulebook gives no number: the series' stand-in of one point per unit (S21.2), which a
/// scenario may replace.
pub const fn liberation_points(prisoners: u8, per_unit: u8) -> u8 {
    prisoners.saturating_mul(per_unit)
}

/// S21.2 stand-in: one point per unit.
pub const STAND_IN_POINTS_PER_UNIT: u8 = 1;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::css::morale::{Condition, Fate, Status, StatusHit};
    use crate::gates::{NATO, WARSAW_PACT};

    // 3.4.1 prisoners: a second suppression captures; NATO goes to the Stasi Prison, the
    // Warsaw Pact to Spandau until it is destroyed, then out of play.
    #[test]
    fn gates_3_4_1_a_second_suppression_sends_the_unit_to_prison() {
        let mut c = Condition::fresh(2);
        c.status = Status::Suppressed;
        assert_eq!(
            c.take_hit(0, Some(StatusHit::Suppress)).fate,
            Fate::Captured
        );
        assert_eq!(captured(NATO, false), Captivity::Prison(HexId::new(66, 32)));
        assert_eq!(
            captured(WARSAW_PACT, false),
            Captivity::Prison(HexId::new(26, 26))
        );
        assert_eq!(captured(WARSAW_PACT, true), Captivity::Removed);
        assert_eq!(captured(NATO, true), Captivity::Prison(STASI_PRISON));
        assert!(freed_by_entry(WARSAW_PACT));
        assert_eq!(liberation_points(4, STAND_IN_POINTS_PER_UNIT), 4);
        assert!(!freed_by_entry(NATO));
    }
}
