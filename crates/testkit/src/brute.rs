//! Every solution of a small problem, found by deciding each option in turn
//! (in or out) and pruning only what is plainly hopeless: slow, but too
//! simple to share a bug with the engine's search, which makes it the
//! reference the property tests compare against. It understands colors and
//! bounds, and every solution it reports is checked once more by
//! [`dancing::check`].

use std::collections::BTreeSet;

use dancing::{ColorId, ItemKind, OptionId, Problem, check};

/// The most options the property tests' strategies generate (ignored ones
/// not counted): 2^16 subsets, a few milliseconds even without pruning.
pub const MAX_OPTIONS: usize = 16;

/// The most in/out decisions [`exact_covers`] makes before it gives up
/// (with a panic): a problem that needs more is not small.
pub const MAX_STEPS: u64 = 1 << 26;

/// Every solution of `problem`, each as its options in increasing order:
/// every primary item held within its bounds (once, without bounds), every
/// secondary item at most once or by options that agree on its color.
/// Options without a primary item are left out, as the search leaves them
/// out.
///
/// # Panics
///
/// If the enumeration takes more than [`MAX_STEPS`] decisions.
pub fn exact_covers(problem: &Problem) -> BTreeSet<Vec<OptionId>> {
    exact_covers_within(problem, MAX_STEPS)
}

/// [`exact_covers`] with a limit of `max_steps` decisions instead of
/// [`MAX_STEPS`].
///
/// # Panics
///
/// If the enumeration takes more than `max_steps` decisions.
pub fn exact_covers_within(problem: &Problem, max_steps: u64) -> BTreeSet<Vec<OptionId>> {
    let mut covers = BTreeSet::new();
    Enumeration::new(problem, max_steps).run(&mut |chosen| {
        let mut options = chosen.to_vec();
        options.sort();
        covers.insert(options);
    });
    covers
}

/// The number of solutions of `problem` (see [`exact_covers`]), without
/// keeping them.
///
/// # Panics
///
/// If the enumeration takes more than [`MAX_STEPS`] decisions.
pub fn count(problem: &Problem) -> u64 {
    let mut count = 0;
    Enumeration::new(problem, MAX_STEPS).run(&mut |_| count += 1);
    count
}

/// The state of the in/out decisions on the usable options, in order.
struct Enumeration<'p> {
    problem: &'p Problem,
    usable: Vec<OptionId>,
    /// How many chosen options hold each item.
    times: Vec<u32>,
    /// How many undecided options hold each item.
    undecided: Vec<u32>,
    /// The color the chosen options give each secondary item (meaningful
    /// while `times` is not 0).
    color: Vec<Option<ColorId>>,
    chosen: Vec<OptionId>,
    steps: u64,
    max_steps: u64,
}

