//! Exact-cover inputs and the two engines that count their solutions: ours
//! and the `dlx` crate 0.8.5 (a port of Knuth's DLX1 with the same branching
//! rule, so both explore the same tree).
//!
//! The generated problems come from `dancing-problems`, which lays queens,
//! Langford pairs and pentomino packings out exactly like the engine's
//! reference files (`queens12.dlx`, `langford7.dlx`, `pentomino3x20.dlx`):
//! same items, same options in the same order, so the larger instances are
//! the same kind of problem, and node counts are comparable with DLX1's.

use std::path::{Path, PathBuf};

use dancing::expert::Search;
use dancing_problems::polyomino::{Board, Packing, pentominoes};
use dancing_problems::{ExactCover, Langford, Queens};
use dancing_testkit::figures;

/// Knuth's text for a generated problem: a comment line that describes it,
/// then the problem.
fn knuth_text(generator: &impl ExactCover) -> String {
    let mut text = Vec::new();
    generator.write_dlx(&mut text).expect("writing to memory");
    String::from_utf8(text).expect("item names are UTF-8")
}

/// Knuth's text for Langford pairs of order `n`, laid out like
/// `langford7.dlx`: values `v1..vn` and slots `s1..s2n`, all primary; no
/// symmetry breaking (each sequence and its reversal are both counted).
///
/// # Panics
/// If `n` is out of the generator's range.
pub fn langford_dlx(n: usize) -> String {
    knuth_text(&Langford::new(n).expect("a Langford order in range"))
}

/// Knuth's text for `n` queens, laid out like `queens12.dlx`: rows `r*` and
/// columns `c*` primary, the diagonals `a*` (row + column) and anti-diagonals
/// `b*` secondary; one option per square, row by row.
///
/// # Panics
/// If `n` is out of the generator's range.
pub fn queens_dlx(n: usize) -> String {
    knuth_text(&Queens::new(n).expect("a board size in range"))
}

/// Knuth's text for packing the twelve pentominoes into a `width` x
/// `height` box, laid out like `pentomino3x20.dlx` (which is
/// `pentomino_dlx(20, 3)`): the pieces `F I L N P T U V W X Y Z`, then the
/// cells `x{x}y{y}` row by row, all primary; one option per placement. No
/// symmetry breaking: every tiling is counted once per symmetry of the box.
///
/// # Panics
/// If the box is out of the generator's range.
pub fn pentomino_dlx(width: usize, height: usize) -> String {
    let board = Board::rectangle(height, width).expect("a box size in range");
    knuth_text(&Packing::new(board, pentominoes()).expect("pentominoes fit any box"))
}

/// The directory of exact-cover files that ship with the engine's tests
/// (copies of the project's reference files).
pub fn engine_data_dir() -> PathBuf {
    figures::reference_dir()
}

/// One of the engine's exact-cover test files.
pub fn engine_data(name: &str) -> PathBuf {
    engine_data_dir().join(name)
}

/// An exact-cover problem for the benchmarks, in Knuth's text format.
#[derive(Clone, Debug)]
pub struct CoverProblem {
    /// A short name: the file's stem, or the generator and its size.
    pub name: String,
    /// Knuth's text.
    pub text: String,
    /// Where it comes from: `file` or `generated`.
    pub origin: &'static str,
    /// The number of solutions, when it is a known fact (from DLX1's figures
    /// for the reference files and the literature).
    pub expected: Option<u64>,
    /// The number of search-tree nodes of Knuth's DLX1 on it, when known:
    /// an engine that branches as DLX1 does must match it.
    pub expected_nodes: Option<u64>,
    /// Whether one count takes seconds (left out of `cargo bench` unless
    /// asked for).
    pub slow: bool,
}

/// Whether Knuth's text gives some option a color (`item:color`): Algorithm
/// C's input, which the `dlx` crate's exact-cover solver does not take.
pub fn has_colors(text: &str) -> bool {
    text.lines()
        .map(str::trim_start)
        .filter(|line| !line.is_empty() && !line.starts_with('|'))
        .skip(1)
        .any(|line| line.contains(':'))
}

/// A sort key that orders numbers inside names by value: `queens6` before
/// `queens10`.
fn natural_key(name: &str) -> Vec<(String, u64)> {
    let mut key = Vec::new();
    let mut text = String::new();
    let mut chars = name.chars().peekable();
    while let Some(c) = chars.next() {
        if let Some(digit) = c.to_digit(10) {
            let mut number = u64::from(digit);
            while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                number = number.saturating_mul(10).saturating_add(u64::from(d));
                chars.next();
            }
            key.push((std::mem::take(&mut text), number));
        } else {
            text.push(c);
        }
    }
    key.push((text, 0));
    key
}

/// Every uncolored `.dlx` file in `dir`, in natural order of their names.
pub fn file_problems(dir: &Path) -> std::io::Result<Vec<CoverProblem>> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|e| e == "dlx"))
        .collect();
    paths.sort_by_key(|path| natural_key(&path.to_string_lossy()));
    let mut problems = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(&path)?;
        // Files with colors or bounds (DLX2/DLX3 input) are not plain exact
        // cover; the figures table lists them.
        let listed_xcc = path
            .file_name()
            .is_some_and(|file| figures::xcc(&file.to_string_lossy()).is_some());
        // Files with costs (DLX5 input) are for the minimum-cost search.
        let costed =
            dancing::format::read_str(&text).is_ok_and(|parsed| parsed.problem.has_costs());
        if has_colors(&text) || listed_xcc || costed {
            continue;
        }
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let dlx1 = path
            .file_name()
            .and_then(|file| figures::dlx1(&file.to_string_lossy()));
        problems.push(CoverProblem {
            expected: dlx1.map(|f| f.solutions),
            expected_nodes: dlx1.map(|f| f.nodes),
            name,
            text,
            origin: "file",
            slow: false,
        });
    }
    Ok(problems)
}

