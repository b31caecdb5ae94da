//! The engine's integration tests: Knuth's reference figures, brute-force
//! cross-checks on random problems, the text format, and allocation.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::collections::BTreeSet;
use std::ops::ControlFlow;
use std::path::Path;

use bumpalo::Bump;
use dancing::format::{self, ParseErrorKind};
use dancing::{BuildError, ItemId, ItemKind, OptionId, Problem, ProblemBuilder, Solver};
use proptest::prelude::*;
use proptest::strategy::ValueTree;

// ---------------------------------------------------------------------------
// Allocation counting, per thread so that parallel tests do not interfere.

struct CountingAllocator;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

// SAFETY: forwards every call to the system allocator unchanged; the counter
// is a const-initialised thread-local `Cell<u64>`, which needs no allocation
// and no destructor, so touching it from inside the allocator cannot recurse.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|count| count.set(count.get() + 1));
        // SAFETY: same contract as our caller's.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as our caller's.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|count| count.set(count.get() + 1));
        // SAFETY: same contract as our caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

// ---------------------------------------------------------------------------
// Helpers.

fn data(name: &str) -> Problem {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    format::read_str(&text)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .problem
}

/// All solutions, each as a sorted list of option indices.
fn engine_solutions(problem: &Problem) -> BTreeSet<Vec<usize>> {
    let bump = Bump::new();
    let mut solver = Solver::new(problem, &bump);
    let mut all = BTreeSet::new();
    solver.search(|solution| {
        let mut options: Vec<usize> = solution.options().iter().map(|o| o.index()).collect();
        options.sort();
        assert!(all.insert(options), "a solution was reported twice");
        ControlFlow::Continue(())
    });
    all
}

/// Checks that `options` covers every primary item once and every secondary
/// item at most once.
fn assert_exact_cover(problem: &Problem, options: &[OptionId]) {
    let mut covered = vec![0u32; problem.item_count()];
    for &option in options {
        for &item in problem.option(option) {
            covered[item.index()] += 1;
        }
    }
    for item in problem.items() {
        let times = covered[item.index()];
        match problem.item_kind(item) {
            ItemKind::Primary => {
                assert_eq!(times, 1, "primary item {item:?} covered {times} times")
            }
            ItemKind::Secondary => {
                assert!(times <= 1, "secondary item {item:?} covered {times} times")
            }
        }
    }
}

/// Every subset of the options that the search may use, checked directly.
fn brute_force_solutions(problem: &Problem) -> BTreeSet<Vec<usize>> {
    let usable: Vec<usize> = problem
        .options()
        .filter(|(id, _)| !problem.ignored_options().contains(id))
        .map(|(id, _)| id.index())
        .collect();
    assert!(usable.len() <= 16, "brute force is for small problems");
    let mut all = BTreeSet::new();
    'subsets: for mask in 0u32..(1 << usable.len()) {
        let chosen: Vec<usize> = (0..usable.len())
            .filter(|&k| mask & (1 << k) != 0)
            .map(|k| usable[k])
            .collect();
        let mut covered = vec![0u32; problem.item_count()];
        for &option in &chosen {
            for &item in problem.option(OptionId::new(option)) {
                covered[item.index()] += 1;
            }
        }
        for item in problem.items() {
            let limit_ok = match problem.item_kind(item) {
                ItemKind::Primary => covered[item.index()] == 1,
                ItemKind::Secondary => covered[item.index()] <= 1,
            };
            if !limit_ok {
                continue 'subsets;
            }
        }
        all.insert(chosen);
    }
    all
}

// ---------------------------------------------------------------------------
// Knuth's reference figures (DLX1), from the files' README.

