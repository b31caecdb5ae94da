"""What `dlx` does that Python does too (issue 48): the assignment problem
and priced tilings against `dlx gen ... | dlx solve --best` and a brute
force over permutations, ratings against `dlx sudoku --rate`, and errors in
Python's words (argument names, never the command's flags)."""

from __future__ import annotations

import json
import pickle
import random
import re
from itertools import permutations

import pytest

import dancing
from dancing import problems, sudoku
from conftest import run_dlx

# The largest cost of an option (Knuth's DLX5 `|n`), as the engine takes it.
MAX_OPTION_COST = 2**32 - 1


def dlx_best(dlx: str, text: str, k: int) -> dict:
    """The summary of `dlx solve --best K --json -j 1` on `text`."""
    done = run_dlx(dlx, "solve", f"--best={k}", "--json", "-j", "1", input=text)
    records = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    summaries = [r for r in records if r.get("type") == "summary"]
    assert len(summaries) == 1, done.stdout + done.stderr
    return summaries[0]


def assignment_costs_of(text: str) -> list[list[int]]:
    """The cost matrix of `dlx gen assignment`'s output, read from its
    option lines `wI jJ |C` (no `|C` for a cost of 0)."""
    entries = {}
    for line in text.splitlines():
        words = line.split()
        if len(words) >= 2 and words[0].startswith("w") and words[1].startswith("j"):
            cost = int(words[2][1:]) if len(words) > 2 else 0
            entries[int(words[0][1:]), int(words[1][1:])] = cost
    n = max(w for w, _ in entries) + 1
    return [[entries[w, j] for j in range(n)] for w in range(n)]


def brute_force_costs(matrix: list[list[int]]) -> list[int]:
    """The cost of every assignment, cheapest first: one job per worker,
    tried as every permutation of the jobs."""
    n = len(matrix)
    return sorted(sum(matrix[w][job] for w, job in enumerate(jobs)) for jobs in permutations(range(n)))


@pytest.mark.parametrize("n, seed, max_cost", [(1, 0, 99), (3, 0, 99), (4, 5, 9), (5, 11, 3), (6, 2, 1000)])
def test_assignment_is_dlx_gen_assignment_and_its_best_the_brute_force(dlx, n, seed, max_cost):
    problem = problems.assignment(n, seed=seed, max_cost=max_cost)
    written = run_dlx(dlx, "gen", "assignment", str(n), "--cost-seed", str(seed), "--max-cost", str(max_cost)).stdout
    from_cli = dancing.Problem.from_dlx(written)
    assert problem.options() == from_cli.options()
    assert problem.costs() == from_cli.costs()
    k = min(3, len(brute_force_costs(assignment_costs_of(written))))
    best = problem.best(k, threads=1)
    assert best.costs == [solution["cost"] for solution in dlx_best(dlx, written, k)["best"]]
    assert best.costs == brute_force_costs(assignment_costs_of(written))[:k]
    assert best.proven


def test_assignment_defaults_are_dlx_gen_assignment_defaults(dlx):
    written = run_dlx(dlx, "gen", "assignment", "4").stdout
    assert problems.assignment(4).costs() == dancing.Problem.from_dlx(written).costs()
    assert problems.assignment(4) == problems.assignment(n=4, seed=0, max_cost=99)


@pytest.mark.parametrize("seed", range(6))
def test_assignment_of_a_matrix_finds_the_cheapest_permutations(seed):
    rng = random.Random(f"assignment-{seed}")
    n = rng.randint(1, 6)
    matrix = [[rng.randint(0, 20) for _ in range(n)] for _ in range(n)]
    problem = problems.assignment(costs=matrix)
    k = min(4, len(brute_force_costs(matrix)))
    best = problem.best(k, threads=1)
    assert best.costs == brute_force_costs(matrix)[:k]
    # Each solution gives every worker one job, at the matrix's costs.
    for solution in best:
        pairs = [problem.option(i) for i in solution]
        jobs = {int(w[1:]): int(j[1:]) for w, j in pairs}
        assert sorted(jobs) == sorted(jobs.values()) == list(range(n))
        assert solution.cost == sum(matrix[w][j] for w, j in jobs.items())


