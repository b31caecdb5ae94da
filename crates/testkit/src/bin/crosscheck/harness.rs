//! What every check shares: the seeded generator of the cases, a problem
//! as text with its options, solutions as comparable signatures, running
//! `dlx`, reading its listings, and the brute force.

use std::path::Path;
use std::process::Command;

use dancing::random::SplitMix64;
use dancing_testkit::brute;

/// The cases' generator, the workspace's seeded one: the same seed, the
/// same cases.
pub struct Rng(pub SplitMix64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        self.0.below_by_remainder(n)
    }

    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// A problem as text, with its options as written (item tokens, `s0:c1`
/// for a colored entry).
pub struct Case {
    pub text: String,
    pub options: Vec<Vec<String>>,
}

/// A solution as comparable text: each option's tokens sorted, the options
/// sorted.
pub type Signature = Vec<Vec<String>>;

pub fn signature(mut options: Vec<Vec<String>>) -> Signature {
    for option in &mut options {
        option.sort();
    }
    options.sort();
    options
}

/// Where a disagreement is reported from: the input and what differed.
pub struct Failure(pub String);

pub type Checked = Result<(), Failure>;

pub fn fail(case: &str, what: String) -> Failure {
    Failure(format!("{what}\n--- input ---\n{case}-------------"))
}

/// Runs `dlx` with `args`; its standard output, or a failure that says how
/// it ended. Exit 0 (found some) and 1 (none) are answers; anything else is
/// a failure here.
pub fn run(dlx: &Path, args: &[&str], stdin: Option<&Path>, case: &str) -> Result<String, Failure> {
    run_allowing(dlx, args, stdin, case, &[0, 1]).map(|(_, stdout)| stdout)
}

/// [`run`], with the exit statuses that are answers given: the status and
/// the standard output.
pub fn run_allowing(
    dlx: &Path,
    args: &[&str],
    stdin: Option<&Path>,
    case: &str,
    answers: &[i32],
) -> Result<(i32, String), Failure> {
    let mut command = Command::new(dlx);
    command.args(args);
    if let Some(path) = stdin {
        let file = std::fs::File::open(path).map_err(|e| fail(case, format!("{e}")))?;
        command.stdin(file);
    }
    let output = command
        .output()
        .map_err(|e| fail(case, format!("cannot run {}: {e}", dlx.display())))?;
    match output.status.code() {
        Some(code) if answers.contains(&code) => {
            Ok((code, String::from_utf8_lossy(&output.stdout).into_owned()))
        }
        _ => Err(fail(
            case,
            format!(
                "`dlx {}` ended with {}: {}",
                args.join(" "),
                output.status,
                String::from_utf8_lossy(&output.stderr)
            ),
        )),
    }
}

/// Writes `contents` to `name` in `work`; its path.
pub fn write(work: &Path, name: &str, contents: &str, case: &str) -> Result<String, Failure> {
    let path = work.join(name);
    std::fs::write(&path, contents).map_err(|e| fail(case, format!("{}: {e}", path.display())))?;
    Ok(path.to_str().expect("a UTF-8 path").to_owned())
}

/// The solutions of `dlx solve --json`: the `options` array of each
/// `solution` record (lists of item tokens).
pub fn json_solutions(output: &str) -> Result<Vec<Signature>, String> {
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
pub fn text_solutions(output: &str) -> Vec<Signature> {
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

/// The problem of `case`, as the engine reads it.
pub fn parse_case(case: &Case) -> Result<dancing::Problem, Failure> {
    dancing::format::read_str(&case.text)
        .map(|parsed| parsed.problem)
        .map_err(|e| {
            fail(
                &case.text,
                format!("the generator wrote a bad problem: {e}"),
            )
        })
}

/// The brute-force solutions of `case`, as signatures.
pub fn brute_solutions(case: &Case) -> Result<Vec<Signature>, Failure> {
    let problem = parse_case(case)?;
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
