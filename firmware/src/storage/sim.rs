//! A simulated save directory for tests: it keeps what was written but not yet fsync'd apart
//! from what is durable, and at a chosen call it can fail (ENOSPC, EIO, a short write, an fsync
//! that loses the data, a card turned read-only) or show every state a crash could leave
//! behind (everything unsynced dropped, a prefix of it kept, the last write torn at a byte,
//! unsynced changes persisted out of order). Models: TigerBeetle's storage fault injection and
//! the crash states of ALICE / CrashMonkey.

use super::Storage;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::io;
use std::path::PathBuf;
use std::rc::Rc;

/// A fault injected at one call.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fault {
    /// A create, write or truncate fails with "no space left on device"; nothing is written.
    NoSpace,
    /// A write stores its first half, then fails with "no space left on device".
    ShortWrite,
    /// The call fails with an I/O error (any call, reads included).
    Io,
    /// An fsync fails with an I/O error and the file's unsynced writes are lost for good, as on
    /// Linux, where the dirty pages are dropped and the next fsync reports success.
    SyncLost,
    /// From this call on every change fails with "read-only file system" (a dying SD card).
    ReadOnly,
}

impl Fault {
    pub const ALL: [Fault; 5] = [
        Fault::NoSpace,
        Fault::ShortWrite,
        Fault::Io,
        Fault::SyncLost,
        Fault::ReadOnly,
    ];

    /// Can this fault happen at a call of this kind?
    pub fn applies_to(self, call: Call) -> bool {
        match self {
            Fault::NoSpace => matches!(call, Call::Create | Call::Write | Call::SetLen),
            Fault::ShortWrite => call == Call::Write,
            Fault::Io => true,
            Fault::SyncLost => call == Call::Sync,
            Fault::ReadOnly => call.changes(),
        }
    }
}

/// The kinds of call, as counted by the simulation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Call {
    Read,
    Exists,
    Create,
    Write,
    SetLen,
    Sync,
    Rename,
    Remove,
    SyncDir,
}

impl Call {
    pub fn changes(self) -> bool {
        !matches!(self, Call::Read | Call::Exists)
    }
}

#[derive(Clone, Debug)]
enum DataOp {
    Write { offset: u64, bytes: Vec<u8> },
    SetLen(u64),
}

impl DataOp {
    fn apply(&self, data: &mut Vec<u8>) {
        match self {
            DataOp::Write { offset, bytes } => {
                let at = *offset as usize;
                if data.len() < at + bytes.len() {
                    data.resize(at + bytes.len(), 0);
                }
                data[at..at + bytes.len()].copy_from_slice(bytes);
            }
            DataOp::SetLen(len) => data.resize(*len as usize, 0),
        }
    }
}

#[derive(Clone, Debug)]
enum NameOp {
    Link { name: String, ino: usize },
    Rename { from: String, to: String },
    Remove { name: String },
}

impl NameOp {
    fn apply(&self, names: &mut BTreeMap<String, usize>) {
        match self {
            NameOp::Link { name, ino } => {
                names.insert(name.clone(), *ino);
            }
            NameOp::Rename { from, to } => {
                if let Some(ino) = names.remove(from) {
                    names.insert(to.clone(), ino);
                }
            }
            NameOp::Remove { name } => {
                names.remove(name);
            }
        }
    }
}

/// A change made but not yet durable, in the order the calls made them.
#[derive(Clone, Debug)]
enum Unsynced {
    Data { ino: usize, op: DataOp },
    Name(NameOp),
}

#[derive(Clone, Debug, Default)]
struct Inode {
    /// What reads see (the page cache).
    data: Vec<u8>,
    /// What survives a crash.
    durable: Vec<u8>,
}

/// Called after every call that changes something, with the storage as it then stands.
pub type Observer = Box<dyn FnMut(&SimStorage, Call)>;

