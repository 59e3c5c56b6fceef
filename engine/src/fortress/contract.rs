//! `impl Ruleset for fortress::Game` (the contract every game implements): delegation to the
//! game, the options the engine enforces, the sequence of play as data (4.1–4.3), what a
//! command reveals (3.6) and the notation.
//!
//! Options: only what the engine enforces is offered — the own-division command rule inside
//! 3.5.3, the variants 16.1–16.5, and the optional rules 17.1–17.5 with the number of
//! players (17.2, 17.3).

use super::board::{Options, SegmentKind};
use super::counters::GERMAN;
use super::data::GameData;
use super::game::{Choice, Command, Event, Game, NewGameError, State, Waiting};
use super::notation::{self, NotationError};
use super::view::{self, View};
use crate::core::contract::{Ruleset, ScenarioInfo, SequenceStep, StepEnd, StepInfo};
use crate::core::game_id::GameId;
use crate::core::options::{OptionError, OptionInfo, OptionKind, OptionValue};
use crate::core::protocol::{Events, Input, Pending, RuleViolation};
use crate::core::side::{Side, Viewer};
use core::fmt;

/// The key of the 3.5.3 optional rule (units trace command to their own division HQ only).
pub const OWN_DIVISION_COMMAND: &str = "own-division-command";
/// The key of minor variant 16.1 (the Reichstag flak tower).
pub const VARIANT_REICHSTAG_FLAK_TOWER: &str = "variant-reichstag-flak-tower";
/// The key of minor variant 16.2 (the Latvian SS battalion).
pub const VARIANT_LATVIANS: &str = "variant-latvians";
/// The key of minor variant 16.3 (the 156th Infantry Division with LVI Panzer Korps).
pub const VARIANT_LVI_PANZER_KORPS: &str = "variant-lvi-panzer-korps";

/// The key of major variant 16.4 (Steiner counterattacks).
pub const VARIANT_STEINER: &str = "variant-steiner";
/// The key of major variant 16.5 (Wenck is coming).
pub const VARIANT_WENCK: &str = "variant-wenck";

/// The key of optional rule 17.1 (using the subways).
pub const UBAHN: &str = "ubahn";
/// The key of optional rule 17.5 (Soviet army coordination).
pub const ARMY_COORDINATION: &str = "army-coordination";

/// The key of the number of players (17.2, 17.3).
pub const PLAYERS: &str = "players";
/// Its values, in order: index + 2 players.
const PLAYER_COUNTS: &[&str] = &["2", "3", "4", "5", "6"];
/// The key of optional rule 17.4 (the Character Game).
pub const CHARACTER_GAME: &str = "character-game";

/// The switch of each on/off option in [`Options`].
fn flag<'o>(options: &'o mut Options, key: &str) -> Option<&'o mut bool> {
    match key {
        OWN_DIVISION_COMMAND => Some(&mut options.own_division_command),
        VARIANT_REICHSTAG_FLAK_TOWER => Some(&mut options.reichstag_flak_tower),
        VARIANT_LATVIANS => Some(&mut options.latvians),
        VARIANT_LVI_PANZER_KORPS => Some(&mut options.lvi_panzer_korps),
        VARIANT_STEINER => Some(&mut options.steiner),
        VARIANT_WENCK => Some(&mut options.wenck),
        UBAHN => Some(&mut options.ubahn),
        ARMY_COORDINATION => Some(&mut options.army_coordination),
        CHARACTER_GAME => Some(&mut options.character_game),
        _ => None,
    }
}

/// The sequence of play (4.1, 4.2, 4.3), one step per segment and player-turn.
pub const SEQUENCE: &[StepInfo] = &[
    StepInfo {
        name: "German set-up",
        case: "13.0",
    },
    StepInfo {
        name: "German reinforcement",
        case: "4.1.1",
    },
    StepInfo {
        name: "German recovery",
        case: "4.1.2",
    },
    StepInfo {
        name: "German movement",
        case: "4.1.3",
    },
    StepInfo {
        name: "German combat",
        case: "4.1.4",
    },
    StepInfo {
        name: "Soviet reinforcement",
        case: "4.2",
    },
    StepInfo {
        name: "Soviet recovery",
        case: "4.2",
    },
    StepInfo {
        name: "Soviet movement",
        case: "4.2",
    },
    StepInfo {
        name: "Soviet combat",
        case: "4.2",
    },
    StepInfo {
        name: "Game over",
        case: "4.0",
    },
];

