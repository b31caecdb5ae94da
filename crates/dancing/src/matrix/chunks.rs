//! The choice of the item to branch on (Algorithms X and C): the active
//! primary item with the fewest options, the leftmost on ties.
//!
//! `choose_item` scans the length keys of the primary items as one dense
//! array, in chunks of [`CHOICE_CHUNK`], which the compiler vectorizes: on a
//! problem of a few thousand items that beats DLX1's walk of the active
//! list. But the scan does not shrink as items are covered, where DLX1's
//! walk does: on a problem of a million items whose first option covers
//! most of them, every later node would still scan them all. So a problem
//! with more than [`WIDE`] chunks also keeps, per chunk, the number of its
//! items still active and a list of the chunks that have any (updated when
//! an item is covered or uncovered, not when a list shrinks), and scans
//! only those: a node then costs no more than the active items, as in
//! DLX1. Narrow problems keep no list and pay nothing for it.

use super::{CHOICE_CHUNK, COVERED, Kind, Matrix};

/// Problems with more chunks of primary items than this keep the list of
/// active chunks. Below it a dense scan costs at most a few hundred vector
/// instructions per node, less than keeping the list would.
pub(crate) const WIDE: usize = 64;

/// A chunk of primary items in the list of those with an active item
/// (chunk `k` holds items `32k - 31..=32k`; chunk 0 is the list's root).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Chunk {
    prev: u32,
    next: u32,
    /// How many of its items are not covered.
    active: u32,
}

/// The chunk list of a problem of `kind` whose length keys (after linking)
/// are `keys`, one per primary column: empty for a narrow problem, and for
/// one with bounds, whose choice is DLX3's.
pub(super) fn chunks_of(keys: &[u32], kind: Kind) -> Vec<Chunk> {
    let count = keys.len() / CHOICE_CHUNK;
    if count <= WIDE || kind.is_bounded() {
        return Vec::new();
    }
    let mut chunks = vec![Chunk::default(); count + 1];
    let last = count as u32;
    for (k, chunk) in chunks.iter_mut().enumerate() {
        let k = k as u32;
        chunk.prev = if k == 0 { last } else { k - 1 };
        chunk.next = if k == last { 0 } else { k + 1 };
    }
    for (k, items) in keys.chunks(CHOICE_CHUNK).enumerate() {
        chunks[k + 1].active = items.iter().filter(|&&key| key < COVERED).count() as u32;
    }
    // Chunks with no active item from the start leave the list.
    for k in 1..=count {
        if chunks[k].active == 0 {
            let Chunk { prev, next, .. } = chunks[k];
            chunks[prev as usize].next = next;
            chunks[next as usize].prev = prev;
        }
    }
    chunks
}

/// The minimum of `keys` lane by lane into `lanes` (no test per key: the
/// loop compiles to vector code). Keys, with `COVERED`, fit in 31 bits, so
/// they compare as `i32`, which baseline x86-64 (SSE2) does four at a time.
#[inline(always)]
fn lane_min(lanes: &mut [i32; CHOICE_CHUNK], keys: &[u32; CHOICE_CHUNK]) {
    for (lane, &key) in lanes.iter_mut().zip(keys) {
        *lane = (*lane).min(key as i32);
    }
}

/// The first lane of `keys` that holds `best`, if any.
#[inline(always)]
fn lane_of(keys: &[u32; CHOICE_CHUNK], best: u32) -> Option<u32> {
    let mut mask = 0u32;
    for (lane, &key) in keys.iter().enumerate() {
        mask |= u32::from(key == best) << lane;
    }
    (mask != 0).then(|| mask.trailing_zeros())
}

