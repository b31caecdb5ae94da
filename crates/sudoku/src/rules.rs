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

use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;

use crate::grid::{Cell, Grid, Shape};
use crate::unit::{CAGE_LABELS, CageName, Unit};

/// A set of variant rules, without their data: what `--variant` names.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Variant {
    /// X-Sudoku: both long diagonals.
    pub diagonals: bool,
    /// Hyper (Windoku): the extra windows.
    pub windows: bool,
    /// Jigsaw: irregular regions instead of boxes.
    pub jigsaw: bool,
    /// Killer: cages with sums.
    pub killer: bool,
}

impl Variant {
    /// Classic Sudoku: rows, columns and boxes only.
    pub const CLASSIC: Variant = Variant {
        diagonals: false,
        windows: false,
        jigsaw: false,
        killer: false,
    };

    /// Whether no variant rule is on.
    pub fn is_classic(self) -> bool {
        self == Variant::CLASSIC
    }

    /// Whether the puzzle text carries data beyond the cells (a region map
    /// or cages).
    pub fn needs_data(self) -> bool {
        self.jigsaw || self.killer
    }
}

impl fmt::Display for Variant {
    /// `classic`, or the rules joined by `+`: `x+hyper`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_classic() {
            return f.write_str("classic");
        }
        let names = [
            (self.diagonals, "x"),
            (self.windows, "hyper"),
            (self.jigsaw, "jigsaw"),
            (self.killer, "killer"),
        ];
        let mut first = true;
        for (on, name) in names {
            if on {
                if !first {
                    f.write_str("+")?;
                }
                f.write_str(name)?;
                first = false;
            }
        }
        Ok(())
    }
}

impl FromStr for Variant {
    type Err = String;

    /// Names joined by `+` or `,`: `classic`, `x` (or `diagonal`), `hyper`
    /// (or `windoku`), `jigsaw`, `killer`.
    fn from_str(text: &str) -> Result<Variant, String> {
        let mut variant = Variant::CLASSIC;
        for name in text.split(['+', ',']) {
            match name.trim().to_ascii_lowercase().as_str() {
                "classic" => {}
                "x" | "diagonal" | "diagonals" => variant.diagonals = true,
                "hyper" | "windoku" => variant.windows = true,
                "jigsaw" => variant.jigsaw = true,
                "killer" => variant.killer = true,
                other => {
                    return Err(format!(
                        "unknown variant {other:?}: expected classic, x, hyper, jigsaw or killer, \
                         joined by '+'"
                    ));
                }
            }
        }
        Ok(variant)
    }
}

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

    /// Every unit that holds each digit once, with its cells: rows, columns,
    /// boxes (or jigsaw regions), then the diagonals and the windows.
    pub fn units(&self) -> Vec<(Unit, Vec<usize>)> {
        let mut units = Vec::with_capacity(3 * self.shape.size() + 2);
        let all = self.try_for_each_unit(|unit, cells| {
            units.push((unit, cells.to_vec()));
            ControlFlow::<()>::Continue(())
        });
        debug_assert!(all.is_continue());
        units
    }

    /// Calls `visit` with each unit of [`units`](Self::units) and its
    /// cells, in the same order, until it breaks: without allocating, as
    /// [`check`](Self::check) runs once per answer.
    fn try_for_each_unit<B>(
        &self,
        mut visit: impl FnMut(Unit, &[usize]) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let shape = self.shape;
        let n = shape.size();
        // Every unit has `n` cells (a region map is checked for that).
        let mut buffer = [0; Shape::MAX_SIZE];
        let cells = &mut buffer[..n];
        for row in 0..n {
            fill(cells, |col| row * n + col);
            visit(Unit::Row(row), cells)?;
        }
        for col in 0..n {
            fill(cells, |row| row * n + col);
            visit(Unit::Column(col), cells)?;
        }
        match &self.regions {
            Some(regions) => {
                for region in 0..n {
                    let members = (0..n * n).filter(|&cell| regions[cell] as usize == region);
                    for (slot, cell) in cells.iter_mut().zip(members) {
                        *slot = cell;
                    }
                    visit(Unit::Region(region), cells)?;
                }
            }
            None => {
                for b in 0..n {
                    fill(cells, |k| box_cell(shape, b, k));
                    visit(Unit::Box(b), cells)?;
                }
            }
        }
        if self.diagonals {
            fill(cells, |k| k * n + k);
            visit(Unit::Diagonal(0), cells)?;
            fill(cells, |k| k * n + (n - 1 - k));
            visit(Unit::Diagonal(1), cells)?;
        }
        if self.windows {
            for (w, (top, left)) in window_corners(shape).enumerate() {
                fill(cells, |j| {
                    (top + j / shape.box_cols()) * n + left + j % shape.box_cols()
                });
                visit(Unit::Window(w), cells)?;
            }
        }
        ControlFlow::Continue(())
    }

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

/// Sets each `cells[k]` to `cell(k)`.
fn fill(cells: &mut [usize], cell: impl Fn(usize) -> usize) {
    for (k, slot) in cells.iter_mut().enumerate() {
        *slot = cell(k);
    }
}

/// The `k`th cell of box `b`, in reading order.
fn box_cell(shape: Shape, b: usize, k: usize) -> usize {
    let n = shape.size();
    let per_band = n / shape.box_cols();
    let top = (b / per_band) * shape.box_rows();
    let left = (b % per_band) * shape.box_cols();
    (top + k / shape.box_cols()) * n + left + k % shape.box_cols()
}

