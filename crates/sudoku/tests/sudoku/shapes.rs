//! Grids other than 9x9: the exact-cover engine takes them as they are; the
//! seeds' depth-first engines decline them.

use dancing::expert::ExactCover;
use dancing_sudoku::generate::Generator;
use dancing_sudoku::{Engine, Grid, Shape, SolveError, Solver};

use super::common::assert_solves;
use dancing::expert::Search;

#[test]
fn all_4x4_grids_are_counted() {
    // 288 is the known number of 4x4 Sudoku grids.
    let mut solver = Solver::new(Engine::Dlx);
    let shape = Shape::new(2, 2).unwrap();
    assert_eq!(solver.count_up_to(&Grid::new(shape), 1_000).unwrap(), 288);
    let mut puzzle = Grid::new(shape);
    puzzle.set(0, 0, Some(1));
    assert_eq!(solver.count_up_to(&puzzle, 1_000).unwrap(), 288 / 4);
}

#[test]
fn six_by_six_with_2x3_boxes() {
    let shape = Shape::new(2, 3).unwrap();
    let mut generator = Generator::new(6);
    let mut solver = Solver::new(Engine::Dlx);
    for _ in 0..20 {
        let puzzle = generator.unique_puzzle(shape, 0);
        let solution = solver.solve(&puzzle).unwrap().unwrap();
        assert_solves(&solution, &puzzle);
        assert!(solver.is_unique(&puzzle).unwrap());
        // The named model agrees.
        let cover = dancing_sudoku::exact_cover::SudokuCover::new(&puzzle).unwrap();
        let bump = bumpalo::Bump::new();
        let all = dancing::expert::Solver::new(cover.problem(), &bump).collect(3);
        assert_eq!(all.len(), 1);
        assert_eq!(cover.decode(&all[0]), solution);
    }
}

#[test]
fn sixteen_and_twenty_five() {
    let mut solver = Solver::new(Engine::Dlx);
    for (rows, cols, seed) in [(4, 4, 1), (5, 5, 2)] {
        let shape = Shape::new(rows, cols).unwrap();
        let full = Generator::new(seed).solution(shape);
        assert_solves(&full, &Grid::new(shape));
        // Half the cells taken away: still solvable, and the solution found
        // keeps the rest.
        let mut puzzle = full.clone();
        let n = shape.size();
        for cell in (0..shape.cell_count()).filter(|cell| cell % 2 == 0) {
            puzzle.set(cell / n, cell % n, None);
        }
        let solution = solver.solve(&puzzle).unwrap().expect("a solution");
        assert_solves(&solution, &puzzle);
    }
}

#[test]
fn one_solver_moves_between_shapes() {
    let mut solver = Solver::new(Engine::Dlx);
    let four = Grid::new(Shape::new(2, 2).unwrap());
    let nine = Grid::default();
    for _ in 0..2 {
        assert_eq!(solver.count_up_to(&four, 300).unwrap(), 288);
        assert_solves(&solver.solve(&nine).unwrap().unwrap(), &nine);
    }
}

#[test]
fn depth_first_engines_decline_other_shapes() {
    let shape = Shape::new(2, 3).unwrap();
    for engine in [Engine::Naive, Engine::BlankList, Engine::Mrv, Engine::Stack] {
        let error = Solver::new(engine).solve(&Grid::new(shape)).unwrap_err();
        assert_eq!(error, SolveError::UnsupportedShape { engine, shape });
        assert_eq!(
            error.to_string(),
            format!("the {engine} engine solves 9x9 grids only, not 6x6 with 2x3 boxes")
        );
        assert!(!engine.supports(shape));
    }
    assert!(Engine::Dlx.supports(shape));
}

#[test]
fn contradictions_in_other_shapes_name_their_cells() {
    let shape = Shape::new(2, 3).unwrap();
    let mut puzzle = Grid::new(shape);
    puzzle.set(0, 0, Some(6));
    puzzle.set(1, 2, Some(6)); // same 2x3 box
    let error = Solver::new(Engine::Dlx).solve(&puzzle).unwrap_err();
    assert_eq!(
        error.to_string(),
        "invalid puzzle: 6 twice in box 1 (r1c1, r2c3)"
    );
}

#[test]
fn the_bitmask_engine_counts_the_4x4_grids() {
    let mut solver = Solver::new(Engine::Bitmask);
    let empty = Grid::new(Shape::new(2, 2).unwrap());
    assert_eq!(solver.count_up_to(&empty, 1_000).unwrap(), 288);
}

#[test]
fn the_bitmask_engine_agrees_with_dancing_links_on_every_shape() {
    let shapes = [(2, 3), (3, 2), (2, 4), (3, 3), (3, 4), (4, 4), (5, 5)];
    let mut generator = Generator::new(14);
    let mut dlx = Solver::new(Engine::Dlx);
    let mut bitmask = Solver::new(Engine::Bitmask);
    for (rows, cols) in shapes {
        let shape = Shape::new(rows, cols).unwrap();
        assert!(Engine::Bitmask.supports(shape));
        // Half the clues of a random grid: some solutions, counted to a
        // limit by both.
        let puzzle = generator.puzzle(shape, shape.cell_count() / 2);
        let limit = 5;
        let expected = dlx.count_up_to(&puzzle, limit).unwrap();
        assert_eq!(
            bitmask.count_up_to(&puzzle, limit).unwrap(),
            expected,
            "{puzzle}"
        );
        let solution = bitmask.solve(&puzzle).unwrap().expect("a solution");
        assert_solves(&solution, &puzzle);
    }
}

#[test]
fn the_bitmask_engine_solves_unique_puzzles_and_unsolvable_ones() {
    let mut generator = Generator::new(15);
    let mut bitmask = Solver::new(Engine::Bitmask);
    for (rows, cols) in [(2, 3), (3, 3), (3, 4)] {
        let shape = Shape::new(rows, cols).unwrap();
        let puzzle = generator.unique_puzzle(shape, 0);
        let solution = bitmask.solve(&puzzle).unwrap().expect("a solution");
        assert_solves(&solution, &puzzle);
        assert!(bitmask.is_unique(&puzzle).unwrap());
        let broken = generator.unsolvable_puzzle(shape);
        assert_eq!(bitmask.count_up_to(&broken, 1).unwrap(), 0, "{broken}");
    }
    // Contradictory givens are an invalid puzzle, as for every engine.
    let mut twice = Grid::new(Shape::new(4, 4).unwrap());
    twice.set(0, 0, Some(16));
    twice.set(0, 15, Some(16));
    assert!(matches!(
        bitmask.solve(&twice),
        Err(SolveError::Contradiction(_))
    ));
}

#[test]
fn the_bitmask_engine_solves_a_64x64_grid_with_half_its_cells() {
    let shape = Shape::new(8, 8).unwrap();
    // The pattern grid: each row the one above shifted by a box's width,
    // each band by one more.
    let cells: Vec<u8> = (0..64 * 64)
        .map(|cell| {
            let (row, col) = (cell / 64, cell % 64);
            ((row * 8 + row / 8 + col) % 64 + 1) as u8
        })
        .collect();
    let full = Grid::from_cells(shape, &cells).unwrap();
    assert_solves(&full, &Grid::new(shape));
    let mut puzzle = full.clone();
    for cell in (0..shape.cell_count()).filter(|cell| cell % 2 == 1) {
        puzzle.set(cell / 64, cell % 64, None);
    }
    let solution = Solver::new(Engine::Bitmask)
        .solve(&puzzle)
        .unwrap()
        .expect("a solution");
    assert_solves(&solution, &puzzle);
}
