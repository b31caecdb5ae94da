//! No flag silently ignored (issue 36): every pair of flags of every command
//! is either refused by clap (a conflict, or a `requires` that conflicts) or
//! listed below as a pair known to work together. A flag added later without
//! deciding its combinations fails this test.
//!
//! In-process, on the parser's own definition (`Cli::command()`): each pair
//! is parsed with `try_get_matches_from`, with the flags either one
//! `requires` added until clap stops asking for them.

use std::collections::{BTreeMap, BTreeSet};

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Arg, Command, CommandFactory, Parser};

use crate::Cli;

/// Pairs of flags that work together, by command (`solve`, `gen queens`):
/// each flag with the flags it works with, as shown in `--help` (`FILES` for
/// the input files, `-j` for `--threads`; each pair listed once). `gen *`
/// holds the pairs of the flags every `dlx gen` problem shares. Each pair
/// was checked to do what both flags say (issue 36).
const WORK_TOGETHER: &[(&str, &str, &str)] = &[
    // ---- dlx zdd. A diagram is built from FILE (shaped by --order,
    // --max-nodes, --memo-limit) or read with --read (FILE then only names
    // the options); every answer (--count, --sizes, --sample with its
    // --seed, --list) and --write come from either.
    (
        "zdd",
        "FILE",
        "--read --write --order --count --sizes --sample --seed --list --max-nodes --memo-limit --costs --best --json --time-limit",
    ),
    (
        "zdd",
        "--read",
        "--write --count --sizes --sample --seed --list --costs --best --json",
    ),
    (
        "zdd",
        "--write",
        "--order --count --sizes --sample --seed --list --max-nodes --memo-limit --costs --best --json --time-limit",
    ),
    (
        "zdd",
        "--order",
        "--count --sizes --sample --seed --list --max-nodes --memo-limit --costs --best --json --time-limit",
    ),
    (
        "zdd",
        "--count",
        "--sizes --sample --seed --list --max-nodes --memo-limit --costs --best --json --time-limit",
    ),
    (
        "zdd",
        "--sizes",
        "--sample --seed --list --max-nodes --memo-limit --costs --best --json --time-limit",
    ),
    (
        "zdd",
        "--sample",
        "--seed --list --max-nodes --memo-limit --costs --best --json --time-limit",
    ),
    (
        "zdd",
        "--seed",
        "--list --max-nodes --memo-limit --costs --best --json --time-limit",
    ),
    (
        "zdd",
        "--list",
        "--max-nodes --memo-limit --costs --best --json --time-limit",
    ),
    ("zdd", "--max-nodes", "--memo-limit --time-limit"),
    // The answers about costs (--costs, --best K) and --json come with any
    // other answer; --time-limit bounds the build (none with --read).
    (
        "zdd",
        "--costs",
        "--best --json --time-limit --max-nodes --memo-limit",
    ),
    (
        "zdd",
        "--best",
        "--json --time-limit --max-nodes --memo-limit",
    ),
    ("zdd", "--json", "--time-limit --max-nodes --memo-limit"),
    ("zdd", "--memo-limit", "--time-limit"),
    // ---- dlx solve. The files, and the search flags (threads, budgets,
    // progress, figures) compose with every mode: printing, --count, -n,
    // --json, --memo (counting), --tasks (result lines). --best is a search
    // of its own (no counting; its tasks keep their K best); --memo cannot stop after -n or
    // profile levels; a task run refuses what would change or duplicate its
    // result line (see crate::conflicts for each reason).
    (
        "solve",
        "FILES",
        "--count -n --json --best --improvements --draw --color -j --max-nodes --time-limit -q --stats --profile --memo --memo-limit --seed --tasks --task --task-range --task-from-env --chunk",
    ),
    // --draw prints each solution as a picture instead of its lines, under
    // any search flag; --color colors its pieces.
    (
        "solve",
        "--draw",
        "--color -n -j --max-nodes --time-limit -q --stats --profile --seed",
    ),
    (
        "solve",
        "--color",
        "-n -j --max-nodes --time-limit -q --stats --profile --seed",
    ),
    (
        "solve",
        "--count",
        "-n --json -j --max-nodes --time-limit -q --stats --profile --memo --memo-limit --seed --tasks --task --task-range --task-from-env --chunk",
    ),
    (
        "solve",
        "-n",
        "--json -j --max-nodes --time-limit -q --stats --profile --seed",
    ),
    (
        "solve",
        "--json",
        "--best --improvements -j --max-nodes --time-limit -q --stats --profile --memo --memo-limit --seed",
    ),
    (
        "solve",
        "--best",
        "--improvements -j --max-nodes --time-limit -q --stats --tasks --task --task-range --task-from-env --chunk",
    ),
    (
        "solve",
        "--improvements",
        "-j --max-nodes --time-limit -q --stats",
    ),
    (
        "solve",
        "-j",
        "--max-nodes --time-limit -q --stats --profile --memo --memo-limit --seed --tasks --task --task-range --task-from-env --chunk",
    ),
    (
        "solve",
        "--max-nodes",
        "--time-limit -q --stats --profile --memo --memo-limit --seed --tasks --task --task-range --task-from-env --chunk",
    ),
    (
        "solve",
        "--time-limit",
        "-q --stats --profile --memo --memo-limit --seed --tasks --task --task-range --task-from-env --chunk",
    ),
    (
        "solve",
        "-q",
        "--stats --profile --memo --memo-limit --seed --tasks --task --task-range --task-from-env --chunk",
    ),
    ("solve", "--stats", "--profile --memo --memo-limit --seed"),
    ("solve", "--profile", "--seed"),
    ("solve", "--memo", "--memo-limit"),
    // --heuristic chooses the branches of every listing and plain count
    // (a learning rule with -j 2 or more is refused when the plan is
    // made: it searches on one thread).
    (
        "solve",
        "--heuristic",
        "FILES --count -n --json --draw --color -j --max-nodes --time-limit -q --stats --seed",
    ),
    (
        "solve",
        "--tasks",
        "--task --task-range --task-from-env --chunk",
    ),
    // --chunk sizes what one index runs: it needs --task or
    // --task-from-env (checked when the plan is made), and clap refuses it
    // with --task-range, which it would not change.
    ("solve", "--task", "--chunk"),
    ("solve", "--task-from-env", "--chunk"),
    // ---- dlx sudoku. Reading (files, --format) and the puzzles' shape,
    // alphabet and variant compose with every mode; --box, --symbols and
    // --variant also shape --generate. The modes (solve, --count [--limit],
    // --unique, --to-dlx, --to-dlx-dir) take the budgets, --stats, --json
    // and --placeholder where they print answers; -j and -q go with all.
    // --rate rates the puzzles of the files, or those --generate makes.
    // --to-dlx with -j: accepted as for any input (one puzzle, one job).
    (
        "sudoku",
        "FILES",
        "--format --box --symbols --variant --output --engine --count --limit --unique --to-dlx --to-dlx-dir --max-nodes --time-limit --stats --json --placeholder -j --rate -q",
    ),
    (
        "sudoku",
        "--format",
        "--box --symbols --variant --output --engine --count --limit --unique --to-dlx --to-dlx-dir --max-nodes --time-limit --stats --json --placeholder -j --rate -q",
    ),
    (
        "sudoku",
        "--box",
        "--symbols --variant --output --engine --count --limit --unique --to-dlx --to-dlx-dir --max-nodes --time-limit --stats --json --placeholder -j --generate --seed --symmetric --rate -q",
    ),
    (
        "sudoku",
        "--symbols",
        "--variant --output --engine --count --limit --unique --to-dlx --to-dlx-dir --max-nodes --time-limit --stats --json --placeholder -j --generate --seed --symmetric --rate -q",
    ),
    (
        "sudoku",
        "--variant",
        "--output --engine --count --limit --unique --to-dlx --to-dlx-dir --max-nodes --time-limit --stats --json --placeholder -j --generate --seed --symmetric --rate -q",
    ),
    (
        "sudoku",
        "--output",
        "--engine --unique --max-nodes --time-limit --stats --placeholder -j -q",
    ),
    (
        "sudoku",
        "--engine",
        "--count --limit --unique --max-nodes --time-limit --stats --json --placeholder -j -q",
    ),
    (
        "sudoku",
        "--count",
        "--limit --max-nodes --time-limit --stats --json --placeholder -j -q",
    ),
    (
        "sudoku",
        "--limit",
        "--max-nodes --time-limit --stats --json --placeholder -j -q",
    ),
    (
        "sudoku",
        "--unique",
        "--max-nodes --time-limit --stats --json --placeholder -j -q",
    ),
    ("sudoku", "--to-dlx", "-j -q"),
    ("sudoku", "--to-dlx-dir", "-j -q"),
    (
        "sudoku",
        "--max-nodes",
        "--time-limit --stats --json --placeholder -j -q",
    ),
    (
        "sudoku",
        "--time-limit",
        "--stats --json --placeholder -j -q",
    ),
    ("sudoku", "--stats", "--json --placeholder -j --rate -q"),
    (
        "sudoku",
        "--json",
        "-j --generate --seed --symmetric --rate -q",
    ),
    ("sudoku", "--placeholder", "-j -q"),
    ("sudoku", "-j", "--generate --seed --symmetric --rate -q"),
    ("sudoku", "--generate", "--seed --symmetric --rate -q"),
    ("sudoku", "--seed", "--symmetric --rate -q"),
    ("sudoku", "--symmetric", "--rate -q"),
    ("sudoku", "--rate", "-q"),
    // ---- Every `dlx gen` problem: --solve draws, --count counts (with
    // --memo), --max caps either; the search flags go with both.
    (
        "gen *",
        "--solve",
        "--max -j --max-nodes --time-limit -q --stats --profile --seed",
    ),
    (
        "gen *",
        "--count",
        "--max -j --max-nodes --time-limit -q --stats --profile --memo --memo-limit --seed",
    ),
    (
        "gen *",
        "--max",
        "-j --max-nodes --time-limit -q --stats --profile --seed",
    ),
    (
        "gen *",
        "-j",
        "--max-nodes --time-limit -q --stats --profile --memo --memo-limit --seed",
    ),
    (
        "gen *",
        "--max-nodes",
        "--time-limit -q --stats --profile --memo --memo-limit --seed",
    ),
    (
        "gen *",
        "--time-limit",
        "-q --stats --profile --memo --memo-limit --seed",
    ),
    (
        "gen *",
        "-q",
        "--stats --profile --memo --memo-limit --seed",
    ),
    ("gen *", "--stats", "--profile --memo --memo-limit --seed"),
    ("gen *", "--profile", "--seed"),
    ("gen *", "--memo", "--memo-limit"),
    (
        "gen *",
        "--heuristic",
        "--solve --count --max -j --max-nodes --time-limit -q --stats --seed",
    ),
    // ---- The problems' own flags change the problem, so they go with
    // every way of writing, solving or counting it; --color only with
    // drawings (not --count, nor --memo, which needs --count), and only on
    // the problems that draw in color (the others refuse it when run).
    (
        "gen langford",
        "--up-to-reversal",
        "--solve --count --max -j --max-nodes --time-limit -q --stats --profile --memo --memo-limit --seed --heuristic",
    ),
    (
        "gen pentomino",
        "--color",
        "--pieces --up-to-symmetry --solve --max -j --max-nodes --time-limit -q --stats --profile --seed --heuristic",
    ),
    (
        "gen dominoes",
        "--color",
        "--solve --max -j --max-nodes --time-limit -q --stats --profile --seed --heuristic",
    ),
    (
        "gen tiling",
        "--color",
        "--shapes --prices --solve --max -j --max-nodes --time-limit -q --stats --profile --seed --heuristic",
    ),
    (
        "gen pentomino",
        "--pieces",
        "--up-to-symmetry --solve --count --max -j --max-nodes --time-limit -q --stats --profile --memo --memo-limit --seed --heuristic",
    ),
    (
        "gen pentomino",
        "--up-to-symmetry",
        "--solve --count --max -j --max-nodes --time-limit -q --stats --profile --memo --memo-limit --seed --heuristic",
    ),
    (
        "gen tiling",
        "--shapes",
        "--prices --solve --count --max -j --max-nodes --time-limit -q --stats --profile --memo --memo-limit --seed --heuristic",
    ),
    // Prices are written as the options' costs (for `dlx solve --best`);
    // drawing and counting list every tiling, whatever it costs, as
    // `dlx solve` does on a file with costs.
    (
        "gen tiling",
        "--prices",
        "--solve --count --max -j --max-nodes --time-limit -q --stats --profile --memo --memo-limit --seed --heuristic",
    ),
    (
        "gen matrices",
        "--column-sums",
        "--row-sums --solve --count --max -j --max-nodes --time-limit -q --stats --profile --memo --memo-limit --seed --heuristic",
    ),
    (
        "gen matrices",
        "--row-sums",
        "--solve --count --max -j --max-nodes --time-limit -q --stats --profile --memo --memo-limit --seed --heuristic",
    ),
    (
        "gen words",
        "--distinct",
        "--solve --count --max -j --max-nodes --time-limit -q --stats --profile --memo --memo-limit --seed --heuristic",
    ),
    // The assignment's costs: N workers with random costs (--cost-seed,
    // --max-cost), or a matrix file (--costs, which refuses the others).
    (
        "gen assignment",
        "N",
        "--cost-seed --max-cost --solve --count --max -j --max-nodes --time-limit -q --stats --profile --memo --memo-limit --seed --heuristic",
    ),
    (
        "gen assignment",
        "--cost-seed",
        "--max-cost --solve --count --max -j --max-nodes --time-limit -q --stats --profile --memo --memo-limit --seed --heuristic",
    ),
    (
        "gen assignment",
        "--max-cost",
        "--solve --count --max -j --max-nodes --time-limit -q --stats --profile --memo --memo-limit --seed --heuristic",
    ),
    (
        "gen assignment",
        "--costs",
        "--solve --count --max -j --max-nodes --time-limit -q --stats --profile --memo --memo-limit --seed --heuristic",
    ),
    // ---- dlx estimate, dlx split: each flag tunes one thing of one run.
    ("estimate", "FILE", "--probes --seed --json"),
    ("estimate", "--probes", "--seed --json"),
    ("estimate", "--seed", "--json"),
    ("split", "FILE", "--tasks --depth --balance --probes --seed"),
    ("split", "--tasks", "--balance --probes --seed"),
    ("split", "--depth", "--balance --probes --seed"),
    ("split", "--balance", "--probes --seed"),
    ("split", "--probes", "--seed"),
    // ---- dlx merge: --tasks checks the results whatever is printed; the
    // total (with --solutions, --stats) and --rerun's task file name their
    // faults, all of them with --verbose. --json holds it all already.
    (
        "merge",
        "--tasks",
        "--rerun --solutions --stats --verbose --json --progress --chunk",
    ),
    // --chunk regroups --rerun's tasks.
    ("merge", "--chunk", "--rerun --verbose"),
    // --progress prints how far the run is instead of the total: in the
    // JSON account with --json; --verbose names the tasks left too.
    ("merge", "--progress", "--json --verbose"),
    ("merge", "--rerun", "--verbose"),
    ("merge", "--solutions", "--stats --verbose"),
    ("merge", "--stats", "--verbose"),
    // ---- dlx verify.
    ("verify", "SOLUTIONS", "--format -q"),
    ("verify", "--format", "-q"),
];

