//! The table's saves: the UI's [`ui::Persist`] on top of the power-safe [`SaveDir`].

use crate::saves::{SaveDir, SaveError};
use std::io;
use ui::session::{decode_input, decode_state, Header};

fn io_err(e: SaveError) -> io::Error {
    io::Error::other(e.to_string())
}

/// Journal + snapshots in the save directory.
pub struct DiskPersist {
    dir: SaveDir,
    header: Vec<u8>,
}

impl DiskPersist {
    pub fn new(dir: SaveDir) -> Self {
        DiskPersist {
            dir,
            header: Vec::new(),
        }
    }
}

impl ui::Persist for DiskPersist {
    fn begin(&mut self, header: &Header) -> io::Result<()> {
        self.header = postcard::to_allocvec(header).map_err(io::Error::other)?;
        self.dir.start_game(&self.header).map_err(io_err)
    }

    fn append(&mut self, input_bytes: &[u8]) -> io::Result<()> {
        self.dir.append(input_bytes).map_err(io_err)
    }

    /// One write and one fsync for the whole journal (not one per input), then the same
    /// power-safe renames as a new game.
    fn begin_with(&mut self, header: &Header, inputs: &[Vec<u8>]) -> io::Result<()> {
        self.header = postcard::to_allocvec(header).map_err(io::Error::other)?;
        self.dir
            .start_game_with(&self.header, inputs)
            .map_err(io_err)
    }

    /// Undo is rare and small: start a fresh journal holding the kept inputs. The old journal
    /// stays as `previous.*` until that is done, so a power cut mid-way loses nothing.
    fn truncate(&mut self, len: usize) -> io::Result<()> {
        let loaded = self.dir.load().map_err(io_err)?;
        let header = if self.header.is_empty() {
            loaded.header.clone()
        } else {
            self.header.clone()
        };
        self.dir.start_game(&header).map_err(io_err)?;
        for r in loaded.records.iter().take(len) {
            self.dir.append(r).map_err(io_err)?;
        }
        Ok(())
    }

    fn snapshot(&mut self, inputs: usize, state_bytes: &[u8]) -> io::Result<()> {
        self.dir
            .write_snapshot(inputs as u64, state_bytes)
            .map_err(io_err)
    }
}

/// The saved game in `dir`, if any, ready for the start screen's Resume button. Problems
/// (a torn last record, a bad snapshot) are logged and the last good state is used.
pub fn saved_game(dir: &SaveDir) -> Option<ui::Resume> {
    resume_from(dir.load(), "saved game")
}

/// The game before the current one, for the start screen's "Previous game" button.
pub fn previous_game(dir: &SaveDir) -> Option<ui::Resume> {
    resume_from(crate::saves::load_previous(dir.path()), "previous game")
}

fn resume_from(
    loaded: Result<crate::saves::LoadOutcome, SaveError>,
    what: &str,
) -> Option<ui::Resume> {
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
    let header: Header = match postcard::from_bytes(&loaded.header) {
        Ok(h) => h,
        Err(e) => {
            log::warn!("the saved game's header cannot be read ({e}); starting fresh");
            return None;
        }
    };
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
    Some(ui::Resume {
        header,
        inputs,
        snapshot,
    })
}
