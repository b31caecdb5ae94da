#![doc = include_str!("../README.md")]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod digest;
pub mod file;
pub mod found;
pub mod merge;
pub mod progress;
pub mod results;
mod task;

pub use digest::{Digest, DigestError, SplitId, line_check};
pub use file::{
    TaskFile, TaskFileError, read_tasks, write_header, write_split, write_split_streamed,
    write_task,
};
pub use results::{BestFound, ResultOutcome, TaskResult};
pub use task::{MAX_ID_LEN, Task, format_prefix, is_valid_id, parse_prefix, rounded_estimate};
