//! The three- to six-player games (17.2, 17.3): the Soviet fronts kept apart, the German
//! roles and their shuffle, and who wins among the players.

use super::*;
use crate::fortress::counters::{FormationKind, Front};
use crate::fortress::players::Role;

/// The testkit with the Soviet tank moved to a Koniev army; a game of `players`.
fn fronts(players: u8) -> Game<'static> {
    let d = data_with(|d| {
        let koniev = d
            .forces
            .add_formation("3rd Guards Tank Army", SOVIET, FormationKind::Army, None)
            .unwrap();
        d.forces.formations[koniev.0 as usize].front = Some(Front::Koniev);
        d.forces.counters[SOVIET_TANK.0 as usize].formation = Some(koniev);
    });
    Game::new(
        d,
        "skirmish",
        Options {
            players,
            ..Options::default()
        },
    )
    .unwrap()
}

#[test]
fn fb_players_17_2_the_two_fronts_never_stack_together() {
    for players in [2, 3] {
        let mut game = fronts(players);
        let here = hex(6, 5);
        put(&mut game, SOVIET_TANK, here, MANEUVER, Dir::Up);
        put(
            &mut game,
            SOVIET_RIFLES_1,
            n(here, Dir::Down),
            MANEUVER,
            Dir::Up,
        );
        until(&mut game, SOVIET, SegmentKind::Movement);
        assert_eq!(
            game.role_of(SOVIET_TANK),
            (players == 3).then_some(Role::Koniev)
        );
        assert_eq!(
            game.role_of(SOVIET_RIFLES_1),
            (players == 3).then_some(Role::Zhukov)
        );
        let r = mv(&mut game, &[SOVIET_RIFLES_1], here);
        if players == 3 {
            assert_eq!(r.unwrap_err().case, "17.2");
        } else {
            r.expect("one Soviet player stacks as he likes");
        }
    }
}

#[test]
fn fb_players_17_2_the_fronts_never_combine_nor_attack_one_hex_in_a_segment() {
    let mut game = fronts(3);
    let x = hex(6, 3);
    put(&mut game, GERMAN_TANK, x, COMBAT, Dir::Up);
    put(&mut game, SOVIET_TANK, n(x, Dir::Down), COMBAT, Dir::Up);
    put(
        &mut game,
        SOVIET_RIFLES_1,
        n(x, Dir::DownLowerCol),
        COMBAT,
        Dir::Up,
    );
    put(&mut game, SOVIET_ARMY_HQ, hex(6, 6), COMBAT, Dir::Up);
    until(&mut game, SOVIET, SegmentKind::Combat);
    let both: Assaulters = [SOVIET_TANK, SOVIET_RIFLES_1].into_iter().collect();
    let e = cmd(
        &mut game,
        Command::Assault {
            attackers: both,
            target: x,
        },
    )
    .unwrap_err();
    assert_eq!(e.case, "17.2", "no joint close assault");
    // Koniev's tank fires at the German tank; Zhukov's rifles may not then assault that hex.
    cmd(
        &mut game,
        Command::GunFire {
            firers: [SOVIET_TANK].into_iter().collect(),
            target: GERMAN_TANK,
        },
    )
    .expect("Koniev fires");
    game.apply(&Input::Rolled(DiceRoll::of(&[1, 1]))).unwrap();
    while let Pending::Choose { .. } = game.pending() {
        game.apply(&Input::Chose(0)).unwrap();
    }
    assert_eq!(
        game.state.board.hex_of(GERMAN_TANK),
        Some(x),
        "a roll of 2 misses"
    );
    let e = cmd(
        &mut game,
        Command::Assault {
            attackers: [SOVIET_RIFLES_1].into_iter().collect(),
            target: x,
        },
    )
    .unwrap_err();
    assert_eq!(e.case, "17.2", "the other front has attacked the hex");
}

