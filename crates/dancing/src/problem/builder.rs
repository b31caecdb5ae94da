//! [`ProblemBuilder`], which checks every item and option as it is added,
//! and [`BuildError`], why it refused one.

use std::fmt;

use super::{ColorId, ItemId, ItemKind, MAX_NODES, MAX_OPTION_COST, OptionId, Problem};

/// Why a problem could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BuildError {
    /// An option names an item index the problem does not have.
    UnknownItem {
        /// The index that was given.
        index: usize,
    },
    /// An option names an item that was never declared.
    UnknownItemName {
        /// The name that was given.
        name: String,
    },
    /// The same item appears twice in one option.
    DuplicateItemInOption {
        /// The repeated item.
        item: ItemId,
    },
    /// Two items were declared with the same name.
    DuplicateItemName {
        /// The repeated name.
        name: String,
    },
    /// A name that Knuth's format could not carry: empty, or containing
    /// whitespace, `:` or `|`.
    InvalidItemName {
        /// The rejected name.
        name: String,
    },
    /// The problem has no primary item, so every set of options would be a
    /// solution.
    NoPrimaryItem,
    /// An option gives a color to a primary item; only secondary items
    /// carry colors.
    ColorOnPrimaryItem {
        /// The primary item.
        item: ItemId,
    },
    /// An option uses a color index the problem does not have.
    UnknownColor {
        /// The index that was given.
        index: usize,
    },
    /// A color name that Knuth's format could not carry: empty, or
    /// containing whitespace, `:` or `|`.
    InvalidColorName {
        /// The rejected name.
        name: String,
    },
    /// Bounds were given to a secondary item; only primary items have them
    /// (a secondary item is held by at most one option, or by options that
    /// agree on its color).
    BoundsOnSecondaryItem {
        /// The secondary item.
        item: ItemId,
    },
    /// Bounds whose lower end exceeds the upper (`3:2|X`).
    LowerAboveUpper {
        /// The item.
        item: ItemId,
        /// The lower bound given.
        lower: u32,
        /// The upper bound given.
        upper: u32,
    },
    /// An upper bound of 0 (`0:0|X`): the item could be in no option of a
    /// solution, which is no item at all.
    ZeroUpperBound {
        /// The item.
        item: ItemId,
    },
    /// More items or option entries than the engine's `u32` links can address.
    TooLarge,
    /// A cost was given to an option the problem does not have.
    UnknownOption {
        /// The index that was given.
        index: usize,
    },
    /// An option cost above [`MAX_OPTION_COST`].
    CostTooLarge {
        /// The option.
        option: OptionId,
        /// The cost given.
        cost: u64,
    },
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::UnknownItem { index } => write!(f, "unknown item #{index}"),
            BuildError::UnknownItemName { name } => write!(f, "unknown item `{name}`"),
            BuildError::DuplicateItemInOption { item } => {
                write!(f, "item #{} appears twice in one option", item.index())
            }
            BuildError::DuplicateItemName { name } => {
                write!(f, "item `{name}` is declared twice")
            }
            BuildError::InvalidItemName { name } => write!(
                f,
                "invalid item name {name:?}: names must be non-empty, without whitespace, `:` or `|`"
            ),
            BuildError::NoPrimaryItem => write!(f, "the problem has no primary item"),
            BuildError::ColorOnPrimaryItem { item } => write!(
                f,
                "item #{} is primary: only secondary items can carry a color",
                item.index()
            ),
            BuildError::UnknownColor { index } => write!(f, "unknown color #{index}"),
            BuildError::InvalidColorName { name } => write!(
                f,
                "invalid color name {name:?}: names must be non-empty, without whitespace, `:` or `|`"
            ),
            BuildError::BoundsOnSecondaryItem { item } => write!(
                f,
                "item #{} is secondary: only primary items can have bounds",
                item.index()
            ),
            BuildError::LowerAboveUpper { item, lower, upper } => write!(
                f,
                "item #{}: the lower bound {lower} exceeds the upper bound {upper}",
                item.index()
            ),
            BuildError::ZeroUpperBound { item } => write!(
                f,
                "item #{}: an upper bound of 0 would keep it out of every solution",
                item.index()
            ),
            BuildError::TooLarge => write!(f, "the problem is too large for 32-bit links"),
            BuildError::UnknownOption { index } => write!(f, "unknown option #{index}"),
            BuildError::CostTooLarge { option, cost } => write!(
                f,
                "option #{}: cost {cost} is too large (at most {MAX_OPTION_COST})",
                option.index()
            ),
        }
    }
}

