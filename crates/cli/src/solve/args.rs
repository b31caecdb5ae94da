//! The command line of `dlx solve` (its search flags are the run layer's,
//! shared with `dlx gen --solve/--count`).

use std::ops::Range;
use std::path::PathBuf;

use crate::drawing::ColorWhen;
use crate::run::args::SearchArgs;

/// Exit statuses and stops, shown after `--help` of every command that
/// searches.
pub const AFTER_HELP: &str = "\
Exit status: 0 if a solution was found, 1 if there is none (or none was found before a
--max-nodes or --time-limit budget ran out), 2 on any error, 130 when interrupted (Ctrl-C).

A search stopped early (Ctrl-C, --max-nodes, --time-limit) still prints what it found and
its statistics, marked as incomplete, with Knuth's estimate of the part of the search tree
explored. The clock of --time-limit starts when the input starts being read (for --best
and --tasks too), and a stop while reading names the line it got to. A second Ctrl-C, a
quarter of a second or more after the first, ends the program at once (signals that come
together, as `timeout -s INT` sends them, count as one). Standard input typed at a
terminal is announced on stderr (`dlx solve: reading standard input`).";

/// Solve exact-cover problems in Knuth's DLX format.
///
/// Prints every solution (one line per chosen option, with its item names;
/// a blank line between solutions) and a summary on standard error. Exits 0
/// when a solution was found, 1 when there is none, 2 on any error.
#[derive(clap::Args, Debug)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// Files in Knuth's DLX format; none, or `-`, reads standard input.
    pub files: Vec<PathBuf>,

    /// Print only the number of solutions (one integer; `FILE:N` for
    /// several files; with --json, only the summary object).
    #[arg(long)]
    pub count: bool,

    /// Stop after N solutions (N from 1: `--count` alone counts them all).
    #[arg(short = 'n', long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..),
          conflicts_with_all = ["memo", "memo_limit"])]
    pub max_solutions: Option<u64>,

    /// Write JSON Lines: one object per solution (none with --count), then
    /// a summary object.
    #[arg(long)]
    pub json: bool,

    /// Find the K cheapest solutions of a problem whose options have costs
    /// (`|n` or `$n` on an option line, Knuth's DLX5): prints the K best,
    /// cheapest first, each under `best N: cost C`, and the optimum on
    /// standard error ("not proven optimal" when --max-nodes, --time-limit
    /// or Ctrl-C stopped the search). Runs on one thread, with DLX5's
    /// counts; with -j N, N threads share the cutoff (the same best costs;
    /// the counts vary from run to run). No item bounds. `--best` alone is
    /// `--best 1` (write `--best=K`, or put the file first: a file right
    /// after --best is taken for K).
    #[arg(long, value_name = "K", num_args = 0..=1, default_missing_value = "1",
          value_parser = parse_best,
          conflicts_with_all = ["count", "max_solutions", "memo", "memo_limit", "seed", "profile", "heuristic"])]
    pub best: Option<u64>,

    /// With --best: also print each solution that improves on the K best
    /// found so far, as it is found, under `improvement N: cost C` (JSON:
    /// an `improvement` record), before the K best.
    #[arg(long, requires = "best",
          conflicts_with_all = ["count", "max_solutions", "memo", "memo_limit", "seed", "profile", "heuristic"])]
    pub improvements: bool,

    /// Draw each solution as a picture of its board, for a problem whose
    /// items name cells (`x3y4`, `r2c5`, `p2x5`, `x2_5`, or Knuth's Sudoku `p34`),
    /// as `dlx gen --solve` draws its own: each piece by a letter (the
    /// first of the item naming it, or letters that differ from its
    /// neighbours'), or the value or color each cell gets.
    #[arg(long, conflicts_with_all = NOT_WITH_DRAW)]
    pub draw: bool,

    /// With --draw: color the pieces: auto (on a terminal, unless NO_COLOR
    /// is set), always, never.
    #[arg(long, value_name = "WHEN", value_enum, requires = "draw", conflicts_with_all = NOT_WITH_DRAW)]
    pub color: Option<ColorWhen>,

    #[command(flatten)]
    pub search: SearchArgs,

    /// Tasks: --tasks TASKS and which of them to run.
    #[command(flatten)]
    pub tasks: TaskArgs,
}

