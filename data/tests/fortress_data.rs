//! Fortress Berlin's built-in data set: it loads without a problem, every hex the rules cite is
//! where they put it with the feature they name, and the orders of appearance bring the units
//! the rulebook lists, with the values it prints.

use data::fortress;
use engine::core::hex::{Geometry, HexId};
use engine::core::map::{HexFeatures, SideFeatures};
use engine::core::units::UnitId;
use engine::fortress::board::terrain;
use engine::fortress::counters::{Radius, UnitType, WeaponType, COMBAT, GERMAN, MANEUVER, SOVIET};
use engine::fortress::data::{GameData, GroupKind, SetupZone};

fn data() -> Box<GameData> {
    match fortress::load_builtin() {
        Ok(d) => d,
        Err(e) => {
            let msgs: Vec<String> = e.iter().map(|e| e.to_string()).collect();
            panic!("{} problems:\n{}", msgs.len(), msgs.join("\n"));
        }
    }
}

fn h(s: &str) -> HexId {
    engine::core::hex::parse_hex(s).expect("hex")
}

fn side(d: &GameData, a: &str, b: &str) -> SideFeatures {
    let g = d.map.geometry;
    let s = g
        .side_between(h(a), h(b))
        .unwrap_or_else(|| panic!("{a}/{b} not adjacent"));
    d.map.side(s)
}

fn place(d: &GameData, name: &str) -> Vec<HexId> {
    d.map
        .place(name)
        .unwrap_or_else(|| panic!("no place '{name}'"))
        .hexes
        .to_vec()
}

#[test]
fn fortress_builtin_loads_without_problems_and_round_trips() {
    let d = data();
    let bytes = fortress::encode(&d).expect("encode");
    let back = fortress::decode(&bytes).expect("decode");
    assert!(*back == *d, "the compiled data decodes to what was encoded");
    assert!(
        d.stand_ins.iter().any(|s| s.as_str() == "map.txt"),
        "the map is listed as a stand-in"
    );
    assert!(d.stand_ins.iter().any(|s| s.as_str() == "units.toml"));
}

#[test]
fn fortress_map_12_0_13_1_the_government_quarter_is_where_the_rules_put_it() {
    let d = data();
    let m = &d.map;
    // 12.0: the Reichstag, 5015, is the hex whose capture ends the game.
    assert_eq!(place(&d, "Reichstag"), [h("5015")]);
    for (name, hex) in [
        ("Reichstag", "5015"),
        ("Fuhrer Bunker", "5017"),
        ("Brandenburg Gate", "5018"),
        ("Goebbels' House", "5115"),
        ("Arsenal", "5315"),
        ("Gestapo HQ", "5119"),
        ("Army Ministry", "4818"),
        ("Navy Ministry", "4819"),
        ("Air Ministry", "5117"),
        ("Air Ministry", "5118"),
    ] {
        assert!(place(&d, name).contains(&h(hex)), "{name} at {hex}");
        assert_eq!(
            m.terrain(h(hex)),
            terrain::MAJOR_BUILDING,
            "{name} {hex} is a major building"
        );
    }
    // 11.1.1: Hitler's hex holds the Fuhrer Bunker (a bunker, 10.1.2); 11.1.2 needs
    // strongpoints to capture, the Reichstag among them.
    assert!(m.features(h("5017")).has(HexFeatures::BUNKER));
    assert!(m.features(h("5015")).has(HexFeatures::STRONGPOINT));
    // 13.1, 13.2: the Tiergarten (4915) is park.
    assert_eq!(m.terrain(h("4915")), terrain::PARK);
    // 13.7.1: the Tiergarten's east-west axis road runs through it.
    let axis = place(&d, "Tiergarten axis road");
    assert!(axis.len() >= 5);
    for x in &axis {
        assert!(
            m.hex_has_side_feature(*x, SideFeatures::ROAD),
            "axis hex {x:?} has a road"
        );
        assert!(
            x.col >= 42 && x.col <= 50,
            "axis hex {x:?} is by the Tiergarten"
        );
    }
}

