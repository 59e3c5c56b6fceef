//! The Division Displays (S18.4, S18.5) and the Routed box (S11.8.3).

extern crate std;

use super::*;
use crate::core::side::Side;
use crate::css::command::testkit::motor_rifle_division;
use crate::css::command::FormationDef;
use crate::css::morale::{Condition, Status, StatusHit};
use crate::css::standin::chit_costs;

const WP: Side = Side::B;

fn data() -> CommandData {
    let f = |d: u8| FormationDef::of(DivisionId(d));
    CommandData {
        divisions: heapless::Vec::from_slice(&[
            motor_rifle_division(WP),
            motor_rifle_division(WP.other()),
        ])
        .unwrap(),
        formations: heapless::Vec::from_slice(&[f(0), f(0), f(1)]).unwrap(),
        costs: chit_costs(),
        initiative: WP,
        always_in_cup: heapless::Vec::new(),
        last_turn: 8,
    }
}

// S18.4: command values, maximum and current TQ, the General Records Track (DP, DC, fatigue)
// and the boxes, read from one display.
#[test]
fn css_s18_4_the_division_display_shows_values_records_and_boxes() {
    let d = data();
    let def = d.divisions[0];
    let mut track = DivisionTrack::new(&def);
    track.dp = 4;
    track.dc = 11;
    track.fatigue = 3;
    track.tq = 5;
    let mut displays = Displays::new(&d);
    assert_eq!(displays.boxes.len(), 2);
    let b = displays.of_mut(DivisionId(0)).unwrap();
    b.rout(UnitId(3), FormationId(1), 6, Condition::fresh(2), false)
        .unwrap();
    b.put(OffMapUnit {
        unit: UnitId(90),
        kind: BoxKind::OffMap,
        formation: None,
    })
    .unwrap();
    let view = DivisionDisplay {
        def: &def,
        track: &track,
        boxes: displays.of(DivisionId(0)).unwrap(),
    };
    assert_eq!(view.command_values(), (5, 3));
    assert_eq!(view.tq(), (6, 5));
    assert_eq!(view.records(), (4, 11, 3));
    assert_eq!(view.routed().len(), 1);
    assert_eq!(view.off_map().count(), 1);
    assert_eq!(displays.routed_in(UnitId(3)), Some(DivisionId(0)));
    assert_eq!(displays.routed_in(UnitId(90)), None);
    assert!(displays.of(DivisionId(5)).is_err());
}

// S11.8.3: a routed unit goes to its division's Routed box with its step losses and without its
// status marker; S11.12.1: an eliminated HQ goes there too; a unit is there once.
#[test]
fn css_s11_8_3_a_routed_unit_goes_to_its_routed_box_without_its_status() {
    let mut b = DivisionBoxes::default();
    let mut c = Condition::fresh(2);
    c.take_hit(1, Some(StatusHit::Dg));
    assert_eq!((c.status, c.lost), (Status::Dg, 1));
    b.rout(UnitId(4), FormationId(0), 5, c, false).unwrap();
    let r = b.routed[0];
    assert_eq!((r.condition.status, r.condition.lost), (Status::None, 1));
    assert_eq!(
        b.rout(UnitId(4), FormationId(0), 5, c, false)
            .unwrap_err()
            .case,
        "S11.8.3"
    );
    b.rout(UnitId(5), FormationId(0), 7, Condition::fresh(1), true)
        .unwrap();
    assert!(b.routed[1].is_hq);
    assert_eq!(b.leave_routed(UnitId(4)).map(|r| r.unit), Some(UnitId(4)));
    assert_eq!(b.routed.len(), 1);
    let err = b
        .put(OffMapUnit {
            unit: UnitId(6),
            kind: BoxKind::Routed,
            formation: None,
        })
        .unwrap_err();
    assert_eq!(err.case, "S11.8.3");
}

// S18.5: an off-map battery acts with its division (its Division chit, or its own formation's
// chit), not with another's or under a Direct Command chit; it is never attacked unless a rule
// says so (Gates 3.11.4).
#[test]
fn css_s18_5_off_map_units_act_with_their_division_and_are_not_attacked() {
    let d = data();
    let battery = OffMapUnit {
        unit: UnitId(90),
        kind: BoxKind::OffMap,
        formation: Some(FormationId(1)),
    };
    let div = DivisionId(0);
    assert!(battery.is_active(&d, div, Chit::Division(div)));
    assert!(battery.is_active(&d, div, Chit::Formation(FormationId(1))));
    assert!(!battery.is_active(&d, div, Chit::Formation(FormationId(0))));
    assert!(!battery.is_active(&d, div, Chit::Division(DivisionId(1))));
    assert!(!battery.is_active(&d, div, Chit::DirectCommand(WP)));
    assert_eq!(may_attack_off_map(None).unwrap_err().case, "S18.5");
    assert_eq!(may_attack_off_map(Some("3.11.4")), Ok("3.11.4"));
    let mut b = DivisionBoxes::default();
    b.put(battery).unwrap();
    assert_eq!(b.take(UnitId(90)), Some(battery));
    assert_eq!(b.take(UnitId(90)), None);
}
