"""The web page in headless Chromium, against the release `dlx`.

Run by web/tests/run.sh, which serves web/dist at $BASE_URL and gives the
path of `dlx` in $DLX. Every expected answer comes from the CLI, computed
here, never written in: the page must agree with `dlx sudoku`,
`dlx solve --count` and their error messages. Screenshots of each view go
to $WEB_SCREENSHOTS.
"""

import json
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.parse

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

BASE = os.environ["BASE_URL"]
DLX = os.environ["DLX"]
SHOTS = os.environ["WEB_SCREENSHOTS"]
WAIT = 30


def dlx(*args, stdin=None, check=True):
    run = subprocess.run([DLX, *args], input=stdin, capture_output=True, text=True)
    if check and run.returncode != 0:
        raise AssertionError(f"dlx {' '.join(args)} exited {run.returncode}: {run.stderr}")
    return run


def browser():
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                     "--window-size=1100,1500", "--disable-gpu"):
        options.add_argument(argument)
    # The console, for the requests that failed (a missing favicon's 404).
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def wait_for(driver, condition, what):
    try:
        return WebDriverWait(driver, WAIT, poll_frequency=0.05).until(lambda d: condition(d))
    except Exception:
        body = driver.execute_script("return document.body.innerText")
        raise AssertionError(f"timed out waiting for {what}; the page says:\n{body}")


def body_text(driver):
    return driver.execute_script("return document.body.innerText")


def load(driver, query):
    driver.get(BASE + "index.html?" + query)
    wait_for(driver, lambda d: d.execute_script("return document.body.dataset.ready === '1'"),
             "the page to load its problem")


def grid_digits(driver):
    """The digits drawn in the Sudoku board, cell by cell in reading order
    (each cell's text element is drawn in cell order)."""
    return "".join(e.text for e in driver.find_elements(By.CSS_SELECTOR, "#sudoku-board text.given, #sudoku-board text.found"))


def screenshot(driver, name):
    path = os.path.join(SHOTS, name + ".png")
    driver.save_screenshot(path)
    print(f"   screenshot: {path}")


def sudoku_answer(text):
    """`dlx sudoku`'s solution of a one-puzzle text: its cells (the first
    n*n symbols of the answer line)."""
    out = dlx("sudoku", "--output", "line", stdin=text).stdout
    lines = [line for line in out.splitlines() if line and not line.startswith("variant")]
    assert len(lines) == 1, out
    return lines[0].split()[0]


def test_9x9_in_the_url(driver):
    # A 17-clue puzzle (the fewest a unique 9x9 can have).
    puzzle = "...8.1..........435............7.8........1...2..3....6......75..34........2..6.."
    expected = sudoku_answer(puzzle + "\n")
    assert len(expected) == 81 and "." not in expected
    started = time.monotonic()
    load(driver, "sudoku=" + puzzle)
    wait_for(driver, lambda d: expected in body_text(d), "the answer's digits in the page text")
    print(f"   solved in the page within {time.monotonic() - started:.2f} s of loading")
    assert grid_digits(driver) == expected, grid_digits(driver)
    givens = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#sudoku-board text.given")]
    assert len(givens) == 17, givens
    assert "unique" in body_text(driver)
    version = driver.find_element(By.ID, "engine-version").text
    cargo = open(os.path.join(os.path.dirname(__file__), "..", "..", "Cargo.toml")).read()
    assert re.search(r'^version = "' + re.escape(version) + '"', cargo, re.M), version
    screenshot(driver, "sudoku-9x9")


def test_16x16_drawn_and_solved(driver):
    made = dlx("sudoku", "--generate", "1", "--box", "4x4", "--seed", "7").stdout
    puzzle = made.strip().splitlines()[-1].split()[0]
    assert len(puzzle) == 256
    expected = sudoku_answer(puzzle + "\n")
    load(driver, "sudoku=" + urllib.parse.quote(puzzle))
    wait_for(driver, lambda d: expected in body_text(d), "the 16x16 answer")
    cells = driver.find_elements(By.CSS_SELECTOR, "#sudoku-board svg > rect[width='34']")
    assert len(cells) == 256, len(cells)
    assert grid_digits(driver) == expected
    screenshot(driver, "sudoku-16x16")


def test_jigsaw_drawn_and_solved(driver):
    made = dlx("sudoku", "--generate", "1", "--variant", "jigsaw", "--seed", "3").stdout
    line = made.strip().splitlines()[-1]
    expected = sudoku_answer(made)
    load(driver, "variant=jigsaw&sudoku=" + urllib.parse.quote(line))
    wait_for(driver, lambda d: expected in body_text(d), "the jigsaw answer")
    assert grid_digits(driver) == expected
    # The region map's borders: thick lines where it says the region
    # changes, as many as the map gives (none from the boxes).
    regions = line.split()[1]
    changes = sum(
        1 for r in range(9) for c in range(9)
        for (rr, cc) in ((r, c + 1), (r + 1, c))
        if rr < 9 and cc < 9 and regions[r * 9 + c] != regions[rr * 9 + cc]
    )
    thick = driver.find_elements(By.CSS_SELECTOR, "#sudoku-board line[stroke-width='2.5']")
    assert len(thick) == changes, (len(thick), changes)
    screenshot(driver, "sudoku-jigsaw")


