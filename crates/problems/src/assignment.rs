//! The assignment problem: n workers, n jobs, a cost for each worker on
//! each job; give every worker one job, every job one worker, at the least
//! total cost. The smallest minimum-cost exact cover there is, and the
//! classic one: `dlx solve --best K` (Knuth's DLX5) finds its K cheapest
//! solutions.
//!
//! Primary items `w0 .. w(n-1)` (workers) and `j0 .. j(n-1)` (jobs); one
//! option `wI jJ |C` per pair, in the order worker, job, with its cost `C`
//! (no `|C` for a cost of 0). The costs come from a matrix, or from a seed.
//!
//! ```
//! use dancing::expert::MinCostSolver;
//! use dancing_problems::{Assignment, ExactCover};
//!
//! let assignment = Assignment::from_costs(vec![vec![4, 1, 3], vec![2, 0, 5], vec![3, 2, 2]])?;
//! let mut solver = MinCostSolver::new(assignment.problem()).unwrap();
//! let outcome = solver.search(1, dancing::expert::Budget::new(), |_| std::ops::ControlFlow::Continue(()));
//! let best = &outcome.best[0];
//! assert_eq!(best.cost, 5); // worker 0 on job 1, 1 on 0, 2 on 2
//! assert_eq!(assignment.decode(&best.options).jobs(), &[1, 0, 2]);
//! # Ok::<(), dancing_problems::Error>(())
//! ```

use std::fmt;

use dancing::expert::MAX_OPTION_COST;
use dancing::random::SplitMix64;
use dancing::{OptionId, Problem, ProblemBuilder};

use crate::error::check_range;
use crate::{Error, ExactCover, numbered_primary};

/// An assignment problem, built.
#[derive(Clone, Debug)]
pub struct Assignment {
    costs: Vec<Vec<u64>>,
    problem: Problem,
}

impl Assignment {
    /// The most workers (and jobs) accepted: a million options.
    pub const MAX_N: usize = 1000;

    /// The problem of the square matrix `costs`: `costs[w][j]` is the cost
    /// of worker `w` on job `j`.
    pub fn from_costs(costs: Vec<Vec<u64>>) -> Result<Assignment, Error> {
        let n = costs.len();
        check_range("the number of workers", n, 1, Self::MAX_N)?;
        if let Some(w) = costs.iter().position(|row| row.len() != n) {
            return Err(Error::InvalidCosts {
                reason: format!(
                    "the cost matrix is not square: row {} has {} costs, not {n}",
                    w + 1,
                    costs[w].len()
                ),
            });
        }
        if let Some(&cost) = costs.iter().flatten().find(|&&c| c > MAX_OPTION_COST) {
            return Err(Error::InvalidCosts {
                reason: format!("cost {cost} is too large (at most {MAX_OPTION_COST})"),
            });
        }
        let mut builder = ProblemBuilder::new();
        let workers = numbered_primary(&mut builder, "w", 0..n)?;
        let jobs = numbered_primary(&mut builder, "j", 0..n)?;
        for (w, row) in costs.iter().enumerate() {
            for (j, &cost) in row.iter().enumerate() {
                let option = builder.option([workers[w], jobs[j]])?;
                builder.set_option_cost(option, cost)?;
            }
        }
        Ok(Assignment {
            problem: builder.build()?,
            costs,
        })
    }

    /// `n` workers and jobs with costs drawn uniformly from `0..=max_cost`
    /// by SplitMix64 seeded with `seed`: the same seed, the same problem.
    pub fn random(n: usize, seed: u64, max_cost: u64) -> Result<Assignment, Error> {
        check_range("the number of workers", n, 1, Self::MAX_N)?;
        if max_cost > MAX_OPTION_COST {
            return Err(Error::InvalidCosts {
                reason: format!(
                    "the largest cost {max_cost} is too large (at most {MAX_OPTION_COST})"
                ),
            });
        }
        let mut random = SplitMix64::new(seed);
        let costs = (0..n)
            .map(|_| (0..n).map(|_| random.next_u64() % (max_cost + 1)).collect())
            .collect();
        Assignment::from_costs(costs)
    }

    /// The cost matrix.
    pub fn costs(&self) -> &[Vec<u64>] {
        &self.costs
    }
}

impl ExactCover for Assignment {
    type Solution = Jobs;

