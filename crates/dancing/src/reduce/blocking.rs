//! Blocking options: an option that would leave some primary item too few
//! compatible options is removed.

use super::State;
use crate::problem::{ItemId, OptionId};

impl State<'_> {
    /// Removes each option that leaves some live primary item fewer
    /// compatible options than its lower bound. `Some(changed)`, or `None`
    /// when the budget ran out.
    pub(super) fn remove_blocking_options(&mut self) -> Option<bool> {
        let problem = self.problem;
        // An item with fewer options than its lower bound: no solution at
        // all, so no option is in one.
        let hopeless = problem.items().any(|item| {
            self.is_live_primary(item) && self.live_len[item.index()] < self.bounds[item.index()].0
        });
        // The items whose lower bound an option could make unreachable.
        let needy: Vec<ItemId> = problem
            .items()
            .filter(|&item| self.is_live_primary(item) && self.bounds[item.index()].0 > 0)
            .collect();
        let mut changed = false;
        for (option, members) in problem.options() {
            if !self.option_live[option.index()] {
                continue;
            }
            // Two ways to the same answer: through the options that clash
            // with `option` (Knuth's way, cheap when its items have few
            // options), or through each needy item, looking for options
            // compatible with it (cheap when there are few such items).
            let through_clashes: usize = members
                .iter()
                .map(|item| self.live_len[item.index()] as usize)
                .sum();
            let (blocks, steps) = if hopeless {
                (true, 1)
            } else if through_clashes <= needy.len() {
                self.blocks(option)
            } else {
                self.blocks_by_witnesses(option, &needy)
            };
            if blocks {
                self.remove_option(option);
                changed = true;
            }
            if !self.spend(steps) {
                self.prune_lists();
                return None;
            }
        }
        self.prune_lists();
        Some(changed)
    }

    /// Whether choosing `option` leaves some live primary item fewer
    /// compatible options (`option` included) than its lower bound, and
    /// the steps of work it took to find out.
    ///
    /// The options that clash with `option` are met through its items:
    /// on a primary item held at most once every other option clashes, on
    /// a secondary item every option clashes unless both give it the same
    /// color. Each is counted once against each primary item it holds; an
    /// item `r` is out of reach when `live_len[r] - clashes[r] < lower[r]`
    /// (`option` itself counts in `live_len[r]` when it holds `r`, and is
    /// then one of the compatible ones).
    pub(super) fn blocks(&mut self, option: OptionId) -> (bool, usize) {
        let problem = self.problem;
        self.stamp += 1;
        let stamp = self.stamp;
        self.option_stamps[option.index()] = stamp;
        let codes = problem.color_codes(option);
        let members = problem.option(option);
        let mut steps = members.len();
        for (k, &item) in members.iter().enumerate() {
            let primary = self.is_primary(item);
            if !self.item_live[item.index()] || (primary && self.bounds[item.index()].1 > 1) {
                continue;
            }
            let color = codes.map_or(0, |codes| codes[k]);
            let length = self.options_of[item.index()].len();
            steps += length;
            for n in 0..length {
                let entry = self.options_of[item.index()][n];
                let other = entry.option;
                if !self.option_live[other.index()]
                    || self.option_stamps[other.index()] == stamp
                    || (!primary && color != 0 && entry.color == color)
                {
                    continue;
                }
                self.option_stamps[other.index()] = stamp;
                for &r in problem.option(other) {
                    steps += 1;
                    if !self.is_live_primary(r) {
                        continue;
                    }
                    let r = r.index();
                    if self.conflict_stamps[r] != stamp {
                        self.conflict_stamps[r] = stamp;
                        self.conflicts[r] = 0;
                    }
                    self.conflicts[r] += 1;
                    if self.live_len[r] - self.conflicts[r] < self.bounds[r].0 {
                        return (true, steps);
                    }
                }
            }
        }
        (false, steps)
    }

    /// [`blocks`](Self::blocks), found item by item: for each item of
    /// `needy`, looks for as many options compatible with `option` as its
    /// lower bound asks (less `option` itself when it holds the item),
    /// trying the last one found first.
    pub(super) fn blocks_by_witnesses(
        &mut self,
        option: OptionId,
        needy: &[ItemId],
    ) -> (bool, usize) {
        self.stamp += 1;
        let stamp = self.stamp;
        let codes = self.problem.color_codes(option);
        let mut steps = 0;
        for (k, &item) in self.problem.option(option).iter().enumerate() {
            self.item_stamps[item.index()] = stamp;
            self.marked_color[item.index()] = codes.map_or(0, |codes| codes[k]);
            steps += 1;
        }
        for &p in needy {
            if !self.item_live[p.index()] {
                continue;
            }
            let held = self.item_stamps[p.index()] == stamp;
            let need = self.bounds[p.index()].0 - u32::from(held);
            if need == 0 {
                continue;
            }
            let mut found = 0;
            let witness = self.witness[p.index()];
            if let Some(w) = witness
                && w != option
                && self.option_live[w.index()]
                && self.compatible(w, stamp, &mut steps)
            {
                found += 1;
            }
            let mut n = 0;
            while found < need && n < self.options_of[p.index()].len() {
                let other = self.options_of[p.index()][n].option;
                n += 1;
                if other == option || Some(other) == witness || !self.option_live[other.index()] {
                    continue;
                }
                if self.compatible(other, stamp, &mut steps) {
                    found += 1;
                    self.witness[p.index()] = Some(other);
                }
            }
            steps += n;
            if found < need {
                return (true, steps);
            }
        }
        (false, steps)
    }

    /// Whether `other` can join the option whose items carry `stamp` (and
    /// its colors in `marked_color`): no shared primary item held at most
    /// once, no shared secondary item without one real color.
    pub(super) fn compatible(&self, other: OptionId, stamp: u64, steps: &mut usize) -> bool {
        let codes = self.problem.color_codes(other);
        self.problem
            .option(other)
            .iter()
            .enumerate()
            .all(|(k, &item)| {
                *steps += 1;
                let i = item.index();
                if self.item_stamps[i] != stamp || !self.item_live[i] {
                    return true;
                }
                if self.is_primary(item) {
                    self.bounds[i].1 > 1
                } else {
                    let color = codes.map_or(0, |codes| codes[k]);
                    color != 0 && color == self.marked_color[i]
                }
            })
    }
}
