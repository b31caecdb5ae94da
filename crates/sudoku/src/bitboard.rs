//! A bit-parallel search for grids of at most 128 cells (4x4, 6x6, 8x8,
//! 9x9, 10x10, and the prime sizes up to 11), under rules whose every
//! constraint is an all-different unit: rows, columns, boxes or jigsaw
//! regions, diagonals, windows. Killer cages are not such units, and
//! larger grids do not fit a `u128`: both stay with Dancing Links.
//!
//! A position is one `u128` *plane* per digit, a bit per cell that may
//! still hold that digit, and the set of cells already fixed. A placed
//! digit keeps its own bit, so every unit of a solution meets each plane
//! exactly once, and the tests are a few whole-grid operations:
//!
//! - a cell on no plane has no candidate left (a contradiction);
//! - a cell on exactly one plane is a *naked single*, found for every
//!   cell at once by counting planes with two accumulators;
//! - a unit that meets a plane once holds that digit there (a *hidden
//!   single*), and a unit that meets it nowhere is a contradiction.
//!
//! Placing a digit clears the cell on the other planes and the cell's
//! peers (precomputed masks) on its own. When singles run out, the search
//! branches on an open cell with the fewest candidates (two when there is
//! one), copying the position: no undo, and no allocation during a
//! search.
//!
//! ```
//! use dancing_sudoku::{bitboard::Bitboard, Grid, Rules, Shape};
//!
//! let rules = Rules::classic(Shape::CLASSIC);
//! let board = Bitboard::new(&rules).expect("9x9 fits a u128");
//! let puzzle: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
//!     .parse()?;
//! let mut solution = Grid::new(Shape::CLASSIC);
//! assert_eq!(board.count(&puzzle, 2, &mut solution), 1);
//! assert!(rules.check(&solution, &puzzle).is_ok());
//! # Ok::<(), dancing_sudoku::GridError>(())
//! ```

use crate::grid::Grid;
use crate::rules::Rules;
use crate::unit::Unit;

/// The most cells a [`Bitboard`] takes: one bit each in a `u128`.
pub const MAX_CELLS: usize = 128;

/// The most digits of a grid of at most [`MAX_CELLS`] cells (11x11).
const MAX_DIGITS: usize = 11;

/// Calls `$call` with the constant `N` set to `$size` (1 to
/// [`MAX_DIGITS`]).
macro_rules! by_size {
    ($size:expr, |N| $self:ident . $method:ident :: <N> ($($arg:expr),*)) => {
        match $size {
            1 => $self.$method::<1>($($arg),*),
            2 => $self.$method::<2>($($arg),*),
            3 => $self.$method::<3>($($arg),*),
            4 => $self.$method::<4>($($arg),*),
            5 => $self.$method::<5>($($arg),*),
            6 => $self.$method::<6>($($arg),*),
            7 => $self.$method::<7>($($arg),*),
            8 => $self.$method::<8>($($arg),*),
            9 => $self.$method::<9>($($arg),*),
            10 => $self.$method::<10>($($arg),*),
            11 => $self.$method::<11>($($arg),*),
            size => unreachable!("{size} digits do not fit {MAX_CELLS} cells"),
        }
    };
}

/// The precomputed masks of some rules: the peers of each cell and the
/// cells of each unit.
#[derive(Clone, Debug)]
pub struct Bitboard {
    size: usize,
    /// Every cell of the grid.
    all: u128,
    /// The cells that share a unit with each cell (not the cell itself).
    peers: Vec<u128>,
    rows: RowFields,
    /// The units other than rows and columns: boxes or regions, diagonals,
    /// windows.
    others: Vec<u128>,
}

/// A state of the search: the candidates of every cell, as planes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    /// `planes[d]`: the cells that may hold digit `d + 1` (a placed digit
    /// keeps its bit).
    planes: [u128; MAX_DIGITS],
    /// The cells whose digit is fixed.
    solved: u128,
}

