//! Movement on small hand-made boards (series S7.0–S7.10, S5.3, S6.5, S1.5).
//!
//! Shared fixtures here (the Gates terrain tests use `unit`, `tank`, `rifles`, `trucks`); the
//! tests by subject in `pace`, `costs`, `sides`, `crossings`, `status`.

extern crate std;

use super::*;
use crate::core::hex::Dir;
use crate::css::destinations::{destinations, path, Destination, MoveScratch};
use crate::css::move_action::{Move, Trigger};
use crate::css::terrain::tests::{h, Board, Marks, BH, BP};
use crate::css::terrain::{dots, Crossing, Divider, MoveClass, Parts};
use std::string::ToString;
use std::vec::Vec;

/// A unit of `class` with these Column and Deployed MAs (the exclusive layers' tests use
/// these companies too).
pub(crate) fn unit(class: MoveClass, column: u8, deployed: u8) -> Mover {
    Mover {
        class,
        ma: TwoFaced {
            front: column,
            back: deployed,
        },
        status: Status::default(),
    }
}

/// A T-72 company: tracked, Column MA 10 (stand-in), Deployed MA 4.
pub(crate) fn tank() -> Mover {
    unit(MoveClass::Tracked, 10, 4)
}
/// A rifle company: leg, Column MA 4, Deployed MA 3.
pub(crate) fn rifles() -> Mover {
    unit(MoveClass::Leg, 4, 3)
}
/// A truck-borne company: wheeled, Column MA 12, Deployed MA 4.
pub(crate) fn trucks() -> Mover {
    unit(MoveClass::Wheeled, 12, 4)
}

fn party(at: HexId, face: Face, units: &[Mover]) -> Party {
    Party::new(Side::A, at, Part::First, face, units, false).expect("may move")
}

/// A position: markers and enemy units.
struct Pos {
    marks: Marks,
    enemies: Enemies<BH>,
}

impl Pos {
    fn new(b: &Board, enemies: &[HexId]) -> Pos {
        let mut e = Enemies::new();
        e.set(&b.g(), enemies.iter().copied(), true);
        Pos {
            marks: Marks::default(),
            enemies: e,
        }
    }
    fn ctx<'a>(&'a self, b: &'a Board, p: &'a Party) -> Ctx<'a, BH, BP, Marks> {
        Ctx {
            ground: b.ground(),
            cond: &self.marks,
            enemies: &self.enemies,
            party: p,
        }
    }
}

fn dests(b: &Board, pos: &Pos, p: &Party) -> Vec<Destination> {
    let mut scratch = MoveScratch::<BH>::new();
    let mut v = Vec::new();
    destinations(pos.ctx(b, p), &mut scratch, |d| v.push(d)).expect("search");
    v
}

/// The cheapest legal end in `hex` on `face`, any part.
fn cost_to(ds: &[Destination], hex: HexId, face: Face) -> Option<u16> {
    ds.iter()
        .filter(|d| d.hex == hex && d.face == face)
        .map(|d| d.cost)
        .min()
}

/// Walks `path` with the checked move; the MP spent after each hex entered.
fn walk(
    b: &Board,
    pos: &Pos,
    p: &Party,
    change_at_start: bool,
    path: &[HexId],
) -> Result<(Move, Vec<u16>), RuleViolation> {
    let ctx = pos.ctx(b, p);
    let (mut m, _) = Move::begin(&ctx, change_at_start)?;
    let mut spent = Vec::new();
    for &to in path {
        m.step(&ctx, to)?;
        spent.push(m.spent);
    }
    Ok((m, spent))
}

fn column(col: u8, rows: core::ops::RangeInclusive<u8>) -> Vec<HexId> {
    rows.map(|r| h(col, r)).collect()
}

mod costs;
mod crossings;
mod pace;
mod sides;
mod status;

/// Cuts hex `x` by `divider`: the first part holds the sides toward rows above; `bridge`, the
/// routes cross the divider on a bridge.
fn cut_north(b: &mut Board, x: HexId, divider: Divider, bridge: bool) {
    let g = b.g();
    let north: Vec<HexId> = [Dir::Up, Dir::UpHigherCol, Dir::UpLowerCol]
        .iter()
        .map(|&d| g.neighbour(x, d).unwrap())
        .collect();
    let first = b.mask(x, &north);
    b.parts(
        x,
        Parts {
            divider,
            first,
            bridge,
            ..Parts::default()
        },
    );
}

/// Hex (10, 10) with a stream through it: the sides toward rows above are one bank.
fn stream_hex(b: &mut Board) -> HexId {
    let x = h(10, 10);
    cut_north(b, x, Divider::Stream, false);
    x
}
