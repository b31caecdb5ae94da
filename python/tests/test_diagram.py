"""Problem.diagram(): the set of all solutions as a ZDD, checked against the
search (count(), solutions()), brute force, the checker (verify) and an
independent transfer-matrix count of domino tilings."""

from __future__ import annotations

import io
import math
import pickle
import random
from collections import Counter

import pytest

import dancing
from checks import brute_force
from dancing import problems

GENERATED = {
    "queens 8": lambda: problems.queens(8),
    "pentomino 3x20": lambda: problems.pentomino("3x20"),
    "dominoes 6x6": lambda: problems.dominoes("6x6"),
    "colored word squares": lambda: problems.words(2, 2, ["ab", "ba", "aa", "bb", "ca", "ac"]),
    "bounded matrices": lambda: problems.matrices(3, 3, row_sums=2, column_sums=2),
    "partitions 8": lambda: problems.partitions(8),
}


@pytest.fixture(scope="module", params=sorted(GENERATED))
def built(request):
    problem = GENERATED[request.param]()
    return problem, problem.diagram()


def test_count_is_the_search_count(built):
    problem, diagram = built
    assert diagram.count() == problem.count(threads=1) > 0
    assert diagram.node_count > 0
    assert diagram.stats["nodes"] == diagram.node_count


def test_input_order_counts_the_same(built):
    problem, diagram = built
    if len(problem) > 1000:
        pytest.skip("input order on the 1236 pentomino placements takes long")
    assert problem.diagram(order="input").count() == diagram.count()


def test_sizes_sum_to_the_count_and_match_the_solutions(built):
    problem, diagram = built
    sizes = diagram.sizes()
    assert sum(sizes.values()) == diagram.count()
    assert all(count > 0 for count in sizes.values())
    if diagram.count() <= 10_000:
        assert sizes == dict(Counter(len(s) for s in problem.solutions()))


def test_iteration_lists_exactly_the_solutions(built):
    problem, diagram = built
    if diagram.count() > 10_000:
        pytest.skip("too many to list twice")
    listed = [tuple(sorted(s)) for s in diagram]
    assert len(listed) == len(set(listed)) == diagram.count()
    assert set(listed) == {tuple(sorted(s)) for s in problem.solutions()}
    assert [tuple(sorted(s)) for s in diagram.solutions()] == listed


def test_samples_are_solutions_and_reproducible(built):
    problem, diagram = built
    drawn = diagram.sample(20, seed=5)
    assert len(drawn) == 20
    for solution in drawn:
        problem.verify(solution)
    assert diagram.sample(20, seed=5) == drawn
    assert diagram.sample(20) == diagram.sample(20, seed=0)


def test_iteration_is_lazy():
    # 53,060,477,521,960,000 tilings: only the first few are made.
    diagram = problems.dominoes("12x12").diagram(order="input")
    iterator = iter(diagram)
    first = [next(iterator) for _ in range(3)]
    assert len({tuple(sorted(s)) for s in first}) == 3
    for solution in first:
        diagram.problem.verify(solution)


def test_random_small_problems_against_brute_force():
    from test_random import random_problem

    rng = random.Random(49)
    for case in range(120):
        primary, secondary, options, bounds = random_problem(
            rng, colors=case % 2 == 0, bounds=case % 3 == 0
        )
        problem = dancing.Problem(primary, options, secondary=secondary, bounds=bounds)
        expected = brute_force(options, primary, secondary, bounds)
        for order in ("mrv", "input"):
            diagram = problem.diagram(order=order)
            assert diagram.count() == len(expected), (case, order)
            assert {tuple(sorted(s)) for s in diagram} == expected, (case, order)
            assert sum(diagram.sizes().values()) == len(expected)


def domino_tilings(rows: int, columns: int) -> int:
    """Domino tilings of a rows x columns board by a transfer matrix over
    columns: a state is the set of cells of the next column already
    covered by horizontal dominoes sticking out of this one."""
    ways = {0: 1}
    for _ in range(columns):
        following: dict[int, int] = {}

        def fill(row: int, state: int, out: int, count: int) -> None:
            if row == rows:
                following[out] = following.get(out, 0) + count
                return
            if state >> row & 1:
                fill(row + 1, state, out, count)
                return
            fill(row + 1, state, out | 1 << row, count)  # horizontal
            if row + 1 < rows and not state >> (row + 1) & 1:
                fill(row + 2, state, out, count)  # vertical

        for state, count in ways.items():
            fill(0, state, 0, count)
        ways = following
    return ways.get(0, 0)


def test_transfer_matrix_agrees_with_known_counts():
    assert domino_tilings(2, 3) == 3
    assert domino_tilings(8, 8) == 12_988_816
    assert domino_tilings(12, 12) == 53_060_477_521_960_000


def test_count_past_2_to_the_64():
    # Listed row by row, 30 rows of 8: frontiers of 8 cells, a small diagram.
    problem = problems.dominoes("30x8")
    diagram = problem.diagram(order="input")
    count = diagram.count()
    assert isinstance(count, int)
    assert count > 2**64
    assert count == domino_tilings(8, 30)
    assert sum(diagram.sizes().values()) == count
    assert diagram.sizes() == {120: count}
    for solution in diagram.sample(5, seed=3):
        assert problem.verify(solution) == 0
        assert len(solution) == 120


