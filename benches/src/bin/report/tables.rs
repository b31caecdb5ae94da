//! The report's tables: the Markdown and the chart panels made from the
//! measurements of [`runs`](super::runs); nothing here times anything.

use std::fmt::Write as _;

use dancing_benches::SolverKind;
use dancing_benches::chart::{Bar, Group, Panel, significant, thousands};
use dancing_benches::measure::Run;
use dancing_benches::xcc::Engine;

use super::runs::{CoverRun, Measured, SizesRun, XccRun};

pub(super) fn sudoku_table(measured: &[Measured]) -> String {
    let mut out = String::new();
    out.push_str(
        "| set | puzzles | solver | µs/puzzle | puzzles/s | nodes/puzzle | × our dlx | µs/puzzle, 1st solution |\n\
         |---|---:|---|---:|---:|---:|---:|---:|\n",
    );
    for m in measured {
        let label = m.block.label();
        for run in &m.up_to_2 {
            let nodes = run
                .nodes_per_puzzle()
                .map_or_else(|| "n/a".to_owned(), significant);
            let ratio = m.dlx_micros().map_or_else(
                || "—".to_owned(),
                |d| significant(run.micros_per_puzzle() / d),
            );
            let first = m
                .first
                .iter()
                .find(|r| r.kind == run.kind)
                .map_or_else(|| "—".to_owned(), |r| significant(r.micros_per_puzzle()));
            writeln!(
                out,
                "| {label} | {} | {} | {} | {} | {nodes} | {ratio} | {first} |",
                thousands(run.puzzles() as u64),
                run.kind,
                significant(run.micros_per_puzzle()),
                significant(run.puzzles_per_second()),
            )
            .unwrap();
        }
    }
    out
}

/// The Sudoku results at a glance: one row per block, one column per
/// solver, microseconds per puzzle up to 2 solutions.
pub(super) fn sudoku_summary(measured: &[Measured]) -> String {
    let mut out = String::from("| set | puzzles |");
    for kind in SolverKind::ALL {
        write!(out, " {kind} |").unwrap();
    }
    out.push_str(" dlx ÷ sudoku-crate |\n|---|---:|");
    out.push_str(&"---:|".repeat(SolverKind::ALL.len() + 1));
    out.push('\n');
    for m in measured {
        write!(
            out,
            "| {} | {} |",
            m.block.label(),
            thousands(m.block.set.puzzles.len() as u64)
        )
        .unwrap();
        for kind in SolverKind::ALL {
            match m.run_of(kind) {
                Some(run) => write!(out, " {} |", significant(run.micros_per_puzzle())).unwrap(),
                None => out.push_str(" — |"),
            }
        }
        match (m.dlx_micros(), m.run_of(SolverKind::SudokuCrate)) {
            (Some(dlx), Some(theirs)) => {
                writeln!(out, " {} |", significant(dlx / theirs.micros_per_puzzle())).unwrap()
            }
            _ => out.push_str(" — |\n"),
        }
    }
    out
}

pub(super) fn cover_table(runs: &[CoverRun]) -> String {
    let mut out = String::from(
        "| problem | origin | solutions | nodes | ours ms | dlx crate ms | ours / dlx crate |\n\
         |---|---|---:|---:|---:|---:|---:|\n",
    );
    for run in runs {
        let solutions = run
            .ours
            .map(|s| s.solutions)
            .or(run.theirs)
            .map_or_else(|| "?".to_owned(), thousands);
        let nodes = run
            .ours
            .map_or_else(|| "?".to_owned(), |s| thousands(s.nodes));
        writeln!(
            out,
            "| {} | {} | {solutions} | {nodes} | {} | {} | {} |",
            run.problem.name,
            run.problem.origin,
            significant(run.ours_ms),
            significant(run.theirs_ms),
            significant(run.ours_ms / run.theirs_ms)
        )
        .unwrap();
    }
    out
}

