//! Each kind of mistake in a Fortress Berlin data file is reported at the file, line and field
//! a person must fix, and the rest of the set is still checked.

use data::fortress;
use data::FileSet;
use std::borrow::Cow;

/// The built-in set with `from` replaced by `to` (once) in `key`; returns the problems and
/// the 1-based line of the replacement's last line (where a mistake typed there sits).
fn with(key: &str, from: &str, to: &str) -> (Vec<String>, usize) {
    let mut files = fortress::builtin_files();
    let f = files.get(key).expect("file").clone();
    let at = f
        .text
        .find(from)
        .unwrap_or_else(|| panic!("'{from}' not in {key}"));
    let line = f.text[..at].matches('\n').count() + 1 + to.matches('\n').count();
    let text = f.text.replacen(from, to, 1);
    files.insert(key, &f.display, Cow::Owned(text));
    let (_, errors) = fortress::check_files(&files);
    (errors.iter().map(|e| e.to_string()).collect(), line)
}

fn expect(key: &str, from: &str, to: &str, message: &str) {
    let (errors, line) = with(key, from, to);
    let want = format!("data/fortress-berlin/{key}:{line}:");
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with(&want) && e.contains(message)),
        "expected '{want}…{message}', got {errors:#?}"
    );
}

#[test]
fn fortress_malformed_game_toml() {
    expect(
        "game.toml",
        "rows = 34",
        "rows = 34\ncolums = 64",
        "unknown field `colums`",
    );
    expect(
        "game.toml",
        "shifted_columns = \"odd\"",
        "shifted_columns = \"diagonal\"",
        "shifted_columns: unknown value 'diagonal'",
    );
    expect(
        "game.toml",
        "\"A\" = \"airfield\"",
        "\"A\" = \"runway\"",
        "terrain: unknown value 'runway'",
    );
}

#[test]
fn fortress_malformed_map_txt() {
    expect("map.txt", "05 | .", "05 | q", "unknown terrain 'q'");
    expect(
        "map.txt",
        "05 | .",
        "05 | ",
        "row 5 has 63 hexes, expected 64",
    );
    expect("map.txt", "05 | ", "04 | ", "row 4 appears twice");
}

#[test]
fn fortress_malformed_hexsides_toml() {
    expect(
        "hexsides.toml",
        "bridges = [\n  \"1631/1731\"",
        "bridges = [\n  \"1631/1931\"",
        "hexes 1631 and 1931 are not adjacent",
    );
    expect(
        "hexsides.toml",
        "bridges = [\n  \"1631/1731\"",
        "bridges = [\n  \"5016/5017\"",
        "bridges: side 5016/5017 is not a river or canal side",
    );
    // Removing the Heerstrasse bridge over the Havel leaves the road crossing unbridged.
    let (errors, _) = with("hexsides.toml", "\"1917/2017\", ", "");
    let text = fortress::builtin_files()
        .get("hexsides.toml")
        .expect("file")
        .text
        .to_string();
    let at = text
        .find("1917 2017")
        .expect("the Heerstrasse crosses at 2017")
        + 5;
    let line = text[..at].matches('\n').count() + 1;
    let col = at - text[..at].rfind('\n').map_or(0, |i| i + 1) + 1;
    let want = format!("data/fortress-berlin/hexsides.toml:{line}:{col}: road 'Heerstrasse");
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with(&want) && e.contains("crosses 1917/2017 without a bridge")),
        "the error points at hex 2017 of the path: {want} in {errors:#?}"
    );
    expect(
        "hexsides.toml",
        "stations = [\"4021\"",
        "stations = [\"4022\"",
        "stations: hex 4022 is not on the line",
    );
    expect(
        "hexsides.toml",
        "stand_in = true",
        "stand_in = true\nferry = []",
        "unknown field `ferry`",
    );
}

#[test]
fn fortress_malformed_places_toml() {
    expect(
        "places.toml",
        "  \"A 1401\",",
        "  \"B 1401\",",
        "expected area A here",
    );
    expect(
        "places.toml",
        "  \"A 1401\",",
        "  \"A 1405\",",
        "hex 1405 of area A is not on the map edge",
    );
    expect(
        "places.toml",
        "flak_towers = [\"4218\"",
        "flak_towers = [\"6540\"",
        "flak_towers: hex 6540 is off the map",
    );
    expect(
        "places.toml",
        "flak_towers = [\"4218\"",
        "flak_towers = [\"4218\", \"4218\"",
        "already has a fortification",
    );
    expect(
        "places.toml",
        "kind = \"airfield\"\nhexes = [\"3506\"",
        "kind = \"airfield\"\nhexes = [\"3306\"",
        "is not airfield terrain",
    );
    let (errors, _) = with("places.toml", "name = \"Gatow\"", "name = \"Tegel\"");
    assert!(
        errors
            .iter()
            .any(|e| e.contains("name: 'Tegel' is named twice")),
        "{errors:#?}"
    );
    // A perimeter that does not close on itself.
    let text = fortress::builtin_files()
        .get("places.toml")
        .expect("places")
        .text
        .to_string();
    let start = text.find("perimeter = ").expect("perimeter");
    let end = text[start..].find("\"\"\"\n").expect("end") + start;
    let last = text[..end].rfind(' ').expect("last hex");
    let cut = format!("{}{}", &text[..last], &text[end..]);
    let mut files = fortress::builtin_files();
    files.insert(
        "places.toml",
        "data/fortress-berlin/places.toml",
        Cow::Owned(cut),
    );
    let (_, errors) = fortress::check_files(&files);
    let line = text[..start].matches('\n').count() + 1;
    let want = format!("data/fortress-berlin/places.toml:{line}:");
    assert!(
        errors.iter().any(|e| e.to_string().starts_with(&want)
            && e.message.contains("must end on the hex it starts from")),
        "{errors:#?}"
    );
}

