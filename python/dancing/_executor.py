"""``dancing.count_on``, ``solutions_on`` and ``best_on``: a count, a
listing or the K best cut into tasks and run on any
``concurrent.futures.Executor`` (a ``ProcessPoolExecutor``, Dask's
``client.get_executor()``, Ray's, ...), with the results added up exactly
by ``dancing.merge``. The three share one scheduler (``_Rounds``): the
split, the submissions, the resubmission of lost tasks and of stopped
tasks' frontiers, the rounds and the progress.

Scheduling only: the split, each task's run and the merge are the
engine's (``Problem.split``, ``Task.run``, ``dancing.merge``), the same as
``dlx split``, ``dlx solve --tasks`` and ``dlx merge``.
"""

from __future__ import annotations

import collections
import concurrent.futures
import sys
import time
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Optional, Union

from ._best import Best, CostedSolution
from ._results import Count

if TYPE_CHECKING:
    from ._dancing import Merge, Problem, Task, TaskResult


def _counted(number: int, noun: str) -> str:
    """``1 task``, ``3 tasks``."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


class IncompleteError(RuntimeError):
    """Raised by ``solutions_on`` when ``max_rounds`` ran out before every
    task had its result: the solutions yielded so far are not all of them.
    ``stop`` says why the tasks left did not finish ("time-limit" or
    "max-nodes" for a budget, "failed" for lost workers), ``merge`` is the
    ``dancing.Merge`` of the results so far (``missing`` and ``rerun`` name
    the tasks left), and ``solutions`` how many were yielded."""

    def __init__(self, message: str, stop: str, merge: Merge, solutions: int) -> None:
        super().__init__(message)
        self.stop = stop
        self.merge = merge
        self.solutions = solutions


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
    problem: Problem,
    task: Task,
    time_limit: Optional[float],
    max_nodes: Optional[int],
    attempt: int,
    solutions: bool = False,
    best: Optional[int] = None,
) -> TaskResult:
    """What a worker runs: one task (both arguments arrive pickled), for
    its count, its solutions or its ``best`` K. ``attempt`` (unused here)
    makes each submission of a task a call of its own: an executor that
    names calls by their arguments (Dask, whose keys hash them) would
    otherwise give a resubmission the failure it keeps for the first."""
    del attempt
    return task.run(problem, time_limit=time_limit, max_nodes=max_nodes, solutions=solutions, best=best)


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


class _Rounds:
    """The scheduler of ``count_on``, ``solutions_on`` and ``best_on``:
    iterating it submits the tasks of ``split`` to ``executor`` (at most
    ``in_flight`` at once, the largest estimated first), resubmits a task
    whose future raised (a lost worker) and the frontier a budget left, in
    rounds up to ``max_rounds``, and yields each ``TaskResult`` as it
    arrives. Afterwards ``results`` holds them all, ``stops`` why some did
    not finish, ``peak`` the most tasks running at once. ``ask`` holds
    ``Task.run``'s ``solutions`` and ``best``."""

    def __init__(
        self,
        executor: concurrent.futures.Executor,
        problem: Problem,
        tasks: Union[int, Iterable[Task], None],
        time_limit_per_task: Optional[float],
        max_nodes_per_task: Optional[int],
        max_rounds: int,
        progress: Optional[Callable[[CountProgress], Any]],
        in_flight: Optional[int],
        ask: dict,
    ) -> None:
        if max_rounds < 1:
            raise ValueError(f"max_rounds must be at least 1 (got {max_rounds})")
        if in_flight is None:
            workers = getattr(executor, "_max_workers", None)
            in_flight = 2 * workers if isinstance(workers, int) and workers > 0 else 64
        if in_flight < 1:
            raise ValueError(f"in_flight must be at least 1 (got {in_flight})")
        if isinstance(tasks, int) or tasks is None:
            self.split = problem.split(tasks=64 if tasks is None else tasks, probes=SPLIT_PROBES)
        else:
            self.split = list(tasks)
        self.executor = executor
        self.problem = problem
        self.limits = (time_limit_per_task, max_nodes_per_task)
        self.max_rounds = max_rounds
        self.progress = progress
        self.in_flight = in_flight
        self.ask = ask
        self.results: list = []
        self.stops: set = set()
        self.peak = 0
        self.seen = CountProgress()
        self.started = time.perf_counter()

    def stop(self, complete: bool) -> str:
        """Why the run ended: "complete", else the budget that stopped the
        tasks left ("time-limit" before "max-nodes"), else "failed"."""
        if complete:
            return "complete"
        if self.stops & {"time-limit", "max-nodes"}:
            return "time-limit" if "time-limit" in self.stops else "max-nodes"
        return "failed"

    def finish(self, merged: Merge) -> float:
        """The last progress, from the final ``merged``; the elapsed time."""
        elapsed = time.perf_counter() - self.started
        self.seen.reckon(merged, elapsed)
        if self.progress is not None:
            self.progress(self.seen)
        return elapsed

    def __iter__(self) -> Iterator[TaskResult]:
        from ._dancing import DancingError, MergeError, merge

        seen = self.seen
        seen.tasks = len(self.split)
        progress = self.progress
        bar = _tqdm_bar() if progress is None else None
        if bar is not None:
            bar.total = seen.tasks
        reckoned = self.started
        # The tasks to submit, each with its round, the largest estimated
        # first (unsized ones after), so that the run does not end waiting
        # on one large task while the other workers idle; frontiers and
        # resubmissions go to the front.
        by_size = sorted(self.split, key=lambda task: -1 if task.estimate is None else task.estimate, reverse=True)
        waiting: collections.deque = collections.deque((task, 1) for task in by_size)
        running: dict = {}
        # Submissions of each task so far, by id.
        attempts: dict = {}

        def submit_some() -> None:
            while waiting and len(running) < self.in_flight:
                task, round_ = waiting.popleft()
                if round_ > self.max_rounds:
                    self.stops.add("rounds")
                    continue
                attempt = attempts[task.id] = attempts.get(task.id, 0) + 1
                future = self.executor.submit(_run_task, self.problem, task, *self.limits, attempt, **self.ask)
                running[future] = (task, round_)
                seen.round = max(seen.round, round_)
            self.peak = max(self.peak, len(running))
            seen.running = len(running)

        try:
            submit_some()
            while running:
                finished, _ = concurrent.futures.wait(running, return_when=concurrent.futures.FIRST_COMPLETED)
                arrived = []
                for future in finished:
                    task, round_ = running.pop(future)
                    try:
                        result = future.result()
                    except (DancingError, TypeError, ValueError):
                        # Bad input (a task of another problem, an argument
                        # refused): no rerun mends it.
                        raise
                    except Exception:  # noqa: BLE001 - any loss of a worker: run it again
                        seen.lost += 1
                        self.stops.add("failed")
                        waiting.appendleft((task, round_ + 1))
                        continue
                    self.results.append(result)
                    arrived.append(result)
                    seen.done += 1
                    seen.solutions += result.solutions or 0
                    seen.nodes += result.nodes or 0
                    if result.stop == "error":
                        # No rerun mends it: the merge names it.
                        continue
                    left = result.frontier
                    if left:
                        seen.stopped += 1
                        self.stops.add(result.stop)
                        seen.tasks += len(left)
                        waiting.extendleft((child, round_ + 1) for child in reversed(left))
                    if bar is not None:
                        bar.total = seen.tasks
                        bar.update(1)
                # The next tasks are submitted before the results are handed
                # on, so that the workers do not wait on the caller.
                submit_some()
                now = time.perf_counter()
                if (progress is not None or bar is not None) and now - reckoned >= PROGRESS_EVERY:
                    reckoned = now
                    try:
                        seen.reckon(merge(self.results, tasks=self.split), now - self.started)
                    except MergeError:
                        pass  # the final merge raises it
                    if bar is not None and seen.fraction_done is not None:
                        bar.set_postfix_str(f"{100 * seen.fraction_done:.1f}% of the tree", refresh=False)
                if progress is not None:
                    progress(seen)
                yield from arrived
        finally:
            for future in running:
                future.cancel()
            if bar is not None:
                bar.close()


