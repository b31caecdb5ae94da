//! Proptest strategies for small random exact-cover problems, small enough
//! for [`brute::exact_covers`](crate::brute::exact_covers).
//!
//! A problem has 1 to 6 primary items named `p0`, `p1`, ... and 0 to 3
//! secondary items `s0`, ...; up to 9 random options of 1 to 4 items; and,
//! when planted, the options of one random solution: a partition of the
//! primary items, each part with at most one secondary item no other part
//! has. So at most 15 options, within [`brute::MAX_OPTIONS`].
//!
//! [`brute::MAX_OPTIONS`]: crate::brute::MAX_OPTIONS
//!
//! [`colored_bounded_problem`] adds colors on secondary items and bounds on
//! primary ones (see there).

use std::collections::BTreeSet;

use dancing::{ColorId, ItemId, Problem, ProblemBuilder};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

/// A proptest configuration that runs `cases` cases and saves failing seeds
/// beside the test's source file, as `<file>.proptest-regressions`.
///
/// Proptest's default puts them under `proptest-regressions/` next to the
/// nearest `main.rs` or `lib.rs`, which for a test module is far from the
/// property it belongs to.
pub fn proptest_config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..ProptestConfig::default()
    }
}

/// A random small problem, with a planted solution half of the time (so
/// that about half have a solution, and the rest usually none).
///
/// Generates the same problems from the same seeds as the engine tests'
/// strategy always did, so their saved proptest regressions still replay.
pub fn small_problem() -> impl Strategy<Value = Problem> {
    problem_planted_if(any::<bool>())
}

/// A random small problem that has at least one solution, planted.
pub fn planted_problem() -> impl Strategy<Value = Problem> {
    problem_planted_if(Just(true))
}

/// A random small problem with a solution planted when `planted` says so.
fn problem_planted_if(planted: impl Strategy<Value = bool>) -> impl Strategy<Value = Problem> {
    (1usize..7, 0usize..4, planted)
        .prop_flat_map(|(primary, secondary, planted)| {
            let items = primary + secondary;
            let option = proptest::collection::btree_set(0..items, 1..=items.min(4));
            let extra = proptest::collection::vec(option, 0..10);
            // For each primary item its part, and a secondary item the part
            // may take.
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
            let mut options = extra;
            if planted {
                options.extend(planted_solution(primary, secondary, &partition));
            }
            build(primary, secondary, options)
        })
}

/// The options of a planted solution: primary item `k` goes to part
/// `partition[k].0`, and its part takes secondary item `partition[k].1`
/// unless another part took it first. Empty parts are dropped.
fn planted_solution(
    primary: usize,
    secondary: usize,
    partition: &[(usize, Option<usize>)],
) -> Vec<BTreeSet<usize>> {
    let mut parts: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); primary];
    let mut taken_secondary = BTreeSet::new();
    for (k, &(part, extra_secondary)) in partition.iter().enumerate() {
        parts[part].insert(k);
        if let Some(s) = extra_secondary.filter(|_| secondary > 0)
            && taken_secondary.insert(s)
        {
            parts[part].insert(primary + s);
        }
    }
    parts
        .into_iter()
        .filter(|part| part.iter().any(|&item| item < primary))
        .collect()
}

/// The problem with items `p0..`, `s0..` and the given options (sets of item
/// indices, primary items first).
fn build(primary: usize, secondary: usize, options: Vec<BTreeSet<usize>>) -> Problem {
    let mut builder = ProblemBuilder::new();
    for k in 0..primary {
        builder.primary_item(&format!("p{k}")).unwrap();
    }
    for k in 0..secondary {
        builder.secondary_item(&format!("s{k}")).unwrap();
    }
    for option in options {
        builder.option(option.into_iter().map(ItemId::new)).unwrap();
    }
    builder.build().unwrap()
}

/// A random small problem with colors and bounds: 1 to 5 primary items
/// `p0`, ... with bounds `lower..=upper` (upper at most 3), 0 to 3 secondary
/// items `s0`, ... and colors `c0`, `c1`, `c2`; up to 10 random options of 1
/// to 4 entries, each secondary entry colored or not; and, half of the time,
/// 1 to 4 planted options that are a solution: the bounds are set around
/// what they hold, and they give each secondary item one color. At most 14
/// options, within [`brute::MAX_OPTIONS`](crate::brute::MAX_OPTIONS).
pub fn colored_bounded_problem() -> impl Strategy<Value = Problem> {
    (1usize..6, 0usize..4, 1usize..4, any::<bool>())
        .prop_flat_map(|(primary, secondary, colors, planted)| {
            let items = primary + secondary;
            // An option: items, each with a color choice (used only on
            // secondary items; `colors` means none).
            let option = proptest::collection::btree_map(0..items, 0..=colors, 1..=items.min(4));
            let extra = proptest::collection::vec(option.clone(), 0..11);
            let planted_options = if planted {
                proptest::collection::vec(option, 1..5).boxed()
            } else {
                Just(Vec::new()).boxed()
            };
            // Per primary item: how far below and above the planted count
            // its bounds reach; per secondary item, its planted color.
            let slack = proptest::collection::vec((0u32..3, 0u32..3), primary);
            let planted_colors = proptest::collection::vec(0..=colors, secondary);
            (
                Just((primary, secondary, colors)),
                extra,
                planted_options,
                slack,
                planted_colors,
                0..primary,
            )
        })
        .prop_map(
            |((primary, secondary, colors), extra, planted, slack, planted_colors, anchor)| {
                build_colored(
                    (primary, secondary, colors),
                    extra,
                    planted,
                    &slack,
                    &planted_colors,
                    anchor,
                )
            },
        )
}

