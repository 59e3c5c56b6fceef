//! Combat results applied on small hand-made boards: `aftermath_begin` is called directly
//! with an [`AttackOutcome`], as the combat module does after its die roll.

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

// ---- results [7.6] ----------------------------------------------------------------------------

#[test]
fn aftermath_7_6_d2_defender_retreats_two_hexes_along_the_only_route() {
    let Corridor { b, def, att } = corridor();
    let mut g = Corridor { b, def, att }.game(&[]);
    let ev = begin(&mut g, &outcome(CombatResult::D2, &[att], &[def], &[]));
    assert_eq!(at(&g, def), Location::OnMap(hex("0507")));
    assert!(cites(&ev, "7.7"), "{ev:?}");
    // [7.91] the path: the combat position and the hex passed through.
    let p = &g.aftermath_paths()[0];
    assert_eq!(p.hexes.as_slice(), &[hex("0505"), hex("0506")]);
    // The victor is asked about an advance [7.96]: never forced.
    assert_eq!(options(&g), std::vec![Choice::Unit(att), Choice::Stop]);
}

#[test]
fn aftermath_7_92_7_96_advance_along_the_path_stopping_anywhere_and_flagged() {
    let Corridor { b, def, att } = corridor();
    let mut g = Corridor { b, def, att }.game(&[]);
    begin(&mut g, &outcome(CombatResult::D3, &[att], &[def], &[]));
    assert_eq!(at(&g, def), Location::OnMap(hex("0508")));
    pick(&mut g, Choice::Unit(att));
    assert_eq!(
        options(&g),
        std::vec![Choice::Hex(hex("0505")), Choice::Stop]
    );
    pick(&mut g, Choice::Hex(hex("0505")));
    // [7.95] only along the path; [7.92] may stop in any hex of it.
    assert_eq!(
        options(&g),
        std::vec![Choice::Hex(hex("0506")), Choice::Stop]
    );
    pick(&mut g, Choice::Hex(hex("0506")));
    pick(&mut g, Choice::Stop);
    assert_eq!(at(&g, att), Location::OnMap(hex("0506")));
    assert!(done(&g));
    // [7.96] the advanced unit may neither attack nor be attacked for the rest of the phase.
    assert!(g.state.units[att.0 as usize].has(flags::ADVANCED));
}

#[test]
fn aftermath_7_93_advance_ignores_enemy_zones_of_control() {
    let Corridor { b, def, att } = corridor();
    let mut g = Corridor { b, def, att }.game(&[]);
    begin(&mut g, &outcome(CombatResult::D2, &[att], &[def], &[]));
    // The retreated unit in 0507 controls 0506; the advancer enters it all the same.
    assert!(g.enemy_zoc(hex("0506"), WARSAW_PACT));
    pick(&mut g, Choice::Unit(att));
    pick(&mut g, Choice::Hex(hex("0505")));
    pick(&mut g, Choice::Hex(hex("0506")));
    assert_eq!(at(&g, att), Location::OnMap(hex("0506")));
}

#[test]
fn aftermath_7_6_de_7_99_attacker_may_enter_the_vacated_hex_and_must_stop() {
    let Corridor { b, def, att } = corridor();
    let mut g = Corridor { b, def, att }.game(&[]);
    let ev = begin(&mut g, &outcome(CombatResult::De, &[att], &[def], &[]));
    assert_eq!(at(&g, def), Location::Eliminated);
    assert!(cites(&ev, "7.6"));
    pick(&mut g, Choice::Unit(att));
    pick(&mut g, Choice::Hex(hex("0505")));
    // [7.99] no second hex.
    assert!(done(&g), "{:?}", g.pending());
    assert_eq!(at(&g, att), Location::OnMap(hex("0505")));
}

#[test]
fn aftermath_7_6_ae_attackers_eliminated_and_the_defender_may_advance() {
    let Corridor { b, def, att } = corridor();
    let mut g = Corridor { b, def, att }.game(&[]);
    begin(&mut g, &outcome(CombatResult::Ae, &[att], &[def], &[]));
    assert_eq!(at(&g, att), Location::Eliminated);
    // The defender's player is asked.
    match g.pending() {
        Pending::Choose { player, .. } => assert_eq!(player, NATO),
        p => panic!("{p:?}"),
    }
    pick(&mut g, Choice::Unit(def));
    pick(&mut g, Choice::Hex(hex("0504")));
    assert!(done(&g));
    assert_eq!(at(&g, def), Location::OnMap(hex("0504")));
}

#[test]
fn aftermath_7_6_ex_attacker_picks_losses_until_the_defence_is_matched() {
    let mut b = Board::new(10, 10);
    let def = b.unit(NATO, UnitKind::Mechanized, 4, 4, 6);
    let a1 = b.unit(WARSAW_PACT, UnitKind::Tank, 3, 3, 6);
    let a2 = b.unit(WARSAW_PACT, UnitKind::Tank, 2, 2, 6);
    let a3 = b.unit(WARSAW_PACT, UnitKind::Tank, 5, 5, 6);
    let arty = b.artillery(WARSAW_PACT, 8, 4, 6, 2, 4);
    let mut g = combat(
        b,
        WARSAW_PACT,
        &[
            (def, hex("0505")),
            (a1, hex("0504")),
            (a2, hex("0404")),
            (a3, hex("0604")),
            (arty, hex("0501")),
        ],
    );
    let (att, defs, arts) = ([a1, a2, a3], [def], [arty]);
    let mut o = outcome(CombatResult::Ex, &att, &defs, &[]);
    o.barrage_attackers = &arts;
    begin(&mut g, &o);
    assert_eq!(at(&g, def), Location::Eliminated);
    assert_eq!(
        options(&g),
        std::vec![Choice::Unit(a1), Choice::Unit(a2), Choice::Unit(a3)]
    );
    pick(&mut g, Choice::Unit(a2));
    // 2 of 4 lost: another unit must go.
    assert_eq!(options(&g), std::vec![Choice::Unit(a1), Choice::Unit(a3)]);
    pick(&mut g, Choice::Unit(a1));
    // 5 ≥ 4: the loss is complete; the survivor may advance into the vacated hex [7.99].
    assert_eq!(options(&g), std::vec![Choice::Unit(a3), Choice::Stop]);
    pick(&mut g, Choice::Stop);
    assert!(done(&g));
    assert_eq!(at(&g, a3), Location::OnMap(hex("0604")));
    // [7.6] Ex, [8.14] barraging artillery is never affected.
    assert_eq!(at(&g, arty), Location::OnMap(hex("0501")));
}

