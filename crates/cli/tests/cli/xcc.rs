//! Colors (`X:a`) and bounds (`u:v|X`) at the command line: `dlx verify`
//! on colored and bounded solutions, good and bad; located parse errors;
//! colored problems solved with DLX2's figures, bounded ones with DLX3's.

use std::process::Output;

use super::common::*;

fn verify(problem: &str, solutions: &str) -> Output {
    dlx()
        .arg("verify")
        .arg(engine_data(problem))
        .write_stdin(solutions)
        .output()
        .unwrap()
}

#[test]
fn the_one_solution_of_dlx3s_example_verifies_in_text_and_json() {
    // Checked by hand: A once, B once, C twice (2:3|C), X and Y colored 1
    // by every option that holds them.
    let text = "C Y:1\nX:1 C A Y:1\nB X:1\n";
    let checked = verify("knuth_dlx3_example.dlx", text);
    assert_exit(&checked, 0);
    assert_eq!(stderr(&checked), "1 solution verified\n");

    let json = r#"{"type":"solution","solution":1,"options":[["A","C","X:1","Y:1"],["B","X:1"],["C","Y:1"]]}"#;
    let checked = verify("knuth_dlx3_example.dlx", json);
    assert_exit(&checked, 0);
}

#[test]
fn colored_and_bounded_faults_are_named() {
    let cases = [
        // A color that differs from an earlier option's.
        (
            "knuth_dlx3_example.dlx",
            "A B X:0 Y:0\nC X:0\nC Y:1\n",
            "line 3: secondary item Y is given color 1 here but 0 by an earlier option (line 1)",
        ),
        // C held once, below its lower bound of 2.
        (
            "knuth_dlx3_example.dlx",
            "A B X:0 Y:0\nC X:0\n",
            "lines 1-2: primary item C is covered 1 time, fewer than its lower bound of 2",
        ),
        // An entry printed without its color is no option of the problem.
        (
            "knuth_dlx3_example.dlx",
            "A C X Y:1\nB X:1\nC Y:1\n",
            "line 1: not an option of the problem: A C X Y:1",
        ),
        // DLX2's example: B X:1 conflicts with A B X:0 Y:0 on B first.
        (
            "knuth_dlx2_example.dlx",
            "A C X:1 Y:1\nB X:1\nC Y:1\n",
            "line 3: primary item C is covered twice (also line 1)",
        ),
        // 4x4 matrices with row and column sums 2: row 0 holds three 1s.
        (
            "rowcol4_2_2.dlx",
            "r0 c0\nr0 c1\nr0 c2\n",
            "line 3: primary item r0 is covered more than its upper bound of 2 times (first line 1)",
        ),
    ];
    for (problem, solutions, expected) in cases {
        let checked = verify(problem, solutions);
        assert_exit(&checked, 1);
        assert!(
            stderr(&checked).contains(expected),
            "{problem}: {solutions:?}: {}",
            stderr(&checked)
        );
    }
}

#[test]
fn a_matrix_with_two_ones_in_every_row_and_column_verifies() {
    // A 4x4 permutation-pair: rows 0..3 hold columns {0,1}, {1,2}, {2,3}, {3,0}.
    let mut text = String::new();
    for r in 0..4 {
        for c in [r, (r + 1) % 4] {
            text.push_str(&format!("r{r} c{c}\n"));
        }
    }
    let checked = verify("rowcol4_2_2.dlx", &text);
    assert_exit(&checked, 0);
    // Two solutions, the second missing an entry: column 3 held once.
    let short: String = text.lines().take(7).map(|l| format!("{l}\n")).collect();
    let checked = verify("rowcol4_2_2.dlx", &format!("{text}\n{short}"));
    assert_exit(&checked, 1);
    assert!(
        stderr(&checked).contains("solution 2"),
        "{}",
        stderr(&checked)
    );
}

#[test]
fn unknown_colors_in_solutions_are_errors_with_their_place() {
    let checked = verify("knuth_dlx3_example.dlx", "A C X:1 Y:9\n");
    assert_exit(&checked, 2);
    assert!(
        stderr(&checked).contains(":1:9: `Y:9`: no option of the problem has this color"),
        "{}",
        stderr(&checked)
    );
}

