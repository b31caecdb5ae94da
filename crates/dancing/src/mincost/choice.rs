//! The choice of the item to branch on when there are many primary items:
//! a tree of summaries over blocks of items, so that a node of the search
//! costs about the items its dance touched, not every active item.
//!
//! DLX5's choice ([`MinCostSolver::choose`]) walks every active item. On a
//! chain of `n` items, each with a single option, the search is `n` levels
//! deep and the walks cost `n^2 / 2` in all. Here the primary items are cut
//! into blocks of [`BLOCK`], and a complete binary tree over the blocks
//! keeps, for the items below each node, the largest cost of the `k`-th
//! option of an item's list for each `k` up to `LOOKAHEAD + 1` and the
//! shortest list. That is enough to find, for any room left under the
//! cutoff, the fewest usable options any item below has as DLX5 counts
//! them (an item has at most `k` when its `(k+1)`-th option does not fit
//! the room, the lists being sorted by cost), so the choice descends to the
//! blocks that may hold DLX5's item (and, once it has an item, only those
//! whose dearest cheapest option beats it) and walks only those, as DLX5
//! would. It chooses exactly DLX5's item: the node counts stay Knuth's. At
//! worst (many items tied on the count, their cheapest options rising
//! left to right) it visits every block, a walk with the tree's overhead.
//!
//! The dance marks the blocks whose items' lists or activity changed, and
//! the choice brings their summaries up to date first. When a node's dance
//! touches more than an eighth of the blocks, updating them costs more than
//! DLX5's walk: the tree is then set aside (*stale*) and the choice walks,
//! until a run of nodes that change few lists pays for building it again.

use super::{INFINITE, LOOKAHEAD, MinCostSolver};

/// Primary items per block of the tree.
pub(super) const BLOCK: usize = 16;

/// Problems with at least this many blocks of primary items keep the tree:
/// below it DLX5's walk is cheap.
pub(super) const WIDE_BLOCKS: usize = 64;

/// The options of an item's list that the summaries keep the costs of.
const KEPT: usize = LOOKAHEAD as usize + 1;

/// A stale tree is built again after this many nodes in a row that each
/// changed few lists (at most an eighth as many as there are blocks).
const CALM_NODES: u32 = 8;

/// What the tree keeps of some primary items.
#[derive(Clone, Copy, Debug)]
struct Summary {
    /// For each `k`, the largest cost of the `(k+1)`-th option of an active
    /// item's list ([`INFINITE`] when a list is shorter); 0 without an
    /// active item.
    costs: [u64; KEPT],
    /// The shortest list of an active item (`u32::MAX` without one).
    shortest: u32,
}

impl Summary {
    /// No active item.
    const NONE: Summary = Summary {
        costs: [0; KEPT],
        shortest: u32::MAX,
    };

    fn merge(&self, other: &Summary) -> Summary {
        let mut costs = self.costs;
        for (cost, &theirs) in costs.iter_mut().zip(&other.costs) {
            *cost = (*cost).max(theirs);
        }
        Summary {
            costs,
            shortest: self.shortest.min(other.shortest),
        }
    }

    /// The fewest usable options, as DLX5 counts them, of an item below
    /// when `room` is left: at most `k` when some item's `(k+1)`-th option
    /// costs `room` or more, else (all have more than `LOOKAHEAD`) the
    /// shortest list.
    fn fewest(&self, room: u64) -> u32 {
        match self.costs.iter().position(|&cost| cost >= room) {
            Some(k) => k as u32,
            None => self.shortest,
        }
    }

    /// Whether some item below may have exactly `count` usable options
    /// (no item has fewer), when `room` is left.
    fn may_have(&self, count: u32, room: u64) -> bool {
        match self.costs.get(count as usize) {
            Some(&cost) => cost >= room,
            None => self.shortest <= count,
        }
    }
}

/// The tree of summaries (see the module documentation).
#[derive(Clone, Debug)]
pub(super) struct ChoiceTree {
    /// The leaves: the blocks, from `leaves` on (a power of two).
    leaves: usize,
    blocks: usize,
    /// Node 1 is the root; node `n` has children `2n` and `2n + 1`.
    summaries: Vec<Summary>,
    /// Whether each primary item is active (not covered).
    active: Vec<bool>,
    /// The blocks marked since the summaries were last brought up to date.
    dirty: Vec<bool>,
    marked: Vec<u32>,
    /// Set aside: the summaries are out of date, and blocks are not marked.
    stale: bool,
    /// The blocks marked since the last choice (while stale, the lists
    /// changed: marks are not kept then).
    fresh: u32,
    /// The nodes in a row that marked few blocks while stale.
    calm: u32,
}

impl ChoiceTree {
    /// The tree of `primaries` primary items, if there are enough.
    pub(super) fn for_items(primaries: usize) -> Option<ChoiceTree> {
        let blocks = primaries.div_ceil(BLOCK);
        if blocks < WIDE_BLOCKS {
            return None;
        }
        let leaves = blocks.next_power_of_two();
        Some(ChoiceTree {
            leaves,
            blocks,
            summaries: vec![Summary::NONE; 2 * leaves],
            active: vec![true; primaries + 1],
            dirty: vec![false; blocks],
            marked: Vec::new(),
            // Built at the first choice.
            stale: true,
            fresh: 0,
            calm: CALM_NODES,
        })
    }

    /// Notes that primary `item`'s list changed.
    #[inline]
    pub(super) fn touch(&mut self, item: u32) {
        if self.stale {
            self.fresh = self.fresh.saturating_add(1);
            return;
        }
        let block = (item as usize - 1) / BLOCK;
        if !self.dirty[block] {
            self.dirty[block] = true;
            self.marked.push(block as u32);
            self.fresh += 1;
        }
    }

