//! The live items grouped by their live options, for the implied items.
//!
//! Items with the same (nonempty) set of live options form a *class*; a
//! class `s` is a *superset* of a class `c` when every option of `c` is an
//! option of `s` (`c` is one of its own). The implied items ask, of an item
//! `j`, about the primary items that hold every option of `j` (the members
//! of the supersets of `j`'s class) and those whose options `j` holds all
//! (the members of the classes of which `j`'s is a superset): kept class by
//! class, these take space in proportion to the classes' superset pairs,
//! where item by item they would take one entry per pair of items (every
//! pair of an option holding all of a problem's `n` items: `n^2`).
//!
//! The classes are found by partition refinement (each option splits the
//! classes into its items and the others), in time proportional to the
//! entries. Finding the supersets of a class looks at the classes of the
//! items of its shortest option and compares option lists; that is
//! superlinear on some problems (deciding which of many sets contain which
//! is, in general), so its steps are spent from the reductions' budget,
//! and so are the superset pairs kept, of which there may be at most
//! [`PAIRS_PER_ENTRY`] per entry of the problem: past either, the
//! reductions stop.

use super::{Entry, State};
use crate::problem::ItemId;

/// No class: a dead item, or one without a live option.
const NONE: u32 = u32::MAX;

/// The most superset pairs the classes keep, per entry of the problem
/// (and per item): a problem with more stops the reductions, which then
/// keep memory in proportion to the problem.
pub(super) const PAIRS_PER_ENTRY: usize = 4;

/// The classes of the live items (see the module documentation).
pub(super) struct Classes {
    /// The class of each item, [`NONE`] for a dead item or one without a
    /// live option.
    class_of: Vec<u32>,
    /// The primary members of class `c` are
    /// `members[member_start[c]..member_start[c + 1]]`, in the order they
    /// have in the class's first option.
    members: Vec<ItemId>,
    member_start: Vec<u32>,
    /// How many members (primary or secondary) each class has.
    sizes: Vec<u32>,
    /// The supersets of class `c` (`c` among them) are
    /// `supersets[superset_start[c]..superset_start[c + 1]]`.
    supersets: Vec<u32>,
    superset_start: Vec<u32>,
    /// The classes of which class `c` is a superset (`c` among them):
    /// `subsets[subset_start[c]..subset_start[c + 1]]`.
    subsets: Vec<u32>,
    subset_start: Vec<u32>,
    /// Per class, the place in `members` before which every primary
    /// member has died (advanced as items die in the pass).
    first_live: Vec<u32>,
    /// Per class, how many of its primary members are live.
    live_primaries: Vec<u32>,
}

impl Classes {
    /// The class of `item`, if it has one.
    pub(super) fn class_of(&self, item: ItemId) -> Option<u32> {
        let class = self.class_of[item.index()];
        (class != NONE).then_some(class)
    }

    /// The supersets of `class` (itself among them).
    pub(super) fn supersets(&self, class: u32) -> &[u32] {
        let c = class as usize;
        &self.supersets[self.superset_start[c] as usize..self.superset_start[c + 1] as usize]
    }

    /// The classes of which `class` is a superset (itself among them).
    pub(super) fn subsets(&self, class: u32) -> &[u32] {
        let c = class as usize;
        &self.subsets[self.subset_start[c] as usize..self.subset_start[c + 1] as usize]
    }

    /// How many members `class` has, primary or secondary.
    pub(super) fn size(&self, class: u32) -> usize {
        self.sizes[class as usize] as usize
    }

    /// The number of classes.
    pub(super) fn len(&self) -> usize {
        self.sizes.len()
    }

    /// The primary members of `class`.
    pub(super) fn primary_members(&self, class: u32) -> &[ItemId] {
        let c = class as usize;
        &self.members[self.member_start[c] as usize..self.member_start[c + 1] as usize]
    }

    /// Notes that primary `item` died.
    pub(super) fn note_dead(&mut self, item: ItemId) {
        if let Some(class) = self.class_of(item) {
            self.live_primaries[class as usize] -= 1;
        }
    }

