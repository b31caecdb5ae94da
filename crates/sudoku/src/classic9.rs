//! Narrowing for the classic 9x9 grid, on fixed tables: the same naked and
//! hidden singles as [`Units::narrow`](crate::deduce::Units::narrow), to the
//! same fixed point, at about a fifth of its cost: each cell's candidates
//! are kept up to date as digits are placed (a placement clears its digit
//! from the cell's 20 peers) rather than recomputed from its units at every
//! look, a cell left with one candidate is filled at once (no pass over the
//! grid looks for naked singles), and a unit is searched for hidden singles
//! again only when some candidate of its cells has changed.
//!
//! On a puzzle with solutions the fixed point of singles is unique (every
//! single is in every solution, so what one order of placing them finds,
//! any other order finds too): this pass and the general one leave the
//! same grid and count the same placements. On a puzzle without solutions
//! either may stop at a contradiction the other passes by, and the search
//! then finds no solution (a test compares the two passes).

use crate::deduce::Narrowed;

/// Cells, digits and units of the classic grid.
const N: usize = 9;
pub(crate) const CELLS: usize = N * N;
const ALL: u16 = (1 << N) - 1;

/// The units of each cell: its row, its column (9 + column) and its box
/// (18 + box), in the order of [`Rules::units`](crate::Rules::units).
const CELL_UNITS: [[u8; 3]; CELLS] = {
    let mut table = [[0; 3]; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let (row, col) = (cell / N, cell % N);
        table[cell] = [
            row as u8,
            (N + col) as u8,
            (2 * N + row / 3 * 3 + col / 3) as u8,
        ];
        cell += 1;
    }
    table
};

/// The cells of each unit, rows then columns then boxes, each in reading
/// order.
const UNIT_CELLS: [[u8; N]; 3 * N] = {
    let mut table = [[0; N]; 3 * N];
    let mut k = 0;
    while k < N {
        let mut j = 0;
        while j < N {
            table[k][j] = (k * N + j) as u8;
            table[N + k][j] = (j * N + k) as u8;
            table[2 * N + k][j] = ((k / 3 * 3 + j / 3) * N + k % 3 * 3 + j % 3) as u8;
            j += 1;
        }
        k += 1;
    }
    table
};

/// The units of each cell as a set: bit `u` for unit `u`.
const CELL_UNIT_SETS: [u32; CELLS] = {
    let mut table = [0; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let [row, col, square] = CELL_UNITS[cell];
        table[cell] = 1 << row | 1 << col | 1 << square;
        cell += 1;
    }
    table
};

/// The 20 other cells that share a unit with each cell.
const PEERS: [[u8; 20]; CELLS] = {
    let mut table = [[0; 20]; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let mut count = 0;
        let mut other = 0;
        while other < CELLS {
            let shares = other / N == cell / N
                || other % N == cell % N
                || CELL_UNITS[other][2] == CELL_UNITS[cell][2];
            if other != cell && shares {
                table[cell][count] = other as u8;
                count += 1;
            }
            other += 1;
        }
        assert!(count == 20);
        cell += 1;
    }
    table
};

/// The state of a narrowing: the digits each unit holds, the candidates
/// of each empty cell (none for a filled one), and the cells found down to
/// one candidate, to be filled.
struct Board<'g> {
    cells: &'g mut [u8],
    used: [u16; 3 * N],
    candidates: [u16; CELLS],
    /// Naked singles waiting: `pending[..waiting]`.
    pending: [u8; CELLS],
    waiting: usize,
    /// An empty cell lost its last candidate.
    stuck: bool,
    /// The units whose cells' candidates changed since they were last
    /// looked at for hidden singles (bit `u` for unit `u`).
    dirty: u32,
    placed: u64,
}

impl Board<'_> {
    /// Puts the digit of `bit` in the empty `cell`, and clears it from the
    /// candidates of its peers, noting the ones left with one or none.
    #[inline(always)]
    fn place(&mut self, cell: usize, bit: u16) {
        self.cells[cell] = bit.trailing_zeros() as u8 + 1;
        self.candidates[cell] = 0;
        for &unit in &CELL_UNITS[cell] {
            self.used[unit as usize] |= bit;
        }
        self.dirty |= CELL_UNIT_SETS[cell];
        for &peer in &PEERS[cell] {
            let left = self.candidates[peer as usize];
            if left & bit != 0 {
                let left = left & !bit;
                self.candidates[peer as usize] = left;
                self.dirty |= CELL_UNIT_SETS[peer as usize];
                if left & left.wrapping_sub(1) == 0 {
                    // One candidate left (a naked single), or none.
                    self.stuck |= left == 0;
                    self.pending[self.waiting] = peer;
                    self.waiting += 1;
                }
            }
        }
        self.placed += 1;
    }

    /// Fills the naked singles waiting, and those they make, until there
    /// are none: false on a contradiction.
    fn naked_singles(&mut self) -> bool {
        while self.waiting > 0 && !self.stuck {
            self.waiting -= 1;
            let cell = self.pending[self.waiting] as usize;
            // Filled since it was noted, by a hidden single.
            let left = self.candidates[cell];
            if left != 0 {
                self.place(cell, left);
            }
        }
        !self.stuck
    }
}

