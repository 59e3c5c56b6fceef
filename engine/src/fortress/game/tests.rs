//! The game on the testkit's board (`fortress::testkit`): the sequence of play, movement on
//! the Terrain Effects Chart, the combat segment's close assault, over-stacking at the end of a
//! segment, the fog of war in each seat's view, the notation and the contract.
extern crate std;

use super::*;
use crate::core::capacity::fortress_berlin::MP;
use crate::core::contract::{GameEvent, Ruleset};
use crate::core::faces::Face;
use crate::core::hex::Geometry;
use crate::core::map::SideFeatures;
use crate::core::protocol::DiceRoll;
use crate::core::side::Viewer;
use crate::fortress::combat::CombatResult;
use crate::fortress::counters::{COMBAT, GERMAN, MANEUVER, SOVIET};
use crate::fortress::data::GameData;
use crate::fortress::testkit::{self, *};
use crate::fortress::view::View;
use std::boxed::Box;
use std::vec::Vec;

fn data_with(f: impl FnOnce(&mut GameData)) -> &'static GameData {
    let mut d = Box::new(testkit::data());
    f(&mut d);
    Box::leak(d)
}

fn data() -> &'static GameData {
    data_with(|_| {})
}

fn game(d: &'static GameData) -> Game<'static> {
    Game::new(d, "skirmish", Options::default()).expect("the test scenario sets up")
}

fn g() -> Geometry {
    testkit::geometry()
}

fn n(h: HexId, d: Dir) -> HexId {
    g().neighbour(h, d).expect("on the board")
}

fn cmd(game: &mut Game<'static>, c: Command) -> Result<Events<Event>, RuleViolation> {
    game.apply(&Input::Command(c))
}

fn force(units: &[UnitId]) -> Force {
    units.iter().copied().collect()
}

fn end(game: &mut Game<'static>) -> Events<Event> {
    cmd(game, Command::EndSegment).expect("the segment ends")
}

/// Ends segments until `side`'s `kind` segment is under way.
fn until(game: &mut Game<'static>, side: Side, kind: SegmentKind) {
    for _ in 0..20 {
        let s = game.state.board.segment;
        if s.side == side && s.kind == kind && game.state.waiting == Waiting::Commands {
            return;
        }
        end(game);
    }
    panic!("never reached {side:?} {kind:?}");
}

/// Moves a unit anywhere on the board (test set-up, not a move).
fn put(game: &mut Game<'static>, u: UnitId, hex: HexId, face: Face, facing: Dir) {
    let b = &mut game.state.board;
    if b.stacks.of(u).is_some() {
        b.stacks.take(u).expect("on the map");
    }
    b.place(&game.data.forces, u, hex, face, facing)
        .expect("placed");
}

fn bytes(game: &Game<'_>) -> Vec<u8> {
    postcard::to_allocvec(&game.state).expect("state encodes")
}

/// The step counted from the German reinforcement segment: step 0 is the German set-up (13.0),
/// which the skirmish (set up by its scenario) skips.
fn step_index(game: &Game<'static>) -> usize {
    Ruleset::step(game).index - 1
}

// ---- the sequence of play ------------------------------------------------------------------------

#[test]
fn fb_turn_4_1_the_german_player_turn_runs_its_segments_in_order() {
    let mut game = game(data());
    assert_eq!(game.state.board.turn, 1);
    assert_eq!(
        step_index(&game),
        0,
        "the game opens on the German reinforcement segment"
    );
    assert_eq!(game.pending(), Pending::Command { player: GERMAN });
    let ev = end(&mut game);
    let kinds: Vec<_> = ev
        .iter()
        .filter_map(|e| match e {
            Event::SegmentBegins { side, kind } => Some((*side, *kind)),
            _ => None,
        })
        .collect();
    assert_eq!(
        kinds,
        [
            (GERMAN, SegmentKind::Recovery),
            (GERMAN, SegmentKind::Movement)
        ],
        "recovery needs no decision and runs on to movement (4.1.2, 4.1.3)"
    );
    assert_eq!(step_index(&game), 2);
    end(&mut game);
    assert_eq!(step_index(&game), 3, "combat follows movement (4.1.4)");
    assert_eq!(game.pending(), Pending::Command { player: GERMAN });
}

#[test]
fn fb_turn_4_1_the_engine_names_the_command_that_ends_each_segment() {
    let mut game = game(data());
    let end_of = |g: &Game<'static>| Ruleset::step_end(g).map(|e| (e.command, e.case));
    assert_eq!(
        end_of(&game),
        Some((Command::EndSegment, "5.0")),
        "the reinforcement segment"
    );
    end(&mut game);
    assert_eq!(
        end_of(&game),
        Some((Command::EndSegment, "7.0")),
        "movement"
    );
    // The command named is accepted and moves the game on to the combat segment (4.1.4).
    let e = Ruleset::step_end(&game).expect("a segment to end");
    Ruleset::apply(&mut game, &Input::Command(e.command)).expect("accepted");
    assert_eq!(end_of(&game), Some((Command::EndSegment, "8.0")), "combat");
}

#[test]
fn fb_turn_4_2_the_soviet_player_turn_follows_and_4_3_the_turn_marker_advances() {
    let mut game = game(data());
    until(&mut game, GERMAN, SegmentKind::Combat);
    end(&mut game);
    assert_eq!(
        step_index(&game),
        4,
        "the Soviet reinforcement segment (4.2)"
    );
    assert_eq!(game.pending(), Pending::Command { player: SOVIET });
    end(&mut game);
    assert_eq!(step_index(&game), 6);
    end(&mut game);
    assert_eq!(step_index(&game), 7);
    let ev = end(&mut game);
    assert!(ev.contains(&Event::TurnBegins { turn: 2 }), "{ev:?}");
    assert_eq!(game.state.board.turn, 2);
    assert_eq!(step_index(&game), 0, "a new German player-turn (4.3)");
    assert_eq!(game.pending(), Pending::Command { player: GERMAN });
}

#[test]
fn fb_turn_4_0_the_game_ends_after_the_scenarios_last_turn() {
    let mut game = game(data());
    let mut over = None;
    for _ in 0..20 {
        let ev = end(&mut game);
        if let Some(e) = ev.iter().find(|e| matches!(e, Event::GameOver { .. })) {
            over = Some(e.clone());
            break;
        }
    }
    assert_eq!(
        over,
        Some(Event::GameOver { turn: 2 }),
        "the skirmish lasts two turns"
    );
    assert_eq!(game.pending(), Pending::GameOver);
    assert_eq!(step_index(&game), 8);
    let before = bytes(&game);
    let e = cmd(&mut game, Command::EndSegment).unwrap_err();
    assert_eq!(e.case, "4.0");
    assert_eq!(bytes(&game), before);
}

#[test]
fn fb_turn_4_1_2_recovery_takes_off_the_own_colour_only() {
    let d = data();
    let mut game = game(d);
    // A white marker (German player-turn) and a red one (Soviet player-turn), 6.0.
    crate::fortress::modes::disrupt(&d.forces, &mut game.state.board, GERMAN_TANK, Dir::Up)
        .unwrap();
    game.state.board.segment.side = SOVIET;
    crate::fortress::modes::disrupt(&d.forces, &mut game.state.board, GERMAN_INFANTRY_1, Dir::Up)
        .unwrap();
    game.state.board.segment.side = GERMAN;
    let ev = end(&mut game);
    assert!(
        ev.contains(&Event::Recovered {
            side: GERMAN,
            units: 1
        }),
        "{ev:?}"
    );
    assert!(
        !game.state.board.disrupted(GERMAN_TANK),
        "white comes off in the German recovery"
    );
    assert!(
        game.state.board.disrupted(GERMAN_INFANTRY_1),
        "red waits for the Soviet recovery"
    );
    until(&mut game, SOVIET, SegmentKind::Movement);
    assert!(!game.state.board.disrupted(GERMAN_INFANTRY_1), "8.8.1");
}

// ---- movement on the Terrain Effects Chart -------------------------------------------------------

#[test]
fn fb_move_7_1_a_force_pays_the_terrain_effects_chart() {
    let d = data();
    let mut game = game(d);
    until(&mut game, GERMAN, SegmentKind::Movement);
    let tank = GERMAN_TANK; // in 0305, maneuver mode, MA 8
    let start = game.state.board.remaining(tank);
    assert_eq!(start, MP.mp(8));
    // Into clear ground: 1 MP (7.3.1).
    let clear = n(hex(3, 5), Dir::DownLowerCol);
    assert_eq!(d.map.terrain(clear), crate::fortress::board::terrain::CLEAR);
    let ev = cmd(
        &mut game,
        Command::Move {
            units: force(&[tank]),
            to: clear,
        },
    )
    .unwrap();
    assert!(matches!(ev[0], Event::Moved { cost, .. } if cost == MP.mp(1)));
    // Back and into the built-up 0405 beside it: 2 MP on the stand-in chart.
    cmd(
        &mut game,
        Command::Move {
            units: force(&[tank]),
            to: hex(3, 5),
        },
    )
    .unwrap();
    let built_up = BUILT_UP_HEXES[1];
    assert!(g().adjacent(hex(3, 5), built_up));
    cmd(
        &mut game,
        Command::Move {
            units: force(&[tank]),
            to: built_up,
        },
    )
    .unwrap();
    let paid = d.movement.enter[crate::fortress::board::terrain::BUILT_UP as usize].unwrap();
    assert_eq!(
        game.state.board.remaining(tank),
        start - 2 * MP.mp(1) - paid
    );
}

#[test]
fn fb_move_7_1_1_taking_up_another_force_finishes_the_one_in_hand() {
    let mut game = game(data());
    until(&mut game, GERMAN, SegmentKind::Movement);
    let tank = force(&[GERMAN_TANK]);
    let infantry = force(&[GERMAN_INFANTRY_1, GERMAN_INFANTRY_2]);
    let clear = n(hex(3, 5), Dir::DownLowerCol);
    cmd(
        &mut game,
        Command::Move {
            units: tank.clone(),
            to: clear,
        },
    )
    .unwrap();
    cmd(
        &mut game,
        Command::Move {
            units: tank.clone(),
            to: hex(3, 5),
        },
    )
    .unwrap();
    // The infantry in 0404 is taken up: the tank is let go and has finished.
    let ev = cmd(
        &mut game,
        Command::Move {
            units: infantry.clone(),
            to: n(hex(4, 4), Dir::UpHigherCol),
        },
    )
    .unwrap();
    assert!(
        ev.contains(&Event::Released {
            side: GERMAN,
            units: tank.clone()
        }),
        "{ev:?}"
    );
    let e = cmd(
        &mut game,
        Command::Move {
            units: tank,
            to: clear,
        },
    )
    .unwrap_err();
    assert_eq!(e.case, "7.1.1");
    // A force in hand moves as one: no unit of it goes on alone.
    let e = cmd(
        &mut game,
        Command::Move {
            units: force(&[GERMAN_INFANTRY_1]),
            to: n(hex(4, 4), Dir::Up),
        },
    )
    .unwrap_err();
    assert_eq!(e.case, "7.1.1");
    cmd(&mut game, Command::Release { units: infantry }).unwrap();
    assert!(game.state.in_hand.is_empty());
}

#[test]
fn fb_move_7_3_2_road_rate_only_in_maneuver_mode_along_the_road() {
    let d = data();
    let mut game = game(d);
    put(&mut game, GERMAN_INFANTRY_1, ROAD[0], MANEUVER, Dir::Up);
    put(&mut game, GERMAN_INFANTRY_2, ROAD[0], MANEUVER, Dir::Up);
    until(&mut game, GERMAN, SegmentKind::Movement);
    cmd(
        &mut game,
        Command::Move {
            units: force(&[GERMAN_INFANTRY_1]),
            to: ROAD[1],
        },
    )
    .unwrap();
    assert_eq!(
        game.state.board.remaining(GERMAN_INFANTRY_1),
        MP.mp(6) - d.movement.road
    );
    // The same step in combat mode pays the clear hex.
    cmd(
        &mut game,
        Command::ChangeMode {
            unit: GERMAN_INFANTRY_2,
            facing: Dir::Up,
        },
    )
    .unwrap();
    let before = game.state.board.remaining(GERMAN_INFANTRY_2);
    cmd(
        &mut game,
        Command::Move {
            units: force(&[GERMAN_INFANTRY_2]),
            to: ROAD[1],
        },
    )
    .unwrap();
    assert_eq!(
        game.state.board.remaining(GERMAN_INFANTRY_2),
        before - MP.mp(1)
    );
}

#[test]
fn fb_move_7_3_3_rivers_are_crossed_only_at_bridges() {
    let mut game = game(data());
    put(&mut game, GERMAN_INFANTRY_1, RIVER.0, MANEUVER, Dir::Up);
    put(&mut game, GERMAN_INFANTRY_2, BRIDGE.0, MANEUVER, Dir::Up);
    until(&mut game, GERMAN, SegmentKind::Movement);
    let before = bytes(&game);
    let e = cmd(
        &mut game,
        Command::Move {
            units: force(&[GERMAN_INFANTRY_1]),
            to: RIVER.1,
        },
    )
    .unwrap_err();
    assert_eq!(e.case, "7.3.3");
    assert_eq!(bytes(&game), before, "a refusal leaves the state as it was");
    cmd(
        &mut game,
        Command::Move {
            units: force(&[GERMAN_INFANTRY_2]),
            to: BRIDGE.1,
        },
    )
    .unwrap();
    assert_eq!(game.state.board.hex_of(GERMAN_INFANTRY_2), Some(BRIDGE.1));
}

#[test]
fn fb_move_9_0_2_ruins_cost_four_mp_and_only_combat_mode_enters() {
    let d = data();
    let mut game = game(d);
    let ruin = hex(6, 3);
    game.state.board.add_ruins(ruin).unwrap();
    put(
        &mut game,
        GERMAN_INFANTRY_1,
        n(ruin, Dir::Down),
        COMBAT,
        Dir::Up,
    );
    put(
        &mut game,
        GERMAN_INFANTRY_2,
        n(ruin, Dir::Up),
        MANEUVER,
        Dir::Down,
    );
    until(&mut game, GERMAN, SegmentKind::Movement);
    let e = cmd(
        &mut game,
        Command::Move {
            units: force(&[GERMAN_INFANTRY_2]),
            to: ruin,
        },
    )
    .unwrap_err();
    assert_eq!(e.case, "9.0.2");
    cmd(
        &mut game,
        Command::Move {
            units: force(&[GERMAN_INFANTRY_1]),
            to: ruin,
        },
    )
    .unwrap();
    assert_eq!(
        game.state.board.remaining(GERMAN_INFANTRY_1),
        0,
        "4 MP: the whole combat MA"
    );
}

#[test]
fn fb_move_10_1_1_a_perimeter_barrier_adds_one_mp() {
    let (a, b) = (hex(6, 2), hex(6, 3));
    let d = data_with(|d| {
        let s = d.map.geometry.side_between(a, b).unwrap();
        d.map.side_mut(s).unwrap().insert(SideFeatures::BORDER);
    });
    let mut game = game(d);
    put(&mut game, GERMAN_INFANTRY_1, a, COMBAT, Dir::Up);
    until(&mut game, GERMAN, SegmentKind::Movement);
    cmd(
        &mut game,
        Command::Move {
            units: force(&[GERMAN_INFANTRY_1]),
            to: b,
        },
    )
    .unwrap();
    assert_eq!(
        game.state.board.remaining(GERMAN_INFANTRY_1),
        MP.mp(4) - MP.mp(2)
    );
}

#[test]
fn fb_move_2_1_1_lakes_are_never_entered() {
    let mut game = game(data());
    put(
        &mut game,
        GERMAN_INFANTRY_1,
        n(LAKE_HEX, Dir::UpLowerCol),
        MANEUVER,
        Dir::Up,
    );
    until(&mut game, GERMAN, SegmentKind::Movement);
    let e = cmd(
        &mut game,
        Command::Move {
            units: force(&[GERMAN_INFANTRY_1]),
            to: LAKE_HEX,
        },
    )
    .unwrap_err();
    assert_eq!(e.case, "2.1.1");
}

#[test]
fn fb_move_3_1_4_destinations_are_what_the_slowest_unit_reaches_on_the_chart() {
    let d = data();
    let mut game = game(d);
    let from = hex(7, 2);
    put(&mut game, GERMAN_TANK, from, MANEUVER, Dir::Up); // MA 8
    put(&mut game, GERMAN_INFANTRY_1, from, MANEUVER, Dir::Up); // MA 6
    until(&mut game, GERMAN, SegmentKind::Movement);
    let units = [GERMAN_TANK, GERMAN_INFANTRY_1];
    let mut reach = Box::new(crate::core::capacity::fortress_berlin::Reachable::new());
    crate::fortress::terrain::destinations(
        &d.movement,
        &d.map,
        &d.forces,
        &game.state.board,
        &units,
        &mut reach,
    )
    .unwrap();
    // The park costs 2 MP and the rest is clear (1 MP): the search prices every hex.
    let park = reach
        .cost(&d.map.geometry, PARK_HEX)
        .expect("the park is reachable");
    assert!(park <= MP.mp(6));
    for (h, cost) in reach.iter(&d.map.geometry) {
        assert!(
            cost <= MP.mp(6),
            "the force moves at its infantry's pace: {h:?} {cost}"
        );
    }
    assert!(
        reach.cost(&d.map.geometry, LAKE_HEX).is_none(),
        "lakes are closed"
    );
    assert!(
        reach.cost(&d.map.geometry, hex(4, 7)).is_none(),
        "no hex holding enemy units (7.2.1)"
    );
    // The tank alone goes further.
    let mut alone = Box::new(crate::core::capacity::fortress_berlin::Reachable::new());
    crate::fortress::terrain::destinations(
        &d.movement,
        &d.map,
        &d.forces,
        &game.state.board,
        &[GERMAN_TANK],
        &mut alone,
    )
    .unwrap();
    assert!(alone.iter(&d.map.geometry).count() > reach.iter(&d.map.geometry).count());
}

#[test]
fn fb_move_3_2_4_the_search_stops_in_an_enemy_zone() {
    let d = data();
    let mut game = game(d);
    // Soviet rifles in combat mode at 0604 control their six neighbours.
    put(&mut game, SOVIET_RIFLES_1, hex(6, 4), COMBAT, Dir::Up);
    put(&mut game, GERMAN_TANK, hex(6, 1), MANEUVER, Dir::Up);
    until(&mut game, GERMAN, SegmentKind::Movement);
    let mut reach = Box::new(crate::core::capacity::fortress_berlin::Reachable::new());
    crate::fortress::terrain::destinations(
        &d.movement,
        &d.map,
        &d.forces,
        &game.state.board,
        &[GERMAN_TANK],
        &mut reach,
    )
    .unwrap();
    let zone = n(hex(6, 4), Dir::Down); // 0603
    let behind = n(hex(6, 4), Dir::Up); // 0605: only through the zone
    assert!(reach.cost(&d.map.geometry, zone).is_some());
    let mut path: heapless::Vec<(HexId, u8), 32> = heapless::Vec::new();
    if reach.path_to(&d.map.geometry, behind, 0, &mut path) {
        assert!(
            path.iter().all(|(h, _)| *h != zone),
            "a path never passes through an enemy-controlled hex"
        );
    }
}

// ---- over-stacking at the end of a segment --------------------------------------------------------

#[test]
fn fb_stacking_3_1_4_the_soviet_owner_picks_the_loss_when_his_segment_ends() {
    let mut game = game(data());
    let h = hex(2, 7);
    put(&mut game, SOVIET_RIFLES_1, h, MANEUVER, Dir::Down);
    put(&mut game, SOVIET_RIFLES_2, h, MANEUVER, Dir::Down);
    put(
        &mut game,
        SOVIET_TANK,
        n(h, Dir::UpHigherCol),
        MANEUVER,
        Dir::Down,
    );
    until(&mut game, SOVIET, SegmentKind::Movement);
    cmd(
        &mut game,
        Command::Move {
            units: force(&[SOVIET_TANK]),
            to: h,
        },
    )
    .unwrap();
    end(&mut game);
    let Pending::Choose {
        player,
        case,
        options,
        ..
    } = game.pending()
    else {
        panic!("a choice is due: {:?}", game.pending());
    };
    assert_eq!((player, case), (SOVIET, "3.1.4"));
    assert_eq!(
        options.len(),
        3,
        "any of the three may go (army troops: limit two, 3.1.3)"
    );
    let ev = game.apply(&Input::Chose(2)).unwrap();
    let Choice::Unit(lost) = options[2] else {
        panic!()
    };
    assert!(ev.contains(&Event::Eliminated {
        unit: lost,
        case: "3.1.4"
    }));
    assert_eq!(step_index(&game), 7, "then the Soviet combat segment");
}

// ---- the combat segment: close assault -------------------------------------------------------------

/// German tank (maneuver, facing the target), two German infantry in combat mode next to a
/// Soviet rifle battalion in combat mode in clear 0603; the German combat segment.
fn assault_board() -> (Game<'static>, HexId) {
    let mut game = game(data());
    let x = hex(6, 3);
    put(&mut game, SOVIET_RIFLES_1, x, COMBAT, Dir::Up);
    put(&mut game, GERMAN_TANK, n(x, Dir::Down), MANEUVER, Dir::Up);
    put(
        &mut game,
        GERMAN_INFANTRY_1,
        n(x, Dir::DownLowerCol),
        COMBAT,
        Dir::Up,
    );
    put(
        &mut game,
        GERMAN_INFANTRY_2,
        n(x, Dir::DownLowerCol),
        COMBAT,
        Dir::Up,
    );
    until(&mut game, GERMAN, SegmentKind::Combat);
    (game, x)
}

fn assault(game: &mut Game<'static>, x: HexId) -> Events<Event> {
    let attackers = [GERMAN_TANK, GERMAN_INFANTRY_1, GERMAN_INFANTRY_2]
        .into_iter()
        .collect();
    cmd(
        game,
        Command::Assault {
            attackers,
            target: x,
        },
    )
    .expect("announced")
}

#[test]
fn fb_combat_4_1_4_a_close_assault_is_announced_then_waits_for_the_tables_2d6() {
    let (mut game, x) = assault_board();
    let ev = assault(&mut game, x);
    let Event::AssaultAnnounced {
        attack,
        defence,
        letter,
        ..
    } = ev[0]
    else {
        panic!("{ev:?}");
    };
    assert_eq!(
        attack,
        4 + 3 + 3,
        "the tank's maneuver FS, the infantry's combat FS (8.4.2 step 3)"
    );
    assert_eq!(defence, 4, "the rifles' combat FS");
    assert!(letter.is_some());
    assert_eq!(
        game.pending(),
        Pending::Roll {
            player: GERMAN,
            dice: crate::core::protocol::DiceSpec::TWO_D6,
            purpose: "Close Assault",
            case: "8.4.2",
            secret: false
        }
    );
    // A unit fights once a segment (8.3.4); commands wait for the roll.
    let before = bytes(&game);
    assert_eq!(cmd(&mut game, Command::EndSegment).unwrap_err().case, "8.1");
    assert_eq!(
        game.apply(&Input::Rolled(DiceRoll::of(&[7])))
            .unwrap_err()
            .case,
        "8.1"
    );
    assert_eq!(bytes(&game), before);
}

#[test]
fn fb_combat_4_1_4_close_assault_only_in_the_combat_segment_and_once_a_unit() {
    let (mut game, x) = assault_board();
    let mut early = game.clone();
    early.state.board.segment.kind = SegmentKind::Movement;
    let attackers: Assaulters = [GERMAN_TANK].into_iter().collect();
    let e = cmd(
        &mut early,
        Command::Assault {
            attackers: attackers.clone(),
            target: x,
        },
    )
    .unwrap_err();
    assert_eq!(e.case, "4.1.4");
    assault(&mut game, x);
    // Settle whatever comes of a middling roll, then try the tank again.
    game.apply(&Input::Rolled(DiceRoll::of(&[3, 4]))).unwrap();
    let mut guard = 0;
    while let Pending::Choose { .. } = game.pending() {
        game.apply(&Input::Chose(0)).unwrap();
        guard += 1;
        assert!(guard < 10);
    }
    let e = cmd(
        &mut game,
        Command::Assault {
            attackers,
            target: x,
        },
    )
    .unwrap_err();
    assert!(e.case == "8.3.4" || e.case == "8.4.1", "{e:?}");
}

#[test]
fn fb_combat_8_6_every_roll_is_carried_out_on_the_board() {
    let (mut game, x) = assault_board();
    assault(&mut game, x);
    let mut seen = Vec::new();
    for a in 1..=6u8 {
        for b in 1..=6u8 {
            let mut g = game.clone();
            let ev = g.apply(&Input::Rolled(DiceRoll::of(&[a, b]))).unwrap();
            let Some(Event::AssaultResult { result, .. }) = ev
                .iter()
                .find(|e| matches!(e, Event::AssaultResult { .. }))
                .cloned()
            else {
                panic!("{ev:?}");
            };
            seen.push(result);
            let rifles = &g.state.board;
            match result {
                CombatResult::NoEffect => {
                    assert_eq!(rifles.hex_of(SOVIET_RIFLES_1), Some(x));
                    assert!(!rifles.disrupted(SOVIET_RIFLES_1));
                }
                CombatResult::Disruption => {
                    assert!(rifles.disrupted(SOVIET_RIFLES_1), "8.6 D");
                    assert!(
                        rifles.in_maneuver(SOVIET_RIFLES_1),
                        "8.8: flipped to maneuver"
                    );
                }
                CombatResult::Elimination
                | CombatResult::One
                | CombatResult::Two
                | CombatResult::Exchange => {
                    // One defender: a single loss is the whole force (8.6).
                    assert_eq!(rifles.hex_of(SOVIET_RIFLES_1), None, "{result:?}");
                }
                CombatResult::Retreat => {
                    let Pending::Choose {
                        player,
                        case,
                        options,
                        ..
                    } = g.pending()
                    else {
                        panic!("a retreat is chosen");
                    };
                    assert_eq!((player, case), (SOVIET, "8.7"));
                    assert!(!options.contains(&Choice::Stop), "at least one hex first");
                    assert!(options.iter().all(
                        |o| matches!(o, Choice::Hex(h) if g.data.map.geometry.adjacent(*h, x))
                    ));
                }
            }
            if result == CombatResult::Exchange {
                let Pending::Choose { player, case, .. } = g.pending() else {
                    panic!("the attacker matches the exchange");
                };
                assert_eq!((player, case), (GERMAN, "8.6"));
            }
        }
    }
    seen.sort_by_key(|r| r.severity());
    seen.dedup();
    assert!(seen.len() >= 3, "the 2d6 matter: {seen:?}");
}

#[test]
fn fb_combat_8_7_the_defender_retreats_hex_by_hex_never_back() {
    let (mut game, x) = assault_board();
    assault(&mut game, x);
    let mut found = false;
    'rolls: for a in 1..=6u8 {
        for b in 1..=6u8 {
            let mut g = game.clone();
            let ev = g.apply(&Input::Rolled(DiceRoll::of(&[a, b]))).unwrap();
            if !ev.iter().any(|e| {
                matches!(
                    e,
                    Event::AssaultResult {
                        result: CombatResult::Retreat,
                        ..
                    }
                )
            }) {
                continue;
            }
            let Pending::Choose { options, .. } = g.pending() else {
                panic!()
            };
            let Choice::Hex(first) = options[0] else {
                panic!()
            };
            let ev = g.apply(&Input::Chose(0)).unwrap();
            assert!(ev.contains(&Event::Retreated {
                units: force(&[SOVIET_RIFLES_1]),
                to: first
            }));
            assert_eq!(g.state.board.hex_of(SOVIET_RIFLES_1), Some(first));
            match g.pending() {
                Pending::Choose { options, .. } => {
                    assert!(
                        options.contains(&Choice::Stop),
                        "one hex done: R allows one or two"
                    );
                    assert!(
                        !options.contains(&Choice::Hex(x)),
                        "never back into the hex it left"
                    );
                    let stop = options.iter().position(|o| *o == Choice::Stop).unwrap();
                    g.apply(&Input::Chose(stop as u8)).unwrap();
                }
                p => panic!("{p:?}"),
            }
            assert_eq!(
                advance_asked(&g),
                Some(GERMAN),
                "the vacated hex may be entered (8.9)"
            );
            found = true;
            break 'rolls;
        }
    }
    assert!(found, "some roll retreats the rifles on the stand-in CRT");
}

