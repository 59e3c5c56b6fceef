//! Power-safe game storage: an append-only journal of opaque input records plus an optional
//! snapshot, in one directory.
//!
//! ```text
//! journal.bin           "BTABLEJ1" frame(header) frame(record 1) frame(record 2) ...
//! snapshot.bin          "BTABLES1" frame(records u64 | journal bytes u64 | journal crc u32 | state)
//! previous.journal.bin  the game before the current one (kept by `start_game`)
//! previous.snapshot.bin
//! damaged.journal.bin   a copy of a journal whose damaged tail was cut off, for inspection
//! frame = length u32 LE | CRC-32 u32 LE of (length bytes + payload) | payload
//! ```
//!
//! Every `append` is fsync'd before it returns, so a power cut loses at most the record being
//! written. After a failed write or fsync nothing more is appended: the journal on the card can
//! no longer be trusted (Linux drops the dirty pages of a failed fsync and reports success
//! next time), so the caller rewrites it whole with [`SaveDir::rewrite`] (one write, one fsync,
//! one rename). Undo cuts the journal in place ([`SaveDir::truncate`], one fsync). Only
//! `start_game` touches the previous game's files. Every file operation goes through
//! [`Storage`], so tests can make any of them fail or crash (`crate::storage::sim`). The snapshot names the CRC of the journal prefix it was made from, so a snapshot
//! never gets paired with a journal it does not belong to (another game, or a journal whose
//! tail was cut and then written again).

#[cfg(test)]
mod fault_tests;
mod format;
#[cfg(test)]
mod tests;

pub use format::{parse_journal, Crc32, Journal, LoadOutcome, TailProblem};

use crate::storage::{DirStorage, Storage};
use format::{encode_snapshot, frame, parse_snapshot};
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

pub const JOURNAL_FILE: &str = "journal.bin";
pub const SNAPSHOT_FILE: &str = "snapshot.bin";
pub const PREVIOUS_JOURNAL_FILE: &str = "previous.journal.bin";
pub const PREVIOUS_SNAPSHOT_FILE: &str = "previous.snapshot.bin";
pub const DAMAGED_JOURNAL_FILE: &str = "damaged.journal.bin";
const JOURNAL_TMP: &str = "journal.tmp";
const SNAPSHOT_TMP: &str = "snapshot.tmp";

const JOURNAL_MAGIC: &[u8; 8] = b"BTABLEJ1";
const SNAPSHOT_MAGIC: &[u8; 8] = b"BTABLES1";
const FRAME_OVERHEAD: usize = 8;
/// One input is a few dozen bytes; a larger length field is damage, not a record.
pub const MAX_RECORD_LEN: usize = 1 << 20;
/// Engine state is budgeted at 256 KiB; leave ample room.
pub const MAX_SNAPSHOT_LEN: usize = 16 << 20;
/// Refuse to read absurdly large files into memory (a journal of 5,000 inputs is ~100 KiB).
const MAX_FILE_LEN: u64 = 256 << 20;
const SNAPSHOT_META_LEN: usize = 8 + 8 + 4;

