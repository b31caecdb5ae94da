//! Preprocessing, as Knuth's DLX-PRE does it: an equivalent, smaller
//! problem, whose solutions map one to one to the original's.
//!
//! A solution is a set of options in which every two are *compatible*
//! (they share no primary item held at most once, and every secondary item
//! they share has the same color, a real one, in both) and every primary
//! item is held within its bounds (exactly once without bounds). The
//! reductions run in rounds until nothing changes (or a work budget
//! proportional to the problem's size runs out: the problem is then
//! reduced less, never wrongly), and each keeps the set of solutions:
//!
//! - **Blocking options.** An option that leaves some primary item fewer
//!   compatible options (itself included) than its lower bound can be in
//!   no solution: removed. Without bounds: an option that leaves some
//!   primary item no option compatible with it.
//! - **Implied items.** An item whose constraint the others already
//!   enforce is dropped. A primary item `j` goes when its upper bound is
//!   implied (it has no more options than the bound, or all its options
//!   hold a primary item `i` whose upper bound is no larger) and so is its
//!   lower bound (it is 0, or all the options of a primary item `i` whose
//!   lower bound is no smaller hold `j`), provided each of its options keeps
//!   another primary item. Two primary items with the same options are
//!   merged: one goes, the other takes the intersection of their bounds. A
//!   secondary item goes when no two of its options can clash on it alone:
//!   it has one option, or they all give it the same color, or they all hold
//!   a primary item held at most once.
//!
//! Together these are DLX-PRE's *forced items*: if every option of `i`
//! (exactly once) holds `j`, the options of `j` that clash with all of
//! them block `i` and go, and then `j` is implied and goes. For a
//! secondary `j` the clash depends on colors: when `i`'s options all give
//! `j` one color `c`, the options of `j` without `i` that do not give it `c`
//! go, and then every option gives `j` the color `c` and `j` goes; when
//! `i`'s options give `j` different colors, only the options of `j` that
//! agree with none of them go, and `j` stays. With bounds the same rules
//! apply, and merge less: an item that every option of `i` holds stays
//! when `i` may be held more than once (its options may meet on `j`), or
//! when `j` may be held more than once (the options of `j` without `i` are
//! still needed). [`Reduction::forced_items_kept`] counts those pairs.
//!
//! Options without a primary item are removed (the search ignores them);
//! a primary item that no option holds stays, keeping the count at zero.
//!
//! Option costs are kept: each option of the reduced problem costs what
//! its original does, and since the solutions map one to one, option for
//! option, so do their costs (the cheapest solutions are the same).
//!
//! ```
//! use dancing::format;
//! use dancing::expert::reduce;
//!
//! // Every option of `a` gives `x` the color 1: `c x:2`, which could never
//! // join one of them, goes; then every option left gives `x` the color 1,
//! // and `x` says nothing more.
//! let text = "a b c | x\na x:1\na b x:1\nb\nc x:2\nc x:1\n";
//! let problem = format::read_str(text)?.problem;
//! let reduction = reduce(&problem);
//! let mut written = Vec::new();
//! format::write(reduction.problem(), &mut written)?;
//! assert_eq!(String::from_utf8(written)?, "a b c\na\na b\nb\nc\n");
//! assert_eq!((reduction.removed_options(), reduction.removed_items()), (1, 1));
//! assert_eq!(reduction.original(dancing::OptionId::new(3)).index(), 4); // c (was c x:1)
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod blocking;
mod classes;
mod implied;

use crate::cancel::CANCEL_CHECK;
use crate::problem::text::counted;
use crate::problem::{ItemId, ItemKind, OptionId, Problem};
use crate::relabel::rebuild_with_bounds;
use crate::stop::Stop;

