//! The U-Bahn (17.1–17.1.3) on the testkit's skirmish board with two made-up lines: line A
//! down column 6 (stations 0601, 0603, 0604, 0606) and line B east from 0603 to the station
//! 0803; a German higher and division HQ put the German infantry in command (3.5).
extern crate std;

use super::reinforcement_tests::{cmd, mv, put, until};
use super::*;
use crate::core::capacity::fortress_berlin::MP;
use crate::core::contract::Ruleset;
use crate::core::map::{HexFeatures, SideFeatures};
use crate::core::protocol::Cited;
use crate::core::side::Viewer;
use crate::fortress::board::terrain;
use crate::fortress::counters::*;
use crate::fortress::describe::describe;
use crate::fortress::testkit::{self, hex, GERMAN_INFANTRY_1 as INF, GERMAN_INFANTRY_2 as INF_2};
use std::boxed::Box;
use std::string::ToString;

const LINE_A: [HexId; 6] = [
    hex(6, 1),
    hex(6, 2),
    hex(6, 3),
    hex(6, 4),
    hex(6, 5),
    hex(6, 6),
];
const LINE_B: [HexId; 3] = [hex(6, 3), hex(7, 3), hex(8, 3)];
const STATIONS: [HexId; 5] = [hex(6, 1), hex(6, 3), hex(6, 4), hex(6, 6), hex(8, 3)];
/// A built-up station: coming up there pays 2 MP of terrain (stand-in chart).
const BUILT_UP_STATION: HexId = hex(6, 1);

struct Board {
    game: Game<'static>,
    higher: UnitId,
    division_hq: UnitId,
    regiment: UnitId,
}

fn hq(name: &str, f: FormationId) -> Counter {
    Counter::new(
        name,
        GERMAN,
        UnitType::Headquarters,
        UnitSize::Division,
        WeaponType::SmallArms,
        testkit::p(1, 1, 2, 6),
        testkit::p(1, 2, 3, 4),
        2,
    )
    .of(f)
    .hq(Radius::Hexes(12))
}

/// The skirmish with the two lines; the German HQs in 0101 and 0201 when `command`.
fn board(ubahn: bool, command: bool) -> Board {
    let mut d = Box::new(testkit::data());
    let g = d.map.geometry;
    for line in [&LINE_A[..], &LINE_B[..]] {
        for w in line.windows(2) {
            let s = g.side_between(w[0], w[1]).expect("adjacent");
            d.map
                .side_mut(s)
                .expect("on the map")
                .insert(SideFeatures::UBAHN);
        }
    }
    for s in STATIONS {
        let i = g.index(s).expect("on the map");
        d.map.features[i].insert(HexFeatures::STATION);
    }
    let i = g.index(BUILT_UP_STATION).expect("on the map");
    d.map.terrain[i] = terrain::BUILT_UP;
    let f = &mut d.forces;
    let berlin = f
        .add_formation("Berlin", GERMAN, FormationKind::HigherCommand, None)
        .expect("room");
    let div = f
        .add_formation("Div", GERMAN, FormationKind::Division, Some(berlin))
        .expect("room");
    let higher = f.add(hq("Berlin HQ", berlin)).expect("room");
    let division_hq = f.add(hq("Div HQ", div)).expect("room");
    let mut reg = Counter::new(
        "Gren Rgt",
        GERMAN,
        UnitType::Infantry,
        UnitSize::Regiment,
        WeaponType::SmallArms,
        testkit::p(1, 1, 2, 6),
        testkit::p(1, 3, 4, 4),
        2,
    );
    reg = reg.of(div);
    let regiment = f.add(reg).expect("room");
    let options = Options {
        ubahn,
        ..Options::default()
    };
    let mut game = Game::new(Box::leak(d), "skirmish", options).expect("sets up");
    if command {
        put(&mut game, higher, hex(1, 1), COMBAT);
        put(&mut game, division_hq, hex(2, 1), COMBAT);
    }
    Board {
        game,
        higher,
        division_hq,
        regiment,
    }
}

fn down(game: &mut Game<'static>, unit: UnitId, at: HexId) -> Result<Events<Event>, RuleViolation> {
    cmd(game, Command::UbahnDown { unit, at })
}

fn ride(game: &mut Game<'static>, unit: UnitId, to: HexId) -> Result<Events<Event>, RuleViolation> {
    cmd(game, Command::UbahnRide { unit, to })
}

fn up(game: &mut Game<'static>, unit: UnitId) -> Result<Events<Event>, RuleViolation> {
    cmd(game, Command::UbahnUp { unit })
}

fn case(r: Result<Events<Event>, RuleViolation>) -> &'static str {
    r.expect_err("refused").case
}

fn left(game: &Game<'static>, u: UnitId) -> u16 {
    game.state.board.remaining(u)
}

