//! The Gates' own parts of the Preparation Phase (14.0 1A, 1C) in the game:
//!
//! * **1A, 3.1 weather.** The series turn rolls the day's weather on the first Day turn of each
//!   game day (S3.2.1); the Gates give it their table (`GatesData::weather`, the stand-in of
//!   3.1: 0–6 clear, 7–9 rain) and the scenario may state the first day's weather instead of
//!   rolling it (special rule `weather`: −1 rolled, 0 clear, 1 rain; a scenario that starts
//!   at step 2A plays no 1A on its first turn). Rain's effects on sight and fire are the
//!   series game's (S14.5, table S9.5-T B1).
//! * **1C-a, 3.7 electricity.** The scenario says whether the power is on at the start
//!   (special rule `electricity`); at the start of every Reinforcement Phase the NATO player
//!   turns it on or off ([`Command::Electricity`]) before the Warsaw Pact's steps go on. While
//!   it is on, City hexes are seen as by day at night (`Light::lit_dot`).

use super::{Command, Event, Game, State};
use crate::core::protocol::{emit, refuse, Events, Pending, RuleViolation};
use crate::css::command::sky::Light;
use crate::css::command::turn::Step;
use crate::css::night::WeatherChart;
use crate::css::scenario::Scenario;
use crate::css::terrain::dots;
use crate::gates::weather::Power;
use crate::gates::NATO;

/// The special rules' names (S21.3 item 8) this module reads.
pub const ELECTRICITY: &str = "electricity";
pub const WEATHER: &str = "weather";

/// The scenario's light: the Gates weather table and, when the scenario states the first
/// day's weather (3.1), that weather already set for day 1 (the table's lowest face is clear,
/// its highest rain).
pub fn light(chart: &WeatherChart, scenario: &Scenario) -> Result<Light, RuleViolation> {
    let mut light = Light {
        chart: chart.clone(),
        ..Light::default()
    };
    match scenario.special(WEATHER) {
        None | Some(-1) => {}
        Some(v @ (0 | 1)) => {
            light.sky.weather = chart.read(if v == 0 { 0 } else { 9 })?;
            light.sky.weather_day = Some(1);
        }
        Some(_) => return refuse("3.1", "the first day's weather is -1 (rolled), 0 or 1"),
    }
    Ok(light)
}

/// 3.7: the power as the scenario starts it.
pub fn power(scenario: &Scenario) -> Power {
    Power {
        on: scenario.special(ELECTRICITY).unwrap_or(0) != 0,
    }
}

impl State {
    /// 3.7: the lit terrain follows the power.
    pub(super) fn light_the_city(&mut self) {
        self.series.turn.light.lit_dot = self.power.on.then_some(dots::CITY);
    }
}

impl Game<'_> {
    /// 14.0 1C-a: the Reinforcement Phase of this turn waits for NATO's word on the power.
    pub fn asks_electricity(&self) -> bool {
        let s = &self.state;
        s.series.turn.step == Step::Reinforcement && s.electricity_turn != s.series.turn.turn
    }

    /// The Gates' own question now, before the series turn's.
    pub(super) fn preparation_pending<O>(&self) -> Option<Pending<O>> {
        self.asks_electricity()
            .then_some(Pending::Command { player: NATO })
    }

    /// Applies the Gates' own Preparation commands; `Ok(false)` when `command` is the series'.
    pub(super) fn preparation_apply(
        &mut self,
        command: Option<&Command>,
        events: &mut Events<Event>,
    ) -> Result<bool, RuleViolation> {
        let asked = self.asks_electricity();
        match command {
            Some(Command::Electricity { on }) => {
                if !asked {
                    return refuse(
                        "14.0",
                        "the electricity is switched at the start of the Reinforcement Phase (1C-a)",
                    );
                }
                self.state.power.switch(NATO, *on)?;
                self.state.electricity_turn = self.state.series.turn.turn;
                self.state.light_the_city();
                emit(events, Event::Electricity { on: *on })?;
                Ok(true)
            }
            _ if asked => refuse(
                "14.0",
                "1C-a comes first: the NATO player turns the city's electricity on or off (3.7)",
            ),
            _ => Ok(false),
        }
    }
}
