//! The numbers that name a problem's parts (items, options, colors) and the
//! two kinds of item.

/// The index of an item (a column of the 0/1 matrix), in the order the items
/// were declared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ItemId(u32);

impl ItemId {
    /// The item with this declaration index. It is checked against the problem
    /// when it is used in an option.
    pub fn new(index: usize) -> ItemId {
        ItemId(u32::try_from(index).unwrap_or(u32::MAX))
    }

    /// The declaration index of this item.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The index of an option (a row of the 0/1 matrix), in the order the options
/// were added. Options that were ignored keep their index, so indices always
/// match the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct OptionId(u32);

impl OptionId {
    /// The option with this index.
    pub fn new(index: usize) -> OptionId {
        OptionId(u32::try_from(index).unwrap_or(u32::MAX))
    }

    /// The index of this option, counting every option added, ignored or not.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A color that options give a secondary item (Knuth's XCC); numbered from 0
/// in order of first use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ColorId(u32);

impl ColorId {
    /// The color with this index. It is checked against the problem when it
    /// is used in an option.
    pub fn new(index: usize) -> ColorId {
        ColorId(u32::try_from(index).unwrap_or(u32::MAX))
    }

    /// The index of this color.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The code stored for an entry of this color (0 is "no color").
    pub(super) fn code(self) -> u32 {
        self.0 + 1
    }

    /// The color of an entry's code, `None` for 0.
    pub(super) fn from_code(code: u32) -> Option<ColorId> {
        code.checked_sub(1).map(ColorId)
    }
}

/// Whether an item must be covered exactly once or at most once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ItemKind {
    /// Covered by exactly one option of every solution.
    Primary,
    /// Covered by at most one option of every solution.
    Secondary,
}
