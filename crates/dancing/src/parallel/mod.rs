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
//! order of one thread. [`ParallelSolver::ordered`] keeps that order.

mod order;
mod split;
mod worker;

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use bumpalo::Bump;

use crate::matrix::Template;
use crate::problem::{OptionId, Problem};
use crate::solver::{Progress, Solution, Solver, Stats};

use order::{Batch, Report, Shared, lock};
use split::{Budget, Split};

/// A search of one problem on several threads.
///
/// ```
/// use std::ops::ControlFlow;
/// use dancing::{format, ParallelSolver};
///
/// let problem = format::read_str(include_str!("../../tests/data/queens8.dlx"))?.problem;
/// let mut parallel = ParallelSolver::new(&problem).threads(2);
/// assert_eq!(parallel.count(), 92);
/// assert_eq!(parallel.stats().nodes, 1199); // as on one thread
///
/// // The solutions in the order one thread finds them.
/// let mut parallel = parallel.ordered(true);
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
    template: Template,
    threads: usize,
    ordered: bool,
    tasks_per_thread: usize,
    node_limit: Option<u64>,
    progress_interval: Duration,
    stats: Stats,
    profile: Vec<u64>,
    tasks: usize,
    explored: f64,
}

impl ParallelSolver {
    /// A parallel search of `problem`, on as many threads as the machine
    /// has cores.
    pub fn new(problem: &Problem) -> ParallelSolver {
        ParallelSolver::from_template(Template::new(problem))
    }

    /// A parallel search of a problem linked already (see
    /// [`Template::new_cancellable`] for linking that can be interrupted),
    /// on as many threads as the machine has cores.
    pub fn from_template(template: Template) -> ParallelSolver {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        ParallelSolver {
            template,
            threads,
            ordered: false,
            tasks_per_thread: 64,
            node_limit: None,
            progress_interval: Duration::from_millis(100),
            stats: Stats::default(),
            profile: Vec::new(),
            tasks: 0,
            explored: 0.0,
        }
    }

    /// Searches on `threads` threads (at least 1). One thread runs the
    /// plain search of a [`Solver`] on the caller's thread.
    pub fn threads(mut self, threads: usize) -> ParallelSolver {
        self.threads = threads.max(1);
        self
    }

    /// Whether [`search`](Self::search) visits the solutions in the order
    /// one thread finds them (at the cost of holding the solutions of the
    /// subtrees searched ahead of that order), or as they come (the
    /// default).
    pub fn ordered(mut self, ordered: bool) -> ParallelSolver {
        self.ordered = ordered;
        self
    }

    /// How many subtrees per thread the split aims for (at least 1; 64 by
    /// default): more balance the load better, at some cost in the split.
    pub fn tasks_per_thread(mut self, tasks: usize) -> ParallelSolver {
        self.tasks_per_thread = tasks.max(1);
        self
    }

    /// Stops the search (with `complete: false`) after about `limit` nodes
    /// over all threads: each thread looks at the shared count every few
    /// thousand nodes, so the search may run past it by that much per
    /// thread. On one thread the limit is exact.
    pub fn node_limit(mut self, limit: Option<u64>) -> ParallelSolver {
        self.node_limit = limit;
        self
    }

    /// How often the monitor of [`search_monitored`](Self::search_monitored)
    /// is called (100 ms unless set).
    pub fn progress_interval(mut self, interval: Duration) -> ParallelSolver {
        self.progress_interval = interval;
        self
    }

    /// The number of solutions.
    pub fn count(&mut self) -> u64 {
        self.run(
            false,
            |_| ControlFlow::Continue(()),
            |_| ControlFlow::Continue(()),
        )
        .solutions
    }