/// A value clap accepts for `arg`: its default, its first
/// possible value, or the first of a few usual values that its parser takes.
fn sample(arg: &Arg) -> String {
    if let Some(default) = arg.get_default_values().first() {
        return default.to_string_lossy().into_owned();
    }
    if let Some(value) = arg.get_possible_values().first() {
        return value.get_name().to_owned();
    }
    let candidates = [
        "2",
        "0..1",
        "1s",
        "1M",
        "2x2",
        "3x3",
        "classic",
        "123456789",
        "D=1",
        "x",
    ];
    // Tried on the argument's parser alone, in a command of its own.
    let alone = Arg::new("value")
        .long("value")
        .value_parser(arg.get_value_parser().clone());
    let alone = Command::new("sample").arg(alone);
    let value = candidates
        .into_iter()
        .find(|value| {
            let argv = ["sample", "--value", value];
            alone.clone().try_get_matches_from(argv).is_ok()
        })
        .unwrap_or_else(|| panic!("no sample value for {}: add one", name(arg)));
    value.to_owned()
}

/// How `arg` is named in the table: `FILES` for a positional, the short
/// flag for `-j`, `-n` and `-q`, else the long flag.
fn name(arg: &Arg) -> String {
    if arg.is_positional() {
        return arg.get_id().as_str().to_uppercase();
    }
    match (arg.get_short(), arg.get_long()) {
        (Some(short), _) if matches!(short, 'j' | 'n' | 'q') => format!("-{short}"),
        (_, Some(long)) => format!("--{long}"),
        (Some(short), None) => format!("-{short}"),
        (None, None) => arg.get_id().as_str().to_owned(),
    }
}

