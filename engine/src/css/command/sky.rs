//! The turn machine's light and weather (S3.2.1, S3.3.1, S14) and the SW assignment of step 1C
//! (S3.2.3, S13.2): the series procedures of `css::night` and `css::weapons`, called at their
//! steps of the sequence.
//!
//! * Step 1A (S3.2.1): at the start of each turn the [`Light`] takes the turn's box of the
//!   Turn Record Track (`Sky::begin_turn`); on the first Day turn of a game day the turn waits
//!   for the weather roll (`Step::Weather`, `Sky::weather_roll`, a `Pending::Roll` for the
//!   initiative player, S3.8) and reads it on the game's table (`Sky::set_weather`); then step
//!   1B follows.
//! * Step 2A (S3.3.1): when the Cup is filled, every Illumination marker goes on the first Day
//!   turn (`Sky::fill_cup_step`).
//! * Step 1C (S13.2): [`TurnState::assign_sw`] places an SW from the Available box only while
//!   the turn is in the Reinforcement Phase.

use super::turn::{ev, Event, Step, TurnState, What};
use super::{Chit, CommandData, DivisionTrack, MAX_DIVISIONS};
use crate::core::hex::{Geometry, HexId};
use crate::core::map::TerrainId;
use crate::core::protocol::{emit, Events, Pending, RuleViolation};
use crate::css::night::{Sky, TrackTurn, WeatherChart};
use crate::css::terrain::{Conditions, Ground};
use crate::css::weapons::{Armoury, Holder, SwId};
use serde::{Deserialize, Serialize};

/// Turns of the Turn Record Track the light is given for.
pub const MAX_TRACK: usize = 64;

/// The light of the scenario: the sky over the map, the game's weather table (S14.5) and the
/// Day/Night box of each turn (S18.2, turn 1 first). A turn past the end of `track` is a Day
/// turn with no weather roll; the default light has no Night and no weather.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Light {
    pub sky: Sky,
    pub chart: WeatherChart,
    pub track: heapless::Vec<TrackTurn, MAX_TRACK>,
    /// Hexes of this terrain dot are seen as by day at night: a game's own light (*Gates* 3.7:
    /// City hexes while the city's power is on); `None` in the series.
    #[serde(default)]
    pub lit_dot: Option<TerrainId>,
}

/// A game's lit terrain as [`Conditions`] (*Gates* 3.7: City hexes while the power is on, seen
/// as by day at night; [`Light::lit_dot`]); no other markers. The series game's fire reads it
/// through [`crate::css::night::Lit`], which adds Illumination and burning hexes (S14.3,
/// S14.4).
pub struct LitTerrain<'a, const H: usize, const P: usize> {
    pub ground: Ground<'a, H, P>,
    pub dot: Option<TerrainId>,
}

impl<const H: usize, const P: usize> Conditions for LitTerrain<'_, H, P> {
    fn lit(&self, h: HexId) -> bool {
        self.dot.is_some_and(|d| {
            let map = self.ground.map;
            map.idx(h).and_then(|i| map.terrain.get(i)) == Some(&d)
        })
    }
}

impl TurnState {
    /// [`TurnState::starting`] under `light`: the first turn's step 1A is asked for if due.
    pub fn starting_lit(
        data: &CommandData,
        turn: u8,
        tracks: heapless::Vec<DivisionTrack, MAX_DIVISIONS>,
        carried: Option<Chit>,
        light: Light,
        events: &mut Events<Event>,
    ) -> Result<Self, RuleViolation> {
        Self::starting_with(data, turn, tracks, carried, light, events)
    }

    /// Step 1A (S3.2.1): the sky takes this turn's box; is the weather roll due?
    pub(super) fn dawn(&mut self) -> bool {
        let i = (self.turn as usize).saturating_sub(1);
        let box_ = self.light.track.get(i).copied().unwrap_or_default();
        self.light.sky.begin_turn(box_);
        self.light.sky.weather_due()
    }

    /// The weather roll of step 1A, for the initiative player (S3.2.1, S3.8).
    pub(super) fn weather_pending<O>(&self, data: &CommandData) -> Pending<O> {
        self.light
            .sky
            .weather_roll(data.initiative)
            .unwrap_or(Pending::GameOver)
    }

    /// Step 1A (S3.2.1, S14.5): the day's weather is read from the raw die; then step 1B.
    pub(super) fn weather(
        &mut self,
        data: &CommandData,
        raw: u8,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let chart = self.light.chart.clone();
        let effect = self.light.sky.set_weather(&chart, raw)?;
        emit(events, ev("S3.2.1", What::Weather(effect)))?;
        self.step_1b(data, events)
    }

    /// Step 2A (S3.3.1, S14.3): on the first Day turn every Illumination marker goes.
    pub(super) fn dawn_at_2a(&mut self, events: &mut Events<Event>) -> Result<(), RuleViolation> {
        let n = self.light.sky.fill_cup_step();
        if n > 0 {
            emit(events, ev("S3.3.1", What::IlluminationRemoved(n)))?;
        }
        Ok(())
    }

    /// Step 1C (S3.2.3, S13.2): an SW of the Available box goes to `to`, a unit of its
    /// division in or next to the hex of one of the division's HQs (`hq_hexes`); refused
    /// outside the Reinforcement Phase.
    pub fn assign_sw(
        &self,
        armoury: &mut Armoury,
        g: &Geometry,
        id: SwId,
        to: Holder,
        hq_hexes: &[HexId],
    ) -> Result<(), RuleViolation> {
        let reinforcement = self.step == Step::Reinforcement;
        armoury.assign(g, id, to, hq_hexes, reinforcement)
    }
}

#[cfg(test)]
#[path = "sky_tests.rs"]
mod tests;
