//! Exact-cover problems: items, options, and the builder that checks them.
//!
//! Beyond plain exact cover, a problem may give a *color* to a secondary
//! item of an option (Knuth's XCC, Algorithm C): options that give an item
//! the same color may share it. And a primary item may carry *bounds*
//! `lower..=upper` on the number of options of a solution that hold it
//! (Knuth's multiplicities, Algorithm M). A problem that uses neither stores
//! nothing for them.
//!
//! A [`Problem`] is immutable once built and is `Send + Sync`, so many searches
//! (on many threads) can share one. The search state lives elsewhere
//! ([`Solver`](crate::expert::Solver)).
//!
//! An option may also have a *cost* (Knuth's DLX5), a nonnegative
//! integer: a minimum-cost search looks for the solutions whose options'
//! costs add up to the least; every other search ignores costs.
//!
//! The numbers that name items, options and colors are in `ids`; the
//! builder, which checks every option, and its error are in `builder`;
//! how items, colors and options are written in words, in `text`.

pub(crate) mod builder;
mod ids;
pub(crate) mod text;

pub use ids::{ColorId, ItemId, ItemKind, OptionId};
pub use text::EntryText;

use crate::names::Names;

/// The largest number of matrix nodes (items + option entries + spacers) a
/// problem may need: links are `u32`, and the search marks covered items by
/// adding 2^30 to their lengths, which must stay below 2^31.
pub(crate) const MAX_NODES: usize = (1 << 30) - 1;

/// An exact-cover problem: items and options, with optional item names.
///
/// Build one with [`ProblemBuilder`](crate::ProblemBuilder); read one from Knuth's text format with
/// [`format::read`](crate::format::read).
#[derive(Clone, Debug, Default)]
pub struct Problem {
    kinds: Vec<ItemKind>,
    names: Names,
    primary_count: usize,
    /// The items of every option, one option after another.
    option_items: Vec<ItemId>,
    /// `option_items[option_ends[k - 1]..option_ends[k]]` is option `k`.
    option_ends: Vec<u32>,
    /// Options without a primary item, which the search ignores.
    ignored: Vec<OptionId>,
    /// The matrix column of each item, when a primary item was declared after
    /// a secondary one; empty when columns follow declaration order.
    columns: Vec<u32>,
    /// The color names, in order of their ids.
    colors: Names,
    /// The color code of every entry, parallel to `option_items`: 0 for no
    /// color, `c` for `ColorId::new(c - 1)`. Empty when no entry has a
    /// color, so that plain problems pay nothing for colors.
    entry_colors: Vec<u32>,
    /// `(lower, upper)` of every item, when some primary item has bounds
    /// other than `(1, 1)`; empty otherwise (after `build`).
    bounds: Vec<(u32, u32)>,
    /// The cost of every option (Knuth's DLX5), when some option has a
    /// cost other than 0; empty otherwise (after `build`).
    costs: Vec<u64>,
}

/// The largest cost an option may have: a solution's cost, the sum of
/// fewer than 2^30 options' (see `MAX_NODES`), then fits in 64 bits with
/// room to spare.
pub const MAX_OPTION_COST: u64 = u32::MAX as u64;

impl PartialEq for Problem {
    /// The same items (kinds, names, bounds) and the same options in the
    /// same order, each entry with the same color *name*: colors are
    /// compared by name, so the order in which they were declared, and
    /// colors no option uses, do not matter.
    fn eq(&self, other: &Problem) -> bool {
        self.kinds == other.kinds
            && self.names == other.names
            && self.option_items == other.option_items
            && self.option_ends == other.option_ends
            && self
                .items()
                .all(|item| self.item_bounds(item) == other.item_bounds(item))
            && self.same_entry_colors(other)
            && (0..self.option_count())
                .map(OptionId::new)
                .all(|option| self.option_cost(option) == other.option_cost(option))
    }
}

impl Eq for Problem {}

impl Problem {
    /// The number of items, primary and secondary.
    pub fn item_count(&self) -> usize {
        self.kinds.len()
    }

    /// The number of primary items.
    pub fn primary_count(&self) -> usize {
        self.primary_count
    }

    /// The number of secondary items.
    pub fn secondary_count(&self) -> usize {
        self.kinds.len() - self.primary_count
    }

    /// The number of options, ignored ones included.
    pub fn option_count(&self) -> usize {
        self.option_ends.len()
    }

    /// The total number of item entries over all options (the 1s of the matrix).
    pub fn entry_count(&self) -> usize {
        self.option_items.len()
    }

