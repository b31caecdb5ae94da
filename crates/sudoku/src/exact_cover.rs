//! Sudoku as exact cover: the mapping, with names, and Knuth's DLX text.
//!
//! A grid of size `n` (9 for the classic puzzle) under some [`Rules`] is an
//! exact-cover problem whose primary items are each covered exactly once:
//!
//! | item | name | meaning |
//! |---|---|---|
//! | cell | `pRC` | the cell in row R, column C holds a digit |
//! | row-digit | `rRD` | row R holds digit D |
//! | column-digit | `cCD` | column C holds digit D |
//! | box-digit | `bBD` | box B holds digit D (classic boxes) |
//! | region-digit | `jGD` | jigsaw region G holds digit D (instead of boxes) |
//! | diagonal-digit | `dKD` | diagonal K (0: main, 1: anti) holds digit D (X-Sudoku) |
//! | window-digit | `wKD` | hyper window K holds digit D |
//! | cage | `kK` | killer cage K is filled (K in decimal) |
//!
//! So classic 9x9 has `4 n²` = 324 items, in the order of the table: the
//! cells, then each kind of unit by unit and digit. The cells are not in
//! reading order but along the wrapped diagonals: item `k` is cell
//! `k (n + 1) mod n²` (`p00 p11 p22 ... p88 p10 p21 ...` on 9x9), a
//! permutation since `n + 1` and `n²` have no common factor. The order
//! matters because the engine branches on the item with the fewest options
//! and breaks ties by the leftmost: cells first lets a cell win a tie with
//! a unit, and the diagonal order spreads the tied cells it picks over the
//! grid instead of walking rows from the top. Measured on minimal puzzles
//! (a uniqueness search, up to 2 solutions): the reading order walks 2 to 3
//! times as many nodes on 16x16 (33.0 M against 12.8 M on 240 puzzles,
//! 13.3 M against 6.8 M on 120 others) and 16 to 37% more on 9x9 (four
//! public sets); other scattered orders (random ones, other steps) land
//! near the diagonal's, orders that keep neighbours together (by column,
//! by box) near the reading order's, and units before cells far above.
//!
//! R, C and the unit numbers count
//! from 0 and D from 1, as in Knuth's sudoku generator, so that for sizes up
//! to 35 each is one character (`p08 r31 c85 b49`, then `A`-`Z`); larger
//! grids write each as two decimal digits (`p0140 r0364`).
//!
//! Each option outside the cages is a placement "digit D in row R, column
//! C", covering the cell and the digit's item in each unit of the cell. A
//! killer cage has one option per *filling*: distinct digits for all its
//! cells that add up to its sum (each covers the cage's item and, for each
//! cell, what its placement would cover). Fillings are enumerated, so a cage
//! with more than [`MAX_CAGE_FILLINGS`] is refused.
//!
//! A given outside a cage is one option; an empty cell has one option per
//! digit its units do not already hold: candidates that conflict with the
//! givens are never built, and nor are fillings that do.
//!
//! [`Mapping`] numbers the items and options of some rules, once, for both
//! the named problem ([`SudokuCover`], [`to_dlx`]) and the solver behind
//! [`Engine::Dlx`](crate::Engine::Dlx), which links the full mapping once
//! per set of rules, without names, and selects the givens' options before
//! each search: what it searches is this problem with the givens' items
//! left out (pre-covered), which has the same solutions and a smaller
//! search.

use std::io::{self, Write};

use dancing::expert::ExactCover;
use dancing::{ItemId, OptionId, Problem, ProblemBuilder};

use crate::grid::{Grid, Shape};
use crate::outcome::{SolveError, check_givens};
use crate::rules::{Cage, Rules};
use crate::symbols::Symbols;
use crate::unit::{CageName, Unit};

/// The most fillings a killer cage may have (each is an option): every cage
/// of up to 8 cells on 9x9 fits.
pub const MAX_CAGE_FILLINGS: usize = 100_000;

/// A placement: `digit` in the cell at `row`, `col`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    /// 0-based row.
    pub row: usize,
    /// 0-based column.
    pub col: usize,
    /// The digit, from 1.
    pub digit: u8,
}

