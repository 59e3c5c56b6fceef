//! The stand-in map against the rulebook: the hexes, areas, rivers, canals, bridges and the perimeter it names.

use super::*;

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
