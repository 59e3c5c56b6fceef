//! Combat Phase tests, named with their cases.
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

// ---- [7.0] the procedure and the example ------------------------------------------------------

#[test]
fn combat_7_0_park_example_13_against_4_reads_the_plus_6_to_8_column() {
    let mut b = board();
    let d_hex = hex("0505");
    b.terrain(d_hex, PARK);
    let n = around(&b, d_hex);
    let d = mech(&mut b, NATO, 2, 4);
    let a1 = mech(&mut b, WARSAW_PACT, 7, 5);
    let a2 = mech(&mut b, WARSAW_PACT, 6, 5);
    let mut g = combat(b, WARSAW_PACT, &[(d, d_hex), (a1, n[0]), (a2, n[1])]);
    let card = g.preview_attack(&[a1, a2], &[d]).unwrap();
    assert_eq!(card.differential, Some(9));
    assert_eq!(card.net_shift, -1);
    assert_eq!(card.shifts[0].case, "7.42");
    assert_eq!(card.column_label.as_deref(), Some("+6..+8"));

    ok(&mut g, declare(&[a1, a2], &[d]));
    assert_eq!(g.combat_step(), CombatStep::Declare);
    ok(&mut g, end_alloc());
    assert_eq!(g.combat_step(), CombatStep::Fpf);
    assert_eq!(g.pending(), Pending::Command { player: NATO });
    ok(&mut g, end_alloc());
    assert_eq!(g.combat_step(), CombatStep::Resolve);
    ok(&mut g, cmd(Command::Resolve { attack: 0 }));
    assert!(matches!(g.pending(), Pending::Roll { case: "7.6", .. }));
    let ev = g.apply(&roll(1)).unwrap();
    // The log shows the totals, each shift with its case, and the column read.
    assert!(ev
        .iter()
        .any(|e| e.case == "7.0" && e.text.contains("13 against 4")));
    assert!(ev.iter().any(|e| e.case == "7.42"));
    assert!(ev
        .iter()
        .any(|e| e.case == "7.6" && e.text.contains("+6..+8")));
    settle(&mut g);
    let (_, a) = g.attacks().next().unwrap();
    assert!(a.resolved);
    // Column +6..+8, die 1 on the stand-in table.
    assert_eq!(a.result, Some(CombatResult::D4));
    assert_eq!(g.combat_step(), CombatStep::Done);
    // [8.41] the defender remembers the adverse result for the next phase.
    assert!(g.state.units[d.0 as usize].has(flags::ADVERSE_RESULT));
    ok(&mut g, cmd(Command::EndCombat));
    assert_ne!(g.state.phasing, WARSAW_PACT);
}

#[test]
fn combat_7_0_all_attacks_are_announced_before_any_is_resolved() {
    let (mut g, d, a) = duel((2, 2), (4, 4));
    ok(&mut g, declare(&[a], &[d]));
    refused(&mut g, cmd(Command::Resolve { attack: 0 }), "7.0");
}

#[test]
fn combat_7_0_sequential_option_resolves_each_attack_as_announced() {
    let (mut g, [d1, a1], [d2, a2]) = two_pairs();
    g.state.options.sequential_combat = true;
    ok(&mut g, declare(&[a1], &[d1]));
    refused(&mut g, declare(&[a2], &[d2]), "7.0");
    ok(&mut g, end_alloc());
    ok(&mut g, end_alloc());
    ok(&mut g, cmd(Command::Resolve { attack: 0 }));
    ok(&mut g, roll(3));
    settle(&mut g);
    assert_eq!(g.combat_step(), CombatStep::Declare);
    // The second pair is still in contact: the phase may not end yet [7.11].
    refused(&mut g, cmd(Command::EndCombat), "7.11");
    ok(&mut g, declare(&[a2], &[d2]));
    ok(&mut g, end_alloc());
    ok(&mut g, end_alloc());
    ok(&mut g, cmd(Command::Resolve { attack: 1 }));
    ok(&mut g, roll(3));
    settle(&mut g);
    ok(&mut g, cmd(Command::EndCombat));
}

// ---- [7.1], [7.2], [7.3] who attacks --------------------------------------------------------

#[test]
fn combat_7_13_a_unit_attacks_and_is_attacked_once_per_phase() {
    let mut b = board();
    let d1 = mech(&mut b, NATO, 2, 2);
    let d2 = mech(&mut b, NATO, 2, 2);
    let a = mech(&mut b, WARSAW_PACT, 4, 4);
    let a2 = mech(&mut b, WARSAW_PACT, 4, 4);
    let c = hex("0505");
    let n = around(&b, c);
    let mut g = combat(
        b,
        WARSAW_PACT,
        &[(a, c), (d1, n[0]), (d2, n[1]), (a2, n[3])],
    );
    ok(&mut g, declare(&[a], &[d1]));
    refused(&mut g, declare(&[a], &[d2]), "7.13");
    // d1 is already attacked.
    refused(&mut g, declare(&[a2], &[d1]), "7.13");
}

#[test]
fn combat_7_14_non_adjacent_units_may_not_attack() {
    let mut b = board();
    let d = mech(&mut b, NATO, 2, 2);
    let a = mech(&mut b, WARSAW_PACT, 4, 4);
    let mut g = combat(b, WARSAW_PACT, &[(d, hex("0505")), (a, hex("0508"))]);
    refused(&mut g, declare(&[a], &[d]), "7.14");
}

#[test]
fn combat_7_23_every_attacker_adjacent_to_every_defender() {
    let mut b = board();
    let c = hex("0505");
    let n = around(&b, c);
    // Two defenders around c, one attacker adjacent to only one of them.
    let d1 = mech(&mut b, NATO, 2, 2);
    let d2 = mech(&mut b, NATO, 2, 2);
    let a = mech(&mut b, WARSAW_PACT, 4, 4);
    let far = *around(&b, n[0])
        .iter()
        .find(|&&h| h != c && !around(&b, n[3]).contains(&h) && h != n[3] && dist(&b, h, n[3]) > 1)
        .unwrap();
    let mut g = combat(b, WARSAW_PACT, &[(d1, n[0]), (d2, n[3]), (a, far)]);
    refused(&mut g, declare(&[a], &[d1, d2]), "7.23");
}

