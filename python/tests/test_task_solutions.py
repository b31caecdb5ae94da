"""Tasks run for their solutions and for the K best (`Task.run(solutions=True)`,
`best=K`), their merge (`dancing.merge`) and their runs on an executor
(`dancing.solutions_on`, `dancing.best_on`): every listing is checked against
`Problem.solutions()` (and each solution verified), every K best against
`Problem.best(k)`, and lines are exchanged with `dlx solve --tasks` and
`dlx merge --solutions`."""

from __future__ import annotations

import concurrent.futures
import pickle

import pytest

import dancing
from dancing import problems
from conftest import run_dlx


def canonical(solutions):
    """Solutions as a sorted list of sorted option lists."""
    return sorted(sorted(solution) for solution in solutions)


LISTED = {
    "queens8": problems.queens(8),
    "pentomino3x20": problems.pentomino("3x20"),
}

COSTED = {
    "assignment6": problems.assignment(6, seed=3),
    "priced tiling": problems.tiling("3x6", prices="I=3,L=1"),
}


def budget(problem, pieces=25):
    """A node budget a task that cuts the whole search into about
    `pieces` runs: enough stops to test frontiers, few enough to be quick."""
    return max(problem.count(threads=1).stats.nodes // pieces, 5)


def best_budget(problem, k, pieces=40):
    """`budget` for the K-best search (DLX5's tree, pruned by costs)."""
    return max(problem.best(k, threads=1).stats.nodes // pieces, 2)


def run_to_the_end(problem, tasks, **kwargs):
    """Runs `tasks` and every frontier task their stops leave, in turn."""
    results, queue = [], list(tasks)
    while queue:
        result = queue.pop(0).run(problem, **kwargs)
        results.append(result)
        queue.extend(result.frontier)
    return results


@pytest.fixture(scope="module")
def pool():
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        yield pool


@pytest.mark.parametrize("name", LISTED)
def test_listing_tasks_in_stopped_pieces_merge_into_the_search_order(name):
    problem = LISTED[name]
    expected = list(problem.solutions())
    tasks = problem.split(tasks=6, probes=0)
    results = run_to_the_end(problem, tasks, solutions=True, max_nodes=budget(problem))
    assert any(r.frontier for r in results), "the budget stopped no task: the test tests nothing"
    # A stopped task keeps what it found before the stop.
    assert any(r.frontier and r.found for r in results)
    found = [s for r in results for s in r.found_in(problem)]
    assert canonical(found) == canonical(expected) and len(found) == len(expected)
    merged = dancing.merge(results, tasks=tasks, problem=problem)
    assert merged.complete and merged.solutions == len(expected)
    # The merge's order is one thread's: Problem.solutions() order.
    assert merged.found == expected
    for solution in merged.found[:20]:
        problem.verify(solution)
    # Without the problem, the solutions as the lines hold them.
    plain = dancing.merge(results, tasks=tasks)
    assert plain.found == [[problem.option(i) for i in s] for s in expected]
    assert plain.costs is None and plain.best is None


@pytest.mark.parametrize("name", COSTED)
@pytest.mark.parametrize("k", [1, 3])
def test_best_tasks_in_stopped_pieces_merge_into_the_k_best(name, k):
    problem = COSTED[name]
    expected = problem.best(k, threads=1)
    assert expected.proven and len(expected) == k
    tasks = problem.split(tasks=5, probes=0)
    results = run_to_the_end(problem, tasks, best=k, max_nodes=best_budget(problem, k))
    assert any(r.frontier for r in results), "the budget stopped no task: the test tests nothing"
    assert all(r.best == k and r.costs == sorted(r.costs) and len(r.costs) == len(r.found) for r in results)
    merged = dancing.merge(results, tasks=tasks, problem=problem)
    assert merged.complete and merged.best == k
    assert merged.costs == expected.costs
    for options, cost in zip(merged.found, merged.costs):
        assert problem.verify(options) == cost
    # By brute force: the K cheapest of every solution's cost.
    every = sorted(problem.verify(s) for s in problem.solutions())
    assert merged.costs == every[:k]


def test_task_run_refuses_bad_arguments_in_pythons_words():
    costed = COSTED["assignment6"]
    task = costed.split(tasks=2)[0]
    with pytest.raises(ValueError, match="not both"):
        task.run(costed, solutions=True, best=2)
    with pytest.raises(ValueError, match="best"):
        task.run(costed, best=0)
    with pytest.raises(TypeError, match="best"):
        task.run(costed, best="2")
    plain = LISTED["queens8"]
    with pytest.raises(ValueError, match="costs"):
        plain.split(tasks=2)[0].run(plain, best=1)
    with pytest.raises(dancing.DancingError, match="another problem"):
        plain.split(tasks=2)[0].run(plain, solutions=True).found_in(costed)
    with pytest.raises(ValueError, match="not the problem"):
        dancing.merge([task.run(costed, best=1)], problem=plain)


def test_results_of_two_kinds_do_not_merge():
    problem = COSTED["assignment6"]
    tasks = problem.split(tasks=4, probes=0)
    best2 = [t.run(problem, best=2) for t in tasks]
    best3 = [t.run(problem, best=3) for t in tasks]
    listed = [t.run(problem, solutions=True) for t in tasks]
    counted = [t.run(problem) for t in tasks]
    with pytest.raises(dancing.MergeError, match="with best=3, others with best=2"):
        dancing.merge(best2[:2] + best3[2:], tasks=tasks)
    with pytest.raises(dancing.MergeError, match="without best"):
        dancing.merge(best2[:2] + listed[2:], tasks=tasks)
    with pytest.raises(dancing.MergeError, match="for a count"):
        dancing.merge(listed[:2] + counted[2:], tasks=tasks)
    # Another split: refused, as for counts.
    other = problem.split(tasks=7, probes=0)
    with pytest.raises(dancing.MergeError, match="another split"):
        dancing.merge(best2 + [other[0].run(problem, best=2)], tasks=tasks)
    assert dancing.merge(counted, tasks=tasks).found is None


def test_new_results_pickle_and_compare_with_what_they_found():
    problem = COSTED["priced tiling"]
    tasks = problem.split(tasks=3, probes=0)
    for kwargs in ({"solutions": True}, {"best": 2}, {"solutions": True, "max_nodes": 5}):
        result = tasks[0].run(problem, **kwargs)
        for back in (pickle.loads(pickle.dumps(result)), dancing.TaskResult.from_line(result.to_line())):
            assert back == result
            assert (back.found, back.costs, back.best) == (result.found, result.costs, result.best)
            assert back.found_in(problem) == result.found_in(problem)
    listed, costed = tasks[0].run(problem, solutions=True), tasks[0].run(problem, best=2)
    assert listed != costed and listed.found and costed.costs
    assert listed.costs is None and listed.best is None and tasks[0].run(problem).found is None


def test_lines_mix_with_dlx_solve_tasks_and_dlx_merge_solutions(dlx, tmp_path):
    problem = LISTED["queens8"]
    path = tmp_path / "queens8.dlx"
    path.write_text(problem.to_dlx())
    tasks = problem.split(tasks=10)
    task_file = tmp_path / "tasks"
    task_file.write_text(dancing.write_tasks(tasks))
    half = len(tasks) // 2
    solved = run_dlx(dlx, "solve", str(path), "--tasks", str(task_file), "--task-range", f"0..{half}")
    assert solved.returncode == 0, solved.stderr
    cli_lines = solved.stdout.splitlines()
    # A CLI line reads into the result Task.run makes, figures aside (the
    # lines come as dlx's threads finish them: matched by task).
    ours_too = {task.id: task.run(problem, solutions=True) for task in tasks[:half]}
    assert len(cli_lines) == half
    for line in cli_lines:
        parsed = dancing.TaskResult.from_line(line)
        result = ours_too[parsed.task.id]
        figures = ("task", "stop", "found", "costs", "solutions", "nodes", "updates", "max_depth", "frontier")
        assert [getattr(parsed, f) for f in figures] == [getattr(result, f) for f in figures]
    ours = [task.run(problem, solutions=True, max_nodes=25) for task in tasks[half:]]
    rest = [r for result in ours for r in run_to_the_end(problem, result.frontier, solutions=True)]
    lines = cli_lines + [r.to_line() for r in ours + rest]
    merged = dancing.merge(lines, tasks=tasks, problem=problem)
    expected = list(problem.solutions())
    assert merged.complete and merged.found == expected
    results = tmp_path / "results"
    results.write_text("\n".join(lines) + "\n")
    done = run_dlx(dlx, "merge", "--tasks", str(task_file), "--solutions", str(results))
    assert done.returncode == 0, done.stderr
    printed = [block.splitlines() for block in done.stdout.strip().split("\n\n")]
    assert printed == [[" ".join(problem.option(i)) for i in s] for s in expected]


def test_best_lines_mix_with_dlx_solve_tasks_best(dlx, tmp_path):
    problem = COSTED["assignment6"]
    path = tmp_path / "assignment.dlx"
    path.write_text(problem.to_dlx())
    tasks = problem.split(tasks=6)
    task_file = tmp_path / "tasks"
    task_file.write_text(dancing.write_tasks(tasks))
    solved = run_dlx(dlx, "solve", str(path), "--tasks", str(task_file), "--task-range", "0..3", "--best", "3")
    assert solved.returncode == 0, solved.stderr
    lines = solved.stdout.splitlines() + [t.run(problem, best=3).to_line() for t in tasks[3:]]
    merged = dancing.merge(lines, tasks=tasks, problem=problem)
    assert merged.complete and merged.costs == problem.best(3, threads=1).costs
    results = tmp_path / "results"
    results.write_text("\n".join(lines) + "\n")
    done = run_dlx(dlx, "merge", "--tasks", str(task_file), str(results))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0].endswith(": " + ", ".join(map(str, merged.costs)))


@pytest.mark.parametrize("name", LISTED)
@pytest.mark.parametrize("stopped", [False, True])
def test_solutions_on_a_process_pool(pool, name, stopped):
    problem = LISTED[name]
    expected = canonical(problem.solutions())
    max_nodes = budget(problem) if stopped else None
    seen = []
    found = list(
        dancing.solutions_on(pool, problem, tasks=8, max_nodes_per_task=max_nodes, progress=lambda p: seen.append(p))
    )
    assert len(found) == len(expected) and canonical(found) == expected
    if max_nodes is not None:
        assert seen[-1].stopped > 0, "the budget stopped no task: no frontier ran"


def test_solutions_on_says_when_the_rounds_run_out(pool):
    problem = LISTED["queens8"]
    listing = dancing.solutions_on(pool, problem, tasks=4, max_nodes_per_task=10, max_rounds=2)
    found = []
    with pytest.raises(dancing.IncompleteError, match="incomplete") as raised:
        for solution in listing:
            found.append(solution)
    error = raised.value
    assert error.stop == "max-nodes" and error.solutions == len(found) < 92
    assert not error.merge.complete and error.merge.rerun
    # The listing so far, plus the run of what is left, is the listing:
    # nothing lost, nothing twice.
    rest = [s for r in run_to_the_end(problem, error.merge.rerun, solutions=True) for s in r.found_in(problem)]
    assert canonical(found + rest) == canonical(problem.solutions()) and len(found + rest) == 92
    with pytest.raises(ValueError, match="max_rounds"):
        dancing.solutions_on(pool, problem, max_rounds=0)


@pytest.mark.parametrize("name", COSTED)
@pytest.mark.parametrize("k", [1, 3])
@pytest.mark.parametrize("stopped", [False, True])
def test_best_on_a_process_pool(pool, name, k, stopped):
    problem = COSTED[name]
    expected = problem.best(k, threads=1)
    seen = []
    max_nodes = best_budget(problem, k) if stopped else None
    best = dancing.best_on(pool, problem, k=k, tasks=6, max_nodes_per_task=max_nodes, progress=seen.append)
    assert not stopped or seen[-1].stopped > 0, "the budget stopped no task: no frontier ran"
    assert isinstance(best, dancing.Best) and best.proven and best.stop == "complete"
    assert best.costs == expected.costs and best.cost == expected.cost
    for solution in best:
        assert isinstance(solution, dancing.CostedSolution)
        assert problem.verify(solution) == solution.cost
    assert pickle.loads(pickle.dumps(best)) == best


def test_best_on_unproven_and_bad_arguments(pool):
    problem = COSTED["assignment6"]
    best = dancing.best_on(pool, problem, k=2, tasks=4, max_nodes_per_task=3, max_rounds=1)
    assert not best.proven and best.stop == "max-nodes"
    assert len(best) <= 2 and all(problem.verify(s) == s.cost for s in best)
    with pytest.raises(ValueError, match="costs"):
        dancing.best_on(pool, LISTED["queens8"], k=1)
    with pytest.raises(ValueError, match="k must be at least 1"):
        dancing.best_on(pool, problem, k=0)
    with pytest.raises(TypeError, match="k must be a whole number"):
        dancing.best_on(pool, problem, k=1.5)


def test_solutions_on_a_dask_cluster():
    distributed = pytest.importorskip("distributed", reason="dask.distributed is not installed")
    problem = LISTED["queens8"]
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        found = list(dancing.solutions_on(client.get_executor(), problem, tasks=8, max_nodes_per_task=50))
    assert canonical(found) == canonical(problem.solutions()) and len(found) == 92
