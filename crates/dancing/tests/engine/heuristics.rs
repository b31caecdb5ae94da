//! The branching rules of dancing cells: Knuth's SSXCC-WTD0 and
//! SSXCC-FRB0 trees, node for node, and their solutions against brute
//! force.

use std::collections::BTreeSet;
use std::ops::ControlFlow;
use std::time::Duration;

use bumpalo::Bump;
use dancing_testkit::brute;
use dancing_testkit::verify::assert_exact_cover;

use dancing::engine::Algorithm;
use dancing::expert::DancingCells;
use dancing::expert::POLL_INTERVAL;
use dancing::random::SplitMix64;
use dancing::{
    Branching, Config, Engine, FnVisitor, OptionId, Problem, Progress, Request, Solution, Stop,
    StopReason, Visitor,
};

use super::cells::random_colored;

fn read(file: &str) -> Problem {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    dancing::format::read_str(&text).unwrap().problem
}

/// Every solution under `branching`, each checked as a cover and sorted,
/// and the statistics.
fn solutions(problem: &Problem, branching: Branching) -> (BTreeSet<Vec<OptionId>>, dancing::Stats) {
    let bump = Bump::new();
    let mut cells = DancingCells::new(problem, &bump).with_branching(branching);
    let mut found = BTreeSet::new();
    cells.search(|solution| {
        assert_exact_cover(problem, solution.options());
        let mut options = solution.options().to_vec();
        options.sort();
        assert!(found.insert(options), "a solution visited twice");
        ControlFlow::Continue(())
    });
    assert_eq!(cells.stats().solutions as usize, found.len());
    (found, cells.stats())
}

/// (file, solutions, nodes, updates) as Knuth's programs print them on
/// the project's reference files, built from `ascherer/cwebtest` with
/// `ctangle ./ssxcc.w ./ssxcc-wtd0.ch ssxcc-wtd0.c` (and `ssxcc-frb0.ch`),
/// `gcc -O2 ssxcc-wtd0.c gb_flip.c`, and run as `ssxcc-wtd0 < FILE`.
const SSXCC_WTD0: [(&str, u64, u64, u64); 12] = [
    ("colors.dlx", 1, 3, 16),
    ("debruijn3.dlx", 16, 105, 2149),
    ("debruijn4.dlx", 256, 2756, 105301),
    ("queens6.dlx", 4, 68, 1778),
    ("queens8.dlx", 92, 945, 19629),
    ("queens10.dlx", 724, 11468, 258723),
    ("queens12.dlx", 14200, 225264, 4909480),
    ("langford7.dlx", 52, 489, 8002),
    ("langford8.dlx", 300, 2374, 36351),
    ("pentomino3x20.dlx", 8, 21460, 19995178),
    ("latin4.dlx", 576, 4603, 33487),
    ("sudoku4x4_grids.dlx", 288, 2227, 23335),
];

/// The same from `ssxcc-frb0 < FILE`, built the same way with
/// `ssxcc-frb0.ch`.
const SSXCC_FRB0: [(&str, u64, u64, u64); 12] = [
    ("colors.dlx", 1, 3, 16),
    ("debruijn3.dlx", 16, 105, 2309),
    ("debruijn4.dlx", 256, 2904, 114316),
    ("queens6.dlx", 4, 64, 1619),
    ("queens8.dlx", 92, 966, 19837),
    ("queens10.dlx", 724, 13270, 308229),
    ("queens12.dlx", 14200, 247031, 5514031),
    ("langford7.dlx", 52, 484, 8307),
    ("langford8.dlx", 300, 2702, 43228),
    ("pentomino3x20.dlx", 8, 6850, 7296120),
    ("latin4.dlx", 576, 4650, 33936),
    ("sudoku4x4_grids.dlx", 288, 2218, 23335),
];

fn assert_knuths_tree(branching: Branching, figures: &[(&str, u64, u64, u64)]) {
    for &(file, solutions, nodes, updates) in figures {
        let problem = read(file);
        let bump = Bump::new();
        let mut cells = DancingCells::new(&problem, &bump).with_branching(branching);
        cells.search(|_| ControlFlow::Continue(()));
        let stats = cells.stats();
        assert_eq!(
            (stats.solutions, stats.nodes, stats.updates),
            (solutions, nodes, updates),
            "{file} under {branching}"
        );
        // A second search learns again from the start: the same tree.
        cells.search(|_| ControlFlow::Continue(()));
        assert_eq!(cells.stats().nodes, nodes, "{file} searched again");
    }
}