#[test]
fn fb_combat_8_7_1_a_force_with_nowhere_to_retreat_is_eliminated() {
    let (mut game, x) = assault_board();
    // Close every way out: the lake aside, German units or their zones all round.
    let d = game.data;
    for (_, h) in d.map.geometry.neighbours(x) {
        if game.state.board.stacks.at(h, GERMAN).is_none()
            && game.state.board.stacks.at(h, SOVIET).is_none()
        {
            put(&mut game, GERMAN_INFANTRY_2, h, COMBAT, Dir::Up);
            break;
        }
    }
    assault(&mut game, x);
    for a in 1..=6u8 {
        for b in 1..=6u8 {
            let mut g = game.clone();
            let ev = g.apply(&Input::Rolled(DiceRoll::of(&[a, b]))).unwrap();
            if ev.iter().any(|e| {
                matches!(
                    e,
                    Event::AssaultResult {
                        result: CombatResult::Retreat,
                        ..
                    }
                )
            }) {
                // Every neighbour is in a German zone (combat mode, all round) or held.
                assert!(
                    ev.contains(&Event::Eliminated {
                        unit: SOVIET_RIFLES_1,
                        case: "8.7.1"
                    }),
                    "{ev:?}"
                );
                assert_eq!(
                    advance_asked(&g),
                    Some(GERMAN),
                    "the vacated hex may be entered (8.9)"
                );
                return;
            }
        }
    }
    panic!("no roll retreats the rifles");
}

