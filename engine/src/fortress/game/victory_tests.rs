//! Victory points, captured fortifications, Hitler and the end of the game on the testkit's
//! campaign board (10.2, 11.1, 12.0).
extern crate std;

use super::reinforcement_tests::{campaign, cmd, mv, put, until};
use super::*;
use crate::core::protocol::{DiceRoll, DiceSpec};
use crate::fortress::counters::{COMBAT, GERMAN, MANEUVER, SOVIET};
use crate::fortress::testkit::{self, hex};
use crate::fortress::zoc;
use std::vec::Vec;

/// A neighbour of `h` on the board that holds no terrain the tests trip over.
pub(super) fn beside(game: &Game<'static>, h: HexId, not: &[HexId]) -> HexId {
    game.data
        .map
        .geometry
        .neighbours(h)
        .map(|(_, n)| n)
        .find(|&n| {
            game.data.map.terrain(n) == crate::fortress::board::terrain::CLEAR
                && !not.contains(&n)
                && n != testkit::REICHSTAG_HEX
                && n != testkit::BUNKER_HEX
                && n != testkit::STRONGPOINT_HEX
        })
        .expect("a clear neighbour")
}

pub(super) fn roll(game: &mut Game<'static>, v: u8) -> Events<Event> {
    game.apply(&Input::Rolled(DiceRoll::of(&[v])))
        .expect("the die is read")
}

pub(super) fn vp(ev: &[Event], side: Side, case: &str) -> Vec<u16> {
    ev.iter()
        .filter_map(|e| match e {
            Event::VictoryPoints {
                side: s,
                points,
                case: c,
                ..
            } if *s == side && *c == case => Some(*points),
            _ => None,
        })
        .collect()
}

#[test]
fn fb_victory_12_0_1_the_reichstag_held_scores_2_a_turn_to_turn_11_and_5_from_turn_12() {
    let mut game = campaign();
    let ev = until(&mut game, 2, GERMAN, SegmentKind::Reinforcement);
    assert_eq!(vp(&ev, GERMAN, "12.0.1"), [2]);
    game.state.board.turn = 11;
    let ev = until(&mut game, 12, GERMAN, SegmentKind::Reinforcement);
    assert_eq!(vp(&ev, GERMAN, "12.0.1"), [2], "turn 11 is the last at 2");
    let ev = until(&mut game, 13, GERMAN, SegmentKind::Reinforcement);
    assert_eq!(vp(&ev, GERMAN, "12.0.1"), [5], "turns 12-15 score 5");
    assert_eq!(
        game.state.victory.german,
        2 + 2 + 5 + 2 + 2,
        "Hitler alive: 2 a turn"
    );
}

#[test]
fn fb_victory_12_0_the_german_still_holding_the_reichstag_after_turn_15_wins_outright() {
    let mut game = campaign();
    until(&mut game, 1, SOVIET, SegmentKind::Combat);
    game.state.board.turn = 15;
    game.state.victory.soviet = 90;
    let ev = cmd(&mut game, Command::EndSegment).unwrap();
    assert!(ev.contains(&Event::Victory {
        winner: Some(GERMAN),
        german: 5,
        soviet: 90,
        case: "12.0"
    }));
    assert!(ev.contains(&Event::GameOver { turn: 15 }));
    assert_eq!(game.pending(), Pending::GameOver);
    assert_eq!(
        game.state.victory.outcome,
        Some(Outcome {
            ending: Ending::ReichstagHeld,
            winner: Some(GERMAN)
        })
    );
}

/// A Soviet rifle unit next to `target` in the Soviet movement segment of turn 1.
fn soviet_next_to(target: HexId) -> (Game<'static>, HexId) {
    let mut game = campaign();
    let from = beside(&game, target, &[]);
    put(&mut game, testkit::SOVIET_RIFLES_1, from, MANEUVER);
    until(&mut game, 1, SOVIET, SegmentKind::Movement);
    (game, from)
}

