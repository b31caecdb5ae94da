"""Problem.reduce against `dlx reduce` (the same problem written, the same
summary), the reduced problem's solutions mapped back against the
original's, costs kept; Problem.verify against the independent checker of
checks.py on every option set of small random problems, and on the
solutions the searches give."""

from __future__ import annotations

import pickle
import random
from itertools import combinations

import pytest

import dancing
from checks import is_solution
from conftest import DATA, REFERENCE_FILES, run_dlx

COSTED_FILES = sorted(path for path in DATA.glob("*.dlx") if path not in REFERENCE_FILES)


def written_by_dlx_reduce(dlx: str, path) -> tuple[str, str]:
    """The problem `dlx reduce PATH` writes (its comment line left out),
    and its summary (the stderr line after the file name)."""
    done = run_dlx(dlx, "reduce", str(path))
    assert done.returncode == 0, done.stderr
    header, _, problem = done.stdout.partition("\n")
    assert header.startswith("| reduced from")
    summary = done.stderr.strip().splitlines()[-1].split(": ", 1)[1]
    return problem, summary


@pytest.mark.parametrize("path", REFERENCE_FILES + COSTED_FILES, ids=lambda p: p.name)
def test_reduce_writes_what_dlx_reduce_writes(dlx, path):
    problem = dancing.Problem.from_file(path)
    reduction = problem.reduce()
    expected, summary = written_by_dlx_reduce(dlx, path)
    assert reduction.problem.to_dlx() == expected
    assert str(reduction) == summary
    assert reduction.complete
    assert len(reduction.originals) == len(reduction.problem)
    assert reduction.removed_options == len(problem) - len(reduction.problem)


@pytest.mark.parametrize("path", REFERENCE_FILES, ids=lambda p: p.name)
def test_reduced_solutions_map_back_to_the_original_s(path):
    problem = dancing.Problem.from_file(path)
    if problem.count(threads=1, max_nodes=2_000_000) > 20_000:
        pytest.skip("too many solutions to list here")
    reduction = problem.reduce()
    original = {tuple(sorted(s)) for s in problem.solutions()}
    mapped = {tuple(sorted(reduction.solution(s))) for s in reduction.problem.solutions()}
    assert mapped == original
    for solution in list(reduction.problem.solutions())[:50]:
        problem.verify(reduction.solution(solution))


@pytest.mark.parametrize("path", COSTED_FILES, ids=lambda p: p.name)
def test_a_reduced_costed_problem_keeps_its_costs_and_cheapest_solutions(path):
    problem = dancing.Problem.from_file(path)
    reduction = problem.reduce()
    reduced = reduction.problem
    for k in range(len(reduced)):
        assert reduced.option_cost(k) == problem.option_cost(reduction.original(k))
    best, best_reduced = problem.best(3, threads=1), reduced.best(3, threads=1)
    assert [s.cost for s in best] == [s.cost for s in best_reduced]
    for solution in best_reduced:
        assert problem.verify(reduction.solution(solution), cost=solution.cost) == solution.cost


def test_a_reduction_pickles_and_compares_by_value():
    problem = dancing.problems.pentomino("3x20")
    reduction = problem.reduce()
    assert reduction.removed_options > 0
    again = pickle.loads(pickle.dumps(reduction))
    assert again == reduction and again.problem == reduction.problem
    assert again.problem.count() == problem.count() == 8
    assert reduction != dancing.problems.queens(6).reduce()


def random_problem(rng: random.Random):
    """Up to 5 primary and 2 secondary items (colors on some), bounds on
    some primary ones, up to 9 options: small enough to try every subset."""
    primary = [f"p{k}" for k in range(rng.randint(1, 5))]
    secondary = [f"s{k}" for k in range(rng.randint(0, 2))]
    options = []
    for _ in range(rng.randint(1, 9)):
        chosen = rng.sample(primary + secondary, rng.randint(1, min(3, len(primary + secondary))))
        options.append([f"{n}:{rng.choice('xy')}" if n in secondary and rng.random() < 0.5 else n for n in chosen])
    bounds = {}
    for item in primary:
        if rng.random() < 0.3:
            low = rng.randint(0, 2)
            bounds[item] = (low, max(1, low + rng.randint(0, 1)))
    return primary, secondary, options, bounds


def test_verify_agrees_with_an_independent_check_on_every_option_set():
    rng = random.Random(48)
    checked = accepted = 0
    for _ in range(300):
        primary, secondary, options, bounds = random_problem(rng)
        problem = dancing.Problem(primary, options, secondary=secondary, bounds=bounds or None)
        for size in range(len(options) + 1):
            for chosen in combinations(range(len(options)), size):
                for order in (list(chosen), list(reversed(chosen))):
                    expected = is_solution(options, primary, secondary, bounds, order)
                    try:
                        problem.verify(order)
                        verdict = True
                    except dancing.VerifyError:
                        verdict = False
                    assert verdict == expected, (primary, secondary, bounds, options, order)
                    checked += 1
                    accepted += verdict
        # An option listed twice is never a solution.
        if len(options) >= 1:
            with pytest.raises(dancing.VerifyError):
                problem.verify([0, 0])
    assert accepted > 100 and checked > accepted * 5


def test_verify_names_the_fault_in_the_problem_s_words():
    problem = dancing.Problem(
        ["a", "b"], [["a", "x:red"], ["b", "x:blue"], ["a"], ["b"], ["x"]], secondary=["x"]
    )
    with pytest.raises(dancing.VerifyError, match=r"secondary item `x` is given two colors, `red` and `blue`") as caught:
        problem.verify([0, 1])
    assert (caught.value.item, caught.value.option) == ("x", 1)
    with pytest.raises(dancing.VerifyError, match="primary item `b` is not held") as caught:
        problem.verify([2])
    assert (caught.value.item, caught.value.option) == ("b", None)
    with pytest.raises(dancing.VerifyError, match="option 4 `x` .* has no primary item"):
        problem.verify([2, 3, 4])
    with pytest.raises(dancing.VerifyError, match="option 9 .* is not an option: the problem has 5 options"):
        problem.verify([9])
    with pytest.raises(dancing.VerifyError, match="listed twice"):
        dancing.Problem(["a"], [["a"]], bounds={"a": (1, 2)}).verify([0, 0])
    # Bad arguments are Python's errors, naming the place.
    with pytest.raises(TypeError, match=r"solution\[1\] must be an int"):
        problem.verify([2, "b"])
    with pytest.raises(ValueError, match=r"solution\[0\] must be a whole number"):
        problem.verify([-1])
    with pytest.raises(TypeError):
        problem.verify(5)


def test_verify_checks_a_claimed_cost():
    problem = dancing.Problem.from_file(DATA / "queens8_costs.dlx")
    best = problem.best(2, threads=1)
    for solution in best:
        assert problem.verify(solution) == solution.cost
        assert problem.verify(list(solution)) == solution.cost
        with pytest.raises(dancing.VerifyError, match=f"the cost claimed is {solution.cost + 1}"):
            problem.verify(solution, cost=solution.cost + 1)
        with pytest.raises(dancing.VerifyError, match="the cost claimed"):
            problem.verify(dancing.CostedSolution(solution, solution.cost + 2))
