"""Counts, solutions and Knuth's statistics on the repository's reference
files (plain, colored, bounded): the package must give what `dlx solve`
gives on the same file, figure for figure."""

from __future__ import annotations

import json
import os

import pytest

import dancing
from conftest import DATA, REFERENCE_FILES, dlx_summary, run_dlx
from checks import is_solution


def test_the_reference_files_are_there():
    # A moved data folder must fail here, not skip everything below.
    names = {path.name for path in REFERENCE_FILES}
    assert {"queens8.dlx", "colors.dlx", "rowcol4_2_2.dlx", "toy.dlx"} <= names


@pytest.mark.parametrize("path", REFERENCE_FILES, ids=lambda p: p.name)
def test_count_and_figures_equal_dlx_solve(dlx, path):
    expected = dlx_summary(dlx, path)
    problem = dancing.Problem.from_file(path)
    count = problem.count()
    assert isinstance(count, int) and count.complete
    assert count == expected["solutions"]
    stats = problem.stats
    assert stats == count.stats
    assert (stats.solutions, stats.nodes, stats.updates) == (
        expected["solutions"],
        expected["nodes"],
        expected["updates"],
    )
    # dlx prints cleansings for colored and bounded problems only.
    assert stats.cleansings == expected.get("cleansings", 0)
    assert stats.max_depth == expected["max_depth"]
    assert stats.complete and stats.stop == "complete"


@pytest.mark.parametrize("path", REFERENCE_FILES, ids=lambda p: p.name)
def test_two_threads_and_memo_count_the_same(dlx, path):
    expected = dlx_summary(dlx, path)["solutions"]
    problem = dancing.Problem.from_file(path)
    on_two = problem.count(threads=2)
    # The parallel search explores DLX1's tree too.
    assert on_two == expected and problem.stats.nodes == dlx_summary(dlx, path)["nodes"]
    assert problem.count(memo=True) == expected
    assert problem.count(memo=True, threads=2) == expected


@pytest.mark.parametrize("name", ["queens6.dlx", "queens10.dlx"])
def test_a_count_runs_on_as_many_threads_as_dlx_by_default(dlx, name):
    # One default policy: `dlx` without -j, and count() without threads,
    # run on one thread per core the process may use, except a tree so
    # small (queens 6, 111 nodes) that it is counted on one thread before
    # the cores are asked for.
    path = DATA / name
    done = run_dlx(dlx, "solve", "--count", "--json", str(path))
    summary = [json.loads(line) for line in done.stdout.splitlines() if line.strip()][-1]
    assert summary["type"] == "summary", done.stdout + done.stderr
    problem = dancing.Problem.from_file(path)
    count = problem.count()
    assert count == summary["solutions"]
    assert count.stats.threads == summary["threads"]
    assert count.stats.nodes == summary["nodes"]
    # The cores it may use (fewer under a CPU quota, which Rust counts too).
    if hasattr(os, "sched_getaffinity"):
        assert 1 <= count.stats.threads <= len(os.sched_getaffinity(0))
    if name == "queens6.dlx":
        assert count.stats.threads == 1
    assert problem.count(threads=2).stats.threads == 2
    # The first solution and the listing search on one thread.
    problem.first()
    assert problem.stats.threads == 1
    listing = problem.solutions()
    next(listing)
    assert listing.stats.threads == 1


@pytest.mark.parametrize("path", REFERENCE_FILES, ids=lambda p: p.name)
def test_first_is_dlx_solves_first_solution(dlx, path):
    problem = dancing.Problem.from_file(path)
    listed = run_dlx(dlx, "solve", "--max-solutions", "1", "-j", "1", str(path)).stdout.splitlines()
    first = problem.first()
    if not listed:
        assert first is None
        return
    assert first is not None
    assert [" ".join(problem.option(k)) for k in first] == listed
    options = problem.options()
    assert is_solution(options, set(problem.items), set(problem.secondary), problem.bounds, first)


@pytest.mark.parametrize("path", REFERENCE_FILES, ids=lambda p: p.name)
def test_to_dlx_reads_back_to_the_same_problem(path):
    problem = dancing.Problem.from_file(path)
    again = dancing.Problem.from_dlx(problem.to_dlx())
    assert again.options() == problem.options()
    assert (again.items, again.secondary, again.bounds) == (
        problem.items,
        problem.secondary,
        problem.bounds,
    )
    assert again.count() == problem.count()


def test_warnings_are_the_readers(dlx):
    path = next(p for p in REFERENCE_FILES if p.name == "colors.dlx")
    problem = dancing.Problem.from_file(path)
    printed = run_dlx(dlx, "solve", "--count", str(path)).stderr
    assert problem.warnings and all(w in printed for w in problem.warnings)


def test_limits_give_an_incomplete_count_never_a_wrong_complete_one(dlx):
    path = next(p for p in REFERENCE_FILES if p.name == "queens10.dlx")
    full = dlx_summary(dlx, path)
    problem = dancing.Problem.from_file(path)
    for threads in (1, 2):
        count = problem.count(threads=threads, max_nodes=500)
        assert not count.complete and count.stop == "max-nodes"
        assert count < full["solutions"]
        assert "complete=False" in repr(count)
        assert not problem.stats.complete
        count = problem.count(threads=threads, time_limit=0)
        assert not count.complete and count.stop == "time-limit"
        assert count <= full["solutions"]
    # A limit the search never reaches leaves the count whole.
    count = problem.count(max_nodes=full["nodes"] + 1, time_limit=3600)
    assert count.complete and count == full["solutions"]