#[test]
fn fortress_map_13_2_airfields_flak_towers_gardens_and_grunewald_station() {
    let d = data();
    let m = &d.map;
    for (name, hex) in [("Tegel", "3506"), ("Tempelhof", "5225"), ("Gatow", "1023")] {
        let hexes = place(&d, name);
        assert!(hexes.contains(&h(hex)), "{name} holds {hex}");
        assert!(
            hexes.len() > 1,
            "{name}: the hex and surrounding airfield hexes"
        );
        for x in hexes {
            assert_eq!(m.terrain(x), terrain::AIRFIELD);
            assert!(m.features(x).has(HexFeatures::AIRFIELD));
        }
    }
    for hex in ["4218", "5208", "6113"] {
        assert!(
            m.features(h(hex)).has(HexFeatures::FLAK_TOWER),
            "flak tower {hex}"
        );
    }
    let towers = m
        .hexes()
        .filter(|&x| m.features(x).has(HexFeatures::FLAK_TOWER))
        .count();
    assert_eq!(
        towers, 3,
        "three flak towers [10.1.4]; the fourth is the 16.1 variant's"
    );
    assert_eq!(m.terrain(h("3530")), terrain::PARK, "Botanical Gardens");
    assert!(
        m.features(h("2922")).has(HexFeatures::STATION),
        "Grunewald U-Bahn station"
    );
    assert!(m.hex_has_side_feature(h("2922"), SideFeatures::UBAHN));
}

#[test]
fn fortress_map_13_5_havel_bridges_and_the_errata_bridge_1631_1731() {
    let d = data();
    let m = &d.map;
    let g = m.geometry;
    for hex in ["2011", "2012", "2013", "2017", "2109", "2407"] {
        let bridged = g.neighbours(h(hex)).any(|(_, n)| {
            let s = m.side(g.side_between(h(hex), n).expect("side"));
            s.has(SideFeatures::WATER) && s.has(SideFeatures::BRIDGE)
        });
        assert!(bridged, "a bridge over the Havel in hex {hex}");
    }
    assert_eq!(place(&d, "Havel bridges").len(), 6);
    let errata = side(&d, "1631", "1731");
    assert!(
        errata.has(SideFeatures::WATER) && errata.has(SideFeatures::BRIDGE),
        "map errata bridge"
    );
    // Without a bridge a river stops a unit (7.3.3): the Havel has unbridged sides too.
    assert!(!side(&d, "2016", "1916").has(SideFeatures::BRIDGE));
    assert!(side(&d, "2016", "1916").has(SideFeatures::WATER));
}

/// Two hexsides meet at a corner: they share a hex and their other hexes are adjacent.
fn touch(g: &Geometry, a: (HexId, HexId), b: (HexId, HexId)) -> bool {
    let pairs = [
        (a.0, a.1, b.0, b.1),
        (a.0, a.1, b.1, b.0),
        (a.1, a.0, b.0, b.1),
        (a.1, a.0, b.1, b.0),
    ];
    pairs.iter().any(|&(x, y, u, v)| x == u && g.adjacent(y, v))
}

#[test]
fn fortress_map_13_4_the_teltow_canal_runs_6430_6431_to_4733_4834_to_3933_4034() {
    let d = data();
    let m = &d.map;
    let g = m.geometry;
    let canal: Vec<(HexId, HexId)> = m
        .hexes()
        .flat_map(|x| g.neighbours(x).map(move |(_, n)| (x, n)))
        .filter(|&(x, n)| {
            x < n
                && m.side(g.side_between(x, n).expect("side"))
                    .has(SideFeatures::CANAL)
        })
        .filter(|&(x, n)| x.row >= 28 && n.row >= 28)
        .collect();
    let find = |a: &str, b: &str| {
        let (x, y) = (h(a).min(h(b)), h(a).max(h(b)));
        assert!(canal.contains(&(x, y)), "{a}/{b} is a Teltow Canal side");
        (x, y)
    };
    let east = find("6430", "6431");
    let bend = find("4733", "4834");
    let west = find("3933", "4034");
    assert_eq!(h("6430").col, g.columns, "6430 lies on the east edge");
    // The three sides are one unbroken line along hexsides.
    let mut reached = vec![east];
    let mut i = 0;
    while i < reached.len() {
        let s = reached[i];
        for &t in &canal {
            if !reached.contains(&t) && touch(&g, s, t) {
                reached.push(t);
            }
        }
        i += 1;
    }
    assert!(
        reached.contains(&bend) && reached.contains(&west),
        "the canal is continuous"
    );
    // 13.4: its bank hexes are a set-up zone for the PPBs.
    let banks = place(&d, "Teltow Canal banks");
    assert!(banks.contains(&h("6430")) && banks.contains(&h("4834")) && banks.contains(&h("3933")));
}