#[test]
fn fb_victory_12_0_soviets_in_the_reichstag_stop_the_game_and_the_vp_decide() {
    let (mut game, _) = soviet_next_to(testkit::REICHSTAG_HEX);
    game.state.victory.german = 3;
    game.state.victory.soviet = 5;
    let mut tie = game.clone();
    let ev = mv(
        &mut game,
        &[testkit::SOVIET_RIFLES_1],
        testkit::REICHSTAG_HEX,
    )
    .unwrap();
    assert!(ev.contains(&Event::Victory {
        winner: Some(SOVIET),
        german: 3,
        soviet: 5,
        case: "12.0"
    }));
    assert_eq!(game.pending(), Pending::GameOver);
    let e = cmd(&mut game, Command::EndSegment).unwrap_err();
    assert_eq!(e.case, "4.0", "nothing is played after the end");
    // Equal VP: a draw (see Rulings).
    tie.state.victory.soviet = 3;
    let ev = mv(
        &mut tie,
        &[testkit::SOVIET_RIFLES_1],
        testkit::REICHSTAG_HEX,
    )
    .unwrap();
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Victory { winner: None, .. })));
}

#[test]
fn fb_victory_12_0_2_over_stacked_losses_and_deserters_score_nothing() {
    let mut game = campaign();
    let x = hex(3, 6);
    for u in [
        testkit::SOVIET_RIFLES_1,
        testkit::SOVIET_RIFLES_2,
        testkit::SOVIET_ARRIVAL_1,
    ] {
        put(&mut game, u, x, COMBAT);
    }
    // Over the limit when the segment ends: the owner picks the loss (3.1.4).
    cmd(&mut game, Command::EndSegment).unwrap();
    let ev = game
        .apply(&Input::Chose(0))
        .expect("the owner picks the loss");
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Eliminated { case: "3.1.4", .. })));
    assert_eq!(game.state.victory.german, 0, "3.1.4 is no loss in combat");
    assert!(super::victory::scores("8.6") && !super::victory::scores("3.1.4"));
}

#[test]
fn fb_capture_10_2_a_strongpoint_the_soviets_enter_is_marked_and_helps_nobody_after() {
    let (mut game, from) = soviet_next_to(testkit::STRONGPOINT_HEX);
    let sp = testkit::STRONGPOINT_HEX;
    // A German in combat mode beside it: strongpoints keep zones out (10.1.3).
    let german = beside(&game, sp, &[from]);
    put(&mut game, testkit::GERMAN_INFANTRY_1, german, COMBAT);
    let b = &game.state.board;
    assert!(!zoc::controls(
        &game.data.map,
        &game.data.forces,
        b,
        GERMAN,
        sp
    ));
    assert!(super::combatants::defended_hex(&game, sp)
        .fortification
        .is_some());
    let ev = mv(&mut game, &[testkit::SOVIET_RIFLES_1], sp).unwrap();
    assert!(ev.contains(&Event::Captured { hex: sp }));
    assert!(game.state.board.captured(sp));
    assert_eq!(game.state.victory.first_capture, Some(1));
    // Inactive now, for either side: no garrison, no PF or roll modifier, zones enter.
    assert_eq!(
        super::combatants::defended_hex(&game, sp).fortification,
        None
    );
    let b = &game.state.board;
    assert!(zoc::controls(
        &game.data.map,
        &game.data.forces,
        b,
        GERMAN,
        sp
    ));
    // Retaken or not, it stays marked.
    game.state
        .board
        .eliminate(testkit::SOVIET_RIFLES_1)
        .unwrap();
    assert!(game.state.board.captured(sp));
    assert_eq!(
        super::combatants::defended_hex(&game, sp).fortification,
        None
    );
}

#[test]
fn fb_hitler_11_1_4_soviets_entering_his_hex_capture_him_and_win_at_once() {
    let (mut game, _) = soviet_next_to(testkit::BUNKER_HEX);
    game.state.victory.german = 40;
    let ev = mv(&mut game, &[testkit::SOVIET_RIFLES_1], testkit::BUNKER_HEX)
        .expect("11.1.5: Hitler alone does not keep them out");
    assert!(ev.contains(&Event::HitlerGone {
        captured: true,
        case: "11.1.4"
    }));
    assert!(ev.contains(&Event::Victory {
        winner: Some(SOVIET),
        german: 40,
        soviet: 0,
        case: "11.1.4"
    }));
    assert_eq!(game.pending(), Pending::GameOver);
}