/// A generated problem with its known solution count, if there is one.
fn generated(name: &str, text: String, expected: Option<u64>) -> CoverProblem {
    CoverProblem {
        name: name.to_owned(),
        text,
        origin: "generated",
        expected,
        expected_nodes: None,
        slow: false,
    }
}

/// The larger generated problems: 13 queens, Langford pairs of order 11 and
/// 12, and the twelve pentominoes in a 10x6 box (all 9,356 tilings; a count
/// takes seconds, so it is marked slow).
pub fn generated_problems() -> Vec<CoverProblem> {
    vec![
        generated("queens13", queens_dlx(13), figures::queens_solutions(13)),
        generated(
            "langford11",
            langford_dlx(11),
            figures::langford_solutions(11),
        ),
        generated(
            "langford12",
            langford_dlx(12),
            figures::langford_solutions(12),
        ),
        CoverProblem {
            // DLX1 on this layout: 3,637,261 nodes.
            expected_nodes: Some(3_637_261),
            slow: true,
            ..generated(
                "pentomino6x10",
                pentomino_dlx(10, 6),
                Some(figures::PENTOMINO_6X10_TILINGS),
            )
        },
    ]
}

/// Every exact-cover benchmark: the engine's uncolored reference files, then
/// the generated problems (the slow ones only if `include_slow`).
pub fn all_problems(include_slow: bool) -> std::io::Result<Vec<CoverProblem>> {
    let mut problems = file_problems(&engine_data_dir())?;
    problems.extend(
        generated_problems()
            .into_iter()
            .filter(|p| include_slow || !p.slow),
    );
    Ok(problems)
}

/// Counts every solution with the `dlx` crate, from Knuth's text already
/// parsed into its `Spec`; its matrix is built inside, as ours is.
pub fn dlx_crate_count(spec: &dlx::Spec) -> u64 {
    let mut problem = dlx::x::Problem::from_spec(spec, dlx::OptOrder::Seq).expect("valid spec");
    let mut solver = dlx::Solver::new(&mut problem);
    let mut chooser =
        dlx::choose::mrv_chooser(dlx::choose::prefer_any(), dlx::choose::no_tiebreak());
    let mut count = 0;
    while solver.next_solution(&mut chooser) {
        count += 1;
    }
    count
}

/// Counts every solution with our engine, building its matrix in `bump`;
/// returns the search's statistics.
pub fn dancing_count(problem: &dancing::Problem, bump: &mut bumpalo::Bump) -> dancing::Stats {
    bump.reset();
    let mut solver = dancing::expert::Solver::new(problem, bump);
    solver.count();
    solver.stats()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reference(name: &str) -> String {
        std::fs::read_to_string(engine_data(name)).expect("engine test data")
    }

    /// The problem in Knuth's text (comments aside).
    fn parse(text: &str) -> dancing::Problem {
        dancing::format::read_str(text).unwrap().problem
    }

    #[test]
    fn generators_reproduce_the_reference_files_problems() {
        let cases = [
            (queens_dlx(6), "queens6.dlx"),
            (queens_dlx(12), "queens12.dlx"),
            (langford_dlx(7), "langford7.dlx"),
            (langford_dlx(8), "langford8.dlx"),
            (pentomino_dlx(20, 3), "pentomino3x20.dlx"),
        ];
        for (generated, file) in cases {
            assert_eq!(parse(&generated), parse(&reference(file)), "{file}");
            // The same lines too, not only the same problem.
            let lines = |text: &str| -> Vec<String> {
                text.lines()
                    .filter(|line| !line.starts_with('|'))
                    .map(str::to_owned)
                    .collect()
            };
            assert_eq!(lines(&generated), lines(&reference(file)), "{file}");
        }
    }

    #[test]
    fn both_engines_agree_with_the_known_counts() {
        let mut bump = bumpalo::Bump::new();
        let mut problems = file_problems(&engine_data_dir()).unwrap();
        assert!(problems.iter().all(|p| p.name != "colors"));
        assert_eq!(problems.len(), figures::DLX1.len(), "the uncolored files");
        problems.push(generated(
            "queens9",
            queens_dlx(9),
            figures::queens_solutions(9),
        ));
        problems.push(generated(
            "langford4",
            langford_dlx(4),
            figures::langford_solutions(4),
        ));
        problems.push(generated(
            "langford5",
            langford_dlx(5),
            figures::langford_solutions(5),
        ));
        for problem in &problems {
            let parsed = dancing::format::read_str(&problem.text).unwrap().problem;
            let ours = dancing_count(&parsed, &mut bump);
            let spec = dlx::Spec::new(&problem.text, false).unwrap();
            assert_eq!(dlx_crate_count(&spec), ours.solutions, "{}", problem.name);
            assert_eq!(problem.expected, Some(ours.solutions), "{}", problem.name);
            if let Some(nodes) = problem.expected_nodes {
                assert_eq!(ours.nodes, nodes, "{}", problem.name);
            }
        }
    }

    #[test]
    fn files_come_in_natural_order() {
        let names: Vec<String> = file_problems(&engine_data_dir())
            .unwrap()
            .into_iter()
            .map(|p| p.name)
            .filter(|n| n.starts_with("queens"))
            .collect();
        assert_eq!(names, ["queens6", "queens8", "queens10", "queens12"]);
    }

    #[test]
    fn colored_input_is_recognised() {
        assert!(has_colors(&reference("colors.dlx")));
        assert!(!has_colors(&reference("toy.dlx")));
    }
}
