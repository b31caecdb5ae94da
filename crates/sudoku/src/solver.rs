//! One front for every engine: solve, count up to a limit, prove uniqueness.

use std::fmt;

use crate::budget::Budget;
use crate::dfs::{self, DepthFirst};
use crate::dlx::DlxSolver;
use crate::engine::Engine;
use crate::grid::Grid;
use crate::outcome::{Outcome, SolveError};
use crate::rules::Rules;

/// A solver with one engine, reusable from puzzle to puzzle: Dancing Links
/// keeps its arena and buffers, so a batch allocates nothing once they have
/// grown to size.
///
/// ```
/// use dancing_sudoku::{Engine, Grid, Solver};
///
/// let puzzle: Grid =
///     "......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.".parse()?;
/// for engine in Engine::ALL {
///     let mut solver = Solver::new(engine);
///     let solution = solver.solve(&puzzle)?.expect("the puzzle has a solution");
///     assert_eq!(
///         solution.to_line(),
///         "416837529982465371735129468571298643293746185864351297647913852359682714128574936"
///     );
///     assert!(solver.is_unique(&puzzle)?);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Default)]
pub struct Solver {
    engine: Engine,
    budget: Budget,
    dlx: DlxSolver,
}

impl Solver {
    /// A solver that searches with `engine`.
    pub fn new(engine: Engine) -> Solver {
        Solver {
            engine,
            budget: Budget::default(),
            dlx: DlxSolver::default(),
        }
    }

    /// Limits every later search to `budget` (nodes, time, a cancel check);
    /// a search that runs out says so in [`Outcome::cutoff`]. The default is
    /// no limit.
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    /// The budget of each search.
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// Makes Dancing Links narrow grids of `size` and larger (naked and
    /// hidden singles placed before the search; by default from 16x16):
    /// the generator narrows every size, since its many uniqueness proofs
    /// are mostly settled by singles alone.
    pub(crate) fn narrow_from(&mut self, size: usize) {
        self.dlx.narrow_from(size);
    }

    /// The engine this solver uses.
    pub fn engine(&self) -> Engine {
        self.engine
    }

    /// The search primitive: counts the solutions of `puzzle`, stopping at
    /// `limit`, and writes the first into `solution` (which is left holding
    /// the puzzle when there is none). Reusing `solution` from puzzle to
    /// puzzle avoids allocating.
    ///
    /// Every engine finds the same number of solutions; the first one is the
    /// engine's own (the depth-first engines find the row-major first, except
    /// `mrv` and `bitmask`). A search that runs out of [budget](Self::set_budget) stops
    /// with [`Outcome::cutoff`] set.
    pub fn search(
        &mut self,
        puzzle: &Grid,
        limit: u64,
        solution: &mut Grid,
    ) -> Result<Outcome, SolveError> {
        self.search_with(&Rules::classic(puzzle.shape()), puzzle, limit, solution)
    }

    /// [`search`](Self::search) under variant `rules` (whose shape is the
    /// puzzle's). The depth-first engines take classic rules only.
    pub fn search_with(
        &mut self,
        rules: &Rules,
        puzzle: &Grid,
        limit: u64,
        solution: &mut Grid,
    ) -> Result<Outcome, SolveError> {
        let budget = &self.budget;
        if self.engine != Engine::Dlx && !rules.is_classic() {
            return Err(SolveError::UnsupportedVariant {
                engine: self.engine,
                variant: rules.variant(),
            });
        }
        match self.engine {
            Engine::Dlx => self.dlx.search(puzzle, rules, limit, budget, solution),
            Engine::Naive => dfs::naive::Naive::search_within(puzzle, limit, budget, solution),
            Engine::BlankList => {
                dfs::blank_list::BlankList::search_within(puzzle, limit, budget, solution)
            }
            Engine::Mrv => dfs::mrv::Mrv::search_within(puzzle, limit, budget, solution),
            Engine::Stack => dfs::stack::Stack::search_within(puzzle, limit, budget, solution),
            Engine::Bitmask => {
                dfs::bitmask::Bitmask::search_within(puzzle, limit, budget, solution)
            }
        }
    }

    /// The first solution of `puzzle`, or `None` if it has none (or if the
    /// budget ran out first).
    pub fn solve(&mut self, puzzle: &Grid) -> Result<Option<Grid>, SolveError> {
        let mut solution = puzzle.clone();
        let outcome = self.search(puzzle, 1, &mut solution)?;
        Ok((outcome.solutions > 0).then_some(solution))
    }

    /// The number of solutions of `puzzle`, counting no further than `limit`.
    pub fn count_up_to(&mut self, puzzle: &Grid, limit: u64) -> Result<u64, SolveError> {
        let mut solution = Grid::new(puzzle.shape());
        Ok(self.search(puzzle, limit, &mut solution)?.solutions)
    }

    /// Whether `puzzle` has exactly one solution.
    pub fn is_unique(&mut self, puzzle: &Grid) -> Result<bool, SolveError> {
        Ok(self.count_up_to(puzzle, 2)? == 1)
    }

    /// The number of solutions of `puzzle` under `rules`, counting no
    /// further than `limit`.
    pub fn count_with(
        &mut self,
        rules: &Rules,
        puzzle: &Grid,
        limit: u64,
    ) -> Result<u64, SolveError> {
        let mut solution = Grid::new(puzzle.shape());
        Ok(self
            .search_with(rules, puzzle, limit, &mut solution)?
            .solutions)
    }
}

impl fmt::Debug for Solver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solver")
            .field("engine", &self.engine)
            .finish_non_exhaustive()
    }
}

/// The first solution of `puzzle` by Dancing Links, or `None` if it has none.
///
/// For many puzzles, keep a [`Solver`] instead: it reuses its memory.
///
/// ```
/// let puzzle = ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
/// let solution = dancing_sudoku::solve(&puzzle.parse()?)?.unwrap();
/// assert_eq!(
///     solution.to_line(),
///     "527389416819426735436751829375692184194538267268174593643217958951843672782965341"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve(puzzle: &Grid) -> Result<Option<Grid>, SolveError> {
    Solver::new(Engine::Dlx).solve(puzzle)
}