#[test]
fn fortress_map_5_0_entry_areas_a_to_x_run_round_the_edge_with_p_4234_and_q_3234() {
    let d = data();
    let g = d.map.geometry;
    assert_eq!(d.entry_areas.len(), 24);
    assert_eq!(d.entry(b'P').map(|e| e.hex), Some(h("4234")));
    assert_eq!(d.entry(b'Q').map(|e| e.hex), Some(h("3234")));
    // Clockwise from the north edge: the angle round the map centre keeps turning one way,
    // so each letter's neighbours are the letters before and after it, X beside A (5.4).
    let (cx, cy) = (f64::from(g.columns) / 2.0, f64::from(g.rows) / 2.0);
    let angle = |x: HexId| (f64::from(x.row) - cy).atan2(f64::from(x.col) - cx);
    let mut turned = 0.0;
    for w in 0..24 {
        let a = angle(d.entry_areas[w].hex);
        let b = angle(d.entry_areas[(w + 1) % 24].hex);
        let mut step = b - a;
        if step < -std::f64::consts::PI {
            step += 2.0 * std::f64::consts::PI;
        }
        if step > std::f64::consts::PI {
            step -= 2.0 * std::f64::consts::PI;
        }
        assert!(
            step > 0.0,
            "area {} follows {} clockwise",
            (b'A' + ((w + 1) % 24) as u8) as char,
            (b'A' + w as u8) as char
        );
        turned += step;
    }
    assert!(
        (turned - 2.0 * std::f64::consts::PI).abs() < 1e-6,
        "the letters go round once"
    );
    for e in &d.entry_areas {
        let t = d.map.terrain(e.hex);
        assert_ne!(t, terrain::LAKE, "area {} can be entered", e.letter as char);
    }
    // 14.0, 16.5: the south edge from P (or Q) west to the Havel at 1634.
    assert_eq!(h("1634").row, g.rows);
    assert!(
        d.map.hex_has_side_feature(h("1634"), SideFeatures::WATER),
        "1634 is on the Havel"
    );
    let exit = place(&d, "South edge P to Havel");
    assert!(exit.contains(&h("4234")) && exit.contains(&h("1634")) && !exit.contains(&h("4334")));
    let wenck = place(&d, "South edge Q to Havel");
    assert!(
        wenck.contains(&h("3234")) && wenck.contains(&h("1634")) && !wenck.contains(&h("3334"))
    );
}

#[test]
fn fortress_map_13_3_the_strongpoint_perimeter_encloses_the_centre() {
    let d = data();
    for hex in ["5015", "5017", "5119", "5315", "4218", "5225"] {
        assert!(
            d.on_or_within_perimeter(h(hex)),
            "{hex} is within the perimeter"
        );
    }
    for hex in ["3506", "1023", "2922", "3530", "6430"] {
        assert!(
            !d.on_or_within_perimeter(h(hex)),
            "{hex} is outside the perimeter"
        );
    }
    let m = &d.map;
    let on_ring_strong = d
        .perimeter
        .iter()
        .filter(|&&x| m.features(x).has(HexFeatures::STRONGPOINT))
        .count();
    assert!(
        on_ring_strong >= 20,
        "the perimeter is a line of strongpoints ({on_ring_strong})"
    );
    assert!(
        !d.barriers.is_empty(),
        "perimeter barriers guard the strongpoints [10.1.1]"
    );
    // Set-up needs (13.3): U-Bahn entrances for four police battalions, major buildings.
    let stations = m
        .hexes()
        .filter(|&x| m.features(x).has(HexFeatures::STATION))
        .count();
    assert!(stations >= 4, "{stations} U-Bahn stations");
}

