//! Compiles a game's file set into the engine's `GameData`: reads every file, checks the
//! references between them, and adds the features the rules imply rather than the files list
//! (borders, lake shores, bridges).
//!
//! `GameData` holds fixed-capacity arrays (~100 KB), so it is allocated once on the heap and
//! filled in place; no step builds a second copy on the stack.

use crate::error::{DataError, Src};
use crate::game::{self, Game};
use crate::source::FileSet;
use crate::{grid, hexsides, places, scenarios, tables, units};
use engine::berlin85::data::{
    GameData, HexsideEffects, Region, ReinforcementResult, SurvivalResult, Tables, Zone,
};
use engine::core::capacity::berlin85::MapData;
use engine::core::capacity::berlin85::Roster;
use engine::core::crt::Columns;
use engine::core::hex::{Dir, Edge, Geometry, HexFormat, ShiftedColumns};
use engine::core::map::SideFeatures;

/// Reads and checks a complete file set. `Err` lists every problem found.
pub fn compile(files: &FileSet) -> Result<Box<GameData>, Vec<DataError>> {
    let (data, errors) = compile_lenient(files);
    if errors.is_empty() {
        Ok(data)
    } else {
        Err(errors)
    }
}

/// Like [`compile`], but always returns the data it could build alongside the problems, so a
/// caller can show every error at once.
pub fn compile_lenient(files: &FileSet) -> (Box<GameData>, Vec<DataError>) {
    let mut errors = Vec::new();
    let Some(gf) = required(files, "game.toml", &mut errors) else {
        return (blank(fallback_geometry()), errors);
    };
    let game = match game::read(&Src::new(&gf.display, &gf.text)) {
        Ok(g) => g,
        Err(e) => {
            errors.extend(e);
            return (blank(fallback_geometry()), errors);
        }
    };
    let mut data = blank(game.geometry);
    let mut stand_ins: Vec<String> = Vec::new();
    if game.stand_in {
        stand_ins.push("map".into());
    }

    if let Some(f) = required(files, "tables.toml", &mut errors) {
        let (info, e) = tables::read(
            &Src::new(&f.display, &f.text),
            &game.geometry,
            &mut data.tables,
        );
        errors.extend(e);
        stand_ins.extend(info.stand_ins);
        // Every map character must stand for a terrain the chart has.
        let gsrc = Src::new(&gf.display, &gf.text);
        if !data.tables.terrain.is_empty() {
            for t in &game.terrain {
                if data.terrain_key(&t.key).is_none() {
                    errors.push(gsrc.err(
                        t.span.clone(),
                        format!("terrain: '{}' has no [[terrain]] row in tables.toml", t.key),
                    ));
                }
            }
        }
    }

    read_grids(files, &game, &mut data, &mut errors);

    let mut rail = Vec::new();
    if let Some(f) = required(files, "hexsides.toml", &mut errors) {
        let (info, e) = hexsides::read(&Src::new(&f.display, &f.text), &mut data.map);
        errors.extend(e);
        if info.stand_in {
            stand_ins.push("hexsides.toml".into());
        }
        rail = info.rail;
    }
    if let Some(f) = required(files, "places.toml", &mut errors) {
        let src = Src::new(&f.display, &f.text);
        let (info, e) = places::read(&src, &mut data.map, &rail);
        errors.extend(e);
        if info.stand_in {
            stand_ins.push("places.toml".into());
        }
        for b in &info.barracks {
            let zone = data.map.zone(b.hex);
            if zone != b.zone as u8 {
                errors.push(src.err(
                    b.span.clone(),
                    format!(
                        "barracks zone: regions.txt puts hex {} in zone '{}'",
                        data.map.geometry.format(b.hex),
                        scenarios::zone_name(zone_of(zone))
                    ),
                ));
            }
        }
    }
    derive_sides(&mut data.map, &data.tables);

    if let Some(f) = required(files, "units.toml", &mut errors) {
        let d = &mut *data;
        let (info, e) = units::read(&Src::new(&f.display, &f.text), &mut d.roster, &mut d.tables);
        errors.extend(e);
        stand_ins.extend(info.stand_ins);
    }

    let mut scenario_list: Vec<engine::berlin85::data::Scenario> = Vec::new();
    for f in files.scenarios() {
        let id = f
            .key
            .trim_start_matches("scenarios/")
            .trim_end_matches(".toml");
        match scenarios::read(&Src::new(&f.display, &f.text), id, &data) {
            Ok(s) => {
                if s.victory_points.iter().any(|e| e.stand_in) {
                    stand_ins.push(format!("{}.toml VP", s.id));
                }
                scenario_list.push(s)
            }
            Err(e) => errors.extend(e),
        }
    }
    if files.scenarios().next().is_none() {
        errors.push(DataError::file(
            &files.display_of("scenarios"),
            "no scenario files (scenarios/<id>.toml)",
        ));
    }
    // The scenarios run in rulebook order (21.1, 21.2, …) whatever their file names.
    scenario_list.sort_by_key(|s| case_key(&s.case));
    for s in scenario_list {
        if data.scenarios.push(s).is_err() {
            errors.push(DataError::file(
                &files.display_of("scenarios"),
                format!("more than {} scenarios", data.scenarios.capacity()),
            ));
            break;
        }
    }
    for name in stand_ins {
        if data.stand_ins.push(crate::de::cut(&name)).is_err() {
            break;
        }
    }
    (data, errors)
}

