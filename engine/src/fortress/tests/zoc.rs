//! 3.2 zones of control: their reach by mode and facing, where they do not extend, and what
//! they do to movement and retreats.

use super::*;
use crate::fortress::{modes, zoc};

#[test]
fn fb_zoc_3_2_1_combat_mode_six_hexes_maneuver_mode_three_facing() {
    let mut k = Kit::new();
    let c = k.infantry(SOVIET, None);
    let m = k.infantry(SOVIET, None);
    let mut s = k.state();
    let (x, y) = (h(3, 5), h(9, 5));
    put(&k, &mut s, c, x, COMBAT, Dir::Up);
    put(&k, &mut s, m, y, MANEUVER, Dir::Up);
    for d in Dir::ALL {
        assert!(
            zoc::enemy_zone(&k.map, &k.forces, &s, GERMAN, n(x, d)),
            "{d:?}"
        );
        let facing = matches!(d, Dir::Up | Dir::UpHigherCol | Dir::UpLowerCol);
        assert_eq!(
            zoc::enemy_zone(&k.map, &k.forces, &s, GERMAN, n(y, d)),
            facing,
            "{d:?}"
        );
    }
    assert!(!zoc::enemy_zone(
        &k.map,
        &k.forces,
        &s,
        GERMAN,
        n(n(x, Dir::Up), Dir::Up)
    ));
    // Units are never hindered by their own side's zones (3.2.2).
    assert!(!zoc::enemy_zone(
        &k.map,
        &k.forces,
        &s,
        SOVIET,
        n(x, Dir::Up)
    ));
}

#[test]
fn fb_zoc_3_2_3_none_into_built_up_lakes_or_fortifications_nor_across_water() {
    let mut k = Kit::new();
    let c = k.infantry(SOVIET, None);
    let x = h(6, 6);
    let g = geometry();
    let idx = |hex: HexId| g.index(hex).unwrap();
    k.map.terrain[idx(n(x, Dir::Up))] = terrain::BUILT_UP;
    k.map.terrain[idx(n(x, Dir::Down))] = terrain::LAKE;
    k.map.features[idx(n(x, Dir::UpHigherCol))].insert(HexFeatures::STRONGPOINT);
    k.map.features[idx(n(x, Dir::DownHigherCol))].insert(HexFeatures::BUNKER);
    let river = g.canonical_side(x, Dir::UpLowerCol).unwrap();
    let mut bridged = SideFeatures::default();
    bridged.insert(SideFeatures::WATER | SideFeatures::BRIDGE);
    *k.map.side_mut(river).unwrap() = bridged;
    k.map.terrain[idx(n(x, Dir::DownLowerCol))] = terrain::MAJOR_BUILDING;
    let mut s = k.state();
    put(&k, &mut s, c, x, COMBAT, Dir::Up);
    let z = |d| zoc::enemy_zone(&k.map, &k.forces, &s, GERMAN, n(x, d));
    assert!(!z(Dir::Up), "built-up");
    assert!(!z(Dir::Down), "lake");
    assert!(!z(Dir::UpHigherCol), "strongpoint");
    assert!(!z(Dir::DownHigherCol), "bunker");
    assert!(!z(Dir::UpLowerCol), "across a bridged river");
    assert!(
        z(Dir::DownLowerCol),
        "a major building is not on the list (ruling)"
    );
}

#[test]
fn fb_zoc_3_2_6_disrupted_units_have_none_and_3_2_2_friends_do_not_cancel() {
    let mut k = Kit::new();
    let sov = k.infantry(SOVIET, None);
    let ger = k.infantry(GERMAN, None);
    let mut s = k.state();
    let x = h(5, 8);
    let target = n(x, Dir::Up);
    put(&k, &mut s, sov, x, COMBAT, Dir::Up);
    put(&k, &mut s, ger, target, COMBAT, Dir::Up);
    assert!(
        zoc::enemy_zone(&k.map, &k.forces, &s, GERMAN, target),
        "a German unit there changes nothing"
    );
    assert!(
        zoc::enemy_zone(&k.map, &k.forces, &s, SOVIET, x),
        "both zones coexist"
    );
    s.segment.side = GERMAN;
    assert_eq!(
        modes::disrupt(&k.forces, &mut s, sov, Dir::Up).unwrap(),
        Disruption::Disrupted
    );
    assert!(!zoc::enemy_zone(&k.map, &k.forces, &s, GERMAN, target));
}

#[test]
fn fb_zoc_3_2_4_entering_stops_and_never_zone_to_zone() {
    let mut k = Kit::new();
    let sov = k.infantry(SOVIET, None);
    let a = k.infantry(GERMAN, None);
    let b = k.infantry(GERMAN, None);
    let mut s = k.state();
    let x = h(6, 6);
    put(&k, &mut s, sov, x, COMBAT, Dir::Up);
    // a starts two hexes below, b starts in the zone just above-right.
    let below2 = n(n(x, Dir::Down), Dir::Down);
    put(&k, &mut s, a, below2, MANEUVER, Dir::Up);
    put(&k, &mut s, b, n(x, Dir::UpHigherCol), MANEUVER, Dir::Up);
    move_seg(&k, &mut s, GERMAN);
    k.step(&mut s, &[a], n(x, Dir::Down), MP.mp(1)).unwrap();
    assert_eq!(s.unit(a).unwrap().counter.game.done, Some(Done::ZocStop));
    let e = k.step(&mut s, &[a], n(x, Dir::DownLowerCol), MP.mp(1));
    assert_eq!(e.unwrap_err().case, "3.2.4");
    // Zone to zone is refused; leaving to a free hex is allowed.
    let e = k.step(&mut s, &[b], n(x, Dir::Up), MP.mp(1));
    assert_eq!(e.unwrap_err().case, "3.2.4");
    let free = n(n(x, Dir::UpHigherCol), Dir::UpHigherCol);
    k.step(&mut s, &[b], free, MP.mp(1)).unwrap();
}

#[test]
fn fb_zoc_3_2_5_retreats_cross_enemy_zones_only_where_friends_stand() {
    let mut k = Kit::new();
    let sov = k.infantry(SOVIET, None);
    let ger = k.infantry(GERMAN, None);
    let mut s = k.state();
    let x = h(6, 6);
    put(&k, &mut s, sov, x, COMBAT, Dir::Up);
    let (held, open) = (n(x, Dir::Up), n(x, Dir::Down));
    put(&k, &mut s, ger, held, COMBAT, Dir::Up);
    assert!(!zoc::retreat_open(&k.map, &k.forces, &s, GERMAN, open));
    assert!(zoc::retreat_open(&k.map, &k.forces, &s, GERMAN, held));
    assert!(
        !zoc::retreat_open(&k.map, &k.forces, &s, GERMAN, x),
        "never into enemy units"
    );
    assert!(zoc::retreat_open(&k.map, &k.forces, &s, GERMAN, h(1, 1)));
}
