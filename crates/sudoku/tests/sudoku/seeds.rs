//! The seeds' published samples, reproduced byte for byte through the
//! library: read in the seed's input format, solved by the seed's engine
//! (and by every other, since each sample has one solution), written in the
//! seed's output layout.

use dancing_sudoku::dfs::leetcode;
use dancing_sudoku::format::{GridWriter, Layout, PuzzleReader};
use dancing_sudoku::{Engine, Grid, Solver};

use super::common::assert_solves;

const ACWING_166_IN: &str = "\
4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.
end
";
const ACWING_166_OUT: &str = "\
417369825632158947958724316825437169791586432346912758289643571573291684164875293
416837529982465371735129468571298643293746185864351297647913852359682714128574936
";

const POJ_2676_IN: &str = "1\n103000509\n002109400\n000704000\n300502006\n060000050\n700803004\n000401000\n009205800\n804000107\n";
const POJ_2676_OUT: &str = "143628579\n572139468\n986754231\n391542786\n468917352\n725863914\n237481695\n619275843\n854396127\n";

const POJ_3074_IN: &str =
    ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.\nend\n";
const POJ_3074_OUT: &str =
    "527389416819426735436751829375692184194538267268174593643217958951843672782965341\n";

const HUNDRED_LINES_IN: &str = "\
0 0 0 0 0 4 5 0 0
6 8 0 0 0 9 0 0 0
2 5 0 3 8 0 0 0 0
0 2 0 0 4 3 8 0 0
3 4 0 0 0 8 0 0 6
8 0 0 6 5 2 4 7 0
1 6 2 8 9 0 7 0 0
5 0 8 0 6 7 2 0 9
0 7 0 0 0 0 6 0 5
";
/// "the line `ans: ` then the 9 rows, each digit followed by three spaces".
const HUNDRED_LINES_OUT: &str = "ans: \n\
9   1   3   7   2   4   5   6   8   \n\
6   8   7   5   1   9   3   4   2   \n\
2   5   4   3   8   6   1   9   7   \n\
7   2   6   9   4   3   8   5   1   \n\
3   4   5   1   7   8   9   2   6   \n\
8   9   1   6   5   2   4   7   3   \n\
1   6   2   8   9   5   7   3   4   \n\
5   3   8   4   6   7   2   1   9   \n\
4   7   9   2   3   1   6   8   5   \n";
const HUNDRED_LINES_SOLUTION: &str =
    "913724568687519342254386197726943851345178926891652473162895734538467219479231685";

const LEETCODE_ROWS: [&str; 9] = [
    "53..7....",
    "6..195...",
    ".98....6.",
    "8...6...3",
    "4..8.3..1",
    "7...2...6",
    ".6....28.",
    "...419..5",
    "....8..79",
];
const LEETCODE_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// Reads `input`, solves each puzzle with `engine` (checking the solution,
/// and uniqueness by Dancing Links), and writes the answers in `layout` or
/// the input's own.
///
/// Like the seeds, the engines stop at the first solution: proving the
/// AcWing samples unique takes the row-major engines 142 million nodes.
fn run(input: &str, engine: Engine, layout: Option<Layout>) -> String {
    let mut reader = PuzzleReader::new(input.as_bytes(), None);
    let mut solver = Solver::new(engine);
    let mut dlx = Solver::new(Engine::Dlx);
    let (mut puzzle, mut solution) = (Grid::default(), Grid::default());
    let mut writer = None;
    let mut out = Vec::new();
    while let Some(read) = reader.read_into(&mut puzzle) {
        read.unwrap_or_else(|e| panic!("{engine}: {e}"));
        assert!(dlx.is_unique(&puzzle).unwrap(), "{puzzle}");
        let outcome = solver.search(&puzzle, 1, &mut solution).unwrap();
        assert_eq!(outcome.solutions, 1, "{engine} on {puzzle}");
        assert!(outcome.nodes >= 1);
        assert_solves(&solution, &puzzle);
        let layout = layout
            .or(reader.layout())
            .expect("a layout once a puzzle is read");
        writer
            .get_or_insert_with(|| GridWriter::new(layout))
            .write(&mut out, &solution)
            .unwrap();
    }
    String::from_utf8(out).unwrap()
}