pub(super) fn xcc_table(runs: &[XccRun]) -> String {
    let mut out = String::from(
        "| problem | kind | solutions | nodes | ours ms | dlx crate ms | exact-covers DlSolver ms | exact-covers DcSolver ms | fastest peer | ours / fastest peer | rounds' range |\n\
         |---|---|---:|---:|---:|---:|---:|---:|---|---:|---:|\n",
    );
    for run in runs {
        let cell = |engine: Engine| match run.engines.iter().find(|(e, _)| *e == engine) {
            Some((_, Ok((_, ms)))) => significant(*ms),
            Some((_, Err(_))) | None => "n/a".to_owned(),
        };
        let (fastest, ratio) = match (run.fastest_peer(), run.ratio()) {
            (Some((engine, _)), Some(ratio)) => (engine.name().to_owned(), format!("{ratio:.2}")),
            _ => ("—".to_owned(), "—".to_owned()),
        };
        let range = run.ratio_range().map_or("—".to_owned(), |(low, high)| {
            format!("{low:.2}–{high:.2}")
        });
        writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {fastest} | {ratio} | {range} |",
            run.problem.name,
            run.problem.what,
            thousands(run.ours.solutions),
            thousands(run.ours.nodes),
            cell(Engine::Dancing),
            cell(Engine::DlxCrate),
            cell(Engine::ExactCoversDl),
            cell(Engine::ExactCoversDc),
        )
        .unwrap();
    }
    // Why an engine shows n/a, once per distinct reason.
    let mut reasons: Vec<String> = Vec::new();
    for run in runs {
        for (engine, result) in &run.engines {
            if let Err(reason) = result {
                let line = format!("{engine}: {reason}");
                if !reasons.contains(&line) {
                    reasons.push(line);
                }
            }
        }
    }
    if !reasons.is_empty() {
        out.push_str("\nn/a: ");
        out.push_str(&reasons.join("; "));
        out.push_str(".\n");
    }
    out
}

/// The goal of issue 12 on colored and bounded problems.
pub(super) fn xcc_goal(runs: &[XccRun]) -> String {
    let ratios: Vec<(f64, &str)> = runs
        .iter()
        .filter_map(|r| r.ratio().map(|x| (x, r.problem.name.as_str())))
        .collect();
    let Some(&(worst, name)) = ratios.iter().max_by(|a, b| a.0.total_cmp(&b.0)) else {
        return String::new();
    };
    let above = ratios.iter().filter(|(r, _)| *r > 0.6).count();
    format!(
        "| engine ≤ 0.6 × the fastest peer's time on each colored or bounded benchmark | worst {worst:.2} × ({name}); {above} of {} above 0.6 | {} |\n",
        ratios.len(),
        if above == 0 { "yes" } else { "**no**" }
    )
}

/// The speed goals of issue 5 that this command measures.
pub(super) fn goals(measured: &[Measured], cover_runs: &[CoverRun]) -> String {
    let mut out = String::from("| goal | measured | met |\n|---|---|---|\n");
    let find = |name: &str, sampled: bool, kind: SolverKind| {
        measured
            .iter()
            .find(|m| {
                m.block.set.name.trim_end_matches("/sample") == name
                    && m.block.set.sampled == sampled
                    && m.run_of(kind).is_some()
            })
            .map(|m| (m.block.label(), m))
    };
    let verdict = |met: bool| if met { "yes" } else { "**no**" };
    for set in ["17_clue", "forum_hardest_1905_11plus"] {
        let goal = format!("dlx ≤ 3.0 × the sudoku crate's time on {set}");
        match find(set, false, SolverKind::SudokuCrate) {
            Some((label, m)) => {
                let dlx = m.dlx_micros().unwrap_or(f64::NAN);
                let theirs = m
                    .run_of(SolverKind::SudokuCrate)
                    .map_or(f64::NAN, Run::micros_per_puzzle);
                let ratio = dlx / theirs;
                writeln!(
                    out,
                    "| {goal} | {ratio:.2} × ({} vs {} µs/puzzle, {label}) | {} |",
                    significant(dlx),
                    significant(theirs),
                    verdict(ratio <= 3.0)
                )
                .unwrap();
            }
            None => writeln!(out, "| {goal} | set not loaded | — |").unwrap(),
        }
    }
    for set in ["magictour_top1465", "forum_hardest_1905_11plus"] {
        let goal = format!("dlx faster than every seed DFS solver on {set}");
        let block = find(set, false, SolverKind::Ours(dancing_sudoku::Engine::Naive))
            .or_else(|| find(set, true, SolverKind::Ours(dancing_sudoku::Engine::Naive)));
        match block {
            Some((label, m)) => {
                let dlx = m.dlx_micros().unwrap_or(f64::NAN);
                let (fastest, micros) = m
                    .up_to_2
                    .iter()
                    .filter(|r| matches!(r.kind, SolverKind::Ours(e) if e != dancing_sudoku::Engine::Dlx))
                    .map(|r| (r.kind, r.micros_per_puzzle()))
                    .fold((SolverKind::DLX, f64::INFINITY), |best, r| {
                        if r.1 < best.1 { r } else { best }
                    });
                writeln!(
                    out,
                    "| {goal} | dlx {} µs, fastest DFS {fastest} {} µs per puzzle ({label}) | {} |",
                    significant(dlx),
                    significant(micros),
                    verdict(dlx < micros)
                )
                .unwrap();
            }
            None => writeln!(out, "| {goal} | set not loaded | — |").unwrap(),
        }
    }
    if !cover_runs.is_empty() {
        let worst = cover_runs
            .iter()
            .map(|r| (r.ours_ms / r.theirs_ms, &r.problem.name))
            .fold((0.0f64, None), |best, (ratio, name)| {
                if ratio > best.0 {
                    (ratio, Some(name))
                } else {
                    best
                }
            });
        let above = cover_runs
            .iter()
            .filter(|r| r.ours_ms / r.theirs_ms > 0.6)
            .count();
        writeln!(
            out,
            "| engine ≤ 0.6 × the dlx crate's time on each exact-cover benchmark | worst {:.2} × ({}); {above} of {} above 0.6 | {} |",
            worst.0,
            worst.1.map_or("—", |n| n.as_str()),
            cover_runs.len(),
            verdict(above == 0)
        )
        .unwrap();
    }
    out.push_str(
        "| no heap allocation per puzzle in the steady state | not measured by this command (see the valgrind notes) | — |\n",
    );
    out
}

