//! 5.2 The Stasi sniper: a support weapon attached to a hex like any other (S13.6) that may
//! also fire as if from any City hex within 5 hexes of it, seeing every hex within its range
//! from there, on its own and never modified; and it may shoot at a leader, killing him on a
//! roll of 0–2 (he turns to his Replacement side, S12.4).

use crate::core::hex::{Geometry, HexId};
use crate::core::protocol::{refuse, RuleViolation};

/// 5.2: how far from the sniper's own hex its firing hex may be.
pub const VANTAGE_RANGE: u16 = 5;

/// 5.2: may the sniper in `at` fire as if from `vantage`? It must be a City hex within 5 hexes.
pub fn may_fire_from(
    g: &Geometry,
    at: HexId,
    vantage: HexId,
    vantage_is_city: bool,
) -> Result<(), RuleViolation> {
    if !vantage_is_city {
        return refuse("5.2", "the sniper fires from a City hex");
    }
    if g.distance(at, vantage) > VANTAGE_RANGE {
        return refuse("5.2", "the sniper's firing hex is within 5 hexes of it");
    }
    Ok(())
}

/// 5.2: from its firing hex the sniper sees every hex within its range (no line of sight
/// needed).
pub fn sees(g: &Geometry, vantage: HexId, target: HexId, range: u8) -> bool {
    g.distance(vantage, target) <= range as u16
}

/// 5.2: fire from such a hex is never modified (S9.14).
pub const FROM_VANTAGE_UNMODIFIED: bool = true;

/// 5.2: a shot at a leader kills him on 0–2.
pub const fn leader_killed(raw: u8) -> bool {
    raw <= 2
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::css::terrain::tests::{h, Board};

    // 5.2 sniper: fires from any City hex within 5 hexes, sees everything in range, unmodified,
    // and kills a leader on 0–2.
    #[test]
    fn gates_5_2_the_stasi_sniper() {
        let b = Board::new();
        let g = b.g();
        let at = h(5, 5);
        assert!(may_fire_from(&g, at, h(5, 10), true).is_ok());
        assert_eq!(
            may_fire_from(&g, at, h(5, 11), true).unwrap_err().case,
            "5.2"
        );
        assert_eq!(
            may_fire_from(&g, at, h(5, 6), false).unwrap_err().case,
            "5.2"
        );
        assert!(sees(&g, h(5, 10), h(5, 14), 4));
        assert!(!sees(&g, h(5, 10), h(5, 15), 4));
        const { assert!(FROM_VANTAGE_UNMODIFIED) };
        assert!(leader_killed(2) && !leader_killed(3));
    }
}