    /// Notes that primary `item` was covered (`active` false) or uncovered.
    #[inline]
    pub(super) fn set_active(&mut self, item: u32, active: bool) {
        self.active[item as usize] = active;
        self.touch(item);
    }
}

impl MinCostSolver {
    /// DLX5's choice (see [`choose`](Self::choose)) by the tree: the item
    /// to branch on and its number of usable options, or `None` when the
    /// tree is set aside and DLX5's walk should choose.
    pub(super) fn choose_by_tree(&mut self, room: u64) -> Option<(u32, u32)> {
        let mut tree = self.tree.take()?;
        let fresh = std::mem::take(&mut tree.fresh);
        let chosen = if !tree.stale && tree.marked.len() <= tree.blocks / 8 {
            for k in 0..tree.marked.len() {
                let block = tree.marked[k] as usize;
                tree.dirty[block] = false;
                self.summarize(&mut tree, block);
                let mut node = (tree.leaves + block) / 2;
                while node >= 1 {
                    #[cfg(test)]
                    self.choice_steps.add(1);
                    tree.summaries[node] =
                        tree.summaries[2 * node].merge(&tree.summaries[2 * node + 1]);
                    node /= 2;
                }
            }
            tree.marked.clear();
            Some(self.descend(&tree, room))
        } else if !tree.stale {
            // Too many blocks to bring up to date: set aside.
            for &block in &tree.marked {
                tree.dirty[block as usize] = false;
            }
            tree.marked.clear();
            tree.stale = true;
            tree.calm = 0;
            None
        } else {
            tree.calm = if fresh as usize <= tree.blocks / 8 {
                tree.calm + 1
            } else {
                0
            };
            if tree.calm >= CALM_NODES {
                for block in 0..tree.blocks {
                    self.summarize(&mut tree, block);
                }
                for node in (1..tree.leaves).rev() {
                    #[cfg(test)]
                    self.choice_steps.add(1);
                    tree.summaries[node] =
                        tree.summaries[2 * node].merge(&tree.summaries[2 * node + 1]);
                }
                tree.stale = false;
                Some(self.descend(&tree, room))
            } else {
                None
            }
        };
        self.tree = Some(tree);
        chosen
    }

    /// Brings the summary of `block` up to date from its items' lists.
    fn summarize(&self, tree: &mut ChoiceTree, block: usize) {
        let first = block * BLOCK + 1;
        let last = (first + BLOCK).min(self.first_secondary as usize);
        let mut summary = Summary::NONE;
        for item in first..last {
            #[cfg(test)]
            self.choice_steps.add(1);
            if !tree.active[item] {
                continue;
            }
            let mut costs = [INFINITE; KEPT];
            let mut node = self.nodes[item].down;
            for cost in &mut costs {
                if self.is_header(node) {
                    break;
                }
                *cost = self.nodes[node as usize].cost;
                node = self.nodes[node as usize].down;
            }
            summary = summary.merge(&Summary {
                costs,
                shortest: self.len[item],
            });
        }
        tree.summaries[tree.leaves + block] = summary;
    }

    /// DLX5's item, found by going down to the blocks that may hold it:
    /// those with an item of the fewest usable options, and the cheapest
    /// option dearer than that of the best item found to their left.
    fn descend(&self, tree: &ChoiceTree, room: u64) -> (u32, u32) {
        let fewest = tree.summaries[1].fewest(room);
        if fewest == 0 {
            // A dead end: the search backs up, whatever the item.
            return (0, 0);
        }
        let mut best: Option<(u32, u64)> = None;
        // Depth first, left first: at most a node per level waits.
        let mut stack = [0usize; 2 * usize::BITS as usize];
        stack[0] = 1;
        let mut waiting = 1;
        while waiting > 0 {
            waiting -= 1;
            let node = stack[waiting];
            #[cfg(test)]
            self.choice_steps.add(1);
            let summary = &tree.summaries[node];
            if !summary.may_have(fewest, room)
                || best.is_some_and(|(_, least)| summary.costs[0] <= least)
            {
                continue;
            }
            if node < tree.leaves {
                stack[waiting] = 2 * node + 1;
                stack[waiting + 1] = 2 * node;
                waiting += 2;
                continue;
            }
            let block = node - tree.leaves;
            let first = block * BLOCK + 1;
            let last = (first + BLOCK).min(self.first_secondary as usize);
            for item in first..last {
                #[cfg(test)]
                self.choice_steps.add(1);
                if !tree.active[item] {
                    continue;
                }
                let item = item as u32;
                let least = self.nodes[self.nodes[item as usize].down as usize].cost;
                if self.usable_count(item, room) == fewest
                    && best.is_none_or(|(_, best_least)| least > best_least)
                {
                    best = Some((item, least));
                }
            }
        }
        let (item, _) = best.expect("the fewest usable options are some active item's");
        (item, fewest)
    }

    /// The usable options of active `item`, as DLX5 counts them, when
    /// `room` is left (its list not empty, its cheapest option fitting).
    fn usable_count(&self, item: u32, room: u64) -> u32 {
        let mut count = 0;
        let mut node = self.nodes[item as usize].down;
        while !self.is_header(node) && self.nodes[node as usize].cost < room {
            if count == LOOKAHEAD {
                return self.len[item as usize];
            }
            count += 1;
            node = self.nodes[node as usize].down;
        }
        count
    }
}
