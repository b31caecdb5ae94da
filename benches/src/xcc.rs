//! Colored and bounded exact cover (Knuth's XCC and Algorithm M): our
//! engine beside the peers that have those algorithms, on the same problems.
//!
//! - The `dlx` crate 0.8.5: `dlx::c` (Algorithm C, colors), `dlx::m`
//!   (Algorithm M, bounds) and `dlx::mc` (both), with Knuth's item choice
//!   (DLX2's fewest options; DLX3's branching degree, then slack, then the
//!   longer list), so it walks the tree our engine walks.
//! - The `exact-covers` crate 0.3.0: `DlSolver` (Algorithm C by dancing
//!   links) and `DcSolver` (dancing cells). Neither takes bounds; and
//!   `DcSolver` panics with "not yet implemented" in every published
//!   version, which [`Prepared::new`] finds out by trying it (so a version
//!   that has it will simply be measured).
//!
//! Every engine gets the problem as numbers (items, colors and bounds
//! translated from our [`dancing::Problem`] once, before any timing) and
//! builds its own matrix from them inside the timed region, as
//! [`dancing::expert::Solver::new`] does from the `Problem`. No engine parses text
//! while being timed.

use std::fmt;
use std::ops::ControlFlow;
use std::panic::{self, AssertUnwindSafe};

use dancing::random::SplitMix64;
use dancing::{ItemKind, Problem};
use dancing_problems::{DeBruijn, ExactCover, WordRectangles, ZeroOneMatrices};
use dancing_testkit::figures;
use exact_covers::{DcSolver, DlSolver};

/// One engine that counts XCC solutions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Engine {
    /// Our engine: Algorithm C for colors, M for bounds.
    Dancing,
    /// The `dlx` crate's `c`, `m` or `mc` module, as the problem needs.
    DlxCrate,
    /// `exact_covers::DlSolver`: Algorithm C by dancing links.
    ExactCoversDl,
    /// `exact_covers::DcSolver`: Algorithm C by dancing cells.
    ExactCoversDc,
}

impl Engine {
    /// Every engine, ours first, in the order of the report's columns.
    pub const ALL: [Engine; 4] = [
        Engine::Dancing,
        Engine::DlxCrate,
        Engine::ExactCoversDl,
        Engine::ExactCoversDc,
    ];

    /// The peers, every engine but ours.
    pub const PEERS: [Engine; 3] = [
        Engine::DlxCrate,
        Engine::ExactCoversDl,
        Engine::ExactCoversDc,
    ];

    /// A short name for tables and benchmark ids.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Dancing => "dancing",
            Engine::DlxCrate => "dlx-crate",
            Engine::ExactCoversDl => "exact-covers-dl",
            Engine::ExactCoversDc => "exact-covers-dc",
        }
    }
}

impl fmt::Display for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A colored or bounded problem for the benchmarks.
#[derive(Clone, Debug)]
pub struct XccProblem {
    /// A short name: the reference file's stem, or the generator and size.
    pub name: String,
    /// What it is, in a few words (for the report).
    pub what: &'static str,
    /// The problem.
    pub problem: Problem,
    /// Where it comes from: `file` or `generated`.
    pub origin: &'static str,
    /// The number of solutions, when it is a known fact (DLX2/DLX3's figures
    /// for the reference files, the literature for the generated ones).
    pub expected: Option<u64>,
    /// DLX2's or DLX3's number of search-tree nodes, when known: our engine
    /// must match it.
    pub expected_nodes: Option<u64>,
}