/// A reduced problem, and the way back to the original's options.
///
/// ```
/// use dancing::format;
/// use dancing::expert::reduce;
///
/// // `a` is only ever covered with `b`: `b c` can never be chosen, and `b`
/// // merges into `a`.
/// let problem = format::read_str("a b c\na b\nb c\nc\n")?.problem;
/// let reduced = reduce(&problem);
/// assert_eq!(reduced.problem().option_count(), 2); // a (was a b), c
/// assert_eq!(reduced.problem().item_count(), 2); // a, c
/// assert_eq!(reduced.original(dancing::OptionId::new(1)).index(), 2);
/// assert_eq!((reduced.removed_options(), reduced.removed_items()), (1, 1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Reduction {
    problem: Problem,
    /// The original of each option of `problem`.
    originals: Vec<OptionId>,
    removed_options: usize,
    removed_items: usize,
    tightened_bounds: usize,
    forced_items_kept: usize,
    rounds: usize,
    complete: bool,
    /// The steps of work spent (the budget's unit), the count included.
    work: u64,
}

impl Reduction {
    /// The reduced problem.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The option of the original problem that `option` of the reduced one
    /// is (its entries on dropped items left out).
    ///
    /// # Panics
    /// If `option` is not an option of the reduced problem.
    pub fn original(&self, option: OptionId) -> OptionId {
        self.originals[option.index()]
    }

    /// How many options were removed.
    pub fn removed_options(&self) -> usize {
        self.removed_options
    }

    /// How many items were dropped (merged, implied, or held by no option).
    pub fn removed_items(&self) -> usize {
        self.removed_items
    }

    /// How many primary items took narrower bounds from an item with the
    /// same options merged into them.
    pub fn tightened_bounds(&self) -> usize {
        self.tightened_bounds
    }

    /// How many pairs `(i, j)` are left where every option of the primary
    /// item `i` holds the item `j`, but merging `j` into `i` would not be
    /// sound: `i`'s options give `j` different colors, or bounds let `i` or
    /// `j` be held more than once. Always 0 for a problem without colors
    /// and bounds that was reduced completely; not counted (0) when the
    /// work budget ran out.
    pub fn forced_items_kept(&self) -> usize {
        self.forced_items_kept
    }

    /// How many rounds of reductions ran.
    pub fn rounds(&self) -> usize {
        self.rounds
    }

    /// Whether the reductions ran until nothing changed (else the work
    /// budget ran out first).
    pub fn is_complete(&self) -> bool {
        self.complete
    }

    /// The steps of work the reductions took, about one per entry looked
    /// at: the unit of their budget, 512 steps per entry of the problem.
    pub fn work(&self) -> u64 {
        self.work
    }

    /// One line that says what was removed from `original` (the problem
    /// reduced), and what was left alone because reducing it would not be
    /// sound, as `dlx reduce` reports it:
    ///
    /// ```
    /// use dancing::format;
    /// use dancing::expert::reduce;
    ///
    /// let problem = format::read_str("a b c\na b\nb c\nc\n")?.problem;
    /// assert_eq!(
    ///     reduce(&problem).summary(&problem),
    ///     "removed 1 of 3 options and 1 of 3 items in 2 rounds"
    /// );
    /// # Ok::<(), dancing::format::ParseError>(())
    /// ```
    pub fn summary(&self, original: &Problem) -> String {
        let mut line = format!(
            "removed {} of {} and {} of {} in {}",
            self.removed_options,
            counted(original.option_count(), "option"),
            self.removed_items,
            counted(original.item_count(), "item"),
            counted(self.rounds, "round"),
        );
        if self.tightened_bounds > 0 {
            line += &format!(
                ", narrowed the bounds of {}",
                counted(self.tightened_bounds, "item")
            );
        }
        if self.forced_items_kept > 0 {
            line += &format!(
                "; kept {} (colors or bounds make merging them unsound)",
                counted(self.forced_items_kept, "forced item")
            );
        }
        if !self.complete {
            line += " (stopped at the work limit: reduced less than it could be)";
        }
        line
    }
}

/// Steps of work per entry of the problem before the reductions stop.
const WORK_PER_ENTRY: u64 = 512;

/// Reduces `problem` (see the [module documentation](self)): any problem,
/// with or without colors and bounds.
pub fn reduce(problem: &Problem) -> Reduction {
    match reduce_with(problem, &Stop::new()) {
        Some(reduction) => reduction,
        None => unreachable!("a reduction that is never cancelled completes"),
    }
}