/// No cage: the cell's placements are options of their own.
const NO_CAGE: u32 = u32::MAX;

/// The items of some rules and the options over them, before any givens.
///
/// ```
/// use dancing_sudoku::{exact_cover::Mapping, Rules, Shape};
///
/// let classic = Mapping::new(&Rules::classic(Shape::CLASSIC));
/// assert_eq!(classic.item_count(), 324);
/// assert_eq!(classic.item_name(0), "p00");
/// assert_eq!(classic.item_name(81 + 27), "r31");
/// let x = Mapping::new(&Rules::classic(Shape::CLASSIC).with_diagonals());
/// assert_eq!(x.item_count(), 324 + 18);
/// assert_eq!(x.item_name(324), "d01");
/// ```
#[derive(Clone, Debug)]
pub struct Mapping {
    shape: Shape,
    /// The units that hold each digit once, in item order.
    units: Vec<Unit>,
    /// The units of each cell, by index into `units`, ascending.
    cell_units: Vec<Vec<u16>>,
    /// The cage of each cell, or [`NO_CAGE`].
    cage_of: Vec<u32>,
    cages: Vec<Cage>,
    /// How messages name each cage.
    cage_names: Vec<CageName>,
}

/// A problem built from a [`Mapping`], with what each option places.
#[derive(Clone, Debug)]
pub(crate) struct Built {
    pub(crate) problem: Problem,
    /// Option `k` places `placements[starts[k]..starts[k + 1]]`, as
    /// `(cell, digit)`.
    starts: Vec<u32>,
    placements: Vec<(u16, u8)>,
    /// Built with givens: the option of each given outside the cages, to be
    /// pre-covered.
    pub(crate) given_options: Vec<OptionId>,
    /// Built without givens: the first option of each cell outside the
    /// cages (digit `d` is `d - 1` further), [`NO_CAGE`] for caged cells.
    cell_options: Vec<u32>,
}

impl Built {
    /// What `option` places, as `(cell, digit)`.
    pub(crate) fn placements(&self, option: OptionId) -> &[(u16, u8)] {
        let k = option.index();
        &self.placements[self.starts[k] as usize..self.starts[k + 1] as usize]
    }

    /// Built without givens: the option that places `digit` in `cell`, if
    /// the cell is outside the cages.
    pub(crate) fn option_of(&self, cell: usize, digit: u8) -> Option<OptionId> {
        match self.cell_options[cell] {
            NO_CAGE => None,
            first => Some(OptionId::new(first as usize + digit as usize - 1)),
        }
    }
}

impl Mapping {
    /// The mapping of `rules`.
    pub fn new(rules: &Rules) -> Mapping {
        let shape = rules.shape();
        let n = shape.size();
        let mut units = Vec::new();
        let mut cell_units = vec![Vec::new(); n * n];
        for (index, (unit, cells)) in rules.units().into_iter().enumerate() {
            units.push(unit);
            for cell in cells {
                cell_units[cell].push(index as u16);
            }
        }
        let mut cage_of = vec![NO_CAGE; n * n];
        for (k, cage) in rules.cages().iter().enumerate() {
            for &cell in &cage.cells {
                cage_of[cell] = k as u32;
            }
        }
        Mapping {
            shape,
            units,
            cell_units,
            cage_of,
            cages: rules.cages().to_vec(),
            cage_names: (0..rules.cages().len())
                .map(|k| rules.cage_name(k))
                .collect(),
        }
    }

    /// The number of items.
    pub fn item_count(&self) -> usize {
        let n = self.shape.size();
        n * n + self.units.len() * n + self.cages.len()
    }

    /// The item of `cell`: the cells are numbered along the wrapped
    /// diagonals (see the module doc), so item `k` is cell `k (n + 1)`
    /// mod `n²` and cell `c` is item `c (n² - n + 1)` mod `n²`, since
    /// `(n + 1)(n² - n + 1) = n³ + 1`, which is 1 mod `n²`.
    fn cell_item(&self, cell: usize) -> usize {
        let n = self.shape.size();
        cell * (n * n - n + 1) % (n * n)
    }

