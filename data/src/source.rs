//! A game's set of data files: the built-in copy compiled into the program, a directory on
//! disk (a club's override), and the overlay of one on the other. Files are keyed by their
//! path inside the game folder ("map.txt", "scenarios/unity.toml") and carry the name errors
//! are reported under.

use crate::error::{DataError, Src};
use std::borrow::Cow;
use std::path::Path;

/// The files every game folder holds, besides `scenarios/*.toml`.
pub const FILES: [&str; 9] = [
    "game.toml",
    "map.txt",
    "regions.txt",
    "hexsides.toml",
    "places.toml",
    "tables.toml",
    "units.toml",
    "divisions.toml",
    "counters.toml",
];

/// Folder of the scenario files.
pub const SCENARIO_DIR: &str = "scenarios";

/// Override files larger than this are refused unread: the largest real file is a few tens of
/// kilobytes, and a start-up must never stall on a stray big file.
pub const MAX_FILE_BYTES: u64 = 4 << 20;

/// One data file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceFile {
    /// Path inside the game folder, with '/' separators.
    pub key: String,
    /// Name used in error messages (`data/berlin85/map.txt`, `/media/club/map.txt`).
    pub display: String,
    pub text: Cow<'static, str>,
}

/// A set of data files, sorted by key.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FileSet {
    /// How the folder is named in messages about files it lacks (`data/berlin85`).
    pub root: String,
    files: Vec<SourceFile>,
}

impl FileSet {
    pub fn new() -> Self {
        FileSet::default()
    }

    /// An empty set whose missing files are reported under `root`.
    pub fn with_root(root: &str) -> Self {
        FileSet {
            root: root.trim_end_matches('/').to_string(),
            files: Vec::new(),
        }
    }

    /// The name a file of this set is (or would be) reported under.
    pub fn display_of(&self, key: &str) -> String {
        match self.get(key) {
            Some(f) => f.display.clone(),
            None if self.root.is_empty() => key.to_string(),
            None => format!("{}/{key}", self.root),
        }
    }

    /// Adds or replaces a file.
    pub fn insert(&mut self, key: &str, display: &str, text: Cow<'static, str>) {
        let file = SourceFile {
            key: key.to_string(),
            display: display.to_string(),
            text,
        };
        match self.files.binary_search_by(|f| f.key.as_str().cmp(key)) {
            Ok(i) => {
                if let Some(slot) = self.files.get_mut(i) {
                    *slot = file;
                }
            }
            Err(i) => self.files.insert(i, file),
        }
    }

    pub fn remove(&mut self, key: &str) {
        self.files.retain(|f| f.key != key);
    }

    pub fn get(&self, key: &str) -> Option<&SourceFile> {
        self.files
            .binary_search_by(|f| f.key.as_str().cmp(key))
            .ok()
            .and_then(|i| self.files.get(i))
    }

    /// A game's files as embedded when the program was built, named `data/<folder>/<key>`.
    pub fn embedded<'a>(
        folder: &str,
        files: impl IntoIterator<Item = (&'a str, &'static str)>,
    ) -> Self {
        let mut set = FileSet::with_root(&format!("data/{folder}"));
        for (key, text) in files {
            set.insert(key, &format!("data/{folder}/{key}"), Cow::Borrowed(text));
        }
        set
    }

    /// A check's data and problems as a load's answer: the data only when nothing was wrong.
    pub fn loaded<T>((data, errors): (T, Vec<DataError>)) -> Result<T, Vec<DataError>> {
        if errors.is_empty() {
            Ok(data)
        } else {
            Err(errors)
        }
    }

    pub fn files(&self) -> impl Iterator<Item = &SourceFile> {
        self.files.iter()
    }

    /// A game's loader names its files; a `.toml` or `.txt` in its folder that is not one of
    /// `known` is an error (a misspelt override would otherwise be ignored in silence).
    pub fn unknown_files(&self, known: &[&str], what: &str) -> Vec<DataError> {
        self.files
            .iter()
            .filter(|f| !known.contains(&f.key.as_str()))
            .filter(|f| f.key.ends_with(".toml") || f.key.ends_with(".txt"))
            .map(|f| {
                DataError::file(
                    &f.display,
                    format!("not a {what} (expected one of: {})", known.join(", ")),
                )
            })
            .collect()
    }

    /// The display name and text of a file the game cannot do without, or "file is missing".
    pub fn required(&self, key: &str, errors: &mut Vec<DataError>) -> Option<(String, String)> {
        match self.get(key) {
            Some(f) => Some((f.display.clone(), f.text.to_string())),
            None => {
                errors.push(DataError::file(&self.display_of(key), "file is missing"));
                None
            }
        }
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// The scenario files, in key order.
    pub fn scenarios(&self) -> impl Iterator<Item = &SourceFile> {
        self.files.iter().filter(|f| is_scenario_key(&f.key))
    }

    /// `self` with every file of `over` replacing or adding to it.
    pub fn overlaid(&self, over: &FileSet) -> FileSet {
        let mut out = self.clone();
        for f in &over.files {
            out.insert(&f.key, &f.display, f.text.clone());
        }
        out
    }

    /// Reads a game folder from disk. Files that are not data files (README, pictures) are
    /// skipped; a `.toml` or `.txt` file the loader does not know is an error, because a
    /// misspelt file name would otherwise be ignored silently. `display_prefix` replaces the
    /// directory in error messages (the build reports `data/berlin85/...`).
    pub fn read_dir(dir: &Path, display_prefix: Option<&str>) -> (FileSet, Vec<DataError>) {
        let root = match display_prefix {
            Some(p) => p.to_string(),
            None => dir.display().to_string(),
        };
        let mut set = FileSet::with_root(&root);
        let mut errors = Vec::new();
        let shown = |key: &str| match display_prefix {
            Some(p) => format!("{}/{}", p.trim_end_matches('/'), key),
            None => dir.join(key).display().to_string(),
        };
        let entries = match std::fs::read_dir(dir) {
            Ok(e) => e,
            Err(e) => {
                errors.push(DataError::file(
                    &dir.display().to_string(),
                    format!("cannot read the directory: {e}"),
                ));
                return (set, errors);
            }
        };
        let mut names: Vec<(String, bool)> = Vec::new();
        for entry in entries.flatten() {
            let is_dir = entry.file_type().map(|t| t.is_dir()).unwrap_or(false);
            names.push((entry.file_name().to_string_lossy().into_owned(), is_dir));
        }
        if let Ok(sc) = std::fs::read_dir(dir.join(SCENARIO_DIR)) {
            for entry in sc.flatten() {
                if entry.file_type().map(|t| t.is_file()).unwrap_or(false) {
                    let n = entry.file_name().to_string_lossy().into_owned();
                    names.push((format!("{SCENARIO_DIR}/{n}"), false));
                }
            }
        }
        names.sort();
        for (key, is_dir) in names {
            if is_dir || key.starts_with('.') || key.contains("/.") {
                continue;
            }
            let data_like = key.ends_with(".toml") || key.ends_with(".txt");
            if !data_like {
                continue;
            }
            if !is_known_key(&key) {
                errors.push(DataError::file(
                    &shown(&key),
                    format!(
                        "not a data file of this game (expected one of {}, or {SCENARIO_DIR}/<id>.toml)",
                        FILES.join(", ")
                    ),
                ));
                continue;
            }
            match read_text(&dir.join(&key), &shown(&key)) {
                Ok(text) => set.insert(&key, &shown(&key), Cow::Owned(text)),
                Err(e) => errors.push(e),
            }
        }
        (set, errors)
    }
}

