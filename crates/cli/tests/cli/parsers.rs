//! The readers' findings end to end: what `dlx solve` and `dlx sudoku` do
//! with control characters in names, a byte-order mark, and CR-only line
//! ends. The readers' own tests cover the details; these check that the
//! binary passes the fixes through.

use super::common::*;

fn read(path: std::path::PathBuf) -> String {
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// What `dlx ARGS` prints for `stdin`, with its exit code.
fn run(args: &[&str], stdin: impl Into<Vec<u8>>) -> (i32, String, Vec<u8>) {
    let output = dlx().args(args).write_stdin(stdin).output().unwrap();
    let stdout = String::from_utf8(output.stdout).expect("UTF-8 output");
    (output.status.code().unwrap_or(-1), stdout, output.stderr)
}

#[test]
fn a_terminal_escape_in_an_item_name_is_reported_escaped() {
    // ESC ] 0 ; ... BEL would retitle the terminal if printed raw.
    let (code, stdout, stderr) = run(&["solve"], "A \x1b]0;owned\x07B\nA\n");
    assert_eq!(code, 2);
    assert_eq!(stdout, "");
    assert!(
        !stderr.iter().any(|&b| b == 0x1b || b == 0x07),
        "raw control characters on stderr: {stderr:?}"
    );
    let stderr = String::from_utf8(stderr).unwrap();
    assert!(
        stderr.contains("<stdin>:1:3: illegal character '\\u{1b}' in an item name"),
        "{stderr}"
    );
}

#[test]
fn a_byte_order_mark_before_the_first_line_is_skipped() {
    let problem = read(engine_data("toy.dlx"));
    let (code, expected, _) = run(&["solve"], problem.clone());
    assert_eq!(code, 0);
    let (code, stdout, stderr) = run(&["solve"], format!("\u{feff}{problem}"));
    assert_eq!(
        (code, stdout),
        (0, expected),
        "{}",
        String::from_utf8_lossy(&stderr)
    );

    let puzzles = read(cli_data("sudoku_acwing166.in"));
    let (code, stdout, stderr) = run(&["sudoku"], format!("\u{feff}{puzzles}"));
    assert_eq!(code, 0, "{}", String::from_utf8_lossy(&stderr));
    assert_eq!(stdout, read(cli_data("sudoku_acwing166.out")));
}

#[test]
fn cr_only_line_ends_lose_no_puzzle_and_no_option() {
    // Two puzzles with CR-only line ends: both answered.
    let puzzles = read(cli_data("sudoku_acwing166.in")).replace('\n', "\r");
    let (code, stdout, stderr) = run(&["sudoku"], puzzles);
    assert_eq!(code, 0, "{}", String::from_utf8_lossy(&stderr));
    assert_eq!(stdout, read(cli_data("sudoku_acwing166.out")));

    let problem = read(engine_data("toy.dlx"));
    let (_, expected, _) = run(&["solve"], problem.clone());
    let (code, stdout, _) = run(&["solve"], problem.replace('\n', "\r"));
    assert_eq!((code, stdout), (0, expected));
}
