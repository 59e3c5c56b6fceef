//! Fortress Berlin's data set (`data/fortress-berlin/`, `docs/data.md`): the stand-in map of
//! central Berlin in April 1945 and every counter of the set-up and orders of appearance,
//! checked with errors naming file, line and field, and compiled into the engine's
//! [`GameData`] — the one type `fortress::Game` plays on. The combat charts and the movement
//! chart are the engine's marked stand-ins ([`engine::fortress::combat::standin`],
//! [`engine::fortress::terrain::standin`]) until chart files exist; the scenario
//! [`FULL_GAME`] (13.0) sets up the German listings that name a single hex (13.1, 13.2).
//!
//! The readers reuse the game-neutral pieces of the Berlin '85 loader: [`crate::source`]
//! (file sets and override directories), [`crate::error`] (positions), [`crate::de`] (TOML
//! with spans, hexes, hexsides, paths, choices) and [`crate::grid`] (the one-character-per-hex
//! map file).

pub mod map;
pub mod units;

use crate::error::{DataError, Src};
use crate::source::FileSet;
use engine::fortress::board::{Forces, MapData};
use engine::fortress::data::{text, GameData, Scenario};

/// The game's folder and id.
pub const FOLDER: &str = "fortress-berlin";

/// The id of the full game's scenario (13.0).
pub const FULL_GAME: &str = "full-game";
/// Game turns of the full game: April 21 to May 5 (4.0).
pub const FULL_GAME_TURNS: u8 = 15;
/// What the stand-in list names for the engine's charts, until chart files exist.
pub const STANDIN_CHARTS: [&str; 3] = ["combat charts", "movement chart", "air strike table"];

/// The files of the folder, all required.
pub const FILES: [&str; 5] = [
    "game.toml",
    "map.txt",
    "hexsides.toml",
    "places.toml",
    "units.toml",
];

const BUILTIN: [(&str, &str); 5] = [
    ("game.toml", include_str!("../../fortress-berlin/game.toml")),
    ("map.txt", include_str!("../../fortress-berlin/map.txt")),
    (
        "hexsides.toml",
        include_str!("../../fortress-berlin/hexsides.toml"),
    ),
    (
        "places.toml",
        include_str!("../../fortress-berlin/places.toml"),
    ),
    (
        "units.toml",
        include_str!("../../fortress-berlin/units.toml"),
    ),
];

/// The built-in files, as embedded when the program was built.
pub fn builtin_files() -> FileSet {
    FileSet::embedded(FOLDER, BUILTIN)
}

/// Checks and compiles the built-in files.
pub fn load_builtin() -> Result<Box<GameData>, Vec<DataError>> {
    load_files(&builtin_files())
}

/// Checks and compiles a file set; `Err` lists every problem found.
pub fn load_files(files: &FileSet) -> Result<Box<GameData>, Vec<DataError>> {
    FileSet::loaded(crate::with_stack(|| check_files_here(files)))
}

fn blank(g: engine::core::hex::Geometry) -> Box<GameData> {
    Box::new(GameData {
        map: MapData::blank(g),
        forces: Forces::default(),
        combat: engine::fortress::combat::standin::tables(),
        movement: engine::fortress::terrain::standin(),
        scenarios: heapless::Vec::new(),
        entry_areas: heapless::Vec::new(),
        perimeter: heapless::Vec::new(),
        within_perimeter: heapless::Vec::new(),
        barriers: heapless::Vec::new(),
        groups: heapless::Vec::new(),
        volkssturm_checks: heapless::Vec::new(),
        naval_checks: heapless::Vec::new(),
        air: Some(engine::fortress::air::standin()),
        stand_ins: heapless::Vec::new(),
    })
}

/// Every problem of a file set, with the data built despite them.
pub fn check_files(files: &FileSet) -> (Box<GameData>, Vec<DataError>) {
    crate::with_stack(|| check_files_here(files))
}

