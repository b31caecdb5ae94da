//! Whether a set of options is a solution, checked from the problem's
//! accessors alone (nothing of the engine's search): every primary item held
//! within its bounds (once, without bounds), and every secondary item by at
//! most one option, or by several that all give it the same color.

use std::fmt;

use dancing::{ColorId, ItemId, ItemKind, OptionId, Problem};

/// Why a set of options is not an exact cover of a problem.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CoverError {
    /// An option index past the problem's last option.
    NoSuchOption(OptionId),
    /// An option without primary items, which the search never uses.
    IgnoredOption(OptionId),
    /// A primary item covered `times` times, outside its bounds (not
    /// exactly once, without bounds).
    Primary {
        /// The item.
        item: ItemId,
        /// How many of the options hold it.
        times: usize,
    },
    /// A secondary item covered `times` times, more than once, and not
    /// always with a color: an uncolored entry conflicts with any other.
    Secondary {
        /// The item.
        item: ItemId,
        /// How many of the options hold it.
        times: usize,
    },
    /// A secondary item given two different colors by two options.
    Colors {
        /// The item.
        item: ItemId,
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
                "primary item {} covered {times} times, outside its bounds",
                item.index()
            ),
            CoverError::Secondary { item, times } => write!(
                f,
                "secondary item {} covered {times} times, not all with one color",
                item.index()
            ),
            CoverError::Colors { item } => write!(
                f,
                "secondary item {} given different colors (or none) by its options",
                item.index()
            ),
        }
    }
}

impl std::error::Error for CoverError {}

/// Checks that `options` hold every primary item of `problem` within its
/// bounds (exactly once without bounds) and every secondary item at most
/// once, or more often when every option that holds it gives it the same
/// color.
///
/// Options are taken in any order; a repeated option covers its items twice.
pub fn check_exact_cover(problem: &Problem, options: &[OptionId]) -> Result<(), CoverError> {
    let mut times = vec![0usize; problem.item_count()];
    // The color of each secondary item's first holder, then whether every
    // holder so far agreed on one.
    let mut first_color: Vec<Option<ColorId>> = vec![None; problem.item_count()];
    let mut colors_differ = vec![false; problem.item_count()];
    for &option in options {
        if option.index() >= problem.option_count() {
            return Err(CoverError::NoSuchOption(option));
        }
        if problem.ignored_options().contains(&option) {
            return Err(CoverError::IgnoredOption(option));
        }
        for (&item, color) in problem
            .option(option)
            .iter()
            .zip(problem.option_colors(option))
        {
            let k = item.index();
            if times[k] == 0 {
                first_color[k] = color;
            } else if color != first_color[k] {
                colors_differ[k] = true;
            }
            times[k] += 1;
        }
    }
    for item in problem.items() {
        let k = item.index();
        let times = times[k];
        match problem.item_kind(item) {
            ItemKind::Primary => {
                let (lower, upper) = problem.item_bounds(item);
                if times < lower as usize || times > upper as usize {
                    return Err(CoverError::Primary { item, times });
                }
            }
            ItemKind::Secondary if times > 1 && first_color[k].is_none() => {
                return Err(CoverError::Secondary { item, times });
            }
            ItemKind::Secondary if colors_differ[k] => {
                // An uncolored holder after a colored one differs too.
                return Err(CoverError::Colors { item });
            }
            ItemKind::Secondary => {}
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
        for good in [ids([0, 5]), ids([0, 1, 5]), ids([4, 2]), ids([0, 4, 5])] {
            assert_eq!(check_exact_cover(&problem, &good), Ok(()), "{good:?}");
        }
        let cases = [
            (ids([0, 2]), CoverError::Colors { item: x }),
            (ids([0, 3]), CoverError::Colors { item: x }),
            (ids([3, 0]), CoverError::Secondary { item: x, times: 2 }),
            (ids([0, 1, 4, 5]), CoverError::Primary { item: a, times: 3 }),
            (ids([5]), CoverError::Primary { item: a, times: 0 }),
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
