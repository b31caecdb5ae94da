//! Tasks through the front door, each call within a [`Request`]: the split
//! of the input's search tree (collected, or walked one task at a time as
//! the split keeps them), and the run of one task, for its solutions or
//! its cheapest ones. The request's stop says why a call ended in the one
//! vocabulary: its token, its clock, or its node limit.

use std::ops::ControlFlow;
use std::sync::OnceLock;

use bumpalo::Bump;

use super::Engine;
use super::request::{Request, RequestClock};
use crate::config::SearchConfig;
use crate::mincost::{CostedSolution, MinCostError, MinCostSolver};
use crate::problem::OptionId;
use crate::task::{
    Choice, NodePath, PrefixError, Sizing, SplitGoal, SplitOutcome, SplitTasks, TaskOutcome,
    TaskRunner, ThreadedOutcome, run_on_threads,
};
use crate::visit::{FnVisitor, Progress, Solution, Stats, StopReason};

/// What [`Engine::best_task`] found below a task.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestTaskOutcome {
    /// The cheapest solutions found below the task, cheapest first, at
    /// most `k`: the task's `k` best when the search ran to its end.
    pub best: Vec<CostedSolution>,
    /// DLX5's figures of the search below the task (the nodes above it
    /// are not counted); `solutions` counts the improvements found, `stop`
    /// says why it ended.
    pub stats: Stats,
    /// When the request stopped the search: the subtrees it left that may
    /// still hold a solution cheaper than the `k`-th best it found, as
    /// tasks with their whole paths, owning nothing. With `best`, their
    /// best are the task's.
    pub frontier: Vec<NodePath>,
}

impl BestTaskOutcome {
    /// Why the search ended.
    pub fn stop(&self) -> StopReason {
        self.stats.stop
    }

    /// Whether the search ran to its end: `best` are the task's.
    pub fn is_proven(&self) -> bool {
        self.stats.is_complete()
    }
}

impl Engine {
    /// Splits the search of the problem as given into tasks, as `goal`
    /// says, sized by `sizing`'s probes; with `balance`, large subtrees
    /// are cut further. `monitor` sees the progress and may stop the split
    /// (the tasks then cover the tree at the depth reached), as the
    /// request's token and clock do.
    pub fn split(
        &self,
        goal: SplitGoal,
        balance: bool,
        sizing: Sizing,
        request: &Request,
        monitor: impl FnMut(&Progress) -> ControlFlow<()>,
    ) -> SplitOutcome {
        self.split_walked(goal, balance, sizing, request, monitor, |split| {
            split.outcome()
        })
    }

    /// [`split`](Self::split), the tasks handed to `walk` as the split
    /// keeps them (a few bytes a task, each [`NodePath`] made as it is
    /// walked), for a caller that writes millions of tasks without holding
    /// them all; `walk`'s result is returned. The split's
    /// [`stopped`](SplitTasks::stopped) says why the request stopped it,
    /// if it did ([`StopReason::Interrupted`] for the monitor).
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use dancing::task::{Sizing, SplitGoal};
    /// use dancing::{format, Engine, Request};
    ///
    /// let problem = format::read_str(include_str!("../../tests/data/queens8.dlx"))?.problem;
    /// let engine = Engine::new(problem);
    /// let lines = engine.split_walked(
    ///     SplitGoal::Tasks(10),
    ///     false,
    ///     Sizing::default(),
    ///     &Request::new(),
    ///     |_| ControlFlow::Continue(()),
    ///     |split| {
    ///         let mut lines = 0;
    ///         let _ = split.for_each(|_task, _estimate| -> Result<(), ()> {
    ///             lines += 1;
    ///             Ok(())
    ///         });
    ///         lines
    ///     },
    /// );
    /// assert!(lines >= 10);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn split_walked<R>(
        &self,
        goal: SplitGoal,
        balance: bool,
        sizing: Sizing,
        request: &Request,
        mut monitor: impl FnMut(&Progress) -> ControlFlow<()>,
        walk: impl FnOnce(&SplitTasks<'_>) -> R,
    ) -> R {
        let clock = request.start();
        let mut stopped = None;
        let bump = Bump::new();
        let mut split = SplitTasks::sized(
            self.problem(),
            self.input_template(),
            &bump,
            goal,
            balance,
            sizing,
            &mut |progress| {
                stopped = clock.spent();
                if stopped.is_some() {
                    ControlFlow::Break(())
                } else {
                    monitor(progress)
                }
            },
        );
        if stopped.is_some() {
            split.stopped = stopped;
        }
        walk(&split)
    }