    /// The cell of item `index`, a cell item: the inverse of
    /// [`cell_item`](Self::cell_item).
    fn item_cell(&self, index: usize) -> usize {
        let n = self.shape.size();
        index * (n + 1) % (n * n)
    }

    fn unit_item(&self, unit: usize, digit: u8) -> usize {
        let n = self.shape.size();
        n * n + unit * n + digit as usize - 1
    }

    fn cage_item(&self, cage: usize) -> usize {
        let n = self.shape.size();
        n * n + self.units.len() * n + cage
    }

    /// The name of item `index` in Knuth's format (see the module's table).
    ///
    /// # Panics
    /// If there is no such item.
    pub fn item_name(&self, index: usize) -> String {
        let n = self.shape.size();
        let code = |value: usize| coordinate(n, value);
        if index < n * n {
            let cell = self.item_cell(index);
            return format!("p{}{}", code(cell / n), code(cell % n));
        }
        let rest = index - n * n;
        if rest < self.units.len() * n {
            let (unit, digit) = (self.units[rest / n], rest % n + 1);
            let (kind, k) = match unit {
                Unit::Row(k) => ('r', k),
                Unit::Column(k) => ('c', k),
                Unit::Box(k) => ('b', k),
                Unit::Region(k) => ('j', k),
                Unit::Diagonal(k) => ('d', k),
                Unit::Window(k) => ('w', k),
                Unit::Cage(cage) => ('k', cage.index),
            };
            return format!("{kind}{}{}", code(k), code(digit));
        }
        let cage = rest - self.units.len() * n;
        assert!(cage < self.cages.len(), "no item {index}");
        format!("k{cage}")
    }

    /// The items of placing `digit` in `cell`, pushed onto `items`.
    fn push_placement(&self, cell: usize, digit: u8, items: &mut Vec<ItemId>) {
        items.push(ItemId::new(self.cell_item(cell)));
        for &unit in &self.cell_units[cell] {
            items.push(ItemId::new(self.unit_item(unit as usize, digit)));
        }
    }

    /// The problem: every item (named if `names`), and every option that the
    /// givens of `puzzle` allow (all options when `puzzle` is `None`).
    pub(crate) fn build(&self, puzzle: Option<&Grid>, names: bool) -> Result<Built, SolveError> {
        let n = self.shape.size();
        let mut builder = ProblemBuilder::new();
        if names {
            for index in 0..self.item_count() {
                builder
                    .primary_item(&self.item_name(index))
                    .expect("item names are distinct and valid");
            }
        } else {
            builder
                .primary_items(self.item_count())
                .expect("at most 64² cells");
        }
        // The digits each unit's givens hold (bit `d - 1` for digit `d`).
        let mut used = vec![0u64; self.units.len()];
        let givens = puzzle.map_or(&[][..], Grid::cells);
        for (cell, &digit) in givens.iter().enumerate() {
            if digit != 0 {
                for &unit in &self.cell_units[cell] {
                    used[unit as usize] |= 1 << (digit - 1);
                }
            }
        }
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        // The digits a cell may take: its given, or what its units allow.
        let allowed = |cell: usize| match givens.get(cell) {
            Some(&digit) if digit != 0 => 1u64 << (digit - 1),
            _ => {
                all & !self.cell_units[cell]
                    .iter()
                    .fold(0, |blocked, &unit| blocked | used[unit as usize])
            }
        };

        let mut built = Built {
            problem: Problem::default(),
            starts: vec![0],
            placements: Vec::new(),
            given_options: Vec::new(),
            cell_options: vec![NO_CAGE; n * n],
        };
        let mut items = Vec::new();
        for cell in 0..n * n {
            if self.cage_of[cell] != NO_CAGE {
                continue;
            }
            let mut candidates = allowed(cell);
            let first = built.starts.len() - 1;
            if puzzle.is_none() {
                built.cell_options[cell] = first as u32;
            }
            while candidates != 0 {
                let digit = candidates.trailing_zeros() as u8 + 1;
                candidates &= candidates - 1;
                items.clear();
                self.push_placement(cell, digit, &mut items);
                let option = builder
                    .option(items.iter().copied())
                    .expect("a placement's items are distinct and declared");
                if givens.get(cell).is_some_and(|&given| given != 0) {
                    built.given_options.push(option);
                }
                built.placements.push((cell as u16, digit));
                built.starts.push(built.placements.len() as u32);
            }
        }
        for (k, cage) in self.cages.iter().enumerate() {
            let choices: Vec<u64> = cage.cells.iter().map(|&cell| allowed(cell)).collect();
            let mut fillings = 0;
            let mut digits = vec![0u8; cage.cells.len()];
            let mut add = |digits: &[u8]| -> Result<(), ()> {
                fillings += 1;
                if fillings > MAX_CAGE_FILLINGS {
                    return Err(());
                }
                items.clear();
                items.push(ItemId::new(self.cage_item(k)));
                for (&cell, &digit) in cage.cells.iter().zip(digits) {
                    self.push_placement(cell, digit, &mut items);
                    built.placements.push((cell as u16, digit));
                }
                builder
                    .option(items.iter().copied())
                    .expect("a filling's items are distinct and declared");
                built.starts.push(built.placements.len() as u32);
                Ok(())
            };
            if fill(&choices, cage.sum, 0, 0, &mut digits, &mut add).is_err() {
                return Err(SolveError::CageTooLarge {
                    cage: self.cage_names[k],
                    cells: cage.cells.len(),
                    sum: cage.sum,
                    limit: MAX_CAGE_FILLINGS,
                });
            }
        }
        built.problem = builder.build().expect("the problem has primary items");
        Ok(built)
    }
}

