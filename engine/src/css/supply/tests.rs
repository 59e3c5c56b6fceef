//! Supply chits (S15.0–S15.4) on small hand-made situations, with Example S15.3-A.

extern crate std;

use super::*;
use crate::core::faces::TwoFaced;
use crate::core::side::Side;
use crate::css::actions::tests::{at, data, playing, rifles, MRR2};
use crate::css::actions::{Action, Activation};
use crate::css::command::Chit as CommandChit;
use crate::css::fire::opportunity::Trigger as OpTrigger;
use crate::css::fire::{card, check_group, resolve, Colour, FireKind, FireSetup, TargetUnit};
use crate::css::markers::UnitMarkers;
use crate::css::morale::{Condition, Status};
use crate::css::movement::{Mover, Party, COLUMN};
use crate::css::standin::fire_charts;
use crate::css::terrain::tests::{h, Board};
use crate::css::terrain::Part;

const fn weapon(firepower: u8, sustained_ability: bool) -> crate::css::fire::Weapon {
    crate::css::fire::Weapon {
        firepower,
        colour: Colour::White,
        range: 3,
        indirect: false,
        sustained_ability,
        spared_ammo_low: false,
    }
}

/// A Deployed West German police unit in a Village hex (Defense 0, cover 1).
fn police() -> TargetUnit {
    TargetUnit {
        cover: 1,
        ..TargetUnit::soft(0)
    }
}

fn column(members: &[Member], setup: &FireSetup) -> i16 {
    card(members, setup, &police(), &fire_charts()).column
}

fn vehicle(class: MoveClass) -> Mover {
    Mover {
        class,
        ma: TwoFaced { front: 8, back: 4 },
        status: MoveStatus::default(),
    }
}

// S15.1: Ammo Out forbids every direct and indirect fire, refused citing S15.1.
#[test]
fn css_s15_1_ammo_out_may_not_fire() {
    let out = SupplyChits {
        ammo: Ammo::Out,
        ..SupplyChits::NONE
    };
    let rifles = out.member(Member::deployed(weapon(5, false)));
    assert_eq!(out.may_fire().unwrap_err().case, "S15.1");
    let direct = FireSetup::direct(2);
    assert_eq!(check_group(&[rifles], &direct).unwrap_err().case, "S15.1");
    let mortar = out.member(Member::deployed(crate::css::fire::Weapon {
        indirect: true,
        range: 10,
        ..weapon(4, false)
    }));
    let indirect = FireSetup {
        kind: FireKind::Indirect,
        ..FireSetup::direct(6)
    };
    assert_eq!(check_group(&[mortar], &indirect).unwrap_err().case, "S15.1");
    // Its guided missiles too (S9.13.2): a missile fire is the unit's fire.
    let tow = crate::css::fire::missile::MissileType::Tow.missile();
    let e = crate::css::fire::missile::MissileAttack::declare(
        tow,
        &rifles,
        FireKind::Direct,
        3,
        true,
        TargetUnit::soft(0),
        &fire_charts(),
    );
    assert_eq!(e.unwrap_err().case, "S15.1");
    // With the chit removed it fires again.
    assert!(check_group(&[Member::deployed(weapon(5, false))], &direct).is_ok());
}

// S15.1: Ammo Low costs the fire one column (a line on the card, from the member whose
// firepower the group uses) and forbids sustained and opportunity fire.
#[test]
fn css_s15_1_ammo_low_costs_a_column_and_forbids_sustained_and_opportunity_fire() {
    let low = SupplyChits {
        ammo: Ammo::Low,
        ..SupplyChits::NONE
    };
    let full = Member::deployed(weapon(5, true));
    let short = low.member(full);
    let setup = FireSetup::direct(2);
    assert_eq!(column(&[full], &setup), 4);
    assert_eq!(column(&[short], &setup), 3);
    let c = card(&[short], &setup, &police(), &fire_charts());
    assert!(c.lines.iter().any(|l| l.case == "S15.1" && l.value == -1));
    // In a group the full member leads: no −1 (5 + 1 for the other member − 1 Village).
    assert_eq!(column(&[short, full], &setup), 5);
    let declared = Member {
        sustained: true,
        ..short
    };
    assert_eq!(check_group(&[declared], &setup).unwrap_err().case, "S15.1");
    assert_eq!(low.may_sustain().unwrap_err().case, "S15.1");
    let op = FireSetup {
        kind: FireKind::Opportunity,
        ..setup
    };
    assert_eq!(check_group(&[short], &op).unwrap_err().case, "S15.1");
    assert_eq!(low.may_opportunity_fire().unwrap_err().case, "S15.1");
    assert!(check_group(&[full], &op).is_ok());
    // It still fires directly.
    assert!(low.may_fire().is_ok() && check_group(&[short], &setup).is_ok());
}

