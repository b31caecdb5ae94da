//! The benchmark report: every solver on every set once, outside criterion's
//! statistics, printed as Markdown tables, with an SVG chart.
//!
//! ```text
//! DANCING_BENCH_DATA=/path/to/sets cargo run --release -p dancing-benches --bin report -- --svg docs/benchmarks.svg
//! ```
//!
//! Every solution is checked and every solver's counts must agree; the
//! command exits with status 1 if any check fails.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use dancing_benches::chart::{self, Bar, Group, Panel, significant, thousands};
use dancing_benches::cover::{self, CoverProblem};
use dancing_benches::data::{self, DATA_ENV, GENERATED_COUNT, GENERATED_SEED, SAMPLE_SEED};
use dancing_benches::measure::median;
use dancing_benches::measure::{self, Run};
use dancing_benches::plan::{self, Block, FULL_LIMIT};
use dancing_benches::sizes::{GeneratorRounds, SIZE_SETS, prove_all};
use dancing_benches::xcc::{self, Engine, NotApplicable, Prepared, XccProblem};
use dancing_benches::{PuzzleSolver, SolverKind};
use dancing_sudoku::{Engine as SudokuEngine, Grid, Solver as SudokuSolver};

const USAGE: &str = "\
usage: report [--svg FILE] [--quick] [--min-time SECONDS] [--no-sudoku] [--no-cover]
              [--no-xcc] [--xcc NAME] [--no-sizes]

Runs every Sudoku solver on every puzzle set once (the public sets from the
directory named by DANCING_BENCH_DATA, if set; the project's generated set and
the seeds' samples always), our exact-cover engine beside the dlx crate, and
colored and bounded problems beside the dlx crate and exact-covers, 16x16 and
25x25 Sudoku beside the bitmask search, and our 9x9 generator beside the
sudoku crate's; prints Markdown tables and writes an SVG chart.

  --svg FILE          where to write the chart (default: $CARGO_TARGET_DIR or
                      target, then report.svg)
  --quick             small samples, no slow exact-cover problem: a smoke test
  --min-time SECONDS  time a set in whole passes until this long (default 1)
  --no-sudoku         skip the Sudoku sets
  --no-cover          skip the exact-cover problems
  --no-xcc            skip the colored and bounded problems
  --no-sizes          skip 16x16, 25x25 and the generators
  --xcc NAME          only the colored and bounded problems whose name
                      contains NAME (a driver for profilers)";

struct Options {
    svg: PathBuf,
    quick: bool,
    min_time: Duration,
    sudoku: bool,
    cover: bool,
    xcc: bool,
    xcc_filter: String,
    sizes: bool,
}

fn parse_args() -> Result<Options, String> {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .filter(|t| !t.is_empty())
        .map_or_else(|| PathBuf::from("target"), PathBuf::from);
    let mut options = Options {
        svg: target.join("report.svg"),
        quick: false,
        min_time: Duration::from_secs(1),
        sudoku: true,
        cover: true,
        xcc: true,
        xcc_filter: String::new(),
        sizes: true,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--svg" => options.svg = args.next().ok_or("--svg needs a file")?.into(),
            "--quick" => options.quick = true,
            "--min-time" => {
                let value = args.next().ok_or("--min-time needs a number of seconds")?;
                let seconds: f64 = value
                    .parse()
                    .map_err(|_| format!("--min-time: not a number: {value}"))?;
                options.min_time = Duration::try_from_secs_f64(seconds)
                    .map_err(|_| format!("--min-time: out of range: {value}"))?;
            }
            "--no-sudoku" => options.sudoku = false,
            "--no-cover" => options.cover = false,
            "--no-xcc" => options.xcc = false,
            "--no-sizes" => options.sizes = false,
            "--xcc" => options.xcc_filter = args.next().ok_or("--xcc needs a name")?,
            "-h" | "--help" => return Err(String::new()),
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    if options.quick {
        options.min_time = options.min_time.min(Duration::from_millis(200));
    }
    Ok(options)
}

/// The CPU model and the number of logical cores.
fn cpu() -> String {
    let model = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, m)| m.trim().to_owned())
        })
        .unwrap_or_else(|| "unknown CPU".to_owned());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    format!("{model}, {cores} logical cores")
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".to_owned())
}

fn rustc_version() -> String {
    std::process::Command::new("rustc")
        .arg("--version")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|v| v.trim().to_owned())
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| "unknown".to_owned())
}

/// One block's measurements: every solver up to 2 solutions, and the fast
/// solvers for the first solution only.
struct Measured {
    block: Block,
    up_to_2: Vec<Run>,
    first: Vec<Run>,
}

