//! The diagram of all solutions (`dancing::diagram`), one binary, by topic:
//!
//! - [`answers`]: counts, sizes and listings against the plain search and
//!   brute force on random X, C and M problems and the reference files,
//!   in both orders; the written ZDD read back; malformed ZDD text.
//! - [`costs`]: least, greatest and K cheapest costs against brute force
//!   on random costed X, C and M problems and against DLX5's search.
//! - [`uniform`]: uniform sampling (a chi-squared test on 8 queens) and
//!   its seeds.
//! - [`tilings`]: domino tilings against an independent transfer-matrix
//!   count, past 2^128.

mod answers;
mod costs;
mod tilings;
mod uniform;

use dancing::diagram::{Diagram, DiagramConfig, Order};
use dancing::{Engine, Problem, Request};
use dancing_testkit::figures;

/// A reference file, parsed.
fn data(file: &str) -> Problem {
    let path = figures::reference_file(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    dancing::format::read_str(&text)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .problem
}

/// The diagram of `problem`, branching in `order`.
fn diagram(problem: &Problem, order: Order) -> Diagram {
    Engine::new(problem.clone())
        .diagram(&Request::new(), &DiagramConfig::new().order(order))
        .expect("a diagram within the default limits")
}

/// Both orders.
const ORDERS: [Order; 2] = [Order::Fewest, Order::Input];
