//! `dlx zdd`: the set of all solutions as a diagram (a ZDD, built by the
//! memoized search as Knuth's DLX6 builds it), and what it answers without
//! searching again: the exact count of any size, counts by solution size,
//! uniform random solutions, the solutions listed; written in Knuth's
//! ZDDREAD text format and read back; with costs on the options (DLX5's
//! `|n`), the least and greatest cost and the K cheapest solutions.
//!
//! This file reads the problem and builds or reads the diagram (with its
//! statistics and progress on standard error); [`answer`] says what was
//! asked, as text or as JSON Lines.

mod answer;

use std::fs;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use dancing::diagram::{Diagram, DiagramConfig, DiagramError, DiagramProgress, Order};
use dancing::{Engine, Problem, Request, StopReason};

use crate::input::Input;
use crate::interrupt;
use crate::progress::ProgressBar;
use crate::run::values::parse_duration;
use crate::status::{Status, diag, is_broken_pipe};

/// Build the diagram (ZDD) of all solutions of a problem, as Knuth's DLX6, or read one written before, and answer from it.
///
/// The count printed is exact at any size (no 128-bit limit). Samples
/// are exactly uniform (each solution with probability 1/count),
/// reproducible by seed. Knuth's statistics and the diagram's node count
/// go to standard error, and on a terminal a progress line while the
/// diagram is built. With costs on the options (Knuth's `|n`), --costs
/// and --best K read the least and greatest cost and the K cheapest
/// solutions off the diagram. Exit status: 0; 1 when the problem has no
/// solution; 2 on an error (a malformed ZDD file is named by
/// FILE:LINE:COL, a diagram past --max-nodes or --time-limit says so,
/// --costs or --best without costs is refused); 130 when interrupted
/// (Ctrl-C).
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  \
    dlx gen dominoes 8x8 | dlx zdd --order input            count the 12,988,816 tilings\n  \
    dlx gen dominoes 8x8 | dlx zdd --sample 3 --seed 1      three uniform random tilings\n  \
    dlx zdd queens8.dlx --write queens8.zdd                 write the diagram (Knuth's ZDDREAD text)\n  \
    dlx zdd --read queens8.zdd --sizes                      answer from it without the problem\n  \
    dlx zdd assignment8.dlx --costs --best 3                the cost range and the 3 cheapest\n  \
    dlx gen dominoes 12x12 | dlx zdd --order input --json   the count as JSON (a string past 2^53)")]
pub struct Args {
    /// A problem in Knuth's DLX format; none, or `-`, reads standard input. With --read, optional: it names the options of listed and sampled solutions.
    pub file: Option<PathBuf>,
    /// Read the diagram from this ZDD file (as --write or DLX6 wrote it) instead of searching.
    /// (--order, --max-nodes, --memo-limit and --time-limit shape a search: with --read there is none.)
    #[arg(long, value_name = "ZDD", conflicts_with_all = ["order", "max_nodes", "memo_limit", "time_limit"])]
    pub read: Option<PathBuf>,
    /// Write the diagram to this file in Knuth's ZDDREAD text format (`-` for standard output).
    #[arg(long, value_name = "ZDD")]
    pub write: Option<PathBuf>,
    /// Branch on the item with the fewest options (mrv, the search's rule) or on the first item in input order (input, Knuth's dlx6-noMRV: small diagrams on grids listed row by row).
    #[arg(long, default_value = "mrv", value_name = "ORDER", value_parser = ["mrv", "input"])]
    pub order: String,
    /// Print the exact number of solutions (the default when nothing else is asked).
    #[arg(long)]
    pub count: bool,
    /// Print the number of solutions of each size (options chosen): `SIZE COUNT` lines.
    #[arg(long)]
    pub sizes: bool,
    /// Print N uniformly random solutions (drawn independently, so one may repeat).
    #[arg(long, value_name = "N")]
    pub sample: Option<u64>,
    /// The seed of --sample: the same seed draws the same solutions.
    #[arg(long, default_value_t = 0, value_name = "S", requires = "sample")]
    pub seed: u64,
    /// Print every solution.
    #[arg(long)]
    pub list: bool,
    /// Print the least and the greatest cost of a solution (`min cost N`, `max cost N`): options need costs (`|n`); with --read, from the problem file given beside it.
    #[arg(long)]
    pub costs: bool,
    /// Print the K cheapest solutions, cheapest first, as `dlx solve --best K` prints them (equal costs in the order --list lists them).
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(1..))]
    pub best: Option<u32>,
    /// Write JSON Lines: a record per listed or sampled solution (as `dlx solve --json` writes solutions), then a summary record (count, sizes, costs, best, statistics).
    #[arg(long)]
    pub json: bool,
    /// Stop building the diagram after this long (`90`, `250ms`, `1.5m`, `2h`): an error, exit status 2.
    #[arg(long, value_name = "TIME", value_parser = parse_duration, conflicts_with = "read")]
    pub time_limit: Option<Duration>,
    /// Stop with an error rather than build a diagram of more than N nodes.
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u32>,
    /// The memory of the cache of subproblems, in bytes (K, M, G suffixes) [default: half the memory available, at least 256M]. A smaller one shares less: the search below what it forgot is made again.
    #[arg(long, value_name = "BYTES", value_parser = parse_bytes)]
    pub memo_limit: Option<usize>,
}

