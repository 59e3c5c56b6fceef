//! The German set-up as a step of play (13.0–13.6) on the testkit's campaign board with a
//! listing for every kind of zone: the draw of the set-up's Volkssturm (13.6), each zone rule
//! and its refusal, mode and facing (3.3.3, 3.4), stacking (3.1.2), taking back, "set-up done",
//! auto-place, the Soviet's view (3.6), the notation and the player's words.
extern crate std;

use super::reinforcement_tests::{campaign_with, cmd};
use super::*;
use crate::core::contract::{EventVisibility, GameEvent, Ruleset};
use crate::core::faces::{Face, Facing};
use crate::core::hex::Dir;
use crate::core::map::{HexFeatures, Place, PlaceKind};
use crate::core::side::Viewer;
use crate::core::units::Location;
use crate::fortress::board::terrain;
use crate::fortress::counters::{UnitType, COMBAT, GERMAN, MANEUVER, SOVIET};
use crate::fortress::data::{text, Group, GroupKind, SetupZone};
use crate::fortress::testkit::{self, counter, hex, p};
use std::string::String;
use std::vec::Vec;

// The counters of the set-up board: the campaign's and six more.
const AM_1: UnitId = testkit::GERMAN_INFANTRY_1;
const AM_2: UnitId = testkit::GERMAN_INFANTRY_2;
const FREE: UnitId = testkit::GERMAN_TANK;
const AT: UnitId = testkit::GERMAN_SS;
const PPB: UnitId = testkit::GERMAN_PPB;
const HJ: UnitId = testkit::GERMAN_HJ;
const ARTY: UnitId = UnitId(21);
const ENGINEER: UnitId = UnitId(22);
const POLICE: UnitId = UnitId(23);
const FAH: UnitId = UnitId(24);
const HJ_2: UnitId = UnitId(25);
const FLAK: UnitId = UnitId(26);

const AIR_MINISTRY: [HexId; 2] = [hex(5, 5), hex(5, 6)];
const STATION: HexId = hex(3, 3);
const MAJOR: HexId = hex(8, 8);
const TELTOW_BANK: HexId = hex(1, 8);
const HAVEL_BRIDGE: HexId = testkit::BRIDGE.0;
const FLAK_HEX: HexId = testkit::PARK_HEX;
/// On the perimeter ring (the rest of `WITHIN_PERIMETER` is inside it).
const RING: HexId = hex(3, 5);
const INSIDE: HexId = hex(4, 6);

fn listing(case: &str, zone: SetupZone, hexes: &[HexId], units: &[UnitId]) -> Group {
    Group {
        kind: GroupKind::SetUp,
        side: GERMAN,
        turn: 0,
        case: text(case),
        variant: None,
        entry: None,
        zone: Some(zone),
        hexes: hexes.iter().copied().collect(),
        draw: 0,
        units: units.iter().copied().collect(),
    }
}

