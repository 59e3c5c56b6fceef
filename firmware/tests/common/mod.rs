//! Helpers shared by the firmware's integration tests.

#![allow(dead_code)]

pub mod x11;

use std::path::PathBuf;

/// A scratch directory, removed when dropped.
pub struct Scratch(pub PathBuf);

impl Scratch {
    /// A fresh directory in the system's temp dir, unique to this process and thread.
    pub fn new(name: &str) -> Self {
        let p = std::env::temp_dir().join(format!(
            "berlin-table-{name}-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).expect("scratch dir");
        Scratch(p)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
