//! Plain against memoized counting (`Solver::count` against
//! `Solver::count_memoized`, default cache) on one thread: where
//! subproblems recur (domino tilings, perfect matchings, set partitions)
//! and where they hardly do (queens, pentominoes), there the cache must
//! turn itself off and cost little. Building the matrix is inside the
//! timed region for both.
//!
//! A second group counts where the cache pays on one and two threads
//! (`ParallelSolver::count_memoized`, the threads sharing one cache),
//! linking included.
//!
//! The slowest plain counts (8x8 dominoes, seconds; 8x10, minutes; the 6x10
//! pentomino box) run only with `DANCING_BENCH_SLOW=1`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use bumpalo::Bump;
use criterion::{Criterion, SamplingMode, criterion_group, criterion_main};
use dancing::Problem;
use dancing::expert::Search;
use dancing::expert::{MemoConfig, ParallelSolver, SearchConfig, Solver};
use dancing_problems::polyomino::pentominoes;
use dancing_problems::{
    Board, ExactCover, Packing, PerfectMatchings, Queens, SetPartitions, Tilings,
};

/// Whether `DANCING_BENCH_SLOW` asks for the slowest benchmarks.
fn slow_enabled() -> bool {
    std::env::var("DANCING_BENCH_SLOW").is_ok_and(|v| !v.is_empty() && v != "0")
}

/// A problem to count, its known count, and whether its plain count is
/// slow.
struct Case {
    name: &'static str,
    problem: Problem,
    count: u128,
    slow_plain: bool,
}

fn case<P: ExactCover>(name: &'static str, built: P, count: u128, slow_plain: bool) -> Case {
    Case {
        name,
        problem: built.problem().clone(),
        count,
        slow_plain,
    }
}

fn cases() -> Vec<Case> {
    let dominoes =
        |rows, columns| Tilings::dominoes(Board::rectangle(rows, columns).unwrap()).unwrap();
    let pentomino = |rows, columns| {
        Packing::new(Board::rectangle(rows, columns).unwrap(), pentominoes()).unwrap()
    };
    vec![
        case("dominoes-6x8", dominoes(6, 8), 167_089, false),
        case("dominoes-8x8", dominoes(8, 8), 12_988_816, true),
        case("dominoes-8x10", dominoes(8, 10), 1_031_151_241, true),
        case(
            "matchings-14",
            PerfectMatchings::new(14).unwrap(),
            135_135,
            false,
        ),
        case(
            "partitions-10",
            SetPartitions::new(10).unwrap(),
            115_975,
            false,
        ),
        case("queens-12", Queens::new(12).unwrap(), 14_200, false),
        case("pentomino-3x20", pentomino(3, 20), 8, false),
        case("pentomino-6x10", pentomino(6, 10), 9_356, true),
    ]
}

fn plain_count(problem: &Problem, bump: &mut Bump) -> u128 {
    bump.reset();
    u128::from(Solver::new(problem, bump).count())
}

fn memo_count(problem: &Problem, bump: &mut Bump) -> u128 {
    bump.reset();
    let mut solver = Solver::new(problem, bump);
    solver
        .count_memoized(&MemoConfig::new())
        .expect("no bounds")
        .solutions
}

fn plain_against_memo(c: &mut Criterion) {
    let slow = slow_enabled();
    let mut bump = Bump::new();
    for case in cases() {
        let problem = &case.problem;
        let started = Instant::now();
        assert_eq!(memo_count(problem, &mut bump), case.count, "{}", case.name);
        let memo_once = started.elapsed();
        let run_plain = slow || !case.slow_plain;
        let plain_once = if run_plain {
            let started = Instant::now();
            assert_eq!(plain_count(problem, &mut bump), case.count, "{}", case.name);
            started.elapsed()
        } else {
            Duration::ZERO
        };
        let mut group = c.benchmark_group(format!("memo/{}", case.name));
        let once = memo_once.max(plain_once);
        if once > Duration::from_millis(30) {
            group.sampling_mode(SamplingMode::Flat);
            group.measurement_time((once * 12).max(Duration::from_secs(3)));
        }
        if run_plain {
            group.bench_function("plain", |b| {
                b.iter(|| plain_count(black_box(problem), &mut bump))
            });
        }
        group.bench_function("memo", |b| {
            b.iter(|| memo_count(black_box(problem), &mut bump))
        });
        group.finish();
    }
}

/// The memoized count of `problem` on `threads` threads.
fn parallel_memo_count(problem: &Problem, threads: usize) -> u128 {
    ParallelSolver::new(problem)
        .with_config(SearchConfig::new().threads(threads))
        .count_memoized(&MemoConfig::new())
        .expect("no overflow")
        .solutions
}

fn threads_and_caches(c: &mut Criterion) {
    let dominoes =
        |rows, columns| Tilings::dominoes(Board::rectangle(rows, columns).unwrap()).unwrap();
    let cases = [
        case(
            "dominoes-12x12",
            dominoes(12, 12),
            53_060_477_521_960_000,
            false,
        ),
        case(
            "partitions-11",
            SetPartitions::new(11).unwrap(),
            678_570,
            false,
        ),
    ];
    for case in cases {
        let problem = &case.problem;
        let mut group = c.benchmark_group(format!("memo-threads/{}", case.name));
        for (name, threads) in [("j1", 1), ("j2", 2)] {
            assert_eq!(
                parallel_memo_count(problem, threads),
                case.count,
                "{} {name}",
                case.name
            );
            group.bench_function(name, |b| {
                b.iter(|| parallel_memo_count(black_box(problem), threads))
            });
        }
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = plain_against_memo, threads_and_caches
}
criterion_main!(benches);
