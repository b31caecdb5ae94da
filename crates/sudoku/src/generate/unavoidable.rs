//! Unavoidable sets of a complete grid: sets of cells of which every
//! puzzle with that grid as its only solution must give at least one.
//!
//! Take two digits `a` and `b` of a complete grid `S`. Every unit holds one
//! `a` and one `b`; link those two cells, unit by unit. A connected part
//! `T` of the `2n` cells holding `a` or `b` contains, for every unit, both
//! of its cells or neither, so swapping `a` and `b` within `T` gives
//! another complete grid. A puzzle with no given in `T` has that grid as a
//! solution too: so the generator must keep a clue that is the last given
//! of such a set, and knows it with no search.
//!
//! Likewise for two rows of one band (or two columns of one stack): where
//! the digits of some of their columns are the same two by two, as a
//! cycle `a b c` over `b c a`, exchanging the two rows on those columns
//! gives another grid (cycles of two digits are sets of the first kind).
//! Under rules with more units (diagonals, windows, regions) such a set is
//! kept only when the other grid obeys them. The question whether a
//! removal leaves the puzzle unique is still the proofs' (`prove`: the
//! bitboard or Dancing Links); these sets only answer "no" early, with the
//! second solution in hand.

use crate::bitboard::{peer_masks, unit_masks};
use crate::grid::Grid;
use crate::rules::Rules;
use crate::unit::Unit;

/// No set yet.
const NONE: u32 = u32::MAX;

/// The unavoidable sets of one grid, two digits swapped or two lines
/// exchanged, with how many of each set's cells are still given.
#[derive(Debug, Default)]
pub(super) struct Unavoidable {
    /// For each set, its cells still given.
    given: Vec<u32>,
    /// The first set of two lines exchanged (those before swap digits).
    first_line_set: usize,
    /// The sets of each cell: `starts[c]..starts[c + 1]` in `members`.
    starts: Vec<u32>,
    members: Vec<u32>,
    /// Scratch: each set's cells as found, (cell, set); the union-find
    /// parents and each root's set while a pair of digits is linked; the
    /// units' cell of each digit.
    found: Vec<(u16, u32)>,
    parent: Vec<u16>,
    label: Vec<u32>,
    place: Vec<u16>,
    /// The peers of each cell as a bit mask, under the rules named (for
    /// grids of at most 128 cells).
    peers: Option<(Rules, Vec<u128>)>,
    /// The units of the rules named, with their cells: made once for a run
    /// of grids under the same rules, not for every grid.
    units: Option<(Rules, Units)>,
}

/// Every unit of some rules with its cells, as [`Rules::units`] gives them.
type Units = Vec<(Unit, Vec<usize>)>;

impl Unavoidable {
    /// Finds the sets of `solution`, a complete grid under `rules` (whose
    /// units, cages aside, each hold every digit once), every cell given.
    pub(super) fn reset(&mut self, rules: &Rules, solution: &Grid) {
        let units = match self.units.take() {
            Some((of, units)) if of == *rules => units,
            _ => rules.units(),
        };
        self.found.clear();
        self.given.clear();
        if solution.cells().len() <= 128 {
            self.digit_pairs_by_masks(rules, &units, solution);
        } else {
            self.digit_pairs(&units, solution);
        }
        self.first_line_set = self.given.len();
        self.line_cycles(rules, &units, solution);
        self.units = Some((rules.clone(), units));
        // The sets of each cell, by counting.
        let cell_count = solution.cells().len();
        self.starts.clear();
        self.starts.resize(cell_count + 1, 0);
        for &(cell, set) in &self.found {
            self.starts[cell as usize + 1] += 1;
            self.given[set as usize] += 1;
        }
        for cell in 0..cell_count {
            self.starts[cell + 1] += self.starts[cell];
        }
        self.members.clear();
        self.members.resize(self.found.len(), 0);
        let mut next = self.starts.clone();
        for &(cell, set) in &self.found {
            self.members[next[cell as usize] as usize] = set;
            next[cell as usize] += 1;
        }
    }

