//! Support weapons (S2.5, S13.0–S13.5) on small hand-made situations, with the SW of Example
//! S9.5-A.

extern crate std;

use super::*;
use crate::core::faces::Face;
use crate::core::faces::TwoFaced;
use crate::core::side::Side;
use crate::css::fire::{card, resolve, Colour, FireKind, TargetUnit};
use crate::css::morale::{Condition, Status};
use crate::css::movement::{Party, Status as MoveStatus};
use crate::css::standin::fire_charts;
use crate::css::terrain::tests::{h, Board};
use crate::css::terrain::Part;

const RIFLES: UnitId = UnitId(1);
const SECOND: UnitId = UnitId(2);
const OTHER_DIVISION: UnitId = UnitId(3);
const DIV: DivisionId = DivisionId(0);

const fn weapon(firepower: u8, colour: Colour, range: u8, indirect: bool) -> Weapon {
    Weapon {
        firepower,
        colour,
        range,
        indirect,
        sustained_ability: false,
        spared_ammo_low: false,
    }
}

/// A heavy machine gun: white 3, Range 4, a bar over the firepower.
const HMG: SwDef = SwDef {
    kind: SwKind::MachineGun,
    weapon: weapon(3, Colour::White, 4, false),
    heavy: true,
    min_range: 0,
};
/// A light machine gun: yellow 2, Range 3.
const LMG: SwDef = SwDef {
    kind: SwKind::MachineGun,
    weapon: weapon(2, Colour::Yellow, 3, false),
    heavy: false,
    min_range: 0,
};
/// A mortar: white 4 with a black dot, Range 8, minimum range 1, heavy.
const MORTAR: SwDef = SwDef {
    kind: SwKind::Mortar,
    weapon: weapon(4, Colour::White, 8, true),
    heavy: true,
    min_range: 1,
};

fn holder(unit: UnitId, hex: HexId) -> Holder {
    Holder {
        unit,
        division: DIV,
        hex,
    }
}

fn rifles_member() -> Member {
    Member::deployed(weapon(3, Colour::Yellow, 3, false))
}

// S13.1, S2.5: the SW is never a target; it is eliminated with its carrier, captured or
// killed, and goes to the Available SW box when the carrier routs.
#[test]
fn css_s13_1_an_sw_shares_its_carriers_fate() {
    let mut a = Armoury::default();
    let mg = a.add(HMG, DIV, SwPlace::Carried(RIFLES)).unwrap();
    let lmg = a.add(LMG, DIV, SwPlace::Carried(SECOND)).unwrap();
    // A heavy fire at the hex: only the carrier is a target; a roll of 0 on column 8 kills it.
    let group = [Member::deployed(weapon(8, Colour::White, 4, false))];
    let setup = FireSetup::direct(2);
    let mut targets = [(TargetUnit::soft(0), Condition::fresh(1))];
    let r = resolve(&group, &setup, &mut targets, 0, &fire_charts()).unwrap();
    let (_, fate) = r.removed().next().unwrap();
    assert_eq!(fate, Fate::Eliminated);
    assert_eq!(a.carrier_fate(RIFLES, fate), Some(mg));
    assert_eq!(a.get(mg).unwrap().place, SwPlace::Eliminated);
    assert_eq!(
        a.carrier_fate(SECOND, Fate::Stays),
        None,
        "a surviving carrier"
    );
    assert_eq!(a.carrier_routed(SECOND), Some(lmg));
    assert_eq!(a.get(lmg).unwrap().place, SwPlace::Available);
    assert_eq!(a.carried_by(SECOND), None);
    let mut b = Armoury::default();
    let x = b.add(LMG, DIV, SwPlace::Carried(RIFLES)).unwrap();
    b.carrier_fate(RIFLES, Fate::Captured);
    assert_eq!(b.get(x).unwrap().place, SwPlace::Eliminated, "captured");
}

// S13.2: in the Reinforcement Phase an Available SW goes to a unit of its division in or next
// to an HQ's hex.
#[test]
fn css_s13_2_sws_are_assigned_next_to_an_hq_in_the_reinforcement_phase() {
    let b = Board::new();
    let g = b.g();
    let hq = [h(5, 5)];
    let mut a = Armoury::default();
    let mg = a.add(LMG, DIV, SwPlace::Available).unwrap();
    let next_to_hq = holder(RIFLES, h(5, 6));
    let refused = a.assign(&g, mg, next_to_hq, &hq, false);
    assert_eq!(
        refused.unwrap_err().case,
        "S13.2",
        "not in the Action Phase"
    );
    let far = a.assign(&g, mg, holder(RIFLES, h(5, 8)), &hq, true);
    assert_eq!(far.unwrap_err().case, "S13.2", "three hexes from the HQ");
    let stranger = Holder {
        division: DivisionId(1),
        ..holder(OTHER_DIVISION, h(5, 5))
    };
    let refused = a.assign(&g, mg, stranger, &hq, true);
    assert_eq!(refused.unwrap_err().case, "S13.2", "another division");
    a.assign(&g, mg, next_to_hq, &hq, true).unwrap();
    assert_eq!(a.carried_by(RIFLES), Some(mg));
    let again = a.assign(&g, mg, holder(SECOND, h(5, 5)), &hq, true);
    assert_eq!(again.unwrap_err().case, "S13.2", "already carried");
}

