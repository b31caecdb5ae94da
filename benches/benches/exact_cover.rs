//! Counting every solution of exact-cover problems: our engine beside the
//! `dlx` crate 0.8.5 (a port of Knuth's DLX1, branching the same way), on
//! identical Knuth-format text. Parsing is outside the timed region;
//! building the matrix is inside, for both.
//!
//! The problems: every uncolored reference file of the engine's tests, and
//! generated ones laid out the same way (13 queens, Langford pairs 11 and
//! 12; the 9,356 tilings of the 6x10 pentomino box, seconds per count, only
//! with `DANCING_BENCH_SLOW=1`).

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, SamplingMode, criterion_group, criterion_main};
use dancing_benches::cover::{all_problems, dancing_count, dlx_crate_count};

/// Whether `DANCING_BENCH_SLOW` asks for the slowest benchmarks.
fn slow_enabled() -> bool {
    std::env::var("DANCING_BENCH_SLOW").is_ok_and(|v| !v.is_empty() && v != "0")
}

fn count_all_solutions(c: &mut Criterion) {
    let problems = all_problems(slow_enabled()).expect("the engine's test data");
    for problem in problems {
        let name = &problem.name;
        let parsed = dancing::format::read_str(&problem.text)
            .expect("valid problem")
            .problem;
        let spec = dlx::Spec::new(&problem.text, false).expect("valid problem");
        let mut bump = bumpalo::Bump::new();
        let started = Instant::now();
        let ours = dancing_count(&parsed, &mut bump).solutions;
        let once = started.elapsed();
        assert_eq!(ours, dlx_crate_count(&spec), "{name}");
        if let Some(expected) = problem.expected {
            assert_eq!(ours, expected, "{name}");
        }

        let mut group = c.benchmark_group(format!("count/{name}"));
        if once > Duration::from_millis(30) {
            // Ten samples of a few iterations each, not criterion's linear
            // ramp, which would take far longer than the target time.
            group.sampling_mode(SamplingMode::Flat);
            group.measurement_time((once * 12).max(Duration::from_secs(3)));
        }
        group.bench_function("dancing", |b| {
            b.iter(|| dancing_count(black_box(&parsed), &mut bump))
        });
        group.bench_function("dlx-crate", |b| {
            b.iter(|| dlx_crate_count(black_box(&spec)))
        });
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = count_all_solutions
}
criterion_main!(benches);