def test_killer_cages_drawn(driver):
    made = dlx("sudoku", "--generate", "1", "--variant", "killer", "--seed", "2").stdout
    line = made.strip().splitlines()[-1]
    expected = sudoku_answer(made)
    load(driver, "variant=killer&sudoku=" + urllib.parse.quote(line))
    wait_for(driver, lambda d: expected in body_text(d), "the killer answer")
    sums = [w.split("=")[1] for w in line.split()[2:] if "=" in w]
    drawn = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#sudoku-board text[font-size='9']")]
    assert sorted(drawn) == sorted(sums), (drawn, sums)
    screenshot(driver, "sudoku-killer")


def upload(driver, input_id, path):
    driver.find_element(By.ID, input_id).send_keys(path)


def run_cover(driver):
    driver.find_element(By.ID, "cover-run").click()
    wait_for(driver, lambda d: d.find_element(By.ID, "progress").text.startswith(("Done", "Failed", "Stopped")),
             "the search to end")


def test_exact_cover_file_counts_as_dlx_solve(driver, work):
    # Colors and bounds: Knuth's DLX2 and DLX3 examples, and a generated
    # problem (Langford pairs) uploaded as a file.
    problems = {
        "langford.dlx": dlx("gen", "langford", "8").stdout,
        "colors.dlx": "p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n",
        "bounds.dlx": "A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n",
    }
    driver.get(BASE + "index.html?view=cover")
    wait_for(driver, lambda d: d.execute_script("return document.body.dataset.ready === '1'"), "the page")
    for name, text in problems.items():
        path = os.path.join(work, name)
        with open(path, "w") as f:
            f.write(text)
        expected = int(dlx("solve", "--count", "-j", "1", path).stdout.split()[0])
        upload(driver, "cover-file", path)
        wait_for(driver, lambda d: d.find_element(By.ID, "cover-text").get_attribute("value") == text, "the upload")
        run_cover(driver)
        shown = driver.find_element(By.ID, "cover-count").text
        count = int(shown.split()[0].replace(",", ""))
        print(f"   {name}: the page counts {count}, dlx solve --count {expected}")
        assert count == expected, (shown, expected)


def test_generated_boards_drawn(driver):
    load(driver, "gen=queens&arg=8&list=4")
    wait_for(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "svg.queens")) == 4, "4 queens boards")
    # Each board: 8 queens, no two attacking (read back from the drawing).
    for board in driver.find_elements(By.CSS_SELECTOR, "svg.queens"):
        queens = [(float(q.get_attribute("y")), float(q.get_attribute("x"))) for q in board.find_elements(By.TAG_NAME, "text")]
        assert len(queens) == 8
        rows = sorted({y for y, _ in queens})
        cols = sorted({x for _, x in queens})
        assert len(rows) == 8 and len(cols) == 8
    screenshot(driver, "cover-queens")
    load(driver, "gen=pentomino&arg=6x10&list=3")
    wait_for(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "svg.pieces")) == 3, "3 packings")
    rects = driver.find_elements(By.CSS_SELECTOR, "svg.pieces")[0].find_elements(By.TAG_NAME, "rect")
    assert len(rects) == 60
    colors = {}
    for rect in rects:
        colors[rect.get_attribute("fill")] = colors.get(rect.get_attribute("fill"), 0) + 1
    assert sorted(colors.values()) == [5] * 12, colors
    screenshot(driver, "cover-pentominoes")