impl std::error::Error for BuildError {}

/// Options up to this length are checked for repeated items by a scan.
const SHORT_OPTION: usize = 32;

/// Builds a [`Problem`], checking every option as it is added.
///
/// ```
/// use dancing::ProblemBuilder;
/// use dancing::expert::{Solver, Search};
/// use bumpalo::Bump;
///
/// let mut builder = ProblemBuilder::new();
/// let a = builder.primary_item("a")?;
/// let b = builder.primary_item("b")?;
/// let x = builder.secondary_item("x")?;
/// builder.option([a, x])?;
/// builder.option([b, x])?; // conflicts with the first on `x`
/// builder.option([b])?;
/// let problem = builder.build()?;
///
/// let bump = Bump::new();
/// assert_eq!(Solver::new(&problem, &bump).count(), 1);
/// # Ok::<(), dancing::BuildError>(())
/// ```
#[derive(Debug, Default)]
pub struct ProblemBuilder {
    problem: Problem,
    /// `last_seen[item]` is the stamp of the last long option that contained
    /// `item`: finds an item repeated within a long option in O(1).
    /// Short options are checked by a scan instead, so the common case needs
    /// no per-item buffer at all.
    last_seen: Vec<u32>,
    long_option_stamp: u32,
    secondary_declared: bool,
    primary_after_secondary: bool,
}

impl ProblemBuilder {
    /// An empty builder.
    pub fn new() -> ProblemBuilder {
        ProblemBuilder::default()
    }

    /// A builder that reuses the memory of a problem that is no longer needed,
    /// so that building many problems in a loop allocates nothing once the
    /// buffers have grown to size.
    pub fn recycle(problem: Problem) -> ProblemBuilder {
        let mut problem = problem;
        problem.kinds.clear();
        problem.names.clear();
        problem.primary_count = 0;
        problem.option_items.clear();
        problem.option_ends.clear();
        problem.ignored.clear();
        problem.columns.clear();
        problem.colors.clear();
        problem.entry_colors.clear();
        problem.bounds.clear();
        problem.costs.clear();
        ProblemBuilder {
            problem,
            last_seen: Vec::new(),
            long_option_stamp: 0,
            secondary_declared: false,
            primary_after_secondary: false,
        }
    }

    /// Declares a primary item called `name`.
    pub fn primary_item(&mut self, name: &str) -> Result<ItemId, BuildError> {
        self.named_item(name, ItemKind::Primary)
    }

    /// Declares a secondary item called `name`.
    pub fn secondary_item(&mut self, name: &str) -> Result<ItemId, BuildError> {
        self.named_item(name, ItemKind::Secondary)
    }

    /// Declares `count` unnamed primary items and returns the first; the
    /// others follow it (`ItemId::new(first.index() + k)`).
    pub fn primary_items(&mut self, count: usize) -> Result<ItemId, BuildError> {
        let first = self.new_items(count, ItemKind::Primary)?;
        self.problem.names.push_unnamed(count);
        Ok(first)
    }

    /// Declares `count` unnamed secondary items and returns the first.
    pub fn secondary_items(&mut self, count: usize) -> Result<ItemId, BuildError> {
        let first = self.new_items(count, ItemKind::Secondary)?;
        self.problem.names.push_unnamed(count);
        Ok(first)
    }

    /// The number of items declared so far.
    pub fn item_count(&self) -> usize {
        self.problem.kinds.len()
    }

    /// The item called `name`, if it has been declared.
    pub fn item_by_name(&self, name: &str) -> Option<ItemId> {
        self.problem.item_by_name(name)
    }

    /// Whether `item` is primary or secondary.
    ///
    /// # Panics
    /// If `item` has not been declared.
    pub fn item_kind(&self, item: ItemId) -> ItemKind {
        self.problem.item_kind(item)
    }

    fn named_item(&mut self, name: &str, kind: ItemKind) -> Result<ItemId, BuildError> {
        if !is_valid_name(name) {
            return Err(BuildError::InvalidItemName {
                name: name.to_owned(),
            });
        }
        if self.problem.kinds.len() + 1 > MAX_NODES / 2 {
            return Err(BuildError::TooLarge);
        }
        if !self.problem.names.push(name) {
            return Err(BuildError::DuplicateItemName {
                name: name.to_owned(),
            });
        }
        self.new_items(1, kind)
    }

