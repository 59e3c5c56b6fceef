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
fn beside(game: &Game<'static>, h: HexId, not: &[HexId]) -> HexId {
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

fn roll(game: &mut Game<'static>, v: u8) -> Events<Event> {
    game.apply(&Input::Rolled(DiceRoll::of(&[v])))
        .expect("the die is read")
}

fn vp(ev: &[Event], side: Side, case: &str) -> Vec<u16> {
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
fn fb_desertion_11_2_1_a_ppb_rolls_once_when_a_soviet_unit_first_comes_within_three_hexes() {
    let mut game = campaign();
    let ppb = testkit::GERMAN_PPB;
    put(&mut game, ppb, hex(7, 5), COMBAT);
    put(&mut game, testkit::SOVIET_RIFLES_1, hex(7, 1), MANEUVER);
    until(&mut game, 1, SOVIET, SegmentKind::Movement);
    let g = game.data.map.geometry;
    // Step toward the PPB until the die is asked for.
    let mut asked = None;
    for _ in 0..6 {
        let here = game.state.board.hex_of(testkit::SOVIET_RIFLES_1).unwrap();
        let next = g
            .neighbours(here)
            .map(|(_, n)| n)
            .filter(|&n| game.data.map.terrain(n) == crate::fortress::board::terrain::CLEAR)
            .min_by_key(|&n| g.distance(n, hex(7, 5)))
            .unwrap();
        mv(&mut game, &[testkit::SOVIET_RIFLES_1], next).expect("a step");
        if let Pending::Roll { player, case, .. } = game.pending() {
            asked = Some((player, case, g.distance(next, hex(7, 5))));
            break;
        }
        assert!(
            g.distance(next, hex(7, 5)) > 3,
            "asked as soon as within three"
        );
    }
    assert_eq!(asked, Some((GERMAN, "11.2.1", 3)));
    assert_eq!(
        cmd(&mut game, Command::EndSegment).unwrap_err().case,
        "11.2.1"
    );
    let mut stays = game.clone();
    let ev = roll(&mut game, 3);
    assert!(ev.contains(&Event::Deserted {
        unit: ppb,
        case: "11.2.1"
    }));
    assert_eq!(game.state.board.hex_of(ppb), None);
    assert_eq!(game.state.victory.soviet, 0, "a deserter scores nothing");
    assert_eq!(game.pending(), Pending::Command { player: SOVIET });
    // 4-6: it stays, and never rolls again.
    roll(&mut stays, 4);
    assert!(stays.state.board.hex_of(ppb).is_some());
    let here = stays.state.board.hex_of(testkit::SOVIET_RIFLES_1).unwrap();
    let closer = g
        .neighbours(here)
        .map(|(_, n)| n)
        .filter(|&n| stays.data.map.terrain(n) == crate::fortress::board::terrain::CLEAR)
        .min_by_key(|&n| g.distance(n, hex(7, 5)))
        .unwrap();
    mv(&mut stays, &[testkit::SOVIET_RIFLES_1], closer).expect("closer");
    assert_eq!(stays.pending(), Pending::Command { player: SOVIET });
}

/// The campaign with a Volkssturm check on turn 2, at its German reinforcement segment.
fn volkssturm_board() -> Game<'static> {
    let d = super::reinforcement_tests::campaign_with(|d| {
        d.volkssturm_checks.push(2).unwrap();
    });
    let mut game = Game::new(d, "campaign", Options::default()).unwrap();
    for _ in 0..20 {
        if matches!(game.pending(), Pending::Roll { .. }) {
            break;
        }
        cmd(&mut game, Command::EndSegment).expect("the segment ends");
    }
    assert_eq!(game.state.board.turn, 2);
    game
}

#[test]
fn fb_volkssturm_5_5_a_die_of_1_to_5_draws_that_many_blind_and_the_german_places_them() {
    let mut game = volkssturm_board();
    assert_eq!(
        game.pending(),
        Pending::Roll {
            player: GERMAN,
            dice: DiceSpec::D6,
            purpose: "the Volkssturm check",
            case: "5.5",
            secret: false
        }
    );
    roll(&mut game, 2);
    let Pending::DrawChit {
        player,
        case,
        chits,
        ..
    } = game.pending()
    else {
        panic!("{:?}", game.pending())
    };
    assert_eq!((player, case), (GERMAN, "11.2.3"));
    assert_eq!(chits.len(), 3, "the whole cup, blind");
    let first = match chits[1] {
        Choice::Unit(u) => u,
        _ => panic!(),
    };
    let ev = game.apply(&Input::Drew(1)).unwrap();
    assert!(ev.contains(&Event::Drawn {
        unit: first,
        case: "11.2.3"
    }));
    game.apply(&Input::Drew(0)).unwrap();
    assert_eq!(game.pending(), Pending::Command { player: GERMAN });
    assert_eq!(game.volkssturm_cup().len(), 1, "drawn units leave the cup");
    // They are placed before the segment ends: within the perimeter, away from the Soviets.
    assert_eq!(cmd(&mut game, Command::EndSegment).unwrap_err().case, "5.5");
    assert_eq!(mv(&mut game, &[first], hex(1, 1)).unwrap_err().case, "5.5");
    put(&mut game, testkit::SOVIET_RIFLES_1, hex(2, 6), COMBAT);
    let watched = testkit::WITHIN_PERIMETER
        .into_iter()
        .find(|&h| {
            zoc::enemy_zone(
                &game.data.map,
                &game.data.forces,
                &game.state.board,
                GERMAN,
                h,
            )
        })
        .expect("a perimeter hex in the Soviet zone");
    assert_eq!(mv(&mut game, &[first], watched).unwrap_err().case, "5.5");
    let drawn: Vec<UnitId> = game.state.vs_drawn.iter().copied().collect();
    for (u, at) in drawn.into_iter().zip([hex(5, 5), hex(5, 6)]) {
        let ev = mv(&mut game, &[u], at).expect("placed");
        assert!(ev
            .iter()
            .any(|e| matches!(e, Event::Entered { at: a, .. } if *a == at)));
        assert_eq!(game.state.board.face(u), MANEUVER);
    }
    cmd(&mut game, Command::EndSegment).expect("now the segment ends");
}

#[test]
fn fb_volkssturm_5_5_on_a_6_one_volkssturm_unit_of_the_germans_choice_runs_away() {
    let mut game = volkssturm_board();
    let mut none = game.clone();
    put(&mut game, testkit::GERMAN_VS_2, hex(4, 6), COMBAT);
    put(&mut game, testkit::GERMAN_VS_3, hex(5, 6), COMBAT);
    roll(&mut game, 6);
    let Pending::Choose {
        player,
        case,
        options,
        ..
    } = game.pending()
    else {
        panic!("{:?}", game.pending())
    };
    assert_eq!((player, case), (GERMAN, "5.5"));
    assert_eq!(
        options.as_slice(),
        [
            Choice::Unit(testkit::GERMAN_VS_2),
            Choice::Unit(testkit::GERMAN_VS_3)
        ]
    );
    let ev = game.apply(&Input::Chose(1)).unwrap();
    assert!(ev.contains(&Event::Deserted {
        unit: testkit::GERMAN_VS_3,
        case: "5.5"
    }));
    assert_eq!(game.state.victory.soviet, 0, "no VP for a runaway");
    // Dead or fled, it never goes back into the cup (11.2.3).
    assert!(!game.volkssturm_cup().contains(&testkit::GERMAN_VS_3));
    // With no Volkssturm on the map, a 6 costs nothing.
    roll(&mut none, 6);
    assert_eq!(none.pending(), Pending::Command { player: GERMAN });
}

#[test]
fn fb_volkssturm_13_6_1_from_turn_2_one_immobile_flak_a_turn_is_disbanded_for_a_volkssturm() {
    use crate::core::map::{Place, PlaceKind};
    use crate::fortress::counters::{Counter, Printed, UnitSize, UnitType, WeaponType};
    let ministry = hex(4, 6);
    let d = super::reinforcement_tests::campaign_with(|d| {
        let flak = |name: &str, ma: u8| {
            Counter::new(
                name,
                GERMAN,
                UnitType::Flak,
                UnitSize::Battalion,
                WeaponType::AntiTank,
                Printed::new(2, 3, 2, ma),
                Printed::new(2, 6, 3, ma),
                3,
            )
        };
        d.forces.add(flak("Flak 1", 0)).unwrap();
        d.forces.add(flak("Flak 2", 0)).unwrap();
        d.forces.add(flak("Mobile Flak", 4)).unwrap();
        d.map
            .places
            .push(Place {
                name: crate::fortress::data::text(super::volkssturm::AIR_MINISTRY),
                kind: PlaceKind::Area,
                hexes: [ministry].into_iter().collect(),
                towers: heapless::Vec::new(),
            })
            .unwrap();
    });
    let (flak_1, flak_2, mobile) = (UnitId(21), UnitId(22), UnitId(23));
    let mut game = Game::new(d, "campaign", Options::default()).unwrap();
    for (u, h) in [
        (flak_1, hex(2, 3)),
        (flak_2, hex(2, 4)),
        (mobile, hex(3, 3)),
    ] {
        put(&mut game, u, h, COMBAT);
    }
    let e = cmd(&mut game, Command::Disband { unit: flak_1 }).unwrap_err();
    assert_eq!(e.case, "13.6.1", "not on turn 1");
    until(&mut game, 2, GERMAN, SegmentKind::Reinforcement);
    let e = cmd(&mut game, Command::Disband { unit: mobile }).unwrap_err();
    assert_eq!(e.case, "13.6.1", "only immobile flak");
    let ev = cmd(&mut game, Command::Disband { unit: flak_1 }).unwrap();
    assert!(ev.contains(&Event::Withdrawn {
        units: [flak_1].into_iter().collect(),
        case: "13.6.1"
    }));
    assert_eq!(game.state.victory.soviet, 0, "no VP to the Soviet");
    assert!(matches!(
        game.pending(),
        Pending::DrawChit { case: "11.2.3", .. }
    ));
    let ev = game.apply(&Input::Drew(0)).unwrap();
    let Some(Event::Drawn { unit: vs, .. }) = ev.first().cloned() else {
        panic!("{ev:?}")
    };
    assert_eq!(
        cmd(&mut game, Command::EndSegment).unwrap_err().case,
        "13.6.1"
    );
    assert_eq!(mv(&mut game, &[vs], hex(1, 1)).unwrap_err().case, "13.6.1");
    let next_to = beside(&game, ministry, &[]);
    mv(&mut game, &[vs], next_to).expect("next to the Air Ministry");
    let e = cmd(&mut game, Command::Disband { unit: flak_2 }).unwrap_err();
    assert_eq!(e.case, "13.6.1", "one a turn");
    cmd(&mut game, Command::EndSegment).expect("the segment ends");
}

/// The campaign with a naval infantry check on turn 2, one battalion in the pile (unit 21), an
/// airfield at 0207 held by an immobile flak unit (unit 22, when `flak`), and the Tiergarten
/// road at 0305; at the check's die.
fn naval_board(flak: bool) -> Game<'static> {
    use crate::core::map::{Place, PlaceKind};
    use crate::fortress::counters::{Counter, Printed, UnitSize, UnitType, WeaponType};
    use crate::fortress::data::{text, Group, GroupKind};
    let d = super::reinforcement_tests::campaign_with(|d| {
        d.naval_checks.push(2).unwrap();
        let naval = d
            .forces
            .add(Counter::new(
                "MarScB 803",
                GERMAN,
                UnitType::Infantry,
                UnitSize::Battalion,
                WeaponType::SmallArms,
                Printed::new(1, 1, 1, 6),
                Printed::new(1, 1, 2, 4),
                2,
            ))
            .unwrap();
        d.forces
            .add(Counter::new(
                "Tegel Flak",
                GERMAN,
                UnitType::Flak,
                UnitSize::Battalion,
                WeaponType::AntiTank,
                Printed::new(2, 3, 2, 0),
                Printed::new(2, 6, 3, 0),
                3,
            ))
            .unwrap();
        d.groups
            .push(Group {
                kind: GroupKind::Pool,
                side: GERMAN,
                turn: 0,
                case: text("13.7"),
                variant: None,
                entry: None,
                zone: None,
                hexes: heapless::Vec::new(),
                draw: 0,
                units: [naval].into_iter().collect(),
            })
            .unwrap();
        let i = d.map.geometry.index(hex(2, 7)).unwrap();
        d.map.terrain[i] = crate::fortress::board::terrain::AIRFIELD;
        for (name, at) in [
            ("Tegel", hex(2, 7)),
            (super::naval::TIERGARTEN_ROAD, hex(3, 5)),
        ] {
            d.map
                .places
                .push(Place {
                    name: text(name),
                    kind: PlaceKind::Area,
                    hexes: [at].into_iter().collect(),
                    towers: heapless::Vec::new(),
                })
                .unwrap();
        }
    });
    let mut game = Game::new(d, "campaign", Options::default()).unwrap();
    if flak {
        put(&mut game, UnitId(22), hex(2, 7), COMBAT);
    }
    for _ in 0..20 {
        if matches!(game.pending(), Pending::Roll { .. }) {
            break;
        }
        cmd(&mut game, Command::EndSegment).expect("the segment ends");
    }
    assert_eq!(game.state.board.turn, 2);
    game
}