fn underground(game: &Game<'static>, u: UnitId) -> bool {
    game.state
        .board
        .unit(u)
        .is_some_and(|x| x.counter.game.underground)
}

/// The German infantry in maneuver mode at `at`, the German movement segment of turn 1.
fn german_at(ubahn: bool, at: HexId) -> Board {
    let mut b = board(ubahn, true);
    put(&mut b.game, INF, at, MANEUVER);
    until(&mut b.game, 1, GERMAN, SegmentKind::Movement);
    b
}

#[test]
fn fb_ubahn_17_1_without_the_option_nobody_enters_and_the_option_is_offered() {
    let mut b = german_at(false, hex(6, 3));
    assert_eq!(case(down(&mut b.game, INF, hex(6, 3))), "17.1");
    assert!(!underground(&b.game, INF));
    assert_eq!(left(&b.game, INF), MP.mp(6));
    let o = Game::OPTIONS
        .iter()
        .find(|o| o.key == "ubahn")
        .expect("offered");
    assert_eq!(o.case, "17.1");
}

#[test]
fn fb_ubahn_17_1_1_down_at_a_station_costs_its_terrain_plus_one_mp() {
    let mut b = german_at(true, hex(6, 3));
    put(&mut b.game, INF_2, hex(7, 4), MANEUVER);
    until(&mut b.game, 2, GERMAN, SegmentKind::Movement);
    // In place: the clear station's 1 MP and the +1 MP.
    let ev = down(&mut b.game, INF, hex(6, 3)).unwrap();
    assert_eq!(
        ev[0],
        Event::UbahnDown {
            side: GERMAN,
            unit: INF,
            at: hex(6, 3),
            cost: MP.mp(2)
        }
    );
    assert_eq!(ev[0].case(), "17.1.1");
    assert_eq!(left(&b.game, INF), MP.mp(4));
    assert!(underground(&b.game, INF));
    assert_eq!(b.game.state.board.hex_of(INF), Some(hex(6, 3)));
    // Off the surface: no force holds it, the enemy sees the marker only.
    assert!(b.game.state.board.stacks.of(INF).is_none());
    let seen = Ruleset::view(&b.game, Viewer::Side(SOVIET)).underground;
    assert_eq!(seen.len(), 1);
    assert_eq!((seen[0].hex, seen[0].unit), (hex(6, 3), None));
    let own = Ruleset::view(&b.game, Viewer::Side(GERMAN)).underground;
    assert_eq!(own[0].unit, Some(INF));
    // Stepping in from the next hex: the step's clear 1 MP and the +1 MP, terrain paid once.
    assert!(b.game.data.map.geometry.adjacent(hex(7, 4), hex(6, 4)));
    let ev = down(&mut b.game, INF_2, hex(6, 4)).unwrap();
    assert!(ev.iter().any(
        |e| matches!(e, Event::Moved { to, cost, .. } if *to == hex(6, 4) && *cost == MP.mp(1))
    ));
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::UbahnDown { cost, .. } if *cost == MP.mp(1))));
    assert_eq!(left(&b.game, INF_2), MP.mp(4));
    assert!(underground(&b.game, INF_2));
}

#[test]
fn fb_ubahn_17_1_1_only_infantry_and_engineer_battalions_in_command_and_in_maneuver_mode() {
    let mut b = board(true, true);
    let (tank, regiment) = (testkit::GERMAN_TANK, b.regiment);
    put(&mut b.game, tank, hex(6, 3), MANEUVER);
    put(&mut b.game, regiment, hex(6, 4), MANEUVER);
    put(&mut b.game, INF, hex(8, 3), COMBAT);
    put(&mut b.game, INF_2, hex(6, 2), MANEUVER);
    until(&mut b.game, 1, GERMAN, SegmentKind::Movement);
    assert_eq!(case(down(&mut b.game, tank, hex(6, 3))), "17.1.1");
    assert_eq!(case(down(&mut b.game, regiment, hex(6, 4))), "17.1.1");
    assert_eq!(case(down(&mut b.game, INF, hex(8, 3))), "17.1.1");
    // 0602 is on the line but no station.
    assert_eq!(case(down(&mut b.game, INF_2, hex(6, 2))), "17.1.1");
    assert_eq!(left(&b.game, INF_2), MP.mp(6));
    // Out of command (no HQ on the map): refused at the station, nothing spent.
    let mut alone = board(true, false);
    put(&mut alone.game, INF, hex(6, 3), MANEUVER);
    until(&mut alone.game, 1, GERMAN, SegmentKind::Movement);
    assert_eq!(case(down(&mut alone.game, INF, hex(6, 3))), "17.1.1");
    assert_eq!(left(&alone.game, INF), MP.mp(6));
    let _ = (b.higher, b.division_hq);
}

