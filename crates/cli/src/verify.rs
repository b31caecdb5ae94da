//! `dlx verify`: checks the solutions `dlx solve` printed against the problem,
//! independently of the search engine.
//!
//! Each printed option is matched to an option of the problem by its *set* of
//! entries, item names with their colors (`X:a`; the order within a line
//! does not matter), through a hash map from the sorted entry list to the
//! option (or by its number, where JSON gives `option_ids`); then the
//! engine's checker [`dancing::check`], which counts for itself and calls
//! nothing of the search, says whether the options are a solution: each
//! chosen once, every primary item held between its lower and upper bound
//! times (exactly once, without bounds), every secondary item at most
//! once, or by several options that all give it the same color, and the
//! cost claimed (`--best`) the sum of the options' costs. So a bug in the
//! engine cannot hide a wrong answer.
//!
//! A solution listed twice is a failure where the listing claims distinct
//! solutions (the K best, or JSON with a summary that counts them), and
//! otherwise a warning.
//!
//! The solutions are read one line at a time with the engine's line reader
//! (a byte-order mark, `\r\n` and lone `\r` line ends read as everywhere
//! else), and no line longer than any record of this problem's solutions
//! could be is held (see [`solution_lines::limit`]).

use std::io::BufRead;
use std::path::PathBuf;

use dancing::Problem;

use crate::input::Input;
use crate::interrupt;
use crate::status::{Status, diag};

mod checker;
mod json;
mod lookup;
mod repeats;
mod solution_lines;
mod text;
mod verdict;

use checker::Checker;
use solution_lines::SolutionLines;
pub use verdict::VerifyError;
use verdict::{Listing, Numbered};

const AFTER_HELP: &str = "\
Exit status: 0 if every solution holds (also when the input lists none), 1 at the first
solution that does not (its number, its line in the solutions and the item are named),
2 on an error (a file that cannot be read, a problem that does not parse, text that is
not a solution at all: unknown item names, broken JSON), 130 when interrupted (Ctrl-C).

Solutions are read as `dlx solve` prints them for this one problem, with or without --best:
  text        one line per chosen option, its item names (with colors, X:a) in any
              order and its cost if printed (|n), a blank line between solutions; a
              leading `==> FILE <==` header is skipped; `best N: cost C` and
              `improvement N: cost C` head the solutions of --best, whose cost is
              checked, and its `FILE: the K best costs: ..` line must list theirs
  JSON Lines  `dlx solve --json`: {\"type\":\"solution\",\"solution\":N,\"cost\":C,
              \"options\":[[..],..],\"option_ids\":[..]} records numbered 1, 2, ...
              (`options` or `option_ids` is enough; with both, they must agree), then
              an optional summary whose `solutions` count must match; with --best,
              `improvement` records and the summary's `best`, cheapest first
A solution listed twice fails where the listing claims distinct solutions (the K best, or
JSON with a summary's count), and is a warning otherwise.
The format is detected from the first non-blank line (a JSON object means JSON) unless
--format says. The output of `dlx solve A B` holds two problems: verify each on its own.";

/// Check printed solutions against their problem, without the search engine.
///
/// Every printed option must be an option of the problem (compared as a set
/// of item names with their colors, `X:a`), chosen once, every primary item
/// covered exactly once (or within its bounds, `u:v|X`) and every secondary
/// item at most once (or by options that agree on its color); a cost
/// claimed (`dlx solve --best`) must be the sum of the options' costs. A
/// summary goes to standard error.
#[derive(clap::Args, Debug)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// The problem, in Knuth's DLX format (`-` reads standard input).
    pub problem: PathBuf,

    /// The solutions, as `dlx solve` printed them; none, or `-`, reads
    /// standard input.
    pub solutions: Option<PathBuf>,

    /// The format of the solutions [default: detected from the first line].
    #[arg(long, value_enum)]
    pub format: Option<Format>,

    /// Print nothing when the solutions hold or when one fails (the exit
    /// status tells); errors in the input are still reported.
    #[arg(short, long)]
    pub quiet: bool,
}

/// How the solutions are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// `dlx solve`'s default: option lines, a blank line between solutions.
    Text,
    /// `dlx solve --json`: JSON Lines.
    Json,
}

