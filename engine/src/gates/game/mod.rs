//! The *Gates* game (issue 14): the series game state ([`crate::css::game::SeriesGame`]) on the
//! Gates data — the four-sheet map, the countermix, the division displays and a scenario —
//! with the exclusive layer's Victory Point track (10.1), behind the core contract
//! ([`contract`], `core::contract::Ruleset`) so the saves, the CLI and the session play it as
//! they play the other two games.
//!
//! What the exclusive layer adds here so far:
//! * the capped VP track of 10.1 fed by the series award for every unit eliminated or captured
//!   (S21.2, the scenario's points per unit), and its sudden end at 29 against 0 (checked
//!   after every input);
//! * the victory hexes a Warsaw Pact unit destroys by entering them (10.2, [`objectives`]) and
//!   the scenario's verdict on them at its check turns (stand-ins: the scenarios' own
//!   conditions are not in the rulebook);
//! * the political figures the Stasi turn over (4.3, 5.2, [`figures`]);
//! * step 1A's weather on the Gates table or as the scenario states it, and step 1C-a, NATO's
//!   word on the city's electricity (3.1, 3.7, [`preparation`]); night and rain count in the
//!   series game's fire;
//! * the Booze marker's keep-or-reroll before any d10 counts (3.8, [`reroll`]);
//! * the Random Event chit's procedure (7.0, [`random_event`]: the dice, the NCOs' Booze
//!   marker, bad news's Division TQC).
//!
//! Its commands are [`Command`]: the series game's, wrapped, and the Gates' own. The other
//! exclusive procedures (`gates::sabotage`, `gates::events`, …) exist as blocks with their
//! tests and are joined as the game grows (`docs/rules/gates.md`).

pub mod burning;
pub mod contract;
pub mod describe;
pub mod figures;
pub mod notation;
pub mod objectives;
pub mod preparation;
pub mod prison;
pub mod random_event;
pub mod reroll;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_burning;
#[cfg(test)]
mod tests_political;
#[cfg(test)]
mod tests_preparation;
#[cfg(test)]
mod tests_prison;
#[cfg(test)]
mod tests_random_event;
#[cfg(test)]
mod tests_reroll;
#[cfg(test)]
mod tests_teufelsberg;
pub mod teufelsberg;

use crate::core::capacity::gates::{MapData, HEXES, PLACES, UNITS};
use crate::core::hex::HexId;
use crate::core::protocol::{refuse, Events, Input, Pending, RuleViolation};
use crate::core::side::Side;
use crate::css::assault::AssaultCharts;
use crate::css::command::turn::{Choice, Step, TurnState, What};
use crate::css::command::CommandData;
use crate::css::counter::Counter;
use crate::css::fire::FireCharts;
use crate::css::game::{GameCommand, GameEvent, SeriesData, SeriesGame, UnitWhat};
use crate::css::morale::TqModifiers;
use crate::css::night::WeatherChart;
use crate::css::scenario::{Scenario, Verdict};
use crate::css::sight::SightChart;
use crate::css::stacking::StackingChart;
use crate::css::terrain::{Ground, Relief, TerrainChart};
use crate::gates::victory::VictoryTrack;
use crate::gates::weather::Power;
use core::fmt;
use serde::{Deserialize, Serialize};

/// Scenarios one data set holds (14.0 names three; the introductory one is the project's).
pub const MAX_SCENARIOS: usize = 8;
/// Rout exits (friendly map edges and entry hexes, S11.8.2) one scenario names.
pub const MAX_EXITS: usize = 512;

/// One scenario of the data set: the series scenario (S21.3), its id and case for the start
/// screen, the command data it plays with (its initiative, length and ratings applied,
/// `Scenario::command_data`) and where each side's routing units may leave (S11.8.2).
#[derive(Clone, Debug, Serialize)]
pub struct GatesScenario {
    pub id: heapless::String<24>,
    pub case: heapless::String<8>,
    pub scenario: Scenario,
    pub command: CommandData,
    pub rout_exits: heapless::Vec<(Side, HexId), MAX_EXITS>,
    /// 2.5, 10.2: the victory hexes and the scenario's test of them.
    pub objectives: objectives::Objectives,
    /// 4.3, 5.2: where the political figure markers lie, and who the Stasi are.
    pub political: figures::FigureSetup,
}

