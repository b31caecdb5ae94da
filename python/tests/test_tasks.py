"""Tasks in Python, in the protocol of `dlx split`, `dlx solve --tasks` and
`dlx merge`: every total is checked against a count of the whole search
(`Problem.count`, one thread: the same nodes and updates), and lines are
exchanged with the `dlx` binary."""

from __future__ import annotations

import concurrent.futures
import json
import os
import pickle
import signal
import threading

import pytest

import dancing
from dancing import problems
from conftest import run_dlx


def small_problems():
    yield "queens8", problems.queens(8)
    yield "queens9", problems.queens(9)
    yield "queens10", problems.queens(10)
    yield "pentomino3x20", problems.pentomino("3x20", up_to_symmetry=True)


PROBLEMS = dict(small_problems())


def whole(problem):
    """The figures of one plain search of the whole tree, on one thread."""
    count = problem.count(threads=1)
    assert count.complete
    return count.stats


def run_to_the_end(problem, tasks, **budget):
    """Runs `tasks` and every frontier task their stops leave, in turn."""
    results, queue = [], list(tasks)
    while queue:
        result = queue.pop(0).run(problem, **budget)
        results.append(result)
        queue.extend(result.frontier)
    return results


@pytest.mark.parametrize("name", PROBLEMS)
def test_split_run_merge_is_one_search(name):
    problem = PROBLEMS[name]
    expected = whole(problem)
    tasks = problem.split(tasks=12)
    assert len(tasks) >= 12 and all(task.split == tasks[0].split for task in tasks)
    results = [task.run(problem) for task in tasks]
    assert all(result.complete and not result.frontier for result in results)
    merged = dancing.merge(results, tasks=tasks)
    assert merged.complete and merged.status == "complete" and not merged.missing
    assert (merged.solutions, merged.nodes, merged.updates) == (expected.solutions, expected.nodes, expected.updates)
    assert merged.max_depth == expected.max_depth
    assert merged.tasks == merged.done == len(tasks)


@pytest.mark.parametrize("name", ["queens8", "queens10", "pentomino3x20"])
def test_stopped_tasks_leave_frontiers_that_add_up(name):
    problem = PROBLEMS[name]
    expected = whole(problem)
    tasks = problem.split(tasks=4, probes=0)
    results = run_to_the_end(problem, tasks, max_nodes=40)
    stopped = [r for r in results if r.frontier]
    assert stopped, "the budget stopped no task: the test tests nothing"
    assert all(r.stop == "max-nodes" and not r.complete for r in stopped)
    assert all(child.id.startswith(r.task.id + ".") for r in stopped for child in r.frontier)
    merged = dancing.merge(results, tasks=tasks)
    assert merged.complete and merged.stopped == len(stopped)
    assert (merged.solutions, merged.nodes, merged.updates) == (expected.solutions, expected.nodes, expected.updates)


def test_a_merge_without_some_results_says_what_to_rerun():
    problem = PROBLEMS["queens8"]
    tasks = problem.split(tasks=10)
    results = [task.run(problem) for task in tasks]
    stopped = tasks[3].run(problem, max_nodes=5)
    assert stopped.frontier
    partial = results[:3] + [stopped] + results[5:]
    merged = dancing.merge(partial, tasks=tasks)
    assert not merged.complete and merged.status == "incomplete"
    left = [tasks[4].id] + [child.id for child in stopped.frontier]
    assert sorted(merged.missing) == sorted(left)
    assert sorted(task.id for task in merged.rerun) == sorted(left)
    # Running what it says completes it, with the same totals.
    done = dancing.merge(partial + [task.run(problem) for task in merged.rerun], tasks=tasks)
    assert done.complete and done.solutions == 92 and done.nodes == whole(problem).nodes


