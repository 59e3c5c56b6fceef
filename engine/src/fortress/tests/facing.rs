//! 3.4 facing: free changes in the own movement segment, and maneuver mode acting only through
//! its facing hexsides.

use super::*;
use crate::fortress::facing;

#[test]
fn fb_facing_3_4_2_free_in_the_own_movement_segment_and_the_whole_hex_alike() {
    let mut k = Kit::new();
    let a = k.infantry(GERMAN, None);
    let b = k.infantry(GERMAN, None);
    let c = k.infantry(GERMAN, None);
    let mut s = k.state();
    let x = h(5, 5);
    put(&k, &mut s, a, x, MANEUVER, Dir::Up);
    put(&k, &mut s, b, x, MANEUVER, Dir::Down);
    put(&k, &mut s, c, x, COMBAT, Dir::Up);
    assert_eq!(
        s.unit(b).unwrap().counter.facing,
        Some(Facing(Dir::Up)),
        "joins a's facing"
    );
    assert_eq!(
        facing::set_facing(&mut s, x, GERMAN, Dir::Down)
            .unwrap_err()
            .case,
        "3.4.2"
    );
    move_seg(&k, &mut s, GERMAN);
    facing::set_facing(&mut s, x, GERMAN, Dir::Down).unwrap();
    assert_eq!(s.remaining(a), MP.mp(6), "free");
    for u in [a, b] {
        assert_eq!(s.unit(u).unwrap().counter.facing, Some(Facing(Dir::Down)));
    }
    assert_eq!(
        s.unit(c).unwrap().counter.facing,
        None,
        "combat mode faces all round"
    );
    s.units[b.0 as usize].counter.game.disrupted = Some(GERMAN);
    assert_eq!(
        facing::set_facing(&mut s, x, GERMAN, Dir::Up)
            .unwrap_err()
            .case,
        "8.8"
    );
}

#[test]
fn fb_facing_3_4_1_maneuver_acts_only_through_its_facing_hexsides() {
    let mut k = Kit::new();
    let m = k.infantry(SOVIET, None);
    let c = k.infantry(SOVIET, None);
    let mut s = k.state();
    let (x, y) = (h(3, 6), h(9, 6));
    put(&k, &mut s, m, x, MANEUVER, Dir::Up);
    put(&k, &mut s, c, y, COMBAT, Dir::Up);
    assert_eq!(
        facing::faces_hex(&k.map, &s, m, n(x, Dir::UpLowerCol)),
        Some(true)
    );
    assert_eq!(
        facing::faces_hex(&k.map, &s, m, n(x, Dir::Down)),
        Some(false)
    );
    assert_eq!(
        facing::faces_hex(&k.map, &s, c, n(y, Dir::Down)),
        Some(true)
    );
    assert_eq!(facing::faces_hex(&k.map, &s, m, h(3, 9)), None);
    assert!(facing::on_the_flank(
        &k.map,
        &s,
        SOVIET,
        x,
        n(x, Dir::DownHigherCol)
    ));
    assert!(!facing::on_the_flank(&k.map, &s, SOVIET, x, n(x, Dir::Up)));
    assert!(!facing::on_the_flank(
        &k.map,
        &s,
        SOVIET,
        y,
        n(y, Dir::Down)
    ));
}

#[test]
fn fb_facing_3_4_2_units_retreating_or_advancing_into_a_force_take_its_facing() {
    let mut k = Kit::new();
    let a = k.infantry(GERMAN, None);
    let b = k.infantry(GERMAN, None);
    let c = k.infantry(GERMAN, None);
    let mut s = k.state();
    let x = h(5, 5);
    put(&k, &mut s, a, x, MANEUVER, Dir::Up);
    put(&k, &mut s, b, h(5, 6), MANEUVER, Dir::Down);
    put(&k, &mut s, c, h(5, 6), COMBAT, Dir::Down);
    // A retreat, an advance or a defector's walk moves without paying (8.7, 8.9, 17.4.3).
    s.shift(&[b, c], x).unwrap();
    assert_eq!(s.hex_of(b), Some(x));
    assert_eq!(
        s.unit(b).unwrap().counter.facing,
        Some(Facing(Dir::Up)),
        "3.4.2: the whole hex faces alike"
    );
    assert_eq!(
        s.unit(c).unwrap().counter.facing,
        None,
        "combat mode stays all round"
    );
}
