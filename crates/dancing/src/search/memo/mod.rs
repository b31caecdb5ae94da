//! Memoized counting, after DXZ (Nishino et al., AAAI 2017) and Knuth's
//! DLX6: the number of solutions below a node of the search tree depends
//! only on the subproblem left there, so it is cached, keyed by that
//! subproblem, and a subproblem reached again along another path is counted
//! once.
//!
//! - [`key`]: what a subproblem is, for each algorithm (for Algorithm M
//!   its key also holds the bounds left and the options its branches took
//!   out);
//! - [`cache`]: the table of counts, bounded in memory, which turns itself
//!   off when it does not pay;
//! - [`walk`]: the walk, one loop generic over how a node branches, with a
//!   [`Tally`] of counts and statistics;
//! - [`exact`] and [`bounded`]: how nodes branch, one case for Algorithms
//!   X and C, one for Algorithm M (whose levels branch differently).
//!
//! Counts are `u128`, added with a check: an overflow is an error, never a
//! wrapped count. The cache is bounded (see [`MemoConfig::memory_limit`]):
//! when the next entry would not fit, the cache is emptied and refilled
//! (evict all), so the search goes on correctly in any memory. A cache that
//! does not pay turns itself off after a trial: the rest of the search is
//! the plain loop's, each remaining subtree run by it.

use std::fmt;
use std::ops::ControlFlow;

mod bounded;
mod cache;
mod diagram;
mod exact;
mod key;
mod path;
mod walk;

use super::{AlgorithmX, Colored, Colors, Plain, Solver};
use crate::matrix::{Kind, Matrix};
use crate::visit::{Explorer, Progress, Solution, Stats, StopReason};

use bounded::Bounded;
pub(crate) use cache::SharedCache;
use cache::{Cache, Store};
use exact::Exact;
use key::KeyMaker;
pub(crate) use path::MemoWalker;

/// How a memoized count caches: the most memory its cache may take, and
/// whether it may turn itself off when it does not pay.
///
/// ```
/// use dancing::expert::MemoConfig;
///
/// let memo = MemoConfig::new().memory_limit(64 << 20).adaptive(false);
/// assert_eq!(memo.get_memory_limit(), 64 << 20);
/// assert!(!memo.get_adaptive());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemoConfig {
    memory_limit: usize,
    adaptive: bool,
    hand_back: bool,
}

/// The default bound on a cache's memory: 256 MiB.
pub const DEFAULT_MEMO_LIMIT: usize = 256 << 20;

impl Default for MemoConfig {
    fn default() -> MemoConfig {
        MemoConfig {
            memory_limit: DEFAULT_MEMO_LIMIT,
            adaptive: true,
            hand_back: false,
        }
    }
}

impl MemoConfig {
    /// A cache of at most [`DEFAULT_MEMO_LIMIT`] bytes that turns itself off
    /// when it does not pay.
    pub fn new() -> MemoConfig {
        MemoConfig::default()
    }

    /// Bounds the cache's memory (its table and keys, as estimated from
    /// their sizes) to `bytes`. Any bound works, 0 included (nothing is
    /// cached); a smaller one only caches less.
    pub fn memory_limit(mut self, bytes: usize) -> MemoConfig {
        self.memory_limit = bytes;
        self
    }

    /// Whether the cache may turn itself off after a trial in which it
    /// found too few subproblems again (default yes).
    pub fn adaptive(mut self, adaptive: bool) -> MemoConfig {
        self.adaptive = adaptive;
        self
    }

    /// Whether a count whose cache turned itself off stops there (with
    /// [`StopReason::Interrupted`] and [`CacheStats::turned_off`]) instead
    /// of finishing without the cache on this thread: for a caller that
    /// then runs a faster plain search, on many threads say (default no).
    /// The work lost is the trial's, a few thousand nodes.
    pub fn hand_back(mut self, hand_back: bool) -> MemoConfig {
        self.hand_back = hand_back;
        self
    }

