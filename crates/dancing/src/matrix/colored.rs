//! The dance of DLX2 (Algorithm C): options may give a secondary item a
//! color, and options that agree on it may share it. Choosing an option
//! *purifies* each of its colored items: the options that give the item
//! another color (or none) are hidden, and those that agree are marked
//! [`AGREES`] instead, which `hide` then passes over, so that they stay
//! linked where they are still wanted.
//!
//! Counting follows DLX2 exactly: `updates` one per item covered and one per
//! node unlinked, `cleansings` one per purification and one per node
//! marked. The order of the work follows DLX2 too (an option's items from
//! the one after the chosen node, around), because with colors the order
//! changes the counts: a node marked before its option is hidden is not
//! unlinked.
//!
//! Secondary items keep no length here: nothing branches on them, so a
//! node of one is unlinked without its item's length (the walks of their
//! lists stop at the header instead of counting), which saves the load of
//! the node's item and a read and write of the length, a third of the
//! memory work of an unlink. Their keys still say whether they are covered.

use super::{AGREES, COVERED, Colored, Hiding, MASKED_OPTION, Matrix, NO_COLOR, UNMARKED_BITS};

impl Matrix<'_> {
    /// Removes `item` from the active list and hides every option in it,
    /// passing over the nodes marked [`AGREES`].
    pub(crate) fn cover_colored<const WIDE: bool>(&mut self, item: u32) {
        let mut updates = 1;
        if item <= self.primary_count {
            let count = self.list_length(item);
            let mut p = self.links.link(item).down;
            for _ in 0..count {
                let next = self.links.link(p).down;
                updates += self.hide_colored(p);
                p = next;
            }
        } else {
            // A secondary item's length is not kept.
            let mut p = self.links.link(item).down;
            while p != item {
                let next = self.links.link(p).down;
                updates += self.hide_colored(p);
                p = next;
            }
        }
        *self.links.len_mut(item) += COVERED;
        self.note_covered::<WIDE>(item);
        self.updates += updates;
    }

    /// Undoes `cover_colored(item)`.
    pub(crate) fn uncover_colored<const WIDE: bool>(&mut self, item: u32) {
        *self.links.len_mut(item) -= COVERED;
        self.note_uncovered::<WIDE>(item);
        if item <= self.primary_count {
            let count = self.list_length(item);
            let mut p = self.links.link(item).up;
            for _ in 0..count {
                let next = self.links.link(p).up;
                self.unhide_colored(p);
                p = next;
            }
        } else {
            let mut p = self.links.link(item).up;
            while p != item {
                let next = self.links.link(p).up;
                self.unhide_colored(p);
                p = next;
            }
        }
    }

    /// Unlinks node `q`, with its item's length if the item is primary.
    #[inline(always)]
    fn unlink_colored_node(&mut self, q: u32) {
        if self.links.item(q) <= self.primary_count {
            self.links.unlink(q, self.unit);
        } else {
            self.links.unlink_keeping_length(q);
        }
    }

    /// Undoes `unlink_colored_node(q)`.
    #[inline(always)]
    fn relink_colored_node(&mut self, q: u32) {
        if self.links.item(q) <= self.primary_count {
            self.links.relink(q, self.unit);
        } else {
            self.links.relink_keeping_length(q);
        }
    }

    /// Unlinks every other node of `p`'s option from its item's list, but
    /// those marked [`AGREES`], and returns how many it unlinked (the
    /// updates). The callers count them in a register: a counter in the
    /// matrix is a load and a store per option, each waiting on the last.
    #[inline(always)]
    #[must_use]
    pub(super) fn hide_colored(&mut self, p: u32) -> u64 {
        let unit = self.unit;
        if let Some((first, nodes, primary)) = self.unmarked_others(p) {
            // The nodes to unlink, from the option's masks: a marked node
            // (often half of them) costs nothing, no branch guesses which
            // node is marked, and only the primary ones change a length.
            // Counted in the loops: without the `popcnt` instruction (not
            // in the baseline target), `count_ones` is a dozen.
            let mut unlinked = 0;
            let mut primaries = nodes & primary;
            while primaries != 0 {
                self.links.unlink(first + primaries.trailing_zeros(), unit);
                primaries &= primaries - 1;
                unlinked += 1;
            }
            let mut secondaries = nodes & !primary;
            while secondaries != 0 {
                self.links
                    .unlink_keeping_length(first + secondaries.trailing_zeros());
                secondaries &= secondaries - 1;
                unlinked += 1;
            }
            unlinked
        } else {
            let (first, last) = self.option_bounds(p);
            let mut unlinked = 0;
            for q in first..=last {
                if self.colors[q as usize] != AGREES && q != p {
                    self.unlink_colored_node(q);
                    unlinked += 1;
                }
            }
            unlinked
        }
    }

    /// Undoes `hide_colored(p)`. The nodes of one option lie in different
    /// item lists, so the order in which they are relinked does not matter.
    #[inline(always)]
    pub(super) fn unhide_colored(&mut self, p: u32) {
        let unit = self.unit;
        if let Some((first, nodes, primary)) = self.unmarked_others(p) {
            let mut primaries = nodes & primary;
            while primaries != 0 {
                self.links.relink(first + primaries.trailing_zeros(), unit);
                primaries &= primaries - 1;
            }
            let mut secondaries = nodes & !primary;
            while secondaries != 0 {
                self.links
                    .relink_keeping_length(first + secondaries.trailing_zeros());
                secondaries &= secondaries - 1;
            }
        } else {
            let (first, last) = self.option_bounds(p);
            for q in first..=last {
                if self.colors[q as usize] != AGREES && q != p {
                    self.relink_colored_node(q);
                }
            }
        }
    }

    /// For `p` in an option of at most [`MASKED_OPTION`] nodes, the
    /// option's first node, the mask of its nodes that are not marked, but
    /// `p`, and the mask of its nodes of primary items: found from `p`'s
    /// offset, without the option's bounds (8 bytes a node, a slice that
    /// does not stay in the L1 cache).
    ///
    /// The unchecked accesses of `unlink` and `relink` need every node the
    /// masks name to be a node of the matrix. The offsets and the masks lie
    /// in slices that nothing validates, so the unmarked mask is cut to the
    /// nodes that exist from `first` on (an option's nodes all do, and a
    /// stray bit could name no node past the end), and the primary mask is
    /// only ever used within it.
    #[inline(always)]
    fn unmarked_others(&self, p: u32) -> Option<(u32, u32, u32)> {
        let offset = u32::from(self.offsets[p as usize]);
        if offset >= MASKED_OPTION {
            return None;
        }
        let first = p.wrapping_sub(offset);
        let masks = self.colors[(first as usize).wrapping_sub(1)];
        let mut nodes = masks & UNMARKED_BITS & !(1 << offset);
        let node_count = self.links.node_count();
        if first as usize + MASKED_OPTION as usize > node_count {
            // Near the end of the matrix (rare): keep the nodes there are.
            let room = node_count.saturating_sub(first as usize);
            nodes &= ((1u64 << room) - 1) as u32;
        }
        Some((first, nodes, masks >> MASKED_OPTION))
    }

    /// Marks node `q` [`AGREES`], in its color and its option's mask.
    #[inline(always)]
    fn mark_agrees(&mut self, q: u32) {
        self.colors[q as usize] = AGREES;
        let offset = u32::from(self.offsets[q as usize]);
        if offset < MASKED_OPTION {
            self.colors[(q - offset) as usize - 1] &= !(1 << offset);
        }
    }

    /// Undoes `mark_agrees(q)`, giving the node back its `color`.
    #[inline(always)]
    fn unmark(&mut self, q: u32, color: u32) {
        self.colors[q as usize] = color;
        let offset = u32::from(self.offsets[q as usize]);
        if offset < MASKED_OPTION {
            self.colors[(q - offset) as usize - 1] |= 1 << offset;
        }
    }

    /// Gives the item of `p` (a secondary item) the color of `p`: hides the
    /// options that give it another color or none, and marks those that
    /// agree.
    pub(super) fn purify(&mut self, p: u32) {
        let color = self.colors[p as usize];
        let item = self.links.item(p);
        let (mut updates, mut cleansings) = (0, 1);
        // Hiding an option never unlinks its node in this list, so the
        // walk sees the list as it was. The next node is read before this
        // one's option is hidden: the walk then goes on past a
        // mispredicted branch on this node.
        let mut q = self.links.link(item).down;
        while q != item {
            let next = self.links.link(q).down;
            if self.colors[q as usize] != color {
                updates += self.hide_colored(q);
            } else if q != p {
                self.mark_agrees(q);
                cleansings += 1;
            }
            q = next;
        }
        self.updates += updates;
        self.cleansings += cleansings;
    }

    /// Undoes `purify(p)`.
    pub(super) fn unpurify(&mut self, p: u32) {
        let color = self.colors[p as usize];
        let item = self.links.item(p);
        let mut q = self.links.link(item).up;
        while q != item {
            let next = self.links.link(q).up;
            if self.colors[q as usize] == AGREES {
                self.unmark(q, color);
            } else if q != p {
                self.unhide_colored(q);
            }
            q = next;
        }
    }

    /// Chooses the option of `p`: covers its other uncolored items and
    /// purifies its colored ones (those marked [`AGREES`] are purified
    /// already), from the node after `p` around to the one before it.
    pub(crate) fn commit_colored<const WIDE: bool>(&mut self, p: u32) {
        let (first, last) = self.option_bounds(p);
        // Two plain ranges: a chained iterator tests which half it is in
        // at every node.
        for q in p + 1..=last {
            self.commit_colored_node::<WIDE>(q);
        }
        for q in first..p {
            self.commit_colored_node::<WIDE>(q);
        }
    }

    /// Undoes `commit_colored(p)`, in the opposite order.
    pub(crate) fn uncommit_colored<const WIDE: bool>(&mut self, p: u32) {
        let (first, last) = self.option_bounds(p);
        for q in (first..p).rev() {
            self.uncommit_colored_node::<WIDE>(q);
        }
        for q in (p + 1..=last).rev() {
            self.uncommit_colored_node::<WIDE>(q);
        }
    }

    /// Takes the item of `q`, a node of a chosen option, out of the
    /// problem: covers it if uncolored, purifies it if colored.
    #[inline(always)]
    pub(super) fn commit_colored_node<const WIDE: bool>(&mut self, q: u32) {
        match self.colors[q as usize] {
            NO_COLOR => self.cover_colored::<WIDE>(self.links.item(q)),
            AGREES => {}
            _ => self.purify(q),
        }
    }

    /// Undoes `commit_colored_node(q)`.
    #[inline(always)]
    pub(super) fn uncommit_colored_node<const WIDE: bool>(&mut self, q: u32) {
        match self.colors[q as usize] {
            NO_COLOR => self.uncover_colored::<WIDE>(self.links.item(q)),
            AGREES => {}
            _ => self.unpurify(q),
        }
    }
}

