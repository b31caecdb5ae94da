//! The engine's integration tests: Knuth's reference figures, brute-force
//! cross-checks on random problems, the text format, and allocation.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::collections::BTreeSet;
use std::ops::ControlFlow;
use std::path::Path;

use bumpalo::Bump;
use dancing::format::{self, ParseErrorKind};
use dancing::{
    BuildError, ItemId, ItemKind, OptionId, ParallelSolver, Problem, ProblemBuilder, Progress,
    SelectError, Solver, Template,
};
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
    let fresh_bump = Bump::new();
    let mut fresh = Solver::new(&problem, &fresh_bump);
    fresh.count();
    assert_eq!(solver.profile(), fresh.profile());
    // A shallow search after a deep one counts only its own levels, and the
    // deep levels are clean for the next full search.
    solver.set_node_limit(Some(3));
    solver.count();
    assert_eq!(solver.profile(), [1, 1, 1]);
    solver.set_node_limit(None);
    assert_eq!(solver.count(), 92);
    assert_eq!(solver.profile(), fresh.profile());
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
    // A reset arena keeps only its last chunk, which can be smaller than
    // all a round asked for; the chunk after it is large enough.
    round(&mut bump);
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

// ---------------------------------------------------------------------------
// Selections, budgets and monitors.

/// Every solution in the order the search finds it, options in the order
/// chosen.
fn ordered_solutions(solver: &mut Solver<'_>) -> Vec<Vec<OptionId>> {
    let mut all = Vec::new();
    solver.search(|solution| {
        all.push(solution.options().to_vec());
        ControlFlow::Continue(())
    });
    all
}

#[test]
fn a_template_solver_searches_like_a_linked_one() {
    for file in ["queens8.dlx", "langford7.dlx", "partitions8.dlx", "toy.dlx"] {
        let problem = data(file);
        let (bump, template_bump) = (Bump::new(), Bump::new());
        let template = Template::new(&problem);
        let mut linked = Solver::new(&problem, &bump);
        let mut copied = Solver::from_template(&template, &template_bump);
        assert_eq!(
            ordered_solutions(&mut linked),
            ordered_solutions(&mut copied)
        );
        assert_eq!(linked.stats(), copied.stats(), "{file}");
        assert_eq!(linked.profile(), copied.profile(), "{file}");
    }
}

#[test]
fn selecting_options_keeps_exactly_the_solutions_that_hold_them() {
    for file in [
        "queens8.dlx",
        "langford7.dlx",
        "partitions8.dlx",
        "latin4.dlx",
    ] {
        let problem = data(file);
        let all = engine_solutions(&problem);
        let bump = Bump::new();
        let mut solver = Solver::new(&problem, &bump);
        // Select the options of one solution one by one: at each step the
        // solutions are those of the whole problem that hold the selection.
        let target = all.iter().nth(all.len() / 2).unwrap().clone();
        let mut selection = Vec::new();
        for &option in &target {
            solver.select(OptionId::new(option)).unwrap();
            selection.push(option);
            let expected: BTreeSet<Vec<usize>> = all
                .iter()
                .filter(|s| selection.iter().all(|o| s.contains(o)))
                .cloned()
                .collect();
            let mut found = BTreeSet::new();
            solver.search(|solution| {
                let options: Vec<usize> = solution.options().iter().map(|o| o.index()).collect();
                assert_eq!(
                    &options[..selection.len()],
                    &selection[..],
                    "selection first"
                );
                assert_exact_cover(&problem, solution.options());
                let mut sorted = options.clone();
                sorted.sort();
                found.insert(sorted);
                ControlFlow::Continue(())
            });
            assert_eq!(found, expected, "{file} with {selection:?}");
        }
        // Nothing else fits now.
        let other = (0..problem.option_count())
            .find(|o| {
                !target.contains(o) && !problem.ignored_options().contains(&OptionId::new(*o))
            })
            .unwrap();
        assert_eq!(
            solver.select(OptionId::new(other)),
            Err(SelectError::Conflict(OptionId::new(other)))
        );
        assert_eq!(solver.selected_count(), target.len());
        // Undoing the selection gives back the whole problem, tree and all.
        assert_eq!(
            solver.unselect(),
            Some(OptionId::new(*target.last().unwrap()))
        );
        solver.clear_selection();
        assert_eq!(solver.selected_count(), 0);
        let fresh_bump = Bump::new();
        let mut fresh = Solver::new(&problem, &fresh_bump);
        assert_eq!(
            ordered_solutions(&mut solver),
            ordered_solutions(&mut fresh)
        );
        assert_eq!(solver.stats(), fresh.stats(), "{file}");
    }
}

