//! The cache of subproblem counts: a hash table from keys to counts,
//! bounded in memory (emptied and refilled when the next entry would not
//! fit), which judges after a trial whether it pays and turns itself off
//! when it does not.
//!
//! A count on one thread owns its cache ([`Store::Own`]). The threads of a
//! count on many share one [`SharedCache`]: tables in shards, each behind a
//! mutex, so that threads rarely wait for each other ([`Store::Shared`]).
//! (A cache per thread costs more on every problem measured: each thread
//! counts again what the others have, 1.7 to 1.95 times the nodes.)

use std::hash::BuildHasher;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};

use hashbrown::HashMap;

use super::{CacheStats, MemoConfig};

/// The lookups after which the cache judges whether it pays: early, as
/// the trial's work is lost when the caller restarts the count on many
/// threads (1,024 memoized nodes of queens 12 cost about 1% of its plain
/// count, 4,096 cost 4%), and once more later, in case the first hits were
/// luck.
const JUDGED_AFTER: [u64; 2] = [1 << 10, 1 << 12];

/// The cache pays if at least one lookup in this many is a hit.
const PAYING_HIT_RATE: u64 = 16;

/// The most shards of a [`SharedCache`]: many more than threads, so that
/// two threads seldom want the same one at once.
const SHARDS: usize = 64;

/// The least memory of a shard: a small bound is split into fewer shards,
/// so that each still holds entries (`--memo-limit 4K` is one shard).
const SHARD_BYTES: usize = 64 << 10;

type Map = HashMap<Box<[u64]>, u128, foldhash::fast::FixedState>;

/// The hash that picks a key's shard: foldhash, with a seed of its own.
const SHARD_HASH: foldhash::fast::FixedState =
    foldhash::fast::FixedState::with_seed(0x5eed_0f5a_a2d5_c0de);

/// The bytes of a table that holds `capacity` entries: a bucket per entry
/// (at a load of 7/8) and a control byte per bucket.
fn table_bytes(capacity: usize) -> usize {
    let bucket = size_of::<(Box<[u64]>, u128)>() + 1;
    capacity
        .saturating_mul(8)
        .div_ceil(7)
        .saturating_mul(bucket)
}

/// The capacity of a full table of `capacity` entries once it grows (by
/// `capacity`, at least 16), as hashbrown sizes it: a power of two of
/// buckets, 7/8 of them usable.
fn grown(capacity: usize) -> usize {
    let wanted = capacity.saturating_add(capacity.max(16));
    let buckets = wanted
        .saturating_mul(8)
        .div_ceil(7)
        .checked_next_power_of_two()
        .unwrap_or(usize::MAX);
    buckets / 8 * 7
}

/// A table of counts within a memory bound.
struct Table {
    map: Map,
    /// Bytes taken by the keys in the table.
    key_bytes: usize,
    limit: usize,
}

impl Table {
    fn new(limit: usize) -> Table {
        Table {
            map: Map::with_hasher(foldhash::fast::FixedState::default()),
            key_bytes: 0,
            limit,
        }
    }

    fn bytes(&self) -> usize {
        table_bytes(self.map.capacity()) + self.key_bytes
    }

    /// Caches `count` for `key`, emptying the table first if the entry
    /// would not fit (then true); an entry that does not fit an empty
    /// table is not kept.
    fn insert(&mut self, key: &[u64], count: u128) -> bool {
        let key_size = size_of_val(key);
        let mut capacity = self.map.capacity();
        if self.map.len() == capacity {
            capacity = grown(capacity);
        }
        let mut emptied = false;
        if table_bytes(capacity) + self.key_bytes + key_size > self.limit {
            if self.map.is_empty() && table_bytes(capacity) + key_size > self.limit {
                return false;
            }
            self.map.clear();
            self.key_bytes = 0;
            emptied = true;
            let capacity = match self.map.capacity() {
                0 => grown(0),
                capacity => capacity,
            };
            if table_bytes(capacity) + key_size > self.limit {
                return emptied;
            }
        }
        if self.map.len() == self.map.capacity()
            && self.map.try_reserve(self.map.capacity().max(16)).is_err()
        {
            return emptied;
        }
        self.map.insert(key.into(), count);
        self.key_bytes += key_size;
        emptied
    }

    /// Frees the table.
    fn free(&mut self) {
        self.map = Map::with_hasher(foldhash::fast::FixedState::default());
        self.key_bytes = 0;
    }
}

/// Whether `hits` of `lookups` are too few for the cache to pay, judged
/// at the trial's points.
fn does_not_pay(hits: u64, lookups: u64) -> bool {
    JUDGED_AFTER.contains(&lookups) && hits * PAYING_HIT_RATE < lookups
}

/// The cache of subproblem counts of one count (one thread), bounded in
/// memory.
pub(super) struct Cache {
    table: Table,
    stats: CacheStats,
    /// Whether the cache is still consulted.
    on: bool,
    adaptive: bool,
}