#[derive(Debug)]
pub enum SaveError {
    /// An operating-system error, with what was being done and to which file.
    Io {
        action: &'static str,
        path: PathBuf,
        source: io::Error,
    },
    /// There is no `journal.bin`: nothing to resume.
    NoSavedGame {
        path: PathBuf,
    },
    /// `journal.bin` exists but has zero bytes.
    Empty {
        path: PathBuf,
    },
    /// The file does not start with the journal's magic bytes.
    NotAJournal {
        path: PathBuf,
    },
    /// The game header (the first frame) is cut short or fails its checksum.
    HeaderDamaged {
        path: PathBuf,
        reason: String,
    },
    FileTooLarge {
        path: PathBuf,
        len: u64,
    },
    RecordTooLarge {
        len: usize,
        max: usize,
    },
    /// `append` or `write_snapshot` before any game was started or resumed.
    NoGameStarted,
    /// An earlier write or fsync of the journal failed: nothing is appended after a record
    /// that may be missing; the journal must be rewritten whole first.
    NeedsRewrite,
    /// A snapshot must describe the state after exactly the records written so far.
    SnapshotMismatch {
        journal_len: u64,
        records: u64,
    },
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::Io {
                action,
                path,
                source,
            } => write!(f, "{}: cannot {action}: {source}", path.display()),
            SaveError::NoSavedGame { path } => {
                write!(f, "{}: no saved game (file not found)", path.display())
            }
            SaveError::Empty { path } => write!(
                f,
                "{}: the file is empty (0 bytes); no game can be resumed from it",
                path.display()
            ),
            SaveError::NotAJournal { path } => write!(
                f,
                "{}: not a berlin-table journal (wrong magic bytes)",
                path.display()
            ),
            SaveError::HeaderDamaged { path, reason } => write!(
                f,
                "{}: the game header is damaged ({reason}); the game cannot be resumed",
                path.display()
            ),
            SaveError::FileTooLarge { path, len } => write!(
                f,
                "{}: {len} bytes is too large for a save file (limit {MAX_FILE_LEN})",
                path.display()
            ),
            SaveError::RecordTooLarge { len, max } => {
                write!(
                    f,
                    "a record of {len} bytes exceeds the limit of {max} bytes"
                )
            }
            SaveError::NeedsRewrite => write!(
                f,
                "an earlier save failed: the journal must be written again whole before \
                 anything is added to it"
            ),
            SaveError::NoGameStarted => {
                write!(f, "no game is open: start or resume a game before saving")
            }
            SaveError::SnapshotMismatch {
                journal_len,
                records,
            } => write!(
                f,
                "a snapshot after {journal_len} inputs was offered, \
                 but the journal holds {records} inputs"
            ),
        }
    }
}

impl std::error::Error for SaveError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SaveError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

fn io_err<S: Storage + ?Sized>(
    store: &S,
    action: &'static str,
    name: &str,
) -> impl FnOnce(io::Error) -> SaveError {
    let path = store.path_of(name);
    move |source| {
        // The storage refuses huge files with InvalidData before reading them.
        if source.kind() == io::ErrorKind::InvalidData && action == "read" {
            return SaveError::FileTooLarge {
                path,
                len: MAX_FILE_LEN + 1,
            };
        }
        SaveError::Io {
            action,
            path,
            source,
        }
    }
}

fn read<S: Storage + ?Sized>(store: &S, name: &str) -> Result<Option<Vec<u8>>, SaveError> {
    store
        .read(name, MAX_FILE_LEN)
        .map_err(io_err(store, "read", name))
}

fn read_journal_in<S: Storage + ?Sized>(store: &S, name: &str) -> Result<Journal, SaveError> {
    match read(store, name)? {
        Some(bytes) => parse_journal(&store.path_of(name), &bytes),
        None => Err(SaveError::NoSavedGame {
            path: store.path_of(name),
        }),
    }
}

/// Reads and parses one journal file (for `replay FILE` as well as for resuming).
pub fn read_journal(path: &Path) -> Result<Journal, SaveError> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    let store = DirStorage::at(dir);
    read_journal_in(&store, name)
}

/// Loads the journal `journal` with the snapshot `snapshot` beside it: the journal up to its
/// first bad record, and the snapshot if it is intact and belongs to those records.
fn load_in<S: Storage + ?Sized>(
    store: &S,
    journal: &str,
    snapshot: &str,
) -> Result<LoadOutcome, SaveError> {
    let journal = read_journal_in(store, journal)?;
    let snap_path = store.path_of(snapshot);
    Ok(match read(store, snapshot) {
        Ok(bytes) => with_snapshot(journal, &snap_path, bytes.as_deref()),
        Err(e) => {
            let mut out = with_snapshot(journal, &snap_path, None);
            out.warnings
                .push(format!("{e}; replaying the journal from the start instead"));
            out
        }
    })
}

