//! 4.4 Refugees and armed mobs: markers the Warsaw Pact places after a police entry releases
//! them (4.1.2), within 10 hexes of that headquarters; a refugee marker with a combat unit
//! that speaks no German within 3 hexes becomes an armed mob. They are units (S1.4) that act
//! only when a random event lets the Warsaw Pact move them (7.0 event 8, S4.10), fire at any
//! non-German-speaking unit that enters a hex next to them, and vanish when a German-speaking
//! NATO unit ends an action beside them.

use super::reinforcement::REFUGEE_RANGE;
use super::NATO;
use crate::core::hex::{Geometry, HexId};
use crate::core::protocol::{refuse, RuleViolation};
use crate::core::side::Side;
use serde::{Deserialize, Serialize};

/// The face of a refugee marker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Crowd {
    Refugees,
    ArmedMob,
}

/// 4.4: armed mobs form within 3 hexes of a non-German-speaking combat unit.
pub const MOB_RANGE: u16 = 3;

/// 4.1.2, 4.4: a released marker goes within 10 hexes of the headquarters that released it.
pub fn may_place(g: &Geometry, hq: HexId, at: HexId) -> Result<(), RuleViolation> {
    if g.distance(hq, at) > REFUGEE_RANGE {
        return refuse(
            "4.4",
            "refugees are placed within 10 hexes of their headquarters",
        );
    }
    Ok(())
}

/// 4.4: the face a placed marker shows: an armed mob if a combat unit that speaks no German
/// is within 3 hexes (`non_speakers` are their hexes).
pub fn on_arrival(g: &Geometry, at: HexId, non_speakers: &[HexId]) -> Crowd {
    if non_speakers.iter().any(|u| g.distance(at, *u) <= MOB_RANGE) {
        Crowd::ArmedMob
    } else {
        Crowd::Refugees
    }
}

/// 4.4: no more crowd markers enter play than the countermix holds; the Warsaw Pact may keep
/// released ones back for a later turn.
pub fn may_release(in_play: u8, countermix: u8) -> Result<(), RuleViolation> {
    if in_play >= countermix {
        return refuse(
            "4.4",
            "every refugee marker of the countermix is already in play",
        );
    }
    Ok(())
}

/// 4.4, 7.0 event 8: the Warsaw Pact moves the crowds only when that event allows it.
pub fn may_move(event_allows: bool) -> Result<(), RuleViolation> {
    if !event_allows {
        return refuse(
            "4.4",
            "refugees and armed mobs move only on the random event",
        );
    }
    Ok(())
}

/// A unit as the crowds see it (3.14: every German unit of either side speaks German; NATO
/// units speak it if so marked; no Soviet unit does).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Listener {
    pub side: Side,
    pub german_speaker: bool,
}

/// 4.4: the crowd fires directly at a unit entering a hex next to it that speaks no German,
/// of either side.
pub const fn fires_at(mover: Listener) -> bool {
    !mover.german_speaker
}

/// 4.4: a NATO unit that speaks German ending an action next to the crowd removes it.
pub fn dispersed_by(unit: Listener, adjacent: bool) -> bool {
    adjacent && unit.side == NATO && unit.german_speaker
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::css::terrain::tests::{h, Board};
    use crate::gates::WARSAW_PACT;

    // 4.4 refugees and armed mobs: placed within 10 hexes, a mob near non-speakers, firing at
    // non-speakers, dispersed by German-speaking NATO units.
    #[test]
    fn gates_4_4_refugees_and_armed_mobs() {
        let b = Board::new();
        let g = b.g();
        let hq = h(5, 5);
        assert!(may_place(&g, hq, h(5, 15)).is_ok());
        assert_eq!(may_place(&g, hq, h(5, 16)).unwrap_err().case, "4.4");
        assert_eq!(on_arrival(&g, h(5, 15), &[h(5, 18)]), Crowd::ArmedMob);
        assert_eq!(on_arrival(&g, h(5, 15), &[h(5, 19)]), Crowd::Refugees);
        let us = Listener {
            side: NATO,
            german_speaker: false,
        };
        let bgs = Listener {
            side: NATO,
            german_speaker: true,
        };
        let vopo = Listener {
            side: WARSAW_PACT,
            german_speaker: true,
        };
        let soviet = Listener {
            side: WARSAW_PACT,
            german_speaker: false,
        };
        assert!(fires_at(us) && fires_at(soviet));
        assert!(!fires_at(bgs) && !fires_at(vopo));
        assert!(dispersed_by(bgs, true));
        assert!(!dispersed_by(bgs, false));
        assert!(!dispersed_by(vopo, true), "only NATO disperses them");
        assert!(!dispersed_by(us, true));
        assert!(may_release(5, 6).is_ok());
        assert_eq!(may_release(6, 6).unwrap_err().case, "4.4");
        assert!(may_move(true).is_ok());
        assert_eq!(may_move(false).unwrap_err().case, "4.4");
    }
}
