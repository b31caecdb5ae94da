//! Givens that contradict each other: a digit twice in a row, column or box.
//!
//! Such a puzzle has no solution, but saying "no solution" would hide the
//! real problem (usually a typo), so every solver reports it as an invalid
//! puzzle, naming the cells, before any search.

use std::fmt;

use crate::grid::{Cell, Grid};
use crate::rules::Rules;
use crate::symbols::Symbols;
use crate::unit::{Unit, is_consistent};

/// A digit given more than once in one unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conflict {
    /// The repeated digit.
    pub digit: u8,
    /// Where it is repeated.
    pub unit: Unit,
    /// The cells that hold it, in reading order (at least two).
    pub cells: Vec<Cell>,
}

impl Conflict {
    /// The conflict in words, its digit written in `symbols` (`0 twice in
    /// row 1 (r1c1, r1c2)` for the first digit of a hexadecimal alphabet);
    /// a digit the alphabet has no symbol for is named by its number
    /// (`digit 62`).
    pub fn describe_in(&self, symbols: &Symbols) -> String {
        let times = match self.cells.len() {
            2 => "twice".to_owned(),
            n => format!("{n} times"),
        };
        let digit = if symbols.supports(self.digit as usize) {
            symbols.symbol(self.digit).to_string()
        } else {
            format!("digit {}", self.digit)
        };
        let cells: Vec<String> = self.cells.iter().map(ToString::to_string).collect();
        format!("{digit} {times} in {} ({})", self.unit, cells.join(", "))
    }
}

impl fmt::Display for Conflict {
    /// `5 twice in row 1 (r1c2, r1c7)`, in the default alphabet.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe_in(&Symbols::default()))
    }
}

impl Grid {
    /// Every digit that appears more than once in a row, column or box, with
    /// the cells that hold it: empty for a consistent grid.
    pub fn conflicts(&self) -> Vec<Conflict> {
        find(self, &Rules::classic(self.shape()))
    }

    /// Whether this grid is a solution of `puzzle`: the same shape, complete,
    /// every row, column and box holding each digit once, and every given of
    /// `puzzle` kept.
    ///
    /// ```
    /// use dancing_sudoku::Grid;
    ///
    /// let puzzle: Grid = ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.".parse()?;
    /// let solution: Grid = "527389416819426735436751829375692184194538267268174593643217958951843672782965341".parse()?;
    /// assert!(solution.solves(&puzzle));
    /// assert!(!puzzle.solves(&puzzle)); // not complete
    /// # Ok::<(), dancing_sudoku::GridError>(())
    /// ```
    pub fn solves(&self, puzzle: &Grid) -> bool {
        self.shape() == puzzle.shape()
            && self.is_complete()
            && self
                .cells()
                .iter()
                .zip(puzzle.cells())
                .all(|(&s, &p)| p == 0 || s == p)
            && is_consistent(self)
    }
}

/// Every conflict of `grid` under `rules`: rows first, then columns, boxes
/// (or regions), diagonals, windows and cages, each by index and then by
/// digit.
pub(crate) fn find(grid: &Grid, rules: &Rules) -> Vec<Conflict> {
    let n = grid.size();
    let mut conflicts = Vec::new();
    let mut holders: Vec<Vec<Cell>> = vec![Vec::new(); n + 1];
    let cages = rules
        .cages()
        .iter()
        .enumerate()
        .map(|(k, cage)| (Unit::Cage(rules.cage_name(k)), cage.cells.clone()));
    for (unit, cells) in rules.units().into_iter().chain(cages) {
        holders.iter_mut().for_each(Vec::clear);
        for cell in cells {
            let digit = grid.cells()[cell];
            if digit != 0 {
                holders[digit as usize].push(Cell {
                    row: cell / n,
                    col: cell % n,
                });
            }
        }
        for (digit, cells) in holders.iter_mut().enumerate() {
            if cells.len() > 1 {
                cells.sort();
                conflicts.push(Conflict {
                    digit: digit as u8,
                    unit,
                    cells: cells.clone(),
                });
            }
        }
    }
    conflicts
}

/// Whether no digit is repeated in a unit or a cage of `rules`.
pub(crate) fn is_consistent_under(grid: &Grid, rules: &Rules) -> bool {
    if rules.is_classic() {
        is_consistent(grid)
    } else {
        find(grid, rules).is_empty()
    }
}