def test_assignment_takes_a_numpy_matrix():
    numpy = pytest.importorskip("numpy")
    matrix = [[4, 1, 3], [2, 0, 5], [3, 2, 2]]
    assert problems.assignment(costs=numpy.array(matrix)) == problems.assignment(costs=matrix)
    assert problems.assignment(costs=numpy.array(matrix, dtype=numpy.uint16)).best().cost == 5
    with pytest.raises(TypeError, match=r"costs\[0\]\[0\] must be an int, not float64"):
        problems.assignment(costs=numpy.array(matrix, dtype=float))


def test_assignment_arguments_are_checked(dlx):
    with pytest.raises(TypeError, match="needs n .* or costs"):
        problems.assignment()
    with pytest.raises(TypeError, match="n .* or costs .*, not both"):
        problems.assignment(3, costs=[[1]])
    with pytest.raises(TypeError, match="seed and max_cost .* not with costs"):
        problems.assignment(costs=[[1]], seed=3)
    # The command's limits: 1 to 1000 workers, costs up to the engine's.
    assert run_dlx(dlx, "gen", "assignment", "1001").returncode == 2
    assert run_dlx(dlx, "gen", "assignment", "0").returncode == 2
    with pytest.raises(ValueError, match=r"n must be a whole number from 1 to 1000 \(got 1001\)"):
        problems.assignment(1001)
    with pytest.raises(ValueError, match=r"n must be at least 1"):
        problems.assignment(0)
    with pytest.raises(ValueError, match="max_cost must be a whole number"):
        problems.assignment(3, max_cost=MAX_OPTION_COST + 1)
    with pytest.raises(ValueError, match=r"costs\[1\]\[0\] must be a whole number"):
        problems.assignment(costs=[[1, 2], [-1, 0]])
    with pytest.raises(ValueError, match="not square"):
        problems.assignment(costs=[[1, 2], [3]])
    with pytest.raises(TypeError, match="costs must be a list of rows of ints, not str"):
        problems.assignment(costs="12")
    with pytest.raises(TypeError, match=r"costs\[0\] must be a row of ints, not int"):
        problems.assignment(costs=[1, 2])


@pytest.mark.parametrize(
    "board, shapes, prices, cli",
    [
        ("2x6", "trominoes", {"I": 1, "L": 2}, "I=1,L=2"),
        ("3x4", "trominoes", {"L": 5}, "L=5"),
        ("4x4", "AAB/..B/CC./.C.", "A=3,B=1,C=2", "A=3,B=1,C=2"),
    ],
)
def test_priced_tilings_are_dlx_gen_tiling_with_prices(dlx, board, shapes, prices, cli):
    problem = problems.tiling(board, shapes=shapes, prices=prices)
    written = run_dlx(dlx, "gen", "tiling", board, "--shapes", shapes, "--prices", cli).stdout
    from_cli = dancing.Problem.from_dlx(written)
    assert problem.options() == from_cli.options()
    assert problem.costs() == from_cli.costs() and problem.has_costs
    best = problem.best(3, threads=1)
    assert best.costs == [solution["cost"] for solution in dlx_best(dlx, written, 3)["best"]]
    if shapes == "trominoes":
        # The price of each piece from its cells (three in a line: I, else
        # L), and the cheapest of every tiling.
        def price(option: list[str]) -> int:
            xs = {cell.split("y")[0] for cell in option}
            ys = {cell.split("y")[1] for cell in option}
            return prices.get("I" if len(xs) == 1 or len(ys) == 1 else "L", 0)

        tilings = [sum(price(problem.option(i)) for i in solution) for solution in problem.solutions()]
        assert best.costs == sorted(tilings)[:3]


def test_prices_as_text_and_as_a_dict_are_the_same_problem():
    assert problems.tiling("2x6", prices={"I": 1, "L": 2}) == problems.tiling("2x6", prices="I=1,L=2")
    assert problems.tiling("2x6", prices={}) == problems.tiling("2x6")


def test_bad_prices_say_what_is_wrong(dlx):
    failed = run_dlx(dlx, "gen", "tiling", "2x6", "--prices", "X=1")
    assert "no shape is named `X` to be priced (the shapes: I, L)" in failed.stderr
    for prices in ({"X": 1}, "X=1"):
        with pytest.raises(ValueError, match=r"no shape is named `X` to be priced \(the shapes: I, L\)"):
            problems.tiling("2x6", prices=prices)
    with pytest.raises(ValueError, match=r"prices: `I` is not NAME=PRICE"):
        problems.tiling("2x6", prices="I")
    with pytest.raises(ValueError, match=r'prices\["I"\] must be a whole number'):
        problems.tiling("2x6", prices={"I": -1})
    with pytest.raises(TypeError, match="a shape name must be a str, not int"):
        problems.tiling("2x6", prices={1: 2})
    with pytest.raises(TypeError, match="prices must be a dict .*, not list"):
        problems.tiling("2x6", prices=[1])


