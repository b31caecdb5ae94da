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

use crate::problem::Problem;

/// The generator's problem, or its error as a ValueError.
fn made(generator: Generator) -> PyResult<Problem> {
    let built = generator
        .build()
        .map_err(|error| PyValueError::new_err(error.to_string()))?;
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
fn queens(n: usize) -> PyResult<Problem> {
    made(Generator::Queens { n })
}

/// Langford pairs: two of each of 1..n, with k numbers between the two
/// k's; ``up_to_reversal`` counts a sequence and its reversal once.
#[pyfunction]
#[pyo3(signature = (n, up_to_reversal = false))]
fn langford(n: usize, up_to_reversal: bool) -> PyResult<Problem> {
    made(Generator::Langford { n, up_to_reversal })
}

/// Packing pieces into a board, each piece once: ``board`` is "6x10" or a
/// picture ("..#/..."), ``pieces`` "pentominoes" or a picture with a
/// character per piece; ``up_to_symmetry`` counts solutions related by the
/// board's symmetries once (2,339 for 6x10 instead of 9,356).
#[pyfunction]
#[pyo3(signature = (board = "6x10", pieces = "pentominoes", up_to_symmetry = false))]
fn pentomino(board: &str, pieces: &str, up_to_symmetry: bool) -> PyResult<Problem> {
    made(Generator::Pentomino {
        board: self::board("board", board)?,
        pieces: self::pieces("pieces", pieces)?,
        up_to_symmetry,
    })
}

/// Domino tilings of a board ("8x8" or a picture), any number of dominoes.
#[pyfunction]
fn dominoes(board: &str) -> PyResult<Problem> {
    made(Generator::Dominoes {
        board: self::board("board", board)?,
    })
}

/// Tilings of a board by copies of shapes ("dominoes", "trominoes", or a
/// picture), each used any number of times, in any rotation or reflection.
#[pyfunction]
#[pyo3(signature = (board, shapes = "trominoes"))]
fn tiling(board: &str, shapes: &str) -> PyResult<Problem> {
    made(Generator::Tiling {
        board: self::board("board", board)?,
        shapes: pieces("shapes", shapes)?,
        prices: Vec::new(),
    })
}

/// Latin squares of order n.
#[pyfunction]
fn latin(n: usize) -> PyResult<Problem> {
    made(Generator::Latin { n })
}

/// All Sudoku grids with boxes of ``rows`` x ``columns`` cells (288 for
/// 2 x 2).
#[pyfunction]
fn sudoku_grids(rows: usize, columns: usize) -> PyResult<Problem> {
    made(Generator::SudokuGrids { rows, columns })
}

/// Set partitions of {0..n-1} (Bell numbers).
#[pyfunction]
fn partitions(n: usize) -> PyResult<Problem> {
    made(Generator::Partitions { n })
}

/// Perfect matchings of ``points`` points ((n-1)!! for even n).
#[pyfunction]
fn matchings(points: usize) -> PyResult<Problem> {
    made(Generator::Matchings { points })
}

/// Binary de Bruijn cycles of order n, positions labelled (colors).
#[pyfunction]
fn debruijn(n: usize) -> PyResult<Problem> {
    made(Generator::DeBruijn { n })
}

/// 0-1 matrices of ``rows`` x ``columns`` whose row sums lie in
/// ``row_sums`` (n, or (lower, upper)) and column sums in ``column_sums``
/// (by default the row sums): Algorithm M's bounds.
#[pyfunction]
#[pyo3(signature = (rows, columns, row_sums = None, column_sums = None))]
fn matrices(
    rows: usize,
    columns: usize,
    row_sums: Option<&Bound<'_, PyAny>>,
    column_sums: Option<&Bound<'_, PyAny>>,
) -> PyResult<Problem> {
    let sums = |value: Option<&Bound<'_, PyAny>>| -> PyResult<Option<(u32, u32)>> {
        match value {
            None => Ok(None),
            Some(value) => match value.extract::<u32>() {
                Ok(n) => Ok(Some((n, n))),
                Err(_) => Ok(Some(value.extract::<(u32, u32)>()?)),
            },
        }
    };
    let row_sums = sums(row_sums)?.unwrap_or((2, 2));
    let column_sums = sums(column_sums)?.unwrap_or(row_sums);
    made(Generator::Matrices {
        rows,
        columns,
        row_sums,
        column_sums,
    })
}

/// Word rectangles of ``rows`` x ``columns`` from ``words``: every row and
/// column a word (colors); ``distinct`` uses each word at most once.
#[pyfunction]
#[pyo3(signature = (rows, columns, words, distinct = false))]
fn words(rows: usize, columns: usize, words: Vec<String>, distinct: bool) -> PyResult<Problem> {
    made(Generator::Words {
        rows,
        columns,
        words,
        distinct,
    })
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
