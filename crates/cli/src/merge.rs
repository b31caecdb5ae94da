//! `dlx merge`: the results of tasks added up exactly, with every task
//! accounted for once: those of the task file, and the frontier tasks that
//! stopped tasks left.

use std::collections::{HashMap, HashSet};
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};

use dancing::Stats;
use dancing_tasks::{Digest, Task, read_tasks, write_header, write_task};
use serde_json::Value;

use crate::status::{Status, diag, is_broken_pipe};
use dancing_tasks::results::{ResultOutcome, TaskResult, read_line};

/// The most problems named one by one; past it, a count.
const NAMED: usize = 20;

/// Add up the results of tasks (`dlx solve --tasks` output) exactly.
///
/// Checks that every task of the task file, and every task a stopped task
/// left in its frontier, has exactly one result, of the same problem, and
/// that none failed; names each that does not (exit 2). Then prints the
/// number of solutions (or, with --solutions, the solutions in the order
/// one thread finds them), and the summary on standard error. Exits 0 when
/// a solution was found, 1 when there is none, 2 when results are missing,
/// duplicated, failed, foreign or malformed.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Files of result lines (`-`: standard input).
    #[arg(required = true)]
    pub results: Vec<PathBuf>,

    /// The task file the results are of: without it, a task that never
    /// reported cannot be named.
    #[arg(long, value_name = "TASKS")]
    pub tasks: Option<PathBuf>,

    /// Print the tasks still to run (missing or failed) as a task file,
    /// for `dlx solve --tasks`, instead of the total.
    #[arg(long)]
    pub rerun: bool,

    /// Print the solutions the results hold, in the order of the search.
    #[arg(long, conflicts_with = "rerun")]
    pub solutions: bool,

    /// Print the statistics as `name value` pairs on standard error.
    #[arg(long)]
    pub stats: bool,
}

/// What `dlx merge` prints when the results are read and checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Print {
    /// `--rerun`: the tasks still to run, as a task file.
    Rerun,
    /// `--solutions`: the solutions, in the order of the search.
    Solutions,
    /// The number of solutions.
    Total,
}

/// `dlx merge`'s arguments, decided once.
struct MergePlan<'a> {
    /// The task file, if given.
    tasks: Option<&'a Path>,
    /// The files of result lines.
    results: &'a [PathBuf],
    print: Print,
    /// `--stats`: the summary as `name value` pairs.
    stats: bool,
}

impl<'a> MergePlan<'a> {
    fn new(args: &'a Args) -> MergePlan<'a> {
        // clap has checked that --rerun and --solutions do not come together.
        let print = if args.rerun {
            Print::Rerun
        } else if args.solutions {
            Print::Solutions
        } else {
            Print::Total
        };
        MergePlan {
            tasks: args.tasks.as_deref(),
            results: &args.results,
            print,
            stats: args.stats,
        }
    }
}

/// A result, and where it was read.
struct Placed {
    place: String,
    result: TaskResult,
}

/// What the merge knows so far.
#[derive(Default)]
struct Merge {
    digest: Option<Digest>,
    /// Whether a task file was read.
    task_file: bool,
    /// The tasks expected, by id: those of the task file, then frontiers.
    expected: HashMap<String, Task>,
    /// The tasks of the task file, in its order (for `--rerun`).
    order: Vec<String>,
    results: HashMap<String, Placed>,
    problems: Vec<String>,
}

pub fn run(args: &Args) -> Status {
    let plan = MergePlan::new(args);
    let mut merge = Merge::default();
    if let Some(path) = plan.tasks
        && let Err(message) = merge.read_tasks(path)
    {
        diag!("{message}");
        return Status::Error;
    }
    for path in plan.results {
        merge.read_results(path);
    }
    merge.check();
    for problem in merge.problems.iter().take(NAMED) {
        diag!("{problem}");
    }
    if merge.problems.len() > NAMED {
        diag!(
            "dlx merge: and {} more problems",
            merge.problems.len() - NAMED
        );
    }
    let written = if plan.print == Print::Rerun {
        merge.write_rerun().map(|()| Status::Success)
    } else if merge.problems.is_empty() {
        merge.write_total(plan.print == Print::Solutions, plan.stats)
    } else {
        diag!(
            "dlx merge: the results are not complete ({} problems): no total (`--rerun` lists the tasks to run)",
            merge.problems.len()
        );
        Ok(Status::Error)
    };
    let status = match written {
        Ok(status) => status,
        Err(error) if is_broken_pipe(&error) => Status::Success,
        Err(error) => {
            diag!("dlx: error writing output: {error}");
            return Status::Error;
        }
    };
    if merge.problems.is_empty() {
        status
    } else {
        Status::Error
    }
}

impl Merge {
    fn read_tasks(&mut self, path: &Path) -> Result<(), String> {
        let name = path.display().to_string();
        let file = File::open(path).map_err(|error| format!("{name}: cannot open: {error}"))?;
        let file = read_tasks(BufReader::with_capacity(1 << 16, file))
            .map_err(|error| format!("{name}:{error}"))?;
        self.digest = Some(file.digest);
        self.task_file = true;
        for task in file.tasks {
            self.order.push(task.id.clone());
            self.expected.insert(task.id.clone(), task);
        }
        Ok(())
    }

