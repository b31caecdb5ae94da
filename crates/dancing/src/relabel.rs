//! Problems made from others: a seeded shuffle of items and options
//! ([`Shuffled`], for `--seed`), and the rebuilding that it and the
//! preprocessing of [`reduce`](crate::expert::reduce) share.

use crate::problem::builder::{BuildError, ProblemBuilder};
use crate::problem::{ColorId, ItemId, ItemKind, OptionId, Problem};
use crate::random::SplitMix64;

/// `problem` rebuilt with the items of `items`, in that order, and the
/// options of `options`, in that order: names, colors, bounds and option
/// costs kept, an option's entries on items not in `items` left out.
/// Primary items must come before secondary ones in `items`.
pub(crate) fn rebuild(
    problem: &Problem,
    items: &[ItemId],
    options: &[OptionId],
) -> Result<Problem, BuildError> {
    rebuild_with_bounds(problem, items, options, |item| problem.item_bounds(item))
}

/// [`rebuild`], with each primary item's bounds given by `bounds` (of the
/// original item) instead of copied.
pub(crate) fn rebuild_with_bounds(
    problem: &Problem,
    items: &[ItemId],
    options: &[OptionId],
    bounds: impl Fn(ItemId) -> (u32, u32),
) -> Result<Problem, BuildError> {
    let mut builder = ProblemBuilder::new();
    let mut new_item = vec![None; problem.item_count()];
    for &item in items {
        let kind = problem.item_kind(item);
        let id = match (problem.item_name(item), kind) {
            (Some(name), ItemKind::Primary) => builder.primary_item(name)?,
            (Some(name), _) => builder.secondary_item(name)?,
            (None, ItemKind::Primary) => builder.primary_items(1)?,
            (None, _) => builder.secondary_items(1)?,
        };
        if kind == ItemKind::Primary {
            let (lower, upper) = bounds(item);
            if (lower, upper) != (1, 1) {
                builder.set_bounds(id, lower, upper)?;
            }
        }
        new_item[item.index()] = Some(id);
    }
    // The same color ids, whatever options are kept.
    for k in 0..problem.color_count() {
        if let Some(name) = problem.color_name(ColorId::new(k)) {
            builder.color(name)?;
        }
    }
    let mut entries = Vec::new();
    for &option in options {
        entries.clear();
        entries.extend(
            problem
                .option(option)
                .iter()
                .zip(problem.option_colors(option))
                .filter_map(|(&item, color)| Some((new_item[item.index()]?, color))),
        );
        let rebuilt = builder.colored_option(entries.iter().copied())?;
        if problem.has_costs() {
            builder.set_option_cost(rebuilt, problem.option_cost(option))?;
        }
    }
    builder.build()
}

/// A problem with its items and options in a seeded random order: the
/// search on it breaks ties among the shortest items and tries options in
/// that order, so a seed picks one of many equally good trees, the same on
/// any number of threads. Solutions found on [`problem`](Self::problem)
/// map back to the original's options with [`original`](Self::original).
///
/// ```
/// use bumpalo::Bump;
/// use dancing::format;
/// use dancing::expert::{Shuffled, Solver, Search};
///
/// let problem = format::read_str(include_str!("../tests/data/queens8.dlx"))?.problem;
/// let shuffled = Shuffled::new(&problem, 7);
/// let bump = Bump::new();
/// let mut solver = Solver::new(shuffled.problem(), &bump);
/// assert_eq!(solver.count(), 92);
/// let first: Vec<_> = solver.first().unwrap().iter().map(|&o| shuffled.original(o)).collect();
/// // The same seed, the same order.
/// assert_eq!(Shuffled::new(&problem, 7).problem(), shuffled.problem());
/// assert_eq!(first.len(), 8);
/// # Ok::<(), dancing::format::ParseError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Shuffled {
    problem: Problem,
    /// The original of each option of `problem`.
    originals: Vec<OptionId>,
}

impl Shuffled {
    /// `problem` with its primary items, its secondary items and its options
    /// each shuffled by a generator seeded with `seed`.
    pub fn new(problem: &Problem, seed: u64) -> Shuffled {
        let mut random = SplitMix64::new(seed);
        let (mut primary, mut secondary): (Vec<ItemId>, Vec<ItemId>) = problem
            .items()
            .partition(|&item| problem.item_kind(item) == ItemKind::Primary);
        random.shuffle(&mut primary);
        random.shuffle(&mut secondary);
        primary.extend(secondary);
        let mut originals: Vec<OptionId> = (0..problem.option_count()).map(OptionId::new).collect();
        random.shuffle(&mut originals);
        let shuffled = rebuild(problem, &primary, &originals)
            .expect("a built problem's own items and options build again");
        Shuffled {
            problem: shuffled,
            originals,
        }
    }

    /// The shuffled problem, to search.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The option of the original problem that `option` of the shuffled
    /// one is.
    ///
    /// # Panics
    /// If `option` is not an option of the shuffled problem.
    pub fn original(&self, option: OptionId) -> OptionId {
        self.originals[option.index()]
    }
}
