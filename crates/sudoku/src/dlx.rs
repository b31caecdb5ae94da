//! The Dancing Links solver, built for batches: everything it needs is kept
//! from puzzle to puzzle, so that solving a million puzzles allocates nothing
//! once the buffers have grown to size.
//!
//! Once per shape, the full exact cover (every item, and every placement as
//! an option: `n³` options, in the order of [`exact_cover`]) is linked into
//! a [`Template`]. Per puzzle: check the givens for contradictions (the crate's one check); copy the
//! template into the arena ([`Solver::from_template`]: the links and
//! lengths only); [select](Solver::select) the option of each given, which
//! covers its four items and hides every candidate that conflicts with it;
//! search; decode the first solution (option `cell * n + digit - 1` places
//! `digit` in `cell`); reset the arena.
//!
//! Selecting the givens leaves the matrix as a search would leave it after
//! choosing them: the items and options still active, in their order, are
//! those of the puzzle's problem with the givens' items left out and the
//! candidates that conflict with a given pruned. The search then walks the
//! tree it would walk on that smaller problem (a test checks it): the
//! givens are not search levels, and the node count is 1 for the root plus
//! one per option the search chooses (1 for a complete grid).
//!
//! [`exact_cover`]: crate::exact_cover

use std::ops::ControlFlow;

use bumpalo::Bump;
use dancing::{ItemId, OptionId, ProblemBuilder, Solution, Solver, Template};

use crate::budget::{Budget, Cutoff, POLL_INTERVAL};
use crate::exact_cover::Placement;
use crate::grid::{Grid, Shape};
use crate::outcome::{Outcome, SolveError, check_givens};

/// The reusable state of the Dancing Links engine.
#[derive(Default)]
pub(crate) struct DlxSolver {
    bump: Bump,
    /// The tables of the shape of the last puzzle.
    tables: Option<Tables>,
}

/// What depends on the shape only.
struct Tables {
    shape: Shape,
    /// The full exact cover, linked.
    template: Template,
}

impl Tables {
    fn new(shape: Shape) -> Tables {
        let n = shape.size();
        // Items and options in the order of the named mapping, without the
        // names: option `cell * n + digit - 1` places `digit` in `cell`.
        let mut builder = ProblemBuilder::new();
        builder
            .primary_items(4 * n * n)
            .expect("at most 4 * 35² items");
        for cell in 0..n * n {
            for digit in 1..=n as u8 {
                let placement = Placement {
                    row: cell / n,
                    col: cell % n,
                    digit,
                };
                let items = placement
                    .constraints(shape)
                    .map(|constraint| ItemId::new(constraint.index(shape)));
                builder
                    .option(items)
                    .expect("a placement's four items are distinct and declared");
            }
        }
        let problem = builder.build().expect("the problem has primary items");
        Tables {
            shape,
            template: Template::new(&problem),
        }
    }
}

impl DlxSolver {
    /// Counts the solutions of `puzzle` up to `limit` within `budget` and
    /// writes the first into `solution`.
    pub(crate) fn search(
        &mut self,
        puzzle: &Grid,
        limit: u64,
        budget: &Budget,
        solution: &mut Grid,
    ) -> Result<Outcome, SolveError> {
        let shape = puzzle.shape();
        if self
            .tables
            .as_ref()
            .is_none_or(|tables| tables.shape != shape)
        {
            self.tables = Some(Tables::new(shape));
        }
        let Some(tables) = &self.tables else {
            unreachable!("the tables were just made");
        };
        let n = shape.size();
        let cells = puzzle.cells();

        check_givens(puzzle)?;
        let givens = puzzle.given_count();
        solution.clone_from(puzzle);
        if limit == 0 {
            return Ok(Outcome::default());
        }

        let mut solver = Solver::from_template(&tables.template, &self.bump);
        for (cell, &digit) in cells.iter().enumerate() {
            if digit != 0
                && solver
                    .select(OptionId::new(cell * n + usize::from(digit) - 1))
                    .is_err()
            {
                // Givens without a repeat never conflict; should they, the
                // puzzle is invalid, and the error says why.
                self.bump.reset();
                return Err(SolveError::contradiction(puzzle));
            }
        }

        // The engine counts nodes as the depth-first engines do, and stops
        // at the cap itself; the clock and the cancel check are its monitor.
        solver.set_node_limit(budget.node_limit());
        let mut guard = budget.start();
        let mut found = 0;
        let grid = solution.cells_mut();
        let visit = |chosen: &Solution<'_>| {
            found += 1;
            if found == 1 {
                // The givens come first, already in the grid.
                for option in &chosen.options()[givens..] {
                    let index = option.index();
                    grid[index / n] = (index % n) as u8 + 1;
                }
            }
            if found >= limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        };
        let stats = if budget.polls() {
            solver.set_checkpoint_interval(POLL_INTERVAL);
            solver.search_monitored(visit, |_| {
                guard.cutoff = guard.poll();
                match guard.cutoff {
                    Some(_) => ControlFlow::Break(()),
                    None => ControlFlow::Continue(()),
                }
            })
        } else {
            solver.search(visit)
        };
        self.bump.reset();
        // Stopped, and not by the visitor at the limit nor by the monitor:
        // by the engine, at the node cap.
        let cutoff = match guard.cutoff {
            None if !stats.complete && found < limit => Some(Cutoff::Nodes),
            cutoff => cutoff,
        };
        Ok(Outcome {
            solutions: found,
            nodes: stats.nodes,
            cutoff,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::Generator;

    /// The nodes of a search on the pruned problem of `puzzle`, built
    /// directly: the givens' items left out, one option per candidate.
    fn pruned_problem_nodes(puzzle: &Grid, limit: u64) -> (u64, u64) {
        let shape = puzzle.shape();
        let n = shape.size();
        let mut open = vec![None; 4 * n * n];
        let mut builder = ProblemBuilder::new();
        let mut given_items = std::collections::HashSet::new();
        let placements = |cell: usize, digit: u8| {
            Placement {
                row: cell / n,
                col: cell % n,
                digit,
            }
            .constraints(shape)
            .map(|constraint| constraint.index(shape))
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
        let mut dlx = DlxSolver::default();
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
                    .search(&puzzle, limit, &Budget::default(), &mut solution)
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
}
