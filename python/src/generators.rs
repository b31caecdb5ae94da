//! `dancing.problems`: the problems of `dlx gen`, as `Problem`s. Each
//! function translates its arguments into a `Generator` of
//! `dancing_problems`, which reads boards and pieces as the command does
//! and checks the sizes (the same limits as the command).

use dancing_problems::PieceSet;
use dancing_problems::generator::Generator;
use dancing_problems::polyomino::{Board, Piece};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyModule;

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

/// Tilings of a board by copies of shapes ("dominoes", "trominoes", or a
/// picture), each used any number of times, in any rotation or reflection.
#[pyfunction]
#[pyo3(signature = (board, shapes = "trominoes"))]
fn tiling(py: Python<'_>, board: &str, shapes: &str) -> PyResult<Problem> {
    made(
        py,
        Generator::Tiling {
            board: self::board("board", board)?,
            shapes: pieces("shapes", shapes)?,
            prices: Vec::new(),
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

/// Word rectangles of ``rows`` x ``columns`` from ``words``: every row and
/// column a word (colors); ``distinct`` uses each word at most once.
#[pyfunction]
#[pyo3(signature = (rows, columns, words, distinct = false))]
fn words(
    py: Python<'_>,
    rows: &Bound<'_, PyAny>,
    columns: &Bound<'_, PyAny>,
    words: Vec<String>,
    distinct: bool,
) -> PyResult<Problem> {
    let rows = args::size("rows", rows)?;
    let columns = args::size("columns", columns)?;
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
    parent.add_submodule(&module)
}