#[test]
fn combat_7_12_at_most_six_adjacent_attackers() {
    let mut b = board();
    let c = hex("0505");
    let n = around(&b, c);
    let d = mech(&mut b, NATO, 2, 2);
    let mut placed = std::vec![(d, c)];
    let mut att = Vec::new();
    for (i, &h) in n.iter().enumerate() {
        let a = mech(&mut b, WARSAW_PACT, 1, 1);
        placed.push((a, h));
        att.push(a);
        if i == 0 {
            // A paradrop may briefly stack two units in one hex.
            let extra = mech(&mut b, WARSAW_PACT, 1, 1);
            placed.push((extra, h));
            att.push(extra);
        }
    }
    let mut g = combat(b, WARSAW_PACT, &placed);
    refused(&mut g, declare(&att, &[d]), "7.12");
    ok(&mut g, declare(&att[..6], &[d]));
}

#[test]
fn combat_7_3_strength_is_not_counted_twice() {
    let (mut g, d, a) = duel((2, 2), (4, 4));
    refused(&mut g, declare(&[a, a], &[d]), "7.3");
}

#[test]
fn combat_7_11_closing_declarations_with_a_mandatory_attack_missing_is_refused() {
    let (mut g, [d1, a1], [d2, a2]) = two_pairs();
    let mut owing = Vec::new();
    g.must_attack(|u| owing.push(u));
    assert_eq!(owing, std::vec![a1, a2]);
    let mut targets = Vec::new();
    g.must_be_attacked(|u| targets.push(u));
    assert_eq!(targets, std::vec![d1, d2]);
    ok(&mut g, declare(&[a1], &[d1]));
    refused(&mut g, end_alloc(), "7.11");
    ok(&mut g, declare(&[a2], &[d2]));
    ok(&mut g, end_alloc());
}

#[test]
fn combat_7_21_every_adjacent_enemy_must_be_attacked() {
    let mut b = board();
    let c = hex("0505");
    let n = around(&b, c);
    let a = mech(&mut b, WARSAW_PACT, 4, 4);
    let d1 = mech(&mut b, NATO, 2, 2);
    let d2 = mech(&mut b, NATO, 2, 2);
    let mut g = combat(b, WARSAW_PACT, &[(a, c), (d1, n[0]), (d2, n[3])]);
    ok(&mut g, declare(&[a], &[d1]));
    refused(&mut g, end_alloc(), "7.11");
    ok(&mut g, cmd(Command::Undeclare { attack: 0 }));
    ok(&mut g, declare(&[a], &[d1, d2]));
    ok(&mut g, end_alloc());
}

#[test]
fn combat_7_11_zones_of_control_do_not_reach_into_urban_hexes() {
    let mut b = board();
    b.terrain(hex("0505"), URBAN);
    b.terrain(hex("0506"), URBAN);
    let d = mech(&mut b, NATO, 2, 2);
    let a = mech(&mut b, WARSAW_PACT, 4, 4);
    let mut g = combat(b, WARSAW_PACT, &[(d, hex("0505")), (a, hex("0506"))]);
    // Adjacent but in no zone of control [6.14]: combat is voluntary.
    ok(&mut g, end_alloc());
}

#[test]
fn combat_21_15_warsaw_pact_police_frozen_until_turn_3() {
    let mut b = board();
    b.scenario_mut().rules.wp_police_frozen_until = 3;
    let d = mech(&mut b, NATO, 2, 2);
    let p = b.unit(WARSAW_PACT, UnitKind::Police, 2, 2, 6);
    let mut g = combat(b, WARSAW_PACT, &[(d, hex("0505")), (p, hex("0506"))]);
    refused(&mut g, declare(&[p], &[d]), "21.15");
    // Frozen police owe no attack.
    ok(&mut g, end_alloc());
}

#[test]
fn combat_7_83_units_of_unresolved_attacks_are_known_to_the_aftermath() {
    let mut b = board();
    let d = mech(&mut b, NATO, 2, 2);
    let a = mech(&mut b, WARSAW_PACT, 4, 4);
    let other = mech(&mut b, WARSAW_PACT, 4, 4);
    let mut g = combat(
        b,
        WARSAW_PACT,
        &[(d, hex("0505")), (a, hex("0506")), (other, hex("0909"))],
    );
    ok(&mut g, declare(&[a], &[d]));
    assert!(g.in_unresolved_attack(a) && g.in_unresolved_attack(d));
    assert!(!g.in_unresolved_attack(other));
    ok(&mut g, end_alloc());
    ok(&mut g, end_alloc());
    ok(&mut g, cmd(Command::Resolve { attack: 0 }));
    ok(&mut g, roll(3));
    settle(&mut g);
    assert!(!g.in_unresolved_attack(a));
}

// ---- [7.4], [7.5] terrain and the table's ends ----------------------------------------------

#[test]
fn combat_7_44_the_most_favourable_defender_terrain_counts() {
    let mut b = board();
    let c = hex("0505");
    let n = around(&b, c);
    b.terrain(n[0], SUBURBAN);
    b.terrain(n[1], FOREST);
    b.terrain(n[1], URBAN);
    let a = mech(&mut b, WARSAW_PACT, 9, 9);
    let d1 = mech(&mut b, NATO, 1, 1);
    let d2 = mech(&mut b, NATO, 1, 1);
    let g = combat(b, WARSAW_PACT, &[(a, c), (d1, n[0]), (d2, n[1])]);
    let card = g.preview_attack(&[a], &[d1, d2]).unwrap();
    assert_eq!(card.net_shift, -2);
    assert_eq!(card.shifts[0].case, "7.44");
}

