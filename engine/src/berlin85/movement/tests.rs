//! Movement Phase tests, named by rule case.

extern crate std;
use super::*;
use crate::berlin85::command::Command;
use crate::berlin85::command::MAX_PATH;
use crate::berlin85::data::Region;
use crate::berlin85::event::Event;
use crate::berlin85::flags;
use crate::berlin85::game::{Game, Input85};
use crate::berlin85::state::Phase;
use crate::berlin85::state::{NATO, WARSAW_PACT};
use crate::berlin85::testkit::*;
use crate::core::hex::Dir;
use crate::core::map::Markers;
use crate::core::protocol::DiceRoll;
use crate::core::protocol::{Events, Input, RuleViolation};
use crate::core::side::Side;
use crate::core::units::Location;
use crate::core::units::UnitKind;
use std::vec::Vec;

pub fn cmd(c: Command) -> Input85 {
    Input::Command(c)
}
pub fn roll(v: &[u8]) -> Input85 {
    Input::Rolled(DiceRoll::of(v))
}
pub fn yes() -> Input85 {
    Input::Chose(0)
}
pub fn no() -> Input85 {
    Input::Chose(1)
}
pub fn mv(g: &mut Game<'_>, unit: UnitId, to: &str) -> Result<Events<Event>, RuleViolation> {
    g.apply(&cmd(Command::Move {
        unit,
        to: hex(to),
        underground: false,
    }))
}
pub fn mv_under(g: &mut Game<'_>, unit: UnitId, to: &str) -> Result<Events<Event>, RuleViolation> {
    g.apply(&cmd(Command::Move {
        unit,
        to: hex(to),
        underground: true,
    }))
}
pub fn mv_path(
    g: &mut Game<'_>,
    unit: UnitId,
    path: &[&str],
) -> Result<Events<Event>, RuleViolation> {
    let mut p = heapless::Vec::new();
    for h in path {
        p.push(hex(h)).unwrap();
    }
    g.apply(&cmd(Command::MovePath {
        unit,
        path: p,
        underground: false,
    }))
}
pub fn case_of<T: core::fmt::Debug>(r: Result<T, RuleViolation>) -> &'static str {
    r.expect_err("a refusal").case
}

/// The Movement Phase of `side` in `turn`, supply flags as the start of the phase sets
/// them (`supplied`: pretend every unit could trace supply).
pub fn movement_game(
    b: Board,
    side: Side,
    turn: u8,
    placed: &[(UnitId, HexId)],
    supplied: bool,
) -> Game<'static> {
    let mut g = b.game(Phase::Movement, side, turn, placed);
    let mut ev = Events::new();
    g.movement_begin(&mut ev).unwrap();
    if supplied {
        for s in g.state.units.iter_mut() {
            s.clear(flags::UNSUPPLIED_AT_START);
        }
    }
    g
}
pub fn start(b: Board, side: Side, placed: &[(UnitId, HexId)]) -> Game<'static> {
    movement_game(b, side, 1, placed, true)
}

pub fn targets(g: &Game<'_>, u: UnitId) -> Vec<MoveTarget> {
    let mut v = Vec::new();
    g.move_targets(u, |t| v.push(t)).unwrap();
    v
}
pub fn cost(g: &Game<'_>, u: UnitId, h: &str) -> Option<u16> {
    targets(g, u)
        .into_iter()
        .find(|t| t.hex == hex(h))
        .map(|t| t.cost_half)
}
pub fn at(g: &Game<'_>, u: UnitId) -> HexId {
    g.hex_of(u).unwrap()
}

#[test]
fn move_5_21_clear_terrain_costs_one_mp() {
    let mut b = Board::new(10, 10);
    let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 4);
    let g = start(b, WARSAW_PACT, &[(u, hex("0501"))]);
    assert_eq!(g.movement_allowance_half(u), 8);
    assert_eq!(cost(&g, u, "0502"), Some(2));
    assert_eq!(cost(&g, u, "0505"), Some(8));
    assert_eq!(cost(&g, u, "0506"), None);
}

#[test]
fn move_5_21_other_terrain_costs_its_chart_value() {
    let mut b = Board::new(10, 10);
    b.terrain(hex("0502"), FOREST);
    let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 4);
    let g = start(b, WARSAW_PACT, &[(u, hex("0501"))]);
    assert_eq!(cost(&g, u, "0502"), Some(4));
}

