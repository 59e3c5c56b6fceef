//! Reinforcements and withdrawals on the testkit's campaign board (`testkit::campaign`): entry
//! at the listed areas in the movement segment (5.0, 7.1.2), blocked entries (5.3), delays
//! (5.4), the Soviet withdrawal (5.1) and the German one by the map edge (5.2).
extern crate std;

use super::*;
use crate::core::capacity::fortress_berlin::MP;
use crate::core::faces::Face;
use crate::core::units::Location;
use crate::fortress::board::terrain;
use crate::fortress::counters::{COMBAT, GERMAN, MANEUVER, SOVIET};
use crate::fortress::testkit::{self, hex};
use std::boxed::Box;
use std::vec::Vec;

pub(super) fn campaign_with(f: impl FnOnce(&mut GameData)) -> &'static GameData {
    let mut d = Box::new(testkit::campaign());
    f(&mut d);
    Box::leak(d)
}

pub(super) fn campaign() -> Game<'static> {
    Game::new(campaign_with(|_| {}), "campaign", Options::default()).expect("sets up")
}

pub(super) fn cmd(game: &mut Game<'static>, c: Command) -> Result<Events<Event>, RuleViolation> {
    game.apply(&Input::Command(c))
}

pub(super) fn force(units: &[UnitId]) -> Force {
    units.iter().copied().collect()
}

pub(super) fn mv(
    game: &mut Game<'static>,
    units: &[UnitId],
    to: HexId,
) -> Result<Events<Event>, RuleViolation> {
    cmd(
        game,
        Command::Move {
            units: force(units),
            to,
        },
    )
}

/// Ends segments until `side`'s `kind` segment of `turn` is under way; every event on the way.
pub(super) fn until(
    game: &mut Game<'static>,
    turn: u8,
    side: Side,
    kind: SegmentKind,
) -> Vec<Event> {
    let mut all = Vec::new();
    for _ in 0..200 {
        let s = game.state.board.segment;
        if game.state.board.turn == turn
            && s.side == side
            && s.kind == kind
            && game.state.waiting == Waiting::Commands
        {
            return all;
        }
        let ev = cmd(game, Command::EndSegment).expect("the segment ends");
        all.extend(ev.iter().cloned());
    }
    panic!("never reached turn {turn} {side:?} {kind:?}");
}

/// Puts a unit on the board (test set-up, not a move).
pub(super) fn put(game: &mut Game<'static>, u: UnitId, at: HexId, face: Face) {
    let b = &mut game.state.board;
    if b.stacks.of(u).is_some() {
        b.stacks.take(u).expect("on the map");
    }
    b.place(&game.data.forces, u, at, face, Dir::Up)
        .expect("placed");
}

fn entry(letter: u8) -> HexId {
    testkit::ENTRY
        .iter()
        .find(|(l, _)| *l == letter)
        .map(|(_, h)| *h)
        .expect("an entry area of the campaign board")
}

