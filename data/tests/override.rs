//! A club's override directory: files replace the base ones one for one; a bad file is
//! reported and the base file is used instead.
mod common;

use common::*;
use std::fs;
use std::path::{Path, PathBuf};

/// A fresh empty directory under the target dir (no temp-dir crate needed).
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("override-{name}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

fn write(dir: &Path, key: &str, text: &str) {
    let p = dir.join(key);
    if let Some(parent) = p.parent() {
        fs::create_dir_all(parent).expect("dir");
    }
    fs::write(p, text).expect("write");
}

fn fixture_text(key: &str) -> String {
    fs::read_to_string(fixture_dir().join(key)).expect("fixture")
}

#[test]
fn override_replaces_tables() {
    let dir = scratch("tables");
    let tables =
        fixture_text("tables.toml").replace("key = \"water\"\nmp = 4", "key = \"water\"\nmp = 6");
    write(&dir, "tables.toml", &tables);
    let (d, errors) = data::load_overlaid(&tiny(), &dir);
    assert!(errors.is_empty(), "{:?}", strings(&errors));
    assert_eq!(d.tables.water.mp_half, 6, "the club's chart is used");
}

#[test]
fn bad_override_is_reported_and_ignored() {
    let dir = scratch("bad");
    let tables = fixture_text("tables.toml")
        .replace("key = \"water\"\nmp = 4", "key = \"water\"\nmp = \"four\"");
    write(&dir, "tables.toml", &tables);
    // A good file next to it is still used.
    write(
        &dir,
        "map.txt",
        &fixture_text("map.txt").replace("01 | ......", "01 | ....F."),
    );
    let (d, errors) = data::load_overlaid(&tiny(), &dir);
    let shown = strings(&errors);
    let t = dir.join("tables.toml").display().to_string();
    assert_eq!(
        shown,
        [
            format!("{t}:44:6: mp: invalid type: string \"four\", expected an integer"),
            format!("{t}: ignored because of the errors above; the built-in file is used"),
        ]
    );
    assert_eq!(d.tables.water.mp_half, 4, "built-in chart kept");
    let forest = d.terrain_key("forest");
    assert_eq!(
        Some(d.map.terrain(engine::core::hex::HexId::new(2, 1))),
        forest,
        "good override used"
    );
}

#[test]
fn override_that_breaks_another_file_is_dropped() {
    // Renaming a unit breaks the (base) scenario that names it: the override is blamed.
    let dir = scratch("cross");
    write(
        &dir,
        "units.toml",
        &fixture_text("units.toml").replace("id = \"us-a-1\"", "id = \"us-a-9\""),
    );
    let (d, errors) = data::load_overlaid(&tiny(), &dir);
    let shown = strings(&errors);
    assert_eq!(shown.len(), 2, "{shown:?}");
    assert_eq!(
        shown[0],
        "tiny/scenarios/test.toml:9:20: units: unknown unit id 'us-a-1' (not in units.toml)"
    );
    assert!(shown[1].contains("all of them are ignored"), "{shown:?}");
    assert!(d.roster.find("us-a-1").is_some(), "base units kept");
}

#[test]
fn unknown_file_in_override_is_an_error() {
    let dir = scratch("unknown");
    write(&dir, "tabels.toml", "x = 1\n");
    write(&dir, "README.md", "notes are fine\n");
    let (_, errors) = data::load_overlaid(&tiny(), &dir);
    let shown = strings(&errors);
    assert_eq!(shown.len(), 1, "{shown:?}");
    assert!(shown[0].ends_with("tabels.toml: not a data file of this game (expected one of game.toml, map.txt, regions.txt, hexsides.toml, places.toml, tables.toml, units.toml, divisions.toml, counters.toml, or scenarios/<id>.toml)"), "{shown:?}");
}

#[test]
fn missing_override_dir_is_reported_and_base_used() {
    let (d, errors) = data::load_overlaid(&tiny(), Path::new("/nonexistent/club"));
    assert_eq!(strings(&errors).len(), 1);
    assert_eq!(d.roster.units.len(), 3);
}

#[test]
fn builtin_with_override_dir() {
    let dir = scratch("builtin");
    let base = data::builtin_files(data::BERLIN85).expect("built in");
    let tables = base
        .get("tables.toml")
        .expect("tables.toml")
        .text
        .to_string();
    write(&dir, "tables.toml", &tables);
    let (_, errors) = data::load_with_override(data::BERLIN85, &dir);
    assert!(errors.is_empty(), "{:#?}", strings(&errors));
    assert!(data::check_dir(&dir).is_empty());
}
