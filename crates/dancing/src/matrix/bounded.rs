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
//! Colors are handled by DLX2's colored dance (`colored.rs`), whose
//! counting DLX3 keeps; the order of the work follows DLX3, because it
//! changes the counts.

use super::{AGREES, COVERED, Matrix, NO_COLOR};
use crate::links::Link;

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
        (self.links.len(item) & (COVERED - 1)) >> self.unit.trailing_zeros()
    }

    /// DLX3's choice: the active item of smallest branching degree
    /// (`length + s - bound + 1`, `s` the smaller of slack and bound);
    /// on ties the one with less slack, then the longer, then the leftmost.
    pub(crate) fn choose_bounded(&self) -> Branch {
        let mut best: Option<(i64, u32, u32, u32)> = None;
        let mut item = self.active[0].down;
        while item != 0 {
            let column = item as usize;
            // A checked index: an item of the active list is then a primary
            // column, in bounds for the unchecked accesses that follow (and
            // those of the caller, which branches on it).
            let bound = self.bound[column];
            let slack = self.slack[column].min(bound);
            let length = self.length(item);
            let degree = i64::from(length) + i64::from(slack) - i64::from(bound) + 1;
            let better = match best {
                None => true,
                Some((best_degree, _, best_slack, best_length)) => {
                    degree < best_degree
                        || (degree == best_degree
                            && (slack < best_slack
                                || (slack == best_slack && length > best_length)))
                }
            };
            if better {
                best = Some((degree, item, slack, length));
            }
            item = self.active[column].down;
        }
        match best {
            None => Branch::Solution,
            Some((degree, item, _, _)) => Branch::On { item, degree },
        }
    }

    /// Takes `item` out of the active list.
    pub(crate) fn deactivate(&mut self, item: u32) {
        let Link { up, down } = self.active[item as usize];
        self.active[up as usize].down = down;
        self.active[down as usize].up = up;
    }

    /// Undoes `deactivate(item)`.
    pub(crate) fn reactivate(&mut self, item: u32) {
        let Link { up, down } = self.active[item as usize];
        self.active[up as usize].down = item;
        self.active[down as usize].up = item;
    }

    /// Whether `item` is a primary item (bounds belong to primary items).
    #[inline]
    fn is_primary(&self, item: u32) -> bool {
        item <= self.primary_count
    }

    /// Counts one more option holding primary `item`: when that uses up its
    /// bound, the item is covered and leaves the active list.
    pub(crate) fn take(&mut self, item: u32) {
        let bound = &mut self.bound[item as usize];
        *bound -= 1;
        if *bound == 0 {
            self.cover_colored(item);
            self.deactivate(item);
        }
    }

    /// Undoes `take(item)`.
    pub(crate) fn untake(&mut self, item: u32) {
        if self.bound[item as usize] == 0 {
            self.uncover_colored(item);
            self.reactivate(item);
        }
        self.bound[item as usize] += 1;
    }

    /// Chooses the option of `p` (whose own item is handled by the
    /// caller): takes its other primary items, covers its other uncolored
    /// secondary items and purifies its colored ones, from the node after
    /// `p` around to the one before it, as DLX3 does.
    pub(crate) fn commit_bounded(&mut self, p: u32) {
        let (first, last) = self.option_bounds(p);
        for q in (p + 1..=last).chain(first..p) {
            let item = self.links.item(q);
            if self.is_primary(item) {
                self.take(item);
            } else {
                match self.colors[q as usize] {
                    NO_COLOR => self.cover_colored(item),
                    AGREES => {}
                    _ => self.purify(q),
                }
            }
        }
    }

    /// Undoes `commit_bounded(p)`, in the opposite order.
    pub(crate) fn uncommit_bounded(&mut self, p: u32) {
        let (first, last) = self.option_bounds(p);
        for q in (first..p).rev().chain((p + 1..=last).rev()) {
            let item = self.links.item(q);
            if self.is_primary(item) {
                self.untake(item);
            } else {
                match self.colors[q as usize] {
                    NO_COLOR => self.uncover_colored(item),
                    AGREES => {}
                    _ => self.unpurify(q),
                }
            }
        }
    }

    /// Takes `n`, the top node of its item's list, out of that list; if
    /// `block`, hides the rest of its option too (passing over the nodes
    /// marked [`AGREES`]). Without `block` the item is covered already, so
    /// its options are hidden already.
    pub(crate) fn tweak(&mut self, n: u32, block: bool) {
        let (first, last) = if block { self.option_bounds(n) } else { (n, n) };
        for q in first..=last {
            self.unlink_unless_agreeing(q);
        }
    }

    /// Undoes `tweak(n, true)` alone: puts every node of `n`'s option back
    /// in its list (but those marked [`AGREES`]).
    pub(crate) fn untweak_option(&mut self, n: u32) {
        let (first, last) = self.option_bounds(n);
        for q in (first..=last).rev() {
            self.relink_unless_agreeing(q);
        }
    }

    /// Undoes the tweaks of `item`'s list since its top node was `first`
    /// (with the same `block`), all at once: the tweaked nodes still point
    /// down to each other, so the list is rebuilt from `first`; and if not
    /// `block`, uncovers the item (which stays out of the active list).
    pub(crate) fn untweak(&mut self, item: u32, first: u32, block: bool) {
        let end = self.links.link(item).down;
        self.links.link_mut(item).down = first;
        let (mut above, mut node, mut count) = (item, first, 0);
        while node != end {
            self.links.link_mut(node).up = above;
            count += 1;
            if block {
                self.unhide_colored(node);
            }
            above = node;
            node = self.links.link(node).down;
        }
        self.links.link_mut(end).up = above;
        *self.links.len_mut(item) += count * self.unit;
        if !block {
            self.uncover_colored(item);
        }
    }
}
