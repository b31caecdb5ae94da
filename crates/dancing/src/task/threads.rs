//! One task on several threads: the task's tree is cut below its node as
//! the split cuts the whole tree, and the pieces are run as tasks by the
//! workers of the crate's one scheduler, each with its own copy of the
//! matrix. Their figures add up to those of the task run on one thread
//! (nodes, updates, cleansings, solutions, maximum depth), and a stop
//! leaves a frontier as [`TaskRunner::run`] does: what was explored is
//! kept, what was not is listed as tasks with their whole paths.

use std::ops::ControlFlow;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use bumpalo::Bump;

use super::NodePath;
use super::run::{Below, Piece, PrefixError, TaskOutcome, TaskRunner, add};
use crate::config::SearchConfig;
use crate::matrix::Template;
use crate::problem::{OptionId, Problem};
use crate::schedule::{self, Queue};
use crate::visit::{FnVisitor, Progress, Solution, Stats, StopReason};

/// What running a task on threads did: the outcome, as on one thread, and
/// the solutions in the order of the search (when collected).
#[derive(Clone, Debug)]
pub struct ThreadedOutcome {
    /// The figures and the frontier, as [`TaskRunner::run`] gives them.
    pub outcome: TaskOutcome,
    /// The solutions of the finished part, in the order of the search
    /// (none unless collected).
    pub solutions: Vec<Vec<OptionId>>,
}

/// What one piece's run left: its outcome and solutions.
type PieceResult = Mutex<Option<(TaskOutcome, Vec<Vec<OptionId>>)>>;

/// Runs `task` of `problem` (linked as `template`) on `threads` threads:
/// `config`'s node limit holds for the task as a whole (about: threads
/// look at each other's nodes at their checkpoints), its tasks per thread
/// say how finely the tree is cut; `stop` is asked at every checkpoint
/// (a time limit, Ctrl-C) and stops the run with a frontier (stop
/// `Interrupted`). With `collect`, the solutions come back in the order
/// of the search; then the pieces after the first one left unfinished are
/// left whole in the frontier (their solutions would come out of order),
/// while a count keeps every piece that finished.
///
/// ```
/// use dancing::format;
/// use dancing::expert::{SearchConfig, Template};
/// use dancing::task::{run_on_threads, NodePath, TaskRunner};
/// use bumpalo::Bump;
///
/// let problem = format::read_str(include_str!("../../tests/data/queens8.dlx"))?.problem;
/// let template = Template::new(&problem);
/// let root = NodePath::root();
/// let config = SearchConfig::new();
/// let threaded = run_on_threads(&problem, &template, &root, 2, &config, true, &|| false)?;
/// let bump = Bump::new();
/// let mut runner = TaskRunner::new(&problem, &template, &bump);
/// runner.select(&root)?;
/// let one = runner.count();
/// assert_eq!(threaded.outcome.stats, one.stats);
/// assert_eq!(threaded.solutions.len(), 92);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// If the task's path is not one of the search tree's.
pub fn run_on_threads(
    problem: &Problem,
    template: &Template,
    task: &NodePath,
    threads: usize,
    config: &SearchConfig,
    collect: bool,
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<ThreadedOutcome, PrefixError> {
    let limit = config.get_node_limit().unwrap_or(u64::MAX);
    let Below {
        stats: cut,
        pieces,
        halted,
    } = {
        let bump = Bump::new();
        let mut runner = TaskRunner::new(problem, template, &bump);
        runner.select(task)?;
        let target = threads.max(1).saturating_mul(config.get_tasks_per_thread());
        runner.split_below(target, limit, stop)
    };
    let first_stop = if !halted {
        None
    } else if cut.nodes >= limit {
        Some(StopReason::NodeLimit)
    } else {
        Some(StopReason::Interrupted)
    };
    let shared = Shared {
        problem,
        template,
        config,
        collect,
        stop,
        limit,
        pieces: &pieces,
        results: pieces.iter().map(|_| Mutex::new(None)).collect(),
        used: AtomicU64::new(cut.nodes),
        halt: Mutex::new(first_stop),
    };
    if first_stop.is_none() {
        let workers = threads.clamp(1, pieces.len().max(1));
        let halted = || lock(&shared.halt).is_some();
        schedule::run(workers, pieces.len(), &halted, |queue| shared.work(queue));
    }
    Ok(shared.combine(cut))
}

/// What the workers share.
struct Shared<'a> {
    problem: &'a Problem,
    template: &'a Template,
    config: &'a SearchConfig,
    collect: bool,
    stop: &'a (dyn Fn() -> bool + Sync),
    limit: u64,
    pieces: &'a [Piece],
    /// Per piece, what its run left (none if it never ran).
    results: Vec<PieceResult>,
    /// The nodes counted so far: the cut's, and those of finished runs.
    used: AtomicU64,
    /// Why the run stops, once it does: no piece is started after.
    halt: Mutex<Option<StopReason>>,
}

