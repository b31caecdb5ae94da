//! `Problem.from_matrix`: a 0-1 matrix (rows are options) as a problem of
//! plain exact cover, without needing numpy.
//!
//! The stable ABI of Python 3.9 has no buffer protocol for extensions, so a
//! buffer (a numpy array, a memoryview) is read through `memoryview`'s own
//! `tolist()`, which handles every native element type and stride (and a
//! numpy array of another number type through numpy's); anything else is
//! read as a sequence of rows.

use dancing::{ItemId, ProblemBuilder};
use pyo3::exceptions::{PyNotImplementedError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyFloat, PyInt};

use crate::errors::{Location, ProblemError, build_error, located};

/// Whether `entry` (at `row`, `column`) is a 1 or a 0.
fn bit(entry: &Bound<'_, PyAny>, row: usize, column: usize) -> PyResult<bool> {
    if entry.is_instance_of::<PyBool>() {
        return entry.extract();
    }
    if entry.is_instance_of::<PyInt>() || entry.is_instance_of::<PyFloat>() {
        if let Ok(value) = entry.extract::<f64>() {
            if value == 0.0 {
                return Ok(false);
            }
            if value == 1.0 {
                return Ok(true);
            }
        }
    } else if let Ok(value) = entry.call_method0("__index__") {
        // numpy integer scalars of a sequence of arrays.
        return bit(&value, row, column);
    }
    Err(located::<ProblemError>(
        entry.py(),
        format!(
            "matrix entry at row {row}, column {column} is {}: expected 0 or 1",
            entry.repr()?
        ),
        Location {
            item: Some(column.to_string()),
            option: Some(row),
            ..Location::default()
        },
    ))
}

/// The rows of `matrix`: a buffer's `tolist()`, or the object itself.
fn rows_of<'py>(matrix: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let py = matrix.py();
    let numbers = numpy_numbers(matrix)?;
    let memoryview = py.import("builtins")?.getattr("memoryview")?;
    let Ok(view) = memoryview.call1((matrix,)) else {
        return Ok(matrix.clone());
    };
    let ndim: usize = view.getattr("ndim")?.extract()?;
    if ndim != 2 {
        return Err(PyValueError::new_err(format!(
            "the matrix must have 2 dimensions, not {ndim}"
        )));
    }
    match view.call_method0("tolist") {
        // Elements memoryview does not read: numbers in the other byte
        // order, float16, objects. numpy reads them, by value.
        Err(error) if error.is_instance_of::<PyNotImplementedError>(py) => {
            if numbers {
                return matrix.call_method0("tolist");
            }
            let format = view.getattr("format")?.str()?;
            Err(PyTypeError::new_err(format!(
                "from_matrix cannot read a buffer of elements of format {:?}: give a sequence \
                 of rows or a numpy array of bools or numbers 0 and 1",
                format.to_cow()?
            )))
        }
        rows => rows,
    }
}

/// Whether `matrix` is a numpy array of bools, numbers or objects (each
/// then checked as a list's would be); an array of another dtype (complex,
/// str, bytes, void, dates) is a TypeError that names it.
fn numpy_numbers(matrix: &Bound<'_, PyAny>) -> PyResult<bool> {
    let Ok(dtype) = matrix.getattr("dtype") else {
        return Ok(false);
    };
    let Ok(kind) = dtype
        .getattr("kind")
        .and_then(|kind| kind.extract::<String>())
    else {
        return Ok(false);
    };
    if matches!(kind.as_str(), "b" | "i" | "u" | "f" | "O") {
        return Ok(true);
    }
    Err(PyTypeError::new_err(format!(
        "from_matrix needs a matrix of bools or numbers 0 and 1, not an array of dtype {}",
        dtype.str()?
    )))
}

/// The problem whose options are the rows of `matrix` (entries 0 or 1),
/// whose items are its columns, the last `secondary` of them secondary.
pub fn problem_from_matrix(
    matrix: &Bound<'_, PyAny>,
    secondary: usize,
) -> PyResult<dancing::Problem> {
    let py = matrix.py();
    let rows = rows_of(matrix)?;
    let mut builder = ProblemBuilder::new();
    let mut columns = None;
    let mut items: Vec<ItemId> = Vec::new();
    for (index, row) in rows.try_iter()?.enumerate() {
        let row = row?;
        items.clear();
        let mut width = 0;
        for (column, entry) in row.try_iter()?.enumerate() {
            if bit(&entry?, index, column)? {
                items.push(ItemId::new(column));
            }
            width = column + 1;
        }
        let columns = *columns.get_or_insert(width);
        if width != columns {
            return Err(located::<ProblemError>(
                py,
                format!("matrix row {index} has {width} entries; row 0 has {columns}"),
                Location {
                    option: Some(index),
                    ..Location::default()
                },
            ));
        }
        if index == 0 {
            declare_columns(&mut builder, columns, secondary)?;
        }
        builder.option(items.iter().copied()).map_err(|error| {
            build_error(py, &error, Some(index), |item| {
                Some(item.index().to_string())
            })
        })?;
    }
    if columns.is_none() {
        return Err(PyValueError::new_err("the matrix has no row"));
    }
    builder
        .build()
        .map_err(|error| build_error(py, &error, None, |item| Some(item.index().to_string())))
}

/// Items "0" to "columns - 1", the last `secondary` secondary.
fn declare_columns(builder: &mut ProblemBuilder, columns: usize, secondary: usize) -> PyResult<()> {
    if secondary > columns {
        return Err(PyValueError::new_err(format!(
            "secondary={secondary} but the matrix has only {columns} columns"
        )));
    }
    let primary = columns - secondary;
    for column in 0..columns {
        let name = column.to_string();
        let declared = if column < primary {
            builder.primary_item(&name)
        } else {
            builder.secondary_item(&name)
        };
        declared.map_err(|error| PyValueError::new_err(error.to_string()))?;
    }
    Ok(())
}