impl<'p> Enumeration<'p> {
    fn new(problem: &'p Problem, max_steps: u64) -> Enumeration<'p> {
        let usable: Vec<OptionId> = problem
            .options()
            .map(|(id, _)| id)
            .filter(|id| !problem.ignored_options().contains(id))
            .collect();
        let mut undecided = vec![0; problem.item_count()];
        for &option in &usable {
            for item in problem.option(option) {
                undecided[item.index()] += 1;
            }
        }
        Enumeration {
            problem,
            usable,
            times: vec![0; problem.item_count()],
            undecided,
            color: vec![None; problem.item_count()],
            chosen: Vec::new(),
            steps: 0,
            max_steps,
        }
    }

    fn run(mut self, found: &mut dyn FnMut(&[OptionId])) {
        // An item that too few options hold makes every subset fail.
        let reachable = self
            .problem
            .items()
            .all(|item| self.undecided[item.index()] >= self.problem.item_bounds(item).0);
        if reachable {
            self.decide(0, found);
        }
    }

    /// Decides option `k` and the ones after it, both ways.
    fn decide(&mut self, k: usize, found: &mut dyn FnMut(&[OptionId])) {
        self.steps += 1;
        assert!(
            self.steps <= self.max_steps,
            "brute force is for small problems: more than {} steps",
            self.max_steps
        );
        let Some(&option) = self.usable.get(k) else {
            if check::check(self.problem, &self.chosen).is_ok() {
                found(&self.chosen);
            }
            return;
        };
        let items = self.problem.option(option);
        for item in items {
            self.undecided[item.index()] -= 1;
        }
        if self.fits(option) {
            for (item, color) in items.iter().zip(self.problem.option_colors(option)) {
                self.times[item.index()] += 1;
                self.color[item.index()] = color;
            }
            self.chosen.push(option);
            self.decide(k + 1, found);
            self.chosen.pop();
            for item in items {
                self.times[item.index()] -= 1;
            }
        }
        // Left out: every item must still be able to reach its lower bound.
        let reachable = items.iter().all(|&item| {
            self.times[item.index()] + self.undecided[item.index()]
                >= self.problem.item_bounds(item).0
        });
        if reachable {
            self.decide(k + 1, found);
        }
        for item in items {
            self.undecided[item.index()] += 1;
        }
    }

    /// Whether `option` can join the chosen ones: no primary item above its
    /// upper bound, no secondary item shared without one agreed color.
    fn fits(&self, option: OptionId) -> bool {
        let problem = self.problem;
        problem
            .option(option)
            .iter()
            .zip(problem.option_colors(option))
            .all(|(&item, color)| {
                let times = self.times[item.index()];
                match problem.item_kind(item) {
                    ItemKind::Primary => times < problem.item_bounds(item).1,
                    ItemKind::Secondary => {
                        times == 0 || (color.is_some() && color == self.color[item.index()])
                    }
                }
            })
    }
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
    #[should_panic(expected = "more than 1000 steps")]
    fn large_searches_are_refused() {
        // 40 options that all fit together (bounds 0..=40): 2^40 subsets.
        let mut builder = ProblemBuilder::new();
        let a = builder.primary_item("a").unwrap();
        builder.set_bounds(a, 0, 40).unwrap();
        for _ in 0..40 {
            builder.option([a]).unwrap();
        }
        exact_covers_within(&builder.build().unwrap(), 1000);
    }

    #[test]
    fn the_reference_files_have_the_brute_force_counts_of_the_table() {
        for figures in crate::figures::XCC {
            let path = crate::figures::reference_file(figures.file);
            let text = std::fs::read_to_string(&path).unwrap();
            let problem = dancing::format::read_str(&text).unwrap().problem;
            assert_eq!(count(&problem), figures.brute_force, "{}", figures.file);
        }
    }

    /// Knuth's example in DLX3's introduction, built by hand: primary A, B
    /// and C held 2 or 3 times; secondary X, Y.
    fn dlx3_example() -> Problem {
        let mut builder = ProblemBuilder::new();
        let a = builder.primary_item("A").unwrap();
        let b = builder.primary_item("B").unwrap();
        let c = builder.primary_item("C").unwrap();
        let x = builder.secondary_item("X").unwrap();
        let y = builder.secondary_item("Y").unwrap();
        builder.set_bounds(c, 2, 3).unwrap();
        let zero = builder.color("0").unwrap();
        let one = builder.color("1").unwrap();
        let options = [
            vec![(a, None), (b, None), (x, Some(zero)), (y, Some(zero))],
            vec![(a, None), (c, None), (x, Some(one)), (y, Some(one))],
            vec![(c, None), (x, Some(zero))],
            vec![(b, None), (x, Some(one))],
            vec![(c, None), (y, Some(one))],
        ];
        for option in options {
            builder.colored_option(option).unwrap();
        }
        builder.build().unwrap()
    }

    #[test]
    fn the_dlx3_example_has_one_solution_found_by_hand() {
        // A is in options 0 and 1 only. With 1 (`A C X:1 Y:1`), B needs
        // option 0 (A twice) or 3 (`B X:1`), and C a second option: 2 gives
        // X:0 against X:1, 4 gives Y:1, which agrees; so {1, 3, 4} holds C
        // twice. With 0 (`A B X:0 Y:0`), C needs two of 1, 2, 4: 1 repeats
        // A, and 4 gives Y:1 against Y:0; so no second option for C. The
        // one solution: options 1, 3, 4.
        assert_eq!(
            exact_covers(&dlx3_example()),
            BTreeSet::from([ids([1, 3, 4])])
        );
        assert_eq!(count(&dlx3_example()), 1);
    }

    #[test]
    fn colors_let_options_share_an_item_only_when_they_agree() {
        // Primary a, b; secondary x. `a x:r` and `b x:r` agree; `b x:g`
        // and `b x` do not agree with `a x:r`.
        let mut builder = ProblemBuilder::new();
        let a = builder.primary_item("a").unwrap();
        let b = builder.primary_item("b").unwrap();
        let x = builder.secondary_item("x").unwrap();
        let red = builder.color("r").unwrap();
        let green = builder.color("g").unwrap();
        for option in [
            vec![(a, None), (x, Some(red))],
            vec![(b, None), (x, Some(red))],
            vec![(b, None), (x, Some(green))],
            vec![(b, None), (x, None)],
        ] {
            builder.colored_option(option).unwrap();
        }
        let problem = builder.build().unwrap();
        assert_eq!(exact_covers(&problem), BTreeSet::from([ids([0, 1])]));
    }

    #[test]
    fn bounds_count_subsets_as_binomials() {
        // One item held 2..=3 times by 6 identical options: C(6,2) + C(6,3).
        let mut builder = ProblemBuilder::new();
        let a = builder.primary_item("a").unwrap();
        builder.set_bounds(a, 2, 3).unwrap();
        for _ in 0..6 {
            builder.option([a]).unwrap();
        }
        assert_eq!(count(&builder.build().unwrap()), 15 + 20);
    }
}
