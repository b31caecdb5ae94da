"""Type stubs of dancing.problems."""

from typing import Iterable, Mapping, Optional, Sequence, Union

from ._dancing import Problem

Sums = Union[int, tuple[int, int]]
# A list of rows of ints, or a 2-D numpy array of ints.
CostMatrix = Sequence[Sequence[int]]

def queens(n: int) -> Problem: ...
def langford(n: int, up_to_reversal: bool = False) -> Problem: ...
def pentomino(board: str = "6x10", pieces: str = "pentominoes", up_to_symmetry: bool = False) -> Problem: ...
def dominoes(board: str) -> Problem: ...
def tiling(
    board: str, shapes: str = "trominoes", prices: Optional[Union[Mapping[str, int], str]] = None
) -> Problem:
    """Tilings by copies of shapes; prices ({"I": 1} or "I=1,L=2") give each copy its cost."""
def latin(n: int) -> Problem: ...
def sudoku_grids(rows: int, columns: int) -> Problem: ...
def partitions(n: int) -> Problem: ...
def matchings(points: int) -> Problem: ...
def debruijn(n: int) -> Problem: ...
def matrices(
    rows: int, columns: int, row_sums: Optional[Sums] = None, column_sums: Optional[Sums] = None
) -> Problem: ...
def words(rows: int, columns: int, words: Iterable[str], distinct: bool = False) -> Problem:
    """Word rectangles from a list of words (a str itself is refused: TypeError)."""

def assignment(
    n: Optional[int] = None,
    seed: Optional[int] = None,
    max_cost: Optional[int] = None,
    costs: Optional[CostMatrix] = None,
) -> Problem:
    """The assignment problem of dlx gen assignment: n workers with random costs
    (seed 0, max_cost 99 by default), or a square cost matrix."""
