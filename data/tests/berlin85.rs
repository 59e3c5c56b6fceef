//! The built-in Berlin '85 data set: it loads with no error, every place the rules cite is
//! where they cite it, and the stand-in map looks like Berlin.
use data::BERLIN85;
use engine::berlin85::data::{
    Arrival, GameData, HonorsResult, Region, ReinforcementResult, Scenario, SurvivalResult,
    VpEvent, VpUnits, Zone, Zone85,
};
use engine::berlin85::{NATO, WARSAW_PACT};
use engine::core::hex::{parse_hex, HexId};
use engine::core::map::{HexFeatures, Place, PlaceKind, SideFeatures};
use engine::core::units::UnitKind;
use std::sync::OnceLock;

fn data() -> &'static GameData {
    static D: OnceLock<Box<GameData>> = OnceLock::new();
    D.get_or_init(|| match data::load_builtin(BERLIN85) {
        Ok(d) => d,
        Err(e) => {
            let shown: Vec<String> = e.iter().take(40).map(|e| e.to_string()).collect();
            panic!(
                "built-in Berlin '85 data has {} errors:\n{}",
                e.len(),
                shown.join("\n")
            )
        }
    })
}

fn h(t: &str) -> HexId {
    parse_hex(t).expect("hex number")
}

fn fold(s: &str) -> String {
    s.to_lowercase()
        .replace('ö', "o")
        .replace('ä', "a")
        .replace('ü', "u")
        .replace('ß', "ss")
}

/// The airfield whose name contains `part` (spelling-tolerant: Schönefeld / Schonefeld).
fn airfield(part: &str) -> &'static Place {
    let d = data();
    d.map
        .places
        .iter()
        .find(|p| {
            matches!(p.kind, PlaceKind::Flughafen | PlaceKind::Flugplatz)
                && fold(&p.name).contains(part)
        })
        .unwrap_or_else(|| panic!("no airfield named like '{part}'"))
}

fn region(hx: HexId) -> Region {
    Region::from_u8(data().map.region(hx))
}

fn terrain_key(hx: HexId) -> &'static str {
    data().terrain(hx).map_or("?", |t| t.key.as_str())
}

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
fn orders_of_battle_of_21_11() {
    let d = data();
    let count = |side, kind| {
        d.roster
            .units
            .iter()
            .filter(|u| u.side == side && u.kind == kind)
            .count()
    };
    assert_eq!(count(NATO, UnitKind::Police), 36, "West Berlin police");
    assert_eq!(
        count(WARSAW_PACT, UnitKind::Police),
        8,
        "East Berlin police"
    );
    assert_eq!(count(WARSAW_PACT, UnitKind::Paratroop), 9, "103rd Guards");
    let wp_mech = count(WARSAW_PACT, UnitKind::Mechanized);
    assert_eq!(wp_mech, 36, "four mechanized divisions of nine battalions");
    let artillery = d
        .roster
        .units
        .iter()
        .filter(|u| u.kind.is_artillery())
        .count();
    assert!(
        artillery >= 4 + 9 + 1 + 2 + 1 + 2,
        "{artillery} artillery units"
    );
    for u in &d.roster.units {
        assert!(
            !(u.kind.is_artillery() && u.untried),
            "artillery has no untried side [2.3]"
        );
    }
    assert!(
        d.roster.units.len() <= 200,
        "the counter sheet has 200 pieces [2.5]"
    );
}

