//! The report's measurements: every solver timed on every block, set and
//! problem, with the failures of its checks; nothing here formats a table.

use std::time::{Duration, Instant};

use dancing_benches::chart::significant;
use dancing_benches::cover::{self, CoverProblem};
use dancing_benches::measure::median;
use dancing_benches::measure::{self, Run};
use dancing_benches::plan::{self, Block};
use dancing_benches::sizes::{GeneratorRounds, SIZE_SETS, prove_all};
use dancing_benches::xcc::{self, Engine, NotApplicable, Prepared, XccProblem};
use dancing_benches::{PuzzleSolver, SolverKind};
use dancing_sudoku::{Engine as SudokuEngine, Grid, Solver as SudokuSolver};

/// One block's measurements: every solver up to 2 solutions, and the fast
/// solvers for the first solution only.
pub(super) struct Measured {
    pub(super) block: Block,
    pub(super) up_to_2: Vec<Run>,
    pub(super) first: Vec<Run>,
}

impl Measured {
    pub(super) fn run_of(&self, kind: SolverKind) -> Option<&Run> {
        self.up_to_2.iter().find(|r| r.kind == kind)
    }

    pub(super) fn dlx_micros(&self) -> Option<f64> {
        self.run_of(SolverKind::DLX).map(Run::micros_per_puzzle)
    }

    /// Every run's failures, and counts that disagree with our Dancing
    /// Links or are not exactly one (every set holds unique puzzles).
    pub(super) fn failures(&self) -> Vec<String> {
        let mut failures = Vec::new();
        let label = self.block.label();
        let reference = self.run_of(SolverKind::DLX).map(|r| &r.counts);
        for run in self.up_to_2.iter().chain(&self.first) {
            failures.extend(run.failures.iter().map(|f| format!("{label}: {f}")));
            if run.limit == 2
                && let Some(reference) = reference
                && *reference != run.counts
            {
                failures.push(format!(
                    "{label}: {} disagrees with dlx on counts",
                    run.kind
                ));
            }
            let not_one = run.counts.iter().filter(|&&c| c != 1).count();
            if not_one > 0 {
                failures.push(format!(
                    "{label}: {} (limit {}): {not_one} puzzles without exactly one solution",
                    run.kind, run.limit
                ));
            }
        }
        failures
    }
}

pub(super) fn measure_block(block: Block, min_time: Duration) -> Measured {
    let label = block.label();
    let mut up_to_2 = Vec::new();
    let mut first = Vec::new();
    for &kind in &block.solvers {
        let mut solver = PuzzleSolver::new(kind);
        let started = Instant::now();
        let run = measure::run(&mut solver, &block.set.puzzles, 2, min_time);
        eprintln!(
            "  {label}: {kind}: {} us/puzzle ({} passes, {:.1} s)",
            significant(run.micros_per_puzzle()),
            run.passes,
            started.elapsed().as_secs_f64()
        );
        up_to_2.push(run);
        if plan::FAST.contains(&kind) {
            first.push(measure::run(&mut solver, &block.set.puzzles, 1, min_time));
        }
    }
    Measured {
        block,
        up_to_2,
        first,
    }
}

/// Our engine and the `dlx` crate on one exact-cover problem.
pub(super) struct CoverRun {
    pub(super) problem: CoverProblem,
    pub(super) ours: Option<dancing::Stats>,
    pub(super) ours_ms: f64,
    pub(super) theirs: Option<u64>,
    pub(super) theirs_ms: f64,
    pub(super) failures: Vec<String>,
}

/// Runs `count` once, then again until `min_time` has passed; returns the
/// result and milliseconds per run.
pub(super) fn time_count<T>(min_time: Duration, mut count: impl FnMut() -> T) -> (T, f64) {
    let start = Instant::now();
    let result = count();
    let mut runs = 1;
    let mut elapsed = start.elapsed();
    if elapsed < min_time {
        let start = Instant::now();
        runs = 0;
        loop {
            std::hint::black_box(count());
            runs += 1;
            elapsed = start.elapsed();
            if elapsed >= min_time {
                break;
            }
        }
    }
    (result, elapsed.as_secs_f64() * 1e3 / runs as f64)
}

