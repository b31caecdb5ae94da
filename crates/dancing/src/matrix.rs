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

use bumpalo::Bump;

use crate::links::{Bounds, Link, Links, SPACER, ValidSlices};
use crate::problem::{OptionId, Problem};

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
    items: &'a mut [u32],
    bounds: &'a mut [Bounds],
    lens: &'a mut [u32],
    option_nodes: &'a mut [u32],
}

/// Links `problem` into slices of the sizes `shape` gives, zeroed, and
/// returns the unit of the length keys. Options without a primary item are
/// left out.
///
/// `cancel` is asked every [`CANCEL_CHECK`] options; when it says yes, the
/// filling stops and `None` is returned (the slices are then of no use).
fn fill(
    problem: &Problem,
    shape: Shape,
    slices: Slices<'_>,
    cancel: &mut dyn FnMut() -> bool,
) -> Option<u32> {
    let Slices {
        links,
        items,
        bounds,
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
        // A header's option is itself alone: hiding a header (which never
        // happens) would change nothing.
        links[header as usize] = Link {
            up: header,
            down: header,
        };
        items[header as usize] = header;
        bounds[header as usize] = Bounds {
            first: header,
            last: header,
        };
    }

    // Options, each followed by a spacer.
    let mut spacer = item_count as usize + 1;
    items[spacer] = SPACER;
    let mut ignored = problem.ignored_options().iter().peekable();
    for (id, option) in problem.options() {
        if id.index() % CANCEL_CHECK == CANCEL_CHECK - 1 && cancel() {
            return None;
        }
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
            items[node as usize] = column;
            bounds[node as usize] = Bounds {
                first: first as u32,
                last: last as u32,
            };
            links[bottom as usize].down = node;
            links[header].up = node;
            lens[header] += 1;
        }
        spacer = last + 1;
        items[spacer] = SPACER;
        bounds[spacer] = Bounds {
            first: id.index() as u32,
            last: 0,
        };
    }
    debug_assert_eq!(spacer + 1, links.len());
    Some(to_keys(lens, primary_count))
}

/// Options (or nodes, when checking) linked between two looks at a cancel
/// request: a millisecond or two of work.
pub(crate) const CANCEL_CHECK: usize = 1 << 16;

/// Turns the item lengths in `lens` (padding items `COVERED`) into keys, as
/// the module doc says, and returns the unit of their lengths.
fn to_keys(lens: &mut [u32], primary_count: u32) -> u32 {
    let longest = lens[1..]
        .iter()
        .filter(|&&len| len < COVERED)
        .max()
        .copied()
        .unwrap_or(0);
    let unit = primary_count.next_power_of_two();
    if (u64::from(longest) + 1) * u64::from(unit) > u64::from(COVERED) {
        return 1;
    }
    for (item, len) in lens.iter_mut().enumerate().skip(1) {
        let column = if item as u32 <= primary_count {
            item as u32 - 1
        } else {
            0
        };
        *len = if *len >= COVERED {
            COVERED + column
        } else {
            *len * unit + column
        };
    }
    unit
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
    slices: ValidSlices,
    option_nodes: Vec<u32>,
    primary_count: u32,
    unit: u32,
    max_depth: usize,
}

impl Template {
    /// Links `problem`.
    pub fn new(problem: &Problem) -> Template {
        match Template::new_cancellable(problem, || false) {
            Some(template) => template,
            None => unreachable!("linking that is never cancelled completes"),
        }
    }