#[derive(Clone, Debug, Default)]
struct State {
    inodes: Vec<Inode>,
    names: BTreeMap<String, usize>,
    durable_names: BTreeMap<String, usize>,
    unsynced: Vec<Unsynced>,
    calls: u64,
    /// The kind of every call made, in order.
    trace: Vec<Call>,
    fault: Option<(u64, Fault)>,
    read_only: bool,
    injected: u64,
    syncs: u64,
    /// Writes that fail with ENOSPC until space comes back (a full card), counted down.
    full_for: u64,
}

/// The simulated directory. A clone is another handle on the same directory (a test keeps
/// one while the save code owns another); [`SimStorage::fork`] copies the contents.
#[derive(Clone, Default)]
pub struct SimStorage {
    state: Rc<RefCell<State>>,
    observer: Rc<RefCell<Option<Observer>>>,
}

impl std::fmt::Debug for SimStorage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let s = self.state.borrow();
        f.debug_struct("SimStorage")
            .field("files", &s.names.keys().collect::<Vec<_>>())
            .field("calls", &s.calls)
            .finish()
    }
}

fn err(kind: io::ErrorKind, what: &str) -> io::Error {
    io::Error::new(kind, what.to_string())
}

fn no_space() -> io::Error {
    err(io::ErrorKind::Other, "No space left on device (simulated)")
}

fn not_found(name: &str) -> io::Error {
    err(
        io::ErrorKind::NotFound,
        &format!("{name}: no such file (simulated)"),
    )
}

impl SimStorage {
    pub fn new() -> Self {
        SimStorage::default()
    }

    /// An independent copy of the directory as it stands (a fork of the timeline), with the
    /// same call count and pending fault, without the observer.
    pub fn fork(&self) -> SimStorage {
        SimStorage {
            state: Rc::new(RefCell::new(self.state.borrow().clone())),
            observer: Rc::default(),
        }
    }

    /// Calls made so far (reads included).
    pub fn calls(&self) -> u64 {
        self.state.borrow().calls
    }
    /// The kinds of the calls made from call number `from` on.
    pub fn call_kinds(&self, from: u64) -> Vec<Call> {
        let s = self.state.borrow();
        s.trace.get(from as usize..).unwrap_or_default().to_vec()
    }
    /// fsyncs of files and of the directory made so far.
    pub fn syncs(&self) -> u64 {
        self.state.borrow().syncs
    }
    /// Faults that actually happened.
    pub fn injected(&self) -> u64 {
        self.state.borrow().injected
    }

    /// Makes call number `call` (counted from 0, reads included) fail with `fault`.
    pub fn fail_at(&self, call: u64, fault: Fault) {
        self.state.borrow_mut().fault = Some((call, fault));
    }

    /// The next `writes` creates/writes/truncates fail with ENOSPC (a full card), then space
    /// comes back.
    pub fn fill_up(&self, writes: u64) {
        self.state.borrow_mut().full_for = writes;
    }

    /// Space is back / the card is writable again.
    pub fn heal(&self) {
        let mut s = self.state.borrow_mut();
        s.full_for = 0;
        s.read_only = false;
        s.fault = None;
    }

    pub fn set_observer(&self, observer: Option<Observer>) {
        *self.observer.borrow_mut() = observer;
    }

    /// The current (page-cache) contents of a file, for tests.
    pub fn contents(&self, name: &str) -> Option<Vec<u8>> {
        let s = self.state.borrow();
        s.names.get(name).map(|&i| s.inodes[i].data.clone())
    }

    /// Every state a crash right now could leave on the card: all unsynced changes dropped,
    /// each prefix of them kept, the next change torn at sample bytes (writes), and every
    /// prefix with one earlier change missing (out-of-order write-back).
    pub fn crash_images(&self) -> Vec<SimStorage> {
        let s = self.state.borrow();
        let n = s.unsynced.len();
        // (the unsynced changes kept, and a write torn at a byte)
        type Subset = (Vec<usize>, Option<(usize, usize)>);
        let mut subsets: Vec<Subset> = Vec::new();
        for j in 0..=n {
            let prefix: Vec<usize> = (0..j).collect();
            if let Some(Unsynced::Data {
                op: DataOp::Write { bytes, .. },
                ..
            }) = s.unsynced.get(j)
            {
                for cut in tear_points(bytes.len()) {
                    subsets.push((prefix.clone(), Some((j, cut))));
                }
            }
            if j >= 2 {
                for missing in 0..j - 1 {
                    let mut out = prefix.clone();
                    out.remove(missing);
                    subsets.push((out, None));
                }
            }
            subsets.push((prefix, None));
        }
        subsets
            .into_iter()
            .map(|(kept, torn)| s.image(&kept, torn))
            .collect()
    }

