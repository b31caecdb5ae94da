//! Minimum-cost exact cover (DLX5): the same best costs, solutions, nodes,
//! updates and cleansings as Knuth's DLX5 on the costed reference files,
//! every solution a valid cover of the cost it claims, and the best costs
//! those of brute force on small random problems.

use std::ops::ControlFlow;

use dancing::expert::{Budget, MinCostError, MinCostSolver};
use dancing::random::SplitMix64;
use dancing::{OptionId, Problem, StopReason, format};
use dancing_testkit::brute::exact_covers;
use dancing_testkit::figures::{DLX5, reference_file};
use dancing_testkit::verify::assert_exact_cover;

/// The cost of a set of options.
fn cost_of(problem: &Problem, options: &[OptionId]) -> u64 {
    options.iter().map(|&o| problem.option_cost(o)).sum()
}

#[test]
fn the_search_matches_dlx5_on_the_reference_files() {
    for figures in DLX5 {
        let text = std::fs::read_to_string(reference_file(figures.file)).unwrap();
        let problem = format::read_str(&text).unwrap().problem;
        let mut solver = MinCostSolver::new(&problem).unwrap();
        let mut reported = Vec::new();
        let outcome = solver.search(figures.k, Budget::new(), |solution| {
            assert_exact_cover(&problem, &solution.options);
            assert_eq!(solution.cost, cost_of(&problem, &solution.options));
            reported.push(solution.cost);
            ControlFlow::Continue(())
        });
        let name = format!("{} k={}", figures.file, figures.k);
        let costs: Vec<u64> = outcome.best.iter().map(|s| s.cost).collect();
        assert_eq!(costs, figures.best, "{name}");
        let stats = outcome.stats;
        assert_eq!(
            (
                stats.solutions,
                stats.nodes,
                stats.updates,
                stats.cleansings
            ),
            (
                figures.solutions,
                figures.nodes,
                figures.updates,
                figures.cleansings
            ),
            "{name}"
        );
        assert_eq!(reported.len() as u64, figures.solutions, "{name}");
        assert!(outcome.is_proven());
        // Searching again gives the same.
        let again = solver.search(figures.k, Budget::new(), |_| ControlFlow::Continue(()));
        assert_eq!(again, outcome, "{name}");
    }
}

/// A random problem with costs, colors sometimes.
fn random_problem(random: &mut SplitMix64, colors: bool) -> String {
    let items = 3 + random.below(4);
    let mut text: String = (0..items).map(|i| format!("p{i} ")).collect();
    text.push_str("| s0 s1\n");
    for o in 0..items + 3 + random.below(10) {
        let mut line = vec![format!("p{}", o % items)];
        for i in 0..items {
            if i != o % items && random.below(3) == 0 {
                line.push(format!("p{i}"));
            }
        }
        for s in 0..2 {
            if random.below(3) == 0 {
                line.push(if colors {
                    format!("s{s}:{}", random.below(2))
                } else {
                    format!("s{s}")
                });
            }
        }
        line.push(format!("|{}", random.below(20)));
        text.push_str(&line.join(" "));
        text.push('\n');
    }
    text
}

#[test]
fn the_best_costs_are_those_of_brute_force() {
    let mut random = SplitMix64::new(5);
    for round in 0..200 {
        let text = random_problem(&mut random, round % 2 == 1);
        let problem = format::read_str(&text).unwrap().problem;
        let mut all: Vec<u64> = exact_covers(&problem)
            .iter()
            .map(|cover| cost_of(&problem, cover))
            .collect();
        all.sort_unstable();
        let mut solver = MinCostSolver::new(&problem).unwrap();
        for k in [1, 2, 5] {
            let outcome = solver.search(k, Budget::new(), |_| ControlFlow::Continue(()));
            for solution in &outcome.best {
                assert_exact_cover(&problem, &solution.options);
                assert_eq!(solution.cost, cost_of(&problem, &solution.options));
            }
            let costs: Vec<u64> = outcome.best.iter().map(|s| s.cost).collect();
            let expected: Vec<u64> = all.iter().copied().take(k).collect();
            assert_eq!(costs, expected, "k={k} on\n{text}");
        }
    }
}

