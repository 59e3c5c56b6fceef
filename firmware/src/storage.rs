//! The save code's file operations, behind one small interface with two implementations: the
//! real file system ([`DirStorage`]) and a simulated one for tests ([`sim::SimStorage`]) that
//! keeps what was written apart from what is durable and can be made to fail at any call.
//!
//! The operations are the ones whose durability the save format depends on: a write is durable
//! only after `sync` of its file, a create/rename/remove only after `sync_dir`.

use std::cell::RefCell;
use std::collections::HashMap;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

#[cfg(test)]
pub mod sim;

/// The files of one save directory, named relative to it.
pub trait Storage {
    /// Where `name` lives, for messages.
    fn path_of(&self, name: &str) -> PathBuf;
    /// The whole file; `Ok(None)` when it does not exist. Files over `max` bytes are refused.
    fn read(&self, name: &str, max: u64) -> io::Result<Option<Vec<u8>>>;
    fn exists(&self, name: &str) -> io::Result<bool>;
    /// Creates `name` empty, truncating it if it exists.
    fn create(&self, name: &str) -> io::Result<()>;
    /// Writes all of `bytes` at `offset` of an existing file.
    fn write_at(&self, name: &str, offset: u64, bytes: &[u8]) -> io::Result<()>;
    fn set_len(&self, name: &str, len: u64) -> io::Result<()>;
    /// Makes the file's data durable (fdatasync).
    fn sync(&self, name: &str) -> io::Result<()>;
    /// Atomically replaces `to` with `from`.
    fn rename(&self, from: &str, to: &str) -> io::Result<()>;
    /// Removes `name`; `NotFound` when it does not exist.
    fn remove(&self, name: &str) -> io::Result<()>;
    /// Makes creates, renames and removes in the directory durable.
    fn sync_dir(&self) -> io::Result<()>;
}

/// A directory of the real file system.
///
/// Open files are kept between a write and its fsync: since Linux 4.13 a write-back error is
/// reported only to descriptors that were open when it happened, so an fsync through a freshly
/// opened descriptor could say "ok" about data that never reached the card.
#[derive(Debug)]
pub struct DirStorage {
    dir: PathBuf,
    open: RefCell<HashMap<String, File>>,
}

impl DirStorage {
    /// The directory `dir`, created if needed.
    pub fn open(dir: &Path) -> io::Result<DirStorage> {
        fs::create_dir_all(dir)?;
        Ok(DirStorage {
            dir: dir.to_path_buf(),
            open: RefCell::new(HashMap::new()),
        })
    }

    /// The directory `dir` as it is, for reading (nothing is created).
    pub fn at(dir: &Path) -> DirStorage {
        DirStorage {
            dir: dir.to_path_buf(),
            open: RefCell::new(HashMap::new()),
        }
    }

    /// Runs `f` on the open descriptor of `name`, opening it for writing if needed.
    fn with_file<T>(
        &self,
        name: &str,
        f: impl FnOnce(&mut File) -> io::Result<T>,
    ) -> io::Result<T> {
        let mut open = self.open.borrow_mut();
        if !open.contains_key(name) {
            let file = OpenOptions::new().write(true).open(self.dir.join(name))?;
            open.insert(name.to_string(), file);
        }
        f(open.get_mut(name).expect("inserted above"))
    }

    fn forget(&self, name: &str) {
        self.open.borrow_mut().remove(name);
    }
}

impl Storage for DirStorage {
    fn path_of(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    fn read(&self, name: &str, max: u64) -> io::Result<Option<Vec<u8>>> {
        let path = self.dir.join(name);
        let mut file = match File::open(&path) {
            Ok(f) => f,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e),
        };
        let len = file.metadata()?.len();
        if len > max {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!("{len} bytes is too large for a save file (limit {max})"),
            ));
        }
        let mut bytes = Vec::with_capacity(len as usize);
        file.read_to_end(&mut bytes)?;
        Ok(Some(bytes))
    }

    fn exists(&self, name: &str) -> io::Result<bool> {
        self.dir.join(name).try_exists()
    }

    fn create(&self, name: &str) -> io::Result<()> {
        let file = File::create(self.dir.join(name))?;
        self.open.borrow_mut().insert(name.to_string(), file);
        Ok(())
    }

    fn write_at(&self, name: &str, offset: u64, bytes: &[u8]) -> io::Result<()> {
        self.with_file(name, |f| {
            f.seek(SeekFrom::Start(offset))?;
            f.write_all(bytes)
        })
    }

    fn set_len(&self, name: &str, len: u64) -> io::Result<()> {
        self.with_file(name, |f| f.set_len(len))
    }

    fn sync(&self, name: &str) -> io::Result<()> {
        let result = self.with_file(name, |f| f.sync_data());
        if result.is_err() {
            // After a failed fsync the kernel may have dropped the dirty pages and will report
            // success next time: never reuse this descriptor's verdict.
            self.forget(name);
        }
        result
    }

    fn rename(&self, from: &str, to: &str) -> io::Result<()> {
        fs::rename(self.dir.join(from), self.dir.join(to))?;
        let mut open = self.open.borrow_mut();
        open.remove(to);
        if let Some(f) = open.remove(from) {
            open.insert(to.to_string(), f);
        }
        Ok(())
    }

    fn remove(&self, name: &str) -> io::Result<()> {
        self.forget(name);
        fs::remove_file(self.dir.join(name))
    }

    fn sync_dir(&self) -> io::Result<()> {
        #[cfg(unix)]
        {
            File::open(&self.dir)?.sync_all()
        }
        #[cfg(not(unix))]
        {
            Ok(())
        }
    }
}
