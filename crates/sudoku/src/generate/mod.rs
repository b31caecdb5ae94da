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

use dancing::random::SplitMix64;

use crate::classic9::Deductions;
use crate::engine::Engine;
use crate::grid::{Grid, Shape};
use crate::rules::{Cage, Rules, Variant};
use crate::solver::Solver;
use dancing::expert::Budget;
use prove::Prover;
use singles::Singles;
use unavoidable::Unavoidable;

mod fill;
mod jigsaw;
mod killer;
mod prove;
mod series;
mod singles;
mod unavoidable;

pub use killer::MAX_CAGES;
pub use series::{Block, BlockPuzzles, Recipe, Series};

/// The largest killer puzzles [`Generator::minimal_puzzle_of`] makes: on
/// 12x12 the uniqueness searches with few clues left already take minutes
/// a puzzle.
pub const MAX_KILLER_SIZE: usize = 9;

/// The largest jigsaw puzzles [`Generator::minimal_puzzle_of`] makes: 12x12
/// takes seconds a puzzle; four 16x16 puzzles were not done in 10 minutes.
pub const MAX_JIGSAW_SIZE: usize = 12;

/// The seed of the relabellings of [`Generator::rate`].
const RATING_SEED: u64 = 1;

/// The relabellings of the digits a rating averages over, in every front
/// end (`dlx sudoku --rate`, Python's `rate`): the same puzzle, the same
/// figures.
pub const RATING_RELABELINGS: usize = 8;

/// Random first rows tried on a jigsaw region map before another map is
/// drawn.
const JIGSAW_ATTEMPTS: usize = 4;

/// A seeded source of grids and puzzles.
#[derive(Debug)]
pub struct Generator {
    random: SplitMix64,
    solver: Solver,
    /// The uniqueness proofs of [`Generator::minimal_clues`].
    prover: Prover,
    /// The singles of the last rules taken clues from.
    singles: Option<(Rules, Singles)>,
    /// The clues that must stay, by the grid's unavoidable sets.
    unavoidable: Unavoidable,
    /// The stop token of [`Generator::stop_on`], as a budget for the
    /// uniqueness searches (none by default).
    cancel: Budget,
}

impl Generator {
    /// A generator whose output is fixed by `seed`.
    pub fn new(seed: u64) -> Generator {
        let mut solver = Solver::new(Engine::Dlx);
        // Most uniqueness proofs are settled by singles alone: narrowing
        // then skips the exact cover (the answers, and so the puzzles, are
        // the same).
        solver.narrow_from(0);
        Generator {
            random: SplitMix64::new(seed),
            solver,
            prover: Prover::default(),
            singles: None,
            unavoidable: Unavoidable::default(),
            cancel: Budget::default(),
        }
    }

    /// Makes [`minimal_puzzle`](Self::minimal_puzzle) and
    /// [`minimal_puzzle_of`](Self::minimal_puzzle_of) give up with
    /// [`GenerateError::Cancelled`] soon after `stop` is requested (it is
    /// looked at between searches and every few thousand nodes within
    /// them): a large puzzle takes many long uniqueness searches, and a
    /// Ctrl-C must not wait for them.
    pub fn stop_on(&mut self, stop: &dancing::Stop) {
        self.cancel = Budget::default().stop_on(stop);
    }

    /// The next number of the SplitMix64 sequence.
    pub fn next_u64(&mut self) -> u64 {
        self.random.next_u64()
    }

    /// A number in `0..bound` (`bound > 0`).
    pub fn below(&mut self, bound: usize) -> usize {
        // The modulo bias is far below anything a test could notice, and
        // the remainder keeps the puzzles of every published seed.
        self.random.below_by_remainder(bound)
    }

