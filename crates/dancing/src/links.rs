//! The storage of the linked matrix: node and item slices with unchecked
//! access on the search's hot path.
//!
//! With the call of the AVX2 build of the search in `solver.rs`, this is the
//! crate's only `unsafe` code. It pays: on `pentomino3x20.dlx` bounds checks
//! were about half of the instructions of `hide`/`unhide`, the loops that take
//! over 95% of a search (see the README's benchmark notes).
//!
//! Soundness rests on one invariant, checked once in [`Links::new`] (or in
//! [`Links::validate`] for a template, whose copies are then valid too) and
//! kept by every write: **every index stored in the slices is in bounds**
//! (node `up`/`down` into `links`, a node's item into `lens`, and the option
//! bounds of every node but a spacer into `links`, around the node), the
//! node after an option is a spacer, and the first and last nodes are
//! spacers. The matrix only ever stores values it read from the slices,
//! and walks an option's nodes only between the option's bounds, so it
//! never leaves the slices. In debug builds, and so in the test suite,
//! every access is checked as well.

#![allow(unsafe_code)]

/// The links of a node, the part of it that the search rewrites: 8 bytes,
/// so eight share a cache line.
#[derive(Clone, Copy, Debug, Default)]
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
#[derive(Clone, Copy, Debug, Default)]
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
        Links::validate(links, items, bounds, lens);
        Links {
            links,
            items,
            bounds,
            lens,
        }
    }

    /// Takes slices that are bitwise copies of slices that passed
    /// [`validate`](Self::validate) (a template's), with the very items and
    /// bounds that were validated with them, which the invariant then holds
    /// for.
    pub(crate) fn copy_of_valid(
        links: &'b mut [Link],
        items: &'b [u32],
        bounds: &'b [Bounds],
        lens: &'b mut [u32],
    ) -> Links<'b> {
        debug_assert!({
            Links::validate(links, items, bounds, lens);
            true
        });
        Links {
            links,
            items,
            bounds,
            lens,
        }
    }

    /// Checks the invariant in the module doc.
    ///
    /// # Panics
    /// If it does not hold.
    pub(crate) fn validate(links: &[Link], items: &[u32], bounds: &[Bounds], lens: &[u32]) {
        assert_eq!(links.len(), items.len());
        assert_eq!(links.len(), bounds.len());
        let node_count = links.len();
        let item_count = lens.len();
        assert!(node_count < u32::MAX as usize && item_count < u32::MAX as usize);
        assert!(
            items.first() == Some(&SPACER) && items.last() == Some(&SPACER),
            "the first and last nodes must be spacers"
        );
        for link in links {
            assert!((link.up as usize) < node_count && (link.down as usize) < node_count);
        }
        for (node, (&item, bounds)) in items.iter().zip(bounds).enumerate() {
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
}
