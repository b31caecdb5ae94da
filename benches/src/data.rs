//! The Sudoku puzzle sets: the public ones, read from a directory named by
//! [`DATA_ENV`], exactly as published; and the ones the project makes
//! itself, so that the benchmarks run anywhere.

use std::fmt;
use std::path::{Path, PathBuf};

use dancing::random::SplitMix64;
use dancing_sudoku::Shape;
use dancing_sudoku::generate::Generator;

/// The environment variable naming the directory that holds the public
/// puzzle sets (see [`PUBLIC_SETS`] for the file names).
pub const DATA_ENV: &str = "DANCING_BENCH_DATA";

/// The seed of the generated set.
pub const GENERATED_SEED: u64 = 2024;

/// The number of puzzles in the generated set.
pub const GENERATED_COUNT: usize = 1_000;

/// The seed of the fixed sample the slow solvers run on.
pub const SAMPLE_SEED: u64 = 5;

/// How a published file begins before its first puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Header {
    /// This many `#` comment lines.
    Comments(usize),
    /// A line with the number of puzzles.
    Count,
    /// Nothing: puzzles from the first line.
    None,
}

/// A public puzzle set: its file in the data directory and where it is
/// published.
#[derive(Clone, Copy, Debug)]
pub struct PublicSet {
    /// The set's name in reports.
    pub name: &'static str,
    /// The file name in the data directory.
    pub file: &'static str,
    /// What precedes the puzzles.
    pub header: Header,
    /// The number of puzzles as published.
    pub count: usize,
    /// Where the set is published.
    pub published: &'static str,
}

/// The public sets, from the easiest to the hardest per puzzle.
pub const PUBLIC_SETS: [PublicSet; 4] = [
    PublicSet {
        name: "17_clue",
        file: "17_clue.txt",
        header: Header::Comments(4),
        count: 49_158,
        published: "tdoku's data set, data/puzzles2_17_clue",
    },
    PublicSet {
        name: "top95",
        file: "top95.txt",
        header: Header::Count,
        count: 95,
        published: "Norvig's top95.txt",
    },
    PublicSet {
        name: "magictour_top1465",
        file: "magictour_top1465.txt",
        header: Header::Comments(2),
        count: 1_465,
        published: "tdoku's data set, data/puzzles3_magictour_top1465",
    },
    PublicSet {
        name: "forum_hardest_1905_11plus",
        file: "forum_hardest_1905_11plus.txt",
        header: Header::None,
        count: 48_766,
        published: "tdoku's data set, data/puzzles5_forum_hardest_1905_11+",
    },
];

/// The seeds' sample puzzles (AcWing 166, POJ 2676, POJ 3074, LeetCode 37,
/// "100 lines"), as 81-character lines.
pub const SEED_SAMPLES: [&str; 6] = [
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.",
    "1.3...5.9..21.94.....7.4...3..5.2..6.6.....5.7..8.3..4...4.1.....92.58..8.4...1.7",
    ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.",
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    ".....45..68...9...25.38.....2..438..34...8..68..65247.16289.7..5.8.672.9.7....6.5",
];

/// A list of puzzles, one 81-character line each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleSet {
    /// The set's name, with `/sample` appended for a sample.
    pub name: String,
    /// The puzzles, `.` or `0` for an empty cell.
    pub puzzles: Vec<String>,
    /// Whether this is a fixed sample of a larger set (see [`sample`]).
    pub sampled: bool,
    /// The size of the set the sample was drawn from (the set's own size
    /// when not sampled).
    pub population: usize,
}

impl PuzzleSet {
    fn new(name: impl Into<String>, puzzles: Vec<String>) -> PuzzleSet {
        PuzzleSet {
            name: name.into(),
            population: puzzles.len(),
            puzzles,
            sampled: false,
        }
    }
}

/// Why a set could not be read.
#[derive(Debug)]
pub enum DataError {
    /// The file could not be read.
    Io(PathBuf, std::io::Error),
    /// The file is not laid out as the set is published.
    Format {
        /// The file.
        file: String,
        /// Its 1-based line number.
        line: usize,
        /// What is wrong.
        message: String,
    },
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DataError::Io(path, error) => write!(f, "{}: {error}", path.display()),
            DataError::Format {
                file,
                line,
                message,
            } => write!(f, "{file}:{line}: {message}"),
        }
    }
}