    /// Reads every line of one results file; a bad line is named and the
    /// rest still read.
    fn read_results(&mut self, path: &Path) {
        let name = path.display().to_string();
        let reader: Box<dyn BufRead> = if name == "-" {
            Box::new(BufReader::new(io::stdin()))
        } else {
            match File::open(path) {
                Ok(file) => Box::new(BufReader::with_capacity(1 << 16, file)),
                Err(error) => {
                    self.problems.push(format!("{name}: cannot open: {error}"));
                    return;
                }
            }
        };
        let mut reader = reader;
        let mut buffer = Vec::new();
        let mut line = 0;
        loop {
            line += 1;
            match read_line(&mut reader, &mut buffer) {
                Ok(None) => break,
                Ok(Some(())) => {}
                Err(error) => {
                    self.problems
                        .push(format!("{name}:{line}: cannot read: {error}"));
                    break;
                }
            }
            let place = format!("{name}:{line}");
            let parsed = std::str::from_utf8(&buffer)
                .map_err(|_| "not UTF-8 text".to_owned())
                .and_then(TaskResult::parse);
            match parsed {
                Ok(result) => self.add(place, result),
                Err(message) => self.problems.push(format!(
                    "{place}: {message} (a truncated line is what a killed task leaves)"
                )),
            }
        }
    }

    fn add(&mut self, place: String, result: TaskResult) {
        let id = result.task.id.clone();
        let digest = *self.digest.get_or_insert(result.digest);
        if result.digest != digest {
            self.problems.push(format!(
                "{place}: task {id} is a result of another problem (digest {}, not {digest})",
                result.digest
            ));
            return;
        }
        if let Some(first) = self.results.get(&id) {
            self.problems.push(format!(
                "{place}: task {id} has a result already, at {}",
                first.place
            ));
            return;
        }
        self.results.insert(id, Placed { place, result });
    }

    /// Names missing, failed and unexpected results; the frontier tasks of
    /// stopped tasks are expected too.
    fn check(&mut self) {
        let mut frontier = Vec::new();
        for placed in self.results.values() {
            if let ResultOutcome::Ran { frontier: left, .. } = &placed.result.outcome {
                frontier.extend(left.iter().cloned());
            }
        }
        for task in frontier {
            self.order.push(task.id.clone());
            self.expected.insert(task.id.clone(), task);
        }
        let mut ids: Vec<&String> = self.results.keys().collect();
        ids.sort_by(|a, b| compare_ids(a, b));
        for id in ids {
            let placed = &self.results[id];
            if let ResultOutcome::Failed(message) = &placed.result.outcome {
                self.problems
                    .push(format!("{}: task {id} failed: {message}", placed.place));
            }
            // Without the task file, a top-level id is expected as it comes.
            let top_level = !id.contains('.');
            if !self.expected.contains_key(id) && (self.task_file || !top_level) {
                self.problems.push(format!(
                    "{}: task {id} is neither in the task file nor left by a stopped task",
                    placed.place
                ));
            }
        }
        let mut missing: Vec<&String> = self
            .expected
            .keys()
            .filter(|id| !self.results.contains_key(*id))
            .collect();
        missing.sort_by(|a, b| compare_ids(a, b));
        for id in missing {
            self.problems.push(format!("task {id} has no result"));
        }
    }

