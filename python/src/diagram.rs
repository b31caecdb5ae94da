//! `dancing.Diagram`: the set of all solutions of a problem as a ZDD (the
//! engine's [`dancing::diagram`]), built by `Problem.diagram()` without the
//! GIL, or read back from Knuth's ZDDREAD text; and what it answers
//! without searching again: the exact count, counts by size, uniform
//! random solutions, the solutions listed.

use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use dancing::diagram::{self, DiagramConfig, DiagramError as EngineError, Order};
use dancing::{Engine, StopReason};
use num_bigint::BigUint;
use pyo3::create_exception;
use pyo3::exceptions::{PyKeyboardInterrupt, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::args;
use crate::errors::{DancingError, Location, ParseError, located};
use crate::handle::Problem;
use crate::stop::{Limits, Stopper};

create_exception!(
    dancing,
    DiagramError,
    DancingError,
    "A diagram that could not be built: more nodes than `max_nodes` allows, \
     or a `time_limit` that ran out first. `reason` is \"max-nodes\" or the \
     search's stop reason (\"time-limit\")."
);

/// The set of all solutions of a problem as a zero-suppressed decision
/// diagram (ZDD), as Knuth's DLX6 builds it: see ``Problem.diagram``.
///
/// It answers without searching again, in time proportional to its size:
/// ``count()`` (exact at any size), ``sizes()``, ``sample(n, seed)``
/// (exactly uniform), and the solutions themselves (``for s in diagram``,
/// or ``solutions()``), each a list of option indices of ``problem``.
/// ``to_zdd()``/``write()`` give Knuth's ZDDREAD text, which
/// ``Diagram.from_zdd(text, problem)`` reads back. Diagrams compare and
/// pickle by value (their nodes, root and problem).
#[pyclass(module = "dancing", frozen)]
pub struct Diagram {
    diagram: Arc<diagram::Diagram>,
    problem: Py<Problem>,
    /// The branching order it was built in (None when read back).
    order: Option<Order>,
    /// The exact count, computed once.
    count: OnceLock<BigUint>,
}

impl Diagram {
    fn new(diagram: diagram::Diagram, problem: Py<Problem>, order: Option<Order>) -> Diagram {
        Diagram {
            diagram: Arc::new(diagram),
            problem,
            order,
            count: OnceLock::new(),
        }
    }

    fn count_value(&self, py: Python<'_>) -> BigUint {
        if let Some(count) = self.count.get() {
            return count.clone();
        }
        let diagram = &self.diagram;
        let count = py.detach(|| diagram.count());
        self.count.get_or_init(|| count).clone()
    }
}

/// The arguments of `Problem.diagram`, as given.
pub struct DiagramArgs<'a, 'py> {
    pub order: &'a str,
    pub max_nodes: Option<&'a Bound<'py, PyAny>>,
    pub memory: Option<&'a Bound<'py, PyAny>>,
    pub time_limit: Option<f64>,
}

/// `Problem.diagram`: the diagram of `problem`, built without the GIL.
pub fn build(problem: &Bound<'_, Problem>, given: &DiagramArgs<'_, '_>) -> PyResult<Diagram> {
    let py = problem.py();
    let order: Order = given.order.parse().map_err(|_| {
        PyValueError::new_err(format!(
            "order must be \"mrv\" or \"input\" (got {:?})",
            given.order
        ))
    })?;
    let mut config = DiagramConfig::new().order(order);
    if let Some(nodes) = given.max_nodes {
        let most = u64::from(u32::MAX - diagram::FIRST_NODE);
        let nodes = args::whole_in("max_nodes", nodes, 1, most)?;
        config = config.max_nodes(u32::try_from(nodes).unwrap_or(u32::MAX));
    }
    if let Some(bytes) = given.memory {
        config = config.cache_limit(args::size("memory", bytes)?);
    }
    let limits = Limits::new(given.time_limit, None)?;
    let stopper = Stopper::new();
    let shared = problem.get().shared();
    let watch = stopper.clone();
    let built = stopper.run_detached(py, move || {
        let engine = Engine::builder().build_until(shared, &watch.stop())?;
        Some(engine.diagram(&limits.request(&watch), &config))
    })?;
    let interrupted = || PyKeyboardInterrupt::new_err("interrupted while building the diagram");
    match built {
        None | Some(Err(EngineError::Stopped(StopReason::Cancelled | StopReason::Interrupted))) => {
            Err(interrupted())
        }
        Some(Err(error)) => {
            let reason = match error {
                EngineError::Stopped(reason) => reason.as_str(),
                _ => "max-nodes",
            };
            let error = located::<DiagramError>(py, error.to_string(), Location::default());
            let _ = error.value(py).setattr("reason", reason);
            Err(error)
        }
        Some(Ok(built)) => Ok(Diagram::new(built, problem.clone().unbind(), Some(order))),
    }
}

/// The diagram in `text` (ZDDREAD's format) of `problem`: a located
/// ParseError if the text is malformed or names an option past the
/// problem's.
fn read(problem: &Bound<'_, Problem>, text: &str) -> PyResult<diagram::Diagram> {
    let py = problem.py();
    let read = diagram::Diagram::read_zdd(text).map_err(|error| {
        let at = Location {
            line: Some(error.line),
            column: Some(error.column),
            ..Location::default()
        };
        located::<ParseError>(py, format!("ZDD text:{error}"), at)
    })?;
    let options = problem.get().inner.option_count();
    if let Some((id, option)) = read.first_option_past(options) {
        let at = Location {
            option: Some(option.index()),
            ..Location::default()
        };
        let message = format!(
            "ZDD text: node {id:x} has option {} (from 1), past the problem's {options} options",
            option.index() + 1
        );
        return Err(located::<ParseError>(py, message, at));
    }
    Ok(read)
}

/// A solution as Python sees it: option indices, in the diagram's path
/// order (root first).
fn indices(solution: Vec<dancing::OptionId>) -> Vec<usize> {
    solution.into_iter().map(|option| option.index()).collect()
}

#[pymethods]
impl Diagram {
    /// The diagram of ``problem`` in Knuth's ZDDREAD text (as ``to_zdd()``,
    /// ``dlx zdd --write`` or DLX6 write it). Raises ParseError (with
    /// ``line`` and ``column``) on malformed text, or on an option past
    /// the problem's. The text is taken to be this problem's diagram: its
    /// solutions are not checked against the problem.
    #[staticmethod]
    fn from_zdd(text: &str, problem: &Bound<'_, Problem>) -> PyResult<Diagram> {
        let read = read(problem, text)?;
        Ok(Diagram::new(read, problem.clone().unbind(), None))
    }

    /// The exact number of solutions, an int of any size.
    fn count(&self, py: Python<'_>) -> BigUint {
        self.count_value(py)
    }

    /// The number of solutions of each size (options chosen): a dict from
    /// size to count, sizes without a solution left out, ascending.
    fn sizes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let diagram = &self.diagram;
        let sizes = py.detach(|| diagram.sizes());
        let dict = PyDict::new(py);
        for (size, count) in sizes.into_iter().enumerate() {
            if count != BigUint::default() {
                dict.set_item(size, count)?;
            }
        }
        Ok(dict)
    }

    /// ``n`` solutions drawn independently and exactly uniformly (each of
    /// the ``count()`` solutions with probability 1/count, so one may
    /// repeat), each a list of option indices; the same ``seed`` draws the
    /// same solutions (as ``dlx zdd --sample N --seed S``). An empty list
    /// when there is no solution.
    #[pyo3(signature = (n, seed = None))]
    #[pyo3(text_signature = "(self, n, seed=0)")]
    fn sample(
        &self,
        py: Python<'_>,
        n: &Bound<'_, PyAny>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<Vec<usize>>> {
        let n = args::size("n", n)?;
        let seed = args::optional_whole("seed", seed)?.unwrap_or(0);
        let diagram = &self.diagram;
        Ok(py.detach(|| {
            let mut sampler = diagram.sampler(seed);
            (0..n).map_while(|_| sampler.draw()).map(indices).collect()
        }))
    }

    /// All solutions, each once, lazily (a ``DiagramSolutions`` iterator),
    /// each a list of option indices in the diagram's path order.
    fn solutions(&self) -> DiagramSolutions {
        DiagramSolutions {
            listing: Mutex::new(Listing::new(Arc::clone(&self.diagram), |diagram| {
                diagram.solutions()
            })),
        }
    }

    fn __iter__(&self) -> DiagramSolutions {
        self.solutions()
    }

    /// The number of nodes, terminals not counted.
    #[getter]
    fn node_count(&self) -> usize {
        self.diagram.node_count()
    }

    /// The problem whose solutions these are.
    #[getter]
    fn problem(&self, py: Python<'_>) -> Py<Problem> {
        self.problem.clone_ref(py)
    }

    /// The branching order it was built in ("mrv" or "input"), None for
    /// a diagram read from ZDD text.
    #[getter]
    fn order(&self) -> Option<&'static str> {
        self.order.map(Order::as_str)
    }

    /// What building it took, as DLX6 reports it: a dict of ``nodes``
    /// (the diagram's), ``search_nodes``, ``updates``, ``cleansings``,
    /// ``hits`` and ``memos`` (subproblems found in and added to the
    /// cache), ``evictions`` (times the cache was full), ``cache_bytes``,
    /// ``node_bytes``, ``max_depth`` and ``time`` (seconds). Zeros for a
    /// diagram read from text.
    #[getter]
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let stats = self.diagram.stats();
        let dict = PyDict::new(py);
        dict.set_item("nodes", self.diagram.node_count())?;
        dict.set_item("search_nodes", stats.search_nodes)?;
        dict.set_item("updates", stats.updates)?;
        dict.set_item("cleansings", stats.cleansings)?;
        dict.set_item("hits", stats.hits)?;
        dict.set_item("memos", stats.memos)?;
        dict.set_item("evictions", stats.evictions)?;
        dict.set_item("cache_bytes", stats.cache_bytes)?;
        dict.set_item("node_bytes", stats.node_bytes)?;
        dict.set_item("max_depth", stats.max_depth)?;
        dict.set_item("time", stats.elapsed.as_secs_f64())?;
        Ok(dict)
    }

    /// The diagram in Knuth's ZDDREAD text format (one node a line, as
    /// DLX6 writes it), which ``Diagram.from_zdd`` reads back.
    fn to_zdd(&self, py: Python<'_>) -> PyResult<String> {
        let diagram = &self.diagram;
        let written = py.detach(|| {
            let mut out = Vec::new();
            diagram.write_zdd(&mut out).map(|()| out)
        })?;
        String::from_utf8(written).map_err(|error| PyValueError::new_err(error.to_string()))
    }

    /// Writes ``to_zdd()`` to ``file``: a path (str or os.PathLike), or
    /// an open text file (anything with a ``write`` method).
    fn write(&self, py: Python<'_>, file: &Bound<'_, PyAny>) -> PyResult<()> {
        let text = self.to_zdd(py)?;
        if file.hasattr("write")? {
            file.call_method1("write", (text,))?;
            return Ok(());
        }
        let path = py
            .import("os")?
            .getattr("fspath")?
            .call1((file,))
            .map_err(|_| {
                PyTypeError::new_err(format!(
                    "file must be a path or a text file, not {}",
                    file.get_type()
                        .name()
                        .map_or_else(|_| "?".into(), |n| n.to_string())
                ))
            })?;
        let builtins = py.import("builtins")?;
        let opened = builtins.getattr("open")?.call1((path, "w"))?;
        let written = opened.call_method1("write", (text,));
        opened.call_method0("close")?;
        written.map(|_| ())
    }

    /// Equal when the nodes, the root and the problem are.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(other) = other.cast::<Diagram>() else {
            return Ok(false);
        };
        let other = other.get();
        if *self.diagram != *other.diagram {
            return Ok(false);
        }
        Ok(*self.problem.get().inner == *other.problem.get().inner)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        (self.diagram.node_count(), self.diagram.root()).hash(&mut hasher);
        hasher.finish()
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "<dancing.Diagram: {} nodes, {} solutions>",
            self.diagram.node_count(),
            self.count_value(py)
        )
    }

    /// Pickling: the ZDD text, the problem and the order.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let this = slf.get();
        let unpickle = py
            .import("dancing._dancing")?
            .getattr("_diagram_from_state")?;
        let arguments = (
            this.to_zdd(py)?,
            this.problem.clone_ref(py),
            this.order.map(Order::as_str),
        )
            .into_pyobject(py)?;
        PyTuple::new(py, [unpickle, arguments.into_any()])
    }
}

