//! `Problem.split`, `dancing.Task` and `dancing.TaskResult`: the search
//! cut into tasks that run anywhere, in the protocol of `dlx split`,
//! `dlx solve --tasks` and `dlx merge` (the `dancing_tasks` crate): the
//! same task lines, the same split identity and checksums, the same JSON
//! result lines, so that tasks and results made here and by `dlx` mix.

use std::sync::Arc;

use dancing::mincost::{self, MAX_BEST};
use dancing::task::{DEFAULT_PROBES, MAX_SPLIT_TASKS, Sizing, SplitGoal};
use dancing::{Config, Engine, Request, StopReason};
use dancing_tasks::file::parse_task;
use dancing_tasks::found::{self, Ask, OptionIndex};
use dancing_tasks::results::{ResultOutcome, TaskResult as Line};
use dancing_tasks::{Digest, SplitId, Task as Node, TaskFile, format_prefix, read_tasks};
use dancing_tasks::{write_header, write_split, write_task};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::args;
use crate::errors::{DancingError, Location, located};
use crate::stop::{self, Limits, PROGRESS_INTERVAL, Stopper};

/// A `DancingError` (a ValueError) with no location: task protocol errors
/// name their task or result in the message.
fn task_error(py: Python<'_>, message: String) -> PyErr {
    located::<DancingError>(py, message, Location::default())
}

/// The digest of `problem`, as `dlx split` computes it.
pub fn digest_of(py: Python<'_>, problem: &dancing::Problem) -> PyResult<Digest> {
    Digest::of(problem)
        .map_err(|error| task_error(py, format!("the problem has no digest: {error}")))
}

/// Splits `problem` as `dlx split` does: the same tasks, estimates and
/// identity for the same arguments.
pub fn split(
    py: Python<'_>,
    problem: &Arc<dancing::Problem>,
    tasks: Option<&Bound<'_, PyAny>>,
    depth: Option<&Bound<'_, PyAny>>,
    balance: bool,
    probes: Option<&Bound<'_, PyAny>>,
    seed: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<Task>> {
    let probes = match probes {
        None => DEFAULT_PROBES,
        Some(probes) => args::whole_up_to("probes", probes, 1_000_000)?,
    };
    let seed = args::optional_whole("seed", seed)?;
    if let Some(seed) = seed
        && probes == 0
        && !balance
    {
        return Err(PyValueError::new_err(format!(
            "seed={seed} with probes=0: no probe is drawn, so the seed changes nothing \
             (give probes to size the tasks, or no seed)"
        )));
    }
    let goal = match (tasks, depth) {
        (Some(_), Some(_)) => {
            return Err(PyValueError::new_err(
                "give tasks or depth, not both: tasks cuts the tree until there are that many, \
                 depth at that depth",
            ));
        }
        (_, Some(depth)) => SplitGoal::Depth(args::size_in("depth", depth, 1, 100_000)?),
        (Some(tasks), None) => SplitGoal::Tasks(args::size_in("tasks", tasks, 1, MAX_SPLIT_TASKS)?),
        (None, None) => SplitGoal::Tasks(DEFAULT_TASKS),
    };
    let sizing = Sizing {
        probes,
        seed: seed.unwrap_or(0),
        ..Sizing::default()
    };
    let digest = digest_of(py, problem)?;
    let stopper = Stopper::new();
    let watch = stopper.clone();
    let problem = Arc::clone(problem);
    let outcome = stopper.run_detached(py, move || {
        let engine = Engine::builder().build_until(problem, &watch.stop())?;
        let request = Request::new().stop(&watch.stop());
        let continued = |_: &dancing::Progress| std::ops::ControlFlow::Continue(());
        Some(
            engine.split_walked(goal, balance, sizing, &request, continued, |split| {
                let mut tasks = Vec::with_capacity(split.len());
                let mut estimates = Vec::new();
                let walked: Result<(), std::convert::Infallible> =
                    split.for_each(|task, estimate| {
                        tasks.push(task.clone());
                        estimates.extend(estimate);
                        Ok(())
                    });
                let Ok(()) = walked;
                let over = split.over_work_limit().then(|| split.work_limit());
                (tasks, estimates, split.stopped(), over)
            }),
        )
    })?;
    let Some((tasks, estimates, None, over_work_limit)) = outcome else {
        return Err(task_error(py, "the split was stopped: no tasks".into()));
    };
    let count = tasks.len();
    let too_many = match goal {
        SplitGoal::Depth(_) => count >= MAX_SPLIT_TASKS,
        SplitGoal::Tasks(_) => count > MAX_SPLIT_TASKS,
    };
    if too_many {
        return Err(PyValueError::new_err(format!(
            "the split made {count} tasks, more than the {MAX_SPLIT_TASKS} a split may have: \
             ask for fewer (or less depth)"
        )));
    }
    if let Some(limit) = over_work_limit {
        // As `dlx split` warns: the tasks are the same, without estimates.
        let message = format!(
            "sizing {count} tasks by {} probes each passed {limit} updates: the tasks have no \
             estimates{} (fewer probes, or fewer tasks, to have them)",
            probes.max(1),
            if balance {
                ", balanced only as far as the estimates went"
            } else {
                ""
            }
        );
        let category = py.get_type::<pyo3::exceptions::PyRuntimeWarning>();
        PyErr::warn(py, &category, &std::ffi::CString::new(message)?, 1)?;
    }
    let nodes = Node::numbered_sized(tasks, &estimates);
    let split = write_split(&mut std::io::sink(), digest, &nodes)
        .map_err(|error| task_error(py, format!("cannot hash the split: {error}")))?;
    Ok(nodes
        .into_iter()
        .map(|node| Task {
            node,
            split,
            digest,
        })
        .collect())
}

/// The number of tasks `Problem.split()` makes without `tasks` or `depth`:
/// `dlx split`'s.
const DEFAULT_TASKS: usize = 64;

/// One task of a split: a node of the problem's search tree, bound to the
/// problem (its digest) and to the split it comes from (its identity).
///
/// ``str(task)`` (or ``task.line()``) is its line in ``dlx split``'s task
/// file; ``Task.from_line(line, split, digest)`` reads one back, and
/// ``dancing.write_tasks``/``dancing.read_tasks`` write and read a whole
/// task file. ``task.run(problem)`` runs it as ``dlx solve --tasks
/// --count`` does. Tasks compare, hash and pickle by value.
#[pyclass(module = "dancing", frozen, eq, hash, from_py_object)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Task {
    pub node: Node,
    pub split: SplitId,
    pub digest: Digest,
}