#[test]
fn move_5_22_road_costs_one_mp_whatever_the_terrain() {
    let mut b = Board::new(10, 10);
    for r in 2..=6 {
        b.terrain(HexId::new(5, r), FOREST);
    }
    let road: Vec<HexId> = (1..=6).map(|r| HexId::new(5, r)).collect();
    b.line(&road, SF::ROAD);
    let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 4);
    let g = start(b, WARSAW_PACT, &[(u, hex("0501"))]);
    assert_eq!(cost(&g, u, "0505"), Some(8), "four road hexes, 1 MP each");
}

#[test]
fn move_5_23_autobahn_half_mp_and_10_52_also_in_ruins() {
    let mut b = Board::new(10, 10);
    let ab: Vec<HexId> = (1..=9).map(|r| HexId::new(5, r)).collect();
    b.line(&ab, SF::AUTOBAHN);
    b.terrain(hex("0503"), URBAN);
    let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 4);
    let mut g = start(b, WARSAW_PACT, &[(u, hex("0501"))]);
    ruin(&mut g, "0503");
    assert_eq!(
        cost(&g, u, "0509"),
        Some(8),
        "eight Autobahn hexes at 1/2 MP"
    );
}

#[test]
fn move_10_51_roads_do_not_work_in_ruins() {
    let mut b = Board::new(10, 10);
    let road: Vec<HexId> = (1..=4).map(|r| HexId::new(5, r)).collect();
    b.line(&road, SF::ROAD);
    b.terrain(hex("0502"), URBAN);
    let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8);
    let mut g = start(b, WARSAW_PACT, &[(u, hex("0501"))]);
    assert_eq!(cost(&g, u, "0502"), Some(2));
    ruin(&mut g, "0502");
    // [10.55] urban 4 + ruin 2, no road rate.
    assert_eq!(cost(&g, u, "0502"), Some(6));
}

#[test]
fn move_10_54_the_ubahn_still_runs_under_ruins() {
    let mut b = Board::new(10, 10);
    let line: Vec<HexId> = (1..=4).map(|r| HexId::new(5, r)).collect();
    b.line(&line, SF::UBAHN);
    b.terrain(hex("0502"), URBAN);
    b.terrain(hex("0503"), URBAN);
    let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8);
    let mut g = start(b, WARSAW_PACT, &[(u, hex("0501"))]);
    ruin(&mut g, "0502");
    // Underground: 2 MP a U-Bahn hexside whatever lies above [5.24], ruin or not.
    let mut under = g.clone();
    under
        .apply(&cmd(Command::MovePath {
            unit: u,
            path: [hex("0502"), hex("0503")].into_iter().collect(),
            underground: true,
        }))
        .unwrap();
    assert_eq!(under.spent_half(u), 8);
    assert_eq!(under.hex_of(u), Some(hex("0503")));
    // Above ground the ruin adds its cost to the urban hex [10.55].
    assert_eq!(step_cost(&mut g, u, "0502"), 6);
}

#[test]
fn move_10_53_bridges_and_borders_work_the_same_into_ruins() {
    let mut b = Board::new(10, 10);
    b.side(hex("0501"), hex("0502"), SF::WATER | SF::ROAD);
    b.side(hex("0601"), hex("0602"), SF::BORDER);
    let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8);
    let v = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8);
    let mut g = start(b, WARSAW_PACT, &[(u, hex("0501")), (v, hex("0601"))]);
    for h in ["0502", "0602"] {
        ruin(&mut g, h);
    }
    let t = &g.data.tables;
    let (bridge, border, ruin) = (t.bridge.mp_half, t.border.mp_half, t.ruin.mp_half);
    // Clear 2 + ruin + the bridge (implied by the road over the water [5.25]): no road rate
    // in a ruin [10.51], but the bridge still spans the water [10.53].
    assert_eq!(step_cost(&mut g, u, "0502"), 2 + ruin + bridge);
    assert_eq!(step_cost(&mut g, v, "0602"), 2 + ruin + border);
}

/// Spent half-MP after moving `u` one step along a path.
fn step_cost(g: &mut Game<'_>, u: UnitId, to: &str) -> u16 {
    mv_path(g, u, &[to]).unwrap();
    g.spent_half(u)
}

