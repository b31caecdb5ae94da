//! What `dlx gen` was asked to do, decided once from its arguments: the
//! problem's name, and whether and how to solve it.

use super::problem::Problem;
use crate::drawing::ColorWhen;
use crate::run::plan::SearchPlan;

/// How to solve the problem, when asked to (`--solve`, `--count`, `--max`).
#[derive(Debug)]
pub struct Solving {
    /// `--count`: print only the number of solutions.
    pub count: bool,
    /// `--max`: stop after this many solutions.
    pub max: Option<u64>,
    /// The search flags, as `dlx solve` takes them.
    pub search: SearchPlan,
}

/// `dlx gen`'s arguments, checked.
#[derive(Debug)]
pub struct GenPlan {
    /// The problem's name, for messages.
    pub name: &'static str,
    /// `None`: write the problem in Knuth's format.
    pub solving: Option<Solving>,
    /// Whether drawings are colored (`--color`, on a problem that draws in
    /// color).
    pub colored: bool,
}

impl GenPlan {
    /// Checks the flags of `problem` (search flags need a search, colors a
    /// problem that draws in color) and makes the plan; the error is the message to show.
    pub fn new(problem: &Problem) -> Result<GenPlan, String> {
        let name = problem.name();
        let color = problem.color();
        if color.is_some() && !problem.draws_in_color() {
            let what = if problem.output().is_some() {
                "its drawings have no colors"
            } else {
                "it writes puzzles, not drawings"
            };
            return Err(format!(
                "dlx gen {name}: --color: {what} (pentomino, dominoes and tiling draw in color)"
            ));
        }
        let colored = problem.draws_in_color() && color.unwrap_or(ColorWhen::Auto).colors();
        let Some(output) = problem.output() else {
            return Ok(GenPlan {
                name,
                solving: None,
                colored,
            });
        };
        let solving = output.solve || output.count || output.max.is_some();
        let search_flags = output.search.given();
        if !solving && !search_flags.is_empty() {
            let verb = if search_flags.len() == 1 {
                "applies"
            } else {
                "apply"
            };
            return Err(format!(
                "dlx gen {name}: {} only {verb} with --solve, --count or --max",
                search_flags.join(", ")
            ));
        }
        let solving = match solving {
            true => Some(Solving {
                count: output.count,
                max: output.max,
                search: output
                    .search
                    .plan()
                    .map_err(|why| format!("dlx gen {name}: {why}"))?,
            }),
            false => None,
        };
        Ok(GenPlan {
            name,
            solving,
            colored,
        })
    }
}
