//! Knuth's text format: errors that name line and column, what is read
//! despite odd layout, and writing that reads back the same.

use std::collections::BTreeSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use dancing::format::{self, ParseErrorKind};
use dancing::{ItemId, OptionId, ProblemBuilder, Stop};
use dancing_testkit::figures;
use dancing_testkit::strategies::{proptest_config, small_problem};
use proptest::prelude::*;

use super::{engine_solutions, option_ids};

#[test]
fn options_without_primary_items_are_ignored_with_a_warning() {
    let parsed = format::read_str("a b | x y\na x\nx y\nb y\n| comment\ny\n").unwrap();
    let lines: Vec<usize> = parsed.warnings.iter().map(|w| w.line).collect();
    assert_eq!(lines, [3, 6]);
    assert_eq!(
        parsed.problem.ignored_options(),
        [OptionId::new(1), OptionId::new(3)]
    );
    assert_eq!(
        engine_solutions(&parsed.problem),
        BTreeSet::from([option_ids(&[0, 2])])
    );
}

/// The line, column and message of the error that rejects `text`.
fn parse_error(text: &str) -> (usize, usize, String) {
    let error = format::read_str(text).expect_err("the text should be rejected");
    (error.line, error.column, error.to_string())
}

#[test]
fn format_errors_name_line_and_column() {
    let (line, column, message) = parse_error("| c\na b\na c\n");
    assert_eq!((line, column), (3, 3));
    assert!(message.contains("unknown item `c`"), "{message}");

    let (line, column, message) = parse_error("a b c\nb\tc  b\n");
    assert_eq!((line, column), (2, 6));
    assert!(message.contains("twice"), "{message}");

    let (line, column, message) = parse_error("a b a\n");
    assert_eq!((line, column), (1, 5));
    assert!(message.contains("declared twice"), "{message}");

    let (line, column, message) = parse_error("a | x | y\n");
    assert_eq!((line, column), (1, 7));
    assert!(message.contains("second `|`"), "{message}");

    let (line, column, message) = parse_error("a b|c\n");
    assert_eq!((line, column), (1, 3));
    assert!(message.contains("malformed bounds `b|c`"), "{message}");

    let (line, column, message) = parse_error("a b\na b|\n");
    assert_eq!((line, column), (2, 4));
    assert!(message.contains("illegal character '|'"), "{message}");

    assert_eq!(parse_error("").0, 1);
    assert!(
        parse_error("| only\n| comments\n\n")
            .2
            .contains("no line of item names")
    );
    assert!(matches!(
        format::read_str("a\n\u{fffd}\n").map(|_| ()),
        Err(format::ParseError { line: 2, .. })
    ));
    let bad_utf8 = format::read(&b"a b\na \xff\n"[..]).unwrap_err();
    assert_eq!(bad_utf8.line, 2);
    assert!(matches!(bad_utf8.kind, ParseErrorKind::InvalidUtf8));

    let long_name = format!("a {}\n", "n".repeat(format::MAX_NAME_BYTES + 1));
    let error = format::read_str(&long_name).unwrap_err();
    assert!(matches!(error.kind, ParseErrorKind::NameTooLong));
    assert_eq!((error.line, error.column), (1, 3));
}

#[test]
fn tabs_crlf_comments_and_odd_names_are_read() {
    let text = "| comment\r\n\r\n  \tα\tβ2 [x]  |  s#1 \r\n α [x]\r\n  | indented comment\r\nβ2 s#1\r\n[x] β2";
    let parsed = format::read_str(text).unwrap();
    let problem = &parsed.problem;
    assert!(parsed.warnings.is_empty());
    assert_eq!((problem.primary_count(), problem.secondary_count()), (3, 1));
    assert_eq!(problem.item_name(ItemId::new(3)), Some("s#1"));
    assert_eq!(problem.option_count(), 3);
    assert_eq!(
        engine_solutions(problem),
        BTreeSet::from([option_ids(&[0, 1])])
    );

    // A bar glued to the first secondary name.
    let parsed = format::read_str("a |x\na x\n").unwrap();
    assert_eq!(parsed.problem.secondary_count(), 1);
}

#[test]
fn every_reference_file_survives_a_round_trip() {
    for entry in std::fs::read_dir(figures::reference_dir()).unwrap() {
        let path = entry.unwrap().path();
        let problem = format::read_str(&std::fs::read_to_string(&path).unwrap())
            .unwrap()
            .problem;
        let mut text = Vec::new();
        format::write(&problem, &mut text).unwrap();
        let again = format::read(&text[..]).unwrap().problem;
        assert_eq!(problem, again, "{}", path.display());
    }
}

#[test]
fn unnamed_items_are_written_with_index_names() {
    let mut builder = ProblemBuilder::new();
    let first = builder.primary_items(2).unwrap();
    let x = builder.secondary_items(1).unwrap();
    builder.option([first, x]).unwrap();
    builder.option([ItemId::new(1)]).unwrap();
    let problem = builder.build().unwrap();
    let mut text = Vec::new();
    format::write(&problem, &mut text).unwrap();
    assert_eq!(String::from_utf8(text).unwrap(), "#0 #1 | #2\n#0 #2\n#1\n");
}

proptest! {
    #![proptest_config(proptest_config(512))]

    #[test]
    fn written_problems_read_back_the_same(problem in small_problem()) {
        let mut text = Vec::new();
        format::write(&problem, &mut text).unwrap();
        let again = format::read(&text[..]).unwrap();
        prop_assert_eq!(&again.problem, &problem);
        prop_assert_eq!(again.warnings.len(), problem.ignored_options().len());
    }
}

/// A cancelled reading stops inside a huge item line (not only between
/// lines), at that line, after about 65,536 names per question.
#[test]
fn reading_is_cancelled_inside_a_huge_item_line() {
    let names: Vec<String> = (0..200_000).map(|k| format!("i{k}")).collect();
    let text = format!("{}\ni0\n", names.join(" "));
    let asked = Arc::new(AtomicUsize::new(0));
    let counter = Arc::clone(&asked);
    let stop = Stop::new().with_poll(move || counter.fetch_add(1, Ordering::Relaxed) + 1 == 2);
    let error = dancing::format::read_with(text.as_bytes(), &stop).unwrap_err();
    assert!(matches!(
        error.kind,
        dancing::format::ParseErrorKind::Cancelled
    ));
    assert_eq!(error.line, 1);
    assert!(error.column > 1, "column {}", error.column);
    assert_eq!(asked.load(Ordering::Relaxed), 2);
    assert!(dancing::format::read_with(text.as_bytes(), &Stop::new()).is_ok());
}
