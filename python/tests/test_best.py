"""Problem.best (the K cheapest solutions, Knuth's DLX5) and option costs:
against a brute force over every subset of options (tests/checks.py), and
against `dlx solve --best K`."""

from __future__ import annotations

import json
import pickle
import random
from pathlib import Path

import pytest

import dancing
from checks import brute_force, is_solution
from conftest import DATA, has_costs, run_dlx
from test_pickle import round_trips

COST_FILES = sorted(path for path in DATA.glob("*.dlx") if has_costs(path))


def random_cost_problem(rng: random.Random, colors: bool):
    primary = [f"p{k}" for k in range(rng.randint(1, 4))]
    secondary = [f"s{k}" for k in range(rng.randint(0, 3))]
    palette = ["red", "blue"] if colors else []
    options = []
    for _ in range(rng.randint(1, 10)):
        entries = []
        for item in primary + secondary:
            if rng.random() >= 0.4:
                continue
            if item in secondary and palette and rng.random() < 0.6:
                entries.append(f"{item}:{rng.choice(palette)}")
            else:
                entries.append(item)
        rng.shuffle(entries)
        options.append(entries)
    # Small costs, so that ties are common; sometimes none at all.
    costs = [rng.randint(0, 6) for _ in options] if rng.random() < 0.9 else None
    return primary, secondary, options, costs


@pytest.mark.parametrize("colors", [False, True])
@pytest.mark.parametrize("seed", range(120))
def test_best_against_brute_force(colors, seed):
    rng = random.Random(f"best-{colors}-{seed}")
    primary, secondary, options, costs = random_cost_problem(rng, colors)
    problem = dancing.Problem(primary, options, secondary=secondary, costs=costs)
    cost_of = costs or [0] * len(options)
    every = brute_force(options, set(primary), set(secondary))
    expected = sorted(sum(cost_of[k] for k in solution) for solution in every)
    k = rng.randint(1, 5)
    best = problem.best(k, threads=rng.choice([1, 2]))
    assert best.proven and best.stop == "complete" and best.stats.complete
    assert best.costs == expected[:k]
    assert best.cost == (expected[0] if expected else None)
    assert len(best) == min(k, len(expected))
    for solution in best:
        assert is_solution(options, set(primary), set(secondary), None, solution)
        assert len(set(solution)) == len(solution)
        assert solution.cost == sum(cost_of[i] for i in solution)
    # Distinct solutions, each once.
    assert len({tuple(sorted(s)) for s in best}) == len(best)
    assert problem.stats == best.stats


def dlx_best(dlx: str, path: Path, k: int) -> dict:
    """The summary record of `dlx solve --best K --json -j 1 PATH`."""
    done = run_dlx(dlx, "solve", f"--best={k}", "--json", "-j", "1", str(path))
    records = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    summaries = [r for r in records if r.get("type") == "summary"]
    assert len(summaries) == 1, done.stdout + done.stderr
    return summaries[0]


@pytest.mark.parametrize("path", COST_FILES, ids=lambda path: path.name)
@pytest.mark.parametrize("k", [1, 3])
def test_best_agrees_with_dlx_on_the_cost_files(dlx, path, k):
    problem = dancing.Problem.from_file(path)
    assert problem.has_costs
    best = problem.best(k, threads=1)
    summary = dlx_best(dlx, path, k)
    assert best.costs == [solution["cost"] for solution in summary["best"]]
    assert best.proven == summary["proven"]
    assert best.stop == summary["stop"]
    # One thread: the same search, the same figures and solutions.
    assert best.stats.nodes == summary["nodes"]
    assert best.stats.updates == summary["updates"]
    assert best.stats.solutions == summary["improvements"]
    assert [list(solution) for solution in best] == [solution["option_ids"] for solution in summary["best"]]


@pytest.mark.parametrize("seed", range(25))
def test_best_agrees_with_dlx_on_random_problems(dlx, tmp_path, seed):
    rng = random.Random(f"best-dlx-{seed}")
    primary, secondary, options, costs = random_cost_problem(rng, colors=True)
    problem = dancing.Problem(primary, options, secondary=secondary, costs=costs)
    path = tmp_path / "problem.dlx"
    path.write_text(problem.to_dlx())
    k = rng.randint(1, 4)
    summary = dlx_best(dlx, path, k)
    best = problem.best(k, threads=1)
    assert best.costs == [solution["cost"] for solution in summary["best"]]
    assert best.proven == summary["proven"] is True


def test_a_limit_stops_best_with_the_best_so_far():
    problem = dancing.Problem.from_file(DATA / "queens8_costs.dlx")
    whole = problem.best(1, threads=1)
    assert whole.proven
    stopped = problem.best(1, threads=1, max_nodes=20)
    assert not stopped.proven and stopped.stop == "max-nodes"
    assert stopped.stats.nodes <= 20 + 1
    assert "proven=False" in repr(stopped)
    # Whatever it found is a solution, no cheaper than the optimum.
    for solution in stopped:
        assert solution.cost >= whole.cost
        assert solution.cost == sum(problem.option_cost(i) for i in solution)
    # A clock that has run out stops a search too long to end before it
    # looks (it looks every few thousand nodes).
    queens = dancing.problems.queens(14)
    costed = dancing.Problem(
        queens.items, queens.options(), secondary=queens.secondary, costs=[k * 7 % 10 for k in range(len(queens))]
    )
    timed = costed.best(3, time_limit=0.0)
    assert not timed.proven and timed.stop == "time-limit"