#[test]
fn combat_10_55_a_ruin_adds_its_shift_to_the_terrain() {
    let mut b = board();
    b.terrain(hex("0505"), SUBURBAN);
    let d = mech(&mut b, NATO, 1, 1);
    let a = mech(&mut b, WARSAW_PACT, 9, 9);
    let mut g = combat(b, WARSAW_PACT, &[(d, hex("0505")), (a, hex("0506"))]);
    ruin(&mut g, "0505");
    let card = g.preview_attack(&[a], &[d]).unwrap();
    assert_eq!(card.net_shift, -2);
    assert!(card.shifts.iter().any(|s| s.case == "10.55"));
}

#[test]
fn combat_7_43_hexside_shift_only_when_every_attacker_crosses_it() {
    let mut b = board();
    let c = hex("0505");
    let n = around(&b, c);
    b.side(c, n[0], SF::WATER);
    let d = mech(&mut b, NATO, 1, 1);
    let a1 = mech(&mut b, WARSAW_PACT, 5, 5);
    let a2 = mech(&mut b, WARSAW_PACT, 5, 5);
    let g = combat(b, WARSAW_PACT, &[(d, c), (a1, n[0]), (a2, n[1])]);
    let across = g.preview_attack(&[a1], &[d]).unwrap();
    assert_eq!(across.net_shift, -1);
    assert_eq!(across.shifts[0].case, "7.43");
    let mixed = g.preview_attack(&[a1, a2], &[d]).unwrap();
    assert_eq!(mixed.net_shift, 0);
}

#[test]
fn combat_8_62_no_hexside_benefit_against_artillery_alone() {
    let mut b = board();
    let c = hex("0505");
    let n = around(&b, c);
    b.side(c, n[0], SF::WATER);
    let d = mech(&mut b, NATO, 1, 1);
    let art = b.artillery(WARSAW_PACT, 6, 3, 4, 1, 6);
    let g = combat(b, WARSAW_PACT, &[(d, c), (art, n[0])]);
    let card = g.preview_attack(&[art], &[d]).unwrap();
    assert!(card.artillery_only);
    assert_eq!(card.net_shift, 0);
}

#[test]
fn combat_7_51_differentials_beyond_the_table_read_on_its_ends() {
    let mut b = board();
    let d = mech(&mut b, NATO, 1, 1);
    let a = mech(&mut b, WARSAW_PACT, 40, 9);
    let weak = mech(&mut b, WARSAW_PACT, 0, 1);
    let big = mech(&mut b, NATO, 1, 30);
    let g = combat(
        b,
        WARSAW_PACT,
        &[
            (d, hex("0505")),
            (a, hex("0506")),
            (weak, hex("0802")),
            (big, hex("0803")),
        ],
    );
    let cols = g.data.tables.crt_columns.len();
    assert_eq!(g.preview_attack(&[a], &[d]).unwrap().column, Some(cols - 1));
    assert_eq!(g.preview_attack(&[weak], &[big]).unwrap().column, Some(0));
}

// ---- [8.x] artillery ----------------------------------------------------------------------------

#[test]
fn combat_8_12_barrage_range_counts_the_target_hex_not_the_firing_hex() {
    let mut b = board();
    let c = hex("0505");
    let d = mech(&mut b, NATO, 1, 1);
    let near = b.artillery(WARSAW_PACT, 4, 2, 3, 1, 6);
    let far = b.artillery(WARSAW_PACT, 4, 2, 3, 1, 6);
    let h3 = at_distance(&b, c, 3);
    let h4 = (1..=10u8)
        .flat_map(|x| (1..=10u8).map(move |y| HexId::new(x, y)))
        .find(|&h| dist(&b, c, h) == 4 && dist(&b, h, h3) > 1)
        .unwrap();
    let mut g = combat(b, WARSAW_PACT, &[(d, c), (near, h3), (far, h4)]);
    // [8.11] a barrage is never owed.
    let mut owing = 0;
    g.must_attack(|_| owing += 1);
    assert_eq!(owing, 0);
    refused(&mut g, declare(&[far], &[d]), "8.12");
    ok(&mut g, declare(&[near], &[d]));
    let card = g.combat_card(0).unwrap();
    assert_eq!(card.barrage, 4);
    assert!(card.artillery_only);
}

#[test]
fn combat_8_15_artillery_alone_reads_only_d2_d3_d4_de() {
    let mut b = board();
    let c = hex("0505");
    let d = mech(&mut b, NATO, 1, 1);
    let art = b.artillery(WARSAW_PACT, 5, 2, 4, 1, 6);
    let h = at_distance(&b, c, 3);
    let mut g = combat(b, WARSAW_PACT, &[(d, c), (art, h)]);
    ok(&mut g, declare(&[art], &[d]));
    // +4: row 1 reads D2 on the stand-in table, row 5 would be Ex.
    let card = g.combat_card(0).unwrap();
    let res = card.results.unwrap();
    assert!(res.iter().all(|r| matches!(
        r,
        CombatResult::NoEffect
            | CombatResult::D2
            | CombatResult::D3
            | CombatResult::D4
            | CombatResult::De
    )));
    ok(&mut g, end_alloc());
    ok(&mut g, end_alloc());
    ok(&mut g, cmd(Command::Resolve { attack: 0 }));
    ok(&mut g, roll(6));
    settle(&mut g);
    assert_eq!(
        g.attacks().next().unwrap().1.result,
        Some(CombatResult::NoEffect)
    );
}

#[test]
fn combat_8_32_artillery_adjacent_to_an_enemy_may_not_barrage() {
    let mut b = board();
    let c = hex("0505");
    let d = mech(&mut b, NATO, 1, 1);
    let d2 = mech(&mut b, NATO, 1, 1);
    let art = b.artillery(WARSAW_PACT, 4, 2, 6, 1, 6);
    let g_hex = at_distance(&b, c, 3);
    let n = around(&b, g_hex);
    let mut g = combat(b, WARSAW_PACT, &[(d, c), (art, g_hex), (d2, n[0])]);
    refused(&mut g, declare(&[art], &[d]), "8.32");
    // It attacks its neighbour with its barrage strength instead [8.31].
    ok(&mut g, declare(&[art], &[d2]));
    assert_eq!(g.combat_card(0).unwrap().attack_known, 4);
}

