//! The search on several threads: the tree is split into subtrees at a
//! shallow level, and the subtrees are searched on a rayon pool.
//!
//! The split is a search of its own that stops at a cutoff level: each node
//! it reaches there is a *task* (the options chosen on the way to it), and
//! the cutoff is deepened until there are several tasks per thread, so that
//! a thread that drew small subtrees takes more while another works through
//! a large one. Each worker links the problem once (a copy of a shared
//! [`Template`] in its own arena), then for each task selects the task's
//! options, searches, and clears the selection.
//!
//! Because the tasks are the nodes of the full tree at the cutoff, in the
//! order of the full search, the statistics add up to exactly those of a
//! search on one thread (nodes, updates, solutions, maximum depth, profile),
//! and the solutions of task after task are the solutions in the order of
//! one thread. [`ParallelSolver::ordered`] keeps that order.

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError, SyncSender};
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

use bumpalo::Bump;

use crate::matrix::Template;
use crate::problem::{OptionId, Problem};
use crate::solver::{Explorer, Progress, Solution, Solver, Stats};

/// Nodes a worker explores between two looks at the shared state (a stop
/// request, the node budget, the progress of its task).
const WORKER_CHECKPOINT_INTERVAL: u64 = 1 << 12;

/// Solutions a worker collects before it hands them over, when the order
/// of solutions does not matter.
const SOLUTIONS_PER_BATCH: usize = 1 << 10;

/// A search of one problem on several threads.
///
/// ```
/// use std::ops::ControlFlow;
/// use dancing::{format, ParallelSolver};
///
/// let problem = format::read_str(include_str!("../tests/data/queens8.dlx"))?.problem;
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
}

/// One subtree of the split, or a solution found above the cutoff.
#[derive(Clone, Debug)]
struct Task {
    /// The options chosen on the way to it, as a range of `Split::options`.
    start: usize,
    end: usize,
    /// Whether the node is a solution (found by the split itself) rather
    /// than a subtree to search.
    solution: bool,
    /// Knuth's estimate of the share of the whole tree below the node.
    weight: f64,
}

/// The tasks of a split, in the order of the full search.
#[derive(Default)]
struct Split {
    options: Vec<OptionId>,
    tasks: Vec<Task>,
}

impl Split {
    fn push(&mut self, prefix: &Solution<'_>, solution: bool, weight: f64) {
        let start = self.options.len();
        self.options.extend_from_slice(prefix.options());
        self.tasks.push(Task {
            start,
            end: self.options.len(),
            solution,
            weight,
        });
    }

    fn subtrees(&self) -> usize {
        self.tasks.iter().filter(|task| !task.solution).count()
    }

    fn options(&self, task: &Task) -> &[OptionId] {
        &self.options[task.start..task.end]
    }
}

impl Explorer for Split {
    fn solution(&mut self, solution: &Solution<'_>) -> ControlFlow<()> {
        self.push(solution, true, 0.0);
        ControlFlow::Continue(())
    }

    fn frontier(&mut self, prefix: &Solution<'_>, weight: f64) -> ControlFlow<()> {
        self.push(prefix, false, weight);
        ControlFlow::Continue(())
    }
}

/// What a worker hands to the caller's thread.
enum Report {
    /// Solutions of task `task` (not its last ones): each solution is
    /// `ends[k - 1]..ends[k]` of `options`.
    Solutions {
        task: usize,
        options: Vec<OptionId>,
        ends: Vec<usize>,
    },
    /// Task `task` is done: its last solutions, and its statistics.
    Done {
        task: usize,
        options: Vec<OptionId>,
        ends: Vec<usize>,
        stats: Stats,
        profile: Vec<u64>,
    },
}

/// Which tasks may be taken: the next one, and (when solutions are kept in
/// order) how far ahead of the caller the workers may run.
struct Claims {
    next: usize,
    /// Tasks whose solutions the caller has visited.
    emitted: usize,
}

/// The state the workers and the caller share.
struct Shared<'a> {
    template: &'a Template,
    split: &'a Split,
    claims: Mutex<Claims>,
    claimed: Condvar,
    /// How many tasks past `emitted` may be taken.
    window: usize,
    stop: AtomicBool,
    /// Whether solutions are sent to the caller (not when counting).
    collect: bool,
    /// Nodes and solutions so far, over all threads (updated at checkpoints).
    nodes: AtomicU64,
    solutions: AtomicU64,
    node_limit: u64,
    /// Per worker: the weight of its task and the fraction of it explored.
    running: Vec<Mutex<(f64, f64)>>,
}

