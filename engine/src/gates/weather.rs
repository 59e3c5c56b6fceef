//! 3.1 Weather and 3.7 Berlin's electricity: what the day and the power do to sight, fire and
//! flying. The series keeps visibility ([`Visibility`], S8.6, S14.1, S14.5) and the weather's
//! column modifier (table S9.5-T, B1); this module decides them for *Gates*.
//!
//! * Weather is rolled at step 1A of the 0700 turn of each game day (3.1, 14.0 1A) on the
//!   stand-in table of S14.5 (0–6 clear, 7–9 rain: the printed table is not in the rulebook).
//! * Rain: sight 3 hexes, −1 to every fire (on the column, B1), no fire starts and every On
//!   Fire marker goes, no aircraft flies (3.1).
//! * Power on: every City hex is in daylight at night (3.7); its effects on fires are in
//!   [`super::fires`], on refugees in [`super::reinforcement`].

use crate::core::protocol::{refuse, DiceSpec, Pending, RuleViolation};
use crate::core::side::Side;
use crate::css::sight::Visibility;
use serde::{Deserialize, Serialize};

/// The day's weather (3.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Weather {
    #[default]
    Clear,
    Rain,
}

/// The weather table (S14.5, stand-in): a raw die at or above `rain_from` is rain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WeatherTable {
    pub rain_from: u8,
}

impl WeatherTable {
    /// S14.5 stand-in: 0–6 clear, 7–9 rain.
    pub const STAND_IN: WeatherTable = WeatherTable { rain_from: 7 };

    pub const fn read(&self, raw: u8) -> Weather {
        if raw >= self.rain_from {
            Weather::Rain
        } else {
            Weather::Clear
        }
    }
}

/// 3.1, 14.0 1A: the weather is rolled on the 0700 turn (its clock time, `hhmm`) of every day.
pub const fn weather_roll_due(clock: u16) -> bool {
    clock == 700
}

/// The roll of step 1A (the initiative player rolls, S3.8).
pub fn weather_roll<O>(player: Side, clock: u16) -> Result<Pending<O>, RuleViolation> {
    if !weather_roll_due(clock) {
        return refuse("3.1", "the weather is rolled on the 0700 turn only");
    }
    Ok(Pending::Roll {
        player,
        dice: DiceSpec::D10,
        purpose: "weather for the day",
        case: "3.1",
        secret: false,
    })
}

impl Weather {
    /// 3.1: rain limits sight to 3 hexes.
    pub const fn sight_limit(self) -> Option<u8> {
        match self {
            Weather::Clear => None,
            Weather::Rain => Some(3),
        }
    }
    /// 3.1: rain worsens every fire by 1 (on the column, B1; `FireSetup::bad_weather`).
    pub const fn worsens_fire(self) -> bool {
        matches!(self, Weather::Rain)
    }
    /// 3.1: no fire starts in the rain.
    pub const fn fires_may_start(self) -> bool {
        matches!(self, Weather::Clear)
    }
    /// 3.1: rain puts out every On Fire marker on the map.
    pub const fn puts_out_fires(self) -> bool {
        matches!(self, Weather::Rain)
    }
    /// 3.1, 8.1–8.3: no air unit of any kind flies in the rain.
    pub const fn aircraft_fly(self) -> bool {
        matches!(self, Weather::Clear)
    }
    /// May an air unit fly now (3.1)?
    pub fn may_fly(self) -> Result<(), RuleViolation> {
        if self.aircraft_fly() {
            Ok(())
        } else {
            refuse("3.1", "no air unit flies in the rain")
        }
    }
}

/// Berlin's electricity (3.7): on or off, as the scenario starts it and as NATO switches it at
/// step 1C-a.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Power {
    pub on: bool,
}

impl Power {
    /// 14.0 1C-a: only NATO turns the power on or off.
    pub fn switch(&mut self, by: Side, on: bool) -> Result<(), RuleViolation> {
        if by != super::NATO {
            return refuse(
                "3.7",
                "only the NATO player switches the city's electricity",
            );
        }
        self.on = on;
        Ok(())
    }

    /// 3.7: with the power on, a City hex is in daylight at night (for fire and spotting).
    pub const fn lights(&self, city_hex: bool) -> bool {
        self.on && city_hex
    }
}

/// What a unit sees on this turn (S14.1, S14.5): night, the day's weather, and whether the
/// target hex is a City hex lit by the power (3.7) — a lit hex is seen as by day.
pub const fn visibility(weather: Weather, night: bool) -> Visibility {
    Visibility {
        night,
        weather: weather.sight_limit(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gates::{NATO, WARSAW_PACT};

    // 3.1 weather: rolled on the 0700 turn; rain limits sight to 3 hexes, worsens fire, starts
    // no fires, clears the burning ones and grounds all aircraft.
    #[test]
    fn gates_3_1_weather_rain_limits_sight_fire_and_flying() {
        let t = WeatherTable::STAND_IN;
        assert_eq!(t.read(6), Weather::Clear);
        assert_eq!(t.read(7), Weather::Rain);
        assert!(weather_roll::<u8>(WARSAW_PACT, 700).is_ok());
        assert_eq!(
            weather_roll::<u8>(WARSAW_PACT, 900).unwrap_err().case,
            "3.1"
        );
        let rain = visibility(Weather::Rain, false);
        assert!(rain.allows(3, false).is_ok());
        assert!(rain.allows(4, false).is_err());
        assert!(visibility(Weather::Clear, false).allows(20, false).is_ok());
        assert!(Weather::Rain.worsens_fire() && !Weather::Clear.worsens_fire());
        assert!(!Weather::Rain.fires_may_start() && Weather::Rain.puts_out_fires());
        assert_eq!(Weather::Rain.may_fly().unwrap_err().case, "3.1");
        assert!(Weather::Clear.may_fly().is_ok());
    }

    // 3.7 electricity: with the power on, City hexes are in daylight at night; only NATO
    // switches it.
    #[test]
    fn gates_3_7_power_on_lights_city_hexes() {
        let mut p = Power { on: false };
        assert!(!p.lights(true));
        assert_eq!(p.switch(WARSAW_PACT, true).unwrap_err().case, "3.7");
        p.switch(NATO, true).unwrap();
        assert!(p.lights(true) && !p.lights(false));
        let night = visibility(Weather::Clear, true);
        assert!(night.allows(5, p.lights(true)).is_ok());
        assert_eq!(night.allows(5, p.lights(false)).unwrap_err().case, "S14.1");
    }
}