    /// Shuffles `items` in place (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        self.random.shuffle_by_remainder(items);
    }

    /// A random complete grid of `shape`: by backtracking on bit masks up
    /// to 9x9 (see `fill`), by the exact cover beyond.
    pub fn solution(&mut self, shape: Shape) -> Grid {
        let n = shape.size();
        if n <= fill::MAX_FILL_SIZE {
            return self.backtracking_fill(shape);
        }
        loop {
            // A random first row and a few random consistent digits, completed
            // by the solver (reading-order backtracking has long tails on
            // large grids), then relabelled and with rows and columns moved
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
                    if !crate::unit::is_consistent(&seed) {
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

    /// A random complete grid under `rules` (any variant but killer, whose
    /// cages come from a grid: see [`Generator::cages`]), or `None` when
    /// `attempts` random first rows (no limit when `None`) all failed to
    /// lead to one within a node budget: a region map may have no grid at
    /// all. Digits are relabelled at random; rows and columns are moved
    /// only for classic rules, whose symmetries they are.
    pub fn solution_with(&mut self, rules: &Rules, attempts: Option<usize>) -> Option<Grid> {
        if rules.is_classic() {
            return Some(self.solution(rules.shape()));
        }
        let shape = rules.shape();
        let n = shape.size();
        // A random first row, completed within a node budget (some seeds
        // lead the search astray on large grids: then another row).
        let mut solver = Solver::new(Engine::Dlx);
        solver.set_budget(self.cancel.clone().max_nodes(20 * (n * n) as u64 + 10_000));
        let mut grid = Grid::new(shape);
        for _ in 0..attempts.unwrap_or(usize::MAX) {
            if self.cancel.is_cancelled() {
                return None;
            }
            let mut seed = Grid::new(shape);
            let mut digits: Vec<u8> = (1..=n as u8).collect();
            self.shuffle(&mut digits);
            for (col, &digit) in digits.iter().enumerate() {
                seed.set(0, col, Some(digit));
            }
            let found = solver.search_with(rules, &seed, 1, &mut grid);
            if found.is_ok_and(|outcome| outcome.solutions == 1) {
                return Some(grid);
            }
        }
        None
    }

    /// A minimal puzzle with exactly one solution under `rules` (classic,
    /// X, hyper and their mixes; see [`Generator::minimal_puzzle_of`] for
    /// jigsaw and killer, whose region maps and cages it makes too).
    pub fn minimal_puzzle(
        &mut self,
        rules: &Rules,
        symmetric: bool,
    ) -> Result<Grid, GenerateError> {
        let variant = rules.variant();
        if variant.needs_data() {
            return Err(GenerateError::Variant(variant.to_string()));
        }
        let solution = self
            .solution_with(rules, None)
            .ok_or(GenerateError::Cancelled)?;
        self.minimal_clues(rules, solution, symmetric)
    }

    /// A puzzle of any `variant` and its rules, with exactly one solution
    /// and minimal: no clue can be taken away (with `symmetric`, no pair of
    /// clues related by the half turn).
    ///
    /// - Jigsaw: a random [region map](Generator::region_map), drawn again
    ///   until a grid fits it (and the other rules).
    /// - Killer: random [cages](Generator::cages) over a random grid, every
    ///   cell in a cage; then the clues are taken away as for any variant,
    ///   so the puzzle is minimal in clues for those cages: the few clues
    ///   that settle what the cages leave open stay (on 9x9, 0 to 7, most
    ///   often 1 or 2). Cages are not taken away.
    ///
    /// Killer puzzles are made up to [`MAX_KILLER_SIZE`], jigsaw puzzles up
    /// to [`MAX_JIGSAW_SIZE`]; larger ones take too long.
    ///
    /// ```
    /// use dancing_sudoku::{generate::Generator, Engine, Shape, Solver, Variant};
    ///
    /// let mut generator = Generator::new(11);
    /// let killer: Variant = "killer".parse()?;
    /// let made = generator.minimal_puzzle_of(Shape::new(2, 3)?, killer, false)?;
    /// assert!(!made.rules.cages().is_empty());
    /// assert_eq!(Solver::new(Engine::Dlx).count_with(&made.rules, &made.puzzle, 2)?, 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn minimal_puzzle_of(
        &mut self,
        shape: Shape,
        variant: Variant,
        symmetric: bool,
    ) -> Result<Generated, GenerateError> {
        if variant.killer && shape.size() > MAX_KILLER_SIZE
            || variant.jigsaw && shape.size() > MAX_JIGSAW_SIZE
        {
            return Err(GenerateError::TooLarge(variant, shape));
        }
        let mut base = Rules::classic(shape);
        if variant.diagonals {
            base = base.with_diagonals();
        }
        if variant.windows {
            base = base.with_windows();
        }
        loop {
            if self.cancel.is_cancelled() {
                return Err(GenerateError::Cancelled);
            }
            let (rules, attempts) = if variant.jigsaw {
                let map = self.region_map(shape);
                let rules = base.clone().with_regions(map).expect("a valid region map");
                (rules, Some(JIGSAW_ATTEMPTS))
            } else {
                (base.clone(), None)
            };
            let Some(solution) = self.solution_with(&rules, attempts) else {
                continue; // a region map without a grid (that was found)
            };
            let rules = if variant.killer {
                let cages = self.killer_cages(&solution);
                rules.with_cages(cages).expect("cages made to fit")
            } else {
                rules
            };
            let puzzle = self.minimal_clues(&rules, solution, symmetric)?;
            return Ok(Generated { rules, puzzle });
        }
    }

    /// Cages over `solution` as small as the cage map's labels allow.
    fn killer_cages(&mut self, solution: &Grid) -> Vec<Cage> {
        let n = solution.size();
        // About 3 cells a cage, more when the labels run short.
        let mut max_size = 4.max(3 * n * n / killer::MAX_CAGES);
        loop {
            if let Some(cages) = self.cages(solution, max_size) {
                return cages;
            }
            max_size = (max_size + 1).min(n);
        }
    }

    /// Takes clues away from the complete `solution` in random order while
    /// the solution stays unique under `rules`, so no clue of the result
    /// can be taken away (a clue that could not go earlier cannot go
    /// later, with fewer clues around it). With `symmetric`, clues go in
    /// pairs related by the half turn, and the result is minimal for such
    /// pairs. Stopped (see [`Generator::stop_on`]), it gives up: a
    /// uniqueness search cut short proves nothing.
    fn minimal_clues(
        &mut self,
        rules: &Rules,
        mut puzzle: Grid,
        symmetric: bool,
    ) -> Result<Grid, GenerateError> {
        self.solver.set_budget(self.cancel.clone());
        let shape = rules.shape();
        let n = shape.size();
        let mut cells: Vec<usize> = (0..shape.cell_count()).collect();
        self.shuffle(&mut cells);
        if self.singles.as_ref().is_none_or(|(of, _)| of != rules) {
            self.singles = Some((rules.clone(), Singles::new(rules)));
        }
        let Some((_, singles)) = &mut self.singles else {
            unreachable!("the units were just made");
        };
        singles.begin(&puzzle);
        // Swapping two digits is no symmetry of killer cages.
        let mut unavoidable = rules.cages().is_empty().then(|| {
            self.unavoidable.reset(rules, &puzzle);
            &mut self.unavoidable
        });
        // Most rules are proved on the bitboard or one linked matrix (see
        // `prove`); killer cages, whose problem depends on the givens, by a
        // count to 2.
        let mut session =
            Prover::takes(rules).then(|| self.prover.start(rules, &puzzle, &cells, &self.cancel));
        for &cell in &cells {
            let partner = n * n - 1 - cell;
            if symmetric && partner < cell {
                continue; // taken with its partner
            }
            if self.cancel.is_cancelled() {
                break;
            }
            let group: &[usize] = if symmetric && partner != cell {
                &[cell, partner]
            } else {
                &[cell]
            };
            // The group's digits (one or two), with no allocation.
            let mut held = [0u8; 2];
            for (digit, &c) in held.iter_mut().zip(group) {
                *digit = puzzle.cells()[c];
            }
            let saved = &held[..group.len()];
            for &c in group {
                puzzle.set(c / n, c % n, None);
            }
            // The last given of an unavoidable set stays: a second solution
            // is known, with no search.
            if unavoidable
                .as_mut()
                .is_some_and(|sets| sets.take_leaves_bare(group))
            {
                for (&c, &digit) in group.iter().zip(saved) {
                    puzzle.set(c / n, c % n, Some(digit));
                }
                if let Some(session) = &mut session {
                    session.keep(group);
                }
                continue;
            }
            // Clues that singles give back leave the puzzle unique: no
            // search needed (most clues, until few are left).
            if singles.fill(&puzzle, group, saved) {
                if let Some(session) = &mut session {
                    session.taken(group);
                }
                continue;
            }
            let unique = match &mut session {
                Some(session) => session.decide(&puzzle, group).unwrap_or(false),
                None => self.solver.count_with(rules, &puzzle, 2) == Ok(1),
            };
            if !unique {
                for (&c, &digit) in group.iter().zip(saved) {
                    puzzle.set(c / n, c % n, Some(digit));
                }
                if let Some(sets) = unavoidable.as_mut() {
                    sets.put_back(group);
                }
                singles.put_back(group, saved);
            }
        }
        self.solver.set_budget(Budget::default());
        if self.cancel.is_cancelled() {
            return Err(GenerateError::Cancelled);
        }
        Ok(puzzle)
    }

    /// How hard `puzzle` is for the search, under `rules` (of a unique
    /// puzzle): whether singles alone solve it (the search never branches:
    /// every level has one option, so it takes one node per option of the
    /// solution plus the root, proving uniqueness on the way), and the
    /// search effort, the nodes of a uniqueness search averaged over
    /// `relabelings` random relabellings of the digits (which change the
    /// order ties are broken in). Killer sums do not survive a relabelling:
    /// there the effort is the nodes of the one search. Search effort, not
    /// a human difficulty grade.
    ///
    /// The relabellings are drawn from a sequence of their own, the same
    /// for every rating: a rating depends on the puzzle alone, and rating
    /// takes nothing from the generator's sequence, so the puzzles a seed
    /// gives are the same whether they are rated or not.
    ///
    /// A puzzle with no solution, or more than one, has no rating.
    pub fn rate(
        &mut self,
        rules: &Rules,
        puzzle: &Grid,
        relabelings: usize,
    ) -> Result<Rating, RateError> {
        // The nodes of the search after singles alone: locked candidates
        // would solve some puzzles that singles leave to the search.
        self.solver.classic_deductions(Deductions::Singles);
        let rating = self.rate_by_singles(rules, puzzle, relabelings);
        self.solver.classic_deductions(Deductions::LockedCandidates);
        rating
    }

    /// [`rate`](Self::rate), with the solver narrowing by singles only.
    fn rate_by_singles(
        &mut self,
        rules: &Rules,
        puzzle: &Grid,
        relabelings: usize,
    ) -> Result<Rating, RateError> {
        let n = puzzle.size();
        let mut solution = Grid::new(puzzle.shape());
        let direct = self.solver.search_with(rules, puzzle, 2, &mut solution)?;
        match direct.solutions {
            0 => return Err(RateError::NoSolution),
            1 => {}
            _ => return Err(RateError::NotUnique),
        }
        // Cells placed by narrowing are the search's forced moves, made
        // apart (see `Outcome::deduced`): counted back in, as nodes.
        let singles = direct.nodes + direct.deduced == options_in_solution(rules, puzzle) + 1;
        if !rules.cages().is_empty() {
            let effort = (direct.nodes + direct.deduced) as f64;
            return Ok(Rating { singles, effort });
        }
        let mut total = 0;
        let mut labels: Vec<u8> = (0..=n as u8).collect();
        let mut random = SplitMix64::new(RATING_SEED);
        for _ in 0..relabelings.max(1) {
            random.shuffle_by_remainder(&mut labels[1..]);
            let mut relabelled = puzzle.clone();
            for (cell, &digit) in puzzle.cells().iter().enumerate() {
                relabelled.set(
                    cell / n,
                    cell % n,
                    (digit != 0).then(|| labels[digit as usize]),
                );
            }
            let outcome = self
                .solver
                .search_with(rules, &relabelled, 2, &mut solution)?;
            total += outcome.nodes + outcome.deduced;
        }
        Ok(Rating {
            singles,
            effort: total as f64 / relabelings.max(1) as f64,
        })
    }
}

/// The options a Dancing Links search chooses on its way to a solution of
/// `puzzle`: one per empty cell outside the cages, one filling per cage.
fn options_in_solution(rules: &Rules, puzzle: &Grid) -> u64 {
    let mut caged = vec![false; puzzle.cells().len()];
    for cage in rules.cages() {
        for &cell in &cage.cells {
            caged[cell] = true;
        }
    }
    let free_blanks = puzzle
        .cells()
        .iter()
        .zip(&caged)
        .filter(|&(&digit, &caged)| digit == 0 && !caged)
        .count();
    (free_blanks + rules.cages().len()) as u64
}

/// A generated puzzle and its rules, with the region map or cages made for
/// it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The rules, with their data.
    pub rules: Rules,
    /// The clues.
    pub puzzle: Grid,
}

