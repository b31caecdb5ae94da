//! `dlx reduce`: the reduced problem counts the same as the original on
//! every reference file (plain, colored, bounded), the summary says what
//! was removed and what was kept, and bad input is an error naming its
//! place.

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
        "colors.dlx",
        "debruijn4.dlx",
        "knuth_dlx3_example.dlx",
        "rowcol4_1_2.dlx",
        "rowcol5_2_2.dlx",
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
fn a_colored_file_is_reduced_as_dlx_pre_does() {
    // Knuth's example: `A B X:0 Y:0` leaves `C` nothing compatible, then
    // `C` goes with `C Y:1`, and `X` and `Y` are left with one color each.
    let reduced = reduce_file("colors.dlx");
    assert_exit(&reduced, 0);
    let text = String::from_utf8_lossy(&reduced.stdout).into_owned();
    let body: Vec<&str> = text.lines().filter(|line| !line.starts_with('|')).collect();
    assert_eq!(body, ["A B", "A", "B"], "{text}");
    let summary = stderr(&reduced);
    assert!(
        summary.contains("colors.dlx: removed 3 of 5 options and 3 of 5 items"),
        "{summary}"
    );
}

#[test]
fn a_bounded_file_keeps_its_bounds_and_says_what_it_kept() {
    // Every option of `2|a` holds `x`, in two colors: `x` decides which
    // options go together and is kept, which the summary says.
    let reduced = dlx()
        .arg("reduce")
        .write_stdin("2|a b | x\na x:1\na x:1\na x:2 b\na x:2\nb\n")
        .output()
        .unwrap();
    assert_exit(&reduced, 0);
    let summary = stderr(&reduced);
    assert!(summary.contains("kept 1 forced item ("), "{summary}");
    let text = String::from_utf8_lossy(&reduced.stdout).into_owned();
    assert!(text.contains("2|a b | x\n"), "{text}");
    assert_eq!(count_of(&reduced.stdout), "2");
    // A twin item merged into another narrows its bounds.
    let merged = dlx()
        .arg("reduce")
        .write_stdin("1:2|a 2:3|b c\na b\na b\na b c\nc\n")
        .output()
        .unwrap();
    assert_exit(&merged, 0);
    assert!(
        stderr(&merged).ends_with(" rounds, narrowed the bounds of 1 item\n"),
        "{}",
        stderr(&merged)
    );
    let text = String::from_utf8_lossy(&merged.stdout).into_owned();
    assert!(text.contains("\n2|a c\n"), "{text}");
    assert_eq!(count_of(&merged.stdout), "3");
}

#[test]
fn bad_input_is_an_error_with_its_place() {
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
    assert!(unknown.stdout.is_empty());
    let bad_bounds = dlx()
        .arg("reduce")
        .write_stdin("3:2|a b\na b\n")
        .output()
        .unwrap();
    assert_exit(&bad_bounds, 2);
    assert!(
        stderr(&bad_bounds).contains("<stdin>:1:"),
        "{}",
        stderr(&bad_bounds)
    );
    let color_on_primary = dlx()
        .arg("reduce")
        .write_stdin("a b\na:1 b\n")
        .output()
        .unwrap();
    assert_exit(&color_on_primary, 2);
    assert!(
        stderr(&color_on_primary).contains("<stdin>:2:"),
        "{}",
        stderr(&color_on_primary)
    );
    let missing = dlx()
        .args(["reduce", "/no/such/file.dlx"])
        .output()
        .unwrap();
    assert_exit(&missing, 2);
    assert!(stderr(&missing).contains("/no/such/file.dlx: cannot open"));
}

/// The cost on the `best 1: cost C` line `dlx solve --best` prints for
/// `text`.
fn best_cost(text: &[u8]) -> String {
    let output = dlx()
        .args(["solve", "--best", "-j", "1"])
        .write_stdin(text.to_vec())
        .output()
        .unwrap();
    assert_exit(&output, 0);
    let listing = String::from_utf8_lossy(&output.stdout).into_owned();
    let cost = listing
        .lines()
        .find_map(|line| line.strip_prefix("best 1: cost "))
        .unwrap_or_else(|| panic!("no `best 1` line in {listing}"));
    cost.to_owned()
}

#[test]
fn a_costed_file_is_reduced_with_its_costs() {
    for file in ["assignment6.dlx", "queens8_costs.dlx", "colors_costs.dlx"] {
        let reduced = reduce_file(file);
        assert_exit(&reduced, 0);
        let original = std::fs::read(engine_data(file)).unwrap();
        assert_eq!(best_cost(&reduced.stdout), best_cost(&original), "{file}");
        assert!(
            String::from_utf8_lossy(&reduced.stdout).contains(" |"),
            "{file}: no costs written"
        );
    }
}
