//! `dlx sudoku --generate` for jigsaw and killer puzzles, and the
//! `bitmask` engine on large grids: every generated puzzle read back,
//! solved, checked here against its own region map and cages, and proved
//! unique and minimal by the binary itself.

use crate::common::{assert_exit, dlx, stderr};

/// A generated line taken apart: cells, region of each cell (the boxes
/// when there is no map), cages with their sums.
struct Generated {
    n: usize,
    cells: Vec<char>,
    regions: Vec<char>,
    cages: Vec<(Vec<usize>, u32)>,
}

/// Reads a line `CELLS [REGIONS] [CAGES LABEL=SUM...]` of a puzzle with
/// `box_rows x box_cols` boxes, as the format documents it.
fn parse(line: &str, box_rows: usize, box_cols: usize, jigsaw: bool, killer: bool) -> Generated {
    let n = box_rows * box_cols;
    let mut words = line.split(' ');
    let cells: Vec<char> = words.next().unwrap().chars().collect();
    assert_eq!(cells.len(), n * n, "{line}");
    let regions: Vec<char> = if jigsaw {
        words.next().unwrap().chars().collect()
    } else {
        (0..n * n)
            .map(|c| {
                let b = (c / n / box_rows) * (n / box_cols) + (c % n) / box_cols;
                char::from(b'A' + b as u8)
            })
            .collect()
    };
    assert_eq!(regions.len(), n * n, "{line}");
    let mut cages = Vec::new();
    if killer {
        let map: Vec<char> = words.next().unwrap().chars().collect();
        for word in words.take_while(|w| w.contains('=')) {
            let (label, sum) = word.split_once('=').unwrap();
            let label = label.chars().next().unwrap();
            let cells: Vec<usize> = (0..n * n).filter(|&c| map[c] == label).collect();
            cages.push((cells, sum.parse().unwrap()));
        }
        // Every cell in a cage.
        let caged: usize = cages.iter().map(|(cells, _)| cells.len()).sum();
        assert_eq!(caged, n * n, "{line}");
    }
    Generated {
        n,
        cells,
        regions,
        cages,
    }
}

/// Whether `answer` solves `puzzle`: rows, columns and regions hold `n`
/// distinct symbols, givens kept, every cage distinct with its sum (the
/// symbols are the default ones, so a digit's value is its place in them).
fn solves(answer: &str, puzzle: &Generated) -> bool {
    let n = puzzle.n;
    let cells: Vec<char> = answer.chars().collect();
    if cells.len() != n * n || cells.contains(&'.') {
        return false;
    }
    let kept = puzzle
        .cells
        .iter()
        .zip(&cells)
        .all(|(&p, &s)| p == '.' || p == s);
    let distinct = |group: &[usize]| {
        let mut seen: Vec<char> = group.iter().map(|&i| cells[i]).collect();
        seen.sort_unstable();
        seen.dedup();
        seen.len() == group.len()
    };
    let mut labels = puzzle.regions.clone();
    labels.sort_unstable();
    labels.dedup();
    let units = (0..n)
        .flat_map(|k| {
            [
                (0..n).map(|c| k * n + c).collect::<Vec<_>>(),
                (0..n).map(|r| r * n + k).collect(),
            ]
        })
        .chain(labels.iter().map(|&label| {
            (0..n * n)
                .filter(|&c| puzzle.regions[c] == label)
                .collect::<Vec<_>>()
        }));
    let value = |c: char| {
        "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
            .find(c)
            .map_or(0, |k| k as u32 + 1)
    };
    let mut all_units = true;
    for unit in units {
        all_units &= unit.len() == n && distinct(&unit);
    }
    let cages_hold = puzzle.cages.iter().all(|(cage, sum)| {
        distinct(cage) && cage.iter().map(|&c| value(cells[c])).sum::<u32>() == *sum
    });
    labels.len() == n && kept && all_units && cages_hold
}

/// `dlx sudoku --generate COUNT` with `args`, on `threads` threads.
fn generate(count: &str, args: &[&str], threads: &str) -> String {
    let output = dlx()
        .args(["sudoku", "--generate", count, "-j", threads])
        .args(args)
        .output()
        .unwrap();
    assert_exit(&output, 0);
    String::from_utf8(output.stdout).unwrap()
}

/// `dlx sudoku` on `input` with `args`.
fn solve(input: &str, args: &[&str]) -> std::process::Output {
    dlx()
        .args(["sudoku", "-q"])
        .args(args)
        .write_stdin(input.to_owned())
        .output()
        .unwrap()
}

/// Each puzzle of `text` with one clue taken away, every way.
fn one_clue_less(text: &str) -> String {
    let mut lines = String::new();
    for line in text.lines() {
        let (cells, data) = line.split_once(' ').unwrap_or((line, ""));
        for (k, c) in cells.char_indices().filter(|&(_, c)| c != '.') {
            let mut fewer = cells.to_owned();
            fewer.replace_range(k..k + c.len_utf8(), ".");
            let line = [fewer.as_str(), data].join(" ");
            lines.push_str(line.trim_end());
            lines.push('\n');
        }
    }
    lines
}

