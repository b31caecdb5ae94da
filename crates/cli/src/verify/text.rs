//! `dlx solve`'s text output: option lines (with costs `|n` where `--best`
//! prints them), blank lines between solutions, a comment line (`|`) for
//! the empty solution; and from `dlx solve --best K`, the lines that head
//! each solution with its cost (`best N: cost C`, `improvement N: cost C`)
//! and the summary line `FILE: the K best costs: C1, C2`.
//!
//! None of these lines can be an option line: each holds a word ending in
//! `:`, an entry with an empty color, which no option has.

use std::io::BufRead;

use dancing::Problem;
use dancing::format::is_cost;
use dancing::format::text::tokens;

use super::checker::Checker;
use super::solution_lines::SolutionLines;
use super::verdict::{Failure, FailureKind, Invalid, Listing, Numbered, Place, VerifyError};
use super::{Verified, note_repeats};
use crate::interrupt;

/// Checks every solution; what the listing held.
pub(super) fn verify<R: BufRead>(
    lines: &mut SolutionLines<R>,
    checker: &mut Checker<'_>,
) -> Result<Verified, VerifyError> {
    let mut text = TextListing {
        checker,
        current: None,
        verified: Verified::default(),
        best: Vec::new(),
        header_seen: false,
        summary: None,
        items: Vec::new(),
    };
    while let Some((number, line)) = lines.next()? {
        if interrupt::requested() {
            return Err(VerifyError::Interrupted);
        }
        text.line(number, line)?;
    }
    text.end_solution()?;
    text.finish()
}

/// The solution being read.
struct Current {
    listing: Listing,
    /// How many option lines it has.
    options: usize,
    /// Whether its `|` line (the empty solution) was read.
    empty: bool,
}

/// What the lines read so far have established.
struct TextListing<'c, 'p> {
    checker: &'c mut Checker<'p>,
    current: Option<Current>,
    verified: Verified,
    /// The costs `best N` lines claim, in order (each checked).
    best: Vec<u64>,
    header_seen: bool,
    /// The `--best` summary line: its line and its costs.
    summary: Option<(usize, Vec<u64>)>,
    /// Scratch: the entries of one printed option.
    items: Vec<(dancing::ItemId, Option<dancing::ColorId>)>,
}

impl TextListing<'_, '_> {
    fn line(&mut self, number: usize, line: &str) -> Result<(), VerifyError> {
        if line.trim().is_empty() {
            return self.end_solution();
        }
        if let Some((listing, n, cost)) = costed_header(line) {
            self.end_solution()?;
            return self.begin_costed(number, listing, n, cost);
        }
        if let Some(costs) = best_summary(line) {
            self.end_solution()?;
            if let Some((first, _)) = self.summary {
                let message = format!(
                    "a second `--best` summary (the first on line {first}): dlx verify checks the solutions of one problem"
                );
                return Err(Invalid::at(number, message).into());
            }
            self.summary = Some((number, costs));
            return Ok(());
        }
        // A comment line: the empty solution, as `dlx solve` prints it.
        if line.trim_start().starts_with('|') {
            return match &mut self.current {
                None => {
                    self.begin_plain(number).empty = true;
                    self.end_solution()
                }
                // `best N: cost 0` of the empty solution.
                Some(current) if current.listing != Listing::Solution && current.options == 0 => {
                    current.empty = true;
                    Ok(())
                }
                Some(_) => Err(Invalid::at(
                    number,
                    "a `|` line within a solution: it stands for the empty solution, alone",
                )
                .into()),
            };
        }
        if self.current.is_none() && is_header(line, self.checker.problem()) {
            if self.header_seen || self.verified.solutions > 0 {
                return Err(Invalid::at(
                    number,
                    "a second `==> FILE <==` header: dlx verify checks the solutions of one problem",
                )
                .into());
            }
            self.header_seen = true;
            return Ok(());
        }
        self.option_line(number, line)
    }

