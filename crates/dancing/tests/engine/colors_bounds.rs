//! Colors (Knuth's DLX2, `X:a`) and bounds (DLX3, `u:v|X`) in the problem
//! model and in Knuth's format: the builder's checks, what is read, the
//! located errors, and the round trip.

use dancing::format::{self, ParseErrorKind};
use dancing::{BuildError, ColorId, ItemId, ItemKind, OptionId, Problem, ProblemBuilder};
use dancing_testkit::figures;
use dancing_testkit::strategies::{colored_bounded_problem, proptest_config};
use proptest::prelude::*;

use super::data;

/// Primary `a`, `b`; secondary `x`, `y`; colors `red`, `blue`.
fn builder() -> (ProblemBuilder, [ItemId; 4], [ColorId; 2]) {
    let mut builder = ProblemBuilder::new();
    let a = builder.primary_item("a").unwrap();
    let b = builder.primary_item("b").unwrap();
    let x = builder.secondary_item("x").unwrap();
    let y = builder.secondary_item("y").unwrap();
    let red = builder.color("red").unwrap();
    let blue = builder.color("blue").unwrap();
    (builder, [a, b, x, y], [red, blue])
}

#[test]
fn colors_are_interned_by_name_and_kept_per_entry() {
    let (mut builder, [a, b, x, y], [red, blue]) = builder();
    assert_eq!(builder.color("red"), Ok(red));
    assert_eq!((red.index(), blue.index()), (0, 1));
    builder.option([a]).unwrap();
    builder
        .colored_option([(a, None), (x, Some(blue)), (y, None)])
        .unwrap();
    builder.colored_option([(y, Some(red)), (b, None)]).unwrap();
    // A plain option after colored ones, and a refused one that leaves
    // nothing behind.
    builder.option([b, x]).unwrap();
    assert!(builder.option([a, a]).is_err());
    let problem = builder.build().unwrap();
    assert!(problem.has_colors());
    assert!(!problem.has_bounds());
    assert_eq!(problem.color_count(), 2);
    assert_eq!(problem.color_name(blue), Some("blue"));
    assert_eq!(problem.color_name(ColorId::new(2)), None);
    assert_eq!(problem.color_by_name("red"), Some(red));
    assert_eq!(problem.color_by_name("green"), None);
    let colors = |k| problem.option_colors(OptionId::new(k)).collect::<Vec<_>>();
    // The option added before the first color reads as uncolored.
    assert_eq!(colors(0), [None]);
    assert_eq!(colors(1), [None, Some(blue), None]);
    assert_eq!(colors(2), [Some(red), None]);
    assert_eq!(colors(3), [None, None]);
    assert_eq!(problem.option_count(), 4);
    assert_eq!(problem.option_colors(OptionId::new(1)).len(), 3);
}

#[test]
fn plain_problems_have_no_colors_and_no_bounds() {
    let (mut builder, [a, b, x, _], _) = builder();
    builder.option([a, x]).unwrap();
    // Entries without colors, through the colored entry point.
    builder.colored_option([(b, None), (x, None)]).unwrap();
    builder.set_bounds(a, 1, 1).unwrap();
    let problem = builder.build().unwrap();
    assert!(!problem.has_colors());
    assert!(!problem.has_bounds());
    assert_eq!(problem.item_bounds(a), (1, 1));
    assert_eq!(problem.item_bounds(x), (0, 1));
    assert!(problem.option_colors(OptionId::new(1)).all(|c| c.is_none()));
}

#[test]
fn the_builder_refuses_bad_colors_and_leaves_no_trace() {
    let (mut builder, [a, b, x, _], [red, _]) = builder();
    assert_eq!(
        builder.colored_option([(x, Some(red)), (a, Some(red))]),
        Err(BuildError::ColorOnPrimaryItem { item: a })
    );
    assert_eq!(
        builder.colored_option([(a, None), (x, Some(ColorId::new(7)))]),
        Err(BuildError::UnknownColor { index: 7 })
    );
    assert_eq!(
        builder.colored_option([(x, Some(red)), (a, None), (x, Some(red))]),
        Err(BuildError::DuplicateItemInOption { item: x })
    );
    for name in ["", "a b", "a:b", "a|b"] {
        assert_eq!(
            builder.color(name),
            Err(BuildError::InvalidColorName { name: name.into() })
        );
    }
    builder.option([b]).unwrap();
    let problem = builder.build().unwrap();
    // The refused options stored nothing, colors included.
    assert_eq!(problem.option_count(), 1);
    assert_eq!(problem.entry_count(), 1);
    assert!(!problem.has_colors());
}

