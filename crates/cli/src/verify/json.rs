//! `dlx solve --json` output: JSON Lines of solution records, then a
//! summary; with `--best`, improvement records and a summary that holds
//! the K best. Every solution is written alike: `options`, each option's
//! entries as the input wrote them, `option_ids`, the options' numbers
//! (from 0), and `cost`, the sum of their costs; either of the first two
//! is enough here, and both must name the same options.

use std::io::BufRead;

use dancing::{ColorId, ItemId};
use serde_json::Value;

use super::checker::{Checker, Ended};
use super::solution_lines::SolutionLines;
use super::verdict::{Failure, FailureKind, Invalid, Listing, Numbered, Place, VerifyError};
use super::{Verified, note_repeats};
use crate::interrupt;

/// Checks every record; what the listing held.
pub(super) fn verify<R: BufRead>(
    lines: &mut SolutionLines<R>,
    checker: &mut Checker<'_>,
) -> Result<Verified, VerifyError> {
    let mut records = JsonRecords::default();
    while let Some((number, line)) = lines.next()? {
        if interrupt::requested() {
            return Err(VerifyError::Interrupted);
        }
        if line.trim().is_empty() {
            continue;
        }
        let record: Value = serde_json::from_str(line).map_err(|error| Invalid {
            line: number,
            column: Some(error.column().max(1)),
            message: format!("not a JSON record of `dlx solve --json`: {error}"),
        })?;
        let record = record
            .as_object()
            .ok_or_else(|| Invalid::at(number, "a record must be a JSON object"))?;
        records.check(number, record, checker)?;
    }
    note_repeats(&mut records.verified, checker);
    Ok(records.verified)
}

/// What the JSON records read so far have established.
#[derive(Default)]
struct JsonRecords {
    verified: Verified,
    /// The problem's `file`, as the first record names it.
    file: Option<String>,
    /// The line of the summary, which must be the last record.
    summary_line: Option<usize>,
    /// Scratch: the entries of one printed option.
    items: Vec<(ItemId, Option<ColorId>)>,
}

type Record = serde_json::Map<String, Value>;

impl JsonRecords {
    /// Checks the record on `line`.
    fn check(
        &mut self,
        line: usize,
        record: &Record,
        checker: &mut Checker<'_>,
    ) -> Result<(), VerifyError> {
        self.same_problem(line, record)?;
        if let Some(summary) = self.summary_line {
            let message = format!("a record after the summary on line {summary}");
            return Err(Invalid::at(line, message).into());
        }
        match record.get("type").and_then(Value::as_str) {
            Some("solution") => self.numbered(line, record, Listing::Solution, checker),
            Some("improvement") => self.numbered(line, record, Listing::Improvement, checker),
            Some("summary") => self.summary(line, record, checker),
            Some(other) => Err(Invalid::at(line, format!("unknown record type `{other}`")).into()),
            None => Err(Invalid::at(
                line,
                "a record needs `type` (solution, improvement or summary)",
            )
            .into()),
        }
    }

    /// Rejects the records of a second problem (`dlx solve --json A B`).
    fn same_problem(&mut self, line: usize, record: &Record) -> Result<(), Invalid> {
        match (record.get("file"), &self.file) {
            (None, _) => Ok(()),
            (Some(Value::String(name)), None) => {
                self.file = Some(name.clone());
                Ok(())
            }
            (Some(Value::String(name)), Some(first)) if name == first => Ok(()),
            (Some(Value::String(name)), Some(first)) => Err(Invalid::at(
                line,
                format!(
                    "a record of a second problem (`{name}` after `{first}`): dlx verify checks the solutions of one problem"
                ),
            )),
            (Some(_), _) => Err(Invalid::at(line, "`file` must be a string")),
        }
    }

    /// A solution or improvement record: numbered in turn (`solution`,
    /// `improvement`), and a solution of the cost it claims; an
    /// improvement repeats no other.
    fn numbered(
        &mut self,
        line: usize,
        record: &Record,
        listing: Listing,
        checker: &mut Checker<'_>,
    ) -> Result<(), VerifyError> {
        let (field, listed) = match listing {
            Listing::Improvement => ("improvement", &mut self.verified.improvements),
            _ => ("solution", &mut self.verified.solutions),
        };
        *listed += 1;
        let expected = Numbered {
            listing,
            number: *listed,
        };
        let found = record.get(field).and_then(Value::as_u64).ok_or_else(|| {
            Invalid::at(
                line,
                format!("a {field} record needs `{field}`, its number"),
            )
        })?;
        if found != expected.number {
            let kind = FailureKind::Misnumbered { found, expected };
            return Err(Failure::of_record(line, kind).into());
        }
        let ended = solution(line, record, expected, checker, &mut self.items)?;
        if let (Listing::Improvement, Some(earlier)) = (listing, ended.repeats) {
            return Err(checker.fail_whole(FailureKind::Repeated { earlier }).into());
        }
        Ok(())
    }

