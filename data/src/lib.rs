//! berlin-table game data: the text files a person reads, edits and diffs (`docs/data.md`),
//! their validator, and their compiled form.
//!
//! How the program gets its data:
//! - **Built in.** `build.rs` runs this loader on `data/<game>/` when the program is built,
//!   prints every problem as a warning, and embeds both the text files and the compiled
//!   postcard blob. At start-up the kiosk decodes the blob ([`builtin_blob`] →
//!   [`decode_blob`]), which is a plain copy with no parsing (see the start-up test in
//!   `tests/startup.rs` for the figures); [`load_builtin`] re-checks the embedded text
//!   (tests, `check-data`).
//! - **Override.** A club's directory with any subset of the files ([`load_with_override`]):
//!   each file replaces the built-in one and is checked the same way; a file with errors is
//!   reported and the built-in file is used instead.
//!
//! Every problem is a [`DataError`] that prints as `file:line:column: message`. No input
//! makes the loader panic (a fuzz target in `data/fuzz` feeds it arbitrary bytes).

pub mod blob;
mod compile;
mod de;
pub mod error;
pub mod fortress;
mod game;
pub mod gates;
mod grid;
mod hexsides;
mod places;
pub mod render;
mod scenarios;
mod shape;
pub mod source;
mod tables;
mod units;

pub use error::DataError;
pub use places::Label;
pub use source::{FileSet, SourceFile};

use engine::berlin85::data::GameData;
use std::path::Path;

mod builtin {
    include!(concat!(env!("OUT_DIR"), "/builtin.rs"));
}

/// The game this crate compiles to `engine::berlin85::data::GameData`.
pub const BERLIN85: &str = "berlin85";

/// Ids of the games built in.
pub fn games() -> Vec<&'static str> {
    let mut g: Vec<&'static str> = builtin::BLOBS.iter().map(|(g, _)| *g).collect();
    g.dedup();
    g
}

/// The built-in files of a game, as embedded at build time.
pub fn builtin_files(game: &str) -> Option<FileSet> {
    if !games().contains(&game) {
        return None;
    }
    let files = builtin::FILES
        .iter()
        .filter(|(g, _, _)| *g == game)
        .map(|(_, key, text)| (*key, *text));
    Some(FileSet::embedded(game, files))
}

fn unknown_game(game: &str) -> Vec<DataError> {
    vec![DataError::file(
        &format!("data/{game}"),
        format!(
            "no built-in game '{game}' (built in: {})",
            games().join(", ")
        ),
    )]
}

/// Stack for decoding `GameData`. In unoptimised (debug) builds postcard's and serde's code
/// passes the ~126 KB value through many frames by value: decoding needs 2-4 MiB of stack
/// there (under 1 MiB optimised), more than a test thread's 2 MiB. Decoding therefore runs
/// on a thread of its own in debug builds (reserved address space only). Compiling the text needs under
/// 512 KiB even unoptimised (measured), so it runs on the caller's thread.
const WORK_STACK: usize = 16 << 20;

/// Runs `f` on a thread with a [`WORK_STACK`] stack (inline if no thread can be started).
pub(crate) fn with_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    // Optimised code fits any thread's stack; spawning costs about a millisecond.
    if !cfg!(debug_assertions) || cfg!(feature = "inline-stack") {
        return f();
    }
    let mut slot = Some(f);
    let done = std::thread::scope(|scope| {
        let worker = std::thread::Builder::new()
            .stack_size(WORK_STACK)
            .spawn_scoped(scope, || slot.take().map(|f| f()));
        match worker.map(|h| h.join()) {
            Ok(Ok(v)) => v,
            // A panic in the worker is passed on unchanged (the loader has none by design).
            Ok(Err(p)) => std::panic::resume_unwind(p),
            Err(_) => None,
        }
    });
    match (done, slot.take()) {
        (Some(v), _) => v,
        (None, Some(f)) => f(),
        (None, None) => std::panic::resume_unwind(Box::new("the data worker thread lost its work")),
    }
}

/// Checks and compiles any file set (a test fixture, the fuzzer's input).
pub fn load_files(files: &FileSet) -> Result<Box<GameData>, Vec<DataError>> {
    compile::compile(files)
}

/// Every problem in a file set, with the data built despite them (for tools that show all).
pub fn check_files(files: &FileSet) -> (Box<GameData>, Vec<DataError>) {
    compile::compile_lenient(files)
}

/// Checks and compiles the built-in files of `game`.
pub fn load_builtin(game: &str) -> Result<Box<GameData>, Vec<DataError>> {
    let files = builtin_files(game).ok_or_else(|| unknown_game(game))?;
    load_files(&files)
}

/// The built-in data with a club's override directory laid over it. Every problem is
/// returned; an override file with problems is left out (a note says so) and the built-in
/// file is used, so the result is always playable as long as the built-in data is sound
/// (which `cargo test` guarantees).
pub fn load_with_override(game: &str, dir: &Path) -> (Box<GameData>, Vec<DataError>) {
    match builtin_files(game) {
        Some(base) => load_overlaid(&base, dir),
        None => (compile::blank(blank_geometry()), unknown_game(game)),
    }
}

/// [`load_with_override`] on any base file set.
pub fn load_overlaid(base: &FileSet, dir: &Path) -> (Box<GameData>, Vec<DataError>) {
    overlay(base, dir, &check_files)
}

