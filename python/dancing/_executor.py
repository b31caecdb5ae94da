"""``dancing.count_on``: a count cut into tasks and run on any
``concurrent.futures.Executor`` (a ``ProcessPoolExecutor``, Dask's
``client.get_executor()``, Ray's, ...), with the results added up exactly
by ``dancing.merge``.

Scheduling only: the split, each task's run and the merge are the
engine's (``Problem.split``, ``Task.run``, ``dancing.merge``), the same as
``dlx split``, ``dlx solve --tasks`` and ``dlx merge``.
"""

from __future__ import annotations

import collections
import concurrent.futures
import sys
import time
from typing import TYPE_CHECKING, Any, Callable, Iterable, Optional, Union

from ._results import Count

if TYPE_CHECKING:
    from ._dancing import Problem, Task, TaskResult


class CountProgress:
    """What ``count_on`` has done so far, as its ``progress`` callback sees
    it: tasks ``done`` of ``tasks`` known (a stopped task's frontier adds
    to them), ``running`` on the executor, ``lost`` (a worker died: run
    again), ``stopped`` (a budget stopped them: their frontiers run), the
    ``solutions`` and ``nodes`` of the results so far, ``round``, the
    deepest round submitted, and how far the count is as the tasks'
    estimates say (``dlx merge --progress``): ``fraction_done`` (None
    before it is known: when no task left has an estimate to go by) and
    ``seconds_left``, the wall time left at the pace so far (None until
    some of the tree is done). Both are reckoned at most every
    ``PROGRESS_EVERY`` seconds (a merge of the results so far), and
    exactly at the end."""

    __slots__ = (
        "tasks",
        "done",
        "running",
        "lost",
        "stopped",
        "solutions",
        "nodes",
        "round",
        "fraction_done",
        "seconds_left",
    )

    def __init__(self) -> None:
        self.tasks = 0
        self.done = 0
        self.running = 0
        self.lost = 0
        self.stopped = 0
        self.solutions = 0
        self.nodes = 0
        self.round = 0
        self.fraction_done: Optional[float] = None
        self.seconds_left: Optional[float] = None

    def __repr__(self) -> str:
        return (
            f"CountProgress(done={self.done}, tasks={self.tasks}, running={self.running}, "
            f"lost={self.lost}, stopped={self.stopped}, solutions={self.solutions}, "
            f"nodes={self.nodes}, round={self.round}, fraction_done={self.fraction_done}, "
            f"seconds_left={self.seconds_left})"
        )

    def reckon(self, merged: Any, elapsed: float) -> None:
        """Takes the fraction done from ``merged`` (a ``Merge`` of the
        results so far) and the time left from it and ``elapsed``."""
        self.fraction_done = merged.fraction_done
        fraction = self.fraction_done
        self.seconds_left = elapsed * (1 - fraction) / fraction if fraction else None


# Knuth's probes per task of count_on's own split: enough to put the
# largest tasks first and to reckon the fraction done, few enough that the
# split (on the caller, before any worker starts) is a small part of the
# run (200, split's default, took 6% of a count of pentominoes 6x10 on two
# workers).
SPLIT_PROBES = 20

# The most often count_on merges the results so far for its progress: a
# merge looks at every result, so that a run of many small tasks does not
# spend its time reckoning.
PROGRESS_EVERY = 0.5


def _run_task(
    problem: Problem, task: Task, time_limit: Optional[float], max_nodes: Optional[int], attempt: int
) -> TaskResult:
    """What a worker runs: one task (both arguments arrive pickled).
    ``attempt`` (unused here) makes each submission of a task a call of its
    own: an executor that names calls by their arguments (Dask, whose keys
    hash them) would otherwise give a resubmission the failure it keeps for
    the first."""
    del attempt
    return task.run(problem, time_limit=time_limit, max_nodes=max_nodes)


def _tqdm_bar() -> Any:
    """A tqdm bar on standard error when tqdm is importable and standard
    error is a terminal, else None."""
    if not (hasattr(sys.stderr, "isatty") and sys.stderr.isatty()):
        return None
    try:
        from tqdm import tqdm  # type: ignore[import-not-found]
    except ImportError:
        return None
    return tqdm(total=0, unit="task", desc="dancing", file=sys.stderr)