    /// The state after a crash that dropped every unsynced change.
    pub fn crash(&self) -> SimStorage {
        self.state.borrow().image(&[], None)
    }

    /// Counts a call and decides whether it fails. `Ok(Some(fault))` for a fault the caller
    /// must act out itself (short write, lost fsync).
    fn begin(&self, call: Call) -> io::Result<Option<Fault>> {
        let mut s = self.state.borrow_mut();
        let n = s.calls;
        s.calls += 1;
        s.trace.push(call);
        if call.changes() && s.read_only {
            return Err(err(
                io::ErrorKind::Other,
                "Read-only file system (simulated)",
            ));
        }
        if s.full_for > 0 && matches!(call, Call::Create | Call::Write | Call::SetLen) {
            s.full_for -= 1;
            s.injected += 1;
            return Err(no_space());
        }
        match s.fault {
            Some((at, fault)) if at == n && fault.applies_to(call) => {
                s.injected += 1;
                match fault {
                    Fault::NoSpace => Err(no_space()),
                    Fault::Io => Err(err(io::ErrorKind::Other, "Input/output error (simulated)")),
                    Fault::ReadOnly => {
                        s.read_only = true;
                        Err(err(
                            io::ErrorKind::Other,
                            "Read-only file system (simulated)",
                        ))
                    }
                    Fault::ShortWrite | Fault::SyncLost => Ok(Some(fault)),
                }
            }
            _ => Ok(None),
        }
    }

    fn observe(&self, call: Call) {
        let taken = self.observer.borrow_mut().take();
        if let Some(mut f) = taken {
            f(self, call);
            let mut slot = self.observer.borrow_mut();
            if slot.is_none() {
                *slot = Some(f);
            }
        }
    }

    fn ino(&self, name: &str) -> io::Result<usize> {
        self.state
            .borrow()
            .names
            .get(name)
            .copied()
            .ok_or_else(|| not_found(name))
    }

    fn data_op(&self, ino: usize, op: DataOp) {
        let mut s = self.state.borrow_mut();
        op.apply(&mut s.inodes[ino].data);
        s.unsynced.push(Unsynced::Data { ino, op });
    }

    fn name_op(&self, op: NameOp) {
        let mut s = self.state.borrow_mut();
        op.apply(&mut s.names);
        s.unsynced.push(Unsynced::Name(op));
    }

    /// Runs a changing call and tells the observer, whatever its outcome.
    fn changing<T>(
        &self,
        call: Call,
        f: impl FnOnce(Option<Fault>) -> io::Result<T>,
    ) -> io::Result<T> {
        let result = self.begin(call).and_then(f);
        self.observe(call);
        result
    }
}

/// Where a torn write is cut: every byte of a short record, sample bytes of a long write.
fn tear_points(len: usize) -> Vec<usize> {
    if len <= 48 {
        (1..len).collect()
    } else {
        let mut v: Vec<usize> = (1..8).chain((1..8).map(|k| k * len / 8)).collect();
        v.push(len - 1);
        v.sort_unstable();
        v.dedup();
        v
    }
}

