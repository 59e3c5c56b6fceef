//! The Gates game on hand-made data (a blank 80 × 80 map, a dozen rifle companies, the series
//! tests' two divisions and scenario): it starts from the scenario (S21.3), plays seeded random
//! inputs to the end through the contract (refusals change nothing, the notation reads back
//! what it writes, a replay gives the same state), and losses earn Victory Points (10.1).

extern crate std;

use super::contract::SEQUENCE;
use super::*;
use crate::core::contract::Ruleset;
use crate::core::faces::TwoFaced;
use crate::core::hex::{Edge, Geometry, HexFormat, ShiftedColumns};
use crate::core::protocol::Cited;
use crate::core::protocol::{DiceRoll, DiceSpec};
use crate::core::units::{Nationality, UnitId, UnitKind};
use crate::css::command::{DivisionId, FormationId};
use crate::css::counter::{Armour, Hq, Size, Symbols};
use crate::css::fire::Colour;
use crate::css::game::UnitCommand;
use crate::css::morale::Status;
use crate::css::scenario::SetUp;
use crate::css::standin::{assault_charts, fire_charts, tq_modifiers};
use crate::css::terrain::{dots, MoveClass};
use std::boxed::Box;
use std::string::String;
use std::vec::Vec;

fn h(c: u8, r: u8) -> HexId {
    HexId::new(c, r)
}

fn company(side: Side, d: u8, f: u8) -> Counter {
    Counter {
        side,
        nationality: if side == NATO {
            Nationality::WestGerman
        } else {
            Nationality::Soviet
        },
        formation: Some(FormationId(f)),
        division: DivisionId(d),
        kind: UnitKind::Infantry,
        size: Size::Company,
        designation: heapless::String::try_from("coy").unwrap(),
        hq: Hq::No,
        firepower: 5,
        colour: Colour::Yellow,
        range: 3,
        defense: 0,
        armour: Armour::Soft,
        class: MoveClass::Leg,
        ma: TwoFaced { front: 4, back: 3 },
        tq: 6,
        steps: 2,
        symbols: Symbols::default(),
    }
}

use crate::gates::{NATO, WARSAW_PACT};

/// Units 0–5 and 10–11 of the WP's division 0 (formations 0 and 1), 6–9 NATO's division 1
/// (formation 2); the WP in columns 10–11, NATO three hexes east.
pub(super) fn data() -> Box<GatesData> {
    let g = Geometry {
        columns: 80,
        rows: 80,
        shifted: ShiftedColumns::Even,
        format: HexFormat::CcDotRr,
        first_column_at: Edge::West,
        first_row_at: Edge::North,
    };
    let mut map = MapData::blank(g);
    for t in map.terrain.iter_mut() {
        *t = dots::CLEAR;
    }
    let mut counters = heapless::Vec::new();
    for i in 0..12u8 {
        let c = match i {
            0..=2 => company(WARSAW_PACT, 0, 0),
            3..=5 | 10 | 11 => company(WARSAW_PACT, 0, 1),
            _ => company(NATO, 1, 2),
        };
        counters.push(c).unwrap();
    }
    let base = crate::css::scenario::tests::data();
    let mut scenario = crate::css::scenario::tests::scenario();
    let at = |u: u16, side, d: u8, hex| SetUp {
        unit: UnitId(u),
        side,
        division: DivisionId(d),
        hex,
        column: false,
        status: Status::None,
    };
    scenario.setup.clear();
    for (u, hex) in [
        (0, h(10, 10)),
        (1, h(10, 11)),
        (2, h(11, 10)),
        (3, h(10, 12)),
    ] {
        scenario.setup.push(at(u, WARSAW_PACT, 0, hex)).unwrap();
    }
    for (u, hex) in [(6, h(13, 10)), (7, h(13, 11)), (8, h(14, 10))] {
        scenario.setup.push(at(u, NATO, 1, hex)).unwrap();
    }
    scenario.victory.vp_per_unit = 2;
    let command = scenario.command_data(&base).unwrap();
    let mut rout_exits = heapless::Vec::new();
    for r in 1..=80 {
        rout_exits.push((WARSAW_PACT, h(1, r))).unwrap();
        rout_exits.push((NATO, h(80, r))).unwrap();
    }
    let mut scenarios = heapless::Vec::new();
    scenarios
        .push(GatesScenario {
            id: heapless::String::try_from("test").unwrap(),
            case: heapless::String::try_from("S21.3").unwrap(),
            scenario,
            command,
            rout_exits,
            objectives: Default::default(),
            political: Default::default(),
        })
        .unwrap();
    Box::new(GatesData {
        relief: Relief::flat(g.hex_count()),
        map,
        chart: TerrainChart::stand_in(),
        counters,
        fire: fire_charts(),
        assault: assault_charts(),
        tq: tq_modifiers(),
        stacking: StackingChart::stand_in(),
        sight: SightChart::stand_in(),
        weather: crate::css::standin::weather_chart(),
        scenarios,
        division_names: heapless::Vec::new(),
        formation_names: heapless::Vec::new(),
    })
}

