//! `dlx solve FILE --tasks TASKS`: runs tasks written by `dlx split` (all,
//! one, a range, or the one a job array's index names) on `-j` threads,
//! writing one JSON result line per task (see [`dancing_tasks::results`]) as each
//! ends, flushed, so that a killed run loses only its running tasks.

use std::io::{self, Write};
use std::ops::{ControlFlow, Range};
use std::path::{Path, PathBuf};

use dancing::{Config, Engine, Problem, Request, StopReason, mincost};

use super::args::{Args, TaskArgs};
use crate::input::Input;
use crate::interrupt;
use crate::run::clock::Clock;
use crate::run::plan::SearchPlan;
use crate::run::reader::{ReadFailure, read_problem, stopped_reading};
use crate::run::report::stop_while_reading;
use crate::status::{Status, diag, is_broken_pipe};
use dancing_tasks::found::{self, Ask};
use dancing_tasks::results::{ResultOutcome, TaskResult};
use dancing_tasks::{Digest, SplitId, Task, TaskFile, read_tasks};

/// The environment variables that hold a job array's index: Slurm's, then
/// Kubernetes Indexed Jobs'.
pub const INDEX_VARIABLES: [&str; 2] = ["SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX"];

/// `dlx solve --tasks`, checked: the tasks to run, and on what.
#[derive(Debug)]
pub struct TaskPlan {
    /// The problem's input (one FILE, or standard input).
    pub input: Input,
    /// The task file.
    pub tasks_path: PathBuf,
    /// Which of its tasks.
    pub selection: TaskArgs,
    /// Whether results hold the solutions (not with `--count`).
    pub solutions: bool,
    /// `--best K`: each task's K cheapest solutions instead.
    pub best: Option<usize>,
}

impl TaskPlan {
    /// The tasks `args` asks for, if any, or why they cannot run as asked.
    pub fn new(args: &Args) -> Result<Option<TaskPlan>, String> {
        let Some(tasks_path) = &args.tasks.tasks else {
            return Ok(None);
        };
        if args.files.len() > 1 {
            return Err("dlx solve: --tasks runs the tasks of one problem: give one FILE".into());
        }
        // --chunk K sizes what one index runs: without an index it would
        // be silently ignored (clap refuses it with --task-range).
        if let Some(chunk) = args.tasks.chunk
            && args.tasks.task.is_none()
            && !args.tasks.task_from_env
        {
            return Err(format!(
                "dlx solve: --chunk {chunk} makes index I run the {chunk} tasks from place I*{chunk}: it needs --task I or --task-from-env (without them every task of the file runs)"
            ));
        }
        // The flags a task run cannot honour (-n, --seed, --memo, --stats,
        // --profile, --json) are refused by clap, saying why.
        Ok(Some(TaskPlan {
            input: Input::all(&args.files).remove(0),
            tasks_path: tasks_path.clone(),
            selection: args.tasks.clone(),
            solutions: !args.count,
            best: args.best.map(|k| k as usize),
        }))
    }
}

/// The digest of `problem`, or why there is none.
fn digest_of(problem: &Problem, name: &str) -> Result<Digest, String> {
    Digest::of(problem).map_err(|error| format!("{name}: {error}"))
}

/// Runs the tasks `plan` selects; one that cannot run is reported in its
/// result line and the others still run.
pub fn run(plan: &TaskPlan, search: &SearchPlan) -> Status {
    interrupt::catch();
    match run_tasks(plan, search) {
        Ok(status) => status,
        Err(message) => {
            diag!("{message}");
            Status::Error
        }
    }
}