/// The top left cells of the hyper windows: box-sized, one cell in from the
/// boxes and one cell apart, as many as fit (four on 9x9, nine on 16x16).
fn window_corners(shape: Shape) -> impl Iterator<Item = (usize, usize)> {
    let n = shape.size();
    let starts = move |step: usize| {
        (0..)
            .map(move |k| 1 + k * (step + 1))
            .take_while(move |&s| s + step < n)
    };
    starts(shape.box_rows())
        .flat_map(move |top| starts(shape.box_cols()).map(move |left| (top, left)))
}

fn cell_at(n: usize, index: usize) -> Cell {
    Cell {
        row: index / n,
        col: index % n,
    }
}

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
    /// [`CAGE_LABELS`]).
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_sit_one_cell_in_from_the_boxes() {
        let windows = |shape| window_corners(shape).collect::<Vec<_>>();
        assert_eq!(windows(Shape::CLASSIC), [(1, 1), (1, 5), (5, 1), (5, 5)]);
        assert_eq!(windows(Shape::new(4, 4).unwrap()).len(), 9);
        // Rows 4-5 would touch the edge: one window fits.
        assert_eq!(windows(Shape::new(2, 3).unwrap()), [(1, 1)]);
    }

    #[test]
    fn units_are_the_rows_columns_boxes_diagonals_and_windows_by_their_definitions() {
        // Cells by coordinates, for a 2x3-box grid (6x6) and the classic.
        for shape in [Shape::new(2, 3).unwrap(), Shape::CLASSIC] {
            let (n, h, w) = (shape.size(), shape.box_rows(), shape.box_cols());
            let at = |row: usize, col: usize| row * n + col;
            let rules = Rules::classic(shape).with_diagonals().with_windows();
            let units = rules.units();
            let mut expected: Vec<(Unit, Vec<usize>)> = Vec::new();
            for r in 0..n {
                expected.push((Unit::Row(r), (0..n).map(|c| at(r, c)).collect()));
            }
            for c in 0..n {
                expected.push((Unit::Column(c), (0..n).map(|r| at(r, c)).collect()));
            }
            for b in 0..n {
                let (top, left) = (b / (n / w) * h, b % (n / w) * w);
                let mut cells = Vec::new();
                for r in top..top + h {
                    for c in left..left + w {
                        cells.push(at(r, c));
                    }
                }
                expected.push((Unit::Box(b), cells));
            }
            expected.push((Unit::Diagonal(0), (0..n).map(|k| at(k, k)).collect()));
            expected.push((
                Unit::Diagonal(1),
                (0..n).map(|k| at(k, n - 1 - k)).collect(),
            ));
            for (k, (top, left)) in window_corners(shape).enumerate() {
                let mut cells = Vec::new();
                for r in top..top + h {
                    for c in left..left + w {
                        cells.push(at(r, c));
                    }
                }
                expected.push((Unit::Window(k), cells));
            }
            assert_eq!(units, expected, "{shape:?}");
        }
        // Jigsaw regions: the cells of each, in reading order.
        let shape = Shape::new(2, 2).unwrap();
        let map: Vec<u8> = vec![0, 0, 1, 1, 0, 0, 1, 1, 2, 3, 3, 3, 2, 2, 2, 3];
        let rules = Rules::classic(shape).with_regions(map.clone()).unwrap();
        let regions: Vec<_> = rules.units().into_iter().skip(8).collect();
        let expected: Vec<_> = (0..4)
            .map(|region| {
                let cells = (0..16).filter(|&cell| map[cell] == region as u8).collect();
                (Unit::Region(region), cells)
            })
            .collect();
        assert_eq!(regions, expected);
    }

    #[test]
    fn variants_parse_and_print() {
        let variant: Variant = "x+killer".parse().unwrap();
        assert!(variant.diagonals && variant.killer && !variant.windows);
        assert_eq!(variant.to_string(), "x+killer");
        assert_eq!("classic".parse::<Variant>().unwrap(), Variant::CLASSIC);
        assert!("y".parse::<Variant>().is_err());
    }

    #[test]
    fn region_maps_and_cages_are_checked() {
        let shape = Shape::new(2, 2).unwrap();
        let rows: Vec<u8> = (0..16).map(|cell| (cell / 4) as u8).collect();
        assert!(Rules::classic(shape).with_regions(rows.clone()).is_ok());
        let mut lopsided = rows;
        lopsided[0] = 1;
        assert_eq!(
            Rules::classic(shape).with_regions(lopsided),
            Err(RulesError::RegionSize {
                region: 0,
                cells: 3,
                size: 4
            })
        );
        let cage = |cells: Vec<usize>, sum| Cage { cells, sum };
        assert!(matches!(
            Rules::classic(shape).with_cages(vec![cage(vec![0, 1], 8)]),
            Err(RulesError::CageSum { most: 7, .. })
        ));
        assert!(matches!(
            Rules::classic(shape).with_cages(vec![cage(vec![0, 1], 3), cage(vec![1], 2)]),
            Err(RulesError::CageOverlap {
                cage: CageName {
                    index: 1,
                    label: Some(b'B')
                },
                cell: 1
            })
        ));
    }
}