impl Measured {
    fn run_of(&self, kind: SolverKind) -> Option<&Run> {
        self.up_to_2.iter().find(|r| r.kind == kind)
    }

    fn dlx_micros(&self) -> Option<f64> {
        self.run_of(SolverKind::DLX).map(Run::micros_per_puzzle)
    }

    /// Every run's failures, and counts that disagree with our Dancing
    /// Links or are not exactly one (every set holds unique puzzles).
    fn failures(&self) -> Vec<String> {
        let mut failures = Vec::new();
        let label = self.block.label();
        let reference = self.run_of(SolverKind::DLX).map(|r| &r.counts);
        for run in self.up_to_2.iter().chain(&self.first) {
            failures.extend(run.failures.iter().map(|f| format!("{label}: {f}")));
            if run.limit == 2
                && let Some(reference) = reference
                && *reference != run.counts
            {
                failures.push(format!(
                    "{label}: {} disagrees with dlx on counts",
                    run.kind
                ));
            }
            let not_one = run.counts.iter().filter(|&&c| c != 1).count();
            if not_one > 0 {
                failures.push(format!(
                    "{label}: {} (limit {}): {not_one} puzzles without exactly one solution",
                    run.kind, run.limit
                ));
            }
        }
        failures
    }
}

fn measure_block(block: Block, min_time: Duration) -> Measured {
    let label = block.label();
    let mut up_to_2 = Vec::new();
    let mut first = Vec::new();
    for &kind in &block.solvers {
        let mut solver = PuzzleSolver::new(kind);
        let started = Instant::now();
        let run = measure::run(&mut solver, &block.set.puzzles, 2, min_time);
        eprintln!(
            "  {label}: {kind}: {} us/puzzle ({} passes, {:.1} s)",
            significant(run.micros_per_puzzle()),
            run.passes,
            started.elapsed().as_secs_f64()
        );
        up_to_2.push(run);
        if plan::FAST.contains(&kind) {
            first.push(measure::run(&mut solver, &block.set.puzzles, 1, min_time));
        }
    }
    Measured {
        block,
        up_to_2,
        first,
    }
}

fn sudoku_table(measured: &[Measured]) -> String {
    let mut out = String::new();
    out.push_str(
        "| set | puzzles | solver | µs/puzzle | puzzles/s | nodes/puzzle | × our dlx | µs/puzzle, 1st solution |\n\
         |---|---:|---|---:|---:|---:|---:|---:|\n",
    );
    for m in measured {
        let label = m.block.label();
        for run in &m.up_to_2 {
            let nodes = run
                .nodes_per_puzzle()
                .map_or_else(|| "n/a".to_owned(), significant);
            let ratio = m.dlx_micros().map_or_else(
                || "—".to_owned(),
                |d| significant(run.micros_per_puzzle() / d),
            );
            let first = m
                .first
                .iter()
                .find(|r| r.kind == run.kind)
                .map_or_else(|| "—".to_owned(), |r| significant(r.micros_per_puzzle()));
            writeln!(
                out,
                "| {label} | {} | {} | {} | {} | {nodes} | {ratio} | {first} |",
                thousands(run.puzzles() as u64),
                run.kind,
                significant(run.micros_per_puzzle()),
                significant(run.puzzles_per_second()),
            )
            .unwrap();
        }
    }
    out
}

/// The Sudoku results at a glance: one row per block, one column per
/// solver, microseconds per puzzle up to 2 solutions.
fn sudoku_summary(measured: &[Measured]) -> String {
    let mut out = String::from("| set | puzzles |");
    for kind in SolverKind::ALL {
        write!(out, " {kind} |").unwrap();
    }
    out.push_str(" dlx ÷ sudoku-crate |\n|---|---:|");
    out.push_str(&"---:|".repeat(SolverKind::ALL.len() + 1));
    out.push('\n');
    for m in measured {
        write!(
            out,
            "| {} | {} |",
            m.block.label(),
            thousands(m.block.set.puzzles.len() as u64)
        )
        .unwrap();
        for kind in SolverKind::ALL {
            match m.run_of(kind) {
                Some(run) => write!(out, " {} |", significant(run.micros_per_puzzle())).unwrap(),
                None => out.push_str(" — |"),
            }
        }
        match (m.dlx_micros(), m.run_of(SolverKind::SudokuCrate)) {
            (Some(dlx), Some(theirs)) => {
                writeln!(out, " {} |", significant(dlx / theirs.micros_per_puzzle())).unwrap()
            }
            _ => out.push_str(" — |\n"),
        }
    }
    out
}

