//! The storage of the linked matrix: node and item slices with unchecked
//! access on the search's hot path.
//!
//! With the call of the AVX2 build of the search in `solver.rs`, this is the
//! crate's only `unsafe` code. It pays: on `pentomino3x20.dlx` bounds checks
//! were about half of the instructions of `hide`/`unhide`, the loops that take
//! over 95% of a search (see the README's benchmark notes).
//!
//! Soundness rests on one invariant, checked once in [`Links::new`] and kept
//! by every write: **every link stored in the slices is a valid index** (node
//! `up`/`down` into `nodes`, node `item` and item `prev`/`next` into
//! `items`), and the first and last nodes are spacers. The matrix only ever
//! stores values it read from the slices, or node indices reached by walking
//! ±1 inside an option; such a walk turns around at the spacers that bracket
//! every option (node 0 and the last node among them), so it never leaves the
//! slice. In debug builds, and so in the test suite, every access is checked
//! as well.

#![allow(unsafe_code)]

/// The links of a node, the part of it that the search rewrites: 8 bytes,
/// so eight share a cache line.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C)]
pub(crate) struct Link {
    pub(crate) up: u32,
    pub(crate) down: u32,
}

/// The fixed part of a node, which the search only reads. Kept apart from
/// the links so that the scattered writes of `hide`/`unhide` touch half as
/// many cache lines.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C)]
pub(crate) struct Entry {
    /// The item (column) of an entry; the header's own index for a header;
    /// [`SPACER`] for a spacer.
    pub(crate) item: u32,
    /// For an entry, the first node of its option; for a spacer, the id of
    /// the option that ends at it.
    pub(crate) first: u32,
    /// For an entry, the last node of its option.
    pub(crate) last: u32,
}

/// The `item` of a spacer node.
pub(crate) const SPACER: u32 = 0;

/// The matrix's two slices, in the caller's arena.
pub(crate) struct Links<'b> {
    links: &'b mut [Link],
    entries: &'b [Entry],
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
        entries: &'b [Entry],
        lens: &'b mut [u32],
    ) -> Links<'b> {
        Links::validate(links, entries, lens);
        Links {
            links,
            entries,
            lens,
        }
    }

    /// Takes slices that are bitwise copies of slices that passed
    /// [`validate`](Self::validate) (a template's), with the very entries
    /// that were validated with them, which the invariant then holds for.
    pub(crate) fn copy_of_valid(
        links: &'b mut [Link],
        entries: &'b [Entry],
        lens: &'b mut [u32],
    ) -> Links<'b> {
        debug_assert!({
            Links::validate(links, entries, lens);
            true
        });
        Links {
            links,
            entries,
            lens,
        }
    }

    /// Checks the invariant in the module doc.
    ///
    /// # Panics
    /// If it does not hold.
    pub(crate) fn validate(links: &[Link], entries: &[Entry], lens: &[u32]) {
        assert_eq!(links.len(), entries.len());
        let node_count = links.len();
        let item_count = lens.len();
        assert!(node_count < u32::MAX as usize && item_count < u32::MAX as usize);
        assert!(
            entries.first().is_some_and(|e| e.item == SPACER),
            "node 0 must be a spacer"
        );
        for link in links {
            assert!((link.up as usize) < node_count && (link.down as usize) < node_count);
        }
        for entry in entries {
            assert!((entry.item as usize) < item_count);
            if entry.item != SPACER {
                // The walks of `hide` and friends stay within these bounds.
                assert!((entry.first as usize) < node_count && (entry.last as usize) < node_count);
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

    /// The fixed part of node `i`.
    #[inline(always)]
    pub(crate) fn entry(&self, i: u32) -> Entry {
        debug_assert!((i as usize) < self.entries.len());
        // SAFETY: as in `link`; `entries` is as long as `links`.
        unsafe { *self.entries.get_unchecked(i as usize) }
    }

    /// The lengths of all item lists, by item number.
    #[inline(always)]
    pub(crate) fn lens(&self) -> &[u32] {
        self.lens
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
