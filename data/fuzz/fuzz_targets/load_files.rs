//! Arbitrary bytes as data files: the loader must report errors, never panic or hang.
//!
//! Input: first byte = which file(s) to replace; the rest is split at NUL bytes into file
//! texts. The other files come from a valid set (the tiny test fixture or, on odd selector
//! values, the built-in Berlin '85 data), so the fuzzer reaches the cross-file checks too.
#![no_main]

use data::FileSet;
use libfuzzer_sys::fuzz_target;
use std::borrow::Cow;

const KEYS: [&str; 9] = [
    "game.toml",
    "map.txt",
    "regions.txt",
    "hexsides.toml",
    "places.toml",
    "tables.toml",
    "units.toml",
    "scenarios/test.toml",
    "scenarios/unity.toml",
];

fn tiny() -> FileSet {
    let mut s = FileSet::with_root("tiny");
    for (k, t) in [
        (
            "game.toml",
            include_str!("../../tests/fixtures/tiny/game.toml"),
        ),
        ("map.txt", include_str!("../../tests/fixtures/tiny/map.txt")),
        (
            "regions.txt",
            include_str!("../../tests/fixtures/tiny/regions.txt"),
        ),
        (
            "hexsides.toml",
            include_str!("../../tests/fixtures/tiny/hexsides.toml"),
        ),
        (
            "places.toml",
            include_str!("../../tests/fixtures/tiny/places.toml"),
        ),
        (
            "tables.toml",
            include_str!("../../tests/fixtures/tiny/tables.toml"),
        ),
        (
            "units.toml",
            include_str!("../../tests/fixtures/tiny/units.toml"),
        ),
        (
            "scenarios/test.toml",
            include_str!("../../tests/fixtures/tiny/scenarios/test.toml"),
        ),
    ] {
        s.insert(k, &format!("tiny/{k}"), Cow::Borrowed(t));
    }
    s
}

fuzz_target!(|input: &[u8]| {
    let Some((&sel, rest)) = input.split_first() else {
        return;
    };
    let mut files = match data::builtin_files(data::BERLIN85) {
        Some(b) if sel & 1 == 1 && !b.is_empty() => b,
        _ => tiny(),
    };
    let first = usize::from(sel >> 1) % KEYS.len();
    for (i, part) in rest.split(|&b| b == 0).enumerate() {
        let key = KEYS[(first + i) % KEYS.len()];
        let text = match data::source::text_of(key, part.to_vec()) {
            Ok(t) => t,
            Err(_) => String::from_utf8_lossy(part).into_owned(),
        };
        files.insert(key, key, Cow::Owned(text));
    }
    let (data, errors) = data::check_files(&files);
    for e in &errors {
        let _ = e.to_string();
    }
    if errors.is_empty() {
        // A set that loads must also survive the blob round trip.
        let blob = data::encode_blob(&data).expect("encode");
        let back = data::decode_blob(&blob).expect("decode");
        assert!(*back == *data);
    }
});
