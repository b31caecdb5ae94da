//! Random cross-checks of the `dlx` binary against brute force (issue 36):
//! small random exact-cover problems (plain, with colors, with bounds on
//! primary items) whose every solution [`brute::exact_covers`] finds, and
//! small Sudoku puzzles counted by a backtracking search written here, run
//! through the command line's paths: `dlx solve` on 1, 2 and 3 threads,
//! with `--seed`, `--count` with and without `--memo`, `dlx reduce` then a
//! count, and `dlx split`, `dlx solve --tasks` and `dlx merge`; costed
//! problems through `dlx solve --best` (and `dlx verify` of its listing,
//! `dlx reduce`, tasks); and budgets with reruns (tasks stopped by
//! `--max-nodes`, `dlx merge --rerun` round after round). Every solution
//! printed is compared, not only the counts and costs.
//!
//! ```text
//! crosscheck --dlx target/release/dlx [--seed S] [--size N] [--work DIR]
//! ```
//!
//! `--size N` checks N problems of each kind and N puzzles of each Sudoku
//! shape. The data are generated from the seed, never read. On the first
//! disagreement it prints the input that reproduces it and exits 1.

mod costs;
mod harness;
mod problems;
mod rounds;
mod sudoku;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::{Command, ExitCode};

use dancing::random::SplitMix64;

use costs::{check_costed, costed_case};
use harness::{Failure, Rng};
use problems::{Kind, check_problem, random_case};
use rounds::check_rounds;
use sudoku::{check_puzzle, random_puzzle};

struct Options {
    dlx: PathBuf,
    seed: u64,
    size: usize,
    work: Option<PathBuf>,
}

fn options() -> Result<Options, String> {
    let mut options = Options {
        dlx: PathBuf::from("target/release/dlx"),
        seed: 1,
        size: 100,
        work: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--dlx" => options.dlx = PathBuf::from(value()?),
            "--seed" => options.seed = value()?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--size" => options.size = value()?.parse().map_err(|e| format!("--size: {e}"))?,
            "--work" => options.work = Some(PathBuf::from(value()?)),
            "-h" | "--help" => {
                return Err(
                    "usage: crosscheck [--dlx PATH] [--seed S] [--size N] [--work DIR]".into(),
                );
            }
            other => return Err(format!("unknown argument {other}")),
        }
    }
    Ok(options)
}

fn main() -> ExitCode {
    let options = match options() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("crosscheck: {message}");
            return ExitCode::from(2);
        }
    };
    // A binary that does not run is a setup error, not a disagreement.
    let version = Command::new(&options.dlx).arg("--version").output();
    if !version.is_ok_and(|output| output.status.success()) {
        eprintln!("crosscheck: cannot run {} --version", options.dlx.display());
        return ExitCode::from(2);
    }
    let scratch = std::env::temp_dir().join(format!("crosscheck-{}", std::process::id()));
    let work = options.work.clone().unwrap_or(scratch);
    if let Err(error) = std::fs::create_dir_all(&work) {
        eprintln!("crosscheck: cannot make {}: {error}", work.display());
        return ExitCode::from(2);
    }
    let started = std::time::Instant::now();
    let mut rng = Rng(SplitMix64::new(options.seed));
    let mut tally: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut outcome = Ok(());
    'cases: for k in 0..options.size {
        for kind in [Kind::Plain, Kind::Colored, Kind::Bounded] {
            let case = random_case(&mut rng, kind);
            let seed = rng.next() % 1000;
            match check_problem(&options.dlx, &work, &case, seed) {
                Ok(checks) => {
                    let entry = tally.entry(format!("{kind:?} problems")).or_default();
                    entry.0 += 1;
                    entry.1 += checks;
                }
                Err(failure) => {
                    outcome = Err((format!("{kind:?} problem {k}"), failure));
                    break 'cases;
                }
            }
        }
        for kind in [Kind::Plain, Kind::Colored] {
            let (case, costs) = costed_case(&mut rng, kind);
            match check_costed(&options.dlx, &work, &case, &costs) {
                Ok(checks) => {
                    let entry = tally
                        .entry(format!("{kind:?} costed problems"))
                        .or_default();
                    entry.0 += 1;
                    entry.1 += checks;
                }
                Err(failure) => {
                    outcome = Err((format!("{kind:?} costed problem {k}"), failure));
                    break 'cases;
                }
            }
        }
        let kind = [Kind::Plain, Kind::Colored, Kind::Bounded][k % 3];
        let case = random_case(&mut rng, kind);
        match check_rounds(&options.dlx, &work, &case, &mut rng) {
            Ok(checks) => {
                let entry = tally.entry("budgets with reruns".to_owned()).or_default();
                entry.0 += 1;
                entry.1 += checks;
            }
            Err(failure) => {
                outcome = Err((
                    format!("{kind:?} problem {k} with budgets and reruns"),
                    failure,
                ));
                break 'cases;
            }
        }
        for (rows, cols) in [(2, 2), (2, 3)] {
            let mut puzzle = random_puzzle(&mut rng, rows, cols);
            match check_puzzle(&options.dlx, &work, &mut puzzle) {
                Ok(checks) => {
                    let entry = tally
                        .entry(format!("{}x{} Sudoku", rows * cols, rows * cols))
                        .or_default();
                    entry.0 += 1;
                    entry.1 += checks;
                }
                Err(failure) => {
                    outcome = Err((format!("Sudoku puzzle {k} ({rows}x{cols} boxes)"), failure));
                    break 'cases;
                }
            }
        }
    }
    if options.work.is_none() {
        let _ = std::fs::remove_dir_all(&work);
    }
    let cases: usize = tally.values().map(|(cases, _)| cases).sum();
    let checks: usize = tally.values().map(|(_, checks)| checks).sum();
    for (what, (cases, checks)) in &tally {
        println!("{what}: {cases} ({checks} runs compared)");
    }
    match outcome {
        Ok(()) => {
            println!(
                "crosscheck: seed {}, size {}: {cases} cases, {checks} runs of dlx agree with brute force ({:.1}s)",
                options.seed,
                options.size,
                started.elapsed().as_secs_f64()
            );
            ExitCode::SUCCESS
        }
        Err((which, Failure(message))) => {
            eprintln!(
                "crosscheck: DISAGREEMENT on {which} (seed {}, size {}), after {cases} cases agreed:\n{message}",
                options.seed, options.size
            );
            ExitCode::FAILURE
        }
    }
}