    /// Links `problem` unless `cancel` says to stop: it is asked every few
    /// milliseconds of the work (every 65,536 options, and as often while
    /// the links are checked), so that a huge problem's linking can be
    /// interrupted (by Ctrl-C, or a time limit). `None` when cancelled.
    ///
    /// ```
    /// use dancing::{format, Template};
    ///
    /// let problem = format::read_str("a\na\n")?.problem;
    /// assert!(Template::new_cancellable(&problem, || false).is_some());
    /// # Ok::<(), dancing::format::ParseError>(())
    /// ```
    pub fn new_cancellable(
        problem: &Problem,
        mut cancel: impl FnMut() -> bool,
    ) -> Option<Template> {
        let shape = Shape::of(problem);
        let mut links = vec![Link::default(); shape.node_count];
        let mut items = vec![SPACER; shape.node_count];
        let mut bounds = vec![Bounds::default(); shape.node_count];
        let mut lens = vec![0; shape.item_count as usize + 1];
        let mut option_nodes = vec![0; shape.option_count];
        let unit = fill(
            problem,
            shape,
            Slices {
                links: &mut links,
                items: &mut items,
                bounds: &mut bounds,
                lens: &mut lens,
                option_nodes: &mut option_nodes,
            },
            &mut cancel,
        )?;
        Some(Template {
            // Checked once here; every copy is then valid as well.
            slices: ValidSlices::new_cancellable(links, items, bounds, lens, &mut cancel)?,
            option_nodes,
            primary_count: shape.primary_count,
            unit,
            max_depth: problem.primary_count(),
        })
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
        let items = bump.alloc_slice_fill_copy(shape.node_count, SPACER);
        let bounds = bump.alloc_slice_fill_copy(shape.node_count, Bounds::default());
        // Entry 0 is unused: items count from 1, like their header nodes.
        let lens = bump.alloc_slice_fill_copy(shape.item_count as usize + 1, 0u32);
        let option_nodes = bump.alloc_slice_fill_copy(shape.option_count, 0u32);
        let Some(unit) = fill(
            problem,
            shape,
            Slices {
                links,
                items,
                bounds,
                lens,
                option_nodes,
            },
            &mut || false,
        ) else {
            unreachable!("linking that is never cancelled completes")
        };
        Matrix {
            links: Links::new(links, items, bounds, lens),
            primary_count: shape.primary_count,
            unit,
            option_nodes,
            updates: 0,
        }
    }

