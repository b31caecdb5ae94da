//! How an [`Engine`](super::Engine) searches: one value, set once when the
//! engine is built and the same for every call.

use std::time::Duration;

use crate::cells::Branching;
use crate::schedule::default_threads;
use crate::search::DEFAULT_MEMO_LIMIT;

/// How solutions are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Counting {
    /// The plain search, on the configured threads: every node visited.
    Plain,
    /// The cache of subproblems (Knuth's DLX6 idea, see the book's memo
    /// chapter), bounded to `memory_limit` bytes shared by all threads.
    /// When the cache does not pay (too few subproblems met twice in its
    /// trial), it turns itself off and the count is finished by the plain
    /// search on every thread, within what is left of the request; the
    /// report's cache figures say so. Listing solutions never uses the
    /// cache, nor does a count up to a solution limit.
    Memo {
        /// The most bytes the cache may take.
        memory_limit: usize,
    },
}

impl Counting {
    /// The cache with its default bound (256 MiB).
    pub fn memo() -> Counting {
        Counting::Memo {
            memory_limit: DEFAULT_MEMO_LIMIT,
        }
    }
}

/// How an engine searches: threads, the order of solutions, a seed that
/// shuffles the problem, how counts are made, how often progress is
/// reported. A value with builder-style setters.
///
/// ```
/// use std::time::Duration;
/// use dancing::{Config, Counting};
///
/// let config = Config::new()
///     .threads(2)
///     .seed(Some(7))
///     .counting(Counting::memo())
///     .progress_interval(Duration::from_millis(50));
/// assert_eq!(config.get_threads(), 2);
/// assert_eq!(config.get_seed(), Some(7));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    threads: Option<usize>,
    ordered: bool,
    seed: Option<u64>,
    counting: Counting,
    branching: Branching,
    progress_interval: Duration,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            threads: None,
            ordered: true,
            seed: None,
            counting: Counting::Plain,
            branching: Branching::Mrv,
            progress_interval: Duration::from_millis(100),
        }
    }
}

impl Config {
    /// The default: one thread per core (see [`default_threads`]),
    /// solutions in the order of one thread, no shuffle, plain counting,
    /// progress every 100 ms.
    pub fn new() -> Config {
        Config::default()
    }

    /// Searches on `threads` threads (at least 1; unset, as many as
    /// [`default_threads`], the policy of every front end).
    #[must_use]
    pub fn threads(mut self, threads: usize) -> Config {
        self.threads = Some(threads.max(1));
        self
    }

    /// Whether the solutions come in the order one thread finds them (the
    /// default; the parallel search holds, in bounded memory, what it found
    /// ahead of that order) or as they come, which is a little faster.
    #[must_use]
    pub fn ordered(mut self, ordered: bool) -> Config {
        self.ordered = ordered;
        self
    }

    /// Searches the problem with its options (and the items' lists) in an
    /// order drawn from `seed`, solutions reported in the input's numbering
    /// (`None`, the default: the input's order, Knuth's tree).
    #[must_use]
    pub fn seed(mut self, seed: Option<u64>) -> Config {
        self.seed = seed;
        self
    }

    /// How counts are made (plain unless set).
    #[must_use]
    pub fn counting(mut self, counting: Counting) -> Config {
        self.counting = counting;
        self
    }

    /// How the item to branch on is chosen when solutions are listed or
    /// counted plainly. [`Branching::Mrv`], the default, is Knuth's
    /// fewest-options rule, on the linked lists of DLX1, DLX2 and DLX3, on
    /// the configured threads. The learning rules, [`Branching::Weighted`]
    /// and [`Branching::FailureRate`], walk the trees of Knuth's
    /// SSXCC-WTD0 and SSXCC-FRB0 on dancing cells, on one thread (what a
    /// rule learns depends on the order of the whole search), for
    /// problems without item bounds; a problem with bounds is searched by
    /// the fewest-options rule, and the [`Report`](super::Report)'s
    /// `algorithm` says which search ran. Memoized counts, tasks,
    /// estimates and the cheapest solutions keep their own orders.
    #[must_use]
    pub fn branching(mut self, branching: Branching) -> Config {
        self.branching = branching;
        self
    }

    /// How often a search reports progress to its visitor (and looks at
    /// the request's stop token and deadline, on several threads).
    #[must_use]
    pub fn progress_interval(mut self, interval: Duration) -> Config {
        self.progress_interval = interval;
        self
    }

    /// The threads: as set, or [`default_threads`].
    pub fn get_threads(&self) -> usize {
        self.threads.unwrap_or_else(default_threads)
    }

    /// The threads, if set.
    pub(crate) fn threads_set(&self) -> Option<usize> {
        self.threads
    }

    /// Whether solutions keep the order of one thread.
    pub fn get_ordered(&self) -> bool {
        self.ordered
    }

    /// The shuffle's seed, if any.
    pub fn get_seed(&self) -> Option<u64> {
        self.seed
    }

    /// How counts are made.
    pub fn get_counting(&self) -> Counting {
        self.counting
    }

    /// How the item to branch on is chosen.
    pub fn get_branching(&self) -> Branching {
        self.branching
    }

    /// How often progress is reported.
    pub fn get_progress_interval(&self) -> Duration {
        self.progress_interval
    }
}