#[test]
fn bounds_are_checked_and_read_back() {
    let (mut builder, [a, b, x, _], _) = builder();
    assert_eq!(
        builder.set_bounds(x, 0, 1),
        Err(BuildError::BoundsOnSecondaryItem { item: x })
    );
    assert_eq!(
        builder.set_bounds(a, 3, 2),
        Err(BuildError::LowerAboveUpper {
            item: a,
            lower: 3,
            upper: 2
        })
    );
    assert_eq!(
        builder.set_bounds(a, 0, 0),
        Err(BuildError::ZeroUpperBound { item: a })
    );
    assert_eq!(
        builder.set_bounds(ItemId::new(9), 1, 2),
        Err(BuildError::UnknownItem { index: 9 })
    );
    builder.set_bounds(b, 0, u32::MAX).unwrap();
    // Declared after the bounds: the default.
    let c = builder.primary_item("c").unwrap();
    builder.option([a, b, c]).unwrap();
    let problem = builder.build().unwrap();
    assert!(problem.has_bounds());
    assert_eq!(problem.item_bounds(a), (1, 1));
    assert_eq!(problem.item_bounds(b), (0, u32::MAX));
    assert_eq!(problem.item_bounds(c), (1, 1));
    assert_eq!(problem.item_bounds(x), (0, 1));
}

#[test]
fn equality_sees_bounds_and_color_names_but_not_color_order() {
    let build = |declare: &[&str], bounds: (u32, u32), use_color: &str| {
        let mut builder = ProblemBuilder::new();
        let a = builder.primary_item("a").unwrap();
        let x = builder.secondary_item("x").unwrap();
        for name in declare {
            builder.color(name).unwrap();
        }
        let color = builder.color(use_color).unwrap();
        builder.set_bounds(a, bounds.0, bounds.1).unwrap();
        builder
            .colored_option([(a, None), (x, Some(color))])
            .unwrap();
        builder.build().unwrap()
    };
    let base = build(&[], (1, 2), "red");
    assert_eq!(base, build(&["blue", "green"], (1, 2), "red"));
    assert_ne!(base, build(&[], (1, 2), "blue"));
    assert_ne!(base, build(&[], (1, 3), "red"));
    let mut plain = ProblemBuilder::new();
    let a = plain.primary_item("a").unwrap();
    let x = plain.secondary_item("x").unwrap();
    plain.set_bounds(a, 1, 2).unwrap();
    plain.option([a, x]).unwrap();
    assert_ne!(base, plain.build().unwrap());
}

#[test]
fn recycling_forgets_colors_and_bounds() {
    let problem = data("knuth_dlx3_example.dlx");
    assert!(problem.has_colors() && problem.has_bounds());
    let mut builder = ProblemBuilder::recycle(problem);
    let a = builder.primary_item("a").unwrap();
    builder.option([a]).unwrap();
    let problem = builder.build().unwrap();
    assert!(!problem.has_colors() && !problem.has_bounds());
    assert_eq!(problem.color_count(), 0);
    assert_eq!(problem.color_by_name("0"), None);
}

#[test]
fn an_option_with_only_colored_secondary_items_is_ignored() {
    let problem = data("knuth_dlx2_example.dlx");
    // `X:0 Y:1`, the third option, has no primary item: DLX2 drops it.
    assert_eq!(problem.ignored_options(), [OptionId::new(2)]);
}

#[test]
fn knuths_dlx3_example_is_read() {
    let problem = data("knuth_dlx3_example.dlx");
    let item = |name| problem.item_by_name(name).unwrap();
    assert_eq!((problem.primary_count(), problem.secondary_count()), (3, 2));
    assert_eq!(problem.item_bounds(item("C")), (2, 3));
    assert_eq!(problem.item_bounds(item("A")), (1, 1));
    assert_eq!(problem.item_kind(item("X")), ItemKind::Secondary);
    assert_eq!(problem.color_count(), 2);
    let names: Vec<Option<&str>> = problem
        .option_colors(OptionId::new(1))
        .map(|color| color.and_then(|c| problem.color_name(c)))
        .collect();
    assert_eq!(names, [None, None, Some("1"), Some("1")]);

    // `v|X` means exactly v; long color names are accepted.
    let parsed = format::read_str("3|a 0:7|b | x\na b x:turquoise\n").unwrap();
    let problem = parsed.problem;
    assert_eq!(problem.item_bounds(ItemId::new(0)), (3, 3));
    assert_eq!(problem.item_bounds(ItemId::new(1)), (0, 7));
    assert_eq!(
        problem.color_name(ColorId::new(0)),
        Some("turquoise"),
        "a color of several characters"
    );
}

#[test]
fn colors_and_bounds_are_written_as_knuth_writes_them() {
    let text = "| comment\n2:3|a 2|b c | x y\na x:0 y:red\nb c x\nb y:red\n";
    let problem = format::read_str(text).unwrap().problem;
    let mut written = Vec::new();
    format::write(&problem, &mut written).unwrap();
    assert_eq!(
        String::from_utf8(written).unwrap(),
        "2:3|a 2|b c | x y\na x:0 y:red\nb c x\nb y:red\n"
    );
}

/// The line, column and message of the error that rejects `text`.
fn parse_error(text: &str) -> (usize, usize, ParseErrorKind, String) {
    let error = format::read_str(text).expect_err("the text should be rejected");
    let message = error.to_string();
    (error.line, error.column, error.kind, message)
}