// S15.1: Fuel Out stops a wheeled or tracked unit from moving unless its game directs the move
// (Gates 7.0: the journey to a barracks); a leg unit walks on.
#[test]
fn css_s15_1_fuel_out_stops_vehicles_unless_the_game_directs() {
    let dry = SupplyChits {
        fuel_out: true,
        ..SupplyChits::NONE
    };
    let at = h(5, 5);
    for class in [MoveClass::Wheeled, MoveClass::Tracked] {
        let mut m = vehicle(class);
        m.status = dry.mover_status(m.status, false);
        let e = Party::new(Side::B, at, Part::First, COLUMN, &[m], false).unwrap_err();
        assert_eq!(e.case, "S15.1");
        assert_eq!(dry.may_move(class, false).unwrap_err().case, "S15.1");
        // A stack with it cannot move together either.
        let e = Party::new(
            Side::B,
            at,
            Part::First,
            COLUMN,
            &[vehicle(class), m],
            false,
        );
        assert_eq!(e.unwrap_err().case, "S15.1");
        // The game's directed journey.
        let mut directed = vehicle(class);
        directed.status = dry.mover_status(directed.status, true);
        assert!(Party::new(Side::B, at, Part::First, COLUMN, &[directed], false).is_ok());
        assert!(dry.may_move(class, true).is_ok());
    }
    let mut legs = vehicle(MoveClass::Leg);
    legs.status = dry.mover_status(legs.status, false);
    assert!(Party::new(Side::B, at, Part::First, COLUMN, &[legs], false).is_ok());
    assert!(dry.may_move(MoveClass::Leg, false).is_ok());
}

// S15.2, S9.12: a sustained fire that rolls a raw 9 costs the marker and gives Ammo Low; the
// unit's next raw 9 (on any fire) gives Ammo Out; other faces and other members cost nothing.
#[test]
fn css_s15_2_ammo_low_from_a_sustained_nine_and_ammo_out_from_the_next() {
    let setup = FireSetup::direct(2);
    let mut t = [(police(), Condition::fresh(1))];
    let mut unit = UnitMarkers::fresh(1, true);
    let able = Member::deployed(weapon(5, true));
    let other = Member::deployed(weapon(3, false));
    let declared = Member {
        sustained: true,
        ..unit.supply.member(able)
    };
    // An 8: nothing.
    let group = [declared, other];
    let r = resolve(&group, &setup, &mut t, 8, &fire_charts()).unwrap();
    assert_eq!(cost_of_fire(&r, &group, 0), FireCost::None);
    // A 9: the declaring unit pays; its companion in the group does not.
    let r = resolve(&group, &setup, &mut t, 9, &fire_charts()).unwrap();
    assert_eq!(cost_of_fire(&r, &group, 0), FireCost::MarkerAndAmmoLow);
    assert_eq!(cost_of_fire(&r, &group, 1), FireCost::None);
    unit.supply.pay(&mut unit.fire, cost_of_fire(&r, &group, 0));
    assert_eq!((unit.fire.sustained, unit.supply.ammo), (false, Ammo::Low));
    // Its next fire on an 8 costs nothing; on a 9 it runs out.
    let next = [unit.supply.member(able)];
    let r = resolve(&next, &setup, &mut t, 8, &fire_charts()).unwrap();
    assert_eq!(cost_of_fire(&r, &next, 0), FireCost::None);
    let r = resolve(&next, &setup, &mut t, 9, &fire_charts()).unwrap();
    assert_eq!(cost_of_fire(&r, &next, 0), FireCost::AmmoOut);
    unit.supply.pay(&mut unit.fire, FireCost::AmmoOut);
    assert_eq!(unit.supply.ammo, Ammo::Out);
    // Ammo Low never lightens Ammo Out.
    unit.supply.place(Chit::AmmoLow);
    assert_eq!(unit.supply.ammo, Ammo::Out);
    // A plain raw 9 costs a unit with full ammunition nothing.
    let plain = [able];
    let r = resolve(&plain, &setup, &mut t, 9, &fire_charts()).unwrap();
    assert_eq!(cost_of_fire(&r, &plain, 0), FireCost::None);
}

