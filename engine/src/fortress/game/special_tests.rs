//! The special units and the reinforcement segment's checks on the testkit's campaign board:
//! the PPB's runaway die (11.2.1), the Hitler Youth (11.2.2), the Volkssturm check and cup
//! (5.5, 11.2.3), disbanding flak (13.6.1), the naval airlift (13.7), airpower (5.6, 11.4).
extern crate std;

use super::reinforcement_tests::{campaign, cmd, mv, put, until};
use super::victory_tests::{beside, roll, vp};
use super::*;
use crate::core::protocol::{DiceRoll, DiceSpec};
use crate::fortress::counters::{COMBAT, GERMAN, MANEUVER, SOVIET};
use crate::fortress::testkit::{self, hex};
use crate::fortress::zoc;
use std::vec::Vec;

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
    let e = cmd(
        &mut game,
        Command::AirStrike {
            target: a,
            by: None,
        },
    )
    .unwrap_err();
    assert_eq!(e.case, "4.1.4", "in the combat segment only");
    cmd(&mut game, Command::EndSegment).unwrap();
    // No Soviet unit anywhere near: no spotter is needed.
    let ev = cmd(
        &mut game,
        Command::AirStrike {
            target: a,
            by: None,
        },
    )
    .expect("the strike");
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
    let e = cmd(
        &mut game,
        Command::AirStrike {
            target: a,
            by: None,
        },
    )
    .unwrap_err();
    assert_eq!(e.case, "8.2", "once a hex a segment, never combined");
    let e = cmd(
        &mut game,
        Command::AirStrike {
            target: hex(2, 2),
            by: None,
        },
    )
    .unwrap_err();
    assert_eq!(e.case, "8.2", "only at a hex holding enemy units");
    cmd(
        &mut game,
        Command::AirStrike {
            target: b,
            by: None,
        },
    )
    .expect("the second strike");
    game.apply(&Input::Rolled(DiceRoll::of(&[2, 2]))).unwrap();
    while let Pending::Choose { .. } = game.pending() {
        game.apply(&Input::Chose(0)).unwrap();
    }
    put(&mut game, testkit::GERMAN_TANK, hex(2, 6), COMBAT);
    let e = cmd(
        &mut game,
        Command::AirStrike {
            target: hex(2, 6),
            by: None,
        },
    )
    .unwrap_err();
    assert_eq!(e.case, "11.4", "two strikes, both flown");
}