    /// An option line, of the current solution or the first of a new one.
    fn option_line(&mut self, number: usize, line: &str) -> Result<(), VerifyError> {
        let current = match &mut self.current {
            Some(current) if current.empty => {
                return Err(Invalid::at(
                    number,
                    "an option after the `|` line of the empty solution",
                )
                .into());
            }
            Some(current) => current,
            None => self.begin_plain(number),
        };
        current.options += 1;
        let mut cost: Result<Option<u64>, Invalid> = Ok(None);
        let names = tokens(line)
            .filter(|&(column, token)| {
                if !is_cost(token) {
                    return true;
                }
                cost = match (&cost, read_cost(token)) {
                    (Err(_), _) => return false,
                    (Ok(sum), Some(this)) => Ok(Some(sum.unwrap_or(0).saturating_add(this))),
                    (Ok(_), None) => Err(Invalid {
                        line: number,
                        column: Some(column),
                        message: format!(
                            "malformed cost `{token}`: `dlx solve --best` writes `|n`, n a whole number"
                        ),
                    }),
                };
                false
            })
            .map(|(column, name)| (Some(column), name));
        self.checker
            .resolve(names, &mut self.items)
            .map_err(|error| error.at(number, None))?;
        let place = Place {
            line: number,
            option: None,
        };
        self.checker.option(place, &mut self.items, cost?)?;
        Ok(())
    }

    /// Starts the next solution of the plain listing, on `line`.
    fn begin_plain(&mut self, line: usize) -> &mut Current {
        self.verified.solutions += 1;
        let solution = Numbered {
            listing: Listing::Solution,
            number: self.verified.solutions,
        };
        self.checker.begin(solution, line, None);
        self.current.insert(Current {
            listing: Listing::Solution,
            options: 0,
            empty: false,
        })
    }

    /// A `best N: cost C` or `improvement N: cost C` line: numbered in
    /// turn, and the best cheapest first.
    fn begin_costed(
        &mut self,
        line: usize,
        listing: Listing,
        found: u64,
        cost: u64,
    ) -> Result<(), VerifyError> {
        if let (Listing::Improvement, Some((summary, _))) = (listing, &self.summary) {
            let message = format!(
                "an improvement after the `--best` summary on line {summary}: dlx verify checks the solutions of one problem"
            );
            return Err(Invalid::at(line, message).into());
        }
        let listed = match listing {
            Listing::Best => self.best.len() as u64,
            _ => self.verified.improvements,
        };
        let solution = Numbered {
            listing,
            number: listed + 1,
        };
        let fail = |kind| Failure {
            solution: Some(solution),
            place: Place { line, option: None },
            last_line: None,
            kind,
        };
        if found != solution.number {
            let kind = FailureKind::Misnumbered {
                found,
                expected: solution,
            };
            return Err(fail(kind).into());
        }
        if listing == Listing::Best {
            if let Some(&previous) = self.best.last()
                && cost < previous
            {
                return Err(fail(FailureKind::BestOrder { cost, previous }).into());
            }
            self.best.push(cost);
        } else {
            self.verified.improvements += 1;
        }
        self.checker.begin(solution, line, Some(cost));
        self.current = Some(Current {
            listing,
            options: 0,
            empty: false,
        });
        Ok(())
    }

    /// Ends the solution being read, if any: it must hold; one of a
    /// `--best` listing must not repeat another.
    fn end_solution(&mut self) -> Result<(), VerifyError> {
        let Some(current) = self.current.take() else {
            return Ok(());
        };
        let ended = self.checker.end()?;
        if let (Listing::Best | Listing::Improvement, Some(earlier)) =
            (current.listing, ended.repeats)
        {
            let kind = FailureKind::Repeated { earlier };
            return Err(self.checker.fail_whole(kind).into());
        }
        Ok(())
    }

    /// After the last line: the summary's costs are those of the best.
    fn finish(mut self) -> Result<Verified, VerifyError> {
        if let Some((line, costs)) = self.summary.take() {
            if costs != self.best {
                let kind = FailureKind::BestCosts {
                    summary: costs,
                    listed: self.best,
                };
                return Err(Failure::of_record(line, kind).into());
            }
            self.verified.best = Some(costs);
        } else if !self.best.is_empty() {
            self.verified.best = Some(self.best);
        }
        note_repeats(&mut self.verified, self.checker);
        Ok(self.verified)
    }
}