#[test]
fn fb_victory_12_0_1_a_soviet_unit_eliminated_in_combat_scores_the_german_1_vp() {
    let (mut game, x) = assault_board();
    assault(&mut game, x);
    for a in 1..=6u8 {
        for b in 1..=6u8 {
            let mut g = game.clone();
            let ev = g.apply(&Input::Rolled(DiceRoll::of(&[a, b]))).unwrap();
            let lost = ev
                .iter()
                .any(|e| matches!(e, Event::Eliminated { unit, .. } if *unit == SOVIET_RIFLES_1));
            if lost {
                assert!(ev.contains(&Event::VictoryPoints {
                    side: GERMAN,
                    points: 1,
                    total: 1,
                    case: "12.0.1"
                }));
                assert_eq!(g.state.victory.german, 1);
                assert_eq!(g.state.victory.soviet, 0);
                return;
            }
        }
    }
    panic!("no roll eliminates the rifles on the stand-in CRT");
}

/// The player asked whether to advance into the assaulted hex (8.9), if anyone is.
fn advance_asked(g: &Game<'static>) -> Option<Side> {
    match g.pending() {
        Pending::Choose {
            player,
            case: "8.9",
            ..
        } => Some(player),
        _ => None,
    }
}

/// The game after a roll whose result is one of `wanted`, and that result.
fn after_result(wanted: &[CombatResult]) -> (Game<'static>, HexId, CombatResult) {
    let (mut game, x) = assault_board();
    assault(&mut game, x);
    for a in 1..=6u8 {
        for b in 1..=6u8 {
            let mut g = game.clone();
            let ev = g.apply(&Input::Rolled(DiceRoll::of(&[a, b]))).unwrap();
            for e in &ev {
                if let Event::AssaultResult { result, star, .. } = e {
                    // Without an asterisk: no attacking stack to pick first (8.6).
                    if wanted.contains(result) && !star {
                        return (g, x, *result);
                    }
                }
            }
        }
    }
    panic!("no roll gives {wanted:?} on the stand-in CRT");
}

