//! The parallel search under hostile shapes and stops: bounded work and
//! memory however the tree looks, budgets and monitors honoured in the split
//! pass, and the same answers as one thread.

use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use dancing::expert::Search;
use dancing::expert::{ParallelSolver, SearchConfig, Solver, Template};
use dancing::{Problem, ProblemBuilder, Stop, StopReason, format};

/// `items` primary items, each in `copies` options of its own: `copies ^
/// items` solutions, a tree as wide at every level.
fn independent_choices(items: usize, copies: usize) -> Problem {
    let mut builder = ProblemBuilder::new();
    let ids: Vec<_> = (0..items)
        .map(|k| builder.primary_item(&format!("i{k}")).unwrap())
        .collect();
    for &item in &ids {
        for _ in 0..copies {
            builder.option([item]).unwrap();
        }
    }
    builder.build().unwrap()
}

/// `n` identical options `A B` under the items `A B`: a root with `n`
/// children, each a solution.
fn identical_options(n: usize) -> Problem {
    let mut text = String::from("A B\n");
    for _ in 0..n {
        text.push_str("A B\n");
    }
    format::read_str(&text).unwrap().problem
}

/// A chain: items `c0 .. c(n-1)`, each in one option `ck c(k+1)` (the last
/// alone): a tree that is a path `n / 2` levels deep.
fn chain(n: usize) -> Problem {
    let mut text = (0..n)
        .map(|k| format!("c{k}"))
        .collect::<Vec<_>>()
        .join(" ");
    text.push('\n');
    for k in (0..n).step_by(2) {
        if k + 1 < n {
            text.push_str(&format!("c{k} c{}\n", k + 1));
        } else {
            text.push_str(&format!("c{k}\n"));
        }
    }
    format::read_str(&text).unwrap().problem
}

fn sequential_stats(problem: &Problem) -> (u64, dancing::Stats) {
    let bump = bumpalo::Bump::new();
    let mut solver = Solver::new(problem, &bump);
    let count = solver.count();
    (count, solver.stats())
}

/// Asking an ordered search for its first solution of a problem with 2^40
/// solutions returns at once: the subtree holding it is not searched to its
/// end first (which held all its solutions in memory).
#[test]
fn an_ordered_search_stopped_at_its_first_solution_returns_at_once() {
    let problem = independent_choices(40, 2);
    for threads in [2, 3] {
        let mut parallel = ParallelSolver::new(&problem)
            .with_config(SearchConfig::new().threads(threads).ordered(true));
        let mut first = None;
        let stats = parallel.search(|solution| {
            first = Some(solution.options().to_vec());
            ControlFlow::Break(())
        });
        let bump = bumpalo::Bump::new();
        let expected = Solver::new(&problem, &bump).first();
        assert_eq!(first, expected, "{threads} threads");
        assert_eq!(stats.solutions, 1);
        assert!(!stats.is_complete());
        // A few checkpoints' worth of nodes per thread, not 2^40.
        assert!(stats.nodes < 1 << 20, "{} nodes", stats.nodes);
    }
}

/// An ordered search whose subtrees each hold more solutions than a worker
/// may hold back visits them all, in the order of one thread.
#[test]
fn ordered_solutions_past_what_a_worker_holds_keep_their_order() {
    // 2^16 solutions; 2 x 8 subtrees of 2^12 each, over the 1,024 a worker
    // holds before it waits for its turn.
    let problem = independent_choices(16, 2);
    let bump = bumpalo::Bump::new();
    let mut expected = Vec::new();
    Solver::new(&problem, &bump).search(|solution| {
        expected.push(solution.options().to_vec());
        ControlFlow::Continue(())
    });
    for (threads, tasks) in [(2, 8), (3, 5)] {
        let mut parallel = ParallelSolver::new(&problem).with_config(
            SearchConfig::new()
                .threads(threads)
                .tasks_per_thread(tasks)
                .ordered(true),
        );
        let mut seen = 0;
        let stats = parallel.search(|solution| {
            assert_eq!(solution.options(), expected[seen], "solution {seen}");
            seen += 1;
            ControlFlow::Continue(())
        });
        assert_eq!(seen, expected.len());
        assert!(stats.is_complete());
        assert!(parallel.subproblems() >= threads * tasks);
    }
}

