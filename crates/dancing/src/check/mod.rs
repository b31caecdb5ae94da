//! Whether a claimed solution is a solution: the one checker of the
//! workspace, used by `dlx verify` and by the tests' cross-checks.
//!
//! It reads nothing but the problem's accessors and counts for itself
//! (how many chosen options hold each item, the color of the first), so
//! that a bug of the search, its links or its matrix cannot hide in it. A
//! solution is a set of distinct options, each with a primary item, that
//! holds every primary item within its bounds (exactly once, without
//! bounds) and every secondary item at most once, or by several options
//! that all give it the same color; its cost is the sum of its options'
//! costs.
//!
//! ```
//! use dancing::check::{self, Fault};
//! use dancing::{ItemId, OptionId, format};
//!
//! let problem = format::read_str("a b\na |2\nb |3\na b |7\n").unwrap().problem;
//! let ids = |k: &[usize]| k.iter().map(|&k| OptionId::new(k)).collect::<Vec<_>>();
//! assert_eq!(check::check(&problem, &ids(&[0, 1])), Ok(5));
//! assert_eq!(
//!     check::check(&problem, &ids(&[0, 2])),
//!     Err(Fault::CoveredTooOften { item: ItemId::new(0), upper: 1, at: 1, first: 0 })
//! );
//! assert_eq!(
//!     check::check_cost(&problem, &ids(&[2]), 6),
//!     Err(Fault::WrongCost { claimed: 6, actual: 7 })
//! );
//! ```
//!
//! Options are taken one at a time ([`Checker::add`]), so that the first
//! fault in the order they are listed is the one named; a [`Checker`] is
//! reused from one solution to the next without clearing what the last one
//! did not touch.

use std::fmt;

mod named;

use crate::{ColorId, ItemId, ItemKind, OptionId, Problem};

/// Why a claimed solution is not one. `at` and `first` are places in the
/// list of options claimed (from 0): the option at fault, and the earlier
/// one it conflicts with.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Fault {
    /// An option index past the problem's last option.
    NoSuchOption {
        /// The place of the option in the list.
        at: usize,
        /// The option named.
        option: OptionId,
    },
    /// An option without primary items, which the search never chooses.
    NoPrimaryItem {
        /// The place of the option in the list.
        at: usize,
        /// The option.
        option: OptionId,
    },
    /// The same option listed twice: a solution is a set of options. (An
    /// option listed again that holds an item its bounds let it hold only
    /// once is named by that item instead.)
    OptionRepeated {
        /// The place of the second listing.
        at: usize,
        /// The place of the first.
        first: usize,
        /// The option.
        option: OptionId,
    },
    /// A primary item held by more options than its upper bound (more
    /// than once, without bounds).
    CoveredTooOften {
        /// The item.
        item: ItemId,
        /// Its upper bound (1 without bounds).
        upper: u32,
        /// The option one too many.
        at: usize,
        /// The first option that holds the item.
        first: usize,
    },
    /// A secondary item held by two options, one of them (or both)
    /// without a color for it: only options that agree on a color share.
    SecondaryShared {
        /// The item.
        item: ItemId,
        /// The second option that holds it.
        at: usize,
        /// The first.
        first: usize,
    },
    /// A secondary item given two different colors.
    ColorClash {
        /// The item.
        item: ItemId,
        /// The color option `at` gives it.
        color: ColorId,
        /// The color the first option that holds it gives it.
        first_color: ColorId,
        /// The option whose color differs.
        at: usize,
        /// The first option that holds the item.
        first: usize,
    },
    /// A primary item held by no option (its lower bound is 1 or more).
    Uncovered {
        /// The item.
        item: ItemId,
    },
    /// A primary item held by some options, fewer than its lower bound.
    CoveredTooFew {
        /// The item.
        item: ItemId,
        /// How many options hold it.
        times: u32,
        /// Its lower bound.
        lower: u32,
    },
    /// A cost claimed for the solution that is not the sum of its
    /// options' costs.
    WrongCost {
        /// The cost claimed.
        claimed: u64,
        /// The sum of the options' costs.
        actual: u64,
    },
}

