//! Algorithm X, as Knuth's DLX1 runs it: branch on the active primary item
//! with the fewest options (the leftmost on ties), cover the items of the
//! option chosen.

use super::{Algorithm, Dance};
use crate::matrix::Matrix;

/// Plain exact cover: primary items covered exactly once, secondary items
/// at most once.
pub(crate) struct AlgorithmX<const WIDE: bool>;

impl<const WIDE: bool> Algorithm for AlgorithmX<WIDE> {
    #[inline(always)]
    fn choose(matrix: &Matrix<'_>) -> Option<u32> {
        matrix.choose_item::<WIDE>()
    }
}

impl<const WIDE: bool> Dance for AlgorithmX<WIDE> {
    #[inline(always)]
    fn cover(matrix: &mut Matrix<'_>, item: u32) {
        matrix.cover::<WIDE>(item);
    }

    #[inline(always)]
    fn uncover(matrix: &mut Matrix<'_>, item: u32) {
        matrix.uncover::<WIDE>(item);
    }

    #[inline(always)]
    fn commit(matrix: &mut Matrix<'_>, node: u32) {
        matrix.commit::<WIDE>(node);
    }

    #[inline(always)]
    fn uncommit(matrix: &mut Matrix<'_>, node: u32) {
        matrix.uncommit::<WIDE>(node);
    }
}