pub(super) fn measure_cover(problem: CoverProblem, min_time: Duration) -> CoverRun {
    let mut failures = Vec::new();
    let (ours, ours_ms) = match dancing::format::read_str(&problem.text) {
        Ok(parsed) => {
            let mut bump = bumpalo::Bump::new();
            let (stats, ms) = time_count(min_time, || {
                cover::dancing_count(&parsed.problem, &mut bump)
            });
            (Some(stats), ms)
        }
        Err(error) => {
            failures.push(format!("{}: ours cannot read it: {error}", problem.name));
            (None, 0.0)
        }
    };
    let (theirs, theirs_ms) = match dlx::Spec::new(&problem.text, false) {
        Ok(spec) => {
            let (count, ms) = time_count(min_time, || cover::dlx_crate_count(&spec));
            (Some(count), ms)
        }
        Err(error) => {
            failures.push(format!(
                "{}: the dlx crate cannot read it: {error:?}",
                problem.name
            ));
            (None, 0.0)
        }
    };
    let ours_count = ours.map(|s| s.solutions);
    if ours_count != theirs {
        failures.push(format!(
            "{}: ours counts {ours_count:?}, the dlx crate {theirs:?}",
            problem.name
        ));
    }
    if problem.expected.is_some() && problem.expected != ours_count {
        failures.push(format!(
            "{}: {ours_count:?} solutions, expected {:?}",
            problem.name, problem.expected
        ));
    }
    if let (Some(nodes), Some(stats)) = (problem.expected_nodes, ours)
        && stats.nodes != nodes
    {
        failures.push(format!(
            "{}: {} nodes, DLX1 has {nodes}",
            problem.name, stats.nodes
        ));
    }
    eprintln!(
        "  {}: ours {:.3} ms, dlx crate {:.3} ms",
        problem.name, ours_ms, theirs_ms
    );
    CoverRun {
        problem,
        ours,
        ours_ms,
        theirs,
        theirs_ms,
        failures,
    }
}

/// One engine's count and milliseconds per count, or why it does not run
/// the problem.
pub(super) type Timed = Result<(u64, f64), NotApplicable>;

/// Every engine on one colored or bounded problem.
pub(super) struct XccRun {
    pub(super) problem: XccProblem,
    pub(super) ours: dancing::Stats,
    /// Each engine's count and median milliseconds over the rounds.
    pub(super) engines: Vec<(Engine, Timed)>,
    /// Our time over the fastest peer's in each round, sorted.
    pub(super) round_ratios: Vec<f64>,
    pub(super) failures: Vec<String>,
}

impl XccRun {
    pub(super) fn ms(&self, engine: Engine) -> Option<f64> {
        self.engines
            .iter()
            .find(|(e, _)| *e == engine)
            .and_then(|(_, r)| r.as_ref().ok().map(|&(_, ms)| ms))
    }

    /// The fastest peer that ran the problem, and its median milliseconds.
    pub(super) fn fastest_peer(&self) -> Option<(Engine, f64)> {
        Engine::PEERS
            .iter()
            .filter_map(|&e| self.ms(e).map(|ms| (e, ms)))
            .min_by(|a, b| a.1.total_cmp(&b.1))
    }

    /// Our time over the fastest peer's: the median of the rounds' ratios,
    /// each taken between runs a moment apart, so that a slow spell of the
    /// machine weighs on both sides of one ratio rather than on one engine.
    pub(super) fn ratio(&self) -> Option<f64> {
        median(&self.round_ratios)
    }

    /// The lowest and highest of the rounds' ratios.
    pub(super) fn ratio_range(&self) -> Option<(f64, f64)> {
        Some((*self.round_ratios.first()?, *self.round_ratios.last()?))
    }
}

/// Rounds of the colored and bounded problems: in each, every engine is
/// timed once, for a share of the minimum time, starting with a different
/// engine each round.
pub(super) const XCC_ROUNDS: usize = 5;

