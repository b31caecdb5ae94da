//! `dlx zdd`: the set of all solutions as a diagram (a ZDD, built by the
//! memoized search as Knuth's DLX6 builds it), and what it answers without
//! searching again: the exact count of any size, counts by solution size,
//! uniform random solutions, the solutions listed; written in Knuth's
//! ZDDREAD text format and read back.

use std::fs;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;

use dancing::diagram::{Diagram, DiagramConfig, DiagramError, Order};
use dancing::{Engine, OptionId, Problem, Request, StopReason};

use crate::input::Input;
use crate::interrupt;
use crate::status::{Status, diag, is_broken_pipe};

/// Build the diagram (ZDD) of all solutions of a problem, as Knuth's DLX6, or read one written before, and answer from it.
///
/// The count printed is exact at any size (no 128-bit limit). Samples
/// are exactly uniform (each solution with probability 1/count),
/// reproducible by seed. Knuth's statistics and the diagram's node count
/// go to standard error. Exit status: 0; 1 when the problem has no
/// solution; 2 on an error (a malformed ZDD file is named by
/// FILE:LINE:COL, a diagram past --max-nodes says so); 130 when
/// interrupted (Ctrl-C).
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  \
    dlx gen dominoes 8x8 | dlx zdd --order input            count the 12,988,816 tilings\n  \
    dlx gen dominoes 8x8 | dlx zdd --sample 3 --seed 1      three uniform random tilings\n  \
    dlx zdd queens8.dlx --write queens8.zdd                 write the diagram (Knuth's ZDDREAD text)\n  \
    dlx zdd --read queens8.zdd --sizes                      answer from it without the problem")]
pub struct Args {
    /// A problem in Knuth's DLX format; none, or `-`, reads standard input. With --read, optional: it names the options of listed and sampled solutions.
    pub file: Option<PathBuf>,
    /// Read the diagram from this ZDD file (as --write or DLX6 wrote it) instead of searching.
    /// (--order, --max-nodes and --memo-limit shape a search: with --read there is none.)
    #[arg(long, value_name = "ZDD", conflicts_with_all = ["order", "max_nodes", "memo_limit"])]
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
    /// Stop with an error rather than build a diagram of more than N nodes.
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u32>,
    /// The memory of the cache of subproblems, in bytes (K, M, G suffixes); a smaller one only shares less.
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
    let names = problem.as_ref().map(|(_, problem)| problem);
    match answer(args, &diagram, names) {
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
    let request = Request::new().stop(&interrupt::stop());
    let diagram = match engine.diagram(&request, &config) {
        Ok(diagram) => diagram,
        Err(DiagramError::Stopped(StopReason::Cancelled)) => {
            diag!("{name}: interrupted while building the diagram");
            return Err(Status::Interrupted);
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
        for id in 2..diagram.node_count() as u32 + 2 {
            let (option, _, _) = diagram.node(id);
            if option.index() >= options {
                return Err(format!(
                    "{name}: option {} is past the {options} options of {problem_name}",
                    option.index() + 1
                ));
            }
        }
    }
    diag!("{name}: {} ZDD nodes read", diagram.node_count());
    Ok(diagram)
}

/// Prints what `args` ask of the diagram on standard output.
fn answer(args: &Args, diagram: &Diagram, problem: Option<&Problem>) -> io::Result<()> {
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let anything = args.sizes || args.sample.is_some() || args.list;
    let writes_diagram = args
        .write
        .as_ref()
        .is_some_and(|path| path.as_os_str() == "-");
    if args.count || (!anything && !writes_diagram) {
        writeln!(out, "{}", diagram.count())?;
    }
    if args.sizes {
        for (size, count) in diagram.sizes().iter().enumerate() {
            if *count != Default::default() {
                writeln!(out, "{size} {count}")?;
            }
        }
    }
    if let Some(n) = args.sample {
        let mut sampler = diagram.sampler(args.seed);
        for _ in 0..n {
            let Some(solution) = sampler.draw() else {
                break;
            };
            print_solution(&mut out, &solution, problem)?;
            if interrupt::requested() {
                break;
            }
        }
    }
    if args.list {
        for solution in diagram.solutions() {
            print_solution(&mut out, &solution, problem)?;
            if interrupt::requested() {
                break;
            }
        }
    }
    out.flush()
}

/// A solution: with the problem, its options' texts in input order, one a
/// line, and a blank line after (as `dlx solve` prints them); without,
/// its options' numbers (from 1, as in the ZDD file) on one line.
fn print_solution(
    out: &mut impl Write,
    solution: &[OptionId],
    problem: Option<&Problem>,
) -> io::Result<()> {
    let mut sorted = solution.to_vec();
    sorted.sort();
    match problem {
        Some(problem) => {
            for &option in &sorted {
                writeln!(out, "{}", problem.option_text(option))?;
            }
            writeln!(out)
        }
        None => {
            let numbers: Vec<String> = sorted.iter().map(|o| (o.index() + 1).to_string()).collect();
            writeln!(out, "{}", numbers.join(" "))
        }
    }
}
