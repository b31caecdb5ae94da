//! Tests of `dlx generate`.

use super::common::*;