/// Loads the game saved in `dir` (see [`SaveDir::load`]). Read-only.
pub fn load(dir: &Path) -> Result<LoadOutcome, SaveError> {
    load_in(&DirStorage::at(dir), JOURNAL_FILE, SNAPSHOT_FILE)
}

/// Loads the game before the current one in `dir` (see [`SaveDir::load_previous`]).
#[allow(dead_code)] // `SaveDir::load_previous` is what the table uses; kept for tests and tools
pub fn load_previous(dir: &Path) -> Result<LoadOutcome, SaveError> {
    load_in(
        &DirStorage::at(dir),
        PREVIOUS_JOURNAL_FILE,
        PREVIOUS_SNAPSHOT_FILE,
    )
}

/// [`load`] on bytes already in memory (a bug report, a fuzzer). Messages name the files
/// `journal.bin` and `snapshot.bin`.
#[allow(dead_code)] // the fuzz target's entry point (firmware/fuzz)
pub fn load_bytes(journal: &[u8], snapshot: Option<&[u8]>) -> Result<LoadOutcome, SaveError> {
    let journal = parse_journal(Path::new(JOURNAL_FILE), journal)?;
    Ok(with_snapshot(journal, Path::new(SNAPSHOT_FILE), snapshot))
}

fn with_snapshot(journal: Journal, snap_path: &Path, snapshot: Option<&[u8]>) -> LoadOutcome {
    let mut warnings = journal.warnings.clone();
    let snapshot =
        snapshot.and_then(|bytes| check_snapshot(snap_path, bytes, &journal, &mut warnings));
    LoadOutcome {
        header: journal.header,
        records: journal.records,
        snapshot,
        warnings,
    }
}

fn check_snapshot(
    path: &Path,
    bytes: &[u8],
    journal: &Journal,
    warnings: &mut Vec<String>,
) -> Option<(u64, Vec<u8>)> {
    let fallback = "replaying the journal from the start instead";
    let snap = match parse_snapshot(bytes) {
        Ok(s) => s,
        Err(reason) => {
            warnings.push(format!(
                "{}: damaged ({reason}); {fallback}",
                path.display()
            ));
            return None;
        }
    };
    match journal.prefix(snap.records) {
        None => {
            warnings.push(format!(
                "{}: covers {} inputs but the journal has only {} good ones; {fallback}",
                path.display(),
                snap.records,
                journal.records.len()
            ));
            None
        }
        Some(prefix) if prefix != (snap.journal_bytes, snap.journal_crc) => {
            warnings.push(format!(
                "{}: does not match the journal's first {} inputs (stale or from another \
                 game); {fallback}",
                path.display(),
                snap.records
            ));
            None
        }
        Some(_) => Some((snap.records, snap.state)),
    }
}

/// The journal file's bytes for `header` and `records`, with the (length, CRC) of every
/// prefix: after the header, after record 1, ...
fn encode_journal(header: &[u8], records: &[Vec<u8>]) -> (Vec<u8>, Vec<(u64, u32)>) {
    let mut bytes = JOURNAL_MAGIC.to_vec();
    let mut crc = Crc32::new();
    crc.update(JOURNAL_MAGIC);
    let mut prefixes = Vec::with_capacity(records.len() + 1);
    for r in std::iter::once(header).chain(records.iter().map(Vec::as_slice)) {
        let f = frame(r);
        crc.update(&f);
        bytes.extend_from_slice(&f);
        prefixes.push((bytes.len() as u64, crc.finish()));
    }
    (bytes, prefixes)
}

fn check_len(record: &[u8], max: usize) -> Result<(), SaveError> {
    if record.len() > max {
        return Err(SaveError::RecordTooLarge {
            len: record.len(),
            max,
        });
    }
    Ok(())
}

