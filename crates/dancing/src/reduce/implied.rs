//! Items implied by others: an item every option of another holds, whose
//! bounds the other items then enforce, is dropped (or merged with an item
//! of the same options).

use super::State;
use super::classes::Classes;
use crate::problem::{ItemId, OptionId};

impl State<'_> {
    /// Drops the items that the others imply (see the module
    /// documentation). `Some(narrowed)`: whether some item's bounds were
    /// narrowed; `None` when the budget ran out.
    ///
    /// The items that hold every option of `j` are the primary members of
    /// the supersets of `j`'s class, and those whose options `j` holds all
    /// the primary members of the classes of which `j`'s is a superset
    /// (see [`Classes`]), each at least once live.
    pub(super) fn drop_implied_items(&mut self) -> Option<bool> {
        let problem = self.problem;
        let mut classes = self.classes()?;
        let mut live_primaries = problem
            .items()
            .filter(|&item| self.is_live_primary(item))
            .count();
        let mut narrowed = false;
        // Last to first: of two items that imply each other, the one
        // declared first stays.
        for j in (0..problem.item_count()).rev().map(ItemId::new) {
            if !self.item_live[j.index()] {
                continue;
            }
            let mut steps = 1;
            let dropped = if self.is_primary(j) {
                if live_primaries == 1 {
                    continue;
                }
                match self.primary_implied(j, &mut classes, &mut steps)? {
                    Implied::No => false,
                    Implied::Yes => true,
                    Implied::Merged(i, bounds) => {
                        if self.bounds[i.index()] != bounds {
                            self.bounds[i.index()] = bounds;
                            self.tightened += 1;
                            narrowed = true;
                        }
                        true
                    }
                }
            } else {
                self.secondary_implied(j, &mut classes, &mut steps)
            };
            if dropped {
                self.item_live[j.index()] = false;
                if self.is_primary(j) {
                    live_primaries -= 1;
                    classes.note_dead(j);
                }
            }
            if !self.spend(steps) {
                return None;
            }
        }
        Some(narrowed)
    }

    /// Whether some live primary item other than `j` in one of `among`'s
    /// classes passes `test`, the steps it took added to `steps`.
    fn any_member(
        &self,
        classes: &mut Classes,
        among: impl Fn(&Classes) -> &[u32],
        j: ItemId,
        steps: &mut usize,
        test: impl Fn(ItemId) -> bool,
    ) -> bool {
        let count = among(classes).len();
        (0..count).any(|k| {
            let class = among(classes)[k];
            classes
                .find_member(class, j, &self.item_live, steps, &test)
                .is_some()
        })
    }

    /// Whether primary item `j`'s bounds are implied by live items: those
    /// that hold all of `j`'s options (the supersets of its class), and
    /// those whose options `j` holds all (the classes of which its class is
    /// a superset). `None` when the budget ran out.
    pub(super) fn primary_implied(
        &mut self,
        j: ItemId,
        classes: &mut Classes,
        steps: &mut usize,
    ) -> Option<Implied> {
        let (lower, upper) = self.bounds[j.index()];
        let class = classes.class_of(j);
        let bounds = &self.bounds;
        // No more of `j`'s options can be chosen than of an item that holds
        // them all; no fewer than of an item whose options `j` holds all.
        let upper_implied = self.live_len[j.index()] <= upper
            || class.is_some_and(|c| {
                self.any_member(
                    classes,
                    |k| k.supersets(c),
                    j,
                    steps,
                    |i| bounds[i.index()].1 <= upper,
                )
            });
        let lower_implied = lower == 0
            || class.is_some_and(|c| {
                self.any_member(
                    classes,
                    |k| k.subsets(c),
                    j,
                    steps,
                    |i| bounds[i.index()].0 >= lower,
                )
            });
        if upper_implied && lower_implied {
            // Dropping `j` must not leave an option without a primary item,
            // which the search would ignore.
            let held_by_another = class
                .is_some_and(|c| self.any_member(classes, |k| k.supersets(c), j, steps, |_| true))
                || self.every_option_holds_another_primary(j)?;
            return Some(if held_by_another {
                Implied::Yes
            } else {
                Implied::No
            });
        }
        // The same options as a live item `i`: both counts are always
        // equal. The first such item in the order of `j`'s first option.
        let twin = class.and_then(|c| classes.find_member(c, j, &self.item_live, steps, |_| true));
        Some(match twin {
            Some(i) => {
                let (twin_lower, twin_upper) = self.bounds[i.index()];
                let both = (lower.max(twin_lower), upper.min(twin_upper));
                if both.0 <= both.1 {
                    Implied::Merged(i, both)
                } else {
                    // No count satisfies both: the problem has no solution,
                    // which both items, kept, still say.
                    Implied::No
                }
            }
            None => Implied::No,
        })
    }

    /// Whether every live option of `j` holds a live primary item besides
    /// `j`. `None` when the budget ran out.
    pub(super) fn every_option_holds_another_primary(&mut self, j: ItemId) -> Option<bool> {
        let options: Vec<OptionId> = self.live_options(j).map(|e| e.option).collect();
        let mut steps = 0;
        let all = options.iter().all(|&option| {
            self.entries(option).any(|(item, _)| {
                steps += 1;
                item != j && self.is_primary(item)
            })
        });
        self.spend(steps).then_some(all)
    }

    /// Whether no two live options of secondary item `j` can clash on `j`
    /// alone: at most one option, or one color for all, or all hold a
    /// primary item (a member of a superset of `j`'s class) that at most
    /// one option of a solution holds.
    pub(super) fn secondary_implied(
        &self,
        j: ItemId,
        classes: &mut Classes,
        steps: &mut usize,
    ) -> bool {
        if self.live_len[j.index()] <= 1 {
            return true;
        }
        let mut colors = self.live_options(j).map(|entry| entry.color);
        let first = colors.next().unwrap_or(0);
        *steps += self.live_len[j.index()] as usize;
        if first != 0 && colors.all(|color| color == first) {
            return true;
        }
        let bounds = &self.bounds;
        classes.class_of(j).is_some_and(|c| {
            self.any_member(
                classes,
                |k| k.supersets(c),
                j,
                steps,
                |i| bounds[i.index()].1 == 1,
            )
        })
    }
}

/// Whether a primary item's bounds are implied by the other live items.
pub(super) enum Implied {
    No,
    Yes,
    /// It has the same options as this item, which takes these bounds
    /// (the intersection of both).
    Merged(ItemId, (u32, u32)),
}