use crate::core::testkit::Lcg;

/// A d10 face as the table's input.
pub(super) fn roll(v: u8) -> Input<Command> {
    Input::Rolled(DiceRoll::of(&[v]))
}

/// Sets the test scenario's special rule `name` (S21.3 item 8) to `value`.
pub(super) fn special(d: &mut GatesData, name: &str, value: i16) {
    let rules = &mut d.scenarios[0].scenario.special;
    rules.retain(|r| r.name.as_str() != name);
    rules
        .push(crate::css::scenario::SpecialRule {
            name: heapless::String::try_from(name).unwrap(),
            value,
        })
        .unwrap();
}

/// The test scenario with the Booze marker held by `holder` (3.8: 0 NATO, 1 the Warsaw Pact,
/// -1 not in play).
pub(super) fn game_with_booze(d: &mut GatesData, holder: i16) -> Game<'_> {
    special(d, super::reroll::BOOZE, holder);
    Game::new(d, "test", Options).unwrap()
}

fn series(c: GameCommand) -> Input<Command> {
    Input::Command(Command::Series(c))
}

/// An answer to what the game waits for: a d10 face, a chit, an option, or a command among
/// the legal unit commands, a chit to buy, the step's end.
fn answer(rng: &mut Lcg, game: &Game<'_>) -> Option<Input<Command>> {
    Some(match Ruleset::pending(game) {
        Pending::GameOver => return None,
        Pending::Roll { dice, .. } => {
            let v: Vec<u8> = (0..dice.count)
                .map(|_| {
                    let f = rng.below(dice.sides as usize) as u8;
                    if dice == DiceSpec::D10 || dice.zero_based {
                        f
                    } else {
                        f + 1
                    }
                })
                .collect();
            Input::Rolled(DiceRoll::of(&v))
        }
        Pending::DrawChit { chits, .. } => Input::Drew(rng.below(chits.len()) as u16),
        Pending::Choose { options, .. } => Input::Chose(rng.below(options.len()) as u8),
        Pending::Command { .. } if game.asks_electricity() => {
            Input::Command(Command::Electricity {
                on: rng.below(2) == 0,
            })
        }
        Pending::Command { .. } => {
            let mut legal: Vec<UnitCommand> = Vec::new();
            let data = game.series_data();
            game.state
                .series
                .legal_unit_commands(&data, |c| legal.push(c.clone()));
            let must = !matches!(game.state.series.stage, crate::css::game::Stage::Idle);
            if !legal.is_empty() && (must || rng.below(10) < 8) {
                let i = rng.below(legal.len());
                return Some(series(GameCommand::Unit(legal.swap_remove(i))));
            }
            // 1C: each arriving or returning unit enters in or next to a hex the turn names,
            // or waits (S18.1, S11.10): try the hexes around its entry, else hold it.
            let t = &game.state.series.turn;
            if let (Step::Arrivals(_), Some(a)) = (t.step, t.arriving.first()) {
                if let crate::css::track::Arrival::Enter { entry } = a.to {
                    let g = &data.ground.map.geometry;
                    let around = core::iter::once(entry).chain(g.neighbours(entry).map(|(_, n)| n));
                    for hex in around {
                        let c = series(GameCommand::Place { unit: a.unit, hex });
                        let mut copy = game.clone();
                        if Ruleset::apply(&mut copy, &c).is_ok() {
                            return Some(c);
                        }
                    }
                }
                let hold = crate::css::command::turn::Command::HoldArrival(a.unit);
                return Some(series(GameCommand::Turn(hold)));
            }
            if let (Step::Returns(_), Some(r)) = (t.step, t.returning.first()) {
                let stay = crate::css::command::turn::Command::StayRouted(r.unit);
                return Some(series(GameCommand::Turn(stay)));
            }
            if matches!(game.state.series.turn.step, Step::Spend(_)) && rng.below(3) > 0 {
                let f = rng.below(3) as u16;
                let chit = crate::css::command::Chit::Formation(FormationId(f as _));
                return Some(series(GameCommand::Turn(
                    crate::css::command::turn::Command::Buy(chit),
                )));
            }
            Input::Command(Ruleset::step_end(game)?.command)
        }
    })
}