/// The campaign board with one set-up listing per zone of 13.1–13.6 and a "setup" scenario
/// that places only Hitler; the Volkssturm cup of three draws two at set-up.
fn setup_data() -> &'static GameData {
    campaign_with(|d| {
        let f = &mut d.forces;
        for (name, kind) in [
            ("Art Rgt", UnitType::Artillery),
            ("Lobeck", UnitType::Engineer),
            ("Gendarmrie", UnitType::Police),
            ("FAH", UnitType::Infantry),
            ("HJ Rgt", UnitType::HitlerYouth),
            ("Flak Botanical", UnitType::Flak),
        ] {
            f.add(counter(name, GERMAN, kind, p(1, 1, 1, 4), p(1, 2, 2, 0)))
                .expect("room");
        }
        let g = d.map.geometry;
        let i = g.index(STATION).expect("on the board");
        d.map.features[i].insert(HexFeatures::STATION);
        let i = g.index(MAJOR).expect("on the board");
        d.map.terrain[i] = terrain::MAJOR_BUILDING;
        for (name, at) in [
            (super::setup::HAVEL_BRIDGES, HAVEL_BRIDGE),
            ("Teltow Canal banks", TELTOW_BANK),
        ] {
            let _ = d.map.places.push(Place {
                name: text(name),
                kind: PlaceKind::Area,
                hexes: [at].into_iter().collect(),
                towers: heapless::Vec::new(),
            });
        }
        d.perimeter = [RING, hex(3, 6)].into_iter().collect();
        for l in [
            listing("13.1", SetupZone::Hexes, &AIR_MINISTRY, &[AM_1, AM_2]),
            listing("13.2", SetupZone::Near, &[FLAK_HEX], &[FLAK]),
            listing("13.2", SetupZone::AwayFromEdge, &[], &[FREE]),
            listing("13.3", SetupZone::WithinPerimeter, &[], &[ARTY]),
            listing("13.3", SetupZone::MajorBuildingOrStation, &[], &[ENGINEER]),
            listing("13.3", SetupZone::OnOrWithinPerimeter, &[], &[AT]),
            listing("13.3", SetupZone::Station, &[], &[POLICE]),
            listing("13.3", SetupZone::Strongpoint, &[], &[FAH]),
            listing("13.4", SetupZone::MajorBuildingOrTeltowBank, &[], &[PPB]),
            listing(
                "13.5",
                SetupZone::HavelBridgesThenPerimeter,
                &[],
                &[HJ, HJ_2],
            ),
        ] {
            let _ = d.groups.push(l);
        }
        let cup = d
            .groups
            .iter_mut()
            .find(|g| g.kind == GroupKind::Pool)
            .expect("the campaign's Volkssturm cup");
        cup.zone = Some(SetupZone::PerimeterOrSouthEdge);
        cup.draw = 2;
        let s = &mut d.scenarios[1];
        s.id = text("setup");
    })
}

fn new_game() -> Game<'static> {
    Game::new(setup_data(), "setup", Options::default()).expect("sets up")
}

/// A new game with the set-up's two Volkssturm drawn (the first two chits of the cup).
fn drawn() -> Game<'static> {
    let mut g = new_game();
    g.apply(&Input::Drew(0)).expect("drawn");
    g.apply(&Input::Drew(0)).expect("drawn");
    assert_eq!(g.state.waiting, Waiting::SetUp);
    g
}

fn place(g: &mut Game<'static>, unit: UnitId, at: HexId) -> Result<Events<Event>, RuleViolation> {
    place_as(g, unit, at, COMBAT, Dir::Up)
}

fn place_as(
    g: &mut Game<'static>,
    unit: UnitId,
    hex: HexId,
    face: Face,
    facing: Dir,
) -> Result<Events<Event>, RuleViolation> {
    cmd(
        g,
        Command::Place(Placement {
            unit,
            hex,
            face,
            facing,
        }),
    )
}

/// Asserts `r` is a refusal citing `case` and that it left the state as it was.
fn refused(g: &mut Game<'static>, unit: UnitId, at: HexId, case: &str) {
    let before = g.state.clone();
    let v = place(g, unit, at).expect_err("refused");
    assert_eq!(v.case, case, "{unit:?} in {at:?}: {}", v.reason);
    assert_eq!(g.state, before);
}

