//! The front door against an independent brute force, on random problems
//! with colors and bounds: every configuration (threads, seed, counting)
//! gives the same answers, the limits of a request stop where they say, and
//! a stop says why in the one vocabulary.

use std::collections::BTreeSet;
use std::ops::ControlFlow;
use std::time::Duration;

use dancing_testkit::brute;
use dancing_testkit::strategies::{colored_bounded_problem, proptest_config, small_problem};
use dancing_testkit::verify::assert_exact_cover;
use proptest::prelude::*;

use dancing::{
    Config, Counting, Engine, FnVisitor, OptionId, Progress, Report, Request, Solution, Stop,
    StopReason, format,
};

/// Every solution `engine` lists, each sorted, checked as it comes.
fn listed(engine: &Engine) -> BTreeSet<Vec<OptionId>> {
    let mut solutions = BTreeSet::new();
    let Ok(report) = engine.search(
        &Request::new(),
        FnVisitor {
            solution: |solution: &Solution<'_>| {
                assert_exact_cover(engine.problem(), solution.options());
                let mut options = solution.options().to_vec();
                options.sort();
                assert!(solutions.insert(options), "a solution listed twice");
                ControlFlow::Continue(())
            },
            progress: |_: &Progress| ControlFlow::Continue(()),
        },
    );
    assert!(report.is_complete());
    assert_eq!(report.solutions, solutions.len() as u128);
    solutions
}

/// The configurations every answer must agree across.
fn configurations() -> Vec<Config> {
    let mut configs = Vec::new();
    for threads in [1, 2] {
        for seed in [None, Some(3)] {
            for counting in [Counting::Plain, Counting::memo()] {
                configs.push(Config::new().threads(threads).seed(seed).counting(counting));
            }
        }
    }
    configs
}

proptest! {
    #![proptest_config(proptest_config(48))]

    #[test]
    fn every_configuration_counts_and_lists_what_brute_force_finds(
        problem in colored_bounded_problem()
    ) {
        let truth = brute::exact_covers(&problem);
        let engine = Engine::new(problem);
        for config in configurations() {
            let engine = engine.with_config(config.clone());
            let report = engine.count(&Request::new()).expect("a small count");
            prop_assert!(report.is_complete(), "{config:?}");
            prop_assert_eq!(report.solutions, truth.len() as u128, "{:?}", config);
            prop_assert_eq!(&listed(&engine), &truth, "{:?}", config);
            let first = engine.first(&Request::new());
            prop_assert_eq!(first.solution.is_some(), !truth.is_empty());
            if let Some(mut options) = first.solution {
                options.sort();
                prop_assert!(truth.contains(&options));
            }
        }
    }

    #[test]
    fn a_solution_limit_counts_up_to_it(problem in small_problem(), limit in 0u64..4) {
        let total = brute::count(&problem);
        let engine = Engine::builder().config(Config::new().threads(2)).build(problem);
        let report = engine.count(&Request::new().max_solutions(limit)).unwrap();
        prop_assert_eq!(report.solutions, u128::from(total.min(limit)));
        if total >= limit {
            prop_assert_eq!(report.stop(), StopReason::Visitor);
        } else {
            prop_assert!(report.is_complete());
        }
    }
}

#[test]
fn the_seed_reorders_the_search_but_not_its_solutions() {
    let problem = format::read_str(include_str!("../data/queens8.dlx"))
        .unwrap()
        .problem;
    let plain = Engine::new(problem.clone());
    let seeded = plain.with_config(Config::new().seed(Some(11)));
    let first = |engine: &Engine| engine.first(&Request::new()).solution.unwrap();
    assert_ne!(first(&plain), first(&seeded), "the seed changes the first");
    assert_eq!(listed(&plain), listed(&seeded));
    // The same seed, the same order.
    assert_eq!(
        first(&seeded),
        first(&seeded.with_config(seeded.config().clone()))
    );
}

#[test]
fn each_limit_stops_with_its_reason_and_says_it_in_one_word() {
    let problem = format::read_str(include_str!("../data/queens8.dlx"))
        .unwrap()
        .problem;
    // Threads unset too: the count of a small tree on the caller's thread.
    for config in [
        Config::new(),
        Config::new().threads(1),
        Config::new().threads(2),
    ] {
        let engine = Engine::builder().config(config).build(problem.clone());
        let nodes = engine.count(&Request::new().max_nodes(50)).unwrap();
        assert_eq!(nodes.stop().as_str(), "max-nodes");
        assert!(nodes.solutions < 92);
        let stop = Stop::new();
        stop.request();
        let stopped = engine.count(&Request::new().stop(&stop)).unwrap();
        assert_eq!(stopped.stop(), StopReason::Cancelled);
        assert_eq!(stopped.stop().as_str(), "interrupted");
        let timed = engine
            .count(&Request::new().time_limit(Duration::ZERO))
            .unwrap();
        assert_eq!(timed.stop().as_str(), "time-limit");
        let whole = engine.count(&Request::new()).unwrap();
        assert_eq!((whole.solutions, whole.stop().as_str()), (92, "complete"));
        // A limit past what the clock holds is no limit (not a panic).
        let forever = engine
            .count(&Request::new().time_limit(Duration::MAX))
            .unwrap();
        assert_eq!(
            (forever.solutions, forever.stop()),
            (92, StopReason::Complete)
        );
        assert_eq!(whole.explored, 1.0);
    }
}

