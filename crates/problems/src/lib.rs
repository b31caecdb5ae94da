//! Classic exact-cover problems for the dancing engine (work in progress).
