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
//! where they leave off. On 9x9 the search's own forced moves are as cheap
//! as the pass, so [`Dlx`](crate::Engine::Dlx) narrows only from
//! [`NARROW_FROM`] cells a side.
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

    fn of(&self, cell: usize) -> &[u16] {
        &self.of_cell[self.starts[cell] as usize..self.starts[cell + 1] as usize]
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

impl Units {
    /// Whether the digits `digits` of the empty `cells` of `grid` follow
    /// from its givens by singles alone, one cell after another (each a
    /// naked single, or a hidden single in one of its units): then `grid`
    /// has the solutions it has with those cells filled. `grid` is left as
    /// it was; `used` is scratch space.
    ///
    /// The generator asks this before each uniqueness proof: a clue taken
    /// from a unique puzzle that singles give back leaves it unique, with
    /// no search.
    pub(crate) fn gives_back(
        &self,
        grid: &mut Grid,
        cells: &[usize],
        digits: &[u8],
        used: &mut Vec<u64>,
    ) -> bool {
        let n = self.size;
        let all = u64::MAX >> (64 - n);
        used.clear();
        used.resize(self.cells.len() / n, 0);
        for (cell, &digit) in grid.cells().iter().enumerate() {
            if digit != 0 {
                for &unit in self.of(cell) {
                    used[unit as usize] |= 1 << (digit - 1);
                }
            }
        }
        let cells_now = grid.cells_mut();
        let candidates = |used: &[u64], cell: usize| {
            all & !self
                .of(cell)
                .iter()
                .fold(0, |taken, &unit| taken | used[unit as usize])
        };
        let mut left = cells.len();
        let mut progress = true;
        while left > 0 && progress {
            progress = false;
            for (&cell, &digit) in cells.iter().zip(digits) {
                if cells_now[cell] != 0 {
                    continue;
                }
                let bit = 1u64 << (digit - 1);
                let forced = candidates(used, cell) == bit
                    || self.of(cell).iter().any(|&unit| {
                        let unit_cells = &self.cells[unit as usize * n..][..n];
                        unit_cells.iter().all(|&other| {
                            other as usize == cell
                                || cells_now[other as usize] != 0
                                || candidates(used, other as usize) & bit == 0
                        })
                    });
                if forced {
                    cells_now[cell] = digit;
                    for &unit in self.of(cell) {
                        used[unit as usize] |= bit;
                    }
                    left -= 1;
                    progress = true;
                }
            }
        }
        for &cell in cells {
            cells_now[cell] = 0;
        }
        left == 0
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

    #[test]
    fn a_clue_given_back_by_singles_keeps_a_unique_puzzle_unique() {
        let mut generator = crate::generate::Generator::new(5);
        let mut solver = crate::Solver::default();
        let mut used = Vec::new();
        let (mut given_back, mut not) = (0, 0);
        for _ in 0..6 {
            let mut puzzle = generator.unique_puzzle(Shape::CLASSIC, 0);
            let solution = solver.solve(&puzzle).unwrap().unwrap();
            let units = Units::new(&Rules::classic(Shape::CLASSIC));
            // Every clue of a minimal puzzle, taken away: never given
            // back (the puzzle would not have been minimal).
            for cell in 0..81 {
                let digit = puzzle.cells()[cell];
                if digit == 0 {
                    continue;
                }
                puzzle.set(cell / 9, cell % 9, None);
                let back = units.gives_back(&mut puzzle, &[cell], &[digit], &mut used);
                assert!(!back, "{puzzle}: r{}c{}", cell / 9 + 1, cell % 9 + 1);
                assert_eq!(puzzle.cells()[cell], 0, "left as it was");
                puzzle.set(cell / 9, cell % 9, Some(digit));
                not += 1;
            }
            // Blanks of the solution, with the puzzle's clues and a few
            // more: given back only when the grid stays unique.
            let mut fuller = puzzle.clone();
            for cell in (0..81).step_by(2) {
                fuller.set(cell / 9, cell % 9, solution.get(cell / 9, cell % 9));
            }
            for cell in 0..81 {
                if puzzle.cells()[cell] != 0 || fuller.cells()[cell] == 0 {
                    continue;
                }
                let digit = fuller.cells()[cell];
                fuller.set(cell / 9, cell % 9, None);
                if units.gives_back(&mut fuller, &[cell], &[digit], &mut used) {
                    given_back += 1;
                    assert!(solver.is_unique(&fuller).unwrap(), "{fuller}");
                }
                fuller.set(cell / 9, cell % 9, Some(digit));
            }
        }
        assert!(given_back > 0 && not > 0);
    }
}
