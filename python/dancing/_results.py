"""The result of ``Problem.count``: an int that says whether it is whole."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ._dancing import Stats


class Count(int):
    """The number of solutions a count found, with its search's figures.

    A ``Count`` is an ``int``; ``complete`` says whether the whole search
    tree was explored. A count stopped by ``time_limit`` or ``max_nodes``
    is a lower bound: ``complete`` is False, ``stop`` says why
    ("max-nodes", "time-limit"), and its repr says so too.
    """

    stats: Stats

    def __new__(cls, value: int, stats: Stats) -> Count:
        self = super().__new__(cls, value)
        self.stats = stats
        return self

    @property
    def complete(self) -> bool:
        """Whether the count is exact (the search ran to its end)."""
        return self.stats.complete

    @property
    def stop(self) -> str:
        """Why the search ended: "complete", "max-nodes", "time-limit", ..."""
        return self.stats.stop

    def __repr__(self) -> str:
        if self.complete:
            return int.__repr__(self)
        return f"Count({int(self)}, complete=False, stop={self.stop!r})"

    # Pickled and copied with its figures, so that a partial count stays
    # one (equal to the original, as an int); arithmetic gives plain ints.
    def __reduce__(self):  # type: ignore[override]
        return (Count, (int(self), self.stats))
