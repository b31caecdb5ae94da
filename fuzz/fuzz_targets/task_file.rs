//! The task file of `dlx split`: any bytes are read without a panic; errors
//! name a line of the input; what is read is written and read back as the
//! same tasks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dancing_fuzz::task_file_round_trip(data));
