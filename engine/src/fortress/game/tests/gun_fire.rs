//! The combat segment's direct gun fire (4.1.4 step 2, 8.3) and the defender's gun fire before
//! a close assault is rolled (8.3.5, 8.4.2 step 2).

use super::*;

/// A Soviet tank in combat mode next to a German tank and infantry in clear 0603, the Soviet
/// army HQ a few hexes away (the tank is in command, 3.5.2); the Soviet combat segment.
fn gun_board() -> (Game<'static>, HexId) {
    let mut game = game(data());
    let x = hex(6, 3);
    put(&mut game, GERMAN_TANK, x, COMBAT, Dir::Up);
    put(&mut game, GERMAN_INFANTRY_1, x, COMBAT, Dir::Up);
    let below = n(x, Dir::Down);
    put(&mut game, SOVIET_TANK, below, COMBAT, Dir::Up);
    put(&mut game, SOVIET_ARMY_HQ, hex(6, 6), COMBAT, Dir::Up);
    until(&mut game, SOVIET, SegmentKind::Combat);
    (game, x)
}

fn gun_fire(
    game: &mut Game<'static>,
    firers: &[UnitId],
    target: UnitId,
) -> Result<Events<Event>, RuleViolation> {
    cmd(
        game,
        Command::GunFire {
            firers: firers.iter().copied().collect(),
            target,
        },
    )
}

#[test]
fn fb_combat_8_3_6_gun_fire_is_rolled_and_its_result_falls_on_the_target_alone() {
    let (mut game, x) = gun_board();
    let ev = gun_fire(&mut game, &[SOVIET_TANK], GERMAN_TANK).expect("the tank fires");
    let Event::GunFireAnnounced {
        target,
        attack,
        defence,
        letter,
    } = ev[0]
    else {
        panic!("{ev:?}")
    };
    assert_eq!(target, GERMAN_TANK);
    assert_eq!(attack, 7, "the Soviet tank's combat FS (8.3.6)");
    assert_eq!(
        defence, 5,
        "the German tank's own PF, not the hex's total (8.3.6)"
    );
    assert!(letter.is_some());
    assert!(matches!(
        game.pending(),
        Pending::Roll {
            case: "8.3.6",
            player: SOVIET,
            ..
        }
    ));
    let mut seen = Vec::new();
    for (mut g, ev) in every_roll(&game) {
        let result = ev
            .iter()
            .find_map(|e| match e {
                Event::AssaultResult { result, .. } => Some(*result),
                _ => None,
            })
            .expect("a result");
        seen.push(result);
        let b = &g.state.board;
        assert_eq!(
            (b.hex_of(GERMAN_INFANTRY_1), b.disrupted(GERMAN_INFANTRY_1)),
            (Some(x), false),
            "8.3.6: the infantry beside the target is never touched ({result:?})"
        );
        match result {
            CombatResult::NoEffect => assert_eq!(b.hex_of(GERMAN_TANK), Some(x)),
            CombatResult::Disruption => assert!(b.disrupted(GERMAN_TANK), "8.6 D"),
            CombatResult::One | CombatResult::Two | CombatResult::Elimination => {
                assert_eq!(
                    b.hex_of(GERMAN_TANK),
                    None,
                    "{result:?} eliminates the target"
                )
            }
            CombatResult::Exchange => {
                assert_eq!(b.hex_of(GERMAN_TANK), None);
                // 8.6 EX: the firer matches the loss (gun fire is no bombardment).
                let Pending::Choose {
                    player,
                    case,
                    options,
                    ..
                } = g.pending()
                else {
                    panic!("the Soviet matches the exchange")
                };
                assert_eq!((player, case), (SOVIET, "8.6"));
                assert_eq!(options.as_slice(), [Choice::Unit(SOVIET_TANK)]);
            }
            CombatResult::Retreat => {
                // The tank retreats alone; the infantry stays.
                let Pending::Choose {
                    player,
                    case,
                    options,
                    ..
                } = g.pending()
                else {
                    panic!("the German retreats the tank")
                };
                assert_eq!((player, case), (GERMAN, "8.7"));
                let Some(Choice::Hex(to)) = options.first().copied() else {
                    panic!("{options:?}")
                };
                g.apply(&Input::Chose(0)).unwrap();
                assert_eq!(g.state.board.hex_of(GERMAN_TANK), Some(to));
                assert_eq!(g.state.board.hex_of(GERMAN_INFANTRY_1), Some(x));
            }
        }
    }
    assert!(seen.contains(&CombatResult::NoEffect) && seen.len() == 36);
}

