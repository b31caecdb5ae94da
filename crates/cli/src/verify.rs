//! `dlx verify`: checks the solutions `dlx solve` printed against the problem,
//! independently of the search engine.
//!
//! Each printed option is matched to an option of the problem by its *set* of
//! item names (the order within a line does not matter), through a hash map
//! from the sorted item list to the option; then every primary item must be
//! covered exactly once and every secondary item at most once. Nothing here
//! calls the search, so a bug in the engine cannot hide a wrong answer.
//!
//! The solutions are read one line at a time, and no line longer than any
//! record of this problem's solutions could be is held (see
//! [`line_limit`]), so memory stays in proportion to the problem.

use std::collections::HashMap;
use std::fmt;
use std::io::{BufRead, Read};
use std::path::PathBuf;
use std::process::ExitCode;

use dancing::{ItemId, ItemKind, OptionId, Problem, format};
use serde_json::Value;

use crate::input::Input;
use crate::interrupt;
use crate::status::Status;

const AFTER_HELP: &str = "\
Exit status: 0 if every solution holds (also when the input lists none), 1 at the first
solution that does not (its number, its line in the solutions and the item are named),
2 on an error (a file that cannot be read, a problem that does not parse, text that is
not a solution at all: unknown item names, broken JSON), 130 when interrupted (Ctrl-C).

Solutions are read as `dlx solve` prints them for this one problem:
  text        one line per chosen option, its item names in any order, a blank line
              between solutions; a leading `==> FILE <==` header is skipped
  JSON Lines  `dlx solve --json`: {\"type\":\"solution\",\"solution\":N,\"options\":[[..],..]}
              records numbered 1, 2, ..., then an optional summary whose `solutions`
              count must match
The format is detected from the first non-blank line (`{` means JSON) unless --format
says. The output of `dlx solve A B` holds two problems: verify each on its own.";

/// Check printed solutions against their problem, without the search engine.
///
/// Every printed option must be an option of the problem (compared as a set
/// of item names), every primary item covered exactly once and every
/// secondary item at most once. A summary goes to standard error.
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
pub fn run(args: &Args) -> ExitCode {
    interrupt::catch();
    let problem_input = Input::all(std::slice::from_ref(&args.problem)).remove(0);
    let solutions_input = Input::all(args.solutions.as_slice()).remove(0);
    if matches!(
        (&problem_input, &solutions_input),
        (Input::Stdin, Input::Stdin)
    ) {
        crate::diag!(
            "dlx verify: the problem and the solutions cannot both come from standard input"
        );
        return Status::Error.into();
    }
    let problem_name = problem_input.name();
    let problem = match problem_input.open().map_err(|e| e.to_string()) {
        Ok(reader) => match format::read(reader) {
            Ok(parsed) => parsed.problem,
            Err(error) => {
                crate::diag!("{problem_name}:{error}");
                return Status::Error.into();
            }
        },
        Err(error) => {
            crate::diag!("{problem_name}: cannot open: {error}");
            return Status::Error.into();
        }
    };
    let name = solutions_input.name();
    let reader = match solutions_input.open() {
        Ok(reader) => reader,
        Err(error) => {
            crate::diag!("{name}: cannot open: {error}");
            return Status::Error.into();
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
                crate::diag!("{count} solution{plural} verified{none}");
            }
            Status::Success.into()
        }
        Err(Stop::Failed(failure)) => {
            if !args.quiet {
                crate::diag!("{name}: {failure}");
            }
            Status::NotFound.into()
        }
        Err(Stop::Invalid(error)) => {
            crate::diag!("{name}:{error}");
            Status::Error.into()
        }
        Err(Stop::Interrupted) => {
            crate::diag!("dlx verify: interrupted");
            ExitCode::from(interrupt::EXIT_CODE)
        }
    }
}

/// Why verification ended before the end of the input.
#[derive(Debug)]
pub enum Stop {
    /// A solution does not hold (exit 1).
    Failed(Failure),
    /// The input is not what `dlx solve` prints (exit 2).
    Invalid(Invalid),
    /// Ctrl-C.
    Interrupted,
}

