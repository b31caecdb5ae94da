//! `dancing.problems`: the problems of `dlx gen`, as `Problem`s. Each
//! function translates its arguments into a `Generator` of
//! `dancing_problems`, which reads boards and pieces as the command does
//! and checks the sizes (the same limits as the command).

use dancing::expert::MAX_OPTION_COST;
use dancing_problems::generator::{Costs, Generator, parse_prices};
use dancing_problems::polyomino::{Board, Piece};
use dancing_problems::{Assignment, PieceSet};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyModule, PyString};

use crate::args;
use crate::build;
use crate::problem::Problem;

/// The generator's problem, or its error as a ValueError (also for names,
/// from words or pictures, that Knuth's format cannot hold).
fn made(py: Python<'_>, generator: Generator) -> PyResult<Problem> {
    let built = generator
        .build()
        .map_err(|error| PyValueError::new_err(error.to_string()))?;
    build::check_names(py, built.problem())?;
    Ok(Problem::wrap(built.problem().clone(), Vec::new()))
}

/// The board argument `name`: "ROWSxCOLUMNS", or a picture whose rows are
/// separated by `/` or newlines (`.` a cell, `#` a hole).
fn board(name: &str, text: &str) -> PyResult<Board> {
    text.parse()
        .map_err(|e| PyValueError::new_err(format!("{name} {text:?}: {e}")))
}

/// The pieces argument `name`: a named set ("pentominoes", "dominoes",
/// "trominoes") or a picture with a character per piece ("AAB/.CB").
fn pieces(name: &str, text: &str) -> PyResult<Vec<Piece>> {
    text.parse::<PieceSet>()
        .map(|set| set.0)
        .map_err(|e| PyValueError::new_err(format!("{name} {text:?}: {e}")))
}

/// n queens on an n x n board: rows and columns primary, diagonals
/// secondary (92 solutions for n = 8).
#[pyfunction]
fn queens(py: Python<'_>, n: &Bound<'_, PyAny>) -> PyResult<Problem> {
    let n = args::size("n", n)?;
    made(py, Generator::Queens { n })
}

/// Langford pairs: two of each of 1..n, with k numbers between the two
/// k's; ``up_to_reversal`` counts a sequence and its reversal once.
#[pyfunction]
#[pyo3(signature = (n, up_to_reversal = false))]
fn langford(py: Python<'_>, n: &Bound<'_, PyAny>, up_to_reversal: bool) -> PyResult<Problem> {
    let n = args::size("n", n)?;
    made(py, Generator::Langford { n, up_to_reversal })
}

/// Packing pieces into a board, each piece once: ``board`` is "6x10" or a
/// picture ("..#/..."), ``pieces`` "pentominoes" or a picture with a
/// character per piece; ``up_to_symmetry`` counts solutions related by the
/// board's symmetries once (2,339 for 6x10 instead of 9,356).
#[pyfunction]
#[pyo3(signature = (board = "6x10", pieces = "pentominoes", up_to_symmetry = false))]
fn pentomino(py: Python<'_>, board: &str, pieces: &str, up_to_symmetry: bool) -> PyResult<Problem> {
    made(
        py,
        Generator::Pentomino {
            board: self::board("board", board)?,
            pieces: self::pieces("pieces", pieces)?,
            up_to_symmetry,
        },
    )
}

/// Domino tilings of a board ("8x8" or a picture), any number of dominoes.
#[pyfunction]
fn dominoes(py: Python<'_>, board: &str) -> PyResult<Problem> {
    made(
        py,
        Generator::Dominoes {
            board: self::board("board", board)?,
        },
    )
}

/// Whether `value` is text, which iterates over its characters (or, for
/// bytes, numbers) and so is no list of anything.
fn is_text(value: &Bound<'_, PyAny>) -> bool {
    value.is_instance_of::<PyString>() || value.is_instance_of::<PyBytes>()
}

