//! The search on several threads: the top of the search tree is split into
//! subtrees, and the subtrees are searched on a rayon pool.
//!
//! - [`split`]: the split pass, on the caller's thread, explores the top of
//!   the tree level by level until there are enough subtrees (*tasks*),
//!   and groups consecutive tasks into *units*;
//! - [`worker`]: each worker links the problem once (a copy of a shared
//!   [`Template`] in its own arena), then for each task of a unit it takes
//!   selects the task's path, searches, and hands the solutions over;
//! - [`order`]: what they share, and how an ordered search keeps the
//!   solutions in the order of one thread in bounded memory.
//!
//! Because the tasks are the frontier of the full tree, in the order of the
//! full search, the statistics of a complete search add up to exactly those
//! of a search on one thread (nodes, updates, solutions, maximum depth,
//! profile), and the solutions of unit after unit are the solutions in the
//! order of one thread. [`SearchConfig::ordered`](crate::expert::SearchConfig::ordered)
//! keeps that order.

mod memo;
mod order;
mod split;
mod worker;

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use bumpalo::Bump;

use crate::budget::{Budget as SearchBudget, BudgetClock};
use crate::clock::Instant;
use crate::config::SearchConfig;
use crate::matrix::Template;
use crate::problem::{OptionId, Problem};
use crate::search::{Search, Solver, Subsearch};
use crate::visit::{Explorer, FnVisitor, Progress, Solution, Stats, StopReason, Visiting, Visitor};

use order::{Batch, Report, Shared, lock};
use split::{Split, SplitBudget};

/// A search of one problem on several threads.
///
/// ```
/// use std::ops::ControlFlow;
/// use dancing::format;
/// use dancing::expert::{ParallelSolver, Search, SearchConfig};
///
/// let problem = format::read_str(include_str!("../../tests/data/queens8.dlx"))?.problem;
/// let config = SearchConfig::new().threads(2);
/// let mut parallel = ParallelSolver::new(&problem).with_config(config.clone());
/// assert_eq!(parallel.count(), 92);
/// assert_eq!(parallel.stats().nodes, 1199); // as on one thread
///
/// // The solutions in the order one thread finds them.
/// parallel.set_config(config.ordered(true));
/// let mut solutions = Vec::new();
/// parallel.search(|solution| {
///     solutions.push(solution.options().to_vec());
///     ControlFlow::Continue(())
/// });
/// assert_eq!(solutions.len(), 92);
/// # Ok::<(), dancing::format::ParseError>(())
/// ```
#[derive(Debug)]
pub struct ParallelSolver {
    template: Arc<Template>,
    config: SearchConfig,
    stats: Stats,
    profile: Vec<u64>,
    tasks: usize,
    explored: f64,
    threads: usize,
}

/// The most nodes a count whose threads were not set searches on the
/// caller's thread before it asks the system for the cores it may use (see
/// `ParallelSolver::count_small_tree`): about as long as the asking takes
/// on Linux (a dozen reads of `/proc` and `/sys`, some 40 µs).
const SMALL_TREE_NODES: u64 = 1024;

/// The largest matrix (in bytes copied) such a count is tried on: its copy
/// costs a few microseconds, lost if the tree is larger.
const SMALL_TREE_BYTES: usize = 64 << 10;

impl ParallelSolver {
    /// A parallel search of `problem`, configured by default (on as many
    /// threads as the machine has cores), with the problem's algorithm (X,
    /// C or M).
    pub fn new(problem: &Problem) -> ParallelSolver {
        ParallelSolver::from_template(Template::new(problem))
    }

    /// A parallel search of a problem linked already (see
    /// [`Template::link`] for linking that can be stopped), owned or
    /// shared with other searches.
    pub fn from_template(template: impl Into<Arc<Template>>) -> ParallelSolver {
        ParallelSolver {
            template: template.into(),
            config: SearchConfig::default(),
            stats: Stats::default(),
            profile: Vec::new(),
            tasks: 0,
            explored: 0.0,
            threads: 0,
        }
    }

    /// This search, run as `config` says: threads, order, node limit,
    /// progress interval.
    pub fn with_config(mut self, config: SearchConfig) -> ParallelSolver {
        self.config = config;
        self
    }

    /// Makes every later search run as `config` says.
    pub fn set_config(&mut self, config: SearchConfig) {
        self.config = config;
    }