impl<'a> Shared<'a> {
    /// The next task to search, or `None` when there is none left or the
    /// search is stopping.
    fn claim(&self) -> Option<usize> {
        let mut claims = self.claims.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            if self.stop.load(Ordering::Relaxed) || claims.next >= self.split.tasks.len() {
                return None;
            }
            if claims.next < claims.emitted.saturating_add(self.window) {
                claims.next += 1;
                return Some(claims.next - 1);
            }
            claims = self.claimed.wait(claims).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// Records that the caller has visited the solutions of `tasks` tasks.
    fn emitted(&self, tasks: usize) {
        let mut claims = self.claims.lock().unwrap_or_else(|e| e.into_inner());
        claims.emitted = tasks;
        self.claimed.notify_all();
    }

    fn request_stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
        // Wake the workers waiting for a claim, under the lock so that none
        // misses it between its test and its wait.
        let _claims = self.claims.lock().unwrap_or_else(|e| e.into_inner());
        self.claimed.notify_all();
    }
}

impl ParallelSolver {
    /// A parallel search of `problem`, on as many threads as the machine
    /// has cores.
    pub fn new(problem: &Problem) -> ParallelSolver {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        ParallelSolver {
            template: Template::new(problem),
            threads,
            ordered: false,
            tasks_per_thread: 64,
            node_limit: None,
            progress_interval: Duration::from_millis(100),
            stats: Stats::default(),
            profile: Vec::new(),
            tasks: 0,
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

    fn run<F, M>(&mut self, collect: bool, mut visit: F, mut monitor: M) -> Stats
    where
        F: FnMut(&Solution<'_>) -> ControlFlow<()>,
        M: FnMut(&Progress) -> ControlFlow<()>,
    {
        self.profile = vec![0; self.template.max_depth() + 1];
        self.tasks = 0;
        let pool = if self.threads > 1 {
            rayon::ThreadPoolBuilder::new()
                .num_threads(self.threads)
                .thread_name(|k| format!("dancing-{k}"))
                .build()
                .ok()
        } else {
            None
        };
        let bump = Bump::new();
        let mut solver = Solver::from_template(&self.template, &bump);
        solver.set_node_limit(self.node_limit);
        let Some(pool) = pool else {
            // One thread: the plain search, with the monitor on a clock.
            let interval = self.progress_interval;
            let mut last = Instant::now();
            let stats = solver.search_monitored(visit, |progress| {
                if last.elapsed() < interval {
                    return ControlFlow::Continue(());
                }
                last = Instant::now();
                monitor(progress)
            });
            self.profile[..solver.profile().len()].copy_from_slice(solver.profile());
            self.stats = stats;
            return stats;
        };

        // Deepen the cutoff until there are enough subtrees, or the split
        // pass has explored the whole tree.
        let target = self.threads * self.tasks_per_thread;
        let mut split;
        let mut split_stats;
        let mut cutoff = 1;
        loop {
            split = Split::default();
            split_stats = solver.split(cutoff, &mut split);
            let subtrees = split.subtrees();
            if subtrees >= target
                || subtrees == 0
                || !split_stats.complete
                || cutoff >= self.template.max_depth()
            {
                break;
            }
            cutoff += 1;
        }
        self.profile[..solver.profile().len()].copy_from_slice(solver.profile());
        self.tasks = split.subtrees();

        let shared = Shared {
            template: &self.template,
            split: &split,
            claims: Mutex::new(Claims {
                next: 0,
                emitted: 0,
            }),
            claimed: Condvar::new(),
            window: if self.ordered && collect {
                4 * self.threads + 4
            } else {
                usize::MAX
            },
            stop: AtomicBool::new(!split_stats.complete),
            collect,
            nodes: AtomicU64::new(split_stats.nodes),
            solutions: AtomicU64::new(split_stats.solutions),
            node_limit: self.node_limit.unwrap_or(u64::MAX),
            running: (0..self.threads).map(|_| Mutex::new((0.0, 0.0))).collect(),
        };
        let mut total = Merged::new(split_stats, &mut self.profile);
        let ordered = self.ordered;
        let interval = self.progress_interval;
        let (sender, receiver) = mpsc::sync_channel::<Report>(4 * self.threads);
        let visited = pool.in_place_scope(|scope| {
            for worker in 0..self.threads {
                let sender = sender.clone();
                let shared = &shared;
                scope.spawn(move |_| work(shared, worker, &sender));
            }
            drop(sender);

            // The caller's side: visit solutions, sum statistics, report
            // progress, until every worker has hung up.
            let mut visiting = collect;
            let mut visited = 0;
            let mut monitoring = true;
            let mut pending: BTreeMap<usize, Vec<Report>> = BTreeMap::new();
            let mut next_to_emit = 0;
            let mut done_weight = 0.0;
            let mut last_progress = Instant::now();
            let mut deliver = |report: Report, total: &mut Merged<'_>, done_weight: &mut f64| {
                let (task, options, ends, done) = match report {
                    Report::Solutions {
                        task,
                        options,
                        ends,
                    } => (task, options, ends, None),
                    Report::Done {
                        task,
                        options,
                        ends,
                        stats,
                        profile,
                    } => (task, options, ends, Some((stats, profile))),
                };
                if visiting {
                    let mut start = 0;
                    for &end in &ends {
                        visited += 1;
                        let solution = Solution {
                            options: &options[start..end],
                        };
                        start = end;
                        if visit(&solution).is_break() {
                            visiting = false;
                            shared.request_stop();
                            break;
                        }
                    }
                }
                if let Some((stats, profile)) = done {
                    total.add(&stats, &profile);
                    *done_weight += split.tasks[task].weight;
                }
            };
            loop {
                match receiver.recv_timeout(interval) {
                    Ok(report) if !ordered || !collect => {
                        deliver(report, &mut total, &mut done_weight);
                    }
                    Ok(report) => {
                        // Hold reports until every task before theirs is done.
                        let task = match &report {
                            Report::Solutions { task, .. } | Report::Done { task, .. } => *task,
                        };
                        pending.entry(task).or_default().push(report);
                        while let Some(reports) = pending.remove(&next_to_emit) {
                            let finished = matches!(reports.last(), Some(Report::Done { .. }));
                            for report in reports {
                                deliver(report, &mut total, &mut done_weight);
                            }
                            if !finished {
                                pending.insert(next_to_emit, Vec::new());
                                break;
                            }
                            next_to_emit += 1;
                            shared.emitted(next_to_emit);
                        }
                    }
                    Err(RecvTimeoutError::Timeout) => {}
                    Err(RecvTimeoutError::Disconnected) => break,
                }
                if monitoring && last_progress.elapsed() >= interval {
                    last_progress = Instant::now();
                    let progress = shared.progress(&total, done_weight);
                    if monitor(&progress).is_break() {
                        monitoring = false;
                        shared.request_stop();
                    }
                }
            }
            visited
        });
        let complete = total.complete && !shared.stop.load(Ordering::Relaxed);
        let mut stats = total.stats;
        stats.complete = complete;
        if collect {
            // Solutions found past a stop were never visited: as on one
            // thread, the count is of those the visitor saw.
            stats.solutions = visited;
        }
        self.stats = stats;
        stats
    }
}

/// Statistics summed over the split and the tasks.
struct Merged<'p> {
    stats: Stats,
    profile: &'p mut [u64],
    complete: bool,
}

impl<'p> Merged<'p> {
    fn new(split: Stats, profile: &'p mut [u64]) -> Merged<'p> {
        Merged {
            stats: split,
            profile,
            complete: split.complete,
        }
    }

    fn add(&mut self, stats: &Stats, profile: &[u64]) {
        self.stats.nodes += stats.nodes;
        self.stats.updates += stats.updates;
        self.stats.solutions += stats.solutions;
        self.stats.max_depth = self.stats.max_depth.max(stats.max_depth);
        self.complete &= stats.complete;
        for (sum, &count) in self.profile.iter_mut().zip(profile) {
            *sum += count;
        }
    }
}

impl Shared<'_> {
    /// The progress over all threads, for the monitor.
    fn progress(&self, total: &Merged<'_>, done_weight: f64) -> Progress {
        let running: f64 = self
            .running
            .iter()
            .map(|slot| {
                let (weight, fraction) = *slot.lock().unwrap_or_else(|e| e.into_inner());
                weight * fraction
            })
            .sum();
        // The split's own leaves above the cutoff count as explored: the
        // weights of the subtrees are what is left.
        let subtrees: f64 = self
            .split
            .tasks
            .iter()
            .filter(|task| !task.solution)
            .map(|task| task.weight)
            .sum();
        let fraction = (1.0 - subtrees + done_weight + running).clamp(0.0, 1.0);
        Progress {
            stats: Stats {
                nodes: self.nodes.load(Ordering::Relaxed),
                solutions: self.solutions.load(Ordering::Relaxed),
                complete: false,
                ..total.stats
            },
            fraction,
        }
    }
}

/// A worker: takes tasks until there are none, searching each from a
/// selection of its options, and reports to the caller.
fn work(shared: &Shared<'_>, worker: usize, sender: &SyncSender<Report>) {
    let bump = Bump::new();
    let mut solver = Solver::from_template(shared.template, &bump);
    solver.set_checkpoint_interval(WORKER_CHECKPOINT_INTERVAL);
    let mut options = Vec::new();
    let mut ends = Vec::new();
    while let Some(index) = shared.claim() {
        let task = &shared.split.tasks[index];
        let prefix = shared.split.options(task);
        let report_done = |options, ends, stats, profile| {
            sender
                .send(Report::Done {
                    task: index,
                    options,
                    ends,
                    stats,
                    profile,
                })
                .is_ok()
        };
        if task.solution {
            // Found and counted by the split: only its place in the order
            // is the task's.
            let (options, ends) = if shared.collect {
                (prefix.to_vec(), vec![prefix.len()])
            } else {
                (Vec::new(), Vec::new())
            };
            let stats = Stats {
                complete: true,
                ..Stats::default()
            };
            if !report_done(options, ends, stats, Vec::new()) {
                return;
            }
            continue;
        }
        for &option in prefix {
            // The prefix was chosen by the same search on the same problem.
            solver
                .select(option)
                .expect("a task's options are compatible");
        }
        if shared.node_limit != u64::MAX {
            // The budget left, as far as this thread knows: the others may
            // spend some of it meanwhile.
            let spent = shared.nodes.load(Ordering::Relaxed);
            solver.set_node_limit(Some(shared.node_limit.saturating_sub(spent)));
        }
        *lock(&shared.running[worker]) = (task.weight, 0.0);
        let mut reported = (0, 0);
        let mut hung_up = false;
        let stats = solver.search_monitored(
            |solution| {
                if shared.collect {
                    options.extend_from_slice(solution.options());
                    ends.push(options.len());
                    if shared.window == usize::MAX && ends.len() >= SOLUTIONS_PER_BATCH {
                        let report = Report::Solutions {
                            task: index,
                            options: std::mem::take(&mut options),
                            ends: std::mem::take(&mut ends),
                        };
                        if sender.send(report).is_err() {
                            hung_up = true;
                            return ControlFlow::Break(());
                        }
                    }
                }
                ControlFlow::Continue(())
            },
            |progress| {
                let (nodes, solutions) = (progress.stats.nodes, progress.stats.solutions);
                let total = shared
                    .nodes
                    .fetch_add(nodes - reported.0, Ordering::Relaxed)
                    + nodes
                    - reported.0;
                shared
                    .solutions
                    .fetch_add(solutions - reported.1, Ordering::Relaxed);
                reported = (nodes, solutions);
                lock(&shared.running[worker]).1 = progress.fraction;
                if total >= shared.node_limit {
                    shared.request_stop();
                }
                if shared.stop.load(Ordering::Relaxed) {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            },
        );
        let spent = shared
            .nodes
            .fetch_add(stats.nodes - reported.0, Ordering::Relaxed)
            + (stats.nodes - reported.0);
        if spent >= shared.node_limit {
            shared.request_stop();
        }
        shared
            .solutions
            .fetch_add(stats.solutions - reported.1, Ordering::Relaxed);
        *lock(&shared.running[worker]) = (0.0, 0.0);
        solver.clear_selection();
        let profile = solver.profile().to_vec();
        let sent = report_done(
            std::mem::take(&mut options),
            std::mem::take(&mut ends),
            stats,
            profile,
        );
        if hung_up || !sent {
            return;
        }
    }
}

/// Locks a mutex that a panicking thread may have poisoned (the data, two
/// numbers, is still good).
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}