/// A task hashes by its id, split and problem: equal tasks have those
/// equal.
impl std::hash::Hash for Task {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (&self.node.id, self.split, self.digest).hash(state);
    }
}

impl Task {
    /// The task line, without its end.
    fn text(&self) -> String {
        let mut line = Vec::new();
        write_task(&mut line, &self.node).expect("writing to memory");
        line.pop();
        String::from_utf8(line).expect("a task line is text")
    }

    /// The tasks a result left, bound to its split.
    fn bound(nodes: &[Node], split: SplitId, digest: Digest) -> Vec<Task> {
        nodes
            .iter()
            .map(|node| Task {
                node: node.clone(),
                split,
                digest,
            })
            .collect()
    }
}

#[pymethods]
impl Task {
    /// Reads a task line (``ID OWN [~ESTIMATE] CHOICE...``) of the split
    /// ``split`` (its identity, as the task file's header and result lines
    /// write it) of the problem of digest ``digest``.
    #[staticmethod]
    fn from_line(py: Python<'_>, line: &str, split: &str, digest: &str) -> PyResult<Task> {
        let line = line.strip_suffix('\n').unwrap_or(line);
        let line = line.strip_suffix('\r').unwrap_or(line);
        let node =
            parse_task(line).map_err(|error| task_error(py, format!("task line: {error}")))?;
        let split: SplitId = split
            .parse()
            .map_err(|error| task_error(py, format!("split: {error}")))?;
        let digest = digest
            .parse()
            .map_err(|error| task_error(py, format!("digest: {error}")))?;
        if dancing_tasks::file::top_level(&node.id).is_none_or(|top| top >= split.tasks()) {
            return Err(task_error(
                py,
                format!("task {} is not of the split {split}", node.id),
            ));
        }
        Ok(Task {
            node,
            split,
            digest,
        })
    }

    /// The task's line in a task file (what ``str(task)`` gives).
    fn line(&self) -> String {
        self.text()
    }

