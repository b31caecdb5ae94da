//! Knuth's text format against untrusted input: properties over arbitrary
//! and damaged bytes, the round trip (colors and bounds included), and
//! regression tests for what fuzzing and users found (control characters in
//! names, byte-order marks, lone CR line ends, very long lines).

use std::io::{self, Read};

use dancing::format::{self, MAX_LINE_BYTES, ParseError, ParseErrorKind};
use dancing::{ItemKind, Problem, ProblemBuilder};
use proptest::prelude::*;

/// The input's lines as an editor shows them, written independently of the
/// reader: `\n`, `\r\n` and a lone `\r` end a line, and a byte-order mark at
/// the very start is not part of line 1.
fn editor_lines(bytes: &[u8]) -> Vec<&[u8]> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let mut lines = Vec::new();
    let mut rest = bytes;
    while !rest.is_empty() {
        let end = rest.iter().position(|&b| b == b'\n' || b == b'\r');
        let Some(end) = end else {
            lines.push(rest);
            break;
        };
        lines.push(&rest[..end]);
        let ending = if rest[end..].starts_with(b"\r\n") {
            2
        } else {
            1
        };
        rest = &rest[end + ending..];
    }
    lines
}

/// Checks that `error` names a line of `bytes` (line 1 for empty input), a
/// column within it or just past its end (in characters), and that its
/// message holds nothing a terminal would act on.
fn check_error(bytes: &[u8], error: &ParseError) -> Result<(), TestCaseError> {
    let lines = editor_lines(bytes);
    prop_assert!(
        error.line >= 1 && error.line <= lines.len().max(1),
        "{error}: line {} of {}",
        error.line,
        lines.len()
    );
    let width = lines
        .get(error.line - 1)
        .map_or(0, |line| String::from_utf8_lossy(line).chars().count());
    prop_assert!(
        error.column >= 1 && error.column <= width + 1,
        "{error}: column {} of a line of {width} characters",
        error.column
    );
    let message = error.to_string();
    prop_assert!(
        !message.chars().any(char::is_control),
        "control character in {message:?}"
    );
    Ok(())
}

/// Writes `problem` and reads it back.
fn round_trip(problem: &Problem) -> format::Parsed {
    let mut text = Vec::new();
    format::write(problem, &mut text).expect("a problem that was read can be written");
    format::read(&text[..]).expect("what was written reads back")
}

/// Reads `bytes` and checks every property that holds for any input.
fn check_any_input(bytes: &[u8]) -> Result<(), TestCaseError> {
    match format::read(bytes) {
        Err(error) => check_error(bytes, &error),
        Ok(parsed) => {
            let lines = editor_lines(bytes).len();
            for warning in &parsed.warnings {
                prop_assert!(warning.line >= 1 && warning.line <= lines);
            }
            let again = round_trip(&parsed.problem);
            prop_assert_eq!(&again.problem, &parsed.problem);
            prop_assert_eq!(
                again.problem.ignored_options(),
                parsed.problem.ignored_options()
            );
            prop_assert_eq!(again.warnings.len(), parsed.warnings.len());
            Ok(())
        }
    }
}

/// Bytes biased towards the format's own characters and the troublesome
/// ones: line ends, bars, colons, a byte-order mark, escape and bell.
fn format_bytes() -> impl Strategy<Value = Vec<u8>> {
    let byte = prop_oneof![
        4 => prop::sample::select(b"ABab1 \t|:\n\r#".to_vec()),
        // Bounds (`2:3|A`) and colors (`a:0`).
        1 => prop::sample::select(b"0239".to_vec()),
        1 => prop::sample::select(vec![0xEF, 0xBB, 0xBF, 0x1B, 0x07, 0x00, 0xFF, 0xC3, 0xA9]),
        1 => any::<u8>(),
    ];
    prop::collection::vec(byte, 0..300)
}

/// A name the reader accepts: printable, no blank, `:` or `|`; made unique
/// by its index after the last `#`.
fn names(count: usize) -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec("[a-zA-Z0-9_éß€\\[\\](){}<>#*+=-]{1,5}", count).prop_map(|bases| {
        bases
            .into_iter()
            .enumerate()
            .map(|(k, base)| format!("{base}#{k}"))
            .collect()
    })
}

/// A problem as drawn: item names, how many are primary, bounds for each
/// primary item (`None` for the default), color names, and options as lists
/// of (item index, color choice), where a choice past the colors (or on a
/// primary item) means no color. Some options have no primary item, and are
/// ignored.
#[derive(Clone, Debug)]
struct Drawn {
    names: Vec<String>,
    primary: usize,
    bounds: Vec<Option<(u32, u32)>>,
    colors: Vec<String>,
    options: Vec<Vec<(usize, usize)>>,
}