#[test]
fn fb_combat_8_9_undisrupted_assaulters_may_advance_into_the_vacated_hex() {
    let (mut g, x, _) = after_result(&[
        CombatResult::Elimination,
        CombatResult::One,
        CombatResult::Two,
    ]);
    assert_eq!(g.state.board.hex_of(SOVIET_RIFLES_1), None);
    let Pending::Choose {
        player, options, ..
    } = g.pending()
    else {
        panic!()
    };
    assert_eq!(player, GERMAN);
    assert!(options.contains(&Choice::Unit(GERMAN_TANK)) && options.contains(&Choice::Stop));
    let i = options
        .iter()
        .position(|o| *o == Choice::Unit(GERMAN_TANK))
        .unwrap();
    let ev = g.apply(&Input::Chose(i as u8)).unwrap();
    assert!(ev.contains(&Event::Advanced {
        units: force(&[GERMAN_TANK]),
        to: x
    }));
    assert_eq!(g.state.board.hex_of(GERMAN_TANK), Some(x));
    assert!(
        !g.state.fought.contains(&GERMAN_TANK),
        "8.9 note: it may assault again"
    );
    assert!(g.state.fought.contains(&GERMAN_INFANTRY_1));
    // A disrupted assaulter is not offered.
    let (mut h, _, _) = after_result(&[
        CombatResult::Elimination,
        CombatResult::One,
        CombatResult::Two,
    ]);
    h.state
        .board
        .unit_mut(GERMAN_INFANTRY_1)
        .unwrap()
        .counter
        .game
        .disrupted = Some(GERMAN);
    let Pending::Choose { options, .. } = h.pending() else {
        panic!()
    };
    assert!(
        !options.contains(&Choice::Unit(GERMAN_INFANTRY_1)),
        "8.8: no advance"
    );
}

