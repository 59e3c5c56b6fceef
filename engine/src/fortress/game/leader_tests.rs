//! The Character Game (17.4) on the testkit's campaign board with seven leaders: the birthday
//! draw, flight, suicide, defection, the defectors' move and attempt on Hitler, captures.
extern crate std;

use super::leaders::{Fate, DEFECTOR_MP};
use super::reinforcement_tests::{cmd, mv, put, until};
use super::victory_tests::{beside, roll, vp};
use super::*;
use crate::core::contract::{EventVisibility, GameEvent};
use crate::core::protocol::{DiceRoll, DiceSpec};
use crate::fortress::counters::{COMBAT, GERMAN, MANEUVER, SOVIET};
use crate::fortress::testkit::{self, hex, LEADERS};
use std::boxed::Box;
use std::vec::Vec;

fn data() -> &'static GameData {
    Box::leak(Box::new(testkit::character()))
}

fn on() -> Options {
    Options {
        character_game: true,
        ..Options::default()
    }
}

/// A character game with the birthday drawn: the first six leaders of the cup (0–5) on the
/// map, the seventh set aside.
fn character() -> Game<'static> {
    let mut game = Game::new(data(), "campaign", on()).expect("sets up");
    for _ in 0..6 {
        game.apply(&Input::Drew(0)).expect("a leader is drawn");
    }
    game
}

fn leader(i: usize) -> UnitId {
    LEADERS[i].0
}

fn home(i: usize) -> HexId {
    LEADERS[i].2
}

fn gone(ev: &[Event], u: UnitId) -> Option<Fate> {
    ev.iter().find_map(|e| match e {
        Event::LeaderGone { leader, fate, .. } if *leader == u => Some(*fate),
        _ => None,
    })
}

/// Turns leader `i` to the Soviet side on turn 1 (as a Soviet result against his hex would).
fn defect(game: &mut Game<'static>, i: usize) {
    let k = game
        .state
        .leaders
        .drawn
        .iter()
        .position(|l| l.unit == leader(i))
        .expect("drawn");
    game.state.leaders.drawn[k].defected = Some(1);
}

#[test]
fn fb_leaders_17_4_9_the_birthday_draws_six_leaders_blind_and_sets_them_up_in_their_hexes() {
    let mut game = Game::new(data(), "campaign", on()).expect("sets up");
    let Pending::DrawChit {
        player,
        cup,
        case,
        chits,
    } = game.pending()
    else {
        panic!("the birthday draw comes first: {:?}", game.pending());
    };
    assert_eq!(
        (player, cup, case, chits.len()),
        (GERMAN, "leaders", "17.4.9", 7)
    );
    assert_eq!(
        game.apply(&Input::Command(Command::EndSegment))
            .unwrap_err()
            .case,
        "17.4.9"
    );
    // The table draws the last chit, then the first five.
    let ev = game.apply(&Input::Drew(6)).unwrap();
    assert!(ev.contains(&Event::LeaderSetUp {
        leader: leader(6),
        hex: home(6)
    }));
    assert_eq!(
        ev[0].visibility(),
        EventVisibility::Only(GERMAN),
        "where the leaders stand is the German's business (3.6)"
    );
    for _ in 0..5 {
        game.apply(&Input::Drew(0)).unwrap();
    }
    for i in [0, 1, 2, 3, 4, 6] {
        assert_eq!(game.state.board.hex_of(leader(i)), Some(home(i)), "{i}");
        assert_eq!(game.leader_control(leader(i)), Some(GERMAN), "17.4.1");
    }
    // The seventh takes no part.
    assert_eq!(game.state.board.hex_of(leader(5)), None);
    assert_eq!(game.leader_control(leader(5)), None);
    assert!(matches!(
        game.pending(),
        Pending::Command { player: GERMAN }
    ));
    assert_eq!(
        game.state.board.hex_of(testkit::HITLER),
        Some(testkit::BUNKER_HEX)
    );
    assert_eq!(game.state.victory.german + game.state.victory.soviet, 0);
}

