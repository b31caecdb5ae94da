//! Branching on items in input order, for diagrams (Knuth's
//! `dlx6-noMRV.ch`): on a grid listed row by row, the subproblems met are
//! frontiers of the board, so far fewer of them are distinct than under
//! the fewest-options rule.

use super::{Branch, COVERED, Matrix};

impl Matrix<'_> {
    /// The first active primary item in input order, or an active one with
    /// an empty list if there is one (a dead end, found at once as DLX6's
    /// change file does); `None` when every primary item is covered.
    pub(crate) fn choose_in_order(&self) -> Option<u32> {
        let lens = &self.links.lens()[1..=self.primary_count as usize];
        let mut first = None;
        for (k, &key) in lens.iter().enumerate() {
            if key >= COVERED {
                continue;
            }
            let item = k as u32 + 1;
            if self.list_length(item) == 0 {
                return Some(item);
            }
            first.get_or_insert(item);
        }
        first
    }

    /// Algorithm M's branch on the first active primary item in input
    /// order, with its branching degree as DLX3 reckons it; an active item
    /// whose degree is 0 or less is taken first (a dead end).
    pub(crate) fn choose_bounded_in_order(&self) -> Branch {
        let mut first = None;
        for (item, column) in self.columns.active() {
            let slack = i64::from(column.slack.min(column.bound));
            let degree = i64::from(self.bounded_length(item)) + slack + 1 - i64::from(column.bound);
            if degree <= 0 {
                return Branch::On { item, degree };
            }
            first.get_or_insert(Branch::On { item, degree });
        }
        first.unwrap_or(Branch::Solution)
    }
}

impl Matrix<'_> {
    /// Calls `unused` with each secondary item that is active but has an
    /// empty list: no option left holds it, so it cannot matter to what
    /// is left (DLX6 leaves such items out of its signatures).
    pub(crate) fn unused_secondary_items(&self, mut unused: impl FnMut(u32)) {
        let lens = self.links.lens();
        for item in self.primary_count + 1..lens.len() as u32 {
            if lens[item as usize] < COVERED && self.list_length(item) == 0 {
                unused(item);
            }
        }
    }
}