/// Our engine and the `dlx` crate on one exact-cover problem.
struct CoverRun {
    problem: CoverProblem,
    ours: Option<dancing::Stats>,
    ours_ms: f64,
    theirs: Option<u64>,
    theirs_ms: f64,
    failures: Vec<String>,
}

/// Runs `count` once, then again until `min_time` has passed; returns the
/// result and milliseconds per run.
fn time_count<T>(min_time: Duration, mut count: impl FnMut() -> T) -> (T, f64) {
    let start = Instant::now();
    let result = count();
    let mut runs = 1;
    let mut elapsed = start.elapsed();
    if elapsed < min_time {
        let start = Instant::now();
        runs = 0;
        loop {
            std::hint::black_box(count());
            runs += 1;
            elapsed = start.elapsed();
            if elapsed >= min_time {
                break;
            }
        }
    }
    (result, elapsed.as_secs_f64() * 1e3 / runs as f64)
}

fn measure_cover(problem: CoverProblem, min_time: Duration) -> CoverRun {
    let mut failures = Vec::new();
    let (ours, ours_ms) = match dancing::format::read_str(&problem.text) {
        Ok(parsed) => {
            let mut bump = bumpalo::Bump::new();
            let (stats, ms) = time_count(min_time, || {
                cover::dancing_count(&parsed.problem, &mut bump)
            });
            (Some(stats), ms)
        }
        Err(error) => {
            failures.push(format!("{}: ours cannot read it: {error}", problem.name));
            (None, 0.0)
        }
    };
    let (theirs, theirs_ms) = match dlx::Spec::new(&problem.text, false) {
        Ok(spec) => {
            let (count, ms) = time_count(min_time, || cover::dlx_crate_count(&spec));
            (Some(count), ms)
        }
        Err(error) => {
            failures.push(format!(
                "{}: the dlx crate cannot read it: {error:?}",
                problem.name
            ));
            (None, 0.0)
        }
    };
    let ours_count = ours.map(|s| s.solutions);
    if ours_count != theirs {
        failures.push(format!(
            "{}: ours counts {ours_count:?}, the dlx crate {theirs:?}",
            problem.name
        ));
    }
    if problem.expected.is_some() && problem.expected != ours_count {
        failures.push(format!(
            "{}: {ours_count:?} solutions, expected {:?}",
            problem.name, problem.expected
        ));
    }
    if let (Some(nodes), Some(stats)) = (problem.expected_nodes, ours)
        && stats.nodes != nodes
    {
        failures.push(format!(
            "{}: {} nodes, DLX1 has {nodes}",
            problem.name, stats.nodes
        ));
    }
    eprintln!(
        "  {}: ours {:.3} ms, dlx crate {:.3} ms",
        problem.name, ours_ms, theirs_ms
    );
    CoverRun {
        problem,
        ours,
        ours_ms,
        theirs,
        theirs_ms,
        failures,
    }
}

fn cover_table(runs: &[CoverRun]) -> String {
    let mut out = String::from(
        "| problem | origin | solutions | nodes | ours ms | dlx crate ms | ours / dlx crate |\n\
         |---|---|---:|---:|---:|---:|---:|\n",
    );
    for run in runs {
        let solutions = run
            .ours
            .map(|s| s.solutions)
            .or(run.theirs)
            .map_or_else(|| "?".to_owned(), thousands);
        let nodes = run
            .ours
            .map_or_else(|| "?".to_owned(), |s| thousands(s.nodes));
        writeln!(
            out,
            "| {} | {} | {solutions} | {nodes} | {} | {} | {} |",
            run.problem.name,
            run.problem.origin,
            significant(run.ours_ms),
            significant(run.theirs_ms),
            significant(run.ours_ms / run.theirs_ms)
        )
        .unwrap();
    }
    out
}

/// One engine's count and milliseconds per count, or why it does not run
/// the problem.
type Timed = Result<(u64, f64), NotApplicable>;

/// Every engine on one colored or bounded problem.
struct XccRun {
    problem: XccProblem,
    ours: dancing::Stats,
    /// Each engine's count and median milliseconds over the rounds.
    engines: Vec<(Engine, Timed)>,
    /// Our time over the fastest peer's in each round, sorted.
    round_ratios: Vec<f64>,
    failures: Vec<String>,
}

impl XccRun {
    fn ms(&self, engine: Engine) -> Option<f64> {
        self.engines
            .iter()
            .find(|(e, _)| *e == engine)
            .and_then(|(_, r)| r.as_ref().ok().map(|&(_, ms)| ms))
    }

    /// The fastest peer that ran the problem, and its median milliseconds.
    fn fastest_peer(&self) -> Option<(Engine, f64)> {
        Engine::PEERS
            .iter()
            .filter_map(|&e| self.ms(e).map(|ms| (e, ms)))
            .min_by(|a, b| a.1.total_cmp(&b.1))
    }

