//! Polyomino packing: pieces, boards, symmetry, and packings checked cell
//! by cell.

use dancing_problems::polyomino::{
    Board, Cell, Packing, Piece, Symmetry, Tiling, pentominoes, pieces_from_picture,
};
use dancing_problems::{Error, ExactCover};

use super::checks::{self, Layout};
use super::{all_solutions, assert_round_trip};
use dancing::expert::Search;
use dancing::random::SplitMix64;

/// The 8x8 board without its central 2x2 square.
pub const CENTRE_HOLE: &str = "\
........
........
........
...##...
...##...
........
........
........
";

/// Every tiling, each checked, as layouts.
pub fn checked_layouts(packing: &Packing) -> (Vec<Layout>, u64) {
    let (tilings, nodes) = all_solutions(packing);
    for tiling in &tilings {
        checks::tiling(tiling, packing.board(), packing.pieces());
    }
    (tilings.iter().map(checks::layout).collect(), nodes)
}

/// Checks that `reduced` holds exactly one tiling of each orbit of `raw`
/// under the board's symmetries, and that the raw count is |G| times the
/// reduced one (no tiling is its own mirror image).
pub fn assert_one_per_orbit(raw: &[Layout], reduced: &[Layout], board: &Board) {
    let (raw_orbits, self_symmetric) = checks::orbits(raw, board);
    let (reduced_orbits, _) = checks::orbits(reduced, board);
    assert_eq!(
        reduced_orbits.len(),
        reduced.len(),
        "two reduced tilings are images of each other"
    );
    assert_eq!(
        reduced_orbits, raw_orbits,
        "the reduced tilings miss an orbit"
    );
    assert!(!self_symmetric, "a tiling is its own image");
    assert_eq!(
        raw.len(),
        reduced.len() * checks::board_symmetries(board).len()
    );
}

#[test]
fn the_twelve_pentominoes_and_their_orientations() {
    let pieces = pentominoes();
    let names: String = pieces.iter().map(Piece::name).collect();
    assert_eq!(names, "FILNPTUVWXYZ");
    let orientations: Vec<usize> = pieces.iter().map(|p| p.orientations().len()).collect();
    assert_eq!(orientations, [8, 2, 8, 8, 8, 4, 4, 4, 4, 1, 8, 4]);
    // The twelve free pentominoes are distinct shapes of five cells.
    let shapes: std::collections::BTreeSet<_> = pieces
        .iter()
        .map(|p| checks::free_shape(p.cells()))
        .collect();
    assert_eq!(shapes.len(), 12);
    assert!(pieces.iter().all(|p| p.len() == 5));
    for piece in &pieces {
        for shape in piece.orientations() {
            assert_eq!(
                checks::free_shape(&shape),
                checks::free_shape(piece.cells())
            );
        }
    }
}

#[test]
fn pentominoes_in_3x20_raw_and_up_to_symmetry() {
    let board = Board::rectangle(3, 20).unwrap();
    let raw = Packing::new(board.clone(), pentominoes()).unwrap();
    let (raw_layouts, nodes) = checked_layouts(&raw);
    assert_eq!(raw_layouts.len(), 8);
    assert_eq!(nodes, 32_978, "DLX1's nodes on pentomino3x20.dlx");
    let reduced = Packing::up_to_symmetry(board.clone(), pentominoes()).unwrap();
    let (reduced_layouts, _) = checked_layouts(&reduced);
    assert_eq!(reduced_layouts.len(), 2);
    assert_one_per_orbit(&raw_layouts, &reduced_layouts, &board);

    // X sits on the middle row, which the top-bottom mirror fixes: a
    // second piece breaks what is left.
    let breaking = reduced.symmetry_breaking().unwrap();
    assert_eq!(reduced.pieces()[breaking.restricted_piece].name(), "X");
    assert_eq!((breaking.kept_placements, breaking.all_placements), (9, 18));
    assert!(breaking.second_piece.is_some());
    assert_eq!(breaking.linking_items, ["X~ud"]);
    assert_round_trip(&reduced);
    assert_round_trip(&raw);
}