/// Generates puzzles of `variant`, checks that the output is the same on 1
/// and 3 threads, that each is solved (and verified here), unique, and
/// minimal: with any clue taken away it has two solutions.
fn check_generated(variant: &str, box_shape: &str, count: usize) {
    let (rows, cols) = box_shape.split_once('x').unwrap();
    let (rows, cols): (usize, usize) = (rows.parse().unwrap(), cols.parse().unwrap());
    let args = ["--variant", variant, "--box", box_shape, "--seed", "21"];
    let output = generate(&count.to_string(), &args, "1");
    assert_eq!(output, generate(&count.to_string(), &args, "3"));
    // A variant line first, naming the variant as `--variant` does.
    let (header, text) = output.split_once('\n').unwrap();
    let named = header.strip_prefix("variant ").unwrap();
    let sorted = |name: &str| {
        let mut parts: Vec<&str> = name.split('+').collect();
        parts.sort_unstable();
        parts.join("+")
    };
    assert_eq!(sorted(named), sorted(variant));
    assert_eq!(text.lines().count(), count);
    let read_args = ["--variant", variant, "--box", box_shape];
    let unique = solve(text, &[&read_args[..], &["--unique"]].concat());
    assert_exit(&unique, 0);
    let answers = String::from_utf8(unique.stdout.clone()).unwrap();
    assert_eq!(answers.lines().count(), count);
    // Read back as it is, without --variant: the variant line keeps the
    // rules (a cage map is not taken for a comment of a classic puzzle).
    let as_is = solve(&output, &["--box", box_shape, "--unique"]);
    assert_exit(&as_is, 0);
    assert_eq!(as_is.stdout, unique.stdout);
    let (jigsaw, killer) = (variant.contains("jigsaw"), variant.contains("killer"));
    // Without the variant line, a region or cage map is not taken for a
    // comment: every puzzle is refused, none solved by the wrong rules.
    if jigsaw || killer {
        let bare = solve(text, &["--box", box_shape]);
        assert_exit(&bare, 2);
        assert!(bare.stdout.is_empty());
        let message = stderr(&bare);
        let refusals = message
            .lines()
            .filter(|line| line.contains("but the puzzle is read as classic: give --variant"));
        assert_eq!(refusals.count(), count, "{message}");
    }
    for (answer, line) in answers.lines().zip(text.lines()) {
        let puzzle = parse(line, rows, cols, jigsaw, killer);
        assert!(solves(answer, &puzzle), "{answer} does not solve {line}");
    }
    let fewer = one_clue_less(text);
    if !fewer.is_empty() {
        let counted = solve(
            &fewer,
            &[&read_args[..], &["--count", "--limit", "2"]].concat(),
        );
        assert_exit(&counted, 0);
        let counts = String::from_utf8(counted.stdout).unwrap();
        assert!(counts.lines().all(|count| count == "2"), "{counts}");
        assert_eq!(counts.lines().count(), fewer.lines().count());
    }
}

#[test]
fn jigsaw_puzzles_are_generated_unique_and_minimal() {
    check_generated("jigsaw", "3x3", 6);
    check_generated("jigsaw", "2x3", 10);
}

#[test]
fn killer_puzzles_are_generated_unique_and_minimal_in_clues() {
    check_generated("killer", "3x3", 4);
    check_generated("killer", "2x2", 10);
}

#[test]
fn mixed_variants_are_generated() {
    check_generated("jigsaw+killer", "2x3", 4);
    check_generated("killer+x", "2x3", 4);
}

#[test]
fn generated_killer_lines_are_rated_and_a_bad_one_is_located_in_its_batch() {
    let text = generate("3", &["--variant", "killer", "--rate", "--json"], "2");
    for record in text.lines() {
        assert!(record.contains("\"variant\":\"killer\""), "{record}");
        assert!(record.contains("\"variant_data\":"), "{record}");
        assert!(record.contains("\"search_effort\":"), "{record}");
    }
    let lines = generate("3", &["--variant", "killer"], "1");
    // The second puzzle's (after the variant line) first cage sum spoilt.
    let mut batch: Vec<String> = lines.lines().map(str::to_owned).collect();
    assert_eq!(batch[0], "variant killer");
    let at = batch[2].find('=').unwrap();
    batch[2].replace_range(at..at + 1, "#");
    // The column of the spoilt word.
    let column = batch[2][..at].rfind(' ').unwrap() + 2;
    let output = solve(&(batch.join("\n") + "\n"), &[]);
    assert_exit(&output, 2);
    assert_eq!(String::from_utf8_lossy(&output.stdout).lines().count(), 2);
    let message = stderr(&output);
    assert!(
        message.starts_with(&format!("<stdin>:3:{column}: bad cage sum")),
        "{message}"
    );
    // A sum no cage of its size can have is named by the cage's label, at
    // the column of its word.
    let mut batch: Vec<String> = lines.lines().map(str::to_owned).collect();
    let line = batch[1].clone();
    let words: Vec<&str> = line.split(' ').collect();
    let (label, _) = words[2].split_once('=').unwrap();
    let column = line.find(words[2]).unwrap() + 1;
    batch[1] = line.replacen(words[2], &format!("{label}=99"), 1);
    let output = solve(&(batch.join("\n") + "\n"), &[]);
    assert_exit(&output, 2);
    assert_eq!(String::from_utf8_lossy(&output.stdout).lines().count(), 2);
    let message = stderr(&output);
    assert!(
        message.starts_with(&format!(
            "<stdin>:2:{column}: cage {:?} cannot sum to 99",
            label.chars().next().unwrap()
        )),
        "{message}"
    );
}

