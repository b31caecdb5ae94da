//! Whether a set of options is an exact cover, checked from the problem's
//! accessors alone (nothing of the engine's search).

use std::fmt;

use dancing::{ItemId, ItemKind, OptionId, Problem};

/// Why a set of options is not an exact cover of a problem.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CoverError {
    /// An option index past the problem's last option.
    NoSuchOption(OptionId),
    /// An option without primary items, which the search never uses.
    IgnoredOption(OptionId),
    /// A primary item covered `times` times, not exactly once.
    Primary {
        /// The item.
        item: ItemId,
        /// How many of the options hold it.
        times: usize,
    },
    /// A secondary item covered `times` times, more than once.
    Secondary {
        /// The item.
        item: ItemId,
        /// How many of the options hold it.
        times: usize,
    },
}

impl fmt::Display for CoverError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CoverError::NoSuchOption(option) => write!(f, "no option {}", option.index()),
            CoverError::IgnoredOption(option) => {
                write!(f, "option {} has no primary item", option.index())
            }
            CoverError::Primary { item, times } => write!(
                f,
                "primary item {} covered {times} times, not once",
                item.index()
            ),
            CoverError::Secondary { item, times } => write!(
                f,
                "secondary item {} covered {times} times, more than once",
                item.index()
            ),
        }
    }
}

impl std::error::Error for CoverError {}

/// Checks that `options` cover every primary item of `problem` exactly once
/// and every secondary item at most once.
///
/// Options are taken in any order; a repeated option covers its items twice.
pub fn check_exact_cover(problem: &Problem, options: &[OptionId]) -> Result<(), CoverError> {
    let mut times = vec![0usize; problem.item_count()];
    for &option in options {
        if option.index() >= problem.option_count() {
            return Err(CoverError::NoSuchOption(option));
        }
        if problem.ignored_options().contains(&option) {
            return Err(CoverError::IgnoredOption(option));
        }
        for &item in problem.option(option) {
            times[item.index()] += 1;
        }
    }
    for item in problem.items() {
        let times = times[item.index()];
        match problem.item_kind(item) {
            ItemKind::Primary if times != 1 => return Err(CoverError::Primary { item, times }),
            ItemKind::Secondary if times > 1 => {
                return Err(CoverError::Secondary { item, times });
            }
            _ => {}
        }
    }
    Ok(())
}

/// Panics, naming the first broken rule, unless `options` are an exact cover
/// of `problem` (see [`check_exact_cover`]).
#[track_caller]
pub fn assert_exact_cover(problem: &Problem, options: &[OptionId]) {
    if let Err(error) = check_exact_cover(problem, options) {
        let indices: Vec<usize> = options.iter().map(|o| o.index()).collect();
        panic!("options {indices:?} are not an exact cover: {error}");
    }
}

#[cfg(test)]
mod tests {
    use dancing::ProblemBuilder;

    use super::*;

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
    fn covers_are_accepted_in_any_order() {
        let problem = problem();
        for cover in [ids([2]), ids([0, 4]), ids([4, 0])] {
            assert_eq!(check_exact_cover(&problem, &cover), Ok(()), "{cover:?}");
        }
    }

    #[test]
    fn each_broken_rule_is_named() {
        let problem = problem();
        let (a, b, x) = (ItemId::new(0), ItemId::new(1), ItemId::new(2));
        let cases = [
            (ids([]), CoverError::Primary { item: a, times: 0 }),
            (ids([4]), CoverError::Primary { item: a, times: 0 }),
            (ids([2, 4]), CoverError::Primary { item: b, times: 2 }),
            (ids([2, 2]), CoverError::Primary { item: a, times: 2 }),
            (ids([0, 1]), CoverError::Secondary { item: x, times: 2 }),
            (ids([2, 3]), CoverError::IgnoredOption(OptionId::new(3))),
            (ids([5]), CoverError::NoSuchOption(OptionId::new(5))),
        ];
        for (options, expected) in cases {
            assert_eq!(
                check_exact_cover(&problem, &options),
                Err(expected),
                "{options:?}"
            );
        }
    }

    #[test]
    #[should_panic(expected = "secondary item 2 covered 2 times")]
    fn the_assertion_names_the_item() {
        assert_exact_cover(&problem(), &ids([0, 1]));
    }
}
