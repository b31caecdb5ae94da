//! The generators that need colors or bounds (de Bruijn cycles, 0-1
//! matrices with given sums, word rectangles): counted by the testkit's
//! brute force, which understands both (the engine's search does not yet),
//! against the literature and against direct enumerations written here;
//! every decoded solution checked; Knuth's files reproduced.

use std::collections::BTreeSet;

use dancing::{OptionId, Problem};
use dancing_problems::{DeBruijn, Error, ExactCover, WordRectangles, ZeroOneMatrices};
use dancing_testkit::brute::exact_covers;
use dancing_testkit::figures;

use super::assert_round_trip;

/// Every solution by brute force, decoded.
fn decoded<P: ExactCover>(generator: &P) -> Vec<P::Solution> {
    exact_covers(generator.problem())
        .iter()
        .map(|options: &Vec<OptionId>| generator.decode(options))
        .collect()
}

fn reference(file: &str) -> Problem {
    let text = std::fs::read_to_string(figures::reference_file(file)).unwrap();
    dancing::format::read_str(&text).unwrap().problem
}

#[test]
fn de_bruijn_cycles_are_counted_and_each_holds_every_word_once() {
    for n in 1..=4 {
        let generator = DeBruijn::new(n).unwrap();
        assert_round_trip(&generator);
        let cycles = decoded(&generator);
        assert_eq!(
            Some(cycles.len() as u64),
            figures::debruijn_cycles(n),
            "n = {n}"
        );
        let distinct: BTreeSet<String> = cycles.iter().map(|c| c.to_string()).collect();
        assert_eq!(distinct.len(), cycles.len(), "two solutions, one cycle");
        for cycle in &cycles {
            let bits = cycle.bits();
            let length = bits.len();
            assert_eq!(length, 1 << n);
            let words: BTreeSet<usize> = (0..length)
                .map(|start| {
                    (0..n).fold(0, |word, k| {
                        2 * word + usize::from(bits[(start + k) % length])
                    })
                })
                .collect();
            assert_eq!(words.len(), length, "{cycle}: a word twice");
        }
    }
    assert_eq!(
        decoded(&DeBruijn::new(2).unwrap())
            .iter()
            .map(|c| c.to_string())
            .collect::<BTreeSet<_>>(),
        BTreeSet::from(["0011", "0110", "1100", "1001"].map(String::from))
    );
}

#[test]
fn de_bruijn_problems_are_knuths_files() {
    for n in [3, 4] {
        let generated = DeBruijn::new(n).unwrap();
        assert_eq!(
            generated.problem(),
            &reference(&format!("debruijn{n}.dlx")),
            "n = {n}"
        );
    }
}

#[test]
fn matrices_with_sums_of_two_follow_a001499() {
    for n in 1..=5 {
        let generator = ZeroOneMatrices::new(n, n, (2, 2), (2, 2)).unwrap();
        let matrices = decoded(&generator);
        assert_eq!(
            Some(matrices.len() as u64),
            figures::two_per_row_and_column(n),
            "n = {n}"
        );
        for matrix in &matrices {
            for row in matrix.rows() {
                assert_eq!(row.iter().filter(|&&c| c).count(), 2, "{matrix}");
            }
        }
    }
}

#[test]
fn matrices_with_sums_of_one_are_permutations_and_plain_exact_cover() {
    let mut factorial = 1;
    for n in 1..=4 {
        factorial *= n;
        let generator = ZeroOneMatrices::new(n, n, (1, 1), (1, 1)).unwrap();
        assert!(!generator.problem().has_bounds());
        assert_eq!(decoded(&generator).len(), factorial, "n = {n}");
    }
}

#[test]
fn matrix_problems_are_knuths_files() {
    for (file, n, sums) in [
        ("rowcol4_2_2.dlx", 4, (2, 2)),
        ("rowcol5_2_2.dlx", 5, (2, 2)),
        ("rowcol4_1_2.dlx", 4, (1, 2)),
    ] {
        let generated = ZeroOneMatrices::new(n, n, sums, sums).unwrap();
        assert_eq!(generated.problem(), &reference(file), "{file}");
        assert_round_trip(&generated);
    }
}

/// The `rows` x `columns` 0-1 matrices with row sums in `row` and column
/// sums in `column`, by trying all of them.
fn matrices_by_enumeration(
    rows: usize,
    columns: usize,
    row: (u32, u32),
    column: (u32, u32),
) -> usize {
    let cells = rows * columns;
    (0u32..1 << cells)
        .filter(|&bits| {
            let at = |r: usize, c: usize| (bits >> (r * columns + c)) & 1;
            let within = |sum: u32, (lower, upper): (u32, u32)| lower <= sum && sum <= upper;
            (0..rows).all(|r| within((0..columns).map(|c| at(r, c)).sum(), row))
                && (0..columns).all(|c| within((0..rows).map(|r| at(r, c)).sum(), column))
        })
        .count()
}

#[test]
fn rectangular_matrices_with_mixed_bounds_match_a_direct_enumeration() {
    for (rows, columns, row, column) in [
        (2, 3, (1, 2), (0, 1)),
        (3, 3, (1, 2), (1, 2)),
        (3, 4, (0, 3), (1, 1)),
        (2, 4, (2, 3), (0, 2)),
    ] {
        let generator = ZeroOneMatrices::new(rows, columns, row, column).unwrap();
        assert_round_trip(&generator);
        assert_eq!(
            decoded(&generator).len(),
            matrices_by_enumeration(rows, columns, row, column),
            "{rows}x{columns} {row:?} {column:?}"
        );
    }
}