#[test]
fn selecting_ignored_or_unknown_options_is_an_error() {
    let problem = format::read_str("a b | x\na\nx\nb\n").unwrap().problem;
    let bump = Bump::new();
    let mut solver = Solver::new(&problem, &bump);
    assert_eq!(
        solver.select(OptionId::new(1)),
        Err(SelectError::Ignored(OptionId::new(1)))
    );
    assert_eq!(
        solver.select(OptionId::new(3)),
        Err(SelectError::NoSuchOption(OptionId::new(3)))
    );
    solver.select(OptionId::new(0)).unwrap();
    assert_eq!(
        solver.select(OptionId::new(0)),
        Err(SelectError::Conflict(OptionId::new(0)))
    );
    assert_eq!(solver.count(), 1);
}

#[test]
fn a_node_limit_stops_the_search_exactly_and_leaves_the_solver_whole() {
    let problem = data("queens10.dlx");
    let bump = Bump::new();
    let mut solver = Solver::new(&problem, &bump);
    for limit in [1, 2, 57, 5_000, 16_447] {
        solver.set_node_limit(Some(limit));
        let stats = solver.search(|_| ControlFlow::Continue(()));
        assert_eq!(stats.nodes, limit);
        assert!(!stats.complete);
        assert!(stats.solutions <= 724);
    }
    solver.set_node_limit(Some(16_448));
    assert!(solver.search(|_| ControlFlow::Continue(())).complete);
    solver.set_node_limit(None);
    assert_eq!(solver.count(), 724);
    assert_eq!(solver.stats().nodes, 16_448);
}

#[test]
fn a_monitor_sees_growing_progress_and_can_stop_the_search() {
    let problem = data("queens10.dlx");
    let bump = Bump::new();
    let mut solver = Solver::new(&problem, &bump);
    solver.set_checkpoint_interval(1_000);
    let mut seen: Vec<Progress> = Vec::new();
    let stats = solver.search_monitored(
        |_| ControlFlow::Continue(()),
        |progress| {
            seen.push(*progress);
            ControlFlow::Continue(())
        },
    );
    assert_eq!(seen.len(), 16);
    for (k, progress) in seen.iter().enumerate() {
        assert_eq!(progress.stats.nodes, 1_000 * (k as u64 + 1));
        assert!((0.0..1.0).contains(&progress.fraction));
    }
    assert!(seen.windows(2).all(|p| p[0].fraction <= p[1].fraction));
    assert!(
        seen.windows(2)
            .all(|p| p[0].stats.solutions <= p[1].stats.solutions)
    );
    // Ten queens are symmetric: halfway through the nodes is about halfway.
    assert!((seen[7].fraction - 0.5).abs() < 0.2, "{}", seen[7].fraction);
    assert!(stats.complete);

    let stopped = solver.search_monitored(
        |_| ControlFlow::Continue(()),
        |progress| {
            if progress.stats.nodes >= 3_000 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        },
    );
    assert_eq!(stopped.nodes, 3_000);
    assert!(!stopped.complete);
    assert_eq!(solver.count(), 724, "the stop unwound the matrix");
}

// ---------------------------------------------------------------------------
// The parallel search.

