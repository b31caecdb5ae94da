//! The storage of the linked matrix: node and item slices with unchecked
//! access on the search's hot path.
//!
//! With the call of the AVX2 build of the search in `search/walk.rs`, this is the
//! crate's only `unsafe` code. It pays: on `pentomino3x20.dlx` bounds checks
//! were about half of the instructions of `hide`/`unhide`, the loops that take
//! over 95% of a search (see the book's benchmarks, `docs/src/benchmarks.md`).
//!
//! Soundness rests on one invariant, checked by [`validate`] whenever a
//! [`Links`] is made from slices ([`Links::new`], [`ValidSlices::new`]) and
//! kept by every write: **every index stored in the slices is in bounds**
//! (node `up`/`down` into `links`, a node's item into `lens`, and the option
//! bounds of every node but a spacer into `links`, around the node), every
//! item number is a node (its header), the node after an option is a
//! spacer, and the first and last nodes are spacers. The only other way to
//! make a [`Links`] is [`ValidSlices::copy_into`], a bitwise copy of slices
//! that passed the check, so it holds for every [`Links`] there is.
//!
//! The indices the matrix passes in are of three kinds, each in bounds:
//! - values it read from the slices (links, items, option bounds), which
//!   the invariant covers; it stores only such values, so the invariant
//!   stays true;
//! - nodes of an option walked between the option's bounds, which lie in
//!   the slices by the invariant;
//! - with colors, nodes named by an option's mask of unmarked nodes (bit
//!   `k` for node `first + k`), which `colored.rs` cuts to the nodes below
//!   [`Links::node_count`] before using it;
//! - item numbers from `choose_item`, which never exceed the number of
//!   primary columns it scanned through a checked slice of `lens` (so they
//!   are item numbers, and nodes), and option nodes looked up by option id,
//!   which [`Links::is_option_start`] checks before they are used.
//!
//! Algorithm M's [`Columns`] rest on an invariant of their own, local to
//! this module: **the `prev` and `next` of every column are in bounds**.
//! [`Columns::new`] checks it; the fields are private here, and the only
//! writes to them are [`Columns::deactivate`] and [`Columns::reactivate`],
//! which store links read from the slice or the index of a column they
//! reached by a checked access. So the walks of the active list (the
//! choice of item at every node) and the unlinking and relinking of its
//! columns follow the links unchecked; the columns that callers name are
//! checked.
//!
//! In debug builds, and so in the test suite, every access is checked as
//! well.

#![allow(unsafe_code)]

use bumpalo::Bump;

use crate::cancel::CANCEL_CHECK;

/// The links of a node, the part of it that the search rewrites: 8 bytes,
/// so eight share a cache line.
#[derive(Clone, Copy, Debug, Default, bytemuck::Zeroable)]
#[repr(C)]
pub(crate) struct Link {
    pub(crate) up: u32,
    pub(crate) down: u32,
}

/// The first and last nodes of a node's option. With the node's item, this
/// is the fixed part of a node, which the search only reads: it is kept
/// apart from the links so that the scattered writes of `hide`/`unhide`
/// touch half as many cache lines, and the items have a slice of their own
/// because the loops over an option's nodes read nothing else of them.
#[derive(Clone, Copy, Debug, Default, bytemuck::Zeroable)]
#[repr(C)]
pub(crate) struct Bounds {
    /// For an entry, the first node of its option; for a spacer, the id of
    /// the option that ends at it.
    pub(crate) first: u32,
    /// For an entry, the last node of its option.
    pub(crate) last: u32,
}

/// The item of a spacer node.
pub(crate) const SPACER: u32 = 0;

/// Algorithm M's state of a primary column, in one record because choosing
/// an item reads all of it.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Column {
    /// The previous and the next column in the active list of the items
    /// still to branch on (column 0 is its root). Private: [`Columns`]
    /// keeps them in bounds.
    prev: u32,
    next: u32,
    /// How many more options may hold the item.
    pub(crate) bound: u32,
    /// How many of those it may go without: upper less lower bound.
    pub(crate) slack: u32,
}

impl Column {
    /// Links `columns[..=last]` in a circle, in column order, column 0 its
    /// root: the active list of a search's start. Columns after `last`
    /// (padding) link to the root alone.
    pub(crate) fn link_in_order(columns: &mut [Column], last: u32) {
        for (number, column) in (0..).zip(columns.iter_mut()) {
            (column.prev, column.next) = if number > last {
                (0, 0)
            } else {
                (
                    if number == 0 { last } else { number - 1 },
                    if number == last { 0 } else { number + 1 },
                )
            };
        }
    }
}

