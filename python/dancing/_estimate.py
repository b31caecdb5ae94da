"""The result of ``Problem.estimate``: Knuth's estimate of a search tree."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional

if TYPE_CHECKING:
    from ._dancing import Stats


@dataclass(frozen=True)
class Figure:
    """One estimated figure: the ``mean`` over the probes (the estimate)
    and its ``std_error`` (the standard error of the mean). A mean past
    the range of a float is ``math.inf`` (``dlx estimate --json`` writes
    null): the tree is beyond counting."""

    mean: float
    std_error: float

    @property
    def relative_error(self) -> float:
        """The standard error as a fraction of the mean (0 when the mean is)."""
        return self.std_error / self.mean if self.mean else 0.0


@dataclass(frozen=True)
class Estimate:
    """Knuth's estimate of a problem's search tree, as ``dlx estimate``
    gives it: ``probes`` random paths followed (of ``probes_asked``, drawn
    from ``seed``), the estimated ``nodes``, ``updates`` and ``solutions``
    (each a ``Figure``), and the deepest level a probe reached
    (``max_depth``).

    ``exact``: when the search itself, run alongside the probes, ended
    first, its figures (a ``Stats``; its ``time`` is the whole call's), and
    the figures above are those, with standard errors 0; else None. An
    Estimate compares, pickles and copies by value.
    """

    probes: int
    probes_asked: int
    seed: int
    nodes: Figure
    updates: Figure
    solutions: Figure
    max_depth: int
    exact: Optional[Stats]
