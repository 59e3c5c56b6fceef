//! The Gates map data set loads, and every hex the exclusive rules cite is where they say with
//! the terrain or feature they give it (one test per rule case).

use data::gates::{self, map::NATO_BIT, GatesMap};
use engine::berlin85::data::Region;
use engine::core::hex::{HexId, Hexside};
use engine::core::map::{HexFeatures, PlaceKind, SideFeatures as F};
use engine::css::terrain::{dots, Divider, Part};
use std::sync::OnceLock;

fn map() -> &'static GatesMap {
    static M: OnceLock<Box<GatesMap>> = OnceLock::new();
    M.get_or_init(|| match gates::load_builtin() {
        Ok(m) => m,
        Err(e) => panic!(
            "{}",
            e.iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        ),
    })
}

fn h(s: &str) -> HexId {
    map()
        .map
        .geometry
        .parse(s)
        .unwrap_or_else(|| panic!("hex {s}"))
}

fn side(a: &str, b: &str) -> F {
    let g = map().map.geometry;
    let s: Hexside = g.side_between(h(a), h(b)).expect("adjacent");
    map().map.side(s)
}

fn region(s: &str) -> u8 {
    map().map.region(h(s))
}

fn place_at(s: &str) -> Vec<&'static str> {
    map()
        .map
        .places
        .iter()
        .filter(|p| p.hexes.contains(&h(s)))
        .map(|p| p.name.as_str())
        .collect()
}

#[test]
fn gates_data_loads_as_a_stand_in() {
    let m = map();
    assert_eq!((m.map.geometry.columns, m.map.geometry.rows), (80, 80));
    assert!(m.stand_ins.iter().any(|s| s == "map.txt"));
    assert!(m.stand_ins.iter().any(|s| s == "hexsides.toml"));
    // Berlin on the map: the Wall, the rivers, lakes, woods and all three regions.
    let count = |f: u16| m.map.sides.iter().flatten().filter(|s| s.has(f)).count();
    assert!(count(F::BORDER) > 200, "the Wall rings West Berlin");
    assert!(count(F::WATER) > 100 && count(F::STREAM) > 40 && count(F::SLOPE) > 20);
    assert!(count(F::HIGHWAY) > 50 && count(F::ROAD) > 100 && count(F::RAIL) > 100);
    let t = |d| m.map.terrain.iter().filter(|&&t| t == d).count();
    assert!(t(dots::NONE) > 100 && t(dots::WOODS) > 300 && t(dots::CITY) > 200);
    for r in [Region::WestBerlin, Region::EastBerlin, Region::EastGermany] {
        assert!(m.map.region.iter().filter(|&&x| x == r as u8).count() > 1000);
    }
    assert!(m.labels.iter().any(|l| l.text == "GRUNEWALD"));
}

// 1.2: NATO never enters East Germany; East Germany lies around Berlin.
#[test]
fn gates_1_2_east_germany_is_barred_to_nato() {
    let m = map();
    for (i, r) in m.map.region.iter().enumerate() {
        let barred = m.relief.hexes[i].barred & NATO_BIT != 0;
        if *r == Region::EastGermany as u8 {
            assert!(barred, "East Germany hex {i} must be barred to NATO");
        }
    }
    assert_eq!(region("01.01"), Region::EastGermany as u8);
    assert_eq!(region("80.80"), Region::EastGermany as u8);
    assert_eq!(
        m.relief.hexes[m.map.idx(h("30.35")).unwrap()].barred & NATO_BIT,
        0
    );
}

// 2.2.3: in 33.25 the gray part faces 32.24, 33.24 and 34.24, and only those.
#[test]
fn gates_2_2_3_gray_part_of_33_25() {
    let m = map();
    let d = m.relief.hexes[m.map.idx(h("33.25")).unwrap()];
    let g = m.map.geometry;
    for n in ["32.24", "33.24", "34.24"] {
        assert!(
            d.parts
                .gray_toward(g.direction_to(h("33.25"), h(n)).unwrap()),
            "{n}"
        );
    }
    assert_eq!(d.parts.gray.count_ones(), 3);
    assert_ne!(m.map.terrain(h("33.25")), dots::NONE, "33.25 is playable");
}

// 2.2.3: a river divides 44.46; its north part does not reach 44.47 but reaches 43.47 and 45.47.
#[test]
fn gates_2_2_3_river_divides_44_46() {
    let m = map();
    let d = m.relief.hexes[m.map.idx(h("44.46")).unwrap()];
    let g = m.map.geometry;
    assert_eq!(d.parts.divider, Divider::River);
    let part = |n: &str| d.parts.part_of(g.direction_to(h("44.46"), h(n)).unwrap());
    assert_eq!(part("43.47"), part("45.47"));
    assert_ne!(part("43.47"), part("44.47"));
    assert_eq!(part("44.45"), part("43.47"), "the north part");
    // The water runs on both sides of the hex.
    assert!(side("43.47", "44.47").has(F::WATER) && side("44.47", "45.47").has(F::WATER));
}

