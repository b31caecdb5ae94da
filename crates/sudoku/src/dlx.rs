//! The Dancing Links solver, built for batches: everything it needs is kept
//! from puzzle to puzzle, so that solving a million puzzles allocates nothing
//! once the buffers have grown to size.
//!
//! Per puzzle: find the digits the givens use (and any contradiction);
//! number the items the givens leave open; build only the pruned options,
//! in a [`Problem`] recycled from the previous puzzle, without names; link
//! it into the arena, search, decode the first solution through a table from
//! option to placement, and reset the arena.
//!
//! The givens are pre-covered: their cells and the row-, column- and
//! box-digits they satisfy are not items at all, rather than items with a
//! single option each. Both have the same solutions; pre-covering spares a
//! search level per given and the links of their options.

use std::ops::ControlFlow;

use bumpalo::Bump;
use dancing::{ItemId, OptionId, Problem, ProblemBuilder, Solver};

use crate::grid::{Grid, Shape};
use crate::solver::{Outcome, SolveError};

/// An item the givens already cover.
const COVERED: u32 = u32::MAX;

/// The reusable state of the Dancing Links engine.
#[derive(Default)]
pub(crate) struct DlxSolver {
    bump: Bump,
    /// The previous problem, whose buffers the next one reuses.
    spare: Option<Problem>,
    /// The shape the tables below are laid out for.
    shape: Option<Shape>,
    /// `units[cell]` is the row, column and box of the cell, as indices into
    /// `used` (rows, then columns, then boxes).
    units: Vec<[u16; 3]>,
    /// Digits given in each row, column and box (bit `d - 1` for digit `d`).
    used: Vec<u64>,
    /// The item id of each of the `4 n²` items of the full mapping, or
    /// [`COVERED`]: cells, then the digits of each row, column and box.
    item_ids: Vec<u32>,
    /// `placements[option]` is the cell and digit of the option.
    placements: Vec<(u16, u8)>,
    /// The options of the first solution.
    chosen: Vec<OptionId>,
}

impl DlxSolver {
    /// Lays the tables out for `shape`, if they are not already.
    fn prepare(&mut self, shape: Shape) {
        if self.shape == Some(shape) {
            return;
        }
        let n = shape.size();
        self.units = (0..n * n)
            .map(|cell| {
                let (row, col) = (cell / n, cell % n);
                [
                    row as u16,
                    (n + col) as u16,
                    (2 * n + shape.box_of(row, col)) as u16,
                ]
            })
            .collect();
        self.used = vec![0; 3 * n];
        self.item_ids = vec![COVERED; 4 * n * n];
        self.shape = Some(shape);
    }

    /// Counts the solutions of `puzzle` up to `limit` and writes the first
    /// into `solution`.
    pub(crate) fn search(
        &mut self,
        puzzle: &Grid,
        limit: u64,
        solution: &mut Grid,
    ) -> Result<Outcome, SolveError> {
        let shape = puzzle.shape();
        self.prepare(shape);
        let n = shape.size();
        let cells = puzzle.cells();

        // The digits of the givens, unit by unit; a repeat is a contradiction.
        self.used.fill(0);
        for (units, &digit) in self.units.iter().zip(cells) {
            if digit == 0 {
                continue;
            }
            let bit = 1u64 << (digit - 1);
            for &unit in units {
                let used = &mut self.used[unit as usize];
                if *used & bit != 0 {
                    return Err(SolveError::contradiction(puzzle));
                }
                *used |= bit;
            }
        }
        solution.clone_from(puzzle);
        if limit == 0 {
            return Ok(Outcome::default());
        }

        // Number the open items in the order of the full mapping.
        let mut open = 0u32;
        let (cell_ids, digit_ids) = self.item_ids.split_at_mut(n * n);
        for (id, &digit) in cell_ids.iter_mut().zip(cells) {
            *id = if digit == 0 { next(&mut open) } else { COVERED };
        }
        for (ids, &used) in digit_ids.chunks_exact_mut(n).zip(&self.used) {
            for (d, id) in ids.iter_mut().enumerate() {
                *id = if used & (1 << d) == 0 {
                    next(&mut open)
                } else {
                    COVERED
                };
            }
        }
        if open == 0 {
            // The puzzle is a complete, consistent grid: its own solution.
            return Ok(Outcome {
                solutions: 1,
                nodes: 1,
            });
        }

        // One option per candidate of each empty cell.
        let mut builder = ProblemBuilder::recycle(self.spare.take().unwrap_or_default());
        builder
            .primary_items(open as usize)
            .expect("at most 4 * 35² items");
        self.placements.clear();
        let all_digits = (1u64 << n) - 1;
        let item = |index: usize| ItemId::new(self.item_ids[index] as usize);
        for (cell, (&[row, col, b], &digit)) in self.units.iter().zip(cells).enumerate() {
            if digit != 0 {
                continue;
            }
            let [row, col, b] = [row as usize, col as usize, b as usize];
            let mut candidates = !(self.used[row] | self.used[col] | self.used[b]) & all_digits;
            while candidates != 0 {
                let d = candidates.trailing_zeros() as usize;
                candidates &= candidates - 1;
                // `used` is indexed like the row-, column- and box-digit items.
                let items = [
                    item(cell),
                    item(n * n + row * n + d),
                    item(n * n + col * n + d),
                    item(n * n + b * n + d),
                ];
                builder.option(items).expect("four distinct open items");
                self.placements.push((cell as u16, d as u8 + 1));
            }
        }
        let problem = builder.build().expect("the problem has primary items");

        let mut found = 0;
        let chosen = &mut self.chosen;
        let stats = Solver::new(&problem, &self.bump).search(|solution| {
            found += 1;
            if found == 1 {
                chosen.clear();
                chosen.extend_from_slice(solution.options());
            }
            if found >= limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        self.bump.reset();
        self.spare = Some(problem);

        if found > 0 {
            let grid = solution.cells_mut();
            for option in &self.chosen {
                let (cell, digit) = self.placements[option.index()];
                grid[cell as usize] = digit;
            }
        }
        Ok(Outcome {
            solutions: found,
            nodes: stats.nodes,
        })
    }
}

/// Returns `*counter` and increments it.
fn next(counter: &mut u32) -> u32 {
    *counter += 1;
    *counter - 1
}
