//! Surrender Points, city control, Victory Points and the Medicine Wheel schedule on small
//! hand-made boards.

extern crate std;
use super::*;
use crate::berlin85::data::{Arrival, ReinforcementGroup};
use crate::berlin85::testkit::{hex, Board, HF};
use crate::berlin85::turn::tests::{berlin_board, cites, end_turn, take_barracks};
use crate::core::protocol::Events;
use crate::core::units::{Location, UnitId, UnitKind};
use std::format;
use std::vec::Vec;

fn game(b: Board) -> Game<'static> {
    b.game(Phase::Combat, NATO, 2, &[])
}

fn kill(g: &mut Game<'_>, u: UnitId) -> Events<Event> {
    let mut ev = Events::new();
    g.eliminate(u, "7.6", &mut ev).unwrap();
    ev
}

#[test]
fn sp_19_42_nato_scores_for_warsaw_pact_losses() {
    let mut b = berlin_board();
    let police = b.unit(WARSAW_PACT, UnitKind::Police, 0, 0, 8);
    let mech = b.unit(WARSAW_PACT, UnitKind::Mechanized, 0, 0, 12);
    let art = b.artillery(WARSAW_PACT, 4, 0, 20, 1, 10);
    let para = b.unit(WARSAW_PACT, UnitKind::Paratroop, 0, 0, 6);
    let tank = b.unit(WARSAW_PACT, UnitKind::Tank, 0, 0, 12);
    let mut g = game(b);
    let ev = kill(&mut g, police);
    assert!(cites(&ev, "19.42"));
    assert_eq!(
        g.surrender_points(),
        -1,
        "an East Berlin police unit: 1 for NATO"
    );
    kill(&mut g, mech);
    assert_eq!(g.surrender_points(), -3, "a mechanized unit: 2");
    kill(&mut g, art);
    assert_eq!(g.surrender_points(), -5, "an artillery unit: 2");
    kill(&mut g, para);
    assert_eq!(g.surrender_points(), -8, "a paratroop unit: 3");
    kill(&mut g, tank);
    assert_eq!(
        g.surrender_points(),
        -10,
        "any other military unit: 2 (documented)"
    );
    assert!(
        g.surrender_points() < 0,
        "a NATO lead shows as negative points [19.41]"
    );
    assert_eq!(g.surrender_points(), g.surrender_points_from_scratch());
}

#[test]
fn sp_19_43_warsaw_pact_scores_for_nato_losses_mp_is_military() {
    let mut b = berlin_board();
    let police = b.unit(NATO, UnitKind::Police, 0, 0, 8);
    let mp = b.unit(NATO, UnitKind::MilitaryPolice, 0, 0, 12);
    let inf = b.unit(NATO, UnitKind::Infantry, 0, 0, 8);
    let mut g = game(b);
    let ev = kill(&mut g, police);
    assert!(cites(&ev, "19.43"));
    assert_eq!(g.surrender_points(), 1);
    kill(&mut g, mp);
    assert_eq!(g.surrender_points(), 3);
    kill(&mut g, inf);
    assert_eq!(g.surrender_points(), 5);
    assert_eq!(g.surrender_points(), g.surrender_points_from_scratch());
}

#[test]
fn sp_19_44_terrain_held_in_west_berlin() {
    let mut b = berlin_board();
    b.region(hex("0201"), crate::berlin85::data::Region::WestBerlin);
    b.feature(hex("0201"), HF::AIRFIELD);
    b.region(hex("0202"), crate::berlin85::data::Region::WestBerlin);
    b.feature(hex("0202"), HF::CONTROL_TOWER);
    b.feature(hex("0505"), HF::OBJECTIVE); // East Germany: never counts
    let mut g = game(b);
    assert_eq!(
        g.surrender_points(),
        0,
        "West Berlin starts NATO's, the rest the Pact's"
    );
    g.mark_held(hex("0110"), WARSAW_PACT);
    assert_eq!(g.surrender_points(), 1, "objective: 1");
    g.mark_held(hex("0201"), WARSAW_PACT);
    assert_eq!(g.surrender_points(), 2, "airfield: 1");
    g.mark_held(hex("0202"), WARSAW_PACT);
    assert_eq!(g.surrender_points(), 4, "control tower: 2");
    take_barracks(&mut g, 1);
    assert_eq!(g.surrender_points(), 6, "barracks: 2");
    g.mark_held(hex("0101"), NATO);
    assert_eq!(g.surrender_points(), 4, "recaptured: the points come off");
    assert_eq!(g.surrender_points(), g.surrender_points_from_scratch());
}

