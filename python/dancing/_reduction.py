"""The result of ``Problem.reduce``: an equivalent, smaller problem."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable

if TYPE_CHECKING:
    from ._dancing import Problem


@dataclass(frozen=True)
class Reduction:
    """What ``Problem.reduce()`` gives, as ``dlx reduce`` writes it: the
    reduced ``problem`` (options that can be in no solution removed, items
    that others imply dropped; its solutions are the original's, option for
    option, with the same costs), and the way back: ``originals[i]`` (or
    ``original(i)``) is the original option that option ``i`` of the
    reduced problem is, and ``solution(s)`` maps a whole solution back.

    ``removed_options``, ``removed_items``, ``tightened_bounds`` (primary
    items that took narrower bounds from an item merged into them),
    ``forced_items_kept`` (pairs left alone because colors or bounds make
    merging them unsound) and ``rounds`` say what was done; ``complete`` is
    False when the reductions' work budget (about 512 steps per entry) ran
    out first: the problem is then reduced less, never wrongly. ``str()``
    is the summary ``dlx reduce`` prints. A Reduction compares, pickles
    and copies by value.
    """

    problem: Problem
    originals: tuple[int, ...]
    removed_options: int
    removed_items: int
    tightened_bounds: int
    forced_items_kept: int
    rounds: int
    complete: bool
    summary: str

    def original(self, option: int) -> int:
        """The original option that option ``option`` of the reduced
        problem is (IndexError past its last)."""
        return self.originals[option]

    def solution(self, solution: Iterable[int]) -> list[int]:
        """A solution of the reduced problem as the original's options, in
        the same order."""
        return [self.originals[option] for option in solution]

    def __str__(self) -> str:
        return self.summary
