//! The check of one printed solution at a time: each printed option found
//! among the problem's ([`Lookup`]), then handed to the engine's checker
//! [`dancing::check`] (its own counting, nothing of the search), whose
//! faults become failures with their places in the solutions; and each
//! solution that holds is looked for among the earlier ones ([`Repeats`]).

use dancing::check::{self, Fault};
use dancing::{ColorId, ItemId, ItemKind, OptionId, Problem};

use super::lookup::{Lookup, NameError};
use super::repeats::{OptionKey, Repeats};
use super::verdict::{Failure, FailureKind, Invalid, Listing, Numbered, Place};

/// What a solution that holds ends with.
pub(super) struct Ended {
    /// Its cost.
    pub cost: u64,
    /// The earlier solution of its listing it repeats, if any.
    pub repeats: Option<Numbered>,
}

/// The printed options of the solution being read, checked one at a time.
pub(super) struct Checker<'p> {
    lookup: Lookup<'p>,
    check: check::Checker<'p>,
    /// Where each option of the solution was printed.
    places: Vec<Place>,
    /// Each option of the solution as repeats are told apart.
    keys: Vec<OptionKey>,
    /// The solutions seen so far, a table per listing.
    repeats: [Repeats; 3],
    solution: Numbered,
    /// The cost the solution is said to have.
    claimed: Option<u64>,
    first_line: usize,
    last_line: usize,
}

impl<'p> Checker<'p> {
    pub(super) fn new(problem: &'p Problem) -> Checker<'p> {
        Checker {
            lookup: Lookup::new(problem),
            check: check::Checker::new(problem),
            places: Vec::new(),
            keys: Vec::new(),
            repeats: Default::default(),
            solution: Numbered {
                listing: Listing::Solution,
                number: 0,
            },
            claimed: None,
            first_line: 0,
            last_line: 0,
        }
    }

    /// The problem the solutions are checked against.
    pub(super) fn problem(&self) -> &'p Problem {
        self.lookup.problem()
    }

    /// The repeats found so far in `listing`.
    pub(super) fn repeats(&self, listing: Listing) -> &Repeats {
        &self.repeats[listing as usize]
    }

    /// Starts `solution`, whose first line is `line`, said to cost
    /// `claimed` if a cost is claimed.
    pub(super) fn begin(&mut self, solution: Numbered, line: usize, claimed: Option<u64>) {
        self.check.clear();
        self.places.clear();
        self.keys.clear();
        self.solution = solution;
        self.claimed = claimed;
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
        self.lookup.resolve(names, entries)
    }

    /// Adds the option printed as `entries` (resolved, any order), with
    /// the cost printed for it, if any: among the options with these
    /// entries (and this cost), the first the solution has not chosen yet,
    /// one of cost 0 first when no cost is printed (as `--best` prints
    /// those).
    pub(super) fn option(
        &mut self,
        place: Place,
        entries: &mut [(ItemId, Option<ColorId>)],
        printed_cost: Option<u64>,
    ) -> Result<(), Failure> {
        self.last_line = place.line;
        entries.sort_unstable();
        let problem = self.problem();
        let mut head = None;
        let mut first = None;
        let mut unchosen = None;
        let mut alike = 0u32;
        let found = self.lookup.first_with(entries);
        for option in self.lookup.alike(found) {
            head.get_or_insert(option);
            if printed_cost.is_some_and(|cost| cost != problem.option_cost(option)) {
                continue;
            }
            alike = alike.saturating_add(1);
            first.get_or_insert(option);
            if !self.check.is_chosen(option) {
                let free = problem.option_cost(option) == 0;
                match unchosen {
                    None => unchosen = Some((option, free)),
                    Some((_, false)) if free && printed_cost.is_none() => {
                        unchosen = Some((option, free));
                    }
                    Some(_) => {}
                }
            }
        }
        let unchosen = unchosen.map(|(option, _)| option);
        let names = || self.lookup.names(entries.iter().copied());
        let (Some(head), Some(first)) = (head, first) else {
            let kind = match (head, printed_cost) {
                (Some(head), Some(printed)) => FailureKind::OptionCost {
                    names: names(),
                    printed,
                    actual: problem.option_cost(head),
                },
                _ => FailureKind::NotAnOption(names()),
            };
            return Err(self.fail_at(place, kind));
        };
        let key = (head.index() as u32, printed_cost.unwrap_or(u64::MAX));
        self.add(place, unchosen.unwrap_or(first), OptionKey { key, alike })
    }

