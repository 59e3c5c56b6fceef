//! Where a session's journal goes: the [`Persist`] trait the firmware's power-safe save files
//! implement, and two stores for tests and demonstrations.

use crate::Header;
use std::io;

/// Where a session's journal goes: implemented by the firmware's save files (append + fsync,
/// snapshot by write-temp / fsync / rename) and by [`MemoryPersist`] in tests.
pub trait Persist {
    /// A new game starts with this header; any previous journal is replaced.
    fn begin(&mut self, header: &Header) -> io::Result<()>;
    /// One accepted input (postcard bytes of an [`Input`](crate::ruleset::Input)); durable when this returns.
    fn append(&mut self, input_bytes: &[u8]) -> io::Result<()>;
    /// A saved game brought back: a new journal with `header` that already holds these
    /// inputs (the previous game, loaded from the start screen). A store that can write the
    /// whole journal at once should (one fsync, not one per input).
    fn begin_with(&mut self, header: &Header, inputs: &[Vec<u8>]) -> io::Result<()> {
        self.begin(header)?;
        inputs.iter().try_for_each(|i| self.append(i))
    }
    /// Undo: only the first `len` inputs of the journal remain. Must not touch the previous
    /// game, and should cost O(1) fsyncs (cut in place, or one write of the kept journal).
    fn truncate(&mut self, len: usize) -> io::Result<()>;
    /// After a failed save: make the current game's journal hold exactly `inputs` again, in
    /// one write (the game the session holds is the truth). If the game's `begin` never got
    /// as far as putting the old game aside, finish that instead; never touch the previous
    /// game otherwise.
    fn rewrite(&mut self, header: &Header, inputs: &[Vec<u8>]) -> io::Result<()>;
    /// The state after the first `inputs` inputs (postcard bytes of a [`State`](crate::ruleset::State)), so a resume
    /// need not replay the whole journal.
    fn snapshot(&mut self, inputs: usize, state_bytes: &[u8]) -> io::Result<()>;
}

/// Keeps nothing (a demonstration game, or a test that does not look at saves).
#[derive(Default)]
pub struct NullPersist;

impl Persist for NullPersist {
    fn begin(&mut self, _: &Header) -> io::Result<()> {
        Ok(())
    }
    fn append(&mut self, _: &[u8]) -> io::Result<()> {
        Ok(())
    }
    fn truncate(&mut self, _: usize) -> io::Result<()> {
        Ok(())
    }
    fn rewrite(&mut self, _: &Header, _: &[Vec<u8>]) -> io::Result<()> {
        Ok(())
    }
    fn snapshot(&mut self, _: usize, _: &[u8]) -> io::Result<()> {
        Ok(())
    }
}

/// What a [`MemoryPersist`] has been told, shared with whoever holds a clone.
#[derive(Clone, Debug, Default)]
pub struct SavedGame {
    pub header: Option<Header>,
    pub inputs: Vec<Vec<u8>>,
    pub snapshot: Option<(usize, Vec<u8>)>,
}

/// Saves into memory; clones share the same store (tests inspect it, then resume from it).
#[derive(Clone, Default)]
pub struct MemoryPersist(pub std::rc::Rc<std::cell::RefCell<SavedGame>>);

impl Persist for MemoryPersist {
    fn begin(&mut self, header: &Header) -> io::Result<()> {
        *self.0.borrow_mut() = SavedGame {
            header: Some(header.clone()),
            ..SavedGame::default()
        };
        Ok(())
    }
    fn append(&mut self, input_bytes: &[u8]) -> io::Result<()> {
        self.0.borrow_mut().inputs.push(input_bytes.to_vec());
        Ok(())
    }
    fn truncate(&mut self, len: usize) -> io::Result<()> {
        let mut s = self.0.borrow_mut();
        s.inputs.truncate(len);
        if s.snapshot.as_ref().is_some_and(|(n, _)| *n > len) {
            s.snapshot = None;
        }
        Ok(())
    }
    fn rewrite(&mut self, header: &Header, inputs: &[Vec<u8>]) -> io::Result<()> {
        let mut s = self.0.borrow_mut();
        s.header = Some(header.clone());
        s.inputs = inputs.to_vec();
        Ok(())
    }
    fn snapshot(&mut self, inputs: usize, state_bytes: &[u8]) -> io::Result<()> {
        self.0.borrow_mut().snapshot = Some((inputs, state_bytes.to_vec()));
        Ok(())
    }
}
