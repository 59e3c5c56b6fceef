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
//! written. The snapshot names the CRC of the journal prefix it was made from, so a snapshot
//! never gets paired with a journal it does not belong to (another game, or a journal whose
//! tail was cut and then written again).

use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Seek, SeekFrom, Write};
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

/// CRC-32 (IEEE 802.3, reflected, as used by zip and PNG), table-driven.
#[derive(Clone, Copy, Debug)]
pub struct Crc32(u32);

const CRC_TABLE: [u32; 256] = {
    let mut table = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        let mut c = i as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 {
                0xEDB8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
            k += 1;
        }
        table[i] = c;
        i += 1;
    }
    table
};

impl Crc32 {
    pub fn new() -> Self {
        Crc32(0xFFFF_FFFF)
    }

    pub fn update(&mut self, bytes: &[u8]) {
        let mut c = self.0;
        for &b in bytes {
            c = CRC_TABLE[((c ^ u32::from(b)) & 0xFF) as usize] ^ (c >> 8);
        }
        self.0 = c;
    }

    pub fn finish(self) -> u32 {
        self.0 ^ 0xFFFF_FFFF
    }

    /// Continues a CRC from a finished value (the register is just its complement).
    pub fn resume(finished: u32) -> Self {
        Crc32(finished ^ 0xFFFF_FFFF)
    }

    #[allow(dead_code)] // tests and the fuzz target
    pub fn checksum(bytes: &[u8]) -> u32 {
        let mut c = Crc32::new();
        c.update(bytes);
        c.finish()
    }
}

impl Default for Crc32 {
    fn default() -> Self {
        Crc32::new()
    }
}

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

fn io_err<'a>(action: &'static str, path: &'a Path) -> impl FnOnce(io::Error) -> SaveError + 'a {
    move |source| SaveError::Io {
        action,
        path: path.to_path_buf(),
        source,
    }
}

/// Why the journal stopped before the end of the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TailProblem {
    /// The last frame is cut short: the typical power cut while writing.
    Truncated,
    /// A frame fails its checksum or has an impossible length: the file was damaged.
    Corrupt,
}

/// A parsed journal: everything up to the first bad frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Journal {
    pub header: Vec<u8>,
    pub records: Vec<Vec<u8>>,
    /// Bytes from the start of the file to the end of the last good record.
    pub good_len: u64,
    /// CRC-32 of those `good_len` bytes (what a snapshot is checked against).
    pub good_crc: u32,
    /// Set when bytes after `good_len` were ignored.
    pub tail: Option<TailProblem>,
    pub warnings: Vec<String>,
    /// `prefixes[n]` = (byte length, CRC-32) of the journal after `n` records, so a snapshot
    /// can be checked against the prefix it claims to follow.
    prefixes: Vec<(u64, u32)>,
}

impl Journal {
    /// Byte length and CRC of the journal after `records` records, if that many are good.
    fn prefix(&self, records: u64) -> Option<(u64, u32)> {
        usize::try_from(records)
            .ok()
            .and_then(|i| self.prefixes.get(i))
            .copied()
    }
}

/// What `load` found. `snapshot` is `(inputs covered, state bytes)`: the caller restores the
/// state and replays `records[inputs covered..]`, or replays everything when it is `None`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadOutcome {
    pub header: Vec<u8>,
    pub records: Vec<Vec<u8>>,
    pub snapshot: Option<(u64, Vec<u8>)>,
    pub warnings: Vec<String>,
}

enum Frame<'a> {
    /// `whole` is the frame as stored (length, CRC, payload).
    Good {
        payload: &'a [u8],
        whole: &'a [u8],
    },
    Truncated,
    Corrupt(String),
}

/// Reads the frame at the start of `bytes`. Slices only through `get`/`split_*`: this is the
/// code a fuzzer and a damaged SD card exercise.
fn read_frame(bytes: &[u8], max: usize) -> Frame<'_> {
    let Some((len_bytes, rest)) = bytes.split_first_chunk::<4>() else {
        return Frame::Truncated;
    };
    let Some((crc_bytes, rest)) = rest.split_first_chunk::<4>() else {
        return Frame::Truncated;
    };
    // A u32 that does not fit usize is over `max` too.
    let len = usize::try_from(u32::from_le_bytes(*len_bytes)).unwrap_or(usize::MAX);
    if len > max {
        return Frame::Corrupt(format!("impossible length {len} (limit {max})"));
    }
    let (Some(payload), Some(whole)) = (rest.get(..len), bytes.get(..FRAME_OVERHEAD + len)) else {
        return Frame::Truncated;
    };
    let mut crc = Crc32::new();
    crc.update(len_bytes);
    crc.update(payload);
    if crc.finish() != u32::from_le_bytes(*crc_bytes) {
        return Frame::Corrupt("checksum mismatch".to_string());
    }
    Frame::Good { payload, whole }
}