#[test]
fn fb_reinforcements_5_0_units_wait_off_the_map_and_step_on_at_their_entry_hex_when_moving() {
    let mut game = campaign();
    let d = entry(b'D');
    assert_eq!(
        game.state
            .board
            .unit(testkit::GERMAN_ARRIVAL)
            .unwrap()
            .state
            .location,
        Location::Pool,
        "a reinforcement waits off the map"
    );
    // 5.0: the listing is consulted in the reinforcement segment, the units come on when moving.
    let e = mv(&mut game, &[testkit::GERMAN_ARRIVAL], d).unwrap_err();
    assert_eq!(e.case, "5.0");
    until(&mut game, 1, GERMAN, SegmentKind::Movement);
    // Not the Soviet's units in the German player-turn.
    let e = mv(&mut game, &[testkit::SOVIET_ARRIVAL_1], entry(b'B')).unwrap_err();
    assert_eq!(e.case, "5.0");
    let ev = mv(&mut game, &[testkit::GERMAN_ARRIVAL], d).expect("enters");
    assert!(ev.contains(&Event::Entered {
        side: GERMAN,
        units: force(&[testkit::GERMAN_ARRIVAL]),
        at: d,
        cost: MP.mp(1),
    }));
    let b = &game.state.board;
    assert_eq!(b.hex_of(testkit::GERMAN_ARRIVAL), Some(d));
    assert_eq!(
        b.face(testkit::GERMAN_ARRIVAL),
        MANEUVER,
        "3.3.3: in maneuver mode"
    );
    assert_eq!(
        b.remaining(testkit::GERMAN_ARRIVAL),
        MP.mp(6) - MP.mp(1),
        "the maneuver MA less the clear entry hex"
    );
    // It moves on from there like any force, in the same hand (7.1.1).
    let on = game
        .data
        .map
        .geometry
        .neighbours(d)
        .map(|(_, n)| n)
        .find(|&n| game.data.map.terrain(n) == terrain::CLEAR)
        .unwrap();
    mv(&mut game, &[testkit::GERMAN_ARRIVAL], on).expect("moves on");
    assert_eq!(
        game.state.board.remaining(testkit::GERMAN_ARRIVAL),
        MP.mp(6) - MP.mp(2)
    );
    assert!(
        game.due(testkit::GERMAN_ARRIVAL).is_none(),
        "it has arrived"
    );
}

#[test]
fn fb_reinforcements_7_1_2_each_force_pays_only_its_entry_hexs_own_cost() {
    // Area B lies in a park (2 MP on the stand-in chart): every force entering there pays it,
    // the first and the ones that follow alike (5.0), and nothing for the way to the edge.
    let d = campaign_with(|d| {
        let i = d.map.geometry.index(hex(4, 1)).unwrap();
        d.map.terrain[i] = terrain::PARK;
    });
    let mut game = Game::new(d, "campaign", Options::default()).unwrap();
    until(&mut game, 1, SOVIET, SegmentKind::Movement);
    let b = entry(b'B');
    for u in [testkit::SOVIET_ARRIVAL_1, testkit::SOVIET_ARRIVAL_2] {
        let ev = mv(&mut game, &[u], b).expect("enters");
        assert!(ev
            .iter()
            .any(|e| matches!(e, Event::Entered { cost, .. } if *cost == MP.mp(2))));
        assert_eq!(game.state.board.remaining(u), MP.mp(6) - MP.mp(2));
    }
    // Taking up the second force let go of the first (7.1.1).
    assert!(game
        .state
        .board
        .unit(testkit::SOVIET_ARRIVAL_1)
        .unwrap()
        .counter
        .game
        .done
        .is_some());
}

#[test]
fn fb_reinforcements_5_3_a_blocked_entry_hex_shifts_beside_it_or_to_the_next_area() {
    let mut game = campaign();
    let b = entry(b'B');
    let g = game.data.map.geometry;
    // A German unit in combat mode next to B puts it in a zone of control (3.2.1): blocked.
    let guard = g
        .neighbours(b)
        .map(|(_, n)| n)
        .find(|&n| n.row == 2)
        .unwrap();
    put(&mut game, testkit::GERMAN_INFANTRY_1, guard, COMBAT);
    until(&mut game, 1, SOVIET, SegmentKind::Movement);
    let e = mv(&mut game, &[testkit::SOVIET_ARRIVAL_1], b).unwrap_err();
    assert_eq!(e.case, "5.3", "the entry hex itself is closed");
    let beside = g
        .neighbours(b)
        .map(|(_, n)| n)
        .find(|&n| n != guard && n.row == 1)
        .unwrap();
    mv(&mut game, &[testkit::SOVIET_ARRIVAL_1], beside).expect("5.3: beside the entry hex");
    mv(&mut game, &[testkit::SOVIET_ARRIVAL_2], entry(b'C'))
        .expect("5.3: at the neighbouring lettered area");
    // An entry hex held by the enemy is blocked too (5.3); the shift goes no farther than one
    // area (D is two letters from B), and never into the enemy's hex (7.2.1).
    let held = campaign_with(|_| {});
    let mut game = Game::new(held, "campaign", Options::default()).unwrap();
    put(&mut game, testkit::GERMAN_INFANTRY_1, b, COMBAT);
    until(&mut game, 1, SOVIET, SegmentKind::Movement);
    let hexes = game.entry_hexes(game.arrival_of(testkit::SOVIET_ARRIVAL_1).unwrap(), 0);
    assert!(!hexes.contains(&b));
    assert!(hexes.contains(&entry(b'A')) && hexes.contains(&entry(b'C')));
    assert!(!hexes.contains(&entry(b'D')), "never two areas away");
}

