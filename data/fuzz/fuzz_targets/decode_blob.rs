//! Arbitrary bytes as a compiled blob: refused with an error, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &[u8]| {
    let _ = data::decode_blob(input);
    // Also past the header check: a valid header around arbitrary postcard bytes.
    let mut blob = Vec::with_capacity(input.len() + 20);
    blob.extend_from_slice(&data::blob::MAGIC);
    blob.extend_from_slice(&data::blob::FORMAT_VERSION.to_le_bytes());
    blob.extend_from_slice(&0u16.to_le_bytes());
    blob.extend_from_slice(&data::source::fnv1a(data::source::FNV_START, input).to_le_bytes());
    blob.extend_from_slice(&(input.len() as u32).to_le_bytes());
    blob.extend_from_slice(input);
    let _ = data::decode_blob(&blob);
});
