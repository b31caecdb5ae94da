//! `dancing.merge`: results of tasks added up exactly, by the ledger of
//! `dlx merge` (`dancing_tasks::merge`): every task of the split, and of
//! the frontiers stopped tasks left, accounted for once, with its
//! refusals (another split, a changed line, results that disagree).

use dancing_tasks::found::{self, BestTotal, OptionIndex};
use dancing_tasks::merge::Ledger;
use dancing_tasks::progress::Progress;
use dancing_tasks::results::ResultOutcome;
use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;
use serde_json::Value;

use crate::errors::{DancingError, Location, located};
use crate::tasks::{
    Task, TaskResult, bound_task, digest_of, json_to_python, option_indices, task_file,
};

create_exception!(
    dancing,
    MergeError,
    DancingError,
    "Results of tasks that do not add up, whatever is rerun: of another \
     problem or split, a changed or malformed line, a path or id that is not \
     the split's, results of one task that disagree, a failed task. \
     `faults` lists every one, in `dlx merge`'s words."
);

/// The most faults a `MergeError`'s message names; `faults` has them all.
const NAMED: usize = 20;

/// Where the results stand after a merge that found no fault: the exact
/// totals when ``complete``, else what is still to run.
///
/// ``complete``: every task of the split, and of the frontiers its
/// stopped tasks left, has a result. Then ``solutions``, ``nodes``,
/// ``updates``, ``cleansings`` and ``max_depth`` are those of the whole
/// search (``seconds`` the task time), as ``dlx merge --stats`` prints
/// them. Otherwise they add up the results so far, ``missing`` names the
/// tasks with no result (``not_started``: those a budget kept from
/// starting, with why), and ``rerun`` holds those of them whose path is
/// known (all, when ``tasks`` was given), to run and merge with the rest.
/// ``fraction_done``, ``estimated_nodes_left``, ``tasks_left_unsized`` and
/// ``estimated_task_seconds_left`` say how far the run is, from the
/// tasks' estimates, as ``dlx merge --progress`` reckons it.
#[pyclass(module = "dancing", frozen, get_all)]
pub struct Merge {
    /// Whether every task has its result.
    pub complete: bool,
    /// "complete" or "incomplete".
    pub status: &'static str,
    pub solutions: u64,
    pub nodes: u64,
    pub updates: u64,
    pub cleansings: u64,
    pub max_depth: usize,
    /// The tasks' wall time, added up.
    pub seconds: f64,
    /// Tasks expected in all: the split's and the frontiers'.
    pub tasks: usize,
    /// Tasks with a complete result, and with a stopped one.
    pub done: usize,
    pub stopped: usize,
    /// The ids of the tasks with no result, in the order of the account.
    pub missing: Vec<String>,
    /// `(id, why)` of the missing tasks that a budget kept from starting.
    pub not_started: Vec<(String, String)>,
    /// The missing tasks whose paths are known, to run again.
    pub rerun: Vec<Task>,
    /// Results given more than once (the same), counted once.
    pub duplicates: usize,
    /// The split's identity and the problem's digest.
    pub split: String,
    pub digest: String,
    /// The fraction of the tree done, as far as the tasks' estimates go
    /// (`dlx merge --progress`): 1.0 when complete; None when tasks are
    /// left and none of them has an estimate to go by.
    pub fraction_done: Option<f64>,
    /// The estimated nodes of the tasks left that have a size, and how
    /// many tasks left have none (not counted: the fraction is then an
    /// upper bound).
    pub estimated_nodes_left: u64,
    pub tasks_left_unsized: usize,
    /// The task time left at the task time per node so far, if anything
    /// has been timed (divide by the workers running at once).
    pub estimated_task_seconds_left: Option<f64>,
    /// The solutions of results that hold them, as `dlx merge --solutions`
    /// and its merge of `--best K` give them: for listings, every solution
    /// in the order of the search; for the K best, the K cheapest,
    /// cheapest first (ties in the order of the search). Lists of option
    /// indices when `merge` was given the problem, else as result lines
    /// hold them (each option the list of its entries). None for counts.
    /// The solutions so far when not `complete`.
    pub found: Option<Py<PyAny>>,
    /// For the K best: the cost of each solution of `found`; else None.
    pub costs: Option<Vec<u64>>,
    /// For the K best: K; else None.
    pub best: Option<u64>,
}

