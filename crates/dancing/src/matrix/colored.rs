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

use super::{AGREES, COVERED, Colored, Hiding, Matrix, NO_COLOR, Plain};
use crate::links::Links;

impl Matrix<'_> {
    /// Removes `item` from the active list and hides every option in it,
    /// passing over the nodes marked [`AGREES`].
    pub(crate) fn cover_colored<const WIDE: bool>(&mut self, item: u32) {
        let count = self.list_length(item);
        let mut p = item;
        for _ in 0..count {
            p = self.links.link(p).down;
            self.hide_colored(p);
        }
        *self.links.len_mut(item) += COVERED;
        self.note_covered::<WIDE>(item);
        self.updates += 1;
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
    /// those marked [`AGREES`].
    #[inline(always)]
    pub(super) fn hide_colored(&mut self, p: u32) {
        let (first, last) = self.option_bounds(p);
        let unit = self.unit;
        // The updates are counted in a register: a counter in the matrix
        // would be a load and a store per node, each waiting on the last.
        let mut unlinked = 0;
        self.for_other_nodes(p, first, last, |links, q| {
            links.unlink(q, unit);
            unlinked += 1;
        });
        self.updates += unlinked;
    }

    /// Undoes `hide_colored(p)`. The nodes of one option lie in different
    /// item lists, so the order in which they are relinked does not matter.
    #[inline(always)]
    pub(super) fn unhide_colored(&mut self, p: u32) {
        let (first, last) = self.option_bounds(p);
        let unit = self.unit;
        self.for_other_nodes(p, first, last, |links, q| links.relink(q, unit));
    }

    /// Calls `visit` on the nodes `first..=last` of `p`'s option but `p`
    /// and those marked [`AGREES`], first to last: two counted loops over
    /// the option's colors, with one bounds check for each.
    #[inline(always)]
    fn for_other_nodes(
        &mut self,
        p: u32,
        first: u32,
        last: u32,
        mut visit: impl FnMut(&mut Links<'_>, u32),
    ) {
        let colors = &self.colors[first as usize..=last as usize];
        let (before, after) = colors.split_at((p - first) as usize);
        for (offset, &color) in before.iter().enumerate() {
            if color != AGREES {
                visit(&mut self.links, first + offset as u32);
            }
        }
        for (offset, &color) in after.iter().enumerate().skip(1) {
            if color != AGREES {
                visit(&mut self.links, p + offset as u32);
            }
        }
    }

    /// Gives the item of `p` (a secondary item) the color of `p`: hides the
    /// options that give it another color or none, and marks those that
    /// agree.
    pub(super) fn purify(&mut self, p: u32) {
        let color = self.colors[p as usize];
        let item = self.links.item(p);
        self.cleansings += 1;
        let mut q = self.links.link(item).down;
        while q != item {
            if self.colors[q as usize] == color {
                if q != p {
                    self.colors[q as usize] = AGREES;
                    self.cleansings += 1;
                }
            } else {
                self.hide_colored(q);
            }
            q = self.links.link(q).down;
        }
    }

    /// Undoes `purify(p)`.
    pub(super) fn unpurify(&mut self, p: u32) {
        let color = self.colors[p as usize];
        let item = self.links.item(p);
        let mut q = self.links.link(item).up;
        while q != item {
            if self.colors[q as usize] == AGREES {
                self.colors[q as usize] = color;
            } else if q != p {
                self.unhide_colored(q);
            }
            q = self.links.link(q).up;
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
