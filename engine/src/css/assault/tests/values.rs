//! Assault Values (S10.3) and the assault rolls with their modifiers (S10.4).

use super::*;

// S10.3: the highest base firepower, +1 for each other unit and each SW; blue is halved only
// if the other side has no hard target, yellow counts in full, each lost step −1; a one-shot
// weapon counts and is used up.
#[test]
fn css_s10_3_assault_value_is_the_best_firepower_plus_one_each() {
    let blue = Fighter {
        colour: Colour::Blue,
        hard: true,
        ..fighter(1, 8, 5)
    };
    let yellow = Fighter {
        colour: Colour::Yellow,
        ..fighter(2, 3, 5)
    };
    let worn = Fighter {
        sws: 2,
        one_shot: 1,
        cond: Condition {
            lost: 1,
            ..Condition::fresh(2)
        },
        ..fighter(3, 5, 5)
    };
    let mut attackers = [blue, yellow, worn];
    let mut soft = [fighter(9, 3, 5)];
    let a = assault(&mut attackers, &mut soft);
    let v = a.value(Role::Attacker);
    // Blue 8 halved against soft defenders = 4; the worn unit 5 − 1 = 4: best 4, +2 units,
    // +2 SWs.
    assert_eq!((v.best, v.value, v.one_shot_used), (4, 8, 1));
    let mut attackers = [blue, yellow, worn];
    let mut with_tank = [
        fighter(9, 3, 5),
        Fighter {
            hard: true,
            ..fighter(10, 6, 5)
        },
    ];
    let a = assault(&mut attackers, &mut with_tank);
    assert_eq!(
        a.value(Role::Attacker).best,
        8,
        "one hard defender: blue in full"
    );
    let d = a.value(Role::Defender);
    assert_eq!((d.best, d.value), (6, 7));
    let mut yellow_only = [yellow];
    let mut tanks = [blue];
    let a = assault(&mut tanks, &mut yellow_only);
    assert_eq!(
        a.value(Role::Defender).value,
        3,
        "yellow in full, even against a tank"
    );
}

// S10.3: a defending side with a DG or Suppressed unit loses 2, in Column 1 more; an Assault
// Value never goes below 0.
#[test]
fn css_s10_3_a_dg_defender_costs_its_side_2() {
    let mut attackers = [fighter(1, 5, 5)];
    let dg = Fighter {
        cond: Condition {
            status: Status::Dg,
            ..Condition::fresh(2)
        },
        ..fighter(8, 5, 5)
    };
    let mut defenders = [fighter(9, 5, 5), dg];
    let a = assault(&mut attackers, &mut defenders);
    assert_eq!(a.value(Role::Defender).value, 5 + 1 - 2);
    let suppressed = Fighter {
        cond: Condition {
            status: Status::Suppressed,
            ..Condition::fresh(2)
        },
        deployed: false,
        ..fighter(9, 2, 5)
    };
    let mut defenders = [suppressed];
    let mut attackers = [fighter(1, 5, 5)];
    let a = assault(&mut attackers, &mut defenders);
    let v = a.value(Role::Defender);
    assert_eq!(
        v.lines.iter().map(|l| l.value).collect::<Vec<_>>(),
        [-2, -1]
    );
    assert_eq!(v.value, 0, "2 − 2 − 1 counts as 0");
    // A Pinned defender costs nothing.
    let pinned = Fighter {
        cond: Condition {
            status: Status::Pinned,
            ..Condition::fresh(2)
        },
        ..fighter(9, 5, 5)
    };
    let mut defenders = [pinned];
    let a = assault(&mut attackers, &mut defenders);
    assert_eq!(a.value(Role::Defender).value, 5);
}