#[test]
fn charts_say_what_the_rules_say() {
    let t = &data().tables;
    // [7.51] the CRT runs from -7 to +12; [7.0] +9 shifted one left reads on +6..+8.
    let c = &t.crt_columns;
    assert_eq!(c.ranges.first().map(|r| r.lo), Some(-7));
    assert_eq!(c.ranges.last().map(|r| r.hi), Some(12));
    assert_eq!(c.shifted(c.column_of(9), -1), c.column_of(6));
    assert_eq!(c.column_of(6), c.column_of(8));
    let park = t
        .terrain
        .iter()
        .find(|x| x.key.as_str() == "park")
        .expect("park");
    assert_eq!(park.combat_shift, 1, "[7.0] park shifts one column left");
    // [5.26] a lake costs 9 MP: 1 for the hex, 4 in and 4 out.
    let lake = t
        .terrain
        .iter()
        .find(|x| x.key.as_str() == "lake")
        .expect("lake");
    assert_eq!(lake.mp_half + 2 * t.lake_shore.mp_half, 18);
    assert!(lake.no_stopping);
    // [17.1]: 2-5 end the rolls, 11-12 bring air support.
    for total in 2..=5 {
        assert_eq!(
            t.reinforcement[total - 2],
            ReinforcementResult::NoReinforcements
        );
    }
    assert_eq!(t.reinforcement[9], ReinforcementResult::AirSupport);
    assert_eq!(
        t.reinforcement[10],
        ReinforcementResult::AirSupportAndJagerbrigade
    );
    // [18.0]: 1 or less destroyed, 2-4 scatter, 5+ lands.
    assert_eq!(t.survival[0], SurvivalResult::Destroyed);
    for i in 1..=3 {
        assert_eq!(t.survival[i], SurvivalResult::Scatter);
    }
    for i in 4..12 {
        assert_eq!(t.survival[i], SurvivalResult::Lands);
    }
    // [18.61]-[18.64] survival modifiers.
    for (key, m) in [
        ("clear", 1),
        ("airfield", 1),
        ("industrial", -1),
        ("suburban", -1),
        ("rough", -2),
        ("forest", -3),
        ("urban", -3),
    ] {
        let row = t
            .terrain
            .iter()
            .find(|x| x.key.as_str() == key)
            .unwrap_or_else(|| panic!("{key}"));
        assert_eq!(row.survival, m, "{key}");
    }
    // [10.2] only these suffer collateral damage.
    for row in &t.terrain {
        let may = ["urban", "industrial", "suburban", "forest", "rough", "park"]
            .contains(&row.key.as_str());
        assert_eq!(row.collateral_row.is_some(), may, "{}", row.key);
    }
    // [2.4] 16 turns, every third a night; VP multiple from 5 to 1/2 [20.21].
    assert_eq!(t.turns.len(), 16);
    for (i, b) in t.turns.iter().enumerate() {
        assert_eq!(b.night, (i + 1) % 3 == 0, "turn {}", i + 1);
        if b.night {
            assert_eq!(b.wp_air_points, 0, "no air points at night [17.1]");
        }
    }
    assert_eq!(t.turns.first().map(|b| b.vp_multiple_halves), Some(10));
    assert_eq!(t.turns.last().map(|b| b.vp_multiple_halves), Some(1));
    assert!(t
        .turns
        .windows(2)
        .all(|w| w[0].vp_multiple_halves >= w[1].vp_multiple_halves));
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
fn stand_ins_are_declared() {
    let d = data();
    assert!(
        !d.stand_ins.is_empty(),
        "the map and charts are stand-ins and say so"
    );
}

/// A counter as the orders of battle print it: "U-12M" (untried, movement, type) or
/// "4-0-20-1-10" (barrage, FPF, range, defense, movement; the type letter left off, since
/// [21.11] prints some artillery without it).
fn printed(u: &engine::core::units::UnitDef) -> String {
    if u.kind.is_artillery() {
        return format!(
            "{}-{}-{}-{}-{}",
            u.barrage, u.fpf, u.range, u.defense, u.movement
        );
    }
    let letter = match u.kind {
        UnitKind::Mechanized => "M",
        UnitKind::Engineer => "E",
        UnitKind::Infantry => "I",
        UnitKind::SpecialForces => "SF",
        UnitKind::MilitaryPolice => "MP",
        UnitKind::Headquarters => "HQ",
        UnitKind::Police => "P",
        UnitKind::Paratroop => "PC",
        UnitKind::Recon => "R",
        UnitKind::Tank => "T",
        _ => "?",
    };
    let untried = if u.untried { "U" } else { "?" };
    format!("{untried}-{}{letter}", u.movement)
}

/// The printed counters of a formation, sorted, each with its count.
fn formation_counters(id: &str) -> Vec<(String, usize)> {
    let d = data();
    let fi = d
        .roster
        .formations
        .iter()
        .position(|f| f.id.as_str() == id)
        .unwrap_or_else(|| panic!("formation {id}"));
    let mut codes: Vec<String> = d
        .roster
        .units
        .iter()
        .filter(|u| usize::from(u.formation) == fi)
        .map(printed)
        .collect();
    codes.sort();
    let mut out: Vec<(String, usize)> = Vec::new();
    for c in codes {
        match out.last_mut() {
            Some((last, n)) if *last == c => *n += 1,
            _ => out.push((c, 1)),
        }
    }
    out
}

fn counters(list: &[(&str, usize)]) -> Vec<(String, usize)> {
    let mut v: Vec<(String, usize)> = list.iter().map(|(c, n)| (c.to_string(), *n)).collect();
    v.sort();
    v
}

#[test]
fn oob_21_11_nato_counters_with_printed_values() {
    for (formation, want) in [
        ("wb_police", vec![("U-8P", 36)]),
        (
            "us_brigade",
            vec![
                ("U-12M", 3),
                ("U-12E", 1),
                ("U-8I", 2),
                ("U-12SF", 1),
                ("U-12MP", 1),
                ("U-12HQ", 1),
                ("1-1-15-1-12", 1),
            ],
        ),
        (
            "uk_brigade",
            vec![("U-12M", 3), ("U-9PC", 1), ("U-15R", 1), ("3-2-14-2-12", 2)],
        ),
        (
            "fr_forces",
            vec![("U-12M", 1), ("U-12T", 1), ("U-15R", 1), ("4-3-20-2-12", 1)],
        ),
    ] {
        assert_eq!(
            formation_counters(formation),
            counters(&want),
            "{formation}"
        );
    }
}

#[test]
fn oob_21_11_warsaw_pact_counters_with_printed_values() {
    for formation in ["eg_1_mech", "gds_14_mech", "sov_19_mech", "gds_6_mech"] {
        assert_eq!(
            formation_counters(formation),
            counters(&[("U-12M", 9), ("4-0-20-1-10", 1)]),
            "{formation}"
        );
    }
    assert_eq!(
        formation_counters("sov_34_art"),
        counters(&[("6-2-18-1-10", 6), ("5-1-25-1-10", 3)])
    );
    assert_eq!(formation_counters("eb_police"), counters(&[("U-8P", 8)]));
}

#[test]
fn oob_21_12_reinforcement_counters_with_printed_values() {
    assert_eq!(
        formation_counters("gds_103_para"),
        counters(&[("U-6PC", 9)]),
        "103rd Guards Parachute"
    );
    assert_eq!(
        formation_counters("jg_10"),
        counters(&[("U-12M", 5), ("1-2-4-4-12", 1), ("2-3-15-2-12", 1)]),
        "10th Jägerbrigade [21.12], [21.21]"
    );
    let d = data();
    assert_eq!(
        d.roster.units.len(),
        36 + 10 + 7 + 4 + 4 * 10 + 9 + 8 + 9 + 7,
        "no counter beyond the orders of battle"
    );
}

#[test]
fn untried_11_0_stand_in_mix_covers_every_untried_kind() {
    let d = data();
    for u in d.roster.units.iter().filter(|u| u.untried) {
        let chits: usize = d
            .tables
            .untried
            .iter()
            .filter(|c| c.kind == u.kind)
            .map(|c| usize::from(c.count))
            .sum();
        let units = d
            .roster
            .units
            .iter()
            .filter(|x| x.untried && x.kind == u.kind)
            .count();
        assert!(
            chits >= units,
            "{:?}: {chits} strength chits for {units} untried units",
            u.kind
        );
        assert_eq!((u.attack, u.defense), (0, 0), "{} hides its strength", u.id);
    }
}

fn scenario(case: &str) -> &'static Scenario {
    data()
        .scenarios
        .iter()
        .find(|s| s.case.as_str() == case)
        .unwrap_or_else(|| panic!("scenario {case}"))
}

