//! A scenario's own Victory Point schedule, `[[victory_points]]` ([21.36]): read into the
//! scenario data the engine scores from, and every malformed line reported at its
//! `file:line:column`. The tiny fixture's scenario gets a schedule appended (from line 24).
mod common;

use common::*;
use engine::berlin85::data::{VpEvent, VpUnits, Zone85};
use engine::berlin85::{NATO, WARSAW_PACT};
use engine::core::hex::Edge;
use engine::core::map::HexFeatures;

const SCENARIO: &str = "scenarios/test.toml";

/// The fixture scenario with the Medicine Wheel switches on and `schedule` from line 24.
fn with_schedule(schedule: &str) -> data::FileSet {
    tiny_with(
        SCENARIO,
        "wp_police_frozen_until = 3\n",
        &format!(
            "wp_police_frozen_until = 3\nmedicine_wheel_vp = true\nnato_may_exit = true\n{schedule}"
        ),
    )
}

const GOOD: &str = r#"[[victory_points]]
side = "nato"
points = 1
event = "enemy_destroyed"
units = "police"
case = "21.36"

[[victory_points]]
side = "nato"
points = 2
event = "exited"
units = "any"
edges = ["north", "west"]
case = "21.36"

[[victory_points]]
side = "warsaw_pact"
points = 2
event = "held_at_end"
zone = { places = ["barracks", "control_tower"], region = "west_berlin" }
case = "21.36"
stand_in = true
"#;

/// One well-formed line with `extra` appended (a key that may not belong).
fn line(event: &str, extra: &str) -> String {
    format!(
        "[[victory_points]]\nside = \"nato\"\npoints = 1\nevent = \"{event}\"\ncase = \"21.36\"\n{extra}"
    )
}