#[test]
fn fb_hitler_11_1_5_he_never_moves_and_german_units_with_him_keep_the_soviets_out() {
    let mut game = campaign();
    let from = beside(&game, testkit::BUNKER_HEX, &[]);
    put(
        &mut game,
        testkit::GERMAN_INFANTRY_1,
        testkit::BUNKER_HEX,
        COMBAT,
    );
    put(&mut game, testkit::SOVIET_RIFLES_1, from, MANEUVER);
    until(&mut game, 1, GERMAN, SegmentKind::Movement);
    let e = mv(&mut game, &[testkit::HITLER], from).unwrap_err();
    assert_eq!(e.case, "11.1.2", "he may not move");
    until(&mut game, 1, SOVIET, SegmentKind::Movement);
    let e = mv(&mut game, &[testkit::SOVIET_RIFLES_1], testkit::BUNKER_HEX).unwrap_err();
    assert_eq!(e.case, "7.2.1");
    assert!(game.state.board.hex_of(testkit::HITLER).is_some());
}

/// The German combat segment of turn 2, the first strongpoint having fallen on turn 1.
fn suicide_board() -> Game<'static> {
    let mut game = campaign();
    until(&mut game, 1, GERMAN, SegmentKind::Combat);
    let e = cmd(&mut game, Command::Suicide).unwrap_err();
    assert_eq!(e.case, "11.1.2", "no strongpoint has fallen yet");
    game.state.victory.first_capture = Some(1);
    let e = cmd(&mut game, Command::Suicide).unwrap_err();
    assert_eq!(e.case, "11.1.2", "not on the turn of the first capture");
    until(&mut game, 2, GERMAN, SegmentKind::Combat);
    game
}

#[test]
fn fb_hitler_11_1_2_one_suicide_attempt_a_turn_from_the_turn_after_the_first_capture() {
    let mut game = suicide_board();
    let mut later = game.clone();
    cmd(&mut game, Command::Suicide).expect("the attempt is made");
    assert_eq!(
        game.pending(),
        Pending::Roll {
            player: GERMAN,
            dice: DiceSpec::D6,
            purpose: "Hitler's suicide attempt",
            case: "11.1.2",
            secret: false
        }
    );
    let mut six = game.clone();
    let ev = roll(&mut game, 5);
    assert!(ev.contains(&Event::SuicideAttempt {
        roll: 5,
        dies: false
    }));
    assert!(game.state.board.hex_of(testkit::HITLER).is_some());
    let e = cmd(&mut game, Command::Suicide).unwrap_err();
    assert_eq!(e.case, "11.1.2", "one attempt a turn");
    // A six: he is gone, 2 VP before turn 10.
    let ev = roll(&mut six, 6);
    assert!(ev.contains(&Event::HitlerGone {
        captured: false,
        case: "11.1.2"
    }));
    assert_eq!(vp(&ev, GERMAN, "11.1.2"), [2]);
    assert_eq!(six.state.board.hex_of(testkit::HITLER), None);
    // A Soviet unit within two hexes of the bunker adds one: a five is enough.
    let near = beside(&later, testkit::BUNKER_HEX, &[]);
    put(&mut later, testkit::SOVIET_RIFLES_1, near, COMBAT);
    cmd(&mut later, Command::Suicide).unwrap();
    let ev = roll(&mut later, 5);
    assert!(ev.contains(&Event::SuicideAttempt {
        roll: 6,
        dies: true
    }));
    // Only at the beginning of the combat segment.
    let mut late = suicide_board();
    late.state.bombarded.push(hex(3, 3)).unwrap();
    assert_eq!(cmd(&mut late, Command::Suicide).unwrap_err().case, "11.1.2");
}

#[test]
fn fb_hitler_11_1_2_alive_scores_2_after_turns_10_to_14_and_turn_15_removes_him_for_10() {
    let mut game = campaign();
    game.state.board.turn = 9;
    let ev = until(&mut game, 10, GERMAN, SegmentKind::Reinforcement);
    assert!(
        vp(&ev, GERMAN, "11.1.2").is_empty(),
        "turn 9 scores nothing for him"
    );
    let ev = until(&mut game, 11, GERMAN, SegmentKind::Reinforcement);
    assert_eq!(vp(&ev, GERMAN, "11.1.2"), [2]);
    game.state.board.turn = 14;
    let ev = until(&mut game, 15, GERMAN, SegmentKind::Reinforcement);
    assert_eq!(
        vp(&ev, GERMAN, "11.1.2"),
        [2, 10],
        "end of 14, then the start of 15"
    );
    assert!(ev.contains(&Event::HitlerGone {
        captured: false,
        case: "11.1.2"
    }));
    assert_eq!(game.state.board.hex_of(testkit::HITLER), None);
}

