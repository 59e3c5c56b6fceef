//! Troop quality, status, capture, rally and return (S9.7.1, S11), named with their cases.

use super::*;
use crate::core::protocol::{DiceRoll, DiceSpec};
use crate::css::standin::tq_modifiers;

fn eff(s: TqSituation) -> i8 {
    effective_tq(&s, &tq_modifiers()).value
}

// S9.7.1: the whole escalation table, row by row.
#[test]
fn css_s9_7_1_status_results_escalate_by_the_table() {
    use Escalation::*;
    use Status::*;
    let rows = [
        (
            StatusHit::Pin,
            [
                Becomes(Pinned),
                Becomes(Pinned),
                Becomes(Dg),
                Becomes(Suppressed),
            ],
        ),
        (
            StatusHit::Dg,
            [
                Becomes(Dg),
                Becomes(Dg),
                Becomes(Suppressed),
                Becomes(Suppressed),
            ],
        ),
        (
            StatusHit::Suppress,
            [
                Becomes(Suppressed),
                Becomes(Suppressed),
                Becomes(Suppressed),
                Captured,
            ],
        ),
    ];
    for (hit, expected) in rows {
        for (current, want) in [None, Pinned, Dg, Suppressed].into_iter().zip(expected) {
            assert_eq!(escalate(current, hit), want, "{hit:?} on {current:?}");
        }
    }
}

// S11.7, exclusive 3.4.1: a Suppressed unit that is suppressed again is captured, also by a
// 1S or 2 it survives; one that loses its last step is eliminated, not captured.
#[test]
fn css_s11_7_a_second_suppression_captures() {
    let mut u = Condition::fresh(2);
    assert_eq!(u.hit_status(StatusHit::Suppress), Fate::Stays);
    assert_eq!(u.status, Status::Suppressed);
    assert_eq!(u.hit_status(StatusHit::Suppress), Fate::Captured);

    let mut survivor = Condition {
        status: Status::Suppressed,
        steps: 3,
        lost: 0,
    };
    let h = survivor.take_hit(1, Some(StatusHit::Suppress));
    assert_eq!(
        (h.fate, h.steps_lost, survivor.remaining()),
        (Fate::Captured, 1, 2)
    );

    let mut last = Condition {
        status: Status::Suppressed,
        steps: 2,
        lost: 1,
    };
    assert_eq!(
        last.take_hit(1, Some(StatusHit::Suppress)).fate,
        Fate::Eliminated
    );
}

// S9.7.2, S2.3, S11.12: steps first; none left eliminates; a survivor takes the status part;
// any step lost calls the leader casualty check.
#[test]
fn css_s9_7_2_steps_are_lost_before_the_status_is_applied() {
    let mut u = Condition::fresh(3);
    let h = u.take_hit(2, Some(StatusHit::Suppress));
    assert_eq!(
        (h.fate, h.steps_lost, h.leader_check),
        (Fate::Stays, 2, true)
    );
    assert_eq!((u.remaining(), u.status), (1, Status::Suppressed));

    let mut one = Condition::fresh(0); // no printed steps: one step
    assert_eq!(one.steps, 1);
    let h = one.take_hit(2, Some(StatusHit::Suppress));
    assert_eq!((h.fate, h.steps_lost), (Fate::Eliminated, 1));

    let mut dg = Condition {
        status: Status::Dg,
        steps: 2,
        lost: 0,
    };
    assert_eq!(dg.take_hit(1, Some(StatusHit::Dg)).fate, Fate::Stays);
    assert_eq!(
        dg.status,
        Status::Suppressed,
        "a '1' on a DG unit suppresses it"
    );

    let mut pin = Condition::fresh(1);
    let h = pin.take_hit(0, Some(StatusHit::Pin));
    assert!(!h.leader_check);
    assert_eq!(pin.status, Status::Pinned);
}

// S11.2, exclusive 3.11, B13: an unmodified 9 always fails, whatever the TQ or the roll modifier.
#[test]
fn css_s11_2_an_unmodified_nine_always_fails() {
    assert_eq!(check(8, 9, 0), Tqc::Fail);
    assert_eq!(check(8, 9, -5), Tqc::Fail);
    assert_eq!(check(8, 8, 0), Tqc::Pass);
    // The cap keeps even a superb unit under 9 (exclusive 9.2).
    let mut s = TqSituation::printed(8);
    s.leader_bonus = 2;
    s.hero = true;
    let e = effective_tq(&s, &tq_modifiers());
    assert_eq!((e.value, e.capped), (8, true));
    assert_eq!(check(e.value, 9, 0), Tqc::Fail);
}

