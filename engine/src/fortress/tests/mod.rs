//! The unit and force model on small hand-made boards, one test per rule a player would notice.
//! Counter values are made up for the tests (the rulebook prints only combat faces).
//!
//! Shared fixtures here (`Kit`, its 12 × 12 park board — not `testkit`'s 8 × 8 one — `put`,
//! `move_seg`); the tests by subject in `counters`, `stacking`, `fog`, `zoc`, `modes`, `facing`,
//! `command`, `force`. The rule modules those files are named after (`zoc`, `modes`, …) are
//! imported in each file that calls them, not here, where the test modules take their names.
extern crate std;

use super::board::{terrain, Done, Forces, MapData, SegmentKind, State};
use super::command::Command;
use super::counters::*;
use super::fog::AttackKind;
use super::modes::{Disruption, MODE_CHANGE};
use crate::core::capacity::fortress_berlin::MP;
use crate::core::faces::Facing;
use crate::core::hex::{Dir, Edge, Geometry, HexFormat, HexId, ShiftedColumns};
use crate::core::map::{HexFeatures, SideFeatures};
use crate::core::side::{Side, Viewer};
use crate::core::stack::SeenStack;
use crate::core::units::{Location, UnitId};
use std::boxed::Box;
use std::vec::Vec;

fn geometry() -> Geometry {
    Geometry {
        columns: 12,
        rows: 12,
        shifted: ShiftedColumns::Even,
        format: HexFormat::Ccrr,
        first_column_at: Edge::West,
        first_row_at: Edge::North,
    }
}

fn h(col: u8, row: u8) -> HexId {
    HexId::new(col, row)
}

fn n(hex: HexId, d: Dir) -> HexId {
    geometry().neighbour(hex, d).expect("on the board")
}

/// A blank board of park (ZOCs enter park; built-up is tested on its own).
fn map() -> Box<MapData> {
    let mut m = Box::new(MapData::blank(geometry()));
    for t in m.terrain.iter_mut() {
        *t = terrain::PARK;
    }
    m
}

fn p(range: u8, fs: u8, pf: u8, ma: u8) -> Printed {
    Printed::new(range, fs, pf, ma)
}

struct Kit {
    map: Box<MapData>,
    forces: Box<Forces>,
}

impl Kit {
    /// One step of a move on this kit's map (`force::step`).
    fn step(
        &self,
        s: &mut State,
        units: &[UnitId],
        to: HexId,
        cost: u16,
    ) -> Result<(), crate::core::protocol::RuleViolation> {
        super::force::step(&self.map, &self.forces, s, units, to, cost)
    }

    /// Who commands `u` (3.5) as the units stand in `s`.
    fn command_of(&self, s: &State, u: UnitId) -> Command {
        super::command::command_of(&self.map, &self.forces, s, u)
    }

    fn new() -> Self {
        Kit {
            map: map(),
            forces: Box::default(),
        }
    }
    fn formation(
        &mut self,
        side: Side,
        kind: FormationKind,
        higher: Option<FormationId>,
    ) -> FormationId {
        self.forces
            .add_formation("f", side, kind, higher)
            .expect("room")
    }
    /// Infantry: maneuver 1-1-2-6, combat 1-3-4-4 (range-FS-PF-MA).
    fn infantry(&mut self, side: Side, f: Option<FormationId>) -> UnitId {
        self.unit(side, UnitType::Infantry, f, p(1, 1, 2, 6), p(1, 3, 4, 4))
    }
    fn unit(
        &mut self,
        side: Side,
        kind: UnitType,
        f: Option<FormationId>,
        m: Printed,
        c: Printed,
    ) -> UnitId {
        let mut k = Counter::new(
            "u",
            side,
            kind,
            UnitSize::Battalion,
            WeaponType::SmallArms,
            m,
            c,
            2,
        );
        k.formation = f;
        self.forces.add(k).expect("room")
    }
    fn hq(&mut self, side: Side, f: FormationId, radius: Radius, combat_ma: u8) -> UnitId {
        let k = Counter::new(
            "hq",
            side,
            UnitType::Headquarters,
            UnitSize::Division,
            WeaponType::SmallArms,
            p(1, 1, 2, 6),
            p(1, 2, 3, combat_ma),
            2,
        )
        .of(f)
        .hq(radius);
        self.forces.add(k).expect("room")
    }
    fn state(&self) -> Box<State> {
        Box::new(State::new(&self.forces))
    }
}

fn put(k: &Kit, s: &mut State, u: UnitId, hex: HexId, face: crate::core::faces::Face, d: Dir) {
    s.place(&k.forces, u, hex, face, d).expect("placed");
}

fn move_seg(k: &Kit, s: &mut State, side: Side) {
    super::force::begin_movement(&k.map, &k.forces, s, side);
}

mod command;
mod counters;
mod facing;
mod fog;
mod force;
mod modes;
mod stacking;
mod zoc;
