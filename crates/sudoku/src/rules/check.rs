//! Checking a solution against every rule, apart from the exact-cover
//! mapping.

use std::fmt;
use std::ops::ControlFlow;

use super::Rules;
use crate::grid::{Cell, Grid};
use crate::unit::{CageName, Unit};

impl Rules {
    /// Whether `solution` solves `puzzle` under these rules: complete, the
    /// givens kept, every unit holding each digit once, every cage's digits
    /// distinct with the right sum. Written apart from the exact-cover
    /// mapping, so that it checks the mapping's answers.
    pub fn check(&self, solution: &Grid, puzzle: &Grid) -> Result<(), Violation> {
        let n = self.shape.size();
        if solution.shape() != self.shape || puzzle.shape() != self.shape {
            return Err(Violation::Shape);
        }
        for (index, (&digit, &given)) in solution.cells().iter().zip(puzzle.cells()).enumerate() {
            if digit == 0 {
                return Err(Violation::Empty(cell_at(n, index)));
            }
            if given != 0 && given != digit {
                let cell = cell_at(n, index);
                return Err(Violation::GivenChanged { cell, given, digit });
            }
        }
        // Rows, columns and boxes in one pass over the cells (the answers
        // of a batch are nearly always right); the walk below, unit by
        // unit, names the first unit that repeats a digit.
        if self.is_classic() && crate::unit::is_consistent(solution) {
            return Ok(());
        }
        let repeated = self.try_for_each_unit(|unit, cells| {
            let mut seen = 0u64;
            for &cell in cells {
                let digit = solution.cells()[cell];
                let bit = 1u64 << (digit - 1);
                if seen & bit != 0 {
                    return ControlFlow::Break(Violation::Repeated { unit, digit });
                }
                seen |= bit;
            }
            ControlFlow::Continue(())
        });
        if let ControlFlow::Break(violation) = repeated {
            return Err(violation);
        }
        for (index, cage) in self.cages.iter().enumerate() {
            let mut seen = 0u64;
            let mut sum = 0;
            for &cell in &cage.cells {
                let digit = solution.cells()[cell];
                let bit = 1u64 << (digit - 1);
                if seen & bit != 0 {
                    let unit = Unit::Cage(self.cage_name(index));
                    return Err(Violation::Repeated { unit, digit });
                }
                seen |= bit;
                sum += u32::from(digit);
            }
            if sum != cage.sum {
                return Err(Violation::CageSum {
                    cage: self.cage_name(index),
                    sum,
                    expected: cage.sum,
                });
            }
        }
        Ok(())
    }
}

fn cell_at(n: usize, index: usize) -> Cell {
    Cell {
        row: index / n,
        col: index % n,
    }
}

/// A rule that a grid breaks, as [`Rules::check`] finds it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Violation {
    /// The grid is not of the rules' shape.
    Shape,
    /// An empty cell.
    Empty(Cell),
    /// A given that the solution changed.
    GivenChanged {
        /// The cell.
        cell: Cell,
        /// The given digit.
        given: u8,
        /// The solution's digit.
        digit: u8,
    },
    /// A digit twice in a unit or a cage.
    Repeated {
        /// Where.
        unit: Unit,
        /// The digit.
        digit: u8,
    },
    /// A cage whose digits do not add up to its sum.
    CageSum {
        /// The cage.
        cage: CageName,
        /// What its digits add up to.
        sum: u32,
        /// Its sum.
        expected: u32,
    },
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::Shape => write!(f, "the grid is not of the puzzle's shape"),
            Violation::Empty(cell) => write!(f, "{cell} is empty"),
            Violation::GivenChanged { cell, given, digit } => {
                write!(f, "{cell} holds digit {digit}, not the given {given}")
            }
            Violation::Repeated { unit, digit } => write!(f, "digit {digit} twice in {unit}"),
            Violation::CageSum {
                cage,
                sum,
                expected,
            } => write!(f, "cage {cage} sums to {sum}, not {expected}"),
        }
    }
}

impl std::error::Error for Violation {}