/// Lays a club's directory over `base` and checks the result with `check` (any game): an
/// override file with problems is reported and left out, so the built-in file is used; if the
/// problems all point at built-in files, the overrides as a whole are dropped.
pub(crate) fn overlay<T>(
    base: &FileSet,
    dir: &Path,
    check: &dyn Fn(&FileSet) -> (T, Vec<DataError>),
) -> (T, Vec<DataError>) {
    let (mut over, mut report) = FileSet::read_dir(dir, None);
    loop {
        let (data, errors) = check(&base.overlaid(&over));
        if errors.is_empty() || over.is_empty() {
            report.extend(errors);
            return (data, report);
        }
        // Blame the override files the errors point at; if they all point at built-in files,
        // the overrides as a whole do not fit the built-in ones, so all are dropped.
        let blamed: Vec<(String, String)> = over
            .files()
            .filter(|f| errors.iter().any(|e| e.file == f.display))
            .map(|f| (f.key.clone(), f.display.clone()))
            .collect();
        if blamed.is_empty() {
            report.extend(errors);
            let keys: Vec<String> = over.files().map(|f| f.key.clone()).collect();
            report.push(DataError::file(
                &dir.display().to_string(),
                format!(
                    "the built-in files do not check with the override files ({}); all of them are ignored",
                    keys.join(", ")
                ),
            ));
            over = FileSet::new();
            continue;
        }
        for (key, display) in blamed {
            report.extend(errors.iter().filter(|e| e.file == display).cloned());
            report.push(DataError::file(
                &display,
                "ignored because of the errors above; the built-in file is used",
            ));
            over.remove(&key);
        }
    }
}

/// Checks a directory as an override of the built-in game its `game.toml` names (or Berlin
/// '85 when it has none; `fortress_berlin` for Fortress Berlin, `gates` for the Gates map): `berlin-table check-data
/// DIR`. Returns every problem.
pub fn check_dir(dir: &Path) -> Vec<DataError> {
    let (over, mut report) = FileSet::read_dir(dir, None);
    let game = over
        .get("game.toml")
        .and_then(|f| {
            f.text.lines().find_map(|l| {
                let (k, v) = l.split_once('=')?;
                (k.trim() == "id").then(|| v.trim().trim_matches('"').to_string())
            })
        })
        .unwrap_or_else(|| BERLIN85.to_string());
    if game == "fortress_berlin" {
        let (_, errors) = fortress::check_files(&fortress::builtin_files().overlaid(&over));
        report.extend(errors);
        return report;
    }
    if game == gates::map::ID {
        let files = gates::builtin_files().overlaid(&over);
        let (map, errors) = gates::check_files(&files);
        report.extend(errors);
        report.extend(gates::check_forces(&files, &map).1);
        return report;
    }
    let Some(base) = builtin_files(&game) else {
        report.extend(unknown_game(&game));
        return report;
    };
    let (_, errors) = check_files(&base.overlaid(&over));
    report.extend(errors);
    report
}

/// The compiled Berlin '85 data embedded at build time (empty if it had errors then).
pub fn builtin_blob() -> &'static [u8] {
    builtin::BLOBS
        .iter()
        .find(|(g, _)| *g == BERLIN85)
        .map_or(&[][..], |(_, b)| *b)
}

/// The built-in Berlin '85 data the fast way: the blob compiled at build time, or, if the
/// build could not compile it (its warnings said why), the embedded text checked now.
pub fn builtin_data() -> Result<Box<GameData>, Vec<DataError>> {
    decode_blob(builtin_blob()).or_else(|_| load_builtin(BERLIN85))
}

/// Decodes a compiled blob (see [`blob`] for its header).
pub fn decode_blob(bytes: &[u8]) -> Result<Box<GameData>, DataError> {
    with_stack(|| blob::decode(bytes))
}

/// Encodes data as a blob.
pub fn encode_blob(data: &GameData) -> Result<Vec<u8>, DataError> {
    blob::encode(data)
}

/// The map labels of a file set's `places.toml` (names for the map picture; the rules do not
/// use them, so they are not part of `GameData`).
pub fn labels(files: &FileSet, data: &GameData) -> Vec<Label> {
    let Some(f) = files.get("places.toml") else {
        return Vec::new();
    };
    places::read_labels(&error::Src::new(&f.display, &f.text), &data.map.geometry)
}

fn blank_geometry() -> engine::core::hex::Geometry {
    engine::core::hex::Geometry {
        columns: 1,
        rows: 1,
        shifted: engine::core::hex::ShiftedColumns::Even,
        format: engine::core::hex::HexFormat::Ccrr,
        first_column_at: engine::core::hex::Edge::East,
        first_row_at: engine::core::hex::Edge::South,
    }
}

/// The scale (pixels per hex radius) of a game's map picture in `docs/`: the four Gates sheets
/// are drawn smaller so the picture stays a readable size.
pub fn docs_map_scale(game: &str) -> f32 {
    if game == gates::FOLDER {
        gates::DOCS_SCALE
    } else {
        24.0
    }
}

/// A game's built-in map as a picture, for the games whose pictures are not drawn from
/// [`GameData`] (`render_map --game SLUG`): the picture and its files' problems, or `None`
/// for a game without one here.
pub fn render_builtin_map(game: &str, scale: f32) -> Option<(tiny_skia::Pixmap, Vec<DataError>)> {
    if game == gates::FOLDER {
        return Some(gates::render_builtin(scale));
    }
    (game == fortress::FOLDER).then(|| fortress::render_builtin(scale))
}