/// The `prices` argument of a tiling: a dict {shape name: price} or the
/// command's text "D=2,O=3" (read by the engine).
fn prices(value: &Bound<'_, PyAny>) -> PyResult<Vec<(String, u64)>> {
    if let Ok(text) = value.cast::<PyString>() {
        return parse_prices(&text.to_cow()?)
            .map_err(|error| PyValueError::new_err(format!("prices: {error}")));
    }
    let Ok(dict) = value.cast::<PyDict>() else {
        return Err(PyTypeError::new_err(format!(
            "prices must be a dict of shape names to prices, or text like \"D=2,O=3\", not {}",
            value.get_type().name()?
        )));
    };
    let mut prices = Vec::with_capacity(dict.len());
    for (name, price) in dict.iter() {
        let Ok(name) = name.extract::<String>() else {
            return Err(PyTypeError::new_err(format!(
                "prices: a shape name must be a str, not {}",
                name.get_type().name()?
            )));
        };
        let price = args::whole_up_to(&format!("prices[{name:?}]"), &price, MAX_OPTION_COST)?;
        prices.push((name, price));
    }
    Ok(prices)
}

/// Tilings of a board by copies of shapes ("dominoes", "trominoes", or a
/// picture), each used any number of times, in any rotation or reflection.
/// ``prices`` gives each copy of a shape a price, by the shape's name (a
/// dict ``{"I": 1, "L": 2}`` or the text ``"I=1,L=2"`` of ``dlx gen
/// tiling --prices``; shapes not named cost 0): each option costs its
/// shape's price, and ``best()`` finds the cheapest tilings.
#[pyfunction]
#[pyo3(signature = (board, shapes = "trominoes", prices = None))]
fn tiling(
    py: Python<'_>,
    board: &str,
    shapes: &str,
    prices: Option<&Bound<'_, PyAny>>,
) -> PyResult<Problem> {
    made(
        py,
        Generator::Tiling {
            board: self::board("board", board)?,
            shapes: pieces("shapes", shapes)?,
            prices: prices.map(self::prices).transpose()?.unwrap_or_default(),
        },
    )
}

/// Latin squares of order n.
#[pyfunction]
fn latin(py: Python<'_>, n: &Bound<'_, PyAny>) -> PyResult<Problem> {
    let n = args::size("n", n)?;
    made(py, Generator::Latin { n })
}

/// All Sudoku grids with boxes of ``rows`` x ``columns`` cells (288 for
/// 2 x 2).
#[pyfunction]
fn sudoku_grids(
    py: Python<'_>,
    rows: &Bound<'_, PyAny>,
    columns: &Bound<'_, PyAny>,
) -> PyResult<Problem> {
    let rows = args::size("rows", rows)?;
    let columns = args::size("columns", columns)?;
    made(py, Generator::SudokuGrids { rows, columns })
}

/// Set partitions of {0..n-1} (Bell numbers).
#[pyfunction]
fn partitions(py: Python<'_>, n: &Bound<'_, PyAny>) -> PyResult<Problem> {
    let n = args::size("n", n)?;
    made(py, Generator::Partitions { n })
}

/// Perfect matchings of ``points`` points ((n-1)!! for even n).
#[pyfunction]
fn matchings(py: Python<'_>, points: &Bound<'_, PyAny>) -> PyResult<Problem> {
    let points = args::size("points", points)?;
    made(py, Generator::Matchings { points })
}

/// Binary de Bruijn cycles of order n, positions labelled (colors).
#[pyfunction]
fn debruijn(py: Python<'_>, n: &Bound<'_, PyAny>) -> PyResult<Problem> {
    let n = args::size("n", n)?;
    made(py, Generator::DeBruijn { n })
}

