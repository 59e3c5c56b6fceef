//! Movement on the Terrain Effects Chart (7.0–10.1, 2.1.1, 3.1.4, 3.2.4) and over-stacking at
//! the end of a segment (3.1.4).

use super::*;

// ---- movement on the Terrain Effects Chart -------------------------------------------------------

#[test]
fn fb_move_7_1_a_force_pays_the_terrain_effects_chart() {
    let d = data();
    let mut game = game(d);
    until(&mut game, GERMAN, SegmentKind::Movement);
    let tank = GERMAN_TANK; // in 0305, maneuver mode, MA 8
    let start = game.state.board.remaining(tank);
    assert_eq!(start, MP.mp(8));
    // Into clear ground: 1 MP (7.3.1).
    let clear = n(hex(3, 5), Dir::DownLowerCol);
    assert_eq!(d.map.terrain(clear), crate::fortress::board::terrain::CLEAR);
    let ev = mv(&mut game, &[tank], clear).unwrap();
    assert!(matches!(ev[0], Event::Moved { cost, .. } if cost == MP.mp(1)));
    // Back and into the built-up 0405 beside it: 2 MP on the stand-in chart.
    mv(&mut game, &[tank], hex(3, 5)).unwrap();
    let built_up = BUILT_UP_HEXES[1];
    assert!(g().adjacent(hex(3, 5), built_up));
    mv(&mut game, &[tank], built_up).unwrap();
    let paid = d.movement.enter[crate::fortress::board::terrain::BUILT_UP as usize].unwrap();
    assert_eq!(
        game.state.board.remaining(tank),
        start - 2 * MP.mp(1) - paid
    );
}

#[test]
fn fb_move_7_1_1_taking_up_another_force_finishes_the_one_in_hand() {
    let mut game = game(data());
    until(&mut game, GERMAN, SegmentKind::Movement);
    let tank = force(&[GERMAN_TANK]);
    let infantry = force(&[GERMAN_INFANTRY_1, GERMAN_INFANTRY_2]);
    let clear = n(hex(3, 5), Dir::DownLowerCol);
    mv(&mut game, &tank, clear).unwrap();
    mv(&mut game, &tank, hex(3, 5)).unwrap();
    // The infantry in 0404 is taken up: the tank is let go and has finished.
    let ev = mv(&mut game, &infantry, n(hex(4, 4), Dir::UpHigherCol)).unwrap();
    assert!(
        ev.contains(&Event::Released {
            side: GERMAN,
            units: tank.clone()
        }),
        "{ev:?}"
    );
    let e = mv(&mut game, &tank, clear).unwrap_err();
    assert_eq!(e.case, "7.1.1");
    // A force in hand moves as one: no unit of it goes on alone.
    let e = mv(&mut game, &[GERMAN_INFANTRY_1], n(hex(4, 4), Dir::Up)).unwrap_err();
    assert_eq!(e.case, "7.1.1");
    cmd(&mut game, Command::Release { units: infantry }).unwrap();
    assert!(game.state.in_hand.is_empty());
}

#[test]
fn fb_move_7_3_2_road_rate_only_in_maneuver_mode_along_the_road() {
    let d = data();
    let mut game = game(d);
    put(&mut game, GERMAN_INFANTRY_1, ROAD[0], MANEUVER, Dir::Up);
    put(&mut game, GERMAN_INFANTRY_2, ROAD[0], MANEUVER, Dir::Up);
    until(&mut game, GERMAN, SegmentKind::Movement);
    mv(&mut game, &[GERMAN_INFANTRY_1], ROAD[1]).unwrap();
    assert_eq!(
        game.state.board.remaining(GERMAN_INFANTRY_1),
        MP.mp(6) - d.movement.road
    );
    // The same step in combat mode pays the clear hex.
    cmd(
        &mut game,
        Command::ChangeMode {
            unit: GERMAN_INFANTRY_2,
            facing: Dir::Up,
        },
    )
    .unwrap();
    let before = game.state.board.remaining(GERMAN_INFANTRY_2);
    mv(&mut game, &[GERMAN_INFANTRY_2], ROAD[1]).unwrap();
    assert_eq!(
        game.state.board.remaining(GERMAN_INFANTRY_2),
        before - MP.mp(1)
    );
}

