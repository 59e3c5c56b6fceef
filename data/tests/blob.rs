//! The compiled form: a blob decodes to exactly the data it was made from, and a damaged or
//! foreign blob is refused with a message.
mod common;

use common::*;

#[test]
fn fixture_round_trip() {
    let d = data::load_files(&tiny()).expect("fixture loads");
    let blob = data::encode_blob(&d).expect("encodes");
    let back = data::decode_blob(&blob).expect("decodes");
    assert!(*back == *d);
    assert_eq!(
        data::blob::data_hash(&blob),
        data::blob::data_hash(&data::encode_blob(&back).expect("re-encodes"))
    );
}

#[test]
fn builtin_blob_equals_the_loaded_data() {
    let loaded = data::load_builtin(data::BERLIN85).unwrap_or_else(|e| panic!("{:?}", strings(&e)));
    let decoded = data::decode_blob(data::builtin_blob()).expect("the build compiled the data");
    assert!(
        *decoded == *loaded,
        "blob compiled by build.rs equals the text loaded at run time"
    );
    let blob = data::encode_blob(&loaded).expect("encodes");
    assert_eq!(blob, data::builtin_blob(), "same bytes");
}

#[test]
fn damaged_blobs_are_refused() {
    let d = data::load_files(&tiny()).expect("fixture loads");
    let blob = data::encode_blob(&d).expect("encodes");
    let msg = |b: &[u8]| {
        data::decode_blob(b)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default()
    };
    assert_eq!(msg(&[]), "<compiled data>: no compiled data (the built-in data failed to check when the program was built)");
    assert_eq!(msg(&blob[..10]), "<compiled data>: truncated header");
    assert_eq!(
        msg(&blob[..blob.len() - 1]),
        format!(
            "<compiled data>: payload is {} bytes, header says {}",
            blob.len() - 21,
            blob.len() - 20
        )
    );
    let mut flipped = blob.clone();
    if let Some(b) = flipped.last_mut() {
        *b ^= 1;
    }
    assert_eq!(
        msg(&flipped),
        "<compiled data>: payload hash mismatch (damaged data)"
    );
    let mut old = blob.clone();
    old[4] = 99;
    assert_eq!(
        msg(&old),
        format!(
            "<compiled data>: data format version 99, this program reads version {}",
            data::blob::FORMAT_VERSION
        )
    );
    assert_eq!(
        msg(b"PK\x03\x04 not a blob at all....."),
        "<compiled data>: not a berlin-table data blob (bad magic)"
    );
}
