//! The dancing-links matrix, laid out after Knuth's DLX1, in a caller's arena.
//!
//! Nodes are numbered, and link to each other by `u32` index:
//!
//! - node 0 is unused, nodes `1..=N` are the item headers (the list heads of
//!   each item's vertical list), in column order: primary items, then
//!   secondary ones;
//! - then the options, one after another, each followed by a *spacer* node,
//!   which records the option's id.
//!
//! A node is split in three slices: its [`Link`] (`up`, `down`: all the
//! search ever writes, 8 bytes), its item, and its [`Bounds`] (the first and
//! last node of its option); the last two are read only. The scattered
//! writes of `hide`/`unhide` so touch half as many cache lines, and walking
//! an option is a counted loop with no left/right links and no spacer test.
//!
//! The lengths of the item lists live in their own short slice, `lens`.
//! Choosing an item scans the primary items' lengths as one dense array (the
//! compiler vectorizes it) instead of walking a linked list of active items
//! as DLX1 does: a covered item is marked by adding [`COVERED`] to its
//! length, which puts it out of the running. This is sound because `hide`
//! never touches the length of a covered item: an option holding a covered
//! item was hidden when that item was covered.
//!
//! A length is stored as a *key*: `length * unit + column`, where `column`
//! counts primary items from 0 (0 for secondary items) and `unit` is a power
//! of two above every primary column. Keys order items by length, then from
//! left to right, so the smallest key is DLX1's choice, leftmost on ties,
//! and a single vectorized minimum finds it. Lengths change by `unit`
//! instead of 1, at no extra cost. When the keys of a problem would not fit
//! below [`COVERED`] (a very large problem with very long item lists),
//! `unit` is 1: keys are plain lengths, and a second pass finds the
//! leftmost shortest item.
//!
//! The invariant that makes the dance work: `cover` and `uncover` (and `hide`
//! and `unhide`) are exact inverses when applied in reverse order, because an
//! unlinked node keeps its own `up`/`down` links and so remembers where it
//! belongs.

mod bounded;
mod chunks;
mod colored;
mod dance;
mod layout;
mod order;
mod select;
mod template;

use crate::links::{Bounds, Columns, Links, SPACER};
use crate::problem::OptionId;

pub(crate) use crate::links::Column;
pub(crate) use bounded::Branch;
pub(crate) use chunks::Chunk;
pub(crate) use layout::max_depth;
pub use select::SelectError;
pub use template::Template;

/// Added to the length key of a covered item. Keys stay below it: a plain
/// length because an item has fewer options than the matrix has nodes
/// (`MAX_NODES`), a key with a column because `to_keys` makes such keys only
/// when they do. So a key plus `COVERED` still fits in 31 bits.
pub(crate) const COVERED: u32 = 1 << 30;

/// Primary items are scanned in chunks of this many by `choose_item`: the
/// primary columns are padded to whole chunks with items covered from the
/// start. 32 (four AVX2 vectors) takes fewer instructions than 16 or 64 on
/// Sudoku.
const CHOICE_CHUNK: usize = 32;

/// The linked matrix of one search, borrowing its arena.
pub(crate) struct Matrix<'b> {
    links: Links<'b>,
    /// Primary items are `1..=primary_count`.
    primary_count: u32,
    /// What one option adds to the length key of its items (see the
    /// module doc).
    unit: u32,
    /// `unit` as a power of two: a length key shifted right by it is the
    /// length (kept, not found from `unit` at every use).
    unit_shift: u32,
    /// `option_nodes[option]` is the first node of the option, or 0 for an
    /// option left out (one without a primary item).
    option_nodes: &'b [u32],
    /// Algorithm C's colors, one code per node: [`NO_COLOR`], a color's
    /// number plus 1, or [`AGREES`] for a node whose option agrees with the
    /// color its item was purified to. Empty for a problem without colors,
    /// which Algorithm X solves.
    ///
    /// A spacer has no color: the one before an option of at most
    /// [`MASKED_OPTION`] nodes holds instead a bit per node of the option
    /// (the lowest for the first), set unless the node is marked
    /// [`AGREES`], so that hiding an option visits only the nodes it
    /// unlinks; and above those bits ([`UNMARKED_BITS`]), a bit per node of
    /// a primary item, so that it knows which nodes change a length
    /// without reading their items. It shares a cache line with the
    /// option's colors, which `purify` has just read.
    pub(crate) colors: &'b mut [u32],
    /// For a problem with colors, each node's offset from the first node
    /// of its option, when the option has at most [`MASKED_OPTION`] nodes;
    /// [`NOT_MASKED`] for the nodes of longer options, headers and spacers.
    /// Hiding an option finds its mask from the offset of the node it
    /// starts from: one byte per node, in a slice small enough to stay in
    /// the L1 cache, where the option's bounds take eight.
    offsets: &'b [u8],
    /// Which algorithm the problem needs.
    pub(crate) kind: Kind,
    /// The chunks of primary items that hold an active item, for a
    /// problem with many (see `chunks.rs`); empty for others.
    pub(crate) chunks: &'b mut [Chunk],
    /// Algorithm M's state, per primary column, column 0 the root of the
    /// active list (empty for the other algorithms).
    pub(crate) columns: Columns<'b>,
    /// Incremented like DLX1's `updates`: one per item unlinked from the
    /// active list and one per node unlinked from an item's list.
    pub(crate) updates: u64,
    /// Incremented like DLX2's `cleansings`: one per purification, one per
    /// node marked as agreeing with it.
    pub(crate) cleansings: u64,
}

