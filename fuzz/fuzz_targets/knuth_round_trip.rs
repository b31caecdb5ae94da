//! Knuth's format: any bytes are read without a panic; errors name a place
//! in the input; what is read is written and read back as the same problem,
//! colors and bounds included.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dancing_fuzz::knuth_round_trip(data));
