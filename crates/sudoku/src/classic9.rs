//! Narrowing for the classic 9x9 grid, on fixed tables: the same naked and
//! hidden singles as [`Units::narrow`](crate::deduce::Units::narrow), to the
//! same fixed point, at about a fifth of its cost: each cell's candidates
//! are kept up to date as digits are placed (a placement clears its digit
//! from the cell's 20 peers) rather than recomputed from its units at every
//! look, a cell left with one candidate is filled at once (no pass over the
//! grid looks for naked singles), and a unit is searched for hidden singles
//! again only when some candidate of its cells has changed.
//!
//! Beyond singles, and only where asked, locked candidates: when a digit's
//! places in a box all lie in one row (or column), no other cell of that
//! row (column) can hold it; when its places in a row (column) all lie in
//! one box, no other cell of that box can. Both read off the candidates of
//! the 54 segments where a line crosses a box. Each such elimination is
//! true of every solution, so the puzzle's solutions are unchanged, and
//! the search that follows (Dancing Links, which places singles by itself
//! as forced moves but cannot see locked candidates) has fewer options.
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

/// The three cells of each segment where a line crosses a box, for rows
/// and for columns: segment `3 * line + block` of an orientation is where
/// line `line` crosses the `block`-th box along it. Either way the three
/// segments of a box are those of lines `3 * (line / 3) + i` at the same
/// `block`.
const SEGMENTS: [[[u8; 3]; 3 * N]; 2] = {
    let mut table = [[[0; 3]; 3 * N]; 2];
    let mut line = 0;
    while line < N {
        let mut block = 0;
        while block < 3 {
            let mut k = 0;
            while k < 3 {
                table[0][3 * line + block][k] = (line * N + 3 * block + k) as u8;
                table[1][3 * line + block][k] = ((3 * block + k) * N + line) as u8;
                k += 1;
            }
            block += 1;
        }
        line += 1;
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
                self.note_left(peer as usize, left);
            }
        }
        self.placed += 1;
    }

    /// Notes that the empty `cell` is down to the candidates `left`: one
    /// (a naked single) is queued, none is a contradiction. Candidates only
    /// go, so a cell comes down to one at most once: no more than `CELLS`
    /// cells are ever queued, whatever the puzzle.
    #[inline(always)]
    fn note_left(&mut self, cell: usize, left: u16) {
        if left & left.wrapping_sub(1) == 0 {
            if left == 0 {
                self.stuck = true;
            } else {
                self.pending[self.waiting] = cell as u8;
                self.waiting += 1;
            }
        }
    }

    /// Removes `digits` from the candidates of `cell` (none for a filled
    /// cell), noting a cell left with one candidate or none; true if one
    /// went.
    #[inline(always)]
    fn eliminate(&mut self, cell: usize, digits: u16) -> bool {
        let left = self.candidates[cell];
        if left & digits == 0 {
            return false;
        }
        let left = left & !digits;
        self.candidates[cell] = left;
        self.dirty |= CELL_UNIT_SETS[cell];
        self.note_left(cell, left);
        true
    }

    /// One pass of locked candidates over rows and columns (see the module
    /// documentation): true if a candidate went. Every elimination follows
    /// from the candidates as they were when the pass began, which every
    /// solution keeps, so later ones stay true after earlier ones.
    fn locked_candidates(&mut self) -> bool {
        let mut changed = false;
        for segments in &SEGMENTS {
            let mut digits = [0u16; 3 * N];
            for (held, cells) in digits.iter_mut().zip(segments) {
                *held = cells
                    .iter()
                    .fold(0, |held, &cell| held | self.candidates[cell as usize]);
            }
            // A digit of one segment and none of the two others in its box
            // (pointing), or in its line (claiming): the others of the line,
            // or of the box, lose it.
            let only = |a: usize, b: usize, c: usize| digits[a] & !(digits[b] | digits[c]);
            for band in 0..3 {
                for block in 0..3 {
                    let box_segment = |i: usize| 3 * (3 * band + i) + block;
                    for i in 0..3 {
                        let line = 3 * band + i;
                        let (j, k) = ((i + 1) % 3, (i + 2) % 3);
                        let pointing = only(box_segment(i), box_segment(j), box_segment(k));
                        let (b1, b2) = ((block + 1) % 3, (block + 2) % 3);
                        let claiming = only(3 * line + block, 3 * line + b1, 3 * line + b2);
                        if pointing != 0 {
                            for other in [3 * line + b1, 3 * line + b2] {
                                for &cell in &segments[other] {
                                    changed |= self.eliminate(cell as usize, pointing);
                                }
                            }
                        }
                        if claiming != 0 {
                            for other in [box_segment(j), box_segment(k)] {
                                for &cell in &segments[other] {
                                    changed |= self.eliminate(cell as usize, claiming);
                                }
                            }
                        }
                    }
                }
            }
        }
        changed
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

/// What a narrowing deduces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Deductions {
    /// Naked and hidden singles.
    Singles,
    /// Singles, and locked candidates (pointing and claiming).
    LockedCandidates,
}