    /// Our time over the fastest peer's: the median of the rounds' ratios,
    /// each taken between runs a moment apart, so that a slow spell of the
    /// machine weighs on both sides of one ratio rather than on one engine.
    fn ratio(&self) -> Option<f64> {
        median(&self.round_ratios)
    }

    /// The lowest and highest of the rounds' ratios.
    fn ratio_range(&self) -> Option<(f64, f64)> {
        Some((*self.round_ratios.first()?, *self.round_ratios.last()?))
    }
}

/// Rounds of the colored and bounded problems: in each, every engine is
/// timed once, for a share of the minimum time, starting with a different
/// engine each round.
const XCC_ROUNDS: usize = 5;

fn measure_xcc(problem: XccProblem, min_time: Duration) -> XccRun {
    let prepared = Prepared::new(&problem.problem);
    let mut bump = bumpalo::Bump::new();
    let ours = prepared.dancing_stats(&mut bump);
    // Per engine of `Engine::ALL`: its count (or why it has none; 0 until
    // it has run) and its time in each round.
    let mut counts: Vec<(Engine, Result<u64, NotApplicable>)> = Engine::ALL
        .iter()
        .map(|&engine| (engine, prepared.applicable(engine).map(|()| 0)))
        .collect();
    let runnable: Vec<usize> = (0..counts.len())
        .filter(|&index| counts[index].1.is_ok())
        .collect();
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); counts.len()];
    let mut round_ratios = Vec::new();
    let mut unsteady = Vec::new();
    let share = min_time / XCC_ROUNDS as u32;
    for round in 0..XCC_ROUNDS {
        let (mut ours_ms, mut peer_ms) = (None, None::<f64>);
        for k in 0..runnable.len() {
            let index = runnable[(round + k) % runnable.len()];
            let engine = Engine::ALL[index];
            let (count, ms) = time_count(share, || prepared.count(engine, &mut bump));
            match count {
                Ok(count) => {
                    if round == 0 {
                        counts[index].1 = Ok(count);
                    } else if counts[index].1 != Ok(count) {
                        unsteady.push(format!(
                            "{}: {engine} counted {count} in round {}, {:?} in the first",
                            problem.name,
                            round + 1,
                            counts[index].1
                        ));
                    }
                    times[index].push(ms);
                    if engine == Engine::Dancing {
                        ours_ms = Some(ms);
                    } else {
                        peer_ms = Some(peer_ms.map_or(ms, |fastest| fastest.min(ms)));
                    }
                }
                Err(reason) => counts[index].1 = Err(reason),
            }
        }
        if let (Some(ours_ms), Some(peer_ms)) = (ours_ms, peer_ms) {
            round_ratios.push(ours_ms / peer_ms);
        }
    }
    round_ratios.sort_by(f64::total_cmp);
    let engines: Vec<(Engine, Timed)> = counts
        .iter()
        .zip(&times)
        .map(|((engine, count), times)| {
            let timed = count.clone().and_then(|c| {
                median(times)
                    .map(|ms| (c, ms))
                    .ok_or_else(|| NotApplicable("not timed".to_owned()))
            });
            (*engine, timed)
        })
        .collect();
    let mut failures = xcc::disagreements(&problem, &counts);
    failures.append(&mut unsteady);
    if let Some(nodes) = problem.expected_nodes
        && ours.nodes != nodes
    {
        failures.push(format!(
            "{}: {} nodes, DLX2/DLX3 have {nodes}",
            problem.name, ours.nodes
        ));
    }
    let shown: Vec<String> = engines
        .iter()
        .map(|(e, r)| match r {
            Ok((_, ms)) => format!("{e} {ms:.3} ms"),
            Err(_) => format!("{e} n/a"),
        })
        .collect();
    eprintln!("  {}: {}", problem.name, shown.join(", "));
    XccRun {
        problem,
        ours,
        engines,
        round_ratios,
        failures,
    }
}