/// The `==> FILE <==` line that `dlx solve` prints before the solutions of
/// each of several files (unless the problem has an item called `==>`).
fn is_header(line: &str, problem: &Problem) -> bool {
    line.starts_with("==> ") && line.ends_with(" <==") && problem.item_by_name("==>").is_none()
}

/// `best N: cost C` or `improvement N: cost C`, as `dlx solve --best`
/// heads a solution.
fn costed_header(line: &str) -> Option<(Listing, u64, u64)> {
    let mut words = line.split_whitespace();
    let listing = match words.next()? {
        "best" => Listing::Best,
        "improvement" => Listing::Improvement,
        _ => return None,
    };
    let number = words.next()?.strip_suffix(':')?;
    if words.next()? != "cost" {
        return None;
    }
    let cost = words.next()?;
    if words.next().is_some() {
        return None;
    }
    Some((listing, whole_number(number)?, whole_number(cost)?))
}

/// The costs of the summary line of `dlx solve --best K` (`FILE: the K
/// best costs: C1, C2`, maybe ` (not proven optimal)`), or of `dlx merge`
/// (`the K best costs (of K asked): C1, C2`).
fn best_summary(line: &str) -> Option<Vec<u64>> {
    let line = line.trim_end();
    let line = line.strip_suffix(" (not proven optimal)").unwrap_or(line);
    let starts = line
        .match_indices(": the ")
        .map(|(at, _)| at + ": the ".len())
        .chain(line.starts_with("the ").then_some("the ".len()));
    starts.into_iter().find_map(|start| {
        let (k, rest) = line[start..].split_once(' ')?;
        let k: usize = whole_number(k)?.try_into().ok()?;
        let rest = rest
            .strip_prefix("best costs")
            .or_else(|| rest.strip_prefix("best cost"))?;
        let rest = match rest.strip_prefix(" (of ") {
            Some(asked) => asked.split_once(" asked)")?.1,
            None => rest,
        };
        let list = rest.strip_prefix(':')?.trim();
        let costs: Option<Vec<u64>> = if list.is_empty() {
            Some(Vec::new())
        } else {
            list.split(", ").map(whole_number).collect()
        };
        costs.filter(|costs| costs.len() == k)
    })
}

/// A whole number in decimal digits (no sign).
fn whole_number(text: &str) -> Option<u64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// The cost of a cost token, if it is a whole number.
fn read_cost(token: &str) -> Option<u64> {
    whole_number(&token[1..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cost_lines_are_read_whole_or_not_at_all() {
        assert_eq!(
            costed_header("best 12: cost 7"),
            Some((Listing::Best, 12, 7))
        );
        assert_eq!(
            costed_header("improvement 1: cost 0"),
            Some((Listing::Improvement, 1, 0))
        );
        for line in [
            "best 1 cost 7",
            "best 1: cost",
            "best 1: cost 7 8",
            "best x: cost 7",
            "best 1: cost -7",
            "worst 1: cost 7",
        ] {
            assert_eq!(costed_header(line), None, "{line}");
        }
    }

    #[test]
    fn best_summaries_give_their_costs() {
        let cases = [
            ("a.dlx: the 2 best costs: 100, 102", Some(vec![100, 102])),
            ("my: the file: the 1 best cost: 5", Some(vec![5])),
            (
                "a.dlx: the 1 best cost: 9 (not proven optimal)",
                Some(vec![9]),
            ),
            ("<stdin>: the 0 best costs: ", Some(vec![])),
            (
                "the 2 best costs (of 3 asked): 119, 122",
                Some(vec![119, 122]),
            ),
            ("a.dlx: the 2 best costs: 100", None),
            ("a.dlx: the 1 best cost: x", None),
            ("a the 1 best cost: 5", None),
        ];
        for (line, costs) in cases {
            assert_eq!(best_summary(line), costs, "{line}");
        }
    }
}