    /// How the searches run.
    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// Runs the search, reporting to `visitor` on the caller's thread: each
    /// solution (in the order of one thread if the configuration says so),
    /// and the progress over all threads about every
    /// [`progress_interval`](SearchConfig::progress_interval), until it asks
    /// to stop. Returns the statistics, which [`stats`](Self::stats) also
    /// keeps, or the visitor's error.
    pub fn run<V: Visitor>(&mut self, visitor: V) -> Result<Stats, V::Error> {
        let mut visiting = Visiting::new(visitor);
        let stats = self.explore(true, &mut visiting);
        let (stats, result) = visiting.finish(stats);
        self.stats = stats;
        result
    }

    /// The statistics of the last search, summed over all threads. After a
    /// search that stopped early, `solutions` counts the solutions visited
    /// (or, when counting, found), and the other figures the work all
    /// threads did, which can be more than one thread would have done.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Search-tree nodes per level in the last search, over all threads.
    pub fn profile(&self) -> &[u64] {
        let levels = if self.stats.nodes == 0 {
            0
        } else {
            self.stats.max_depth + 1
        };
        &self.profile[..levels.min(self.profile.len())]
    }

    /// The number of subtrees the last search was split into (0 on one
    /// thread).
    pub fn subproblems(&self) -> usize {
        self.tasks
    }

    /// Knuth's estimate of the fraction of the search tree that the last
    /// search explored: 1 when it ran to the end. After a search stopped
    /// early on several threads it adds up the parts each thread explored,
    /// so it is rougher than on one thread.
    pub fn explored(&self) -> f64 {
        self.explored
    }

    /// The threads the last search was given: as configured, else
    /// [`default_threads`](crate::engine::default_threads), or 1 for a
    /// count without configured threads whose tree was small enough to
    /// finish on the caller's thread before the cores were asked for (0
    /// before any search).
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The search on the caller's thread alone, with progress on a clock;
    /// the solver's checkpoints look at the budget of `clock`.
    /// If not `collect`, the visitor only counts the solutions (see
    /// `count_within`): the search then does not list their options.
    fn explore_sequential<V: Visitor>(
        &mut self,
        collect: bool,
        visiting: &mut Visiting<V>,
        clock: &mut BudgetClock,
    ) -> Stats {
        let interval = self.config.get_progress_interval();
        let mut clocked = Throttled::new(visiting, interval);
        if collect {
            self.explore_sequential_with(&mut clocked, clock)
        } else {
            self.explore_sequential_with(&mut OptionsUnread(&mut clocked), clock)
        }
    }

    /// `explore_sequential` reporting to `explorer`.
    fn explore_sequential_with<E: Explorer>(
        &mut self,
        explorer: &mut E,
        clock: &mut BudgetClock,
    ) -> Stats {
        let bump = Bump::new();
        let Some(mut solver) = copy_budgeted(&self.template, &bump, explorer, clock) else {
            return self.stopped_before_search_by(stopped_by(clock));
        };
        // The time limit counts from the start of this search, not the
        // solver's.
        solver.set_config(self.config.clone().budget(clock.remaining()));
        let stats = solver.explore_to(usize::MAX, explorer);
        self.profile.fill(0);
        self.profile[..solver.profile().len()].copy_from_slice(solver.profile());
        self.tasks = 0;
        self.stats = stats;
        self.explored = solver.explored();
        stats
    }

    /// A count of a small matrix whose threads were not set, on the
    /// caller's thread, as far as [`SMALL_TREE_NODES`] nodes: the count of
    /// a tree that small, which is then made without asking the system for
    /// its cores (for a tiny problem, most of the search's own time), its
    /// statistics those of one thread. `None` when the matrix is larger
    /// than [`SMALL_TREE_BYTES`] or the tree than the nodes, having spent
    /// about what the asking costs. The count reports no progress (it is
    /// over in about 40 µs), and stops for the budget as any search does.
    fn count_small_tree(&mut self, clock: &mut BudgetClock) -> Option<Stats> {
        if self.template.copy_bytes() > SMALL_TREE_BYTES {
            return None;
        }
        let budget = clock.remaining();
        let asked_cap = budget.node_limit();
        let cap = asked_cap.map_or(SMALL_TREE_NODES, |nodes| nodes.min(SMALL_TREE_NODES));
        let bump = Bump::new();
        let mut solver = Solver::from_template(&self.template, &bump);
        solver.set_config(self.config.clone().budget(budget.max_nodes(cap)));
        let stats = solver.explore_to(usize::MAX, &mut CountOnly);
        // Stopped by this count's own cap, not the one asked for: larger.
        let larger = stats.stop == StopReason::NodeLimit
            && asked_cap.is_none_or(|nodes| nodes > SMALL_TREE_NODES);
        if larger {
            return None;
        }
        self.profile.fill(0);
        self.profile[..solver.profile().len()].copy_from_slice(solver.profile());
        self.tasks = 0;
        self.stats = stats;
        self.explored = solver.explored();
        Some(stats)
    }

