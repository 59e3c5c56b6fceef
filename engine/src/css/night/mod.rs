//! Night, weather and illumination (series S14.0–S14.5, with S3.2.1's weather step, S3.3.1's
//! removal of Illumination markers and S9.10's illumination fire).
//!
//! The series gives the mechanism, the game its table: [`WeatherChart`] is read from a raw die
//! (the *Gates* stand-in of S14.5 is `css::standin::weather_chart`); [`Sky`] is the game
//! state's record of the current turn (Day or Night, S18.2), the day's weather and the
//! Illumination markers on the map.
//!
//! * S14.1 / S14.2 / S14.5: [`Sky::visibility`] is the [`Visibility`] that
//!   `css::sight::spots` reads (night: adjacent hexes or lit ones; day: unlimited unless the
//!   weather limits it); [`Sky::fire_setup`] marks a fire as made at night and in bad weather,
//!   so the fire card adds the night −1 beyond adjacent (S14.1) and the weather's modifier.
//! * S14.3 / S9.10: [`Sky::fire_illumination`] checks an indirect-fire unit's Illumination
//!   round (no spotter) and places the marker; [`Sky::illuminated`] says whether a hex is the
//!   marker's or one of its six neighbours.
//! * S14.4: [`Lit`] wraps the game's [`Conditions`] so that illuminated hexes and On Fire hexes
//!   answer `lit`; On Fire never enters the line of sight (`css::sight::trace` does not read
//!   it), so it blocks nothing.
//! * S3.2.1: [`Sky::weather_roll`] and [`Sky::set_weather`] on the first Day turn of each game
//!   day only, once; the result holds until the next day's roll.
//! * S3.3.1: [`Sky::fill_cup_step`] removes every Illumination marker on the first Day turn.
//!
//! The engine never rolls: the weather die is a `Pending::Roll` the table answers.

#[cfg(test)]
mod tests;

use super::fire::{check_group, FireKind, FireSetup, Member};
use super::sight::Visibility;
use super::terrain::{Conditions, Crossing, Fortification, Part, Smoke};
use crate::core::hex::{Geometry, HexId, Hexside};
use crate::core::protocol::{refuse, DiceSpec, Pending, RuleViolation};
use crate::core::side::Side;
use crate::core::units::UnitId;
use serde::{Deserialize, Serialize};

/// Illumination markers on the map at once (the countermix is usually smaller).
pub const MAX_ILLUMINATION: usize = 16;
/// Indirect-fire units that may fire Illumination in one Night turn.
pub const MAX_ILLUMINATORS: usize = 32;
/// Bands of a weather table.
pub const MAX_WEATHER: usize = 6;

/// What one result of a weather table does for the day (S14.5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct WeatherEffect {
    /// Visibility in hexes, if the weather limits it (S14.2, S8.6).
    pub sight: Option<u8>,
    /// Every fire gets the weather's column modifier (table S9.5-T).
    pub worsens_fire: bool,
    /// No fire starts (exclusive 3.1).
    pub no_fires: bool,
    /// Every On Fire marker is removed when the weather is rolled (exclusive 3.1).
    pub puts_out_fires: bool,
    /// No air unit flies (exclusive 3.1).
    pub grounded: bool,
}

impl WeatherEffect {
    /// Clear weather: no effect.
    pub const CLEAR: WeatherEffect = WeatherEffect {
        sight: None,
        worsens_fire: false,
        no_fires: false,
        puts_out_fires: false,
        grounded: false,
    };
}

/// One band of a weather table: a raw die at or above `from` (and below the next band).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WeatherBand {
    pub from: u8,
    pub effect: WeatherEffect,
}

/// A game's weather table (S14.5), bands highest first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct WeatherChart {
    pub bands: heapless::Vec<WeatherBand, MAX_WEATHER>,
}

