//! Combat Phase tests, named with their cases.
//!
//! Shared fixtures here; the tests by subject in `declarations` (the procedure, who attacks
//! [7.0]-[7.3]), `odds` (terrain, the table's ends, untried units, supply, bonus shifts),
//! `barrage` (artillery [8.1]-[8.3], [8.5], [8.7], interdiction [20.22]), `fpf` (final
//! protective fire [8.4]), `airpower` [9.0] and `gas` [8.8].
extern crate std;

use super::CombatStep;
use crate::berlin85::command::{Choice, Command};
use crate::berlin85::data::CombatResult;
use crate::berlin85::data::Region;
use crate::berlin85::flags;
use crate::berlin85::game::{Game, Input85};
use crate::berlin85::state::{Phase, NATO, WARSAW_PACT};
use crate::berlin85::testkit::{hex, mark, ruin, Board, FOREST, HF, PARK, SF, SUBURBAN, URBAN};
use crate::core::hex::HexId;
use crate::core::map::Markers;
use crate::core::protocol::{DiceRoll, Input, Pending};
use crate::core::units::{Nationality, UnitId, UnitKind};
use std::vec::Vec;

fn cmd(c: Command) -> Input85 {
    Input::Command(c)
}

fn declare(att: &[UnitId], def: &[UnitId]) -> Input85 {
    cmd(Command::Declare {
        attackers: heapless::Vec::from_slice(att).unwrap(),
        defenders: heapless::Vec::from_slice(def).unwrap(),
    })
}

/// Air points for the first attack [8.7].
fn air_points(points: u8) -> Input85 {
    cmd(Command::AirPoints { attack: 0, points })
}

/// `artillery` barrages in `attack` [8.1].
fn barrage(artillery: UnitId, attack: u8, gas: bool) -> Input85 {
    cmd(Command::Barrage {
        artillery,
        attack,
        gas,
    })
}

/// `artillery` fires FPF for `attack` [8.4].
fn fpf(artillery: UnitId, attack: u8, gas: bool) -> Input85 {
    cmd(Command::Fpf {
        artillery,
        attack,
        gas,
    })
}

fn end_alloc() -> Input85 {
    cmd(Command::EndAllocation)
}

fn roll(v: u8) -> Input85 {
    Input::Rolled(DiceRoll::of(&[v]))
}

/// A 10x10 board on which both sides are always in supply: every hex is a NATO source
/// (West Berlin barracks and supply symbols [14.11], [14.12]) and the edge hexes carry a road
/// for the Warsaw Pact [14.13].
fn board() -> Board {
    let mut b = Board::new(10, 10);
    for c in 1..=10u8 {
        for r in 1..=10u8 {
            let h = HexId::new(c, r);
            b.region(h, Region::WestBerlin);
            b.feature(h, HF::BARRACKS | HF::SUPPLY);
        }
    }
    let mut edge = Vec::new();
    for c in 1..=10u8 {
        edge.push(HexId::new(c, 1));
    }
    for r in 2..=10u8 {
        edge.push(HexId::new(10, r));
    }
    for c in (1..10u8).rev() {
        edge.push(HexId::new(c, 10));
    }
    for r in (2..10u8).rev() {
        edge.push(HexId::new(1, r));
    }
    b.line(&edge, SF::ROAD);
    b
}

/// The neighbours of `h` on the board, in direction order.
fn around(b: &Board, h: HexId) -> Vec<HexId> {
    b.data.map.geometry.neighbours(h).map(|(_, n)| n).collect()
}

fn dist(b: &Board, x: HexId, y: HexId) -> u16 {
    b.data.map.geometry.distance(x, y)
}

/// A hex at exactly `d` from `from` (for range tests).
fn at_distance(b: &Board, from: HexId, d: u16) -> HexId {
    for c in 1..=10u8 {
        for r in 1..=10u8 {
            let h = HexId::new(c, r);
            if dist(b, from, h) == d {
                return h;
            }
        }
    }
    panic!("no hex at that distance");
}