/// Where the open journal stands on the card.
#[derive(Clone, Debug)]
struct Writer {
    /// (byte length, CRC) of the journal after its header and each record: the last entry is
    /// where the next record goes; an undo cuts back to an earlier one.
    prefixes: Vec<(u64, u32)>,
    /// Bytes past the last good record that must be cut before writing (a torn or damaged
    /// tail found at open).
    dirty_tail: bool,
    /// A write or fsync of the journal failed: what the card holds past the last acknowledged
    /// record is unknown. Nothing is appended until [`SaveDir::rewrite`] succeeds.
    broken: bool,
    /// Inputs the snapshot on the card stands for, when one matches this journal.
    snapshot: Option<u64>,
}

impl Writer {
    fn new(prefixes: Vec<(u64, u32)>) -> Writer {
        Writer {
            prefixes,
            dirty_tail: false,
            broken: false,
            snapshot: None,
        }
    }
    fn records(&self) -> u64 {
        self.prefixes.len() as u64 - 1
    }
    fn end(&self) -> (u64, u32) {
        *self
            .prefixes
            .last()
            .expect("the header's prefix is always there")
    }
}

/// The save directory of the table, open for writing.
#[derive(Clone, Debug)]
pub struct SaveDir<S: Storage = DirStorage> {
    store: S,
    writer: Option<Writer>,
}

impl SaveDir<DirStorage> {
    /// Opens (creating if needed) a save directory on the file system (see
    /// [`SaveDir::with_storage`]).
    pub fn open(path: impl AsRef<Path>) -> Result<SaveDir, SaveError> {
        let path = path.as_ref();
        let store = DirStorage::open(path).map_err(|source| SaveError::Io {
            action: "create the directory",
            path: path.to_path_buf(),
            source,
        })?;
        SaveDir::with_storage(store)
    }
}

impl<S: Storage> SaveDir<S> {
    /// Opens a save directory, finishes a `start_game` that a power cut interrupted, and
    /// positions the journal after its last good record. A journal that cannot be resumed is
    /// not an error here: `load` reports it and `start_game` replaces it.
    pub fn with_storage(store: S) -> Result<SaveDir<S>, SaveError> {
        let exists = |name: &str| store.exists(name).map_err(io_err(&store, "look for", name));
        // journal.tmp is written completely before it is renamed. With journal.bin still there
        // the rename never happened (a new game or a rewrite that did not finish): the old
        // journal stands. Without it, `start_game` had moved the old game aside: finish it.
        if exists(JOURNAL_TMP)? {
            if !exists(JOURNAL_FILE)? && read_journal_in(&store, JOURNAL_TMP).is_ok() {
                store.rename(JOURNAL_TMP, JOURNAL_FILE).map_err(io_err(
                    &store,
                    "rename",
                    JOURNAL_TMP,
                ))?;
                store
                    .sync_dir()
                    .map_err(io_err(&store, "fsync the directory", ""))?;
            } else {
                remove_if_exists(&store, JOURNAL_TMP)?;
            }
        }
        // A snapshot.tmp is a snapshot whose rename never happened; snapshot.bin is intact.
        remove_if_exists(&store, SNAPSHOT_TMP)?;

        let journal = match read_journal_in(&store, JOURNAL_FILE) {
            Ok(j) => j,
            // Unreadable right now: refuse to write rather than risk clobbering it.
            Err(e @ (SaveError::Io { .. } | SaveError::FileTooLarge { .. })) => return Err(e),
            Err(_) => {
                return Ok(SaveDir {
                    store,
                    writer: None,
                })
            }
        };
        let file_len = read(&store, JOURNAL_FILE)?.map_or(0, |b| b.len() as u64);
        if journal.tail == Some(TailProblem::Corrupt) {
            // Keep the damaged bytes for a bug report before `append` cuts them off.
            if let Err(e) = copy_file(&store, JOURNAL_FILE, DAMAGED_JOURNAL_FILE) {
                log::warn!(
                    "{}: cannot keep a copy: {e}",
                    store.path_of(DAMAGED_JOURNAL_FILE).display()
                );
            }
        }
        let snap_path = store.path_of(SNAPSHOT_FILE);
        let snapshot = read(&store, SNAPSHOT_FILE)
            .ok()
            .flatten()
            .and_then(|bytes| check_snapshot(&snap_path, &bytes, &journal, &mut Vec::new()))
            .map(|(n, _)| n);
        let mut writer = Writer::new(journal.prefixes);
        writer.dirty_tail = file_len != journal.good_len;
        writer.snapshot = snapshot;
        Ok(SaveDir {
            store,
            writer: Some(writer),
        })
    }

