"""Type stubs of dancing.sudoku."""

from typing import Literal, Optional, Union, overload

Box = Union[tuple[int, int], str]

class Rating:
    """How hard a puzzle with one solution is for the search, as dlx sudoku --rate
    rates it; str() is the command's words (clues=24 singles=no search-effort=58.0).
    Compares, hashes and pickles by value."""

    def __init__(self, clues: int, singles: bool, search_effort: float) -> None: ...
    @property
    def clues(self) -> int: ...
    @property
    def singles(self) -> bool: ...
    @property
    def search_effort(self) -> float: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

def solve(puzzle: str, box: Optional[Box] = None, variant: Optional[str] = None) -> Optional[str]:
    """The solution of one puzzle (a line of digits), or None if it has none."""

def count(
    puzzle: str, limit: int = 2, box: Optional[Box] = None, variant: Optional[str] = None
) -> int:
    """The number of solutions, counting no further than limit."""

def rate(puzzle: str, box: Optional[Box] = None, variant: Optional[str] = None) -> Rating:
    """The rating of one puzzle with exactly one solution (SudokuError otherwise)."""

@overload
def generate(
    count: int,
    box: Optional[Box] = None,
    variant: Optional[str] = None,
    seed: Optional[int] = None,
    rate: Literal[False] = False,
) -> list[str]:
    """count minimal puzzles with one solution each, as dlx sudoku --generate makes them."""

@overload
def generate(
    count: int,
    box: Optional[Box] = None,
    variant: Optional[str] = None,
    seed: Optional[int] = None,
    *,
    rate: Literal[True],
) -> list[tuple[str, Rating]]:
    """The same puzzles, each with its rating, as dlx sudoku --generate --rate."""