    /// What a search stopped by the monitor before its first node (while
    /// the matrix was copied) reports.
    fn stopped_before_search(&mut self) -> Stats {
        self.stopped_before_search_by(StopReason::Interrupted)
    }

    /// What a search stopped (by the monitor or the budget, for `reason`)
    /// before its first node, while the matrix was copied, reports.
    fn stopped_before_search_by(&mut self, reason: StopReason) -> Stats {
        self.profile.fill(0);
        self.tasks = 0;
        self.explored = 0.0;
        self.stats = Stats {
            stop: reason,
            ..Stats::default()
        };
        self.stats
    }

    /// The search, reporting to `visiting` (its solutions too if `collect`).
    fn explore<V: Visitor>(&mut self, collect: bool, visiting: &mut Visiting<V>) -> Stats {
        let depth_limit = self.template.max_depth();
        self.profile = vec![0; depth_limit + 1];
        self.tasks = 0;
        // The budget's clock starts with the search, and is looked at
        // before any work: a search cancelled already does none.
        let mut clock = self.config.get_budget().start();
        if let Some(reason) = clock.poll() {
            self.threads = self.config.get_threads();
            return self.stopped_before_search_by(reason);
        }
        let threads = match self.config.threads_set() {
            Some(threads) => threads,
            None => {
                if !collect && let Some(stats) = self.count_small_tree(&mut clock) {
                    self.threads = 1;
                    return stats;
                }
                self.config.get_threads()
            }
        };
        self.threads = threads;
        if threads == 1 {
            return self.explore_sequential(collect, visiting, &mut clock);
        }
        let interval = self.config.get_progress_interval();
        let node_limit = self.config.get_node_limit().unwrap_or(u64::MAX);
        let split = {
            // The split's copy of the matrix is freed before the workers
            // make theirs.
            let bump = Bump::new();
            let mut clocked = Throttled::new(&mut *visiting, interval);
            let Some(mut solver) = copy_budgeted(&self.template, &bump, &mut clocked, &mut clock)
            else {
                return self.stopped_before_search_by(stopped_by(&clock));
            };
            solver.set_node_limit(self.config.get_node_limit());
            Split::run(
                &mut solver,
                depth_limit,
                SplitBudget {
                    target: threads.saturating_mul(self.config.get_tasks_per_thread()),
                    max_depth: usize::MAX,
                    keep_dead_ends: false,
                    sibling_runs: true,
                    node_limit,
                    interval,
                    monitor: &mut |progress| {
                        if clock.poll().is_some() {
                            return ControlFlow::Break(());
                        }
                        visiting.checkpoint(progress)
                    },
                },
            )
        };
        self.profile.copy_from_slice(&split.profile);
        self.tasks = split.subtrees();
        if split.stopped.is_some() || self.tasks == 0 {
            // Nothing for workers: the split found every solution, or a
            // budget stopped it. Its solutions in order, up to the first
            // subtree it left unsearched.
            let mut visited = 0;
            let mut path = Vec::new();
            let bump = Bump::new();
            // A copy of the links to name the options, made only when
            // there is a solution to list: on a huge matrix it takes
            // tenths of a second, which a stopped search must not spend.
            let mut reader = None;
            let mut stop = split.stopped.map(|reason| match reason {
                // A break of the monitor: the budget's, if it said stop.
                StopReason::Interrupted => stopped_by(&clock),
                reason => reason,
            });
            if collect {
                for task in &split.tasks {
                    if !task.solution {
                        break;
                    }
                    let reader =
                        reader.get_or_insert_with(|| Solver::from_template(&self.template, &bump));
                    split.task_path(task, &mut path);
                    let options: Vec<OptionId> = path
                        .iter()
                        .filter_map(|&node| reader.option_of(node))
                        .collect();
                    visited += 1;
                    if visiting
                        .solution(&Solution { options: &options })
                        .is_break()
                    {
                        stop = Some(StopReason::Visitor);
                        break;
                    }
                }
            }
            let mut stats = split.stats;
            stats.stop = stop.unwrap_or(StopReason::Complete);
            if collect {
                stats.solutions = visited;
            }
            // The split went through the whole tree unless a budget
            // stopped it: a visitor that stopped the listing of its
            // solutions leaves it explored all the same.
            self.explored = if split.stopped.is_some() {
                split.explored
            } else {
                1.0
            };
            self.stats = stats;
            return stats;
        }

        // No more threads than units: a small tree needs few.
        let workers = threads.min(split.units.len());
        let Some(pool) = crate::schedule::pool(workers) else {
            // No threads to be had: the search on this one, from the top.
            return self.explore_sequential(collect, visiting, &mut clock);
        };
        let shared = Shared::new(
            &self.template,
            &split,
            workers,
            self.config.get_ordered(),
            collect,
            node_limit,
            depth_limit + 1,
        );
        let (sender, receiver) = mpsc::sync_channel::<Report>(4 * workers);
        let mut caller = Caller {
            explorer: visiting,
            visiting: collect,
            monitoring: true,
            visited: 0,
            head: 0,
            held: BTreeMap::new(),
        };
        let run_workers = |caller: &mut Caller<'_, Visiting<V>>| {
            let shared = &shared;
            let mut last_progress = Instant::now();
            let mut drain = || {
                loop {
                    // Woken at the deadline, if it comes before the next
                    // progress report.
                    let wait = match clock.deadline() {
                        Some(deadline) if !shared.stopping() => interval
                            .min(deadline.saturating_duration_since(Instant::now()))
                            .max(Duration::from_millis(1)),
                        _ => interval,
                    };
                    match receiver.recv_timeout(wait) {
                        Ok(report) => caller.receive(report, shared),
                        Err(RecvTimeoutError::Timeout) => {}
                        Err(RecvTimeoutError::Disconnected) => break,
                    }
                    // The budget's checkpoint: the workers stop at their
                    // next look at the shared state.
                    if !shared.stopping()
                        && let Some(reason) = clock.poll()
                    {
                        caller.stop(shared, reason);
                    }
                    if caller.monitoring && last_progress.elapsed() >= interval {
                        last_progress = Instant::now();
                        caller.report_progress(shared);
                    }
                }
            };
            pool.in_place_scope(|scope| {
                for worker in 0..workers {
                    let sender = sender.clone();
                    scope.spawn(move |_| worker::work(shared, worker, &sender));
                }
                // The caller's side ends when every worker has hung up.
                drop(sender);
                drain();
            });
        };
        run_workers(&mut caller);
        let visited = caller.visited;
        let totals = lock(&shared.totals);
        let mut stats = split.stats;
        stats.nodes += totals.stats.nodes;
        stats.updates += totals.stats.updates;
        stats.cleansings += totals.stats.cleansings;
        stats.solutions += totals.stats.solutions;
        stats.max_depth = stats.max_depth.max(totals.stats.max_depth);
        for (sum, &count) in self.profile.iter_mut().zip(&totals.profile) {
            *sum += count;
        }
        stats.stop = if totals.complete && !shared.stopping() {
            StopReason::Complete
        } else {
            shared.stop_reason().unwrap_or(StopReason::Interrupted)
        };
        if collect {
            // Solutions found past a stop were never visited: as on one
            // thread, the count is of those the visitor saw.
            stats.solutions = visited;
        }
        self.explored = if stats.is_complete() {
            1.0
        } else {
            shared.progress().fraction
        };
        drop(totals);
        self.stats = stats;
        stats
    }
}

