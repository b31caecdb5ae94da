//! The dance of DLX3 (Algorithm M): primary items with bounds, covered
//! between a lower and an upper number of times. Each primary column keeps
//! its `bound` (how many more options may hold it) and `slack` (how many
//! of those it may go without); the items still to branch on are in an
//! active list, as in DLX3, because the choice weighs bounds and slack, not
//! lengths alone. An item is covered when its bound reaches 0. Branching on
//! an item with room to spare *tweaks* its options one by one (takes the
//! top one out of the item's list, and hides it unless the item is covered
//! already) instead of covering it, and may end with the *null move*, which
//! retires the item from the active list.
//!
//! Each operation takes the [`Hiding`] of the problem: DLX1's when it has
//! no colors, else DLX2's colored dance (`colored.rs`), whose counting
//! DLX3 keeps; the order of the work follows DLX3, because with colors it
//! changes the counts.

use super::{COVERED, Hiding, Matrix};
use crate::links::Column;

/// What the search does next, by DLX3's rule for choosing an item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Branch {
    /// No active primary item is left: a solution.
    Solution,
    /// Branch on `item`, whose branching degree is `degree`: the number of
    /// ways to go on (the options that can still be tried, and the null
    /// move where there is slack); 0 or less is a dead end.
    On { item: u32, degree: i64 },
}