/// [`reduce`], unless `stop` is requested: it is looked at every few
/// milliseconds of the work, so that reducing a huge problem can be
/// interrupted (by Ctrl-C), and once before it starts. `None` when
/// stopped.
///
/// ```
/// use dancing::{format, Stop};
/// use dancing::expert::reduce_with;
///
/// // `a` leaves `b` no option: only `a b` is left.
/// let problem = format::read_str("a b\na b\na\n")?.problem;
/// let stop = Stop::new();
/// let reduced = reduce_with(&problem, &stop).expect("not stopped");
/// assert_eq!(reduced.problem().option_count(), 1);
/// stop.request();
/// assert!(reduce_with(&problem, &stop).is_none());
/// # Ok::<(), dancing::format::ParseError>(())
/// ```
pub fn reduce_with(problem: &Problem, stop: &Stop) -> Option<Reduction> {
    let mut cancel = || stop.is_requested();
    if cancel() {
        return None;
    }
    let mut state = State::new(problem, &mut cancel);
    let mut rounds = 0;
    let complete = loop {
        rounds += 1;
        let Some(tightened) = state.drop_implied_items() else {
            break false;
        };
        match state.remove_blocking_options() {
            None => break false,
            // Options are as the items' pass saw them, and no bounds
            // narrowed: another round would find nothing.
            Some(false) if !tightened => break true,
            Some(_) => {}
        }
    };
    if state.cancelled {
        return None;
    }
    let forced_items_kept = if complete {
        state.forced_items_kept()
    } else {
        0
    };
    // Primary items first, as the rebuilt problem wants them.
    let mut kept_items: Vec<ItemId> = Vec::new();
    for kind in [ItemKind::Primary, ItemKind::Secondary] {
        kept_items.extend(
            problem
                .items()
                .filter(|&item| state.item_live[item.index()] && problem.item_kind(item) == kind),
        );
    }
    let originals: Vec<OptionId> = problem
        .options()
        .map(|(option, _)| option)
        .filter(|option| state.option_live[option.index()])
        .collect();
    let reduced = rebuild_with_bounds(problem, &kept_items, &originals, |item| {
        state.bounds[item.index()]
    })
    .expect("a built problem's own items and options, with narrower bounds, build again");
    Some(Reduction {
        removed_options: problem.option_count() - originals.len(),
        removed_items: problem.item_count() - kept_items.len(),
        tightened_bounds: state.tightened,
        forced_items_kept,
        problem: reduced,
        originals,
        rounds,
        complete,
        work: state.spent,
    })
}

/// An option in an item's list, with the color it gives the item (0 for
/// none, else the problem's color code) and the item's place in it.
#[derive(Clone, Copy, Debug)]
struct Entry {
    option: OptionId,
    color: u32,
    place: u32,
}

/// The live part of the problem as the reductions go.
struct State<'p> {
    problem: &'p Problem,
    option_live: Vec<bool>,
    item_live: Vec<bool>,
    /// The bounds of each item as the reductions narrow them (secondary
    /// items: `(0, 1)`, unused).
    bounds: Vec<(u32, u32)>,
    /// The options of each item (dead ones dropped at the end of a pass).
    options_of: Vec<Vec<Entry>>,
    /// How many live options hold each item.
    live_len: Vec<u32>,
    /// A stamp per item, for marking the items of one option, and per
    /// option, for the options met while testing one.
    item_stamps: Vec<u64>,
    option_stamps: Vec<u64>,
    stamp: u64,
    /// How many options clash with the option being tested, per primary
    /// item (valid where `conflict_stamps` is the current stamp).
    conflicts: Vec<u32>,
    conflict_stamps: Vec<u64>,
    /// The color the option being tested gives each item it marks.
    marked_color: Vec<u32>,
    /// Per primary item, the last option found compatible with an option
    /// being tested: often compatible with the next one too.
    witness: Vec<Option<OptionId>>,
    /// How many primary items took narrower bounds.
    tightened: usize,
    /// Steps of work left.
    budget: u64,
    /// Steps of work spent.
    spent: u64,
    /// Asked every [`CANCEL_CHECK`] steps whether to stop.
    cancel: &'p mut dyn FnMut() -> bool,
    /// Steps since `cancel` was last asked.
    unchecked: usize,
    /// Whether `cancel` said to stop (the budget is then spent).
    cancelled: bool,
}