def test_samples_of_queens_are_uniform():
    problem = problems.queens(8)
    diagram = problem.diagram()
    solutions = {tuple(sorted(s)) for s in problem.solutions()}
    assert len(solutions) == 92
    per_solution = 50
    drawn = Counter(tuple(sorted(s)) for s in diagram.sample(92 * per_solution, seed=2024))
    assert set(drawn) == solutions
    chi2 = sum((n - per_solution) ** 2 / per_solution for n in drawn.values())
    # The 1 - 1e-4 quantile of chi-squared with 91 degrees of freedom, by
    # Wilson and Hilferty's approximation (about 142).
    k, z = 91, 3.719
    bound = k * (1 - 2 / (9 * k) + z * math.sqrt(2 / (9 * k))) ** 3
    assert chi2 < bound, (chi2, bound)
    # Different seeds draw differently.
    assert diagram.sample(30, seed=1) != diagram.sample(30, seed=2)


def test_no_solution_and_the_empty_solution():
    none = dancing.Problem(["a", "b"], [["a"]])
    diagram = none.diagram()
    assert diagram.count() == 0
    assert diagram.sizes() == {}
    assert diagram.sample(3) == []
    assert list(diagram) == []
    empty = dancing.Problem(["a"], [["a"]], bounds={"a": (0, 1)}).diagram()
    assert sorted(empty) == [[], [0]]
    assert empty.sizes() == {0: 1, 1: 1}


def test_zdd_round_trip(tmp_path):
    problem = problems.queens(6)
    diagram = problem.diagram()
    text = diagram.to_zdd()
    back = dancing.Diagram.from_zdd(text, problem)
    assert back == diagram
    assert back.count() == diagram.count() == 4
    assert back.order is None and diagram.order == "mrv"
    assert back.stats["search_nodes"] == 0
    path = tmp_path / "queens6.zdd"
    diagram.write(path)
    assert path.read_text() == text
    diagram.write(str(path))
    assert path.read_text() == text
    buffer = io.StringIO()
    diagram.write(buffer)
    assert buffer.getvalue() == text
    assert dancing.Diagram.from_zdd(path.read_text(), problem) == diagram


def test_pickle_round_trip():
    problem = problems.dominoes("4x4")
    diagram = problem.diagram(order="input")
    back = pickle.loads(pickle.dumps(diagram))
    assert back == diagram
    assert back.problem == problem
    assert back.order == "input"
    assert back.count() == 36
    assert sorted(map(sorted, back)) == sorted(map(sorted, diagram))
    assert back.sample(10, seed=9) == diagram.sample(10, seed=9)
    other = problems.dominoes("4x4").diagram(order="mrv")
    assert other.count() == diagram.count()
    # Another problem with the same diagram is another diagram.
    renamed = dancing.Problem(
        ["z" + item for item in problem.items],
        [["z" + item for item in option] for option in problem.options()],
    )
    assert dancing.Diagram.from_zdd(diagram.to_zdd(), renamed) != diagram
    with pytest.raises(TypeError, match="pickle"):
        pickle.dumps(iter(diagram))


def test_bad_arguments():
    problem = problems.queens(6)
    with pytest.raises(ValueError, match="order must be"):
        problem.diagram(order="fewest")
    with pytest.raises(ValueError, match="max_nodes must be at least 1"):
        problem.diagram(max_nodes=0)
    with pytest.raises(TypeError, match="max_nodes must be an int"):
        problem.diagram(max_nodes="10")
    with pytest.raises(ValueError, match="memory must be"):
        problem.diagram(memory=-1)
    with pytest.raises(ValueError, match="time_limit"):
        problem.diagram(time_limit=-1.0)
    diagram = problem.diagram()
    with pytest.raises(ValueError, match="n must be"):
        diagram.sample(-1)
    with pytest.raises(TypeError, match="seed must be an int"):
        diagram.sample(1, seed="x")
    with pytest.raises(TypeError, match="file must be a path or a text file"):
        diagram.write(3)


def test_too_large_or_too_slow_is_an_error():
    problem = problems.queens(8)
    with pytest.raises(dancing.DiagramError, match="more than its limit of 10 nodes") as raised:
        problem.diagram(max_nodes=10)
    assert raised.value.reason == "max-nodes"
    assert isinstance(raised.value, dancing.DancingError)
    with pytest.raises(dancing.DiagramError, match="time-limit") as raised:
        problems.queens(13).diagram(time_limit=0.0)
    assert raised.value.reason == "time-limit"
    # A tiny cache only shares less: the same diagram's count.
    assert problem.diagram(memory=0).count() == 92


def test_malformed_zdd_text():
    problem = problems.queens(4)
    with pytest.raises(dancing.ParseError, match="not defined on an earlier line") as raised:
        dancing.Diagram.from_zdd("2: (~3?0:5)\n", problem)
    assert (raised.value.line, raised.value.column) == (1, 10)
    with pytest.raises(dancing.ParseError, match="past the problem's") as raised:
        dancing.Diagram.from_zdd("2: (~999?0:1)\n", problem)
    assert raised.value.option == 998