#[test]
fn fb_leaders_17_4_1_without_the_option_the_leaders_take_no_part() {
    let mut game = Game::new(data(), "campaign", Options::default()).expect("sets up");
    assert!(matches!(
        game.pending(),
        Pending::Command { player: GERMAN }
    ));
    for (u, _, _) in LEADERS {
        assert_eq!(game.state.board.hex_of(u), None);
    }
    let e = cmd(&mut game, Command::Flee { leader: leader(0) }).unwrap_err();
    assert_eq!(e.case, "17.4.2");
}

#[test]
fn fb_leaders_17_4_2_a_flight_on_4_to_6_escapes_and_scores_his_stars() {
    let mut game = character();
    let mut stays = game.clone();
    cmd(&mut game, Command::Flee { leader: leader(0) }).expect("the attempt");
    assert_eq!(
        game.pending(),
        Pending::Roll {
            player: GERMAN,
            dice: DiceSpec::D6,
            purpose: "does the leader flee Berlin",
            case: "17.4.2",
            secret: false
        }
    );
    let ev = roll(&mut game, 4);
    assert!(ev.contains(&Event::FlightAttempt {
        leader: leader(0),
        roll: 4,
        escapes: true
    }));
    assert_eq!(gone(&ev, leader(0)), Some(Fate::Fled));
    assert_eq!(vp(&ev, GERMAN, "17.4.8"), [3], "his three stars");
    assert_eq!(game.state.board.hex_of(leader(0)), None);
    // One attempt a turn.
    let e = cmd(&mut game, Command::Flee { leader: leader(4) }).unwrap_err();
    assert_eq!(e.case, "17.4.2");
    // A 3: he stays, and the turn's attempt is spent.
    cmd(&mut stays, Command::Flee { leader: leader(2) }).unwrap();
    let ev = roll(&mut stays, 3);
    assert!(ev.contains(&Event::FlightAttempt {
        leader: leader(2),
        roll: 3,
        escapes: false
    }));
    assert_eq!(stays.state.board.hex_of(leader(2)), Some(home(2)));
    assert!(vp(&ev, GERMAN, "17.4.8").is_empty());
    // Only at the start of the German player-turn, never Hitler, never one not drawn.
    let mut later = character();
    assert_eq!(
        cmd(
            &mut later,
            Command::Flee {
                leader: testkit::HITLER
            }
        )
        .unwrap_err()
        .case,
        "11.1.5"
    );
    assert_eq!(
        cmd(&mut later, Command::Flee { leader: leader(6) })
            .unwrap_err()
            .case,
        "17.4.2"
    );
    until(&mut later, 1, GERMAN, SegmentKind::Movement);
    let e = cmd(&mut later, Command::Flee { leader: leader(0) }).unwrap_err();
    assert_eq!(e.case, "17.4.2");
    // Next turn, a new attempt.
    until(&mut game, 2, GERMAN, SegmentKind::Reinforcement);
    cmd(&mut game, Command::Flee { leader: leader(4) }).expect("a new turn");
    let ev = roll(&mut game, 6);
    assert_eq!(vp(&ev, GERMAN, "17.4.8"), [1], "one star");
}

/// The German combat segment of turn 2, the first strongpoint having fallen on turn 1.
fn suicide_board() -> Game<'static> {
    let mut game = character();
    until(&mut game, 1, GERMAN, SegmentKind::Combat);
    let e = cmd(&mut game, Command::LeaderSuicide { leader: leader(0) }).unwrap_err();
    assert_eq!(e.case, "17.4.2", "no strongpoint has fallen yet");
    game.state.victory.first_capture = Some(1);
    let e = cmd(&mut game, Command::LeaderSuicide { leader: leader(0) }).unwrap_err();
    assert_eq!(e.case, "17.4.2", "not on the turn of the first capture");
    until(&mut game, 2, GERMAN, SegmentKind::Combat);
    game
}

