//! Retreats off the map (8.7.1): a German force that leaves is eliminated; a Soviet one comes
//! back next turn at the lettered entry area closest to where it left.

use super::*;
use crate::fortress::data::EntryArea;

/// The testkit board with its campaign entry areas (A 0201 … X 0103).
fn data_with_entries() -> &'static GameData {
    data_with(|d| {
        for (letter, hex) in testkit::ENTRY {
            d.entry_areas.push(EntryArea { letter, hex }).unwrap();
        }
    })
}

/// `defender` holds `x` on the west edge (0104); two units of the other side assault it from
/// 0204 in their combat segment; the game after the roll whose result is a retreat, with the
/// retreat asked of the defender.
fn retreat_from_the_edge(defender: Side) -> (Game<'static>, HexId) {
    let mut game = game(data_with_entries());
    let x = hex(1, 4);
    let from = hex(2, 4);
    assert!(g().adjacent(x, from));
    let (held, attackers) = if defender == SOVIET {
        put(&mut game, SOVIET_RIFLES_1, x, COMBAT, Dir::Up);
        put(&mut game, GERMAN_INFANTRY_1, from, COMBAT, Dir::Up);
        put(&mut game, GERMAN_INFANTRY_2, from, COMBAT, Dir::Up);
        (SOVIET_RIFLES_1, [GERMAN_INFANTRY_1, GERMAN_INFANTRY_2])
    } else {
        put(&mut game, GERMAN_INFANTRY_1, x, COMBAT, Dir::Up);
        put(&mut game, SOVIET_RIFLES_1, from, COMBAT, Dir::Up);
        put(&mut game, SOVIET_RIFLES_2, from, COMBAT, Dir::Up);
        (GERMAN_INFANTRY_1, [SOVIET_RIFLES_1, SOVIET_RIFLES_2])
    };
    // Nothing else of the defender's side nearby to muddle the retreat.
    put(&mut game, SOVIET_ARMY_HQ, hex(8, 8), COMBAT, Dir::Up);
    until(&mut game, defender.other(), SegmentKind::Combat);
    cmd(
        &mut game,
        Command::Assault {
            attackers: attackers.into_iter().collect(),
            target: x,
        },
    )
    .expect("announced");
    no_support_no_fire(&mut game);
    let (after, _) = every_roll(&game)
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
        .expect("some roll makes the defender retreat");
    assert_eq!(after.state.board.hex_of(held), Some(x));
    (after, x)
}

fn off_map_option(g: &Game<'static>) -> u8 {
    let Pending::Choose {
        case: "8.7",
        options,
        ..
    } = g.pending()
    else {
        panic!("{:?}", g.pending())
    };
    options
        .iter()
        .position(|&c| c == Choice::OffMap)
        .expect("from the edge hex the force may leave the map") as u8
}

#[test]
fn fb_combat_8_7_1_soviets_retreating_off_the_map_come_back_next_turn_at_the_closest_area() {
    let (mut game, _) = retreat_from_the_edge(SOVIET);
    let i = off_map_option(&game);
    let ev = game.apply(&Input::Chose(i)).unwrap();
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Event::RetreatedOffMap { units, letter: b'X' } if units.as_slice() == [SOVIET_RIFLES_1]
        )),
        "0103 (X) is the closest area to 0104: {ev:?}"
    );
    let b = &game.state.board;
    assert_eq!(b.hex_of(SOVIET_RIFLES_1), None);
    assert!(
        !ev.iter().any(|e| matches!(e, Event::Eliminated { .. })),
        "not eliminated: no VP for the German (12.0.1)"
    );
    assert!(game.due(SOVIET_RIFLES_1).is_none(), "not back this turn");
    // Next turn, in the Soviet movement segment, it steps on at X.
    while let Pending::Choose { .. } = game.pending() {
        game.apply(&Input::Chose(0)).unwrap();
    }
    let turn = game.state.board.turn;
    while game.state.board.turn == turn
        || game.state.board.segment
            != (crate::fortress::board::Segment {
                side: SOVIET,
                kind: SegmentKind::Movement,
            })
    {
        match game.pending() {
            Pending::Command { .. } => {
                end(&mut game);
            }
            Pending::Roll { dice, .. } => {
                let values = [1u8; 2];
                game.apply(&Input::Rolled(DiceRoll::of(&values[..dice.count as usize])))
                    .unwrap();
            }
            p => panic!("{p:?}"),
        }
    }
    // The Germans who drove it off have moved on: X is open (5.3).
    put(&mut game, GERMAN_INFANTRY_1, hex(5, 5), COMBAT, Dir::Up);
    put(&mut game, GERMAN_INFANTRY_2, hex(5, 5), COMBAT, Dir::Up);
    let (listing, late) = game.due(SOVIET_RIFLES_1).expect("due again");
    assert_eq!((listing.entry, late), (Some((b'X', b'X')), 0));
    let wrong = cmd(
        &mut game,
        Command::Move {
            units: [SOVIET_RIFLES_1].into_iter().collect(),
            to: hex(6, 1),
        },
    )
    .unwrap_err();
    assert_eq!(wrong.case, "5.4", "not at another area");
    cmd(
        &mut game,
        Command::Move {
            units: [SOVIET_RIFLES_1].into_iter().collect(),
            to: hex(1, 3),
        },
    )
    .expect("it comes back at X");
    assert_eq!(game.state.board.hex_of(SOVIET_RIFLES_1), Some(hex(1, 3)));
    assert!(game.state.returning.is_empty());
}

#[test]
fn fb_combat_8_7_1_germans_retreating_off_the_map_are_eliminated() {
    let (mut game, _) = retreat_from_the_edge(GERMAN);
    let soviet_vp = game.state.victory.soviet;
    let i = off_map_option(&game);
    let ev = game.apply(&Input::Chose(i)).unwrap();
    assert!(ev.contains(&Event::Eliminated {
        unit: GERMAN_INFANTRY_1,
        case: "8.7.1"
    }));
    assert_eq!(game.state.board.hex_of(GERMAN_INFANTRY_1), None);
    assert!(
        game.state.victory.soviet > soviet_vp,
        "a loss in combat scores (12.0.2)"
    );
}
