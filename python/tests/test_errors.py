"""Bad input raises located ValueError subclasses, with the messages
`dlx solve` prints, and never crashes the interpreter."""

from __future__ import annotations

import pytest

import dancing
from conftest import run_dlx

BAD_FILES = {
    # text, (line, column, item)
    "unknown.dlx": ("A B\nA C\n", (2, 3, "C")),
    "twice.dlx": ("A B\nA B A\n", (2, 5, "A")),
    "second_colon.dlx": ("A | X\nA X:1:2\n", (2, 6, None)),
    "primary_color.dlx": ("A | X\nA:1 X\n", (2, 1, "A")),
    "bounds.dlx": ("3:2|A B\nA B\n", (1, 1, None)),
    "secondary_bounds.dlx": ("A | 2|X\nA X\n", (1, 5, "X")),
    "empty_color.dlx": ("A | X\nA X:\n", (2, 4, None)),
    "declared_twice.dlx": ("A B A\nA\n", (1, 5, "A")),
    "second_bar.dlx": ("A | B | C\nA\n", (1, 7, None)),
    "no_items.dlx": ("| only a comment\n", (1, 1, None)),
}


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_parse_errors_are_located_as_dlx_solve_locates_them(dlx, tmp_path, name):
    text, (line, column, item) = BAD_FILES[name]
    path = tmp_path / name
    path.write_text(text)
    with pytest.raises(dancing.ParseError) as caught:
        dancing.Problem.from_file(path)
    error = caught.value
    assert isinstance(error, ValueError) and isinstance(error, dancing.DancingError)
    # The same message as the command, which names the file the same way.
    printed = run_dlx(dlx, "solve", str(path)).stderr.splitlines()
    assert str(error) in printed
    assert (error.line, error.column) == (line, column), str(error)
    assert error.item == item and error.option is None
    # From a string: the same error without the file name.
    with pytest.raises(dancing.ParseError) as again:
        dancing.Problem.from_dlx(text)
    assert str(path) + ":" + str(again.value) == str(error)


def test_a_line_past_64_mib_is_an_error_at_its_line():
    text = "A B\n" + "A " * (33 << 20) + "\n"
    with pytest.raises(dancing.ParseError) as caught:
        dancing.Problem.from_dlx(text)
    assert caught.value.line == 2 and "longer than" in str(caught.value)


def test_missing_file_is_an_os_error(tmp_path):
    with pytest.raises(FileNotFoundError) as caught:
        dancing.Problem.from_file(tmp_path / "none.dlx")
    assert caught.value.filename == str(tmp_path / "none.dlx")


@pytest.mark.parametrize(
    "items, options, secondary, bounds, option, item, words",
    [
        (["a"], [["a"], ["a", "b"]], (), None, 1, "b", "unknown item"),
        (["a", "b"], [["a", "b", "a"]], (), None, 0, "a", "twice"),
        (["a"], [["a:red"]], (), None, 0, "a", "primary"),
        (["a"], [["a", "x:"]], ["x"], None, 0, "x", "color"),
        (["a", "a"], [["a"]], (), None, None, "a", "declared twice"),
        (["a b"], [["a b"]], (), None, None, "a b", "invalid item name"),
        (["a"], [["a"]], ["x"], {"x": 2}, None, "x", "secondary"),
        (["a"], [["a"]], (), {"a": (3, 2)}, None, "a", "lower bound 3"),
        (["a"], [["a"]], (), {"a": 0}, None, "a", "upper bound of 0"),
        (["a"], [["a"]], (), {"z": 1}, None, "z", "unknown item"),
    ],
)
def test_problem_errors_name_the_option_and_the_item(items, options, secondary, bounds, option, item, words):
    with pytest.raises(dancing.ProblemError) as caught:
        dancing.Problem(items, options, secondary=secondary, bounds=bounds)
    error = caught.value
    assert isinstance(error, ValueError)
    assert (error.option, error.item) == (option, item), str(error)
    assert words in str(error)
    assert error.line is None and error.column is None
    if option is not None:
        assert str(error).startswith(f"option {option}:")


def test_no_primary_item_is_an_error():
    with pytest.raises(dancing.ProblemError, match="no primary item"):
        dancing.Problem([], [[]], secondary=["x"])


def test_wrong_types_are_type_errors():
    with pytest.raises(TypeError):
        dancing.Problem([1.5], [[1.5]])
    with pytest.raises(TypeError):
        dancing.Problem(["a"], [[True]])
    with pytest.raises(TypeError):
        dancing.Problem(["a"], 5)


def test_ints_are_names_in_decimal():
    problem = dancing.Problem([1, 2], [[1], [2], [1, "2"]])
    assert problem.items == ["1", "2"]
    assert problem.count() == 2


def test_matrix_errors_name_the_row_and_column():
    with pytest.raises(dancing.ProblemError) as caught:
        dancing.Problem.from_matrix([[1, 0], [0, 2]])
    assert (caught.value.option, caught.value.item) == (1, "1")
    with pytest.raises(dancing.ProblemError) as caught:
        dancing.Problem.from_matrix([[1, 0], [0, 1, 1]])
    assert caught.value.option == 1
    with pytest.raises(ValueError):
        dancing.Problem.from_matrix([])
    with pytest.raises(ValueError):
        dancing.Problem.from_matrix([[1]], secondary=2)


def test_bad_arguments_of_count():
    problem = dancing.problems.queens(4)
    for bad in (-1.0, float("nan"), float("inf")):
        with pytest.raises(ValueError):
            problem.count(time_limit=bad)
    with pytest.raises(ValueError):
        problem.count(threads=10**6)
    for call in (
        lambda: problem.count(max_nodes=-1),
        lambda: problem.first(max_nodes=-5),
        lambda: problem.solutions(limit=-1),
        lambda: problem.solutions(seed=-1),
        lambda: dancing.sudoku.count("." * 81, limit=-1),
        lambda: dancing.sudoku.generate(-1),
        lambda: dancing.sudoku.generate(1, seed=-3),
    ):
        with pytest.raises(ValueError) as caught:
            call()
        assert "must be a whole number from 0 to" in str(caught.value)
    # One past u64 is refused the same way; far beyond, Python's own
    # OverflowError.
    with pytest.raises(ValueError):
        problem.count(max_nodes=2**64)
    assert problem.count(max_nodes=2**64 - 1).complete
    with pytest.raises(IndexError):
        problem.option(len(problem))
    assert problem.option(-1) == problem.option(len(problem) - 1)


def test_generators_refuse_sizes_as_dlx_gen_does(dlx):
    for make, args, cli in [
        (dancing.problems.queens, (0,), ["queens", "0"]),
        (dancing.problems.queens, (10**6,), ["queens", "1000000"]),
        (dancing.problems.partitions, (40,), ["partitions", "40"]),
    ]:
        with pytest.raises(ValueError):
            make(*args)
        assert run_dlx(dlx, "gen", *cli).returncode == 2