fn frame(payload: &[u8]) -> Vec<u8> {
    // Callers bound payloads by MAX_RECORD_LEN / MAX_SNAPSHOT_LEN, far below u32::MAX.
    let len_bytes = (payload.len() as u32).to_le_bytes();
    let mut crc = Crc32::new();
    crc.update(&len_bytes);
    crc.update(payload);
    let mut out = Vec::with_capacity(FRAME_OVERHEAD + payload.len());
    out.extend_from_slice(&len_bytes);
    out.extend_from_slice(&crc.finish().to_le_bytes());
    out.extend_from_slice(payload);
    out
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// Parses journal bytes. `name` is used in errors and warnings (a file name).
/// Never panics; a damaged tail is a warning, a damaged header an error.
pub fn parse_journal(name: &Path, bytes: &[u8]) -> Result<Journal, SaveError> {
    let path = || name.to_path_buf();
    if bytes.is_empty() {
        return Err(SaveError::Empty { path: path() });
    }
    let Some(after_magic) = bytes.strip_prefix(JOURNAL_MAGIC.as_slice()) else {
        return Err(if JOURNAL_MAGIC.starts_with(bytes) {
            SaveError::HeaderDamaged {
                path: path(),
                reason: format!("the file ends after {} bytes", bytes.len()),
            }
        } else {
            SaveError::NotAJournal { path: path() }
        });
    };
    let mut running = Crc32::new();
    running.update(JOURNAL_MAGIC);
    let (header, mut rest) = match read_frame(after_magic, MAX_RECORD_LEN) {
        Frame::Good { payload, whole } => {
            running.update(whole);
            (
                payload.to_vec(),
                after_magic.get(whole.len()..).unwrap_or_default(),
            )
        }
        Frame::Truncated => {
            return Err(SaveError::HeaderDamaged {
                path: path(),
                reason: format!("the file ends inside it, at byte {}", bytes.len()),
            })
        }
        Frame::Corrupt(reason) => {
            return Err(SaveError::HeaderDamaged {
                path: path(),
                reason,
            })
        }
    };

    let mut pos = (bytes.len() - rest.len()) as u64;
    let mut prefixes = vec![(pos, running.finish())];
    let mut records = Vec::new();
    let mut tail = None;
    let mut warnings = Vec::new();
    while !rest.is_empty() {
        let number = records.len() + 1;
        let good = records.len();
        match read_frame(rest, MAX_RECORD_LEN) {
            Frame::Good { payload, whole } => {
                running.update(whole);
                pos += whole.len() as u64;
                rest = rest.get(whole.len()..).unwrap_or_default();
                records.push(payload.to_vec());
                prefixes.push((pos, running.finish()));
            }
            Frame::Truncated => {
                tail = Some(TailProblem::Truncated);
                warnings.push(format!(
                    "{}: record {number} at byte {pos} is truncated (power cut while writing?); \
                     resuming from the {good} good input{}",
                    name.display(),
                    plural(good)
                ));
                break;
            }
            Frame::Corrupt(reason) => {
                tail = Some(TailProblem::Corrupt);
                let ignored = rest.len();
                warnings.push(format!(
                    "{}: record {number} at byte {pos} is damaged ({reason}); \
                     resuming from the {good} good input{}; the last {ignored} byte{} \
                     of the file are ignored",
                    name.display(),
                    plural(good),
                    plural(ignored)
                ));
                break;
            }
        }
    }
    Ok(Journal {
        header,
        records,
        good_len: pos,
        good_crc: running.finish(),
        tail,
        warnings,
        prefixes,
    })
}

/// A snapshot as stored: which journal prefix it belongs to, and the state bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Snapshot {
    records: u64,
    journal_bytes: u64,
    journal_crc: u32,
    state: Vec<u8>,
}

fn parse_snapshot(bytes: &[u8]) -> Result<Snapshot, String> {
    if bytes.is_empty() {
        return Err("the file is empty (0 bytes)".to_string());
    }
    let Some(rest) = bytes.strip_prefix(SNAPSHOT_MAGIC.as_slice()) else {
        return Err("not a berlin-table snapshot (wrong magic bytes)".to_string());
    };
    let payload = match read_frame(rest, SNAPSHOT_META_LEN + MAX_SNAPSHOT_LEN) {
        Frame::Good { payload, whole } if whole.len() == rest.len() => payload,
        Frame::Good { .. } => return Err("unexpected bytes after the snapshot".to_string()),
        Frame::Truncated => return Err("the file is cut short".to_string()),
        Frame::Corrupt(reason) => return Err(reason),
    };
    let short = || "too short to hold a snapshot".to_string();
    let (records, rest) = payload.split_first_chunk::<8>().ok_or_else(short)?;
    let (journal_bytes, rest) = rest.split_first_chunk::<8>().ok_or_else(short)?;
    let (journal_crc, state) = rest.split_first_chunk::<4>().ok_or_else(short)?;
    Ok(Snapshot {
        records: u64::from_le_bytes(*records),
        journal_bytes: u64::from_le_bytes(*journal_bytes),
        journal_crc: u32::from_le_bytes(*journal_crc),
        state: state.to_vec(),
    })
}