    fn problem(&self) -> &Problem {
        &self.problem
    }

    fn decode(&self, options: &[OptionId]) -> Jobs {
        let n = self.costs.len();
        let mut jobs = vec![usize::MAX; n];
        let mut cost = 0;
        for option in options {
            let (w, j) = (option.index() / n, option.index() % n);
            jobs[w] = j;
            cost += self.costs[w][j];
        }
        Jobs { jobs, cost }
    }

    fn describe(&self) -> String {
        let n = self.costs.len();
        format!(
            "assignment of {n} workers to {n} jobs: option `wI jJ |C` gives worker I job J at cost C"
        )
    }
}

/// A solution: the job of each worker, and the total cost. `Display`
/// writes `w0:j1 w1:j0 w2:j2 cost 5`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Jobs {
    jobs: Vec<usize>,
    cost: u64,
}

impl Jobs {
    /// The job of each worker, by worker.
    pub fn jobs(&self) -> &[usize] {
        &self.jobs
    }

    /// The total cost.
    pub fn cost(&self) -> u64 {
        self.cost
    }
}

impl fmt::Display for Jobs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (w, j) in self.jobs.iter().enumerate() {
            write!(f, "w{w}:j{j} ")?;
        }
        write!(f, "cost {}", self.cost)
    }
}

#[cfg(test)]
mod tests {
    use std::ops::ControlFlow;

    use dancing::expert::{Budget, MinCostSolver};

    use super::*;

    /// The least cost by dynamic programming over the sets of jobs taken:
    /// `least[S]` is the least cost of giving the first |S| workers the
    /// jobs in S. Independent of the exact-cover search.
    fn least_cost(costs: &[Vec<u64>]) -> u64 {
        let n = costs.len();
        let mut least = vec![u64::MAX; 1 << n];
        least[0] = 0;
        for taken in 0..1usize << n {
            if least[taken] == u64::MAX {
                continue;
            }
            let worker = taken.count_ones() as usize;
            if worker == n {
                continue;
            }
            for job in (0..n).filter(|j| taken & (1 << j) == 0) {
                let next = taken | 1 << job;
                least[next] = least[next].min(least[taken] + costs[worker][job]);
            }
        }
        least[(1 << n) - 1]
    }

    #[test]
    fn the_optimum_is_the_independent_one_and_decodes_to_it() {
        for n in 1..=9 {
            for seed in 0..4 {
                let assignment = Assignment::random(n, seed, 99).unwrap();
                let mut solver = MinCostSolver::new(assignment.problem()).unwrap();
                let outcome = solver.search(1, Budget::new(), |_| ControlFlow::Continue(()));
                let best = &outcome.best[0];
                assert_eq!(
                    best.cost,
                    least_cost(assignment.costs()),
                    "n {n} seed {seed}"
                );
                let jobs = assignment.decode(&best.options);
                assert_eq!(jobs.cost(), best.cost);
                let mut sorted = jobs.jobs().to_vec();
                sorted.sort_unstable();
                assert_eq!(sorted, (0..n).collect::<Vec<_>>(), "a permutation");
            }
        }
    }

    #[test]
    fn every_assignment_is_a_solution() {
        let assignment = Assignment::random(5, 1, 9).unwrap();
        assert_eq!(assignment.count(), 120);
    }

    #[test]
    fn the_seed_fixes_the_costs_and_bad_matrices_are_refused() {
        assert_eq!(
            Assignment::random(4, 7, 50).unwrap().costs(),
            Assignment::random(4, 7, 50).unwrap().costs()
        );
        assert_ne!(
            Assignment::random(4, 7, 50).unwrap().costs(),
            Assignment::random(4, 8, 50).unwrap().costs()
        );
        assert!(
            Assignment::random(4, 7, 50)
                .unwrap()
                .costs()
                .iter()
                .flatten()
                .all(|&c| c <= 50)
        );
        assert!(Assignment::from_costs(vec![vec![1, 2], vec![3]]).is_err());
        assert!(Assignment::from_costs(Vec::new()).is_err());
        assert!(Assignment::from_costs(vec![vec![MAX_OPTION_COST + 1]]).is_err());
        assert!(Assignment::random(3, 0, MAX_OPTION_COST + 1).is_err());
    }
}