    /// Whether a count whose cache turned itself off stops there.
    pub fn get_hand_back(&self) -> bool {
        self.hand_back
    }

    /// The bound on the cache's memory, in bytes.
    pub fn get_memory_limit(&self) -> usize {
        self.memory_limit
    }

    /// Whether the cache may turn itself off.
    pub fn get_adaptive(&self) -> bool {
        self.adaptive
    }
}

/// What the cache of a memoized count did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CacheStats {
    /// Subproblems found in the cache: each spared a subtree.
    pub hits: u64,
    /// Subproblems looked up and not found.
    pub misses: u64,
    /// The most entries the cache held at once.
    pub peak_entries: usize,
    /// The most memory the cache took at once, in bytes (estimated from
    /// the sizes of its table and keys).
    pub peak_bytes: usize,
    /// How many times the cache was full and emptied.
    pub evictions: u64,
    /// Whether the cache turned itself off (it did not pay), the rest of
    /// the search running without it.
    pub turned_off: bool,
}

/// The result of a memoized count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemoCount {
    /// The number of solutions, exact (a lower bound if the search
    /// stopped early, see `stats.stop`).
    pub solutions: u128,
    /// The search's statistics: `nodes` counts the nodes entered, those
    /// answered by the cache included; `solutions` is `solutions` capped at
    /// `u64::MAX`.
    pub stats: Stats,
    /// What the cache did.
    pub cache: CacheStats,
}

/// Why a memoized count could not be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MemoError {
    /// The count does not fit in 128 bits.
    Overflow,
}

impl fmt::Display for MemoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MemoError::Overflow => f.write_str("the number of solutions exceeds 2^128 - 1"),
        }
    }
}

impl std::error::Error for MemoError {}

/// One level of the memoized search: the sum of the counts of the children
/// of its node so far, where its key starts in the key stack, and
/// (Algorithm M) how many tweaked options its branch found recorded.
#[derive(Clone, Copy, Default)]
struct Frame {
    count: u128,
    key_start: usize,
    /// Whether the node's count is to be cached (it was looked up and
    /// missed).
    cached: bool,
    tweak_mark: usize,
}

/// What a memoized walk keeps beside the matrix, whatever its algorithm:
/// the cache and its keys, each open level's count so far, the statistics,
/// and when to look at the budget and the monitor next.
pub(crate) struct Tally<'s> {
    cache: Store<'s>,
    /// Whether a walk whose cache turned itself off stops there.
    hand_back: bool,
    keys: KeyMaker,
    /// Whether the keys are Algorithm M's.
    bounded: bool,
    /// The keys of the open levels whose counts are to be cached, one after
    /// another.
    key_stack: Vec<u64>,
    frames: Vec<Frame>,
    /// The statistics so far; the matrix's counts are added at the end and
    /// before each delegated subtree (whose search resets them).
    total: Stats,
    node_limit: u64,
    interval: u64,
    next_checkpoint: u64,
    /// The solutions found below the node where a delegated search
    /// stopped.
    partial: u128,
}

