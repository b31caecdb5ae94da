//! The rules of a puzzle: its shape and the variant constraints on top of
//! rows, columns and boxes.
//!
//! | variant | rule |
//! |---|---|
//! | `x` | each of the two long diagonals holds every digit once |
//! | `hyper` (Windoku) | so does each window: a box-sized region one cell in from the boxes (four on 9x9: rows and columns 2-4 and 6-8) |
//! | `jigsaw` | irregular regions, given by a region map, take the place of the boxes |
//! | `killer` | cages: the digits of a cage are distinct and add up to its sum |
//!
//! Any mix is allowed (`x+killer`, `jigsaw+hyper`, ...). Each rule is a
//! change to the exact cover (see [`exact_cover`](crate::exact_cover)), and
//! [`Rules::check`] verifies a solution against every rule, independently of
//! that mapping.

mod check;
mod error;
#[cfg(test)]
mod tests;
mod units;
mod variant;

pub use check::Violation;
pub use error::RulesError;
pub use variant::Variant;

use crate::grid::Shape;
use crate::unit::{CAGE_LABELS, CageName};

/// A cage of a killer puzzle: its cells (indices, row by row) hold distinct
/// digits that add up to `sum`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cage {
    /// The cells, in reading order.
    pub cells: Vec<usize>,
    /// The sum of their digits.
    pub sum: u32,
}

/// The rules of a puzzle.
///
/// ```
/// use dancing_sudoku::{Rules, Shape, Variant};
///
/// let x = Rules::classic(Shape::CLASSIC).with_diagonals();
/// assert_eq!(x.variant(), "x".parse::<Variant>()?);
/// assert_eq!(x.units().len(), 9 + 9 + 9 + 2);
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    shape: Shape,
    diagonals: bool,
    windows: bool,
    /// Jigsaw: the region of each cell, row by row.
    regions: Option<Vec<u8>>,
    cages: Vec<Cage>,
    /// The label of each cage in the cage map, which names it in messages
    /// and in the line written; empty when there are more cages than labels.
    cage_labels: Vec<u8>,
}

impl Rules {
    /// Rows, columns and boxes of `shape`.
    pub fn classic(shape: Shape) -> Rules {
        Rules {
            shape,
            diagonals: false,
            windows: false,
            regions: None,
            cages: Vec::new(),
            cage_labels: Vec::new(),
        }
    }

    /// These rules and both long diagonals.
    pub fn with_diagonals(mut self) -> Rules {
        self.diagonals = true;
        self
    }

    /// These rules and the hyper windows.
    pub fn with_windows(mut self) -> Rules {
        self.windows = true;
        self
    }

    /// These rules with irregular regions instead of boxes: `regions[cell]`
    /// is the region (`0..n`) of each cell, row by row; each region has `n`
    /// cells.
    pub fn with_regions(mut self, regions: Vec<u8>) -> Result<Rules, RulesError> {
        let n = self.shape.size();
        if regions.len() != n * n {
            return Err(RulesError::RegionMapLength {
                expected: n * n,
                found: regions.len(),
            });
        }
        let mut sizes = vec![0usize; n];
        for &region in &regions {
            match sizes.get_mut(region as usize) {
                Some(size) => *size += 1,
                None => return Err(RulesError::RegionCount { size: n }),
            }
        }
        if let Some(region) = sizes.iter().position(|&size| size != n) {
            return Err(RulesError::RegionSize {
                region,
                cells: sizes[region],
                size: n,
            });
        }
        self.regions = Some(regions);
        Ok(self)
    }

    /// These rules and the killer `cages`: disjoint, of 1 to `n` cells each,
    /// with sums that distinct digits can make. They are labelled from
    /// [`CAGE_LABELS`] in order, as [`puzzle_line`](crate::format::puzzle_line)
    /// writes them (unlabelled, named by number, when there are more cages
    /// than labels).
    pub fn with_cages(self, cages: Vec<Cage>) -> Result<Rules, RulesError> {
        let labels = match CAGE_LABELS.get(..cages.len()) {
            Some(labels) => labels.to_vec(),
            None => Vec::new(),
        };
        self.with_labelled_cages(cages, labels)
    }

    /// These rules and the killer `cages`, as [`with_cages`](Self::with_cages),
    /// with their `labels` in a cage map: one per cage, distinct, each one of
    /// [`CAGE_LABELS`]. Messages name the cages by these labels.
    ///
    /// ```
    /// use dancing_sudoku::{Cage, Rules, Shape};
    ///
    /// let cage = Cage { cells: vec![0, 1], sum: 99 };
    /// let rules = Rules::classic(Shape::CLASSIC);
    /// let error = rules.with_labelled_cages(vec![cage], b"q".to_vec()).unwrap_err();
    /// assert!(error.to_string().starts_with("cage 'q' cannot sum to 99"));
    /// ```
    pub fn with_labelled_cages(
        mut self,
        cages: Vec<Cage>,
        labels: Vec<u8>,
    ) -> Result<Rules, RulesError> {
        if !labels.is_empty() {
            if labels.len() != cages.len() {
                return Err(RulesError::CageLabelCount {
                    labels: labels.len(),
                    cages: cages.len(),
                });
            }
            let mut taken = [false; 256];
            for (index, &label) in labels.iter().enumerate() {
                if !CAGE_LABELS.contains(&label) {
                    return Err(RulesError::BadCageLabel { cage: index, label });
                }
                if std::mem::replace(&mut taken[usize::from(label)], true) {
                    return Err(RulesError::CageLabelTwice { label });
                }
            }
        }
        self.cage_labels = labels;
        let n = self.shape.size();
        let mut caged = vec![false; n * n];
        for (index, cage) in cages.iter().enumerate() {
            let k = cage.cells.len();
            let name = self.cage_name(index);
            if k == 0 || k > n {
                return Err(RulesError::CageSize {
                    cage: name,
                    cells: k,
                    size: n,
                });
            }
            // The smallest and largest sums of k distinct digits of 1..=n.
            let least = (k * (k + 1) / 2) as u32;
            let most = (k * (2 * n + 1 - k) / 2) as u32;
            if cage.sum < least || cage.sum > most {
                return Err(RulesError::CageSum {
                    cage: name,
                    sum: cage.sum,
                    least,
                    most,
                });
            }
            for &cell in &cage.cells {
                if cell >= n * n || std::mem::replace(&mut caged[cell], true) {
                    return Err(RulesError::CageOverlap { cage: name, cell });
                }
            }
        }
        self.cages = cages;
        Ok(self)
    }

    /// The shape of the grid.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The variant these rules make.
    pub fn variant(&self) -> Variant {
        Variant {
            diagonals: self.diagonals,
            windows: self.windows,
            jigsaw: self.regions.is_some(),
            killer: !self.cages.is_empty(),
        }
    }

    /// Whether these are the rules of classic Sudoku.
    pub fn is_classic(&self) -> bool {
        self.variant().is_classic()
    }

    /// The jigsaw regions, if any.
    pub fn regions(&self) -> Option<&[u8]> {
        self.regions.as_deref()
    }

    /// The killer cages.
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// The label of each cage in a cage map, in the order of
    /// [`cages`](Self::cages); `None` when the cages are unlabelled (more
    /// than there are labels).
    pub fn cage_labels(&self) -> Option<&[u8]> {
        (self.cage_labels.len() == self.cages.len()).then_some(&self.cage_labels[..])
    }

    /// The name of cage `index` in messages: its label, or its number.
    pub fn cage_name(&self, index: usize) -> CageName {
        CageName {
            index,
            label: self.cage_labels.get(index).copied(),
        }
    }
}