impl State {
    /// The card after a crash that kept the durable state plus the unsynced changes `kept`
    /// (indices into `unsynced`, in order) and, if `torn`, the first `cut` bytes of write `j`.
    fn image(&self, kept: &[usize], torn: Option<(usize, usize)>) -> SimStorage {
        let mut names = self.durable_names.clone();
        let mut data: Vec<Vec<u8>> = self.inodes.iter().map(|i| i.durable.clone()).collect();
        for &k in kept {
            match &self.unsynced[k] {
                Unsynced::Data { ino, op } => op.apply(&mut data[*ino]),
                Unsynced::Name(op) => op.apply(&mut names),
            }
        }
        if let Some((j, cut)) = torn {
            if let Unsynced::Data {
                ino,
                op: DataOp::Write { offset, bytes },
            } = &self.unsynced[j]
            {
                DataOp::Write {
                    offset: *offset,
                    bytes: bytes[..cut].to_vec(),
                }
                .apply(&mut data[*ino]);
            }
        }
        let inodes = data
            .into_iter()
            .map(|d| Inode {
                data: d.clone(),
                durable: d,
            })
            .collect();
        SimStorage {
            state: Rc::new(RefCell::new(State {
                inodes,
                durable_names: names.clone(),
                names,
                ..State::default()
            })),
            observer: Rc::default(),
        }
    }
}

impl Storage for SimStorage {
    fn path_of(&self, name: &str) -> PathBuf {
        PathBuf::from("sim").join(name)
    }

    fn read(&self, name: &str, max: u64) -> io::Result<Option<Vec<u8>>> {
        self.begin(Call::Read)?;
        let s = self.state.borrow();
        match s.names.get(name) {
            None => Ok(None),
            Some(&i) if s.inodes[i].data.len() as u64 > max => {
                Err(err(io::ErrorKind::InvalidData, "too large for a save file"))
            }
            Some(&i) => Ok(Some(s.inodes[i].data.clone())),
        }
    }

    fn exists(&self, name: &str) -> io::Result<bool> {
        self.begin(Call::Exists)?;
        Ok(self.state.borrow().names.contains_key(name))
    }

    fn create(&self, name: &str) -> io::Result<()> {
        self.changing(Call::Create, |_| {
            match self.ino(name) {
                Ok(ino) => self.data_op(ino, DataOp::SetLen(0)),
                Err(_) => {
                    let ino = {
                        let mut s = self.state.borrow_mut();
                        s.inodes.push(Inode::default());
                        s.inodes.len() - 1
                    };
                    self.name_op(NameOp::Link {
                        name: name.to_string(),
                        ino,
                    });
                }
            }
            Ok(())
        })
    }

    fn write_at(&self, name: &str, offset: u64, bytes: &[u8]) -> io::Result<()> {
        self.changing(Call::Write, |fault| {
            let ino = self.ino(name)?;
            if fault == Some(Fault::ShortWrite) {
                let half = bytes.len() / 2;
                self.data_op(
                    ino,
                    DataOp::Write {
                        offset,
                        bytes: bytes[..half].to_vec(),
                    },
                );
                return Err(no_space());
            }
            self.data_op(
                ino,
                DataOp::Write {
                    offset,
                    bytes: bytes.to_vec(),
                },
            );
            Ok(())
        })
    }

    fn set_len(&self, name: &str, len: u64) -> io::Result<()> {
        self.changing(Call::SetLen, |_| {
            let ino = self.ino(name)?;
            self.data_op(ino, DataOp::SetLen(len));
            Ok(())
        })
    }

    fn sync(&self, name: &str) -> io::Result<()> {
        self.changing(Call::Sync, |fault| {
            let ino = self.ino(name)?;
            let mut s = self.state.borrow_mut();
            s.syncs += 1;
            let (mine, rest): (Vec<Unsynced>, Vec<Unsynced>) = std::mem::take(&mut s.unsynced)
                .into_iter()
                .partition(|u| matches!(u, Unsynced::Data { ino: i, .. } if *i == ino));
            s.unsynced = rest;
            if fault == Some(Fault::SyncLost) {
                // The dirty pages are gone: what was durable stays, the rest never will be.
                return Err(err(
                    io::ErrorKind::Other,
                    "Input/output error (simulated fsync)",
                ));
            }
            for u in mine {
                if let Unsynced::Data { op, .. } = u {
                    op.apply(&mut s.inodes[ino].durable);
                }
            }
            Ok(())
        })
    }