// S13.2: the SW passes to another unit in its hex while either is active.
#[test]
fn css_s13_2_an_sw_is_handed_over_within_its_hex() {
    let mut a = Armoury::default();
    let mg = a.add(LMG, DIV, SwPlace::Carried(RIFLES)).unwrap();
    let here = h(4, 4);
    let elsewhere = a.hand_over(mg, here, holder(SECOND, h(4, 5)), true);
    assert_eq!(elsewhere.unwrap_err().case, "S13.2");
    let idle = a.hand_over(mg, here, holder(SECOND, here), false);
    assert_eq!(idle.unwrap_err().case, "S13.2");
    a.hand_over(mg, here, holder(SECOND, here), true).unwrap();
    assert_eq!(
        (a.carried_by(RIFLES), a.carried_by(SECOND)),
        (None, Some(mg))
    );
}

// S13.3: one SW a unit; a heavy SW costs a leg carrier 1 MA, not a vehicle.
#[test]
fn css_s13_3_one_sw_per_unit_and_a_heavy_one_slows_a_leg_carrier() {
    let mut a = Armoury::default();
    a.add(HMG, DIV, SwPlace::Carried(RIFLES)).unwrap();
    let second = a.add(LMG, DIV, SwPlace::Carried(RIFLES));
    assert_eq!(second.unwrap_err().case, "S13.3");
    let lmg = a.add(LMG, DIV, SwPlace::Carried(SECOND)).unwrap();
    let leg = Mover {
        class: MoveClass::Leg,
        ma: TwoFaced { front: 4, back: 3 },
        status: MoveStatus::default(),
    };
    let party = |m: Mover| Party::new(Side::A, h(3, 3), Part::First, Face::Front, &[m], false);
    let slowed = a.carrier_mover(RIFLES, leg);
    assert_eq!((slowed.ma.front, slowed.ma.back), (3, 2));
    let full = party(leg).unwrap().allowance;
    assert_eq!(
        party(slowed).unwrap().allowance,
        full - full / 4,
        "3 MP of 4"
    );
    assert_eq!(a.carrier_mover(SECOND, leg), leg, "a light SW");
    let truck = Mover {
        class: MoveClass::Wheeled,
        ..leg
    };
    assert_eq!(a.carrier_mover(RIFLES, truck), truck, "a vehicle carrier");
    assert!(a.get(lmg).is_ok());
}

// S13.4: the carrier fires its SW alone (the SW's own firepower, Range and colour) or with the
// hex (S9.4: +1); the SW fires once per activation, and a carrier that has fired fires it no
// more; it may opportunity fire while its carrier may.
#[test]
fn css_s13_4_an_sw_fires_alone_or_combined_once_per_activation() {
    let mut a = Armoury::default();
    let mg = a.add(HMG, DIV, SwPlace::Carried(RIFLES)).unwrap();
    let spare = a.add(HMG, DIV, SwPlace::Available).unwrap();
    let rifles = rifles_member();
    let at_4 = FireSetup::direct(4);
    let target = TargetUnit::soft(0);
    let alone = a.fire_member(mg, &rifles, &at_4).unwrap();
    assert_eq!(
        alone.weapon.range, 4,
        "the SW's Range, beyond the rifles' 3"
    );
    let c = card(&[alone], &at_4, &target, &fire_charts());
    assert_eq!(c.column, 3, "the SW's white 3");
    let at_2 = FireSetup::direct(2);
    let mg_member = a.fire_member(mg, &rifles, &at_2).unwrap();
    let c = card(&[rifles, mg_member], &at_2, &target, &fire_charts());
    assert_eq!(c.column, 4, "combined: 3 + 1");
    // Hard target: the yellow rifles add nothing, the white MG fires alone.
    let apc = TargetUnit {
        hard: true,
        ..TargetUnit::soft(0)
    };
    assert_eq!(
        card(&[rifles, mg_member], &at_2, &apc, &fire_charts()).column,
        3
    );
    a.after_fire(mg).unwrap();
    let twice = a.fire_member(mg, &rifles, &at_2);
    assert_eq!(twice.unwrap_err().case, "S13.4");
    a.end_of_activation();
    let fired_carrier = Member {
        fired: true,
        ..rifles
    };
    let m = a.fire_member(mg, &fired_carrier, &at_2).unwrap();
    let refused = crate::css::fire::check_group(&[m], &at_2);
    assert_eq!(
        refused.unwrap_err().case,
        "S5.1.2",
        "the carrier's Fire action is spent"
    );
    let op = FireSetup {
        kind: FireKind::Opportunity,
        ..at_2
    };
    let m = a.fire_member(mg, &rifles, &op).unwrap();
    assert!(crate::css::fire::check_group(&[m], &op).is_ok());
    let dg = Member {
        status: Status::Dg,
        ..rifles
    };
    let m = a.fire_member(mg, &dg, &op).unwrap();
    assert_eq!(
        crate::css::fire::check_group(&[m], &op).unwrap_err().case,
        "S9.11.1"
    );
    let unheld = a.fire_member(spare, &rifles, &at_2);
    assert_eq!(unheld.unwrap_err().case, "S13.4");
}

