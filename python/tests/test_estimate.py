"""Problem.estimate (Knuth's random probes): the figures of `dlx estimate
--json` for the same seed, the exact figures of the search when it ends
first, and an estimate near the true size of a tree it cannot finish."""

from __future__ import annotations

import json
import math

import pytest

import dancing
from conftest import DATA, run_dlx
from test_pickle import round_trips


def dlx_estimate(dlx: str, path, probes: int, seed: int) -> dict:
    done = run_dlx(dlx, "estimate", "--json", f"--probes={probes}", f"--seed={seed}", str(path))
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize("name", ["queens8.dlx", "queens12.dlx", "langford8.dlx", "colors.dlx", "pentomino3x20.dlx"])
@pytest.mark.parametrize("seed", [0, 7])
def test_estimate_gives_the_figures_of_dlx_estimate(dlx, name, seed):
    path = DATA / name
    probes = 300
    estimate = dancing.Problem.from_file(path).estimate(probes, seed=seed)
    record = dlx_estimate(dlx, path, probes, seed)
    assert estimate.probes == record["probes"]
    assert estimate.probes_asked == record["probes_asked"] == probes
    assert estimate.seed == record["seed"] == seed
    for figure in ("nodes", "updates", "solutions"):
        ours = getattr(estimate, figure)
        assert (ours.mean, ours.std_error) == (record[figure]["mean"], record[figure]["std_error"]), figure
    assert estimate.max_depth == record["max_depth"]
    # `dlx estimate` also times a short run of the search (half a second
    # at most), which gives exact figures too when it reaches the end: an
    # exact figure of ours is always one of its, not the other way round.
    if estimate.exact is not None:
        exact = record["exact"]
        assert (estimate.exact.nodes, estimate.exact.updates, estimate.exact.solutions) == (
            exact["nodes"],
            exact["updates"],
            exact["solutions"],
        )


def test_a_search_that_ends_first_gives_exact_figures():
    problem = dancing.problems.queens(8)
    estimate = problem.estimate()
    count = problem.count(threads=1)
    exact = estimate.exact
    assert exact is not None and exact.complete and exact.stop == "complete"
    assert (exact.solutions, exact.nodes, exact.updates) == (count, count.stats.nodes, count.stats.updates)
    assert estimate.nodes == dancing.Figure(float(count.stats.nodes), 0.0)
    assert estimate.solutions == dancing.Figure(92.0, 0.0)
    assert estimate.probes < estimate.probes_asked == 10_000


def test_the_estimate_of_a_tree_too_big_to_finish_is_near_its_size():
    problem = dancing.Problem.from_file(DATA / "queens12.dlx")
    truth = problem.count(threads=1).stats.nodes
    estimate = problem.estimate(200, seed=3)
    assert estimate.exact is None and estimate.probes == 200
    nodes = estimate.nodes
    assert 0 < nodes.std_error and abs(nodes.mean - truth) < 5 * nodes.std_error, (nodes, truth)
    assert nodes.relative_error == nodes.std_error / nodes.mean
    # The same seed, the same estimate; another seed, another.
    assert problem.estimate(200, seed=3) == estimate
    assert problem.estimate(200, seed=4) != estimate


def test_a_time_limit_stops_the_probes():
    problem = dancing.Problem.from_file(DATA / "queens12.dlx")
    estimate = problem.estimate(10**9, time_limit=0.0)
    assert estimate.exact is None and estimate.probes < estimate.probes_asked == 10**9


def test_bad_arguments_name_themselves():
    problem = dancing.problems.queens(4)
    with pytest.raises(ValueError, match=r"^probes must be at least 1 \(got 0\)"):
        problem.estimate(0)
    with pytest.raises(ValueError, match="^probes must be a whole number from 1 to 1000000000"):
        problem.estimate(10**9 + 1)
    with pytest.raises(ValueError, match="^seed must be"):
        problem.estimate(seed=-1)
    with pytest.raises(TypeError, match="^seed must be an int, not str"):
        problem.estimate(seed="1")
    with pytest.raises(ValueError, match="^time_limit"):
        problem.estimate(time_limit=math.nan)


def test_estimates_pickle_and_compare_by_value():
    problem = dancing.Problem.from_file(DATA / "queens12.dlx")
    for estimate in (problem.estimate(50), dancing.problems.queens(5).estimate()):
        for copied in round_trips(estimate):
            assert copied == estimate and copied is not estimate
            assert copied.nodes == estimate.nodes and copied.exact == estimate.exact
    assert dancing.problems.queens(5).estimate() != dancing.problems.queens(6).estimate()
