//! The dance on the minimum-cost links: walking an option, hiding and
//! unhiding options below a threshold, covering and committing items, and
//! choosing the item to branch on.

use super::{LOOKAHEAD, MinCostSolver, NO_ENTRY, Node};
use crate::problem::OptionId;
use crate::visit::Stats;

impl MinCostSolver {
    /// The entry after `node` in its option, around the option's end.
    #[inline]
    pub(super) fn right(&self, node: u32) -> u32 {
        let next = node + 1;
        if self.nodes[next as usize].item == 0 {
            self.nodes[next as usize].up
        } else {
            next
        }
    }

    /// The entry before `node` in its option, around the option's start.
    #[inline]
    pub(super) fn left(&self, node: u32) -> u32 {
        let before = node - 1;
        if self.nodes[before as usize].item == 0 {
            self.nodes[before as usize].down
        } else {
            before
        }
    }

    /// Whether `node` is an item's header (the end of a list).
    #[inline]
    pub(super) fn is_header(&self, node: u32) -> bool {
        node < self.first_node
    }

    /// Hides the entries of `node`'s option other than `node` from their
    /// lists (but cleansed ones), counting updates.
    pub(super) fn hide(&mut self, node: u32, stats: &mut Stats) {
        let mut entry = self.right(node);
        while entry != node {
            let Node {
                up,
                down,
                item,
                color,
                ..
            } = self.nodes[entry as usize];
            if color >= 0 {
                self.nodes[up as usize].down = down;
                self.nodes[down as usize].up = up;
                stats.updates += 1;
                if item < self.first_secondary {
                    self.len[item as usize] -= 1;
                    if let Some(tree) = &mut self.tree {
                        tree.touch(item);
                    }
                }
            }
            entry = self.right(entry);
        }
    }

    /// Undoes `hide(node)`.
    pub(super) fn unhide(&mut self, node: u32) {
        let mut entry = self.right(node);
        while entry != node {
            let Node {
                up,
                down,
                item,
                color,
                ..
            } = self.nodes[entry as usize];
            if color >= 0 {
                self.nodes[up as usize].down = entry;
                self.nodes[down as usize].up = entry;
                if item < self.first_secondary {
                    self.len[item as usize] += 1;
                    if let Some(tree) = &mut self.tree {
                        tree.touch(item);
                    }
                }
            }
            entry = self.right(entry);
        }
    }

    /// Covers `item`: out of its active list, and the options of its list
    /// that cost less than `threshold` hidden.
    pub(super) fn cover(&mut self, item: u32, threshold: u64, stats: &mut Stats) {
        let (prev, next) = (self.prev[item as usize], self.next[item as usize]);
        self.next[prev as usize] = next;
        self.prev[next as usize] = prev;
        stats.updates += 1;
        if item < self.first_secondary
            && let Some(tree) = &mut self.tree
        {
            tree.set_active(item, false);
        }
        let mut node = self.nodes[item as usize].down;
        while !self.is_header(node) && self.nodes[node as usize].cost < threshold {
            self.hide(node, stats);
            node = self.nodes[node as usize].down;
        }
    }

    /// Undoes `cover(item, threshold)` (the same threshold), going down
    /// the list again: the links come back all the same.
    pub(super) fn uncover(&mut self, item: u32, threshold: u64) {
        let mut node = self.nodes[item as usize].down;
        while !self.is_header(node) && self.nodes[node as usize].cost < threshold {
            self.unhide(node);
            node = self.nodes[node as usize].down;
        }
        let (prev, next) = (self.prev[item as usize], self.next[item as usize]);
        self.next[prev as usize] = item;
        self.prev[next as usize] = item;
        if item < self.first_secondary
            && let Some(tree) = &mut self.tree
        {
            tree.set_active(item, true);
        }
    }

    /// Purifies the secondary item of `node` with `node`'s color: the
    /// options below `threshold` that give it another color are hidden,
    /// those that agree are cleansed.
    pub(super) fn purify(&mut self, node: u32, threshold: u64, stats: &mut Stats) {
        let Node { item, color, .. } = self.nodes[node as usize];
        stats.cleansings += 1;
        let mut other = self.nodes[item as usize].down;
        while !self.is_header(other) && self.nodes[other as usize].cost < threshold {
            if self.nodes[other as usize].color != color {
                self.hide(other, stats);
            } else if other != node {
                stats.cleansings += 1;
                self.nodes[other as usize].color = -1;
            }
            other = self.nodes[other as usize].down;
        }
    }