#[test]
fn fb_naval_13_7_on_1_or_2_a_battalion_is_flown_to_an_airfield_the_german_still_holds() {
    let mut game = naval_board(true);
    assert!(matches!(game.pending(), Pending::Roll { case: "13.7", .. }));
    let mut miss = game.clone();
    roll(&mut miss, 3);
    assert_eq!(
        miss.pending(),
        Pending::Command { player: GERMAN },
        "3-6: nobody"
    );
    roll(&mut game, 2);
    assert!(matches!(
        game.pending(),
        Pending::DrawChit { case: "13.7", .. }
    ));
    let ev = game.apply(&Input::Drew(0)).unwrap();
    assert!(ev.contains(&Event::Drawn {
        unit: UnitId(21),
        case: "13.7"
    }));
    assert_eq!(
        cmd(&mut game, Command::EndSegment).unwrap_err().case,
        "13.7"
    );
    assert_eq!(
        mv(&mut game, &[UnitId(21)], hex(5, 5)).unwrap_err().case,
        "13.7"
    );
    let ev = mv(&mut game, &[UnitId(21)], hex(2, 7)).expect("lands at the airfield");
    assert!(ev.iter().any(|e| matches!(e, Event::Entered { .. })));
    assert_eq!(game.pending(), Pending::Command { player: GERMAN });
    assert_eq!(game.state.board.hex_of(UnitId(21)), Some(hex(2, 7)));
    // An airfield without its flak is the Soviet's: nobody comes there.
    let mut bare = naval_board(false);
    roll(&mut bare, 1);
    bare.apply(&Input::Drew(0)).unwrap();
    assert_eq!(
        mv(&mut bare, &[UnitId(21)], hex(2, 7)).unwrap_err().case,
        "13.7"
    );
}