fn notation_round_trip(data: &GatesData, input: &Input<Command>) {
    let mut line = String::new();
    <Game<'_> as Ruleset<'_>>::write_input(data, input, &mut line).unwrap();
    let back = <Game<'_> as Ruleset<'_>>::read_input(data, &line)
        .unwrap_or_else(|e| panic!("{line:?} does not read: {e}"));
    assert_eq!(
        back.as_ref(),
        Some(input),
        "{line:?} reads back as another input"
    );
}

#[test]
fn gates_14_0_random_games_play_to_the_end_through_the_contract() {
    let data = data();
    let mut removed_total = 0usize;
    let mut points_total = 0usize;
    let mut random_events = 0usize;
    for seed in 0..12u64 {
        let mut rng = Lcg(seed);
        let mut game = <Game<'_> as Ruleset<'_>>::new(&data, "test", Options).unwrap();
        let start = game.state.clone();
        let mut journal = Vec::new();
        let mut removed = 0usize;
        for _ in 0..20_000 {
            let Some(input) = answer(&mut rng, &game) else {
                break;
            };
            let before = game.state.clone();
            match Ruleset::apply(&mut game, &input) {
                Ok(events) => {
                    notation_round_trip(&data, &input);
                    for e in &events {
                        assert!(!e.case().is_empty(), "every event cites its case");
                        match e {
                            Event::Series(crate::css::game::GameEvent::Unit {
                                what: UnitWhat::Removed(_),
                                ..
                            }) => removed += 1,
                            Event::Points { gained, taken, .. } => {
                                points_total += (*gained + *taken) as usize
                            }
                            Event::RandomEventDrawn { .. } => random_events += 1,
                            _ => {}
                        }
                    }
                    journal.push(input);
                }
                Err(v) => {
                    assert!(v.case.starts_with('S'), "{v:?}");
                    assert_eq!(game.state, before, "a refusal changes nothing");
                }
            }
            // 10.1: neither side ever above 29.
            assert!(game.state.vp.vp.iter().all(|v| *v <= 29));
        }
        assert!(
            game.is_over(),
            "seed {seed}: the game reaches its end (S3.7.2), not {:?} / {:?} / {:?}",
            game.state.series.turn.step,
            game.state.series.stage,
            Ruleset::pending(&game)
        );
        assert_eq!(Ruleset::step(&game).step.name, "Game over");
        removed_total += removed;
        // A replay of the journal from the start gives the same state.
        let mut replay = <Game<'_> as Ruleset<'_>>::new(&data, "test", Options).unwrap();
        assert_eq!(replay.state, start);
        let mut ev = Events::new();
        for i in &journal {
            ev.clear();
            Ruleset::apply_in_place(&mut replay, i, &mut ev).unwrap();
        }
        assert_eq!(replay.state, game.state, "seed {seed}: replay determinism");
    }
    assert!(removed_total > 0, "some unit is eliminated or captured");
    assert!(
        random_events > 0,
        "7.0: the Random Event chit brings some event"
    );
    // S21.2 stand-in, 10.1: two points per unit lost, none lost below the cap here.
    assert_eq!(points_total, 2 * removed_total);
}

