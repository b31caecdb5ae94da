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

use crate::budget::Budget;
use crate::engine::Engine;
use crate::grid::{Grid, Shape};
use crate::rules::Rules;
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

    /// A random complete grid under `rules` (classic, X, hyper and their
    /// mixes; not jigsaw or killer, whose data this generator does not
    /// make). Digits are relabelled at random; rows and columns are moved
    /// only for classic rules, whose symmetries they are.
    pub fn solution_with(&mut self, rules: &Rules) -> Result<Grid, GenerateError> {
        if rules.is_classic() {
            return Ok(self.solution(rules.shape()));
        }
        let variant = rules.variant();
        if variant.needs_data() {
            return Err(GenerateError::Variant(variant.to_string()));
        }
        let shape = rules.shape();
        let n = shape.size();
        // A random first row, completed within a node budget (some seeds
        // lead the search astray on large grids: then another row).
        let mut solver = Solver::new(Engine::Dlx);
        solver.set_budget(Budget::default().max_nodes(20 * (n * n) as u64 + 10_000));
        loop {
            let mut seed = Grid::new(shape);
            let mut digits: Vec<u8> = (1..=n as u8).collect();
            self.shuffle(&mut digits);
            for (col, &digit) in digits.iter().enumerate() {
                seed.set(0, col, Some(digit));
            }
            let mut grid = Grid::new(shape);
            let found = solver.search_with(rules, &seed, 1, &mut grid);
            if found.is_ok_and(|outcome| outcome.solutions == 1) {
                return Ok(grid);
            }
        }
    }

    /// A minimal puzzle with exactly one solution under `rules`: clues are
    /// taken away in random order while the solution stays unique, so no
    /// clue of the result can be taken away (a clue that could not go
    /// earlier cannot go later, with fewer clues around it). With
    /// `symmetric`, clues go in pairs related by the half turn, and the
    /// result is minimal for such pairs.
    pub fn minimal_puzzle(
        &mut self,
        rules: &Rules,
        symmetric: bool,
    ) -> Result<Grid, GenerateError> {
        let mut puzzle = self.solution_with(rules)?;
        let shape = rules.shape();
        let n = shape.size();
        let mut cells: Vec<usize> = (0..shape.cell_count()).collect();
        self.shuffle(&mut cells);
        for cell in cells {
            let partner = n * n - 1 - cell;
            if symmetric && partner < cell {
                continue; // taken with its partner
            }
            let group: &[usize] = if symmetric { &[cell, partner] } else { &[cell] };
            let saved: Vec<u8> = group.iter().map(|&c| puzzle.cells()[c]).collect();
            for &c in group {
                puzzle.set(c / n, c % n, None);
            }
            if self.solver.count_with(rules, &puzzle, 2) != Ok(1) {
                for (&c, &digit) in group.iter().zip(&saved) {
                    puzzle.set(c / n, c % n, Some(digit));
                }
            }
        }
        Ok(puzzle)
    }

    /// How hard `puzzle` is for the search, under `rules` (of a unique
    /// puzzle): whether singles alone solve it (the search never branches:
    /// every level has one candidate option, so it takes one node per empty
    /// cell plus the root, proving uniqueness on the way), and the search
    /// effort, the nodes of a uniqueness search averaged over `relabelings`
    /// random relabellings of the digits (which change the order ties are
    /// broken in). Search effort, not a human difficulty grade.
    pub fn rate(
        &mut self,
        rules: &Rules,
        puzzle: &Grid,
        relabelings: usize,
    ) -> Result<Rating, crate::SolveError> {
        let n = puzzle.size();
        let blanks = (puzzle.blank_count()) as u64;
        let mut solution = Grid::new(puzzle.shape());
        let direct = self.solver.search_with(rules, puzzle, 2, &mut solution)?;
        let mut total = 0;
        let mut labels: Vec<u8> = (0..=n as u8).collect();
        for _ in 0..relabelings.max(1) {
            self.shuffle(&mut labels[1..]);
            let mut relabelled = puzzle.clone();
            for (cell, &digit) in puzzle.cells().iter().enumerate() {
                relabelled.set(
                    cell / n,
                    cell % n,
                    (digit != 0).then(|| labels[digit as usize]),
                );
            }
            total += self
                .solver
                .search_with(rules, &relabelled, 2, &mut solution)?
                .nodes;
        }
        Ok(Rating {
            singles: direct.nodes == blanks + 1,
            effort: total as f64 / relabelings.max(1) as f64,
        })
    }
}

/// What [`Generator::rate`] says of a puzzle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// Whether singles alone solve it: the search never branches.
    pub singles: bool,
    /// The search nodes of a uniqueness search, averaged over relabellings.
    pub effort: f64,
}

/// Why puzzles of some rules cannot be generated.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GenerateError {
    /// A variant whose data (regions, cages) this generator does not make.
    Variant(String),
}

impl std::fmt::Display for GenerateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GenerateError::Variant(variant) => write!(
                f,
                "cannot generate {variant} puzzles: the generator makes classic, x and hyper puzzles (and their mixes), not region maps or cages"
            ),
        }
    }
}

impl std::error::Error for GenerateError {}
