//! The game on the testkit's board (`fortress::testkit`): the sequence of play, movement on
//! the Terrain Effects Chart, the combat segment's close assault, over-stacking at the end of a
//! segment, the fog of war in each seat's view, the notation and the contract.
//!
//! Shared fixtures here (with `reinforcement_tests`' `cmd`, `force` and `mv`); the tests by
//! subject in `sequence`, `movement`, `assault`, `bombardment`, `fog`, `contract`.
extern crate std;

use super::reinforcement_tests::{cmd, force, mv};
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

/// The game after each of the 36 rolls of the table's 2d6 (first die, then second, each 1 to
/// 6), with what the roll did.
fn every_roll<'g>(
    game: &'g Game<'static>,
) -> impl Iterator<Item = (Game<'static>, Events<Event>)> + 'g {
    (1..=6u8).flat_map(move |a| {
        (1..=6u8).map(move |b| {
            let mut g = game.clone();
            let ev = g.apply(&Input::Rolled(DiceRoll::of(&[a, b]))).unwrap();
            (g, ev)
        })
    })
}

fn bytes(game: &Game<'_>) -> Vec<u8> {
    postcard::to_allocvec(&game.state).expect("state encodes")
}

/// The step counted from the German reinforcement segment: step 0 is the German set-up (13.0),
/// which the skirmish (set up by its scenario) skips.
fn step_index(game: &Game<'static>) -> usize {
    Ruleset::step(game).index - 1
}

// ---- the subjects ------------------------------------------------------------------------------------

mod assault;
mod bombardment;
mod card;
mod contract;
mod fog;
mod gun_fire;
mod movement;
mod off_map;
mod players;
mod sequence;
mod support;

// ---- the combat segment: close assault and bombardment set-ups --------------------------------------

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
    let ev = cmd(
        game,
        Command::Assault {
            attackers,
            target: x,
        },
    )
    .expect("announced");
    no_support_no_fire(game);
    ev
}

/// Answers "none" to the Support Fire (3.5.2) and defensive gun fire (8.3.5) asked between a
/// close assault's announcement and its roll.
fn no_support_no_fire(game: &mut Game<'static>) {
    while let Pending::Choose {
        case: "3.5.2" | "8.3.5",
        options,
        ..
    } = game.pending()
    {
        let stop = options
            .iter()
            .position(|&c| c == Choice::Stop)
            .expect("none is an option");
        game.apply(&Input::Chose(stop as u8)).expect("none");
    }
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