#[test]
fn fb_reinforcements_5_4_a_turn_late_the_neighbouring_areas_open_never_farther() {
    let mut game = campaign();
    until(&mut game, 1, SOVIET, SegmentKind::Movement);
    let u = testkit::SOVIET_ARRIVAL_1;
    let e = mv(&mut game, &[u], entry(b'A')).unwrap_err();
    assert_eq!(e.case, "5.4", "on time: the listed area only");
    // The Soviet holds them back a turn: now A and C are open as well as B.
    until(&mut game, 2, SOVIET, SegmentKind::Movement);
    assert_eq!(game.due(u).map(|(_, late)| late), Some(1));
    let e = mv(&mut game, &[u], entry(b'D')).unwrap_err();
    assert_eq!(e.case, "5.4", "never more than one area away");
    let mut a = game.clone();
    mv(&mut a, &[u], entry(b'A')).expect("one area to one side");
    mv(&mut game, &[u], entry(b'C')).expect("or the other");
    // However long the delay, no farther (5.4); and a listing for A never shifts to X.
    until(&mut game, 4, SOVIET, SegmentKind::Movement);
    let late = testkit::SOVIET_LATE;
    assert_eq!(game.due(late).map(|(_, l)| l), Some(2));
    let e = mv(&mut game, &[late], entry(b'X')).unwrap_err();
    assert_eq!(e.case, "5.4", "A does not wrap round to X");
    let e = mv(&mut game, &[late], entry(b'C')).unwrap_err();
    assert_eq!(e.case, "5.4");
    mv(&mut game, &[late], entry(b'B')).expect("B is beside A");
}

#[test]
fn fb_withdrawals_5_1_the_listed_soviet_units_leave_as_his_reinforcement_segment_begins() {
    let mut game = campaign();
    until(&mut game, 1, SOVIET, SegmentKind::Movement);
    mv(&mut game, &[testkit::SOVIET_WITHDRAWN], entry(b'C')).expect("enters");
    let ev = until(&mut game, 2, SOVIET, SegmentKind::Reinforcement);
    assert!(ev.contains(&Event::Withdrawn {
        units: force(&[testkit::SOVIET_WITHDRAWN]),
        case: "5.1",
    }));
    let x = game.state.board.unit(testkit::SOVIET_WITHDRAWN).unwrap();
    assert_eq!(x.state.location, Location::Withheld, "simply taken off");
    assert!(game.state.board.stacks.at(entry(b'C'), SOVIET).is_none());
    assert_eq!(
        game.state.victory.german, 2,
        "only the Reichstag held on turn 1 scored"
    );
}

