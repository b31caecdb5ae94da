//! `dlx merge`: the results of tasks added up exactly, with every task
//! accounted for once (those of the split, and the frontier tasks that
//! stopped tasks left), and an exit status a rerun loop can follow.

mod best;
mod ledger;
mod progress;
mod total;

use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use dancing_tasks::{Task, write_header, write_task};
use serde_json::{Value, json};

use crate::interrupt;
use crate::status::{Status, diag, is_broken_pipe};
use best::BestTotal;
use dancing_tasks::merge::Ledger;
use dancing_tasks::progress::Progress;
use ledger::ReadFiles;
use total::Total;

/// The most problems named one by one without --verbose; past it, a count.
const NAMED: usize = 20;

/// Add up the results of tasks (`dlx solve --tasks` output) exactly.
///
/// Binds every result line to its task: the problem, the split, the id and
/// the path must be those of a task of the task file (or of a stopped
/// task's frontier), and the line's checksum must hold. Names every fault
/// with its `FILE:LINE`, prints a summary line on standard error, then the
/// number of solutions (or, with --solutions, the solutions in the order
/// one thread finds them) when the results are complete.
///
/// Exit status: 0 complete (1 if complete with no solution); 3 incomplete
/// but mended by a rerun (tasks missing or not started: `--rerun` lists
/// them); 2 inconsistent (results of another problem or split, a path or
/// id that is not the split's, a changed or malformed line, results of one
/// task that disagree, a failed task, a file that cannot be read). Identical
/// results of one task count once.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Files of result lines (`-`: standard input).
    #[arg(required = true)]
    pub results: Vec<PathBuf>,

    /// The task file the results are of. Without it, the results are
    /// checked against the problem and split the first one names, the
    /// ids against the split's number of tasks, but the paths of the
    /// split's tasks cannot be checked, nor a missing one rerun. A rerun's
    /// task file holds part of the split: every task of the split is still
    /// accounted for (so its own round's results alone are incomplete),
    /// the paths of the others unchecked; give `dlx split`'s file.
    #[arg(long, value_name = "TASKS")]
    pub tasks: Option<PathBuf>,

    /// Print the tasks still to run (missing or not started) as a task
    /// file for `dlx solve --tasks`, instead of the total; nothing when the
    /// results are complete (exit 0) or inconsistent (exit 2).
    #[arg(long)]
    pub rerun: bool,

    /// With --rerun: regroup the tasks into about N jobs of about equal
    /// estimated size (and equal counts), each job's tasks together, so
    /// that job K is `dlx solve FILE --tasks RERUN --task K --chunk C` (or
    /// --task-from-env --chunk C in a job array of the N indices); C is
    /// said on standard error. Sizes come from the task file's estimates.
    #[arg(long, value_name = "N", requires = "rerun",
          conflicts_with_all = ["solutions", "stats", "json", "progress"],
          value_parser = clap::value_parser!(u64).range(1..=1_048_576))]
    pub chunk: Option<u64>,

    /// Print the solutions the results hold, in the order of the search.
    #[arg(long, conflicts_with = "rerun")]
    pub solutions: bool,

    /// Print the statistics as `name value` pairs on standard error.
    #[arg(long, conflicts_with_all = ["rerun", "json"])]
    pub stats: bool,

    /// Name every task missing and every fault (not only the first 20),
    /// and each duplicate and torn line.
    #[arg(short, long)]
    pub verbose: bool,

    /// Print the account as one JSON object on standard output (status,
    /// counts, every task missing and every fault, and the figures when
    /// complete) instead of the total.
    #[arg(long, conflicts_with_all = ["rerun", "solutions", "verbose"])]
    pub json: bool,

    /// Print how far the run is instead of the total: tasks done and
    /// left, nodes done, the nodes left as the task file's estimates say
    /// (a stopped task's frontier: its estimate less what it and its
    /// frontier did), the fraction of the tree done, and the task time
    /// left at the task time per node so far. With --json, a `progress`
    /// object in the account. The exit status is the merge's (0, 3, 2).
    #[arg(long, requires = "tasks", conflicts_with_all = ["rerun", "solutions", "stats"])]
    pub progress: bool,
}

/// What `dlx merge` prints on standard output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Print {
    /// `--rerun`: the tasks still to run, as a task file.
    Rerun,
    /// `--solutions`: the solutions, in the order of the search.
    Solutions,
    /// `--json`: the account (with `--progress`, the progress too).
    Json,
    /// `--progress`: how far the run is.
    Progress,
    /// The number of solutions.
    Total,
}