#[test]
fn fb_leaders_17_4_2_one_suicide_attempt_a_turn_hitlers_included_a_6_kills_for_no_vp() {
    let mut game = suicide_board();
    let mut hitler_first = game.clone();
    let mut six = game.clone();
    cmd(&mut game, Command::LeaderSuicide { leader: leader(1) }).expect("the attempt");
    assert_eq!(
        game.pending(),
        Pending::Roll {
            player: GERMAN,
            dice: DiceSpec::D6,
            purpose: "a leader's suicide attempt",
            case: "17.4.2",
            secret: false
        }
    );
    let ev = roll(&mut game, 5);
    assert!(ev.contains(&Event::LeaderSuicideAttempt {
        leader: leader(1),
        roll: 5,
        dies: false
    }));
    assert_eq!(game.state.board.hex_of(leader(1)), Some(home(1)));
    // The turn's one attempt is spent, for Hitler too.
    assert_eq!(cmd(&mut game, Command::Suicide).unwrap_err().case, "11.1.2");
    let e = cmd(&mut game, Command::LeaderSuicide { leader: leader(2) }).unwrap_err();
    assert_eq!(e.case, "17.4.2");
    // Hitler's attempt spends it for the leaders.
    cmd(&mut hitler_first, Command::Suicide).unwrap();
    roll(&mut hitler_first, 1);
    let e = cmd(
        &mut hitler_first,
        Command::LeaderSuicide { leader: leader(2) },
    )
    .unwrap_err();
    assert_eq!(e.case, "17.4.2");
    // A six: he is dead, and nobody scores.
    cmd(&mut six, Command::LeaderSuicide { leader: leader(1) }).unwrap();
    let ev = roll(&mut six, 6);
    assert_eq!(gone(&ev, leader(1)), Some(Fate::Suicide));
    assert!(!ev.iter().any(|e| matches!(e, Event::VictoryPoints { .. })));
    assert_eq!(six.state.board.hex_of(leader(1)), None);
    // Naming Hitler is his own attempt (11.1.2).
    let mut named = suicide_board();
    cmd(
        &mut named,
        Command::LeaderSuicide {
            leader: testkit::HITLER,
        },
    )
    .unwrap();
    assert!(matches!(
        named.pending(),
        Pending::Roll { case: "11.1.2", .. }
    ));
}

#[test]
fn fb_leaders_17_4_2_leaders_under_german_control_never_move() {
    let mut game = character();
    until(&mut game, 1, GERMAN, SegmentKind::Movement);
    let to = beside(&game, home(2), &[]);
    assert_eq!(mv(&mut game, &[leader(2)], to).unwrap_err().case, "17.4.2");
    let e = cmd(
        &mut game,
        Command::LeaderMove {
            leader: leader(2),
            to,
        },
    )
    .unwrap_err();
    assert_eq!(e.case, "17.4.3", "and the German moves no leader");
    until(&mut game, 1, SOVIET, SegmentKind::Movement);
    let e = cmd(
        &mut game,
        Command::LeaderMove {
            leader: leader(2),
            to,
        },
    )
    .unwrap_err();
    assert_eq!(e.case, "17.4.2", "he has not defected");
    assert_eq!(game.state.board.hex_of(leader(2)), Some(home(2)));
}

/// Soviet riflemen and tanks around `target`, German infantry in it, the Soviet combat
/// segment of turn 1.
fn assault_board(target: HexId) -> Game<'static> {
    let mut game = character();
    put(&mut game, testkit::GERMAN_INFANTRY_1, target, COMBAT);
    let g = game.data.map.geometry;
    let around: Vec<HexId> = g
        .neighbours(target)
        .map(|(_, n)| n)
        .filter(|&n| {
            game.data.map.terrain(n) != crate::fortress::board::terrain::LAKE
                && !LEADERS.iter().any(|l| l.2 == n)
                && n != testkit::BUNKER_HEX
        })
        .collect();
    for (i, u) in [testkit::SOVIET_RIFLES_1, testkit::SOVIET_TANK]
        .into_iter()
        .enumerate()
    {
        put(&mut game, u, around[i], COMBAT);
    }
    until(&mut game, 1, SOVIET, SegmentKind::Combat);
    game
}