def test_random_buttons_draw_valid_solutions(driver):
    # Queens: one uniformly drawn board of the 92, no two queens attacking
    # (read back from the drawing), and the count that dlx solve gives.
    expected = dlx("gen", "queens", "8").stdout
    count = int(dlx("solve", "--count", "-j", "1", stdin=expected).stdout.split()[0])
    load(driver, "gen=queens&arg=8")
    boards = set()
    for seed in ("1", "2", "3"):
        seed_box = driver.find_element(By.ID, "cover-seed")
        seed_box.clear()
        seed_box.send_keys(seed)
        driver.find_element(By.ID, "cover-random").click()
        wait_for(driver, lambda d: d.find_element(By.ID, "progress").text.startswith(("Done", "Failed")), "the draw")
        assert f"One of {count} solutions" in driver.find_element(By.ID, "cover-count").text
        board = driver.find_elements(By.CSS_SELECTOR, "svg.queens")
        assert len(board) == 1
        queens = [(float(q.get_attribute("y")), float(q.get_attribute("x"))) for q in board[0].find_elements(By.TAG_NAME, "text")]
        assert len(queens) == 8
        step = min(abs(a[1] - b[1]) for a in queens for b in queens if a[1] != b[1])
        cells = [(int(y // step), int(x // step)) for y, x in queens]
        for k, (r, c) in enumerate(cells):
            for r2, c2 in cells[k + 1:]:
                assert r != r2 and c != c2 and abs(r - r2) != abs(c - c2), cells
        boards.add(tuple(sorted(cells)))
    assert len(boards) > 1, "three seeds drew one board"
    screenshot(driver, "cover-random-queens")
    # Sudoku: a uniformly random 4x4 grid, every row, column and box a
    # permutation; 9x9 is refused in words.
    driver.get(BASE + "index.html?view=sudoku")
    wait_for(driver, lambda d: d.execute_script("return document.body.dataset.ready === '1'"), "the page")
    box = driver.find_element(By.ID, "sudoku-box")
    box.clear()
    box.send_keys("2x2")
    driver.find_element(By.ID, "sudoku-random").click()
    wait_for(driver, lambda d: "uniformly random grid" in d.find_element(By.ID, "sudoku-answer").text, "the grid")
    digits = grid_digits(driver)
    assert len(digits) == 16, digits
    grid = [[int(digits[4 * r + c]) for c in range(4)] for r in range(4)]
    units = [row for row in grid] + [[grid[r][c] for r in range(4)] for c in range(4)]
    units += [[grid[r][c] for r in range(br, br + 2) for c in range(bc, bc + 2)] for br in (0, 2) for bc in (0, 2)]
    assert all(sorted(unit) == [1, 2, 3, 4] for unit in units), grid
    assert "288" in driver.find_element(By.ID, "sudoku-answer").text
    screenshot(driver, "sudoku-random-4x4")
    box.clear()
    box.send_keys("3x3")
    driver.find_element(By.ID, "sudoku-random").click()
    wait_for(driver, lambda d: "up to 4x4" in d.find_element(By.ID, "error").text, "the refusal")


def test_stop_button(driver):
    # Queens 15 counts for minutes: stop it once it reports progress.
    load_started = time.monotonic()
    driver.get(BASE + "index.html?gen=queens&arg=15")
    wait_for(driver, lambda d: d.find_element(By.ID, "progress").text.startswith("Searching:"), "progress")
    before = driver.find_element(By.ID, "progress").text
    assert re.search(r"[\d,]+ nodes, [\d,]+ solutions, about [\d.]+% explored", before), before
    # Click, then time in the page until the status says it stopped.
    elapsed = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const started = performance.now();
        document.getElementById('stop').click();
        const look = () => {
          if (document.getElementById('progress').textContent.startsWith('Stopped')) done(performance.now() - started);
          else if (performance.now() - started > 5000) done(-1);
          else setTimeout(look, 1);
        };
        look();
    """)
    print(f"   stopped {elapsed:.1f} ms after the click ({driver.find_element(By.ID, 'progress').text})")
    assert 0 <= elapsed < 100, elapsed
    screenshot(driver, "cover-stopped")
    # The page works on: a new search in a new Worker.
    driver.find_element(By.ID, "cover-arg").clear()
    driver.find_element(By.ID, "cover-arg").send_keys("6")
    run_cover(driver)
    assert driver.find_element(By.ID, "cover-count").text.startswith("4 solutions"), body_text(driver)
    assert time.monotonic() - load_started < 60


# Knuth's node counts for queens 8 (the reference file queens8.dlx, which
# `dlx gen queens 8` writes), from `ssxcc-wtd0` and `ssxcc-frb0` built from
# ascherer/cwebtest: see crates/dancing/tests/engine/heuristics.rs.
KNUTH_QUEENS8 = {"wtd": ("weighted (SSXCC-WTD0)", 945), "frb": ("failure rate (SSXCC-FRB0)", 966)}


def test_branching_rules_walk_knuths_trees(driver):
    # The default: the links, DLX1's tree, as dlx solve counts it.
    with tempfile.NamedTemporaryFile("w", suffix=".dlx") as f:
        f.write(dlx("gen", "queens", "8").stdout)
        f.flush()
        records = [json.loads(line) for line in dlx("solve", "--count", "--json", "-j", "1", f.name).stdout.splitlines()]
    [expected] = [record for record in records if record.get("type") == "summary"]
    load(driver, "gen=queens&arg=8")
    shown = driver.find_element(By.ID, "cover-search").text
    assert shown == f"Search: dancing links, fewest options, {expected['nodes']:,} nodes.", (shown, expected)
    for rule, (name, nodes) in KNUTH_QUEENS8.items():
        # Chosen in the select, then run: the rule goes to the engine.
        Select(driver.find_element(By.ID, "cover-branching")).select_by_value(rule)
        run_cover(driver)
        count = driver.find_element(By.ID, "cover-count").text
        shown = driver.find_element(By.ID, "cover-search").text
        print(f"   {rule}: {count} {shown}")
        assert count == "92 solutions.", count
        assert shown == f"Search: dancing cells, {name}, {nodes} nodes.", shown
        assert f"branching={rule}" in driver.current_url
        table = driver.find_element(By.CSS_SELECTOR, "#cover-stats table.stats").text
        assert f"Nodes {nodes}" in table and "Cleansings (not on dancing cells)" in table, table
    screenshot(driver, "cover-branching")
    # Items with multiplicities: refused, as dlx solve --heuristic refuses them.
    load(driver, "branching=wtd&dlx=" + urllib.parse.quote("A 2:3|B\nA B\nB\nB\nB\n"))
    shown = driver.find_element(By.ID, "error").text
    assert "branching wtd" in shown and "multiplicities" in shown, shown


def test_bad_input_shows_located_errors(driver, work):
    path = os.path.join(work, "bad.dlx")
    with open(path, "w") as f:
        f.write("a b\na c\nb x\n")
    cli = dlx("solve", "--count", path, check=False)
    assert cli.returncode == 2
    expected = cli.stderr.strip().replace(work + "/", "")
    driver.get(BASE + "index.html?view=cover")
    wait_for(driver, lambda d: d.execute_script("return document.body.dataset.ready === '1'"), "the page")
    upload(driver, "cover-file", path)
    wait_for(driver, lambda d: d.find_element(By.ID, "cover-text").get_attribute("value").startswith("a b"), "the upload")
    run_cover(driver)
    shown = driver.find_element(By.ID, "error").text
    print(f"   page: {shown!r}; dlx solve: {expected!r}")
    assert shown == expected, (shown, expected)
    screenshot(driver, "cover-error")
    # A bad puzzle: dlx sudoku names <stdin>, the page names "puzzle".
    cli = dlx("sudoku", stdin="12345678x\n", check=False)
    expected = cli.stderr.strip().replace("<stdin>", "puzzle")
    load(driver, "sudoku=12345678x")
    shown = driver.find_element(By.ID, "error").text
    assert shown == expected, (shown, expected)
    screenshot(driver, "sudoku-error")


def test_one_is_singular_and_nothing_is_missing(driver):
    # One item, one option, one solution: the page's words agree with the
    # count (dlx solve's), and its console shows no failed request.
    text = "a\na\n"
    with tempfile.NamedTemporaryFile("w", suffix=".dlx") as f:
        f.write(text)
        f.flush()
        solutions = int(dlx("solve", "--count", f.name).stdout.split()[0])
    driver.get_log("browser")  # what earlier tests left
    load(driver, "dlx=" + urllib.parse.quote(text))
    wait_for(driver, lambda d: d.find_elements(By.ID, "cover-count"), "the count")
    noun = "solution" if solutions == 1 else "solutions"
    shown = driver.find_element(By.ID, "cover-count").text
    assert shown == f"{solutions} {noun}.", (shown, solutions)
    problem = driver.find_element(By.ID, "cover-problem").text
    assert "1 option" in problem and "1 options" not in problem, problem
    said = body_text(driver)
    assert not re.search(r"(?<![\d,.])1 (solutions|nodes|options)\b", said), said
    icon = driver.find_element(By.CSS_SELECTOR, "link[rel=icon]").get_attribute("href")
    assert icon.startswith("data:image/svg+xml,"), icon
    failed = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    assert not failed, failed


def main():
    driver = browser()
    failures = 0
    with tempfile.TemporaryDirectory() as work:
        tests = [
            (test_9x9_in_the_url, ()),
            (test_16x16_drawn_and_solved, ()),
            (test_jigsaw_drawn_and_solved, ()),
            (test_killer_cages_drawn, ()),
            (test_exact_cover_file_counts_as_dlx_solve, (work,)),
            (test_generated_boards_drawn, ()),
            (test_random_buttons_draw_valid_solutions, ()),
            (test_stop_button, ()),
            (test_branching_rules_walk_knuths_trees, ()),
            (test_bad_input_shows_located_errors, (work,)),
            (test_one_is_singular_and_nothing_is_missing, ()),
        ]
        try:
            for test, args in tests:
                print(f"-- {test.__name__}", flush=True)
                try:
                    test(driver, *args)
                    print("   ok", flush=True)
                except Exception as error:  # report every test, then fail
                    failures += 1
                    print(f"   FAILED: {error!r}", flush=True)
        finally:
            driver.quit()
    print(f"{len(tests) - failures} passed, {failures} failed; screenshots in {SHOTS}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