/// Places naked and hidden singles in `cells` (a classic 9x9 grid whose
/// givens repeat no digit in a unit) until there are none left, or until a
/// contradiction shows.
#[cfg(test)]
pub(crate) fn narrow(cells: &mut [u8]) -> Narrowed {
    narrow_keeping(cells, &mut [0; CELLS])
}

/// [`narrow`], and the candidates of each cell left empty into
/// `candidates` (the digits none of its peers holds; none for a filled
/// cell) when it ends without a contradiction.
pub(crate) fn narrow_keeping(cells: &mut [u8], candidates: &mut [u16; CELLS]) -> Narrowed {
    debug_assert_eq!(cells.len(), CELLS);
    let mut board = Board {
        cells,
        used: [0; 3 * N],
        candidates: [0; CELLS],
        pending: [0; CELLS],
        waiting: 0,
        stuck: false,
        dirty: (1 << (3 * N)) - 1,
        placed: 0,
    };
    for (cell, units) in CELL_UNITS.iter().enumerate() {
        let digit = board.cells[cell];
        if digit != 0 {
            for &unit in units {
                board.used[unit as usize] |= 1 << (digit - 1);
            }
        }
    }
    for (cell, &[row, col, square]) in CELL_UNITS.iter().enumerate() {
        if board.cells[cell] == 0 {
            let left = ALL
                & !(board.used[row as usize]
                    | board.used[col as usize]
                    | board.used[square as usize]);
            board.candidates[cell] = left;
            if left & left.wrapping_sub(1) == 0 {
                board.stuck |= left == 0;
                board.pending[board.waiting] = cell as u8;
                board.waiting += 1;
            }
        }
    }
    // Hidden singles: per unit, the digits one empty cell can take; a unit
    // is looked at again only once its cells' candidates have changed.
    loop {
        if !board.naked_singles() {
            return Narrowed::Contradiction;
        }
        if board.dirty == 0 {
            *candidates = board.candidates;
            return Narrowed::Placed(board.placed);
        }
        let unit = board.dirty.trailing_zeros() as usize;
        board.dirty &= board.dirty - 1;
        let missing = ALL & !board.used[unit];
        if missing == 0 {
            continue;
        }
        let unit_cells = &UNIT_CELLS[unit];
        let (mut once, mut twice) = (0u16, 0u16);
        for &cell in unit_cells {
            let left = board.candidates[cell as usize];
            twice |= once & left;
            once |= left;
        }
        if once != missing {
            return Narrowed::Contradiction;
        }
        let mut singles = once & !twice;
        while singles != 0 {
            let bit = singles & singles.wrapping_neg();
            singles ^= bit;
            // A single placed just before may have taken the cell or the
            // digit's last place (the unit is then dirty: it is looked at
            // again).
            let Some(&cell) = unit_cells
                .iter()
                .find(|&&cell| board.candidates[cell as usize] & bit != 0)
            else {
                continue;
            };
            board.place(cell as usize, bit);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deduce::Units;
    use crate::generate::Generator;
    use crate::grid::{Grid, Shape};
    use crate::rules::Rules;

    #[test]
    fn the_tables_are_those_of_the_rules() {
        let rules = Rules::classic(Shape::CLASSIC);
        let units = rules.units();
        assert_eq!(units.len(), 27);
        for (unit, (_, cells)) in units.iter().enumerate() {
            let table: Vec<usize> = UNIT_CELLS[unit].iter().map(|&c| c as usize).collect();
            assert_eq!(&table, cells, "unit {unit}");
            for &cell in cells {
                assert!(CELL_UNITS[cell].contains(&(unit as u8)));
            }
        }
    }

    /// The same fixed point as the general pass on puzzles with solutions
    /// (the same grid, the same count); on others, a contradiction or a
    /// grid that still repeats no digit.
    #[test]
    fn narrows_as_the_general_pass() {
        let rules = Rules::classic(Shape::CLASSIC);
        let units = Units::new(&rules);
        let mut used = Vec::new();
        let mut generator = Generator::new(35);
        let mut solver = crate::Solver::new(crate::Engine::Bitmask);
        let mut solution = Grid::default();
        for k in 0..600 {
            let mut puzzle = match k % 4 {
                0 => generator.unique_puzzle(Shape::CLASSIC, 0),
                1 => generator.puzzle(Shape::CLASSIC, 17 + k % 30),
                2 => generator.unsolvable_puzzle(Shape::CLASSIC),
                _ => generator.puzzle(Shape::CLASSIC, 30),
            };
            if k % 8 == 7 {
                // Another clue, if it repeats no digit: often no solution.
                let cell = generator.below(81);
                let digit = 1 + generator.below(9) as u8;
                let mut changed = puzzle.clone();
                changed.set(cell / 9, cell % 9, Some(digit));
                if changed.conflicts().is_empty() {
                    puzzle = changed;
                }
            }
            let solvable = solver.search(&puzzle, 1, &mut solution).unwrap().solutions > 0;
            let mut general = puzzle.clone();
            let mut fast = puzzle.clone();
            let expected = units.narrow(&mut general, &mut used);
            let got = narrow(fast.cells_mut());
            if solvable {
                assert_eq!((got, &fast), (expected, &general), "{puzzle}");
            } else if let Narrowed::Placed(_) = got {
                assert!(fast.conflicts().is_empty(), "{puzzle}");
            }
        }
    }
}
