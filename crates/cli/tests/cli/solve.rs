//! Tests of `dlx solve`.

use super::common::*;
