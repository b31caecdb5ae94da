//! Random cross-checks of the `dlx` binary against brute force (issue 36):
//! small random exact-cover problems (plain, with colors, with bounds on
//! primary items) whose every solution [`brute::exact_covers`] finds, and
//! small Sudoku puzzles counted by a backtracking search written here, run
//! through the command line's paths: `dlx solve` on 1, 2 and 3 threads,
//! with `--seed`, `--count` with and without `--memo`, `dlx reduce` then a
//! count, and `dlx split`, `dlx solve --tasks` and `dlx merge`. Every
//! solution printed is compared, not only the counts.
//!
//! ```text
//! crosscheck --dlx target/release/dlx [--seed S] [--size N] [--work DIR]
//! ```
//!
//! `--size N` checks N problems of each kind and N puzzles of each Sudoku
//! shape. The data are generated from the seed, never read. On the first
//! disagreement it prints the input that reproduces it and exits 1.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use dancing::random::SplitMix64;
use dancing_testkit::brute;

/// The cases' generator, the workspace's seeded one: the same seed, the
/// same cases.
struct Rng(SplitMix64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A number in `0..n`.
    fn below(&mut self, n: usize) -> usize {
        self.0.below_by_remainder(n)
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// The kinds of exact-cover problems checked.
#[derive(Clone, Copy, Debug)]
enum Kind {
    Plain,
    Colored,
    Bounded,
}

/// A problem as text, with its options as written (item tokens, `s0:c1`
/// for a colored entry).
struct Case {
    text: String,
    options: Vec<Vec<String>>,
}

/// A solution as comparable text: each option's tokens sorted, the options
/// sorted.
type Signature = Vec<Vec<String>>;

fn signature(mut options: Vec<Vec<String>>) -> Signature {
    for option in &mut options {
        option.sort();
    }
    options.sort();
    options
}

/// A random problem of `kind`: 1 to 5 primary items, 0 to 3 secondary
/// ones, up to 12 options of 1 to 4 entries, and half of the time a
/// planted solution, so that many cases have solutions.
fn random_case(rng: &mut Rng, kind: Kind) -> Case {
    let primary = 1 + rng.below(5);
    let secondary = rng.below(4);
    let items = primary + secondary;
    let colors = ["a", "b", "c"];
    let name = |item: usize| {
        if item < primary {
            format!("p{item}")
        } else {
            format!("s{}", item - primary)
        }
    };
    let token = |rng: &mut Rng, item: usize| {
        if item >= primary && matches!(kind, Kind::Colored) && rng.chance(70) {
            format!("{}:{}", name(item), colors[rng.below(colors.len())])
        } else {
            name(item)
        }
    };
    let mut options: Vec<Vec<String>> = Vec::new();
    if rng.chance(50) {
        // A planted solution: the primary items dealt into parts.
        let parts = 1 + rng.below(primary);
        let mut planted: Vec<Vec<usize>> = vec![Vec::new(); parts];
        for item in 0..primary {
            planted[rng.below(parts)].push(item);
        }
        for part in planted.into_iter().filter(|part| !part.is_empty()) {
            let mut option: Vec<String> = part.iter().map(|&item| name(item)).collect();
            if secondary > 0 && rng.chance(50) {
                let item = primary + rng.below(secondary);
                option.push(token(rng, item));
            }
            options.push(option);
        }
    }
    for _ in 0..rng.below(9) {
        let mut chosen: Vec<usize> = (0..items).collect();
        let size = 1 + rng.below(items.min(4));
        for k in 0..size {
            let other = k + rng.below(items - k);
            chosen.swap(k, other);
        }
        chosen.truncate(size);
        chosen.sort();
        options.push(chosen.iter().map(|&item| token(rng, item)).collect());
    }
    let mut header = String::new();
    for item in 0..primary {
        if matches!(kind, Kind::Bounded) && rng.chance(60) {
            let upper = 1 + rng.below(3);
            let lower = rng.below(upper + 1);
            let _ = write!(header, "{lower}:{upper}|");
        }
        let _ = write!(header, "{} ", name(item));
    }
    if secondary > 0 {
        header.push('|');
        for item in primary..items {
            let _ = write!(header, " {}", name(item));
        }
    }
    let mut text = format!("| crosscheck {kind:?}\n{}\n", header.trim_end());
    for option in &options {
        text.push_str(&option.join(" "));
        text.push('\n');
    }
    Case { text, options }
}

/// Where a disagreement is reported from: the input and what differed.
struct Failure(String);

type Checked = Result<(), Failure>;

fn fail(case: &str, what: String) -> Failure {
    Failure(format!("{what}\n--- input ---\n{case}-------------"))
}

/// Runs `dlx` with `args`; its standard output, or a failure that says how
/// it ended.
fn run(dlx: &Path, args: &[&str], stdin: Option<&Path>, case: &str) -> Result<String, Failure> {
    let mut command = Command::new(dlx);
    command.args(args);
    if let Some(path) = stdin {
        let file = std::fs::File::open(path).map_err(|e| fail(case, format!("{e}")))?;
        command.stdin(file);
    }
    let output = command
        .output()
        .map_err(|e| fail(case, format!("cannot run {}: {e}", dlx.display())))?;
    // 0: found some; 1: none. Anything else is a failure here.
    if !matches!(output.status.code(), Some(0 | 1)) {
        return Err(fail(
            case,
            format!(
                "`dlx {}` ended with {}: {}",
                args.join(" "),
                output.status,
                String::from_utf8_lossy(&output.stderr)
            ),
        ));
    }
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}

/// The solutions of `dlx solve --json`: the `options` array of each
/// `solution` record (lists of item tokens).
fn json_solutions(output: &str) -> Result<Vec<Signature>, String> {
    let mut solutions = Vec::new();
    for line in output
        .lines()
        .filter(|l| l.contains("\"type\":\"solution\""))
    {
        let at = line
            .find("\"options\":")
            .ok_or_else(|| format!("no options in {line}"))?;
        let mut options = Vec::new();
        let mut option: Option<Vec<String>> = None;
        let mut depth = 0;
        let mut chars = line[at + "\"options\":".len()..].chars();
        while let Some(c) = chars.next() {
            match c {
                '[' => {
                    depth += 1;
                    if depth == 2 {
                        option = Some(Vec::new());
                    }
                }
                ']' => {
                    depth -= 1;
                    if depth == 1 {
                        options.extend(option.take());
                    }
                    if depth == 0 {
                        break;
                    }
                }
                '"' => {
                    let token: String = chars.by_ref().take_while(|&c| c != '"').collect();
                    option
                        .as_mut()
                        .ok_or_else(|| format!("a token outside an option in {line}"))?
                        .push(token);
                }
                _ => {}
            }
        }
        solutions.push(signature(options));
    }
    solutions.sort();
    Ok(solutions)
}

/// The solutions of the text output (`dlx merge --solutions`): an option a
/// line, a blank line between solutions, a `|` line for the empty one.
fn text_solutions(output: &str) -> Vec<Signature> {
    let mut solutions: Vec<Signature> = output
        .split("\n\n")
        .filter(|block| !block.trim().is_empty())
        .map(|block| {
            let options = block
                .lines()
                .filter(|line| !line.starts_with('|') && !line.trim().is_empty())
                .map(|line| line.split_whitespace().map(str::to_owned).collect())
                .collect();
            signature(options)
        })
        .collect();
    solutions.sort();
    solutions
}

/// The brute-force solutions of `case`, as signatures.
fn brute_solutions(case: &Case) -> Result<Vec<Signature>, Failure> {
    let problem = dancing::format::read_str(&case.text)
        .map_err(|e| {
            fail(
                &case.text,
                format!("the generator wrote a bad problem: {e}"),
            )
        })?
        .problem;
    let mut solutions: Vec<Signature> = brute::exact_covers(&problem)
        .into_iter()
        .map(|options| {
            signature(
                options
                    .iter()
                    .map(|option| case.options[option.index()].clone())
                    .collect(),
            )
        })
        .collect();
    solutions.sort();
    Ok(solutions)
}

/// One problem through every path of the command line.
fn check_problem(dlx: &Path, work: &Path, case: &Case, seed: u64) -> Result<usize, Failure> {
    let text = &case.text;
    let file = work.join("case.dlx");
    std::fs::write(&file, text).map_err(|e| fail(text, e.to_string()))?;
    let path = file.to_str().expect("a UTF-8 path");
    let expected = brute_solutions(case)?;
    let count = expected.len().to_string();
    let mut checks = 0;
    let same = |what: &str, got: &[Signature]| -> Checked {
        if got == expected {
            Ok(())
        } else {
            Err(fail(
                text,
                format!("{what}: {got:?}\n  brute force: {expected:?}"),
            ))
        }
    };
    let seed_text = seed.to_string();
    for threads in ["1", "2", "3"] {
        let solved = run(
            dlx,
            &["solve", "--json", "-q", "-j", threads, path],
            None,
            text,
        )?;
        same(
            &format!("dlx solve -j {threads}"),
            &json_solutions(&solved).map_err(|e| fail(text, e))?,
        )?;
        let shuffled = run(
            dlx,
            &[
                "solve", "--json", "-q", "-j", threads, "--seed", &seed_text, path,
            ],
            None,
            text,
        )?;
        same(
            &format!("dlx solve -j {threads} --seed {seed}"),
            &json_solutions(&shuffled).map_err(|e| fail(text, e))?,
        )?;
        for memo in [false, true] {
            let mut args = vec!["solve", "--count", "-q", "-j", threads];
            if memo {
                args.push("--memo");
            }
            args.push(path);
            let counted = run(dlx, &args, None, text)?;
            if counted.trim() != count {
                return Err(fail(
                    text,
                    format!(
                        "`dlx {}` counted {}, brute force {count}",
                        args.join(" "),
                        counted.trim()
                    ),
                ));
            }
        }
        checks += 4;
    }
    // Reduced, the count stays (its names may change: merged items).
    let reduced = run(dlx, &["reduce", path], None, text)?;
    let reduced_file = work.join("reduced.dlx");
    std::fs::write(&reduced_file, &reduced).map_err(|e| fail(text, e.to_string()))?;
    let counted = run(
        dlx,
        &[
            "solve",
            "--count",
            "-q",
            reduced_file.to_str().expect("UTF-8"),
        ],
        None,
        text,
    )?;
    if counted.trim() != count {
        return Err(fail(
            text,
            format!(
                "dlx reduce, then a count: {}, brute force {count}\n--- reduced ---\n{reduced}",
                counted.trim()
            ),
        ));
    }
    checks += 1;
    // Split into tasks, each run, merged: the solutions of the whole.
    for tasks in ["1", "3", "8"] {
        let split = run(dlx, &["split", path, "--tasks", tasks], None, text)?;
        let tasks_file = work.join("case.tasks");
        std::fs::write(&tasks_file, &split).map_err(|e| fail(text, e.to_string()))?;
        let tasks_path = tasks_file.to_str().expect("UTF-8");
        let results = run(
            dlx,
            &["solve", "-q", "-j", "2", path, "--tasks", tasks_path],
            None,
            text,
        )?;
        let results_file = work.join("case.results");
        std::fs::write(&results_file, &results).map_err(|e| fail(text, e.to_string()))?;
        let results_path = results_file.to_str().expect("UTF-8");
        let merged = run(
            dlx,
            &["merge", "--solutions", "--tasks", tasks_path, results_path],
            None,
            text,
        )?;
        same(
            &format!("dlx split --tasks {tasks}, solve --tasks, merge --solutions"),
            &text_solutions(&merged),
        )?;
        let total = run(
            dlx,
            &["merge", "--tasks", tasks_path, results_path],
            None,
            text,
        )?;
        if total.trim() != count {
            return Err(fail(
                text,
                format!(
                    "dlx merge (of {tasks} tasks) says {}, brute force {count}",
                    total.trim()
                ),
            ));
        }
        checks += 2;
    }
    Ok(checks)
}

/// A small Sudoku: its side `n` (4 or 6), box `rows x cols`, and cells
/// (0 for empty).
struct Puzzle {
    rows: usize,
    cols: usize,
    cells: Vec<u8>,
}

impl Puzzle {
    fn n(&self) -> usize {
        self.rows * self.cols
    }

    fn line(&self) -> String {
        self.cells
            .iter()
            .map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) })
            .collect()
    }

    /// Whether `digit` may go in `cell` (its row, column and box free of it).
    fn allows(&self, cell: usize, digit: u8) -> bool {
        let n = self.n();
        let (row, col) = (cell / n, cell % n);
        let (top, left) = (row / self.rows * self.rows, col / self.cols * self.cols);
        (0..n).all(|k| {
            self.cells[row * n + k] != digit
                && self.cells[k * n + col] != digit
                && self.cells[(top + k / self.cols) * n + left + k % self.cols] != digit
        })
    }

    /// Whether the givens break no rule.
    fn consistent(&self) -> bool {
        let mut copy = Puzzle {
            rows: self.rows,
            cols: self.cols,
            cells: self.cells.clone(),
        };
        (0..self.cells.len()).all(|cell| {
            let digit = copy.cells[cell];
            copy.cells[cell] = 0;
            let ok = digit == 0 || copy.allows(cell, digit);
            copy.cells[cell] = digit;
            ok
        })
    }

    /// Every solution, by trying each digit in each empty cell in turn.
    fn solutions(&mut self, found: &mut Vec<Vec<u8>>) {
        let Some(cell) = self.cells.iter().position(|&d| d == 0) else {
            found.push(self.cells.clone());
            return;
        };
        for digit in 1..=self.n() as u8 {
            if self.allows(cell, digit) {
                self.cells[cell] = digit;
                self.solutions(found);
                self.cells[cell] = 0;
            }
        }
    }
}