/// The solutions of `input`, then their counts up to 3, by `engine`.
fn answers_of(engine: &str, input: &str, box_shape: &str) -> (String, String) {
    let solved = solve(input, &["--engine", engine, "--box", box_shape]);
    assert_exit(&solved, 0);
    let args = [
        "--engine", engine, "--box", box_shape, "--count", "--limit", "3",
    ];
    let counted = solve(input, &args);
    assert_exit(&counted, 0);
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).unwrap();
    (text(solved.stdout), text(counted.stdout))
}

#[test]
fn the_bitmask_engine_agrees_with_dancing_links_on_16x16_and_25x25() {
    // Minimal 16x16 puzzles, and each with one clue less.
    let text = generate("2", &["--box", "4x4", "--seed", "5"], "2");
    let fewer: String = one_clue_less(&text)
        .lines()
        .step_by(7)
        .map(|line| format!("{line}\n"))
        .collect();
    // 25x25: the pattern grid (each row the one above shifted by a box's
    // width, each band by one more) with every other cell, or one in
    // three, taken away.
    let symbols: Vec<char> = "123456789ABCDEFGHIJKLMNOP".chars().collect();
    let pattern = |kept: fn(usize) -> bool| -> String {
        (0..625)
            .map(|cell| {
                let (row, col) = (cell / 25, cell % 25);
                if kept(cell) {
                    symbols[(row * 5 + row / 5 + col) % 25]
                } else {
                    '.'
                }
            })
            .collect()
    };
    let large = format!(
        "{}\n{}\n",
        pattern(|cell| cell % 2 == 0),
        pattern(|cell| cell % 3 != 0)
    );
    for (input, box_shape) in [(text, "4x4"), (fewer, "4x4"), (large, "5x5")] {
        let (solved, counted) = answers_of("bitmask", &input, box_shape);
        assert_eq!(counted, answers_of("dlx", &input, box_shape).1);
        let (rows, cols) = box_shape.split_once('x').unwrap();
        let (rows, cols) = (rows.parse().unwrap(), cols.parse().unwrap());
        for (answer, line) in solved.lines().zip(input.lines()) {
            let puzzle = parse(line, rows, cols, false, false);
            assert!(solves(answer, &puzzle), "{answer} does not solve {line}");
        }
        assert_eq!(solved.lines().count(), input.lines().count());
    }
}

/// Ctrl-C stops a generation in the middle of a large puzzle's long
/// uniqueness searches (not only between puzzles): exit 130, promptly, and
/// no half-made puzzle printed.
#[test]
fn ctrl_c_stops_the_generation_of_a_large_puzzle() {
    use std::time::Duration;

    use super::running::spawn;

    let running = spawn(&[
        "sudoku",
        "--generate",
        "3",
        "--box",
        "5x5",
        "-j",
        "1",
        "--seed",
        "1",
    ]);
    std::thread::sleep(Duration::from_millis(700));
    running.interrupt();
    let finished = running.finish(Duration::from_secs(10));
    eprintln!("stopped {:?} after SIGINT", finished.waited);
    assert_eq!(finished.code, Some(130), "{finished:?}");
    assert!(finished.waited < Duration::from_secs(5), "{finished:?}");
    // Whatever was printed is whole lines of whole puzzles.
    assert!(
        finished.stdout.lines().all(|line| line.len() >= 625),
        "{finished:?}"
    );
    assert!(!finished.stderr.contains("panicked"), "{finished:?}");
}

/// Generated puzzles stream: each is written (and flushed) as soon as it is
/// made, not when its block of 16, or the run, is done.
#[test]
fn generated_puzzles_come_out_as_they_are_made() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};

    let mut child = Command::new(assert_cmd::cargo::cargo_bin("dlx"))
        .args(["sudoku", "--generate", "400", "--box", "4x4", "-j", "1"])
        .args(["--seed", "3"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    let mut first = String::new();
    // The reader lives to the end: a closed pipe would end the run early.
    let mut output = BufReader::new(child.stdout.take().unwrap());
    output.read_line(&mut first).unwrap();
    let first_at = started.elapsed();
    // 399 puzzles are still to be made (seconds even in a release build,
    // where four take about 0.15 s): the run goes on.
    std::thread::sleep(Duration::from_millis(50));
    let running = child.try_wait().unwrap().is_none();
    let _ = child.kill();
    let _ = child.wait();
    assert_eq!(first.trim_end().len(), 256, "{first:?}");
    assert!(running, "the first puzzle came at the end ({first_at:?})");
}
