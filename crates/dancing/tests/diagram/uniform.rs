//! Uniform sampling: a chi-squared test on the 92 solutions of 8 queens
//! at a fixed seed (which a sampler biased as simply as "each branch with
//! probability 1/2" fails), and seeds that reproduce their samples.

use std::collections::HashMap;

use dancing::OptionId;
use dancing::diagram::{Diagram, Order};
use dancing::random::SplitMix64;

use super::{ORDERS, data, diagram};

/// Draws per solution.
const PER_SOLUTION: usize = 60;

/// The chi-squared statistic of `draws` against the uniform distribution
/// on `solutions`.
fn chi_squared(solutions: &[Vec<OptionId>], draws: impl Iterator<Item = Vec<OptionId>>) -> f64 {
    let mut seen: HashMap<Vec<OptionId>, usize> =
        solutions.iter().map(|s| (s.clone(), 0)).collect();
    let mut total = 0;
    for draw in draws {
        *seen
            .get_mut(&draw)
            .unwrap_or_else(|| panic!("{draw:?} is not a solution")) += 1;
        total += 1;
    }
    let expected = total as f64 / solutions.len() as f64;
    seen.values()
        .map(|&observed| (observed as f64 - expected).powi(2) / expected)
        .sum()
}

/// The chi-squared value that `k` degrees of freedom pass with
/// probability 0.999 (Wilson and Hilferty's approximation).
fn critical(k: f64) -> f64 {
    let z = 3.090_232; // the normal's 0.999 quantile
    let a = 2.0 / (9.0 * k);
    k * (1.0 - a + z * a.sqrt()).powi(3)
}

/// A biased sampler: from each node, its `lo` or `hi` branch with
/// probability 1/2 each (unless one is empty), retrying at dead ends.
fn coin_flips(diagram: &Diagram, random: &mut SplitMix64) -> Vec<OptionId> {
    'again: loop {
        let mut solution = Vec::new();
        let mut id = diagram.root();
        while id >= 2 {
            let (option, lo, hi) = diagram.node(id);
            if lo == 0 || random.next_u64() & 1 == 1 {
                solution.push(option);
                id = hi;
            } else {
                id = lo;
            }
        }
        if id == 1 {
            return solution;
        }
        continue 'again;
    }
}

#[test]
fn samples_of_8_queens_pass_a_chi_squared_test_that_coin_flips_fail() {
    let problem = data("queens8.dlx");
    for order in ORDERS {
        let built = diagram(&problem, order);
        let solutions: Vec<Vec<OptionId>> = built.solutions().collect();
        assert_eq!(solutions.len(), 92);
        let draws = 92 * PER_SOLUTION;
        let mut sampler = built.sampler(20_240_601);
        let statistic = chi_squared(
            &solutions,
            (0..draws).map(|_| sampler.draw().expect("solutions")),
        );
        let bound = critical(91.0);
        assert!(
            statistic < bound,
            "{order:?}: chi-squared {statistic} >= {bound}"
        );
        let mut random = SplitMix64::new(20_240_601);
        let biased = chi_squared(
            &solutions,
            (0..draws).map(|_| coin_flips(&built, &mut random)),
        );
        assert!(
            biased > bound,
            "{order:?}: the biased sampler passed, {biased} < {bound}"
        );
    }
}

#[test]
fn a_seed_reproduces_its_samples_and_another_seed_differs() {
    let built = diagram(&data("queens8.dlx"), Order::Fewest);
    let draw = |seed: u64| -> Vec<Vec<OptionId>> {
        let mut sampler = built.sampler(seed);
        (0..50)
            .map(|_| sampler.draw().expect("solutions"))
            .collect()
    };
    assert_eq!(draw(1), draw(1));
    assert_ne!(draw(1), draw(2));
    // Every draw is a solution of the problem.
    let problem = data("queens8.dlx");
    for solution in draw(3) {
        dancing_testkit::verify::assert_exact_cover(&problem, &solution);
    }
}

#[test]
fn a_problem_without_solutions_draws_none() {
    let problem = dancing::format::read_str("a b\na\n")
        .expect("valid")
        .problem;
    let built = diagram(&problem, Order::Input);
    assert_eq!(built.root(), 0);
    assert_eq!(built.sampler(1).draw(), None);
    assert!(built.sizes().is_empty());
    assert_eq!(built.solutions().count(), 0);
}
