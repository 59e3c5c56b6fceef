//! Leaders and heroes (S12.0–S12.7) on small hand-made boards.

extern crate std;

use super::*;
use crate::core::map::SideFeatures;
use crate::core::protocol::Pending;
use crate::css::assault::{Assault, AssaultResult, Defended, Fighter, Role as AssaultRole};
use crate::css::destinations::MoveScratch;
use crate::css::fire::Colour;
use crate::css::morale::{check, effective_tq, CheckKind, Condition};
use crate::css::movement::Enemies;
use crate::css::stacking::{fire_targets, step_2d_c, StackingChart};
use crate::css::standin::{assault_charts, leader_charts, tq_modifiers};
use crate::css::terrain::tests::{h, Board, BH, BP};
use crate::css::terrain::{MoveClass, NoMarkers};
use std::vec::Vec;

const A: Side = Side::A;
const B: Side = Side::B;
/// Division 1, its 2nd and 3rd regiments (formations 2 and 3).
const DIV: u16 = 1;
const CHARTS: LeaderCharts = leader_charts();

fn unit(id: u16, formation: u16) -> Piece {
    Piece {
        id: UnitId(id),
        side: A,
        formation,
        division: DIV,
        role: Role::Combat,
        attached_to: None,
    }
}

/// The 2nd regiment's leader: TQ +1, Assault +1; Replacement side 0 / 0.
fn regimental(at: HexId) -> Leader {
    Leader::new(
        UnitId(100),
        LeaderDef {
            side: A,
            leads: Leads::Formation(2),
            division: DIV,
            front: Bonuses { tq: 1, assault: 1 },
            replacement: Bonuses { tq: 0, assault: 0 },
        },
        at,
    )
}

/// The division's leader: TQ +2, Assault +2; Replacement side +1 / +1.
fn divisional(at: HexId) -> Leader {
    Leader::new(
        UnitId(101),
        LeaderDef {
            side: A,
            leads: Leads::Division(DIV),
            division: DIV,
            front: Bonuses { tq: 2, assault: 2 },
            replacement: Bonuses { tq: 1, assault: 1 },
        },
        at,
    )
}

fn active(formation: u16) -> [ActiveFormation; 1] {
    [ActiveFormation {
        formation,
        division: DIV,
    }]
}

fn eff(s: TqSituation) -> i8 {
    effective_tq(&s, &tq_modifiers()).value
}

// S2.4: a leader prints a TQ bonus and an Assault bonus, lower on its Replacement side; neither
// a leader nor a hero counts for stacking or is fired at (S6.2, S9.3.4).
#[test]
fn css_s2_4_leader_counters_two_sides_and_no_stacking() {
    let x = h(5, 5);
    let mut l = divisional(x);
    assert_eq!(l.bonuses(), Bonuses { tq: 2, assault: 2 });
    l.kill();
    assert_eq!(l.face, Face::Replacement);
    assert_eq!(l.bonuses(), Bonuses { tq: 1, assault: 1 });
    let hero = Hero::place(UnitId(50), A, x, &[unit(1, 2)]).unwrap();
    let hex = [
        unit(1, 2),
        unit(2, 2),
        unit(3, 2),
        regimental(x).piece(),
        hero.piece(),
    ];
    assert!(!regimental(x).piece().counts() && !hero.piece().counts());
    let chart = StackingChart::stand_in();
    assert!(
        !step_2d_c(&chart, false, &hex, None).unwrap().over_stacked,
        "three units and a leader and a hero: not over-stacked"
    );
    let shot: Vec<UnitId> = fire_targets(&hex, None).collect();
    assert_eq!(shot, [UnitId(1), UnitId(2), UnitId(3)]);
}

