//! Fortress Berlin's map files: `game.toml` (hex numbering and the terrain legend), `map.txt`
//! (one terrain character per hex, read by the shared grid reader), `hexsides.toml` (rivers,
//! canals, bridges, perimeter barriers, roads, railroads, U-Bahn lines) and `places.toml`
//! (fortifications, stations, the strongpoint perimeter, entry areas, named places).
//!
//! Every check reports `file:line:column: field: message` through the shared `de` helpers.

use crate::de::{self, Keep, Sp};
use crate::error::{DataError, Src};
use crate::grid;
use crate::shape::{self, Header, IdRule, Limits};
use engine::core::hex::{Geometry, HexId, Hexside};
use engine::core::map::{HexFeatures, Place, PlaceKind, SideFeatures, MAX_PLACE_HEXES};
use engine::fortress::board::{terrain, MapData};
use engine::fortress::data::{EntryArea, GameData, ENTRY_AREAS};
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};

/// Terrain keys of the legend and the engine's terrain ids (2.1.1).
pub const TERRAIN: [(&str, u8); 6] = [
    ("clear", terrain::CLEAR),
    ("park", terrain::PARK),
    ("built_up", terrain::BUILT_UP),
    ("major_building", terrain::MAJOR_BUILDING),
    ("airfield", terrain::AIRFIELD),
    ("lake", terrain::LAKE),
];

/// What `game.toml` says.
pub struct Game {
    pub geometry: Geometry,
    pub stand_in: bool,
    pub legend: Vec<(char, u8)>,
}

/// Reads `game.toml`; any error stops the load (every other file depends on the shape).
pub fn read_game(src: &Src) -> Result<Game, Vec<DataError>> {
    let limits = Limits {
        columns: 80,
        rows: 60,
        hexes: engine::core::capacity::fortress_berlin::HEXES,
    };
    let mut errors = Vec::new();
    let head: Header<String> = shape::read_game(
        src,
        IdRule::Exactly("fortress_berlin"),
        &limits,
        false,
        &mut errors,
    )
    .map_err(|e| vec![e])?;
    let mut legend = Vec::new();
    for (ch, v) in &head.terrain {
        if let Some(t) = de::choice(src, v, "terrain", &TERRAIN).keep(&mut errors) {
            legend.push((*ch, t));
        }
    }
    match head.geometry {
        Some(geometry) if errors.is_empty() => Ok(Game {
            geometry,
            stand_in: head.raw.stand_in,
            legend,
        }),
        _ => Err(errors),
    }
}

