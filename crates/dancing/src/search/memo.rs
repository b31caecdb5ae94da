//! Memoized counting, after DXZ (Nishino et al., AAAI 2017) and Knuth's
//! DLX6: the number of solutions below a node of the search tree depends
//! only on the subproblem left there, so it is cached, keyed by that
//! subproblem, and a subproblem reached again along another path is counted
//! once.
//!
//! The key is the set of items still active (primary and secondary: the
//! options still active follow from it) and, with colors, the color in
//! force on each purified secondary item. Counts are `u128`, added with a
//! check: an overflow is an error, never a wrapped count.
//!
//! The cache is bounded (see [`MemoConfig::memory_limit`]): when the next
//! entry would not fit, the cache is emptied and refilled (evict all), so
//! the search goes on correctly in any memory. A cache that does not pay
//! turns itself off after a trial: the rest of the search is the plain
//! loop's, each remaining subtree run by it.
//!
//! Algorithm M (bounds on primary items) is refused: its subproblem also
//! depends on how many more options each item may take and its branching
//! differs; see [`MemoError::Multiplicities`].

use std::fmt;
use std::ops::ControlFlow;

use hashbrown::HashMap;

use super::{Algorithm, Colors, ExactCover, Solver};
use crate::matrix::{AGREES, Kind, Matrix, NO_COLOR};
use crate::visit::{Explorer, Progress, Solution, Stats, StopReason};

/// How a memoized count caches: the most memory its cache may take, and
/// whether it may turn itself off when it does not pay.
///
/// ```
/// use dancing::MemoConfig;
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
    /// The problem has bounds on its items (Algorithm M), which memoized
    /// counting does not handle.
    Multiplicities,
    /// The count does not fit in 128 bits.
    Overflow,
}

impl fmt::Display for MemoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MemoError::Multiplicities => f.write_str(
                "memoized counting does not handle item bounds (multiplicities); count without it",
            ),
            MemoError::Overflow => f.write_str("the number of solutions exceeds 2^128 - 1"),
        }
    }
}

impl std::error::Error for MemoError {}

/// Lookups before the cache judges whether it pays.
const TRIAL_LOOKUPS: u64 = 1 << 12;

/// The cache pays if at least one lookup in this many is a hit.
const PAYING_HIT_RATE: u64 = 16;

/// The cache of subproblem counts, bounded in memory.
struct Cache {
    table: HashMap<Box<[u64]>, u128, foldhash::fast::FixedState>,
    /// Bytes taken by the keys in the table.
    key_bytes: usize,
    limit: usize,
    stats: CacheStats,
    /// Whether the cache is still consulted.
    on: bool,
    adaptive: bool,
}

/// The bytes of a table that holds `capacity` entries: a bucket per entry
/// (at a load of 7/8) and a control byte per bucket.
fn table_bytes(capacity: usize) -> usize {
    let bucket = size_of::<(Box<[u64]>, u128)>() + 1;
    capacity
        .saturating_mul(8)
        .div_ceil(7)
        .saturating_mul(bucket)
}

impl Cache {
    fn new(config: &MemoConfig) -> Cache {
        Cache {
            table: HashMap::with_hasher(foldhash::fast::FixedState::default()),
            key_bytes: 0,
            limit: config.memory_limit,
            stats: CacheStats::default(),
            on: true,
            adaptive: config.adaptive,
        }
    }

    fn bytes(&self) -> usize {
        table_bytes(self.table.capacity()) + self.key_bytes
    }

    /// The cached count of `key`, counting the hit or the miss; judges
    /// after the trial whether the cache pays.
    fn get(&mut self, key: &[u64]) -> Option<u128> {
        let found = self.table.get(key).copied();
        match found {
            Some(_) => self.stats.hits += 1,
            None => self.stats.misses += 1,
        }
        let lookups = self.stats.hits + self.stats.misses;
        if self.adaptive && lookups == TRIAL_LOOKUPS && self.stats.hits * PAYING_HIT_RATE < lookups
        {
            self.turn_off();
        }
        found
    }

    /// Caches `count` for `key`, emptying the cache first if the entry
    /// would not fit; an entry that does not fit an empty cache is not
    /// kept.
    fn insert(&mut self, key: &[u64], count: u128) {
        let key_size = size_of_val(key);
        let mut capacity = self.table.capacity();
        if self.table.len() == capacity {
            capacity = (capacity * 2).max(16);
        }
        if table_bytes(capacity) + self.key_bytes + key_size > self.limit {
            if self.table.is_empty() && table_bytes(capacity) + key_size > self.limit {
                return;
            }
            self.table.clear();
            self.key_bytes = 0;
            self.stats.evictions += 1;
            if table_bytes(self.table.capacity().max(16)) + key_size > self.limit {
                return;
            }
        }
        if self.table.len() == self.table.capacity()
            && self
                .table
                .try_reserve(self.table.capacity().max(16))
                .is_err()
        {
            return;
        }
        self.table.insert(key.into(), count);
        self.key_bytes += key_size;
        self.stats.peak_entries = self.stats.peak_entries.max(self.table.len());
        self.stats.peak_bytes = self.stats.peak_bytes.max(self.bytes());
    }