fn encode_snapshot(records: u64, journal_bytes: u64, journal_crc: u32, state: &[u8]) -> Vec<u8> {
    let mut payload = Vec::with_capacity(SNAPSHOT_META_LEN + state.len());
    payload.extend_from_slice(&records.to_le_bytes());
    payload.extend_from_slice(&journal_bytes.to_le_bytes());
    payload.extend_from_slice(&journal_crc.to_le_bytes());
    payload.extend_from_slice(state);
    let mut out = SNAPSHOT_MAGIC.to_vec();
    out.extend_from_slice(&frame(&payload));
    out
}

/// Reads a whole file, refusing huge ones. `Ok(None)` when it does not exist.
fn read_file(path: &Path) -> Result<Option<Vec<u8>>, SaveError> {
    let mut file = match File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io_err("open", path)(e)),
    };
    let len = file.metadata().map_err(io_err("stat", path))?.len();
    if len > MAX_FILE_LEN {
        return Err(SaveError::FileTooLarge {
            path: path.to_path_buf(),
            len,
        });
    }
    let mut bytes = Vec::with_capacity(len as usize);
    io::Read::read_to_end(&mut file, &mut bytes).map_err(io_err("read", path))?;
    Ok(Some(bytes))
}

/// Reads and parses one journal file (for `replay FILE` as well as for resuming).
pub fn read_journal(path: &Path) -> Result<Journal, SaveError> {
    match read_file(path)? {
        Some(bytes) => parse_journal(path, &bytes),
        None => Err(SaveError::NoSavedGame {
            path: path.to_path_buf(),
        }),
    }
}

/// Loads the game saved in `dir`: the journal up to its first bad record, and the snapshot if
/// it is intact and belongs to those records. Read-only; `snapshot.tmp` is never looked at.
pub fn load(dir: &Path) -> Result<LoadOutcome, SaveError> {
    let journal = read_journal(&dir.join(JOURNAL_FILE))?;
    let snap_path = dir.join(SNAPSHOT_FILE);
    Ok(match read_file(&snap_path) {
        Ok(bytes) => with_snapshot(journal, &snap_path, bytes.as_deref()),
        Err(e) => {
            let mut out = with_snapshot(journal, &snap_path, None);
            out.warnings
                .push(format!("{e}; replaying the journal from the start instead"));
            out
        }
    })
}

/// Loads the game before the current one (`previous.*`), which `start_game` kept: the
/// table's "previous game" button, for a game put aside by mistake.
pub fn load_previous(dir: &Path) -> Result<LoadOutcome, SaveError> {
    let journal = read_journal(&dir.join(PREVIOUS_JOURNAL_FILE))?;
    let snap_path = dir.join(PREVIOUS_SNAPSHOT_FILE);
    let bytes = read_file(&snap_path).ok().flatten();
    Ok(with_snapshot(journal, &snap_path, bytes.as_deref()))
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

fn remove_if_exists(path: &Path) -> Result<(), SaveError> {
    match fs::remove_file(path) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(io_err("remove", path)(e)),
        _ => Ok(()),
    }
}

fn rename(from: &Path, to: &Path) -> Result<(), SaveError> {
    fs::rename(from, to).map_err(io_err("rename", from))
}

/// Makes renames and new files in `dir` durable. Only meaningful (and only possible) on Unix.
fn sync_dir(dir: &Path) -> Result<(), SaveError> {
    #[cfg(unix)]
    {
        File::open(dir)
            .and_then(|d| d.sync_all())
            .map_err(io_err("fsync the directory", dir))?;
    }
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}

/// Writes `bytes` to a new file at `path` and fsyncs it.
fn write_synced(path: &Path, bytes: &[u8]) -> Result<(), SaveError> {
    let mut f = File::create(path).map_err(io_err("create", path))?;
    f.write_all(bytes).map_err(io_err("write", path))?;
    f.sync_all().map_err(io_err("fsync", path))
}

#[derive(Debug)]
struct Writer {
    file: File,
    /// End of the last good record: where the next record goes.
    good_len: u64,
    /// Bytes past `good_len` that must be cut before writing (a torn or damaged tail, or the
    /// remains of a failed write).
    dirty_tail: bool,
    records: u64,
    crc: Crc32,
}

/// The save directory of the table, open for writing.
#[derive(Debug)]
pub struct SaveDir {
    dir: PathBuf,
    writer: Option<Writer>,
}