/// `dlx merge`'s arguments, decided once.
struct MergePlan<'a> {
    tasks: Option<&'a Path>,
    results: &'a [PathBuf],
    print: Print,
    /// `--stats`: the figures as `name value` pairs.
    stats: bool,
    verbose: bool,
    /// `--progress` (printed alone, or in the JSON account).
    progress: bool,
    /// `--rerun --chunk N`: the jobs to regroup the tasks into.
    chunk: Option<usize>,
}

impl<'a> MergePlan<'a> {
    fn new(args: &'a Args) -> MergePlan<'a> {
        // clap has checked that the printing flags do not come together.
        let print = if args.rerun {
            Print::Rerun
        } else if args.solutions {
            Print::Solutions
        } else if args.json {
            Print::Json
        } else if args.progress {
            Print::Progress
        } else {
            Print::Total
        };
        MergePlan {
            tasks: args.tasks.as_deref(),
            results: &args.results,
            print,
            stats: args.stats,
            verbose: args.verbose,
            progress: args.progress,
            chunk: args.chunk.map(|jobs| jobs as usize),
        }
    }
}

/// Where the results stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
    Complete,
    /// Tasks missing: a rerun mends it.
    Incomplete,
    /// A fault no rerun mends.
    Inconsistent,
}

impl Verdict {
    fn of(ledger: &Ledger) -> Verdict {
        if !ledger.faults.is_empty() || ledger.identity.is_none() {
            Verdict::Inconsistent
        } else if !ledger.missing.is_empty() {
            Verdict::Incomplete
        } else {
            Verdict::Complete
        }
    }

    fn word(self) -> &'static str {
        match self {
            Verdict::Complete => "complete",
            Verdict::Incomplete => "incomplete",
            Verdict::Inconsistent => "inconsistent",
        }
    }
}

pub fn run(args: &Args) -> Status {
    interrupt::catch();
    let plan = MergePlan::new(args);
    let mut ledger = Ledger::default();
    if let Some(path) = plan.tasks
        && let Err(message) = ledger.read_task_file(path)
    {
        diag!("{message}");
        return Status::Error;
    }
    for path in plan.results {
        ledger.read_results(path);
        // A file cut short by Ctrl-C would count as incomplete or faulty:
        // no verdict at all is the honest answer.
        if interrupt::requested() {
            diag!(
                "dlx merge: interrupted while reading {}; no total",
                path.display()
            );
            return Status::Interrupted;
        }
    }
    ledger.account();
    let verdict = Verdict::of(&ledger);
    let total = match Total::of(&ledger.accepted) {
        Ok(total) => total,
        Err(message) => {
            diag!("dlx merge: {message}");
            return Status::Error;
        }
    };
    let best = match BestTotal::of(&ledger.accepted) {
        Ok(best) => best,
        Err(message) => {
            diag!("{message}");
            return Status::Error;
        }
    };
    if plan.print != Print::Json {
        // Progress is about what is left, not which tasks: named with
        // --verbose only.
        let name_missing = plan.print != Print::Progress || plan.verbose;
        name_problems(&ledger, plan.verbose, name_missing);
    }
    diag!("{}", summary(&ledger, verdict));
    let progress = match plan
        .progress
        .then(|| Progress::of(&ledger, total.stats.nodes, total.seconds))
        .transpose()
    {
        Ok(progress) => progress,
        Err(message) => {
            diag!("dlx merge: {message}");
            return Status::Error;
        }
    };
    let written = match (plan.print, verdict) {
        (Print::Json, _) => write_json(&ledger, verdict, &total, best.as_ref(), progress.as_ref())
            .map(|()| status_of(verdict, &total)),
        (Print::Progress, _) => {
            progress::write(progress.as_ref().expect("--progress makes the progress"))
                .map(|()| status_of(verdict, &total))
        }
        (Print::Rerun, Verdict::Incomplete) => write_rerun(&ledger, plan.chunk),
        (Print::Rerun, Verdict::Complete) => {
            diag!("dlx merge: the results are complete: nothing to rerun");
            Ok(status_of(verdict, &total))
        }
        (_, Verdict::Complete) => match &best {
            Some(best) => best.write(ledger.accepted.len()),
            None => total.write(&ledger.accepted, plan.print == Print::Solutions, plan.stats),
        },
        (_, Verdict::Incomplete) => {
            diag!(
                "dlx merge: no total from incomplete results: `dlx merge --rerun` lists the tasks to run"
            );
            Ok(Status::Incomplete)
        }
        (_, Verdict::Inconsistent) => {
            diag!(
                "dlx merge: no total from inconsistent results: mend the lines named (a rerun does not)"
            );
            Ok(Status::Error)
        }
    };
    match written {
        Ok(status) => status,
        Err(error) if is_broken_pipe(&error) => status_of(verdict, &total),
        Err(error) => {
            diag!("dlx: error writing output: {error}");
            Status::Error
        }
    }
}