/// Everything static: the map, the counters, the charts, the scenarios (filled by `data/`).
#[derive(Debug, Serialize)]
pub struct GatesData {
    pub map: MapData,
    pub relief: Relief<HEXES>,
    pub chart: TerrainChart,
    /// The countermix, indexed by `UnitId`.
    pub counters: heapless::Vec<Counter, UNITS>,
    pub fire: FireCharts,
    pub assault: AssaultCharts,
    pub tq: TqModifiers,
    pub stacking: StackingChart,
    pub sight: SightChart,
    /// 3.1 (S14.5): the weather table read at step 1A.
    pub weather: WeatherChart,
    pub scenarios: heapless::Vec<GatesScenario, MAX_SCENARIOS>,
    /// The names the log and the screens give divisions and formations, by id.
    pub division_names: heapless::Vec<Name, { crate::css::command::MAX_DIVISIONS }>,
    pub formation_names: heapless::Vec<Name, { crate::css::command::MAX_FORMATIONS }>,
}

/// A division's or formation's name.
pub type Name = heapless::String<40>;

impl GatesData {
    /// The series data of scenario `i`.
    pub fn series(&self, i: usize) -> Option<SeriesData<'_, HEXES, PLACES>> {
        let s = self.scenarios.get(i)?;
        Some(SeriesData {
            command: &s.command,
            ground: Ground::new(&self.map, &self.relief, &self.chart),
            counters: &self.counters,
            fire: &self.fire,
            tq: self.tq,
            stacking: self.stacking,
            sight: self.sight,
            assault: &self.assault,
            rout_exits: &s.rout_exits,
        })
    }

    pub fn scenario_index(&self, id: &str) -> Option<usize> {
        self.scenarios.iter().position(|s| s.id.as_str() == id)
    }
}

/// Everything that changes: the series game and the VP track.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// Index of the scenario in the data.
    pub scenario: u8,
    pub series: SeriesGame<UNITS>,
    /// 10.1: each side's Victory Points.
    pub vp: VictoryTrack,
    /// 3.7: the city's electricity.
    pub power: Power,
    /// 14.0 1C-a: the turn whose Reinforcement Phase NATO has switched the power in (0: none).
    pub electricity_turn: u8,
    /// 3.8: the Booze marker, and a roll its holder may have made again.
    pub booze: crate::gates::booze::Booze,
    pub in_hand: Option<reroll::InHand>,
    /// 10.2: the objectives a Warsaw Pact unit has occupied.
    pub objectives: objectives::Destroyed,
    /// 4.3: the political figure markers.
    pub figures: figures::Figures,
    /// 7.0: the Random Event chit's procedure while it runs.
    pub random_event: Option<random_event::Stage>,
    /// 2.4: a Warsaw Pact unit has entered Teufelsberg: the station is destroyed for good.
    pub teufelsberg_lost: bool,
    /// 2.4: NATO has let the coming draw be random (until a chit is drawn).
    pub teufelsberg_passed: bool,
    /// 2.3: the On Fire and Cleared Fire markers on the map.
    pub fires: burning::Fires,
    /// 3.4.1: a Warsaw Pact unit has entered Spandau Prison: its prisoners are freed and it
    /// holds none again.
    pub spandau_destroyed: bool,
    /// 2.3: the second die after a raw 0, while it is awaited.
    pub fire_die: Option<burning::FireDie>,
    /// 14.0 1C-b: how far this turn's fire checks have gone.
    pub fire_round: Option<burning::Round>,
}

/// A command of the game: the series game's, or one of the Gates' own steps.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    /// A command of the series game (the turn, the units, placements).
    Series(GameCommand),
    /// 14.0 1C-a, 3.7: NATO turns the city's electricity on or off (or leaves it as it is).
    Electricity { on: bool },
}

impl From<GameCommand> for Command {
    fn from(c: GameCommand) -> Self {
        Command::Series(c)
    }
}

/// The game's options: none yet (an option the engine does not enforce is not offered).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options;

