//! The exceptions of the module, and the engine's errors turned into them
//! with where they happened: the item, the option, the line and the column.

use std::any::Any;

use dancing::BuildError;
use dancing::format::{self, ParseErrorKind};
use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

create_exception!(
    dancing,
    DancingError,
    PyValueError,
    "Bad input to dancing. Every error carries `item`, `option`, `line` and \
     `column` attributes: where the input went wrong, or None where that \
     does not apply."
);
create_exception!(
    dancing,
    ParseError,
    DancingError,
    "Text in Knuth's DLX format that could not be read: `line` and `column` \
     (1-based, columns in characters) say where, and `item` names the item \
     concerned, if any."
);
create_exception!(
    dancing,
    ProblemError,
    DancingError,
    "A problem given in code that is not an exact-cover problem: `option` is \
     the index of the option concerned, `item` the item's name, if any."
);
create_exception!(
    dancing,
    SudokuError,
    DancingError,
    "A Sudoku puzzle that could not be read or solved: `line` and `column` \
     say where in the text, where known."
);

/// Where an error happened, as far as it is known.
#[derive(Debug, Default)]
pub struct Location {
    pub item: Option<String>,
    pub option: Option<usize>,
    pub line: Option<usize>,
    pub column: Option<usize>,
}

/// An exception of type `E` with `message` and the four location
/// attributes (None where unknown), so that callers never need `hasattr`.
pub fn located<E: pyo3::PyTypeInfo>(py: Python<'_>, message: String, at: Location) -> PyErr {
    let error = PyErr::from_type(py.get_type::<E>(), message);
    let value = error.value(py);
    // Setting attributes on a fresh exception instance cannot fail short of
    // memory exhaustion; the message alone is still right if it did.
    let _ = value.setattr("item", at.item);
    let _ = value.setattr("option", at.option);
    let _ = value.setattr("line", at.line);
    let _ = value.setattr("column", at.column);
    error
}

/// The engine's parse error as a [`ParseError`], its message prefixed by
/// `source` (a path) as `dlx solve` prints it: `SOURCE:LINE:COLUMN: message`.
pub fn parse_error(py: Python<'_>, source: Option<&str>, error: &format::ParseError) -> PyErr {
    let item = match &error.kind {
        ParseErrorKind::ColorOnPrimaryItem(name)
        | ParseErrorKind::BoundsOnSecondaryItem(name)
        | ParseErrorKind::UnknownItem(name)
        | ParseErrorKind::DuplicateItem(name)
        | ParseErrorKind::DuplicateItemName(name) => Some(name.clone()),
        _ => None,
    };
    let message = match source {
        Some(source) => format!("{source}:{error}"),
        None => error.to_string(),
    };
    located::<ParseError>(
        py,
        message,
        Location {
            item,
            option: None,
            line: Some(error.line),
            column: Some(error.column),
        },
    )
}

/// The builder's error as a [`ProblemError`] about option `option` (if it
/// concerns one), naming the item by its name in `names`.
pub fn build_error(
    py: Python<'_>,
    error: &BuildError,
    option: Option<usize>,
    item_name: impl Fn(dancing::ItemId) -> Option<String>,
) -> PyErr {
    let item = match error {
        BuildError::UnknownItemName { name }
        | BuildError::DuplicateItemName { name }
        | BuildError::InvalidItemName { name } => Some(name.clone()),
        BuildError::DuplicateItemInOption { item }
        | BuildError::ColorOnPrimaryItem { item }
        | BuildError::BoundsOnSecondaryItem { item }
        | BuildError::LowerAboveUpper { item, .. }
        | BuildError::ZeroUpperBound { item } => item_name(*item),
        _ => None,
    };
    // The engine names items by number; a Python user gave names.
    let detail = match (error, &item) {
        (BuildError::DuplicateItemInOption { .. }, Some(name)) => {
            format!("item {name:?} appears twice in one option")
        }
        (BuildError::ColorOnPrimaryItem { .. }, Some(name)) => {
            format!("item {name:?} is primary: only secondary items can carry a color")
        }
        (BuildError::BoundsOnSecondaryItem { .. }, Some(name)) => {
            format!("item {name:?} is secondary: only primary items can have bounds")
        }
        (BuildError::LowerAboveUpper { lower, upper, .. }, Some(name)) => {
            format!("item {name:?}: the lower bound {lower} exceeds the upper bound {upper}")
        }
        (BuildError::ZeroUpperBound { .. }, Some(name)) => {
            format!("item {name:?}: an upper bound of 0 would keep it out of every solution")
        }
        _ => error.to_string(),
    };
    let message = match option {
        Some(option) => format!("option {option}: {detail}"),
        None => detail,
    };
    located::<ProblemError>(
        py,
        message,
        Location {
            item,
            option,
            line: None,
            column: None,
        },
    )
}

/// A panic of the engine (a bug) as a `RuntimeError`, so that it reaches
/// the caller as an ordinary exception instead of ending the interpreter.
pub fn panic_error(payload: Box<dyn Any + Send>) -> PyErr {
    let message = payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_owned());
    PyRuntimeError::new_err(format!(
        "internal error in the dancing engine (please report it): {message}"
    ))
}

/// A count or seed from Python, where a negative int is a ValueError
/// naming the argument (converting straight to `u64` would raise an
/// OverflowError that does not say what is wrong).
pub fn whole_number(name: &str, value: i128) -> PyResult<u64> {
    u64::try_from(value).map_err(|_| {
        PyValueError::new_err(format!(
            "{name} must be a whole number from 0 to {} (got {value})",
            u64::MAX
        ))
    })
}

/// [`whole_number`] for an optional argument.
pub fn optional_whole_number(name: &str, value: Option<i128>) -> PyResult<Option<u64>> {
    value.map(|value| whole_number(name, value)).transpose()
}
