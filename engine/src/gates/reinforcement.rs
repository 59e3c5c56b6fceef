//! The dice of the Reinforcement Phase (14.0 1C): West German police entering at their
//! headquarters and the refugees it may set loose (4.1.2), acquiring cars and buses (6.0),
//! the Warsaw Pact's air strikes (8.1) and the repair of its airfields (8.2). Each function
//! reads raw d10 faces the table supplies (S1.3).

use super::{NATO, WARSAW_PACT};
use crate::core::hex::HexId;
use crate::core::protocol::{refuse, RuleViolation};
use crate::core::side::Side;
use serde::{Deserialize, Serialize};

/// 4.1.2: at most three police units enter at one headquarters hex in one Reinforcement
/// Phase (the series stacking limit, B21).
pub const POLICE_ENTRY_LIMIT: u8 = 3;

/// 4.1.2: police reinforcements enter at their own formation's headquarters hex as the map
/// prints it (`places::hexes::POLICE_HQS`, the water police at `WATER_POLICE_HQ`).
pub fn police_enter_at(formation_hq: HexId, at: HexId) -> Result<(), RuleViolation> {
    if formation_hq != at {
        return refuse(
            "4.1.2",
            "police enter at their own formation's headquarters",
        );
    }
    Ok(())
}

/// 4.1.2: may `entering` more police units enter at a headquarters that has received
/// `already` this phase?
pub fn police_may_enter(already: u8, entering: u8) -> Result<(), RuleViolation> {
    if already.saturating_add(entering) > POLICE_ENTRY_LIMIT {
        return refuse(
            "4.1.2",
            "no more than three police units enter at one headquarters a turn",
        );
    }
    Ok(())
}

/// 4.1.2 (with 3.7): after units entered at a headquarters, a die at or under their number
/// (one more with the power off) lets the Warsaw Pact place that many refugees within 10
/// hexes of it. Returns the refugees allowed.
pub const fn refugees_released(entered: u8, raw: u8, power_on: bool) -> u8 {
    if entered == 0 {
        return 0;
    }
    let target = if power_on { entered } else { entered + 1 };
    if raw <= target {
        entered
    } else {
        0
    }
}

/// 4.4: refugees are placed within 10 hexes of the headquarters that released them.
pub const REFUGEE_RANGE: u16 = 10;

/// Who may try to acquire transport (6.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Affiliation {
    /// Any active NATO unit.
    Nato,
    /// A unit of the 1st Motorized Rifle Division, the 6th Guards Brigade or the Soviet 35th
    /// Division.
    WarsawPactArmy,
    /// East German paramilitary forces outside those formations.
    WarsawPactParamilitary,
}

/// What the transport die gives (6.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Transport {
    /// Carries up to three units.
    Bus,
    /// Carries one unit.
    Car,
    /// Nothing; the player may not try again until the next Reinforcement Phase.
    Nothing,
}

impl Transport {
    /// 6.0: units a transport carries.
    pub const fn capacity(self) -> u8 {
        match self {
            Transport::Bus => 3,
            Transport::Car => 1,
            Transport::Nothing => 0,
        }
    }
}

/// 6.0: may a unit of `side` and `affiliation`, active or not, try to grab transport?
pub fn may_acquire(
    side: Side,
    affiliation: Affiliation,
    active: bool,
) -> Result<(), RuleViolation> {
    let fits = matches!(
        (side, affiliation),
        (NATO, Affiliation::Nato) | (WARSAW_PACT, Affiliation::WarsawPactArmy)
    );
    if !fits {
        return refuse("6.0", "paramilitary forces may not acquire transport");
    }
    if !active {
        return refuse("6.0", "only an active unit tries to acquire transport");
    }
    Ok(())
}

/// 6.0: 0–1 a bus, 2–4 a car, 5 or more nothing; one off the roll for a German speaker
/// (6.0's −1, ruling B28: 3.14's −2 is the data file's switch, `german_bonus`).
pub const fn acquire(raw: u8, german_speaker: bool, german_bonus: u8) -> Transport {
    let r = if german_speaker {
        raw.saturating_sub(german_bonus)
    } else {
        raw
    };
    match r {
        0 | 1 => Transport::Bus,
        2..=4 => Transport::Car,
        _ => Transport::Nothing,
    }
}

/// 6.0: the German speakers' bonus the procedure itself states.
pub const GERMAN_BONUS: u8 = 1;

/// 8.1: the Warsaw Pact's six strike aircraft (two each of SU-17, MiG-23, MiG-17); a die
/// halved says how many, chosen at random, strike this phase (none fly in the rain, 3.1).
pub const STRIKE_AIRCRAFT: u8 = 6;