/// Enumerates the fillings of a cage: for each cell `at..` a digit among its
/// `choices`, none used twice (`taken`), adding up to `sum`; calls `add`
/// with each, in lexicographic order.
fn fill(
    choices: &[u64],
    sum: u32,
    at: usize,
    taken: u64,
    digits: &mut [u8],
    add: &mut impl FnMut(&[u8]) -> Result<(), ()>,
) -> Result<(), ()> {
    if at == choices.len() {
        return if sum == 0 { add(digits) } else { Ok(()) };
    }
    let left = (choices.len() - at - 1) as u32;
    let mut candidates = choices[at] & !taken;
    while candidates != 0 {
        let digit = candidates.trailing_zeros() + 1;
        candidates &= candidates - 1;
        // The other cells need at least 1 + 2 + ... + left.
        if digit + left * (left + 1) / 2 > sum {
            break;
        }
        digits[at] = digit as u8;
        fill(
            choices,
            sum - digit,
            at + 1,
            taken | 1 << (digit - 1),
            digits,
            add,
        )?;
    }
    Ok(())
}

/// A coordinate or digit in an item name: one character (`0`-`9`, `A`-`Z`)
/// for sizes up to 35, two decimal digits above.
fn coordinate(size: usize, value: usize) -> String {
    if size <= 35 {
        char::from_digit(value as u32, 36)
            .map_or('?', |c| c.to_ascii_uppercase())
            .to_string()
    } else {
        format!("{value:02}")
    }
}

/// The exact-cover problem of one puzzle, with named items.
///
/// ```
/// use bumpalo::Bump;
/// use dancing::expert::{ExactCover, Search, Solver};
/// use dancing_sudoku::{exact_cover::SudokuCover, Grid};
///
/// let puzzle: Grid =
///     ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.".parse()?;
/// let cover = SudokuCover::new(&puzzle)?;
/// assert_eq!(cover.problem().item_count(), 324);
///
/// let bump = Bump::new();
/// let options = Solver::new(cover.problem(), &bump).first().expect("a solution");
/// let solution = cover.decode(&options);
/// assert!(solution.solves(&puzzle));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct SudokuCover {
    puzzle: Grid,
    rules: Rules,
    built: Built,
}

