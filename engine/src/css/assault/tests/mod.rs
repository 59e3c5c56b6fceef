//! Assault (S10.0–S10.6) on small hand-made boards. The shared helpers here; the tests by
//! subject in `example` (Example S10.5-A), `declaration` (S10.1, S10.2), `values` (S10.3,
//! S10.4) and `results` (S10.5, S10.6).

extern crate std;

use super::*;
use crate::core::map::SideFeatures;
use crate::core::protocol::Pending;
use crate::css::fire::opportunity::{Candidate, Trigger, Window};
use crate::css::fire::{self, FireResult, FireSetup, Member, TargetUnit, Weapon};
use crate::css::morale::Condition;
use crate::css::standin::{assault_charts, assault_table, fire_charts, tq_modifiers};
use crate::css::terrain::tests::{h, Board, Marks};
use crate::css::terrain::{dots, Crossing, Divider, NoMarkers, Part, Parts};
use crate::gates::{NATO, WARSAW_PACT as WP};
use std::vec::Vec;

const LEG: MoveClass = MoveClass::Leg;

fn ready(id: u16) -> Assaulter {
    Assaulter::ready(UnitId(id), LEG)
}

/// The `k`-th neighbour of `t` on the board.
fn nb(b: &Board, t: HexId, k: usize) -> HexId {
    b.g().neighbours(t).nth(k).expect("a neighbour").1
}

fn one<'a>(hex: HexId, units: &'a [Assaulter]) -> [Approach<'a>; 1] {
    [Approach {
        hex,
        part: Part::First,
        units,
    }]
}

/// The case a declaration by `units` from `from` into `into` is refused under (`None`: ok).
fn refusal(
    b: &Board,
    m: &Marks,
    from: HexId,
    into: HexId,
    units: &[Assaulter],
) -> Option<&'static str> {
    declare(&b.ground(), m, WP, into, true, &one(from, units))
        .err()
        .map(|e| e.case)
}

fn fighter(id: u16, firepower: u8, tq: u8) -> Fighter {
    Fighter::new(UnitId(id), firepower, Colour::White, tq, 2)
}

fn assault<'a>(attackers: &'a mut [Fighter], defenders: &'a mut [Fighter]) -> Assault<'a> {
    Assault {
        attackers,
        defenders,
        attack: Backing::default(),
        defence: Backing::default(),
        hex: Defended::default(),
        across_slope: false,
    }
}

mod declaration;
mod example;
mod results;
mod values;
