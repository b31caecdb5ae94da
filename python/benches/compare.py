#!/usr/bin/env python3
"""Times `dancing` against the exact-cover packages of PyPI on the same
problems, in one run: build + solve, in-process, from the same Python
lists of items and options.

    python -m venv /tmp/bench && /tmp/bench/bin/pip install ./python \\
        miniexact xcover pyxcc exact-cover dlx numpy
    /tmp/bench/bin/python python/benches/compare.py [--runs 3] [--timeout 120] [--dlx target/release/dlx]

The peers are installed for the benchmark only (never by the package or its
tests). Each measurement runs in a child process (so that a peer that hangs
or ignores Ctrl-C is cut off at --timeout, and none inherits another's warm
caches), which builds the problem from lists loaded before the clock starts,
after a warm-up solve of a tiny problem (numba's compilation for xcover, the
first import of each extension). Runs alternate between the peers; the
table gives medians and each peer's ratio to `dancing`. With --dlx, the CLI's
whole-process time of `dlx solve --count -j 1` on the same problem is a row
too (the 5% goal of issue 30: counting from Python against the CLI).

Problems: pentominoes 6x10 (9,356 tilings), Langford pairs n = 11
(35,584), 12 queens (14,200; diagonals secondary where the peer has
secondary items; `exact-cover` has none, so each diagonal gets a slack row,
which keeps the count), de Bruijn cycles of order 5 (65,536; colors, for
the peers with colors), and 1,000 minimal Sudoku puzzles (counting up to 2
solutions each, tdoku's method; the exact cover built in Python for every
peer, `dancing` included).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PEERS = ["dancing", "miniexact", "xcover", "pyxcc", "exact-cover", "dlx"]


# ---------------------------------------------------------------- problems

def problem_lists(problem) -> dict:
    """A dancing.Problem as plain lists every peer can take."""
    options = problem.options()
    return {
        "primary": problem.items,
        "secondary": problem.secondary,
        "options": options,
        "colored": any(":" in entry for option in options for entry in option),
    }


def sudoku_cover(puzzle: str) -> dict:
    """The 324-item exact cover of a 9x9 puzzle, built the same way for
    every peer: one option per candidate placement consistent with the
    givens (a given cell has only its digit)."""
    options = []
    for cell, char in enumerate(puzzle):
        r, c = divmod(cell, 9)
        b = (r // 3) * 3 + c // 3
        digits = [int(char)] if char not in ".0" else range(1, 10)
        for d in digits:
            options.append([f"p{r}{c}", f"r{r}{d}", f"c{c}{d}", f"b{b}{d}"])
    primary = [f"{kind}{x}{y}" for kind in "p" for x in range(9) for y in range(9)]
    primary += [f"{kind}{x}{d}" for kind in "rcb" for x in range(9) for d in range(1, 10)]
    # Drop candidates that a given rules out, as every solver would prune
    # them anyway; it keeps the problem the same for all.
    givens = {(cell, int(ch)) for cell, ch in enumerate(puzzle) if ch not in ".0"}
    taken = set()
    for cell, d in givens:
        r, c = divmod(cell, 9)
        taken |= {f"r{r}{d}", f"c{c}{d}", f"b{(r // 3) * 3 + c // 3}{d}"}
    kept = []
    for option in options:
        r, c, d = int(option[0][1]), int(option[0][2]), int(option[1][2])
        if (r * 9 + c, d) in givens or not (set(option[1:]) & taken):
            kept.append(option)
    return {"primary": primary, "secondary": [], "options": kept, "colored": False}


def make_tasks(dancing, puzzles: int) -> dict:
    from dancing import problems

    tasks = {
        "pentominoes 6x10": [problem_lists(problems.pentomino("6x10"))],
        "langford 11": [problem_lists(problems.langford(11))],
        "queens 12": [problem_lists(problems.queens(12))],
        "de Bruijn 5 (colors)": [problem_lists(problems.debruijn(5))],
    }
    sudokus = dancing.sudoku.generate(puzzles, seed=1)
    tasks[f"{puzzles} sudoku puzzles"] = [sudoku_cover(p) for p in sudokus]
    return tasks


# ------------------------------------------------------------------- peers
# Each solver takes one problem (the lists above) and a limit (None: all;
# 2 for Sudoku) and returns the number of solutions it found.

def solve_dancing(p, limit):
    import dancing

    problem = dancing.Problem(p["primary"], p["options"], secondary=p["secondary"])
    if limit is None:
        return int(problem.count())
    return sum(1 for _ in problem.solutions(limit=limit))


def solve_xcover(p, limit):
    from xcover import covers

    found = covers(p["options"], primary=p["primary"], secondary=p["secondary"] or None,
                   colored=p["colored"])
    return sum(1 for _ in itertools.islice(found, limit))


def solve_pyxcc(p, limit):
    import pyxcc

    secondary = set(p["secondary"])
    options = []
    for k, option in enumerate(p["options"]):
        prim = [e for e in option if e.partition(":")[0] not in secondary]
        sec = [(e.partition(":")[0], e.partition(":")[2]) for e in option
               if e.partition(":")[0] in secondary]
        options.append(pyxcc.Option(str(k), prim, sec))
    problem = pyxcc.Problem(p["primary"], p["secondary"], options)
    return pyxcc.solve(problem, True).count()


def solve_miniexact(p, limit):
    import miniexact

    solver = miniexact.miniexacts_c() if p["colored"] else miniexact.miniexacts_x()
    ids = {name: solver.primary(name) for name in p["primary"]}
    ids.update({name: solver.secondary(name) for name in p["secondary"]})
    colors = {}
    for option in p["options"]:
        for entry in option:
            name, _, color = entry.partition(":")
            if color:
                if color not in colors:
                    colors[color] = solver.color(color)
                solver.add(ids[name], colors[color])
            else:
                solver.add(ids[name])
        solver.add(0)
    count = 0
    while (limit is None or count < limit) and solver.solve() == 10:
        count += 1
    return count


def solve_exact_cover(p, limit):
    import exact_cover
    import numpy as np

    if p["colored"]:
        raise NotImplementedError("no colors")
    columns = {name: k for k, name in enumerate(p["primary"] + p["secondary"])}
    rows = len(p["options"]) + len(p["secondary"])
    matrix = np.zeros((rows, len(columns)), dtype=np.int32)
    for k, option in enumerate(p["options"]):
        matrix[k, [columns[name] for name in option]] = 1
    # Secondary items as primary ones with a slack row each: same count.
    for k, name in enumerate(p["secondary"]):
        matrix[len(p["options"]) + k, columns[name]] = 1
    return int(exact_cover.get_solution_count(matrix))


def solve_dlx(p, limit):
    from dlx import DLX

    columns = [(name, DLX.PRIMARY) for name in p["primary"]]
    columns += [(name, DLX.SECONDARY) for name in p["secondary"]]
    if p["colored"]:
        raise NotImplementedError("no colors")
    index = {name: k for k, (name, _) in enumerate(columns)}
    solver = DLX(columns, [[index[e] for e in option] for option in p["options"]])
    return sum(1 for _ in itertools.islice(solver.solve(), limit))


SOLVERS = {
    "dancing": solve_dancing,
    "miniexact": solve_miniexact,
    "xcover": solve_xcover,
    "pyxcc": solve_pyxcc,
    "exact-cover": solve_exact_cover,
    "dlx": solve_dlx,
}

TINY = {"primary": ["a", "b"], "secondary": ["x"], "options": [["a", "x"], ["b"], ["a", "b"]],
        "colored": False}


def child(peer: str, path: str) -> None:
    """One measurement: load the task, warm up, time build + solve."""
    with open(path) as f:
        task = json.load(f)
    solve = SOLVERS[peer]
    limit = task["limit"]
    try:
        solve(TINY, None)
        started = time.perf_counter()
        counts = [solve(p, limit) for p in task["problems"]]
        seconds = time.perf_counter() - started
    except NotImplementedError as error:
        print(json.dumps({"skipped": str(error)}))
        return
    print(json.dumps({"seconds": seconds, "count": sum(counts)}))


# ------------------------------------------------------------------ parent

def measure(peer: str, path: str, timeout: float) -> dict:
    try:
        done = subprocess.run([sys.executable, __file__, "--child", peer, path],
                              capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"timeout": timeout}
    if done.returncode != 0:
        return {"error": done.stderr.strip().splitlines()[-1] if done.stderr.strip() else "failed"}
    return json.loads(done.stdout.strip().splitlines()[-1])


def measure_cli(dlx: str, path: str, timeout: float) -> dict:
    started = time.perf_counter()
    done = subprocess.run([dlx, "solve", "--count", "-q", "-j", "1", path],
                          capture_output=True, text=True, timeout=timeout)
    seconds = time.perf_counter() - started
    return {"seconds": seconds, "count": int(done.stdout.strip())}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--puzzles", type=int, default=1000)
    parser.add_argument("--dlx", help="the dlx binary, for the CLI row")
    parser.add_argument("--only", help="comma-separated task name prefixes")
    parser.add_argument("--peers", default=",".join(PEERS))
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(*args.child)
        return

    import dancing

    peers = args.peers.split(",")
    tasks = make_tasks(dancing, args.puzzles)
    if args.only:
        prefixes = args.only.split(",")
        tasks = {k: v for k, v in tasks.items() if any(k.startswith(p) for p in prefixes)}
    workdir = Path(tempfile.mkdtemp())
    results: dict = {}
    for name, problems in tasks.items():
        limit = 2 if "sudoku" in name else None
        path = workdir / (name.replace(" ", "_") + ".json")
        path.write_text(json.dumps({"problems": problems, "limit": limit}))
        dlx_file = None
        if args.dlx and len(problems) == 1:
            p = problems[0]
            dlx_file = workdir / (name.replace(" ", "_") + ".dlx")
            built = dancing.Problem(p["primary"], p["options"], secondary=p["secondary"])
            dlx_file.write_text(built.to_dlx())
        rows = {peer: [] for peer in peers + (["dlx CLI -j 1"] if dlx_file else [])}
        dead = set()
        for run in range(args.runs):
            for peer in rows:
                if peer in dead:
                    continue
                if peer == "dlx CLI -j 1":
                    outcome = measure_cli(args.dlx, str(dlx_file), args.timeout)
                else:
                    outcome = measure(peer, str(path), args.timeout)
                rows[peer].append(outcome)
                if "seconds" not in outcome:
                    dead.add(peer)  # a timeout, an error or no support: once is enough
                print(f"{name} run {run + 1} {peer}: {outcome}", file=sys.stderr, flush=True)
        results[name] = rows

    print()
    for name, rows in results.items():
        base = statistics.median(o["seconds"] for o in rows["dancing"])
        counts = {o.get("count") for o in rows["dancing"]}
        print(f"### {name} (dancing counts {counts.pop()})")
        print()
        print("| solver | median s | ratio to dancing | count |")
        print("|---|---:|---:|---:|")
        for peer, outcomes in rows.items():
            times = [o["seconds"] for o in outcomes if "seconds" in o]
            if len(times) == len(outcomes) and times:
                median = statistics.median(times)
                print(f"| {peer} | {median:.3f} | {median / base:.2f}x | {outcomes[0]['count']} |")
            else:
                last = outcomes[-1]
                why = (f"> {last['timeout']:.0f} s (cut off)" if "timeout" in last
                       else f"not supported ({last['skipped']})" if "skipped" in last
                       else f"failed: {last.get('error')}")
                print(f"| {peer} | {why} | | |")
        print()


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()
