//! The resumable listing through the front door: [`Engine::solutions`] is
//! an owning iterator that finds one solution per call, and [`Cache`] is
//! the scratch it searches in (an arena and the solver paused in it),
//! which the iterator can hand back for the next listing. The engine stays
//! immutable and shared, the mutable part of a search lives in the cache:
//! the shape of regex-automata's `meta::Regex` and its `Cache`.
//!
//! A [`Solver`] borrows the arena it is linked in and the links it copies
//! from, so the cache owns the three together (links, arena, solver) as
//! one `self_cell`: no unsafe code, and the iterator is `Send + 'static`,
//! which a caller that keeps it between calls (Python's iterator) needs.

use std::fmt;
use std::iter::FusedIterator;
use std::sync::Arc;
use std::time::Duration;

use bumpalo::Bump;
use self_cell::self_cell;

use super::Engine;
use super::report::{Algorithm, Report};
use super::request::{Request, RequestClock};
use super::search::map_back;
use crate::config::SearchConfig;
use crate::matrix::Template;
use crate::problem::OptionId;
use crate::search::Solver;
use crate::visit::{Stats, StopReason};

/// The links a solver copies from (and keeps reading: the part of the
/// nodes a search never writes), and the arena it is linked in.
struct Arena {
    template: Arc<Template>,
    bump: Bump,
}

/// The solver type inside the cell, named for `self_cell`.
type ArenaSolver<'a> = Solver<'a>;

self_cell!(
    /// A solver with the links and the arena it borrows, owned together.
    struct LinkedSolver {
        owner: Arena,

        #[not_covariant]
        dependent: ArenaSolver,
    }
);

/// The scratch of [`Engine::solutions`]: an arena, and the solver of the
/// last listing in it. An iterator owns its cache while it lists;
/// [`Solutions::into_cache`] hands it back, and
/// [`Engine::solutions_in`] lists with it again.
///
/// What reuse saves: a listing of the engine the cache last listed (or of
/// a clone of it, or of one made from it by
/// [`with_config`](Engine::with_config) with the same seed: the same
/// links) takes over the solver as it stands, its paused search abandoned,
/// with no allocation and no copy of the links (the
/// [`copy_bytes`](Engine::copy_bytes) a new solver copies, which for a
/// large problem dwarfs finding its first solution). A listing of another
/// engine keeps the arena's memory and links its solver anew there. A
/// cache holds the links of the engine it last listed until then.
///
/// A cache is `Send` (not `Sync`: one search at a time uses it).
///
/// ```
/// use dancing::engine::Cache;
/// use dancing::{format, Engine, Request};
///
/// let problem = format::read_str("a b c\na\nb\nc\na b\nb c\n")?.problem;
/// let engine = Engine::new(problem);
/// let mut cache = Cache::new();
/// for _ in 0..3 {
///     let mut solutions = engine.solutions_in(cache, &Request::new());
///     assert_eq!(solutions.by_ref().count(), 3);
///     cache = solutions.into_cache();
/// }
/// # Ok::<(), dancing::format::ParseError>(())
/// ```
pub struct Cache {
    slot: Slot,
}

/// What a cache holds.
enum Slot {
    /// No solver: an arena, empty or reset.
    Bare(Bump),
    /// The solver of the last listing, in its arena.
    Linked(LinkedSolver),
}

impl Cache {
    /// An empty cache: it allocates when its first listing links its
    /// solver.
    pub fn new() -> Cache {
        Cache {
            slot: Slot::Bare(Bump::new()),
        }
    }

    /// The bytes the cache's arena holds (its solver's copy of the links
    /// and level stacks, when it has one).
    pub fn memory_bytes(&self) -> usize {
        match &self.slot {
            Slot::Bare(bump) => bump.allocated_bytes(),
            Slot::Linked(linked) => linked.borrow_owner().bump.allocated_bytes(),
        }
    }

    /// Readies a solver of `template` for a new search as `config` says:
    /// the cache's own if it was linked from these links (its paused
    /// search abandoned), else one linked anew in the arena, reset first.
    /// False if `cancel` stopped the copy of the links (the cache is then
    /// an empty arena).
    fn prepare(
        &mut self,
        template: &Arc<Template>,
        config: SearchConfig,
        cancel: &mut dyn FnMut() -> bool,
    ) -> bool {
        let mut bump = match std::mem::replace(&mut self.slot, Slot::Bare(Bump::new())) {
            Slot::Linked(mut linked) if Arc::ptr_eq(&linked.borrow_owner().template, template) => {
                linked.with_dependent_mut(|_, solver| {
                    solver.abandon_search();
                    solver.set_config(config);
                });
                self.slot = Slot::Linked(linked);
                return true;
            }
            Slot::Linked(linked) => linked.into_owner().bump,
            Slot::Bare(bump) => bump,
        };
        bump.reset();
        let arena = Arena {
            template: Arc::clone(template),
            bump,
        };
        let linked = LinkedSolver::try_new_or_recover(arena, |arena| {
            Solver::from_template_until(&arena.template, &arena.bump, cancel)
                .map(|solver| solver.with_config(config))
                .ok_or(())
        });
        match linked {
            Ok(linked) => {
                self.slot = Slot::Linked(linked);
                true
            }
            Err((arena, ())) => {
                let mut bump = arena.bump;
                bump.reset();
                self.slot = Slot::Bare(bump);
                false
            }
        }
    }