fn xcc_table(runs: &[XccRun]) -> String {
    let mut out = String::from(
        "| problem | kind | solutions | nodes | ours ms | dlx crate ms | exact-covers DlSolver ms | exact-covers DcSolver ms | fastest peer | ours / fastest peer | rounds' range |\n\
         |---|---|---:|---:|---:|---:|---:|---:|---|---:|---:|\n",
    );
    for run in runs {
        let cell = |engine: Engine| match run.engines.iter().find(|(e, _)| *e == engine) {
            Some((_, Ok((_, ms)))) => significant(*ms),
            Some((_, Err(_))) | None => "n/a".to_owned(),
        };
        let (fastest, ratio) = match (run.fastest_peer(), run.ratio()) {
            (Some((engine, _)), Some(ratio)) => (engine.name().to_owned(), format!("{ratio:.2}")),
            _ => ("—".to_owned(), "—".to_owned()),
        };
        let range = run.ratio_range().map_or("—".to_owned(), |(low, high)| {
            format!("{low:.2}–{high:.2}")
        });
        writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {fastest} | {ratio} | {range} |",
            run.problem.name,
            run.problem.what,
            thousands(run.ours.solutions),
            thousands(run.ours.nodes),
            cell(Engine::Dancing),
            cell(Engine::DlxCrate),
            cell(Engine::ExactCoversDl),
            cell(Engine::ExactCoversDc),
        )
        .unwrap();
    }
    // Why an engine shows n/a, once per distinct reason.
    let mut reasons: Vec<String> = Vec::new();
    for run in runs {
        for (engine, result) in &run.engines {
            if let Err(reason) = result {
                let line = format!("{engine}: {reason}");
                if !reasons.contains(&line) {
                    reasons.push(line);
                }
            }
        }
    }
    if !reasons.is_empty() {
        out.push_str("\nn/a: ");
        out.push_str(&reasons.join("; "));
        out.push_str(".\n");
    }
    out
}

/// The goal of issue 12 on colored and bounded problems.
fn xcc_goal(runs: &[XccRun]) -> String {
    let ratios: Vec<(f64, &str)> = runs
        .iter()
        .filter_map(|r| r.ratio().map(|x| (x, r.problem.name.as_str())))
        .collect();
    let Some(&(worst, name)) = ratios.iter().max_by(|a, b| a.0.total_cmp(&b.0)) else {
        return String::new();
    };
    let above = ratios.iter().filter(|(r, _)| *r > 0.6).count();
    format!(
        "| engine ≤ 0.6 × the fastest peer's time on each colored or bounded benchmark | worst {worst:.2} × ({name}); {above} of {} above 0.6 | {} |\n",
        ratios.len(),
        if above == 0 { "yes" } else { "**no**" }
    )
}

/// The speed goals of issue 5 that this command measures.
fn goals(measured: &[Measured], cover_runs: &[CoverRun]) -> String {
    let mut out = String::from("| goal | measured | met |\n|---|---|---|\n");
    let find = |name: &str, sampled: bool, kind: SolverKind| {
        measured
            .iter()
            .find(|m| {
                m.block.set.name.trim_end_matches("/sample") == name
                    && m.block.set.sampled == sampled
                    && m.run_of(kind).is_some()
            })
            .map(|m| (m.block.label(), m))
    };
    let verdict = |met: bool| if met { "yes" } else { "**no**" };
    for set in ["17_clue", "forum_hardest_1905_11plus"] {
        let goal = format!("dlx ≤ 3.0 × the sudoku crate's time on {set}");
        match find(set, false, SolverKind::SudokuCrate) {
            Some((label, m)) => {
                let dlx = m.dlx_micros().unwrap_or(f64::NAN);
                let theirs = m
                    .run_of(SolverKind::SudokuCrate)
                    .map_or(f64::NAN, Run::micros_per_puzzle);
                let ratio = dlx / theirs;
                writeln!(
                    out,
                    "| {goal} | {ratio:.2} × ({} vs {} µs/puzzle, {label}) | {} |",
                    significant(dlx),
                    significant(theirs),
                    verdict(ratio <= 3.0)
                )
                .unwrap();
            }
            None => writeln!(out, "| {goal} | set not loaded | — |").unwrap(),
        }
    }
    for set in ["magictour_top1465", "forum_hardest_1905_11plus"] {
        let goal = format!("dlx faster than every seed DFS solver on {set}");
        let block = find(set, false, SolverKind::Ours(dancing_sudoku::Engine::Naive))
            .or_else(|| find(set, true, SolverKind::Ours(dancing_sudoku::Engine::Naive)));
        match block {
            Some((label, m)) => {
                let dlx = m.dlx_micros().unwrap_or(f64::NAN);
                let (fastest, micros) = m
                    .up_to_2
                    .iter()
                    .filter(|r| matches!(r.kind, SolverKind::Ours(e) if e != dancing_sudoku::Engine::Dlx))
                    .map(|r| (r.kind, r.micros_per_puzzle()))
                    .fold((SolverKind::DLX, f64::INFINITY), |best, r| {
                        if r.1 < best.1 { r } else { best }
                    });
                writeln!(
                    out,
                    "| {goal} | dlx {} µs, fastest DFS {fastest} {} µs per puzzle ({label}) | {} |",
                    significant(dlx),
                    significant(micros),
                    verdict(dlx < micros)
                )
                .unwrap();
            }
            None => writeln!(out, "| {goal} | set not loaded | — |").unwrap(),
        }
    }
    if !cover_runs.is_empty() {
        let worst = cover_runs
            .iter()
            .map(|r| (r.ours_ms / r.theirs_ms, &r.problem.name))
            .fold((0.0f64, None), |best, (ratio, name)| {
                if ratio > best.0 {
                    (ratio, Some(name))
                } else {
                    best
                }
            });
        let above = cover_runs
            .iter()
            .filter(|r| r.ours_ms / r.theirs_ms > 0.6)
            .count();
        writeln!(
            out,
            "| engine ≤ 0.6 × the dlx crate's time on each exact-cover benchmark | worst {:.2} × ({}); {above} of {} above 0.6 | {} |",
            worst.0,
            worst.1.map_or("—", |n| n.as_str()),
            cover_runs.len(),
            verdict(above == 0)
        )
        .unwrap();
    }
    out.push_str(
        "| no heap allocation per puzzle in the steady state | not measured by this command (see the valgrind notes) | — |\n",
    );
    out
}