impl From<Failure> for Stop {
    fn from(failure: Failure) -> Stop {
        Stop::Failed(failure)
    }
}

impl From<Invalid> for Stop {
    fn from(invalid: Invalid) -> Stop {
        Stop::Invalid(invalid)
    }
}

/// Where a printed option is: its line, and for JSON its place in the record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// The 1-based line in the solutions.
    pub line: usize,
    /// The 1-based position of the option within a JSON record.
    pub option: Option<usize>,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}", self.line)?;
        if let Some(option) = self.option {
            write!(f, ", option {option}")?;
        }
        Ok(())
    }
}

/// A solution that does not hold, or a count that does not match.
#[derive(Debug)]
pub struct Failure {
    /// The number of the failing solution (none for the summary's count).
    pub solution: Option<u64>,
    /// Where: the option at fault, or the first line of the solution.
    pub place: Place,
    /// The last line of the solution, when the whole solution is at fault.
    pub last_line: Option<usize>,
    /// What is wrong.
    pub kind: FailureKind,
}

/// What is wrong with a solution.
#[derive(Debug)]
pub enum FailureKind {
    /// The printed item set is no option of the problem.
    NotAnOption(String),
    /// The option has no primary item, so the search never chooses it.
    NoPrimaryItem(String),
    /// An item is covered by two options of the solution.
    CoveredTwice {
        /// The item's name.
        item: String,
        /// Whether it is primary or secondary.
        kind: ItemKind,
        /// The other option that covers it.
        also: Place,
    },
    /// A primary item is covered by no option of the solution.
    Uncovered(String),
    /// A JSON record's number is not the next one.
    Misnumbered {
        /// The number printed.
        found: u64,
        /// The number expected.
        expected: u64,
    },
    /// The JSON summary counts a different number of solutions.
    CountMismatch {
        /// The summary's `solutions`.
        claimed: u64,
        /// The number of solution records read.
        listed: u64,
    },
}

impl Failure {
    /// A failure of a whole JSON record, not of one solution's cover.
    fn of_record(line: usize, kind: FailureKind) -> Failure {
        Failure {
            solution: None,
            place: Place { line, option: None },
            last_line: None,
            kind,
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(solution) = self.solution {
            write!(f, "solution {solution}, ")?;
        }
        match self.last_line {
            Some(last) if last != self.place.line => {
                write!(f, "lines {}-{last}: ", self.place.line)?;
            }
            _ => write!(f, "{}: ", self.place)?,
        }
        match &self.kind {
            FailureKind::NotAnOption(names) => {
                write!(f, "not an option of the problem: {names}")
            }
            FailureKind::NoPrimaryItem(names) => write!(
                f,
                "an option with no primary item, which no solution chooses: {names}"
            ),
            FailureKind::CoveredTwice { item, kind, also } => {
                let kind = match kind {
                    ItemKind::Primary => "primary",
                    ItemKind::Secondary => "secondary",
                };
                write!(f, "{kind} item {item} is covered twice (also {also})")
            }
            FailureKind::Uncovered(item) => write!(f, "primary item {item} is not covered"),
            FailureKind::Misnumbered { found, expected } => write!(
                f,
                "a record numbered {found} where solution {expected} was expected (a solution is missing or repeated)"
            ),
            FailureKind::CountMismatch { claimed, listed } => write!(
                f,
                "the summary counts {claimed} solutions, but {listed} were listed"
            ),
        }
    }
}

/// Input that is not what `dlx solve` prints, with its place.
#[derive(Debug)]
pub struct Invalid {
    /// The 1-based line.
    pub line: usize,
    /// The 1-based column (in characters), where it is known.
    pub column: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl Invalid {
    fn at(line: usize, message: impl Into<String>) -> Invalid {
        Invalid {
            line,
            column: None,
            message: message.into(),
        }
    }
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(column) => write!(f, "{}:{column}: {}", self.line, self.message),
            None => write!(f, "{}: {}", self.line, self.message),
        }
    }
}

