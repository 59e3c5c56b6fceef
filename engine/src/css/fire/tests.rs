//! Fire combat (S9) on small hand-made situations, with every worked example of S9 that the
//! module covers, named with their cases.

use super::opportunity::{Candidate, OpChoice, Trigger, Window};
use super::*;
use crate::core::protocol::Pending;
use crate::core::units::UnitId;
use crate::css::morale::{Condition, Fate, Status};
use crate::css::standin::{fire_charts, fire_table};

const fn weapon(firepower: u8, colour: Colour, range: u8) -> Weapon {
    Weapon {
        firepower,
        colour,
        range,
        indirect: false,
        sustained_ability: false,
        spared_ammo_low: false,
    }
}

fn column(members: &[Member], setup: &FireSetup, t: &TargetUnit) -> i16 {
    let c = card(members, setup, t, &fire_charts());
    assert!(c.affects);
    c.column
}

// Table S9.6-T as printed in css-series.md: rows 0, 4 and 9 cell by cell.
#[test]
fn css_s9_6_the_stand_in_table_is_the_printed_one() {
    use FireResult::*;
    let t = fire_table();
    let row = |r: u8| -> [FireResult; 13] { core::array::from_fn(|c| t.result(c as i16, r)) };
    assert_eq!(
        row(0),
        [
            Pin,
            Dg,
            Suppress,
            Step,
            Step,
            StepSuppress,
            StepSuppress,
            StepSuppress,
            TwoSteps,
            TwoSteps,
            TwoSteps,
            TwoSteps,
            TwoSteps
        ]
    );
    assert_eq!(
        row(4),
        [
            NoEffect,
            NoEffect,
            NoEffect,
            NoEffect,
            Pin,
            Dg,
            Suppress,
            Step,
            Step,
            StepSuppress,
            StepSuppress,
            StepSuppress,
            TwoSteps
        ]
    );
    assert_eq!(
        row(9),
        [
            NoEffect, NoEffect, NoEffect, NoEffect, NoEffect, NoEffect, NoEffect, NoEffect,
            NoEffect, Pin, Dg, Suppress, Step
        ]
    );
    let labels: [&str; 4] = [
        Step.label(),
        StepSuppress.label(),
        TwoSteps.label(),
        NoEffect.label(),
    ];
    assert_eq!(labels, ["1", "1S", "2", "—"]);
    // S1.5: columns beyond the ends read on 0 and 12.
    assert_eq!(t.result(-4, 0), Pin);
    assert_eq!(t.result(30, 9), Step);
}

// S9.6 and exclusive 3.12: an unmodified 0 always gives at least a Pin, whatever a club's table
// prints there; only the raw 0 does.
#[test]
fn css_s9_6_unmodified_zero_always_pins() {
    let blank = FireTable::from_rows(&[[FireResult::NoEffect; 13]; 10]).unwrap();
    assert_eq!(result_of(&blank, 0, 0), FireResult::Pin);
    assert_eq!(result_of(&blank, 12, 1), FireResult::NoEffect);
    assert_eq!(result_of(&fire_table(), 0, 1), FireResult::NoEffect);
    assert_eq!(
        result_of(&fire_table(), 3, 0),
        FireResult::Step,
        "better cells stay"
    );
    // The whole way: a column-0 target still pins on a raw 0.
    let mut charts = fire_charts();
    charts.table = blank;
    let m = [Member::deployed(weapon(1, Colour::White, 2))];
    let mut t = [(
        TargetUnit {
            defense: 5,
            ..TargetUnit::soft(5)
        },
        Condition::fresh(1),
    )];
    let r = resolve(&m, &FireSetup::direct(2), &mut t, 0, &charts).unwrap();
    assert_eq!(
        (r.targets[0].column, r.targets[0].result),
        (0, FireResult::Pin)
    );
    assert!(r.raw_zero);
    assert_eq!(t[0].1.status, Status::Pinned);
}

