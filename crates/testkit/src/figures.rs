//! Reference figures: Knuth's DLX1 on the engine's reference files, DLX2 and
//! DLX3 on those with colors or bounds (the one table of them; tests and
//! benchmarks look them up here), and solution counts from the literature.
//!
//! An engine that branches as DLX1 does (the first item of minimum length)
//! must reproduce DLX1's solutions, search-tree nodes and link updates
//! exactly on the same file.

use std::path::PathBuf;

/// What Knuth's DLX1 reports on one reference file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dlx1Figures {
    /// The file's name in [`reference_dir`], e.g. `"queens8.dlx"`.
    pub file: &'static str,
    /// The number of exact covers.
    pub solutions: u64,
    /// Search-tree nodes, the root included.
    pub nodes: u64,
    /// Link updates (each cover or uncover of a node counts once).
    pub updates: u64,
}

const fn figures(file: &'static str, solutions: u64, nodes: u64, updates: u64) -> Dlx1Figures {
    Dlx1Figures {
        file,
        solutions,
        nodes,
        updates,
    }
}

/// DLX1's figures for every uncolored file in [`reference_dir`], smallest
/// search first within each family.
pub const DLX1: [Dlx1Figures; 12] = [
    figures("toy.dlx", 1, 6, 30),
    figures("queens6.dlx", 4, 111, 1_973),
    figures("queens8.dlx", 92, 1_199, 21_375),
    figures("queens10.dlx", 724, 16_448, 312_964),
    figures("queens12.dlx", 14_200, 327_813, 6_285_452),
    figures("langford7.dlx", 52, 607, 8_339),
    figures("langford8.dlx", 300, 2_789, 37_241),
    figures("latin4.dlx", 576, 4_745, 34_017),
    figures("sudoku4x4_grids.dlx", 288, 2_157, 22_545),
    figures("matchings12.dlx", 10_395, 25_059, 104_490),
    figures("partitions8.dlx", 4_140, 8_280, 87_056),
    figures("pentomino3x20.dlx", 8, 32_978, 10_986_975),
];

/// What Knuth's DLX2 or DLX3 prints on its `Altogether ...` line for one
/// file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct XccRun {
    /// The number of solutions.
    pub solutions: u64,
    /// Search-tree nodes (one per level entered, and one per solution).
    pub nodes: u64,
    /// Link updates, counted as each program counts them.
    pub updates: u64,
    /// Cleansings: `purify` calls, and options found already agreeing.
    pub cleansings: u64,
}

/// The figures of one reference file with colors or bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct XccFigures {
    /// The file's name in [`reference_dir`].
    pub file: &'static str,
    /// The number of solutions, from an independent brute-force enumerator.
    pub brute_force: u64,
    /// Knuth's DLX2 (Algorithm C); `None` where DLX2 rejects the file
    /// (it has bounds).
    pub dlx2: Option<XccRun>,
    /// Knuth's DLX3 (Algorithm M).
    pub dlx3: XccRun,
}

const fn run(solutions: u64, nodes: u64, updates: u64, cleansings: u64) -> XccRun {
    XccRun {
        solutions,
        nodes,
        updates,
        cleansings,
    }
}

/// DLX2's and DLX3's figures (gcc -O2, on these very files) for every
/// reference file with colors or bounds, from the data set's README.
///
/// `colors.dlx` is DLX2's example again (only its comment differs), so it
/// has that example's figures.
pub const XCC: [XccFigures; 8] = [
    XccFigures {
        file: "knuth_dlx2_example.dlx",
        brute_force: 1,
        dlx2: Some(run(1, 4, 14, 5)),
        dlx3: run(1, 4, 13, 5),
    },
    XccFigures {
        file: "colors.dlx",
        brute_force: 1,
        dlx2: Some(run(1, 4, 14, 5)),
        dlx3: run(1, 4, 13, 5),
    },
    XccFigures {
        file: "debruijn3.dlx",
        brute_force: 16,
        dlx2: Some(run(16, 105, 2_017, 424)),
        dlx3: run(16, 105, 2_017, 424),
    },
    XccFigures {
        file: "debruijn4.dlx",
        brute_force: 256,
        dlx2: Some(run(256, 2_946, 90_165, 17_804)),
        dlx3: run(256, 2_946, 90_035, 17_804),
    },
    XccFigures {
        file: "knuth_dlx3_example.dlx",
        brute_force: 1,
        dlx2: None,
        dlx3: run(1, 6, 14, 7),
    },
    XccFigures {
        file: "rowcol4_2_2.dlx",
        brute_force: 90,
        dlx2: None,
        dlx3: run(90, 300, 973, 0),
    },
    XccFigures {
        file: "rowcol5_2_2.dlx",
        brute_force: 2_040,
        dlx2: None,
        dlx3: run(2_040, 6_150, 21_913, 0),
    },
    XccFigures {
        file: "rowcol4_1_2.dlx",
        brute_force: 2_586,
        dlx2: None,
        dlx3: run(2_586, 6_716, 14_053, 0),
    },
];