/// A root with many children (each a solution) splits at the first level:
/// the statistics are one thread's, and each worker moves from task to task
/// by swapping one option (checked for time by `scripts/hostile-sizes`).
#[test]
fn a_root_with_many_options_splits_as_one_thread_counts() {
    let problem = identical_options(20_000);
    let (count, stats) = sequential_stats(&problem);
    assert_eq!(count, 20_000);
    for threads in [2, 3] {
        let mut parallel =
            ParallelSolver::new(&problem).with_config(SearchConfig::new().threads(threads));
        assert_eq!(parallel.count(), count);
        assert_eq!(parallel.stats(), stats);
        assert_eq!(parallel.explored(), 1.0);
    }
}

/// A root with `width` children, each with a subtree of its own: the item
/// `R` in `width` options `R s:k` (or `R sk` without colors), and `T` in
/// `width + width / 2` options `T s:j` that agree with about all but one of
/// them, so each child has about `width` children, each a solution.
fn wide_root(width: usize, colors: bool) -> Problem {
    let mut text = String::from("R T |");
    if colors {
        text.push_str(" s\n");
    } else {
        for k in 0..width {
            text.push_str(&format!(" s{k}"));
        }
        text.push('\n');
    }
    let secondary = |k: usize| {
        if colors {
            format!("s:{k}")
        } else {
            format!("s{k}")
        }
    };
    for k in 0..width {
        text.push_str(&format!("R {}\n", secondary(k)));
    }
    for j in 0..width + width / 2 {
        // Colors: `T` agrees with `R`'s color k only when j % width == k.
        // Plain: `T` conflicts with `R`'s sk when j % width == k.
        text.push_str(&format!("T {}\n", secondary(j % width)));
    }
    format::read_str(&text).unwrap().problem
}

/// A node with more children than the split wants tasks gives runs of
/// consecutive children, each searched as one task: the answers, their
/// order, the statistics and the profile are one thread's, and a node
/// budget stops a run part-way with the solver left sound for the next.
#[test]
fn runs_of_siblings_search_as_one_thread_does() {
    for colors in [false, true] {
        let problem = wide_root(300, colors);
        let bump = bumpalo::Bump::new();
        let mut solver = Solver::new(&problem, &bump);
        let mut expected = Vec::new();
        solver.search(|solution| {
            expected.push(solution.options().to_vec());
            ControlFlow::Continue(())
        });
        let stats = solver.stats();
        let profile = solver.profile().to_vec();
        assert!(stats.solutions > 300, "{} solutions", stats.solutions);
        for threads in [2, 3] {
            // 2 tasks per thread: at most 64 or 96 tasks for 300 children.
            let config = SearchConfig::new()
                .threads(threads)
                .tasks_per_thread(1)
                .ordered(true);
            let mut parallel = ParallelSolver::new(&problem).with_config(config.clone());
            let mut seen = Vec::new();
            parallel.search(|solution| {
                seen.push(solution.options().to_vec());
                ControlFlow::Continue(())
            });
            assert_eq!(seen, expected, "colors {colors}, {threads} threads");
            assert_eq!(
                parallel.stats(),
                stats,
                "colors {colors}, {threads} threads"
            );
            assert_eq!(parallel.profile(), profile);
            assert!(
                parallel.subproblems() < 300,
                "{} tasks",
                parallel.subproblems()
            );
            for limit in [stats.nodes / 3, stats.nodes * 2 / 3] {
                let mut parallel = ParallelSolver::new(&problem)
                    .with_config(config.clone().node_limit(Some(limit)));
                let count = parallel.count();
                let stopped = parallel.stats();
                assert!(!stopped.is_complete());
                assert!(count < stats.solutions);
                let explored = parallel.explored();
                assert!(explored > 0.0 && explored < 1.0, "{explored}");
            }
        }
    }
}

