"""Sudoku through the exact-cover engine: every size, the classic variants,
and every text format ``dlx sudoku`` reads.

>>> from dancing import sudoku
>>> puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
>>> sudoku.solve(puzzle)
'417369825632158947958724316825437169791586432346912758289643571573291684164875293'
>>> sudoku.count(puzzle)
1
>>> rating = sudoku.rate(puzzle)
>>> print(rating)
clues=17 singles=no search-effort=2857.1
>>> rating.singles, rating.clues
(False, 17)
>>> [str(rating) for _, rating in sudoku.generate(2, seed=42, rate=True)]
['clues=25 singles=no search-effort=78.0', 'clues=24 singles=no search-effort=167.0']
"""

from ._dancing import sudoku as _sudoku

solve = _sudoku.solve
count = _sudoku.count
generate = _sudoku.generate
rate = _sudoku.rate
Rating = _sudoku.Rating

__all__ = ["Rating", "count", "generate", "rate", "solve"]
