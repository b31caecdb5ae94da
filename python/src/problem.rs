//! `dancing.Problem`: an exact-cover problem, built from Python values or
//! read from Knuth's DLX format, and its searches.

use std::fs::File;
use std::io::BufReader;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use dancing::{Config, Engine, ItemKind, OptionId, StopReason, format};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::args;
use crate::best;
use crate::branching;
use crate::build;
use crate::costs;
use crate::counting::{CountPlan, catch_stats, count_through_engine, stopped_stats};
use crate::diagram::{self, Diagram, DiagramArgs};
use crate::errors::parse_error;
use crate::estimate;
use crate::last_search::{LastSearch, SearchId};
use crate::matrix;
use crate::pickle;
use crate::reduction;
use crate::solutions::Solutions;
use crate::stats::Stats;
use crate::stop::{self, Limits, PROGRESS_INTERVAL, Stopper};
use crate::verify;

/// Read-ahead of `Problem.from_file`: the engine's reader bounds each line
/// (64 MiB) whatever the buffer.
const FILE_BUFFER: usize = 1 << 16;

pub use crate::handle::Problem;

#[pymethods]
impl Problem {
    #[new]
    #[pyo3(signature = (items, options, secondary = None, bounds = None, costs = None))]
    #[pyo3(text_signature = "(items, options, secondary=(), bounds=None, costs=None)")]
    fn new(
        items: &Bound<'_, PyAny>,
        options: &Bound<'_, PyAny>,
        secondary: Option<&Bound<'_, PyAny>>,
        bounds: Option<&Bound<'_, PyAny>>,
        costs: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Problem> {
        let problem = build::from_values(items, options, secondary, bounds, costs)?;
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
    /// error), without the GIL, and Ctrl-C stops a long read, also one
    /// that waits on a named pipe with no writer or a stalled one. Errors name
    /// the file, as ``dlx solve`` does: ``PATH:LINE:COLUMN: message``; a
    /// file that cannot be opened or read (missing, a directory) raises
    /// ``OSError`` (``FileNotFoundError``, ``IsADirectoryError``, ...).
    #[staticmethod]
    fn from_file(py: Python<'_>, path: PathBuf) -> PyResult<Problem> {
        let stopper = Stopper::new();
        let watch = stopper.clone();
        let opened = path.clone();
        let parsed = stopper.run_detached(py, move || read_watched(opened, &watch))?;
        let Some(parsed) = parsed else {
            // Ctrl-C while waiting, with a handler that did not raise.
            return Err(pyo3::exceptions::PyKeyboardInterrupt::new_err(
                "interrupted while reading",
            ));
        };
        let shown = path.display().to_string();
        let parsed = parsed.map_err(|error| os_error(py, &error, &shown))?;
        finish_reading(py, Some(&shown), parsed)
    }

    /// A problem of plain exact cover from a 0-1 matrix: rows are options,
    /// columns items (named "0", "1", ...), the last ``secondary`` columns
    /// secondary.
    ///
    /// ``matrix`` is a 2-D numpy array (of bool or numbers 0 and 1), any
    /// object with the buffer protocol (a 2-D memoryview), or a sequence
    /// of rows. numpy is not needed; a numpy array of any integer, float
    /// or bool dtype (either byte order) is read by value, and one of
    /// another dtype (complex, str, bytes, void, ...) raises TypeError. A
    /// matrix with no column is an error; so is an entry other than 0 or
    /// 1, at its row (``option``) and column (``item``).
    #[staticmethod]
    #[pyo3(signature = (matrix, secondary = None), text_signature = "(matrix, secondary=0)")]
    fn from_matrix(
        matrix: &Bound<'_, PyAny>,
        secondary: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Problem> {
        let secondary = match secondary {
            Some(secondary) => args::size("secondary", secondary)?,
            None => 0,
        };
        matrix::problem_from_matrix(matrix, secondary)
            .map(|problem| Problem::wrap(problem, Vec::new()))
    }

    /// The problem in Knuth's DLX format, which ``from_dlx`` reads back.
    fn to_dlx(&self) -> PyResult<String> {
        let mut out = Vec::new();
        format::write(&self.inner, &mut out)?;
        String::from_utf8(out).map_err(|error| PyValueError::new_err(error.to_string()))
    }

    /// Option ``index``: its items' names, a colored one as ``"x:a"``
    /// (its cost, if any, is ``option_cost(index)``).
    fn option(&self, index: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
        let option = costs::option_at(&self.inner, index)?;
        Ok(self.option_names(option))
    }

    /// The cost of option ``index`` (Knuth's DLX5: ``|n`` on its line, or
    /// ``costs=`` of ``Problem(...)``): 0 for an option without one.
    /// ``best()`` minimizes the sum of the chosen options' costs.
    fn option_cost(&self, index: &Bound<'_, PyAny>) -> PyResult<u64> {
        let option = costs::option_at(&self.inner, index)?;
        Ok(self.inner.option_cost(option))
    }

    /// Every option's cost, in order, as ``option_cost(i)`` gives it (all
    /// 0 for a problem without costs: see ``has_costs``).
    fn costs(&self) -> Vec<u64> {
        costs::costs(&self.inner)
    }

    /// Whether some option has a cost other than 0.
    #[getter]
    fn has_costs(&self) -> bool {
        self.inner.has_costs()
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
        self.last.get()
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
        if problem.has_costs() {
            kinds.push("costs");
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
    /// ``threads``: None (the default) for one per core, as ``dlx`` runs
    /// unless ``-j N``; a number from 1 to 1024 for that many (0 raises
    /// ValueError, as ``dlx -j 0`` is refused). ``memo``: count with
    /// a cache of subproblems (Knuth's DLX6; exact past 2**64, far faster
    /// where subproblems repeat). ``time_limit`` (seconds) and
    /// ``max_nodes`` stop the count early: the result is then a lower
    /// bound and ``complete`` is False. Ctrl-C raises KeyboardInterrupt
    /// within a tenth of a second; ``stats`` then holds the figures so far.
    /// The GIL is released while counting.
    ///
    /// ``heuristic`` chooses the item to branch on: "mrv" (the default,
    /// the fewest options, on dancing links), or one of Knuth's learning
    /// rules on dancing cells, "wtd" (SSXCC-WTD0: options / weight) and
    /// "frb" (SSXCC-FRB0: options / failure rate), whose trees are his
    /// node for node. A learning rule searches on one thread, so it
    /// refuses ``threads`` above 1 and ``memo=True``, and a problem with
    /// multiplicities (bounds); ``stats.search`` says which search ran.
    #[pyo3(signature = (threads = None, memo = false, time_limit = None, max_nodes = None, heuristic = "mrv"))]
    fn count(
        &self,
        py: Python<'_>,
        threads: Option<&Bound<'_, PyAny>>,
        memo: bool,
        time_limit: Option<f64>,
        max_nodes: Option<&Bound<'_, PyAny>>,
        heuristic: &str,
    ) -> PyResult<Py<PyAny>> {
        let branching = branching::parse(heuristic)?;
        let asked = threads.map(|_| stop::threads(threads)).transpose()?;
        branching::refuse_threads(branching, asked)?;
        branching::refuse_memo(branching, memo)?;
        branching::refuse_bounds(branching, &self.inner)?;
        let threads = match asked {
            Some(threads) => Some(threads),
            // A learning rule searches on one thread.
            None if branching.learns() => Some(1),
            // The engine's default, which it asks for only when needed.
            None => None,
        };
        let plan = CountPlan {
            threads,
            memo,
            branching,
        };
        let max_nodes = args::optional_whole("max_nodes", max_nodes)?;
        let limits = Limits::new(time_limit, max_nodes)?;
        let stopper = Stopper::new();
        let problem = Arc::clone(&self.inner);
        let watch = stopper.clone();
        let started = Instant::now();
        let by = SearchId::new();
        let ((solutions, algorithm, threads), stats) = catch_stats(
            &self.last,
            by,
            &stopper,
            py,
            (threads, branching::algorithm(branching)),
            started,
            move || count_through_engine(&problem, plan, limits, &watch),
        )?;
        let stats = Stats::new(&stats, solutions, threads, started.elapsed().as_secs_f64())
            .searched_by(algorithm);
        self.last.record(by, stats.clone());
        let count = py.import("dancing._results")?.getattr("Count")?;
        Ok(count.call1((solutions, stats))?.unbind())
    }

    /// The search cut into tasks, as ``dlx split`` cuts it: a list of
    /// ``dancing.Task``, the same tasks (and identity) ``dlx split`` writes
    /// with the same arguments. ``tasks``: at least that many (the tree is
    /// cut level by level; default 64); ``depth``: every subtree at that
    /// depth instead; ``balance``: cut the large subtrees further;
    /// ``probes`` (default 200; 0 for none) and ``seed`` size each task by
    /// Knuth's random probes. Run each with ``task.run(problem)`` (here, or
    /// anywhere: tasks pickle) and add the results up with
    /// ``dancing.merge``, or let ``dancing.count_on`` do it all on an
    /// executor.
    #[pyo3(signature = (tasks = None, depth = None, balance = false, probes = None, seed = None))]
    fn split(
        &self,
        py: Python<'_>,
        tasks: Option<&Bound<'_, PyAny>>,
        depth: Option<&Bound<'_, PyAny>>,
        balance: bool,
        probes: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<crate::tasks::Task>> {
        crate::tasks::split(py, &self.inner, tasks, depth, balance, probes, seed)
    }

    /// The first solution (a list of option indices), or None if there is
    /// none or a limit stopped the search first (then ``stats.complete``
    /// is False and ``stats.stop`` says which). It searches on one thread:
    /// the first solution ``dlx solve -j 1`` prints. ``heuristic``: the
    /// branching rule, as for ``count`` ("mrv", "wtd" or "frb").
    #[pyo3(signature = (time_limit = None, max_nodes = None, heuristic = "mrv"))]
    fn first(
        &self,
        py: Python<'_>,
        time_limit: Option<f64>,
        max_nodes: Option<&Bound<'_, PyAny>>,
        heuristic: &str,
    ) -> PyResult<Option<Vec<usize>>> {
        let branching = branching::parse(heuristic)?;
        branching::refuse_bounds(branching, &self.inner)?;
        let max_nodes = args::optional_whole("max_nodes", max_nodes)?;
        let limits = Limits::new(time_limit, max_nodes)?;
        let stopper = Stopper::new();
        let problem = Arc::clone(&self.inner);
        let watch = stopper.clone();
        let started = Instant::now();
        let by = SearchId::new();
        let searched = (Some(1), branching::algorithm(branching));
        let ((found, algorithm), stats) =
            catch_stats(&self.last, by, &stopper, py, searched, started, move || {
                // One thread: the first solution of `dlx solve -j 1`, and its
                // figures.
                let config = Config::new()
                    .threads(1)
                    .branching(branching)
                    .progress_interval(PROGRESS_INTERVAL);
                // Linking a huge problem takes a while: Ctrl-C stops it too.
                let Some(engine) = Engine::builder()
                    .config(config)
                    .build_until(problem, &watch.stop())
                else {
                    return ((None, searched.1), stopped_stats(StopReason::Cancelled));
                };
                let report = engine.first(&limits.request(&watch));
                ((report.solution, report.algorithm), report.stats)
            })?;
        let solutions = u128::from(stats.solutions);
        let elapsed = started.elapsed().as_secs_f64();
        self.last.record(
            by,
            Stats::new(&stats, solutions, 1, elapsed).searched_by(algorithm),
        );
        Ok(found.map(|options| options.iter().map(|option| option.index()).collect()))
    }

    /// The solutions, one at a time: a generator of lists of option
    /// indices, in the order of Knuth's DLX1 (or, with ``seed``, of a
    /// search on the problem shuffled by that seed).
    ///
    /// The search pauses between solutions (on one thread, without the
    /// GIL while it runs), so ``itertools.islice`` and ``break`` cost nothing further,
    /// and memory stays flat however many solutions are taken. ``limit``
    /// stops after that many. ``problem.stats`` follows the search; once
    /// the iterator is dropped before its end (``break``, Ctrl-C), they
    /// say "interrupted".
    ///
    /// ``heuristic``: the branching rule, as for ``count``. Under "wtd" or
    /// "frb" the search (Knuth's SSXCC-WTD0 or SSXCC-FRB0, which cannot
    /// pause) runs on a thread of its own and waits at each solution
    /// until it is taken, so nothing is searched ahead there either;
    /// between two solutions its ``stats`` are those of its last progress
    /// report (a few milliseconds old).
    #[pyo3(signature = (limit = None, seed = None, heuristic = "mrv"))]
    fn solutions(
        &self,
        limit: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
        heuristic: &str,
    ) -> PyResult<Solutions> {
        let limit = args::optional_whole("limit", limit)?;
        let seed = args::optional_whole("seed", seed)?;
        let branching = branching::parse(heuristic)?;
        branching::refuse_bounds(branching, &self.inner)?;
        Ok(Solutions::new(
            Arc::clone(&self.inner),
            Arc::clone(&self.last),
            (limit, seed),
            branching,
        ))
    }

    /// The set of all solutions as a diagram (a ZDD), built by the
    /// memoized search as Knuth's DLX6 builds it (``dlx zdd``); returns a
    /// ``Diagram``, which counts (exactly, at any size), samples uniformly
    /// and lists the solutions without searching again.
    ///
    /// ``order``: "mrv" (branch on the item with the fewest options) or
    /// "input" (the first item in input order: small diagrams on grids
    /// listed row by row). ``max_nodes``: the most nodes the diagram may
    /// have; ``time_limit`` (seconds): the most time the build may take;
    /// past either, DiagramError (a DancingError) says which. ``memory``:
    /// the bytes of the cache of subproblems (default half the memory
    /// available, at least 256 MiB; a smaller one only shares less, and
    /// searches again below what it forgot). The GIL is released while building, and
    /// Ctrl-C raises KeyboardInterrupt.
    ///
    /// >>> d = Problem(["a", "b"], [["a"], ["b"], ["a", "b"]]).diagram()
    /// >>> d.count(), sorted(sorted(s) for s in d)
    /// (2, [[0, 1], [2]])
    #[pyo3(signature = (order = "mrv", max_nodes = None, memory = None, time_limit = None))]
    fn diagram(
        slf: &Bound<'_, Self>,
        order: &str,
        max_nodes: Option<&Bound<'_, PyAny>>,
        memory: Option<&Bound<'_, PyAny>>,
        time_limit: Option<f64>,
    ) -> PyResult<Diagram> {
        let given = DiagramArgs {
            order,
            max_nodes,
            memory,
            time_limit,
        };
        diagram::build(slf, &given)
    }

    /// The ``k`` cheapest solutions (Knuth's DLX5: a solution costs the sum
    /// of its options' costs), as ``dlx solve --best K``; returns a
    /// ``Best``: its ``solutions``, cheapest first, are lists of option
    /// indices (as ``solutions()`` gives them) that also carry their
    /// ``cost``; ``proven`` says whether they are proven the ``k`` best.
    ///
    /// ``k`` is from 1 to 15000. ``threads``, ``time_limit`` and
    /// ``max_nodes`` are as for ``count()``: a search stopped by a limit
    /// returns the best found so far, with ``proven`` False and ``stop``
    /// saying why. Ties between equal costs, and with several threads the
    /// figures, may differ from run to run; the costs do not. A problem
    /// with item bounds raises ProblemError (DLX5 has none). The GIL is
    /// released while searching, and Ctrl-C raises KeyboardInterrupt.
    ///
    /// >>> p = Problem(["a", "b"], [["a", "b"], ["a"], ["b"]], costs=[5, 1, 2])
    /// >>> best = p.best(2)
    /// >>> [(s.cost, sorted(s)) for s in best], best.proven
    /// ([(3, [1, 2]), (5, [0])], True)
    #[pyo3(signature = (k = None, threads = None, time_limit = None, max_nodes = None))]
    #[pyo3(text_signature = "(self, k=1, threads=None, time_limit=None, max_nodes=None)")]
    fn best(
        &self,
        py: Python<'_>,
        k: Option<&Bound<'_, PyAny>>,
        threads: Option<&Bound<'_, PyAny>>,
        time_limit: Option<f64>,
        max_nodes: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        let one = 1u32.into_pyobject(py)?.into_any();
        let given = best::BestArgs {
            k: k.unwrap_or(&one),
            threads,
            time_limit,
            max_nodes,
        };
        best::best(py, &self.inner, &self.last, &given)
    }

    /// Knuth's estimate of the search tree ("Estimating the efficiency of
    /// backtrack programs"), as ``dlx estimate``: ``probes`` random paths
    /// (1 to 10**9) drawn from ``seed`` give the mean and standard error
    /// of the nodes, updates and solutions; the same seed, the same
    /// estimate. Returns an ``Estimate``. The search itself runs
    /// alongside, within the probes' work: when it ends first, ``exact``
    /// holds its figures (a ``Stats``) and the estimate is those figures.
    /// ``time_limit`` (seconds) stops the probes early: the estimate is
    /// then of the ``probes`` made (fewer than ``probes_asked``). The GIL
    /// is released, and Ctrl-C raises KeyboardInterrupt.
    ///
    /// >>> e = Problem(["a", "b"], [["a"], ["b"], ["a", "b"]]).estimate()
    /// >>> e.nodes.mean, e.exact.solutions
    /// (4.0, 2)
    #[pyo3(signature = (probes = None, seed = None, time_limit = None))]
    #[pyo3(text_signature = "(self, probes=10000, seed=0, time_limit=None)")]
    fn estimate(
        &self,
        py: Python<'_>,
        probes: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
        time_limit: Option<f64>,
    ) -> PyResult<Py<PyAny>> {
        let default_probes = 10_000u32.into_pyobject(py)?.into_any();
        let zero = 0u32.into_pyobject(py)?.into_any();
        let given = estimate::EstimateArgs {
            probes: probes.unwrap_or(&default_probes),
            seed: seed.unwrap_or(&zero),
            time_limit,
        };
        estimate::estimate(py, &self.inner, &given)
    }

    /// The problem reduced, as ``dlx reduce`` (Knuth's DLX-PRE): options
    /// that can be in no solution removed and items that others imply
    /// dropped, colors, bounds and costs kept. Returns a ``Reduction``:
    /// the smaller ``problem``, whose solutions are this one's (mapped back
    /// by ``solution()``), and what was removed. Its work is bounded (about
    /// 512 steps per entry; ``complete`` says whether it ran to the end).
    /// The GIL is released, and Ctrl-C raises KeyboardInterrupt.
    ///
    /// >>> p = Problem(["a", "b", "c"], [["a", "b"], ["b", "c"], ["c"]])
    /// >>> r = p.reduce()
    /// >>> r.problem.options(), r.originals
    /// ([['a'], ['c']], (0, 2))
    /// >>> [r.solution(s) for s in r.problem.solutions()]
    /// [[0, 2]]
    /// >>> str(r)
    /// 'removed 1 of 3 options and 1 of 3 items in 2 rounds'
    fn reduce(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        reduction::reduce(py, &self.inner)
    }

    /// Checks that ``solution`` (option indices, as ``solutions()`` gives
    /// them) is a solution, with the engine's independent checker (the one
    /// ``dlx verify`` uses): each option at most once and with a primary
    /// item, every primary item held within its bounds (exactly once
    /// without), every secondary item at most once or by options that
    /// agree on its color. Returns its cost (the sum of its options' costs;
    /// 0 without costs). ``cost``, if given, or the ``cost`` of a
    /// ``CostedSolution``, must be that sum. The first fault, in the order
    /// of the list, raises ``VerifyError`` (a ``DancingError``) naming the
    /// option (``option``: its index) and the item (``item``) at fault.
    ///
    /// >>> p = Problem(["a", "b"], [["a", "b"], ["a"], ["b"]], costs=[5, 1, 2])
    /// >>> p.verify([1, 2])
    /// 3
    /// >>> p.verify([0, 1])
    /// Traceback (most recent call last):
    ///   ...
    /// dancing.VerifyError: primary item `a` is held more than once: by `a b` (at 0) and `a` (at 1)
    #[pyo3(signature = (solution, cost = None))]
    fn verify(
        &self,
        py: Python<'_>,
        solution: &Bound<'_, PyAny>,
        cost: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<u64> {
        verify::verify(py, &self.inner, solution, cost)
    }

    /// Problems are equal when they have the same items and options (see
    /// the class).
    fn __eq__(&self, other: &Bound<'_, Problem>) -> bool {
        *self.inner == *other.get().inner
    }

    /// A hash of the sizes, which equal problems share.
    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let problem = &*self.inner;
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        (
            problem.primary_count(),
            problem.secondary_count(),
            problem.option_count(),
            problem.entry_count(),
        )
            .hash(&mut hasher);
        hasher.finish()
    }

    /// A copy shares the problem (it is immutable), with its warnings and
    /// the stats so far, which it then keeps apart.
    fn __copy__(&self) -> Problem {
        Problem {
            inner: Arc::clone(&self.inner),
            warnings: self.warnings.clone(),
            last: Arc::new(LastSearch::starting_with(self.last.get())),
        }
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Problem {
        self.__copy__()
    }

    /// Pickling: the problem's parts (see `pickle`), and its warnings.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let problem = slf.get();
        let unpickle = py
            .import("dancing._dancing")?
            .getattr("_problem_from_state")?;
        let state = pickle::state(py, &problem.inner)?;
        let arguments = (state, problem.warnings.clone()).into_pyobject(py)?;
        PyTuple::new(py, [unpickle, arguments.into_any()])
    }
}

/// The problem of a pickle: its parts, and the warnings it had.
#[pyfunction]
pub fn _problem_from_state(state: &Bound<'_, PyAny>, warnings: Vec<String>) -> PyResult<Problem> {
    let problem = pickle::problem_from_state(state)?;
    Ok(Problem::wrap(problem, warnings))
}

/// How often `from_file`'s caller looks at Python's signals while its
/// reader waits: well under the 0.1 s in which Ctrl-C must take effect.
const READ_POLL: Duration = Duration::from_millis(20);

/// `path` read on a thread of its own while this one watches for Ctrl-C
/// (`watch`): opening a named pipe that no one writes, or reading from a
/// writer that stalls, blocks its reader in a system call that no stop
/// token reaches. `None` when stopped while waiting; the reader is then
/// left to end when its source does (its stop token is raised, so it
/// ends at its next line).
fn read_watched(path: PathBuf, watch: &Stopper) -> Option<std::io::Result<Parsing>> {
    let (send, receive) = mpsc::sync_channel(1);
    let stop = watch.stop();
    let reader = thread::Builder::new()
        .name("dancing-read".into())
        .spawn(move || {
            let read = File::open(&path)
                .map(|file| format::read_with(BufReader::with_capacity(FILE_BUFFER, file), &stop));
            // The caller may have stopped waiting.
            let _ = send.send(read);
        });
    if let Err(error) = reader {
        return Some(Err(error));
    }
    loop {
        match receive.recv_timeout(READ_POLL) {
            Ok(read) => return Some(read),
            Err(RecvTimeoutError::Timeout) => {
                if watch.poll() {
                    return None;
                }
            }
            Err(RecvTimeoutError::Disconnected) => {
                return Some(Err(std::io::Error::other(
                    "the reading thread ended without an answer",
                )));
            }
        }
    }
}

/// What reading a problem gives: the problem, or where the text is wrong.
type Parsing = Result<format::Parsed, format::ParseError>;

/// The error of a file that could not be opened or read, as Python's
/// `open` raises it: an `OSError` of the errno's subclass, with the path.
fn os_error(py: Python<'_>, error: &std::io::Error, path: &str) -> PyErr {
    let Some(errno) = error.raw_os_error() else {
        return PyOSError::new_err(format!("{path}: {error}"));
    };
    let strerror = py
        .import("os")
        .and_then(|os| os.getattr("strerror")?.call1((errno,))?.extract::<String>())
        .unwrap_or_else(|_| error.to_string());
    PyOSError::new_err((errno, strerror, path.to_owned()))
}

/// A problem read from text, or the reader's error (named after `source`).
fn finish_reading(
    py: Python<'_>,
    source: Option<&str>,
    parsed: Result<format::Parsed, format::ParseError>,
) -> PyResult<Problem> {
    let parsed = parsed.map_err(|error| match (&error.kind, source) {
        // A file that cannot be read (a directory) is not a parse error.
        (format::ParseErrorKind::Io(io), Some(path)) => os_error(py, io, path),
        _ => parse_error(py, source, &error),
    })?;
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
