"""Type stubs of the extension module dancing._dancing (re-exported by dancing)."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping
from types import ModuleType
from typing import Any, Literal, Optional, Union, final

from ._best import Best
from ._estimate import Estimate
from ._reduction import Reduction
from ._results import Count

ItemName = Union[str, int]
Bound = Union[int, tuple[int, int]]
# The branching rules' short names (Problem.count's `heuristic`).
Heuristic = Literal["mrv", "wtd", "frb"]
# Which search ran (Stats.search).
Search = Literal["links", "cells-mrv", "cells-wtd", "cells-frb"]

__version__: str

class DancingError(ValueError):
    """Bad input; `item`, `option`, `line` and `column` say where (None where unknown)."""

    item: Optional[str]
    option: Optional[int]
    line: Optional[int]
    column: Optional[int]

class ParseError(DancingError):
    """Knuth's DLX text that could not be read, at `line` and `column`."""

class ProblemError(DancingError):
    """A problem given in code that is not valid: `option` and `item` say where."""

class SudokuError(DancingError):
    """A Sudoku puzzle that could not be read or solved."""

class VerifyError(DancingError):
    """A claimed solution that is not one: `option` and `item` say which is at fault."""

@final
class Stats:
    """The figures of a search, as Knuth's programs print them (by value)."""

    def __init__(
        self,
        solutions: int,
        nodes: int,
        updates: int,
        cleansings: int,
        max_depth: int,
        complete: bool,
        stop: str,
        threads: int,
        time: float,
        search: Search = "links",
    ) -> None: ...
    def __eq__(self, other: object) -> bool: ...

    @property
    def solutions(self) -> int: ...
    @property
    def nodes(self) -> int: ...
    @property
    def updates(self) -> int: ...
    @property
    def cleansings(self) -> int: ...
    @property
    def max_depth(self) -> int: ...
    @property
    def complete(self) -> bool: ...
    @property
    def stop(self) -> str:
        """"complete", "max-solutions", "max-nodes", "time-limit", "interrupted", "failed" or "running"."""
    @property
    def threads(self) -> int: ...
    @property
    def time(self) -> float: ...
    @property
    def search(self) -> Search:
        """Which search ran: "links" (fewest options), or "cells-wtd" / "cells-frb" (heuristic="wtd" / "frb")."""

@final
class Solutions(Iterator[list[int]]):
    """A paused search: each next() resumes it up to the next solution."""

    def __iter__(self) -> Solutions: ...
    def __next__(self) -> list[int]: ...
    @property
    def stats(self) -> Stats:
        """The figures of the search so far."""

class DiagramError(DancingError):
    """A diagram past `max_nodes` or `time_limit`; `reason` says which."""

    reason: str

@final
class DiagramSolutions(Iterator[list[int]]):
    """The solutions of a diagram, listed lazily (option indices, path order)."""

    def __iter__(self) -> DiagramSolutions: ...
    def __next__(self) -> list[int]: ...

@final
class Diagram:
    """The set of all solutions of a problem as a ZDD (Knuth's DLX6): by value."""

    @staticmethod
    def from_zdd(text: str, problem: Problem) -> Diagram:
        """The diagram of `problem` in Knuth's ZDDREAD text (ParseError if malformed)."""
    def count(self) -> int:
        """The exact number of solutions (any size)."""
    def sizes(self) -> dict[int, int]:
        """Solutions by size (options chosen), sizes without one left out."""
    def sample(self, n: int, seed: int = 0) -> list[list[int]]:
        """n exactly uniform random solutions; the same seed, the same draws."""
    def solutions(self) -> DiagramSolutions: ...
    def __iter__(self) -> DiagramSolutions: ...
    @property
    def node_count(self) -> int: ...
    @property
    def problem(self) -> Problem: ...
    @property
    def order(self) -> Optional[str]:
        """"mrv" or "input"; None for a diagram read from ZDD text."""
    @property
    def stats(self) -> dict[str, Union[int, float]]:
        """DLX6's figures of the build (nodes, search_nodes, updates, hits, memos, time, ...)."""
    def to_zdd(self) -> str: ...
    def write(self, file: Union[str, os.PathLike[str], Any]) -> None:
        """Writes to_zdd() to a path or an open text file."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Problem:
    """An exact-cover problem: items, and options that are sets of items (by value)."""

    def __init__(
        self,
        items: Iterable[ItemName],
        options: Iterable[Iterable[ItemName]],
        secondary: Iterable[ItemName] = (),
        bounds: Optional[Mapping[ItemName, Bound]] = None,
        # One whole number per option, in order (Knuth's DLX5 `|n`).
        costs: Optional[Iterable[int]] = None,
    ) -> None: ...
    @staticmethod
    def from_dlx(text: str) -> Problem: ...
    @staticmethod
    def from_file(path: Union[str, os.PathLike[str]]) -> Problem: ...
    @staticmethod
    def from_matrix(matrix: Any, secondary: int = 0) -> Problem:
        """Rows of a 0-1 matrix (numpy array, buffer, or sequence of rows) as options."""
    def to_dlx(self) -> str: ...
    def option(self, index: int) -> list[str]: ...
    def options(self) -> list[list[str]]: ...
    def option_cost(self, index: int) -> int:
        """The cost of option `index` (0 for an option without one)."""
    def costs(self) -> list[int]:
        """Every option's cost, in order."""
    @property
    def has_costs(self) -> bool: ...
    @property
    def items(self) -> list[str]: ...
    @property
    def secondary(self) -> list[str]: ...
    @property
    def bounds(self) -> dict[str, tuple[int, int]]: ...
    @property
    def warnings(self) -> list[str]: ...
    @property
    def stats(self) -> Optional[Stats]: ...
    def __len__(self) -> int: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def __copy__(self) -> Problem: ...
    def __deepcopy__(self, memo: Any) -> Problem: ...
    def count(
        self,
        # None: one thread per core, as dlx runs unless -j N; else 1 to 1024
        # (0 raises ValueError, as dlx -j 0 is refused).
        threads: Optional[int] = None,
        memo: bool = False,
        time_limit: Optional[float] = None,
        max_nodes: Optional[int] = None,
        # The branching rule: "mrv" (fewest options, the default), or
        # Knuth's learning rules "wtd" (SSXCC-WTD0) and "frb" (SSXCC-FRB0),
        # on one thread, without memo, for problems without bounds.
        heuristic: Heuristic = "mrv",
    ) -> Count: ...
    def first(
        self,
        time_limit: Optional[float] = None,
        max_nodes: Optional[int] = None,
        heuristic: Heuristic = "mrv",
    ) -> Optional[list[int]]: ...
    def solutions(
        self,
        limit: Optional[int] = None,
        seed: Optional[int] = None,
        heuristic: Heuristic = "mrv",
    ) -> Solutions: ...
    def diagram(
        self,
        order: str = "mrv",
        max_nodes: Optional[int] = None,
        memory: Optional[int] = None,
        time_limit: Optional[float] = None,
    ) -> Diagram:
        """The set of all solutions as a diagram (a ZDD), as dlx zdd builds it."""
    def best(
        self,
        k: int = 1,
        threads: Optional[int] = None,
        time_limit: Optional[float] = None,
        max_nodes: Optional[int] = None,
    ) -> Best:
        """The k cheapest solutions (Knuth's DLX5), as dlx solve --best K."""
    def estimate(
        self, probes: int = 10000, seed: int = 0, time_limit: Optional[float] = None
    ) -> Estimate:
        """Knuth's random-probe estimate of the search tree, as dlx estimate."""
    def reduce(self) -> Reduction:
        """The problem reduced as dlx reduce (Knuth's DLX-PRE), with the way back."""
    def verify(self, solution: Iterable[int], cost: Optional[int] = None) -> int:
        """The cost of a claimed solution; VerifyError names its first fault."""
    def split(
        self,
        tasks: Optional[int] = None,
        depth: Optional[int] = None,
        balance: bool = False,
        probes: Optional[int] = None,
        seed: Optional[int] = None,
    ) -> list[Task]: ...

