//! Placing arriving units (S18.1, S11.10) on a small hand-made board.

extern crate std;

use super::*;
use crate::core::side::Side;
use crate::core::units::UnitId;
use crate::css::stacking::Role;
use crate::css::terrain::tests::{h, Board};
use std::vec::Vec;

/// A board's pieces for placement checks: (hex, piece) pairs; `unlimited` hexes (*Gates* 3.5).
#[derive(Default)]
pub(crate) struct Field {
    pub pieces: Vec<(HexId, Piece)>,
    pub unlimited: Vec<HexId>,
}

impl Field {
    pub fn with(mut self, at: HexId, p: Piece) -> Self {
        self.pieces.push((at, p));
        self
    }
}

impl Placing for Field {
    fn pieces(&self, at: HexId) -> heapless::Vec<Piece, MAX_HEX_PIECES> {
        self.pieces
            .iter()
            .filter(|(x, _)| *x == at)
            .map(|(_, p)| *p)
            .collect()
    }
    fn unlimited(&self, at: HexId) -> bool {
        self.unlimited.contains(&at)
    }
}

pub(crate) fn unit(id: u16, side: Side, formation: u16) -> Piece {
    Piece {
        id: UnitId(id),
        side,
        formation,
        division: formation / 2,
        role: Role::Combat,
        attached_to: None,
    }
}

const WP: Side = Side::B;
const NATO: Side = Side::A;

// S18.1: in or next to the entry hex, on the Column side, within the stacking limit (unless the
// hex is unlimited), never into an enemy hex.
#[test]
fn css_s18_1_entry_in_or_next_to_the_entry_hex_within_stacking() {
    let g = Board::new().g();
    let chart = StackingChart::stand_in();
    let entry = h(10, 10);
    let field = Field::default()
        .with(entry, unit(1, WP, 0))
        .with(entry, unit(2, WP, 0))
        .with(entry, unit(3, WP, 0))
        .with(h(10, 11), unit(9, NATO, 4));
    let new = unit(10, WP, 0);
    assert_eq!(
        may_enter(&g, &field, &chart, entry, h(10, 9), &new),
        Ok(Face::Column)
    );
    let err = may_enter(&g, &field, &chart, entry, entry, &new).unwrap_err();
    assert_eq!(err.case, "S6.1", "a fourth unit");
    let err = may_enter(&g, &field, &chart, entry, h(10, 11), &new).unwrap_err();
    assert_eq!(err.case, "S18.1", "the enemy holds it");
    let err = may_enter(&g, &field, &chart, entry, h(10, 7), &new).unwrap_err();
    assert_eq!(err.case, "S18.1", "three hexes away");
    // A hex the game declares unlimited (Gates 3.5) takes a fourth unit.
    let mut open = field;
    open.unlimited.push(entry);
    assert_eq!(
        may_enter(&g, &open, &chart, entry, entry, &new),
        Ok(Face::Column)
    );
}

// S18.1: a blocked entry hex (itself and every hex next to it) shifts to the nearest hex of its
// own map edge that takes the unit.
#[test]
fn css_s18_1_a_blocked_entry_hex_shifts_along_its_edge() {
    let g = Board::new().g();
    let chart = StackingChart::stand_in();
    let entry = h(1, 10);
    let mut field = Field::default()
        .with(entry, unit(1, WP, 0))
        .with(entry, unit(2, WP, 0))
        .with(entry, unit(3, WP, 0));
    let new = unit(10, WP, 0);
    // While a hex next to the entry hex is free, it must be used.
    let err = may_enter(&g, &field, &chart, entry, h(1, 12), &new).unwrap_err();
    assert_eq!(err.case, "S18.1");
    for (i, (_, n)) in g.neighbours(entry).enumerate() {
        field = field.with(n, unit(20 + i as u16, NATO, 4));
    }
    assert_eq!(
        may_enter(&g, &field, &chart, entry, h(1, 12), &new),
        Ok(Face::Column)
    );
    let err = may_enter(&g, &field, &chart, entry, h(1, 13), &new).unwrap_err();
    assert_eq!(err.case, "S18.1", "not the nearest free hex of the edge");
    let err = may_enter(&g, &field, &chart, entry, h(3, 12), &new).unwrap_err();
    assert_eq!(err.case, "S18.1", "off the entry hex's edge");
}

// S11.10: next to an HQ of its formation, never next to the enemy, within stacking, Deployed
// (Column where it may not deploy); an HQ returns to a hex with a unit of its formation.
#[test]
fn css_s11_10_returned_units_go_next_to_an_hq_away_from_the_enemy() {
    let g = Board::new().g();
    let chart = StackingChart::stand_in();
    let hq = h(5, 5);
    let field = Field::default()
        .with(h(5, 3), unit(50, WP, 0))
        .with(h(8, 8), unit(21, NATO, 2));
    let back = unit(20, NATO, 2);
    let ret =
        |hex, may_deploy| may_return(&g, &field, &chart, &[hq], hex, &back, false, may_deploy);
    assert_eq!(ret(h(5, 6), true), Ok(Face::Deployed));
    assert_eq!(ret(hq, false), Ok(Face::Column));
    assert_eq!(
        ret(h(5, 4), true).unwrap_err().case,
        "S11.10",
        "next to the enemy"
    );
    assert_eq!(
        ret(h(5, 8), true).unwrap_err().case,
        "S11.10",
        "too far from the HQ"
    );
    let mut hq_unit = unit(25, NATO, 2);
    hq_unit.role = Role::Hq;
    let hq_back = |hex| may_return(&g, &field, &chart, &[], hex, &hq_unit, true, true);
    assert_eq!(hq_back(h(8, 8)), Ok(Face::Deployed));
    assert_eq!(hq_back(h(8, 9)).unwrap_err().case, "S11.10");
}