#[test]
fn move_5_25_hexside_costs_are_added() {
    let mut b = Board::new(10, 10);
    b.side(hex("0501"), hex("0502"), SF::WATER);
    b.side(hex("0601"), hex("0602"), SF::WATER | SF::FERRY);
    b.side(hex("0701"), hex("0702"), SF::WATER | SF::ROAD);
    b.side(hex("0801"), hex("0802"), SF::BORDER);
    let us: Vec<UnitId> = (0..4)
        .map(|_| b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8))
        .collect();
    let placed: Vec<(UnitId, HexId)> = us
        .iter()
        .enumerate()
        .map(|(i, &u)| (u, HexId::new(5 + i as u8, 1)))
        .collect();
    let mut g = start(b, WARSAW_PACT, &placed);
    let t = g.data.tables.clone();
    assert_eq!(step_cost(&mut g, us[0], "0502"), 2 + t.water.mp_half);
    assert_eq!(step_cost(&mut g, us[1], "0602"), 2 + t.ferry.mp_half);
    // A road across water is a bridge: road rate plus the bridge cost, not the water.
    assert_eq!(step_cost(&mut g, us[2], "0702"), 2 + t.bridge.mp_half);
    assert_eq!(step_cost(&mut g, us[3], "0802"), 2 + t.border.mp_half);
}

#[test]
fn move_12_0_a_blown_bridge_is_plain_water() {
    let mut b = Board::new(10, 10);
    b.side(hex("0501"), hex("0502"), SF::WATER | SF::ROAD);
    let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8);
    let mut g = start(b, WARSAW_PACT, &[(u, hex("0501"))]);
    let s = g
        .data
        .map
        .geometry
        .side_between(hex("0501"), hex("0502"))
        .unwrap();
    g.state.blown_bridges.push(s).unwrap();
    let w = g.data.tables.water.mp_half;
    assert_eq!(step_cost(&mut g, u, "0502"), 2 + w);
}

fn lake_board() -> Board {
    let mut b = Board::new(10, 10);
    b.terrain(hex("0503"), LAKE);
    for (_, n) in b
        .data
        .map
        .geometry
        .neighbours(hex("0503"))
        .collect::<Vec<_>>()
    {
        b.side(hex("0503"), n, SF::LAKE_SHORE);
    }
    b
}

#[test]
fn move_5_26_lake_costs_nine_mp_and_no_stopping() {
    let mut b = lake_board();
    let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 12);
    let mut g = start(b, WARSAW_PACT, &[(u, hex("0502"))]);
    let ts = targets(&g, u);
    assert!(
        ts.iter().all(|t| t.hex != hex("0503")),
        "never ends in a lake"
    );
    // Straight across: 1 + 4 (in) + 4 (out) + 1 for the clear hex beyond.
    let through = ts.iter().find(|t| t.hex == hex("0504")).unwrap();
    assert!(through.cost_half <= 20);
    assert_eq!(case_of(mv(&mut g, u, "0503")), "5.26");
    assert_eq!(g.hex_of(u), Some(hex("0502")));
}

#[test]
fn move_5_26_police_with_8_mp_can_never_enter_a_lake() {
    let mut b = lake_board();
    let p = b.unit(WARSAW_PACT, UnitKind::Police, 1, 1, 8);
    let mut g = start(b, WARSAW_PACT, &[(p, hex("0502"))]);
    g.state.turn = 5; // past any police freeze
    assert_eq!(case_of(mv_path(&mut g, p, &["0503", "0504"])), "5.13");
    assert_eq!(case_of(mv_path(&mut g, p, &["0503"])), "5.26");
    let mut hexes = Vec::new();
    g.move_targets(p, |t| hexes.push(t.hex)).unwrap();
    assert!(!hexes.contains(&hex("0503")));
}

#[test]
fn move_8_83_gas_doubles_and_triples_at_night() {
    let mut b = Board::new(10, 10);
    let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8);
    let mut g = start(b, WARSAW_PACT, &[(u, hex("0501"))]);
    mark(&mut g, "0502", Markers::GAS);
    assert_eq!(cost(&g, u, "0502"), Some(4));
    g.state.turn = 3; // a night turn on the test track
    assert!(g.is_night());
    assert_eq!(cost(&g, u, "0502"), Some(6));
}