/// Is this a key the loader reads?
pub fn is_known_key(key: &str) -> bool {
    FILES.contains(&key) || is_scenario_key(key)
}

fn is_scenario_key(key: &str) -> bool {
    key.strip_prefix(SCENARIO_DIR)
        .and_then(|k| k.strip_prefix('/'))
        .is_some_and(|n| n.ends_with(".toml") && !n.contains('/') && n.len() > ".toml".len())
}

/// Reads a file as UTF-8 text.
fn read_text(path: &Path, display: &str) -> Result<String, DataError> {
    let cannot = |e: std::io::Error| DataError::file(display, format!("cannot read the file: {e}"));
    let meta = std::fs::metadata(path).map_err(cannot)?;
    if meta.len() > MAX_FILE_BYTES {
        return Err(DataError::file(
            display,
            format!(
                "the file is {} bytes; data files are at most {MAX_FILE_BYTES} bytes",
                meta.len()
            ),
        ));
    }
    let bytes = std::fs::read(path).map_err(cannot)?;
    text_of(display, bytes)
}

/// UTF-8 text of a file's bytes, or an error at the first byte that is not UTF-8.
pub fn text_of(display: &str, bytes: Vec<u8>) -> Result<String, DataError> {
    String::from_utf8(bytes).map_err(|e| {
        let good = e.utf8_error().valid_up_to();
        let bytes = e.into_bytes();
        let prefix = String::from_utf8_lossy(bytes.get(..good).unwrap_or(&[])).into_owned();
        Src::new(display, &prefix).err(good..good, "the file is not UTF-8 text")
    })
}

/// FNV-1a, 64 bits: a stable hash for identifying data sets (not for security).
pub fn fnv1a(mut h: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// FNV-1a offset basis.
pub const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overlay_replaces_and_adds() {
        let mut a = FileSet::new();
        a.insert("map.txt", "a/map.txt", Cow::Borrowed("a"));
        a.insert("units.toml", "a/units.toml", Cow::Borrowed("u"));
        let mut b = FileSet::new();
        b.insert("map.txt", "b/map.txt", Cow::Borrowed("b"));
        b.insert("scenarios/x.toml", "b/scenarios/x.toml", Cow::Borrowed("x"));
        let c = a.overlaid(&b);
        assert_eq!(
            c.get("map.txt").map(|f| f.display.as_str()),
            Some("b/map.txt")
        );
        assert_eq!(c.get("units.toml").map(|f| f.text.as_ref()), Some("u"));
        assert_eq!(c.scenarios().count(), 1);
    }

    #[test]
    fn keys() {
        assert!(is_known_key("tables.toml"));
        assert!(is_known_key("scenarios/unity.toml"));
        assert!(!is_known_key("scenarios/.toml"));
        assert!(!is_known_key("scenarios/a/b.toml"));
        assert!(!is_known_key("tabels.toml"));
    }

    #[test]
    fn bad_utf8_names_its_position() {
        let e = text_of("f.txt", b"ab\ncd\xffe".to_vec()).unwrap_err();
        assert_eq!(e.to_string(), "f.txt:2:3: the file is not UTF-8 text");
    }
}