impl SudokuCover {
    /// The problem of a classic `puzzle`: every item, a single option per
    /// given, and one option per candidate of each empty cell.
    /// Contradictory givens are an error, not a problem without solutions.
    pub fn new(puzzle: &Grid) -> Result<SudokuCover, SolveError> {
        SudokuCover::with_rules(puzzle, &Rules::classic(puzzle.shape()))
    }

    /// The problem of `puzzle` under `rules`.
    pub fn with_rules(puzzle: &Grid, rules: &Rules) -> Result<SudokuCover, SolveError> {
        if rules.shape() != puzzle.shape() {
            return Err(SolveError::RulesShape {
                rules: rules.shape(),
                puzzle: puzzle.shape(),
            });
        }
        check_givens(puzzle, rules)?;
        let built = Mapping::new(rules).build(Some(puzzle), true)?;
        Ok(SudokuCover {
            puzzle: puzzle.clone(),
            rules: rules.clone(),
            built,
        })
    }

    /// The puzzle the problem was built from.
    pub fn puzzle(&self) -> &Grid {
        &self.puzzle
    }

    /// The placements of `option`: one, or a cage's filling.
    ///
    /// # Panics
    /// If `option` is not an option of the problem.
    pub fn placements(&self, option: OptionId) -> Vec<Placement> {
        let n = self.puzzle.size();
        self.built
            .placements(option)
            .iter()
            .map(|&(cell, digit)| Placement {
                row: cell as usize / n,
                col: cell as usize % n,
                digit,
            })
            .collect()
    }

    /// [`write_dlx`](ExactCover::write_dlx), the puzzle's comment line written in
    /// `symbols` (the alphabet it was read in). Where the alphabet is too
    /// short for the grid (the default one has 61 symbols), the comment
    /// holds the cells as decimal numbers, `.` for a blank.
    ///
    /// ```
    /// use dancing_sudoku::{exact_cover::SudokuCover, Grid, Symbols};
    ///
    /// let mut puzzle = Grid::new(dancing_sudoku::Shape::new(2, 2)?);
    /// puzzle.set(0, 0, Some(1));
    /// let mut text = Vec::new();
    /// SudokuCover::new(&puzzle)?.write_dlx_in(&mut text, &Symbols::new("ABCD")?)?;
    /// assert!(String::from_utf8(text)?.starts_with("| sudoku A...............\n"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_dlx_in<W: Write>(&self, out: W, symbols: &Symbols) -> io::Result<()> {
        dancing::format::write_described(&self.built.problem, &self.describe_in(symbols), out)
    }

    /// What [`describe`](ExactCover::describe) says, the puzzle written in
    /// `symbols`: its cells on a `sudoku` line, and a `variant` line unless
    /// the rules are the classic ones.
    fn describe_in(&self, symbols: &Symbols) -> String {
        let cells = self.puzzle.cells();
        let line: String = if symbols.supports(self.puzzle.size()) {
            cells.iter().map(|&digit| symbols.symbol(digit)).collect()
        } else {
            let numbers: Vec<String> = cells
                .iter()
                .map(|&digit| match digit {
                    0 => ".".to_owned(),
                    d => d.to_string(),
                })
                .collect();
            numbers.join(" ")
        };
        let mut text = format!("sudoku {line}");
        if !self.rules.is_classic() {
            text.push_str(&format!("\nvariant {}", self.rules.variant()));
        }
        text
    }
}

/// The exact cover of a puzzle: its problem, its solutions decoded into
/// grids, its DLX text led by the puzzle (in the default alphabet).
impl ExactCover for SudokuCover {
    type Solution = Grid;

    fn problem(&self) -> &Problem {
        &self.built.problem
    }

    /// The grid of a solution: the puzzle with the placements of `options`
    /// written in (the givens' own options change nothing).
    fn decode(&self, options: &[OptionId]) -> Grid {
        let mut grid = self.puzzle.clone();
        for &option in options {
            for &(cell, digit) in self.built.placements(option) {
                grid.cells_mut()[cell as usize] = digit;
            }
        }
        grid
    }