#[test]
fn move_16_21_night_doubles_every_cost() {
    let mut b = Board::new(10, 10);
    b.side(hex("0502"), hex("0503"), SF::WATER);
    let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8);
    let mut g = start(b, WARSAW_PACT, &[(u, hex("0501"))]);
    g.state.turn = 3;
    let w = g.data.tables.water.mp_half;
    assert_eq!(cost(&g, u, "0502"), Some(4));
    mv_path(&mut g, u, &["0502", "0503"]).unwrap();
    assert_eq!(g.spent_half(u), 4 + 2 * (2 + w));
}

#[test]
fn move_10_72_fire_hexes_may_not_be_entered() {
    let mut b = Board::new(10, 10);
    let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8);
    let mut g = start(b, WARSAW_PACT, &[(u, hex("0501"))]);
    mark(&mut g, "0502", Markers::FIRE);
    assert_eq!(cost(&g, u, "0502"), None);
    assert_eq!(case_of(mv(&mut g, u, "0502")), "10.72");
}

#[test]
fn move_5_12_enemy_hex_is_refused_and_state_unchanged() {
    let mut b = Board::new(10, 10);
    let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8);
    let e = b.unit(NATO, UnitKind::Mechanized, 4, 4, 8);
    let mut g = start(b, WARSAW_PACT, &[(u, hex("0501")), (e, hex("0503"))]);
    let before = g.state.clone();
    assert_eq!(case_of(mv(&mut g, u, "0503")), "5.12");
    assert_eq!(g.state, before);
    mv(&mut g, u, "0502").unwrap(); // in the enemy zone: stops there
    let before = g.state.clone();
    let r = g.apply(&cmd(Command::MovePath {
        unit: u,
        path: heapless::Vec::from_slice(&[hex("0503")]).unwrap(),
        underground: true,
    }));
    assert!(matches!(case_of(r), "5.12" | "6.0"));
    assert_eq!(g.state, before);
}

#[test]
fn move_5_13_may_not_exceed_the_allowance() {
    let mut b = Board::new(10, 10);
    let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 2);
    let mut g = start(b, WARSAW_PACT, &[(u, hex("0501"))]);
    let before = g.state.clone();
    assert_eq!(case_of(mv(&mut g, u, "0504")), "5.13");
    assert_eq!(
        case_of(mv_path(&mut g, u, &["0502", "0503", "0504"])),
        "5.13"
    );
    assert_eq!(g.state, before);
    mv(&mut g, u, "0503").unwrap();
    assert_eq!(g.spent_half(u), 4);
    assert_eq!(case_of(g.may_move(u)), "5.13");
}

/// A NATO unit east of 0505 whose zone of control covers 0505's column neighbours.
fn zoc_board() -> (Board, UnitId, UnitId) {
    let mut b = Board::new(10, 10);
    let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 6);
    let e = b.unit(NATO, UnitKind::Mechanized, 4, 4, 6);
    (b, u, e)
}

#[test]
fn move_6_0_entering_an_enemy_zone_stops_the_move() {
    let (b, u, e) = zoc_board();
    // Enemy in 0604: its zone covers 0504 and 0505 (same rows in the next column).
    let mut g = start(b, WARSAW_PACT, &[(u, hex("0501")), (e, hex("0604"))]);
    assert!(g.enemy_zoc(hex("0504"), WARSAW_PACT) || g.enemy_zoc(hex("0503"), WARSAW_PACT));
    let first_zoc = (2..=9)
        .map(|r| HexId::new(5, r))
        .find(|&h| g.enemy_zoc(h, WARSAW_PACT))
        .unwrap();
    let beyond = HexId::new(5, first_zoc.row + 1);
    let ts = targets(&g, u);
    assert!(ts.iter().any(|t| t.hex == first_zoc));
    // Straight up the column would go through the zone: the path must detour or stop.
    let mut path = heapless::Vec::<HexId, MAX_PATH>::new();
    for r in 2..=beyond.row {
        path.push(HexId::new(5, r)).unwrap();
    }
    let r = g.apply(&cmd(Command::MovePath {
        unit: u,
        path,
        underground: false,
    }));
    assert_eq!(case_of(r), "6.0");
    let label = g.data.map.geometry.format(first_zoc);
    mv(&mut g, u, label.as_str()).unwrap();
    assert_eq!(case_of(g.may_move(u)), "6.0");
}

