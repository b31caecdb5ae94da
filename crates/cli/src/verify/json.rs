//! `dlx solve --json` output: JSON Lines of solution records, then a summary.

use std::io::BufRead;

use dancing::{ColorId, ItemId};
use serde_json::Value;

use super::checker::Checker;
use super::solution_lines::SolutionLines;
use super::verdict::{Failure, FailureKind, Invalid, Place, VerifyError};
use crate::interrupt;

/// Checks every record; returns how many solutions were listed.
pub(super) fn verify<R: BufRead>(
    lines: &mut SolutionLines<R>,
    checker: &mut Checker<'_>,
) -> Result<u64, VerifyError> {
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
    Ok(records.listed)
}

/// What the JSON records read so far have established.
#[derive(Default)]
struct JsonRecords {
    /// Solution records read.
    listed: u64,
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
            Some("solution") => self.solution(line, record, checker),
            Some("summary") => self.summary(line, record),
            Some(other) => Err(Invalid::at(line, format!("unknown record type `{other}`")).into()),
            None => Err(Invalid::at(line, "a record needs `type` (solution or summary)").into()),
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

    /// A solution record: numbered in sequence, and an exact cover.
    fn solution(
        &mut self,
        line: usize,
        record: &Record,
        checker: &mut Checker<'_>,
    ) -> Result<(), VerifyError> {
        self.listed += 1;
        let found = record
            .get("solution")
            .and_then(Value::as_u64)
            .ok_or_else(|| Invalid::at(line, "a solution record needs `solution`, its number"))?;
        let options = record
            .get("options")
            .and_then(Value::as_array)
            .ok_or_else(|| {
                Invalid::at(
                    line,
                    "a solution record needs `options`, an array of arrays of item names",
                )
            })?;
        if found != self.listed {
            return Err(Failure::of_record(
                line,
                FailureKind::Misnumbered {
                    found,
                    expected: self.listed,
                },
            )
            .into());
        }
        checker.begin(self.listed, line);
        for (k, option) in options.iter().enumerate() {
            let names = option
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
                .resolve(names.into_iter(), &mut self.items)
                .map_err(|error| error.at(line, Some(k + 1)))?;
            let place = Place {
                line,
                option: Some(k + 1),
            };
            checker.option(place, &mut self.items)?;
        }
        checker.end()?;
        Ok(())
    }

    /// The summary: its count, if it has one, must match the records.
    fn summary(&mut self, line: usize, record: &Record) -> Result<(), VerifyError> {
        self.summary_line = Some(line);
        let Some(count) = record.get("solutions") else {
            return Ok(());
        };
        let claimed = count
            .as_u64()
            .ok_or_else(|| Invalid::at(line, "the summary's `solutions` must be a count"))?;
        if claimed != self.listed {
            let kind = FailureKind::CountMismatch {
                claimed,
                listed: self.listed,
            };
            return Err(Failure::of_record(line, kind).into());
        }
        Ok(())
    }
}
