//! The generator's uniqueness proofs: on the bitboard for grids of at most
//! 128 cells, else on one linked exact cover kept for a whole puzzle.
//!
//! Taking clues away from a complete grid `S` asks, clue after clue, whether
//! the puzzle `P` without clue `c` still has `S` as its only solution. Any
//! other solution differs from `S` at `c` (else it would be a second
//! solution of `P`, which is unique), so the question is whether `P \ {c}`
//! has a solution with `c` holding one of its other candidates: not a
//! count to 2 (whose tree holds the branch to `S` as well). For a pair of
//! clues (symmetric puzzles), a second solution differs at the first cell,
//! or agrees there and differs at the second.
//!
//! **Bitboard** ([`crate::bitboard`]; 4x4 to 11x11, every rule without
//! killer cages): the position of `P \ {c}`'s givens is built afresh (a
//! few hundred instructions), `S`'s digit is excluded from `c`, and one
//! search for any solution answers, singles first, with bit-parallel
//! naked and hidden singles. On 9x9 a proof costs about 16,000
//! instructions, most ending in the singles before any branch, against
//! about 47,000 on the linked matrix below with its selections of givens
//! (the 852 proofs of `Generator::new(7)`'s first 30 minimal puzzles:
//! 14.2 M instructions against 39.7 M).
//!
//! **Linked matrix** (larger grids): one search for a first solution per
//! other candidate of `c`, with that candidate selected. The matrix is
//! linked once per puzzle, and the givens are
//! [selected](dancing::expert::Solver::select) on it as a stack that changes little
//! from one proof to the next: the clues not decided yet at the bottom, the
//! last to be tried lowest, and the clues kept above them in the order they
//! were kept. The next clue tried is then near the top, under the kept ones:
//! only those are taken off and put back, where linking a copy of the
//! template and selecting every given would cost far more. Once those
//! moves add up, the stack is rebuilt with the kept clues at the bottom.
//!
//! Either way the answer is a fact about the puzzle, so a seed gives the
//! same puzzles whichever proves them.

use bumpalo::Bump;
use dancing::expert::{Solver, Template};

use crate::bitboard::Bitboard;
use crate::dlx::{Searching, run};
use crate::exact_cover::{Built, Mapping};
use crate::grid::Grid;
use crate::rules::Rules;
use dancing::expert::Budget;

/// The exact cover of the last rules proved on, linked, and the arena its
/// copies live in.
#[derive(Default)]
pub(super) struct Prover {
    tables: Option<Tables>,
    bump: Bump,
    /// The bitboard of the last rules it takes.
    board: Option<(Rules, Bitboard)>,
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
        if self.board.as_ref().is_none_or(|(of, _)| of != rules) {
            self.board = Bitboard::new(rules).map(|board| (rules.clone(), board));
        }
        if self.board.is_none() {
            return self.start_linked(rules, solution, cells, budget);
        }
        let Some((_, board)) = &self.board else {
            unreachable!("the board was just checked");
        };
        Session::Bits(Bits {
            board,
            solution: solution.clone(),
        })
    }

    /// A session on the linked exact cover of `rules`, whatever their size.
    fn start_linked<'p>(
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
        Session::Linked(Box::new(Linked {
            solver: Solver::from_template(&tables.template, &self.bump),
            built: &tables.built,
            budget,
            solution: solution.clone(),
            scratch: solution.clone(),
            order: cells.to_vec(),
            kept: Vec::new(),
            decided: vec![false; cells.len()],
            stack: Vec::new(),
            bottom: 0,
            spent: 0,
            target: Vec::new(),
            rebuilt: Vec::new(),
        }))
    }
}

/// One puzzle's uniqueness proofs.
pub(super) enum Session<'p> {
    /// On the bitboard: grids of at most 128 cells.
    Bits(Bits<'p>),
    /// On one linked exact cover: every other rule without cages.
    Linked(Box<Linked<'p>>),
}

impl Session<'_> {
    /// Whether `puzzle` (the solution's clues still given, `group` among
    /// the blanks) keeps the solution as its only one; the cells of `group`
    /// are decided: kept when the answer is no (the caller puts them back).
    pub(super) fn decide(&mut self, puzzle: &Grid, group: &[usize]) -> Result<bool, Cancelled> {
        match self {
            Session::Bits(bits) => Ok(bits.unique_without(puzzle, group)),
            Session::Linked(linked) => linked.decide(puzzle, group),
        }
    }

    /// Records that `group` was taken away without a search (singles give
    /// it back).
    pub(super) fn taken(&mut self, group: &[usize]) {
        if let Session::Linked(linked) = self {
            linked.taken(group);
        }
    }

    /// Records that `group` was kept without a search (an unavoidable set
    /// needs it).
    pub(super) fn keep(&mut self, group: &[usize]) {
        if let Session::Linked(linked) = self {
            linked.keep(group);
        }
    }
}

/// Uniqueness proofs on the bitboard: each builds the position of the
/// givens afresh (a few hundred instructions), so nothing is kept from one
/// proof to the next.
pub(super) struct Bits<'p> {
    board: &'p Bitboard,
    /// The complete grid the clues come from.
    solution: Grid,
}

