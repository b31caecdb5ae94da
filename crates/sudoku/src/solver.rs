//! One front for every engine: solve, count up to a limit, prove uniqueness.

use std::fmt;
use std::str::FromStr;

use crate::budget::{Budget, Cutoff};
use crate::conflict::{self, Conflict};
use crate::dfs;
use crate::dlx::DlxSolver;
use crate::grid::{Grid, Shape};

/// A search engine: Dancing Links, or one of the seeds' depth-first searches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Engine {
    /// Algorithm X on the `dancing` engine: the 324-item exact cover, givens
    /// pre-covered, candidates pruned (POJ 3074's method). Any shape.
    #[default]
    Dlx,
    /// Plain row-major depth-first search, digits 1 to 9 (POJ 2676):
    /// [`dfs::naive`]. 9x9 only.
    Naive,
    /// Depth-first search over a list of the empty cells ("100 lines"):
    /// [`dfs::blank_list`]. 9x9 only.
    BlankList,
    /// Bitmasks, branching on the cell with the fewest candidates
    /// (AcWing 166): [`dfs::mrv`]. 9x9 only.
    Mrv,
    /// Iterative bitmask backtracking with an explicit stack (LeetCode 37):
    /// [`dfs::stack`]. 9x9 only.
    Stack,
}

impl Engine {
    /// Every engine, Dancing Links first.
    pub const ALL: [Engine; 5] = [
        Engine::Dlx,
        Engine::Naive,
        Engine::BlankList,
        Engine::Mrv,
        Engine::Stack,
    ];

    /// The engine's name on the command line: `dlx`, `naive`, `blank-list`,
    /// `mrv` or `stack`.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Dlx => "dlx",
            Engine::Naive => "naive",
            Engine::BlankList => "blank-list",
            Engine::Mrv => "mrv",
            Engine::Stack => "stack",
        }
    }

    /// Whether the engine can solve grids of `shape`.
    pub fn supports(self, shape: Shape) -> bool {
        self == Engine::Dlx || shape == Shape::CLASSIC
    }
}

impl fmt::Display for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Engine {
    type Err = UnknownEngine;

    fn from_str(name: &str) -> Result<Engine, UnknownEngine> {
        Engine::ALL
            .into_iter()
            .find(|engine| engine.name() == name)
            .ok_or_else(|| UnknownEngine(name.to_owned()))
    }
}

/// A name that is not one of [`Engine::name`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownEngine(pub String);

impl fmt::Display for UnknownEngine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown engine {:?}: expected dlx, naive, blank-list, mrv or stack",
            self.0
        )
    }
}

impl std::error::Error for UnknownEngine {}

/// What a search found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Solutions found, never more than the limit asked for.
    pub solutions: u64,
    /// Search-tree nodes: 1 for the root plus one per digit placed (for the
    /// depth-first engines) or option chosen (for Dancing Links), dead ends
    /// and solutions included. Givens are not placements: the depth-first
    /// engines load them, and Dancing Links pre-covers them.
    pub nodes: u64,
    /// Why the search stopped before it was done, if its [`Budget`] ran
    /// out: then `solutions` is only a lower bound, and a count, a proof of
    /// uniqueness or of no solution is not known.
    pub cutoff: Option<Cutoff>,
}

/// Why a puzzle was not searched.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SolveError {
    /// Givens contradict each other: the puzzle is invalid. Every conflict is
    /// listed.
    Contradiction(Vec<Conflict>),
    /// The engine does not handle grids of this shape.
    UnsupportedShape {
        /// The engine asked.
        engine: Engine,
        /// The shape of the puzzle.
        shape: Shape,
    },
}

impl SolveError {
    /// The error for a puzzle whose givens are known to be inconsistent.
    pub(crate) fn contradiction(puzzle: &Grid) -> SolveError {
        SolveError::Contradiction(puzzle.conflicts())
    }
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Contradiction(conflicts) => {
                write!(f, "invalid puzzle: {}", conflict::describe(conflicts))
            }
            SolveError::UnsupportedShape { engine, shape } => {
                write!(f, "the {engine} engine solves 9x9 grids only, not {shape}")
            }
        }
    }
}

impl std::error::Error for SolveError {}

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
    /// `mrv`). A search that runs out of [budget](Self::set_budget) stops
    /// with [`Outcome::cutoff`] set.
    pub fn search(
        &mut self,
        puzzle: &Grid,
        limit: u64,
        solution: &mut Grid,
    ) -> Result<Outcome, SolveError> {
        let budget = &self.budget;
        match self.engine {
            Engine::Dlx => self.dlx.search(puzzle, limit, budget, solution),
            Engine::Naive => dfs::naive::search_within(puzzle, limit, budget, solution),
            Engine::BlankList => dfs::blank_list::search_within(puzzle, limit, budget, solution),
            Engine::Mrv => dfs::mrv::search_within(puzzle, limit, budget, solution),
            Engine::Stack => dfs::stack::search_within(puzzle, limit, budget, solution),
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