#[test]
fn reference_problems_match_dlx1_solutions_nodes_and_updates() {
    let table: &[(&str, u64, u64, u64)] = &[
        ("toy.dlx", 1, 6, 30),
        ("queens6.dlx", 4, 111, 1_973),
        ("queens8.dlx", 92, 1_199, 21_375),
        ("queens10.dlx", 724, 16_448, 312_964),
        ("queens12.dlx", 14_200, 327_813, 6_285_452),
        ("langford7.dlx", 52, 607, 8_339),
        ("langford8.dlx", 300, 2_789, 37_241),
        ("latin4.dlx", 576, 4_745, 34_017),
        ("sudoku4x4_grids.dlx", 288, 2_157, 22_545),
        ("matchings12.dlx", 10_395, 25_059, 104_490),
        ("partitions8.dlx", 4_140, 8_280, 87_056),
        ("pentomino3x20.dlx", 8, 32_978, 10_986_975),
    ];
    for &(file, solutions, nodes, updates) in table {
        let problem = data(file);
        let bump = Bump::new();
        let mut solver = Solver::new(&problem, &bump);
        let mut seen = 0;
        let stats = solver.search(|solution| {
            seen += 1;
            assert_exact_cover(&problem, solution.options());
            ControlFlow::Continue(())
        });
        assert_eq!(
            (stats.solutions, stats.nodes, stats.updates),
            (solutions, nodes, updates),
            "{file}"
        );
        assert_eq!(seen, solutions, "{file}");
        assert!(stats.complete);
        assert_eq!(
            solver.profile().iter().sum::<u64>(),
            nodes,
            "{file}: profile"
        );
        assert_eq!(solver.profile()[0], 1, "{file}: one root");
    }
}

#[test]
fn queens8_statistics_are_those_of_the_cli_example() {
    let problem = data("queens8.dlx");
    let bump = Bump::new();
    let stats = Solver::new(&problem, &bump).search(|_| ControlFlow::Continue(()));
    assert_eq!(stats.max_depth, 8);
}

#[test]
fn a_solver_can_search_again_after_stopping_early() {
    let problem = data("queens8.dlx");
    let bump = Bump::new();
    let mut solver = Solver::new(&problem, &bump);
    assert_eq!(solver.count_up_to(5), 5);
    assert!(!solver.stats().complete);
    let first = solver.first().unwrap();
    assert_exact_cover(&problem, &first);
    assert_eq!(solver.collect(3).len(), 3);
    assert_eq!(solver.collect(3)[0], first, "searches are deterministic");
    // After all the stops, a full count still sees the whole tree.
    assert_eq!(solver.count(), 92);
    assert_eq!(solver.stats().nodes, 1_199);
    assert_eq!(solver.count_up_to(0), 0);
    assert_eq!(solver.count_up_to(1000), 92);
}

#[test]
fn toy_problem_solution_is_knuths() {
    let problem = data("toy.dlx");
    let bump = Bump::new();
    let solution = Solver::new(&problem, &bump).first().unwrap();
    let mut lines: Vec<String> = solution
        .iter()
        .map(|&o| {
            let names: Vec<&str> = problem
                .option(o)
                .iter()
                .map(|&i| problem.item_name(i).unwrap())
                .collect();
            names.join(" ")
        })
        .collect();
    lines.sort();
    assert_eq!(lines, ["A D", "B G", "C E F"]);
}

#[test]
fn options_without_primary_items_are_ignored_with_a_warning() {
    let parsed = format::read_str("a b | x y\na x\nx y\nb y\n| comment\ny\n").unwrap();
    let lines: Vec<usize> = parsed.warnings.iter().map(|w| w.line).collect();
    assert_eq!(lines, [3, 6]);
    assert_eq!(
        parsed.problem.ignored_options(),
        [OptionId::new(1), OptionId::new(3)]
    );
    assert_eq!(
        engine_solutions(&parsed.problem),
        BTreeSet::from([vec![0, 2]])
    );
}

#[test]
fn primary_items_declared_after_secondary_ones_still_work() {
    let mut builder = ProblemBuilder::new();
    let x = builder.secondary_item("x").unwrap();
    let a = builder.primary_item("a").unwrap();
    let y = builder.secondary_item("y").unwrap();
    let b = builder.primary_item("b").unwrap();
    builder.option([a, x]).unwrap();
    builder.option([x, b]).unwrap();
    builder.option([b, y]).unwrap();
    builder.option([a, b]).unwrap();
    let problem = builder.build().unwrap();
    assert_eq!(engine_solutions(&problem), brute_force_solutions(&problem));
    assert_eq!(
        engine_solutions(&problem),
        BTreeSet::from([vec![0, 2], vec![3]])
    );
}

// ---------------------------------------------------------------------------
// Building errors.

