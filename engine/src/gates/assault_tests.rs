//! Gates assaults on small hand-made boards: 2.2.1 slopes, 2.2.4 divided hexes, 3.14 abilities.

extern crate std;

use super::*;
use crate::core::map::SideFeatures;
use crate::core::units::UnitId;
use crate::css::assault::{Assaulter, Role};
use crate::css::fire::Colour;
use crate::css::standin::{assault_charts, tq_modifiers};
use crate::css::terrain::tests::{h, Board, Marks};
use crate::css::terrain::{Divider, MoveClass, NoMarkers, Part, Parts};
use crate::gates::{NATO, WARSAW_PACT as WP};

fn ready(id: u16) -> Assaulter {
    Assaulter::ready(UnitId(id), MoveClass::Leg)
}

fn fighter(id: u16, firepower: u8) -> Fighter {
    Fighter::new(UnitId(id), firepower, Colour::White, 5, 2)
}

fn from(hex: HexId, units: &[Assaulter]) -> Approach<'_> {
    Approach {
        hex,
        part: Part::First,
        units,
    }
}

/// The attacker's Assault Value of a Gates assault by two fighters (7 and 4) on one (5), in
/// open ground, as `d` declared it.
fn attack_value(d: &Declaration) -> i16 {
    let mut attackers = [fighter(1, 7), fighter(2, 4)];
    let mut defenders = [fighter(9, 5)];
    let none = [Abilities::default(); 2];
    let a = assault(
        d,
        Party {
            fighters: &mut attackers,
            abilities: &none,
            backing: Backing::default(),
        },
        Party {
            fighters: &mut defenders,
            abilities: &none[..1],
            backing: Backing::default(),
        },
        Defended::default(),
    );
    a.value(Role::Attacker).value
}

// 2.2.1 slopes: the defender gains the slope's 1 in an assault only when every assaulting unit
// attacks across a slope hexside; one unit from a flat side takes the benefit away, and it
// comes back if that unit drops out under the defensive fire.
#[test]
fn gates_2_2_1_slope_helps_the_defender_only_if_every_assaulter_is_across() {
    let mut b = Board::new();
    let t = h(9, 9);
    let g = b.g();
    let mut around = g.neighbours(t).map(|(_, n)| n);
    let (up, up2, flat) = (
        around.next().unwrap(),
        around.next().unwrap(),
        around.next().unwrap(),
    );
    b.side(up, t, SideFeatures::SLOPE)
        .side(up2, t, SideFeatures::SLOPE);
    let (u1, u2) = ([ready(1)], [ready(2)]);
    let g = b.ground();
    // Both from slope hexsides: 7 + 1 − 1.
    let d = declare(
        &g,
        &NoMarkers,
        WP,
        t,
        true,
        &[from(up, &u1), from(up2, &u2)],
    )
    .unwrap();
    assert_eq!(attack_value(&d), 7);
    let card_has_slope = |d: &Declaration| {
        let mut attackers = [fighter(1, 7), fighter(2, 4)];
        let mut defenders = [fighter(9, 5)];
        let a = assault(
            d,
            Party {
                fighters: &mut attackers,
                abilities: &[],
                backing: Backing::default(),
            },
            Party {
                fighters: &mut defenders,
                abilities: &[],
                backing: Backing::default(),
            },
            Defended::default(),
        );
        a.value(Role::Attacker)
            .lines
            .iter()
            .any(|l| l.case == "2.2.1")
    };
    assert!(card_has_slope(&d), "the card cites 2.2.1");
    // One from the flat side: no slope benefit, 7 + 1.
    let mut d = declare(
        &g,
        &NoMarkers,
        WP,
        t,
        true,
        &[from(up, &u1), from(flat, &u2)],
    )
    .unwrap();
    assert_eq!(attack_value(&d), 8);
    assert!(!card_has_slope(&d));
    // The flat-side unit is pinned by the defensive fire: all that remain are across a slope.
    d.after_defensive_fire(|u| {
        Some(if u == UnitId(2) {
            crate::css::morale::Status::Pinned
        } else {
            crate::css::morale::Status::None
        })
    });
    assert!(card_has_slope(&d));
}