#[test]
fn fb_combat_8_3_gun_fire_targets_armour_only_and_needs_command() {
    let (game, _) = gun_board();
    let mut g = game.clone();
    let before = bytes(&g);
    let e = gun_fire(&mut g, &[SOVIET_TANK], GERMAN_INFANTRY_1).unwrap_err();
    assert_eq!(e.case, "8.3", "infantry is no gun-fire target");
    assert_eq!(bytes(&g), before, "a refusal changes nothing");
    // 3.5.2, 8.3.3: with its HQ out of reach the tank may not fire.
    let mut far = game.clone();
    put(&mut far, SOVIET_ARMY_HQ, hex(1, 8), COMBAT, Dir::Up);
    let e = gun_fire(&mut far, &[SOVIET_TANK], GERMAN_TANK).unwrap_err();
    assert_eq!(e.case, "8.3.3");
    // 8.3.4: one combat a segment.
    let mut twice = game.clone();
    gun_fire(&mut twice, &[SOVIET_TANK], GERMAN_TANK).unwrap();
    twice.apply(&Input::Rolled(DiceRoll::of(&[1, 1]))).unwrap();
    while let Pending::Choose { .. } = twice.pending() {
        twice.apply(&Input::Chose(0)).unwrap();
    }
    assert!(
        twice.state.board.hex_of(GERMAN_TANK).is_some(),
        "a roll of 2 misses"
    );
    let e = gun_fire(&mut twice, &[SOVIET_TANK], GERMAN_TANK).unwrap_err();
    assert_eq!(e.case, "8.3.4");
}

#[test]
fn fb_combat_4_1_4_bombardment_then_gun_fire_then_close_assault() {
    let (game, x) = gun_board();
    // Gun fire closes the bombardment step.
    let mut g = game.clone();
    put(&mut g, SOVIET_ARTILLERY, hex(6, 1), COMBAT, Dir::Down);
    gun_fire(&mut g, &[SOVIET_TANK], GERMAN_TANK).unwrap();
    g.apply(&Input::Rolled(DiceRoll::of(&[1, 1]))).unwrap();
    while let Pending::Choose { .. } = g.pending() {
        g.apply(&Input::Chose(0)).unwrap();
    }
    let e = bombard(&mut g, &[SOVIET_ARTILLERY], x, false).unwrap_err();
    assert_eq!(e.case, "4.1.4", "no bombardment after gun fire");
    // A close assault closes the gun-fire step.
    let mut a = game.clone();
    put(
        &mut a,
        SOVIET_RIFLES_1,
        n(x, Dir::UpLowerCol),
        COMBAT,
        Dir::Up,
    );
    cmd(
        &mut a,
        Command::Assault {
            attackers: [SOVIET_RIFLES_1].into_iter().collect(),
            target: x,
        },
    )
    .unwrap();
    no_support_no_fire(&mut a);
    if let Pending::Roll { .. } = a.pending() {
        a.apply(&Input::Rolled(DiceRoll::of(&[1, 1]))).unwrap();
    }
    while let Pending::Choose { .. } = a.pending() {
        a.apply(&Input::Chose(0)).unwrap();
    }
    assert!(
        a.state.board.hex_of(GERMAN_TANK).is_some(),
        "a roll of 2 takes nothing"
    );
    let e = gun_fire(&mut a, &[SOVIET_TANK], GERMAN_TANK).unwrap_err();
    assert_eq!(e.case, "4.1.4", "no gun fire after a close assault");
}