class MergeError(DancingError):
    """Results of tasks that do not add up, whatever is rerun; `faults` names each."""

    faults: list[str]

@final
class Task:
    """A task of a split, bound to its problem and split (dlx split's task line)."""

    @staticmethod
    def from_line(line: str, split: str, digest: str) -> Task: ...
    def line(self) -> str: ...
    @property
    def id(self) -> str: ...
    @property
    def own(self) -> int: ...
    @property
    def path(self) -> str: ...
    @property
    def estimate(self) -> Optional[int]: ...
    @property
    def split(self) -> str: ...
    @property
    def digest(self) -> str: ...
    def run(
        self,
        problem: Problem,
        time_limit: Optional[float] = None,
        max_nodes: Optional[int] = None,
        threads: Optional[int] = None,
        solutions: bool = False,
        best: Optional[int] = None,
    ) -> TaskResult:
        """Runs the task: for its count, its solutions (solutions=True) or its K cheapest (best=K)."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

@final
class TaskResult:
    """The result of one task: dlx solve --tasks's JSON line."""

    @staticmethod
    def from_line(line: str) -> TaskResult: ...
    def to_line(self) -> str: ...
    @property
    def task(self) -> Task: ...
    @property
    def stop(self) -> str: ...
    @property
    def complete(self) -> bool: ...
    @property
    def solutions(self) -> Optional[int]: ...
    @property
    def nodes(self) -> Optional[int]: ...
    @property
    def updates(self) -> Optional[int]: ...
    @property
    def cleansings(self) -> Optional[int]: ...
    @property
    def max_depth(self) -> Optional[int]: ...
    @property
    def seconds(self) -> Optional[float]: ...
    @property
    def frontier(self) -> list[Task]: ...
    @property
    def error(self) -> Optional[str]: ...
    @property
    def found(self) -> Optional[list[list[list[str]]]]:
        """The solutions found, each option as its entries (Problem.option's form); None for a count."""
    def found_in(self, problem: Problem) -> Optional[list[list[int]]]:
        """The solutions found, as option indices of problem (as Problem.solutions gives them)."""
    @property
    def costs(self) -> Optional[list[int]]: ...
    @property
    def best(self) -> Optional[int]: ...
    def __eq__(self, other: object) -> bool: ...

@final
class Merge:
    """Where merged results stand: exact totals when complete, else what to rerun."""

    complete: bool
    status: str
    solutions: int
    nodes: int
    updates: int
    cleansings: int
    max_depth: int
    seconds: float
    tasks: int
    done: int
    stopped: int
    missing: list[str]
    not_started: list[tuple[str, str]]
    rerun: list[Task]
    duplicates: int
    split: str
    digest: str
    fraction_done: Optional[float]
    estimated_nodes_left: int
    tasks_left_unsized: int
    estimated_task_seconds_left: Optional[float]
    # Lists of option indices when merge was given the problem, else each
    # option as its entries; None for counts.
    found: Optional[list[Any]]
    costs: Optional[list[int]]
    best: Optional[int]

def merge(
    results: Iterable[Union[TaskResult, str]],
    tasks: Optional[Iterable[Task]] = None,
    problem: Optional[Problem] = None,
) -> Merge: ...
def write_tasks(tasks: Iterable[Task]) -> str: ...
def read_tasks(text: str) -> list[Task]: ...

sudoku: ModuleType
problems: ModuleType
