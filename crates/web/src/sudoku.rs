//! The page's Sudoku view: a puzzle in any format `dlx sudoku` reads, of
//! any size and variant, solved (with a uniqueness check), counted, or
//! generated, as `dlx sudoku` and `dlx sudoku --generate` do.

use std::ops::ControlFlow;

use dancing::expert::ExactCover;
use dancing_sudoku::exact_cover::SudokuCover;
use dancing_sudoku::format::{PuzzleReader, ReadOptions, puzzle_line};
use dancing_sudoku::generate::{Recipe, Series};
use dancing_sudoku::{Engine, Grid, ParseShapeError, Rules, Shape, Solver, Symbols, Variant};
use serde::Serialize;

use crate::Located;
use crate::search::{self, Progress, Report, Request};

/// Puzzles per block of a generator series, as `dlx sudoku --generate`
/// makes them: the same seed gives the command's first puzzle.
const BLOCK: u64 = 16;

/// What the page asks of a puzzle's text: how to read it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reading {
    /// The name errors are located in (`puzzle`, or a file's name).
    pub name: String,
    /// The box shape, `RxC`; empty: from the puzzle's size.
    pub box_shape: String,
    /// The variant (`x`, `hyper`, `jigsaw`, `killer`, joined by `+`);
    /// empty: classic, or what a `variant` line in the text says.
    pub variant: String,
}

impl Reading {
    /// Puzzles named `name`, shape and variant as the text says.
    pub fn named(name: &str) -> Reading {
        Reading {
            name: name.to_owned(),
            ..Reading::default()
        }
    }
}

/// A puzzle as the page draws it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    /// Rows (and columns, and digits).
    pub size: usize,
    /// Rows of a box.
    pub box_rows: usize,
    /// Columns of a box.
    pub box_cols: usize,
    /// The variant, `classic` or the rules joined by `+`.
    pub variant: String,
    /// The givens, row by row, 0 for a blank.
    pub givens: Vec<u8>,
    /// A jigsaw's region of each cell, row by row.
    pub regions: Option<Vec<u8>>,
    /// A killer's cages.
    pub cages: Vec<CageView>,
    /// The symbol of each digit: `symbols[d - 1]` (the CLI's default
    /// alphabet); empty for a grid larger than it, drawn in numbers.
    pub symbols: String,
    /// The line of the text the puzzle starts on.
    pub line: usize,
}

/// A killer cage.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CageView {
    /// Its cells, row by row.
    pub cells: Vec<usize>,
    /// The sum of its digits.
    pub sum: u32,
}

/// A puzzle read: its givens, rules and line.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// The givens.
    pub grid: Grid,
    /// The rules.
    pub rules: Rules,
    /// Its first line in the text.
    pub line: usize,
}

impl Puzzle {
    /// The puzzle as the page draws it.
    pub fn view(&self) -> View {
        let shape = self.grid.shape();
        let symbols = Symbols::default();
        View {
            size: shape.size(),
            box_rows: shape.box_rows(),
            box_cols: shape.box_cols(),
            variant: self.rules.variant().to_string(),
            givens: self.grid.cells().to_vec(),
            regions: self.rules.regions().map(<[u8]>::to_vec),
            cages: self
                .rules
                .cages()
                .iter()
                .map(|cage| CageView {
                    cells: cage.cells.clone(),
                    sum: cage.sum,
                })
                .collect(),
            symbols: if symbols.supports(shape.size()) {
                (1..=shape.size())
                    .map(|digit| symbols.symbol(digit as u8))
                    .collect()
            } else {
                String::new()
            },
            line: self.line,
        }
    }
}

/// The box shape `given` (`RxC`), read as `dlx sudoku --box` reads it,
/// with the page's messages: `box "GIVEN": ...`.
fn parse_box_shape(given: &str) -> Result<Shape, Located> {
    given.parse().map_err(|error| match error {
        ParseShapeError::Unsupported(error) => format!("box {given:?}: {error}"),
        _ => format!("box {given:?}: expected ROWSxCOLUMNS, like 2x3"),
    })
}