/// The modes a picture of each solution cannot go with (they print no
/// solutions, or print them in their own form), carried by --draw and by
/// --color, which requires it (clap waives a `requires` whose target
/// conflicts with a flag given).
const NOT_WITH_DRAW: [&str; 6] = [
    "count",
    "json",
    "best",
    "improvements",
    "memo",
    "memo_limit",
];

/// The flags a task run cannot honour (see `crate::conflicts` for why),
/// carried by --tasks and by every flag that requires it: clap waives a
/// `requires` whose target conflicts with a flag given.
const NOT_WITH_TASKS: [&str; 11] = [
    "max_solutions",
    "heuristic",
    "improvements",
    "seed",
    "memo",
    "memo_limit",
    "stats",
    "profile",
    "json",
    "draw",
    "color",
];

/// Which tasks of the file to run.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct TaskArgs {
    /// Run the tasks of this file (written by `dlx split` for FILE) instead
    /// of the whole search, writing one JSON result line per task for
    /// `dlx merge`. A task stopped by --max-nodes (counted per task) or
    /// --time-limit lists the tasks left in its result. With fewer tasks
    /// than threads (-j), each task runs on all of them.
    #[arg(long, value_name = "TASKS", conflicts_with_all = NOT_WITH_TASKS)]
    pub tasks: Option<PathBuf>,

    /// Only the task at this place in the file (from 0); with --chunk K,
    /// the K tasks from place I*K.
    #[arg(long, value_name = "I", requires = "tasks", conflicts_with_all = ["task_range", "task_from_env"])]
    #[arg(conflicts_with_all = NOT_WITH_TASKS)]
    pub task: Option<usize>,

    /// Only the tasks at places A to B-1.
    #[arg(long, value_name = "A..B", value_parser = parse_range, requires = "tasks", conflicts_with = "task_from_env")]
    #[arg(conflicts_with_all = NOT_WITH_TASKS)]
    pub task_range: Option<Range<usize>>,

    /// The place I from SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX (a job
    /// array's index), as --task I does.
    #[arg(long, requires = "tasks", conflicts_with_all = NOT_WITH_TASKS)]
    pub task_from_env: bool,

    /// With --task or --task-from-env: run this many tasks per index
    /// [default: 1] (refused without them: alone, or with --task-range,
    /// it would change nothing).
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..), requires = "tasks",
          conflicts_with = "task_range")]
    #[arg(conflicts_with_all = NOT_WITH_TASKS)]
    pub chunk: Option<u64>,
}

/// Reads the K of `--best K`: 1 to [`MAX_BEST`](dancing::mincost::MAX_BEST).
/// A file name where K should be gets a tip: `--best` takes its K from the
/// word after it, if there is one.
fn parse_best(text: &str) -> Result<u64, String> {
    let most = dancing::mincost::MAX_BEST as u64;
    match text.parse::<u64>() {
        Ok(k) if (1..=most).contains(&k) => Ok(k),
        Ok(k) => Err(format!("{k} is not in 1..={most}")),
        Err(_) => Err(format!(
            "K is a number of solutions, from 1 to {most}\n\n\
             tip: `--best` takes the word after it as K when there is one: write \
             `--best=K`, or put the file first (`dlx solve {text} --best`)"
        )),
    }
}

/// Reads `A..B` (B excluded).
fn parse_range(text: &str) -> Result<Range<usize>, String> {
    let (start, end) = text
        .split_once("..")
        .ok_or("a range is A..B (B excluded), such as 0..10")?;
    let start: usize = start
        .parse()
        .map_err(|_| format!("`{start}` is not a place"))?;
    let end: usize = end.parse().map_err(|_| format!("`{end}` is not a place"))?;
    if start > end {
        return Err(format!("{start}..{end} is backwards"));
    }
    Ok(start..end)
}
