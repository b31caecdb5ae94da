//! Sudoku as exact cover: the mapping, with names, and Knuth's DLX text.
//!
//! A grid of size `n` (9 for the classic puzzle) is an exact-cover problem
//! with `4 n²` primary items (324 for 9x9), each to be covered exactly once:
//!
//! | item | name | meaning |
//! |---|---|---|
//! | cell | `pRC` | the cell in row R, column C holds a digit |
//! | row-digit | `rRD` | row R holds digit D |
//! | column-digit | `cCD` | column C holds digit D |
//! | box-digit | `bBD` | box B holds digit D |
//!
//! R, C and B count from 0 and D from 1, as in Knuth's sudoku generator, so
//! that for 9x9 each is one character (`p08 r31 c85 b49`); larger grids
//! continue with `A`-`Z`. Each option is a placement "digit D in row R,
//! column C", and covers its four items. A given is one option; an empty
//! cell has one option per digit its row, column and box do not already
//! hold: candidates that conflict with the givens are never built.
//!
//! [`ExactCover`] builds this problem with names, writes it in Knuth's format
//! ([`to_dlx`]) and decodes solutions. The solver behind
//! [`Engine::Dlx`](crate::Engine::Dlx) links the full mapping once per shape,
//! without names, and selects the givens' options before each search: what
//! it searches is this problem with the givens' items left out
//! (pre-covered), which has the same solutions and a smaller search.

use std::io::{self, Write};

use dancing::{ItemId, OptionId, Problem, ProblemBuilder};

use crate::grid::{Grid, Shape};
use crate::outcome::{SolveError, check_givens};

/// An item of the mapping: a condition every solution meets exactly once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Constraint {
    /// The cell at `row`, `col` holds a digit (`pRC`).
    Cell {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        col: usize,
    },
    /// Row `row` holds `digit` (`rRD`).
    RowDigit {
        /// 0-based row.
        row: usize,
        /// The digit, from 1.
        digit: u8,
    },
    /// Column `col` holds `digit` (`cCD`).
    ColumnDigit {
        /// 0-based column.
        col: usize,
        /// The digit, from 1.
        digit: u8,
    },
    /// Box `box_index` holds `digit` (`bBD`).
    BoxDigit {
        /// 0-based box, numbered left to right, top to bottom.
        box_index: usize,
        /// The digit, from 1.
        digit: u8,
    },
}

impl Constraint {
    /// The item's index: cells row by row, then row-digits, column-digits and
    /// box-digits, each by unit and then by digit.
    pub fn index(self, shape: Shape) -> usize {
        let n = shape.size();
        let (group, unit, offset) = match self {
            Constraint::Cell { row, col } => (0, row, col),
            Constraint::RowDigit { row, digit } => (1, row, digit as usize - 1),
            Constraint::ColumnDigit { col, digit } => (2, col, digit as usize - 1),
            Constraint::BoxDigit { box_index, digit } => (3, box_index, digit as usize - 1),
        };
        group * n * n + unit * n + offset
    }

    /// The item's name in Knuth's format: `p08`, `r31`, `c85`, `b49`.
    ///
    /// ```
    /// use dancing_sudoku::{exact_cover::Constraint, Shape};
    ///
    /// assert_eq!(Constraint::Cell { row: 0, col: 8 }.name(), "p08");
    /// assert_eq!(Constraint::BoxDigit { box_index: 4, digit: 9 }.name(), "b49");
    /// assert_eq!(Constraint::RowDigit { row: 3, digit: 1 }.index(Shape::CLASSIC), 81 + 27);
    /// ```
    pub fn name(self) -> String {
        let (kind, unit, value) = match self {
            Constraint::Cell { row, col } => ('p', row, col),
            Constraint::RowDigit { row, digit } => ('r', row, digit as usize),
            Constraint::ColumnDigit { col, digit } => ('c', col, digit as usize),
            Constraint::BoxDigit { box_index, digit } => ('b', box_index, digit as usize),
        };
        [kind, coordinate_char(unit), coordinate_char(value)]
            .iter()
            .collect()
    }
}

