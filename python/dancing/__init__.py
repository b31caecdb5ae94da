"""Exact cover by Dancing Links: Knuth's Algorithms X, C and M.

An exact-cover problem is a set of *items* and a set of *options*, each a
subset of the items. A solution is a set of options that covers every
*primary* item exactly once (or between its bounds) and every *secondary*
item at most once (or only by options that agree on its color).

>>> import dancing
>>> p = dancing.Problem(["a", "b", "c"], [["a", "b"], ["c"], ["a"], ["b", "c"]])
>>> p.count()
2
>>> p.first()
[0, 1]
>>> p.option(1)
['c']

The engine is the Rust crate ``dancing``: ``count`` and ``solutions`` search
without the GIL, and Ctrl-C stops them. ``dancing.sudoku`` solves Sudoku
puzzles of any size and variant; ``dancing.problems`` makes the classic
problems (n queens, Langford pairs, pentominoes, ...).

``problem.diagram()`` builds the set of all solutions as a diagram (a ZDD,
as Knuth's DLX6): an exact count of any size, counts by size, exactly
uniform random solutions and the solutions listed, without searching again.

``problem.split()`` cuts the search into tasks that run anywhere and
``dancing.merge`` adds their results up exactly, in the protocol of
``dlx split``, ``dlx solve --tasks`` and ``dlx merge``;
``dancing.count_on(executor, problem)`` does both on any
``concurrent.futures`` executor, ``dancing.solutions_on`` lists the
solutions so (as the tasks finish) and ``dancing.best_on`` finds the K
cheapest.
"""

from ._dancing import (
    __version__,
    DancingError,
    Diagram,
    DiagramError,
    DiagramSolutions,
    Merge,
    MergeError,
    ParseError,
    Problem,
    ProblemError,
    Solutions,
    Stats,
    SudokuError,
    Task,
    TaskResult,
    VerifyError,
    merge,
    read_tasks,
    write_tasks,
)
from ._results import Count
from ._best import Best, CostedSolution
from ._estimate import Estimate, Figure
from ._reduction import Reduction
from ._executor import CountProgress, IncompleteError, best_on, count_on, solutions_on
from . import problems, sudoku

__all__ = [
    "__version__",
    "Best",
    "CostedSolution",
    "Count",
    "CountProgress",
    "DancingError",
    "Diagram",
    "DiagramError",
    "DiagramSolutions",
    "Estimate",
    "Figure",
    "IncompleteError",
    "Merge",
    "MergeError",
    "ParseError",
    "Problem",
    "ProblemError",
    "Reduction",
    "Solutions",
    "Stats",
    "SudokuError",
    "Task",
    "TaskResult",
    "VerifyError",
    "best_on",
    "count_on",
    "merge",
    "solutions_on",
    "read_tasks",
    "write_tasks",
    "problems",
    "sudoku",
]