#[test]
fn combat_8_22_combined_barrage_needs_range_to_one_defender_only() {
    let mut b = board();
    let c = hex("0505");
    let n = around(&b, c);
    let a = mech(&mut b, WARSAW_PACT, 3, 3);
    let d1 = mech(&mut b, NATO, 1, 1);
    let d2 = mech(&mut b, NATO, 1, 1);
    let art = b.artillery(WARSAW_PACT, 4, 2, 2, 1, 6);
    let spot = (1..=10u8)
        .flat_map(|x| (1..=10u8).map(move |y| HexId::new(x, y)))
        .find(|&h| dist(&b, h, n[0]) == 2 && dist(&b, h, n[3]) > 2 && dist(&b, h, c) > 1)
        .unwrap();
    let mut g = combat(
        b,
        WARSAW_PACT,
        &[(a, c), (d1, n[0]), (d2, n[3]), (art, spot)],
    );
    ok(&mut g, declare(&[a], &[d1, d2]));
    let mut cands = Vec::new();
    g.barrage_candidates(0, |u| cands.push(u));
    assert_eq!(cands, std::vec![art]);
    ok(&mut g, barrage(art, 0, false));
    assert_eq!(g.combat_card(0).unwrap().barrage, 4);
    let (_, at) = g.attacks().next().unwrap();
    assert_eq!(at.barrage[0].hex, n[0]);
}

#[test]
fn combat_8_13_a_barrage_alone_fires_on_a_single_hex() {
    let mut b = board();
    let d1 = mech(&mut b, NATO, 1, 1);
    let d2 = mech(&mut b, NATO, 1, 1);
    let art = b.artillery(WARSAW_PACT, 4, 2, 9, 1, 6);
    let mut g = combat(
        b,
        WARSAW_PACT,
        &[(d1, hex("0505")), (d2, hex("0506")), (art, hex("0509"))],
    );
    refused(&mut g, declare(&[art], &[d1, d2]), "8.13");
}

#[test]
fn combat_8_16_barrage_on_an_empty_hex_goes_to_collateral_only() {
    let mut b = board();
    let art = b.artillery(WARSAW_PACT, 4, 2, 9, 1, 6);
    let friend = mech(&mut b, WARSAW_PACT, 1, 1);
    let mut g = combat(b, WARSAW_PACT, &[(art, hex("0509")), (friend, hex("0202"))]);
    refused(
        &mut g,
        cmd(Command::BarrageHex {
            artillery: art,
            hex: hex("0202"),
            gas: false,
        }),
        "8.16",
    );
    ok(
        &mut g,
        cmd(Command::BarrageHex {
            artillery: art,
            hex: hex("0505"),
            gas: false,
        }),
    );
    // [9.0] air points attack only as part of a combined attack.
    g.state.turn_state.air_points = [0, 6];
    refused(&mut g, air_points(2), "9.0");
    ok(&mut g, end_alloc());
    ok(&mut g, end_alloc());
    ok(&mut g, cmd(Command::Resolve { attack: 0 }));
    settle(&mut g);
    // No combat die: the attack goes straight to the aftermath.
    let (_, a) = g.attacks().next().unwrap();
    assert!(a.resolved && a.die.is_none());
}

#[test]
fn combat_8_71_rocket_artillery_supports_only_its_own_division() {
    let mut b = board();
    let c = hex("0505");
    let d = mech(&mut b, NATO, 1, 1);
    let a = mech(&mut b, WARSAW_PACT, 3, 3);
    let rocket = b.artillery(WARSAW_PACT, 6, 0, 9, 1, 6);
    b.def_mut(rocket).kind = UnitKind::RocketArtillery;
    b.def_mut(rocket).formation = 0; // another division than the attacker's
    let mut g = combat(
        b,
        WARSAW_PACT,
        &[(d, c), (a, hex("0506")), (rocket, hex("0509"))],
    );
    refused(&mut g, declare(&[a, rocket], &[d]), "8.71");
    // Alone, the rocket battery may still bombard.
    ok(&mut g, declare(&[rocket], &[d]));
}

#[test]
fn combat_8_72_nato_artillery_supports_its_own_nationality_only() {
    let mut b = board();
    let c = hex("0505");
    let d = mech(&mut b, WARSAW_PACT, 1, 1);
    let a = mech(&mut b, NATO, 3, 3);
    b.def_mut(a).nationality = Nationality::British;
    let art = b.artillery(NATO, 6, 2, 9, 1, 6);
    let mut g = combat(b, NATO, &[(d, c), (a, hex("0506")), (art, hex("0509"))]);
    refused(&mut g, declare(&[a, art], &[d]), "8.72");
    ok(&mut g, declare(&[a], &[d]));
}

#[test]
fn combat_8_72_nato_fpf_only_for_its_own_nationality() {
    let mut b = board();
    let d = mech(&mut b, NATO, 1, 1);
    b.def_mut(d).nationality = Nationality::French;
    let a = mech(&mut b, WARSAW_PACT, 3, 3);
    let art = b.artillery(NATO, 6, 2, 9, 1, 6);
    let mut g = combat(
        b,
        WARSAW_PACT,
        &[(d, hex("0505")), (a, hex("0506")), (art, hex("0509"))],
    );
    ok(&mut g, declare(&[a], &[d]));
    ok(&mut g, end_alloc());
    refused(&mut g, fpf(art, 0, false), "8.72");
}

