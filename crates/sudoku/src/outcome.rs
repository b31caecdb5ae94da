//! What a search reports: its [`Outcome`], or why it did not run
//! ([`SolveError`]). Kept apart from the [`Solver`](crate::Solver) so that
//! the engines report to it without depending on it.

use std::fmt;

use crate::budget::Cutoff;
use crate::conflict::{self, Conflict};
use crate::engine::Engine;
use crate::grid::{Grid, Shape};
use crate::rules::{Rules, Variant};

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
    /// The engine does not handle these variant rules.
    UnsupportedVariant {
        /// The engine asked.
        engine: Engine,
        /// The variant of the puzzle.
        variant: Variant,
    },
    /// The rules are for another shape than the puzzle's.
    RulesShape {
        /// The shape of the rules.
        rules: Shape,
        /// The shape of the puzzle.
        puzzle: Shape,
    },
    /// A killer cage has too many possible fillings for the exact cover
    /// (each filling is an option).
    CageTooLarge {
        /// The cage, from 0.
        cage: usize,
        /// Its cells.
        cells: usize,
        /// Its sum.
        sum: u32,
        /// The most fillings a cage may have.
        limit: usize,
    },
}

/// The one check of a puzzle's givens before any search, by every engine:
/// a digit given twice in a unit (or a cage) is an invalid puzzle, named as
/// such, not a puzzle without solutions.
pub(crate) fn check_givens(puzzle: &Grid, rules: &Rules) -> Result<(), SolveError> {
    if conflict::is_consistent_under(puzzle, rules) {
        Ok(())
    } else {
        Err(SolveError::Contradiction(conflict::find(puzzle, rules)))
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
            SolveError::UnsupportedVariant { engine, variant } => write!(
                f,
                "the {engine} engine solves classic Sudoku only, not the {variant} variant (use --engine dlx)"
            ),
            SolveError::RulesShape { rules, puzzle } => write!(
                f,
                "the rules are for a grid of {rules}, the puzzle is {puzzle}"
            ),
            SolveError::CageTooLarge {
                cage,
                cells,
                sum,
                limit,
            } => write!(
                f,
                "cage {} ({cells} cells, sum {sum}) has more than {limit} fillings: too large for the exact cover",
                cage + 1
            ),
        }
    }
}

impl std::error::Error for SolveError {}