#[test]
fn move_5_14_may_not_leave_an_enemy_zone_by_day() {
    let (b, u, e) = zoc_board();
    let mut g = start(b, WARSAW_PACT, &[(u, hex("0505")), (e, hex("0605"))]);
    assert!(g.enemy_zoc(hex("0505"), WARSAW_PACT));
    let before = g.state.clone();
    assert_eq!(case_of(mv(&mut g, u, "0502")), "5.14");
    assert_eq!(case_of(g.move_targets(u, |_| {})), "5.14");
    assert_eq!(g.state, before);
}

#[test]
fn move_6_14_no_zone_into_urban_or_across_water() {
    let mut b = Board::new(10, 10);
    let e = b.unit(NATO, UnitKind::Mechanized, 4, 4, 6);
    b.terrain(hex("0506"), URBAN);
    b.side(hex("0505"), hex("0504"), SF::WATER | SF::BRIDGE);
    let g = start(b, WARSAW_PACT, &[(e, hex("0505"))]);
    assert!(!g.enemy_zoc(hex("0506"), WARSAW_PACT), "not into urban");
    assert!(
        !g.enemy_zoc(hex("0504"), WARSAW_PACT),
        "not across water, bridge or not"
    );
    let side_hex = g
        .data
        .map
        .geometry
        .neighbour(hex("0505"), Dir::UpHigherCol)
        .unwrap();
    assert!(g.enemy_zoc(side_hex, WARSAW_PACT));
}

#[test]
fn move_16_22_night_disengagement() {
    let (b, u, e) = zoc_board();
    // Turn 3 is a night turn on the test track.
    let mut g = movement_game(
        b,
        WARSAW_PACT,
        3,
        &[(u, hex("0505")), (e, hex("0605"))],
        true,
    );
    assert!(g.state.units[u.0 as usize].has(flags::STARTED_IN_ZOC));
    // Into another controlled hex: refused.
    let zoc_nb = g
        .data
        .map
        .geometry
        .neighbours(hex("0505"))
        .map(|(_, n)| n)
        .find(|&n| g.enemy_zoc(n, WARSAW_PACT) && g.unit_at(n).is_none())
        .unwrap();
    let r = g.apply(&cmd(Command::MovePath {
        unit: u,
        path: heapless::Vec::from_slice(&[zoc_nb]).unwrap(),
        underground: false,
    }));
    assert_eq!(case_of(r), "16.22");
    // Out to 0404 (away from the enemy): 2 MP night clear + 2 MP disengagement.
    let away = g
        .data
        .map
        .geometry
        .neighbour(hex("0505"), Dir::DownLowerCol)
        .unwrap();
    assert!(!g.enemy_zoc(away, WARSAW_PACT));
    let label = g.data.map.geometry.format(away);
    assert_eq!(cost(&g, u, label.as_str()), Some(4 + DISENGAGE_COST_HALF));
    mv(&mut g, u, label.as_str()).unwrap();
    assert_eq!(g.spent_half(u), 8);
}

#[test]
fn move_5_24_ubahn_passes_through_enemy_zones() {
    // A two-column strip: the zone of the enemy in 0205 closes it above ground.
    let mut b = Board::new(2, 10);
    let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 20);
    let e = b.unit(NATO, UnitKind::Mechanized, 4, 4, 6);
    let line: Vec<HexId> = (1..=10).map(|r| HexId::new(1, r)).collect();
    b.line(&line, SF::UBAHN);
    let mut g = start(b, WARSAW_PACT, &[(u, hex("0101")), (e, hex("0205"))]);
    assert_eq!(
        case_of(mv(&mut g, u, "0109")),
        "5.13",
        "no way round above ground"
    );
    let before = g.state.clone();
    let r = g.apply(&cmd(Command::MovePath {
        unit: u,
        path: (2..=9).map(|r| HexId::new(1, r)).collect(),
        underground: false,
    }));
    assert_eq!(case_of(r), "6.0");
    assert_eq!(g.state, before);
    // Underground through the two controlled hexes (2 MP a U-Bahn hexside, no stop),
    // surfacing beyond them.
    let t = targets(&g, u);
    assert!(t.iter().any(|t| t.hex == hex("0106") && t.underground));
    assert!(t.iter().any(|t| t.hex == hex("0109")));
    mv_under(&mut g, u, "0107").unwrap();
    assert_eq!(at(&g, u), hex("0107"));
    assert!(g.state.movement.in_hand_underground);
    assert_eq!(g.spent_half(u), 6 + 3 * UBAHN_COST_HALF);
    // [15.0] at the end of the phase it is above ground again.
    g.apply(&cmd(Command::EndMovement)).unwrap();
    assert!(!g.state.movement.in_hand_underground);
}