    fn __str__(&self) -> String {
        self.text()
    }

    fn __repr__(&self) -> String {
        format!("<dancing.Task {} of split {}>", self.node.id, self.split)
    }

    /// The task's id: numbers joined by dots (``"7"``, or ``"7.2"`` for a
    /// task a stopped run of task 7 left).
    #[getter]
    fn id(&self) -> String {
        self.node.id.clone()
    }

    /// How many of the path's first choices the task owns (counts as its
    /// nodes).
    #[getter]
    fn own(&self) -> usize {
        self.node.node.own
    }

    /// The path from the root, as a task file writes it (option indices,
    /// and ``rN`` for Algorithm M's move that retires item N).
    #[getter]
    fn path(&self) -> String {
        format_prefix(&self.node.node.prefix)
    }

    /// The estimate of the nodes the task explores (Knuth's, rounded), or
    /// None (a frontier task, or a split without probes).
    #[getter]
    fn estimate(&self) -> Option<u64> {
        self.node.estimate
    }

    /// The identity of the split the task comes from.
    #[getter]
    fn split(&self) -> String {
        self.split.to_string()
    }

    /// The digest of the problem the task is of.
    #[getter]
    fn digest(&self) -> String {
        self.digest.to_string()
    }

    /// Runs the task on ``problem`` (the problem it was split from) and
    /// returns its ``TaskResult``: what ``dlx solve --tasks --count``
    /// writes; with ``solutions=True``, what ``dlx solve --tasks`` writes
    /// (the task's solutions in ``found``, in the order of the search); with
    /// ``best=K``, what ``dlx solve --tasks --best K`` writes (the task's K
    /// cheapest in ``found``, their ``costs`` cheapest first, on one thread).
    /// ``time_limit`` (seconds) and ``max_nodes`` (counting the task's
    /// owned ancestors) stop it: the result then has a ``frontier``, the
    /// tasks left, and holds what was found before the stop. ``threads``: 1
    /// (the default) to run it on one thread, as ``dlx solve --tasks`` runs
    /// each task; more to run it on that many (the same figures when it
    /// ends). Ctrl-C raises KeyboardInterrupt; the GIL is released while it
    /// runs.
    #[pyo3(signature = (problem, time_limit = None, max_nodes = None, threads = None, solutions = false, best = None))]
    #[allow(clippy::too_many_arguments)] // Python's keywords, each checked once.
    fn run(
        &self,
        py: Python<'_>,
        problem: &Bound<'_, crate::handle::Problem>,
        time_limit: Option<f64>,
        max_nodes: Option<&Bound<'_, PyAny>>,
        threads: Option<&Bound<'_, PyAny>>,
        solutions: bool,
        best: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<TaskResult> {
        let threads = match threads {
            None => 1,
            Some(threads) => stop::threads(Some(threads))?,
        };
        let max_nodes = args::optional_whole("max_nodes", max_nodes)?;
        let limits = Limits::new(time_limit, max_nodes)?;
        let problem = problem.get().shared();
        let ask = ask(&problem, solutions, best)?;
        let digest = digest_of(py, &problem)?;
        if digest != self.digest {
            return Err(task_error(
                py,
                format!(
                    "task {} is of another problem (digest {}; this problem has {digest})",
                    self.node.id, self.digest
                ),
            ));
        }
        let stopper = Stopper::new();
        let watch = stopper.clone();
        // A result line holds no estimate: the result is the one read back.
        let task = Node {
            estimate: None,
            ..self.node.clone()
        };
        let node = task.clone();
        let outcome = stopper.run_detached(py, move || {
            run_node(problem, &node, ask, threads, limits, &watch)
        })?;
        Ok(TaskResult {
            line: Line {
                task,
                split: self.split,
                digest: self.digest,
                outcome,
            },
        })
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let task = slf.get();
        let from_line = py.get_type::<Task>().getattr("from_line")?;
        let state = (task.text(), task.split.to_string(), task.digest.to_string());
        (from_line, state).into_pyobject(py)
    }
}

/// What `Task.run` is asked for: a count, the solutions (`solutions`),
/// or the K cheapest (`best`), refused together and `best` on a problem
/// whose options have no costs.
fn ask(
    problem: &dancing::Problem,
    solutions: bool,
    best: Option<&Bound<'_, PyAny>>,
) -> PyResult<Ask> {
    let Some(best) = best else {
        return Ok(if solutions {
            Ask::Solutions
        } else {
            Ask::Count
        });
    };
    if solutions {
        return Err(PyValueError::new_err(
            "give solutions=True or best=K, not both: best keeps the K cheapest solutions, \
             solutions lists them all",
        ));
    }
    let k = args::size_in("best", best, 1, MAX_BEST)?;
    if !problem.has_costs() {
        return Err(PyValueError::new_err(format!(
            "best={k} needs a problem whose options have costs (`|COST`): this one has none"
        )));
    }
    mincost::check(problem, k)
        .map_err(|error| PyValueError::new_err(format!("best={k}: {error}")))?;
    Ok(Ask::Best(k))
}

/// Runs one task as `dlx solve --tasks` does (see [`found::run`]),
/// without the GIL.
fn run_node(
    problem: Arc<dancing::Problem>,
    node: &Node,
    ask: Ask,
    threads: usize,
    limits: Limits,
    stopper: &Stopper,
) -> ResultOutcome {
    let config = Config::new()
        .threads(threads)
        .progress_interval(PROGRESS_INTERVAL);
    let Some(engine) = Engine::builder()
        .config(config)
        .build_until(problem, &stopper.stop())
    else {
        return ResultOutcome::NotStarted(StopReason::Cancelled.as_str().into());
    };
    found::run(&engine, node, ask, &limits.request(stopper))
}

/// The result of one task: its figures, why it stopped, and the tasks a
/// stop left (its ``frontier``), bound to the task and its split.
///
/// ``result.to_line()`` is the JSON line ``dlx solve --tasks`` writes
/// (with its checksum), ``TaskResult.from_line(line)`` reads one (refusing
/// a changed byte); ``dancing.merge`` adds results up. Results compare and
/// pickle by value.
#[pyclass(module = "dancing", frozen, from_py_object)]
#[derive(Clone, Debug)]
pub struct TaskResult {
    pub line: Line,
}

impl TaskResult {
    fn figures(&self) -> Option<&dancing::Stats> {
        match &self.line.outcome {
            ResultOutcome::Ran { stats, .. } => Some(stats),
            _ => None,
        }
    }
}

#[pymethods]
impl TaskResult {
    /// Reads a result line of ``dlx solve --tasks``.
    #[staticmethod]
    fn from_line(py: Python<'_>, line: &str) -> PyResult<TaskResult> {
        let line = line.strip_suffix('\n').unwrap_or(line);
        Line::parse(line)
            .map(|line| TaskResult { line })
            .map_err(|error| task_error(py, format!("result line: {error}")))
    }