#[test]
fn fortress_map_looks_like_berlin_rivers_canals_and_rails() {
    let d = data();
    let m = &d.map;
    // The Spree passes north of the Reichstag and the Landwehr Canal south of the ministries.
    assert!(
        side(&d, "5014", "5015").has(SideFeatures::WATER),
        "Spree north of the Reichstag"
    );
    assert!(
        side(&d, "4819", "4820").has(SideFeatures::CANAL),
        "Landwehr Canal south of the Navy Ministry"
    );
    assert!(
        side(&d, "5119", "5120").has(SideFeatures::CANAL),
        "Landwehr Canal south of the Gestapo HQ"
    );
    let rails = m
        .hexes()
        .filter(|&x| m.hex_has_side_feature(x, SideFeatures::RAIL))
        .count();
    let lakes = m.hexes().filter(|&x| m.terrain(x) == terrain::LAKE).count();
    let built = m
        .hexes()
        .filter(|&x| m.terrain(x) == terrain::BUILT_UP)
        .count();
    assert!(rails > 100 && lakes > 10, "rails {rails}, lakes {lakes}");
    assert!(
        built * 2 > m.hexes().count(),
        "a city: most hexes are built up ({built})"
    );
}

fn ids() -> Vec<String> {
    fortress::unit_ids(&fortress::builtin_files())
}

fn unit(ids: &[String], id: &str) -> UnitId {
    UnitId(
        ids.iter()
            .position(|x| x == id)
            .unwrap_or_else(|| panic!("no unit {id}")) as u16,
    )
}

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

/// Hexes reachable from `from` over land, crossing water sides only at bridges if `bridges`.
fn reach(d: &GameData, from: &str, bridges: bool) -> Vec<HexId> {
    let m = &d.map;
    let g = m.geometry;
    let mut seen = vec![h(from)];
    let mut i = 0;
    while i < seen.len() {
        let x = seen[i];
        for (_, n) in g.neighbours(x) {
            let s = m.side(g.side_between(x, n).expect("side"));
            let wet = s.has(SideFeatures::WATER) && !(bridges && s.has(SideFeatures::BRIDGE));
            if !wet && m.terrain(n) != terrain::LAKE && !seen.contains(&n) {
                seen.push(n);
            }
        }
        i += 1;
    }
    seen
}

#[test]
fn fortress_map_the_havel_cuts_gatow_and_spandau_off_but_for_its_bridges() {
    let d = data();
    // 7.3.3: rivers are crossed only at bridges. The Havel runs unbroken from the north edge
    // to the south edge (1634), through its lakes.
    let west = reach(&d, "1023", false);
    assert!(
        west.contains(&h("1612")),
        "Spandau's old town lies west of the Havel with Gatow"
    );
    assert!(
        !west.contains(&h("5015")),
        "no way from Gatow to the Reichstag without a bridge"
    );
    assert!(!west.contains(&h("3506")), "nor to Tegel");
    let bridged = reach(&d, "1023", true);
    assert!(
        bridged.contains(&h("5015")),
        "over the bridges the Reichstag is reachable"
    );
    // The Spree and the Landwehr Canal ring the government quarter: from Steglitz (4230) the
    // Reichstag is reached only over their bridges.
    let steglitz = reach(&d, "4230", false);
    assert!(!steglitz.contains(&h("5015")) && steglitz.contains(&h("5225")));
    // The Teltow Canal cuts the south-east corner off from the city (13.4's PPB line).
    let beyond = reach(&d, "5534", false);
    assert!(
        !beyond.contains(&h("5225")),
        "Tempelhof lies across the Teltow Canal"
    );
    assert!(reach(&d, "5534", true).contains(&h("5225")));
}