// Example S9.5-A: a combined fire with every modifier against three targets in one hex; one
// roll of 1 for all of them (S9.3.3); the MG cannot fire at a Tank, so against the M60 the
// group is the BMP alone (S9.4, B30).
#[test]
fn css_example_s9_5_a_direct_fire_with_every_modifier() {
    let bmp = Member {
        lost: 1,
        status: Status::Pinned,
        sustained: true,
        ..Member::deployed(Weapon {
            sustained_ability: true,
            ..weapon(6, Colour::White, 4)
        })
    };
    let mg = Member::deployed(weapon(3, Colour::White, 4));
    let group = [bmp, mg];
    let setup = FireSetup {
        kind: FireKind::Direct,
        distance: 1,
        spotted: true,
        smoke: Smoke::Thin,
        slope: true,
        bad_weather: true,
        night: false,
        units_in_target_hex: 3,
    };
    let village = 1;
    let rifle = TargetUnit {
        cover: village,
        fortification: 1,
        ..TargetUnit::soft(0)
    };
    let m113 = TargetUnit {
        hard: true,
        deployed: false,
        cover: village,
        ..TargetUnit::soft(1)
    };
    let m60 = TargetUnit {
        hard: true,
        tank: true,
        cover: village,
        fortification: 1,
        ..TargetUnit::soft(3)
    };
    let charts = fire_charts();
    let rc = card(&group, &setup, &rifle, &charts);
    assert_eq!(rc.firepower, 6, "5 (6 − 1 step) + 1 for the MG");
    let whole: i16 = rc
        .lines
        .iter()
        .filter(|l| !matches!(l.what, "Defense" | "terrain cover" | "fortification"))
        .map(|l| l.value as i16)
        .sum();
    assert_eq!(whole, 0, "+2 −1 +1 −1 −1 −1 +1");
    assert_eq!(rc.column, 4);
    assert_eq!(column(&group, &setup, &m113), 5);
    let tc = card(&group, &setup, &m60, &charts);
    assert_eq!((tc.firepower, tc.leader, tc.column), (5, 0, 0));

    let mut targets = [
        (rifle, Condition::fresh(2)),
        (m113, Condition::fresh(1)),
        (m60, Condition::fresh(2)),
    ];
    let r = resolve(&group, &setup, &mut targets, 1, &charts).unwrap();
    let results: [FireResult; 3] = core::array::from_fn(|i| r.targets[i].result);
    assert_eq!(
        results,
        [FireResult::Step, FireResult::Step, FireResult::NoEffect]
    );
    assert_eq!(
        (targets[0].1.remaining(), targets[0].1.status),
        (1, Status::Dg)
    );
    assert_eq!(r.targets[1].hit.unwrap().fate, Fate::Eliminated);
    assert_eq!(targets[2].1, Condition::fresh(2));
    assert!(!r.raw_zero, "the raw 1 starts no fire (2.3)");
    assert_eq!(r.sustained_cost, SustainedCost::None, "the marker stays");
    assert!(r.leader_check, "a step was lost in the hex (S12.5)");
    assert_eq!(
        r.removed().collect::<heapless::Vec<_, 3>>().as_slice(),
        &[(1, Fate::Eliminated)]
    );
}

// Example S9.8-A: indirect fire into woods: no woods cover, −2 for the hard target; roll 4.
#[test]
fn css_example_s9_8_a_indirect_fire_into_woods() {
    let battery = Member::deployed(Weapon {
        indirect: true,
        ..weapon(8, Colour::White, 30)
    });
    let setup = FireSetup {
        kind: FireKind::Indirect,
        units_in_target_hex: 2,
        ..FireSetup::direct(12)
    };
    let woods = 2;
    let rifle = TargetUnit {
        cover: woods,
        ..TargetUnit::soft(0)
    };
    let m113 = TargetUnit {
        hard: true,
        cover: woods,
        ..TargetUnit::soft(1)
    };
    assert_eq!(column(&[battery], &setup, &rifle), 8);
    assert_eq!(column(&[battery], &setup, &m113), 5);
    let mut t = [(rifle, Condition::fresh(2)), (m113, Condition::fresh(2))];
    let r = resolve(&[battery], &setup, &mut t, 4, &fire_charts()).unwrap();
    assert_eq!(
        (r.targets[0].result, r.targets[1].result),
        (FireResult::Step, FireResult::Dg)
    );
    assert_eq!(
        (t[0].1.lost, t[0].1.status, t[1].1.status),
        (1, Status::Dg, Status::Dg)
    );
    assert!(!r.raw_zero);
    // S9.8.1: only black-dot weapons fire indirectly, and on the map only Deployed.
    let rifle_co = Member::deployed(weapon(5, Colour::White, 3));
    assert_eq!(
        check_group(
            &[rifle_co],
            &FireSetup {
                distance: 3,
                ..setup
            }
        )
        .unwrap_err()
        .case,
        "S9.8.1"
    );
    let packed = Member {
        deployed: false,
        ..battery
    };
    assert_eq!(check_group(&[packed], &setup).unwrap_err().case, "S9.8.1");
}

