//! Whole numbers given as arguments (counts, sizes, seeds, limits): any
//! Python int is taken and checked against its range here, so that a
//! negative or huge value is a ValueError that names the argument and
//! says what it may be. (PyO3's conversion to an unsigned type raises an
//! OverflowError that says neither.)

use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;

/// The most digits of a number an error message quotes in full.
const SHOWN_DIGITS: usize = 40;

/// `value` as an error message quotes it: a number of hundreds of digits
/// is cut to its first digits and its length.
fn shown(value: &Bound<'_, PyAny>) -> String {
    let text = value
        .str()
        .map_or_else(|_| "?".to_owned(), |text| text.to_string());
    if text.len() <= SHOWN_DIGITS {
        return text;
    }
    let digits = text.trim_start_matches('-').len();
    let head: String = text.chars().take(SHOWN_DIGITS / 2).collect();
    format!("{head}... ({digits} digits)")
}

/// The argument `name`, an int (or an object with `__index__`) from 0 to
/// `max`. Anything else is an error that names it: a ValueError for an
/// int out of range, a TypeError for a value that is not an int.
pub fn whole_up_to(name: &str, value: &Bound<'_, PyAny>, max: u64) -> PyResult<u64> {
    whole_in(name, value, 0, max)
}

/// The argument `name`, an int from `min` to `max`: as [`whole_up_to`],
/// and a whole number below `min` is a ValueError that says the least it
/// may be.
pub fn whole_in(name: &str, value: &Bound<'_, PyAny>, min: u64, max: u64) -> PyResult<u64> {
    let py = value.py();
    let out_of_range = || {
        PyValueError::new_err(format!(
            "{name} must be a whole number from {min} to {max} (got {})",
            shown(value)
        ))
    };
    match value.extract::<u64>() {
        Ok(number) if number < min => Err(PyValueError::new_err(format!(
            "{name} must be at least {min} (got {number})"
        ))),
        Ok(number) if number <= max => Ok(number),
        Ok(_) => Err(out_of_range()),
        Err(error) if error.is_instance_of::<PyOverflowError>(py) => Err(out_of_range()),
        Err(error) if error.is_instance_of::<PyTypeError>(py) => Err(PyTypeError::new_err(
            format!("{name} must be an int, not {}", value.get_type().name()?),
        )),
        Err(error) => Err(error),
    }
}

/// [`whole_up_to`] with any `u64`.
pub fn whole(name: &str, value: &Bound<'_, PyAny>) -> PyResult<u64> {
    whole_up_to(name, value, u64::MAX)
}

/// [`whole`] for an argument that may be None (or left out).
pub fn optional_whole(name: &str, value: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u64>> {
    value.map(|value| whole(name, value)).transpose()
}

/// [`whole_up_to`] for a size, count or index of the machine's width.
pub fn size_up_to(name: &str, value: &Bound<'_, PyAny>, max: usize) -> PyResult<usize> {
    size_in(name, value, 0, max)
}

/// [`whole_in`] for a size or count of the machine's width.
pub fn size_in(name: &str, value: &Bound<'_, PyAny>, min: usize, max: usize) -> PyResult<usize> {
    let wide = |n: usize| u64::try_from(n).unwrap_or(u64::MAX);
    let number = whole_in(name, value, wide(min), wide(max))?;
    // At most `max`, which came from a usize.
    Ok(usize::try_from(number).unwrap_or(usize::MAX))
}

/// [`size_up_to`] with any `usize`.
pub fn size(name: &str, value: &Bound<'_, PyAny>) -> PyResult<usize> {
    size_up_to(name, value, usize::MAX)
}