    /// The first live primary member of `class`, in the order of the
    /// class's first option, that is not `other` and passes `test`; the
    /// steps it took are added to `steps`.
    pub(super) fn find_member(
        &mut self,
        class: u32,
        other: ItemId,
        item_live: &[bool],
        steps: &mut usize,
        mut test: impl FnMut(ItemId) -> bool,
    ) -> Option<ItemId> {
        let c = class as usize;
        *steps += 1;
        if self.live_primaries[c] == 0 {
            return None;
        }
        let end = self.member_start[c + 1] as usize;
        // Dead members before the first live one are passed once for all.
        let mut place = self.first_live[c] as usize;
        while place < end && !item_live[self.members[place].index()] {
            place += 1;
            *steps += 1;
        }
        self.first_live[c] = place as u32;
        while place < end {
            let member = self.members[place];
            *steps += 1;
            if member != other && item_live[member.index()] && test(member) {
                return Some(member);
            }
            place += 1;
        }
        None
    }
}

/// The classes being refined: each a range of `order`, cut as each option
/// splits it.
struct Refinement {
    /// The items with a class, grouped by class.
    order: Vec<ItemId>,
    /// Each such item's place in `order`.
    place: Vec<u32>,
    /// Each class's range of `order`, and how many of its items (at its
    /// start) the option being applied holds.
    start: Vec<u32>,
    end: Vec<u32>,
    marked: Vec<u32>,
}

impl Refinement {
    /// Moves `item` (of class `class`) among the marked items of its class.
    fn mark(&mut self, item: ItemId, class: u32) {
        let c = class as usize;
        let to = self.start[c] + self.marked[c];
        let from = self.place[item.index()];
        let displaced = self.order[to as usize];
        self.order.swap(from as usize, to as usize);
        self.place[displaced.index()] = from;
        self.place[item.index()] = to;
        self.marked[c] += 1;
    }
}

