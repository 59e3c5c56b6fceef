//! The standard scenarios' victory conditions [20.0]: control of West Berlin [20.11], the
//! Warsaw Pact's VP for its non-police units on the map times the Game-Turn's multiple and for
//! withheld divisions [20.21], and the level of victory its net VP reach [20.24].
//!
//! Decisions documented here:
//! - [20.21]: Warsaw Pact reinforcement divisions that arrive by air (the 103rd Guards
//!   Parachute Division) count as withheld — 5 VP a unit — as long as none of their units has
//!   entered the game; once one has, none of them does.

use crate::berlin85::data::{Arrival, Region};
use crate::berlin85::game::Game;
use crate::berlin85::state::{NATO, WARSAW_PACT};
use crate::core::hex::HexId;
use crate::core::map::HexFeatures;
use crate::core::side::Side;
use crate::core::units::Location;

/// Level of victory for the Warsaw Pact's net VP [20.24].
pub fn level_of(vp_halves: i32) -> (&'static str, Side) {
    match vp_halves {
        v if v >= 400 => ("Warsaw Pact Decisive Victory", WARSAW_PACT),
        v if v >= 320 => ("Warsaw Pact Substantive Victory", WARSAW_PACT),
        v if v >= 240 => ("Warsaw Pact Marginal Victory", WARSAW_PACT),
        v if v >= 160 => ("NATO Marginal Victory", NATO),
        v if v >= 80 => ("NATO Substantive Victory", NATO),
        _ => ("NATO Decisive Victory", NATO),
    }
}

impl<'d> Game<'d> {
    /// The hexes the Warsaw Pact must hold to control the city [20.11]: every hex of the West
    /// Berlin airfields (with the control towers), every objective and every barracks hex.
    pub fn city_control_hex(&self, h: HexId) -> bool {
        self.region(h) == Region::WestBerlin
            && (self.features(h).has(
                HexFeatures::AIRFIELD
                    | HexFeatures::CONTROL_TOWER
                    | HexFeatures::OBJECTIVE
                    | HexFeatures::BARRACKS,
            ) || self.data.map.airfield_of(h).is_some())
    }

    /// Does the Warsaw Pact control West Berlin [20.11]? (False on a map without such hexes.)
    pub fn wp_controls_city(&self) -> bool {
        let mut any = false;
        for h in self.data.map.hexes().filter(|&h| self.city_control_hex(h)) {
            if self.held_by(h) != WARSAW_PACT {
                return false;
            }
            any = true;
        }
        any
    }

    /// Units of withheld divisions, worth 5 VP each when the city falls [20.21].
    pub fn withheld_units(&self) -> i32 {
        let mut n = self
            .state
            .units
            .iter()
            .filter(|s| s.location == Location::Withheld)
            .count() as i32;
        for g in self.scenario().reinforcements.iter() {
            if g.side != WARSAW_PACT || g.arrival != Arrival::AirlandingOrParadrop {
                continue;
            }
            let untouched = g
                .units
                .iter()
                .all(|&u| self.state.units[u.0 as usize].location == Location::Pool);
            if untouched {
                n += g.units.len() as i32;
            }
        }
        n
    }

    /// Warsaw Pact non-police units on the map [20.21].
    pub fn wp_units_on_map(&self) -> i32 {
        self.units_on_map()
            .filter(|&(u, _)| self.side_of(u) == WARSAW_PACT && !self.is_police(u))
            .count() as i32
    }
}
