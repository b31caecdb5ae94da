//! Why an option cannot be selected, before a search or in the copy of a
//! matrix restricted to some options.

use std::fmt;

use crate::problem::OptionId;

/// Why an option cannot be selected: see
/// [`Solver::select`](crate::expert::Solver::select).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SelectError {
    /// The problem has no option with this id.
    NoSuchOption(OptionId),
    /// The option has no primary item, so the search ignores it.
    Ignored(OptionId),
    /// An item of the option is covered by an option already selected.
    Conflict(OptionId),
    /// The option does not come after the one before it in a list that
    /// must be in increasing order (see
    /// [`Solver::from_template_restricted`](crate::expert::Solver::from_template_restricted)).
    Unordered(OptionId),
}

impl fmt::Display for SelectError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SelectError::NoSuchOption(o) => write!(f, "there is no option {}", o.index()),
            SelectError::Ignored(o) => {
                write!(f, "option {} has no primary item and is ignored", o.index())
            }
            SelectError::Conflict(o) => write!(
                f,
                "option {} shares an item with an option already selected",
                o.index()
            ),
            SelectError::Unordered(o) => write!(
                f,
                "option {} does not come after the option before it",
                o.index()
            ),
        }
    }
}

impl std::error::Error for SelectError {}
