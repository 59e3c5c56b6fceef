//! `impl Ruleset for gates::Game`: delegation to the game, the sequence of play of 14.0 as
//! data (on the series turn's steps), the step-ending commands, the notation, the scenarios.
//! No options yet: an option the engine does not enforce is not offered.

use super::notation;
use super::{Command as GatesCommand, Event, Game, GatesData, NewGameError, Options, State};
use crate::core::capacity::gates::UNITS;
use crate::core::contract::{
    EventVisibility, GameEvent as CoreEvent, Ruleset, ScenarioInfo, SequenceStep, StepEnd, StepInfo,
};
use crate::core::game_id::GameId;
use crate::core::notation::NotationError;
use crate::core::options::{OptionError, OptionInfo, OptionValue};
use crate::core::protocol::{Case, Cited, Events, Input, Pending, RuleViolation};
use crate::core::side::{Side, Viewer};
use crate::css::command::turn::{Choice, Command, Step};
use crate::css::game::{GameCommand, GameEvent, SeriesGame, Stage};
use crate::gates::NATO;
use core::fmt;

/// The sequence of play (14.0) on the series turn's steps (S3.0).
pub const SEQUENCE: &[StepInfo] = &[
    StepInfo {
        name: "Weather",
        case: "S3.2.1",
    },
    StepInfo {
        name: "Reinforcements",
        case: "S18.1",
    },
    StepInfo {
        name: "Buying chits",
        case: "S4.3",
    },
    StepInfo {
        name: "Dispatch Points",
        case: "S4.2",
    },
    StepInfo {
        name: "Interrupts",
        case: "S3.5",
    },
    StepInfo {
        name: "Chit draw",
        case: "S3.3.4",
    },
    StepInfo {
        name: "Activation",
        case: "S5.1",
    },
    StepInfo {
        name: "Leader moves",
        case: "S12.3.3",
    },
    StepInfo {
        name: "Last chit",
        case: "S4.3.3",
    },
    StepInfo {
        name: "Victory check",
        case: "S3.7.1",
    },
    StepInfo {
        name: "Game over",
        case: "S3.7.2",
    },
];

impl Cited for Event {
    fn case(&self) -> Case {
        match self {
            Event::Series(GameEvent::Turn(e)) => e.case(),
            Event::Series(GameEvent::Unit { case, .. }) => case,
            Event::Points { .. } => "10.1",
            Event::Electricity { .. } => "3.7",
            Event::TeufelsbergPick { .. } => "2.4",
            Event::FireIgnition { .. }
            | Event::FireChecked { .. }
            | Event::FireSpread { .. }
            | Event::BurnedOut { .. } => "2.3",
            Event::FireStarted { .. } => "3.7",
            Event::RainPutsOutFires { .. } => "3.1",
            Event::RollOffered { .. } | Event::BoozeUsed { .. } => "3.8",
            Event::Destroyed { .. } => "10.2",
            Event::SpandauLiberated { .. } => "3.4.1",
            Event::FigureFound { .. } => "5.2",
            Event::FigureTurned { .. } => "4.3",
            Event::RandomEventRoll { .. }
            | Event::RandomEventDrawn { .. }
            | Event::BoozeReturned { .. } => "7.0",
            Event::DivisionCheck { .. } => "9.2",
        }
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Series(GameEvent::Turn(e)) => write!(f, "{:?}", e.what),
            Event::Series(GameEvent::Unit { unit, what, .. }) => {
                write!(f, "unit {}: {what:?}", unit.0)
            }
            Event::Points {
                side,
                gained,
                taken,
            } => write!(
                f,
                "{} earns {gained} VP ({taken} taken off the enemy at the top of the track)",
                <Game<'_> as Ruleset<'_>>::side_name(*side)
            ),
            Event::Electricity { on } => {
                write!(f, "the city's power is {}", if *on { "on" } else { "off" })
            }
            Event::FireIgnition { hex, raw, burns } => write!(
                f,
                "fire die at {hex:?}: {raw}, {}",
                if *burns { "on fire" } else { "no fire" }
            ),
            Event::FireStarted { hex } => write!(f, "{hex:?} is on fire"),
            Event::FireChecked { hex, raw, check } => {
                write!(f, "fire at {hex:?}: {raw}, {check:?}")
            }
            Event::FireSpread {
                from,
                raw,
                to,
                caught,
            } => write!(
                f,
                "fire at {from:?} spreads ({raw}) to {to:?}: {}",
                if *caught {
                    "it burns"
                } else {
                    "nothing catches"
                }
            ),
            Event::RainPutsOutFires { fires } => write!(f, "the rain puts out {fires} fires"),
            Event::BurnedOut { unit } => write!(f, "unit {} routs out of a burning hex", unit.0),
            Event::TeufelsbergPick { chit: Some(c) } => {
                write!(f, "NATO names the next chit: {c:?}")
            }
            Event::TeufelsbergPick { chit: None } => {
                f.write_str("NATO lets the next chit be drawn")
            }
            Event::RollOffered { raw, holder } => write!(
                f,
                "rolled {raw}; {} may use the Booze marker",
                <Game<'_> as Ruleset<'_>>::side_name(*holder)
            ),
            Event::BoozeUsed { by } => write!(
                f,
                "{} uses the Booze marker: the roll is made again",
                <Game<'_> as Ruleset<'_>>::side_name(*by)
            ),
            Event::Destroyed { hex, unit } => {
                write!(f, "unit {} destroys the objective {hex:?}", unit.0)
            }
            Event::SpandauLiberated { unit, prisoners } => write!(
                f,
                "unit {} enters Spandau: {prisoners} prisoner(s) freed, the prison destroyed",
                unit.0
            ),
            Event::FigureFound { unit, marker, .. } => {
                write!(f, "Stasi unit {} finds political figure {marker}", unit.0)
            }
            Event::FigureTurned { marker, back, .. } => {
                write!(f, "political figure {marker} is turned over: {back:?}")
            }
            Event::RandomEventRoll { raw, happens } => write!(
                f,
                "random event roll {raw}: {}",
                if *happens {
                    "an event happens"
                } else {
                    "no event"
                }
            ),
            Event::RandomEventDrawn { event, applied } => write!(
                f,
                "random event {event:?}{}",
                if *applied {
                    ""
                } else {
                    " (not applied: its pieces are not in the game yet)"
                }
            ),
            Event::BoozeReturned { to, moved } => write!(
                f,
                "the Booze marker {} {}",
                if *moved { "returns to" } else { "stays with" },
                <Game<'_> as Ruleset<'_>>::side_name(*to)
            ),
            Event::DivisionCheck {
                division,
                raw,
                tq,
                passed,
            } => write!(
                f,
                "division {} TQ check: {raw} against {tq}, {}",
                division.0,
                if *passed { "passed" } else { "failed, TQ -1" }
            ),
        }
    }
}