#[pymethods]
impl Merge {
    fn __repr__(&self) -> String {
        if self.complete {
            format!(
                "<dancing.Merge: complete, {} solutions, {} nodes, from {} tasks>",
                self.solutions, self.nodes, self.tasks
            )
        } else {
            format!(
                "<dancing.Merge: incomplete, {} of {} tasks missing>",
                self.missing.len(),
                self.tasks
            )
        }
    }
}

/// Adds up ``results`` (``TaskResult`` objects, or the JSON lines ``dlx
/// solve --tasks`` writes, in any mix and order) of one split, exactly as
/// ``dlx merge`` does, and returns a ``Merge``. ``tasks``: the split's
/// tasks (``Problem.split``'s, or ``read_tasks`` of its task file), so
/// that the paths are checked and a missing task can be rerun; without
/// it, the split is the one the first result names.
///
/// Raises ``MergeError`` when the results do not add up, whatever is
/// rerun (its ``faults`` name each: ``results[K]`` for the K-th result).
/// An incomplete merge is no error: ``complete`` is False, and
/// ``missing`` and ``rerun`` say what is left.
///
/// Results that hold solutions (``Task.run(solutions=True)`` or
/// ``best=K``, or ``dlx solve --tasks`` without ``--count``) merge into
/// ``found`` (and, for the K best, ``costs``); ``problem``, the problem the
/// results are of, makes ``found`` lists of option indices as
/// ``Problem.solutions()`` gives them. Results run for the K best and
/// otherwise, or with different K, or listings with counts, raise
/// ``MergeError``.
#[pyfunction]
#[pyo3(signature = (results, tasks = None, problem = None))]
pub fn merge(
    py: Python<'_>,
    results: &Bound<'_, PyAny>,
    tasks: Option<&Bound<'_, PyAny>>,
    problem: Option<&Bound<'_, crate::handle::Problem>>,
) -> PyResult<Merge> {
    let mut ledger = Ledger::default();
    if let Some(tasks) = tasks {
        ledger.set_task_file("tasks", task_file(py, tasks)?);
    }
    for (k, result) in results.try_iter()?.enumerate() {
        let result = result?;
        let place = format!("results[{k}]");
        if let Ok(result) = result.cast::<TaskResult>() {
            ledger.note(place, result.get().line.clone());
        } else if result.is_instance_of::<PyString>() {
            let line: String = result.extract()?;
            let line = line.strip_suffix('\n').unwrap_or(&line);
            let line = line.strip_suffix('\r').unwrap_or(line);
            ledger.note_line(place, line.as_bytes(), true);
        } else {
            return Err(PyTypeError::new_err(format!(
                "results[{k}] is a {}, not a dancing.TaskResult or a result line (str)",
                result.get_type().name()?
            )));
        }
    }
    ledger.account();
    let total = dancing_tasks::merge::total(&ledger.accepted);
    let Some((digest, split)) = ledger.identity else {
        return Err(merge_error(
            py,
            vec!["no result to merge, and no tasks: nothing is known of the split".into()],
        ));
    };
    if !ledger.faults.is_empty() {
        let faults = ledger.faults.iter().map(|fault| fault.describe()).collect();
        return Err(merge_error(py, faults));
    }
    let (stats, seconds) = total.map_err(|message| merge_error(py, vec![message]))?;
    let index = match problem {
        None => None,
        Some(problem) => {
            let problem = problem.get().shared();
            let of = digest_of(py, &problem)?;
            if of != digest {
                return Err(PyValueError::new_err(format!(
                    "problem is not the problem of the results (its digest is {of}, the results' {digest})"
                )));
            }
            Some(OptionIndex::new(&problem))
        }
    };
    let (found, costs, best) = solutions_found(py, &ledger, index.as_ref())?;
    let complete = ledger.missing.is_empty();
    // Estimates past 2^64 nodes are not to be trusted: no progress then.
    let progress = Progress::of(&ledger, stats.nodes, seconds).ok();
    Ok(Merge {
        complete,
        status: if complete { "complete" } else { "incomplete" },
        solutions: stats.solutions,
        nodes: stats.nodes,
        updates: stats.updates,
        cleansings: stats.cleansings,
        max_depth: stats.max_depth,
        seconds,
        tasks: ledger.expected,
        done: ledger.done,
        stopped: ledger.stopped,
        missing: ledger.missing.iter().map(|m| m.id.clone()).collect(),
        not_started: ledger
            .missing
            .iter()
            .filter_map(|m| Some((m.id.clone(), m.not_started.as_ref()?.1.clone())))
            .collect(),
        rerun: ledger
            .missing
            .iter()
            .filter_map(|m| Some(bound_task(m.task.as_ref()?, split, digest)))
            .collect(),
        duplicates: ledger.duplicates.len(),
        split: split.to_string(),
        digest: digest.to_string(),
        fraction_done: progress.as_ref().and_then(Progress::fraction_done),
        estimated_nodes_left: progress.as_ref().map_or(0, |p| p.nodes_left),
        tasks_left_unsized: progress.as_ref().map_or(0, |p| p.unknown_size),
        estimated_task_seconds_left: progress.as_ref().and_then(Progress::seconds_left),
        found,
        costs,
        best,
    })
}