pub(super) fn measure_xcc(problem: XccProblem, min_time: Duration) -> XccRun {
    let prepared = Prepared::new(&problem.problem);
    let mut bump = bumpalo::Bump::new();
    let ours = prepared.dancing_stats(&mut bump);
    // Per engine of `Engine::ALL`: its count (or why it has none; 0 until
    // it has run) and its time in each round.
    let mut counts: Vec<(Engine, Result<u64, NotApplicable>)> = Engine::ALL
        .iter()
        .map(|&engine| (engine, prepared.applicable(engine).map(|()| 0)))
        .collect();
    let runnable: Vec<usize> = (0..counts.len())
        .filter(|&index| counts[index].1.is_ok())
        .collect();
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); counts.len()];
    let mut round_ratios = Vec::new();
    let mut unsteady = Vec::new();
    let share = min_time / XCC_ROUNDS as u32;
    for round in 0..XCC_ROUNDS {
        let (mut ours_ms, mut peer_ms) = (None, None::<f64>);
        for k in 0..runnable.len() {
            let index = runnable[(round + k) % runnable.len()];
            let engine = Engine::ALL[index];
            let (count, ms) = time_count(share, || prepared.count(engine, &mut bump));
            match count {
                Ok(count) => {
                    if round == 0 {
                        counts[index].1 = Ok(count);
                    } else if counts[index].1 != Ok(count) {
                        unsteady.push(format!(
                            "{}: {engine} counted {count} in round {}, {:?} in the first",
                            problem.name,
                            round + 1,
                            counts[index].1
                        ));
                    }
                    times[index].push(ms);
                    if engine == Engine::Dancing {
                        ours_ms = Some(ms);
                    } else {
                        peer_ms = Some(peer_ms.map_or(ms, |fastest| fastest.min(ms)));
                    }
                }
                Err(reason) => counts[index].1 = Err(reason),
            }
        }
        if let (Some(ours_ms), Some(peer_ms)) = (ours_ms, peer_ms) {
            round_ratios.push(ours_ms / peer_ms);
        }
    }
    round_ratios.sort_by(f64::total_cmp);
    let engines: Vec<(Engine, Timed)> = counts
        .iter()
        .zip(&times)
        .map(|((engine, count), times)| {
            let timed = count.clone().and_then(|c| {
                median(times)
                    .map(|ms| (c, ms))
                    .ok_or_else(|| NotApplicable("not timed".to_owned()))
            });
            (*engine, timed)
        })
        .collect();
    let mut failures = xcc::disagreements(&problem, &counts);
    failures.append(&mut unsteady);
    if let Some(nodes) = problem.expected_nodes
        && ours.nodes != nodes
    {
        failures.push(format!(
            "{}: {} nodes, DLX2/DLX3 have {nodes}",
            problem.name, ours.nodes
        ));
    }
    let shown: Vec<String> = engines
        .iter()
        .map(|(e, r)| match r {
            Ok((_, ms)) => format!("{e} {ms:.3} ms"),
            Err(_) => format!("{e} n/a"),
        })
        .collect();
    eprintln!("  {}: {}", problem.name, shown.join(", "));
    XccRun {
        problem,
        ours,
        engines,
        round_ratios,
        failures,
    }
}

/// Rounds of the generators, and puzzles each per round (fewer when quick).
pub(super) const GENERATOR_ROUNDS: (usize, usize) = (20, 300);

/// One generated set beyond 9x9: milliseconds per puzzle for Dancing Links
/// and for the bitmask search.
pub(super) struct SizeRun {
    pub(super) name: &'static str,
    pub(super) puzzles: usize,
    pub(super) dlx_ms: f64,
    pub(super) bitmask_ms: f64,
}

/// The sets beyond 9x9 and the generators' rounds.
pub(super) struct SizesRun {
    pub(super) sets: Vec<SizeRun>,
    pub(super) rounds: usize,
    pub(super) per_round: usize,
    /// Our generator's and the `sudoku` crate's medians (µs per puzzle), and
    /// the median of the rounds' ratios.
    pub(super) generators: (f64, f64, f64),
}

/// 16x16 and 25x25: Dancing Links beside the bitmask search on the
/// generated sets, every puzzle proved unique; then our generator beside
/// the `sudoku` crate's in alternating rounds.
pub(super) fn measure_sizes(
    quick: bool,
    min_time: Duration,
    failures: &mut Vec<String>,
) -> SizesRun {
    let mut sets = Vec::new();
    for set in &SIZE_SETS {
        eprintln!("generating the {} set (seed {})...", set.name, set.seed);
        let puzzles = set.puzzles();
        let mut times = Vec::new();
        for engine in [SudokuEngine::Dlx, SudokuEngine::Bitmask] {
            let mut solver = SudokuSolver::new(engine);
            let mut solution = Grid::new(puzzles[0].shape());
            let (found, ms) =
                time_count(min_time, || prove_all(&mut solver, &puzzles, &mut solution));
            if found != puzzles.len() as u64 {
                failures.push(format!(
                    "{}: {engine} found {found} solutions in {} unique puzzles",
                    set.name,
                    puzzles.len()
                ));
            }
            times.push(ms / puzzles.len() as f64);
        }
        sets.push(SizeRun {
            name: set.name,
            puzzles: puzzles.len(),
            dlx_ms: times[0],
            bitmask_ms: times[1],
        });
    }
    let (rounds, per_round) = if quick { (3, 30) } else { GENERATOR_ROUNDS };
    eprintln!("generators: {rounds} alternating rounds of {per_round} puzzles each...");
    let generators = GeneratorRounds::run(rounds, per_round).medians();
    SizesRun {
        sets,
        rounds,
        per_round,
        generators,
    }
}
