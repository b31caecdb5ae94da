//! No heap allocation in the steady state: solving again into a reset arena,
//! and rebuilding problems into recycled buffers.
//!
//! The binary's global allocator counts per thread, and only what runs
//! inside `count_allocations`, so the tests running beside these do not
//! disturb them.

use bumpalo::Bump;
use dancing::expert::Solver;
use dancing::{ItemId, Problem, ProblemBuilder};
use dancing_testkit::alloc::count_allocations;

use super::{data, dlx1};
use dancing::expert::Search;

#[test]
fn solving_in_a_loop_allocates_nothing_once_warm() {
    let problem = data("queens8.dlx");
    let solutions = dlx1("queens8.dlx").solutions;
    let mut bump = Bump::new();
    let mut round = || {
        bump.reset();
        let mut solver = Solver::new(&problem, &bump);
        assert_eq!(solver.count(), solutions);
        assert_eq!(solver.count_up_to(2), 2);
    };
    // A reset arena keeps only its last chunk, which can be smaller than
    // all a round asked for; the chunk after it is large enough.
    round();
    round();
    let ((), allocations) = count_allocations(|| {
        for _ in 0..10 {
            round();
        }
    });
    assert_eq!(allocations, 0, "heap allocations in the steady state");
}

#[test]
fn rebuilding_problems_with_a_recycled_builder_allocates_nothing_once_warm() {
    // Exact cover of {0..n} by pairs {k, k+1} and singletons: a fresh problem
    // every round, built into recycled buffers.
    let mut bump = Bump::new();
    let mut problem = Problem::default();
    let mut counts = Vec::with_capacity(16);
    let rounds = |bump: &mut Bump, problem: &mut Problem, rounds: usize, counts: &mut Vec<u64>| {
        for _ in 0..rounds {
            let mut builder = ProblemBuilder::recycle(std::mem::take(problem));
            let first = builder.primary_items(10).unwrap();
            for k in 0..10 {
                builder.option([ItemId::new(first.index() + k)]).unwrap();
                if k + 1 < 10 {
                    builder
                        .option([ItemId::new(k), ItemId::new(k + 1)])
                        .unwrap();
                }
            }
            *problem = builder.build().unwrap();
            bump.reset();
            counts.push(Solver::new(problem, bump).count());
        }
    };
    rounds(&mut bump, &mut problem, 2, &mut counts);
    let ((), allocations) = count_allocations(|| rounds(&mut bump, &mut problem, 10, &mut counts));
    assert_eq!(allocations, 0, "heap allocations in the steady state");
    // Tilings of a 1x10 strip by monominoes and dominoes: Fibonacci(11).
    assert_eq!(counts.len(), 12);
    assert!(counts.iter().all(|&c| c == 89), "{counts:?}");
}