/// An option as the strategy draws it: item index to color choice.
type DrawnOption = std::collections::BTreeMap<usize, usize>;

fn build_colored(
    (primary, secondary, colors): (usize, usize, usize),
    extra: Vec<DrawnOption>,
    mut planted: Vec<DrawnOption>,
    slack: &[(u32, u32)],
    planted_colors: &[usize],
    anchor: usize,
) -> Problem {
    // Make the planted options a solution: each holds a primary item (or
    // it would be ignored), and each secondary item held by two of them has
    // one color, a real one.
    let mut held_secondary = vec![0; secondary];
    for option in &mut planted {
        if !option.keys().any(|&item| item < primary) {
            option.insert(anchor, colors);
        }
        for (&item, color) in option.iter_mut() {
            if item >= primary {
                held_secondary[item - primary] += 1;
                *color = planted_colors[item - primary];
            }
        }
    }
    for option in &mut planted {
        for (&item, color) in option.iter_mut() {
            if item >= primary && held_secondary[item - primary] > 1 && *color == colors {
                *color = 0;
            }
        }
    }
    let mut held = vec![0u32; primary];
    for option in &planted {
        for &item in option.keys().filter(|&&item| item < primary) {
            held[item] += 1;
        }
    }

    let mut builder = ProblemBuilder::new();
    let mut items: Vec<ItemId> = (0..primary)
        .map(|k| builder.primary_item(&format!("p{k}")).unwrap())
        .collect();
    for k in 0..secondary {
        items.push(builder.secondary_item(&format!("s{k}")).unwrap());
    }
    let palette: Vec<ColorId> = (0..colors)
        .map(|k| builder.color(&format!("c{k}")).unwrap())
        .collect();
    for (k, &(below, above)) in slack.iter().enumerate() {
        let (lower, upper) = if planted.is_empty() {
            // Lower bounds of 0 everywhere would make the empty set a
            // solution: mostly 1, sometimes 2.
            let lower = 1 + below / 2;
            (lower, (lower + above).min(3).max(lower))
        } else {
            // Around what the planted options hold, so they stay a solution.
            let lower = held[k].saturating_sub(below);
            (lower, (held[k] + above).min(3).max(held[k]).max(1))
        };
        builder.set_bounds(items[k], lower, upper).unwrap();
    }
    for option in extra.into_iter().chain(planted) {
        let entries = option.into_iter().map(|(item, color)| {
            let color = (item >= primary && color < colors).then(|| palette[color]);
            (items[item], color)
        });
        builder.colored_option(entries).unwrap();
    }
    builder.build().unwrap()
}

#[cfg(test)]
mod tests {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;

    use super::*;
    use crate::brute::{self, exact_covers};

    /// `count` problems drawn from `strategy` with a fixed seed.
    fn draw(strategy: impl Strategy<Value = Problem>, count: usize) -> Vec<Problem> {
        let mut runner = TestRunner::deterministic();
        (0..count)
            .map(|_| strategy.new_tree(&mut runner).unwrap().current())
            .collect()
    }

    #[test]
    fn planted_problems_always_have_a_solution() {
        for problem in draw(planted_problem(), 200) {
            assert!(!exact_covers(&problem).is_empty(), "{problem:?}");
        }
    }

    #[test]
    fn colored_bounded_problems_vary_and_suit_the_brute_force() {
        let problems = draw(colored_bounded_problem(), 300);
        let solvable = problems
            .iter()
            .filter(|p| !exact_covers(p).is_empty())
            .count();
        assert!(
            (100..=280).contains(&solvable),
            "{solvable} of 300 solvable"
        );
        assert!(problems.iter().filter(|p| p.has_colors()).count() > 100);
        assert!(problems.iter().filter(|p| p.has_bounds()).count() > 100);
        assert!(problems.iter().any(|p| !p.has_bounds() && !p.has_colors()));
        // Solutions that share a colored item, and that hold an item twice.
        let sharing = problems.iter().any(|p| {
            exact_covers(p).iter().any(|cover| {
                p.items().any(|item| {
                    p.item_kind(item) == dancing::ItemKind::Secondary
                        && cover
                            .iter()
                            .filter(|&&o| p.option(o).contains(&item))
                            .count()
                            > 1
                })
            })
        });
        assert!(sharing, "no solution shares a colored item");
        let most_options = problems.iter().map(|p| p.option_count()).max().unwrap();
        assert!(most_options <= brute::MAX_OPTIONS, "{most_options}");
    }

    #[test]
    fn small_problems_vary_in_every_dimension_and_suit_the_brute_force() {
        let problems = draw(small_problem(), 300);
        let solvable = problems
            .iter()
            .filter(|p| !exact_covers(p).is_empty())
            .count();
        assert!((75..=270).contains(&solvable), "{solvable} of 300 solvable");
        assert!(problems.iter().any(|p| p.secondary_count() == 0));
        assert!(problems.iter().any(|p| p.secondary_count() == 3));
        assert!(problems.iter().any(|p| p.primary_count() == 6));
        assert!(problems.iter().any(|p| !p.ignored_options().is_empty()));
        let most_options = problems.iter().map(|p| p.option_count()).max().unwrap();
        assert!(most_options <= brute::MAX_OPTIONS, "{most_options}");
    }
}