/// The one puzzle of `text`, read as `dlx sudoku` reads it. Errors are
/// located as the CLI locates them: `NAME:LINE: message`.
pub fn read(text: &str, reading: &Reading) -> Result<Puzzle, Located> {
    let name = &reading.name;
    let shape = match reading.box_shape.trim() {
        "" => None,
        given => Some(parse_box_shape(given)?),
    };
    let variant = match reading.variant.trim() {
        "" => Variant::CLASSIC,
        given => given
            .parse()
            .map_err(|error| format!("variant {given:?}: {error}"))?,
    };
    let options = ReadOptions {
        shape,
        variant,
        ..ReadOptions::default()
    };
    let mut reader = PuzzleReader::with_options(text.as_bytes(), None, options);
    let puzzle = match reader.next() {
        Some(Ok(puzzle)) => puzzle,
        Some(Err(error)) => return Err(format!("{name}:{error}")),
        None => return Err(format!("{name}: no puzzle in the input")),
    };
    let rules = reader.rules().clone();
    match reader.next() {
        None => Ok(Puzzle {
            grid: puzzle.grid,
            rules,
            line: puzzle.line,
        }),
        Some(Err(error)) => Err(format!("{name}:{error}")),
        Some(Ok(second)) => Err(format!(
            "{name}:{}: a second puzzle: the page takes one at a time",
            second.line
        )),
    }
}

/// A puzzle solved: its first solution, and whether it is unique.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Solved {
    /// The puzzle.
    pub puzzle: View,
    /// Solutions found, up to the limit asked for (2 tells uniqueness).
    pub solutions: u64,
    /// The first solution, row by row, checked against every rule.
    pub solution: Option<Vec<u8>>,
    /// It as `dlx sudoku` prints a line.
    pub solution_line: Option<String>,
    /// Search-tree nodes.
    pub nodes: u64,
}

/// Solves the puzzle of `text` as `dlx sudoku` does (Dancing Links),
/// looking for up to `limit` solutions (2: is it unique?). The solution is
/// checked against every rule of its variant before it is returned.
///
/// ```
/// use dancing_web::sudoku::{solve, Reading};
///
/// let solved = solve(".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.", &Reading::named("puzzle"), 2)?;
/// assert_eq!(solved.solutions, 1);
/// assert_eq!(solved.solution_line.as_deref(), Some("527389416819426735436751829375692184194538267268174593643217958951843672782965341"));
/// # Ok::<(), String>(())
/// ```
pub fn solve(text: &str, reading: &Reading, limit: u64) -> Result<Solved, Located> {
    let puzzle = read(text, reading)?;
    let mut solution = Grid::new(puzzle.grid.shape());
    let outcome = Solver::new(Engine::Dlx)
        .search_with(&puzzle.rules, &puzzle.grid, limit.max(1), &mut solution)
        .map_err(|error| {
            format!(
                "{}:{}: {}",
                reading.name,
                puzzle.line,
                error.message_in(&Symbols::default())
            )
        })?;
    let found = outcome.solutions > 0;
    if found {
        puzzle
            .rules
            .check(&solution, &puzzle.grid)
            .map_err(|violation| {
                format!(
                    "{}:{}: internal error: the solution breaks a rule: {violation:?}",
                    reading.name, puzzle.line
                )
            })?;
    }
    let symbols = Symbols::default();
    Ok(Solved {
        puzzle: puzzle.view(),
        solutions: outcome.solutions,
        solution: found.then(|| solution.cells().to_vec()),
        solution_line: found
            .then(|| puzzle_line(&solution, &Rules::classic(solution.shape()), &symbols))
            .flatten(),
        nodes: outcome.nodes,
    })
}

/// A puzzle counted.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Counted {
    /// The puzzle.
    pub puzzle: View,
    /// The search of its exact-cover problem.
    #[serde(flatten)]
    pub search: Report,
    /// The solutions listed, as grids row by row.
    pub grids: Vec<Vec<u8>>,
}

/// Counts (or lists) the solutions of the puzzle of `text`, as
/// `dlx sudoku --to-dlx | dlx solve --count` would: the puzzle's
/// exact-cover problem searched as [`search::run`] searches.
pub fn count(
    text: &str,
    reading: &Reading,
    request: &Request,
    progress: &mut dyn FnMut(&Progress) -> ControlFlow<()>,
) -> Result<Counted, Located> {
    let puzzle = read(text, reading)?;
    let cover = SudokuCover::with_rules(&puzzle.grid, &puzzle.rules).map_err(|error| {
        format!(
            "{}:{}: {}",
            reading.name,
            puzzle.line,
            error.message_in(&Symbols::default())
        )
    })?;
    let report = search::run(cover.problem(), request, progress);
    let grids = report
        .listed
        .iter()
        .map(|listed| cover.decode(&search::option_ids(listed)).cells().to_vec())
        .collect();
    Ok(Counted {
        puzzle: puzzle.view(),
        search: report,
        grids,
    })
}

