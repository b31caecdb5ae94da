"""Bad arguments are refused where they are given, in Python's words: a
ValueError (or TypeError, IndexError, OSError) that names the argument,
the item or the option, never an OverflowError, an AttributeError or a
failure later on (a problem that cannot be pickled)."""

from __future__ import annotations

import pickle
import random

import pytest

import dancing

# Names Knuth's format cannot hold: a problem is pickled as that text.
UNWRITABLE_NAMES = ["a\x00", "\x00", "a\x01b", "\x1b[31m", "a\x7f", "\x85", "\ufeffa", "a\ufeff", "a" * 257, "é" * 129, "$5", "$-1"]


@pytest.mark.parametrize("name", UNWRITABLE_NAMES + [10**300], ids=repr)
def test_names_the_format_cannot_hold_are_refused_when_given(name):
    text = str(name)
    for make in (
        lambda: dancing.Problem([name], [[name]]),
        lambda: dancing.Problem(["a"], [["a", name]], secondary=[name]),
        lambda: dancing.Problem(["ok", name], [["ok"]]),
    ):
        with pytest.raises(dancing.ProblemError) as caught:
            make()
        error = caught.value
        assert isinstance(error, ValueError)
        assert error.item == text and error.option is None
        assert "invalid item name" in str(error)


@pytest.mark.parametrize("color", ["r\x00", "\x9b", "\ufeff", "c" * 257], ids=repr)
def test_colors_the_format_cannot_hold_are_refused_at_their_option(color):
    with pytest.raises(dancing.ProblemError) as caught:
        dancing.Problem(["a"], [["a"], ["a", f"x:{color}"]], secondary=["x"])
    error = caught.value
    assert (error.option, error.item) == (1, "x")
    assert str(error).startswith("option 1: invalid color name")


def test_names_near_the_limits_are_kept():
    # 256 bytes, a name of digits, a `$` that is not a cost, a color `$5`.
    names = ["a" * 256, "é" * 128, str(10**255), "$a", "a$5", "-5", "5"]
    problem = dancing.Problem(names, [[n] for n in names] + [[names[0], "x:$5"]], secondary=["x"])
    again = pickle.loads(pickle.dumps(problem))
    assert again == problem and again.items == names


@pytest.mark.parametrize("seed", range(60))
def test_a_problem_that_is_made_pickles(seed):
    # Names from an alphabet of troublesome characters: each problem is
    # either refused when made or pickles to an equal problem, never
    # failing in between.
    rng = random.Random(seed)
    plain, troublesome = "ab$5-é", ":| \t\x00\x1b\x7f\x85\u00a0\u2028\ufeff"

    def name(length: int) -> str:
        return "".join(rng.choice(troublesome if rng.random() < 0.04 else plain) for _ in range(length))

    names = list(dict.fromkeys(name(rng.randint(1, 3)) for _ in range(4)))
    if len(names) < 2:
        return
    colors = [name(rng.randint(1, 2)) for _ in range(2)]
    options = [[n] for n in names[:-1]] + [[names[0], f"{names[-1]}:{c}"] for c in colors]
    try:
        problem = dancing.Problem(names[:-1], options, secondary=names[-1:])
    except dancing.ProblemError as error:
        assert error.item is not None
        return
    again = pickle.loads(pickle.dumps(problem))
    assert again == problem and again.options() == problem.options()
    assert dancing.Problem.from_dlx(problem.to_dlx()) == problem


np = pytest.importorskip("numpy")

NUMERIC_DTYPES = [">i4", "<i2", ">u8", ">f8", "float16", ">f4", "?", "object"]


@pytest.mark.parametrize("dtype", NUMERIC_DTYPES)
def test_a_matrix_of_numbers_is_read_by_value_in_any_byte_order(dtype):
    rows = [[1, 0, 1, 0], [0, 1, 0, 1], [1, 1, 0, 0], [0, 0, 1, 1], [1, 0, 0, 1]]
    expected = dancing.Problem.from_matrix(rows, secondary=1)
    matrix = np.array(rows).astype(dtype)
    problem = dancing.Problem.from_matrix(matrix, secondary=1)
    assert problem == expected and problem.count() == expected.count() == 2


@pytest.mark.parametrize("dtype", [">i4", ">f8", "float16"])
def test_a_matrix_entry_other_than_0_or_1_is_located_in_any_dtype(dtype):
    matrix = np.array([[1, 0], [0, 2]]).astype(dtype)
    with pytest.raises(dancing.ProblemError) as caught:
        dancing.Problem.from_matrix(matrix)
    assert (caught.value.option, caught.value.item) == (1, "1")


@pytest.mark.parametrize("dtype", ["complex64", "U1", "S1", "V4", "datetime64[s]"])
def test_a_matrix_of_other_things_is_a_type_error_naming_its_dtype(dtype):
    matrix = np.zeros((2, 2), dtype=dtype)
    with pytest.raises(TypeError) as caught:
        dancing.Problem.from_matrix(matrix)
    assert str(matrix.dtype) in str(caught.value) and "dtype" in str(caught.value)


def test_a_buffer_memoryview_cannot_read_is_a_type_error_naming_its_format():
    # Big-endian ints without numpy: memoryview has no tolist() for them.
    import ctypes

    matrix = ((ctypes.c_int32.__ctype_be__ * 2) * 2)()
    with pytest.raises(TypeError) as caught:
        dancing.Problem.from_matrix(matrix)
    assert "'>i'" in str(caught.value) or '">i"' in str(caught.value)