/// Algorithm M's columns, one per primary item and the root 0 of the
/// active list, with their links in bounds (see the module doc); empty for
/// the other algorithms.
pub(crate) struct Columns<'b> {
    columns: &'b mut [Column],
}

impl<'b> Columns<'b> {
    /// Takes the slice after checking that every link is in bounds.
    ///
    /// # Panics
    /// If one is not: a bug in the matrix builder.
    pub(crate) fn new(columns: &'b mut [Column]) -> Columns<'b> {
        let count = columns.len();
        assert!(
            columns
                .iter()
                .all(|column| (column.prev as usize) < count && (column.next as usize) < count),
            "the active list stays within the columns"
        );
        Columns { columns }
    }

    /// The column of `item` after the checked access that names it.
    #[inline(always)]
    fn linked(&self, item: u32) -> &Column {
        debug_assert!((item as usize) < self.columns.len());
        // SAFETY: `item` is a `prev` or `next` read from the slice, in
        // bounds by the invariant in the module doc.
        unsafe { self.columns.get_unchecked(item as usize) }
    }

    /// [`linked`](Self::linked), to update.
    #[inline(always)]
    fn linked_mut(&mut self, item: u32) -> &mut Column {
        debug_assert!((item as usize) < self.columns.len());
        // SAFETY: as in `linked`.
        unsafe { self.columns.get_unchecked_mut(item as usize) }
    }

    /// The first item of the active list, and then each item after the one
    /// before with its column, as [`Active`] walks them.
    #[inline(always)]
    pub(crate) fn active(&self) -> Active<'_, 'b> {
        Active {
            columns: self,
            // A checked access: the list's root.
            item: self.columns[0].next,
        }
    }

    /// The bound of `item`, to update.
    #[inline(always)]
    pub(crate) fn bound_mut(&mut self, item: u32) -> &mut u32 {
        &mut self.columns[item as usize].bound
    }

    /// Takes `item` out of the active list.
    #[inline(always)]
    pub(crate) fn deactivate(&mut self, item: u32) {
        let Column { prev, next, .. } = self.columns[item as usize];
        self.linked_mut(prev).next = next;
        self.linked_mut(next).prev = prev;
    }

    /// Undoes `deactivate(item)`.
    #[inline(always)]
    pub(crate) fn reactivate(&mut self, item: u32) {
        // Checked: so `item` is in bounds, and may be stored as a link.
        let Column { prev, next, .. } = self.columns[item as usize];
        self.linked_mut(prev).next = item;
        self.linked_mut(next).prev = item;
    }
}

impl std::ops::Deref for Columns<'_> {
    type Target = [Column];

    /// The columns, to read.
    fn deref(&self) -> &[Column] {
        self.columns
    }
}

/// The items of the active list in order, each with its column: the walk
/// that chooses an item, following the links unchecked.
pub(crate) struct Active<'c, 'b> {
    columns: &'c Columns<'b>,
    item: u32,
}

impl<'c> Iterator for Active<'c, '_> {
    type Item = (u32, &'c Column);

    #[inline(always)]
    fn next(&mut self) -> Option<(u32, &'c Column)> {
        if self.item == 0 {
            return None;
        }
        let item = self.item;
        let column = self.columns.linked(item);
        self.item = column.next;
        Some((item, column))
    }
}

/// The matrix's slices: the links and lengths in the caller's arena, the
/// fixed parts perhaps shared with a template.
pub(crate) struct Links<'b> {
    links: &'b mut [Link],
    /// The item (column) of each node: the header's own index for a header,
    /// [`SPACER`] for a spacer.
    items: &'b [u32],
    bounds: &'b [Bounds],
    /// The length of each item's list, by item number.
    lens: &'b mut [u32],
}

impl<'b> Links<'b> {
    /// Takes the slices after checking the invariant the unchecked accesses
    /// rely on.
    ///
    /// # Panics
    /// If a link is out of bounds or the slices are not bracketed by spacers:
    /// a bug in the matrix builder, never a property of user input.
    pub(crate) fn new(
        links: &'b mut [Link],
        items: &'b [u32],
        bounds: &'b [Bounds],
        lens: &'b mut [u32],
    ) -> Links<'b> {
        validate(links, items, bounds, lens, &mut || false);
        Links {
            links,
            items,
            bounds,
            lens,
        }
    }

    /// Whether `node` is the first node of an option: a node of the
    /// matrix, not a spacer or header, whose option starts at it. Checked
    /// access: for option nodes looked up by id, which the invariant does
    /// not cover.
    pub(crate) fn is_option_start(&self, node: u32) -> bool {
        let node = node as usize;
        match (self.items.get(node), self.bounds.get(node)) {
            (Some(&item), Some(bounds)) => {
                item != SPACER && item as usize != node && bounds.first as usize == node
            }
            _ => false,
        }
    }
}

