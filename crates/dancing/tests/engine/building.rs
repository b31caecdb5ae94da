//! The problem builder: items declared in any order, and typed errors that
//! leave the builder as it was.

use std::collections::BTreeSet;

use dancing::{BuildError, ItemId, OptionId, ProblemBuilder};
use dancing_testkit::brute::exact_covers;

use super::{engine_solutions, option_ids};

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
    assert_eq!(engine_solutions(&problem), exact_covers(&problem));
    assert_eq!(
        engine_solutions(&problem),
        BTreeSet::from([option_ids(&[0, 2]), option_ids(&[3])])
    );
}

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
        BTreeSet::from([option_ids(&[0]), option_ids(&[1])])
    );
}