impl WeatherChart {
    /// S14.5: the day's weather for a raw die (0–9).
    pub fn read(&self, raw: u8) -> Result<WeatherEffect, RuleViolation> {
        if raw > 9 {
            return refuse("S1.3", "a d10 is read 0 to 9");
        }
        Ok(self
            .bands
            .iter()
            .find(|b| raw >= b.from)
            .map_or(WeatherEffect::CLEAR, |b| b.effect))
    }
}

/// One box of the Turn Record Track, as light and weather need it (S18.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrackTurn {
    /// The game day the turn belongs to (a day runs from its first Day turn to the next).
    pub game_day: u8,
    /// A Night turn (S14.1); otherwise a Day turn (S14.2).
    pub night: bool,
    /// The first Day turn of its game day (*Gates*: 0700): weather (S3.2.1) and dawn (S3.3.1).
    pub first_day_turn: bool,
}

/// The sky over the map: the current turn's light, the day's weather and the Illumination
/// markers (S14.0).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sky {
    pub turn: TrackTurn,
    /// The day's weather (S14.5), clear until rolled.
    pub weather: WeatherEffect,
    /// The game day whose weather has been rolled (S3.2.1: once a day).
    pub weather_day: Option<u8>,
    /// Illumination markers on the map (S14.3).
    pub markers: heapless::Vec<HexId, MAX_ILLUMINATION>,
    /// Illumination markers the countermix holds (S14.3).
    pub countermix: u8,
    /// Units that fired Illumination this Night turn (S14.3: one round each).
    pub illuminators: heapless::Vec<UnitId, MAX_ILLUMINATORS>,
}

impl Sky {
    /// A sky with `countermix` Illumination markers to place.
    pub fn new(turn: TrackTurn, countermix: u8) -> Sky {
        Sky {
            turn,
            countermix: countermix.min(MAX_ILLUMINATION as u8),
            ..Sky::default()
        }
    }

    /// A new Game Turn begins (S3.1): its light comes from the Turn Record Track (S18.2).
    pub fn begin_turn(&mut self, turn: TrackTurn) {
        self.turn = turn;
        self.illuminators.clear();
    }

    pub const fn night(&self) -> bool {
        self.turn.night
    }

    /// S3.2.1: the weather is rolled at step 1A of the first Day turn of each game day, once.
    pub fn weather_due(&self) -> bool {
        self.turn.first_day_turn && !self.turn.night && self.weather_day != Some(self.turn.game_day)
    }

    /// The roll of step 1A (S3.2.1; the initiative player rolls, S3.8).
    pub fn weather_roll<O>(&self, player: Side) -> Result<Pending<O>, RuleViolation> {
        self.may_roll_weather()?;
        Ok(Pending::Roll {
            player,
            dice: DiceSpec::D10,
            purpose: "weather for the day",
            case: "S3.2.1",
            secret: false,
        })
    }

    fn may_roll_weather(&self) -> Result<(), RuleViolation> {
        if !self.turn.first_day_turn || self.turn.night {
            return refuse(
                "S3.2.1",
                "the weather is rolled on the first Day turn of a game day only",
            );
        }
        if self.weather_day == Some(self.turn.game_day) {
            return refuse("S3.2.1", "the day's weather is already rolled");
        }
        Ok(())
    }

    /// S3.2.1, S14.5: the weather roll's raw face read on the game's table; it holds until the
    /// next game day's roll. The caller removes On Fire markers if the result says so.
    pub fn set_weather(
        &mut self,
        chart: &WeatherChart,
        raw: u8,
    ) -> Result<WeatherEffect, RuleViolation> {
        self.may_roll_weather()?;
        let effect = chart.read(raw)?;
        self.weather = effect;
        self.weather_day = Some(self.turn.game_day);
        Ok(effect)
    }

    /// S14.1, S14.2, S14.5: how far units see this turn.
    pub const fn visibility(&self) -> Visibility {
        Visibility {
            night: self.turn.night,
            weather: self.weather.sight,
        }
    }

    /// S14.1, S14.5, table S9.5-T: `base` as made this turn: at night (−1 to direct fire at
    /// a non-adjacent hex) and in the day's weather.
    pub const fn fire_setup(&self, base: FireSetup) -> FireSetup {
        FireSetup {
            night: self.turn.night,
            bad_weather: self.weather.worsens_fire,
            ..base
        }
    }