/// A puzzle with exactly one solution, minimal (no clue can be taken
/// away), as `dlx sudoku --generate 1 --seed SEED --box BOX --variant
/// VARIANT` writes it: a line (with the region map and cages of jigsaw
/// and killer), led by a `variant` line for any variant but classic.
pub fn generate(box_shape: &str, variant: &str, seed: u64) -> Result<String, Located> {
    let reading = Reading {
        name: "generate".to_owned(),
        box_shape: if box_shape.trim().is_empty() {
            "3x3".to_owned()
        } else {
            box_shape.to_owned()
        },
        variant: variant.to_owned(),
    };
    // The shape and variant as the reader checks them: a blank puzzle of
    // the shape, read back.
    let shape = parse_box_shape(&reading.box_shape)?;
    let variant: Variant = match variant.trim() {
        "" => Variant::CLASSIC,
        given => given
            .parse()
            .map_err(|error| format!("variant {given:?}: {error}"))?,
    };
    let recipe = Recipe::Minimal {
        shape,
        variant,
        symmetric: false,
    };
    let series = Series::new(seed, BLOCK, recipe);
    let symbols = Symbols::default();
    let block = series
        .blocks(1)
        .next()
        .ok_or_else(|| "generate: no puzzle".to_owned())?;
    let (_, made) = series
        .puzzles(block)
        .next()
        .ok_or_else(|| "generate: no puzzle".to_owned())?;
    let made = made.map_err(|error| format!("generate: {error}"))?;
    let line = puzzle_line(&made.puzzle, &made.rules, &symbols)
        .ok_or_else(|| "generate: the puzzle cannot be written as a line".to_owned())?;
    Ok(if made.rules.is_classic() {
        line
    } else {
        format!("variant {}\n{line}", made.rules.variant())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    /// Every row, column and box of a solved classic grid holds each digit
    /// once, and the givens are kept.
    fn assert_solves(solution: &[u8], givens: &[u8], box_rows: usize, box_cols: usize) {
        let n = box_rows * box_cols;
        assert_eq!(solution.len(), n * n);
        for (s, g) in solution.iter().zip(givens) {
            assert!(*g == 0 || s == g);
        }
        let mut units: Vec<Vec<usize>> = Vec::new();
        for k in 0..n {
            units.push((0..n).map(|c| k * n + c).collect());
            units.push((0..n).map(|r| r * n + k).collect());
            let (br, bc) = (k / box_rows * box_rows, k % box_rows * box_cols);
            units.push(
                (0..n)
                    .map(|i| (br + i / box_cols) * n + bc + i % box_cols)
                    .collect(),
            );
        }
        for unit in units {
            let mut digits: Vec<u8> = unit.iter().map(|&cell| solution[cell]).collect();
            digits.sort_unstable();
            assert_eq!(digits, (1..=n as u8).collect::<Vec<_>>());
        }
    }

    #[test]
    fn solves_a_hard_9x9_uniquely_and_counts_it_alike() {
        let solved = solve(PUZZLE, &Reading::named("puzzle"), 2).unwrap();
        assert_eq!(solved.solutions, 1);
        let solution = solved.solution.unwrap();
        assert_solves(&solution, &solved.puzzle.givens, 3, 3);
        let counted = count(
            PUZZLE,
            &Reading::named("puzzle"),
            &Request::first(2),
            &mut |_| ControlFlow::Continue(()),
        )
        .unwrap();
        assert_eq!(
            (counted.search.solutions, counted.search.complete),
            (1, true)
        );
        assert_eq!(counted.grids, [solution]);
    }

    #[test]
    fn a_puzzle_with_many_solutions_counts_as_brute_force() {
        // A 4x4 grid with its first row given: 4! * ... solutions; brute
        // force over every filling of the blanks checks the count.
        let text = "1234............";
        let counted = count(text, &Reading::named("p"), &Request::count(), &mut |_| {
            ControlFlow::Continue(())
        })
        .unwrap();
        let mut brute = 0;
        let mut grid: Vec<u8> = text
            .bytes()
            .map(|b| if b == b'.' { 0 } else { b - b'0' })
            .collect();
        fn fill(grid: &mut Vec<u8>, at: usize, count: &mut u64) {
            if at == 16 {
                *count += 1;
                return;
            }
            if grid[at] != 0 {
                return fill(grid, at + 1, count);
            }
            for d in 1..=4 {
                let (r, c) = (at / 4, at % 4);
                let clash = (0..4).any(|k| {
                    grid[r * 4 + k] == d
                        || grid[k * 4 + c] == d
                        || grid[(r / 2 * 2 + k / 2) * 4 + c / 2 * 2 + k % 2] == d
                });
                if !clash {
                    grid[at] = d;
                    fill(grid, at + 1, count);
                    grid[at] = 0;
                }
            }
        }
        fill(&mut grid, 0, &mut brute);
        assert_eq!(counted.search.solutions, brute);
        assert!(brute > 1);
    }

    #[test]
    fn reads_16x16_and_jigsaw_and_killer() {
        let generated = generate("4x4", "", 3).unwrap();
        let solved = solve(&generated, &Reading::named("p"), 2).unwrap();
        assert_eq!((solved.puzzle.size, solved.solutions), (16, 1));
        assert_solves(
            solved.solution.as_ref().unwrap(),
            &solved.puzzle.givens,
            4,
            4,
        );

        let jigsaw = generate("3x3", "jigsaw", 1).unwrap();
        let solved = solve(&jigsaw, &Reading::named("p"), 2).unwrap();
        assert_eq!(solved.puzzle.variant, "jigsaw");
        let regions = solved.puzzle.regions.clone().unwrap();
        let solution = solved.solution.unwrap();
        for region in 0..9u8 {
            let mut digits: Vec<u8> = (0..81)
                .filter(|&c| regions[c] == region)
                .map(|c| solution[c])
                .collect();
            digits.sort_unstable();
            assert_eq!(digits, (1..=9).collect::<Vec<_>>(), "region {region}");
        }

        let killer = generate("3x3", "killer", 1).unwrap();
        let solved = solve(&killer, &Reading::named("p"), 2).unwrap();
        assert!(!solved.puzzle.cages.is_empty());
        let solution = solved.solution.unwrap();
        for cage in &solved.puzzle.cages {
            let sum: u32 = cage.cells.iter().map(|&c| u32::from(solution[c])).sum();
            assert_eq!(sum, cage.sum);
        }
    }

    #[test]
    fn bad_puzzles_give_the_located_messages_of_dlx_sudoku() {
        let error = solve("12345678x", &Reading::named("<stdin>"), 1).unwrap_err();
        assert_eq!(
            error,
            "<stdin>:1:9: bad character 'x' (expected 1-9, '.', '_' or '0')"
        );
        // Two 5s in the first row: contradictory givens, at the line.
        let error = solve(
            &format!("\n55{}", ".".repeat(79)),
            &Reading::named("p.txt"),
            1,
        )
        .unwrap_err();
        assert!(error.starts_with("p.txt:2: "), "{error}");
        assert!(solve("", &Reading::named("p"), 1).is_err());
        assert!(generate("3x", "", 1).is_err());
        assert!(generate("3x3", "nonsense", 1).is_err());
    }

    #[test]
    fn bad_box_shapes_are_named_in_the_page_s_words() {
        let reading = |box_shape: &str| Reading {
            box_shape: box_shape.to_owned(),
            ..Reading::named("p")
        };
        for given in ["3", "3x", "x3", "a x b", "3x3x3", "2x-3"] {
            let not_a_shape = format!("box {given:?}: expected ROWSxCOLUMNS, like 2x3");
            assert_eq!(
                read(PUZZLE, &reading(given)).err(),
                Some(not_a_shape.clone())
            );
            assert_eq!(generate(given, "", 1).err(), Some(not_a_shape));
            // Blanks around the whole are trimmed by the reader, quoted by
            // the generator.
            let padded = format!(" {given} ");
            let error = read(PUZZLE, &reading(&padded)).unwrap_err();
            assert_eq!(
                error,
                format!("box {given:?}: expected ROWSxCOLUMNS, like 2x3")
            );
            let error = generate(&padded, "", 1).unwrap_err();
            assert_eq!(
                error,
                format!("box {padded:?}: expected ROWSxCOLUMNS, like 2x3")
            );
        }
        for (rows, cols) in [(0, 3), (3, 0), (9, 9), (1, 65)] {
            let given = format!("{rows}x{cols}");
            let unsupported = Shape::new(rows, cols).unwrap_err();
            let expected = format!("box {given:?}: {unsupported}");
            assert_eq!(read(PUZZLE, &reading(&given)).err(), Some(expected.clone()));
            assert_eq!(generate(&given, "", 1).err(), Some(expected));
        }
        // Numbers with blanks around them, and `X`, are shapes.
        assert!(read(PUZZLE, &reading(" 3 X 3 ")).is_ok());
        assert!(generate("2 x 2", "", 1).is_ok());
    }
}
