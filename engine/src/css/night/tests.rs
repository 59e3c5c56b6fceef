//! Night, weather and illumination (S14, S3.2.1, S3.3.1, S9.10) on small hand-made boards,
//! with Example S14.3-A.

extern crate std;

use super::*;
use crate::core::units::UnitId;
use crate::css::fire::{card, Colour, TargetUnit, Weapon};
use crate::css::sight::{concealed, spots, trace, Look, SightChart};
use crate::css::standin::{fire_charts, weather_chart};
use crate::css::terrain::tests::{h, Board, Marks};
use crate::css::terrain::{dots, Conditions};
use std::vec::Vec;

const CHART: SightChart = SightChart::stand_in();
const MORTAR: UnitId = UnitId(7);

const fn weapon(firepower: u8, colour: Colour, range: u8, indirect: bool) -> Weapon {
    Weapon {
        firepower,
        colour,
        range,
        indirect,
        sustained_ability: false,
        spared_ammo_low: false,
    }
}

/// A mortar SW: white 4, black dot, Range 8 (Example S14.3-A).
fn mortar() -> Member {
    Member::deployed(weapon(4, Colour::White, 8, true))
}

const DAY_0700: TrackTurn = TrackTurn {
    game_day: 1,
    night: false,
    first_day_turn: true,
};
const DAY_0900: TrackTurn = TrackTurn {
    game_day: 1,
    night: false,
    first_day_turn: false,
};
const NIGHT_0000: TrackTurn = TrackTurn {
    game_day: 1,
    night: true,
    first_day_turn: false,
};
const NIGHT_0300: TrackTurn = NIGHT_0000;
const NEXT_0700: TrackTurn = TrackTurn {
    game_day: 2,
    night: false,
    first_day_turn: true,
};

/// On Fire markers (exclusive 2.3) and nothing else.
struct Fires(Vec<HexId>);

impl Conditions for Fires {
    fn on_fire(&self, at: HexId) -> bool {
        self.0.contains(&at)
    }
}

fn column(members: &[Member], setup: &FireSetup, t: &TargetUnit) -> i16 {
    let c = card(members, setup, t, &fire_charts());
    assert!(c.affects);
    c.column
}

// S14.1: at night a unit spots only adjacent hexes; a lit hex is seen at any range in LOS.
#[test]
fn css_s14_1_night_spots_only_adjacent_hexes_unless_lit() {
    let b = Board::new();
    let g = b.ground();
    let marks = Marks::default();
    let mut sky = Sky::new(NIGHT_0000, 4);
    let from = h(5, 1);
    let lit = Lit {
        cond: &marks,
        sky: &sky,
        geometry: b.g(),
    };
    let vis = sky.visibility();
    assert!(spots(&g, &lit, &CHART, vis, from, h(5, 2), false).is_ok());
    let dark = spots(&g, &lit, &CHART, vis, from, h(5, 4), false);
    assert_eq!(dark.unwrap_err().case, "S14.1");
    sky.fire_illumination(&b.g(), MORTAR, &mortar(), h(5, 12), h(5, 5))
        .unwrap();
    let lit = Lit {
        cond: &marks,
        sky: &sky,
        geometry: b.g(),
    };
    // A neighbour of the marker, 3 hexes away, is seen; so is the marker's hex at 4.
    assert!(spots(&g, &lit, &CHART, vis, from, h(5, 4), false).is_ok());
    assert!(spots(&g, &lit, &CHART, vis, from, h(5, 5), false).is_ok());
    let beyond = spots(&g, &lit, &CHART, vis, from, h(5, 7), false);
    assert_eq!(
        beyond.unwrap_err().case,
        "S14.1",
        "two hexes from the marker"
    );
    // The same hex by day needs no light.
    sky.begin_turn(DAY_0900);
    assert!(spots(&g, &marks, &CHART, sky.visibility(), from, h(5, 9), false).is_ok());
}