#[test]
fn fb_13_0_only_the_german_sets_up_before_the_first_player_turn() {
    let mut g = new_game();
    assert!(g.setting_up());
    let step = Ruleset::step(&g);
    assert_eq!((step.index, step.step.case), (0, "13.0"));
    // 13.6: the table draws the set-up's Volkssturm first.
    match g.pending() {
        Pending::DrawChit { player, case, .. } => assert_eq!((player, case), (GERMAN, "13.6")),
        p => panic!("{p:?}"),
    }
    assert_eq!(
        place(&mut g, AM_1, AIR_MINISTRY[0]).unwrap_err().case,
        "13.6"
    );
    let mut g = drawn();
    assert_eq!(g.pending(), Pending::Command { player: GERMAN });
    // Nothing else is played until the set-up is done.
    assert_eq!(cmd(&mut g, Command::EndSegment).unwrap_err().case, "13.0");
    let units = [AM_1].into_iter().collect();
    let to = hex(5, 4);
    assert_eq!(
        cmd(&mut g, Command::Move { units, to }).unwrap_err().case,
        "13.0"
    );
    assert_eq!(g.apply(&Input::Chose(0)).unwrap_err().case, "13.0");
    // The Soviet has nothing to set up (13.0): none of his counters waits for a hex.
    assert!(g
        .units_to_place()
        .all(|u| g.data.forces.counter(u).unwrap().side == GERMAN));
}

#[test]
fn fb_13_6_thirty_volkssturm_are_drawn_by_the_table_not_the_engine() {
    let mut g = new_game();
    let cup = g.volkssturm_cup();
    assert_eq!(cup.len(), 3);
    // The second chit of the cup, then the first of what is left.
    let e = g.apply(&Input::Drew(1)).expect("drawn");
    assert!(matches!(e[0], Event::Drawn { unit, case: "13.6" } if unit == cup[1]));
    assert_eq!(e[0].visibility(), EventVisibility::Only(GERMAN));
    assert_eq!(g.apply(&Input::Drew(5)).unwrap_err().case, "11.2.3");
    g.apply(&Input::Drew(0)).expect("drawn");
    assert_eq!(g.state.setup_drawn.as_slice(), &[cup[1], cup[0]]);
    assert_eq!(g.volkssturm_cup().as_slice(), &[cup[2]]);
    // The drawn two are to be placed; the one left in the cup is not.
    let left: Vec<UnitId> = g.units_to_place().collect();
    assert!(left.contains(&cup[0]) && left.contains(&cup[1]) && !left.contains(&cup[2]));
    refused(&mut g, cup[2], INSIDE, "13.6");
}

#[test]
fn fb_13_6_volkssturm_on_or_inside_the_perimeter_or_within_three_hexes_of_the_south_edge() {
    let mut g = drawn();
    let (a, b) = (g.state.setup_drawn[0], g.state.setup_drawn[1]);
    refused(&mut g, a, hex(1, 2), "13.6");
    // Row 6 of 8 is within three hexes of the south edge; lakes are never set up in (2.1.1).
    refused(&mut g, a, testkit::LAKE_HEX, "2.1.1");
    place(&mut g, a, RING).expect("on the perimeter");
    place(&mut g, b, hex(1, 6)).expect("near the south edge");
}

#[test]
fn fb_13_1_the_air_ministry_s_two_units_go_in_either_or_both_of_its_hexes() {
    let mut g = drawn();
    refused(&mut g, AM_1, hex(4, 5), "13.1");
    place(&mut g, AM_1, AIR_MINISTRY[1]).expect("5118 of the pair");
    place(&mut g, AM_2, AIR_MINISTRY[1]).expect("and/or: both in one");
    cmd(&mut g, Command::TakeBack { unit: AM_2 }).expect("taken back");
    place(&mut g, AM_2, AIR_MINISTRY[0]).expect("one in each");
}

#[test]
fn fb_13_2_luftwaffe_flak_at_or_next_to_its_listed_hex() {
    let mut g = drawn();
    refused(&mut g, FLAK, hex(5, 5), "13.2");
    place(&mut g, FLAK, hex(2, 3)).expect("next to the Botanical Gardens hex");
}

#[test]
fn fb_13_2_free_units_three_or_more_hexes_from_every_edge() {
    let mut g = drawn();
    refused(&mut g, FREE, hex(3, 4), "13.2");
    refused(&mut g, FREE, hex(4, 6), "13.2");
    place(&mut g, FREE, hex(4, 4)).expect("three hexes from each edge");
}

