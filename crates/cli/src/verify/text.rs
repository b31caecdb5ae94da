//! `dlx solve`'s text output: option lines, blank lines between solutions,
//! and a comment line (`|`) for the empty solution.

use std::io::BufRead;

use dancing::Problem;
use dancing::format::text::tokens;

use super::checker::Checker;
use super::solution_lines::SolutionLines;
use super::verdict::{Invalid, Place, VerifyError};
use crate::interrupt;

/// Checks every solution; returns how many there were.
pub(super) fn verify<R: BufRead>(
    lines: &mut SolutionLines<R>,
    checker: &mut Checker<'_>,
) -> Result<u64, VerifyError> {
    let mut solutions = 0;
    let mut in_solution = false;
    let mut header_seen = false;
    let mut items = Vec::new();
    while let Some((number, line)) = lines.next()? {
        if interrupt::requested() {
            return Err(VerifyError::Interrupted);
        }
        if line.trim().is_empty() {
            if in_solution {
                checker.end()?;
                in_solution = false;
            }
            continue;
        }
        // A comment line: the empty solution, as `dlx solve` prints it.
        if line.trim_start().starts_with('|') {
            if in_solution {
                return Err(Invalid::at(
                    number,
                    "a `|` line within a solution: it stands for the empty solution, alone",
                )
                .into());
            }
            solutions += 1;
            checker.begin(solutions, number);
            checker.end()?;
            continue;
        }
        if !in_solution && is_header(line, checker.problem()) {
            if header_seen || solutions > 0 {
                return Err(Invalid::at(
                    number,
                    "a second `==> FILE <==` header: dlx verify checks the solutions of one problem",
                )
                .into());
            }
            header_seen = true;
            continue;
        }
        if !in_solution {
            solutions += 1;
            checker.begin(solutions, number);
            in_solution = true;
        }
        checker
            .resolve(
                tokens(line).map(|(column, name)| (Some(column), name)),
                &mut items,
            )
            .map_err(|error| error.at(number, None))?;
        checker.option(
            Place {
                line: number,
                option: None,
            },
            &mut items,
        )?;
    }
    if in_solution {
        checker.end()?;
    }
    Ok(solutions)
}

/// The `==> FILE <==` line that `dlx solve` prints before the solutions of
/// each of several files (unless the problem has an item called `==>`).
fn is_header(line: &str, problem: &Problem) -> bool {
    line.starts_with("==> ") && line.ends_with(" <==") && problem.item_by_name("==>").is_none()
}