#[test]
fn builder_rejects_bad_problems_with_typed_errors() {
    let mut builder = ProblemBuilder::new();
    let a = builder.primary_item("a").unwrap();
    assert_eq!(
        builder.primary_item("a"),
        Err(BuildError::DuplicateItemName { name: "a".into() })
    );
    for bad in ["", "x y", "x:1", "p|q", "tab\there"] {
        assert_eq!(
            builder.secondary_item(bad),
            Err(BuildError::InvalidItemName { name: bad.into() })
        );
    }
    assert_eq!(
        builder.option([a, ItemId::new(7)]),
        Err(BuildError::UnknownItem { index: 7 })
    );
    assert_eq!(
        builder.option([a, a]),
        Err(BuildError::DuplicateItemInOption { item: a })
    );
    assert_eq!(
        builder.option_by_names(["a", "zz"]),
        Err(BuildError::UnknownItemName { name: "zz".into() })
    );
    // A failed option leaves no trace.
    assert_eq!(builder.option([a]), Ok(OptionId::new(0)));
    let problem = builder.build().unwrap();
    assert_eq!(problem.option_count(), 1);
    assert_eq!(problem.option(OptionId::new(0)), [a]);

    let mut only_secondary = ProblemBuilder::new();
    only_secondary.secondary_item("x").unwrap();
    assert_eq!(
        only_secondary.build().err(),
        Some(BuildError::NoPrimaryItem)
    );
}

#[test]
fn long_options_are_checked_for_repeats_too() {
    let mut builder = ProblemBuilder::new();
    let first = builder.primary_items(100).unwrap();
    let item = |k: usize| ItemId::new(first.index() + k);
    let long: Vec<ItemId> = (0..100).map(item).collect();
    builder.option(long.iter().copied()).unwrap();
    let mut repeated = long.clone();
    repeated.push(item(3));
    assert_eq!(
        builder.option(repeated),
        Err(BuildError::DuplicateItemInOption { item: item(3) })
    );
    // The failed option's marks do not leak into the next one.
    builder.option(long.iter().copied()).unwrap();
    let problem = builder.build().unwrap();
    assert_eq!(
        engine_solutions(&problem),
        BTreeSet::from([vec![0], vec![1]])
    );
}

// ---------------------------------------------------------------------------
// The text format.

fn parse_error(text: &str) -> (usize, usize, String) {
    let error = format::read_str(text).expect_err("the text should be rejected");
    (error.line, error.column, error.to_string())
}

#[test]
fn format_errors_name_line_and_column() {
    let (line, column, message) = parse_error("| c\na b\na c\n");
    assert_eq!((line, column), (3, 3));
    assert!(message.contains("unknown item `c`"), "{message}");

    let (line, column, message) = parse_error("a b c\nb\tc  b\n");
    assert_eq!((line, column), (2, 6));
    assert!(message.contains("twice"), "{message}");

    let (line, column, message) = parse_error("a b a\n");
    assert_eq!((line, column), (1, 5));
    assert!(message.contains("declared twice"), "{message}");

    let (line, column, message) = parse_error("a | x | y\n");
    assert_eq!((line, column), (1, 7));
    assert!(message.contains("second `|`"), "{message}");

    let (line, column, message) = parse_error("a b|c\n");
    assert_eq!((line, column), (1, 4));
    assert!(message.contains("illegal character '|'"), "{message}");

    let (line, column, message) = parse_error("a b\na b|\n");
    assert_eq!((line, column), (2, 4));
    assert!(message.contains("illegal character '|'"), "{message}");

    assert_eq!(parse_error("").0, 1);
    assert!(
        parse_error("| only\n| comments\n\n")
            .2
            .contains("no line of item names")
    );
    assert!(matches!(
        format::read_str("a\n\u{fffd}\n").map(|_| ()),
        Err(format::ParseError { line: 2, .. })
    ));
    let bad_utf8 = format::read(&b"a b\na \xff\n"[..]).unwrap_err();
    assert_eq!(bad_utf8.line, 2);
    assert!(matches!(bad_utf8.kind, ParseErrorKind::InvalidUtf8));

    let long_name = format!("a {}\n", "n".repeat(format::MAX_NAME_BYTES + 1));
    let error = format::read_str(&long_name).unwrap_err();
    assert!(matches!(error.kind, ParseErrorKind::NameTooLong));
    assert_eq!((error.line, error.column), (1, 3));
}