#[test]
fn fb_hitler_11_1_3_after_his_death_ppb_and_hj_desert_and_ss_and_vs_roll() {
    let mut game = suicide_board();
    for (u, h) in [
        (testkit::GERMAN_SS, hex(2, 6)),
        (testkit::GERMAN_VS, hex(3, 6)),
        (testkit::GERMAN_HJ, hex(4, 7)),
    ] {
        put(&mut game, u, h, COMBAT);
    }
    cmd(&mut game, Command::Suicide).unwrap();
    roll(&mut game, 6);
    let mut ev = Vec::new();
    for _ in 0..20 {
        if matches!(game.pending(), Pending::Roll { .. }) {
            break;
        }
        ev.extend(cmd(&mut game, Command::EndSegment).unwrap().iter().cloned());
    }
    assert_eq!(game.state.board.turn, 3, "the next German player-turn");
    assert!(ev.contains(&Event::Deserted {
        unit: testkit::GERMAN_HJ,
        case: "11.1.3"
    }));
    assert_eq!(
        game.pending(),
        Pending::Roll {
            player: GERMAN,
            dice: DiceSpec::D6,
            purpose: "does the unit desert after Hitler's death",
            case: "11.1.3",
            secret: false
        }
    );
    let e = cmd(&mut game, Command::EndSegment).unwrap_err();
    assert_eq!(e.case, "11.1.3");
    let ev = roll(&mut game, 4);
    assert!(ev.contains(&Event::Deserted {
        unit: testkit::GERMAN_SS,
        case: "11.1.3"
    }));
    let ev = roll(&mut game, 3);
    assert!(
        !ev.iter().any(|e| matches!(e, Event::Deserted { .. })),
        "1-3 stays"
    );
    assert!(game.state.board.hex_of(testkit::GERMAN_VS).is_some());
    assert_eq!(game.pending(), Pending::Command { player: GERMAN });
    assert_eq!(
        game.state.victory.soviet, 0,
        "deserters score nothing (12.0.2)"
    );
}

#[test]
fn fb_hitler_11_1_4_a_soviet_close_assault_that_empties_his_hex_takes_him() {
    let mut game = campaign();
    let bunker = testkit::BUNKER_HEX;
    put(&mut game, testkit::GERMAN_INFANTRY_1, bunker, COMBAT);
    let g = game.data.map.geometry;
    let around: Vec<HexId> = g
        .neighbours(bunker)
        .map(|(_, n)| n)
        .filter(|&n| game.data.map.terrain(n) != crate::fortress::board::terrain::LAKE)
        .collect();
    let attackers = [
        testkit::SOVIET_RIFLES_1,
        testkit::SOVIET_RIFLES_2,
        testkit::SOVIET_TANK,
    ];
    for (i, &u) in attackers.iter().enumerate() {
        put(&mut game, u, around[i % around.len()], COMBAT);
    }
    until(&mut game, 1, SOVIET, SegmentKind::Combat);
    let announced = cmd(
        &mut game,
        Command::Assault {
            attackers: attackers.into_iter().collect(),
            target: bunker,
        },
    );
    assert!(announced.is_ok(), "{announced:?}");
    let (mut taken, mut held) = (false, false);
    for a in 1..=6u8 {
        for b in 1..=6u8 {
            let mut t = game.clone();
            t.apply(&Input::Rolled(DiceRoll::of(&[a, b]))).unwrap();
            for _ in 0..12 {
                if !matches!(t.pending(), Pending::Choose { .. }) {
                    break;
                }
                t.apply(&Input::Chose(0)).unwrap();
            }
            let gone = !t.state.board.held_by(&t.data.forces, bunker, GERMAN);
            if gone {
                // Eliminated or retreated, the defenders left him: he is taken (11.1.4).
                assert_eq!(
                    t.state.victory.outcome,
                    Some(Outcome {
                        ending: Ending::HitlerCaptured,
                        winner: Some(SOVIET)
                    }),
                    "roll {a} {b}"
                );
                taken = true;
            } else {
                // 11.1.5: results fall on the units, never on him.
                assert!(t.state.board.hex_of(testkit::HITLER).is_some());
                held = true;
            }
        }
    }
    assert!(taken && held, "some rolls take the bunker, some do not");
}

