//! The map against the rulebook: places, airfields, regions, set-up zones, hexsides and the rail line it names.

use super::*;

#[test]
fn builtin_set_loads_with_zero_errors() {
    let d = data();
    assert_eq!((d.map.geometry.columns, d.map.geometry.rows), (39, 50));
    assert_eq!(d.scenarios.len(), 3);
}

#[test]
fn potsdam_is_where_21_11_puts_it() {
    let p = data().map.place("potsdam").expect("area potsdam");
    let mut got: Vec<HexId> = p.hexes.to_vec();
    got.sort();
    let mut want: Vec<HexId> = [
        "3409", "3509", "3510", "3610", "3611", "3710", "3711", "3810", "3811", "3911",
    ]
    .iter()
    .map(|t| h(t))
    .collect();
    want.sort();
    assert_eq!(got, want, "[21.11]");
    for &x in &want {
        assert_eq!(
            region(x),
            Region::EastGermany,
            "Potsdam {x:?} lies in East Germany"
        );
    }
}

#[test]
fn rail_line_20_22_runs_from_0108_to_2302() {
    let d = data();
    let p = d.map.place("rail_line").expect("area rail_line [20.22]");
    assert!(
        p.hexes.contains(&h("0108")) && p.hexes.contains(&h("2302")),
        "[20.22] endpoints"
    );
    let g = &d.map.geometry;
    // One connected line of rail hexsides between the endpoints.
    for &x in &p.hexes {
        assert!(d.map.features(x).has(HexFeatures::RAIL_LINE));
        let linked = g.neighbours(x).any(|(dir, n)| {
            p.hexes.contains(&n) && d.map.side_toward(x, dir).has(SideFeatures::RAIL)
        });
        assert!(linked, "rail hex {} is not linked by rail", g.format(x));
        assert_ne!(
            region(x),
            Region::WestBerlin,
            "the rail line runs outside the city [21.3]"
        );
    }
}

#[test]
fn airfields_of_13_22() {
    for (name, kind, region_) in [
        ("tempelhof", PlaceKind::Flughafen, Region::WestBerlin),
        ("tegel", PlaceKind::Flughafen, Region::WestBerlin),
        ("gatow", PlaceKind::Flugplatz, Region::WestBerlin),
        ("schonefeld", PlaceKind::Flughafen, Region::EastGermany),
        ("johann", PlaceKind::Flugplatz, Region::EastBerlin),
        ("staaken", PlaceKind::Flugplatz, Region::EastGermany),
        ("schonwalde", PlaceKind::Flugplatz, Region::EastGermany),
    ] {
        let a = airfield(name);
        assert_eq!(a.kind, kind, "{name}");
        for &x in &a.hexes {
            assert_eq!(region(x), region_, "{name} hex {x:?}");
            assert!(data().map.features(x).has(HexFeatures::AIRFIELD));
        }
        if kind == PlaceKind::Flughafen {
            assert!(!a.towers.is_empty(), "{name} has a control tower [13.22]");
            for &t in &a.towers {
                assert_eq!(region(t), region_, "{name} tower");
                assert!(data().map.features(t).has(HexFeatures::CONTROL_TOWER));
            }
        } else {
            assert!(
                (1..=4).contains(&a.hexes.len()),
                "{name}: a Flugplatz has 1-4 hexes [13.22]"
            );
        }
    }
    let n = data()
        .map
        .places
        .iter()
        .filter(|p| matches!(p.kind, PlaceKind::Flughafen | PlaceKind::Flugplatz))
        .count();
    assert_eq!(n, 7, "seven airfields [13.22]");
}