#[test]
fn fb_naval_13_7_1_on_the_tiergarten_road_it_lands_on_1_or_2_else_it_is_lost_for_1_soviet_vp() {
    let mut game = naval_board(false);
    roll(&mut game, 1);
    game.apply(&Input::Drew(0)).unwrap();
    mv(&mut game, &[UnitId(21)], hex(3, 5)).expect("tries the road");
    assert!(matches!(
        game.pending(),
        Pending::Roll { case: "13.7.1", .. }
    ));
    let mut safe = game.clone();
    roll(&mut safe, 2);
    assert_eq!(safe.state.board.hex_of(UnitId(21)), Some(hex(3, 5)));
    let ev = roll(&mut game, 3);
    assert!(ev.contains(&Event::Eliminated {
        unit: UnitId(21),
        case: "13.7.1"
    }));
    assert_eq!(vp(&ev, SOVIET, "12.0.2"), [1], "the Soviet scores it");
    assert_eq!(game.pending(), Pending::Command { player: GERMAN });
}

#[test]
fn fb_hitler_youth_11_2_2_they_stay_put_until_a_german_ss_unit_first_fights() {
    let mut game = campaign();
    let hj = testkit::GERMAN_HJ;
    put(&mut game, hj, hex(2, 6), MANEUVER);
    let x = hex(4, 7);
    put(&mut game, testkit::SOVIET_RIFLES_1, x, COMBAT);
    let ss_at = beside(&game, x, &[]);
    put(&mut game, testkit::GERMAN_SS, ss_at, COMBAT);
    until(&mut game, 1, GERMAN, SegmentKind::Movement);
    let to = beside(&game, hex(2, 6), &[]);
    let e = mv(&mut game, &[hj], to).unwrap_err();
    assert_eq!(e.case, "11.2.2");
    until(&mut game, 1, GERMAN, SegmentKind::Combat);
    cmd(
        &mut game,
        Command::Assault {
            attackers: [testkit::GERMAN_SS].into_iter().collect(),
            target: x,
        },
    )
    .expect("the SS attack");
    assert!(game.state.ss_engaged, "their first combat");
    let mut guard = 0;
    while !matches!(game.pending(), Pending::Command { .. }) {
        match game.pending() {
            Pending::Roll { .. } => {
                game.apply(&Input::Rolled(DiceRoll::of(&[3, 4]))).unwrap();
            }
            _ => {
                game.apply(&Input::Chose(0)).unwrap();
            }
        }
        guard += 1;
        assert!(guard < 20);
    }
    until(&mut game, 2, GERMAN, SegmentKind::Movement);
    mv(&mut game, &[hj], to).expect("free to move now");
}

