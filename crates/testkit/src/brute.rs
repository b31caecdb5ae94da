//! Every exact cover of a small problem, found by trying every subset of its
//! options: slow, but too simple to share a bug with the engine's search,
//! which makes it the reference the property tests compare against.

use std::collections::BTreeSet;

use dancing::{OptionId, Problem};

use crate::verify::check_exact_cover;

/// The most options (ignored ones not counted) [`exact_covers`] accepts:
/// 2^16 subsets, a few milliseconds.
pub const MAX_OPTIONS: usize = 16;

/// Every exact cover of `problem` (each primary item once, each secondary
/// item at most once), each as its options in increasing order. Options
/// without a primary item are left out, as the search leaves them out.
///
/// # Panics
///
/// If the problem has more than [`MAX_OPTIONS`] usable options.
pub fn exact_covers(problem: &Problem) -> BTreeSet<Vec<OptionId>> {
    let usable: Vec<OptionId> = problem
        .options()
        .map(|(id, _)| id)
        .filter(|id| !problem.ignored_options().contains(id))
        .collect();
    assert!(
        usable.len() <= MAX_OPTIONS,
        "brute force is for at most {MAX_OPTIONS} options, not {}",
        usable.len()
    );
    let mut covers = BTreeSet::new();
    for subset in 0u32..(1 << usable.len()) {
        let chosen: Vec<OptionId> = (0..usable.len())
            .filter(|&k| subset & (1 << k) != 0)
            .map(|k| usable[k])
            .collect();
        if check_exact_cover(problem, &chosen).is_ok() {
            covers.insert(chosen);
        }
    }
    covers
}

#[cfg(test)]
mod tests {
    use dancing::ProblemBuilder;

    use super::*;

    fn ids<const N: usize>(indices: [usize; N]) -> Vec<OptionId> {
        indices.map(OptionId::new).to_vec()
    }

    #[test]
    fn the_toy_problem_with_every_item_primary_has_one_cover() {
        // `toy.dlx` with f and g primary too: `a d` + `b g` + `c e f`
        // (options 3, 4, 0) is the one cover, found by hand.
        let mut builder = ProblemBuilder::new();
        for name in ["a", "b", "c", "d", "e", "f", "g"] {
            builder.primary_item(name).unwrap();
        }
        let options = [
            ["c", "e", "f"].as_slice(),
            &["a", "d", "g"],
            &["b", "c", "f"],
            &["a", "d"],
            &["b", "g"],
            &["d", "e", "g"],
        ];
        for option in options {
            builder.option_by_names(option.iter().copied()).unwrap();
        }
        let problem = builder.build().unwrap();
        assert_eq!(exact_covers(&problem), BTreeSet::from([ids([0, 3, 4])]));
    }

    #[test]
    fn secondary_items_may_stay_uncovered_and_ignored_options_are_left_out() {
        // Primary a, b; secondary x. Options: a x, b x, a, b, x.
        let mut builder = ProblemBuilder::new();
        let a = builder.primary_item("a").unwrap();
        let b = builder.primary_item("b").unwrap();
        let x = builder.secondary_item("x").unwrap();
        for option in [vec![a, x], vec![b, x], vec![a], vec![b], vec![x]] {
            builder.option(option).unwrap();
        }
        let problem = builder.build().unwrap();
        assert_eq!(
            exact_covers(&problem),
            BTreeSet::from([ids([0, 3]), ids([1, 2]), ids([2, 3])])
        );
    }

    #[test]
    fn tilings_of_a_strip_are_counted_as_fibonacci_numbers() {
        // A 1xn strip tiled by monominoes and dominoes: F(n + 1) ways.
        let mut fibonacci = (1, 1);
        for n in 1..=8 {
            let mut builder = ProblemBuilder::new();
            let first = builder.primary_items(n).unwrap().index();
            for k in 0..n {
                builder.option([dancing::ItemId::new(first + k)]).unwrap();
                if k + 1 < n {
                    let pair = [k, k + 1].map(|i| dancing::ItemId::new(first + i));
                    builder.option(pair).unwrap();
                }
            }
            let problem = builder.build().unwrap();
            assert_eq!(exact_covers(&problem).len(), fibonacci.1, "n = {n}");
            fibonacci = (fibonacci.1, fibonacci.0 + fibonacci.1);
        }
    }

    #[test]
    #[should_panic(expected = "at most 16 options")]
    fn large_problems_are_refused() {
        let mut builder = ProblemBuilder::new();
        let a = builder.primary_item("a").unwrap();
        for _ in 0..=MAX_OPTIONS {
            builder.option([a]).unwrap();
        }
        exact_covers(&builder.build().unwrap());
    }
}
