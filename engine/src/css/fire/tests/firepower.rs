//! Firepower, who may fire, combined fire and the modifiers on the column (S9.1-S9.5, S9.14).

use super::*;

// S9.1, S9.1.1, exclusive 3.13, B14: box colours against soft, hard and Tank targets.
#[test]
fn css_s9_1_firepower_colours_and_the_tank_minimum() {
    let charts = fire_charts();
    let setup = FireSetup::direct(2);
    let soft = TargetUnit::soft(0);
    let carrier = TargetUnit {
        hard: true,
        ..TargetUnit::soft(0)
    };
    let tank = TargetUnit {
        tank: true,
        ..carrier
    };
    let at = |w: Weapon, t: &TargetUnit| {
        let c = card(&[Member::deployed(w)], &setup, t, &charts);
        c.affects.then_some(c.column)
    };
    assert_eq!(
        at(weapon(7, Colour::Blue, 3), &soft),
        Some(3),
        "blue halved vs soft"
    );
    assert_eq!(at(weapon(7, Colour::Blue, 3), &carrier), Some(7));
    assert_eq!(at(weapon(3, Colour::Blue, 3), &tank), None, "blue 3 < 4");
    assert_eq!(
        at(weapon(4, Colour::White, 3), &tank),
        Some(4),
        "white 4 may"
    );
    assert_eq!(at(weapon(3, Colour::White, 3), &tank), None);
    assert_eq!(
        at(weapon(3, Colour::White, 3), &carrier),
        Some(3),
        "the minimum is for Tanks"
    );
    assert_eq!(
        at(weapon(6, Colour::Yellow, 3), &carrier),
        None,
        "yellow never at hard targets"
    );
    assert_eq!(at(weapon(6, Colour::Yellow, 3), &soft), Some(6));
    assert_eq!(
        at(weapon(6, Colour::WhiteRed, 3), &tank),
        None,
        "red number: no Tanks"
    );
    assert_eq!(at(weapon(6, Colour::WhiteRed, 3), &carrier), Some(6));
    // A unit the fire cannot affect is left alone by the roll (S9.3.3).
    let mut t = [(tank, Condition::fresh(1))];
    let r = resolve(
        &[Member::deployed(weapon(6, Colour::Yellow, 3))],
        &setup,
        &mut t,
        0,
        &charts,
    )
    .unwrap();
    assert_eq!((r.targets[0].hit, t[0].1.status), (None, Status::None));
}

// S9.1.2, S9.3.1: −1 per lost step, never below 1; a Column firer fires only adjacent, halved.
#[test]
fn css_s9_1_2_base_firepower_and_column_fire() {
    let soft = TargetUnit::soft(0);
    let worn = Member {
        lost: 2,
        ..Member::deployed(weapon(5, Colour::White, 3))
    };
    assert_eq!(base_firepower(&worn, &soft), 3);
    let spent = Member {
        lost: 3,
        ..Member::deployed(weapon(2, Colour::White, 3))
    };
    assert_eq!(base_firepower(&spent, &soft), 1);
    let column = Member {
        deployed: false,
        ..Member::deployed(weapon(5, Colour::White, 3))
    };
    assert_eq!(base_firepower(&column, &soft), 2);
    assert!(check_group(&[column], &FireSetup::direct(1)).is_ok());
    assert_eq!(
        check_group(&[column], &FireSetup::direct(2))
            .unwrap_err()
            .case,
        "S9.3.1"
    );
}

// S9.3.1, S9.2, S5.1.2: who may not fire.
#[test]
fn css_s9_3_1_refusals_cite_their_cases() {
    let ok = Member::deployed(weapon(5, Colour::White, 3));
    let case = |m: Member, s: FireSetup| check_group(&[m], &s).unwrap_err().case;
    let d = FireSetup::direct(2);
    assert_eq!(
        case(
            Member {
                status: Status::Suppressed,
                ..ok
            },
            d
        ),
        "S11.6"
    );
    assert_eq!(case(Member { fired: true, ..ok }, d), "S5.1.2");
    assert_eq!(
        case(
            Member {
                ammo: Ammo::Out,
                ..ok
            },
            d
        ),
        "S15.1"
    );
    assert_eq!(case(ok, FireSetup::direct(4)), "S9.2");
    assert_eq!(
        case(
            ok,
            FireSetup {
                spotted: false,
                ..d
            }
        ),
        "S9.3.1"
    );
    assert_eq!(check_group(&[], &d).unwrap_err().case, "S9.3.2");
    assert!(check_group(
        &[Member {
            ammo: Ammo::Low,
            status: Status::Dg,
            ..ok
        }],
        &d
    )
    .is_ok());
}