fn problems() -> impl Strategy<Value = Drawn> {
    (1usize..7, 0usize..4, 0usize..3).prop_flat_map(|(primary, secondary, colors)| {
        let items = primary + secondary;
        let option = prop::sample::subsequence((0..items).collect::<Vec<_>>(), 1..=items)
            .prop_shuffle()
            .prop_flat_map(move |items| {
                let choices = prop::collection::vec(0..=colors, items.len());
                (Just(items), choices)
                    .prop_map(|(items, choices)| items.into_iter().zip(choices).collect())
            });
        let bound = prop::option::of((0u32..4, 1u32..5).prop_map(|(lower, extra)| {
            // Every pair the reader accepts: upper >= 1 and >= lower.
            (lower, lower.max(1) + extra - 1)
        }));
        (
            names(items),
            Just(primary),
            prop::collection::vec(bound, primary),
            names(colors),
            prop::collection::vec(option, 0..12),
        )
            .prop_map(|(names, primary, bounds, colors, options)| Drawn {
                names,
                primary,
                bounds,
                colors,
                options,
            })
    })
}

fn build(drawn: &Drawn) -> Problem {
    let mut builder = ProblemBuilder::new();
    let items: Vec<_> = drawn
        .names
        .iter()
        .enumerate()
        .map(|(k, name)| {
            if k < drawn.primary {
                builder.primary_item(name).unwrap()
            } else {
                builder.secondary_item(name).unwrap()
            }
        })
        .collect();
    for (k, bounds) in drawn.bounds.iter().enumerate() {
        if let Some((lower, upper)) = *bounds {
            builder.set_bounds(items[k], lower, upper).unwrap();
        }
    }
    let colors: Vec<_> = drawn
        .colors
        .iter()
        .map(|name| builder.color(name).unwrap())
        .collect();
    for option in &drawn.options {
        let entries = option.iter().map(|&(k, choice)| {
            let color = colors.get(choice).filter(|_| k >= drawn.primary).copied();
            (items[k], color)
        });
        builder.colored_option(entries).unwrap();
    }
    builder.build().unwrap()
}

/// One edit of a valid file: replace, insert or delete a byte.
#[derive(Clone, Debug)]
enum Edit {
    Replace(usize, u8),
    Insert(usize, u8),
    Delete(usize),
}

fn edits() -> impl Strategy<Value = Vec<Edit>> {
    let byte = prop::sample::select(b" \t|:\n\r\x1b\xEF\xBB\xBFAa#".to_vec());
    let edit = prop_oneof![
        (any::<usize>(), byte.clone()).prop_map(|(at, b)| Edit::Replace(at, b)),
        (any::<usize>(), byte).prop_map(|(at, b)| Edit::Insert(at, b)),
        any::<usize>().prop_map(Edit::Delete),
    ];
    prop::collection::vec(edit, 1..5)
}

fn apply(text: &mut Vec<u8>, edits: &[Edit]) {
    for edit in edits {
        let len = text.len();
        match *edit {
            Edit::Replace(at, b) if len > 0 => text[at % len] = b,
            Edit::Insert(at, b) => text.insert(at % (len + 1), b),
            Edit::Delete(at) if len > 0 => {
                text.remove(at % len);
            }
            _ => {}
        }
    }
}