/// The reference file `file` (colors or bounds), with DLX2/DLX3's figures.
///
/// # Panics
/// If the file cannot be read or is not in [`figures::XCC`].
pub fn reference(file: &str, what: &'static str) -> XccProblem {
    let path = figures::reference_file(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    let problem = dancing::format::read_str(&text)
        .unwrap_or_else(|e| panic!("{file}: {e}"))
        .problem;
    let known = figures::xcc(file).unwrap_or_else(|| panic!("{file} has no DLX2/DLX3 figures"));
    XccProblem {
        name: file.trim_end_matches(".dlx").to_owned(),
        what,
        problem,
        origin: "file",
        expected: Some(known.brute_force),
        expected_nodes: Some(known.dlx3.nodes),
    }
}

fn generated(
    name: String,
    what: &'static str,
    generator: &impl ExactCover,
    expected: Option<u64>,
) -> XccProblem {
    XccProblem {
        name,
        what,
        problem: generator.problem().clone(),
        origin: "generated",
        expected,
        expected_nodes: None,
    }
}

/// The seed of the generated word lists.
pub const WORD_SEED: u64 = 7;

/// `count` distinct random words of `length` letters from `alphabet`, in
/// the order drawn (SplitMix64 from `seed`; each letter uniform).
///
/// # Panics
/// If there are fewer than `count` such words.
pub fn word_list(count: usize, length: u32, alphabet: &str, seed: u64) -> Vec<String> {
    let letters: Vec<char> = alphabet.chars().collect();
    let possible = (letters.len() as u64).checked_pow(length);
    assert!(
        possible.is_none_or(|p| p >= count as u64),
        "only {possible:?} words of {length} letters over {alphabet:?}"
    );
    let mut rng = SplitMix64::new(seed);
    let mut seen = std::collections::HashSet::new();
    let mut words = Vec::with_capacity(count);
    while words.len() < count {
        let word: String = (0..length)
            .map(|_| letters[rng.below_by_remainder(letters.len())])
            .collect();
        if seen.insert(word.clone()) {
            words.push(word);
        }
    }
    words
}

/// The words of the word-square benchmark: 90 five-letter words over a
/// five-letter alphabet.
pub fn square_words() -> Vec<String> {
    word_list(90, 5, "abcde", WORD_SEED)
}

/// The words of the word-rectangle benchmark: 60 four-letter and 60
/// six-letter words over a four-letter alphabet.
pub fn rectangle_words() -> Vec<String> {
    let mut words = word_list(60, 4, "abcd", WORD_SEED);
    words.extend(word_list(60, 6, "abcd", WORD_SEED + 1));
    words
}

/// Every colored or bounded benchmark, in the report's order: de Bruijn
/// cycles of order 4 and 5, word squares and rectangles (colors); 0-1
/// matrices with row and column sums 2, 5 x 5 and 6 x 6, and 4 x 4 sums in
/// 1..=2 (bounds).
pub fn problems() -> Vec<XccProblem> {
    let debruijn = |n: usize| DeBruijn::new(n).expect("an order in range");
    let sums_2 = |n: usize| ZeroOneMatrices::new(n, n, (2, 2), (2, 2)).expect("a size in range");
    vec![
        reference("debruijn4.dlx", "colors: binary de Bruijn cycles"),
        generated(
            "debruijn5".into(),
            "colors: binary de Bruijn cycles",
            &debruijn(5),
            figures::debruijn_cycles(5),
        ),
        generated(
            "words5x5".into(),
            "colors: word squares, 90 random words",
            &WordRectangles::new(&square_words(), 5, 5, false).expect("valid words"),
            None,
        ),
        generated(
            "words4x6".into(),
            "colors: word rectangles, 120 random words",
            &WordRectangles::new(&rectangle_words(), 4, 6, false).expect("valid words"),
            None,
        ),
        reference("rowcol5_2_2.dlx", "bounds: 0-1 matrices, sums 2"),
        generated(
            "rowcol6_2_2".into(),
            "bounds: 0-1 matrices, sums 2",
            &sums_2(6),
            figures::two_per_row_and_column(6),
        ),
        reference("rowcol4_1_2.dlx", "bounds with slack: sums 1..2"),
    ]
}

/// Why an engine does not run a problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotApplicable(pub String);

impl fmt::Display for NotApplicable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The `dlx` crate's input: the module that fits, with its own numbers
/// (items 0-based, primary first; colors 1-based, 0 for none; bounds as
/// `(u, v)`).
enum DlxInput {
    /// Algorithm C: colors, no bounds.
    C {
        primary: dlx::Uint,
        secondary: dlx::Uint,
        options: Vec<Vec<(dlx::Uint, dlx::Int)>>,
    },
    /// Algorithm M: bounds, no colors.
    M {
        bounds: Vec<(dlx::Int, dlx::Int)>,
        secondary: dlx::Uint,
        options: Vec<Vec<dlx::Uint>>,
    },
    /// Both.
    Mc {
        bounds: Vec<(dlx::Int, dlx::Int)>,
        secondary: dlx::Uint,
        options: Vec<Vec<(dlx::Uint, dlx::Int)>>,
    },
}

/// One option for `exact-covers`: its primary items, then its secondary
/// items with their colors (`None`: uncolored).
type CoversOption = (Vec<u32>, Vec<(u32, Option<u32>)>);

/// `exact-covers`' input: item labels (the peers' item numbers) and the
/// options.
struct CoversInput {
    primary: Vec<u32>,
    secondary: Vec<u32>,
    options: Vec<CoversOption>,
}

/// One problem, ready for every engine: the translations are made once,
/// outside any timing.
pub struct Prepared {
    problem: Problem,
    dlx: DlxInput,
    /// `Err` when `exact-covers` cannot express the problem (bounds).
    covers: Result<CoversInput, NotApplicable>,
    /// `Err` when `DcSolver` fails on it (unimplemented).
    dancing_cells: Result<(), NotApplicable>,
}

impl Prepared {
    /// Translates `problem` for every engine and finds out which peers
    /// can run it.
    ///
    /// # Panics
    /// If the problem has more items than fit in `u32`.
    pub fn new(problem: &Problem) -> Prepared {
        // Peer item numbers: primary items first, then secondary ones,
        // each kind in our order (so "leftmost" means the same item).
        let mut peer_index = vec![0u32; problem.item_count()];
        let mut primary = Vec::new();
        let mut secondary = Vec::new();
        for item in problem.items() {
            match problem.item_kind(item) {
                ItemKind::Primary => primary.push(item),
                ItemKind::Secondary => secondary.push(item),
            }
        }
        for (k, item) in primary.iter().chain(&secondary).enumerate() {
            peer_index[item.index()] = u32::try_from(k).expect("items fit in u32");
        }
        let primary_count = primary.len() as u32;
        let entries = |option| {
            problem
                .option(option)
                .iter()
                .zip(problem.option_colors(option))
                .map(|(item, color)| {
                    let code = color.map_or(0, |c| u32::try_from(c.index() + 1).expect("colors"));
                    (peer_index[item.index()], code)
                })
                .collect::<Vec<(u32, u32)>>()
        };
        let all: Vec<Vec<(u32, u32)>> = problem.options().map(|(id, _)| entries(id)).collect();

        let bounds: Vec<(dlx::Int, dlx::Int)> = primary
            .iter()
            .map(|&item| {
                let (u, v) = problem.item_bounds(item);
                (dlx::Int::from(u), dlx::Int::from(v))
            })
            .collect();
        let colored = |all: &[Vec<(u32, u32)>]| -> Vec<Vec<(dlx::Uint, dlx::Int)>> {
            all.iter()
                .map(|o| {
                    o.iter()
                        .map(|&(i, c)| (dlx::Uint::from(i), dlx::Int::from(c)))
                        .collect()
                })
                .collect()
        };
        let secondary_count = dlx::Uint::try_from(secondary.len()).expect("items fit");
        let dlx = match (problem.has_colors(), problem.has_bounds()) {
            (_, false) => DlxInput::C {
                primary: dlx::Uint::from(primary_count),
                secondary: secondary_count,
                options: colored(&all),
            },
            (false, true) => DlxInput::M {
                bounds,
                secondary: secondary_count,
                options: all
                    .iter()
                    .map(|o| o.iter().map(|&(i, _)| dlx::Uint::from(i)).collect())
                    .collect(),
            },
            (true, true) => DlxInput::Mc {
                bounds,
                secondary: secondary_count,
                options: colored(&all),
            },
        };

        let covers = if problem.has_bounds() {
            Err(NotApplicable(
                "no multiplicities (Algorithm C only)".to_owned(),
            ))
        } else {
            Ok(CoversInput {
                primary: (0..primary_count).collect(),
                secondary: (primary_count..primary_count + secondary.len() as u32).collect(),
                options: all
                    .iter()
                    .map(|o| {
                        let (p, s): (Vec<_>, Vec<_>) =
                            o.iter().partition(|&&(i, _)| i < primary_count);
                        (
                            p.into_iter().map(|(i, _)| i).collect(),
                            s.into_iter()
                                .map(|(i, c)| (i, (c > 0).then_some(c)))
                                .collect(),
                        )
                    })
                    .collect(),
            })
        };
        let mut prepared = Prepared {
            problem: problem.clone(),
            dlx,
            covers,
            dancing_cells: Ok(()),
        };
        prepared.dancing_cells = prepared.try_dancing_cells();
        prepared
    }

    /// The problem, as our engine takes it.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// Runs `DcSolver` once, catching its panic: `Err` with the panic's
    /// message when it has one.
    fn try_dancing_cells(&self) -> Result<(), NotApplicable> {
        let input = self.covers.as_ref().map_err(Clone::clone)?;
        let hook = panic::take_hook();
        panic::set_hook(Box::new(|_| {}));
        let outcome = panic::catch_unwind(AssertUnwindSafe(|| count_covers::<DcSolver>(input)));
        panic::set_hook(hook);
        match outcome {
            Ok(_) => Ok(()),
            Err(payload) => {
                let message = payload
                    .downcast_ref::<&str>()
                    .map(|s| (*s).to_owned())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "a panic".to_owned());
                Err(NotApplicable(format!("DcSolver panics: {message:?}")))
            }
        }
    }

    /// Whether `engine` can run this problem, and why not.
    pub fn applicable(&self, engine: Engine) -> Result<(), NotApplicable> {
        match engine {
            Engine::Dancing | Engine::DlxCrate => Ok(()),
            Engine::ExactCoversDl => self.covers.as_ref().map(|_| ()).map_err(Clone::clone),
            Engine::ExactCoversDc => self.dancing_cells.clone(),
        }
    }

    /// Counts every solution with `engine`, building its matrix first
    /// (`bump` is our engine's arena, reset here).
    pub fn count(&self, engine: Engine, bump: &mut bumpalo::Bump) -> Result<u64, NotApplicable> {
        self.applicable(engine)?;
        Ok(match engine {
            Engine::Dancing => crate::cover::dancing_count(&self.problem, bump).solutions,
            Engine::DlxCrate => self.count_dlx().0,
            Engine::ExactCoversDl | Engine::ExactCoversDc => {
                let input = self.covers.as_ref().map_err(Clone::clone)?;
                if engine == Engine::ExactCoversDl {
                    count_covers::<DlSolver<'_, u32, u32>>(input)
                } else {
                    count_covers::<DcSolver>(input)
                }
            }
        })
    }

    /// Our engine's statistics on this problem.
    pub fn dancing_stats(&self, bump: &mut bumpalo::Bump) -> dancing::Stats {
        crate::cover::dancing_count(&self.problem, bump)
    }

    /// The `dlx` crate's number of solutions and of search-tree nodes,
    /// counted as DLX2 and DLX3 count them (one per level entered, one per
    /// solution), so they can be compared with ours.
    pub fn dlx_crate_tree(&self) -> (u64, u64) {
        self.count_dlx()
    }

    /// The `dlx` crate's count and its number of nodes (its profile, the
    /// levels entered, plus one per solution).
    fn count_dlx(&self) -> (u64, u64) {
        use dlx::choose::{knuth_tiebreak, mrv_chooser, no_tiebreak, prefer_any};
        fn all<P: dlx::Solve>(
            problem: &mut P,
            chooser: &mut impl dlx::choose::Choose<P>,
        ) -> (u64, u64) {
            let mut solver = dlx::Solver::new(problem);
            let mut count = 0;
            while solver.next_solution(chooser) {
                count += 1;
            }
            let entered: usize = solver.get_profile().iter().sum();
            (count, entered as u64 + count)
        }
        match &self.dlx {
            DlxInput::C {
                primary,
                secondary,
                options,
            } => {
                let mut problem =
                    dlx::c::make_problem(*primary, *secondary, options, dlx::OptOrder::Seq);
                all(&mut problem, &mut mrv_chooser(prefer_any(), no_tiebreak()))
            }
            DlxInput::M {
                bounds,
                secondary,
                options,
            } => {
                let items = dlx::m::INodes::new(bounds.iter().copied(), *secondary);
                let n = bounds.len() as dlx::Uint + secondary;
                let opts =
                    dlx::x::ONodes::new(n, bounds.len() as dlx::Uint, options, dlx::OptOrder::Seq);
                let mut problem = dlx::m::Problem::new(items, opts);
                all(
                    &mut problem,
                    &mut mrv_chooser(prefer_any(), knuth_tiebreak()),
                )
            }
            DlxInput::Mc {
                bounds,
                secondary,
                options,
            } => {
                let items = dlx::m::INodes::new(bounds.iter().copied(), *secondary);
                let n = bounds.len() as dlx::Uint + secondary;
                let opts =
                    dlx::c::ONodes::new(n, bounds.len() as dlx::Uint, options, dlx::OptOrder::Seq);
                let mut problem = dlx::mc::Problem::new(items, opts);
                all(
                    &mut problem,
                    &mut mrv_chooser(prefer_any(), knuth_tiebreak()),
                )
            }
        }
    }
}