/// The merged solutions, their costs and K (see [`Merge::found`]).
type Found = (Option<Py<PyAny>>, Option<Vec<u64>>, Option<u64>);

/// The merged solutions, their costs and K (see [`Merge::found`]), by
/// `dancing_tasks::found`'s merge; refused in Python's words when the
/// results were run in different ways.
fn solutions_found(
    py: Python<'_>,
    ledger: &Ledger,
    index: Option<&OptionIndex>,
) -> PyResult<Found> {
    let best = BestTotal::of(&ledger.accepted).map_err(|clash| {
        let words = |k: Option<u64>| k.map_or_else(|| "without best".to_owned(), |k| format!("with best={k}"));
        merge_error(
            py,
            vec![format!(
                "{}: task {} was run {}, others {}: the K best of results run in two ways do not merge (rerun the tasks one way)",
                clash.place,
                clash.id,
                words(clash.this),
                words(clash.first)
            )],
        )
    })?;
    let (solutions, costs, k): (Vec<&Value>, _, _) = match &best {
        Some(best) => (
            best.best.iter().map(|(_, solution)| solution).collect(),
            Some(best.best.iter().map(|(cost, _)| *cost).collect()),
            Some(best.k),
        ),
        None => {
            let listing = ledger.accepted.iter().any(|placed| {
                matches!(
                    &placed.result.outcome,
                    ResultOutcome::Ran { found: Some(_), .. }
                )
            });
            if !listing {
                return Ok((None, None, None));
            }
            let listed = found::listed(&ledger.accepted).map_err(|unlisted| {
                merge_error(
                    py,
                    vec![format!(
                        "{}: task {} was run for a count (without solutions=True), others for their solutions: a listing needs every task's (rerun the tasks one way)",
                        unlisted.place, unlisted.id
                    )],
                )
            })?;
            (listed, None, None)
        }
    };
    let found = match index {
        Some(index) => {
            let indices = solutions
                .iter()
                .map(|solution| option_indices(index, solution))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|error| {
                    merge_error(py, vec![format!("a solution of the results: {error}")])
                })?;
            indices.into_pyobject(py)?.into_any().unbind()
        }
        None => json_to_python(py, &Value::Array(solutions.into_iter().cloned().collect()))?,
    };
    Ok((Some(found), costs, k))
}

/// A `MergeError` naming the first [`NAMED`] faults, all in `faults`.
fn merge_error(py: Python<'_>, faults: Vec<String>) -> PyErr {
    let mut message = format!(
        "the results do not add up ({} fault{}; a rerun does not mend them): {}",
        faults.len(),
        if faults.len() == 1 { "" } else { "s" },
        faults[..faults.len().min(NAMED)].join("; ")
    );
    if faults.len() > NAMED {
        message.push_str(&format!(
            "; and {} more (see .faults)",
            faults.len() - NAMED
        ));
    }
    let error = located::<MergeError>(py, message, Location::default());
    let _ = error.value(py).setattr("faults", faults);
    error
}
