//! Night and weather in the series game's fire (S14.1, S14.3, S14.5, table S9.5-T): the turn's
//! light decides how far a firer sees and marks the fire as made at night or in bad weather;
//! a game's lit terrain (*Gates* 3.7) is seen as by day.

use super::tests::{apply, one, spread, unit, Fixture};
use super::*;
use crate::css::fire::FireKind;
use crate::css::movement::DEPLOYED;
use crate::css::standin::weather_chart;
use crate::css::terrain::dots;
use crate::css::terrain::tests::h;

fn fire(target: HexId) -> Input<GameCommand> {
    unit(UnitCommand::Fire {
        units: one(2),
        target,
    })
}

#[test]
fn css_s14_1_game_fire_at_night_reaches_adjacent_or_lit_hexes_only() {
    let mut f = Fixture::new();
    let mut setup = spread();
    setup[5] = (h(2, 5), DEPLOYED); // two hexes from unit 2 at 2.03
    let mut g = f.game(&setup);
    g.turn.light.sky.turn.night = true;
    assert_eq!(
        apply(&f, &mut g, fire(h(2, 5))).unwrap_err().case,
        "S14.1",
        "a Night turn: two hexes away and unlit"
    );
    // A game's lit terrain (Gates 3.7: City hexes while the power is on) is seen as by day.
    f.board.dot(h(2, 5), dots::CITY);
    let mut g = f.game(&setup);
    g.turn.light.sky.turn.night = true;
    g.turn.light.lit_dot = Some(dots::CITY);
    let (_, setup_now) = g
        .fire_setup(&f.data(), &[UnitId(2)], h(2, 5), true, FireKind::Direct)
        .unwrap();
    assert!(
        setup_now.night,
        "S14.1: the column still takes the night's −1"
    );
    apply(&f, &mut g, fire(h(2, 5))).unwrap();
}

#[test]
fn css_s14_5_game_rain_limits_sight_and_worsens_the_fire() {
    let mut f = Fixture::new();
    f.counters[2].range = 8; // in Range, so only sight decides
    let mut setup = spread();
    setup[5] = (h(2, 7), DEPLOYED); // four hexes from unit 2 at 2.03
    let rain = weather_chart().read(9).unwrap();
    let mut g = f.game(&setup);
    let (_, clear) = g
        .fire_setup(&f.data(), &[UnitId(2)], h(2, 7), true, FireKind::Direct)
        .unwrap();
    assert!(!clear.bad_weather && !clear.night);
    g.turn.light.sky.weather = rain;
    assert_eq!(
        apply(&f, &mut g, fire(h(2, 7))).unwrap_err().case,
        "S8.6",
        "rain: three hexes of sight (exclusive 3.1)"
    );
    setup[5] = (h(2, 6), DEPLOYED); // three hexes
    let mut g = f.game(&setup);
    g.turn.light.sky.weather = rain;
    let (_, wet) = g
        .fire_setup(&f.data(), &[UnitId(2)], h(2, 6), true, FireKind::Direct)
        .unwrap();
    assert!(
        wet.bad_weather,
        "table S9.5-T B1: the weather's column shift"
    );
    apply(&f, &mut g, fire(h(2, 6))).unwrap();
}