// S11.2: pass on a roll equal to or less than the effective TQ; a TQ below 0 always fails;
// "TQC −1" goes on the TQ, a modifier to "the roll" on the die (exclusive 3.11.2, B24).
#[test]
fn css_s11_2_pass_at_or_below_the_effective_tq() {
    assert_eq!(check(4, 4, 0), Tqc::Pass);
    assert_eq!(check(4, 5, 0), Tqc::Fail);
    assert_eq!(check(0, 0, 0), Tqc::Pass);
    assert_eq!(check(-1, 0, 0), Tqc::Fail);
    let mut s = TqSituation::printed(5);
    s.rule_modifier = -1; // "TQC −1": harder
    assert_eq!(eff(s), 4);
    assert_eq!(check(eff(s), 5, 0), Tqc::Fail);
    assert_eq!(check(5, 4, 2), Tqc::Fail, "+2 to the roll: 6 > 5");
    assert_eq!(check(5, 7, -2), Tqc::Pass, "−2 to the roll: 5 ≤ 5");
    let Pending::<u8>::Roll { dice, case, .. } = tqc_roll(Side::A, "TQC", "S11.2") else {
        panic!("a roll")
    };
    assert_eq!((dice, case), (DiceSpec::D10, "S11.2"));
    assert!(dice.accepts(&DiceRoll::of(&[0])) && !dice.accepts(&DiceRoll::of(&[10])));
}

// S11.1.1, table S11.3-T: division shortfall, leader (best bonus), hero, status, step loss.
#[test]
fn css_s11_3_modifiers_make_the_effective_tq() {
    let mut s = TqSituation::printed(6);
    s.division_shortfall = 2;
    assert_eq!(eff(s), 4);
    s.status = Status::Pinned;
    assert_eq!(eff(s), 4, "a Pin does not touch TQ");
    s.status = Status::Dg;
    assert_eq!(eff(s), 3);
    s.status = Status::Suppressed;
    s.lost_any = true;
    assert_eq!(eff(s), 1);
    s.leader_bonus = 2;
    s.hero = true;
    assert_eq!(eff(s), 4);
    let e = effective_tq(&s, &tq_modifiers());
    assert!(e.terms.iter().any(|t| t.case == "S11.6" && t.value == -2));
    assert!(e.terms.iter().any(|t| t.case == "S11.1.1" && t.value == -2));
    // Rally lines apply only to a Rally.
    s.kind = CheckKind::Rally {
        adjacent_enemy: true,
        city_or_fortification: false,
    };
    assert_eq!(eff(s), 3);
    s.kind = CheckKind::Rally {
        adjacent_enemy: false,
        city_or_fortification: true,
    };
    assert_eq!(eff(s), 5);
}

// S11.2.1, exclusive 9.2: a Division TQC is the current TQ alone; the 9 still fails.
#[test]
fn css_s11_2_1_division_check_uses_the_current_tq() {
    assert_eq!(division_check(4, 4), Tqc::Pass);
    assert_eq!(division_check(4, 5), Tqc::Fail);
    assert_eq!(division_check(9, 9), Tqc::Fail);
}

// Example S11.11-A: 6 − 1 (division) − 2 (Suppressed) − 1 (step) + 1 (leader) = 3; roll 3 passes
// and the active leader removes the Suppressed marker outright; 4 changes nothing.
#[test]
fn css_example_s11_11_a_rally_with_a_leader() {
    let s = TqSituation {
        printed: 6,
        division_shortfall: 6 - 5,
        leader_bonus: 1,
        hero: false,
        status: Status::Suppressed,
        lost_any: true,
        kind: CheckKind::Rally {
            adjacent_enemy: false,
            city_or_fortification: false,
        },
        rule_modifier: 0,
    };
    assert_eq!(eff(s), 3);
    assert!(may_rally(Status::Suppressed, true));
    let r = check(eff(s), 3, 0);
    assert_eq!(r, Tqc::Pass);
    assert_eq!(rally(Status::Suppressed, r, true), Status::None);
    assert_eq!(
        rally(Status::Suppressed, r, false),
        Status::Dg,
        "without the leader: DG"
    );
    assert_eq!(
        rally(Status::Suppressed, check(eff(s), 4, 0), true),
        Status::Suppressed
    );
    assert_eq!(check(eff(s), 9, 0), Tqc::Fail);
}

// S11.11: a pass removes DG or Pin; a unit with no status rallies only with a leader.
#[test]
fn css_s11_11_rally_removes_one_level() {
    assert_eq!(rally(Status::Dg, Tqc::Pass, false), Status::None);
    assert_eq!(rally(Status::Pinned, Tqc::Pass, false), Status::None);
    assert_eq!(rally(Status::Dg, Tqc::Fail, true), Status::Dg);
    assert!(!may_rally(Status::None, false));
    assert!(may_rally(Status::None, true));
}

