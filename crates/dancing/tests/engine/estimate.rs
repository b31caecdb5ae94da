//! Knuth's random-probe estimate against the search itself: unbiased on
//! small random problems (plain, colored, bounded), exact on a tree that
//! is a single path, the same for the same seed, and the solver restored.

use bumpalo::Bump;
use dancing::engine::Estimate;
use dancing::expert::{Figure, Search, Solver};
use dancing::random::SplitMix64;
use dancing::{Stop, format};

/// A random problem in Knuth's format: `items` primary items, a few
/// secondary ones (colored when `colors`), primary bounds `u:v` when
/// `bounds`, and `options` random options; every primary item gets an
/// option of its own so that solutions are not too rare.
fn random_problem(random: &mut SplitMix64, colors: bool, bounds: bool) -> String {
    let items = 4 + random.below(5);
    let secondary = 2;
    let mut text = String::new();
    for i in 0..items {
        if bounds && random.below(3) == 0 {
            let lower = random.below(2);
            text.push_str(&format!("{lower}:{}|", lower + 1 + random.below(2)));
        }
        text.push_str(&format!("p{i} "));
    }
    text.push('|');
    for s in 0..secondary {
        text.push_str(&format!(" s{s}"));
    }
    text.push('\n');
    let options = items + 2 + random.below(3 * items);
    for o in 0..options {
        let mut line = Vec::new();
        if o < items {
            line.push(format!("p{o}"));
        }
        for i in 0..items {
            if random.below(4) == 0 && !line.contains(&format!("p{i}")) {
                line.push(format!("p{i}"));
            }
        }
        if line.is_empty() {
            line.push(format!("p{}", random.below(items)));
        }
        for s in 0..secondary {
            if random.below(3) == 0 {
                if colors {
                    line.push(format!("s{s}:{}", random.below(2)));
                } else {
                    line.push(format!("s{s}"));
                }
            }
        }
        text.push_str(&line.join(" "));
        text.push('\n');
    }
    text
}

/// Whether `figure` is within `sigmas` standard errors of `truth` (or
/// equal to it, to rounding, when the probes all agree).
fn agrees(figure: Figure, truth: f64, sigmas: f64) -> bool {
    (figure.mean - truth).abs() <= sigmas * figure.std_error + 1e-9 * truth.max(1.0)
}

fn check_unbiased(text: &str, probes: u64, seed: u64) -> Estimate {
    let problem = format::read_str(text).unwrap().problem;
    let bump = Bump::new();
    let mut solver = Solver::new(&problem, &bump);
    let estimate = solver.estimate(probes, seed);
    // The solver is back where it was: the full search still runs.
    solver.count();
    let stats = solver.stats();
    for (name, figure, truth) in [
        ("nodes", estimate.nodes, stats.nodes),
        ("updates", estimate.updates, stats.updates),
        ("solutions", estimate.solutions, stats.solutions),
    ] {
        assert!(
            agrees(figure, truth as f64, 5.0),
            "{name}: estimated {figure:?}, true {truth}, on\n{text}"
        );
    }
    assert!(estimate.max_depth <= stats.max_depth, "{text}");
    estimate
}

/// The mean of many probes is the tree's size, within five standard
/// errors (a fixed seed: the test cannot flicker), on many random problems
/// of each algorithm. A biased estimator (a wrong weight, a child never
/// drawn, the wrong item) drifts from the truth by far more than that over
/// 20,000 probes.
#[test]
fn the_estimate_is_unbiased_on_random_problems() {
    let mut random = SplitMix64::new(34);
    for (colors, bounds) in [(false, false), (true, false), (false, true), (true, true)] {
        let mut spread = 0;
        for round in 0..12 {
            let text = random_problem(&mut random, colors, bounds);
            let estimate = check_unbiased(&text, 20_000, round);
            if estimate.nodes.std_error > 0.0 {
                spread += 1;
            }
        }
        // Not only single paths: the test must have teeth.
        assert!(spread >= 6, "colors {colors} bounds {bounds}: {spread}");
    }
}

/// On the reference files (plain, colored, bounded) too.
#[test]
fn the_estimate_is_unbiased_on_reference_files() {
    for text in [
        include_str!("../data/queens8.dlx"),
        include_str!("../data/langford7.dlx"),
        include_str!("../data/knuth_dlx2_example.dlx"),
        include_str!("../data/knuth_dlx3_example.dlx"),
        include_str!("../data/rowcol4_1_2.dlx"),
        include_str!("../data/debruijn3.dlx"),
    ] {
        check_unbiased(text, 20_000, 7);
    }
}