// The Gates have no secret rolls; the unknown political figures (4.3) are hidden from both
// players, so nothing of them is told until a marker is turned over, and then to both: the
// events of a found and a turned marker are public.
impl CoreEvent for Event {
    fn visibility(&self) -> EventVisibility {
        EventVisibility::Public
    }
}

/// What one seat may see: the whole state. Nothing in it is secret: of a face-down political
/// figure marker (4.3) the state holds only its hex and the counts of the backs not yet drawn
/// (what both players can work out from the backs shown); its back is not known to the engine
/// until the draw that turns it over (`figures`).
#[derive(Clone, Debug)]
pub struct View {
    pub state: State,
    pub viewer: Viewer,
}

impl Game<'_> {
    fn sequence_index(&self) -> usize {
        match self.state.series.turn.step {
            Step::Weather => 0,
            Step::Reinforcement | Step::Arrivals(_) | Step::ReturnCheck | Step::Returns(_) => 1,
            Step::Spend(_) => 2,
            Step::DispatchRoll(_) => 3,
            Step::Interrupt(_) => 4,
            Step::Draw => 5,
            Step::Playing(_) => 6,
            Step::LeaderMoves(_) => 7,
            Step::LastChit(_) => 8,
            Step::VictoryCheck => 9,
            Step::GameOver => 10,
        }
    }

    /// The side that acts in this step: the buyer, the interrupter, the chit's owner.
    fn acting_side(&self) -> Option<Side> {
        let command = &self.scenario().command;
        match self.state.series.turn.step {
            Step::Spend(s)
            | Step::Interrupt(s)
            | Step::LastChit(s)
            | Step::Arrivals(s)
            | Step::Returns(s) => Some(s),
            Step::Playing(p) | Step::LeaderMoves(p) => command.owner(p.chit),
            _ => None,
        }
    }
}