// S14.1, table S9.5-T: a direct fire at a non-adjacent (lit) hex at night is one column
// worse; an adjacent shot and indirect fire are not.
#[test]
fn css_s14_1_a_non_adjacent_shot_at_night_is_one_column_worse() {
    let rifles = [Member::deployed(weapon(5, Colour::White, 4, false))];
    let target = TargetUnit::soft(0);
    let day = Sky::new(DAY_0900, 4);
    let night = Sky::new(NIGHT_0000, 4);
    let at_3 = FireSetup::direct(3);
    assert_eq!(column(&rifles, &day.fire_setup(at_3), &target), 5);
    assert_eq!(column(&rifles, &night.fire_setup(at_3), &target), 4);
    let adjacent = FireSetup::direct(1);
    assert_eq!(
        column(&rifles, &night.fire_setup(adjacent), &target),
        column(&rifles, &day.fire_setup(adjacent), &target),
        "adjacent: no night modifier"
    );
    let battery = [Member::deployed(weapon(5, Colour::White, 20, true))];
    let indirect = FireSetup {
        kind: FireKind::Indirect,
        ..FireSetup::direct(8)
    };
    assert_eq!(column(&battery, &night.fire_setup(indirect), &target), 5);
    let c = card(&rifles, &night.fire_setup(at_3), &target, &fire_charts());
    assert!(c.lines.iter().any(|l| l.case == "S14.1" && l.value == -1));
}

// S14.2, S14.5: by day visibility is unlimited; rain limits it to 3 hexes and worsens every
// fire by one column for the rest of the day.
#[test]
fn css_s14_2_day_visibility_is_unlimited_unless_weather_limits_it() {
    let b = Board::new();
    let g = b.ground();
    let m = Marks::default();
    let from = h(2, 1);
    let mut sky = Sky::new(DAY_0700, 4);
    assert!(spots(&g, &m, &CHART, sky.visibility(), from, h(2, 18), false).is_ok());
    sky.set_weather(&weather_chart(), 8).unwrap();
    let vis = sky.visibility();
    assert!(spots(&g, &m, &CHART, vis, from, h(2, 4), false).is_ok());
    let far = spots(&g, &m, &CHART, vis, from, h(2, 5), false);
    assert_eq!(far.unwrap_err().case, "S8.6");
    let rifles = [Member::deployed(weapon(5, Colour::White, 4, false))];
    let target = TargetUnit::soft(0);
    let rain = sky.fire_setup(FireSetup::direct(2));
    assert_eq!(column(&rifles, &rain, &target), 4, "rain −1");
    sky.begin_turn(DAY_0900);
    assert_eq!(sky.visibility().weather, Some(3), "the rain holds all day");
}

// S14.3: an Illumination marker lights its hex and the six around it, and stays through the
// night.
#[test]
fn css_s14_3_illumination_lights_the_hex_and_its_six_neighbours() {
    let b = Board::new();
    let g = b.g();
    let mut sky = Sky::new(NIGHT_0000, 4);
    let at = h(8, 8);
    sky.fire_illumination(&g, MORTAR, &mortar(), h(8, 2), at)
        .unwrap();
    assert!(sky.illuminated(&g, at));
    let around: Vec<HexId> = g.neighbours(at).map(|(_, n)| n).collect();
    assert_eq!(around.len(), 6);
    assert!(around.iter().all(|n| sky.illuminated(&g, *n)));
    assert!(!sky.illuminated(&g, h(8, 10)), "two hexes away");
    sky.begin_turn(NIGHT_0300);
    assert_eq!(sky.fill_cup_step(), 0, "a night turn removes nothing");
    assert!(sky.illuminated(&g, at), "it stays through the night");
}

