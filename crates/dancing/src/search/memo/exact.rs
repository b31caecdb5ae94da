//! The memoized walk's case for Algorithms X and C: a node branches on an
//! item, one child per option in its list (see `walk.rs` for the loop).

use std::marker::PhantomData;

use super::Tally;
use super::walk::MemoCase;
use crate::search::{Algorithm, Solver};

/// The exact cover of `A` (Algorithm X or C), as the memoized walk takes it.
pub(super) struct Exact<A>(PhantomData<A>);

impl<A: Algorithm> MemoCase for Exact<A> {
    /// The item branched on.
    type Branch = u32;

    #[inline(always)]
    fn branch(solver: &Solver<'_>) -> Result<u32, u128> {
        A::choose(&solver.matrix).ok_or(1)
    }

    #[inline(always)]
    fn open(solver: &mut Solver<'_>, tally: &mut Tally<'_>, level: usize, item: u32) -> bool {
        A::cover(&mut solver.matrix, item);
        let first = solver.matrix.first_option(item);
        if first == item {
            A::uncover(&mut solver.matrix, item);
            return false;
        }
        solver.choices[level] = first;
        solver.positions[level] = 0;
        tally.keys.purifications(&solver.matrix, first, true);
        A::commit(&mut solver.matrix, first);
        true
    }

    #[inline(always)]
    fn next(solver: &mut Solver<'_>, tally: &mut Tally<'_>, level: usize) -> bool {
        let node = solver.choices[level];
        A::uncommit(&mut solver.matrix, node);
        tally.keys.purifications(&solver.matrix, node, false);
        let item = solver.matrix.item_of(node);
        let next = solver.matrix.next_option(node);
        if next == item {
            A::uncover(&mut solver.matrix, item);
            return false;
        }
        solver.choices[level] = next;
        solver.positions[level] += 1;
        tally.keys.purifications(&solver.matrix, next, true);
        A::commit(&mut solver.matrix, next);
        true
    }

    fn estimate(solver: &Solver<'_>, base: usize, level: usize) -> f64 {
        solver.path_estimate(base, level)
    }

    fn unwind(solver: &mut Solver<'_>, base: usize, level: usize) {
        solver.unwind::<A>(base, level);
    }
}