impl fmt::Display for Fault {
    /// The fault with the numbers of its items and options (a problem
    /// built in code need not name them).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Fault::NoSuchOption { at, option } => {
                write!(
                    f,
                    "option {} (at {at}) is past the last option",
                    option.index()
                )
            }
            Fault::NoPrimaryItem { at, option } => {
                write!(f, "option {} (at {at}) has no primary item", option.index())
            }
            Fault::OptionRepeated { at, first, option } => write!(
                f,
                "option {} is listed twice (at {first} and {at})",
                option.index()
            ),
            Fault::CoveredTooOften {
                item,
                upper,
                at,
                first,
            } => write!(
                f,
                "primary item {} is held more than {upper} time{} (first at {first}, again at {at})",
                item.index(),
                if upper == 1 { "" } else { "s" }
            ),
            Fault::SecondaryShared { item, at, first } => write!(
                f,
                "secondary item {} is held twice, not both with a color (at {first} and {at})",
                item.index()
            ),
            Fault::ColorClash {
                item,
                color,
                first_color,
                at,
                first,
            } => write!(
                f,
                "secondary item {} is given color {} at {at} but color {} at {first}",
                item.index(),
                color.index(),
                first_color.index()
            ),
            Fault::Uncovered { item } => write!(f, "primary item {} is not held", item.index()),
            Fault::CoveredTooFew { item, times, lower } => write!(
                f,
                "primary item {} is held {times} time{}, fewer than its lower bound of {lower}",
                item.index(),
                if times == 1 { "" } else { "s" }
            ),
            Fault::WrongCost { claimed, actual } => {
                write!(
                    f,
                    "the cost claimed is {claimed}, but the options cost {actual}"
                )
            }
        }
    }
}

impl std::error::Error for Fault {}

/// Checks that `options` are a solution of `problem` (see the [module
/// docs](self)); its cost, or the first fault in the order of the list.
pub fn check(problem: &Problem, options: &[OptionId]) -> Result<u64, Fault> {
    let mut checker = Checker::new(problem);
    for &option in options {
        checker.add(option)?;
    }
    checker.finish(None)
}

/// [`check`], and that the solution costs `claimed`.
pub fn check_cost(problem: &Problem, options: &[OptionId], claimed: u64) -> Result<(), Fault> {
    let mut checker = Checker::new(problem);
    for &option in options {
        checker.add(option)?;
    }
    checker.finish(Some(claimed)).map(|_| ())
}

/// Marks an option not chosen in [`Checker::chosen_at`].
const NOT_CHOSEN: u32 = u32::MAX;

/// The check of one claimed solution at a time, an option at a time.
#[derive(Clone, Debug)]
pub struct Checker<'p> {
    problem: &'p Problem,
    /// How many options of the solution hold each item.
    times: Vec<u32>,
    /// The place of the first option that holds each item (where `times`
    /// is not 0), and the color it gives it.
    first: Vec<(u32, Option<ColorId>)>,
    /// The items held, to clear the above for the next solution.
    touched: Vec<ItemId>,
    /// The place of each option in the solution, or `NOT_CHOSEN`.
    chosen_at: Vec<u32>,
    /// The options of the solution, in order.
    options: Vec<OptionId>,
    /// How many primary items are held at least their lower bound times.
    satisfied: usize,
    /// How many primary items have lower bound 0 (held enough by none).
    satisfied_when_empty: usize,
    /// The sum of the costs of the options.
    cost: u64,
}

impl<'p> Checker<'p> {
    /// A checker of the solutions of `problem`, with no option yet.
    pub fn new(problem: &'p Problem) -> Checker<'p> {
        let satisfied_when_empty = problem
            .items()
            .filter(|&item| {
                problem.item_kind(item) == ItemKind::Primary && problem.item_bounds(item).0 == 0
            })
            .count();
        Checker {
            problem,
            times: vec![0; problem.item_count()],
            first: vec![(0, None); problem.item_count()],
            touched: Vec::new(),
            chosen_at: vec![NOT_CHOSEN; problem.option_count()],
            options: Vec::new(),
            satisfied: satisfied_when_empty,
            satisfied_when_empty,
            cost: 0,
        }
    }

    /// The problem checked against.
    pub fn problem(&self) -> &'p Problem {
        self.problem
    }