#[test]
fn pentominoes_on_the_8x8_board_without_its_centre() {
    let board = Board::from_picture(CENTRE_HOLE).unwrap();
    assert_eq!(board.symmetries().len(), 8);
    let reduced = Packing::up_to_symmetry(board.clone(), pentominoes()).unwrap();
    let (reduced_layouts, _) = checked_layouts(&reduced);
    // A classic: 65 solutions up to symmetry (Scott, 1958), 520 in all.
    assert_eq!(reduced_layouts.len(), 65);
    let raw = Packing::new(board.clone(), pentominoes()).unwrap();
    let (raw_layouts, _) = checked_layouts(&raw);
    assert_eq!(raw_layouts.len(), 520);
    assert_one_per_orbit(&raw_layouts, &reduced_layouts, &board);
}

#[test]
fn x_in_the_centre_of_a_square_is_fixed_by_all_eight_symmetries() {
    // X and four P pentominoes (a, b, c, d) pack a 5x5 square only as a
    // pinwheel around X: 2 pinwheels x 4! labellings = 48 in all.
    let board = Board::rectangle(5, 5).unwrap();
    let pieces = pieces_from_picture(".X..aa.bb.cc.dd/XXX.aa.bb.cc.dd/.X..a..b..c..d.").unwrap();
    let raw = Packing::new(board.clone(), pieces.clone()).unwrap();
    let reduced = Packing::up_to_symmetry(board.clone(), pieces).unwrap();
    let (raw_layouts, _) = checked_layouts(&raw);
    let (reduced_layouts, _) = checked_layouts(&reduced);
    assert_eq!((raw_layouts.len(), reduced_layouts.len()), (48, 6));
    assert_one_per_orbit(&raw_layouts, &reduced_layouts, &board);
    // X's kept placements: on the middle column, on the diagonal, and in the
    // centre, where a quarter turn and a mirror generate its stabilizer.
    let breaking = reduced.symmetry_breaking().unwrap();
    assert_eq!(breaking.linking_items, ["X~ud", "X~dg", "X~r90+lr"]);
    assert!(
        breaking.linking_items.iter().all(|name| name.len() <= 8),
        "Knuth's programs take 8 characters"
    );
    assert_round_trip(&reduced);
}

#[test]
fn on_6x10_x_alone_breaks_the_symmetry() {
    // X's centre is never on an axis of a 6x10 board: 8 of its 32 placements
    // are kept, and nothing more is needed.
    let packing = Packing::up_to_symmetry(Board::rectangle(6, 10).unwrap(), pentominoes()).unwrap();
    let breaking = packing.symmetry_breaking().unwrap();
    assert_eq!(packing.pieces()[breaking.restricted_piece].name(), "X");
    assert_eq!((breaking.kept_placements, breaking.all_placements), (8, 32));
    assert_eq!(breaking.second_piece, None);
    assert!(
        packing
            .describe()
            .contains("up to the board's 4 symmetries: X kept to 8 of its 32 placements")
    );
}

/// Small polyominoes to draw pieces from, some symmetric, some not.
const SHAPES: [&str; 9] = [
    "#", "##", "###", "#./##", "####", "##/##", "###/.#.", "###/#..", ".##/##.",
];

fn shape_piece(name: &str, shape: &str) -> Piece {
    let picture = shape.replace('#', name);
    let mut pieces = pieces_from_picture(&picture).unwrap();
    assert_eq!(pieces.len(), 1);
    pieces.pop().unwrap()
}

