//! Opportunity fire: who may, what triggers it, and the return fire after it (S9.11).

use super::*;

// S9.11.1: Deployed, not DG or Suppressed, no Op Fire marker, no Ammo Low/Out or rationing, the
// trigger in the Fire Zone; a Pinned unit fires at −1.
#[test]
fn css_s9_11_1_who_may_opportunity_fire() {
    let ok = Member::deployed(weapon(5, Colour::White, 3));
    let s = FireSetup {
        kind: FireKind::Opportunity,
        ..FireSetup::direct(2)
    };
    let case = |m: Member| check_group(&[m], &s).unwrap_err().case;
    assert_eq!(
        case(Member {
            deployed: false,
            ..ok
        }),
        "S9.11.1"
    );
    assert_eq!(
        case(Member {
            status: Status::Dg,
            ..ok
        }),
        "S9.11.1"
    );
    assert_eq!(
        case(Member {
            op_fired: true,
            ..ok
        }),
        "S9.11.3"
    );
    assert_eq!(
        case(Member {
            ammo: Ammo::Low,
            ..ok
        }),
        "S15.1"
    );
    assert_eq!(
        case(Member {
            rationed: true,
            ..ok
        }),
        "S9.11.1"
    );
    let pinned = Member {
        status: Status::Pinned,
        ..ok
    };
    assert_eq!(column(&[pinned], &s, &TargetUnit::soft(0)), 4);
    let far = Candidate {
        unit: RIFLES,
        member: ok,
        in_fire_zone: false,
    };
    assert_eq!(opportunity::eligible(&far, &s).unwrap_err().case, "S9.11.1");
    assert!(Window::open(Trigger::EnteredHex, Side::A, s, &[far]).is_none());
}

// S9.11.2, S5.4: what triggers opportunity fire; a pass closes the window.
#[test]
fn css_s9_11_2_triggers() {
    for t in [
        Trigger::EnteredHex,
        Trigger::ChangedSide,
        Trigger::DirectFire,
        Trigger::DeclaredAssault,
        Trigger::LoadOrUnload,
        Trigger::Engineering,
    ] {
        assert!(t.triggers(), "{t:?}");
    }
    for t in [
        Trigger::DeclaredCharge,
        Trigger::Rally,
        Trigger::Resupply,
        Trigger::Hold,
    ] {
        assert!(!t.triggers(), "{t:?}");
    }
    assert!(Trigger::IndirectFire {
        firer_spotted: true
    }
    .triggers());
    assert!(!Trigger::IndirectFire {
        firer_spotted: false
    }
    .triggers());
    assert!(Trigger::DirectFire.is_fire() && !Trigger::EnteredHex.is_fire());
    let c = [Candidate {
        unit: RIFLES,
        member: Member::deployed(weapon(5, Colour::White, 3)),
        in_fire_zone: true,
    }];
    assert!(Window::open(Trigger::Rally, Side::B, FireSetup::direct(1), &c).is_none());
    let mut w = Window::open(Trigger::ChangedSide, Side::B, FireSetup::direct(1), &c).unwrap();
    assert_eq!(w.pending().player(), Some(Side::B));
    // An option past the list (Pass, the rifles) cites the choice's case and changes nothing.
    let before = w.clone();
    assert_eq!(w.choose(2).unwrap_err().case, "S9.11.3");
    assert_eq!(w, before);
    assert_eq!(w.choose(0), Ok(None));
    assert!(w.is_over() && w.fired.is_empty());
    assert_eq!(w.declare(&[RIFLES]).unwrap_err().case, "S9.11.3");
}