QUEENS = dancing.problems.queens(4)


@pytest.mark.parametrize(
    "name, call",
    [
        ("max_nodes", lambda: QUEENS.count(max_nodes=-1)),
        ("max_nodes", lambda: QUEENS.count(max_nodes=2**200)),
        ("max_nodes", lambda: QUEENS.first(max_nodes=-(2**200))),
        ("limit", lambda: QUEENS.solutions(limit=2**70)),
        ("seed", lambda: QUEENS.solutions(seed=-(2**70))),
        ("secondary", lambda: dancing.Problem.from_matrix([[1]], secondary=-1)),
        ("secondary", lambda: dancing.Problem.from_matrix([[1]], secondary=2**64)),
        ("limit", lambda: dancing.sudoku.count("." * 81, limit=2**64)),
        ("count", lambda: dancing.sudoku.generate(-(2**64))),
        ("box rows", lambda: dancing.sudoku.solve("." * 16, box=(-2, 2))),
        ("n", lambda: dancing.problems.queens(-1)),
        ("n", lambda: dancing.problems.langford(2**64)),
        ("columns", lambda: dancing.problems.matrices(2, -2)),
        ("row_sums", lambda: dancing.problems.matrices(2, 2, row_sums=(-1, 2))),
        ("points", lambda: dancing.problems.matchings(-4)),
    ],
)
def test_numbers_out_of_range_are_value_errors_naming_the_argument(name, call):
    with pytest.raises(ValueError) as caught:
        call()
    assert not isinstance(caught.value, OverflowError)
    assert str(caught.value).startswith(f"{name} must be a whole number from 0 to ")


@pytest.mark.parametrize("threads", [-1, 1025, 2**64])
def test_threads_out_of_range_are_value_errors_naming_the_range(threads):
    with pytest.raises(ValueError) as caught:
        QUEENS.count(threads=threads)
    assert not isinstance(caught.value, OverflowError)
    assert str(caught.value) == f"threads must be a whole number from 1 to 1024 (got {threads})"


def test_no_threads_is_refused_as_dlx_refuses_j_0():
    with pytest.raises(ValueError) as caught:
        QUEENS.count(threads=0)
    assert str(caught.value) == "threads must be at least 1 (got 0)"
    assert QUEENS.count(threads=1) == 2


def test_numbers_that_are_not_ints_are_type_errors_naming_the_argument():
    for name, call in [
        ("threads", lambda: QUEENS.count(threads=1.5)),
        ("max_nodes", lambda: QUEENS.count(max_nodes="10")),
        ("n", lambda: dancing.problems.queens(8.0)),
    ]:
        with pytest.raises(TypeError, match=f"^{name} must be an int"):
            call()
    # An int-like object is an int.
    assert QUEENS.count(threads=np.int64(1), max_nodes=np.uint8(200)) == 2


def test_an_option_index_past_any_index_is_an_index_error():
    for index in (2**70, -(2**70), 2**63, len(QUEENS), -len(QUEENS) - 1):
        with pytest.raises(IndexError, match="out of range"):
            QUEENS.option(index)
    assert QUEENS.option(-len(QUEENS)) == QUEENS.option(0)


@pytest.mark.parametrize("bounds", [[("a", 1)], ("a", 1), "a", 5])
def test_bounds_that_are_not_a_mapping_say_what_bounds_look_like(bounds):
    with pytest.raises(TypeError) as caught:
        dancing.Problem(["a"], [["a"]], bounds=bounds)
    assert "mapping" in str(caught.value) and "(lower, upper)" in str(caught.value)


@pytest.mark.parametrize("bound", ["x", (1, 2, 3), -1, (0, 2**32), 1.5])
def test_a_bound_that_is_not_one_names_its_item(bound):
    with pytest.raises(dancing.ProblemError) as caught:
        dancing.Problem(["a"], [["a"]], bounds={"a": bound})
    assert caught.value.item == "a" and "(lower, upper)" in str(caught.value)


def test_a_directory_is_an_os_error_not_a_parse_error(tmp_path):
    with pytest.raises(IsADirectoryError) as caught:
        dancing.Problem.from_file(tmp_path)
    assert caught.value.filename == str(tmp_path)
    assert not isinstance(caught.value, dancing.DancingError)


def test_a_search_given_up_says_it_was_interrupted():
    problem = dancing.problems.queens(8)
    # KeyboardInterrupt in the loop's body, between two solutions.
    try:
        for solution in problem.solutions():
            raise KeyboardInterrupt
    except KeyboardInterrupt:
        stats = problem.stats
    assert stats.stop == "interrupted" and not stats.complete and stats.solutions == 1
    # break, likewise, once the iterator is gone.
    for solution in problem.solutions():
        break
    assert problem.stats.stop == "interrupted"
    # An iterator alive is paused, and may go on.
    generator = problem.solutions()
    next(generator)
    assert problem.stats.stop == "running" and generator.stats.stop == "running"
    # An iterator dropped after another search ended leaves that one's.
    problem.count()
    del generator
    assert problem.stats.stop == "complete" and problem.stats.solutions == 92
    # Run to its end, an iterator's stats stay complete.
    generator = problem.solutions()
    assert len(list(generator)) == 92
    del generator
    assert problem.stats.complete
