//! Algorithm C, as Knuth's DLX2 runs it: exact cover with colors. It
//! branches as Algorithm X does; choosing an option purifies the secondary
//! items it colors (see the matrix's colored dance).

use super::{Algorithm, Dance};
use crate::matrix::Matrix;

/// Exact cover with colors: primary items covered exactly once, secondary
/// items at most once or by options that all give them the same color.
pub(crate) struct Colors<const WIDE: bool>;

impl<const WIDE: bool> Algorithm for Colors<WIDE> {
    #[inline(always)]
    fn choose(matrix: &Matrix<'_>) -> Option<u32> {
        matrix.choose_item::<WIDE>()
    }
}

impl<const WIDE: bool> Dance for Colors<WIDE> {
    #[inline(always)]
    fn cover(matrix: &mut Matrix<'_>, item: u32) {
        matrix.cover_colored::<WIDE>(item);
    }

    #[inline(always)]
    fn uncover(matrix: &mut Matrix<'_>, item: u32) {
        matrix.uncover_colored::<WIDE>(item);
    }

    #[inline(always)]
    fn commit(matrix: &mut Matrix<'_>, node: u32) {
        matrix.commit_colored::<WIDE>(node);
    }

    #[inline(always)]
    fn uncommit(matrix: &mut Matrix<'_>, node: u32) {
        matrix.uncommit_colored::<WIDE>(node);
    }
}