    /// The JSON line, without its end, as ``dlx solve --tasks`` writes it.
    fn to_line(&self) -> String {
        self.line.to_line()
    }

    /// The task that ran.
    #[getter]
    fn task(&self) -> Task {
        Task {
            node: self.line.task.clone(),
            split: self.line.split,
            digest: self.line.digest,
        }
    }

    /// Why it ended: "complete", "max-nodes", "time-limit", "interrupted"
    /// (a frontier is left), "not-started", or "error".
    #[getter]
    fn stop(&self) -> String {
        match &self.line.outcome {
            ResultOutcome::Ran { stop, .. } => stop.clone(),
            ResultOutcome::NotStarted(_) => "not-started".into(),
            ResultOutcome::Failed(_) => "error".into(),
        }
    }

    /// Whether the task ran to its end.
    #[getter]
    fn complete(&self) -> bool {
        matches!(&self.line.outcome, ResultOutcome::Ran { frontier, .. } if frontier.is_empty())
    }

    /// Solutions found (in the part searched); None if it did not run.
    #[getter]
    fn solutions(&self) -> Option<u64> {
        self.figures().map(|stats| stats.solutions)
    }

    /// Nodes of the part searched (the owned ancestors included).
    #[getter]
    fn nodes(&self) -> Option<u64> {
        self.figures().map(|stats| stats.nodes)
    }

    /// Link updates.
    #[getter]
    fn updates(&self) -> Option<u64> {
        self.figures().map(|stats| stats.updates)
    }