#[test]
fn bad_matrix_parameters_are_errors() {
    assert!(matches!(
        ZeroOneMatrices::new(0, 3, (1, 1), (1, 1)),
        Err(Error::OutOfRange { .. })
    ));
    assert!(matches!(
        ZeroOneMatrices::new(3, 3, (2, 1), (1, 1)),
        Err(Error::Build(dancing::BuildError::LowerAboveUpper { .. }))
    ));
    assert!(matches!(
        ZeroOneMatrices::new(3, 3, (0, 0), (1, 1)),
        Err(Error::Build(dancing::BuildError::ZeroUpperBound { .. }))
    ));
}

/// Every string of `length` letters over `alphabet`.
fn all_strings(alphabet: &str, length: usize) -> Vec<String> {
    let mut strings = vec![String::new()];
    for _ in 0..length {
        strings = strings
            .iter()
            .flat_map(|s| alphabet.chars().map(move |c| format!("{s}{c}")))
            .collect();
    }
    strings
}

/// The `height` x `width` word rectangles over `words`, by filling the rows
/// with every combination of words and checking the columns.
fn rectangles_by_enumeration(
    words: &[String],
    height: usize,
    width: usize,
    distinct: bool,
) -> BTreeSet<String> {
    let list: BTreeSet<&str> = words.iter().map(String::as_str).collect();
    let across: Vec<&str> = list
        .iter()
        .copied()
        .filter(|w| w.chars().count() == width)
        .collect();
    let mut found = BTreeSet::new();
    let mut rows = vec![0usize; height];
    if across.is_empty() {
        return found;
    }
    loop {
        let grid: Vec<Vec<char>> = rows.iter().map(|&k| across[k].chars().collect()).collect();
        let columns: Vec<String> = (0..width)
            .map(|j| grid.iter().map(|row| row[j]).collect())
            .collect();
        let mut used: Vec<&str> = rows.iter().map(|&k| across[k]).collect();
        used.extend(columns.iter().map(String::as_str));
        let unique: BTreeSet<&str> = used.iter().copied().collect();
        if columns.iter().all(|c| list.contains(c.as_str()))
            && (!distinct || unique.len() == used.len())
        {
            let text: String = grid
                .iter()
                .map(|row| row.iter().collect::<String>() + "\n")
                .collect();
            found.insert(text);
        }
        // The next combination of rows, like an odometer.
        let mut k = 0;
        while k < height && rows[k] + 1 == across.len() {
            rows[k] = 0;
            k += 1;
        }
        if k == height {
            return found;
        }
        rows[k] += 1;
    }
}

#[test]
fn word_rectangles_over_every_string_fill_every_grid() {
    // Every grid of letters is a rectangle when every string is a word:
    // 2^(height x width) of them over two letters.
    for (height, width) in [(1, 1), (2, 2), (2, 3), (3, 2)] {
        let mut words = all_strings("ab", width);
        words.extend(all_strings("ab", height));
        let generator = WordRectangles::new(&words, height, width, false).unwrap();
        assert_round_trip(&generator);
        let grids = decoded(&generator);
        assert_eq!(grids.len(), 1 << (height * width), "{height}x{width}");
    }
}

#[test]
fn word_squares_match_a_direct_enumeration() {
    let lists = [
        vec!["ab", "ba", "aa", "bb", "ab"],
        vec!["to", "on", "no", "ox", "xo", "an", "at"],
        vec![
            "bit", "ice", "ten", "one", "bio", "ten", "cat", "arc", "tea", "ate", "eat", "tee",
            "eta",
        ],
    ];
    for list in lists {
        let words: Vec<String> = list.iter().map(|w| w.to_string()).collect();
        let n = words[0].len();
        for distinct in [false, true] {
            let generator = WordRectangles::new(&words, n, n, distinct).unwrap();
            assert_round_trip(&generator);
            let found: BTreeSet<String> =
                decoded(&generator).iter().map(|g| g.to_string()).collect();
            assert_eq!(
                found,
                rectangles_by_enumeration(&words, n, n, distinct),
                "{list:?} distinct: {distinct}"
            );
            // Symmetric squares (`bit ice ten`) exist in every list.
            assert!(distinct || !found.is_empty(), "{list:?}");
        }
    }
    // Rectangles of 2 rows and 3 columns: rows from 3-letter words,
    // columns from 2-letter ones.
    let words: Vec<String> = ["cat", "ode", "co", "ad", "te", "to", "ate", "ten"]
        .map(String::from)
        .to_vec();
    let generator = WordRectangles::new(&words, 2, 3, false).unwrap();
    let found: BTreeSet<String> = decoded(&generator).iter().map(|g| g.to_string()).collect();
    assert!(found.contains("cat\node\n"), "{found:?}");
    assert_eq!(found, rectangles_by_enumeration(&words, 2, 3, false));
}

#[test]
fn bad_words_are_errors_naming_the_word() {
    for (word, index) in [("a:b", 1), ("a|b", 1), ("a b", 1), ("", 1), ("a\u{1b}", 1)] {
        let words = vec!["ab".to_owned(), word.to_owned()];
        match WordRectangles::new(&words, 2, 2, false) {
            Err(Error::InvalidWord { index: at, .. }) => assert_eq!(at, index, "{word:?}"),
            other => panic!("{word:?}: {other:?}"),
        }
    }
    let error = WordRectangles::new(&["a:b".to_owned()], 2, 2, false).unwrap_err();
    assert!(error.to_string().starts_with("word 1 (\"a:b\")"), "{error}");
    assert!(matches!(
        WordRectangles::new(&[], 0, 2, false),
        Err(Error::OutOfRange { .. })
    ));
    // 16 sides x 100,000 words of 16 letters: too many entries.
    let words: Vec<String> = (0..100_000).map(|k| format!("{k:0>16}")).collect();
    assert!(matches!(
        WordRectangles::new(&words, 16, 16, false),
        Err(Error::TooLarge { .. })
    ));
}