#[test]
fn move_5_24_ubahn_not_out_of_the_starting_enemy_zone() {
    let (mut b, u, e) = zoc_board();
    let line: Vec<HexId> = (1..=8).map(|r| HexId::new(5, r)).collect();
    b.line(&line, SF::UBAHN);
    let mut g = start(b, WARSAW_PACT, &[(u, hex("0505")), (e, hex("0605"))]);
    assert_eq!(case_of(mv_under(&mut g, u, "0502")), "5.14");
}

#[test]
fn move_5_15_a_unit_is_done_once_another_unit_moves() {
    let mut b = Board::new(10, 10);
    let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 6);
    let v = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 6);
    let mut g = start(b, WARSAW_PACT, &[(u, hex("0501")), (v, hex("0801"))]);
    mv(&mut g, u, "0502").unwrap();
    mv(&mut g, u, "0503").unwrap(); // still in hand: may go on
    assert_eq!(g.spent_half(u), 4);
    mv(&mut g, v, "0802").unwrap();
    let before = g.state.clone();
    assert_eq!(case_of(mv(&mut g, u, "0504")), "5.15");
    assert_eq!(g.state, before);
}

#[test]
fn move_5_31_through_friends_but_never_stacked() {
    let mut b = Board::new(10, 10);
    let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 6);
    let f = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 6);
    let mut g = start(b, WARSAW_PACT, &[(u, hex("0501")), (f, hex("0502"))]);
    assert_eq!(
        cost(&g, u, "0503"),
        Some(4),
        "no extra cost through a friend"
    );
    assert_eq!(cost(&g, u, "0502"), None);
    assert_eq!(case_of(mv(&mut g, u, "0502")), "5.31");
    mv_path(&mut g, u, &["0502", "0503"]).unwrap();
}

#[test]
fn move_5_18_police_never_enter_an_enemy_zone() {
    let mut b = Board::new(10, 10);
    let p = b.unit(NATO, UnitKind::Police, 1, 1, 8);
    let e = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 6);
    let mut g = start(b, NATO, &[(p, hex("0501")), (e, hex("0604"))]);
    let zoc: Vec<HexId> = targets(&g, p)
        .iter()
        .map(|t| t.hex)
        .filter(|&h| g.enemy_zoc(h, NATO))
        .collect();
    assert!(zoc.is_empty());
    let h = (2..=9)
        .map(|r| HexId::new(5, r))
        .find(|&h| g.enemy_zoc(h, NATO))
        .unwrap();
    let label = g.data.map.geometry.format(h);
    assert_eq!(case_of(mv(&mut g, p, label.as_str())), "5.18");
}

fn west_berlin_columns(b: &mut Board, cols: core::ops::RangeInclusive<u8>) {
    for c in cols {
        for r in 1..=10 {
            b.region(HexId::new(c, r), Region::WestBerlin);
        }
    }
}

#[test]
fn move_5_17_west_berlin_police_stay_in_west_berlin() {
    let mut b = Board::new(10, 10);
    west_berlin_columns(&mut b, 1..=5);
    let p = b.unit(NATO, UnitKind::Police, 1, 1, 8);
    let mut g = start(b, NATO, &[(p, hex("0505"))]);
    assert!(targets(&g, p).iter().all(|t| g.in_west_berlin(t.hex)));
    let out = g
        .data
        .map
        .geometry
        .neighbour(hex("0505"), Dir::UpHigherCol)
        .unwrap();
    let label = g.data.map.geometry.format(out);
    assert_eq!(case_of(mv(&mut g, p, label.as_str())), "5.17");
}

#[test]
fn move_21_35_2_medicine_wheel_police_may_leave_and_enter_zones() {
    let mut b = Board::new(10, 10);
    west_berlin_columns(&mut b, 1..=5);
    b.scenario_mut().rules.police_unrestricted = true;
    let p = b.unit(NATO, UnitKind::Police, 1, 1, 8);
    let e = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 6);
    let mut g = start(b, NATO, &[(p, hex("0505")), (e, hex("0808"))]);
    assert!(targets(&g, p).iter().any(|t| !g.in_west_berlin(t.hex)));
    assert!(targets(&g, p).iter().any(|t| g.enemy_zoc(t.hex, NATO)));
    let out = g
        .data
        .map
        .geometry
        .neighbour(hex("0505"), Dir::UpHigherCol)
        .unwrap();
    let label = g.data.map.geometry.format(out);
    mv(&mut g, p, label.as_str()).unwrap();
}

