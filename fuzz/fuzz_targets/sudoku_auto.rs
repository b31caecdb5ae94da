//! Sudoku puzzles in the format detected from the input: any bytes are read
//! without a panic or a stall; errors name a place in the input; good puzzles
//! are written and read back unchanged.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dancing_fuzz::sudoku_round_trip(data, None));
