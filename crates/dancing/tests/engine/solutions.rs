//! The front door's resumable listing, `Engine::solutions`: it finds what
//! brute force finds, in the order of `expert::Solver::next_solution` on
//! the problem searched (mapped back to the input's numbering with a
//! seed), stops where its request says and says why, sees a stop token
//! raised from another thread, and lists the same again in a reused cache.

use std::collections::BTreeSet;
use std::ops::ControlFlow;
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use bumpalo::Bump;
use dancing::engine::{Cache, Solutions};
use dancing::expert::{SearchConfig, Shuffled, Solver};
use dancing::{
    Config, Engine, FnVisitor, OptionId, Problem, Progress, Request, Solution, Stop, StopReason,
    check, format,
};
use dancing_testkit::alloc::count_allocations;
use dancing_testkit::brute;
use dancing_testkit::strategies::{colored_bounded_problem, proptest_config, small_problem};
use proptest::prelude::*;

use super::data;

/// The solutions `expert::Solver::next_solution` gives for `problem` as
/// `config`'s seed shuffles it, in order, mapped back to `problem`'s
/// numbering by the shuffle's own table: an independent listing, and the
/// figures after `limit` solutions (the search paused at the last one).
fn by_next_solution(
    problem: &Problem,
    seed: Option<u64>,
    node_limit: Option<u64>,
    limit: usize,
) -> (Vec<Vec<OptionId>>, dancing::Stats) {
    let shuffled = seed.map(|seed| Shuffled::new(problem, seed));
    let searched = shuffled.as_ref().map_or(problem, Shuffled::problem);
    let bump = Bump::new();
    let mut solver =
        Solver::new(searched, &bump).with_config(SearchConfig::new().node_limit(node_limit));
    let mut found = Vec::new();
    while found.len() < limit {
        let Some(solution) = solver.next_solution() else {
            break;
        };
        found.push(
            solution
                .options()
                .iter()
                .map(|&o| shuffled.as_ref().map_or(o, |s| s.original(o)))
                .collect(),
        );
    }
    (found, solver.stats())
}

/// Every solution the front door's visitor listing gives, in order (what
/// `dlx solve` prints).
fn by_search(engine: &Engine) -> Vec<Vec<OptionId>> {
    let mut found = Vec::new();
    let Ok(report) = engine.search(
        &Request::new(),
        FnVisitor {
            solution: |solution: &Solution<'_>| {
                found.push(solution.options().to_vec());
                ControlFlow::Continue(())
            },
            progress: |_: &Progress| ControlFlow::Continue(()),
        },
    );
    assert!(report.is_complete());
    found
}

/// The solutions of `solutions`, each checked with `dancing::check`.
fn checked(problem: &Problem, solutions: &mut Solutions) -> Vec<Vec<OptionId>> {
    let found: Vec<_> = solutions.by_ref().collect();
    for options in &found {
        if let Err(fault) = check::check(problem, options) {
            panic!("{options:?} is not a solution: {fault:?}");
        }
    }
    found
}

/// Each solution's options sorted, as brute force lists them; a solution
/// listed twice fails.
fn as_set(found: &[Vec<OptionId>]) -> BTreeSet<Vec<OptionId>> {
    let mut set = BTreeSet::new();
    for options in found {
        let mut options = options.clone();
        options.sort();
        assert!(set.insert(options), "a solution listed twice");
    }
    set
}

/// Langford pairs of `n`: the numbers 1 to n, each twice, `i` apart by
/// `i` others. None when `n` is 2 mod 4 (nor 1 mod 4), which the search
/// does not see: it explores a vast tree and finds nothing.
fn langford(n: usize) -> Problem {
    let mut text = String::new();
    let values: Vec<String> = (1..=n).map(|i| format!("v{i}")).collect();
    let slots: Vec<String> = (1..=2 * n).map(|j| format!("s{j}")).collect();
    text.push_str(&values.join(" "));
    text.push(' ');
    text.push_str(&slots.join(" "));
    text.push('\n');
    for i in 1..=n {
        for j in 1..=2 * n {
            if j + i < 2 * n {
                text.push_str(&format!("v{i} s{j} s{}\n", j + i + 1));
            }
        }
    }
    format::read_str(&text).unwrap().problem
}

