//! Items implied by others: an item every option of another holds, whose
//! bounds the other items then enforce, is dropped (or merged with an item
//! of the same options).

use super::State;
use crate::problem::{ItemId, OptionId};

impl State<'_> {
    /// The live items (only primary ones unless `secondary`) other than
    /// `item` that every live option of `item` holds: empty when `item` has
    /// no option. `None` when the budget ran out.
    pub(super) fn common_items(&mut self, item: ItemId, secondary: bool) -> Option<Vec<ItemId>> {
        let Some(first) = self.live_options(item).next() else {
            return Some(Vec::new());
        };
        let mut common: Vec<ItemId> = self
            .entries(first.option)
            .map(|(other, _)| other)
            .filter(|&other| other != item && (secondary || self.is_primary(other)))
            .collect();
        for n in 0..self.options_of[item.index()].len() {
            let option = self.options_of[item.index()][n].option;
            if common.is_empty() {
                break;
            }
            if !self.option_live[option.index()] || option == first.option {
                continue;
            }
            self.stamp += 1;
            let stamp = self.stamp;
            let mut steps = 0;
            for &other in self.problem.option(option) {
                self.item_stamps[other.index()] = stamp;
                steps += 1;
            }
            common.retain(|other| self.item_stamps[other.index()] == stamp);
            if !self.spend(steps) {
                return None;
            }
        }
        Some(common)
    }

    /// Drops the items that the others imply (see the module
    /// documentation). `Some(narrowed)`: whether some item's bounds were
    /// narrowed; `None` when the budget ran out.
    pub(super) fn drop_implied_items(&mut self) -> Option<bool> {
        let problem = self.problem;
        // For each live item with options, the live primary items all its
        // options hold: the options of `j` are among those of each item of
        // `within[j]`, and those of each item of `containing[j]` among `j`'s.
        let mut within: Vec<Vec<ItemId>> = vec![Vec::new(); problem.item_count()];
        let mut containing: Vec<Vec<ItemId>> = vec![Vec::new(); problem.item_count()];
        for item in problem.items() {
            if self.item_live[item.index()] {
                within[item.index()] = self.common_items(item, false)?;
                if self.is_primary(item) {
                    for &holder in &within[item.index()] {
                        containing[holder.index()].push(item);
                    }
                }
            }
        }
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
            let dropped = if self.is_primary(j) {
                if live_primaries == 1 {
                    continue;
                }
                match self.primary_implied(j, &within[j.index()], &containing[j.index()])? {
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
                self.secondary_implied(j, &within[j.index()])
            };
            if dropped {
                self.item_live[j.index()] = false;
                if self.is_primary(j) {
                    live_primaries -= 1;
                }
            }
            if !self.spend(1 + within[j.index()].len() + containing[j.index()].len()) {
                return None;
            }
        }
        Some(narrowed)
    }

    /// Whether primary item `j`'s bounds are implied by live items (the
    /// options of `j` are among those of each item of `within`, and those
    /// of each item of `containing` among `j`'s). `None` when the budget ran
    /// out.
    pub(super) fn primary_implied(
        &mut self,
        j: ItemId,
        within: &[ItemId],
        containing: &[ItemId],
    ) -> Option<Implied> {
        let (lower, upper) = self.bounds[j.index()];
        // No more of `j`'s options can be chosen than of an item that holds
        // them all; no fewer than of an item whose options `j` holds all.
        let upper_implied = self.live_len[j.index()] <= upper
            || within
                .iter()
                .any(|&i| self.is_live_primary(i) && self.bounds[i.index()].1 <= upper);
        let lower_implied = lower == 0
            || containing
                .iter()
                .any(|&i| self.is_live_primary(i) && self.bounds[i.index()].0 >= lower);
        if upper_implied && lower_implied {
            // Dropping `j` must not leave an option without a primary item,
            // which the search would ignore.
            let held_by_another = within.iter().any(|&i| self.is_live_primary(i))
                || self.every_option_holds_another_primary(j)?;
            return Some(if held_by_another {
                Implied::Yes
            } else {
                Implied::No
            });
        }
        // The same options as a live item `i`: both counts are always equal.
        let twin = within
            .iter()
            .copied()
            .find(|&i| self.is_live_primary(i) && containing.contains(&i));
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
    /// primary item (in `within`) that at most one option of a solution
    /// holds.
    pub(super) fn secondary_implied(&self, j: ItemId, within: &[ItemId]) -> bool {
        if self.live_len[j.index()] <= 1 {
            return true;
        }
        let mut colors = self.live_options(j).map(|entry| entry.color);
        let first = colors.next().unwrap_or(0);
        if first != 0 && colors.all(|color| color == first) {
            return true;
        }
        within
            .iter()
            .any(|&i| self.is_live_primary(i) && self.bounds[i.index()].1 == 1)
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
