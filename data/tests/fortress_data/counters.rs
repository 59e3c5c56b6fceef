//! The counters, the set-up listings and the orders of appearance against the rulebook.

use super::*;

#[test]
fn fortress_ooa_counts_per_turn_are_the_rulebooks() {
    let d = data();
    let count = |side, kind: GroupKind, turn: u8, variant: Option<&str>| -> usize {
        d.groups
            .iter()
            .filter(|g| g.side == side && g.kind == kind && g.turn == turn)
            .filter(|g| g.variant.as_ref().map(|v| v.as_str()) == variant)
            .map(|g| g.units.len())
            .sum()
    };
    use GroupKind::{Arrival, Withdrawal};
    // 14.0
    assert_eq!(
        count(GERMAN, Arrival, 1, None),
        14,
        "9th Para 6, Nordland 8"
    );
    assert_eq!(
        count(GERMAN, Arrival, 2, None),
        26,
        "LVI 5, Muencheberg 7, 18th 7, 20th 7"
    );
    assert_eq!(count(GERMAN, Arrival, 3, None), 1, "Clausewitz");
    assert_eq!(
        count(GERMAN, Withdrawal, 4, None),
        7,
        "the whole 20th Panzergrenadier"
    );
    // 15.0
    for (turn, n) in [(1, 12), (2, 31), (3, 25), (4, 43), (5, 6), (6, 0), (7, 8)] {
        assert_eq!(count(SOVIET, Arrival, turn, None), n, "Soviet turn {turn}");
    }
    assert_eq!(
        count(SOVIET, Withdrawal, 3, None),
        2,
        "the 1st Polish Army elements"
    );
    // 16.x
    assert_eq!(count(GERMAN, Arrival, 1, Some("16.2")), 1);
    assert_eq!(count(GERMAN, Arrival, 2, Some("16.3")), 4);
    assert_eq!(count(GERMAN, Arrival, 4, Some("16.4")), 15);
    assert_eq!(
        count(SOVIET, Arrival, 4, Some("16.4")),
        4,
        "two new, two Polish returning"
    );
    assert_eq!(
        count(GERMAN, Arrival, 9, Some("16.5")),
        36,
        "29 new, the 20th's 7 may return"
    );
    assert_eq!(count(SOVIET, Arrival, 9, Some("16.5")), 13);
    // 13.x set-up
    let setup = |case: &str| -> usize {
        d.groups
            .iter()
            .filter(|g| g.kind == GroupKind::SetUp && g.case.as_str() == case)
            .map(|g| g.units.len())
            .sum()
    };
    assert_eq!(setup("13.1"), 12, "13.1 with Hitler");
    assert_eq!(setup("13.2"), 24);
    assert_eq!(setup("13.3"), 17);
    assert_eq!(setup("13.4"), 14);
    assert_eq!(setup("13.5"), 11);
    let vs = d
        .groups
        .iter()
        .find(|g| g.case.as_str() == "13.6")
        .expect("13.6");
    assert_eq!(
        (vs.kind, vs.draw),
        (GroupKind::Pool, 30),
        "thirty Volkssturm drawn at set-up"
    );
    let km = d
        .groups
        .iter()
        .find(|g| g.case.as_str() == "13.7")
        .expect("13.7");
    assert_eq!(km.units.len(), 3, "1 SSa, 1 FuML, MarScB 803");
    // 3.1.3: tank and mechanized corps are the Soviet formations that stack three.
    let corps = d
        .forces
        .formations
        .iter()
        .filter(|f| f.kind == engine::fortress::counters::FormationKind::MobileCorps)
        .count();
    assert_eq!(corps, 13);
}

