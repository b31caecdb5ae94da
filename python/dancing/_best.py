"""The result of ``Problem.best``: the cheapest solutions, with their costs."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable, Iterator, overload

if TYPE_CHECKING:
    from ._dancing import Stats


class CostedSolution(list):
    """A solution, as ``solutions()`` gives one (a list of option indices,
    in the order the search chose them), with its ``cost``: the sum of its
    options' costs (``Problem.option_cost``).

    It compares equal to another ``CostedSolution`` with the same options
    and cost, and to a plain list of the same options; it pickles and
    copies with its cost.
    """

    cost: int

    def __init__(self, options: Iterable[int], cost: int) -> None:
        super().__init__(options)
        self.cost = cost

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CostedSolution) and self.cost != other.cost:
            return False
        return list.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = None  # type: ignore[assignment]  # a list: mutable

    def __repr__(self) -> str:
        return f"CostedSolution({list.__repr__(self)}, cost={self.cost})"

    def __reduce__(self):  # type: ignore[override]
        return (CostedSolution, (list(self), self.cost))


@dataclass(frozen=True, eq=True)
class Best:
    """The cheapest solutions ``Problem.best(k)`` found, as ``dlx solve
    --best K`` reports them.

    ``solutions``: at most ``k`` ``CostedSolution``, cheapest first (also
    what iterating, indexing and ``len`` give). ``proven``: whether the
    search ran to its end, so that they are the problem's ``k`` best (and
    the first is the optimum); False when ``time_limit`` or ``max_nodes``
    stopped it, then ``stop`` says which. ``stats``: the search's figures,
    where ``solutions`` counts the improvements found on the way (as
    ``dlx``'s ``improvements``). A Best compares, pickles and copies by
    value.
    """

    solutions: list[CostedSolution]
    proven: bool
    stats: Stats

    @property
    def costs(self) -> list[int]:
        """The solutions' costs, cheapest first."""
        return [solution.cost for solution in self.solutions]

    @property
    def cost(self) -> int | None:
        """The cost of the cheapest solution found (the optimum when
        ``proven``), or None if none was found."""
        return self.solutions[0].cost if self.solutions else None

    @property
    def stop(self) -> str:
        """Why the search ended: "complete", "max-nodes", "time-limit", ..."""
        return self.stats.stop

    def __len__(self) -> int:
        return len(self.solutions)

    def __iter__(self) -> Iterator[CostedSolution]:
        return iter(self.solutions)

    @overload
    def __getitem__(self, index: int) -> CostedSolution: ...
    @overload
    def __getitem__(self, index: slice) -> list[CostedSolution]: ...
    def __getitem__(self, index):
        return self.solutions[index]

    def __repr__(self) -> str:
        proven = "" if self.proven else f", proven=False, stop={self.stop!r}"
        return f"Best(costs={self.costs}{proven})"