def test_best_without_costs_finds_solutions_of_cost_0():
    problem = dancing.problems.queens(6)
    best = problem.best(10)
    assert best.proven and best.costs == [0] * problem.count()


def test_best_refuses_bounds_and_bad_arguments():
    bounded = dancing.Problem(["a"], [["a"], ["a"]], bounds={"a": (1, 2)})
    with pytest.raises(dancing.ProblemError, match="item bounds"):
        bounded.best()
    problem = dancing.Problem(["a"], [["a"]], costs=[2])
    for k in (0, 15_001, -1):
        with pytest.raises(ValueError, match="^k must be"):
            problem.best(k)
    with pytest.raises(TypeError, match="k must be an int, not str"):
        problem.best("2")
    with pytest.raises(ValueError, match="threads"):
        problem.best(threads=0)
    with pytest.raises(ValueError, match="max_nodes"):
        problem.best(max_nodes=-1)
    with pytest.raises(ValueError, match="time_limit"):
        problem.best(time_limit=-1.0)
    assert problem.best().costs == [2]


def test_best_results_pickle_and_compare_by_value():
    problem = dancing.Problem.from_file(DATA / "colors_costs.dlx")
    for best in (problem.best(2), problem.best(1, max_nodes=1)):
        for copied in round_trips(best):
            assert copied == best and copied is not best
            assert copied.costs == best.costs and copied.proven == best.proven
            assert copied.stop == best.stop and copied.stats == best.stats
            assert [type(s) for s in copied] == [dancing.CostedSolution] * len(best)
    solution = dancing.CostedSolution([2, 0], 7)
    assert pickle.loads(pickle.dumps(solution)) == solution
    assert pickle.loads(pickle.dumps(solution)).cost == 7
    assert solution == [2, 0]  # a list of option indices
    assert solution != dancing.CostedSolution([2, 0], 8)
    assert repr(solution) == "CostedSolution([2, 0], cost=7)"


# Costs: given, read back, written and pickled.


def test_costs_are_given_per_option_and_read_back():
    problem = dancing.Problem(["a", "b"], [["a", "b"], ["a"], ["b"]], costs=[5, 0, 2])
    assert problem.has_costs
    assert problem.costs() == [5, 0, 2]
    assert [problem.option_cost(i) for i in range(3)] == [5, 0, 2]
    assert problem.option_cost(-1) == 2
    with pytest.raises(IndexError, match="option 3 out of range"):
        problem.option_cost(3)
    # option() is as it was: the items only.
    assert problem.option(0) == ["a", "b"]
    assert "costs" in repr(problem)
    # Knuth's text carries the costs, and pickles do.
    again = dancing.Problem.from_dlx(problem.to_dlx())
    assert again == problem and again.costs() == [5, 0, 2]
    assert pickle.loads(pickle.dumps(problem)).costs() == [5, 0, 2]
    # Costs are part of a problem's value.
    assert problem != dancing.Problem(["a", "b"], [["a", "b"], ["a"], ["b"]], costs=[5, 0, 3])
    plain = dancing.Problem(["a", "b"], [["a", "b"], ["a"], ["b"]])
    assert not plain.has_costs and plain.costs() == [0, 0, 0]
    assert plain == dancing.Problem(["a", "b"], [["a", "b"], ["a"], ["b"]], costs=[0, 0, 0])
    assert "costs" not in repr(plain)
    # Any iterable of ints, numpy's included.
    numpy = pytest.importorskip("numpy")
    given = dancing.Problem(["a"], [["a"], ["a"]], costs=numpy.array([3, 4]))
    assert given.costs() == [3, 4]
    assert dancing.Problem(["a"], [["a"], ["a"]], costs=iter((1, 2))).costs() == [1, 2]


def test_costs_read_from_a_file_match_the_text():
    path = DATA / "colors_costs.dlx"
    problem = dancing.Problem.from_file(path)
    lines = [line for line in path.read_text().splitlines() if line.strip() and not line.startswith("|")]
    written = [int(line.split("|")[-1]) if "|" in line else 0 for line in lines[1:]]
    assert problem.costs() == written


def test_bad_costs_raise_errors_that_say_what_is_wrong():
    items, options = ["a"], [["a"], ["a"]]
    with pytest.raises(ValueError, match="costs has 1 entries but there are 2 options"):
        dancing.Problem(items, options, costs=[1])
    with pytest.raises(ValueError, match="costs has more entries but there are 2 options"):
        dancing.Problem(items, options, costs=[1, 2, 3])
    with pytest.raises(ValueError, match=r"costs\[1\] must be a whole number from 0 to 4294967295 \(got -1\)"):
        dancing.Problem(items, options, costs=[1, -1])
    with pytest.raises(ValueError, match=r"costs\[0\] must be a whole number from 0 to 4294967295"):
        dancing.Problem(items, options, costs=[2**32, 0])
    with pytest.raises(TypeError, match=r"costs\[0\] must be an int, not float"):
        dancing.Problem(items, options, costs=[1.5, 0])
    for given, kind in ((3, "int"), ("12", "str"), ({0: 1, 1: 2}, "dict")):
        with pytest.raises(TypeError, match=f"costs must be a list of ints, one per option, not {kind}"):
            dancing.Problem(items, options, costs=given)
