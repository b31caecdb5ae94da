//! Counting every solution of colored and bounded problems (Knuth's
//! Algorithms C and M): our engine beside the `dlx` crate (its `c`, `m` and
//! `mc` modules) and `exact-covers` (`DlSolver`; `DcSolver` when it runs),
//! on the same problems. Each engine builds its matrix from numbers
//! prepared before timing; building and search are timed.
//!
//! Before timing, every engine's count is checked against ours and the
//! known count; a disagreement stops the benchmark. An engine that cannot
//! express a problem (bounds in `exact-covers`) is left out of that group,
//! and the reason is printed.
//!
//! `DANCING_BENCH_XCC=NAME` runs only the problems whose name contains
//! NAME (e.g. `debruijn5`).

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, SamplingMode, criterion_group, criterion_main};
use dancing_benches::xcc::{self, Engine, Prepared};

fn count_all_solutions(c: &mut Criterion) {
    let only = std::env::var("DANCING_BENCH_XCC").unwrap_or_default();
    for problem in xcc::problems()
        .into_iter()
        .filter(|p| p.name.contains(&only))
    {
        let name = &problem.name;
        let prepared = Prepared::new(&problem.problem);
        let started = Instant::now();
        let counts = xcc::counts(&prepared);
        let once = started.elapsed() / 2;
        let failures = xcc::disagreements(&problem, &counts);
        assert!(failures.is_empty(), "{failures:#?}");

        let mut group = c.benchmark_group(format!("xcc/{name}"));
        if once > Duration::from_millis(30) {
            // Ten samples of one or a few runs each, not criterion's linear
            // ramp, which would take far longer than the target time.
            group.sampling_mode(SamplingMode::Flat);
            group.measurement_time((once * 12).max(Duration::from_secs(3)));
        }
        let mut bump = bumpalo::Bump::new();
        for engine in Engine::ALL {
            if let Err(reason) = prepared.applicable(engine) {
                eprintln!("xcc/{name}/{engine}: n/a ({reason})");
                continue;
            }
            group.bench_function(engine.name(), |b| {
                b.iter(|| black_box(&prepared).count(engine, &mut bump))
            });
        }
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
