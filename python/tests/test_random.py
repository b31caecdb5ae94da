"""Random small problems (plain, colored, bounded) against a brute force
over every subset of options (tests/checks.py), written from the
definition of exact cover."""

from __future__ import annotations

import random

import pytest

import dancing
from checks import brute_force, is_solution

SEEDS = range(150)


def random_problem(rng: random.Random, colors: bool, bounds: bool):
    primary = [f"p{k}" for k in range(rng.randint(1, 4))]
    secondary = [f"s{k}" for k in range(rng.randint(0, 3))]
    palette = ["red", "blue"] if colors else []
    options = []
    for _ in range(rng.randint(1, 10)):
        chosen = [i for i in primary + secondary if rng.random() < 0.4]
        entries = []
        for item in chosen:
            if item in secondary and palette and rng.random() < 0.6:
                entries.append(f"{item}:{rng.choice(palette)}")
            else:
                entries.append(item)
        rng.shuffle(entries)
        options.append(entries)
    item_bounds = {}
    if bounds:
        for item in primary:
            if rng.random() < 0.6:
                low = rng.randint(0, 2)
                item_bounds[item] = (low, rng.randint(max(low, 1), 3))
    return primary, secondary, options, item_bounds


@pytest.mark.parametrize("kind", ["plain", "colored", "bounded", "colored+bounded"])
@pytest.mark.parametrize("seed", SEEDS)
def test_random_problem_against_brute_force(kind, seed):
    rng = random.Random(f"{kind}-{seed}")
    primary, secondary, options, bounds = random_problem(
        rng, colors="colored" in kind, bounds="bounded" in kind
    )
    problem = dancing.Problem(primary, options, secondary=secondary, bounds=bounds)
    expected = brute_force(options, set(primary), set(secondary), bounds)
    count = problem.count()
    assert count.complete and count == len(expected)
    assert problem.count(threads=2) == len(expected)
    assert problem.count(memo=True) == len(expected)
    first = problem.first()
    if expected:
        assert first is not None and tuple(sorted(first)) in expected
        assert is_solution(options, set(primary), set(secondary), bounds, first)
    else:
        assert first is None


@pytest.mark.parametrize("seed", range(60))
def test_random_matrix_against_brute_force(seed):
    rng = random.Random(seed)
    rows, columns = rng.randint(1, 10), rng.randint(1, 5)
    matrix = [[int(rng.random() < 0.35) for _ in range(columns)] for _ in range(rows)]
    secondary = rng.randint(0, columns - 1)
    names = [str(c) for c in range(columns)]
    options = [[names[c] for c in range(columns) if row[c]] for row in matrix]
    primary = set(names[: columns - secondary])
    expected = brute_force(options, primary, set(names) - primary)
    problem = dancing.Problem.from_matrix(matrix, secondary=secondary)
    assert problem.count() == len(expected)
    assert problem.options() == options


def test_numpy_arrays_of_any_dtype_and_layout():
    np = pytest.importorskip("numpy")
    rng = random.Random(7)
    for _ in range(20):
        matrix = np.array([[rng.random() < 0.4 for _ in range(5)] for _ in range(9)])
        options = [[str(c) for c in range(5) if row[c]] for row in matrix.tolist()]
        expected = len(brute_force(options, {str(c) for c in range(5)}))
        for array in (matrix, matrix.astype(np.int64), matrix.astype(np.uint8), matrix.astype(np.float32)):
            assert dancing.Problem.from_matrix(array).count() == expected
        # Not contiguous: every other column of a wider array.
        wide = np.zeros((9, 10), dtype=np.int32)
        wide[:, ::2] = matrix
        assert dancing.Problem.from_matrix(wide[:, ::2]).count() == expected
        # A memoryview (the buffer protocol without numpy's help).
        assert dancing.Problem.from_matrix(memoryview(matrix.astype(np.uint8))).count() == expected
