//! `dlx solve --best K`: the K cheapest solutions of problems whose options
//! carry costs (Knuth's DLX5): the K best, cheapest first, each printed
//! once, with its cost; with `--improvements`, each solution found that
//! improves on the K best known then too, as it comes, marked as one. The
//! optimum goes to standard error, marked "not proven optimal" when a
//! budget or Ctrl-C stopped the search before its end.
//!
//! Every solution is written as `dlx solve` writes solutions, so that `dlx
//! verify` checks it and its cost: in text its option lines with their
//! costs (`|n`), in JSON the fields of [`solution_fields`].

use std::io::{self, Write};
use std::ops::ControlFlow;

use dancing::engine::CostedSolution;
use dancing::{BestReport, Config, Engine, Problem, Stats, StopReason};
use serde_json::{Value, json};

use super::plan::{Format, SolvePlan};
use crate::input::Input;
use crate::interrupt;
use crate::run::clock::Clock;
use crate::run::printer::{EMPTY_SOLUTION, solution_fields};
use crate::run::reader::{ReadFailure, read_problem};
use crate::run::report::stop_while_reading;
use crate::status::{Status, diag, is_broken_pipe};

/// Solves every input for its `k` best solutions, on `threads` threads.
pub fn run(plan: &SolvePlan, k: usize, threads: usize) -> Status {
    interrupt::catch();
    // Not locked: the threads of the search write their improvements
    // through it, one at a time.
    let mut out = io::BufWriter::new(io::stdout());
    let mut status = Status::Success;
    for input in &plan.inputs {
        if interrupt::requested() {
            break;
        }
        let result = solve(plan, input, k, threads, &mut out).and_then(|s| out.flush().map(|()| s));
        let this = match result {
            Ok(this) => this,
            Err(error) if is_broken_pipe(&error) => return status,
            Err(error) => {
                diag!("dlx: error writing output: {error}");
                Status::Error
            }
        };
        status = status.worst(this);
    }
    if interrupt::requested() {
        status = status.worst(Status::Interrupted);
    }
    status
}

/// A costed solution as JSON: the fields of every solution record.
fn solution_json(problem: &Problem, solution: &CostedSolution) -> serde_json::Map<String, Value> {
    solution_fields(problem, solution.cost, &solution.options)
}

/// The K best as JSON: an array of [`solution_json`] objects, cheapest
/// first (the `best` field of the summary record).
pub fn best_json(problem: &Problem, best: &[CostedSolution]) -> Value {
    Value::Array(
        best.iter()
            .map(|solution| Value::Object(solution_json(problem, solution)))
            .collect(),
    )
}

/// The K best as text: `NAME: the K best costs: c1, c2, ...` (with `(not
/// proven optimal)` unless `proven`), then each solution as
/// [`write_solution`] writes it, headed `best 1`, `best 2`, ...
pub fn write_best(
    out: &mut impl Write,
    name: &str,
    problem: &Problem,
    best: &[CostedSolution],
    proven: bool,
) -> io::Result<()> {
    let costs: Vec<String> = best.iter().map(|s| s.cost.to_string()).collect();
    writeln!(
        out,
        "{name}: the {} best cost{}: {}{}",
        best.len(),
        if best.len() == 1 { "" } else { "s" },
        costs.join(", "),
        if proven { "" } else { " (not proven optimal)" }
    )?;
    for (place, solution) in best.iter().enumerate() {
        write_solution(out, &format!("best {}", place + 1), problem, solution)?;
    }
    Ok(())
}

/// A costed solution as text: its head line (`best 2: cost 9`), then a
/// line per option as the format writes it, with its cost (`a b |5`), and
/// a blank line.
fn write_solution(
    out: &mut impl Write,
    head: &str,
    problem: &Problem,
    solution: &CostedSolution,
) -> io::Result<()> {
    writeln!(out, "{head}: cost {}", solution.cost)?;
    if solution.options.is_empty() {
        writeln!(out, "{EMPTY_SOLUTION}")?;
    }
    for &option in &solution.options {
        writeln!(out, "{}", problem.option_text(option))?;
    }
    writeln!(out)
}