/// `64M`, `2G`, `4096`.
fn parse_bytes(text: &str) -> Result<usize, String> {
    let (digits, shift) = match text.as_bytes().last() {
        Some(b'K' | b'k') => (&text[..text.len() - 1], 10),
        Some(b'M' | b'm') => (&text[..text.len() - 1], 20),
        Some(b'G' | b'g') => (&text[..text.len() - 1], 30),
        _ => (text, 0),
    };
    let value: usize = digits
        .parse()
        .map_err(|_| format!("`{text}` is not a number of bytes (e.g. 4096, 64M, 2G)"))?;
    value
        .checked_mul(1 << shift)
        .ok_or_else(|| format!("`{text}` is too large"))
}

/// Builds or reads the diagram and answers from it.
pub fn run(args: &Args) -> Status {
    interrupt::catch();
    let problem = match (&args.read, &args.file) {
        (Some(_), None) => None,
        _ => {
            let input = Input::all(args.file.as_slice()).remove(0);
            match input.read_problem_warned() {
                Ok(problem) => Some((input.name(), problem)),
                Err(message) => {
                    diag!("{message}");
                    return Status::Error;
                }
            }
        }
    };
    if let Some(message) = refusal(args, problem.as_ref()) {
        diag!("{message}");
        return Status::Error;
    }
    let diagram = match &args.read {
        Some(path) => match read(path, problem.as_ref()) {
            Ok(diagram) => diagram,
            Err(message) => {
                diag!("{message}");
                return Status::Error;
            }
        },
        None => {
            let (name, problem) = problem.as_ref().expect("a problem is read without --read");
            match build(args, name, problem) {
                Ok(diagram) => diagram,
                Err(status) => return status,
            }
        }
    };
    let problem = problem
        .as_ref()
        .map(|(name, problem)| (name.as_str(), problem));
    let source = match &args.read {
        Some(path) => answer::Source::File(path.display().to_string()),
        None => answer::Source::Search(problem.map_or("-", |(name, _)| name).to_string()),
    };
    let answers = match answer::Answers::new(args, &diagram, problem, source) {
        Ok(answers) => answers,
        Err(message) => {
            diag!("{message}");
            return Status::Error;
        }
    };
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let written = if args.json {
        answers.json(&mut out)
    } else {
        answers.text(&mut out)
    };
    match written.and_then(|()| out.flush()) {
        Ok(()) => {}
        Err(error) if is_broken_pipe(&error) => return Status::Success,
        Err(error) => {
            diag!("dlx zdd: error writing output: {error}");
            return Status::Error;
        }
    }
    if diagram.root() == dancing::diagram::BOTTOM {
        Status::NotFound
    } else {
        Status::Success
    }
}

/// Why `args` ask what `problem` cannot answer: costs without costs.
fn refusal(args: &Args, problem: Option<&(String, Problem)>) -> Option<String> {
    let flag = match (args.costs, args.best) {
        (true, _) => "--costs",
        (false, Some(_)) => "--best",
        (false, None) => return None,
    };
    match problem {
        None => Some(format!(
            "dlx zdd: {flag} needs the problem file beside --read: the options' costs are the problem's, not the diagram's"
        )),
        Some((name, problem)) if !problem.has_costs() => Some(format!(
            "{name}: {flag} needs options with costs (Knuth's DLX5 `|n` at the end of an option's line); this problem has none"
        )),
        Some(_) => None,
    }
}