impl Bitboard {
    /// The masks of `rules`, or `None` when the grid has more than
    /// [`MAX_CELLS`] cells or the rules have killer cages.
    pub fn new(rules: &Rules) -> Option<Bitboard> {
        let shape = rules.shape();
        let cells = shape.cell_count();
        if cells > MAX_CELLS || !rules.cages().is_empty() {
            return None;
        }
        let units = unit_masks(&rules.units());
        let peers = peer_masks(&units, cells);
        Some(Bitboard {
            size: shape.size(),
            all: u128::MAX >> (MAX_CELLS - cells),
            peers,
            rows: RowFields::new(shape.size()),
            // `Rules::units` lists the rows, then the columns.
            others: units[2 * shape.size()..].to_vec(),
        })
    }

    /// The position of `puzzle`'s givens, before any deduction (givens
    /// that contradict each other leave a cell with no candidate, which
    /// the search finds).
    ///
    /// # Panics
    ///
    /// If `puzzle` is not of the shape of the board's rules.
    pub fn position(&self, puzzle: &Grid) -> Position {
        assert_eq!(puzzle.size(), self.size, "a puzzle of the board's shape");
        let mut planes = [0u128; MAX_DIGITS];
        // The cells each digit is given in, and their peers.
        let mut given = [0u128; MAX_DIGITS];
        let mut seen = [0u128; MAX_DIGITS];
        let mut solved = 0;
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            if digit != 0 {
                let d = usize::from(digit - 1);
                given[d] |= 1 << cell;
                seen[d] |= self.peers[cell];
                solved |= 1 << cell;
            }
        }
        for d in 0..self.size {
            planes[d] = self.all & !solved & !seen[d] | given[d] & !seen[d];
        }
        Position { planes, solved }
    }

    /// Takes `digit` away from the candidates of `cell` (0-based, row by
    /// row) in `position`: the generator's question whether a puzzle
    /// without a clue has a solution other than its own.
    ///
    /// ```
    /// use dancing_sudoku::{bitboard::Bitboard, generate::Generator, Rules, Shape};
    ///
    /// let board = Bitboard::new(&Rules::classic(Shape::CLASSIC)).unwrap();
    /// let puzzle = Generator::new(3).unique_puzzle(Shape::CLASSIC, 0);
    /// let blank = puzzle.cells().iter().position(|&digit| digit == 0).unwrap();
    /// let mut solution = puzzle.clone();
    /// assert_eq!(board.count(&puzzle, 2, &mut solution), 1);
    /// // No solution holds another digit in the blank.
    /// let mut other = board.position(&puzzle);
    /// board.exclude(&mut other, blank, solution.cells()[blank]);
    /// assert!(!board.has_solution(&other));
    /// ```
    pub fn exclude(&self, position: &mut Position, cell: usize, digit: u8) {
        position.planes[usize::from(digit - 1)] &= !(1u128 << cell);
    }

    /// Fixes `digit` in `cell`; false when it is no candidate there.
    pub fn place(&self, position: &mut Position, cell: usize, digit: u8) -> bool {
        let bit = 1u128 << cell;
        let d = usize::from(digit - 1);
        if position.planes[d] & bit == 0 {
            return false;
        }
        fix::<MAX_DIGITS>(position, d, bit, self.peers[cell]);
        true
    }

    /// The solutions of `puzzle`, counted up to `limit`; the first one
    /// found is written to `solution` (left alone when there is none).
    ///
    /// # Panics
    ///
    /// If `puzzle` or `solution` is not of the shape of the board's rules.
    pub fn count(&self, puzzle: &Grid, limit: u64, solution: &mut Grid) -> u64 {
        self.count_from(&self.position(puzzle), limit, solution)
    }

    /// The solutions from `position`, counted up to `limit`; the first
    /// one found is written to `solution` (of the board's shape).
    pub fn count_from(&self, position: &Position, limit: u64, solution: &mut Grid) -> u64 {
        let mut search = Search {
            limit,
            found: 0,
            first: None,
        };
        if limit > 0 {
            self.explore(*position, &mut search);
        }
        if let Some(first) = search.first {
            self.write(&first, solution);
        }
        search.found
    }

    /// Whether any solution follows from `position` (no grid written).
    pub fn has_solution(&self, position: &Position) -> bool {
        let mut search = Search {
            limit: 1,
            found: 0,
            first: None,
        };
        self.explore(*position, &mut search);
        search.found > 0
    }

    fn write(&self, position: &Position, grid: &mut Grid) {
        let n = self.size;
        assert_eq!(grid.size(), n, "a solution grid of the board's shape");
        for (d, &plane) in position.planes[..n].iter().enumerate() {
            let mut cells = plane;
            while cells != 0 {
                let cell = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                grid.set(cell / n, cell % n, Some(d as u8 + 1));
            }
        }
    }

    /// Depth-first search from `position`, for the board's size.
    fn explore(&self, position: Position, search: &mut Search) {
        by_size!(self.size, |N| self.explore_n::<N>(position, search))
    }

    /// Depth-first search from `position`, singles first, on `N` digits
    /// (a constant, so that the loops over the planes unroll).
    fn explore_n<const N: usize>(&self, mut position: Position, search: &mut Search) {
        if !self.propagate_n::<N>(&mut position) {
            return;
        }
        if position.solved == self.all {
            search.found += 1;
            if search.first.is_none() {
                search.first = Some(position);
            }
            return;
        }
        let cell = self.fewest_candidates::<N>(&position);
        let bit = 1u128 << cell;
        for d in 0..N {
            if position.planes[d] & bit != 0 {
                let mut child = position;
                fix::<N>(&mut child, d, bit, self.peers[cell]);
                self.explore_n::<N>(child, search);
                if search.found >= search.limit {
                    return;
                }
            }
        }
    }

    /// An open cell with the fewest candidates (the first such cell).
    fn fewest_candidates<const N: usize>(&self, position: &Position) -> usize {
        // Each cell's count of candidates, bit-sliced: bit k of the count
        // in `count[k]` (counts up to 15).
        let mut count = [0u128; 4];
        for &plane in &position.planes[..N] {
            let mut carry = plane;
            for slice in &mut count {
                let next = *slice & carry;
                *slice ^= carry;
                carry = next;
            }
        }
        let open = self.all & !position.solved;
        // Narrow `open` bit by bit, from the top: keep the cells whose
        // count has a 0 there when any has.
        let mut fewest = open;
        for slice in count.iter().rev() {
            let zero = fewest & !slice;
            if zero != 0 {
                fewest = zero;
            }
        }
        fewest.trailing_zeros() as usize
    }

    /// Places naked and hidden singles until none is left, on `N` digits;
    /// false on a contradiction.
    fn propagate_n<const N: usize>(&self, position: &mut Position) -> bool {
        // Each plane as the units were last scanned for hidden singles:
        // only a plane that changed since can hold new ones.
        let mut scanned = [u128::MAX; MAX_DIGITS];
        loop {
            // Naked singles, every cell at once.
            let (mut one, mut two) = (0u128, 0u128);
            for &plane in &position.planes[..N] {
                two |= one & plane;
                one |= plane;
            }
            if one != self.all {
                return false;
            }
            let singles = one & !two & !position.solved;
            if singles != 0 {
                for d in 0..N {
                    let placed = singles & position.planes[d];
                    if placed == 0 {
                        continue;
                    }
                    if !self.clear_peers(&mut position.planes[d], placed) {
                        return false;
                    }
                    position.solved |= placed;
                }
                continue;
            }
            if position.solved == self.all {
                return true;
            }
            // Hidden singles, in the planes that changed since the last
            // scan.
            let mut progress = false;
            for (d, scanned) in scanned.iter_mut().enumerate().take(N) {
                let plane = position.planes[d];
                // Unchanged, or placed everywhere (a unit it misses would
                // leave some cell empty, found as the search goes on).
                if plane == *scanned || plane & !position.solved == 0 {
                    continue;
                }
                let Some(alone) = self.alone_in_a_unit::<N>(plane) else {
                    return false;
                };
                let hidden = alone & !position.solved;
                if hidden != 0 {
                    if !self.clear_peers(&mut position.planes[d], hidden) {
                        return false;
                    }
                    for other in &mut position.planes[..N] {
                        *other &= !hidden;
                    }
                    position.planes[d] |= hidden;
                    position.solved |= hidden;
                    progress = true;
                }
                *scanned = position.planes[d];
            }
            if !progress {
                return true;
            }
        }
    }

    /// Takes the peers of `cells` (singles of one digit) off that digit's
    /// `plane`; false when two of them see each other.
    #[inline(always)]
    fn clear_peers(&self, plane: &mut u128, cells: u128) -> bool {
        let mut rest = cells;
        while rest != 0 {
            let cell = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            *plane &= !self.peers[cell];
        }
        cells & !*plane == 0
    }

    /// The cells of `plane` that are its only cell in some unit, or `None`
    /// when a unit has none. Rows and columns are done for the whole grid
    /// at once: the rows as fields of `N` bits, whose lowest bit one
    /// subtraction clears in every field, and the columns by counting the
    /// rows once and twice.
    fn alone_in_a_unit<const N: usize>(&self, plane: u128) -> Option<u128> {
        let rows = &self.rows;
        // The top bit of each row field that has any bit of `x`.
        let occupied =
            |x: u128| (((x & rows.below_top).wrapping_add(rows.below_top)) | x) & rows.top;
        if occupied(plane) != rows.top {
            return None;
        }
        // Every field is occupied: no borrow crosses a field.
        let rest = plane & plane.wrapping_sub(rows.low);
        let single_rows = rows.top & !occupied(rest);
        let mut alone = plane & ((single_rows << 1).wrapping_sub(single_rows >> (N - 1)));
        let (mut once, mut twice) = (0u32, 0u32);
        for row in 0..N {
            let line = (plane >> (row * N)) as u32 & rows.line;
            twice |= once & line;
            once |= line;
        }
        if once != rows.line {
            return None;
        }
        alone |= plane & u128::from(once & !twice).wrapping_mul(rows.low);
        for &unit in &self.others {
            let within = plane & unit;
            if within & within.wrapping_sub(1) == 0 {
                if within == 0 {
                    return None;
                }
                alone |= within;
            }
        }
        Some(alone)
    }
}