proptest! {
    #![proptest_config(dancing_testkit::strategies::proptest_config(512))]

    /// Any bytes: no panic; an error names an existing line and column and
    /// prints no control character; what is read survives a round trip.
    #[test]
    fn any_bytes_are_read_or_rejected_at_a_place_that_exists(bytes in format_bytes()) {
        check_any_input(&bytes)?;
    }

    /// Valid files with a few damaged bytes: the same properties.
    #[test]
    fn damaged_files_are_read_or_rejected_at_a_place_that_exists(
        drawn in problems(),
        edits in edits(),
        crlf in any::<bool>(),
    ) {
        let mut text = Vec::new();
        format::write(&build(&drawn), &mut text).unwrap();
        if crlf {
            text = String::from_utf8(text).unwrap().replace('\n', "\r\n").into_bytes();
        }
        apply(&mut text, &edits);
        check_any_input(&text)?;
    }

    /// Every problem with names the reader accepts is written and read back
    /// as itself: items, kinds, names, bounds, options in order with their
    /// colors, ignored options.
    #[test]
    fn problems_survive_a_round_trip(drawn in problems()) {
        let problem = build(&drawn);
        let again = round_trip(&problem);
        prop_assert_eq!(&again.problem, &problem);
        for item in problem.items() {
            prop_assert_eq!(again.problem.item_name(item), problem.item_name(item));
            prop_assert_eq!(again.problem.item_kind(item), problem.item_kind(item));
            prop_assert_eq!(again.problem.item_bounds(item), problem.item_bounds(item));
        }
        let expected: Vec<&[_]> = problem.options().map(|(_, items)| items).collect();
        let read: Vec<&[_]> = again.problem.options().map(|(_, items)| items).collect();
        prop_assert_eq!(read, expected);
        let color_names = |p: &Problem| -> Vec<Vec<Option<String>>> {
            p.options()
                .map(|(id, _)| {
                    p.option_colors(id)
                        .map(|c| c.and_then(|c| p.color_name(c)).map(String::from))
                        .collect()
                })
                .collect()
        };
        prop_assert_eq!(color_names(&again.problem), color_names(&problem));
        let primary = drawn.primary;
        let ignored = drawn
            .options
            .iter()
            .filter(|option| option.iter().all(|&(k, _)| k >= primary))
            .count();
        prop_assert_eq!(again.problem.ignored_options().len(), ignored);
        prop_assert_eq!(again.warnings.len(), ignored);
    }
}

fn error_of(bytes: &[u8]) -> ParseError {
    let error = format::read(bytes).expect_err("the input should be rejected");
    check_error(bytes, &error).unwrap();
    error
}

// ---------------------------------------------------------------------------
// Finding 12: names holding control characters.

#[test]
fn a_name_with_a_terminal_escape_is_rejected_where_it_stands_and_printed_escaped() {
    // An escape sequence that sets a terminal's title, in the item line.
    let error = error_of(b"A \x1b]0;owned\x07B\nA\n");
    assert!(matches!(
        error.kind,
        ParseErrorKind::IllegalCharacter('\u{1b}')
    ));
    assert_eq!((error.line, error.column), (1, 3));
    assert_eq!(
        error.to_string(),
        "1:3: illegal character '\\u{1b}' in an item name"
    );

    // In an option, the control character is found before the name is
    // looked up, at its own column.
    let error = error_of(b"A B\nA B\x1b[2J\n");
    assert_eq!((error.line, error.column), (2, 4));
    assert!(error.to_string().contains("'\\u{1b}'"), "{error}");

    // C1 controls and DEL too.
    for name in ["x\u{9b}31m", "x\u{7f}"] {
        let text = format!("A {name}\nA\n");
        let error = error_of(text.as_bytes());
        assert!(
            matches!(error.kind, ParseErrorKind::IllegalCharacter(c) if c.is_control()),
            "{error}"
        );
        assert_eq!((error.line, error.column), (1, 4));
    }
}

#[test]
fn names_quoted_in_errors_are_escaped() {
    // Names without control characters can still hold invisible or
    // reordering characters; quoted, they are escaped, and so is `\`.
    let error = error_of("A B\nA \u{202e}C\\\n".as_bytes());
    assert_eq!(error.to_string(), "2:3: unknown item `\\u{202e}C\\\\`");
    let error = error_of("A\u{200b} A\u{200b}\n".as_bytes());
    assert_eq!(
        error.to_string(),
        "1:4: item `A\\u{200b}` is declared twice"
    );
    let error = error_of("A é\nA é é\n".as_bytes());
    assert_eq!(
        error.to_string(),
        "2:5: item `é` appears twice in this option"
    );
}

#[test]
fn names_the_reader_refuses_are_not_written() {
    let mut builder = ProblemBuilder::new();
    builder.primary_item("A\u{1b}").unwrap();
    let problem = builder.build().unwrap();
    let error = format::write(&problem, io::sink()).unwrap_err();
    assert_eq!(error.kind(), io::ErrorKind::InvalidInput);
    assert!(error.to_string().contains("'\\u{1b}'"), "{error}");
}

// ---------------------------------------------------------------------------
// Finding 13: a byte-order mark.

#[test]
fn a_byte_order_mark_at_the_start_is_skipped() {
    let parsed = format::read(&b"\xEF\xBB\xBFA B\nA\nB\n"[..]).unwrap();
    assert_eq!(parsed.problem.item_name(dancing::ItemId::new(0)), Some("A"));
    assert_eq!(parsed.problem.option_count(), 2);

    // Columns on line 1 count from after the mark, as an editor shows them.
    let error = error_of(b"\xEF\xBB\xBFA A\n");
    assert_eq!((error.line, error.column), (1, 3));
    // And before a comment, the first line is still line 1.
    let error = error_of(b"\xEF\xBB\xBF| comment\nA B\nA C\n");
    assert_eq!((error.line, error.column), (3, 3));
}

