//! Knuth's random-probe estimate of a search tree ("Estimating the
//! efficiency of backtrack programs", 1975; TAOCP 7.2.2): follow one random
//! path from the root, choosing at each node the item the search would
//! branch on and then one of its children uniformly; a node at depth `l`
//! stands for the product `d_0 d_1 ... d_{l-1}` of the branching degrees
//! above it. The sum of those products over the path is an unbiased
//! estimate of the number of nodes of the tree (and so for the updates,
//! each node's own weighted, and the solutions, the product at a
//! solution). The mean of many probes is the estimate; their spread says
//! how sure it is.

use std::ops::ControlFlow;

use super::walk::Algorithm;
use super::{AlgorithmX, Colors, Search, Solver};
use crate::budget::Budget;
use crate::config::SearchConfig;
use crate::matrix::{Branch, Colored, Hiding, Kind, Plain};
use crate::random::SplitMix64;
use crate::stop::Stop;
use crate::visit::{Stats, carry_on};

/// The node budget of the first search that
/// [`estimate_or_exact`](Solver::estimate_or_exact) runs alongside its
/// probes (once they have passed as many nodes); each next one doubles.
pub const FIRST_EXACT_BUDGET: u64 = 64;

/// One estimated figure: the mean over the probes and its standard error
/// (the standard deviation of one probe over the square root of the
/// number of probes). The probes' values are very skewed on irregular
/// trees, so a small standard error is no proof: a tree whose bulk hides
/// behind rare paths is underestimated until a probe finds them.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Figure {
    /// The mean of the probes' values: the estimate.
    pub mean: f64,
    /// The standard error of the mean.
    pub std_error: f64,
}

impl Figure {
    /// The standard error as a fraction of the mean (0 when the mean is).
    pub fn relative_error(&self) -> f64 {
        if self.mean == 0.0 {
            0.0
        } else {
            self.std_error / self.mean
        }
    }
}

/// The estimate of a search, from [`Solver::estimate`].
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Estimate {
    /// How many random paths were followed.
    pub probes: u64,
    /// The nodes of the search tree, the root included (as
    /// [`Stats::nodes`] counts them).
    pub nodes: Figure,
    /// The updates of the search (as [`Stats::updates`] counts them).
    pub updates: Figure,
    /// The solutions.
    pub solutions: Figure,
    /// The deepest level a probe reached (the root is level 0).
    pub max_depth: usize,
    /// The updates the probes made themselves: what the estimate cost
    /// (with [`estimate_or_exact`](Solver::estimate_or_exact), the
    /// searches' too).
    pub work: u64,
    /// The search itself, when it ran to its end before the probes were
    /// done ([`estimate_or_exact`](Solver::estimate_or_exact)): its figures.
    /// The estimate's are then these, exact (standard errors 0), and
    /// `probes` counts the probes made before.
    pub exact: Option<Stats>,
}

/// What one probe found: its estimates of the nodes, updates and
/// solutions, and how deep it went.
#[derive(Clone, Copy, Debug, Default)]
struct Probe {
    nodes: f64,
    updates: f64,
    solutions: f64,
    depth: usize,
}

/// Running sums of one figure over the probes.
#[derive(Clone, Copy, Debug, Default)]
struct Sums {
    sum: f64,
    squares: f64,
}

impl Sums {
    fn add(&mut self, value: f64) {
        self.sum += value;
        self.squares += value * value;
    }

    fn figure(&self, probes: u64) -> Figure {
        if probes == 0 {
            return Figure::default();
        }
        let n = probes as f64;
        let mean = self.sum / n;
        let std_error = if probes < 2 {
            0.0
        } else {
            // The sample variance, from the sums: clamped at 0 against
            // rounding when every probe gives the same value.
            let variance = ((self.squares - self.sum * mean) / (n - 1.0)).max(0.0);
            (variance / n).sqrt()
        };
        Figure { mean, std_error }
    }
}

