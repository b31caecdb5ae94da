//! The result lines of `dlx solve --tasks`: any bytes are read without a
//! panic; what is read is written and read back as the same result.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dancing_fuzz::result_lines_round_trip(data));
