//! Narrowing before the search: naked and hidden singles, to a fixed point,
//! on candidate bitmasks.
//!
//! A *naked single* is an empty cell that one digit alone can fill; a
//! *hidden single* is a digit that one cell alone of some unit (row,
//! column, box, region, diagonal or window) can take. Each is forced: every
//! solution has it. So placing them all, again and again until none is
//! left, gives a puzzle with exactly the solutions of the first.
//!
//! Dancing Links makes the same forced moves itself (an item with one
//! option left is the one its fewest-options rule picks), but each of them
//! costs a search level and a scan of every item for the shortest: on a
//! 25x25 grid that is 2,500 items for each of hundreds of forced cells. The
//! bitmask pass does them for a few operations each, and the search starts
//! where they leave off. On 9x9 the search's own forced moves are about as
//! cheap as this general pass, so [`Dlx`](crate::Engine::Dlx) narrows with
//! it only from [`NARROW_FROM`] cells a side; classic 9x9 grids have a
//! faster pass of their own (`classic9.rs`), which pays: about half of the
//! 17-clue puzzles are solved by singles alone, and skip the exact cover.
//!
//! A contradiction found here (a cell with no digit left, or a digit with
//! no place left in a unit) means the puzzle has no solution, as the search
//! would have found.

use crate::grid::Grid;
use crate::rules::Rules;

/// The smallest grid size the Dancing Links engine narrows: 16x16 (where
/// it pays: see the module's notes).
pub(crate) const NARROW_FROM: usize = 16;

/// The units of some rules (each holds every digit once), for narrowing.
#[derive(Clone, Debug)]
pub(crate) struct Units {
    size: usize,
    /// The cells of each unit, `size` per unit.
    cells: Vec<u16>,
    /// The units of each cell: `starts[c]..starts[c + 1]` in `of_cell`.
    starts: Vec<u32>,
    of_cell: Vec<u16>,
}

/// What narrowing found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Narrowed {
    /// Singles were placed (this many), and the puzzle may have solutions.
    Placed(u64),
    /// The puzzle has no solution.
    Contradiction,
}

impl Units {
    /// The units of `rules` (cages aside: they are not all-digit units).
    pub(crate) fn new(rules: &Rules) -> Units {
        let n = rules.shape().size();
        let units = rules.units();
        let mut cells = Vec::with_capacity(units.len() * n);
        let mut per_cell = vec![Vec::new(); n * n];
        for (index, (_, unit_cells)) in units.iter().enumerate() {
            debug_assert_eq!(unit_cells.len(), n);
            for &cell in unit_cells {
                cells.push(cell as u16);
                per_cell[cell].push(index as u16);
            }
        }
        let mut starts = vec![0];
        let mut of_cell = Vec::new();
        for list in per_cell {
            of_cell.extend(list);
            starts.push(of_cell.len() as u32);
        }
        Units {
            size: n,
            cells,
            starts,
            of_cell,
        }
    }

    /// The units of `cell`, by index.
    pub(crate) fn of(&self, cell: usize) -> &[u16] {
        &self.of_cell[self.starts[cell] as usize..self.starts[cell + 1] as usize]
    }

    /// The cells of unit `unit`.
    pub(crate) fn cells_of(&self, unit: usize) -> &[u16] {
        &self.cells[unit * self.size..][..self.size]
    }

    /// How many units there are.
    pub(crate) fn count(&self) -> usize {
        self.cells.len() / self.size
    }

    /// The grid's size: digits per unit.
    pub(crate) fn size(&self) -> usize {
        self.size
    }

    /// Places naked and hidden singles in `grid` until there are none
    /// left, or until a contradiction shows; `used` is scratch space.
    /// The givens of `grid` must not repeat a digit in a unit.
    pub(crate) fn narrow(&self, grid: &mut Grid, used: &mut Vec<u64>) -> Narrowed {
        let n = self.size;
        let all = u64::MAX >> (64 - n);
        let cells = grid.cells_mut();
        used.clear();
        used.resize(self.cells.len() / n, 0);
        for (cell, &digit) in cells.iter().enumerate() {
            if digit != 0 {
                for &unit in self.of(cell) {
                    used[unit as usize] |= 1 << (digit - 1);
                }
            }
        }
        let candidates = |used: &[u64], cell: usize| {
            all & !self
                .of(cell)
                .iter()
                .fold(0, |taken, &unit| taken | used[unit as usize])
        };
        let mut placed = 0;
        loop {
            let before = placed;
            // Naked singles.
            for (cell, digit) in cells.iter_mut().enumerate() {
                if *digit != 0 {
                    continue;
                }
                let left = candidates(used, cell);
                if left == 0 {
                    return Narrowed::Contradiction;
                }
                if left.is_power_of_two() {
                    *digit = left.trailing_zeros() as u8 + 1;
                    for &unit in self.of(cell) {
                        used[unit as usize] |= left;
                    }
                    placed += 1;
                }
            }
            // Hidden singles: per unit, the digits one empty cell can take
            // (`once & !twice`); a digit the unit lacks that no cell can
            // take is a contradiction.
            for (unit, unit_cells) in self.cells.chunks_exact(n).enumerate() {
                let (mut once, mut twice) = (0u64, 0u64);
                for &cell in unit_cells {
                    if cells[cell as usize] == 0 {
                        let left = candidates(used, cell as usize);
                        twice |= once & left;
                        once |= left;
                    }
                }
                if once != all & !used[unit] {
                    return Narrowed::Contradiction;
                }
                let mut singles = once & !twice;
                while singles != 0 {
                    let bit = singles & singles.wrapping_neg();
                    singles ^= bit;
                    // The cell may have been filled by a single placed just
                    // before (then this digit has no place: the next pass
                    // finds it).
                    let Some(&cell) = unit_cells.iter().find(|&&cell| {
                        cells[cell as usize] == 0 && candidates(used, cell as usize) & bit != 0
                    }) else {
                        continue;
                    };
                    cells[cell as usize] = bit.trailing_zeros() as u8 + 1;
                    for &other in self.of(cell as usize) {
                        used[other as usize] |= bit;
                    }
                    placed += 1;
                }
            }
            if placed == before {
                return Narrowed::Placed(placed);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Shape;

    #[test]
    fn singles_alone_solve_a_grid_with_one_hole_per_row() {
        let mut rules = Rules::classic(Shape::new(4, 4).unwrap());
        let units = Units::new(&rules);
        let solution = crate::generate::Generator::new(3).solution(rules.shape());
        let mut puzzle = solution.clone();
        for row in 0..16 {
            puzzle.set(row, (row * 5) % 16, None);
        }
        let mut used = Vec::new();
        assert_eq!(units.narrow(&mut puzzle, &mut used), Narrowed::Placed(16));
        assert_eq!(puzzle, solution);
        rules = rules.with_diagonals();
        assert!(Units::new(&rules).cells.len() == 16 * (3 * 16 + 2));
    }

    #[test]
    fn a_digit_without_a_place_is_a_contradiction() {
        // 4x4: r1c1 can hold neither 3 nor 4 (its row) nor 1 nor 2 (its
        // column).
        let mut puzzle: Grid = "..34....1...2...".parse().unwrap();
        let units = Units::new(&Rules::classic(puzzle.shape()));
        let mut used = Vec::new();
        assert!(puzzle.conflicts().is_empty());
        assert_eq!(
            units.narrow(&mut puzzle, &mut used),
            Narrowed::Contradiction
        );
    }
}