/// An event of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// An event of the series game (turn, chits, units).
    Series(GameEvent),
    /// 10.1: `side` earned points for enemy losses (S21.2): `gained` on its own total, `taken`
    /// off the enemy's at the top of the track.
    Points { side: Side, gained: u8, taken: u8 },
    /// 14.0 1C-a, 3.7: NATO has set the city's electricity.
    Electricity { on: bool },
    /// 3.8: a d10 came up `raw`; the Booze marker's holder may have it made again.
    RollOffered { raw: u8, holder: Side },
    /// 3.8: `by` used the Booze marker: the roll is made again and the marker flips over.
    BoozeUsed { by: Side },
    /// 2.3: the second die after a raw 0 fired at `hex`: 0–1 and it `burns`.
    FireIgnition { hex: HexId, raw: u8, burns: bool },
    /// 3.7: a City hex fired at with a raw 0 while the power is on burns at once.
    FireStarted { hex: HexId },
    /// 14.0 1C-b, 2.3: the die of the On Fire marker in `hex`.
    FireChecked {
        hex: HexId,
        raw: u8,
        check: crate::gates::fires::FireCheck,
    },
    /// 2.3: the spreading fire's direction die; `to` the hex it reaches (`None`: off the
    /// map), `caught` whether that hex now burns.
    FireSpread {
        from: HexId,
        raw: u8,
        to: Option<HexId>,
        caught: bool,
    },
    /// 3.1: the day's rain put out `fires` fires.
    RainPutsOutFires { fires: u8 },
    /// 2.3: `unit` ended its activation in a burning hex: it routs.
    BurnedOut { unit: crate::core::units::UnitId },
    /// 2.4: NATO, holding Teufelsberg, named the next chit (`None`: let the draw be random).
    TeufelsbergPick {
        chit: Option<crate::css::command::Chit>,
    },
    /// 3.4.1: the Warsaw Pact `unit` entered Spandau Prison: `prisoners` Warsaw Pact units
    /// held there are freed (and leave play), and the prison is destroyed.
    SpandauLiberated {
        unit: crate::core::units::UnitId,
        prisoners: u8,
    },
    /// 10.2: a Warsaw Pact unit occupied the objective `hex`: it is destroyed for good.
    Destroyed {
        hex: HexId,
        unit: crate::core::units::UnitId,
    },
    /// 5.2: the Stasi `unit` entered `hex`, where political figure `marker` lies face down.
    FigureFound {
        unit: crate::core::units::UnitId,
        marker: u8,
        hex: HexId,
    },
    /// 4.3: political figure `marker` was turned over in `hex`: `back` was on it.
    FigureTurned {
        marker: u8,
        hex: HexId,
        back: crate::gates::political::Back,
    },
    /// 7.0: the Random Event chit's first die came up `raw`; 0–2: an event `happens`.
    RandomEventRoll { raw: u8, happens: bool },
    /// 7.0: the second die picked `event`; `applied` false: its pieces are not in the game
    /// yet, so its effect is not applied.
    RandomEventDrawn {
        event: crate::gates::events::RandomEvent,
        applied: bool,
    },
    /// 7.0 events 2 and 3 (3.8): an NCO brings the Booze marker back to `to`; `moved` false:
    /// `to` already held it (or no marker is in play).
    BoozeReturned { to: Side, moved: bool },
    /// 7.0 events 6 and 9, 9.2: `division` rolled `raw` against its current TQ `tq`; failed,
    /// its current TQ drops by 1 (S11.2.1).
    DivisionCheck {
        division: crate::css::command::DivisionId,
        raw: u8,
        tq: u8,
        passed: bool,
    },
}

/// Why a game could not be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NewGameError {
    NoSuchScenario,
    /// The scenario does not fit the data (S21.3), with the rule it breaks.
    Scenario(RuleViolation),
}

impl fmt::Display for NewGameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NewGameError::NoSuchScenario => f.write_str("no such scenario"),
            NewGameError::Scenario(v) => write!(f, "[{}] {}", v.case, v.reason),
        }
    }
}

