//! Missile attacks (S9.13).

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
