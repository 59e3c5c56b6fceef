//! A small hand-made CSS test scenario for the series' turn machine (`engine::css::command`):
//! four divisions (two a side, one of them a fatigue-immune, trackless police-like one with
//! division Direct Command chits), six formations, four turns, a victory check on turn 3, and
//! a random driver that answers the turn's pendings — random d10 faces 0–9 and draw indices,
//! since the engine never rolls — and, now and then, sends an input chosen with no regard for
//! the pending, so refusals are exercised (issue 13's playouts and chit benchmark).

use engine::core::protocol::{DiceRoll, Events, Input, Pending};
use engine::core::side::Side;
use engine::core::units::UnitId;
use engine::css::command::turn::{Choice, Command, Event, Step, TurnState};
use engine::css::command::{Chit, CommandData, DivisionDef, DivisionId, FormationDef, FormationId};
use engine::css::scenario::{DivisionStart, Scenario, Start, Verdict, Victory, VictoryRules};
use rand::rngs::StdRng;
use rand::Rng;

fn division(side: Side, immune: bool) -> DivisionDef {
    DivisionDef {
        side,
        dispatch_rating: 5,
        command_rating: 3,
        max_tq: 6,
        fatigue_threshold: if side == Side::A { 4 } else { 5 },
        fatigue_immune: immune,
        has_division_chit: !immune,
        dc_chits: if immune { 3 } else { 1 },
        dc_track: !immune,
    }
}

/// The scenario's command data: divisions 0 (A), 1 (A, immune, trackless), 2 (B), 3 (B);
/// formations 0–1 of division 0, 2 of 1, 3–4 of 2, 5 of 3.
pub fn command_data() -> CommandData {
    let mut divisions = heapless::Vec::new();
    for d in [
        division(Side::A, false),
        division(Side::A, true),
        division(Side::B, false),
        division(Side::B, false),
    ] {
        divisions.push(d).expect("fits");
    }
    let mut formations = heapless::Vec::new();
    for d in [0u8, 0, 1, 2, 2, 3] {
        formations
            .push(FormationDef::of(DivisionId(d)))
            .expect("fits");
    }
    CommandData {
        divisions,
        formations,
        costs: engine::css::standin::chit_costs(),
        initiative: Side::A,
        always_in_cup: heapless::Vec::new(),
        last_turn: 4,
    }
}

/// Four turns from the Preparation Phase; division 3 starts tired (fatigue 5, TQ 4); victory
/// is checked on turn 3 (S3.7.1).
pub fn scenario() -> Scenario {
    let mut divisions = heapless::Vec::new();
    for (d, dp, fatigue, tq) in [
        (0u8, 6, 0, None),
        (1, 4, 0, None),
        (2, 9, 0, None),
        (3, 3, 5, Some(4)),
    ] {
        divisions
            .push(DivisionStart {
                division: DivisionId(d),
                dispatch_rating: None,
                command_rating: None,
                dp,
                dc: 2,
                fatigue,
                tq,
            })
            .expect("fits");
    }
    let mut check_turns = heapless::Vec::new();
    check_turns.push(3).expect("fits");
    Scenario {
        title: heapless::String::try_from("test skirmish").expect("fits"),
        maps: 1,
        stand_in: true,
        first_turn: 1,
        last_turn: 4,
        boxes: heapless::Vec::new(),
        initiative: Side::A,
        start: Start::Preparation,
        sets_up_first: Side::B,
        setup: heapless::Vec::new(),
        divisions,
        reinforcements: heapless::Vec::new(),
        special: heapless::Vec::new(),
        victory: VictoryRules {
            check_turns,
            vp_per_unit: 1,
        },
    }
}

/// The test's victory test: side A wins at the check if the tired division 3 is worn down to
/// TQ 2 or less (S17.2).
pub struct WornDown(pub u8);

impl Victory for WornDown {
    fn check(&self, _turn: u8) -> Option<Verdict> {
        (self.0 <= 2).then_some(Verdict::Win(Side::A))
    }
}

