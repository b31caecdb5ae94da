//! `dlx sudoku`'s command line decided once: every check and conflict is
//! settled here, and each stage (reading, answering, printing, reporting,
//! generating) gets only the part of the [`Plan`] it works from.

use std::collections::HashMap;
use std::fs;
use std::io::{self, IsTerminal};
use std::path::{Path, PathBuf};

use dancing_sudoku::format::{Format, Layout, ReadOptions};
use dancing_sudoku::generate::{GenerateError, MAX_JIGSAW_SIZE, MAX_KILLER_SIZE};
use dancing_sudoku::{Budget, Engine, Shape, Symbols, Variant};

use super::args::{Args, Written};
use crate::input::Input;
use crate::interrupt;

/// What `dlx sudoku` is to do.
pub(super) enum Plan {
    /// Read puzzles and answer each.
    Answer(AnswerPlan),
    /// `--generate`: write new puzzles.
    Generate(GeneratePlan),
}

/// Read puzzles, answer them, print the answers, report the totals.
pub(super) struct AnswerPlan {
    pub(super) inputs: Inputs,
    pub(super) answering: Answering,
    pub(super) printing: Printing,
    pub(super) reporting: Reporting,
    /// Threads to answer on; with one, each puzzle in turn.
    pub(super) threads: usize,
    /// `--quiet`: no progress line.
    pub(super) quiet: bool,
}

/// Where puzzles come from, and how they are read.
pub(super) struct Inputs {
    /// The files named (none: standard input).
    pub(super) files: Vec<PathBuf>,
    /// `--format`, or `None` to detect each input's.
    pub(super) format: Option<Format>,
    /// `--output`: the layout of every answer, or `None` for each input's.
    pub(super) layout: Option<Layout>,
    /// `--output csv`: every input must be CSV, and its records are kept
    /// to be written back.
    pub(super) csv: bool,
    /// The shape, alphabet and variant puzzles are read with.
    pub(super) options: ReadOptions,
}

/// What is done with each puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    Solve,
    Count {
        limit: u64,
    },
    Unique,
    ToDlx,
    /// `--to-dlx-dir`: the directory is [`Answering::dlx_dir`].
    ToDlxDir,
    /// `--rate`: each puzzle with exactly one solution, rated.
    Rate,
}

/// How each puzzle is answered.
pub(super) struct Answering {
    pub(super) mode: Mode,
    pub(super) engine: Engine,
    /// What each search may spend; Ctrl-C cancels the one in progress.
    pub(super) budget: Budget,
    /// `--to-dlx-dir`, made before any puzzle is read.
    pub(super) dlx_dir: Option<PathBuf>,
}

/// How answers are printed on standard output.
pub(super) enum Printing {
    /// Solutions as grids; `--placeholder` for the others.
    Grids { placeholder: Option<String> },
    /// `--output csv`: each record with its solution, `--placeholder` (or
    /// nothing) in place of the others.
    Csv { placeholder: Option<String> },
    /// `--count`: a number per puzzle; `--placeholder` for the others.
    Counts { placeholder: Option<String> },
    /// `--to-dlx`, `--to-dlx-dir`: the problem, or the path of its file.
    Dlx,
    /// `--rate`: each rated puzzle on its line with its rating.
    Ratings,
    /// `--json`: a record per puzzle; `counts` says whether it carries
    /// the count (`--count`, `--unique`).
    Json { counts: bool },
}

/// The summaries at the end.
#[derive(Clone, Copy)]
pub(super) struct Reporting {
    /// `--json`: a summary record on standard output.
    pub(super) json: bool,
    /// `--stats`: a summary line on standard error.
    pub(super) stats: bool,
    /// The engine the summaries name.
    pub(super) engine: Engine,
}

/// `--generate`: what puzzles to make, and how to write them.
pub(super) struct GeneratePlan {
    pub(super) count: u64,
    pub(super) seed: u64,
    pub(super) shape: Shape,
    pub(super) variant: Variant,
    /// Checked to have a symbol for every digit of `shape`.
    pub(super) symbols: Symbols,
    pub(super) symmetric: bool,
    pub(super) rate: bool,
    pub(super) json: bool,
    pub(super) threads: usize,
}