impl State<'_> {
    /// The classes of the live items, their members and supersets. `None`
    /// when the budget ran out, or the superset pairs passed
    /// [`PAIRS_PER_ENTRY`] per entry.
    pub(super) fn classes(&mut self) -> Option<Classes> {
        let problem = self.problem;
        let items = problem.item_count();
        let mut class_of = vec![NONE; items];
        let mut refinement = Refinement {
            order: Vec::new(),
            place: vec![0; items],
            start: Vec::new(),
            end: Vec::new(),
            marked: Vec::new(),
        };
        // One class to begin with (if any): every live item with a live
        // option.
        for item in problem.items() {
            if self.item_live[item.index()] && self.live_len[item.index()] > 0 {
                class_of[item.index()] = 0;
                refinement.place[item.index()] = refinement.order.len() as u32;
                refinement.order.push(item);
            }
        }
        if !refinement.order.is_empty() {
            refinement.start.push(0);
            refinement.end.push(refinement.order.len() as u32);
            refinement.marked.push(0);
        }
        let mut touched: Vec<u32> = Vec::new();
        for (option, members) in problem.options() {
            if !self.option_live[option.index()] {
                continue;
            }
            for &item in members {
                let class = class_of[item.index()];
                if class == NONE {
                    continue;
                }
                if refinement.marked[class as usize] == 0 {
                    touched.push(class);
                }
                refinement.mark(item, class);
            }
            // Each class the option cuts: its marked items become a class.
            for class in touched.drain(..) {
                let c = class as usize;
                let (start, marked) = (refinement.start[c], refinement.marked[c]);
                refinement.marked[c] = 0;
                if start + marked == refinement.end[c] {
                    continue;
                }
                let new = refinement.end.len() as u32;
                refinement.start.push(start);
                refinement.end.push(start + marked);
                refinement.marked.push(0);
                refinement.start[c] = start + marked;
                for &item in &refinement.order[start as usize..(start + marked) as usize] {
                    class_of[item.index()] = new;
                }
            }
            if !self.spend(members.len() + 1) {
                return None;
            }
        }
        let count = refinement.end.len();
        // The classes' primary members, each class in the order of its
        // first option.
        let mut members = Vec::new();
        let mut member_start = Vec::with_capacity(count + 1);
        let mut sizes = Vec::with_capacity(count);
        let mut steps = 0;
        for c in 0..count {
            member_start.push(members.len() as u32);
            let range = refinement.start[c] as usize..refinement.end[c] as usize;
            let all = &refinement.order[range];
            sizes.push(all.len() as u32);
            let first = members.len();
            members.extend(all.iter().copied().filter(|&item| self.is_primary(item)));
            members[first..].sort_by_key(|item| self.options_of[item.index()][0].place);
            steps += all.len();
        }
        member_start.push(members.len() as u32);
        if !self.spend(steps) {
            return None;
        }
        let live_primaries = (0..count)
            .map(|c| member_start[c + 1] - member_start[c])
            .collect();
        // A representative of each class, for its options.
        let representatives: Vec<ItemId> = (0..count)
            .map(|c| refinement.order[refinement.start[c] as usize])
            .collect();
        let limit = PAIRS_PER_ENTRY.saturating_mul(problem.entry_count() + items);
        let (supersets, superset_start) = self.supersets(&class_of, &representatives, limit)?;
        // The subsets, by counting the supersets' pairs the other way.
        let mut subset_start = vec![0u32; count + 1];
        for &s in &supersets {
            subset_start[s as usize + 1] += 1;
        }
        for c in 0..count {
            subset_start[c + 1] += subset_start[c];
        }
        let mut next = subset_start.clone();
        let mut subsets = vec![0; supersets.len()];
        for c in 0..count {
            for &s in &supersets[superset_start[c] as usize..superset_start[c + 1] as usize] {
                subsets[next[s as usize] as usize] = c as u32;
                next[s as usize] += 1;
            }
        }
        if !self.spend(supersets.len() + count) {
            return None;
        }
        Some(Classes {
            class_of,
            first_live: member_start[..count].to_vec(),
            members,
            member_start,
            sizes,
            supersets,
            superset_start,
            subsets,
            subset_start,
            live_primaries,
        })
    }

    /// The supersets of each class (flattened, with their starts), found
    /// among the classes of the items of the class's shortest option. `None`
    /// when the budget ran out or there were more than `limit`.
    fn supersets(
        &mut self,
        class_of: &[u32],
        representatives: &[ItemId],
        limit: usize,
    ) -> Option<(Vec<u32>, Vec<u32>)> {
        let problem = self.problem;
        let count = representatives.len();
        let mut supersets = Vec::new();
        let mut superset_start = Vec::with_capacity(count + 1);
        // The last class whose supersets were looked for, per class met.
        let mut seen = vec![NONE; count];
        for (c, &representative) in representatives.iter().enumerate() {
            superset_start.push(supersets.len() as u32);
            let options = &self.options_of[representative.index()];
            let mut steps = options.len();
            let shortest = options
                .iter()
                .map(|entry| entry.option)
                .min_by_key(|&option| problem.option(option).len())
                .expect("a class's items have a live option");
            for &item in problem.option(shortest) {
                steps += 1;
                let s = class_of[item.index()];
                if s == NONE || seen[s as usize] == c as u32 {
                    continue;
                }
                seen[s as usize] = c as u32;
                let theirs = &self.options_of[representatives[s as usize].index()];
                if s as usize == c || includes(theirs, options, &mut steps) {
                    supersets.push(s);
                }
            }
            if !self.spend(steps) || supersets.len() > limit {
                return None;
            }
        }
        superset_start.push(supersets.len() as u32);
        Some((supersets, superset_start))
    }
}

/// Whether every option of `small` is one of `large` (both sorted), the
/// steps it took added to `steps`.
fn includes(large: &[Entry], small: &[Entry], steps: &mut usize) -> bool {
    if large.len() < small.len() {
        *steps += 1;
        return false;
    }
    // Binary search when `large` is much longer, else a merge.
    let probe = large.len().ilog2() as usize + 1;
    if small.len().saturating_mul(probe) < large.len() {
        small.iter().all(|entry| {
            *steps += probe;
            large
                .binary_search_by_key(&entry.option, |theirs| theirs.option)
                .is_ok()
        })
    } else {
        let mut theirs = large.iter().map(|entry| entry.option).peekable();
        small.iter().all(|entry| {
            while theirs.next_if(|&other| other < entry.option).is_some() {
                *steps += 1;
            }
            *steps += 1;
            theirs.next() == Some(entry.option)
        })
    }
}