#[test]
fn fb_players_17_3_1_the_hitler_player_shuffles_roles_once_a_turn_for_a_soviet_vp() {
    let shuffle = |g: &mut Game<'static>, holder: [u8; 4]| cmd(g, Command::Shuffle { holder });
    let mut two = game(data());
    assert_eq!(shuffle(&mut two, [1, 0, 2, 3]).unwrap_err().case, "17.3.1");
    let mut game = Game::new(
        data(),
        "skirmish",
        Options {
            players: 4,
            ..Options::default()
        },
    )
    .unwrap();
    assert_eq!(
        (
            game.holder(Role::Hitler),
            game.holder(Role::ArmedForces),
            game.holder(Role::Ss)
        ),
        (Some(0), Some(1), None)
    );
    assert_eq!(game.role_of(GERMAN_TANK), Some(Role::ArmedForces));
    let before = game.state.victory.soviet;
    assert_eq!(shuffle(&mut game, [0, 0, 2, 3]).unwrap_err().case, "17.3.2");
    assert_eq!(shuffle(&mut game, [0, 1, 2, 3]).unwrap_err().case, "17.3.1");
    let ev = shuffle(&mut game, [1, 0, 2, 3]).expect("the Armed Forces player is shot");
    assert!(ev.contains(&Event::RolesShuffled {
        holder: [1, 0, 2, 3]
    }));
    assert_eq!(
        game.state.victory.soviet,
        before + 1,
        "17.3.1: +1 Soviet VP"
    );
    assert_eq!(game.holder(Role::Hitler), Some(1));
    assert_eq!(
        shuffle(&mut game, [0, 1, 2, 3]).unwrap_err().case,
        "17.3.1",
        "once a German player-turn"
    );
    until(&mut game, GERMAN, SegmentKind::Movement);
    let mut later = game.clone();
    assert_eq!(
        shuffle(&mut later, [0, 1, 2, 3]).unwrap_err().case,
        "17.3.1"
    );
}

#[test]
fn fb_players_17_3_2_the_german_winner_lost_the_least_share_and_is_never_hitler() {
    // The German tank made an SS unit for the test.
    let d = data_with(|d| d.forces.counters[GERMAN_TANK.0 as usize].waffen_ss = true);
    let mut game = Game::new(
        d,
        "skirmish",
        Options {
            players: 5,
            ..Options::default()
        },
    )
    .unwrap();
    assert_eq!(game.role_of(GERMAN_TANK), Some(Role::Ss));
    assert_eq!(game.role_of(GERMAN_INFANTRY_1), Some(Role::ArmedForces));
    // The Armed Forces lose an infantry battalion; the SS nothing.
    game.state.board.eliminate(GERMAN_INFANTRY_1).unwrap();
    assert!(game.fs_lost_share(Role::ArmedForces) > 0);
    assert_eq!(game.fs_lost_share(Role::Ss), 0);
    game.state.victory.outcome = Some(Outcome {
        ending: Ending::ReichstagHeld,
        winner: Some(GERMAN),
    });
    let w = game.winners().unwrap();
    assert_eq!(
        w.german,
        game.holder(Role::Ss),
        "the SS player's forces lost least"
    );
    assert_eq!(w.soviet, [false, false]);
    // After a shuffle the SS forces are player 0's: he wins with them.
    game.state.roles.holder = [2, 1, 0, 3];
    assert_eq!(game.winners().unwrap().german, Some(0));
    // 17.3.1: the Hitler player at Hitler's suicide has lost, whatever role he holds later:
    // the Armed Forces player wins instead.
    game.state.roles.hitler_at_death = Some(0);
    assert_eq!(game.winners().unwrap().german, Some(1));
}

#[test]
fn fb_players_17_2_the_front_that_took_hitler_or_the_objective_wins() {
    let mut game = fronts(3);
    game.state.victory.outcome = Some(Outcome {
        ending: Ending::ReichstagTaken,
        winner: Some(SOVIET),
    });
    assert_eq!(
        game.winners().unwrap().soviet,
        [true, true],
        "nobody took it: shared"
    );
    let r = hex(6, 6);
    put(&mut game, SOVIET_TANK, r, COMBAT, Dir::Up);
    game.note_capturer(r);
    assert_eq!(
        game.winners().unwrap().soviet,
        [false, true],
        "Koniev's tank took it"
    );
}

#[test]
fn fb_options_17_0_the_optional_rules_are_agreed_before_play_and_stay() {
    let options = Options {
        players: 3,
        ubahn: true,
        army_coordination: true,
        ..Options::default()
    };
    let mut game = Game::new(data(), "skirmish", options).unwrap();
    // No input of the game names an option: they are fixed when it is set up.
    for line in ["option ubahn off", "players 2", "set army-coordination off"] {
        assert!(
            crate::fortress::notation::read(game.data, line).is_err(),
            "{line}"
        );
    }
    until(&mut game, SOVIET, SegmentKind::Combat);
    assert_eq!(
        Ruleset::options(&game),
        options,
        "a turn later they are the same"
    );
}

