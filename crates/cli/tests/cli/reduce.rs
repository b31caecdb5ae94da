//! `dlx reduce`: the reduced problem counts the same as the original on
//! every plain reference file, the summary says what was removed, and bad
//! or unsupported input is an error naming its place.

use std::process::Output;

use super::common::*;

fn reduce_file(file: &str) -> Output {
    let path = engine_data(file);
    dlx()
        .args(["reduce", path.to_str().unwrap()])
        .output()
        .unwrap()
}

fn count_of(text: &[u8]) -> String {
    let output = dlx()
        .args(["solve", "--count"])
        .write_stdin(text.to_vec())
        .output()
        .unwrap();
    String::from_utf8_lossy(&output.stdout).trim().to_owned()
}

#[test]
fn reduced_files_count_the_same() {
    for file in [
        "toy.dlx",
        "queens8.dlx",
        "langford7.dlx",
        "latin4.dlx",
        "matchings12.dlx",
        "partitions8.dlx",
        "pentomino3x20.dlx",
        "sudoku4x4_grids.dlx",
    ] {
        let reduced = reduce_file(file);
        assert_exit(&reduced, 0);
        let original = std::fs::read(engine_data(file)).unwrap();
        assert_eq!(count_of(&reduced.stdout), count_of(&original), "{file}");
        let summary = stderr(&reduced);
        assert!(
            summary.contains(file) && summary.contains("removed"),
            "{summary}"
        );
        assert!(String::from_utf8_lossy(&reduced.stdout).starts_with("| reduced from "));
    }
}

#[test]
fn pentomino_placements_that_isolate_cells_are_removed() {
    let board = dlx().args(["gen", "pentomino", "6x10"]).output().unwrap();
    let reduced = dlx()
        .arg("reduce")
        .write_stdin(board.stdout)
        .output()
        .unwrap();
    assert_exit(&reduced, 0);
    let summary = stderr(&reduced);
    let removed: usize = summary
        .split_whitespace()
        .skip_while(|&word| word != "removed")
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{summary}"));
    assert!(removed > 0, "{summary}");
    assert!(summary.starts_with("<stdin>: "), "{summary}");
}

#[test]
fn bad_or_unsupported_input_is_an_error_with_its_place() {
    let colors = reduce_file("colors.dlx");
    assert_exit(&colors, 2);
    assert!(stderr(&colors).contains("colors.dlx: dlx reduce: problems with colors"));
    assert!(colors.stdout.is_empty());
    let bounds = reduce_file("rowcol4_2_2.dlx");
    assert_exit(&bounds, 2);
    assert!(stderr(&bounds).contains("bounds"), "{}", stderr(&bounds));
    let unknown = dlx()
        .arg("reduce")
        .write_stdin("a b\na x\n")
        .output()
        .unwrap();
    assert_exit(&unknown, 2);
    assert!(
        stderr(&unknown).contains("<stdin>:2:3: unknown item `x`"),
        "{}",
        stderr(&unknown)
    );
    let missing = dlx()
        .args(["reduce", "/no/such/file.dlx"])
        .output()
        .unwrap();
    assert_exit(&missing, 2);
    assert!(stderr(&missing).contains("/no/such/file.dlx: cannot open"));
}
