//! `Problem(items, options, secondary, bounds)`: a problem from Python
//! values, with errors that name the option and the item.
//!
//! Names are those Knuth's format can hold ([`format::check_item_name`]),
//! so that `to_dlx` can write every problem: a name the text cannot hold
//! is refused here, where it was given, not when the problem is written.

use dancing::format::{self, ParseErrorKind};
use dancing::{ItemKind, ProblemBuilder};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString};

use crate::costs;
use crate::errors::{Location, ProblemError, build_error, located};

/// The most characters of a name an error message quotes.
const SHOWN_CHARS: usize = 40;

/// What to write for bounds, in errors.
const BOUNDS_FORM: &str =
    "an int n (exactly n) or a pair (lower, upper) of ints from 0 to 2**32 - 1";

/// An item's name: a str as it is, an int in decimal.
fn name_of(value: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(text) = value.cast::<PyString>() {
        return Ok(text.to_cow()?.into_owned());
    }
    // bool is an int in Python, but True as an item name is a mistake.
    if value.is_instance_of::<PyInt>() && !value.is_instance_of::<PyBool>() {
        return Ok(value.str()?.to_cow()?.into_owned());
    }
    Err(PyTypeError::new_err(format!(
        "an item name must be a str or an int, not {}",
        value.get_type().name()?
    )))
}

/// `name` quoted for an error message, escaped, and cut short if long.
fn quoted(name: &str) -> String {
    if name.chars().count() <= SHOWN_CHARS {
        return format!("{name:?}");
    }
    let head: String = name.chars().take(SHOWN_CHARS / 2).collect();
    format!("{head:?}... ({} bytes)", name.len())
}

/// The error of a problem given in code, about `item` (and option
/// `option`).
fn problem_error(py: Python<'_>, message: String, item: &str, option: Option<usize>) -> PyErr {
    let message = match option {
        Some(option) => format!("option {option}: {message}"),
        None => message,
    };
    located::<ProblemError>(
        py,
        message,
        Location {
            item: Some(item.to_owned()),
            option,
            ..Location::default()
        },
    )
}

/// Why the item name `name` (or the color name, `what` says which) cannot
/// be used, as the check of the format found it.
fn name_fault(what: &str, name: &str, fault: &ParseErrorKind) -> String {
    let reason = match fault {
        // The builder's rule, in the builder's words.
        ParseErrorKind::Build(error) => return error.to_string(),
        ParseErrorKind::CostOnItemLine(_) => {
            "it would read as a cost (`$` then a digit or `-`)".to_owned()
        }
        fault => fault.to_string(),
    };
    format!(
        "invalid {what} name {}: {reason}; a name must be one Knuth's DLX format can hold \
         (to_dlx writes it)",
        quoted(name)
    )
}

/// Declares the items of `names` of `kind`.
fn declare(builder: &mut ProblemBuilder, names: &Bound<'_, PyAny>, kind: ItemKind) -> PyResult<()> {
    let py = names.py();
    for name in names.try_iter()? {
        let name = name_of(&name?)?;
        if let Err(fault) = format::check_item_name(&name) {
            return Err(problem_error(
                py,
                name_fault("item", &name, &fault),
                &name,
                None,
            ));
        }
        let declared = match kind {
            ItemKind::Primary => builder.primary_item(&name),
            _ => builder.secondary_item(&name),
        };
        declared.map_err(|error| build_error(py, &error, None, |_| Some(name.clone())))?;
    }
    Ok(())
}

/// `(lower, upper)` from the bound of item `name` as given: `n` or
/// `(lower, upper)`.
fn bound_pair(name: &str, value: &Bound<'_, PyAny>) -> PyResult<(u32, u32)> {
    if let Ok(n) = value.extract::<u32>() {
        return Ok((n, n));
    }
    value.extract::<(u32, u32)>().map_err(|_| {
        let shown = value
            .repr()
            .map_or_else(|_| "?".to_owned(), |repr| repr.to_string());
        problem_error(
            value.py(),
            format!(
                "the bound of item {} is {shown}: a bound is {BOUNDS_FORM}",
                quoted(name)
            ),
            name,
            None,
        )
    })
}

