//! The unit counter (S2.2, S2.2.1, S2.2.2, S2.3) and the terms of S1.4.

extern crate std;

use super::*;
use crate::core::faces::Face;
use crate::css::actions::Action;
use crate::css::fire::{may_fire_at, Colour};
use crate::css::movement::{Party, COLUMN, DEPLOYED};
use crate::css::supply::{Around, SupplyMap};
use crate::css::terrain::Part;

const REGIMENT: FormationId = FormationId(2);
const MRD: DivisionId = DivisionId(0);

/// A BMP-2 company of a motor rifle regiment, as printed.
fn bmp() -> Counter {
    Counter {
        side: Side::B,
        nationality: Nationality::Soviet,
        formation: Some(REGIMENT),
        division: MRD,
        kind: UnitKind::Mechanized,
        size: Size::Company,
        designation: heapless::String::try_from("1/2 MRR").unwrap(),
        hq: Hq::No,
        firepower: 6,
        colour: Colour::White,
        range: 4,
        defense: 1,
        armour: Armour::Hard,
        class: MoveClass::Tracked,
        ma: TwoFaced { front: 10, back: 4 },
        tq: 5,
        steps: 2,
        symbols: Symbols {
            sustained_fire: true,
            missile: Some(MissileType::Spigot),
            ..Symbols::default()
        },
    }
}

fn hq(hq: Hq, formation: Option<FormationId>) -> Counter {
    Counter {
        kind: UnitKind::Headquarters,
        size: if hq == Hq::Division {
            Size::Division
        } else {
            Size::Regiment
        },
        hq,
        formation,
        firepower: 1,
        colour: Colour::Yellow,
        range: 1,
        defense: 0,
        armour: Armour::Soft,
        class: MoveClass::Wheeled,
        steps: 1,
        symbols: Symbols::default(),
        ..bmp()
    }
}

// S2.2: a counter carries every value printed on it — nationality, formation, type and size,
// designation, firepower in its coloured box, Range, Defense, MA in its class colour on each
// side, TQ, steps and the ability symbols — and each rule module reads its part from it.
#[test]
fn css_s2_2_a_counter_carries_every_printed_value() {
    let c = bmp();
    assert_eq!((c.side, c.nationality), (Side::B, Nationality::Soviet));
    assert_eq!((c.formation, c.division), (Some(REGIMENT), MRD));
    assert_eq!(
        (c.kind, c.size, c.designation.as_str()),
        (UnitKind::Mechanized, Size::Company, "1/2 MRR")
    );
    let w = c.weapon();
    assert_eq!((w.firepower, w.colour, w.range), (6, Colour::White, 4));
    assert!(w.sustained_ability && !w.indirect && !w.spared_ammo_low);
    assert_eq!(c.symbols.missile, Some(MissileType::Spigot));
    assert_eq!(c.member().weapon, w);
    let t = c.target(true);
    assert_eq!(
        (t.defense, t.hard, t.tank, t.deployed),
        (1, true, false, true)
    );
    assert!(!c.target(false).deployed);
    // S2.2.1: the MA of the side shown, in the class's colour.
    let m = c.mover(MoveStatus::default());
    assert_eq!(
        (m.class, m.ma.front, m.ma.back),
        (MoveClass::Tracked, 10, 4)
    );
    let column = Party::new(c.side, HexId::new(3, 3), Part::First, COLUMN, &[m], false).unwrap();
    let deployed =
        Party::new(c.side, HexId::new(3, 3), Part::First, DEPLOYED, &[m], false).unwrap();
    assert!(column.allowance > deployed.allowance);
    // S2.3: steps; S11.1: printed TQ.
    let cond = c.fresh();
    assert_eq!((cond.steps, cond.lost), (2, 0));
    assert_eq!(c.tq_situation().printed, 5);
    let none = Counter { steps: 0, ..bmp() };
    assert_eq!(none.fresh().steps, 1, "1 where none is printed");
    // S6.2: a combat unit counts for stacking.
    let p = c.piece(UnitId(7));
    assert!(p.counts() && p.role == Role::Combat && p.formation == 2);
}

