//! `dancing.Problem`: an exact-cover problem, built from Python values or
//! read from Knuth's DLX format, and its searches.

use std::fs::File;
use std::io::BufReader;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use bumpalo::Bump;
use dancing::expert::{Search, Solver, Template};
use dancing::{Config, Counting, Engine, ItemKind, OptionId, ProblemBuilder, StopReason, format};
use pyo3::exceptions::{PyIndexError, PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};

use crate::errors::{Location, ProblemError, build_error, located, parse_error};
use crate::matrix;
use crate::solutions::Solutions;
use crate::stats::Stats;
use crate::stop::{self, Limits, PROGRESS_INTERVAL, Stopper};

/// Read-ahead of `Problem.from_file`: the engine's reader bounds each line
/// (64 MiB) whatever the buffer.
const FILE_BUFFER: usize = 1 << 16;

/// An exact-cover problem: items, and options that are sets of items.
///
/// A solution is a set of options that covers every primary item exactly
/// once (or between its bounds) and every secondary item at most once
/// (or, where options give it a color, only by options of one color).
///
/// ``Problem(items, options, secondary=(), bounds=None)`` builds one:
/// ``items`` are the primary items' names (str, or int for a name written
/// in digits), ``options`` an iterable of options, each an iterable of item
/// names; a secondary item may carry a color, ``"x:red"``, as in Knuth's
/// format; ``bounds`` maps a primary item to ``(lower, upper)`` (or to
/// ``n``: exactly n). ``Problem.from_dlx``, ``Problem.from_file`` and
/// ``Problem.from_matrix`` read other forms.
///
/// Options are numbered from 0 in the order given: a solution is a list of
/// those numbers, and ``problem.option(i)`` gives option ``i`` back.
/// A Problem is immutable and may be searched from several threads; its
/// ``stats`` are those of the last search that ended.
///
/// >>> p = Problem(["a", "b", "c"], [["a", "b"], ["c"], ["a"], ["b", "c"]])
/// >>> sorted(sorted(s) for s in p.solutions())
/// [[0, 1], [2, 3]]
#[pyclass(module = "dancing", frozen)]
pub struct Problem {
    pub(crate) inner: Arc<dancing::Problem>,
    warnings: Vec<String>,
    last: Mutex<Option<Stats>>,
}

impl Problem {
    pub(crate) fn wrap(problem: dancing::Problem, warnings: Vec<String>) -> Problem {
        Problem {
            inner: Arc::new(problem),
            warnings,
            last: Mutex::new(None),
        }
    }

    /// Keeps `stats` as the last search's.
    pub(crate) fn remember(&self, stats: Stats) {
        *self
            .last
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(stats);
    }

    /// The text of option `option`: its items, with colors as `x:a`.
    fn option_names(&self, option: OptionId) -> Vec<String> {
        let problem = &*self.inner;
        problem
            .option(option)
            .iter()
            .zip(problem.option_colors(option))
            .map(|(&item, color)| {
                let name = problem.item_name(item).unwrap_or_default();
                match color.and_then(|color| problem.color_name(color)) {
                    Some(color) => format!("{name}:{color}"),
                    None => name.to_owned(),
                }
            })
            .collect()
    }

    fn names_of(&self, kind: ItemKind) -> Vec<String> {
        let problem = &*self.inner;
        problem
            .items()
            .filter(|&item| problem.item_kind(item) == kind)
            .map(|item| problem.item_name(item).unwrap_or_default().to_owned())
            .collect()
    }
}