#[test]
fn weighted_branching_walks_ssxcc_wtd0s_tree() {
    assert_knuths_tree(Branching::Weighted, &SSXCC_WTD0);
}

#[test]
fn failure_rate_branching_walks_ssxcc_frb0s_tree() {
    assert_knuths_tree(Branching::FailureRate, &SSXCC_FRB0);
}

#[test]
fn the_rules_search_different_trees() {
    // The figures are not those of SSXCC's rule: pentomino3x20 has 9328
    // nodes under it (`ssxcc < pentomino3x20.dlx`).
    let problem = read("pentomino3x20.dlx");
    let nodes: Vec<u64> = Branching::ALL
        .into_iter()
        .map(|branching| solutions(&problem, branching).1.nodes)
        .collect();
    assert_eq!(nodes, [9328, 21460, 6850]);
}

#[test]
fn solutions_are_those_of_brute_force_under_every_rule() {
    let mut random = SplitMix64::new(50);
    let mut with_solutions = 0;
    for _ in 0..3000 {
        let problem = random_colored(&mut random);
        let expected = brute::exact_covers(&problem);
        for branching in Branching::ALL {
            let (found, stats) = solutions(&problem, branching);
            assert_eq!(found, expected, "{branching}: {problem:?}");
            assert!(stats.is_complete());
        }
        with_solutions += usize::from(!expected.is_empty());
    }
    assert!(with_solutions > 300, "{with_solutions}");
}

#[test]
fn branching_rules_have_short_names() {
    for branching in Branching::ALL {
        assert_eq!(branching.as_str().parse::<Branching>(), Ok(branching));
        assert_eq!(branching.to_string(), branching.as_str());
    }
    assert_eq!(Branching::default(), Branching::Mrv);
    let error = "dom".parse::<Branching>().unwrap_err();
    assert!(error.to_string().contains("\"dom\""), "{error}");
}

/// An engine that branches by `branching`, on `threads` threads.
fn engine(problem: Problem, branching: Branching, threads: usize) -> Engine {
    Engine::builder()
        .config(Config::new().threads(threads).branching(branching))
        .build(problem)
}

#[test]
fn the_engine_walks_knuths_trees_under_the_configured_rule() {
    for (branching, figures) in [
        (Branching::Weighted, &SSXCC_WTD0),
        (Branching::FailureRate, &SSXCC_FRB0),
    ] {
        for &(file, solutions, nodes, updates) in figures {
            // Two threads asked: a learning rule searches on one.
            let report = engine(read(file), branching, 2)
                .count(&Request::new())
                .unwrap();
            assert_eq!(report.algorithm, Algorithm::Cells(branching), "{file}");
            assert_eq!(report.threads, 1, "{file}");
            assert!(report.is_complete(), "{file}");
            assert_eq!(report.explored, 1.0, "{file}");
            assert_eq!(
                (report.solutions, report.stats.nodes, report.stats.updates),
                (u128::from(solutions), nodes, updates),
                "{file} under {branching}"
            );
        }
    }
}

#[test]
fn the_default_rule_stays_on_the_links() {
    let report = engine(read("queens8.dlx"), Branching::Mrv, 1)
        .count(&Request::new())
        .unwrap();
    assert_eq!(report.algorithm, Algorithm::Links);
    assert_eq!(report.solutions, 92);
}

#[test]
fn a_learning_rule_lists_the_solutions_of_the_links() {
    for file in ["queens8.dlx", "debruijn3.dlx", "latin4.dlx", "colors.dlx"] {
        let problem = read(file);
        let expected: BTreeSet<Vec<OptionId>> = listed(&engine(problem.clone(), Branching::Mrv, 1));
        for branching in [Branching::Weighted, Branching::FailureRate] {
            let found = listed(&engine(problem.clone(), branching, 1));
            assert_eq!(found, expected, "{file} under {branching}");
            for options in &found {
                assert_exact_cover(&problem, options);
            }
            // With a seed: the same solutions, in the input's numbering.
            let seeded = Engine::builder()
                .config(Config::new().branching(branching).seed(Some(9)))
                .build(problem.clone());
            assert_eq!(
                listed(&seeded),
                expected,
                "{file} under {branching}, seeded"
            );
        }
    }
}