/// The diagram of a pickle.
#[pyfunction]
pub fn _diagram_from_state(
    text: &str,
    problem: &Bound<'_, Problem>,
    order: Option<&str>,
) -> PyResult<Diagram> {
    let read = read(problem, text)?;
    let order = order
        .map(str::parse::<Order>)
        .transpose()
        .map_err(PyValueError::new_err)?;
    Ok(Diagram::new(read, problem.clone().unbind(), order))
}

self_cell::self_cell!(
    /// A diagram's listing of its solutions, owning the diagram it walks.
    struct Listing {
        owner: Arc<diagram::Diagram>,
        #[covariant]
        dependent: Solutions,
    }
);

/// The engine's listing, named for `self_cell` with its lifetime.
type Solutions<'d> = diagram::Solutions<'d>;

/// The solutions of a diagram, listed lazily (see ``Diagram.solutions``).
/// Like a generator, it cannot be pickled (pickle the diagram).
#[pyclass(module = "dancing", frozen)]
pub struct DiagramSolutions {
    listing: Mutex<Listing>,
}

#[pymethods]
impl DiagramSolutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self) -> Option<Vec<usize>> {
        // A step walks one path down the diagram (never more than its
        // nodes), quick enough to keep the GIL, so no other thread can be
        // holding the lock meanwhile.
        let mut listing = self.listing.lock().unwrap_or_else(PoisonError::into_inner);
        listing.with_dependent_mut(|_, solutions| solutions.next().map(indices))
    }

    fn __reduce__(&self) -> PyResult<()> {
        Err(PyTypeError::new_err(
            "cannot pickle a dancing.DiagramSolutions iterator: pickle the diagram",
        ))
    }
}