    /// Colored entries purified.
    #[getter]
    fn cleansings(&self) -> Option<u64> {
        self.figures().map(|stats| stats.cleansings)
    }

    /// The deepest level reached.
    #[getter]
    fn max_depth(&self) -> Option<usize> {
        self.figures().map(|stats| stats.max_depth)
    }

    /// Wall-clock seconds of the run.
    #[getter]
    fn seconds(&self) -> Option<f64> {
        match &self.line.outcome {
            ResultOutcome::Ran { seconds, .. } => Some(*seconds),
            _ => None,
        }
    }

    /// The tasks a stop left unexplored (empty when complete), named
    /// ``ID.0``, ``ID.1``, ... below this task's id.
    #[getter]
    fn frontier(&self) -> Vec<Task> {
        match &self.line.outcome {
            ResultOutcome::Ran { frontier, .. } => {
                Task::bound(frontier, self.line.split, self.line.digest)
            }
            _ => Vec::new(),
        }
    }

    /// The solutions the task found (with ``solutions=True``, in the order
    /// of the search; with ``best=K``, its K cheapest, cheapest first), as
    /// the result line holds them: each a list of options, each the list
    /// of its entries (``Problem.option(i)``); None for a count.
    /// ``found_in(problem)`` gives them as option indices.
    #[getter]
    fn found(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        match &self.line.outcome {
            ResultOutcome::Ran {
                found: Some(found), ..
            } => Ok(Some(json_to_python(
                py,
                &serde_json::Value::Array(found.clone()),
            )?)),
            _ => Ok(None),
        }
    }

    /// The solutions of ``found`` as ``Problem.solutions()`` gives them:
    /// lists of option indices of ``problem`` (the problem the task is of;
    /// of options with the same entries, the first ones); None for a count.
    fn found_in(
        &self,
        py: Python<'_>,
        problem: &Bound<'_, crate::handle::Problem>,
    ) -> PyResult<Option<Vec<Vec<usize>>>> {
        let ResultOutcome::Ran {
            found: Some(found), ..
        } = &self.line.outcome
        else {
            return Ok(None);
        };
        let problem = problem.get().shared();
        if digest_of(py, &problem)? != self.line.digest {
            return Err(task_error(
                py,
                format!(
                    "the result of task {} is of another problem (digest {})",
                    self.line.task.id, self.line.digest
                ),
            ));
        }
        let index = OptionIndex::new(&problem);
        found
            .iter()
            .map(|solution| option_indices(&index, solution))
            .collect::<Result<_, _>>()
            .map_err(|error| task_error(py, format!("task {}: {error}", self.line.task.id)))
            .map(Some)
    }

    /// With ``best=K``: the cost of each solution of ``found``, cheapest
    /// first; else None.
    #[getter]
    fn costs(&self) -> Option<Vec<u64>> {
        match &self.line.outcome {
            ResultOutcome::Ran {
                best: Some(best), ..
            } => Some(best.costs.clone()),
            _ => None,
        }
    }

    /// The K of a run with ``best=K``, else None.
    #[getter]
    fn best(&self) -> Option<u64> {
        match &self.line.outcome {
            ResultOutcome::Ran {
                best: Some(best), ..
            } => Some(best.k),
            _ => None,
        }
    }

    /// Why the task failed (stop "error"), else None.
    #[getter]
    fn error(&self) -> Option<String> {
        match &self.line.outcome {
            ResultOutcome::Failed(error) => Some(error.clone()),
            _ => None,
        }
    }

    /// Results are equal when their lines are: what a line holds is the
    /// result (the engine's figures beyond them are not part of it).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<TaskResult>()
            .is_ok_and(|other| other.get().line.to_line() == self.line.to_line())
    }

    fn __repr__(&self) -> String {
        let figures = match self.figures() {
            Some(stats) => format!(", {} solutions, {} nodes", stats.solutions, stats.nodes),
            None => String::new(),
        };
        format!(
            "<dancing.TaskResult of task {}: {}{figures}>",
            self.line.task.id,
            self.stop()
        )
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let from_line = py.get_type::<TaskResult>().getattr("from_line")?;
        (from_line, (slf.get().line.to_line(),)).into_pyobject(py)
    }
}