#[test]
fn fortress_setup_fixed_hexes_are_the_cited_ones() {
    let d = data();
    let ids = ids();
    let at = |id: &str| -> Vec<HexId> {
        let u = unit(&ids, id);
        let g = d
            .groups
            .iter()
            .find(|g| g.kind == GroupKind::SetUp && g.units.contains(&u))
            .expect("set up");
        assert!(matches!(
            g.zone,
            Some(SetupZone::Hexes | SetupZone::Airfield | SetupZone::Near)
        ));
        g.hexes.to_vec()
    };
    assert_eq!(at("hitler"), [h("5017")]);
    assert_eq!(at("lah-1"), [h("5017")]);
    assert_eq!(at("hj-goebbels"), [h("5115")]);
    assert_eq!(at("berlin-hq"), [h("5315")]);
    assert_eq!(at("himmler-gd"), [h("5119")]);
    assert_eq!(at("gd-2"), [h("4818")]);
    assert_eq!(at("mvk"), [h("4819")]);
    assert_eq!(at("hg-mech"), [h("5117"), h("5118")]);
    assert_eq!(at("janums"), [h("4915")]);
    assert_eq!(at("flak-tiergarten"), [h("4915")]);
    assert_eq!(at("flak-botanical"), [h("3530")]);
    assert_eq!(at("flak-grunewald"), [h("2922")]);
    assert_eq!(at("flak-reichstag"), [h("5015")]);
    for t in ["4218", "5208", "6113"] {
        assert_eq!(at(&format!("flak-twr-{t}")), [h(t)]);
    }
    assert!(at("flak-tegel-1").contains(&h("3506")));
    assert!(at("at-tempelhof-2").contains(&h("5225")));
    assert!(at("lw-staff").contains(&h("1023")));
}

#[test]
fn fortress_counters_print_the_rulebooks_combat_faces() {
    let d = data();
    let ids = ids();
    let c = |id: &str| d.forces.counter(unit(&ids, id)).expect("counter").clone();
    let face = |id: &str| {
        let p = *c(id).on(COMBAT);
        (p.fs, p.pf, p.ma)
    };
    assert_eq!(face("tiger-502"), (6, 6, 4), "502nd Tiger 6-6-4 [14.0]");
    assert_eq!(face("berlin-hq"), (2, 3, 6), "Berlin HQ 2-3-6 [13.1]");
    assert_eq!(face("art-408-1"), (15, 2, 0), "[13.3]");
    assert_eq!(face("lvi-art-1"), (16, 2, 0), "[14.0]");
    assert_eq!(
        face("28a-3"),
        (17, 2, 4),
        "28th Army's 17-2-4 rifle division [15.0]"
    );
    assert_eq!(face("8ga-hq"), (2, 3, 0), "Soviet army HQs 2-3-0 [15.0]");
    assert_eq!(
        c("berlin-hq").command,
        Some(Radius::WholeMap),
        "the asterisk radius [2.2.8]"
    );
    assert!(matches!(c("lvi-hq").command, Some(Radius::Hexes(_))));
    assert!(
        c("ppb-3").combat_only,
        "PPBs print a combat face only [11.2.1]"
    );
    assert_eq!(c("hitler").kind, UnitType::Leader);
}

#[test]
fn fortress_stand_in_faces_agree_with_2_2_and_3_3() {
    let d = data();
    for (i, c) in d.forces.counters.iter().enumerate() {
        let (m, k) = (c.on(MANEUVER), c.on(COMBAT));
        let n = &c.name;
        // 3.3.1, 3.3.2: Maneuver Mode moves farthest, Combat Mode fights and protects best.
        assert!(
            m.ma >= k.ma,
            "{i} {n}: maneuver MA {} < combat MA {}",
            m.ma,
            k.ma
        );
        assert!(
            m.fs <= k.fs && m.pf <= k.pf,
            "{i} {n}: maneuver face stronger"
        );
        // 2.2.7: every combat unit and HQ has a morale rating.
        assert!(
            c.kind == UnitType::Leader || c.morale > 0,
            "{i} {n}: morale"
        );
        // 2.2.8: HQs, and only HQs, print a command radius.
        assert_eq!(
            c.is_hq(),
            c.kind == UnitType::Headquarters,
            "{i} {n}: radius"
        );
        // 8.3.1: every unit able to fire directly has a range of two.
        if matches!(c.weapon, WeaponType::AntiTank | WeaponType::DualPurpose) {
            assert_eq!(k.range, 2, "{i} {n}: direct gun fire range");
        }
        // 3.3.1: artillery in Maneuver Mode cannot bombard.
        if c.weapon == WeaponType::Artillery {
            assert_eq!(m.range, 0, "{i} {n}: limbered artillery");
            assert!(k.range > 2, "{i} {n}: artillery reaches beyond direct fire");
        }
    }
}

