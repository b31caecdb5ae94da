//! The memoized walk's case for Algorithm M: DLX3's branches (see
//! `search/m.rs`), one child per option of the item's list and then its
//! null move (see `walk.rs` for the loop).
//!
//! The key (see `key.rs`) holds the bounds left and the options that the
//! branches on the path tweaked out of every list, so the walk tells the
//! key maker each tweak as it makes it, and forgets a level's tweaks when
//! its branch is restored.

use std::marker::PhantomData;

use super::Tally;
use super::walk::MemoCase;
use crate::matrix::{Branch, Hiding};
use crate::search::Solver;

/// Exact cover with bounds (Algorithm M), hiding options as `H` does, as
/// the memoized walk takes it.
pub(super) struct Bounded<H>(PhantomData<H>);

impl<H: Hiding> MemoCase for Bounded<H> {
    /// The item branched on and its branching degree.
    type Branch = (u32, u32);

    #[inline(always)]
    fn branch(solver: &Solver<'_>) -> Result<(u32, u32), u128> {
        match solver.matrix.choose_bounded() {
            Branch::Solution => Err(1),
            Branch::On { degree, .. } if degree <= 0 => Err(0),
            Branch::On { item, degree } => Ok((item, degree as u32)),
        }
    }

    #[inline(always)]
    fn open(
        solver: &mut Solver<'_>,
        tally: &mut Tally<'_>,
        level: usize,
        (item, degree): (u32, u32),
    ) -> bool {
        let node = solver.open_branch::<H>(level, item, degree);
        if solver.memo_step::<H>(tally, item, node) {
            return true;
        }
        solver.close_branch::<H>(tally, level, item);
        false
    }

    #[inline(always)]
    fn next(solver: &mut Solver<'_>, tally: &mut Tally<'_>, level: usize) -> bool {
        let node = solver.choices[level];
        let item = solver.matrix.item_of(node);
        let stepped = if node == item {
            // Back from the null move, the branch's last.
            solver.matrix.reactivate(item);
            false
        } else {
            solver.matrix.uncommit_bounded::<H>(node);
            tally.keys.purifications(&solver.matrix, node, false);
            let next = solver.matrix.next_option(node);
            solver.choices[level] = next;
            solver.memo_step::<H>(tally, item, next)
        };
        if !stepped {
            solver.close_branch::<H>(tally, level, item);
        }
        stepped
    }

    fn estimate(solver: &Solver<'_>, base: usize, level: usize) -> f64 {
        solver.bounded_estimate(base, level)
    }

    fn unwind(solver: &mut Solver<'_>, base: usize, level: usize) {
        solver.unwind_bounded::<H>(base, level);
    }
}

impl Solver<'_> {
    /// DLX3's step to `node` in the branch on `item` (see
    /// `Matrix::step_into`), telling the key maker what it did: the option
    /// it tweaked out of every list, the colors its commit put in force.
    pub(super) fn memo_step<H: Hiding>(
        &mut self,
        tally: &mut Tally<'_>,
        item: u32,
        node: u32,
    ) -> bool {
        let blocks = self.matrix.columns[item as usize].bound != 0;
        if !self.matrix.step_into::<H>(item, node) {
            return false;
        }
        if node != item {
            if blocks {
                tally.keys.tweak(&self.matrix, node);
            }
            tally.keys.purifications(&self.matrix, node, true);
        }
        true
    }

    /// Restores the branch on `item` at `level`, all its nodes tried, and
    /// forgets its tweaks (the walk then closes its node).
    fn close_branch<H: Hiding>(&mut self, tally: &mut Tally<'_>, level: usize, item: u32) {
        self.restore_branch::<H>(level, item);
        tally.keys.untweak_to(tally.frames[level].tweak_mark);
    }
}