/// The words that give `arg` on a command line.
fn words(arg: &Arg) -> Vec<String> {
    let mut words = Vec::new();
    if !arg.is_positional() {
        words.push(match arg.get_long() {
            Some(long) => format!("--{long}"),
            None => format!("-{}", arg.get_short().expect("a flag has a name")),
        });
    }
    if arg.get_action().takes_values() {
        words.push(sample(arg));
    }
    words
}

/// Every command that takes flags, by its path (`solve`, `gen queens`).
fn leaves(command: &Command, path: &str, out: &mut Vec<(String, Command)>) {
    let mut any = false;
    for sub in command.get_subcommands() {
        if sub.get_name() == "help" {
            continue;
        }
        any = true;
        let path = format!("{path} {}", sub.get_name()).trim().to_owned();
        leaves(sub, &path, out);
    }
    if !any {
        out.push((path.to_owned(), command.clone()));
    }
}

/// What clap makes of a pair of flags.
#[derive(Debug, PartialEq, Eq)]
enum Verdict {
    /// Taken, with the flags either requires.
    Taken,
    /// Refused, as typed and with the flags either requires.
    Refused,
    /// Refused with the flags they require, but taken as typed: clap waives
    /// a `requires` whose target conflicts with a flag given, so one of the
    /// pair would be ignored (`--count --seed 3` in `dlx sudoku`, where
    /// --seed requires --generate). The flag that requires must carry the
    /// conflicts of the flag it requires.
    Waived,
}