const CHIEFTAIN: UnitId = UnitId(1);
const RIFLES: UnitId = UnitId(2);

// Example S9.11-A: a T-72 in Column enters a road hex in two NATO units' Fire Zones: the
// Chieftain suppresses it (column 4, roll 2), the rifle company's S on a Suppressed unit captures
// it (column 2, roll 0); both are marked Op Fire and cannot fire at the next mover.
#[test]
fn css_example_s9_11_a_opportunity_fire_ending_in_capture() {
    let t72 = TargetUnit {
        hard: true,
        tank: true,
        deployed: false,
        ..TargetUnit::soft(3)
    };
    let mut tank = [(
        t72,
        Condition {
            status: Status::None,
            steps: 2,
            lost: 1,
        },
    )];
    let chieftain = Member::deployed(weapon(7, Colour::Blue, 5));
    let rifles = Member::deployed(weapon(5, Colour::White, 3));
    let candidates = [
        Candidate {
            unit: CHIEFTAIN,
            member: chieftain,
            in_fire_zone: true,
        },
        Candidate {
            unit: RIFLES,
            member: rifles,
            in_fire_zone: true,
        },
    ];
    let mut w = Window::open(
        Trigger::EnteredHex,
        Side::A,
        FireSetup::direct(3),
        &candidates,
    )
    .expect("two eligible units");
    let Pending::Choose {
        player,
        options,
        case,
        ..
    } = w.pending()
    else {
        panic!("a choice")
    };
    assert_eq!((player, case), (Side::A, "S9.11.3"));
    assert_eq!(
        options.as_slice(),
        &[
            OpChoice::Pass,
            OpChoice::Fire(CHIEFTAIN),
            OpChoice::Fire(RIFLES)
        ]
    );
    let charts = fire_charts();
    let g = w.choose(1).unwrap().expect("the Chieftain fires");
    assert_eq!(card(&g, &w.setup, &t72, &charts).column, 4);
    let r = resolve(&g, &w.setup, &mut tank, 2, &charts).unwrap();
    assert_eq!(r.targets[0].result, FireResult::Suppress);
    assert_eq!(tank[0].1.status, Status::Suppressed);
    w.refresh(|u| candidates.iter().find(|c| c.unit == u).map(|c| c.member));
    let Pending::Choose { options, .. } = w.pending() else {
        panic!("a choice")
    };
    assert_eq!(
        options.as_slice(),
        &[OpChoice::Pass, OpChoice::Fire(RIFLES)]
    );
    let g = w.choose(1).unwrap().expect("the rifles fire");
    assert_eq!(
        card(&g, &w.setup, &t72, &charts).column,
        2,
        "white 5 ≥ 4 may fire at a Tank"
    );
    let r = resolve(&g, &w.setup, &mut tank, 0, &charts).unwrap();
    assert_eq!(r.targets[0].result, FireResult::Suppress);
    assert_eq!(r.targets[0].hit.unwrap().fate, Fate::Captured);
    assert!(r.raw_zero, "the raw 0 calls for the fire check of 2.3");
    assert!(w.is_over());
    assert_eq!(w.fired.as_slice(), &[CHIEFTAIN, RIFLES]);
    // Op Fire markers: the next mover of this activation draws no fire from them.
    let marked: [Candidate; 2] = candidates.map(|c| Candidate {
        member: Member {
            op_fired: true,
            ..c.member
        },
        ..c
    });
    assert!(Window::open(Trigger::EnteredHex, Side::A, FireSetup::direct(3), &marked).is_none());
}

