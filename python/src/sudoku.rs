//! `dancing.sudoku`: solve, count, rate and generate Sudoku puzzles of any
//! size and variant through `dancing_sudoku`, reading every format `dlx
//! sudoku` reads.

use dancing::expert::Budget;
use dancing_sudoku::format::{Naming, PuzzleReader, ReadError, ReadOptions, puzzle_line};
use dancing_sudoku::generate::{Generator, RATING_RELABELINGS, RateError, Recipe, Series};
use dancing_sudoku::{Engine, Grid, Rules, Shape, SolveError, Solver, Symbols, Variant};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyModule;

use crate::args;
use crate::errors::{Location, SudokuError, located};
use crate::rating::Rating;
use crate::stop::Stopper;

/// Puzzles per generator, as `dlx sudoku --generate` makes them: the same
/// seed gives the same puzzles as the command.
const BLOCK: u64 = 16;

/// The most puzzles one `generate` call makes (each takes milliseconds to
/// seconds; more is a mistake).
const MAX_GENERATE: u64 = 10_000_000;

/// A box shape as given: `(rows, columns)` or `"RxC"`.
fn shape_of(value: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Shape>> {
    let Some(value) = value else {
        return Ok(None);
    };
    if let Ok(text) = value.extract::<String>() {
        // The one reading of RxC, the command's and the page's.
        return text
            .parse::<Shape>()
            .map(Some)
            .map_err(|error| PyValueError::new_err(format!("box: {error}")));
    }
    let (rows, columns): (Bound<'_, PyAny>, Bound<'_, PyAny>) = value.extract()?;
    let rows = args::size("box rows", &rows)?;
    let columns = args::size("box columns", &columns)?;
    Shape::new(rows, columns)
        .map(Some)
        .map_err(|error| PyValueError::new_err(format!("box: {error}")))
}

/// A variant as given: `"x"`, `"hyper"`, `"jigsaw"`, `"killer"`, joined
/// by `+`; None for classic.
fn variant_of(value: Option<&str>) -> PyResult<Variant> {
    match value {
        None => Ok(Variant::CLASSIC),
        Some(text) => text.parse().map_err(PyValueError::new_err),
    }
}

fn read_error(py: Python<'_>, error: &ReadError) -> PyErr {
    let column = error.kind.column();
    let place = match column {
        Some(column) => format!("line {}, column {column}", error.line),
        None => format!("line {}", error.line),
    };
    located::<SudokuError>(
        py,
        format!("{place}: {}", error.kind),
        Location {
            line: Some(error.line),
            column,
            ..Location::default()
        },
    )
}

fn solve_error(py: Python<'_>, error: &SolveError, line: usize) -> PyErr {
    located::<SudokuError>(
        py,
        error.message_in(&Symbols::default()),
        Location {
            line: Some(line),
            ..Location::default()
        },
    )
}

/// The one puzzle of `text` (a first line of digits is its cells, never a
/// count of puzzles), its rules and its line; messages name the settings
/// as arguments (`variant="killer"`).
fn read_one(
    py: Python<'_>,
    text: &str,
    shape: Option<&Bound<'_, PyAny>>,
    variant: Option<&str>,
) -> PyResult<(Grid, Rules, usize)> {
    let options = ReadOptions {
        shape: shape_of(shape)?,
        variant: variant_of(variant)?,
        naming: Naming::Arguments,
        ..ReadOptions::default()
    };
    let mut reader = PuzzleReader::of_one_puzzle(text, options);
    let puzzle = match reader.next() {
        Some(Ok(puzzle)) => puzzle,
        Some(Err(error)) => return Err(read_error(py, &error)),
        None => {
            return Err(located::<SudokuError>(
                py,
                "no puzzle in the text".to_owned(),
                Location::default(),
            ));
        }
    };
    let rules = reader.rules().clone();
    match reader.next() {
        None => Ok((puzzle.grid, rules, puzzle.line)),
        Some(Err(error)) => Err(read_error(py, &error)),
        Some(Ok(second)) => Err(located::<SudokuError>(
            py,
            format!(
                "line {}: a second puzzle; solve, count and rate take one (split the text)",
                second.line
            ),
            Location {
                line: Some(second.line),
                ..Location::default()
            },
        )),
    }
}

/// Searches `puzzle` for up to `limit` solutions without the GIL; Ctrl-C
/// stops it. Returns the count and the first solution.
fn search(
    py: Python<'_>,
    puzzle: &Grid,
    rules: &Rules,
    line: usize,
    limit: u64,
) -> PyResult<(u64, Grid)> {
    let stopper = Stopper::new();
    let stop = stopper.stop();
    let searched = stopper.run_detached(py, || {
        let mut solver = Solver::new(Engine::Dlx);
        solver.set_budget(Budget::new().stop_on(&stop));
        let mut solution = Grid::new(puzzle.shape());
        solver
            .search_with(rules, puzzle, limit, &mut solution)
            .map(|outcome| (outcome.solutions, solution))
    })?;
    searched.map_err(|error| solve_error(py, &error, line))
}

/// The solution of a Sudoku puzzle, or None if it has none.
///
/// ``puzzle`` is text in any format ``dlx sudoku`` reads (an 81-character
/// line with ``.`` or ``0`` for blanks, a grid with or without rules,
/// whitespace-separated numbers, ...), one puzzle, of any size: 4x4, 6x6,
/// 9x9, 16x16, ... ``box`` forces the box shape (``(2, 3)`` or ``"2x3"``),
/// ``variant`` the rules (``"x"``, ``"hyper"``, ``"jigsaw"``, ``"killer"``,
/// joined by ``+``; jigsaw and killer read their region map or cages after
/// the cells, as ``dlx sudoku`` does). The solution is a line of digits.
/// Raises SudokuError (a ValueError) for unreadable text or contradictory
/// givens.
#[pyfunction]
#[pyo3(signature = (puzzle, r#box = None, variant = None))]
fn solve(
    py: Python<'_>,
    puzzle: &str,
    r#box: Option<&Bound<'_, PyAny>>,
    variant: Option<&str>,
) -> PyResult<Option<String>> {
    let (grid, rules, line) = read_one(py, puzzle, r#box, variant)?;
    let (found, solution) = search(py, &grid, &rules, line, 1)?;
    Ok((found > 0).then(|| solution.to_line()))
}

/// The number of solutions of a Sudoku puzzle, counting no further than
/// ``limit`` (2 says whether it is unique). Arguments as for ``solve``.
#[pyfunction]
#[pyo3(signature = (puzzle, limit = None, r#box = None, variant = None))]
#[pyo3(text_signature = "(puzzle, limit=2, box=None, variant=None)")]
fn count(
    py: Python<'_>,
    puzzle: &str,
    limit: Option<&Bound<'_, PyAny>>,
    r#box: Option<&Bound<'_, PyAny>>,
    variant: Option<&str>,
) -> PyResult<u64> {
    let limit = args::optional_whole("limit", limit)?.unwrap_or(2);
    let (grid, rules, line) = read_one(py, puzzle, r#box, variant)?;
    Ok(search(py, &grid, &rules, line, limit)?.0)
}

/// The engine's reason for not rating the puzzle of `line` as a
/// SudokuError: no solution, more than one, or unsearchable givens.
fn rate_error(py: Python<'_>, error: &RateError, line: usize) -> PyErr {
    let message = match error {
        RateError::Invalid(error) => error.message_in(&Symbols::default()),
        _ => format!("cannot rate the puzzle: {error}"),
    };
    located::<SudokuError>(
        py,
        message,
        Location {
            line: Some(line),
            ..Location::default()
        },
    )
}

/// How hard a Sudoku puzzle with exactly one solution is for the search,
/// as ``dlx sudoku --rate`` rates it: a ``Rating`` (its clues, whether
/// singles alone solve it, and the search effort), the same figures the
/// command prints. Arguments as for ``solve``. Raises SudokuError for a
/// puzzle with no solution or more than one (saying which), as for
/// unreadable text or contradictory givens.
#[pyfunction]
#[pyo3(signature = (puzzle, r#box = None, variant = None))]
fn rate(
    py: Python<'_>,
    puzzle: &str,
    r#box: Option<&Bound<'_, PyAny>>,
    variant: Option<&str>,
) -> PyResult<Rating> {
    let (grid, rules, line) = read_one(py, puzzle, r#box, variant)?;
    let stopper = Stopper::new();
    // The rater's seed is never used: a rating draws from no generator's
    // sequence (`Generator::rate`).
    let rated = stopper.run_detached(py, || {
        Generator::new(0).rate(&rules, &grid, RATING_RELABELINGS)
    })?;
    rated
        .map(|rating| Rating::new(grid.given_count(), rating))
        .map_err(|error| rate_error(py, &error, line))
}

/// ``count`` puzzles with exactly one solution, minimal (no clue can be
/// taken away), as lines that ``solve`` reads back (with their region map
/// or cages for jigsaw and killer). With ``rate=True``, each comes with
/// its ``Rating``: a list of ``(puzzle, rating)`` pairs, the same puzzles
/// as without it.
///
/// The same ``seed`` gives the same puzzles as
/// ``dlx sudoku --generate COUNT --seed SEED`` with the same ``--box`` and
/// ``--variant`` (the default seed is the command's, 1), and the same
/// ratings as with ``--rate``.
#[pyfunction]
#[pyo3(signature = (count, r#box = None, variant = None, seed = None, rate = false))]
fn generate(
    py: Python<'_>,
    count: &Bound<'_, PyAny>,
    r#box: Option<&Bound<'_, PyAny>>,
    variant: Option<&str>,
    seed: Option<&Bound<'_, PyAny>>,
    rate: bool,
) -> PyResult<Py<PyAny>> {
    let count = args::whole_up_to("count", count, MAX_GENERATE)?;
    let seed = args::optional_whole("seed", seed)?;
    let shape = match shape_of(r#box)? {
        Some(shape) => shape,
        None => Shape::new(3, 3).map_err(|error| PyValueError::new_err(error.to_string()))?,
    };
    let recipe = Recipe::Minimal {
        shape,
        variant: variant_of(variant)?,
        symmetric: false,
    };
    let series = Series::new(seed.unwrap_or(1), BLOCK, recipe);
    let stopper = Stopper::new();
    let made = stopper.run_detached(py, || {
        let symbols = Symbols::default();
        // As `dlx sudoku --generate --rate`: a rater apart from the
        // series' generators, so that rating takes nothing from them.
        let mut rater = rate.then(|| Generator::new(0));
        let mut lines = Vec::new();
        let mut ratings = Vec::new();
        for block in series.blocks(count) {
            let mut puzzles = series.puzzles(block);
            puzzles.generator().stop_on(&stopper.stop());
            for (_, made) in puzzles {
                let made = made.map_err(|error| error.to_string())?;
                let line = puzzle_line(&made.puzzle, &made.rules, &symbols)
                    .ok_or_else(|| "the puzzle cannot be written as a line".to_owned())?;
                if let Some(rater) = &mut rater {
                    let rating = rater
                        .rate(&made.rules, &made.puzzle, RATING_RELABELINGS)
                        .map_err(|error| error.to_string())?;
                    ratings.push(Rating::new(made.puzzle.given_count(), rating));
                }
                lines.push(line);
            }
        }
        Ok::<_, String>((lines, ratings))
    })?;
    let (lines, ratings) = made.map_err(PyValueError::new_err)?;
    if rate {
        let rated: Vec<(String, Rating)> = lines.into_iter().zip(ratings).collect();
        return Ok(rated.into_pyobject(py)?.into_any().unbind());
    }
    Ok(lines.into_pyobject(py)?.into_any().unbind())
}

/// Adds the submodule `sudoku` to `parent`.
pub fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let module = PyModule::new(parent.py(), "sudoku")?;
    module.add_function(wrap_pyfunction!(solve, &module)?)?;
    module.add_function(wrap_pyfunction!(count, &module)?)?;
    module.add_function(wrap_pyfunction!(generate, &module)?)?;
    module.add_function(wrap_pyfunction!(rate, &module)?)?;
    module.add_class::<Rating>()?;
    parent.add_submodule(&module)
}