impl SaveDir {
    /// Opens (creating if needed) a save directory, finishes a `start_game` that a power cut
    /// interrupted, and positions the journal after its last good record. A journal that
    /// cannot be resumed is not an error here: `load` reports it and `start_game` replaces it.
    pub fn open(path: impl AsRef<Path>) -> Result<SaveDir, SaveError> {
        let dir = path.as_ref().to_path_buf();
        fs::create_dir_all(&dir).map_err(io_err("create the directory", &dir))?;
        let journal_path = dir.join(JOURNAL_FILE);
        let journal_tmp = dir.join(JOURNAL_TMP);

        // `start_game` writes journal.tmp completely before renaming; if the old journal is
        // already gone, the new game had started: finish it. Otherwise it never started.
        if journal_tmp.exists() {
            if journal_path.exists() {
                remove_if_exists(&journal_tmp)?;
            } else if read_journal(&journal_tmp).is_ok() {
                rename(&journal_tmp, &journal_path)?;
                sync_dir(&dir)?;
            } else {
                remove_if_exists(&journal_tmp)?;
            }
        }
        // A snapshot.tmp is a snapshot whose rename never happened; snapshot.bin is intact.
        remove_if_exists(&dir.join(SNAPSHOT_TMP))?;

        let mut save = SaveDir { dir, writer: None };
        let journal = match read_journal(&journal_path) {
            Ok(j) => j,
            // Unreadable right now: refuse to write rather than risk clobbering it.
            Err(e @ (SaveError::Io { .. } | SaveError::FileTooLarge { .. })) => return Err(e),
            Err(_) => return Ok(save),
        };
        if journal.tail == Some(TailProblem::Corrupt) {
            // Keep the damaged bytes for a bug report before `append` cuts them off.
            let copy = save.dir.join(DAMAGED_JOURNAL_FILE);
            if let Err(e) = fs::copy(&journal_path, &copy) {
                log::warn!("{}: cannot keep a copy: {e}", copy.display());
            }
        }
        let file = OpenOptions::new()
            .write(true)
            .open(&journal_path)
            .map_err(io_err("open for writing", &journal_path))?;
        let file_len = file
            .metadata()
            .map_err(io_err("stat", &journal_path))?
            .len();
        save.writer = Some(Writer {
            file,
            good_len: journal.good_len,
            dirty_tail: file_len != journal.good_len,
            records: journal.records.len() as u64,
            crc: Crc32::resume(journal.good_crc),
        });
        Ok(save)
    }

    pub fn path(&self) -> &Path {
        &self.dir
    }

    /// Loads the current game (see [`load`]).
    pub fn load(&self) -> Result<LoadOutcome, SaveError> {
        load(&self.dir)
    }

    /// Number of records in the open journal, or `None` when no game is open.
    #[allow(dead_code)]
    pub fn records(&self) -> Option<u64> {
        self.writer.as_ref().map(|w| w.records)
    }

    /// Starts a new journal with `header` (game id, scenario, seed...). The current game's
    /// files become `previous.*`. Safe against a power cut at any point: `open` either
    /// resumes the old game or finds the new one.
    pub fn start_game(&mut self, header: &[u8]) -> Result<(), SaveError> {
        self.start_game_with(header, &[])
    }

    /// [`start_game`](Self::start_game) with the journal already holding `records`: a saved
    /// game brought back (the previous game). The whole journal is written to `journal.tmp`
    /// and fsync'd before the renames, so a power cut leaves either game whole, never a part.
    pub fn start_game_with(&mut self, header: &[u8], records: &[Vec<u8>]) -> Result<(), SaveError> {
        for r in std::iter::once(header).chain(records.iter().map(Vec::as_slice)) {
            if r.len() > MAX_RECORD_LEN {
                return Err(SaveError::RecordTooLarge {
                    len: r.len(),
                    max: MAX_RECORD_LEN,
                });
            }
        }
        self.writer = None;
        let mut bytes = JOURNAL_MAGIC.to_vec();
        bytes.extend_from_slice(&frame(header));
        for r in records {
            bytes.extend_from_slice(&frame(r));
        }
        let tmp = self.dir.join(JOURNAL_TMP);
        write_synced(&tmp, &bytes)?;

        let journal = self.dir.join(JOURNAL_FILE);
        let snapshot = self.dir.join(SNAPSHOT_FILE);
        let prev_snapshot = self.dir.join(PREVIOUS_SNAPSHOT_FILE);
        // Snapshot first: a power cut between the renames then never leaves the old snapshot
        // beside a new journal (the prefix CRC would reject it anyway).
        if snapshot.exists() {
            rename(&snapshot, &prev_snapshot)?;
        } else if journal.exists() {
            remove_if_exists(&prev_snapshot)?;
        }
        if journal.exists() {
            rename(&journal, &self.dir.join(PREVIOUS_JOURNAL_FILE))?;
        }
        rename(&tmp, &journal)?;
        sync_dir(&self.dir)?;

        let file = OpenOptions::new()
            .write(true)
            .open(&journal)
            .map_err(io_err("open for writing", &journal))?;
        let mut crc = Crc32::new();
        crc.update(&bytes);
        self.writer = Some(Writer {
            file,
            good_len: bytes.len() as u64,
            dirty_tail: false,
            records: records.len() as u64,
            crc,
        });
        Ok(())
    }