// Example S9.12-A: sustained fire +2 (5 + 2 − 1 = 6); a raw 9 misses and costs the marker and an
// Ammo Low chit; a Berlin garrison unit (3.14) loses only the marker.
#[test]
fn css_example_s9_12_a_sustained_fire_and_a_nine() {
    let sustained = Weapon {
        sustained_ability: true,
        ..weapon(5, Colour::White, 3)
    };
    let company = Member {
        sustained: true,
        ..Member::deployed(sustained)
    };
    let police = TargetUnit {
        cover: 1,
        ..TargetUnit::soft(0)
    };
    let setup = FireSetup::direct(2);
    assert_eq!(column(&[company], &setup, &police), 6);
    let mut t = [(police, Condition::fresh(1))];
    let r = resolve(&[company], &setup, &mut t, 9, &fire_charts()).unwrap();
    assert_eq!(r.targets[0].result, FireResult::NoEffect);
    assert_eq!(r.sustained_cost, SustainedCost::MarkerAndAmmoLow);
    let mut markers = FireMarkers {
        sustained: true,
        ..FireMarkers::default()
    };
    markers.pay(r.sustained_cost);
    assert_eq!((markers.sustained, markers.ammo), (false, Ammo::Low));

    let garrison = Member {
        weapon: Weapon {
            spared_ammo_low: true,
            ..sustained
        },
        ..company
    };
    let r = resolve(&[garrison], &setup, &mut t, 9, &fire_charts()).unwrap();
    assert_eq!(r.sustained_cost, SustainedCost::Marker);
    let mut markers = FireMarkers {
        sustained: true,
        ..FireMarkers::default()
    };
    markers.pay(r.sustained_cost);
    assert_eq!((markers.sustained, markers.ammo), (false, Ammo::Normal));
    // Without the declaration a 9 costs nothing; an 8 with it costs nothing either.
    let plain = Member {
        sustained: false,
        ..company
    };
    assert_eq!(
        resolve(&[plain], &setup, &mut t, 9, &fire_charts())
            .unwrap()
            .sustained_cost,
        SustainedCost::None
    );
    assert_eq!(
        resolve(&[company], &setup, &mut t, 8, &fire_charts())
            .unwrap()
            .sustained_cost,
        SustainedCost::None
    );
    // S9.12: no declaration without the ability.
    let unable = Member {
        sustained: true,
        ..Member::deployed(weapon(5, Colour::White, 3))
    };
    assert_eq!(check_group(&[unable], &setup).unwrap_err().case, "S9.12");
}

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
        "S9.3.1"
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
        "S9.11.1"
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
    assert_eq!(w.choose(0), Ok(None));
    assert!(w.is_over() && w.fired.is_empty());
    assert_eq!(w.declare(&[RIFLES]).unwrap_err().case, "S9.11.3");
}

// S3.7.3, S9.11.3: Op Fire markers go at step 2D-c; Fired and Op Fire at the End Phase.
#[test]
fn css_s3_7_3_fire_markers_are_cleared() {
    let mut m = FireMarkers {
        fired: true,
        op_fire: true,
        sustained: true,
        ammo: Ammo::Low,
    };
    m.end_of_activation();
    assert_eq!((m.fired, m.op_fire), (true, false));
    m.op_fire = true;
    m.end_phase();
    assert_eq!(
        (m.fired, m.op_fire, m.sustained, m.ammo),
        (false, false, true, Ammo::Low)
    );
}

// S9.9.3, S4.8: the Wind removes Thin Smoke and thins Smoke; a gust (0 or 1) clears everything.
#[test]
fn css_s9_9_3_the_wind_thins_and_clears_smoke() {
    assert_eq!(wind(Smoke::Thick, false), Smoke::Thin);
    assert_eq!(wind(Smoke::Thin, false), Smoke::None);
    assert_eq!(wind(Smoke::Thick, is_gust(1)), Smoke::None);
    assert_eq!(wind(Smoke::None, false), Smoke::None);
    assert!(is_gust(0) && is_gust(1) && !is_gust(2) && !is_gust(6));
}

// S9.9.1: barrage smoke by an indirect-fire unit at a spotted hex (or one next to it) in range.
#[test]
fn css_s9_9_1_barrage_smoke_needs_a_black_dot_and_a_spotted_hex() {
    let mortar = Member::deployed(Weapon {
        indirect: true,
        ..weapon(4, Colour::White, 12)
    });
    assert!(check_smoke_mission(&mortar, 8, true).is_ok());
    assert_eq!(
        check_smoke_mission(&mortar, 8, false).unwrap_err().case,
        "S9.9.1"
    );
    assert_eq!(
        check_smoke_mission(&mortar, 13, true).unwrap_err().case,
        "S9.2"
    );
    let rifles = Member::deployed(weapon(5, Colour::White, 3));
    assert_eq!(
        check_smoke_mission(&rifles, 2, true).unwrap_err().case,
        "S9.9.1"
    );
    let fired = Member {
        fired: true,
        ..mortar
    };
    assert_eq!(
        check_smoke_mission(&fired, 2, true).unwrap_err().case,
        "S5.1.2"
    );
}

mod missiles {
    use super::*;
    use crate::css::fire::missile::{MissileAttack, MissileType};
    use crate::css::morale::Tqc;