/// The reference files that give options colors (`item:color`) or items
/// bounds (`u:v|X`): the files of [`XCC`], which have no DLX1 figures.
pub const COLORED_FILES: [&str; 8] = [
    XCC[0].file,
    XCC[1].file,
    XCC[2].file,
    XCC[3].file,
    XCC[4].file,
    XCC[5].file,
    XCC[6].file,
    XCC[7].file,
];

/// The DLX2/DLX3 figures of the reference file named `file`, if it is in
/// [`XCC`].
pub fn xcc(file: &str) -> Option<XccFigures> {
    XCC.iter().find(|figures| figures.file == file).copied()
}

/// The number of n x n 0-1 matrices with every row and column sum 2 (OEIS
/// A001499), for n up to 10.
pub fn two_per_row_and_column(n: usize) -> Option<u64> {
    const A001499: [u64; 11] = [
        1,
        0,
        1,
        6,
        90,
        2_040,
        67_950,
        3_110_940,
        187_530_840,
        14_398_171_200,
        1_371_785_398_200,
    ];
    A001499.get(n).copied()
}

/// Binary de Bruijn cycles of order `n` with labelled positions (each of the
/// 2^n rotations counted apart): 2^(2^(n-1)), for n from 1 up to 6.
pub fn debruijn_cycles(n: usize) -> Option<u64> {
    if !(1..=6).contains(&n) {
        return None;
    }
    1u64.checked_shl(1 << (n - 1))
}

/// DLX1's figures for the reference file named `file` (e.g.
/// `"queens8.dlx"`), if it is in [`DLX1`].
pub fn dlx1(file: &str) -> Option<Dlx1Figures> {
    DLX1.iter().find(|figures| figures.file == file).copied()
}

/// The directory of the engine's reference files, Knuth's text format:
/// `crates/dancing/tests/data`.
pub fn reference_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../dancing/tests/data")
}

/// The path of one reference file.
pub fn reference_file(file: &str) -> PathBuf {
    reference_dir().join(file)
}

/// Placements of `n` non-attacking queens on an `n` x `n` board (OEIS
/// A000170), for `n` up to 13.
pub fn queens_solutions(n: usize) -> Option<u64> {
    const A000170: [u64; 14] = [
        1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2_680, 14_200, 73_712,
    ];
    A000170.get(n).copied()
}

/// Langford sequences of pairs `1..=n`, each sequence and its reversal
/// counted apart (twice OEIS A014552), for `n` from 1 up to 12.
pub fn langford_solutions(n: usize) -> Option<u64> {
    const A014552: [u64; 12] = [0, 0, 1, 1, 0, 0, 26, 150, 0, 0, 17_792, 108_144];
    let up_to_reversal = A014552.get(n.checked_sub(1)?)?;
    Some(2 * up_to_reversal)
}

