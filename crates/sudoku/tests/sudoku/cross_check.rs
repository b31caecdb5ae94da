//! Every engine against the others, on puzzles the tests make themselves:
//! unique, with several solutions, with none, and with contradictory givens.
//! Every solution is checked against the rules; the counts are checked
//! against a second exact-cover model (the givens as options instead of
//! pre-covered) and the first solutions of the row-major engines against
//! the smallest of all the solutions.

use dancing::expert::ExactCover;
use std::ops::ControlFlow;

use bumpalo::Bump;
use dancing_sudoku::exact_cover::SudokuCover;
use dancing_sudoku::generate::Generator;
use dancing_sudoku::{Engine, Grid, Outcome, Shape, SolveError, Solver};
use proptest::prelude::*;

use super::common::{assert_solves, grid};
use dancing::expert::Search;

/// The engines that walk the same tree: cells in reading order, digits
/// ascending.
const ROW_MAJOR: [Engine; 3] = [Engine::Naive, Engine::BlankList, Engine::Stack];

/// Every solution of `puzzle` up to `limit`, by the named exact-cover model
/// on the engine directly, as sorted lines.
fn all_solutions(puzzle: &Grid, limit: usize) -> Vec<String> {
    let cover = SudokuCover::new(puzzle).expect("consistent givens");
    let bump = Bump::new();
    let mut solver = dancing::expert::Solver::new(cover.problem(), &bump);
    let mut lines = Vec::new();
    solver.search(|solution| {
        lines.push(cover.decode(solution.options()).to_line());
        if lines.len() == limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    lines.sort();
    lines
}

/// Runs every engine on `puzzle` with `limit`, checks that they agree and
/// that what they found is right, and returns the count.
fn check_engines(puzzle: &Grid, limit: u64) -> u64 {
    let mut results: Vec<(Engine, Outcome, Grid)> = Vec::new();
    for engine in Engine::ALL {
        let mut solution = Grid::default();
        let outcome = Solver::new(engine)
            .search(puzzle, limit, &mut solution)
            .unwrap_or_else(|e| panic!("{engine} on {puzzle}: {e}"));
        assert!(outcome.solutions <= limit);
        if outcome.solutions > 0 {
            assert_solves(&solution, puzzle);
        } else {
            assert_eq!(&solution, puzzle, "{engine}: no solution leaves the puzzle");
        }
        results.push((engine, outcome, solution));
    }
    let count = results[0].1.solutions;
    for (engine, outcome, _) in &results {
        assert_eq!(
            outcome.solutions, count,
            "{engine} disagrees with dlx on {puzzle}"
        );
    }

    // The row-major engines walk one tree: same nodes, same first solution.
    let row_major: Vec<&(Engine, Outcome, Grid)> = results
        .iter()
        .filter(|(engine, ..)| ROW_MAJOR.contains(engine))
        .collect();
    for pair in row_major.windows(2) {
        assert_eq!(
            pair[0].1, pair[1].1,
            "{} and {} on {puzzle}",
            pair[0].0, pair[1].0
        );
        assert_eq!(
            pair[0].2, pair[1].2,
            "{} and {} on {puzzle}",
            pair[0].0, pair[1].0
        );
    }

    // A second model: givens as single options. Same count; and the
    // row-major first solution is the smallest line of all.
    let enumerated = all_solutions(puzzle, limit as usize);
    assert_eq!(
        enumerated.len() as u64,
        count,
        "the named model on {puzzle}"
    );
    if count > 0 && count < limit {
        // All solutions were enumerated, so the smallest is among them.
        assert_eq!(
            row_major[0].2.to_line(),
            enumerated[0],
            "the row-major first is the smallest"
        );
    }
    if count == 1 {
        for (engine, _, solution) in &results {
            assert_eq!(solution.to_line(), enumerated[0], "{engine}");
        }
    }
    count
}

#[test]
fn unique_puzzles_minimal_and_easy() {
    let mut generator = Generator::new(2024);
    for k in 0..40 {
        let min_clues = if k % 2 == 0 { 0 } else { 32 };
        let puzzle = generator.unique_puzzle(Shape::CLASSIC, min_clues);
        assert_eq!(check_engines(&puzzle, 2), 1, "{puzzle}");
        assert_eq!(check_engines(&puzzle, 1), 1, "{puzzle}");
    }
}

#[test]
fn puzzles_with_several_solutions() {
    let mut generator = Generator::new(99);
    let mut several = 0;
    for k in 0..40 {
        let puzzle = generator.puzzle(Shape::CLASSIC, 22 + k % 8);
        let count = check_engines(&puzzle, 30);
        assert!(
            count >= 1,
            "a puzzle cut from a grid has that grid as a solution"
        );
        several += u64::from(count > 1);
        // Counting to 2 agrees with counting further.
        assert_eq!(check_engines(&puzzle, 2), count.min(2));
    }
    assert!(
        several >= 20,
        "the corpus must hold puzzles with several solutions ({several})"
    );
}

#[test]
fn puzzles_without_solution() {
    let mut generator = Generator::new(7);
    for _ in 0..15 {
        let puzzle = generator.unsolvable_puzzle(Shape::CLASSIC);
        assert!(puzzle.conflicts().is_empty());
        assert_eq!(check_engines(&puzzle, 2), 0, "{puzzle}");
    }
    // Consistent givens, and r1c9 has no digit left.
    let dead_cell = grid(&format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63)));
    assert_eq!(check_engines(&dead_cell, 5), 0);
}

