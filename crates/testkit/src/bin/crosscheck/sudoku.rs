//! Random 4x4 and 6x6 Sudoku through `dlx sudoku` and `--count`, against
//! a backtracking search written here.

use std::path::Path;
use std::process::Command;

use crate::harness::{Failure, Rng, fail, run};

/// A small Sudoku: its side `n` (4 or 6), box `rows x cols`, and cells
/// (0 for empty).
pub struct Puzzle {
    rows: usize,
    cols: usize,
    cells: Vec<u8>,
}

impl Puzzle {
    fn n(&self) -> usize {
        self.rows * self.cols
    }

    fn line(&self) -> String {
        self.cells
            .iter()
            .map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) })
            .collect()
    }

    /// Whether `digit` may go in `cell` (its row, column and box free of it).
    fn allows(&self, cell: usize, digit: u8) -> bool {
        let n = self.n();
        let (row, col) = (cell / n, cell % n);
        let (top, left) = (row / self.rows * self.rows, col / self.cols * self.cols);
        (0..n).all(|k| {
            self.cells[row * n + k] != digit
                && self.cells[k * n + col] != digit
                && self.cells[(top + k / self.cols) * n + left + k % self.cols] != digit
        })
    }

    /// Whether the givens break no rule.
    fn consistent(&self) -> bool {
        let mut copy = Puzzle {
            rows: self.rows,
            cols: self.cols,
            cells: self.cells.clone(),
        };
        (0..self.cells.len()).all(|cell| {
            let digit = copy.cells[cell];
            copy.cells[cell] = 0;
            let ok = digit == 0 || copy.allows(cell, digit);
            copy.cells[cell] = digit;
            ok
        })
    }

    /// Every solution, by trying each digit in each empty cell in turn.
    fn solutions(&mut self, found: &mut Vec<Vec<u8>>) {
        let Some(cell) = self.cells.iter().position(|&d| d == 0) else {
            found.push(self.cells.clone());
            return;
        };
        for digit in 1..=self.n() as u8 {
            if self.allows(cell, digit) {
                self.cells[cell] = digit;
                self.solutions(found);
                self.cells[cell] = 0;
            }
        }
    }
}

/// A random puzzle of `rows x cols` boxes: a random grid (the solutions
/// of the empty grid, one picked) with random cells emptied, and now and
/// then a wrong given.
pub fn random_puzzle(rng: &mut Rng, rows: usize, cols: usize) -> Puzzle {
    let n = rows * cols;
    let mut puzzle = Puzzle {
        rows,
        cols,
        cells: vec![0; n * n],
    };
    // A full grid: a random fill, cell by cell, undone when stuck.
    fn fill(puzzle: &mut Puzzle, rng: &mut Rng, cell: usize) -> bool {
        if cell == puzzle.cells.len() {
            return true;
        }
        let n = puzzle.n();
        let start = rng.below(n);
        for k in 0..n {
            let digit = ((start + k) % n + 1) as u8;
            if puzzle.allows(cell, digit) {
                puzzle.cells[cell] = digit;
                if fill(puzzle, rng, cell + 1) {
                    return true;
                }
                puzzle.cells[cell] = 0;
            }
        }
        false
    }
    fill(&mut puzzle, rng, 0);
    let keep = if n == 4 {
        2 + rng.below(8)
    } else {
        14 + rng.below(12)
    };
    let percent = (keep * 100 / (n * n)) as u64;
    for cell in 0..n * n {
        if !rng.chance(percent) {
            puzzle.cells[cell] = 0;
        }
    }
    if rng.chance(10) {
        let cell = rng.below(n * n);
        puzzle.cells[cell] = 1 + rng.below(n) as u8;
    }
    puzzle
}

/// One puzzle through `dlx sudoku --count` and `dlx sudoku` (whose answer
/// must be a solution found here).
pub fn check_puzzle(dlx: &Path, work: &Path, puzzle: &mut Puzzle) -> Result<usize, Failure> {
    let line = puzzle.line();
    let input = format!("{line}\n");
    let file = work.join("puzzle.txt");
    std::fs::write(&file, &input).map_err(|e| fail(&input, e.to_string()))?;
    let box_shape = format!("{}x{}", puzzle.rows, puzzle.cols);
    let path = file.to_str().expect("UTF-8");
    let mut command = Command::new(dlx);
    command.args(["sudoku", "--count", "-q", "--box", &box_shape, path]);
    let output = command.output().map_err(|e| fail(&input, e.to_string()))?;
    let said = String::from_utf8_lossy(&output.stdout);
    if !puzzle.consistent() {
        // Refused as an invalid puzzle (exit 2, located), never counted.
        let stderr = String::from_utf8_lossy(&output.stderr);
        if output.status.code() != Some(2) || !stderr.contains("invalid puzzle") {
            return Err(fail(
                &input,
                format!("a contradictory puzzle: {}, {said}{stderr}", output.status),
            ));
        }
        return Ok(1);
    }
    let mut found = Vec::new();
    puzzle.solutions(&mut found);
    if said.trim() != found.len().to_string() {
        return Err(fail(
            &input,
            format!(
                "dlx sudoku --count --box {box_shape}: {}, brute force {}",
                said.trim(),
                found.len()
            ),
        ));
    }
    let solved = run(
        dlx,
        &["sudoku", "-q", "--box", &box_shape, path],
        None,
        &input,
    )?;
    let answer: Vec<u8> = solved
        .trim()
        .bytes()
        .map(|b| b.wrapping_sub(b'0'))
        .collect();
    // An answer exactly when there is a solution, and one of them.
    let answered = !solved.trim().is_empty();
    let solvable = !found.is_empty();
    if answered != solvable || (answered && !found.contains(&answer)) {
        return Err(fail(
            &input,
            format!(
                "dlx sudoku --box {box_shape} answered `{}`, not one of the {} solutions",
                solved.trim(),
                found.len()
            ),
        ));
    }
    Ok(2)
}
