//! Writing the problem in Knuth's format, or solving it on the run
//! layer's runner, as the plan says.

use std::io::{self, BufWriter, Write};

use dancing_problems::ExactCover;

use super::drawing::{Drawing, Shape};
use super::plan::GenPlan;
use crate::interrupt;
use crate::run::clock::Clock;
use crate::run::printer::Count;
use crate::run::runner::Runner;
use crate::status::{Status, diag, is_broken_pipe};

/// Writes the generator's problem in Knuth's format, or solves it.
pub fn emit<P, D>(plan: &GenPlan, generator: P, shape: Shape, draw: D) -> Status
where
    P: ExactCover,
    D: Fn(&P::Solution) -> String,
{
    let name = plan.name;
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let result = if let Some(solving) = &plan.solving {
        interrupt::catch();
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
        outcome.map(|outcome| outcome.status())
    } else {
        generator.write_dlx(&mut out).map(|()| Status::Success)
    };
    match result.and_then(|status| out.flush().map(|()| status)) {
        Ok(status) => status,
        // The reader went away (`dlx gen ... | head`): stop quietly.
        Err(error) if is_broken_pipe(&error) => Status::Success,
        Err(error) => {
            diag!("dlx gen {name}: error writing output: {error}");
            Status::Error
        }
    }
}
