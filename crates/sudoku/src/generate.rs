//! Random puzzles from a seed, for tests and benchmarks: fill a grid, then
//! take clues away.
//!
//! The same seed gives the same puzzles on every machine (the generator is a
//! SplitMix64 sequence, and the solver it uses is deterministic), so a
//! failing test names a seed that reproduces it.
//!
//! ```
//! use dancing_sudoku::{generate::Generator, Engine, Shape, Solver};
//!
//! let mut generator = Generator::new(7);
//! let puzzle = generator.unique_puzzle(Shape::CLASSIC, 0);
//! assert!(Solver::new(Engine::Dlx).is_unique(&puzzle)?);
//! let broken = generator.unsolvable_puzzle(Shape::CLASSIC);
//! assert!(broken.conflicts().is_empty());
//! assert_eq!(Solver::new(Engine::Dlx).count_up_to(&broken, 1)?, 0);
//! # Ok::<(), dancing_sudoku::SolveError>(())
//! ```

use crate::engine::Engine;
use crate::grid::{Grid, Shape};
use crate::solver::Solver;

/// A seeded source of grids and puzzles.
#[derive(Debug)]
pub struct Generator {
    state: u64,
    solver: Solver,
}

impl Generator {
    /// A generator whose output is fixed by `seed`.
    pub fn new(seed: u64) -> Generator {
        Generator {
            state: seed,
            solver: Solver::new(Engine::Dlx),
        }
    }

    /// The next number of the SplitMix64 sequence.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (`bound > 0`).
    pub fn below(&mut self, bound: usize) -> usize {
        // The modulo bias is far below anything a test could notice.
        (self.next_u64() % bound as u64) as usize
    }

    /// Shuffles `items` in place (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for k in (1..items.len()).rev() {
            let j = self.below(k + 1);
            items.swap(k, j);
        }
    }

    /// A random complete grid of `shape`.
    pub fn solution(&mut self, shape: Shape) -> Grid {
        let n = shape.size();
        loop {
            // A random first row and a few random consistent digits, completed
            // by the solver, then relabelled and with rows and columns moved
            // within their bands and stacks.
            let mut seed = Grid::new(shape);
            let mut digits: Vec<u8> = (1..=n as u8).collect();
            self.shuffle(&mut digits);
            for (col, &digit) in digits.iter().enumerate() {
                seed.set(0, col, Some(digit));
            }
            for _ in 0..if n > 1 { n } else { 0 } {
                let (row, col, digit) = (
                    1 + self.below(n - 1),
                    self.below(n),
                    1 + self.below(n) as u8,
                );
                if seed.get(row, col).is_none() {
                    seed.set(row, col, Some(digit));
                    if !seed.conflicts().is_empty() {
                        seed.set(row, col, None);
                    }
                }
            }
            let Ok(Some(grid)) = self.solver.solve(&seed) else {
                continue;
            };
            return self.shuffle_symmetries(&grid);
        }
    }

    /// `grid` with its digits relabelled, rows permuted within bands, bands
    /// permuted, and likewise for columns: still a valid grid.
    fn shuffle_symmetries(&mut self, grid: &Grid) -> Grid {
        let shape = grid.shape();
        let n = shape.size();
        let mut labels: Vec<u8> = (0..=n as u8).collect();
        self.shuffle(&mut labels[1..]);
        let rows = self.line_permutation(n, shape.box_rows());
        let cols = self.line_permutation(n, shape.box_cols());
        let mut shuffled = Grid::new(shape);
        for (row, &from_row) in rows.iter().enumerate() {
            for (col, &from_col) in cols.iter().enumerate() {
                let digit = grid.get(from_row, from_col).map(|d| labels[d as usize]);
                shuffled.set(row, col, digit);
            }
        }
        shuffled
    }

    /// A permutation of `0..n` that keeps groups of `group` lines together
    /// (bands or stacks), shuffling the groups and the lines within each.
    fn line_permutation(&mut self, n: usize, group: usize) -> Vec<usize> {
        let mut groups: Vec<usize> = (0..n / group).collect();
        self.shuffle(&mut groups);
        let mut lines = Vec::with_capacity(n);
        for g in groups {
            let mut within: Vec<usize> = (0..group).map(|k| g * group + k).collect();
            self.shuffle(&mut within);
            lines.extend(within);
        }
        lines
    }

    /// A puzzle with `clues` givens from a random grid, taken at random: it
    /// has at least one solution, and often several when `clues` is small.
    pub fn puzzle(&mut self, shape: Shape, clues: usize) -> Grid {
        let mut puzzle = self.solution(shape);
        let mut cells: Vec<usize> = (0..shape.cell_count()).collect();
        self.shuffle(&mut cells);
        let n = shape.size();
        for &cell in cells.iter().take(shape.cell_count().saturating_sub(clues)) {
            puzzle.set(cell / n, cell % n, None);
        }
        puzzle
    }

    /// A puzzle with exactly one solution: clues are taken away in random
    /// order as long as the solution stays unique, down to `min_clues` (0 for
    /// a minimal puzzle, from which no clue can be taken).
    pub fn unique_puzzle(&mut self, shape: Shape, min_clues: usize) -> Grid {
        let mut puzzle = self.solution(shape);
        let n = shape.size();
        let mut cells: Vec<usize> = (0..shape.cell_count()).collect();
        self.shuffle(&mut cells);
        let mut clues = shape.cell_count();
        for cell in cells {
            if clues <= min_clues {
                break;
            }
            let (row, col) = (cell / n, cell % n);
            let digit = puzzle.get(row, col);
            puzzle.set(row, col, None);
            if self.solver.is_unique(&puzzle) == Ok(true) {
                clues -= 1;
            } else {
                puzzle.set(row, col, digit);
            }
        }
        puzzle
    }

    /// A puzzle whose givens do not contradict each other but which has no
    /// solution: a unique puzzle with one empty cell given a digit that its
    /// row, column and box allow but the solution does not hold. Any
    /// solution of it would be a second solution of the unique puzzle.
    pub fn unsolvable_puzzle(&mut self, shape: Shape) -> Grid {
        loop {
            let mut puzzle = self.unique_puzzle(shape, 0);
            let Ok(Some(solution)) = self.solver.solve(&puzzle) else {
                continue;
            };
            let n = shape.size();
            let mut cells: Vec<usize> = (0..shape.cell_count()).collect();
            self.shuffle(&mut cells);
            for cell in cells {
                let (row, col) = (cell / n, cell % n);
                if puzzle.get(row, col).is_some() {
                    continue;
                }
                for digit in 1..=n as u8 {
                    if Some(digit) == solution.get(row, col) {
                        continue;
                    }
                    puzzle.set(row, col, Some(digit));
                    if puzzle.conflicts().is_empty() {
                        return puzzle;
                    }
                    puzzle.set(row, col, None);
                }
            }
        }
    }
}