/// Every solution the engine lists, sorted, none twice.
fn listed(engine: &Engine) -> BTreeSet<Vec<OptionId>> {
    let mut found = BTreeSet::new();
    let report = engine
        .search(
            &Request::new(),
            FnVisitor {
                solution: |solution: &Solution<'_>| {
                    let mut options = solution.options().to_vec();
                    options.sort();
                    assert!(found.insert(options), "a solution listed twice");
                    ControlFlow::Continue(())
                },
                progress: |_: &Progress| ControlFlow::Continue(()),
            },
        )
        .unwrap();
    assert!(report.is_complete());
    assert_eq!(report.solutions as usize, found.len());
    found
}

#[test]
fn a_learning_rule_keeps_the_requests_limits() {
    let engine = engine(read("queens12.dlx"), Branching::Weighted, 1);
    // The node cap is exact, and its estimate is a share below 1.
    let report = engine.count(&Request::new().max_nodes(1000)).unwrap();
    assert_eq!(report.stop(), StopReason::NodeLimit);
    assert_eq!(report.stats.nodes, 1000);
    assert!(
        report.explored > 0.0 && report.explored < 1.0,
        "{}",
        report.explored
    );
    let report = engine.count(&Request::new().max_nodes(0)).unwrap();
    assert_eq!(report.stats.nodes, 0);
    // A solution limit.
    let report = engine.count(&Request::new().max_solutions(5)).unwrap();
    assert_eq!((report.solutions, report.stop()), (5, StopReason::Visitor));
    let first = engine.first(&Request::new()).solution.expect("a solution");
    assert_eq!(first.len(), 12);
    // A stop token requested before the search: it stops at its first
    // look at the token, as the links do.
    let stop = Stop::new();
    stop.request();
    let report = engine.count(&Request::new().stop(&stop)).unwrap();
    assert_eq!(report.stop(), StopReason::Cancelled);
    assert!(
        report.stats.nodes <= POLL_INTERVAL,
        "{}",
        report.stats.nodes
    );
    // A time limit already spent.
    let report = engine
        .count(&Request::new().time_limit(Duration::ZERO))
        .unwrap();
    assert_eq!(report.stop(), StopReason::TimeLimit);
}

#[test]
fn a_learning_rule_reports_progress_and_stops_when_told() {
    let engine = Engine::builder()
        .config(
            Config::new()
                .branching(Branching::FailureRate)
                .progress_interval(Duration::ZERO),
        )
        .build(read("queens12.dlx"));
    let stop = Stop::new();
    let mut fractions = Vec::new();
    // Progress is looked at when the request can stop the search.
    let report = engine
        .count_monitored(&Request::new().stop(&stop), |progress| {
            assert_eq!(progress.stats.stop, StopReason::Running);
            fractions.push(progress.fraction);
            if fractions.len() == 5 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .unwrap();
    assert_eq!(report.stop(), StopReason::Interrupted);
    assert_eq!(fractions.len(), 5);
    assert!(
        fractions.windows(2).all(|pair| pair[0] <= pair[1]),
        "{fractions:?}"
    );
    assert!(report.stats.nodes < 247_031);
}

/// Fails at its third solution.
struct FailsAtThird(u32);

impl Visitor for FailsAtThird {
    type Error = &'static str;

    fn solution(&mut self, _: &Solution<'_>) -> Result<ControlFlow<()>, &'static str> {
        self.0 += 1;
        if self.0 == 3 {
            Err("full")
        } else {
            Ok(ControlFlow::Continue(()))
        }
    }
}

#[test]
fn a_visitors_error_ends_a_learning_rules_search() {
    let engine = engine(read("queens8.dlx"), Branching::Weighted, 1);
    let mut visitor = FailsAtThird(0);
    let result = engine.search(&Request::new(), &mut visitor);
    assert_eq!(result.unwrap_err(), "full");
    assert_eq!(visitor.0, 3);
}

#[test]
fn a_problem_with_bounds_is_searched_on_the_links() {
    // Dancing cells here are Algorithm C: Algorithm M's problems keep the
    // fewest-options rule, and the report says so.
    for file in [
        "rowcol4_1_2.dlx",
        "rowcol4_2_2.dlx",
        "knuth_dlx3_example.dlx",
    ] {
        let problem = read(file);
        assert!(problem.has_bounds(), "{file}");
        let plain = engine(problem.clone(), Branching::Mrv, 1)
            .count(&Request::new())
            .unwrap();
        let report = engine(problem, Branching::Weighted, 1)
            .count(&Request::new())
            .unwrap();
        assert_eq!(report.algorithm, Algorithm::Links, "{file}");
        assert_eq!(report.stats, plain.stats, "{file}");
    }
}