/// The German tank and infantry assault the Soviet tank and rifles in 0603 (German combat
/// segment); the Soviet tank, in command of the army HQ, may fire at the German tank first.
fn defended_board() -> (Game<'static>, HexId) {
    let mut game = game(data());
    let x = hex(6, 3);
    put(&mut game, SOVIET_TANK, x, COMBAT, Dir::Up);
    put(&mut game, SOVIET_RIFLES_1, x, COMBAT, Dir::Up);
    put(&mut game, SOVIET_ARMY_HQ, hex(6, 1), COMBAT, Dir::Up);
    put(&mut game, GERMAN_TANK, n(x, Dir::Down), COMBAT, Dir::Up);
    put(
        &mut game,
        GERMAN_INFANTRY_1,
        n(x, Dir::DownLowerCol),
        COMBAT,
        Dir::Up,
    );
    until(&mut game, GERMAN, SegmentKind::Combat);
    cmd(
        &mut game,
        Command::Assault {
            attackers: [GERMAN_TANK, GERMAN_INFANTRY_1].into_iter().collect(),
            target: x,
        },
    )
    .expect("announced");
    // The Soviet HQ could back the defence (3.5.2): not this time.
    let Pending::Choose {
        player,
        case,
        options,
        ..
    } = game.pending()
    else {
        panic!("{:?}", game.pending())
    };
    assert_eq!((player, case), (SOVIET, "3.5.2"));
    assert_eq!(
        options.as_slice(),
        [Choice::Unit(SOVIET_ARMY_HQ), Choice::Stop]
    );
    game.apply(&Input::Chose(1)).unwrap();
    (game, x)
}

#[test]
fn fb_combat_8_3_5_the_defenders_guns_fire_after_the_announcement_before_the_roll() {
    let (game, x) = defended_board();
    let Pending::Choose {
        player,
        case,
        options,
        ..
    } = game.pending()
    else {
        panic!("{:?}", game.pending())
    };
    assert_eq!((player, case), (SOVIET, "8.3.5"));
    assert_eq!(
        options.as_slice(),
        [Choice::Unit(SOVIET_TANK), Choice::Stop]
    );
    // Declining: the assault is rolled as announced.
    let mut declined = game.clone();
    declined.apply(&Input::Chose(1)).unwrap();
    assert!(matches!(
        declined.pending(),
        Pending::Roll {
            case: "8.4.2",
            player: GERMAN,
            ..
        }
    ));
    // Firing: the tank's only target is the German tank (the infantry is no gun target).
    let mut g = game.clone();
    g.apply(&Input::Chose(0)).unwrap();
    let Pending::Choose { case, options, .. } = g.pending() else {
        panic!()
    };
    assert_eq!(
        (case, options.as_slice()),
        ("8.3.5", &[Choice::Unit(GERMAN_TANK)][..])
    );
    let ev = g.apply(&Input::Chose(0)).unwrap();
    assert!(matches!(
        ev[0],
        Event::GunFireAnnounced {
            target: GERMAN_TANK,
            ..
        }
    ));
    assert!(matches!(
        g.pending(),
        Pending::Roll {
            case: "8.3.6",
            player: SOVIET,
            ..
        }
    ));
    let full = {
        let d = declined.clone();
        d.assault_card(&[GERMAN_TANK, GERMAN_INFANTRY_1], x, &[])
            .unwrap()
            .attack
    };
    let mut outcomes = 0;
    for (mut after, ev) in every_roll(&g) {
        let result = ev
            .iter()
            .find_map(|e| match e {
                Event::AssaultResult { result, .. } => Some(*result),
                _ => None,
            })
            .expect("the gun fire's result");
        // Whatever the defender's fire obliges is settled first.
        while let Pending::Choose { case, .. } = after.pending() {
            assert_ne!(case, "8.3.5", "the tank has fired once (8.3.3)");
            after.apply(&Input::Chose(0)).unwrap();
        }
        if let Pending::Roll { case: "8.4.2", .. } = after.pending() {
            let Waiting::AssaultRoll(a) = &after.state.waiting else {
                panic!()
            };
            let card = after.assault_card(&a.attackers, x, &a.support).unwrap();
            if result == CombatResult::NoEffect {
                assert_eq!(a.attackers.as_slice(), [GERMAN_TANK, GERMAN_INFANTRY_1]);
                assert_eq!(card.attack, full);
            } else {
                // 8.4.2 step 2: an attacker the fire affected takes no part.
                assert_eq!(a.attackers.as_slice(), [GERMAN_INFANTRY_1], "{result:?}");
                assert!(card.attack < full);
            }
            outcomes += 1;
        }
    }
    assert!(outcomes > 0, "the assault goes on to its roll");
}