// S14.3: no spotter, only at night, once per unit and Night turn, no more than the countermix;
// the usual limits of an indirect-fire unit's Fire action (S9.8.1, S9.2, S5.1.2) apply.
#[test]
fn css_s14_3_illumination_needs_no_spotter_but_is_rationed() {
    let b = Board::new();
    let g = b.g();
    let from = h(3, 1);
    let mut sky = Sky::new(DAY_0900, 2);
    let refused = sky.fire_illumination(&g, MORTAR, &mortar(), from, h(3, 5));
    assert_eq!(refused.unwrap_err().case, "S14.3", "by day");
    sky.begin_turn(NIGHT_0000);
    let far = sky.fire_illumination(&g, MORTAR, &mortar(), from, h(3, 10));
    assert_eq!(far.unwrap_err().case, "S9.2", "beyond Range 8");
    let column = Member {
        deployed: false,
        ..mortar()
    };
    let refused = sky.fire_illumination(&g, MORTAR, &column, from, h(3, 5));
    assert_eq!(refused.unwrap_err().case, "S9.8.1");
    let fired = Member {
        fired: true,
        ..mortar()
    };
    let refused = sky.fire_illumination(&g, MORTAR, &fired, from, h(3, 5));
    assert_eq!(refused.unwrap_err().case, "S5.1.2");
    // Nobody spots the hex, 8 hexes away in the dark: no matter.
    sky.fire_illumination(&g, MORTAR, &mortar(), from, h(3, 9))
        .unwrap();
    let again = sky.fire_illumination(&g, MORTAR, &mortar(), from, h(3, 5));
    assert_eq!(again.unwrap_err().case, "S14.3", "one round per Night turn");
    sky.fire_illumination(&g, UnitId(8), &mortar(), from, h(3, 5))
        .unwrap();
    let empty = sky.fire_illumination(&g, UnitId(9), &mortar(), from, h(3, 7));
    assert_eq!(empty.unwrap_err().case, "S14.3", "the countermix holds 2");
    assert_eq!(sky.markers.len(), 2);
}

// S9.10: only indirect-fire (black-dot) units fire Illumination.
#[test]
fn css_s9_10_only_indirect_fire_units_fire_illumination() {
    let b = Board::new();
    let mut sky = Sky::new(NIGHT_0000, 4);
    let mg = Member::deployed(weapon(3, Colour::White, 4, false));
    let refused = sky.fire_illumination(&b.g(), UnitId(3), &mg, h(4, 1), h(4, 3));
    assert_eq!(refused.unwrap_err().case, "S9.10");
    assert!(sky.markers.is_empty());
    assert!(sky
        .fire_illumination(&b.g(), MORTAR, &mortar(), h(4, 1), h(4, 3))
        .is_ok());
}

// S3.3.1, S14.3: at step 2A of the first Day turn every Illumination marker is removed.
#[test]
fn css_s3_3_1_illumination_goes_at_step_2a_of_the_first_day_turn() {
    let b = Board::new();
    let g = b.g();
    let mut sky = Sky::new(NIGHT_0000, 4);
    sky.fire_illumination(&g, MORTAR, &mortar(), h(3, 1), h(3, 5))
        .unwrap();
    sky.fire_illumination(&g, UnitId(8), &mortar(), h(3, 1), h(3, 7))
        .unwrap();
    sky.begin_turn(NEXT_0700);
    assert!(sky.illuminated(&g, h(3, 5)), "still there before step 2A");
    assert_eq!(sky.fill_cup_step(), 2);
    assert!(sky.markers.is_empty() && !sky.illuminated(&g, h(3, 5)));
}

// S14.4: an On Fire hex lights itself at night (not its neighbours) and blocks no LOS.
#[test]
fn css_s14_4_an_on_fire_hex_lights_itself_and_blocks_no_los() {
    let b = Board::new();
    let g = b.ground();
    let fires = Fires(std::vec![h(5, 3), h(5, 5)]);
    let sky = Sky::new(NIGHT_0000, 4);
    let lit = Lit {
        cond: &fires,
        sky: &sky,
        geometry: b.g(),
    };
    let from = h(5, 1);
    assert!(trace(&g, &lit, from, h(5, 5)).clear(), "through a fire");
    let vis = sky.visibility();
    assert!(spots(&g, &lit, &CHART, vis, from, h(5, 5), false).is_ok());
    let next_to_fire = spots(&g, &lit, &CHART, vis, from, h(5, 6), false);
    assert_eq!(next_to_fire.unwrap_err().case, "S14.1");
}

