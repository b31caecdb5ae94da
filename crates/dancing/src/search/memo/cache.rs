//! The cache of subproblem counts: a hash table from keys to counts,
//! bounded in memory (emptied and refilled when the next entry would not
//! fit), which judges after a trial whether it pays and turns itself off
//! when it does not.

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

/// The cache of subproblem counts, bounded in memory.
pub(super) struct Cache {
    table: HashMap<Box<[u64]>, u128, foldhash::fast::FixedState>,
    /// Bytes taken by the keys in the table.
    key_bytes: usize,
    limit: usize,
    pub(super) stats: CacheStats,
    /// Whether the cache is still consulted.
    pub(super) on: bool,
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
    pub(super) fn new(config: &MemoConfig) -> Cache {
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
    pub(super) fn get(&mut self, key: &[u64]) -> Option<u128> {
        let found = self.table.get(key).copied();
        match found {
            Some(_) => self.stats.hits += 1,
            None => self.stats.misses += 1,
        }
        let lookups = self.stats.hits + self.stats.misses;
        if self.adaptive
            && JUDGED_AFTER.contains(&lookups)
            && self.stats.hits * PAYING_HIT_RATE < lookups
        {
            self.turn_off();
        }
        found
    }

    /// Caches `count` for `key`, emptying the cache first if the entry
    /// would not fit; an entry that does not fit an empty cache is not
    /// kept.
    pub(super) fn insert(&mut self, key: &[u64], count: u128) {
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