#[test]
fn parallel_search_adds_up_to_the_sequential_one_on_reference_problems() {
    for file in [
        "toy.dlx",
        "queens6.dlx",
        "queens10.dlx",
        "langford8.dlx",
        "latin4.dlx",
        "sudoku4x4_grids.dlx",
        "matchings12.dlx",
        "partitions8.dlx",
        "pentomino3x20.dlx",
    ] {
        let problem = data(file);
        let bump = Bump::new();
        let mut solver = Solver::new(&problem, &bump);
        let sequential = ordered_solutions(&mut solver);
        for (threads, tasks_per_thread) in [(2, 1), (2, 64), (3, 7)] {
            let mut parallel = ParallelSolver::new(&problem)
                .threads(threads)
                .tasks_per_thread(tasks_per_thread)
                .ordered(true);
            let mut found = Vec::new();
            let stats = parallel.search(|solution| {
                found.push(solution.options().to_vec());
                ControlFlow::Continue(())
            });
            let context = format!("{file} on {threads} threads, {tasks_per_thread} tasks each");
            assert_eq!(found, sequential, "{context}: solutions in order");
            assert_eq!(stats, solver.stats(), "{context}: statistics");
            assert_eq!(parallel.profile(), solver.profile(), "{context}: profile");
            assert_eq!(parallel.count(), sequential.len() as u64, "{context}");
            assert_eq!(parallel.stats(), solver.stats(), "{context}: counting");
        }
        let mut unordered = ParallelSolver::new(&problem).threads(2);
        let mut found = BTreeSet::new();
        unordered.search(|solution| {
            assert!(found.insert(solution.options().to_vec()));
            ControlFlow::Continue(())
        });
        assert_eq!(
            found,
            sequential.iter().cloned().collect(),
            "{file}: unordered"
        );
    }
}

#[test]
fn parallel_search_stops_when_asked() {
    let problem = data("queens10.dlx");
    let bump = Bump::new();
    let mut solver = Solver::new(&problem, &bump);
    let first_ten = solver.collect(10);

    let mut parallel = ParallelSolver::new(&problem).threads(2).ordered(true);
    let mut found = Vec::new();
    let stats = parallel.search(|solution| {
        found.push(solution.options().to_vec());
        if found.len() == 10 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!(found, first_ten, "the first ten, in order");
    assert!(!stats.complete);

    let mut limited = ParallelSolver::new(&problem)
        .threads(2)
        .node_limit(Some(5_000));
    let stats = limited.search(|_| ControlFlow::Continue(()));
    assert!(!stats.complete);
    assert!(
        stats.nodes >= 5_000 && stats.nodes < 16_448,
        "{}",
        stats.nodes
    );

    let mut monitored = ParallelSolver::new(&problem)
        .threads(2)
        .progress_interval(std::time::Duration::ZERO);
    let mut calls = 0;
    let stats = monitored.search_monitored(
        |_| ControlFlow::Continue(()),
        |progress| {
            calls += 1;
            assert!((0.0..=1.0).contains(&progress.fraction));
            ControlFlow::Break(())
        },
    );
    assert_eq!(calls, 1);
    assert!(!stats.complete);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn parallel_search_finds_exactly_the_brute_force_solutions(
        problem in random_problem(),
        threads in 2usize..4,
        tasks_per_thread in 1usize..4,
    ) {
        let expected = brute_force_solutions(&problem);
        let bump = Bump::new();
        let mut solver = Solver::new(&problem, &bump);
        let sequential = ordered_solutions(&mut solver);
        let mut parallel = ParallelSolver::new(&problem)
            .threads(threads)
            .tasks_per_thread(tasks_per_thread)
            .ordered(true);
        let mut found = Vec::new();
        let stats = parallel.search(|solution| {
            found.push(solution.options().to_vec());
            ControlFlow::Continue(())
        });
        prop_assert_eq!(&found, &sequential);
        prop_assert_eq!(stats, solver.stats());
        let sorted: BTreeSet<Vec<usize>> = found
            .iter()
            .map(|s| {
                let mut s: Vec<usize> = s.iter().map(|o| o.index()).collect();
                s.sort();
                s
            })
            .collect();
        prop_assert_eq!(sorted, expected);
    }
}