fn chart_panels(measured: &[Measured], cover_runs: &[CoverRun]) -> Vec<Panel> {
    let series = |kind: SolverKind| SolverKind::ALL.iter().position(|&k| k == kind).unwrap_or(0);
    let mut panels = Vec::new();
    if !measured.is_empty() {
        panels.push(Panel {
            title: "Sudoku: time per puzzle, up to 2 solutions (parse + build + solve)".into(),
            unit: "µs".into(),
            groups: measured
                .iter()
                .map(|m| Group {
                    label: m.block.label(),
                    bars: m
                        .up_to_2
                        .iter()
                        .map(|r| Bar {
                            label: r.kind.name().to_owned(),
                            value: r.micros_per_puzzle(),
                            series: series(r.kind),
                        })
                        .collect(),
                })
                .collect(),
        });
    }
    if !cover_runs.is_empty() {
        panels.push(Panel {
            title: "Exact cover: time to count every solution (build + search)".into(),
            unit: "ms".into(),
            groups: cover_runs
                .iter()
                .map(|r| Group {
                    label: r.problem.name.clone(),
                    bars: vec![
                        Bar {
                            label: "dancing (ours)".into(),
                            value: r.ours_ms,
                            series: 0,
                        },
                        Bar {
                            label: "dlx crate 0.8.5".into(),
                            value: r.theirs_ms,
                            series: 5,
                        },
                    ],
                })
                .collect(),
        });
    }
    panels
}

/// Rounds of the generators, and puzzles each per round (fewer when quick).
const GENERATOR_ROUNDS: (usize, usize) = (20, 300);

/// 16x16 and 25x25: Dancing Links beside the bitmask search on the
/// generated sets, every puzzle proved unique; then our generator beside
/// the `sudoku` crate's in alternating rounds. Returns the Markdown.
fn measure_sizes(quick: bool, min_time: Duration, failures: &mut Vec<String>) -> String {
    let mut out = String::from(
        "\n## Sudoku beyond 9x9: milliseconds per puzzle, up to 2 solutions\n\n\
         Generated sets (made before timing): minimal 16x16 puzzles, and 25x25 puzzles with clues taken away while unique down to half the cells. \
         Each engine proves every puzzle unique; a count other than one a puzzle fails the report.\n\n\
         | set | puzzles | dlx ms | bitmask ms | bitmask / dlx |\n|---|---:|---:|---:|---:|\n",
    );
    let mut dlx_faster = true;
    for set in &SIZE_SETS {
        eprintln!("generating the {} set (seed {})...", set.name, set.seed);
        let puzzles = set.puzzles();
        let mut times = Vec::new();
        for engine in [SudokuEngine::Dlx, SudokuEngine::Bitmask] {
            let mut solver = SudokuSolver::new(engine);
            let mut solution = Grid::new(puzzles[0].shape());
            let (found, ms) =
                time_count(min_time, || prove_all(&mut solver, &puzzles, &mut solution));
            if found != puzzles.len() as u64 {
                failures.push(format!(
                    "{}: {engine} found {found} solutions in {} unique puzzles",
                    set.name,
                    puzzles.len()
                ));
            }
            times.push(ms / puzzles.len() as f64);
        }
        dlx_faster &= times[0] < times[1];
        writeln!(
            out,
            "| {} | {} | {} | {} | {:.2} |",
            set.name,
            puzzles.len(),
            significant(times[0]),
            significant(times[1]),
            times[1] / times[0]
        )
        .unwrap();
    }
    let (rounds, per_round) = if quick { (3, 30) } else { GENERATOR_ROUNDS };
    eprintln!("generators: {rounds} alternating rounds of {per_round} puzzles each...");
    let measured = GeneratorRounds::run(rounds, per_round);
    let (ours, peer, ratio) = measured.medians();
    write!(
        out,
        "\n## Generator: minimal unique 9x9 puzzles\n\n\
         Our `Generator::minimal_puzzle_of` and the `sudoku` crate's `Sudoku::generate` (minimal too), {rounds} rounds of {per_round} puzzles each, alternating; medians.\n\n\
         | generator | µs per puzzle |\n|---|---:|\n| ours | {} |\n| sudoku crate | {} |\n| ours / crate, median of the rounds' ratios | {ratio:.2} |\n",
        significant(ours),
        significant(peer),
    )
    .unwrap();
    let met = |yes: bool| if yes { "yes" } else { "**no**" };
    write!(
        out,
        "\nGoals: dlx faster than bitmask on both sizes: {}; our generator at least as fast as the crate's (median ratio at most 1): {}.\n",
        met(dlx_faster),
        met(ratio <= 1.0)
    )
    .unwrap();
    out
}

