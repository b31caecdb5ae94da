//! The Dancing Links solver, built for batches: everything it needs is kept
//! from puzzle to puzzle, so that solving a million puzzles allocates nothing
//! once the buffers have grown to size.
//!
//! Once per set of rules (a shape, and the variant's diagonals, windows or
//! jigsaw regions), the full exact cover of the [`Mapping`] (every item, and
//! every placement as an option) is linked into a [`Template`]. Per puzzle:
//! check the givens for contradictions (the crate's one check); on classic
//! 9x9 grids (and on any grid from [`NARROW_FROM`] cells a side) place the
//! naked and hidden singles (see [`crate::deduce`]), on 9x9 with locked
//! candidates too (see [`crate::classic9`]), which may solve the puzzle
//! outright; copy the template into the arena ([`Solver::from_template`]: the links and
//! lengths only); [select](Solver::select) the option of each given, which
//! covers its items and hides every candidate that conflicts with it;
//! search; decode the first solution; reset the arena.
//!
//! Selecting the givens leaves the matrix as a search would leave it after
//! choosing them: the items and options still active, in their order, are
//! those of the puzzle's problem with the givens' items left out and the
//! candidates that conflict with a given pruned. The search then walks the
//! tree it would walk on that smaller problem (a test checks it): the
//! givens are not search levels, and the node count is 1 for the root plus
//! one per option the search chooses (1 for a complete grid).
//!
//! Killer cages are different for every puzzle, and their fillings depend on
//! the givens: such puzzles get a problem of their own, built with the
//! givens (fillings that contradict them left out), whose givens outside
//! the cages are selected in the same way.
//!
//! [`Mapping`]: crate::exact_cover::Mapping

use std::ops::ControlFlow;

use bumpalo::Bump;
use dancing::expert::{SearchConfig, Solver, Template};
use dancing::{FnVisitor, Progress, Solution, StopReason};

use crate::classic9::Deductions;
use crate::deduce::{NARROW_FROM, Narrowed, Units};
use crate::exact_cover::{Built, Mapping};
use crate::grid::Grid;
use crate::outcome::{Outcome, SolveError, check_givens};
use crate::rules::Rules;
use dancing::expert::{Budget, POLL_INTERVAL};

/// The reusable state of the Dancing Links engine.
pub(crate) struct DlxSolver {
    bump: Bump,
    /// The tables of the rules of the last puzzle without cages.
    tables: Option<Tables>,
    /// Grids of this size and larger are narrowed before the search (see
    /// [`crate::deduce`]).
    narrow_from: usize,
    /// Whether classic 9x9 grids are narrowed too, by the faster pass of
    /// [`crate::classic9`], and with what.
    narrow_classic: bool,
    classic_deductions: Deductions,
    /// The puzzle with its singles placed, and the narrowing's scratch.
    narrowed: Grid,
    used: Vec<u64>,
    /// Classic 9x9: the candidates of each cell after narrowing, and the
    /// options of the restricted problem (see [`Solver::from_template_restricted`]).
    candidates: [u16; crate::classic9::CELLS],
    selected: Vec<dancing::OptionId>,
    kept: Vec<dancing::OptionId>,
}

impl Default for DlxSolver {
    fn default() -> DlxSolver {
        DlxSolver {
            bump: Bump::new(),
            tables: None,
            narrow_from: NARROW_FROM,
            narrow_classic: true,
            classic_deductions: Deductions::LockedCandidates,
            narrowed: Grid::default(),
            used: Vec::new(),
            candidates: [0; crate::classic9::CELLS],
            selected: Vec::new(),
            kept: Vec::new(),
        }
    }
}

/// What depends on the rules only.
struct Tables {
    rules: Rules,
    /// The full exact cover, and what its options place.
    built: Built,
    /// The same, linked.
    template: Template,
    /// The units, for narrowing.
    units: Units,
}