def count_on(
    executor: concurrent.futures.Executor,
    problem: Problem,
    tasks: Union[int, Iterable[Task], None] = None,
    time_limit_per_task: Optional[float] = None,
    max_nodes_per_task: Optional[int] = None,
    max_rounds: int = 10,
    progress: Optional[Callable[[CountProgress], Any]] = None,
    in_flight: Optional[int] = None,
) -> Count:
    """Counts the solutions of ``problem`` on ``executor``: the search cut
    into tasks (``tasks``: how many, as ``problem.split(tasks=N,
    probes=20)``, default 64; or the tasks themselves, of one split of this problem), each run
    on a worker (``Task.run``, the problem and the task pickled), the
    results merged as ``dlx merge`` merges them. Returns the ``Count``
    ``problem.count()`` returns: the exact number of solutions, and stats
    whose ``nodes``, ``updates`` and ``max_depth`` are those of one plain
    search of the whole tree (``time`` the wall time here, ``threads`` the
    most tasks running at once).

    A task whose future raises (its worker died, or was lost) is submitted
    again; one that ``time_limit_per_task`` or ``max_nodes_per_task``
    stopped leaves its frontier, whose tasks are submitted before the
    others waiting. A task's round is 1 for the split's, one more for a
    frontier's or a resubmission's; past ``max_rounds`` nothing more is
    submitted, and the result is the count so far with ``complete`` False
    (``stop`` "time-limit" or "max-nodes" for a budget, "failed" for lost
    workers). A fault no rerun mends raises ``dancing.MergeError``, and a
    task's ``DancingError`` (a task of another problem) is raised as it
    comes.

    ``progress(p)`` is called with a ``CountProgress`` after each result;
    without it, a tqdm bar is shown when tqdm is importable and standard
    error is a terminal. ``in_flight``: the most tasks submitted at once
    (default: twice the executor's workers where it says, else 64), so that
    frontier tasks need not wait behind every other.
    """
    from ._dancing import DancingError, MergeError, merge

    if max_rounds < 1:
        raise ValueError(f"max_rounds must be at least 1 (got {max_rounds})")
    if isinstance(tasks, int) or tasks is None:
        split = problem.split(tasks=64 if tasks is None else tasks, probes=SPLIT_PROBES)
    else:
        split = list(tasks)
    if in_flight is None:
        workers = getattr(executor, "_max_workers", None)
        in_flight = 2 * workers if isinstance(workers, int) and workers > 0 else 64
    if in_flight < 1:
        raise ValueError(f"in_flight must be at least 1 (got {in_flight})")

    started = time.perf_counter()
    seen = CountProgress()
    seen.tasks = len(split)
    bar = _tqdm_bar() if progress is None else None
    if bar is not None:
        bar.total = seen.tasks
    reckoned = started
    # The tasks to submit, each with its round, the largest estimated first
    # (unsized ones after), so that the run does not end waiting on one
    # large task while the other workers idle; frontiers and resubmissions
    # go to the front.
    by_size = sorted(split, key=lambda task: -1 if task.estimate is None else task.estimate, reverse=True)
    waiting: collections.deque = collections.deque((task, 1) for task in by_size)
    running: dict = {}
    results: list = []
    stops: set = set()
    # Submissions of each task so far, by id.
    attempts: dict = {}
    peak = 0

    def submit_some() -> None:
        nonlocal peak
        while waiting and len(running) < in_flight:
            task, round_ = waiting.popleft()
            if round_ > max_rounds:
                stops.add("rounds")
                continue
            attempt = attempts[task.id] = attempts.get(task.id, 0) + 1
            future = executor.submit(_run_task, problem, task, time_limit_per_task, max_nodes_per_task, attempt)
            running[future] = (task, round_)
            seen.round = max(seen.round, round_)
        peak = max(peak, len(running))
        seen.running = len(running)

    try:
        submit_some()
        while running:
            finished, _ = concurrent.futures.wait(running, return_when=concurrent.futures.FIRST_COMPLETED)
            for future in finished:
                task, round_ = running.pop(future)
                try:
                    result = future.result()
                except DancingError:
                    # Bad input (a task of another problem): no rerun mends it.
                    raise
                except Exception:  # noqa: BLE001 - any loss of a worker: run it again
                    seen.lost += 1
                    stops.add("failed")
                    waiting.appendleft((task, round_ + 1))
                    continue
                results.append(result)
                seen.done += 1
                seen.solutions += result.solutions or 0
                seen.nodes += result.nodes or 0
                if result.stop == "error":
                    # No rerun mends it: the merge names it.
                    continue
                left = result.frontier
                if left:
                    seen.stopped += 1
                    stops.add(result.stop)
                    seen.tasks += len(left)
                    waiting.extendleft((child, round_ + 1) for child in reversed(left))
                if bar is not None:
                    bar.total = seen.tasks
                    bar.update(1)
            submit_some()
            now = time.perf_counter()
            if (progress is not None or bar is not None) and now - reckoned >= PROGRESS_EVERY:
                reckoned = now
                try:
                    seen.reckon(merge(results, tasks=split), now - started)
                except MergeError:
                    pass  # the final merge raises it
                if bar is not None and seen.fraction_done is not None:
                    bar.set_postfix_str(f"{100 * seen.fraction_done:.1f}% of the tree", refresh=False)
            if progress is not None:
                progress(seen)
    finally:
        for future in running:
            future.cancel()
        if bar is not None:
            bar.close()

    merged = merge(results, tasks=split)
    elapsed = time.perf_counter() - started
    seen.reckon(merged, elapsed)
    if progress is not None:
        progress(seen)
    from ._dancing import Stats

    if merged.complete:
        stop = "complete"
    elif stops & {"time-limit", "max-nodes"}:
        stop = "time-limit" if "time-limit" in stops else "max-nodes"
    else:
        stop = "failed"
    stats = Stats(
        merged.solutions,
        merged.nodes,
        merged.updates,
        merged.cleansings,
        merged.max_depth,
        merged.complete,
        stop,
        max(peak, 1),
        elapsed,
    )
    return Count(merged.solutions, stats)