/// The campaign with the stand-in Air Strike Table (5.6, 11.4).
fn air_board() -> Game<'static> {
    let d = super::reinforcement_tests::campaign_with(|d| {
        d.air = Some(crate::fortress::air::standin());
    });
    Game::new(d, "campaign", Options::default()).unwrap()
}

/// Ends segments until `side`'s `kind` segment of `turn`, answering airpower rolls with `dice`.
fn until_rolling(game: &mut Game<'static>, turn: u8, side: Side, kind: SegmentKind, dice: [u8; 2]) {
    for _ in 0..100 {
        let s = game.state.board.segment;
        match game.pending() {
            Pending::Roll { .. } => {
                game.apply(&Input::Rolled(DiceRoll::of(&dice))).unwrap();
                continue;
            }
            Pending::Command { .. }
                if game.state.board.turn == turn && s.side == side && s.kind == kind =>
            {
                return;
            }
            _ => {}
        }
        cmd(game, Command::EndSegment).expect("the segment ends");
    }
    panic!("never reached turn {turn} {side:?} {kind:?}");
}

#[test]
fn fb_airpower_5_6_each_reinforcement_segment_rolls_two_dice_on_the_air_strike_table() {
    let mut game = air_board();
    let asked = |side| Pending::Roll {
        player: side,
        dice: DiceSpec::TWO_D6,
        purpose: "airpower",
        case: "5.6",
        secret: false,
    };
    assert_eq!(game.pending(), asked(GERMAN), "from the first segment on");
    assert_eq!(
        game.apply(&Input::Rolled(DiceRoll::of(&[6])))
            .unwrap_err()
            .case,
        "5.6",
        "two dice"
    );
    let ev = game.apply(&Input::Rolled(DiceRoll::of(&[6, 6]))).unwrap();
    assert!(ev.contains(&Event::AirPower {
        side: GERMAN,
        strikes: 1
    }));
    assert_eq!(game.state.air_strikes, 1);
    assert_eq!(game.pending(), Pending::Command { player: GERMAN });
    for _ in 0..3 {
        cmd(&mut game, Command::EndSegment).unwrap();
    }
    assert_eq!(
        game.pending(),
        asked(SOVIET),
        "the Soviet rolls in his own segment"
    );
    let ev = game.apply(&Input::Rolled(DiceRoll::of(&[4, 5]))).unwrap();
    assert!(ev.contains(&Event::AirPower {
        side: SOVIET,
        strikes: 2
    }));
    // Never more than the three counters in the box.
    let t = crate::fortress::air::standin();
    assert!((2..=12).all(|n| t.strikes(SOVIET, n) <= 3 && t.strikes(GERMAN, n) <= 1));
}