// S13.5: mortars fire indirectly, not below their minimum range; flame-throwers only assault;
// ATGM launchers fire missiles; a one-shot weapon is gone after one use.
#[test]
fn css_s13_5_sw_types() {
    let mut a = Armoury::default();
    let mortar = a.add(MORTAR, DIV, SwPlace::Carried(UnitId(10))).unwrap();
    let flame = a
        .add(
            SwDef {
                kind: SwKind::FlameThrower,
                weapon: weapon(0, Colour::White, 0, false),
                heavy: false,
                min_range: 0,
            },
            DIV,
            SwPlace::Carried(UnitId(11)),
        )
        .unwrap();
    let atgm = a
        .add(
            SwDef {
                kind: SwKind::Atgm(MissileType::Milan),
                weapon: MissileType::Milan.missile().weapon(),
                heavy: true,
                min_range: 2,
            },
            DIV,
            SwPlace::Carried(UnitId(12)),
        )
        .unwrap();
    let rl = a
        .add(
            SwDef {
                kind: SwKind::OneShot,
                weapon: weapon(4, Colour::White, 2, false),
                heavy: false,
                min_range: 0,
            },
            DIV,
            SwPlace::Carried(UnitId(13)),
        )
        .unwrap();
    let carrier = rifles_member();
    let indirect = |d| FireSetup {
        kind: FireKind::Indirect,
        ..FireSetup::direct(d)
    };
    let m = a.fire_member(mortar, &carrier, &indirect(6)).unwrap();
    assert!(crate::css::fire::check_group(&[m], &indirect(6)).is_ok());
    let own_hex = a.fire_member(mortar, &carrier, &indirect(0));
    assert_eq!(own_hex.unwrap_err().case, "S13.5", "minimum range 1");
    let f = a.fire_member(flame, &carrier, &FireSetup::direct(1));
    assert_eq!(f.unwrap_err().case, "S13.5");
    assert_eq!(
        a.fire_member(atgm, &carrier, &FireSetup::direct(3))
            .unwrap_err()
            .case,
        "S9.13"
    );
    assert_eq!(a.missile(atgm), Some(MissileType::Milan.missile()));
    assert_eq!(a.missile(mortar), None);
    a.fire_member(rl, &carrier, &FireSetup::direct(1)).unwrap();
    a.after_fire(rl).unwrap();
    assert_eq!(a.get(rl).unwrap().place, SwPlace::Used);
    assert_eq!(a.carried_by(UnitId(13)), None);
}

// Example S9.5-A, the SW's part: the heavy MG carried in the BMP's hex joins the BMP's fire
// (5 + 1 = 6) and adds nothing against the M60 (the MG's 3 is below the Tank minimum).
#[test]
fn css_example_s9_5_a_the_heavy_mg_sw_in_the_combined_fire() {
    let mut a = Armoury::default();
    let mg = a.add(HMG, DIV, SwPlace::Carried(RIFLES)).unwrap();
    let bmp = Member {
        lost: 1,
        status: Status::Pinned,
        ..Member::deployed(weapon(6, Colour::White, 4, false))
    };
    let setup = FireSetup::direct(1);
    let mg_member = a.fire_member(mg, &bmp, &setup).unwrap();
    assert_eq!((mg_member.lost, mg_member.weapon.firepower), (0, 3));
    let charts = fire_charts();
    let rifle = TargetUnit::soft(0);
    assert_eq!(
        card(&[bmp, mg_member], &setup, &rifle, &charts).firepower,
        6
    );
    let m60 = TargetUnit {
        hard: true,
        tank: true,
        ..TargetUnit::soft(3)
    };
    assert_eq!(card(&[bmp, mg_member], &setup, &m60, &charts).firepower, 5);
}

