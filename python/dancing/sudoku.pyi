"""Type stubs of dancing.sudoku."""

from typing import Optional, Union

Box = Union[tuple[int, int], str]

def solve(puzzle: str, box: Optional[Box] = None, variant: Optional[str] = None) -> Optional[str]:
    """The solution of one puzzle (a line of digits), or None if it has none."""

def count(
    puzzle: str, limit: int = 2, box: Optional[Box] = None, variant: Optional[str] = None
) -> int:
    """The number of solutions, counting no further than limit."""

def generate(
    count: int, box: Optional[Box] = None, variant: Optional[str] = None, seed: Optional[int] = None
) -> list[str]:
    """count minimal puzzles with one solution each, as dlx sudoku --generate makes them."""