/// 0-1 matrices of ``rows`` x ``columns`` whose row sums lie in
/// ``row_sums`` (n, or (lower, upper)) and column sums in ``column_sums``
/// (by default the row sums): Algorithm M's bounds.
#[pyfunction]
#[pyo3(signature = (rows, columns, row_sums = None, column_sums = None))]
fn matrices(
    py: Python<'_>,
    rows: &Bound<'_, PyAny>,
    columns: &Bound<'_, PyAny>,
    row_sums: Option<&Bound<'_, PyAny>>,
    column_sums: Option<&Bound<'_, PyAny>>,
) -> PyResult<Problem> {
    // n, or (lower, upper).
    let sums = |name: &str, value: Option<&Bound<'_, PyAny>>| -> PyResult<Option<(u32, u32)>> {
        let Some(value) = value else {
            return Ok(None);
        };
        let sum = |value: &Bound<'_, PyAny>| {
            let sum = args::whole_up_to(name, value, u64::from(u32::MAX))?;
            Ok::<_, PyErr>(u32::try_from(sum).unwrap_or(u32::MAX))
        };
        if let Ok((lower, upper)) = value.extract::<(Bound<'_, PyAny>, Bound<'_, PyAny>)>() {
            return Ok(Some((sum(&lower)?, sum(&upper)?)));
        }
        let n = sum(value)?;
        Ok(Some((n, n)))
    };
    let rows = args::size("rows", rows)?;
    let columns = args::size("columns", columns)?;
    let row_sums = sums("row_sums", row_sums)?.unwrap_or((2, 2));
    let column_sums = sums("column_sums", column_sums)?.unwrap_or(row_sums);
    for (lower, upper) in [row_sums, column_sums] {
        if upper == 0 || lower > upper {
            return Err(PyValueError::new_err(format!(
                "sums ({lower}, {upper}): the upper bound must be at least 1 and at least the lower"
            )));
        }
    }
    made(
        py,
        Generator::Matrices {
            rows,
            columns,
            row_sums,
            column_sums,
        },
    )
}

/// The assignment problem of ``dlx gen assignment``: n workers, n jobs,
/// option ``wI jJ`` for worker I on job J at its cost; ``best()`` finds
/// the cheapest assignments. Give ``n``, and the costs are drawn from 0 to
/// ``max_cost`` (99) by ``seed`` (0), as the command's ``--cost-seed``
/// draws them; or ``costs``, a square matrix (a list of rows, or a 2-D
/// numpy array) of whole numbers, ``costs[i][j]`` the cost of worker i on
/// job j.
#[pyfunction]
#[pyo3(signature = (n = None, seed = None, max_cost = None, costs = None))]
#[pyo3(text_signature = "(n=None, seed=0, max_cost=99, costs=None)")]
fn assignment(
    py: Python<'_>,
    n: Option<&Bound<'_, PyAny>>,
    seed: Option<&Bound<'_, PyAny>>,
    max_cost: Option<&Bound<'_, PyAny>>,
    costs: Option<&Bound<'_, PyAny>>,
) -> PyResult<Problem> {
    let costs = match (n, costs) {
        (Some(_), Some(_)) => {
            return Err(PyTypeError::new_err(
                "assignment() takes n (random costs) or costs (a matrix), not both",
            ));
        }
        (None, None) => {
            return Err(PyTypeError::new_err(
                "assignment() needs n (the number of workers, random costs) or costs (a square matrix)",
            ));
        }
        (None, Some(_)) if seed.is_some() || max_cost.is_some() => {
            return Err(PyTypeError::new_err(
                "assignment(): seed and max_cost draw random costs for n workers, not with costs",
            ));
        }
        (None, Some(costs)) => Costs::Matrix(cost_matrix(costs)?),
        (Some(n), None) => Costs::Random {
            n: args::size_in("n", n, 1, Assignment::MAX_N)?,
            seed: args::optional_whole("seed", seed)?.unwrap_or(Costs::DEFAULT_SEED),
            max_cost: match max_cost {
                Some(max) => args::whole_up_to("max_cost", max, MAX_OPTION_COST)?,
                None => Costs::DEFAULT_MAX_COST,
            },
        },
    };
    made(py, Generator::Assignment { costs })
}

