//! Tests of `dlx sudoku`.

use super::common::*;
