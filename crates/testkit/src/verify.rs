//! The tests' assertion that a set of options is a solution, by the
//! engine's checker [`dancing::check`] (its own counting, nothing of the
//! search).

use dancing::{OptionId, Problem, check};

/// Panics, naming the first broken rule, unless `options` are a solution
/// of `problem` (see [`check::check`]: distinct options, every primary
/// item held within its bounds, every secondary item at most once or by
/// options that agree on its color).
#[track_caller]
pub fn assert_exact_cover(problem: &Problem, options: &[OptionId]) {
    if let Err(fault) = check::check(problem, options) {
        let indices: Vec<usize> = options.iter().map(|o| o.index()).collect();
        panic!("options {indices:?} are not an exact cover: {fault}");
    }
}

#[cfg(test)]
mod tests {
    use dancing::format;

    use super::*;

    #[test]
    #[should_panic(expected = "secondary item 2 is held twice")]
    fn the_assertion_names_the_item() {
        let problem = format::read_str("a b | x\na x\nb x\n").unwrap().problem;
        assert_exact_cover(&problem, &[OptionId::new(0), OptionId::new(1)]);
    }

    #[test]
    fn a_solution_passes() {
        let problem = format::read_str("a b | x\na x\nb x\nb\n").unwrap().problem;
        assert_exact_cover(&problem, &[OptionId::new(2), OptionId::new(0)]);
    }
}
