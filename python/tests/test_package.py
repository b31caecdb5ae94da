"""The package as installed: where it comes from, what the wheel holds,
and the API's surface (docstrings, stubs)."""

from __future__ import annotations

import doctest
import os
import pickle
import subprocess
import sys
from pathlib import Path

import dancing
from conftest import REPO


def test_the_package_under_test_is_the_installed_one():
    """Under python/ci.sh, the tests must run against the wheel: a module
    found in the source tree would hide a file missing from the wheel."""
    import dancing
    import dancing._dancing

    if os.environ.get("DANCING_TEST_INSTALLED"):
        source = REPO / "python"
        for module in (dancing, dancing._dancing):
            assert source not in Path(module.__file__).resolve().parents
        for name in ("py.typed", "_dancing.pyi", "sudoku.pyi", "problems.pyi"):
            assert (Path(dancing.__file__).parent / name).is_file(), name


def markdown_blocks(text: str, language: str) -> list[str]:
    blocks, current = [], None
    for line in text.splitlines():
        if current is None and line.strip() == f"```{language}":
            current = []
        elif current is not None and line.strip() == "```":
            blocks.append("\n".join(current) + "\n")
            current = None
        elif current is not None:
            current.append(line)
    return blocks


def test_the_book_example_prints_what_the_book_says():
    # The Python chapter of the book (docs/src/python.md): its example, and
    # the output printed under it.
    text = (REPO / "docs" / "src" / "python.md").read_text()
    code = markdown_blocks(text, "python")[0]
    expected = markdown_blocks(text, "text")[0]
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == expected


def test_the_book_task_examples_run():
    # The Python chapter's other examples (tasks on an executor): each runs
    # as a script, its asserts checked.
    text = (REPO / "docs" / "src" / "python.md").read_text()
    blocks = markdown_blocks(text, "python")[1:]
    assert any("solutions_on" in block and "best_on" in block for block in blocks)
    for block in blocks:
        done = subprocess.run([sys.executable, "-c", block], capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, block + done.stderr


def test_the_api_page_examples_run():
    text = (REPO / "python" / "README.md").read_text()
    blocks = markdown_blocks(text, "python")
    assert len(blocks) >= 4
    namespace: dict = {}
    for block in blocks:
        exec(compile(block, "python/README.md", "exec"), namespace)


def test_docstring_examples():
    import dancing.problems
    import dancing.sudoku

    for module in (dancing, dancing.sudoku, dancing.problems):
        failed, tried = doctest.testmod(module)
        assert tried > 0 and failed == 0, module.__name__
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner()
    for test in finder.find(dancing.Problem, "Problem", globs={"Problem": dancing.Problem}):
        runner.run(test)
    assert runner.failures == 0 and runner.tries > 0


def test_help_reads_well():
    for thing in (dancing.Problem, dancing.Problem.count, dancing.Problem.solutions, dancing.Problem.from_matrix,
                  dancing.Stats, dancing.Count, dancing.ParseError, dancing.sudoku.solve, dancing.problems.queens):
        assert thing.__doc__ and len(thing.__doc__) > 40, thing
    assert "threads" in dancing.Problem.count.__doc__
    assert dancing.Problem.count.__text_signature__ is not None


def test_the_version_is_the_packages_and_cargos():
    import importlib.metadata
    import re

    cargo = (REPO / "Cargo.toml").read_text()
    workspace = cargo[cargo.index("[workspace.package]"):]
    version = re.search(r'^version\s*=\s*"([^"]+)"', workspace, re.M).group(1)
    assert dancing.__version__ == version
    if os.environ.get("DANCING_TEST_INSTALLED"):
        assert importlib.metadata.version("dancing") == dancing.__version__


def test_count_is_an_int_that_says_whether_it_is_complete():
    problem = dancing.problems.queens(8)
    count = problem.count()
    assert count == 92 and repr(count) == "92" and count + 1 == 93
    assert count.complete and count.stop == "complete" and count.stats.nodes > 0
    assert pickle.loads(pickle.dumps(count)) == 92
    partial = problem.count(max_nodes=10)
    assert repr(partial).startswith("Count(") and not partial.complete


def test_problems_pickle_and_print():
    problem = dancing.Problem(["a", "b"], [["a", "x:1"], ["b", "x:1"], ["a", "b"]], secondary=["x"],
                              bounds={"a": (1, 2)})
    again = pickle.loads(pickle.dumps(problem))
    assert again.options() == problem.options() and again.bounds == {"a": (1, 2)}
    assert "2 primary items" in repr(problem) and "colors and bounds" in repr(problem)
    assert len(problem) == 3