/// Sets the bounds of `bounds`, a mapping from item names to bounds.
fn set_bounds(builder: &mut ProblemBuilder, bounds: &Bound<'_, PyAny>) -> PyResult<()> {
    let py = bounds.py();
    let Ok(pairs) = bounds.call_method0("items") else {
        return Err(PyTypeError::new_err(format!(
            "bounds must be a mapping (a dict) from item names to bounds, each {BOUNDS_FORM}, \
             like {{\"a\": (1, 2), \"b\": 3}}; not {}",
            bounds.get_type().name()?
        )));
    };
    for pair in pairs.try_iter()? {
        let (name, bound): (Bound<'_, PyAny>, Bound<'_, PyAny>) = pair?.extract()?;
        let name = name_of(&name)?;
        let Some(item) = builder.item_by_name(&name) else {
            return Err(problem_error(
                py,
                format!("bounds of an unknown item {}", quoted(&name)),
                &name,
                None,
            ));
        };
        let (lower, upper) = bound_pair(&name, &bound)?;
        builder
            .set_bounds(item, lower, upper)
            .map_err(|error| build_error(py, &error, None, |_| Some(name.clone())))?;
    }
    Ok(())
}

/// Adds the options of `options`, each an iterable of item names (a
/// secondary one with a color as `"x:red"`); returns how many there were.
fn add_options(builder: &mut ProblemBuilder, options: &Bound<'_, PyAny>) -> PyResult<usize> {
    let py = options.py();
    let mut entries = Vec::new();
    let mut names = Vec::new();
    let mut added = 0;
    for (index, option) in options.try_iter()?.enumerate() {
        entries.clear();
        names.clear();
        for entry in option?.try_iter()? {
            let text = name_of(&entry?)?;
            let (name, color) = match text.split_once(':') {
                Some((name, color)) => (name, Some(color)),
                None => (text.as_str(), None),
            };
            let Some(item) = builder.item_by_name(name) else {
                return Err(problem_error(
                    py,
                    format!("unknown item {}", quoted(name)),
                    name,
                    Some(index),
                ));
            };
            let color =
                match color {
                    Some(color) => {
                        if let Err(fault) = format::check_color_name(color) {
                            let message = name_fault("color", color, &fault);
                            return Err(problem_error(py, message, name, Some(index)));
                        }
                        Some(builder.color(color).map_err(|error| {
                            problem_error(py, error.to_string(), name, Some(index))
                        })?)
                    }
                    None => None,
                };
            entries.push((item, color));
            names.push(name.to_owned());
        }
        builder
            .colored_option(entries.iter().copied())
            .map_err(|error| {
                build_error(py, &error, Some(index), |item| {
                    entries
                        .iter()
                        .position(|&(entry, _)| entry == item)
                        .map(|k| names[k].clone())
                })
            })?;
        added = index + 1;
    }
    Ok(added)
}

/// The problem of `Problem(items, options, secondary, bounds, costs)`.
pub fn from_values(
    items: &Bound<'_, PyAny>,
    options: &Bound<'_, PyAny>,
    secondary: Option<&Bound<'_, PyAny>>,
    bounds: Option<&Bound<'_, PyAny>>,
    costs: Option<&Bound<'_, PyAny>>,
) -> PyResult<dancing::Problem> {
    let py = items.py();
    let mut builder = ProblemBuilder::new();
    declare(&mut builder, items, ItemKind::Primary)?;
    if let Some(secondary) = secondary {
        declare(&mut builder, secondary, ItemKind::Secondary)?;
    }
    if let Some(bounds) = bounds {
        set_bounds(&mut builder, bounds)?;
    }
    let added = add_options(&mut builder, options)?;
    if let Some(costs) = costs {
        costs::set_costs(&mut builder, costs, added)?;
    }
    builder
        .build()
        .map_err(|error| build_error(py, &error, None, |_| None))
}

/// Refuses a problem made elsewhere (a generator given words or pieces)
/// with a name Knuth's format cannot hold, as `Problem(...)` would.
pub fn check_names(py: Python<'_>, problem: &dancing::Problem) -> PyResult<()> {
    for item in problem.items() {
        let Some(name) = problem.item_name(item) else {
            continue;
        };
        if let Err(fault) = format::check_item_name(name) {
            return Err(problem_error(
                py,
                name_fault("item", name, &fault),
                name,
                None,
            ));
        }
    }
    for color in (0..problem.color_count()).map(dancing::ColorId::new) {
        let Some(name) = problem.color_name(color) else {
            continue;
        };
        if let Err(fault) = format::check_color_name(name) {
            return Err(PyValueError::new_err(name_fault("color", name, &fault)));
        }
    }
    Ok(())
}
