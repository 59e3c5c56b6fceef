//! HQ Support Fire in close assaults (3.5.2, 8.4.2 step 1) and the Soviet army coordination
//! option (17.5).

use super::*;
use crate::fortress::counters::FormationKind;

/// The German tank and infantry assault the Soviet rifles in 0603 with the Soviet army HQ
/// (radius 6) three hexes away; the German combat segment.
fn supported_board() -> (Game<'static>, HexId) {
    let mut game = game(data());
    let x = hex(6, 3);
    put(&mut game, SOVIET_RIFLES_1, x, COMBAT, Dir::Up);
    put(&mut game, SOVIET_ARMY_HQ, hex(6, 6), COMBAT, Dir::Up);
    put(&mut game, GERMAN_TANK, n(x, Dir::Down), MANEUVER, Dir::Up);
    put(
        &mut game,
        GERMAN_INFANTRY_1,
        n(x, Dir::DownLowerCol),
        COMBAT,
        Dir::Up,
    );
    until(&mut game, GERMAN, SegmentKind::Combat);
    (game, x)
}

fn announce(game: &mut Game<'static>, attackers: &[UnitId], x: HexId) -> Events<Event> {
    cmd(
        game,
        Command::Assault {
            attackers: attackers.iter().copied().collect(),
            target: x,
        },
    )
    .expect("announced")
}

#[test]
fn fb_combat_3_5_2_an_hq_in_radius_adds_its_fs_to_the_defence_once_a_turn() {
    let (mut game, x) = supported_board();
    let ev = announce(&mut game, &[GERMAN_TANK, GERMAN_INFANTRY_1], x);
    let Event::AssaultAnnounced { defence, .. } = ev[0] else {
        panic!("{ev:?}")
    };
    let Pending::Choose {
        player,
        case,
        options,
        ..
    } = game.pending()
    else {
        panic!("{:?}", game.pending())
    };
    assert_eq!(
        (player, case),
        (SOVIET, "3.5.2"),
        "the defender names his support"
    );
    assert_eq!(
        options.as_slice(),
        [Choice::Unit(SOVIET_ARMY_HQ), Choice::Stop]
    );
    let ev = game.apply(&Input::Chose(0)).unwrap();
    assert!(ev.contains(&Event::Supported {
        hq: SOVIET_ARMY_HQ,
        target: x
    }));
    let card = ev
        .iter()
        .find_map(|e| match e {
            Event::AssaultCard { defence, .. } => Some(*defence),
            _ => None,
        })
        .expect("the card as it stands before the roll");
    assert_eq!(
        card,
        defence + 2,
        "the HQ's combat FS (2) joins the defence"
    );
    assert!(matches!(
        game.pending(),
        Pending::Roll { case: "8.4.2", .. }
    ));
    // Once a turn: after the roll, a second assault this turn finds no HQ to name.
    game.apply(&Input::Rolled(DiceRoll::of(&[3, 4]))).unwrap();
    while let Pending::Choose { .. } = game.pending() {
        game.apply(&Input::Chose(0)).unwrap();
    }
    let y = hex(8, 3);
    put(&mut game, SOVIET_RIFLES_2, y, COMBAT, Dir::Up);
    put(
        &mut game,
        GERMAN_INFANTRY_2,
        n(y, Dir::Down),
        COMBAT,
        Dir::Up,
    );
    announce(&mut game, &[GERMAN_INFANTRY_2], y);
    assert!(
        !matches!(game.pending(), Pending::Choose { case: "3.5.2", .. }),
        "the HQ has supported this turn: {:?}",
        game.pending()
    );
}

