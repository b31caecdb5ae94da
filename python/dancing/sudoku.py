"""Sudoku through the exact-cover engine: every size, the classic variants,
and every text format ``dlx sudoku`` reads.

>>> from dancing import sudoku
>>> puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
>>> sudoku.solve(puzzle)
'417369825632158947958724316825437169791586432346912758289643571573291684164875293'
>>> sudoku.count(puzzle)
1
"""

from ._dancing import sudoku as _sudoku

solve = _sudoku.solve
count = _sudoku.count
generate = _sudoku.generate

__all__ = ["count", "generate", "solve"]
