//! The dance of DLX1: covering and uncovering items, hiding and unhiding
//! options, and committing the options a search chooses.

use super::{COVERED, Hiding, Matrix, Uncolored};

impl Matrix<'_> {
    /// Removes `item` from the active list and hides every option in it.
    #[inline]
    pub(crate) fn cover<const WIDE: bool>(&mut self, item: u32) {
        // A counted walk: the loop's exit does not wait for the load of
        // the next link, which the hardware then resolves early (1 to 6%
        // faster than `while p != item`).
        let count = self.list_length(item);
        let mut p = item;
        for _ in 0..count {
            p = self.links.link(p).down;
            self.hide(p);
        }
        *self.links.len_mut(item) += COVERED;
        self.note_covered::<WIDE>(item);
        self.updates += 1;
    }

    /// Undoes `cover(item)`.
    #[inline]
    pub(crate) fn uncover<const WIDE: bool>(&mut self, item: u32) {
        *self.links.len_mut(item) -= COVERED;
        self.note_uncovered::<WIDE>(item);
        let count = self.list_length(item);
        let mut p = item;
        for _ in 0..count {
            p = self.links.link(p).up;
            self.unhide(p);
        }
    }

    /// Unlinks every other node of `p`'s option from its item's list.
    #[inline]
    fn hide(&mut self, p: u32) {
        let (first, last) = self.option_bounds(p);
        let unit = self.unit;
        // One counted loop over the option's other nodes, `first..last`
        // shifted by one from `p` on: no spacer test per node, as DLX1's
        // walk around the option needs, and a trip count that is the
        // option's size less one, the same for every option of most
        // problems, so that its exit is predicted (two loops around `p`
        // have counts that vary with `p`'s place in the option).
        for q in first..last {
            self.links.unlink(q + u32::from(q >= p), unit);
        }
        self.updates += u64::from(last - first);
    }

    /// Undoes `hide(p)`. The nodes of one option lie in different item lists,
    /// so the order in which they are relinked does not matter.
    #[inline]
    pub(super) fn unhide(&mut self, p: u32) {
        let (first, last) = self.option_bounds(p);
        let unit = self.unit;
        for q in first..last {
            self.links.relink(q + u32::from(q >= p), unit);
        }
    }

    /// Covers every item of `p`'s option other than `p`'s own: choosing it.
    /// Items are covered left to right (DLX1 starts after `p` and wraps
    /// around: the order changes no count) and uncovered in the opposite
    /// order, which the dance requires.
    #[inline(always)]
    pub(crate) fn commit<const WIDE: bool>(&mut self, p: u32) {
        let (first, last) = self.option_bounds(p);
        // The other nodes without a test per node: `first..last` shifted by
        // one from `p` on.
        for q in first..last {
            let q = q + u32::from(q >= p);
            let item = self.links.item(q);
            self.cover::<WIDE>(item);
        }
    }

    /// Undoes `commit(p)`.
    #[inline(always)]
    pub(crate) fn uncommit<const WIDE: bool>(&mut self, p: u32) {
        let (first, last) = self.option_bounds(p);
        for q in (first..last).rev() {
            let q = q + u32::from(q >= p);
            let item = self.links.item(q);
            self.uncover::<WIDE>(item);
        }
    }
}

/// DLX1's dance as Algorithm M runs it (Algorithm X runs the loops above,
/// never these). Options there are short (two nodes in a 0-1 matrix with
/// given sums), so an option's other nodes are walked by one counted loop
/// that steps over `p` without a branch, or by none for an option of two
/// nodes: two loops, each with its own entry tests and unrolled prologue,
/// cost more than the one node they visit (rowcol6_2_2: 102.2 M
/// instructions with this and `take` inlined, 122.3 M with DLX1's loops).
impl Matrix<'_> {
    /// Removes `item` from the problem and hides every option in its list
    /// (each of two nodes if `PAIRS`).
    #[inline(always)]
    fn cover_short<const PAIRS: bool>(&mut self, item: u32) {
        let count = self.bounded_length(item);
        let mut updates = 1;
        let mut p = item;
        for _ in 0..count {
            p = self.links.link(p).down;
            updates += self.hide_short::<PAIRS>(p);
        }
        *self.links.len_mut(item) += COVERED;
        self.updates += updates;
    }

    /// Undoes `cover_short(item)`.
    #[inline(always)]
    fn uncover_short<const PAIRS: bool>(&mut self, item: u32) {
        *self.links.len_mut(item) -= COVERED;
        let count = self.bounded_length(item);
        let mut p = item;
        for _ in 0..count {
            p = self.links.link(p).up;
            self.unhide_short::<PAIRS>(p);
        }
    }

    /// Unlinks every other node of `p`'s option from its item's list, and
    /// returns how many it unlinked. An option of two nodes (every option
    /// of a 0-1 matrix with given sums) takes no loop: its other node is
    /// `first + last - p`.
    #[inline(always)]
    fn hide_short<const PAIRS: bool>(&mut self, p: u32) -> u64 {
        let (first, last) = self.option_bounds(p);
        let unit = 1;
        debug_assert!(!PAIRS || last - first == 1);
        if PAIRS {
            self.links.unlink(first + last - p, unit);
            return 1;
        }
        if last - first == 1 {
            self.links.unlink(first + last - p, unit);
        } else {
            for q in first..last {
                self.links.unlink(q + u32::from(q >= p), unit);
            }
        }
        u64::from(last - first)
    }

    /// Undoes `hide_short(p)`.
    #[inline(always)]
    fn unhide_short<const PAIRS: bool>(&mut self, p: u32) {
        let (first, last) = self.option_bounds(p);
        let unit = 1;
        if PAIRS || last - first == 1 {
            self.links.relink(first + last - p, unit);
        } else {
            for q in first..last {
                self.links.relink(q + u32::from(q >= p), unit);
            }
        }
    }
}

/// [`Plain`]'s dance and [`Pairs`]'s (every option of two nodes).
impl<const PAIRS: bool> Hiding for Uncolored<PAIRS> {
    const PAIRS: bool = PAIRS;

    #[inline(always)]
    fn cover(matrix: &mut Matrix<'_>, item: u32) {
        matrix.cover_short::<PAIRS>(item);
    }

    #[inline(always)]
    fn uncover(matrix: &mut Matrix<'_>, item: u32) {
        matrix.uncover_short::<PAIRS>(item);
    }

    #[inline(always)]
    fn unhide(matrix: &mut Matrix<'_>, p: u32) {
        matrix.unhide_short::<PAIRS>(p);
    }

    #[inline(always)]
    fn unlink(matrix: &mut Matrix<'_>, q: u32) {
        matrix.links.unlink(q, 1);
        matrix.updates += 1;
    }

    #[inline(always)]
    fn relink(matrix: &mut Matrix<'_>, q: u32) {
        matrix.links.relink(q, 1);
    }

    #[inline(always)]
    fn commit_secondary(matrix: &mut Matrix<'_>, q: u32) {
        matrix.cover_short::<PAIRS>(matrix.links.item(q));
    }

    #[inline(always)]
    fn uncommit_secondary(matrix: &mut Matrix<'_>, q: u32) {
        matrix.uncover_short::<PAIRS>(matrix.links.item(q));
    }
}