    /// `work` on the cache's solver, if it has one.
    fn with_solver<R>(&mut self, work: impl FnOnce(&mut Solver<'_>) -> R) -> Option<R> {
        match &mut self.slot {
            Slot::Bare(_) => None,
            Slot::Linked(linked) => Some(linked.with_dependent_mut(|_, solver| work(solver))),
        }
    }

    /// `look` at the cache's solver, if it has one.
    fn look<R>(&self, look: impl FnOnce(&Solver<'_>) -> R) -> Option<R> {
        match &self.slot {
            Slot::Bare(_) => None,
            Slot::Linked(linked) => Some(linked.with_dependent(|_, solver| look(solver))),
        }
    }
}

impl Default for Cache {
    fn default() -> Cache {
        Cache::new()
    }
}

impl fmt::Debug for Cache {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Cache")
            .field("linked", &matches!(self.slot, Slot::Linked(_)))
            .field("memory_bytes", &self.memory_bytes())
            .finish()
    }
}

/// Where a listing is.
#[derive(Clone, Copy, Debug)]
enum Phase {
    /// Nothing searched yet.
    Waiting,
    /// The cache's solver holds the search: paused at a solution, or ended.
    Searching,
    /// Ended by the request before the search began, with these figures.
    Stopped(Stats),
}

/// The solutions of an [`Engine`], found one per call of
/// [`next`](Iterator::next) (see [`Engine::solutions`]): each the options
/// of one solution in the problem's numbering, in the order they were
/// chosen. An owning iterator (`Send + 'static`), which may be kept
/// between calls and moved across threads.
pub struct Solutions {
    engine: Engine,
    cache: Cache,
    clock: RequestClock,
    /// The solutions the request still allows.
    left: Option<u64>,
    phase: Phase,
    /// From the start of the call to the end of the search, once it ended.
    ended_after: Option<Duration>,
}

impl Engine {
    /// The solutions, one per call of the iterator's `next`, within
    /// `request`: a paused search, which finds nothing ahead of what is
    /// asked (taking a few solutions costs only their search) and keeps
    /// nothing per solution (memory stays flat however many are taken).
    ///
    /// They come in the order of [`expert::Solver::next_solution`] on the
    /// problem searched: Knuth's order, or with a seed the shuffled
    /// problem's order mapped back to the input's numbering (the order
    /// `dlx solve --seed` prints). The search runs on the caller's thread,
    /// one thread whatever the configuration (a paused search is one
    /// solver); its [`report`](Solutions::report) says so.
    ///
    /// The request's limits end the iteration as they end a search: the
    /// node cap (exact), the time limit (from this call) and the stop
    /// token (looked at within milliseconds while searching, and before
    /// each solution is sought), with [`StopReason::NodeLimit`],
    /// [`StopReason::TimeLimit`] and [`StopReason::Cancelled`]. The
    /// solution limit ends it at its last solution, which is handed out
    /// without searching further ([`StopReason::Visitor`], the
    /// vocabulary's `max-solutions`).
    ///
    /// ```
    /// use dancing::{check, format, Config, Engine, Request, StopReason};
    ///
    /// let problem = format::read_str(include_str!("../../tests/data/queens8.dlx"))?.problem;
    /// let engine = Engine::builder().config(Config::new().seed(Some(5))).build(problem);
    /// let mut solutions = engine.solutions(&Request::new().max_solutions(10));
    /// for solution in solutions.by_ref() {
    ///     // In the problem's numbering, whatever the seed.
    ///     check::check(engine.problem(), &solution)?;
    /// }
    /// let report = solutions.report();
    /// assert_eq!((report.solutions, report.stop()), (10, StopReason::Visitor));
    /// assert_eq!(report.stop().as_str(), "max-solutions");
    ///
    /// // The cache again: the same solver, no new copy of the links.
    /// let again = engine.solutions_in(solutions.into_cache(), &Request::new());
    /// assert_eq!(again.count(), 92);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// [`expert::Solver::next_solution`]: crate::expert::Solver::next_solution
    pub fn solutions(&self, request: &Request) -> Solutions {
        self.solutions_in(Cache::new(), request)
    }