/// What [`Generator::rate`] says of a puzzle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// Whether singles alone solve it: the search never branches.
    pub singles: bool,
    /// The search nodes of a uniqueness search, averaged over relabellings.
    pub effort: f64,
}

impl Rating {
    /// The rating as it follows a puzzle of `clues` clues on its line (a
    /// comment to the line reader), the figures every front end shows:
    /// `clues=24 singles=yes search-effort=58.0`.
    pub fn words(&self, clues: usize) -> String {
        let singles = if self.singles { "yes" } else { "no" };
        format!(
            "clues={clues} singles={singles} search-effort={:.1}",
            self.effort
        )
    }
}

/// Why a puzzle has no rating.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RateError {
    /// It has no solution.
    NoSolution,
    /// It has more than one.
    NotUnique,
    /// Its givens or rules cannot be searched.
    Invalid(crate::SolveError),
}

impl From<crate::SolveError> for RateError {
    fn from(error: crate::SolveError) -> RateError {
        RateError::Invalid(error)
    }
}

impl std::fmt::Display for RateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RateError::NoSolution => f.write_str("no solution"),
            RateError::NotUnique => f.write_str("more than one solution"),
            RateError::Invalid(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for RateError {}

/// Why puzzles of some rules cannot be generated.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GenerateError {
    /// Jigsaw or killer rules given to [`Generator::minimal_puzzle`], which
    /// makes its own region maps and cages in
    /// [`Generator::minimal_puzzle_of`].
    Variant(String),
    /// Killer puzzles larger than [`MAX_KILLER_SIZE`], jigsaw puzzles
    /// larger than [`MAX_JIGSAW_SIZE`].
    TooLarge(Variant, Shape),
    /// The stop token of [`Generator::stop_on`] was raised.
    Cancelled,
}

impl std::fmt::Display for GenerateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GenerateError::Variant(variant) => write!(
                f,
                "cannot generate {variant} puzzles for a given region map or cages: minimal_puzzle_of makes its own"
            ),
            GenerateError::TooLarge(variant, shape) => {
                let (kind, most) = if variant.killer {
                    ("killer", MAX_KILLER_SIZE)
                } else {
                    ("jigsaw", MAX_JIGSAW_SIZE)
                };
                write!(
                    f,
                    "cannot generate {variant} puzzles of {shape}: {kind} puzzles are generated up to {most}x{most} (larger ones take too long)"
                )
            }
            GenerateError::Cancelled => f.write_str("generation cancelled"),
        }
    }
}

impl std::error::Error for GenerateError {}
