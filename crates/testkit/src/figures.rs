//! Reference figures: Knuth's DLX1 on the engine's reference files (the one
//! table of them; tests and benchmarks look them up here), and solution
//! counts from the literature.
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

/// The reference files that give options colors (`item:color`), which the
/// engine rejects: they have no DLX1 figures here.
pub const COLORED_FILES: [&str; 1] = ["colors.dlx"];

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
    }

    #[test]
    fn lookups_outside_the_tables_are_none() {
        assert_eq!(dlx1("colors.dlx"), None);
        assert_eq!(queens_solutions(14), None);
        assert_eq!(langford_solutions(0), None);
        assert_eq!(langford_solutions(13), None);
        assert_eq!(langford_solutions(3), Some(2));
    }
}
