use super::*;
use std::fs::{self, OpenOptions};
use std::sync::atomic::{AtomicU32, Ordering};

/// A scratch directory removed on drop (no tempfile crate in the workspace).
struct TempDir(PathBuf);

impl TempDir {
    fn new() -> TempDir {
        static N: AtomicU32 = AtomicU32::new(0);
        let n = N.fetch_add(1, Ordering::Relaxed);
        let p = std::env::temp_dir().join(format!("berlin-table-saves-{}-{n}", std::process::id()));
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
