//! The results table (S10.5) and the advance into an emptied hex (S10.6).

use super::*;

// Table S10.5-T (stand-in): the difference of the totals in its bands.
#[test]
fn css_s10_5_the_stand_in_results_table() {
    use AssaultResult::*;
    let t = assault_table();
    let expect = [
        (-20, AttackersStepAndRout),
        (-6, AttackersStepAndRout),
        (-5, AttackersRout),
        (-3, AttackersRout),
        (-2, AttackersDg),
        (-1, AttackersDg),
        (0, BothDg),
        (1, DefendersDgAndCheck),
        (2, DefendersDgAndCheck),
        (3, DefendersRout),
        (5, DefendersRout),
        (6, DefendersStepAndRout),
        (30, DefendersStepAndRout),
    ];
    for (difference, result) in expect {
        assert_eq!(t.result(difference), Some(result), "{difference}");
    }
}

// S10.5: what each result does to the units: steps and rout, rout (capture without a rout
// path), DG with escalation, the defenders' TQCs (an unmodified 9 fails), and the advance only
// into an emptied hex.
#[test]
fn css_s10_5_results_take_steps_disrupt_and_rout() {
    use AssaultResult::*;
    let tq = tq_modifiers();
    let trapped = Fighter {
        rout_path: false,
        ..fighter(8, 5, 5)
    };
    let one_step = Fighter {
        cond: Condition::fresh(1),
        ..fighter(9, 5, 5)
    };
    let mut attackers = [fighter(1, 5, 5)];
    let mut defenders = [trapped, one_step, fighter(10, 5, 5)];
    let r = assault(&mut attackers, &mut defenders)
        .apply(DefendersStepAndRout, &[], &tq)
        .unwrap();
    let ends: Vec<_> = r.defenders.iter().map(|o| (o.end, o.steps_lost)).collect();
    assert_eq!(
        ends,
        [(End::Captured, 1), (End::Eliminated, 1), (End::Routed, 1)]
    );
    assert!(r.may_advance && r.attackers[0].end == End::Stays);

    // +1/+2: DG, then a TQC each; DG on DG suppresses (TQ −2 for the check).
    let dg = Fighter {
        cond: Condition {
            status: Status::Dg,
            ..Condition::fresh(2)
        },
        ..fighter(8, 5, 6)
    };
    let mut attackers = [fighter(1, 5, 5)];
    let mut defenders = [dg, fighter(9, 5, 5), fighter(10, 5, 8)];
    let mut a = assault(&mut attackers, &mut defenders);
    assert_eq!(
        a.apply(DefendersDgAndCheck, &[1], &tq).unwrap_err().case,
        "S10.5"
    );
    let r = a.apply(DefendersDgAndCheck, &[4, 4, 9], &tq).unwrap();
    let checks: Vec<_> = r
        .defenders
        .iter()
        .map(|o| o.check.unwrap().effective)
        .collect();
    assert_eq!(checks, [4, 4, 7], "Suppressed −2, DG −1, DG −1");
    let ends: Vec<_> = r.defenders.iter().map(|o| o.end).collect();
    assert_eq!(
        ends,
        [End::Stays, End::Stays, End::Routed],
        "a 9 always fails"
    );
    assert_eq!(defenders[0].cond.status, Status::Suppressed);
    assert_eq!(defenders[1].cond.status, Status::Dg);
    assert_eq!(
        defenders[2].cond.status,
        Status::None,
        "routed: its marker removed"
    );
    assert!(!r.may_advance, "two defenders hold the hex");

    // 0: everyone DG; −1/−2: the attackers DG; neither lets anyone advance.
    let mut attackers = [fighter(1, 5, 5)];
    let mut defenders = [fighter(9, 5, 5)];
    let mut a = assault(&mut attackers, &mut defenders);
    let r = a.apply(BothDg, &[], &tq).unwrap();
    assert!(!r.may_advance);
    assert_eq!(a.apply(BothDg, &[9], &tq).unwrap_err().case, "S10.5");
    assert_eq!(
        a.apply(AttackersDg, &[], &tq).unwrap().defenders[0].end,
        End::Stays
    );
    assert_eq!(
        (attackers[0].cond.status, defenders[0].cond.status),
        (Status::Suppressed, Status::Dg),
        "the second DG suppressed the attacker"
    );

    // −3 and worse: the attackers rout, after a step at −6.
    let mut attackers = [
        fighter(1, 5, 5),
        Fighter {
            rout_path: false,
            ..fighter(2, 5, 5)
        },
    ];
    let mut defenders = [fighter(9, 5, 5)];
    let r = assault(&mut attackers, &mut defenders)
        .apply(AttackersStepAndRout, &[], &tq)
        .unwrap();
    let ends: Vec<_> = r.attackers.iter().map(|o| o.end).collect();
    assert_eq!(ends, [End::Routed, End::Captured]);
    assert!(r.attackers[0].leader_check() && r.survivors().is_empty());
    assert_eq!(attackers[0].cond.remaining(), 1);
    let mut attackers = [fighter(1, 5, 5)];
    let r = assault(&mut attackers, &mut defenders)
        .apply(AttackersRout, &[], &tq)
        .unwrap();
    assert_eq!(
        (r.attackers[0].end, r.attackers[0].steps_lost),
        (End::Routed, 0)
    );
}