#[test]
fn sp_19_44_a_hex_scores_once_at_its_higher_value() {
    let mut b = berlin_board();
    b.feature(hex("0101"), HF::OBJECTIVE); // also a barracks
    let g = game(b);
    assert_eq!(g.terrain_sp_value(hex("0101")), 2);
}

#[test]
fn sp_19_41_running_total_equals_recount_from_scratch() {
    let mut b = berlin_board();
    let units: Vec<UnitId> = (0..6)
        .map(|i| {
            let side = if i % 2 == 0 { NATO } else { WARSAW_PACT };
            b.unit(
                side,
                [UnitKind::Police, UnitKind::Mechanized, UnitKind::Paratroop][i % 3],
                0,
                0,
                8,
            )
        })
        .collect();
    let mut g = game(b);
    for (i, &u) in units.iter().enumerate() {
        kill(&mut g, u);
        if i % 2 == 0 {
            take_barracks(&mut g, i as u8);
        }
        assert_eq!(
            g.surrender_points(),
            g.surrender_points_from_scratch(),
            "after {i}"
        );
    }
}

#[test]
fn victory_20_24_levels() {
    assert_eq!(level_of(400).0, "Warsaw Pact Decisive Victory");
    assert_eq!(
        level_of(399).0,
        "Warsaw Pact Substantive Victory",
        "199½ is not 200"
    );
    assert_eq!(level_of(320).0, "Warsaw Pact Substantive Victory");
    assert_eq!(level_of(318).0, "Warsaw Pact Marginal Victory");
    assert_eq!(level_of(240).0, "Warsaw Pact Marginal Victory");
    assert_eq!(level_of(238).0, "NATO Marginal Victory");
    assert_eq!(level_of(160).0, "NATO Marginal Victory");
    assert_eq!(level_of(158).0, "NATO Substantive Victory");
    assert_eq!(level_of(80).0, "NATO Substantive Victory");
    assert_eq!(level_of(78).0, "NATO Decisive Victory");
    assert_eq!(level_of(-100).0, "NATO Decisive Victory");
}

/// A city that falls at the end of `turn` with `units` Pact non-police units on the map.
fn city_falls(b: Board, turn: u8, wp: &[UnitId]) -> Game<'static> {
    let mut g = game(b);
    for (i, &u) in wp.iter().enumerate() {
        g.put(
            u,
            crate::core::hex::HexId::new(4 + (i / 10) as u8, 1 + (i % 10) as u8),
        );
    }
    take_barracks(&mut g, 8);
    g.mark_held(hex("0110"), WARSAW_PACT);
    g.state.turn = turn;
    end_turn(&mut g);
    g
}

#[test]
fn victory_20_21_units_on_the_map_times_the_turn_multiple() {
    let mut b = berlin_board();
    let wp: Vec<UnitId> = (0..30)
        .map(|_| b.unit(WARSAW_PACT, UnitKind::Mechanized, 6, 6, 12))
        .collect();
    let police = b.unit(WARSAW_PACT, UnitKind::Police, 1, 1, 8);
    let mut all = wp.clone();
    all.push(police);
    let g = city_falls(b, 5, &all);
    let o = g.outcome().unwrap();
    // Turn 5 multiple x4 (8 halves): 30 x 4 = 120 VP; police do not count [20.21].
    assert_eq!(o.lines[0].count, 30);
    assert_eq!(o.wp_vp_halves, 240);
    assert_eq!(o.level, "Warsaw Pact Marginal Victory");
    assert_eq!(format!("{}", Halves(o.wp_vp_halves)), "120");
}