/// The exit status of a verdict: complete is 0, or 1 with no solution.
fn status_of(verdict: Verdict, total: &Total) -> Status {
    match verdict {
        Verdict::Complete if total.stats.solutions > 0 => Status::Success,
        Verdict::Complete => Status::NotFound,
        Verdict::Incomplete => Status::Incomplete,
        Verdict::Inconsistent => Status::Error,
    }
}

/// Names the faults (first: no rerun mends them), then the missing tasks;
/// the first [`NAMED`] of them unless `verbose`.
fn name_problems(ledger: &Ledger, verbose: bool, name_missing: bool) {
    let mut lines: Vec<String> = ledger.faults.iter().map(|fault| fault.describe()).collect();
    if ledger.identity.is_none() {
        lines.push(
            "dlx merge: no result line to merge, and no task file: nothing is known of the split"
                .into(),
        );
    }
    lines.extend(
        ledger
            .missing
            .iter()
            .filter(|_| name_missing)
            .map(|missing| match &missing.not_started {
                Some((place, why)) => {
                    format!("{place}: task {} was not started ({why})", missing.id)
                }
                None => format!("task {} has no result", missing.id),
            }),
    );
    let shown = if verbose { lines.len() } else { NAMED };
    for line in lines.iter().take(shown) {
        diag!("{line}");
    }
    if lines.len() > shown {
        diag!(
            "dlx merge: and {} more (`--verbose` names them all)",
            lines.len() - shown
        );
    }
    if verbose {
        for (place, first) in &ledger.duplicates {
            diag!("{place}: the same result as {first}, counted once");
        }
        for place in &ledger.torn {
            diag!("{place}: a last line cut short (a writer killed mid-line), not counted");
        }
    }
    if !ledger.waiting.is_empty() {
        diag!(
            "dlx merge: {} results of tasks of the task file not counted: the stopped tasks that left them have no result (merge every round's results)",
            ledger.waiting.len()
        );
        if verbose {
            for placed in &ledger.waiting {
                diag!(
                    "{}: task {} waits for the result of the task that left it",
                    placed.place,
                    placed.result.task.id
                );
            }
        }
    }
    if let (Some(listed), Some((_, split))) = (ledger.partial, ledger.identity) {
        diag!(
            "dlx merge: {} holds {listed} of the tasks of split {split} (a rerun's file): every task of the split is accounted for, but the paths of those it does not hold are not checked, and such a task missing cannot be rerun: give the split's own task file",
            ledger.task_file_name
        );
    } else if !ledger.task_file && ledger.identity.is_some() {
        diag!(
            "dlx merge: without --tasks, the paths of the split's tasks are not checked, and a task missing cannot be rerun: give the task file"
        );
    }
}

/// The summary line: tasks by how they stand, and the verdict.
fn summary(ledger: &Ledger, verdict: Verdict) -> String {
    let not_started = ledger
        .missing
        .iter()
        .filter(|missing| missing.not_started.is_some())
        .count();
    let count = |kind: &str| ledger.faults.iter().filter(|f| f.kind() == kind).count();
    let split = ledger.identity.map_or_else(
        || "no split".to_owned(),
        |(_, split)| format!("split {split}"),
    );
    let mut line = format!(
        "dlx merge: {} tasks ({split}): {} done, {} stopped, {} missing ({not_started} not started), {} failed, {} foreign",
        ledger.expected,
        ledger.done,
        ledger.stopped,
        ledger.missing.len(),
        count("failed"),
        count("foreign"),
    );
    // The rarer counts only when there are some.
    for (word, n) in [
        ("corrupt", count("corrupt")),
        ("disagreeing", count("disagreeing")),
        ("unreadable", count("unreadable")),
        ("duplicates (counted once)", ledger.duplicates.len()),
        ("torn lines", ledger.torn.len()),
    ] {
        if n > 0 {
            line.push_str(&format!(", {n} {word}"));
        }
    }
    line + ": " + verdict.word()
}

