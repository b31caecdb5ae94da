//! `Problem.solutions()`: a Python iterator over the front door's
//! resumable listing, [`dancing::Engine::solutions`], or, under a learning
//! rule (which only the one-shot [`dancing::Engine::search`] takes), over
//! that search handed over one solution at a time ([`Handed`]).
//!
//! The engine's iterator owns its search (the linked problem, the arena
//! and the paused solver in it), so it is kept here as it is, between two
//! calls. Each `__next__` resumes the paused search without the GIL up to
//! the next solution: nothing is searched ahead, so `islice` and `break`
//! cost nothing further, and nothing is kept per solution, so memory stays
//! flat.

use std::sync::{Arc, Mutex, TryLockError};
use std::time::Instant;

use dancing::engine::Algorithm;
use dancing::{Branching, Config, Engine, OptionId, StopReason};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

use crate::branching;
use crate::counting::stopped_stats;
use crate::handed::Handed;
use crate::last_search::{LastSearch, SearchId};
use crate::stats::Stats;
use crate::stop::{Limits, Stopper};

/// A listing under way.
enum Listing {
    /// The engine's resumable listing (fewest options, on the links).
    Resumable(dancing::engine::Solutions),
    /// A learning rule's search, on its own thread.
    Handed(Handed),
}

impl Listing {
    fn next(&mut self, stopper: &Stopper) -> Option<Vec<OptionId>> {
        match self {
            Listing::Resumable(search) => search.next(),
            Listing::Handed(search) => search.next(stopper),
        }
    }

    fn stats(&self) -> dancing::Stats {
        match self {
            Listing::Resumable(search) => search.stats(),
            Listing::Handed(search) => search.stats(),
        }
    }
}

/// What the iterator needs between two calls.
struct State {
    /// The paused search; `None` before the first call and once over (its
    /// memory is freed at once, not when the iterator is collected).
    search: Option<Listing>,
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
    branching: Branching,
    stopper: Stopper,
    state: Mutex<State>,
}

impl Solutions {
    /// The solutions of `problem` (whose `stats` are `last`), up to
    /// `limit`, of the problem shuffled by `seed` if given, branching by
    /// `branching`.
    pub fn new(
        problem: Arc<dancing::Problem>,
        last: Arc<LastSearch>,
        (limit, seed): (Option<u64>, Option<u64>),
        branching: Branching,
    ) -> Solutions {
        Solutions {
            problem,
            last,
            id: SearchId::new(),
            limit,
            seed,
            branching,
            stopper: Stopper::new(),
            state: Mutex::new(State {
                search: None,
                taken: 0,
                done: false,
                started: None,
                stats: None,
            }),
        }
    }
}

/// One step of the search, without the GIL: the next solution's options
/// (in the problem's numbering) and the figures so far. The first step
/// links the problem (Ctrl-C stops that too) and starts the listing, on
/// one thread, within the solution limit and the Ctrl-C watch.
fn step(state: &mut State, listed: &Solutions) -> (Option<Vec<usize>>, dancing::Stats) {
    let stopper = &listed.stopper;
    if state.search.is_none() {
        state.started = Some(Instant::now());
        let config = Config::new()
            .threads(1)
            .seed(listed.seed)
            .branching(listed.branching);
        let mut request = Limits::default().request(stopper);
        if let Some(limit) = listed.limit {
            request = request.max_solutions(limit);
        }
        let problem = Arc::clone(&listed.problem);
        if listed.branching.learns() {
            state.search = Some(Listing::Handed(Handed::start(problem, config, request)));
        } else {
            let Some(engine) = Engine::builder()
                .config(config)
                .build_until(problem, &stopper.stop())
            else {
                return (None, stopped_stats(StopReason::Cancelled));
            };
            state.search = Some(Listing::Resumable(engine.solutions(&request)));
        }
    }
    let search = state.search.as_mut().expect("made above");
    let found = search
        .next(stopper)
        .map(|options| options.iter().map(|option| option.index()).collect());
    (found, search.stats())
}

impl Solutions {
    /// The search that lists (bounds are refused a learning rule).
    fn search(&self) -> Algorithm {
        branching::algorithm(self.branching)
    }
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
        let stepped = self.stopper.run_detached(py, || step(state, self));
        let elapsed = state
            .started
            .map_or(0.0, |started| started.elapsed().as_secs_f64());
        let (found, stats) = match stepped {
            Ok(stepped) => stepped,
            Err(error) => {
                // Ctrl-C (or a panic): the search is over; its figures are
                // those it reached (none, stopped while linking).
                let mut stats = state
                    .search
                    .as_ref()
                    .map_or_else(|| stopped_stats(StopReason::Running), Listing::stats);
                if matches!(stats.stop, StopReason::Running | StopReason::Complete) {
                    // The search did not see the signal (or reached its
                    // end first), or it panicked: it stops here.
                    stats.stop = if self.stopper.stopped() {
                        StopReason::Interrupted
                    } else {
                        StopReason::Failed
                    };
                }
                let solutions = u128::from(stats.solutions);
                let stats = Stats::new(&stats, solutions, 1, elapsed).searched_by(self.search());
                self.last.record(self.id, stats.clone());
                state.stats = Some(stats);
                state.done = true;
                state.search = None;
                return Err(error);
            }
        };
        let stats =
            Stats::new(&stats, u128::from(stats.solutions), 1, elapsed).searched_by(self.search());
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