// S3.2.1, S14.5: the weather is rolled once, on the first Day turn of each game day, and holds
// for the day (night turns included) until the next day's roll.
#[test]
fn css_s3_2_1_weather_is_rolled_on_the_first_day_turn_and_holds() {
    let chart = weather_chart();
    let mut sky = Sky::new(NIGHT_0000, 4);
    assert!(!sky.weather_due());
    let night = sky.weather_roll::<u8>(Side::A);
    assert_eq!(night.unwrap_err().case, "S3.2.1");
    sky.begin_turn(DAY_0700);
    assert!(sky.weather_due());
    match sky.weather_roll::<u8>(Side::A).unwrap() {
        Pending::Roll { dice, case, .. } => assert_eq!((dice, case), (DiceSpec::D10, "S3.2.1")),
        other => panic!("{other:?}"),
    }
    let rain = sky.set_weather(&chart, 9).unwrap();
    assert!(rain.worsens_fire && rain.puts_out_fires);
    assert_eq!(sky.set_weather(&chart, 0).unwrap_err().case, "S3.2.1");
    for t in [DAY_0900, NIGHT_0000] {
        sky.begin_turn(t);
        assert_eq!(sky.weather_roll::<u8>(Side::A).unwrap_err().case, "S3.2.1");
        assert_eq!(sky.weather, rain);
    }
    sky.begin_turn(NEXT_0700);
    assert_eq!(sky.set_weather(&chart, 3).unwrap(), WeatherEffect::CLEAR);
    assert_eq!(sky.visibility(), Visibility::DAY);
}

// S14.5: the Gates stand-in table, 0–6 Clear, 7–9 Rain (3 hexes, −1, no fires, no flying), the
// same split as the Gates layer's table (exclusive 3.1).
#[test]
fn css_s14_5_the_stand_in_weather_table() {
    use crate::gates::weather::{Weather, WeatherTable};
    let chart = weather_chart();
    for raw in 0..10 {
        let e = chart.read(raw).unwrap();
        let gates = WeatherTable::STAND_IN.read(raw);
        assert_eq!(e.sight, gates.sight_limit());
        assert_eq!(e.worsens_fire, gates.worsens_fire());
        assert_eq!(e.no_fires, !gates.fires_may_start());
        assert_eq!(e.grounded, !gates.aircraft_fly());
        assert_eq!(e == WeatherEffect::CLEAR, gates == Weather::Clear);
    }
    assert_eq!(chart.read(10).unwrap_err().case, "S1.3");
}

// Example S14.3-A: a mortar SW lights a Village 6 hexes away at 0000; a T-64 3 hexes from it
// spots the concealed rifle company there (within 4 hexes) and fires: blue 6 halved = 3, −1
// Village, −1 night = column 1. Unlit, it could not have seen it; the marker goes at 0700.
#[test]
fn css_example_s14_3_a_a_night_fire_under_illumination() {
    let mut b = Board::new();
    let (mortar_hex, t64_hex, village) = (h(5, 1), h(5, 4), h(5, 7));
    b.dot(village, dots::VILLAGE);
    let g = b.ground();
    let marks = Marks::default();
    let mut sky = Sky::new(NIGHT_0000, 4);
    let deployed = Look {
        deployed: true,
        fired: false,
    };
    let hidden = concealed(&g, &marks, village, [deployed]);
    assert!(hidden, "Deployed in blocking terrain, not fired");
    let vis = sky.visibility();
    let unlit = spots(&g, &marks, &CHART, vis, t64_hex, village, hidden);
    assert_eq!(unlit.unwrap_err().case, "S14.1");
    assert_eq!(b.g().distance(mortar_hex, village), 6);
    sky.fire_illumination(&b.g(), MORTAR, &mortar(), mortar_hex, village)
        .unwrap();
    let lit = Lit {
        cond: &marks,
        sky: &sky,
        geometry: b.g(),
    };
    let line = spots(&g, &lit, &CHART, vis, t64_hex, village, hidden).unwrap();
    assert_eq!(line.range, 3);
    let t64 = [Member::deployed(weapon(6, Colour::Blue, 4, false))];
    let rifles = TargetUnit {
        cover: 1,
        ..TargetUnit::soft(0)
    };
    let setup = sky.fire_setup(FireSetup::direct(3));
    assert_eq!(column(&t64, &setup, &rifles), 1);
    // The marker stays through 0300 and goes at step 2A of 0700.
    sky.begin_turn(NIGHT_0300);
    assert_eq!(sky.fill_cup_step(), 0);
    sky.begin_turn(NEXT_0700);
    assert_eq!(sky.fill_cup_step(), 1);
}