impl std::error::Error for DataError {}

/// Whether `line` is a puzzle line: 81 characters, each a digit or `.`.
fn is_puzzle(line: &str) -> bool {
    line.len() == 81 && line.bytes().all(|b| b == b'.' || b.is_ascii_digit())
}

/// Parses the text of a public set as published: the header `set.header`,
/// then one puzzle per line, `\n` or `\r\n` line ends. Anything else is an
/// error, so a changed file is noticed.
pub fn parse_public(set: &PublicSet, text: &str) -> Result<PuzzleSet, DataError> {
    let error = |line: usize, message: String| DataError::Format {
        file: set.file.to_owned(),
        line,
        message,
    };
    let mut lines = text
        .split('\n')
        .map(|line| line.strip_suffix('\r').unwrap_or(line))
        .enumerate()
        .map(|(index, line)| (index + 1, line));
    let mut declared = None;
    match set.header {
        Header::Comments(count) => {
            for k in 0..count {
                if !lines.next().is_some_and(|(_, line)| line.starts_with('#')) {
                    return Err(error(k + 1, format!("expected {count} `#` lines")));
                }
            }
        }
        Header::Count => {
            let (number, line) = lines.next().unwrap_or((1, ""));
            let count = line
                .trim()
                .parse::<usize>()
                .map_err(|_| error(number, format!("expected the count, found {line:?}")))?;
            declared = Some(count);
        }
        Header::None => {}
    }
    let mut puzzles = Vec::with_capacity(set.count);
    for (number, line) in lines {
        if line.is_empty() {
            continue;
        }
        if !is_puzzle(line) {
            return Err(error(
                number,
                format!("not an 81-character puzzle: {line:?}"),
            ));
        }
        puzzles.push(line.to_owned());
    }
    if let Some(count) = declared
        && count != puzzles.len()
    {
        return Err(error(
            1,
            format!("declares {count} puzzles, holds {}", puzzles.len()),
        ));
    }
    Ok(PuzzleSet::new(set.name, puzzles))
}

/// Reads a public set from `dir`.
pub fn read_public(dir: &Path, set: &PublicSet) -> Result<PuzzleSet, DataError> {
    let path = dir.join(set.file);
    let text = std::fs::read_to_string(&path).map_err(|e| DataError::Io(path, e))?;
    parse_public(set, &text)
}

/// The data directory named by [`DATA_ENV`], if it is set and not empty.
pub fn data_dir() -> Option<PathBuf> {
    std::env::var_os(DATA_ENV)
        .filter(|value| !value.is_empty())
        .map(PathBuf::from)
}

/// Every public set found in `dir`; a missing or malformed file is reported
/// on standard error and left out.
pub fn public_sets(dir: &Path) -> Vec<PuzzleSet> {
    let mut sets = Vec::new();
    for set in &PUBLIC_SETS {
        match read_public(dir, set) {
            Ok(read) => {
                if read.puzzles.len() != set.count {
                    eprintln!(
                        "note: {} holds {} puzzles; the published set has {}",
                        set.file,
                        read.puzzles.len(),
                        set.count
                    );
                }
                sets.push(read);
            }
            Err(error) => eprintln!("warning: {error}; set {} left out", set.name),
        }
    }
    sets
}

/// The seeds' sample puzzles as a set.
pub fn seed_samples() -> PuzzleSet {
    PuzzleSet::new(
        "seed_samples",
        SEED_SAMPLES.iter().map(|&s| s.to_owned()).collect(),
    )
}

/// `count` minimal puzzles with a unique solution, from the project's
/// generator seeded with `seed` (the same puzzles on every machine).
pub fn generated(seed: u64, count: usize) -> PuzzleSet {
    let mut generator = Generator::new(seed);
    let puzzles = (0..count)
        .map(|_| generator.unique_puzzle(Shape::CLASSIC, 0).to_line())
        .collect();
    PuzzleSet::new(format!("generated_{seed}"), puzzles)
}

