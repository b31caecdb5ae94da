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
//! A node is split in two slices: its [`Link`] (`up`, `down`: all the search
//! ever writes, 8 bytes) and its [`Entry`] (item, and the first and last node
//! of its option: read only). The scattered writes of `hide`/`unhide` so
//! touch half as many cache lines, and walking an option is a counted loop
//! with no left/right links and no spacer test.
//!
//! The lengths of the item lists live in their own short slice, `lens`.
//! Choosing an item scans the primary items' lengths as one dense array (the
//! compiler vectorizes it) instead of walking a linked list of active items
//! as DLX1 does: a covered item is marked by adding [`COVERED`] to its
//! length, which puts it out of the running. This is sound because `hide`
//! never touches the length of a covered item: an option holding a covered
//! item was hidden when that item was covered.
//!
//! The invariant that makes the dance work: `cover` and `uncover` (and `hide`
//! and `unhide`) are exact inverses when applied in reverse order, because an
//! unlinked node keeps its own `up`/`down` links and so remembers where it
//! belongs.

use bumpalo::Bump;

use crate::links::{Entry, Link, Links, SPACER};
use crate::problem::{OptionId, Problem};

/// Added to the length of a covered item. Lengths stay below it: an item
/// has fewer options than the matrix has nodes (`MAX_NODES`), so a length
/// plus `COVERED` still fits in 31 bits.
pub(crate) const COVERED: u32 = 1 << 30;

/// Primary items are scanned in chunks of this many by `choose_item`.
const CHOICE_CHUNK: usize = 16;

/// The linked matrix of one search, borrowing its arena.
pub(crate) struct Matrix<'b> {
    links: Links<'b>,
    /// Primary items are `1..=primary_count`.
    primary_count: u32,
    /// `option_nodes[option]` is the first node of the option, or 0 for an
    /// option left out (one without a primary item).
    option_nodes: &'b [u32],
    /// Incremented like DLX1's `updates`: one per item unlinked from the
    /// active list and one per node unlinked from an item's list.
    pub(crate) updates: u64,
}

/// The sizes of a problem's linked matrix.
#[derive(Clone, Copy)]
struct Shape {
    /// Primary items, padded to whole chunks.
    primary_count: u32,
    /// Padding items added after the problem's primary items.
    padding: u32,
    /// All items, padding included.
    item_count: u32,
    /// Nodes: the unused node 0, headers, entries and spacers.
    node_count: usize,
    /// The problem's options, ignored ones included.
    option_count: usize,
}

impl Shape {
    fn of(problem: &Problem) -> Shape {
        // Primary columns are padded to whole chunks for `choose_item` with
        // items that are covered from the start; secondary columns follow.
        let primary_count = problem.primary_count().next_multiple_of(CHOICE_CHUNK) as u32;
        let padding = primary_count - problem.primary_count() as u32;
        let item_count = problem.item_count() as u32 + padding;
        let ignored = problem.ignored_options();
        let ignored_entries: usize = ignored.iter().map(|&o| problem.option(o).len()).sum();
        let linked_options = problem.option_count() - ignored.len();
        let node_count = 1
            + item_count as usize
            + (problem.entry_count() - ignored_entries)
            + (linked_options + 1);
        Shape {
            primary_count,
            padding,
            item_count,
            node_count,
            option_count: problem.option_count(),
        }
    }
}

/// The slices of a linked matrix, to be filled by [`fill`].
struct Slices<'a> {
    links: &'a mut [Link],
    entries: &'a mut [Entry],
    lens: &'a mut [u32],
    option_nodes: &'a mut [u32],
}

/// Links `problem` into slices of the sizes `shape` gives, zeroed. Options
/// without a primary item are left out.
fn fill(problem: &Problem, shape: Shape, slices: Slices<'_>) {
    let Slices {
        links,
        entries,
        lens,
        option_nodes,
    } = slices;
    let Shape {
        primary_count,
        padding,
        item_count,
        ..
    } = shape;
    let column_of = |item| {
        let column = problem.column_of(item);
        if column > problem.primary_count() as u32 {
            column + padding
        } else {
            column
        }
    };
    for padding in primary_count - padding + 1..=primary_count {
        lens[padding as usize] = COVERED;
    }
    for header in 1..=item_count {
        // A header's option bounds are empty: harmless if a header were
        // ever hidden.
        links[header as usize] = Link {
            up: header,
            down: header,
        };
        entries[header as usize] = Entry {
            item: header,
            first: 1,
            last: 0,
        };
    }

    // Options, each followed by a spacer.
    let mut spacer = item_count as usize + 1;
    entries[spacer] = Entry {
        item: SPACER,
        first: 0,
        last: 0,
    };
    let mut ignored = problem.ignored_options().iter().peekable();
    for (id, option) in problem.options() {
        if ignored.peek() == Some(&&id) {
            ignored.next();
            continue;
        }
        let first = spacer + 1;
        let last = first + option.len() - 1;
        option_nodes[id.index()] = first as u32;
        for (k, &item) in option.iter().enumerate() {
            let column = column_of(item);
            let node = (first + k) as u32;
            // Append at the bottom of the item's list.
            let header = column as usize;
            let bottom = links[header].up;
            links[node as usize] = Link {
                up: bottom,
                down: header as u32,
            };
            entries[node as usize] = Entry {
                item: column,
                first: first as u32,
                last: last as u32,
            };
            links[bottom as usize].down = node;
            links[header].up = node;
            lens[header] += 1;
        }
        spacer = last + 1;
        entries[spacer] = Entry {
            item: SPACER,
            first: id.index() as u32,
            last: 0,
        };
    }
    debug_assert_eq!(spacer + 1, links.len());
}