#[test]
fn fb_combat_8_10_the_advanced_force_exploits_one_hex_after_a_1_two_after_a_2_or_e() {
    let (mut g, x, result) = after_result(&[
        CombatResult::Elimination,
        CombatResult::One,
        CombatResult::Two,
    ]);
    let allowed = if result == CombatResult::One { 1 } else { 2 };
    let Pending::Choose { options, .. } = g.pending() else {
        panic!()
    };
    let i = options
        .iter()
        .position(|o| *o == Choice::Unit(GERMAN_TANK))
        .unwrap();
    g.apply(&Input::Chose(i as u8)).unwrap();
    let Pending::Choose { options, .. } = g.pending() else {
        panic!()
    };
    let stop = options.iter().position(|o| *o == Choice::Stop).unwrap();
    g.apply(&Input::Chose(stop as u8)).unwrap();
    let mut went = 0;
    while let Pending::Choose { case, options, .. } = g.pending() {
        assert_eq!(case, "8.10");
        assert!(options.iter().all(|o| match o {
            Choice::Hex(h) => !g.state.board.occupied_by(*h, SOVIET),
            _ => true,
        }));
        let ev = g.apply(&Input::Chose(0)).unwrap();
        assert!(matches!(ev[0], Event::Exploited { .. }), "{ev:?}");
        went += 1;
        assert!(went <= allowed, "{result:?} allows {allowed}");
    }
    assert!(went >= 1);
    assert_ne!(
        g.state.board.hex_of(GERMAN_TANK),
        Some(x),
        "the tank went on"
    );
    assert_eq!(g.pending(), Pending::Command { player: GERMAN });
}