    /// S14.3: is `h` an Illumination marker's hex or one of its six neighbours?
    pub fn illuminated(&self, g: &Geometry, h: HexId) -> bool {
        self.markers.iter().any(|m| g.distance(*m, h) <= 1)
    }

    /// S14.3, S9.10: `firer` (member `m`, in `from`) fires an Illumination round at `at` as
    /// its Fire action: only at night, only indirect-fire units, within Range, no spotter, one
    /// round per unit per Night turn, no more markers than the countermix. On success the
    /// marker is on the map; the caller marks the firer Fired (S9.3.5).
    pub fn fire_illumination(
        &mut self,
        g: &Geometry,
        firer: UnitId,
        m: &Member,
        from: HexId,
        at: HexId,
    ) -> Result<(), RuleViolation> {
        if !self.turn.night {
            return refuse("S14.3", "Illumination is fired on Night turns only");
        }
        if !m.weapon.indirect {
            return refuse("S9.10", "only indirect-fire units fire Illumination");
        }
        // S14.3: no spotter is needed, so the hex counts as spotted; the rest is S9.8.1.
        let distance = g.distance(from, at).min(u8::MAX as u16) as u8;
        let setup = FireSetup {
            kind: FireKind::Indirect,
            ..FireSetup::direct(distance)
        };
        check_group(&[*m], &setup)?;
        if self.illuminators.contains(&firer) {
            return refuse("S14.3", "one Illumination round per unit per Night turn");
        }
        if self.markers.len() >= self.countermix as usize {
            return refuse("S14.3", "no Illumination marker left in the countermix");
        }
        self.illuminators
            .push(firer)
            .map_err(|_| RuleViolation::new("engine", "too many illuminating units"))?;
        self.markers
            .push(at)
            .map_err(|_| RuleViolation::new("engine", "too many Illumination markers"))
    }

    /// S3.3.1 step 2A, S14.3: on the first Day turn every Illumination marker goes; returns
    /// how many were removed.
    pub fn fill_cup_step(&mut self) -> u8 {
        if !self.turn.first_day_turn || self.turn.night {
            return 0;
        }
        let n = self.markers.len() as u8;
        self.markers.clear();
        n
    }
}

/// The game's markers seen through the night (S14.1, S14.3, S14.4): a hex is lit if the game
/// says so (*Gates* 3.7 daylight), if it burns (On Fire) or if an Illumination marker lights
/// it. Everything else is the game's answer.
pub struct Lit<'a, C> {
    pub cond: &'a C,
    pub sky: &'a Sky,
    pub geometry: Geometry,
}

impl<C: Conditions> Conditions for Lit<'_, C> {
    fn bridge_out(&self, at: Crossing) -> bool {
        self.cond.bridge_out(at)
    }
    fn temporary_bridge(&self, s: Hexside) -> bool {
        self.cond.temporary_bridge(s)
    }
    fn breached(&self, s: Hexside) -> bool {
        self.cond.breached(s)
    }
    fn customs_destroyed(&self, h: HexId) -> bool {
        self.cond.customs_destroyed(h)
    }
    fn hex_owned(&self, h: HexId) -> Option<(Side, Part)> {
        self.cond.hex_owned(h)
    }
    fn rubble(&self, h: HexId) -> bool {
        self.cond.rubble(h)
    }
    fn fortification(&self, h: HexId) -> Fortification {
        self.cond.fortification(h)
    }
    fn smoke(&self, h: HexId) -> Smoke {
        self.cond.smoke(h)
    }
    fn lit(&self, h: HexId) -> bool {
        // S14.4 a burning hex lights itself; S14.3 illumination lights seven hexes.
        self.cond.lit(h) || self.cond.on_fire(h) || self.sky.illuminated(&self.geometry, h)
    }
    fn on_fire(&self, h: HexId) -> bool {
        self.cond.on_fire(h)
    }
}