#[test]
fn fb_13_3_artillery_only_inside_the_perimeter() {
    let mut g = drawn();
    refused(&mut g, ARTY, RING, "13.3");
    refused(&mut g, ARTY, hex(1, 1), "13.3");
    place(&mut g, ARTY, INSIDE).expect("inside");
}

#[test]
fn fb_13_3_anti_tank_on_or_inside_the_perimeter() {
    let mut g = drawn();
    refused(&mut g, AT, hex(1, 1), "13.3");
    place(&mut g, AT, RING).expect("on the ring");
}

#[test]
fn fb_13_3_engineers_only_on_major_buildings_or_stations() {
    let mut g = drawn();
    refused(&mut g, ENGINEER, hex(1, 1), "13.3");
    place(&mut g, ENGINEER, STATION).expect("a U-Bahn station");
    cmd(&mut g, Command::TakeBack { unit: ENGINEER }).expect("taken back");
    place(&mut g, ENGINEER, MAJOR).expect("a major building");
}

#[test]
fn fb_13_3_police_only_on_u_bahn_stations() {
    let mut g = drawn();
    refused(&mut g, POLICE, MAJOR, "13.3");
    place(&mut g, POLICE, STATION).expect("a station");
}

#[test]
fn fb_13_3_fah_on_a_strongpoint() {
    let mut g = drawn();
    refused(&mut g, FAH, hex(6, 5), "13.3");
    place(&mut g, FAH, testkit::STRONGPOINT_HEX).expect("a strongpoint");
}

#[test]
fn fb_13_4_ppbs_on_major_buildings_or_teltow_canal_banks_in_combat_mode() {
    let mut g = drawn();
    refused(&mut g, PPB, hex(1, 1), "13.4");
    let v = place_as(&mut g, PPB, MAJOR, MANEUVER, Dir::Up).unwrap_err();
    assert_eq!(v.case, "11.2.1");
    place(&mut g, PPB, TELTOW_BANK).expect("a Teltow bank hex");
    cmd(&mut g, Command::TakeBack { unit: PPB }).expect("taken back");
    place(&mut g, PPB, MAJOR).expect("a major building");
}

#[test]
fn fb_13_5_a_hitler_youth_unit_blocks_each_havel_bridge_the_rest_on_or_inside_the_perimeter() {
    let mut g = drawn();
    refused(&mut g, HJ, hex(1, 1), "13.5");
    // Two units, one bridge: the first may go to the perimeter, the second must then block it.
    place(&mut g, HJ, RING).expect("one spare for the perimeter");
    refused(&mut g, HJ_2, INSIDE, "13.5");
    place(&mut g, HJ_2, HAVEL_BRIDGE).expect("the bridge blocked");
    // With the bridge blocked, the spare may join it there too.
    cmd(&mut g, Command::TakeBack { unit: HJ }).expect("taken back");
    place(&mut g, HJ, HAVEL_BRIDGE).expect("one spare may stack there");
}

#[test]
fn fb_3_3_3_the_german_chooses_each_unit_s_mode_and_in_maneuver_mode_its_facing() {
    let mut g = drawn();
    place_as(&mut g, AM_1, AIR_MINISTRY[0], MANEUVER, Dir::from_index(2)).expect("maneuver");
    let x = g.state.board.unit(AM_1).unwrap();
    assert_eq!(x.counter.face, MANEUVER);
    assert_eq!(x.counter.facing, Some(Facing(Dir::from_index(2))));
    place(&mut g, AM_2, AIR_MINISTRY[1]).expect("combat");
    let x = g.state.board.unit(AM_2).unwrap();
    assert_eq!((x.counter.face, x.counter.facing), (COMBAT, None));
}

