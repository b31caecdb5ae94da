//! Why variant data cannot make rules.

use std::fmt;

use crate::unit::CageName;

/// Why variant data cannot make rules.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RulesError {
    /// A region map without one entry per cell.
    RegionMapLength {
        /// Cells of the grid.
        expected: usize,
        /// Entries of the map.
        found: usize,
    },
    /// More regions than the size of the grid.
    RegionCount {
        /// The size of the grid.
        size: usize,
    },
    /// A region without `size` cells.
    RegionSize {
        /// The region, from 0.
        region: usize,
        /// Its cells.
        cells: usize,
        /// The size of the grid.
        size: usize,
    },
    /// Cage labels that are not one per cage.
    CageLabelCount {
        /// The labels given.
        labels: usize,
        /// The cages.
        cages: usize,
    },
    /// A cage label that a cage map cannot hold (not one of
    /// [`CAGE_LABELS`](crate::unit::CAGE_LABELS)).
    BadCageLabel {
        /// The cage, from 0.
        cage: usize,
        /// Its label.
        label: u8,
    },
    /// Two cages with one label.
    CageLabelTwice {
        /// The label.
        label: u8,
    },
    /// A cage of no cell or of more cells than digits.
    CageSize {
        /// The cage.
        cage: CageName,
        /// Its cells.
        cells: usize,
        /// The size of the grid.
        size: usize,
    },
    /// A sum that distinct digits cannot make.
    CageSum {
        /// The cage.
        cage: CageName,
        /// Its sum.
        sum: u32,
        /// The least sum of its cells.
        least: u32,
        /// The greatest.
        most: u32,
    },
    /// A cell in two cages, or outside the grid.
    CageOverlap {
        /// The cage.
        cage: CageName,
        /// The cell index.
        cell: usize,
    },
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::RegionMapLength { expected, found } => {
                write!(f, "the region map has {found} cells, expected {expected}")
            }
            RulesError::RegionCount { size } => {
                write!(f, "the region map has more than {size} regions")
            }
            RulesError::RegionSize {
                region,
                cells,
                size,
            } => write!(
                f,
                "region {} has {cells} cells, expected {size}",
                region + 1
            ),
            RulesError::CageLabelCount { labels, cages } => {
                write!(f, "{labels} cage labels for {cages} cages")
            }
            RulesError::BadCageLabel { cage, label } => write!(
                f,
                "cage {} has label {:?}: a cage map's labels are printable ASCII but '.' and '='",
                cage + 1,
                *label as char
            ),
            RulesError::CageLabelTwice { label } => {
                write!(f, "two cages are labelled {:?}", *label as char)
            }
            RulesError::CageSize { cage, .. }
            | RulesError::CageSum { cage, .. }
            | RulesError::CageOverlap { cage, .. } => {
                let (_, detail) = self.cage_detail().unwrap_or_default();
                write!(f, "cage {cage} {detail}")
            }
        }
    }
}

impl RulesError {
    /// For an error about one cage: the cage (from 0), which a reader
    /// locates on its line, and what is wrong with it, to follow the
    /// cage's name.
    ///
    /// ```
    /// use dancing_sudoku::{Cage, Rules, Shape};
    ///
    /// let cage = Cage { cells: vec![0, 1], sum: 99 };
    /// let error = Rules::classic(Shape::CLASSIC).with_cages(vec![cage]).unwrap_err();
    /// let (cage, detail) = error.cage_detail().unwrap();
    /// assert_eq!(cage, 0);
    /// assert_eq!(detail, "cannot sum to 99: its distinct digits sum to 3 to 17");
    /// ```
    pub fn cage_detail(&self) -> Option<(usize, String)> {
        match *self {
            RulesError::CageSize { cage, cells, size } => Some((
                cage.index,
                format!("has {cells} cells: a cage has 1 to {size}"),
            )),
            RulesError::CageSum {
                cage,
                sum,
                least,
                most,
            } => Some((
                cage.index,
                format!("cannot sum to {sum}: its distinct digits sum to {least} to {most}"),
            )),
            RulesError::CageOverlap { cage, cell } => {
                Some((cage.index, format!("takes cell {} a second time", cell + 1)))
            }
            _ => None,
        }
    }
}

impl std::error::Error for RulesError {}