#[test]
fn bad_colors_are_errors_at_their_line_and_column() {
    let items = "| colors\nA B | X Y\n";
    let cases: [(&str, (usize, usize), &str); 7] = [
        ("A:red X\n", (3, 1), "item `A` is primary"),
        ("A X:\n", (3, 4), "empty color"),
        ("A X:a:b\n", (3, 6), "second `:`"),
        ("A :a\n", (3, 3), "needs an item name"),
        ("A X:a Y:b X:c\n", (3, 11), "item `X` appears twice"),
        ("A X:a|b\n", (3, 6), "illegal character '|' in a color name"),
        (
            "A X:a\u{1b}\n",
            (3, 6),
            "illegal character '\\u{1b}' in a color name",
        ),
    ];
    for (option, place, expected) in cases {
        let (line, column, _, message) = parse_error(&format!("{items}{option}"));
        assert_eq!((line, column), place, "{option:?}: {message}");
        assert!(message.contains(expected), "{option:?}: {message}");
    }
    let (.., kind, _) = parse_error(&format!("{items}A X:\n"));
    assert!(matches!(kind, ParseErrorKind::EmptyColor));
    let (.., kind, _) = parse_error(&format!("{items}A:0 X\n"));
    assert!(matches!(kind, ParseErrorKind::ColorOnPrimaryItem(name) if name == "A"));
    let long = format!("{items}A X:{}\n", "c".repeat(format::MAX_NAME_BYTES + 1));
    let (line, column, kind, _) = parse_error(&long);
    assert!(matches!(kind, ParseErrorKind::NameTooLong));
    assert_eq!((line, column), (3, 5));
}

#[test]
fn bad_bounds_are_errors_at_their_line_and_column() {
    let cases: [(&str, (usize, usize), &str); 11] = [
        (
            "A 3:2|B\n",
            (1, 3),
            "lower bound 3 exceeds the upper bound 2",
        ),
        ("A 0:0|B\n", (1, 3), "upper bound of 0"),
        ("A 0|B\n", (1, 3), "upper bound of 0"),
        ("A | 1:2|X\n", (1, 5), "item `X` is secondary"),
        ("A |2|X\n", (1, 4), "item `X` is secondary"),
        ("A 4294967296|B\n", (1, 3), "bound 4294967296 is too large"),
        ("A 1:99999999999|B\n", (1, 3), "too large"),
        ("A x|B\n", (1, 3), "malformed bounds `x|B`"),
        ("A 1:|B\n", (1, 3), "malformed bounds"),
        ("A 1:2:3|B\n", (1, 3), "malformed bounds"),
        ("A -1|B\n", (1, 3), "malformed bounds"),
    ];
    for (text, place, expected) in cases {
        let (line, column, _, message) = parse_error(&format!("{text}A B\n"));
        assert_eq!((line, column), place, "{text:?}: {message}");
        assert!(message.contains(expected), "{text:?}: {message}");
    }
    for (text, place) in [
        ("A 2|\n", (1, 3)),
        ("A 1|2|B\n", (1, 6)),
        ("A 2|B 1|B\n", (1, 9)),
    ] {
        let (line, column, _, message) = parse_error(text);
        assert_eq!((line, column), place, "{text:?}: {message}");
    }
    let (.., kind, _) = parse_error("A 3:2|B\nA B\n");
    assert!(matches!(
        kind,
        ParseErrorKind::LowerAboveUpper { lower: 3, upper: 2 }
    ));
    // The largest bound fits.
    let problem = format::read_str("A 4294967295|B\nA B\n").unwrap().problem;
    assert_eq!(problem.item_bounds(ItemId::new(1)), (u32::MAX, u32::MAX));
}

#[test]
fn every_colored_or_bounded_reference_file_survives_a_round_trip() {
    for file in figures::COLORED_FILES {
        let problem = data(file);
        assert!(problem.has_colors() || problem.has_bounds(), "{file}");
        let again = round_trip(&problem);
        assert_eq!(again, problem, "{file}");
    }
}

fn round_trip(problem: &Problem) -> Problem {
    let mut text = Vec::new();
    format::write(problem, &mut text).unwrap();
    format::read(&text[..]).unwrap().problem
}

proptest! {
    #![proptest_config(proptest_config(512))]

    /// Random colored and bounded problems are written and read back as
    /// themselves: bounds, and every entry's color by name.
    #[test]
    fn colored_bounded_problems_survive_a_round_trip(problem in colored_bounded_problem()) {
        let again = round_trip(&problem);
        prop_assert_eq!(&again, &problem);
        for item in problem.items() {
            prop_assert_eq!(again.item_bounds(item), problem.item_bounds(item));
        }
        for (id, _) in problem.options() {
            let names = |p: &Problem| -> Vec<Option<String>> {
                p.option_colors(id)
                    .map(|c| c.and_then(|c| p.color_name(c)).map(String::from))
                    .collect()
            };
            prop_assert_eq!(names(&again), names(&problem));
        }
    }
}