/// The full game's German set-up, done the table's way: the thirty Volkssturm of 13.6 drawn
/// (the first chit each time), then auto-place. Returns the game in its first player-turn.
fn set_up_full_game(d: &'static GameData) -> engine::fortress::Game<'static> {
    use engine::core::protocol::{Input, Pending};
    use engine::fortress::Command;
    let mut game = engine::fortress::Game::new(
        d,
        fortress::FULL_GAME,
        engine::fortress::board::Options::default(),
    )
    .expect("the full game starts");
    let mut draws = 0;
    while let Pending::DrawChit { case, .. } = game.pending() {
        assert_eq!(case, "13.6");
        game.apply(&Input::Drew(0)).expect("drawn");
        draws += 1;
    }
    assert_eq!(draws, 30, "13.6: thirty Volkssturm units");
    for p in game.auto_place() {
        game.apply(&Input::Command(Command::Place(p)))
            .expect("an auto-placement is legal");
    }
    assert_eq!(
        game.units_to_place().count(),
        0,
        "auto-place places every unit"
    );
    game.apply(&Input::Command(Command::SetUpDone))
        .expect("the set-up is complete");
    game
}

#[test]
fn fortress_13_0_13_6_the_full_game_starts_with_the_german_set_up_and_plays_on_the_stand_in_charts()
{
    let d: &'static GameData = Box::leak(data());
    // One type: the loader fills the charts the game reads with the engine's marked stand-ins.
    assert!(d.combat == engine::fortress::combat::standin::tables());
    assert!(d.movement == engine::fortress::terrain::standin());
    for s in fortress::STANDIN_CHARTS {
        assert!(d.stand_ins.iter().any(|x| x.as_str() == s), "{s} listed");
    }
    let s = d.scenario(fortress::FULL_GAME).expect("the full game");
    assert_eq!(s.case.as_str(), "13.0");
    assert_eq!(s.last_turn, 15, "4.0: April 21 to May 5");
    // 13.0: the scenario places nothing itself; the German's set-up step places everything.
    assert!(s.setup.is_empty());
    let game = set_up_full_game(d);
    let ids = ids();
    let b = &game.state.board;
    let at = |id: &str| b.unit(unit(&ids, id)).unwrap().state.hex();
    // 13.1: the listings naming one hex put their units there.
    assert_eq!(at("hitler"), Some(h("5017")));
    assert_eq!(at("lah-1"), Some(h("5017")));
    assert_eq!(at("berlin-hq"), Some(h("5315")));
    assert_eq!(at("gd-2"), Some(h("4818")));
    assert_eq!(at("janums"), Some(h("4915")));
    // 13.1: the Air Ministry's two units in 5117 and/or 5118.
    for id in ["hg-mech", "lw-field"] {
        assert!([Some(h("5117")), Some(h("5118"))].contains(&at(id)), "{id}");
    }
    // 13.5: a Hitler Youth unit blocks each Havel bridge.
    for bridge in ["2011", "2012", "2013", "2017", "2109", "2407"] {
        let youth = b.stacks.at(h(bridge), GERMAN).is_some_and(|s| {
            s.units.iter().any(|&u| {
                d.forces.counter(u).unwrap().kind
                    == engine::fortress::counters::UnitType::HitlerYouth
            })
        });
        assert!(youth, "13.5: the bridge in {bridge}");
    }
    // Every German set-up unit stands where its listing allows; no Soviet is on the map.
    let mut placed = 0;
    for (i, c) in d.forces.counters.iter().enumerate() {
        let u = UnitId(i as u16);
        let Some(hex) = b.hex_of(u) else { continue };
        assert_eq!(c.side, GERMAN, "13.0: the Soviets enter as reinforcements");
        let g = d
            .groups
            .iter()
            .find(|g| {
                matches!(g.kind, GroupKind::SetUp | GroupKind::Pool)
                    && g.variant.is_none()
                    && g.units.contains(&u)
            })
            .expect("a set-up listing");
        assert!(d.can_set_up(g, hex), "{} in {hex:?}", c.name);
        placed += 1;
    }
    let listed: usize = d
        .groups
        .iter()
        .filter(|g| g.kind == GroupKind::SetUp && g.side == GERMAN && g.variant.is_none())
        .map(|g| g.units.len())
        .sum();
    assert_eq!(placed, listed + 30);
    assert_eq!(b.face(unit(&ids, "hitler")), COMBAT);
}

/// Enters every unit of the phasing side that is due, one at a time (5.0): from the entry hex
/// with the fewest friends it walks, searching hex by hex, to the nearest hex it can reach that
/// keeps its force within two units, so that no force is over the stacking limit when the
/// segment ends (3.1.2, 3.1.3, 3.1.4). The units entered.
fn enter_everything(game: &mut engine::fortress::Game<'static>) -> usize {
    use engine::core::protocol::Input;
    use engine::fortress::Command;
    type G = engine::fortress::Game<'static>;
    let side = game.phasing();
    let geo = game.data.map.geometry;
    let one = |u: UnitId| [u].into_iter().collect::<engine::fortress::game::Force>();
    let step = |g: &mut G, u: UnitId, to: HexId| {
        g.apply(&Input::Command(Command::Move { units: one(u), to }))
            .is_ok()
    };
    let friends = |g: &G, h: HexId| {
        g.state
            .board
            .stacks
            .at(h, side)
            .map_or(0, |s| s.units.len())
    };
    let limit = 2;
    let mut entered = 0;
    for i in 0..game.data.forces.counters.len() {
        let u = UnitId(i as u16);
        let Some((listing, late)) = game.due(u) else {
            continue;
        };
        let mut hexes: Vec<HexId> = game.entry_hexes(listing, late).into_iter().collect();
        hexes.sort_by_key(|&h| friends(game, h));
        let mut found: Option<G> = None;
        let mut fallback: Option<G> = None;
        'entry: for &at in &hexes {
            let mut start = game.clone();
            if !step(&mut start, u, at) {
                continue;
            }
            fallback.get_or_insert_with(|| start.clone());
            let mut seen = vec![at];
            let mut frontier = vec![start];
            for _ in 0..5 {
                let mut next = Vec::new();
                for g in frontier {
                    let here = g.state.board.hex_of(u).expect("on the map");
                    if friends(&g, here) <= limit {
                        found = Some(g);
                        break 'entry;
                    }
                    for (_, n) in geo.neighbours(here) {
                        if seen.contains(&n) {
                            continue;
                        }
                        let mut t = g.clone();
                        if step(&mut t, u, n) {
                            seen.push(n);
                            next.push(t);
                        }
                    }
                }
                frontier = next;
            }
        }
        if let Some(g) = found.or(fallback) {
            *game = g;
            entered += 1;
        }
    }
    entered
}

