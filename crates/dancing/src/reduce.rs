//! Preprocessing, as Knuth's DLX-PRE does it: an equivalent, smaller
//! problem, whose solutions map one to one to the original's.
//!
//! Rounds of two reductions, until neither changes anything (or a work
//! budget proportional to the problem's size runs out: the problem is then
//! reduced less, never wrongly):
//!
//! - **Blocking options.** An option that leaves some primary item with
//!   no option disjoint from it can never be in a solution: removed.
//! - **Forced items.** If every option that holds item `i` (primary) also
//!   holds item `j`, then covering `i` covers `j`: the options that hold `j`
//!   but not `i` are removed, and `j`, whose options are now `i`'s, is
//!   dropped (merged into `i`).
//!
//! Secondary items that no option holds any more are dropped too, and so
//! are options without a primary item (the search ignores them); a primary
//! item that no option holds stays, keeping the count at zero. Only plain
//! problems are reduced: colors and bounds change what "disjoint" and
//! "covered" mean, and are refused ([`ReduceError`]).

use std::fmt;

use crate::problem::{ItemId, ItemKind, OptionId, Problem};
use crate::relabel::rebuild;

/// Why a problem was not reduced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReduceError {
    /// The problem has colors, which the reductions do not handle.
    Colors,
    /// The problem has bounds on its items, which they do not handle.
    Bounds,
}

impl fmt::Display for ReduceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ReduceError::Colors => "problems with colors are not reduced",
            ReduceError::Bounds => "problems with item bounds (multiplicities) are not reduced",
        })
    }
}

impl std::error::Error for ReduceError {}

/// A reduced problem, and the way back to the original's options.
///
/// ```
/// use dancing::{format, reduce};
///
/// // `a` is only ever covered with `b`: `b c` can never be chosen, and `b`
/// // merges into `a`.
/// let problem = format::read_str("a b c\na b\nb c\nc\n")?.problem;
/// let reduced = reduce(&problem)?;
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
    rounds: usize,
    complete: bool,
}

impl Reduction {
    /// The reduced problem.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The option of the original problem that `option` of the reduced one
    /// is (its entries on merged items left out).
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

    /// How many items were dropped (merged, or held by no option).
    pub fn removed_items(&self) -> usize {
        self.removed_items
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
}

/// Steps of work per entry of the problem before the reductions stop.
const WORK_PER_ENTRY: u64 = 256;

/// Reduces `problem` (see the [module documentation](self)).
///
/// # Errors
/// For a problem with colors or bounds.
pub fn reduce(problem: &Problem) -> Result<Reduction, ReduceError> {
    if problem.has_colors() {
        return Err(ReduceError::Colors);
    }
    if problem.has_bounds() {
        return Err(ReduceError::Bounds);
    }
    let mut state = State::new(problem);
    let mut rounds = 0;
    let complete = loop {
        rounds += 1;
        let merged = state.merge_forced_items();
        let blocked = state.remove_blocking_options();
        match (merged, blocked) {
            (Some(false), Some(false)) => break true,
            (None, _) | (_, None) => break false,
            _ => {}
        }
    };
    let kept_items: Vec<ItemId> = problem
        .items()
        .filter(|&item| {
            state.item_live[item.index()]
                && (problem.item_kind(item) == ItemKind::Primary
                    || !state.options_of[item.index()].is_empty())
        })
        .collect();
    let originals: Vec<OptionId> = problem
        .options()
        .map(|(option, _)| option)
        .filter(|option| state.option_live[option.index()])
        .collect();
    let reduced = rebuild(problem, &kept_items, &originals)
        .expect("a built problem's own items and options build again");
    Ok(Reduction {
        removed_options: problem.option_count() - originals.len(),
        removed_items: problem.item_count() - kept_items.len(),
        problem: reduced,
        originals,
        rounds,
        complete,
    })
}

/// The live part of the problem as the reductions go.
struct State<'p> {
    problem: &'p Problem,
    option_live: Vec<bool>,
    item_live: Vec<bool>,
    /// The live options of each item (kept up to date lazily: filtered
    /// when read).
    options_of: Vec<Vec<OptionId>>,
    /// A stamp per item, for marking the items of one option.
    stamps: Vec<u64>,
    stamp: u64,
    /// Steps of work left.
    budget: u64,
}

