"""Ctrl-C: SIGINT to a process that is counting (or iterating) raises
KeyboardInterrupt within a tenth of a second, on one thread or two, with
or without the cache, and the process goes on normally afterwards."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

CHILD = textwrap.dedent(
    """
    import signal, sys, time
    import dancing
    # A shell without job control starts background commands with SIGINT
    # ignored, and Python then leaves it ignored: give the child Python's
    # own handler, which is what these tests are about.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    work = sys.argv[1]
    problem = dancing.problems.pentomino("6x10")
    print("ready", flush=True)
    try:
        if work == "count1":
            problem.count(threads=1)
        elif work == "count2":
            problem.count(threads=2)
        elif work == "memo2":
            problem.count(threads=2, memo=True)
        elif work == "iterate":
            for solution in problem.solutions():
                pass
        elif work == "iterate-searching":
            # No Langford pairs for n = 13: the first next() searches for
            # seconds, so the signal comes inside the search.
            problem = dancing.problems.langford(13)
            for solution in problem.solutions():
                pass
        elif work == "count-wtd":
            # Knuth's SSXCC-WTD0 on dancing cells, on the caller's thread.
            problem.count(heuristic="wtd")
        elif work == "iterate-frb":
            # A learning rule's listing: its search on a thread of its own.
            for solution in problem.solutions(heuristic="frb"):
                pass
        elif work == "iterate-searching-wtd":
            # The signal comes while the caller waits for that thread.
            problem = dancing.problems.langford(13)
            for solution in problem.solutions(heuristic="wtd"):
                pass
        elif work == "sudoku":
            dancing.sudoku.count("." * 625, limit=10**9)
        elif work in ("best1", "best2"):
            # No solution to cut the search short: seconds of DLX5.
            problem = dancing.problems.langford(13)
            problem.best(3, threads=int(work[-1]))
        elif work == "estimate":
            problem.estimate(10**9)
        elif work == "diagram":
            # Seconds of DLX6: the queens' subproblems seldom repeat.
            problem = dancing.problems.queens(16)
            problem.diagram()
        elif work in ("fifo-unopened", "fifo-stalled"):
            # A named pipe no one writes, or whose writer stalls after a
            # line: the read blocks in the kernel.
            problem = None
            dancing.Problem.from_file(sys.argv[2])
        print("finished", flush=True)
    except KeyboardInterrupt:
        caught = time.monotonic()
        stats = problem and problem.stats
        # The process goes on: the problem is still usable.
        assert dancing.problems.queens(6).count() == 4
        print("interrupted", caught, stats and stats.stop, flush=True)
    """
)


@pytest.mark.parametrize(
    "work",
    [
        "count1",
        "count2",
        "memo2",
        "iterate",
        "iterate-searching",
        "count-wtd",
        "iterate-frb",
        "iterate-searching-wtd",
        "sudoku",
        "best1",
        "best2",
        "estimate",
        "diagram",
    ],
)
def test_sigint_raises_keyboard_interrupt_promptly(work):
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, work], stdout=subprocess.PIPE, text=True
    )
    interrupted_promptly(child, work)


def interrupted_promptly(child: subprocess.Popen, work: str) -> None:
    """SIGINT to `child` once it is ready: KeyboardInterrupt within 0.1 s."""
    try:
        assert child.stdout.readline().strip() == "ready"
        time.sleep(0.5)
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        out = child.stdout.read()
        assert child.wait(timeout=30) == 0
    finally:
        child.kill()
    words = out.split()
    assert words[0] == "interrupted", out
    latency = float(words[1]) - sent
    assert latency < 0.1, f"KeyboardInterrupt came {latency:.3f} s after SIGINT"
    # A diagram has its own figures (diagram.stats), not the problem's.
    if work not in ("sudoku", "estimate", "diagram", "fifo-unopened", "fifo-stalled"):
        # Also for "iterate", where the signal usually comes while Python
        # runs the loop, between two solutions: the generator, dropped as
        # the exception leaves the loop, gives its search up.
        assert words[2] == "interrupted"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
@pytest.mark.parametrize("work", ["fifo-unopened", "fifo-stalled"])
def test_sigint_stops_from_file_waiting_on_a_named_pipe(work, tmp_path):
    fifo = tmp_path / "stalled.dlx"
    os.mkfifo(fifo)
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, work, str(fifo)], stdout=subprocess.PIPE, text=True
    )
    writer = None
    if work == "fifo-stalled":
        # Opened for writing (which waits for the child to open it for
        # reading), a line written, then held open and silent.
        writer = open(fifo, "w")
        writer.write("a b\n")
        writer.flush()
    try:
        interrupted_promptly(child, work)
    finally:
        if writer is not None:
            writer.close()


@pytest.mark.parametrize("work", ["count", "iterate", "count-wtd", "iterate-frb"])
def test_the_gil_is_released_while_searching(work):
    """Another Python thread runs while a search does: it would not move
    at all if the search held the GIL."""
    import threading

    import dancing

    problem = dancing.problems.langford(13)  # no solutions: a search of seconds
    done = threading.Event()

    def search():
        if work == "count":
            problem.count(threads=1, time_limit=1.0)
        elif work == "count-wtd":
            problem.count(heuristic="wtd", time_limit=1.0)
        elif work == "iterate-frb":
            # The caller waits for the search's own thread.
            for _ in problem.solutions(heuristic="frb"):
                pass
        else:
            # The first next() searches the whole tree (seconds).
            for _ in problem.solutions():
                pass
        done.set()

    thread = threading.Thread(target=search)
    ticks = 0
    thread.start()
    while not done.is_set():
        ticks += 1
        time.sleep(0)
    thread.join()
    # sleep(0) hands the GIL over at every tick, so few ticks come before
    # the search starts; a search holding the GIL would allow none after.
    # Unloaded, a second of search gives hundreds of thousands of ticks;
    # a machine busy with other work (CI's builds) gives fewer, but still
    # thousands, where a held GIL gives a handful.
    assert ticks > 1_000, ticks