impl<'s> Tally<'s> {
    /// The state of memoized walks of `solver` from its current state, with
    /// the cache `cache` (a walk's own, or a shared one).
    fn new(solver: &mut Solver<'_>, memo: &MemoConfig, cache: Store<'s>) -> Tally<'s> {
        let bounded = solver.matrix.kind.is_bounded();
        let mut tally = Tally {
            cache,
            hand_back: memo.hand_back,
            keys: KeyMaker::new(&solver.matrix, bounded),
            bounded,
            key_stack: Vec::new(),
            frames: vec![Frame::default(); solver.choices.len() + 1],
            total: Stats::default(),
            node_limit: u64::MAX,
            interval: 1,
            next_checkpoint: 0,
            partial: 0,
        };
        tally.begin(solver);
        tally
    }

    /// Readies the tally for a walk from the solver's selection: its
    /// statistics, node limit and checkpoints start afresh, the cache and
    /// the keys of the path stay.
    fn begin(&mut self, solver: &mut Solver<'_>) {
        self.node_limit = solver.config.get_node_limit().unwrap_or(u64::MAX);
        self.interval = solver.config.get_checkpoint_interval().max(1);
        self.next_checkpoint = self.interval.min(self.node_limit);
        self.total = Stats::default();
        self.partial = 0;
        solver.matrix.updates = 0;
        solver.matrix.cleansings = 0;
    }

    /// On entering a node at `level`: why the search stops here (its node
    /// limit, or the monitor, asked every `interval` nodes with the
    /// `fraction` explored), or else the node counted.
    fn enter<M>(
        &mut self,
        matrix: &Matrix<'_>,
        level: usize,
        fraction: impl FnOnce() -> f64,
        monitor: &mut M,
    ) -> Option<StopReason>
    where
        M: FnMut(&Progress) -> ControlFlow<()>,
    {
        let total = &mut self.total;
        if total.nodes >= self.next_checkpoint {
            if total.nodes >= self.node_limit {
                return Some(StopReason::NodeLimit);
            }
            let progress = Progress {
                stats: Stats {
                    updates: total.updates + matrix.updates,
                    cleansings: total.cleansings + matrix.cleansings,
                    stop: StopReason::Running,
                    ..*total
                },
                fraction: fraction(),
            };
            if monitor(&progress).is_break() {
                return Some(StopReason::Interrupted);
            }
            self.next_checkpoint = total
                .nodes
                .saturating_add(self.interval)
                .min(self.node_limit);
        }
        total.nodes += 1;
        total.max_depth = total.max_depth.max(level);
        None
    }

    /// The cached count of the matrix's subproblem, or, if it is not
    /// cached, `None` with the node at `level` opened: its count starts at
    /// 0, and its key is kept to cache the count under (if the cache is
    /// on).
    fn look_up(&mut self, matrix: &Matrix<'_>, level: usize) -> Option<u128> {
        let key = if self.bounded {
            self.keys.make_bounded(matrix)
        } else {
            self.keys.make(matrix)
        };
        if let Some(count) = self.cache.get(key) {
            return Some(count);
        }
        let key_start = self.key_stack.len();
        let cached = self.cache.is_on();
        if cached {
            self.key_stack.extend_from_slice(key);
        }
        self.frames[level] = Frame {
            count: 0,
            key_start,
            cached,
            tweak_mark: self.keys.tweak_mark(),
        };
        None
    }

    /// Adds a finished child's count to the open node at `level`; false if
    /// the sum overflows.
    fn add(&mut self, level: usize, count: u128) -> bool {
        let frame = &mut self.frames[level];
        match frame.count.checked_add(count) {
            Some(sum) => {
                frame.count = sum;
                true
            }
            None => false,
        }
    }

    /// Closes the open node at `level`, its subtree done: its count,
    /// cached if it was looked up and missed.
    fn close(&mut self, level: usize) -> u128 {
        let Frame {
            count,
            key_start,
            cached,
            ..
        } = self.frames[level];
        if cached {
            if self.cache.is_on() {
                self.cache.insert(&self.key_stack[key_start..], count);
            }
            self.key_stack.truncate(key_start);
        }
        count
    }

    /// The count of a search from `base` that ended at `level`: the whole
    /// count if it ran to the end, else the counts of the finished subtrees
    /// (a lower bound).
    fn solutions(&self, base: usize, level: usize, complete: bool) -> u128 {
        if complete {
            self.frames[base].count
        } else {
            self.frames[base..level]
                .iter()
                .fold(self.partial, |sum, frame| sum.saturating_add(frame.count))
        }
    }
}

/// Counts the solutions of a delegated subtree, and passes the plain
/// search's checkpoints on with the statistics of the whole search.
struct Delegate<'m, M> {
    solutions: u64,
    before: Stats,
    monitor: &'m mut M,
    fraction: f64,
}

