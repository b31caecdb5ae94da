//! How verification ends: a failing solution (exit 1) or invalid input
//! (exit 2), each with its place in the solutions.

use std::fmt;

use dancing::ItemKind;

/// Why verification ended before the end of the input.
#[derive(Debug)]
pub enum VerifyError {
    /// A solution does not hold (exit 1).
    Failed(Failure),
    /// The input is not what `dlx solve` prints (exit 2).
    Invalid(Invalid),
    /// Ctrl-C.
    Interrupted,
}

impl From<Failure> for VerifyError {
    fn from(failure: Failure) -> VerifyError {
        VerifyError::Failed(failure)
    }
}

impl From<Invalid> for VerifyError {
    fn from(invalid: Invalid) -> VerifyError {
        VerifyError::Invalid(invalid)
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
    /// A primary item is held by more options than its upper bound allows
    /// (bounds `u:v|X` with `v` above 1; without bounds, `CoveredTwice`).
    CoveredTooOften {
        /// The item's name.
        item: String,
        /// Its upper bound.
        upper: u32,
        /// The first option that holds it.
        also: Place,
    },
    /// A primary item is held by fewer options than its lower bound asks
    /// (but by some).
    CoveredTooFew {
        /// The item's name.
        item: String,
        /// How many options hold it.
        times: u32,
        /// Its lower bound.
        lower: u32,
    },
    /// Two options give a secondary item different colors.
    ColorClash {
        /// The item's name.
        item: String,
        /// The color this option gives it, and the color an earlier option
        /// gave it (boxed: a rare failure should not grow every result).
        colors: Box<(String, String)>,
        /// That earlier option.
        also: Place,
    },
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
    pub(super) fn of_record(line: usize, kind: FailureKind) -> Failure {
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
            FailureKind::CoveredTooOften {
                item,
                upper: 1,
                also,
            } => {
                write!(f, "primary item {item} is covered twice (also {also})")
            }
            FailureKind::CoveredTooOften { item, upper, also } => write!(
                f,
                "primary item {item} is covered more than its upper bound of {upper} times (first {also})"
            ),
            FailureKind::CoveredTooFew { item, times, lower } => write!(
                f,
                "primary item {item} is covered {times} time{}, fewer than its lower bound of {lower}",
                if *times == 1 { "" } else { "s" }
            ),
            FailureKind::ColorClash { item, colors, also } => write!(
                f,
                "secondary item {item} is given color {} here but {} by an earlier option ({also})",
                colors.0, colors.1
            ),
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
    pub(super) fn at(line: usize, message: impl Into<String>) -> Invalid {
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