#[test]
fn combat_8_73_no_fpf_for_police_and_no_barrage_with_police_alone() {
    let mut b = board();
    let p = b.unit(NATO, UnitKind::Police, 1, 1, 6);
    let a = mech(&mut b, WARSAW_PACT, 3, 3);
    let art = b.artillery(NATO, 6, 2, 9, 1, 6);
    let mut g = combat(
        b,
        WARSAW_PACT,
        &[(p, hex("0505")), (a, hex("0506")), (art, hex("0509"))],
    );
    ok(&mut g, declare(&[a], &[p]));
    ok(&mut g, end_alloc());
    refused(&mut g, fpf(art, 0, false), "8.73");

    let mut b = board();
    let d = mech(&mut b, NATO, 1, 1);
    let p = b.unit(WARSAW_PACT, UnitKind::Police, 1, 1, 6);
    let art = b.artillery(WARSAW_PACT, 6, 2, 9, 1, 6);
    let mut g = combat(
        b,
        WARSAW_PACT,
        &[(d, hex("0505")), (p, hex("0506")), (art, hex("0509"))],
    );
    refused(&mut g, declare(&[p, art], &[d]), "8.73");
}

#[test]
fn combat_8_41_fpf_by_an_ineligible_battery_is_refused() {
    let mut b = board();
    let d = mech(&mut b, NATO, 1, 1);
    let a = mech(&mut b, WARSAW_PACT, 3, 3);
    let hurt = b.artillery(NATO, 6, 2, 9, 1, 6);
    let engaged = b.artillery(NATO, 6, 2, 9, 1, 6);
    let enemy = mech(&mut b, WARSAW_PACT, 1, 1);
    let good = b.artillery(NATO, 6, 2, 9, 1, 6);
    let mut g = combat(
        b,
        WARSAW_PACT,
        &[
            (d, hex("0505")),
            (a, hex("0506")),
            (hurt, hex("0509")),
            (engaged, hex("0202")),
            (enemy, hex("0203")),
            (good, hex("0809")),
        ],
    );
    // Adverse result in its previous Combat Phase: combat_begin rolls the mark over.
    g.state.units[hurt.0 as usize].set(flags::ADVERSE_RESULT);
    let mut ev = heapless::Vec::new();
    g.combat_begin(&mut ev).unwrap();
    ok(&mut g, declare(&[a], &[d]));
    ok(&mut g, declare(&[enemy], &[engaged]));
    ok(&mut g, end_alloc());
    refused(&mut g, fpf(hurt, 0, false), "8.41");
    // Attacked this phase (and in an enemy zone of control).
    refused(&mut g, fpf(engaged, 0, false), "8.41");
    let mut cands = Vec::new();
    g.fpf_candidates(0, |u| cands.push(u));
    assert_eq!(cands, std::vec![good]);
    ok(&mut g, fpf(good, 0, false));
    assert_eq!(g.combat_card(0).unwrap().fpf, 2);
    refused(&mut g, fpf(good, 1, false), "7.3");
}

#[test]
fn combat_8_42_fpf_range_is_counted_to_the_defended_unit() {
    let mut b = board();
    let c = hex("0505");
    let d = mech(&mut b, NATO, 1, 1);
    let a = mech(&mut b, WARSAW_PACT, 3, 3);
    let art = b.artillery(NATO, 6, 2, 3, 1, 6);
    let n = around(&b, c);
    // The attacker is within 3 of the battery, the defender is not.
    let spot = (1..=10u8)
        .flat_map(|x| (1..=10u8).map(move |y| HexId::new(x, y)))
        .find(|&h| dist(&b, h, n[0]) <= 3 && dist(&b, h, c) == 4)
        .unwrap();
    let mut g = combat(b, WARSAW_PACT, &[(d, c), (a, n[0]), (art, spot)]);
    ok(&mut g, declare(&[a], &[d]));
    ok(&mut g, end_alloc());
    refused(&mut g, fpf(art, 0, false), "8.42");
}

#[test]
fn combat_8_45_no_fpf_against_artillery_alone() {
    let mut b = board();
    let d = mech(&mut b, NATO, 1, 1);
    let wp_art = b.artillery(WARSAW_PACT, 6, 2, 9, 1, 6);
    let art = b.artillery(NATO, 6, 2, 9, 1, 6);
    let mut g = combat(
        b,
        WARSAW_PACT,
        &[(d, hex("0505")), (wp_art, hex("0509")), (art, hex("0801"))],
    );
    g.state.turn_state.air_points = [4, 4];
    ok(&mut g, declare(&[wp_art], &[d]));
    ok(&mut g, end_alloc());
    refused(&mut g, fpf(art, 0, false), "8.45");
    refused(&mut g, air_points(1), "8.45");
}

// ---- [9.x] airpower ---------------------------------------------------------------------------

#[test]
fn combat_9_0_air_points_join_combined_attacks_with_unlimited_range() {
    let (mut g, d, a) = duel((1, 1), (3, 3));
    g.state.turn_state.air_points = [2, 6];
    ok(&mut g, declare(&[a], &[d]));
    refused(&mut g, air_points(7), "9.1");
    ok(&mut g, air_points(4));
    assert_eq!(g.air_points_available(WARSAW_PACT), 2);
    ok(&mut g, end_alloc());
    ok(&mut g, air_points(2));
    let card = g.combat_card(0).unwrap();
    assert_eq!((card.air, card.fpf_air), (4, 2));
    assert_eq!(card.differential, Some(3 + 4 - 1 - 2));
}

#[test]
fn combat_8_74_air_points_support_non_police_units_only() {
    let mut b = board();
    let d = mech(&mut b, NATO, 1, 1);
    let p = b.unit(WARSAW_PACT, UnitKind::Police, 1, 1, 6);
    let mut g = combat(b, WARSAW_PACT, &[(d, hex("0505")), (p, hex("0506"))]);
    g.state.turn_state.air_points = [0, 6];
    ok(&mut g, declare(&[p], &[d]));
    refused(&mut g, air_points(1), "8.74");
}