#[test]
fn up_to_symmetry_keeps_one_tiling_per_orbit_on_small_random_boards() {
    // Seeded, so that the cases are the same each run.
    let mut random = SplitMix64::new(47);
    let (mut checked, mut with_second_piece, mut refused) = (0, 0, 0);
    for case in 0..400 {
        // A rectangle of up to 4x5, sometimes with a hole or two.
        let (rows, columns) = (2 + random.below(3), 2 + random.below(4));
        let mut cells: Vec<Cell> = (0..rows)
            .flat_map(|y| (0..columns).map(move |x| Cell::new(x as i32, y as i32)))
            .collect();
        for _ in 0..random.below(3) {
            let hole = random.below(cells.len());
            cells.remove(hole);
        }
        let Ok(board) = Board::from_cells(cells) else {
            continue;
        };
        // Pieces drawn at random until they fill the board exactly.
        let mut pieces = Vec::new();
        let mut area = 0;
        while area < board.len() {
            let shape = SHAPES[random.below(SHAPES.len())];
            let piece = shape_piece(&char::from(b'a' + pieces.len() as u8).to_string(), shape);
            if area + piece.len() <= board.len() {
                area += piece.len();
                pieces.push(piece);
            }
        }
        let raw = Packing::new(board.clone(), pieces.clone()).unwrap();
        // Many small pieces swap places in too many ways to list them all.
        let bump = bumpalo::Bump::new();
        if dancing::expert::Solver::new(raw.problem(), &bump).count_up_to(1001) > 1000 {
            continue;
        }
        let reduced = match Packing::up_to_symmetry(board.clone(), pieces) {
            Ok(reduced) => reduced,
            Err(Error::NoSymmetryBreaking { .. }) => {
                refused += 1;
                continue;
            }
            Err(error) => panic!("case {case}: {error}"),
        };
        let (raw_layouts, _) = checked_layouts(&raw);
        let (reduced_layouts, _) = checked_layouts(&reduced);
        assert_one_per_orbit(&raw_layouts, &reduced_layouts, &board);
        if !reduced_layouts.is_empty() && board.symmetries().len() > 1 {
            checked += 1;
            with_second_piece +=
                usize::from(reduced.symmetry_breaking().unwrap().second_piece.is_some());
        }
    }
    // The cases are not vacuous: many have solutions and symmetries, some
    // need the second piece, and some piece sets cannot break the symmetry.
    assert!(
        checked >= 80,
        "only {checked} cases with solutions and symmetries"
    );
    assert!(
        with_second_piece >= 20,
        "only {with_second_piece} cases used a second piece"
    );
    assert!(refused >= 1);
}

#[test]
fn without_an_asymmetric_piece_a_symmetric_board_is_refused() {
    // Four dominoes in a 2x4 box: every domino lies on an axis somewhere,
    // and some tilings are their own mirror images.
    let pieces = pieces_from_picture("aabbccdd").unwrap();
    let error = Packing::up_to_symmetry(Board::rectangle(2, 4).unwrap(), pieces).unwrap_err();
    assert_eq!(error, Error::NoSymmetryBreaking { symmetries: 4 });
    assert!(error.to_string().contains("4 symmetries"));
}

#[test]
fn symmetries_compose_as_the_square_group() {
    use Symmetry::*;
    assert_eq!(Rotate90.then(Rotate90), Rotate180);
    assert_eq!(Rotate90.then(Rotate270), Identity);
    assert_eq!(MirrorLeftRight.then(MirrorUpDown), Rotate180);
    assert_eq!(MirrorDiagonal.then(MirrorAntiDiagonal), Rotate180);
    for a in Symmetry::ALL {
        for b in Symmetry::ALL {
            let cell = Cell::new(3, -7);
            assert_eq!(
                a.then(b).apply(cell),
                b.apply(a.apply(cell)),
                "{a:?} then {b:?}"
            );
        }
        // Every element has an inverse.
        assert!(Symmetry::ALL.iter().any(|&b| a.then(b) == Identity));
    }
    // Rotate90 is clockwise on a picture whose rows go down: right goes down.
    assert_eq!(Rotate90.apply(Cell::new(1, 0)), Cell::new(0, 1));
}

#[test]
fn board_symmetry_groups() {
    let group = |board: &Board| -> Vec<Symmetry> {
        board.symmetries().iter().map(|s| s.symmetry).collect()
    };
    assert_eq!(group(&Board::rectangle(6, 10).unwrap()).len(), 4);
    assert_eq!(group(&Board::rectangle(5, 5).unwrap()).len(), 8);
    assert_eq!(group(&Board::from_picture(CENTRE_HOLE).unwrap()).len(), 8);
    // A corner cut off: only the diagonal through that corner is left.
    assert_eq!(
        group(&Board::from_picture("#../.../...").unwrap()),
        [Symmetry::Identity, Symmetry::MirrorDiagonal]
    );
    assert_eq!(
        group(&Board::from_picture("..#/.../...").unwrap()),
        [Symmetry::Identity, Symmetry::MirrorAntiDiagonal]
    );
    // An L of three cells is a tromino with one mirror; a P shape has none.
    assert_eq!(group(&Board::from_picture("../.").unwrap()).len(), 2);
    assert_eq!(group(&Board::from_picture("../../.").unwrap()).len(), 1);
    // A holed row keeps its left-right mirror and the half turn.
    let row = Board::from_picture(".#.").unwrap();
    assert_eq!(
        group(&row),
        [
            Symmetry::Identity,
            Symmetry::Rotate180,
            Symmetry::MirrorLeftRight,
            Symmetry::MirrorUpDown
        ]
    );
    for map in row.symmetries() {
        for &cell in row.cells() {
            assert!(row.contains(map.apply(cell)));
        }
    }
}

