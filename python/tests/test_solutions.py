"""problem.solutions(): a generator that resumes the search, giving the
solutions `dlx solve -j 1` lists, in its order; islice and break cost
nothing further, and memory stays flat however many are taken."""

from __future__ import annotations

import gc
import itertools
import os
import random
import tracemalloc

import pytest

import dancing
from checks import brute_force, is_solution
from conftest import REFERENCE_FILES, dlx_solutions


@pytest.mark.parametrize("path", REFERENCE_FILES, ids=lambda p: p.name)
def test_solutions_are_dlx_solves_in_its_order(dlx, path):
    problem = dancing.Problem.from_file(path)
    listed = dlx_solutions(dlx, path)
    found = list(problem.solutions())
    assert [[problem.option(k) for k in solution] for solution in found] == listed
    # The whole listing ends as the count does: same figures.
    stats = problem.stats
    count = dancing.Problem.from_file(path).count()
    assert stats.complete and stats.solutions == count == len(found)
    assert (stats.nodes, stats.updates, stats.cleansings) == (
        count.stats.nodes,
        count.stats.updates,
        count.stats.cleansings,
    )
    options = problem.options()
    for solution in found[:50]:
        assert is_solution(options, set(problem.items), set(problem.secondary), problem.bounds, solution)


@pytest.mark.parametrize("path", REFERENCE_FILES, ids=lambda p: p.name)
def test_the_first_k_are_the_first_k_of_a_full_listing(path):
    problem = dancing.Problem.from_file(path)
    full = list(problem.solutions())
    for k in (0, 1, 2, 5, len(full) // 2, len(full)):
        assert list(itertools.islice(problem.solutions(), k)) == full[:k]
        assert list(problem.solutions(limit=k)) == full[:k]
    # A paused generator resumes where it stopped.
    generator = problem.solutions()
    head = list(itertools.islice(generator, 3))
    assert head + list(generator) == full


def test_a_limited_search_says_it_stopped_early():
    problem = dancing.problems.queens(8)
    assert len(list(problem.solutions(limit=5))) == 5
    assert not problem.stats.complete and problem.stats.solutions == 5
    generator = problem.solutions()
    next(generator)
    assert generator.stats.solutions == 1 and not generator.stats.complete
    rest = list(generator)
    assert len(rest) == 91 and generator.stats.complete
    assert next(generator, None) is None


@pytest.mark.parametrize("seed", range(40))
def test_random_problems_list_what_the_brute_force_finds(seed):
    rng = random.Random(seed)
    primary = [f"p{k}" for k in range(rng.randint(1, 4))]
    secondary = [f"s{k}" for k in range(rng.randint(0, 2))]
    options = []
    for _ in range(rng.randint(1, 9)):
        entries = [i for i in primary if rng.random() < 0.4]
        entries += [f"{s}:{rng.choice('ab')}" if rng.random() < 0.5 else s
                    for s in secondary if rng.random() < 0.4]
        options.append(entries)
    bounds = {p: (0, 2) for p in primary if rng.random() < 0.3}
    problem = dancing.Problem(primary, options, secondary=secondary, bounds=bounds)
    found = [tuple(sorted(s)) for s in problem.solutions()]
    assert len(found) == len(set(found))
    assert set(found) == brute_force(options, set(primary), set(secondary), bounds)


def test_a_seed_lists_the_same_solutions_in_another_order():
    problem = dancing.problems.queens(6)
    plain = [sorted(s) for s in problem.solutions()]
    seeded = [sorted(s) for s in problem.solutions(seed=12345)]
    assert sorted(plain) == sorted(seeded) and len(plain) == 4
    assert [sorted(s) for s in problem.solutions(seed=12345)] == seeded  # reproducible
    options = problem.options()
    for solution in seeded:
        assert is_solution(options, set(problem.items), set(problem.secondary), {}, solution)


def test_memory_stays_flat_over_a_million_solutions():
    # 2**20 = 1,048,576 solutions: each of 20 items covered by one of two options.
    items = [f"a{k}" for k in range(20)]
    options = [[item] for item in items for _ in range(2)]
    problem = dancing.Problem(items, options)
    generator = problem.solutions()
    for _ in itertools.islice(generator, 10_000):
        pass
    gc.collect()
    rss_before = resident_bytes()
    tracemalloc.start()
    try:
        before, _ = tracemalloc.get_traced_memory()
        taken = 0
        for solution in generator:
            taken += 1
        gc.collect()
        after, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert taken + 10_000 == 2**20
    # Python-side allocations: one solution list at a time.
    assert after - before < 64 * 1024, (before, after)
    assert peak - before < 256 * 1024, (before, peak)
    # And the engine's side (Rust allocations, which tracemalloc does not see).
    if rss_before is not None:
        assert resident_bytes() - rss_before < 16 << 20


def resident_bytes() -> int | None:
    """The process's resident memory, where /proc tells it."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return None


def test_breaking_off_costs_nothing_further():
    problem = dancing.problems.pentomino("6x10")
    for solution in problem.solutions():
        break
    stats = problem.stats
    # One solution's worth of search, not the 9,356 tilings' (millions of nodes).
    assert stats.solutions == 1 and stats.nodes < 100_000
