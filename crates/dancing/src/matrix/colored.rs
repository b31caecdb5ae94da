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

use super::{AGREES, COVERED, Colored, Hiding, MASKED_OPTION, Matrix, NO_COLOR, Plain};

impl Matrix<'_> {
    /// Removes `item` from the active list and hides every option in it,
    /// passing over the nodes marked [`AGREES`].
    pub(crate) fn cover_colored<const WIDE: bool>(&mut self, item: u32) {
        let count = self.list_length(item);
        let mut p = item;
        let mut updates = 1;
        for _ in 0..count {
            p = self.links.link(p).down;
            updates += self.hide_colored(p);
        }
        *self.links.len_mut(item) += COVERED;
        self.note_covered::<WIDE>(item);
        self.updates += updates;
    }

    /// Undoes `cover_colored(item)`.
    pub(crate) fn uncover_colored<const WIDE: bool>(&mut self, item: u32) {
        *self.links.len_mut(item) -= COVERED;
        self.note_uncovered::<WIDE>(item);
        let count = self.list_length(item);
        let mut p = item;
        for _ in 0..count {
            p = self.links.link(p).up;
            self.unhide_colored(p);
        }
    }

    /// Unlinks every other node of `p`'s option from its item's list, but
    /// those marked [`AGREES`], and returns how many it unlinked (the
    /// updates). The callers count them in a register: a counter in the
    /// matrix is a load and a store per option, each waiting on the last.
    #[inline(always)]
    #[must_use]
    pub(super) fn hide_colored(&mut self, p: u32) -> u64 {
        let (first, last) = self.option_bounds(p);
        let unit = self.unit;
        let mut unlinked = 0;
        if last - first < MASKED_OPTION {
            // The nodes to unlink, from the option's mask: a marked node
            // (often half of them) costs nothing, and no branch guesses
            // which node is marked.
            let mut nodes = self.unmarked_others(p, first, last);
            while nodes != 0 {
                self.links.unlink(first + nodes.trailing_zeros(), unit);
                nodes &= nodes - 1;
                unlinked += 1;
            }
        } else {
            for (q, &color) in (first..).zip(&self.colors[first as usize..=last as usize]) {
                if color != AGREES && q != p {
                    self.links.unlink(q, unit);
                    unlinked += 1;
                }
            }
        }
        unlinked
    }

    /// Undoes `hide_colored(p)`. The nodes of one option lie in different
    /// item lists, so the order in which they are relinked does not matter.
    #[inline(always)]
    pub(super) fn unhide_colored(&mut self, p: u32) {
        let (first, last) = self.option_bounds(p);
        let unit = self.unit;
        if last - first < MASKED_OPTION {
            let mut nodes = self.unmarked_others(p, first, last);
            while nodes != 0 {
                self.links.relink(first + nodes.trailing_zeros(), unit);
                nodes &= nodes - 1;
            }
        } else {
            for (q, &color) in (first..).zip(&self.colors[first as usize..=last as usize]) {
                if color != AGREES && q != p {
                    self.links.relink(q, unit);
                }
            }
        }
    }

    /// The mask of the nodes of `p`'s option `first..=last` (at most
    /// [`MASKED_OPTION`] nodes) that are not marked, but `p`. Cut to the
    /// option's length, so that every node it names lies between the
    /// option's bounds, which the unchecked accesses of `unlink` and
    /// `relink` need (the mask is in a slice that nothing validates).
    #[inline(always)]
    fn unmarked_others(&self, p: u32, first: u32, last: u32) -> u32 {
        let option = u32::MAX >> (MASKED_OPTION - 1 - (last - first));
        self.colors[first as usize - 1] & option & !(1 << (p - first))
    }

    /// Marks node `q` [`AGREES`], in its color and its option's mask.
    #[inline(always)]
    fn mark_agrees(&mut self, q: u32) {
        self.colors[q as usize] = AGREES;
        let (first, last) = self.option_bounds(q);
        if last - first < MASKED_OPTION {
            self.colors[first as usize - 1] &= !(1 << (q - first));
        }
    }

    /// Undoes `mark_agrees(q)`, giving the node back its `color`.
    #[inline(always)]
    fn unmark(&mut self, q: u32, color: u32) {
        self.colors[q as usize] = color;
        let (first, last) = self.option_bounds(q);
        if last - first < MASKED_OPTION {
            self.colors[first as usize - 1] |= 1 << (q - first);
        }
    }

    /// Gives the item of `p` (a secondary item) the color of `p`: hides the
    /// options that give it another color or none, and marks those that
    /// agree.
    pub(super) fn purify(&mut self, p: u32) {
        let color = self.colors[p as usize];
        let item = self.links.item(p);
        // A counted walk, as in `cover`: hiding an option never unlinks
        // its node in this list, so the length stays as it is.
        let count = self.list_length(item);
        let (mut updates, mut cleansings) = (0, 1);
        let mut q = item;
        for _ in 0..count {
            q = self.links.link(q).down;
            if self.colors[q as usize] != color {
                updates += self.hide_colored(q);
            } else if q != p {
                self.mark_agrees(q);
                cleansings += 1;
            }
        }
        self.updates += updates;
        self.cleansings += cleansings;
    }

    /// Undoes `purify(p)`.
    pub(super) fn unpurify(&mut self, p: u32) {
        let color = self.colors[p as usize];
        let item = self.links.item(p);
        let count = self.list_length(item);
        let mut q = item;
        for _ in 0..count {
            q = self.links.link(q).up;
            if self.colors[q as usize] == AGREES {
                self.unmark(q, color);
            } else if q != p {
                self.unhide_colored(q);
            }
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
            Plain::unlink(matrix, q);
        }
    }

    #[inline(always)]
    fn relink(matrix: &mut Matrix<'_>, q: u32) {
        if matrix.colors[q as usize] != AGREES {
            Plain::relink(matrix, q);
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
