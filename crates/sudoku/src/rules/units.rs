//! The units of the rules: rows, columns, boxes (or jigsaw regions),
//! diagonals and windows, each holding every digit once.

use std::ops::ControlFlow;

use super::Rules;
use crate::grid::Shape;
use crate::unit::Unit;

impl Rules {
    /// Every unit that holds each digit once, with its cells: rows, columns,
    /// boxes (or jigsaw regions), then the diagonals and the windows.
    pub fn units(&self) -> Vec<(Unit, Vec<usize>)> {
        let mut units = Vec::with_capacity(3 * self.shape.size() + 2);
        let all = self.try_for_each_unit(|unit, cells| {
            units.push((unit, cells.to_vec()));
            ControlFlow::<()>::Continue(())
        });
        debug_assert!(all.is_continue());
        units
    }

    /// Calls `visit` with each unit of [`units`](Self::units) and its
    /// cells, in the same order, until it breaks: without allocating, as
    /// [`check`](Self::check) runs once per answer.
    pub(super) fn try_for_each_unit<B>(
        &self,
        mut visit: impl FnMut(Unit, &[usize]) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let shape = self.shape;
        let n = shape.size();
        // Every unit has `n` cells (a region map is checked for that).
        let mut buffer = [0; Shape::MAX_SIZE];
        let cells = &mut buffer[..n];
        for row in 0..n {
            fill(cells, |col| row * n + col);
            visit(Unit::Row(row), cells)?;
        }
        for col in 0..n {
            fill(cells, |row| row * n + col);
            visit(Unit::Column(col), cells)?;
        }
        match &self.regions {
            Some(regions) => {
                for region in 0..n {
                    let members = (0..n * n).filter(|&cell| regions[cell] as usize == region);
                    for (slot, cell) in cells.iter_mut().zip(members) {
                        *slot = cell;
                    }
                    visit(Unit::Region(region), cells)?;
                }
            }
            None => {
                for b in 0..n {
                    fill(cells, |k| box_cell(shape, b, k));
                    visit(Unit::Box(b), cells)?;
                }
            }
        }
        if self.diagonals {
            fill(cells, |k| k * n + k);
            visit(Unit::Diagonal(0), cells)?;
            fill(cells, |k| k * n + (n - 1 - k));
            visit(Unit::Diagonal(1), cells)?;
        }
        if self.windows {
            for (w, (top, left)) in window_corners(shape).enumerate() {
                fill(cells, |j| {
                    (top + j / shape.box_cols()) * n + left + j % shape.box_cols()
                });
                visit(Unit::Window(w), cells)?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// Sets each `cells[k]` to `cell(k)`.
fn fill(cells: &mut [usize], cell: impl Fn(usize) -> usize) {
    for (k, slot) in cells.iter_mut().enumerate() {
        *slot = cell(k);
    }
}

/// The `k`th cell of box `b`, in reading order.
fn box_cell(shape: Shape, b: usize, k: usize) -> usize {
    let n = shape.size();
    let per_band = n / shape.box_cols();
    let top = (b / per_band) * shape.box_rows();
    let left = (b % per_band) * shape.box_cols();
    (top + k / shape.box_cols()) * n + left + k % shape.box_cols()
}

/// The top left cells of the hyper windows: box-sized, one cell in from the
/// boxes and one cell apart, as many as fit (four on 9x9, nine on 16x16).
pub(super) fn window_corners(shape: Shape) -> impl Iterator<Item = (usize, usize)> {
    let n = shape.size();
    let starts = move |step: usize| {
        (0..)
            .map(move |k| 1 + k * (step + 1))
            .take_while(move |&s| s + step < n)
    };
    starts(shape.box_rows())
        .flat_map(move |top| starts(shape.box_cols()).map(move |left| (top, left)))
}