    /// The tasks still to run: missing or failed, in order.
    fn write_rerun(&self) -> io::Result<()> {
        let mut seen = HashSet::new();
        let to_run: Vec<&Task> = self
            .order
            .iter()
            .filter(|id| seen.insert(*id))
            .filter(|id| {
                self.results
                    .get(*id)
                    .is_none_or(|placed| matches!(placed.result.outcome, ResultOutcome::Failed(_)))
            })
            .map(|id| &self.expected[id])
            .collect();
        let Some(digest) = self.digest else {
            diag!("dlx merge: no task file and no result: nothing to rerun");
            return Ok(());
        };
        let stdout = io::stdout();
        let mut out = BufWriter::new(stdout.lock());
        write_header(&mut out, digest, to_run.len())?;
        for task in to_run {
            write_task(&mut out, task)?;
        }
        out.flush()
    }

    /// The total (or the solutions in order), and the summary (as
    /// `name value` pairs with `stats`).
    fn write_total(&self, solutions: bool, stats: bool) -> io::Result<Status> {
        let mut total = Stats::default();
        let mut seconds = 0.0;
        let mut ordered: Vec<(&Task, Option<&Vec<Value>>)> = Vec::new();
        for placed in self.results.values() {
            if let ResultOutcome::Ran {
                stats,
                seconds: took,
                found,
                ..
            } = &placed.result.outcome
            {
                total.solutions += stats.solutions;
                total.nodes += stats.nodes;
                total.updates += stats.updates;
                total.cleansings += stats.cleansings;
                total.max_depth = total.max_depth.max(stats.max_depth);
                seconds += took;
                ordered.push((&placed.result.task, found.as_ref()));
            }
        }
        let stdout = io::stdout();
        let mut out = BufWriter::new(stdout.lock());
        if solutions {
            // Paths in the order of the search: a task before the tasks its
            // frontier left, siblings by option index.
            ordered.sort_by(|a, b| a.0.node.prefix.cmp(&b.0.node.prefix));
            let mut number = 0u64;
            for (task, found) in ordered {
                let Some(found) = found else {
                    diag!(
                        "dlx merge: the result of task {} holds no solutions (run without --count)",
                        task.id
                    );
                    return Ok(Status::Error);
                };
                for solution in found {
                    number += 1;
                    if number > 1 {
                        writeln!(out)?;
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
                }
            }
        } else {
            writeln!(out, "{}", total.solutions)?;
        }
        out.flush()?;
        let tasks = self.results.len();
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

/// Task ids in numeric order, part by part (`2` < `10`, `3` < `3.0`).
fn compare_ids(a: &str, b: &str) -> std::cmp::Ordering {
    let parts = |id: &str| -> Vec<u64> {
        id.split('.')
            .map(|part| part.parse().unwrap_or(0))
            .collect()
    };
    parts(a).cmp(&parts(b))
}

#[cfg(test)]
mod tests {
    use super::compare_ids;

    #[test]
    fn ids_sort_by_number_then_part() {
        let mut ids = vec!["10", "2", "3.1", "3", "3.0.5", "3.0"];
        ids.sort_by(|a, b| compare_ids(a, b));
        assert_eq!(ids, ["2", "3", "3.0", "3.0.5", "3.1", "10"]);
    }
}