/// 8.1: aircraft that strike.
pub const fn air_strikes(raw: u8, rain: bool) -> u8 {
    if rain {
        0
    } else {
        raw / 2
    }
}

/// 8.1: an air strike's target must be a NATO unit in Column.
pub fn may_strike(target_side: Side, in_column: bool) -> Result<(), RuleViolation> {
    if target_side != NATO || !in_column {
        return refuse("8.1", "air strikes hit only NATO units in Column");
    }
    Ok(())
}

/// 8.1: the Mi-24, when active, is put on any hex of the map as its Movement action (not in
/// rain, 3.1); otherwise it is an ordinary unit.
pub fn mi24_may_fly(active: bool, rain: bool) -> Result<(), RuleViolation> {
    if rain {
        return refuse("3.1", "no air unit flies in the rain");
    }
    if !active {
        return refuse(
            "8.1",
            "the Mi-24 moves only when active, as its Movement action",
        );
    }
    Ok(())
}

/// 8.2: a Destroyed marker in the Airfield box comes off on a die of 4 or less.
pub const fn airfield_repaired(raw: u8) -> bool {
    raw <= 4
}

#[cfg(test)]
mod tests {
    use super::*;

    // 4.1.2 police reinforcements: three at most per headquarters; a die at or under the
    // number entered (plus one with the power off) releases that many refugees.
    #[test]
    fn gates_4_1_2_police_entry_and_refugees() {
        assert!(police_may_enter(0, 3).is_ok());
        assert_eq!(police_may_enter(2, 2).unwrap_err().case, "4.1.2");
        assert_eq!(refugees_released(3, 3, true), 3);
        assert_eq!(refugees_released(3, 4, true), 0);
        assert_eq!(refugees_released(3, 4, false), 3, "power off: 4 or less");
        assert_eq!(refugees_released(0, 0, false), 0);
        assert_eq!(REFUGEE_RANGE, 10);
        let pd2 = crate::gates::places::hexes::POLICE_HQS[1];
        assert!(police_enter_at(pd2, pd2).is_ok());
        assert_eq!(
            police_enter_at(pd2, HexId::new(28, 30)).unwrap_err().case,
            "4.1.2"
        );
    }

    // 6.0 transport: army units (not paramilitaries) roll: 0–1 bus, 2–4 car, 5+ nothing,
    // one less for German speakers.
    #[test]
    fn gates_6_0_transport_acquisition_roll() {
        assert!(may_acquire(NATO, Affiliation::Nato, true).is_ok());
        assert!(may_acquire(WARSAW_PACT, Affiliation::WarsawPactArmy, true).is_ok());
        assert_eq!(
            may_acquire(WARSAW_PACT, Affiliation::WarsawPactParamilitary, true)
                .unwrap_err()
                .case,
            "6.0"
        );
        assert_eq!(
            may_acquire(NATO, Affiliation::Nato, false)
                .unwrap_err()
                .case,
            "6.0"
        );
        assert_eq!(acquire(1, false, GERMAN_BONUS), Transport::Bus);
        assert_eq!(acquire(2, false, GERMAN_BONUS), Transport::Car);
        assert_eq!(acquire(2, true, GERMAN_BONUS), Transport::Bus);
        assert_eq!(acquire(5, false, GERMAN_BONUS), Transport::Nothing);
        assert_eq!(acquire(5, true, GERMAN_BONUS), Transport::Car);
        assert_eq!(
            (Transport::Bus.capacity(), Transport::Car.capacity()),
            (3, 1)
        );
    }

    // 8.1 air strikes: die/2 of the six aircraft strike, none in the rain, only at NATO units
    // in Column; 8.2 an airfield is repaired on 4 or less.
    #[test]
    fn gates_8_1_air_strikes_and_8_2_airfield_repair() {
        assert_eq!(air_strikes(9, false), 4);
        assert_eq!(air_strikes(1, false), 0);
        assert_eq!(air_strikes(9, true), 0);
        assert!(air_strikes(9, false) <= STRIKE_AIRCRAFT);
        assert!(may_strike(NATO, true).is_ok());
        assert_eq!(may_strike(NATO, false).unwrap_err().case, "8.1");
        assert_eq!(may_strike(WARSAW_PACT, true).unwrap_err().case, "8.1");
        assert!(airfield_repaired(4) && !airfield_repaired(5));
        assert!(mi24_may_fly(true, false).is_ok());
        assert_eq!(mi24_may_fly(false, false).unwrap_err().case, "8.1");
        assert_eq!(mi24_may_fly(true, true).unwrap_err().case, "3.1");
    }
}