    /// A copy of `template`'s matrix in `bump`: its links and lengths are
    /// copied, its items and bounds borrowed.
    pub(crate) fn from_template(template: &'b Template, bump: &'b Bump) -> Matrix<'b> {
        Matrix {
            links: template.slices.copy_into(bump),
            primary_count: template.primary_count,
            unit: template.unit,
            option_nodes: &template.option_nodes,
            updates: 0,
        }
    }

    /// Turns the length keys back into plain lengths (`unit` 1), as for a
    /// problem whose keys would not fit: to test that way of choosing.
    #[cfg(test)]
    pub(crate) fn use_plain_lengths(&mut self) {
        let unit = self.unit;
        for item in 1..self.links.lens().len() as u32 {
            let key = *self.links.len_mut(item);
            let covered = if key >= COVERED { COVERED } else { 0 };
            *self.links.len_mut(item) = covered + (key - covered) / unit;
        }
        self.unit = 1;
    }

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
        (first..=last).all(|q| self.links.lens()[self.links.item(q) as usize] < COVERED)
    }

    /// The active primary item with the fewest options, the leftmost on
    /// ties; `None` when every primary item is covered (a solution).
    // Always inlined, so that it is compiled for the CPU features of the
    // search that calls it (see `Solver::search`).
    #[inline(always)]
    pub(crate) fn choose_item(&self) -> Option<u32> {
        let keys = &self.links.lens()[1..=self.primary_count as usize];
        // The smallest key: lane by lane over whole chunks, then across the
        // lanes once (no test per chunk, as a minimum per chunk would need).
        // Keys (with `COVERED`) fit in 31 bits, so they compare as `i32`,
        // which baseline x86-64 (SSE2) does four at a time: the loop
        // compiles to vector code.
        let (chunks, _) = keys.as_chunks::<CHOICE_CHUNK>();
        let mut lanes = [i32::MAX; CHOICE_CHUNK];
        for chunk in chunks {
            for (lane, &key) in lanes.iter_mut().zip(chunk) {
                *lane = (*lane).min(key as i32);
            }
        }
        let best = lanes.iter().copied().fold(i32::MAX, i32::min) as u32;
        if best >= COVERED {
            return None;
        }
        if self.unit > 1 {
            // The key holds the column. No more than the primary columns
            // scanned (`keys` was sliced with a check), so an item number:
            // the bound the unchecked accesses to this item rely on.
            let item = (best & (self.unit - 1)) + 1;
            return Some(item.min(self.primary_count));
        }
        // Plain lengths: the leftmost item that has the smallest.
        for (k, chunk) in chunks.iter().enumerate() {
            let mut mask = 0u32;
            for (lane, &key) in chunk.iter().enumerate() {
                mask |= u32::from(key == best) << lane;
            }
            if mask != 0 {
                return Some((k * CHOICE_CHUNK) as u32 + mask.trailing_zeros() + 1);
            }
        }
        None
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
    fn list_length(&self, item: u32) -> u32 {
        self.links.len(item) >> self.unit.trailing_zeros()
    }

    /// The number of options in the list of `item`, a covered item: the
    /// list as it was when the item was covered (`hide` leaves the lengths
    /// of covered items alone).
    pub(crate) fn covered_list_length(&self, item: u32) -> u32 {
        debug_assert!(self.links.len(item) >= COVERED);
        (self.links.len(item) - COVERED) >> self.unit.trailing_zeros()
    }

    /// Removes `item` from the active list and hides every option in it.
    #[inline]
    pub(crate) fn cover(&mut self, item: u32) {
        // A counted walk: the loop's exit no longer waits for the load of
        // the next link, which the hardware then resolves early (1 to 6%
        // faster than `while p != item`).
        let count = self.list_length(item);
        let mut p = item;
        for _ in 0..count {
            p = self.links.link(p).down;
            self.hide(p);
        }
        *self.links.len_mut(item) += COVERED;
        self.updates += 1;
    }

    /// Undoes `cover(item)`.
    #[inline]
    pub(crate) fn uncover(&mut self, item: u32) {
        *self.links.len_mut(item) -= COVERED;
        let count = self.list_length(item);
        let mut p = item;
        for _ in 0..count {
            p = self.links.link(p).up;
            self.unhide(p);
        }
    }

    /// The first and last nodes of the option that `p` belongs to.
    #[inline(always)]
    fn option_bounds(&self, p: u32) -> (u32, u32) {
        let Bounds { first, last } = self.links.bounds(p);
        (first, last)
    }

    /// Unlinks every other node of `p`'s option from its item's list.
    #[inline]
    fn hide(&mut self, p: u32) {
        let (first, last) = self.option_bounds(p);
        let unit = self.unit;
        // Counted loops over the option's nodes before and after `p`: no
        // spacer test per node, as DLX1's walk around the option needs.
        let mut unlink = |q: u32| {
            let Link { up, down } = self.links.link(q);
            let item = self.links.item(q);
            self.links.link_mut(up).down = down;
            self.links.link_mut(down).up = up;
            *self.links.len_mut(item) -= unit;
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
        let unit = self.unit;
        let mut relink = |q: u32| {
            let Link { up, down } = self.links.link(q);
            let item = self.links.item(q);
            self.links.link_mut(up).down = q;
            self.links.link_mut(down).up = q;
            *self.links.len_mut(item) += unit;
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
    /// Items are covered left to right (DLX1 starts after `p` and wraps
    /// around: the order changes no count) and uncovered in the opposite
    /// order, which the dance requires.
    #[inline]
    pub(crate) fn commit(&mut self, p: u32) {
        let (first, last) = self.option_bounds(p);
        // The other nodes without a test per node: `first..last` shifted by
        // one from `p` on.
        for q in first..last {
            let q = q + u32::from(q >= p);
            let item = self.links.item(q);
            self.cover(item);
        }
    }

    /// Undoes `commit(p)`.
    #[inline]
    pub(crate) fn uncommit(&mut self, p: u32) {
        let (first, last) = self.option_bounds(p);
        for q in (first..last).rev() {
            let q = q + u32::from(q >= p);
            let item = self.links.item(q);
            self.uncover(item);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_order_by_length_then_column_or_fall_back_to_plain_lengths() {
        // Items 1..=32 primary (two padding items at the end), 33 secondary.
        let mut lens = vec![0; 34];
        lens[1..=30].copy_from_slice(&[3; 30]);
        lens[5] = 2;
        lens[31] = COVERED;
        lens[32] = COVERED;
        lens[33] = 7;
        let mut keys = lens.clone();
        let unit = to_keys(&mut keys, 32);
        assert_eq!(unit, 32);
        assert_eq!(keys[1], 3 * 32);
        assert_eq!(keys[5], 2 * 32 + 4);
        assert_eq!(keys[30], 3 * 32 + 29);
        assert_eq!(keys[31], COVERED + 30);
        assert_eq!(keys[33], 7 * 32);
        // An item list so long that its key would reach `COVERED`.
        lens[33] = COVERED / 32;
        let mut keys = lens.clone();
        assert_eq!(to_keys(&mut keys, 32), 1);
        assert_eq!(keys, lens);
    }
}
