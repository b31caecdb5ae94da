//! Domino tilings of m x n boards: the diagram's count against an
//! independent count, a row-profile transfer-matrix dynamic program in
//! exact 256-bit integers written here, on boards up to 18x18 (past
//! 2^128).

use dancing::diagram::{DiagramConfig, Order};
use dancing::{Engine, ItemId, Problem, ProblemBuilder, Request};
use num_bigint::BigUint;

use super::ORDERS;

/// An unsigned 256-bit integer, four 64-bit words from the low one, that
/// only adds (panicking on overflow).
#[derive(Clone, Copy, Default)]
struct U256([u64; 4]);

impl U256 {
    fn add(&mut self, other: &U256) {
        let mut carry = false;
        for (a, &b) in self.0.iter_mut().zip(&other.0) {
            let (sum, c1) = a.overflowing_add(b);
            let (sum, c2) = sum.overflowing_add(u64::from(carry));
            *a = sum;
            carry = c1 || c2;
        }
        assert!(!carry, "the count passes 2^256");
    }

    fn to_big(self) -> BigUint {
        BigUint::new(
            self.0
                .iter()
                .flat_map(|&w| [w as u32, (w >> 32) as u32])
                .collect(),
        )
    }
}

/// The domino tilings of an `m` x `n` board, cell by cell in row order:
/// the profile says which of the next `n` cells are already covered (by a
/// vertical domino from the row above, or a horizontal one from the left).
fn transfer_matrix(m: usize, n: usize) -> BigUint {
    let mut counts = vec![U256::default(); 1 << n];
    let mut next = counts.clone();
    counts[0] = U256([1, 0, 0, 0]);
    for row in 0..m {
        for column in 0..n {
            next.iter_mut().for_each(|count| *count = U256::default());
            let bit = 1 << column;
            for (profile, count) in counts.iter().enumerate() {
                if count.0 == [0; 4] {
                    continue;
                }
                if profile & bit != 0 {
                    // Covered: bit `column` now speaks of the next row.
                    next[profile & !bit].add(count);
                    continue;
                }
                if row + 1 < m {
                    next[profile | bit].add(count);
                }
                if column + 1 < n && profile & (bit << 1) == 0 {
                    next[profile | bit << 1].add(count);
                }
            }
            std::mem::swap(&mut counts, &mut next);
        }
    }
    counts[0].to_big()
}

/// Dominoes on an `m` x `n` board: a primary item per cell in row order,
/// an option per domino.
fn dominoes(m: usize, n: usize) -> Problem {
    let mut builder = ProblemBuilder::new();
    let first = builder.primary_items(m * n).expect("items").index();
    let cell = |r: usize, c: usize| ItemId::new(first + r * n + c);
    for r in 0..m {
        for c in 0..n {
            if c + 1 < n {
                builder
                    .option([cell(r, c), cell(r, c + 1)])
                    .expect("option");
            }
            if r + 1 < m {
                builder
                    .option([cell(r, c), cell(r + 1, c)])
                    .expect("option");
            }
        }
    }
    builder.build().expect("a problem")
}

fn count(m: usize, n: usize, order: Order) -> BigUint {
    Engine::new(dominoes(m, n))
        .diagram(&Request::new(), &DiagramConfig::new().order(order))
        .expect("built")
        .count()
}

#[test]
fn the_transfer_matrix_knows_small_boards() {
    // 2 x n: Fibonacci; 8 x 8: 12,988,816 (Fisher, Temperley, Kasteleyn).
    assert_eq!(transfer_matrix(2, 10), BigUint::from(89u32));
    assert_eq!(transfer_matrix(8, 8), BigUint::from(12_988_816u32));
    assert_eq!(transfer_matrix(3, 3), BigUint::from(0u32));
}

#[test]
fn diagram_counts_of_small_boards_equal_the_transfer_matrix() {
    for m in 1..=7 {
        for n in 1..=7 {
            let expected = transfer_matrix(m, n);
            for order in ORDERS {
                assert_eq!(count(m, n, order), expected, "{m}x{n} {order:?}");
            }
        }
    }
}

#[test]
fn diagram_counts_of_large_boards_equal_the_transfer_matrix() {
    for (m, n) in [(8, 8), (10, 10), (12, 12), (20, 6)] {
        let expected = transfer_matrix(m, n);
        for order in ORDERS {
            assert_eq!(count(m, n, order), expected, "{m}x{n} {order:?}");
        }
    }
}

#[test]
fn a_30x12_count_passes_2_to_the_128_and_equals_the_transfer_matrix() {
    // A narrow board, quick in input order: its frontiers are 12 cells.
    let expected = transfer_matrix(30, 12);
    assert!(expected.bits() > 128);
    let built = Engine::new(dominoes(30, 12))
        .diagram(&Request::new(), &DiagramConfig::new().order(Order::Input))
        .expect("built");
    assert_eq!(built.count(), expected);
    assert_eq!(built.count_u128(), None);
    let sizes = built.sizes();
    assert_eq!(sizes.len(), 181);
    assert_eq!(sizes[180], expected);
    let mut sampler = built.sampler(5);
    let tiling = sampler.draw().expect("a tiling");
    dancing_testkit::verify::assert_exact_cover(&dominoes(30, 12), &tiling);
}

/// Tens of seconds of CPU in the test profile, on 2 cores shared with
/// other builds: `cargo test -p dancing --test diagram -- --ignored`.
#[test]
#[ignore = "tens of seconds: run with --ignored"]
fn the_18x18_count_passes_2_to_the_128_and_equals_the_transfer_matrix() {
    let expected = transfer_matrix(18, 18);
    assert!(expected.bits() > 128);
    let built = Engine::new(dominoes(18, 18))
        .diagram(&Request::new(), &DiagramConfig::new().order(Order::Input))
        .expect("built");
    assert_eq!(built.count(), expected);
    assert_eq!(built.count_u128(), None);
    // All tilings have 162 dominoes.
    let sizes = built.sizes();
    assert_eq!(sizes.len(), 163);
    assert_eq!(sizes[162], expected);
    // A drawn tiling is one.
    let mut sampler = built.sampler(5);
    let tiling = sampler.draw().expect("a tiling");
    dancing_testkit::verify::assert_exact_cover(&dominoes(18, 18), &tiling);
}
