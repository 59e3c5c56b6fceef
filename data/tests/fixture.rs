//! The tiny fixture game loads, and the derived features come out as the rules say.
mod common;

use common::*;
use engine::core::hex::{parse_hex, HexId};
use engine::core::map::{HexFeatures, PlaceKind, SideFeatures};

fn h(t: &str) -> HexId {
    parse_hex(t).expect("hex")
}

#[test]
fn tiny_fixture_loads_without_errors() {
    let d = data::load_files(&tiny()).unwrap_or_else(|e| panic!("{:#?}", common::strings(&e)));
    let m = &d.map;
    assert_eq!(m.geometry.columns, 6);
    assert_eq!(
        d.terrain(h("0503")).map(|t| t.key.as_str()),
        Some("airfield")
    );
    assert_eq!(d.terrain(h("0405")).map(|t| t.key.as_str()), Some("lake"));
    assert_eq!(d.terrain(h("0604")).map(|t| t.key.as_str()), Some("clear"));
    assert_eq!(d.terrain(h("0204")).map(|t| t.key.as_str()), Some("forest"));
    let g = m.geometry;
    let side = |a: &str, b: &str| m.side(g.side_between(h(a), h(b)).expect("adjacent"));
    // Border derived between West Berlin (0404) and East Berlin (0304).
    assert!(side("0404", "0304").has(SideFeatures::BORDER));
    assert!(!side("0404", "0504").has(SideFeatures::BORDER));
    // Lake shore on every side of a lake hex.
    for (_, n) in g.neighbours(h("0405")) {
        assert!(m
            .side(g.side_between(h("0405"), n).expect("adj"))
            .has(SideFeatures::LAKE_SHORE));
    }
    // Road over water is a bridge [5.25]; the road stops at the border.
    assert!(side("0302", "0202").has(SideFeatures::ROAD));
    assert!(side("0302", "0303").has(SideFeatures::WATER));
    assert!(side("0402", "0302").has(SideFeatures::BORDER));
    assert!(
        !side("0402", "0302").has(SideFeatures::ROAD),
        "roads do not extend across borders [5.25]"
    );
    assert!(side("0102", "0103").has(SideFeatures::FERRY | SideFeatures::WATER));
    // Hex symbols and places.
    assert!(m.features(h("0503")).has(HexFeatures::AIRFIELD));
    assert!(m
        .features(h("0403"))
        .has(HexFeatures::CONTROL_TOWER | HexFeatures::SUPPLY));
    assert!(m.features(h("0404")).has(HexFeatures::BARRACKS));
    assert!(m.features(h("0301")).has(HexFeatures::RAIL_LINE));
    assert_eq!(
        m.place("Tempelhof").map(|p| p.kind),
        Some(PlaceKind::Flughafen)
    );
    assert_eq!(m.place("rail_line").map(|p| p.hexes.len()), Some(6));
    assert_eq!(d.roster.units.len(), 3);
    assert_eq!(d.scenarios.len(), 1);
    assert_eq!(d.tables.turns.len(), 3);
}