// S15.3: in or next to a hex with its own HQ and next to no enemy, a Resupply removes the one
// chit the player names; the others stay.
#[test]
fn css_s15_3_resupply_next_to_an_hq_removes_one_chit() {
    let b = Board::new();
    let g = b.g();
    let hq = [h(10, 11)];
    let map = Around {
        own_hqs: &hq,
        enemies: &[h(10, 14)],
    };
    let mut chits = SupplyChits {
        ammo: Ammo::Out,
        fuel_out: true,
    };
    let mut fire = FireMarkers::default();
    let done = resupply(
        &g,
        &map,
        h(10, 10),
        &mut chits,
        &mut fire,
        false,
        Some(Chit::FuelOut),
    );
    assert_eq!(done.unwrap(), Resupplied::Removed(Chit::FuelOut));
    assert_eq!(
        chits,
        SupplyChits {
            ammo: Ammo::Out,
            fuel_out: false
        }
    );
    // A unit in the HQ's own hex, or the HQ itself, resupplies too.
    let done = resupply(
        &g,
        &map,
        h(10, 11),
        &mut chits,
        &mut fire,
        false,
        Some(Chit::AmmoOut),
    );
    assert_eq!(done.unwrap(), Resupplied::Removed(Chit::AmmoOut));
    assert_eq!(chits, SupplyChits::NONE);
    // A chit it does not carry cannot be named; a unit with chits must name one.
    let mut low = SupplyChits {
        ammo: Ammo::Low,
        ..SupplyChits::NONE
    };
    let e = resupply(
        &g,
        &map,
        h(10, 10),
        &mut low,
        &mut fire,
        false,
        Some(Chit::AmmoOut),
    );
    assert_eq!(e.unwrap_err().case, "S15.3");
    let e = resupply(&g, &map, h(10, 10), &mut low, &mut fire, true, None);
    assert_eq!(e.unwrap_err().case, "S15.3");
    assert_eq!(low.ammo, Ammo::Low, "a refusal changes nothing");
}

// S15.3: with no chit, a Resupply regains a lost Sustained Fire marker; with neither there is
// nothing to do.
#[test]
fn css_s15_3_resupply_with_no_chit_restores_the_sustained_fire_marker() {
    let g = Board::new().g();
    let map = Around {
        own_hqs: &[h(4, 4)],
        enemies: &[],
    };
    let mut chits = SupplyChits::NONE;
    let mut fire = FireMarkers::default();
    let done = resupply(&g, &map, h(4, 5), &mut chits, &mut fire, true, None);
    assert_eq!(done.unwrap(), Resupplied::SustainedFire);
    assert!(fire.sustained);
    let again = resupply(&g, &map, h(4, 5), &mut chits, &mut fire, true, None);
    assert_eq!(again.unwrap_err().case, "S15.3");
    let mut plain = FireMarkers::default();
    let none = resupply(&g, &map, h(4, 5), &mut chits, &mut plain, false, None);
    assert_eq!(none.unwrap_err().case, "S15.3");
}

// S15.3: no Resupply next to an enemy unit, nor away from the unit's own HQs.
#[test]
fn css_s15_3_no_resupply_next_to_the_enemy_or_away_from_an_hq() {
    let g = Board::new().g();
    let mut chits = SupplyChits {
        ammo: Ammo::Low,
        ..SupplyChits::NONE
    };
    let mut fire = FireMarkers::default();
    let hq = [h(10, 11)];
    let near_enemy = Around {
        own_hqs: &hq,
        enemies: &[h(10, 9)],
    };
    let e = resupply(
        &g,
        &near_enemy,
        h(10, 10),
        &mut chits,
        &mut fire,
        false,
        Some(Chit::AmmoLow),
    );
    assert_eq!(e.unwrap_err().case, "S15.3");
    let far_hq = Around {
        own_hqs: &[h(10, 12)],
        enemies: &[],
    };
    let e = resupply(
        &g,
        &far_hq,
        h(10, 10),
        &mut chits,
        &mut fire,
        false,
        Some(Chit::AmmoLow),
    );
    assert_eq!(e.unwrap_err().case, "S15.3");
    assert_eq!(chits.ammo, Ammo::Low);
    // S5.4: Resupply is an action, not a fire-type one, and no opportunity-fire trigger.
    assert_eq!(Action::Resupply.case(), "S15.3");
    assert!(!Action::Resupply.fire_type());
    assert_eq!(Action::Resupply.trigger(), OpTrigger::Resupply);
    assert!(!OpTrigger::Resupply.triggers());
}