#[test]
fn fb_ubahn_17_1_1_underground_no_mode_change_and_no_surface_move() {
    let mut b = german_at(true, hex(6, 3));
    down(&mut b.game, INF, hex(6, 3)).unwrap();
    let flip = Command::ChangeMode {
        unit: INF,
        facing: Dir::Up,
    };
    assert_eq!(case(cmd(&mut b.game, flip)), "17.1.1");
    assert_eq!(case(mv(&mut b.game, &[INF], hex(6, 2))), "17.1.2");
    assert_eq!(b.game.state.board.face(INF), MANEUVER);
}

#[test]
fn fb_ubahn_17_1_2_station_to_station_costs_one_mp_each() {
    let mut b = german_at(true, hex(6, 3));
    down(&mut b.game, INF, hex(6, 3)).unwrap(); // 4 MP left
    let ev = ride(&mut b.game, INF, hex(6, 4)).unwrap();
    assert_eq!(
        ev[0],
        Event::UbahnRode {
            side: GERMAN,
            unit: INF,
            to: hex(6, 4),
            cost: MP.mp(1)
        }
    );
    assert_eq!(left(&b.game, INF), MP.mp(3));
    // Back past 0603 to 0601: two stations, 2 MP.
    ride(&mut b.game, INF, hex(6, 1)).unwrap();
    assert_eq!(b.game.state.board.hex_of(INF), Some(hex(6, 1)));
    assert_eq!(left(&b.game, INF), MP.mp(1));
    // Onto line B at 0603 and on to 0803: two stations, 1 MP left.
    assert_eq!(case(ride(&mut b.game, INF, hex(8, 3))), "7.1");
    // Not a station; not on any line from here.
    assert_eq!(case(ride(&mut b.game, INF, hex(6, 2))), "17.1.2");
    assert_eq!(case(ride(&mut b.game, INF, hex(1, 1))), "17.1.2");
    assert_eq!(b.game.state.board.hex_of(INF), Some(hex(6, 1)));
    // Next turn, line to line.
    until(&mut b.game, 2, GERMAN, SegmentKind::Movement);
    ride(&mut b.game, INF, hex(8, 3)).unwrap();
    assert_eq!(left(&b.game, INF), MP.mp(4));
}

#[test]
fn fb_ubahn_17_1_2_coming_up_costs_one_mp_plus_the_surface_terrain() {
    let mut b = german_at(true, hex(6, 3));
    down(&mut b.game, INF, hex(6, 3)).unwrap(); // 4 MP left
    ride(&mut b.game, INF, hex(6, 4)).unwrap(); // 3 MP left
    ride(&mut b.game, INF, hex(6, 1)).unwrap(); // past 0603: 1 MP left
                                                // The built-up station: 1 + 2 MP, more than it has.
    assert_eq!(case(up(&mut b.game, INF)), "7.1");
    until(&mut b.game, 2, GERMAN, SegmentKind::Movement);
    let ev = up(&mut b.game, INF).unwrap();
    assert_eq!(ev[0].case(), "17.1.2");
    assert_eq!(left(&b.game, INF), MP.mp(6) - MP.mp(3));
    assert!(!underground(&b.game, INF));
    assert!(
        b.game.state.board.stacks.of(INF).is_some(),
        "in a force again"
    );
    // On the surface it moves on as usual.
    mv(&mut b.game, &[INF], hex(6, 2)).unwrap();
    assert_eq!(case(up(&mut b.game, INF)), "17.1.2");
}

#[test]
fn fb_ubahn_17_1_2_coming_up_into_an_enemy_zone_stops_and_never_under_enemy_units() {
    let mut b = german_at(true, hex(6, 4));
    put(&mut b.game, INF_2, hex(6, 3), MANEUVER);
    // 0606 lies next to the Soviet tank in 0607.
    down(&mut b.game, INF, hex(6, 4)).unwrap();
    ride(&mut b.game, INF, hex(6, 6)).unwrap();
    up(&mut b.game, INF).unwrap();
    assert_eq!(case(mv(&mut b.game, &[INF], hex(6, 5))), "3.2.4");
    // A Soviet force over the station: no coming up there.
    until(&mut b.game, 2, GERMAN, SegmentKind::Movement);
    put(&mut b.game, testkit::SOVIET_RIFLES_2, hex(6, 1), COMBAT);
    down(&mut b.game, INF_2, hex(6, 3)).unwrap();
    ride(&mut b.game, INF_2, hex(6, 1)).unwrap();
    assert_eq!(case(up(&mut b.game, INF_2)), "7.2.1");
    assert!(underground(&b.game, INF_2));
}

