//! One front for every engine: solve, count up to a limit, prove uniqueness.

use std::fmt;

use crate::dfs::{self, DepthFirst};
use crate::dlx::DlxSolver;
use crate::engine::Engine;
use crate::grid::Grid;
use crate::outcome::{Outcome, SolveError};
use crate::rules::Rules;
use dancing::expert::Budget;

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
    /// no limit. The node cap is exact and counted the same way by every
    /// engine (1 for the root plus one per placement); the clock and the
    /// cancel check are looked at every [`POLL_INTERVAL`](crate::POLL_INTERVAL)
    /// nodes.
    ///
    /// ```
    /// use std::time::Duration;
    /// use dancing_sudoku::{Budget, Engine, Grid, Solver, StopReason};
    ///
    /// // The empty grid has about 6.7e21 solutions: counting them all would
    /// // never end, so the count stops when the budget runs out.
    /// let empty = Grid::default();
    /// for engine in Engine::ALL {
    ///     let mut solver = Solver::new(engine);
    ///     solver.set_budget(Budget::default().max_nodes(10_000).time_limit(Duration::from_secs(60)));
    ///     let mut solution = Grid::default();
    ///     let outcome = solver.search(&empty, u64::MAX, &mut solution)?;
    ///     assert_eq!(outcome.cutoff, Some(StopReason::NodeLimit), "{engine}");
    ///     assert_eq!(outcome.nodes, 10_000, "{engine}");
    ///     assert!(outcome.solutions > 0);
    /// }
    /// # Ok::<(), dancing_sudoku::SolveError>(())
    /// ```
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    /// The budget of each search.
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// Makes Dancing Links narrow grids of `size` and larger (naked and
    /// hidden singles placed before the search; by default from 16x16, and
    /// classic 9x9 grids always, with locked candidates):
    /// the generator narrows every size, since its many uniqueness proofs
    /// are mostly settled by singles alone.
    pub(crate) fn narrow_from(&mut self, size: usize) {
        self.dlx.narrow_from(size);
    }

    /// What Dancing Links deduces before the search on classic 9x9 grids:
    /// by default singles and locked candidates; singles alone where the
    /// nodes must be those of the search without narrowing (ratings).
    pub(crate) fn classic_deductions(&mut self, deductions: crate::classic9::Deductions) {
        self.dlx.classic_deductions(deductions);
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

/// Budgets on every engine: the engine's [`Budget`] applied the same way by
/// the depth-first searches and by Dancing Links.
#[cfg(test)]
mod budget_tests {

    use std::time::{Duration, Instant};

    use dancing::StopReason;
    use dancing::expert::{Budget, POLL_INTERVAL};

    use crate::engine::Engine;
    use crate::generate::Generator;
    use crate::grid::{Grid, Shape};
    use crate::solver::Solver;

    fn search(engine: Engine, budget: Budget, puzzle: &Grid, limit: u64) -> crate::Outcome {
        let mut solver = Solver::new(engine);
        solver.set_budget(budget);
        let mut solution = Grid::default();
        let outcome = solver.search(puzzle, limit, &mut solution).unwrap();
        if outcome.solutions > 0 {
            assert!(solution.solves(puzzle), "{engine}: a wrong first solution");
        }
        outcome
    }

    #[test]
    fn a_cap_of_exactly_the_nodes_needed_changes_nothing_and_one_less_cuts_off() {
        let mut generator = Generator::new(23);
        for k in 0..12 {
            let puzzle = match k % 3 {
                0 => generator.unique_puzzle(Shape::CLASSIC, 0),
                1 => generator.puzzle(Shape::CLASSIC, 24),
                _ => generator.unsolvable_puzzle(Shape::CLASSIC),
            };
            for engine in Engine::ALL {
                for limit in [1, 2, 20] {
                    let free = search(engine, Budget::default(), &puzzle, limit);
                    assert_eq!(free.cutoff, None);
                    // The cap counts the singles placed before the search
                    // (Dancing Links' forced moves) as nodes.
                    let needed = free.nodes + free.deduced;
                    let capped = Budget::default().max_nodes(needed);
                    assert_eq!(search(engine, capped, &puzzle, limit), free, "{engine}");
                    if needed > 1 {
                        let short = Budget::default().max_nodes(needed - 1);
                        let cut = search(engine, short, &puzzle, limit);
                        assert_eq!(
                            cut.cutoff,
                            Some(StopReason::NodeLimit),
                            "{engine} on {puzzle}"
                        );
                        assert_eq!(cut.nodes + cut.deduced, needed - 1, "{engine}");
                        assert!(cut.solutions <= free.solutions);
                    }
                }
            }
        }
    }

    #[test]
    fn a_cancel_check_stops_every_engine_within_a_poll_interval() {
        let empty = Grid::default();
        for engine in Engine::ALL {
            // Cancelled at the first look: no more than one interval of nodes.
            let stop = dancing::Stop::new();
            stop.request();
            let budget = Budget::default().stop_on(&stop);
            let outcome = search(engine, budget, &empty, u64::MAX);
            assert_eq!(outcome.cutoff, Some(StopReason::Cancelled), "{engine}");
            assert!(
                outcome.nodes <= POLL_INTERVAL + 1,
                "{engine}: {}",
                outcome.nodes
            );
        }
    }

    #[test]
    fn a_time_limit_stops_an_endless_count_on_time() {
        let empty = Grid::default();
        for engine in Engine::ALL {
            let started = Instant::now();
            let budget = Budget::default().time_limit(Duration::from_millis(30));
            let outcome = search(engine, budget, &empty, u64::MAX);
            let took = started.elapsed();
            assert_eq!(outcome.cutoff, Some(StopReason::TimeLimit), "{engine}");
            assert!(outcome.solutions > 0, "{engine}");
            // Generous: the machine may be busy.
            assert!(took < Duration::from_secs(2), "{engine}: {took:?}");
        }
    }
}