#[test]
fn fb_combat_8_6_an_asterisk_disrupts_the_attacking_stack_the_attacker_picks() {
    let (mut game, x) = assault_board();
    assault(&mut game, x);
    for a in 1..=6u8 {
        for b in 1..=6u8 {
            let mut g = game.clone();
            let ev = g.apply(&Input::Rolled(DiceRoll::of(&[a, b]))).unwrap();
            // (An exchange is matched first; here the asterisk alone is asked.)
            let alone = |e: &Event| {
                matches!(e, Event::AssaultResult { star: true, result, .. }
                    if *result != CombatResult::Exchange)
            };
            if !ev.iter().any(alone) {
                continue;
            }
            let Pending::Choose {
                player,
                case,
                options,
                ..
            } = g.pending()
            else {
                panic!("{:?}", g.pending());
            };
            assert_eq!((player, case), (GERMAN, "8.6"));
            let infantry_hex = n(x, Dir::DownLowerCol);
            assert!(
                options.contains(&Choice::Hex(infantry_hex)),
                "{ev:?} {options:?} {infantry_hex:?}"
            );
            assert!(options.contains(&Choice::Hex(n(x, Dir::Down))));
            let i = options
                .iter()
                .position(|o| *o == Choice::Hex(infantry_hex))
                .unwrap();
            g.apply(&Input::Chose(i as u8)).unwrap();
            assert!(g.state.board.disrupted(GERMAN_INFANTRY_1));
            assert!(g.state.board.disrupted(GERMAN_INFANTRY_2));
            assert!(
                !g.state.board.disrupted(GERMAN_TANK),
                "the other stack is spared"
            );
            return;
        }
    }
    panic!("no roll carries an asterisk on the stand-in CRT");
}

#[test]
fn fb_combat_8_9_no_advance_while_the_defender_holds_the_hex() {
    let (g, x, _) = after_result(&[CombatResult::NoEffect, CombatResult::Disruption]);
    assert_eq!(g.state.board.hex_of(SOVIET_RIFLES_1), Some(x));
    assert_eq!(advance_asked(&g), None);
    assert_eq!(g.pending(), Pending::Command { player: GERMAN });
}

// ---- the combat segment: bombardment -------------------------------------------------------------

/// Soviet artillery two hexes from the German infantry in built-up 0404 (half its range: no
/// spotter needed, 8.2.2, 8.2.3); the Soviet combat segment.
fn fire_board() -> (Game<'static>, HexId) {
    let mut game = game(data());
    let target = hex(4, 4);
    let at = n(n(target, Dir::Up), Dir::Up);
    put(&mut game, SOVIET_ARTILLERY, at, COMBAT, Dir::Down);
    until(&mut game, SOVIET, SegmentKind::Combat);
    (game, target)
}

fn bombard(
    game: &mut Game<'static>,
    firers: &[UnitId],
    target: HexId,
    mixed: bool,
) -> Result<Events<Event>, RuleViolation> {
    let firers = firers.iter().copied().collect();
    cmd(
        game,
        Command::Bombard {
            firers,
            target,
            mixed,
        },
    )
}

#[test]
fn fb_combat_8_2_4_a_bombardment_is_rolled_and_its_result_carried_out() {
    let (mut game, x) = fire_board();
    let ev = bombard(&mut game, &[SOVIET_ARTILLERY], x, false).unwrap();
    let Event::FireAnnounced {
        attack,
        letter,
        mixed: false,
        ..
    } = ev[0]
    else {
        panic!("{ev:?}")
    };
    assert_eq!(
        attack, 16,
        "the artillery's combat FS, at half range in full (8.2.2)"
    );
    let letter = letter.expect("the differential is on the table");
    assert!(matches!(
        game.pending(),
        Pending::Roll {
            case: "8.2.4",
            player: SOVIET,
            ..
        }
    ));
    let infantry = [GERMAN_INFANTRY_1, GERMAN_INFANTRY_2];
    let mut seen = Vec::new();
    for a in 1..=6u8 {
        for b in 1..=6u8 {
            let mut g = game.clone();
            let ev = g.apply(&Input::Rolled(DiceRoll::of(&[a, b]))).unwrap();
            let Some(Event::AssaultResult { result, star, .. }) = ev
                .iter()
                .find(|e| matches!(e, Event::AssaultResult { .. }))
                .cloned()
            else {
                panic!("{ev:?}");
            };
            seen.push(result);
            // 9.0.1: an asterisk on letter D or better ruins the built-up hex.
            let ruined = ev.contains(&Event::Ruined { hex: x });
            assert_eq!(
                ruined,
                star && letter >= 3,
                "{result:?} star {star} letter {letter}"
            );
            assert_eq!(g.state.board.ruined(x), ruined);
            let b = &g.state.board;
            match result {
                CombatResult::NoEffect => assert!(infantry
                    .iter()
                    .all(|&u| b.hex_of(u) == Some(x) && !b.disrupted(u))),
                CombatResult::Disruption => {
                    assert!(infantry.iter().all(|&u| b.disrupted(u)), "8.6 D")
                }
                CombatResult::Elimination => {
                    assert!(infantry.iter().all(|&u| b.hex_of(u).is_none()))
                }
                CombatResult::One | CombatResult::Two | CombatResult::Exchange => {
                    let Pending::Choose { player, case, .. } = g.pending() else {
                        panic!()
                    };
                    assert_eq!(
                        (player, case),
                        (GERMAN, "8.6"),
                        "the defender picks his losses"
                    );
                    g.apply(&Input::Chose(0)).unwrap();
                    if result == CombatResult::Exchange {
                        assert!(
                            !matches!(
                                g.pending(),
                                Pending::Choose {
                                    player: SOVIET,
                                    case: "8.6",
                                    ..
                                }
                            ),
                            "no attacker loss in a bombardment (8.2.4 step 5, 8.6 EX)"
                        );
                    }
                }
                CombatResult::Retreat => {
                    assert!(matches!(
                        g.pending(),
                        Pending::Choose {
                            player: GERMAN,
                            case: "8.7",
                            ..
                        }
                    ));
                }
            }
            assert_eq!(
                g.state.board.hex_of(SOVIET_ARTILLERY),
                game.state.board.hex_of(SOVIET_ARTILLERY)
            );
        }
    }
    seen.sort_by_key(|r| r.severity());
    seen.dedup();
    assert!(seen.len() >= 3, "{seen:?}");
}

