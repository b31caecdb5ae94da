//! A fault named in the problem's words: its items, colors and options
//! as Knuth's format writes them, for front ends that show the fault to a
//! person (Python's `Problem.verify`).

use super::Fault;
use crate::problem::text::counted;
use crate::{ColorId, ItemId, OptionId, Problem};

impl Fault {
    /// The item at fault, if the fault is an item's.
    pub fn item(&self) -> Option<ItemId> {
        match *self {
            Fault::CoveredTooOften { item, .. }
            | Fault::SecondaryShared { item, .. }
            | Fault::ColorClash { item, .. }
            | Fault::Uncovered { item }
            | Fault::CoveredTooFew { item, .. } => Some(item),
            _ => None,
        }
    }

    /// The place in the list of the option at fault, if one option is.
    pub fn at(&self) -> Option<usize> {
        match *self {
            Fault::NoSuchOption { at, .. }
            | Fault::NoPrimaryItem { at, .. }
            | Fault::OptionRepeated { at, .. }
            | Fault::CoveredTooOften { at, .. }
            | Fault::SecondaryShared { at, .. }
            | Fault::ColorClash { at, .. } => Some(at),
            _ => None,
        }
    }

    /// The fault in words, with `problem`'s items, colors and options
    /// written as Knuth's format writes them (the [`Display`](std::fmt::Display)
    /// form numbers them instead); `claimed` is the list of options checked,
    /// whose places (from 0) the words give.
    ///
    /// ```
    /// use dancing::check;
    /// use dancing::{OptionId, format};
    ///
    /// let problem = format::read_str("a b\na\na b\n")?.problem;
    /// let fault = check::check(&problem, &[OptionId::new(0), OptionId::new(1)]).unwrap_err();
    /// assert_eq!(
    ///     fault.named(&problem, &[OptionId::new(0), OptionId::new(1)]),
    ///     "primary item `a` is held more than once: by `a` (at 0) and `a b` (at 1)"
    /// );
    /// # Ok::<(), dancing::format::ParseError>(())
    /// ```
    pub fn named(&self, problem: &Problem, claimed: &[OptionId]) -> String {
        let item = |item: ItemId| problem.item_text(item).into_owned();
        let color = |color: ColorId| problem.color_text(color).into_owned();
        let option = |option: OptionId| problem.option_entries(option).join(" ");
        match *self {
            Fault::NoSuchOption { at, option } => format!(
                "option {} (at {at}) is not an option: the problem has {} (0 to {})",
                option.index(),
                counted(problem.option_count(), "option"),
                problem.option_count().saturating_sub(1)
            ),
            Fault::NoPrimaryItem { at, option: o } => format!(
                "option {} `{}` (at {at}) has no primary item: a solution never holds it",
                o.index(),
                option(o)
            ),
            Fault::OptionRepeated {
                at,
                first,
                option: o,
            } => format!(
                "option {} `{}` is listed twice (at {first} and {at})",
                o.index(),
                option(o)
            ),
            Fault::CoveredTooOften { item: i, upper, .. } => {
                let times = if upper == 1 {
                    "once".to_owned()
                } else {
                    format!("{upper} times")
                };
                format!(
                    "primary item `{}` is held more than {times}: {}",
                    item(i),
                    self.places(problem, claimed)
                )
            }
            Fault::SecondaryShared { item: i, .. } => format!(
                "secondary item `{}` is held twice, not both times with a color: {}",
                item(i),
                self.places(problem, claimed)
            ),
            Fault::ColorClash {
                item: i,
                color: c,
                first_color,
                ..
            } => format!(
                "secondary item `{}` is given two colors, `{}` and `{}`: {}",
                item(i),
                color(first_color),
                color(c),
                self.places(problem, claimed)
            ),
            Fault::Uncovered { item: i } => format!("primary item `{}` is not held", item(i)),
            Fault::CoveredTooFew {
                item: i,
                times,
                lower,
            } => format!(
                "primary item `{}` is held {}, fewer than its lower bound of {lower}",
                item(i),
                counted(times as usize, "time")
            ),
            Fault::WrongCost { claimed, actual } => {
                format!("the cost claimed is {claimed}, but the options cost {actual}")
            }
        }
    }

    /// `by `a` (at 0) and `a b` (at 1)`: the two options of a clash.
    fn places(&self, problem: &Problem, claimed: &[OptionId]) -> String {
        let (Some(at), Some(first)) = (self.at(), self.first()) else {
            return String::new();
        };
        let option = |place: usize| {
            claimed
                .get(place)
                .filter(|o| o.index() < problem.option_count())
                .map_or_else(String::new, |&o| {
                    format!("`{}` ", problem.option_entries(o).join(" "))
                })
        };
        format!(
            "by {}(at {first}) and {}(at {at})",
            option(first),
            option(at)
        )
    }

    /// The earlier place of a clash.
    fn first(&self) -> Option<usize> {
        match *self {
            Fault::OptionRepeated { first, .. }
            | Fault::CoveredTooOften { first, .. }
            | Fault::SecondaryShared { first, .. }
            | Fault::ColorClash { first, .. } => Some(first),
            _ => None,
        }
    }
}