/// One character for 0..=35: `0`-`9`, then `A`-`Z`.
fn coordinate_char(value: usize) -> char {
    char::from_digit(value as u32, 36).map_or('?', |c| c.to_ascii_uppercase())
}

/// A placement: `digit` in the cell at `row`, `col`. Each option of the
/// problem is one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    /// 0-based row.
    pub row: usize,
    /// 0-based column.
    pub col: usize,
    /// The digit, from 1.
    pub digit: u8,
}

impl Placement {
    /// The four items the placement covers.
    pub fn constraints(self, shape: Shape) -> [Constraint; 4] {
        let Placement { row, col, digit } = self;
        [
            Constraint::Cell { row, col },
            Constraint::RowDigit { row, digit },
            Constraint::ColumnDigit { col, digit },
            Constraint::BoxDigit {
                box_index: shape.box_of(row, col),
                digit,
            },
        ]
    }
}

/// The exact-cover problem of one puzzle, with named items.
///
/// ```
/// use bumpalo::Bump;
/// use dancing::Solver;
/// use dancing_sudoku::{exact_cover::ExactCover, Grid};
///
/// let puzzle: Grid =
///     ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.".parse()?;
/// let cover = ExactCover::new(&puzzle)?;
/// assert_eq!(cover.problem().item_count(), 324);
///
/// let bump = Bump::new();
/// let options = Solver::new(cover.problem(), &bump).first().expect("a solution");
/// let solution = cover.decode(&options);
/// assert!(solution.solves(&puzzle));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct ExactCover {
    puzzle: Grid,
    problem: Problem,
    placements: Vec<Placement>,
}

impl ExactCover {
    /// The problem of `puzzle`: every item, a single option per given, and
    /// one option per candidate of each empty cell. Contradictory givens are
    /// an error, not a problem without solutions.
    pub fn new(puzzle: &Grid) -> Result<ExactCover, SolveError> {
        check_givens(puzzle)?;
        let shape = puzzle.shape();
        let n = shape.size();
        let mut builder = ProblemBuilder::new();
        let groups: [&dyn Fn(usize, usize) -> Constraint; 4] = [
            &|row, col| Constraint::Cell { row, col },
            &|row, d| Constraint::RowDigit {
                row,
                digit: d as u8 + 1,
            },
            &|col, d| Constraint::ColumnDigit {
                col,
                digit: d as u8 + 1,
            },
            &|box_index, d| Constraint::BoxDigit {
                box_index,
                digit: d as u8 + 1,
            },
        ];
        for constraint in groups {
            for unit in 0..n {
                for k in 0..n {
                    builder
                        .primary_item(&constraint(unit, k).name())
                        .expect("item names are distinct and valid");
                }
            }
        }

        // Digits used by the givens in each row, column and box.
        let mut used = vec![0u64; 3 * n];
        for row in 0..n {
            for col in 0..n {
                if let Some(digit) = puzzle.get(row, col) {
                    for unit in [row, n + col, 2 * n + shape.box_of(row, col)] {
                        used[unit] |= 1 << digit;
                    }
                }
            }
        }
        let mut placements = Vec::new();
        for row in 0..n {
            for col in 0..n {
                let blocked = used[row] | used[n + col] | used[2 * n + shape.box_of(row, col)];
                let digits: Vec<u8> = match puzzle.get(row, col) {
                    Some(given) => vec![given],
                    None => (1..=n as u8).filter(|&d| blocked & (1 << d) == 0).collect(),
                };
                for digit in digits {
                    let placement = Placement { row, col, digit };
                    let items = placement
                        .constraints(shape)
                        .map(|c| ItemId::new(c.index(shape)));
                    builder
                        .option(items)
                        .expect("a placement's four items are distinct and declared");
                    placements.push(placement);
                }
            }
        }
        let problem = builder.build().expect("the problem has primary items");
        Ok(ExactCover {
            puzzle: puzzle.clone(),
            problem,
            placements,
        })
    }

