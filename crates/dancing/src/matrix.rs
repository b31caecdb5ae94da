//! The dancing-links matrix, laid out as in Knuth's DLX1, in a caller's arena.
//!
//! Nodes live in one slice and link to each other by `u32` index:
//!
//! - node 0 is unused, nodes `1..=N` are the item headers (the list heads of
//!   each item's vertical list), in column order: primary items, then
//!   secondary ones;
//! - then the options, one after another, each followed by a *spacer* node
//!   (item 0). A spacer's `up` is the first node of the option before it and
//!   its `down` is the last node of the option after it, so walking around an
//!   option needs no left/right links.
//!
//! Item records (`prev`, `next`, `len`) live in their own short slice, which
//! is what choosing an item scans. Record 0 heads the circular list of active
//! primary items and record `N + 1` the list of active secondary items.
//!
//! The invariant that makes the dance work: `cover` and `uncover` (and `hide`
//! and `unhide`) are exact inverses when applied in reverse order, because an
//! unlinked node keeps its own `up`/`down` links and so remembers where it
//! belongs.

use bumpalo::Bump;

use crate::problem::{OptionId, Problem};

/// One node of the matrix: 16 bytes, so four share a cache line.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C)]
pub(crate) struct Node {
    pub(crate) up: u32,
    pub(crate) down: u32,
    /// The item (column) of an entry; the header's own index for a header;
    /// 0 for a spacer.
    pub(crate) item: u32,
    /// For a spacer, the id of the option that ends at it. Reserved for
    /// colors on entries.
    pub(crate) aux: u32,
}

/// An item record: its place in the active list and its number of options.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C)]
pub(crate) struct Item {
    pub(crate) prev: u32,
    pub(crate) next: u32,
    pub(crate) len: u32,
}

const SPACER: u32 = 0;
const ROOT: u32 = 0;

/// The linked matrix of one search, borrowing its arena.
pub(crate) struct Matrix<'b> {
    pub(crate) nodes: &'b mut [Node],
    pub(crate) items: &'b mut [Item],
    /// Incremented like DLX1's `updates`: one per item unlinked from the
    /// active list and one per node unlinked from an item's list.
    pub(crate) updates: u64,
}