    fn chieftain() -> TargetUnit {
        TargetUnit {
            hard: true,
            tank: true,
            cover: 2,
            ..TargetUnit::soft(3)
        }
    }

    fn bmp() -> Member {
        Member::deployed(weapon(6, Colour::White, 4))
    }

    // Example S9.13-A: a Spigot at a Chieftain 4 hexes away; the Chieftain lays a canister
    // first; the British rifles fail their TQC (6 > 5) and may not fire; the missile flies:
    // 6 − 3 − 2 = column 1, roll 0 → DG.
    #[test]
    fn css_example_s9_13_a_a_spigot_against_a_chieftain() {
        let charts = fire_charts();
        let spigot = MissileType::Spigot.missile();
        assert_eq!(
            (spigot.firepower, spigot.min_range, spigot.max_range),
            (6, 1, 5)
        );
        let mut a = MissileAttack::declare(
            spigot,
            &bmp(),
            FireKind::Direct,
            4,
            true,
            chieftain(),
            &charts,
        )
        .unwrap();
        a.lay_canister().unwrap();
        assert_eq!(a.response_check(5, 6), Tqc::Fail);
        assert!(!a.suppressed);
        let c = a.card();
        assert_eq!(
            (c.column, c.lines.len()),
            (1, 2),
            "only Defense and the canister; no cover"
        );
        let mut target = Condition::fresh(2);
        let (r, hit) = a
            .resolve(0, &mut target, &charts)
            .unwrap()
            .expect("it flies");
        assert_eq!(
            (r, hit.steps_lost, target.status),
            (FireResult::Dg, 0, Status::Dg)
        );
    }

    // Exclusive 3.12: any result of a response fire suppresses the missile: no roll is made.
    #[test]
    fn css_s9_13_2_a_response_result_suppresses_the_missile() {
        let charts = fire_charts();
        let tow = MissileType::Tow.missile();
        let mut a =
            MissileAttack::declare(tow, &bmp(), FireKind::Direct, 3, true, chieftain(), &charts)
                .unwrap();
        assert_eq!(a.response_check(5, 4), Tqc::Pass);
        a.response_result(FireResult::NoEffect);
        assert!(!a.suppressed);
        a.response_result(FireResult::Pin);
        assert!(a.suppressed);
        assert_eq!(
            a.lay_canister().unwrap_err().case,
            "S9.9.4",
            "the canister comes first"
        );
        let mut target = Condition::fresh(2);
        assert_eq!(a.resolve(0, &mut target, &charts), Ok(None));
        assert_eq!(target, Condition::fresh(2));
    }

    // S9.13.2, exclusive 3.12, S9.1.1: minimum and maximum range, LOS, one firer, the Tank
    // minimum; only a Tank lays a canister.
    #[test]
    fn css_s9_13_1_missile_ranges_and_targets() {
        let charts = fire_charts();
        let declare = |t: MissileType, d: u8, los: bool, target: TargetUnit| {
            MissileAttack::declare(
                t.missile(),
                &bmp(),
                FireKind::Direct,
                d,
                los,
                target,
                &charts,
            )
        };
        assert_eq!(
            declare(MissileType::Tow, 1, true, chieftain())
                .unwrap_err()
                .case,
            "S9.13.2"
        );
        assert_eq!(
            declare(MissileType::Milan, 5, true, chieftain())
                .unwrap_err()
                .case,
            "S9.13.2"
        );
        assert!(
            declare(MissileType::Konkurs, 8, true, chieftain()).is_ok(),
            "beyond the BMP's Range"
        );
        assert_eq!(
            declare(MissileType::Dragon, 2, false, chieftain())
                .unwrap_err()
                .case,
            "S9.3.1"
        );
        assert!(
            declare(MissileType::Sagger, 2, true, chieftain()).is_ok(),
            "4 meets the minimum"
        );
        let mut soft = declare(MissileType::Dragon, 1, true, TargetUnit::soft(0)).unwrap();
        assert_eq!(soft.lay_canister().unwrap_err().case, "S9.9.4");
        let suppressed = Member {
            status: Status::Suppressed,
            ..bmp()
        };
        let r = MissileAttack::declare(
            MissileType::Spigot.missile(),
            &suppressed,
            FireKind::Direct,
            3,
            true,
            chieftain(),
            &charts,
        );
        assert_eq!(r.unwrap_err().case, "S11.6");
    }
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