/// Ids of the formations whose units are in the scenario's set-up groups.
fn set_up_formations(s: &Scenario) -> Vec<&'static str> {
    let d = data();
    let mut out: Vec<&str> = s
        .setup
        .iter()
        .flat_map(|g| g.units.iter())
        .filter_map(|&u| d.roster.get(u))
        .filter_map(|u| d.roster.formations.get(usize::from(u.formation)))
        .map(|f| f.id.as_str())
        .collect();
    out.sort();
    out.dedup();
    out
}

#[test]
fn scenario_21_14_unity_is_16_turns_from_turn_1() {
    let s = scenario("21.1");
    assert_eq!((s.start_turn, s.end_turn), (1, 16));
    assert_eq!(s.rules.wp_police_frozen_until, 3, "[21.15] 1");
    assert_eq!(s.rules.wp_first_turn_bonus_shifts, 2, "[21.15] 2");
    assert!(
        !s.rules.medicine_wheel_vp && s.victory_points.is_empty(),
        "[21.16]"
    );
}

#[test]
fn scenario_21_12_unity_reinforcements() {
    let d = data();
    let s = scenario("21.1");
    let of = |arrival: Arrival| {
        s.reinforcements
            .iter()
            .filter(|g| g.arrival == arrival)
            .map(|g| (g.from_turn, g.units.len(), g.side))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        of(Arrival::AirlandingOrParadrop),
        [(1, 9, WARSAW_PACT)],
        "the 103rd from Game-Turn 1 by airlanding or paradrop"
    );
    assert_eq!(
        of(Arrival::Emergency),
        [(2, 7, NATO)],
        "the Jägerbrigade only as emergency reinforcements, rolled for from Game-Turn 2 [17.0]"
    );
    assert!(!set_up_formations(s).contains(&"gds_103_para"));
    assert!(!set_up_formations(s).contains(&"jg_10"));
    // Every other formation sets up, each in the zone [21.11] gives it.
    assert_eq!(set_up_formations(s).len(), d.roster.formations.len() - 2);
}