#[test]
fn bad_colors_and_bounds_are_errors_at_their_line_and_column() {
    let cases = [
        ("A B | X\nA X:\n", "<stdin>:2:4: empty color after `:`"),
        ("A B | X\nA:0 B\n", "<stdin>:2:1: item `A` is primary"),
        ("A B | X\nA X:a:b\n", "<stdin>:2:6: a second `:`"),
        (
            "A 3:2|B\nA B\n",
            "<stdin>:1:3: the lower bound 3 exceeds the upper bound 2",
        ),
        ("A 0:0|B\nA B\n", "<stdin>:1:3: an upper bound of 0"),
        ("A | 2|X\nA X\n", "<stdin>:1:5: item `X` is secondary"),
        (
            "A 9999999999|B\nA B\n",
            "<stdin>:1:3: bound 9999999999 is too large",
        ),
    ];
    for (text, expected) in cases {
        for command in ["solve", "verify"] {
            let mut dlx = dlx();
            dlx.arg(command);
            if command == "verify" {
                dlx.args(["-", "/dev/null"]);
            }
            let output = dlx.write_stdin(text).output().unwrap();
            assert_exit(&output, 2);
            assert!(
                stderr(&output).contains(expected),
                "{command} {text:?}: {}",
                stderr(&output)
            );
            assert!(output.stdout.is_empty());
        }
    }
}

#[test]
fn colored_files_are_solved_with_dlx2s_figures() {
    for (file, solutions, nodes, updates, cleansings) in [
        ("knuth_dlx2_example.dlx", 1, 4, 14, 5),
        ("debruijn3.dlx", 16, 105, 2_017, 424),
        ("debruijn4.dlx", 256, 2_946, 90_165, 17_804),
    ] {
        for threads in ["1", "2"] {
            let output = dlx()
                .args(["solve", "--count", "--stats", "-j", threads])
                .arg(engine_data(file))
                .output()
                .unwrap();
            assert_exit(&output, 0);
            let stats = stderr(&output);
            let expected = format!(
                "solutions {solutions} nodes {nodes} updates {updates} cleansings {cleansings} "
            );
            assert!(stats.contains(&expected), "{file} -j {threads}: {stats}");
        }
    }
}

#[test]
fn colored_solutions_print_as_in_the_input_and_verify() {
    for json in [false, true] {
        let mut command = dlx();
        command.arg("solve");
        if json {
            command.arg("--json");
        }
        let solved = command.arg(engine_data("debruijn3.dlx")).output().unwrap();
        assert_exit(&solved, 0);
        let text = String::from_utf8_lossy(&solved.stdout).into_owned();
        assert!(text.contains(":0") && text.contains(":1"), "{text}");
        let checked = verify("debruijn3.dlx", &text);
        assert_exit(&checked, 0);
        assert_eq!(stderr(&checked), "16 solutions verified\n");
    }
}

#[test]
fn bounded_files_are_solved_with_dlx3s_figures() {
    for (file, solutions, nodes, updates, cleansings) in [
        ("knuth_dlx3_example.dlx", 1, 6, 14, 7),
        ("rowcol4_2_2.dlx", 90, 300, 973, 0),
        ("rowcol5_2_2.dlx", 2_040, 6_150, 21_913, 0),
        ("rowcol4_1_2.dlx", 2_586, 6_716, 14_053, 0),
    ] {
        for threads in ["1", "2", "3"] {
            let output = dlx()
                .args(["solve", "--count", "--stats", "-j", threads])
                .arg(engine_data(file))
                .output()
                .unwrap();
            assert_exit(&output, 0);
            let stats = stderr(&output);
            let expected = format!(
                "solutions {solutions} nodes {nodes} updates {updates} cleansings {cleansings} "
            );
            assert!(stats.contains(&expected), "{file} -j {threads}: {stats}");
            assert!(stats.contains(&format!(" threads {threads} ")), "{stats}");
        }
    }
}

#[test]
fn bounded_solutions_print_and_verify_in_text_and_json() {
    for json in [false, true] {
        let mut command = dlx();
        command.arg("solve");
        if json {
            command.arg("--json");
        }
        let solved = command
            .arg(engine_data("rowcol4_1_2.dlx"))
            .output()
            .unwrap();
        assert_exit(&solved, 0);
        let text = String::from_utf8_lossy(&solved.stdout).into_owned();
        let checked = verify("rowcol4_1_2.dlx", &text);
        assert_exit(&checked, 0);
        assert_eq!(stderr(&checked), "2586 solutions verified\n");
    }
}
