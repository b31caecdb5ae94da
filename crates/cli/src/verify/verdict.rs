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

/// Which listing of the output a solution is in: `dlx solve`'s solutions,
/// or with `--best` its K best and the improvements found on the way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Listing {
    Solution,
    Best,
    Improvement,
}

impl Listing {
    pub const ALL: [Listing; 3] = [Listing::Solution, Listing::Best, Listing::Improvement];
}

/// A solution by its listing and its number there (from 1): `solution
/// 3`, `best 1`, `improvement 2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Numbered {
    pub listing: Listing,
    pub number: u64,
}

impl fmt::Display for Numbered {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let listing = match self.listing {
            Listing::Solution => "solution",
            Listing::Best => "best",
            Listing::Improvement => "improvement",
        };
        write!(f, "{listing} {}", self.number)
    }
}

/// A solution that does not hold, or a count that does not match.
#[derive(Debug)]
pub struct Failure {
    /// The failing solution (none for a summary's claims).
    pub solution: Option<Numbered>,
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
    /// An option chosen twice by one solution (printed twice, or printed
    /// as often as the problem has options like it, and once more).
    OptionRepeated {
        /// The option's entries.
        names: String,
        /// Where it was printed first.
        also: Place,
    },
    /// A printed option whose printed cost (`|n`) is not its cost.
    OptionCost {
        /// The option's entries.
        names: String,
        /// The cost printed.
        printed: u64,
        /// The cost of the option (of the first, if several are alike).
        actual: u64,
    },
    /// A JSON option whose `option_ids` number is another option than
    /// its `options` entries.
    IdMismatch {
        /// The number in `option_ids`.
        id: usize,
        /// The entries of that option.
        names: String,
        /// The entries printed.
        printed: String,
    },
    /// A solution that costs another sum than the one claimed.
    WrongCost {
        /// The cost claimed.
        claimed: u64,
        /// The sum of its options' costs.
        actual: u64,
    },
    /// The same solution as an earlier one of the listing, which claims
    /// each once (a `--best` listing, or JSON with a summary).
    Repeated {
        /// The earlier solution.
        earlier: Numbered,
    },
    /// A `best N` solution cheaper than the one before it: the K best are
    /// listed cheapest first.
    BestOrder {
        /// Its cost.
        cost: u64,
        /// The cost of the one before.
        previous: u64,
    },
    /// The costs a `--best` summary lists are not those of the best
    /// solutions listed.
    BestCosts {
        /// The costs of the summary.
        summary: Vec<u64>,
        /// The costs the solutions claim (each checked).
        listed: Vec<u64>,
    },
    /// A fault of the engine's checker without words of its own here.
    Other(String),
    /// A JSON record's number, or a `best N` line's, is not the next one.
    Misnumbered {
        /// The number printed.
        found: u64,
        /// The one expected, in its listing.
        expected: Numbered,
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
            write!(f, "{solution}, ")?;
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
            FailureKind::OptionRepeated { names, also } => write!(
                f,
                "option {names} is chosen twice (also {also}); a solution chooses each option once"
            ),
            FailureKind::OptionCost {
                names,
                printed,
                actual,
            } => write!(
                f,
                "option {names} is printed with cost {printed} but costs {actual}"
            ),
            FailureKind::IdMismatch { id, names, printed } => write!(
                f,
                "`option_ids` names option {id} ({names}), but `options` lists {printed}"
            ),
            FailureKind::WrongCost { claimed, actual } => write!(
                f,
                "the solution is said to cost {claimed}, but its options cost {actual}"
            ),
            FailureKind::Repeated { earlier } => {
                write!(f, "the same solution as {earlier}, listed again")
            }
            FailureKind::BestOrder { cost, previous } => write!(
                f,
                "costs {cost}, less than the {previous} of the best before it; the best are listed cheapest first"
            ),
            FailureKind::BestCosts { summary, listed } => {
                let list = |costs: &[u64]| {
                    let costs: Vec<String> = costs.iter().map(u64::to_string).collect();
                    format!("[{}]", costs.join(", "))
                };
                write!(
                    f,
                    "the summary lists the best costs {}, but the best solutions listed cost {}",
                    list(summary),
                    list(listed)
                )
            }
            FailureKind::Other(fault) => f.write_str(fault),
            FailureKind::Misnumbered { found, expected } => write!(
                f,
                "a record numbered {found} where {expected} was expected (a solution is missing or repeated)"
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