    /// [`solutions`](Self::solutions), searching in `cache` (see
    /// [`Cache`] for what its reuse saves).
    pub fn solutions_in(&self, cache: Cache, request: &Request) -> Solutions {
        let clock = request.start();
        let mut solutions = Solutions {
            engine: self.clone(),
            cache,
            clock,
            left: request.get_max_solutions(),
            phase: Phase::Waiting,
            ended_after: None,
        };
        if solutions.left == Some(0) {
            solutions.end(StopReason::Visitor);
        }
        solutions
    }
}

impl Solutions {
    /// The figures of the search so far: [`StopReason::Running`] while it
    /// may have more solutions, else why it ended.
    pub fn stats(&self) -> Stats {
        match self.phase {
            Phase::Waiting => Stats {
                stop: StopReason::Running,
                ..Stats::default()
            },
            Phase::Stopped(stats) => stats,
            Phase::Searching => self
                .cache
                .look(|solver| solver.stats())
                .expect("a search under way has its solver"),
        }
    }

    /// The report of the search so far: its figures, the solutions found,
    /// the share of the tree explored, the profile, one thread, and the
    /// time from the start of the call (to the end of the search, once it
    /// ended).
    pub fn report(&self) -> Report {
        let stats = self.stats();
        let (explored, profile) = match self.phase {
            Phase::Searching => self
                .cache
                .look(|solver| (solver.explored(), solver.profile().to_vec()))
                .expect("a search under way has its solver"),
            Phase::Waiting | Phase::Stopped(_) => (0.0, Vec::new()),
        };
        Report {
            stats,
            solutions: u128::from(stats.solutions),
            explored,
            profile,
            cache: None,
            threads: 1,
            algorithm: Algorithm::Links,
            elapsed: self.ended_after.unwrap_or_else(|| self.clock.elapsed()),
            solution: None,
        }
    }

    /// The engine listed.
    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// The cache, for another listing ([`Engine::solutions_in`]); a search
    /// still paused is abandoned there.
    pub fn into_cache(self) -> Cache {
        self.cache
    }

    /// Ends the search for `why`, before it began or between solutions.
    fn end(&mut self, why: StopReason) {
        match self.phase {
            Phase::Searching => {
                self.cache
                    .with_solver(|solver| solver.abandon_search_for(why));
            }
            Phase::Waiting | Phase::Stopped(_) => {
                self.phase = Phase::Stopped(Stats {
                    stop: why,
                    ..Stats::default()
                });
            }
        }
        self.ended_after = Some(self.clock.elapsed());
    }

    /// Links the cache's solver for this search, within the request:
    /// false if its token or clock stopped the copy of the links.
    fn begin(&mut self) -> bool {
        let config = SearchConfig::new().budget(self.clock.budget());
        let clock = &self.clock;
        self.cache
            .prepare(&self.engine.linked.template, config, &mut || {
                clock.spent().is_some()
            })
    }
}

impl Iterator for Solutions {
    type Item = Vec<OptionId>;

    fn next(&mut self) -> Option<Vec<OptionId>> {
        if self.ended_after.is_some() {
            return None;
        }
        // A stop or a deadline that came while the search was paused.
        if let Some(why) = self.clock.spent() {
            self.end(why);
            return None;
        }
        if let Phase::Waiting = self.phase {
            if !self.begin() {
                self.end(self.clock.spent().unwrap_or(StopReason::Cancelled));
                return None;
            }
            self.phase = Phase::Searching;
        }
        let shuffled = self.engine.linked.shuffled.as_ref();
        let last = self.left == Some(1);
        let found = self
            .cache
            .with_solver(|solver| {
                let found = solver.next_solution().map(|solution| {
                    let mut options = Vec::with_capacity(solution.options().len());
                    map_back(shuffled, solution.options(), &mut options);
                    options
                });
                // The last solution allowed: the search ends here, and its
                // figures say why (max-solutions).
                if found.is_some() && last {
                    solver.abandon_search();
                }
                found
            })
            .expect("a search under way has its solver");
        if let Some(left) = &mut self.left
            && found.is_some()
        {
            *left -= 1;
        }
        if found.is_none() || self.left == Some(0) {
            self.ended_after = Some(self.clock.elapsed());
        }
        found
    }
}

impl FusedIterator for Solutions {}

impl fmt::Debug for Solutions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solutions")
            .field("stats", &self.stats())
            .field("left", &self.left)
            .finish_non_exhaustive()
    }
}