#[test]
fn fb_combat_8_2_a_hex_is_bombarded_once_a_segment_and_8_2_1_mixed_means_guns() {
    let (mut game, x) = fire_board();
    let e = bombard(&mut game, &[SOVIET_ARTILLERY], x, true).unwrap_err();
    assert_eq!(
        e.case, "8.2.1",
        "artillery alone is not a mixed bombardment"
    );
    bombard(&mut game, &[SOVIET_ARTILLERY], x, false).unwrap();
    game.apply(&Input::Rolled(DiceRoll::of(&[1, 1]))).unwrap();
    while let Pending::Choose { .. } = game.pending() {
        game.apply(&Input::Chose(0)).unwrap();
    }
    let before = bytes(&game);
    let e = bombard(&mut game, &[SOVIET_TANK], x, true).unwrap_err();
    assert_eq!(e.case, "8.2");
    let e = bombard(&mut game, &[SOVIET_ARTILLERY], hex(3, 5), false).unwrap_err();
    assert_eq!(e.case, "8.3.4", "the artillery has fought this segment");
    assert_eq!(bytes(&game), before);
}

#[test]
fn fb_combat_8_9_after_a_bombardment_empties_the_hex_adjacent_assaulters_may_occupy_it() {
    // One German battalion on clear ground (any loss empties the hex), the artillery two
    // hexes off, Soviet rifles next to it.
    let mut game = game(data());
    let x = hex(6, 3);
    put(&mut game, GERMAN_INFANTRY_1, x, MANEUVER, Dir::Up);
    put(
        &mut game,
        SOVIET_ARTILLERY,
        n(n(x, Dir::Up), Dir::Up),
        COMBAT,
        Dir::Down,
    );
    put(
        &mut game,
        SOVIET_RIFLES_1,
        n(x, Dir::UpHigherCol),
        COMBAT,
        Dir::Down,
    );
    until(&mut game, SOVIET, SegmentKind::Combat);
    bombard(&mut game, &[SOVIET_ARTILLERY], x, false).unwrap();
    for a in 1..=6u8 {
        for b in 1..=6u8 {
            let mut g = game.clone();
            let ev = g.apply(&Input::Rolled(DiceRoll::of(&[a, b]))).unwrap();
            if g.state.board.hex_of(GERMAN_INFANTRY_1).is_some() {
                continue;
            }
            let _ = ev;
            let Pending::Choose {
                player,
                case,
                options,
                ..
            } = g.pending()
            else {
                panic!()
            };
            assert_eq!((player, case), (SOVIET, "8.9"));
            assert_eq!(
                options.as_slice(),
                [Choice::Unit(SOVIET_RIFLES_1), Choice::Stop],
                "the rifles next to the hex may; the artillery never close assaults"
            );
            g.apply(&Input::Chose(0)).unwrap();
            assert_eq!(g.state.board.hex_of(SOVIET_RIFLES_1), Some(x));
            assert_eq!(
                g.pending(),
                Pending::Command { player: SOVIET },
                "no exploitation after fire"
            );
            return;
        }
    }
    panic!("no roll eliminates the defenders on the stand-in CRT");
}

#[test]
fn fb_combat_8_2_3_beyond_half_range_the_artillery_needs_a_spotter_that_sees() {
    let mut game = game(data());
    let target = PARK_HEX; // 0202
    put(&mut game, GERMAN_TANK, target, COMBAT, Dir::Up);
    let at = n(n(n(target, Dir::Up), Dir::Up), Dir::Up); // three hexes: beyond half of 4
    put(&mut game, SOVIET_ARTILLERY, at, COMBAT, Dir::Down);
    until(&mut game, SOVIET, SegmentKind::Combat);
    let e = bombard(&mut game, &[SOVIET_ARTILLERY], target, false).unwrap_err();
    assert_eq!(e.case, "8.2.3");
    put(
        &mut game,
        SOVIET_RIFLES_2,
        n(n(target, Dir::Up), Dir::Up),
        COMBAT,
        Dir::Down,
    );
    let ev = bombard(&mut game, &[SOVIET_ARTILLERY], target, false).unwrap();
    let Event::FireAnnounced { attack, .. } = ev[0] else {
        panic!()
    };
    assert_eq!(attack, 8, "beyond half range: half the FS (8.2.2)");
}

#[test]
fn fb_fog_3_6_bombardment_alone_shows_nothing_a_mixed_one_shows_the_forces() {
    let (mut game, x) = fire_board();
    bombard(&mut game, &[SOVIET_ARTILLERY], x, false).unwrap();
    let view = Ruleset::view(&game, Viewer::Side(SOVIET));
    assert!(
        seen(&view, x, GERMAN).1,
        "the target's force stays hidden under its top unit"
    );
    type R = Game<'static>;
    let b = |mixed| Command::Bombard {
        firers: Assaulters::new(),
        target: x,
        mixed,
    };
    assert!(!<R as Ruleset>::reveals(&b(false)));
    assert!(<R as Ruleset>::reveals(&b(true)));
}

// ---- the fog of war in each seat's view ---------------------------------------------------------------

fn seen(view: &View<'_>, hex: HexId, owner: Side) -> (Vec<UnitId>, bool) {
    let f = view
        .forces
        .iter()
        .find(|f| f.hex == hex && f.owner == owner)
        .expect("a force there");
    (f.units.iter().copied().collect(), f.top_only)
}

#[test]
fn fb_fog_3_1_5_each_seat_sees_its_own_forces_and_the_enemys_top_unit() {
    let game = game(data());
    let h = hex(4, 4);
    let own = Ruleset::view(&game, Viewer::Side(GERMAN));
    let (mut mine, top_only) = seen(&own, h, GERMAN);
    mine.sort_by_key(|u| u.0);
    assert_eq!(
        (mine, top_only),
        (std::vec![GERMAN_INFANTRY_1, GERMAN_INFANTRY_2], false)
    );
    let enemy = Ruleset::view(&game, Viewer::Side(SOVIET));
    let (units, top_only) = seen(&enemy, h, GERMAN);
    assert!(top_only);
    assert_eq!(
        units.len(),
        1,
        "the enemy sees the top unit only, not how many lie beneath"
    );
    let onlooker = Ruleset::view(&game, Viewer::Public);
    assert!(seen(&onlooker, h, GERMAN).1);
    // The owner chooses the top unit (3.1.5).
    let mut game = game;
    let top = units[0];
    let other = if top == GERMAN_INFANTRY_1 {
        GERMAN_INFANTRY_2
    } else {
        GERMAN_INFANTRY_1
    };
    cmd(&mut game, Command::Top { unit: other }).unwrap();
    let enemy = Ruleset::view(&game, Viewer::Side(SOVIET));
    assert_eq!(seen(&enemy, h, GERMAN).0, std::vec![other]);
}