impl Matrix<'_> {
    /// Whether the problem keeps the list of active chunks: its dance and
    /// choice are then compiled with `WIDE` true.
    pub(crate) fn is_wide(&self) -> bool {
        !self.chunks.is_empty()
    }

    /// The active primary item with the fewest options, the leftmost on
    /// ties; `None` when every primary item is covered (a solution).
    // Always inlined, so that it is compiled for the CPU features of the
    // search that calls it (see `Solver::search`).
    /// `WIDE` for a problem that keeps the list of active chunks.
    #[inline(always)]
    pub(crate) fn choose_item<const WIDE: bool>(&self) -> Option<u32> {
        let keys = &self.links.lens()[1..=self.primary_count as usize];
        let (chunks, _) = keys.as_chunks::<CHOICE_CHUNK>();
        if WIDE {
            return self.choose_in_active_chunks(chunks);
        }
        // The smallest key: lane by lane over whole chunks, then across the
        // lanes once (no test per chunk, as a minimum per chunk would need).
        let mut lanes = [i32::MAX; CHOICE_CHUNK];
        for chunk in chunks {
            lane_min(&mut lanes, chunk);
        }
        let best = lanes.iter().copied().fold(i32::MAX, i32::min) as u32;
        if best >= COVERED {
            return None;
        }
        if self.unit > 1 {
            return Some(self.item_of_key(best));
        }
        // Plain lengths: the leftmost item that has the smallest.
        chunks.iter().enumerate().find_map(|(k, chunk)| {
            lane_of(chunk, best).map(|lane| (k * CHOICE_CHUNK) as u32 + lane + 1)
        })
    }

    /// `choose_item` over the chunks in the list of those with an active
    /// item (a wide problem); inlined as `choose_item` is, for the same
    /// reason.
    #[inline(always)]
    fn choose_in_active_chunks(&self, chunks: &[[u32; CHOICE_CHUNK]]) -> Option<u32> {
        let mut lanes = [i32::MAX; CHOICE_CHUNK];
        let mut k = self.chunks[0].next;
        while k != 0 {
            lane_min(&mut lanes, &chunks[k as usize - 1]);
            k = self.chunks[k as usize].next;
        }
        let best = lanes.iter().copied().fold(i32::MAX, i32::min) as u32;
        if best >= COVERED {
            return None;
        }
        if self.unit > 1 {
            return Some(self.item_of_key(best));
        }
        // The list is in column order (a chunk leaves and comes back as a
        // dancing list's node does), so its first chunk with the smallest
        // length holds the leftmost item.
        let mut k = self.chunks[0].next;
        while k != 0 {
            if let Some(lane) = lane_of(&chunks[k as usize - 1], best) {
                return Some((k - 1) * CHOICE_CHUNK as u32 + lane + 1);
            }
            k = self.chunks[k as usize].next;
        }
        None
    }

    /// The item of `key`, a key that holds its column (`unit > 1`).
    #[inline(always)]
    fn item_of_key(&self, key: u32) -> u32 {
        // No more than the primary columns scanned (`keys` was sliced with
        // a check), so an item number: the bound the unchecked accesses to
        // this item rely on.
        let item = (key & (self.unit - 1)) + 1;
        item.min(self.primary_count)
    }

    /// Notes that `item` was covered: one less active item in its chunk,
    /// which leaves the list when that was the last. Nothing for a narrow
    /// problem (`WIDE` false), whose dance is compiled without it.
    #[inline(always)]
    pub(super) fn note_covered<const WIDE: bool>(&mut self, item: u32) {
        if !WIDE || item > self.primary_count {
            return;
        }
        let k = ((item - 1) / CHOICE_CHUNK as u32 + 1) as usize;
        self.chunks[k].active -= 1;
        if self.chunks[k].active == 0 {
            let Chunk { prev, next, .. } = self.chunks[k];
            self.chunks[prev as usize].next = next;
            self.chunks[next as usize].prev = prev;
        }
    }

    /// Undoes `note_covered(item)`.
    #[inline(always)]
    pub(super) fn note_uncovered<const WIDE: bool>(&mut self, item: u32) {
        if !WIDE || item > self.primary_count {
            return;
        }
        let k = ((item - 1) / CHOICE_CHUNK as u32 + 1) as usize;
        if self.chunks[k].active == 0 {
            let Chunk { prev, next, .. } = self.chunks[k];
            self.chunks[prev as usize].next = k as u32;
            self.chunks[next as usize].prev = k as u32;
        }
        self.chunks[k].active += 1;
    }
}