#[test]
fn airfields_lie_where_they_lie_in_berlin() {
    let c = |name: &str| {
        let a = airfield(name);
        let n = a.hexes.len() as f32;
        (
            a.hexes.iter().map(|x| f32::from(x.col)).sum::<f32>() / n,
            a.hexes.iter().map(|x| f32::from(x.row)).sum::<f32>() / n,
        )
    };
    // Columns grow westward and rows northward on this map.
    let (tempelhof, tegel, gatow, schonefeld) =
        (c("tempelhof"), c("tegel"), c("gatow"), c("schonefeld"));
    assert!(tegel.1 > tempelhof.1, "Tegel is north of Tempelhof");
    assert!(
        gatow.0 > tempelhof.0 && gatow.0 > tegel.0,
        "Gatow is west of Tempelhof and Tegel"
    );
    assert!(
        schonefeld.1 < tempelhof.1 && schonefeld.0 < tempelhof.0,
        "Schönefeld is south-east of Tempelhof"
    );
    assert!(c("staaken").0 > tegel.0, "Staaken is west of the city");
    assert!(c("schonwalde").1 > tegel.1, "Schönwalde is north of Tegel");
}

#[test]
fn regions_21_11_west_berlin_is_an_enclave_with_three_zones() {
    let d = data();
    let g = &d.map.geometry;
    let west: Vec<HexId> = d
        .map
        .hexes()
        .filter(|&x| region(x) == Region::WestBerlin)
        .collect();
    assert!(
        west.len() > 250,
        "West Berlin covers about 480 km² ({} hexes)",
        west.len()
    );
    for &x in &west {
        assert!(
            g.neighbours(x).count() == 6,
            "West Berlin does not touch the map edge ({x:?})"
        );
        assert_ne!(
            d.map.zone(x),
            Zone::None as u8,
            "every West Berlin hex is in a zone ({x:?})"
        );
    }
    let east: Vec<HexId> = d
        .map
        .hexes()
        .filter(|&x| region(x) == Region::EastBerlin)
        .collect();
    assert!(!east.is_empty());
    let mean_col = |v: &[HexId]| v.iter().map(|x| f32::from(x.col)).sum::<f32>() / v.len() as f32;
    assert!(
        mean_col(&east) < mean_col(&west),
        "East Berlin lies east of West Berlin"
    );
    // The Wall: every side between West Berlin and the rest is a border.
    let borders = west
        .iter()
        .flat_map(|&x| g.neighbours(x).map(move |(dir, n)| (x, dir, n)))
        .filter(|&(_, _, n)| region(n) != Region::WestBerlin)
        .inspect(|&(x, dir, _)| assert!(d.map.side_toward(x, dir).has(SideFeatures::BORDER)))
        .count();
    assert!(borders > 40);
    // Zone layout: French north, British west, US south.
    let zone_rows = |z: Zone| {
        let v: Vec<&HexId> = west.iter().filter(|&&x| d.map.zone(x) == z as u8).collect();
        assert!(!v.is_empty(), "{z:?} zone");
        (
            v.iter().map(|x| f32::from(x.col)).sum::<f32>() / v.len() as f32,
            v.iter().map(|x| f32::from(x.row)).sum::<f32>() / v.len() as f32,
        )
    };
    let (us, br, fr) = (
        zone_rows(Zone::Us),
        zone_rows(Zone::British),
        zone_rows(Zone::French),
    );
    assert!(fr.1 > us.1, "French zone north of the US zone");
    assert!(br.0 > us.0, "British zone west of the US zone");
}