/// A random puzzle of `rows x cols` boxes: a random grid (the solutions
/// of the empty grid, one picked) with random cells emptied, and now and
/// then a wrong given.
fn random_puzzle(rng: &mut Rng, rows: usize, cols: usize) -> Puzzle {
    let n = rows * cols;
    let mut puzzle = Puzzle {
        rows,
        cols,
        cells: vec![0; n * n],
    };
    // A full grid: a random fill, cell by cell, undone when stuck.
    fn fill(puzzle: &mut Puzzle, rng: &mut Rng, cell: usize) -> bool {
        if cell == puzzle.cells.len() {
            return true;
        }
        let n = puzzle.n();
        let start = rng.below(n);
        for k in 0..n {
            let digit = ((start + k) % n + 1) as u8;
            if puzzle.allows(cell, digit) {
                puzzle.cells[cell] = digit;
                if fill(puzzle, rng, cell + 1) {
                    return true;
                }
                puzzle.cells[cell] = 0;
            }
        }
        false
    }
    fill(&mut puzzle, rng, 0);
    let keep = if n == 4 {
        2 + rng.below(8)
    } else {
        14 + rng.below(12)
    };
    let percent = (keep * 100 / (n * n)) as u64;
    for cell in 0..n * n {
        if !rng.chance(percent) {
            puzzle.cells[cell] = 0;
        }
    }
    if rng.chance(10) {
        let cell = rng.below(n * n);
        puzzle.cells[cell] = 1 + rng.below(n) as u8;
    }
    puzzle
}