pub(super) fn chart_panels(measured: &[Measured], cover_runs: &[CoverRun]) -> Vec<Panel> {
    let series = |kind: SolverKind| SolverKind::ALL.iter().position(|&k| k == kind).unwrap_or(0);
    let mut panels = Vec::new();
    if !measured.is_empty() {
        panels.push(Panel {
            title: "Sudoku: time per puzzle, up to 2 solutions (parse + build + solve)".into(),
            unit: "µs".into(),
            groups: measured
                .iter()
                .map(|m| Group {
                    label: m.block.label(),
                    bars: m
                        .up_to_2
                        .iter()
                        .map(|r| Bar {
                            label: r.kind.name().to_owned(),
                            value: r.micros_per_puzzle(),
                            series: series(r.kind),
                        })
                        .collect(),
                })
                .collect(),
        });
    }
    if !cover_runs.is_empty() {
        panels.push(Panel {
            title: "Exact cover: time to count every solution (build + search)".into(),
            unit: "ms".into(),
            groups: cover_runs
                .iter()
                .map(|r| Group {
                    label: r.problem.name.clone(),
                    bars: vec![
                        Bar {
                            label: "dancing (ours)".into(),
                            value: r.ours_ms,
                            series: 0,
                        },
                        Bar {
                            label: "dlx crate 0.8.5".into(),
                            value: r.theirs_ms,
                            series: 5,
                        },
                    ],
                })
                .collect(),
        });
    }
    panels
}

/// The Markdown of 16x16, 25x25 and the generators, with their goals.
pub(super) fn sizes_table(sizes: &SizesRun) -> String {
    let mut out = String::from(
        "\n## Sudoku beyond 9x9: milliseconds per puzzle, up to 2 solutions\n\n\
         Generated sets (made before timing): minimal 16x16 puzzles, and 25x25 puzzles with clues taken away while unique down to half the cells. \
         Each engine proves every puzzle unique; a count other than one a puzzle fails the report.\n\n\
         | set | puzzles | dlx ms | bitmask ms | bitmask / dlx |\n|---|---:|---:|---:|---:|\n",
    );
    let mut dlx_faster = true;
    for set in &sizes.sets {
        dlx_faster &= set.dlx_ms < set.bitmask_ms;
        writeln!(
            out,
            "| {} | {} | {} | {} | {:.2} |",
            set.name,
            set.puzzles,
            significant(set.dlx_ms),
            significant(set.bitmask_ms),
            set.bitmask_ms / set.dlx_ms
        )
        .unwrap();
    }
    let (rounds, per_round) = (sizes.rounds, sizes.per_round);
    let (ours, peer, ratio) = sizes.generators;
    write!(
        out,
        "\n## Generator: minimal unique 9x9 puzzles\n\n\
         Our `Generator::minimal_puzzle_of` and the `sudoku` crate's `Sudoku::generate` (minimal too), {rounds} rounds of {per_round} puzzles each, alternating; medians.\n\n\
         | generator | µs per puzzle |\n|---|---:|\n| ours | {} |\n| sudoku crate | {} |\n| ours / crate, median of the rounds' ratios | {ratio:.2} |\n",
        significant(ours),
        significant(peer),
    )
    .unwrap();
    let met = |yes: bool| if yes { "yes" } else { "**no**" };
    write!(
        out,
        "\nGoals: dlx faster than bitmask on both sizes: {}; our generator at least as fast as the crate's (median ratio at most 1): {}.\n",
        met(dlx_faster),
        met(ratio <= 1.0)
    )
    .unwrap();
    out
}