/// Counts with one of `exact-covers`' solvers, building it from `input`.
fn count_covers<'i, S: exact_covers::Solver<'i, u32, u32>>(input: &'i CoversInput) -> u64 {
    let mut solver = S::new(&input.primary, &input.secondary);
    for (primary, secondary) in &input.options {
        solver.add_option(primary, secondary);
    }
    let mut count = 0;
    solver.solve(|_| {
        count += 1;
        ControlFlow::Continue(())
    });
    count
}

/// Every engine's count on one problem: `Ok(count)`, or why it does not
/// run it.
pub fn counts(prepared: &Prepared) -> Vec<(Engine, Result<u64, NotApplicable>)> {
    let mut bump = bumpalo::Bump::new();
    Engine::ALL
        .iter()
        .map(|&engine| (engine, prepared.count(engine, &mut bump)))
        .collect()
}

/// The disagreements among the engines that ran, and with the known count:
/// empty when all is well.
pub fn disagreements(
    problem: &XccProblem,
    counts: &[(Engine, Result<u64, NotApplicable>)],
) -> Vec<String> {
    let mut failures = Vec::new();
    let ours = counts
        .iter()
        .find(|(e, _)| *e == Engine::Dancing)
        .and_then(|(_, c)| c.as_ref().ok().copied());
    for (engine, count) in counts {
        if let Ok(count) = count
            && Some(*count) != ours
        {
            failures.push(format!(
                "{}: {engine} counts {count}, ours {ours:?}",
                problem.name
            ));
        }
    }
    if problem.expected.is_some() && problem.expected != ours {
        failures.push(format!(
            "{}: ours counts {ours:?}, expected {:?}",
            problem.name, problem.expected
        ));
    }
    failures
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Word squares and rectangles counted without any exact cover: fill
    /// the rows one by one, keeping every column a prefix of some word.
    fn brute_force_rectangles(words: &[String], height: usize, width: usize) -> u64 {
        use std::collections::HashSet;
        let rows: Vec<Vec<char>> = words
            .iter()
            .map(|w| w.chars().collect::<Vec<_>>())
            .filter(|w| w.len() == width)
            .collect::<HashSet<_>>()
            .into_iter()
            .collect();
        let mut prefixes = HashSet::new();
        for word in words.iter().filter(|w| w.chars().count() == height) {
            let letters: Vec<char> = word.chars().collect();
            for k in 1..=height {
                prefixes.insert(letters[..k].to_vec());
            }
        }
        fn fill(
            grid: &mut Vec<Vec<char>>,
            rows: &[Vec<char>],
            prefixes: &HashSet<Vec<char>>,
            height: usize,
            width: usize,
        ) -> u64 {
            if grid.len() == height {
                return 1;
            }
            let mut total = 0;
            for row in rows {
                grid.push(row.clone());
                let ok = (0..width).all(|j| {
                    let column: Vec<char> = grid.iter().map(|r| r[j]).collect();
                    prefixes.contains(&column)
                });
                if ok {
                    total += fill(grid, rows, prefixes, height, width);
                }
                grid.pop();
            }
            total
        }
        fill(&mut Vec::new(), &rows, &prefixes, height, width)
    }

    #[test]
    fn word_lists_are_fixed_distinct_and_of_the_alphabet() {
        let words = word_list(20, 3, "xyz", 1);
        assert_eq!(words.len(), 20);
        assert_eq!(
            words.iter().collect::<std::collections::HashSet<_>>().len(),
            20
        );
        assert!(
            words
                .iter()
                .all(|w| w.len() == 3 && w.chars().all(|c| "xyz".contains(c)))
        );
        assert_eq!(words, word_list(20, 3, "xyz", 1));
        assert_ne!(words, word_list(20, 3, "xyz", 2));
    }

    #[test]
    fn every_engine_agrees_on_every_colored_and_bounded_reference_file() {
        for known in figures::XCC {
            let problem = reference(known.file, "reference");
            let prepared = Prepared::new(&problem.problem);
            let counts = counts(&prepared);
            assert_eq!(disagreements(&problem, &counts), Vec::<String>::new());
            // The dlx crate runs every file (C, M or both)...
            assert_eq!(counts[1], (Engine::DlxCrate, Ok(known.brute_force)));
            // ...and exact-covers exactly the files without bounds.
            let bounded = problem.problem.has_bounds();
            assert_eq!(counts[2].1.is_err(), bounded, "{}", known.file);
            // The same tree: the dlx crate's nodes are DLX3's too.
            let mut bump = bumpalo::Bump::new();
            assert_eq!(prepared.dancing_stats(&mut bump).nodes, known.dlx3.nodes);
            assert_eq!(
                prepared.dlx_crate_tree(),
                (known.brute_force, known.dlx3.nodes),
                "{}",
                known.file
            );
        }
    }

    /// The benchmarks compare the same work: the `dlx` crate walks our
    /// tree (DLX2's or DLX3's) on every benchmark but de Bruijn order 5
    /// (left out for time; order 4 is checked).
    #[test]
    fn the_dlx_crate_walks_our_tree_on_the_benchmarks() {
        let mut bump = bumpalo::Bump::new();
        for problem in problems().iter().filter(|p| p.name != "debruijn5") {
            let prepared = Prepared::new(&problem.problem);
            let ours = prepared.dancing_stats(&mut bump);
            assert_eq!(
                prepared.dlx_crate_tree(),
                (ours.solutions, ours.nodes),
                "{}",
                problem.name
            );
        }
    }

    /// Where the slack of an item exceeds its bound, DLX3 (and our engine)
    /// break ties on the smaller of the two, the `dlx` crate on the slack
    /// itself: the same solutions, another tree. None of the benchmarks
    /// has such items; this test says so if the crate changes.
    #[test]
    fn the_dlx_crate_breaks_ties_on_the_raw_slack() {
        let mut bump = bumpalo::Bump::new();
        let matrices = ZeroOneMatrices::new(4, 5, (1, 3), (2, 2)).unwrap();
        let prepared = Prepared::new(matrices.problem());
        let ours = prepared.dancing_stats(&mut bump);
        let (solutions, nodes) = prepared.dlx_crate_tree();
        assert_eq!(solutions, ours.solutions);
        assert_ne!(nodes, ours.nodes);
    }

    #[test]
    fn word_rectangles_agree_with_a_brute_force_count() {
        // Small instances of the benchmarks' kind; at least one has squares.
        let mut found = 0;
        for (count, length, alphabet, seed) in [(20, 3, "abc", 1), (40, 3, "abcd", 2)] {
            let words = word_list(count, length, alphabet, seed);
            let generator = WordRectangles::new(&words, 3, 3, false).unwrap();
            let problem = generated("w".into(), "words", &generator, None);
            let expected = brute_force_rectangles(&words, 3, 3);
            found += expected;
            let prepared = Prepared::new(&problem.problem);
            for (engine, count) in counts(&prepared) {
                if engine != Engine::ExactCoversDc {
                    assert_eq!(count, Ok(expected), "{engine}");
                }
            }
        }
        assert!(found > 0);
        let mut rectangle = word_list(6, 2, "abc", 3);
        rectangle.extend(word_list(20, 3, "abc", 4));
        let expected = brute_force_rectangles(&rectangle, 2, 3);
        assert!(expected > 0);
        let generator = WordRectangles::new(&rectangle, 2, 3, false).unwrap();
        let prepared = Prepared::new(generator.problem());
        assert_eq!(
            prepared.count(Engine::Dancing, &mut bumpalo::Bump::new()),
            Ok(expected)
        );
        assert_eq!(
            prepared.count(Engine::DlxCrate, &mut bumpalo::Bump::new()),
            Ok(expected)
        );
    }

    #[test]
    fn a_wrong_count_is_reported() {
        let problem = reference("debruijn3.dlx", "colors");
        let failures = disagreements(
            &problem,
            &[
                (Engine::Dancing, Ok(16)),
                (Engine::DlxCrate, Ok(15)),
                (Engine::ExactCoversDl, Err(NotApplicable("reason".into()))),
            ],
        );
        assert_eq!(failures.len(), 1, "{failures:?}");
        let failures = disagreements(&problem, &[(Engine::Dancing, Ok(17))]);
        assert_eq!(failures.len(), 1, "{failures:?}");
    }

    #[test]
    fn dancing_cells_is_detected_as_unimplemented_or_agrees() {
        let prepared = Prepared::new(&reference("debruijn3.dlx", "colors").problem);
        match prepared.applicable(Engine::ExactCoversDc) {
            Err(reason) => assert!(reason.0.contains("DcSolver panics"), "{reason}"),
            Ok(()) => assert_eq!(
                prepared.count(Engine::ExactCoversDc, &mut bumpalo::Bump::new()),
                Ok(16)
            ),
        }
    }
}