#[test]
fn aftermath_11_0_a_strength_of_zero_counts_one_in_an_exchange() {
    let mut b = Board::new(10, 10);
    let def = b.unit(NATO, UnitKind::Police, 0, 0, 8);
    let a1 = b.unit(WARSAW_PACT, UnitKind::Infantry, 0, 1, 6);
    let a2 = b.unit(WARSAW_PACT, UnitKind::Tank, 6, 5, 6);
    let mut g = combat(
        b,
        WARSAW_PACT,
        &[(def, hex("0505")), (a1, hex("0504")), (a2, hex("0404"))],
    );
    begin(&mut g, &outcome(CombatResult::Ex, &[a1, a2], &[def], &[]));
    pick(&mut g, Choice::Unit(a1));
    // The 0-strength unit paid the defence of 0 (counted as 1): no further loss.
    assert!(matches!(options(&g)[..], [Choice::Unit(u), Choice::Stop] if u == a2));
}

#[test]
fn aftermath_7_6_ax_defender_retreats_one_hex_then_the_attacker_loses() {
    let Corridor { mut b, def, att } = corridor();
    let a2 = b.unit(WARSAW_PACT, UnitKind::Tank, 2, 2, 6);
    // a2 sits south of the corridor, outside the walls.
    let mut g = Corridor { b, def, att }.game(&[(a2, hex("0503"))]);
    begin(&mut g, &outcome(CombatResult::Ax, &[att, a2], &[def], &[]));
    assert_eq!(at(&g, def), Location::OnMap(hex("0506")));
    // Defence 4 to lose: a2 (2) alone is not enough; the attacker chooses.
    assert_eq!(options(&g), std::vec![Choice::Unit(att), Choice::Unit(a2)]);
    pick(&mut g, Choice::Unit(att));
    assert_eq!(at(&g, att), Location::Eliminated);
    // 6 ≥ 4: done; a2 was not adjacent to the defender's hex, so no advance is offered.
    assert!(done(&g), "{:?}", g.pending());
}

#[test]
fn aftermath_7_6_br_the_defender_retreats_first_then_the_attacker() {
    let Corridor { mut b, def, att } = corridor();
    // A corridor south for the attacker too.
    wall(&mut b, hex("0504"), &[hex("0505"), hex("0503")]);
    let mut g = Corridor { b, def, att }.game(&[]);
    let ev = begin(&mut g, &outcome(CombatResult::Br, &[att], &[def], &[]));
    assert_eq!(at(&g, def), Location::OnMap(hex("0506")));
    assert_eq!(at(&g, att), Location::OnMap(hex("0503")));
    let order: Vec<_> = ev.iter().filter_map(|e| e.unit).collect();
    let d = order.iter().position(|&u| u == def).unwrap();
    let a = order.iter().position(|&u| u == att).unwrap();
    assert!(d < a, "defender first: {ev:?}");
    // Nobody won: no advance.
    assert!(done(&g));
}

#[test]
fn aftermath_7_6_a2_the_attacker_retreats_two_hexes() {
    let Corridor { mut b, def, att } = corridor();
    wall(&mut b, hex("0504"), &[hex("0505"), hex("0503")]);
    wall(&mut b, hex("0503"), &[hex("0504"), hex("0502")]);
    let mut g = Corridor { b, def, att }.game(&[]);
    begin(&mut g, &outcome(CombatResult::A2, &[att], &[def], &[]));
    assert_eq!(at(&g, att), Location::OnMap(hex("0502")));
    assert_eq!(at(&g, def), Location::OnMap(hex("0505")));
    assert!(done(&g));
}

// ---- retreats [7.7] ---------------------------------------------------------------------------

#[test]
fn aftermath_7_71_no_retreat_into_an_enemy_zone_of_control_even_beside_friends() {
    let Corridor { mut b, def, att } = corridor();
    let wp = b.unit(WARSAW_PACT, UnitKind::Infantry, 2, 2, 4);
    let friend = b.unit(NATO, UnitKind::Infantry, 2, 2, 4);
    // The Warsaw Pact unit in 0507 controls 0506; a NATO unit next to 0506 does not help.
    let mut g = Corridor { b, def, att }.game(&[(wp, hex("0507")), (friend, hex("0606"))]);
    let ev = begin(&mut g, &outcome(CombatResult::D1, &[att], &[def], &[]));
    assert_eq!(at(&g, def), Location::Eliminated);
    assert!(cites(&ev, "7.7"), "{ev:?}");
    // The unit was eliminated in place: the attacker may enter its hex [7.99].
    assert_eq!(g.aftermath_paths()[0].kind, PathKind::Eliminated);
}

#[test]
fn aftermath_7_72_no_retreat_across_a_bridge() {
    let mut b = Board::new(10, 10);
    wall(&mut b, hex("0505"), &[hex("0504"), hex("0506")]);
    b.side(hex("0505"), hex("0506"), SF::WATER | SF::BRIDGE);
    let def = b.unit(NATO, UnitKind::Mechanized, 4, 4, 6);
    let att = b.unit(WARSAW_PACT, UnitKind::Tank, 6, 5, 6);
    let mut g = combat(b, WARSAW_PACT, &[(def, hex("0505")), (att, hex("0504"))]);
    begin(&mut g, &outcome(CombatResult::D1, &[att], &[def], &[]));
    assert_eq!(at(&g, def), Location::Eliminated);
}

