//! The `wasm-bindgen` bindings the page's Worker imports: each takes plain
//! values (numbers as JavaScript numbers, 0 for "no limit") and returns the
//! JSON text of the Rust function's answer, or throws its located message
//! as a string. Progress goes to a JavaScript function, as JSON text.

use std::ops::ControlFlow;
use std::time::Duration;

use serde::Serialize;
use wasm_bindgen::prelude::*;

use dancing::Branching;

use crate::cover::{self, Source};
use crate::random;
use crate::search::{Progress, Request};
use crate::sudoku::{self, Reading};

fn json<T: Serialize>(value: &T) -> Result<String, String> {
    serde_json::to_string(value).map_err(|error| error.to_string())
}

/// A count from a JavaScript number: 0, negative or not a number is none.
fn limit(value: f64) -> Option<u64> {
    (value.is_finite() && value >= 1.0).then_some(value as u64)
}

fn request(list: f64, max_nodes: f64, time_ms: f64) -> Request {
    Request {
        branching: Branching::Mrv,
        list: limit(list).unwrap_or(0),
        max_nodes: limit(max_nodes),
        // A limit longer than a `Duration` holds (some 584 billion years)
        // is no limit.
        time_limit: (time_ms > 0.0)
            .then(|| Duration::try_from_secs_f64(time_ms / 1000.0).ok())
            .flatten(),
    }
}

/// The progress callback: JSON text to `callback`.
fn reporter(callback: &js_sys::Function) -> impl FnMut(&Progress) -> ControlFlow<()> + '_ {
    move |progress| {
        if let Ok(text) = serde_json::to_string(progress) {
            // A throwing callback cannot stop the search: the Worker is
            // terminated instead (see web/README.md).
            let _ = callback.call1(&JsValue::NULL, &JsValue::from_str(&text));
        }
        ControlFlow::Continue(())
    }
}

/// The engine's version.
#[wasm_bindgen]
pub fn engine_version() -> String {
    crate::ENGINE_VERSION.to_owned()
}

/// The generators: `[[name, example, flag], ...]` as JSON.
#[wasm_bindgen]
pub fn generators() -> Result<String, String> {
    json(&cover::GENERATORS)
}

/// Solves a Sudoku puzzle (up to `limit` solutions: 2 checks uniqueness).
#[wasm_bindgen]
pub fn sudoku_solve(
    text: &str,
    name: &str,
    box_shape: &str,
    variant: &str,
    limit: f64,
) -> Result<String, String> {
    let reading = Reading {
        name: name.to_owned(),
        box_shape: box_shape.to_owned(),
        variant: variant.to_owned(),
    };
    json(&sudoku::solve(
        text,
        &reading,
        self::limit(limit).unwrap_or(1),
    )?)
}

/// Reads a Sudoku puzzle, to draw it.
#[wasm_bindgen]
pub fn sudoku_read(
    text: &str,
    name: &str,
    box_shape: &str,
    variant: &str,
) -> Result<String, String> {
    let reading = Reading {
        name: name.to_owned(),
        box_shape: box_shape.to_owned(),
        variant: variant.to_owned(),
    };
    json(&sudoku::read(text, &reading)?.view())
}

/// Counts (or lists `list` of) a Sudoku puzzle's solutions.
#[wasm_bindgen]
#[allow(clippy::too_many_arguments)]
pub fn sudoku_count(
    text: &str,
    name: &str,
    box_shape: &str,
    variant: &str,
    list: f64,
    max_nodes: f64,
    time_ms: f64,
    progress: &js_sys::Function,
) -> Result<String, String> {
    let reading = Reading {
        name: name.to_owned(),
        box_shape: box_shape.to_owned(),
        variant: variant.to_owned(),
    };
    let request = request(list, max_nodes, time_ms);
    json(&sudoku::count(
        text,
        &reading,
        &request,
        &mut reporter(progress),
    )?)
}

