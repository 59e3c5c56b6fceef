//! Checks the built-in game data and compiles it to postcard blobs at build time.
//!
//! Why a build script: the kiosk must start with no files on disk and without spending its
//! start-up parsing text, and a broken data file should show up when the program is built,
//! not on the table. The build script cannot depend on the crate it builds, so it includes the
//! loader's own modules by path (they only use `crate::` paths to each other and no build
//! output); the library and the build therefore run the very same checks.
//!
//! Output in `OUT_DIR`:
//! - `builtin.rs`: `FILES` — every data file as `(game, key, include_str!(..))`, the text the
//!   library re-checks for `load_builtin` and overlays with a club's override directory;
//!   `BLOBS` — `(game, include_bytes!(..))` of each compiled blob.
//! - `<game>.blob`: the compiled data, or an empty file when the data has errors (each error
//!   is printed as a cargo warning; `cargo test -p data` fails on them too).

#[allow(dead_code)]
#[path = "src/blob.rs"]
mod blob;
#[allow(dead_code)]
#[path = "src/compile.rs"]
mod compile;
#[allow(dead_code)]
#[path = "src/de.rs"]
mod de;
#[allow(dead_code)]
#[path = "src/error.rs"]
mod error;
#[allow(dead_code)]
#[path = "src/game.rs"]
mod game;
#[allow(dead_code)]
#[path = "src/grid.rs"]
mod grid;
#[allow(dead_code)]
#[path = "src/hexsides.rs"]
mod hexsides;
#[allow(dead_code)]
#[path = "src/places.rs"]
mod places;
#[allow(dead_code)]
#[path = "src/scenarios.rs"]
mod scenarios;

#[path = "src/shape.rs"]
mod shape;
#[allow(dead_code)]
#[path = "src/source.rs"]
mod source;
#[allow(dead_code)]
#[path = "src/tables.rs"]
mod tables;
#[allow(dead_code)]
#[path = "src/units.rs"]
mod units;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Games built in; each is a folder `data/<game>/`.
const GAMES: [&str; 1] = ["berlin85"];

/// Loader modules the build script includes (a change to any of them re-runs it).
const MODULES: [&str; 13] = [
    "blob",
    "compile",
    "de",
    "error",
    "game",
    "grid",
    "hexsides",
    "places",
    "scenarios",
    "shape",
    "source",
    "tables",
    "units",
];

fn main() {
    let manifest =
        PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into()));
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap_or_else(|_| ".".into()));
    println!("cargo:rerun-if-changed=build.rs");
    for m in MODULES {
        println!("cargo:rerun-if-changed=src/{m}.rs");
    }
    let mut files_rs = String::from("pub static FILES: &[(&str, &str, &str)] = &[\n");
    let mut blobs_rs = String::from("pub static BLOBS: &[(&str, &[u8])] = &[\n");
    for game in GAMES {
        let dir = manifest.join(game);
        println!("cargo:rerun-if-changed={game}");
        println!("cargo:rerun-if-changed={game}/scenarios");
        let (set, read_errors) = source::FileSet::read_dir(&dir, Some(&format!("data/{game}")));
        for f in set.files() {
            let path = dir.join(&f.key);
            let _ = writeln!(
                files_rs,
                "    ({game:?}, {:?}, include_str!({:?})),",
                f.key,
                path.display().to_string()
            );
        }
        let blob = compile_on_big_stack(set, read_errors);
        let blob_path = out.join(format!("{game}.blob"));
        if let Err(e) = std::fs::write(&blob_path, &blob) {
            println!("cargo:warning=cannot write {}: {e}", blob_path.display());
        }
        let _ = writeln!(
            blobs_rs,
            "    ({game:?}, include_bytes!({:?})),",
            blob_path.display().to_string()
        );
    }
    files_rs.push_str("];\n");
    blobs_rs.push_str("];\n");
    let generated = format!("{files_rs}\n{blobs_rs}");
    write_if_changed(&out.join("builtin.rs"), &generated);
}

/// Compiles on a thread with a large stack: build scripts run unoptimised, and `GameData`
/// is a ~100 KB value.
fn compile_on_big_stack(set: source::FileSet, read_errors: Vec<error::DataError>) -> Vec<u8> {
    let worker = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || {
            let mut errors = read_errors;
            let (data, e) = compile::compile_lenient(&set);
            errors.extend(e);
            if !errors.is_empty() {
                for e in errors.iter().take(60) {
                    println!("cargo:warning={e}");
                }
                if errors.len() > 60 {
                    println!("cargo:warning=… and {} more data errors", errors.len() - 60);
                }
                return Vec::new();
            }
            blob::encode(&data).unwrap_or_else(|e| {
                println!("cargo:warning={e}");
                Vec::new()
            })
        });
    match worker.map(|h| h.join()) {
        Ok(Ok(blob)) => blob,
        _ => {
            println!("cargo:warning=the data compiler failed; the program will parse its data at start-up");
            Vec::new()
        }
    }
}

fn write_if_changed(path: &Path, text: &str) {
    if std::fs::read_to_string(path).ok().as_deref() != Some(text) {
        if let Err(e) = std::fs::write(path, text) {
            println!("cargo:warning=cannot write {}: {e}", path.display());
        }
    }
}
