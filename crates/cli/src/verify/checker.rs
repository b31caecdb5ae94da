//! The check of one solution at a time, independent of the search engine:
//! printed options matched to the problem's by item set, then coverage.

use std::collections::HashMap;

use dancing::{ItemId, ItemKind, OptionId, Problem};

use super::{Failure, FailureKind, Invalid, Place};

/// A printed name that does not name an item of a printed option.
pub(super) enum NameError {
    Unknown { column: Option<usize>, name: String },
    Repeated { column: Option<usize>, name: String },
}

impl NameError {
    /// Places the error on `line` (and, for JSON, in the record's `option`).
    pub(super) fn at(self, line: usize, option: Option<usize>) -> Invalid {
        let within = option.map_or(String::new(), |k| format!(" in option {k}"));
        let (column, message) = match self {
            NameError::Unknown { column, name } => {
                (column, format!("unknown item `{name}`{within}"))
            }
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

/// The problem's options by their item sets, and the coverage of the
/// solution being read.
pub(super) struct Checker<'p> {
    problem: &'p Problem,
    /// Every option by its sorted items (the first, if two are the same set).
    options: HashMap<Box<[ItemId]>, OptionId>,
    /// Where each item is covered in the current solution.
    covered_at: Vec<Option<Place>>,
    /// The items covered in the current solution, to reset `covered_at`.
    covered: Vec<ItemId>,
    /// How many primary items the current solution covers.
    primaries_covered: usize,
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
            let mut key: Box<[ItemId]> = items.into();
            key.sort_unstable();
            options.entry(key).or_insert(id);
        }
        Checker {
            problem,
            options,
            covered_at: vec![None; problem.item_count()],
            covered: Vec::new(),
            primaries_covered: 0,
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
        }
        self.primaries_covered = 0;
        self.solution = number;
        self.first_line = line;
        self.last_line = line;
    }

    /// Looks up the printed names of one option, into `items`.
    pub(super) fn resolve<'a>(
        &mut self,
        names: impl Iterator<Item = (Option<usize>, &'a str)>,
        items: &mut Vec<ItemId>,
    ) -> Result<(), NameError> {
        self.printed_options += 1;
        items.clear();
        for (column, name) in names {
            let item = self
                .problem
                .item_by_name(name)
                .ok_or_else(|| NameError::Unknown {
                    column,
                    name: name.to_owned(),
                })?;
            let named_in = &mut self.named_in[item.index()];
            if *named_in == self.printed_options {
                return Err(NameError::Repeated {
                    column,
                    name: name.to_owned(),
                });
            }
            *named_in = self.printed_options;
            items.push(item);
        }
        Ok(())
    }

    /// Adds the option of `items` (resolved, any order) to the solution.
    pub(super) fn option(&mut self, place: Place, items: &mut [ItemId]) -> Result<(), Failure> {
        self.last_line = place.line;
        let fail = |kind| Failure {
            solution: Some(self.solution),
            place,
            last_line: None,
            kind,
        };
        items.sort_unstable();
        if !self.options.contains_key(&*items) {
            return Err(fail(FailureKind::NotAnOption(self.names(items))));
        }
        let primary = |item: &ItemId| self.problem.item_kind(*item) == ItemKind::Primary;
        if !items.iter().any(primary) {
            return Err(fail(FailureKind::NoPrimaryItem(self.names(items))));
        }
        for &item in items.iter() {
            if let Some(also) = self.covered_at[item.index()] {
                return Err(fail(FailureKind::CoveredTwice {
                    item: self.name(item).to_owned(),
                    kind: self.problem.item_kind(item),
                    also,
                }));
            }
        }
        for &item in items.iter() {
            self.covered_at[item.index()] = Some(place);
            self.covered.push(item);
            if primary(&item) {
                self.primaries_covered += 1;
            }
        }
        Ok(())
    }

    /// Ends the solution: every primary item must be covered.
    pub(super) fn end(&mut self) -> Result<(), Failure> {
        if self.primaries_covered == self.problem.primary_count() {
            return Ok(());
        }
        let uncovered = self
            .problem
            .items()
            .find(|&item| {
                self.problem.item_kind(item) == ItemKind::Primary
                    && self.covered_at[item.index()].is_none()
            })
            .map_or_else(String::new, |item| self.name(item).to_owned());
        Err(Failure {
            solution: Some(self.solution),
            place: Place {
                line: self.first_line,
                option: None,
            },
            last_line: Some(self.last_line),
            kind: FailureKind::Uncovered(uncovered),
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

    /// The names of `items`, in the problem's order, for a message.
    fn names(&self, items: &[ItemId]) -> String {
        let names: Vec<&str> = items.iter().map(|&item| self.name(item)).collect();
        names.join(" ")
    }
}