/// The algorithm a problem needs: chosen once, when it is linked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Algorithm X (DLX1): no colors, no bounds.
    ExactCover,
    /// Algorithm C (DLX2): colors.
    Colors,
    /// Algorithm M (DLX3): bounds on primary items, and maybe colors. A
    /// problem without colors hides options as DLX1 does (see
    /// [`Hiding`]): no color to test at each node; and if each of its
    /// options has two items (`pairs`), as [`Pairs`] does.
    Multiplicities { colors: bool, pairs: bool },
}

impl Kind {
    pub(crate) fn of(problem: &crate::problem::Problem) -> Kind {
        if problem.has_bounds() {
            let colors = problem.has_colors();
            Kind::Multiplicities {
                colors,
                // Every option of two items, as in a 0-1 matrix with given
                // row and column sums (see [`Pairs`]).
                pairs: !colors && problem.options().all(|(_, items)| items.len() == 2),
            }
        } else if problem.has_colors() {
            Kind::Colors
        } else {
            Kind::ExactCover
        }
    }

    /// Whether the problem has bounds (Algorithm M).
    pub(crate) fn is_bounded(self) -> bool {
        matches!(self, Kind::Multiplicities { .. })
    }
}

/// How a dance hides an option and covers an item: DLX1's way ([`Plain`]),
/// or DLX2's ([`Colored`]), which passes over the nodes marked [`AGREES`]
/// and purifies colored items. Algorithm M runs on either, chosen once when
/// the problem is linked, so a problem with bounds and no colors pays for
/// no color test.
pub(crate) trait Hiding {
    /// Whether every option has exactly two nodes ([`Pairs`]): the other
    /// node of an option is then found without a loop or a test.
    const PAIRS: bool = false;

