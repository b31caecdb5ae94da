//! `dlx verify`: checks the solutions `dlx solve` printed against the problem,
//! independently of the search engine.
//!
//! Each printed option is matched to an option of the problem by its *set* of
//! entries, item names with their colors (`X:a`; the order within a line
//! does not matter), through a hash map from the sorted entry list to the
//! option; then every primary item must be held between its lower and upper
//! bound times (exactly once, without bounds) and every secondary item at
//! most once, or by several options that all give it the same color (an
//! uncolored entry conflicts with any other). Nothing here calls the search,
//! so a bug in the engine cannot hide a wrong answer.
//!
//! The solutions are read one line at a time with the engine's line reader
//! (a byte-order mark, `\r\n` and lone `\r` line ends read as everywhere
//! else), and no line longer than any record of this problem's solutions
//! could be is held (see [`solution_lines::limit`]), so memory stays in
//! proportion to the problem.

use std::io::BufRead;
use std::path::PathBuf;

use dancing::Problem;

use crate::input::Input;
use crate::interrupt;
use crate::status::{Status, diag};

mod checker;
mod json;
mod solution_lines;
mod text;
mod verdict;

use checker::Checker;
use solution_lines::SolutionLines;
pub use verdict::VerifyError;

const AFTER_HELP: &str = "\
Exit status: 0 if every solution holds (also when the input lists none), 1 at the first
solution that does not (its number, its line in the solutions and the item are named),
2 on an error (a file that cannot be read, a problem that does not parse, text that is
not a solution at all: unknown item names, broken JSON), 130 when interrupted (Ctrl-C).

Solutions are read as `dlx solve` prints them for this one problem:
  text        one line per chosen option, its item names (with colors, X:a) in any
              order, a blank line between solutions; a leading `==> FILE <==` header
              is skipped
  JSON Lines  `dlx solve --json`: {\"type\":\"solution\",\"solution\":N,\"options\":[[..],..]}
              records numbered 1, 2, ..., then an optional summary whose `solutions`
              count must match
The format is detected from the first non-blank line (`{` means JSON) unless --format
says. The output of `dlx solve A B` holds two problems: verify each on its own.";

/// Check printed solutions against their problem, without the search engine.
///
/// Every printed option must be an option of the problem (compared as a set
/// of item names with their colors, `X:a`), every primary item covered
/// exactly once (or within its bounds, `u:v|X`) and every secondary item at
/// most once (or by options that agree on its color). A summary goes to
/// standard error.
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
        Ok(count) => {
            if !args.quiet {
                let plural = if count == 1 { "" } else { "s" };
                let none = if count == 0 {
                    " (the input lists none)"
                } else {
                    ""
                };
                diag!("{count} solution{plural} verified{none}");
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

/// Checks every solution in `input` against `problem`; returns how many
/// there were. `format` `None` detects it from the first non-blank line.
pub fn verify(
    problem: &Problem,
    input: impl BufRead,
    format: Option<Format>,
) -> Result<u64, VerifyError> {
    let mut lines = SolutionLines::new(input, solution_lines::limit(problem));
    let mut checker = Checker::new(problem);
    let format = match format {
        Some(format) => format,
        None => match lines.peek_first()? {
            Some(line) if line.trim_start().starts_with('{') => Format::Json,
            _ => Format::Text,
        },
    };
    match format {
        Format::Text => text::verify(&mut lines, &mut checker),
        Format::Json => json::verify(&mut lines, &mut checker),
    }
}

#[cfg(test)]
mod tests {
    use dancing::format;

    use super::*;

    /// Two solutions: {A B, C} and {A, B C}.
    const PROBLEM: &str = "A B C\nA B\nC\nA\nB C\n";

    fn verified(solutions: &[u8]) -> Result<u64, VerifyError> {
        let problem = format::read_str(PROBLEM).expect("a problem").problem;
        verify(&problem, solutions, None)
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
}
