//! Counting heap allocations on the current thread, for the zero-allocation checks (the
//! engines' `apply`, `pending` and legal actions make none; DESIGN.md §2). A test binary that
//! counts installs the allocator itself:
//!
//! ```ignore
//! #[global_allocator]
//! static GLOBAL: tests::alloc_count::CountingAlloc = tests::alloc_count::CountingAlloc;
//! ```
//!
//! and wraps the calls it checks in [`counted`]. Only the calling thread is counted, so other
//! tests of the binary may run beside it.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// The system allocator, counting allocations while [`counted`] runs on this thread.
pub struct CountingAlloc;

thread_local! {
    static COUNTING: Cell<bool> = const { Cell::new(false) };
    static ALLOCS: Cell<usize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note();
        System.alloc(layout)
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        note();
        System.alloc_zeroed(layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note();
        System.realloc(ptr, layout, new_size)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
}

fn note() {
    // `try_with`: the allocator may run while the thread's locals are being torn down.
    let _ = COUNTING.try_with(|c| {
        if c.get() {
            let _ = ALLOCS.try_with(|a| a.set(a.get() + 1));
        }
    });
}

/// Runs `f` and returns its result with the number of heap allocations it made on this
/// thread (0 unless the binary installed [`CountingAlloc`]).
pub fn counted<R>(f: impl FnOnce() -> R) -> (R, usize) {
    ALLOCS.with(|a| a.set(0));
    COUNTING.with(|c| c.set(true));
    let r = f();
    COUNTING.with(|c| c.set(false));
    (r, ALLOCS.with(|a| a.get()))
}