impl Shared<'_> {
    /// Takes pieces from `queue` and runs them until there are none or the
    /// run stops (the queue hands none out once `halt` is set).
    fn work(&self, queue: &Queue<'_>) {
        let bump = Bump::new();
        let mut runner = TaskRunner::new(self.problem, self.template, &bump);
        while let Some(place) = queue.take() {
            let Piece::Subtree(task) = &self.pieces[place] else {
                continue;
            };
            let left = self.limit.saturating_sub(self.used.load(Ordering::Relaxed));
            if left == 0 {
                self.halt_for(StopReason::NodeLimit);
                return;
            }
            let node_limit = (self.limit != u64::MAX).then_some(left);
            runner.set_config(self.config.clone().node_limit(node_limit));
            runner
                .select(task)
                .expect("a piece of the cut is a path of the search");
            let mut found = Vec::new();
            let mut reason = None;
            let Ok(outcome) = runner.run(FnVisitor {
                solution: |solution: &Solution<'_>| {
                    if self.collect {
                        found.push(solution.options().to_vec());
                    }
                    ControlFlow::Continue(())
                },
                progress: |progress: &Progress| {
                    let used = self.used.load(Ordering::Relaxed);
                    reason = if (self.stop)() {
                        Some(StopReason::Interrupted)
                    } else if used.saturating_add(progress.stats.nodes) >= self.limit {
                        Some(StopReason::NodeLimit)
                    } else if lock(&self.halt).is_some() {
                        // Another piece stopped: one stop for all.
                        Some(StopReason::Interrupted)
                    } else {
                        None
                    };
                    match reason {
                        Some(_) => ControlFlow::Break(()),
                        None => ControlFlow::Continue(()),
                    }
                },
            });
            self.used.fetch_add(outcome.stats.nodes, Ordering::Relaxed);
            if !outcome.stats.is_complete() {
                self.halt_for(reason.unwrap_or(outcome.stats.stop));
            }
            *lock(&self.results[place]) = Some((outcome, found));
        }
    }

    /// Records why the run stops, unless a reason is known already.
    fn halt_for(&self, reason: StopReason) {
        lock(&self.halt).get_or_insert(reason);
    }

    /// The task's outcome from the cut's figures and the pieces': the
    /// pieces in order, each finished one added, the others (and, when
    /// solutions are collected, every piece after the first unfinished
    /// one) in the frontier, in order.
    fn combine(&self, cut: Stats) -> ThreadedOutcome {
        let mut stats = cut;
        let mut solutions = Vec::new();
        let mut frontier: Vec<NodePath> = Vec::new();
        for (piece, result) in self.pieces.iter().zip(&self.results) {
            // Collected solutions must come in order: past the first piece
            // left unfinished, nothing more is kept.
            let in_order = !self.collect || frontier.is_empty();
            match piece {
                Piece::Solution {
                    task: path,
                    options,
                    entering: (updates, cleansings),
                } => {
                    if in_order {
                        solutions.extend(self.collect.then(|| options.clone()));
                    } else {
                        // Counted by the cut when it expanded the node: the
                        // node (with entering it) and its solution go to
                        // the frontier instead.
                        stats.nodes -= 1;
                        stats.solutions -= 1;
                        stats.updates -= updates;
                        stats.cleansings -= cleansings;
                        frontier.push(path.clone());
                    }
                }
                Piece::Subtree(subtree) => match lock(result).take() {
                    Some((outcome, found)) if in_order => {
                        add(&mut stats, &outcome.stats);
                        solutions.extend(found);
                        frontier.extend(outcome.frontier);
                    }
                    _ => frontier.push(subtree.clone()),
                },
            }
        }
        stats.stop = if frontier.is_empty() {
            StopReason::Complete
        } else {
            lock(&self.halt).unwrap_or(StopReason::Interrupted)
        };
        ThreadedOutcome {
            outcome: TaskOutcome { stats, frontier },
            solutions,
        }
    }
}

/// Locks `mutex`, whose data stays sound if a worker panicked.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}
