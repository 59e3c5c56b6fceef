//! Each kind of mistake in a Gates map file is reported at the file, line and field a person
//! must fix, and the rest of the set is still checked.

use data::gates;
use std::borrow::Cow;

/// The built-in set with `from` replaced by `to` (once) in `key`; returns the problems and
/// the 1-based line of the replacement's last line (where a mistake typed there sits).
fn with(key: &str, from: &str, to: &str) -> (Vec<String>, usize) {
    let mut files = gates::builtin_files();
    let f = files.get(key).expect("file").clone();
    let at = f
        .text
        .find(from)
        .unwrap_or_else(|| panic!("'{from}' not in {key}"));
    let line = f.text[..at].matches('\n').count() + 1 + to.matches('\n').count();
    let text = f.text.replacen(from, to, 1);
    files.insert(key, &f.display, Cow::Owned(text));
    let (_, errors) = gates::check_files(&files);
    (errors.iter().map(|e| e.to_string()).collect(), line)
}

fn expect(key: &str, from: &str, to: &str, message: &str) {
    let (errors, line) = with(key, from, to);
    let want = format!("data/gates/{key}:{line}:");
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with(&want) && e.contains(message)),
        "expected '{want}…{message}', got {errors:#?}"
    );
}

#[test]
fn gates_malformed_game_toml() {
    expect(
        "game.toml",
        "rows = 80",
        "rows = 80\nrowz = 1",
        "unknown field `rowz`",
    );
    expect(
        "game.toml",
        "id = \"gates\"",
        "id = \"gate\"",
        "id: 'gate' is not this game's id (gates)",
    );
    expect(
        "game.toml",
        "\"m\" = \"marsh\"",
        "\"m\" = \"swamp\"",
        "terrain: unknown value 'swamp'",
    );
    expect(
        "game.toml",
        "\"G\" = \"east_germany\"",
        "\"G\" = \"poland\"",
        "regions: unknown value 'poland'",
    );
    expect("game.toml", "columns = 80", "columns = 81", "columns");
}

#[test]
fn gates_malformed_grids() {
    expect("map.txt", "01 | .", "01 | q", "unknown terrain 'q'");
    expect("regions.txt", "01 | G", "01 | X", "unknown region 'X'");
}

#[test]
fn gates_malformed_hexsides_toml() {
    expect(
        "hexsides.toml",
        "[wall]\nsides = [\n  ",
        "[wall]\nsides = [\n  \"30.35/30.36\", ",
        "wall: side 30.35/30.36 is not between West Berlin and another region",
    );
    expect(
        "hexsides.toml",
        "access = [\n  \"15.31/16.30\"",
        "access = [\n  \"30.35/30.36\"",
        "access: side 30.35/30.36 is not a Wall side",
    );
    expect(
        "hexsides.toml",
        "ferries = [\n  \"60.39/61.39\"",
        "ferries = [\n  \"30.35/30.36\"",
        "ferries: side 30.35/30.36 is not a river or canal side",
    );
    expect(
        "hexsides.toml",
        "first = [\"26.24\", \"25.25\", \"25.26\"]",
        "first = [\"26.24\", \"25.25\", \"29.26\"]",
        "first: hex 29.26 is not next to 26.25",
    );
    expect(
        "hexsides.toml",
        "access = [\n  \"15.31/16.30\"",
        "access = [\n  \"15.31/17.30\"",
        "access: hexes 15.31 and 17.30 are not adjacent",
    );
}

#[test]
fn gates_malformed_places_toml() {
    expect(
        "places.toml",
        "kind = \"airfield\"",
        "kind = \"airstrip\"",
        "kind: unknown value 'airstrip'",
    );
    expect(
        "places.toml",
        "hexes = [\"51.38\"",
        "hexes = [\"50.30\"",
        "hexes: airfield hex 50.30 is not clear terrain in map.txt",
    );
    expect(
        "places.toml",
        "name = \"Tegel\"",
        "name = \"Tempelhof\"",
        "name: 'Tempelhof' is named twice",
    );
    expect(
        "places.toml",
        "case = \"2.4\"",
        "case = \"two.four\"",
        "case: 'two.four' is not a rule case",
    );
}
