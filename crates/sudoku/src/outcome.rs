//! What a search reports: its [`Outcome`], or why it did not run
//! ([`SolveError`]). Kept apart from the [`Solver`](crate::Solver) so that
//! the engines report to it without depending on it.

use std::fmt;

use crate::conflict::{self, Conflict};
use crate::engine::Engine;
use crate::grid::{Grid, Shape};
use crate::rules::{Rules, Variant};
use crate::symbols::Symbols;
use crate::unit::CageName;
use dancing::StopReason;

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
    pub cutoff: Option<StopReason>,
    /// Empty cells filled before the search by narrowing (naked and hidden
    /// singles: Dancing Links on classic 9x9 grids and on grids of 16x16
    /// and larger), which are not counted in `nodes`. The search without
    /// narrowing would have placed each of them at a node of its own (they
    /// are its forced moves, made before it branches), so on a puzzle with
    /// a solution, and with no budget cutting either search short,
    /// `nodes + deduced` is its node count, except on classic 9x9 grids,
    /// where locked candidates also take candidates away before the
    /// search, which the search without them would have branched on: there
    /// the tree is another, most often smaller. 0 for every other engine
    /// and size.
    pub deduced: u64,
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
        /// The cage.
        cage: CageName,
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

impl SolveError {
    /// The error in words, with the digits of conflicting givens written in
    /// `symbols`, the alphabet the puzzle was read in (`Display` writes
    /// them in the default alphabet).
    ///
    /// ```
    /// use dancing_sudoku::{Solver, Symbols};
    /// use dancing_sudoku::format::{PuzzleReader, ReadOptions};
    ///
    /// let hex = Symbols::new("0123456789ABCDEF")?;
    /// let line = format!("00{}", ".".repeat(254));
    /// let options = ReadOptions { symbols: hex.clone(), ..ReadOptions::default() };
    /// let mut reader = PuzzleReader::with_options(line.as_bytes(), None, options);
    /// let mut puzzle = dancing_sudoku::Grid::default();
    /// reader.read_into(&mut puzzle).expect("a puzzle")?;
    /// let error = Solver::default().solve(&puzzle).unwrap_err();
    /// assert!(error.message_in(&hex).starts_with("invalid puzzle: 0 twice in row 1 (r1c1, r1c2)"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn message_in(&self, symbols: &Symbols) -> String {
        match self {
            SolveError::Contradiction(conflicts) => {
                format!("invalid puzzle: {}", conflict::describe(conflicts, symbols))
            }
            _ => self.to_string(),
        }
    }
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Contradiction(_) => f.write_str(&self.message_in(&Symbols::default())),
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
                "cage {cage} ({cells} cells, sum {sum}) has more than {limit} fillings: too large for the exact cover"
            ),
        }
    }
}

impl std::error::Error for SolveError {}
