//! The compiled form of a game's data: a postcard encoding of `GameData` behind a small
//! header, so a blob from another program version or a damaged file is refused with a clear
//! message instead of decoding into nonsense.
//!
//! Layout (little-endian): magic `BTGD` (4) · format version u16 · reserved u16 (0) ·
//! FNV-1a 64 hash of the payload u64 · payload length u32 · postcard payload.

use crate::error::DataError;
use crate::source::{fnv1a, FNV_START};
use engine::berlin85::data::GameData;

pub const MAGIC: [u8; 4] = *b"BTGD";
/// Bump whenever an engine data type changes shape: postcard is not self-describing, so an
/// old blob must be refused rather than misread.
pub const FORMAT_VERSION: u16 = 2;
pub const HEADER_LEN: usize = 20;

/// Name errors about blobs are reported under.
const BLOB: &str = "<compiled data>";

/// Encodes `data` with its header.
pub fn encode(data: &GameData) -> Result<Vec<u8>, DataError> {
    let payload = postcard::to_stdvec(data)
        .map_err(|e| DataError::file(BLOB, format!("cannot encode the game data: {e}")))?;
    let len = u32::try_from(payload.len())
        .map_err(|_| DataError::file(BLOB, "the game data is larger than 4 GiB"))?;
    let mut out = Vec::with_capacity(HEADER_LEN + payload.len());
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    out.extend_from_slice(&fnv1a(FNV_START, &payload).to_le_bytes());
    out.extend_from_slice(&len.to_le_bytes());
    out.extend_from_slice(&payload);
    Ok(out)
}

/// `N` bytes of `b` at `at`, if there are that many.
fn field<const N: usize>(b: &[u8], at: usize) -> Option<[u8; N]> {
    b.get(at..at.checked_add(N)?)?.try_into().ok()
}

/// The payload of a blob after checking its header.
fn payload(bytes: &[u8]) -> Result<&[u8], DataError> {
    let bad = |m: String| DataError::file(BLOB, m);
    if bytes.is_empty() {
        return Err(bad(
            "no compiled data (the built-in data failed to check when the program was built)"
                .into(),
        ));
    }
    let (Some(magic), Some(version), Some(hash), Some(len)) = (
        field::<4>(bytes, 0),
        field::<2>(bytes, 4),
        field::<8>(bytes, 8),
        field::<4>(bytes, 16),
    ) else {
        return Err(bad("truncated header".into()));
    };
    if magic != MAGIC {
        return Err(bad("not a berlin-table data blob (bad magic)".into()));
    }
    let version = u16::from_le_bytes(version);
    if version != FORMAT_VERSION {
        return Err(bad(format!(
            "data format version {version}, this program reads version {FORMAT_VERSION}"
        )));
    }
    let len = u32::from_le_bytes(len) as usize;
    let body = bytes.get(HEADER_LEN..).unwrap_or(&[]);
    if body.len() != len {
        return Err(bad(format!(
            "payload is {} bytes, header says {len}",
            body.len()
        )));
    }
    if fnv1a(FNV_START, body) != u64::from_le_bytes(hash) {
        return Err(bad("payload hash mismatch (damaged data)".into()));
    }
    Ok(body)
}

/// Decodes a blob made by [`encode`]. The value is built on the heap.
pub fn decode(bytes: &[u8]) -> Result<Box<GameData>, DataError> {
    let body = payload(bytes)?;
    postcard::from_bytes::<GameData>(body)
        .map(Box::new)
        .map_err(|e| DataError::file(BLOB, format!("cannot decode the game data: {e}")))
}

/// The data hash recorded in a blob's header: saves store it to tell which data set they were
/// played with.
pub fn data_hash(bytes: &[u8]) -> Option<u64> {
    field::<8>(bytes, 8).map(u64::from_le_bytes)
}