impl<'d> Ruleset<'d> for Game<'d> {
    const GAME: GameId = GameId::FortressBerlin;
    type Data = GameData;
    type Options = Options;
    type State = State;
    type Command = Command;
    type Choice = Choice;
    type Event = Event;
    type View = View<'d>;
    type NewGameError = NewGameError;
    type NotationError = NotationError;

    const OPTIONS: &'static [OptionInfo] = &[
        OptionInfo {
            key: OWN_DIVISION_COMMAND,
            label: "Units take command from their own division HQ only",
            case: "3.5.3",
            kind: OptionKind::Flag { default: false },
        },
        OptionInfo {
            key: VARIANT_REICHSTAG_FLAK_TOWER,
            label: "Variant: a flak tower in the Reichstag; the Soviets must take the Brandenburg Gate (Soviet +1 VP)",
            case: "16.1",
            kind: OptionKind::Flag { default: false },
        },
        OptionInfo {
            key: VARIANT_LATVIANS,
            label: "Variant: the Latvians come to Berlin (Soviet +1 VP)",
            case: "16.2",
            kind: OptionKind::Flag { default: false },
        },
        OptionInfo {
            key: VARIANT_LVI_PANZER_KORPS,
            label: "Variant: a stiffened LVI Panzer Korps (Soviet +4 VP)",
            case: "16.3",
            kind: OptionKind::Flag { default: false },
        },
        OptionInfo {
            key: VARIANT_STEINER,
            label: "Major variant: Steiner counterattacks (Soviet +15 VP, no German automatic win)",
            case: "16.4",
            kind: OptionKind::Flag { default: false },
        },
        OptionInfo {
            key: VARIANT_WENCK,
            label: "Major variant: Wenck is coming (Soviet +30 VP, no German automatic win)",
            case: "16.5",
            kind: OptionKind::Flag { default: false },
        },
        OptionInfo {
            key: UBAHN,
            label: "Optional: German infantry and engineer battalions move by U-Bahn; Soviet infantry may block it",
            case: "17.1",
            kind: OptionKind::Flag { default: false },
        },
        OptionInfo {
            key: PLAYERS,
            label: "Players: 3 splits the Soviets into Zhukov and Koniev, 4-6 split the Germans too",
            case: "17.3",
            kind: OptionKind::OneOf {
                values: PLAYER_COUNTS,
                default: 0,
            },
        },
        OptionInfo {
            key: CHARACTER_GAME,
            label: "Optional rule: the Character Game (Nazi leaders flee, defect, kill Hitler)",
            case: "17.4",
            kind: OptionKind::Flag { default: false },
        },
        OptionInfo {
            key: ARMY_COORDINATION,
            label: "Optional: Soviet armies fight badly together, one letter lower per extra army in a gun fire or close assault",
            case: "17.5",
            kind: OptionKind::Flag { default: false },
        },
    ];
    const SEQUENCE: &'static [StepInfo] = SEQUENCE;

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
        self.state.board.options
    }
    fn default_options() -> Options {
        Options::default()
    }

    fn apply(&mut self, input: &Input<Command>) -> Result<Events<Event>, RuleViolation> {
        Game::apply(self, input)
    }
    fn apply_in_place(
        &mut self,
        input: &Input<Command>,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        Game::apply_in_place(self, input, events)
    }
    fn pending(&self) -> Pending<Choice> {
        Game::pending(self)
    }
    fn view(&self, viewer: Viewer) -> View<'d> {
        view::view(self, viewer)
    }
    fn step(&self) -> SequenceStep {
        let seg = self.state.board.segment;
        let index = if self.state.waiting == Waiting::GameOver {
            9
        } else if self.setting_up() || self.state.waiting == Waiting::Birthday {
            0
        } else {
            let k = match seg.kind {
                SegmentKind::Reinforcement => 0,
                SegmentKind::Recovery => 1,
                SegmentKind::Movement => 2,
                SegmentKind::Combat => 3,
            };
            if seg.side == GERMAN {
                1 + k
            } else {
                5 + k
            }
        };
        SequenceStep {
            index,
            step: SEQUENCE[index],
            turn: self.state.board.turn as u16,
            last_turn: Some(self.state.last_turn as u16),
            side: (index != 9).then_some(seg.side),
        }
    }
    fn step_end(&self) -> Option<StepEnd<Command>> {
        // The phasing player ends each segment of the player-turn (4.1, 4.2).
        if !matches!(Ruleset::pending(self), Pending::Command { .. }) {
            return None;
        }
        if self.setting_up() {
            return Some(StepEnd {
                command: Command::SetUpDone,
                label: "Set-up done",
                case: "13.0",
            });
        }
        let (label, case) = match self.state.board.segment.kind {
            SegmentKind::Reinforcement => ("End reinforcements", "5.0"),
            SegmentKind::Recovery => ("End recovery", "6.0"),
            SegmentKind::Movement => ("End movement", "7.0"),
            SegmentKind::Combat => ("End combat", "8.0"),
        };
        Some(StepEnd {
            command: Command::EndSegment,
            label,
            case,
        })
    }

    fn side_name(side: Side) -> &'static str {
        if side == GERMAN {
            "German"
        } else {
            "Soviet"
        }
    }

    /// Announcing a close assault or a mixed bombardment shows the forces in it; a
    /// bombardment alone does not (3.6).
    fn reveals(command: &Command) -> bool {
        matches!(
            command,
            Command::Assault { .. }
                | Command::GunFire { .. }
                | Command::Bombard { mixed: true, .. }
        )
    }

    fn write_input(
        data: &GameData,
        input: &Input<Command>,
        out: &mut dyn fmt::Write,
    ) -> fmt::Result {
        notation::write(data, input, out)
    }
    fn read_input(data: &GameData, line: &str) -> Result<Option<Input<Command>>, NotationError> {
        notation::read(data, line)
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
        if key == PLAYERS {
            return Some(OptionValue::OneOf(options.players() - 2));
        }
        let mut copy = *options;
        flag(&mut copy, key).map(|on| OptionValue::Flag(*on))
    }
    fn set_option(options: &mut Options, key: &str, value: OptionValue) -> Result<(), OptionError> {
        if key == PLAYERS {
            return match value {
                OptionValue::OneOf(i) if (i as usize) < PLAYER_COUNTS.len() => {
                    options.players = i + 2;
                    Ok(())
                }
                _ => Err(OptionError::BadValue {
                    key: PLAYERS,
                    expected: "2, 3, 4, 5 or 6",
                }),
            };
        }
        let Some(switch) = flag(options, key) else {
            return Err(OptionError::unknown(key));
        };
        let OptionValue::Flag(on) = value else {
            let key = Self::OPTIONS
                .iter()
                .find(|o| o.key == key)
                .map_or(OWN_DIVISION_COMMAND, |o| o.key);
            return Err(OptionError::BadValue {
                key,
                expected: "on or off",
            });
        };
        *switch = on;
        Ok(())
    }
}