/// The `costs` of an assignment: rows of whole numbers (a list of lists, a
/// 2-D numpy array); the engine checks that it is square.
fn cost_matrix(costs: &Bound<'_, PyAny>) -> PyResult<Vec<Vec<u64>>> {
    let not_rows = |value: &Bound<'_, PyAny>, name: &str| -> PyResult<PyErr> {
        Ok(PyTypeError::new_err(format!(
            "{name} must be a list of rows of ints, not {}",
            value.get_type().name()?
        )))
    };
    if is_text(costs) || costs.is_instance_of::<PyDict>() {
        return Err(not_rows(costs, "costs")?);
    }
    let Ok(rows) = costs.try_iter() else {
        return Err(not_rows(costs, "costs")?);
    };
    let mut matrix = Vec::new();
    for (i, row) in rows.enumerate() {
        let row = row?;
        let name = format!("costs[{i}]");
        let values = match row.try_iter() {
            Ok(values) if !is_text(&row) && !row.is_instance_of::<PyDict>() => values,
            _ => {
                return Err(PyTypeError::new_err(format!(
                    "{name} must be a row of ints, not {}",
                    row.get_type().name()?
                )));
            }
        };
        let mut costs = Vec::new();
        for (j, value) in values.enumerate() {
            costs.push(args::whole_up_to(
                &format!("costs[{i}][{j}]"),
                &value?,
                MAX_OPTION_COST,
            )?);
        }
        matrix.push(costs);
    }
    Ok(matrix)
}

/// Word rectangles of ``rows`` x ``columns`` from ``words`` (a list of
/// str; a single str is refused rather than split): every row and column
/// a word (colors); ``distinct`` uses each word at most once.
#[pyfunction]
#[pyo3(signature = (rows, columns, words, distinct = false))]
fn words(
    py: Python<'_>,
    rows: &Bound<'_, PyAny>,
    columns: &Bound<'_, PyAny>,
    words: &Bound<'_, PyAny>,
    distinct: bool,
) -> PyResult<Problem> {
    let rows = args::size("rows", rows)?;
    let columns = args::size("columns", columns)?;
    let words = word_list(words)?;
    made(
        py,
        Generator::Words {
            rows,
            columns,
            words,
            distinct,
        },
    )
}

/// The `words` argument: any iterable of str but a str itself (whose
/// characters would be taken for one-letter words).
fn word_list(words: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    let not_a_list = || -> PyResult<PyErr> {
        Ok(PyTypeError::new_err(format!(
            "words must be a list of strings, not {}",
            words.get_type().name()?
        )))
    };
    if is_text(words) || words.is_instance_of::<PyDict>() {
        return Err(not_a_list()?);
    }
    let Ok(items) = words.try_iter() else {
        return Err(not_a_list()?);
    };
    let mut list = Vec::new();
    for (index, word) in items.enumerate() {
        let word = word?;
        match word.cast::<PyString>() {
            Ok(text) => list.push(text.to_cow()?.into_owned()),
            Err(_) => {
                return Err(PyTypeError::new_err(format!(
                    "words[{index}] must be a str, not {}",
                    word.get_type().name()?
                )));
            }
        }
    }
    Ok(list)
}

/// Adds the submodule `problems` to `parent`.
pub fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let module = PyModule::new(parent.py(), "problems")?;
    module.add_function(wrap_pyfunction!(queens, &module)?)?;
    module.add_function(wrap_pyfunction!(langford, &module)?)?;
    module.add_function(wrap_pyfunction!(pentomino, &module)?)?;
    module.add_function(wrap_pyfunction!(dominoes, &module)?)?;
    module.add_function(wrap_pyfunction!(tiling, &module)?)?;
    module.add_function(wrap_pyfunction!(latin, &module)?)?;
    module.add_function(wrap_pyfunction!(sudoku_grids, &module)?)?;
    module.add_function(wrap_pyfunction!(partitions, &module)?)?;
    module.add_function(wrap_pyfunction!(matchings, &module)?)?;
    module.add_function(wrap_pyfunction!(debruijn, &module)?)?;
    module.add_function(wrap_pyfunction!(matrices, &module)?)?;
    module.add_function(wrap_pyfunction!(words, &module)?)?;
    module.add_function(wrap_pyfunction!(assignment, &module)?)?;
    parent.add_submodule(&module)
}