// S12.1: a formation leader is active with its formation, a division leader with any formation
// of its division; a Direct Command activates no formation, so no leader.
#[test]
fn css_s12_1_leaders_are_active_with_their_command() {
    let x = h(5, 5);
    assert!(regimental(x).is_active(&active(2)));
    assert!(!regimental(x).is_active(&active(3)));
    assert!(divisional(x).is_active(&active(3)));
    let other_division = [ActiveFormation {
        formation: 7,
        division: 2,
    }];
    assert!(!divisional(x).is_active(&other_division));
    assert!(!regimental(x).is_active(&[]), "under a Direct Command");
    let mut dead = regimental(x);
    dead.kill();
    assert!(
        !dead.is_active(&active(2)),
        "off the map until it is placed again"
    );
}

// S12.2, table S11.3-T: a leader in the hex makes a TQC pass that would fail; only the best
// leader counts; a hero adds its own +1 (S12.6); the bonus helps any formation of the side,
// not the enemy.
#[test]
fn css_s12_2_a_leader_in_the_hex_turns_a_failed_tqc_into_a_pass() {
    let x = h(5, 5);
    let leaders = [regimental(x), divisional(x), regimental(h(6, 6))];
    let tq5 = TqSituation::printed(5);
    assert_eq!(check(eff(tq5), 7, 0), Tqc::Fail, "alone: 7 fails against 5");
    let here = Leadership::of_hex(x, A, &leaders, &[], &[]);
    assert_eq!(here.tq_bonus, 2, "the best leader only, not 1 + 2");
    assert_eq!(eff(here.tq(tq5)), 7);
    assert_eq!(check(eff(here.tq(tq5)), 7, 0), Tqc::Pass);
    assert_eq!(check(eff(here.tq(tq5)), 9, 0), Tqc::Fail, "a 9 still fails");
    // A hero with them: +1 more (S12.6); the cap of 8 still holds.
    let hero = [Hero::place(UnitId(50), A, x, &[unit(1, 3)]).unwrap()];
    let with_hero = Leadership::of_hex(x, A, &leaders, &hero, &[]);
    assert_eq!(eff(with_hero.tq(tq5)), 8);
    assert_eq!(eff(with_hero.tq(TqSituation::printed(7))), 8);
    // The enemy in no hex of its own gets nothing from them.
    assert_eq!(
        Leadership::of_hex(x, B, &leaders, &hero, &[]),
        Leadership::default()
    );
}

// S12.2, table S10.4-T: the best Assault bonus of a leader in any of the side's hexes, and a
// hero's +2 (S12.6), go on its Assault roll.
#[test]
fn css_s12_2_leaders_and_heroes_add_to_the_assault_roll() {
    let (x, y) = (h(5, 5), h(5, 7));
    let leaders = [regimental(x), divisional(y)];
    let hero = [Hero::place(UnitId(50), A, x, &[unit(1, 2)]).unwrap()];
    let hexes = [
        Leadership::of_hex(x, A, &leaders, &hero, &[]),
        Leadership::of_hex(y, A, &leaders, &hero, &[]),
    ];
    let b = backing(&hexes, Backing::default());
    assert_eq!((b.leader_bonus, b.hero), (2, true));
    let mut attackers = [Fighter::new(UnitId(1), 5, Colour::White, 5, 2)];
    let mut defenders = [Fighter::new(UnitId(9), 5, Colour::White, 5, 2)];
    let a = Assault {
        attackers: &mut attackers,
        defenders: &mut defenders,
        attack: b,
        defence: Backing::default(),
        hex: Defended::default(),
        across_slope: false,
    };
    let m = assault_charts().modifiers;
    let card = a.roll_card(AssaultRole::Attacker, &m, &tq_modifiers());
    assert_eq!(card.modifier, 2 + 2, "leader +2, hero +2");
}