// 2.2.4 bridges: a hex a bridge divides in two (like 26.25) is assaulted in its far part only
// from the bridge's hex, over the standing bridge; from the far bank elsewhere, or with the
// bridge down, the declaration is refused under 2.2.4. The side holding it, or an attack from
// next to the part held, is not concerned.
#[test]
fn gates_2_2_4_a_divided_hex_is_assaulted_only_from_the_bridge_hex() {
    let mut b = Board::new();
    let x = h(6, 6);
    let (near, bridgehead) = (h(6, 7), h(6, 5));
    let bank = b
        .g()
        .neighbours(x)
        .map(|(_, n)| n)
        .find(|&n| n != near && n != bridgehead)
        .unwrap();
    let first = b.mask(x, &[near]);
    b.parts(
        x,
        Parts {
            divider: Divider::River,
            first,
            bridge: true,
            ..Parts::default()
        },
    )
    .side(bridgehead, x, SideFeatures::ROAD);
    let mut m = Marks::default();
    m.owned.push((x, NATO, Part::First));
    let u = [ready(1)];
    let case = |m: &Marks, hex, side| {
        declare(&b.ground(), m, side, x, true, &[from(hex, &u)])
            .err()
            .map(|e| e.case)
    };
    assert_eq!(case(&m, near, WP), None, "next to the part held");
    assert_eq!(case(&m, bridgehead, WP), None, "from the bridge's hex");
    assert_eq!(
        case(&m, bank, WP),
        Some("2.2.4"),
        "the far bank, not the bridge"
    );
    assert!(
        divided_hex(&b.ground(), &m, NATO, bank, x).is_ok(),
        "own hex"
    );
    m.bridges_out.push(Crossing::InHex(x));
    assert_eq!(
        case(&m, bridgehead, WP),
        Some("2.2.4"),
        "the bridge is down"
    );
    // An undivided hex is the series' business alone.
    let plain = h(9, 9);
    let n = b.g().neighbours(plain).next().unwrap().1;
    assert!(declare(&b.ground(), &m, WP, plain, true, &[from(n, &u)]).is_ok());
}

// 3.14 special attributes in the assault (S10.4): a flame-thrower adds 3 and the assault
// ability 2 to its side's roll, once each however many units carry it, for the attacker or the
// defender; units without them add nothing.
#[test]
fn gates_3_14_assault_bonuses_go_on_the_assault_roll() {
    let b = Board::new();
    let t = h(9, 9);
    let n = b.g().neighbours(t).next().unwrap().1;
    let u = [ready(1), ready(2)];
    let d = declare(&b.ground(), &NoMarkers, WP, t, true, &[from(n, &u)]).unwrap();
    let (ac, tq) = (assault_charts(), tq_modifiers());
    let flame = Abilities {
        flame_thrower: true,
        ..Abilities::default()
    };
    let pioneers = Abilities {
        assault_bonus: true,
        ..Abilities::default()
    };
    let mut attackers = [fighter(1, 5), fighter(2, 5)];
    let mut defenders = [fighter(9, 5)];
    let a = assault(
        &d,
        Party {
            fighters: &mut attackers,
            abilities: &[flame, flame],
            backing: Backing::default(),
        },
        Party {
            fighters: &mut defenders,
            abilities: &[pioneers],
            backing: Backing::default(),
        },
        Defended::default(),
    );
    let card = a.roll_card(Role::Attacker, &ac.modifiers, &tq);
    assert_eq!(card.modifier, 3, "one flame-thrower bonus for two");
    assert!(card.lines.iter().any(|l| l.case == "3.14"));
    assert_eq!(a.roll_card(Role::Defender, &ac.modifiers, &tq).modifier, 2);
    // Same rolls: the difference moves by the attacker's 3 less the defender's 2.
    let with = a.totals(4, 4, &ac, &tq).unwrap().difference;
    let mut attackers = [fighter(1, 5), fighter(2, 5)];
    let mut defenders = [fighter(9, 5)];
    let plain = assault(
        &d,
        Party {
            fighters: &mut attackers,
            abilities: &[Abilities::default(); 2],
            backing: Backing::default(),
        },
        Party {
            fighters: &mut defenders,
            abilities: &[Abilities::default()],
            backing: Backing::default(),
        },
        Defended::default(),
    );
    let without = plain.totals(4, 4, &ac, &tq).unwrap().difference;
    assert_eq!(with - without, 3 - 2);
    // Both abilities on one side: +5; a leader's bonus is kept.
    let both = backing(
        &[flame, pioneers],
        Backing {
            leader_bonus: 1,
            ..Backing::default()
        },
    );
    assert!(both.flame_thrower && both.assault_ability && both.leader_bonus == 1);
}
