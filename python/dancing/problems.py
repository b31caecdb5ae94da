"""The classic exact-cover problems of ``dlx gen``, as ``Problem`` objects.

>>> from dancing import problems
>>> problems.queens(8).count()
92
>>> problems.langford(7).count()
52

With costs, as ``dlx gen assignment`` and ``dlx gen tiling --prices``:

>>> problems.assignment(costs=[[4, 1, 3], [2, 0, 5], [3, 2, 2]]).best().cost
5
>>> problems.tiling("2x6", prices={"I": 1, "L": 2}).best(3).costs
[4, 6, 6]
"""

from ._dancing import problems as _problems

assignment = _problems.assignment
queens = _problems.queens
langford = _problems.langford
pentomino = _problems.pentomino
dominoes = _problems.dominoes
tiling = _problems.tiling
latin = _problems.latin
sudoku_grids = _problems.sudoku_grids
partitions = _problems.partitions
matchings = _problems.matchings
debruijn = _problems.debruijn
matrices = _problems.matrices
words = _problems.words

__all__ = [
    "assignment",
    "debruijn",
    "dominoes",
    "langford",
    "latin",
    "matchings",
    "matrices",
    "partitions",
    "pentomino",
    "queens",
    "sudoku_grids",
    "tiling",
    "words",
]