def cli_ratings(dlx: str, *args: str, input: str | None = None) -> list[tuple[str, str]]:
    """`dlx sudoku ... --rate`'s answers: (puzzle, rating words) per line,
    past the `variant` and `box` lines that start the output."""
    done = run_dlx(dlx, "sudoku", *args, "--rate", input=input)
    lines = [line for line in done.stdout.splitlines() if line and not line.startswith(("variant ", "box "))]
    return [tuple(line.split(" clues=", 1)) for line in lines]


@pytest.mark.parametrize(
    "args, kwargs",
    [
        (["--seed", "42"], {"seed": 42}),
        (["--seed", "7", "--box", "2x3"], {"seed": 7, "box": (2, 3)}),
        (["--seed", "3", "--box", "2x2", "--variant", "killer"], {"seed": 3, "box": "2x2", "variant": "killer"}),
        (["--seed", "5", "--variant", "x"], {"seed": 5, "variant": "x"}),
    ],
)
def test_generated_ratings_are_dlx_sudoku_generate_rate(dlx, args, kwargs):
    count = 3
    rated = sudoku.generate(count, rate=True, **kwargs)
    plain = sudoku.generate(count, **kwargs)
    # Rating takes nothing from the generator: the same puzzles.
    assert [puzzle for puzzle, _ in rated] == plain
    printed = run_dlx(dlx, "sudoku", "--generate", str(count), *args).stdout
    assert plain == [line for line in printed.splitlines() if not line.startswith(("variant ", "box "))]
    from_cli = cli_ratings(dlx, "--generate", str(count), *args)
    assert [(puzzle, "clues=" + words) for puzzle, words in from_cli] == [
        (puzzle, str(rating)) for puzzle, rating in rated
    ]
    # A puzzle read back is rated as it was when generated.
    variant = kwargs.get("variant")
    for puzzle, rating in rated:
        assert sudoku.rate(puzzle, box=kwargs.get("box"), variant=variant) == rating


def test_rate_is_dlx_sudoku_rate(dlx):
    puzzles = [
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
    ]
    from_cli = cli_ratings(dlx, input="\n".join(puzzles) + "\n")
    for puzzle, (cells, words) in zip(puzzles, from_cli):
        rating = sudoku.rate(puzzle)
        assert cells == puzzle and str(rating) == "clues=" + words
        assert rating.clues == sum(c != "." for c in puzzle)
        assert isinstance(rating.singles, bool) and rating.search_effort > rating.clues / 81
    assert len(from_cli) == len(puzzles)


