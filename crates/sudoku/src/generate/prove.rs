//! The generator's uniqueness proofs, on one linked exact cover kept for a
//! whole puzzle.
//!
//! Taking clues away from a complete grid `S` asks, clue after clue, whether
//! the puzzle `P` without clue `c` still has `S` as its only solution. Any
//! other solution differs from `S` at `c` (else it would be a second
//! solution of `P`, which is unique), so the question is whether `P \ {c}`
//! has a solution with `c` holding one of its other candidates: one search
//! for a first solution per candidate, with that candidate selected, not a
//! count to 2 (whose tree holds the branch to `S` as well). For a pair of
//! clues (symmetric puzzles), a second solution differs at the first cell,
//! or agrees there and differs at the second.
//!
//! The matrix is linked once per puzzle, and the givens are
//! [selected](dancing::Solver::select) on it as a stack that changes little
//! from one proof to the next: the clues not decided yet at the bottom, the
//! last to be tried lowest, and the clues kept above them in the order they
//! were kept. The next clue tried is then near the top, under the kept ones:
//! only those are taken off and put back, where linking a copy of the
//! template and selecting every given would cost far more.

use bumpalo::Bump;
use dancing::{Solver, Template};

use crate::budget::Budget;
use crate::dlx::run;
use crate::exact_cover::{Built, Mapping};
use crate::grid::Grid;
use crate::rules::Rules;

/// The exact cover of the last rules proved on, linked, and the arena its
/// copies live in.
#[derive(Default)]
pub(super) struct Prover {
    tables: Option<Tables>,
    bump: Bump,
}

impl std::fmt::Debug for Prover {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Prover").finish_non_exhaustive()
    }
}

struct Tables {
    rules: Rules,
    built: Built,
    template: Template,
}

/// Why a clue's removal could not be decided.
pub(super) struct Cancelled;

impl Prover {
    /// Whether the prover takes `rules`: those whose exact cover does not
    /// depend on the givens (killer cages do: they are proved by building
    /// a problem per puzzle).
    pub(super) fn takes(rules: &Rules) -> bool {
        rules.cages().is_empty()
    }

    /// A session on `rules` for taking clues from `solution` in the order
    /// `cells` (the order of [`Session::decide`]'s calls).
    pub(super) fn start<'p>(
        &'p mut self,
        rules: &Rules,
        solution: &Grid,
        cells: &[usize],
        budget: &'p Budget,
    ) -> Session<'p> {
        if self
            .tables
            .as_ref()
            .is_none_or(|tables| tables.rules != *rules)
        {
            let built = Mapping::new(rules)
                .build(None, false)
                .expect("rules without cages always build");
            self.tables = Some(Tables {
                rules: rules.clone(),
                template: Template::new(&built.problem),
                built,
            });
        }
        self.bump.reset();
        let Some(tables) = &self.tables else {
            unreachable!("the tables were just made");
        };
        // Cells tried later sit lower in the stack of givens.
        let mut rank = vec![0; cells.len()];
        for (k, &cell) in cells.iter().enumerate() {
            rank[cell] = k;
        }
        Session {
            solver: Solver::from_template(&tables.template, &self.bump),
            built: &tables.built,
            budget,
            solution: solution.clone(),
            scratch: solution.clone(),
            rank,
            kept: Vec::new(),
            decided: vec![false; cells.len()],
            stack: Vec::new(),
            target: Vec::new(),
        }
    }
}

/// One puzzle's uniqueness proofs on one linked matrix.
pub(super) struct Session<'p> {
    solver: Solver<'p>,
    built: &'p Built,
    budget: &'p Budget,
    /// The complete grid the clues come from.
    solution: Grid,
    /// Where the searches write the solutions they find.
    scratch: Grid,
    /// Each cell's place in the order clues are tried.
    rank: Vec<usize>,
    /// The clues kept, in the order they were kept.
    kept: Vec<usize>,
    decided: Vec<bool>,
    /// The cells selected on the solver, bottom first.
    stack: Vec<usize>,
    target: Vec<usize>,
}

