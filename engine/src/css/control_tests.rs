//! Control of hexes and hex parts (S16.0–S16.2, S16.3) on small hand-made boards.

extern crate std;

use super::*;
use crate::core::faces::TwoFaced;
use crate::core::hex::Dir;
use crate::css::move_action::Move;
use crate::css::movement::{Ctx, Enemies, Mover, Party, Status, COLUMN};
use crate::css::terrain::tests::{h, Board, Marks, BH};
use crate::css::terrain::{Divider, MoveClass, Parts};
use std::vec::Vec;

const NATO: Side = Side::A;
const WP: Side = Side::B;

fn control(b: &Board) -> Control<BH> {
    Control::new(b.g().hex_count())
}

/// Cuts `x` by a river: the sides toward the rows above are the first part.
fn river(b: &mut Board, x: HexId) {
    let g = b.g();
    let north: Vec<HexId> = [Dir::Up, Dir::UpHigherCol, Dir::UpLowerCol]
        .iter()
        .map(|&d| g.neighbour(x, d).unwrap())
        .collect();
    let first = b.mask(x, &north);
    b.parts(
        x,
        Parts {
            divider: Divider::River,
            first,
            ..Parts::default()
        },
    );
}

// S16.1: the scenario sets the control at the start (Gates 2.4: Teufelsberg is NATO's); a side
// then holds a hex it is in or was last in; leaving changes nothing.
#[test]
fn css_s16_1_initial_control_and_the_last_side_in_a_hex() {
    let b = Board::new();
    let g = b.ground();
    let mut c = control(&b);
    let hill = h(5, 5);
    assert_eq!(c.controller(&g, hill), None);
    c.set_initial(&g, hill, Part::First, NATO).unwrap();
    assert!(c.controls(&g, hill, NATO));
    // A Warsaw Pact advance after assault takes it.
    let o = c.occupy(&g, hill, Part::First, WP, Entry::Advance).unwrap();
    assert_eq!(
        o,
        Some(Occupied {
            hex: hill,
            side: WP,
            changed: true
        })
    );
    // The WP units leave: it stays WP's until NATO comes back (a placement counts).
    assert!(c.controls(&g, hill, WP));
    let o = c.occupy(&g, hill, Part::First, WP, Entry::Move).unwrap();
    assert!(!o.unwrap().changed, "already its");
    c.occupy(&g, hill, Part::First, NATO, Entry::Placement)
        .unwrap();
    assert!(c.controls(&g, hill, NATO));
    assert_eq!(
        c.occupy(&g, h(30, 30), Part::First, NATO, Entry::Move)
            .unwrap_err()
            .case,
        "S16.1"
    );
}

// S16.1: a rout path traced through a hex occupies nothing and changes no control.
#[test]
fn css_s16_1_a_rout_path_changes_no_control() {
    let b = Board::new();
    let g = b.ground();
    let mut c = control(&b);
    c.set_initial(&g, h(6, 6), Part::First, WP).unwrap();
    for x in [h(6, 6), h(6, 7)] {
        assert_eq!(
            c.occupy(&g, x, Part::First, NATO, Entry::RoutPath).unwrap(),
            None
        );
    }
    assert!(c.controls(&g, h(6, 6), WP));
    assert_eq!(c.controller(&g, h(6, 7)), None);
    assert!(!Entry::RoutPath.occupies());
    assert!(Entry::Move.occupies() && Entry::Advance.occupies() && Entry::Placement.occupies());
}

// S16.2: every hex a Move action enters is occupied, even one it only passes through; a change
// of side occupies nothing new.
#[test]
fn css_s16_2_passing_through_occupies_every_hex_entered() {
    let b = Board::new();
    let mut c = control(&b);
    c.set_initial(&b.ground(), h(5, 6), Part::First, NATO)
        .unwrap();
    let rifles = Mover {
        class: MoveClass::Leg,
        ma: TwoFaced { front: 4, back: 3 },
        status: Status::default(),
    };
    let party = Party::new(WP, h(5, 5), Part::First, COLUMN, &[rifles], false).unwrap();
    let marks = Marks::default();
    let enemies = Enemies::<BH>::new();
    let ctx = Ctx {
        ground: b.ground(),
        cond: &marks,
        enemies: &enemies,
        party: &party,
    };
    let (mut m, _) = Move::begin(&ctx, false).unwrap();
    let mut changed = Vec::new();
    for to in [h(5, 6), h(5, 7), h(5, 8)] {
        let t = m.step(&ctx, to).unwrap();
        let o = c.entered(&ctx.ground, WP, &t).unwrap().unwrap();
        changed.push(o.changed);
    }
    assert_eq!(changed, [true, true, true]);
    for x in [h(5, 6), h(5, 7), h(5, 8)] {
        assert!(c.controls(&ctx.ground, x, WP), "{x:?}");
    }
    let end = m.finish(&ctx, true).unwrap();
    let t = end.trigger.unwrap();
    assert_eq!(c.entered(&ctx.ground, WP, &t).unwrap(), None);
    // The start hex was not entered: nobody holds it.
    assert_eq!(c.controller(&ctx.ground, h(5, 5)), None);
}

// S16.0, S16.3: a divided hex is held part by part: entering one part takes it and the hex;
// the other part keeps the side last in it. An undivided hex has one part.
#[test]
fn css_s16_0_divided_hexes_are_controlled_part_by_part() {
    let mut b = Board::new();
    let x = h(10, 10);
    river(&mut b, x);
    let g = b.ground();
    let mut c = control(&b);
    c.set_initial(&g, x, Part::First, NATO).unwrap();
    assert_eq!(c.part_controller(&g, x, Part::First), Some(NATO));
    assert_eq!(c.part_controller(&g, x, Part::Second), None);
    // NATO leaves; a WP unit enters the southern part.
    c.occupy(&g, x, Part::Second, WP, Entry::Move).unwrap();
    assert_eq!(c.controller(&g, x), Some(WP));
    assert_eq!(c.part_controller(&g, x, Part::Second), Some(WP));
    assert_eq!(c.part_controller(&g, x, Part::First), Some(NATO));
    // An undivided hex: both parts go together.
    let y = h(12, 12);
    c.occupy(&g, y, Part::Second, WP, Entry::Move).unwrap();
    assert_eq!(c.part_controller(&g, y, Part::First), Some(WP));
    assert_eq!(c.part_controller(&g, y, Part::Second), Some(WP));
}