    /// Adds `count` items of kind `kind` (their names are the caller's to
    /// add), returning the first.
    fn new_items(&mut self, count: usize, kind: ItemKind) -> Result<ItemId, BuildError> {
        let first = self.problem.kinds.len();
        if first + count > MAX_NODES / 2 {
            return Err(BuildError::TooLarge);
        }
        match kind {
            ItemKind::Primary => {
                self.problem.primary_count += count;
                self.primary_after_secondary |= self.secondary_declared && count > 0;
            }
            ItemKind::Secondary => self.secondary_declared |= count > 0,
        }
        self.problem.kinds.resize(first + count, kind);
        Ok(ItemId::new(first))
    }

    /// Adds an option: a set of distinct, declared items.
    ///
    /// An option with no primary item is accepted but ignored by the search
    /// (see [`Problem::ignored_options`]).
    pub fn option<I>(&mut self, items: I) -> Result<OptionId, BuildError>
    where
        I: IntoIterator<Item = ItemId>,
    {
        self.add_plain_option(items)
    }

    /// Adds an option whose entries may carry colors: a set of distinct,
    /// declared items, each secondary one with a color or none. Options
    /// that give a secondary item the same color may both be in a solution.
    ///
    /// ```
    /// use dancing::ProblemBuilder;
    ///
    /// let mut builder = ProblemBuilder::new();
    /// let a = builder.primary_item("a")?;
    /// let b = builder.primary_item("b")?;
    /// let x = builder.secondary_item("x")?;
    /// let red = builder.color("red")?;
    /// builder.colored_option([(a, None), (x, Some(red))])?;
    /// builder.colored_option([(b, None), (x, Some(red))])?; // agrees on x
    /// let problem = builder.build()?;
    /// assert!(problem.has_colors());
    /// assert_eq!(problem.color_name(red), Some("red"));
    /// # Ok::<(), dancing::BuildError>(())
    /// ```
    ///
    /// # Errors
    /// Those of [`option`](Self::option), and a color on a primary item
    /// ([`BuildError::ColorOnPrimaryItem`]) or a color the builder has not
    /// declared ([`BuildError::UnknownColor`]).
    pub fn colored_option<I>(&mut self, entries: I) -> Result<OptionId, BuildError>
    where
        I: IntoIterator<Item = (ItemId, Option<ColorId>)>,
    {
        self.add_option(entries)
    }

    /// Declares a color called `name`, or finds it if it was declared
    /// before (the same name always gives the same id). A valid name is
    /// as for items: non-empty, without whitespace, `:` or `|`.
    pub fn color(&mut self, name: &str) -> Result<ColorId, BuildError> {
        if let Some(color) = self.problem.color_by_name(name) {
            return Ok(color);
        }
        if !is_valid_name(name) {
            return Err(BuildError::InvalidColorName {
                name: name.to_owned(),
            });
        }
        // Codes are colors + 1 in a `u32`; a problem has at most as many
        // colors as entries, so this never binds in practice.
        if self.problem.colors.len() >= MAX_NODES {
            return Err(BuildError::TooLarge);
        }
        let color = ColorId::new(self.problem.colors.len());
        self.problem.colors.push(name);
        Ok(color)
    }

    /// Sets how many options of a solution must hold the primary item
    /// `item`: between `lower` and `upper`, both included (Knuth's DLX3
    /// writes `lower:upper|item`). The default is `(1, 1)`.
    ///
    /// # Errors
    /// An undeclared item, a secondary item
    /// ([`BuildError::BoundsOnSecondaryItem`]), `lower > upper`
    /// ([`BuildError::LowerAboveUpper`]) or `upper == 0`
    /// ([`BuildError::ZeroUpperBound`]).
    pub fn set_bounds(&mut self, item: ItemId, lower: u32, upper: u32) -> Result<(), BuildError> {
        let item_count = self.problem.kinds.len();
        if item.index() >= item_count {
            return Err(BuildError::UnknownItem {
                index: item.index(),
            });
        }
        if self.problem.kinds[item.index()] == ItemKind::Secondary {
            return Err(BuildError::BoundsOnSecondaryItem { item });
        }
        if upper == 0 {
            return Err(BuildError::ZeroUpperBound { item });
        }
        if lower > upper {
            return Err(BuildError::LowerAboveUpper { item, lower, upper });
        }
        if self.problem.bounds.is_empty() && (lower, upper) == (1, 1) {
            return Ok(());
        }
        // Secondary items' entries are never read (see `item_bounds`).
        self.problem.bounds.resize(item_count, (1, 1));
        self.problem.bounds[item.index()] = (lower, upper);
        Ok(())
    }