#[test]
fn scenario_21_21_werewolf_jagerbrigade_sets_up_in_west_berlin() {
    let s = scenario("21.2");
    assert_eq!((s.start_turn, s.end_turn), (1, 16), "[21.24]");
    assert!(set_up_formations(s).contains(&"jg_10"));
    assert!(s.rules.twelve_reads_as_eleven, "[21.22]");
    assert!(
        s.rules.nato_police_bonus && s.rules.nato_pol_demolition,
        "[21.25]"
    );
    assert!(
        s.reinforcements
            .iter()
            .all(|g| g.arrival != Arrival::Emergency),
        "no land units as emergency reinforcements [21.22]"
    );
    assert!(
        s.setup.iter().any(|g| g.not_in_enemy_zoc),
        "Pact divisions not in an Enemy ZOC [21.21]"
    );
}

#[test]
fn scenario_21_34_medicine_wheel_starts_on_turn_7_for_10_turns() {
    let s = scenario("21.3");
    assert_eq!(s.start_turn, 7);
    assert_eq!(s.end_turn - s.start_turn + 1, 10);
    let r = &s.rules;
    assert!(r.skip_first_wp_turn, "[21.31]");
    assert!(
        r.no_reinforcements && s.reinforcements.is_empty(),
        "[21.32]"
    );
    assert!(r.random_wp_air, "[21.33]");
    assert!(
        r.no_honors_no_surrender
            && r.police_unrestricted
            && r.nato_may_exit
            && r.wp_supply_priority
            && r.wp_bridge_demolition,
        "[21.35] 1-5"
    );
    let f = set_up_formations(s);
    assert!(
        !f.contains(&"gds_103_para") && !f.contains(&"eg_1_mech") && !f.contains(&"jg_10"),
        "[21.31]: without the 103rd and the 1st East German Mechanized: {f:?}"
    );
    assert!(
        s.setup.iter().all(|g| !g.may_withhold),
        "[21.31] nothing withheld"
    );
}