impl Tables {
    fn new(rules: &Rules) -> Result<Tables, SolveError> {
        let built = Mapping::new(rules).build(None, false)?;
        Ok(Tables {
            rules: rules.clone(),
            template: Template::new(&built.problem),
            built,
            units: Units::new(rules),
        })
    }
}

impl DlxSolver {
    /// Narrows grids of `size` and larger before the search (the default
    /// is [`NARROW_FROM`]): the answers are the same, and the nodes fewer.
    pub(crate) fn narrow_from(&mut self, size: usize) {
        self.narrow_from = size;
    }

    /// What the narrowing of classic 9x9 grids deduces (by default singles
    /// and locked candidates).
    pub(crate) fn classic_deductions(&mut self, deductions: Deductions) {
        self.classic_deductions = deductions;
    }

    /// Counts the solutions of `puzzle` under `rules` up to `limit` within
    /// `budget` and writes the first into `solution`.
    pub(crate) fn search(
        &mut self,
        puzzle: &Grid,
        rules: &Rules,
        limit: u64,
        budget: &Budget,
        solution: &mut Grid,
    ) -> Result<Outcome, SolveError> {
        if rules.shape() != puzzle.shape() {
            return Err(SolveError::RulesShape {
                rules: rules.shape(),
                puzzle: puzzle.shape(),
            });
        }
        check_givens(puzzle, rules)?;
        solution.clone_from(puzzle);
        if limit == 0 {
            return Ok(Outcome::default());
        }
        let contradiction = || SolveError::Contradiction(puzzle.conflicts());
        if !rules.cages().is_empty() {
            // A problem of this puzzle's own, givens built in.
            let built = Mapping::new(rules).build(Some(puzzle), false)?;
            let mut solver = Solver::new(&built.problem, &self.bump);
            for &option in &built.given_options {
                solver.select(option).map_err(|_| contradiction())?;
            }
            let selected = built.given_options.len();
            let node_limit = budget.node_limit();
            let outcome = run(
                Searching::Last(solver),
                &built,
                selected,
                limit,
                (budget, node_limit),
                solution,
            );
            self.bump.reset();
            return Ok(outcome);
        }
        if self
            .tables
            .as_ref()
            .is_none_or(|tables| tables.rules != *rules)
        {
            self.tables = Some(Tables::new(rules)?);
        }
        let Some(tables) = &self.tables else {
            unreachable!("the tables were just made");
        };
        let mut givens = puzzle;
        let mut deduced = 0;
        let classic9 = self.narrow_classic && puzzle.size() == 9 && rules.is_classic();
        if classic9 || puzzle.size() >= self.narrow_from {
            self.narrowed.clone_from(puzzle);
            let narrowed = if classic9 {
                crate::classic9::narrow_keeping(
                    self.narrowed.cells_mut(),
                    &mut self.candidates,
                    self.classic_deductions,
                )
            } else {
                tables.units.narrow(&mut self.narrowed, &mut self.used)
            };
            match narrowed {
                Narrowed::Placed(placed) => deduced = placed,
                // No solution: the root is a dead end.
                Narrowed::Contradiction => {
                    return Ok(Outcome {
                        nodes: 1,
                        ..Outcome::default()
                    });
                }
            }
            // The cap counts the forced moves as the search would have.
            if budget.node_limit().is_some_and(|cap| deduced >= cap) {
                return Ok(Outcome {
                    cutoff: Some(StopReason::NodeLimit),
                    deduced,
                    ..Outcome::default()
                });
            }
            if self.narrowed.is_complete() {
                // Singles alone solve it: the one solution, and the search
                // would have been a path of forced moves to it.
                solution.clone_from(&self.narrowed);
                return Ok(Outcome {
                    solutions: 1,
                    nodes: 1,
                    cutoff: None,
                    deduced,
                });
            }
            givens = &self.narrowed;
            if classic9 {
                return self.search_restricted(puzzle, limit, budget, deduced, solution);
            }
        }
        let mut solver = Solver::from_template(&tables.template, &self.bump);
        let mut selected = 0;
        for (cell, &digit) in givens.cells().iter().enumerate() {
            if digit == 0 {
                continue;
            }
            let option = tables.built.option_of(cell, digit).expect("no cages here");
            if solver.select(option).is_err() {
                // Givens without a repeat never conflict, nor do the
                // singles placed among them; should they, the puzzle is
                // invalid, and the error says why.
                self.bump.reset();
                return Err(contradiction());
            }
            selected += 1;
        }
        solution.clone_from(givens);
        let node_limit = budget.node_limit().map(|cap| cap - deduced);
        let mut outcome = run(
            Searching::Last(solver),
            &tables.built,
            selected,
            limit,
            (budget, node_limit),
            solution,
        );
        self.bump.reset();
        if outcome.solutions == 0 {
            solution.clone_from(puzzle);
        }
        outcome.deduced = deduced;
        Ok(outcome)
    }
}