/// The tasks of `tasks` (an iterable of `Task`), all of one split, as a
/// task file `read_tasks` has checked: ids once each, of the split, and a
/// whole split the one its identity names.
pub fn task_file(py: Python<'_>, tasks: &Bound<'_, PyAny>) -> PyResult<TaskFile> {
    let mut taken: Vec<Task> = Vec::new();
    for (k, task) in tasks.try_iter()?.enumerate() {
        let task = task?;
        let Ok(task) = task.cast::<Task>() else {
            return Err(PyTypeError::new_err(format!(
                "tasks[{k}] is a {}, not a dancing.Task",
                task.get_type().name()?
            )));
        };
        let task = task.get().clone();
        if let Some(first) = taken.first()
            && (first.split, first.digest) != (task.split, task.digest)
        {
            return Err(task_error(
                py,
                format!(
                    "tasks[{k}] (task {}) is of split {} of problem {}, tasks[0] of split {} of problem {}: tasks of two splits do not merge",
                    task.node.id, task.split, task.digest, first.split, first.digest
                ),
            ));
        }
        taken.push(task);
    }
    let Some(first) = taken.first() else {
        return Err(task_error(
            py,
            "tasks is empty: no split to merge against".into(),
        ));
    };
    let text = write_file(
        first.digest,
        first.split,
        taken.iter().map(|task| &task.node),
    );
    read_tasks(text.as_bytes()).map_err(|error| {
        let at = match error.line {
            0 | 1 => "tasks".to_owned(),
            line => format!("tasks[{}]", line - 2),
        };
        task_error(py, format!("{at}: {}", error.message))
    })
}

/// A task file of `tasks` of the split `split`.
fn write_file<'t>(
    digest: Digest,
    split: SplitId,
    tasks: impl ExactSizeIterator<Item = &'t Node>,
) -> String {
    let mut text = Vec::new();
    write_header(&mut text, digest, split, tasks.len()).expect("writing to memory");
    for task in tasks {
        write_task(&mut text, task).expect("writing to memory");
    }
    String::from_utf8(text).expect("a task file is text")
}

/// The text of a task file of ``tasks`` (all of one split): for the tasks
/// ``Problem.split`` made, byte for byte what ``dlx split`` writes with
/// the same arguments, for ``dlx solve FILE --tasks TASKS`` to run.
#[pyfunction]
pub fn write_tasks(py: Python<'_>, tasks: &Bound<'_, PyAny>) -> PyResult<String> {
    let file = task_file(py, tasks)?;
    Ok(write_file(file.digest, file.split, file.tasks.iter()))
}

/// The tasks of a task file's text (what ``dlx split`` or ``dlx merge
/// --rerun`` writes), checked as ``dlx solve --tasks`` checks them.
#[pyfunction(name = "read_tasks")]
pub fn read_tasks_text(py: Python<'_>, text: &str) -> PyResult<Vec<Task>> {
    let file = read_tasks(text.as_bytes())
        .map_err(|error| task_error(py, format!("task file:{error}")))?;
    Ok(file
        .tasks
        .into_iter()
        .map(|node| Task {
            node,
            split: file.split,
            digest: file.digest,
        })
        .collect())
}

/// A node path as a task of the split holds it (for the merge's rerun).
pub fn bound_task(node: &Node, split: SplitId, digest: Digest) -> Task {
    Task {
        node: node.clone(),
        split,
        digest,
    }
}

/// A solution of a result line (see [`found::entries`]) as option indices.
pub fn option_indices(
    index: &OptionIndex,
    solution: &serde_json::Value,
) -> Result<Vec<usize>, String> {
    Ok(index
        .options(solution)?
        .iter()
        .map(|option| option.index())
        .collect())
}

/// A JSON value of a result line (lists and strings) as Python's lists
/// and strs.
pub fn json_to_python(py: Python<'_>, value: &serde_json::Value) -> PyResult<Py<PyAny>> {
    use pyo3::IntoPyObjectExt;
    match value {
        serde_json::Value::Array(items) => {
            let items = items
                .iter()
                .map(|item| json_to_python(py, item))
                .collect::<PyResult<Vec<_>>>()?;
            items.into_py_any(py)
        }
        serde_json::Value::String(text) => text.into_py_any(py),
        other => other.to_string().into_py_any(py),
    }
}