#[test]
fn aftermath_7_74_a_partial_retreat_is_eliminated_in_the_last_hex() {
    let Corridor { mut b, def, att } = corridor();
    // Close the corridor beyond 0507.
    b.side(hex("0507"), hex("0508"), SF::WATER);
    let mut g = Corridor { b, def, att }.game(&[]);
    let ev = begin(&mut g, &outcome(CombatResult::D3, &[att], &[def], &[]));
    assert_eq!(at(&g, def), Location::Eliminated);
    let e = ev.iter().find(|e| e.case == "7.74").expect("7.74 event");
    assert_eq!(e.hex, Some(hex("0507")));
    // The path ends in the hex of elimination [7.74]: the advance may reach it.
    let p = &g.aftermath_paths()[0];
    assert_eq!(p.hexes.as_slice(), &[hex("0505"), hex("0506"), hex("0507")]);
}

#[test]
fn aftermath_7_75_a_retreat_may_end_early_in_an_urban_hex() {
    let Corridor { mut b, def, att } = corridor();
    b.terrain(hex("0506"), URBAN);
    let mut g = Corridor { b, def, att }.game(&[]);
    begin(&mut g, &outcome(CombatResult::D3, &[att], &[def], &[]));
    // Forced into 0506; there the owner may stop or go on.
    assert_eq!(at(&g, def), Location::OnMap(hex("0506")));
    assert_eq!(
        options(&g),
        std::vec![Choice::Hex(hex("0507")), Choice::Stop]
    );
    match g.pending() {
        Pending::Choose {
            purpose, player, ..
        } => {
            assert_eq!(purpose, "retreat: 2nd hex of 3");
            assert_eq!(player, NATO);
        }
        p => panic!("{p:?}"),
    }
    let ev = pick(&mut g, Choice::Stop);
    assert!(cites(&ev, "7.75"));
    assert_eq!(at(&g, def), Location::OnMap(hex("0506")));
}

