#!/usr/bin/env python3
"""Times ``dancing.count_on`` with a process pool against ``count()`` in
one process, in one run: the overhead of cutting a count into tasks and
running them on an executor (pickling the problem and the tasks, the
merge) against the engine's own threads.

    python -m venv /tmp/v && /tmp/v/bin/pip install ./python
    /tmp/v/bin/python python/benches/executor.py [--runs 3] [--workers 2] [--tasks 64]

For each problem (pentominoes 6x10, 15 queens) and each run, in turn:
``count(threads=1)``, ``count(threads=W)`` and ``count_on`` on a
``ProcessPoolExecutor(W)`` (the pool started, and its workers warmed up
with a tiny task, before the clock starts: a pool is made once and used
for many counts). Each figure is the median wall time of the runs; the
table gives count_on's ratio to each, and checks that the three counts,
and count_on's nodes and count()'s, agree.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import os
import platform
import statistics
import time

import dancing


def warm(n: int) -> int:
    """A worker's first task: imports the package in the worker."""
    return dancing.problems.queens(n).count(threads=1)


def timed(call):
    started = time.perf_counter()
    result = call()
    return time.perf_counter() - started, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--tasks", type=int, default=64)
    args = parser.parse_args()
    problems = {
        "pentominoes 6x10": dancing.problems.pentomino("6x10"),
        "15 queens": dancing.problems.queens(15),
    }
    print(
        f"dancing {dancing.__version__}, Python {platform.python_version()}, "
        f"{os.cpu_count()} cores, {args.workers} workers, {args.tasks} tasks, {args.runs} runs (median)"
    )
    print(f"{'problem':<18} {'count(1)':>9} {'count(W)':>9} {'count_on':>9} {'on/count(W)':>12} {'count(1)/on':>12}")
    with concurrent.futures.ProcessPoolExecutor(args.workers) as pool:
        list(pool.map(warm, [4] * (2 * args.workers)))
        for name, problem in problems.items():
            one, threads, on = [], [], []
            counts = set()
            for _ in range(args.runs):
                seconds, count = timed(lambda: problem.count(threads=1))
                one.append(seconds)
                counts.add((int(count), count.stats.nodes))
                seconds, count = timed(lambda: problem.count(threads=args.workers))
                threads.append(seconds)
                counts.add((int(count), None))
                seconds, count = timed(lambda: dancing.count_on(pool, problem, tasks=args.tasks))
                on.append(seconds)
                assert count.complete, count.stop
                counts.add((int(count), count.stats.nodes))
            solutions = {c for c, _ in counts}
            nodes = {n for _, n in counts if n is not None}
            assert len(solutions) == 1 and len(nodes) == 1, counts
            one_s, threads_s, on_s = (statistics.median(x) for x in (one, threads, on))
            print(
                f"{name:<18} {one_s:>8.2f}s {threads_s:>8.2f}s {on_s:>8.2f}s "
                f"{on_s / threads_s:>12.3f} {one_s / on_s:>12.2f}"
            )


if __name__ == "__main__":
    main()