#[test]
fn combat_16_11_no_air_points_at_night() {
    let mut b = board();
    let d = mech(&mut b, NATO, 1, 1);
    let a = mech(&mut b, WARSAW_PACT, 3, 3);
    let mut g = at_turn(b, WARSAW_PACT, 3, &[(d, hex("0505")), (a, hex("0506"))]);
    assert!(g.is_night());
    g.state.turn_state.air_points = [0, 6];
    ok(&mut g, declare(&[a], &[d]));
    refused(&mut g, air_points(1), "16.11");
}

// ---- [11.0] untried units ---------------------------------------------------------------------

#[test]
fn combat_11_0_untried_strengths_are_hidden_then_drawn_from_the_mix() {
    let mut b = board();
    let d = mech(&mut b, NATO, 2, 2);
    b.def_mut(d).untried = true;
    let a = mech(&mut b, WARSAW_PACT, 5, 5);
    let mut g = combat(b, WARSAW_PACT, &[(d, hex("0505")), (a, hex("0506"))]);
    let card = g.preview_attack(&[a], &[d]).unwrap();
    assert_eq!((card.defense_known, card.defense_untried), (0, 1));
    assert_eq!(card.differential, None);
    assert!(card.results.is_none());
    ok(&mut g, declare(&[a], &[d]));
    ok(&mut g, end_alloc());
    ok(&mut g, end_alloc());
    assert_eq!(g.combat_step(), CombatStep::Reveal);
    let Pending::DrawChit {
        cup, chits, case, ..
    } = g.pending()
    else {
        panic!("a draw is due");
    };
    assert_eq!((cup, case), ("mechanized", "11.0"));
    // The stand-in mechanized cup holds 60 + 40 chits: listed in proportion (29 + 19).
    let first = chits
        .iter()
        .filter(|c| {
            **c == Choice::Strength {
                attack: 5,
                defense: 4,
            }
        })
        .count();
    let second = chits
        .iter()
        .filter(|c| {
            **c == Choice::Strength {
                attack: 6,
                defense: 6,
            }
        })
        .count();
    assert!(first > second && second > 0);
    let left = g.state.untried_left.clone();
    let k = chits
        .iter()
        .position(|c| {
            *c == Choice::Strength {
                attack: 6,
                defense: 6,
            }
        })
        .unwrap();
    ok(&mut g, Input::Drew(k as u16));
    assert_eq!(g.state.units[d.0 as usize].revealed, Some((6, 6)));
    assert_eq!(g.state.untried_left[1], left[1] - 1);
    assert_eq!(g.state.untried_left[0], left[0]);
    assert_eq!(g.combat_card(0).unwrap().differential, Some(5 - 6));
    assert_eq!(g.combat_step(), CombatStep::Resolve);
}

#[test]
fn combat_11_0_an_emptied_cup_is_refilled() {
    let mut b = board();
    let d = b.unit(NATO, UnitKind::Paratroop, 0, 0, 6);
    b.def_mut(d).untried = true;
    let a = mech(&mut b, WARSAW_PACT, 5, 5);
    let mut g = combat(b, WARSAW_PACT, &[(d, hex("0505")), (a, hex("0506"))]);
    g.state.untried_left[4] = 0;
    ok(&mut g, declare(&[a], &[d]));
    ok(&mut g, end_alloc());
    ok(&mut g, end_alloc());
    let Pending::DrawChit { chits, .. } = g.pending() else {
        panic!()
    };
    assert_eq!(chits.len(), 12);
    ok(&mut g, Input::Drew(0));
    assert_eq!(g.state.untried_left[4], 11);
}

// ---- [14.32] supply ---------------------------------------------------------------------------

#[test]
fn combat_14_32_an_unsupplied_side_suffers_two_columns() {
    let mut b = board();
    // [21.35] 4: no Warsaw Pact supply before the priority roll.
    b.scenario_mut().rules.wp_supply_priority = true;
    let d = mech(&mut b, NATO, 1, 1);
    let a = mech(&mut b, WARSAW_PACT, 3, 3);
    let wd = mech(&mut b, WARSAW_PACT, 1, 1);
    let na = mech(&mut b, NATO, 3, 3);
    let g = combat(
        b,
        WARSAW_PACT,
        &[
            (d, hex("0505")),
            (a, hex("0506")),
            (wd, hex("0202")),
            (na, hex("0203")),
        ],
    );
    let card = g.preview_attack(&[a], &[d]).unwrap();
    assert_eq!(card.net_shift, -2);
    assert_eq!(card.shifts[0].case, "14.32");
    let mut g2 = g.clone();
    g2.state.phasing = NATO;
    let card = g2.preview_attack(&[na], &[wd]).unwrap();
    assert_eq!(card.net_shift, 2);
}

#[test]
fn combat_14_33_unsupplied_artillery_may_not_barrage() {
    let mut b = board();
    b.scenario_mut().rules.wp_supply_priority = true;
    let d = mech(&mut b, NATO, 1, 1);
    let art = b.artillery(WARSAW_PACT, 6, 2, 9, 1, 6);
    let mut g = combat(b, WARSAW_PACT, &[(d, hex("0505")), (art, hex("0509"))]);
    refused(&mut g, declare(&[art], &[d]), "14.33");
}

// ---- bonus shifts ------------------------------------------------------------------------------

#[test]
fn combat_19_11_honors_of_war_bonus_for_adjacent_combat_only() {
    let mut b = board();
    let d = mech(&mut b, NATO, 1, 1);
    let a = mech(&mut b, WARSAW_PACT, 3, 3);
    let art = b.artillery(WARSAW_PACT, 6, 2, 9, 1, 6);
    let mut g = combat(
        b,
        WARSAW_PACT,
        &[(d, hex("0505")), (a, hex("0506")), (art, hex("0509"))],
    );
    g.state.turn_state.bonus_side = Some(NATO);
    let card = g.preview_attack(&[a], &[d]).unwrap();
    assert_eq!(card.net_shift, -1);
    assert_eq!(card.shifts[0].case, "19.11");
    assert_eq!(g.preview_attack(&[art], &[d]).unwrap().net_shift, 0);
    g.state.turn_state.bonus_side = Some(WARSAW_PACT);
    assert_eq!(g.preview_attack(&[a], &[d]).unwrap().net_shift, 1);
}