impl DlxSolver {
    /// The search of a classic 9x9 puzzle after narrowing, on the problem
    /// of the narrowed grid linked directly: its givens' items left out,
    /// one option per candidate left (in the template's order, so that the
    /// search walks the tree it would walk after selecting the givens in a
    /// copy of the whole template).
    fn search_restricted(
        &mut self,
        puzzle: &Grid,
        limit: u64,
        budget: &Budget,
        deduced: u64,
        solution: &mut Grid,
    ) -> Result<Outcome, SolveError> {
        let Some(tables) = &self.tables else {
            unreachable!("the tables are made before narrowing");
        };
        let option =
            |cell: usize, digit: u8| tables.built.option_of(cell, digit).expect("no cages here");
        self.selected.clear();
        self.kept.clear();
        for (cell, (&digit, &candidates)) in self
            .narrowed
            .cells()
            .iter()
            .zip(&self.candidates)
            .enumerate()
        {
            if digit != 0 {
                self.selected.push(option(cell, digit));
                continue;
            }
            let mut left = candidates;
            while left != 0 {
                self.kept
                    .push(option(cell, left.trailing_zeros() as u8 + 1));
                left &= left - 1;
            }
        }
        let Ok(solver) = Solver::from_template_restricted(
            &tables.template,
            &self.bump,
            &self.selected,
            &self.kept,
        ) else {
            // Givens without a repeat never conflict, nor do the singles
            // placed among them; should they, the puzzle is invalid.
            self.bump.reset();
            return Err(SolveError::Contradiction(puzzle.conflicts()));
        };
        solution.clone_from(&self.narrowed);
        let node_limit = budget.node_limit().map(|cap| cap - deduced);
        let mut outcome = run(
            Searching::Last(solver),
            &tables.built,
            0,
            limit,
            (budget, node_limit),
            solution,
        );
        self.bump.reset();
        if outcome.solutions == 0 {
            solution.clone_from(puzzle);
        }
        outcome.deduced = deduced;
        Ok(outcome)
    }
}