/// Checks every solution in `input` against `problem`; returns how many
/// there were. `format` `None` detects it from the first non-blank line.
pub fn verify(problem: &Problem, input: impl BufRead, format: Option<Format>) -> Result<u64, Stop> {
    let mut lines = Lines::new(input, line_limit(problem));
    let mut checker = Checker::new(problem);
    let format = match format {
        Some(format) => format,
        None => match lines.peek_first()? {
            Some(line) if line.trim_start().starts_with('{') => Format::Json,
            _ => Format::Text,
        },
    };
    match format {
        Format::Text => verify_text(&mut lines, &mut checker),
        Format::Json => verify_json(&mut lines, &mut checker),
    }
}

/// The longest line accepted: more than any solution record of `problem`
/// can take in either format (every item named once, JSON-escaped, with room
/// for a long file name), so a longer line is not one `dlx solve` printed.
pub fn line_limit(problem: &Problem) -> u64 {
    let names: usize = problem
        .items()
        .map(|item| problem.item_name(item).map_or(8, str::len) + 1)
        .sum();
    (64 << 10) + 8 * names as u64
}

/// `dlx solve`'s text: option lines, blank lines between solutions.
fn verify_text<R: BufRead>(lines: &mut Lines<R>, checker: &mut Checker<'_>) -> Result<u64, Stop> {
    let mut solutions = 0;
    let mut in_solution = false;
    let mut header_seen = false;
    let mut items = Vec::new();
    while let Some((number, line)) = lines.next()? {
        if interrupt::requested() {
            return Err(Stop::Interrupted);
        }
        if line.trim().is_empty() {
            if in_solution {
                checker.end()?;
                in_solution = false;
            }
            continue;
        }
        if !in_solution && is_header(line, checker.problem) {
            if header_seen || solutions > 0 {
                return Err(Invalid::at(
                    number,
                    "a second `==> FILE <==` header: dlx verify checks the solutions of one problem",
                )
                .into());
            }
            header_seen = true;
            continue;
        }
        if !in_solution {
            solutions += 1;
            checker.begin(solutions, number);
            in_solution = true;
        }
        checker
            .resolve(
                tokens(line).map(|(column, name)| (Some(column), name)),
                &mut items,
            )
            .map_err(|error| error.at(number, None))?;
        checker.option(
            Place {
                line: number,
                option: None,
            },
            &mut items,
        )?;
    }
    if in_solution {
        checker.end()?;
    }
    Ok(solutions)
}

/// The `==> FILE <==` line that `dlx solve` prints before the solutions of
/// each of several files (unless the problem has an item called `==>`).
fn is_header(line: &str, problem: &Problem) -> bool {
    line.starts_with("==> ") && line.ends_with(" <==") && problem.item_by_name("==>").is_none()
}

/// `dlx solve --json`: solution records, then a summary.
fn verify_json<R: BufRead>(lines: &mut Lines<R>, checker: &mut Checker<'_>) -> Result<u64, Stop> {
    let mut records = JsonRecords::default();
    while let Some((number, line)) = lines.next()? {
        if interrupt::requested() {
            return Err(Stop::Interrupted);
        }
        if line.trim().is_empty() {
            continue;
        }
        let record: Value = serde_json::from_str(line).map_err(|error| Invalid {
            line: number,
            column: Some(error.column().max(1)),
            message: format!("not a JSON record of `dlx solve --json`: {error}"),
        })?;
        let record = record
            .as_object()
            .ok_or_else(|| Invalid::at(number, "a record must be a JSON object"))?;
        records.check(number, record, checker)?;
    }
    Ok(records.listed)
}

/// What the JSON records read so far have established.
#[derive(Default)]
struct JsonRecords {
    /// Solution records read.
    listed: u64,
    /// The problem's `file`, as the first record names it.
    file: Option<String>,
    /// The line of the summary, which must be the last record.
    summary_line: Option<usize>,
    /// Scratch: the items of one printed option.
    items: Vec<ItemId>,
}