impl<'p> State<'p> {
    fn new(problem: &'p Problem) -> State<'p> {
        let mut options_of = vec![Vec::new(); problem.item_count()];
        for (option, items) in problem.options() {
            for item in items {
                options_of[item.index()].push(option);
            }
        }
        let mut state = State {
            problem,
            option_live: vec![true; problem.option_count()],
            item_live: vec![true; problem.item_count()],
            options_of,
            stamps: vec![0; problem.item_count()],
            stamp: 0,
            budget: (problem.entry_count() as u64 + 1).saturating_mul(WORK_PER_ENTRY),
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
        self.budget > 0
    }

    /// The live items of `option`.
    fn items(&self, option: OptionId) -> impl Iterator<Item = ItemId> + '_ {
        self.problem
            .option(option)
            .iter()
            .copied()
            .filter(|item| self.item_live[item.index()])
    }

    fn remove_option(&mut self, option: OptionId) {
        self.option_live[option.index()] = false;
    }

    /// Drops the removed options from every item's list.
    fn prune_lists(&mut self) {
        let live = &self.option_live;
        for list in &mut self.options_of {
            list.retain(|option| live[option.index()]);
        }
    }

    /// For each primary item `i`, the items every live option of `i`
    /// holds: their options without `i` are removed and they are dropped.
    /// `Some(changed)`, or `None` when the budget ran out.
    fn merge_forced_items(&mut self) -> Option<bool> {
        let mut changed = false;
        let mut common: Vec<ItemId> = Vec::new();
        for i in self.problem.items() {
            if !self.item_live[i.index()] || self.problem.item_kind(i) != ItemKind::Primary {
                continue;
            }
            let options: Vec<OptionId> = self.options_of[i.index()]
                .iter()
                .copied()
                .filter(|option| self.option_live[option.index()])
                .collect();
            let Some(&first) = options.first() else {
                continue;
            };
            // The items of the first option, kept while every other holds them.
            common.clear();
            common.extend(self.items(first).filter(|&j| j != i));
            for &option in &options[1..] {
                if common.is_empty() {
                    break;
                }
                self.stamp += 1;
                let stamp = self.stamp;
                let items: Vec<ItemId> = self.items(option).collect();
                for &item in &items {
                    self.stamps[item.index()] = stamp;
                }
                common.retain(|j| self.stamps[j.index()] == stamp);
                if !self.spend(items.len()) {
                    return None;
                }
            }
            for &j in &common {
                let with_j = std::mem::take(&mut self.options_of[j.index()]);
                for &option in &with_j {
                    if self.option_live[option.index()] && !self.problem.option(option).contains(&i)
                    {
                        self.remove_option(option);
                    }
                }
                // `j`'s options are now `i`'s: it says nothing more.
                self.item_live[j.index()] = false;
                changed = true;
                if !self.spend(with_j.len()) {
                    return None;
                }
            }
        }
        self.prune_lists();
        Some(changed)
    }

    /// Removes each option that leaves some live primary item without an
    /// option disjoint from it. `Some(changed)`, or `None` when the budget
    /// ran out.
    fn remove_blocking_options(&mut self) -> Option<bool> {
        let mut changed = false;
        let primaries: Vec<ItemId> = self
            .problem
            .items()
            .filter(|&item| {
                self.item_live[item.index()] && self.problem.item_kind(item) == ItemKind::Primary
            })
            .collect();
        for (option, _) in self.problem.options() {
            if !self.option_live[option.index()] {
                continue;
            }
            self.stamp += 1;
            let stamp = self.stamp;
            let items: Vec<ItemId> = self.items(option).collect();
            for &item in &items {
                self.stamps[item.index()] = stamp;
            }
            let mut steps = items.len();
            let mut blocks = false;
            for &item in &primaries {
                if self.stamps[item.index()] == stamp {
                    continue;
                }
                let list = &self.options_of[item.index()];
                let open = list.iter().any(|&other| {
                    steps += 1;
                    self.option_live[other.index()]
                        && self
                            .items(other)
                            .all(|held| self.stamps[held.index()] != stamp)
                });
                if !open {
                    blocks = true;
                    break;
                }
            }
            if blocks {
                self.remove_option(option);
                changed = true;
            }
            if !self.spend(steps) {
                self.prune_lists();
                return None;
            }
        }
        self.prune_lists();
        Some(changed)
    }
}