#[test]
fn colors_and_multiplicities_are_rejected_not_misread() {
    let colors = "| color example\nA B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\n";
    let error = format::read_str(colors).unwrap_err();
    assert!(matches!(error.kind, ParseErrorKind::ColorsUnsupported));
    assert_eq!((error.line, error.column), (3, 5));
    assert!(error.to_string().contains("colors"), "{error}");

    let multiplicities = "a 2:3|b c\na b c\n";
    let error = format::read_str(multiplicities).unwrap_err();
    assert!(matches!(
        error.kind,
        ParseErrorKind::MultiplicitiesUnsupported
    ));
    assert_eq!((error.line, error.column), (1, 3));
    assert!(error.to_string().contains("multiplicities"), "{error}");

    let error = format::read_str("a b\n|x\na b:c\n").unwrap_err();
    assert!(matches!(error.kind, ParseErrorKind::ColorsUnsupported));
    assert_eq!(error.line, 3);

    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/colors.dlx");
    let text = std::fs::read_to_string(path).unwrap();
    let error = format::read_str(&text).unwrap_err();
    assert!(matches!(error.kind, ParseErrorKind::ColorsUnsupported));
    assert_eq!(error.line, 3);
}

#[test]
fn tabs_crlf_comments_and_odd_names_are_read() {
    let text = "| comment\r\n\r\n  \tα\tβ2 [x]  |  s#1 \r\n α [x]\r\n  | indented comment\r\nβ2 s#1\r\n[x] β2";
    let parsed = format::read_str(text).unwrap();
    let problem = &parsed.problem;
    assert!(parsed.warnings.is_empty());
    assert_eq!((problem.primary_count(), problem.secondary_count()), (3, 1));
    assert_eq!(problem.item_name(ItemId::new(3)), Some("s#1"));
    assert_eq!(problem.option_count(), 3);
    assert_eq!(engine_solutions(problem), BTreeSet::from([vec![0, 1]]));

    // A bar glued to the first secondary name.
    let parsed = format::read_str("a |x\na x\n").unwrap();
    assert_eq!(parsed.problem.secondary_count(), 1);
}

#[test]
fn every_reference_file_survives_a_round_trip() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.file_name().unwrap() == "colors.dlx" {
            continue;
        }
        let problem = format::read_str(&std::fs::read_to_string(&path).unwrap())
            .unwrap()
            .problem;
        let mut text = Vec::new();
        format::write(&problem, &mut text).unwrap();
        let again = format::read(&text[..]).unwrap().problem;
        assert_eq!(problem, again, "{}", path.display());
    }
}

#[test]
fn unnamed_items_are_written_with_index_names() {
    let mut builder = ProblemBuilder::new();
    let first = builder.primary_items(2).unwrap();
    let x = builder.secondary_items(1).unwrap();
    builder.option([first, x]).unwrap();
    builder.option([ItemId::new(1)]).unwrap();
    let problem = builder.build().unwrap();
    let mut text = Vec::new();
    format::write(&problem, &mut text).unwrap();
    assert_eq!(String::from_utf8(text).unwrap(), "#0 #1 | #2\n#0 #2\n#1\n");
}

// ---------------------------------------------------------------------------
// Random problems against brute force.

