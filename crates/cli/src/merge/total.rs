//! The total of a merge: the figures of the results that count, added
//! up with checked sums (a sum past `u64::MAX` is an error, never a
//! wrapped count), and the count or the solutions printed.

use std::io::{self, BufWriter, Write};

use dancing::Stats;
use serde_json::Value;

use crate::run::printer::EMPTY_SOLUTION;
use crate::status::{Status, diag};
use dancing_tasks::merge::Placed;

/// The figures of the results that count, added up.
pub(super) struct Total {
    pub(super) stats: Stats,
    pub(super) seconds: f64,
}

impl Total {
    /// The figures of `accepted` added up (see
    /// [`dancing_tasks::merge::total`]).
    ///
    /// # Errors
    /// A sum past `u64::MAX`, naming the figure and the line.
    pub(super) fn of(accepted: &[Placed]) -> Result<Total, String> {
        let (stats, seconds) = dancing_tasks::merge::total(accepted)?;
        Ok(Total { stats, seconds })
    }

    /// The total (or the solutions in order) on standard output, and the
    /// figures (as `name value` pairs with `stats`) on standard error.
    pub(super) fn write(
        &self,
        accepted: &[Placed],
        solutions: bool,
        stats: bool,
    ) -> io::Result<Status> {
        let total = &self.stats;
        let seconds = self.seconds;
        let stdout = io::stdout();
        let mut out = BufWriter::new(stdout.lock());
        if solutions {
            // In the order of the search: a task before the tasks its
            // frontier left, siblings by option index.
            let listed = match dancing_tasks::found::listed(accepted) {
                Ok(listed) => listed,
                Err(unlisted) => {
                    diag!(
                        "dlx merge: the result of task {} holds no solutions (run without --count)",
                        unlisted.id
                    );
                    return Ok(Status::Error);
                }
            };
            for (number, solution) in listed.into_iter().enumerate() {
                if number > 0 {
                    writeln!(out)?;
                }
                write_solution(&mut out, solution)?;
            }
        } else {
            writeln!(out, "{}", total.solutions)?;
        }
        out.flush()?;
        let tasks = accepted.len();
        if stats {
            diag!(
                "solutions {} nodes {} updates {} cleansings {} max-depth {} tasks {tasks} task-seconds {seconds:.3} complete yes",
                total.solutions,
                total.nodes,
                total.updates,
                total.cleansings,
                total.max_depth
            );
        } else {
            let plural = if total.solutions == 1 { "" } else { "s" };
            diag!(
                "{} solution{plural}, {} nodes, {} updates, from {tasks} tasks ({seconds:.3}s of task time)",
                total.solutions,
                total.nodes,
                total.updates
            );
        }
        Ok(if total.solutions > 0 {
            Status::Success
        } else {
            Status::NotFound
        })
    }
}

/// A solution of a result line (a list of options, each a list of
/// entries) as `dlx solve` prints it: an option per line, the empty
/// solution visible (as `dlx verify` counts it).
pub(super) fn write_solution(out: &mut impl Write, solution: &Value) -> io::Result<()> {
    if solution.as_array().is_some_and(Vec::is_empty) {
        writeln!(out, "{EMPTY_SOLUTION}")?;
    }
    for option in solution.as_array().into_iter().flatten() {
        let entries: Vec<&str> = option
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect();
        writeln!(out, "{}", entries.join(" "))?;
    }
    Ok(())
}