/// A solver on a copy of `template`'s matrix, asking `explorer`'s
/// checkpoint (with no progress yet) during the copy, which takes a while
/// for a huge problem: `None` if it said to stop.
fn copy_monitored<'b, E: Explorer>(
    template: &'b Template,
    bump: &'b Bump,
    explorer: &mut E,
) -> Option<Solver<'b>> {
    copy_budgeted(
        template,
        bump,
        explorer,
        &mut SearchBudget::default().start(),
    )
}

/// [`copy_monitored`], looking at the budget of `clock` as well.
fn copy_budgeted<'b, E: Explorer>(
    template: &'b Template,
    bump: &'b Bump,
    explorer: &mut E,
    clock: &mut BudgetClock,
) -> Option<Solver<'b>> {
    let nothing_yet = Progress {
        stats: Stats {
            stop: StopReason::Running,
            ..Stats::default()
        },
        fraction: 0.0,
    };
    Solver::from_template_until(template, bump, &mut || {
        clock.poll().is_some() || explorer.checkpoint(&nothing_yet).is_break()
    })
}

/// Why a search whose monitor broke stopped: the budget's reason if its
/// clock said stop, else an interruption.
fn stopped_by(clock: &BudgetClock) -> StopReason {
    clock.stop_reason().unwrap_or(StopReason::Interrupted)
}