#[test]
fn vp_21_36_schedule_is_read_into_the_scenario() {
    let d = match data::load_files(&with_schedule(GOOD)) {
        Ok(d) => d,
        Err(e) => panic!("{:?}", strings(&e)),
    };
    let s = d.scenario("test").expect("scenario");
    assert!(s.rules.medicine_wheel_vp);
    let vp = &s.victory_points;
    assert_eq!(vp.len(), 3);
    assert_eq!(
        (vp[0].side, vp[0].points, &vp[0].event, vp[0].stand_in),
        (
            NATO,
            1,
            &VpEvent::EnemyDestroyed {
                units: VpUnits::Police
            },
            false
        )
    );
    match &vp[1].event {
        VpEvent::Exited { units, edges } => {
            assert_eq!(*units, VpUnits::Any);
            assert_eq!(edges.as_slice(), &[Edge::North, Edge::West]);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(vp[2].side, WARSAW_PACT);
    assert!(vp[2].stand_in, "stand-in lines are marked as such");
    assert!(matches!(
        vp[2].event,
        VpEvent::HeldAtEnd {
            zone: Zone85::PlaceKinds { features, .. }
        } if features == HexFeatures::BARRACKS | HexFeatures::CONTROL_TOWER
    ));
    assert!(
        d.stand_ins.iter().any(|n| n.as_str() == "test.toml VP"),
        "the About screen lists the stand-in schedule: {:?}",
        d.stand_ins
    );
}

#[test]
fn vp_21_36_unknown_key_in_a_line() {
    assert_eq!(
        errors_of(&with_schedule(&line("enemy_destroyed", "units = \"any\"\nbonus = 3\n"))),
        ["tiny/scenarios/test.toml:30:1: unknown field `bonus`, expected one of `side`, `points`, `event`, `units`, `edges`, `zone`, `case`, `stand_in`"]
    );
}

#[test]
fn vp_21_36_unknown_event_and_side() {
    assert_eq!(
        errors_of(&with_schedule(
            &line("captured", "units = \"any\"\n").replace("\"nato\"", "\"soviets\"")
        )),
        [
            "tiny/scenarios/test.toml:25:8: side: unknown value 'soviets' (expected one of: nato, warsaw_pact)",
            "tiny/scenarios/test.toml:27:9: event: unknown value 'captured' (expected one of: enemy_destroyed, exited, held_at_end)",
        ]
    );
}

#[test]
fn vp_21_36_points_out_of_range() {
    assert_eq!(
        errors_of(&with_schedule(
            &line("enemy_destroyed", "units = \"any\"\n").replace("points = 1", "points = 0")
        )),
        ["tiny/scenarios/test.toml:26:10: points: 0 is out of range (1 to 99)"]
    );
}

#[test]
fn vp_21_36_event_without_the_keys_it_needs() {
    assert_eq!(
        errors_of(&with_schedule(&line("exited", ""))),
        [
            "tiny/scenarios/test.toml:27:9: victory_points: event 'exited' needs 'units'",
            "tiny/scenarios/test.toml:27:9: victory_points: event 'exited' needs 'edges'",
        ]
    );
    assert_eq!(
        errors_of(&with_schedule(&line("held_at_end", ""))),
        ["tiny/scenarios/test.toml:27:9: victory_points: event 'held_at_end' needs 'zone'"]
    );
}

#[test]
fn vp_21_36_key_that_does_not_go_with_the_event() {
    assert_eq!(
        errors_of(&with_schedule(&line(
            "enemy_destroyed",
            "units = \"police\"\nedges = [\"north\"]\n"
        ))),
        ["tiny/scenarios/test.toml:30:9: victory_points: 'edges' does not go with event 'enemy_destroyed'"]
    );
}

#[test]
fn vp_21_36_bad_units_edge_and_zone_values() {
    assert_eq!(
        errors_of(&with_schedule(&line(
            "exited",
            "units = \"tanks\"\nedges = [\"up\"]\n"
        ))),
        [
            "tiny/scenarios/test.toml:29:9: units: unknown value 'tanks' (expected one of: police, non_police, any)",
            "tiny/scenarios/test.toml:30:10: edges: unknown value 'up' (expected one of: north, south, east, west)",
        ]
    );
    assert_eq!(
        errors_of(&with_schedule(&line(
            "held_at_end",
            "zone = { places = [\"castle\"], region = \"west_berlin\" }\n"
        ))),
        ["tiny/scenarios/test.toml:29:20: places: unknown value 'castle' (expected one of: supply, barracks, objective, pol, airfield, control_tower, rail_line, town)"]
    );
}

#[test]
fn vp_21_36_two_exit_lines_for_the_same_units() {
    let two = format!(
        "{}\n{}",
        line("exited", "units = \"any\"\nedges = [\"north\"]\n"),
        line("exited", "units = \"police\"\nedges = [\"west\"]\n")
    );
    assert_eq!(
        errors_of(&with_schedule(&two)),
        ["tiny/scenarios/test.toml:32:1: victory_points: an 'exited' line for the same side and units is already on line 24; list all scoring edges in one line"]
    );
}

#[test]
fn vp_21_36_schedule_and_switch_go_together() {
    // A schedule without the switch would be silently unused.
    let set = tiny_with(
        SCENARIO,
        "wp_police_frozen_until = 3\n",
        &format!(
            "wp_police_frozen_until = 3\n\n{}",
            line("enemy_destroyed", "units = \"any\"\n")
        ),
    );
    assert_eq!(
        errors_of(&set),
        ["tiny/scenarios/test.toml:23:1: victory_points: a schedule is only used with [rules] medicine_wheel_vp = true"]
    );
    // The switch without a schedule would score nothing.
    assert_eq!(
        errors_of(&with_schedule("")),
        ["tiny/scenarios/test.toml:22:21: medicine_wheel_vp: the scenario needs a [[victory_points]] schedule to score by"]
    );
}

#[test]
fn vp_21_35_only_nato_exits_and_not_across_the_east_edge() {
    assert_eq!(
        errors_of(&with_schedule(
            &line("exited", "units = \"any\"\nedges = [\"east\"]\n")
                .replace("\"nato\"", "\"warsaw_pact\"")
        )),
        [
            "tiny/scenarios/test.toml:27:9: victory_points: only NATO units leave the map, with [rules] nato_may_exit = true [21.35]",
            "tiny/scenarios/test.toml:30:10: edges: units may not leave across the east edge [21.35]",
        ]
    );
}