/// The tests' sniper: firepower 2 yellow, range 3.
fn sniper() -> SwDef {
    SwDef {
        kind: SwKind::Sniper,
        weapon: weapon(2, Colour::Yellow, 3, false),
        heavy: false,
        min_range: 0,
    }
}

// S13.6 (with S13.4): a sniper SW also fires like any SW, from its carrier: yellow, so never at
// a hard target.
#[test]
fn css_s13_6_a_sniper_also_fires_as_any_sw() {
    let mut a = Armoury::default();
    let sniper = a.add(sniper(), DIV, SwPlace::Carried(RIFLES)).unwrap();
    let setup = FireSetup::direct(3);
    let m = a.fire_member(sniper, &rifles_member(), &setup).unwrap();
    assert_eq!(
        card(&[m], &setup, &TargetUnit::soft(0), &fire_charts()).column,
        2
    );
    let apc = TargetUnit {
        hard: true,
        ..TargetUnit::soft(0)
    };
    assert!(!card(&[m], &setup, &apc, &fire_charts()).affects);
}

// S13.5, S10.3: the Armoury arms an assault's fighters: each carried SW adds to the count, a
// one-shot weapon is counted and used up by the assault, a flame-thrower is reported for the
// side's backing; a unit with no SW brings none.
#[test]
fn css_s13_5_the_armoury_arms_an_assault() {
    let ft = SwDef {
        kind: SwKind::FlameThrower,
        weapon: weapon(0, Colour::White, 0, false),
        heavy: false,
        min_range: 0,
    };
    let rocket = SwDef {
        kind: SwKind::OneShot,
        ..ft
    };
    let mut a = Armoury::default();
    let f_id = a.add(ft, DIV, SwPlace::Carried(RIFLES)).unwrap();
    let r_id = a.add(rocket, DIV, SwPlace::Carried(SECOND)).unwrap();
    let fighter = |u| crate::css::assault::Fighter::new(u, 4, Colour::White, 4, 2);
    let (mut f1, mut f2, mut f3) = (fighter(RIFLES), fighter(SECOND), fighter(OTHER_DIVISION));
    assert!(a.arm_fighter(&mut f1), "a flame-thrower backs the side");
    assert_eq!((f1.sws, f1.one_shot), (1, 0));
    assert!(!a.arm_fighter(&mut f2));
    assert_eq!((f2.sws, f2.one_shot), (1, 1));
    assert!(!a.arm_fighter(&mut f3));
    assert_eq!((f3.sws, f3.one_shot), (0, 0));
    a.after_assault(&[RIFLES, SECOND, OTHER_DIVISION]);
    assert_eq!(
        a.get(r_id).unwrap().place,
        SwPlace::Used,
        "the rocket is gone"
    );
    assert_eq!(a.get(f_id).unwrap().place, SwPlace::Carried(RIFLES));
    assert!(a.get(f_id).unwrap().fired, "used for this activation");
    assert!(!a.arm_fighter(&mut f2));
    assert_eq!(f2.sws, 0, "nothing left to bring");
}

// S13.6: the sniper's own shot: no unit's action, any hex within its range (sight is not
// traced), only the named unit is attacked, once per activation; a machine gun may not.
#[test]
fn css_s13_6_the_sniper_shot_hits_only_the_named_unit() {
    let b = Board::new();
    let g = b.g();
    let mut a = Armoury::default();
    let sniper = a.add(sniper(), DIV, SwPlace::Carried(RIFLES)).unwrap();
    let mg = a.add(HMG, DIV, SwPlace::Carried(SECOND)).unwrap();
    let charts = fire_charts();
    let mut named = (TargetUnit::soft(0), Condition::fresh(2));
    let other = (TargetUnit::soft(0), Condition::fresh(2));
    let (from, at) = (h(5, 5), h(5, 8));
    let refused = |a: &mut Armoury, id, at, t: &mut (TargetUnit, Condition)| {
        a.sniper_shot(id, &g, from, at, t, 0, &charts)
            .unwrap_err()
            .case
    };
    assert_eq!(refused(&mut a, mg, at, &mut named), "S13.6", "not a sniper");
    assert_eq!(
        refused(&mut a, sniper, h(5, 9), &mut named),
        "S13.6",
        "range"
    );
    a.sniper_shot(sniper, &g, from, at, &mut named, 0, &charts)
        .unwrap();
    assert_ne!(named.1, Condition::fresh(2), "the named unit is hit");
    assert_eq!(other.1, Condition::fresh(2), "its hex-mate is not");
    assert_eq!(refused(&mut a, sniper, at, &mut named), "S13.6", "once");
    a.end_of_activation();
    assert!(a
        .sniper_shot(sniper, &g, from, at, &mut named, 9, &charts)
        .is_ok());
}