impl Search for ParallelSolver {
    fn run<V: Visitor>(&mut self, visitor: V) -> Result<Stats, V::Error> {
        ParallelSolver::run(self, visitor)
    }

    fn count_within<M>(&mut self, limit: u64, monitor: M) -> Stats
    where
        M: FnMut(&Progress) -> ControlFlow<()>,
    {
        if limit == u64::MAX {
            // No solution is handed over: the workers only count.
            let mut visiting = Visiting::new(FnVisitor {
                solution: |_: &Solution<'_>| ControlFlow::Continue(()),
                progress: monitor,
            });
            return self.explore(false, &mut visiting);
        }
        // Up to a limit, the caller counts the solutions handed over.
        let mut seen = 0;
        let Ok(stats) = self.run(FnVisitor {
            solution: |_: &Solution<'_>| {
                seen += 1;
                if seen == limit {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            },
            progress: monitor,
        });
        stats
    }

    fn stats(&self) -> Stats {
        ParallelSolver::stats(self)
    }

    fn profile(&self) -> &[u64] {
        ParallelSolver::profile(self)
    }

    fn explored(&self) -> f64 {
        ParallelSolver::explored(self)
    }

    fn config(&self) -> &SearchConfig {
        ParallelSolver::config(self)
    }

    fn set_config(&mut self, config: SearchConfig) {
        ParallelSolver::set_config(self, config);
    }
}

/// An explorer whose progress reports are passed on at most once per
/// `interval` (solutions all pass).
pub(super) struct Throttled<'e, E> {
    inner: &'e mut E,
    interval: Duration,
    last: Instant,
}

impl<'e, E: Explorer> Throttled<'e, E> {
    pub(super) fn new(inner: &'e mut E, interval: Duration) -> Throttled<'e, E> {
        Throttled {
            inner,
            interval,
            last: Instant::now(),
        }
    }
}

impl<E: Explorer> Explorer for Throttled<'_, E> {
    const LISTS_OPTIONS: bool = E::LISTS_OPTIONS;

    #[inline(always)]
    fn solution(&mut self, solution: &Solution<'_>) -> ControlFlow<()> {
        self.inner.solution(solution)
    }

    fn checkpoint(&mut self, progress: &Progress) -> ControlFlow<()> {
        if self.last.elapsed() < self.interval {
            return ControlFlow::Continue(());
        }
        self.last = Instant::now();
        self.inner.checkpoint(progress)
    }
}

/// An explorer whose visitor only counts the solutions: the search skips
/// listing their options (each solution it passes on is empty). On a 0-1
/// matrix 7 x 7 with sums 2, a third of whose nodes are solutions, the
/// listing took 9% of a count on one thread.
struct OptionsUnread<'e, E>(&'e mut E);

impl<E: Explorer> Explorer for OptionsUnread<'_, E> {
    const LISTS_OPTIONS: bool = false;

    #[inline(always)]
    fn solution(&mut self, solution: &Solution<'_>) -> ControlFlow<()> {
        self.0.solution(solution)
    }

    fn frontier(&mut self, node: u32, weight: f64) -> ControlFlow<()> {
        self.0.frontier(node, weight)
    }

    fn checkpoint(&mut self, progress: &Progress) -> ControlFlow<()> {
        self.0.checkpoint(progress)
    }
}

/// An explorer that only lets the search count: no options listed, no
/// progress reported.
struct CountOnly;

impl Explorer for CountOnly {
    const LISTS_OPTIONS: bool = false;