// Example S11.10-A: effective TQs 4 and 3 (the step loss does not count here); the company
// rolls 4 and returns DG; the troop rolls 9, fails and loses its only step.
#[test]
fn css_example_s11_10_a_return_from_the_routed_box() {
    let m = tq_modifiers();
    let company = TqSituation {
        printed: 6,
        division_shortfall: 6 - 4,
        lost_any: true,
        kind: CheckKind::ReturnFromRouted,
        ..TqSituation::printed(6)
    };
    let troop = TqSituation {
        printed: 5,
        ..company
    };
    let (ec, et) = (
        effective_tq(&company, &m).value,
        effective_tq(&troop, &m).value,
    );
    assert_eq!((ec, et), (4, 3));
    let mut c = Condition {
        status: Status::None,
        steps: 2,
        lost: 1,
    };
    assert_eq!(
        return_from_routed(&mut c, false, true, ec, 4),
        Return::Placed
    );
    assert_eq!(c.status, Status::Dg);
    let mut t = Condition::fresh(1);
    assert_eq!(
        return_from_routed(&mut t, false, true, et, 9),
        Return::Eliminated
    );
}

// S11.10: a 9 costs a step but a survivor stays; no HQ on the map, no check; an HQ comes back
// with no DG; a plain failure stays.
#[test]
fn css_s11_10_return_needs_an_hq_and_a_nine_costs_a_step() {
    let mut u = Condition::fresh(2);
    assert_eq!(
        return_from_routed(&mut u, false, true, 8, 9),
        Return::StaysLosingAStep
    );
    assert_eq!(u.remaining(), 1);
    assert_eq!(return_from_routed(&mut u, false, true, 3, 5), Return::Stays);
    assert_eq!(return_from_routed(&mut u, false, false, 8, 0), Return::NoHq);
    let mut hq = Condition::fresh(1);
    assert_eq!(
        return_from_routed(&mut hq, true, true, 5, 2),
        Return::Placed
    );
    assert_eq!(hq.status, Status::None);
}

// Example S5.1-A: under a Division chit the second action needs a TQC: 5 − 1 = 4, roll 5
// fails; a Pinned, DG or Suppressed unit takes no second action at all.
#[test]
fn css_example_s5_1_a_second_action_check_under_a_division_chit() {
    let mut s = TqSituation::printed(5);
    s.division_shortfall = 6 - 5;
    assert_eq!(eff(s), 4);
    assert_eq!(check(eff(s), 5, 0), Tqc::Fail);
    assert!(Status::None.may_take_second_action());
    for st in [Status::Pinned, Status::Dg, Status::Suppressed] {
        assert!(!st.may_take_second_action());
    }
}

// S11.4: the Pin of a unit that was active goes at step 2D-c; an inactive unit keeps it; DG
// stays (S11.5).
#[test]
fn css_s11_4_pins_go_at_the_end_of_the_units_activation() {
    let mut p = Condition {
        status: Status::Pinned,
        steps: 1,
        lost: 0,
    };
    p.end_of_activation(false);
    assert_eq!(p.status, Status::Pinned);
    p.end_of_activation(true);
    assert_eq!(p.status, Status::None);
    let mut d = Condition {
        status: Status::Dg,
        steps: 1,
        lost: 0,
    };
    d.end_of_activation(true);
    assert_eq!(d.status, Status::Dg);
}

// Table S5.3-T, S11.4–S11.6: what each status forbids in fire and assault.
#[test]
fn css_s11_6_status_limits_fire_and_assault() {
    assert!(Status::Pinned.may_fire() && Status::Dg.may_fire());
    assert!(!Status::Suppressed.may_fire());
    assert!(Status::Pinned.may_opportunity_fire());
    assert!(!Status::Dg.may_opportunity_fire() && !Status::Suppressed.may_opportunity_fire());
    assert!(Status::None.may_assault());
    assert!(!Status::Pinned.may_assault() && !Status::Dg.may_assault());
    let mut r = Condition {
        status: Status::Suppressed,
        steps: 2,
        lost: 1,
    };
    rout_to_box(&mut r);
    assert_eq!(
        (r.status, r.lost),
        (Status::None, 1),
        "S11.8.3: losses stay, status goes"
    );
}

mod rout_paths {
    use crate::core::hex::{Edge, Geometry, HexFormat, HexId, ShiftedColumns};
    use crate::css::morale::rout::{forced_journey_exists, rout_path_exists, RoutMap};
    extern crate std;
    use std::vec::Vec;

    /// A 9 x 2 strip: row 2 is lake (no routing unit may enter it) and a river without a bridge
    /// runs between columns 7 and 8.
    struct Strip {
        enemies: Vec<HexId>,
        friends: Vec<HexId>,
        hqs: Vec<HexId>,
    }

