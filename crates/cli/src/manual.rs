//! `dlx completions` and `dlx man`: shell completions and man pages,
//! generated from the same clap definitions that parse the command line,
//! so they cannot disagree with it.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use clap::{Command, CommandFactory};
use clap_complete::Shell;

use crate::status::{Status, diag, is_broken_pipe};

/// Arguments of `dlx completions`.
#[derive(clap::Args)]
#[command(after_help = "Install, for example:\n  \
    dlx completions bash > ~/.local/share/bash-completion/completions/dlx\n  \
    dlx completions zsh > ~/.zfunc/_dlx\n  \
    dlx completions fish > ~/.config/fish/completions/dlx.fish")]
pub struct CompletionsArgs {
    /// The shell to write the completion script for.
    #[arg(value_enum)]
    shell: Shell,
}

/// Arguments of `dlx man`.
#[derive(clap::Args)]
#[command(
    after_help = "Read a page with `dlx man solve | man -l -`, or install them all:\n  \
    dlx man --dir ~/.local/share/man/man1"
)]
pub struct ManArgs {
    /// The subcommand whose page to write (`solve`, `sudoku`, ...); the
    /// page of `dlx` itself without one.
    subcommand: Option<String>,
    /// Write every page (dlx.1, dlx-solve.1, ...) into this folder instead
    /// of one page on standard output.
    #[arg(long, value_name = "DIR", conflicts_with = "subcommand")]
    dir: Option<PathBuf>,
}

/// `dlx completions SHELL`: the completion script on standard output.
pub fn completions(args: &CompletionsArgs) -> Status {
    let mut command = crate::Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "dlx", &mut script);
    write_stdout(&script)
}

/// `dlx man [SUBCOMMAND]` or `dlx man --dir DIR`.
pub fn man(args: &ManArgs) -> Status {
    let mut command = crate::Cli::command();
    command.build();
    if let Some(dir) = &args.dir {
        return match write_pages(&command, dir) {
            Ok(written) => {
                diag!("dlx man: wrote {written} pages into {}", dir.display());
                Status::Success
            }
            Err(error) => {
                diag!("dlx man: {}: {error}", dir.display());
                Status::Error
            }
        };
    }
    let page = match &args.subcommand {
        None => command,
        Some(name) => match command.find_subcommand(name) {
            Some(sub) => subcommand_page(sub),
            None => {
                let names: Vec<&str> = command.get_subcommands().map(Command::get_name).collect();
                diag!(
                    "dlx man: no subcommand '{name}' (there are: {})",
                    names.join(", ")
                );
                return Status::Error;
            }
        },
    };
    let mut text = Vec::new();
    match clap_mangen::Man::new(page).render(&mut text) {
        Ok(()) => write_stdout(&text),
        Err(error) => {
            diag!("dlx man: {error}");
            Status::Error
        }
    }
}

/// Writes the page of `dlx` and of each subcommand into `dir`: the
/// number of pages.
fn write_pages(command: &Command, dir: &Path) -> io::Result<usize> {
    fs::create_dir_all(dir)?;
    let mut pages = vec![command.clone()];
    // Not clap's own `help` subcommand: `dlx help` is not a page.
    pages.extend(
        command
            .get_subcommands()
            .filter(|sub| sub.get_name() != "help")
            .map(subcommand_page),
    );
    for page in &pages {
        let mut text = Vec::new();
        clap_mangen::Man::new(page.clone()).render(&mut text)?;
        fs::write(dir.join(format!("{}.1", page.get_name())), text)?;
    }
    Ok(pages.len())
}

/// The page of a subcommand: titled `dlx-NAME` as man pages of
/// subcommands are (`git-commit`), its synopsis `dlx NAME ...`.
fn subcommand_page(sub: &Command) -> Command {
    let name = sub.get_name();
    sub.clone()
        .name(format!("dlx-{name}"))
        .bin_name(format!("dlx {name}"))
}

/// Writes `bytes` on standard output; a reader that went away ends the
/// run quietly.
fn write_stdout(bytes: &[u8]) -> Status {
    let mut out = io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => Status::Success,
        Err(error) if is_broken_pipe(&error) => Status::Success,
        Err(error) => {
            diag!("dlx: writing standard output: {error}");
            Status::Error
        }
    }
}