#[test]
fn aftermath_7_75_an_urban_hex_saves_a_retreat_that_cannot_be_completed() {
    let Corridor { mut b, def, att } = corridor();
    b.terrain(hex("0506"), URBAN);
    b.side(hex("0506"), hex("0507"), SF::WATER);
    let mut g = Corridor { b, def, att }.game(&[]);
    begin(&mut g, &outcome(CombatResult::D3, &[att], &[def], &[]));
    // The only way on is blocked: the unit stops in the urban hex instead of dying.
    assert_eq!(at(&g, def), Location::OnMap(hex("0506")));
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

#[test]
fn aftermath_7_76_they_shall_not_pass_holds_on_a_roll_above_the_retreat() {
    let Corridor { mut b, def, att } = corridor();
    supplied(&mut b);
    let mut g = Corridor { b, def, att }.game(&[]);
    assert!(g.in_supply(def));
    begin(&mut g, &outcome(CombatResult::D2, &[att], &[def], &[]));
    assert_eq!(
        options(&g),
        std::vec![Choice::Hex(hex("0506")), Choice::TheyShallNotPass]
    );
    pick(&mut g, Choice::TheyShallNotPass);
    assert!(matches!(g.pending(), Pending::Roll { case: "7.76", .. }));
    let ev = roll(&mut g, 3);
    assert!(cites(&ev, "7.76"));
    assert_eq!(at(&g, def), Location::OnMap(hex("0505")));
    // Nothing was vacated: no advance.
    assert!(done(&g));
}

#[test]
fn aftermath_7_76_they_shall_not_pass_destroys_on_a_roll_up_to_the_retreat() {
    let Corridor { mut b, def, att } = corridor();
    supplied(&mut b);
    let mut g = Corridor { b, def, att }.game(&[]);
    begin(&mut g, &outcome(CombatResult::D2, &[att], &[def], &[]));
    pick(&mut g, Choice::TheyShallNotPass);
    roll(&mut g, 2);
    assert_eq!(at(&g, def), Location::Eliminated);
}

#[test]
fn aftermath_7_76_an_unsupplied_unit_may_not_stand() {
    let Corridor { b, def, att } = corridor();
    let mut b = b;
    // A second route so the retreat is a real choice.
    b.side(hex("0505"), hex("0605"), 0);
    let g0 = Corridor { b, def, att };
    let mut g = g0.game(&[]);
    assert!(!g.in_supply(def));
    begin(&mut g, &outcome(CombatResult::D2, &[att], &[def], &[]));
    // Forced along the corridor, TSNP never offered.
    assert_eq!(at(&g, def), Location::OnMap(hex("0507")));
}

#[test]
fn aftermath_7_76_example_one_unit_stands_and_the_other_retreats() {
    // Two NATO attackers must retreat (A1); each decides in turn.
    let mut b = Board::new(10, 10);
    supplied(&mut b);
    let wp = b.unit(WARSAW_PACT, UnitKind::Tank, 6, 6, 6);
    let n1 = b.unit(NATO, UnitKind::Mechanized, 4, 4, 6);
    let n2 = b.unit(NATO, UnitKind::Mechanized, 4, 4, 6);
    let mut g = combat(
        b,
        NATO,
        &[(wp, hex("0506")), (n1, hex("0505")), (n2, hex("0405"))],
    );
    assert!(g.in_supply(n1) && g.in_supply(n2));
    begin(&mut g, &outcome(CombatResult::A1, &[n1, n2], &[wp], &[]));
    assert_eq!(options(&g), std::vec![Choice::Unit(n1), Choice::Unit(n2)]);
    pick(&mut g, Choice::Unit(n1));
    assert!(options(&g).contains(&Choice::TheyShallNotPass));
    pick(&mut g, Choice::TheyShallNotPass);
    // The first unit's stand is settled before the second unit's retreat is asked.
    assert!(matches!(g.pending(), Pending::Roll { .. }));
    roll(&mut g, 6);
    assert_eq!(at(&g, n1), Location::OnMap(hex("0505")));
    let o = options(&g);
    let Some(Choice::Hex(h)) = o.iter().find(|c| matches!(c, Choice::Hex(_))).copied() else {
        panic!("{o:?}");
    };
    pick(&mut g, Choice::Hex(h));
    assert_eq!(at(&g, n2), Location::OnMap(h));
    assert!(done(&g));
}

// ---- displacement [7.8] -----------------------------------------------------------------------

#[test]
fn aftermath_7_73_7_81_a_chain_of_displacements_only_when_no_vacant_route() {
    let Corridor { mut b, def, att } = corridor();
    let f1 = b.unit(NATO, UnitKind::Infantry, 2, 2, 4);
    let f2 = b.unit(NATO, UnitKind::Infantry, 2, 2, 4);
    let mut g = Corridor { b, def, att }.game(&[(f1, hex("0506")), (f2, hex("0507"))]);
    let ev = begin(&mut g, &outcome(CombatResult::D1, &[att], &[def], &[]));
    // f2 makes room for f1, f1 for the retreating unit.
    assert_eq!(at(&g, f2), Location::OnMap(hex("0508")));
    assert_eq!(at(&g, f1), Location::OnMap(hex("0507")));
    assert_eq!(at(&g, def), Location::OnMap(hex("0506")));
    assert!(cites(&ev, "7.81"));
    // [7.82] displaced units are marked (displaced artillery may not fire this phase).
    assert!(g.state.units[f1.0 as usize].has(flags::DISPLACED));
    assert!(g.state.units[f2.0 as usize].has(flags::DISPLACED));
    assert!(!g.state.units[def.0 as usize].has(flags::DISPLACED));
}

#[test]
fn aftermath_7_73_a_vacant_route_is_taken_before_displacing() {
    let Corridor { mut b, def, att } = corridor();
    // A second, vacant exit from 0505.
    let f1 = b.unit(NATO, UnitKind::Infantry, 2, 2, 4);
    let g0 = {
        let mut b = b;
        let d = b
            .data
            .map
            .geometry
            .side_between(hex("0505"), hex("0605"))
            .unwrap();
        b.data.map.side_mut(d).unwrap().0 = 0;
        Corridor { b, def, att }
    };
    let mut g = g0.game(&[(f1, hex("0506"))]);
    begin(&mut g, &outcome(CombatResult::D1, &[att], &[def], &[]));
    assert_eq!(at(&g, def), Location::OnMap(hex("0605")));
    assert_eq!(at(&g, f1), Location::OnMap(hex("0506")));
}

#[test]
fn aftermath_7_82_a_displacement_that_would_eliminate_kills_the_retreating_unit() {
    let Corridor { mut b, def, att } = corridor();
    // f1 in 0506 can go nowhere: the corridor is shut behind it.
    b.side(hex("0506"), hex("0507"), SF::WATER);
    let f1 = b.unit(NATO, UnitKind::Infantry, 2, 2, 4);
    let mut g = Corridor { b, def, att }.game(&[(f1, hex("0506"))]);
    begin(&mut g, &outcome(CombatResult::D1, &[att], &[def], &[]));
    assert_eq!(at(&g, def), Location::Eliminated);
    assert_eq!(at(&g, f1), Location::OnMap(hex("0506")));
}

#[test]
fn aftermath_7_83_a_unit_in_an_unresolved_attack_is_not_displaced() {
    let Corridor { mut b, def, att } = corridor();
    let f1 = b.unit(NATO, UnitKind::Infantry, 2, 2, 4);
    let other = b.unit(WARSAW_PACT, UnitKind::Infantry, 2, 2, 4);
    let mut g = Corridor { b, def, att }.game(&[(f1, hex("0506")), (other, hex("0606"))]);
    // f1 is the defender of another announced attack, not yet resolved.
    let mut pending = crate::berlin85::combat::DeclaredAttack::default();
    pending.attackers.push(other).unwrap();
    pending.defenders.push(f1).unwrap();
    g.state.combat.attacks.push(pending).unwrap();
    assert!(g.in_unresolved_attack(f1));
    begin(&mut g, &outcome(CombatResult::D1, &[att], &[def], &[]));
    assert_eq!(at(&g, def), Location::Eliminated);
    assert_eq!(at(&g, f1), Location::OnMap(hex("0506")));
}

#[test]
fn aftermath_7_81_the_owner_moves_the_displaced_unit() {
    let Corridor { mut b, def, att } = corridor();
    let f1 = b.unit(NATO, UnitKind::Infantry, 2, 2, 4);
    // f1 in 0506 may leave by 0507 or by 0606.
    let d = b
        .data
        .map
        .geometry
        .side_between(hex("0506"), hex("0606"))
        .unwrap();
    b.data.map.side_mut(d).unwrap().0 = 0;
    let mut g = Corridor { b, def, att }.game(&[(f1, hex("0506"))]);
    begin(&mut g, &outcome(CombatResult::D1, &[att], &[def], &[]));
    match g.pending() {
        Pending::Choose {
            player,
            case,
            options,
            ..
        } => {
            assert_eq!((player, case), (NATO, "7.81"));
            assert!(options.contains(&Choice::Hex(hex("0606"))));
            assert!(options.contains(&Choice::Hex(hex("0507"))));
        }
        p => panic!("{p:?}"),
    }
    assert_eq!(g.aftermath_subject(), Some(f1));
    pick(&mut g, Choice::Hex(hex("0606")));
    assert_eq!(at(&g, f1), Location::OnMap(hex("0606")));
    assert_eq!(at(&g, def), Location::OnMap(hex("0506")));
}

#[test]
fn aftermath_5_17_west_berlin_police_forced_out_of_west_berlin_are_eliminated() {
    let Corridor { mut b, def: _, att } = corridor();
    let police = b.unit(NATO, UnitKind::Police, 1, 2, 8);
    b.region(hex("0505"), Region::WestBerlin);
    // 0506 is outside West Berlin (East Germany by default).
    let mut g = combat(b, WARSAW_PACT, &[(police, hex("0505")), (att, hex("0504"))]);
    let ev = begin(&mut g, &outcome(CombatResult::D1, &[att], &[police], &[]));
    assert_eq!(at(&g, police), Location::Eliminated);
    assert!(cites(&ev, "5.17"), "{ev:?}");
}

// ---- advance after a failed stand [7.98] ------------------------------------------------------

#[test]
fn aftermath_7_98_a_failed_stand_lets_the_attacker_advance_two_hexes() {
    let Corridor { mut b, def, att } = corridor();
    supplied(&mut b);
    let mut g = Corridor { b, def, att }.game(&[]);
    begin(&mut g, &outcome(CombatResult::D2, &[att], &[def], &[]));
    pick(&mut g, Choice::TheyShallNotPass);
    roll(&mut g, 1);
    assert_eq!(at(&g, def), Location::Eliminated);
    pick(&mut g, Choice::Unit(att));
    pick(&mut g, Choice::Hex(hex("0505")));
    // Then any adjacent hex the unit could enter, not only the way the unit would have
    // retreated (water hexsides can be crossed by normal movement).
    let o = options(&g);
    assert!(o.contains(&Choice::Hex(hex("0506"))) && o.contains(&Choice::Hex(hex("0605"))));
    assert!(o.contains(&Choice::Stop));
    pick(&mut g, Choice::Hex(hex("0506")));
    assert!(done(&g));
    assert_eq!(at(&g, att), Location::OnMap(hex("0506")));
}

#[test]
fn aftermath_7_94_police_and_units_that_stood_do_not_advance() {
    let Corridor { mut b, def, att } = corridor();
    b.def_mut(att).kind = UnitKind::Police;
    let mut g = Corridor { b, def, att }.game(&[]);
    begin(&mut g, &outcome(CombatResult::De, &[att], &[def], &[]));
    assert!(done(&g));
}

// ---- collateral damage [10.0] -----------------------------------------------------------------

#[test]
fn aftermath_10_12_one_roll_for_two_hexes_read_on_their_own_rows() {
    let mut b = Board::new(10, 10);
    b.terrain(hex("0505"), URBAN);
    b.terrain(hex("0605"), crate::berlin85::testkit::PARK);
    let d1 = b.unit(NATO, UnitKind::Infantry, 2, 2, 4);
    let d2 = b.unit(NATO, UnitKind::Infantry, 2, 2, 4);
    let mut g = combat(b, WARSAW_PACT, &[(d1, hex("0505")), (d2, hex("0605"))]);
    // Stand-in table: urban thresholds 6, 10 …; park 12, 16 …; damage when die + column ≥ 5.
    let fire = [(hex("0505"), 10), (hex("0605"), 12)];
    begin(
        &mut g,
        &outcome(CombatResult::NoEffect, &[], &[d1, d2], &fire),
    );
    assert!(matches!(g.pending(), Pending::Roll { case: "10.0", .. }));
    roll(&mut g, 4);
    assert!(done(&g), "a single roll for both hexes");
    assert!(g.markers(hex("0505")).has(Markers::RUIN));
    assert!(!g.markers(hex("0605")).has(Markers::RUIN));
}

#[test]
fn aftermath_10_2_only_listed_terrain_and_enough_fire_are_checked() {
    let mut b = Board::new(10, 10);
    b.terrain(hex("0605"), URBAN);
    let d1 = b.unit(NATO, UnitKind::Infantry, 2, 2, 4);
    let mut g = combat(b, WARSAW_PACT, &[(d1, hex("0505"))]);
    // Clear terrain, any strength; urban below its first threshold: no roll.
    let fire = [(hex("0505"), 40), (hex("0605"), 5)];
    begin(&mut g, &outcome(CombatResult::NoEffect, &[], &[d1], &fire));
    assert!(done(&g));
}

#[test]
fn aftermath_10_4_a_ruined_hex_is_never_checked_again() {
    let mut b = Board::new(10, 10);
    b.terrain(hex("0505"), URBAN);
    let d1 = b.unit(NATO, UnitKind::Infantry, 2, 2, 4);
    let mut g = combat(b, WARSAW_PACT, &[(d1, hex("0505"))]);
    ruin(&mut g, "0505");
    let fire = [(hex("0505"), 40)];
    begin(&mut g, &outcome(CombatResult::NoEffect, &[], &[d1], &fire));
    assert!(done(&g));
}

#[test]
fn aftermath_8_16_a_barrage_on_an_empty_hex_only_checks_collateral() {
    let mut b = Board::new(10, 10);
    b.terrain(hex("0505"), URBAN);
    let mut g = combat(b, WARSAW_PACT, &[]);
    let fire = [(hex("0505"), 30)];
    begin(&mut g, &outcome(CombatResult::NoEffect, &[], &[], &fire));
    roll(&mut g, 6);
    assert!(g.markers(hex("0505")).has(Markers::RUIN));
}

#[test]
fn aftermath_10_71_a_pol_firestorm_destroys_occupants_and_the_unit_that_retreated_out() {
    let Corridor { mut b, def, att } = corridor();
    b.terrain(hex("0505"), URBAN);
    b.feature(hex("0505"), HF::POL);
    let mut g = Corridor { b, def, att }.game(&[]);
    let fire = [(hex("0505"), 30)];
    begin(&mut g, &outcome(CombatResult::D1, &[att], &[def], &fire));
    assert_eq!(at(&g, def), Location::OnMap(hex("0506")));
    pick(&mut g, Choice::Stop); // no advance
    let ev = roll(&mut g, 6);
    assert!(g.markers(hex("0505")).has(Markers::FIRE));
    assert!(!g.markers(hex("0505")).has(Markers::RUIN));
    assert_eq!(at(&g, def), Location::Eliminated);
    assert!(cites(&ev, "10.71"));
    assert!(done(&g));
}

#[test]
fn aftermath_10_71_units_in_a_burning_pol_hex_are_eliminated() {
    let mut b = Board::new(10, 10);
    b.terrain(hex("0505"), URBAN);
    b.feature(hex("0505"), HF::POL);
    let d1 = b.unit(NATO, UnitKind::Infantry, 2, 2, 4);
    let mut g = combat(b, WARSAW_PACT, &[(d1, hex("0505"))]);
    let fire = [(hex("0505"), 30)];
    begin(&mut g, &outcome(CombatResult::NoEffect, &[], &[d1], &fire));
    roll(&mut g, 6);
    assert_eq!(at(&g, d1), Location::Eliminated);
}

#[test]
fn aftermath_10_72_no_retreat_into_a_burning_hex() {
    let Corridor { b, def, att } = corridor();
    let mut g = Corridor { b, def, att }.game(&[]);
    mark(&mut g, "0506", Markers::FIRE);
    begin(&mut g, &outcome(CombatResult::D1, &[att], &[def], &[]));
    assert_eq!(at(&g, def), Location::Eliminated);
}

#[test]
fn aftermath_7_6_every_choice_offers_real_hexes_and_refuses_bad_input() {
    let Corridor { mut b, def, att } = corridor();
    b.terrain(hex("0506"), URBAN);
    let mut g = Corridor { b, def, att }.game(&[]);
    begin(&mut g, &outcome(CombatResult::D3, &[att], &[def], &[]));
    for c in options(&g) {
        if let Choice::Hex(h) = c {
            assert!(g.data.map.idx(h).is_some());
        }
    }
    let before = g.state.clone();
    assert!(g.apply(&Input::Chose(9)).is_err());
    assert!(g.apply(&Input::Rolled(DiceRoll::of(&[3]))).is_err());
    assert_eq!(g.state, before);
    assert_eq!(g.aftermath_subject(), Some(def));
}

#[test]
fn aftermath_7_6_handed_over_by_the_combat_phase_after_the_die() {
    use crate::berlin85::command::Command;
    let Corridor { b, def, att } = corridor();
    let mut g = Corridor { b, def, att }.game(&[]);
    let cmd = |c: Command| Input::Command(c);
    g.apply(&cmd(Command::Declare {
        attackers: heapless::Vec::from_slice(&[att]).unwrap(),
        defenders: heapless::Vec::from_slice(&[def]).unwrap(),
    }))
    .unwrap();
    g.apply(&cmd(Command::EndAllocation)).unwrap();
    g.apply(&cmd(Command::EndAllocation)).unwrap();
    g.apply(&cmd(Command::Resolve { attack: 0 })).unwrap();
    // 6 against 4 in the clear is +2: a 1 reads D2 on the stand-in table.
    roll(&mut g, 1);
    assert_eq!(g.state.aftermath.result, Some(CombatResult::D2));
    assert_eq!(at(&g, def), Location::OnMap(hex("0507")));
    assert!(matches!(
        g.combat_step(),
        crate::berlin85::combat::CombatStep::Aftermath
    ));
    pick(&mut g, Choice::Unit(att));
    pick(&mut g, Choice::Hex(hex("0505")));
    pick(&mut g, Choice::Stop);
    assert!(done(&g));
    assert!(matches!(g.pending(), Pending::Command { .. }));
}

#[test]
fn aftermath_7_76_a_cornered_unit_in_supply_may_stand_or_accept_elimination() {
    let Corridor { mut b, def, att } = corridor();
    supplied(&mut b);
    b.side(hex("0505"), hex("0506"), SF::WATER);
    let mut g = Corridor { b, def, att }.game(&[]);
    begin(&mut g, &outcome(CombatResult::D1, &[att], &[def], &[]));
    assert_eq!(
        options(&g),
        std::vec![Choice::TheyShallNotPass, Choice::Stop]
    );
    let ev = pick(&mut g, Choice::Stop);
    assert_eq!(at(&g, def), Location::Eliminated);
    assert!(cites(&ev, "7.7"));
}

#[test]
fn aftermath_8_33_adjacent_artillery_suffers_the_result() {
    let Corridor { mut b, def, att } = corridor();
    wall(&mut b, hex("0504"), &[hex("0505"), hex("0503")]);
    b.def_mut(att).kind = UnitKind::Artillery;
    let mut g = Corridor { b, def, att }.game(&[]);
    begin(&mut g, &outcome(CombatResult::A1, &[att], &[def], &[]));
    assert_eq!(at(&g, att), Location::OnMap(hex("0503")));
}

// ---- only through hexes the unit could enter in its Movement Phase [7.6] ----------------------

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

fn eliminated_citing(ev: &[Event], u: UnitId, case: &str) -> bool {
    ev.iter().any(|e| e.unit == Some(u) && e.case == case)
}

#[test]
fn aftermath_7_6_police_never_retreat_through_a_lake_5_26() {
    // West Berlin police (8 MP) could pay the 5 MP into the lake but never the 5 MP out.
    let LakeBehind { b, def, att } = lake_behind(UnitKind::Police, 8);
    let mut g = LakeBehind { b, def, att }.game(1, &[]);
    let ev = begin(&mut g, &outcome(CombatResult::D2, &[att], &[def], &[]));
    assert_eq!(at(&g, def), Location::Eliminated);
    assert!(eliminated_citing(&ev, def, "7.6"), "{ev:?}");
    // Eliminated where it stood: the lake was never entered.
    assert_eq!(g.aftermath_paths()[0].kind, PathKind::Eliminated);
    assert_eq!(g.aftermath_paths()[0].hexes.as_slice(), &[hex("0505")]);
}

#[test]
fn aftermath_7_6_a_unit_that_can_pay_for_the_lake_still_retreats_across_it() {
    // 0606 beyond the lake is forest (2 MP): out of the lake into it costs 6 MP.
    for (movement, beyond) in [
        (12, std::vec![hex("0507"), hex("0606"), hex("0406")]),
        // 10 MP: 5 in and 5 out into the clear, but 11 into the forest.
        (10, std::vec![hex("0507"), hex("0406")]),
    ] {
        let LakeBehind { mut b, def, att } = lake_behind(UnitKind::Mechanized, movement);
        b.terrain(hex("0606"), FOREST);
        let mut g = LakeBehind { b, def, att }.game(1, &[]);
        begin(&mut g, &outcome(CombatResult::D2, &[att], &[def], &[]));
        // Into the lake (the only way), then the owner picks a hex beyond it.
        assert_eq!(at(&g, def), Location::OnMap(hex("0506")), "{movement} MP");
        let hexes: Vec<Choice> = beyond.iter().map(|&h| Choice::Hex(h)).collect();
        assert_eq!(options(&g), hexes, "{movement} MP");
        pick(&mut g, Choice::Hex(hex("0507")));
        assert_eq!(at(&g, def), Location::OnMap(hex("0507")));
        let p = &g.aftermath_paths()[0];
        assert_eq!(p.hexes.as_slice(), &[hex("0505"), hex("0506")]);
    }
}

#[test]
fn aftermath_7_6_5_16_16_21_unsupplied_or_at_night_no_retreat_across_a_lake_it_cannot_pay_for() {
    // 12 MP pay for the lake (10 MP); halved out of supply (6 MP) or at night (costs doubled:
    // 20 MP) they do not, and the unit is eliminated rather than led through it.
    for (unsupplied, turn) in [(true, 1), (false, 3)] {
        let LakeBehind { b, def, att } = lake_behind(UnitKind::Mechanized, 12);
        let mut g = LakeBehind { b, def, att }.game(turn, &[]);
        if unsupplied {
            g.state.units[def.0 as usize].set(flags::UNSUPPLIED_AT_START);
        }
        assert_eq!(g.is_night(), turn == 3);
        let ev = begin(&mut g, &outcome(CombatResult::D2, &[att], &[def], &[]));
        assert_eq!(
            at(&g, def),
            Location::Eliminated,
            "unsupplied {unsupplied}, turn {turn}"
        );
        assert!(eliminated_citing(&ev, def, "7.6"), "{ev:?}");
    }
}

#[test]
fn aftermath_7_6_5_16_16_21_no_retreat_into_a_hex_the_unit_cannot_pay_for() {
    // Two ways out of 0505: the forest in 0506 (2 MP) and the clear 0605 (1 MP). At night every
    // cost doubles; the defender (6 MP) began its Movement Phase out of supply: 3 MP.
    let Corridor { mut b, def, att } = corridor();
    b.terrain(hex("0506"), FOREST);
    let d = b
        .data
        .map
        .geometry
        .side_between(hex("0505"), hex("0605"))
        .unwrap();
    b.data.map.side_mut(d).unwrap().0 = 0;
    let placed = [(def, hex("0505")), (att, hex("0504"))];
    let mut g = b.game(Phase::Combat, WARSAW_PACT, 3, &placed);
    g.state.units[def.0 as usize].set(flags::UNSUPPLIED_AT_START);
    assert!(g.is_night());
    let ev = begin(&mut g, &outcome(CombatResult::D1, &[att], &[def], &[]));
    // The forest (4 MP tonight) is no way out; the clear hex (2 MP) is the only one.
    assert_eq!(at(&g, def), Location::OnMap(hex("0605")), "{ev:?}");
}

#[test]
fn aftermath_7_74_5_26_a_retreat_may_not_end_in_a_lake() {
    // One hex to go and the lake the only way: the unit may enter it but not stop there.
    let LakeBehind { b, def, att } = lake_behind(UnitKind::Mechanized, 12);
    let mut g = LakeBehind { b, def, att }.game(1, &[]);
    let ev = begin(&mut g, &outcome(CombatResult::D1, &[att], &[def], &[]));
    assert_eq!(at(&g, def), Location::Eliminated);
    assert!(eliminated_citing(&ev, def, "5.26"), "{ev:?}");
}

// ---- rulings (docs/rules/berlin85.md, "Rulings") ----------------------------------------------

#[test]
fn aftermath_6_14_ruling_no_zone_of_control_across_a_lake_shore() {
    // A Warsaw Pact unit on the lake's shore in 0605: it controls 0606 across a land hexside,
    // but not the lake across its shore, so the retreat crosses the lake beside it.
    let LakeBehind { mut b, def, att } = lake_behind(UnitKind::Mechanized, 12);
    let shore = b.unit(WARSAW_PACT, UnitKind::Infantry, 2, 2, 4);
    let mut g = LakeBehind { b, def, att }.game(1, &[(shore, hex("0605"))]);
    assert!(!g.enemy_zoc(hex("0506"), NATO));
    assert!(g.enemy_zoc(hex("0606"), NATO));
    begin(&mut g, &outcome(CombatResult::D2, &[att], &[def], &[]));
    assert_eq!(at(&g, def), Location::OnMap(hex("0506")));
    assert_eq!(
        options(&g),
        std::vec![Choice::Hex(hex("0507")), Choice::Hex(hex("0406"))]
    );
}

#[test]
fn aftermath_7_92_5_26_ruling_an_advance_never_stops_in_a_lake() {
    // D3 across the lake: the path is 0505, the lake, 0507. The advance may go through the
    // lake but is not offered Stop in it.
    let LakeBehind { b, def, att } = lake_behind(UnitKind::Mechanized, 12);
    let mut g = LakeBehind { b, def, att }.game(1, &[]);
    begin(&mut g, &outcome(CombatResult::D3, &[att], &[def], &[]));
    pick(&mut g, Choice::Hex(hex("0507")));
    pick(&mut g, Choice::Hex(hex("0508")));
    assert_eq!(at(&g, def), Location::OnMap(hex("0508")));
    pick(&mut g, Choice::Unit(att));
    pick(&mut g, Choice::Hex(hex("0505")));
    assert_eq!(
        options(&g),
        std::vec![Choice::Hex(hex("0506")), Choice::Stop]
    );
    pick(&mut g, Choice::Hex(hex("0506")));
    assert_eq!(options(&g), std::vec![Choice::Hex(hex("0507"))]);
    pick(&mut g, Choice::Hex(hex("0507")));
    assert!(done(&g), "{:?}", g.pending());
    assert_eq!(at(&g, att), Location::OnMap(hex("0507")));

    // D2: the path ends in the lake (the defender stands in 0507 beyond it). The advance
    // could not go on from the lake, so it is never offered the lake.
    let LakeBehind { b, def, att } = lake_behind(UnitKind::Mechanized, 12);
    let mut g = LakeBehind { b, def, att }.game(1, &[]);
    begin(&mut g, &outcome(CombatResult::D2, &[att], &[def], &[]));
    pick(&mut g, Choice::Hex(hex("0507")));
    assert_eq!(
        g.aftermath_paths()[0].hexes.as_slice(),
        &[hex("0505"), hex("0506")]
    );
    pick(&mut g, Choice::Unit(att));
    pick(&mut g, Choice::Hex(hex("0505")));
    assert!(done(&g), "{:?}", g.pending());
    assert_eq!(at(&g, att), Location::OnMap(hex("0505")));
}

#[test]
fn aftermath_8_41_ruling_displaced_and_standing_units_suffered_an_adverse_result() {
    // NATO attacks the Warsaw Pact unit in 0506 and gets A1. The artillery `stander` (adjacent,
    // so it suffers the result [8.33]) holds through They Shall Not Pass; `n1` can only retreat
    // into 0504 and displaces the artillery `pushed` there.
    let mut b = Board::new(10, 10);
    supplied(&mut b);
    wall(&mut b, hex("0505"), &[hex("0504"), hex("0506")]);
    let wp = b.unit(WARSAW_PACT, UnitKind::Tank, 6, 6, 6);
    let n1 = b.unit(NATO, UnitKind::Mechanized, 4, 4, 6);
    let stander = b.artillery(NATO, 4, 2, 4, 2, 6);
    let pushed = b.artillery(NATO, 4, 2, 4, 2, 6);
    let mut g = combat(
        b,
        NATO,
        &[
            (wp, hex("0506")),
            (n1, hex("0505")),
            (stander, hex("0606")),
            (pushed, hex("0504")),
        ],
    );
    assert!(g.in_supply(stander));
    begin(
        &mut g,
        &outcome(CombatResult::A1, &[n1, stander], &[wp], &[]),
    );
    pick(&mut g, Choice::Unit(stander));
    pick(&mut g, Choice::TheyShallNotPass);
    roll(&mut g, 6);
    assert_eq!(at(&g, stander), Location::OnMap(hex("0606")));
    pick(&mut g, Choice::Hex(hex("0504")));
    pick(&mut g, Choice::Hex(hex("0503")));
    assert_eq!(at(&g, pushed), Location::OnMap(hex("0503")));
    assert_eq!(at(&g, n1), Location::OnMap(hex("0504")));
    assert!(done(&g), "{:?}", g.pending());
    for u in [stander, pushed] {
        assert!(g.state.units[u.0 as usize].has(flags::ADVERSE_RESULT));
    }
    // The next Combat Phase remembers it: no FPF there [8.41] (refused by
    // `combat_8_41_fpf_by_an_ineligible_battery_is_refused`).
    g.state.phasing = WARSAW_PACT;
    let mut ev = Events::new();
    g.combat_begin(&mut ev).unwrap();
    for u in [stander, pushed] {
        assert!(g.state.units[u.0 as usize].has(flags::ADVERSE_LAST_PHASE));
    }
}

#[test]
fn aftermath_19_12_20_22_ruling_no_rail_line_vp_in_a_turn_lost_to_a_cease_fire() {
    use crate::berlin85::turn::tests::{
        begin as begin_turn, berlin_board, end_turn, roll as dice, take_barracks, yes,
    };
    let mut b = berlin_board();
    b.feature(hex("0505"), HF::RAIL_LINE);
    let n = b.unit(NATO, UnitKind::Mechanized, 6, 6, 12);
    let mut g = b.game(Phase::TurnStart, WARSAW_PACT, 1, &[(n, hex("0505"))]);
    take_barracks(&mut g, 3);
    begin_turn(&mut g, 2);
    g.apply(&yes()).unwrap(); // the Warsaw Pact offers the Honors of War
    g.apply(&dice(&[6, 5])).unwrap(); // 11: C
    let ev: Vec<Event> = g.apply(&dice(&[1])).unwrap().into_iter().collect();
    assert!(cites(&ev, "19.12"), "a cease fire: {ev:?}");
    assert_eq!(g.state.turn, 3, "Game-Turn 2 was skipped");
    // A NATO unit stood on the rail line all through Game-Turn 2: no VP for that turn.
    assert!(!cites(&ev, "20.22") && !cites(&ev, "20.23"), "{ev:?}");
    assert_eq!(g.state.turn_state.rail_vp, 0);
    // Game-Turn 3 is played: the same unit on the line scores.
    end_turn(&mut g);
    assert_eq!(g.state.turn_state.rail_vp, 8);
}
