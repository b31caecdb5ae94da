//! `dlx estimate`: Knuth's random-probe estimate of a problem's search
//! tree (nodes, updates, solutions, with their standard errors) and of the
//! time the search would take here, from a short timed run of the search
//! itself. Arguments become a plan, the runner an outcome, and one printer
//! (text or JSON) formats it.

use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::time::Duration;

use dancing::engine::{Estimate, Figure};
use dancing::{Config, Engine, Request};
use serde_json::json;

use crate::input::Input;
use crate::interrupt;
use crate::status::{Status, diag, is_broken_pipe};

/// Estimate the size of a problem's search, and its time here, before running it.
///
/// Knuth's random probes ("Estimating the efficiency of backtrack
/// programs"): each follows one random path down the search tree,
/// branching on the item the search would choose; a node at depth d
/// stands for the product of the branching degrees above it. The mean
/// over the probes estimates the nodes, updates and solutions; the
/// standard error says how sure that is (a tree whose bulk hides behind
/// rare paths is underestimated until a probe finds them). The time comes
/// from the search's own speed, measured on this machine over a short run
/// (at most half a second). Exit status: 0, 2 on bad input, 130 when
/// interrupted.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// A problem in Knuth's DLX format (`-` or none: standard input).
    pub file: Option<PathBuf>,

    /// The number of random paths to follow.
    #[arg(long, value_name = "N", default_value_t = 10_000,
          value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    pub probes: u64,

    /// The seed of the random paths: the same seed, the same estimate.
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,

    /// One JSON object on standard output instead of text.
    #[arg(long)]
    pub json: bool,
}

/// The longest the calibration runs the search.
const CALIBRATION_TIME: Duration = Duration::from_millis(500);

/// The most nodes the calibration searches.
const CALIBRATION_NODES: u64 = 2_000_000;

/// `dlx estimate`'s arguments, decided once.
struct Plan {
    input: Input,
    probes: u64,
    seed: u64,
    json: bool,
}

/// The search's speed, from a short run of it.
struct Calibration {
    nodes: u64,
    seconds: f64,
    /// The run went through the whole tree: its figures are exact.
    complete: Option<dancing::Stats>,
}

impl Calibration {
    fn nodes_per_second(&self) -> f64 {
        self.nodes as f64 / self.seconds.max(1e-9)
    }
}

/// What the run found.
struct Outcome {
    name: String,
    estimate: Estimate,
    calibration: Calibration,
    /// Ctrl-C stopped the probes: the estimate is from those done.
    interrupted: bool,
}

impl Outcome {
    /// The estimated time of the whole search on one thread, in seconds.
    fn seconds(&self) -> f64 {
        self.estimate.nodes.mean / self.calibration.nodes_per_second()
    }
}

/// Estimates the problem's search, and prints the estimate.
pub fn run(args: &Args) -> Status {
    let plan = Plan {
        input: Input::all(args.file.as_slice()).remove(0),
        probes: args.probes,
        seed: args.seed,
        json: args.json,
    };
    interrupt::catch();
    let outcome = match estimate(&plan) {
        Ok(outcome) => outcome,
        Err(message) => {
            diag!("{message}");
            return Status::Error;
        }
    };
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let written = if plan.json {
        print_json(&mut out, &plan, &outcome)
    } else {
        print_text(&mut out, &plan, &outcome)
    }
    .and_then(|()| out.flush());
    match written {
        Ok(()) if outcome.interrupted => Status::Interrupted,
        Ok(()) => Status::Success,
        Err(error) if is_broken_pipe(&error) => Status::Success,
        Err(error) => {
            diag!("dlx estimate: error writing output: {error}");
            Status::Error
        }
    }
}