// 2.2.4: a bridge divides 26.25: the west part faces 26.24, 25.25 and 25.26; the bridge
// connects to 25.25.
#[test]
fn gates_2_2_4_bridge_divides_26_25() {
    let m = map();
    let d = m.relief.hexes[m.map.idx(h("26.25")).unwrap()];
    let g = m.map.geometry;
    assert!(d.parts.divided() && d.parts.bridge);
    let part = |n: &str| d.parts.part_of(g.direction_to(h("26.25"), h(n)).unwrap());
    for n in ["26.24", "25.25", "25.26"] {
        assert_eq!(part(n), Part::First, "{n} west");
    }
    for n in ["27.25", "27.26", "26.26"] {
        assert_eq!(part(n), Part::Second, "{n} east");
    }
    assert!(
        side("25.25", "26.25").has(F::ROAD),
        "the bridge's road runs on to 25.25"
    );
}

// 2.2.4: a route over a river, canal or stream side is a bridge there; 2.2.5 ferries.
#[test]
fn gates_2_2_4_routes_over_water_are_bridges_and_2_2_5_ferries() {
    let m = map();
    let sides: Vec<F> = m.map.sides.iter().flatten().copied().collect();
    let routes = F::ROAD | F::RAIL | F::HIGHWAY;
    assert!(sides.iter().filter(|s| s.has(F::BRIDGE)).count() >= 10);
    for s in &sides {
        if s.has(F::WATER | F::STREAM) && s.has(routes) && !s.has(F::FERRY) {
            assert!(s.has(F::BRIDGE));
        }
        if s.has(F::BRIDGE) {
            assert!(s.has(F::WATER | F::STREAM) && s.has(routes));
        }
    }
    assert!(sides.iter().any(|s| s.has(F::FERRY) && s.has(F::WATER)));
}

// 2.2.6: the Wall between West Berlin and the rest, wire near Gatow, access at 49.30/50.30.
#[test]
fn gates_2_2_6_the_wall_its_wire_and_the_access_hexside_49_30_50_30() {
    let m = map();
    let a = side("49.30", "50.30");
    assert!(a.has(F::BORDER) && a.has(F::WALL_GAP));
    assert_eq!(region("49.30"), Region::WestBerlin as u8);
    assert_eq!(region("50.30"), Region::EastBerlin as u8);
    let g = m.map.geometry;
    for hx in m.map.hexes() {
        for (_, n) in g.neighbours(hx) {
            let w = |x| m.map.region(x) == Region::WestBerlin as u8;
            let s = m.map.side(g.side_between(hx, n).unwrap());
            assert_eq!(
                w(hx) != w(n),
                s.has(F::BORDER),
                "{}/{}",
                g.format(hx),
                g.format(n)
            );
        }
    }
    let wire: Vec<F> = m
        .map
        .sides
        .iter()
        .flatten()
        .filter(|s| s.has(F::WALL_WIRE))
        .copied()
        .collect();
    assert!(!wire.is_empty() && wire.iter().all(|s| s.has(F::BORDER)));
    // Near Gatow (15.41).
    let near = m
        .map
        .hexes()
        .filter(|&x| g.distance(x, h("15.41")) <= 8)
        .any(|x| {
            engine::core::hex::Dir::ALL
                .iter()
                .any(|&d| m.map.side_toward(x, d).has(F::WALL_WIRE))
        });
    assert!(near, "wire near Gatow");
    // 2.5: the German Customs Police station 53.24, in East Berlin, surcharges around it.
    assert!(m.map.features(h("53.24")).has(HexFeatures::CUSTOMS_POST));
    assert_eq!(region("53.24"), Region::EastBerlin as u8);
    assert!(m.relief.hexes[m.map.idx(h("53.24")).unwrap()].customs);
}

// 2.4: Teufelsberg 30.35, in West Berlin, the highest ground, woods, slopes around.
#[test]
fn gates_2_4_teufelsberg_30_35() {
    let m = map();
    assert!(place_at("30.35").contains(&"Teufelsberg"));
    assert_eq!(region("30.35"), Region::WestBerlin as u8);
    assert_eq!(m.map.terrain(h("30.35")), dots::WOODS);
    let top = m.relief.hexes[m.map.idx(h("30.35")).unwrap()].level;
    assert!(top >= 2 && m.relief.hexes.iter().all(|d| d.level <= top));
    assert!(engine::core::hex::Dir::ALL
        .iter()
        .any(|&d| m.map.side_toward(h("30.35"), d).has(F::SLOPE)));
}

