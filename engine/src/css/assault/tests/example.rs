//! The worked example of S10 (css-series.md, Appendix C).

use super::*;

// Example S10.5-A: two motor rifle companies (white 5 with the flame-thrower and the leader,
// white 4) in two Clear hexes assault a US rifle company (white 5, TQ 6) Deployed in a Town hex
// with a Prepared Position; the defensive fire misses, 3 + 11 = 14 against 5 + 2 = 7, +7: the
// US company loses a step and routs; the white 4 company advances; the flame-thrower's roll of 2
// sets the hex on fire.
#[test]
fn css_example_s10_5_a_an_assault_with_leader_flame_thrower_and_advance() {
    let mut b = Board::new();
    let town = h(5, 5);
    b.dot(town, dots::TOWN);
    let (west, east) = (nb(&b, town, 0), nb(&b, town, 2));
    let mut marks = Marks::default();
    marks.forts.push((town, Fortification::Prepared));
    let g = b.ground();
    let (five, four, us) = (UnitId(1), UnitId(2), UnitId(9));

    // 1. Declaration: an opportunity-fire trigger in each assaulting hex.
    let mut d = declare(
        &g,
        &marks,
        WP,
        town,
        true,
        &[
            Approach {
                hex: west,
                part: Part::First,
                units: &[Assaulter::ready(five, LEG)],
            },
            Approach {
                hex: east,
                part: Part::First,
                units: &[Assaulter::ready(four, LEG)],
            },
        ],
    )
    .unwrap();
    let triggers: Vec<_> = d.triggers().collect();
    assert_eq!(
        triggers,
        [
            (Trigger::DeclaredAssault, west),
            (Trigger::DeclaredAssault, east)
        ]
    );
    // The US company fires at the hex with the leader: white 5, +1 adjacent, no cover → 6.
    let rifles = Member::deployed(Weapon {
        firepower: 5,
        colour: Colour::White,
        range: 3,
        indirect: false,
        sustained_ability: false,
        spared_ammo_low: false,
    });
    let candidate = Candidate {
        unit: us,
        member: rifles,
        in_fire_zone: true,
    };
    let mut w = Window::open(
        Trigger::DeclaredAssault,
        NATO,
        FireSetup::direct(1),
        &[candidate],
    )
    .expect("the declaration is a trigger");
    let group = w.declare(&[us]).unwrap();
    let in_clear = TargetUnit::soft(0);
    let charts = fire_charts();
    assert_eq!(fire::card(&group, &w.setup, &in_clear, &charts).column, 6);
    let mut hit = [(in_clear, Condition::fresh(2))];
    let r = fire::resolve(&group, &w.setup, &mut hit, 8, &charts).unwrap();
    assert_eq!(r.targets[0].result, FireResult::NoEffect, "margin −2");
    assert_eq!(
        d.after_defensive_fire(|_| Some(Status::None)),
        Standing::Goes(2)
    );
    assert!(!d.across_slope());

    // 2. Assault Values: 5 + 1 − 2 Town − 1 Prepared Position = 3; the defender 5.
    let hex = Defended::on(&g, &marks, town);
    assert_eq!(
        hex,
        Defended {
            cover: 2,
            fortification: 1,
            urban: true
        }
    );
    let mut with_leader = fighter(1, 5, 5);
    with_leader.tq.leader_bonus = 1;
    let mut attackers = [with_leader, fighter(2, 4, 5)];
    let mut defenders = [fighter(9, 5, 6)];
    let mut a = Assault {
        attack: Backing {
            leader_bonus: 1,
            flame_thrower: true,
            ..Backing::default()
        },
        hex,
        across_slope: d.across_slope(),
        ..assault(&mut attackers, &mut defenders)
    };
    let av = a.value(Role::Attacker);
    assert_eq!((av.best, av.value), (5, 3));
    assert_eq!(a.value(Role::Defender).value, 5);

    // 3. Rolls: 7 + 1 leader + 3 flame-thrower = 11; TQ 6 against 6: no modifier; 2 + 0.
    let (ac, tq) = (assault_charts(), tq_modifiers());
    let t = a.totals(7, 2, &ac, &tq).unwrap();
    assert_eq!(t.attacker.modifiers.modifier, 4);
    assert!(t
        .attacker
        .modifiers
        .lines
        .iter()
        .all(|l| l.what != "better troop quality"));
    assert_eq!(t.attacker.roll as i16 + t.attacker.modifiers.modifier, 11);
    assert_eq!(t.defender.modifiers.modifier, 0);

    // 4. Totals 14 and 7, +7: the US company loses a step (2 → 1) and routs.
    assert_eq!(
        (t.attacker.total, t.defender.total, t.difference),
        (14, 7, 7)
    );
    assert_eq!(t.result, AssaultResult::DefendersStepAndRout);
    let report = a.apply(t.result, &[], &tq).unwrap();
    let o = report.defenders[0];
    assert_eq!((o.end, o.steps_lost), (End::Routed, 1));
    assert!(o.leader_check(), "a leader there would check (none is)");
    assert_eq!(defenders[0].cond.remaining(), 1);
    assert!(report.may_advance);

    // 5. The white 4 company advances into the Town hex (leg units may deploy there).
    let adv = advance(
        &g,
        town,
        report.may_advance,
        &report.survivors(),
        &[Advancer {
            unit: four,
            class: LEG,
        }],
        Some(3),
    )
    .unwrap();
    assert_eq!(adv.units.as_slice(), &[four]);

    // 6. End of the assault: the flame-thrower's separate die, 2 (0–3), sets the hex on fire.
    assert!(report.flame_fire_check);
    assert!(crate::gates::abilities::flame_sets_fire(2));
}
