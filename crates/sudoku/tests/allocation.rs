//! The Dancing Links solver allocates nothing per puzzle once warm: its own
//! test binary, for the counting allocator.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use dancing_sudoku::generate::Generator;
use dancing_sudoku::{Engine, Grid, Shape, Solver};

struct CountingAllocator;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

// SAFETY: forwards every call to the system allocator unchanged; the counter
// is a const-initialised thread-local `Cell<u64>`, which needs no allocation
// and no destructor, so touching it from inside the allocator cannot recurse.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|count| count.set(count.get() + 1));
        // SAFETY: same contract as our caller's.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as our caller's.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|count| count.set(count.get() + 1));
        // SAFETY: same contract as our caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

#[test]
fn solving_puzzles_in_a_loop_allocates_nothing_once_warm() {
    let mut generator = Generator::new(2024);
    let puzzles: Vec<Grid> = (0..60)
        .map(|k| match k % 3 {
            0 => generator.unique_puzzle(Shape::CLASSIC, 0),
            1 => generator.puzzle(Shape::CLASSIC, 22),
            _ => generator.unsolvable_puzzle(Shape::CLASSIC),
        })
        .collect();
    let mut solver = Solver::new(Engine::Dlx);
    let mut solution = Grid::default();
    let mut round = |puzzles: &[Grid]| {
        let mut found = 0;
        for puzzle in puzzles {
            found += solver.search(puzzle, 2, &mut solution).unwrap().solutions;
        }
        found
    };
    // Warm up: the tables of the shape, and the arena, which can take two
    // rounds to settle in one chunk.
    round(&puzzles[..10]);
    round(&puzzles[..10]);
    let before = allocations();
    let found = round(&puzzles);
    assert_eq!(
        allocations() - before,
        0,
        "heap allocations in the steady state"
    );
    assert!(found >= 40, "{found} solutions");
}