/// Parses `dlx PATH` with `args` (flags first, positionals last, so that
/// no value is taken for a positional).
fn parse(path: &str, args: &[&Arg]) -> Result<(), clap::Error> {
    Cli::command()
        .try_get_matches_from(argv(path, args))
        .map(drop)
}

/// The command line `dlx PATH` with `args`, flags first, positionals last.
fn argv(path: &str, args: &[&Arg]) -> Vec<String> {
    let mut argv: Vec<String> = vec!["dlx".into()];
    argv.extend(path.split(' ').map(str::to_owned));
    for arg in args.iter().filter(|arg| !arg.is_positional()) {
        argv.extend(words(arg));
    }
    for arg in args.iter().filter(|arg| arg.is_positional()) {
        argv.extend(words(arg));
    }
    argv
}

/// Whether `dlx PATH` with `args` is a `dlx gen` problem given `--color`
/// that refuses it when run: clap takes the flag on every problem, so that
/// those without colors can say so.
fn refuses_color(path: &str, args: &[&Arg]) -> bool {
    if !args.iter().any(|arg| arg.get_long() == Some("color")) {
        return false;
    }
    match Cli::try_parse_from(argv(path, args)) {
        Ok(Cli {
            command: crate::Command::Gen(args),
        }) => !args.problem.draws_in_color(),
        _ => false,
    }
}