#[test]
fn contradictory_givens_are_invalid_for_every_engine() {
    let mut generator = Generator::new(11);
    for _ in 0..10 {
        let mut puzzle = generator.unique_puzzle(Shape::CLASSIC, 30);
        // Copy a given into an empty cell of its row.
        let row = (0..9)
            .find(|&r| {
                (0..9).any(|c| puzzle.get(r, c).is_some())
                    && (0..9).any(|c| puzzle.get(r, c).is_none())
            })
            .unwrap();
        let given = (0..9).find_map(|c| puzzle.get(row, c)).unwrap();
        let empty = (0..9).find(|&c| puzzle.get(row, c).is_none()).unwrap();
        puzzle.set(row, empty, Some(given));
        let conflicts = puzzle.conflicts();
        assert!(!conflicts.is_empty());
        for engine in Engine::ALL {
            let error = Solver::new(engine).solve(&puzzle).unwrap_err();
            assert_eq!(
                error,
                SolveError::Contradiction(conflicts.clone()),
                "{engine}"
            );
        }
        assert!(SudokuCover::new(&puzzle).is_err());
        assert!(dancing_sudoku::to_dlx(&puzzle).is_err());
    }
}

#[test]
fn edge_cases_empty_full_and_nearly_full_grids() {
    let empty = Grid::default();
    assert_eq!(check_engines(&empty, 50), 50);

    let full = Generator::new(5).solution(Shape::CLASSIC);
    for engine in Engine::ALL {
        let mut solution = Grid::default();
        let outcome = Solver::new(engine).search(&full, 2, &mut solution).unwrap();
        assert_eq!(
            outcome,
            Outcome {
                solutions: 1,
                nodes: 1,
                cutoff: None,
                deduced: 0,
            },
            "{engine}"
        );
        assert_eq!(solution, full);
        // A limit of 0 searches nothing.
        let outcome = Solver::new(engine).search(&full, 0, &mut solution).unwrap();
        assert_eq!(outcome, Outcome::default(), "{engine}");
    }
    let mut nearly = full.clone();
    nearly.set(4, 4, None);
    nearly.set(0, 0, None);
    assert_eq!(check_engines(&nearly, 2), 1);
}

#[test]
fn one_solver_reused_across_puzzles_gives_what_fresh_ones_give() {
    let mut generator = Generator::new(31);
    let puzzles: Vec<Grid> = (0..30)
        .map(|k| match k % 3 {
            0 => generator.unique_puzzle(Shape::CLASSIC, 0),
            1 => generator.puzzle(Shape::CLASSIC, 24),
            _ => generator.unsolvable_puzzle(Shape::CLASSIC),
        })
        .collect();
    for engine in Engine::ALL {
        let mut reused = Solver::new(engine);
        let mut solution = Grid::default();
        for puzzle in &puzzles {
            let outcome = reused.search(puzzle, 3, &mut solution).unwrap();
            let mut fresh_solution = Grid::default();
            let fresh = Solver::new(engine)
                .search(puzzle, 3, &mut fresh_solution)
                .unwrap();
            assert_eq!(outcome, fresh, "{engine} on {puzzle}");
            assert_eq!(solution, fresh_solution, "{engine} on {puzzle}");
        }
    }
}

#[test]
fn the_mrv_engine_branches_less_than_the_row_major_ones() {
    // Not a law, but on minimal puzzles fewest-candidates-first should need
    // far fewer nodes in total; a regression in the scan would show here.
    let mut generator = Generator::new(3);
    let (mut mrv, mut naive) = (0, 0);
    for _ in 0..10 {
        let puzzle = generator.unique_puzzle(Shape::CLASSIC, 0);
        let mut solution = Grid::default();
        mrv += Solver::new(Engine::Mrv)
            .search(&puzzle, 2, &mut solution)
            .unwrap()
            .nodes;
        naive += Solver::new(Engine::Naive)
            .search(&puzzle, 2, &mut solution)
            .unwrap()
            .nodes;
    }
    assert!(mrv * 2 < naive, "mrv {mrv} nodes, naive {naive}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]

    #[test]
    fn engines_agree_on_random_puzzles(seed in any::<u64>(), clues in 17usize..45) {
        let puzzle = Generator::new(seed).puzzle(Shape::CLASSIC, clues);
        let count = check_engines(&puzzle, 10);
        prop_assert!(count >= 1);
    }
}