def test_merge_refuses_what_no_rerun_mends():
    problem = PROBLEMS["queens8"]
    tasks = problem.split(tasks=10)
    results = [task.run(problem) for task in tasks]
    # A changed byte.
    line = results[2].to_line()
    tampered = line.replace(f'"nodes":{results[2].nodes}', f'"nodes":{results[2].nodes + 1}')
    assert tampered != line
    with pytest.raises(dancing.MergeError, match="checksum") as caught:
        dancing.merge(results[:2] + [tampered] + results[3:], tasks=tasks)
    assert any("results[2]" in fault for fault in caught.value.faults)
    with pytest.raises(dancing.DancingError, match="checksum"):
        dancing.TaskResult.from_line(tampered)
    # Results of another split of the same problem.
    other = problem.split(tasks=20)
    assert other[0].split != tasks[0].split
    with pytest.raises(dancing.MergeError, match="another split"):
        dancing.merge(results + [other[0].run(problem)], tasks=tasks)
    # Two results of one task that disagree.
    with pytest.raises(dancing.MergeError, match="says otherwise"):
        dancing.merge(results + [tasks[1].run(problem, max_nodes=2)], tasks=tasks)
    # The same result twice counts once.
    twice = dancing.merge(results + [results[1]], tasks=tasks)
    assert twice.complete and twice.duplicates == 1 and twice.solutions == 92
    # A task of another problem is not run on this one.
    with pytest.raises(dancing.DancingError, match="another problem"):
        tasks[0].run(problems.queens(7))
    with pytest.raises(TypeError, match="results\\[0\\]"):
        dancing.merge([3])
    with pytest.raises(dancing.MergeError, match="nothing is known"):
        dancing.merge([])


def test_task_lines_read_back_and_pickle():
    problem = PROBLEMS["queens9"]
    tasks = problem.split(tasks=8, seed=3)
    for task in tasks:
        again = dancing.Task.from_line(str(task), task.split, task.digest)
        assert again == task and hash(again) == hash(task)
        assert str(task) == task.line() and task.line().startswith(f"{task.id} {task.own}")
        for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
            assert pickle.loads(pickle.dumps(task, protocol)) == task
    assert dancing.read_tasks(dancing.write_tasks(tasks)) == tasks
    result = tasks[0].run(problem, max_nodes=3)
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(result, protocol))
        assert back == result and back.frontier == result.frontier
    assert dancing.TaskResult.from_line(result.to_line()) == result
    with pytest.raises(dancing.DancingError, match="not of the split"):
        dancing.Task.from_line("99 0 1", tasks[0].split, tasks[0].digest)
    with pytest.raises(dancing.DancingError, match="tasks\\[1\\]"):
        dancing.write_tasks([tasks[0], tasks[0]])


def test_the_split_is_dlx_splits_and_lines_mix_with_dlx_solve(dlx, tmp_path):
    problem = PROBLEMS["queens10"]
    path = tmp_path / "queens10.dlx"
    path.write_text(problem.to_dlx())
    for extra, kwargs in [((), {}), (("--tasks", "30", "--seed", "7"), {"tasks": 30, "seed": 7})]:
        done = run_dlx(dlx, "split", *extra, str(path))
        assert done.returncode == 0, done.stderr
        tasks = problem.split(**kwargs)
        assert dancing.write_tasks(tasks) == done.stdout
    task_file = tmp_path / "tasks"
    task_file.write_text(done.stdout)
    half = len(tasks) // 2
    solved = run_dlx(dlx, "solve", str(path), "--tasks", str(task_file), "--task-range", f"0..{half}", "--count")
    assert solved.returncode == 0, solved.stderr
    cli_lines = solved.stdout.splitlines()
    assert len(cli_lines) == half
    ours = [task.run(problem) for task in tasks[half:]]
    merged = dancing.merge(cli_lines + ours, tasks=dancing.read_tasks(done.stdout))
    expected = whole(problem)
    assert merged.complete and (merged.solutions, merged.nodes) == (expected.solutions, expected.nodes)
    # And `dlx merge` takes the lines written here.
    results = tmp_path / "results"
    results.write_text("\n".join(cli_lines + [result.to_line() for result in ours]) + "\n")
    merged = run_dlx(dlx, "merge", "--tasks", str(task_file), "--stats", str(results))
    assert merged.returncode == 0, merged.stderr
    assert merged.stdout.strip() == str(expected.solutions)
    assert f"nodes {expected.nodes} " in merged.stderr