    /// The same save directory, open at the same point, on another storage (a test's fork of
    /// a simulated card).
    #[allow(dead_code)]
    pub fn on_storage<T: Storage>(&self, store: T) -> SaveDir<T> {
        SaveDir {
            store,
            writer: self.writer.clone(),
        }
    }

    /// The storage underneath (tests look at it).
    #[allow(dead_code)]
    pub fn storage(&self) -> &S {
        &self.store
    }

    /// Loads the current game: the journal up to its first bad record, and the snapshot if it
    /// is intact and belongs to those records. Read-only; `snapshot.tmp` is never looked at.
    pub fn load(&self) -> Result<LoadOutcome, SaveError> {
        load_in(&self.store, JOURNAL_FILE, SNAPSHOT_FILE)
    }

    /// Loads the game before the current one (`previous.*`), which `start_game` kept: the
    /// table's "previous game" button, for a game put aside by mistake.
    pub fn load_previous(&self) -> Result<LoadOutcome, SaveError> {
        load_in(&self.store, PREVIOUS_JOURNAL_FILE, PREVIOUS_SNAPSHOT_FILE)
    }

    /// Number of records in the open journal, or `None` when no game is open.
    #[allow(dead_code)]
    pub fn records(&self) -> Option<u64> {
        self.writer.as_ref().map(Writer::records)
    }

    /// True while an earlier failure keeps records from being appended.
    #[allow(dead_code)]
    pub fn needs_rewrite(&self) -> bool {
        self.writer.as_ref().is_some_and(|w| w.broken)
    }

    /// Starts a new journal with `header` (game id, scenario, seed...). The current game's
    /// files become `previous.*`. Safe against a power cut at any point: `open` either
    /// resumes the old game or finds the new one.
    #[allow(dead_code)] // the table starts through `start_game_with`; the tests use this
    pub fn start_game(&mut self, header: &[u8]) -> Result<(), SaveError> {
        self.start_game_with(header, &[])
    }

    /// [`start_game`](Self::start_game) with the journal already holding `records`: a saved
    /// game brought back (the previous game). The whole journal is written to `journal.tmp`
    /// and fsync'd before the renames, so a power cut leaves either game whole, never a part.
    pub fn start_game_with(&mut self, header: &[u8], records: &[Vec<u8>]) -> Result<(), SaveError> {
        check_len(header, MAX_RECORD_LEN)?;
        records
            .iter()
            .try_for_each(|r| check_len(r, MAX_RECORD_LEN))?;
        self.writer = None;
        let (bytes, prefixes) = encode_journal(header, records);
        self.write_synced(JOURNAL_TMP, &bytes)?;

        let exists = |name: &str| {
            self.store
                .exists(name)
                .map_err(io_err(&self.store, "look for", name))
        };
        let had_journal = exists(JOURNAL_FILE)?;
        // Snapshot first: a power cut between the renames then never leaves the old snapshot
        // beside a new journal (the prefix CRC would reject it anyway).
        if exists(SNAPSHOT_FILE)? {
            self.rename(SNAPSHOT_FILE, PREVIOUS_SNAPSHOT_FILE)?;
        } else if had_journal {
            remove_if_exists(&self.store, PREVIOUS_SNAPSHOT_FILE)?;
        }
        if had_journal {
            self.rename(JOURNAL_FILE, PREVIOUS_JOURNAL_FILE)?;
        }
        self.rename(JOURNAL_TMP, JOURNAL_FILE)?;
        self.sync_dir()?;
        self.writer = Some(Writer::new(prefixes));
        Ok(())
    }

