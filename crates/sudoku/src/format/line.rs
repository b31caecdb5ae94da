//! A puzzle written on one line with its variant data, as the `line`
//! format reads it back: the cells, then a region map (jigsaw), then a
//! cage map and a `LABEL=SUM` word per cage (killer).

use std::fmt::Write as _;

use crate::grid::Grid;
use crate::rules::Rules;
use crate::symbols::Symbols;

/// `puzzle` on one line in `symbols`, followed by the data of `rules`: the
/// region map (region `k` written as the symbol of digit `k + 1`), the
/// cage map (each cage by its label: as read, or from
/// [`CAGE_LABELS`](super::CAGE_LABELS) in order) and the sums. `None` when
/// the rules have more cages than labels, or the shape more digits than
/// symbols.
///
/// ```
/// use dancing_sudoku::format::{PuzzleReader, ReadOptions, puzzle_line};
/// use dancing_sudoku::{Cage, Grid, Rules, Shape, Symbols};
///
/// let four = Shape::new(2, 2)?;
/// let cages = vec![Cage { cells: vec![0, 1], sum: 3 }, Cage { cells: vec![2, 3], sum: 7 }];
/// let rules = Rules::classic(four).with_cages(cages)?;
/// let line = puzzle_line(&Grid::new(four), &rules, &Symbols::default()).unwrap();
/// assert_eq!(line, "................ AABB............ A=3 B=7");
///
/// // Read back, with the same rules.
/// let options = ReadOptions { variant: rules.variant(), ..ReadOptions::default() };
/// let mut reader = PuzzleReader::with_options(line.as_bytes(), None, options);
/// let mut puzzle = Grid::default();
/// reader.read_into(&mut puzzle).expect("a puzzle")?;
/// assert_eq!(reader.rules(), &rules);
/// assert_eq!(puzzle, Grid::new(four));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn puzzle_line(puzzle: &Grid, rules: &Rules, symbols: &Symbols) -> Option<String> {
    let n = puzzle.size();
    if !symbols.supports(n) {
        return None;
    }
    let mut line: String = puzzle.cells().iter().map(|&d| symbols.symbol(d)).collect();
    if let Some(regions) = rules.regions() {
        line.push(' ');
        line.extend(regions.iter().map(|&region| symbols.symbol(region + 1)));
    }
    if !rules.cages().is_empty() {
        let labels = rules.cage_labels()?;
        let mut map = vec![b'.'; n * n];
        for (cage, &label) in rules.cages().iter().zip(labels) {
            for &cell in &cage.cells {
                map[cell] = label;
            }
        }
        line.push(' ');
        line.extend(map.iter().map(|&label| label as char));
        for (cage, &label) in rules.cages().iter().zip(labels) {
            // Writing into a String does not fail.
            let _ = write!(line, " {}={}", label as char, cage.sum);
        }
    }
    Some(line)
}