impl Matrix<'_> {
    /// The number of options in `item`'s list, covered or not.
    #[inline]
    pub(crate) fn length(&self, item: u32) -> u32 {
        // Algorithm M's lengths are plain (see `bounded_length`).
        self.bounded_length(item) & (COVERED - 1)
    }

    /// DLX3's choice: the active item of smallest branching degree
    /// (`length + s - bound + 1`, `s` the smaller of slack and bound);
    /// on ties the one with less slack, then the longer, then the leftmost.
    pub(crate) fn choose_bounded(&self) -> Branch {
        self.choose_bounded_as::<false>()
    }

    /// Whether no primary item has slack (every item's lower bound is its
    /// upper bound), as in a 0-1 matrix with given sums: then the search
    /// may run [`choose_bounded_as::<true>`](Self::choose_bounded_as) and
    /// the other `TIGHT` steps, which leave the slack out.
    pub(crate) fn is_tight(&self) -> bool {
        self.columns.iter().all(|column| column.slack == 0)
    }

    /// [`choose_bounded`](Self::choose_bounded); if `TIGHT`, for a problem
    /// without slack (see [`is_tight`](Self::is_tight)), where the degree is
    /// `length - bound + 1` and the ties by slack fall away: the key fits in
    /// 64 bits.
    #[inline(always)]
    pub(crate) fn choose_bounded_as<const TIGHT: bool>(&self) -> Branch {
        // The rule as one number to minimize, so that the walk keeps the
        // best with a conditional move, not with branches that follow the
        // data: the degree (biased to be positive: it is at least
        // `1 - bound`), the slack, and the length reversed. The active list
        // is in column order, so the first of equal keys is the leftmost.
        // A length is below `COVERED`, 2^30.
        const LENGTH_BITS: u32 = 30;
        let key = |column: &Column, length: u32| -> u128 {
            let slack = column.slack.min(column.bound);
            let degree =
                u64::from(length) + u64::from(slack) + (1 << 32) + 1 - u64::from(column.bound);
            (u128::from(degree) << 64) | (u128::from(slack) << 32) | u128::from(u32::MAX - length)
        };
        let tight_key = |column: &Column, length: u32| -> u64 {
            debug_assert_eq!(column.slack, 0);
            let degree = u64::from(length) + (1 << 32) + 1 - u64::from(column.bound);
            (degree << LENGTH_BITS) | u64::from((COVERED - 1) - length)
        };
        let (mut best_key, mut best_tight, mut best) = (u128::MAX, u64::MAX, 0);
        // An item of the active list is a primary column, an item number:
        // in bounds for the unchecked accesses that follow (and those of
        // the caller, which branches on it).
        for (item, column) in self.columns.active() {
            // An active item is not covered (its bound is not used up):
            // its length is its key without the column.
            debug_assert!(!self.is_covered(item));
            let length = self.bounded_length(item);
            if TIGHT {
                let key = tight_key(column, length);
                if key < best_tight {
                    (best_tight, best) = (key, item);
                }
            } else {
                let key = key(column, length);
                if key < best_key {
                    (best_key, best) = (key, item);
                }
            }
        }
        if best == 0 {
            return Branch::Solution;
        }
        let biased = if TIGHT {
            best_tight >> LENGTH_BITS
        } else {
            (best_key >> 64) as u64
        };
        let degree = biased as i64 - (1 << 32);
        Branch::On { item: best, degree }
    }

    /// Takes `item` out of the active list.
    #[inline(always)]
    pub(crate) fn deactivate(&mut self, item: u32) {
        self.columns.deactivate(item);
    }

    /// Undoes `deactivate(item)`.
    #[inline(always)]
    pub(crate) fn reactivate(&mut self, item: u32) {
        self.columns.reactivate(item);
    }

    /// Whether `item` is a primary item (bounds belong to primary items):
    /// whether it has a column, one per primary item (padding included)
    /// and the root. Tested against the columns' length, so that the
    /// access to its column that follows needs no check of its own.
    #[inline]
    fn is_primary(&self, item: u32) -> bool {
        debug_assert_eq!(self.columns.len(), self.primary_count as usize + 1);
        (item as usize) < self.columns.len()
    }

    /// Counts one more option holding primary `item`: when that uses up its
    /// bound, the item is covered and leaves the active list.
    #[inline(always)]
    pub(crate) fn take<H: Hiding>(&mut self, item: u32) {
        let bound = self.columns.bound_mut(item);
        *bound -= 1;
        if *bound == 0 {
            H::cover(self, item);
            self.deactivate(item);
        }
    }

    /// Undoes `take(item)`.
    #[inline(always)]
    pub(crate) fn untake<H: Hiding>(&mut self, item: u32) {
        // The bound first (uncovering does not read it): one look-up.
        let bound = self.columns.bound_mut(item);
        *bound += 1;
        if *bound == 1 {
            H::uncover(self, item);
            self.reactivate(item);
        }
    }

    /// Chooses the option of `p` (whose own item is handled by the
    /// caller): takes its other primary items, covers its other uncolored
    /// secondary items and purifies its colored ones, from the node after
    /// `p` around to the one before it, as DLX3 does.
    #[inline(always)]
    pub(crate) fn commit_bounded<H: Hiding>(&mut self, p: u32) {
        let (first, last) = self.option_bounds(p);
        debug_assert!(!H::PAIRS || last - first == 1);
        if H::PAIRS || last - first == 1 {
            // An option of two nodes (every option of a 0-1 matrix with
            // given sums): its other node, without a loop.
            self.commit_bounded_node::<H>(first + last - p);
            return;
        }
        // Two plain ranges (a chained iterator tests which half it is in
        // at every node), half-open: an inclusive range tests whether it
        // is exhausted at every step.
        for q in p + 1..last + 1 {
            self.commit_bounded_node::<H>(q);
        }
        for q in first..p {
            self.commit_bounded_node::<H>(q);
        }
    }

    /// Takes the item of `q`, a node of a chosen option, once: a primary
    /// item's bound goes down, a secondary item is covered or purified.
    #[inline(always)]
    fn commit_bounded_node<H: Hiding>(&mut self, q: u32) {
        let item = self.links.item(q);
        if self.is_primary(item) {
            self.take::<H>(item);
        } else {
            H::commit_secondary(self, q);
        }
    }

    /// Undoes `commit_bounded(p)`, in the opposite order.
    #[inline(always)]
    pub(crate) fn uncommit_bounded<H: Hiding>(&mut self, p: u32) {
        let (first, last) = self.option_bounds(p);
        if H::PAIRS || last - first == 1 {
            self.uncommit_bounded_node::<H>(first + last - p);
            return;
        }
        for q in (first..p).rev() {
            self.uncommit_bounded_node::<H>(q);
        }
        for q in (p + 1..last + 1).rev() {
            self.uncommit_bounded_node::<H>(q);
        }
    }

    /// Undoes `commit_bounded_node(q)`.
    #[inline(always)]
    fn uncommit_bounded_node<H: Hiding>(&mut self, q: u32) {
        let item = self.links.item(q);
        if self.is_primary(item) {
            self.untake::<H>(item);
        } else {
            H::uncommit_secondary(self, q);
        }
    }

    /// Takes `n`, the top node of its item's list, out of that list; if
    /// `block`, hides the rest of its option too (passing over the nodes
    /// marked [`AGREES`](super::AGREES)). Without `block` the item is covered already, so
    /// its options are hidden already.
    pub(crate) fn tweak<H: Hiding>(&mut self, n: u32, block: bool) {
        let (first, last) = if block { self.option_bounds(n) } else { (n, n) };
        debug_assert!(!H::PAIRS || last - first == 1 || !block);
        if block && (H::PAIRS || last - first == 1) {
            // An option of two nodes (a 0-1 matrix's): no loop.
            H::unlink(self, first);
            H::unlink(self, last);
            return;
        }
        for q in first..last + 1 {
            H::unlink(self, q);
        }
    }

    /// Undoes `tweak(n, true)` alone: puts every node of `n`'s option back
    /// in its list (but those marked [`AGREES`](super::AGREES)).
    pub(crate) fn untweak_option<H: Hiding>(&mut self, n: u32) {
        let (first, last) = self.option_bounds(n);
        for q in (first..last + 1).rev() {
            H::relink(self, q);
        }
    }

    /// Undoes the tweaks of `item`'s list since its top node was `first`
    /// (with the same `block`), all at once: the tweaked nodes still point
    /// down to each other, so the list is rebuilt from `first`; and if not
    /// `block`, uncovers the item (which stays out of the active list).
    pub(crate) fn untweak<H: Hiding>(&mut self, item: u32, first: u32, block: bool) {
        let end = self.links.link(item).down;
        self.links.link_mut(item).down = first;
        let (mut above, mut node, mut count) = (item, first, 0);
        while node != end {
            self.links.link_mut(node).up = above;
            count += 1;
            if block {
                H::unhide(self, node);
            }
            above = node;
            node = self.links.link(node).down;
        }
        self.links.link_mut(end).up = above;
        *self.links.len_mut(item) += count;
        if !block {
            H::uncover(self, item);
        }
    }
}