/// What a listing that holds held.
#[derive(Debug, Default)]
pub struct Verified {
    /// How many solutions it lists (`dlx solve` without `--best`).
    pub solutions: u64,
    /// How many improvements (`dlx solve --best --improvements`).
    pub improvements: u64,
    /// The costs of the K best, cheapest first, in the output of
    /// `dlx solve --best`.
    pub best: Option<Vec<u64>>,
    /// How many of the solutions repeat earlier ones (in a listing that
    /// does not claim them distinct), the first and the one it repeats.
    pub repeats: u64,
    pub first_repeat: Option<(Numbered, usize, Numbered)>,
    /// Whether some solutions were not compared with the earlier ones
    /// (past [`repeats::REMEMBERED`]).
    pub forgot: bool,
}

/// Copies the repeats of the plain listing into `verified`.
fn note_repeats(verified: &mut Verified, checker: &Checker<'_>) {
    let repeats = checker.repeats(Listing::Solution);
    verified.repeats = repeats.count;
    verified.first_repeat = repeats.first;
    verified.forgot = Listing::ALL
        .iter()
        .any(|&listing| checker.repeats(listing).forgot);
}

/// Verifies the solutions and reports on standard error.
pub fn run(args: &Args) -> Status {
    interrupt::catch();
    let problem_input = Input::all(std::slice::from_ref(&args.problem)).remove(0);
    let solutions_input = Input::all(args.solutions.as_slice()).remove(0);
    if matches!(
        (&problem_input, &solutions_input),
        (Input::Stdin, Input::Stdin)
    ) {
        diag!("dlx verify: the problem and the solutions cannot both come from standard input");
        return Status::Error;
    }
    let problem = match problem_input.read_problem() {
        Ok(parsed) => parsed.problem,
        Err(message) => {
            diag!("{message}");
            return Status::Error;
        }
    };
    let name = solutions_input.name();
    let reader = match solutions_input.open() {
        Ok(reader) => reader,
        Err(error) => {
            diag!("{name}: cannot open: {error}");
            return Status::Error;
        }
    };
    match verify(&problem, reader, args.format) {
        Ok(verified) => {
            if !args.quiet {
                report(&name, &verified);
            }
            Status::Success
        }
        Err(VerifyError::Failed(failure)) => {
            if !args.quiet {
                diag!("{name}: {failure}");
            }
            Status::NotFound
        }
        Err(VerifyError::Invalid(error)) if !interrupt::requested() => {
            diag!("{name}:{error}");
            Status::Error
        }
        Err(VerifyError::Invalid(_) | VerifyError::Interrupted) => {
            diag!("dlx verify: interrupted");
            Status::Interrupted
        }
    }
}

/// The summary of a listing that holds, after a warning for repeats.
fn report(name: &str, verified: &Verified) {
    let plural = |count: u64| if count == 1 { "" } else { "s" };
    if let Some((this, line, earlier)) = verified.first_repeat {
        let others = match verified.repeats {
            1 => String::new(),
            n => format!(" ({n} solutions repeat earlier ones)"),
        };
        diag!(
            "{name}: warning: {this}, line {line}: the same solution as {earlier}, listed again{others}"
        );
    }
    let count = verified.solutions;
    let mut parts = Vec::new();
    if count > 0 || verified.best.is_none() {
        parts.push(format!("{count} solution{}", plural(count)));
    }
    if verified.improvements > 0 {
        let count = verified.improvements;
        parts.push(format!("{count} improvement{}", plural(count)));
    }
    let mut costs = String::new();
    if let Some(best) = &verified.best {
        let count = best.len() as u64;
        parts.push(format!("{count} best solution{}", plural(count)));
        if count > 0 {
            let list: Vec<String> = best.iter().map(u64::to_string).collect();
            costs = format!(" (cost{} {})", plural(count), list.join(", "));
        }
    }
    let none = if count == 0
        && verified.improvements == 0
        && verified.best.as_ref().is_none_or(Vec::is_empty)
    {
        " (the input lists none)"
    } else {
        ""
    };
    let distinct = match verified.repeats {
        0 => String::new(),
        repeats => format!(", {} of them distinct", count - repeats),
    };
    let forgot = if verified.forgot {
        format!(
            " (repeats looked for among the first {} distinct solutions only)",
            repeats::REMEMBERED
        )
    } else {
        String::new()
    };
    diag!(
        "{} verified{costs}{distinct}{none}{forgot}",
        parts.join(" and ")
    );
}

