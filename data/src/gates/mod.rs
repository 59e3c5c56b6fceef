//! *The Enemy is at the Gates: Berlin 1985*'s map data set (`data/gates/`): the four sheets as
//! one numbering space (`capacity::gates::MapData`, hexes written "30.35") with the ground the
//! core map has no room for (`css::terrain::Relief`: levels, divided and gray hexes, hexes
//! barred to NATO). The printed maps are not in the rulebook: the files are a STAND-IN that
//! puts every hex the exclusive rules cite where they say (`data/gates/README.md`).
//!
//! Files: `game.toml` (shape, terrain and region legends; shared header reader
//! [`crate::shape::read_game`]), `map.txt` and `regions.txt` (one character per hex, the
//! shared [`crate::grid`] reader), `hexsides.toml` ([`sides`]) and `places.toml` ([`places`]).
//! The forces beside the map — `divisions.toml` ([`divisions`]), `counters.toml`
//! ([`counters`]) and `scenarios/*.toml` ([`scenario`]) — load through [`forces`]
//! ([`load_forces_builtin`] gives [`GatesForces`]). Every problem is reported as
//! `file:line:column: field: message`.

pub mod counters;
pub mod divisions;
pub mod forces;
pub mod game;
pub mod map;
pub mod places;
pub mod scenario;
pub mod sides;

pub use forces::{check_forces, load_forces, load_forces_builtin, GatesForces};
pub use game::{check_game, load_game, load_game_builtin, load_game_with_override};

use crate::error::{DataError, Src};
use crate::places::Label;
use crate::source::FileSet;
use engine::core::capacity::gates::{MapData, HEXES};
use engine::core::hex::{Edge, Geometry, HexFormat, ShiftedColumns};
use engine::css::terrain::Relief;

/// The game's folder.
pub const FOLDER: &str = "gates";

/// The files of the folder, all required.
pub const FILES: [&str; 5] = [
    "game.toml",
    "map.txt",
    "regions.txt",
    "hexsides.toml",
    "places.toml",
];

const BUILTIN: [(&str, &str); 11] = [
    ("game.toml", include_str!("../../gates/game.toml")),
    ("map.txt", include_str!("../../gates/map.txt")),
    ("regions.txt", include_str!("../../gates/regions.txt")),
    ("hexsides.toml", include_str!("../../gates/hexsides.toml")),
    ("places.toml", include_str!("../../gates/places.toml")),
    ("divisions.toml", include_str!("../../gates/divisions.toml")),
    ("counters.toml", include_str!("../../gates/counters.toml")),
    (
        "scenarios/intro.toml",
        include_str!("../../gates/scenarios/intro.toml"),
    ),
    (
        "scenarios/man_your_stations.toml",
        include_str!("../../gates/scenarios/man_your_stations.toml"),
    ),
    (
        "scenarios/stand_your_ground.toml",
        include_str!("../../gates/scenarios/stand_your_ground.toml"),
    ),
    (
        "scenarios/war_is_coming.toml",
        include_str!("../../gates/scenarios/war_is_coming.toml"),
    ),
];

/// The loaded map: the core map, the relief beside it, the files that are stand-ins and the
/// names written on the picture.
pub struct GatesMap {
    pub map: MapData,
    pub relief: Relief<HEXES>,
    pub stand_ins: Vec<String>,
    pub labels: Vec<Label>,
}

/// The built-in files, as embedded when the program was built.
pub fn builtin_files() -> FileSet {
    FileSet::embedded(FOLDER, BUILTIN)
}

/// Checks and loads the built-in files.
pub fn load_builtin() -> Result<Box<GatesMap>, Vec<DataError>> {
    load_files(&builtin_files())
}

/// Checks and loads a file set; `Err` lists every problem found.
pub fn load_files(files: &FileSet) -> Result<Box<GatesMap>, Vec<DataError>> {
    FileSet::loaded(check_files(files))
}

fn blank(g: Geometry) -> Box<GatesMap> {
    Box::new(GatesMap {
        map: MapData::blank(g),
        relief: Relief::flat(g.hex_count()),
        stand_ins: Vec::new(),
        labels: Vec::new(),
    })
}

/// Every problem of a file set, with the map built despite them.
pub fn check_files(files: &FileSet) -> (Box<GatesMap>, Vec<DataError>) {
    crate::with_stack(|| check_files_here(files))
}

fn check_files_here(files: &FileSet) -> (Box<GatesMap>, Vec<DataError>) {
    let mut errors = Vec::new();
    let fallback = Geometry {
        columns: 1,
        rows: 1,
        shifted: ShiftedColumns::Even,
        format: HexFormat::CcDotRr,
        first_column_at: Edge::West,
        first_row_at: Edge::North,
    };
    // The forces' files and the scenarios share the folder (`forces`).
    let scenarios: Vec<String> = files.scenarios().map(|f| f.key.clone()).collect();
    let known: Vec<&str> = FILES
        .iter()
        .chain(forces::FILES.iter())
        .copied()
        .chain(scenarios.iter().map(String::as_str))
        .collect();
    errors.extend(files.unknown_files(&known, "Gates data file"));
    let text = |key: &str, errors: &mut Vec<DataError>| files.required(key, errors);
    let Some((gname, gtext)) = text("game.toml", &mut errors) else {
        return (blank(fallback), errors);
    };
    let game = match map::read_game(&Src::new(&gname, &gtext)) {
        Ok(g) => g,
        Err(e) => {
            errors.extend(e);
            return (blank(fallback), errors);
        }
    };
    let mut data = blank(game.geometry);
    if game.stand_in {
        data.stand_ins.push("map.txt".into());
        data.stand_ins.push("regions.txt".into());
    }
    if let Some((n, t)) = text("map.txt", &mut errors) {
        errors.extend(map::read_terrain(&Src::new(&n, &t), &game, &mut data));
    }
    if let Some((n, t)) = text("regions.txt", &mut errors) {
        errors.extend(map::read_regions(&Src::new(&n, &t), &game, &mut data));
    }
    if let Some((n, t)) = text("hexsides.toml", &mut errors) {
        let (stand_in, e) = sides::read(&Src::new(&n, &t), &mut data);
        errors.extend(e);
        if stand_in {
            data.stand_ins.push("hexsides.toml".into());
        }
    }
    if let Some((n, t)) = text("places.toml", &mut errors) {
        let (stand_in, e) = places::read(&Src::new(&n, &t), &mut data);
        errors.extend(e);
        if stand_in {
            data.stand_ins.push("places.toml".into());
        }
    }
    (data, errors)
}

/// The scale of `docs/gates-map.png` (pixels per hex radius): 6,400 hexes stay a quick picture.
pub const DOCS_SCALE: f32 = 10.0;

/// The built-in map drawn at `scale`, with the problems of its files.
pub fn render_builtin(scale: f32) -> (tiny_skia::Pixmap, Vec<DataError>) {
    let (data, errors) = check_files(&builtin_files());
    let pm = crate::render::gates::render_gates(&data, scale, &data.labels);
    (pm, errors)
}
