//! The table's saves: the session's [`Persist`] on top of the power-safe [`SaveDir`].

use crate::saves::{SaveDir, SaveError};
use crate::storage::{DirStorage, Storage};
use session::{decode_input, decode_state, Header, Persist, Resume, TableGame};
use std::io;

fn io_err(e: SaveError) -> io::Error {
    io::Error::other(e.to_string())
}

/// Journal + snapshots in the save directory (the real one, or a simulated one in tests).
pub struct DiskPersist<S: Storage = DirStorage> {
    dir: SaveDir<S>,
    header: Vec<u8>,
}

impl<S: Storage> DiskPersist<S> {
    pub fn new(dir: SaveDir<S>) -> Self {
        DiskPersist {
            dir,
            header: Vec::new(),
        }
    }

    /// The same saves, at the same point, on another storage (a test's fork of a simulated
    /// card).
    #[allow(dead_code)]
    pub fn on_storage<T: Storage>(&self, store: T) -> DiskPersist<T> {
        DiskPersist {
            dir: self.dir.on_storage(store),
            header: self.header.clone(),
        }
    }

    /// The save directory underneath (tests look at it).
    #[allow(dead_code)]
    pub fn save_dir(&self) -> &SaveDir<S> {
        &self.dir
    }
}

impl<S: Storage> Persist for DiskPersist<S> {
    fn begin(&mut self, header: &Header) -> io::Result<()> {
        self.begin_with(header, &[])
    }

    fn append(&mut self, input_bytes: &[u8]) -> io::Result<()> {
        self.dir.append(input_bytes).map_err(io_err)
    }

    /// One write and one fsync for the whole journal (not one per input), then the same
    /// power-safe renames as a new game.
    fn begin_with(&mut self, header: &Header, inputs: &[Vec<u8>]) -> io::Result<()> {
        self.header = header.encode().map_err(io::Error::other)?;
        self.dir
            .start_game_with(&self.header, inputs)
            .map_err(io_err)
    }

    /// Undo cuts the journal in place: one fsync, the previous game untouched.
    fn truncate(&mut self, len: usize) -> io::Result<()> {
        if self.dir.records() == Some(len as u64) {
            return Ok(());
        }
        self.dir.truncate(len as u64).map_err(io_err)
    }

    /// After a failed save. If the new game never got as far as putting the old one aside
    /// (no game open), that start is finished; otherwise only `journal.bin` is rewritten.
    fn rewrite(&mut self, header: &Header, inputs: &[Vec<u8>]) -> io::Result<()> {
        self.header = header.encode().map_err(io::Error::other)?;
        if self.dir.records().is_none() {
            return self
                .dir
                .start_game_with(&self.header, inputs)
                .map_err(io_err);
        }
        self.dir.rewrite(&self.header, inputs).map_err(io_err)
    }

    fn snapshot(&mut self, inputs: usize, state_bytes: &[u8]) -> io::Result<()> {
        self.dir
            .write_snapshot(inputs as u64, state_bytes)
            .map_err(io_err)
    }
}

/// The saved game in `dir`, if any, ready for the start screen's Resume button. Problems
/// (a torn last record, a bad snapshot) are logged and the last good state is used.
pub fn saved_game<G: TableGame, S: Storage>(dir: &SaveDir<S>) -> Option<Resume<G>> {
    resume_from(dir.load(), "saved game")
}

/// The game id (`Header::game`, a slug) the saved game's header records, if a header can be
/// read: which game's inputs the journal holds, asked before they are decoded.
pub fn saved_game_id<S: Storage>(dir: &SaveDir<S>) -> Option<String> {
    let loaded = dir.load().ok()?;
    if loaded.header.is_empty() {
        return None;
    }
    Header::decode(&loaded.header).ok().map(|h| h.game)
}

/// The game before the current one, for the start screen's "Previous game" button.
pub fn previous_game<G: TableGame, S: Storage>(dir: &SaveDir<S>) -> Option<Resume<G>> {
    resume_from(dir.load_previous(), "previous game")
}

fn resume_from<G: TableGame>(
    loaded: Result<crate::saves::LoadOutcome, SaveError>,
    what: &str,
) -> Option<Resume<G>> {
    let loaded = match loaded {
        Ok(l) => l,
        Err(e) => {
            log::info!("no {what} to resume: {e}");
            return None;
        }
    };
    for w in &loaded.warnings {
        log::warn!("{w}");
    }
    if loaded.header.is_empty() {
        return None;
    }
    let header: Header = match Header::decode(&loaded.header) {
        Ok(h) => h,
        Err(e) => {
            log::warn!("the saved game's header cannot be read ({e}); starting fresh");
            return None;
        }
    };
    // Another game's journal is not decoded as this game's inputs (it stays on the card).
    if header.game != session::ruleset::game_id::<G>() {
        log::info!(
            "the {what} is a game of {}, not {}",
            header.game,
            session::ruleset::game_id::<G>()
        );
        return None;
    }
    let mut inputs = Vec::with_capacity(loaded.records.len());
    for (i, r) in loaded.records.iter().enumerate() {
        match decode_input(r) {
            Some(input) => inputs.push(input),
            None => {
                log::warn!(
                    "saved input {} cannot be read; resuming from the {} before it",
                    i + 1,
                    i
                );
                break;
            }
        }
    }
    let snapshot = loaded.snapshot.and_then(|(n, bytes)| {
        let n = usize::try_from(n).ok()?;
        (n <= inputs.len()).then_some(())?;
        decode_state(&bytes).map(|s| (n, s))
    });
    Some(Resume {
        header,
        inputs,
        snapshot,
    })
}

#[cfg(test)]
#[path = "persist_fortress_tests.rs"]
mod fortress_tests;
