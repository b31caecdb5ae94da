//! Integration tests of `dancing-sudoku`: the seeds' samples, every engine
//! against the others on generated puzzles, the exact-cover text, the
//! formats, the readers against untrusted input, other shapes, and
//! allocation.

mod allocation;
mod bitboard;
mod common;
mod cross_check;
mod exact_cover;
mod formats;
mod parsers;
mod reference;
mod seeds;
mod shapes;
mod variants;

// Counts per thread, and only inside `count_allocations` (see the
// `allocation` module): the other tests run as they would without it.
#[global_allocator]
static ALLOCATOR: dancing_testkit::alloc::CountingAllocator =
    dancing_testkit::alloc::CountingAllocator;
