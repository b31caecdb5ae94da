//! `Problem.solutions()`: a Python iterator over the engine's resumable
//! search, [`Solver::next_solution`].
//!
//! A [`Solver`] borrows the arena it is linked in, so the iterator owns
//! the two together, the `Bump` and the `Solver<'bump>` in it, as one
//! `self_cell` (no unsafe code). Each `__next__` resumes the paused search
//! without the GIL up to the next solution: nothing is searched ahead, so
//! `islice` and `break` cost nothing further, and nothing is kept per
//! solution, so memory stays flat.

use std::sync::{Arc, Mutex, TryLockError};
use std::time::Instant;

use bumpalo::Bump;
use dancing::StopReason;
use dancing::expert::{SearchConfig, Shuffled, Solver};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use self_cell::self_cell;

use crate::last_search::{LastSearch, SearchId};
use crate::stats::Stats;
use crate::stop::{Limits, Stopper};

/// The solver type inside the cell, named for `self_cell`.
type ArenaSolver<'b> = Solver<'b>;

self_cell!(
    /// A solver and the arena that holds its matrix and level stack.
    struct Search {
        owner: Bump,

        #[not_covariant]
        dependent: ArenaSolver,
    }
);

/// What the iterator needs between two calls.
struct State {
    /// The paused search; `None` before the first call and once over (the
    /// arena is freed at once, not when the iterator is collected).
    search: Option<Search>,
    /// With a seed, the shuffled problem searched, which maps its options
    /// back to the problem's.
    shuffled: Option<Shuffled>,
    /// Solutions handed out.
    taken: u64,
    done: bool,
    started: Option<Instant>,
    stats: Option<Stats>,
}

/// The solutions of a problem, found one at a time (see
/// ``Problem.solutions``): each a list of option indices. ``stats`` are the
/// figures of the search so far.
///
/// A paused search, like a generator: it cannot be pickled or copied
/// (pickle the problem, and ``itertools.islice`` a new iterator past the
/// solutions already taken).
#[pyclass(module = "dancing", frozen)]
pub struct Solutions {
    problem: Arc<dancing::Problem>,
    /// The problem's `stats`, which this search updates at every step.
    last: Arc<LastSearch>,
    id: SearchId,
    limit: Option<u64>,
    seed: Option<u64>,
    stopper: Stopper,
    state: Mutex<State>,
}

impl Solutions {
    /// The solutions of `problem` (whose `stats` are `last`), up to
    /// `limit`, of the problem shuffled by `seed` if given.
    pub fn new(
        problem: Arc<dancing::Problem>,
        last: Arc<LastSearch>,
        limit: Option<u64>,
        seed: Option<u64>,
    ) -> Solutions {
        Solutions {
            problem,
            last,
            id: SearchId::new(),
            limit,
            seed,
            stopper: Stopper::new(),
            state: Mutex::new(State {
                search: None,
                shuffled: None,
                taken: 0,
                done: false,
                started: None,
                stats: None,
            }),
        }
    }
}

/// One step of the search, without the GIL: the next solution's options
/// (in the problem's numbering) and the figures so far.
fn step(
    state: &mut State,
    problem: &dancing::Problem,
    seed: Option<u64>,
    limit: Option<u64>,
    config: SearchConfig,
) -> (Option<Vec<usize>>, dancing::Stats) {
    if state.search.is_none() {
        state.started = Some(Instant::now());
        let shuffled = seed.map(|seed| Shuffled::new(problem, seed));
        let searched = shuffled.as_ref().map_or(problem, Shuffled::problem);
        state.search = Some(Search::new(Bump::new(), |bump| {
            Solver::new(searched, bump).with_config(config)
        }));
        state.shuffled = shuffled;
    }
    let shuffled = state.shuffled.as_ref();
    let taken = state.taken;
    let search = state.search.as_mut().expect("made above");
    search.with_dependent_mut(|_, solver| {
        let found = solver.next_solution().map(|solution| {
            solution
                .options()
                .iter()
                .map(|&option| shuffled.map_or(option, |s| s.original(option)).index())
                .collect::<Vec<_>>()
        });
        // The last solution allowed: end the search now, so that its
        // figures say why it ended ("max-solutions").
        if found.is_some() && limit.is_some_and(|limit| taken + 1 >= limit) {
            solver.abandon_search();
        }
        (found, solver.stats())
    })
}

#[pymethods]
impl Solutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Vec<usize>>> {
        // Never wait for the lock while attached: the thread that holds it
        // needs the GIL back to finish. Python's generators answer the same.
        let mut guard = match self.state.try_lock() {
            Ok(guard) => guard,
            Err(TryLockError::WouldBlock) => {
                return Err(PyValueError::new_err("generator already executing"));
            }
            Err(TryLockError::Poisoned(poisoned)) => poisoned.into_inner(),
        };
        let state = &mut *guard;
        if state.done || self.limit.is_some_and(|limit| state.taken >= limit) {
            state.done = true;
            state.search = None;
            return Ok(None);
        }
        let inner = &*self.problem;
        let config = Limits::default().config(&self.stopper, 1);
        let (seed, limit) = (self.seed, self.limit);
        let stepped = self
            .stopper
            .run_detached(py, || step(state, inner, seed, limit, config));
        let elapsed = state
            .started
            .map_or(0.0, |started| started.elapsed().as_secs_f64());
        let (found, stats) = match stepped {
            Ok(stepped) => stepped,
            Err(error) => {
                // Ctrl-C (or a panic): the search is over; its figures are
                // those it reached.
                if let Some(search) = state.search.as_mut() {
                    let mut stats = search.with_dependent_mut(|_, solver| solver.stats());
                    if matches!(stats.stop, StopReason::Running | StopReason::Complete) {
                        // The search did not see the signal (or reached
                        // its end first), or it panicked: it stops here.
                        stats.stop = if self.stopper.stopped() {
                            StopReason::Interrupted
                        } else {
                            StopReason::Failed
                        };
                    }
                    let solutions = u128::from(stats.solutions);
                    let stats = Stats::new(&stats, solutions, 1, elapsed);
                    self.last.record(self.id, stats.clone());
                    state.stats = Some(stats);
                }
                state.done = true;
                state.search = None;
                return Err(error);
            }
        };
        let stats = Stats::new(&stats, u128::from(stats.solutions), 1, elapsed);
        self.last.record(self.id, stats.clone());
        state.stats = Some(stats);
        match found {
            Some(options) => {
                state.taken += 1;
                Ok(Some(options))
            }
            None => {
                state.done = true;
                state.search = None;
                Ok(None)
            }
        }
    }

    /// The figures of the search so far (None before the first solution
    /// was asked for).
    #[getter]
    fn stats(&self) -> Option<Stats> {
        match self.state.try_lock() {
            Ok(state) => state.stats.clone(),
            Err(TryLockError::Poisoned(poisoned)) => poisoned.into_inner().stats.clone(),
            Err(TryLockError::WouldBlock) => None,
        }
    }

    /// Refused, as for a generator: the search is paused in memory.
    fn __reduce__(&self) -> PyResult<()> {
        Err(PyTypeError::new_err(
            "cannot pickle or copy a dancing.Solutions iterator (a paused search): \
             pickle the problem, and skip the solutions taken with itertools.islice",
        ))
    }
}

impl Drop for Solutions {
    /// An iterator dropped before its end gives up its search: the
    /// problem's stats, if still this search's, say it was interrupted.
    fn drop(&mut self) {
        self.last.abandon(self.id);
    }
}
