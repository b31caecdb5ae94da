//! Writing the problem in Knuth's format, or solving it on the run
//! layer's runner, as the plan says.

use std::io::{self, BufWriter, Write};

use dancing_problems::ExactCover;

use super::plan::GenPlan;
use crate::drawing::{Drawing, Shape};
use crate::run::clock::Clock;
use crate::run::printer::Count;
use crate::run::runner::Runner;
use crate::status::{Status, diag, is_broken_pipe};
use crate::whole_lines::{WholeLines, is_interrupted};

/// Writes the generator's problem in Knuth's format, or solves it.
pub fn emit<P, D>(plan: &GenPlan, generator: P, shape: Shape, draw: D) -> Status
where
    P: ExactCover,
    D: Fn(&P::Solution) -> String,
{
    let name = plan.name;
    let Some(solving) = &plan.solving else {
        return write_problem(name, &generator);
    };
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let search = &solving.search;
    let run = Runner {
        search,
        clock: Clock::start(search.time_limit),
        max_solutions: solving.max,
        name,
        prefixed: false,
    };
    let problem = generator.problem();
    let outcome = if solving.count {
        run.search(problem.clone(), &mut Count::new(&mut out, None))
    } else {
        let mut drawing = Drawing {
            generator: &generator,
            draw: &draw,
            shape,
            out: &mut out,
        };
        run.search(problem.clone(), &mut drawing)
    };
    let result = outcome.map(|outcome| outcome.status());
    match result.and_then(|status| out.flush().map(|()| status)) {
        Ok(status) => status,
        Err(error) => write_failed(name, &error),
    }
}

/// Writes the problem in Knuth's format. Ctrl-C stops the writing between
/// lines: the whole lines so far are written, and a message says how many
/// of them there are.
fn write_problem<P: ExactCover>(name: &str, generator: &P) -> Status {
    let mut out = WholeLines::new(io::stdout().lock());
    let written = generator.write_dlx(&mut out);
    let ended = out.end();
    match (written, ended) {
        (Ok(()), Ok(_)) => Status::Success,
        (Err(error), Ok(lines)) if is_interrupted(&error) => {
            // The comment lines, the line of items, a line per option.
            let total =
                generator.describe().lines().count() + 1 + generator.problem().option_count();
            diag!("dlx gen {name}: interrupted; {lines} of {total} lines written");
            Status::Interrupted
        }
        (Err(error), _) | (Ok(()), Err(error)) => write_failed(name, &error),
    }
}

/// The status of a run whose output failed with `error`, said on stderr.
fn write_failed(name: &str, error: &io::Error) -> Status {
    if is_broken_pipe(error) {
        // The reader went away (`dlx gen ... | head`): stop quietly.
        Status::Success
    } else {
        diag!("dlx gen {name}: error writing output: {error}");
        Status::Error
    }
}