type Record = serde_json::Map<String, Value>;

impl JsonRecords {
    /// Checks the record on `line`.
    fn check(
        &mut self,
        line: usize,
        record: &Record,
        checker: &mut Checker<'_>,
    ) -> Result<(), Stop> {
        self.same_problem(line, record)?;
        if let Some(summary) = self.summary_line {
            let message = format!("a record after the summary on line {summary}");
            return Err(Invalid::at(line, message).into());
        }
        match record.get("type").and_then(Value::as_str) {
            Some("solution") => self.solution(line, record, checker),
            Some("summary") => self.summary(line, record),
            Some(other) => Err(Invalid::at(line, format!("unknown record type `{other}`")).into()),
            None => Err(Invalid::at(line, "a record needs `type` (solution or summary)").into()),
        }
    }

    /// Rejects the records of a second problem (`dlx solve --json A B`).
    fn same_problem(&mut self, line: usize, record: &Record) -> Result<(), Invalid> {
        match (record.get("file"), &self.file) {
            (None, _) => Ok(()),
            (Some(Value::String(name)), None) => {
                self.file = Some(name.clone());
                Ok(())
            }
            (Some(Value::String(name)), Some(first)) if name == first => Ok(()),
            (Some(Value::String(name)), Some(first)) => Err(Invalid::at(
                line,
                format!(
                    "a record of a second problem (`{name}` after `{first}`): dlx verify checks the solutions of one problem"
                ),
            )),
            (Some(_), _) => Err(Invalid::at(line, "`file` must be a string")),
        }
    }

    /// A solution record: numbered in sequence, and an exact cover.
    fn solution(
        &mut self,
        line: usize,
        record: &Record,
        checker: &mut Checker<'_>,
    ) -> Result<(), Stop> {
        self.listed += 1;
        let found = record
            .get("solution")
            .and_then(Value::as_u64)
            .ok_or_else(|| Invalid::at(line, "a solution record needs `solution`, its number"))?;
        let options = record
            .get("options")
            .and_then(Value::as_array)
            .ok_or_else(|| {
                Invalid::at(
                    line,
                    "a solution record needs `options`, an array of arrays of item names",
                )
            })?;
        if found != self.listed {
            return Err(Failure::of_record(
                line,
                FailureKind::Misnumbered {
                    found,
                    expected: self.listed,
                },
            )
            .into());
        }
        checker.begin(self.listed, line);
        for (k, option) in options.iter().enumerate() {
            let names = option
                .as_array()
                .and_then(|names| {
                    names
                        .iter()
                        .map(|name| name.as_str().map(|name| (None, name)))
                        .collect::<Option<Vec<_>>>()
                })
                .ok_or_else(|| {
                    Invalid::at(
                        line,
                        format!("option {} is not an array of item names", k + 1),
                    )
                })?;
            checker
                .resolve(names.into_iter(), &mut self.items)
                .map_err(|error| error.at(line, Some(k + 1)))?;
            let place = Place {
                line,
                option: Some(k + 1),
            };
            checker.option(place, &mut self.items)?;
        }
        checker.end()?;
        Ok(())
    }

    /// The summary: its count, if it has one, must match the records.
    fn summary(&mut self, line: usize, record: &Record) -> Result<(), Stop> {
        self.summary_line = Some(line);
        let Some(count) = record.get("solutions") else {
            return Ok(());
        };
        let claimed = count
            .as_u64()
            .ok_or_else(|| Invalid::at(line, "the summary's `solutions` must be a count"))?;
        if claimed != self.listed {
            let kind = FailureKind::CountMismatch {
                claimed,
                listed: self.listed,
            };
            return Err(Failure::of_record(line, kind).into());
        }
        Ok(())
    }
}

/// The whitespace-separated names of `line`, each with its 1-based column
/// (in characters).
fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut column = 0;
    let mut rest = line;
    std::iter::from_fn(move || {
        let start = rest.find(|c: char| !c.is_whitespace())?;
        column += rest[..start].chars().count();
        rest = &rest[start..];
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let token = &rest[..end];
        let token_column = column + 1;
        column += token.chars().count();
        rest = &rest[end..];
        Some((token_column, token))
    })
}