/// The diagram of `problem`, built as `args` say, its statistics on
/// standard error.
fn build(args: &Args, name: &str, problem: &Problem) -> Result<Diagram, Status> {
    let order: Order = args.order.parse().expect("clap checked the order");
    let mut config = DiagramConfig::new().order(order);
    if let Some(nodes) = args.max_nodes {
        config = config.max_nodes(nodes);
    }
    if let Some(bytes) = args.memo_limit {
        config = config.cache_limit(bytes);
    }
    let engine = Engine::new(problem.clone());
    let mut request = Request::new().stop(&interrupt::stop());
    if let Some(time) = args.time_limit {
        request = request.time_limit(time);
    }
    let progress = Progress::new(name);
    let built = engine.diagram_monitored(&request, &config, |state| progress.show(state));
    progress.bar.finish();
    let diagram = match built {
        Ok(diagram) => diagram,
        Err(DiagramError::Stopped(StopReason::Cancelled)) => {
            diag!(
                "{name}: interrupted while building the diagram (after {:.3}s); nothing to answer",
                progress.started.elapsed().as_secs_f64()
            );
            return Err(Status::Interrupted);
        }
        Err(DiagramError::Stopped(StopReason::TimeLimit)) => {
            diag!(
                "{name}: time limit reached while building the diagram (after {:.3}s); nothing to answer",
                progress.started.elapsed().as_secs_f64()
            );
            return Err(Status::Error);
        }
        Err(error) => {
            diag!("{name}: {error}");
            return Err(Status::Error);
        }
    };
    let stats = diagram.stats();
    let bytes = stats.cache_bytes + stats.node_bytes;
    diag!(
        "Altogether {} solution{}, {} updates, {} cleansings, {} bytes, {} search nodes, {} ZDD node{}, {} signatures, {} hits, {:.3}s (order {})",
        diagram.count(),
        if diagram.count_u128() == Some(1) {
            ""
        } else {
            "s"
        },
        stats.updates,
        stats.cleansings,
        bytes,
        stats.search_nodes,
        diagram.node_count(),
        if diagram.node_count() == 1 { "" } else { "s" },
        stats.memos,
        stats.hits,
        stats.elapsed.as_secs_f64(),
        order.as_str(),
    );
    if stats.evictions > 0 {
        diag!(
            "{name}: the cache of subproblems was full and emptied {} times (--memo-limit)",
            stats.evictions
        );
    }
    if let Some(path) = &args.write {
        write(path, &diagram).map_err(|message| {
            diag!("{message}");
            Status::Error
        })?;
    }
    Ok(diagram)
}

/// Writes the diagram to `path` (`-`: standard output).
fn write(path: &PathBuf, diagram: &Diagram) -> Result<(), String> {
    let name = path.display();
    let written = if path.as_os_str() == "-" {
        let stdout = io::stdout();
        let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
        diagram.write_zdd(&mut out).and_then(|()| out.flush())
    } else {
        fs::File::create(path).and_then(|file| {
            let mut out = BufWriter::with_capacity(1 << 16, file);
            diagram.write_zdd(&mut out).and_then(|()| out.flush())
        })
    };
    written.or_else(|error| {
        if is_broken_pipe(&error) {
            Ok(())
        } else {
            Err(format!("{name}: cannot write the diagram: {error}"))
        }
    })
}

/// The diagram in the ZDD file `path`, its options checked against the
/// problem's when there is one.
fn read(path: &PathBuf, problem: Option<&(String, Problem)>) -> Result<Diagram, String> {
    let name = path.display();
    let text = fs::read_to_string(path).map_err(|error| format!("{name}: cannot read: {error}"))?;
    let diagram = Diagram::read_zdd(&text).map_err(|error| format!("{name}:{error}"))?;
    if let Some((problem_name, problem)) = problem {
        let options = problem.option_count();
        if let Some((_, option)) = diagram.first_option_past(options) {
            return Err(format!(
                "{name}: option {} is past the {options} options of {problem_name}",
                option.index() + 1
            ));
        }
    }
    diag!("{name}: {} ZDD nodes read", diagram.node_count());
    Ok(diagram)
}

/// The progress line of a build: the input, the time, the search nodes
/// and diagram nodes so far, and their rate; on a terminal only, after a
/// second (see [`ProgressBar`]), redrawn at most ten times a second.
struct Progress {
    bar: ProgressBar,
    started: Instant,
    /// When the line was last redrawn, to skip the engine's more frequent
    /// reports.
    shown: std::cell::Cell<Instant>,
}

/// The line: name, time, what the build has done so far.
const PROGRESS: &str = "{prefix} {elapsed_precise} {spinner} {wide_msg}";

impl Progress {
    fn new(name: &str) -> Progress {
        let bar = ProgressBar::spinner(PROGRESS);
        bar.set_prefix(name.to_string());
        let started = Instant::now();
        Progress {
            bar,
            started,
            shown: std::cell::Cell::new(started),
        }
    }

    fn show(&self, state: &DiagramProgress) {
        let now = Instant::now();
        if now.duration_since(self.shown.get()) < Duration::from_millis(100) {
            return;
        }
        self.shown.set(now);
        let rate = state.search_nodes as f64 / now.duration_since(self.started).as_secs_f64();
        self.bar.set_message(format!(
            "{} search nodes, {} ZDD nodes, {:.0} nodes/s",
            state.search_nodes, state.nodes, rate
        ));
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_progress_template_is_valid() {
        assert!(crate::progress::is_valid_template(super::PROGRESS));
    }
}