    #[inline(always)]
    fn solution(&mut self, _solution: &Solution<'_>) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

/// The caller's side of a parallel search: visits solutions in order (or
/// as they come), holding those of units past the head, and reports
/// progress.
struct Caller<'v, E> {
    explorer: &'v mut E,
    /// Whether solutions are still visited.
    visiting: bool,
    /// Whether progress is still reported.
    monitoring: bool,
    visited: u64,
    /// The unit whose solutions are visited now (ordered searches).
    head: usize,
    /// Solutions of units past the head, and whether each unit is done.
    held: BTreeMap<usize, (Vec<Batch>, bool)>,
}

impl<E: Explorer> Caller<'_, E> {
    fn receive(&mut self, report: Report, shared: &Shared<'_>) {
        let (unit, batch, done) = match report {
            Report::Solutions { unit, batch } => (unit, batch, false),
            Report::Done { unit, batch } => (unit, batch, true),
        };
        if !shared.ordered {
            self.deliver(&batch, shared);
            return;
        }
        if unit != self.head {
            let held = self.held.entry(unit).or_default();
            held.0.push(batch);
            held.1 |= done;
            return;
        }
        self.deliver(&batch, shared);
        if !done {
            return;
        }
        // The head is done: on to the next units, as far as they are done.
        loop {
            self.head += 1;
            let Some((batches, done)) = self.held.remove(&self.head) else {
                break;
            };
            for batch in &batches {
                self.deliver(batch, shared);
            }
            if !done {
                break;
            }
        }
        shared.set_head(self.head);
    }

    fn deliver(&mut self, batch: &Batch, shared: &Shared<'_>) {
        if !self.visiting {
            return;
        }
        for options in batch.solutions() {
            self.visited += 1;
            if self.explorer.solution(&Solution { options }).is_break() {
                self.stop(shared, StopReason::Visitor);
                return;
            }
        }
    }

    fn report_progress(&mut self, shared: &Shared<'_>) {
        if self.explorer.checkpoint(&shared.progress()).is_break() {
            self.stop(shared, StopReason::Interrupted);
        }
    }

    /// Stops the search: what is found from now on is neither visited nor
    /// reported, as on one thread, where the search ends here.
    fn stop(&mut self, shared: &Shared<'_>, reason: StopReason) {
        self.visiting = false;
        self.monitoring = false;
        shared.request_stop(reason);
    }
}

impl Shared<'_> {
    /// The progress over all threads, for the monitor.
    fn progress(&self) -> Progress {
        let running: f64 = self
            .running
            .iter()
            .map(|slot| {
                let running = *lock(slot);
                running.explored + running.weight * running.fraction
            })
            .sum();
        // The split's own leaves count as explored: the weights of the
        // subtrees are what is left.
        let done = *lock(&self.done_weight);
        let fraction = (1.0 - self.subtree_weight + done + running).clamp(0.0, 1.0);
        Progress {
            stats: Stats {
                nodes: self.nodes.load(std::sync::atomic::Ordering::Relaxed),
                solutions: self.solutions.load(std::sync::atomic::Ordering::Relaxed),
                stop: StopReason::Running,
                ..self.split.stats
            },
            fraction,
        }
    }
}

/// The frontier a split pass leaves: its tasks in the order of the full
/// search, the leaves it met (its solutions and dead ends) included, kept
/// as the pass stores them (a few bytes a task, whatever its depth) so that
/// a task file can be written a task at a time. The task split of
/// [`crate::task`] is this pass, written down instead of handed to threads.
pub(crate) struct SplitFrontier {
    split: Split,
    /// Why the pass stopped early (a budget or the monitor), if it did.
    pub(crate) stopped: Option<StopReason>,
}

impl SplitFrontier {
    /// The number of tasks.
    pub(crate) fn len(&self) -> usize {
        self.split.tasks.len()
    }

    /// The path of task `k` (option nodes from the root), into `path`.
    pub(crate) fn path(&self, k: usize, path: &mut Vec<u32>) {
        self.split.task_path(&self.split.tasks[k], path);
    }

    /// Every task's path with Knuth's estimate of its share of the tree.
    pub(crate) fn into_paths(self) -> Vec<(Vec<u32>, f64)> {
        let split = self.split;
        split
            .tasks
            .iter()
            .map(|task| {
                let mut path = Vec::new();
                split.task_path(task, &mut path);
                (path, task.weight)
            })
            .collect()
    }
}

/// Splits the search of `solver` (nothing selected) until it has `target`
/// subtrees, expanding none deeper than `max_depth`; `monitor` is called
/// about every `interval` and stops the pass by breaking.
pub(crate) fn split_frontier(
    solver: &mut Solver<'_>,
    depth_limit: usize,
    target: usize,
    max_depth: usize,
    interval: std::time::Duration,
    monitor: &mut dyn FnMut(&Progress) -> ControlFlow<()>,
) -> SplitFrontier {
    let split = Split::run(
        solver,
        depth_limit,
        SplitBudget {
            target,
            max_depth,
            keep_dead_ends: true,
            sibling_runs: false,
            node_limit: u64::MAX,
            interval,
            monitor,
        },
    );
    SplitFrontier {
        stopped: split.stopped,
        split,
    }
}