#[test]
fn victory_20_21_withheld_divisions_five_each() {
    let mut b = berlin_board();
    let wp: Vec<UnitId> = (0..3)
        .map(|_| b.unit(WARSAW_PACT, UnitKind::Mechanized, 6, 6, 12))
        .collect();
    let withheld: Vec<UnitId> = (0..10)
        .map(|_| b.unit(WARSAW_PACT, UnitKind::Mechanized, 6, 6, 12))
        .collect();
    let mut g = game(b);
    for &u in &withheld {
        g.state.units[u.0 as usize].location = Location::Withheld;
    }
    for (i, &u) in wp.iter().enumerate() {
        g.put(u, crate::core::hex::HexId::new(5, 1 + i as u8));
    }
    take_barracks(&mut g, 8);
    g.mark_held(hex("0110"), WARSAW_PACT);
    g.state.turn = 15;
    end_turn(&mut g);
    let o = g.outcome().unwrap();
    assert_eq!(o.lines[1].count, 10);
    assert_eq!(o.lines[1].total_halves, 100, "10 x 5 VP whatever the turn");
}

#[test]
fn victory_20_21_parachute_division_counts_withheld_until_it_enters() {
    let mut b = berlin_board();
    let para: Vec<UnitId> = (0..9)
        .map(|_| b.unit(WARSAW_PACT, UnitKind::Paratroop, 0, 0, 6))
        .collect();
    let mut grp = ReinforcementGroup {
        side: WARSAW_PACT,
        units: heapless::Vec::new(),
        from_turn: 1,
        arrival: Arrival::AirlandingOrParadrop,
    };
    for &u in &para {
        grp.units.push(u).unwrap();
    }
    b.scenario_mut().reinforcements.push(grp).unwrap();
    let mut g = game(b);
    assert_eq!(g.withheld_units(), 9);
    g.put(para[0], hex("0505"));
    assert_eq!(
        g.withheld_units(),
        0,
        "once it enters, none of it counts as withheld"
    );
}

#[test]
fn victory_19_21_and_20_22_penalties_come_off_the_pact_total() {
    let mut b = berlin_board();
    let wp: Vec<UnitId> = (0..20)
        .map(|_| b.unit(WARSAW_PACT, UnitKind::Mechanized, 6, 6, 12))
        .collect();
    let mut g = game(b);
    for (i, &u) in wp.iter().enumerate() {
        g.put(
            u,
            crate::core::hex::HexId::new(4 + (i / 10) as u8, 1 + (i % 10) as u8),
        );
    }
    g.state.turn_state.honors_failed_offers = 2;
    g.state.turn_state.rail_vp = 13;
    take_barracks(&mut g, 8);
    g.mark_held(hex("0110"), WARSAW_PACT);
    g.state.turn = 1;
    end_turn(&mut g);
    let o = g.outcome().unwrap();
    // 20 x 5 = 100, - 40 for two offers, - 13 rail VP = 47.
    assert_eq!(o.wp_vp_halves, 94);
    assert_eq!(o.nato_vp_halves, 26);
    assert_eq!(o.level, "NATO Substantive Victory");
    assert_eq!(
        g.victory_points().wp_halves,
        94,
        "the running figure agrees"
    );
}

fn medicine_wheel() -> Board {
    let mut b = berlin_board();
    let r = &mut b.scenario_mut().rules;
    r.medicine_wheel_vp = true;
    r.no_honors_no_surrender = true;
    r.nato_may_exit = true;
    b
}

#[test]
fn victory_21_36_medicine_wheel_nato_schedule() {
    let mut b = medicine_wheel();
    let eb = b.unit(WARSAW_PACT, UnitKind::Police, 0, 0, 8);
    let mech = b.unit(WARSAW_PACT, UnitKind::Mechanized, 0, 0, 12);
    let north = b.unit(NATO, UnitKind::Mechanized, 0, 0, 12);
    let south = b.unit(NATO, UnitKind::Mechanized, 0, 0, 12);
    let mut g = game(b);
    let ev = kill(&mut g, eb);
    assert!(cites(&ev, "21.36"));
    kill(&mut g, mech);
    assert_eq!(g.state.turn_state.mw_vp[NATO.index()], 3, "1 + 2");
    assert_eq!(
        g.surrender_points(),
        0,
        "no Surrender Points in this scenario"
    );
    let mut ev = Events::new();
    g.state.units[north.0 as usize].location = Location::Exited;
    g.score_exit(north, hex("0510"), &mut ev).unwrap(); // row 10: the north edge
    g.state.units[south.0 as usize].location = Location::Exited;
    g.score_exit(south, hex("0501"), &mut ev).unwrap(); // row 01: the south edge scores nothing
    assert_eq!(g.state.turn_state.mw_vp[NATO.index()], 5);
    assert_eq!(g.state.turn_state.mw_vp, g.medicine_wheel_vp_from_scratch());
}

