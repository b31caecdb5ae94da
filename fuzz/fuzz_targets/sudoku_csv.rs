//! Sudoku puzzles in CSV files (Kaggle's layout: a header naming the
//! puzzle column, perhaps a solution column): any bytes are read without a
//! panic or a stall; errors name a place in the input; good puzzles are
//! written and read back unchanged.
#![no_main]

use dancing_sudoku::format::Format;

libfuzzer_sys::fuzz_target!(|data: &[u8]| dancing_fuzz::sudoku_round_trip(data, Some(Format::Csv)));