def test_a_rating_compares_hashes_and_pickles_by_value():
    rating = sudoku.rate("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    again = pickle.loads(pickle.dumps(rating))
    assert again == rating and hash(again) == hash(rating) and again is not rating
    assert again == sudoku.Rating(rating.clues, rating.singles, rating.search_effort)
    assert rating != sudoku.Rating(rating.clues + 1, rating.singles, rating.search_effort)
    assert rating != str(rating)
    assert repr(rating) == f"Rating(clues=17, singles=False, search_effort={rating.search_effort!r})"
    assert str(sudoku.Rating(24, True, 58.0)) == "clues=24 singles=yes search-effort=58.0"
    assert {rating, again} == {rating}


def test_puzzles_without_exactly_one_solution_are_not_rated(dlx):
    several = "." * 81
    # Consistent givens, and no solution: r1c9 must be 9, which column 9 has.
    none = "12345678." + "........9" + "." * 63
    assert sudoku.count(none) == 0 and sudoku.count(several) == 2
    for puzzle, words in [(several, "more than one solution"), (none, "no solution")]:
        failed = run_dlx(dlx, "sudoku", "--rate", input=puzzle + "\n")
        assert f"<stdin>:1: {words}" in failed.stderr
        with pytest.raises(dancing.SudokuError, match=f"^cannot rate the puzzle: {words}$") as caught:
            sudoku.rate(puzzle)
        assert caught.value.line == 1
    with pytest.raises(dancing.SudokuError, match="twice"):
        sudoku.rate("11" + "." * 79)


def test_a_killer_puzzle_read_as_classic_names_the_variant_argument():
    puzzle = sudoku.generate(1, box="2x2", variant="killer", seed=3)[0]
    for call in (sudoku.solve, sudoku.count, sudoku.rate):
        with pytest.raises(dancing.SudokuError, match='give variant="killer" or a line `variant killer`') as caught:
            call(puzzle)
        assert "--" not in str(caught.value)
        assert caught.value.line == 1 and caught.value.column == 18
    assert sudoku.count(puzzle, variant="killer") == 1


def test_a_single_puzzle_string_is_one_puzzle_however_short():
    # Not a count line announcing 11111 puzzles: a puzzle of 5 cells.
    with pytest.raises(dancing.SudokuError, match=r"^line 1: expected 16 cells, found 5$"):
        sudoku.solve("11111")
    with pytest.raises(dancing.SudokuError, match=r"expected 81 cells, found 80"):
        sudoku.count("1" + "." * 79)
    # A puzzle given as rows still reads as a grid.
    line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    rows = "\n".join(line[r * 9 : r * 9 + 9] for r in range(9))
    assert sudoku.solve(rows) == sudoku.solve(line)


def test_words_must_be_a_list_of_strings():
    with pytest.raises(TypeError, match="^words must be a list of strings, not str$"):
        problems.words(3, 3, "CAT ARE TEN")
    with pytest.raises(TypeError, match=r"^words\[1\] must be a str, not int$"):
        problems.words(3, 3, ["CAT", 7])
    with pytest.raises(TypeError, match="^words must be a list of strings, not int$"):
        problems.words(3, 3, 3)
    # Any iterable of str: a tuple, a generator.
    square = ["BAT", "ARE", "TEN"]
    assert problems.words(3, 3, tuple(square)) == problems.words(3, 3, iter(square))


BAD_CALLS = [
    lambda: sudoku.solve(sudoku.generate(1, box="2x2", variant="killer", seed=3)[0]),
    lambda: sudoku.solve(sudoku.generate(1, box="2x2", variant="jigsaw", seed=3)[0]),
    lambda: sudoku.solve("box 3x2\n" + "." * 36, box=(2, 3)),
    lambda: sudoku.solve("." * 4096),
    lambda: sudoku.solve("11111"),
    lambda: sudoku.solve("." * 81 + "\n" + "." * 81),
    lambda: sudoku.solve("." * 81, variant="nonsense"),
    lambda: sudoku.solve("." * 81, box="2by3"),
    lambda: sudoku.rate("." * 81),
    lambda: sudoku.generate(1, box="4x4", variant="killer"),
    lambda: problems.tiling("2x6", prices="X=1"),
    lambda: problems.tiling("2x6", prices="I=x"),
    lambda: problems.tiling("2x6", prices="I=1,I=2"),
    lambda: problems.assignment(costs=[[1, 2], [3]]),
    lambda: problems.assignment(2000),
    lambda: problems.words(3, 3, "CAT ARE TEN"),
    lambda: problems.words(3, 3, ["C:T", "ARE"]),
    lambda: problems.pentomino("6x10", pieces="a:b"),
    lambda: problems.matrices(3, 3, row_sums=(2, 1)),
    lambda: problems.queens(10**6),
]


@pytest.mark.parametrize("call", BAD_CALLS, ids=range(len(BAD_CALLS)))
def test_no_message_names_a_command_flag(call):
    with pytest.raises((ValueError, TypeError)) as caught:
        call()
    assert not re.search(r"--[a-z]", str(caught.value)), str(caught.value)


def test_the_new_functions_are_documented():
    for thing in (problems.assignment, problems.tiling, sudoku.rate, sudoku.Rating, sudoku.generate):
        assert thing.__doc__ and len(thing.__doc__) > 40, thing
    assert "prices" in problems.tiling.__doc__ and "rate=True" in sudoku.generate.__doc__
    assert problems.assignment.__text_signature__ == "(n=None, seed=0, max_cost=99, costs=None)"


@pytest.mark.parametrize("module", [problems, sudoku], ids=lambda m: m.__name__)
def test_every_public_name_has_a_stub(module):
    from pathlib import Path

    stub = (Path(module.__file__).with_suffix(".pyi")).read_text()
    for name in module.__all__:
        assert re.search(rf"^(def|class) {name}\b", stub, re.M), name