    fn rename(&self, from: &str, to: &str) -> io::Result<()> {
        self.changing(Call::Rename, |_| {
            self.ino(from)?;
            self.name_op(NameOp::Rename {
                from: from.to_string(),
                to: to.to_string(),
            });
            Ok(())
        })
    }

    fn remove(&self, name: &str) -> io::Result<()> {
        self.changing(Call::Remove, |_| {
            self.ino(name)?;
            self.name_op(NameOp::Remove {
                name: name.to_string(),
            });
            Ok(())
        })
    }

    fn sync_dir(&self) -> io::Result<()> {
        self.changing(Call::SyncDir, |_| {
            let mut s = self.state.borrow_mut();
            s.syncs += 1;
            let (names, rest): (Vec<Unsynced>, Vec<Unsynced>) = std::mem::take(&mut s.unsynced)
                .into_iter()
                .partition(|u| matches!(u, Unsynced::Name(_)));
            s.unsynced = rest;
            for u in names {
                if let Unsynced::Name(op) = u {
                    op.apply(&mut s.durable_names);
                }
            }
            Ok(())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unsynced_writes_are_lost_in_a_crash_and_synced_ones_kept() {
        let s = SimStorage::new();
        s.create("a").unwrap();
        s.write_at("a", 0, b"hello").unwrap();
        s.sync("a").unwrap();
        // The file's name is not durable until the directory is synced.
        assert_eq!(s.crash().contents("a"), None);
        s.sync_dir().unwrap();
        s.write_at("a", 5, b" world").unwrap();
        assert_eq!(s.crash().contents("a").unwrap(), b"hello");
        assert_eq!(s.contents("a").unwrap(), b"hello world");
        let images = s.crash_images();
        // Torn at every byte of the unsynced write, plus none and all of it.
        let mut seen: Vec<Vec<u8>> = images.iter().filter_map(|i| i.contents("a")).collect();
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), 7, "{seen:?}");
    }

    #[test]
    fn a_lost_fsync_reports_an_error_once_and_the_data_never_becomes_durable() {
        let s = SimStorage::new();
        s.create("a").unwrap();
        s.sync_dir().unwrap();
        s.write_at("a", 0, b"xyz").unwrap();
        s.fail_at(s.calls(), Fault::SyncLost);
        assert!(s.sync("a").is_err());
        // As on Linux: the next fsync succeeds, but the lost write is not on the card.
        s.sync("a").unwrap();
        assert_eq!(s.contents("a").unwrap(), b"xyz");
        assert_eq!(s.crash().contents("a").unwrap(), b"");
    }

    #[test]
    fn out_of_order_write_back_is_among_the_crash_images() {
        let s = SimStorage::new();
        s.create("a").unwrap();
        s.sync_dir().unwrap();
        s.write_at("a", 0, b"1").unwrap();
        s.write_at("a", 1, b"2").unwrap();
        let images: Vec<Vec<u8>> = s
            .crash_images()
            .iter()
            .filter_map(|i| i.contents("a"))
            .collect();
        assert!(
            images.contains(&vec![0, b'2']),
            "second write without the first"
        );
        assert!(images.contains(&b"12".to_vec()));
        assert!(images.contains(&Vec::new()));
    }

    #[test]
    fn read_only_and_full_cards_refuse_changes() {
        let s = SimStorage::new();
        s.create("a").unwrap();
        s.fail_at(s.calls(), Fault::ReadOnly);
        assert!(s.write_at("a", 0, b"x").is_err());
        assert!(s.create("b").is_err());
        assert!(s.read("a", 100).unwrap().is_some());
        s.heal();
        s.fill_up(2);
        assert!(s.write_at("a", 0, b"x").is_err());
        assert!(s.write_at("a", 0, b"x").is_err());
        s.write_at("a", 0, b"x").unwrap();
        assert_eq!(s.injected(), 3);
    }
}