#[test]
fn boards_with_fewer_symmetries() {
    // Without its top-left 2x2 corner, the 8x8 board keeps only the
    // diagonal through that corner.
    let corner = Board::from_picture(
        "##....../##....../......../......../......../......../......../........",
    )
    .unwrap();
    assert_eq!(corner.len(), 60);
    let group: Vec<Symmetry> = corner.symmetries().iter().map(|s| s.symmetry).collect();
    assert_eq!(group, [Symmetry::Identity, Symmetry::MirrorDiagonal]);
    // Two opposite corners: the half turn and both diagonals.
    let opposite = Board::from_picture(
        "#......./......../......../......../......../......../......../.......#",
    )
    .unwrap();
    assert_eq!(opposite.symmetries().len(), 4);
    // Holes in no symmetric arrangement: up to symmetry is every solution.
    let asymmetric = Board::from_picture(
        "###...../......../......../......../......../......../......../......#.",
    )
    .unwrap();
    assert_eq!(asymmetric.len(), 60);
    assert_eq!(asymmetric.symmetries().len(), 1);
    let packing = Packing::up_to_symmetry(asymmetric.clone(), pentominoes()).unwrap();
    assert!(packing.symmetry_breaking().is_none());
    assert!(
        packing.describe().contains("the board has no symmetry"),
        "{}",
        packing.describe()
    );
    assert_eq!(
        packing.problem(),
        Packing::new(asymmetric, pentominoes()).unwrap().problem()
    );
}

#[test]
fn board_pictures() {
    let board = Board::from_picture("\n\n  ..#.\r\n.. .\n\n").unwrap();
    assert_eq!((board.width(), board.height(), board.len()), (6, 2, 6));
    assert_eq!(board.to_string(), "##..#.\n..#.##\n");
    let board = Board::from_picture("..#./.. .").unwrap();
    assert_eq!(board.to_string(), "..#.\n..#.\n");
    assert_eq!(board.rectangle_size(), None);
    assert_eq!(
        Board::rectangle(2, 3).unwrap().rectangle_size(),
        Some((2, 3))
    );
    assert_eq!(
        Board::from_picture("#../#..").unwrap().rectangle_size(),
        Some((2, 2))
    );

    let error = Board::from_picture("....\n..x.").unwrap_err();
    assert_eq!(
        error,
        Error::Picture {
            line: 2,
            column: 3,
            message: error_message(&error)
        }
    );
    assert!(
        error
            .to_string()
            .starts_with("picture line 2, column 3: unexpected 'x'")
    );
    assert!(matches!(
        Board::from_picture("##\n#"),
        Err(Error::Picture { .. })
    ));
    assert!(matches!(
        Board::from_picture(""),
        Err(Error::Picture { .. })
    ));
    let wide = ".".repeat(Board::MAX_SIDE + 1);
    assert!(matches!(
        Board::from_picture(&wide),
        Err(Error::Picture {
            line: 1,
            column: 257,
            ..
        })
    ));
    assert!(matches!(
        Board::rectangle(0, 5),
        Err(Error::OutOfRange { .. })
    ));
    assert!(matches!(
        Board::rectangle(100, 100),
        Err(Error::OutOfRange { .. })
    ));
    assert!(matches!(
        Board::rectangle(1, 257),
        Err(Error::OutOfRange { .. })
    ));
}

fn error_message(error: &Error) -> String {
    match error {
        Error::Picture { message, .. } => message.clone(),
        _ => String::new(),
    }
}