/// `arg` with the command's required arguments and every flag it
/// requires, found by asking clap until it stops asking.
fn with_requirements<'a>(
    command: &'a Command,
    path: &str,
    arg: &'a Arg,
) -> Result<Vec<&'a Arg>, String> {
    let mut given: Vec<&Arg> = command
        .get_arguments()
        .filter(|other| other.is_required_set() && other.get_id() != arg.get_id())
        .collect();
    given.push(arg);
    for _ in 0..8 {
        let error = match parse(path, &given) {
            Ok(()) => return Ok(given),
            Err(error) => error,
        };
        let missing = match (error.kind(), error.get(ContextKind::InvalidArg)) {
            (ErrorKind::MissingRequiredArgument, Some(ContextValue::Strings(missing))) => missing,
            _ => return Err(format!("{path} {}: {error}", name(arg))),
        };
        for missing in missing {
            // `--memo`, or `--tasks <TASKS>`.
            let flag = missing.split(' ').next().unwrap_or_default();
            let found = command
                .get_arguments()
                .find(|other| other.get_long() == flag.strip_prefix("--") || name(other) == flag);
            match found {
                Some(other) => given.push(other),
                None => return Err(format!("{path}: no argument {flag}: {error}")),
            }
        }
    }
    Err(format!(
        "{path}: the requirements of {} do not end",
        name(arg)
    ))
}

