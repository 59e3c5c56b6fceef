//! Declaring an assault (S10.1) and the defensive fire it draws (S10.2).

use super::*;

// S10.1: only active, Deployed units with no marker and a fire-type action left assault, into
// an enemy-occupied hex next to them; a Boat unit never does.
#[test]
fn css_s10_1_a_column_or_marked_unit_may_not_assault() {
    let b = Board::new();
    let m = Marks::default();
    let t = h(5, 5);
    let from = nb(&b, t, 1);
    let ok = ready(1);
    assert_eq!(refusal(&b, &m, from, t, &[ok]), None);
    let column = Assaulter {
        deployed: false,
        ..ok
    };
    assert_eq!(
        refusal(&b, &m, from, t, &[ok, column]),
        Some("S10.1"),
        "Column"
    );
    for status in [Status::Pinned, Status::Dg, Status::Suppressed] {
        let marked = Assaulter { status, ..ok };
        assert_eq!(
            refusal(&b, &m, from, t, &[marked]),
            Some("S10.1"),
            "{status:?}"
        );
    }
    let idle = Assaulter {
        active: false,
        ..ok
    };
    assert_eq!(refusal(&b, &m, from, t, &[idle]), Some("S10.1"));
    let boat = Assaulter::ready(UnitId(1), MoveClass::Boat);
    assert_eq!(refusal(&b, &m, from, t, &[boat]), Some("S10.1"));
    let fired = Assaulter { fired: true, ..ok };
    assert_eq!(refusal(&b, &m, from, t, &[fired]), Some("S5.1.2"));
    assert_eq!(
        refusal(&b, &m, h(5, 8), t, &[ok]),
        Some("S10.1"),
        "not adjacent"
    );
    let empty = declare(&b.ground(), &m, WP, t, false, &one(from, &[ok]));
    assert_eq!(empty.unwrap_err().case, "S10.1", "no enemy in the hex");
    let nobody = declare(&b.ground(), &m, WP, t, true, &one(from, &[]));
    assert_eq!(nobody.unwrap_err().case, "S10.1");
}

// S10.1: the hexside must be one the unit could move across into the hex: no river, no Wall,
// no stream for wheeled units, no terrain its class may not enter, no grayed-out part; a
// bridge counts though the unit is Deployed (exclusive 2.2.4), unless it is down.
#[test]
fn css_s10_1_assault_only_across_hexsides_the_units_could_cross() {
    let mut b = Board::new();
    let t = h(5, 5);
    let [river, bridge, wall, wire, stream, gray] = core::array::from_fn(|k| nb(&b, t, k));
    b.side(river, t, SideFeatures::WATER)
        .side(bridge, t, SideFeatures::WATER | SideFeatures::ROAD)
        .side(wall, t, SideFeatures::BORDER)
        .side(wire, t, SideFeatures::BORDER | SideFeatures::WALL_WIRE)
        .side(stream, t, SideFeatures::STREAM);
    let mask = b.mask(gray, &[t]);
    b.parts(
        gray,
        Parts {
            gray: mask,
            ..Parts::default()
        },
    );
    let mut m = Marks::default();
    let (leg, wheeled) = (ready(1), Assaulter::ready(UnitId(2), MoveClass::Wheeled));
    assert_eq!(refusal(&b, &m, river, t, &[leg]), Some("S10.1"), "river");
    assert_eq!(
        refusal(&b, &m, bridge, t, &[leg]),
        None,
        "over a bridge, Deployed"
    );
    assert_eq!(refusal(&b, &m, wall, t, &[leg]), Some("S10.1"), "the Wall");
    assert_eq!(
        refusal(&b, &m, wire, t, &[leg]),
        None,
        "leg units cross the wire"
    );
    assert_eq!(refusal(&b, &m, wire, t, &[wheeled]), Some("S10.1"));
    assert_eq!(refusal(&b, &m, stream, t, &[leg]), None);
    assert_eq!(
        refusal(&b, &m, stream, t, &[wheeled]),
        Some("S10.1"),
        "2.2.2"
    );
    assert_eq!(refusal(&b, &m, gray, t, &[leg]), Some("S10.1"), "gray part");
    let s = b.g().side_between(bridge, t).unwrap();
    m.bridges_out.push(Crossing::Side(s));
    assert_eq!(
        refusal(&b, &m, bridge, t, &[leg]),
        Some("S10.1"),
        "the bridge is down"
    );
    // A Marsh hex is closed to tracked units: they cannot assault into it.
    b.dot(t, dots::MARSH);
    let tank = Assaulter::ready(UnitId(3), MoveClass::Tracked);
    let m = Marks::default();
    assert_eq!(refusal(&b, &m, stream, t, &[tank]), Some("S10.1"));
    assert_eq!(refusal(&b, &m, stream, t, &[leg]), None);
}