/// A printed name that does not name an item of a printed option.
enum NameError {
    Unknown { column: Option<usize>, name: String },
    Repeated { column: Option<usize>, name: String },
}

impl NameError {
    /// Places the error on `line` (and, for JSON, in the record's `option`).
    fn at(self, line: usize, option: Option<usize>) -> Invalid {
        let within = option.map_or(String::new(), |k| format!(" in option {k}"));
        let (column, message) = match self {
            NameError::Unknown { column, name } => {
                (column, format!("unknown item `{name}`{within}"))
            }
            NameError::Repeated { column, name } => (
                column,
                format!("item `{name}` appears twice{within}; an option names each item once"),
            ),
        };
        Invalid {
            line,
            column,
            message,
        }
    }
}

/// The problem's options by their item sets, and the coverage of the
/// solution being read.
struct Checker<'p> {
    problem: &'p Problem,
    /// Every option by its sorted items (the first, if two are the same set).
    options: HashMap<Box<[ItemId]>, OptionId>,
    /// Where each item is covered in the current solution.
    covered_at: Vec<Option<Place>>,
    /// The items covered in the current solution, to reset `covered_at`.
    covered: Vec<ItemId>,
    /// How many primary items the current solution covers.
    primaries_covered: usize,
    /// The serial number of the printed option last naming each item, to
    /// catch a name repeated within one option without clearing anything.
    named_in: Vec<u64>,
    printed_options: u64,
    solution: u64,
    first_line: usize,
    last_line: usize,
}

impl<'p> Checker<'p> {
    fn new(problem: &'p Problem) -> Checker<'p> {
        let mut options = HashMap::with_capacity(problem.option_count());
        for (id, items) in problem.options() {
            let mut key: Box<[ItemId]> = items.into();
            key.sort_unstable();
            options.entry(key).or_insert(id);
        }
        Checker {
            problem,
            options,
            covered_at: vec![None; problem.item_count()],
            covered: Vec::new(),
            primaries_covered: 0,
            named_in: vec![0; problem.item_count()],
            printed_options: 0,
            solution: 0,
            first_line: 0,
            last_line: 0,
        }
    }

    /// Starts solution `number`, whose first line is `line`.
    fn begin(&mut self, number: u64, line: usize) {
        for item in self.covered.drain(..) {
            self.covered_at[item.index()] = None;
        }
        self.primaries_covered = 0;
        self.solution = number;
        self.first_line = line;
        self.last_line = line;
    }

    /// Looks up the printed names of one option, into `items`.
    fn resolve<'a>(
        &mut self,
        names: impl Iterator<Item = (Option<usize>, &'a str)>,
        items: &mut Vec<ItemId>,
    ) -> Result<(), NameError> {
        self.printed_options += 1;
        items.clear();
        for (column, name) in names {
            let item = self
                .problem
                .item_by_name(name)
                .ok_or_else(|| NameError::Unknown {
                    column,
                    name: name.to_owned(),
                })?;
            let named_in = &mut self.named_in[item.index()];
            if *named_in == self.printed_options {
                return Err(NameError::Repeated {
                    column,
                    name: name.to_owned(),
                });
            }
            *named_in = self.printed_options;
            items.push(item);
        }
        Ok(())
    }

    /// Adds the option of `items` (resolved, any order) to the solution.
    fn option(&mut self, place: Place, items: &mut [ItemId]) -> Result<(), Failure> {
        self.last_line = place.line;
        let fail = |kind| Failure {
            solution: Some(self.solution),
            place,
            last_line: None,
            kind,
        };
        items.sort_unstable();
        if !self.options.contains_key(&*items) {
            return Err(fail(FailureKind::NotAnOption(self.names(items))));
        }
        let primary = |item: &ItemId| self.problem.item_kind(*item) == ItemKind::Primary;
        if !items.iter().any(primary) {
            return Err(fail(FailureKind::NoPrimaryItem(self.names(items))));
        }
        for &item in items.iter() {
            if let Some(also) = self.covered_at[item.index()] {
                return Err(fail(FailureKind::CoveredTwice {
                    item: self.name(item).to_owned(),
                    kind: self.problem.item_kind(item),
                    also,
                }));
            }
        }
        for &item in items.iter() {
            self.covered_at[item.index()] = Some(place);
            self.covered.push(item);
            if primary(&item) {
                self.primaries_covered += 1;
            }
        }
        Ok(())
    }

    /// Ends the solution: every primary item must be covered.
    fn end(&mut self) -> Result<(), Failure> {
        if self.primaries_covered == self.problem.primary_count() {
            return Ok(());
        }
        let uncovered = self
            .problem
            .items()
            .find(|&item| {
                self.problem.item_kind(item) == ItemKind::Primary
                    && self.covered_at[item.index()].is_none()
            })
            .map_or_else(String::new, |item| self.name(item).to_owned());
        Err(Failure {
            solution: Some(self.solution),
            place: Place {
                line: self.first_line,
                option: None,
            },
            last_line: Some(self.last_line),
            kind: FailureKind::Uncovered(uncovered),
        })
    }

    fn name(&self, item: ItemId) -> &str {
        // Problems read from Knuth's format name every item.
        self.problem.item_name(item).unwrap_or("?")
    }

    /// The names of `items`, in the problem's order, for a message.
    fn names(&self, items: &[ItemId]) -> String {
        let names: Vec<&str> = items.iter().map(|&item| self.name(item)).collect();
        names.join(" ")
    }
}

/// The lines of the solutions, numbered from 1, none longer than a limit.
struct Lines<R> {
    input: R,
    buffer: Vec<u8>,
    number: usize,
    limit: u64,
    /// The first non-blank line was read ahead (to detect the format) and
    /// is in the buffer, for `next` to return.
    peeked: bool,
}

impl<R: BufRead> Lines<R> {
    fn new(input: R, limit: u64) -> Lines<R> {
        Lines {
            input,
            buffer: Vec::new(),
            number: 0,
            limit,
            peeked: false,
        }
    }