// S2.2.2: HQs are units (they stack and count); an HQ of the unit's formation, or its Division
// HQ, serves it — for Resupply (S15.3), rout havens (S11.8.2), returns (S11.10) and SW
// assignment (S13.2) — and never another formation's or the enemy's.
#[test]
fn css_s2_2_2_hqs_are_units_that_serve_their_formation_and_division() {
    let unit = bmp();
    let regiment = hq(Hq::Formation, Some(REGIMENT));
    let other = hq(Hq::Formation, Some(FormationId(3)));
    let division = hq(Hq::Division, None);
    let enemy = Counter {
        side: Side::A,
        ..hq(Hq::Division, None)
    };
    assert!(regiment.is_hq() && division.is_hq() && !unit.is_hq());
    assert!(regiment.supplies(&unit) && division.supplies(&unit));
    assert!(!other.supplies(&unit) && !enemy.supplies(&unit) && !unit.supplies(&unit));
    assert!(regiment.supplies(&regiment), "an HQ serves itself");
    let p = regiment.piece(UnitId(1));
    assert!(p.is_unit() && p.counts() && p.role == Role::Hq);
    let on_map = [
        (&regiment, HexId::new(4, 4)),
        (&other, HexId::new(8, 8)),
        (&division, HexId::new(12, 2)),
        (&enemy, HexId::new(2, 2)),
        (&unit, HexId::new(4, 5)),
    ];
    let hexes = own_hq_hexes(on_map.iter().map(|(c, h)| (*c, *h)), &unit);
    assert_eq!(hexes.as_slice(), &[HexId::new(4, 4), HexId::new(12, 2)]);
    let map = Around {
        own_hqs: &hexes,
        enemies: &[],
    };
    assert!(map.own_hq_in(HexId::new(4, 4)) && !map.own_hq_in(HexId::new(8, 8)));
}

// S1.4: the terms are the engine's: units (combat units, HQs, transports, riders) versus
// leaders, heroes and SWs; Column and Deployed are the counter's two faces; hard targets and
// Tanks; fire-type actions.
#[test]
fn css_s1_4_the_terms_are_the_engines() {
    let piece = |role| Piece {
        id: UnitId(1),
        side: Side::A,
        formation: 0,
        division: 0,
        role,
        attached_to: None,
    };
    for r in [
        Role::Combat,
        Role::Hq,
        Role::Transport,
        Role::Rider {
            transport: UnitId(2),
        },
    ] {
        assert!(piece(r).is_unit(), "{r:?}");
    }
    for r in [
        Role::Leader(crate::css::stacking::Leads::Formation(0)),
        Role::Hero,
        Role::SupportWeapon,
    ] {
        assert!(!piece(r).is_unit(), "{r:?}");
    }
    assert_eq!((COLUMN, DEPLOYED), (Face::Front, Face::Back));
    let tank = Counter {
        armour: Armour::Tank,
        ..bmp()
    }
    .target(true);
    assert!(tank.hard && tank.tank);
    let soft = Counter {
        armour: Armour::Soft,
        ..bmp()
    }
    .target(true);
    assert!(!soft.hard);
    let yellow = Counter {
        colour: Colour::Yellow,
        ..bmp()
    };
    assert!(!may_fire_at(&yellow.weapon(), &bmp().target(true), None));
    for a in [Action::Fire, Action::Assault, Action::Charge] {
        assert!(a.fire_type());
    }
    for a in [Action::Move, Action::Resupply, Action::Rally, Action::Hold] {
        assert!(!a.fire_type());
    }
}

// S11.1 (exclusive 4.1.1): a unit whose TQ box names its HQ checks on the TQ printed on the HQ
// that serves it — the same unit under a TQ 6 HQ passes a roll of 6 its own box could not —
// and without an HQ of its own there is no TQ to check: refused, citing S11.1.
#[test]
fn css_s11_1_a_unit_takes_its_tq_from_its_hq() {
    use crate::css::morale::{check, effective_tq, Status, Tqc};
    use crate::css::standin::tq_modifiers;
    let police = Counter {
        tq: 0,
        symbols: Symbols {
            tq_from_hq: true,
            ..Symbols::default()
        },
        ..bmp()
    };
    let police_hq = Counter {
        tq: 6,
        ..hq(Hq::Formation, Some(REGIMENT))
    };
    assert_eq!(police.base_tq(Some(&police_hq)), Ok(6));
    let mut s = police.tq_situation_under(Some(&police_hq)).unwrap();
    assert_eq!(
        check(effective_tq(&s, &tq_modifiers()).value, 6, 0),
        Tqc::Pass
    );
    // The status modifiers of S11.3-T go on the HQ's value.
    s.status = Status::Dg;
    assert_eq!(effective_tq(&s, &tq_modifiers()).value, 5);
    // A printed TQ is the unit's own, whatever HQ is named.
    assert_eq!(bmp().base_tq(Some(&police_hq)), Ok(5));
    assert_eq!(bmp().base_tq(None), Ok(5));
    // No HQ, or an HQ that does not serve the unit: refused.
    assert_eq!(police.base_tq(None).unwrap_err().case, "S11.1");
    let other = hq(Hq::Formation, Some(FormationId(9)));
    assert_eq!(
        police.tq_situation_under(Some(&other)).unwrap_err().case,
        "S11.1"
    );
}