#[test]
fn move_21_15_1_warsaw_pact_police_frozen_until_turn_3() {
    let mut b = Board::new(10, 10);
    b.scenario_mut().rules.wp_police_frozen_until = 3;
    let p = b.unit(WARSAW_PACT, UnitKind::Police, 1, 1, 8);
    let mut g = start(b, WARSAW_PACT, &[(p, hex("0505"))]);
    assert_eq!(case_of(mv(&mut g, p, "0506")), "21.15");
    g.state.turn = 3;
    mv(&mut g, p, "0506").unwrap();
}

#[test]
fn move_5_16_unsupplied_at_the_start_halves_the_allowance() {
    let mut b = Board::new(10, 10);
    let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 7);
    // No road reaches a map edge: no supply source [14.13].
    let g = movement_game(b, WARSAW_PACT, 1, &[(u, hex("0505"))], false);
    assert!(g.state.units[u.0 as usize].has(flags::UNSUPPLIED_AT_START));
    assert_eq!(
        g.movement_allowance_half(u),
        6,
        "7 MP halved, rounded down: 3 MP"
    );
}

#[test]
fn move_14_31_supply_regained_later_does_not_restore_the_allowance() {
    let mut b = Board::new(10, 10);
    let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8);
    let mut g = movement_game(b, WARSAW_PACT, 1, &[(u, hex("0505"))], false);
    mv(&mut g, u, "0506").unwrap();
    assert_eq!(g.movement_allowance_half(u), 8);
}

#[test]
fn move_path_checks_every_step() {
    let mut b = Board::new(10, 10);
    let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 6);
    let mut g = start(b, WARSAW_PACT, &[(u, hex("0501"))]);
    assert_eq!(
        case_of(mv_path(&mut g, u, &["0503"])),
        "5.0",
        "not adjacent"
    );
    mv_path(&mut g, u, &["0502", "0503"]).unwrap();
    assert_eq!(at(&g, u), hex("0503"));
    assert_eq!(g.spent_half(u), 4);
}

#[test]
fn move_5_11_only_in_the_own_movement_phase() {
    let mut b = Board::new(10, 10);
    let u = b.unit(NATO, UnitKind::Mechanized, 4, 4, 6);
    let mut g = start(b, WARSAW_PACT, &[(u, hex("0501"))]);
    assert_eq!(case_of(mv(&mut g, u, "0502")), "5.11");
}

#[test]
fn move_21_35_3_nato_exits_for_two_mp() {
    let mut b = Board::new(10, 10);
    b.scenario_mut().rules.nato_may_exit = true;
    b.scenario_mut().rules.medicine_wheel_vp = true;
    let u = b.unit(NATO, UnitKind::Mechanized, 4, 4, 6);
    let v = b.unit(NATO, UnitKind::Mechanized, 4, 4, 6);
    let mut g = start(b, NATO, &[(u, hex("0509")), (v, hex("0505"))]);
    assert_eq!(
        case_of(g.apply(&cmd(Command::Exit { unit: v }))),
        "21.35",
        "not on an edge"
    );
    mv(&mut g, u, "0510").unwrap();
    g.apply(&cmd(Command::Exit { unit: u })).unwrap();
    assert_eq!(g.state.units[u.0 as usize].location, Location::Exited);
    assert_eq!(
        g.state.turn_state.mw_vp[NATO.index()],
        2,
        "the north edge scores"
    );
}

#[test]
fn move_21_35_3_no_exits_outside_medicine_wheel() {
    let mut b = Board::new(10, 10);
    let u = b.unit(NATO, UnitKind::Mechanized, 4, 4, 6);
    let mut g = start(b, NATO, &[(u, hex("0510"))]);
    assert_eq!(case_of(g.apply(&cmd(Command::Exit { unit: u }))), "21.35");
}

#[test]
fn move_end_movement_goes_to_combat() {
    let b = Board::new(10, 10);
    let mut g = start(b, WARSAW_PACT, &[]);
    g.apply(&cmd(Command::EndMovement)).unwrap();
    assert_eq!(g.state.phase, Phase::Combat);
}