impl Hiding for Colored {
    #[inline(always)]
    fn cover(matrix: &mut Matrix<'_>, item: u32) {
        matrix.cover_colored::<false>(item);
    }

    #[inline(always)]
    fn uncover(matrix: &mut Matrix<'_>, item: u32) {
        matrix.uncover_colored::<false>(item);
    }

    #[inline(always)]
    fn unhide(matrix: &mut Matrix<'_>, p: u32) {
        matrix.unhide_colored(p);
    }

    /// Passes over a node marked [`AGREES`]: it stays where a purified
    /// item wants it.
    #[inline(always)]
    fn unlink(matrix: &mut Matrix<'_>, q: u32) {
        if matrix.colors[q as usize] != AGREES {
            matrix.unlink_colored_node(q);
            matrix.updates += 1;
        }
    }

    #[inline(always)]
    fn relink(matrix: &mut Matrix<'_>, q: u32) {
        if matrix.colors[q as usize] != AGREES {
            matrix.relink_colored_node(q);
        }
    }

    #[inline(always)]
    fn commit_secondary(matrix: &mut Matrix<'_>, q: u32) {
        matrix.commit_colored_node::<false>(q);
    }

    #[inline(always)]
    fn uncommit_secondary(matrix: &mut Matrix<'_>, q: u32) {
        matrix.uncommit_colored_node::<false>(q);
    }
}
