//! What a search reports: its [`Outcome`], or why it did not run
//! ([`SolveError`]). Kept apart from the [`Solver`](crate::Solver) so that
//! the engines report to it without depending on it.

use std::fmt;

use crate::budget::Cutoff;
use crate::conflict::{self, Conflict};
use crate::engine::Engine;
use crate::grid::{Grid, Shape};

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

/// The one check of a puzzle's givens before any search, by every engine:
/// a digit given twice in a unit is an invalid puzzle, named as such, not a
/// puzzle without solutions.
pub(crate) fn check_givens(puzzle: &Grid) -> Result<(), SolveError> {
    if conflict::is_consistent(puzzle) {
        Ok(())
    } else {
        Err(SolveError::contradiction(puzzle))
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