def test_count_on_a_process_pool():
    problem = PROBLEMS["queens10"]
    expected = problem.count(threads=1)
    seen = []
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        count = dancing.count_on(pool, problem, tasks=16, max_nodes_per_task=300, progress=lambda p: seen.append(p.done))
    assert isinstance(count, dancing.Count) and count == expected and count.complete
    assert (count.stats.nodes, count.stats.updates) == (expected.stats.nodes, expected.stats.updates)
    assert seen and seen[-1] > 16, "the budget stopped no task: no frontier ran"


class Losing(concurrent.futures.Executor):
    """A thread pool whose first `lose` futures raise, as a future whose
    worker died does."""

    def __init__(self, lose: int):
        self.pool = concurrent.futures.ThreadPoolExecutor(2)
        self.lose = lose
        self.lock = threading.Lock()

    def submit(self, fn, /, *args, **kwargs):
        with self.lock:
            lost, self.lose = self.lose > 0, self.lose - 1
        if lost:
            future = concurrent.futures.Future()
            future.set_exception(RuntimeError("worker died"))
            return future
        return self.pool.submit(fn, *args, **kwargs)

    def shutdown(self, wait=True, **kwargs):
        self.pool.shutdown(wait)


def test_count_on_resubmits_lost_tasks_and_bounds_the_rounds():
    problem = PROBLEMS["queens9"]
    expected = problem.count(threads=1)
    seen = []
    with Losing(5) as executor:
        count = dancing.count_on(executor, problem, tasks=8, progress=seen.append)
    assert count == expected and count.complete and count.stats.nodes == expected.stats.nodes
    assert seen[-1].lost == 5
    # Every submission lost: past max_rounds, an incomplete count.
    with Losing(10**9) as executor:
        count = dancing.count_on(executor, problem, tasks=8, max_rounds=2)
    assert not count.complete and count.stop == "failed" and count == 0
    # Tasks of another problem: an error no resubmission mends, raised.
    with Losing(0) as executor, pytest.raises(dancing.DancingError, match="another problem"):
        dancing.count_on(executor, problem, tasks=problems.queens(8).split(tasks=4))


def test_count_on_a_dask_cluster_that_loses_a_worker():
    distributed = pytest.importorskip(
        "distributed", reason="dask.distributed is not installed (pip install dask distributed)"
    )
    problem = PROBLEMS["queens10"]
    expected = problem.count(threads=1)
    dask = pytest.importorskip("dask", reason="dask is not installed (pip install dask distributed)")
    seen = []
    # No retries of Dask's own: a task on the killed worker fails
    # (KilledWorker), and count_on must submit it again.
    with dask.config.set({"distributed.scheduler.allowed-failures": 0}), distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        with distributed.Client(cluster) as client:
            pids = client.run(os.getpid)
            killed = []

            def kill_one(progress):
                # After the first result, while tasks still run: a worker
                # killed outright (its nanny starts another).
                if not killed:
                    pid = next(iter(pids.values()))
                    os.kill(pid, signal.SIGKILL)
                    killed.append(pid)
                seen.append(progress.lost)

            executor = client.get_executor()
            count = dancing.count_on(executor, problem, tasks=64, max_nodes_per_task=2000, progress=kill_one)
    assert killed and seen[-1] >= 1, "no task was lost with the worker: the test tests nothing"
    assert count == expected and count.complete
    assert (count.stats.nodes, count.stats.updates) == (expected.stats.nodes, expected.stats.updates)


def test_count_on_ray():
    ray = pytest.importorskip("ray", reason="ray is not installed (pip install ray)")

    class RayExecutor(concurrent.futures.Executor):
        """Ray's tasks as an Executor: each call a remote task, its
        ObjectRef's future the Future."""

        def __init__(self):
            self.remote = {}

        def submit(self, fn, /, *args, **kwargs):
            remote = self.remote.setdefault(fn, ray.remote(fn))
            return remote.remote(*args, **kwargs).future()

    problem = PROBLEMS["queens9"]
    expected = problem.count(threads=1)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        count = dancing.count_on(RayExecutor(), problem, tasks=16, max_nodes_per_task=500)
    finally:
        ray.shutdown()
    assert count == expected and count.complete and count.stats.nodes == expected.stats.nodes


