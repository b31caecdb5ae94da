//! What `dlx solve` was asked to do, decided once from its arguments: the
//! inputs, how to print, how to search, and the tasks to run instead.

use super::args::Args;
use super::tasks::TaskPlan;
use crate::drawing::ColorWhen;
use crate::input::Input;
use crate::run::plan::SearchPlan;

/// How the solutions of each input are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// As Knuth writes them (the default).
    Text,
    /// JSON Lines; with `solutions` false (`--count`), only the summary.
    Json { solutions: bool },
    /// Only their number (`--count`).
    Count,
    /// As pictures of their boards (`--draw`), pieces in color or not.
    Drawing { colored: bool },
}

/// `dlx solve`'s arguments, checked.
#[derive(Debug)]
pub struct SolvePlan {
    /// The inputs, in order (standard input when no file is named).
    pub inputs: Vec<Input>,
    pub format: Format,
    /// `-n`: stop after this many solutions.
    pub max_solutions: Option<u64>,
    pub search: SearchPlan,
    /// `--tasks`: run these tasks instead of the whole search.
    pub tasks: Option<TaskPlan>,
    /// `--best K`: the K cheapest solutions instead.
    pub best: Option<usize>,
    /// `--improvements`: with `--best`, print each improvement too.
    pub improvements: bool,
}

impl SolvePlan {
    /// Checks `args` (what clap cannot) and makes the plan; the error is
    /// the message to show.
    pub fn new(args: &Args) -> Result<SolvePlan, String> {
        let format = if args.json {
            Format::Json {
                solutions: !args.count,
            }
        } else if args.count {
            Format::Count
        } else if args.draw {
            Format::Drawing {
                colored: args.color.unwrap_or(ColorWhen::Auto).colors(),
            }
        } else {
            Format::Text
        };
        Ok(SolvePlan {
            inputs: Input::all(&args.files),
            format,
            max_solutions: args.max_solutions,
            search: args.search.plan()?,
            tasks: TaskPlan::new(args)?,
            best: args.best.map(|k| k as usize),
            improvements: args.improvements,
        })
    }
}
