//! Berlin '85 on the game-neutral contract ([`Ruleset`]): delegation to the game's own
//! functions, so playing through the contract is playing Berlin '85 — the same states,
//! events, notation and refusals (`tests/tests/contract.rs` replays real games both ways).
//!
//! The one thing the contract adds is each event's visibility. Berlin '85's events do not
//! carry it: whether a line of the log is secret depends on the input that caused it. Of the
//! input answering NATO's secret emergency reinforcement roll [17.0], the events of the roll's
//! own rule [17.x] are NATO's only; whatever follows from it (air points, the next phase) is
//! public. [`Game::secret_roller`] and [`Event::visibility`] say so, and the contract's events
//! are [`Logged`] with it.

use super::data::GameData;
use super::event::Event;
use super::game::{Game, Input85, NewGameError, Pending85};
use super::notation::{self, NotationError};
use super::state::{side_name, Options, Phase, State};
use super::view::View;
use super::Choice;
use super::Command;
use crate::core::contract::{
    EventVisibility, Logged, Ruleset, ScenarioInfo, SequenceStep, StepEnd, StepInfo,
};
use crate::core::game_id::GameId;
use crate::core::options::{OptionError, OptionInfo, OptionKind, OptionValue};
use crate::core::protocol::{Events, Input, Pending, RuleViolation};
use crate::core::side::{Side, Viewer};
use core::fmt;

/// The option keys, in [`Ruleset::OPTIONS`] order.
pub const POISON_GAS: &str = "poison-gas";
pub const SEQUENTIAL_COMBAT: &str = "sequential-combat";

const OPTIONS: [OptionInfo; 2] = [
    // [8.8] poison gas is an optional rule.
    OptionInfo {
        key: POISON_GAS,
        label: "Poison gas (optional rule)",
        case: "8.8",
        kind: OptionKind::Flag { default: false },
    },
    // [7.0] note: with both players' agreement each attack is resolved when announced.
    OptionInfo {
        key: SEQUENTIAL_COMBAT,
        label: "Sequential combat (resolve each attack as declared)",
        case: "7.0",
        kind: OptionKind::Flag { default: false },
    },
];

/// The sequence of play [4.0], one entry per [`Phase`] in its order.
const SEQUENCE: [StepInfo; 6] = [
    StepInfo {
        name: "Set-up",
        case: "3.0",
    },
    // Honors of War [19.0], emergency reinforcements [17.0], air points [9.1].
    StepInfo {
        name: "Start of the Game-Turn",
        case: "4.0",
    },
    // Fire spread [10.74].
    StepInfo {
        name: "Start of the Player-Turn",
        case: "10.74",
    },
    StepInfo {
        name: "Movement Phase",
        case: "5.0",
    },
    StepInfo {
        name: "Combat Phase",
        case: "7.0",
    },
    StepInfo {
        name: "Game over",
        case: "20.0",
    },
];

/// Where a phase is in the sequence of play ([`Ruleset::SEQUENCE`]).
pub const fn step_index(phase: Phase) -> usize {
    match phase {
        Phase::Setup => 0,
        Phase::TurnStart => 1,
        Phase::PlayerTurnStart => 2,
        Phase::Movement => 3,
        Phase::Combat => 4,
        Phase::GameOver => 5,
    }
}

/// The rule number before the first dot ("17" of "17.23").
fn rule_of(case: &str) -> &str {
    case.split('.').next().unwrap_or(case)
}

impl Event {
    /// Who may read this event, given who rolled the secret roll whose answer produced it
    /// (`None` when the input answered no secret roll). [17.0] NATO's reinforcement roll is
    /// secret: the lines of the roll's own rule [17.x] are NATO's; the rest is public.
    pub fn visibility(&self, secret_roll_by: Option<Side>) -> EventVisibility {
        match secret_roll_by {
            Some(side) if rule_of(self.case) == "17" => EventVisibility::Only(side),
            _ => EventVisibility::Public,
        }
    }
}

impl Game<'_> {
    /// The side whose secret roll `input` answers, if it answers one [17.0]. Asked before the
    /// input is applied.
    pub fn secret_roller(&self, input: &Input85) -> Option<Side> {
        if !matches!(input, Input::Rolled(_)) {
            return None;
        }
        match self.pending() {
            Pending::Roll {
                secret: true,
                player,
                ..
            } => Some(player),
            _ => None,
        }
    }
}