#[test]
fn move_6_12_entering_an_enemy_zone_costs_nothing_extra() {
    let (b, u, e) = zoc_board();
    let g = start(b, WARSAW_PACT, &[(u, hex("0505")), (e, hex("0507"))]);
    assert!(g.enemy_zoc(hex("0506"), WARSAW_PACT));
    assert_eq!(cost(&g, u, "0506"), Some(2));
}

#[test]
fn move_6_21_zones_of_both_sides_coexist_and_6_11_every_unit_has_one() {
    let mut b = Board::new(10, 10);
    let w = b.unit(WARSAW_PACT, UnitKind::Police, 1, 1, 8);
    let n = b.unit(NATO, UnitKind::Artillery, 0, 1, 4);
    let g = start(b, WARSAW_PACT, &[(w, hex("0503")), (n, hex("0505"))]);
    assert!(g.enemy_zoc(hex("0504"), WARSAW_PACT));
    assert!(g.enemy_zoc(hex("0504"), NATO));
}

#[test]
fn move_6_23_a_unit_in_urban_projects_its_zone_out_but_receives_none() {
    let mut b = Board::new(10, 10);
    b.terrain(hex("0505"), URBAN);
    let w = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8);
    let n = b.unit(NATO, UnitKind::Mechanized, 4, 4, 8);
    let g = start(b, WARSAW_PACT, &[(w, hex("0505")), (n, hex("0506"))]);
    assert!(
        !g.enemy_zoc(hex("0505"), WARSAW_PACT),
        "no zone into the urban hex"
    );
    assert!(
        g.enemy_zoc(hex("0506"), NATO),
        "the urban unit's zone reaches out"
    );
}

#[test]
fn move_13_12_reinforcements_off_the_map_have_no_zone() {
    let mut b = Board::new(10, 10);
    let w = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8);
    let n = b.unit(NATO, UnitKind::Mechanized, 4, 4, 8);
    let mut g = start(b, WARSAW_PACT, &[(w, hex("0501"))]);
    g.state.units[n.0 as usize].location = Location::Pool;
    assert_eq!(cost(&g, w, "0505"), Some(8));
}

/// Every target `move_targets` offers is reached by `Move` at the cost it named.
#[test]
fn move_targets_agree_with_the_move_command() {
    let mut b = Board::new(4, 10);
    let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 12);
    let e = b.unit(NATO, UnitKind::Mechanized, 4, 4, 6);
    let e2 = b.unit(NATO, UnitKind::Mechanized, 4, 4, 6);
    let line: Vec<HexId> = (1..=10).map(|r| HexId::new(1, r)).collect();
    b.line(&line, SF::UBAHN);
    b.side(hex("0203"), hex("0204"), SF::WATER);
    b.terrain(hex("0302"), FOREST);
    let g = start(
        b,
        WARSAW_PACT,
        &[(u, hex("0101")), (e, hex("0205")), (e2, hex("0405"))],
    );
    let ts = targets(&g, u);
    assert!(ts.iter().any(|t| t.underground));
    for t in ts {
        let mut g2 = g.clone();
        g2.apply(&cmd(Command::Move {
            unit: u,
            to: t.hex,
            underground: t.underground,
        }))
        .unwrap_or_else(|e| panic!("{t:?}: {e}"));
        assert_eq!(g2.hex_of(u), Some(t.hex));
        assert_eq!(g2.spent_half(u), t.cost_half, "{t:?}");
    }
}

/// Measured, not asserted (DESIGN.md budgets; the `tests` bench has real-map figures).
#[test]
fn move_targets_on_a_full_size_map_is_measured() {
    let mut b = Board::new(39, 50);
    let ab: Vec<HexId> = (1..=50).map(|r| HexId::new(20, r)).collect();
    b.line(&ab, SF::AUTOBAHN);
    let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 20);
    let g = start(b, WARSAW_PACT, &[(u, hex("2025"))]);
    let t0 = std::time::Instant::now();
    let mut n = 0;
    for _ in 0..10 {
        g.move_targets(u, |_| n += 1).unwrap();
    }
    let per = t0.elapsed() / 10;
    std::println!("move_targets: {per:?} per call, {} targets", n / 10);
    assert!(n > 0);
}