// Example S10.5-A, the leaders' part: the regimental leader (+1 / +1) is with the white 5
// company; its Assault bonus joins the roll (7 + 1 + 3 = 11), its TQ bonus makes that company's
// TQ 6, equal to the defender's (no TQ modifier), and the defender's step loss calls no
// casualty check, as no leader is in the defending hex.
#[test]
fn css_example_s10_5_a_the_leaders_part() {
    let (one, two, town) = (h(5, 5), h(6, 5), h(5, 6));
    let leaders = [regimental(one)];
    let act = active(2);
    let hexes = [
        Leadership::of_hex(one, A, &leaders, &[], &act),
        Leadership::of_hex(two, A, &leaders, &[], &act),
    ];
    let attack = backing(
        &hexes,
        Backing {
            flame_thrower: true,
            ..Backing::default()
        },
    );
    let mut with_leader = Fighter::new(UnitId(1), 5, Colour::White, 5, 2);
    with_leader.tq = hexes[0].tq(with_leader.tq);
    let mut attackers = [with_leader, Fighter::new(UnitId(2), 4, Colour::White, 5, 2)];
    let mut defenders = [Fighter::new(UnitId(9), 5, Colour::White, 6, 2)];
    let tq = tq_modifiers();
    assert_eq!(attackers[0].effective_tq(&tq), 6);
    let mut a = Assault {
        attackers: &mut attackers,
        defenders: &mut defenders,
        attack,
        defence: Backing::default(),
        hex: Defended {
            cover: 2,
            fortification: 1,
            urban: true,
        },
        across_slope: false,
    };
    let t = a.totals(7, 2, &assault_charts(), &tq).unwrap();
    assert_eq!(t.attacker.modifiers.modifier, 1 + 3, "leader +1, flame +3");
    assert_eq!((t.attacker.total, t.defender.total), (14, 7));
    assert_eq!(t.result, AssaultResult::DefendersStepAndRout);
    let r = a.apply(t.result, &[], &tq).unwrap();
    assert!(r.defenders[0].leader_check());
    assert!(casualty_checks(&leaders, town, r.defenders[0].leader_check()).is_empty());
    assert!(casualty_checks(&leaders, one, r.attackers[0].leader_check()).is_empty());
}

// S12.2, S11.11: with an active leader in the hex a passed rally removes every marker; an
// inactive leader still gives its TQ bonus but the pass only lifts one level.
#[test]
fn css_s12_2_an_active_leader_makes_a_rally_clear_every_marker() {
    let x = h(5, 5);
    let leaders = [regimental(x)];
    let on = Leadership::of_hex(x, A, &leaders, &[], &active(2));
    let off = Leadership::of_hex(x, A, &leaders, &[], &active(3));
    assert!(on.active_leader && !off.active_leader);
    // Example S11.11-A's company: 6 − 1 − 2 − 1 + 1 = 3.
    let company = TqSituation {
        division_shortfall: 1,
        status: Status::Suppressed,
        lost_any: true,
        kind: CheckKind::Rally {
            adjacent_enemy: false,
            city_or_fortification: false,
        },
        ..TqSituation::printed(6)
    };
    assert_eq!(eff(on.tq(company)), 3);
    let r = check(eff(on.tq(company)), 3, 0);
    assert_eq!(on.rally(Status::Suppressed, r), Status::None);
    assert_eq!(off.rally(Status::Suppressed, r), Status::Dg);
    assert!(crate::css::morale::may_rally(
        Status::None,
        on.active_leader
    ));
}

// S12.2, S6.4: a leader of a formation present, or of the division, cancels the mixed-formation
// DG of its hex; a leader of a formation not there does not.
#[test]
fn css_s12_2_a_leader_cancels_the_mixed_formation_dg() {
    let x = h(5, 5);
    let chart = StackingChart::stand_in();
    let mixed = [unit(1, 2), unit(2, 2), unit(3, 3)];
    let dg = |extra: Piece| {
        let mut v = mixed.to_vec();
        v.push(extra);
        step_2d_c(&chart, false, &v, None).unwrap().dg.len()
    };
    assert_eq!(step_2d_c(&chart, false, &mixed, None).unwrap().dg.len(), 1);
    assert_eq!(dg(regimental(x).piece()), 0, "the 2nd regiment's leader");
    assert_eq!(dg(divisional(x).piece()), 0, "the division's leader");
    let mut fourth = regimental(x);
    fourth.def.leads = Leads::Formation(4);
    assert_eq!(dg(fourth.piece()), 1, "a leader of a formation not present");
}

