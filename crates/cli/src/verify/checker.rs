//! The check of one solution at a time, independent of the search engine:
//! printed options matched to the problem's by their set of entries (item
//! and color), then coverage: every primary item held between its lower and
//! upper bound times (once, without bounds), every secondary item at most
//! once, or by several options that all give it the same color.

use std::collections::HashMap;

use dancing::{ColorId, ItemId, ItemKind, OptionId, Problem};

use super::verdict::{Failure, FailureKind, Invalid, Place};

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

/// The problem's options by their entry sets, and the coverage of the
/// solution being read.
pub(super) struct Checker<'p> {
    problem: &'p Problem,
    /// Every option by its sorted entries (the first, if two are the same).
    options: HashMap<Box<[Entry]>, OptionId>,
    /// Where each item is first held in the current solution.
    covered_at: Vec<Option<Place>>,
    /// How many options of the current solution hold each item.
    times: Vec<u32>,
    /// The color the current solution gives each secondary item it holds.
    colors: Vec<Option<ColorId>>,
    /// The items held in the current solution, to reset the above.
    covered: Vec<ItemId>,
    /// How many primary items the current solution holds at least their
    /// lower bound times.
    primaries_satisfied: usize,
    /// How many primary items have a lower bound of 0 (satisfied by the
    /// empty solution).
    satisfied_when_empty: usize,
    /// The serial number of the printed option last naming each item, to
    /// catch a name repeated within one option without clearing anything.
    named_in: Vec<u64>,
    printed_options: u64,
    solution: u64,
    first_line: usize,
    last_line: usize,
}

impl<'p> Checker<'p> {
    pub(super) fn new(problem: &'p Problem) -> Checker<'p> {
        let mut options = HashMap::with_capacity(problem.option_count());
        for (id, items) in problem.options() {
            let mut key: Box<[Entry]> = items
                .iter()
                .zip(problem.option_colors(id))
                .map(|(&item, color)| entry(item, color))
                .collect();
            key.sort_unstable();
            options.entry(key).or_insert(id);
        }
        let satisfied_when_empty = problem
            .items()
            .filter(|&item| {
                problem.item_kind(item) == ItemKind::Primary && problem.item_bounds(item).0 == 0
            })
            .count();
        Checker {
            problem,
            options,
            covered_at: vec![None; problem.item_count()],
            times: vec![0; problem.item_count()],
            colors: vec![None; problem.item_count()],
            covered: Vec::new(),
            primaries_satisfied: satisfied_when_empty,
            satisfied_when_empty,
            named_in: vec![0; problem.item_count()],
            printed_options: 0,
            solution: 0,
            first_line: 0,
            last_line: 0,
        }
    }

    /// Starts solution `number`, whose first line is `line`.
    pub(super) fn begin(&mut self, number: u64, line: usize) {
        for item in self.covered.drain(..) {
            self.covered_at[item.index()] = None;
            self.times[item.index()] = 0;
        }
        self.primaries_satisfied = self.satisfied_when_empty;
        self.solution = number;
        self.first_line = line;
        self.last_line = line;
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
            if *named_in == self.printed_options {
                return Err(NameError::Repeated {
                    column,
                    name: name.to_owned(),
                });
            }
            *named_in = self.printed_options;
            entries.push((item, color));
        }
        Ok(())
    }

    /// Adds the option of `entries` (resolved, any order) to the solution.
    pub(super) fn option(
        &mut self,
        place: Place,
        entries: &mut [(ItemId, Option<ColorId>)],
    ) -> Result<(), Failure> {
        self.last_line = place.line;
        let fail = |kind| Failure {
            solution: Some(self.solution),
            place,
            last_line: None,
            kind,
        };
        entries.sort_unstable();
        let key: Vec<Entry> = entries
            .iter()
            .map(|&(item, color)| entry(item, color))
            .collect();
        if !self.options.contains_key(key.as_slice()) {
            return Err(fail(FailureKind::NotAnOption(self.names(entries))));
        }
        let primary = |item: ItemId| self.problem.item_kind(item) == ItemKind::Primary;
        if !entries.iter().any(|&(item, _)| primary(item)) {
            return Err(fail(FailureKind::NoPrimaryItem(self.names(entries))));
        }
        for &(item, color) in entries.iter() {
            let Some(also) = self.covered_at[item.index()] else {
                continue;
            };
            let times = self.times[item.index()];
            let kind = if primary(item) {
                let upper = self.problem.item_bounds(item).1;
                if times < upper {
                    continue;
                }
                FailureKind::CoveredTooOften {
                    item: self.name(item).to_owned(),
                    upper,
                    also,
                }
            } else {
                let first = self.colors[item.index()];
                match (first, color) {
                    (Some(first), Some(color)) if first == color => continue,
                    (Some(first), Some(color)) => FailureKind::ColorClash {
                        item: self.name(item).to_owned(),
                        colors: Box::new((
                            self.color_name(color).to_owned(),
                            self.color_name(first).to_owned(),
                        )),
                        also,
                    },
                    _ => FailureKind::CoveredTwice {
                        item: self.name(item).to_owned(),
                        kind: ItemKind::Secondary,
                        also,
                    },
                }
            };
            return Err(fail(kind));
        }
        for &(item, color) in entries.iter() {
            let k = item.index();
            if self.covered_at[k].is_none() {
                self.covered_at[k] = Some(place);
                self.colors[k] = color;
                self.covered.push(item);
            }
            self.times[k] += 1;
            if primary(item) && self.times[k] == self.problem.item_bounds(item).0 {
                self.primaries_satisfied += 1;
            }
        }
        Ok(())
    }

    /// Ends the solution: every primary item must be held at least its
    /// lower bound times (once, without bounds).
    pub(super) fn end(&mut self) -> Result<(), Failure> {
        if self.primaries_satisfied == self.problem.primary_count() {
            return Ok(());
        }
        let short = self.problem.items().find(|&item| {
            self.problem.item_kind(item) == ItemKind::Primary
                && self.times[item.index()] < self.problem.item_bounds(item).0
        });
        let kind = match short {
            Some(item) if self.times[item.index()] > 0 => FailureKind::CoveredTooFew {
                item: self.name(item).to_owned(),
                times: self.times[item.index()],
                lower: self.problem.item_bounds(item).0,
            },
            Some(item) => FailureKind::Uncovered(self.name(item).to_owned()),
            None => FailureKind::Uncovered(String::new()),
        };
        Err(Failure {
            solution: Some(self.solution),
            place: Place {
                line: self.first_line,
                option: None,
            },
            last_line: Some(self.last_line),
            kind,
        })
    }

    /// The problem the solutions are checked against.
    pub(super) fn problem(&self) -> &'p Problem {
        self.problem
    }

    fn name(&self, item: ItemId) -> &str {
        // Problems read from Knuth's format name every item.
        self.problem.item_name(item).unwrap_or("?")
    }

    fn color_name(&self, color: ColorId) -> &str {
        self.problem.color_name(color).unwrap_or("?")
    }

    /// The entries of an option, in the problem's order, for a message.
    fn names(&self, entries: &[(ItemId, Option<ColorId>)]) -> String {
        let names: Vec<String> = entries
            .iter()
            .map(|&(item, color)| match color {
                Some(color) => format!("{}:{}", self.name(item), self.color_name(color)),
                None => self.name(item).to_owned(),
            })
            .collect();
        names.join(" ")
    }
}