#[test]
fn a_count_without_threads_set_is_a_count_on_one_thread_in_its_figures() {
    // A tree small enough (the engine's `SMALL_TREE_NODES`) is counted on
    // the caller's thread before the cores are asked for, a larger one on
    // the default threads; either way every figure of a complete count is
    // one thread's, and a node cap within the small tree's stops the count
    // where it stops one thread.
    const SMALL_TREE_NODES: u64 = 1024;
    let default = dancing::engine::default_threads();
    for (file, small) in [
        ("toy.dlx", true),
        ("queens6.dlx", true),
        ("colors.dlx", true),
        ("rowcol4_2_2.dlx", true),
        ("langford8.dlx", false),
        ("queens10.dlx", false),
    ] {
        let problem = crate::data(file);
        let unset = Engine::new(problem.clone());
        let one = Engine::builder()
            .config(Config::new().threads(1))
            .build(problem);
        let whole = one.count(&Request::new()).unwrap();
        assert_eq!(whole.stats.nodes <= SMALL_TREE_NODES, small, "{file}");
        for cap in [None, Some(20), Some(600), Some(5000)] {
            let request = cap.map_or_else(Request::new, |nodes| Request::new().max_nodes(nodes));
            let on_one = one.count(&request).unwrap();
            let counted = unset.count(&request).unwrap();
            let figures = |report: &Report| {
                let stats = report.stats;
                let profile = report.profile.clone();
                (
                    report.solutions,
                    stats.nodes,
                    stats.updates,
                    stats.stop,
                    profile,
                )
            };
            let on_callers_thread = cap.is_some_and(|nodes| nodes <= SMALL_TREE_NODES) || small;
            let expected = if on_callers_thread { 1 } else { default };
            assert_eq!(counted.threads, expected, "{file} {cap:?}");
            // Several threads stopped by a cap stop where they are, not
            // where one thread is.
            if on_callers_thread || on_one.is_complete() || default == 1 {
                assert_eq!(figures(&counted), figures(&on_one), "{file} {cap:?}");
            } else {
                assert_eq!(counted.stop(), on_one.stop(), "{file} {cap:?}");
            }
        }
    }
}

#[test]
fn a_stop_token_stops_linking() {
    let problem = format::read_str("a b\na\nb\n").unwrap().problem;
    let stop = Stop::new();
    stop.request();
    assert!(
        Engine::builder()
            .build_until(problem.clone(), &stop)
            .is_none()
    );
    assert!(
        Engine::builder()
            .build_until(problem, &Stop::new())
            .is_some()
    );
}

#[test]
fn a_memoized_count_that_gives_up_on_its_cache_is_finished_plainly() {
    // n queens repeat few subproblems: the cache turns itself off, and the
    // plain search finishes the count, saying so in the cache's figures.
    let problem = format::read_str(include_str!("../data/queens8.dlx"))
        .unwrap()
        .problem;
    let plain = Engine::builder()
        .config(Config::new().threads(2))
        .build(problem);
    let whole = plain.count(&Request::new()).unwrap();
    let engine = plain.with_config(Config::new().threads(2).counting(Counting::memo()));
    let report = engine.count(&Request::new()).unwrap();
    assert_eq!(report.solutions, whole.solutions);
    assert!(report.is_complete());
    let cache = report.cache.expect("a memoized count reports its cache");
    assert!(cache.turned_off, "{cache:?}");
    assert_eq!(report.stats, whole.stats, "the plain search's whole tree");
    assert_eq!(report.profile, whole.profile);
}

#[test]
fn the_cheapest_solutions_are_the_brute_force_cheapest() {
    let problem = format::read_str("a b c\na b |5\nc |1\na |1\nb c |2\nb |4\nc |9\nb c |7\n")
        .unwrap()
        .problem;
    let mut costs: Vec<u64> = brute::exact_covers(&problem)
        .iter()
        .map(|options| options.iter().map(|&o| problem.option_cost(o)).sum())
        .collect();
    costs.sort();
    for threads in [1, 2] {
        let engine = Engine::builder()
            .config(Config::new().threads(threads))
            .build(problem.clone());
        let report = engine
            .best(3, &Request::new(), |_| ControlFlow::Continue(()))
            .unwrap();
        assert!(report.is_proven());
        let found: Vec<u64> = report.best.iter().map(|s| s.cost).collect();
        assert_eq!(found, costs[..3.min(costs.len())]);
        for solution in &report.best {
            assert_exact_cover(&problem, &solution.options);
        }
    }
}

#[test]
fn engines_and_their_values_cross_threads() {
    fn shared<T: Send + Sync + Clone>() {}
    shared::<Engine>();
    shared::<Config>();
    shared::<Request>();
    shared::<Stop>();
    shared::<Report>();
}