/// The sets the benchmarks run on without a data directory: the generated
/// set ([`GENERATED_COUNT`] puzzles from [`GENERATED_SEED`]) and the seeds'
/// samples.
pub fn fallback_sets() -> Vec<PuzzleSet> {
    vec![generated(GENERATED_SEED, GENERATED_COUNT), seed_samples()]
}

/// The sets to measure: the public sets when [`DATA_ENV`] names a
/// directory, then the project's own.
pub fn bench_sets() -> Vec<PuzzleSet> {
    let mut sets = data_dir().map(|dir| public_sets(&dir)).unwrap_or_default();
    sets.extend(fallback_sets());
    sets
}

/// A fixed sample of `size` puzzles of `set` (all of them if it is no
/// larger): the first `size` positions of a Fisher-Yates shuffle of the
/// positions driven by SplitMix64 from `seed`, kept in file order.
pub fn sample(set: &PuzzleSet, size: usize, seed: u64) -> PuzzleSet {
    if set.puzzles.len() <= size {
        return set.clone();
    }
    // SplitMix64's fixed stream: the same samples on every machine and in
    // every version of the project.
    let mut positions: Vec<usize> = (0..set.puzzles.len()).collect();
    SplitMix64::new(seed).shuffle_by_remainder(&mut positions);
    let mut chosen = positions[..size].to_vec();
    chosen.sort_unstable();
    PuzzleSet {
        name: format!("{}/sample", set.name),
        puzzles: chosen.iter().map(|&k| set.puzzles[k].clone()).collect(),
        sampled: true,
        population: set.population,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn public_headers_are_skipped_and_line_ends_accepted() {
        let [clue17, top95, top1465, hardest] = PUBLIC_SETS;
        let text = format!("# a\r\n# b\r\n# c\r\n# d\r\n{PUZZLE}\r\n{PUZZLE}\r\n");
        assert_eq!(parse_public(&clue17, &text).unwrap().puzzles, [PUZZLE; 2]);
        let text = format!("2\n{PUZZLE}\n{PUZZLE}\n");
        assert_eq!(parse_public(&top95, &text).unwrap().puzzles.len(), 2);
        let text = format!("#\n#\n{PUZZLE}");
        assert_eq!(parse_public(&top1465, &text).unwrap().puzzles, [PUZZLE]);
        let text = format!("{PUZZLE}\n");
        assert_eq!(parse_public(&hardest, &text).unwrap().puzzles, [PUZZLE]);
    }

    #[test]
    fn a_changed_layout_is_an_error() {
        let [clue17, top95, _, hardest] = PUBLIC_SETS;
        // Too few comment lines.
        assert!(parse_public(&clue17, &format!("# a\n{PUZZLE}\n")).is_err());
        // A wrong count.
        assert!(parse_public(&top95, &format!("3\n{PUZZLE}\n")).is_err());
        // A comment where none is published, and a short line.
        assert!(parse_public(&hardest, &format!("# x\n{PUZZLE}\n")).is_err());
        assert!(parse_public(&hardest, &PUZZLE[1..]).is_err());
    }

    #[test]
    fn samples_are_fixed_by_the_seed_and_keep_file_order() {
        let set = PuzzleSet::new("s", (0..100).map(|k| format!("{k:03}")).collect());
        let a = sample(&set, 10, SAMPLE_SEED);
        assert_eq!(a, sample(&set, 10, SAMPLE_SEED));
        assert_ne!(a.puzzles, sample(&set, 10, SAMPLE_SEED + 1).puzzles);
        assert!(a.sampled && a.puzzles.len() == 10 && a.population == 100);
        assert!(a.puzzles.is_sorted());
        assert_eq!(sample(&set, 100, SAMPLE_SEED), set);
    }

    #[test]
    fn the_project_sets_are_puzzles() {
        for line in SEED_SAMPLES {
            assert!(is_puzzle(line), "{line}");
        }
        let set = generated(GENERATED_SEED, 3);
        assert_eq!(set, generated(GENERATED_SEED, 3));
        assert!(set.puzzles.iter().all(|p| is_puzzle(p)));
    }
}