def _stats(merged: Merge, stop: str, peak: int, elapsed: float) -> Any:
    """The ``Stats`` of a merged run: its figures, why it ended, the most
    tasks running at once and the wall time."""
    from ._dancing import Stats

    return Stats(
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
    task's ``DancingError`` (a task of another problem), ``ValueError`` or
    ``TypeError`` is raised as it comes.

    ``progress(p)`` is called with a ``CountProgress`` after each result;
    without it, a tqdm bar is shown when tqdm is importable and standard
    error is a terminal. ``in_flight``: the most tasks submitted at once
    (default: twice the executor's workers where it says, else 64), so that
    frontier tasks need not wait behind every other.
    """
    from ._dancing import merge

    rounds = _Rounds(
        executor, problem, tasks, time_limit_per_task, max_nodes_per_task, max_rounds, progress, in_flight, {}
    )
    for _ in rounds:
        pass
    merged = merge(rounds.results, tasks=rounds.split)
    elapsed = rounds.finish(merged)
    stats = _stats(merged, rounds.stop(merged.complete), rounds.peak, elapsed)
    return Count(merged.solutions, stats)


def solutions_on(
    executor: concurrent.futures.Executor,
    problem: Problem,
    tasks: Union[int, Iterable[Task], None] = None,
    time_limit_per_task: Optional[float] = None,
    max_nodes_per_task: Optional[int] = None,
    max_rounds: int = 10,
    progress: Optional[Callable[[CountProgress], Any]] = None,
    in_flight: Optional[int] = None,
) -> Iterator[list[int]]:
    """The solutions of ``problem``, found on ``executor``: a generator
    that yields each solution (a list of option indices, as
    ``problem.solutions()`` gives them) as soon as the result of the task
    that found it arrives. The order is not the search's: tasks finish in
    any order (``dancing.merge(results, problem=problem).found`` gives the
    search's order). Every solution comes once: a stopped task's result
    holds what it found before the stop, and its frontier only what is
    left.

    The tasks, their runs (``Task.run(solutions=True)``), the budgets, the
    resubmission of lost tasks and of frontiers, ``max_rounds``,
    ``progress`` and ``in_flight`` are those of ``count_on``. When
    ``max_rounds`` runs out with tasks left, the generator raises
    ``dancing.IncompleteError`` after the last solution it has: a listing
    that ends without it is complete. A fault no rerun mends raises
    ``dancing.MergeError`` at the end.
    """
    from ._dancing import merge

    rounds = _Rounds(
        executor,
        problem,
        tasks,
        time_limit_per_task,
        max_nodes_per_task,
        max_rounds,
        progress,
        in_flight,
        {"solutions": True},
    )
    return _listing(problem, rounds, merge)


def _listing(problem: Problem, rounds: _Rounds, merge: Callable[..., Merge]) -> Iterator[list[int]]:
    """``solutions_on``'s generator: its arguments are checked (and the
    problem split) when it is called, not at the first ``next``."""
    yielded = 0
    for result in rounds:
        for solution in result.found_in(problem) or ():
            yielded += 1
            yield solution
    merged = merge(rounds.results, tasks=rounds.split)
    elapsed = rounds.finish(merged)
    if not merged.complete:
        stop = rounds.stop(False)
        raise IncompleteError(
            f"the listing is incomplete: {_counted(len(merged.missing), 'task')} left after "
            f"{_counted(rounds.max_rounds, 'round')} ({stop}); {_counted(yielded, 'solution')} "
            f"yielded in {elapsed:.3f}s (`merge.rerun` holds the tasks left)",
            stop,
            merged,
            yielded,
        )


def best_on(
    executor: concurrent.futures.Executor,
    problem: Problem,
    k: int = 1,
    tasks: Union[int, Iterable[Task], None] = None,
    time_limit_per_task: Optional[float] = None,
    max_nodes_per_task: Optional[int] = None,
    max_rounds: int = 10,
    progress: Optional[Callable[[CountProgress], Any]] = None,
    in_flight: Optional[int] = None,
) -> Best:
    """The ``k`` cheapest solutions of ``problem`` (whose options have
    costs), found on ``executor``: each task keeps its ``k`` cheapest
    (``Task.run(best=k)``, as ``dlx solve --tasks --best K``), and the
    merge keeps the ``k`` cheapest of all (cheapest first, ties in the
    order of the search, as ``dlx merge``). Returns the ``Best``
    ``problem.best(k)`` returns: ``proven`` when every task ran to its end
    (then they are the problem's ``k`` best), else the best found with
    ``stop`` saying why not (as ``count_on``'s). Its stats' ``solutions``
    counts the solutions the tasks kept, ``threads`` the most tasks
    running at once.

    The tasks, the budgets, the resubmissions, ``max_rounds``,
    ``progress`` and ``in_flight`` are those of ``count_on``.
    """
    from ._dancing import merge

    if isinstance(k, bool) or not isinstance(k, int):
        raise TypeError(f"k must be a whole number, not {type(k).__name__}")
    if k < 1:
        raise ValueError(f"k must be at least 1 (got {k})")
    if not problem.has_costs:
        raise ValueError(f"best_on(k={k}) needs a problem whose options have costs (`|COST`): this one has none")
    rounds = _Rounds(
        executor, problem, tasks, time_limit_per_task, max_nodes_per_task, max_rounds, progress, in_flight, {"best": k}
    )
    for _ in rounds:
        pass
    merged = merge(rounds.results, tasks=rounds.split, problem=problem)
    elapsed = rounds.finish(merged)
    stats = _stats(merged, rounds.stop(merged.complete), rounds.peak, elapsed)
    solutions = [CostedSolution(options, cost) for options, cost in zip(merged.found or [], merged.costs or [])]
    return Best(solutions, merged.complete, stats)