    /// The sets of two digits swapped: the parts of the cells holding
    /// them linked unit by unit.
    fn digit_pairs(&mut self, units: &[(Unit, Vec<usize>)], solution: &Grid) {
        let n = solution.size();
        let cells = solution.cells();
        // The cell of each digit in each unit.
        self.place.clear();
        self.place.resize(units.len() * n, 0);
        for (unit, (_, unit_cells)) in units.iter().enumerate() {
            for &cell in unit_cells {
                self.place[unit * n + cells[cell] as usize - 1] = cell as u16;
            }
        }
        let mut of_digit = vec![Vec::with_capacity(n); n];
        for (cell, &digit) in cells.iter().enumerate() {
            of_digit[digit as usize - 1].push(cell as u16);
        }
        self.parent.clear();
        self.parent.extend(0..cells.len() as u16);
        self.label.clear();
        self.label.resize(cells.len(), NONE);
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
                for digit in [a, b] {
                    for &cell in &of_digit[digit] {
                        let root = self.root(cell) as usize;
                        if self.label[root] == NONE {
                            self.label[root] = self.given.len() as u32;
                            self.given.push(0);
                        }
                        self.found.push((cell, self.label[root]));
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

    /// [`digit_pairs`](Self::digit_pairs) on bit masks, for grids of at
    /// most 128 cells: a part grows from one cell of `a` by the peers of
    /// its cells that hold `a` or `b` (the cell of `b` in a unit of an `a`
    /// is a peer of it, and no other `a` is), many times cheaper than
    /// linking the units' cells one by one.
    fn digit_pairs_by_masks(
        &mut self,
        rules: &Rules,
        units: &[(Unit, Vec<usize>)],
        solution: &Grid,
    ) {
        if self.peers.as_ref().is_none_or(|(of, _)| of != rules) {
            let peers = peer_masks(&unit_masks(units), solution.cells().len());
            self.peers = Some((rules.clone(), peers));
        }
        let Some((_, peers)) = &self.peers else {
            unreachable!("the peers were just made");
        };
        let n = solution.size();
        let mut holding = [0u128; 64];
        for (cell, &digit) in solution.cells().iter().enumerate() {
            holding[digit as usize - 1] |= 1 << cell;
        }
        for a in 0..n {
            for b in a + 1..n {
                let both = holding[a] | holding[b];
                let mut left = both;
                // Each part holds an `a`: one part per `a` left.
                while left & holding[a] != 0 {
                    let first = left & holding[a] & (left & holding[a]).wrapping_neg();
                    let (mut part, mut frontier) = (first, first);
                    while frontier != 0 {
                        let mut reach = 0;
                        let mut cells = frontier;
                        while cells != 0 {
                            reach |= peers[cells.trailing_zeros() as usize];
                            cells &= cells - 1;
                        }
                        frontier = reach & both & !part;
                        part |= frontier;
                    }
                    left &= !part;
                    let set = self.given.len() as u32;
                    self.given.push(0);
                    let mut cells = part;
                    while cells != 0 {
                        self.found.push((cells.trailing_zeros() as u16, set));
                        cells &= cells - 1;
                    }
                }
            }
        }
    }

    /// The sets of two rows of a band (or two columns of a stack)
    /// exchanged on the columns (rows) of a cycle of three digits or more.
    fn line_cycles(&mut self, rules: &Rules, units: &[(Unit, Vec<usize>)], solution: &Grid) {
        let shape = solution.shape();
        let n = shape.size();
        let cells = solution.cells();
        let mut other = solution.clone();
        let mut across_of = vec![0; n + 1];
        let mut next_digit = vec![0u8; n + 1];
        let mut seen = vec![false; n + 1];
        let mut cycle = Vec::with_capacity(n);
        // (the cell at line `line`, position `at`), rows then columns.
        for (lines_a_group, cell_at) in [
            (
                shape.box_rows(),
                &(|line: usize, at: usize| line * n + at) as &dyn Fn(usize, usize) -> usize,
            ),
            (shape.box_cols(), &|line: usize, at: usize| at * n + line),
        ] {
            for first in 0..n {
                for second in first + 1..n {
                    if first / lines_a_group != second / lines_a_group {
                        continue;
                    }
                    for at in 0..n {
                        let top = cells[cell_at(first, at)];
                        next_digit[top as usize] = cells[cell_at(second, at)];
                        across_of[top as usize] = at;
                    }
                    seen.iter_mut().for_each(|seen| *seen = false);
                    for start in 1..=n as u8 {
                        cycle.clear();
                        let mut digit = start;
                        while !seen[digit as usize] {
                            seen[digit as usize] = true;
                            cycle.push(across_of[digit as usize]);
                            digit = next_digit[digit as usize];
                        }
                        if cycle.len() < 3 {
                            continue;
                        }
                        if !rules.is_classic() {
                            for &at in &cycle {
                                let (x, y) = (cell_at(first, at), cell_at(second, at));
                                other.cells_mut()[x] = cells[y];
                                other.cells_mut()[y] = cells[x];
                            }
                            let valid = units.iter().all(|(_, unit_cells)| {
                                let digits = unit_cells.iter().fold(0u64, |seen, &cell| {
                                    seen | 1 << (other.cells()[cell] - 1)
                                });
                                digits.count_ones() as usize == n
                            });
                            for &at in &cycle {
                                let (x, y) = (cell_at(first, at), cell_at(second, at));
                                other.cells_mut()[x] = cells[x];
                                other.cells_mut()[y] = cells[y];
                            }
                            if !valid {
                                continue;
                            }
                        }
                        let set = self.given.len() as u32;
                        self.given.push(0);
                        for &at in &cycle {
                            self.found.push((cell_at(first, at) as u16, set));
                            self.found.push((cell_at(second, at) as u16, set));
                        }
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

    fn sets_of(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        self.members[self.starts[cell] as usize..self.starts[cell + 1] as usize]
            .iter()
            .map(|&set| set as usize)
    }

    /// Takes the cells of `group` away, and says whether that leaves a set
    /// with no given (then the puzzle has a second solution, and the
    /// cells are put back).
    pub(super) fn take_leaves_bare(&mut self, group: &[usize]) -> bool {
        for &cell in group {
            for k in self.starts[cell] as usize..self.starts[cell + 1] as usize {
                self.given[self.members[k] as usize] -= 1;
            }
        }
        let bare = group
            .iter()
            .any(|&cell| self.sets_of(cell).any(|set| self.given[set] == 0));
        if bare {
            self.put_back(group);
        }
        bare
    }

    /// Gives the cells of `group` again (a removal the search refused).
    pub(super) fn put_back(&mut self, group: &[usize]) {
        for &cell in group {
            for k in self.starts[cell] as usize..self.starts[cell + 1] as usize {
                self.given[self.members[k] as usize] += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::Generator;
    use crate::grid::Shape;

    /// The sets of two digits, as sorted lists of cells.
    fn digit_sets(sets: &Unavoidable) -> Vec<Vec<u16>> {
        let mut cells = vec![Vec::new(); sets.given.len()];
        for &(cell, set) in &sets.found {
            cells[set as usize].push(cell);
        }
        cells.iter_mut().for_each(|set| set.sort_unstable());
        cells.sort();
        cells
    }

    /// The bit-mask parts of two digits are the union-find's, under
    /// classic, X, hyper and jigsaw rules.
    #[test]
    fn digit_pairs_by_masks_agree_with_union_find() {
        let mut generator = Generator::new(8);
        for (rows, cols) in [(3, 3), (2, 3), (2, 4), (2, 2)] {
            let shape = Shape::new(rows, cols).unwrap();
            let jigsaw = Rules::classic(shape).with_regions(generator.region_map(shape));
            for rules in [
                Rules::classic(shape),
                Rules::classic(shape).with_diagonals(),
                Rules::classic(shape).with_windows(),
                jigsaw.unwrap(),
            ] {
                let Some(solution) = generator.solution_with(&rules, Some(8)) else {
                    continue;
                };
                let units = rules.units();
                let (mut by_masks, mut linked) = (Unavoidable::default(), Unavoidable::default());
                by_masks.digit_pairs_by_masks(&rules, &units, &solution);
                linked.digit_pairs(&units, &solution);
                let sets = digit_sets(&linked);
                assert!(sets.len() >= shape.size() * (shape.size() - 1) / 2);
                assert_eq!(digit_sets(&by_masks), sets, "{rules:?} {solution}");
            }
        }
    }

    /// Each set, with its cells blanked in the grid, leaves two solutions
    /// or more (by a count); both kinds of sets come up; a clue the sets
    /// say must stay leaves the puzzle with two solutions.
    #[test]
    fn every_set_is_unavoidable_and_bare_sets_mean_two_solutions() {
        let mut generator = Generator::new(5);
        let mut counter = crate::Solver::new(crate::Engine::Dlx);
        let mut sets = Unavoidable::default();
        let (mut bare_seen, mut line_sets) = (0, 0);
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
                let mut blanked = solution.clone();
                for cell in 0..cells.len() {
                    if sets.sets_of(cell).any(|of| of == set) {
                        blanked.set(cell / n, cell % n, None);
                    }
                }
                let blanks = blanked.cells().iter().filter(|&&d| d == 0).count();
                assert_eq!(blanks, sets.given[set] as usize);
                assert_eq!(
                    counter.count_with(&rules, &blanked, 2).unwrap(),
                    2,
                    "{blanked}"
                );
                line_sets += usize::from(set >= sets.first_line_set);
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
        assert!(bare_seen > 10 && line_sets > 3, "{bare_seen} {line_sets}");
    }
}