    /// Sets the cost of `option` (Knuth's DLX5: a minimum-cost search
    /// looks for the solutions whose costs add up to the least). The
    /// default is 0.
    ///
    /// ```
    /// use dancing::{OptionId, ProblemBuilder};
    ///
    /// let mut builder = ProblemBuilder::new();
    /// let a = builder.primary_item("a")?;
    /// let cheap = builder.option([a])?;
    /// let dear = builder.option([a])?;
    /// builder.set_option_cost(dear, 7)?;
    /// let problem = builder.build()?;
    /// assert_eq!((problem.option_cost(cheap), problem.option_cost(dear)), (0, 7));
    /// # Ok::<(), dancing::BuildError>(())
    /// ```
    ///
    /// # Errors
    /// An option not added yet ([`BuildError::UnknownOption`]), or a cost
    /// above [`MAX_OPTION_COST`] ([`BuildError::CostTooLarge`]).
    pub fn set_option_cost(&mut self, option: OptionId, cost: u64) -> Result<(), BuildError> {
        let option_count = self.problem.option_ends.len();
        if option.index() >= option_count {
            return Err(BuildError::UnknownOption {
                index: option.index(),
            });
        }
        if cost > MAX_OPTION_COST {
            return Err(BuildError::CostTooLarge { option, cost });
        }
        if self.problem.costs.is_empty() && cost == 0 {
            return Ok(());
        }
        if self.problem.costs.len() < option_count {
            self.problem.costs.resize(option_count, 0);
        }
        self.problem.costs[option.index()] = cost;
        Ok(())
    }

    /// Adds a plain option: the builder's hot loop when reading or
    /// generating big problems, so it touches nothing of colors per entry.
    fn add_plain_option<I>(&mut self, items: I) -> Result<OptionId, BuildError>
    where
        I: IntoIterator<Item = ItemId>,
    {
        let start = self.begin_option()?;
        let mut has_primary = false;
        for item in items {
            if let Some(error) = self.check_entry(start, item) {
                return Err(self.abandon_option(start, true, error));
            }
            has_primary |= self.problem.kinds[item.index()] == ItemKind::Primary;
            self.problem.option_items.push(item);
        }
        // Once some option has colors, every entry has a code: 0 here.
        if !self.problem.entry_colors.is_empty() {
            let end = self.problem.option_items.len();
            self.problem.entry_colors.resize(end, 0);
        }
        self.end_option(start, true, has_primary)
    }

    /// Adds an option of `(item, color)` entries, checking each.
    ///
    /// Until the first color, no color codes are stored; the first color
    /// backfills zeros for every earlier entry.
    fn add_option<I>(&mut self, entries: I) -> Result<OptionId, BuildError>
    where
        I: IntoIterator<Item = (ItemId, Option<ColorId>)>,
    {
        let start = self.begin_option()?;
        let colored_before = !self.problem.entry_colors.is_empty();
        let mut has_primary = false;
        for (item, color) in entries {
            let error = self.check_entry(start, item);
            let is_primary =
                error.is_none() && self.problem.kinds[item.index()] == ItemKind::Primary;
            let error = error.or(match color {
                Some(color) if color.index() >= self.problem.colors.len() => {
                    Some(BuildError::UnknownColor {
                        index: color.index(),
                    })
                }
                Some(_) if is_primary => Some(BuildError::ColorOnPrimaryItem { item }),
                _ => None,
            });
            if let Some(error) = error {
                return Err(self.abandon_option(start, colored_before, error));
            }
            has_primary |= is_primary;
            self.problem.option_items.push(item);
            match color {
                Some(color) => {
                    let colors = &mut self.problem.entry_colors;
                    if colors.is_empty() {
                        colors.resize(self.problem.option_items.len() - 1, 0);
                    }
                    colors.push(color.code());
                }
                None if !self.problem.entry_colors.is_empty() => {
                    self.problem.entry_colors.push(0);
                }
                None => {}
            }
        }
        self.end_option(start, colored_before, has_primary)
    }

    /// Checks that one more option fits; returns where its entries start.
    fn begin_option(&self) -> Result<usize, BuildError> {
        if self.problem.option_ends.len() >= MAX_NODES {
            return Err(BuildError::TooLarge);
        }
        Ok(self.problem.option_items.len())
    }

