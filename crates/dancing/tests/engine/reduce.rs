//! Preprocessing (`reduce`): the reduced problem has the same solutions,
//! mapped back, on every reference file (plain, colored and bounded) and on
//! random problems; the reductions do happen, colors and bounds included;
//! the reduced problem reads back from Knuth's format.

use bumpalo::Bump;
use dancing::expert::{Reduction, Solver, reduce};
use dancing::{OptionId, Problem, format};
use dancing_testkit::strategies::{colored_bounded_problem, proptest_config, small_problem};
use dancing_testkit::{brute, figures};
use proptest::prelude::*;

use super::{data, engine_solutions, mapped_solutions};
use dancing::expert::Search;

fn count(problem: &Problem) -> u64 {
    let bump = Bump::new();
    Solver::new(problem, &bump).count()
}

fn parse(text: &str) -> Problem {
    format::read_str(text).unwrap().problem
}

fn written(problem: &Problem) -> String {
    let mut out = Vec::new();
    format::write(problem, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

/// The original indices of the reduced problem's options.
fn kept(reduction: &Reduction) -> Vec<usize> {
    (0..reduction.problem().option_count())
        .map(|k| reduction.original(OptionId::new(k)).index())
        .collect()
}

/// The solutions of the reduced problem, mapped back to the original's
/// options.
fn mapped(reduction: &Reduction) -> std::collections::BTreeSet<Vec<OptionId>> {
    mapped_solutions(reduction.problem(), |o| reduction.original(o))
}

fn every_reference_file() -> impl Iterator<Item = &'static str> {
    figures::DLX1
        .iter()
        .map(|figures| figures.file)
        .chain(figures::COLORED_FILES)
}

#[test]
fn reduced_reference_problems_have_the_same_solutions() {
    for file in every_reference_file() {
        let problem = data(file);
        let reduction = reduce(&problem);
        assert!(reduction.is_complete(), "{file}");
        let reduced = reduction.problem();
        assert_eq!(
            reduced.option_count() + reduction.removed_options(),
            problem.option_count(),
            "{file}"
        );
        assert_eq!(
            reduced.item_count() + reduction.removed_items(),
            problem.item_count(),
            "{file}"
        );
        let before = count(&problem);
        assert_eq!(count(reduced), before, "{file}");
        if before <= 5_000 {
            assert_eq!(mapped(&reduction), engine_solutions(&problem), "{file}");
        }
        // The mapping keeps the options' order and each option's items
        // (those left) and colors.
        let originals = kept(&reduction);
        assert!(originals.windows(2).all(|w| w[0] < w[1]), "{file}");
        for (k, &original) in originals.iter().enumerate() {
            let option = OptionId::new(k);
            let named = |p: &Problem, o: OptionId| -> Vec<(String, Option<String>)> {
                p.option(o)
                    .iter()
                    .zip(p.option_colors(o))
                    .map(|(&item, color)| {
                        (
                            p.item_name(item).unwrap().to_owned(),
                            color.map(|c| p.color_name(c).unwrap().to_owned()),
                        )
                    })
                    .collect()
            };
            let reduced_entries = named(reduced, option);
            let original_entries = named(&problem, OptionId::new(original));
            assert!(
                reduced_entries
                    .iter()
                    .all(|entry| original_entries.contains(entry)),
                "{file}: {reduced_entries:?} is not part of {original_entries:?}"
            );
        }
        // Knuth's format carries the reduced problem, colors and bounds.
        assert_eq!(&parse(&written(reduced)), reduced, "{file}");
        // Reducing again finds nothing more.
        let again = reduce(reduced);
        assert_eq!(again.removed_options(), 0, "{file}");
        assert_eq!(again.removed_items(), 0, "{file}");
        assert_eq!(again.tightened_bounds(), 0, "{file}");
    }
}

#[test]
fn every_colored_and_bounded_reference_file_is_reduced_without_refusal() {
    let mut shrunk = 0;
    for file in figures::COLORED_FILES {
        let problem = data(file);
        assert!(problem.has_colors() || problem.has_bounds(), "{file}");
        let reduction = reduce(&problem);
        assert_eq!(
            count(reduction.problem()),
            figures::xcc(file).unwrap().brute_force,
            "{file}"
        );
        shrunk += usize::from(reduction.removed_options() + reduction.removed_items() > 0);
    }
    assert!(shrunk >= 3, "only {shrunk} colored or bounded files shrank");
}

#[test]
fn blocking_options_and_forced_items_are_removed() {
    // `b` goes with `a` whenever `a` is covered: `b c` goes, `b` merges
    // into `a`. Likewise `e` goes with `f`: `d e` goes, `e` merges.
    let problem = parse("a b c d e f\na b\nb c\nc\nd e\nd\ne f\n");
    let reduction = reduce(&problem);
    assert_eq!(reduction.removed_options(), 2);
    assert_eq!(reduction.removed_items(), 2);
    assert_eq!(reduction.forced_items_kept(), 0);
    assert_eq!(count(reduction.problem()), 1);
    assert_eq!(mapped(&reduction), engine_solutions(&problem));
    // Of two items that imply each other, the one declared first stays.
    assert_eq!(written(reduction.problem()), "a c d e\na\nc\nd\ne\n");
}

#[test]
fn an_item_no_option_holds_keeps_the_count_at_zero() {
    let problem = parse("a b c\na b\nb\n");
    let reduction = reduce(&problem);
    assert_eq!(count(reduction.problem()), 0);
    assert_eq!(reduction.problem().option_count(), 0);
}

/// An option that leaves another item no disjoint option is removed.
#[test]
fn an_option_that_blocks_an_item_is_removed() {
    // `a c` leaves `b` only `b c` and `a b`, which it blocks; `b c`
    // blocks `a` likewise.
    let problem = parse("a b c\na c\nb c\na b\nc\n");
    let reduction = reduce(&problem);
    assert_eq!(reduction.removed_options(), 2);
    assert_eq!(kept(&reduction), [2, 3]);
    assert_eq!(mapped(&reduction), engine_solutions(&problem));
}

#[test]
fn knuths_color_example_reduces_as_dlx_pre_does_and_further() {
    // DLX-PRE drops `X:0 Y:1` (no primary item), `A B X:0 Y:0` (it leaves
    // `C` nothing compatible), then `C` with `C Y:1`. Beyond it, `X` and
    // `Y` are left with one color each, so they say nothing more.
    let problem = data("colors.dlx");
    let reduction = reduce(&problem);
    assert_eq!(kept(&reduction), [1, 3]);
    assert_eq!(written(reduction.problem()), "A B\nA\nB\n");
    assert_eq!(mapped(&reduction), engine_solutions(&problem));
    assert_eq!(mapped(&reduction).len(), 1);
}

#[test]
fn a_colored_forced_item_keeps_only_the_compatible_options() {
    // Every option of `a` holds `x`, with the colors 1 and 2: the options
    // of `x` without `a` that agree with neither (`x:3`, and `x` without
    // a color) go, the others stay, and so does `x` (kept, not merged).
    let text = "a b | x\na x:1\na x:2\nb x:1\nb x:2\nb x:3\nb x\nb\n";
    let problem = parse(text);
    let reduction = reduce(&problem);
    assert_eq!(kept(&reduction), [0, 1, 2, 3, 6]);
    assert_eq!(reduction.removed_items(), 0);
    assert_eq!(reduction.forced_items_kept(), 1);
    assert_eq!(mapped(&reduction), engine_solutions(&problem));
    assert_eq!(count(reduction.problem()), 4);
}

#[test]
fn a_forced_item_of_one_color_is_merged() {
    // All of `a`'s options give `x` the color 1: `b x:2` and `b x` go, and
    // `x`, which every option left gives the color 1, goes too.
    let problem = parse("a b | x c\na x:1\na c x:1\nb x:1\nb x:2\nb x\nb c\n");
    let reduction = reduce(&problem);
    assert_eq!(kept(&reduction), [0, 1, 2, 5]);
    assert!(reduction.problem().item_by_name("x").is_none());
    assert!(reduction.problem().item_by_name("c").is_some());
    assert_eq!(reduction.forced_items_kept(), 0);
    assert_eq!(mapped(&reduction), engine_solutions(&problem));
    assert_eq!(count(reduction.problem()), 3);
}

#[test]
fn a_forced_item_of_an_item_held_twice_stays() {
    // Every option of `2|a` holds `x`, in two colors: which two options
    // may be chosen together depends on `x` alone, so it must stay.
    let problem = parse("2|a | x\na x:1\na x:1\na x:2\na x:2\n");
    let reduction = reduce(&problem);
    assert_eq!(reduction.removed_options() + reduction.removed_items(), 0);
    assert_eq!(reduction.forced_items_kept(), 1);
    assert_eq!(count(reduction.problem()), 2);
    // Uncolored, `x` leaves no two options of `2|a` compatible: no solution.
    let problem = parse("2|a | x\na x\na x\n");
    let reduction = reduce(&problem);
    assert_eq!(count(&problem), 0);
    assert_eq!(count(reduction.problem()), 0);
    // Held at most once, `a` makes `x` redundant.
    let reduction = reduce(&parse("a b | x\na x\na x b\nb\n"));
    assert!(reduction.problem().item_by_name("x").is_none());
    assert_eq!(count(reduction.problem()), 2);
}

#[test]
fn an_option_that_makes_a_lower_bound_unreachable_is_removed() {
    // `2|b` needs two of its three options; `a b x:2` clashes (on `x`)
    // with both others, so with it `b` could be held once only.
    let problem = parse("a 2|b | x\na b x:2\nb x:1\nb x:1\na\n");
    let reduction = reduce(&problem);
    assert_eq!(kept(&reduction), [1, 2, 3]);
    assert_eq!(mapped(&reduction), engine_solutions(&problem));
    assert_eq!(count(reduction.problem()), 1);
}

#[test]
fn items_with_the_same_options_merge_and_intersect_their_bounds() {
    // `a` and `b` are held by the same three options, and neither's bounds
    // imply the other's: `b` goes, `a` takes the bounds 2:2 (from 1:2
    // and 2:3).
    let problem = parse("1:2|a 2:3|b c\na b\na b\na b c\nc\n");
    let reduction = reduce(&problem);
    assert_eq!(reduction.removed_items(), 1);
    assert_eq!(reduction.tightened_bounds(), 1);
    let reduced = reduction.problem();
    let merged = reduced.items().next().unwrap();
    assert_eq!(reduced.item_bounds(merged), (2, 2));
    assert_eq!(mapped(&reduction), engine_solutions(&problem));
    assert_eq!(count(reduced), 3);
    assert_eq!(&parse(&written(reduced)), reduced);
}

#[test]
fn an_item_held_by_few_enough_options_and_needing_none_is_dropped() {
    // `0:2|b` is in two options that hold `a` too: whatever is chosen
    // satisfies it.
    let problem = parse("a 0:2|b c\na b\nb c\na c\n");
    let reduction = reduce(&problem);
    assert!(reduction.problem().item_by_name("b").is_none());
    assert_eq!(mapped(&reduction), engine_solutions(&problem));
    // But not when it is some option's only primary item.
    let problem = parse("a 0:2|b\na\nb\n");
    let reduction = reduce(&problem);
    assert!(reduction.problem().item_by_name("b").is_some());
    assert_eq!(mapped(&reduction), engine_solutions(&problem));
}

proptest! {
    #![proptest_config(proptest_config(512))]

    #[test]
    fn reduced_random_problems_have_the_same_solutions(problem in small_problem()) {
        let reduction = reduce(&problem);
        prop_assert_eq!(mapped(&reduction), brute::exact_covers(&problem));
    }

    #[test]
    fn reduced_random_colored_bounded_problems_have_the_same_solutions(
        problem in colored_bounded_problem()
    ) {
        let reduction = reduce(&problem);
        prop_assert!(reduction.is_complete());
        let reduced = reduction.problem();
        let expected = brute::exact_covers(&problem);
        prop_assert_eq!(mapped(&reduction), expected.clone());
        let brute_mapped: std::collections::BTreeSet<Vec<OptionId>> = brute::exact_covers(reduced)
            .into_iter()
            .map(|cover| {
                let mut options: Vec<OptionId> =
                    cover.iter().map(|&o| reduction.original(o)).collect();
                options.sort();
                options
            })
            .collect();
        prop_assert_eq!(brute_mapped, expected);
        prop_assert_eq!(&parse(&written(reduced)), reduced);
        let again = reduce(reduced);
        prop_assert_eq!(again.removed_options() + again.removed_items(), 0);
    }

    #[test]
    fn reduced_costed_problems_keep_each_option_s_cost_and_the_cheapest_solution(
        problem in colored_bounded_problem(),
        costs in proptest::collection::vec(0u64..50, 64),
    ) {
        let costed = with_costs(&problem, &costs);
        let reduction = reduce(&costed);
        let reduced = reduction.problem();
        for k in 0..reduced.option_count() {
            let option = OptionId::new(k);
            prop_assert_eq!(
                reduced.option_cost(option),
                costed.option_cost(reduction.original(option))
            );
        }
        // The cheapest cost, from the brute force of each problem.
        let cheapest = |problem: &Problem| {
            brute::exact_covers(problem)
                .iter()
                .map(|cover| cover.iter().map(|&o| problem.option_cost(o)).sum::<u64>())
                .min()
        };
        prop_assert_eq!(cheapest(reduced), cheapest(&costed));
        prop_assert_eq!(&parse(&written(reduced)), reduced);
    }
}

/// `problem` with option `k` costing `costs[k % costs.len()]`, written
/// out and read back with `|cost` on each option.
fn with_costs(problem: &Problem, costs: &[u64]) -> Problem {
    let text = written(problem);
    let mut lines = text.lines();
    let mut costed = format!("{}\n", lines.next().unwrap());
    for (k, line) in lines.enumerate() {
        costed += &format!("{line} |{}\n", costs[k % costs.len()]);
    }
    parse(&costed)
}
