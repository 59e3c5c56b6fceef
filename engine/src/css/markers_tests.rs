//! The series' markers as engine state (S2.6).

extern crate std;

use super::*;
use std::collections::BTreeSet;

// S2.6: every marker of the series is engine state, in one of the five groups, with the case
// that says what it does; a unit's own markers (status, steps, fire, supply) start clear.
#[test]
fn css_s2_6_every_series_marker_is_engine_state() {
    let mut groups = BTreeSet::new();
    let mut seen = BTreeSet::new();
    for m in Marker::ALL {
        assert!(seen.insert(std::format!("{m:?}")), "{m:?} listed twice");
        assert!(m.case().starts_with('S'), "{m:?}");
        assert!(
            m.held_by().starts_with("css::") || m.held_by().starts_with("gates::"),
            "{m:?}"
        );
        groups.insert(std::format!("{:?}", m.group()));
    }
    assert_eq!(
        groups.len(),
        5,
        "status, supply, terrain, hex and track markers"
    );
    assert_eq!(Marker::FuelOut.group(), Group::Supply);
    assert_eq!(
        Marker::FuelOut.held_by(),
        "css::supply::SupplyChits::fuel_out"
    );
    assert_eq!(Marker::Control.held_by(), "css::control::Control");
    assert_eq!(Marker::HexOwned.case(), "S16.3");

    let fresh = UnitMarkers::fresh(2, true);
    assert_eq!(fresh.condition.status, Status::None);
    assert_eq!((fresh.condition.steps, fresh.condition.lost), (2, 0));
    assert!(fresh.fire.sustained && !fresh.fire.fired && !fresh.fire.op_fire);
    assert!(!fresh.supply.any());
    assert!(!UnitMarkers::fresh(1, false).fire.sustained);
}