    /// Writes the current game's journal again, whole, with exactly `records`: after a failed
    /// write (the card was full, an fsync failed) and for an undo that cannot cut in place.
    /// `journal.tmp`, one fsync, a rename over `journal.bin`, the directory fsync'd; the
    /// previous game is not touched. A power cut at any point leaves the old journal or the
    /// new one.
    pub fn rewrite(&mut self, header: &[u8], records: &[Vec<u8>]) -> Result<(), SaveError> {
        check_len(header, MAX_RECORD_LEN)?;
        records
            .iter()
            .try_for_each(|r| check_len(r, MAX_RECORD_LEN))?;
        let (bytes, prefixes) = encode_journal(header, records);
        let snapshot = self.writer.as_ref().and_then(|w| {
            // The snapshot stays valid when the records it stands for are unchanged.
            w.snapshot
                .filter(|&n| prefixes.get(n as usize) == w.prefixes.get(n as usize))
        });
        if let Some(w) = self.writer.as_mut() {
            w.broken = true;
        }
        self.write_synced(JOURNAL_TMP, &bytes)?;
        self.rename(JOURNAL_TMP, JOURNAL_FILE)?;
        self.sync_dir()?;
        let mut writer = Writer::new(prefixes);
        writer.snapshot = snapshot;
        self.writer = Some(writer);
        if snapshot.is_none() {
            // A snapshot of inputs no longer in the journal would only be rejected at load.
            let _ = remove_if_exists(&self.store, SNAPSHOT_FILE);
        }
        Ok(())
    }

    /// Undo: keeps only the first `records` records, cutting the journal in place (one
    /// fsync). After an earlier failure the journal is not trusted and this refuses
    /// ([`SaveError::NeedsRewrite`]): use [`rewrite`](Self::rewrite).
    pub fn truncate(&mut self, records: u64) -> Result<(), SaveError> {
        let w = self.writer.as_mut().ok_or(SaveError::NoGameStarted)?;
        if w.broken {
            return Err(SaveError::NeedsRewrite);
        }
        let keep = usize::try_from(records).unwrap_or(usize::MAX);
        let Some(&(len, _)) = w.prefixes.get(keep) else {
            return Err(SaveError::SnapshotMismatch {
                journal_len: records,
                records: w.records(),
            });
        };
        // Until the fsync returns, the card may hold the longer journal: the game before the
        // undo, which is still a game that was played.
        w.broken = true;
        self.store
            .set_len(JOURNAL_FILE, len)
            .map_err(io_err(&self.store, "cut", JOURNAL_FILE))?;
        self.store
            .sync(JOURNAL_FILE)
            .map_err(io_err(&self.store, "fsync", JOURNAL_FILE))?;
        let w = self.writer.as_mut().expect("checked above");
        w.prefixes.truncate(keep + 1);
        w.broken = false;
        w.dirty_tail = false;
        if w.snapshot.is_some_and(|n| n > records) {
            w.snapshot = None;
            // Not fsync'd: a snapshot that survives is rejected by its journal CRC.
            let _ = remove_if_exists(&self.store, SNAPSHOT_FILE);
        }
        Ok(())
    }