impl Session<'_> {
    /// Whether `puzzle` (the solution's clues still given, `group` among
    /// the blanks) keeps the solution as its only one; the cells of `group`
    /// are decided: kept when the answer is no (the caller puts them back).
    pub(super) fn decide(&mut self, puzzle: &Grid, group: &[usize]) -> Result<bool, Cancelled> {
        let unique = self.unique_without(puzzle, group)?;
        for &cell in group {
            self.decided[cell] = true;
            if !unique {
                self.kept.push(cell);
            }
        }
        Ok(unique)
    }

    /// Records that `group` was taken away without a search (singles give
    /// it back).
    pub(super) fn taken(&mut self, group: &[usize]) {
        for &cell in group {
            self.decided[cell] = true;
        }
    }

    /// Records that `group` was kept without a search (an unavoidable set
    /// needs it).
    pub(super) fn keep(&mut self, group: &[usize]) {
        for &cell in group {
            self.decided[cell] = true;
            self.kept.push(cell);
        }
    }

    fn unique_without(&mut self, puzzle: &Grid, group: &[usize]) -> Result<bool, Cancelled> {
        self.select_givens(puzzle);
        let base = self.solver.selected_count();
        let n = puzzle.size();
        let mut unique = true;
        'group: for &cell in group {
            let held = self.solution.cells()[cell];
            for digit in (1..=n as u8).filter(|&d| d != held) {
                let option = self.option(cell, digit);
                // A candidate the givens rule out is no candidate.
                if self.solver.select(option).is_err() {
                    continue;
                }
                let outcome = run(
                    &mut self.solver,
                    self.built,
                    base,
                    1,
                    (self.budget, None),
                    &mut self.scratch,
                );
                self.solver.unselect();
                if outcome.cutoff.is_some() {
                    self.unselect_to(base);
                    return Err(Cancelled);
                }
                if outcome.solutions > 0 {
                    unique = false;
                    break 'group;
                }
            }
            // The next cell's other digits, with this one as in the solution.
            let option = self.option(cell, held);
            self.solver
                .select(option)
                .expect("the solution's digit fits its own givens");
        }
        self.unselect_to(base);
        Ok(unique)
    }

    fn option(&self, cell: usize, digit: u8) -> dancing::OptionId {
        self.built
            .option_of(cell, digit)
            .expect("no cages in the prover's rules")
    }

    fn unselect_to(&mut self, level: usize) {
        while self.solver.selected_count() > level {
            self.solver.unselect();
        }
    }

    /// Makes the solver's selection the givens of `puzzle`, in the stack's
    /// order (undecided clues, the last to be tried lowest, then the kept
    /// ones), changing only what lies above the part already in place.
    fn select_givens(&mut self, puzzle: &Grid) {
        let mut target = std::mem::take(&mut self.target);
        target.clear();
        target.extend(
            (0..puzzle.cells().len())
                .filter(|&cell| puzzle.cells()[cell] != 0 && !self.decided[cell]),
        );
        target.sort_unstable_by_key(|&cell| std::cmp::Reverse(self.rank[cell]));
        target.extend(
            self.kept
                .iter()
                .copied()
                .filter(|&cell| puzzle.cells()[cell] != 0),
        );
        let common = self
            .stack
            .iter()
            .zip(&target)
            .take_while(|(a, b)| a == b)
            .count();
        self.unselect_to(common);
        self.stack.truncate(common);
        for &cell in &target[common..] {
            let option = self.option(cell, puzzle.cells()[cell]);
            self.solver
                .select(option)
                .expect("givens from one solution never conflict");
            self.stack.push(cell);
        }
        self.target = target;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Engine;
    use crate::generate::Generator;
    use crate::grid::Shape;

    /// Every decision of a session, clue after clue with no shortcut
    /// before it, against a plain count to 2 of the same puzzle: both kinds
    /// of answer come up, singly and in symmetric pairs, under classic and
    /// X rules.
    #[test]
    fn each_decision_agrees_with_a_count_to_two() {
        let mut generator = Generator::new(21);
        let mut prover = Prover::default();
        let mut counter = crate::Solver::new(Engine::Dlx);
        let budget = Budget::default();
        let (mut unique_seen, mut kept_seen) = (0, 0);
        for (k, (rows, cols, x)) in [(3, 3, false), (2, 3, true), (3, 3, true), (2, 2, false)]
            .into_iter()
            .cycle()
            .take(12)
            .enumerate()
        {
            let shape = Shape::new(rows, cols).unwrap();
            let mut rules = Rules::classic(shape);
            if x {
                rules = rules.with_diagonals();
            }
            let solution = generator.solution_with(&rules, None).unwrap();
            let cell_count = shape.cell_count();
            let mut cells: Vec<usize> = (0..cell_count).collect();
            generator.shuffle(&mut cells);
            let symmetric = k % 2 == 1;
            let mut puzzle = solution.clone();
            let mut session = prover.start(&rules, &solution, &cells, &budget);
            let n = shape.size();
            for &cell in &cells {
                let partner = cell_count - 1 - cell;
                if symmetric && partner < cell {
                    continue;
                }
                let group: Vec<usize> = if symmetric && partner != cell {
                    vec![cell, partner]
                } else {
                    vec![cell]
                };
                for &c in &group {
                    puzzle.set(c / n, c % n, None);
                }
                let expected = counter.count_with(&rules, &puzzle, 2).unwrap() == 1;
                let decided = session.decide(&puzzle, &group).ok().unwrap();
                assert_eq!(decided, expected, "{puzzle} without {group:?}");
                if decided {
                    unique_seen += 1;
                } else {
                    kept_seen += 1;
                    for &c in &group {
                        puzzle.set(c / n, c % n, solution.get(c / n, c % n));
                    }
                }
            }
        }
        assert!(
            unique_seen > 100 && kept_seen > 50,
            "{unique_seen} {kept_seen}"
        );
    }
}