    /// Stops caching and frees the table.
    fn turn_off(&mut self) {
        self.on = false;
        self.stats.turned_off = true;
        self.table = HashMap::with_hasher(foldhash::fast::FixedState::default());
        self.key_bytes = 0;
    }
}

/// The subproblem at a node: which items are active, and with colors the
/// color in force on each purified secondary item.
///
/// Purifications are tracked as options are committed, not read from the
/// matrix: an item purified when no other option agrees with it has an
/// empty list, like an item never purified, yet its purification hid the
/// options that disagree.
struct KeyMaker {
    /// The color in force on each item column (0 for none); empty without
    /// colors.
    force: Vec<u32>,
    /// The key being made.
    key: Vec<u64>,
}

impl KeyMaker {
    fn new(matrix: &Matrix<'_>) -> KeyMaker {
        let items = if matrix.colors.is_empty() {
            0
        } else {
            matrix.item_count() as usize + 1
        };
        KeyMaker {
            force: vec![0; items],
            key: Vec::new(),
        }
    }

    /// The key of the matrix's subproblem.
    fn make(&mut self, matrix: &Matrix<'_>) -> &[u64] {
        self.key.clear();
        matrix.active_items_into(&mut self.key);
        for (item, &color) in self.force.iter().enumerate() {
            if color != NO_COLOR {
                self.key.push((item as u64) << 32 | u64::from(color));
            }
        }
        &self.key
    }

    /// Records the colors that committing the option of `node` puts in
    /// force (its colored nodes that do not agree already), or, after it
    /// is uncommitted, takes them off: `color` is the node's code or 0.
    fn purifications(&mut self, matrix: &Matrix<'_>, node: u32, put: bool) {
        if self.force.is_empty() {
            return;
        }
        for q in matrix.option_nodes_of(node) {
            let code = matrix.colors[q as usize];
            if code != NO_COLOR && code != AGREES {
                self.force[matrix.item_of(q) as usize] = if put { code } else { NO_COLOR };
            }
        }
    }
}

/// One level of the memoized search: the sum of the counts of the children
/// of its node so far, and where its key starts in the key stack.
#[derive(Clone, Copy)]
struct Frame {
    count: u128,
    key_start: usize,
    /// Whether the node's count is to be cached (it was looked up and
    /// missed).
    cached: bool,
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
    /// recur (tilings, matchings, partitions).
    ///
    /// ```
    /// use bumpalo::Bump;
    /// use dancing::{MemoConfig, ProblemBuilder, Solver};
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
    /// # Errors
    /// [`MemoError::Multiplicities`] for a problem with item bounds, and
    /// [`MemoError::Overflow`] if the count exceeds `u128::MAX`.
    pub fn count_memoized(&mut self, memo: &MemoConfig) -> Result<MemoCount, MemoError> {
        self.count_memoized_monitored(memo, |_| ControlFlow::Continue(()))
    }