#[test]
fn fortress_malformed_units_toml() {
    // 17.4.1: a leader's stars, his set-up hex, and the option his listing belongs to.
    expect(
        "units.toml",
        "stars = 3, hex = \"5115\"",
        "stars = 4, hex = \"5115\"",
        "stars: 4 is out of range (1 to 3)",
    );
    expect(
        "units.toml",
        "stars = 3, hex = \"5115\"",
        "stars = 3, hex = \"9999\"",
        "hex:",
    );
    expect(
        "units.toml",
        "stars = 3, hex = \"5115\"",
        "hex = \"5115\"",
        "stars: a leader prints one to three stars",
    );
    expect(
        "units.toml",
        "{ id = \"himmler-gd\",",
        "{ id = \"himmler-gd\", stars = 2,",
        "stars: only a leader of a `leaders` group has stars",
    );
    let (errors, line) = with(
        "units.toml",
        "variant = \"17.4\"\nside = \"german\"\nkind = \"leaders\"",
        "side = \"german\"\nkind = \"leaders\"",
    );
    let want = format!("data/fortress-berlin/units.toml:{line}:");
    assert!(
        errors.iter().any(|e| e.starts_with(&want)
            && e.contains("variant: a leaders group is in play only with the Character Game")),
        "{want} {errors:#?}"
    );
    expect(
        "units.toml",
        "type = \"infantry\"",
        "type = \"infantery\"",
        "type: unknown value 'infantery'",
    );
    expect(
        "units.toml",
        "combat = \"2-2-4\"",
        "combat = \"2-2\"",
        "combat: '2-2' is not a face \"FS-PF-MA\"",
    );
    expect(
        "units.toml",
        "id = \"lw-field\"",
        "id = \"mvk\"",
        "id: unit 'mvk' is listed twice",
    );
    expect(
        "units.toml",
        "formation = \"9fj\"",
        "formation = \"9th\"",
        "formation: unknown formation '9th'",
    );
    expect(
        "units.toml",
        "combat = \"2-2-4\", maneuver = \"1-1-6\", range = 1, morale = 2 }",
        "combat = \"2-2-4\", maneuver = \"1-1-6\", range = 1, morale = 2, radius = \"3\" }",
        "radius: only an HQ has a command radius",
    );
    expect(
        "units.toml",
        "members = [\"20pzg-hq\"",
        "members = [\"20pz-hq\"",
        "members: unknown unit id '20pz-hq'",
    );
    expect(
        "units.toml",
        "entry = \"A-C\"",
        "entry = \"A-Z\"",
        "entry: 'A-Z' is not an entry area",
    );
    // The group's `kind` line is blamed for a set-up group without a zone.
    let (errors, line) = with(
        "units.toml",
        "kind = \"setup\"\nturn = 0\nzone = \"station\"",
        "kind = \"setup\"\nturn = 0",
    );
    let want = format!("data/fortress-berlin/units.toml:{}:", line - 1);
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with(&want) && e.contains("zone: a set-up group needs a zone")),
        "{errors:#?}"
    );
    expect(
        "units.toml",
        "place = \"Tegel\"",
        "place = \"Schoenefeld\"",
        "place: no airfield 'Schoenefeld'",
    );
    expect(
        "units.toml",
        "higher = \"berlin\"",
        "higher = \"17pz\"",
        "higher: unknown formation '17pz'",
    );
    let (errors, line) = with(
        "units.toml",
        "turn = 1\nformation = \"9fj\"",
        "turn = 0\nformation = \"9fj\"",
    );
    let want = format!(
        "data/fortress-berlin/units.toml:{}:8: turn: an arrival comes on a turn from 1 to 15",
        line - 1
    );
    assert!(errors.contains(&want), "{want} in {errors:#?}");
}

