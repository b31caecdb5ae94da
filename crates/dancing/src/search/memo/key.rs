//! The key of the subproblem at a node of the search: what the count of
//! the solutions below it depends on, so that equal keys mean equal counts.
//!
//! - **Algorithms X and C:** the set of items still active (primary and
//!   secondary: the options still active follow from it) and, with colors,
//!   the color in force on each purified secondary item.
//! - **Algorithm M** adds what bounds change. For each primary item whose
//!   bound is not simply "once" (more than one option left, or slack), how
//!   many more options may hold it while it is active (0 once it is
//!   retired: a retired item has no option left, or is covered). And the
//!   options its branches took out of every list (*tweaked*): the options
//!   tried before the current one at a level, which the tree below must not
//!   try again. A tweaked option that holds a covered item is gone anyway,
//!   so it is left out of the key (more subproblems then meet).
//!
//! The count below a node is the number of ways to complete the choices
//! made so far: a function of the options still available and of what
//! each item still asks for, which is exactly what the key records.

use crate::matrix::{AGREES, Matrix, NO_COLOR};

/// No slot: an item whose state its covered bit tells.
const NO_SLOT: u32 = u32::MAX;

/// Makes the key of the subproblem at a node, tracking what the matrix
/// does not show: the colors in force, and (Algorithm M) the tweaked
/// options.
///
/// Purifications are tracked as options are committed, not read from the
/// matrix: an item purified when no other option agrees with it has an
/// empty list, like an item never purified, yet its purification hid the
/// options that disagree.
pub(super) struct KeyMaker {
    /// The color in force on each item column (0 for none); empty without
    /// colors.
    force: Vec<u32>,
    /// Algorithm M: per primary column, its slot in `bounds` if its bound
    /// is part of the key, else [`NO_SLOT`]; empty for the other
    /// algorithms.
    slots: Vec<u32>,
    /// Algorithm M: the bound of each item with a slot, as the key holds it.
    bounds: Vec<u32>,
    /// Algorithm M: the first node of each option tweaked (taken out of
    /// every list) by the branches on the current path, in the order of
    /// their tweaks.
    tweaked: Vec<u32>,
    /// Scratch: the tweaked options a key holds, sorted.
    sorted: Vec<u32>,
    /// The key being made.
    key: Vec<u64>,
}

impl KeyMaker {
    /// A key maker for searches from the matrix's current state: with
    /// `bounded`, for Algorithm M.
    pub(super) fn new(matrix: &Matrix<'_>, bounded: bool) -> KeyMaker {
        let items = if matrix.colors.is_empty() {
            0
        } else {
            matrix.item_count() as usize + 1
        };
        let mut slots = Vec::new();
        let mut loose = 0;
        if bounded {
            // An item that may take one more option and has no slack is
            // active while it is not covered: its covered bit says all.
            slots = matrix
                .columns
                .iter()
                .enumerate()
                .map(|(column, state)| {
                    if column > 0 && (state.bound > 1 || state.slack > 0) {
                        loose += 1;
                        loose - 1
                    } else {
                        NO_SLOT
                    }
                })
                .collect();
        }
        KeyMaker {
            force: vec![NO_COLOR; items],
            slots,
            bounds: vec![0; loose as usize],
            tweaked: Vec::new(),
            sorted: Vec::new(),
            key: Vec::new(),
        }
    }

    /// The key of the matrix's subproblem (Algorithms X and C).
    pub(super) fn make(&mut self, matrix: &Matrix<'_>) -> &[u64] {
        self.key.clear();
        matrix.active_items_into(&mut self.key);
        self.push_colors();
        &self.key
    }

    /// The key of the matrix's subproblem under Algorithm M.
    pub(super) fn make_bounded(&mut self, matrix: &Matrix<'_>) -> &[u64] {
        self.key.clear();
        matrix.active_items_into(&mut self.key);
        // The bounds of the active items with a slot: a retired one keeps
        // 0, as it can take no more options.
        self.bounds.fill(0);
        for (item, column) in matrix.columns.active() {
            let slot = self.slots[item as usize];
            if slot != NO_SLOT {
                self.bounds[slot as usize] = column.bound;
            }
        }
        self.key.extend(self.bounds.chunks(2).map(|pair| {
            pair.iter()
                .fold(0, |word, &bound| word << 32 | u64::from(bound))
        }));
        // Color entries are at least 2^32 (an item column from 1 in the
        // high half), tweaked options below it: the two lists cannot be
        // mistaken for each other.
        self.push_colors();
        self.sorted.clear();
        self.sorted
            .extend(self.tweaked.iter().copied().filter(|&first| {
                !matrix
                    .option_nodes_of(first)
                    .any(|q| matrix.is_covered(matrix.item_of(q)))
            }));
        self.sorted.sort_unstable();
        self.key
            .extend(self.sorted.iter().map(|&first| u64::from(first)));
        &self.key
    }

    /// The key of the matrix's subproblem for a diagram: as
    /// [`make`](Self::make) or [`make_bounded`](Self::make_bounded), less
    /// the secondary items no option left holds (and that no color in
    /// force purified, whose lists keep options hidden by the
    /// purification), as DLX6's signatures leave them out: subproblems
    /// that differ only there meet.
    pub(super) fn make_for_diagram(&mut self, matrix: &Matrix<'_>, bounded: bool) -> &[u64] {
        if bounded {
            self.make_bounded(matrix);
        } else {
            self.make(matrix);
        }
        let (key, force) = (&mut self.key, &self.force);
        matrix.unused_secondary_items(|item| {
            if force
                .get(item as usize)
                .is_none_or(|&color| color == NO_COLOR)
            {
                let bit = item as usize - 1;
                key[bit / 64] &= !(1 << (bit % 64));
            }
        });
        &self.key
    }

    fn push_colors(&mut self) {
        for (item, &color) in self.force.iter().enumerate() {
            if color != NO_COLOR {
                self.key.push((item as u64) << 32 | u64::from(color));
            }
        }
    }

    /// Records the colors that committing the option of `node` puts in
    /// force (its colored nodes that do not agree already), or, after it
    /// is uncommitted, takes them off.
    pub(super) fn purifications(&mut self, matrix: &Matrix<'_>, node: u32, put: bool) {
        if self.force.is_empty() {
            return;
        }
        for q in matrix.option_nodes_of(node) {
            let code = matrix.colors[q as usize];
            if code != NO_COLOR && code != AGREES {
                self.force[matrix.item_of(q) as usize] = if put { code } else { NO_COLOR };
            }
        }
    }

    /// Records that the option of `node` was tweaked out of every list.
    pub(super) fn tweak(&mut self, matrix: &Matrix<'_>, node: u32) {
        self.tweaked.push(*matrix.option_nodes_of(node).start());
    }

    /// How many options are recorded as tweaked: a mark to go back to.
    pub(super) fn tweak_mark(&self) -> usize {
        self.tweaked.len()
    }

    /// Forgets the tweaks since `mark` (their branch was restored).
    pub(super) fn untweak_to(&mut self, mark: usize) {
        self.tweaked.truncate(mark);
    }
}
