//! The worked examples of S9 (css-series.md, Appendix C), one test each.

use super::*;

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
    let mut chits = SupplyChits::NONE;
    chits.pay(&mut markers, cost_of_fire(&r, &[company], 0));
    assert_eq!((markers.sustained, chits.ammo), (false, Ammo::Low));
    // S15.2: with Ammo Low it may no longer declare sustained fire; its next raw 9 runs it out.
    let low = chits.member(company);
    assert_eq!(check_group(&[low], &setup).unwrap_err().case, "S15.1");
    let low = Member {
        sustained: false,
        ..low
    };
    let r = resolve(&[low], &setup, &mut t, 9, &fire_charts()).unwrap();
    chits.pay(&mut markers, cost_of_fire(&r, &[low], 0));
    assert_eq!(chits.ammo, Ammo::Out);
    assert_eq!(
        check_group(&[chits.member(low)], &setup).unwrap_err().case,
        "S15.1"
    );
    // S15.3: a Resupply next to its HQ removes the chit; a second one restores the marker
    // (Example S15.3-A plays both).
    chits.remove(Chit::AmmoOut).unwrap();
    assert!(!chits.any() && !markers.sustained);

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
    let mut chits = SupplyChits::NONE;
    chits.pay(&mut markers, cost_of_fire(&r, &[garrison], 0));
    assert_eq!((markers.sustained, chits.ammo), (false, Ammo::Normal));
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
