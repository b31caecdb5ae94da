"""Timings, not a test: the page's engine (WebAssembly in a Web Worker of
headless Chromium) against the native `dlx -j 1` on the same problems.

Run by `web/tests/run.sh --bench`. The page's figure is the Worker's own
clock around the call (performance.now(), parsing or generating
included); the native one is the wall time of the `dlx` process (reading
included) and the search time `--stats` prints. Each is the median of
RUNS runs (after one warm-up run in the page).
"""

import os
import statistics
import subprocess
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

BASE = os.environ["BASE_URL"]
DLX = os.environ["DLX"]
RUNS = int(os.environ.get("RUNS", "5"))

PUZZLE_17 = "...8.1..........435............7.8........1...2..3....6......75..34........2..6.."


def native(args, stdin=None):
    """Median wall seconds of `dlx ARGS`, and the last run's --stats time."""
    walls, stats = [], None
    for _ in range(RUNS):
        started = time.perf_counter()
        run = subprocess.run([DLX, *args], input=stdin, capture_output=True, text=True, check=True)
        walls.append(time.perf_counter() - started)
        for word, value in zip(run.stderr.split(), run.stderr.split()[1:]):
            if word == "time":
                stats = value
    return statistics.median(walls), stats


def page(driver, op, args):
    """Median milliseconds of `op` in the Worker, and its answer."""
    script = """
        const done = arguments[arguments.length - 1];
        window.dancing.engine.call(arguments[0], arguments[1])
            .then((a) => done(a), (e) => done({error: e.message}));
    """
    driver.execute_async_script(script, op, args)  # warm-up
    times, answer = [], None
    for _ in range(RUNS):
        answer = driver.execute_async_script(script, op, args)
        assert "error" not in answer, answer
        times.append(answer["ms"])
    return statistics.median(times), answer["data"]


def main():
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_script_timeout(600)
    driver.get(BASE + "index.html")
    driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const look = () => document.body.dataset.ready === '1' ? done() : setTimeout(look, 20);
        look();
    """)
    rows = []
    none = {"list": 0, "maxNodes": 0, "timeMs": 0}

    # The 17-clue puzzle: solved as the page solves it (dlx sudoku), and
    # its exact-cover problem counted (dlx solve --count -j 1).
    ms, data = page(driver, "sudoku_solve", {"text": PUZZLE_17, "name": "p", "box": "", "variant": "", "limit": 1})
    wall, _ = native(["sudoku", "-j", "1"], stdin=PUZZLE_17 + "\n")
    rows.append(("17-clue Sudoku, solve (dlx sudoku -j 1)", ms, wall, None, data["solution_line"][:9] + "..."))
    ms, data = page(driver, "sudoku_count", {"text": PUZZLE_17, "name": "p", "box": "", "variant": "", **none})
    dlx_text = subprocess.run([DLX, "sudoku", "--to-dlx"], input=PUZZLE_17 + "\n", capture_output=True, text=True, check=True).stdout
    path = "/tmp/web-bench-sudoku17.dlx"
    with open(path, "w") as f:
        f.write(dlx_text)
    wall, stats = native(["solve", "--count", "-j", "1", "--stats", path])
    rows.append(("17-clue Sudoku, count (dlx solve --count -j 1)", ms, wall, stats, data["solutions"]))

    for generator, argument in (("queens", "8"), ("queens", "12"), ("queens", "14"), ("pentomino", "6x10")):
        ms, data = page(driver, "cover_generated", {"generator": generator, "argument": argument, "option": False, **none})
        path = f"/tmp/web-bench-{generator}{argument}.dlx"
        with open(path, "w") as f:
            f.write(subprocess.run([DLX, "gen", generator, argument], capture_output=True, text=True, check=True).stdout)
        wall, stats = native(["solve", "--count", "-j", "1", "--stats", path])
        rows.append((f"{generator} {argument}, count", ms, wall, stats, data["solutions"]))
    driver.quit()

    print(f"{'problem':48} {'page (Worker)':>14} {'dlx wall':>10} {'dlx --stats':>12} {'ratio':>6}  answer")
    for name, ms, wall, stats, answer in rows:
        print(f"{name:48} {ms:11.1f} ms {wall * 1000:7.1f} ms {stats or '':>12} {ms / (wall * 1000):6.2f}  {answer}")


if __name__ == "__main__":
    main()