    /// Every item, in declaration order.
    pub fn items(&self) -> impl ExactSizeIterator<Item = ItemId> + '_ {
        (0..self.kinds.len()).map(ItemId::new)
    }

    /// Whether `item` is primary or secondary.
    ///
    /// # Panics
    /// If `item` is not an item of this problem.
    pub fn item_kind(&self, item: ItemId) -> ItemKind {
        self.kinds[item.index()]
    }

    /// The name of `item`, if it was given one.
    pub fn item_name(&self, item: ItemId) -> Option<&str> {
        self.names.get(item.index())
    }

    /// The item called `name`.
    pub fn item_by_name(&self, name: &str) -> Option<ItemId> {
        self.names.find(name).map(ItemId::new)
    }

    /// The items of `option`, in the order they were given.
    ///
    /// # Panics
    /// If `option` is not an option of this problem.
    pub fn option(&self, option: OptionId) -> &[ItemId] {
        let (start, end) = self.option_range(option);
        &self.option_items[start..end]
    }

    /// Every option with its id, in order, ignored ones included.
    pub fn options(&self) -> impl ExactSizeIterator<Item = (OptionId, &[ItemId])> + '_ {
        (0..self.option_count()).map(|k| {
            let id = OptionId::new(k);
            (id, self.option(id))
        })
    }

    /// The options that have no primary item. Like Knuth's DLX1, the search
    /// ignores them: they could only ever be added to a solution of the rest.
    pub fn ignored_options(&self) -> &[OptionId] {
        &self.ignored
    }

    /// Whether some entry of some option carries a color.
    pub fn has_colors(&self) -> bool {
        !self.entry_colors.is_empty()
    }

    /// Whether some primary item has bounds other than `(1, 1)`.
    pub fn has_bounds(&self) -> bool {
        !self.bounds.is_empty()
    }

    /// The number of colors declared.
    pub fn color_count(&self) -> usize {
        self.colors.len()
    }

    /// The name of `color`, if the problem has that color.
    pub fn color_name(&self, color: ColorId) -> Option<&str> {
        self.colors.get(color.index())
    }

    /// The color called `name`.
    pub fn color_by_name(&self, name: &str) -> Option<ColorId> {
        self.colors.find(name).map(ColorId::new)
    }

    /// The colors of `option`'s entries, parallel to
    /// [`option(option)`](Self::option): `None` for an entry without one.
    ///
    /// # Panics
    /// If `option` is not an option of this problem.
    pub fn option_colors(
        &self,
        option: OptionId,
    ) -> impl ExactSizeIterator<Item = Option<ColorId>> + '_ {
        let codes = self.color_codes(option);
        let length = self.option(option).len();
        (0..length).map(move |k| codes.and_then(|codes| ColorId::from_code(codes[k])))
    }

    /// `(lower, upper)`: how many options of a solution must hold `item`.
    /// A primary item's default is `(1, 1)`; a secondary item's is always
    /// `(0, 1)` (it has no bounds: options that agree on its color may
    /// share it).
    ///
    /// # Panics
    /// If `item` is not an item of this problem.
    pub fn item_bounds(&self, item: ItemId) -> (u32, u32) {
        match self.kinds[item.index()] {
            ItemKind::Secondary => (0, 1),
            ItemKind::Primary => self.bounds.get(item.index()).copied().unwrap_or((1, 1)),
        }
    }

    /// Whether some option has a cost other than 0 (Knuth's DLX5).
    pub fn has_costs(&self) -> bool {
        !self.costs.is_empty()
    }

    /// The cost of `option`: 0 unless one was set (Knuth's DLX5 writes
    /// `|n` on its line).
    ///
    /// # Panics
    /// If `option` is not an option of this problem.
    pub fn option_cost(&self, option: OptionId) -> u64 {
        assert!(option.index() < self.option_count(), "no such option");
        self.costs.get(option.index()).copied().unwrap_or(0)
    }

    /// For the matrix builder: the raw color codes of `option`'s entries,
    /// parallel to [`option(option)`](Self::option): 0 is no color, `c` is
    /// `ColorId::new(c - 1)`. `None` when the problem has no colors at all.
    pub(crate) fn color_codes(&self, option: OptionId) -> Option<&[u32]> {
        if self.entry_colors.is_empty() {
            return None;
        }
        let (start, end) = self.option_range(option);
        Some(&self.entry_colors[start..end])
    }

    /// Where `option`'s entries are in `option_items`.
    fn option_range(&self, option: OptionId) -> (usize, usize) {
        let k = option.index();
        let start = if k == 0 {
            0
        } else {
            self.option_ends[k - 1] as usize
        };
        (start, self.option_ends[k] as usize)
    }

    /// Whether every entry has the same color name in both problems (whose
    /// options are known to be the same).
    fn same_entry_colors(&self, other: &Problem) -> bool {
        fn name(problem: &Problem, k: usize) -> Option<&str> {
            problem
                .entry_colors
                .get(k)
                .and_then(|&code| ColorId::from_code(code))
                .and_then(|color| problem.color_name(color))
        }
        match (self.has_colors(), other.has_colors()) {
            (false, false) => true,
            (true, true) => (0..self.entry_colors.len()).all(|k| name(self, k) == name(other, k)),
            _ => false,
        }
    }

    /// The matrix column of `item`, counting from 1: primary items first,
    /// then secondary ones, each in declaration order.
    pub(crate) fn column_of(&self, item: ItemId) -> u32 {
        if self.columns.is_empty() {
            item.index() as u32 + 1
        } else {
            self.columns[item.index()]
        }
    }
}