#[test]
fn fb_airpower_11_4_an_air_strike_fires_20_alone_at_any_occupied_hex_without_a_spotter() {
    let mut game = air_board();
    let (a, b) = (hex(3, 6), hex(5, 6));
    put(&mut game, testkit::GERMAN_INFANTRY_1, a, COMBAT);
    put(&mut game, testkit::GERMAN_INFANTRY_2, b, COMBAT);
    until_rolling(&mut game, 1, SOVIET, SegmentKind::Movement, [4, 5]);
    assert_eq!(game.state.air_strikes, 2);
    let e = cmd(&mut game, Command::AirStrike { target: a }).unwrap_err();
    assert_eq!(e.case, "4.1.4", "in the combat segment only");
    cmd(&mut game, Command::EndSegment).unwrap();
    // No Soviet unit anywhere near: no spotter is needed.
    let ev = cmd(&mut game, Command::AirStrike { target: a }).expect("the strike");
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::FireAnnounced {
            attack: 20,
            mixed: false,
            ..
        }
    )));
    assert!(matches!(
        game.pending(),
        Pending::Roll { case: "8.2.4", .. }
    ));
    game.apply(&Input::Rolled(DiceRoll::of(&[2, 2]))).unwrap();
    let mut guard = 0;
    while let Pending::Choose { .. } = game.pending() {
        game.apply(&Input::Chose(0)).unwrap();
        guard += 1;
        assert!(guard < 10);
    }
    let e = cmd(&mut game, Command::AirStrike { target: a }).unwrap_err();
    assert_eq!(e.case, "8.2", "once a hex a segment, never combined");
    let e = cmd(&mut game, Command::AirStrike { target: hex(2, 2) }).unwrap_err();
    assert_eq!(e.case, "8.2", "only at a hex holding enemy units");
    cmd(&mut game, Command::AirStrike { target: b }).expect("the second strike");
    game.apply(&Input::Rolled(DiceRoll::of(&[2, 2]))).unwrap();
    while let Pending::Choose { .. } = game.pending() {
        game.apply(&Input::Chose(0)).unwrap();
    }
    put(&mut game, testkit::GERMAN_TANK, hex(2, 6), COMBAT);
    let e = cmd(&mut game, Command::AirStrike { target: hex(2, 6) }).unwrap_err();
    assert_eq!(e.case, "11.4", "two strikes, both flown");
}