def test_a_split_past_the_probes_work_limit_warns_as_dlx_split_does(dlx, tmp_path):
    problem = PROBLEMS["queens8"]
    path = tmp_path / "queens8.dlx"
    path.write_text(problem.to_dlx())
    done = run_dlx(dlx, "split", "--probes", "1000000", "--tasks", "64", str(path))
    assert done.returncode == 0 and "without estimates" in done.stderr, done.stderr
    with pytest.warns(RuntimeWarning, match="no estimates"):
        tasks = problem.split(tasks=64, probes=1000000)
    assert all(task.estimate is None for task in tasks)
    assert dancing.write_tasks(tasks) == done.stdout


def test_a_partial_merge_says_how_far_the_run_is_as_dlx_merge_progress(dlx, tmp_path):
    problem = PROBLEMS["queens10"]
    path = tmp_path / "queens10.dlx"
    path.write_text(problem.to_dlx())
    tasks = problem.split(tasks=24)
    task_file = tmp_path / "tasks"
    task_file.write_text(dancing.write_tasks(tasks))
    # A third of the tasks, one of them stopped by a budget (a frontier left).
    ran = [task.run(problem) for task in tasks[1 : len(tasks) // 3]]
    ran.append(tasks[0].run(problem, max_nodes=50))
    assert ran[-1].frontier
    results = tmp_path / "results"
    results.write_text("".join(result.to_line() + "\n" for result in ran))
    done = run_dlx(dlx, "merge", "--tasks", str(task_file), "--progress", "--json", str(results))
    assert done.returncode == 3, done.stderr
    expected = json.loads(done.stdout)["progress"]
    merged = dancing.merge(ran, tasks=tasks)
    assert not merged.complete
    assert merged.fraction_done == pytest.approx(expected["fraction_done"])
    assert 0 < merged.fraction_done < 1
    assert merged.estimated_nodes_left == expected["estimated_nodes_left"]
    assert merged.tasks_left_unsized == expected["tasks_left_unsized"]
    assert merged.estimated_task_seconds_left is not None
    whole_run = dancing.merge(run_to_the_end(problem, tasks), tasks=tasks)
    assert whole_run.complete and whole_run.fraction_done == 1.0 and whole_run.estimated_nodes_left == 0


def test_count_on_reports_the_fraction_done_and_the_time_left(monkeypatch):
    import dancing._executor

    monkeypatch.setattr(dancing._executor, "PROGRESS_EVERY", 0.0)
    problem = PROBLEMS["queens10"]
    fractions = []
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        count = dancing.count_on(
            pool, problem, tasks=32, progress=lambda p: fractions.append((p.fraction_done, p.seconds_left))
        )
    assert count.complete and count == whole(problem).solutions
    # Reckoned after every result here, and exactly at the end.
    assert fractions[-1] == (1.0, 0.0)
    between = [f for f, _ in fractions[:-1] if f is not None]
    assert between and all(0 < f <= 1 for f in between)
    assert any(f < 1 for f in between)
    assert all(left is None or left >= 0 for _, left in fractions)


class Recording(concurrent.futures.ThreadPoolExecutor):
    """A thread pool that keeps the tasks submitted to it, in order."""

    def __init__(self):
        super().__init__(1)
        self.submitted = []

    def submit(self, fn, /, *args, **kwargs):
        self.submitted.append(args[1])
        return super().submit(fn, *args, **kwargs)


def test_count_on_submits_the_largest_estimated_tasks_first():
    problem = PROBLEMS["queens10"]
    tasks = problem.split(tasks=24)
    with Recording() as executor:
        count = dancing.count_on(executor, problem, tasks=tasks)
    assert count == whole(problem).solutions
    estimates = [task.estimate for task in executor.submitted]
    assert sorted(executor.submitted, key=lambda t: t.id) == sorted(tasks, key=lambda t: t.id)
    known = [e for e in estimates if e is not None]
    assert len(set(known)) > 3 and known == sorted(known, reverse=True)
    # Unsized tasks (none here, with probes) would come after the sized.
    assert estimates[: len(known)] == known