proptest! {
    #![proptest_config(proptest_config(48))]

    #[test]
    fn the_iterator_lists_what_brute_force_finds_in_the_solvers_order(
        problem in colored_bounded_problem()
    ) {
        let truth = brute::exact_covers(&problem);
        for threads in [1, 2] {
            for seed in [None, Some(3), Some(8)] {
                let engine = Engine::builder()
                    .config(Config::new().threads(threads).seed(seed))
                    .build(problem.clone());
                let mut solutions = engine.solutions(&Request::new());
                let found = checked(&problem, &mut solutions);
                prop_assert_eq!(&as_set(&found), &truth, "seed {:?}", seed);
                let (expected, stats) = by_next_solution(&problem, seed, None, usize::MAX);
                prop_assert_eq!(&found, &expected, "seed {:?}", seed);
                prop_assert_eq!(&found, &by_search(&engine), "seed {:?}", seed);
                let report = solutions.report();
                prop_assert_eq!(report.stats, stats);
                prop_assert!(report.is_complete());
                prop_assert_eq!(report.solutions, truth.len() as u128);
                prop_assert_eq!((report.explored, report.threads), (1.0, 1));
            }
        }
    }

    #[test]
    fn a_solution_limit_ends_the_search_at_its_last_solution(
        problem in small_problem(),
        limit in 0usize..4,
        seed in proptest::option::of(0u64..4),
    ) {
        let total = brute::count(&problem) as usize;
        let engine = Engine::builder().config(Config::new().seed(seed)).build(problem.clone());
        let mut solutions = engine.solutions(&Request::new().max_solutions(limit as u64));
        let found = checked(&problem, &mut solutions);
        let (expected, paused) = by_next_solution(&problem, seed, None, limit);
        prop_assert_eq!(found.len(), total.min(limit));
        prop_assert_eq!(&found, &expected);
        let stats = solutions.stats();
        if total >= limit {
            prop_assert_eq!(stats.stop, StopReason::Visitor);
            prop_assert_eq!(stats.stop.as_str(), "max-solutions");
            // Not a node past the last solution allowed.
            prop_assert_eq!(stats.nodes, paused.nodes);
            prop_assert_eq!(stats.solutions, limit as u64);
        } else {
            prop_assert!(stats.is_complete());
            prop_assert_eq!(stats, paused);
        }
        prop_assert_eq!(solutions.next(), None, "fused");
    }

    #[test]
    fn a_reused_cache_lists_the_same_again(
        problem in colored_bounded_problem(),
        other in colored_bounded_problem(),
        taken in 0usize..3,
    ) {
        let engine = Engine::new(problem.clone());
        let fresh: Vec<_> = engine.solutions(&Request::new()).collect();
        // Part of a listing, then the whole: the paused search is
        // abandoned, the next one starts from the top.
        let mut partial = engine.solutions(&Request::new());
        let head: Vec<_> = partial.by_ref().take(taken).collect();
        prop_assert_eq!(&head[..], &fresh[..taken.min(fresh.len())]);
        let mut again = engine.solutions_in(partial.into_cache(), &Request::new());
        prop_assert_eq!(&again.by_ref().collect::<Vec<_>>(), &fresh);
        // Through another engine (another problem, or a seed) and back.
        for detour in [Engine::new(other.clone()), engine.with_config(Config::new().seed(Some(1)))] {
            let expected: Vec<_> = detour.solutions(&Request::new()).collect();
            let mut through = detour.solutions_in(again.into_cache(), &Request::new());
            prop_assert_eq!(&through.by_ref().collect::<Vec<_>>(), &expected);
            again = engine.solutions_in(through.into_cache(), &Request::new());
            prop_assert_eq!(&again.by_ref().collect::<Vec<_>>(), &fresh);
        }
        prop_assert!(again.report().is_complete());
    }
}