#[test]
fn budgets_stop_with_the_best_so_far_and_bounds_are_refused() {
    let text = std::fs::read_to_string(reference_file("queens8_costs.dlx")).unwrap();
    let problem = format::read_str(&text).unwrap().problem;
    let mut solver = MinCostSolver::new(&problem).unwrap();
    let outcome = solver.search(
        1,
        Budget::new().max_nodes(60),
        |_| ControlFlow::Continue(()),
    );
    assert_eq!(outcome.stats.stop, StopReason::NodeLimit);
    assert!(!outcome.is_proven());
    assert!(outcome.best.len() <= 1);
    // Stopped at the first solution by the caller.
    let outcome = solver.search(1, Budget::new(), |_| ControlFlow::Break(()));
    assert_eq!(outcome.stats.stop, StopReason::Visitor);
    assert_eq!(outcome.best.len(), 1);
    // The solver was restored each time: a full search still matches.
    let full = solver.search(1, Budget::new(), |_| ControlFlow::Continue(()));
    assert_eq!(full.best[0].cost, 20);
    assert_eq!(full.stats.nodes, 173);

    let bounded = format::read_str("2|a b\na |1\na\nb\n").unwrap().problem;
    assert_eq!(
        MinCostSolver::new(&bounded).err(),
        Some(MinCostError::Bounds)
    );
    assert!(MinCostSolver::check_count(0).is_err());
}

#[test]
fn threads_share_the_cutoff_and_find_the_best_costs() {
    for figures in DLX5 {
        let text = std::fs::read_to_string(reference_file(figures.file)).unwrap();
        let problem = format::read_str(&text).unwrap().problem;
        let mut solver = MinCostSolver::new(&problem).unwrap();
        for threads in [2, 3] {
            let outcome = solver.search_threads(figures.k, threads, Budget::new(), |solution| {
                assert_exact_cover(&problem, &solution.options);
                assert_eq!(solution.cost, cost_of(&problem, &solution.options));
                ControlFlow::Continue(())
            });
            let costs: Vec<u64> = outcome.best.iter().map(|s| s.cost).collect();
            assert_eq!(
                costs, figures.best,
                "{} k={} threads={threads}",
                figures.file, figures.k
            );
            assert!(outcome.is_proven());
        }
    }
    let mut random = SplitMix64::new(11);
    for round in 0..150 {
        let text = random_problem(&mut random, round % 2 == 0);
        let problem = format::read_str(&text).unwrap().problem;
        let mut all: Vec<u64> = exact_covers(&problem)
            .iter()
            .map(|cover| cost_of(&problem, cover))
            .collect();
        all.sort_unstable();
        let mut solver = MinCostSolver::new(&problem).unwrap();
        for (k, threads) in [(1, 2), (2, 3), (5, 2)] {
            let outcome =
                solver.search_threads(k, threads, Budget::new(), |_| ControlFlow::Continue(()));
            for solution in &outcome.best {
                assert_exact_cover(&problem, &solution.options);
                assert_eq!(solution.cost, cost_of(&problem, &solution.options));
            }
            let costs: Vec<u64> = outcome.best.iter().map(|s| s.cost).collect();
            let expected: Vec<u64> = all.iter().copied().take(k).collect();
            assert_eq!(costs, expected, "k={k} threads={threads} on\n{text}");
        }
    }
}

#[test]
fn a_node_cap_stops_all_threads() {
    // A 40 x 40 assignment problem with random costs: about 100,000
    // nodes on one thread for its 3 best.
    let mut random = SplitMix64::new(1);
    let n = 40;
    let mut text: String = (0..n).map(|i| format!("w{i} j{i} ")).collect();
    text.push('\n');
    for worker in 0..n {
        for job in 0..n {
            text.push_str(&format!("w{worker} j{job} |{}\n", random.below(1_000_000)));
        }
    }
    let problem = format::read_str(&text).unwrap().problem;
    let mut solver = MinCostSolver::new(&problem).unwrap();
    let outcome = solver.search_threads(3, 2, Budget::new().max_nodes(5_000), |_| {
        ControlFlow::Continue(())
    });
    assert_eq!(outcome.stats.stop, StopReason::NodeLimit);
    assert!(!outcome.is_proven());
    // Each thread looks at the shared count every 4096 nodes.
    assert!(
        outcome.stats.nodes < 5_000 + 2 * 4_096,
        "{}",
        outcome.stats.nodes
    );
    // Stopped by the caller at the first solution.
    let outcome = solver.search_threads(3, 2, Budget::new(), |_| ControlFlow::Break(()));
    assert_eq!(outcome.stats.stop, StopReason::Visitor);
    assert!(!outcome.best.is_empty());
}