#[test]
fn scenario_21_36_medicine_wheel_vp_schedule() {
    let s = scenario("21.3");
    assert!(s.rules.medicine_wheel_vp);
    let line = |side, points, stand_in, f: &dyn Fn(&VpEvent) -> bool| {
        s.victory_points
            .iter()
            .filter(|e| e.side == side && e.points == points && e.stand_in == stand_in)
            .filter(|e| f(&e.event))
            .count()
    };
    let destroyed = |u: VpUnits| move |e: &VpEvent| *e == VpEvent::EnemyDestroyed { units: u };
    // The printed NATO half.
    assert_eq!(line(NATO, 1, false, &destroyed(VpUnits::Police)), 1);
    assert_eq!(line(NATO, 2, false, &destroyed(VpUnits::NonPolice)), 1);
    let north_or_west = |e: &VpEvent| {
        matches!(e, VpEvent::Exited { units: VpUnits::Any, edges }
            if edges.len() == 2
                && edges.contains(&engine::core::hex::Edge::North)
                && edges.contains(&engine::core::hex::Edge::West))
    };
    assert_eq!(line(NATO, 2, false, &north_or_west), 1);
    // The Warsaw Pact half is cut off in the rulebook: every line of it is a stand-in.
    assert!(s
        .victory_points
        .iter()
        .filter(|e| e.side == WARSAW_PACT)
        .all(|e| e.stand_in));
    assert_eq!(line(WARSAW_PACT, 1, true, &destroyed(VpUnits::Police)), 1);
    assert_eq!(
        line(WARSAW_PACT, 2, true, &destroyed(VpUnits::NonPolice)),
        1
    );
    let held = |e: &VpEvent| matches!(e, VpEvent::HeldAtEnd { .. });
    assert_eq!(line(WARSAW_PACT, 1, true, &held), 1);
    assert_eq!(line(WARSAW_PACT, 2, true, &held), 1);
    assert_eq!(s.victory_points.len(), 7);
    assert!(data()
        .stand_ins
        .iter()
        .any(|n| n.as_str() == "medicine_wheel.toml VP"));
}

#[test]
fn crt_7_51_runs_from_minus_7_to_plus_12_on_one_die() {
    let t = &data().tables;
    let c = &t.crt_columns;
    assert_eq!(c.ranges.first().map(|r| r.lo), Some(-7));
    assert_eq!(c.ranges.last().map(|r| r.hi), Some(12));
    // The columns cover every differential between, each once.
    for w in c.ranges.windows(2) {
        assert_eq!(w[0].hi + 1, w[1].lo, "columns {:?} then {:?}", w[0], w[1]);
    }
    for row in &t.crt {
        assert_eq!(
            row.len(),
            c.ranges.len(),
            "one result per column for each die face"
        );
    }
}

#[test]
fn collateral_10_3_one_row_per_die_face_and_threshold_per_terrain() {
    let t = &data().tables;
    let cols = t.collateral[0].len();
    assert!(cols > 0);
    for row in &t.collateral {
        assert_eq!(row.len(), cols);
    }
    let rows = t
        .terrain
        .iter()
        .filter_map(|x| x.collateral_row)
        .collect::<Vec<_>>();
    for r in rows {
        let th = &t.collateral_thresholds[usize::from(r)];
        assert_eq!(th.len(), cols, "a fire-strength threshold for each column");
        assert!(th.windows(2).all(|w| w[0] < w[1]), "thresholds rise");
    }
}

#[test]
fn reinforcement_17_1_two_dice_2_to_5_end_11_and_12_air_superiority() {
    let t = &data().tables;
    assert_eq!(t.reinforcement.len(), 11, "every total 2-12");
    for total in 2..=12usize {
        let r = t.reinforcement[total - 2];
        match total {
            2..=5 => assert_eq!(r, ReinforcementResult::NoReinforcements, "{total}"),
            11 => assert_eq!(r, ReinforcementResult::AirSupport, "{total}"),
            12 => assert_eq!(r, ReinforcementResult::AirSupportAndJagerbrigade, "{total}"),
            _ => assert_eq!(r, ReinforcementResult::NoEffect, "{total}"),
        }
    }
}