fn run_tasks(plan: &TaskPlan, search: &SearchPlan) -> Result<Status, String> {
    let tasks_path: &Path = &plan.tasks_path;
    // The clock of the run, which the reading of both files is within.
    let budget = Clock::start(search.time_limit);
    let input = &plan.input;
    let name = input.name();
    let tasks_name = tasks_path.display().to_string();
    // The task file first, so that a stop while the problem is read still
    // names the tasks it kept from starting.
    let file = read_task_file(tasks_path, &budget)?;
    let places = selected(&plan.selection, file.tasks.len(), &tasks_name)?;
    let tasks = &file.tasks[places];
    let problem = match read_problem(input, &budget) {
        Ok(parsed) => {
            for warning in &parsed.warnings {
                diag!("{name}:{warning}");
            }
            parsed.problem
        }
        Err(ReadFailure::Stopped { line, stop }) => {
            let elapsed = budget.started().elapsed();
            diag!(
                "{}; no task ran",
                stop_while_reading(&name, line, stop, elapsed)
            );
            let written =
                write_not_started(tasks, file.split, file.digest, stop.as_str(), &tasks_name);
            return match written {
                Err(error) if !is_broken_pipe(&error) => {
                    Err(format!("dlx: error writing output: {error}"))
                }
                _ => Ok(Status::Error),
            };
        }
        Err(ReadFailure::Error(message)) => return Err(message),
    };
    let digest = digest_of(&problem, &name)?;
    if file.digest != digest {
        return Err(format!(
            "{tasks_name}:1: the tasks are of another problem (digest {}; {name} has {digest})",
            file.digest
        ));
    }
    if let Some(k) = plan.best {
        mincost::check(&problem, k).map_err(|error| format!("{name}: {error}"))?;
    }
    let wanted = search.threads();
    // One thread a task, unless there are fewer tasks than threads: then
    // each task in turn on all of them.
    let each_on_threads = wanted > tasks.len() && wanted > 1;
    let config = Config::new().threads(if each_on_threads { wanted } else { 1 });
    let Some(engine) = Engine::builder()
        .config(config)
        .build_until(problem, &budget.stop())
    else {
        diag!("{name}: stopped while linking; no task ran");
        let why = budget.spent().map_or("interrupted", StopReason::as_str);
        return match write_not_started(tasks, file.split, digest, why, &tasks_name) {
            Err(error) if !is_broken_pipe(&error) => {
                Err(format!("dlx: error writing output: {error}"))
            }
            _ => Ok(Status::Error),
        };
    };
    let threads = wanted.min(tasks.len()).max(1);
    let mut request = budget.request();
    if let Some(nodes) = search.max_nodes {
        request = request.max_nodes(nodes);
    }
    let run = Shared {
        engine: &engine,
        digest,
        split: file.split,
        tasks,
        budget,
        request,
        solutions: plan.solutions,
        best: plan.best,
    };
    if each_on_threads {
        return run.each_on_threads(&tasks_name);
    }
    let mut status = Status::Success;
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut write_error = None;
    // One task a thread: the tasks are started in order until the clock or
    // Ctrl-C says stop, and each started task's line is written as it ends.
    let ran = dancing::engine::run_each(
        threads,
        run.tasks.len(),
        &run.budget.request(),
        |place| run.run(&run.tasks[place]),
        |result| {
            if matches!(result.outcome, ResultOutcome::Failed(_)) {
                status = Status::Error;
            }
            match writeln!(out, "{}", result.to_line()).and_then(|()| out.flush()) {
                Ok(()) => ControlFlow::Continue(()),
                Err(error) => {
                    // The other threads stop after the task each is running.
                    write_error = Some(error);
                    ControlFlow::Break(())
                }
            }
        },
    );
    drop(out);
    let written = match write_error {
        Some(error) => Err(error),
        None => Ok(()),
    };
    let written = written.and_then(|()| run.not_started(ran, &tasks_name));
    match written {
        Err(error) if is_broken_pipe(&error) => Ok(status),
        Err(error) => Err(format!("dlx: error writing output: {error}")),
        Ok(()) => Ok(status),
    }
}

/// Reads the task file within the run's clock: a stalled pipe stops at
/// `--time-limit` and at Ctrl-C, with the line it got to.
fn read_task_file(path: &Path, budget: &Clock) -> Result<TaskFile, String> {
    let name = path.display().to_string();
    let stopped = |line| {
        let stop = budget.spent().unwrap_or(StopReason::Cancelled);
        let elapsed = budget.started().elapsed();
        format!(
            "{}; no task ran",
            stop_while_reading(&name, line, stop, elapsed)
        )
    };
    let file = match Input::File(path.to_owned()).open_within(budget.clone()) {
        Ok(file) => file,
        Err(error) if stopped_reading(&error).is_some() => return Err(stopped(1)),
        Err(error) => return Err(format!("{name}: cannot open: {error}")),
    };
    read_tasks(file).map_err(|error| {
        // The reader's error is in the message: the clock says whether it
        // was the stop.
        if budget.spent().is_some() {
            stopped(error.line)
        } else {
            format!("{name}:{error}")
        }
    })
}

/// Writes a `not-started` result line for each of `left`, so that every
/// selected task has its line and a budget loses none without a name.
fn write_not_started(
    left: &[Task],
    split: SplitId,
    digest: Digest,
    why: &str,
    tasks_name: &str,
) -> io::Result<()> {
    if left.is_empty() {
        return Ok(());
    }
    diag!(
        "{tasks_name}: {} of the tasks selected were not started ({why}): their result lines say so, and `dlx merge --rerun` lists them",
        left.len(),
    );
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    for task in left {
        let result = TaskResult {
            task: task.clone(),
            split,
            digest,
            outcome: ResultOutcome::NotStarted(why.to_owned()),
        };
        writeln!(out, "{}", result.to_line())?;
    }
    out.flush()
}