/// An item's name: a str as it is, an int in decimal.
pub fn name_of(value: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(text) = value.cast::<PyString>() {
        return Ok(text.to_cow()?.into_owned());
    }
    // bool is an int in Python, but True as an item name is a mistake.
    if value.is_instance_of::<pyo3::types::PyInt>()
        && !value.is_instance_of::<pyo3::types::PyBool>()
    {
        return Ok(value.str()?.to_cow()?.into_owned());
    }
    Err(PyTypeError::new_err(format!(
        "an item name must be a str or an int, not {}",
        value.get_type().name()?
    )))
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

/// Declares the items of `names` of `kind`.
fn declare(builder: &mut ProblemBuilder, names: &Bound<'_, PyAny>, kind: ItemKind) -> PyResult<()> {
    let py = names.py();
    for name in names.try_iter()? {
        let name = name_of(&name?)?;
        let declared = match kind {
            ItemKind::Primary => builder.primary_item(&name),
            _ => builder.secondary_item(&name),
        };
        declared.map_err(|error| build_error(py, &error, None, |_| Some(name.clone())))?;
    }
    Ok(())
}

/// `(lower, upper)` from a bound as given: `n` or `(lower, upper)`.
fn bound_pair(value: &Bound<'_, PyAny>) -> PyResult<(u32, u32)> {
    if let Ok(n) = value.extract::<u32>() {
        return Ok((n, n));
    }
    value.extract::<(u32, u32)>().map_err(|_| {
        PyValueError::new_err(
            "a bound is an int n (exactly n) or a pair (lower, upper) of ints from 0 to 2**32 - 1",
        )
    })
}

#[pymethods]
impl Problem {
    #[new]
    #[pyo3(signature = (items, options, secondary = None, bounds = None))]
    #[pyo3(text_signature = "(items, options, secondary=(), bounds=None)")]
    fn new(
        py: Python<'_>,
        items: &Bound<'_, PyAny>,
        options: &Bound<'_, PyAny>,
        secondary: Option<&Bound<'_, PyAny>>,
        bounds: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Problem> {
        let mut builder = ProblemBuilder::new();
        declare(&mut builder, items, ItemKind::Primary)?;
        if let Some(secondary) = secondary {
            declare(&mut builder, secondary, ItemKind::Secondary)?;
        }
        if let Some(bounds) = bounds {
            let bounds = bounds.call_method0("items")?;
            for pair in bounds.try_iter()? {
                let (name, bound): (Bound<'_, PyAny>, Bound<'_, PyAny>) = pair?.extract()?;
                let name = name_of(&name)?;
                let Some(item) = builder.item_by_name(&name) else {
                    return Err(problem_error(
                        py,
                        format!("bounds of an unknown item {name:?}"),
                        &name,
                        None,
                    ));
                };
                let (lower, upper) = bound_pair(&bound)?;
                builder
                    .set_bounds(item, lower, upper)
                    .map_err(|error| build_error(py, &error, None, |_| Some(name.clone())))?;
            }
        }
        let mut entries = Vec::new();
        let mut names = Vec::new();
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
                        format!("unknown item {name:?}"),
                        name,
                        Some(index),
                    ));
                };
                let color = match color {
                    Some(color) => Some(builder.color(color).map_err(|error| {
                        problem_error(py, error.to_string(), name, Some(index))
                    })?),
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
        }
        let problem = builder
            .build()
            .map_err(|error| build_error(py, &error, None, |_| None))?;
        Ok(Problem::wrap(problem, Vec::new()))
    }

    /// Reads a problem in Knuth's DLX format from a string.
    ///
    /// Raises ParseError (a ValueError) at the line and column of the first
    /// mistake. Options with no primary item are kept (and numbered) but
    /// ignored by the search, with a warning in ``problem.warnings``.
    #[staticmethod]
    fn from_dlx(py: Python<'_>, text: String) -> PyResult<Problem> {
        let stopper = Stopper::new();
        let watch = stopper.clone();
        let parsed = stopper.run_detached(py, move || {
            format::read_with(text.as_bytes(), &watch.stop())
        })?;
        finish_reading(py, None, parsed)
    }

    /// Reads a problem in Knuth's DLX format from a file (a path).
    ///
    /// Lines are read one at a time (a line longer than 64 MiB is an
    /// error), without the GIL, and Ctrl-C stops a long read. Errors name
    /// the file, as ``dlx solve`` does: ``PATH:LINE:COLUMN: message``.
    #[staticmethod]
    fn from_file(py: Python<'_>, path: PathBuf) -> PyResult<Problem> {
        let stopper = Stopper::new();
        let watch = stopper.clone();
        let opened = path.clone();
        let parsed = stopper.run_detached(py, move || {
            let file = File::open(&opened)?;
            let reader = BufReader::with_capacity(FILE_BUFFER, file);
            Ok::<_, std::io::Error>(format::read_with(reader, &watch.stop()))
        })?;
        let shown = path.display().to_string();
        let parsed = parsed.map_err(|error| {
            PyOSError::new_err((
                error.raw_os_error().unwrap_or(0),
                error.to_string(),
                shown.clone(),
            ))
        })?;
        finish_reading(py, Some(&shown), parsed)
    }

    /// A problem of plain exact cover from a 0-1 matrix: rows are options,
    /// columns items (named "0", "1", ...), the last ``secondary`` columns
    /// secondary.
    ///
    /// ``matrix`` is a 2-D numpy array (of bool or numbers 0 and 1), any
    /// object with the buffer protocol (a 2-D memoryview), or a sequence
    /// of rows. numpy is not needed. A matrix with no column is an error;
    /// so is an entry other than 0 or 1, at its row (``option``) and column
    /// (``item``).
    #[staticmethod]
    #[pyo3(signature = (matrix, secondary = 0))]
    fn from_matrix(matrix: &Bound<'_, PyAny>, secondary: usize) -> PyResult<Problem> {
        matrix::problem_from_matrix(matrix, secondary)
            .map(|problem| Problem::wrap(problem, Vec::new()))
    }

    /// The problem in Knuth's DLX format, which ``from_dlx`` reads back.
    fn to_dlx(&self) -> PyResult<String> {
        let mut out = Vec::new();
        format::write(&self.inner, &mut out)?;
        String::from_utf8(out).map_err(|error| PyValueError::new_err(error.to_string()))
    }

    /// Option ``index``: its items' names, a colored one as ``"x:a"``.
    fn option(&self, index: isize) -> PyResult<Vec<String>> {
        let count = self.inner.option_count();
        let resolved = if index < 0 {
            count.checked_sub(index.unsigned_abs())
        } else {
            Some(index.unsigned_abs())
        };
        match resolved {
            Some(k) if k < count => Ok(self.option_names(OptionId::new(k))),
            _ => Err(PyIndexError::new_err(format!(
                "option {index} out of range: the problem has {count} options"
            ))),
        }
    }

    /// Every option, as ``option(i)`` gives it.
    fn options(&self) -> Vec<Vec<String>> {
        (0..self.inner.option_count())
            .map(|k| self.option_names(OptionId::new(k)))
            .collect()
    }

    /// The primary items' names, in order.
    #[getter]
    fn items(&self) -> Vec<String> {
        self.names_of(ItemKind::Primary)
    }

    /// The secondary items' names, in order.
    #[getter]
    fn secondary(&self) -> Vec<String> {
        self.names_of(ItemKind::Secondary)
    }

    /// The bounds of the primary items that have other bounds than (1, 1).
    #[getter]
    fn bounds<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        let problem = &*self.inner;
        for item in problem.items() {
            if problem.item_kind(item) == ItemKind::Primary && problem.item_bounds(item) != (1, 1) {
                dict.set_item(problem.item_name(item), problem.item_bounds(item))?;
            }
        }
        Ok(dict)
    }

    /// What the reader noticed but accepted, as ``"LINE: warning: ..."``.
    #[getter]
    fn warnings(&self) -> Vec<String> {
        self.warnings.clone()
    }

    /// The figures of the last search that ended (``None`` before any).
    #[getter]
    fn stats(&self) -> Option<Stats> {
        self.last
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }

    /// The number of options.
    fn __len__(&self) -> usize {
        self.inner.option_count()
    }

    fn __repr__(&self) -> String {
        let problem = &*self.inner;
        let mut kinds = Vec::new();
        if problem.has_colors() {
            kinds.push("colors");
        }
        if problem.has_bounds() {
            kinds.push("bounds");
        }
        let extra = if kinds.is_empty() {
            String::new()
        } else {
            format!(", with {}", kinds.join(" and "))
        };
        format!(
            "<dancing.Problem: {} primary items, {} secondary, {} options{extra}>",
            problem.primary_count(),
            problem.secondary_count(),
            problem.option_count()
        )
    }

    /// Counts the solutions without listing them; returns a ``Count``, an
    /// int that also carries ``complete``, ``stop`` and ``stats``.
    ///
    /// ``threads``: None for one, 0 for one per core. ``memo``: count with
    /// a cache of subproblems (Knuth's DLX6; exact past 2**64, far faster
    /// where subproblems repeat). ``time_limit`` (seconds) and
    /// ``max_nodes`` stop the count early: the result is then a lower
    /// bound and ``complete`` is False. Ctrl-C raises KeyboardInterrupt
    /// within a tenth of a second; ``stats`` then holds the figures so far.
    /// The GIL is released while counting.
    #[pyo3(signature = (threads = None, memo = false, time_limit = None, max_nodes = None))]
    fn count(
        &self,
        py: Python<'_>,
        threads: Option<usize>,
        memo: bool,
        time_limit: Option<f64>,
        max_nodes: Option<i128>,
    ) -> PyResult<Py<PyAny>> {
        let threads = stop::threads(threads)?;
        let max_nodes = crate::errors::optional_whole_number("max_nodes", max_nodes)?;
        let limits = Limits::new(time_limit, max_nodes)?;
        let stopper = Stopper::new();
        let problem = Arc::clone(&self.inner);
        let watch = stopper.clone();
        let started = Instant::now();
        let (solutions, stats) = catch_stats(self, &stopper, py, threads, started, move || {
            count_through_engine(&problem, threads, memo, limits, &watch)
        })?;
        let stats = Stats::new(&stats, solutions, threads, started.elapsed().as_secs_f64());
        self.remember(stats.clone());
        let count = py.import("dancing._results")?.getattr("Count")?;
        Ok(count.call1((solutions, stats))?.unbind())
    }

    /// The first solution (a list of option indices), or None if there is
    /// none or a limit stopped the search first (then ``stats.complete``
    /// is False and ``stats.stop`` says which).
    #[pyo3(signature = (time_limit = None, max_nodes = None))]
    fn first(
        &self,
        py: Python<'_>,
        time_limit: Option<f64>,
        max_nodes: Option<i128>,
    ) -> PyResult<Option<Vec<usize>>> {
        let max_nodes = crate::errors::optional_whole_number("max_nodes", max_nodes)?;
        let limits = Limits::new(time_limit, max_nodes)?;
        let stopper = Stopper::new();
        let problem = Arc::clone(&self.inner);
        let watch = stopper.clone();
        let started = Instant::now();
        let (found, stats) = catch_stats(self, &stopper, py, 1, started, move || {
            let Some(template) = Template::link(&problem, &watch.stop()) else {
                return (None, stopped_stats(StopReason::Cancelled));
            };
            let bump = Bump::new();
            let mut solver =
                Solver::from_template(&template, &bump).with_config(limits.config(&watch, 1));
            let found = solver.first();
            (found, solver.stats())
        })?;
        let solutions = u128::from(stats.solutions);
        self.remember(Stats::new(
            &stats,
            solutions,
            1,
            started.elapsed().as_secs_f64(),
        ));
        Ok(found.map(|options| options.iter().map(|option| option.index()).collect()))
    }

    /// The solutions, one at a time: a generator of lists of option
    /// indices, in the order of Knuth's DLX1 (or, with ``seed``, of a
    /// search on the problem shuffled by that seed).
    ///
    /// The search pauses between solutions (without the GIL while it
    /// runs), so ``itertools.islice`` and ``break`` cost nothing further,
    /// and memory stays flat however many solutions are taken. ``limit``
    /// stops after that many. ``problem.stats`` follows the search.
    #[pyo3(signature = (limit = None, seed = None))]
    fn solutions(
        slf: Bound<'_, Self>,
        limit: Option<i128>,
        seed: Option<i128>,
    ) -> PyResult<Solutions> {
        let limit = crate::errors::optional_whole_number("limit", limit)?;
        let seed = crate::errors::optional_whole_number("seed", seed)?;
        Ok(Solutions::new(slf, limit, seed))
    }

    /// Pickling: the problem in DLX format.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let text = slf.get().to_dlx()?;
        let from_dlx = slf.get_type().getattr("from_dlx")?;
        PyTuple::new(py, [from_dlx, PyTuple::new(py, [text])?.into_any()])
    }
}

