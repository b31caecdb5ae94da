//! `Problem.from_matrix`: a 0-1 matrix (rows are options) as a problem of
//! plain exact cover, without needing numpy.
//!
//! The stable ABI of Python 3.9 has no buffer protocol for extensions, so a
//! buffer (a numpy array, a memoryview) is read through `memoryview`'s own
//! `tolist()`, which handles every element type and stride; anything else
//! is read as a sequence of rows.

use dancing::{ItemId, ProblemBuilder};
use pyo3::exceptions::PyValueError;
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
    let memoryview = py.import("builtins")?.getattr("memoryview")?;
    match memoryview.call1((matrix,)) {
        Ok(view) => {
            let ndim: usize = view.getattr("ndim")?.extract()?;
            if ndim != 2 {
                return Err(PyValueError::new_err(format!(
                    "the matrix must have 2 dimensions, not {ndim}"
                )));
            }
            view.call_method0("tolist")
        }
        Err(_) => Ok(matrix.clone()),
    }
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
