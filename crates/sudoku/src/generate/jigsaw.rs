//! Random jigsaw region maps: `n` regions of `n` orthogonally connected
//! cells each.

use super::Generator;
use crate::grid::Shape;

/// Exchanges tried per cell when a region map is shuffled: enough that
/// little of the boxes it starts from is left.
const EXCHANGES_PER_CELL: usize = 4;

impl Generator {
    /// A random jigsaw region map of `shape`: the region (`0..n`) of each
    /// cell, row by row, every region of `n` orthogonally connected cells.
    ///
    /// It starts from the boxes and exchanges cells between neighbouring
    /// regions at random: a cell joins the region next to it, a cell of
    /// that region next to the first region joins it back, and the exchange
    /// is kept only if both regions are still connected. Sizes never change
    /// and connection is kept, so every map is a valid one (whether it has
    /// a solution is the solver's business: see
    /// [`Generator::minimal_puzzle_of`]).
    ///
    /// ```
    /// use dancing_sudoku::{generate::Generator, Rules, Shape};
    ///
    /// let map = Generator::new(3).region_map(Shape::CLASSIC);
    /// assert_eq!(map.len(), 81);
    /// assert!(Rules::classic(Shape::CLASSIC).with_regions(map).is_ok());
    /// ```
    pub fn region_map(&mut self, shape: Shape) -> Vec<u8> {
        let n = shape.size();
        let mut map: Vec<u8> = (0..n * n)
            .map(|cell| shape.box_of(cell / n, cell % n) as u8)
            .collect();
        let mut candidates = Vec::new();
        for _ in 0..EXCHANGES_PER_CELL * n * n {
            let cell = self.below(n * n);
            let others: Vec<usize> = neighbours(n, cell)
                .filter(|&next| map[next] != map[cell])
                .collect();
            if others.is_empty() {
                continue;
            }
            let (from, to) = (map[cell], map[others[self.below(others.len())]]);
            map[cell] = to;
            // A cell of `to` (not the one that just joined) next to `from`.
            candidates.clear();
            candidates.extend((0..n * n).filter(|&back| {
                back != cell && map[back] == to && neighbours(n, back).any(|next| map[next] == from)
            }));
            if candidates.is_empty() {
                map[cell] = from;
                continue;
            }
            let back = candidates[self.below(candidates.len())];
            map[back] = from;
            if !is_connected(&map, n, from) || !is_connected(&map, n, to) {
                map[cell] = from;
                map[back] = to;
            }
        }
        map
    }
}

/// The cells orthogonally next to `cell` in a grid of size `n`.
pub(super) fn neighbours(n: usize, cell: usize) -> impl Iterator<Item = usize> {
    let (row, col) = (cell / n, cell % n);
    let up = (row > 0).then(|| cell - n);
    let down = (row + 1 < n).then(|| cell + n);
    let left = (col > 0).then(|| cell - 1);
    let right = (col + 1 < n).then(|| cell + 1);
    [up, down, left, right].into_iter().flatten()
}

/// Whether the cells of `region` in `map` are orthogonally connected.
fn is_connected(map: &[u8], n: usize, region: u8) -> bool {
    let cells = map.iter().filter(|&&r| r == region).count();
    let Some(start) = map.iter().position(|&r| r == region) else {
        return true;
    };
    let mut seen = vec![false; map.len()];
    seen[start] = true;
    let mut stack = vec![start];
    let mut reached = 0;
    while let Some(cell) = stack.pop() {
        reached += 1;
        for next in neighbours(n, cell) {
            if map[next] == region && !std::mem::replace(&mut seen[next], true) {
                stack.push(next);
            }
        }
    }
    reached == cells
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn region_maps_have_connected_regions_of_n_cells_and_leave_the_boxes() {
        for (rows, cols, seed) in [(2, 2, 1), (2, 3, 2), (3, 3, 3), (4, 4, 4)] {
            let shape = Shape::new(rows, cols).unwrap();
            let n = shape.size();
            let map = Generator::new(seed).region_map(shape);
            for region in 0..n as u8 {
                assert_eq!(map.iter().filter(|&&r| r == region).count(), n);
                assert!(is_connected(&map, n, region), "{map:?}");
            }
            let boxes = (0..n * n).filter(|&c| map[c] as usize == shape.box_of(c / n, c % n));
            assert!(boxes.count() < n * n, "{map:?} is the boxes");
        }
    }

    #[test]
    fn a_split_region_is_not_connected() {
        // Region 0 in two pieces, diagonal to each other.
        let map = [0, 1, 1, 0];
        assert!(!is_connected(&map, 2, 0));
        assert!(is_connected(&[0, 0, 1, 1], 2, 0));
    }
}