/// A problem linked once, to be copied into an arena for each search
/// instead of being linked again: see [`Solver::from_template`].
///
/// The copy takes the links and item lengths, which a search rewrites; the
/// read-only part of the nodes stays in the template and is shared, so
/// solvers on many threads can start from one template.
///
/// [`Solver::from_template`]: crate::Solver::from_template
#[derive(Clone, Debug)]
pub struct Template {
    links: Vec<Link>,
    entries: Vec<Entry>,
    lens: Vec<u32>,
    option_nodes: Vec<u32>,
    primary_count: u32,
    max_depth: usize,
}

impl Template {
    /// Links `problem`.
    pub fn new(problem: &Problem) -> Template {
        let shape = Shape::of(problem);
        let mut template = Template {
            links: vec![Link::default(); shape.node_count],
            entries: vec![Entry::default(); shape.node_count],
            lens: vec![0; shape.item_count as usize + 1],
            option_nodes: vec![0; shape.option_count],
            primary_count: shape.primary_count,
            max_depth: problem.primary_count(),
        };
        fill(
            problem,
            shape,
            Slices {
                links: &mut template.links,
                entries: &mut template.entries,
                lens: &mut template.lens,
                option_nodes: &mut template.option_nodes,
            },
        );
        // Checked once here; every copy is then valid as well.
        Links::validate(&template.links, &template.entries, &template.lens);
        template
    }

    /// The most options a solution can have: one per primary item.
    pub(crate) fn max_depth(&self) -> usize {
        self.max_depth
    }
}

impl<'b> Matrix<'b> {
    /// Links `problem` in `bump`, in two passes: count the nodes, then fill
    /// exact slices.
    pub(crate) fn build(problem: &Problem, bump: &'b Bump) -> Matrix<'b> {
        let shape = Shape::of(problem);
        let links = bump.alloc_slice_fill_copy(shape.node_count, Link::default());
        let entries = bump.alloc_slice_fill_copy(shape.node_count, Entry::default());
        // Entry 0 is unused: items count from 1, like their header nodes.
        let lens = bump.alloc_slice_fill_copy(shape.item_count as usize + 1, 0u32);
        let option_nodes = bump.alloc_slice_fill_copy(shape.option_count, 0u32);
        fill(
            problem,
            shape,
            Slices {
                links,
                entries,
                lens,
                option_nodes,
            },
        );
        Matrix {
            links: Links::new(links, entries, lens),
            primary_count: shape.primary_count,
            option_nodes,
            updates: 0,
        }
    }

    /// A copy of `template`'s matrix in `bump`: its links and lengths are
    /// copied, its entries borrowed.
    pub(crate) fn from_template(template: &'b Template, bump: &'b Bump) -> Matrix<'b> {
        Matrix {
            links: Links::copy_of_valid(
                bump.alloc_slice_copy(&template.links),
                &template.entries,
                bump.alloc_slice_copy(&template.lens),
            ),
            primary_count: template.primary_count,
            option_nodes: &template.option_nodes,
            updates: 0,
        }
    }

    /// The number of options of the problem, ignored ones included.
    pub(crate) fn option_count(&self) -> usize {
        self.option_nodes.len()
    }

    /// The first node of `option`, if it is linked (it has a primary item).
    pub(crate) fn option_node(&self, option: OptionId) -> Option<u32> {
        match self.option_nodes.get(option.index()) {
            Some(&node) if node != 0 => Some(node),
            _ => None,
        }
    }

    /// Whether every item of the option holding `node` is still active, so
    /// that the option can be chosen.
    pub(crate) fn option_is_active(&self, node: u32) -> bool {
        let (first, last) = self.option_bounds(node);
        (first..=last).all(|q| self.links.lens()[self.links.entry(q).item as usize] < COVERED)
    }

    /// The item list of `item`: its length and the position of `node` in it.
    /// For an item covered at some level, the list is the one it had then.
    pub(crate) fn position_in_list(&self, item: u32, node: u32) -> (u32, u32) {
        let (mut length, mut position) = (0, 0);
        let mut p = self.links.link(item).down;
        while p != item {
            if p == node {
                position = length;
            }
            length += 1;
            p = self.links.link(p).down;
        }
        (length, position)
    }