#[test]
fn fb_leaders_17_4_3_a_soviet_ex_d_1_or_2_against_his_hex_turns_him_an_e_takes_him() {
    let target = home(2);
    let mut game = assault_board(target);
    cmd(
        &mut game,
        Command::Assault {
            attackers: [testkit::SOVIET_RIFLES_1, testkit::SOVIET_TANK]
                .into_iter()
                .collect(),
            target,
        },
    )
    .expect("the close assault");
    let (mut turned, mut kept, mut stormed) = (false, false, false);
    for a in 1..=6u8 {
        for b in 1..=6u8 {
            let mut t = game.clone();
            let ev = t.apply(&Input::Rolled(DiceRoll::of(&[a, b]))).unwrap();
            let result = ev
                .iter()
                .find_map(|e| match e {
                    Event::AssaultResult { result, .. } => Some(*result),
                    _ => None,
                })
                .expect("a result");
            let defects = ev.contains(&Event::LeaderDefects { leader: leader(2) });
            assert_eq!(
                defects,
                super::leaders::turns_leaders(result),
                "roll {a} {b}: {result:?}"
            );
            if defects {
                turned = true;
                assert_eq!(t.leader_control(leader(2)), Some(SOVIET));
                assert!(t.defectors().any(|(u, h)| u == leader(2) && h == target));
                let view = crate::fortress::view::view(&t, crate::core::side::Viewer::Public);
                assert_eq!(view.defectors.as_slice(), &[(leader(2), target)]);
            } else if t.state.board.hex_of(leader(2)).is_some() {
                kept = true;
                assert_eq!(t.leader_control(leader(2)), Some(GERMAN));
            }
            // 17.4.4: an E empties the hex; the close assault takes him, 1 VP.
            if result == crate::fortress::combat::CombatResult::Elimination {
                assert_eq!(gone(&ev, leader(2)), Some(Fate::Captured), "roll {a} {b}");
                assert_eq!(vp(&ev, SOVIET, "17.4.4"), [1]);
                stormed = true;
            }
            // 17.4.5: the result never falls on him.
            assert!(
                t.state.board.hex_of(leader(2)).is_some()
                    || gone(&ev, leader(2)) == Some(Fate::Captured)
            );
        }
    }
    assert!(turned && kept, "some results turn him, some do not");
    assert!(stormed, "some rolls take his hex");
}

#[test]
fn fb_leaders_17_4_4_soviet_units_entering_his_hex_capture_him_for_1_vp() {
    let mut game = character();
    let from = beside(&game, home(4), &[]);
    put(&mut game, testkit::SOVIET_RIFLES_1, from, MANEUVER);
    until(&mut game, 1, SOVIET, SegmentKind::Movement);
    let ev =
        mv(&mut game, &[testkit::SOVIET_RIFLES_1], home(4)).expect("a leader alone holds nothing");
    assert_eq!(gone(&ev, leader(4)), Some(Fate::Captured));
    assert_eq!(vp(&ev, SOVIET, "17.4.4"), [1]);
    assert_eq!(game.state.board.hex_of(leader(4)), None);
    assert_eq!(
        game.state.victory.outcome, None,
        "only Hitler's capture wins"
    );
}

/// Turn 2's Soviet movement segment with leaders 2 and 3 turned on turn 1.
fn defectors_board() -> Game<'static> {
    let mut game = character();
    defect(&mut game, 2);
    defect(&mut game, 3);
    until(&mut game, 1, SOVIET, SegmentKind::Movement);
    let to = beside(&game, home(2), &[]);
    let e = step(&mut game, 2, to).unwrap_err();
    assert_eq!(e.case, "17.4.3", "not in the turn he defected");
    until(&mut game, 2, SOVIET, SegmentKind::Movement);
    game
}

