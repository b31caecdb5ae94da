//! The choice by the tree against DLX5's walk: the same item at every node
//! (checked inside `choose` in these tests), the same searches, and work
//! that grows with the nodes rather than with nodes times items.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};

use super::MinCostSolver;
use super::choice::{BLOCK, WIDE_BLOCKS};
use crate::budget::Budget;
use crate::format;
use crate::random::SplitMix64;

/// A count of steps that threads may share (a solver is `Sync`).
#[derive(Debug, Default)]
pub(super) struct Steps(AtomicU64);

impl Steps {
    pub(super) fn add(&self, steps: u64) {
        self.0.fetch_add(steps, Ordering::Relaxed);
    }

    pub(super) fn get(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }

    pub(super) fn set(&self, steps: u64) {
        self.0.store(steps, Ordering::Relaxed);
    }
}

impl Clone for Steps {
    fn clone(&self) -> Steps {
        Steps(AtomicU64::new(self.get()))
    }
}

/// A problem with enough primary items for the tree: a line of `n` items
/// cut into pieces of one to three items at random costs, a few long
/// options across it, and secondary items some options color.
fn wide_problem(random: &mut SplitMix64, n: usize) -> String {
    let mut text: String = (0..n).map(|i| format!("p{i} ")).collect();
    text += "| s0 s1 s2\n";
    // Colors only where another option covers the same items without.
    let color = |random: &mut SplitMix64| match random.below(3) {
        0 => format!(" s{}:{}", random.below(3), random.below(2)),
        1 => format!(" s{}", random.below(3)),
        _ => String::new(),
    };
    for i in 0..n {
        for length in 1..=3 {
            if i + length <= n && (length == 1 || random.below(3) > 0) {
                let items: Vec<String> = (i..i + length).map(|k| format!("p{k}")).collect();
                let items = items.join(" ");
                text += &format!("{items} |{}\n", random.below(20));
                if random.below(4) == 0 {
                    let colored = color(random);
                    text += &format!("{items}{colored} |{}\n", random.below(20));
                }
            }
        }
    }
    for _ in 0..6 {
        let mut items: Vec<usize> = (0..n).collect();
        random.shuffle(&mut items);
        let line: Vec<String> = items[..50 + random.below(300)]
            .iter()
            .map(|k| format!("p{k}"))
            .collect();
        text += &format!("{} |{}\n", line.join(" "), random.below(5));
    }
    text
}

#[test]
fn the_tree_searches_as_dlx5_walks() {
    let mut random = SplitMix64::new(46);
    for round in 0..6 {
        let n = WIDE_BLOCKS * BLOCK + random.below(600);
        let problem = format::read_str(&wide_problem(&mut random, n))
            .unwrap()
            .problem;
        let mut with_tree = MinCostSolver::new(&problem).unwrap();
        assert!(with_tree.tree.is_some());
        let mut walking = with_tree.clone();
        walking.tree = None;
        let k = 1 + round % 3;
        let budget = || Budget::new().max_nodes(3000 + 2000 * round as u64);
        let by_tree = with_tree.search(k, budget(), |_| ControlFlow::Continue(()));
        let walked = walking.search(k, budget(), |_| ControlFlow::Continue(()));
        assert_eq!(by_tree, walked, "round {round}");
        assert!(
            by_tree.stats.nodes > 1000,
            "round {round}: {:?}",
            by_tree.stats
        );
        // The frontier of the threads' search chooses by the tree too.
        let mut with_tree = MinCostSolver::new(&problem).unwrap();
        let threads = with_tree.search_threads(k, 2, budget(), |_| ControlFlow::Continue(()));
        assert!(!threads.best.is_empty() || by_tree.best.is_empty());
    }
}

/// A chain of `n` items, each with one option of its own.
fn chain(n: usize) -> MinCostSolver {
    let mut text: String = (0..n).map(|i| format!("a{i} ")).collect();
    text += "\n";
    for i in 0..n {
        text += &format!("a{i} |{}\n", i % 7);
    }
    MinCostSolver::new(&format::read_str(&text).unwrap().problem).unwrap()
}

/// The steps of the choices of the best search of a chain of `n` items.
fn chain_steps(n: usize, tree: bool) -> u64 {
    let mut solver = chain(n);
    if !tree {
        solver.tree = None;
    }
    let outcome = solver.search(1, Budget::new(), |_| ControlFlow::Continue(()));
    assert_eq!(outcome.stats.nodes, n as u64 + 1);
    let cost: u64 = (0..n as u64).map(|i| i % 7).sum();
    assert_eq!(outcome.best[0].cost, cost);
    solver.choice_steps.get()
}

/// A chain's search is as deep as it has items: DLX5's walks cost the
/// square of its length, the tree's choices about its length.
#[test]
fn a_chains_choices_take_linear_work() {
    let n = 2 * WIDE_BLOCKS * BLOCK;
    let (small, large) = (chain_steps(n, true), chain_steps(2 * n, true));
    assert!(
        (large as f64) < 2.5 * small as f64,
        "{small} then {large} steps"
    );
    // The walk's, for comparison: four times as much for twice the items.
    let (small, large) = (chain_steps(n, false), chain_steps(2 * n, false));
    assert!((large as f64) > 3.5 * small as f64, "{small} then {large}");
}

/// A node cap stops the search though solutions, which count as nodes
/// without entering one, step the count over its checkpoint: item `a`'s
/// two options each lead to item `b`'s forty, every one a solution, so the
/// count goes from 2 to 42 between two nodes entered.
#[test]
fn a_node_cap_holds_when_solutions_step_over_it() {
    let mut text = String::from("a b\n");
    for cost in 1..=2 {
        text += &format!("a |{cost}\n");
    }
    for cost in 1..=40 {
        text += &format!("b |{cost}\n");
    }
    let problem = format::read_str(&text).unwrap().problem;
    let search = |budget: Budget| {
        let mut solver = MinCostSolver::new(&problem).unwrap();
        solver.search(100, budget, |_| ControlFlow::Continue(()))
    };
    let whole = search(Budget::new());
    assert_eq!(whole.stats.stop, crate::visit::StopReason::Complete);
    assert_eq!(whole.stats.solutions, 80);
    let capped = search(Budget::new().max_nodes(3));
    assert_eq!(capped.stats.stop, crate::visit::StopReason::NodeLimit);
    assert!(
        capped.stats.nodes < whole.stats.nodes,
        "{:?} against {:?}",
        capped.stats,
        whole.stats
    );
}