#[test]
fn survival_18_5_one_or_less_destroyed_2_to_4_scatter_5_up_lands() {
    let t = &data().tables;
    for (i, r) in t.survival.iter().enumerate() {
        let total = i + 1;
        let want = match total {
            1 => SurvivalResult::Destroyed,
            2..=4 => SurvivalResult::Scatter,
            _ => SurvivalResult::Lands,
        };
        assert_eq!(*r, want, "modified total {total}");
    }
}

#[test]
fn tec_18_6_survival_modifiers_and_movement_costs() {
    let t = &data().tables;
    for (key, m) in [
        ("clear", 1),
        ("airfield", 1),
        ("industrial", -1),
        ("suburban", -1),
        ("rough", -2),
        ("forest", -3),
        ("urban", -3),
    ] {
        let row = t
            .terrain
            .iter()
            .find(|x| x.key.as_str() == key)
            .unwrap_or_else(|| panic!("{key}"));
        assert_eq!(row.survival, m, "{key} [18.6]");
        assert!(row.mp_half >= 2, "{key} costs at least 1 MP [5.21]");
    }
    let clear = t.terrain.iter().find(|x| x.key.as_str() == "clear");
    assert_eq!(
        clear.map(|c| (c.mp_half, c.combat_shift)),
        Some((2, 0)),
        "clear: 1 MP, no shift"
    );
    // Every hexside feature with an effect on movement has one on the chart [5.25].
    for (name, e) in [
        ("water", t.water),
        ("ferry", t.ferry),
        ("bridge", t.bridge),
        ("border", t.border),
    ] {
        assert!(e.mp_half > 0, "{name} costs movement");
    }
    assert!(
        t.bridge.mp_half < t.water.mp_half,
        "a bridge is cheaper than the water [5.25]"
    );
}

#[test]
fn scatter_18_1_one_direction_per_die_face() {
    let mut dirs = data().tables.scatter.to_vec();
    dirs.sort();
    dirs.dedup();
    assert_eq!(dirs.len(), 6, "six faces, six directions");
    assert!(dirs.iter().all(|&d| d < 6));
}

#[test]
fn honors_19_3_two_dice_by_surrender_point_columns() {
    let t = &data().tables;
    let cols = t.honors_columns.len();
    assert_eq!(
        t.honors_columns.first(),
        Some(&6),
        "the first column is 6 SP [19.45]"
    );
    assert!(t.honors_columns.windows(2).all(|w| w[0] < w[1]));
    assert_eq!(t.honors.len(), 11, "every total 2-12");
    for row in &t.honors {
        assert_eq!(row.len(), cols, "one result per column");
    }
    let any = |f: &dyn Fn(&HonorsResult) -> bool| t.honors.iter().flatten().any(f);
    assert!(any(&|r| *r == HonorsResult::Surrender));
    assert!(any(&|r| matches!(r, HonorsResult::Modifier(_))), "[19.14]");
}

#[test]
fn turn_track_2_4_every_third_turn_is_night() {
    let t = &data().tables;
    assert_eq!(t.turns.len(), 16);
    for (i, b) in t.turns.iter().enumerate() {
        assert_eq!(b.night, (i + 1) % 3 == 0, "turn {}", i + 1);
    }
}

#[test]
fn turn_track_21_13_warsaw_pact_ground_support_each_turn() {
    let t = &data().tables;
    assert!(
        t.turns
            .iter()
            .filter(|b| !b.night)
            .all(|b| b.wp_air_points > 0),
        "ground support points on every day turn of the track"
    );
}

#[test]
fn turn_track_20_21_vp_multiple_falls_from_5_to_a_half() {
    let t = &data().tables;
    assert_eq!(
        t.turns.first().map(|b| b.vp_multiple_halves),
        Some(10),
        "5 on turn 1"
    );
    assert_eq!(
        t.turns.last().map(|b| b.vp_multiple_halves),
        Some(1),
        "1/2 on turn 16"
    );
    assert!(t
        .turns
        .windows(2)
        .all(|w| w[0].vp_multiple_halves >= w[1].vp_multiple_halves));
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