    /// The problem, ready for [`dancing::Solver`].
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The puzzle the problem was built from.
    pub fn puzzle(&self) -> &Grid {
        &self.puzzle
    }

    /// The placement of `option`.
    ///
    /// # Panics
    /// If `option` is not an option of the problem.
    pub fn placement(&self, option: OptionId) -> Placement {
        self.placements[option.index()]
    }

    /// The grid of a solution: the puzzle with the placements of `options`
    /// written in (the givens' own options change nothing).
    pub fn decode(&self, options: &[OptionId]) -> Grid {
        let mut grid = self.puzzle.clone();
        for &option in options {
            let Placement { row, col, digit } = self.placement(option);
            grid.set(row, col, Some(digit));
        }
        grid
    }

    /// Writes the problem in Knuth's DLX format, after a comment line that
    /// holds the puzzle.
    pub fn write_dlx<W: Write>(&self, mut out: W) -> io::Result<()> {
        writeln!(out, "| sudoku {}", self.puzzle)?;
        dancing::format::write(&self.problem, out)
    }
}

/// The exact-cover problem of `puzzle` in Knuth's DLX format: what
/// `dlx sudoku --to-dlx` prints, for `dlx solve` or Knuth's DLX1.
///
/// ```
/// let puzzle: dancing_sudoku::Grid =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// let text = dancing_sudoku::to_dlx(&puzzle)?;
/// let mut lines = text.lines();
/// assert_eq!(lines.next(), Some("| sudoku 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"));
/// assert!(lines.next().unwrap().starts_with("p00 p01 p02"));
/// assert_eq!(lines.next(), Some("p00 r04 c04 b04")); // the given 4 at r1c1
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_dlx(puzzle: &Grid) -> Result<String, SolveError> {
    let mut text = Vec::new();
    ExactCover::new(puzzle)?
        .write_dlx(&mut text)
        .expect("writing to memory does not fail");
    Ok(String::from_utf8(text).expect("item names are ASCII"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_cover_every_item_once() {
        for shape in [
            Shape::CLASSIC,
            Shape::new(2, 3).unwrap(),
            Shape::new(4, 4).unwrap(),
        ] {
            let n = shape.size();
            let mut seen = vec![false; 4 * n * n];
            let mut names = std::collections::HashSet::new();
            for row in 0..n {
                for col in 0..n {
                    for digit in 1..=n as u8 {
                        for constraint in (Placement { row, col, digit }).constraints(shape) {
                            seen[constraint.index(shape)] = true;
                            names.insert(constraint.name());
                        }
                    }
                }
            }
            assert!(seen.iter().all(|&s| s));
            assert_eq!(names.len(), 4 * n * n);
        }
    }

    #[test]
    fn names_follow_knuth() {
        let shape = Shape::CLASSIC;
        let names = Placement {
            row: 3,
            col: 8,
            digit: 1,
        }
        .constraints(shape)
        .map(Constraint::name);
        assert_eq!(names, ["p38", "r31", "c81", "b51"]);
        assert_eq!(Constraint::Cell { row: 15, col: 10 }.name(), "pFA");
    }

    #[test]
    fn givens_are_single_options_and_conflicting_candidates_are_pruned() {
        let mut puzzle = Grid::default();
        puzzle.set(0, 0, Some(5));
        let cover = ExactCover::new(&puzzle).unwrap();
        // 1 given + 80 cells; the 20 peers of r1c1 lose the 5.
        assert_eq!(cover.problem().option_count(), 1 + 80 * 9 - 20);
        assert_eq!(
            cover.placement(OptionId::new(0)),
            Placement {
                row: 0,
                col: 0,
                digit: 5
            }
        );
        puzzle.set(0, 8, Some(5));
        assert!(matches!(
            ExactCover::new(&puzzle),
            Err(SolveError::Contradiction(_))
        ));
    }
}
