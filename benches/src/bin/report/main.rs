//! The benchmark report: every solver on every set once, outside criterion's
//! statistics, printed as Markdown tables, with an SVG chart.
//!
//! ```text
//! DANCING_BENCH_DATA=/path/to/sets cargo run --release -p dancing-benches --bin report -- --svg docs/src/benchmarks.svg
//! ```
//!
//! Every solution is checked and every solver's counts must agree; the
//! command exits with status 1 if any check fails.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use dancing_benches::SolverKind;
use dancing_benches::chart::{self, thousands};
use dancing_benches::cover::{self};
use dancing_benches::data::{self, DATA_ENV, GENERATED_COUNT, GENERATED_SEED, SAMPLE_SEED};
use dancing_benches::plan::{self, FULL_LIMIT};
use dancing_benches::xcc::{self};

mod runs;
mod tables;

use runs::{measure_block, measure_cover, measure_sizes, measure_xcc};
use tables::{
    chart_panels, cover_table, goals, sizes_table, sudoku_summary, sudoku_table, xcc_goal,
    xcc_table,
};

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
        sizes_section = sizes_table(&measure_sizes(
            options.quick,
            options.min_time,
            &mut failures,
        ));
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