/// Checks every solution in `input` against `problem`; what the listing
/// held. `format` `None` detects it from the first non-blank line.
pub fn verify(
    problem: &Problem,
    input: impl BufRead,
    format: Option<Format>,
) -> Result<Verified, VerifyError> {
    let mut lines = SolutionLines::new(input, solution_lines::limit(problem));
    let mut checker = Checker::new(problem);
    let format = match format {
        Some(format) => format,
        None => match lines.peek_first()? {
            Some(line) if is_json(line, problem) => Format::Json,
            _ => Format::Text,
        },
    };
    match format {
        Format::Text => text::verify(&mut lines, &mut checker),
        Format::Json => json::verify(&mut lines, &mut checker),
    }
}

/// Whether the first line of the solutions is JSON: a JSON object, or a
/// line that starts with `{` as JSON does but names no item first (broken
/// JSON, reported as such). An item may be called `{a`: its text line is
/// no JSON object.
fn is_json(line: &str, problem: &Problem) -> bool {
    let line = line.trim();
    if !line.starts_with('{') {
        return false;
    }
    if let Ok(value) = serde_json::from_str::<serde_json::Value>(line) {
        return value.is_object();
    }
    let first = line.split_whitespace().next().unwrap_or_default();
    let item = first.split_once(':').map_or(first, |(item, _)| item);
    problem.item_by_name(item).is_none()
}

#[cfg(test)]
mod tests {
    use dancing::format;

    use super::*;

    /// Two solutions: {A B, C} and {A, B C}.
    const PROBLEM: &str = "A B C\nA B\nC\nA\nB C\n";

    fn verified(solutions: &[u8]) -> Result<u64, VerifyError> {
        let problem = format::read_str(PROBLEM).expect("a problem").problem;
        verify(&problem, solutions, None).map(|verified| verified.solutions)
    }

    #[test]
    fn a_byte_order_mark_and_any_line_end_read_as_an_editor_shows_them() {
        for text in [
            "\u{feff}A B\nC\n\nA\nB C\n",
            "A B\rC\r\rA\rB C\r",
            "\u{feff}A B\rC\r\rA\rB C",
            "\u{feff}A B\r\nC\r\n\r\nA\r\nB C\r\n",
        ] {
            assert_eq!(verified(text.as_bytes()).ok(), Some(2), "{text:?}");
        }
        let json = "\u{feff}{\"type\":\"solution\",\"solution\":1,\"options\":[[\"A\",\"B\"],[\"C\"]]}\r\
                    {\"type\":\"summary\",\"solutions\":1}\r";
        assert_eq!(verified(json.as_bytes()).ok(), Some(1));
    }

    #[test]
    fn a_cr_only_file_fails_where_its_lf_twin_does() {
        let failure = |text: &[u8]| match verified(text) {
            Err(VerifyError::Failed(failure)) => failure.to_string(),
            _ => panic!("B alone is no option"),
        };
        let lf = failure(b"A B\nC\n\nA\nB\n");
        assert!(lf.starts_with("solution 2, line 5: not an option"), "{lf}");
        assert_eq!(failure(b"\xef\xbb\xbfA B\rC\r\rA\rB\r"), lf);
    }