/// The slices of a linked matrix, owned and checked once (a template's):
/// copies of them are valid too, so each solver that starts from them
/// skips the check.
#[derive(Clone, Debug)]
pub(crate) struct ValidSlices {
    links: Vec<Link>,
    items: Vec<u32>,
    bounds: Vec<Bounds>,
    lens: Vec<u32>,
}

impl ValidSlices {
    /// Takes the slices after checking the invariant in the module doc.
    ///
    /// # Panics
    /// As [`Links::new`].
    #[cfg(test)]
    pub(crate) fn new(
        links: Vec<Link>,
        items: Vec<u32>,
        bounds: Vec<Bounds>,
        lens: Vec<u32>,
    ) -> ValidSlices {
        match ValidSlices::checked_until(links, items, bounds, lens, &mut || false) {
            Some(valid) => valid,
            None => unreachable!("a check that is never cancelled completes"),
        }
    }

    /// [`new`](Self::new), asking `cancel` every so often during the check
    /// (see `Template::link`); `None` when it said to stop.
    pub(crate) fn checked_until(
        links: Vec<Link>,
        items: Vec<u32>,
        bounds: Vec<Bounds>,
        lens: Vec<u32>,
        cancel: &mut dyn FnMut() -> bool,
    ) -> Option<ValidSlices> {
        if !validate(&links, &items, &bounds, &lens, cancel) {
            return None;
        }
        Some(ValidSlices {
            links,
            items,
            bounds,
            lens,
        })
    }

    /// The bytes [`copy_into`](Self::copy_into) copies.
    pub(crate) fn copied_bytes(&self) -> usize {
        size_of_val(self.links.as_slice()) + size_of_val(self.lens.as_slice())
    }

    /// A matrix's slices: the links and lengths, which a search rewrites,
    /// copied into `bump`; the items and bounds, which it only reads,
    /// shared. A bitwise copy of valid slices is valid.
    /// The copy asks `cancel` between chunks of a few megabytes, and gives
    /// `None` if it said to stop: copying the links of a huge problem takes
    /// a while.
    pub(crate) fn copy_into<'b>(
        &'b self,
        bump: &'b Bump,
        cancel: &mut dyn FnMut() -> bool,
    ) -> Option<Links<'b>> {
        Some(Links {
            links: copy_in_chunks(&self.links, bump, cancel)?,
            items: &self.items,
            bounds: &self.bounds,
            lens: bump.alloc_slice_copy(&self.lens),
        })
    }
}

impl ValidSlices {
    /// The length keys of the items, as linked.
    pub(crate) fn lens(&self) -> &[u32] {
        &self.lens
    }

