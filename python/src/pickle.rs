//! The pickled form of a `Problem`: its parts as they are, so that
//! unpickling builds an equal problem whatever it holds. Knuth's text is
//! not enough: it has no line for an empty option (a blank line is
//! skipped), which `Problem([...], [[]])` and an all-zero row of
//! `from_matrix` make.
//!
//! The state is a tuple: the item names (None for an unnamed item) and
//! whether each is primary, in the order declared; the color names, in
//! the order of their ids; the options' lengths, their entries' items and
//! colors (0 for none, else the color's id + 1), each as little-endian
//! 32-bit words in a `bytes`; the bounds other than (1, 1) as
//! `(item, lower, upper)`; and the costs other than 0 as `(option, cost)`.

use dancing::{ColorId, ItemId, ItemKind, OptionId, ProblemBuilder};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyTuple};

/// A pickled problem, as a Rust value.
type State<'py> = (
    Vec<Option<String>>,
    Vec<bool>,
    Vec<String>,
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    Vec<(usize, u32, u32)>,
    Vec<(usize, u64)>,
);

/// Little-endian 32-bit words.
fn words(values: impl Iterator<Item = u32>) -> Vec<u8> {
    values.flat_map(u32::to_le_bytes).collect()
}

/// The words of [`words`] back.
fn read_words(bytes: &[u8]) -> PyResult<Vec<u32>> {
    if !bytes.len().is_multiple_of(4) {
        return Err(bad(
            "a list of words has a length that is not a multiple of 4",
        ));
    }
    Ok(bytes
        .chunks_exact(4)
        .map(|word| u32::from_le_bytes([word[0], word[1], word[2], word[3]]))
        .collect())
}

/// A count as a word: problems have fewer than 2^30 entries.
fn word(value: usize) -> u32 {
    u32::try_from(value).expect("a problem's counts fit in 32 bits")
}

fn bad(why: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(format!("not a pickled dancing.Problem: {why}"))
}

/// The state of `problem`.
pub fn state<'py>(py: Python<'py>, problem: &dancing::Problem) -> PyResult<Bound<'py, PyTuple>> {
    let names: Vec<Option<&str>> = problem
        .items()
        .map(|item| problem.item_name(item))
        .collect();
    let primary: Vec<bool> = problem
        .items()
        .map(|item| problem.item_kind(item) == ItemKind::Primary)
        .collect();
    let colors: Vec<String> = (0..problem.color_count())
        .map(|k| match problem.color_name(ColorId::new(k)) {
            Some(name) => name.to_owned(),
            // As the DLX writer names it.
            None => format!("#{k}"),
        })
        .collect();
    let lengths = words(problem.options().map(|(_, items)| word(items.len())));
    let entries = words(
        problem
            .options()
            .flat_map(|(_, items)| items.iter().map(|item| word(item.index()))),
    );
    let entry_colors = if problem.has_colors() {
        words(problem.options().flat_map(|(option, _)| {
            problem
                .option_colors(option)
                .map(|color| color.map_or(0, |color| word(color.index() + 1)))
        }))
    } else {
        Vec::new()
    };
    let bounds: Vec<(usize, u32, u32)> = problem
        .items()
        .filter(|&item| problem.item_kind(item) == ItemKind::Primary)
        .map(|item| (item.index(), problem.item_bounds(item)))
        .filter(|&(_, bounds)| bounds != (1, 1))
        .map(|(item, (lower, upper))| (item, lower, upper))
        .collect();
    let costs: Vec<(usize, u64)> = (0..problem.option_count())
        .map(|k| (k, problem.option_cost(OptionId::new(k))))
        .filter(|&(_, cost)| cost > 0)
        .collect();
    (
        names,
        primary,
        colors,
        PyBytes::new(py, &lengths),
        PyBytes::new(py, &entries),
        PyBytes::new(py, &entry_colors),
        bounds,
        costs,
    )
        .into_pyobject(py)
}

/// The problem of `state`, as [`state`] made it.
pub fn problem_from_state(state: &Bound<'_, PyAny>) -> PyResult<dancing::Problem> {
    let (names, primary, colors, lengths, entries, entry_colors, bounds, costs): State<'_> =
        state.extract()?;
    if names.len() != primary.len() {
        return Err(bad("as many item kinds as items are needed"));
    }
    let mut builder = ProblemBuilder::new();
    for (name, &primary) in names.iter().zip(&primary) {
        let declared = match (name, primary) {
            (Some(name), true) => builder.primary_item(name),
            (Some(name), false) => builder.secondary_item(name),
            (None, true) => builder.primary_items(1),
            (None, false) => builder.secondary_items(1),
        };
        declared.map_err(bad)?;
    }
    for (item, lower, upper) in bounds {
        builder
            .set_bounds(ItemId::new(item), lower, upper)
            .map_err(bad)?;
    }
    let colors = colors
        .iter()
        .map(|name| builder.color(name))
        .collect::<Result<Vec<_>, _>>()
        .map_err(bad)?;
    let entries = read_words(entries.as_bytes())?;
    let entry_colors = read_words(entry_colors.as_bytes())?;
    if !entry_colors.is_empty() && entry_colors.len() != entries.len() {
        return Err(bad("as many entry colors as entries are needed"));
    }
    let mut start: usize = 0;
    for length in read_words(lengths.as_bytes())? {
        let end = usize::try_from(length)
            .ok()
            .and_then(|length| start.checked_add(length))
            .filter(|&end| end <= entries.len())
            .ok_or_else(|| bad("options longer than the entries"))?;
        let option = (start..end).map(|k| {
            let item = ItemId::new(usize::try_from(entries[k]).unwrap_or(usize::MAX));
            let color = match entry_colors.get(k).copied().unwrap_or(0) {
                0 => Ok(None),
                code => usize::try_from(code - 1)
                    .ok()
                    .and_then(|id| colors.get(id).copied())
                    .map(Some)
                    .ok_or_else(|| bad("an entry of an unknown color")),
            };
            color.map(|color| (item, color))
        });
        let option = option.collect::<PyResult<Vec<_>>>()?;
        builder.colored_option(option).map_err(bad)?;
        start = end;
    }
    if start != entries.len() {
        return Err(bad("entries beyond the options"));
    }
    for (option, cost) in costs {
        builder
            .set_option_cost(OptionId::new(option), cost)
            .map_err(bad)?;
    }
    builder.build().map_err(bad)
}