/// A game of *Gates* on its data.
#[derive(Clone, Debug)]
pub struct Game<'d> {
    pub data: &'d GatesData,
    pub state: State,
    pub options: Options,
}

impl<'d> Game<'d> {
    /// Scenario `id`'s set-up, the turn machine started from it (S21.3).
    pub fn new(data: &'d GatesData, id: &str, options: Options) -> Result<Self, NewGameError> {
        let i = data
            .scenario_index(id)
            .ok_or(NewGameError::NoSuchScenario)?;
        let s = &data.scenarios[i];
        let series = data.series(i).ok_or(NewGameError::NoSuchScenario)?;
        let mut tev = Events::new();
        let light =
            preparation::light(&data.weather, &s.scenario).map_err(NewGameError::Scenario)?;
        let mut turn = TurnState::from_scenario(&s.command, &s.scenario, light, &mut tev)
            .map_err(NewGameError::Scenario)?;
        objectives::judge_the_last_turn(&mut turn, s.command.last_turn);
        let game = SeriesGame::from_setup(&series, turn, &s.scenario.setup)
            .map_err(NewGameError::Scenario)?;
        let mut state = State {
            scenario: i as u8,
            series: game,
            vp: VictoryTrack::default(),
            power: preparation::power(&s.scenario),
            electricity_turn: 0,
            booze: reroll::booze(&s.scenario),
            in_hand: None,
            objectives: objectives::Destroyed::default(),
            figures: figures::Figures::setup(&s.political),
            random_event: None,
            teufelsberg_lost: false,
            teufelsberg_passed: false,
            spandau_destroyed: false,
            fires: burning::Fires::default(),
            fire_die: None,
            fire_round: None,
        };
        state.light_the_city();
        Ok(Game {
            data,
            state,
            options,
        })
    }

