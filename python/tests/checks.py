"""Independent checks of solutions, and a brute force to count them:
written here from the definition of exact cover (with colors and bounds),
sharing nothing with the engine."""

from __future__ import annotations

from collections import Counter
from itertools import combinations


def parse_entry(entry: str) -> tuple[str, str | None]:
    name, _, color = entry.partition(":")
    return name, (color or None)


def is_solution(options, primary, secondary=(), bounds=None, chosen=()) -> bool:
    """Whether the options numbered `chosen` of `options` (lists of entries
    "x" or "x:color") cover every primary item within its bounds
    (default exactly once) and every secondary item at most once, or only
    by options that agree on its color."""
    bounds = bounds or {}
    chosen = list(chosen)
    if len(set(chosen)) != len(chosen):
        return False
    covered = Counter()
    colors: dict[str, list[str | None]] = {}
    for k in chosen:
        entries = [parse_entry(e) for e in options[k]]
        if not any(name in primary for name, _ in entries):
            return False  # an option without a primary item is never chosen
        for name, color in entries:
            if name in primary:
                covered[name] += 1
            else:
                colors.setdefault(name, []).append(color)
    for item in primary:
        low, high = bounds.get(item, (1, 1))
        if not low <= covered[item] <= high:
            return False
    for item, seen in colors.items():
        if len(seen) > 1 and (None in seen or len(set(seen)) > 1):
            return False
    return True


def brute_force(options, primary, secondary=(), bounds=None) -> set[tuple[int, ...]]:
    """Every solution, as a sorted tuple of option numbers, by trying every
    subset of the options."""
    found = set()
    n = len(options)
    for size in range(n + 1):
        for chosen in combinations(range(n), size):
            if is_solution(options, primary, secondary, bounds, chosen):
                found.add(chosen)
    return found


def sudoku_solves(solution: str, puzzle: str, box=(3, 3)) -> bool:
    """Whether `solution` (a line of digits) is a complete classic grid
    that keeps the givens of `puzzle` (a line, `.` or `0` for blanks)."""
    rows, cols = box
    n = rows * cols
    if len(solution) != n * n or len(puzzle) != n * n:
        return False
    digits = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[:n]
    grid = [solution[r * n:(r + 1) * n] for r in range(n)]
    units = [grid[r] for r in range(n)]
    units += ["".join(grid[r][c] for r in range(n)) for c in range(n)]
    for br in range(0, n, rows):
        for bc in range(0, n, cols):
            units.append("".join(grid[r][c] for r in range(br, br + rows) for c in range(bc, bc + cols)))
    if any(sorted(unit) != sorted(digits) for unit in units):
        return False
    return all(p in ".0" or p == s for p, s in zip(puzzle, solution))
