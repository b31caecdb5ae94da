//! The Dancing Links solver allocates nothing per puzzle once warm.
//!
//! The binary's global allocator counts per thread, and only what runs
//! inside `count_allocations`, so the tests running beside this one do not
//! disturb it.

use dancing_sudoku::generate::Generator;
use dancing_sudoku::{Engine, Grid, Shape, Solver};
use dancing_testkit::alloc::count_allocations;

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
    let (found, allocations) = count_allocations(|| round(&puzzles));
    assert_eq!(allocations, 0, "heap allocations in the steady state");
    assert!(found >= 40, "{found} solutions");
}