// S12.3.1: a leader moves free with moving units of its command, not with others'.
#[test]
fn css_s12_3_1_a_leader_moves_with_units_of_its_command() {
    let (x, y) = (h(5, 5), h(5, 8));
    let mut l = regimental(x);
    let err = l
        .accompany(x, y, &[unit(3, 3)], Moving::Activation)
        .unwrap_err();
    assert_eq!(err.case, "S12.3.1");
    assert_eq!(l.hex(), Some(x));
    let err = l
        .accompany(h(6, 6), y, &[unit(1, 2)], Moving::Activation)
        .unwrap_err();
    assert_eq!(err.case, "S12.3.1", "only from its own hex");
    l.accompany(x, y, &[unit(3, 3), unit(1, 2)], Moving::Activation)
        .unwrap();
    assert_eq!(l.hex(), Some(y));
    // A division leader goes with any unit of its division.
    let mut d = divisional(x);
    d.accompany(x, y, &[unit(3, 3)], Moving::Activation)
        .unwrap();
    assert_eq!(d.hex(), Some(y));
}

// S12.3.2, S4.6.3: under a Direct Command a leader moves only with a commanded unit it is
// stacked with, and stops where it stops; it never takes a DC itself.
#[test]
fn css_s12_3_2_under_a_direct_command_only_with_a_commanded_unit() {
    let (x, y) = (h(5, 5), h(5, 7));
    let mut l = regimental(x);
    let not = Moving::DirectCommand { commanded: false };
    assert_eq!(
        l.accompany(x, y, &[unit(1, 2)], not).unwrap_err().case,
        "S4.6.3"
    );
    let yes = Moving::DirectCommand { commanded: true };
    l.accompany(x, y, &[unit(1, 2)], yes).unwrap();
    assert_eq!(l.hex(), Some(y), "it stops where the unit stops");
    assert!(
        !l.is_active(&[]),
        "no formation is active: no step-2D-b move"
    );
}

// S4.6.3: a leader never spends or receives a Direct Command.
#[test]
fn css_s4_6_3_leaders_take_no_direct_command() {
    let x = h(5, 5);
    assert_eq!(
        may_receive_direct_command(&regimental(x).piece())
            .unwrap_err()
            .case,
        "S4.6.3"
    );
    let hero = Hero::place(UnitId(50), A, x, &[unit(1, 2)]).unwrap();
    assert!(may_receive_direct_command(&hero.piece()).is_err());
    assert!(may_receive_direct_command(&unit(1, 2)).is_ok());
}

struct Field {
    board: Board,
    enemies: Enemies<BH>,
    friends: Vec<HexId>,
}

impl Field {
    fn new(enemy: &[HexId], friends: &[HexId]) -> Field {
        let board = Board::new();
        let mut enemies = Enemies::new();
        enemies.set(&board.g(), enemy.iter().copied(), false);
        Field {
            board,
            enemies,
            friends: friends.to_vec(),
        }
    }

    fn ends(
        &self,
        l: &Leader,
        act: &[ActiveFormation],
    ) -> Result<Vec<(HexId, u16)>, RuleViolation> {
        let leg = Leg2dB::<BH, BP, _, _> {
            ground: self.board.ground(),
            cond: &NoMarkers,
            enemies: &self.enemies,
            friendly: |x: HexId| self.friends.contains(&x),
        };
        let mut out = Vec::new();
        let mut scratch = MoveScratch::<BH>::new();
        leg.destinations(l, act, &CHARTS, &mut scratch, |x, c| out.push((x, c)))?;
        Ok(out)
    }
}

fn reaches(ends: &[(HexId, u16)], x: HexId) -> Option<u16> {
    ends.iter().find(|e| e.0 == x).map(|e| e.1)
}

