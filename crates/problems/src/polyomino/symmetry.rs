//! Cells of the square grid and the eight symmetries of the square.

use std::fmt;

/// A cell of the grid: `x` counts columns to the right, `y` rows downward,
/// as in a picture. Cells order by `x`, then `y`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    /// The column.
    pub x: i32,
    /// The row, counted downward.
    pub y: i32,
}

impl Cell {
    /// The cell in column `x`, row `y`.
    pub const fn new(x: i32, y: i32) -> Cell {
        Cell { x, y }
    }
}

/// The item name of a cell, `x{x}y{y}`, as in Knuth's pentomino files.
impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "x{}y{}", self.x, self.y)
    }
}

/// One of the eight symmetries of the square (the dihedral group of order 8),
/// as a linear map of the grid; rotations are clockwise on the picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Leaves every cell in place.
    Identity,
    /// A quarter turn clockwise.
    Rotate90,
    /// A half turn.
    Rotate180,
    /// A quarter turn counterclockwise.
    Rotate270,
    /// Left and right swapped (a vertical mirror).
    MirrorLeftRight,
    /// Top and bottom swapped (a horizontal mirror).
    MirrorUpDown,
    /// Reflection in the main diagonal (`x` and `y` swapped).
    MirrorDiagonal,
    /// Reflection in the other diagonal.
    MirrorAntiDiagonal,
}

impl Symmetry {
    /// All eight, the identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::MirrorLeftRight,
        Symmetry::MirrorUpDown,
        Symmetry::MirrorDiagonal,
        Symmetry::MirrorAntiDiagonal,
    ];

    /// The image of `cell` (about the origin; see [`BoardSymmetry`] for the
    /// map of a board onto itself).
    pub fn apply(self, cell: Cell) -> Cell {
        let Cell { x, y } = cell;
        let (x, y) = match self {
            Symmetry::Identity => (x, y),
            // With y downward, (1, 0) (right) goes to (0, 1) (down): clockwise.
            Symmetry::Rotate90 => (-y, x),
            Symmetry::Rotate180 => (-x, -y),
            Symmetry::Rotate270 => (y, -x),
            Symmetry::MirrorLeftRight => (-x, y),
            Symmetry::MirrorUpDown => (x, -y),
            Symmetry::MirrorDiagonal => (y, x),
            Symmetry::MirrorAntiDiagonal => (-y, -x),
        };
        Cell { x, y }
    }

    /// A short code for item names: `id`, `r90`, `r180`, `r270` (turns),
    /// `lr`, `ud` (mirrors swapping left and right, up and down), `dg`, `ad`
    /// (mirrors in the diagonal and the anti-diagonal).
    pub fn code(self) -> &'static str {
        match self {
            Symmetry::Identity => "id",
            Symmetry::Rotate90 => "r90",
            Symmetry::Rotate180 => "r180",
            Symmetry::Rotate270 => "r270",
            Symmetry::MirrorLeftRight => "lr",
            Symmetry::MirrorUpDown => "ud",
            Symmetry::MirrorDiagonal => "dg",
            Symmetry::MirrorAntiDiagonal => "ad",
        }
    }

    /// This symmetry followed by `next`.
    pub fn then(self, next: Symmetry) -> Symmetry {
        // The eight images of (1, 2) differ, so one point tells them apart.
        let probe = Cell::new(1, 2);
        let image = next.apply(self.apply(probe));
        Symmetry::ALL
            .into_iter()
            .find(|s| s.apply(probe) == image)
            .expect("the symmetries of the square form a group")
    }
}

/// A symmetry of a board: a [`Symmetry`] followed by the shift that brings
/// the board's image back onto the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardSymmetry {
    /// The linear part.
    pub symmetry: Symmetry,
    /// Added after the linear part.
    pub shift: Cell,
}

impl BoardSymmetry {
    /// The image of `cell`.
    pub fn apply(self, cell: Cell) -> Cell {
        let image = self.symmetry.apply(cell);
        Cell {
            x: image.x + self.shift.x,
            y: image.y + self.shift.y,
        }
    }
}

/// Shifts `cells` so that the smallest x and the smallest y are 0, and sorts
/// them: two shapes are the same up to translation iff these agree.
pub(crate) fn normalize(cells: &mut [Cell]) {
    let min_x = cells.iter().map(|c| c.x).min().unwrap_or(0);
    let min_y = cells.iter().map(|c| c.y).min().unwrap_or(0);
    for cell in cells.iter_mut() {
        *cell = Cell {
            x: cell.x - min_x,
            y: cell.y - min_y,
        };
    }
    cells.sort_unstable();
}
