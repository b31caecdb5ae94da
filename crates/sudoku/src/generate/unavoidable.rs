//! Unavoidable sets of a complete grid: sets of cells of which every
//! puzzle with that grid as its only solution must give at least one.
//!
//! Take two digits `a` and `b` of a complete grid `S`. Every unit holds one
//! `a` and one `b`; link those two cells, unit by unit. A connected part
//! `T` of the `2n` cells holding `a` or `b` contains, for every unit, both
//! of its cells or neither, so swapping `a` and `b` within `T` gives
//! another complete grid. A puzzle with no given in `T` has that grid as a
//! solution too: so the generator must keep a clue that is the last given
//! of such a set, and knows it with no search. The question whether a
//! removal leaves the puzzle unique is still the Dancing Links search's
//! (`prove`); these sets only answer "no" early, with the second solution
//! in hand.

use crate::grid::Grid;
use crate::rules::Rules;

/// No set yet.
const NONE: u32 = u32::MAX;

/// The two-digit unavoidable sets of one grid, with how many of each set's
/// cells are still given.
#[derive(Debug, Default)]
pub(super) struct Unavoidable {
    /// Digits a side.
    size: usize,
    /// For each set, its cells still given.
    given: Vec<u32>,
    /// The sets of each cell: cell `c` holding digit `a` lies in one set
    /// for each other digit `b`, at `sets[c * (n - 1) ..][.. n - 1]`.
    sets: Vec<u32>,
    /// Scratch: the union-find parents, each root's set while a pair of
    /// digits is linked, and the units' cell of each digit.
    parent: Vec<u16>,
    label: Vec<u32>,
    place: Vec<u16>,
}

impl Unavoidable {
    /// Finds the sets of `solution`, a complete grid under `rules` (whose
    /// units, cages aside, each hold every digit once), every cell given.
    pub(super) fn reset(&mut self, rules: &Rules, solution: &Grid) {
        let n = solution.size();
        let cells = solution.cells();
        let units = rules.units();
        self.size = n;
        // The cell of each digit in each unit.
        self.place.clear();
        self.place.resize(units.len() * n, 0);
        for (unit, (_, unit_cells)) in units.iter().enumerate() {
            for &cell in unit_cells {
                self.place[unit * n + cells[cell] as usize - 1] = cell as u16;
            }
        }
        // The cells of each digit.
        let mut of_digit = vec![Vec::with_capacity(n); n];
        for (cell, &digit) in cells.iter().enumerate() {
            of_digit[digit as usize - 1].push(cell as u16);
        }
        self.parent.clear();
        self.parent.extend(0..cells.len() as u16);
        self.label.clear();
        self.label.resize(cells.len(), NONE);
        self.sets.clear();
        self.sets.resize(cells.len() * n.saturating_sub(1), 0);
        self.given.clear();
        let slot = |digit: usize, other: usize| if other < digit { other } else { other - 1 };
        for a in 0..n {
            for b in a + 1..n {
                for unit in 0..units.len() {
                    let (x, y) = (self.place[unit * n + a], self.place[unit * n + b]);
                    let (x, y) = (self.root(x), self.root(y));
                    if x != y {
                        self.parent[x as usize] = y;
                    }
                }
                // One set per root.
                for (digit, other) in [(a, b), (b, a)] {
                    for &cell in &of_digit[digit] {
                        let root = self.root(cell) as usize;
                        if self.label[root] == NONE {
                            self.label[root] = self.given.len() as u32;
                            self.given.push(0);
                        }
                        let set = self.label[root];
                        self.given[set as usize] += 1;
                        self.sets[cell as usize * (n - 1) + slot(digit, other)] = set;
                    }
                }
                for digit in [a, b] {
                    for &cell in &of_digit[digit] {
                        self.parent[cell as usize] = cell;
                        self.label[cell as usize] = NONE;
                    }
                }
            }
        }
    }

    fn root(&mut self, mut cell: u16) -> u16 {
        while self.parent[cell as usize] != cell {
            let up = self.parent[self.parent[cell as usize] as usize];
            self.parent[cell as usize] = up;
            cell = up;
        }
        cell
    }

    fn sets_of(&self, cell: usize) -> std::ops::Range<usize> {
        let per = self.size - 1;
        cell * per..(cell + 1) * per
    }

    /// Takes the cells of `group` away, and says whether that leaves a set
    /// with no given (then the puzzle has a second solution, and the
    /// cells are put back).
    pub(super) fn take_leaves_bare(&mut self, group: &[usize]) -> bool {
        for &cell in group {
            for k in self.sets_of(cell) {
                self.given[self.sets[k] as usize] -= 1;
            }
        }
        let bare = group.iter().any(|&cell| {
            self.sets_of(cell)
                .any(|k| self.given[self.sets[k] as usize] == 0)
        });
        if bare {
            self.put_back(group);
        }
        bare
    }

    /// Gives the cells of `group` again (a removal the search refused).
    pub(super) fn put_back(&mut self, group: &[usize]) {
        for &cell in group {
            for k in self.sets_of(cell) {
                self.given[self.sets[k] as usize] += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::Generator;
    use crate::grid::Shape;

    /// Each set, found by the links, is checked by swapping its two digits
    /// and verifying the new grid unit by unit; a clue the sets say must
    /// stay leaves the puzzle with two solutions, by a count.
    #[test]
    fn every_set_swaps_to_another_grid_and_bare_sets_mean_two_solutions() {
        let mut generator = Generator::new(5);
        let mut counter = crate::Solver::new(crate::Engine::Dlx);
        let mut sets = Unavoidable::default();
        let mut bare_seen = 0;
        for (rows, cols, x) in [(3, 3, false), (3, 3, true), (2, 3, false), (2, 2, true)] {
            let shape = Shape::new(rows, cols).unwrap();
            let mut rules = Rules::classic(shape);
            if x {
                rules = rules.with_diagonals();
            }
            let solution = generator.solution_with(&rules, None).unwrap();
            sets.reset(&rules, &solution);
            let n = shape.size();
            let cells = solution.cells();
            for set in 0..sets.given.len() {
                let members: Vec<usize> = (0..cells.len())
                    .filter(|&cell| sets.sets_of(cell).any(|k| sets.sets[k] as usize == set))
                    .collect();
                assert_eq!(members.len(), sets.given[set] as usize);
                let digits: Vec<u8> = members.iter().map(|&cell| cells[cell]).collect();
                let (a, b) = (
                    digits[0],
                    *digits.iter().find(|&&d| d != digits[0]).unwrap(),
                );
                assert!(digits.iter().all(|&d| d == a || d == b));
                let mut swapped = solution.clone();
                for &cell in &members {
                    let digit = if cells[cell] == a { b } else { a };
                    swapped.set(cell / n, cell % n, Some(digit));
                }
                for (_, unit) in rules.units() {
                    let mut seen = 0u64;
                    for cell in unit {
                        seen |= 1 << swapped.cells()[cell];
                    }
                    assert_eq!(seen.count_ones() as usize, n, "{swapped}");
                }
            }
            // Clues taken in order while no set goes bare; a bare one has
            // a second solution.
            let mut puzzle = solution.clone();
            for cell in 0..cells.len() {
                puzzle.set(cell / n, cell % n, None);
                if sets.take_leaves_bare(&[cell]) {
                    assert_eq!(counter.count_with(&rules, &puzzle, 2).unwrap(), 2);
                    puzzle.set(cell / n, cell % n, solution.get(cell / n, cell % n));
                    bare_seen += 1;
                }
            }
        }
        assert!(bare_seen > 10, "{bare_seen}");
    }
}