// S10.6: surviving attackers that took part advance into the emptied hex, within the stacking
// limit, with no MP (a towed gun with no Deployed MA too), but not a class that may not deploy
// there; a hex still held, or a unit that did not take part, is refused.
#[test]
fn css_s10_6_attackers_advance_only_into_an_emptied_hex() {
    let mut b = Board::new();
    let t = h(3, 3);
    b.dot(t, dots::CITY);
    let g = b.ground();
    let took_part = [UnitId(1), UnitId(2), UnitId(3), UnitId(4)];
    let leg = |id| Advancer {
        unit: UnitId(id),
        class: LEG,
    };
    let case = |emptied, movers: &[Advancer], limit| {
        advance(&g, t, emptied, &took_part, movers, limit)
            .err()
            .map(|e| e.case)
    };
    assert_eq!(case(true, &[leg(1), leg(2), leg(3)], Some(3)), None);
    assert_eq!(
        case(false, &[leg(1)], Some(3)),
        Some("S10.6"),
        "the hex is held"
    );
    assert_eq!(
        case(true, &[leg(1), leg(2), leg(3), leg(4)], Some(3)),
        Some("S10.6")
    );
    assert_eq!(
        case(true, &[leg(1), leg(2), leg(3), leg(4)], None),
        None,
        "no limit"
    );
    assert_eq!(
        case(true, &[leg(7)], Some(3)),
        Some("S10.6"),
        "did not take part"
    );
    let tank = Advancer {
        unit: UnitId(2),
        class: MoveClass::Tracked,
    };
    assert_eq!(
        case(true, &[tank], Some(3)),
        Some("S10.6"),
        "no tanks Deployed in a City"
    );
    // A towed gun has no Deployed MA: it may not move Deployed, but it advances.
    let gun = crate::css::movement::Mover {
        class: MoveClass::Wheeled,
        ma: crate::core::faces::TwoFaced { front: 4, back: 0 },
        status: Default::default(),
    };
    let party = crate::css::movement::Party::new(
        WP,
        h(3, 4),
        Part::First,
        crate::css::movement::DEPLOYED,
        &[gun],
        false,
    );
    assert_eq!(party.unwrap_err().case, "S7.6");
    let clear = h(8, 8);
    let gun = Advancer {
        unit: UnitId(3),
        class: MoveClass::Wheeled,
    };
    assert!(advance(&g, clear, true, &took_part, &[gun], Some(3)).is_ok());
}

// S10.6 after a charge (S10.7.2): a passed charge empties the hex and the chargers advance;
// a failed one does not.
#[test]
fn css_s10_6_chargers_advance_into_the_hex_their_charge_emptied() {
    use crate::css::morale::check;
    let b = Board::new();
    let g = b.ground();
    let into = h(5, 6);
    let chargers = [UnitId(1), UnitId(2)];
    let movers = [
        Advancer {
            unit: UnitId(1),
            class: LEG,
        },
        Advancer {
            unit: UnitId(2),
            class: LEG,
        },
    ];
    // S10.7.2: the picked charger's TQC (TQ 5) passes on a 4 and fails on a 6.
    let pass = check(5, 4, 0);
    assert!(pass.passed());
    let adv = advance(&g, into, pass.passed(), &chargers, &movers, Some(3));
    assert_eq!(adv.unwrap().units.len(), 2);
    let fail = check(5, 6, 0);
    let adv = advance(&g, into, fail.passed(), &chargers, &movers, Some(3));
    assert_eq!(adv.unwrap_err().case, "S10.6");
}