#[test]
fn fb_move_7_3_3_rivers_are_crossed_only_at_bridges() {
    let mut game = game(data());
    put(&mut game, GERMAN_INFANTRY_1, RIVER.0, MANEUVER, Dir::Up);
    put(&mut game, GERMAN_INFANTRY_2, BRIDGE.0, MANEUVER, Dir::Up);
    until(&mut game, GERMAN, SegmentKind::Movement);
    let before = bytes(&game);
    let e = mv(&mut game, &[GERMAN_INFANTRY_1], RIVER.1).unwrap_err();
    assert_eq!(e.case, "7.3.3");
    assert_eq!(bytes(&game), before, "a refusal leaves the state as it was");
    mv(&mut game, &[GERMAN_INFANTRY_2], BRIDGE.1).unwrap();
    assert_eq!(game.state.board.hex_of(GERMAN_INFANTRY_2), Some(BRIDGE.1));
}

#[test]
fn fb_move_9_0_2_ruins_cost_four_mp_and_only_combat_mode_enters() {
    let d = data();
    let mut game = game(d);
    let ruin = hex(6, 3);
    game.state.board.add_ruins(ruin).unwrap();
    put(
        &mut game,
        GERMAN_INFANTRY_1,
        n(ruin, Dir::Down),
        COMBAT,
        Dir::Up,
    );
    put(
        &mut game,
        GERMAN_INFANTRY_2,
        n(ruin, Dir::Up),
        MANEUVER,
        Dir::Down,
    );
    until(&mut game, GERMAN, SegmentKind::Movement);
    let e = mv(&mut game, &[GERMAN_INFANTRY_2], ruin).unwrap_err();
    assert_eq!(e.case, "9.0.2");
    mv(&mut game, &[GERMAN_INFANTRY_1], ruin).unwrap();
    assert_eq!(
        game.state.board.remaining(GERMAN_INFANTRY_1),
        0,
        "4 MP: the whole combat MA"
    );
}

#[test]
fn fb_move_10_1_1_a_perimeter_barrier_adds_one_mp() {
    let (a, b) = (hex(6, 2), hex(6, 3));
    let d = data_with(|d| {
        let s = d.map.geometry.side_between(a, b).unwrap();
        d.map.side_mut(s).unwrap().insert(SideFeatures::BORDER);
    });
    let mut game = game(d);
    put(&mut game, GERMAN_INFANTRY_1, a, COMBAT, Dir::Up);
    until(&mut game, GERMAN, SegmentKind::Movement);
    mv(&mut game, &[GERMAN_INFANTRY_1], b).unwrap();
    assert_eq!(
        game.state.board.remaining(GERMAN_INFANTRY_1),
        MP.mp(4) - MP.mp(2)
    );
}

#[test]
fn fb_move_2_1_1_lakes_are_never_entered() {
    let mut game = game(data());
    put(
        &mut game,
        GERMAN_INFANTRY_1,
        n(LAKE_HEX, Dir::UpLowerCol),
        MANEUVER,
        Dir::Up,
    );
    until(&mut game, GERMAN, SegmentKind::Movement);
    let e = mv(&mut game, &[GERMAN_INFANTRY_1], LAKE_HEX).unwrap_err();
    assert_eq!(e.case, "2.1.1");
}

