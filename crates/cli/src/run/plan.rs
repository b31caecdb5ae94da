//! How a search runs and what it reports, decided once from the search
//! flags ([`SearchArgs::plan`](super::args::SearchArgs::plan)): what the
//! runner and the summary are handed instead of the raw arguments.

use std::time::Duration;

use dancing::Branching;

/// How a search runs and what it reports.
#[derive(Clone, Debug)]
pub struct SearchPlan {
    /// The threads to search on: `-j` (1 for a learning rule), else `None`,
    /// one per core ([`threads`](Self::threads)), which the engine asks
    /// the system for only when a search needs them.
    pub threads_given: Option<usize>,
    /// `--max-nodes`: about this many search-tree nodes, then stop.
    pub max_nodes: Option<u64>,
    /// `--time-limit`, for the clock of each input.
    pub time_limit: Option<Duration>,
    /// `--quiet`: no progress bar.
    pub quiet: bool,
    /// `--stats`: `name value` pairs on standard error.
    pub stats: bool,
    /// `--profile`: nodes per level on standard error.
    pub profile: bool,
    /// `--memo`: count with a cache of subproblems bounded to this many
    /// bytes; `None` for the plain search.
    pub memo_limit: Option<usize>,
    /// `--seed`: search a shuffled copy of the problem.
    pub seed: Option<u64>,
    /// `--heuristic`: how the item to branch on is chosen.
    pub branching: Branching,
}

impl SearchPlan {
    /// The threads to search on: as given, else one per core (the one
    /// default policy of every front end).
    pub fn threads(&self) -> usize {
        self.threads_given
            .unwrap_or_else(dancing::engine::default_threads)
    }

    /// Why the plan cannot search `problem` as it says, if it cannot: the
    /// learning rules are built for exact cover with colors, not for item
    /// bounds (Knuth's SSMCC versions are not), and search on one thread.
    pub fn refusal(&self, problem: &dancing::Problem) -> Option<String> {
        let rule = self.branching;
        if !rule.searches(problem) {
            Some(format!(
                "--heuristic {rule}: the problem has items with multiplicities (bounds), \
                 which only --heuristic mrv searches"
            ))
        } else {
            None
        }
    }
}