    /// Appends one record and fsyncs it. When this returns `Ok`, the record survives a power
    /// cut. On error the journal still ends at the last good record (the next call retries).
    pub fn append(&mut self, record: &[u8]) -> Result<(), SaveError> {
        if record.len() > MAX_RECORD_LEN {
            return Err(SaveError::RecordTooLarge {
                len: record.len(),
                max: MAX_RECORD_LEN,
            });
        }
        let path = self.dir.join(JOURNAL_FILE);
        let w = self.writer.as_mut().ok_or(SaveError::NoGameStarted)?;
        if w.dirty_tail {
            w.file
                .set_len(w.good_len)
                .map_err(io_err("cut the damaged tail of", &path))?;
            w.file.sync_data().map_err(io_err("fsync", &path))?;
            w.dirty_tail = false;
        }
        let bytes = frame(record);
        // Any failure from here on may leave a partial frame behind: cut it next time.
        w.dirty_tail = true;
        w.file
            .seek(SeekFrom::Start(w.good_len))
            .map_err(io_err("seek in", &path))?;
        w.file.write_all(&bytes).map_err(io_err("write", &path))?;
        w.file.sync_data().map_err(io_err("fsync", &path))?;
        w.dirty_tail = false;
        w.good_len += bytes.len() as u64;
        w.records += 1;
        w.crc.update(&bytes);
        Ok(())
    }

    /// Stores the state after the first `journal_len` records (which must be all records
    /// written so far): write `snapshot.tmp`, fsync, rename over `snapshot.bin`, fsync the
    /// directory. A power cut at any point leaves the old or the new snapshot, never a mix.
    pub fn write_snapshot(&mut self, journal_len: u64, bytes: &[u8]) -> Result<(), SaveError> {
        let w = self.writer.as_ref().ok_or(SaveError::NoGameStarted)?;
        if journal_len != w.records {
            return Err(SaveError::SnapshotMismatch {
                journal_len,
                records: w.records,
            });
        }
        if bytes.len() > MAX_SNAPSHOT_LEN {
            return Err(SaveError::RecordTooLarge {
                len: bytes.len(),
                max: MAX_SNAPSHOT_LEN,
            });
        }
        let encoded = encode_snapshot(w.records, w.good_len, w.crc.finish(), bytes);
        let tmp = self.dir.join(SNAPSHOT_TMP);
        write_synced(&tmp, &encoded)?;
        rename(&tmp, &self.dir.join(SNAPSHOT_FILE))?;
        sync_dir(&self.dir)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU32, Ordering};

    /// A scratch directory removed on drop (no tempfile crate in the workspace).
    struct TempDir(PathBuf);