/// The subtrees below each option of one primary item hold every solution
/// once: their best, merged, are the problem's best.
#[test]
fn subtrees_below_the_options_of_an_item_merge_to_the_best() {
    let mut random = SplitMix64::new(23);
    for round in 0..150 {
        let text = random_problem(&mut random, round % 2 == 1);
        let problem = format::read_str(&text).unwrap().problem;
        let mut all: Vec<u64> = exact_covers(&problem)
            .iter()
            .map(|cover| cost_of(&problem, cover))
            .collect();
        all.sort_unstable();
        let item = problem.items().next().unwrap();
        let mut solver = MinCostSolver::new(&problem).unwrap();
        let k = 3;
        let mut merged = Vec::new();
        for (option, entries) in problem.options() {
            if !entries.contains(&item) {
                continue;
            }
            let outcome = solver
                .search_subtree(&[option], k, Budget::new(), |_| ControlFlow::Continue(()))
                .unwrap();
            for solution in &outcome.best {
                assert!(solution.options.contains(&option));
                assert_exact_cover(&problem, &solution.options);
            }
            merged.extend(outcome.best.iter().map(|s| s.cost));
        }
        merged.sort_unstable();
        merged.truncate(k);
        let expected: Vec<u64> = all.iter().copied().take(k).collect();
        assert_eq!(merged, expected, "on\n{text}");
    }
}

#[test]
fn a_path_of_conflicting_options_is_refused() {
    let problem = format::read_str("a b c\na b |1\nb c |2\nc |3\na |4\n")
        .unwrap()
        .problem;
    let mut solver = MinCostSolver::new(&problem).unwrap();
    let (first, second, third) = (OptionId::new(0), OptionId::new(1), OptionId::new(2));
    let refused = solver.search_subtree(&[first, second], 1, Budget::new(), |_| {
        ControlFlow::Continue(())
    });
    assert_eq!(refused.err(), Some(MinCostError::Path(1)));
    let refused = solver.search_subtree(&[OptionId::new(9)], 1, Budget::new(), |_| {
        ControlFlow::Continue(())
    });
    assert_eq!(refused.err(), Some(MinCostError::Path(0)));
    // The solver is unchanged: a path that works finds its solution.
    let outcome = solver
        .search_subtree(&[first, third], 1, Budget::new(), |_| {
            ControlFlow::Continue(())
        })
        .unwrap();
    assert_eq!(outcome.best[0].cost, 4);
    assert_eq!(outcome.best[0].options, [first, third]);
    let whole = solver.search(1, Budget::new(), |_| ControlFlow::Continue(()));
    assert_eq!(whole.best[0].cost, 4);
}

/// A subtree search stopped by a node cap lists the subtrees it left; run
/// again and again under small caps, their best with the best found are
/// the problem's best (what `dlx merge` does with the frontier of a task
/// stopped by its budget).
#[test]
fn the_frontier_of_a_stopped_subtree_holds_the_rest_of_the_best() {
    let mut random = SplitMix64::new(31);
    for round in 0..150 {
        let text = random_problem(&mut random, round % 2 == 1);
        let problem = format::read_str(&text).unwrap().problem;
        let mut all: Vec<u64> = exact_covers(&problem)
            .iter()
            .map(|cover| cost_of(&problem, cover))
            .collect();
        all.sort_unstable();
        let mut solver = MinCostSolver::new(&problem).unwrap();
        let k = 1 + round % 3;
        let cap = 1 + random.below(4) as u64;
        let mut work: Vec<Vec<OptionId>> = vec![Vec::new()];
        let mut found = Vec::new();
        let mut runs = 0;
        while let Some(path) = work.pop() {
            runs += 1;
            assert!(runs < 100_000, "the frontiers do not shrink");
            let outcome = solver
                .search_subtree(&path, k, Budget::new().max_nodes(cap), |_| {
                    ControlFlow::Continue(())
                })
                .unwrap();
            for solution in &outcome.best {
                assert_exact_cover(&problem, &solution.options);
                assert!(solution.options.starts_with(&path));
            }
            if outcome.is_proven() {
                assert!(outcome.frontier.is_empty());
            } else {
                assert_eq!(outcome.stats.stop, StopReason::NodeLimit);
            }
            found.extend(outcome.best.iter().map(|s| s.cost));
            work.extend(outcome.frontier);
        }
        found.sort_unstable();
        found.truncate(k);
        let expected: Vec<u64> = all.iter().copied().take(k).collect();
        assert_eq!(found, expected, "k={k} cap={cap} on\n{text}");
    }
}