/// 4.0, 5.0, 12.0: a whole game of fifteen turns on the built-in data in which each side only
/// brings on its orders of appearance (14.0, 15.0): every listed unit arrives, the Poles leave
/// on turn 3 (5.1), the 20th Panzergrenadier left on the map costs the German a VP a turn from
/// turn 6 (5.2), the Reichstag held and Hitler alive score their VP (12.0.1, 11.1.2), and the
/// German, still holding the Reichstag after turn 15, wins outright (12.0).
#[test]
fn fortress_14_0_15_0_a_full_game_brings_on_both_orders_of_appearance_and_ends_by_12_0() {
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(full_game_of_arrivals)
        .expect("a thread")
        .join()
        .expect("the game plays");
}

fn full_game_of_arrivals() {
    use engine::core::protocol::{DiceRoll, Input, Pending};
    use engine::core::units::Location;
    use engine::fortress::board::SegmentKind;
    use engine::fortress::game::{Ending, Outcome};
    use engine::fortress::Command;
    let d: &'static GameData = Box::leak(data());
    let mut game = set_up_full_game(d);
    let ids = ids();
    let mut entered = [0usize; 2];
    let mut losses = 0;
    let mut volkssturm = 0;
    let mut airpower = 0;
    for _ in 0..2000 {
        match game.pending() {
            Pending::GameOver => break,
            Pending::Choose { .. } => {
                losses += 1;
                game.apply(&Input::Chose(0)).expect("a loss is picked");
                continue;
            }
            Pending::Roll { case, dice, .. } => {
                // The Volkssturm checks of turns 2-9 (5.5): one unit each; the naval
                // infantry checks of turns 5-8 (13.7): none comes; airpower (5.6): a 2, no
                // strike on the stand-in table.
                let roll = match case {
                    "13.7" => DiceRoll::of(&[6]),
                    _ if dice.count == 2 => DiceRoll::of(&[1, 1]),
                    _ => DiceRoll::of(&[1]),
                };
                game.apply(&Input::Rolled(roll)).expect("the die is read");
                airpower += usize::from(case == "5.6");
                continue;
            }
            Pending::DrawChit { .. } => {
                game.apply(&Input::Drew(0)).expect("drawn from the cup");
                continue;
            }
            _ => {}
        }
        let drawn: Vec<UnitId> = game.state.vs_drawn.iter().copied().collect();
        for u in drawn {
            let placed = d.within_perimeter.iter().any(|&at| {
                game.state.board.stacks.at(at, GERMAN).is_none()
                    && game
                        .apply(&Input::Command(Command::Move {
                            units: [u].into_iter().collect(),
                            to: at,
                        }))
                        .is_ok()
            });
            assert!(placed, "5.5: a drawn Volkssturm unit finds a hex");
            volkssturm += 1;
        }
        if game.state.board.segment.kind == SegmentKind::Movement {
            let side = usize::from(game.phasing() != GERMAN);
            entered[side] += enter_everything(&mut game);
        }
        if game.state.board.turn == 8 && game.state.board.segment.kind == SegmentKind::Reinforcement
        {
            // By now every listing of the base game has had its turn: nothing is left off the
            // map that an order of appearance brings on.
            for g in d
                .groups
                .iter()
                .filter(|g| g.kind == GroupKind::Arrival && g.variant.is_none())
            {
                for &u in &g.units {
                    let at = game.state.board.unit(u).unwrap().state.location;
                    assert_ne!(at, Location::Pool, "unit {} never arrived", u.0);
                }
            }
        }
        game.apply(&Input::Command(Command::EndSegment))
            .expect("the segment ends");
    }
    assert_eq!(losses, 0, "no force was left over the stacking limit");
    assert_eq!(volkssturm, 8, "5.5, 14.0: a check on each of turns 2-9");
    assert_eq!(
        airpower, 30,
        "5.6: both players roll in each of the 15 turns"
    );
    let listed = |side| {
        d.groups
            .iter()
            .filter(|g| g.kind == GroupKind::Arrival && g.variant.is_none() && g.side == side)
            .map(|g| g.units.len())
            .sum::<usize>()
    };
    assert_eq!(
        entered[0],
        listed(GERMAN),
        "14.0: every German listing arrived"
    );
    assert_eq!(
        entered[1],
        listed(SOVIET),
        "15.0: every Soviet listing arrived"
    );
    for pole in ["1pol-1", "1pol-2"] {
        assert_eq!(
            game.state
                .board
                .unit(unit(&ids, pole))
                .unwrap()
                .state
                .location,
            Location::Withheld,
            "5.1: the Poles leave on turn 3"
        );
    }
    let v = game.state.victory;
    assert_eq!(v.soviet, 10, "5.2: the 20th stayed, turns 6-15");
    assert_eq!(
        v.german,
        11 * 2 + 4 * 5 + 5 * 2 + 10,
        "12.0.1: the Reichstag each turn, Hitler alive after 10-14 and at the start of 15"
    );
    assert_eq!(
        v.outcome,
        Some(Outcome {
            ending: Ending::ReichstagHeld,
            winner: Some(GERMAN)
        })
    );
    assert_eq!(game.state.board.turn, 15);
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
