//! The engine's other capabilities, each one call within a [`Request`]:
//! the cheapest solutions, Knuth's estimate, and the reduction (tasks are
//! in [`tasks`](super::tasks)).

use std::ops::ControlFlow;

use bumpalo::Bump;

use super::Engine;
use super::report::BestReport;
use super::request::Request;
use crate::mincost::{CostedSolution, MinCostError, MinCostSolver};
use crate::reduce::{Reduction, reduce_with};
use crate::search::{Estimate, Solver};

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
        // A copy of the links tasks made, if they did; else links of its
        // own, not kept (one search need not hold two copies).
        let mut solver = match self.linked.min_cost.get() {
            Some(linked) => linked.clone()?,
            None => MinCostSolver::new(self.problem())?,
        };
        let outcome = solver.search_threads(k, threads, clock.budget(), improvement);
        Ok(BestReport {
            best: outcome.best,
            stats: outcome.stats,
            threads,
            elapsed: clock.elapsed(),
        })
    }

    /// The links of the minimum-cost search (DLX5's, its own), made when
    /// first needed and kept for the tasks: each task runs on a copy.
    pub(super) fn min_cost(&self) -> Result<&MinCostSolver, MinCostError> {
        self.linked
            .min_cost
            .get_or_init(|| MinCostSolver::new(self.problem()))
            .as_ref()
            .map_err(Clone::clone)
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
}