// S12.3.3, S3.3.4 2D-b: an active leader moves up to 6 MP as a leg unit in Column: six Clear
// hexes, twelve along a road at ½ MP; never into or next to an enemy unit unless a friendly
// unit is there; an inactive leader does not move.
#[test]
fn css_s12_3_3_an_active_leader_moves_six_mp_as_leg_in_column() {
    let start = h(3, 5);
    let mut f = Field::new(&[], &[]);
    let l = regimental(start);
    let ends = f.ends(&l, &active(2)).unwrap();
    assert_eq!(reaches(&ends, h(3, 11)), Some(36), "six Clear hexes, 6 MP");
    assert_eq!(reaches(&ends, h(3, 12)), None, "a seventh is too far");
    assert_eq!(reaches(&ends, start), None);
    let road: Vec<HexId> = (5..=17).map(|r| h(3, r)).collect();
    f.board.route(&road, SideFeatures::ROAD);
    let ends = f.ends(&l, &active(2)).unwrap();
    assert_eq!(
        reaches(&ends, h(3, 17)),
        Some(36),
        "twelve road hexes at ½ MP"
    );
    // Inactive: refused.
    assert_eq!(f.ends(&l, &active(3)).unwrap_err().case, "S12.3.3");
    // The enemy at (3, 9): its hex and its neighbours are closed, unless friends hold them.
    let enemy = h(3, 9);
    let f = Field::new(&[enemy], &[]);
    let ends = f.ends(&l, &active(2)).unwrap();
    assert_eq!(reaches(&ends, h(3, 7)), Some(12));
    assert_eq!(reaches(&ends, h(3, 8)), None, "next to the enemy");
    assert_eq!(reaches(&ends, enemy), None);
    let f = Field::new(&[enemy], &[h(3, 8)]);
    assert_eq!(reaches(&f.ends(&l, &active(2)).unwrap(), h(3, 8)), Some(18));
    // The move itself (step 2D-b): refused where it may not end, made where it may; it may
    // end alone (S12.5.2 then applies).
    let board = Leg2dB::<BH, BP, _, _> {
        ground: f.board.ground(),
        cond: &NoMarkers,
        enemies: &f.enemies,
        friendly: |x: HexId| x == h(3, 8),
    };
    let mut scratch = MoveScratch::<BH>::new();
    let mut mover = regimental(start);
    let act = active(2);
    let err = step_2d_b(&board, &mut mover, &act, &CHARTS, h(2, 9), &mut scratch).unwrap_err();
    assert_eq!(err.case, "S12.3.3");
    assert_eq!(mover.hex(), Some(start));
    let cost = step_2d_b(&board, &mut mover, &act, &CHARTS, h(3, 8), &mut scratch).unwrap();
    assert_eq!((mover.hex(), cost), (Some(h(3, 8)), 18));
}

// S12.4: a killed leader flips to its Replacement side and is placed with a unit of its
// formation at the end of the activation; a killed Replacement leader is removed for good.
#[test]
fn css_s12_4_a_killed_leader_flips_and_rejoins_its_formation() {
    let x = h(5, 5);
    let mut l = regimental(x);
    assert_eq!(l.kill(), Killed::Flipped);
    assert_eq!(
        (l.face, &l.at),
        (Face::Replacement, &Whereabouts::AwaitingReplacement)
    );
    let err = l.place_replacement(h(7, 7), &[unit(3, 3)]).unwrap_err();
    assert_eq!(err.case, "S12.4", "a unit of another formation");
    l.place_replacement(h(7, 7), &[unit(3, 3), unit(1, 2)])
        .unwrap();
    assert_eq!(l.hex(), Some(h(7, 7)));
    assert_eq!(l.bonuses(), Bonuses { tq: 0, assault: 0 });
    assert!(l.place_replacement(x, &[unit(1, 2)]).is_err());
    assert_eq!(l.kill(), Killed::Removed);
    assert_eq!(l.at, Whereabouts::Removed);
}