#[test]
fn fb_move_3_1_4_destinations_are_what_the_slowest_unit_reaches_on_the_chart() {
    let d = data();
    let mut game = game(d);
    let from = hex(7, 2);
    put(&mut game, GERMAN_TANK, from, MANEUVER, Dir::Up); // MA 8
    put(&mut game, GERMAN_INFANTRY_1, from, MANEUVER, Dir::Up); // MA 6
    until(&mut game, GERMAN, SegmentKind::Movement);
    let units = [GERMAN_TANK, GERMAN_INFANTRY_1];
    let mut reach = Box::new(crate::core::capacity::fortress_berlin::Reachable::new());
    crate::fortress::terrain::destinations(
        &d.movement,
        &d.map,
        &d.forces,
        &game.state.board,
        &units,
        &mut reach,
    )
    .unwrap();
    // The park costs 2 MP and the rest is clear (1 MP): the search prices every hex.
    let park = reach
        .cost(&d.map.geometry, PARK_HEX)
        .expect("the park is reachable");
    assert!(park <= MP.mp(6));
    for (h, cost) in reach.iter(&d.map.geometry) {
        assert!(
            cost <= MP.mp(6),
            "the force moves at its infantry's pace: {h:?} {cost}"
        );
    }
    assert!(
        reach.cost(&d.map.geometry, LAKE_HEX).is_none(),
        "lakes are closed"
    );
    assert!(
        reach.cost(&d.map.geometry, hex(4, 7)).is_none(),
        "no hex holding enemy units (7.2.1)"
    );
    // The tank alone goes further.
    let mut alone = Box::new(crate::core::capacity::fortress_berlin::Reachable::new());
    crate::fortress::terrain::destinations(
        &d.movement,
        &d.map,
        &d.forces,
        &game.state.board,
        &[GERMAN_TANK],
        &mut alone,
    )
    .unwrap();
    assert!(alone.iter(&d.map.geometry).count() > reach.iter(&d.map.geometry).count());
}

#[test]
fn fb_move_3_2_4_the_search_stops_in_an_enemy_zone() {
    let d = data();
    let mut game = game(d);
    // Soviet rifles in combat mode at 0604 control their six neighbours.
    put(&mut game, SOVIET_RIFLES_1, hex(6, 4), COMBAT, Dir::Up);
    put(&mut game, GERMAN_TANK, hex(6, 1), MANEUVER, Dir::Up);
    until(&mut game, GERMAN, SegmentKind::Movement);
    let mut reach = Box::new(crate::core::capacity::fortress_berlin::Reachable::new());
    crate::fortress::terrain::destinations(
        &d.movement,
        &d.map,
        &d.forces,
        &game.state.board,
        &[GERMAN_TANK],
        &mut reach,
    )
    .unwrap();
    let zone = n(hex(6, 4), Dir::Down); // 0603
    let behind = n(hex(6, 4), Dir::Up); // 0605: only through the zone
    assert!(reach.cost(&d.map.geometry, zone).is_some());
    let mut path: heapless::Vec<(HexId, u8), 32> = heapless::Vec::new();
    if reach.path_to(&d.map.geometry, behind, 0, &mut path) {
        assert!(
            path.iter().all(|(h, _)| *h != zone),
            "a path never passes through an enemy-controlled hex"
        );
    }
}

// ---- over-stacking at the end of a segment --------------------------------------------------------

#[test]
fn fb_stacking_3_1_4_the_soviet_owner_picks_the_loss_when_his_segment_ends() {
    let mut game = game(data());
    let h = hex(2, 7);
    put(&mut game, SOVIET_RIFLES_1, h, MANEUVER, Dir::Down);
    put(&mut game, SOVIET_RIFLES_2, h, MANEUVER, Dir::Down);
    put(
        &mut game,
        SOVIET_TANK,
        n(h, Dir::UpHigherCol),
        MANEUVER,
        Dir::Down,
    );
    until(&mut game, SOVIET, SegmentKind::Movement);
    mv(&mut game, &[SOVIET_TANK], h).unwrap();
    end(&mut game);
    let Pending::Choose {
        player,
        case,
        options,
        ..
    } = game.pending()
    else {
        panic!("a choice is due: {:?}", game.pending());
    };
    assert_eq!((player, case), (SOVIET, "3.1.4"));
    assert_eq!(
        options.len(),
        3,
        "any of the three may go (army troops: limit two, 3.1.3)"
    );
    let ev = game.apply(&Input::Chose(2)).unwrap();
    let Choice::Unit(lost) = options[2] else {
        panic!()
    };
    assert!(ev.contains(&Event::Eliminated {
        unit: lost,
        case: "3.1.4"
    }));
    assert_eq!(step_index(&game), 7, "then the Soviet combat segment");
}