#[test]
fn fortress_missing_and_unknown_files() {
    let mut files = fortress::builtin_files();
    files.remove("units.toml");
    files.insert(
        "scenario.toml",
        "data/fortress-berlin/scenario.toml",
        Cow::Borrowed("x = 1\n"),
    );
    let (_, errors) = fortress::check_files(&files);
    let msgs: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
    assert!(
        msgs.iter()
            .any(|m| m == "data/fortress-berlin/units.toml: file is missing"),
        "{msgs:#?}"
    );
    assert!(
        msgs.iter().any(|m| m
            .starts_with("data/fortress-berlin/scenario.toml: not a Fortress Berlin data file")),
        "{msgs:#?}"
    );
    // Every independent problem is listed, not only the first.
    let (errors, _) = with("map.txt", "05 | .", "05 | q");
    let _: &FileSet = &fortress::builtin_files();
    assert_eq!(errors.len(), 1, "one mistake, one report: {errors:#?}");
}

#[test]
fn fortress_override_directory_replaces_a_file_or_falls_back() {
    let dir = std::env::temp_dir().join(format!("fb-override-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    // A club moves the Brandenburg Gate's major building to clear: accepted.
    let map = fortress::builtin_files()
        .get("map.txt")
        .expect("map")
        .text
        .to_string();
    let line = map
        .lines()
        .find(|l| l.starts_with("18 | "))
        .expect("row 18")
        .to_string();
    let mut chars: Vec<char> = line.chars().collect();
    let at = 5 + 50 - 1; // column 50 of row 18: 5018
    assert_eq!(chars[at], 'M');
    chars[at] = '.';
    let edited: String = chars.into_iter().collect();
    std::fs::write(dir.join("map.txt"), map.replace(&line, &edited)).expect("write");
    let (d, errors) = fortress::load_with_override(&dir);
    assert!(errors.is_empty(), "{errors:?}");
    let gate = engine::core::hex::parse_hex("5018").expect("hex");
    assert_eq!(d.map.terrain(gate), engine::fortress::board::terrain::CLEAR);
    // A broken override is reported and the built-in file is used.
    std::fs::write(dir.join("map.txt"), map.replace(&line, "18 | q")).expect("write");
    let (d, errors) = fortress::load_with_override(&dir);
    assert!(
        errors
            .iter()
            .any(|e| e.message.contains("unknown terrain 'q'")),
        "{errors:?}"
    );
    assert!(
        errors
            .iter()
            .any(|e| e.message.contains("built-in file is used")),
        "{errors:?}"
    );
    assert_eq!(
        d.map.terrain(gate),
        engine::fortress::board::terrain::MAJOR_BUILDING
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn fortress_check_dir_reads_a_club_folder_named_by_its_game_toml() {
    let dir = std::env::temp_dir().join(format!("fb-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let game = fortress::builtin_files()
        .get("game.toml")
        .expect("game")
        .text
        .to_string();
    std::fs::write(dir.join("game.toml"), &game).expect("write");
    assert!(
        data::check_dir(&dir).is_empty(),
        "the built-in game file checks clean"
    );
    std::fs::write(
        dir.join("game.toml"),
        game.replace("rows = 34", "rows = 340"),
    )
    .expect("write");
    let errors = data::check_dir(&dir);
    assert!(
        errors.iter().any(|e| e.to_string().contains("game.toml:")
            && e.message.contains("rows: 340 is out of range")),
        "{errors:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// No input makes the loader panic: the built-in files with bytes cut, doubled or replaced at
/// pseudo-random places (a fixed seed, so a failure repeats).
#[test]
fn fortress_loader_survives_mangled_files() {
    let mut seed: u64 = 0x5eed_f0b3;
    let mut next = |n: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((seed >> 33) as usize) % n.max(1)
    };
    let keys = fortress::FILES;
    let mut noticed = 0;
    for round in 0..60 {
        let key = keys[round % keys.len()];
        let mut files = fortress::builtin_files();
        let f = files.get(key).expect("file").clone();
        let mut bytes = f.text.as_bytes().to_vec();
        for _ in 0..1 + next(4) {
            let at = next(bytes.len());
            match next(3) {
                0 => {
                    let end = (at + 1 + next(40)).min(bytes.len());
                    bytes.drain(at..end);
                }
                1 => {
                    let end = (at + 1 + next(40)).min(bytes.len());
                    let copy = bytes[at..end].to_vec();
                    bytes.splice(at..at, copy);
                }
                _ => bytes[at] = b"0123456789\"=[]{},.-x \n"[next(22)],
            }
        }
        let text = String::from_utf8_lossy(&bytes).into_owned();
        files.insert(key, &f.display, Cow::Owned(text));
        let (_, errors) = fortress::check_files(&files);
        if !errors.is_empty() {
            noticed += 1;
        }
    }
    // Most manglings break something, and the loader says so.
    assert!(
        noticed >= 40,
        "only {noticed} of 60 mangled sets reported a problem"
    );
}