/// The solver [`run`] searches with.
#[expect(
    clippy::large_enum_variant,
    reason = "a value on the stack for one call; boxing the solver would allocate per puzzle"
)]
pub(crate) enum Searching<'s, 'b> {
    /// One kept for more searches: its selection is restored after.
    Again(&'s mut Solver<'b>),
    /// One made for this search alone, used up by it: a search that stops
    /// early does not undo its path (see [`Solver::run_once`]).
    Last(Solver<'b>),
}

/// Searches with `selected` options already chosen, counting solutions up
/// to `limit` within `budget` (its nodes capped at `node_limit`) and
/// writing the first into `solution` (which holds the puzzle).
pub(crate) fn run(
    solver: Searching<'_, '_>,
    built: &Built,
    selected: usize,
    limit: u64,
    (budget, node_limit): (&Budget, Option<u64>),
    solution: &mut Grid,
) -> Outcome {
    // The engine counts nodes as the depth-first engines do, and stops at
    // the cap itself; the clock and the cancel check are its monitor.
    let config = SearchConfig::new().node_limit(node_limit);
    let mut guard = budget.start();
    let mut found = 0;
    let grid = solution.cells_mut();
    let visit = |chosen: &Solution<'_>| {
        found += 1;
        if found == 1 {
            // The selected givens come first, already in the grid.
            for &option in &chosen.options()[selected..] {
                for &(cell, digit) in built.placements(option) {
                    grid[cell as usize] = digit;
                }
            }
        }
        if found >= limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    let polls = budget.polls();
    let config = if polls {
        config.checkpoint_interval(POLL_INTERVAL)
    } else {
        config
    };
    let monitor = |_: &Progress| {
        if polls {
            guard.poll();
        }
        match guard.stop_reason() {
            Some(_) => ControlFlow::Break(()),
            None => ControlFlow::Continue(()),
        }
    };
    let visitor = FnVisitor {
        solution: visit,
        progress: monitor,
    };
    let Ok(stats) = match solver {
        Searching::Again(solver) => {
            solver.set_config(config);
            solver.run(visitor)
        }
        Searching::Last(solver) => solver.with_config(config).run_once(visitor),
    };
    let cutoff = match guard.stop_reason() {
        None if stats.stop == StopReason::NodeLimit => Some(StopReason::NodeLimit),
        cutoff => cutoff,
    };
    Outcome {
        solutions: found,
        nodes: stats.nodes,
        cutoff,
        deduced: 0,
    }
}

#[cfg(test)]
mod tests {
    use dancing::ProblemBuilder;
    use dancing::expert::Search;

    use super::*;
    use crate::generate::Generator;
    use crate::grid::Shape;