impl Plan {
    /// The plan of `args`, or why they cannot be carried out (which makes
    /// the `--to-dlx-dir` directory, if missing).
    pub(super) fn new(args: &Args) -> Result<Plan, String> {
        let options = ReadOptions {
            shape: args.box_shape,
            symbols: match &args.symbols {
                Some(alphabet) => Symbols::new(alphabet).map_err(|error| error.to_string())?,
                None => Symbols::default(),
            },
            variant: args.variant,
            // Files of puzzles, and the command's flags.
            ..ReadOptions::default()
        };
        let threads = thread_count(args);
        if let Some(count) = args.generate {
            return GeneratePlan::new(args, count, options, threads).map(Plan::Generate);
        }
        if let Some(dir) = &args.to_dlx_dir {
            check_dlx_names(&args.files)?;
            fs::create_dir_all(dir)
                .map_err(|error| format!("cannot make {}: {error}", dir.display()))?;
        }
        let csv = args.output == Some(Written::Csv);
        if let (true, Some(format)) = (csv, args.format.0)
            && format != Format::Csv
        {
            return Err(format!(
                "--output csv writes CSV input back, and --format {} is not CSV",
                format.name()
            ));
        }
        let answering = Answering::new(args);
        let placeholder = args.placeholder.clone();
        let printing = if args.json {
            let counts = matches!(
                answering.mode,
                Mode::Count { .. } | Mode::Unique | Mode::Rate
            );
            Printing::Json { counts }
        } else {
            match answering.mode {
                Mode::ToDlx | Mode::ToDlxDir => Printing::Dlx,
                Mode::Rate => Printing::Ratings,
                Mode::Count { .. } => Printing::Counts { placeholder },
                Mode::Solve | Mode::Unique if csv => Printing::Csv { placeholder },
                Mode::Solve | Mode::Unique => Printing::Grids { placeholder },
            }
        };
        Ok(Plan::Answer(AnswerPlan {
            reporting: Reporting {
                json: args.json,
                stats: args.stats,
                engine: answering.engine,
            },
            answering,
            printing,
            inputs: Inputs {
                files: args.files.clone(),
                format: args.format.0,
                layout: match args.output {
                    Some(Written::Grids(layout)) => Some(layout),
                    Some(Written::Csv) | None => None,
                },
                csv,
                options,
            },
            threads,
            quiet: args.quiet,
        }))
    }
}

impl Answering {
    fn new(args: &Args) -> Answering {
        let mode = if args.to_dlx {
            Mode::ToDlx
        } else if args.to_dlx_dir.is_some() {
            Mode::ToDlxDir
        } else if args.count {
            Mode::Count {
                limit: args.limit.unwrap_or(u64::MAX),
            }
        } else if args.unique {
            Mode::Unique
        } else if args.rate {
            Mode::Rate
        } else {
            Mode::Solve
        };
        let mut budget = Budget::default().stop_on(&interrupt::stop());
        if let Some(nodes) = args.max_nodes {
            budget = budget.max_nodes(nodes);
        }
        if let Some(time) = args.time_limit {
            budget = budget.time_limit(time);
        }
        Answering {
            mode,
            engine: args.engine,
            budget,
            dlx_dir: args.to_dlx_dir.clone(),
        }
    }
}

impl GeneratePlan {
    /// The generation `args` ask for, refused when the generator cannot
    /// make or write such puzzles.
    fn new(
        args: &Args,
        count: u64,
        options: ReadOptions,
        threads: usize,
    ) -> Result<GeneratePlan, String> {
        let shape = options.shape.unwrap_or_default();
        let variant = options.variant;
        let n = shape.size();
        if n < Shape::MIN_LINE_SIZE {
            // Such a puzzle would not read back: lines start at 4x4.
            return Err(format!(
                "cannot generate {n}x{n} puzzles: the smallest size is 4x4 (--box 2x2)"
            ));
        }
        if !options.symbols.supports(n) {
            return Err(format!(
                "a {n}x{n} puzzle needs {n} symbols (give --symbols)"
            ));
        }
        if variant.killer && n > MAX_KILLER_SIZE || variant.jigsaw && n > MAX_JIGSAW_SIZE {
            return Err(GenerateError::TooLarge(variant, shape).to_string());
        }
        Ok(GeneratePlan {
            count,
            seed: args.seed,
            shape,
            variant,
            symbols: options.symbols,
            symmetric: args.symmetric,
            rate: args.rate,
            json: args.json,
            threads,
        })
    }
}

/// The threads to work on: `--threads`, or the default policy's (one per
/// core, `dancing::engine::default_threads`); one when reading
/// puzzles typed at a terminal, so that each answer comes back at once.
fn thread_count(args: &Args) -> usize {
    let typed = Input::all(&args.files)
        .iter()
        .any(|input| matches!(input, Input::Stdin))
        && io::stdin().is_terminal();
    if typed {
        return 1;
    }
    match args.threads {
        Some(threads) => usize::from(threads),
        None => dancing::engine::default_threads(),
    }
}

/// The name of the inputs' files in `--to-dlx-dir`: the file name, or
/// `stdin`.
pub(super) fn dlx_file_stem(input_name: &str) -> String {
    if input_name == Input::Stdin.name() {
        return "stdin".to_owned();
    }
    Path::new(input_name).file_name().map_or_else(
        || "input".to_owned(),
        |name| name.to_string_lossy().into_owned(),
    )
}

/// Refuses inputs whose `--to-dlx-dir` files would have the same names.
fn check_dlx_names(files: &[PathBuf]) -> Result<(), String> {
    let mut seen = HashMap::new();
    for input in Input::all(files) {
        let name = input.name();
        if let Some(before) = seen.insert(dlx_file_stem(&name), name.clone()) {
            return Err(format!(
                "--to-dlx-dir: {before} and {name} would write files of the same names"
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dlx_file_names_are_the_input_names() {
        assert_eq!(dlx_file_stem("<stdin>"), "stdin");
        assert_eq!(dlx_file_stem("a/b/puzzles.txt"), "puzzles.txt");
        let clash = [PathBuf::from("a/p.txt"), PathBuf::from("b/p.txt")];
        assert!(check_dlx_names(&clash).is_err());
        assert!(check_dlx_names(&[PathBuf::from("a/p.txt"), PathBuf::from("-")]).is_ok());
    }
}