fn mech(b: &mut Board, side: crate::core::side::Side, a: u8, d: u8) -> UnitId {
    b.unit(side, UnitKind::Mechanized, a, d, 10)
}

fn combat(b: Board, phasing: crate::core::side::Side, placed: &[(UnitId, HexId)]) -> Game<'static> {
    at_turn(b, phasing, 2, placed)
}

/// One NATO mechanized unit of `defender` (attack, defense) in 0505 and one Warsaw Pact unit
/// of `attacker` in 0506 next to it, in the Warsaw Pact's Combat Phase: the game, the
/// defender, the attacker.
fn duel(defender: (u8, u8), attacker: (u8, u8)) -> (Game<'static>, UnitId, UnitId) {
    let mut b = board();
    let d = mech(&mut b, NATO, defender.0, defender.1);
    let a = mech(&mut b, WARSAW_PACT, attacker.0, attacker.1);
    let g = combat(b, WARSAW_PACT, &[(d, hex("0505")), (a, hex("0506"))]);
    (g, d, a)
}

/// Two NATO mechanized units (2-2) in 0303 and 0707, each with a Warsaw Pact one (4-4) next
/// to it in 0304 and 0708, in the Warsaw Pact's Combat Phase: the game and the two
/// (defender, attacker) pairs.
fn two_pairs() -> (Game<'static>, [UnitId; 2], [UnitId; 2]) {
    let mut b = board();
    let d1 = mech(&mut b, NATO, 2, 2);
    let d2 = mech(&mut b, NATO, 2, 2);
    let a1 = mech(&mut b, WARSAW_PACT, 4, 4);
    let a2 = mech(&mut b, WARSAW_PACT, 4, 4);
    let placed = [
        (d1, hex("0303")),
        (a1, hex("0304")),
        (d2, hex("0707")),
        (a2, hex("0708")),
    ];
    (combat(b, WARSAW_PACT, &placed), [d1, a1], [d2, a2])
}

/// A game in the Combat Phase of `turn`. Every hex is held by the Warsaw Pact except those of
/// NATO units, which stand on their own supply sources.
fn at_turn(
    b: Board,
    phasing: crate::core::side::Side,
    turn: u8,
    placed: &[(UnitId, HexId)],
) -> Game<'static> {
    let mut g = b.game(Phase::Combat, phasing, turn, placed);
    for h in g.data.map.hexes().collect::<Vec<_>>() {
        g.mark_held(h, WARSAW_PACT);
    }
    for &(u, h) in placed {
        if g.side_of(u) == NATO {
            g.mark_held(h, NATO);
        }
    }
    g
}

/// Answers the aftermath until the attack is over: no advance, first retreat hex, die 1.
fn settle(g: &mut Game<'_>) {
    for _ in 0..32 {
        if g.combat_step() != CombatStep::Aftermath {
            return;
        }
        let i = match g.pending() {
            Pending::Choose { options, .. } => Input::Chose(
                options
                    .iter()
                    .position(|c| matches!(c, Choice::Stop | Choice::No))
                    .unwrap_or(0) as u8,
            ),
            Pending::Roll { .. } => roll(1),
            p => panic!("unexpected {:?}", p),
        };
        ok(g, i);
    }
    panic!("the aftermath does not end");
}

/// Refused, and the state is unchanged.
fn refused(g: &mut Game<'_>, i: Input85, case: &str) {
    let before = g.state.clone();
    let r = g.apply(&i);
    assert_eq!(r.map(|_| ()).map_err(|e| e.case), Err(case), "{:?}", i);
    assert_eq!(g.state, before);
}

fn ok(g: &mut Game<'_>, i: Input85) {
    if let Err(e) = g.apply(&i) {
        panic!("{:?} refused: {}", i, e);
    }
}

// ---- the subjects ------------------------------------------------------------------------------

mod airpower;
mod barrage;
mod declarations;
mod fpf;
mod gas;
mod odds;