/// Reads the problem, probes its tree and times its search.
fn estimate(plan: &Plan) -> Result<Outcome, String> {
    let name = plan.input.name();
    let problem = plan.input.read_problem_warned()?;
    // The speed measured is one thread's: the estimate is of one thread.
    let engine = Engine::builder()
        .config(Config::new().threads(1))
        .build_until(problem, &interrupt::stop())
        .ok_or_else(|| format!("{name}: interrupted"))?;
    let request = Request::new().stop(&interrupt::stop());
    // The search itself runs alongside the probes, and may end first.
    let estimate = engine.estimate(plan.probes, plan.seed, &request);
    let interrupted = estimate.exact.is_none() && estimate.probes < plan.probes;
    let calibration = if interrupted {
        Calibration {
            nodes: 0,
            seconds: 0.0,
            complete: None,
        }
    } else {
        calibrate(&engine, &request, estimate.exact.is_some())
    };
    Ok(Outcome {
        name,
        estimate,
        calibration,
        interrupted,
    })
}

/// Runs the search for a short while, counting: how many nodes it went
/// through, in how long. To its end when it is known to end (`ends`: it
/// did within the probes' work).
fn calibrate(engine: &Engine, request: &Request, ends: bool) -> Calibration {
    let request = if ends {
        request.clone()
    } else {
        request
            .clone()
            .max_nodes(CALIBRATION_NODES)
            .time_limit(CALIBRATION_TIME)
    };
    let report = engine
        .count(&request)
        .expect("a plain count has no overflow");
    Calibration {
        nodes: report.stats.nodes,
        seconds: report.elapsed.as_secs_f64(),
        complete: report.is_complete().then_some(report.stats),
    }
}

/// A figure in a few significant digits: whole numbers as they are up to
/// a million, larger ones as `4.28e9`.
fn approx(value: f64) -> String {
    if value < 1e6 {
        format!("{}", value.round())
    } else {
        format!("{value:.3e}")
    }
}

/// A duration in seconds, in the unit that reads best.
fn duration(seconds: f64) -> String {
    const UNITS: [(f64, &str); 5] = [
        (365.25 * 86400.0, "years"),
        (86400.0, "days"),
        (3600.0, "hours"),
        (60.0, "minutes"),
        (1.0, "seconds"),
    ];
    for (size, unit) in UNITS {
        if seconds >= size {
            return format!("{:.3} {unit}", seconds / size);
        }
    }
    format!("{:.3} ms", seconds * 1e3)
}

/// Whether the mean of `figure` passed the range of `f64` (a path's
/// product of branching degrees past 1.8e308): then it is no estimate.
fn overflowed(figure: Figure) -> bool {
    !figure.mean.is_finite()
}

/// Whether the standard error of `figure` is known: its mean is, and the
/// sum of the probes' squares it comes from stayed within `f64` (at least
/// `probes` times the mean squared; past it the error computes as 0 or
/// infinite, neither of them true).
fn spread_known(figure: Figure, probes: u64) -> bool {
    !overflowed(figure) && (figure.mean * figure.mean * probes as f64).is_finite()
}

/// `4.28e9 ± 1.2%`, the standard error as a share of the mean; an
/// estimate past the range of `f64` is said to be, never printed as a
/// certainty.
fn with_spread(figure: Figure, probes: u64) -> String {
    if overflowed(figure) {
        format!(
            "overflowed: more than {:.3e}, past the range of a float (the tree is beyond counting)",
            f64::MAX
        )
    } else if !spread_known(figure, probes) {
        format!(
            "{} ± ? (the standard error overflowed: its squares pass {:.3e})",
            approx(figure.mean),
            f64::MAX
        )
    } else {
        format!(
            "{} ± {:.1}% (standard error {})",
            approx(figure.mean),
            100.0 * figure.relative_error(),
            approx(figure.std_error)
        )
    }
}

