"""The branching rule of count, first and solutions (`heuristic=`): Knuth's
learning rules walk his SSXCC-WTD0 and SSXCC-FRB0 trees node for node,
list the solutions the default search lists, keep to their budgets, and
refuse in Python's words what they cannot do."""

from __future__ import annotations

import itertools
import random

import pytest

import dancing
from checks import brute_force
from conftest import DATA, dlx_summary

# (file, solutions, nodes, updates) as Knuth's programs print them on the
# repository's reference files: the tables of
# crates/dancing/tests/engine/heuristics.rs, from `ssxcc-wtd0 < FILE` and
# `ssxcc-frb0 < FILE`, built from ascherer/cwebtest with
# `ctangle ./ssxcc.w ./ssxcc-wtd0.ch ssxcc-wtd0.c` (and ssxcc-frb0.ch) and
# `gcc -O2 ssxcc-wtd0.c gb_flip.c`.
SSXCC_WTD0 = [
    ("colors.dlx", 1, 3, 16),
    ("debruijn3.dlx", 16, 105, 2149),
    ("debruijn4.dlx", 256, 2756, 105301),
    ("queens6.dlx", 4, 68, 1778),
    ("queens8.dlx", 92, 945, 19629),
    ("queens10.dlx", 724, 11468, 258723),
    ("queens12.dlx", 14200, 225264, 4909480),
    ("langford7.dlx", 52, 489, 8002),
    ("langford8.dlx", 300, 2374, 36351),
    ("pentomino3x20.dlx", 8, 21460, 19995178),
    ("latin4.dlx", 576, 4603, 33487),
    ("sudoku4x4_grids.dlx", 288, 2227, 23335),
]
SSXCC_FRB0 = [
    ("colors.dlx", 1, 3, 16),
    ("debruijn3.dlx", 16, 105, 2309),
    ("debruijn4.dlx", 256, 2904, 114316),
    ("queens6.dlx", 4, 64, 1619),
    ("queens8.dlx", 92, 966, 19837),
    ("queens10.dlx", 724, 13270, 308229),
    ("queens12.dlx", 14200, 247031, 5514031),
    ("langford7.dlx", 52, 484, 8307),
    ("langford8.dlx", 300, 2702, 43228),
    ("pentomino3x20.dlx", 8, 6850, 7296120),
    ("latin4.dlx", 576, 4650, 33936),
    ("sudoku4x4_grids.dlx", 288, 2218, 23335),
]
KNUTH = [("wtd", *row) for row in SSXCC_WTD0] + [("frb", *row) for row in SSXCC_FRB0]

# Files small enough to list whole under each rule.
LISTED = ["colors.dlx", "debruijn3.dlx", "queens6.dlx", "queens8.dlx", "langford7.dlx", "latin4.dlx"]
RULES = ["wtd", "frb"]


def read(name: str) -> dancing.Problem:
    return dancing.Problem.from_file(DATA / name)


@pytest.mark.parametrize(
    ("rule", "name", "solutions", "nodes", "updates"), KNUTH, ids=lambda v: str(v)
)
def test_counts_walk_knuths_trees(rule, name, solutions, nodes, updates):
    count = read(name).count(heuristic=rule)
    assert count == solutions and count.complete
    assert (count.stats.nodes, count.stats.updates) == (nodes, updates)
    assert count.stats.search == f"cells-{rule}"
    # One thread, as a learning rule searches, without asking for it.
    assert count.stats.threads == 1


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("name", ["queens8.dlx", "langford8.dlx", "colors.dlx", "latin4.dlx"])
def test_counts_are_dlx_solves_under_the_same_heuristic(dlx, rule, name):
    summary = dlx_summary(dlx, DATA / name, "--heuristic", rule)
    count = read(name).count(heuristic=rule)
    assert summary["search"] == count.stats.search == f"cells-{rule}"
    assert (summary["solutions"], summary["nodes"], summary["updates"]) == (
        count,
        count.stats.nodes,
        count.stats.updates,
    )


@pytest.mark.parametrize("rule", RULES)
def test_the_default_names_its_search(rule):
    problem = read("queens8.dlx")
    for count in (problem.count(), problem.count(heuristic="mrv"), problem.count(threads=1)):
        assert count == 92 and count.stats.search == "links"
    # The learning rule's tree is not the fewest-options one.
    assert problem.count(heuristic=rule).stats.nodes != problem.count(threads=1).stats.nodes


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("name", LISTED)
def test_listings_find_the_defaults_solutions(rule, name):
    problem = read(name)
    default = {tuple(sorted(s)) for s in problem.solutions()}
    found = [tuple(sorted(s)) for s in problem.solutions(heuristic=rule)]
    assert len(found) == len(set(found)) and set(found) == default
    for solution in found:
        problem.verify(list(solution))
    # The whole listing walks the count's tree.
    stats = problem.stats
    count = problem.count(heuristic=rule)
    assert stats.search == f"cells-{rule}" and stats.complete
    assert (stats.solutions, stats.nodes, stats.updates) == (
        count,
        count.stats.nodes,
        count.stats.updates,
    )