    /// Adds `option` to the solution, unless it breaks a rule with the
    /// options before it (then nothing is added, and the fault names it).
    /// Lower bounds are checked by [`finish`](Self::finish).
    pub fn add(&mut self, option: OptionId) -> Result<(), Fault> {
        let problem = self.problem;
        let at = self.options.len();
        if option.index() >= problem.option_count() {
            return Err(Fault::NoSuchOption { at, option });
        }
        let items = problem.option(option);
        let primary = |item: ItemId| problem.item_kind(item) == ItemKind::Primary;
        if !items.iter().any(|&item| primary(item)) {
            return Err(Fault::NoPrimaryItem { at, option });
        }
        // Every entry is checked before any is counted, so a fault leaves
        // the solution as it was.
        for (&item, color) in items.iter().zip(problem.option_colors(option)) {
            let k = item.index();
            if self.times[k] == 0 {
                continue;
            }
            let (first, first_color) = self.first[k];
            let first = first as usize;
            if primary(item) {
                let upper = problem.item_bounds(item).1;
                if self.times[k] >= upper {
                    return Err(Fault::CoveredTooOften {
                        item,
                        upper,
                        at,
                        first,
                    });
                }
                continue;
            }
            match (color, first_color) {
                (Some(color), Some(first_color)) if color == first_color => {}
                (Some(color), Some(first_color)) => {
                    return Err(Fault::ColorClash {
                        item,
                        color,
                        first_color,
                        at,
                        first,
                    });
                }
                _ => return Err(Fault::SecondaryShared { item, at, first }),
            }
        }
        // Last: an option that conflicts with itself is named by its item.
        let first = self.chosen_at[option.index()];
        if first != NOT_CHOSEN {
            let first = first as usize;
            return Err(Fault::OptionRepeated { at, first, option });
        }
        for (&item, color) in items.iter().zip(problem.option_colors(option)) {
            let k = item.index();
            if self.times[k] == 0 {
                self.first[k] = (at as u32, color);
                self.touched.push(item);
            }
            self.times[k] += 1;
            if primary(item) && self.times[k] == problem.item_bounds(item).0 {
                self.satisfied += 1;
            }
        }
        self.chosen_at[option.index()] = at as u32;
        self.options.push(option);
        // At most 2^32 - 1 an option, and each option once: no overflow
        // below 2^32 options.
        self.cost = self.cost.saturating_add(problem.option_cost(option));
        Ok(())
    }

    /// Whether `option` is in the solution so far.
    pub fn is_chosen(&self, option: OptionId) -> bool {
        self.chosen_at
            .get(option.index())
            .is_some_and(|&at| at != NOT_CHOSEN)
    }

    /// The options added so far, in order.
    pub fn options(&self) -> &[OptionId] {
        &self.options
    }

    /// The sum of the costs of the options added so far.
    pub fn cost(&self) -> u64 {
        self.cost
    }

    /// Ends the solution: every primary item must be held at least its
    /// lower bound times, and the cost be `claimed`, if a cost is claimed.
    /// Its cost, or the first short item (in the problem's order) or the
    /// wrong cost. The checker is then empty, ready for the next solution.
    pub fn finish(&mut self, claimed: Option<u64>) -> Result<u64, Fault> {
        let verdict = self.verdict(claimed);
        self.clear();
        verdict
    }

    fn verdict(&self, claimed: Option<u64>) -> Result<u64, Fault> {
        let problem = self.problem;
        if self.satisfied < problem.primary_count() {
            let short = problem.items().find(|&item| {
                problem.item_kind(item) == ItemKind::Primary
                    && self.times[item.index()] < problem.item_bounds(item).0
            });
            if let Some(item) = short {
                let times = self.times[item.index()];
                return Err(if times == 0 {
                    Fault::Uncovered { item }
                } else {
                    Fault::CoveredTooFew {
                        item,
                        times,
                        lower: problem.item_bounds(item).0,
                    }
                });
            }
        }
        match claimed {
            Some(claimed) if claimed != self.cost => Err(Fault::WrongCost {
                claimed,
                actual: self.cost,
            }),
            _ => Ok(self.cost),
        }
    }