#[test]
fn combat_21_15_warsaw_pact_first_turn_bonus_in_both_combat_phases() {
    let mut b = board();
    b.scenario_mut().rules.wp_first_turn_bonus_shifts = 2;
    let d = mech(&mut b, NATO, 1, 1);
    let a = mech(&mut b, WARSAW_PACT, 3, 3);
    let mut g = at_turn(b, WARSAW_PACT, 1, &[(d, hex("0505")), (a, hex("0506"))]);
    let card = g.preview_attack(&[a], &[d]).unwrap();
    assert_eq!((card.net_shift, card.shifts[0].case), (2, "21.15"));
    g.state.phasing = NATO;
    assert_eq!(g.preview_attack(&[d], &[a]).unwrap().net_shift, -2);
    g.state.turn = 2;
    assert_eq!(g.preview_attack(&[d], &[a]).unwrap().net_shift, 0);
}

#[test]
fn combat_21_25_nato_police_shift_in_their_favour() {
    let mut b = board();
    b.scenario_mut().rules.nato_police_bonus = true;
    let p = b.unit(NATO, UnitKind::Police, 1, 1, 6);
    let m = mech(&mut b, NATO, 3, 3);
    let a = mech(&mut b, WARSAW_PACT, 3, 3);
    let c = hex("0505");
    let n = around(&b, c);
    let mut g = combat(b, WARSAW_PACT, &[(a, c), (p, n[0]), (m, n[1])]);
    assert_eq!(g.preview_attack(&[a], &[p]).unwrap().net_shift, -1);
    assert_eq!(g.preview_attack(&[a], &[m]).unwrap().net_shift, 0);
    g.state.phasing = NATO;
    let card = g.preview_attack(&[p, m], &[a]).unwrap();
    assert_eq!((card.net_shift, card.shifts[0].case), (1, "21.25"));
}

// ---- [20.22] interdiction ----------------------------------------------------------------------

#[test]
fn combat_20_22_nato_artillery_interdicts_the_rail_line_instead_of_firing() {
    let mut b = board();
    b.feature(hex("0101"), HF::RAIL_LINE);
    let art = b.artillery(NATO, 6, 2, 3, 1, 6);
    let far = b.artillery(NATO, 6, 2, 3, 1, 6);
    let d = mech(&mut b, WARSAW_PACT, 1, 1);
    let mut g = combat(
        b,
        NATO,
        &[(art, hex("0202")), (far, hex("0909")), (d, hex("0404"))],
    );
    refused(&mut g, cmd(Command::Interdict { artillery: far }), "20.22");
    ok(&mut g, cmd(Command::Interdict { artillery: art }));
    assert!(g.state.turn_state.interdicted);
    refused(&mut g, declare(&[art], &[d]), "7.13");
}

// ---- [8.8] poison gas --------------------------------------------------------------------------

fn gas_game(option: bool) -> (Game<'static>, UnitId, UnitId, UnitId) {
    let mut b = board();
    let d = mech(&mut b, NATO, 1, 1);
    let a = mech(&mut b, WARSAW_PACT, 3, 3);
    let art = b.artillery(WARSAW_PACT, 6, 2, 9, 1, 6);
    let mut g = combat(
        b,
        WARSAW_PACT,
        &[(d, hex("0505")), (a, hex("0506")), (art, hex("0509"))],
    );
    g.state.options.poison_gas = option;
    (g, d, a, art)
}

#[test]
fn combat_8_8_gas_only_with_the_optional_rule() {
    let (mut g, d, a, art) = gas_game(false);
    ok(&mut g, declare(&[a], &[d]));
    refused(&mut g, barrage(art, 0, true), "8.8");
}

#[test]
fn combat_8_84_gas_marker_placed_at_once_and_shifts_two_columns_this_turn() {
    let (mut g, d, a, art) = gas_game(true);
    ok(&mut g, declare(&[a], &[d]));
    ok(&mut g, barrage(art, 0, true));
    assert!(g.markers(hex("0505")).has(Markers::GAS));
    assert_eq!(
        g.state.hexes[g.data.map.idx(hex("0505")).unwrap()].marker_turn,
        2
    );
    let card = g.combat_card(0).unwrap();
    assert!(card
        .shifts
        .iter()
        .any(|s| s.case == "8.84" && s.columns == 2));
    // [8.88] the gas battery's barrage counts as well.
    assert_eq!(card.barrage, 6);
    // [8.82] the attack may no longer be withdrawn.
    refused(&mut g, cmd(Command::Undeclare { attack: 0 }), "8.82");
    // [8.85] next Game-Turn: one column.
    g.state.turn = 3;
    let card = g.combat_card(0).unwrap();
    assert!(card
        .shifts
        .iter()
        .any(|s| s.case == "8.85" && s.columns == 1));
}

#[test]
fn combat_8_81_no_gas_into_a_gassed_hex_and_never_by_nato() {
    let (mut g, d, a, art) = gas_game(true);
    mark(&mut g, "0505", Markers::GAS);
    ok(&mut g, declare(&[a], &[d]));
    refused(&mut g, barrage(art, 0, true), "8.81");

    let mut b = board();
    let d = mech(&mut b, WARSAW_PACT, 1, 1);
    let art = b.artillery(NATO, 6, 2, 9, 1, 6);
    let mut g = combat(b, NATO, &[(d, hex("0505")), (art, hex("0509"))]);
    g.state.options.poison_gas = true;
    refused(
        &mut g,
        cmd(Command::BarrageHex {
            artillery: art,
            hex: hex("0202"),
            gas: true,
        }),
        "8.89",
    );
}