fn print_text(out: &mut impl Write, plan: &Plan, outcome: &Outcome) -> io::Result<()> {
    let Outcome { name, estimate, .. } = outcome;
    let stopped = if outcome.interrupted {
        " (interrupted)"
    } else if estimate.exact.is_some() {
        ", then the search ran to its end: the figures are exact"
    } else {
        ""
    };
    writeln!(
        out,
        "{name}: {} of {} random paths (seed {}){stopped}",
        estimate.probes, plan.probes, plan.seed
    )?;
    let probes = estimate.probes;
    writeln!(out, "nodes      {}", with_spread(estimate.nodes, probes))?;
    writeln!(out, "updates    {}", with_spread(estimate.updates, probes))?;
    writeln!(
        out,
        "solutions  {}",
        with_spread(estimate.solutions, probes)
    )?;
    writeln!(out, "depth      at least {}", estimate.max_depth)?;
    if outcome.interrupted {
        return Ok(());
    }
    let calibration = &outcome.calibration;
    if let Some(stats) = calibration.complete {
        writeln!(
            out,
            "exact      the search ran to its end while timed: {} nodes, {} updates, {} solutions in {}",
            stats.nodes,
            stats.updates,
            stats.solutions,
            duration(calibration.seconds)
        )?;
        return Ok(());
    }
    let speed = calibration.nodes_per_second();
    let nodes = estimate.nodes;
    if overflowed(nodes) {
        return writeln!(
            out,
            "time       beyond reckoning: the estimate of the nodes overflowed (at {} nodes/s measured over {} nodes)",
            approx(speed),
            calibration.nodes
        );
    }
    let spread = if spread_known(nodes, estimate.probes) {
        let low = (nodes.mean - 2.0 * nodes.std_error).max(0.0);
        let high = nodes.mean + 2.0 * nodes.std_error;
        format!(
            "two standard errors: {} to {}",
            duration(low / speed),
            duration(high / speed)
        )
    } else {
        "the standard error overflowed".to_owned()
    };
    writeln!(
        out,
        "time       {} on one thread here ({spread}), at {} nodes/s measured over {} nodes",
        duration(outcome.seconds()),
        approx(speed),
        calibration.nodes
    )
}

fn print_json(out: &mut impl Write, plan: &Plan, outcome: &Outcome) -> io::Result<()> {
    let Outcome {
        name,
        estimate,
        calibration,
        ..
    } = outcome;
    // A figure past the range of f64: `null`, and `overflowed` says why
    // (the key only then, so that other records are as they were).
    let figure = |figure: Figure| {
        if overflowed(figure) {
            json!({ "mean": null, "std_error": null, "overflowed": true })
        } else if !spread_known(figure, estimate.probes) {
            json!({ "mean": figure.mean, "std_error": null, "overflowed": true })
        } else {
            json!({ "mean": figure.mean, "std_error": figure.std_error })
        }
    };
    let mut record = json!({
        "file": name,
        "probes": estimate.probes,
        "probes_asked": plan.probes,
        "seed": plan.seed,
        "interrupted": outcome.interrupted,
        "nodes": figure(estimate.nodes),
        "updates": figure(estimate.updates),
        "solutions": figure(estimate.solutions),
        "max_depth": estimate.max_depth,
    });
    if !outcome.interrupted {
        record["calibration"] = json!({
            "nodes": calibration.nodes,
            "seconds": calibration.seconds,
            "nodes_per_second": calibration.nodes_per_second(),
            "complete": calibration.complete.is_some(),
        });
        record["estimated_seconds"] = json!(outcome.seconds());
        if let Some(stats) = calibration.complete {
            record["exact"] = json!({
                "nodes": stats.nodes,
                "updates": stats.updates,
                "solutions": stats.solutions,
            });
        }
    }
    writeln!(out, "{record}")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A figure past the range of f64 is said to have overflowed, never
    /// printed as `inf` with a certainty of 0; one whose squares overflowed
    /// has no standard error; the others print as they always have.
    #[test]
    fn overflowed_estimates_are_said_to_be() {
        for mean in [f64::INFINITY, f64::NAN] {
            for std_error in [0.0, f64::INFINITY, f64::NAN] {
                let text = with_spread(Figure { mean, std_error }, 100);
                assert!(text.starts_with("overflowed"), "{text}");
                assert!(!text.contains("inf") && !text.contains("NaN"), "{text}");
                assert!(!text.contains("0.0%"), "{text}");
            }
        }
        // Squares past f64 (1e200 squared): the error computed is no error.
        let text = with_spread(
            Figure {
                mean: 1e200,
                std_error: 0.0,
            },
            100,
        );
        assert!(text.starts_with("1.000e200 ± ?"), "{text}");
        assert!(text.contains("standard error overflowed"), "{text}");
        let text = with_spread(
            Figure {
                mean: 3_044_000.0,
                std_error: 275_955.0,
            },
            10_000,
        );
        assert_eq!(text, "3.044e6 ± 9.1% (standard error 275955)");
    }
}