#[test]
fn fb_3_4_2_maneuver_units_set_up_in_one_hex_face_the_same_way() {
    let mut g = drawn();
    let at = AIR_MINISTRY[0];
    place_as(&mut g, AM_1, at, MANEUVER, Dir::from_index(1)).expect("maneuver");
    let v = place_as(&mut g, AM_2, at, MANEUVER, Dir::from_index(4)).unwrap_err();
    assert_eq!(v.case, "3.4.2");
    place_as(&mut g, AM_2, at, MANEUVER, Dir::from_index(1)).expect("the same way");
}

#[test]
fn fb_3_1_2_set_up_stacks_hold_three_german_units() {
    let mut g = drawn();
    let (a, b) = (g.state.setup_drawn[0], g.state.setup_drawn[1]);
    for u in [ARTY, AT, a] {
        place(&mut g, u, INSIDE).expect("three");
    }
    refused(&mut g, b, INSIDE, "3.1.2");
    // Leaders never count (3.1.1): Hitler's bunker takes three more.
    place(&mut g, b, testkit::BUNKER_HEX).expect("Hitler does not count");
}

#[test]
fn fb_13_0_a_placed_unit_is_taken_back_and_set_up_again() {
    let mut g = drawn();
    let e = place(&mut g, ENGINEER, STATION).expect("placed");
    assert_eq!(e[0].visibility(), EventVisibility::Only(GERMAN));
    assert_eq!(place(&mut g, ENGINEER, MAJOR).unwrap_err().case, "13.0");
    let e = cmd(&mut g, Command::TakeBack { unit: ENGINEER }).expect("taken back");
    assert_eq!(e[0].visibility(), EventVisibility::Only(GERMAN));
    let x = g.state.board.unit(ENGINEER).unwrap();
    assert_eq!(x.state.location, Location::Pool);
    assert!(g.units_to_place().any(|u| u == ENGINEER));
    assert!(g.state.board.stacks.at(STATION, GERMAN).is_none());
    // Only a unit of this set-up that is on the map: not one waiting, not the scenario's own.
    let v = cmd(&mut g, Command::TakeBack { unit: ENGINEER }).unwrap_err();
    assert_eq!(v.case, "13.0");
    let v = cmd(
        &mut g,
        Command::TakeBack {
            unit: testkit::HITLER,
        },
    )
    .unwrap_err();
    assert_eq!(v.case, "13.0");
}

#[test]
fn fb_13_0_set_up_done_is_refused_while_units_remain_to_be_placed() {
    let mut g = drawn();
    let before = g.state.clone();
    let v = cmd(&mut g, Command::SetUpDone).unwrap_err();
    assert_eq!(v.case, "13.1", "the first listing still waiting");
    assert_eq!(g.state, before);
    for p in g.auto_place() {
        cmd(&mut g, Command::Place(p)).expect("auto-placed");
    }
    cmd(&mut g, Command::TakeBack { unit: POLICE }).expect("taken back");
    assert_eq!(cmd(&mut g, Command::SetUpDone).unwrap_err().case, "13.3");
    place(&mut g, POLICE, STATION).expect("placed again");
    let e = cmd(&mut g, Command::SetUpDone).expect("done");
    assert!(matches!(e[0], Event::SetUpDone));
    assert!(e[0].visibility().is_public());
    assert!(!g.setting_up());
    assert_eq!(Ruleset::step(&g).step.case, "4.1.1");
    assert_eq!(g.pending(), Pending::Command { player: GERMAN });
    // Set-up commands are over once play begins.
    assert_eq!(place(&mut g, POLICE, MAJOR).unwrap_err().case, "13.0");
    assert_eq!(cmd(&mut g, Command::SetUpDone).unwrap_err().case, "13.0");
}