// S10.1, S16.3, exclusive 2.2.3–2.2.4: a divided hex is assaulted from hexes next to the part
// its defenders hold, or across its bridge from the hex its road leads to; units in a divided
// hex assault from their own part.
#[test]
fn css_s10_1_a_divided_hex_is_assaulted_from_its_held_part_or_over_its_bridge() {
    let mut b = Board::new();
    let x = h(6, 6);
    let (near, far) = (h(6, 7), h(6, 5));
    let far2 = b
        .g()
        .neighbours(x)
        .map(|(_, n)| n)
        .find(|&n| n != near && n != far)
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
    .side(far, x, SideFeatures::ROAD);
    let mut m = Marks::default();
    m.owned.push((x, NATO, Part::First));
    let u = [ready(1)];
    assert_eq!(refusal(&b, &m, near, x, &u), None, "next to the held part");
    assert_eq!(
        refusal(&b, &m, far, x, &u),
        None,
        "over the bridge, along its road"
    );
    assert_eq!(
        refusal(&b, &m, far2, x, &u),
        Some("S10.1"),
        "the far bank, no road"
    );
    m.bridges_out.push(Crossing::InHex(x));
    assert_eq!(
        refusal(&b, &m, far, x, &u),
        Some("S10.1"),
        "the bridge is down"
    );
    // From a divided hex: only the part the attackers hold faces the hexes next to it.
    let mut b2 = Board::new();
    let y = h(6, 7);
    let first = b2.mask(y, &[h(6, 6)]);
    b2.parts(
        y,
        Parts {
            divider: Divider::River,
            first,
            ..Parts::default()
        },
    );
    let try_part = |part| {
        declare(
            &b2.ground(),
            &NoMarkers,
            WP,
            h(6, 8),
            true,
            &[Approach {
                hex: y,
                part,
                units: &u,
            }],
        )
        .map(|_| ())
    };
    assert_eq!(try_part(Part::First).unwrap_err().case, "S10.1");
    assert!(try_part(Part::Second).is_ok());
}

// S10.1: units in several hexes may join one assault on the one hex they are all next to.
#[test]
fn css_s10_1_units_of_several_hexes_join_one_assault() {
    let b = Board::new();
    let t = h(9, 9);
    let (a, c) = (nb(&b, t, 0), nb(&b, t, 3));
    let units_a = [ready(1), ready(2)];
    let units_c = [ready(3)];
    let d = declare(
        &b.ground(),
        &NoMarkers,
        WP,
        t,
        true,
        &[
            Approach {
                hex: a,
                part: Part::First,
                units: &units_a,
            },
            Approach {
                hex: c,
                part: Part::First,
                units: &units_c,
            },
        ],
    )
    .unwrap();
    assert_eq!(d.hexes.len(), 2);
    assert_eq!(d.remaining().count(), 3);
    assert_eq!(d.attackers[2].hex, 1);
    // A hex next to another one only: not part of this assault.
    let stray = declare(
        &b.ground(),
        &NoMarkers,
        WP,
        t,
        true,
        &[
            Approach {
                hex: a,
                part: Part::First,
                units: &units_a,
            },
            Approach {
                hex: h(9, 12),
                part: Part::First,
                units: &units_c,
            },
        ],
    );
    assert_eq!(stray.unwrap_err().case, "S10.1");
}

// S10.2, S9.11.2: the declaration is an opportunity-fire trigger in every assaulting hex (a
// charge's is not); attackers the fire pins, disrupts, suppresses, captures or eliminates drop
// out; with none left the assault is over.
#[test]
fn css_s10_2_defensive_fire_before_the_assault_and_who_drops_out() {
    let mut b = Board::new();
    let t = h(9, 9);
    let (a, c) = (nb(&b, t, 0), nb(&b, t, 3));
    b.side(a, t, SideFeatures::SLOPE);
    let units_a = [ready(1), ready(2)];
    let units_c = [ready(3)];
    let mut d = declare(
        &b.ground(),
        &NoMarkers,
        WP,
        t,
        true,
        &[
            Approach {
                hex: a,
                part: Part::First,
                units: &units_a,
            },
            Approach {
                hex: c,
                part: Part::First,
                units: &units_c,
            },
        ],
    )
    .unwrap();
    assert!(d
        .triggers()
        .all(|(tr, _)| tr == Trigger::DeclaredAssault && tr.triggers()));
    assert_eq!(d.triggers().map(|(_, hex)| hex).collect::<Vec<_>>(), [a, c]);
    assert!(
        !Trigger::DeclaredCharge.triggers(),
        "S10.7.1: a charge is sudden"
    );
    assert!(
        !d.across_slope(),
        "the unit in the other hex is not across the slope"
    );
    // Unit 3 is suppressed and unit 2 pinned by the fire; unit 1 is untouched.
    let after = d.after_defensive_fire(|u| match u.0 {
        2 => Some(Status::Pinned),
        3 => Some(Status::Suppressed),
        _ => Some(Status::None),
    });
    assert_eq!(after, Standing::Goes(1));
    assert_eq!(d.remaining().collect::<Vec<_>>(), [UnitId(1)]);
    assert!(
        d.across_slope(),
        "now every attacker left is across the slope"
    );
    // A later fire captures the last one: the assault is over.
    assert_eq!(d.after_defensive_fire(|_| None), Standing::Over);
    assert!(!d.across_slope());
    let mut none: [Fighter; 0] = [];
    let mut defenders = [fighter(9, 5, 5)];
    let a = assault(&mut none, &mut defenders);
    let err = a
        .totals(5, 5, &assault_charts(), &tq_modifiers())
        .unwrap_err();
    assert_eq!(err.case, "S10.2");
}

// S7.11: boats beside the hex are not in it and cannot be assaulted; a hex with a land unit
// beside the boat may be.
#[test]
fn css_s7_11_boat_units_are_never_assaulted() {
    let boat = MoveClass::Boat;
    assert_eq!(may_be_assaulted(&[boat]).unwrap_err().case, "S7.11");
    assert_eq!(may_be_assaulted(&[boat, boat]).unwrap_err().case, "S7.11");
    assert_eq!(may_be_assaulted(&[]).unwrap_err().case, "S10.1");
    assert!(may_be_assaulted(&[boat, LEG]).is_ok());
    assert!(may_be_assaulted(&[MoveClass::Tracked]).is_ok());
}