fn main() -> ExitCode {
    let options = match parse_args() {
        Ok(options) => options,
        Err(message) => {
            if message.is_empty() {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            eprintln!("report: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let cpu = cpu();
    let load_start = load_average();
    let started = Instant::now();
    let mut failures = Vec::new();

    // Sudoku.
    let mut measured = Vec::new();
    let mut data_note = String::new();
    if options.sudoku {
        let mut sets = Vec::new();
        match data::data_dir() {
            Some(dir) => {
                sets = data::public_sets(&dir);
                let names: Vec<String> = sets
                    .iter()
                    .map(|s| format!("{} ({})", s.name, thousands(s.puzzles.len() as u64)))
                    .collect();
                data_note = format!(
                    "public sets from `{DATA_ENV}` = `{}`: {}; ",
                    dir.display(),
                    if names.is_empty() {
                        "none found".to_owned()
                    } else {
                        names.join(", ")
                    }
                );
            }
            None => data_note = format!("`{DATA_ENV}` not set, no public set; "),
        }
        eprintln!("generating {GENERATED_COUNT} puzzles (seed {GENERATED_SEED})...");
        sets.extend(data::fallback_sets());
        write!(
            data_note,
            "generated_{GENERATED_SEED}: {} minimal puzzles with a unique solution from the project's generator, seed {GENERATED_SEED}; seed_samples: the 6 sample puzzles of the seed problems",
            thousands(GENERATED_COUNT as u64)
        )
        .unwrap();
        for set in &sets {
            let (full_limit, sample_size) = if options.quick {
                (100, plan::report_sample_size(&set.name).min(50) / 5)
            } else {
                (FULL_LIMIT, plan::report_sample_size(&set.name))
            };
            for block in plan::report_blocks(set, full_limit, sample_size) {
                let m = measure_block(block, options.min_time);
                failures.extend(m.failures());
                measured.push(m);
            }
        }
    }

    // Exact cover.
    let mut cover_runs = Vec::new();
    if options.cover {
        match cover::all_problems(!options.quick) {
            Ok(problems) => {
                for problem in problems {
                    let run = measure_cover(problem, options.min_time);
                    failures.extend(run.failures.iter().cloned());
                    cover_runs.push(run);
                }
            }
            Err(error) => failures.push(format!(
                "cannot read {}: {error}",
                cover::engine_data_dir().display()
            )),
        }
    }

    // Colors and multiplicities.
    let mut xcc_runs = Vec::new();
    if options.xcc {
        for problem in xcc::problems()
            .into_iter()
            .filter(|p| p.name.contains(&options.xcc_filter))
        {
            let run = measure_xcc(problem, options.min_time);
            failures.extend(run.failures.iter().cloned());
            xcc_runs.push(run);
        }
    }

    // Sudoku beyond 9x9, and the generators.
    let mut sizes_section = String::new();
    if options.sizes {
        sizes_section = measure_sizes(options.quick, options.min_time, &mut failures);
    }

    let load_end = load_average();
    let rustc = rustc_version();
    let mut out = String::new();
    out.push_str("# Benchmark report\n\n");
    writeln!(out, "- CPU: {cpu}; one core used").unwrap();
    writeln!(
        out,
        "- Load average (1, 5, 15 min): {load_start} at the start, {load_end} at the end; {:.0} s in all",
        started.elapsed().as_secs_f64()
    )
    .unwrap();
    writeln!(
        out,
        "- Build: {} profile; rustc on the PATH: {rustc}",
        if cfg!(debug_assertions) {
            "**debug** (not meaningful)"
        } else {
            "optimized"
        }
    )
    .unwrap();
    if options.sudoku {
        writeln!(out, "- Data: {data_note}").unwrap();
        writeln!(
            out,
            "- Method: per puzzle, parse the 81-character line, build, and solve asking for up to 2 solutions (so each run also proves uniqueness); the files are read before any timing. Each solver runs every puzzle of a block once, timed per puzzle, and every solution is checked; a block that took less than {:.1} s is timed again in whole passes for at least that long. Sets larger than {} puzzles are run whole by dlx and the sudoku crate only; every solver runs a fixed sample of them (the first puzzles of a SplitMix64 shuffle, seed {SAMPLE_SEED}, kept in file order: {} of 17_clue, {} of other sets). Ratios compare solvers on the same puzzles. Nodes: 1 + digits placed (depth-first) or options chosen (dlx); the sudoku crate does not expose its guesses.",
            options.min_time.as_secs_f64(),
            thousands(FULL_LIMIT as u64),
            plan::report_sample_size("17_clue"),
            thousands(plan::report_sample_size("") as u64),
        )
        .unwrap();
        if options.quick {
            out.push_str("- **Quick run**: smaller samples than the method above says.\n");
        }
        out.push_str("\n## Sudoku: microseconds per puzzle, up to 2 solutions\n\n");
        out.push_str(&sudoku_summary(&measured));
        out.push_str("\n## Sudoku: every measurement\n\n");
        out.push_str(&sudoku_table(&measured));
        out.push_str("\nSolvers: ");
        let descriptions: Vec<String> = SolverKind::ALL
            .iter()
            .map(|k| format!("`{k}` ({})", k.description()))
            .collect();
        out.push_str(&descriptions.join("; "));
        out.push_str(".\n");
    }
    if options.cover {
        out.push_str(
            "\n## Exact cover: counting every solution\n\n\
             Knuth's text is parsed before timing; building the matrix and the search are timed, for both engines. \
             The files are the engine's reference files (crates/dancing/tests/data) without colors; the generated problems are laid out like them.\n\n",
        );
        out.push_str(&cover_table(&cover_runs));
    }
    if options.xcc {
        out.push_str(
            "\n## Colors and multiplicities: counting every solution\n\n\
             Each engine builds its matrix from the problem's numbers (translated before timing) and counts every solution; build and search are timed. \
             The engines take turns: in each of 5 rounds every engine is timed once (a fifth of the minimum time, at least one count), starting with a different engine each round; a time is the median of an engine's rounds, and the ratio the median of the rounds' ratios of ours to the fastest peer's, with their range. \
             Our engine runs Algorithm C (colors) or M (bounds); the dlx crate 0.8.5 its `c` or `m` module with Knuth's item choice; exact-covers 0.3.0 its two Algorithm C solvers, which take no bounds. \
             Every count is checked against ours and the known one.\n\n",
        );
        out.push_str(&xcc_table(&xcc_runs));
    }
    out.push_str(&sizes_section);
    out.push_str("\n## Speed goals\n\n");
    out.push_str(&goals(&measured, &cover_runs));
    out.push_str(&xcc_goal(&xcc_runs));
    out.push_str("\n## Checks\n\n");
    if failures.is_empty() {
        let runs: usize = measured
            .iter()
            .map(|m| m.up_to_2.len() + m.first.len())
            .sum();
        writeln!(
            out,
            "All {runs} Sudoku runs: every solution valid, every puzzle exactly one solution, all solvers agree. All {} exact-cover problems: both engines agree with the known counts. All {} colored or bounded problems: every engine that runs them agrees with ours and the known counts.",
            cover_runs.len(),
            xcc_runs.len()
        )
        .unwrap();
    } else {
        writeln!(out, "**{} checks failed:**\n", failures.len()).unwrap();
        for failure in failures.iter().take(50) {
            writeln!(out, "- {failure}").unwrap();
        }
    }

    let panels = chart_panels(&measured, &cover_runs);
    let caption = format!("{cpu}; one core; {rustc}; load average {load_start} at the start");
    let svg = chart::svg("dancing: benchmark report", &caption, &panels);
    if let Some(parent) = options.svg.parent().filter(|p| !p.as_os_str().is_empty()) {
        let _ = std::fs::create_dir_all(parent);
    }
    match std::fs::write(&options.svg, svg) {
        Ok(()) => writeln!(out, "\nChart: `{}`.", options.svg.display()).unwrap(),
        Err(error) => {
            eprintln!("report: cannot write {}: {error}", options.svg.display());
            failures.push("chart not written".to_owned());
        }
    }
    print!("{out}");
    if failures.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
