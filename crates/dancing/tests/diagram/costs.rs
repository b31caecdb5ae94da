//! Costs read off the diagram (`Diagram::cost_range`, `Diagram::best`)
//! against brute force on random costed X, C and M problems, against
//! DLX5's search (`Engine::best`) on the costed reference files, and the
//! refusal of a diagram whose options the problem lacks.

use std::collections::BTreeSet;

use dancing::diagram::{CostError, CostRange, Diagram};
use dancing::{Engine, OptionId, Problem, Request};
use dancing_testkit::brute;
use dancing_testkit::strategies::{colored_bounded_problem, proptest_config, small_problem};
use proptest::prelude::*;

use super::{ORDERS, data, diagram};

/// `problem` with option `k` costing `costs[k % costs.len()]`: written in
/// Knuth's format and read back with a `|n` on every option's line.
fn costed(problem: &Problem, costs: &[u64]) -> Problem {
    let mut text = Vec::new();
    dancing::format::write(problem, &mut text).expect("writes to memory");
    let text = String::from_utf8(text).expect("UTF-8");
    let mut out = String::new();
    let (mut items_seen, mut option) = (false, 0);
    for line in text.lines() {
        out.push_str(line);
        if !line.starts_with('|') && !line.trim().is_empty() {
            if items_seen {
                out.push_str(&format!(" |{}", costs[option % costs.len()]));
                option += 1;
            }
            items_seen = true;
        }
        out.push('\n');
    }
    let back = dancing::format::read_str(&out)
        .unwrap_or_else(|e| panic!("{e}\n{out}"))
        .problem;
    assert_eq!(back.option_count(), problem.option_count(), "{out}");
    back
}

/// The cost of a set of options, added up independently of the diagram.
fn cost_of(problem: &Problem, options: &[OptionId]) -> u64 {
    options
        .iter()
        .map(|&option| problem.option_cost(option))
        .sum()
}

/// The costs and answers of `diagram` checked against the brute-force
/// solutions of `problem`: the range, and the `k` best for k = 1, 3 and
/// all (each a distinct solution of the cost it claims, the costs those
/// of the sorted brute-force costs, ties in listing order).
fn check_costs(problem: &Problem, diagram: &Diagram) {
    let covers = brute::exact_covers(problem);
    let mut expected: Vec<u64> = covers.iter().map(|c| cost_of(problem, c)).collect();
    expected.sort_unstable();
    let range = diagram.cost_range(problem).expect("costs fit");
    assert_eq!(
        range,
        expected.first().map(|&min| CostRange {
            min,
            max: *expected.last().expect("one at least"),
        })
    );
    // Equal costs in the order the diagram lists its solutions.
    let mut listed: Vec<(u64, Vec<OptionId>)> = diagram
        .solutions()
        .map(|solution| (cost_of(problem, &solution), solution))
        .collect();
    listed.sort_by_key(|(cost, _)| *cost);
    for k in [1, 3, covers.len(), covers.len() + 2] {
        let best = diagram.best(problem, k).expect("costs fit");
        assert_eq!(best.len(), k.min(covers.len()));
        let costs: Vec<u64> = best.iter().map(|s| s.cost).collect();
        assert_eq!(costs, expected[..best.len()], "k={k}");
        let mut distinct = BTreeSet::new();
        for (solution, (cost, options)) in best.iter().zip(&listed) {
            assert_eq!(solution.cost, cost_of(problem, &solution.options));
            assert_eq!((&solution.cost, &solution.options), (cost, options));
            let mut sorted = solution.options.clone();
            sorted.sort();
            assert!(covers.contains(&sorted), "{sorted:?} is no solution");
            assert!(distinct.insert(sorted), "a solution twice");
        }
    }
    assert!(diagram.best(problem, 0).expect("nothing to add").is_empty());
}

fn check_problem(problem: &Problem, costs: &[u64]) {
    let problem = costed(problem, costs);
    for order in ORDERS {
        check_costs(&problem, &diagram(&problem, order));
    }
}

/// Costs from 0 to 9, so ties are common.
fn costs() -> impl Strategy<Value = Vec<u64>> {
    proptest::collection::vec(0u64..10, 1..16)
}

proptest! {
    #![proptest_config(proptest_config(256))]

    #[test]
    fn diagram_costs_of_plain_and_colored_problems_are_brute_forces(problem in small_problem(), costs in costs()) {
        check_problem(&problem, &costs);
    }

    #[test]
    fn diagram_costs_of_bounded_problems_are_brute_forces(problem in colored_bounded_problem(), costs in costs()) {
        check_problem(&problem, &costs);
    }
}

#[test]
fn the_best_costs_equal_dlx5s_search_on_the_costed_reference_files() {
    for file in [
        "assignment6.dlx",
        "assignment8.dlx",
        "queens8_costs.dlx",
        "colors_costs.dlx",
    ] {
        let problem = data(file);
        let engine = Engine::new(problem.clone());
        let built = diagram(&problem, dancing::diagram::Order::Fewest);
        for k in [1, 10, 100] {
            let searched = engine
                .best(k, &Request::new(), |_| std::ops::ControlFlow::Continue(()))
                .expect("a costed problem");
            let searched: Vec<u64> = searched.best.iter().map(|s| s.cost).collect();
            let read: Vec<u64> = built
                .best(&problem, k)
                .expect("costs fit")
                .iter()
                .map(|s| s.cost)
                .collect();
            assert_eq!(read, searched, "{file} k={k}");
        }
        let range = built
            .cost_range(&problem)
            .expect("costs fit")
            .expect("solvable");
        let all = built.best(&problem, usize::MAX).expect("costs fit");
        assert_eq!(all.len() as u128, built.count_u128().expect("small"));
        assert_eq!(range.min, all[0].cost, "{file}");
        assert_eq!(range.max, all.last().expect("one").cost, "{file}");
    }
}

#[test]
fn a_diagram_with_options_past_the_problems_is_refused() {
    let problem = data("assignment6.dlx");
    let built = diagram(&problem, dancing::diagram::Order::Fewest);
    let mut text = Vec::new();
    built.write_zdd(&mut text).expect("writes to memory");
    let back = Diagram::read_zdd(std::str::from_utf8(&text).expect("ASCII")).expect("reads back");
    let fewer = data("toy.dlx");
    let error = back.cost_range(&fewer).expect_err("options past toy's");
    assert!(matches!(error, CostError::UnknownOption { .. }), "{error}");
    assert!(error.to_string().contains("options"), "{error}");
    assert_eq!(back.best(&fewer, 3).map(|b| b.len()), Err(error));
}