/// Reads `map.txt` into the map's terrain.
pub fn read_terrain(src: &Src, game: &Game, map: &mut MapData) -> Vec<DataError> {
    let known = |c: char| game.legend.iter().any(|l| l.0 == c);
    let (g, errors) = grid::read(src, &game.geometry, "terrain", &known);
    for (i, cell) in g.cells.iter().enumerate() {
        if let (Some(ch), Some(t)) = (cell, map.terrain.get_mut(i)) {
            *t = game.legend.iter().find(|l| l.0 == *ch).map_or(0, |l| l.1);
        }
    }
    errors
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSides {
    #[serde(default)]
    stand_in: bool,
    #[serde(default)]
    bridges: Vec<Sp<String>>,
    #[serde(default)]
    barriers: Vec<Sp<String>>,
    #[serde(default)]
    river: Vec<RawWater>,
    #[serde(default)]
    canal: Vec<RawWater>,
    #[serde(default)]
    road: Vec<RawPath>,
    #[serde(default)]
    rail: Vec<RawPath>,
    #[serde(default)]
    ubahn: Vec<RawPath>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWater {
    name: Sp<String>,
    sides: Vec<Sp<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPath {
    name: Sp<String>,
    path: Sp<String>,
    #[serde(default)]
    stations: Vec<Sp<String>>,
}

/// The named water lines, for the places that refer to them (Teltow Canal banks, 13.4).
#[derive(Default)]
pub struct SidesInfo {
    pub stand_in: bool,
    pub water: BTreeMap<String, Vec<Hexside>>,
}

fn side_of(g: &Geometry, a: HexId, b: HexId) -> Option<Hexside> {
    g.side_between(a, b)
}

/// Reads `hexsides.toml` into the map's side and hex features and the barrier list.
pub fn read_sides(src: &Src, data: &mut GameData) -> (SidesInfo, Vec<DataError>) {
    let mut errors = Vec::new();
    let mut info = SidesInfo::default();
    let raw: RawSides = match de::parse(src) {
        Ok(r) => r,
        Err(e) => return (info, vec![e]),
    };
    info.stand_in = raw.stand_in;
    let g = data.map.geometry;
    let map = &mut data.map;
    let mark = |map: &mut MapData, s: Hexside, f: u16| {
        if let Some(x) = map.side_mut(s) {
            x.insert(f);
        }
    };
    for (list, flag, field) in [
        (&raw.river, SideFeatures::WATER, "river"),
        (
            &raw.canal,
            SideFeatures::WATER | SideFeatures::CANAL,
            "canal",
        ),
    ] {
        for w in list {
            let mut seen = BTreeSet::new();
            let mut sides = Vec::new();
            for v in &w.sides {
                let Some((a, b)) = de::hexside(src, &g, v, field).keep(&mut errors) else {
                    continue;
                };
                let Some(s) = side_of(&g, a, b) else { continue };
                if !seen.insert(s) {
                    errors.push(src.err(
                        v.span(),
                        format!("{field}: side {} is listed twice", v.get_ref()),
                    ));
                    continue;
                }
                if map.terrain(a) == terrain::LAKE || map.terrain(b) == terrain::LAKE {
                    errors.push(src.err(v.span(), format!("{field}: side {} touches a lake hex (lake sides are shores, not listed)", v.get_ref())));
                    continue;
                }
                mark(map, s, flag);
                sides.push(s);
            }
            info.water.insert(w.name.get_ref().clone(), sides);
        }
    }
    for v in &raw.bridges {
        let Some((a, b)) = de::hexside(src, &g, v, "bridges").keep(&mut errors) else {
            continue;
        };
        let Some(s) = side_of(&g, a, b) else { continue };
        let f = map.side(s);
        if !f.has(SideFeatures::WATER) && !f.has(SideFeatures::CANAL) {
            errors.push(src.err(
                v.span(),
                format!("bridges: side {} is not a river or canal side", v.get_ref()),
            ));
        } else if f.has(SideFeatures::BRIDGE) {
            errors.push(src.err(
                v.span(),
                format!("bridges: side {} is listed twice", v.get_ref()),
            ));
        } else {
            mark(map, s, SideFeatures::BRIDGE);
        }
    }
    for v in &raw.barriers {
        let Some((a, b)) = de::hexside(src, &g, v, "barriers").keep(&mut errors) else {
            continue;
        };
        let Some(s) = side_of(&g, a, b) else { continue };
        if data.barriers.contains(&s) {
            errors.push(src.err(
                v.span(),
                format!("barriers: side {} is listed twice", v.get_ref()),
            ));
            continue;
        }
        de::push(src, &mut data.barriers, s, v.span(), "barrier sides").keep(&mut errors);
    }
    let map = &mut data.map;
    for (list, flag, field) in [
        (&raw.road, SideFeatures::ROAD, "road"),
        (&raw.rail, SideFeatures::RAIL, "rail"),
        (&raw.ubahn, SideFeatures::UBAHN, "ubahn"),
    ] {
        for p in list {
            let Some(path) = de::path(src, &g, &p.path, field).keep(&mut errors) else {
                continue;
            };
            let spans: Vec<_> = de::words(src, &p.path).into_iter().map(|w| w.1).collect();
            for (i, w) in path.windows(2).enumerate() {
                let (a, b) = (w[0], w[1]);
                let Some(s) = side_of(&g, a, b) else { continue };
                let f = map.side(s);
                let wet = f.has(SideFeatures::WATER) || f.has(SideFeatures::CANAL);
                if wet && flag != SideFeatures::UBAHN && !f.has(SideFeatures::BRIDGE) {
                    errors.push(src.err(
                        spans.get(i + 1).cloned().unwrap_or(p.path.span()),
                        format!(
                            "{field} '{}': crosses {}/{} without a bridge (add it to bridges) [7.3.3]",
                            p.name.get_ref(),
                            g.format(a),
                            g.format(b)
                        ),
                    ));
                }
                mark(map, s, flag);
            }
            if flag != SideFeatures::UBAHN && !p.stations.is_empty() {
                errors.push(src.err(
                    p.name.span(),
                    format!("{field}: only a [[ubahn]] line has stations"),
                ));
            }
            for st in &p.stations {
                let Some(h) = de::hex(src, &g, st, "stations").keep(&mut errors) else {
                    continue;
                };
                if !path.contains(&h) {
                    errors.push(src.err(
                        st.span(),
                        format!(
                            "stations: hex {} is not on the line '{}'",
                            st.get_ref(),
                            p.name.get_ref()
                        ),
                    ));
                    continue;
                }
                if let Some(i) = map.idx(h) {
                    if let Some(x) = map.features.get_mut(i) {
                        x.insert(HexFeatures::STATION);
                    }
                }
            }
        }
    }
    (info, errors)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPlaces {
    #[serde(default)]
    stand_in: bool,
    #[serde(default)]
    flak_towers: Vec<Sp<String>>,
    #[serde(default)]
    strongpoints: Vec<Sp<String>>,
    #[serde(default)]
    bunkers: Vec<Sp<String>>,
    perimeter: Sp<String>,
    entry_areas: Vec<Sp<String>>,
    #[serde(default)]
    place: Vec<RawPlace>,
    #[serde(default)]
    label: Vec<RawLabel>,
}

/// A name written on the map picture only (rivers, districts).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLabel {
    text: Sp<String>,
    hex: Sp<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPlace {
    name: Sp<String>,
    kind: Sp<String>,
    hexes: Vec<Sp<String>>,
    #[serde(default)]
    case: Option<Sp<String>>,
}

/// Reads `places.toml`: fortifications, the perimeter (and what it encloses), entry areas and
/// named places. `water` names the canal whose banks make the "Teltow Canal banks" place.
pub fn read_places(src: &Src, data: &mut GameData, sides: &SidesInfo) -> (bool, Vec<DataError>) {
    let mut errors = Vec::new();
    let raw: RawPlaces = match de::parse(src) {
        Ok(r) => r,
        Err(e) => return (false, vec![e]),
    };
    let g = data.map.geometry;
    for (list, flag, field) in [
        (&raw.flak_towers, HexFeatures::FLAK_TOWER, "flak_towers"),
        (&raw.strongpoints, HexFeatures::STRONGPOINT, "strongpoints"),
        (&raw.bunkers, HexFeatures::BUNKER, "bunkers"),
    ] {
        for v in list {
            let Some(h) = de::hex(src, &g, v, field).keep(&mut errors) else {
                continue;
            };
            let Some(x) = data.map.idx(h).and_then(|i| data.map.features.get_mut(i)) else {
                continue;
            };
            if x.has(HexFeatures::FLAK_TOWER | HexFeatures::STRONGPOINT | HexFeatures::BUNKER) {
                errors.push(src.err(
                    v.span(),
                    format!(
                        "{field}: hex {} already has a fortification (one per hex [10.1])",
                        v.get_ref()
                    ),
                ));
                continue;
            }
            x.insert(flag);
        }
    }
    for l in &raw.label {
        de::hex(src, &g, &l.hex, "label hex").keep(&mut errors);
        if l.text.get_ref().is_empty() || l.text.get_ref().len() > 24 {
            errors.push(src.err(l.text.span(), "label text: 1 to 24 bytes"));
        }
    }
    read_perimeter(src, &raw.perimeter, data, &mut errors);
    read_entries(src, &raw.entry_areas, data, &mut errors);
    let mut names = BTreeSet::new();
    for p in &raw.place {
        let Some(kind) = de::choice(
            src,
            &p.kind,
            "kind",
            &[
                ("building", PlaceKind::Area),
                ("area", PlaceKind::Area),
                ("airfield", PlaceKind::Flugplatz),
            ],
        )
        .keep(&mut errors) else {
            continue;
        };
        if !names.insert(p.name.get_ref().clone()) {
            errors.push(src.err(
                p.name.span(),
                format!("name: '{}' is named twice", p.name.get_ref()),
            ));
            continue;
        }
        if let Some(c) = &p.case {
            de::rule_case(src, c, "13.1").keep(&mut errors);
        }
        let Some(name) = de::fixed::<32>(src, &p.name, "name").keep(&mut errors) else {
            continue;
        };
        let mut place = Place {
            name,
            kind,
            hexes: heapless::Vec::new(),
            towers: heapless::Vec::new(),
        };
        for h in de::hexes(src, &g, &p.hexes, "hexes", &mut errors) {
            if place.hexes.push(h).is_err() {
                errors.push(src.err(
                    p.name.span(),
                    format!("hexes: a place holds at most {MAX_PLACE_HEXES} hexes"),
                ));
                break;
            }
        }
        if kind == PlaceKind::Flugplatz {
            for (h, v) in place.hexes.iter().zip(&p.hexes) {
                if data.map.terrain(*h) != terrain::AIRFIELD {
                    errors.push(src.err(
                        v.span(),
                        format!(
                            "hexes: hex {} of airfield '{}' is not airfield terrain in map.txt",
                            v.get_ref(),
                            p.name.get_ref()
                        ),
                    ));
                }
                if let Some(x) = data.map.idx(*h).and_then(|i| data.map.features.get_mut(i)) {
                    x.insert(HexFeatures::AIRFIELD);
                }
            }
        }
        de::push(src, &mut data.map.places, place, p.name.span(), "places").keep(&mut errors);
    }
    // Derived: the bank hexes of the Teltow Canal (13.4).
    if let Some(sides) = sides.water.get("Teltow Canal") {
        let mut hexes: BTreeSet<HexId> = BTreeSet::new();
        for s in sides {
            hexes.insert(s.hex);
            if let Some(n) = g.neighbour(s.hex, engine::core::hex::Dir::from_index(s.dir as usize))
            {
                hexes.insert(n);
            }
        }
        let mut place = Place {
            name: de::cut("Teltow Canal banks"),
            kind: PlaceKind::Area,
            hexes: heapless::Vec::new(),
            towers: heapless::Vec::new(),
        };
        for h in hexes {
            let _ = place.hexes.push(h);
        }
        let _ = data.map.places.push(place);
    }
    (raw.stand_in, errors)
}

/// The perimeter: a closed ring of adjacent hexes; every hex it encloses is "within" (13.3).
fn read_perimeter(src: &Src, v: &Sp<String>, data: &mut GameData, errors: &mut Vec<DataError>) {
    let g = data.map.geometry;
    let Some(path) = de::path(src, &g, v, "perimeter").keep(errors) else {
        return;
    };
    if path.first() != path.last() || path.len() < 7 {
        errors.push(src.err(
            v.span(),
            "perimeter: the ring must end on the hex it starts from",
        ));
        return;
    }
    let ring: BTreeSet<HexId> = path.iter().copied().collect();
    for h in &path[..path.len() - 1] {
        if de::push(src, &mut data.perimeter, *h, v.span(), "perimeter hexes")
            .keep(errors)
            .is_none()
        {
            return;
        }
    }
    // Flood from the map edge: whatever the outside cannot reach is on or within the ring.
    let mut outside: BTreeSet<HexId> = BTreeSet::new();
    let mut stack: Vec<HexId> = g_hexes(&g)
        .filter(|&h| is_edge(&g, h) && !ring.contains(&h))
        .collect();
    while let Some(h) = stack.pop() {
        if !outside.insert(h) {
            continue;
        }
        for (_, n) in g.neighbours(h) {
            if !ring.contains(&n) && !outside.contains(&n) {
                stack.push(n);
            }
        }
    }
    let within: Vec<HexId> = g_hexes(&g).filter(|h| !outside.contains(h)).collect();
    if within.len() <= ring.len() {
        errors.push(src.err(
            v.span(),
            "perimeter: the ring encloses no hex (it must surround the city centre)",
        ));
        return;
    }
    for h in within {
        if de::push(
            src,
            &mut data.within_perimeter,
            h,
            v.span(),
            "hexes within the perimeter",
        )
        .keep(errors)
        .is_none()
        {
            return;
        }
    }
}

pub fn g_hexes(g: &Geometry) -> impl Iterator<Item = HexId> + '_ {
    (0..g.hex_count()).filter_map(|i| g.hex_at(i))
}

/// Is a hex on the map edge (fewer than six neighbours)?
pub fn is_edge(g: &Geometry, h: HexId) -> bool {
    g.neighbours(h).count() < 6
}

/// `"A 1401"` … `"X 0106"`: every letter once, in order, each on the map edge (5.0).
fn read_entries(src: &Src, vs: &[Sp<String>], data: &mut GameData, errors: &mut Vec<DataError>) {
    let g = data.map.geometry;
    for (i, v) in vs.iter().enumerate() {
        if i >= ENTRY_AREAS {
            break;
        }
        let words = de::words(src, v);
        let [(letter, lspan), (hex, hspan)] = words.as_slice() else {
            errors.push(src.err(
                v.span(),
                format!(
                    "entry_areas: '{}' is not a letter and a hex, like \"A 1401\"",
                    v.get_ref()
                ),
            ));
            continue;
        };
        let want = b'A' + i as u8;
        if letter.as_bytes() != [want] {
            errors.push(src.err(
                lspan.clone(),
                format!("entry_areas: expected area {} here (the areas run A to X in order around the edge [5.0])", want as char),
            ));
            continue;
        }
        let Some(h) = de::hex_at(src, &g, hex, hspan.clone(), "entry_areas").keep(errors) else {
            continue;
        };
        if !is_edge(&g, h) {
            errors.push(src.err(
                hspan.clone(),
                format!("entry_areas: hex {hex} of area {letter} is not on the map edge"),
            ));
            continue;
        }
        de::push(
            src,
            &mut data.entry_areas,
            EntryArea {
                letter: want,
                hex: h,
            },
            v.span(),
            "entry areas",
        )
        .keep(errors);
    }
    if vs.len() != ENTRY_AREAS {
        errors.push(src.err_file(format!(
            "entry_areas: {} areas listed, the rules letter 24 (A to X) [5.0]",
            vs.len()
        )));
    }
}

/// The map labels of `places.toml` (for the picture; problems are left to the loader).
pub fn read_labels(src: &Src, g: &Geometry) -> Vec<crate::Label> {
    let Ok(raw) = de::parse::<RawPlaces>(src) else {
        return Vec::new();
    };
    raw.label
        .iter()
        .filter_map(|l| {
            Some(crate::Label {
                text: l.text.get_ref().clone(),
                hex: de::hex(src, g, &l.hex, "label hex").ok()?,
            })
        })
        .collect()
}
