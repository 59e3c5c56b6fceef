//! Forces on the move and the board kept: disrupted units stay put and released forces are done
//! (7.2.3, 7.1.1), and a saved board resumes with its modes, facings, markers and orders.

use super::*;
use crate::fortress::{command, fog, force, modes};

#[test]
fn fb_force_7_2_3_disrupted_units_do_not_move_and_7_1_1_released_forces_are_done() {
    let mut k = Kit::new();
    let a = k.infantry(GERMAN, None);
    let b = k.infantry(GERMAN, None);
    let mut s = k.state();
    let x = h(5, 5);
    put(&k, &mut s, a, x, MANEUVER, Dir::Up);
    put(&k, &mut s, b, h(8, 8), MANEUVER, Dir::Up);
    s.segment.side = SOVIET;
    modes::disrupt(&k.forces, &mut s, a, Dir::Up).unwrap();
    move_seg(&k, &mut s, GERMAN);
    let e = k.step(&mut s, &[a], n(x, Dir::Up), MP.mp(1));
    assert_eq!(e.unwrap_err().case, "8.8");
    k.step(&mut s, &[b], h(8, 9), MP.mp(1)).unwrap();
    force::release(&mut s, &[b]).unwrap();
    let e = k.step(&mut s, &[b], h(8, 10), MP.mp(1));
    assert_eq!(e.unwrap_err().case, "7.1.1");
    // Only in the own movement segment (7.2).
    move_seg(&k, &mut s, SOVIET);
    let e = k.step(&mut s, &[b], h(8, 10), MP.mp(1));
    assert_eq!(e.unwrap_err().case, "7.2");
}

#[test]
fn fb_board_a_saved_board_resumes_with_modes_facings_markers_and_orders() {
    let mut k = Kit::new();
    let berlin = k.formation(GERMAN, FormationKind::HigherCommand, None);
    let higher = k.hq(GERMAN, berlin, Radius::WholeMap, 6);
    let a = k.infantry(GERMAN, None);
    let b = k.infantry(GERMAN, None);
    let mut s = k.state();
    put(&k, &mut s, higher, h(1, 1), COMBAT, Dir::Up);
    put(&k, &mut s, a, h(4, 4), MANEUVER, Dir::DownLowerCol);
    put(&k, &mut s, b, h(4, 4), COMBAT, Dir::Up);
    fog::set_top(&k.forces, &mut s, GERMAN, a).unwrap();
    command::designate(&k.map, &k.forces, &mut s, higher, b).unwrap();
    s.add_ruins(h(6, 6)).unwrap();
    modes::disrupt(&k.forces, &mut s, b, Dir::Up).unwrap();
    let bytes = postcard::to_allocvec(&*s).unwrap();
    let back: State = postcard::from_bytes(&bytes).unwrap();
    assert_eq!(back, *s);
    assert_eq!(back.stacks.at(h(4, 4), GERMAN).unwrap().top(), Some(a));
    assert!(back.disrupted(b) && back.ruined(h(6, 6)));
    // Flipped by its disruption, it took its force's facing (3.4.2).
    assert_eq!(
        back.unit(b).unwrap().counter.facing,
        Some(Facing(Dir::DownLowerCol))
    );
}