/// The conflicts as one message, naming at most a few of them, with their
/// digits in `symbols`.
pub(crate) fn describe(conflicts: &[Conflict], symbols: &Symbols) -> String {
    const SHOWN: usize = 3;
    let mut text = String::new();
    for (k, conflict) in conflicts.iter().take(SHOWN).enumerate() {
        if k > 0 {
            text.push_str("; ");
        }
        text.push_str(&conflict.describe_in(symbols));
    }
    if conflicts.len() > SHOWN {
        text.push_str(&format!("; and {} more", conflicts.len() - SHOWN));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Shape;

    #[test]
    fn a_repeated_digit_is_named_in_each_unit_it_breaks() {
        let mut grid = Grid::default();
        grid.set(0, 1, Some(5));
        grid.set(0, 6, Some(5)); // same row
        grid.set(2, 2, Some(5)); // same box as r1c2
        let conflicts = grid.conflicts();
        let text: Vec<String> = conflicts.iter().map(ToString::to_string).collect();
        assert_eq!(
            text,
            [
                "5 twice in row 1 (r1c2, r1c7)",
                "5 twice in box 1 (r1c2, r3c3)"
            ]
        );
        assert!(!is_consistent(&grid));
        grid.set(0, 6, None);
        grid.set(2, 2, None);
        assert!(grid.conflicts().is_empty());
        assert!(is_consistent(&grid));
    }

    #[test]
    fn the_quick_check_agrees_with_the_conflicts_found_on_random_grids() {
        // Grids of several shapes with cells set or emptied at random (the
        // generator's own stream): consistent exactly when `find` names no
        // conflict.
        let mut generator = crate::generate::Generator::new(11);
        let (mut consistent, mut broken, mut boxes_alone) = (0, 0, 0);
        for shape in [(2, 2), (2, 3), (3, 2), (3, 3), (3, 4), (4, 4)] {
            let shape = Shape::new(shape.0, shape.1).unwrap();
            let n = shape.size();
            let rules = Rules::classic(shape);
            for round in 0..120 {
                // A complete grid with a few cells changed, or a few digits
                // placed at random on an empty one (where a repeat can be
                // in a box alone).
                let (mut grid, changes) = if round % 2 == 0 {
                    (generator.solution(shape), generator.below(4))
                } else {
                    (Grid::new(shape), 1 + generator.below(n))
                };
                for _ in 0..changes {
                    let digit = generator.below(n + 1) as u8;
                    let (row, col) = (generator.below(n), generator.below(n));
                    grid.set(row, col, (digit > 0).then_some(digit));
                }
                let quick = is_consistent(&grid);
                let conflicts = find(&grid, &rules);
                assert_eq!(quick, conflicts.is_empty(), "{grid:?}");
                if quick {
                    consistent += 1;
                } else {
                    broken += 1;
                }
                if conflicts.iter().all(|c| matches!(c.unit, Unit::Box(_))) && !quick {
                    boxes_alone += 1;
                }
            }
        }
        assert!(consistent > 20 && broken > 20, "{consistent} and {broken}");
        assert!(
            boxes_alone > 5,
            "{boxes_alone} grids repeat a digit in a box alone"
        );
    }

    #[test]
    fn a_digit_is_named_in_the_alphabet_or_by_number_beyond_it() {
        let conflict = Conflict {
            digit: 62,
            unit: Unit::Row(0),
            cells: vec![Cell { row: 0, col: 0 }, Cell { row: 0, col: 5 }],
        };
        // The default alphabet stops at 61.
        assert_eq!(conflict.to_string(), "digit 62 twice in row 1 (r1c1, r1c6)");
        let wide = Symbols::new(&format!(
            "{}@$%",
            "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
        ))
        .unwrap();
        assert_eq!(conflict.describe_in(&wide), "@ twice in row 1 (r1c1, r1c6)");
    }

    #[test]
    fn three_holders_and_long_lists_are_summarised() {
        let grid: Grid = "111111111".repeat(9).parse().unwrap();
        let conflicts = grid.conflicts();
        assert_eq!(conflicts.len(), 27);
        assert_eq!(conflicts[9].unit, Unit::Column(0));
        assert!(
            conflicts[0]
                .to_string()
                .starts_with("1 9 times in row 1 (r1c1, r1c2,")
        );
        assert!(describe(&conflicts, &Symbols::default()).ends_with("; and 24 more"));
    }
}
