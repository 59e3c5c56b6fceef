//! Arbitrary bytes as the table's save files: the loader keeps the good prefix, reports the
//! rest, and never panics; what it returns decodes (or is refused) without panicking.
//!
//! The input is used three ways: as a raw journal (with the first byte choosing where a raw
//! snapshot begins), and as records inside a journal with valid frames and checksums, so the
//! fuzzer reaches the postcard decoding of inputs and states past the CRC checks.
#![no_main]

#[allow(dead_code)]
#[path = "../../src/saves/mod.rs"]
mod saves;
#[allow(dead_code)]
#[path = "../../src/storage.rs"]
mod storage;

use engine::berlin85::{Input85, State};
use libfuzzer_sys::fuzz_target;
use saves::Crc32;
use std::path::Path;

/// A frame as `saves/format.rs` writes it: length, CRC-32 of length + payload, payload.
fn frame(out: &mut Vec<u8>, payload: &[u8]) {
    let len = (payload.len() as u32).to_le_bytes();
    let mut crc = Crc32::new();
    crc.update(&len);
    crc.update(payload);
    out.extend_from_slice(&len);
    out.extend_from_slice(&crc.finish().to_le_bytes());
    out.extend_from_slice(payload);
}

/// Decodes what the table would decode after a load.
fn decode(out: &saves::LoadOutcome, max_records: usize) {
    assert!(
        out.records.len() <= max_records,
        "the loader invented records"
    );
    for r in &out.records {
        let _ = postcard::from_bytes::<Input85>(r);
    }
    if let Some((n, state)) = &out.snapshot {
        assert!(
            *n as usize <= out.records.len(),
            "a snapshot beyond the journal"
        );
        let _ = postcard::from_bytes::<State>(state);
    }
    for w in &out.warnings {
        assert!(!w.is_empty());
    }
}

fuzz_target!(|input: &[u8]| {
    // 1. Raw bytes: journal, and journal + snapshot split at a chosen point.
    match saves::parse_journal(Path::new("journal.bin"), input) {
        Ok(j) => assert!(j.good_len as usize <= input.len()),
        Err(e) => assert!(!e.to_string().is_empty()),
    }
    let split = input
        .first()
        .map_or(0, |&b| usize::from(b) * input.len() / 256);
    let (journal, snapshot) = input.split_at(split);
    match saves::load_bytes(journal, Some(snapshot)) {
        Ok(out) => decode(&out, journal.len() / 8),
        Err(e) => assert!(!e.to_string().is_empty()),
    }

    // 2. Valid frames around fuzzed payloads: records split at 0xFF bytes.
    let mut j = b"BTABLEJ1".to_vec();
    frame(&mut j, b"header");
    let parts: Vec<&[u8]> = input.split(|&b| b == 0xFF).collect();
    for p in &parts {
        frame(&mut j, p);
    }
    let out = saves::load_bytes(&j, None).expect("a well-framed journal loads");
    assert_eq!(out.records.len(), parts.len());
    assert!(out.warnings.is_empty());
    decode(&out, parts.len());
    // Arbitrary bytes as a state, the way a snapshot's payload is decoded.
    let _ = postcard::from_bytes::<State>(input);
});