// S9.11.4: the triggering fire is resolved first; the units it hit answer with their new
// status: a target it suppressed cannot fire back, one it missed can.
#[test]
fn css_s9_11_4_return_fire_comes_after_the_fire() {
    let charts = fire_charts();
    let attacker = [Member::deployed(weapon(6, Colour::White, 3))];
    let setup = FireSetup {
        units_in_target_hex: 2,
        ..FireSetup::direct(2)
    };
    let soft = TargetUnit::soft(0);
    let mut hex = [
        (soft, Condition::fresh(2)),
        (TargetUnit::soft(4), Condition::fresh(2)),
    ];
    let r = resolve(&attacker, &setup, &mut hex, 4, &charts).unwrap();
    assert_eq!(
        (r.targets[0].result, r.targets[1].result),
        (FireResult::Suppress, FireResult::NoEffect)
    );
    let back = |cond: &Condition, unit| Candidate {
        unit,
        member: Member {
            status: cond.status,
            ..Member::deployed(weapon(4, Colour::White, 3))
        },
        in_fire_zone: true,
    };
    let candidates = [back(&hex[0].1, UnitId(7)), back(&hex[1].1, UnitId(8))];
    assert!(Trigger::DirectFire.is_fire());
    let w = Window::open(
        Trigger::DirectFire,
        Side::A,
        FireSetup::direct(2),
        &candidates,
    )
    .unwrap();
    let Pending::Choose { options, .. } = w.pending() else {
        panic!("a choice")
    };
    assert_eq!(
        options.as_slice(),
        &[OpChoice::Pass, OpChoice::Fire(UnitId(8))]
    );
}

// S9.11.5 (exclusive 3.12): NATO is active and its rifles have already fired this activation;
// a Soviet missile fired at them out of turn, as opportunity fire, may be answered by NATO's
// units — the rifles fire back at the missile's hex, marked Op Fire, though they took their
// fire-type action — where the game's flag allows it. A DG unit still may not; a missile fired
// in its own turn, or a game without the flag, opens no answer (refused, S9.11.5).
#[test]
fn css_s9_11_5_the_active_side_answers_a_missile_fired_out_of_turn() {
    let allowed = fire_charts().active_side_answers_missiles;
    assert!(allowed, "Gates 3.12 lets the defending player answer");
    let spent = Member {
        fired: true,
        ..Member::deployed(weapon(5, Colour::White, 3))
    };
    let rifles = Candidate {
        unit: RIFLES,
        member: spent,
        in_fire_zone: true,
    };
    let shaken = Candidate {
        unit: CHIEFTAIN,
        member: Member {
            status: Status::Dg,
            ..Member::deployed(weapon(7, Colour::Blue, 5))
        },
        in_fire_zone: true,
    };
    let at_missile = FireSetup::direct(3);
    // As an ordinary window the spent rifles could not fire.
    assert!(Window::open(Trigger::DirectFire, Side::A, at_missile, &[rifles]).is_none());
    let mut w = Window::answer_missile(
        allowed,
        FireKind::Opportunity,
        Side::A,
        at_missile,
        &[rifles, shaken],
    )
    .unwrap()
    .expect("the rifles may answer");
    assert_eq!(w.player, Side::A, "the active player answers");
    assert_eq!(
        w.pending(),
        Pending::Choose {
            player: Side::A,
            purpose: "opportunity fire",
            case: "S9.11.3",
            options: heapless::Vec::from_slice(&[OpChoice::Pass, OpChoice::Fire(RIFLES)]).unwrap(),
        }
    );
    let group = w.choose(1).unwrap().unwrap();
    assert_eq!(group.len(), 1);
    assert_eq!(w.fired.as_slice(), [RIFLES]);
    let c = card(&group, &w.setup, &TargetUnit::soft(0), &fire_charts());
    assert_eq!(c.column, 5);
    // Refusals.
    let no_flag =
        Window::answer_missile(false, FireKind::Opportunity, Side::A, at_missile, &[rifles]);
    assert_eq!(no_flag.unwrap_err().case, "S9.11.5");
    let in_turn = Window::answer_missile(allowed, FireKind::Direct, Side::A, at_missile, &[rifles]);
    assert_eq!(in_turn.unwrap_err().case, "S9.11.5");
}
