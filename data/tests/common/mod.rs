//! Helpers shared by the data tests: the tiny fixture game and error formatting.
#![allow(dead_code)]

use data::{DataError, FileSet};
use std::borrow::Cow;
use std::path::PathBuf;

pub fn fixture_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tiny")
}

/// The tiny fixture game, files reported as `tiny/<file>`.
pub fn tiny() -> FileSet {
    let (set, errors) = FileSet::read_dir(&fixture_dir(), Some("tiny"));
    assert!(errors.is_empty(), "{errors:?}");
    set
}

/// The fixture with one file's text edited: `from` replaced by `to` (which must occur).
pub fn tiny_with(key: &str, from: &str, to: &str) -> FileSet {
    let mut set = tiny();
    let f = set.get(key).expect("fixture file");
    assert!(f.text.contains(from), "{key} has no {from:?}");
    let text = f.text.replacen(from, to, 1);
    set.insert(key, &format!("tiny/{key}"), Cow::Owned(text));
    set
}

pub fn strings(errors: &[DataError]) -> Vec<String> {
    errors.iter().map(|e| e.to_string()).collect()
}

/// All errors of loading `set` as strings (empty if it loads).
pub fn errors_of(set: &FileSet) -> Vec<String> {
    match data::load_files(set) {
        Ok(_) => Vec::new(),
        Err(e) => strings(&e),
    }
}

/// Checks that `docs/<name>` is the picture `drawn` (the map renderer's output today): same
/// size, and at most 50 pixels differing by more than 16 in a channel, since anti-aliasing may
/// round differently on another CPU (SSE on x86, NEON on the Pi, the aarch64 tests under
/// qemu); one hex redrawn in another colour changes ~1,500. `RENDER_OUT=DIR` saves `drawn`
/// there; `regenerate` is the command that redraws the docs picture.
pub fn assert_matches_docs_png(drawn: &tiny_skia::Pixmap, name: &str, regenerate: &str) {
    if let Ok(dir) = std::env::var("RENDER_OUT") {
        let _ = drawn.save_png(std::path::Path::new(&dir).join(name));
    }
    let docs = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../docs")
        .join(name);
    let bytes = std::fs::read(&docs).unwrap_or_else(|e| panic!("docs/{name}: {e}"));
    let shown = tiny_skia::Pixmap::decode_png(&bytes).expect("a PNG");
    assert_eq!(
        (shown.width(), shown.height()),
        (drawn.width(), drawn.height()),
        "docs/{name} was drawn at another scale or from another map"
    );
    let differing = shown
        .data()
        .chunks(4)
        .zip(drawn.data().chunks(4))
        .filter(|(a, b)| a.iter().zip(b.iter()).any(|(x, y)| x.abs_diff(*y) > 16))
        .count();
    assert!(
        differing <= 50,
        "docs/{name} is out of date: {differing} pixels differ; run `{regenerate}`"
    );
}