impl<'d> Ruleset<'d> for Game<'d> {
    const GAME: GameId = GameId::Gates;
    type Data = GatesData;
    type Options = Options;
    type State = State;
    type Command = GatesCommand;
    type Choice = Choice;
    type Event = Event;
    type View = View;
    type NewGameError = NewGameError;
    type NotationError = NotationError;

    const OPTIONS: &'static [OptionInfo] = &[];
    const SEQUENCE: &'static [StepInfo] = SEQUENCE;

    fn new(data: &'d GatesData, scenario: &str, options: Options) -> Result<Self, NewGameError> {
        Game::new(data, scenario, options)
    }
    fn data(&self) -> &'d GatesData {
        self.data
    }
    fn state(&self) -> &State {
        &self.state
    }
    fn set_state(&mut self, state: State) {
        self.state = state;
    }
    fn options(&self) -> Options {
        self.options
    }
    fn default_options() -> Options {
        Options
    }

    fn apply(&mut self, input: &Input<GatesCommand>) -> Result<Events<Event>, RuleViolation> {
        let before = self.state.clone();
        let mut events = Events::new();
        match Game::apply(self, input, &mut events) {
            Ok(()) => Ok(events),
            Err(v) => {
                self.state = before;
                Err(v)
            }
        }
    }
    fn apply_in_place(
        &mut self,
        input: &Input<GatesCommand>,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        Game::apply(self, input, events)
    }
    fn pending(&self) -> Pending<Choice> {
        Game::pending(self)
    }
    fn view(&self, viewer: Viewer) -> View {
        View {
            state: self.state.clone(),
            viewer,
        }
    }
    fn step(&self) -> SequenceStep {
        let index = self.sequence_index();
        SequenceStep {
            index,
            step: SEQUENCE[index],
            turn: self.state.series.turn.turn as u16,
            last_turn: Some(self.scenario().command.last_turn as u16),
            side: self.acting_side(),
        }
    }
    fn side_name(side: Side) -> &'static str {
        if side == NATO {
            "NATO"
        } else {
            "Warsaw Pact"
        }
    }
    fn step_end(&self) -> Option<StepEnd<GatesCommand>> {
        if !matches!(Game::pending(self), Pending::Command { .. }) {
            return None;
        }
        if self.asks_electricity() {
            // 14.0 1C-a: leaving the power as it is ends the step.
            let on = self.state.power.on;
            return Some(StepEnd {
                command: GatesCommand::Electricity { on },
                label: if on {
                    "Keep the power on"
                } else {
                    "Keep the power off"
                },
                case: "3.7",
            });
        }
        let turn = |command, label, case| StepEnd {
            command: GatesCommand::Series(GameCommand::Turn(command)),
            label,
            case,
        };
        Some(match self.state.series.turn.step {
            Step::Reinforcement => turn(Command::EndReinforcements, "End reinforcements", "S18.1"),
            Step::Arrivals(_) => turn(Command::EndArrivals, "Arrivals placed", "S18.1"),
            Step::Returns(_) => turn(Command::EndReturns, "Returns placed", "S11.10"),
            Step::Spend(_) => turn(Command::DoneBuying, "Done buying", "S4.3"),
            Step::LeaderMoves(_) => turn(Command::EndLeaderMoves, "Leaders moved", "S12.3.3"),
            Step::Playing(_) => match &self.state.series.stage {
                Stage::Moving { .. } => StepEnd {
                    command: GatesCommand::Series(GameCommand::Unit(
                        crate::css::game::UnitCommand::FinishMove { change_side: false },
                    )),
                    label: "End the move",
                    case: "S7.2",
                },
                Stage::Advance { .. } => StepEnd {
                    command: GatesCommand::Series(GameCommand::Unit(
                        crate::css::game::UnitCommand::Advance {
                            units: crate::css::game::Group::new(),
                        },
                    )),
                    label: "Do not advance",
                    case: "S10.6",
                },
                _ => turn(Command::EndActivation, "End the activation", "S3.4"),
            },
            _ => return None,
        })
    }

    // No command turns anything over: a political figure's back (4.3) comes by `Input::Drew`,
    // already a fact that undo never passes (`core::journal::is_irreversible`).
    fn reveals(_command: &GatesCommand) -> bool {
        false
    }

    fn write_input(
        data: &GatesData,
        input: &Input<GatesCommand>,
        out: &mut dyn fmt::Write,
    ) -> fmt::Result {
        notation::write(data, input, out)
    }
    fn read_input(
        data: &GatesData,
        line: &str,
    ) -> Result<Option<Input<GatesCommand>>, NotationError> {
        notation::read(data, line)
    }

    fn scenario_count(data: &GatesData) -> usize {
        data.scenarios.len()
    }
    fn scenario(data: &GatesData, i: usize) -> Option<ScenarioInfo<'_>> {
        data.scenarios.get(i).map(|s| ScenarioInfo {
            id: s.id.as_str(),
            name: s.scenario.title.as_str(),
            case: s.case.as_str(),
        })
    }
    fn option(_options: &Options, _key: &str) -> Option<OptionValue> {
        None
    }
    fn set_option(
        _options: &mut Options,
        key: &str,
        _value: OptionValue,
    ) -> Result<(), OptionError> {
        Err(OptionError::unknown(key))
    }
}

/// The series game type of the state, for callers that name it.
pub type Series = SeriesGame<UNITS>;
