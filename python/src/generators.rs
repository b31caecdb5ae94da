//! `dancing.problems`: the problems of `dlx gen`, as `Problem`s. Each
//! generator checks its own sizes (the same limits as the command).

use dancing_problems::polyomino::{Board, Piece, pentominoes, pieces_from_picture};
use dancing_problems::tilings;
use dancing_problems::{
    DeBruijn, ExactCover, Langford, LatinSquares, Packing, PerfectMatchings, Queens, SetPartitions,
    SudokuGrids, Tilings, WordRectangles, ZeroOneMatrices,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyModule;

use crate::args;
use crate::build;
use crate::problem::Problem;

/// The generator's problem, or its error as a ValueError (also for names,
/// from words or pictures, that Knuth's format cannot hold).
fn made<P: ExactCover>(
    py: Python<'_>,
    generator: Result<P, dancing_problems::Error>,
) -> PyResult<Problem> {
    let generator = generator.map_err(|error| PyValueError::new_err(error.to_string()))?;
    build::check_names(py, generator.problem())?;
    Ok(Problem::wrap(generator.problem().clone(), Vec::new()))
}

/// `"6x10"` as (6, 10).
fn dimensions(text: &str) -> Option<(usize, usize)> {
    let (rows, columns) = text.split_once(['x', 'X'])?;
    Some((rows.trim().parse().ok()?, columns.trim().parse().ok()?))
}

/// A board as `dlx gen` takes it: `"ROWSxCOLUMNS"`, or a picture with rows
/// separated by `/` or newlines (`.` a cell, `#` a hole).
fn board(text: &str) -> PyResult<Board> {
    let error = |e: dancing_problems::Error| PyValueError::new_err(e.to_string());
    if let Some((rows, columns)) = dimensions(text) {
        return Board::rectangle(rows, columns).map_err(error);
    }
    Board::from_picture(text).map_err(error)
}

/// A named set of pieces.
type PieceSet = fn() -> Vec<Piece>;

/// Pieces: `"pentominoes"`, or a picture where each piece is drawn with a
/// character of its own (`"AAB/.CB"`).
fn pieces(text: &str, named: &[(&str, PieceSet)]) -> PyResult<Vec<Piece>> {
    if let Some((_, make)) = named.iter().find(|(name, _)| *name == text) {
        return Ok(make());
    }
    pieces_from_picture(text).map_err(|error| PyValueError::new_err(error.to_string()))
}

/// n queens on an n x n board: rows and columns primary, diagonals
/// secondary (92 solutions for n = 8).
#[pyfunction]
fn queens(py: Python<'_>, n: &Bound<'_, PyAny>) -> PyResult<Problem> {
    let n = args::size("n", n)?;
    made(py, Queens::new(n))
}

/// Langford pairs: two of each of 1..n, with k numbers between the two
/// k's; ``up_to_reversal`` counts a sequence and its reversal once.
#[pyfunction]
#[pyo3(signature = (n, up_to_reversal = false))]
fn langford(py: Python<'_>, n: &Bound<'_, PyAny>, up_to_reversal: bool) -> PyResult<Problem> {
    let n = args::size("n", n)?;
    made(
        py,
        if up_to_reversal {
            Langford::up_to_reversal(n)
        } else {
            Langford::new(n)
        },
    )
}

/// Packing pieces into a board, each piece once: ``board`` is "6x10" or a
/// picture ("..#/..."), ``pieces`` "pentominoes" or a picture with a
/// character per piece; ``up_to_symmetry`` counts solutions related by the
/// board's symmetries once (2,339 for 6x10 instead of 9,356).
#[pyfunction]
#[pyo3(signature = (board = "6x10", pieces = "pentominoes", up_to_symmetry = false))]
fn pentomino(py: Python<'_>, board: &str, pieces: &str, up_to_symmetry: bool) -> PyResult<Problem> {
    let board = self::board(board)?;
    let pieces = self::pieces(pieces, &[("pentominoes", pentominoes)])?;
    made(
        py,
        if up_to_symmetry {
            Packing::up_to_symmetry(board, pieces)
        } else {
            Packing::new(board, pieces)
        },
    )
}

/// Domino tilings of a board ("8x8" or a picture), any number of dominoes.
#[pyfunction]
fn dominoes(py: Python<'_>, board: &str) -> PyResult<Problem> {
    made(py, Tilings::dominoes(self::board(board)?))
}

/// Tilings of a board by copies of shapes ("dominoes", "trominoes", or a
/// picture), each used any number of times, in any rotation or reflection.
#[pyfunction]
#[pyo3(signature = (board, shapes = "trominoes"))]
fn tiling(py: Python<'_>, board: &str, shapes: &str) -> PyResult<Problem> {
    let shapes = pieces(
        shapes,
        &[
            ("dominoes", tilings::domino),
            ("trominoes", tilings::trominoes),
        ],
    )?;
    made(py, Tilings::new(self::board(board)?, shapes))
}

/// Latin squares of order n.
#[pyfunction]
fn latin(py: Python<'_>, n: &Bound<'_, PyAny>) -> PyResult<Problem> {
    let n = args::size("n", n)?;
    made(py, LatinSquares::new(n))
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
    made(py, SudokuGrids::new(rows, columns))
}

/// Set partitions of {0..n-1} (Bell numbers).
#[pyfunction]
fn partitions(py: Python<'_>, n: &Bound<'_, PyAny>) -> PyResult<Problem> {
    let n = args::size("n", n)?;
    made(py, SetPartitions::new(n))
}

/// Perfect matchings of ``points`` points ((n-1)!! for even n).
#[pyfunction]
fn matchings(py: Python<'_>, points: &Bound<'_, PyAny>) -> PyResult<Problem> {
    let points = args::size("points", points)?;
    made(py, PerfectMatchings::new(points))
}

/// Binary de Bruijn cycles of order n, positions labelled (colors).
#[pyfunction]
fn debruijn(py: Python<'_>, n: &Bound<'_, PyAny>) -> PyResult<Problem> {
    let n = args::size("n", n)?;
    made(py, DeBruijn::new(n))
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
        ZeroOneMatrices::new(rows, columns, row_sums, column_sums),
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
    made(py, WordRectangles::new(&words, rows, columns, distinct))
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