    /// The summary: its count, if it has one, must match the records, and
    /// the solutions listed must then be distinct; its K best (`--best`),
    /// if it has them, must hold, cheapest first and distinct.
    fn summary(
        &mut self,
        line: usize,
        record: &Record,
        checker: &mut Checker<'_>,
    ) -> Result<(), VerifyError> {
        self.summary_line = Some(line);
        if let Some(count) = record.get("solutions")
            && !count.is_null()
        {
            let claimed = count
                .as_u64()
                .ok_or_else(|| Invalid::at(line, "the summary's `solutions` must be a count"))?;
            let listed = self.verified.solutions;
            if claimed != listed {
                let kind = FailureKind::CountMismatch { claimed, listed };
                return Err(Failure::of_record(line, kind).into());
            }
            // Each solution the search found comes once.
            if let Some((this, first_line, earlier)) = checker.repeats(Listing::Solution).first {
                let failure = Failure {
                    solution: Some(this),
                    place: Place {
                        line: first_line,
                        option: None,
                    },
                    last_line: None,
                    kind: FailureKind::Repeated { earlier },
                };
                return Err(failure.into());
            }
        }
        if let Some(best) = record.get("best") {
            let best = best.as_array().ok_or_else(|| {
                Invalid::at(line, "the summary's `best` must be an array of solutions")
            })?;
            let mut costs = Vec::with_capacity(best.len());
            for (k, entry) in best.iter().enumerate() {
                let numbered = Numbered {
                    listing: Listing::Best,
                    number: k as u64 + 1,
                };
                let entry = entry.as_object().ok_or_else(|| {
                    Invalid::at(line, format!("{numbered} of `best` is not a JSON object"))
                })?;
                let ended = solution(line, entry, numbered, checker, &mut self.items)?;
                if let Some(earlier) = ended.repeats {
                    return Err(checker.fail_whole(FailureKind::Repeated { earlier }).into());
                }
                if let Some(&previous) = costs.last()
                    && ended.cost < previous
                {
                    let kind = FailureKind::BestOrder {
                        cost: ended.cost,
                        previous,
                    };
                    return Err(checker.fail_whole(kind).into());
                }
                costs.push(ended.cost);
            }
            self.verified.best = Some(costs);
        }
        Ok(())
    }
}

/// Checks the solution `object` (a record, or an entry of `best`) on
/// `line`: its `options` and `option_ids`, and its `cost` if it has one.
fn solution(
    line: usize,
    object: &Record,
    numbered: Numbered,
    checker: &mut Checker<'_>,
    items: &mut Vec<(ItemId, Option<ColorId>)>,
) -> Result<Ended, VerifyError> {
    let claimed = match object.get("cost") {
        None => None,
        Some(cost) => Some(cost.as_u64().ok_or_else(|| {
            Invalid::at(
                line,
                "`cost` must be a whole number, the sum of the options' costs",
            )
        })?),
    };
    let needs = "a solution record needs `options`, an array of arrays of item names (or `option_ids`, an array of option numbers)";
    let names = match object.get("options") {
        None => None,
        Some(options) => Some(options.as_array().ok_or_else(|| Invalid::at(line, needs))?),
    };
    let ids = match object.get("option_ids") {
        None => None,
        Some(ids) => Some(
            ids.as_array()
                .and_then(|ids| ids.iter().map(Value::as_u64).collect::<Option<Vec<u64>>>())
                .ok_or_else(|| {
                    Invalid::at(line, "`option_ids` must be an array of option numbers")
                })?,
        ),
    };
    let count = match (names, &ids) {
        (None, None) => return Err(Invalid::at(line, needs).into()),
        (Some(names), Some(ids)) if names.len() != ids.len() => {
            let message = format!(
                "`options` lists {} options but `option_ids` {}",
                names.len(),
                ids.len()
            );
            return Err(Invalid::at(line, message).into());
        }
        (Some(names), _) => names.len(),
        (None, Some(ids)) => ids.len(),
    };
    checker.begin(numbered, line, claimed);
    for k in 0..count {
        let place = Place {
            line,
            option: Some(k + 1),
        };
        if let Some(names) = names {
            let option = names[k]
                .as_array()
                .and_then(|names| {
                    names
                        .iter()
                        .map(|name| name.as_str().map(|name| (None, name)))
                        .collect::<Option<Vec<_>>>()
                })
                .ok_or_else(|| {
                    Invalid::at(
                        line,
                        format!("option {} is not an array of item names", k + 1),
                    )
                })?;
            checker
                .resolve(option.into_iter(), items)
                .map_err(|error| error.at(line, Some(k + 1)))?;
        }
        match &ids {
            Some(ids) => checker.option_id(place, ids[k], names.map(|_| items.as_slice()))?,
            None => checker.option(place, items, None)?,
        }
    }
    Ok(checker.end()?)
}