// 2.5: police headquarters, the Water Police, the NATO position, in West Berlin.
#[test]
fn gates_2_5_map_symbols() {
    for (hx, name) in [
        ("31.11", "Polizei Direktion 1"),
        ("28.29", "Polizei Direktion 2"),
        ("38.32", "Polizei Direktion 3"),
        ("32.48", "Polizei Direktion 4"),
        ("65.52", "Polizei Direktion 5"),
        ("43.34", "Polizei Independent"),
        ("37.34", "Wasserschutzpolizei"),
        ("22.30", "NATO position"),
    ] {
        assert!(place_at(hx).contains(&name), "{name} at {hx}");
        assert_eq!(region(hx), Region::WestBerlin as u8, "{hx}");
        assert!(
            map().map.features(h(hx)).has(HexFeatures::OBJECTIVE),
            "10.2 victory hex {hx}"
        );
    }
}

// 3.4.1: Spandau Prison 26.26 (West Berlin), Stasi Prison 66.32 (East Berlin).
#[test]
fn gates_3_4_1_prisons() {
    assert!(place_at("26.26").contains(&"Spandau Prison"));
    assert!(place_at("66.32").contains(&"Stasi Prison"));
    assert_eq!(region("26.26"), Region::WestBerlin as u8);
    assert_eq!(region("66.32"), Region::EastBerlin as u8);
}

// 3.5: reinforcement hex 19.58 (East Germany); NATO stays out of three hexes around it.
#[test]
fn gates_3_5_reinforcement_hex_19_58_and_its_no_go_area() {
    let m = map();
    assert!(m.map.features(h("19.58")).has(HexFeatures::REINFORCEMENT));
    let g = m.map.geometry;
    for x in m.map.hexes() {
        let d = m.relief.hexes[m.map.idx(x).unwrap()];
        if g.distance(x, h("19.58")) <= 3 {
            assert_ne!(d.barred & NATO_BIT, 0, "{}", g.format(x));
        }
    }
    // The transit highway arrives there.
    assert!(engine::core::hex::Dir::ALL
        .iter()
        .any(|&d| m.map.side_toward(h("19.58"), d).has(F::HIGHWAY)));
}

// 8.3: the spotter aircraft's bases 52.39, 15.41, 37.24 are in the airfields Tempelhof, Gatow
// and Tegel; Schoenefeld lies in East Germany.
#[test]
fn gates_8_3_spotter_bases_on_the_airfields() {
    for (hx, field) in [
        ("52.39", "Tempelhof"),
        ("15.41", "Gatow"),
        ("37.24", "Tegel"),
    ] {
        assert!(place_at(hx).contains(&field), "{field} at {hx}");
        assert!(map().map.features(h(hx)).has(HexFeatures::AIRFIELD));
        assert_eq!(region(hx), Region::WestBerlin as u8);
    }
    let s = map().map.place("Schoenefeld").expect("Schoenefeld");
    assert_eq!(s.kind, PlaceKind::Flugplatz);
    assert!(s
        .hexes
        .iter()
        .all(|&x| map().map.region(x) == Region::EastGermany as u8));
}

// The loaded map is the ground the series rules play on: lakes have no dot (1.2), a divided
// hex is next to its neighbours only from the part facing them (2.2.3), a gray part's
// neighbours are not next to it for movement but are for fire (2.2.3), and units in 26.25 are
// on a bridge (2.2.4).
#[test]
fn gates_2_2_3_the_ground_the_series_rules_read() {
    use engine::css::terrain::{Ground, NoMarkers, TerrainChart};
    let m = map();
    let chart = TerrainChart::stand_in();
    let g = Ground::new(&m.map, &m.relief, &chart);
    assert!(!g.playable(h("73.46")), "the Mueggelsee has no dot");
    assert!(g.playable(h("30.35")));
    let north = m.relief.hexes[m.map.idx(h("44.46")).unwrap()]
        .parts
        .part_of(m.map.geometry.direction_to(h("44.46"), h("44.45")).unwrap());
    assert!(!g.adjacent_for_movement(h("44.46"), north, h("44.47")));
    assert!(g.adjacent_for_movement(h("44.46"), north, h("43.47")));
    assert!(g.adjacent_for_movement(h("44.46"), north.other(), h("44.47")));
    assert!(!g.adjacent_for_movement(h("33.25"), Part::First, h("33.24")));
    assert!(g.adjacent_for_movement(h("33.25"), Part::First, h("33.26")));
    assert!(
        m.map.geometry.adjacent(h("33.25"), h("33.24")),
        "adjacent for fire"
    );
    assert!(g.has_bridge(h("26.25"), &NoMarkers));
}

/// 1.2: 500 m a hex over four sheets; the files say they are stand-ins.
#[test]
fn gates_1_2_four_sheets_in_one_numbering_space() {
    let files = gates::builtin_files();
    for key in gates::FILES {
        assert!(files.get(key).is_some(), "{key}");
    }
    let game = &files.get("game.toml").expect("game.toml").text;
    assert!(game.contains("stand_in = true") && game.contains("two sheets across and two down"));
    assert_eq!(map().map.geometry.format(h("30.35")).as_str(), "30.35");
}