/// A generated puzzle (as `dlx sudoku --generate 1 --seed SEED`).
#[wasm_bindgen]
pub fn sudoku_generate(box_shape: &str, variant: &str, seed: f64) -> Result<String, String> {
    sudoku::generate(box_shape, variant, limit(seed).unwrap_or(1))
}

/// The page's branching rule: `mrv`, `wtd` or `frb`.
fn branching(name: &str) -> Result<Branching, String> {
    name.parse()
        .map_err(|error: dancing::expert::UnknownBranching| format!("branching: {error}"))
}

/// Counts (or lists `list` of) the solutions of a problem in DLX text,
/// branching by `heuristic` (`mrv`, `wtd` or `frb`).
#[wasm_bindgen]
#[allow(clippy::too_many_arguments)]
pub fn cover_text(
    text: &str,
    name: &str,
    list: f64,
    max_nodes: f64,
    time_ms: f64,
    heuristic: &str,
    progress: &js_sys::Function,
) -> Result<String, String> {
    let source = Source::Text {
        text: text.to_owned(),
        name: name.to_owned(),
    };
    let request = Request {
        branching: branching(heuristic)?,
        ..request(list, max_nodes, time_ms)
    };
    json(&cover::run(&source, &request, &mut reporter(progress))?)
}

/// Counts (or lists `list` of) the solutions of a generated problem,
/// branching by `heuristic`.
#[wasm_bindgen]
#[allow(clippy::too_many_arguments)]
pub fn cover_generated(
    generator: &str,
    argument: &str,
    option: bool,
    list: f64,
    max_nodes: f64,
    time_ms: f64,
    heuristic: &str,
    progress: &js_sys::Function,
) -> Result<String, String> {
    let source = Source::Generator {
        name: generator.to_owned(),
        argument: argument.to_owned(),
        option,
    };
    let request = Request {
        branching: branching(heuristic)?,
        ..request(list, max_nodes, time_ms)
    };
    json(&cover::run(&source, &request, &mut reporter(progress))?)
}

/// A seed from a JavaScript number: a whole number from 0 (anything else
/// is 0).
fn seed(value: f64) -> u64 {
    if value.is_finite() && value >= 0.0 {
        value as u64
    } else {
        0
    }
}

/// One uniformly random solution of a problem in DLX text.
#[wasm_bindgen]
pub fn random_text(text: &str, name: &str, seed: f64) -> Result<String, String> {
    let source = Source::Text {
        text: text.to_owned(),
        name: name.to_owned(),
    };
    json(&random::cover(&source, self::seed(seed))?)
}

/// One uniformly random solution of a generated problem.
#[wasm_bindgen]
pub fn random_generated(
    generator: &str,
    argument: &str,
    option: bool,
    seed: f64,
) -> Result<String, String> {
    let source = Source::Generator {
        name: generator.to_owned(),
        argument: argument.to_owned(),
        option,
    };
    json(&random::cover(&source, self::seed(seed))?)
}

/// One uniformly random complete Sudoku grid (boxes up to 6x6).
#[wasm_bindgen]
pub fn random_grid(box_shape: &str, variant: &str, seed: f64) -> Result<String, String> {
    json(&random::sudoku_grid(box_shape, variant, self::seed(seed))?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_time_limit_from_the_page_searches_without_a_panic() {
        let problem = dancing::format::read_str("a b\na\nb\na b\n")
            .unwrap()
            .problem;
        for time_ms in [
            1e300,
            f64::INFINITY,
            f64::MAX,
            1e21,
            1e20,
            5e3,
            -1.0,
            f64::NAN,
            0.0,
        ] {
            let request = request(0.0, 0.0, time_ms);
            let report = crate::search::run(&problem, &request, &mut |_| ControlFlow::Continue(()));
            assert_eq!(report.solutions, 2, "{time_ms}");
            assert!(report.complete, "{time_ms}");
        }
        assert_eq!(
            request(0.0, 0.0, 5e3).time_limit,
            Some(Duration::from_secs(5))
        );
        assert_eq!(request(0.0, 0.0, 1e300).time_limit, None);
    }
}