/// The tasks still to run, in order, as a task file of the same split;
/// refused when a task's path is unknown (no task file).
fn write_rerun(ledger: &Ledger, chunk: Option<usize>) -> io::Result<Status> {
    let tasks: Option<Vec<&Task>> = ledger.missing.iter().map(|m| m.task.as_ref()).collect();
    let (Some(mut tasks), Some((digest, split))) = (tasks, ledger.identity) else {
        if ledger.partial.is_some() {
            let unknown: Vec<&str> = ledger
                .missing
                .iter()
                .filter(|m| m.task.is_none())
                .map(|m| m.id.as_str())
                .collect();
            diag!(
                "dlx merge: --rerun needs the paths of the missing tasks {}{}, which {} (a rerun's file) does not hold: give the split's own task file",
                unknown[..unknown.len().min(NAMED)].join(", "),
                if unknown.len() > NAMED { ", ..." } else { "" },
                ledger.task_file_name
            );
        } else {
            diag!(
                "dlx merge: --rerun needs the task file (--tasks) to write the paths of the split's missing tasks"
            );
        }
        return Ok(Status::Error);
    };
    if let Some(jobs) = chunk {
        // The merge accounts by id: the order of a rerun's file is free.
        let sizes = dancing_tasks::progress::sizes_left(ledger);
        let (order, per, loads) = progress::regroup(&sizes, jobs);
        tasks = order.iter().map(|&k| tasks[k]).collect();
        let largest = loads.iter().copied().fold(0.0, f64::max);
        let mean = loads.iter().sum::<f64>() / loads.len().max(1) as f64;
        let unknown = sizes.iter().filter(|size| size.is_none()).count();
        diag!(
            "dlx merge: {} tasks to rerun in {} jobs of {per}: run job K as `dlx solve FILE --tasks RERUN --task K --chunk {per}` (a job array: indices 0-{}, --task-from-env --chunk {per}); estimated nodes a job: mean {mean:.0}, largest {largest:.0}{}",
            tasks.len(),
            loads.len(),
            loads.len().saturating_sub(1),
            if unknown > 0 {
                format!(" ({unknown} tasks of unknown size taken as the mean)")
            } else {
                String::new()
            }
        );
    }
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    write_header(&mut out, digest, split, tasks.len())?;
    for task in tasks {
        write_task(&mut out, task)?;
    }
    out.flush()?;
    Ok(Status::Incomplete)
}

/// The account as one JSON object.
fn write_json(
    ledger: &Ledger,
    verdict: Verdict,
    total: &Total,
    best: Option<&BestTotal>,
    progress: Option<&Progress>,
) -> io::Result<()> {
    let missing: Vec<Value> = ledger
        .missing
        .iter()
        .map(|m| match &m.not_started {
            Some((place, why)) => json!({"task": m.id, "not_started": why, "place": place}),
            None => json!({"task": m.id}),
        })
        .collect();
    let faults: Vec<Value> = ledger
        .faults
        .iter()
        .map(|fault| json!({"kind": fault.kind(), "message": fault.describe()}))
        .collect();
    let mut report = json!({
        "status": verdict.word(),
        "split": ledger.identity.map(|(_, split)| split.to_string()),
        "digest": ledger.identity.map(|(digest, _)| digest.to_string()),
        "tasks": ledger.expected,
        "done": ledger.done,
        "stopped": ledger.stopped,
        "missing": missing,
        "faults": faults,
        "duplicates": ledger.duplicates.iter().map(|(place, first)| json!({"place": place, "same_as": first})).collect::<Vec<_>>(),
        "torn": ledger.torn,
    });
    if verdict == Verdict::Complete {
        report["solutions"] = json!(total.stats.solutions);
        report["nodes"] = json!(total.stats.nodes);
        report["updates"] = json!(total.stats.updates);
        report["cleansings"] = json!(total.stats.cleansings);
        report["max_depth"] = json!(total.stats.max_depth);
        report["task_seconds"] = json!(total.seconds);
        if let Some(best) = best {
            report["best"] = best.to_json();
        }
    }
    if let Some(progress) = progress {
        report["progress"] = progress::to_json(progress);
    }
    let stdout = io::stdout();
    let mut out = stdout.lock();
    writeln!(out, "{report}")?;
    out.flush()
}