    /// The links of the same matrix with only some of its options in the
    /// item lists: the headers with lists of their own, then the options
    /// that start at the nodes of `starts` appended, in that order, to the
    /// lists of their items, but only those whose items all have a key
    /// below `covered` in `lens` (each option linked adds `unit` to the
    /// keys of its items). `lens` holds the keys to start from (as long as
    /// the template's), and the items and bounds are shared. Nodes of the
    /// options left out keep links to node 0, and are never reached.
    ///
    /// Sound by construction: every index used here is checked, and every
    /// value stored in the links is a header or a node that was just used
    /// as an index into them (or a link read from them), so in bounds, as
    /// the module doc requires.
    ///
    /// # Panics
    /// If `lens` is not as long as the template's, or a start is not the
    /// first node of an option.
    pub(crate) fn restricted_into<'b>(
        &'b self,
        bump: &'b Bump,
        lens: &'b mut [u32],
        starts: impl IntoIterator<Item = u32>,
        unit: u32,
        covered: u32,
    ) -> Links<'b> {
        assert_eq!(lens.len(), self.lens.len());
        let links = bump.alloc_slice_fill_copy(self.links.len(), Link::default());
        for (header, link) in (1..lens.len() as u32).zip(&mut links[1..]) {
            *link = Link {
                up: header,
                down: header,
            };
        }
        for start in starts {
            let node = start as usize;
            let Bounds { first, last } = self.bounds[node];
            assert!(
                first == start && self.items[node] != SPACER && self.items[node] != start,
                "not an option's first node"
            );
            // Appended at the bottom of its items' lists as it is walked,
            // and taken out again from there if an item turns out covered.
            let nodes = first as usize..=last as usize;
            let mut appended = first as usize;
            for q in nodes.clone() {
                let item = self.items[q] as usize;
                if lens[item] >= covered {
                    break;
                }
                let bottom = links[item].up;
                links[q] = Link {
                    up: bottom,
                    down: item as u32,
                };
                links[bottom as usize].down = q as u32;
                links[item].up = q as u32;
                lens[item] += unit;
                appended = q + 1;
            }
            if appended <= last as usize {
                for q in (first as usize..appended).rev() {
                    let item = self.items[q] as usize;
                    let bottom = links[q].up;
                    links[bottom as usize].down = item as u32;
                    links[item].up = bottom;
                    lens[item] -= unit;
                    links[q] = Link::default();
                }
            }
        }
        debug_assert!(validate(
            links,
            &self.items,
            &self.bounds,
            lens,
            &mut || false
        ));
        Links {
            links,
            items: &self.items,
            bounds: &self.bounds,
            lens,
        }
    }

    /// The item of node `node` and the bounds of its option (checked).
    pub(crate) fn node_parts(&self, node: u32) -> Option<(u32, Bounds)> {
        Some((
            *self.items.get(node as usize)?,
            *self.bounds.get(node as usize)?,
        ))
    }
}

/// Elements copied between two questions to `cancel` in
/// [`copy_in_chunks`]: 8 MB of links.
const COPY_CHUNK: usize = 1 << 20;

/// A copy of `source` in `bump`, made a chunk at a time, asking `cancel`
/// before each: `None` if it said to stop.
pub(crate) fn copy_in_chunks<'b, T: Copy>(
    source: &[T],
    bump: &'b Bump,
    cancel: &mut dyn FnMut() -> bool,
) -> Option<&'b mut [T]> {
    copy_in_chunks_of(COPY_CHUNK, source, bump, cancel)
}

fn copy_in_chunks_of<'b, T: Copy>(
    chunk_length: usize,
    source: &[T],
    bump: &'b Bump,
    cancel: &mut dyn FnMut() -> bool,
) -> Option<&'b mut [T]> {
    let mut copy = bumpalo::collections::Vec::with_capacity_in(source.len(), bump);
    for chunk in source.chunks(chunk_length) {
        if cancel() {
            return None;
        }
        copy.extend_from_slice(chunk);
    }
    Some(copy.into_bump_slice_mut())
}

/// Checks the invariant in the module doc, asking `cancel` every
/// [`CANCEL_CHECK`] nodes; false if it said to stop (nothing is known then).
///
/// # Panics
/// If the invariant does not hold.
fn validate(
    links: &[Link],
    items: &[u32],
    bounds: &[Bounds],
    lens: &[u32],
    cancel: &mut dyn FnMut() -> bool,
) -> bool {
    assert_eq!(links.len(), items.len());
    assert_eq!(links.len(), bounds.len());
    let node_count = links.len();
    let item_count = lens.len();
    assert!(node_count < u32::MAX as usize && item_count < u32::MAX as usize);
    // Item numbers index `lens`; each is also its header's node.
    assert!(item_count <= node_count, "every item has a header node");
    assert!(
        items.first() == Some(&SPACER) && items.last() == Some(&SPACER),
        "the first and last nodes must be spacers"
    );
    for (node, link) in links.iter().enumerate() {
        if node % CANCEL_CHECK == CANCEL_CHECK - 1 && cancel() {
            return false;
        }
        assert!((link.up as usize) < node_count && (link.down as usize) < node_count);
    }
    for (node, (&item, bounds)) in items.iter().zip(bounds).enumerate() {
        if node % CANCEL_CHECK == CANCEL_CHECK - 1 && cancel() {
            return false;
        }
        assert!((item as usize) < item_count);
        if item != SPACER {
            // The walks of `hide` and friends stay within these bounds,
            // which hold the node.
            let (first, last) = (bounds.first as usize, bounds.last as usize);
            assert!(first <= node && node <= last && last < node_count);
            if item as usize != node {
                // An option (not a header) ends at a spacer.
                assert!(items.get(last + 1) == Some(&SPACER));
            }
        }
    }
    true
}