@pytest.mark.parametrize("rule", RULES)
def test_a_shuffled_listing_finds_them_too(rule):
    problem = read("queens8.dlx")
    default = {tuple(sorted(s)) for s in problem.solutions()}
    for seed in (1, 2):
        assert {tuple(sorted(s)) for s in problem.solutions(heuristic=rule, seed=seed)} == default


@pytest.mark.parametrize("rule", RULES)
def test_a_listing_pauses_and_stops(rule):
    problem = read("queens8.dlx")
    generator = problem.solutions(heuristic=rule)
    taken = list(itertools.islice(generator, 5))
    assert len(taken) == 5
    assert generator.stats.stop == "running" and generator.stats.solutions == 5
    assert generator.stats.search == f"cells-{rule}"
    del generator
    assert problem.stats.stop == "interrupted" and problem.stats.search == f"cells-{rule}"
    limited = list(problem.solutions(limit=7, heuristic=rule))
    assert len(limited) == 7 and problem.stats.stop == "max-solutions"
    # The first solutions of the rule's tree, in its order.
    assert limited[:5] == taken


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("seed", range(25))
def test_random_colored_problems_list_what_the_brute_force_finds(rule, seed):
    rng = random.Random(seed)
    primary = [f"p{k}" for k in range(rng.randint(1, 4))]
    secondary = [f"s{k}" for k in range(rng.randint(0, 2))]
    options = []
    for _ in range(rng.randint(1, 9)):
        entries = [i for i in primary if rng.random() < 0.4]
        entries += [f"{s}:{rng.choice('ab')}" if rng.random() < 0.5 else s for s in secondary if rng.random() < 0.4]
        options.append(entries)
    problem = dancing.Problem(primary, options, secondary=secondary)
    found = [tuple(sorted(s)) for s in problem.solutions(heuristic=rule)]
    assert len(found) == len(set(found))
    assert set(found) == brute_force(options, set(primary), set(secondary))
    assert problem.count(heuristic=rule) == len(found)


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("name", ["queens8.dlx", "langford7.dlx", "colors.dlx"])
def test_first_is_the_rules_first_solution(rule, name):
    problem = read(name)
    first = problem.first(heuristic=rule)
    assert first is not None
    problem.verify(first)
    assert problem.stats.search == f"cells-{rule}" and problem.stats.stop == "max-solutions"
    assert first == next(iter(problem.solutions(heuristic=rule)))


@pytest.mark.parametrize("rule", RULES)
def test_budgets_stop_and_say_so(rule):
    problem = read("queens10.dlx")
    count = problem.count(heuristic=rule, max_nodes=500)
    assert not count.complete and count.stop == "max-nodes"
    assert count.stats.search == f"cells-{rule}" and count < 724
    assert repr(count) == f"Count({int(count)}, complete=False, stop='max-nodes')"
    assert problem.first(heuristic=rule, max_nodes=2) is None
    assert problem.stats.stop == "max-nodes"
    # Far too many solutions to count in a twentieth of a second.
    slow = dancing.problems.langford(16)
    count = slow.count(heuristic=rule, time_limit=0.05)
    assert not count.complete and count.stop == "time-limit"
    assert count.stats.search == f"cells-{rule}" and count.stats.time < 5


def bounded() -> dancing.Problem:
    return dancing.Problem(["a", "b"], [["a"], ["a"], ["b"], ["a", "b"]], bounds={"a": (1, 2)})


@pytest.mark.parametrize("rule", RULES)
def test_refusals_raise_value_errors(rule):
    problem = read("queens6.dlx")
    with pytest.raises(ValueError, match=r'heuristic must be "mrv" \(fewest options\), "wtd" \(Knuth\'s SSXCC-WTD0\) or "frb" \(SSXCC-FRB0\), not "fewest"'):
        problem.count(heuristic="fewest")
    for call in (problem.first, problem.solutions):
        with pytest.raises(ValueError, match="heuristic must be"):
            call(heuristic="WTD")
    with pytest.raises(ValueError, match=rf"heuristic=\"{rule}\" searches on one thread.*threads=2"):
        problem.count(heuristic=rule, threads=2)
    assert problem.count(heuristic=rule, threads=1) == 4
    with pytest.raises(ValueError, match=rf"heuristic=\"{rule}\" cannot be combined with memo=True"):
        problem.count(heuristic=rule, memo=True)
    with pytest.raises(ValueError, match="threads must be at least 1"):
        problem.count(heuristic=rule, threads=0)


@pytest.mark.parametrize("rule", RULES)
def test_multiplicities_are_only_searched_by_mrv(rule):
    problem = bounded()
    message = rf"heuristic=\"{rule}\": the problem has items with multiplicities \(bounds\), " \
              r"which only heuristic=\"mrv\" searches"
    for call in (problem.count, problem.first, problem.solutions):
        with pytest.raises(ValueError, match=message):
            call(heuristic=rule)
    # The fewest-options rule searches them, on the links.
    count = problem.count(heuristic="mrv")
    assert count == len(brute_force([["a"], ["a"], ["b"], ["a", "b"]], {"a", "b"}, (), {"a": (1, 2)}))
    assert count.stats.search == "links"
