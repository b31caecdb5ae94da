//! Costs read off a diagram (Knuth's DLX5 costs, `|n` on an option's line):
//! the least and the greatest cost of a solution, and the `K` cheapest
//! solutions, each in one pass over the nodes the root reaches, without
//! searching again.
//!
//! A node's solutions are its `lo` branch's and, each with the node's
//! option (and its cost) added, its `hi` branch's. So its cheapest and
//! dearest are read off its branches', and its `K` cheapest are the first
//! `K` of the two branches' lists merged (the `hi` list's costs raised by
//! the option's): time and memory proportional to the nodes times `K`.
//!
//! **Ties.** Solutions of equal cost come in the order
//! [`Diagram::solutions`] lists them (at each node the `lo` branch's
//! before the `hi` branch's): the merge takes the `lo` entry first on a
//! tie. This is deterministic for a diagram, but it is not the order of
//! `Engine::best` (DLX5's search, whose ties come in the order it finds
//! them): the costs of the `K` best are the same, the solutions of a tied
//! cost may differ.
//!
//! Costs are added with a check: a solution whose cost passes `u64` is
//! [`CostError::Overflow`], never a wrapped sum (a problem's costs, each at
//! most [`MAX_OPTION_COST`](crate::expert::MAX_OPTION_COST), cannot get
//! there; a diagram read from a file whose paths repeat options could).

use std::fmt;

use super::{BOTTOM, Diagram, FIRST_NODE, TOP};
use crate::mincost::CostedSolution;
use crate::problem::{OptionId, Problem};

/// Why costs could not be read off a diagram.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CostError {
    /// A node's option is not an option of the problem whose costs were
    /// given (a diagram read from a file beside another problem).
    UnknownOption {
        /// The option's index (from 0).
        option: usize,
        /// How many options the problem has.
        options: usize,
    },
    /// A solution's cost passes `u64::MAX`.
    Overflow,
}

impl fmt::Display for CostError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CostError::UnknownOption { option, options } => write!(
                f,
                "the diagram's option {} is past the problem's {options} options",
                option + 1
            ),
            CostError::Overflow => write!(f, "a solution's cost passes 2^64 - 1"),
        }
    }
}

impl std::error::Error for CostError {}

/// The least and the greatest cost of a solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CostRange {
    /// The cost of the cheapest solution.
    pub min: u64,
    /// The cost of the dearest solution.
    pub max: u64,
}

/// One of a node's cheapest solutions: its cost, and where the rest of it
/// is, the entry of that rank in the `lo` branch's list or (its option
/// taken) in the `hi` branch's.
#[derive(Clone, Copy, Debug)]
struct Entry {
    cost: u64,
    rank: u32,
    hi: bool,
}

impl Diagram {
    /// Which nodes the root reaches, by id (the terminals included when it
    /// does): a node's branches have smaller ids, so one pass down the
    /// ids marks them all.
    fn reached(&self) -> Vec<bool> {
        let mut reached = vec![false; self.options.len() + FIRST_NODE as usize];
        reached[self.root as usize] = true;
        for id in (FIRST_NODE..=self.root.max(TOP)).rev() {
            if reached[id as usize] {
                let k = (id - FIRST_NODE) as usize;
                reached[self.lo[k] as usize] = true;
                reached[self.hi[k] as usize] = true;
            }
        }
        reached
    }

    /// The cost of every option of the nodes the root reaches, by node
    /// (0 where the root does not reach), checked against `problem`.
    fn option_costs(&self, problem: &Problem, reached: &[bool]) -> Result<Vec<u64>, CostError> {
        let options = problem.option_count();
        let mut costs = vec![0; self.options.len()];
        for (k, cost) in costs.iter_mut().enumerate() {
            if reached[k + FIRST_NODE as usize] {
                let option = self.options[k] as usize;
                if option >= options {
                    return Err(CostError::UnknownOption { option, options });
                }
                *cost = problem.option_cost(OptionId::new(option));
            }
        }
        Ok(costs)
    }