#[test]
fn fortress_setup_every_listing_has_room_where_13_x_puts_it() {
    let d = data();
    let m = &d.map;
    for g in d.groups.iter().filter(|g| g.zone.is_some() && g.turn == 0) {
        let room: Vec<HexId> = m.hexes().filter(|&x| d.can_set_up(g, x)).collect();
        let units = if g.kind == GroupKind::Pool {
            usize::from(g.draw)
        } else {
            g.units.len()
        };
        // At most three German units a hex (3.1.2): the zone must hold the listing.
        assert!(
            room.len() * 3 >= units,
            "{} {:?}: {} units, {} hexes",
            g.case,
            g.zone,
            units,
            room.len()
        );
    }
    // 13.5: one Hitler Youth unit on each of the six Havel bridges, so six hexes at least.
    let hj = d
        .groups
        .iter()
        .find(|g| g.case.as_str() == "13.5")
        .expect("13.5");
    for b in ["2011", "2012", "2013", "2017", "2109", "2407"] {
        assert!(d.can_set_up(hj, h(b)), "HJ may block the bridge in {b}");
    }
    // 13.4: PPBs on the Teltow Canal's banks, not on a plain built-up hex in the north.
    let ppb = d
        .groups
        .iter()
        .find(|g| g.case.as_str() == "13.4")
        .expect("13.4");
    assert!(d.can_set_up(ppb, h("4834")) && !d.can_set_up(ppb, h("4505")));
    // 13.6: the Volkssturm may stand within three hexes of the south edge, outside the ring.
    let vs = d
        .groups
        .iter()
        .find(|g| g.case.as_str() == "13.6")
        .expect("13.6");
    assert!(d.can_set_up(vs, h("2032")) && !d.can_set_up(vs, h("2028")));
    // 13.2: free deployment three or more hexes from every edge.
    let free = d
        .groups
        .iter()
        .find(|g| g.units.len() == 3 && g.case.as_str() == "13.2")
        .expect("free");
    assert!(
        d.can_set_up(free, h("3015"))
            && !d.can_set_up(free, h("0215"))
            && !d.can_set_up(free, h("3033"))
    );
}

#[test]
fn fortress_ooa_14_0_reinforcement_checks() {
    let d = data();
    assert_eq!(
        d.volkssturm_checks.as_slice(),
        [2, 3, 4, 5, 6, 7, 8, 9],
        "Volkssturm checks"
    );
    assert_eq!(
        d.naval_checks.as_slice(),
        [5, 6, 7, 8],
        "naval infantry checks"
    );
}

/// 11.1.3: the Waffen SS units that may desert after Hitler's death are known by the "SS" in
/// their own name or their formation's (see the ruling in docs/rules/fortress-berlin.md).
#[test]
fn fortress_11_1_3_waffen_ss_units_are_known_by_their_names_and_formations() {
    let d = data();
    let ids = ids();
    let ss = |id: &str| d.forces.counter(unit(&ids, id)).unwrap().waffen_ss;
    for id in [
        "himmler-gd",
        "lah-1",
        "lah-2",
        "janums",
        "nordland-hq",
        "nordland-pz",
        "tiger-502",
        "clausewitz-1",
    ] {
        assert!(ss(id), "{id} is Waffen SS");
    }
    for id in [
        "9fj-1",
        "mb-pz",
        "20pzg-76",
        "hj-goebbels",
        "vs-1",
        "berlin-hq",
    ] {
        assert!(!ss(id), "{id} is not");
    }
    assert!(d
        .forces
        .counters
        .iter()
        .filter(|c| c.side == SOVIET)
        .all(|c| !c.waffen_ss));
}