    /// Undoes `purify(node, threshold)`.
    pub(super) fn unpurify(&mut self, node: u32, threshold: u64) {
        let Node { item, color, .. } = self.nodes[node as usize];
        let mut other = self.nodes[item as usize].down;
        while !self.is_header(other) && self.nodes[other as usize].cost < threshold {
            if self.nodes[other as usize].color < 0 {
                self.nodes[other as usize].color = color;
            } else if other != node {
                self.unhide(other);
            }
            other = self.nodes[other as usize].down;
        }
    }

    /// Covers or purifies the items of `node`'s option other than its own,
    /// left to right.
    pub(super) fn commit(&mut self, node: u32, threshold: u64, stats: &mut Stats) {
        let mut entry = self.right(node);
        while entry != node {
            let Node { item, color, .. } = self.nodes[entry as usize];
            if color == 0 {
                self.cover(item, threshold, stats);
            } else if color > 0 {
                self.purify(entry, threshold, stats);
            }
            entry = self.right(entry);
        }
    }

    /// Undoes `commit(node, threshold)`, right to left.
    pub(super) fn uncommit(&mut self, node: u32, threshold: u64) {
        let mut entry = self.left(node);
        while entry != node {
            let Node { item, color, .. } = self.nodes[entry as usize];
            if color == 0 {
                self.uncover(item, threshold);
            } else if color > 0 {
                self.unpurify(entry, threshold);
            }
            entry = self.left(entry);
        }
    }

    /// The item to branch on, and its number of usable options (0: back
    /// up), when the options so far cost `spent` and a solution must cost
    /// less than `cutoff`: the active primary item with the fewest usable
    /// options (those cheaper than the room left), the dearest cheapest
    /// option on ties, the first of those in the active list. With many
    /// primary items, found by the tree of [`choice`](super::choice).
    pub(super) fn choose(&mut self, spent: u64, cutoff: u64) -> (u32, u32) {
        let room = cutoff - spent;
        if let Some(chosen) = self.choose_by_tree(room) {
            #[cfg(test)]
            {
                // The tree chooses as the walk does, at every node (the
                // walk not counted).
                let counted = self.choice_steps.get();
                let walked = self.walk_choose(room);
                self.choice_steps.set(counted);
                assert_eq!(chosen.1, walked.1, "the count of usable options");
                if walked.1 > 0 {
                    assert_eq!(chosen.0, walked.0, "the item chosen");
                }
            }
            return chosen;
        }
        self.walk_choose(room)
    }

    /// [`choose`](Self::choose) as DLX5 does it: a walk of the active list.
    pub(super) fn walk_choose(&self, room: u64) -> (u32, u32) {
        let (mut best, mut best_count, mut best_least) = (0, u32::MAX, 0);
        let mut item = self.next[0];
        while item != 0 {
            #[cfg(test)]
            self.choice_steps.add(1);
            let first = self.nodes[item as usize].down;
            if first == item {
                return (item, 0);
            }
            let least = self.nodes[first as usize].cost;
            if least >= room {
                return (item, 0);
            }
            // Count the usable options, up to the best count so far.
            let mut count = 1;
            let mut node = self.nodes[first as usize].down;
            let mut beaten = false;
            loop {
                if self.is_header(node) || self.nodes[node as usize].cost >= room {
                    break;
                }
                if count == best_count {
                    beaten = true;
                    break;
                }
                if count >= LOOKAHEAD {
                    count = self.len[item as usize];
                    break;
                }
                count += 1;
                node = self.nodes[node as usize].down;
            }
            if !beaten && (count < best_count || (count == best_count && least > best_least)) {
                (best, best_count, best_least) = (item, count, least);
            }
            item = self.next[item as usize];
        }
        (best, best_count)
    }

    /// Whether the option of entry `node` can be chosen now: its item
    /// active, and none of its entries hidden by a choice made before.
    pub(super) fn is_usable(&self, node: u32) -> bool {
        let item = self.nodes[node as usize].item;
        if item >= self.first_secondary || self.next[self.prev[item as usize] as usize] != item {
            return false;
        }
        let mut entry = node;
        loop {
            let Node { up, color, .. } = self.nodes[entry as usize];
            if color >= 0 && self.nodes[up as usize].down != entry {
                return false;
            }
            entry = self.right(entry);
            if entry == node {
                return true;
            }
        }
    }

    /// The entry node by which a search would choose `option`: its first
    /// entry in a primary item; `None` for an option of the problem that
    /// has none (DLX5 ignores those) or is not one.
    pub(super) fn entry_of(&self, option: OptionId) -> Option<u32> {
        let start = *self.option_start.get(option.index())?;
        let mut entry = start;
        while entry != NO_ENTRY && self.nodes[entry as usize].item != 0 {
            if self.nodes[entry as usize].item < self.first_secondary {
                return Some(entry);
            }
            entry += 1;
        }
        None
    }
}
