//! The Dancing Links solver allocates nothing per puzzle once warm.
//!
//! The binary's global allocator counts per thread, and only what runs
//! inside `count_allocations`, so the tests running beside this one do not
//! disturb it.

use dancing_sudoku::generate::Generator;
use dancing_sudoku::{Engine, Grid, Rules, Shape, Solver};
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
    // Warm up: the tables of the shape, the buffers grown to the largest
    // puzzle's size, and the arena, which can take two rounds to settle in
    // one chunk.
    round(&puzzles);
    round(&puzzles);
    let (found, allocations) = count_allocations(|| round(&puzzles));
    assert_eq!(allocations, 0, "heap allocations in the steady state");
    assert!(found >= 40, "{found} solutions");
}

/// `Rules::check` verifies every answer the tool prints: it walks the units
/// without building them.
#[test]
fn checking_answers_allocates_nothing() {
    let mut generator = Generator::new(7);
    let classic = Rules::classic(Shape::CLASSIC);
    let x_windows = Rules::classic(Shape::CLASSIC)
        .with_diagonals()
        .with_windows();
    for rules in [classic, x_windows] {
        let solution = generator
            .solution_with(&rules, None)
            .expect("these rules have solutions");
        let puzzle = Grid::new(Shape::CLASSIC);
        // r1c1 swapped with r2c1: rows 1 and 2 then repeat a digit.
        let mut broken = solution.clone();
        let (top, below) = (solution.get(0, 0), solution.get(1, 0));
        broken.set(0, 0, below);
        broken.set(1, 0, top);
        let (checks, allocations) = count_allocations(|| {
            (
                rules.check(&solution, &puzzle),
                rules.check(&broken, &puzzle),
            )
        });
        assert_eq!(allocations, 0, "heap allocations in check");
        assert_eq!(checks.0, Ok(()));
        assert!(checks.1.is_err(), "{:?}", checks.1);
    }
}