/// A random small problem: `primary` + `secondary` named items, a planted
/// solution when asked (a random partition of the primary items, each part
/// with a few secondary items), and random extra options.
fn random_problem() -> impl Strategy<Value = Problem> {
    (1usize..7, 0usize..4, any::<bool>())
        .prop_flat_map(|(primary, secondary, planted)| {
            let items = primary + secondary;
            let option = proptest::collection::btree_set(0..items, 1..=items.min(4));
            let extra = proptest::collection::vec(option, 0..10);
            let partition = proptest::collection::vec(
                (0..primary, proptest::option::of(0..secondary.max(1))),
                primary,
            );
            (
                Just(primary),
                Just(secondary),
                Just(planted),
                extra,
                partition,
            )
        })
        .prop_map(|(primary, secondary, planted, extra, partition)| {
            let mut builder = ProblemBuilder::new();
            for k in 0..primary {
                builder.primary_item(&format!("p{k}")).unwrap();
            }
            for k in 0..secondary {
                builder.secondary_item(&format!("s{k}")).unwrap();
            }
            let mut options: Vec<BTreeSet<usize>> = extra;
            if planted {
                // Item k goes to part partition[k].0; a part may take one
                // secondary item if no other part took it.
                let mut parts: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); primary];
                let mut used_secondary = BTreeSet::new();
                for (k, &(part, extra_secondary)) in partition.iter().enumerate() {
                    parts[part].insert(k);
                    if let Some(s) = extra_secondary.filter(|_| secondary > 0)
                        && used_secondary.insert(s)
                    {
                        parts[part].insert(primary + s);
                    }
                }
                options.extend(parts.into_iter().filter(|p| p.iter().any(|&i| i < primary)));
            }
            for option in options {
                builder.option(option.into_iter().map(ItemId::new)).unwrap();
            }
            builder.build().unwrap()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn engine_finds_exactly_the_brute_force_solutions(problem in random_problem()) {
        let found = engine_solutions(&problem);
        prop_assert_eq!(&found, &brute_force_solutions(&problem));
        for solution in &found {
            let options: Vec<OptionId> = solution.iter().map(|&k| OptionId::new(k)).collect();
            assert_exact_cover(&problem, &options);
        }
        let bump = Bump::new();
        let mut solver = Solver::new(&problem, &bump);
        prop_assert_eq!(solver.count(), found.len() as u64);
        prop_assert_eq!(solver.count_up_to(2), found.len().min(2) as u64);
        prop_assert_eq!(solver.first().is_some(), !found.is_empty());
    }

    #[test]
    fn written_problems_read_back_the_same(problem in random_problem()) {
        let mut text = Vec::new();
        format::write(&problem, &mut text).unwrap();
        let again = format::read(&text[..]).unwrap();
        prop_assert_eq!(&again.problem, &problem);
        prop_assert_eq!(again.warnings.len(), problem.ignored_options().len());
    }
}

#[test]
fn planted_problems_have_a_solution() {
    // A check on the generator itself: with `planted` the brute force must
    // find a solution, otherwise the property above proves less than it says.
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let mut planted_seen = 0;
    for _ in 0..200 {
        let problem = random_problem().new_tree(&mut runner).unwrap().current();
        let solutions = brute_force_solutions(&problem);
        if !solutions.is_empty() {
            planted_seen += 1;
        }
    }
    assert!(
        planted_seen > 50,
        "only {planted_seen} of 200 random problems had a solution"
    );
}

// ---------------------------------------------------------------------------
// No allocation in the steady state.

#[test]
fn solving_in_a_loop_allocates_nothing_once_warm() {
    let problem = data("queens8.dlx");
    let mut bump = Bump::new();
    let round = |bump: &mut Bump| {
        bump.reset();
        let mut solver = Solver::new(&problem, bump);
        assert_eq!(solver.count(), 92);
        assert_eq!(solver.count_up_to(2), 2);
    };
    round(&mut bump);
    let before = allocations();
    for _ in 0..10 {
        round(&mut bump);
    }
    assert_eq!(
        allocations() - before,
        0,
        "heap allocations in the steady state"
    );
}

#[test]
fn rebuilding_problems_with_a_recycled_builder_allocates_nothing_once_warm() {
    // Exact cover of {0..n} by pairs {k, k+1} and singletons: a fresh problem
    // every round, built into recycled buffers.
    let mut bump = Bump::new();
    let mut problem = Problem::default();
    let mut counts = Vec::with_capacity(16);
    let rounds = |bump: &mut Bump, problem: &mut Problem, rounds: usize, counts: &mut Vec<u64>| {
        for _ in 0..rounds {
            let mut builder = ProblemBuilder::recycle(std::mem::take(problem));
            let first = builder.primary_items(10).unwrap();
            for k in 0..10 {
                builder.option([ItemId::new(first.index() + k)]).unwrap();
                if k + 1 < 10 {
                    builder
                        .option([ItemId::new(k), ItemId::new(k + 1)])
                        .unwrap();
                }
            }
            *problem = builder.build().unwrap();
            bump.reset();
            counts.push(Solver::new(problem, bump).count());
        }
    };
    rounds(&mut bump, &mut problem, 2, &mut counts);
    let before = allocations();
    rounds(&mut bump, &mut problem, 10, &mut counts);
    assert_eq!(
        allocations() - before,
        0,
        "heap allocations in the steady state"
    );
    // Tilings of a 1x10 strip by monominoes and dominoes: Fibonacci(11).
    assert!(counts.iter().all(|&c| c == 89), "{counts:?}");
}
