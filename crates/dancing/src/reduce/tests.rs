//! The reductions' own checks: both ways of finding a blocking option, the
//! classes against a brute force, and the work on long options.

use super::*;
use crate::format;

/// Asserts that both ways of finding a blocking option give the same
/// answer on every option of `problem`, and returns how many block.
fn both_ways_agree(problem: &Problem) -> usize {
    let mut never = || false;
    let mut state = State::new(problem, &mut never);
    let needy: Vec<ItemId> = problem
        .items()
        .filter(|&item| state.is_live_primary(item) && state.bounds[item.index()].0 > 0)
        .collect();
    let mut blocking = 0;
    for (option, _) in problem.options() {
        if state.option_live[option.index()] {
            let (through_clashes, _) = state.blocks(option);
            let (by_witnesses, _) = state.blocks_by_witnesses(option, &needy);
            assert_eq!(through_clashes, by_witnesses, "option {}", option.index());
            blocking += usize::from(through_clashes);
        }
    }
    blocking
}

#[test]
fn both_ways_to_find_blocking_options_agree() {
    let files = [
        include_str!("../../tests/data/toy.dlx"),
        include_str!("../../tests/data/colors.dlx"),
        include_str!("../../tests/data/debruijn3.dlx"),
        include_str!("../../tests/data/knuth_dlx3_example.dlx"),
        include_str!("../../tests/data/rowcol4_1_2.dlx"),
        include_str!("../../tests/data/langford7.dlx"),
        include_str!("../../tests/data/pentomino3x20.dlx"),
        // Lower bounds of 2 and 3, colors, and a twin pair.
        "a 2|b | x\na b x:2\nb x:1\nb x:1\na\n",
        "3|a b | x y\na x:1\na x:1 b\na x:2\na y\nb y\na y:1\n",
        "1:2|a 2:3|b c\na b\na b\na b c\nc\n",
    ];
    let mut blocking = 0;
    for text in files {
        blocking += both_ways_agree(&format::read_str(text).unwrap().problem);
    }
    assert!(blocking > 100, "only {blocking} blocking options met");
}

/// A random problem in Knuth's format: up to 7 primary and 3 secondary
/// items (bounds on some primary ones when `bounds`), and up to 14 options
/// of up to 4 items, colors on some secondary ones.
fn random_text(random: &mut crate::random::SplitMix64, bounds: bool) -> String {
    let primary = 1 + random.below(7);
    let secondary = random.below(4);
    let mut text = String::new();
    for p in 0..primary {
        if bounds && random.below(3) == 0 {
            let lower = random.below(3);
            text += &format!("{lower}:{}|", (lower + random.below(2)).max(1));
        }
        text += &format!("p{p} ");
    }
    if secondary > 0 {
        text += "|";
        for s in 0..secondary {
            text += &format!(" s{s}");
        }
    }
    text += "\n";
    for _ in 0..1 + random.below(14) {
        let mut chosen = Vec::new();
        for _ in 0..1 + random.below(4) {
            let item = random.below(primary + secondary);
            if !chosen.contains(&item) {
                chosen.push(item);
            }
        }
        for item in chosen {
            if item < primary {
                text += &format!("p{item} ");
            } else if random.below(2) == 0 {
                text += &format!("s{}:{} ", item - primary, random.below(2));
            } else {
                text += &format!("s{} ", item - primary);
            }
        }
        text += "\n";
    }
    text
}

/// The live options of each item, as sets.
fn option_sets(state: &State<'_>) -> Vec<std::collections::BTreeSet<OptionId>> {
    state
        .problem
        .items()
        .map(|item| state.live_options(item).map(|entry| entry.option).collect())
        .collect()
}

/// Checks the classes of `state` against its option sets: one class for
/// the live items of the same nonempty set; the primary members of a
/// class's supersets are the live primary items holding all its options;
/// the subsets are the supersets the other way; the members in the order
/// of their first option.
fn check_classes(state: &mut State<'_>) {
    let sets = option_sets(state);
    let problem = state.problem;
    let classes = state.classes().expect("a small problem within the budget");
    let live = |item: ItemId| state.item_live[item.index()] && !sets[item.index()].is_empty();
    for j in problem.items() {
        let Some(c) = classes.class_of(j) else {
            assert!(!live(j), "item {} has no class", j.index());
            continue;
        };
        assert!(live(j));
        let holders: Vec<ItemId> = classes
            .supersets(c)
            .iter()
            .flat_map(|&s| classes.primary_members(s).iter().copied())
            .collect();
        for i in problem.items() {
            let same = live(i) && sets[i.index()] == sets[j.index()];
            assert_eq!(
                classes.class_of(i) == Some(c),
                same,
                "{} {}",
                j.index(),
                i.index()
            );
            let holds =
                live(i) && state.is_primary(i) && sets[j.index()].is_subset(&sets[i.index()]);
            assert_eq!(
                holders.contains(&i),
                holds,
                "{} in {}",
                j.index(),
                i.index()
            );
        }
        for &s in classes.supersets(c) {
            assert!(classes.subsets(s).contains(&c));
        }
        let places: Vec<u32> = classes
            .primary_members(c)
            .iter()
            .map(|item| {
                let first = sets[item.index()].first().unwrap();
                problem
                    .option(*first)
                    .iter()
                    .position(|i| i == item)
                    .unwrap() as u32
            })
            .collect();
        assert!(places.is_sorted(), "{places:?}");
    }
    for c in 0..classes.len() as u32 {
        for &s in classes.subsets(c) {
            assert!(classes.supersets(s).contains(&c));
        }
    }
}

#[test]
fn classes_and_their_supersets_agree_with_a_brute_force() {
    let mut random = crate::random::SplitMix64::new(46);
    let mut never = || false;
    let mut texts: Vec<String> = (0..400)
        .map(|k| random_text(&mut random, k % 2 == 0))
        .collect();
    texts.push(include_str!("../../tests/data/pentomino3x20.dlx").to_owned());
    texts.push(include_str!("../../tests/data/colors.dlx").to_owned());
    for text in &texts {
        let problem = format::read_str(text).unwrap().problem;
        let mut state = State::new(&problem, &mut never);
        check_classes(&mut state);
        // With options removed and items dropped, as a later round sees.
        if state.drop_implied_items().is_some() && state.remove_blocking_options().is_some() {
            check_classes(&mut state);
        }
    }
}

/// One option holding `n` items, and one holding half of them: reduced.
fn long_option(n: usize) -> Reduction {
    let items: Vec<String> = (0..n).map(|i| format!("i{i}")).collect();
    let line = items.join(" ");
    let text = format!("{line}\n{line}\n{}\n", items[..n / 2].join(" "));
    reduce(&format::read_str(&text).unwrap().problem)
}

/// An option holding every item makes every pair of items hold each
/// other's options: the reductions still end, with one item left, in work
/// that grows as the entries do.
#[test]
fn a_long_option_is_reduced_in_linear_work() {
    let small = long_option(2000);
    let large = long_option(4000);
    for (n, reduction) in [(2000, &small), (4000, &large)] {
        assert!(reduction.is_complete(), "{n} items");
        // The short option leaves the other half no option: it goes, and
        // then every item has the same options.
        assert_eq!(reduction.problem().item_count(), 1, "{n} items");
        assert_eq!(reduction.removed_options(), 1, "{n} items");
    }
    let ratio = large.work() as f64 / small.work() as f64;
    assert!(ratio < 2.2, "work {} then {}", small.work(), large.work());
}
