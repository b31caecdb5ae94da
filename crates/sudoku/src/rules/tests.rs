use super::units::window_corners;
use super::*;
use crate::unit::Unit;

#[test]
fn windows_sit_one_cell_in_from_the_boxes() {
    let windows = |shape| window_corners(shape).collect::<Vec<_>>();
    assert_eq!(windows(Shape::CLASSIC), [(1, 1), (1, 5), (5, 1), (5, 5)]);
    assert_eq!(windows(Shape::new(4, 4).unwrap()).len(), 9);
    // Rows 4-5 would touch the edge: one window fits.
    assert_eq!(windows(Shape::new(2, 3).unwrap()), [(1, 1)]);
}

#[test]
fn units_are_the_rows_columns_boxes_diagonals_and_windows_by_their_definitions() {
    // Cells by coordinates, for a 2x3-box grid (6x6) and the classic.
    for shape in [Shape::new(2, 3).unwrap(), Shape::CLASSIC] {
        let (n, h, w) = (shape.size(), shape.box_rows(), shape.box_cols());
        let at = |row: usize, col: usize| row * n + col;
        let rules = Rules::classic(shape).with_diagonals().with_windows();
        let units = rules.units();
        let mut expected: Vec<(Unit, Vec<usize>)> = Vec::new();
        for r in 0..n {
            expected.push((Unit::Row(r), (0..n).map(|c| at(r, c)).collect()));
        }
        for c in 0..n {
            expected.push((Unit::Column(c), (0..n).map(|r| at(r, c)).collect()));
        }
        for b in 0..n {
            let (top, left) = (b / (n / w) * h, b % (n / w) * w);
            let mut cells = Vec::new();
            for r in top..top + h {
                for c in left..left + w {
                    cells.push(at(r, c));
                }
            }
            expected.push((Unit::Box(b), cells));
        }
        expected.push((Unit::Diagonal(0), (0..n).map(|k| at(k, k)).collect()));
        expected.push((
            Unit::Diagonal(1),
            (0..n).map(|k| at(k, n - 1 - k)).collect(),
        ));
        for (k, (top, left)) in window_corners(shape).enumerate() {
            let mut cells = Vec::new();
            for r in top..top + h {
                for c in left..left + w {
                    cells.push(at(r, c));
                }
            }
            expected.push((Unit::Window(k), cells));
        }
        assert_eq!(units, expected, "{shape:?}");
    }
    // Jigsaw regions: the cells of each, in reading order.
    let shape = Shape::new(2, 2).unwrap();
    let map: Vec<u8> = vec![0, 0, 1, 1, 0, 0, 1, 1, 2, 3, 3, 3, 2, 2, 2, 3];
    let rules = Rules::classic(shape).with_regions(map.clone()).unwrap();
    let regions: Vec<_> = rules.units().into_iter().skip(8).collect();
    let expected: Vec<_> = (0..4)
        .map(|region| {
            let cells = (0..16).filter(|&cell| map[cell] == region as u8).collect();
            (Unit::Region(region), cells)
        })
        .collect();
    assert_eq!(regions, expected);
}

#[test]
fn variants_parse_and_print() {
    let variant: Variant = "x+killer".parse().unwrap();
    assert!(variant.diagonals && variant.killer && !variant.windows);
    assert_eq!(variant.to_string(), "x+killer");
    assert_eq!("classic".parse::<Variant>().unwrap(), Variant::CLASSIC);
    assert!("y".parse::<Variant>().is_err());
}

#[test]
fn region_maps_and_cages_are_checked() {
    let shape = Shape::new(2, 2).unwrap();
    let rows: Vec<u8> = (0..16).map(|cell| (cell / 4) as u8).collect();
    assert!(Rules::classic(shape).with_regions(rows.clone()).is_ok());
    let mut lopsided = rows;
    lopsided[0] = 1;
    assert_eq!(
        Rules::classic(shape).with_regions(lopsided),
        Err(RulesError::RegionSize {
            region: 0,
            cells: 3,
            size: 4
        })
    );
    let cage = |cells: Vec<usize>, sum| Cage { cells, sum };
    assert!(matches!(
        Rules::classic(shape).with_cages(vec![cage(vec![0, 1], 8)]),
        Err(RulesError::CageSum { most: 7, .. })
    ));
    assert!(matches!(
        Rules::classic(shape).with_cages(vec![cage(vec![0, 1], 3), cage(vec![1], 2)]),
        Err(RulesError::CageOverlap {
            cage: CageName {
                index: 1,
                label: Some(b'B')
            },
            cell: 1
        })
    ));
}