/// Labels each event with its visibility and appends it to `out`.
fn label(
    from: Events<Event>,
    secret_roll_by: Option<Side>,
    out: &mut Events<Logged<Event>>,
) -> Result<(), RuleViolation> {
    for event in from {
        let visibility = event.visibility(secret_roll_by);
        out.push(Logged { event, visibility })
            .map_err(|_| RuleViolation::new("engine", "too many events for one input"))?;
    }
    Ok(())
}

impl fmt::Display for NewGameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NewGameError::UnknownScenario => "no such scenario",
            NewGameError::DataTooLarge => "the game data is larger than the engine's capacities",
        })
    }
}

impl<'d> Ruleset<'d> for Game<'d> {
    const GAME: GameId = GameId::Berlin85;

    type Data = GameData;
    type Options = Options;
    type State = State;
    type Command = Command;
    type Choice = Choice;
    type Event = Logged<Event>;
    type View = View<'d>;
    type NewGameError = NewGameError;
    type NotationError = NotationError;

    const OPTIONS: &'static [OptionInfo] = &OPTIONS;
    const SEQUENCE: &'static [StepInfo] = &SEQUENCE;

    fn new(data: &'d GameData, scenario: &str, options: Options) -> Result<Self, NewGameError> {
        Game::new(data, scenario, options)
    }

    fn data(&self) -> &'d GameData {
        self.data
    }

    fn state(&self) -> &State {
        &self.state
    }

    fn set_state(&mut self, state: State) {
        self.state = state;
    }

    fn options(&self) -> Options {
        self.state.options
    }

    fn default_options() -> Options {
        Options::default()
    }

    fn apply(&mut self, input: &Input85) -> Result<Events<Logged<Event>>, RuleViolation> {
        let secret = self.secret_roller(input);
        let events = Game::apply(self, input)?;
        let mut out = Events::new();
        label(events, secret, &mut out)?;
        Ok(out)
    }

    fn apply_in_place(
        &mut self,
        input: &Input85,
        events: &mut Events<Logged<Event>>,
    ) -> Result<(), RuleViolation> {
        let secret = self.secret_roller(input);
        let mut own = Events::new();
        let applied = Game::apply_in_place(self, input, &mut own);
        label(own, secret, events)?;
        applied
    }

    fn pending(&self) -> Pending85 {
        Game::pending(self)
    }

    fn view(&self, viewer: Viewer) -> View<'d> {
        Game::view(self, viewer)
    }

    fn step(&self) -> SequenceStep {
        let index = step_index(self.state.phase);
        let side = match self.state.phase {
            Phase::Setup | Phase::GameOver => None,
            _ => Some(self.state.phasing),
        };
        SequenceStep {
            index,
            step: SEQUENCE[index],
            turn: self.state.turn as u16,
            last_turn: Some(self.scenario().end_turn as u16),
            side,
        }
    }

    fn side_name(side: Side) -> &'static str {
        side_name(side)
    }

    fn step_end(&self) -> Option<StepEnd<Command>> {
        Game::step_end(self)
    }

    fn reveals(command: &Command) -> bool {
        command.reveals()
    }

    fn write_input(data: &GameData, input: &Input85, out: &mut dyn fmt::Write) -> fmt::Result {
        out.write_str(notation::format_input(data, input).as_str())
    }

    fn read_input(data: &GameData, line: &str) -> Result<Option<Input85>, NotationError> {
        notation::parse_input(data, line)
    }

    fn scenario_count(data: &GameData) -> usize {
        data.scenarios.len()
    }

    fn scenario(data: &GameData, i: usize) -> Option<ScenarioInfo<'_>> {
        data.scenarios.get(i).map(|s| ScenarioInfo {
            id: s.id.as_str(),
            name: s.name.as_str(),
            case: s.case.as_str(),
        })
    }

    fn option(options: &Options, key: &str) -> Option<OptionValue> {
        match key {
            POISON_GAS => Some(OptionValue::Flag(options.poison_gas)),
            SEQUENTIAL_COMBAT => Some(OptionValue::Flag(options.sequential_combat)),
            _ => None,
        }
    }

    fn set_option(options: &mut Options, key: &str, value: OptionValue) -> Result<(), OptionError> {
        let OptionValue::Flag(on) = value else {
            let key = match key {
                POISON_GAS => POISON_GAS,
                SEQUENTIAL_COMBAT => SEQUENTIAL_COMBAT,
                _ => return Err(OptionError::unknown(key)),
            };
            return Err(OptionError::BadValue {
                key,
                expected: "on or off",
            });
        };
        match key {
            POISON_GAS => options.poison_gas = on,
            SEQUENTIAL_COMBAT => options.sequential_combat = on,
            _ => return Err(OptionError::unknown(key)),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use crate::berlin85::state::{NATO, WARSAW_PACT};
    use crate::berlin85::turn::tests::{begin, berlin_board, roll, yes};
    use crate::core::contract::GameEvent;

    #[test]
    fn contract_17_0_the_secret_rolls_own_lines_are_natos_the_rest_public() {
        let mut g = berlin_board().game(Phase::TurnStart, WARSAW_PACT, 1, &[]);
        begin(&mut g, 2);
        Ruleset::apply(&mut g, &yes()).unwrap();
        assert_eq!(g.secret_roller(&roll(&[1, 2])), Some(NATO), "[17.0]");
        assert_eq!(g.secret_roller(&yes()), None, "only a roll answers a roll");
        let events = Ruleset::apply(&mut g, &roll(&[1, 2])).unwrap();
        assert!(!events.is_empty());
        let mut private = 0;
        for e in &events {
            if e.event.case.starts_with("17") {
                private += 1;
                assert_eq!(e.visibility(), EventVisibility::Only(NATO), "{e}");
                assert!(!e.visibility().shows_to(Viewer::Side(WARSAW_PACT)));
                assert!(!e.visibility().shows_to(Viewer::Public));
                assert!(e.visibility().shows_to(Viewer::Side(NATO)));
            } else {
                assert_eq!(e.visibility(), EventVisibility::Public, "{e}");
            }
        }
        assert!(private > 0, "a 3 ends the rolls [17.1]: NATO is told");
    }

    #[test]
    fn contract_every_phase_has_a_step_and_the_steps_are_in_order() {
        let phases = [
            Phase::Setup,
            Phase::TurnStart,
            Phase::PlayerTurnStart,
            Phase::Movement,
            Phase::Combat,
            Phase::GameOver,
        ];
        for (i, p) in phases.into_iter().enumerate() {
            assert_eq!(step_index(p), i);
        }
        assert_eq!(SEQUENCE.len(), phases.len());
    }

    #[test]
    fn contract_options_set_exactly_their_field() {
        let mut o = Options::default();
        <Game<'_> as Ruleset<'_>>::set_option(&mut o, POISON_GAS, OptionValue::Flag(true)).unwrap();
        assert_eq!(
            o,
            Options {
                poison_gas: true,
                sequential_combat: false
            }
        );
        let r = <Game<'_> as Ruleset<'_>>::set_option(&mut o, "gas", OptionValue::Flag(true));
        assert_eq!(r, Err(OptionError::unknown("gas")));
        let r =
            <Game<'_> as Ruleset<'_>>::set_option(&mut o, SEQUENTIAL_COMBAT, OptionValue::OneOf(0));
        assert!(matches!(r, Err(OptionError::BadValue { .. })));
        assert!(!o.sequential_combat, "a refused value changes nothing");
    }

    #[test]
    fn contract_4_0_the_engine_names_the_command_that_ends_each_step() {
        let end = |g: &Game<'_>| Ruleset::step_end(g).map(|e| (e.command, e.case));
        let g = berlin_board().game(Phase::Movement, WARSAW_PACT, 1, &[]);
        assert_eq!(end(&g), Some((Command::EndMovement, "5.0")));
        // Nothing announced: the Combat Phase ends at once, no FPF step to tap through [7.0].
        let mut g = berlin_board().game(Phase::Combat, WARSAW_PACT, 1, &[]);
        let e = Ruleset::step_end(&g).expect("a combat step");
        assert_eq!((&e.command, e.label), (&Command::EndCombat, "End combat"));
        // The command the engine names is one it accepts, and it ends the phase.
        Ruleset::apply(&mut g, &Input::Command(e.command)).expect("accepted");
        assert_ne!(g.state.phase, Phase::Combat);
        // While a roll is wanted no command ends the step.
        let mut g = berlin_board().game(Phase::TurnStart, WARSAW_PACT, 1, &[]);
        begin(&mut g, 2);
        assert!(matches!(
            g.pending(),
            Pending::Roll { .. } | Pending::Choose { .. }
        ));
        assert_eq!(end(&g), None);
    }
}
