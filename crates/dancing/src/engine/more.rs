//! The engine's other capabilities, each one call within a [`Request`]:
//! the cheapest solutions, Knuth's estimate, the reduction, and tasks
//! (split, run one).

use std::ops::ControlFlow;

use bumpalo::Bump;

use super::Engine;
use super::report::BestReport;
use super::request::Request;
use crate::config::SearchConfig;
use crate::mincost::{CostedSolution, MinCostError, MinCostSolver};
use crate::reduce::{Reduction, reduce_with};
use crate::search::{Estimate, Solver};
use crate::task::{
    NodePath, PrefixError, Sizing, SplitGoal, SplitOutcome, ThreadedOutcome, run_on_threads,
    split_sized,
};
use crate::visit::Progress;

impl Engine {
    /// The `k` cheapest solutions (Knuth's DLX5: the sum of the options'
    /// costs), on the configured threads, within `request`, reporting each
    /// solution found that improves on the `k`-th best known then to
    /// `improvement` (which may stop the search). The best are proven the
    /// problem's when the report [`is_proven`](BestReport::is_proven).
    /// Solutions are in the input's numbering, whatever the seed.
    ///
    /// ```
    /// use dancing::{format, Engine, Request};
    ///
    /// let problem = format::read_str("a b\na b |5\na |1\nb |2\nb |9\n")?.problem;
    /// let report = Engine::new(problem).best(2, &Request::new(), |_| std::ops::ControlFlow::Continue(()))?;
    /// let costs: Vec<u64> = report.best.iter().map(|s| s.cost).collect();
    /// assert_eq!(costs, [3, 5]);
    /// assert!(report.is_proven());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// If `k` is 0 or above [`MAX_BEST`](crate::mincost::MAX_BEST), or the
    /// problem cannot be searched for costs (see [`MinCostError`]).
    pub fn best(
        &self,
        k: usize,
        request: &Request,
        improvement: impl FnMut(&CostedSolution) -> ControlFlow<()> + Send,
    ) -> Result<BestReport, MinCostError> {
        MinCostSolver::check_count(k)?;
        let clock = request.start();
        let threads = self.config.get_threads();
        let mut solver = MinCostSolver::new(self.problem())?;
        let outcome = solver.search_threads(k, threads, clock.budget(), improvement);
        Ok(BestReport {
            best: outcome.best,
            stats: outcome.stats,
            threads,
            elapsed: clock.elapsed(),
        })
    }

    /// Knuth's estimate of the search tree of the problem as given, from
    /// `probes` random paths drawn from `seed`, within `request` (its
    /// token and clock are looked at before each probe: the estimate is
    /// then of the probes made, as [`Estimate::probes`] says). The search
    /// itself runs alongside, within the probes' work, and when it ends
    /// first the figures are its own, exact ([`Estimate::exact`]; see
    /// [`Solver::estimate_or_exact`]).
    ///
    /// ```
    /// use dancing::{format, Engine, Request};
    ///
    /// // A chain: 2,000 items, each with one option of its own, a tree of
    /// // 2,001 nodes that each probe goes all the way down.
    /// let names: Vec<String> = (0..2000).map(|i| format!("a{i}")).collect();
    /// let text = format!("{}\n{}\n", names.join(" "), names.join("\n"));
    /// let engine = Engine::new(format::read_str(&text)?.problem);
    /// let estimate = engine.estimate(10_000, 0, &Request::new());
    /// assert_eq!(estimate.exact.map(|stats| stats.nodes), Some(2001));
    /// assert!(estimate.probes <= 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn estimate(&self, probes: u64, seed: u64, request: &Request) -> Estimate {
        let clock = request.start();
        let stop = crate::stop::Stop::new().with_poll(move || clock.spent().is_some());
        let bump = Bump::new();
        let mut solver = Solver::from_template(self.input_template(), &bump);
        solver.estimate_or_exact(probes, seed, &stop)
    }

    /// The problem reduced (see [`expert::reduce`](crate::expert::reduce)):
    /// options that cannot be in a solution and items implied by others
    /// removed. `None` if the request's token or clock stopped it.
    pub fn reduce(&self, request: &Request) -> Option<Reduction> {
        let clock = request.start();
        let stop = crate::stop::Stop::new().with_poll(move || clock.spent().is_some());
        reduce_with(self.problem(), &stop)
    }

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
        mut monitor: impl FnMut(&Progress) -> ControlFlow<()>,
    ) -> SplitOutcome {
        let clock = request.start();
        let mut outcome = None;
        let split = split_sized(
            self.problem(),
            self.input_template(),
            goal,
            balance,
            sizing,
            &mut |progress| {
                outcome = clock.spent();
                if outcome.is_some() {
                    ControlFlow::Break(())
                } else {
                    monitor(progress)
                }
            },
        );
        SplitOutcome {
            stopped: outcome.or(split.stopped),
            ..split
        }
    }

    /// Runs `task` (a node of the input's search tree, from
    /// [`split`](Self::split) or a stopped task's frontier) on the
    /// configured threads, within `request`; with `collect`, its solutions
    /// come back in the order of the search. A stopped run leaves the
    /// part it did not explore as new tasks in its frontier.
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
        let mut config = SearchConfig::new().threads(self.config.get_threads());
        if let Some(nodes) = request.get_max_nodes() {
            config = config.node_limit(Some(nodes));
        }
        run_on_threads(
            self.problem(),
            self.input_template(),
            task,
            self.config.get_threads(),
            &config,
            collect,
            &|| clock.spent().is_some(),
        )
    }
}
