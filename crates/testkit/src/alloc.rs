//! A global allocator that counts heap allocations, per thread.
//!
//! A `#[global_allocator]` belongs to one binary, so this crate only
//! provides the type; a test binary that measures allocations installs it
//! itself, then counts what a closure allocates:
//!
//! ```
//! use dancing_testkit::alloc::{CountingAllocator, count_allocations};
//!
//! #[global_allocator]
//! static ALLOCATOR: CountingAllocator = CountingAllocator;
//!
//! fn main() {
//!     let mut buffer = Vec::with_capacity(8);
//!     let ((), allocations) = count_allocations(|| buffer.extend([1, 2, 3]));
//!     assert_eq!(allocations, 0);
//!     let (grown, allocations) = count_allocations(|| vec![0u8; 100]);
//!     assert_eq!((grown.len(), allocations), (100, 1));
//! }
//! ```
//!
//! Without the allocator installed nothing would ever be counted, so
//! [`count_allocations`] refuses to run:
//!
//! ```should_panic
//! dancing_testkit::alloc::count_allocations(|| ());
//! ```
//!
//! Counts are kept per thread, so the tests that the harness runs beside the
//! measured one (each on its own thread) do not disturb it, and
//! [`count_allocations`] counts only what its closure does on the calling
//! thread.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// The system allocator, counting the allocations (and reallocations) made
/// by each thread. Install it with `#[global_allocator]`.
#[derive(Clone, Copy, Debug, Default)]
pub struct CountingAllocator;

thread_local! {
    /// Allocations made by this thread so far.
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

fn record_allocation() {
    ALLOCATIONS.with(|count| count.set(count.get() + 1));
}

fn allocations_so_far() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

// SAFETY: every method forwards to the system allocator with the arguments
// it was given, so the `GlobalAlloc` contract holds exactly as it does for
// `System`. The bookkeeping cannot re-enter the allocator: the counter is a
// const-initialised thread-local `Cell<u64>`, which has no destructor to
// register and needs no allocation to access.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        record_allocation();
        // SAFETY: our caller upholds `GlobalAlloc::alloc`'s contract.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: our caller upholds `GlobalAlloc::dealloc`'s contract, and
        // `ptr` came from `System` through this allocator.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        record_allocation();
        // SAFETY: our caller upholds `GlobalAlloc::realloc`'s contract, and
        // `ptr` came from `System` through this allocator.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// Runs `work` and returns its result with the number of heap allocations
/// (and reallocations) it made on the calling thread.
///
/// # Panics
///
/// If [`CountingAllocator`] is not the binary's global allocator: every
/// count would then be zero, and a test of "no allocation" could not fail.
pub fn count_allocations<R>(work: impl FnOnce() -> R) -> (R, u64) {
    assert_counting();
    let before = allocations_so_far();
    let result = work();
    (result, allocations_so_far() - before)
}

/// Panics unless allocations on this thread are being counted.
fn assert_counting() {
    let before = allocations_so_far();
    // `black_box` keeps the optimiser from eliding the allocation.
    drop(std::hint::black_box(Box::new(0u8)));
    assert!(
        allocations_so_far() > before,
        "dancing_testkit::alloc::CountingAllocator is not this binary's #[global_allocator]"
    );
}
