//! The combat segment's bombardment (8.2, 8.9).

use super::*;

// ---- the combat segment: bombardment -------------------------------------------------------------

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
    for (mut g, ev) in every_roll(&game) {
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
    for (mut g, ev) in every_roll(&game) {
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

/// The Soviet army HQ five hexes from German infantry in 0404, a rifle battalion of its army
/// next to the target; the Soviet combat segment.
fn barrage_board() -> (Game<'static>, HexId) {
    let mut game = game(data());
    let target = hex(4, 4);
    put(&mut game, SOVIET_ARMY_HQ, hex(4, 8), COMBAT, Dir::Up);
    put(
        &mut game,
        SOVIET_RIFLES_1,
        n(target, Dir::Up),
        COMBAT,
        Dir::Down,
    );
    put(&mut game, SOVIET_ARTILLERY, hex(8, 8), COMBAT, Dir::Up);
    until(&mut game, SOVIET, SegmentKind::Combat);
    (game, target)
}

#[test]
fn fb_combat_11_3_an_army_hq_brings_one_18_fs_strike_a_turn_on_a_spotted_hex() {
    let (game, target) = barrage_board();
    let mut first = game.clone();
    let ev = bombard(&mut first, &[SOVIET_ARMY_HQ], target, false).expect("the army's guns fire");
    let Event::FireAnnounced { attack, .. } = ev[0] else {
        panic!("{ev:?}")
    };
    assert_eq!(attack, 18, "11.3: eighteen FS, whatever the HQ prints");
    assert!(matches!(
        first.pending(),
        Pending::Roll {
            case: "8.2.4",
            player: SOVIET,
            ..
        }
    ));
    first.apply(&Input::Rolled(DiceRoll::of(&[1, 1]))).unwrap();
    while let Pending::Choose { .. } = first.pending() {
        first.apply(&Input::Chose(0)).unwrap();
    }
    // Once a turn: another hex the same segment is refused.
    let other = hex(3, 5);
    put(&mut first, GERMAN_TANK, other, COMBAT, Dir::Up);
    put(
        &mut first,
        SOVIET_RIFLES_2,
        n(other, Dir::Down),
        COMBAT,
        Dir::Up,
    );
    let e = bombard(&mut first, &[SOVIET_ARMY_HQ], other, false).unwrap_err();
    assert_eq!(e.case, "11.3");
    assert!(e.reason.contains("a turn"), "{e:?}");
    // Without a unit of its army near the target, no strike.
    let mut blind = game.clone();
    put(&mut blind, SOVIET_RIFLES_1, hex(8, 1), COMBAT, Dir::Up);
    let e = bombard(&mut blind, &[SOVIET_ARMY_HQ], target, false).unwrap_err();
    assert_eq!(e.case, "11.3", "no spotter of its army");
    assert!(e.reason.contains("spotter"), "{e:?}");
    // Out of the HQ's radius (6), no strike.
    let mut far = game.clone();
    put(&mut far, SOVIET_ARMY_HQ, hex(8, 8), COMBAT, Dir::Up);
    put(&mut far, SOVIET_ARTILLERY, hex(1, 8), COMBAT, Dir::Up);
    let target_far = hex(1, 1);
    put(&mut far, GERMAN_TANK, target_far, COMBAT, Dir::Up);
    put(
        &mut far,
        SOVIET_RIFLES_2,
        n(target_far, Dir::Up),
        COMBAT,
        Dir::Up,
    );
    assert!(g().distance(hex(8, 8), target_far) > 6);
    let e = bombard(&mut far, &[SOVIET_ARMY_HQ], target_far, false).unwrap_err();
    assert_eq!(e.case, "11.3", "beyond the command radius");
    assert!(e.reason.contains("radius"), "{e:?}");
}