/// Searches one input; the status of this input, or a write error.
fn solve(
    plan: &SolvePlan,
    input: &Input,
    k: usize,
    threads: usize,
    out: &mut (impl Write + Send),
) -> io::Result<Status> {
    let name = input.name();
    // The clock starts with the reading, as for every `dlx solve`.
    let clock = Clock::start(plan.search.time_limit);
    let problem = match read_problem(input, &clock) {
        Ok(parsed) => {
            for warning in &parsed.warnings {
                diag!("{name}:{warning}");
            }
            parsed.problem
        }
        Err(ReadFailure::Stopped { line, stop }) => {
            let elapsed = clock.started().elapsed();
            diag!(
                "{}; nothing was searched",
                stop_while_reading(&name, line, stop, elapsed)
            );
            // The summary of a search that found nothing, stopped.
            let outcome = BestReport {
                best: Vec::new(),
                stats: Stats {
                    stop,
                    ..Stats::default()
                },
                threads,
                elapsed,
            };
            let summary = Summary {
                name: &name,
                problem: &Problem::default(),
                outcome: &outcome,
                stopped_reading_at: Some(line),
            };
            return summary.write(plan, out);
        }
        Err(ReadFailure::Error(message)) => {
            diag!("{message}");
            return Ok(Status::Error);
        }
    };
    let engine = Engine::builder()
        .config(Config::new().threads(threads))
        .build(problem);
    let problem = engine.problem();
    // The clock's deadline (the reading counted) and Ctrl-C.
    let mut request = clock.request();
    if let Some(nodes) = plan.search.max_nodes {
        request = request.max_nodes(nodes);
    }
    let json = matches!(plan.format, Format::Json { .. });
    let mut written = Ok(());
    let mut found = 0u64;
    let outcome = engine.best(k, &request, |solution| {
        found += 1;
        if !plan.improvements {
            return ControlFlow::Continue(());
        }
        written = if json {
            let mut record = serde_json::Map::new();
            record.insert("type".into(), json!("improvement"));
            record.insert("file".into(), json!(name));
            record.insert("improvement".into(), json!(found));
            record.extend(solution_json(problem, solution));
            writeln!(out, "{}", Value::Object(record))
        } else {
            write_solution(out, &format!("improvement {found}"), problem, solution)
        };
        if written.is_err() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    let outcome = match outcome {
        Ok(outcome) => outcome,
        Err(error) => {
            diag!("{name}: {error}");
            return Ok(Status::Error);
        }
    };
    written?;
    let summary = Summary {
        name: &name,
        problem,
        outcome: &outcome,
        stopped_reading_at: None,
    };
    summary.write(plan, out)
}

/// The end of one input's search: its best solutions and their costs.
struct Summary<'a> {
    name: &'a str,
    problem: &'a Problem,
    outcome: &'a BestReport,
    /// The line Ctrl-C or the clock stopped the reading at, if they did:
    /// nothing was searched.
    stopped_reading_at: Option<usize>,
}

impl Summary<'_> {
    /// Writes the best solutions (with the summary record in JSON), the
    /// optimum on standard error, and the statistics asked for; returns
    /// the status of the input.
    fn write(&self, plan: &SolvePlan, out: &mut impl Write) -> io::Result<Status> {
        let Summary {
            name,
            problem,
            outcome,
            ..
        } = *self;
        let stats = outcome.stats;
        let proven = outcome.is_proven();
        let interrupted = stats.stop == StopReason::Cancelled;
        if matches!(plan.format, Format::Json { .. }) {
            let mut record = json!({
                "type": "summary",
                "file": name,
                "best": best_json(problem, &outcome.best),
                "proven": proven,
                "stop": stats.stop.to_string(),
                "improvements": stats.solutions,
                "nodes": stats.nodes,
                "updates": stats.updates,
                "cleansings": stats.cleansings,
            });
            if let Some(line) = self.stopped_reading_at {
                record["stopped_reading_at_line"] = line.into();
            }
            writeln!(out, "{record}")?;
        } else {
            write_best(out, name, problem, &outcome.best, proven)?;
        }
        match outcome.best.first() {
            Some(best) if proven => diag!("{name}: optimum cost {}", best.cost),
            Some(best) => diag!(
                "{name}: best cost so far {} (not proven optimal: stopped, {})",
                best.cost,
                stats.stop
            ),
            None if proven => diag!("{name}: no solution"),
            // The stop while reading has been said.
            None if self.stopped_reading_at.is_some() => {}
            None => diag!("{name}: no solution found (stopped, {})", stats.stop),
        }
        if plan.search.stats {
            diag!(
                "solutions {} nodes {} updates {} cleansings {} complete {}",
                stats.solutions,
                stats.nodes,
                stats.updates,
                stats.cleansings,
                if proven { "yes" } else { "no" }
            );
        }
        Ok(if interrupted {
            Status::Interrupted
        } else if outcome.best.is_empty() {
            Status::NotFound
        } else {
            Status::Success
        })
    }
}
