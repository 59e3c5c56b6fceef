//! Combat results applied on small hand-made boards: `aftermath_begin` is called directly
//! with an [`AttackOutcome`], as the combat module does after its die roll.
//!
//! Shared fixtures here (the corridor, supply, the lake behind the defender); the tests by
//! subject in `results` [7.6] (and the advance after a failed stand [7.98]), `retreats` [7.7],
//! `displacement` [7.8], `collateral_damage` [10.0], `lake` (only through hexes the unit could
//! enter [7.6]) and `rulings`.
extern crate std;

use super::*;
use crate::berlin85::data::Region;
use crate::berlin85::flags;
use crate::berlin85::state::{Phase, NATO, WARSAW_PACT};
use crate::berlin85::testkit::{hex, mark, ruin, Board, FOREST, HF, LAKE, SF, URBAN};
use crate::core::map::Markers;
use crate::core::protocol::DiceRoll;
use crate::core::units::{Location, UnitKind};
use std::vec::Vec;

/// Water on every side of `h` except toward the hexes in `open`: a corridor.
fn wall(b: &mut Board, h: HexId, open: &[HexId]) {
    let g = b.data.map.geometry;
    for (_, n) in g.neighbours(h) {
        if !open.contains(&n) {
            b.side(h, n, SF::WATER);
        }
    }
}

fn combat(b: Board, phasing: Side, placed: &[(UnitId, HexId)]) -> Game<'static> {
    b.game(Phase::Combat, phasing, 1, placed)
}

fn outcome<'a>(
    result: CombatResult,
    attackers: &'a [UnitId],
    defenders: &'a [UnitId],
    fire: &'a [(HexId, u16)],
) -> AttackOutcome<'a> {
    AttackOutcome {
        attack: 0,
        result,
        adjacent_attackers: attackers,
        barrage_attackers: &[],
        defenders,
        fire_into: fire,
    }
}

fn begin(g: &mut Game<'_>, o: &AttackOutcome<'_>) -> Vec<Event> {
    let mut ev = Events::new();
    g.aftermath_begin(o, &mut ev).expect("aftermath begins");
    ev.into_iter().collect()
}

fn options(g: &Game<'_>) -> Vec<Choice> {
    match g.pending() {
        Pending::Choose { options, .. } => options.into_iter().collect(),
        p => panic!("expected a choice, got {p:?}"),
    }
}

fn pick(g: &mut Game<'_>, c: Choice) -> Vec<Event> {
    let opts = options(g);
    let i = opts
        .iter()
        .position(|&o| o == c)
        .unwrap_or_else(|| panic!("{c:?} is not among {opts:?}"));
    g.apply(&Input::Chose(i as u8))
        .expect("choice accepted")
        .into_iter()
        .collect()
}

fn roll(g: &mut Game<'_>, die: u8) -> Vec<Event> {
    g.apply(&Input::Rolled(DiceRoll::of(&[die])))
        .expect("roll accepted")
        .into_iter()
        .collect()
}

fn at(g: &Game<'_>, u: UnitId) -> Location {
    g.state.units[u.0 as usize].location
}

fn cites(ev: &[Event], case: &str) -> bool {
    ev.iter().any(|e| e.case == case)
}

fn done(g: &Game<'_>) -> bool {
    g.aftermath_pending().is_none() && !g.state.aftermath.active
}

/// A NATO defender in 0505 attacked from 0504 by a Warsaw Pact unit, with a one-hex-wide
/// corridor 0505-0506-0507-0508 behind it (water on every other side). Nobody is in supply
/// (no sources on the board), so "They Shall Not Pass" is never offered unless a test adds
/// supply.
struct Corridor {
    b: Board,
    def: UnitId,
    att: UnitId,
}

fn corridor() -> Corridor {
    let mut b = Board::new(10, 10);
    let c = [
        hex("0504"),
        hex("0505"),
        hex("0506"),
        hex("0507"),
        hex("0508"),
        hex("0509"),
    ];
    for i in 1..5 {
        wall(&mut b, c[i], &[c[i - 1], c[i + 1]]);
    }
    let def = b.unit(NATO, UnitKind::Mechanized, 4, 4, 6);
    let att = b.unit(WARSAW_PACT, UnitKind::Tank, 6, 5, 6);
    Corridor { b, def, att }
}

impl Corridor {
    fn game(self, extra: &[(UnitId, HexId)]) -> Game<'static> {
        let mut placed = std::vec![(self.def, hex("0505")), (self.att, hex("0504"))];
        placed.extend_from_slice(extra);
        combat(self.b, WARSAW_PACT, &placed)
    }
}

/// NATO units are in supply: every hex is West Berlin and 0509 is a barracks [14.12].
fn supplied(b: &mut Board) {
    for c in 1..=10 {
        for r in 1..=10 {
            b.region(HexId::new(c, r), Region::WestBerlin);
        }
    }
    b.feature(hex("0509"), HF::BARRACKS);
    b.feature(hex("0501"), HF::BARRACKS);
}

/// A lake in 0506 (lake shore on its six sides [5.26]) behind 0505, which is walled with water
/// except toward the attacker in 0504 and the lake: any retreat from 0505 crosses the lake to
/// 0507, 0606 or 0406. A lake costs 5 MP in (1 + 4 for the shore) and 5 MP out into clear
/// terrain (4 + 1). The Warsaw Pact attacker has 12 MP.
struct LakeBehind {
    b: Board,
    def: UnitId,
    att: UnitId,
}

fn lake_behind(kind: UnitKind, movement: u8) -> LakeBehind {
    let mut b = Board::new(10, 10);
    wall(&mut b, hex("0505"), &[hex("0504"), hex("0506")]);
    b.terrain(hex("0506"), LAKE);
    let g = b.data.map.geometry;
    for (_, n) in g.neighbours(hex("0506")) {
        b.side(hex("0506"), n, SF::LAKE_SHORE);
    }
    let def = b.unit(NATO, kind, 4, 4, movement);
    let att = b.unit(WARSAW_PACT, UnitKind::Tank, 6, 5, 12);
    LakeBehind { b, def, att }
}

impl LakeBehind {
    fn game(self, turn: u8, extra: &[(UnitId, HexId)]) -> Game<'static> {
        let mut placed = std::vec![(self.def, hex("0505")), (self.att, hex("0504"))];
        placed.extend_from_slice(extra);
        self.b.game(Phase::Combat, WARSAW_PACT, turn, &placed)
    }
}

// ---- the subjects ------------------------------------------------------------------------------

mod collateral_damage;
mod displacement;
mod lake;
mod results;
mod retreats;
mod rulings;