#[test]
fn fb_13_0_auto_place_produces_a_legal_complete_set_up() {
    let g0 = drawn();
    let plan = g0.auto_place();
    assert_eq!(plan, g0.auto_place(), "deterministic");
    assert_eq!(plan.len(), g0.units_to_place().count());
    let mut g = g0.clone();
    for p in &plan {
        cmd(&mut g, Command::Place(*p)).expect("every auto-placement is legal");
        let listing = g.setup_listing_of(p.unit).expect("a set-up unit");
        assert!(g.data.can_set_up(listing, p.hex));
    }
    assert_eq!(g.units_to_place().count(), 0);
    assert!(
        g.state.board.stacks.at(HAVEL_BRIDGE, GERMAN).is_some(),
        "13.5"
    );
    assert!(
        crate::fortress::stacking::over_stacked::<1>(&g.data.forces, &g.state.board).is_empty()
    );
    cmd(&mut g, Command::SetUpDone).expect("complete");
    // From part of the way, too.
    let mut g = g0.clone();
    place(&mut g, HJ, HAVEL_BRIDGE).expect("placed");
    for p in g.auto_place() {
        cmd(&mut g, Command::Place(p)).expect("legal");
    }
    cmd(&mut g, Command::SetUpDone).expect("complete");
}

#[test]
fn fb_3_6_the_soviet_sees_only_the_top_unit_of_a_force_being_set_up() {
    let mut g = drawn();
    place(&mut g, ARTY, INSIDE).expect("placed");
    place(&mut g, AT, INSIDE).expect("placed");
    let soviet = crate::fortress::view::view(&g, Viewer::Side(SOVIET));
    let seen: Vec<_> = soviet.forces.iter().filter(|f| f.hex == INSIDE).collect();
    assert_eq!(seen.len(), 1);
    assert!(seen[0].top_only && seen[0].units.len() == 1);
    assert!(soviet.setting_up && soviet.to_place.is_empty());
    let german = crate::fortress::view::view(&g, Viewer::Side(GERMAN));
    let own = german.forces.iter().find(|f| f.hex == INSIDE).unwrap();
    assert!(!own.top_only && own.units.len() == 2);
    assert_eq!(german.to_place.len(), g.units_to_place().count());
    assert!(german.to_place.contains(&ENGINEER));
}

#[test]
fn fb_13_0_the_notation_writes_and_reads_the_set_up_commands() {
    let d = setup_data();
    for (c, line) in [
        (
            Command::Place(Placement {
                unit: ENGINEER,
                hex: STATION,
                face: COMBAT,
                facing: Dir::Up,
            }),
            "place 22 0303 c",
        ),
        (
            Command::Place(Placement {
                unit: AM_1,
                hex: AIR_MINISTRY[0],
                face: MANEUVER,
                facing: Dir::from_index(3),
            }),
            "place 0 0505 m d3",
        ),
        (Command::TakeBack { unit: PPB }, "takeback 18"),
        (Command::SetUpDone, "setup-done"),
    ] {
        let input = Input::Command(c);
        let mut s = String::new();
        crate::fortress::notation::write(d, &input, &mut s).unwrap();
        assert_eq!(s, line);
        assert_eq!(crate::fortress::notation::read(d, line), Ok(Some(input)));
    }
    assert!(crate::fortress::notation::read(d, "place 22 0303").is_err());
    assert!(crate::fortress::notation::read(d, "place 22 0303 m").is_err());
}

#[test]
fn fb_13_0_set_up_events_in_player_words() {
    use core::fmt::Write;
    let d = setup_data();
    let mut s = String::new();
    let e = Event::SetUp {
        unit: ENGINEER,
        hex: STATION,
        face: MANEUVER,
        case: "13.3",
    };
    write!(s, "{}", crate::fortress::describe::describe(d, &e)).unwrap();
    assert_eq!(s, "German set-up: Lobeck in 0303, Maneuver Mode");
    s.clear();
    let e = Event::TakenBack { unit: ENGINEER };
    write!(s, "{}", crate::fortress::describe::describe(d, &e)).unwrap();
    assert_eq!(s, "German set-up: Lobeck taken back off the map");
}