#[test]
fn a_byte_order_mark_elsewhere_is_an_illegal_character() {
    // Found by fuzzing: two marks made a name that wrote out as a file
    // starting with a mark, which read back as no items at all.
    let error = error_of(b"\xEF\xBB\xBF\xEF\xBB\xBF");
    assert!(matches!(
        error.kind,
        ParseErrorKind::IllegalCharacter('\u{feff}')
    ));
    assert_eq!((error.line, error.column), (1, 1));
    assert_eq!(
        error.to_string(),
        "1:1: illegal character '\\u{feff}' in an item name"
    );
    // Files pasted together: the second file's mark is in an option.
    let error = error_of(b"A B\nA\n\xEF\xBB\xBFB\n");
    assert_eq!((error.line, error.column), (3, 1));
}

// ---------------------------------------------------------------------------
// Finding 14: line ends.

#[test]
fn a_lone_cr_ends_a_line_like_lf_and_crlf() {
    let lf = format::read(&b"A B | C\nA C\nB\nB C\n"[..])
        .unwrap()
        .problem;
    for text in [
        &b"A B | C\rA C\rB\rB C\r"[..],
        b"A B | C\r\nA C\r\nB\r\nB C",
        b"A B | C\rA C\nB\r\nB C\r",
    ] {
        let parsed = format::read(text).unwrap();
        assert_eq!(parsed.problem, lf, "{}", String::from_utf8_lossy(text));
    }
    // Line numbers count every kind of line end, CRLF once.
    let error = error_of(b"A B\r\n| c\rA\nA D\r\n");
    assert_eq!((error.line, error.column), (4, 3));
    assert!(error.to_string().starts_with("4:3: unknown item `D`"));
}

// ---------------------------------------------------------------------------
// Sizes.

/// `count` bytes of `byte`, made on the fly.
fn repeated(byte: u8, count: u64) -> impl Read {
    io::repeat(byte).take(count)
}

#[test]
fn a_line_longer_than_the_bound_is_an_error_at_its_line() {
    let input = b"A B\n| c\n"
        .chain(repeated(b'A', MAX_LINE_BYTES as u64 + 1))
        .chain(&b"\nB\n"[..]);
    let error = format::read(io::BufReader::new(input)).unwrap_err();
    assert!(matches!(error.kind, ParseErrorKind::LineTooLong));
    assert_eq!((error.line, error.column), (3, 1));
}

#[test]
fn line_numbers_stay_right_after_long_lines() {
    // A long option (200,000 names) and then a bad line.
    let mut text = String::from("\u{feff}A B\r\n");
    for _ in 0..100_000 {
        text.push_str("| comment ");
    }
    text.push('\r');
    text.push_str("A ");
    text.push_str(&" ".repeat(300_000));
    text.push_str("\r\nB B\n");
    let error = error_of(text.as_bytes());
    assert!(matches!(error.kind, ParseErrorKind::DuplicateItem(_)));
    assert_eq!((error.line, error.column), (4, 3));
}

#[test]
fn many_items_are_read() {
    let count = 200_000;
    let mut text: String = (0..count).map(|k| format!("i{k} ")).collect();
    text.push('\n');
    text.push_str(&format!("i0 i{}\n", count - 1));
    let parsed = format::read(text.as_bytes()).unwrap();
    assert_eq!(parsed.problem.item_count(), count);
    assert_eq!(
        parsed.problem.item_kind(dancing::ItemId::new(7)),
        ItemKind::Primary
    );
}

#[test]
fn a_name_longer_than_the_bound_is_rejected_at_its_column() {
    let text = format!("A {}\n", "n".repeat(format::MAX_NAME_BYTES + 1));
    let error = error_of(text.as_bytes());
    assert!(matches!(error.kind, ParseErrorKind::NameTooLong));
    assert_eq!((error.line, error.column), (1, 3));
}

#[test]
fn invalid_utf8_is_reported_at_its_column() {
    let error = error_of(b"A B\nA \xffB\n");
    assert!(matches!(error.kind, ParseErrorKind::InvalidUtf8));
    assert_eq!((error.line, error.column), (2, 3));
}

#[test]
fn input_without_items_is_reported_at_its_last_line() {
    assert_eq!(error_of(b"").line, 1);
    let error = error_of(b"| one\n\n| three\n");
    assert!(matches!(error.kind, ParseErrorKind::NoItems));
    assert_eq!(error.line, 3);
}