#[test]
fn fb_players_17_2_a_front_may_bombard_the_others_units_next_to_germans() {
    // Koniev's tank in 0404 next to German infantry in 0403; Zhukov's artillery two hexes off.
    let board = |players: u8| {
        let mut game = fronts(players);
        let y = hex(4, 4);
        put(&mut game, SOVIET_TANK, y, COMBAT, Dir::Up);
        put(&mut game, GERMAN_INFANTRY_1, hex(4, 3), COMBAT, Dir::Up);
        put(&mut game, GERMAN_INFANTRY_2, hex(4, 3), COMBAT, Dir::Up);
        put(
            &mut game,
            SOVIET_ARTILLERY,
            n(n(y, Dir::Up), Dir::Up),
            COMBAT,
            Dir::Down,
        );
        until(&mut game, SOVIET, SegmentKind::Combat);
        (game, y)
    };
    let (mut two, y) = board(2);
    let e = bombard(&mut two, &[SOVIET_ARTILLERY], y, false).unwrap_err();
    assert_eq!(
        e.case, "8.2",
        "one Soviet player never fires on his own units"
    );
    let (game, y) = board(3);
    let mut g = game.clone();
    let ev = bombard(&mut g, &[SOVIET_ARTILLERY], y, false).expect("Zhukov shells Koniev's tank");
    assert!(matches!(ev[0], Event::FireAnnounced { .. }));
    let mut hit = 0;
    for (after, ev) in every_roll(&g) {
        let result = ev
            .iter()
            .find_map(|e| match e {
                Event::AssaultResult { result, .. } => Some(*result),
                _ => None,
            })
            .expect("a result");
        let b = &after.state.board;
        assert_eq!(
            b.hex_of(GERMAN_INFANTRY_1),
            Some(hex(4, 3)),
            "the Germans beside are untouched"
        );
        if result == CombatResult::Elimination {
            assert_eq!(b.hex_of(SOVIET_TANK), None, "the tank is lost");
            hit += 1;
        }
        if result == CombatResult::Disruption {
            assert!(b.disrupted(SOVIET_TANK));
            hit += 1;
        }
        assert!(
            !matches!(after.pending(), Pending::Choose { case: "8.9", .. }),
            "nobody occupies the hex after"
        );
    }
    assert!(hit > 0, "some rolls strike the tank");
    // Not without Germans beside it.
    let mut alone = game.clone();
    put(&mut alone, GERMAN_INFANTRY_1, hex(8, 8), COMBAT, Dir::Up);
    put(&mut alone, GERMAN_INFANTRY_2, hex(8, 8), COMBAT, Dir::Up);
    put(&mut alone, GERMAN_TANK, hex(8, 7), COMBAT, Dir::Up);
    let e = bombard(&mut alone, &[SOVIET_ARTILLERY], y, false).unwrap_err();
    assert_eq!(e.case, "17.2");
}

#[test]
fn fb_players_17_2_the_fronts_share_the_air_strikes_the_odd_one_zhukovs() {
    let mut game = fronts(3);
    let targets = [hex(2, 2), hex(4, 4), hex(6, 2)];
    for (i, &t) in targets.iter().enumerate() {
        let u = [GERMAN_INFANTRY_1, GERMAN_INFANTRY_2, GERMAN_TANK][i];
        put(&mut game, u, t, COMBAT, Dir::Up);
    }
    until(&mut game, SOVIET, SegmentKind::Combat);
    game.state.air_strikes = 3;
    game.state.air_received = 3;
    let strike = |g: &mut Game<'static>, target: HexId, by: Option<Front>| {
        let r = cmd(g, Command::AirStrike { target, by });
        if r.is_ok() {
            if let Pending::Roll { .. } = g.pending() {
                g.apply(&Input::Rolled(DiceRoll::of(&[1, 1]))).unwrap();
            }
            while let Pending::Choose { .. } = g.pending() {
                g.apply(&Input::Chose(0)).unwrap();
            }
        }
        r
    };
    assert_eq!(
        strike(&mut game, targets[0], None).unwrap_err().case,
        "17.2",
        "name the front"
    );
    strike(&mut game, targets[0], Some(Front::Koniev)).expect("Koniev's one");
    let e = strike(&mut game, targets[1], Some(Front::Koniev)).unwrap_err();
    assert_eq!(e.case, "17.2", "Koniev has had his half of three");
    strike(&mut game, targets[1], Some(Front::Zhukov)).expect("Zhukov's first");
    strike(&mut game, targets[2], Some(Front::Zhukov)).expect("and the odd one");
}