/// Tilings of a 6 x 10 box by the twelve pentominoes, each counted once per
/// symmetry of the box (4 x 2,339).
pub const PENTOMINO_6X10_TILINGS: u64 = 4 * 2_339;

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    #[test]
    fn the_table_names_every_reference_file_once() {
        let on_disk: BTreeSet<String> = std::fs::read_dir(reference_dir())
            .unwrap()
            .map(|entry| entry.unwrap().file_name().into_string().unwrap())
            .filter(|name| name.ends_with(".dlx"))
            .collect();
        let listed: BTreeSet<String> = DLX1
            .iter()
            .map(|figures| figures.file)
            .chain(COLORED_FILES)
            .map(String::from)
            .collect();
        assert_eq!(listed.len(), DLX1.len() + COLORED_FILES.len(), "a repeat");
        assert!(
            XCC.iter()
                .all(|figures| COLORED_FILES.contains(&figures.file))
        );
        // The costed files (DLX5 input) are named by DLX5's table, and by
        // no other: their plain counts are not the point.
        let costed: BTreeSet<String> = DLX5.iter().map(|figures| figures.file.to_owned()).collect();
        let colored_costed = costed
            .iter()
            .filter(|file| COLORED_FILES.contains(&file.as_str()));
        assert_eq!(colored_costed.count(), 0);
        assert!(costed.iter().all(|file| !listed.contains(file)));
        let listed: BTreeSet<String> = listed.into_iter().chain(costed).collect();
        assert_eq!(on_disk, listed);
    }

    #[test]
    fn the_table_agrees_with_the_literature() {
        for n in [6, 8, 10, 12] {
            let figures = dlx1(&format!("queens{n}.dlx")).unwrap();
            assert_eq!(Some(figures.solutions), queens_solutions(n), "n = {n}");
        }
        for n in [7, 8] {
            let figures = dlx1(&format!("langford{n}.dlx")).unwrap();
            assert_eq!(Some(figures.solutions), langford_solutions(n), "n = {n}");
        }
        // Perfect matchings of 12 points: 11!! = 11 x 9 x 7 x 5 x 3.
        assert_eq!(
            dlx1("matchings12.dlx").unwrap().solutions,
            11 * 9 * 7 * 5 * 3
        );
        // Set partitions of 8 elements: the Bell number B8, from the Bell
        // triangle (each row starts with the last entry of the row above).
        let mut row = vec![1u64];
        for _ in 0..8 {
            let mut next = vec![*row.last().unwrap()];
            for &above in &row {
                next.push(next.last().unwrap() + above);
            }
            row = next;
        }
        assert_eq!(dlx1("partitions8.dlx").unwrap().solutions, row[0]);
        // Latin squares of order 4: 4! x 3! x 24 (reduced squares: 4).
        assert_eq!(dlx1("latin4.dlx").unwrap().solutions, 24 * 6 * 4);
        for n in [3, 4] {
            let figures = xcc(&format!("debruijn{n}.dlx")).unwrap();
            assert_eq!(Some(figures.brute_force), debruijn_cycles(n), "n = {n}");
        }
        for n in [4, 5] {
            let figures = xcc(&format!("rowcol{n}_2_2.dlx")).unwrap();
            assert_eq!(Some(figures.brute_force), two_per_row_and_column(n));
        }
        // Every program agrees on the number of solutions.
        for figures in XCC {
            assert_eq!(
                figures.dlx3.solutions, figures.brute_force,
                "{}",
                figures.file
            );
            if let Some(dlx2) = figures.dlx2 {
                assert_eq!(dlx2.solutions, figures.brute_force, "{}", figures.file);
            }
        }
    }

    #[test]
    fn two_per_row_and_column_follows_its_recurrence() {
        // A001499: a(n) = n(n-1)/2 * (2 a(n-1) + (n-1) a(n-2)).
        for n in 2..=10u64 {
            let (a1, a2) = (
                two_per_row_and_column(n as usize - 1).unwrap(),
                two_per_row_and_column(n as usize - 2).unwrap(),
            );
            let expected = n * (n - 1) / 2 * (2 * a1 + (n - 1) * a2);
            assert_eq!(
                two_per_row_and_column(n as usize),
                Some(expected),
                "n = {n}"
            );
        }
    }

    #[test]
    fn lookups_outside_the_tables_are_none() {
        assert_eq!(dlx1("colors.dlx"), None);
        assert_eq!(xcc("toy.dlx"), None);
        assert_eq!(xcc("rowcol4_2_2.dlx").map(|f| f.dlx2), Some(None));
        assert_eq!(two_per_row_and_column(11), None);
        assert_eq!(debruijn_cycles(0), None);
        assert_eq!(debruijn_cycles(7), None);
        assert_eq!(queens_solutions(14), None);
        assert_eq!(langford_solutions(0), None);
        assert_eq!(langford_solutions(13), None);
        assert_eq!(langford_solutions(3), Some(2));
    }
}

/// What Knuth's DLX5 (minimum-cost exact cover) prints for one file and
/// one `k` (`dlx5 k<k> < file`): its `Altogether ...` line and the `k`
/// best costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dlx5Figures {
    /// The file's name in [`reference_dir`].
    pub file: &'static str,
    /// How many of the cheapest solutions were kept (`k`).
    pub k: usize,
    /// Solutions found that improved on the `k` best known then.
    pub solutions: u64,
    /// Search-tree nodes (one per level entered, one per solution).
    pub nodes: u64,
    /// Link updates.
    pub updates: u64,
    /// Cleansings.
    pub cleansings: u64,
    /// The `k` best costs, cheapest first.
    pub best: &'static [u64],
}

const fn dlx5(
    file: &'static str,
    k: usize,
    (solutions, nodes, updates, cleansings): (u64, u64, u64, u64),
    best: &'static [u64],
) -> Dlx5Figures {
    Dlx5Figures {
        file,
        k,
        solutions,
        nodes,
        updates,
        cleansings,
        best,
    }
}

/// DLX5's figures (built from `dlx5.w` in Andreas Scherer's `cwebtest`
/// copy of Knuth's programs, default parameters but `k`) on the costed
/// files of [`reference_dir`]: assignment problems with costs from a
/// fixed seed, 8 queens with a cost per square, Knuth's DLX2 example with
/// costs.
pub const DLX5: [Dlx5Figures; 10] = [
    dlx5("assignment6.dlx", 1, (2, 25, 115, 0), &[90]),
    dlx5("assignment6.dlx", 3, (9, 50, 208, 0), &[90, 95, 101]),
    dlx5("assignment8.dlx", 1, (4, 38, 180, 0), &[154]),
    dlx5("assignment8.dlx", 3, (14, 80, 330, 0), &[154, 161, 164]),
    dlx5("assignment10.dlx", 1, (7, 55, 299, 0), &[147]),
    dlx5("assignment10.dlx", 3, (24, 142, 610, 0), &[147, 148, 158]),
    dlx5("queens8_costs.dlx", 1, (4, 173, 3_461, 0), &[20]),
    dlx5("queens8_costs.dlx", 3, (7, 354, 7_030, 0), &[20, 26, 26]),
    dlx5("colors_costs.dlx", 1, (1, 4, 15, 3), &[3]),
    dlx5("colors_costs.dlx", 3, (3, 8, 30, 5), &[3, 9, 9]),
];