/// The monitor is asked while a huge matrix is copied for the search (a
/// copy of 2.2M nodes here, made in three chunks), so a stop meanwhile
/// ends the search before its first node, on any number of threads.
#[test]
fn a_monitor_stops_the_copy_of_a_huge_matrix() {
    let mut builder = ProblemBuilder::new();
    let y = builder.primary_item("y").unwrap();
    for _ in 0..1_100_000 {
        builder.option([y]).unwrap();
    }
    let problem = builder.build().unwrap();
    let template = Template::new(&problem);
    let mut solver = ParallelSolver::from_template(template);
    for threads in [1, 2] {
        let config = SearchConfig::new()
            .threads(threads)
            .progress_interval(Duration::ZERO);
        solver.set_config(config);
        let mut asked = 0;
        let stats = solver.count_monitored(|_| {
            asked += 1;
            if asked == 3 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert_eq!(asked, 3, "{threads} threads");
        assert_eq!(stats.nodes, 0, "{threads} threads: stopped in the copy");
        assert_eq!(stats.stop, dancing::StopReason::Interrupted);
    }
}

/// A tree that is a long path is split level by level down to its end: no
/// task is left, the split found the one solution, and the statistics are
/// one thread's.
#[test]
fn a_long_path_is_split_to_its_end_with_one_threads_statistics() {
    let problem = chain(3_000);
    let (count, stats) = sequential_stats(&problem);
    assert_eq!((count, stats.max_depth), (1, 1_500));
    let mut parallel = ParallelSolver::new(&problem).with_config(SearchConfig::new().threads(2));
    assert_eq!(parallel.count(), 1);
    assert_eq!(parallel.stats(), stats);
    assert_eq!(parallel.subproblems(), 0);
    let profile = parallel.profile().to_vec();
    let bump = bumpalo::Bump::new();
    let mut solver = Solver::new(&problem, &bump);
    solver.count();
    assert_eq!(profile, solver.profile());
}

/// The monitor is called during the split pass, and stopping there stops
/// the search with what the split did.
#[test]
fn a_monitor_stops_the_split_pass() {
    let problem = chain(3_000);
    let mut parallel = ParallelSolver::new(&problem).with_config(
        SearchConfig::new()
            .threads(2)
            .progress_interval(Duration::ZERO),
    );
    let mut calls = 0;
    let stats = parallel.count_monitored(|_| {
        calls += 1;
        ControlFlow::Break(())
    });
    assert_eq!(calls, 1);
    assert!(!stats.is_complete());
    assert!(stats.nodes < 100, "{} nodes", stats.nodes);
    assert!(parallel.explored() < 1.0);
}

/// A node budget holds in the split pass too.
#[test]
fn a_node_limit_holds_in_the_split_pass() {
    let problem = chain(3_000);
    for threads in [1, 2] {
        let mut parallel = ParallelSolver::new(&problem)
            .with_config(SearchConfig::new().threads(threads).node_limit(Some(200)));
        let stats = parallel.search(|_| ControlFlow::Continue(()));
        assert!(!stats.is_complete(), "{threads} threads");
        assert_eq!(stats.nodes, 200, "{threads} threads");
        assert_eq!(stats.solutions, 0);
    }
}

/// After a stopped search the explored estimate is between 0 and 1 on any
/// number of threads, and 1 after a complete one.
#[test]
fn the_explored_estimate_is_reported_on_any_number_of_threads() {
    let problem = format::read_str(include_str!("../data/queens10.dlx"))
        .unwrap()
        .problem;
    for threads in [1, 2, 3] {
        let mut parallel = ParallelSolver::new(&problem)
            .with_config(SearchConfig::new().threads(threads).node_limit(Some(5_000)));
        let stats = parallel.search(|_| ControlFlow::Continue(()));
        assert!(!stats.is_complete());
        let explored = parallel.explored();
        assert!(explored > 0.0 && explored < 1.0, "{threads}: {explored}");
        parallel.set_config(SearchConfig::new().threads(threads));
        assert_eq!(parallel.count(), 724);
        assert_eq!(parallel.explored(), 1.0);
    }
}

/// A tree small enough for the split to go through it whole: a search for
/// one solution on two threads has explored all of it when it stops at
/// that solution, and says so (1, not the 0 of a search just begun).
#[test]
fn a_search_stopped_after_the_whole_tree_explored_it_all() {
    // Three solutions: {a, b, c}, {a, b c}, {a b, c}.
    let problem = format::read_str("a b c\na\nb\nc\na b\nb c\n")
        .unwrap()
        .problem;
    let mut parallel = ParallelSolver::new(&problem).with_config(SearchConfig::new().threads(2));
    let counted = {
        parallel.count();
        parallel.stats()
    };
    assert!(parallel.first().is_some());
    let stats = parallel.stats();
    assert_eq!(stats.stop, StopReason::Visitor);
    assert_eq!(
        stats.nodes, counted.nodes,
        "the split went through the tree"
    );
    assert_eq!(parallel.explored(), 1.0);
    // On one thread the search stops at its first solution, the leftmost
    // path: none of the tree is to its left.
    parallel.set_config(SearchConfig::new().threads(1));
    assert!(parallel.first().is_some());
    assert!(parallel.stats().nodes < counted.nodes);
    assert_eq!(parallel.explored(), 0.0);
}

/// Far more threads than the tree has work for: the answers are the same
/// (the pool is only as large as the units of work).
#[test]
fn more_threads_than_work_give_the_same_answers() {
    let problem = format::read_str(include_str!("../data/toy.dlx"))
        .unwrap()
        .problem;
    let (count, stats) = sequential_stats(&problem);
    let mut parallel = ParallelSolver::new(&problem).with_config(SearchConfig::new().threads(512));
    assert_eq!(parallel.count(), count);
    assert_eq!(parallel.stats(), stats);
}

/// What many threads share can be shared.
#[test]
fn problems_templates_and_parallel_solvers_are_send_and_sync() {
    fn send_and_sync<T: Send + Sync>() {}
    send_and_sync::<Problem>();
    send_and_sync::<Template>();
    send_and_sync::<ParallelSolver>();
}

/// Linking can be cancelled: asked every 65,536 options (and nodes while
/// checking), a cancel stops it; a cancel that never says yes links.
#[test]
fn linking_a_large_problem_can_be_cancelled() {
    let problem = identical_options(300_000);
    let asked = Arc::new(AtomicUsize::new(0));
    let counter = Arc::clone(&asked);
    let stop = Stop::new().with_poll(move || counter.fetch_add(1, Ordering::Relaxed) + 1 == 2);
    assert!(Template::link(&problem, &stop).is_none());
    assert_eq!(asked.load(Ordering::Relaxed), 2);
    let asked = Arc::new(AtomicUsize::new(0));
    let counter = Arc::clone(&asked);
    let stop = Stop::new().with_poll(move || {
        counter.fetch_add(1, Ordering::Relaxed);
        false
    });
    let template = Template::link(&problem, &stop).expect("linked");
    assert!(asked.load(Ordering::Relaxed) >= 300_000 / 65_536);
    let mut parallel =
        ParallelSolver::from_template(template).with_config(SearchConfig::new().threads(2));
    assert_eq!(parallel.count(), 300_000);
}

/// A root with `n` children, each costly to enter (its commit hides about
/// `n` options): plainly, by colors, and with bounds and colors. The split
/// lists such a root's children without entering them (entering each made
/// it quadratic in `n`: 34 billion updates for `-n 1` at n = 400,000), and
/// each subtree's search counts entering its child: the figures on any
/// number of threads are one thread's.
#[test]
fn children_costly_to_enter_split_as_one_thread_counts() {
    let n = 300;
    let mut plain = String::from("y w | z\n");
    let mut colored = String::from("a b | x\n");
    let mut bounded = String::from("2|a 2|b | x\n");
    for k in 0..n {
        plain.push_str("y w\n");
        let options = format!("a x:c{}\nb x:c{}\n", k % 7, k % 5);
        colored.push_str(&options);
        bounded.push_str(&options);
    }
    for _ in 0..n {
        plain.push_str("w z\n");
    }
    for text in [plain, colored, bounded] {
        let problem = format::read_str(&text).unwrap().problem;
        let (count, stats) = sequential_stats(&problem);
        assert!(count >= n as u64, "{count} solutions");
        for (threads, tasks_per_thread) in [(2, 1), (3, 64)] {
            let config = SearchConfig::new()
                .threads(threads)
                .tasks_per_thread(tasks_per_thread);
            let mut parallel = ParallelSolver::new(&problem).with_config(config);
            assert_eq!(parallel.count(), count);
            assert_eq!(parallel.stats(), stats, "{threads} threads");
        }
    }
}