impl<'b> Links<'b> {
    /// The number of nodes.
    #[inline(always)]
    pub(crate) fn node_count(&self) -> usize {
        self.links.len()
    }

    /// The links of node `i`.
    #[inline(always)]
    pub(crate) fn link(&self, i: u32) -> Link {
        debug_assert!((i as usize) < self.links.len());
        // SAFETY: `i` is a link read from the slices or a node of an option
        // between its first node and its last, in bounds by the invariant in
        // the module doc.
        unsafe { *self.links.get_unchecked(i as usize) }
    }

    /// The links of node `i`, to update.
    #[inline(always)]
    pub(crate) fn link_mut(&mut self, i: u32) -> &mut Link {
        debug_assert!((i as usize) < self.links.len());
        // SAFETY: as in `link`.
        unsafe { self.links.get_unchecked_mut(i as usize) }
    }

    /// The item of node `i`.
    #[inline(always)]
    pub(crate) fn item(&self, i: u32) -> u32 {
        debug_assert!((i as usize) < self.items.len());
        // SAFETY: as in `link`; `items` is as long as `links`.
        unsafe { *self.items.get_unchecked(i as usize) }
    }

    /// The option bounds of node `i`.
    #[inline(always)]
    pub(crate) fn bounds(&self, i: u32) -> Bounds {
        debug_assert!((i as usize) < self.bounds.len());
        // SAFETY: as in `link`; `bounds` is as long as `links`.
        unsafe { *self.bounds.get_unchecked(i as usize) }
    }

    /// The lengths of all item lists, by item number.
    #[inline(always)]
    pub(crate) fn lens(&self) -> &[u32] {
        self.lens
    }

    /// The length key of item `i`'s list.
    #[inline(always)]
    pub(crate) fn len(&self, i: u32) -> u32 {
        debug_assert!((i as usize) < self.lens.len());
        // SAFETY: as in `len_mut`.
        unsafe { *self.lens.get_unchecked(i as usize) }
    }

    /// The length of item `i`'s list, to update.
    #[inline(always)]
    pub(crate) fn len_mut(&mut self, i: u32) -> &mut u32 {
        debug_assert!((i as usize) < self.lens.len());
        // SAFETY: `i` is a node's `item` (or a header's own index), in bounds
        // by the invariant in the module doc.
        unsafe { self.lens.get_unchecked_mut(i as usize) }
    }

    /// Takes node `q` out of its item's list, whose length key drops by
    /// `unit`. The node keeps its own links, so [`relink`](Self::relink)
    /// puts it back where it was.
    #[inline(always)]
    pub(crate) fn unlink(&mut self, q: u32, unit: u32) {
        let Link { up, down } = self.link(q);
        let item = self.item(q);
        self.link_mut(up).down = down;
        self.link_mut(down).up = up;
        *self.len_mut(item) -= unit;
    }

    /// Takes node `q` out of its item's list and leaves the list's length
    /// alone: for a secondary item with colors, whose length nothing reads
    /// (its walks stop at the header), so that hiding skips a load of the
    /// node's item and a read and write of its length.
    #[inline(always)]
    pub(crate) fn unlink_keeping_length(&mut self, q: u32) {
        let Link { up, down } = self.link(q);
        self.link_mut(up).down = down;
        self.link_mut(down).up = up;
    }

    /// Undoes `unlink_keeping_length(q)`.
    #[inline(always)]
    pub(crate) fn relink_keeping_length(&mut self, q: u32) {
        let Link { up, down } = self.link(q);
        self.link_mut(up).down = q;
        self.link_mut(down).up = q;
    }