/// The places of the tasks to run, checked against the file's `count`.
fn selected(args: &TaskArgs, count: usize, name: &str) -> Result<Range<usize>, String> {
    let index = if args.task_from_env {
        Some(index_from_env()?)
    } else {
        args.task
    };
    let range = match (index, &args.task_range) {
        (Some(index), _) => {
            let chunk = usize::try_from(args.chunk.unwrap_or(1)).unwrap_or(usize::MAX);
            let start = index.saturating_mul(chunk);
            if start >= count {
                return Err(format!(
                    "{name}: task {start} asked for, but the file has {}",
                    places(count)
                ));
            }
            start..start.saturating_add(chunk).min(count)
        }
        (None, Some(range)) => range.clone(),
        (None, None) => 0..count,
    };
    if range.end > count {
        return Err(format!(
            "{name}: tasks {}..{} asked for (places {} to {}), but the file has {}",
            range.start,
            range.end,
            range.start,
            range.end - 1,
            places(count)
        ));
    }
    Ok(range)
}

/// `N tasks (places 0 to N-1)`, in words that cannot be read one too far.
fn places(count: usize) -> String {
    match count {
        0 => "no task".into(),
        1 => "1 task (place 0)".into(),
        _ => format!("{count} tasks (places 0 to {})", count - 1),
    }
}

/// The job array's index, from the first of [`INDEX_VARIABLES`] that is set.
fn index_from_env() -> Result<usize, String> {
    for variable in INDEX_VARIABLES {
        if let Ok(value) = std::env::var(variable) {
            return value.trim().parse().map_err(|_| {
                format!(
                    "--task-from-env: {variable}={} is not a place",
                    value.escape_debug()
                )
            });
        }
    }
    Err(format!(
        "--task-from-env: none of {} is set (not in a job array?)",
        INDEX_VARIABLES.join(", ")
    ))
}

/// What the workers share.
struct Shared<'a> {
    /// The problem, linked: on one thread a task, or on all of them when
    /// there are fewer tasks than threads.
    engine: &'a Engine,
    digest: Digest,
    split: SplitId,
    tasks: &'a [Task],
    budget: Clock,
    /// What each task may spend: the clock's deadline and Ctrl-C, and the
    /// node limit.
    request: Request,
    /// Whether results hold the solutions.
    solutions: bool,
    /// `--best K`: each task's K cheapest solutions instead.
    best: Option<usize>,
}

impl Shared<'_> {
    /// The result line of `task`, bound to its split and problem.
    fn result(&self, task: &Task, outcome: ResultOutcome) -> TaskResult {
        TaskResult {
            task: task.clone(),
            split: self.split,
            digest: self.digest,
            outcome,
        }
    }

    /// Runs the tasks one after the other, each on the engine's threads
    /// (see [`Engine::run_task`]), writing each result as it ends: the
    /// figures are those of one thread.
    fn each_on_threads(&self, tasks_name: &str) -> Result<Status, String> {
        let stdout = io::stdout();
        let mut out = stdout.lock();
        let mut status = Status::Success;
        let mut ran = 0;
        for task in self.tasks {
            if self.budget.spent().is_some() {
                break;
            }
            ran += 1;
            let result = self.run(task);
            if matches!(result.outcome, ResultOutcome::Failed(_)) {
                status = Status::Error;
            }
            match writeln!(out, "{}", result.to_line()).and_then(|()| out.flush()) {
                Err(error) if is_broken_pipe(&error) => return Ok(status),
                Err(error) => return Err(format!("dlx: error writing output: {error}")),
                Ok(()) => {}
            }
        }
        drop(out);
        match self.not_started(ran, tasks_name) {
            Err(error) if is_broken_pipe(&error) => Ok(status),
            Err(error) => Err(format!("dlx: error writing output: {error}")),
            Ok(()) => Ok(status),
        }
    }

    /// Writes a `not-started` result line for each task after the first
    /// `ran` (those the budget kept from starting).
    fn not_started(&self, ran: usize, tasks_name: &str) -> io::Result<()> {
        let why = self
            .budget
            .spent()
            .map_or("interrupted", StopReason::as_str);
        let left = self.tasks.get(ran..).unwrap_or_default();
        write_not_started(left, self.split, self.digest, why, tasks_name)
    }

    /// Runs one task, for its solutions, its count or its cheapest ones
    /// (see [`found::run`]): a budget that stops it leaves the subtrees it
    /// did not search as its frontier.
    fn run(&self, task: &Task) -> TaskResult {
        let ask = match (self.best, self.solutions) {
            (Some(k), _) => Ask::Best(k),
            (None, true) => Ask::Solutions,
            (None, false) => Ask::Count,
        };
        self.result(task, found::run(self.engine, task, ask, &self.request))
    }
}