    /// Appends one record and fsyncs it. When this returns `Ok`, the record survives a power
    /// cut. After an error nothing more is appended ([`SaveError::NeedsRewrite`]) until
    /// [`rewrite`](Self::rewrite) has written the whole journal again: a record must never
    /// follow one that may be missing.
    pub fn append(&mut self, record: &[u8]) -> Result<(), SaveError> {
        check_len(record, MAX_RECORD_LEN)?;
        let w = self.writer.as_mut().ok_or(SaveError::NoGameStarted)?;
        if w.broken {
            return Err(SaveError::NeedsRewrite);
        }
        let (good_len, crc) = w.end();
        let dirty_tail = w.dirty_tail;
        // Any failure from here on leaves the journal's tail unknown.
        w.broken = true;
        if dirty_tail {
            self.store.set_len(JOURNAL_FILE, good_len).map_err(io_err(
                &self.store,
                "cut the damaged tail of",
                JOURNAL_FILE,
            ))?;
            self.store
                .sync(JOURNAL_FILE)
                .map_err(io_err(&self.store, "fsync", JOURNAL_FILE))?;
        }
        let bytes = frame(record);
        self.store
            .write_at(JOURNAL_FILE, good_len, &bytes)
            .map_err(io_err(&self.store, "write", JOURNAL_FILE))?;
        self.store
            .sync(JOURNAL_FILE)
            .map_err(io_err(&self.store, "fsync", JOURNAL_FILE))?;
        let w = self.writer.as_mut().expect("checked above");
        let mut next = Crc32::resume(crc);
        next.update(&bytes);
        w.prefixes
            .push((good_len + bytes.len() as u64, next.finish()));
        w.dirty_tail = false;
        w.broken = false;
        Ok(())
    }

    /// Stores the state after the first `journal_len` records (which must be all records
    /// written so far): write `snapshot.tmp`, fsync, rename over `snapshot.bin`, fsync the
    /// directory. A power cut at any point leaves the old or the new snapshot, never a mix.
    pub fn write_snapshot(&mut self, journal_len: u64, bytes: &[u8]) -> Result<(), SaveError> {
        let w = self.writer.as_ref().ok_or(SaveError::NoGameStarted)?;
        if w.broken {
            return Err(SaveError::NeedsRewrite);
        }
        if journal_len != w.records() {
            return Err(SaveError::SnapshotMismatch {
                journal_len,
                records: w.records(),
            });
        }
        check_len(bytes, MAX_SNAPSHOT_LEN)?;
        let (good_len, crc) = w.end();
        let encoded = encode_snapshot(journal_len, good_len, crc, bytes);
        self.write_synced(SNAPSHOT_TMP, &encoded)?;
        self.rename(SNAPSHOT_TMP, SNAPSHOT_FILE)?;
        self.sync_dir()?;
        if let Some(w) = self.writer.as_mut() {
            w.snapshot = Some(journal_len);
        }
        Ok(())
    }

    /// Writes `bytes` to a new file `name` and fsyncs it.
    fn write_synced(&self, name: &str, bytes: &[u8]) -> Result<(), SaveError> {
        let s = &self.store;
        s.create(name).map_err(io_err(s, "create", name))?;
        s.write_at(name, 0, bytes)
            .map_err(io_err(s, "write", name))?;
        s.sync(name).map_err(io_err(s, "fsync", name))
    }

    fn rename(&self, from: &str, to: &str) -> Result<(), SaveError> {
        self.store
            .rename(from, to)
            .map_err(io_err(&self.store, "rename", from))
    }

    /// Makes renames and new files in the directory durable.
    fn sync_dir(&self) -> Result<(), SaveError> {
        self.store
            .sync_dir()
            .map_err(io_err(&self.store, "fsync the directory", ""))
    }
}

fn remove_if_exists<S: Storage + ?Sized>(store: &S, name: &str) -> Result<(), SaveError> {
    match store.remove(name) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(io_err(store, "remove", name)(e)),
        _ => Ok(()),
    }
}

fn copy_file<S: Storage + ?Sized>(store: &S, from: &str, to: &str) -> Result<(), SaveError> {
    let bytes = read(store, from)?.unwrap_or_default();
    store.create(to).map_err(io_err(store, "create", to))?;
    store
        .write_at(to, 0, &bytes)
        .map_err(io_err(store, "write", to))?;
    store.sync(to).map_err(io_err(store, "fsync", to))
}