// S15.4, S11.8.3: the chits are the unit's own: a rout clears its status and keeps its lost
// steps, its Sustained Fire marker state and its chits; a game's own removal (Gates 7.0
// barracks, 14.0 1C-j Berlin Airlift) takes them off by name.
#[test]
fn css_s15_4_supply_chits_stay_with_the_unit() {
    let mut unit = UnitMarkers::fresh(2, true);
    unit.supply.place(Chit::AmmoLow);
    unit.supply.place(Chit::FuelOut);
    unit.fire.sustained = false;
    unit.fire.fired = true;
    unit.condition
        .take_hit(1, Some(crate::css::morale::StatusHit::Dg));
    let before = unit.supply;
    unit.rout();
    assert_eq!(unit.supply, before);
    assert_eq!(unit.condition.status, Status::None);
    assert_eq!(unit.condition.lost, 1);
    assert!(!unit.fire.fired && !unit.fire.sustained);
    // A rider carried by a transport keeps its own chits: they are in its markers, not the
    // transport's; unloaded, its Fuel Out still stops it.
    let truck = UnitMarkers::fresh(1, false);
    assert!(!truck.supply.any() && unit.supply.fuel_out);
    assert!(unit.supply.may_move(MoveClass::Wheeled, false).is_err());
    unit.supply.remove(Chit::FuelOut).unwrap();
    unit.supply.remove(Chit::AmmoLow).unwrap();
    assert!(!unit.supply.any());
    assert!(Chit::ALL.iter().all(|c| !unit.supply.has(*c)));
}

// Example S15.3-A: the motor rifle company of Example S9.12-A (white 5, range 3, sustained
// fire), Ammo Low and without its marker, fires at the police in the Village 2 hexes away at
// 5 − 1 (Village) − 1 (Ammo Low) = 3 and may not declare sustained fire. Under its regiment's
// Formation chit it resupplies beside its regiment HQ: Ammo Low goes; its second action, another
// Resupply, regains the marker; with a NATO unit beside it, it could not have resupplied. Its
// next fire is 5 + 2 − 1 = 6.
#[test]
fn css_example_s15_3_a_resupply_next_to_its_hq() {
    let g = Board::new().g();
    let company = Member::deployed(weapon(5, true));
    let mut unit = UnitMarkers::fresh(1, true);
    unit.fire.sustained = false;
    unit.supply.place(Chit::AmmoLow);
    let setup = FireSetup::direct(2);
    assert_eq!(column(&[unit.supply.member(company)], &setup), 3);
    let declared = Member {
        sustained: true,
        ..unit.supply.member(company)
    };
    assert_eq!(check_group(&[declared], &setup).unwrap_err().case, "S15.1");

    let d = data();
    let t = playing(&d, CommandChit::Formation(MRR2));
    let mut act = Activation::start(&t).unwrap();
    let me = at(rifles(1), h(10, 10));
    let hq = [h(10, 11)];
    let map = Around {
        own_hqs: &hq,
        enemies: &[h(10, 13)],
    };
    let first = act.begin(&d, &t, &[me], Action::Resupply).unwrap();
    assert_eq!((first.case, first.second), ("S15.3", false));
    let done = resupply(
        &g,
        &map,
        me.hex,
        &mut unit.supply,
        &mut unit.fire,
        true,
        Some(Chit::AmmoLow),
    );
    assert_eq!(done.unwrap(), Resupplied::Removed(Chit::AmmoLow));
    let second = act.begin(&d, &t, &[me], Action::Resupply).unwrap();
    assert!(second.second, "the Formation chit's free second action");
    let done = resupply(
        &g,
        &map,
        me.hex,
        &mut unit.supply,
        &mut unit.fire,
        true,
        None,
    );
    assert_eq!(done.unwrap(), Resupplied::SustainedFire);
    assert!(unit.fire.sustained && !unit.supply.any());

    let beside = Around {
        own_hqs: &hq,
        enemies: &[h(10, 9)],
    };
    assert_eq!(may_resupply(&g, &beside, me.hex).unwrap_err().case, "S15.3");

    let declared = Member {
        sustained: unit.fire.sustained,
        ..unit.supply.member(company)
    };
    assert_eq!(column(&[declared], &setup), 6);
}
