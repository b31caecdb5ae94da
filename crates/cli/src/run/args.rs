//! The search flags that every command that searches takes (`dlx solve`,
//! `dlx gen --solve/--count`), and the [`SearchPlan`] they make.

use std::time::Duration;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use dancing::Branching;
use dancing::expert::DEFAULT_MEMO_LIMIT;

use super::plan::SearchPlan;
use super::values::{parse_duration, parse_size};

// How a search runs and what it reports: threads, budgets, progress and
// statistics; the same flags for every command that searches. (A plain
// comment: clap would take a doc comment of a flattened struct for the
// about of the command it is flattened into.)
#[derive(clap::Args, Debug, Clone, Default)]
pub struct SearchArgs {
    /// Search on N threads [default: one per core]. Solutions are printed in
    /// the same order whatever N is; `-j 1` is the sequential search.
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub threads: Option<u64>,

    /// Stop each search after about N search-tree nodes (exactly N on one
    /// thread) and report what was found.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_nodes: Option<u64>,

    /// Stop each input after this long, reading included (`90`, `90s`,
    /// `250ms`, `1.5m`, `2h`), and report what was found.
    #[arg(long, value_name = "TIME", value_parser = parse_duration)]
    pub time_limit: Option<Duration>,

    /// Show no progress bar (it is shown only on a terminal, for long searches).
    #[arg(short, long)]
    pub quiet: bool,

    /// Print one line of statistics on standard error (`name value` pairs).
    #[arg(long)]
    pub stats: bool,

    /// Print the number of search-tree nodes at each depth on standard error.
    #[arg(long)]
    pub profile: bool,

    // Memoized counting (see the runner).
    /// Count with a cache of subproblems (memoized counting, as DXZ and
    /// Knuth's DLX6): exact counts up to 2^128 - 1, and far fewer nodes
    /// where subproblems recur (tilings, matchings, partitions), with
    /// colors and item bounds too. Needs --count; runs on -j threads, which
    /// share one cache. The cache turns itself off where it does not pay.
    #[arg(long, requires = "count", conflicts_with_all = ["profile", "seed"])]
    pub memo: bool,

    /// Bound the memory of the --memo cache: bytes, or with a suffix K, M,
    /// G (`64M`, `1G`) [default: 256M]. When full it is emptied and
    /// refilled; the count stays exact.
    #[arg(long, value_name = "SIZE", value_parser = parse_size, requires = "memo", conflicts_with_all = ["profile", "seed"])]
    pub memo_limit: Option<usize>,

    /// Break ties among the items with fewest options, and order the
    /// options, at random from seed S: the same seed gives the same search
    /// (on any number of threads), another seed other solutions first.
    /// Counts do not change.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,

    /// How to choose the item to branch on: `mrv`, the fewest options
    /// (Knuth's DLX1-3 and SSXCC; the default), or a rule that learns from
    /// the search's dead ends, as Knuth's 2025 programs: `wtd`, fewest
    /// options per weight, an item's weight growing each time it is wiped
    /// out (SSXCC-WTD0), or `frb`, per failure rate (SSXCC-FRB0). The
    /// learning rules search on dancing cells, on one thread, problems
    /// without item bounds; the trees, nodes and updates are Knuth's.
    #[arg(long, value_name = "RULE", value_parser = branching_parser(),
          conflicts_with_all = ["memo", "memo_limit", "profile"])]
    pub heuristic: Option<Branching>,
}

/// `--heuristic`'s values, shown in `--help` and in the error for another.
fn branching_parser() -> impl TypedValueParser<Value = Branching> {
    PossibleValuesParser::new(Branching::ALL.map(Branching::as_str)).map(|name| {
        Branching::ALL
            .into_iter()
            .find(|rule| rule.as_str() == name)
            .unwrap_or_default()
    })
}

impl SearchArgs {
    /// The plan these flags make (clap has checked their conflicts); the
    /// error is the message to show: a learning rule with more than one
    /// thread, which it cannot use (what it learns depends on the order of
    /// the whole search).
    pub fn plan(&self) -> Result<SearchPlan, String> {
        let rule = self.heuristic.unwrap_or_default();
        if let (true, Some(threads @ 2..)) = (rule.learns(), self.threads) {
            return Err(format!(
                "--heuristic {rule} searches on one thread (what it learns depends on the order \
                 of the whole search): give -j 1 or leave out -j, not -j {threads}"
            ));
        }
        Ok(SearchPlan {
            // A learning rule searches on one thread.
            threads_given: if rule.learns() {
                Some(1)
            } else {
                self.threads.map(|n| n as usize)
            },
            max_nodes: self.max_nodes,
            time_limit: self.time_limit,
            quiet: self.quiet,
            stats: self.stats,
            profile: self.profile,
            memo_limit: self
                .memo
                .then(|| self.memo_limit.unwrap_or(DEFAULT_MEMO_LIMIT)),
            seed: self.seed,
            branching: rule,
        })
    }

    /// The flags given, by name, for the message that says they need a
    /// search (`dlx gen` without --solve or --count).
    pub fn given(&self) -> Vec<&'static str> {
        let flags = [
            (self.threads.is_some(), "--threads"),
            (self.max_nodes.is_some(), "--max-nodes"),
            (self.time_limit.is_some(), "--time-limit"),
            (self.quiet, "--quiet"),
            (self.stats, "--stats"),
            (self.profile, "--profile"),
            (self.memo, "--memo"),
            (self.memo_limit.is_some(), "--memo-limit"),
            (self.seed.is_some(), "--seed"),
            (self.heuristic.is_some(), "--heuristic"),
        ];
        flags
            .into_iter()
            .filter_map(|(given, name)| given.then_some(name))
            .collect()
    }
}
