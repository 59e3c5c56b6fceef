//! The combat segment's close assault: announcement, results, retreat, advance and exploitation
//! (4.1.4, 8.6–8.10, 12.0.1).

use super::*;

// ---- the combat segment: close assault -------------------------------------------------------------

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
    for (g, ev) in every_roll(&game) {
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
                assert!(options
                    .iter()
                    .all(|o| matches!(o, Choice::Hex(h) if g.data.map.geometry.adjacent(*h, x))));
            }
        }
        if result == CombatResult::Exchange {
            let Pending::Choose { player, case, .. } = g.pending() else {
                panic!("the attacker matches the exchange");
            };
            assert_eq!((player, case), (GERMAN, "8.6"));
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
    for (mut g, ev) in every_roll(&game) {
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
        break;
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
    for (g, ev) in every_roll(&game) {
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
    panic!("no roll retreats the rifles");
}

#[test]
fn fb_victory_12_0_1_a_soviet_unit_eliminated_in_combat_scores_the_german_1_vp() {
    let (mut game, x) = assault_board();
    assault(&mut game, x);
    for (g, ev) in every_roll(&game) {
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
    panic!("no roll eliminates the rifles on the stand-in CRT");
}

/// The game after a roll whose result is one of `wanted`, and that result.
fn after_result(wanted: &[CombatResult]) -> (Game<'static>, HexId, CombatResult) {
    let (mut game, x) = assault_board();
    assault(&mut game, x);
    for (g, ev) in every_roll(&game) {
        for e in &ev {
            if let Event::AssaultResult { result, star, .. } = e {
                // Without an asterisk: no attacking stack to pick first (8.6).
                if wanted.contains(result) && !star {
                    return (g, x, *result);
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
    for (mut g, ev) in every_roll(&game) {
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
    panic!("no roll carries an asterisk on the stand-in CRT");
}

#[test]
fn fb_combat_8_9_no_advance_while_the_defender_holds_the_hex() {
    let (g, x, _) = after_result(&[CombatResult::NoEffect, CombatResult::Disruption]);
    assert_eq!(g.state.board.hex_of(SOVIET_RIFLES_1), Some(x));
    assert_eq!(advance_asked(&g), None);
    assert_eq!(g.pending(), Pending::Command { player: GERMAN });
}

/// Settles a pending choice by the option `pick` finds, else the first.
fn choose(g: &mut Game<'static>, pick: impl Fn(&Choice) -> bool) -> Events<Event> {
    let Pending::Choose { options, .. } = g.pending() else {
        panic!("a choice is pending: {:?}", g.pending());
    };
    let i = options.iter().position(pick).unwrap_or(0);
    g.apply(&Input::Chose(i as u8)).expect("a listed option")
}

#[test]
fn fb_combat_8_7_2_units_retreating_onto_friends_fight_with_them_and_share_their_fate() {
    // The rifles retreat from the assaulted hex onto the second rifle battalion next to it;
    // the three German units advance into the vacated hex and, having advanced, assault
    // again (8.9): now the rifles' refuge.
    let (mut game, x) = assault_board();
    let refuge = n(x, Dir::Up);
    put(&mut game, SOVIET_RIFLES_2, refuge, COMBAT, Dir::Down);
    assault(&mut game, x);
    let (mut g, _) = every_roll(&game)
        .find(|(_, ev)| {
            ev.iter().any(|e| {
                matches!(
                    e,
                    Event::AssaultResult {
                        result: CombatResult::Retreat,
                        ..
                    }
                )
            })
        })
        .expect("some roll retreats the rifles on the stand-in CRT");
    let Pending::Choose { options, .. } = g.pending() else {
        panic!()
    };
    assert!(
        options.contains(&Choice::Hex(refuge)),
        "a hex held by friends is a way out, German zone or not (3.2.5, 8.7.1): {options:?}"
    );
    choose(&mut g, |o| *o == Choice::Hex(refuge));
    choose(&mut g, |o| *o == Choice::Stop);
    assert_eq!(g.state.board.hex_of(SOVIET_RIFLES_1), Some(refuge));
    assert_eq!(advance_asked(&g), Some(GERMAN));
    while advance_asked(&g).is_some() {
        choose(&mut g, |o| matches!(o, Choice::Unit(_)));
    }
    for u in [GERMAN_TANK, GERMAN_INFANTRY_1, GERMAN_INFANTRY_2] {
        assert_eq!(g.state.board.hex_of(u), Some(x));
    }
    // The same assault on the second battalion alone, for comparison.
    let mut alone = g.clone();
    put(&mut alone, SOVIET_RIFLES_1, hex(8, 8), COMBAT, Dir::Up);
    let announced = |g: &mut Game<'static>| {
        let ev = cmd(
            g,
            Command::Assault {
                attackers: [GERMAN_TANK, GERMAN_INFANTRY_1, GERMAN_INFANTRY_2]
                    .into_iter()
                    .collect(),
                target: refuge,
            },
        )
        .expect("the units advanced, so they may assault again");
        no_support_no_fire(g);
        match ev[0] {
            Event::AssaultAnnounced { defence, .. } => defence,
            ref e => panic!("{e:?}"),
        }
    };
    let defence_alone = announced(&mut alone);
    let defence = announced(&mut g);
    assert_eq!(
        defence,
        defence_alone + 4,
        "the retreated rifles add their combat FS (4) to the hex's defence"
    );
    // Whatever the new assault does to the hex, it does to both battalions.
    let mut seen = 0;
    for (after, ev) in every_roll(&g) {
        let Some(result) = ev.iter().find_map(|e| match e {
            Event::AssaultResult { result, .. } => Some(*result),
            _ => None,
        }) else {
            panic!("{ev:?}");
        };
        let b = &after.state.board;
        match result {
            CombatResult::Disruption => {
                assert!(b.disrupted(SOVIET_RIFLES_1) && b.disrupted(SOVIET_RIFLES_2));
                seen += 1;
            }
            CombatResult::Elimination => {
                assert_eq!(
                    (b.hex_of(SOVIET_RIFLES_1), b.hex_of(SOVIET_RIFLES_2)),
                    (None, None)
                );
                seen += 1;
            }
            _ => {}
        }
    }
    assert!(seen > 0, "some roll disrupts or eliminates the hex");
}
