"""dancing.sudoku against the definition of a solved grid and against
`dlx sudoku`; dancing.problems against `dlx gen ... | dlx solve --count`."""

from __future__ import annotations

import re

import pytest

import dancing
from dancing import problems, sudoku
from checks import sudoku_solves
from conftest import REPO, run_dlx

SUDOKU_DATA = REPO / "crates" / "cli" / "tests" / "data"


def test_generated_puzzles_are_dlx_sudokus_and_unique(dlx):
    for box, flag in [((3, 3), "3x3"), ((2, 3), "2x3"), ((2, 2), "2x2")]:
        puzzles = sudoku.generate(5, box=box, seed=7)
        printed = run_dlx(dlx, "sudoku", "--generate", "5", "--seed", "7", "--box", flag).stdout
        assert puzzles == printed.split()
        for puzzle in puzzles:
            assert sudoku.count(puzzle, box=box) == 1
            solution = sudoku.solve(puzzle, box=box)
            assert sudoku_solves(solution, puzzle, box)


def test_puzzles_of_the_cli_tests_solve_as_dlx_sudoku_solves_them(dlx):
    path = SUDOKU_DATA / "sudoku_poj3074.in"
    lines = [line for line in path.read_text().split() if len(line) == 81][:30]
    assert lines
    printed = run_dlx(dlx, "sudoku", str(path)).stdout.split()
    for puzzle, expected in zip(lines, printed):
        solution = sudoku.solve(puzzle)
        assert solution == expected
        assert sudoku_solves(solution, puzzle)


def test_every_format_the_cli_reads():
    line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    grid = "\n".join(
        " ".join(line[r * 9 + c] for c in range(9)).replace(".", "0") for r in range(9)
    )
    solution = sudoku.solve(line)
    assert sudoku_solves(solution, line)
    assert sudoku.solve(grid) == solution
    assert sudoku.solve(line.replace(".", "0")) == solution


def test_counts_stop_at_the_limit_and_variants_apply():
    blank = "." * 81
    assert sudoku.count(blank, limit=5) == 5
    assert sudoku.count("." * 16, limit=1000) == 288
    x_solution = sudoku.solve(blank, variant="x")
    assert sudoku_solves(x_solution, blank)
    assert len({x_solution[i * 10] for i in range(9)}) == 9
    assert len({x_solution[8 + i * 8] for i in range(9)}) == 9


def test_bad_puzzles_raise_located_sudoku_errors():
    line = "44...8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......."
    with pytest.raises(dancing.SudokuError) as caught:
        sudoku.solve(line[:81])
    assert "twice" in str(caught.value) and caught.value.line == 1
    with pytest.raises(dancing.SudokuError) as caught:
        sudoku.solve("." * 80 + "x")
    assert isinstance(caught.value, ValueError) and caught.value.line == 1
    with pytest.raises(dancing.SudokuError):
        sudoku.solve("")
    with pytest.raises(dancing.SudokuError):
        sudoku.solve("." * 81 + "\n" + "." * 81)
    with pytest.raises(ValueError):
        sudoku.solve("." * 81, variant="nonsense")
    # A contradiction is an invalid puzzle, not one without solutions.
    with pytest.raises(dancing.SudokuError, match="twice"):
        sudoku.solve("11" + "." * 14, box=(2, 2))
    # Consistent givens without a solution: None.
    assert sudoku.solve("12......" + "..3...4.", box=(2, 2)) is None


GENERATED = [
    (lambda: problems.queens(6), ["queens", "6"]),
    (lambda: problems.langford(7), ["langford", "7"]),
    (lambda: problems.langford(8, up_to_reversal=True), ["langford", "8", "--up-to-reversal"]),
    (lambda: problems.pentomino("3x20"), ["pentomino", "3x20"]),
    (lambda: problems.pentomino("3x20", up_to_symmetry=True), ["pentomino", "3x20", "--up-to-symmetry"]),
    (lambda: problems.dominoes("4x5"), ["dominoes", "4x5"]),
    (lambda: problems.tiling("3x6"), ["tiling", "3x6"]),
    (lambda: problems.latin(4), ["latin", "4"]),
    (lambda: problems.sudoku_grids(2, 2), ["sudoku-grids", "2x2"]),
    (lambda: problems.partitions(6), ["partitions", "6"]),
    (lambda: problems.matchings(8), ["matchings", "8"]),
    (lambda: problems.debruijn(3), ["debruijn", "3"]),
    (lambda: problems.matrices(3, 4, row_sums=(1, 2)), ["matrices", "3x4", "--row-sums", "1:2"]),
    # Pictures: rows separated by `/` or by newlines, as `dlx gen` reads them.
    (lambda: problems.dominoes("..#/.../#.."), ["dominoes", "..#/.../#.."]),
    (lambda: problems.dominoes("..#\n...\n#.."), ["dominoes", "..#/.../#.."]),
    (
        lambda: problems.pentomino("..#/...", pieces="aab\n.cb"),
        ["pentomino", "..#\n...", "--pieces", "aab/.cb"],
    ),
    (lambda: problems.tiling("2x4", shapes="dominoes"), ["tiling", "2x4", "--shapes", "dominoes"]),
]


@pytest.mark.parametrize("make, cli", GENERATED, ids=lambda x: " ".join(x) if isinstance(x, list) else "")
def test_generators_are_dlx_gens(dlx, make, cli):
    problem = make()
    written = run_dlx(dlx, "gen", *cli).stdout
    from_cli = dancing.Problem.from_dlx(written)
    assert problem.options() == from_cli.options()
    assert (problem.items, problem.secondary, problem.bounds) == (
        from_cli.items,
        from_cli.secondary,
        from_cli.bounds,
    )
    counted = run_dlx(dlx, "solve", "--count", "-j", "1", input=written).stdout.strip()
    assert problem.count() == int(counted)


def test_generator_arguments_are_checked_as_dlx_gen_checks_them(dlx):
    # The same message as the command, with the argument named.
    with pytest.raises(ValueError, match=r'board "\.\./\.y".*picture line 2, column 2'):
        problems.dominoes("../.y")
    failed = run_dlx(dlx, "gen", "dominoes", "../.y")
    assert failed.returncode == 2 and "picture line 2, column 2" in failed.stderr
    with pytest.raises(ValueError, match='pieces "a:b"'):
        problems.pentomino("6x10", pieces="a:b")
    with pytest.raises(ValueError, match="expected ROWSxCOLUMNS"):
        problems.pentomino("6x")
    with pytest.raises(ValueError, match="upper bound"):
        problems.matrices(3, 3, row_sums=(2, 1))


def test_a_box_shape_in_text_reads_as_dlx_sudoku_reads_it(dlx):
    # One reading of RxC (the engine's Shape), in Python and the command.
    puzzle = "1....." + ".....2" + "..3..." + "...4.." + "5....." + ".....6"
    assert sudoku.solve(puzzle, box=" 2 X 3 ") == sudoku.solve(puzzle, box=(2, 3))
    failed = run_dlx(dlx, "sudoku", "--box", "2by3", input=puzzle + "\n")
    assert failed.returncode == 2
    expected = 'bad box shape "2by3": expected ROWSxCOLUMNS, such as 3x3 or 2x3'
    assert expected in failed.stderr
    with pytest.raises(ValueError, match=re.escape(expected)):
        sudoku.solve(puzzle, box="2by3")
