//! The bytes of the save files: CRC-32, frames, the journal and the snapshot (see the module
//! documentation of `saves` for the layout). Pure functions: no file is touched here.

use super::{
    SaveError, FRAME_OVERHEAD, JOURNAL_MAGIC, MAX_RECORD_LEN, MAX_SNAPSHOT_LEN, SNAPSHOT_MAGIC,
    SNAPSHOT_META_LEN,
};
use std::path::Path;

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
    pub(super) prefixes: Vec<(u64, u32)>,
}

impl Journal {
    /// Byte length and CRC of the journal after `records` records, if that many are good.
    pub(super) fn prefix(&self, records: u64) -> Option<(u64, u32)> {
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

pub(super) fn frame(payload: &[u8]) -> Vec<u8> {
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
pub(super) struct Snapshot {
    pub(super) records: u64,
    pub(super) journal_bytes: u64,
    pub(super) journal_crc: u32,
    pub(super) state: Vec<u8>,
}

pub(super) fn parse_snapshot(bytes: &[u8]) -> Result<Snapshot, String> {
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

pub(super) fn encode_snapshot(
    records: u64,
    journal_bytes: u64,
    journal_crc: u32,
    state: &[u8],
) -> Vec<u8> {
    let mut payload = Vec::with_capacity(SNAPSHOT_META_LEN + state.len());
    payload.extend_from_slice(&records.to_le_bytes());
    payload.extend_from_slice(&journal_bytes.to_le_bytes());
    payload.extend_from_slice(&journal_crc.to_le_bytes());
    payload.extend_from_slice(state);
    let mut out = SNAPSHOT_MAGIC.to_vec();
    out.extend_from_slice(&frame(&payload));
    out
}