    /// Runs `task` (a node of the input's search tree, from
    /// [`split`](Self::split) or a stopped task's frontier) within
    /// `request`: on one thread as a [`TaskRunner`] runs it, on several as
    /// [`run_on_threads`] does (the same figures when it ends; a stop
    /// leaves another frontier). With `collect`, its solutions come back
    /// in the order of the search. A stopped run leaves the part it did
    /// not explore as new tasks in its frontier, and says why in its
    /// figures' `stop`: the request's token ([`StopReason::Cancelled`]),
    /// clock ([`StopReason::TimeLimit`]) or node limit
    /// ([`StopReason::NodeLimit`], which counts the task's owned
    /// ancestors).
    ///
    /// # Errors
    /// If the task's path is not one of the search tree's.
    pub fn run_task(
        &self,
        task: &NodePath,
        collect: bool,
        request: &Request,
    ) -> Result<ThreadedOutcome, PrefixError> {
        let clock = request.start();
        let threads = self.config.get_threads();
        let config = SearchConfig::new()
            .threads(threads)
            .node_limit(request.get_max_nodes())
            .progress_interval(self.config.get_progress_interval());
        if threads == 1 {
            return self.run_task_here(task, collect, config, &clock);
        }
        // The first reason the clock gave, for the threads' one stop.
        let reason = OnceLock::new();
        let stop = || match clock.spent() {
            Some(spent) => {
                let _ = reason.set(spent);
                true
            }
            None => false,
        };
        let mut threaded = run_on_threads(
            self.problem(),
            self.input_template(),
            task,
            threads,
            &config,
            collect,
            &stop,
        )?;
        said_why(&mut threaded.outcome.stats, reason.get().copied());
        Ok(threaded)
    }

    /// [`run_task`](Self::run_task) on the caller's thread.
    fn run_task_here(
        &self,
        task: &NodePath,
        collect: bool,
        config: SearchConfig,
        clock: &RequestClock,
    ) -> Result<ThreadedOutcome, PrefixError> {
        let bump = Bump::new();
        let mut runner = TaskRunner::new(self.problem(), self.input_template(), &bump);
        runner.set_config(config);
        runner.select(task)?;
        let mut solutions = Vec::new();
        let mut reason = None;
        let Ok(mut outcome): Result<TaskOutcome, std::convert::Infallible> =
            runner.run(FnVisitor {
                solution: |solution: &Solution<'_>| {
                    if collect {
                        solutions.push(solution.options().to_vec());
                    }
                    ControlFlow::Continue(())
                },
                progress: |_: &Progress| {
                    reason = clock.spent();
                    if reason.is_some() {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                },
            });
        said_why(&mut outcome.stats, reason);
        Ok(ThreadedOutcome { outcome, solutions })
    }

    /// The `k` cheapest solutions below `task` (a node of the input's
    /// search tree, from [`split`](Self::split) or a stopped run's
    /// frontier), DLX5's search on one thread within `request`: its token,
    /// clock and node limit (the nodes below the task). See
    /// [`BestTaskOutcome`]. The task's owned ancestors are not counted
    /// (without bounds, a node above another is no solution).
    ///
    /// ```
    /// use dancing::task::NodePath;
    /// use dancing::{format, Engine, Request};
    ///
    /// let problem = format::read_str("a b\na b |5\na |1\nb |2\nb |9\n")?.problem;
    /// let found = Engine::new(problem).best_task(&NodePath::root(), 2, &Request::new())?;
    /// let costs: Vec<u64> = found.best.iter().map(|s| s.cost).collect();
    /// assert_eq!(costs, [3, 5]);
    /// assert!(found.is_proven() && found.frontier.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// If `k` is 0 or above [`MAX_BEST`](crate::mincost::MAX_BEST), the
    /// problem cannot be searched for costs (it has bounds), or the task's
    /// path is not one DLX5 can take ([`MinCostError::Retire`],
    /// [`MinCostError::Path`]).
    pub fn best_task(
        &self,
        task: &NodePath,
        k: usize,
        request: &Request,
    ) -> Result<BestTaskOutcome, MinCostError> {
        MinCostSolver::check_count(k)?;
        let mut solver = self.min_cost()?.clone();
        let options: Option<Vec<OptionId>> = task
            .prefix
            .iter()
            .map(|choice| match choice {
                Choice::Option(option) => Some(*option),
                Choice::Retire(_) => None,
            })
            .collect();
        let options = options.ok_or(MinCostError::Retire)?;
        let clock = request.start();
        let outcome =
            solver.search_subtree(&options, k, clock.budget(), |_| ControlFlow::Continue(()))?;
        let frontier = outcome
            .frontier
            .into_iter()
            .map(|path| NodePath {
                own: 0,
                prefix: path.into_iter().map(Choice::Option).collect(),
            })
            .collect();
        Ok(BestTaskOutcome {
            best: outcome.best,
            stats: outcome.stats,
            frontier,
        })
    }
}

/// A run stopped by the request's token or clock ends `Interrupted` (its
/// hooks broke): `reason`, the request's word for it, instead.
fn said_why(stats: &mut Stats, reason: Option<StopReason>) {
    if let Some(reason) = reason
        && stats.stop == StopReason::Interrupted
    {
        stats.stop = reason;
    }
}