// S12.5.1: a step lost in a leader's hex calls one roll for each leader there: 0–1 (stand-in)
// kills (flip, S12.4), 2–9 spares; no step lost, no check.
#[test]
fn css_s12_5_1_a_step_loss_in_the_hex_checks_each_leader() {
    let x = h(5, 5);
    let mut leaders = [regimental(x), divisional(x), regimental(h(9, 9))];
    let mut company = Condition::fresh(2);
    let hit = company.take_hit(1, None);
    let due = casualty_checks(&leaders, x, hit.leader_check);
    assert_eq!(due.as_slice(), [UnitId(100), UnitId(101)]);
    let no_step = Condition::fresh(2).take_hit(0, None);
    assert!(casualty_checks(&leaders, x, no_step.leader_check).is_empty());
    let Pending::<u8>::Roll { case, dice, .. } = casualty_roll(A, "S12.5.1") else {
        panic!("a roll")
    };
    assert_eq!((case, dice), ("S12.5.1", DiceSpec::D10));
    assert_eq!(leaders[0].casualty(2, &CHARTS), Ok(Fell::Survives));
    assert_eq!(
        leaders[1].casualty(1, &CHARTS),
        Ok(Fell::Killed(Killed::Flipped))
    );
    assert_eq!(leaders[1].face, Face::Replacement);
    assert_eq!(
        leaders[0].casualty(0, &CHARTS),
        Ok(Fell::Killed(Killed::Flipped))
    );
    assert_eq!(leaders[2].casualty(10, &CHARTS).unwrap_err().case, "S1.3");
}

// S12.5.2: left alone, a leader routs with its units and comes back with the first of them; if
// they were captured or eliminated it is killed on 0–4 or placed with the nearest unit of its
// formation on 5–9; an enemy unit entering a hex it holds alone kills it.
#[test]
fn css_s12_5_2_leaders_left_alone() {
    let b = Board::new();
    let g = b.g();
    let x = h(5, 5);
    // Rout.
    let mut l = regimental(x);
    l.left_alone(&[UnitId(1), UnitId(2)]).unwrap();
    assert!(matches!(l.at, Whereabouts::Routed { .. }));
    assert!(!l.unit_returns(UnitId(3), h(8, 8)));
    assert!(l.unit_returns(UnitId(2), h(8, 8)));
    assert_eq!(l.hex(), Some(h(8, 8)));
    // Captured or eliminated: 0–4 kills.
    let mut l = regimental(x);
    l.left_alone(&[]).unwrap();
    assert_eq!(l.alone_check(4, &CHARTS), Ok(Fell::Killed(Killed::Flipped)));
    // 5–9: to the nearest unit of its formation.
    let mut l = regimental(x);
    l.left_alone(&[]).unwrap();
    assert_eq!(l.alone_check(5, &CHARTS), Ok(Fell::Survives));
    let near = [h(5, 8), h(5, 15)];
    let err = l.place_with_nearest(&g, h(5, 15), &near).unwrap_err();
    assert_eq!(err.case, "S12.5.2");
    l.place_with_nearest(&g, h(5, 8), &near).unwrap();
    assert_eq!(l.hex(), Some(h(5, 8)));
    assert!(l.alone_check(5, &CHARTS).is_err(), "no second check");
    // An enemy enters its hex.
    let mut l = regimental(x);
    assert_eq!(l.enemy_enters(1), None, "not alone: nothing happens");
    assert_eq!(l.enemy_enters(0), Some(Killed::Flipped));
}

