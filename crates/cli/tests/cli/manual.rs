//! `dlx completions` and `dlx man`: scripts the shells accept and pages
//! `man` renders, naming every subcommand and option the parser has.

use std::process::Command as Process;

use super::common::{assert_exit, dlx, stderr};

/// The subcommands `dlx --help` lists.
fn subcommands() -> Vec<String> {
    let output = dlx().arg("--help").output().unwrap();
    assert_exit(&output, 0);
    let help = String::from_utf8(output.stdout).unwrap();
    let listed: Vec<String> = help
        .lines()
        .skip_while(|line| !line.starts_with("Commands:"))
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        .filter_map(|line| line.split_whitespace().next().map(str::to_owned))
        .filter(|name| name != "help")
        .collect();
    assert!(listed.len() >= 9, "{listed:?}");
    listed
}

#[test]
fn every_shell_gets_a_script_that_names_every_subcommand() {
    let names = subcommands();
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let output = dlx().args(["completions", shell]).output().unwrap();
        assert_exit(&output, 0);
        let script = String::from_utf8(output.stdout).unwrap();
        for name in &names {
            assert!(script.contains(name.as_str()), "{shell}: no {name}");
        }
        assert!(script.contains("--time-limit"), "{shell}: options of solve");
    }
}

#[test]
fn bash_accepts_the_completion_script_and_completes_dlx() {
    let output = dlx().args(["completions", "bash"]).output().unwrap();
    assert_exit(&output, 0);
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("dlx.bash");
    std::fs::write(&script, &output.stdout).unwrap();
    let syntax = Process::new("bash")
        .arg("-n")
        .arg(&script)
        .output()
        .unwrap();
    assert!(syntax.status.success(), "bash -n: {}", stderr(&syntax));
    // Sourced, it registers a completion for `dlx`.
    let registered = Process::new("bash")
        .arg("-c")
        .arg(format!("source '{}' && complete -p dlx", script.display()))
        .output()
        .unwrap();
    assert!(registered.status.success(), "{}", stderr(&registered));
    assert!(String::from_utf8_lossy(&registered.stdout).contains("dlx"));
}

#[test]
fn man_renders_the_page_of_dlx_and_of_each_subcommand() {
    let dir = tempfile::tempdir().unwrap();
    let mut pages = vec![(None, "dlx".to_owned())];
    pages.extend(
        subcommands()
            .into_iter()
            .map(|name| (Some(name.clone()), name)),
    );
    for (subcommand, name) in pages {
        let mut command = dlx();
        command.arg("man");
        command.args(subcommand.as_deref());
        let output = command.output().unwrap();
        assert_exit(&output, 0);
        let file = dir.path().join(format!("{name}.1"));
        std::fs::write(&file, &output.stdout).unwrap();
        let rendered = Process::new("man")
            .arg("-l")
            .arg(&file)
            .env("MANWIDTH", "100")
            // ASCII hyphens in the rendered text, whatever the locale.
            .env("LC_ALL", "C")
            .env("PAGER", "cat")
            .output()
            .expect("`man` is installed (Debian: man-db)");
        assert!(
            rendered.status.success(),
            "man -l {name}: {}",
            stderr(&rendered)
        );
        // Words only: `man` justifies lines with runs of spaces.
        let text = String::from_utf8_lossy(&rendered.stdout)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let title = match &subcommand {
            None => "dlx".to_owned(),
            Some(sub) => format!("dlx {sub}"),
        };
        // The synopsis starts with the command as typed (`dlx solve`).
        assert!(
            text.contains(&format!("SYNOPSIS {title} ")),
            "{name}: {text:.400}"
        );
        assert!(text.contains("--help"), "{name}: options listed");
    }
}

#[test]
fn the_solve_page_documents_its_options() {
    let output = dlx().args(["man", "solve"]).output().unwrap();
    assert_exit(&output, 0);
    let page = String::from_utf8(output.stdout).unwrap();
    assert!(
        page.starts_with(".ie") || page.contains(".TH dlx-solve"),
        "{page:.200}"
    );
    for option in ["count", "time\\-limit", "max\\-nodes", "threads"] {
        assert!(page.contains(option), "no {option}");
    }
}

#[test]
fn man_writes_every_page_into_a_folder() {
    let dir = tempfile::tempdir().unwrap();
    let output = dlx()
        .arg("man")
        .arg("--dir")
        .arg(dir.path())
        .output()
        .unwrap();
    assert_exit(&output, 0);
    let mut written: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    written.sort();
    let mut expected: Vec<String> = subcommands()
        .iter()
        .map(|name| format!("dlx-{name}.1"))
        .collect();
    expected.push("dlx.1".to_owned());
    expected.sort();
    assert_eq!(written, expected);
}

#[test]
fn bad_requests_are_refused_with_a_message() {
    let output = dlx().args(["man", "solv"]).output().unwrap();
    assert_exit(&output, 2);
    assert!(
        stderr(&output).contains("no subcommand 'solv'"),
        "{}",
        stderr(&output)
    );
    let output = dlx().args(["completions", "tcsh"]).output().unwrap();
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("tcsh"), "{}", stderr(&output));
    // A folder that cannot be made is named.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("plain-file");
    std::fs::write(&file, "").unwrap();
    let output = dlx()
        .arg("man")
        .arg("--dir")
        .arg(file.join("sub"))
        .output()
        .unwrap();
    assert_exit(&output, 2);
    assert!(
        stderr(&output).contains("plain-file"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn the_top_level_help_tells_what_dlx_sudoku_does() {
    let output = dlx().arg("--help").output().unwrap();
    let help = String::from_utf8(output.stdout).unwrap();
    let line = help
        .lines()
        .find(|line| line.trim_start().starts_with("sudoku "))
        .expect("dlx sudoku is listed");
    // Generation, the sizes, the variants and the formats, on one line.
    for word in ["generate", "4x4 to 64x64", "jigsaw", "killer", "CSV"] {
        assert!(line.contains(word), "{word}: {line}");
    }
}