impl Bits<'_> {
    fn unique_without(&self, puzzle: &Grid, group: &[usize]) -> bool {
        let mut base = self.board.position(puzzle);
        for (k, &cell) in group.iter().enumerate() {
            let held = self.solution.cells()[cell];
            let mut other = base;
            self.board.exclude(&mut other, cell, held);
            if self.board.has_solution(&other) {
                return false;
            }
            if k + 1 < group.len() {
                // The next cell's other digits, with this one as in the
                // solution.
                let fits = self.board.place(&mut base, cell, held);
                debug_assert!(fits, "the solution's digit fits its own givens");
            }
        }
        true
    }
}

/// One puzzle's uniqueness proofs on one linked matrix.
pub(super) struct Linked<'p> {
    solver: Solver<'p>,
    built: &'p Built,
    budget: &'p Budget,
    /// The complete grid the clues come from.
    solution: Grid,
    /// Where the searches write the solutions they find.
    scratch: Grid,
    /// The cells in the order their clues are tried (those tried later
    /// sit lower in the stack of givens).
    order: Vec<usize>,
    /// The clues kept, in the order they were kept.
    kept: Vec<usize>,
    decided: Vec<bool>,
    /// The cells selected on the solver, bottom first.
    stack: Vec<usize>,
    /// The kept clues at the bottom of the stack (the first of `kept`).
    bottom: usize,
    /// Selections and unselections since the stack was last rebuilt.
    spent: usize,
    target: Vec<usize>,
    rebuilt: Vec<usize>,
}

impl Linked<'_> {
    fn decide(&mut self, puzzle: &Grid, group: &[usize]) -> Result<bool, Cancelled> {
        let unique = self.unique_without(puzzle, group)?;
        for &cell in group {
            self.decided[cell] = true;
            if !unique {
                self.kept.push(cell);
            }
        }
        Ok(unique)
    }

    fn taken(&mut self, group: &[usize]) {
        for &cell in group {
            self.decided[cell] = true;
        }
    }

    fn keep(&mut self, group: &[usize]) {
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
        'group: for (k, &cell) in group.iter().enumerate() {
            let held = self.solution.cells()[cell];
            for digit in (1..=n as u8).filter(|&d| d != held) {
                let option = self.option(cell, digit);
                // A candidate the givens rule out is no candidate.
                if self.solver.select(option).is_err() {
                    continue;
                }
                let outcome = run(
                    Searching::Again(&mut self.solver),
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
            if k + 1 == group.len() {
                break;
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
    /// order (the clues kept before the last rebuild, the undecided clues
    /// with the last to be tried lowest, then the clues kept since),
    /// changing only what lies above the part already in place.
    ///
    /// Each clue kept on top makes every later proof take it off and put
    /// it back. So once those moves add up to what it costs to rebuild
    /// the stack with every kept clue at the bottom, it is rebuilt: then
    /// a proof takes off little more than the clue it tries.
    fn select_givens(&mut self, puzzle: &Grid) {
        let mut target = std::mem::take(&mut self.target);
        self.fill_target(&mut target, puzzle, self.bottom);
        let moves = self.moves_to(&target);
        self.spent += moves;
        if self.bottom < self.kept.len() {
            let mut rebuilt = std::mem::take(&mut self.rebuilt);
            self.fill_target(&mut rebuilt, puzzle, self.kept.len());
            let rebuild = self.moves_to(&rebuilt);
            if rebuild <= moves || self.spent >= 2 * rebuild {
                std::mem::swap(&mut target, &mut rebuilt);
                self.bottom = self.kept.len();
                self.spent = 0;
            }
            self.rebuilt = rebuilt;
        }
        let common = self.common_with(&target);
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

    /// The givens of `puzzle` in the stack's order, with the first
    /// `bottom` kept clues at the bottom.
    fn fill_target(&self, target: &mut Vec<usize>, puzzle: &Grid, bottom: usize) {
        let given = |cell: &usize| puzzle.cells()[*cell] != 0;
        target.clear();
        target.extend(self.kept[..bottom].iter().copied().filter(given));
        target.extend(
            self.order
                .iter()
                .rev()
                .copied()
                .filter(|&cell| puzzle.cells()[cell] != 0 && !self.decided[cell]),
        );
        target.extend(self.kept[bottom..].iter().copied().filter(given));
    }

    /// How many of the stack's cells lie in place for `target`.
    fn common_with(&self, target: &[usize]) -> usize {
        self.stack
            .iter()
            .zip(target)
            .take_while(|(a, b)| a == b)
            .count()
    }

    /// The selections and unselections that make the stack `target`.
    fn moves_to(&self, target: &[usize]) -> usize {
        let common = self.common_with(target);
        self.stack.len() - common + target.len() - common
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
            .take(18)
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
            // Both kinds of session: the bitboard, and the linked matrix
            // that takes the rules the bitboard does not.
            let mut session = if k % 3 == 0 {
                prover.start_linked(&rules, &solution, &cells, &budget)
            } else {
                prover.start(&rules, &solution, &cells, &budget)
            };
            assert_eq!(matches!(session, Session::Bits(_)), k % 3 != 0);
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
