//! The units of a grid: the sets of cells that hold each digit at most
//! once (rows, columns, boxes, and the variants' regions, diagonals, windows
//! and cages), and the quick check of the classic ones.
//!
//! A leaf below both [`Rules`](crate::Rules), which lists a puzzle's units,
//! and the conflicts, which name the unit a digit repeats in.

use std::fmt;

use crate::grid::{Grid, Shape};

/// A row, column or box of a grid, by 0-based index; displayed 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Unit {
    /// A row.
    Row(usize),
    /// A column.
    Column(usize),
    /// A box, numbered left to right, top to bottom.
    Box(usize),
    /// A jigsaw region, numbered by the region map.
    Region(usize),
    /// A long diagonal: 0 from the top left, 1 from the top right.
    Diagonal(usize),
    /// A hyper window, numbered left to right, top to bottom.
    Window(usize),
    /// A killer cage.
    Cage(CageName),
}

/// The labels of killer cages in a cage map, in the order they are used:
/// every printable ASCII character but `.` (a cell in no cage) and `=`
/// (which ends a label in a `LABEL=SUM` word), letters first.
pub const CAGE_LABELS: &[u8; 92] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz\
0123456789!\"#$%&'()*+,-/:;<>?@[\\]^_`{|}~";

/// How messages name a killer cage: by its label in the cage map (`'A'`),
/// the name the user wrote, or by its number from 1 when the rules carry no
/// labels (more cages than there are labels).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CageName {
    /// The cage's index in the rules, from 0.
    pub index: usize,
    /// Its label in the cage map.
    pub label: Option<u8>,
}

impl fmt::Display for CageName {
    /// `'A'`, or `93` without a label.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.label {
            Some(label) => write!(f, "{:?}", label as char),
            None => write!(f, "{}", self.index + 1),
        }
    }
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unit::Row(k) => write!(f, "row {}", k + 1),
            Unit::Column(k) => write!(f, "column {}", k + 1),
            Unit::Box(k) => write!(f, "box {}", k + 1),
            Unit::Region(k) => write!(f, "region {}", k + 1),
            Unit::Diagonal(0) => write!(f, "the main diagonal"),
            Unit::Diagonal(_) => write!(f, "the anti-diagonal"),
            Unit::Window(k) => write!(f, "window {}", k + 1),
            Unit::Cage(cage) => write!(f, "cage {cage}"),
        }
    }
}

/// Whether no digit is repeated in a row, column or box: the quick check,
/// without saying where.
pub(crate) fn is_consistent(grid: &Grid) -> bool {
    let shape = grid.shape();
    let n = shape.size();
    // One bit per digit, for each column and box; on the stack, as this
    // runs on every answer of a batch. Row by row, so that no cell's row,
    // column or box takes a division.
    let mut columns = [0u64; Shape::MAX_SIZE];
    let mut boxes = [0u64; Shape::MAX_SIZE];
    let mut box_column = [0usize; Shape::MAX_SIZE];
    for (col, slot) in box_column[..n].iter_mut().enumerate() {
        *slot = col / shape.box_cols();
    }
    let boxes_per_band = n / shape.box_cols();
    for (row, line) in grid.cells().chunks_exact(n).enumerate() {
        let band = row / shape.box_rows() * boxes_per_band;
        let mut this_row = 0u64;
        for (col, &digit) in line.iter().enumerate() {
            if digit == 0 {
                continue;
            }
            let bit = 1u64 << (digit - 1);
            let b = band + box_column[col];
            if (this_row | columns[col] | boxes[b]) & bit != 0 {
                return false;
            }
            this_row |= bit;
            columns[col] |= bit;
            boxes[b] |= bit;
        }
    }
    true
}
