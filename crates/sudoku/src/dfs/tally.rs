//! The count a depth-first search keeps: solutions up to a limit, the first
//! one, the nodes, and the budget it runs within.
//!
//! The module is private, so that [`DepthFirst`](super::DepthFirst), whose
//! searches write into a tally, is implemented by this crate's engines only.

use std::ops::ControlFlow;

use crate::grid::Grid;
use crate::outcome::Outcome;
use dancing::expert::{Budget, BudgetClock};

/// Counts solutions up to a limit, keeps the first, counts nodes, and
/// keeps the search within its budget.
pub struct Tally<'s> {
    limit: u64,
    solutions: u64,
    /// 1 for the root plus one per digit placed.
    nodes: u64,
    /// The node count at which to ask the guard whether to go on: one
    /// comparison per node in the hot loop, the rest out of it.
    checkpoint: u64,
    guard: BudgetClock,
    first: &'s mut Grid,
}

impl<'s> Tally<'s> {
    /// A tally writing the first solution into `first`, which starts as a
    /// copy of the puzzle, within `budget`.
    pub(crate) fn new(
        puzzle: &Grid,
        limit: u64,
        budget: &'s Budget,
        first: &'s mut Grid,
    ) -> Tally<'s> {
        first.clone_from(puzzle);
        let guard = budget.start();
        Tally {
            limit,
            solutions: 0,
            nodes: 1,
            checkpoint: guard.first_checkpoint(),
            guard,
            first,
        }
    }

    /// Whether nothing is to be searched for (a limit of 0).
    pub(crate) fn is_satisfied(&self) -> bool {
        self.solutions >= self.limit
    }

    /// Counts a node about to be entered (a digit about to be placed), or
    /// breaks, leaving it unentered, when the budget has run out.
    #[inline(always)]
    pub(crate) fn enter(&mut self) -> ControlFlow<()> {
        if self.nodes >= self.checkpoint {
            match self.guard.checkpoint(self.nodes) {
                ControlFlow::Continue(next) => self.checkpoint = next,
                ControlFlow::Break(_) => return ControlFlow::Break(()),
            }
        }
        self.nodes += 1;
        ControlFlow::Continue(())
    }

    /// Records a complete grid; breaks when the limit is reached.
    pub(crate) fn found(&mut self, cells: &[u8]) -> ControlFlow<()> {
        self.solutions += 1;
        if self.solutions == 1 {
            self.first.cells_mut().copy_from_slice(cells);
        }
        if self.solutions >= self.limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    /// The outcome of the search.
    pub(crate) fn outcome(&self) -> Outcome {
        Outcome {
            solutions: self.solutions,
            nodes: if self.limit == 0 { 0 } else { self.nodes },
            cutoff: self.guard.stop_reason(),
            deduced: 0,
        }
    }
}
