//! Option costs (Knuth's DLX5): read as `|n` and `$n`, added up, written
//! so that they read back, and refused at their line and column when they
//! are not nonnegative numbers that fit.

use dancing::expert::MAX_OPTION_COST;
use dancing::format::{self, ParseErrorKind};
use dancing::{BuildError, OptionId, ProblemBuilder};

/// The costs of every option of `text`.
fn costs(text: &str) -> Vec<u64> {
    let problem = format::read_str(text).unwrap().problem;
    (0..problem.option_count())
        .map(|k| problem.option_cost(OptionId::new(k)))
        .collect()
}

#[test]
fn costs_are_read_in_both_spellings_and_add_up() {
    assert_eq!(
        costs("a b | x\na b |5\na |1 |2\n$7 b\nb x:c $3 |4\nb\n"),
        [5, 3, 7, 7, 0]
    );
    // A cost anywhere after the first entry, as DLX5 reads it.
    assert_eq!(costs("a b\na |2 b\n"), [2]);
    assert!(
        format::read_str("a b\na |5\nb\n")
            .unwrap()
            .problem
            .has_costs()
    );
    // Zero costs are no costs.
    let zero = format::read_str("a b\na |0\nb $0\n").unwrap().problem;
    assert!(!zero.has_costs());
    assert_eq!(zero, format::read_str("a b\na\nb\n").unwrap().problem);
    // Names may start with `$` when a digit does not follow.
    assert_eq!(costs("$a $b\n$a $b |1\n"), [1]);
}

#[test]
fn costs_are_written_so_that_they_read_back() {
    let text = "a b | x\na b |5\na |1 |2\nb x:c $3\nb\n";
    let problem = format::read_str(text).unwrap().problem;
    let mut written = Vec::new();
    format::write(&problem, &mut written).unwrap();
    let written = String::from_utf8(written).unwrap();
    assert_eq!(written, "a b | x\na b |5\na |3\nb x:c |3\nb\n");
    assert_eq!(format::read_str(&written).unwrap().problem, problem);
    // Costs make problems differ.
    assert_ne!(
        problem,
        format::read_str("a b | x\na b |5\na |3\nb x:c |3\nb |1\n")
            .unwrap()
            .problem
    );
}

/// The line, column and kind of the error that rejects `text`.
fn parse_error(text: &str) -> (usize, usize, ParseErrorKind, String) {
    let error = format::read_str(text).expect_err("the text should be rejected");
    let message = error.to_string();
    (error.line, error.column, error.kind, message)
}

#[test]
fn bad_costs_are_errors_at_their_line_and_column() {
    let (line, column, kind, message) = parse_error("a b\na b\na |-3\n");
    assert_eq!((line, column), (3, 3));
    assert!(matches!(kind, ParseErrorKind::NegativeCost(_)), "{message}");
    assert!(message.contains("negative cost `|-3`"), "{message}");

    let (line, column, kind, _) = parse_error("a b\nb $-1 a\n");
    assert_eq!((line, column), (2, 3));
    assert!(matches!(kind, ParseErrorKind::NegativeCost(_)));

    for bad in ["|", "|x", "|5x", "|+5", "|--3", "|5|6", "$5a"] {
        let (line, column, kind, message) = parse_error(&format!("a b\na b {bad}\n"));
        assert_eq!((line, column), (2, 5), "{bad}");
        assert!(
            matches!(kind, ParseErrorKind::MalformedCost(_)),
            "{bad}: {message}"
        );
        assert!(message.contains("nonnegative decimal integer"), "{message}");
    }

    let too_large = format!("a\na |{}\n", MAX_OPTION_COST + 1);
    let (line, column, kind, message) = parse_error(&too_large);
    assert_eq!((line, column), (2, 3));
    assert!(matches!(kind, ParseErrorKind::CostTooLarge(_)), "{message}");
    // Far too large for 64 bits too.
    let (_, _, kind, _) = parse_error("a\na |99999999999999999999999999\n");
    assert!(matches!(kind, ParseErrorKind::CostTooLarge(_)));
    // Each fits, not their sum: the error is at the one that overflows.
    let sum = format!("a\na |{MAX_OPTION_COST} |0 |1\n");
    let (line, column, kind, _) = parse_error(&sum);
    let at = "a |".len() + MAX_OPTION_COST.to_string().len() + " |0 ".len() + 1;
    assert_eq!((line, column), (2, at));
    assert!(matches!(kind, ParseErrorKind::CostTooLarge(_)));

    // On the item line.
    let (line, column, kind, message) = parse_error("| items\na $5 b\na b\n");
    assert_eq!((line, column), (2, 3));
    assert!(
        matches!(kind, ParseErrorKind::CostOnItemLine(_)),
        "{message}"
    );
    let (line, column, kind, message) = parse_error("a | x |5\na x\n");
    assert_eq!((line, column), (1, 7));
    assert!(
        matches!(kind, ParseErrorKind::CostOnItemLine(_)),
        "{message}"
    );
    // A `|` glued to a name is still no cost: a bad name.
    let (_, column, kind, _) = parse_error("a b\na b|5\n");
    assert_eq!(column, 4);
    assert!(matches!(kind, ParseErrorKind::IllegalCharacter('|')));
}

#[test]
fn the_builder_takes_a_cost_per_option() {
    let mut builder = ProblemBuilder::new();
    let a = builder.primary_item("a").unwrap();
    let first = builder.option([a]).unwrap();
    assert_eq!(
        builder.set_option_cost(OptionId::new(1), 3),
        Err(BuildError::UnknownOption { index: 1 })
    );
    assert_eq!(
        builder.set_option_cost(first, MAX_OPTION_COST + 1),
        Err(BuildError::CostTooLarge {
            option: first,
            cost: MAX_OPTION_COST + 1
        })
    );
    builder.set_option_cost(first, MAX_OPTION_COST).unwrap();
    let second = builder.option([a]).unwrap();
    let problem = builder.build().unwrap();
    assert_eq!(problem.option_cost(first), MAX_OPTION_COST);
    assert_eq!(problem.option_cost(second), 0);
    // An item name that reads as a cost cannot be written.
    let mut builder = ProblemBuilder::new();
    builder.primary_item("$5").unwrap();
    let problem = builder.build().unwrap();
    assert!(format::write(&problem, &mut Vec::new()).is_err());
}