#[test]
fn pieces_from_pictures() {
    let pieces = pieces_from_picture("\nAAB\n.CB\n").unwrap();
    let names: Vec<&str> = pieces.iter().map(Piece::name).collect();
    assert_eq!(names, ["A", "B", "C"]);
    assert_eq!(pieces[1].cells(), [Cell::new(0, 0), Cell::new(0, 1)]);
    assert_eq!(pieces[2].cells(), [Cell::new(0, 0)]);
    assert!(matches!(
        pieces_from_picture("a:"),
        Err(Error::Picture {
            line: 1,
            column: 2,
            ..
        })
    ));
    assert!(matches!(
        pieces_from_picture("../.."),
        Err(Error::Picture { .. })
    ));
    assert!(matches!(
        Piece::new("bad name", [Cell::new(0, 0)]),
        Err(Error::InvalidPiece { .. })
    ));
    assert!(matches!(
        Piece::new("empty", []),
        Err(Error::InvalidPiece { .. })
    ));
    assert!(matches!(
        Piece::new("twice", [Cell::new(1, 1), Cell::new(1, 1)]),
        Err(Error::InvalidPiece { .. })
    ));
    assert!(matches!(
        Piece::new("far", [Cell::new(i32::MIN, 0), Cell::new(i32::MAX, 0)]),
        Err(Error::InvalidPiece { .. })
    ));
    // Coordinates far from the origin are fine when the piece is small.
    let piece = Piece::new(
        "far",
        [
            Cell::new(i32::MAX, i32::MIN),
            Cell::new(i32::MAX - 1, i32::MIN),
        ],
    )
    .unwrap();
    assert_eq!(piece.cells(), [Cell::new(0, 0), Cell::new(1, 0)]);
}

#[test]
fn packings_that_cannot_be_built() {
    let board = Board::rectangle(8, 8).unwrap();
    assert_eq!(
        Packing::new(board, pentominoes()).unwrap_err(),
        Error::AreaMismatch {
            board: 64,
            pieces: 60
        }
    );
    let board = Board::rectangle(1, 2).unwrap();
    let twins = vec![
        Piece::new("a", [Cell::new(0, 0)]).unwrap(),
        Piece::new("a", [Cell::new(0, 0)]).unwrap(),
    ];
    assert!(matches!(
        Packing::new(board.clone(), twins),
        Err(Error::InvalidPiece { .. })
    ));
    let cell_named = vec![
        Piece::new("x0y0", [Cell::new(0, 0)]).unwrap(),
        Piece::new("b", [Cell::new(0, 0)]).unwrap(),
    ];
    assert!(matches!(
        Packing::new(board, cell_named),
        Err(Error::InvalidPiece { .. })
    ));
    // 4096 monominoes on 64x64 would be 16 million placements.
    let board = Board::rectangle(64, 64).unwrap();
    let monominoes: Vec<Piece> = (0..4096)
        .map(|k| Piece::new(&format!("m{k}"), [Cell::new(0, 0)]).unwrap())
        .collect();
    assert!(matches!(
        Packing::new(board, monominoes),
        Err(Error::TooLarge { .. })
    ));
}

#[test]
fn pictures_of_tilings() {
    let board = Board::from_picture(".../.#./...").unwrap();
    let pieces = pieces_from_picture("LLL/L..//KK/K./K.").unwrap();
    let packing = Packing::new(board.clone(), pieces).unwrap();
    let (tilings, _): (Vec<Tiling>, _) = all_solutions(&packing);
    // The ring splits into two L tetrominoes 4 ways, and K and L swap.
    assert_eq!(tilings.len(), 8);
    for tiling in &tilings {
        checks::tiling(tiling, &board, packing.pieces());
        assert_eq!(tiling.piece_at(Cell::new(1, 1)), None, "the hole");
        assert_eq!(tiling.piece_at(Cell::new(9, 9)), None);
    }
    let pictures: Vec<String> = tilings.iter().map(ToString::to_string).collect();
    assert!(
        pictures.contains(&"KKK\nK L\nLLL\n".to_owned()),
        "{pictures:?}"
    );
    assert!(
        packing
            .describe()
            .starts_with("2 pieces (K L) on a board of 8 cells (3x3 with holes)"),
        "{}",
        packing.describe()
    );

    // Names that start alike are drawn with letters of their own.
    let pieces = vec![
        Piece::new("long", [Cell::new(0, 0), Cell::new(1, 0)]).unwrap(),
        Piece::new("lone", [Cell::new(0, 0)]).unwrap(),
    ];
    let packing = Packing::new(Board::rectangle(1, 3).unwrap(), pieces).unwrap();
    let (tilings, _) = all_solutions(&packing);
    let pictures: Vec<String> = tilings.iter().map(ToString::to_string).collect();
    assert_eq!(pictures, ["AAB\n", "BAA\n"]);
    assert_eq!(packing.count(), 2);
}