    /// Runs the search, calling `visit` on the caller's thread with each
    /// solution until it returns `ControlFlow::Break`.
    pub fn search<F>(&mut self, visit: F) -> Stats
    where
        F: FnMut(&Solution<'_>) -> ControlFlow<()>,
    {
        self.run(true, visit, |_| ControlFlow::Continue(()))
    }

    /// [`search`](Self::search), calling `monitor` as well on the caller's
    /// thread about every [`progress_interval`](Self::progress_interval)
    /// with the progress over all threads; it stops the search by returning
    /// `ControlFlow::Break`.
    pub fn search_monitored<F, M>(&mut self, visit: F, monitor: M) -> Stats
    where
        F: FnMut(&Solution<'_>) -> ControlFlow<()>,
        M: FnMut(&Progress) -> ControlFlow<()>,
    {
        self.run(true, visit, monitor)
    }

    /// [`count`](Self::count) with a monitor, as in
    /// [`search_monitored`](Self::search_monitored).
    pub fn count_monitored<M>(&mut self, monitor: M) -> Stats
    where
        M: FnMut(&Progress) -> ControlFlow<()>,
    {
        self.run(false, |_| ControlFlow::Continue(()), monitor)
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

    /// The search on the caller's thread alone, with the monitor on a clock.
    fn run_sequential<F, M>(&mut self, visit: F, mut monitor: M) -> Stats
    where
        F: FnMut(&Solution<'_>) -> ControlFlow<()>,
        M: FnMut(&Progress) -> ControlFlow<()>,
    {
        let bump = Bump::new();
        let mut solver = Solver::from_template(&self.template, &bump);
        solver.set_node_limit(self.node_limit);
        let interval = self.progress_interval;
        let mut last = Instant::now();
        let stats = solver.search_monitored(visit, |progress| {
            if last.elapsed() < interval {
                return ControlFlow::Continue(());
            }
            last = Instant::now();
            monitor(progress)
        });
        self.profile.fill(0);
        self.profile[..solver.profile().len()].copy_from_slice(solver.profile());
        self.tasks = 0;
        self.stats = stats;
        self.explored = solver.explored();
        stats
    }

    fn run<F, M>(&mut self, collect: bool, mut visit: F, mut monitor: M) -> Stats
    where
        F: FnMut(&Solution<'_>) -> ControlFlow<()>,
        M: FnMut(&Progress) -> ControlFlow<()>,
    {
        let depth_limit = self.template.max_depth();
        self.profile = vec![0; depth_limit + 1];
        self.tasks = 0;
        if self.threads == 1 {
            return self.run_sequential(visit, monitor);
        }
        let interval = self.progress_interval;
        let split = {
            // The split's copy of the matrix is freed before the workers
            // make theirs.
            let bump = Bump::new();
            let mut solver = Solver::from_template(&self.template, &bump);
            solver.set_node_limit(self.node_limit);
            Split::run(
                &mut solver,
                depth_limit,
                Budget {
                    target: self.threads.saturating_mul(self.tasks_per_thread),
                    node_limit: self.node_limit.unwrap_or(u64::MAX),
                    interval,
                    monitor: &mut monitor,
                },
            )
        };
        self.profile.copy_from_slice(&split.profile);
        self.tasks = split.subtrees();
        if split.stopped || self.tasks == 0 {
            // Nothing for workers: the split found every solution, or a
            // budget stopped it. Its solutions in order, up to the first
            // subtree it left unsearched.
            let mut visited = 0;
            let mut path = Vec::new();
            let bump = Bump::new();
            let reader = Solver::from_template(&self.template, &bump);
            let mut stopped = split.stopped;
            if collect {
                for task in &split.tasks {
                    if !task.solution {
                        break;
                    }
                    split.task_path(task, &mut path);
                    let options: Vec<OptionId> =
                        path.iter().map(|&node| reader.option_of(node)).collect();
                    visited += 1;
                    if visit(&Solution { options: &options }).is_break() {
                        stopped = true;
                        break;
                    }
                }
            }
            let mut stats = split.stats;
            stats.complete = !stopped;
            if collect {
                stats.solutions = visited;
            }
            self.explored = if stopped { split.explored } else { 1.0 };
            self.stats = stats;
            return stats;
        }

        // No more threads than units: a small tree needs few.
        let workers = self.threads.min(split.units.len());
        let Ok(pool) = rayon::ThreadPoolBuilder::new()
            .num_threads(workers)
            .thread_name(|k| format!("dancing-{k}"))
            .build()
        else {
            // No threads to be had: the search on this one, from the top.
            return self.run_sequential(visit, monitor);
        };
        let shared = Shared::new(
            &self.template,
            &split,
            workers,
            self.ordered,
            collect,
            self.node_limit.unwrap_or(u64::MAX),
            depth_limit + 1,
        );
        let (sender, receiver) = mpsc::sync_channel::<Report>(4 * workers);
        let mut caller = Caller {
            visit: &mut visit,
            visiting: collect,
            visited: 0,
            head: 0,
            held: BTreeMap::new(),
        };
        let run_workers = |caller: &mut Caller<'_, F>| {
            let shared = &shared;
            let mut monitoring = true;
            let mut last_progress = Instant::now();
            let mut drain = || {
                loop {
                    match receiver.recv_timeout(interval) {
                        Ok(report) => caller.receive(report, shared),
                        Err(RecvTimeoutError::Timeout) => {}
                        Err(RecvTimeoutError::Disconnected) => break,
                    }
                    if monitoring && last_progress.elapsed() >= interval {
                        last_progress = Instant::now();
                        if monitor(&shared.progress()).is_break() {
                            monitoring = false;
                            // What is found from now on is not visited: as
                            // on one thread, the search ends here.
                            caller.visiting = false;
                            shared.request_stop();
                        }
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
        stats.solutions += totals.stats.solutions;
        stats.max_depth = stats.max_depth.max(totals.stats.max_depth);
        for (sum, &count) in self.profile.iter_mut().zip(&totals.profile) {
            *sum += count;
        }
        stats.complete = totals.complete && !shared.stopping();
        if collect {
            // Solutions found past a stop were never visited: as on one
            // thread, the count is of those the visitor saw.
            stats.solutions = visited;
        }
        self.explored = if stats.complete {
            1.0
        } else {
            shared.progress().fraction
        };
        drop(totals);
        self.stats = stats;
        stats
    }
}

/// The caller's side of a parallel search: visits solutions in order (or
/// as they come), holding those of units past the head.
struct Caller<'v, F> {
    visit: &'v mut F,
    visiting: bool,
    visited: u64,
    /// The unit whose solutions are visited now (ordered searches).
    head: usize,
    /// Solutions of units past the head, and whether each unit is done.
    held: BTreeMap<usize, (Vec<Batch>, bool)>,
}

impl<F> Caller<'_, F>
where
    F: FnMut(&Solution<'_>) -> ControlFlow<()>,
{
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
            if (self.visit)(&Solution { options }).is_break() {
                self.visiting = false;
                shared.request_stop();
                return;
            }
        }
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
                complete: false,
                ..self.split.stats
            },
            fraction,
        }
    }
}