#[test]
fn fb_hitler_11_1_5_left_alone_by_fire_combat_he_waits_until_a_soviet_unit_enters() {
    let mut game = campaign();
    let bunker = testkit::BUNKER_HEX;
    put(&mut game, testkit::GERMAN_INFANTRY_1, bunker, MANEUVER);
    let gun = beside(&game, bunker, &[]);
    put(&mut game, testkit::SOVIET_ARTILLERY, gun, COMBAT);
    until(&mut game, 1, SOVIET, SegmentKind::Combat);
    let bombard = Command::Bombard {
        firers: [testkit::SOVIET_ARTILLERY].into_iter().collect(),
        target: bunker,
        mixed: false,
    };
    cmd(&mut game, bombard).expect("the bombardment");
    let mut emptied = None;
    'rolls: for a in 1..=6u8 {
        for b in 1..=6u8 {
            let mut t = game.clone();
            t.apply(&Input::Rolled(DiceRoll::of(&[a, b]))).unwrap();
            for _ in 0..12 {
                if !matches!(t.pending(), Pending::Choose { .. }) {
                    break;
                }
                // Stop rather than occupy the hex (8.9): the last option.
                let Pending::Choose { options, .. } = t.pending() else {
                    unreachable!()
                };
                t.apply(&Input::Chose(options.len() as u8 - 1)).unwrap();
            }
            if !t.state.board.held_by(&t.data.forces, bunker, GERMAN)
                && t.state.board.hex_of(testkit::SOVIET_ARTILLERY) == Some(gun)
            {
                emptied = Some(t);
                break 'rolls;
            }
        }
    }
    let mut game = emptied.expect("some roll empties the bunker");
    assert!(
        game.state.board.hex_of(testkit::HITLER).is_some(),
        "fire combat leaves him behind"
    );
    assert_eq!(game.state.victory.outcome, None);
    // The next Soviet movement segment: a unit walks in and takes him.
    let walker = beside(&game, bunker, &[gun]);
    put(&mut game, testkit::SOVIET_RIFLES_1, walker, MANEUVER);
    until(&mut game, 2, SOVIET, SegmentKind::Movement);
    let from = game.state.board.hex_of(testkit::SOVIET_RIFLES_1).unwrap();
    assert!(game.data.map.geometry.adjacent(from, bunker));
    mv(&mut game, &[testkit::SOVIET_RIFLES_1], bunker).unwrap();
    assert_eq!(
        game.state.victory.outcome,
        Some(Outcome {
            ending: Ending::HitlerCaptured,
            winner: Some(SOVIET)
        })
    );
}

#[test]
fn fb_capture_10_2_a_garrison_alone_falling_to_a_soviet_assault_marks_the_strongpoint() {
    let mut game = campaign();
    let sp = testkit::STRONGPOINT_HEX;
    let from = beside(&game, sp, &[]);
    put(&mut game, testkit::SOVIET_RIFLES_1, from, COMBAT);
    until(&mut game, 1, SOVIET, SegmentKind::Combat);
    cmd(
        &mut game,
        Command::Assault {
            attackers: [testkit::SOVIET_RIFLES_1].into_iter().collect(),
            target: sp,
        },
    )
    .expect("the intrinsic garrison is assaulted");
    let (mut fell, mut held) = (false, false);
    for a in 1..=6u8 {
        for b in 1..=6u8 {
            let mut t = game.clone();
            let ev = t.apply(&Input::Rolled(DiceRoll::of(&[a, b]))).unwrap();
            let result = ev.iter().find_map(|e| match e {
                Event::AssaultResult { result, .. } => Some(*result),
                _ => None,
            });
            if result == Some(crate::fortress::combat::CombatResult::NoEffect) {
                assert!(!t.state.board.captured(sp));
                held = true;
            } else {
                assert!(ev.contains(&Event::Captured { hex: sp }), "roll {a} {b}");
                assert_eq!(t.state.victory.first_capture, Some(1));
                fell = true;
            }
        }
    }
    assert!(fell && held);
}
