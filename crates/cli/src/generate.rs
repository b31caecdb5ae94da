//! Work in progress: replaced by the real subcommand.

use crate::status::Status;

/// Not implemented yet.
#[derive(clap::Args, Debug)]
pub struct Args {}

pub fn run(_args: &Args) -> Status {
    eprintln!("dlx: not implemented yet");
    Status::Error
}