/// The turn machine at the scenario's start, with its data.
pub fn start(events: &mut Events<Event>) -> (CommandData, TurnState) {
    let s = scenario();
    let data = s.command_data(&command_data()).expect("data");
    let t = TurnState::from_scenario(&data, &s, Default::default(), events).expect("start");
    (data, t)
}

/// Applies `input` with the test's victory test.
pub fn apply(
    data: &CommandData,
    t: &mut TurnState,
    input: &Input<Command>,
    events: &mut Events<Event>,
) -> Result<(), engine::core::protocol::RuleViolation> {
    let v = WornDown(t.track(DivisionId(3)).tq);
    t.apply_with(data, &v, input, events)
}

fn any_chit(rng: &mut StdRng) -> Chit {
    match rng.gen_range(0..6) {
        0 => Chit::Division(DivisionId(rng.gen_range(0..4))),
        1 | 2 => Chit::Formation(FormationId(rng.gen_range(0..6))),
        3 => Chit::DivisionDirectCommand(DivisionId(rng.gen_range(0..4))),
        4 => Chit::DirectCommand(if rng.gen() { Side::A } else { Side::B }),
        _ => Chit::Wind,
    }
}

/// Any input at all, with no regard for the pending (most are refused). Divisions, formations
/// and units are the scenario's own; a draw or option index may be past the end of the list.
pub fn random_input(rng: &mut StdRng) -> Input<Command> {
    match rng.gen_range(0..8) {
        0 => Input::Rolled(DiceRoll::of(&[rng.gen_range(0..12)])),
        1 => Input::Drew(rng.gen_range(0..20)),
        2 => Input::Chose(rng.gen_range(0..10)),
        3 => Input::Command(Command::Buy(any_chit(rng))),
        4 => Input::Command(Command::SpendDirectCommand {
            division: DivisionId(rng.gen_range(0..4)),
            unit: UnitId(rng.gen_range(0..16)),
        }),
        5 => Input::Command(Command::EndActivation),
        6 => Input::Command(Command::DoneBuying),
        _ => Input::Command(Command::EndReinforcements),
    }
}

/// An input that answers the pending (which may still be refused, e.g. a chit the division
/// cannot afford); `None` once the game is over.
pub fn answer(rng: &mut StdRng, data: &CommandData, t: &TurnState) -> Option<Input<Command>> {
    Some(match t.pending(data) {
        Pending::GameOver => return None,
        Pending::Roll { .. } => Input::Rolled(DiceRoll::of(&[rng.gen_range(0..10)])),
        Pending::DrawChit { chits, .. } => Input::Drew(rng.gen_range(0..chits.len() as u16)),
        Pending::Choose { options, .. } => {
            // Mostly pass: a Formation chit bought every time would drain the Dispatch Points.
            let buy = rng.gen_bool(0.3) && options.len() > 1;
            let i = if buy {
                rng.gen_range(1..options.len())
            } else {
                0
            };
            debug_assert!(i == 0 || matches!(options[i], Choice::Buy(_)));
            Input::Chose(i as u8)
        }
        Pending::Command { player } => match t.step {
            Step::Reinforcement => Input::Command(Command::EndReinforcements),
            Step::Spend(_) if rng.gen_bool(0.6) => Input::Command(Command::Buy(any_chit(rng))),
            Step::Spend(_) => Input::Command(Command::DoneBuying),
            Step::Playing(_) if rng.gen_bool(0.5) => {
                let mut d = rng.gen_range(0..4u8);
                if data.divisions[d as usize].side != player {
                    d ^= 2;
                }
                Input::Command(Command::SpendDirectCommand {
                    division: DivisionId(d),
                    unit: UnitId(rng.gen_range(0..12)),
                })
            }
            Step::LeaderMoves(_) => Input::Command(Command::EndLeaderMoves),
            Step::Arrivals(_) => Input::Command(Command::EndArrivals),
            Step::Returns(_) => Input::Command(Command::EndReturns),
            _ => Input::Command(Command::EndActivation),
        },
    })
}
