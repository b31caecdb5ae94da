//! The files of a merge: the task file and the result files read into
//! the ledger ([`dancing_tasks::merge::Ledger`]), each line named by its
//! `FILE:LINE`.

use std::path::Path;

use dancing_tasks::file::BYTE_ORDER_MARK;
use dancing_tasks::merge::{Fault, Ledger};
use dancing_tasks::read_tasks;
use dancing_tasks::results::read_line;

use crate::input::Input;

/// Reads the files of a merge into a [`Ledger`].
pub trait ReadFiles {
    /// Reads the task file, which fixes the problem, the split and the
    /// tasks expected.
    fn read_task_file(&mut self, path: &Path) -> Result<(), String>;

    /// Reads every line of one results file (`-`: standard input); a bad
    /// line is noted and the rest still read.
    fn read_results(&mut self, path: &Path);
}

impl ReadFiles for Ledger {
    fn read_task_file(&mut self, path: &Path) -> Result<(), String> {
        let name = path.display().to_string();
        let file = Input::File(path.to_owned())
            .open()
            .map_err(|error| format!("{name}: cannot open: {error}"))?;
        let file = read_tasks(file).map_err(|error| format!("{name}:{error}"))?;
        self.set_task_file(&name, file);
        Ok(())
    }

    fn read_results(&mut self, path: &Path) {
        let name = path.display().to_string();
        let input = Input::all(std::slice::from_ref(&path.to_owned())).remove(0);
        let mut reader = match input.open() {
            Ok(reader) => reader,
            Err(error) => {
                self.faults.push(Fault::Unreadable {
                    file: name,
                    error: error.to_string(),
                });
                return;
            }
        };
        let mut buffer = Vec::new();
        for line in 1.. {
            let place = format!("{name}:{line}");
            match read_line(&mut reader, &mut buffer) {
                Ok(None) => break,
                Ok(Some(ended)) => {
                    if line == 1 && buffer.starts_with(BYTE_ORDER_MARK) {
                        buffer.drain(..BYTE_ORDER_MARK.len());
                    }
                    self.note_line(place, &buffer, ended);
                }
                Err(error) => {
                    self.faults.push(Fault::Unreadable {
                        file: place,
                        error: error.to_string(),
                    });
                    break;
                }
            }
        }
    }
}