impl Cache {
    /// A cache as `config` says, within `limit` bytes.
    pub(super) fn new(config: &MemoConfig, limit: usize) -> Cache {
        Cache {
            table: Table::new(limit),
            stats: CacheStats::default(),
            on: true,
            adaptive: config.adaptive,
        }
    }

    fn get(&mut self, key: &[u64]) -> Option<u128> {
        let found = self.table.map.get(key).copied();
        match found {
            Some(_) => self.stats.hits += 1,
            None => self.stats.misses += 1,
        }
        if self.adaptive && does_not_pay(self.stats.hits, self.stats.hits + self.stats.misses) {
            self.on = false;
            self.stats.turned_off = true;
            self.table.free();
        }
        found
    }

    fn insert(&mut self, key: &[u64], count: u128) {
        if self.table.insert(key, count) {
            self.stats.evictions += 1;
        }
        self.stats.peak_entries = self.stats.peak_entries.max(self.table.map.len());
        self.stats.peak_bytes = self.stats.peak_bytes.max(self.table.bytes());
    }
}

/// A cache of subproblem counts shared by the threads of one count: its
/// table in [`SHARDS`] shards, each with its share of the memory bound,
/// emptied on its own when full. A subproblem one thread counted is found
/// by all.
#[derive(Debug)]
pub(crate) struct SharedCache {
    shards: Box<[Mutex<ShardTable>]>,
    on: AtomicBool,
    entries: AtomicUsize,
    bytes: AtomicUsize,
    peak_entries: AtomicUsize,
    peak_bytes: AtomicUsize,
    evictions: AtomicU64,
    turned_off: AtomicBool,
    /// The lookups of all threads, and their hits: the trial of whether
    /// the cache pays is of the count as a whole (a thread's own lookups
    /// may never reach a trial point when the work is spread thin).
    lookups: AtomicU64,
    hits: AtomicU64,
}

/// One shard's table (a newtype, so that `SharedCache` can be `Debug`).
struct ShardTable(Table);

impl std::fmt::Debug for ShardTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ShardTable")
            .field("entries", &self.0.map.len())
            .finish()
    }
}

impl SharedCache {
    /// A shared cache of at most `config`'s memory bound in all.
    pub(crate) fn new(config: &MemoConfig) -> SharedCache {
        let shards = (config.memory_limit / SHARD_BYTES).clamp(1, SHARDS);
        let limit = config.memory_limit / shards;
        SharedCache {
            shards: (0..shards)
                .map(|_| Mutex::new(ShardTable(Table::new(limit))))
                .collect(),
            on: AtomicBool::new(true),
            entries: AtomicUsize::new(0),
            bytes: AtomicUsize::new(0),
            peak_entries: AtomicUsize::new(0),
            peak_bytes: AtomicUsize::new(0),
            evictions: AtomicU64::new(0),
            turned_off: AtomicBool::new(false),
            lookups: AtomicU64::new(0),
            hits: AtomicU64::new(0),
        }
    }

    /// The shard of `key`, by a hash of its own (seeded apart from the
    /// tables' hash, so that a shard's keys still spread over its table's
    /// buckets). Keys often differ only in a few bits of one word (the
    /// items left of a bitset): a weak mix sent most of them to a few
    /// shards, which then evicted while the others stayed empty.
    fn shard(&self, key: &[u64]) -> MutexGuard<'_, ShardTable> {
        let hash = SHARD_HASH.hash_one(key);
        // The high bits of the hash, scaled to the number of shards.
        let index = ((u128::from(hash) * self.shards.len() as u128) >> 64) as usize;
        // A thread that panicked left a table whose entries are all
        // correct counts: it is still usable.
        self.shards[index]
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn is_on(&self) -> bool {
        self.on.load(Ordering::Relaxed)
    }

    fn get(&self, key: &[u64]) -> Option<u128> {
        self.shard(key).0.map.get(key).copied()
    }

    /// Counts one lookup of some thread (a hit when `hit`), and says
    /// whether the count as a whole has just failed a trial point. Exactly
    /// one thread sees each trial's lookup number.
    fn judge(&self, hit: bool) -> bool {
        let hits = if hit {
            self.hits.fetch_add(1, Ordering::Relaxed) + 1
        } else {
            self.hits.load(Ordering::Relaxed)
        };
        let lookups = self.lookups.fetch_add(1, Ordering::Relaxed) + 1;
        does_not_pay(hits, lookups)
    }

    fn insert(&self, key: &[u64], count: u128) {
        let mut shard = self.shard(key);
        let (entries, bytes) = (shard.0.map.len(), shard.0.bytes());
        if shard.0.insert(key, count) {
            self.evictions.fetch_add(1, Ordering::Relaxed);
        }
        // The totals move while the shard is held, so that they are
        // always a sum of what the shards held (never below 0).
        let entries = adjust(&self.entries, entries, shard.0.map.len());
        let bytes = adjust(&self.bytes, bytes, shard.0.bytes());
        drop(shard);
        self.peak_entries.fetch_max(entries, Ordering::Relaxed);
        self.peak_bytes.fetch_max(bytes, Ordering::Relaxed);
    }

