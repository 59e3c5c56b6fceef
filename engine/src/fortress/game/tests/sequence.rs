//! The sequence of play (4.0–4.3).

use super::*;

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