    /// Forgets the solution so far.
    pub fn clear(&mut self) {
        for item in self.touched.drain(..) {
            self.times[item.index()] = 0;
        }
        for option in self.options.drain(..) {
            self.chosen_at[option.index()] = NOT_CHOSEN;
        }
        self.satisfied = self.satisfied_when_empty;
        self.cost = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ProblemBuilder;

    /// Primary `a b`, secondary `x`; options `a x`, `b x`, `a b`, `x`, `b`.
    fn problem() -> Problem {
        let mut builder = ProblemBuilder::new();
        let a = builder.primary_item("a").unwrap();
        let b = builder.primary_item("b").unwrap();
        let x = builder.secondary_item("x").unwrap();
        for option in [vec![a, x], vec![b, x], vec![a, b], vec![x], vec![b]] {
            builder.option(option).unwrap();
        }
        builder.build().unwrap()
    }

    fn ids<const N: usize>(indices: [usize; N]) -> Vec<OptionId> {
        indices.map(OptionId::new).to_vec()
    }

    #[test]
    fn solutions_are_accepted_in_any_order() {
        let problem = problem();
        for solution in [ids([2]), ids([0, 4]), ids([4, 0])] {
            assert_eq!(check(&problem, &solution), Ok(0), "{solution:?}");
        }
    }

    #[test]
    fn each_broken_rule_is_named_at_its_place() {
        let problem = problem();
        let (a, b, x) = (ItemId::new(0), ItemId::new(1), ItemId::new(2));
        let option = OptionId::new;
        let cases = [
            (ids([]), Fault::Uncovered { item: a }),
            (ids([4]), Fault::Uncovered { item: a }),
            (
                ids([2, 4]),
                Fault::CoveredTooOften {
                    item: b,
                    upper: 1,
                    at: 1,
                    first: 0,
                },
            ),
            (
                ids([0, 1]),
                Fault::SecondaryShared {
                    item: x,
                    at: 1,
                    first: 0,
                },
            ),
            (
                ids([2, 3]),
                Fault::NoPrimaryItem {
                    at: 1,
                    option: option(3),
                },
            ),
            (
                ids([4, 5]),
                Fault::NoSuchOption {
                    at: 1,
                    option: option(5),
                },
            ),
            // Named by its first item held twice, where it holds one.
            (
                ids([2, 2]),
                Fault::CoveredTooOften {
                    item: a,
                    upper: 1,
                    at: 1,
                    first: 0,
                },
            ),
        ];
        for (options, expected) in cases {
            assert_eq!(check(&problem, &options), Err(expected), "{options:?}");
        }
    }

    /// Knuth's `2|A` with two options `A`: one solution, of both; one of
    /// them listed twice holds `A` twice too, but is no solution.
    #[test]
    fn an_option_listed_twice_is_refused_even_where_bounds_allow_two() {
        let mut builder = ProblemBuilder::new();
        let a = builder.primary_item("A").unwrap();
        builder.set_bounds(a, 2, 2).unwrap();
        builder.option([a]).unwrap();
        builder.option([a]).unwrap();
        let problem = builder.build().unwrap();
        assert_eq!(check(&problem, &ids([0, 1])), Ok(0));
        assert_eq!(
            check(&problem, &ids([1, 1])),
            Err(Fault::OptionRepeated {
                at: 1,
                first: 0,
                option: OptionId::new(1)
            })
        );
    }

    /// Primary `a` (bounds 1..=2), `b`; secondary `x`; options `a x:r`,
    /// `a x:r`, `b x:g`, `b x`, `a`, `b`.
    fn colored_and_bounded() -> Problem {
        let mut builder = ProblemBuilder::new();
        let a = builder.primary_item("a").unwrap();
        let b = builder.primary_item("b").unwrap();
        let x = builder.secondary_item("x").unwrap();
        builder.set_bounds(a, 1, 2).unwrap();
        let red = builder.color("r").unwrap();
        let green = builder.color("g").unwrap();
        let options = [
            vec![(a, None), (x, Some(red))],
            vec![(a, None), (x, Some(red))],
            vec![(b, None), (x, Some(green))],
            vec![(b, None), (x, None)],
            vec![(a, None)],
            vec![(b, None)],
        ];
        for option in options {
            builder.colored_option(option).unwrap();
        }
        builder.build().unwrap()
    }

    #[test]
    fn colors_may_be_shared_when_they_agree_and_bounds_are_kept() {
        let problem = colored_and_bounded();
        let (a, x) = (ItemId::new(0), ItemId::new(2));
        let (red, green) = (ColorId::new(0), ColorId::new(1));
        for good in [ids([0, 5]), ids([0, 1, 5]), ids([4, 2]), ids([0, 4, 5])] {
            assert_eq!(check(&problem, &good), Ok(0), "{good:?}");
        }
        let cases = [
            (
                ids([0, 2]),
                Fault::ColorClash {
                    item: x,
                    color: green,
                    first_color: red,
                    at: 1,
                    first: 0,
                },
            ),
            (
                ids([0, 3]),
                Fault::SecondaryShared {
                    item: x,
                    at: 1,
                    first: 0,
                },
            ),
            (
                ids([3, 0]),
                Fault::SecondaryShared {
                    item: x,
                    at: 1,
                    first: 0,
                },
            ),
            (
                ids([0, 1, 4, 5]),
                Fault::CoveredTooOften {
                    item: a,
                    upper: 2,
                    at: 2,
                    first: 0,
                },
            ),
            (ids([5]), Fault::Uncovered { item: a }),
        ];
        for (options, expected) in cases {
            assert_eq!(check(&problem, &options), Err(expected), "{options:?}");
        }
    }

    #[test]
    fn a_lower_bound_short_of_options_is_named_with_its_count() {
        let mut builder = ProblemBuilder::new();
        let a = builder.primary_item("a").unwrap();
        builder.set_bounds(a, 3, 4).unwrap();
        for _ in 0..4 {
            builder.option([a]).unwrap();
        }
        let problem = builder.build().unwrap();
        assert_eq!(check(&problem, &ids([0, 1, 2])), Ok(0));
        assert_eq!(
            check(&problem, &ids([3, 1])),
            Err(Fault::CoveredTooFew {
                item: a,
                times: 2,
                lower: 3
            })
        );
    }

    /// Options `a |2`, `b |3`, `a b |7`, `a`: the costs of the options
    /// chosen add up, and a claim of any other sum is refused.
    #[test]
    fn the_cost_claimed_must_be_the_sum_of_the_options_costs() {
        let mut builder = ProblemBuilder::new();
        let a = builder.primary_item("a").unwrap();
        let b = builder.primary_item("b").unwrap();
        for (option, cost) in [(vec![a], 2), (vec![b], 3), (vec![a, b], 7), (vec![a], 0)] {
            let id = builder.option(option).unwrap();
            builder.set_option_cost(id, cost).unwrap();
        }
        let problem = builder.build().unwrap();
        for (options, cost) in [(ids([0, 1]), 5), (ids([2]), 7), (ids([1, 3]), 3)] {
            assert_eq!(check(&problem, &options), Ok(cost));
            assert_eq!(check_cost(&problem, &options, cost), Ok(()));
            for wrong in [0, cost - 1, cost + 1, u64::MAX] {
                assert_eq!(
                    check_cost(&problem, &options, wrong),
                    Err(Fault::WrongCost {
                        claimed: wrong,
                        actual: cost
                    })
                );
            }
        }
        // A cover fault comes before the cost.
        assert_eq!(
            check_cost(&problem, &ids([0]), 2),
            Err(Fault::Uncovered { item: b })
        );
    }

    /// One checker over many solutions: a failed or finished solution
    /// leaves nothing behind for the next.
    #[test]
    fn a_checker_starts_each_solution_afresh() {
        let problem = colored_and_bounded();
        let mut checker = Checker::new(&problem);
        for option in ids([0, 1]) {
            checker.add(option).unwrap();
        }
        assert!(checker.add(OptionId::new(2)).is_err());
        assert_eq!(checker.options(), ids([0, 1]));
        assert!(checker.finish(None).is_err(), "b is not held");
        for round in 0..3 {
            for option in ids([1, 5]) {
                checker.add(option).unwrap();
            }
            assert!(checker.is_chosen(OptionId::new(1)));
            assert!(!checker.is_chosen(OptionId::new(0)));
            assert_eq!(checker.finish(None), Ok(0), "round {round}");
            assert!(!checker.is_chosen(OptionId::new(1)));
        }
        checker.add(OptionId::new(4)).unwrap();
        checker.clear();
        assert_eq!(
            checker.finish(None),
            Err(Fault::Uncovered {
                item: ItemId::new(0)
            })
        );
    }

    #[test]
    fn faults_read_with_their_numbers() {
        let problem = problem();
        let fault = check(&problem, &ids([0, 1])).unwrap_err();
        assert_eq!(
            fault.to_string(),
            "secondary item 2 is held twice, not both with a color (at 0 and 1)"
        );
    }
}