fn step(game: &mut Game<'static>, i: usize, to: HexId) -> Result<Events<Event>, RuleViolation> {
    cmd(
        game,
        Command::LeaderMove {
            leader: leader(i),
            to,
        },
    )
}

#[test]
fn fb_leaders_17_4_3_a_defector_moves_eight_mp_through_german_units_into_soviet_ones_captured() {
    let mut game = defectors_board();
    // Through a German-held hex.
    let g = game.data.map.geometry;
    let next = hex(4, 7);
    assert!(g.adjacent(home(2), next));
    put(&mut game, testkit::GERMAN_INFANTRY_1, next, COMBAT);
    let ev = step(&mut game, 2, next).expect("the German cannot stop him");
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::LeaderMoved { to, .. } if *to == next)));
    assert_eq!(game.leader_control(leader(2)), Some(SOVIET));
    // Eight MP of clear ground, then no more this segment.
    let per = crate::core::capacity::fortress_berlin::MP.per_mp();
    let mut at = next;
    let mut spent = ev
        .iter()
        .find_map(|e| match e {
            Event::LeaderMoved { cost, .. } => Some(*cost),
            _ => None,
        })
        .unwrap();
    let mut back = home(2);
    loop {
        match step(&mut game, 2, back) {
            Ok(ev) => {
                spent += ev
                    .iter()
                    .find_map(|e| match e {
                        Event::LeaderMoved { cost, .. } => Some(*cost),
                        _ => None,
                    })
                    .unwrap();
                core::mem::swap(&mut at, &mut back);
            }
            Err(e) => {
                assert_eq!(e.case, "17.4.3");
                break;
            }
        }
    }
    assert!(
        spent <= DEFECTOR_MP * per && spent + per > DEFECTOR_MP * per,
        "{spent}"
    );
    // Next turn he moves into a hex with Soviet units: captured, 1 VP.
    let from = game.state.board.hex_of(leader(2)).unwrap();
    let to = g
        .neighbours(from)
        .map(|(_, n)| n)
        .find(|&n| {
            game.data.map.terrain(n) == crate::fortress::board::terrain::CLEAR
                && !game.state.board.stacks.stacks.iter().any(|s| s.hex == n)
                && n != testkit::BUNKER_HEX
        })
        .unwrap();
    put(&mut game, testkit::SOVIET_RIFLES_2, to, COMBAT);
    until(&mut game, 3, SOVIET, SegmentKind::Movement);
    let ev = step(&mut game, 2, to).unwrap();
    assert_eq!(gone(&ev, leader(2)), Some(Fate::Captured));
    assert_eq!(vp(&ev, SOVIET, "17.4.4"), [1]);
}

/// Walks defector `i` next to the bunker (turn 2's Soviet movement segment).
fn to_bunker_side(game: &mut Game<'static>, i: usize) -> HexId {
    let g = game.data.map.geometry;
    for _ in 0..8 {
        let at = game.state.board.hex_of(leader(i)).unwrap();
        if g.adjacent(at, testkit::BUNKER_HEX) {
            return at;
        }
        let next = g
            .neighbours(at)
            .map(|(_, n)| n)
            .filter(|&n| {
                n != testkit::BUNKER_HEX
                    && game.data.map.terrain(n) != crate::fortress::board::terrain::LAKE
            })
            .min_by_key(|&n| g.distance(n, testkit::BUNKER_HEX))
            .unwrap();
        step(game, i, next).expect("a step toward the bunker");
    }
    panic!("never beside the bunker");
}