impl Solver<'_> {
    /// Knuth's estimate of the search below the selection, from `probes`
    /// random paths drawn with `seed` (the same seed, the same estimate):
    /// each path branches as the search would (on the same item, for
    /// Algorithms X, C and M) and goes down one child chosen uniformly.
    /// Each probe costs about one path of the search, so thousands take a
    /// fraction of a second where the search may take days. The solver is
    /// back to its selection afterwards; [`stats`](Self::stats) is left as
    /// the last search left it.
    ///
    /// ```
    /// use bumpalo::Bump;
    /// use dancing::format;
    /// use dancing::expert::{Solver, Search};
    ///
    /// let problem = format::read_str(include_str!("../../tests/data/queens8.dlx"))?.problem;
    /// let bump = Bump::new();
    /// let mut solver = Solver::new(&problem, &bump);
    /// let estimate = solver.estimate(20_000, 1);
    /// solver.count();
    /// let nodes = solver.stats().nodes as f64;
    /// // Within a few standard errors of the truth.
    /// assert!((estimate.nodes.mean - nodes).abs() < 5.0 * estimate.nodes.std_error);
    /// # Ok::<(), dancing::format::ParseError>(())
    /// ```
    pub fn estimate(&mut self, probes: u64, seed: u64) -> Estimate {
        self.estimate_until(probes, seed, &mut || false)
    }

    /// [`estimate`](Self::estimate), asking `stop` before each probe: the
    /// estimate from the probes done when it says to stop (its
    /// [`probes`](Estimate::probes) tells how many).
    ///
    /// ```
    /// use bumpalo::Bump;
    /// use dancing::format;
    /// use dancing::expert::Solver;
    ///
    /// let problem = format::read_str(include_str!("../../tests/data/queens8.dlx"))?.problem;
    /// let bump = Bump::new();
    /// let mut asked = 0;
    /// let estimate = Solver::new(&problem, &bump).estimate_until(100, 1, &mut || {
    ///     asked += 1;
    ///     asked > 10
    /// });
    /// assert_eq!(estimate.probes, 10);
    /// # Ok::<(), dancing::format::ParseError>(())
    /// ```
    pub fn estimate_until(
        &mut self,
        probes: u64,
        seed: u64,
        stop: &mut dyn FnMut() -> bool,
    ) -> Estimate {
        self.estimate_with(probes, seed, stop, &mut |_, _| ControlFlow::Continue(()))
    }

    /// [`estimate_until`](Self::estimate_until), the search itself run
    /// alongside the probes, within their work: when the probes have passed
    /// `n` nodes in all (from [`FIRST_EXACT_BUDGET`] on), the search runs
    /// with a budget of the largest power of two nodes up to `n`, once per
    /// budget. So the searches cost at most about twice what the probes
    /// did, and a tree smaller than the probes' work is searched to its
    /// end: then the probes stop, and the estimate is the search's figures,
    /// exact ([`Estimate::exact`]). A chain of 10,000 items, each with one
    /// option, is a search of 10,001 nodes, where 10,000 probes would pass
    /// 10^8 of them.
    ///
    /// `stop` is looked at before each probe and by the searches; the
    /// solver's configuration is as it was afterwards, and
    /// [`stats`](Self::stats) those of the last search.
    ///
    /// ```
    /// use bumpalo::Bump;
    /// use dancing::{format, Stop};
    /// use dancing::expert::{Search, Solver};
    ///
    /// let problem = format::read_str(include_str!("../../tests/data/queens8.dlx"))?.problem;
    /// let bump = Bump::new();
    /// let mut solver = Solver::new(&problem, &bump);
    /// let estimate = solver.estimate_or_exact(10_000, 1, &Stop::new());
    /// // 10,000 probes of about nine nodes each pass more than the tree.
    /// let exact = estimate.exact.expect("a small tree is searched to its end");
    /// assert!(estimate.probes < 10_000);
    /// assert_eq!((exact.solutions, estimate.solutions.mean), (92, 92.0));
    /// assert_eq!(exact.nodes, solver.count_monitored(|_| std::ops::ControlFlow::Continue(())).nodes);
    /// # Ok::<(), dancing::format::ParseError>(())
    /// ```
    pub fn estimate_or_exact(&mut self, probes: u64, seed: u64, stop: &Stop) -> Estimate {
        let mut next_budget = FIRST_EXACT_BUDGET;
        let mut exact = None;
        let mut searched = 0;
        let mut estimate = self.estimate_with(
            probes,
            seed,
            &mut || stop.is_requested(),
            &mut |solver, passed| {
                if passed < next_budget {
                    return ControlFlow::Continue(());
                }
                let mut budget = next_budget;
                while budget <= passed / 2 {
                    budget *= 2;
                }
                next_budget = budget.saturating_mul(2);
                let stats = solver.search_within(budget, stop);
                searched += stats.updates;
                if stats.is_complete() {
                    exact = Some(stats);
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            },
        );
        estimate.work = estimate.work.saturating_add(searched);
        if let Some(stats) = exact {
            let figure = |value: u64| Figure {
                mean: value as f64,
                std_error: 0.0,
            };
            estimate.nodes = figure(stats.nodes);
            estimate.updates = figure(stats.updates);
            estimate.solutions = figure(stats.solutions);
            estimate.max_depth = stats.max_depth;
            estimate.exact = Some(stats);
        }
        estimate
    }

    /// [`estimate`](Self::estimate), its probes stopped once they have made
    /// more than `updates` updates (looked at after each probe, so they
    /// make at most one probe's more).
    pub(crate) fn estimate_within_updates(
        &mut self,
        probes: u64,
        seed: u64,
        updates: u64,
    ) -> Estimate {
        let start = self.matrix.updates;
        self.estimate_with(probes, seed, &mut || false, &mut |solver, _| {
            if solver.matrix.updates.saturating_sub(start) > updates {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
    }

    /// Counts the solutions below the selection within `nodes` nodes and
    /// `stop`, the configuration and the matrix's counters as they were
    /// afterwards: the search's statistics.
    fn search_within(&mut self, nodes: u64, stop: &Stop) -> Stats {
        let config = self.config.clone();
        let counts = self.matrix.counts();
        let budget = Budget::new().max_nodes(nodes).stop_on(stop);
        self.config = SearchConfig::new().budget(budget);
        let stats = self.count_within(u64::MAX, carry_on);
        self.config = config;
        (self.matrix.updates, self.matrix.cleansings) = counts;
        stats
    }

    /// The probes of [`estimate_until`](Self::estimate_until), calling
    /// `after` after each with the nodes the probes have passed so far; it
    /// stops them by breaking.
    fn estimate_with(
        &mut self,
        probes: u64,
        seed: u64,
        stop: &mut dyn FnMut() -> bool,
        after: &mut dyn FnMut(&mut Self, u64) -> ControlFlow<()>,
    ) -> Estimate {
        self.abandon_search();
        let mut random = SplitMix64::new(seed);
        // The probes count updates on the matrix's counters: the last
        // search's are put back afterwards.
        let counts = self.matrix.counts();
        let (mut nodes, mut updates, mut solutions) =
            (Sums::default(), Sums::default(), Sums::default());
        let mut max_depth = 0;
        let mut children = Vec::new();
        let mut done = 0;
        let mut passed = 0u64;
        while done < probes && !stop() {
            done += 1;
            let probe = by_algorithm!(
                self,
                A => self.probe::<A>(&mut random),
                bounded => by_hiding!(self, H => self.probe_bounded::<H>(&mut random, &mut children))
            );
            nodes.add(probe.nodes);
            updates.add(probe.updates);
            solutions.add(probe.solutions);
            max_depth = max_depth.max(probe.depth);
            passed = passed.saturating_add(probe.depth as u64 + 1);
            if after(self, passed).is_break() {
                break;
            }
        }
        let work = self.matrix.updates.saturating_sub(counts.0);
        (self.matrix.updates, self.matrix.cleansings) = counts;
        Estimate {
            work,
            probes: done,
            nodes: nodes.figure(done),
            updates: updates.figure(done),
            solutions: solutions.figure(done),
            max_depth,
            exact: None,
        }
    }

    /// One random path of Algorithm X or C from the selection, undone
    /// before returning.
    fn probe<A: Algorithm>(&mut self, random: &mut SplitMix64) -> Probe {
        let base = self.selected;
        let mut level = base;
        // The number of nodes at this level that the path's node stands
        // for.
        let mut weight = 1.0;
        let mut probe = Probe::default();
        loop {
            probe.nodes += weight;
            let Some(item) = A::choose(&self.matrix) else {
                probe.solutions += weight;
                break;
            };
            let before = self.matrix.updates;
            A::cover(&mut self.matrix, item);
            probe.updates += weight * (self.matrix.updates - before) as f64;
            let degree = self.matrix.covered_list_length(item);
            if degree == 0 {
                A::uncover(&mut self.matrix, item);
                break;
            }
            let mut node = self.matrix.first_option(item);
            for _ in 0..random.below(degree as usize) {
                node = self.matrix.next_option(node);
            }
            weight *= f64::from(degree);
            // Entering the child costs its commit, counted at its weight.
            let before = self.matrix.updates;
            A::commit(&mut self.matrix, node);
            probe.updates += weight * (self.matrix.updates - before) as f64;
            self.choices[level] = node;
            level += 1;
        }
        probe.depth = level;
        self.unwind::<A>(base, level);
        probe
    }

    /// One random path of Algorithm M from the selection, undone before
    /// returning. A branch's children are the nodes the search steps into
    /// (its options, as far as the item's bounds let it go on, and the
    /// null move where there is slack): they are listed by trying the
    /// steps, then the branch is opened again and stepped to the one
    /// drawn, as the search reaches it (its siblings before it tweaked).
    fn probe_bounded<H: Hiding>(
        &mut self,
        random: &mut SplitMix64,
        children: &mut Vec<u32>,
    ) -> Probe {
        let base = self.selected;
        let mut level = base;
        let mut weight = 1.0;
        let mut probe = Probe::default();
        loop {
            probe.nodes += weight;
            let (item, degree) = match self.matrix.choose_bounded() {
                Branch::Solution => {
                    probe.solutions += weight;
                    break;
                }
                Branch::On { degree, .. } if degree <= 0 => break,
                Branch::On { item, degree } => (item, degree as u32),
            };
            let before = self.matrix.updates;
            let first = self.open_branch::<H>(level, item, degree);
            probe.updates += weight * (self.matrix.updates - before) as f64;
            // The listing's tweaks are not the search's: not counted.
            let counted = self.matrix.counts();
            children.clear();
            let mut node = first;
            while self.matrix.try_step::<H>(item, node) {
                children.push(node);
                if node == item {
                    self.matrix.reactivate(item);
                    break;
                }
                node = self.matrix.next_option(node);
            }
            self.restore_branch::<H>(level, item);
            (self.matrix.updates, self.matrix.cleansings) = counted;
            if children.is_empty() {
                break;
            }
            let chosen = children[random.below(children.len())];
            let first = self.open_branch::<H>(level, item, degree);
            // `open_branch` was counted above; the steps up to the child are
            // the search's (it tweaks each sibling as it goes past), but
            // those before it belong to the siblings' subtrees, and the
            // child's own step and commit to entering it.
            let counted = self.matrix.counts();
            self.step_branch_to::<H>(level, item, first, chosen);
            (self.matrix.updates, self.matrix.cleansings) = counted;
            weight *= children.len() as f64;
            probe.updates += weight * f64::from(self.entering[level].updates);
            level += 1;
        }
        probe.depth = level;
        self.unwind_bounded::<H>(base, level);
        probe
    }
}
