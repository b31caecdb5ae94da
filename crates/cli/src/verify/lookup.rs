//! Printed options found among the problem's: item names with their colors
//! (`X:a`) looked up, then the option with that *set* of entries (the order
//! on the line does not matter) through a hash map from the sorted entry
//! list. Options with the same entries (a problem may repeat one) are
//! chained, so that a solution may choose each of them once.

use std::collections::HashMap;

use dancing::{ColorId, ItemId, OptionId, Problem};

use super::verdict::Invalid;

/// A printed name that does not name an item of a printed option.
pub(super) enum NameError {
    Unknown {
        column: Option<usize>,
        name: String,
    },
    UnknownColor {
        column: Option<usize>,
        entry: String,
    },
    Repeated {
        column: Option<usize>,
        name: String,
    },
}

impl NameError {
    /// Places the error on `line` (and, for JSON, in the record's `option`).
    pub(super) fn at(self, line: usize, option: Option<usize>) -> Invalid {
        let within = option.map_or(String::new(), |k| format!(" in option {k}"));
        let (column, message) = match self {
            NameError::Unknown { column, name } => {
                (column, format!("unknown item `{name}`{within}"))
            }
            NameError::UnknownColor { column, entry } => (
                column,
                format!("`{entry}`{within}: no option of the problem has this color"),
            ),
            NameError::Repeated { column, name } => (
                column,
                format!("item `{name}` appears twice{within}; an option names each item once"),
            ),
        };
        Invalid {
            line,
            column,
            message,
        }
    }
}

/// An entry of an option: its item and color code (0 for none, `c + 1`
/// for color `c`), the key by which printed options are matched.
type Entry = (ItemId, u32);

fn entry(item: ItemId, color: Option<ColorId>) -> Entry {
    (item, color.map_or(0, |color| color.index() as u32 + 1))
}

/// The end of a chain of options with the same entries.
const NONE: u32 = u32::MAX;

/// The problem's options by their entry sets.
pub(super) struct Lookup<'p> {
    problem: &'p Problem,
    /// The first option with each sorted entry list.
    first: HashMap<Box<[Entry]>, OptionId>,
    /// The next option with the same entries as each, or `NONE`.
    next_same: Vec<u32>,
    /// The serial number of the printed option last naming each item, to
    /// catch a name repeated within one option without clearing anything,
    /// and the color code it gave the item.
    named_in: Vec<(u64, u32)>,
    printed_options: u64,
    /// Scratch: a sorted entry list.
    sorted: Vec<Entry>,
}

impl<'p> Lookup<'p> {
    pub(super) fn new(problem: &'p Problem) -> Lookup<'p> {
        let mut first = HashMap::with_capacity(problem.option_count());
        let mut last: HashMap<OptionId, OptionId> = HashMap::new();
        let mut next_same = vec![NONE; problem.option_count()];
        for (id, _) in problem.options() {
            match first.entry(key(problem, id)) {
                std::collections::hash_map::Entry::Vacant(vacant) => {
                    vacant.insert(id);
                }
                std::collections::hash_map::Entry::Occupied(occupied) => {
                    // Appended at the end of its chain, so that the chain
                    // keeps the problem's order.
                    let head = *occupied.get();
                    let tail = last.get(&head).copied().unwrap_or(head);
                    next_same[tail.index()] = id.index() as u32;
                    last.insert(head, id);
                }
            }
        }
        Lookup {
            problem,
            first,
            next_same,
            named_in: vec![(0, 0); problem.item_count()],
            printed_options: 0,
            sorted: Vec::new(),
        }
    }

    pub(super) fn problem(&self) -> &'p Problem {
        self.problem
    }

    /// Looks up the printed entries of one option (`X` or `X:a`), into
    /// `entries`.
    pub(super) fn resolve<'a>(
        &mut self,
        names: impl Iterator<Item = (Option<usize>, &'a str)>,
        entries: &mut Vec<(ItemId, Option<ColorId>)>,
    ) -> Result<(), NameError> {
        self.printed_options += 1;
        entries.clear();
        for (column, printed) in names {
            let (name, color) = match printed.split_once(':') {
                Some((name, color)) => (name, Some(color)),
                None => (printed, None),
            };
            let item = self
                .problem
                .item_by_name(name)
                .ok_or_else(|| NameError::Unknown {
                    column,
                    name: name.to_owned(),
                })?;
            let color = match color {
                None => None,
                Some(color) => Some(self.problem.color_by_name(color).ok_or_else(|| {
                    NameError::UnknownColor {
                        column,
                        entry: printed.to_owned(),
                    }
                })?),
            };
            let named_in = &mut self.named_in[item.index()];
            if named_in.0 == self.printed_options {
                return Err(NameError::Repeated {
                    column,
                    name: name.to_owned(),
                });
            }
            *named_in = (self.printed_options, entry(item, color).1);
            entries.push((item, color));
        }
        Ok(())
    }

    /// The first option with exactly these entries (in any order).
    pub(super) fn first_with(&mut self, entries: &[(ItemId, Option<ColorId>)]) -> Option<OptionId> {
        self.sorted.clear();
        self.sorted
            .extend(entries.iter().map(|&(item, color)| entry(item, color)));
        self.sorted.sort_unstable();
        self.first.get(self.sorted.as_slice()).copied()
    }

    /// `option` and the options after it with the same entries, in the
    /// problem's order.
    pub(super) fn alike(&self, option: Option<OptionId>) -> impl Iterator<Item = OptionId> + '_ {
        let mut next = option;
        std::iter::from_fn(move || {
            let option = next?;
            let following = self.next_same[option.index()];
            next = (following != NONE).then(|| OptionId::new(following as usize));
            Some(option)
        })
    }

    /// Whether `option`'s entries are those of the printed option last
    /// resolved, `entries` (in any order): as many, and each of the
    /// option's named by it with the same color.
    pub(super) fn is_last_resolved(
        &self,
        option: OptionId,
        entries: &[(ItemId, Option<ColorId>)],
    ) -> bool {
        let problem = self.problem;
        let items = problem.option(option);
        items.len() == entries.len()
            && items
                .iter()
                .zip(problem.option_colors(option))
                .all(|(&item, color)| {
                    self.named_in[item.index()] == (self.printed_options, entry(item, color).1)
                })
    }

    /// Entries (resolved from a printed option), as the format writes
    /// them, for a message.
    pub(super) fn names(&self, entries: impl Iterator<Item = (ItemId, Option<ColorId>)>) -> String {
        let names: Vec<String> = entries
            .map(|(item, color)| self.problem.entry_text(item, color).to_string())
            .collect();
        names.join(" ")
    }

    /// The entries of option `option`, for a message.
    pub(super) fn option_names(&self, option: OptionId) -> String {
        self.problem.option_entries(option).join(" ")
    }

    /// The name of `item`, as the format writes it, for a message.
    pub(super) fn name(&self, item: ItemId) -> String {
        self.problem.item_text(item).into_owned()
    }

    /// The name of `color`, as the format writes it, for a message.
    pub(super) fn color_name(&self, color: ColorId) -> String {
        self.problem.color_text(color).into_owned()
    }
}

/// The sorted entries of `option`.
fn key(problem: &Problem, option: OptionId) -> Box<[Entry]> {
    let mut key: Box<[Entry]> = problem
        .option(option)
        .iter()
        .zip(problem.option_colors(option))
        .map(|(&item, color)| entry(item, color))
        .collect();
    key.sort_unstable();
    key
}