    impl RoutMap for Strip {
        fn enemy_in(&self, h: HexId) -> bool {
            self.enemies.contains(&h)
        }
        fn friend_in(&self, h: HexId) -> bool {
            self.friends.contains(&h)
        }
        fn passable(&self, from: HexId, to: HexId) -> bool {
            let river = from.col.min(to.col) == 7 && from.col.max(to.col) == 8;
            to.row == 1 && !river
        }
        fn own_hq_in(&self, h: HexId) -> bool {
            self.hqs.contains(&h)
        }
        fn exit(&self, _: HexId) -> bool {
            false
        }
    }

    fn geometry() -> Geometry {
        Geometry {
            columns: 9,
            rows: 2,
            shifted: ShiftedColumns::Even,
            format: HexFormat::CcDotRr,
            first_column_at: Edge::West,
            first_row_at: Edge::North,
        }
    }

    const fn h(c: u8, r: u8) -> HexId {
        HexId::new(c, r)
    }

    // Example S11.8-A: the French company routs west past a WP unit, covered by a French tank
    // company, to its battalion HQ; the police unit's HQ lies east across an unbridged river:
    // no path, captured (S11.8.4).
    #[test]
    fn css_example_s11_8_a_rout_and_capture() {
        let g = geometry();
        let village = h(6, 1);
        let (hex1, hex2, hex3) = (h(5, 1), h(4, 1), h(3, 1));
        let wp_flank = h(4, 2);
        let french_hq = h(2, 1);
        // The example's premises on this map.
        assert!(g.adjacent(hex2, wp_flank) && !g.adjacent(hex1, wp_flank));
        assert!(!g.adjacent(hex3, wp_flank) && g.adjacent(hex3, french_hq));
        let mut seen = [false; 18];
        let french = Strip {
            enemies: Vec::from([h(7, 1), wp_flank]),
            friends: Vec::from([hex2]),
            hqs: Vec::from([french_hq]),
        };
        assert!(rout_path_exists(&g, &french, village, &mut seen));
        let police = Strip {
            hqs: Vec::from([h(9, 1)]),
            ..french
        };
        assert!(!rout_path_exists(&g, &police, village, &mut seen));
        // Without the French tank in hex 2 the company could not pass the WP flank either.
        let alone = Strip {
            enemies: Vec::from([h(7, 1), wp_flank]),
            friends: Vec::new(),
            hqs: Vec::from([french_hq]),
        };
        assert!(!rout_path_exists(&g, &alone, village, &mut seen));
    }

    // S11.8.4: a forced journey (Gates 7.0 Fuel Out: to a friendly Barracks hex) follows the
    // rout path's trace to the game's destination; with no way there the unit is captured.
    #[test]
    fn css_s11_8_4_a_forced_journey_uses_the_rout_trace() {
        let g = geometry();
        let mut seen = [false; 18];
        let map = Strip {
            enemies: Vec::from([h(3, 1)]),
            friends: Vec::new(),
            hqs: Vec::new(),
        };
        let barracks = |b: HexId| move |x: HexId| x == b;
        assert!(forced_journey_exists(
            &g,
            &map,
            h(6, 1),
            barracks(h(5, 1)),
            &mut seen
        ));
        assert!(
            !forced_journey_exists(&g, &map, h(6, 1), barracks(h(1, 1)), &mut seen),
            "past the enemy: captured"
        );
        assert!(
            !forced_journey_exists(&g, &map, h(6, 1), barracks(h(9, 1)), &mut seen),
            "across the unbridged river: captured"
        );
    }

    // S11.8.2: never into an enemy hex; a unit already next to its HQ needs no step; the river
    // is only crossed where the class could cross (here a bridge would be `passable`).
    #[test]
    fn css_s11_8_2_the_rout_path() {
        let g = geometry();
        let mut seen = [false; 18];
        let blocked = Strip {
            enemies: Vec::from([h(3, 1)]),
            friends: Vec::new(),
            hqs: Vec::from([h(1, 1)]),
        };
        assert!(!rout_path_exists(&g, &blocked, h(5, 1), &mut seen));
        assert!(
            rout_path_exists(&g, &blocked, h(2, 1), &mut seen),
            "already next to the HQ"
        );
        let east = Strip {
            enemies: Vec::new(),
            friends: Vec::new(),
            hqs: Vec::from([h(9, 1)]),
        };
        assert!(rout_path_exists(&g, &east, h(8, 1), &mut seen));
        assert!(
            !rout_path_exists(&g, &east, h(6, 1), &mut seen),
            "no bridge"
        );
    }
}

// S11.12, S11.12.1, B18: an HQ that loses its last step goes to the Routed box.
#[test]
fn css_s11_12_1_an_eliminated_hq_goes_to_the_routed_box() {
    let mut hq = Condition::fresh(1);
    assert_eq!(hq.take_hit(1, None).fate, Fate::Eliminated);
    assert_eq!(elimination(true), Elimination::RoutedBox);
    assert_eq!(elimination(false), Elimination::Removed);
}