#[test]
fn victory_21_36_medicine_wheel_warsaw_pact_stand_in() {
    let mut b = medicine_wheel();
    let wb = b.unit(NATO, UnitKind::Police, 0, 0, 8);
    let us = b.unit(NATO, UnitKind::Mechanized, 0, 0, 12);
    let mut g = game(b);
    kill(&mut g, wb);
    kill(&mut g, us);
    assert_eq!(g.state.turn_state.mw_vp[WARSAW_PACT.index()], 3);
    take_barracks(&mut g, 1);
    assert_eq!(
        g.victory_points().wp_halves,
        10,
        "3 + 2 for a barracks hex held"
    );
    g.state.turn = 16;
    end_turn(&mut g);
    let o = g.outcome().unwrap();
    assert!(o.stand_in);
    assert_eq!(o.winner, Some(WARSAW_PACT));
    assert_eq!(o.wp_vp_halves, 10);
    assert_eq!(o.nato_vp_halves, 0);
    assert!(MEDICINE_WHEEL_WP_STANDIN.starts_with("STAND-IN"));
}

#[test]
fn victory_21_36_schedule_comes_from_the_scenario_data() {
    use crate::berlin85::data::{VpEntry, VpEvent, VpUnits};
    let mut b = medicine_wheel();
    // A club's schedule: 5 VP to NATO for each police unit, nothing else.
    let vp = &mut b.scenario_mut().victory_points;
    vp.clear();
    let _ = vp.push(VpEntry {
        side: NATO,
        points: 5,
        event: VpEvent::EnemyDestroyed {
            units: VpUnits::Police,
        },
        case: heapless::String::try_from("21.36").unwrap_or_default(),
        stand_in: false,
    });
    let eb = b.unit(WARSAW_PACT, UnitKind::Police, 0, 0, 8);
    let mech = b.unit(WARSAW_PACT, UnitKind::Mechanized, 0, 0, 12);
    let us = b.unit(NATO, UnitKind::Mechanized, 0, 0, 12);
    let mut g = game(b);
    kill(&mut g, eb);
    kill(&mut g, mech);
    let ev = kill(&mut g, us);
    assert_eq!(
        g.state.turn_state.mw_vp,
        [5, 0],
        "only the schedule's line scores"
    );
    assert!(
        !cites(&ev, "21.36"),
        "a loss the schedule does not pay for is not announced"
    );
    assert_eq!(g.state.turn_state.mw_vp, g.medicine_wheel_vp_from_scratch());
    g.state.turn = 16;
    end_turn(&mut g);
    let o = g.outcome().unwrap();
    assert_eq!(
        o.lines.len(),
        1,
        "one victory-screen line per schedule line"
    );
    assert_eq!(o.lines[0].label, "enemy police units destroyed");
    assert_eq!((o.nato_vp_halves, o.winner), (10, Some(NATO)));
}

#[test]
fn victory_21_36_a_hex_in_two_held_zones_scores_once_at_the_higher_value() {
    let mut b = medicine_wheel();
    b.feature(hex("0101"), HF::OBJECTIVE); // also a barracks: 1 VP and 2 VP lines
    let mut g = game(b);
    take_barracks(&mut g, 1);
    assert_eq!(g.victory_points().wp_halves, 4, "2 VP, not 1 + 2");
    g.state.turn = 16;
    end_turn(&mut g);
    let o = g.outcome().unwrap();
    let held: Vec<(i32, &str)> = o
        .lines
        .iter()
        .filter(|l| l.label.contains("held at the end"))
        .map(|l| (l.count, l.label))
        .collect();
    assert_eq!(
        held,
        [
            (0, "objective and airfield hexes held at the end (stand-in)"),
            (
                1,
                "barracks and control-tower hexes held at the end (stand-in)"
            )
        ]
    );
    assert_eq!(o.wp_vp_halves, 4);
}

#[test]
fn victory_halves_display() {
    assert_eq!(format!("{}", Halves(7)), "3½");
    assert_eq!(format!("{}", Halves(1)), "½");
    assert_eq!(format!("{}", Halves(-3)), "-1½");
    assert_eq!(format!("{}", Halves(-4)), "-2");
}