    /// Undoes `unlink(q, unit)`.
    #[inline(always)]
    pub(crate) fn relink(&mut self, q: u32, unit: u32) {
        let Link { up, down } = self.link(q);
        let item = self.item(q);
        self.link_mut(up).down = q;
        self.link_mut(down).up = q;
        *self.len_mut(item) += unit;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One item and one option holding it: spacer, header, spacer, the
    /// option's node, spacer.
    fn one_option() -> (Vec<Link>, Vec<u32>, Vec<Bounds>, Vec<u32>) {
        let link = |up, down| Link { up, down };
        let bounds = |first, last| Bounds { first, last };
        (
            vec![link(0, 0), link(3, 3), link(0, 0), link(1, 1), link(0, 0)],
            vec![SPACER, 1, SPACER, 1, SPACER],
            vec![
                bounds(0, 0),
                bounds(1, 1),
                bounds(0, 0),
                bounds(3, 3),
                bounds(0, 0),
            ],
            vec![0, 1],
        )
    }

    /// Three columns linked in order: unlinking and relinking the middle
    /// one, then the last, walks the list as it should, and restores it.
    #[test]
    fn the_active_list_unlinks_and_relinks_its_columns() {
        let mut slice = [Column::default(); 4];
        Column::link_in_order(&mut slice, 3);
        let mut columns = Columns::new(&mut slice);
        let active =
            |columns: &Columns<'_>| columns.active().map(|(item, _)| item).collect::<Vec<_>>();
        assert_eq!(active(&columns), [1, 2, 3]);
        columns.deactivate(2);
        assert_eq!(active(&columns), [1, 3]);
        columns.deactivate(3);
        assert_eq!(active(&columns), [1]);
        columns.reactivate(3);
        columns.reactivate(2);
        assert_eq!(active(&columns), [1, 2, 3]);
        assert_eq!((columns[3].next, columns[1].prev), (0, 0));
    }

    /// Padding after the last linked column links to the root alone.
    #[test]
    fn padding_columns_stay_out_of_the_active_list() {
        let mut slice = [Column::default(); 4];
        Column::link_in_order(&mut slice, 2);
        let columns = Columns::new(&mut slice);
        assert_eq!(
            columns.active().map(|(item, _)| item).collect::<Vec<_>>(),
            [1, 2]
        );
    }

    #[test]
    #[should_panic]
    fn a_column_link_out_of_bounds_is_refused() {
        let mut slice = [Column::default(); 2];
        Column::link_in_order(&mut slice, 1);
        slice[1].next = 2;
        Columns::new(&mut slice);
    }

    #[test]
    fn valid_slices_pass_and_their_copies_are_usable() {
        let (links, items, bounds, lens) = one_option();
        let valid = ValidSlices::new(links, items, bounds, lens);
        let bump = Bump::new();
        let mut copy = valid.copy_into(&bump, &mut || false).unwrap();
        assert_eq!(copy.link(1).down, 3);
        copy.link_mut(1).down = 1;
        // The template is untouched by its copy.
        assert_eq!(valid.links[1].down, 3);
    }

    #[test]
    #[should_panic]
    fn a_link_out_of_bounds_is_refused() {
        let (mut links, items, bounds, lens) = one_option();
        links[3].down = 5;
        ValidSlices::new(links, items, bounds, lens);
    }

    #[test]
    #[should_panic]
    fn an_item_out_of_bounds_is_refused() {
        let (links, mut items, bounds, lens) = one_option();
        items[3] = 2;
        ValidSlices::new(links, items, bounds, lens);
    }

    #[test]
    #[should_panic]
    fn option_bounds_past_the_slices_are_refused() {
        let (links, items, mut bounds, lens) = one_option();
        bounds[3].last = 4;
        ValidSlices::new(links, items, bounds, lens);
    }

    #[test]
    #[should_panic]
    fn more_items_than_header_nodes_are_refused() {
        let (links, items, bounds, _) = one_option();
        ValidSlices::new(links, items, bounds, vec![0; 6]);
    }

    #[test]
    fn only_the_first_node_of_an_option_starts_one() {
        let (mut links, items, bounds, mut lens) = one_option();
        let checked = Links::new(&mut links, &items, &bounds, &mut lens);
        assert!(checked.is_option_start(3));
        for node in [0, 1, 2, 4, 5, u32::MAX] {
            assert!(!checked.is_option_start(node), "node {node}");
        }
    }

    /// A copy made a chunk at a time equals its source, and a cancel
    /// before any chunk, or between two, gives no copy.
    #[test]
    fn copies_in_chunks_are_whole_or_cancelled() {
        let bump = Bump::new();
        // Small chunks: this runs under Miri.
        let source: Vec<u32> = (0..2 * 4 + 3).collect();
        let copy = copy_in_chunks_of(4, &source, &bump, &mut || false).unwrap();
        assert_eq!(copy, &source[..]);
        for stop_at in [0, 1, 2] {
            let mut asked = 0;
            let cancelled = copy_in_chunks_of(4, &source, &bump, &mut || {
                asked += 1;
                asked > stop_at
            });
            assert!(cancelled.is_none(), "stopped at chunk {stop_at}");
            assert_eq!(asked, stop_at + 1);
        }
    }
}