#[test]
fn gates_14_0_the_sequence_and_the_step_end_follow_the_turn() {
    let data = data();
    let game = <Game<'_> as Ruleset<'_>>::new(&data, "test", Options).unwrap();
    let step = Ruleset::step(&game);
    assert_eq!(step.turn, 1);
    assert_eq!(step.last_turn, Some(10));
    assert!(SEQUENCE.iter().any(|s| s.name == step.step.name));
    assert!(matches!(
        <Game<'_> as Ruleset<'_>>::new(&data, "nope", Options),
        Err(NewGameError::NoSuchScenario)
    ));
    assert_eq!(<Game<'_> as Ruleset<'_>>::side_name(NATO), "NATO");
    assert_eq!(<Game<'_> as Ruleset<'_>>::scenario_count(&data), 1);
}

#[test]
fn gates_notation_reads_every_command_back() {
    let data = data();
    let g = |ids: &[u16]| ids.iter().map(|u| UnitId(*u)).collect();
    let inputs = [
        "move 0,1 10.09",
        "finish",
        "finish change",
        "change-side 3",
        "fire 0 13.10",
        "rally 2",
        "second-action 2",
        "hold 0,1",
        "spare 10.10 1",
        "assault 0,2 13.10",
        "charge 0 13.10 0",
        "advance 0,2",
        "advance",
        "buy formation 1",
        "buy dc wp",
        "buy dc-division 1",
        "buy wind",
        "buy formation 2 paid-by 1",
        "done-buying",
        "dc 0 3",
        "end-activation",
        "end-leader-moves",
        "place 10 10.20",
        "roll 7",
        "choose 1",
        "draw 0",
        "power on",
        "power off",
    ];
    for line in inputs {
        let input = <Game<'_> as Ruleset<'_>>::read_input(&data, line)
            .unwrap_or_else(|e| panic!("{line}: {e}"))
            .unwrap();
        let mut out = String::new();
        <Game<'_> as Ruleset<'_>>::write_input(&data, &input, &mut out).unwrap();
        assert_eq!(out, line);
    }
    let read = |l: &str| <Game<'_> as Ruleset<'_>>::read_input(&data, l);
    assert_eq!(
        read("assault 0,2 13.10").unwrap(),
        Some(series(GameCommand::Unit(UnitCommand::Assault {
            units: g(&[0, 2]),
            target: h(13, 10)
        })))
    );
    assert_eq!(read("# a comment").unwrap(), None);
    assert_eq!(read("move 99 10.10").unwrap_err().reason, "no such unit");
    assert_eq!(
        read("fire 0 99.99").unwrap_err().reason,
        "a hex on the map expected"
    );
    assert_eq!(
        read("finish now").unwrap_err().reason,
        "finish, or finish change"
    );
    assert_eq!(read("dance").unwrap_err().reason, "unknown command");
}

// 10.1: 29 Victory Points against 0 ends the game at once, whatever step it is at.
#[test]
fn gates_10_1_twenty_nine_against_nothing_ends_the_game_at_once() {
    let data = data();
    let mut game = <Game<'_> as Ruleset<'_>>::new(&data, "test", Options).unwrap();
    let mut rng = Lcg(3);
    // Play on until a chit is being played, then put NATO at 29 against 0.
    while !matches!(game.state.series.turn.step, Step::Playing(_)) {
        let i = answer(&mut rng, &game).unwrap();
        let _ = Ruleset::apply(&mut game, &i);
    }
    game.state.vp.vp[NATO.index()] = 29;
    game.state.vp.vp[WARSAW_PACT.index()] = 0;
    let i = answer(&mut rng, &game).unwrap();
    let events = Ruleset::apply(&mut game, &i).unwrap();
    assert!(game.is_over());
    assert_eq!(game.state.series.turn.verdict, Some(Verdict::Win(NATO)));
    assert!(events.iter().any(|e| e.case() == "10.1"
        && matches!(
            e,
            Event::Series(crate::css::game::GameEvent::Turn(t))
                if t.what == crate::css::command::turn::What::Victory(Verdict::Win(NATO))
        )));
    assert_eq!(Ruleset::pending(&game), Pending::GameOver);
}
