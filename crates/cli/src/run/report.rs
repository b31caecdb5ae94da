//! The summary of one run on standard error: a sentence, or `name value`
//! pairs with `--stats`, and the per-level profile with `--profile`.

use std::time::Duration;

use dancing::StopReason;
use dancing::engine::Algorithm;

use super::outcome::{RunOutcome, is_budget};
use super::plan::SearchPlan;
use crate::status::diag;

/// What is said of an input whose reading Ctrl-C or the clock stopped,
/// `elapsed` after the clock started: `FILE:LINE: time limit reached
/// while reading, after 1.002s` (then what was not done, by the caller).
pub fn stop_while_reading(name: &str, line: usize, stop: StopReason, elapsed: Duration) -> String {
    let why = match stop {
        StopReason::Cancelled => "interrupted",
        _ => "time limit reached",
    };
    let seconds = elapsed.as_secs_f64();
    format!("{name}:{line}: {why} while reading, after {seconds:.3}s")
}

/// The summary of one input on standard error: a sentence (unless the
/// printer holds its own summary), or `name value` pairs with `--stats`,
/// and the per-level profile with `--profile`. `name` is the input's, and
/// `prefixed` says whether lines start with it (one of several inputs).
///
/// The fields are the same whatever the number of threads: an incomplete
/// run always says why it stopped and how much of the tree it explored
/// (`unknown` when it stopped before the first estimate).
pub fn report(
    search: &SearchPlan,
    name: &str,
    prefixed: bool,
    sentence: bool,
    outcome: &RunOutcome,
) {
    let stats = &outcome.stats;
    let seconds = outcome.elapsed.as_secs_f64();
    if let (Some(line), Some(stop)) = (outcome.stopped_reading_at, outcome.stop) {
        // Always said, and with the place: nothing else tells of the input.
        let stopped = stop_while_reading(name, line, stop, outcome.elapsed);
        diag!("{stopped}; nothing was searched");
    }
    if let Some(refusal) = outcome.refusal() {
        diag!("{refusal}");
        return;
    }
    if search.stats {
        let stopped = match outcome.stop {
            None => String::new(),
            Some(stop) => format!(
                " stopped {} explored-estimate {}",
                stop.as_str(),
                outcome
                    .explored
                    .map_or("unknown".to_owned(), |fraction| format!("{fraction:.4}"))
            ),
        };
        // DLX2's and DLX3's third figure, for problems with colors or bounds.
        let cleansings = if outcome.cleansings_counted {
            format!(" cleansings {}", stats.cleansings)
        } else {
            String::new()
        };
        let cache = outcome.memo.as_ref().map_or(String::new(), |memo| {
            let cache = &memo.cache;
            format!(
                " cache-hits {} cache-misses {} cache-peak-entries {} cache-peak-bytes {} cache-evictions {} cache-off {}",
                cache.hits,
                cache.misses,
                cache.peak_entries,
                cache.peak_bytes,
                cache.evictions,
                if cache.turned_off { "yes" } else { "no" }
            )
        });
        // Which search ran, when a rule other than the default chose.
        let searched = match outcome.algorithm {
            Algorithm::Links => String::new(),
            other => format!(" search {}", other.as_str()),
        };
        diag!(
            "{}solutions {} nodes {} updates {}{cleansings} max-depth {} time {seconds:.3}s threads {}{searched} complete {}{cache}{stopped}",
            if prefixed {
                format!("file {name} ")
            } else {
                String::new()
            },
            outcome.solutions(),
            stats.nodes,
            stats.updates,
            stats.max_depth,
            outcome.threads,
            if stats.is_complete() { "yes" } else { "no" },
        );
    } else if sentence && outcome.stopped_reading_at.is_none() {
        let prefix = if prefixed {
            format!("{name}: ")
        } else {
            String::new()
        };
        let plural = if outcome.solutions() == 1 { "" } else { "s" };
        let stopped = match outcome.stop {
            None => String::new(),
            Some(StopReason::Visitor) => " (stopped early)".to_owned(),
            Some(stop) => format!(" ({}; incomplete)", describe(stop)),
        };
        let explored = match outcome.stop {
            Some(stop) if is_budget(stop) => match outcome.explored {
                Some(fraction) => format!(", about {:.1}% of the tree explored", 100.0 * fraction),
                None => ", too early for an estimate of the tree explored".to_owned(),
            },
            _ => String::new(),
        };
        diag!(
            "{prefix}{} solution{plural}{stopped}, {} nodes, {} updates, {seconds:.3}s{explored}",
            outcome.solutions(),
            stats.nodes,
            stats.updates
        );
    }
    if search.profile {
        let prefix = if prefixed {
            format!("{name}: ")
        } else {
            String::new()
        };
        for (level, nodes) in outcome.profile.iter().enumerate() {
            diag!("{prefix}level {level} nodes {nodes}");
        }
    }
}

/// Why a run stopped, in words.
fn describe(stop: StopReason) -> &'static str {
    match stop {
        StopReason::Visitor => "stopped early",
        StopReason::NodeLimit => "stopped: node budget spent",
        StopReason::TimeLimit => "stopped: time limit",
        _ => "interrupted",
    }
}