    /// `a |2` and `a` print alike but for the cost `--best` writes after
    /// the first only: a line `a` is the option of cost 0, `a |2` the
    /// other, and a cost that no such option has is named.
    #[test]
    fn alike_options_are_told_apart_by_their_printed_costs() {
        let problem = format::read_str("a b\na |2\na\nb |1\na b |5\n")
            .unwrap()
            .problem;
        let check = |text: &str| verify(&problem, text.as_bytes(), None);
        for (text, costs) in [
            ("best 1: cost 1\na\nb |1\n", vec![1]),
            ("best 1: cost 3\na |2\nb |1\n", vec![3]),
            // As `dlx merge` prints the K best: the entries alone.
            (
                "the 2 best costs (of 2 asked): 1, 5\nbest 1: cost 1\nb\na\n\nbest 2: cost 5\nb a\n",
                vec![1, 5],
            ),
        ] {
            let verified = check(text).unwrap_or_else(|error| panic!("{text}: {error:?}"));
            assert_eq!(verified.best, Some(costs), "{text}");
        }
        let failure = |text: &str| match check(text) {
            Err(VerifyError::Failed(failure)) => failure.to_string(),
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(
            failure("best 1: cost 1\na |3\nb |1\n"),
            "best 1, line 2: option a is printed with cost 3 but costs 2"
        );
        assert_eq!(
            failure("best 1: cost 2\na\nb |1\n"),
            "best 1, lines 1-3: the solution is said to cost 2, but its options cost 1"
        );
        // Both options `a`, the second time by its cost: a covered twice.
        assert_eq!(
            failure("a\na |2\nb |1\n"),
            "solution 1, line 2: primary item a is covered twice (also line 1)"
        );
    }

    /// A problem built with unnamed items (not read from a file) names
    /// them in failures as the format writes them: `#` and the index.
    #[test]
    fn unnamed_items_are_named_as_the_format_writes_them() {
        let mut builder = dancing::ProblemBuilder::new();
        let first = builder.primary_items(2).unwrap();
        let c = builder.primary_item("c").unwrap();
        builder.option([first, dancing::ItemId::new(1)]).unwrap();
        builder.option([c]).unwrap();
        let problem = builder.build().unwrap();
        let record = r#"{"type":"solution","solution":1,"option_ids":[1]}"#;
        match verify(&problem, record.as_bytes(), None) {
            Err(VerifyError::Failed(failure)) => {
                let message = failure.to_string();
                assert!(message.contains("item #0 "), "{message}");
                assert!(!message.contains('?'), "{message}");
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn json_options_may_be_named_by_their_numbers_alone_or_both_ways() {
        let problem = format::read_str(PROBLEM).unwrap().problem;
        let check = |text: &str| verify(&problem, text.as_bytes(), None);
        for record in [
            r#"{"type":"solution","solution":1,"option_ids":[1,0]}"#,
            r#"{"type":"solution","solution":1,"cost":0,"options":[["C"],["B","A"]],"option_ids":[1,0]}"#,
        ] {
            assert_eq!(check(record).ok().map(|v| v.solutions), Some(1), "{record}");
        }
        let cases = [
            (
                r#"{"type":"solution","solution":1,"option_ids":[1,4]}"#,
                "1: `option_ids` (option 2): no option 4; the problem has 4, from 0",
            ),
            (
                r#"{"type":"solution","solution":1,"options":[["C"]],"option_ids":[1,0]}"#,
                "1: `options` lists 1 options but `option_ids` 2",
            ),
            (
                r#"{"type":"solution","solution":1,"option_ids":"0"}"#,
                "1: `option_ids` must be an array of option numbers",
            ),
            (
                r#"{"type":"solution","solution":1,"cost":-1,"option_ids":[0,1]}"#,
                "1: `cost` must be a whole number, the sum of the options' costs",
            ),
        ];
        for (record, expected) in cases {
            match check(record) {
                Err(VerifyError::Invalid(error)) => assert_eq!(error.to_string(), expected),
                other => panic!("{record}: {other:?}"),
            }
        }
        match check(r#"{"type":"solution","solution":1,"cost":1,"option_ids":[0,1]}"#) {
            Err(VerifyError::Failed(failure)) => assert_eq!(
                failure.to_string(),
                "solution 1, line 1: the solution is said to cost 1, but its options cost 0"
            ),
            other => panic!("{other:?}"),
        }
    }
}
