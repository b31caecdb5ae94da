//! Why two flags do not go together. Clap refuses the pair (each command's
//! `conflicts_with`); this adds the reason to its message as a `tip:` line,
//! so that a refusal is never just "cannot be used with".

use clap::error::{ContextKind, ContextValue, ErrorKind};

/// `(command, flag, other, why)`: `other` is a flag, or `*` for any flag
/// the first one conflicts with. Flags that only refine another (the task
/// selection flags, --memo-limit, --generate's --seed) are named by the
/// flag they refine, through [`refined`].
const WHY: &[(&str, &str, &str, &str)] = &[
    (
        "solve",
        "--tasks",
        "--max-solutions",
        "-n cannot cut tasks short: run them whole, then merge",
    ),
    (
        "solve",
        "--tasks",
        "--seed",
        "a task's path is a node of the search in input order; a shuffled search has other nodes",
    ),
    (
        "solve",
        "--tasks",
        "--memo",
        "a task's result counts the nodes and updates of the plain search, which the memoized count does not",
    ),
    (
        "solve",
        "--tasks",
        "--stats",
        "each result line holds its task's figures; `dlx merge --stats` adds them up",
    ),
    (
        "solve",
        "--tasks",
        "--profile",
        "each result line holds its task's figures; `dlx merge --stats` adds them up",
    ),
    (
        "solve",
        "--tasks",
        "--json",
        "result lines are JSON already",
    ),
    (
        "solve",
        "--tasks",
        "--improvements",
        "a task's result line keeps its K best; the improvements found on the way are not results",
    ),
    (
        "solve",
        "--improvements",
        "*",
        "--improvements shows the search of --best, a branch-and-bound search of its own: \
         counting, -n, --memo, --seed and --profile do not apply",
    ),
    (
        "solve",
        "--best",
        "*",
        "--best is a branch-and-bound search of its own, for the cheapest solutions: \
         counting, -n, --memo, --seed and --profile do not apply",
    ),
    (
        "*",
        "--memo",
        "--max-solutions",
        "the memoized count adds up whole subtrees from its cache: it cannot stop after N solutions",
    ),
    (
        "*",
        "--memo",
        "--max",
        "the memoized count adds up whole subtrees from its cache: it cannot stop after N solutions",
    ),
    (
        "*",
        "--memo",
        "--profile",
        "the memoized count skips the subtrees its cache holds, so it has no nodes per level to show",
    ),
    (
        "*",
        "--memo",
        "--seed",
        "the memoized count searches in input order (a shuffled search counts the same)",
    ),
    (
        "solve",
        "--tasks",
        "--heuristic",
        "a task's path is a node of the fewest-options tree; what a learning rule branches on \
         depends on the whole search before it, which a task does not run",
    ),
    (
        "*",
        "--heuristic",
        "--memo",
        "the memoized count branches in an order of its own, which keeps its cache's \
         subproblems few (see `dlx zdd --order`)",
    ),
    (
        "*",
        "--heuristic",
        "--profile",
        "--heuristic searches on dancing cells, which keep no count of nodes per level",
    ),
    (
        "gen",
        "--memo",
        "--solve",
        "--memo counts without visiting the solutions, so there are none to draw: use --count",
    ),
    (
        "gen",
        "--color",
        "--count",
        "--color colors the drawings of --solve, and --count draws none",
    ),
    (
        "gen",
        "--color",
        "--memo",
        "--color colors the drawings of --solve, and --memo (with --count) draws none",
    ),
    (
        "sudoku",
        "--engine",
        "--to-dlx",
        "--to-dlx writes the exact cover for any solver: no engine runs",
    ),
    (
        "sudoku",
        "--engine",
        "--to-dlx-dir",
        "--to-dlx-dir writes the exact covers for any solver: no engine runs",
    ),
    (
        "sudoku",
        "--stats",
        "--to-dlx-dir",
        "--to-dlx-dir solves no puzzle, so there are no figures to show",
    ),
    (
        "sudoku",
        "--generate",
        "*",
        "--generate makes puzzles (and --seed and --symmetric say how): flags about \
         reading, solving or printing the answers of puzzles do not apply",
    ),
    (
        "sudoku",
        "--rate",
        "*",
        "--rate answers each puzzle with its rating, on the puzzle's line, by the one search \
         it rates with: flags about other answers, their layout, the engine or a budget do not apply",
    ),
    (
        "sudoku",
        "--limit",
        "*",
        "--limit stops the counting of --count, which this mode does not do",
    ),
    (
        "merge",
        "--stats",
        "--rerun",
        "--rerun writes the tasks still to run, not a total: there are no figures yet",
    ),
    (
        "merge",
        "--stats",
        "--json",
        "the JSON account holds the figures already",
    ),
    (
        "merge",
        "--verbose",
        "--json",
        "the JSON account names every task missing and every fault already",
    ),
];

/// The flag that `flag` refines in `command`, for [`WHY`].
fn refined<'a>(command: &str, flag: &'a str) -> &'a str {
    match (command, flag) {
        ("solve", "--task" | "--task-range" | "--task-from-env" | "--chunk") => "--tasks",
        (_, "--memo-limit") => "--memo",
        ("sudoku", "--seed" | "--symmetric") => "--generate",
        _ => flag,
    }
}

/// The flag of a clap context value: `--seed` of `--seed <S>`.
fn flag_of(value: &str) -> &str {
    value.split(' ').next().unwrap_or(value)
}

/// Why `a` and `b` do not go together in `command`, if [`WHY`] says.
pub fn why(command: &str, a: &str, b: &str) -> Option<&'static str> {
    let (a, b) = (refined(command, a), refined(command, b));
    WHY.iter()
        .find(|&&(cmd, first, second, _)| {
            (cmd == "*" || cmd == command)
                && ((first == a && (second == b || second == "*"))
                    || (first == b && (second == a || second == "*")))
        })
        .map(|&(.., why)| why)
}

/// `error` with the reason for a conflict added, when it is one that
/// [`WHY`] explains; `command` is the subcommand given (`solve`).
pub fn explain(mut error: clap::Error, command: &str) -> clap::Error {
    if error.kind() != ErrorKind::ArgumentConflict {
        return error;
    }
    let Some(ContextValue::String(invalid)) = error.get(ContextKind::InvalidArg) else {
        return error;
    };
    let invalid = flag_of(invalid).to_owned();
    let prior: Vec<String> = match error.get(ContextKind::PriorArg) {
        Some(ContextValue::String(prior)) => vec![flag_of(prior).to_owned()],
        Some(ContextValue::Strings(prior)) => prior.iter().map(|p| flag_of(p).to_owned()).collect(),
        _ => return error,
    };
    let reasons: Vec<clap::builder::StyledStr> = prior
        .iter()
        .filter_map(|prior| why(command, &invalid, prior))
        .map(Into::into)
        .collect();
    if !reasons.is_empty() {
        error.insert(ContextKind::Suggested, ContextValue::StyledStrs(reasons));
    }
    error
}