#[test]
fn fb_combat_3_5_2_no_support_from_beyond_the_radius_from_a_disrupted_hq_or_one_under_assault() {
    let (game, x) = supported_board();
    let asked = |g: &Game<'static>| matches!(g.pending(), Pending::Choose { case: "3.5.2", .. });
    let mut far = game.clone();
    put(&mut far, SOVIET_ARMY_HQ, hex(1, 8), COMBAT, Dir::Up);
    announce(&mut far, &[GERMAN_TANK, GERMAN_INFANTRY_1], x);
    assert!(!asked(&far), "beyond its command radius (2.2.8)");
    let mut disrupted = game.clone();
    disrupted
        .state
        .board
        .unit_mut(SOVIET_ARMY_HQ)
        .unwrap()
        .counter
        .game
        .disrupted = Some(SOVIET);
    announce(&mut disrupted, &[GERMAN_TANK, GERMAN_INFANTRY_1], x);
    assert!(!asked(&disrupted), "8.8: a disrupted HQ gives no support");
    // The HQ in the assaulted hex defends but gives no support, now or later this turn.
    let mut under = game.clone();
    put(&mut under, SOVIET_ARMY_HQ, x, COMBAT, Dir::Up);
    announce(&mut under, &[GERMAN_TANK, GERMAN_INFANTRY_1], x);
    assert!(!asked(&under));
}

#[test]
fn fb_combat_3_5_2_the_attacker_names_his_support_first() {
    // The Soviet attacks; his HQ may back the assault.
    let mut game = game(data());
    let x = hex(6, 3);
    put(&mut game, GERMAN_INFANTRY_1, x, COMBAT, Dir::Up);
    put(&mut game, SOVIET_RIFLES_1, n(x, Dir::Down), COMBAT, Dir::Up);
    put(&mut game, SOVIET_ARMY_HQ, hex(6, 7), COMBAT, Dir::Up);
    until(&mut game, SOVIET, SegmentKind::Combat);
    let ev = announce(&mut game, &[SOVIET_RIFLES_1], x);
    let Event::AssaultAnnounced { attack, .. } = ev[0] else {
        panic!("{ev:?}")
    };
    let Pending::Choose { player, case, .. } = game.pending() else {
        panic!("{:?}", game.pending())
    };
    assert_eq!((player, case), (SOVIET, "3.5.2"));
    let ev = game.apply(&Input::Chose(0)).unwrap();
    let now = ev
        .iter()
        .find_map(|e| match e {
            Event::AssaultCard { attack, .. } => Some(*attack),
            _ => None,
        })
        .expect("the new card");
    assert_eq!(now, attack + 2, "the HQ's FS joins the attack");
}

#[test]
fn fb_combat_17_5_two_soviet_armies_in_one_assault_read_one_letter_lower() {
    // A second army: the tank belongs to it.
    let d = data_with(|d| {
        let second = d
            .forces
            .add_formation("8th Guards Army", SOVIET, FormationKind::Army, None)
            .unwrap();
        d.forces.counters[SOVIET_TANK.0 as usize].formation = Some(second);
    });
    let letter = |coordination: bool| {
        let mut g = Game::new(
            d,
            "skirmish",
            Options {
                army_coordination: coordination,
                ..Options::default()
            },
        )
        .unwrap();
        let x = hex(6, 3);
        put(&mut g, GERMAN_INFANTRY_1, x, COMBAT, Dir::Up);
        put(&mut g, SOVIET_RIFLES_1, n(x, Dir::Down), COMBAT, Dir::Up);
        put(
            &mut g,
            SOVIET_TANK,
            n(x, Dir::DownLowerCol),
            COMBAT,
            Dir::Up,
        );
        put(&mut g, SOVIET_ARMY_HQ, hex(1, 8), COMBAT, Dir::Up);
        until(&mut g, SOVIET, SegmentKind::Combat);
        let ev = announce(&mut g, &[SOVIET_RIFLES_1, SOVIET_TANK], x);
        match ev[0] {
            Event::AssaultAnnounced { letter, .. } => letter.expect("on the table"),
            ref e => panic!("{e:?}"),
        }
    };
    let (apart, together) = (letter(false), letter(true));
    assert_eq!(
        together + 1,
        apart,
        "17.5: one letter lower for the second army"
    );
    // One army alone reads the same letter with the option on.
    assert_eq!(
        {
            let g = game(data());
            g.soviet_armies(SOVIET, &[SOVIET_RIFLES_1, SOVIET_TANK])
        },
        0,
        "the option off counts nothing"
    );
}
