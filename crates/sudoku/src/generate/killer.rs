//! Random killer cages over a solved grid.

use super::Generator;
use super::jigsaw::neighbours;
use crate::grid::Grid;
use crate::rules::Cage;

/// The most cages a cage map can name: it names each with one printable
/// ASCII character other than `.` (no cage) and `=` (see
/// [`format::CAGE_LABELS`](crate::format::CAGE_LABELS)).
pub const MAX_CAGES: usize = crate::format::CAGE_LABELS.len();

impl Generator {
    /// Random killer cages over the complete `solution`: every cell in one
    /// cage of orthogonally connected cells with distinct digits, whose sum
    /// is that of its digits in `solution`, so `solution` keeps every cage.
    ///
    /// Each cage grows from a random cell not yet caged, one random
    /// neighbour at a time (not caged, its digit new to the cage), to a
    /// random size of 2 to `max_size` cells, or less when it is hemmed in;
    /// a cell left alone then joins a neighbouring cage that can take it.
    /// Returns `None` when the cages outnumber [`MAX_CAGES`] (a larger
    /// `max_size` makes fewer).
    ///
    /// ```
    /// use dancing_sudoku::{generate::Generator, Rules, Shape};
    ///
    /// let mut generator = Generator::new(5);
    /// let solution = generator.solution(Shape::CLASSIC);
    /// let cages = generator.cages(&solution, 4).expect("few enough cages");
    /// let rules = Rules::classic(Shape::CLASSIC).with_cages(cages)?;
    /// assert_eq!(rules.check(&solution, &solution), Ok(()));
    /// # Ok::<(), dancing_sudoku::RulesError>(())
    /// ```
    pub fn cages(&mut self, solution: &Grid, max_size: usize) -> Option<Vec<Cage>> {
        let n = solution.size();
        let digits = solution.cells();
        let max_size = max_size.clamp(2, n);
        let mut cage_of = vec![usize::MAX; n * n];
        let mut cages: Vec<Vec<usize>> = Vec::new();
        let mut order: Vec<usize> = (0..n * n).collect();
        self.shuffle(&mut order);
        let mut frontier = Vec::new();
        for &start in &order {
            if cage_of[start] != usize::MAX {
                continue;
            }
            let target = 2 + self.below(max_size - 1);
            let k = cages.len();
            let mut cells = vec![start];
            cage_of[start] = k;
            let mut used = bit(digits[start]);
            while cells.len() < target {
                frontier.clear();
                for &cell in &cells {
                    frontier.extend(neighbours(n, cell).filter(|&next| {
                        cage_of[next] == usize::MAX && used & bit(digits[next]) == 0
                    }));
                }
                if frontier.is_empty() {
                    break;
                }
                let next = frontier[self.below(frontier.len())];
                cage_of[next] = k;
                used |= bit(digits[next]);
                cells.push(next);
            }
            cages.push(cells);
        }
        // Cells left alone join a neighbouring cage when they can.
        for k in 0..cages.len() {
            let [cell] = cages[k][..] else { continue };
            let host = neighbours(n, cell).map(|next| cage_of[next]).find(|&h| {
                h != k
                    && cages[h].len() > 1
                    && cages[h].len() < max_size
                    && cages[h].iter().all(|&c| digits[c] != digits[cell])
            });
            if let Some(host) = host {
                cages[k].clear();
                cages[host].push(cell);
                cage_of[cell] = host;
            }
        }
        cages.retain(|cells| !cells.is_empty());
        if cages.len() > MAX_CAGES {
            return None;
        }
        Some(
            cages
                .into_iter()
                .map(|mut cells| {
                    cells.sort_unstable();
                    let sum = cells.iter().map(|&c| u32::from(digits[c])).sum();
                    Cage { cells, sum }
                })
                .collect(),
        )
    }
}

/// The mask bit of `digit` (1 to 64).
fn bit(digit: u8) -> u64 {
    1 << (digit - 1)
}