#[test]
fn setup_21_11_zones_have_room_for_their_units() {
    let d = data();
    let g = &d.map.geometry;
    let open = |x: HexId| terrain_key(x) != "lake";
    // [21.11]: 36 police one per hex on supply or control tower hexes in West Berlin.
    let police_hexes = d
        .map
        .hexes()
        .filter(|&x| region(x) == Region::WestBerlin && open(x))
        .filter(|&x| d.map.features(x).0 & (HexFeatures::SUPPLY | HexFeatures::CONTROL_TOWER) != 0)
        .count();
    assert!(
        police_hexes >= 36,
        "{police_hexes} supply/tower hexes for 36 police"
    );
    // Barracks of each zone with room within two hexes for the zone's brigade.
    for (zone, units) in [(Zone::Us, 10), (Zone::British, 7), (Zone::French, 4)] {
        let barracks: Vec<HexId> = d
            .map
            .hexes()
            .filter(|&x| {
                d.map.features(x).has(HexFeatures::BARRACKS) && d.map.zone(x) == zone as u8
            })
            .collect();
        assert!(!barracks.is_empty(), "{zone:?} barracks");
        let room = d
            .map
            .hexes()
            .filter(|&x| open(x) && region(x) == Region::WestBerlin)
            .filter(|&x| barracks.iter().any(|&b| g.distance(b, x) <= 2))
            .count();
        assert!(room >= units, "{zone:?}: {room} hexes for {units} units");
    }
    // East Berlin police set up in urban East Berlin.
    let eb_urban = d
        .map
        .hexes()
        .filter(|&x| region(x) == Region::EastBerlin && terrain_key(x) == "urban")
        .count();
    assert!(
        eb_urban >= 8,
        "{eb_urban} urban hexes in East Berlin for 8 police"
    );
    // Every barracks, objective, supply hex and control tower the rules score is in West Berlin.
    for x in d.map.hexes() {
        let f = d.map.features(x);
        if f.0 & (HexFeatures::BARRACKS | HexFeatures::SUPPLY) != 0 {
            assert_eq!(region(x), Region::WestBerlin, "{x:?}");
        }
    }
}

#[test]
fn setup_21_11_nineteenth_mech_zone_is_37xx_to_39xx_north_of_xx15() {
    let d = data();
    let unity = d
        .scenarios
        .iter()
        .find(|s| s.case.as_str() == "21.1")
        .expect("Operation Unity");
    let cols = unity.setup.iter().find_map(|g| match g.zone {
        Zone85::Columns {
            col_lo,
            col_hi,
            row_min,
            ..
        } => Some((col_lo, col_hi, row_min)),
        _ => None,
    });
    assert_eq!(cols, Some((37, 39, 15)), "[21.11]");
    let area = unity
        .setup
        .iter()
        .any(|g| matches!(&g.zone, Zone85::Area { name } if name.as_str() == "potsdam"));
    assert!(area, "1st East German Mech sets up in Potsdam [21.11]");
}

#[test]
fn it_looks_like_berlin() {
    let d = data();
    let g = &d.map.geometry;
    let west_berlin: Vec<HexId> = d
        .map
        .hexes()
        .filter(|&x| region(x) == Region::WestBerlin)
        .collect();
    let wb_mean_col =
        west_berlin.iter().map(|x| f32::from(x.col)).sum::<f32>() / west_berlin.len() as f32;
    // The Havel and its lakes: lakes and water mostly on West Berlin's western side.
    let lakes: Vec<HexId> = d
        .map
        .hexes()
        .filter(|&x| terrain_key(x) == "lake")
        .collect();
    assert!(
        lakes.len() >= 8,
        "Havel lakes, Wannsee, Tegeler See, Müggelsee … ({})",
        lakes.len()
    );
    let west_lakes = lakes
        .iter()
        .filter(|x| f32::from(x.col) > wb_mean_col)
        .count();
    assert!(
        west_lakes * 2 > lakes.len(),
        "most lakes lie west of the city centre"
    );
    let water_sides = d
        .map
        .hexes()
        .flat_map(|x| (0..3).map(move |k| (x, k)))
        .filter(|&(x, k)| {
            d.map
                .sides
                .get(d.map.idx(x).unwrap_or(0))
                .is_some_and(|s| s[k].has(SideFeatures::WATER))
        });
    assert!(
        water_sides.count() > 60,
        "the Havel, the Spree and the canals"
    );
    // Tiergarten: a park in West Berlin next to East Berlin (the Brandenburg Gate).
    let tiergarten = west_berlin.iter().any(|&x| {
        terrain_key(x) == "park"
            && d.map
                .hexes()
                .any(|e| region(e) == Region::EastBerlin && g.distance(x, e) <= 2)
    });
    assert!(tiergarten, "Tiergarten lies by the Wall");
    // Grunewald: forest in the west of West Berlin.
    let grunewald = west_berlin
        .iter()
        .filter(|&&x| terrain_key(x) == "forest" && f32::from(x.col) > wb_mean_col)
        .count();
    assert!(grunewald >= 4, "Grunewald ({grunewald} forest hexes)");
    // The city: urban West and East Berlin, countryside around it.
    let urban_wb = west_berlin
        .iter()
        .filter(|&&x| terrain_key(x) == "urban")
        .count();
    assert!(urban_wb >= 20, "{urban_wb} urban hexes in West Berlin");
    // Roads, Autobahns, U-Bahn exist.
    for (f, what, min) in [
        (SideFeatures::ROAD, "roads", 30),
        (SideFeatures::AUTOBAHN, "Autobahn", 10),
        (SideFeatures::UBAHN, "U-Bahn", 10),
    ] {
        let n = d.map.sides.iter().flatten().filter(|s| s.has(f)).count();
        assert!(n >= min, "{what}: {n} hexsides");
    }
}

