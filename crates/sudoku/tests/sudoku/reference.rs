//! The seeds' search orders, written here as plainly as possible (no masks,
//! no lists, no tables: scans of the grid), so that the engines' node counts
//! and first solutions can be checked against an independent account of the
//! order the seeds describe.

use dancing_sudoku::generate::Generator;
use dancing_sudoku::{Engine, Grid, Outcome, Shape, Solver};

/// Whether `digit` may go in `cell`: not in its row, column or box.
fn allowed(cells: &[u8; 81], cell: usize, digit: u8) -> bool {
    let (row, col) = (cell / 9, cell % 9);
    let (top, left) = (row / 3 * 3, col / 3 * 3);
    (0..9).all(|k| {
        cells[row * 9 + k] != digit
            && cells[k * 9 + col] != digit
            && cells[(top + k / 3) * 9 + left + k % 3] != digit
    })
}

struct Search {
    cells: [u8; 81],
    limit: u64,
    solutions: u64,
    nodes: u64,
    first: Option<[u8; 81]>,
}

impl Search {
    fn new(puzzle: &Grid, limit: u64) -> Search {
        Search {
            cells: puzzle.cells().try_into().unwrap(),
            limit,
            solutions: 0,
            nodes: 1,
            first: None,
        }
    }

    /// Returns true to stop.
    fn found(&mut self) -> bool {
        self.solutions += 1;
        self.first.get_or_insert(self.cells);
        self.solutions >= self.limit
    }

    /// POJ 2676: cells in reading order, digits 1 to 9.
    fn row_major(&mut self, cell: usize) -> bool {
        if cell == 81 {
            return self.found();
        }
        if self.cells[cell] != 0 {
            return self.row_major(cell + 1);
        }
        for digit in 1..=9 {
            if allowed(&self.cells, cell, digit) {
                self.cells[cell] = digit;
                self.nodes += 1;
                let stop = self.row_major(cell + 1);
                self.cells[cell] = 0;
                if stop {
                    return true;
                }
            }
        }
        false
    }

    /// AcWing 166: the empty cell with the fewest candidates, the first in
    /// reading order on ties; candidates ascending.
    fn fewest_first(&mut self) -> bool {
        let mut best: Option<(usize, usize)> = None;
        for cell in (0..81).filter(|&c| self.cells[c] == 0) {
            let count = (1..=9).filter(|&d| allowed(&self.cells, cell, d)).count();
            if best.is_none_or(|(_, fewest)| count < fewest) {
                best = Some((cell, count));
            }
        }
        let Some((cell, _)) = best else {
            return self.found();
        };
        for digit in 1..=9 {
            if allowed(&self.cells, cell, digit) {
                self.cells[cell] = digit;
                self.nodes += 1;
                let stop = self.fewest_first();
                self.cells[cell] = 0;
                if stop {
                    return true;
                }
            }
        }
        false
    }
}

fn check(puzzle: &Grid, limit: u64) {
    let mut row_major = Search::new(puzzle, limit);
    row_major.row_major(0);
    let mut fewest = Search::new(puzzle, limit);
    fewest.fewest_first();
    for (engine, reference) in [
        (Engine::Naive, &row_major),
        (Engine::BlankList, &row_major),
        (Engine::Stack, &row_major),
        (Engine::Mrv, &fewest),
    ] {
        let mut solution = Grid::default();
        let outcome = Solver::new(engine)
            .search(puzzle, limit, &mut solution)
            .unwrap();
        let expected = Outcome {
            solutions: reference.solutions,
            nodes: reference.nodes,
            cutoff: None,
            deduced: 0,
        };
        assert_eq!(outcome, expected, "{engine} on {puzzle} with limit {limit}");
        if let Some(first) = reference.first {
            assert_eq!(
                solution.cells(),
                &first[..],
                "{engine}'s first solution of {puzzle}"
            );
        }
    }
}

#[test]
fn depth_first_engines_search_in_their_seeds_order() {
    let mut generator = Generator::new(12);
    for k in 0..24 {
        let puzzle = match k % 3 {
            0 => generator.unique_puzzle(Shape::CLASSIC, 0),
            1 => generator.puzzle(Shape::CLASSIC, 26),
            _ => generator.unsolvable_puzzle(Shape::CLASSIC),
        };
        for limit in [1, 2, 7] {
            check(&puzzle, limit);
        }
    }
}

#[test]
fn the_seeds_easy_samples_follow_the_seeds_order() {
    // POJ 2676, POJ 3074 and "100 lines". (The AcWing samples take the
    // row-major order over a hundred million nodes: too slow for the scans.)
    for line in [
        "103000509002109400000704000300502006060000050700803004000401000009205800804000107",
        ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.",
        "000004500680009000250380000020043800340008006800652470162890700508067209070000605",
    ] {
        check(&line.parse().unwrap(), 2);
    }
}