/// Places naked and hidden singles in `cells` (a classic 9x9 grid whose
/// givens repeat no digit in a unit) until there are none left, or until a
/// contradiction shows.
#[cfg(test)]
pub(crate) fn narrow(cells: &mut [u8]) -> Narrowed {
    narrow_keeping(cells, &mut [0; CELLS], Deductions::Singles)
}

/// [`narrow`] with the `deductions` asked for, and the candidates of each
/// cell left empty into `candidates` (the digits none of its peers holds,
/// less those eliminated; none for a filled cell) when it ends without a
/// contradiction.
pub(crate) fn narrow_keeping(
    cells: &mut [u8],
    candidates: &mut [u16; CELLS],
    deductions: Deductions,
) -> Narrowed {
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
            board.note_left(cell, left);
        }
    }
    // Hidden singles: per unit, the digits one empty cell can take; a unit
    // is looked at again only once its cells' candidates have changed.
    loop {
        if !board.naked_singles() {
            return Narrowed::Contradiction;
        }
        if board.dirty == 0 {
            // Locked candidates once the singles stall, on a grid still open.
            if deductions == Deductions::LockedCandidates
                && board.candidates.iter().any(|&left| left != 0)
                && board.locked_candidates()
            {
                continue;
            }
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

    /// Puts a random digit in a random cell of `puzzle` if it repeats no
    /// digit in a unit there.
    fn add_random_clue(generator: &mut Generator, puzzle: &mut Grid) {
        let cell = generator.below(CELLS);
        let digit = 1 + generator.below(9) as u8;
        let mut changed = puzzle.clone();
        changed.set(cell / 9, cell % 9, Some(digit));
        if changed.conflicts().is_empty() {
            *puzzle = changed;
        }
    }

    /// `puzzle` narrowed by `deductions`, on a copy: what narrowing says,
    /// the narrowed grid and the candidates it leaves.
    fn narrowed_copy(puzzle: &Grid, deductions: Deductions) -> (Narrowed, Grid, [u16; CELLS]) {
        let mut narrowed = puzzle.clone();
        let mut candidates = [0; CELLS];
        let said = narrow_keeping(narrowed.cells_mut(), &mut candidates, deductions);
        (said, narrowed, candidates)
    }

    /// Every solution of `cells` whose empty cells take digits of
    /// `candidates` (all digits where `None`), up to `cap`: a plain
    /// depth-first search, for checking the narrowing against.
    fn solutions_within(
        cells: &[u8],
        candidates: Option<&[u16; CELLS]>,
        cap: usize,
    ) -> Vec<Vec<u8>> {
        fn go(grid: &mut [u8], allowed: &[u16; CELLS], cap: usize, found: &mut Vec<Vec<u8>>) {
            if found.len() >= cap {
                return;
            }
            let mut best: Option<(usize, u16)> = None;
            for cell in 0..CELLS {
                if grid[cell] != 0 {
                    continue;
                }
                let mut left = allowed[cell];
                for &peer in &PEERS[cell] {
                    let digit = grid[peer as usize];
                    if digit != 0 {
                        left &= !(1 << (digit - 1));
                    }
                }
                if best.is_none_or(|(_, fewest)| left.count_ones() < fewest.count_ones()) {
                    best = Some((cell, left));
                }
            }
            let Some((cell, mut left)) = best else {
                found.push(grid.to_vec());
                return;
            };
            while left != 0 {
                grid[cell] = left.trailing_zeros() as u8 + 1;
                left &= left - 1;
                go(grid, allowed, cap, found);
            }
            grid[cell] = 0;
        }
        let allowed = candidates.copied().unwrap_or([ALL; CELLS]);
        let mut found = Vec::new();
        go(&mut cells.to_vec(), &allowed, cap, &mut found);
        found
    }

    /// Locked candidates keep every solution: the narrowed grid and its
    /// candidates admit exactly the puzzle's solutions, on puzzles with
    /// one, several or no solutions; and they do eliminate more than
    /// singles on some of them.
    #[test]
    fn locked_candidates_keep_every_solution() {
        let mut generator = Generator::new(36);
        let mut beyond_singles = 0;
        let mut solved_by_them = 0;
        for k in 0..400 {
            let puzzle = match k % 4 {
                0 => generator.unique_puzzle(Shape::CLASSIC, 0),
                1 => generator.puzzle(Shape::CLASSIC, 24 + k % 12),
                2 => generator.unsolvable_puzzle(Shape::CLASSIC),
                _ => generator.puzzle(Shape::CLASSIC, 30),
            };
            let expected = solutions_within(puzzle.cells(), None, 300);
            let (by_singles, singles, single_candidates) =
                narrowed_copy(&puzzle, Deductions::Singles);
            let (by_locked, narrowed, candidates) =
                narrowed_copy(&puzzle, Deductions::LockedCandidates);
            match by_locked {
                Narrowed::Contradiction => {
                    assert!(expected.is_empty(), "{puzzle}");
                    continue;
                }
                Narrowed::Placed(placed) => {
                    let Narrowed::Placed(by_singles) = by_singles else {
                        panic!("singles alone found a contradiction: {puzzle}");
                    };
                    assert!(placed >= by_singles, "{puzzle}");
                }
            }
            for (cell, (&given, &digit)) in puzzle.cells().iter().zip(narrowed.cells()).enumerate()
            {
                assert!(
                    given == 0 || given == digit,
                    "a given changed at {cell}: {puzzle}"
                );
                assert_eq!(digit != 0, candidates[cell] == 0, "cell {cell}: {puzzle}");
            }
            let kept = solutions_within(narrowed.cells(), Some(&candidates), 300);
            if expected.len() < 300 {
                let mut expected = expected;
                let mut kept = kept;
                expected.sort();
                kept.sort();
                assert_eq!(kept, expected, "{puzzle}");
            } else {
                // Too many to list: those found all solve the puzzle.
                assert_eq!(kept.len(), 300, "{puzzle}");
            }
            let fewer = (0..CELLS).any(|cell| {
                candidates[cell] != single_candidates[cell]
                    && candidates[cell] & !single_candidates[cell] == 0
            });
            beyond_singles += usize::from(fewer);
            solved_by_them += usize::from(narrowed.is_complete() && !singles.is_complete());
        }
        assert!(
            beyond_singles > 20,
            "locked candidates eliminated beyond singles {beyond_singles} times"
        );
        assert!(
            solved_by_them > 0,
            "no puzzle was solved by them that singles leave open"
        );
    }

    /// Random givens (no digit twice in a unit, most with no solution):
    /// narrowing ends without a fault, says contradiction only where the
    /// bitmask engine finds no solution, and leaves a grid and candidates
    /// that still admit one where it finds one.
    #[test]
    fn random_givens_narrow_soundly() {
        let mut generator = Generator::new(37);
        let mut solver = crate::Solver::new(crate::Engine::Bitmask);
        let mut solution = Grid::default();
        let mut contradictions = 0;
        for k in 0..1500 {
            let mut puzzle = Grid::default();
            for _ in 0..24 + k % 12 {
                add_random_clue(&mut generator, &mut puzzle);
            }
            let solvable = solver.search(&puzzle, 1, &mut solution).unwrap().solutions > 0;
            let (by_locked, narrowed, candidates) =
                narrowed_copy(&puzzle, Deductions::LockedCandidates);
            match by_locked {
                Narrowed::Contradiction => {
                    assert!(!solvable, "{puzzle}");
                    contradictions += 1;
                }
                Narrowed::Placed(_) if solvable => {
                    let kept = solutions_within(narrowed.cells(), Some(&candidates), 1);
                    assert_eq!(kept.len(), 1, "{puzzle}");
                }
                Narrowed::Placed(_) => {}
            }
        }
        assert!(contradictions > 100, "{contradictions} contradictions");
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
                // Another clue: often no solution.
                add_random_clue(&mut generator, &mut puzzle);
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