    impl TempDir {
        fn new() -> TempDir {
            static N: AtomicU32 = AtomicU32::new(0);
            let n = N.fetch_add(1, Ordering::Relaxed);
            let p =
                std::env::temp_dir().join(format!("berlin-table-saves-{}-{n}", std::process::id()));
            let _ = fs::remove_dir_all(&p);
            fs::create_dir_all(&p).expect("create temp dir");
            TempDir(p)
        }
    }

    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = fs::remove_dir_all(&self.0);
        }
    }

    fn records(n: usize) -> Vec<Vec<u8>> {
        (0..n)
            .map(|i| (0..(i % 7 + 1)).map(|k| (i * 31 + k) as u8).collect())
            .collect()
    }

    fn game(dir: &Path, header: &[u8], recs: &[Vec<u8>]) -> SaveDir {
        let mut s = SaveDir::open(dir).expect("open");
        s.start_game(header).expect("start");
        for r in recs {
            s.append(r).expect("append");
        }
        s
    }

    fn journal_bytes(header: &[u8], recs: &[Vec<u8>]) -> Vec<u8> {
        let mut b = JOURNAL_MAGIC.to_vec();
        b.extend_from_slice(&frame(header));
        for r in recs {
            b.extend_from_slice(&frame(r));
        }
        b
    }

    #[test]
    fn crc32_matches_the_standard_check_value() {
        assert_eq!(Crc32::checksum(b"123456789"), 0xCBF4_3926);
        assert_eq!(Crc32::checksum(b""), 0);
    }

    #[test]
    fn round_trip_with_snapshot() {
        let t = TempDir::new();
        let recs = records(5);
        let mut s = game(&t.0, b"berlin85/unity/seed=7", &recs[..3]);
        s.write_snapshot(3, b"state after 3").expect("snapshot");
        s.append(&recs[3]).expect("append");
        s.append(&recs[4]).expect("append");
        drop(s);

        let out = load(&t.0).expect("load");
        assert_eq!(out.header, b"berlin85/unity/seed=7");
        assert_eq!(out.records, recs);
        assert_eq!(out.snapshot, Some((3, b"state after 3".to_vec())));
        assert!(out.warnings.is_empty(), "{:?}", out.warnings);

        // Reopening continues the same journal.
        let mut s = SaveDir::open(&t.0).expect("reopen");
        assert_eq!(s.records(), Some(5));
        s.append(b"sixth").expect("append");
        s.write_snapshot(6, b"state after 6").expect("snapshot");
        let out = s.load().expect("load");
        assert_eq!(out.records.len(), 6);
        assert_eq!(out.records[5], b"sixth");
        assert_eq!(out.snapshot, Some((6, b"state after 6".to_vec())));
    }

    #[test]
    fn empty_records_and_header_are_fine() {
        let t = TempDir::new();
        game(&t.0, b"", &[Vec::new(), Vec::new()]);
        let out = load(&t.0).expect("load");
        assert_eq!(out.header, b"");
        assert_eq!(out.records, vec![Vec::<u8>::new(); 2]);
    }

    #[test]
    fn truncated_at_every_byte_of_the_last_record() {
        let header = b"hdr";
        let recs = records(4);
        let full = journal_bytes(header, &recs);
        let last_start = journal_bytes(header, &recs[..3]).len();
        for cut in last_start..full.len() {
            let t = TempDir::new();
            let path = t.0.join(JOURNAL_FILE);
            fs::write(&path, &full[..cut]).expect("write");

            let out = load(&t.0).expect("a torn tail still loads");
            assert_eq!(out.records, recs[..3], "cut at {cut}");
            if cut == last_start {
                assert!(out.warnings.is_empty(), "clean boundary at {cut}");
            } else {
                assert_eq!(out.warnings.len(), 1, "cut at {cut}");
                let w = &out.warnings[0];
                assert!(w.contains("journal.bin: record 4 at byte"), "{w}");
                assert!(
                    w.contains(&format!("byte {last_start} is truncated")),
                    "{w}"
                );
                assert!(w.contains("resuming from the 3 good inputs"), "{w}");
            }

            // The next append first cuts the torn tail.
            let mut s = SaveDir::open(&t.0).expect("open");
            assert_eq!(s.records(), Some(3));
            s.append(b"after the power cut").expect("append");
            let out = load(&t.0).expect("load");
            assert!(out.warnings.is_empty(), "cut at {cut}: {:?}", out.warnings);
            assert_eq!(out.records.len(), 4);
            assert_eq!(out.records[..3], recs[..3]);
            assert_eq!(out.records[3], b"after the power cut");
        }
    }

    #[test]
    fn a_flipped_bit_anywhere_is_never_returned_as_good() {
        let header = b"berlin85";
        let recs = records(6);
        let good = journal_bytes(header, &recs);
        let header_end = JOURNAL_MAGIC.len() + FRAME_OVERHEAD + header.len();
        // Frame k covers bytes [starts[k], starts[k + 1]).
        let mut starts = vec![header_end];
        for r in &recs {
            starts.push(starts.last().copied().unwrap_or(0) + FRAME_OVERHEAD + r.len());
        }
        for byte in 0..good.len() {
            for bit in 0..8 {
                let mut bad = good.clone();
                bad[byte] ^= 1 << bit;
                let result = parse_journal(Path::new("journal.bin"), &bad);
                if byte < header_end {
                    assert!(result.is_err(), "flip in the header at {byte}:{bit}");
                    continue;
                }
                let j = result.expect("damage after the header still loads");
                let damaged = starts.iter().rposition(|&s| s <= byte).unwrap_or(0);
                assert_eq!(j.records, recs[..damaged], "flip at {byte}:{bit}");
                assert_eq!(j.warnings.len(), 1, "flip at {byte}:{bit}");
                assert!(j.tail.is_some());
            }
        }
    }

    #[test]
    fn header_damage_and_foreign_files_are_errors_with_messages() {
        let p = Path::new("journal.bin");
        let good = journal_bytes(b"header", &records(1));
        let err = parse_journal(p, &good[..10]).unwrap_err();
        assert!(matches!(err, SaveError::HeaderDamaged { .. }));
        assert!(err.to_string().contains("game header is damaged"), "{err}");
        let err = parse_journal(p, &good[..3]).unwrap_err();
        assert!(matches!(err, SaveError::HeaderDamaged { .. }), "{err}");
        let err = parse_journal(p, b"PK\x03\x04 a zip file").unwrap_err();
        assert!(matches!(err, SaveError::NotAJournal { .. }), "{err}");
        let err = parse_journal(p, b"x").unwrap_err();
        assert!(matches!(err, SaveError::NotAJournal { .. }), "{err}");
    }

    #[test]
    fn empty_and_missing_files_give_clear_errors() {
        let t = TempDir::new();
        let err = load(&t.0).unwrap_err();
        assert!(matches!(err, SaveError::NoSavedGame { .. }));
        assert!(err.to_string().contains("no saved game"), "{err}");

        fs::write(t.0.join(JOURNAL_FILE), b"").expect("write");
        let err = load(&t.0).unwrap_err();
        assert!(matches!(err, SaveError::Empty { .. }));
        assert!(err.to_string().contains("empty"), "{err}");

        // The table still starts: a new game replaces the empty file.
        let mut s = SaveDir::open(&t.0).expect("open");
        assert_eq!(s.records(), None);
        assert!(matches!(s.append(b"x"), Err(SaveError::NoGameStarted)));
        s.start_game(b"new").expect("start");
        s.append(b"x").expect("append");
        assert_eq!(load(&t.0).expect("load").records, vec![b"x".to_vec()]);
        assert_eq!(
            fs::read(t.0.join(PREVIOUS_JOURNAL_FILE)).expect("kept"),
            b""
        );
    }

    #[test]
    fn a_zero_filled_tail_is_damage_not_records() {
        // ext4 can leave a file extended with zeros after a power cut.
        let t = TempDir::new();
        drop(game(&t.0, b"h", &records(2)));
        let path = t.0.join(JOURNAL_FILE);
        let mut bytes = fs::read(&path).expect("read");
        bytes.extend_from_slice(&[0u8; 64]);
        fs::write(&path, &bytes).expect("write");
        let out = load(&t.0).expect("load");
        assert_eq!(out.records, records(2));
        assert_eq!(out.warnings.len(), 1);
        assert!(out.warnings[0].contains("record 3"), "{}", out.warnings[0]);
    }

    #[test]
    fn a_damaged_tail_is_copied_aside_then_cut() {
        let t = TempDir::new();
        let recs = records(3);
        drop(game(&t.0, b"h", &recs));
        let path = t.0.join(JOURNAL_FILE);
        let mut bytes = fs::read(&path).expect("read");
        let n = bytes.len();
        bytes[n - 2] ^= 0x10;
        fs::write(&path, &bytes).expect("write");

        let mut s = SaveDir::open(&t.0).expect("open");
        assert_eq!(
            fs::read(t.0.join(DAMAGED_JOURNAL_FILE)).expect("copy"),
            bytes
        );
        s.append(b"new third").expect("append");
        let out = load(&t.0).expect("load");
        assert!(out.warnings.is_empty(), "{:?}", out.warnings);
        assert_eq!(out.records[..2], recs[..2]);
        assert_eq!(out.records[2], b"new third");
    }

    #[test]
    fn a_corrupt_snapshot_falls_back_to_the_journal() {
        let t = TempDir::new();
        let recs = records(4);
        let mut s = game(&t.0, b"h", &recs);
        s.write_snapshot(4, b"the state").expect("snapshot");
        let snap_path = t.0.join(SNAPSHOT_FILE);
        let good = fs::read(&snap_path).expect("read");
        for byte in 0..good.len() {
            let mut bad = good.clone();
            bad[byte] ^= 0x01;
            fs::write(&snap_path, &bad).expect("write");
            let out = load(&t.0).expect("load");
            assert_eq!(out.snapshot, None, "flip at {byte}");
            assert_eq!(out.records, recs);
            assert_eq!(out.warnings.len(), 1, "flip at {byte}");
            assert!(
                out.warnings[0].contains("snapshot.bin"),
                "{}",
                out.warnings[0]
            );
            assert!(out.warnings[0].contains("replaying the journal"));
        }
        for cut in 0..good.len() {
            fs::write(&snap_path, &good[..cut]).expect("write");
            let out = load(&t.0).expect("load");
            assert_eq!(out.snapshot, None, "cut at {cut}");
            assert_eq!(out.records, recs);
        }
    }

    #[test]
    fn a_leftover_snapshot_tmp_is_ignored_and_removed() {
        let t = TempDir::new();
        let mut s = game(&t.0, b"h", &records(2));
        s.write_snapshot(2, b"committed").expect("snapshot");
        s.append(b"third").expect("append");
        drop(s);
        // A power cut after writing snapshot.tmp but before the rename.
        let tmp = t.0.join(SNAPSHOT_TMP);
        fs::write(&tmp, b"BTABLES1 half-written").expect("write");

        let out = load(&t.0).expect("load");
        assert_eq!(out.snapshot, Some((2, b"committed".to_vec())));
        assert!(out.warnings.is_empty(), "{:?}", out.warnings);
        assert_eq!(out.records.len(), 3);
        SaveDir::open(&t.0).expect("open");
        assert!(!tmp.exists());
    }

    #[test]
    fn a_snapshot_beyond_a_cut_journal_is_not_used() {
        let t = TempDir::new();
        let recs = records(5);
        let mut s = game(&t.0, b"h", &recs);
        s.write_snapshot(5, b"after 5").expect("snapshot");
        drop(s);
        let path = t.0.join(JOURNAL_FILE);
        let len = fs::metadata(&path).expect("stat").len();
        OpenOptions::new()
            .write(true)
            .open(&path)
            .and_then(|f| f.set_len(len - 2))
            .expect("truncate");

        let out = load(&t.0).expect("load");
        assert_eq!(out.snapshot, None);
        assert_eq!(out.records, recs[..4]);
        assert!(out.warnings.iter().any(|w| w.contains("only 4 good")));

        // A different fifth input: the old snapshot no longer describes this journal.
        let mut s = SaveDir::open(&t.0).expect("open");
        s.append(b"a different fifth").expect("append");
        let out = load(&t.0).expect("load");
        assert_eq!(out.snapshot, None);
        assert!(out.warnings.iter().any(|w| w.contains("does not match")));
    }

    #[test]
    fn snapshot_must_cover_the_records_written() {
        let t = TempDir::new();
        let mut s = game(&t.0, b"h", &records(3));
        let err = s.write_snapshot(2, b"x").unwrap_err();
        assert!(matches!(err, SaveError::SnapshotMismatch { .. }), "{err}");
        let mut fresh = SaveDir::open(t.0.join("other")).expect("open");
        assert!(matches!(
            fresh.write_snapshot(0, b"x"),
            Err(SaveError::NoGameStarted)
        ));
    }

    #[test]
    fn start_game_keeps_the_previous_game() {
        let t = TempDir::new();
        let mut s = game(&t.0, b"game 1", &records(3));
        s.write_snapshot(3, b"g1 state").expect("snapshot");
        s.start_game(b"game 2").expect("start");
        s.append(b"g2 first").expect("append");

        let out = load(&t.0).expect("load");
        assert_eq!(out.header, b"game 2");
        assert_eq!(out.records, vec![b"g2 first".to_vec()]);
        assert_eq!(out.snapshot, None);

        let prev = read_journal(&t.0.join(PREVIOUS_JOURNAL_FILE)).expect("previous");
        assert_eq!(prev.header, b"game 1");
        assert_eq!(prev.records, records(3));
        assert!(t.0.join(PREVIOUS_SNAPSHOT_FILE).exists());

        // Game 3 has no snapshot to pass on: game 1's must not stay beside game 2's journal.
        s.start_game(b"game 3").expect("start");
        assert!(!t.0.join(PREVIOUS_SNAPSHOT_FILE).exists());
    }

    #[test]
    fn the_previous_game_comes_back_and_the_current_one_is_kept() {
        let t = TempDir::new();
        let mut s = game(&t.0, b"game 1", &records(3));
        s.write_snapshot(3, b"g1 state").expect("snapshot");
        s.start_game(b"game 2").expect("start");
        s.append(b"g2 first").expect("append");

        // The previous game, as the start screen offers it.
        let prev = load_previous(&t.0).expect("previous");
        assert_eq!(prev.header, b"game 1");
        assert_eq!(prev.records, records(3));
        assert_eq!(prev.snapshot, Some((3, b"g1 state".to_vec())));

        // Brought back: game 1 is current with its records, game 2 is now the previous one.
        s.start_game_with(&prev.header, &prev.records)
            .expect("start with records");
        assert_eq!(s.records(), Some(3));
        s.append(b"g1 fourth").expect("the journal goes on");
        let now = load(&t.0).expect("load");
        assert_eq!(now.header, b"game 1");
        assert_eq!(now.records.len(), 4);
        assert_eq!(now.records[3], b"g1 fourth".to_vec());
        let other = load_previous(&t.0).expect("previous");
        assert_eq!(other.header, b"game 2");
        assert_eq!(other.records, vec![b"g2 first".to_vec()]);

        // A power cut after journal.tmp was written and the old journal renamed away: `open`
        // finishes the switch with every record.
        fs::write(t.0.join(JOURNAL_TMP), journal_bytes(b"game 2", &records(2))).expect("write");
        fs::remove_file(t.0.join(JOURNAL_FILE)).expect("rm");
        let s = SaveDir::open(&t.0).expect("open");
        assert_eq!(s.records(), Some(2));
        assert_eq!(load(&t.0).expect("load").header, b"game 2");
    }

    #[test]
    fn an_interrupted_start_game_is_finished_or_dropped() {
        // Power cut after the old journal was renamed away: the new game is complete.
        let t = TempDir::new();
        fs::write(t.0.join(JOURNAL_TMP), journal_bytes(b"new game", &[])).expect("write");
        let mut s = SaveDir::open(&t.0).expect("open");
        assert_eq!(s.records(), Some(0));
        s.append(b"first").expect("append");
        assert_eq!(load(&t.0).expect("load").header, b"new game");

        // Power cut before any rename: the old game is still current.
        fs::write(t.0.join(JOURNAL_TMP), b"BTABLEJ1 partial").expect("write");
        let s = SaveDir::open(&t.0).expect("open");
        assert_eq!(s.records(), Some(1));
        assert!(!t.0.join(JOURNAL_TMP).exists());
    }

    #[test]
    fn random_bytes_never_panic() {
        // A tiny xorshift: deterministic, no rand dependency in the hot test loop.
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let good = journal_bytes(b"h", &records(8));
        let t = TempDir::new();
        let mut s = game(&t.0, b"h", &records(8));
        s.write_snapshot(8, b"state").expect("snapshot");
        let snap = fs::read(t.0.join(SNAPSHOT_FILE)).expect("read");
        let whole = load_bytes(&good, Some(&snap)).expect("valid");
        assert_eq!(whole.snapshot, Some((8, b"state".to_vec())));
        for i in 0..20_000 {
            let len = (next() % 200) as usize;
            let mut bytes: Vec<u8> = (0..len).map(|_| next() as u8).collect();
            if i % 2 == 0 {
                // Start from a valid journal so the parser gets past the magic bytes.
                bytes = good.clone();
                for _ in 0..(next() % 4 + 1) {
                    let at = (next() as usize) % bytes.len();
                    bytes[at] = next() as u8;
                }
                bytes.truncate((next() as usize) % (good.len() + 1));
            }
            let _ = parse_journal(Path::new("fuzz"), &bytes);
            let _ = parse_snapshot(&bytes);
            let _ = load_bytes(&good, Some(&bytes));
            if let Ok(out) = load_bytes(&bytes, Some(&snap)) {
                // Damage can only shorten the game, never invent inputs.
                assert!(out.records.len() <= 8);
            }
        }
    }
}