// S9.4: the highest base firepower plus 1 per other member; the firer's modifiers come from the
// member whose firepower is used.
#[test]
fn css_s9_4_combined_fire_takes_the_best_plus_one_each() {
    let pinned_small = Member {
        status: Status::Pinned,
        ..Member::deployed(weapon(2, Colour::White, 3))
    };
    let big = Member::deployed(weapon(5, Colour::White, 3));
    let dg_mid = Member {
        status: Status::Dg,
        ..Member::deployed(weapon(4, Colour::White, 3))
    };
    let setup = FireSetup::direct(2);
    let soft = TargetUnit::soft(0);
    let c = card(&[pinned_small, big, dg_mid], &setup, &soft, &fire_charts());
    assert_eq!(
        (c.leader, c.firepower, c.column),
        (1, 7, 7),
        "no −1 or −2: the leader is fresh"
    );
    let c = card(&[pinned_small, dg_mid], &setup, &soft, &fire_charts());
    assert_eq!((c.leader, c.column), (1, 4 + 1 - 2));
}

// Table S9.5-T: smoke (only the worst), night beyond adjacent, crowded hexes, Column targets get
// no cover but +2 in a bridge hex; indirect fire ignores adjacency, smoke and slopes (S9.8.3).
#[test]
fn css_s9_5_modifiers_go_on_the_column() {
    let m = [Member::deployed(weapon(6, Colour::White, 6))];
    let soft = TargetUnit {
        cover: 2,
        ..TargetUnit::soft(0)
    };
    let d = FireSetup::direct(3);
    assert_eq!(column(&m, &d, &soft), 4);
    assert_eq!(
        column(
            &m,
            &FireSetup {
                smoke: Smoke::Thick,
                ..d
            },
            &soft
        ),
        2
    );
    assert_eq!(
        column(
            &m,
            &FireSetup {
                smoke: Smoke::Thin,
                ..d
            },
            &soft
        ),
        3
    );
    assert_eq!(column(&m, &FireSetup { night: true, ..d }, &soft), 3);
    assert_eq!(
        column(
            &m,
            &FireSetup {
                night: true,
                ..FireSetup::direct(1)
            },
            &soft
        ),
        5
    );
    assert_eq!(
        column(
            &m,
            &FireSetup {
                units_in_target_hex: 3,
                ..d
            },
            &soft
        ),
        5
    );
    let column_unit = TargetUnit {
        deployed: false,
        ..soft
    };
    assert_eq!(column(&m, &d, &column_unit), 6, "no cover in Column");
    assert_eq!(
        column(
            &m,
            &d,
            &TargetUnit {
                bridge_hex: true,
                ..column_unit
            }
        ),
        8
    );
    let mortar = [Member::deployed(Weapon {
        indirect: true,
        ..weapon(6, Colour::White, 12)
    })];
    let ind = FireSetup {
        kind: FireKind::Indirect,
        distance: 1,
        smoke: Smoke::Thick,
        slope: true,
        ..d
    };
    assert_eq!(
        column(
            &mortar,
            &ind,
            &TargetUnit {
                indirect_cover: 1,
                ..soft
            }
        ),
        5
    );
    // S1.5: the final column is clamped to 0…12.
    let huge = [Member::deployed(weapon(20, Colour::White, 6))];
    assert_eq!(column(&huge, &d, &TargetUnit::soft(0)), 12);
    assert_eq!(column(&m, &d, &TargetUnit::soft(9)), 0);
}

// S9.14: an unmodified attack reads the printed firepower, no Defense, no cover, nothing.
#[test]
fn css_s9_14_unmodified_attacks_use_the_printed_firepower() {
    let strike = [Member {
        lost: 2,
        status: Status::Pinned,
        ..Member::deployed(weapon(7, Colour::White, 60))
    }];
    let setup = FireSetup {
        kind: FireKind::Unmodified,
        smoke: Smoke::Thick,
        bad_weather: true,
        ..FireSetup::direct(40)
    };
    let dug_in = TargetUnit {
        cover: 3,
        fortification: 2,
        ..TargetUnit::soft(2)
    };
    let c = card(&strike, &setup, &dug_in, &fire_charts());
    assert_eq!((c.column, c.lines.len()), (7, 0));
}