    /// The nodes of a search on the pruned problem of `puzzle`, built
    /// directly: the givens' items left out, one option per candidate.
    fn pruned_problem_nodes(puzzle: &Grid, limit: u64) -> (u64, u64) {
        let shape = puzzle.shape();
        let n = shape.size();
        let mut open = vec![None; 4 * n * n];
        let mut builder = ProblemBuilder::new();
        let mut given_items = std::collections::HashSet::new();
        // The classic items, numbered here apart from the mapping: cells
        // along the wrapped diagonals (item k is cell k (n + 1) mod n²),
        // then rows, columns and boxes by digit.
        let mut cell_item = vec![0; n * n];
        for k in 0..n * n {
            cell_item[k * (n + 1) % (n * n)] = k;
        }
        let placements = |cell: usize, digit: u8| {
            let (row, col, d) = (cell / n, cell % n, digit as usize - 1);
            [
                cell_item[cell],
                n * n + row * n + d,
                2 * n * n + col * n + d,
                3 * n * n + shape.box_of(row, col) * n + d,
            ]
        };
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            if digit != 0 {
                given_items.extend(placements(cell, digit));
            }
        }
        for (index, slot) in open.iter_mut().enumerate() {
            if !given_items.contains(&index) {
                *slot = Some(builder.primary_items(1).unwrap());
            }
        }
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            if digit != 0 {
                continue;
            }
            for candidate in 1..=n as u8 {
                let items = placements(cell, candidate).map(|index| open[index]);
                if items.iter().all(Option::is_some) {
                    builder.option(items.map(Option::unwrap)).unwrap();
                }
            }
        }
        let problem = builder.build().unwrap();
        let bump = Bump::new();
        let mut solver = Solver::new(&problem, &bump);
        let solutions = solver.count_up_to(limit);
        (solutions, solver.stats().nodes)
    }

    #[test]
    fn the_search_from_the_template_walks_the_pruned_problems_tree() {
        let mut generator = Generator::new(11);
        let mut dlx = DlxSolver {
            narrow_classic: false,
            ..DlxSolver::default()
        };
        let mut solution = Grid::default();
        for k in 0..40 {
            let puzzle = match k % 4 {
                0 => generator.unique_puzzle(Shape::CLASSIC, 0),
                1 => generator.puzzle(Shape::CLASSIC, 20),
                2 => generator.unsolvable_puzzle(Shape::CLASSIC),
                _ => generator.puzzle(Shape::new(2, 3).unwrap(), 8),
            };
            for limit in [1, 2, 5] {
                let outcome = dlx
                    .search(
                        &puzzle,
                        &Rules::classic(puzzle.shape()),
                        limit,
                        &Budget::default(),
                        &mut solution,
                    )
                    .unwrap();
                let (solutions, nodes) = pruned_problem_nodes(&puzzle, limit);
                assert_eq!(
                    (outcome.solutions, outcome.nodes),
                    (solutions, nodes),
                    "{puzzle}"
                );
            }
        }
    }

    /// Narrowing by singles changes no answer: the same count, the same
    /// first solution, and as many nodes as the search without it less the
    /// cells narrowing filled; a puzzle it finds contradictory has no
    /// solution by the plain search either. (Locked candidates, the 9x9
    /// default, take options away, which changes the tree: see the next
    /// test.)
    #[test]
    fn narrowing_keeps_every_answer_and_accounts_for_its_nodes() {
        use proptest::prelude::*;

        let config = ProptestConfig {
            cases: 48,
            failure_persistence: None,
            ..ProptestConfig::default()
        };
        let shapes = [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4)];
        proptest!(config, |(seed in any::<u64>(), shape in 0..shapes.len(), kind in 0..5u8, x in any::<bool>())| {
            let (rows, cols) = shapes[shape];
            let shape = Shape::new(rows, cols).unwrap();
            let cells = shape.cell_count();
            let mut generator = Generator::new(seed);
            let puzzle = match kind {
                // Few clues: many solutions.
                0 => generator.puzzle(shape, cells / 4),
                1 => generator.puzzle(shape, cells / 2),
                2 => generator.unique_puzzle(shape, cells / 3),
                3 => generator.unsolvable_puzzle(shape),
                // A random clue added to a unique puzzle: often no solution.
                _ => {
                    let mut puzzle = generator.unique_puzzle(shape, cells / 3);
                    let n = shape.size();
                    let cell = generator.below(cells);
                    if puzzle.cells()[cell] == 0 {
                        puzzle.set(cell / n, cell % n, Some(1 + generator.below(n) as u8));
                    }
                    puzzle
                }
            };
            let mut rules = Rules::classic(shape);
            if x {
                rules = rules.with_diagonals();
            }
            let mut plain = DlxSolver { narrow_from: usize::MAX, narrow_classic: false, ..DlxSolver::default() };
            let mut narrowing = DlxSolver {
                narrow_from: 0,
                classic_deductions: Deductions::Singles,
                ..DlxSolver::default()
            };
            let (mut first, mut second) = (Grid::default(), Grid::default());
            for limit in [1, 2, 50] {
                let without = plain.search(&puzzle, &rules, limit, &Budget::default(), &mut first);
                let with = narrowing.search(&puzzle, &rules, limit, &Budget::default(), &mut second);
                let (without, with) = match (without, with) {
                    (Err(a), Err(b)) => {
                        prop_assert_eq!(a, b);
                        continue;
                    }
                    (Ok(without), Ok(with)) => (without, with),
                    (a, b) => panic!("{puzzle}: {a:?} against {b:?}"),
                };
                prop_assert_eq!(without.deduced, 0);
                prop_assert_eq!(with.solutions, without.solutions, "{}", puzzle);
                prop_assert_eq!(&second, &first, "{}", puzzle);
                if with.solutions > 0 {
                    prop_assert!(rules.check(&second, &puzzle).is_ok());
                    prop_assert_eq!(with.nodes + with.deduced, without.nodes, "{}", puzzle);
                    // A node cap counts the forced moves alike: both stop
                    // at the same point.
                    for cap in [without.nodes - 1, without.nodes / 2, 1] {
                        let budget = Budget::default().max_nodes(cap);
                        let a = plain.search(&puzzle, &rules, limit, &budget, &mut first).unwrap();
                        let b = narrowing.search(&puzzle, &rules, limit, &budget, &mut second).unwrap();
                        prop_assert_eq!((a.solutions, a.cutoff), (b.solutions, b.cutoff), "{} cap {}", puzzle, cap);
                    }
                } else {
                    prop_assert_eq!(&second, &puzzle);
                }
            }
        });
    }

    /// Locked candidates before the search (classic 9x9) change no count:
    /// the same number of solutions up to the limit, each answer a
    /// solution, the same one where there is only one; and, proving
    /// puzzles unique, fewer nodes in all (the narrowed cells counted in)
    /// than the search without narrowing. (Not on every puzzle: with
    /// options gone the search may branch on other items, and on puzzles
    /// with many solutions the first ones may then take longer to find.)
    #[test]
    fn locked_candidates_keep_every_count_and_cut_nodes() {
        let mut generator = Generator::new(12);
        let rules = Rules::classic(Shape::CLASSIC);
        let mut plain = DlxSolver {
            narrow_from: usize::MAX,
            narrow_classic: false,
            ..DlxSolver::default()
        };
        let mut narrowing = DlxSolver::default();
        let (mut first, mut second) = (Grid::default(), Grid::default());
        let mut fewer = 0;
        let mut totals = (0, 0);
        for k in 0..120 {
            let puzzle = match k % 4 {
                0 => generator.unique_puzzle(Shape::CLASSIC, 0),
                1 => generator.puzzle(Shape::CLASSIC, 22 + k % 8),
                2 => generator.unsolvable_puzzle(Shape::CLASSIC),
                _ => generator.puzzle(Shape::CLASSIC, 30),
            };
            for limit in [1, 2, 50] {
                let budget = Budget::default();
                let without = plain.search(&puzzle, &rules, limit, &budget, &mut first);
                let with = narrowing.search(&puzzle, &rules, limit, &budget, &mut second);
                let (without, with) = (without.unwrap(), with.unwrap());
                assert_eq!(with.solutions, without.solutions, "{puzzle}");
                if with.solutions == 0 {
                    assert_eq!(second, puzzle);
                    continue;
                }
                assert!(rules.check(&second, &puzzle).is_ok(), "{puzzle}");
                if without.solutions == 1 && limit > 1 {
                    assert_eq!(second, first, "{puzzle}");
                    // A proof of uniqueness: the whole tree either way.
                    fewer += usize::from(with.nodes + with.deduced < without.nodes);
                    totals.0 += with.nodes + with.deduced;
                    totals.1 += without.nodes;
                }
            }
        }
        assert!(fewer > 5, "locked candidates cut the tree {fewer} times");
        assert!(totals.0 < totals.1, "nodes with and without: {totals:?}");
    }

    #[test]
    fn a_contradiction_found_by_narrowing_is_no_solution_as_the_search_says() {
        // 16x16: r1c1 sees 3 to 16 in its row and 1 and 2 in its column.
        let shape = Shape::new(4, 4).unwrap();
        let mut puzzle = Grid::new(shape);
        for col in 2..16 {
            puzzle.set(0, col, Some(col as u8 + 1));
        }
        puzzle.set(4, 0, Some(1));
        puzzle.set(8, 0, Some(2));
        let rules = Rules::classic(shape);
        let mut solution = Grid::new(shape);
        let mut narrowing = DlxSolver::default();
        let with = narrowing
            .search(&puzzle, &rules, 2, &Budget::default(), &mut solution)
            .unwrap();
        assert_eq!((with.solutions, with.nodes, with.deduced), (0, 1, 0));
        assert_eq!(solution, puzzle);
        let mut plain = DlxSolver {
            narrow_from: usize::MAX,
            narrow_classic: false,
            ..DlxSolver::default()
        };
        let without = plain
            .search(&puzzle, &rules, 2, &Budget::default(), &mut solution)
            .unwrap();
        assert_eq!(without.solutions, 0);
        // And through the public front: "no solution", not an error.
        assert_eq!(crate::solve(&puzzle), Ok(None));
    }
}