    /// Why `item` cannot be the next entry of the option that starts at
    /// `start`, if it cannot: undeclared, or already in the option.
    // Inlined into both loops: the reader's path (plain options) measured
    // 3.5% fewer instructions for it than with a call.
    #[inline(always)]
    fn check_entry(&mut self, start: usize, item: ItemId) -> Option<BuildError> {
        let item_count = self.problem.kinds.len();
        let entries = &self.problem.option_items[start..];
        if item.index() >= item_count {
            Some(BuildError::UnknownItem {
                index: item.index(),
            })
        } else if entries.len() < SHORT_OPTION {
            entries
                .contains(&item)
                .then_some(BuildError::DuplicateItemInOption { item })
        } else {
            if entries.len() == SHORT_OPTION {
                // The option just became long: mark what it holds so far
                // with a stamp no earlier option used.
                self.long_option_stamp += 1;
                self.last_seen.resize(item_count, 0);
                for &seen in entries {
                    self.last_seen[seen.index()] = self.long_option_stamp;
                }
            }
            let last = &mut self.last_seen[item.index()];
            let repeated = *last == self.long_option_stamp;
            *last = self.long_option_stamp;
            repeated.then_some(BuildError::DuplicateItemInOption { item })
        }
    }

    /// Forgets the entries of the option that starts at `start`, colors
    /// included (all of them, if the problem had none before it), and
    /// returns `error`.
    fn abandon_option(
        &mut self,
        start: usize,
        colored_before: bool,
        error: BuildError,
    ) -> BuildError {
        self.problem.option_items.truncate(start);
        if colored_before {
            self.problem.entry_colors.truncate(start);
        } else {
            self.problem.entry_colors.clear();
        }
        error
    }

    /// Ends the option that starts at `start`, whose entries were pushed.
    fn end_option(
        &mut self,
        start: usize,
        colored_before: bool,
        has_primary: bool,
    ) -> Result<OptionId, BuildError> {
        let end = self.problem.option_items.len();
        // Every entry and every option's spacer becomes a matrix node.
        if end + self.problem.option_ends.len() + self.problem.kinds.len() + 2 > MAX_NODES {
            return Err(self.abandon_option(start, colored_before, BuildError::TooLarge));
        }
        let id = OptionId::new(self.problem.option_ends.len());
        self.problem.option_ends.push(end as u32);
        if !has_primary {
            self.problem.ignored.push(id);
        }
        Ok(id)
    }

    /// Adds an option given by item names.
    pub fn option_by_names<'n, I>(&mut self, names: I) -> Result<OptionId, BuildError>
    where
        I: IntoIterator<Item = &'n str>,
    {
        let mut items = Vec::new();
        for name in names {
            match self.problem.item_by_name(name) {
                Some(item) => items.push(item),
                None => {
                    return Err(BuildError::UnknownItemName {
                        name: name.to_owned(),
                    });
                }
            }
        }
        self.option(items)
    }

    /// Finishes the problem.
    pub fn build(self) -> Result<Problem, BuildError> {
        let mut problem = self.problem;
        if problem.primary_count == 0 {
            return Err(BuildError::NoPrimaryItem);
        }
        // Bounds set back to (1, 1) everywhere are no bounds; items
        // declared after the last `set_bounds` take the default.
        if problem.bounds.iter().all(|&bounds| bounds == (1, 1)) {
            problem.bounds = Vec::new();
        } else {
            problem.bounds.resize(problem.kinds.len(), (1, 1));
        }
        // Costs set back to 0 everywhere are no costs; options added after
        // the last `set_option_cost` cost 0.
        if problem.costs.iter().all(|&cost| cost == 0) {
            problem.costs = Vec::new();
        } else {
            problem.costs.resize(problem.option_ends.len(), 0);
        }
        if self.primary_after_secondary {
            let mut next_primary = 1;
            let mut next_secondary = problem.primary_count as u32 + 1;
            problem.columns = problem
                .kinds
                .iter()
                .map(|kind| {
                    let next = match kind {
                        ItemKind::Primary => &mut next_primary,
                        ItemKind::Secondary => &mut next_secondary,
                    };
                    *next += 1;
                    *next - 1
                })
                .collect();
        }
        Ok(problem)
    }
}

/// Whether `name` can stand as an item name in Knuth's format.
pub fn is_valid_name(name: &str) -> bool {
    !name.is_empty()
        && !name
            .chars()
            .any(|c| c.is_whitespace() || c == ':' || c == '|')
}