    pub fn scenario(&self) -> &'d GatesScenario {
        &self.data.scenarios[self.state.scenario as usize]
    }

    /// The series data this game plays on.
    pub fn series_data(&self) -> SeriesData<'d, HEXES, PLACES> {
        self.data
            .series(self.state.scenario as usize)
            .unwrap_or_else(|| unreachable!("a game's scenario is in its data"))
    }

    pub fn pending(&self) -> Pending<Choice> {
        if let (Some(p), false) = (self.state.figures.pending(), self.is_over()) {
            return p; // 4.3: the back of a marker the Stasi found
        }
        if self.state.random_event.is_some() && !self.is_over() {
            // 7.0 runs before anything else; its dice pass through the Booze window (3.8).
            if let Some(p) = self
                .reroll_pending()
                .or_else(|| self.random_event_pending())
            {
                return p;
            }
        }
        if let Some(p) = self.fire_pending() {
            return p; // 2.3: the fire rules' die, after the fire or at step 1C-b
        }
        if let Some(p) = self.preparation_pending() {
            return p;
        }
        if let Some(p) = self.reroll_pending() {
            return p;
        }
        let series = self.state.series.pending(&self.series_data());
        // 2.4: NATO may name the chit before it is drawn.
        self.teufelsberg_question(&series).unwrap_or(series)
    }

    pub fn is_over(&self) -> bool {
        self.state.series.turn.step == Step::GameOver
    }

    /// Applies one input; a refusal cites its case and changes nothing (the series game works
    /// on a copy; the VP award below cannot fail).
    pub fn apply(
        &mut self,
        input: &Input<Command>,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        if self.political_draw(input, events)? {
            return Ok(());
        }
        if self.state.random_event.is_some() {
            // 7.0: the Random Event chit's procedure takes every input until it is done.
            let (taken, face) = self.reroll_apply(input, events)?;
            if taken && face.is_none() {
                return Ok(());
            }
            return self.random_event_apply(input, face, events);
        }
        if self.fire_roll().is_some() {
            // 2.3: the fire rules' die takes every input until it is rolled (3.8 first).
            let (taken, face) = self.reroll_apply(input, events)?;
            if taken && face.is_none() {
                return Ok(());
            }
            return self.fire_apply(input, face, events);
        }
        let command = match input {
            Input::Command(c) => Some(c),
            _ => None,
        };
        if self.preparation_apply(command, events)? {
            return Ok(());
        }
        let named = match self.teufelsberg_apply(input, events)? {
            teufelsberg::Answer::Passed => return Ok(()),
            teufelsberg::Answer::Draw(i) => Some(i),
            teufelsberg::Answer::NotAsked => None,
        };
        let input = &match named {
            // 2.4: the chit NATO named is the one drawn.
            Some(i) => Input::Drew(i),
            None => match self.reroll_apply(input, events)? {
                (true, None) => return Ok(()),
                (true, Some(face)) => reroll::rolled(face),
                (false, _) => match input {
                    Input::Command(Command::Series(c)) => Input::Command(c.clone()),
                    Input::Command(_) => {
                        return refuse("14.0", "this step of the Gates sequence of play is not now")
                    }
                    Input::Rolled(r) => Input::Rolled(r.clone()),
                    Input::Drew(i) => Input::Drew(*i),
                    Input::Chose(i) => Input::Chose(*i),
                },
            },
        };
        let data = self.series_data();
        let mut sev: Events<GameEvent> = Events::new();
        let scenario = self.scenario();
        let vp = objectives::Judge::new(
            &self.state,
            &scenario.objectives,
            data.counters,
            scenario.command.last_turn,
        );
        self.state.series.apply(&data, &vp, input, &mut sev)?;
        if matches!(input, Input::Drew(_)) {
            self.state.teufelsberg_passed = false; // 2.4: asked again before the next draw
        }
        self.take_series_events(&sev, events)?;
        // 2.3: what the fire rules make of it; their rout is the series game's too.
        let routs = self.read_fire_events(&sev, events)?;
        self.take_series_events(&routs, events)?;
        self.end_if_decided(events)
    }

    /// The series game's events of one input, told and read: 7.0's chit played, the units
    /// entering hexes (10.2, 4.3, 2.4), and the 10.1 points for every unit lost.
    fn take_series_events(
        &mut self,
        sev: &Events<GameEvent>,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let data = self.series_data();
        let scenario = self.scenario();
        for e in sev {
            if let GameEvent::Turn(t) = e {
                if t.what == What::RandomEvent {
                    // S4.9, 7.0: the chit was played; the Gates' procedure runs next.
                    self.state.random_event = Some(random_event::Stage::Occurs);
                }
            }
            crate::core::protocol::emit(events, Event::Series(*e))?;
            self.state
                .read_series_event(scenario, data.counters, e, events)?;
            if let GameEvent::Unit {
                unit,
                what: UnitWhat::Entered(hex),
                ..
            } = e
            {
                self.read_prison_entry(*unit, *hex, events)?;
            }
            if let GameEvent::Unit {
                unit,
                what: UnitWhat::Removed(_),
                ..
            } = e
            {
                // S21.2 (stand-in points per unit), 10.1: the loser's enemy earns them.
                let lost_by = data.counter(*unit)?.side;
                let rules = &self.scenario().scenario.victory;
                let (side, points) = rules.award_for_losses(lost_by, 1);
                self.award(side, points, events)?;
            }
        }
        Ok(())
    }

    /// 10.1: `side` earns `points` on the track (the excess at 29 comes off the enemy).
    pub(super) fn award(
        &mut self,
        side: Side,
        points: u8,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let a = self.state.vp.award(side, points);
        if a.gained + a.taken > 0 {
            crate::core::protocol::emit(
                events,
                Event::Points {
                    side,
                    gained: a.gained,
                    taken: a.taken,
                },
            )?;
        }
        Ok(())
    }

    /// 10.1: 29 against 0 ends the game at once; nothing is owed after it.
    pub(super) fn end_if_decided(
        &mut self,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        if let (Some(side), false) = (self.state.vp.decided(), self.is_over()) {
            let mut end: Events<GameEvent> = Events::new();
            self.state
                .series
                .end_now(Verdict::Win(side), "10.1", &mut end)?;
            self.state.figures.owed.clear();
            for e in &end {
                crate::core::protocol::emit(events, Event::Series(*e))?;
            }
        }
        if self.is_over() {
            self.state.random_event = None; // S3.7.2: nothing is played after the end
        }
        Ok(())
    }
}