/// A problem read from text, or the reader's error (named after `source`).
fn finish_reading(
    py: Python<'_>,
    source: Option<&str>,
    parsed: Result<format::Parsed, format::ParseError>,
) -> PyResult<Problem> {
    let parsed = parsed.map_err(|error| parse_error(py, source, &error))?;
    let warnings = parsed
        .warnings
        .iter()
        .map(|warning| match source {
            Some(source) => format!("{source}:{warning}"),
            None => warning.to_string(),
        })
        .collect();
    Ok(Problem::wrap(parsed.problem, warnings))
}

/// Runs a search without the GIL. On Ctrl-C the figures so far become the
/// problem's `stats` before KeyboardInterrupt is raised.
fn catch_stats<T, F>(
    problem: &Problem,
    stopper: &Stopper,
    py: Python<'_>,
    threads: usize,
    started: Instant,
    work: F,
) -> PyResult<(T, dancing::Stats)>
where
    T: Send,
    F: FnOnce() -> (T, dancing::Stats) + Send,
{
    let mut kept = None;
    let result = stopper.run_detached(py, || {
        let (value, stats) = work();
        kept = Some(stats);
        (value, stats)
    });
    if let (Err(_), Some(stats)) = (&result, kept) {
        let mut stats = stats;
        if stats.is_complete() {
            // Interrupted after the end: the figures are whole, but the
            // caller sees the interrupt, not them.
            stats.stop = StopReason::Interrupted;
        }
        let solutions = u128::from(stats.solutions);
        problem.remember(Stats::new(
            &stats,
            solutions,
            threads,
            started.elapsed().as_secs_f64(),
        ));
    }
    result
}