#[test]
fn places_19_44_supply_barracks_objectives_pol_and_towns() {
    let d = data();
    let count = |f: u32, r: Region| {
        d.map
            .hexes()
            .filter(|&x| d.map.features(x).has(f) && region(x) == r)
            .count()
    };
    assert!(count(HexFeatures::SUPPLY, Region::WestBerlin) > 0);
    assert!(count(HexFeatures::OBJECTIVE, Region::WestBerlin) > 0);
    assert!(
        count(HexFeatures::POL, Region::WestBerlin) > 0,
        "POL hexes [21.25] 2"
    );
    for z in [Zone::Us, Zone::British, Zone::French] {
        assert!(
            d.map
                .hexes()
                .any(|x| d.map.features(x).has(HexFeatures::BARRACKS) && d.map.zone(x) == z as u8),
            "barracks in the {z:?} zone"
        );
    }
}

#[test]
fn hexsides_5_25_ferries_bridges_rail_and_the_wall() {
    let d = data();
    let n = |f| d.map.sides.iter().flatten().filter(|s| s.has(f)).count();
    assert!(n(SideFeatures::BRIDGE) > 0, "bridges [12.0]");
    assert!(n(SideFeatures::FERRY) > 0, "ferries [5.25]");
    assert!(n(SideFeatures::RAIL) > 0, "rail");
    assert!(n(SideFeatures::BORDER) > 0, "the Wall and the border");
    // A bridge or ferry crosses water.
    for s in d.map.sides.iter().flatten() {
        if s.has(SideFeatures::BRIDGE) || s.has(SideFeatures::FERRY) {
            assert!(s.has(SideFeatures::WATER), "{s:?}");
        }
    }
}

#[test]
fn setup_3_0_every_zone_of_every_scenario_has_a_hex_for_each_unit() {
    let d = data();
    for s in &d.scenarios {
        let g = engine::berlin85::Game::new(d, s.id.as_str(), Default::default())
            .unwrap_or_else(|e| panic!("{}: {e:?}", s.id));
        // Groups that share a zone share its hexes, one unit a hex.
        let mut zones: Vec<(&Zone85, usize)> = Vec::new();
        for grp in &s.setup {
            match zones.iter_mut().find(|(z, _)| **z == grp.zone) {
                Some((_, n)) => *n += grp.units.len(),
                None => zones.push((&grp.zone, grp.units.len())),
            }
        }
        for (zone, units) in zones {
            let room = d
                .map
                .hexes()
                .filter(|&x| g.in_setup_zone(zone, x))
                .filter(|&x| d.terrain(x).is_some_and(|t| !t.no_stopping))
                .count();
            assert!(
                room >= units,
                "{}: {zone:?} has {room} hexes for {units} units",
                s.id
            );
        }
    }
}