    /// The least and the greatest cost of a solution, the options' costs
    /// being `problem`'s; `None` when there is no solution.
    ///
    /// ```
    /// use dancing::{format, Engine, Request};
    /// use dancing::diagram::{CostRange, DiagramConfig};
    ///
    /// let problem = format::read_str("a b\na b |5\na |1\nb |2\nb |9\n")?.problem;
    /// let diagram = Engine::new(problem.clone()).diagram(&Request::new(), &DiagramConfig::new())?;
    /// // The solutions cost 5, 1 + 2 and 1 + 9.
    /// assert_eq!(diagram.cost_range(&problem)?, Some(CostRange { min: 3, max: 10 }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`CostError::UnknownOption`] when a node's option is not one of
    /// `problem`'s; [`CostError::Overflow`] when a solution's cost passes
    /// `u64`.
    pub fn cost_range(&self, problem: &Problem) -> Result<Option<CostRange>, CostError> {
        let reached = self.reached();
        let costs = self.option_costs(problem, &reached)?;
        let mut ranges: Vec<Option<CostRange>> = vec![None; reached.len()];
        ranges[TOP as usize] = Some(CostRange { min: 0, max: 0 });
        for k in 0..self.options.len() {
            let id = k + FIRST_NODE as usize;
            if !reached[id] {
                continue;
            }
            let lo = ranges[self.lo[k] as usize];
            // `hi` is never the empty set: a node has a solution with its
            // option.
            let hi = match ranges[self.hi[k] as usize] {
                Some(range) => Some(CostRange {
                    min: add(range.min, costs[k])?,
                    max: add(range.max, costs[k])?,
                }),
                None => None,
            };
            ranges[id] = match (lo, hi) {
                (Some(lo), Some(hi)) => Some(CostRange {
                    min: lo.min.min(hi.min),
                    max: lo.max.max(hi.max),
                }),
                (lo, hi) => lo.or(hi),
            };
        }
        Ok(ranges[self.root as usize])
    }

    /// The `k` cheapest solutions (all of them when there are fewer),
    /// cheapest first, ties in the order of [`Diagram::solutions`] (see
    /// the [module](self) on ties); each solution's options in the order
    /// of its path down the diagram, as [`Diagram::solutions`] gives them.
    /// Time and memory are proportional to the nodes the root reaches
    /// times `k` (16 bytes an entry).
    ///
    /// ```
    /// use dancing::{format, Engine, Request};
    /// use dancing::diagram::DiagramConfig;
    ///
    /// let problem = format::read_str("a b\na b |5\na |1\nb |2\nb |9\n")?.problem;
    /// let diagram = Engine::new(problem.clone()).diagram(&Request::new(), &DiagramConfig::new())?;
    /// let best = diagram.best(&problem, 2)?;
    /// let costs: Vec<u64> = best.iter().map(|solution| solution.cost).collect();
    /// assert_eq!(costs, [3, 5]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`cost_range`](Self::cost_range).
    pub fn best(&self, problem: &Problem, k: usize) -> Result<Vec<CostedSolution>, CostError> {
        let reached = self.reached();
        let costs = self.option_costs(problem, &reached)?;
        // A list's ranks are `u32`s.
        let k = k.min(u32::MAX as usize);
        if k == 0 || self.root == BOTTOM {
            return Ok(Vec::new());
        }
        // Each node's list, one after another: node `id`'s entries are
        // `entries[starts[id]..starts[id + 1]]`.
        let mut entries: Vec<Entry> = vec![Entry {
            cost: 0,
            rank: 0,
            hi: false,
        }];
        let mut starts: Vec<usize> = Vec::with_capacity(reached.len() + 1);
        starts.extend([0, 0, 1]);
        for node in 0..self.options.len() {
            if reached[node + FIRST_NODE as usize] {
                let (lo, hi) = (self.lo[node] as usize, self.hi[node] as usize);
                let (lo_start, lo_end) = (starts[lo], starts[lo + 1]);
                let (hi_start, hi_end) = (starts[hi], starts[hi + 1]);
                let (mut i, mut j) = (lo_start, hi_start);
                while entries.len() - starts.last().copied().unwrap_or(0) < k {
                    let hi_cost = if j < hi_end {
                        Some(add(entries[j].cost, costs[node])?)
                    } else {
                        None
                    };
                    let take_lo = match (i < lo_end, hi_cost) {
                        (false, None) => break,
                        (true, None) => true,
                        (false, Some(_)) => false,
                        // Ties to `lo`: its solutions are listed first.
                        (true, Some(hi_cost)) => entries[i].cost <= hi_cost,
                    };
                    let entry = if take_lo {
                        i += 1;
                        Entry {
                            cost: entries[i - 1].cost,
                            rank: (i - 1 - lo_start) as u32,
                            hi: false,
                        }
                    } else {
                        j += 1;
                        Entry {
                            cost: hi_cost.expect("a hi entry is left"),
                            rank: (j - 1 - hi_start) as u32,
                            hi: true,
                        }
                    };
                    entries.push(entry);
                }
            }
            starts.push(entries.len());
        }
        let root = self.root as usize;
        let best = (starts[root]..starts[root + 1])
            .map(|start| {
                let cost = entries[start].cost;
                let mut options = Vec::new();
                let (mut id, mut at) = (self.root, start);
                while id >= FIRST_NODE {
                    let node = (id - FIRST_NODE) as usize;
                    let entry = entries[at];
                    if entry.hi {
                        options.push(OptionId::new(self.options[node] as usize));
                        id = self.hi[node];
                    } else {
                        id = self.lo[node];
                    }
                    at = starts[id as usize] + entry.rank as usize;
                }
                CostedSolution { cost, options }
            })
            .collect();
        Ok(best)
    }
}

/// `a + b`, checked.
fn add(a: u64, b: u64) -> Result<u64, CostError> {
    a.checked_add(b).ok_or(CostError::Overflow)
}