// S10.3, exclusive 2.2.1: the attacker loses the terrain cover and fortification of Deployed
// defenders (not of defenders in Column), and 1 more only if every attacker is across a slope.
#[test]
fn css_s10_3_the_attacker_loses_cover_fortification_and_the_slope() {
    let mut b = Board::new();
    let t = h(4, 4);
    b.dot(t, dots::WOODS);
    let mut m = Marks::default();
    m.forts.push((t, Fortification::Entrenched));
    let hex = Defended::on(&b.ground(), &m, t);
    assert_eq!(
        hex,
        Defended {
            cover: 2,
            fortification: 2,
            urban: false
        }
    );
    let mut attackers = [fighter(1, 7, 5), fighter(2, 4, 5)];
    let mut defenders = [fighter(9, 5, 5)];
    let mut a = Assault {
        hex,
        ..assault(&mut attackers, &mut defenders)
    };
    assert_eq!(a.value(Role::Attacker).value, 8 - 2 - 2);
    a.across_slope = true;
    assert_eq!(a.value(Role::Attacker).value, 3);
    let mut in_column = [Fighter {
        deployed: false,
        ..fighter(9, 5, 5)
    }];
    let mut attackers = [fighter(1, 7, 5), fighter(2, 4, 5)];
    let a = Assault {
        hex,
        ..assault(&mut attackers, &mut in_column)
    };
    assert_eq!(a.value(Role::Attacker).value, 8, "no cover in Column");
    assert_eq!(a.value(Role::Defender).value, 4, "and −1 to the defender");
}

// S10.4, S1.3.1: each side adds its d10 and modifiers to its Assault Value; high is good, so a
// higher attacker roll raises the difference and a higher defender roll lowers it.
#[test]
fn css_s10_4_assault_rolls_high_is_good() {
    let (ac, tq) = (assault_charts(), tq_modifiers());
    let mut attackers = [fighter(1, 5, 5)];
    let mut defenders = [fighter(9, 5, 5)];
    let a = assault(&mut attackers, &mut defenders);
    let diff = |ar, dr| a.totals(ar, dr, &ac, &tq).unwrap().difference;
    assert_eq!(diff(9, 0), 9);
    assert_eq!(diff(0, 9), -9);
    assert_eq!(diff(4, 4), 0);
    assert!(diff(6, 3) > diff(5, 3) && diff(5, 4) < diff(5, 3));
    assert_eq!(a.totals(10, 0, &ac, &tq).unwrap_err().case, "S1.3");
    let Pending::<u8>::Roll { case, dice, .. } = assault_roll(WP, Role::Attacker) else {
        panic!("a roll")
    };
    assert_eq!((case, dice), ("S10.4", DiceSpec::D10));
}

// Table S10.4-T: the best leader's Assault bonus, a hero, the better TQ (after S11.3), the
// flame-thrower and assault ability of 3.14, and −2 to hard-only attackers of a City or Town.
#[test]
fn css_s10_4_roll_modifiers_of_table_s10_4_t() {
    let (m, tq) = (assault_charts().modifiers, tq_modifiers());
    let mut attackers = [fighter(1, 5, 6), fighter(2, 5, 4)];
    let mut defenders = [fighter(9, 5, 5)];
    let a = Assault {
        attack: Backing {
            leader_bonus: 2,
            hero: true,
            ..Backing::default()
        },
        defence: Backing {
            assault_ability: true,
            ..Backing::default()
        },
        ..assault(&mut attackers, &mut defenders)
    };
    assert_eq!(
        a.roll_card(Role::Attacker, &m, &tq).modifier,
        2 + 2 + 1,
        "TQ 6 beats 5"
    );
    assert_eq!(a.roll_card(Role::Defender, &m, &tq).modifier, 2);
    // A DG best unit loses its edge: TQ 6 − 1 = 5 is not higher than 5.
    let mut attackers = [Fighter {
        cond: Condition {
            status: Status::Dg,
            ..Condition::fresh(2)
        },
        ..fighter(1, 5, 6)
    }];
    let a = assault(&mut attackers, &mut defenders);
    assert_eq!(a.roll_card(Role::Attacker, &m, &tq).modifier, 0);
    // Tanks alone into a Town: −2; with infantry along, nothing.
    let tank = Fighter {
        hard: true,
        ..fighter(1, 6, 4)
    };
    let town = Defended {
        cover: 2,
        fortification: 0,
        urban: true,
    };
    let mut tanks = [tank];
    let a = Assault {
        hex: town,
        ..assault(&mut tanks, &mut defenders)
    };
    assert_eq!(a.roll_card(Role::Attacker, &m, &tq).modifier, -2);
    let mut mixed = [tank, fighter(2, 4, 4)];
    let a = Assault {
        hex: town,
        ..assault(&mut mixed, &mut defenders)
    };
    assert_eq!(a.roll_card(Role::Attacker, &m, &tq).modifier, 0);
}