#[test]
fn fb_leaders_17_4_3_defectors_at_the_bunker_kill_hitler_on_6_plus_1_each_beyond_the_first() {
    let mut game = defectors_board();
    put(
        &mut game,
        testkit::GERMAN_INFANTRY_1,
        testkit::BUNKER_HEX,
        COMBAT,
    );
    to_bunker_side(&mut game, 2);
    to_bunker_side(&mut game, 3);
    step(&mut game, 2, testkit::BUNKER_HEX).expect("into Hitler's bunker, through his guard");
    let e = step(&mut game, 2, home(2)).unwrap_err();
    assert_eq!(e.case, "17.4.3", "there he stays for the attempt");
    let mut alone = game.clone();
    step(&mut game, 3, testkit::BUNKER_HEX).unwrap();
    cmd(&mut game, Command::EndSegment).unwrap();
    assert_eq!(
        game.pending(),
        Pending::Roll {
            player: SOVIET,
            dice: DiceSpec::D6,
            purpose: "the defectors' attempt on Hitler's life",
            case: "17.4.3",
            secret: false
        }
    );
    let mut fails = game.clone();
    let ev = roll(&mut game, 5);
    assert!(ev.contains(&Event::Assassination {
        roll: 6,
        leaders: 2,
        killed: true
    }));
    assert!(ev.contains(&Event::HitlerGone {
        captured: false,
        case: "17.4.3"
    }));
    assert_eq!(vp(&ev, SOVIET, "17.4.8"), [5]);
    assert!(vp(&ev, GERMAN, "11.1.2").is_empty(), "no VP for his death");
    assert_eq!(gone(&ev, leader(2)), Some(Fate::Assassin));
    assert_eq!(gone(&ev, leader(3)), Some(Fate::Assassin));
    assert!(
        vp(&ev, SOVIET, "17.4.4").is_empty(),
        "they are not captured"
    );
    assert_eq!(game.state.board.hex_of(testkit::HITLER), None);
    // 17.4.7: the game goes on; 17.4.6: his death works as his suicide (11.1.3).
    assert_eq!(game.state.victory.outcome, None);
    assert_eq!(game.state.board.segment.kind, SegmentKind::Combat);
    assert_eq!(game.state.victory.hitler_died, Some(2));
    // A 4: 5, he lives; the defectors die anyway.
    let ev = roll(&mut fails, 4);
    assert!(ev.contains(&Event::Assassination {
        roll: 5,
        leaders: 2,
        killed: false
    }));
    assert_eq!(
        fails.state.board.hex_of(testkit::HITLER),
        Some(testkit::BUNKER_HEX)
    );
    assert_eq!(fails.state.board.hex_of(leader(2)), None);
    assert!(!ev.iter().any(|e| matches!(e, Event::VictoryPoints { .. })));
    // Alone, a 5 is not enough.
    cmd(&mut alone, Command::EndSegment).unwrap();
    let ev = roll(&mut alone, 5);
    assert!(ev.contains(&Event::Assassination {
        roll: 5,
        leaders: 1,
        killed: false
    }));
}

#[test]
fn fb_leaders_17_4_7_after_the_assassination_the_game_runs_to_its_end_without_hitlers_vp() {
    let mut game = defectors_board();
    to_bunker_side(&mut game, 2);
    step(&mut game, 2, testkit::BUNKER_HEX).unwrap();
    cmd(&mut game, Command::EndSegment).unwrap();
    roll(&mut game, 6);
    game.state.board.turn = 14;
    let ev = until(&mut game, 15, GERMAN, SegmentKind::Reinforcement);
    assert!(
        vp(&ev, GERMAN, "11.1.2").is_empty(),
        "no VP for a Hitler who is no more"
    );
    assert_eq!(game.state.victory.outcome, None);
}

#[test]
fn fb_leaders_17_4_6_hitler_assassinated_the_hitler_youth_desert_at_the_next_german_turn() {
    let mut game = defectors_board();
    put(&mut game, testkit::GERMAN_HJ, hex(2, 2), COMBAT);
    to_bunker_side(&mut game, 3);
    step(&mut game, 3, testkit::BUNKER_HEX).unwrap();
    cmd(&mut game, Command::EndSegment).unwrap();
    roll(&mut game, 6);
    let ev = until(&mut game, 3, GERMAN, SegmentKind::Reinforcement);
    assert!(ev.contains(&Event::Deserted {
        unit: testkit::GERMAN_HJ,
        case: "11.1.3"
    }));
    assert_eq!(game.state.board.hex_of(testkit::GERMAN_HJ), None);
}