fn check_files_here(files: &FileSet) -> (Box<GameData>, Vec<DataError>) {
    let mut errors = Vec::new();
    let fallback = engine::core::hex::Geometry {
        columns: 1,
        rows: 1,
        shifted: engine::core::hex::ShiftedColumns::Odd,
        format: engine::core::hex::HexFormat::Ccrr,
        first_column_at: engine::core::hex::Edge::West,
        first_row_at: engine::core::hex::Edge::North,
    };
    errors.extend(files.unknown_files(&FILES, "Fortress Berlin data file"));
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
    let mut stand_ins: Vec<&str> = Vec::new();
    if game.stand_in {
        stand_ins.push("map.txt");
    }
    if let Some((n, t)) = text("map.txt", &mut errors) {
        errors.extend(map::read_terrain(&Src::new(&n, &t), &game, &mut data.map));
    }
    let mut sides = map::SidesInfo::default();
    if let Some((n, t)) = text("hexsides.toml", &mut errors) {
        let (info, e) = map::read_sides(&Src::new(&n, &t), &mut data);
        errors.extend(e);
        if info.stand_in {
            stand_ins.push("hexsides.toml");
        }
        sides = info;
    }
    if let Some((n, t)) = text("places.toml", &mut errors) {
        let (stand_in, e) = map::read_places(&Src::new(&n, &t), &mut data, &sides);
        errors.extend(e);
        if stand_in {
            stand_ins.push("places.toml");
        }
    }
    if let Some((n, t)) = text("units.toml", &mut errors) {
        let (info, e) = units::read(&Src::new(&n, &t), &mut data);
        errors.extend(e);
        if info.stand_in {
            stand_ins.push("units.toml");
        }
    }
    stand_ins.extend(STANDIN_CHARTS);
    for s in stand_ins {
        let _ = data.stand_ins.push(crate::de::cut(s));
    }
    let _ = data.scenarios.push(full_game(&data));
    (data, errors)
}

/// The full game (13.0, 4.0): the scenario places nothing itself. Every German set-up listing
/// (13.1–13.6), the fixed deployments included, is placed by the German in the game's set-up
/// step, in the mode he chooses (3.3.3); the Soviets enter as reinforcements (13.0).
pub fn full_game(_data: &GameData) -> Scenario {
    Scenario {
        id: text(FULL_GAME),
        name: text("Fortress Berlin (full game)"),
        case: text("13.0"),
        last_turn: FULL_GAME_TURNS,
        setup: heapless::Vec::new(),
    }
}

/// The built-in data with a club's override directory laid over it (`docs/data.md`): each
/// override file replaces the built-in one; a file with problems is reported and ignored.
pub fn load_with_override(dir: &std::path::Path) -> (Box<GameData>, Vec<DataError>) {
    crate::overlay(&builtin_files(), dir, &check_files)
}

/// Encodes the compiled data with postcard (the form the program embeds).
pub fn encode(data: &GameData) -> Result<Vec<u8>, DataError> {
    postcard::to_allocvec(data).map_err(|e| DataError::file(FOLDER, format!("cannot encode: {e}")))
}

/// Decodes [`encode`]'s bytes.
pub fn decode(bytes: &[u8]) -> Result<Box<GameData>, DataError> {
    crate::with_stack(|| {
        postcard::from_bytes::<GameData>(bytes)
            .map(Box::new)
            .map_err(|e| DataError::file(FOLDER, format!("cannot decode: {e}")))
    })
}

/// The unit ids of the built-in `units.toml`, in counter order (index = `UnitId`).
pub fn unit_ids(files: &FileSet) -> Vec<String> {
    let Some(f) = files.get("units.toml") else {
        return Vec::new();
    };
    crate::with_stack(|| {
        let mut scratch = blank(engine::core::hex::Geometry {
            columns: 64,
            rows: 34,
            shifted: engine::core::hex::ShiftedColumns::Odd,
            format: engine::core::hex::HexFormat::Ccrr,
            first_column_at: engine::core::hex::Edge::West,
            first_row_at: engine::core::hex::Edge::North,
        });
        // Places are not needed to name the units; errors about them are ignored here.
        let (info, _) = units::read(&Src::new(&f.display, &f.text), &mut scratch);
        info.ids
    })
}

/// The names written on the map picture (`[[label]]` of `places.toml`).
pub fn labels(files: &FileSet, data: &GameData) -> Vec<crate::Label> {
    files.get("places.toml").map_or_else(Vec::new, |f| {
        map::read_labels(&Src::new(&f.display, &f.text), &data.map.geometry)
    })
}

/// The built-in map as a picture with its labels, at `scale` pixels per hex radius, and the
/// problems its files have (`render_map --game fortress-berlin`).
pub fn render_builtin(scale: f32) -> (tiny_skia::Pixmap, Vec<DataError>) {
    let files = builtin_files();
    let (d, errors) = check_files(&files);
    let labels = labels(&files, &d);
    (
        crate::render::fortress::render_fortress(&d, scale, &labels),
        errors,
    )
}