/// Figures of a search stopped before it started.
fn stopped_stats(stop: StopReason) -> dancing::Stats {
    dancing::Stats {
        stop,
        ..dancing::Stats::default()
    }
}

/// Counts on `threads` threads, with the cache of subproblems if `memo`,
/// as `dlx solve --count [--memo]` does: through the engine's front door,
/// which falls back to the plain search when the cache does not pay.
fn count_through_engine(
    problem: &Arc<dancing::Problem>,
    threads: usize,
    memo: bool,
    limits: Limits,
    stopper: &Stopper,
) -> (u128, dancing::Stats) {
    let counting = if memo {
        Counting::memo()
    } else {
        Counting::Plain
    };
    let config = Config::new()
        .threads(threads)
        .counting(counting)
        .progress_interval(PROGRESS_INTERVAL);
    // Linking a huge problem takes a while: Ctrl-C stops it too.
    let Some(engine) = Engine::builder()
        .config(config)
        .build_until(Arc::clone(problem), &stopper.stop())
    else {
        return (0, stopped_stats(StopReason::Cancelled));
    };
    match engine.count(&limits.request(stopper)) {
        Ok(report) => (report.solutions, report.stats),
        // Only an overflow of u128, which no search lives to see; reported
        // as the incomplete count it is.
        Err(_) => (u128::MAX, stopped_stats(StopReason::Failed)),
    }
}