    /// [`count_memoized`](Self::count_memoized), calling `monitor` every
    /// few thousand nodes (see
    /// [`SearchConfig::checkpoint_interval`](crate::SearchConfig::checkpoint_interval))
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
        by_algorithm!(
            self,
            A => self.memo_walk::<A, M>(memo, &mut monitor),
            bounded => Err(MemoError::Multiplicities)
        )
    }

    /// The memoized search of `A`: the plain loop's backtrack, with a key
    /// made and looked up at each node, and each node's count (the sum of
    /// its children's) cached when its subtree is done.
    fn memo_walk<A: Algorithm, M>(
        &mut self,
        memo: &MemoConfig,
        monitor: &mut M,
    ) -> Result<MemoCount, MemoError>
    where
        M: FnMut(&Progress) -> ControlFlow<()>,
    {
        let config = self.config.clone();
        let node_limit = config.get_node_limit().unwrap_or(u64::MAX);
        let interval = config.get_checkpoint_interval().max(1);
        let mut cache = Cache::new(memo);
        let mut keys = KeyMaker::new(&self.matrix);
        // The keys of the levels whose counts are to be cached, one after
        // another.
        let mut key_stack: Vec<u64> = Vec::new();
        let base = self.selected;
        let mut frames = vec![
            Frame {
                count: 0,
                key_start: 0,
                cached: false
            };
            self.choices.len() + 1
        ];
        // The statistics so far; the matrix's counts are added at the end
        // and before each delegated subtree (whose search resets them).
        let mut total = Stats::default();
        self.matrix.updates = 0;
        self.matrix.cleansings = 0;
        let mut next_checkpoint = interval.min(node_limit);
        let mut level = base;
        let mut overflow = false;
        // The solutions found below the node where a search stopped.
        let mut partial = 0u128;
        let stop = 'search: loop {
            // Enter a node at `level`; `finished` is its count once known.
            let finished: u128 = 'node: {
                if !cache.on {
                    if memo.hand_back {
                        break 'search StopReason::Interrupted;
                    }
                    // The cache does not pay: the plain loop runs the
                    // subtree.
                    total.updates += self.matrix.updates;
                    total.cleansings += self.matrix.cleansings;
                    let before = total;
                    let fraction = self.path_estimate(base, level);
                    let remaining = node_limit - total.nodes;
                    self.set_config(config.clone().node_limit(Some(remaining)));
                    self.selected = level;
                    let mut delegate = Delegate {
                        solutions: 0,
                        before,
                        monitor,
                        fraction,
                    };
                    let sub = self.explore(usize::MAX, &mut delegate);
                    let solutions = delegate.solutions;
                    self.selected = base;
                    self.set_config(config.clone());
                    total = add_stats(
                        total,
                        Stats {
                            solutions: 0,
                            ..sub
                        },
                    );
                    total.max_depth = total.max_depth.max(sub.max_depth);
                    self.matrix.updates = 0;
                    self.matrix.cleansings = 0;
                    if !sub.is_complete() {
                        partial = u128::from(solutions);
                        break 'search sub.stop;
                    }
                    break 'node u128::from(solutions);
                }
                if total.nodes >= next_checkpoint {
                    if total.nodes >= node_limit {
                        break 'search StopReason::NodeLimit;
                    }
                    let progress = Progress {
                        stats: Stats {
                            updates: total.updates + self.matrix.updates,
                            cleansings: total.cleansings + self.matrix.cleansings,
                            stop: StopReason::Running,
                            ..total
                        },
                        fraction: self.path_estimate(base, level),
                    };
                    if monitor(&progress).is_break() {
                        break 'search StopReason::Interrupted;
                    }
                    next_checkpoint = total.nodes.saturating_add(interval).min(node_limit);
                }
                total.nodes += 1;
                total.max_depth = total.max_depth.max(level);
                let Some(item) = A::choose(&self.matrix) else {
                    break 'node 1;
                };
                let key = keys.make(&self.matrix);
                if let Some(count) = cache.get(key) {
                    break 'node count;
                }
                let key_start = key_stack.len();
                let cached = cache.on;
                if cached {
                    key_stack.extend_from_slice(key);
                }
                A::cover(&mut self.matrix, item);
                let first = self.matrix.first_option(item);
                if first == item {
                    A::uncover(&mut self.matrix, item);
                    if cached {
                        cache.insert(&key_stack[key_start..], 0);
                        key_stack.truncate(key_start);
                    }
                    break 'node 0;
                }
                frames[level] = Frame {
                    count: 0,
                    key_start,
                    cached,
                };
                self.choices[level] = first;
                self.positions[level] = 0;
                keys.purifications(&self.matrix, first, true);
                A::commit(&mut self.matrix, first);
                level += 1;
                continue 'search;
            };
            // Hand the finished node's count up, and backtrack to the
            // deepest level with an option left to try.
            let mut count = finished;
            loop {
                if level == base {
                    frames[base].count = count;
                    break 'search StopReason::Complete;
                }
                level -= 1;
                let frame = &mut frames[level];
                let Some(sum) = frame.count.checked_add(count) else {
                    // The option at `level` is still committed.
                    overflow = true;
                    level += 1;
                    break 'search StopReason::Complete;
                };
                frame.count = sum;
                let node = self.choices[level];
                A::uncommit(&mut self.matrix, node);
                keys.purifications(&self.matrix, node, false);
                let item = self.matrix.item_of(node);
                let next = self.matrix.next_option(node);
                if next != item {
                    self.choices[level] = next;
                    self.positions[level] += 1;
                    keys.purifications(&self.matrix, next, true);
                    A::commit(&mut self.matrix, next);
                    level += 1;
                    continue 'search;
                }
                A::uncover(&mut self.matrix, item);
                let Frame {
                    count: sum,
                    key_start,
                    cached,
                } = *frame;
                if cached {
                    if cache.on {
                        cache.insert(&key_stack[key_start..], sum);
                    }
                    key_stack.truncate(key_start);
                }
                count = sum;
            }
        };
        // A stopped search: the counts of the finished subtrees, and the
        // matrix back to the selection.
        self.explored = if stop == StopReason::Complete {
            1.0
        } else {
            self.path_estimate(base, level)
        };
        let solutions = if stop != StopReason::Complete || overflow {
            self.unwind::<A>(base, level);
            frames[base..level]
                .iter()
                .fold(partial, |sum, frame| sum.saturating_add(frame.count))
        } else {
            frames[base].count
        };
        if overflow {
            return Err(MemoError::Overflow);
        }
        total.updates += self.matrix.updates;
        total.cleansings += self.matrix.cleansings;
        total.solutions = u64::try_from(solutions).unwrap_or(u64::MAX);
        total.stop = stop;
        // The plain search's profile does not describe this one.
        let (from, to) = self.profile_touched;
        self.profile[from..to].fill(0);
        self.profile_touched = (base, base);
        self.stats = total;
        Ok(MemoCount {
            solutions,
            stats: total,
            cache: cache.stats,
        })
    }
}
