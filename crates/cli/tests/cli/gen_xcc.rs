//! `dlx gen debruijn`, `matrices` and `words`: the generators that need
//! colors or bounds write Knuth's files, and report bad arguments and word
//! lists with their place.

use std::process::Output;

use super::common::*;

fn generate(args: &[&str]) -> Output {
    dlx().arg("gen").args(args).output().unwrap()
}

#[test]
fn the_generators_write_knuths_files_byte_for_byte() {
    for (args, file) in [
        (&["debruijn", "3"][..], "debruijn3.dlx"),
        (&["debruijn", "4"], "debruijn4.dlx"),
        (&["matrices", "4x4"], "rowcol4_2_2.dlx"),
        (&["matrices", "5x5", "--row-sums", "2:2"], "rowcol5_2_2.dlx"),
        (
            &[
                "matrices",
                "4x4",
                "--row-sums",
                "1:2",
                "--column-sums",
                "1:2",
            ],
            "rowcol4_1_2.dlx",
        ),
    ] {
        let output = generate(args);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{args:?}: {}",
            stderr(&output)
        );
        let expected = std::fs::read_to_string(engine_data(file)).unwrap();
        assert_eq!(
            String::from_utf8_lossy(&output.stdout),
            expected,
            "{args:?}"
        );
    }
}

#[test]
fn word_rectangles_are_written_from_a_word_list() {
    let output = dlx()
        .args(["gen", "words", "2x3", "--words", "-"])
        .write_stdin("cat ode\r\nco ad te\n\n  toe\n")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = String::from_utf8(output.stdout).unwrap();
    let problem = dancing::format::read_str(&text).unwrap().problem;
    // 2 rows x 3 words of 3 letters, 3 columns x 3 words of 2 letters.
    assert_eq!(problem.option_count(), 2 * 3 + 3 * 3);
    assert!(text.contains("\nr1 x1_0:o x1_1:d x1_2:e\n"), "{text}");
    assert!(text.contains("\nc2 x0_2:t x1_2:e\n"), "{text}");
}

#[test]
fn bad_word_lists_and_arguments_are_errors_with_their_place() {
    let output = dlx()
        .args(["gen", "words", "2x2", "--words", "-"])
        .write_stdin("ab ba\nbb  a|b\n")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "-:2:5: word `a|b`: `:` and `|` cannot be letters (they are Knuth's separators)\n"
    );
    assert!(output.stdout.is_empty());

    let output = dlx()
        .args(["gen", "words", "2x2", "--words", "-"])
        .write_stdin(&b"ab\n\xff\n"[..])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("-:2: the line is not valid UTF-8"),
        "{}",
        stderr(&output)
    );

    for args in [
        &["words", "2x2", "--words", "/no/such/list"][..],
        &["words", "0x2", "--words", "-"],
        &["matrices", "4x4", "--row-sums", "3:2"],
        &["matrices", "4x4", "--column-sums", "0"],
        &["matrices", "4x4", "--row-sums", "99999999999"],
        &["matrices", "1001x2"],
        &["debruijn", "9"],
    ] {
        let output = dlx()
            .arg("gen")
            .args(args)
            .write_stdin("ab\n")
            .output()
            .unwrap();
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(!stderr(&output).contains("panicked"), "{}", stderr(&output));
        assert!(output.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn colored_and_bounded_problems_are_counted_by_the_engine() {
    // 2^(2^(n-1)) de Bruijn cycles with labelled positions; OEIS A001499
    // for 0-1 matrices with every row and column sum 2; `ab/ba` and
    // `ba/ab` from the words `ab ba`.
    for (args, input, count) in [
        (&["debruijn", "3", "--count"][..], "", "16"),
        (&["debruijn", "4", "--count", "-j", "2"], "", "256"),
        (&["matrices", "4x4", "--count"], "", "90"),
        (&["matrices", "5x5", "--count"], "", "2040"),
        (&["words", "2x2", "--words", "-", "--count"], "ab ba\n", "2"),
    ] {
        let output = dlx()
            .arg("gen")
            .args(args)
            .write_stdin(input)
            .output()
            .unwrap();
        assert_eq!(
            output.status.code(),
            Some(0),
            "{args:?}: {}",
            stderr(&output)
        );
        assert_eq!(
            String::from_utf8_lossy(&output.stdout).trim(),
            count,
            "{args:?}"
        );
    }
}