#[test]
fn fb_fog_3_6_a_close_assault_shows_both_forces_while_it_is_resolved() {
    let (mut game, x) = assault_board();
    let at = n(x, Dir::DownLowerCol);
    let before = Ruleset::view(&game, Viewer::Side(SOVIET));
    assert!(seen(&before, at, GERMAN).1);
    assault(&mut game, x);
    let during = Ruleset::view(&game, Viewer::Side(SOVIET));
    assert_eq!(
        seen(&during, at, GERMAN).0.len(),
        2,
        "3.6: the attackers are shown"
    );
    assert!(<Game<'static> as Ruleset<'static>>::reveals(
        &Command::Assault {
            attackers: Assaulters::new(),
            target: x
        }
    ));
    assert!(!<Game<'static> as Ruleset<'static>>::reveals(
        &Command::EndSegment
    ));
}

#[test]
fn fb_fog_3_6_moves_are_the_owners_news_segments_and_combats_are_public() {
    let d = data();
    let mut game = game(d);
    until(&mut game, GERMAN, SegmentKind::Movement);
    let ev = cmd(
        &mut game,
        Command::Move {
            units: force(&[GERMAN_TANK]),
            to: n(hex(3, 5), Dir::DownLowerCol),
        },
    )
    .unwrap();
    assert_eq!(
        ev[0].visibility(),
        crate::core::contract::EventVisibility::Only(GERMAN)
    );
    let ev = end(&mut game);
    assert!(ev.iter().all(|e| e.visibility().is_public()));
}

// ---- refusals, notation and the contract -------------------------------------------------------------

#[test]
fn fb_game_refusals_leave_the_state_byte_identical() {
    let (mut game, x) = assault_board();
    let before = bytes(&game);
    let refused = [
        Input::Command(Command::Move {
            units: force(&[GERMAN_TANK]),
            to: x,
        }),
        Input::Command(Command::Assault {
            attackers: [SOVIET_TANK].into_iter().collect(),
            target: x,
        }),
        Input::Command(Command::Assault {
            attackers: [GERMAN_TANK].into_iter().collect(),
            target: hex(1, 1),
        }),
        Input::Command(Command::Face {
            hex: x,
            dir: Dir::Up,
        }),
        Input::Rolled(DiceRoll::of(&[3, 3])),
        Input::Chose(0),
    ];
    for input in &refused {
        let e = game.apply(input).unwrap_err();
        assert_ne!(e.case, "", "{input:?}");
        assert_eq!(bytes(&game), before, "{input:?} refused under {}", e.case);
    }
}

fn sample_inputs() -> Vec<Input<Command>> {
    std::vec![
        Input::Command(Command::EndSegment),
        Input::Command(Command::Move {
            units: force(&[GERMAN_TANK, GERMAN_INFANTRY_1]),
            to: hex(3, 6)
        }),
        Input::Command(Command::Release {
            units: force(&[GERMAN_TANK])
        }),
        Input::Command(Command::ChangeMode {
            unit: SOVIET_TANK,
            facing: Dir::DownLowerCol
        }),
        Input::Command(Command::Face {
            hex: hex(8, 8),
            dir: Dir::Down
        }),
        Input::Command(Command::Top {
            unit: GERMAN_INFANTRY_2
        }),
        Input::Command(Command::Assault {
            attackers: [GERMAN_TANK, GERMAN_INFANTRY_1].into_iter().collect(),
            target: hex(6, 3)
        }),
        Input::Command(Command::Bombard {
            firers: [SOVIET_ARTILLERY].into_iter().collect(),
            target: hex(4, 4),
            mixed: false
        }),
        Input::Command(Command::Bombard {
            firers: [SOVIET_ARTILLERY, SOVIET_TANK].into_iter().collect(),
            target: hex(4, 4),
            mixed: true
        }),
        Input::Command(Command::Exit {
            units: force(&[GERMAN_TANK])
        }),
        Input::Command(Command::Suicide),
        Input::Command(Command::Disband { unit: GERMAN_TANK }),
        Input::Command(Command::AirStrike { target: hex(4, 4) }),
        Input::Rolled(DiceRoll::of(&[6, 1])),
        Input::Chose(3),
        Input::Drew(0),
    ]
}

#[test]
fn fb_notation_every_input_reads_back_as_written() {
    let d = data();
    for input in sample_inputs() {
        let mut line = std::string::String::new();
        <Game<'static> as Ruleset<'static>>::write_input(d, &input, &mut line).unwrap();
        assert!(!line.contains('\n'));
        let back = <Game<'static> as Ruleset<'static>>::read_input(d, &line).unwrap();
        assert_eq!(back, Some(input), "{line}");
    }
    assert_eq!(
        crate::fortress::notation::read(d, "  # a comment"),
        Ok(None)
    );
    assert_eq!(crate::fortress::notation::read(d, ""), Ok(None));
    for bad in [
        "fly 3 to the moon",
        "move 3 9999",
        "move 99 0101",
        "mode 2 d6",
        "end now",
    ] {
        assert!(crate::fortress::notation::read(d, bad).is_err(), "{bad}");
    }
}

#[test]
fn fb_contract_options_scenarios_and_sequence() {
    type R = Game<'static>;
    let d = data();
    assert_eq!(<R as Ruleset>::GAME.slug(), "fortress-berlin");
    assert_eq!(<R as Ruleset>::scenario_count(d), 1);
    let s = <R as Ruleset>::scenario(d, 0).unwrap();
    assert_eq!((s.id, s.case), ("skirmish", "13.0"));
    assert!(<R as Ruleset>::new(d, "no-such", Options::default()).is_err());
    let keys: Vec<_> = <R as Ruleset>::OPTIONS
        .iter()
        .map(|o| (o.key, o.case))
        .collect();
    assert_eq!(
        keys,
        [("own-division-command", "3.5.3")],
        "only what the engine enforces"
    );
    let on = <R as Ruleset>::options_from_pairs([("own-division-command", "on")]).unwrap();
    assert!(on.own_division_command);
    let game = <R as Ruleset>::new(d, "skirmish", on).unwrap();
    assert!(Ruleset::options(&game).own_division_command);
    assert!(<R as Ruleset>::options_from_pairs([("army-coordination", "on")]).is_err());
    let step = Ruleset::step(&game);
    assert_eq!(
        (step.turn, step.last_turn, step.side),
        (1, Some(2), Some(GERMAN))
    );
    assert_eq!(step.step.case, "4.1.1");
}