    /// Adds option `id` (JSON's `option_ids`), checked to be the one
    /// printed as `entries` too, where they are given (the entries last
    /// resolved).
    pub(super) fn option_id(
        &mut self,
        place: Place,
        id: u64,
        entries: Option<&[(ItemId, Option<ColorId>)]>,
    ) -> Result<(), super::VerifyError> {
        self.last_line = place.line;
        let count = self.problem().option_count();
        let option = usize::try_from(id)
            .ok()
            .filter(|&k| k < count)
            .map(OptionId::new)
            .ok_or_else(|| {
                let within = place
                    .option
                    .map_or(String::new(), |k| format!(" (option {k})"));
                Invalid::at(
                    place.line,
                    format!(
                        "`option_ids`{within}: no option {id}; the problem has {count}, from 0"
                    ),
                )
            })?;
        if let Some(entries) = entries
            && !self.lookup.is_last_resolved(option, entries)
        {
            let kind = FailureKind::IdMismatch {
                id: option.index(),
                names: self.lookup.option_names(option),
                printed: self.lookup.names(entries.iter().copied()),
            };
            return Err(self.fail_at(place, kind).into());
        }
        let key = OptionKey {
            key: (option.index() as u32, u64::MAX - 1),
            alike: 1,
        };
        Ok(self.add(place, option, key)?)
    }

    /// Hands `option` to the engine's checker.
    fn add(&mut self, place: Place, option: OptionId, key: OptionKey) -> Result<(), Failure> {
        if let Err(fault) = self.check.add(option) {
            let kind = self.failure_kind(fault);
            return Err(self.fail_at(place, kind));
        }
        self.places.push(place);
        self.keys.push(key);
        Ok(())
    }

    /// Ends the solution: every primary item held enough, the cost the
    /// one claimed; then whether it repeats an earlier one.
    pub(super) fn end(&mut self) -> Result<Ended, Failure> {
        match self.check.finish(self.claimed) {
            Ok(cost) => {
                let listing = self.solution.listing as usize;
                let repeats =
                    self.repeats[listing].add(self.solution, self.first_line, &mut self.keys);
                Ok(Ended { cost, repeats })
            }
            Err(fault) => {
                let kind = self.failure_kind(fault);
                Err(self.fail_whole(kind))
            }
        }
    }

    /// A failure of the whole solution, from its first line to its last.
    pub(super) fn fail_whole(&self, kind: FailureKind) -> Failure {
        Failure {
            solution: Some(self.solution),
            place: Place {
                line: self.first_line,
                option: None,
            },
            last_line: Some(self.last_line),
            kind,
        }
    }

    fn fail_at(&self, place: Place, kind: FailureKind) -> Failure {
        Failure {
            solution: Some(self.solution),
            place,
            last_line: None,
            kind,
        }
    }

    /// The failure of a fault of the engine's checker, with names and
    /// places.
    fn failure_kind(&self, fault: Fault) -> FailureKind {
        let lookup = &self.lookup;
        let name = |item| lookup.name(item);
        match fault {
            Fault::NoSuchOption { option, .. } => {
                FailureKind::NotAnOption(format!("#{}", option.index()))
            }
            Fault::NoPrimaryItem { option, .. } => {
                FailureKind::NoPrimaryItem(lookup.option_names(option))
            }
            Fault::OptionRepeated { option, first, .. } => FailureKind::OptionRepeated {
                names: lookup.option_names(option),
                also: self.places[first],
            },
            Fault::CoveredTooOften {
                item, upper, first, ..
            } => FailureKind::CoveredTooOften {
                item: name(item),
                upper,
                also: self.places[first],
            },
            Fault::SecondaryShared { item, first, .. } => FailureKind::CoveredTwice {
                item: name(item),
                kind: ItemKind::Secondary,
                also: self.places[first],
            },
            Fault::ColorClash {
                item,
                color,
                first_color,
                first,
                ..
            } => FailureKind::ColorClash {
                item: name(item),
                colors: Box::new((lookup.color_name(color), lookup.color_name(first_color))),
                also: self.places[first],
            },
            Fault::Uncovered { item } => FailureKind::Uncovered(name(item)),
            Fault::CoveredTooFew { item, times, lower } => FailureKind::CoveredTooFew {
                item: name(item),
                times,
                lower,
            },
            Fault::WrongCost { claimed, actual } => FailureKind::WrongCost { claimed, actual },
            // Faults the engine may add later: named by its own words.
            fault => FailureKind::Other(fault.to_string()),
        }
    }
}