/// One puzzle through `dlx sudoku --count` and `dlx sudoku` (whose answer
/// must be a solution found here).
fn check_puzzle(dlx: &Path, work: &Path, puzzle: &mut Puzzle) -> Result<usize, Failure> {
    let line = puzzle.line();
    let input = format!("{line}\n");
    let file = work.join("puzzle.txt");
    std::fs::write(&file, &input).map_err(|e| fail(&input, e.to_string()))?;
    let box_shape = format!("{}x{}", puzzle.rows, puzzle.cols);
    let path = file.to_str().expect("UTF-8");
    let mut command = Command::new(dlx);
    command.args(["sudoku", "--count", "-q", "--box", &box_shape, path]);
    let output = command.output().map_err(|e| fail(&input, e.to_string()))?;
    let said = String::from_utf8_lossy(&output.stdout);
    if !puzzle.consistent() {
        // Refused as an invalid puzzle (exit 2, located), never counted.
        let stderr = String::from_utf8_lossy(&output.stderr);
        if output.status.code() != Some(2) || !stderr.contains("invalid puzzle") {
            return Err(fail(
                &input,
                format!("a contradictory puzzle: {}, {said}{stderr}", output.status),
            ));
        }
        return Ok(1);
    }
    let mut found = Vec::new();
    puzzle.solutions(&mut found);
    if said.trim() != found.len().to_string() {
        return Err(fail(
            &input,
            format!(
                "dlx sudoku --count --box {box_shape}: {}, brute force {}",
                said.trim(),
                found.len()
            ),
        ));
    }
    let solved = run(
        dlx,
        &["sudoku", "-q", "--box", &box_shape, path],
        None,
        &input,
    )?;
    let answer: Vec<u8> = solved
        .trim()
        .bytes()
        .map(|b| b.wrapping_sub(b'0'))
        .collect();
    // An answer exactly when there is a solution, and one of them.
    let answered = !solved.trim().is_empty();
    let solvable = !found.is_empty();
    if answered != solvable || (answered && !found.contains(&answer)) {
        return Err(fail(
            &input,
            format!(
                "dlx sudoku --box {box_shape} answered `{}`, not one of the {} solutions",
                solved.trim(),
                found.len()
            ),
        ));
    }
    Ok(2)
}

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