    /// Stops caching, for every thread, and frees the tables.
    fn turn_off(&self) {
        self.on.store(false, Ordering::Relaxed);
        self.turned_off.store(true, Ordering::Relaxed);
        for shard in &self.shards {
            let mut shard = shard
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            shard.0.free();
        }
        self.entries.store(0, Ordering::Relaxed);
        self.bytes.store(0, Ordering::Relaxed);
    }

    /// The figures of the table over all threads: peaks, evictions, and
    /// whether it turned itself off (the lookups are counted by each
    /// thread).
    pub(crate) fn table_stats(&self) -> CacheStats {
        CacheStats {
            hits: 0,
            misses: 0,
            peak_entries: self.peak_entries.load(Ordering::Relaxed),
            peak_bytes: self.peak_bytes.load(Ordering::Relaxed),
            evictions: self.evictions.load(Ordering::Relaxed),
            turned_off: self.turned_off.load(Ordering::Relaxed),
        }
    }
}

/// Moves a running total from a part's old figure to its new one: the
/// total after.
fn adjust(total: &AtomicUsize, old: usize, new: usize) -> usize {
    if new >= old {
        total
            .fetch_add(new - old, Ordering::Relaxed)
            .wrapping_add(new - old)
    } else {
        total
            .fetch_sub(old - new, Ordering::Relaxed)
            .wrapping_sub(old - new)
    }
}

/// Where a count's cache lives: its own, or shared with other threads
/// (whose lookups this thread counts).
pub(super) enum Store<'s> {
    Own(Cache),
    Shared {
        cache: &'s SharedCache,
        /// This thread's lookups, and whether it turned the cache off.
        stats: CacheStats,
        adaptive: bool,
    },
}

impl Store<'_> {
    /// Whether the cache is still consulted.
    pub(super) fn is_on(&self) -> bool {
        match self {
            Store::Own(cache) => cache.on,
            Store::Shared { cache, .. } => cache.is_on(),
        }
    }

    /// The cached count of `key`, counting the hit or the miss; judges
    /// after the trial whether the cache pays.
    pub(super) fn get(&mut self, key: &[u64]) -> Option<u128> {
        match self {
            Store::Own(cache) => cache.get(key),
            Store::Shared {
                cache,
                stats,
                adaptive,
            } => {
                let found = cache.get(key);
                match found {
                    Some(_) => stats.hits += 1,
                    None => stats.misses += 1,
                }
                if cache.judge(found.is_some()) && *adaptive {
                    stats.turned_off = true;
                    cache.turn_off();
                }
                found
            }
        }
    }

    /// Caches `count` for `key` (see [`Table::insert`]).
    pub(super) fn insert(&mut self, key: &[u64], count: u128) {
        match self {
            Store::Own(cache) => cache.insert(key, count),
            Store::Shared { cache, .. } => cache.insert(key, count),
        }
    }

    /// What this count's cache did: for a shared cache, this thread's
    /// lookups (the table's figures are the [`SharedCache`]'s).
    pub(super) fn stats(&self) -> CacheStats {
        match self {
            Store::Own(cache) => cache.stats,
            Store::Shared { stats, .. } => *stats,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The capacity predicted for a growing table is the one hashbrown
    /// gives, so that the memory bound holds before the table grows.
    #[test]
    fn growth_is_predicted_as_hashbrown_grows() {
        let mut map = Map::with_hasher(foldhash::fast::FixedState::default());
        let mut key = 0u64;
        for _ in 0..8 {
            while map.len() < map.capacity() || map.is_empty() {
                map.insert(Box::new([key]), 0);
                key += 1;
            }
            let predicted = grown(map.capacity());
            map.try_reserve(map.capacity().max(16)).unwrap();
            assert_eq!(map.capacity(), predicted);
        }
    }

    /// Threads that share a cache judge it on their lookups together: two
    /// threads of 600 misses each pass the first trial point between them,
    /// though neither reaches it alone, and the cache turns off for both.
    #[test]
    fn a_shared_cache_is_judged_on_every_thread_s_lookups() {
        let shared = SharedCache::new(&MemoConfig::new());
        let mut threads = [0, 1].map(|_| Store::Shared {
            cache: &shared,
            stats: CacheStats::default(),
            adaptive: true,
        });
        for key in 0..600u64 {
            for (thread, store) in threads.iter_mut().enumerate() {
                assert_eq!(store.get(&[key, thread as u64]), None);
            }
        }
        assert!(!threads[0].is_on() && !threads[1].is_on());
        assert!(shared.table_stats().turned_off);
    }
}