/// Each unit's cells as a mask (for grids of at most [`MAX_CELLS`] cells).
pub(crate) fn unit_masks(units: &[(Unit, Vec<usize>)]) -> Vec<u128> {
    units
        .iter()
        .map(|(_, cells)| cells.iter().fold(0, |mask, &cell| mask | 1u128 << cell))
        .collect()
}

/// For each of the first `cells` cells, the cells that share one of the
/// unit masks `units` with it, the cell itself left out.
pub(crate) fn peer_masks(units: &[u128], cells: usize) -> Vec<u128> {
    (0..cells)
        .map(|cell| {
            let bit = 1u128 << cell;
            units
                .iter()
                .filter(|&&unit| unit & bit != 0)
                .fold(0, |peers, &unit| peers | unit)
                & !bit
        })
        .collect()
}

/// Masks of the row fields: their lowest and top bits, the bits below the
/// top one, and one row's bits.
#[derive(Clone, Debug)]
struct RowFields {
    low: u128,
    top: u128,
    below_top: u128,
    line: u32,
}

impl RowFields {
    fn new(n: usize) -> RowFields {
        let line = (1u32 << n) - 1;
        let (mut low, mut top, mut below_top) = (0, 0, 0);
        for row in 0..n {
            low |= 1u128 << (row * n);
            top |= 1u128 << (row * n + n - 1);
            below_top |= u128::from(line >> 1) << (row * n);
        }
        RowFields {
            low,
            top,
            below_top,
            line,
        }
    }
}

/// Places plane `d` at the cell of `bit`, a candidate there, whose peers
/// are `peers`.
fn fix<const N: usize>(position: &mut Position, d: usize, bit: u128, peers: u128) {
    for plane in &mut position.planes[..N] {
        *plane &= !bit;
    }
    position.planes[d] |= bit;
    position.planes[d] &= !peers;
    position.solved |= bit;
}

/// The running count of a search.
struct Search {
    limit: u64,
    found: u64,
    first: Option<Position>,
}