impl<'p> State<'p> {
    fn new(problem: &'p Problem, cancel: &'p mut dyn FnMut() -> bool) -> State<'p> {
        let items = problem.item_count();
        let mut options_of = vec![Vec::new(); items];
        for (option, members) in problem.options() {
            let codes = problem.color_codes(option);
            for (k, item) in members.iter().enumerate() {
                let color = codes.map_or(0, |codes| codes[k]);
                let place = k as u32;
                options_of[item.index()].push(Entry {
                    option,
                    color,
                    place,
                });
            }
        }
        let live_len = options_of.iter().map(|list| list.len() as u32).collect();
        let mut state = State {
            problem,
            option_live: vec![true; problem.option_count()],
            item_live: vec![true; items],
            bounds: problem
                .items()
                .map(|item| problem.item_bounds(item))
                .collect(),
            options_of,
            live_len,
            item_stamps: vec![0; items],
            option_stamps: vec![0; problem.option_count()],
            stamp: 0,
            conflicts: vec![0; items],
            conflict_stamps: vec![0; items],
            marked_color: vec![0; items],
            witness: vec![None; items],
            tightened: 0,
            budget: (problem.entry_count() as u64 + 1).saturating_mul(WORK_PER_ENTRY),
            spent: 0,
            cancel,
            unchecked: 0,
            cancelled: false,
        };
        // Options without a primary item are never chosen.
        for &option in problem.ignored_options() {
            state.remove_option(option);
        }
        state.prune_lists();
        state
    }

    /// Spends `steps` of the budget: `false` when it has run out.
    fn spend(&mut self, steps: usize) -> bool {
        self.budget = self.budget.saturating_sub(steps as u64);
        self.spent = self.spent.saturating_add(steps as u64);
        self.unchecked = self.unchecked.saturating_add(steps);
        if self.unchecked >= CANCEL_CHECK {
            self.unchecked = 0;
            if !self.cancelled && (self.cancel)() {
                self.cancelled = true;
            }
        }
        if self.cancelled {
            self.budget = 0;
        }
        self.budget > 0
    }

    fn is_primary(&self, item: ItemId) -> bool {
        self.problem.item_kind(item) == ItemKind::Primary
    }

    fn is_live_primary(&self, item: ItemId) -> bool {
        self.item_live[item.index()] && self.is_primary(item)
    }

    /// The live items of `option`, with the colors it gives them.
    fn entries(&self, option: OptionId) -> impl Iterator<Item = (ItemId, u32)> + '_ {
        let codes = self.problem.color_codes(option);
        self.problem
            .option(option)
            .iter()
            .enumerate()
            .filter(|(_, item)| self.item_live[item.index()])
            .map(move |(k, &item)| (item, codes.map_or(0, |codes| codes[k])))
    }

    /// The live options of `item`.
    fn live_options(&self, item: ItemId) -> impl Iterator<Item = Entry> + '_ {
        self.options_of[item.index()]
            .iter()
            .copied()
            .filter(|entry| self.option_live[entry.option.index()])
    }

    fn remove_option(&mut self, option: OptionId) {
        self.option_live[option.index()] = false;
        for &item in self.problem.option(option) {
            self.live_len[item.index()] -= 1;
        }
    }

    /// Drops the removed options from every item's list.
    fn prune_lists(&mut self) {
        let live = &self.option_live;
        for list in &mut self.options_of {
            list.retain(|entry| live[entry.option.index()]);
        }
    }

    /// How many pairs `(i, j)` are left where every live option of the live
    /// primary item `i` holds the live item `j` (see
    /// [`Reduction::forced_items_kept`]): for each, the members of the
    /// supersets of `i`'s class but `i`. 0 when its own budget runs out.
    fn forced_items_kept(&mut self) -> usize {
        // Counting needs work of its own, beyond the reductions' budget.
        self.budget = (self.problem.entry_count() as u64 + 1).saturating_mul(WORK_PER_ENTRY);
        let Some(classes) = self.classes() else {
            return 0;
        };
        (0..classes.len() as u32)
            .map(|c| {
                let held: usize = classes.supersets(c).iter().map(|&s| classes.size(s)).sum();
                classes.primary_members(c).len() * (held - 1)
            })
            .sum()
    }
}

#[cfg(test)]
mod tests;