    /// Reads ahead to the first non-blank line, which `next` then returns
    /// (the blank lines before it carry no meaning in either format).
    fn peek_first(&mut self) -> Result<Option<&str>, Invalid> {
        while self.read()? {
            if !self.current().trim().is_empty() {
                self.peeked = true;
                return Ok(Some(self.current()));
            }
        }
        Ok(None)
    }

    /// The next line and its number, without its line end.
    fn next(&mut self) -> Result<Option<(usize, &str)>, Invalid> {
        if !std::mem::take(&mut self.peeked) && !self.read()? {
            return Ok(None);
        }
        Ok(Some((self.number, self.current())))
    }

    /// Reads the next line into the buffer; false at the end of the input.
    fn read(&mut self) -> Result<bool, Invalid> {
        self.buffer.clear();
        let number = self.number + 1;
        let read = (&mut self.input)
            .take(self.limit + 1)
            .read_until(b'\n', &mut self.buffer)
            .map_err(|error| Invalid::at(number, format!("read error: {error}")))?;
        if read == 0 {
            return Ok(false);
        }
        self.number = number;
        if self.buffer.len() as u64 > self.limit {
            return Err(Invalid::at(
                number,
                format!(
                    "the line is longer than {} bytes, more than any solution of this problem takes",
                    self.limit
                ),
            ));
        }
        if std::str::from_utf8(&self.buffer).is_err() {
            return Err(Invalid::at(number, "the line is not valid UTF-8"));
        }
        Ok(true)
    }

    /// The line in the buffer (checked UTF-8), without its line end.
    fn current(&self) -> &str {
        let line = std::str::from_utf8(&self.buffer).unwrap_or_default();
        let line = line.strip_suffix('\n').unwrap_or(line);
        line.strip_suffix('\r').unwrap_or(line)
    }
}