    /// The active primary item with the fewest options, the leftmost on
    /// ties; `None` when every primary item is covered (a solution).
    // Always inlined, so that it is compiled for the CPU features of the
    // search that calls it (see `Solver::search`).
    #[inline(always)]
    pub(crate) fn choose_item(&self) -> Option<u32> {
        let lens = &self.links.lens()[1..=self.primary_count as usize];
        // Find the smallest length chunk by chunk, then the leftmost item
        // holding it. Lengths (with `COVERED`) fit in 31 bits, so they
        // compare as `i32`, which baseline x86-64 (SSE2) does four at a time:
        // the minimum of a whole chunk compiles to vector code.
        let (chunks, _) = lens.as_chunks::<CHOICE_CHUNK>();
        let mut best = i32::MAX;
        let mut best_start = 0;
        for (k, chunk) in chunks.iter().enumerate() {
            let least = chunk.iter().map(|&len| len as i32).fold(i32::MAX, i32::min);
            if least < best {
                best = least;
                best_start = k * CHOICE_CHUNK;
            }
        }
        if best as u32 >= COVERED {
            return None;
        }
        let offset = lens[best_start..]
            .iter()
            .position(|&len| len as i32 == best)?;
        Some((best_start + offset + 1) as u32)
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
        self.links.entry(node).item
    }

    /// The id of the option that `node` belongs to.
    pub(crate) fn option_of(&self, node: u32) -> OptionId {
        let mut q = node;
        while self.links.entry(q).item != SPACER {
            q += 1;
        }
        OptionId::new(self.links.entry(q).first as usize)
    }

    /// Removes `item` from the active list and hides every option in it.
    #[inline]
    pub(crate) fn cover(&mut self, item: u32) {
        let mut p = self.links.link(item).down;
        while p != item {
            self.hide(p);
            p = self.links.link(p).down;
        }
        *self.links.len_mut(item) += COVERED;
        self.updates += 1;
    }

    /// Undoes `cover(item)`.
    #[inline]
    pub(crate) fn uncover(&mut self, item: u32) {
        *self.links.len_mut(item) -= COVERED;
        let mut p = self.links.link(item).up;
        while p != item {
            self.unhide(p);
            p = self.links.link(p).up;
        }
    }

    /// The first and last nodes of the option that `p` belongs to.
    #[inline(always)]
    fn option_bounds(&self, p: u32) -> (u32, u32) {
        let Entry { first, last, .. } = self.links.entry(p);
        (first, last)
    }

    /// Unlinks every other node of `p`'s option from its item's list.
    #[inline]
    fn hide(&mut self, p: u32) {
        let (first, last) = self.option_bounds(p);
        // Counted loops over the option's nodes before and after `p`: no
        // spacer test per node, as DLX1's walk around the option needs.
        let mut unlink = |q: u32| {
            let Link { up, down } = self.links.link(q);
            let item = self.links.entry(q).item;
            self.links.link_mut(up).down = down;
            self.links.link_mut(down).up = up;
            *self.links.len_mut(item) -= 1;
        };
        let mut q = first;
        while q < p {
            unlink(q);
            q += 1;
        }
        let mut q = p + 1;
        while q <= last {
            unlink(q);
            q += 1;
        }
        self.updates += u64::from(last - first);
    }

    /// Undoes `hide(p)`. The nodes of one option lie in different item lists,
    /// so the order in which they are relinked does not matter.
    #[inline]
    fn unhide(&mut self, p: u32) {
        let (first, last) = self.option_bounds(p);
        let mut relink = |q: u32| {
            let Link { up, down } = self.links.link(q);
            let item = self.links.entry(q).item;
            self.links.link_mut(up).down = q;
            self.links.link_mut(down).up = q;
            *self.links.len_mut(item) += 1;
        };
        let mut q = first;
        while q < p {
            relink(q);
            q += 1;
        }
        let mut q = p + 1;
        while q <= last {
            relink(q);
            q += 1;
        }
    }

    /// Covers every item of `p`'s option other than `p`'s own: choosing it.
    /// Items are covered left to right, as DLX1 does, and uncovered in the
    /// opposite order, which the dance requires.
    #[inline]
    pub(crate) fn commit(&mut self, p: u32) {
        let (first, last) = self.option_bounds(p);
        for q in (first..last + 1).filter(|&q| q != p) {
            let item = self.links.entry(q).item;
            self.cover(item);
        }
    }

    /// Undoes `commit(p)`.
    #[inline]
    pub(crate) fn uncommit(&mut self, p: u32) {
        let (first, last) = self.option_bounds(p);
        for q in (first..last + 1).rev().filter(|&q| q != p) {
            let item = self.links.entry(q).item;
            self.uncover(item);
        }
    }
}