#[test]
fn combat_8_87_gas_fpf_on_own_units_helps_on_1_to_4() {
    for (die, shift) in [(3u8, -2i16), (5, 2)] {
        let mut b = board();
        let d = mech(&mut b, WARSAW_PACT, 1, 1);
        let a = mech(&mut b, NATO, 3, 3);
        let art = b.artillery(WARSAW_PACT, 6, 2, 9, 1, 6);
        let mut g = combat(
            b,
            NATO,
            &[(d, hex("0505")), (a, hex("0506")), (art, hex("0509"))],
        );
        g.state.options.poison_gas = true;
        ok(&mut g, declare(&[a], &[d]));
        ok(&mut g, end_alloc());
        ok(&mut g, fpf(art, 0, true));
        assert!(matches!(
            g.pending(),
            Pending::Roll {
                case: "8.87",
                player: WARSAW_PACT,
                ..
            }
        ));
        ok(&mut g, roll(die));
        assert_eq!(g.combat_card(0).unwrap().net_shift, shift);
    }
}

#[test]
fn combat_7_11_the_phase_ends_at_once_when_no_attack_is_owed() {
    let mut b = board();
    let d = mech(&mut b, NATO, 2, 2);
    let a = mech(&mut b, WARSAW_PACT, 4, 4);
    let mut g = combat(b, WARSAW_PACT, &[(d, hex("0303")), (a, hex("0304"))]);
    refused(&mut g, cmd(Command::EndCombat), "7.11");
    g.state.units[a.0 as usize].location = crate::core::units::Location::OnMap(hex("0808"));
    ok(&mut g, cmd(Command::EndCombat));
    assert_eq!(g.state.phasing, NATO);
}

#[test]
fn combat_8_5_attacked_artillery_defends_with_its_defense_strength() {
    let mut b = board();
    let art = b.artillery(NATO, 6, 4, 9, 2, 6);
    let a = mech(&mut b, WARSAW_PACT, 5, 5);
    let g = combat(b, WARSAW_PACT, &[(art, hex("0505")), (a, hex("0506"))]);
    let card = g.preview_attack(&[a], &[art]).unwrap();
    assert_eq!((card.defense_known, card.fpf), (2, 0));
    assert_eq!(card.differential, Some(3));
}

#[test]
fn combat_7_96_units_that_advanced_neither_attack_nor_are_attacked() {
    let (mut g, d, a) = duel((2, 2), (4, 4));
    g.state.units[a.0 as usize].set(flags::ADVANCED);
    refused(&mut g, declare(&[a], &[d]), "7.96");
    // Nor is an attack owed by or against it.
    ok(&mut g, cmd(Command::EndCombat));

    let (mut g, d, a) = duel((2, 2), (4, 4));
    g.state.units[d.0 as usize].set(flags::ADVANCED);
    refused(&mut g, declare(&[a], &[d]), "7.96");
}

#[test]
fn combat_7_82_displaced_artillery_that_had_not_fired_may_not_fire() {
    let mut b = board();
    let d = mech(&mut b, NATO, 1, 1);
    let a = mech(&mut b, WARSAW_PACT, 3, 3);
    let art = b.artillery(WARSAW_PACT, 6, 2, 9, 1, 6);
    let mut g = combat(
        b,
        WARSAW_PACT,
        &[(d, hex("0505")), (a, hex("0506")), (art, hex("0509"))],
    );
    g.state.units[art.0 as usize].set(flags::DISPLACED);
    ok(&mut g, declare(&[a], &[d]));
    refused(&mut g, barrage(art, 0, false), "7.82");
}

#[test]
fn combat_8_41_an_adverse_result_marks_the_unit_for_the_next_phase_only() {
    let mut b = board();
    let art = b.artillery(NATO, 6, 2, 9, 1, 6);
    let mut g = combat(b, WARSAW_PACT, &[(art, hex("0505"))]);
    g.state.units[art.0 as usize].set(flags::ADVERSE_RESULT | flags::ATTACKED);
    let mut ev = heapless::Vec::new();
    g.combat_begin(&mut ev).unwrap();
    let s = g.state.units[art.0 as usize];
    assert!(s.has(flags::ADVERSE_LAST_PHASE) && !s.has(flags::ADVERSE_RESULT | flags::ATTACKED));
    g.combat_begin(&mut ev).unwrap();
    assert!(!g.state.units[art.0 as usize].has(flags::ADVERSE_LAST_PHASE));
}

#[test]
fn combat_8_44_a_battery_giving_fpf_is_not_touched_by_the_result() {
    let mut b = board();
    let c = hex("0505");
    let d = mech(&mut b, NATO, 1, 1);
    let a = mech(&mut b, WARSAW_PACT, 12, 12);
    let art = b.artillery(NATO, 6, 2, 3, 1, 6);
    let n = around(&b, c);
    // Two hexes from the defender, out of every enemy zone of control [8.41].
    let spot = (1..=10u8)
        .flat_map(|x| (1..=10u8).map(move |y| HexId::new(x, y)))
        .find(|&h| dist(&b, h, c) == 2 && dist(&b, h, n[0]) >= 2)
        .unwrap();
    let mut g = combat(b, WARSAW_PACT, &[(d, c), (a, n[0]), (art, spot)]);
    ok(&mut g, declare(&[a], &[d]));
    ok(&mut g, end_alloc());
    ok(&mut g, fpf(art, 0, false));
    ok(&mut g, end_alloc());
    ok(&mut g, cmd(Command::Resolve { attack: 0 }));
    // 12 against 1 + 2 FPF is +9: the die decides the defender's fate, never the battery's.
    ok(&mut g, roll(1));
    settle(&mut g);
    assert_ne!(g.hex_of(d), Some(c), "the defender suffered the result");
    assert_eq!(g.hex_of(art), Some(spot), "the battery that gave FPF stays");
}