    /// Covers `item`: hides every option in its list.
    fn cover(matrix: &mut Matrix<'_>, item: u32);

    /// Undoes `cover(item)`.
    fn uncover(matrix: &mut Matrix<'_>, item: u32);

    /// Hides every other node of `p`'s option.
    fn unhide(matrix: &mut Matrix<'_>, p: u32);

    /// Takes node `q` out of its item's list (an update).
    fn unlink(matrix: &mut Matrix<'_>, q: u32);

    /// Undoes `unlink(q)`.
    fn relink(matrix: &mut Matrix<'_>, q: u32);

    /// Takes the item of `q`, a secondary item of a chosen option, out of
    /// the problem.
    fn commit_secondary(matrix: &mut Matrix<'_>, q: u32);

    /// Undoes `commit_secondary(q)`.
    fn uncommit_secondary(matrix: &mut Matrix<'_>, q: u32);
}

/// DLX1's hiding, no colors: [`Plain`], or [`Pairs`] when every option is
/// known to have two nodes.
pub(crate) struct Uncolored<const PAIRS: bool>;

/// DLX1's hiding: no colors.
pub(crate) type Plain = Uncolored<false>;

/// DLX1's hiding for a problem without colors whose options all have two
/// items, like a 0-1 matrix with given row and column sums: Algorithm M
/// only (the two-node case of [`Plain`] without its test at each option).
pub(crate) type Pairs = Uncolored<true>;

/// DLX2's hiding: colors on secondary items.
pub(crate) struct Colored;

/// The longest option whose nodes are tracked by masks (see
/// [`Matrix::colors`]); longer ones test each node's color and item.
pub(crate) const MASKED_OPTION: u32 = 16;

/// The bits of an option's spacer word that hold its mask of unmarked
/// nodes; the bits above hold its mask of primary nodes.
pub(crate) const UNMARKED_BITS: u32 = (1 << MASKED_OPTION) - 1;

/// The spacer word of an option `first..=last` with no node marked whose
/// nodes of primary items are those of `primary` (bit `k` for node
/// `first + k`): its mask of unmarked nodes, one bit per node, and above
/// it the primary ones; or 0 for an option longer than [`MASKED_OPTION`].
pub(crate) fn option_masks(first: u32, last: u32, primary: u32) -> u32 {
    let length = last - first + 1;
    if length <= MASKED_OPTION {
        UNMARKED_BITS >> (MASKED_OPTION - length) | primary << MASKED_OPTION
    } else {
        0
    }
}

/// The offset (see [`Matrix::offsets`]) of a node of an option longer
/// than [`MASKED_OPTION`], a header or a spacer.
pub(crate) const NOT_MASKED: u8 = u8::MAX;

/// The color code of an uncolored node.
pub(crate) const NO_COLOR: u32 = 0;

/// The color code of a node whose option agrees with the color its
/// (secondary) item has been purified to: DLX2's color -1.
pub(crate) const AGREES: u32 = u32::MAX;

impl<'b> Matrix<'b> {
    /// The number of options of the problem, ignored ones included.
    pub(crate) fn option_count(&self) -> usize {
        self.option_nodes.len()
    }

    /// The first node of `option`, if it is linked (it has a primary item).
    pub(crate) fn option_node(&self, option: OptionId) -> Option<u32> {
        match self.option_nodes.get(option.index()) {
            // Checked: the unchecked accesses need a node of the matrix.
            Some(&node) if node != 0 && self.links.is_option_start(node) => Some(node),
            _ => None,
        }
    }

    /// Whether every item of the option holding `node` is still active, so
    /// that the option can be chosen.
    pub(crate) fn option_is_active(&self, node: u32) -> bool {
        let (first, last) = self.option_bounds(node);
        (first..=last).all(|q| {
            self.links.lens()[self.links.item(q) as usize] < COVERED
                // With colors, purifying hides an option whose items are
                // all active: its nodes are then out of their lists.
                // So does a selection with bounds, which takes its option
                // out of every list.
                && (self.kind == Kind::ExactCover
                    || self.links.link(self.links.link(q).up).down == q)
        })
    }

    /// The first option node in `item`'s list, or `item` itself if empty.
    #[inline]
    pub(crate) fn first_option(&self, item: u32) -> u32 {
        self.links.link(item).down
    }

    /// The option node below `node` in its item's list (the item header when
    /// `node` is the last).
    #[inline]
    pub(crate) fn next_option(&self, node: u32) -> u32 {
        self.links.link(node).down
    }

    /// The item of an option node.
    #[inline]
    pub(crate) fn item_of(&self, node: u32) -> u32 {
        self.links.item(node)
    }

    /// The id of the option that `node` belongs to.
    pub(crate) fn option_of(&self, node: u32) -> OptionId {
        // The spacer just after the option's last node records its id.
        let spacer = self.links.bounds(node).last + 1;
        debug_assert_eq!(self.links.item(spacer), SPACER);
        OptionId::new(self.links.bounds(spacer).first as usize)
    }

    /// The number of options in the list of `item`, an active item: its
    /// key without the column (which is below `unit`).
    #[inline(always)]
    pub(super) fn list_length(&self, item: u32) -> u32 {
        self.links.len(item) >> self.unit_shift
    }

    /// [`list_length`](Self::list_length) for Algorithm M, whose lengths
    /// are plain (`unit` 1, see `layout::fill`): no shift.
    #[inline(always)]
    pub(crate) fn bounded_length(&self, item: u32) -> u32 {
        debug_assert_eq!(self.unit, 1);
        self.links.len(item)
    }

    /// The updates and cleansings counted so far.
    pub(crate) fn counts(&self) -> (u64, u64) {
        (self.updates, self.cleansings)
    }

    /// The number of options in the list of `item`, a covered item: the
    /// list as it was when the item was covered (`hide` leaves the lengths
    /// of covered items alone).
    pub(crate) fn covered_list_length(&self, item: u32) -> u32 {
        debug_assert!(self.links.len(item) >= COVERED);
        (self.links.len(item) - COVERED) >> self.unit_shift
    }
    /// Appends to `words` the set of active items (primary and secondary),
    /// a bit per item column from 1, 64 to a word: with the colors in force
    /// (which the search tracks), the subproblem left.
    pub(crate) fn active_items_into(&self, words: &mut Vec<u64>) {
        for chunk in self.links.lens()[1..].chunks(64) {
            let word = chunk
                .iter()
                .enumerate()
                .fold(0u64, |word, (k, &key)| word | u64::from(key < COVERED) << k);
            words.push(word);
        }
    }

    /// Whether `item` is covered (out of the problem).
    pub(crate) fn is_covered(&self, item: u32) -> bool {
        self.links.lens()[item as usize] >= COVERED
    }

    /// The number of items, padding included: the largest item column.
    pub(crate) fn item_count(&self) -> u32 {
        self.links.lens().len() as u32 - 1
    }

    /// The nodes of the option that `node` belongs to.
    pub(crate) fn option_nodes_of(&self, node: u32) -> std::ops::RangeInclusive<u32> {
        let (first, last) = self.option_bounds(node);
        first..=last
    }

    /// The first and last nodes of the option that `p` belongs to.
    #[inline(always)]
    pub(super) fn option_bounds(&self, p: u32) -> (u32, u32) {
        let Bounds { first, last } = self.links.bounds(p);
        (first, last)
    }
}