#[test]
fn fb_withdrawals_5_2_the_withdrawing_germans_leave_by_the_listed_edge_for_2_vp_each() {
    let mut game = campaign();
    let w = testkit::GERMAN_WITHDRAWING;
    let edge = testkit::EXIT_HEXES[1];
    put(&mut game, w, edge, MANEUVER);
    put(&mut game, testkit::GERMAN_INFANTRY_1, hex(5, 8), MANEUVER);
    until(&mut game, 1, GERMAN, SegmentKind::Movement);
    // Only the listed units, only by the listed hexes.
    let e = cmd(
        &mut game,
        Command::Exit {
            units: force(&[testkit::GERMAN_INFANTRY_1]),
        },
    )
    .unwrap_err();
    assert_eq!(e.case, "5.2");
    let mut off = game.clone();
    put(&mut off, w, hex(5, 7), MANEUVER);
    let e = cmd(&mut off, Command::Exit { units: force(&[w]) }).unwrap_err();
    assert_eq!(e.case, "5.2");
    let ev = cmd(&mut game, Command::Exit { units: force(&[w]) }).expect("leaves the map");
    assert!(ev.contains(&Event::Withdrawn {
        units: force(&[w]),
        case: "5.2"
    }));
    assert!(ev.contains(&Event::VictoryPoints {
        side: GERMAN,
        points: 2,
        total: 2,
        case: "5.2"
    }));
    assert_eq!(
        game.state.board.unit(w).unwrap().state.location,
        Location::Exited
    );
}

#[test]
fn fb_withdrawals_5_2_the_soviet_scores_1_vp_a_turn_from_turn_6_while_any_remains() {
    let mut game = campaign();
    put(&mut game, testkit::GERMAN_WITHDRAWING, hex(3, 6), COMBAT);
    game.state.board.turn = 4;
    let ev = until(&mut game, 5, GERMAN, SegmentKind::Reinforcement);
    assert!(!ev
        .iter()
        .any(|e| matches!(e, Event::VictoryPoints { case: "5.2", .. })));
    let ev = until(&mut game, 6, GERMAN, SegmentKind::Reinforcement);
    assert!(ev.contains(&Event::VictoryPoints {
        side: SOVIET,
        points: 1,
        total: 1,
        case: "5.2"
    }));
    let ev = until(&mut game, 7, GERMAN, SegmentKind::Reinforcement);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::VictoryPoints { side, total: 2, case: "5.2", .. } if *side == SOVIET
    )));
    // Once none is left, nothing more.
    game.state
        .board
        .eliminate(testkit::GERMAN_WITHDRAWING)
        .unwrap();
    let ev = until(&mut game, 8, GERMAN, SegmentKind::Reinforcement);
    assert!(!ev
        .iter()
        .any(|e| matches!(e, Event::VictoryPoints { case: "5.2", .. })));
}

#[test]
fn fb_withdrawals_5_1_a_listed_unit_already_lost_is_replaced_by_one_of_like_type_edge_and_fs() {
    let mut game = campaign();
    until(&mut game, 1, SOVIET, SegmentKind::Movement);
    // The listed unit and a like one come in by the north edge; a third stands on the map
    // without having entered by any edge.
    mv(&mut game, &[testkit::SOVIET_WITHDRAWN], entry(b'C')).expect("enters");
    mv(&mut game, &[testkit::SOVIET_ARRIVAL_1], entry(b'B')).expect("enters");
    put(&mut game, testkit::SOVIET_RIFLES_1, hex(3, 5), COMBAT);
    game.state
        .board
        .eliminate(testkit::SOVIET_WITHDRAWN)
        .unwrap();
    until(&mut game, 2, GERMAN, SegmentKind::Reinforcement);
    for _ in 0..10 {
        if matches!(game.pending(), Pending::Choose { .. }) {
            break;
        }
        cmd(&mut game, Command::EndSegment).unwrap();
    }
    assert_eq!(
        game.pending(),
        Pending::Choose {
            player: SOVIET,
            purpose: "a substitute leaves in place of an eliminated unit",
            case: "5.1",
            options: [Choice::Unit(testkit::SOVIET_ARRIVAL_1)]
                .into_iter()
                .collect(),
        },
        "same type, at least equal FS, the same map edge"
    );
    let ev = game.apply(&Input::Chose(0)).unwrap();
    assert!(ev.contains(&Event::Withdrawn {
        units: force(&[testkit::SOVIET_ARRIVAL_1]),
        case: "5.1"
    }));
    assert_eq!(game.pending(), Pending::Command { player: SOVIET });
    assert!(game.state.board.hex_of(testkit::SOVIET_RIFLES_1).is_some());
}