#[test]
fn fb_ubahn_17_1_2_one_unit_underground_a_hex_others_pass_through() {
    let mut b = german_at(true, hex(6, 3));
    put(&mut b.game, INF_2, hex(6, 4), MANEUVER);
    until(&mut b.game, 2, GERMAN, SegmentKind::Movement);
    down(&mut b.game, INF, hex(6, 3)).unwrap();
    down(&mut b.game, INF_2, hex(6, 4)).unwrap();
    assert_eq!(case(ride(&mut b.game, INF_2, hex(6, 3))), "17.1.2");
    // Through 0603 to 0601: two stations.
    ride(&mut b.game, INF_2, hex(6, 1)).unwrap();
    assert_eq!(left(&b.game, INF_2), MP.mp(2));
    // Nor may a second unit go down where one is underground.
    let mut c = german_at(true, hex(6, 3));
    put(&mut c.game, INF_2, hex(6, 3), MANEUVER);
    until(&mut c.game, 2, GERMAN, SegmentKind::Movement);
    down(&mut c.game, INF, hex(6, 3)).unwrap();
    assert_eq!(case(down(&mut c.game, INF_2, hex(6, 3))), "17.1.2");
}

#[test]
fn fb_ubahn_17_1_soviet_infantry_only_goes_down_to_block_and_never_rides() {
    let mut b = german_at(true, hex(6, 3));
    let (rifles, tank) = (testkit::SOVIET_RIFLES_1, testkit::SOVIET_TANK);
    put(&mut b.game, rifles, hex(6, 4), MANEUVER);
    put(&mut b.game, tank, hex(6, 1), MANEUVER);
    down(&mut b.game, INF, hex(6, 3)).unwrap();
    until(&mut b.game, 1, SOVIET, SegmentKind::Movement);
    assert_eq!(case(down(&mut b.game, tank, hex(6, 1))), "17.1");
    down(&mut b.game, rifles, hex(6, 4)).unwrap();
    assert!(underground(&b.game, rifles));
    assert_eq!(case(ride(&mut b.game, rifles, hex(6, 6))), "17.1");
    until(&mut b.game, 2, GERMAN, SegmentKind::Movement);
    // The blocked station, and the line through it.
    assert_eq!(case(ride(&mut b.game, INF, hex(6, 4))), "17.1");
    assert_eq!(case(ride(&mut b.game, INF, hex(6, 6))), "17.1");
    assert_eq!(left(&b.game, INF), MP.mp(6));
    // The other way is open.
    ride(&mut b.game, INF, hex(8, 3)).unwrap();
    assert_eq!(left(&b.game, INF), MP.mp(5));
}

#[test]
fn fb_ubahn_17_1_3_underground_units_are_out_of_the_battle() {
    let mut b = german_at(true, hex(6, 6));
    down(&mut b.game, INF, hex(6, 6)).unwrap();
    until(&mut b.game, 1, SOVIET, SegmentKind::Movement);
    // The Soviet tank next door is in no German zone and may drive over the station.
    let tank = testkit::SOVIET_TANK;
    mv(&mut b.game, &[tank], hex(6, 6)).unwrap();
    mv(&mut b.game, &[tank], hex(6, 5)).unwrap();
    until(&mut b.game, 1, SOVIET, SegmentKind::Combat);
    let attackers = [tank].into_iter().collect();
    let assault = Command::Assault {
        attackers,
        target: hex(6, 6),
    };
    assert!(cmd(&mut b.game, assault).is_err());
    assert!(underground(&b.game, INF));
    assert_eq!(b.game.state.board.hex_of(INF), Some(hex(6, 6)));
}

#[test]
fn fb_ubahn_17_1_notation_and_log_of_the_u_bahn_commands() {
    let b = board(true, true);
    let d = b.game.data;
    for (c, text) in [
        (
            Command::UbahnDown {
                unit: INF,
                at: hex(6, 3),
            },
            "ubahn-down 0 0603",
        ),
        (
            Command::UbahnRide {
                unit: INF,
                to: hex(8, 3),
            },
            "ubahn 0 0803",
        ),
        (Command::UbahnUp { unit: INF }, "ubahn-up 0"),
    ] {
        let mut s = std::string::String::new();
        crate::fortress::notation::write(d, &Input::Command(c.clone()), &mut s).unwrap();
        assert_eq!(s, text);
        let back = crate::fortress::notation::read(d, &s).unwrap();
        assert_eq!(back, Some(Input::Command(c)));
    }
    let name = d.forces.counter(INF).unwrap().name.clone();
    let e = Event::UbahnRode {
        side: GERMAN,
        unit: INF,
        to: hex(8, 3),
        cost: MP.mp(2),
    };
    assert_eq!(
        describe(d, &e).to_string(),
        std::format!("German: {name} rides the U-Bahn to 0803 (2 MP spent)")
    );
}