#[test]
fn fortress_17_2_17_3_every_unit_has_its_commander_in_the_multi_player_games() {
    use engine::fortress::players::{role_of, Role};
    let d = data();
    let ids = ids();
    let role = |players: u8, id: &str| role_of(&d.forces, players, unit(&ids, id));
    // 17.2: the fronts by army, Polish units with Koniev.
    for (id, front) in [
        ("1pol-1", Role::Koniev),
        ("28a-1", Role::Koniev),
        ("8ga-1", Role::Zhukov),
        ("8ga-hq", Role::Zhukov),
    ] {
        assert_eq!(role(2, id), None, "one Soviet player has them all");
        assert_eq!(role(3, id), Some(front), "{id}");
        assert_eq!(role(6, id), Some(front), "{id}");
    }
    // 17.3.1-17.3.3: the German units by service.
    for (id, four, five, six) in [
        (
            "9fj-1",
            Role::ArmedForces,
            Role::ArmedForces,
            Role::ArmedForces,
        ),
        ("nordland-pz", Role::Hitler, Role::Ss, Role::Ss),
        ("hj-goebbels", Role::Hitler, Role::Ss, Role::Ss),
        ("vs-1", Role::Hitler, Role::Hitler, Role::Civilian),
        ("police-1", Role::Hitler, Role::Hitler, Role::Civilian),
        ("fah", Role::Hitler, Role::Hitler, Role::Hitler),
        ("lah-1", Role::Hitler, Role::Ss, Role::Hitler),
    ] {
        assert_eq!(role(3, id), None, "one German player below four");
        assert_eq!(
            (role(4, id), role(5, id), role(6, id)),
            (Some(four), Some(five), Some(six)),
            "{id}"
        );
    }
    assert_eq!(role(6, "hitler"), None, "Hitler takes no orders (11.1.5)");
    // Every Soviet army names its front.
    assert!(d
        .forces
        .formations
        .iter()
        .filter(|f| f.side == SOVIET && f.kind == engine::fortress::counters::FormationKind::Army)
        .all(|f| f.front.is_some()));
}

/// 17.4.1: the Character Game's leaders, stand-ins (the rulebook names none but Hitler): one
/// German listing of kind `leaders` that only the option brings into play (`variant` "17.4"),
/// more than the six the birthday draws (17.4.9), each a leader with one to three stars and a
/// set-up hex on the map where a unit may stand; Hitler is not among them.
#[test]
fn fortress_17_4_1_the_character_games_leaders_print_stars_and_a_set_up_hex() {
    let d = data();
    let ids = ids();
    let lists: Vec<_> = d
        .groups
        .iter()
        .filter(|g| g.kind == GroupKind::Leaders)
        .collect();
    assert_eq!(lists.len(), 1);
    let g = lists[0];
    assert_eq!(g.side, GERMAN);
    assert_eq!(g.case.as_str(), "17.4.1");
    assert_eq!(g.variant.as_deref(), Some("17.4"));
    assert!(!g.in_play(&engine::fortress::board::Options::default()));
    assert!(g.units.len() > 6, "17.4.9: more leaders than the six drawn");
    let hitler = unit(&ids, "hitler");
    assert!(!g.units.contains(&hitler));
    assert_eq!(d.forces.counter(hitler).unwrap().stars, 0);
    let mut stars = [0; 4];
    for &u in &g.units {
        let c = d.forces.counter(u).unwrap();
        assert_eq!(c.kind, UnitType::Leader, "{}", c.name);
        assert!((1..=3).contains(&c.stars), "{}", c.name);
        stars[c.stars as usize] += 1;
        let home = c.home.expect("a set-up hex");
        assert!(d.map.geometry.contains(home), "{}", c.name);
        assert!(
            d.movement.enter[d.map.terrain(home) as usize].is_some(),
            "{} stands where a unit may",
            c.name
        );
        assert!(d.on_or_within_perimeter(home), "{} is in the city", c.name);
    }
    assert!(stars[1] > 0 && stars[2] > 0 && stars[3] > 0, "{stars:?}");
    assert_eq!(
        d.forces.counter(unit(&ids, "goebbels")).unwrap().home,
        Some(h("5115")),
        "Goebbels in his house (13.1)"
    );
}
