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