#[test]
fn a_node_limit_ends_the_iteration_where_the_solver_ends() {
    for file in ["queens8.dlx", "colors.dlx", "knuth_dlx3_example.dlx"] {
        let problem = data(file);
        let (_, full) = by_next_solution(&problem, None, None, usize::MAX);
        let limits = [0, 1, 7, full.nodes / 2, full.nodes - 1];
        for limit in limits.into_iter().filter(|&limit| limit < full.nodes) {
            let engine = Engine::new(problem.clone());
            let mut solutions = engine.solutions(&Request::new().max_nodes(limit));
            let found = checked(&problem, &mut solutions);
            let (expected, stats) = by_next_solution(&problem, None, Some(limit), usize::MAX);
            assert_eq!(found, expected, "{file} within {limit} nodes");
            assert_eq!(solutions.stats(), stats, "{file} within {limit} nodes");
            assert_eq!(stats.stop, StopReason::NodeLimit, "{file}");
            assert_eq!(stats.nodes, limit, "{file}: the node cap is exact");
        }
    }
}

#[test]
fn a_stop_or_a_deadline_between_two_solutions_ends_the_iteration() {
    let problem = data("queens8.dlx");
    let engine = Engine::new(problem);
    let stop = Stop::new();
    let mut solutions = engine.solutions(&Request::new().stop(&stop));
    assert_eq!(solutions.by_ref().take(3).count(), 3);
    assert_eq!(solutions.stats().stop, StopReason::Running);
    stop.request();
    assert_eq!(solutions.next(), None);
    let stats = solutions.stats();
    assert_eq!((stats.stop, stats.solutions), (StopReason::Cancelled, 3));
    assert_eq!(stats.stop.as_str(), "interrupted");

    let mut timed = engine.solutions(&Request::new().time_limit(Duration::ZERO));
    assert_eq!(timed.next(), None);
    assert_eq!(timed.stats().stop, StopReason::TimeLimit);

    let mut none = engine.solutions(&Request::new().max_solutions(0));
    assert_eq!(none.next(), None);
    assert_eq!(none.stats().stop, StopReason::Visitor);
    assert_eq!(none.stats().nodes, 0);
}

#[test]
fn a_stop_from_another_thread_ends_a_long_search_for_a_solution() {
    // Langford pairs of 18 have no solution, and the search for one would
    // take far longer than the minute this request allows.
    let engine = Engine::new(langford(18));
    let stop = Stop::new();
    let request = Request::new()
        .stop(&stop)
        .time_limit(Duration::from_secs(60));
    let mut solutions = engine.solutions(&request);
    let (started_tx, started_rx) = mpsc::channel();
    let (done_tx, done_rx) = mpsc::channel();
    // The iterator crosses to the thread that searches.
    thread::spawn(move || {
        started_tx.send(()).unwrap();
        let started = Instant::now();
        let found = solutions.next();
        done_tx.send((found, solutions, started.elapsed())).unwrap();
    });
    started_rx.recv().unwrap();
    thread::sleep(Duration::from_millis(100));
    stop.request();
    // A search that does not see the stop fails here (its thread is left
    // to the end of the process) rather than hanging the suite.
    let (found, solutions, took) = done_rx
        .recv_timeout(Duration::from_secs(90))
        .expect("the stop ends the search");
    assert_eq!(found, None);
    let stats = solutions.stats();
    assert_eq!(
        stats.stop,
        StopReason::Cancelled,
        "{stats:?} after {took:?}"
    );
    assert!(stats.nodes > 0);
    assert!(took < Duration::from_secs(30), "{took:?}");
    // The cache it leaves lists another problem.
    let queens = Engine::new(data("queens8.dlx"));
    assert_eq!(
        queens
            .solutions_in(solutions.into_cache(), &Request::new())
            .count(),
        92
    );
}

#[test]
fn a_reused_cache_neither_allocates_its_solver_nor_grows() {
    let engine = Engine::new(data("queens8.dlx"));
    let first = |cache: Cache| {
        let mut solutions = engine.solutions_in(cache, &Request::new());
        assert!(solutions.next().is_some());
        solutions.into_cache()
    };
    let (cache, fresh) = count_allocations(|| first(Cache::new()));
    let bytes = cache.memory_bytes();
    assert!(bytes >= engine.copy_bytes(), "{bytes} bytes");
    let (cache, reused) = count_allocations(|| first(cache));
    assert!(
        reused < fresh,
        "{reused} allocations reusing, {fresh} fresh"
    );
    assert_eq!(cache.memory_bytes(), bytes);
}

#[test]
fn solutions_and_caches_are_owned_and_cross_threads() {
    fn owned<T: Send + 'static>() {}
    owned::<Solutions>();
    owned::<Cache>();
}