impl<M: FnMut(&Progress) -> ControlFlow<()>> Explorer for Delegate<'_, M> {
    fn solution(&mut self, _solution: &Solution<'_>) -> ControlFlow<()> {
        self.solutions += 1;
        ControlFlow::Continue(())
    }

    fn checkpoint(&mut self, progress: &Progress) -> ControlFlow<()> {
        let stats = add_stats(self.before, progress.stats);
        (self.monitor)(&Progress {
            stats,
            fraction: self.fraction,
        })
    }
}

/// Two searches' statistics, one after the other.
fn add_stats(a: Stats, b: Stats) -> Stats {
    Stats {
        solutions: a.solutions.saturating_add(b.solutions),
        nodes: a.nodes + b.nodes,
        updates: a.updates + b.updates,
        cleansings: a.cleansings + b.cleansings,
        max_depth: a.max_depth.max(b.max_depth),
        stop: b.stop,
    }
}

impl Solver<'_> {
    /// The number of solutions below the selection, counted with a cache of
    /// subproblems (see [`MemoConfig`]): exact, in 128 bits, and often
    /// many times faster than [`count`](Self::count) where subproblems
    /// recur (tilings, matchings, partitions). Problems with colors and
    /// bounds are counted too.
    ///
    /// ```
    /// use bumpalo::Bump;
    /// use dancing::ProblemBuilder;
    /// use dancing::expert::{MemoConfig, Solver, Search};
    ///
    /// // Domino tilings of a 2x8 board: the 9th Fibonacci number, 34.
    /// let mut builder = ProblemBuilder::new();
    /// let first = builder.primary_items(16)?.index();
    /// let cell = |row: usize, column: usize| dancing::ItemId::new(first + 8 * row + column);
    /// for column in 0..8 {
    ///     builder.option([cell(0, column), cell(1, column)])?;
    ///     if column + 1 < 8 {
    ///         builder.option([cell(0, column), cell(0, column + 1)])?;
    ///         builder.option([cell(1, column), cell(1, column + 1)])?;
    ///     }
    /// }
    /// let problem = builder.build()?;
    /// let bump = Bump::new();
    /// let mut solver = Solver::new(&problem, &bump);
    /// let counted = solver.count_memoized(&MemoConfig::new().adaptive(false))?;
    /// assert_eq!(counted.solutions, 34);
    /// assert!(counted.cache.hits > 0);
    /// assert_eq!(solver.count(), 34);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// With bounds (Algorithm M), the key holds how many more times each
    /// item may be covered:
    ///
    /// ```
    /// use bumpalo::Bump;
    /// use dancing::format;
    /// use dancing::expert::{MemoConfig, Solver, Search};
    ///
    /// // Two of the four rows of a 4x4 board in each column, and two
    /// // cells (of the 16) in each row: the 0-1 matrices with all lines
    /// // summing to 2.
    /// let mut text = String::from("2:2|r0 2:2|r1 2:2|r2 2:2|r3 2:2|c0 2:2|c1 2:2|c2 2:2|c3\n");
    /// for row in 0..4 {
    ///     for column in 0..4 {
    ///         text.push_str(&format!("r{row} c{column}\n"));
    ///     }
    /// }
    /// let problem = format::read_str(&text)?.problem;
    /// let bump = Bump::new();
    /// let mut solver = Solver::new(&problem, &bump);
    /// let counted = solver.count_memoized(&MemoConfig::new().adaptive(false))?;
    /// assert_eq!(counted.solutions, 90);
    /// assert_eq!(solver.count(), 90);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`MemoError::Overflow`] if the count exceeds `u128::MAX`.
    pub fn count_memoized(&mut self, memo: &MemoConfig) -> Result<MemoCount, MemoError> {
        self.count_memoized_monitored(memo, |_| ControlFlow::Continue(()))
    }

    /// [`count_memoized`](Self::count_memoized), calling `monitor` every
    /// few thousand nodes (see
    /// [`SearchConfig::checkpoint_interval`](crate::expert::SearchConfig::checkpoint_interval))
    /// with the progress so far, which may stop the search; the node limit
    /// of the solver's configuration stops it too. A stopped count is a
    /// lower bound, its `stats.stop` saying why.
    ///
    /// # Errors
    /// As [`count_memoized`](Self::count_memoized).
    pub fn count_memoized_monitored<M>(
        &mut self,
        memo: &MemoConfig,
        mut monitor: M,
    ) -> Result<MemoCount, MemoError>
    where
        M: FnMut(&Progress) -> ControlFlow<()>,
    {
        let limit = memo.memory_limit;
        let mut tally = Tally::new(self, memo, Store::Own(Cache::new(memo, limit)));
        let (solutions, stats) = self.memo_walk_any(&mut tally, &mut monitor)?;
        Ok(MemoCount {
            solutions,
            stats,
            cache: tally.cache.stats(),
        })
    }

    /// The memoized walk of the solver's algorithm below the selection,
    /// with `tally`: the count and the statistics.
    fn memo_walk_any<M>(
        &mut self,
        tally: &mut Tally<'_>,
        monitor: &mut M,
    ) -> Result<(u128, Stats), MemoError>
    where
        M: FnMut(&Progress) -> ControlFlow<()>,
    {
        self.abandon_search();
        by_algorithm!(
            self,
            A => self.memo_walk::<Exact<A>, M>(tally, monitor),
            bounded => by_hiding!(self, H => self.memo_walk::<Bounded<H>, M>(tally, monitor))
        )
    }

    /// Counts the subtree of the node at `level` with the plain search, for
    /// a walk whose cache turned itself off: its count, or why it stopped
    /// (the solutions it found kept in `tally.partial`), the matrix back
    /// as it was on entering the node either way.
    fn delegate<M>(
        &mut self,
        tally: &mut Tally<'_>,
        level: usize,
        fraction: f64,
        monitor: &mut M,
    ) -> Result<u128, StopReason>
    where
        M: FnMut(&Progress) -> ControlFlow<()>,
    {
        let config = self.config.clone();
        let base = self.selected;
        let total = &mut tally.total;
        total.updates += self.matrix.updates;
        total.cleansings += self.matrix.cleansings;
        let remaining = tally.node_limit - total.nodes;
        self.set_config(config.clone().node_limit(Some(remaining)));
        self.selected = level;
        let mut delegate = Delegate {
            solutions: 0,
            before: *total,
            monitor,
            fraction,
        };
        let sub = self.explore(usize::MAX, &mut delegate);
        let solutions = u128::from(delegate.solutions);
        self.selected = base;
        self.set_config(config);
        *total = add_stats(
            *total,
            Stats {
                solutions: 0,
                ..sub
            },
        );
        self.matrix.updates = 0;
        self.matrix.cleansings = 0;
        if sub.is_complete() {
            Ok(solutions)
        } else {
            tally.partial = solutions;
            Err(sub.stop)
        }
    }

    /// The result of a memoized walk that ended with `stop` at `level`,
    /// the matrix back to the selection, having explored `explored` of the
    /// tree (Knuth's estimate).
    fn memo_result(
        &mut self,
        tally: &Tally<'_>,
        stop: StopReason,
        level: usize,
        overflow: bool,
        explored: f64,
    ) -> Result<(u128, Stats), MemoError> {
        if overflow {
            return Err(MemoError::Overflow);
        }
        let base = self.selected;
        let solutions = tally.solutions(base, level, stop == StopReason::Complete);
        let mut total = tally.total;
        total.updates += self.matrix.updates;
        total.cleansings += self.matrix.cleansings;
        total.solutions = u64::try_from(solutions).unwrap_or(u64::MAX);
        total.stop = stop;
        self.explored = explored;
        // The plain search's profile does not describe this one.
        let (from, to) = self.profile_touched;
        self.profile[from..to].fill(0);
        self.profile_touched = (base, base);
        self.stats = total;
        Ok((solutions, total))
    }
}
