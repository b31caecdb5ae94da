//! `dlx split`: the search of a problem written as tasks on standard
//! output, for `dlx solve FILE --tasks TASKS` to run anywhere (see the
//! task file in [`dancing_tasks::file`]).

use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;

use dancing::task::{DEFAULT_PROBES, MAX_SPLIT_TASKS, Sizing, SplitGoal, SplitTasks};
use dancing::{Engine, Request};
use dancing_tasks::{Digest, write_split_streamed};

use crate::input::Input;
use crate::interrupt;
use crate::status::{Status, diag, is_broken_pipe};

/// Write the search of a problem as tasks, one line each.
///
/// The header line holds the format version, the problem's digest, the
/// split's identity and the number of tasks; each task line its id, how
/// many ancestors it owns, `~` and its estimated size in nodes (Knuth's
/// random probes from the task's node), and its path from the root as
/// option indices (and `rN` for Algorithm M's move that retires item N).
/// `dlx solve FILE --tasks TASKS` runs them, `dlx merge` adds up their
/// results (and `dlx merge --progress` tells how much is left from the
/// estimates). Exits 0, or 2 on bad input.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// A problem in Knuth's DLX format (`-` or none: standard input).
    pub file: Option<PathBuf>,

    /// At least N tasks: the tree is cut level by level until there are
    /// (fewer if the tree is smaller) [default: 64].
    #[arg(long, value_name = "N", conflicts_with = "depth", value_parser = clap::value_parser!(u64).range(1..=MAX_SPLIT_TASKS as u64))]
    pub tasks: Option<u64>,

    /// Every subtree at depth D (the leaves above it are tasks too).
    #[arg(long, value_name = "D", value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub depth: Option<u64>,

    /// Cut further the subtrees that the estimates say are more than
    /// twice the mean, largest first (into up to four times as many
    /// tasks): tasks of more even sizes.
    #[arg(long)]
    pub balance: bool,

    /// Random probes per task for its estimated size (0: write no
    /// estimates; `--balance` then probes once per subtree). Each probe
    /// costs about one path of the search; past 5x10^8 updates of probes in
    /// all (fewer on a problem of more than 16,384 entries, in proportion:
    /// some seconds either way), the tasks are written without estimates.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_PROBES,
          value_parser = clap::value_parser!(u64).range(0..=1_000_000))]
    pub probes: u64,

    /// The seed of the probes: the same seed, the same task file
    /// [default: 0] (refused with --probes 0 without --balance: nothing is
    /// drawn).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
}

/// The number of tasks without `--tasks` or `--depth`.
const DEFAULT_TASKS: u64 = 64;

/// `dlx split`'s arguments, decided once.
struct SplitPlan {
    input: Input,
    /// How far to cut the tree.
    goal: SplitGoal,
    /// `--balance`: cut the large subtrees further.
    balance: bool,
    /// `--probes`, `--seed`.
    sizing: Sizing,
}

impl SplitPlan {
    fn new(args: &Args) -> Result<SplitPlan, String> {
        // With no probes (and no --balance, which probes once a subtree)
        // nothing is drawn: a seed would be silently ignored.
        if let Some(seed) = args.seed
            && args.probes == 0
            && !args.balance
        {
            return Err(format!(
                "dlx split: --seed {seed} with --probes 0: no probe is drawn, so the seed changes nothing (give --probes N to size the tasks, or no --seed)"
            ));
        }
        Ok(SplitPlan {
            input: Input::all(args.file.as_slice()).remove(0),
            goal: match args.depth {
                Some(depth) => SplitGoal::Depth(depth as usize),
                None => SplitGoal::Tasks(args.tasks.unwrap_or(DEFAULT_TASKS) as usize),
            },
            balance: args.balance,
            sizing: Sizing {
                probes: args.probes,
                seed: args.seed.unwrap_or(0),
                ..Sizing::default()
            },
        })
    }
}

/// Writes the tasks of the problem on standard output.
pub fn run(args: &Args) -> Status {
    let plan = match SplitPlan::new(args) {
        Ok(plan) => plan,
        Err(message) => {
            diag!("{message}");
            return Status::Error;
        }
    };
    interrupt::catch();
    let input = &plan.input;
    let name = input.name();
    let problem = match input.read_problem_warned() {
        Ok(problem) => problem,
        Err(message) => {
            diag!("{message}");
            return Status::Error;
        }
    };
    let digest = match Digest::of(&problem).map_err(|error| format!("{name}: {error}")) {
        Ok(digest) => digest,
        Err(message) => {
            diag!("{message}");
            return Status::Error;
        }
    };
    let Some(engine) = Engine::builder().build_until(problem, &interrupt::stop()) else {
        diag!("{name}: interrupted while linking; no tasks written");
        return Status::Interrupted;
    };
    engine.split_walked(
        plan.goal,
        plan.balance,
        plan.sizing,
        &Request::new().stop(&interrupt::stop()),
        |_| ControlFlow::Continue(()),
        |tasks| write_tasks(&plan, &name, digest, tasks),
    )
}

/// Writes the tasks of a split on standard output, unless it was stopped
/// or made too many.
fn write_tasks(plan: &SplitPlan, name: &str, digest: Digest, tasks: &SplitTasks<'_>) -> Status {
    let goal = plan.goal;
    if tasks.stopped().is_some() {
        diag!("{name}: interrupted while splitting; no tasks written");
        return Status::Interrupted;
    }
    match goal {
        SplitGoal::Depth(depth) if tasks.len() >= MAX_SPLIT_TASKS => {
            diag!(
                "{name}: depth {depth} would make more than {MAX_SPLIT_TASKS} tasks: split with --tasks, or less deep"
            );
            return Status::Error;
        }
        // Each cut puts all of a node's children in its place (so does
        // --balance): the last cut can pass the limit.
        SplitGoal::Tasks(count) if tasks.len() > MAX_SPLIT_TASKS => {
            diag!(
                "{name}: --tasks {count} made {} tasks (each cut puts all of a node's children in its place, and the last passed the limit), more than the {MAX_SPLIT_TASKS} a split may have: ask for fewer",
                tasks.len()
            );
            return Status::Error;
        }
        _ => {}
    }
    if tasks.over_work_limit() {
        diag!(
            "{name}: sizing {} tasks by {} probes each passed {} updates: the tasks are written without estimates{} (fewer --probes, or fewer tasks, to have them)",
            tasks.len(),
            plan.sizing.probes.max(1),
            tasks.work_limit(),
            if plan.balance {
                ", balanced only as far as the estimates went"
            } else {
                ""
            }
        );
    }
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    // The lines are made from the split's compact frontier one at a time,
    // twice (the header holds the split's identity, a hash of every line):
    // no task's path is held beyond its line.
    let written = write_split_streamed(&mut out, digest, tasks.len(), |emit| tasks.for_each(emit))
        .and_then(|_| out.flush());
    match written {
        Ok(()) => Status::Success,
        Err(error) if is_broken_pipe(&error) => Status::Success,
        Err(error) => {
            diag!("dlx: error writing output: {error}");
            Status::Error
        }
    }
}