// S12.6: a hero is placed with a unit of its side, moves only with a unit it is stacked with,
// must stay with one, gives +1 TQ and +2 to the Assault roll (stand-in), and goes when its
// units are lost or the game says.
#[test]
fn css_s12_6_heroes() {
    let (x, y) = (h(5, 5), h(5, 6));
    let err = Hero::place(UnitId(50), A, x, &[regimental(x).piece()]).unwrap_err();
    assert_eq!(err.case, "S12.6", "a leader is no unit");
    let mut hero = Hero::place(UnitId(50), A, x, &[unit(1, 2)]).unwrap();
    assert_eq!(tq_modifiers().hero, 1);
    assert_eq!(assault_charts().modifiers.hero, 2);
    let here = Leadership::of_hex(x, A, &[], &[hero], &[]);
    let tq4 = TqSituation::printed(4);
    assert_eq!(check(eff(tq4), 5, 0), Tqc::Fail);
    assert_eq!(
        check(eff(here.tq(tq4)), 5, 0),
        Tqc::Pass,
        "+1 with the hero"
    );
    assert_eq!(hero.may_stay(0).unwrap_err().case, "S12.6");
    assert!(hero.may_stay(1).is_ok());
    let mut enemy = unit(9, 2);
    enemy.side = B;
    assert!(hero.accompany(x, y, &[enemy]).is_err());
    hero.accompany(x, y, &[unit(1, 2)]).unwrap();
    assert_eq!(hero.at, Some(y));
    assert!(!hero.units_lost(1), "one unit still with it");
    assert!(hero.units_lost(0), "its last unit routed");
    assert_eq!(hero.at, None);
    // The game's own rule (Gates 7.0: a raw 0 of enemy direct fire) removes it too.
    let mut other = Hero::place(UnitId(51), A, x, &[unit(1, 2)]).unwrap();
    other.remove();
    assert_eq!(other.at, None);
    assert!(hero.may_stay(0).is_ok());
}

// S12.7 (exclusive 6.0): leaders and heroes ride with a transported unit without limit: they
// move with it as with any unit (S12.3.1), and the transport's capacity never counts them.
#[test]
fn css_s12_7_leaders_and_heroes_ride_with_a_transport() {
    use crate::gates::reinforcement::Transport;
    use crate::gates::transport::{may_load, Boarding};
    let (x, y) = (h(5, 5), h(5, 12));
    let car = Boarding {
        units: &[MoveClass::Leg],
        support_weapons: 0,
        leaders: 4,
        active: true,
    };
    assert!(
        may_load(Transport::Car, 0, car).is_ok(),
        "four riders in a car"
    );
    let mut rider = unit(1, 2);
    rider.role = Role::Rider {
        transport: UnitId(60),
    };
    let mut truck = unit(60, 9);
    truck.role = Role::Transport;
    let mut l = regimental(x);
    let mut d = divisional(x);
    let mut hero = Hero::place(UnitId(50), A, x, &[rider]).unwrap();
    for m in [&mut l, &mut d] {
        m.accompany(x, y, &[truck, rider], Moving::Activation)
            .unwrap();
    }
    hero.accompany(x, y, &[truck, rider]).unwrap();
    assert_eq!((l.hex(), d.hex(), hero.at), (Some(y), Some(y), Some(y)));
}

// S3.3.4 step 2D-b, S12.1: after a Formation chit its leader and the division's leader may move
// on their own, another regiment's may not; after a Division chit all of them; after a Direct
// Command none (S4.6.3).
#[test]
fn css_s3_3_4_step_2d_b_the_leaders_the_chit_made_active_move() {
    use crate::css::command::{DivisionId, FormationDef};
    use crate::css::standin::chit_costs;
    let div = crate::css::command::testkit::motor_rifle_division(A);
    let f = |d: u8| FormationDef::of(DivisionId(d));
    let data = CommandData {
        divisions: heapless::Vec::from_slice(&[div, div]).unwrap(),
        formations: heapless::Vec::from_slice(&[f(0), f(0), f(1), f(1)]).unwrap(),
        costs: chit_costs(),
        initiative: A,
        always_in_cup: heapless::Vec::new(),
        last_turn: 8,
    };
    let x = h(5, 5);
    let mut third = regimental(x);
    third.id = UnitId(102);
    third.def.leads = Leads::Formation(3);
    let leaders = [regimental(x), divisional(x), third];
    let moving = |chit: Chit| movers_at_2d_b(&leaders, &active_under(&data, chit));
    assert_eq!(
        moving(Chit::Formation(FormationId(2))).as_slice(),
        [UnitId(100), UnitId(101)]
    );
    assert_eq!(moving(Chit::Division(DivisionId(1))).len(), 3);
    assert!(moving(Chit::Division(DivisionId(0))).is_empty());
    assert!(moving(Chit::DirectCommand(A)).is_empty());
}
