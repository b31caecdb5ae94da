//! The registry of generators: texts read as `dlx gen` takes them build
//! the problems of the generators called directly, pictures read `/` and
//! newlines alike, and errors name the argument at fault.

use dancing::expert::ExactCover;
use dancing_problems::generator::{Costs, ParseError};
use dancing_problems::polyomino::{pentominoes, pieces_from_picture};
use dancing_problems::{
    Assignment, Board, DeBruijn, Generator, Langford, LatinSquares, Packing, PerfectMatchings,
    PieceSet, Queens, SetPartitions, SudokuGrids, Tilings, WordRectangles, ZeroOneMatrices,
    tilings,
};

/// The DLX text `dlx gen` writes of a generator's problem.
trait Dlx {
    fn dlx(self) -> String;
}

impl<P: ExactCover> Dlx for P {
    fn dlx(self) -> String {
        let mut out = Vec::new();
        self.write_dlx(&mut out).unwrap();
        String::from_utf8(out).unwrap()
    }
}

/// The DLX text of the problem of `text`, read as a generator.
fn generated(text: &str) -> String {
    let generator: Generator = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
    let built = generator.build().unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut out = Vec::new();
    dancing::format::write_described(built.problem(), &built.describe(), &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn every_generator_text_builds_the_generators_problem() {
    let board = |text: &str| Board::from_picture(text).unwrap();
    let rectangle = |r, c| Board::rectangle(r, c).unwrap();
    let cases: Vec<(&str, String)> = vec![
        ("queens 6", Queens::new(6).unwrap().dlx()),
        ("langford 4", Langford::new(4).unwrap().dlx()),
        (
            "langford --up-to-reversal 7",
            Langford::up_to_reversal(7).unwrap().dlx(),
        ),
        (
            "pentomino 6x10",
            Packing::new(rectangle(6, 10), pentominoes()).unwrap().dlx(),
        ),
        (
            "polyomino 3x20 --up-to-symmetry",
            Packing::up_to_symmetry(rectangle(3, 20), pentominoes())
                .unwrap()
                .dlx(),
        ),
        (
            "pentomino ..#/... --pieces aab/.cb",
            Packing::new(board("..#\n..."), pieces_from_picture("aab\n.cb").unwrap())
                .unwrap()
                .dlx(),
        ),
        (
            "dominoes 4x4",
            Tilings::dominoes(rectangle(4, 4)).unwrap().dlx(),
        ),
        (
            "tiling 3x6",
            Tilings::new(rectangle(3, 6), tilings::trominoes())
                .unwrap()
                .dlx(),
        ),
        (
            "tiling 2x4 --shapes dominoes --prices D=3",
            Tilings::priced(rectangle(2, 4), tilings::domino(), &[3])
                .unwrap()
                .dlx(),
        ),
        ("latin 4", LatinSquares::new(4).unwrap().dlx()),
        ("sudoku-grids 2x3", SudokuGrids::new(2, 3).unwrap().dlx()),
        ("partitions 5", SetPartitions::new(5).unwrap().dlx()),
        ("matchings 6", PerfectMatchings::new(6).unwrap().dlx()),
        ("debruijn 3", DeBruijn::new(3).unwrap().dlx()),
        (
            "matrices 3x4 --row-sums 1:2 --column-sums 1",
            ZeroOneMatrices::new(3, 4, (1, 2), (1, 1)).unwrap().dlx(),
        ),
        (
            "assignment 4 --cost-seed 7 --max-cost 9",
            Assignment::random(4, 7, 9).unwrap().dlx(),
        ),
        (
            "words 2x2 --distinct at an no so to",
            WordRectangles::new(
                &["at", "an", "no", "so", "to"].map(String::from),
                2,
                2,
                true,
            )
            .unwrap()
            .dlx(),
        ),
    ];
    for (text, problem) in cases {
        assert_eq!(generated(text), problem, "{text}");
    }
    // A different parameter gives a different problem: the comparison sees it.
    assert_ne!(generated("queens 7"), generated("queens 6"));
}

#[test]
fn slash_and_newline_separate_the_rows_of_every_picture_alike() {
    let slashed: Board = "..#/.../#..".parse().unwrap();
    let lined: Board = "..#\n...\n#..".parse().unwrap();
    assert_eq!(slashed, lined);
    assert_eq!(slashed.len(), 7);
    assert_eq!(slashed.height(), 3);
    let pieces: PieceSet = "aab/.cb".parse().unwrap();
    assert_eq!(pieces, "aab\n.cb".parse::<PieceSet>().unwrap());
    let sizes: Vec<(&str, usize)> = pieces.0.iter().map(|p| (p.name(), p.len())).collect();
    assert_eq!(sizes, [("a", 2), ("b", 2), ("c", 1)]);
    // The two may be mixed, and the row numbers of errors count both.
    let error = "../..\n.x".parse::<Board>().unwrap_err().to_string();
    assert!(error.starts_with("picture line 3, column 2:"), "{error}");
}

#[test]
fn boards_and_piece_sets_read_sizes_names_and_pictures() {
    assert_eq!(
        "6x10".parse::<Board>().unwrap(),
        Board::rectangle(6, 10).unwrap()
    );
    assert_eq!("3X4".parse::<Board>().unwrap().len(), 12);
    let error = "6x".parse::<Board>().unwrap_err().to_string();
    assert!(error.contains("expected ROWSxCOLUMNS"), "{error}");
    let error = "0x5".parse::<Board>().unwrap_err().to_string();
    assert!(error.contains("between"), "{error}");
    for (name, set) in [
        ("pentominoes", pentominoes()),
        ("dominoes", tilings::domino()),
        ("trominoes", tilings::trominoes()),
    ] {
        assert_eq!(name.parse::<PieceSet>().unwrap().0, set, "{name}");
    }
    assert!("a:b".parse::<PieceSet>().is_err());
}

fn parse_error(text: &str) -> ParseError {
    text.parse::<Generator>()
        .err()
        .unwrap_or_else(|| panic!("{text} was read"))
}

#[test]
fn errors_name_the_generator_the_argument_and_its_position() {
    let error = parse_error("queens eight");
    assert_eq!((error.position, error.argument.as_str()), (1, "N"));
    assert_eq!(
        error.to_string(),
        "queens: argument 1 (N): expected a number, not `eight`"
    );
    let error = parse_error("pentomino 6x10 --pieces a:b");
    assert_eq!((error.position, error.argument.as_str()), (3, "--pieces"));
    assert!(
        error.to_string().contains("picture line 1, column 2"),
        "{error}"
    );
    let error = parse_error("pentomino ../.y --up-to-symmetry");
    assert_eq!((error.position, error.argument.as_str()), (1, "BOARD"));
    assert!(
        error.message.contains("picture line 2, column 2"),
        "{error}"
    );
    let error = parse_error("sudoku-grids 3");
    assert_eq!(error.argument, "RxC");
    assert_eq!(parse_error("queens").message, "missing");
    assert_eq!(parse_error("queens 8 9").position, 2);
    assert_eq!(parse_error("tiling 3x3 --shapes").argument, "--shapes");
    assert!(
        parse_error("matrices 3x3 --row-sums 2:1")
            .to_string()
            .contains("upper bound")
    );
    assert!(
        parse_error("knights 8")
            .message
            .contains("unknown generator `knights`")
    );
    assert_eq!(
        "assignment 3".parse::<Generator>().unwrap(),
        Generator::Assignment {
            costs: Costs::Random {
                n: 3,
                seed: 0,
                max_cost: 99
            }
        }
    );
}