impl<'b> Matrix<'b> {
    /// Links `problem` in `bump`, in two passes: count the nodes, then fill
    /// exact slices. Options without a primary item are left out.
    pub(crate) fn build(problem: &Problem, bump: &'b Bump) -> Matrix<'b> {
        let item_count = problem.item_count() as u32;
        let primary_count = problem.primary_count() as u32;
        let ignored = problem.ignored_options();
        let ignored_entries: usize = ignored.iter().map(|&o| problem.option(o).len()).sum();
        let option_count = problem.option_count() - ignored.len();
        let node_count = 1
            + item_count as usize
            + (problem.entry_count() - ignored_entries)
            + (option_count + 1);

        let nodes = bump.alloc_slice_fill_copy(node_count, Node::default());
        let items = bump.alloc_slice_fill_copy(item_count as usize + 2, Item::default());

        // Two circular lists: 0 -> 1 -> .. -> P -> 0 and N+1 -> P+1 -> .. -> N -> N+1.
        link_circular(items, ROOT, 1..=primary_count);
        link_circular(items, item_count + 1, primary_count + 1..=item_count);
        for header in 1..=item_count {
            nodes[header as usize] = Node { up: header, down: header, item: header, aux: 0 };
        }

        // Options, each followed by a spacer.
        let mut spacer = item_count as usize + 1;
        nodes[spacer] = Node { up: 0, down: 0, item: SPACER, aux: 0 };
        let mut ignored = ignored.iter().peekable();
        for (id, entries) in problem.options() {
            if ignored.peek() == Some(&&id) {
                ignored.next();
                continue;
            }
            let first = spacer + 1;
            for (k, &item) in entries.iter().enumerate() {
                let column = problem.column_of(item);
                let node = (first + k) as u32;
                // Append at the bottom of the item's list.
                let header = column as usize;
                let last = nodes[header].up;
                nodes[node as usize] = Node { up: last, down: header as u32, item: column, aux: 0 };
                nodes[last as usize].down = node;
                nodes[header].up = node;
                items[header].len += 1;
            }
            let last = first + entries.len() - 1;
            nodes[spacer].down = last as u32;
            spacer = last + 1;
            nodes[spacer] = Node { up: first as u32, down: 0, item: SPACER, aux: id.index() as u32 };
        }
        debug_assert_eq!(spacer + 1, node_count);
        Matrix { nodes, items, updates: 0 }
    }

    /// Whether every primary item is covered.
    #[inline]
    pub(crate) fn is_solved(&self) -> bool {
        self.items[ROOT as usize].next == ROOT
    }

    /// The active primary item with the fewest options, the leftmost on ties.
    #[inline]
    pub(crate) fn choose_item(&self) -> u32 {
        let mut best = ROOT;
        let mut best_len = u32::MAX;
        let mut i = self.items[ROOT as usize].next;
        while i != ROOT {
            let item = self.items[i as usize];
            if item.len < best_len {
                best = i;
                best_len = item.len;
                if best_len == 0 {
                    // Nothing can beat it, and it is the leftmost such item.
                    break;
                }
            }
            i = item.next;
        }
        best
    }

    /// The first option node in `item`'s list, or `item` itself if empty.
    #[inline]
    pub(crate) fn first_option(&self, item: u32) -> u32 {
        self.nodes[item as usize].down
    }

    /// The option node below `node` in its item's list (the item header when
    /// `node` is the last).
    #[inline]
    pub(crate) fn next_option(&self, node: u32) -> u32 {
        self.nodes[node as usize].down
    }

    /// The item of an option node.
    #[inline]
    pub(crate) fn item_of(&self, node: u32) -> u32 {
        self.nodes[node as usize].item
    }

    /// The id of the option that `node` belongs to.
    pub(crate) fn option_of(&self, node: u32) -> OptionId {
        let mut q = node as usize;
        while self.nodes[q].item != SPACER {
            q += 1;
        }
        OptionId::new(self.nodes[q].aux as usize)
    }

    /// Removes `item` from the active list and hides every option in it.
    #[inline]
    pub(crate) fn cover(&mut self, item: u32) {
        let mut p = self.nodes[item as usize].down;
        while p != item {
            self.hide(p);
            p = self.nodes[p as usize].down;
        }
        let Item { prev, next, .. } = self.items[item as usize];
        self.items[prev as usize].next = next;
        self.items[next as usize].prev = prev;
        self.updates += 1;
    }

    /// Undoes `cover(item)`.
    #[inline]
    pub(crate) fn uncover(&mut self, item: u32) {
        let Item { prev, next, .. } = self.items[item as usize];
        self.items[prev as usize].next = item;
        self.items[next as usize].prev = item;
        let mut p = self.nodes[item as usize].up;
        while p != item {
            self.unhide(p);
            p = self.nodes[p as usize].up;
        }
    }

    /// Unlinks every other node of `p`'s option from its item's list.
    #[inline]
    fn hide(&mut self, p: u32) {
        let mut q = p + 1;
        while q != p {
            let Node { up, down, item, .. } = self.nodes[q as usize];
            if item == SPACER {
                q = up; // back to the first node of the option
                continue;
            }
            self.nodes[up as usize].down = down;
            self.nodes[down as usize].up = up;
            self.items[item as usize].len -= 1;
            self.updates += 1;
            q += 1;
        }
    }

    /// Undoes `hide(p)`, walking the option in the opposite direction.
    #[inline]
    fn unhide(&mut self, p: u32) {
        let mut q = p - 1;
        while q != p {
            let Node { up, down, item, .. } = self.nodes[q as usize];
            if item == SPACER {
                q = down; // on to the last node of the option
                continue;
            }
            self.nodes[up as usize].down = q;
            self.nodes[down as usize].up = q;
            self.items[item as usize].len += 1;
            q -= 1;
        }
    }

    /// Covers every item of `p`'s option other than `p`'s own: choosing it.
    #[inline]
    pub(crate) fn commit(&mut self, p: u32) {
        let mut q = p + 1;
        while q != p {
            let Node { up, item, .. } = self.nodes[q as usize];
            if item == SPACER {
                q = up;
                continue;
            }
            self.cover(item);
            q += 1;
        }
    }

    /// Undoes `commit(p)`.
    #[inline]
    pub(crate) fn uncommit(&mut self, p: u32) {
        let mut q = p - 1;
        while q != p {
            let Node { down, item, .. } = self.nodes[q as usize];
            if item == SPACER {
                q = down;
                continue;
            }
            self.uncover(item);
            q -= 1;
        }
    }
}

/// Links `root` and `members` into a circular doubly linked list, in order.
fn link_circular(items: &mut [Item], root: u32, members: std::ops::RangeInclusive<u32>) {
    let mut prev = root;
    for i in members {
        items[prev as usize].next = i;
        items[i as usize].prev = prev;
        prev = i;
    }
    items[prev as usize].next = root;
    items[root as usize].prev = prev;
}
