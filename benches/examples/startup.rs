//! Times whole processes of a tiny job, the measure of start-up: each
//! command is run `--runs` times in a row, every run with standard input
//! opened afresh on `--input` (a redirection to `perf stat -r` would give
//! the file to the first run only, and an empty input to the rest), output
//! thrown away; the commands take turns, `--rounds` times. Per round it
//! prints each command's wall and CPU time a run (the CPU time of the
//! children, user and system, from `/proc/self/stat`, in clock ticks: use
//! enough runs), and each command's ratios to the first's; at the end the
//! median of the rounds' ratios.
//!
//! ```sh
//! cargo run --release -p dancing-benches --example startup -- \
//!     --runs 1000 --rounds 7 --input crates/dancing/tests/data/toy.dlx \
//!     -- dlx1 -- target/release/dlx solve --count -
//! ```

use std::fs::File;
use std::process::{Command, Stdio};
use std::time::Instant;

const USAGE: &str = "usage: startup [--runs N] [--rounds N] --input FILE -- COMMAND ARGS... [-- COMMAND ARGS...]...";

fn main() {
    let mut runs = 1000_usize;
    let mut rounds = 7_usize;
    let mut input = None;
    let mut args = std::env::args().skip(1);
    let mut commands: Vec<Vec<String>> = Vec::new();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--runs" => runs = number(args.next(), "--runs"),
            "--rounds" => rounds = number(args.next(), "--rounds"),
            "--input" => input = Some(args.next().unwrap_or_else(|| fail("--input needs a file"))),
            "--" => commands.push(Vec::new()),
            _ => match commands.last_mut() {
                Some(command) => command.push(arg),
                None => fail(&format!("unexpected argument {arg:?}")),
            },
        }
    }
    let input = input.unwrap_or_else(|| fail("--input is required"));
    if commands.is_empty() || commands.iter().any(Vec::is_empty) {
        fail("each -- must be followed by a command");
    }
    let names: Vec<String> = commands.iter().map(|command| command.join(" ")).collect();
    let mut ratios: Vec<Vec<(f64, f64)>> = vec![Vec::new(); commands.len()];
    for round in 1..=rounds {
        let times: Vec<(f64, f64)> = commands
            .iter()
            .map(|command| time_runs(command, &input, runs))
            .collect();
        let (reference_wall, reference_cpu) = times[0];
        let mut line = format!("round {round}:");
        for (k, &(wall, cpu)) in times.iter().enumerate() {
            let ratio = (wall / reference_wall, cpu / reference_cpu);
            ratios[k].push(ratio);
            line += &format!(
                "  [{k}] {:.3} ms wall, {:.3} ms CPU ({:.3} / {:.3})",
                wall * 1e3,
                cpu * 1e3,
                ratio.0,
                ratio.1
            );
        }
        println!("{line}");
    }
    println!("medians of the rounds' ratios to [0], wall / CPU:");
    for (k, name) in names.iter().enumerate() {
        let mut walls: Vec<f64> = ratios[k].iter().map(|r| r.0).collect();
        let mut cpus: Vec<f64> = ratios[k].iter().map(|r| r.1).collect();
        println!(
            "  [{k}] {:.3} / {:.3}  {name}",
            median(&mut walls),
            median(&mut cpus)
        );
    }
}

/// The wall and CPU seconds a run of `command`, over `runs` runs in a row.
fn time_runs(command: &[String], input: &str, runs: usize) -> (f64, f64) {
    let cpu_before = children_cpu_seconds();
    let started = Instant::now();
    for _ in 0..runs {
        let stdin = File::open(input).unwrap_or_else(|e| fail(&format!("{input}: {e}")));
        let status = Command::new(&command[0])
            .args(&command[1..])
            .stdin(stdin)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .unwrap_or_else(|e| fail(&format!("{}: {e}", command[0])));
        if !status.success() {
            fail(&format!("{} exited with {status}", command.join(" ")));
        }
    }
    let wall = started.elapsed().as_secs_f64();
    let cpu = children_cpu_seconds() - cpu_before;
    (wall / runs as f64, cpu / runs as f64)
}

/// The user and system time of the children waited for, from
/// `/proc/self/stat` (fields 16 and 17, in clock ticks of 1/100 s, the
/// value Linux gives `sysconf(_SC_CLK_TCK)` on every architecture it
/// runs this on); 0 where there is no such file.
fn children_cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    // The command name, in parentheses, may hold spaces: count from after it.
    let Some((_, fields)) = stat.rsplit_once(')') else {
        return 0.0;
    };
    let fields: Vec<&str> = fields.split_whitespace().collect();
    // Field 3 (the state) is the first after the name.
    let ticks = |field: usize| fields.get(field - 3).and_then(|f| f.parse::<f64>().ok());
    match (ticks(16), ticks(17)) {
        (Some(user), Some(system)) => (user + system) / 100.0,
        _ => 0.0,
    }
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn number(arg: Option<String>, flag: &str) -> usize {
    arg.and_then(|a| a.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or_else(|| fail(&format!("{flag} needs a whole number above 0")))
}

fn fail(message: &str) -> ! {
    eprintln!("startup: {message}\n{USAGE}");
    std::process::exit(2);
}