#[test]
fn acwing_166_sample_by_every_engine() {
    for engine in Engine::ALL {
        assert_eq!(run(ACWING_166_IN, engine, None), ACWING_166_OUT, "{engine}");
    }
}

#[test]
fn poj_2676_sample_count_and_rows_in_rows_out() {
    for engine in Engine::ALL {
        assert_eq!(run(POJ_2676_IN, engine, None), POJ_2676_OUT, "{engine}");
    }
}

#[test]
fn poj_3074_sample_by_dancing_links() {
    for engine in Engine::ALL {
        assert_eq!(run(POJ_3074_IN, engine, None), POJ_3074_OUT, "{engine}");
    }
}

#[test]
fn hundred_lines_example_in_the_seeds_ans_layout() {
    for engine in Engine::ALL {
        assert_eq!(
            run(HUNDRED_LINES_IN, engine, Some(Layout::Ans)),
            HUNDRED_LINES_OUT,
            "{engine}"
        );
        let blocks = run(HUNDRED_LINES_IN, engine, None);
        let digits: String = blocks.split_whitespace().collect();
        assert_eq!(
            digits, HUNDRED_LINES_SOLUTION,
            "{engine}: blocks in, blocks out"
        );
    }
}

#[test]
fn leetcode_example_through_the_in_place_functions() {
    let mut board = [['.'; 9]; 9];
    for (row, text) in board.iter_mut().zip(LEETCODE_ROWS) {
        for (cell, c) in row.iter_mut().zip(text.chars()) {
            *cell = c;
        }
    }
    assert_eq!(leetcode::solve_board(&mut board), Ok(true));
    let filled: String = board.iter().flatten().collect();
    assert_eq!(filled, LEETCODE_SOLUTION);

    let mut rows: Vec<Vec<char>> = LEETCODE_ROWS
        .iter()
        .map(|row| row.chars().collect())
        .collect();
    assert!(leetcode::solve_sudoku(&mut rows));
    assert_eq!(
        rows.concat().into_iter().collect::<String>(),
        LEETCODE_SOLUTION
    );
}

#[test]
fn leetcode_boards_that_cannot_be_solved_are_left_alone() {
    let mut rows: Vec<Vec<char>> = LEETCODE_ROWS
        .iter()
        .map(|row| row.chars().collect())
        .collect();
    rows[0][2] = '5'; // a second 5 in the first row
    let before = rows.clone();
    assert!(!leetcode::solve_sudoku(&mut rows));
    assert_eq!(rows, before);

    rows[0][2] = 'x';
    assert!(!leetcode::solve_sudoku(&mut rows));
    let mut short = before.clone();
    short.pop();
    assert!(!leetcode::solve_sudoku(&mut short));
    short.push(vec!['.'; 8]);
    assert!(!leetcode::solve_sudoku(&mut short));

    let mut board = [['.'; 9]; 9];
    board[0][0] = '1';
    board[1][1] = '1';
    assert!(matches!(
        leetcode::solve_board(&mut board),
        Err(leetcode::BoardError::Invalid(_))
    ));
    board[1][1] = 'z';
    assert_eq!(
        leetcode::solve_board(&mut board).unwrap_err().to_string(),
        "bad character 'z' at r2c2: expected '1'-'9' or '.'"
    );
    // Consistent givens without a solution: r1c1..r1c8 hold 1..8 and r2c9 a 9,
    // so r1c9 has no digit left.
    let mut board = [['.'; 9]; 9];
    for (col, digit) in "12345678".chars().enumerate() {
        board[0][col] = digit;
    }
    board[1][8] = '9';
    let before = board;
    assert_eq!(leetcode::solve_board(&mut board), Ok(false));
    assert_eq!(board, before);
}