/// A tree that is one path has one probe value: the estimate is exact,
/// with no spread, for every algorithm.
#[test]
fn a_single_path_is_estimated_exactly() {
    for text in [
        "a b c\na\nb\nc\n",
        "a b | x\na x:1\nb x:1\n",
        "2:2|a b\na\na\nb\n",
        "a b c\na b\na c\n", // b forces a b, and c is left with nothing
    ] {
        let problem = format::read_str(text).unwrap().problem;
        let bump = Bump::new();
        let mut solver = Solver::new(&problem, &bump);
        let estimate = solver.estimate(50, 3);
        solver.count();
        let stats = solver.stats();
        assert_eq!(estimate.nodes.mean, stats.nodes as f64, "{text}");
        assert_eq!(estimate.updates.mean, stats.updates as f64, "{text}");
        assert_eq!(estimate.solutions.mean, stats.solutions as f64, "{text}");
        assert_eq!(estimate.nodes.std_error, 0.0, "{text}");
    }
}

/// The same seed gives the same estimate; another seed another one; the
/// estimate of a selection is that of the subtree.
#[test]
fn estimates_follow_the_seed_and_the_selection() {
    let problem = format::read_str(include_str!("../data/queens8.dlx"))
        .unwrap()
        .problem;
    let bump = Bump::new();
    let mut solver = Solver::new(&problem, &bump);
    let first = solver.estimate(1000, 5);
    assert_eq!(solver.estimate(1000, 5), first);
    assert_ne!(solver.estimate(1000, 6), first);
    assert_eq!(solver.estimate(0, 5).probes, 0);
    let option = solver.first().unwrap()[0];
    solver.select(option).unwrap();
    let below = solver.estimate(20_000, 5);
    solver.count();
    assert!(agrees(below.nodes, solver.stats().nodes as f64, 5.0));
    assert!(below.nodes.mean < first.nodes.mean);
}

/// A chain of `n` items, each with one option of its own: a tree that is
/// one path of `n + 1` nodes, which every probe goes all the way down.
fn chain(n: usize) -> String {
    let names: Vec<String> = (0..n).map(|i| format!("a{i}")).collect();
    format!("{}\n{}\n", names.join(" "), names.join("\n"))
}

/// On a chain the probes would do the search's work thousands of times
/// over: the search runs alongside, ends after two probes, and gives the
/// figures exactly, for about the work of the search itself.
#[test]
fn a_tree_smaller_than_the_probes_work_is_searched_instead() {
    let n = 3000;
    let problem = format::read_str(&chain(n)).unwrap().problem;
    let bump = Bump::new();
    let mut solver = Solver::new(&problem, &bump);
    let estimate = solver.estimate_or_exact(10_000, 0, &Stop::new());
    let counted = solver.count_monitored(|_| std::ops::ControlFlow::Continue(()));
    let exact = estimate.exact.expect("the search ends first");
    assert_eq!(exact, counted);
    assert_eq!(exact.nodes, n as u64 + 1);
    assert_eq!(estimate.probes, 2);
    assert_eq!(
        (estimate.nodes.mean, estimate.nodes.std_error),
        (exact.nodes as f64, 0.0)
    );
    assert_eq!(estimate.updates.mean, exact.updates as f64);
    assert_eq!(estimate.solutions.mean, 1.0);
    // Two probes and searches of up to 2,048 and 4,096 nodes.
    assert!(estimate.work <= 6 * exact.updates, "{estimate:?}");
    // The same through the front door.
    let engine = dancing::Engine::new(problem.clone());
    let front = engine.estimate(10_000, 0, &dancing::Request::new());
    assert_eq!(front, estimate);
}

/// A tree larger than the probes' work is estimated as without the search
/// alongside (the same probes, the same figures), whose searches cost at
/// most about twice the probes.
#[test]
fn a_larger_tree_is_estimated_by_the_same_probes() {
    let problem = format::read_str(include_str!("../data/queens12.dlx"))
        .unwrap()
        .problem;
    let bump = Bump::new();
    let mut solver = Solver::new(&problem, &bump);
    let probed = solver.estimate(3000, 7);
    let raced = solver.estimate_or_exact(3000, 7, &Stop::new());
    assert_eq!(raced.exact, None);
    assert_eq!(
        (raced.probes, raced.nodes, raced.updates, raced.solutions),
        (
            probed.probes,
            probed.nodes,
            probed.updates,
            probed.solutions
        )
    );
    assert!(
        raced.work > probed.work && raced.work < 4 * probed.work,
        "{raced:?}"
    );
    // A small tree: exact before the probes are done.
    let problem = format::read_str(include_str!("../data/queens8.dlx"))
        .unwrap()
        .problem;
    let mut solver = Solver::new(&problem, &bump);
    let raced = solver.estimate_or_exact(10_000, 7, &Stop::new());
    let exact = raced.exact.expect("queens8 is searched to its end");
    assert!(raced.probes < 10_000);
    assert_eq!(
        exact,
        solver.count_monitored(|_| std::ops::ControlFlow::Continue(()))
    );
    assert_eq!(exact.solutions, 92);
    // A stop asked for stops the probes and the searches.
    let stop = Stop::new();
    stop.request();
    let stopped = solver.estimate_or_exact(10_000, 7, &stop);
    assert_eq!((stopped.probes, stopped.exact), (0, None));
}