/// What clap makes of `first` and `second` together on `command`.
fn verdict(command: &Command, path: &str, first: &Arg, second: &Arg) -> Result<Verdict, String> {
    let mut both = with_requirements(command, path, first)?;
    for arg in with_requirements(command, path, second)? {
        if !both.iter().any(|given| given.get_id() == arg.get_id()) {
            both.push(arg);
        }
    }
    match parse(path, &both) {
        Ok(()) if refuses_color(path, &both) => Ok(Verdict::Refused),
        Ok(()) => Ok(Verdict::Taken),
        Err(error) if error.kind() == ErrorKind::ArgumentConflict => {
            let mut typed: Vec<&Arg> = command
                .get_arguments()
                .filter(|arg| arg.is_required_set())
                .filter(|arg| arg.get_id() != first.get_id() && arg.get_id() != second.get_id())
                .collect();
            typed.extend([first, second]);
            Ok(match parse(path, &typed) {
                Ok(()) => Verdict::Waived,
                Err(_) => Verdict::Refused,
            })
        }
        Err(error) => Err(format!("{path} {} {}: {error}", name(first), name(second))),
    }
}

/// The table as sets of unordered pairs, by command.
fn table() -> BTreeMap<&'static str, BTreeSet<(String, String)>> {
    let mut pairs: BTreeMap<&str, BTreeSet<(String, String)>> = BTreeMap::new();
    for &(command, flag, partners) in WORK_TOGETHER {
        for partner in partners.split_whitespace() {
            let pair = ordered(flag.to_owned(), partner.to_owned());
            let set = pairs.entry(command).or_default();
            assert!(
                set.insert(pair.clone()),
                "{command}: {pair:?} is listed twice"
            );
        }
    }
    pairs
}

fn ordered(a: String, b: String) -> (String, String) {
    if a <= b { (a, b) } else { (b, a) }
}

#[test]
fn every_pair_of_flags_is_refused_or_known_to_work() {
    let mut root = Cli::command();
    root.build();
    let mut commands = Vec::new();
    leaves(&root, "", &mut commands);
    let table = table();
    let mut unknown = Vec::new();
    let mut stale = Vec::new();
    let mut waived = Vec::new();
    let mut used: BTreeSet<(String, (String, String))> = BTreeSet::new();
    for (path, command) in &commands {
        let args: Vec<&Arg> = command
            .get_arguments()
            .filter(|arg| !matches!(arg.get_id().as_str(), "help" | "version"))
            .filter(|arg| !arg.is_required_set())
            .collect();
        let gen_shared = path
            .starts_with("gen ")
            .then(|| table.get("gen *"))
            .flatten();
        let listed = |pair: &(String, String)| {
            table
                .get(path.as_str())
                .is_some_and(|set| set.contains(pair))
                || gen_shared.is_some_and(|set| set.contains(pair))
        };
        for (k, first) in args.iter().enumerate() {
            for second in &args[k + 1..] {
                let pair = ordered(name(first), name(second));
                let verdict =
                    verdict(command, path, first, second).unwrap_or_else(|error| panic!("{error}"));
                let shown = format!("{path}: {} {}", pair.0, pair.1);
                match (verdict, listed(&pair)) {
                    (Verdict::Taken, false) => unknown.push(shown),
                    (Verdict::Refused, true) => stale.push(shown),
                    (Verdict::Waived, _) => waived.push(shown),
                    _ => {}
                }
                if gen_shared.is_some() {
                    used.insert(("gen *".to_owned(), pair.clone()));
                }
                used.insert((path.clone(), pair));
            }
        }
    }
    // Every entry names a pair of some command's flags.
    let mut absent = Vec::new();
    for (command, pairs) in &table {
        for pair in pairs {
            if !used.contains(&((*command).to_owned(), pair.clone())) {
                absent.push(format!("{command}: {} {}", pair.0, pair.1));
            }
        }
    }
    assert!(
        unknown.is_empty() && stale.is_empty() && absent.is_empty() && waived.is_empty(),
        "pairs neither refused by clap nor listed as working together (decide: a clap \
         conflict saying why, or an entry in WORK_TOGETHER):\n  {}\n\
         pairs listed as working together that clap refuses:\n  {}\n\
         listed pairs of flags a command does not have:\n  {}\n\
         pairs refused with the flags they require but taken as typed, one of \
         them ignored (the flag that requires must conflict as its target does):\n  {}",
        unknown.join("\n  "),
        stale.join("\n  "),
        absent.join("\n  "),
        waived.join("\n  ")
    );
}