fn case_key(case: &str) -> Vec<u32> {
    case.split('.')
        .map(|p| p.parse().unwrap_or(u32::MAX))
        .collect()
}

fn zone_of(z: u8) -> Zone {
    match z {
        1 => Zone::Us,
        2 => Zone::British,
        3 => Zone::French,
        _ => Zone::None,
    }
}

fn required<'f>(
    files: &'f FileSet,
    key: &str,
    errors: &mut Vec<DataError>,
) -> Option<&'f crate::source::SourceFile> {
    let f = files.get(key);
    if f.is_none() {
        errors.push(DataError::file(
            &files.display_of(key),
            "the file is missing",
        ));
    }
    f
}

fn read_grids(files: &FileSet, game: &Game, data: &mut GameData, errors: &mut Vec<DataError>) {
    let g = game.geometry;
    if let Some(f) = required(files, "map.txt", errors) {
        let (grid, e) = grid::read(&Src::new(&f.display, &f.text), &g, "terrain", &|c| {
            game.terrain_key(c).is_some()
        });
        errors.extend(e);
        for (slot, cell) in data.map.terrain.iter_mut().zip(&grid.cells) {
            let id = cell
                .and_then(|c| game.terrain_key(c))
                .and_then(|k| data.tables.terrain.iter().position(|t| t.key.as_str() == k));
            *slot = id.unwrap_or(0) as u8;
        }
    }
    if let Some(f) = required(files, "regions.txt", errors) {
        let (grid, e) = grid::read(&Src::new(&f.display, &f.text), &g, "region", &|c| {
            game.region_of(c).is_some()
        });
        errors.extend(e);
        for (i, cell) in grid.cells.iter().enumerate() {
            let (region, zone) = cell
                .and_then(|c| game.region_of(c))
                .unwrap_or((Region::EastGermany, Zone::None));
            if let Some(r) = data.map.region.get_mut(i) {
                *r = region as u8;
            }
            if let Some(z) = data.map.zone.get_mut(i) {
                *z = zone as u8;
            }
        }
    }
}

/// Features the rules imply:
/// - every side between West Berlin and another region is a border side (the Wall);
/// - every side of a lake hex is a lake shore [5.26];
/// - a road or Autobahn crossing water is a bridge [5.25];
/// - roads and U-Bahns do not extend across border sides, Autobahns do [5.25].
fn derive_sides(map: &mut MapData, tables: &Tables) {
    let g = map.geometry;
    let lake = tables.terrain.iter().position(|t| t.key.as_str() == "lake");
    for i in 0..map.terrain.len() {
        let Some(h) = g.hex_at(i) else { continue };
        for d in [Dir::Up, Dir::UpHigherCol, Dir::DownHigherCol] {
            let Some(n) = g.neighbour(h, d) else { continue };
            let west = |x| map.region(x) == Region::WestBerlin as u8;
            let border = west(h) != west(n);
            let is_lake = |x| lake.is_some_and(|l| usize::from(map.terrain(x)) == l);
            let shore = is_lake(h) || is_lake(n);
            let Some(side) = map.sides.get_mut(i).and_then(|s| s.get_mut(d.index())) else {
                continue;
            };
            if border {
                side.insert(SideFeatures::BORDER);
            }
            if shore {
                side.insert(SideFeatures::LAKE_SHORE);
            }
            if side.has(SideFeatures::WATER)
                && side.has(SideFeatures::ROAD | SideFeatures::AUTOBAHN)
            {
                side.insert(SideFeatures::BRIDGE);
            }
            if side.has(SideFeatures::BORDER) {
                side.0 &= !(SideFeatures::ROAD | SideFeatures::UBAHN);
            }
        }
    }
}

fn fallback_geometry() -> Geometry {
    Geometry {
        columns: 1,
        rows: 1,
        shifted: ShiftedColumns::Even,
        format: HexFormat::Ccrr,
        first_column_at: Edge::East,
        first_row_at: Edge::South,
    }
}

/// An empty data set of the given shape, on the heap.
pub fn blank(geometry: Geometry) -> Box<GameData> {
    Box::new(GameData {
        map: MapData::blank(geometry),
        roster: Roster {
            formations: heapless::Vec::new(),
            units: heapless::Vec::new(),
        },
        tables: empty_tables(),
        scenarios: heapless::Vec::new(),
        stand_ins: heapless::Vec::new(),
    })
}

fn empty_tables() -> Tables {
    let none = HexsideEffects {
        mp_half: 0,
        combat_shift: 0,
    };
    Tables {
        terrain: heapless::Vec::new(),
        water: none,
        ferry: none,
        bridge: none,
        border: none,
        lake_shore: none,
        ruin: none,
        crt_columns: Columns {
            ranges: heapless::Vec::new(),
        },
        crt: Default::default(),
        collateral_thresholds: heapless::Vec::new(),
        collateral: Default::default(),
        reinforcement: [ReinforcementResult::NoEffect; 11],
        survival: [SurvivalResult::Destroyed; 12],
        scatter: [0, 1, 2, 3, 4, 5],
        honors_columns: heapless::Vec::new(),
        honors: Default::default(),
        turns: heapless::Vec::new(),
        untried: heapless::Vec::new(),
    }
}