    fn describe(&self) -> String {
        self.describe_in(&Symbols::default())
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
/// assert!(lines.next().unwrap().starts_with("p00 p11 p22")); // cells along the diagonals
/// assert_eq!(lines.next(), Some("p00 r04 c04 b04")); // the given 4 at r1c1
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_dlx(puzzle: &Grid) -> Result<String, SolveError> {
    let mut text = Vec::new();
    SudokuCover::new(puzzle)?
        .write_dlx(&mut text)
        .expect("writing to memory does not fail");
    Ok(String::from_utf8(text).expect("item names are ASCII"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn item_names_are_distinct_at_every_size_and_follow_knuth() {
        for shape in [
            Shape::CLASSIC,
            Shape::new(2, 3).unwrap(),
            Shape::new(5, 7).unwrap(),
            Shape::new(6, 6).unwrap(),
            Shape::new(8, 8).unwrap(),
        ] {
            let rules = Rules::classic(shape).with_diagonals().with_windows();
            let mapping = Mapping::new(&rules);
            let names: std::collections::HashSet<String> = (0..mapping.item_count())
                .map(|k| mapping.item_name(k))
                .collect();
            assert_eq!(names.len(), mapping.item_count(), "{shape}");
            assert!(
                names
                    .iter()
                    .all(|name| dancing::expert::is_valid_name(name))
            );
        }
        let mapping = Mapping::new(&Rules::classic(Shape::CLASSIC));
        let built = mapping.build(None, false).unwrap();
        let option = built.option_of(3 * 9 + 8, 1).unwrap();
        let names: Vec<String> = built
            .problem
            .option(option)
            .iter()
            .map(|item| mapping.item_name(item.index()))
            .collect();
        assert_eq!(names, ["p38", "r31", "c81", "b51"]);
        // The cells along the wrapped diagonals.
        let first: Vec<String> = [0, 1, 8, 9, 10, 80].map(|k| mapping.item_name(k)).into();
        assert_eq!(first, ["p00", "p11", "p88", "p10", "p21", "p78"]);
        let big = Mapping::new(&Rules::classic(Shape::new(6, 6).unwrap()));
        let cell = 36 * 14 + 35;
        assert_eq!(big.item_name(big.cell_item(cell)), "p1435");
        assert_eq!(big.item_name(36), "p0100");
    }

    #[test]
    fn givens_are_single_options_and_conflicting_candidates_are_pruned() {
        let mut puzzle = Grid::default();
        puzzle.set(0, 0, Some(5));
        let cover = SudokuCover::new(&puzzle).unwrap();
        // 1 given + 80 cells; the 20 peers of r1c1 lose the 5.
        assert_eq!(cover.problem().option_count(), 1 + 80 * 9 - 20);
        assert_eq!(
            cover.placements(OptionId::new(0)),
            [Placement {
                row: 0,
                col: 0,
                digit: 5
            }]
        );
        puzzle.set(0, 8, Some(5));
        assert!(matches!(
            SudokuCover::new(&puzzle),
            Err(SolveError::Contradiction(_))
        ));
    }

    #[test]
    fn cage_fillings_are_the_distinct_digits_with_the_sum() {
        let shape = Shape::CLASSIC;
        let cage = |cells: Vec<usize>, sum| Cage { cells, sum };
        let rules = Rules::classic(shape)
            .with_cages(vec![cage(vec![0, 1], 3), cage(vec![2, 3, 4], 24)])
            .unwrap();
        let cover = SudokuCover::with_rules(&Grid::new(shape), &rules).unwrap();
        let options = cover.problem().option_count();
        // 1+2 two ways; 7+8+9 in 3! orders; 76 cells of 9 candidates.
        assert_eq!(options, 76 * 9 + 2 + 6);
        let huge = Rules::classic(shape)
            .with_cages(vec![cage((0..9).collect(), 45)])
            .unwrap();
        assert!(matches!(
            SudokuCover::with_rules(&Grid::new(shape), &huge),
            Err(SolveError::CageTooLarge { cells: 9, .. })
        ));
    }
}
