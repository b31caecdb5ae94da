//! Counting every solution of exact-cover problems: our engine beside the
//! `dlx` crate (as fast as Knuth's DLX1), on identical Knuth-format input.
//! Parsing is outside the timed region; building the matrix is inside, for
//! both.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use dancing_benches::{dancing_count, dlx_crate_count, engine_data, langford_dlx};

fn problems() -> Vec<(&'static str, String)> {
    let file = |name: &str| std::fs::read_to_string(engine_data(name)).expect("engine test data");
    vec![
        ("queens12", file("queens12.dlx")),
        ("langford11", langford_dlx(11)),
        ("pentomino3x20", file("pentomino3x20.dlx")),
    ]
}

fn count_all_solutions(c: &mut Criterion) {
    for (name, text) in problems() {
        let problem = dancing::format::read_str(&text)
            .expect("valid problem")
            .problem;
        let spec = dlx::Spec::new(&text, false).expect("valid problem");
        let mut bump = bumpalo::Bump::new();
        assert_eq!(
            dancing_count(&problem, &mut bump) as usize,
            dlx_crate_count(&spec),
            "{name}"
        );

        let mut group = c.benchmark_group(format!("count/{name}"));
        group.sample_size(10);
        group.bench_function("dancing", |b| {
            b.iter(|| dancing_count(black_box(&problem), &mut bump))
        });
        group.bench_function("dlx-crate", |b| {
            b.iter(|| dlx_crate_count(black_box(&spec)))
        });
        group.finish();
    }
}

criterion_group!(benches, count_all_solutions);
criterion_main!(benches);
